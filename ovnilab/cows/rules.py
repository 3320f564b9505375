"""The cow-abduction pyramid game's engine (``seeds/004_*.txt``, 2 players).

Every rule of the rulebook is here; comments name the rule a block implements. The cards
are data (``data/cows/cards.toml``, an ovnilab design: nothing is published) interpreted
by the effect vocabulary of :mod:`ovnilab.cows.data`.

A turn, as actions
------------------
A turn is exactly one MAIN action, plus the free BUILD action at most once, before or after
it (rulebook: "a qualquer momento durante sua rodada ... uma vez por rodada"):

* ``draw 2``: the two bottom cards of the deck are revealed; the next action is
  ``keep X (drawn 1), discard Y (drawn 2) to Celeiro k`` (k chosen only with 2 areas);
* ``take X from Celeiro k``: the visible top card of a discard area;
* ``flip X (hand i)``: turn a card of your hand over;
* ``build X (hand i) at row r slot s``: the free action;
* ``end turn``: after the main action, declines the build. The turn ends by itself once
  the main action is done and the build is used (or impossible);
* ``flip own/opponent's X at row r slot s`` / ``skip effect``: choices of a flip effect;
* ``pass``: only when no main action exists at all (empty hand, deck and Celeiro; cannot
  happen with 18 cards, see below), so the game never deadlocks.

Legal actions are listed in this order: main actions (draw, take from Celeiro 1, 2, flip
hand 1..3), builds (hand order, then slot order), end turn / pass; keeps (drawn 1 then 2,
Celeiro 1 then 2); flip targets (own pyramid first, slot order), then skip.

Readings of the rulebook (the default is the reading we judge most faithful; the
alternative is a :class:`Rules` option)
--------------------------------------------------------------------------------
* Hand limit: the two drawn cards are not "in your possession" until one is kept, so a
  hand of 2 may draw. A hand of 3 must build BEFORE drawing (``build_during_draw=False``);
  ``True`` lets a full hand draw and build after seeing the two cards, before keeping one.
* Row 3 support: the pyramid is built downwards from row 1 (one card, under the Alien).
  Row-2 cards sit between row-3 slots like bricks: row 2 slot 1 holds up row 3 slots 1
  and 2; row 2 slot 2 holds up row 3 slots 2 and 3. The middle slot needs one card above
  it (``support="any"``: "uma carta acima dela"); ``support="both"`` needs both.
* Effects: an immediate effect's choices are made by the owner of the card (the card acts
  "as if it had just been placed", i.e. by its owner), even during the other's turn.
  Adjacency and end-of-game effects are scored on the final pyramid (``scores()`` before
  the end is the score "if the game ended now").
* End: the game ends when a pyramid is completed (6 cards); the completing turn ends at
  once (after its effects and a pending keep). If the starting player completed it, the
  other plays one more turn (``last_turn=False`` drops that turn).
* Starting player: "the last player who saw a cow" cannot be modelled; the RNG draws it
  (``starting_player=-1``), or fix it with 0 or 1.
* Ties: the rulebook names no tie-break, so tied players share the win
  (``tie_break="shared"``); ``"most_cattle"`` gives it to the most cows + calves in the
  pyramid (the title is "best cattle-abducting Alien"), then shared.

Rules ovnilab adds (the rulebook is silent)
-------------------------------------------
* Flip chains: within one chain (all that follows one placement), a card that was placed
  or flipped in the chain cannot be flipped again, so a chain flips at most 11 cards.
  ``max_chain_flips=k`` caps chains further (0 = no cap).
* Termination: players could flip cards in hand forever. A turn with neither a draw nor a
  build makes no progress; after ``stall_limit`` consecutive such turns (default 12, six
  each) the game ends and is scored as it stands. Draws (at most 9) and builds (at most
  11) bound the rest, so every game terminates (``stall_limit`` is 1 to 100).
* No deadlock: with 18 cards, while no pyramid is complete, hands (<= 6) and pyramids
  (<= 11) hold at most 17 cards, so the deck or the Celeiro always has one; a full hand can
  always build (a pyramid that is not complete always has an open slot); a hand with a card
  can always flip. ``pass`` covers hand-edited smaller sets.

Hidden information
------------------
The deck order, which way up each card came out of the box (no side of a printed card is
marked, so nobody can count the cards lying side B up) and every hidden back are secret,
even from the card's holder (rulebook:
"não é permitido virar qualquer carta para olhar o seu verso"). The visible top card of the
deck shows its face (cards are drawn from the bottom). Each face is printed on two cards,
so a face does not tell its back. A back becomes known to a seat when the card is flipped
in view of everyone, or by a ``peek`` effect; ``observation`` tracks this.

Representation: cards are ints ``0..N-1``; ``up[c]`` is the side showing (0 = A, 1 = B);
hands, discard areas and the deck (its end is the bottom) are lists of ints; a pyramid is
6 slots (-1 = empty) plus a bitmask. Actions are interned per card set.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

import networkx as nx

from ..core import (RuleSet, TERMINAL, GameState, IllegalAction, SaveFormatError, action_repr, load_saved_file, rule_option, rules_from_dict, rules_to_dict, saved_choice)
from ..i18n import N_
from . import data as _data
from .data import CALF, COW, MOON, SUN, Cards, Effect, Face, _fold, load_cards

__all__ = [
    "Action",
    "Rules",
    "State",
    "new_game",
    "check_invariants",
    "pyramid_graph",
    "open_slots",
    "slot_name",
    "pyramid_symbols",
    "score_pyramid",
    "effect_points",
    "SLOTS",
    "ROW_OF",
    "SUPPORTS",
]

# ======================================================================
# The pyramid: slots, support, adjacency (pure helpers)
# ======================================================================

#: slots 0..5: (row, slot in row); row 1 is the single card under the Alien
SLOTS: tuple[tuple[int, int], ...] = ((1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3))
ROW_OF: tuple[int, ...] = tuple(r for r, _ in SLOTS)
FULL = 0b111111
#: rulebook: a row-3 card needs a card above it; the row-2 slots above each row-3 slot
SUPPORTS: dict[int, tuple[int, ...]] = {3: (1,), 4: (1, 2), 5: (2,)}
#: the adjacency of the slots: neighbours in a row and the overlapping cards of the rows
#: above and below (a triangular grid of 9 edges)
_EDGES: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2), (1, 3), (1, 4), (2, 4), (2, 5), (3, 4), (4, 5))


def slot_name(slot: int) -> str:
    """``"row 2 slot 1"`` for slot index 1."""
    r, k = SLOTS[slot]
    return f"row {r} slot {k}"


def pyramid_graph() -> nx.Graph:
    """The 6 pyramid slots as a networkx graph (nodes 0-5 with ``row``, ``slot`` and
    ``name``); adjacency effects count the neighbours of a slot in this graph."""
    g = nx.Graph(name="pyramid")
    for i, (r, k) in enumerate(SLOTS):
        g.add_node(i, row=r, slot=k, name=slot_name(i))
    g.add_edges_from(_EDGES)
    return g


_GRAPH = pyramid_graph()
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(_GRAPH.neighbors(i))) for i in range(6))


def open_slots(filled: int | Sequence[bool], support: str = "any") -> list[int]:
    """Slots where the next card may go, given the filled slots (a bitmask or 6 bools).

    Rulebook: start with row 1; row 2 only once row 1 is complete; row 3 once row 2 has at
    least one card, and only under a supporting card (``support="any"``: at least one of
    the row-2 cards above it; ``"both"``: all of them).
    """
    mask = filled if isinstance(filled, int) else sum(1 << i for i, f in enumerate(filled) if f)
    if not mask & 1:
        return [0]  # rulebook: "você deve começar pela primeira linha"
    out = [s for s in (1, 2) if not mask >> s & 1]
    # rulebook: row 3 once row 2 has at least one card, under a supporting card: every
    # row-3 slot's support is in row 2, so the support test implies the first condition
    for s, above in SUPPORTS.items():
        if mask >> s & 1:
            continue
        held = [mask >> a & 1 for a in above]
        if (all(held) if support == "both" else any(held)):
            out.append(s)
    return out


_OPEN = {sup: tuple(tuple(open_slots(m, sup)) for m in range(64)) for sup in ("any", "both")}


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


# ======================================================================
# Rules options and actions
# ======================================================================

TIE_BREAKS = ("shared", "most_cattle")


@dataclass(frozen=True)
class Rules(RuleSet):
    """Rule options. Defaults are the rulebook (see the module docstring for each reading).

    hand_limit: rulebook "não é permitido ter mais de 3 cartas em sua posse".
    build_during_draw: a full hand may draw and build before keeping (False: build first).
    support: row-3 middle slot needs "any" or "both" row-2 cards above it.
    starting_player: -1 drawn by the RNG, or 0 / 1.
    last_turn: the other player plays once more when the starting player completes.
    max_chain_flips: cap on flips per effect chain (0 = only "once per card per chain").
    stall_limit: consecutive turns without draw or build that end the game (0 = off).
    tie_break: "shared" or "most_cattle".
    exact_half_turned: the set-up's split (rulebook: split the deck, turn one half over,
        put the halves together, shuffle). False (default): the printed cards have no
        marked side and come out of the box any way up, so each card ends either way up,
        a fair coin (issue 12). True: the literal count, the deck as if all one way up,
        so exactly half of the cards (9 of 18) show their second listed face.
    cards_file: another card set (a TOML file like ``data/cows/cards.toml``): a bare file
        name is looked up in ``data/cows/`` first, anything else is a path. Saves keep the
        text given here, so a bare name keeps a save portable between machines.

    Every option has a documented range, checked when the rules are built (one
    :class:`~ovnilab.core.RulesError` lists every bad field); ``stall_limit`` is at least
    1 so that every game ends.
    """

    hand_limit: int = rule_option(3, "cards a player may hold", lo=1, hi=9)
    build_during_draw: bool = rule_option(False, "a full hand may draw and build before keeping")
    support: str = rule_option("any", "row-3 middle slot needs any or both row-2 cards above it",
                               choices=("any", "both"))
    starting_player: int = rule_option(-1, "the first seat: -1 drawn at random, or 0 / 1", lo=-1, hi=1)
    last_turn: bool = rule_option(True, "the other player plays once more when the starting player completes")
    max_chain_flips: int = rule_option(0, "cap on flips per effect chain (0: no cap)", lo=0, hi=30)
    stall_limit: int = rule_option(12, "turns in a row without a draw or a build that end the game",
                                   lo=1, hi=100)
    tie_break: str = rule_option("shared", "who wins a tie", choices=TIE_BREAKS)
    exact_half_turned: bool = rule_option(False, "the set-up turns exactly half the cards over (False: each "
                                                 "card ends either way up, as from a box in any order)")
    cards_file: str | None = rule_option(None, "the card set: a file name in data/cows (empty: cards.toml)",
                                         folder=lambda: _data.data_dir() / "cows")


class Action(NamedTuple):
    """One decision. ``str()`` gives the text that :meth:`State.parse_action` reads back.

    ``kind``: draw, keep (a=kept position 1|2, b=kept face, c=discarded face, d=area),
    take (a=area, b=face), flip (a=hand position 1..3, b=face), build (a=hand position,
    b=face, c=slot 0-5), end, pass, fx (a="own"|"opponent", b=slot, c=face), skip.
    Card faces are named so that logs read well; positions make the action unambiguous
    (two cards may show the same face).
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None
    d: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'draw 2'>: the text (ovnilab.core)

    def __str__(self) -> str:
        k, a, b, c, d = self
        if k == "build":
            return f"build {b} (hand {a}) at {slot_name(c)}"
        if k == "flip":
            return f"flip {b} (hand {a})"
        if k == "fx":
            who = "own" if a == "own" else "opponent's"
            return f"flip {who} {c} at {slot_name(b)}"
        if k == "take":
            return f"take {b} from Celeiro {a}"
        if k == "keep":
            return f"keep {b} (drawn {a}), discard {c} (drawn {3 - a}) to Celeiro {d}"
        if k == "draw":
            return "draw 2"
        if k == "end":
            return "end turn"
        if k == "skip":
            return "skip effect"
        if k == "pass":
            return "pass"
        return f"{k} {a} {b} {c} {d}"


#: the fields each kind of action uses (the rest stay None)
_FIELDS: dict[str, str] = {"draw": "", "end": "", "skip": "", "pass": "", "flip": "ab", "take": "ab",
                           "build": "abc", "fx": "abc", "keep": "abcd"}

DRAW = Action("draw")
END_TURN = Action("end")
SKIP = Action("skip")
PASS = Action("pass")


class _Tables:
    """Interned actions and per-side lookups of one card set (built once per set)."""

    def __init__(self, cards: Cards) -> None:
        names = [f.name for f in cards.faces]
        nf = len(names)
        self.names = names
        # face index of card c with side u up: face_of[2 * c + u]
        self.face_of = [cards.cards[c][u] for c in range(len(cards.cards)) for u in (0, 1)]
        self.immediate = [f.immediate() for f in cards.faces]
        self.symbols = [f.symbols for f in cards.faces]
        self.take = [[Action("take", a, names[f]) for f in range(nf)] for a in (1, 2)]
        self.flip = [[Action("flip", i + 1, names[f]) for f in range(nf)] for i in range(9)]
        build = [[[Action("build", i + 1, names[f], s) for s in range(6)] for f in range(nf)] for i in range(9)]
        self.build = build
        # builds_at[support][hand position][face][filled mask] -> the legal builds
        self.builds_at = {
            sup: [[tuple(tuple(build[i][f][s] for s in _OPEN[sup][m]) for m in range(64)) for f in range(nf)]
                  for i in range(9)]
            for sup in ("any", "both")
        }
        self.fx = {(rel, s, f): Action("fx", rel, s, names[f])
                   for rel in ("own", "opponent") for s in range(6) for f in range(nf)}
        self._keep: dict[tuple[int, int, int, int], Action] = {}
        self.fold = {_fold(n): n for n in names}

    def keep(self, pos: int, kf: int, df: int, area: int) -> Action:
        key = (pos, kf, df, area)
        a = self._keep.get(key)
        if a is None:
            a = self._keep[key] = Action("keep", pos, self.names[kf], self.names[df], area)
        return a


_TABLES: dict[Cards, _Tables] = {}


def _tables(cards: Cards) -> _Tables:
    t = _TABLES.get(cards)
    if t is None:
        t = _TABLES[cards] = _Tables(cards)
    return t


#: the two players, named after their Alien on the Aliens card (boards and logs)
#: the seats' names (English, the engine's and the saves'; marked for the catalog: a board
#: shows them in its language)
SEAT_NAMES: tuple[str, str] = (N_("Green alien"), N_("Purple alien"))

# phases: the decision the game waits for
MAIN, KEEP, AFTER, EFFECT, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = (N_("main action"), N_("keep one drawn card"), N_("build or end turn"), N_("effect target"),
               N_("game over"))


# ======================================================================
# The engine
# ======================================================================


class State(GameState):
    """A game in progress. Build it with :func:`new_game`."""

    game_name = "cows"
    action_class = Action

    def __init__(self, seed: int | None = None, discard_areas: int = 1, rules: Rules | None = None) -> None:
        if discard_areas not in (1, 2) or isinstance(discard_areas, bool):
            raise ValueError(f"discard_areas must be 1 or 2, not {discard_areas!r}")
        rules = Rules.given(rules)
        super().__init__(seed, {"discard_areas": discard_areas, "rules": rules_to_dict(rules)})
        self.rules = rules
        self.cards: Cards = load_cards(rules.cards_file)
        self._t = _tables(self.cards)
        self.areas = discard_areas
        n = self.cards.num_cards
        rng = self._chance()  # one generator for the whole set-up
        # rulebook set-up: gather the cards, split the deck in half, flip one half,
        # put the halves together and shuffle
        order = list(range(n))
        rng.shuffle(order)
        self.up = [0] * n
        for c in order[: n // 2]:
            self.up[c] = 1
        rng.shuffle(order)
        self.deck = order  # the end of the list is the bottom of the deck
        self.cel: list[list[int]] = [[] for _ in range(discard_areas)]
        self.hand: list[list[int]] = [[], []]
        self.pyr: list[list[int]] = [[-1] * 6, [-1] * 6]
        self.mask = [0, 0]
        self.drawn: list[int] = []
        self.seen = [0] * n  # bitmask of seats that know the hidden side of each card
        # rulebook: "iniciará a partida o último jogador que viu uma vaca" (drawn here)
        sp = rules.starting_player
        self.starter = rng.randrange(2) if sp < 0 else sp
        # the cards came out of the box any way up: no side of a printed card is marked
        # "A", so nobody can count how many lie side B up (issue 12). Drawn last, so that
        # a seed keeps its deck order and starting player. Rules(exact_half_turned=True)
        # is the literal count: the deck all one way up before the split.
        if not rules.exact_half_turned:
            for c in range(n):
                self.up[c] ^= rng.randrange(2)
        self.turn = self.starter
        self.phase = MAIN
        self.main_done = False
        self.built = 0  # builds this turn (0 or 1)
        self.drew = False
        self.stack: list[tuple[int, int, Effect]] = []  # pending immediate effects (owner, card, effect)
        self.touched = 0  # bitmask of cards placed or flipped in the current chain
        self.chain_flips = 0
        self.final = False  # the other player's extra turn is being played
        self.over = False
        self.stall = 0
        self.turns = 1
        self.last_seat = -1  # who made the last action (for the board's highlight)

    @classmethod
    def from_options(cls, seed: int, options: dict[str, Any]) -> "State":
        """A new game from saved options, naming the bad field on error."""
        if not isinstance(options, dict):
            raise SaveFormatError("options must be an object", "options")
        unknown = set(options) - {"discard_areas", "rules"}
        if unknown:
            first = sorted(unknown)[0][:60]
            raise SaveFormatError(f"options.{first} is not an option of the cow game", f"options.{first}")
        areas = saved_choice(options, "discard_areas", (1, 2), default=1)
        rules = rules_from_dict(Rules, options.get("rules", {}))
        load_saved_file("cards_file", load_cards, rules.cards_file)
        return cls(seed, areas, rules)

    def _chance(self) -> Any:
        """The generator of one chance event: the core's ``chance()`` (cheap clones), or
        the state's ``rng`` on a core without it. Only the set-up draws chance."""
        fresh = getattr(self, "chance", None)
        return fresh() if fresh is not None else self.rng

    #: mutable fields, copied by clone (scalars and immutable values are shared)
    _FLAT_LISTS = ("up", "deck", "drawn", "seen", "mask", "stack")
    _NESTED_LISTS = ("cel", "hand", "pyr")


    # shared read-only data (tables, board, card set): equality skips it
    _STATIC = ("_t", "cards", "rules", "rng")

    # ------------------------------------------------------------- properties
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.phase == EFFECT:
            return self.stack[-1][0]  # the owner of the card chooses its effect's target
        return self.turn

    @property
    def num_players(self) -> int:
        return 2

    def is_over(self) -> bool:
        return self.over

    def face(self, card: int) -> Face:
        """The face showing on ``card``."""
        return self.cards.faces[self._t.face_of[2 * card + self.up[card]]]

    def back(self, card: int) -> Face:
        """The hidden side of ``card`` (engine use: never shown to a seat that has not seen it)."""
        return self.cards.faces[self._t.face_of[2 * card + 1 - self.up[card]]]

    def pyramid_faces(self, seat: int) -> list[Face | None]:
        """The face showing in each slot of ``seat``'s pyramid (``None`` = empty)."""
        return [None if c < 0 else self.face(c) for c in self.pyr[seat]]

    def open_slots(self, seat: int) -> list[int]:
        """Where ``seat`` may build next."""
        return list(_OPEN[self.rules.support][self.mask[seat]])

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[OVER if self.over else self.phase]

    # ----------------------------------------------------------- legal actions
    def _main_actions(self, out: list[Action]) -> None:
        """The three main actions of the rulebook (draw, take from the Celeiro, flip)."""
        t = self._t
        fo = t.face_of
        up = self.up
        p = self.turn
        h = self.hand[p]
        n = len(h)
        room = n < self.rules.hand_limit
        # rulebook action 1: draw 2 from the bottom of the deck (a hand of 3 builds first)
        if self.deck and (room or (self.rules.build_during_draw and not self.built)):
            out.append(DRAW)
        # rulebook action 2: take the visible top card of a Celeiro
        if room:
            for a, pile in enumerate(self.cel):
                if pile:
                    c = pile[-1]
                    out.append(t.take[a][fo[2 * c + up[c]]])
        # rulebook action 3: flip one card in your possession
        for i, c in enumerate(h):
            out.append(t.flip[i][fo[2 * c + up[c]]])

    def _builds(self, out: list[Action]) -> None:
        """Rulebook free action: place one card of your hand in your pyramid."""
        p = self.turn
        h = self.hand[p]
        if self.built or not h:
            return
        t = self._t
        table = t.builds_at[self.rules.support]
        fo = t.face_of
        up = self.up
        m = self.mask[p]
        for i, c in enumerate(h):
            out.extend(table[i][fo[2 * c + up[c]]][m])

    def _legal(self) -> list[Action]:
        ph = self.phase
        out: list[Action] = []
        if ph == MAIN:
            self._main_actions(out)
            if not out:
                out.append(PASS)  # no main action exists at all (see module docstring)
            else:
                self._builds(out)
            return out
        if ph == AFTER:
            self._builds(out)
            out.append(END_TURN)
            return out
        if ph == KEEP:
            if len(self.hand[self.turn]) < self.rules.hand_limit:
                t = self._t
                fo = t.face_of
                up = self.up
                c1, c2 = self.drawn
                f1, f2 = fo[2 * c1 + up[c1]], fo[2 * c2 + up[c2]]
                # rulebook: with 2 discard areas the player chooses which
                for a in range(1, self.areas + 1):
                    out.append(t.keep(1, f1, f2, a))
                for a in range(1, self.areas + 1):
                    out.append(t.keep(2, f2, f1, a))
            # rulebook: the free build comes "a qualquer momento durante sua rodada", so also
            # before keeping (a full hand reaches this only with build_during_draw)
            self._builds(out)
            return out
        if ph == EFFECT:
            owner, _card, eff = self.stack[-1]
            out.extend(self._fx_targets(owner, eff))
            if eff.optional:
                out.append(SKIP)
            return out
        return out

    def _fx_targets(self, owner: int, eff: Effect) -> list[Action]:
        """Cards a flip effect of ``owner`` may turn over (own pyramid first)."""
        out = []
        t = self._t
        fo = t.face_of
        up = self.up
        sym = eff.symbol
        touched = self.touched
        seats = ((owner, "own"), (1 - owner, "opponent"))
        for seat, rel in seats:
            if eff.target != "any" and eff.target != rel:
                continue
            for s, c in enumerate(self.pyr[seat]):
                # ovnilab chain rule: a card placed or flipped in this chain stays put
                if c < 0 or touched >> c & 1:
                    continue
                f = fo[2 * c + up[c]]
                if sym >= 0 and not t.symbols[f][sym]:
                    continue
                out.append(t.fx[(rel, s, f)])
        return out

    # ------------------------------------------------------------------ apply
    def _do(self, a: Action) -> None:
        k = a.kind
        p = self.current_player
        self.last_seat = p
        if k == "build":
            self._build(p, a.a - 1, a.c)
        elif k == "flip":
            # rulebook action 3: flip a card in hand; both sides are now seen by all
            c = self.hand[p][a.a - 1]
            self.up[c] ^= 1
            self.seen[c] = 3
            self.main_done = True
        elif k == "draw":
            # rulebook action 1: two cards from the bottom, revealed, orientation kept
            d = self.deck
            self.drawn = [d.pop(), d.pop()]
            self.main_done = True
            self.drew = True
        elif k == "keep":
            # rulebook: keep one, the other goes to the (chosen) Celeiro
            c1, c2 = self.drawn
            keep, disc = (c1, c2) if a.a == 1 else (c2, c1)
            self.hand[p].append(keep)
            self.cel[a.d - 1].append(disc)
            self.drawn = []
        elif k == "take":
            # rulebook action 2: the visible top card of a Celeiro
            self.hand[p].append(self.cel[a.a - 1].pop())
            self.main_done = True
        elif k == "fx":
            self._resolve_flip(a)
        elif k == "skip":
            self.stack.pop()
            self._run_stack()
        elif k == "end":
            self._end_turn()
            return
        elif k == "pass":
            self.main_done = True
        self._continue()

    def _build(self, p: int, i: int, slot: int) -> None:
        """Rulebook free action (once per turn): a hand card into the pyramid; its
        immediate effects fire."""
        c = self.hand[p].pop(i)
        self.pyr[p][slot] = c
        self.mask[p] |= 1 << slot
        self.built += 1
        # a new chain starts with this card
        self.touched = 1 << c
        self.chain_flips = 0
        self._push_effects(p, c)
        self._run_stack()

    def _push_effects(self, owner: int, c: int) -> None:
        fx = self._t.immediate[self._t.face_of[2 * c + self.up[c]]]
        for e in reversed(fx):  # the first printed effect resolves first
            self.stack.append((owner, c, e))

    def _run_stack(self) -> None:
        """Resolve pending immediate effects until one needs a choice (phase EFFECT)."""
        stack = self.stack
        cap = self.rules.max_chain_flips
        while stack:
            owner, _c, eff = stack[-1]
            if eff.type == "peek":
                # effect: the owner looks at the backs of the cards in their hand
                stack.pop()
                bit = 1 << owner
                for c in self.hand[owner]:
                    self.seen[c] |= bit
                continue
            # flip: wait for the owner's choice unless nothing can be flipped
            if (cap and self.chain_flips >= cap) or not self._fx_targets(owner, eff):
                stack.pop()
                continue
            self.phase = EFFECT
            return
        if self.phase == EFFECT:
            self.phase = MAIN  # _continue sets the real phase

    def _resolve_flip(self, a: Action) -> None:
        owner = self.stack.pop()[0]
        seat = owner if a.a == "own" else 1 - owner
        c = self.pyr[seat][a.b]
        # rulebook: a card flipped in a pyramid shows its other side, and any immediate
        # effect of that side fires as if the card had just been placed (by its owner)
        self.up[c] ^= 1
        self.seen[c] = 3
        self.touched |= 1 << c
        self.chain_flips += 1
        self._push_effects(seat, c)
        self._run_stack()

    def _continue(self) -> None:
        """Choose the next decision point of the turn (or end it)."""
        if self.stack and self.phase == EFFECT:
            return
        p = self.turn
        if self.drawn:
            self.phase = KEEP
            return
        if self.mask[p] == FULL:
            # rulebook: completing the pyramid ends the game (after this turn)
            self._end_turn()
            return
        if not self.main_done:
            self.phase = MAIN
            return
        if not self.built and self.hand[p]:
            self.phase = AFTER
            return
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.turn
        r = self.rules
        # ovnilab termination rule: count turns without a draw or a build
        self.stall = 0 if (self.drew or self.built) else self.stall + 1
        if self.mask[p] == FULL:
            # rulebook: if the starting player completed it, the other plays once more
            if p == self.starter and r.last_turn and not self.final:
                self.final = True
            else:
                self._game_over()
                return
        elif self.final:
            self._game_over()  # the extra turn is over
            return
        elif r.stall_limit and self.stall >= r.stall_limit:
            self._game_over()
            return
        self.turn = 1 - p
        self.turns += 1
        self.main_done = False
        self.built = 0
        self.drew = False
        self.phase = MAIN

    def _game_over(self) -> None:
        self.over = True
        self.phase = OVER

    # --------------------------------------------------------- illegal moves
    def _explain_illegal(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return "not an action of the cow game"
        k = a.kind
        fields = _FIELDS.get(k)
        if fields is None:
            return "not a legal action in this position"
        extra = [f for f, v in zip("abcd", a[1:]) if v is not None and f not in fields]
        if extra:  # a hand-built Action such as Action('draw', 1): name what was tried
            has = f"the fields {', '.join(fields)}" if fields else "no fields"
            return f"a {k!r} action has {has}, not {', '.join(extra)}"
        ph = self.phase
        p = self.current_player
        if ph == EFFECT:
            if k not in ("fx", "skip"):
                return "an immediate effect is resolving: choose its target (or skip it) first"
            eff = self.stack[-1][2]
            if k == "skip":
                return "this effect is not optional"
            if a.a not in ("own", "opponent"):  # issue 38: not the symbol rule's words
                return "a flip effect turns a card of the own or the opponent pyramid"
            if eff.target != "any" and a.a != eff.target:
                return f"this effect flips a card in the {eff.target} pyramid"
            seat = p if a.a == "own" else 1 - p
            c = self.pyr[seat][a.b] if isinstance(a.b, int) and 0 <= a.b < 6 else -1
            if c < 0:
                return "there is no card in that slot"
            if self.touched >> c & 1:
                return "a card placed or flipped in this chain cannot be flipped again"
            if self.face(c).name != a.c:
                return f"that slot shows {self.face(c).name}, not {a.c}"
            return "the effect only flips a card showing its symbol"
        if k in ("fx", "skip"):
            return "no effect is waiting for a choice"
        if ph == KEEP and k not in ("keep", "build"):
            return "after drawing 2, keep one and discard the other first"
        h = self.hand[p]
        limit = self.rules.hand_limit
        if k == "keep":
            if ph != KEEP:
                return "keep only follows 'draw 2'"
            if len(h) >= limit:
                return f"never more than {limit} cards in hand: build one first"
            if a.d not in range(1, self.areas + 1):
                return f"this game has {self.areas} discard area(s)"
            return "keep names the two drawn cards as they show"
        if k in ("draw", "take", "flip", "pass"):
            if self.main_done:
                return "only one main action per turn (draw, take from the Celeiro or flip)"
            if k == "pass":
                return "pass only when no main action is possible"
            if k == "draw":
                if not self.deck:
                    return "the deck is empty: take from the Celeiro or flip a card"
                if len(h) >= limit:
                    return f"never more than {limit} cards in hand: build one first"
                return "not a legal action in this position"
            if k == "take":
                if not isinstance(a.a, int) or not 1 <= a.a <= self.areas:
                    return f"this game has {self.areas} discard area(s)"
                if not self.cel[a.a - 1]:
                    return f"Celeiro {a.a} is empty"
                if len(h) >= limit:
                    return f"never more than {limit} cards in hand: build one first"
                return f"the visible top card of Celeiro {a.a} is {self.face(self.cel[a.a - 1][-1]).name}"
            if not isinstance(a.a, int) or not 1 <= a.a <= len(h):
                return "flip a card in your hand"
            return f"hand card {a.a} shows {self.face(h[a.a - 1]).name}"
        if k == "build":
            if self.built:
                return "the free build is made once per turn"
            if not isinstance(a.a, int) or not 1 <= a.a <= len(h):
                return "only cards in your hand can be placed in the pyramid"
            if self.face(h[a.a - 1]).name != a.b:
                return f"hand card {a.a} shows {self.face(h[a.a - 1]).name}"
            s = a.c
            if not isinstance(s, int) or not 0 <= s < 6:
                return "the pyramid has rows 1-3 (1, 2 and 3 slots)"
            m = self.mask[p]
            if m >> s & 1:
                return "that slot already holds a card"
            if not m & 1:
                return "start the pyramid with row 1"
            if s in (1, 2):
                return "not a legal action in this position"
            if not m & 0b110:
                return "row 3 starts once row 2 has at least one card"
            return "a row-3 card needs a supporting card above it"
        if k == "end":
            if not self.main_done:
                return "make your main action (draw, take from the Celeiro or flip) before ending the turn"
            return "the turn is already over"
        return "not a legal action in this position"

    # ------------------------------------------------------------------ parsing
    def _face_name(self, text: str) -> str:
        n = self._t.fold.get(_fold(text))
        if n is None:
            raise IllegalAction(f"unknown card face {text!r}")
        return n

    def _parse_action(self, text: str) -> Action:
        """The cow game's grammar (see :meth:`GameState.parse_action` for what is
        forgiven). Keywords and face names may be written without accents and in any
        case; every pattern runs in time linear in the text."""
        t = text
        low = t.lower()
        fixed = {"draw 2": DRAW, "end turn": END_TURN, "skip effect": SKIP, "pass": PASS}
        if low in fixed:
            return fixed[low]
        m = _RE_BUILD.match(t)
        if m:
            return Action("build", int(m[2]), self._face_name(m[1]), _slot_index(int(m[3]), int(m[4]), t))
        m = _RE_FX.match(t)
        if m:
            rel = "own" if m[1].lower() == "own" else "opponent"
            return Action("fx", rel, _slot_index(int(m[3]), int(m[4]), t), self._face_name(m[2]))
        m = _RE_FLIP.match(t)
        if m:
            return Action("flip", int(m[2]), self._face_name(m[1]))
        m = _RE_TAKE.match(t)
        if m:
            return Action("take", int(m[2]), self._face_name(m[1]))
        m = _RE_KEEP.match(t)
        if m:
            if int(m[2]) + int(m[4]) != 3:
                raise IllegalAction(f"keep one drawn card and discard the other: {text!r}")
            return Action("keep", int(m[2]), self._face_name(m[1]), self._face_name(m[3]), int(m[5]))
        raise IllegalAction("unreadable action of the cow game: actions read like 'draw 2', "
                            "'build Mimosa (hand 1) at row 1 slot 1', 'take Farol from Celeiro 1', 'end turn'")

    # ------------------------------------------------------------------ scoring
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

    def seat_name(self, seat: int) -> str:
        """A readable name for logs and boards: the seat's Alien ("Green alien")."""
        return SEAT_NAMES[seat] if seat in (0, 1) else "-"

    # ------------------------------------------------------------ observation
    def _card_view(self, c: int, seat: int) -> dict[str, Any]:
        return {"face": self.face(c).name,
                "back": self.back(c).name if self.seen[c] >> seat & 1 else None}

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: every face showing on the table (hands are played face
        up), the deck's size and top face, every discarded card (all were revealed);
        hidden backs only where ``seat`` has seen them; never the deck order nor a card's
        identity."""
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        v = self._card_view
        return {
            "seat": seat,
            "current_player": self.current_player,
            "turn_player": self.turn,
            "starting_player": self.starter,
            "phase": self.phase_name,
            "final_turn": self.final,
            "main_action_done": self.main_done,
            "build_used": bool(self.built),
            "deck_size": len(self.deck),
            "deck_top": self.face(self.deck[0]).name if self.deck else None,
            "celeiro": [[self.face(c).name for c in pile] for pile in self.cel],
            "celeiro_top": [self.face(pile[-1]).name if pile else None for pile in self.cel],
            "drawn": [v(c, seat) for c in self.drawn],
            "hands": [[v(c, seat) for c in self.hand[s]] for s in (0, 1)],
            "pyramids": [[None if c < 0 else v(c, seat) for c in self.pyr[s]] for s in (0, 1)],
            "pending_effect": (self.stack[-1][2].text() if self.phase == EFFECT else None),
            "scores": self.scores(),
            "stall": self.stall,
        }

    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` sees, for search bots (see
        :mod:`ovnilab.cows.determinize`)."""
        from .determinize import determinize

        return determinize(self, seat, rng)

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """``str(action)`` for a log: every decision of this game is public (drawn cards are
        revealed, hands lie face up), so nothing is masked."""
        return str(action)

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return (f"<cows.State {self.areas} Celeiro area(s), turn {self.turns}, {self.phase_name}, {who}, "
                f"{len(self.log)} actions>")

    def _repr_svg_(self) -> str:
        from .render import to_svg  # lazy: rules never imports render at module level

        return to_svg(self)


_SLOT_RE = r"row ([1-3]) slot ([1-3])"
_RE_BUILD = re.compile(rf"^build (.+) \(hand (\d)\) at {_SLOT_RE}$", re.IGNORECASE)
_RE_FX = re.compile(rf"^flip (own|opponent's) (.+) at {_SLOT_RE}$", re.IGNORECASE)
_RE_FLIP = re.compile(r"^flip (.+) \(hand (\d)\)$", re.IGNORECASE)
_RE_TAKE = re.compile(r"^take (.+) from celeiro (\d)$", re.IGNORECASE)
# issue 11 #6: each face name stops before the first " (drawn " (a tempered token), so the
# pattern never tries one split of the text after another: linear time, not quadratic
_FACE_UNTIL_DRAWN = r"((?:(?! \(drawn ).)+)"
_RE_KEEP = re.compile(rf"^keep {_FACE_UNTIL_DRAWN} \(drawn ([12])\), discard {_FACE_UNTIL_DRAWN} \(drawn ([12])\) "
                      r"to celeiro (\d)$", re.IGNORECASE)


def _slot_index(row: int, k: int, text: str) -> int:
    try:
        return SLOTS.index((row, k))
    except ValueError:
        raise IllegalAction(f"row {row} has no slot {k}: {text!r}") from None


def new_game(seed: int | None = None, discard_areas: int = 1, rules: Rules | None = None,
             num_players: int = 2) -> State:
    """Start a game: ``discard_areas`` is the Celeiro face (1 is recommended for a first
    game); ``rules`` the options (defaults = the rulebook). ``num_players`` is accepted
    for the shared API (``sim.run_many`` passes it) and must be 2."""
    if num_players != 2:
        raise ValueError(f"the cow game is for 2 players, not {num_players!r}")
    return State(seed, discard_areas, rules)


def check_invariants(state: State) -> None:
    """Raise AssertionError when a law of the components is broken.

    Every card is in exactly one place (deck, Celeiro, drawn pair, a hand, a pyramid);
    hands never exceed the limit; pyramids have a legal shape; at most one build per turn;
    the phase agrees with the pending choices.
    """
    s = state
    n = s.cards.num_cards
    where = list(s.deck) + [c for p in s.cel for c in p] + list(s.drawn)
    for p in (0, 1):
        where += s.hand[p]
        where += [c for c in s.pyr[p] if c >= 0]
    assert sorted(where) == list(range(n)), f"cards not accounted for: {sorted(where)}"
    assert len(s.deck) % 2 == 0, "the deck is drawn two at a time"
    assert all(u in (0, 1) for u in s.up), "a card lies side A (0) or side B (1) up"
    assert s.built in (0, 1), "one build per turn"
    for p in (0, 1):
        assert len(s.hand[p]) <= s.rules.hand_limit, f"seat {p} holds {len(s.hand[p])} cards"
        m = sum(1 << i for i, c in enumerate(s.pyr[p]) if c >= 0)
        assert m == s.mask[p], f"seat {p}: pyramid mask out of date"
        if m & 0b110:
            assert m & 1, f"seat {p}: row 2 before row 1 is complete"
        for slot, above in SUPPORTS.items():
            if m >> slot & 1:
                held = [m >> a & 1 for a in above]
                ok = all(held) if s.rules.support == "both" else any(held)
                assert ok, f"seat {p}: {slot_name(slot)} has no supporting card"
    assert s.drawn == [] or len(s.drawn) == 2, "draw takes two cards"
    if s.phase == KEEP:
        assert s.drawn, "the keep choice needs two drawn cards"
    elif s.drawn:
        assert s.phase == EFFECT, "drawn cards wait only for the keep choice (or a build's effect)"
    if s.phase == EFFECT:
        assert s.stack, "an effect phase needs a pending effect"
    if s.over:
        assert s.current_player == TERMINAL and s.phase == OVER, "a finished game has nobody to act"
        assert s.mask[0] == FULL or s.mask[1] == FULL or (s.rules.stall_limit and s.stall >= s.rules.stall_limit), \
            "a game ends with a complete pyramid or by the stall rule"
    assert s.rules.stall_limit == 0 or s.stall <= s.rules.stall_limit, "the stall count stops at its limit"


invariants = check_invariants
