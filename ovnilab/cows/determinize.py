"""Determinizations of the cow game: full states sampled from what one seat knows.

Search bots (:class:`ovnilab.cows.bots.MCTSBot`, the greedy bot's samples) must never see
the true state. They ask for a *determinization*: a state that shows the seat exactly what
it sees now, with everything hidden from it drawn at random from its posterior.

What is hidden in this game
    Each face is printed on two cards with different backs, so a visible face does not say
    which physical card it is; hence hidden are (1) the back of every visible card whose
    back the seat has not seen, (2) the order of the deck below its top card, and (3)
    which cards those are and which way up they lie. Everything else (faces on the table,
    hands, the Celeiro, sizes, who has seen which back) is public.

What the seat knows that narrows it down
    * every visible face, and the backs it has seen (a flip in view, a ``peek``);
    * the card list (``data/cows/cards.toml`` is public).

What the seat does NOT know: how many cards lie "side B up". The printed cards have no
marked side, and they come out of the box any way up, so splitting the deck and turning
one half over (the rulebook's set-up) leaves every card's orientation a fair coin,
independent of the others (the engine deals exactly so). A model that counted "exactly
half the cards turned" would use a fact no player at the table has (issue 12).

The posterior is uniform over the arrangements consistent with what the seat sees (every
deal is equally likely; we ignore what the opponent's choices might betray of a back that
only the opponent has peeked at). Sampling is exact. Visible cards whose candidate
physical cards overlap form small *groups* (a run of neighbouring faces on the card
ring), whose consistent assignments are enumerated once per information state and
cached; groups are independent of each other, and the unknown deck cards lie in a
uniformly random order, each either way up.

Fallback: a hand-edited card set with so many look-alike cards that a group exceeds
:data:`ENUMERATION_LIMIT` is sampled by a randomized search (consistent with the
observation, not exactly uniform).

The determinization's future chance is reseeded and it is marked as an arranged position
(:meth:`~ovnilab.core.GameState.mark_arranged`): it has no history of its own, so it can
be searched but not saved or replayed as the real game.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from .rules import State

__all__ = ["determinize", "belief", "Belief", "ENUMERATION_LIMIT", "relabelled"]

#: a connected group of look-alike visible cards with more consistent assignments than
#: this is sampled by a randomized search instead (never reached by the ovnilab set:
#: a group is a run of neighbouring faces on the card ring, a few dozen assignments)
ENUMERATION_LIMIT = 20_000


# ======================================================================
# What the seat knows: visible positions and their public constraints
# ======================================================================


def _positions(s: State) -> list[tuple[tuple[Any, ...], int]]:
    """Every card position of the table with the card lying there (deck first)."""
    out: list[tuple[tuple[Any, ...], int]] = [(("deck", i), c) for i, c in enumerate(s.deck)]
    for a, pile in enumerate(s.cel):
        out += [(("cel", a, i), c) for i, c in enumerate(pile)]
    out += [(("drawn", i), c) for i, c in enumerate(s.drawn)]
    for p in (0, 1):
        out += [(("hand", p, i), c) for i, c in enumerate(s.hand[p])]
        out += [(("pyr", p, i), c) for i, c in enumerate(s.pyr[p]) if c >= 0]
    return out


_CARD_SETS: dict[int, tuple[Any, dict[int, tuple[tuple[int, int], ...]], tuple[int, ...]]] = {}


def _card_set(s: State) -> tuple[dict[int, tuple[tuple[int, int], ...]], tuple[int, ...]]:
    """face -> the (card, side up) pairs showing it, and face_of (cached per card set)."""
    t = s._t
    hit = _CARD_SETS.get(id(t))
    if hit is None or hit[0] is not t:
        by_face: dict[int, list[tuple[int, int]]] = {}
        for c in range(s.cards.num_cards):
            for u in (0, 1):
                by_face.setdefault(t.face_of[2 * c + u], []).append((c, u))
        hit = _CARD_SETS[id(t)] = (t, {f: tuple(v) for f, v in by_face.items()}, tuple(t.face_of))
    return hit[1], hit[2]


def _visible_cards(s: State) -> list[int]:
    """The cards a seat sees, in the order of :func:`_visible_positions`."""
    out = s.deck[:1]
    for pile in s.cel:
        out += pile
    out += s.drawn
    for p in (0, 1):
        out += s.hand[p]
        out += [c for c in s.pyr[p] if c >= 0]
    return out


def _visible_positions(s: State) -> list[tuple[Any, ...]]:
    """Names of the visible card positions (``("hand", 0, 1)``: seat 0's second hand card)."""
    return [pos for pos, _ in _positions(s) if not (pos[0] == "deck" and pos[1] > 0)]


def _constraints(s: State, seat: int) -> tuple[list[int], tuple]:
    """The public constraints: the visible cards (engine bookkeeping, never part of a key)
    and, per card, (face, seen back or -1)."""
    fo = s._t.face_of
    up = s.up
    seen = s.seen
    bit = 1 << seat
    cards = _visible_cards(s)
    cons = tuple((fo[2 * c + up[c]], fo[2 * c + 1 - up[c]] if seen[c] & bit else -1) for c in cards)
    return cards, cons


# ======================================================================
# The posterior: independent groups of look-alike cards
# ======================================================================


class _TooMany(Exception):
    pass


class _Model:
    """The posterior for one information state, keyed by its sorted constraints.

    Visible positions whose candidate cards overlap form a *group*; each group's
    consistent assignments (a distinct card and side for each of its positions) are
    listed, and every one is equally likely. Groups are independent: a sample picks one
    assignment per group, uniformly."""

    def __init__(self, cons: tuple, by_face: dict, face_of: tuple) -> None:
        options = [[(c, u) for c, u in by_face.get(face, ()) if back < 0 or face_of[2 * c + 1 - u] == back]
                   for face, back in cons]
        if any(not o for o in options):
            raise RuntimeError("a visible face matches no card of the card set")
        # groups: union-find over positions that share a candidate card
        parent = list(range(len(cons)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        owner: dict[int, int] = {}
        for k, opts in enumerate(options):
            for c, _u in opts:
                if c in owner:
                    parent[find(k)] = find(owner[c])
                else:
                    owner[c] = k
        members: dict[int, list[int]] = {}
        for k in range(len(cons)):
            members.setdefault(find(k), []).append(k)
        self.groups: list[tuple[tuple[int, ...], list[tuple[tuple[int, int], ...]]]] = [
            (tuple(ks), self._enumerate(ks, options)) for ks in members.values()]
        self.n_positions = len(cons)

    @staticmethod
    def _enumerate(ks: list[int], options: list) -> list[tuple[tuple[int, int], ...]]:
        order = sorted(range(len(ks)), key=lambda i: len(options[ks[i]]))
        found: list[tuple[tuple[int, int], ...]] = []
        pick: list[Any] = [None] * len(ks)

        def rec(j: int, used: int) -> None:
            if j == len(order):
                if len(found) >= ENUMERATION_LIMIT:
                    raise _TooMany
                found.append(tuple(pick))
                return
            i = order[j]
            for c, u in options[ks[i]]:
                if not used >> c & 1:
                    pick[i] = (c, u)
                    rec(j + 1, used | 1 << c)

        rec(0, 0)
        if not found:
            raise RuntimeError("no arrangement of the cards matches what this seat sees")
        return found

    def sample(self, rng: random.Random) -> list[tuple[int, int]]:
        """One assignment (a card and its side up per sorted constraint)."""
        out: list[Any] = [None] * self.n_positions
        for ks, picks in self.groups:
            pick = picks[rng.randrange(len(picks))] if len(picks) > 1 else picks[0]
            for k, cu in zip(ks, pick):
                out[k] = cu
        return out


@functools.lru_cache(maxsize=512)
def _model(cons: tuple, cards_id: int) -> _Model:
    t, by_face, face_of = _CARD_SETS[cards_id]
    return _Model(cons, by_face, face_of)


def _model_for(s: State, seat: int) -> tuple[list[int], list[int], _Model | None, tuple]:
    """The visible cards, the permutation that sorts their constraints, and the model
    (None when a group is too ambiguous to enumerate)."""
    cards, cons = _constraints(s, seat)
    _card_set(s)
    order = sorted(range(len(cons)), key=cons.__getitem__)
    key = tuple([cons[k] for k in order])
    try:
        model = _model(key, id(s._t))
    except _TooMany:
        model = None
    return cards, order, model, key


class Belief:
    """A seat's exact posterior over the cards behind what it sees (a lesson helper).

    ``positions`` are the visible card positions (``("hand", 0, 1)``: seat 0's second hand
    card; ``("pyr", 1, 0)``: seat 1's row-1 card; ``("cel", 0, 2)``, ``("drawn", 0)``,
    ``("deck", 0)`` for the visible top card). :meth:`back_distribution` answers "what is
    behind this card?" exactly.
    """

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        _cards, order, model, _key = _model_for(state, seat)
        if model is None:
            raise RuntimeError("too many arrangements to enumerate for this card set")
        self.positions: list[tuple[Any, ...]] = _visible_positions(state)
        self._order = order
        self._model = model
        self._t = state._t

    def back_distribution(self, position: tuple[Any, ...]) -> dict[str, float]:
        """Probability of each face on the hidden side of the card at ``position``."""
        k = self._order.index(self.positions.index(position))
        ks, picks = next(g for g in self._model.groups if k in g[0])
        i = ks.index(k)
        t = self._t
        out: dict[str, float] = {}
        for a in picks:
            c, u = a[i]
            name = t.names[t.face_of[2 * c + 1 - u]]
            out[name] = out.get(name, 0.0) + 1.0 / len(picks)
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def belief(state: State, seat: int) -> Belief:
    """The exact posterior of ``seat`` over the hidden sides it cannot see."""
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    return Belief(state, seat)


def _random_assignment(cons: tuple, by_face: dict, face_of: tuple, rng: random.Random) -> list:
    """Fallback for very ambiguous card sets: one consistent assignment by randomized
    search (consistent with the observation, not exactly uniform)."""
    options = []
    for face, back in cons:
        opts = [(c, u) for c, u in by_face.get(face, ()) if back < 0 or face_of[2 * c + 1 - u] == back]
        rng.shuffle(opts)
        options.append(opts)
    order = sorted(range(len(cons)), key=lambda k: (len(options[k]), rng.random()))
    pick: list[Any] = [None] * len(cons)

    def rec(j: int, used: int) -> bool:
        if j == len(order):
            return True
        k = order[j]
        for c, u in options[k]:
            if not used >> c & 1:
                pick[k] = (c, u)
                if rec(j + 1, used | 1 << c):
                    return True
        return False

    if not rec(0, 0):
        raise RuntimeError("no arrangement of the cards matches what this seat sees")
    return pick


# ======================================================================
# The determinization
# ======================================================================


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with everything ``seat`` sees, hidden parts resampled from
    the seat's exact posterior; the future chance is reseeded from ``rng``."""
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    s = state
    old_cards, order, model, key = _model_for(s, seat)
    if model is not None:
        sorted_pick = model.sample(rng)
    else:
        _, by_face, face_of = _CARD_SETS[id(s._t)]
        sorted_pick = _random_assignment(key, by_face, face_of, rng)
    assignment: list[Any] = [None] * len(order)
    for i, k in enumerate(order):
        assignment[k] = sorted_pick[i]
    n = s.cards.num_cards
    new_of = [-1] * n  # old card -> new card
    up = [0] * n
    used = 0
    for old, (c, u) in zip(old_cards, assignment):
        new_of[old] = c
        up[c] = u
        used |= 1 << c
    # the unknown deck cards: the cards left, in a random order, each either way up
    rest = [c for c in range(n) if not used >> c & 1]
    rng.shuffle(rest)
    for old, c in zip(s.deck[1:], rest):
        new_of[old] = c
        up[c] = rng.randrange(2)
    d = relabelled(s, new_of, up)
    d.reseed_chance(rng.getrandbits(62))
    d.mark_arranged()  # no history of its own: searched, never saved or replayed
    return d


def relabelled(s: State, new_of: list[int], up: list[int]) -> State:
    """A clone of ``s`` in which card ``old`` is card ``new_of[old]`` everywhere (deck,
    Celeiro piles, hands, pyramids, pending effects, what each seat has seen), with the
    orientations ``up`` (indexed by the new ids). Determinizations and the endgame
    solver's worlds are such relabellings of the true state."""
    n = s.cards.num_cards
    d = s.clone()
    d.up = up
    seen = [0] * n
    for old in range(n):
        seen[new_of[old]] = s.seen[old]
    d.seen = seen
    d.deck = [new_of[c] for c in s.deck]
    d.cel = [[new_of[c] for c in pile] for pile in s.cel]
    d.drawn = [new_of[c] for c in s.drawn]
    d.hand = [[new_of[c] for c in h] for h in s.hand]
    d.pyr = [[new_of[c] if c >= 0 else -1 for c in p] for p in s.pyr]
    d.stack = [(owner, new_of[c], e) for owner, c, e in s.stack]
    d.touched = sum(1 << new_of[c] for c in range(n) if s.touched >> c & 1)
    d._legal_cache = None
    d._legal_set_cache = None
    return d
