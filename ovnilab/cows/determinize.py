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
    * the card list (``data/cows/cards.toml`` is public);
    * the set-up flipped exactly half of the deck, and every flip since was made in view
      of both players, so the number of times each visible card was flipped (its *flip
      parity*) is public. The parity is read as the card's current orientation XOR its
      orientation at the start of the game: the result is public even though both terms
      are not.

The posterior is uniform over the complete arrangements consistent with all of that
(every set-up is equally likely; we ignore what the opponent's choices might betray of a
back that only the opponent has peeked at). Sampling is exact. Visible cards whose
candidate physical cards overlap form small *groups* (a run of neighbouring faces on the
card ring), whose consistent assignments are enumerated once per information state and
cached. Groups are independent except through the set-up count: if ``x`` of the visible
cards were flipped at set-up, the ``k`` unknown deck cards hold the other ``R = half - x``
flips, in ``C(k, R)`` ways. A sample draws the total first, then each group's share,
then a uniformly random order of the unknown deck cards and a uniformly random choice of
which ``R`` of them are flipped.

Fallbacks: a position arranged by hand that breaks the "half flipped" law drops that
constraint (orientations uniform; :attr:`Belief.exact` says so); a hand-edited card set
with so many look-alike cards that a group exceeds :data:`ENUMERATION_LIMIT` is sampled by
a randomized search (consistent with the observation, not exactly uniform).

The determinization's future chance is reseeded, it remembers the set-up orientation it
was sampled with (so determinizing it again gives the same posterior), and it is marked
as an arranged position (:meth:`~ovnilab.core.GameState.mark_arranged`): it has no
history of its own, so it can be searched but not saved or replayed as the real game.
"""

from __future__ import annotations

import functools
import json
import math
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


@functools.lru_cache(maxsize=64)
def _initial_up(cls: type, seed: int, options_key: str) -> tuple[tuple[int, ...], int]:
    """Orientation of every card at set-up, and how many were flipped (cached per game)."""
    start = cls.from_options(seed, json.loads(options_key))
    return tuple(start.up), sum(start.up)


_LAST_OPTIONS: list[Any] = [None, None, None]  # (options object, seed, its start) of the last call


def _start_orientation(s: State) -> tuple[tuple[int, ...], int]:
    sampled = s.__dict__.get("_start_up")
    if sampled is not None:  # a determinization: the set-up it was sampled with
        return sampled, sum(sampled)
    origin = s.__dict__.get("_origin")
    if origin is not None:  # an arranged position: its arrangement is the start
        return tuple(origin.up), sum(origin.up)
    # clones share their options dict: skip the JSON key when it is the last one seen
    if _LAST_OPTIONS[0] is s.options and _LAST_OPTIONS[1] == s.seed:
        return _LAST_OPTIONS[2]
    start = _initial_up(type(s), s.seed, json.dumps(s.options, sort_keys=True))
    _LAST_OPTIONS[:] = [s.options, s.seed, start]
    return start


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


def _constraints(s: State, seat: int) -> tuple[list[int], tuple, int, int]:
    """The public constraints: the visible cards (engine bookkeeping, never part of a key)
    and, per card, (face, seen back or -1, flip parity); the number of unknown deck
    cards; the cards flipped at set-up."""
    fo = s._t.face_of
    up = s.up
    seen = s.seen
    start, half = _start_orientation(s)
    bit = 1 << seat
    cards = _visible_cards(s)
    cons = tuple((fo[2 * c + up[c]], fo[2 * c + 1 - up[c]] if seen[c] & bit else -1, up[c] ^ start[c])
                 for c in cards)
    return cards, cons, max(0, len(s.deck) - 1), half


# ======================================================================
# The posterior: independent groups of look-alike cards, tied by one count
# ======================================================================


class _TooMany(Exception):
    pass


def _convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, m in a.items():
        for y, n in b.items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out


class _Model:
    """The posterior for one information state, keyed by its sorted constraints.

    Visible positions whose candidate cards overlap form a *group*; groups are
    independent except through the set-up count: with ``x`` cards of the visible ones
    flipped at set-up, the ``k`` unknown deck cards hold the other ``half - x`` flips, in
    ``C(k, half - x)`` ways. Each group's assignments are listed by their ``x``; a sample
    draws the total ``X`` first, then each group's share backwards (exact)."""

    def __init__(self, cons: tuple, unknown: int, half: int, by_face: dict, face_of: tuple) -> None:
        options = [[(c, u) for c, u in by_face.get(face, ()) if back < 0 or face_of[2 * c + 1 - u] == back]
                   for face, back, _ in cons]
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
        self.groups: list[tuple[tuple[int, ...], dict[int, list[tuple[tuple[int, int], ...]]]]] = []
        for ks in members.values():
            self.groups.append((tuple(ks), self._enumerate(ks, options, cons)))
        # prefix[j][X]: assignments of groups 0..j-1 with X set-up flips in all
        self.prefix: list[dict[int, int]] = [{0: 1}]
        for _, by_x in self.groups:
            self.prefix.append(_convolve(self.prefix[-1], {x: len(v) for x, v in by_x.items()}))
        final = self.prefix[-1]
        w = {x: n * math.comb(unknown, half - x) for x, n in final.items() if 0 <= half - x <= unknown}
        self.lawful = bool(w) and sum(w.values()) > 0
        if not self.lawful:  # a position arranged by hand breaks the law: drop it
            w = dict(final)
        self.totals = sorted(w.items())
        self.total_weight = sum(n for _, n in self.totals)
        self.half = half
        self.unknown = unknown
        self.n_positions = len(cons)
        if self.total_weight == 0:
            raise RuntimeError("no arrangement of the cards matches what this seat sees")

    @staticmethod
    def _enumerate(ks: list[int], options: list, cons: tuple) -> dict[int, list[tuple[tuple[int, int], ...]]]:
        order = sorted(range(len(ks)), key=lambda i: len(options[ks[i]]))
        by_x: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        pick: list[Any] = [None] * len(ks)
        count = [0]

        def rec(j: int, used: int, x: int) -> None:
            if j == len(order):
                count[0] += 1
                if count[0] > ENUMERATION_LIMIT:
                    raise _TooMany
                by_x.setdefault(x, []).append(tuple(pick))
                return
            i = order[j]
            parity = cons[ks[i]][2]
            for c, u in options[ks[i]]:
                if not used >> c & 1:
                    pick[i] = (c, u)
                    rec(j + 1, used | 1 << c, x + (u ^ parity))

        rec(0, 0, 0)
        if not by_x:
            raise RuntimeError("no arrangement of the cards matches what this seat sees")
        return by_x

    def sample(self, rng: random.Random) -> tuple[list[tuple[int, int]], int | None]:
        """One assignment (per sorted constraint) and the unknown deck cards' flip count
        (``None``: orientations uniform, the law was dropped)."""
        if len(self.totals) == 1:
            X = self.totals[0][0]
        else:
            r = rng.randrange(self.total_weight)
            for X, n in self.totals:
                if r < n:
                    break
                r -= n
        out: list[Any] = [None] * self.n_positions
        rest = X
        for j in range(len(self.groups) - 1, -1, -1):
            ks, by_x = self.groups[j]
            if len(by_x) == 1:
                (x, picks), = by_x.items()
            else:
                before = self.prefix[j]
                choices = [(x, len(v) * before.get(rest - x, 0)) for x, v in by_x.items()]
                r = rng.randrange(sum(w for _, w in choices))
                for x, w in choices:
                    if r < w:
                        break
                    r -= w
                picks = by_x[x]
            pick = picks[rng.randrange(len(picks))] if len(picks) > 1 else picks[0]
            for k, cu in zip(ks, pick):
                out[k] = cu
            rest -= x
        return out, (self.half - X if self.lawful else None)

    def group_weights(self, j: int) -> dict[int, int]:
        """Relative weight of each set-up flip count ``x`` of group ``j`` (the other groups
        and the unknown deck summed out)."""
        others: dict[int, int] = {0: 1}
        for i, (_, by_x) in enumerate(self.groups):
            if i != j:
                others = _convolve(others, {x: len(v) for x, v in by_x.items()})
        out = {}
        for x in self.groups[j][1]:
            if self.lawful:
                out[x] = sum(n * math.comb(self.unknown, self.half - x - t) for t, n in others.items()
                             if 0 <= self.half - x - t <= self.unknown)
            else:
                out[x] = sum(others.values())
        return out


@functools.lru_cache(maxsize=512)
def _model(cons: tuple, unknown: int, half: int, cards_id: int) -> _Model:
    t, by_face, face_of = _CARD_SETS[cards_id]
    return _Model(cons, unknown, half, by_face, face_of)


def _model_for(s: State, seat: int) -> tuple[list[int], list[int], _Model | None, tuple]:
    """The visible cards, the permutation that sorts their constraints, and the model
    (None when a group is too ambiguous to enumerate)."""
    cards, cons, unknown, half = _constraints(s, seat)
    _card_set(s)
    order = sorted(range(len(cons)), key=cons.__getitem__)
    key = tuple([cons[k] for k in order])
    try:
        model = _model(key, unknown, half, id(s._t))
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
        #: whether the set-up law (half the cards flipped) could be kept
        self.exact = model.lawful

    def back_distribution(self, position: tuple[Any, ...]) -> dict[str, float]:
        """Probability of each face on the hidden side of the card at ``position``."""
        k = self._order.index(self.positions.index(position))
        m = self._model
        for j, (ks, by_x) in enumerate(m.groups):
            if k in ks:
                break
        i = ks.index(k)
        weights = m.group_weights(j)
        t = self._t
        out: dict[str, float] = {}
        total = sum(weights[x] * len(v) for x, v in by_x.items())
        for x, assignments in by_x.items():
            for a in assignments:
                c, u = a[i]
                name = t.names[t.face_of[2 * c + 1 - u]]
                out[name] = out.get(name, 0.0) + weights[x] / total
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
    for face, back, _ in cons:
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
        sorted_pick, r = model.sample(rng)
        assignment: list[Any] = [None] * len(order)
        for i, k in enumerate(order):
            assignment[k] = sorted_pick[i]
    else:
        _, by_face, face_of = _CARD_SETS[id(s._t)]
        sorted_pick = _random_assignment(key, by_face, face_of, rng)
        assignment = [None] * len(order)
        for i, k in enumerate(order):
            assignment[k] = sorted_pick[i]
        r = None
    n = s.cards.num_cards
    new_of = [-1] * n  # old card -> new card
    up = [0] * n
    used = 0
    for old, (c, u) in zip(old_cards, assignment):
        new_of[old] = c
        up[c] = u
        used |= 1 << c
    start = list(up)  # the sampled set-up orientation: visible cards undo their flips
    for (_f, _b, parity), (c, _u) in zip(key, sorted_pick):
        start[c] ^= parity
    # the unknown deck cards: the cards left, in a random order, R of them flipped
    rest = [c for c in range(n) if not used >> c & 1]
    rng.shuffle(rest)
    if r is None:
        for c in rest:
            up[c] = start[c] = rng.randrange(2)
    else:  # rest is in a uniformly random order: its first r cards are a uniform choice
        for c in rest[:r]:
            up[c] = start[c] = 1
    rng.shuffle(rest)  # and the deck order must not tell which ones
    for old, c in zip(s.deck[1:], rest):
        new_of[old] = c
    d = relabelled(s, new_of, up)
    d.reseed_chance(rng.getrandbits(62))
    # the flip parities stay public knowledge of the determinization (so that sampling
    # it again gives the same posterior); it cannot be replayed from a seed, only searched
    d._start_up = tuple(start)
    d.mark_arranged()
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
