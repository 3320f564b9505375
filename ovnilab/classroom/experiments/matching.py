"""Who meets whom in a round (perfect strangers or partners), and what a bot seat chooses.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ...core import derive_seed
from .definitions import Experiment, Matching

# ======================================================================
# Pairing and bots
# ======================================================================

Seat = str | None  # a participant, or None for the bot that fills an odd class


def _circle_round(seats: Sequence[Seat], k: int) -> list[tuple[Seat, Seat]]:
    """Round ``k`` (0-based) of the circle method over an even number of seats: the first
    seat stays, the others turn one place a round, and the seats facing each other meet.
    Over ``len(seats) - 1`` rounds every two seats meet exactly once."""
    m = len(seats)
    rest = list(seats[1:])
    k %= m - 1
    line = [seats[0], *rest[k:], *rest[:k]]
    return [(line[i], line[m - 1 - i]) for i in range(m // 2)]


def _unmet_pairing(seats: Sequence[Seat], met: set[frozenset[Seat]], rng: random.Random,
                   budget: int = 20_000) -> list[tuple[Seat, Seat]] | None:
    """A pairing of ``seats`` (an even number) in which no two have met, by depth-first
    search with the partners tried in a random order; None if there is none or the
    search gives up after ``budget`` steps."""
    order = {s: rng.random() for s in seats}
    steps = 0

    def search(free: list[Seat]) -> list[tuple[Seat, Seat]] | None:
        nonlocal steps
        if not free:
            return []
        first, others = free[0], free[1:]
        for other in sorted(others, key=order.__getitem__):
            steps += 1
            if steps > budget:
                return None
            if frozenset((first, other)) in met:
                continue
            rest = search([s for s in others if s != other])
            if rest is not None:
                return [(first, other), *rest]
        return None

    return search(sorted(seats, key=order.__getitem__))


def rounds_without_repeats(n_students: int) -> int:
    """How many rounds ``"strangers"`` (:func:`pair_up`) gives a class of ``n_students``
    before anyone meets an opponent again: n - 1 for an even class, n for an odd one (its
    bot is one more seat, met by one student a round)."""
    if isinstance(n_students, bool) or not isinstance(n_students, int) or n_students < 1:
        raise ValueError(f"n_students must be a positive whole number, got {n_students!r}")
    return n_students - 1 + n_students % 2


def pair_up(participants: Sequence[str], round_no: int, matching: Matching, seed: int,
            symmetric: bool, met: Iterable[tuple[str | None, str | None]] | None = None
            ) -> list[tuple[str, str | None]]:
    """Who plays whom in round ``round_no`` (1-based): ``(row participant, column
    participant)`` pairs, ``None`` in the column when a bot plays that side.

    * ``"strangers"``: **perfect strangers**, as experimental economics uses the word:
      nobody meets the same opponent twice while the class is large enough. The rounds
      follow a round-robin schedule (the circle method) over the participants in a seeded
      random order, the bot of an odd class counting as one more seat: with n
      participants (n + 1 when n is odd) the first n - 1 rounds pair everyone with a new
      opponent each round, and a class plays more rounds than that only by meeting
      someone again (the schedule then starts over in a new random order). In an
      asymmetric game each pair's roles are drawn at random every round.
    * ``"partners"``: the same pairs for the whole session. In an asymmetric game the
      roles alternate: odd rounds as drawn, even rounds swapped, so every partner plays
      both roles equally often (a class sees both sides of the table, and role and round
      are not confounded). The participant left over by an odd count keeps the bot as
      partner and the row role (the bot always takes the column side).

    Deterministic from ``(seed, round_no, sorted participants)``: the order the names
    arrive in does not matter, but the set does: the schedule is the set's (pass the same
    set every round). When the set changes between rounds (a late arrival, a removed
    name), pass ``met``, the pairs of the earlier rounds (``(row, column)`` in any
    order; ``None`` for the bot): if this round's scheduled pairs repeat one of them, a
    pairing that repeats none is searched for and used when one exists. An odd
    participant is paired with ``None``, listed last.
    """
    people = sorted(participants)
    if len(set(people)) != len(people):
        raise ValueError("participants must be distinct")
    if any(not isinstance(p, str) or not p for p in people):
        raise ValueError("participants must be non-empty strings")
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise ValueError(f"round_no is 1-based, got {round_no!r}")
    if matching not in ("strangers", "partners"):
        raise ValueError(f"matching must be 'strangers' or 'partners', got {matching!r}")
    if not people:
        return []
    if matching == "partners":
        rng = random.Random(derive_seed(seed, 0))
        rng.shuffle(people)
        meetings: list[tuple[Seat, Seat]] = [(people[k], people[k + 1]) for k in range(0, len(people) - 1, 2)]
        if len(people) % 2:
            meetings.append((people[-1], None))
    else:
        seats: list[Seat] = [*people, None] if len(people) % 2 else list(people)
        cycle, k = divmod(round_no - 1, len(seats) - 1)
        random.Random(derive_seed(seed, -1 - cycle)).shuffle(seats)  # one random order per schedule
        meetings = _circle_round(seats, k)
        seen = {frozenset(pair) for pair in met or ()}
        if any(frozenset(pair) in seen for pair in meetings):
            fresh = _unmet_pairing(seats, seen, random.Random(derive_seed(seed, -1 - 7919 * round_no)))
            meetings = fresh if fresh is not None else meetings
        rng = random.Random(derive_seed(seed, round_no))
    pairs: list[tuple[str, str | None]] = []
    alone: list[tuple[str, str | None]] = []
    for a, b in meetings:
        if a is None or b is None:
            alone.append((b if a is None else a, None))  # type: ignore[arg-type]
            continue
        if not symmetric:
            swap = rng.random() < 0.5
            if matching == "partners" and round_no % 2 == 0:
                swap = not swap
            if swap:
                a, b = b, a
        pairs.append((a, b))
    return pairs + alone


def bot_choice(exp: Experiment, role: int, rng: random.Random) -> str:
    """A bot's choice in ``role``: a draw from the lesson's equilibrium mix.

    The equilibrium is the lesson's prediction of play, a student cannot exploit it
    (every strategy the student could pick does no better than the equilibrium's), and
    a bot that plays it adds no behaviour of its own to the class's data.
    """
    mix = exp.equilibrium()[exp._role(role)]
    return rng.choices(list(mix), weights=[float(p) for p in mix.values()])[0]
