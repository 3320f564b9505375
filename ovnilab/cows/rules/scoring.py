"""Scoring: the points of a pyramid and the winners.

Rulebook: the final count adds the base value of each card in the pyramid, then the
end-of-game effects; adjacency effects count the symbols on the neighbouring slots.
Adjacency and end-of-game effects are scored on the final pyramid (``scores()`` before
the end is the score "if the game ended now"). The pure rules one at a time:
:func:`pyramid_symbols`, :func:`score_pyramid`, :func:`effect_points`; the state's side
(:class:`ScoringMixin`): the scores, the breakdown, the tie-break, the winners and the
extras a batch of results is grouped by. Scores are remembered per position
(:func:`_pyramid_points`): an endgame search scores the same final pyramids many times.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Sequence

from ..data import CALF, COW, MOON, SUN, Effect, Face
from .pyramid import FULL, NEIGHBOURS, ROW_OF

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

def pyramid_symbols(faces: Sequence[Face | None]) -> list[int]:
    """Totals of (Sun, Moon, cows, calves, cards) shown by a pyramid's faces."""
    shown = [f.symbols for f in faces if f is not None]
    return [sum(column) for column in zip(*shown)] if shown else [0, 0, 0, 0, 0]


def score_pyramid(
    faces: Sequence[Face | None],
    opponent: Sequence[Face | None] = (None,) * 6,
    hand_size: int = 0,
) -> dict[str, int]:
    """Points of one pyramid: ``{"base", "adjacency", "end_of_game"}``.

    Rulebook: the final count adds the base value of each card in the pyramid, then the
    end-of-game effects. Adjacency effects count the symbols on the neighbouring slots.
    ``faces`` and ``opponent`` list the face showing in slots 0-5 (``None`` = empty).
    """
    own = pyramid_symbols(faces)
    opp = pyramid_symbols(opponent)
    base = adj = end = 0
    for slot, f in enumerate(faces):
        if f is None:
            continue
        base += f.value
        for e in f.effects:
            if e.type == "adjacent":
                adj += effect_points(e, slot, faces, own, opp, hand_size)
            elif e.kind == "end":
                end += effect_points(e, slot, faces, own, opp, hand_size)
    return {"base": base, "adjacency": adj, "end_of_game": end}


_CATEGORIES = ("base", "adjacency", "end_of_game")
#: the face tables seen by the scoring caches (here and the greedy bot's), by id: a cache
#: key must be hashable, and the table is held so its id is never reused
_FACE_SETS: dict[int, tuple] = {}


def faces_key(state: "State") -> int:
    """The key of ``state``'s face table in the scoring caches (:data:`_FACE_SETS`)."""
    faces = state.cards.faces
    key = id(faces)
    if _FACE_SETS.get(key) is not faces:
        _FACE_SETS[key] = faces
    return key


def face_ids(state: "State", cards: Sequence[int]) -> tuple[int, ...]:
    """The index of the face showing on each of ``cards`` (-1 for an empty slot)."""
    fo = state._t.face_of
    up = state.up
    return tuple(-1 if c < 0 else fo[2 * c + up[c]] for c in cards)


@functools.lru_cache(maxsize=100_000)
def _pyramid_points(own: tuple[int, ...], opp: tuple[int, ...], hand0: int, hand1: int,
                    faces_key: int) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """:func:`score_pyramid` of both seats' pyramids (faces by index, -1 = empty slot)."""
    table = _FACE_SETS[faces_key]
    a = [None if f < 0 else table[f] for f in own]
    b = [None if f < 0 else table[f] for f in opp]
    pa, pb = score_pyramid(a, b, hand0), score_pyramid(b, a, hand1)
    return tuple(pa[k] for k in _CATEGORIES), tuple(pb[k] for k in _CATEGORIES)  # type: ignore[return-value]


def effect_points(e: Effect, slot: int, faces: Sequence[Face | None], own: Sequence[int], opp: Sequence[int],
                  hand_size: int) -> int:
    """Points of one adjacency or end-of-game effect ``e`` printed on the card in
    ``slot`` of the pyramid ``faces`` (``own``/``opp``: :func:`pyramid_symbols` of the two
    pyramids; ``hand_size``: the owner's cards left in hand). Immediate effects score 0."""
    t = e.type
    if t == "adjacent":
        return e.points * sum(faces[n].symbols[e.symbol] for n in NEIGHBOURS[slot] if faces[n] is not None)
    if t == "count":
        return e.points * (own if e.whose == "own" else opp)[e.symbol]
    if t == "majority":
        return e.points if own[e.symbol] > opp[e.symbol] else 0
    if t == "herd":
        return e.points * min(own[COW], own[CALF])
    if t == "balance":
        return e.points if own[SUN] == own[MOON] >= 1 else 0
    if t == "hand":
        return e.points * hand_size
    if t == "row":
        return e.points if ROW_OF[slot] == e.row else 0
    return 0


class ScoringMixin:
    """State's scores: the final count as it stands, the tie-break and the winners."""

    def score_breakdown(self) -> list[dict[str, int]]:
        """Each seat's points: ``base`` (card values), ``adjacency`` and ``end_of_game``
        effects, as the final count would give them now."""
        return [dict(zip(_CATEGORIES, p)) for p in self._points()]

    def scores(self) -> list[int]:
        """Total points per seat (rulebook: base values, then end-of-game effects)."""
        return [sum(p) for p in self._points()]

    def _points(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """Each seat's (base, adjacency, end of game), from the faces in the two pyramids
        and the hand sizes (remembered per such position: an endgame search scores the
        same final pyramids many times)."""
        return _pyramid_points(face_ids(self, self.pyr[0]), face_ids(self, self.pyr[1]),
                               len(self.hand[0]), len(self.hand[1]), faces_key(self))

    def cattle(self, seat: int) -> int:
        """Cows plus calves shown in ``seat``'s pyramid (the optional tie-break)."""
        s = pyramid_symbols(self.pyramid_faces(seat))
        return s[COW] + s[CALF]

    def winners(self) -> list[int]:
        """Seats sharing the win (empty while the game runs). Rulebook: the most points
        wins; ties are shared unless ``Rules.tie_break`` says otherwise."""
        if not self.over:
            return []
        sc = self.scores()
        if self.rules.tie_break == "most_cattle":
            key = [(sc[s], self.cattle(s)) for s in (0, 1)]
        else:
            key = [(sc[s],) for s in (0, 1)]
        best = max(key)
        return [s for s in (0, 1) if key[s] == best]

    def result_extras(self) -> dict[str, Any]:
        """What analyses group results by (the hook of :mod:`ovnilab.sim`), so a batch
        can be read without replaying logs.

        Per seat (one list entry per seat: columns of ``Results.seat_table``):
        ``cards``, the cards of its pyramid named by both faces (``"Mimosa / Bezerrinho"``,
        whichever side is up) and ``faces``, the faces showing there, both in slot order;
        ``held``, every card in its possession at the end (rulebook: "em sua posse"): its
        pyramid, then its hand. Per game: ``turns`` and ``stalled`` (the ovnilab stall
        rule ended it before a pyramid was complete).
        """
        name = self.cards.card_name
        return {
            "cards": [[name(c) for c in self.pyr[s] if c >= 0] for s in (0, 1)],
            "held": [[name(c) for c in self.pyr[s] if c >= 0] + [name(c) for c in self.hand[s]] for s in (0, 1)],
            "faces": [[self.face(c).name for c in self.pyr[s] if c >= 0] for s in (0, 1)],
            "turns": self.turns,
            "stalled": self.over and FULL not in self.mask,
        }
