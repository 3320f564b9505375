"""The state of a game: its rule options (:class:`Rules`), the fields a position is made
of and the set-up that fills them (``State.__init__``), and the entry points
:func:`new_game` and :func:`check_invariants`.

:class:`State` is one class whose methods live in the modules named for what they do
(each a mixin: :mod:`.turn`, :mod:`.actions`, :mod:`.scoring`, :mod:`.hidden`); all of
them read and change the fields ``State.__init__`` sets up.

Readings of the rulebook (the default is the reading we judge most faithful; the
alternative is a :class:`Rules` option)
--------------------------------------------------------------------------------
* Hand limit, effects, the end of the game: see :mod:`.turn`.
* Row 3 support: the pyramid is built downwards from row 1 (one card, under the Alien).
  Row-2 cards sit between row-3 slots like bricks: row 2 slot 1 holds up row 3 slots 1
  and 2; row 2 slot 2 holds up row 3 slots 2 and 3. The middle slot needs one card above
  it (``support="any"``: "uma carta acima dela"); ``support="both"`` needs both.
* Starting player: "the last player who saw a cow" cannot be modelled; the RNG draws it
  (``starting_player=-1``), or fix it with 0 or 1.
* Ties: the rulebook names no tie-break, so tied players share the win
  (``tie_break="shared"``); ``"most_cattle"`` gives it to the most cows + calves in the
  pyramid (the title is "best cattle-abducting Alien"), then shared.
* Flip chains and termination (``max_chain_flips``, ``stall_limit``) are rules ovnilab
  adds: see :mod:`.turn`.

Representation: cards are ints ``0..N-1``; ``up[c]`` is the side showing (0 = A, 1 = B);
hands, discard areas and the deck (its end is the bottom) are lists of ints; a pyramid is
6 slots (-1 = empty) plus a bitmask. Actions are interned per card set (:mod:`.actions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import (RuleSet, TERMINAL, GameState, SaveFormatError, load_saved_file, rule_option, rules_from_dict,
                     rules_to_dict, saved_choice)
from .. import data as _data
from ..data import Cards, Effect, Face, load_cards
from .actions import Action, ActionTextMixin, _tables
from .components import EFFECT, KEEP, MAIN, OVER, PHASE_NAMES, SEAT_NAMES
from .hidden import HiddenInfoMixin
from .pyramid import _OPEN, FULL, SUPPORTS, slot_name
from .scoring import ScoringMixin
from .turn import TurnMixin

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


class State(TurnMixin, ActionTextMixin, ScoringMixin, HiddenInfoMixin, GameState):
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
        """The generator of the set-up's one chance event (the only one the game draws):
        the core's ``chance()``, seeded from the game's seed and cheap to clone."""
        return self.chance()

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

    def seat_name(self, seat: int) -> str:
        """A readable name for logs and boards: the seat's Alien ("Green alien")."""
        return SEAT_NAMES[seat] if seat in (0, 1) else "-"

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return (f"<cows.State {self.areas} Celeiro area(s), turn {self.turns}, {self.phase_name}, {who}, "
                f"{len(self.log)} actions>")

    def _repr_svg_(self) -> str:
        from ..render import to_svg  # lazy: rules never imports render at module level

        return to_svg(self)


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
