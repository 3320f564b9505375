"""The state of a game: its rule options (:class:`Rules`), the fields a position is made
of, the phase dispatch (the legal actions of each phase, the method applying each kind of
action), and the entry points :func:`new_game`, :func:`example_position` and
:func:`check_invariants`.

:class:`State` is one class whose methods live in the modules named for the parts of the
turn (each a mixin: :mod:`.setup`, :mod:`.recruitment`, :mod:`.groups`, :mod:`.board`,
:mod:`.scoring`, :mod:`.hidden`, :mod:`.actions`); all of them read and change the fields
``State.__init__`` sets up. The tables at the end send each phase to its ``_legal_*``
method and each kind of action to its ``_do_*`` method.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping, Sequence

from ...core import (RuleSet, TERMINAL, GameState, IllegalAction, SaveFormatError, load_saved_file,
                     rule_option, rules_from_dict, rules_to_dict, saved_choice)
from ...i18n import N_
from .. import data as _data
from ..data import ALIEN_TYPES, Board, Cards, _fold, load_board, load_cards
from .actions import Action, ActionTextMixin, _tables
from .board import BoardMixin
from .components import (_TYPE_INDEX, ACTIONS, AREA_LETTERS, CHOOSE_ALIENS, ENERGY, FORCE_FIELD, GROUP_NAMES, HUMANS_PER_CATEGORY,
                         KEEP_MISSIONS, MAP_TOKENS_PER_PLAYER, PLACEMENT, RECRUIT, SEAT_COLOURS, THIRD_ALIENS,
                         UFOS_PER_PLAYER)
from .groups import GroupsMixin
from .hidden import HiddenInfoMixin
from .recruitment import AREA_TIE_RULES, RecruitmentMixin
from .scoring import ScoringMixin
from .setup import SetupMixin


@dataclass(frozen=True)
class Rules(RuleSet):
    """Rule options. The defaults are the rulebook; change them for what-if analyses.

    Where the rulebook is silent or ambiguous, the default is the reading we judge most
    faithful and the alternative is an option:

    area_tie
        equal sums in an area: see :data:`ovnilab.ovni.rules.AREA_TIE_RULES`.
    third_player_competes
        2-player variant: "calcule a pontuação normalmente entre ambos os jogadores. O 3º
        jogador não pontua." The third player's pieces are on the board all game (they
        block abductions, its mapping tokens raise the bar, it can be attacked), and
        "normalmente" is the normal count of every player's pieces; "não pontua" says it
        takes no points. So by default (True) its pieces count in every majority, in play
        and at final scoring, and what it would win (an alien majority, an airspace) goes
        to nobody: one meaning of majority for the whole game. False is the other reading
        of "entre ambos": at final scoring only the two real players are compared (its
        pieces still block abductions in play, where the ordinary rule applies).
        Saves made before this default changed hold False and replay as they were.
    ufo_mission
        mapping missions ask to "have built and launched" 6-7 UFOs. ``"on_board"``: UFOs
        on the board at the end (the family is "Mapeamento e Posse", possession);
        ``"launched"``: UFOs launched from the platform over the whole game.
    no_three_in_a_row_fallback
        when every open slot would give the placer three consecutive tokens of one colour
        (rare, near the end of placement), the rulebook gives no way out; we lift the
        restriction for that one token (True). False makes such a deadlock an error:
        ``legal_actions`` raises :class:`RulesDeadlock` naming the option.
    cancelled_six_returns, launch_needs_builder, colour_bonus_per_set, captured_count_for_majority
        a cancelled 6 is spent; the builders group needs a builder; the 5/6-colour bonus
        is paid once; captured aliens count in majorities (the comment on each field and
        ``data/ovni/README.md`` give the reasons and the other reading).

    Every option has a documented range (``rule_option``), checked when the rules are
    built: sizes are bounded so that every game is finite and small (the game ends after
    the round in which an alien stock runs out, so ``stock_per_type`` bounds its length).
    A bad value raises one :class:`~ovnilab.core.RulesError` listing every bad field.
    """

    # rulebook: "a plataforma só tem espaço para duas naves"
    platform_capacity: int = rule_option(2, "UFOs the launch platform holds", lo=1, hi=UFOS_PER_PLAYER)
    # rulebook: builders launch one or two platform UFOs
    launch_limit: int = rule_option(2, "platform UFOs the builders launch per activation", lo=1,
                                    hi=UFOS_PER_PLAYER)
    # rulebook: first to have two UFOs in a city maps it
    map_threshold: int = rule_option(2, "own UFOs in a city to map it first", lo=1, hi=UFOS_PER_PLAYER)
    # rulebook: three once someone has mapped it
    map_threshold_mapped: int = rule_option(3, "own UFOs in a city to map it once someone has", lo=1,
                                            hi=UFOS_PER_PLAYER)
    area_tie: str = rule_option("earliest", "who wins equal sums in a recruitment area", choices=AREA_TIE_RULES)
    # rulebook: never three of one colour consecutively
    no_three_in_a_row: bool = rule_option(True, "no three tokens of one colour in a row in an area")
    no_three_in_a_row_fallback: bool = rule_option(
        True, "lift the no-three-in-a-row rule for a token that has no other slot")
    # rulebook: token 6 is used once per game
    token_six_once: bool = rule_option(True, "command token 6 is used once per game")
    # rulebook: up to two different groups per turn
    groups_per_turn: int = rule_option(2, "alien groups a player activates per turn", lo=1, hi=len(GROUP_NAMES))
    # rulebook: energy bonus 2 = three groups
    energy_groups: int = rule_option(3, "groups activated per turn with energy bonus 2", lo=1,
                                     hi=len(GROUP_NAMES))
    stock_per_type: int = rule_option(20, "alien tokens of each type in the stock (the game ends when one runs out)",
                                      lo=1, hi=40)
    # rulebook: remove 4 per type with 2 or 3 players
    stock_removed_small: int = rule_option(4, "tokens of each type removed with 2 or 3 players "
                                              "(below stock_per_type)", lo=0, hi=39)
    # rulebook: the force-field ability boxes two military
    force_field_cost: int = rule_option(2, "military tokens boxed by the force field", lo=1, hi=10)
    # rulebook: one attack per trio of military
    capture_size: int = rule_option(3, "military tokens per attack", lo=1, hi=10)
    # rulebook: one abduction per pair of abductors
    abduction_size: int = rule_option(2, "abductor tokens per abduction", lo=1, hi=10)
    # rulebook: the extra-movement ability gives two moves
    extra_moves: int = rule_option(2, "extra pilot moves given by the extra-movement ability", lo=0, hi=6)
    # reading: a cancelled 6 was still "used" (see _end_recruitment, recruitment.py)
    cancelled_six_returns: bool = rule_option(
        False, "a 6 cancelled by an equal 6 returns to its owner unspent (default: it is spent)")
    # reading: the builders group needs a builder to be activated (see _group_budget, groups.py)
    launch_needs_builder: bool = rule_option(
        True, "launching platform UFOs needs at least one builder (False: any platform UFO launches)")
    # reading: the 5/6-colour bonus is one scoring item (see score_humans, scoring.py)
    colour_bonus_per_set: bool = rule_option(
        False, "the 5/6-colour humans bonus is paid for every set of different colours (default: once)")
    # reading: captured aliens lie under the mat with the recruited ones (see score_breakdown, scoring.py)
    captured_count_for_majority: bool = rule_option(
        True, "captured aliens count in the alien majorities (False: only recruited ones, 'fichas recrutadas')")
    # reading: "duas vezes seguidas" bars only consecutive attacks on one opponent (see
    # _barred_target, groups.py); the "ou seja" example has two attacks, where both agree
    attack_distinct_targets: bool = rule_option(
        False, "every attack of one military activation targets a different opponent "
               "(default: only never the same one twice in a row)")
    mission_done: int = rule_option(8, "points for a mission done", lo=-100, hi=100)
    mission_failed: int = rule_option(-5, "points for a mission failed", lo=-100, hi=100)
    third_player_competes: bool = rule_option(
        True, "2 players: the third player's pieces count in final scoring's majorities and airspace "
              "(False: only the real players are compared at the end)")
    ufo_mission: str = rule_option("on_board", "mapping missions count UFOs on the board or UFOs launched",
                                   choices=("on_board", "launched"))
    board_file: str | None = rule_option(None, "the board: a file name in data/ovni (empty: board.toml)",
                                         folder=lambda: _data.data_dir() / "ovni")
    cards_file: str | None = rule_option(None, "the cards: a file name in data/ovni (empty: cards.toml)",
                                         folder=lambda: _data.data_dir() / "ovni")


#: options that change nothing while another has a given value (core.warn_inert)
_INERT = {"cancelled_six_returns": ("token_six_once", False,
                                    N_("a 6 that may be used again is never spent, cancelled or not")),
          "no_three_in_a_row_fallback": ("no_three_in_a_row", False,
                                         N_("without the no-three-in-a-row rule no placement is ever barred, "
                                            "so there is nothing for the fallback to lift")),
          # issue 38's search found no position where launch_limit=3 plays differently
          "launch_limit": ("platform_capacity", lambda capacity, limit: limit > capacity,
                           N_("the builders launch from the platform, which never holds more UFOs than its capacity"))}


#: rule options added by issue 12, with the second board reconstruction; a save that
#: stores every other option but none of these was made before, on the first board
_ISSUE_12_OPTIONS = frozenset({"cancelled_six_returns", "launch_needs_builder", "colour_bonus_per_set",
                               "captured_count_for_majority"})
#: the first reconstruction of the board (data/ovni/board_v1.toml), kept for old saves
FIRST_BOARD = "board_v1.toml"


def _before_issue_12(saved: Any) -> Any:
    """The saved rule options, with the board they were played on made explicit.

    Saves hold every rule option of their day, and a save made before issue 12 that names
    no board was played on the first reconstruction, where Berlim and Tóquio share only
    Moscou: it replays on that file (a move such as Moscou -> Dubai is not a route of the
    current board). Anything else is returned unchanged."""
    if not isinstance(saved, dict) or saved.get("board_file") is not None:
        return saved
    older = {f.name for f in fields(Rules)} - _ISSUE_12_OPTIONS
    if older <= set(saved) and not _ISSUE_12_OPTIONS & set(saved):
        return dict(saved, board_file=FIRST_BOARD)
    return saved


def _check_rules_across(rules: Rules, errors: dict[str, str]) -> None:
    """Checks that join two options (each one valid alone)."""
    if not ({"stock_removed_small", "stock_per_type"} & set(errors)) \
            and rules.stock_removed_small >= rules.stock_per_type:
        errors["stock_removed_small"] = N_("must be below stock_per_type ({n}), got {value}").format(
            n=rules.stock_per_type, value=rules.stock_removed_small)


# core.RuleSet runs these when a Rules is built
Rules._across = _check_rules_across
Rules._inert = _INERT


class State(SetupMixin, RecruitmentMixin, GroupsMixin, BoardMixin, ScoringMixin, HiddenInfoMixin, ActionTextMixin,
            GameState):
    """A game of Ovni in progress. Build it with :func:`new_game`."""

    game_name = "ovni"
    action_class = Action

    # ------------------------------------------------------------------ set-up
    def __init__(self, num_players: int = 4, seed: int | None = None, rules: Rules | None = None) -> None:
        if num_players not in (2, 3, 4):
            raise ValueError(f"Ovni is played by 2, 3 or 4 players, not {num_players!r}")
        rules = Rules.given(rules)
        super().__init__(seed, {"num_players": num_players, "rules": rules_to_dict(rules)})
        self.rules = rules
        self.board: Board = load_board(rules.board_file)
        self.cards: Cards = load_cards(rules.cards_file)
        self._t = _tables(self.board)
        n = num_players
        self.n = n  # real players
        self.third = 2 if n == 2 else -1
        self.ns = 3 if n == 2 else n  # seats with pieces
        ns = self.ns
        rng = self.chance()  # one generator for the whole set-up
        self.round = 0
        self.phase = KEEP_MISSIONS
        self.actor = 0
        self.over = False
        self._set_up(rng)  # rulebook: Preparação (see setup.py)
        self.discard: list[int] = []
        self.area_cards: list[int] = []
        self.area_cards_last: list[int] = []
        self.area_winner_last: list[int] = []
        self.area_slots_last: list[list[tuple[int, int]]] = []
        self.area_slots: list[list[tuple[int, int]]] = []  # (owner seat, value)
        #: every area resolved so far: (round, area index, card, its (owner, value) tokens in
        #: placement order, the seat that recruited its card or -1); result_areas reads it
        self.area_log: list[tuple[int, int, int, tuple[tuple[int, int], ...], int]] = []
        self.place_seq: list[tuple[int, int]] = []  # (placer, owner)
        self.place_pos = 0
        self.third_bag: list[int] = []
        self.area_winner: list[int] = []
        self.resolve_pos = 0
        self.won = [0] * ns
        self.received = [0] * ns
        self.order1: list[int] = []
        self.order2: list[int] = []
        self.energy = [0] * ns  # 0, 1 or 2 this round
        self.energy_queue: list[int] = []
        self.shield = [False] * ns  # energy bonus 1 or force-field ability this round
        self.boxed = [0] * ns  # military placed in the force-field box
        self.ff_queue: list[int] = []
        self.turn_pos = 0
        self.used_groups = 0  # bitmask of groups used this turn
        self.group = -1
        self.budget = 0
        self.last_target = -1
        self.attacked = 0  # bitmask of the opponents attacked in this military activation
        self.frozen = [[0] * 12 for _ in range(ns)]
        self.round1_first = -1
        self.third_pair: list[int] = []
        self.gives_done = 0  # the third player's starting aliens picked (or skipped) so far
        #: what the engine did by itself after the last action (a group closed, a turn
        #: passed): the next refusal says it, since the position changed under the player
        self.auto_note: tuple = ()
        self.actor = 0

    @classmethod
    def from_options(cls, seed: int, options: dict[str, Any]) -> "State":
        """A new game from saved options; every error is a :class:`SaveFormatError`
        naming the field, raised before the game is built (data files included)."""
        if not isinstance(options, dict):
            raise SaveFormatError("options must be an object", "options")
        unknown = set(options) - {"num_players", "rules"}
        if unknown:
            first = sorted(unknown)[0][:60]
            raise SaveFormatError(f"options.{first} is not an Ovni option", f"options.{first}")
        n = saved_choice(options, "num_players", (2, 3, 4))
        rules = rules_from_dict(Rules, _before_issue_12(options.get("rules", {})))
        load_saved_file("board_file", load_board, rules.board_file)
        load_saved_file("cards_file", load_cards, rules.cards_file)
        return cls(n, seed, rules)

    # mutable fields, copied by clone (scalars and immutable values are shared)
    _FLAT_LISTS = ("stock", "abilities", "missions_dealt", "missions_kept", "track", "human", "mapped",
                   "map_tokens", "platform", "reserve", "launched", "builds_lost", "six_uses", "deck",
                   "discard", "area_cards", "area_cards_last", "area_winner_last", "place_seq",
                   "third_bag", "area_winner", "won", "received", "order1", "order2", "energy",
                   "energy_queue", "shield", "boxed", "ff_queue", "third_pair", "area_log")
    _NESTED_LISTS = ("aliens", "captured", "abducted", "ufo", "tokens_owned", "area_slots", "frozen",
                     "area_slots_last")

    # shared read-only data (tables, board, card set), and the note of the last automatic
    # steps (a message, not the position): equality skips them
    _STATIC = ("_t", "board", "cards", "auto_note")

    # ------------------------------------------------------------- properties
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.actor

    @property
    def num_players(self) -> int:
        return self.n

    def colour(self, seat: int) -> str:
        return SEAT_COLOURS[seat]

    def seat_name(self, seat: int) -> str:
        """A readable name: the seat's colour and planet."""
        if seat == TERMINAL:
            return "-"
        if seat == self.third:
            return f"{SEAT_COLOURS[seat]} (third player)"
        return f"{SEAT_COLOURS[seat]} ({self.cards.planets[seat]})"

    def _repr_svg_(self) -> str:
        from ..render import to_svg  # rules never import rendering at module level

        return to_svg(self)

    def planet(self, seat: int) -> str:
        return self.cards.planets[seat]

    def is_over(self) -> bool:
        return self.over

    def counts(self, seat: int) -> dict[str, int]:
        """Alien tokens of ``seat`` by type name."""
        return dict(zip(ALIEN_TYPES, self.aliens[seat]))

    def _planet_map(self) -> dict[int, int]:
        return {s: self.cards.planet_distance[s] for s in range(self.n)}

    # ------------------------------------------------------ legal actions and apply
    def _legal(self) -> list[Action]:
        """The legal actions of the phase the game waits in (``_LEGAL``; none once it is over)."""
        legal = _LEGAL.get(self.phase)
        return [] if legal is None else legal(self)

    def _do(self, a: Action) -> None:
        """Apply a legal action: the ``_do_<kind>`` method of its part of the turn (``_APPLY``)."""
        self.auto_note = ()
        do = _APPLY.get(a.kind)
        if do is None:  # pragma: no cover - legality was checked
            raise IllegalAction(N_("unknown action kind {kind}").format(kind=repr(a.kind)), a)
        do(self, a)

    # ------------------------------------------------------------- for analyses
    def first_mover(self) -> int | None:
        """The first player of round 1's recruitment (None before it starts): the seat
        whose first-move advantage the analyses measure."""
        return None if self.round1_first < 0 else self.round1_first

    def result_extras(self) -> dict[str, Any]:
        """What analyses group results by (see :mod:`ovnilab.sim`, ``RESULT_EXTRAS``).

        Per seat (lists, one entry per seat): ``abilities`` (its ability cards),
        ``missions`` (the ids of the missions it kept), ``mission_families`` (their
        families, sorted, each once) and ``planet``. Per game: ``round1_first``, the seat
        that moved first in round 1."""
        fam = {m.id: m.family for m in self.cards.missions}
        return {
            "abilities": [list(self.abilities[s]) for s in range(self.n)],
            "missions": [list(self.missions_kept[s]) for s in range(self.n)],
            "mission_families": [sorted({fam[m] for m in self.missions_kept[s]}) for s in range(self.n)],
            "planet": [self.cards.planets[s] for s in range(self.n)],
            "round1_first": self.round1_first,
        }

    def result_areas(self) -> list[dict[str, Any]]:
        """Every recruitment area of the game so far, JSON-ready (see
        :attr:`ovnilab.sim.GameResult.areas`): its round, letter, card, the tokens in
        placement order as ``[seat, value]`` and the seat that recruited its card
        (``None``: nobody won it; in a two-player game seat 2 is the third player)."""
        return [{"round": r, "area": AREA_LETTERS[i], "card": card, "tokens": [list(t) for t in slots],
                 "winner": None if w < 0 else w} for r, i, card, slots, w in self.area_log]

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return f"<ovni.State {self.n} players, round {self.round}, {self.phase}, {who}, {len(self.log)} actions>"


#: the legal actions of each phase (the decision the game waits for)
_LEGAL: dict[str, Callable[[State], list[Action]]] = {
    KEEP_MISSIONS: State._legal_keep, CHOOSE_ALIENS: State._legal_aliens, THIRD_ALIENS: State._legal_give,
    PLACEMENT: State._legal_placement, RECRUIT: State._legal_recruit, ENERGY: State._legal_energy,
    FORCE_FIELD: State._legal_force_field, ACTIONS: State._legal_turn,
}
#: the kinds of action (:class:`Action`), each applied by ``State._do_<kind>``
_KINDS = ("keep", "aliens", "give", "place", "recruit", "energy", "energy_third", "force_field", "activate",
          "move", "abduct", "launch", "capture", "destroy", "end_group", "end_turn")
_APPLY: dict[str, Callable[[State, Action], None]] = {k: getattr(State, "_do_" + k) for k in _KINDS}


def new_game(
    num_players: int = 4,
    seed: int | None = None,
    rules: Rules | None = None,
    setup: str | None = None,
) -> State:
    """Start a game of Ovni.

    ``setup="random"`` lets a seeded generator make every set-up choice (missions kept,
    starting aliens, the third player's aliens); they are still actions in the log.
    """
    state = State(num_players, seed, rules)
    if setup is not None:
        if setup != "random":
            raise ValueError("setup must be None or 'random'")
        import random as _random

        r = _random.Random(state.seed ^ 0x5E7)
        while state.phase in (KEEP_MISSIONS, CHOOSE_ALIENS, THIRD_ALIENS):
            state.apply(r.choice(state.legal_actions()))
    return state


def example_position(
    num_players: int = 4,
    to_act: int = 0,
    *,
    aliens: Mapping[int, Mapping[str, int]] | None = None,
    ufos: Mapping[int, Mapping[str, int]] | None = None,
    platform: Mapping[int, int] | None = None,
    abilities: Mapping[int, Sequence[str]] | None = None,
    mapped: Mapping[str, Sequence[int]] | None = None,
    captured: Mapping[int, Mapping[str, int]] | None = None,
    rules: Rules | None = None,
    seed: int = 0,
) -> State:
    """A phase-2 position arranged by hand, for lessons and tests.

    Starts from a real game (humans, track and cards come from ``seed``), then empties
    the board and gives exactly the pieces named: ``aliens={0: {"pilot": 4}}``,
    ``ufos={0: {"Berlim": 2}}``, ``platform={0: 2}``, ``abilities={0: ["extra_moves"]}``,
    ``mapped={"Tóquio": [1]}``, ``captured={1: {"abductor": 2}}`` (capture markers on
    aliens the seat already has). Seat ``to_act`` is to activate its groups; the other real
    players follow in seat order. Aliens come from the stock and UFOs from the reserve,
    so every component stays accounted for. Undo stops at this position and it cannot be
    saved as a replay (it has no action log).
    """
    s = new_game(num_players, seed=seed, rules=rules, setup="random")
    ns = s.ns
    if not (isinstance(to_act, int) and 0 <= to_act < num_players):
        raise ValueError(f"example_position: to_act must be a real player's seat 0..{num_players - 1}, "
                         f"got {to_act!r}")

    def seat_of(seat: Any, what: str) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < ns:
            third = " (seat 2 is the imaginary third player)" if s.third >= 0 else ""
            raise ValueError(f"example_position: {what} names seat {seat!r}; seats are 0..{ns - 1}{third}")
        return seat

    def type_of(name: Any, what: str) -> int:
        t = _TYPE_INDEX.get(_fold(name)) if isinstance(name, str) else None
        if t is None:
            raise ValueError(f"example_position: {what} names the alien type {name!r}; "
                             f"types are {list(ALIEN_TYPES)}")
        return t

    def city_of(name: Any, what: str) -> int:
        c = s._t.city_fold.get(_fold(name)) if isinstance(name, str) else None
        if c is None:
            raise ValueError(f"example_position: {what} names the city {name!r}; "
                             f"cities are {list(s.board.names)}")
        return c

    s.stock = [s.rules.stock_per_type - s.stock_removed] * 4
    s.aliens = [[0] * 4 for _ in range(ns)]
    s.captured = [[0] * 4 for _ in range(ns)]
    s.ufo = [[0] * 12 for _ in range(ns)]
    s.platform = [0] * ns
    s.reserve = [UFOS_PER_PLAYER] * ns
    s.mapped = [0] * 12
    s.map_tokens = [MAP_TOKENS_PER_PLAYER] * ns
    s.abilities = [() for _ in range(ns)]
    s.missions_kept = [() for _ in range(ns)]
    s.area_cards, s.area_slots = [], []
    s.deck = list(range(len(s.cards.alien_cards)))
    s.chance().shuffle(s.deck)
    s.discard = []
    for seat, counts in (aliens or {}).items():
        seat = seat_of(seat, "aliens")
        for name, k in counts.items():
            t = type_of(name, "aliens")
            if k > s.stock[t]:
                raise ValueError(f"only {s.stock[t]} {name}s are in the stock")
            s.aliens[seat][t] += k
            s.stock[t] -= k
    for seat, counts in (captured or {}).items():
        seat = seat_of(seat, "captured")
        for name, k in counts.items():
            t = type_of(name, "captured")
            if k > s.aliens[seat][t]:
                raise ValueError(f"seat {seat} has only {s.aliens[seat][t]} {name}s to mark captured")
            s.captured[seat][t] = k
    for seat, where in (ufos or {}).items():
        seat = seat_of(seat, "ufos")
        for name, k in where.items():
            c = city_of(name, "ufos")
            if k > s.reserve[seat]:
                raise ValueError(f"seat {seat} has only {UFOS_PER_PLAYER} UFOs")
            s.ufo[seat][c] += k
            s.reserve[seat] -= k
    for seat, k in (platform or {}).items():
        seat = seat_of(seat, "platform")
        if k > s.rules.platform_capacity or k > s.reserve[seat]:
            raise ValueError(f"platform of seat {seat}: at most {s.rules.platform_capacity}")
        s.platform[seat] += k
        s.reserve[seat] -= k
    known = list(_data.ABILITY_KINDS)
    for seat, kinds in (abilities or {}).items():
        seat = seat_of(seat, "abilities")
        if isinstance(kinds, str):
            raise ValueError(f"example_position: abilities of seat {seat} must be a list of names, got {kinds!r}")
        bad = [k for k in kinds if k not in known]
        if bad:
            raise ValueError(f"example_position: unknown abilities {bad}; abilities are {known}")
        s.abilities[seat] = tuple(sorted(kinds))
    for name, seats in (mapped or {}).items():
        c = city_of(name, "mapped")
        for seat in seats:
            seat = seat_of(seat, "mapped")
            s.mapped[c] |= 1 << seat
            s.map_tokens[seat] -= 1
    s.round = 1
    s.phase = ACTIONS
    s.order1 = list(range(num_players))
    s.round1_first = -1  # no recruitment was played here (first_mover() is None), whatever the set-up's game did
    s.order2 = [to_act] + [p for p in range(num_players) if p != to_act]
    s.turn_pos = 0
    s.actor = to_act
    s.used_groups = 0
    s.group = -1
    s.mark_arranged()
    return s


def check_invariants(state: State) -> None:
    """Raise AssertionError when a conservation law of the components is broken.

    UFOs (8 per player), alien tokens (80, some returned to the box), humans (18),
    mapping tokens (12 per player) and command tokens (5 per player) are all accounted
    for and never negative; platforms never exceed their capacity.
    """
    s = state
    r = s.rules
    for p in range(s.ns):
        assert min(s.ufo[p]) >= 0, f"seat {p}: negative UFO count"
        total = sum(s.ufo[p]) + s.platform[p] + s.reserve[p]
        assert total == UFOS_PER_PLAYER, f"seat {p}: {total} UFOs instead of 8"
        assert 0 <= s.platform[p] <= r.platform_capacity, f"seat {p}: platform {s.platform[p]}"
        assert s.reserve[p] >= 0, f"seat {p}: negative reserve"
        maps = sum(1 for c in range(12) if s.mapped[c] >> p & 1)
        assert maps + s.map_tokens[p] == MAP_TOKENS_PER_PLAYER, f"seat {p}: mapping tokens"
        assert min(s.aliens[p]) >= 0 and min(s.captured[p]) >= 0, f"seat {p}: negative alien count"
        assert all(s.captured[p][t] <= s.aliens[p][t] for t in range(4)), f"seat {p}: captured"
        owned = s.tokens_owned[p]
        assert len(owned) + (0 if 6 in owned else 1) == 5, f"seat {p}: command tokens"
        on_board = [v for sl in s.area_slots for (o, v) in sl if o == p]
        for v in on_board:
            assert v in owned, f"seat {p}: token {v} on the board is not one of its tokens"
        assert len(on_board) <= 4, f"seat {p}: more than 4 command tokens on the board"
    for t in range(4):
        held = sum(s.aliens[p][t] for p in range(s.ns))
        assert s.stock[t] >= 0, f"alien type {t}: negative stock"
        assert held + s.stock[t] + s.stock_removed == r.stock_per_type, f"alien type {t} not conserved"
    humans = sum(1 for h in s.human if h >= 0) + len(s.track) + sum(map(sum, s.abducted))
    assert humans == 6 * HUMANS_PER_CATEGORY, f"{humans} humans instead of 18"
    for c in range(6):
        n = s.human.count(c) + s.track.count(c) + sum(a[c] for a in s.abducted)
        assert n == HUMANS_PER_CATEGORY, f"category {c}: {n} pieces"
    in_areas = len(s.area_cards) - (s.resolve_pos if s.phase == RECRUIT else 0)
    assert len(s.deck) + len(s.discard) + in_areas == len(s.cards.alien_cards), "alien cards not conserved"
    for sl in s.area_slots:
        assert len(sl) <= 4, "an area holds at most 4 command tokens"


invariants = check_invariants
