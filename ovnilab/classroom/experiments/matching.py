"""Who meets whom in a round (strangers or partners), and what a bot seat chooses.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core import derive_seed
from .definitions import Experiment, Matching

# ======================================================================
# Pairing and bots
# ======================================================================


def pair_up(participants: Sequence[str], round_no: int, matching: Matching, seed: int,
            symmetric: bool) -> list[tuple[str, str | None]]:
    """Who plays whom in round ``round_no`` (1-based): ``(row participant, column
    participant)`` pairs, ``None`` in the column when a bot plays that side.

    * ``"strangers"``: a fresh random pairing every round (random rematching, as in
      oTree's random groups; meeting the same person again is allowed), and in an
      asymmetric game a fresh random role for each pair.
    * ``"partners"``: the same pairs for the whole session. In an asymmetric game the
      roles alternate: odd rounds as drawn, even rounds swapped, so every partner plays
      both roles equally often (a class sees both sides of the table, and role and round
      are not confounded). The participant left over by an odd count keeps the bot as
      partner and the row role (the bot always takes the column side).

    Deterministic from ``(seed, round_no, sorted participants)``: the order the names
    arrive in does not matter, but the set does (partners are formed from the set given:
    pass the same set every round). An odd participant is paired with ``None``, listed last.
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
    rng = random.Random(derive_seed(seed, round_no if matching == "strangers" else 0))
    rng.shuffle(people)
    pairs: list[tuple[str, str | None]] = []
    for k in range(0, len(people) - 1, 2):
        a, b = people[k], people[k + 1]
        if not symmetric:
            swap = rng.random() < 0.5
            if matching == "partners" and round_no % 2 == 0:
                swap = not swap
            if swap:
                a, b = b, a
        pairs.append((a, b))
    if len(people) % 2:
        pairs.append((people[-1], None))
    return pairs


def bot_choice(exp: Experiment, role: int, rng: random.Random) -> str:
    """A bot's choice in ``role``: a draw from the lesson's equilibrium mix.

    The equilibrium is the lesson's prediction of play, a student cannot exploit it
    (every strategy the student could pick does no better than the equilibrium's), and
    a bot that plays it adds no behaviour of its own to the class's data.
    """
    mix = exp.equilibrium()[exp._role(role)]
    return rng.choices(list(mix), weights=[float(p) for p in mix.values()])[0]
