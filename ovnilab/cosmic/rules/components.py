"""The components as the engine counts them, and the static tables built from a deck.

Seats are ints; planets are ints ``0..kn-1`` with ``k`` planets per player (``state.np``:
5, or 4 in the four-planet variant; planet ``p`` belongs to seat ``p // k``);
destiny cards are codes (a seat's colour ``0..4``, :data:`WILD`, :data:`SPECIAL` + i);
sides are :data:`OFF` and :data:`DEF`; a seat's role in the encounter is one of the
``R_*`` constants. :class:`_Tables` holds each card's facts as flat tuples and the
interned actions per planet, shared by every state of a game (never mutated).
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from typing import Sequence

from ..aliens import POWERS
from ..data import ARTIFACT, FLARE, MORPH, CosmicData, load_data
from .actions import _A


PLANETS = 5  # rulebook: five planets per player (a game's own count is state.np)
SHIPS = 20  # rulebook: twenty ships per player (a game's own count is state.nships)
WILD = 100  # destiny card codes: 0..4 = colour of seat, WILD, SPECIAL + i
SPECIAL = 200
OFF, DEF = 0, 1  # sides
SIDE_NAMES = ("offense", "defense")

# roles of a seat in the current encounter
R_NONE, R_OFFENSE, R_DEFENSE, R_OFF_ALLY, R_DEF_ALLY = range(5)

# ======================================================================
# Static tables per data set (shared by every state of a game: never mutated)
# ======================================================================


class _Tables:
    """Per-card facts as flat tuples, so the hot paths index tuples instead of objects;
    interned actions per planet and per seat for each number of players."""

    def acts(self, n: int, k: int = PLANETS) -> dict[str, tuple]:
        """The interned actions and orders of ``n`` players with ``k`` planets each."""
        a = self._acts.get((n, k))
        if a is None:
            col = self.colours[:n]
            names = [f"{col[p // k]} {p % k + 1}" for p in range(k * n)]
            a = {k: tuple(_A(k, x) for x in names) for k in ("regroup", "place", "lose", "ship", "aim", "reestablish")}
            a["order"] = tuple(tuple((f + i) % n for i in range(n)) for f in range(n))
            # each seat's planets, home planets first (the order colonies are listed in)
            a["planets"] = tuple(tuple(range(k * s, k * s + k))
                                 + tuple(p for p in range(k * n) if p // k != s) for s in range(n))
            self._acts[(n, k)] = a
        return a

    def __init__(self, g: CosmicData) -> None:
        self._acts: dict[tuple[int, int], dict[str, tuple]] = {}
        self.colours = g.colours
        faces = g.faces
        self.kind = tuple(faces[f].kind for f in g.card_face)
        self.value = tuple(faces[f].value for f in g.card_face)
        self.name = tuple(faces[f].name for f in g.card_face)
        self.is_enc = tuple(k <= MORPH for k in self.kind)
        self.special = tuple(k in (ARTIFACT, FLARE) for k in self.kind)
        self.alien = tuple(faces[f].alien for f in g.card_face)
        self.face_kind = {f.name: f.kind for f in faces}
        # the windows where a card (an artifact or a flare) could ever be played
        windows = frozenset(("regroup", "destiny", "launch", "alliance", "alliance_end", "planning",
                             "after_selection", "reveal", "resolution", "cleanup"))
        tim = []
        for c, k in enumerate(self.kind):
            if k == ARTIFACT:
                x = g.artifacts[self.name[c]].timing
                tim.append(windows if x == "any" else frozenset((x,)))
            elif k == FLARE:
                P = POWERS.get(self.alien[c])
                xs = [f.timing for f in (P.wild, P.super) if f is not None] if P else []
                tim.append(windows if "any" in xs else frozenset(xs))
            else:
                tim.append(frozenset())
        self.timings = tuple(tim)
        self.face_value = {f.name: f.value for f in faces}
        # each card's rank in the order (face name, id): determinize pools hidden cards in it
        order = sorted(range(len(self.name)), key=lambda c: (self.name[c], c))
        rank = [0] * len(order)
        for i, c in enumerate(order):
            rank[c] = i
        self.canon = tuple(rank)
        # every face name, longest first (a longer name is masked before a shorter one in it)
        self.names_longest_first = tuple(sorted({f.name for f in faces}, key=lambda x: (-len(x), x)))


#: the tables of the data sets used lately, least recently used first. Keyed by the data
#: object itself (it hashes by identity), so the cache keeps every key alive: a data set
#: freed after its eviction can never pass its id on to another set's tables. At most
#: _TABLES_MAX sets (load_data caches 8 as well), so a session loading many decks stays small.
_TABLES: OrderedDict[CosmicData, _Tables] = OrderedDict()
_TABLES_MAX = 8
_TABLES_LOCK = threading.Lock()


def _tables(g: CosmicData) -> _Tables:
    """The static tables of data set ``g``, built once while it stays among the last
    ``_TABLES_MAX`` sets used."""
    with _TABLES_LOCK:
        t = _TABLES.get(g)
        if t is not None:
            _TABLES.move_to_end(g)
            return t
    t = _Tables(g)
    with _TABLES_LOCK:
        t = _TABLES.setdefault(g, t)
        _TABLES.move_to_end(g)
        while len(_TABLES) > _TABLES_MAX:
            _TABLES.popitem(last=False)
    return t


def implemented_aliens() -> list[str]:
    """Names of the aliens whose powers the engine implements, in aliens.toml order."""
    g = load_data()
    return [a for a in g.aliens if a in POWERS]

def _subsets(items: Sequence[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for k in range(len(items) + 1):
        out.extend(itertools.combinations(items, k))
    return out
