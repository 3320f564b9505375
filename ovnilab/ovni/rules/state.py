"""Ovni's game engine: the state, its legal actions and how each action changes it.

Every rule of the rulebook (``seeds/000_*.txt``) is here; the comments name the rule a
block implements. Readings of ambiguous rules are options of :class:`Rules` (defaults =
the reading we judge most faithful) and are documented in ``data/ovni/`` and in the
rules notebook.

Representation (chosen for speed: bots and analyses play millions of steps):

* seats are ints ``0..n-1``; in the 2-player variant seat 2 is the imaginary third player,
  which never acts (its choices are made by the real players, as the rulebook says);
* alien types, cities, categories are ints internally; actions carry readable names so
  that ``str(action)`` needs no state and parses back;
* actions are interned :class:`Action` tuples built once per board, so listing legal
  actions allocates almost nothing;
* the state is a handful of flat lists, so ``clone`` is a few list copies.

Chance (deck shuffles, human placement, dealing, the third player's hidden tokens) is drawn
from the state's seeded RNG inside ``apply``; the log holds only decisions.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Sequence

from ...core import (TERMINAL, GameState, IllegalAction, NoLegalMove, SaveFormatError, action_repr, check_rules,
                     fold_text, load_saved_file, rule_option, rules_from_dict, rules_to_dict, saved_choice)
from .. import data as _data
from ..data import ALIEN_TYPES, Board, Cards, _fold, load_board, load_cards

# ======================================================================
# The rules one at a time: pure functions (used by the engine and the notebooks)
# ======================================================================

_TYPES = ("pilot", "abductor", "builder", "military")

#: readings of "equal sums go to the player who opened the area"
#:  * "earliest": the tied player whose first token in the area came earliest wins; when the
#:    opener is tied this is the opener, exactly as the rulebook says, and it extends the
#:    rulebook's principle (who committed first wins ties) to the case it leaves open.
#:  * "opener": the opener wins a tie it is part of; otherwise nobody wins the area.
#:  * "none": equal sums never win (a what-if variant).
AREA_TIE_RULES = ("earliest", "opener", "none")


def _planet_distance(planet: object) -> float:
    from ..data import load_cards

    cards = load_cards()
    if isinstance(planet, (int, float)):
        return float(planet)
    if planet in cards.planets:
        return float(cards.planet_distance[cards.planets.index(planet)])
    raise ValueError(f"unknown planet {planet!r}; planets are {list(cards.planets)}")


def _order(
    counts: Mapping[Hashable, Mapping[str, int]],
    keys: Sequence[str],
    planets: Mapping[Hashable, object] | None,
    farthest_first: bool,
) -> list:
    for player, c in counts.items():
        missing = [k for k in _TYPES if k not in c]
        if missing:
            raise ValueError(f"counts[{player!r}] lacks {missing}")

    def key(player: Hashable) -> tuple:
        c = counts[player]
        k = tuple(-int(c[t]) for t in keys)
        if planets is not None and player in planets:
            d = _planet_distance(planets[player])
            return k + ((-d if farthest_first else d),)
        return k + (0.0,)

    return sorted(counts, key=key)  # sorted is stable: full ties keep the given order


def recruitment_order(
    counts: Mapping[Hashable, Mapping[str, int]],
    planets: Mapping[Hashable, object] | None = None,
) -> list:
    """Turn order of phase 1 (recruitment).

    Rulebook: most military first; ties broken by builders, then abductors, then pilots;
    a tie on all four goes to the planet farthest from Earth. ``counts`` maps a player to
    ``{"pilot": n, "abductor": n, "builder": n, "military": n}``; ``planets`` optionally
    maps a player to a planet name (or a distance).
    """
    return _order(counts, ("military", "builder", "abductor", "pilot"), planets, True)


def action_order(
    counts: Mapping[Hashable, Mapping[str, int]],
    planets: Mapping[Hashable, object] | None = None,
) -> list:
    """Turn order of phase 2 (actions).

    Rulebook: most pilots first; ties broken by abductors, then builders, then military;
    a tie on all four goes to the planet nearest to Earth.
    """
    return _order(counts, ("pilot", "abductor", "builder", "military"), planets, False)


def resolve_area(
    placements: Sequence[tuple[Hashable, int]], tie: str = "earliest"
) -> Hashable | None:
    """Who recruits the card of one area, or ``None``.

    ``placements`` are the area's ``(player, value)`` pairs in placement order (the
    first one opened the area). Rulebook: equal values cancel each other (all tokens of a
    value that appears more than once leave); of the rest, the highest sum per player
    wins; equal sums go to the player who opened the area (see :data:`AREA_TIE_RULES`
    for the case the rulebook leaves open).
    """
    if tie not in AREA_TIE_RULES:
        raise ValueError(f"tie must be one of {AREA_TIE_RULES}, got {tie!r}")
    value_count = Counter(v for _, v in placements)
    sums: dict[Hashable, int] = {}
    first_at: dict[Hashable, int] = {}
    for i, (player, value) in enumerate(placements):
        first_at.setdefault(player, i)
        # rulebook: equal commands cancel
        if value_count[value] == 1:
            sums[player] = sums.get(player, 0) + value
    if not sums:
        return None
    best = max(sums.values())
    tied = [p for p, s in sums.items() if s == best]
    if len(tied) == 1:
        return tied[0]
    # rulebook: equal sums go to the player who opened the area
    if tie == "none":
        return None
    opener = placements[0][0]
    if opener in tied:
        return opener
    if tie == "opener":
        return None
    return min(tied, key=lambda p: first_at[p])


def ufos_built(builders_before: int, builders_after: int) -> int:
    """UFOs built when a player's builders go from ``builders_before`` to
    ``builders_after`` by gaining tokens (recruitment, capture, energy bonus).

    Rulebook: each newly formed pair of builders builds one UFO at once; a pair broken by
    a capture and formed again builds again. (Whether the UFO fits on the platform is
    checked separately: with the platform full the build is lost.)
    """
    if builders_after <= builders_before:
        return 0
    return builders_after // 2 - builders_before // 2


def score_humans(categories: Iterable[Hashable], bonus_per_set: bool = False) -> int:
    """Points for one player's abducted humans.

    Rulebook: per category 1 piece = 1, 2 = 3, 3 = 6 points; on top of that, five
    different categories = 10 and six different = 15 points. Reading: the diversity
    bonus is paid once, for the player's collection (the rulebook scores "cinco peças de
    cores diferentes" as one item beside the repeats); ``bonus_per_set=True`` pays it for
    every set of five or six different colours (sets taken largest first).
    """
    c = Counter(categories)
    points = sum(n * (n + 1) // 2 for n in c.values())
    left = dict(c)
    while True:
        colours = [k for k, n in left.items() if n > 0]
        if len(colours) < 5:
            return points
        points += 15 if len(colours) >= 6 else 10
        if not bonus_per_set:
            return points
        for k in colours:
            left[k] -= 1


def majority_points(counts: Mapping[Hashable, int], points: int = 10) -> dict:
    """Points of one alien group's majority: the most tokens take ``points``; tied
    players split them, rounded down (rulebook: three players with five pilots each get
    3 points each). Nobody scores a group nobody has."""
    if not counts:
        return {}
    best = max(counts.values())
    if best <= 0:
        return {p: 0 for p in counts}
    tied = [p for p, n in counts.items() if n == best]
    share = points // len(tied)
    return {p: (share if n == best else 0) for p, n in counts.items()}


def airspace_controller(ufos: Mapping[Hashable, int]) -> Hashable | None:
    """Who controls a city's airspace: the single player with the most UFOs there;
    nobody on a tie or in an empty sky."""
    best = 0
    who = None
    tie = False
    for p, n in ufos.items():
        if n > best:
            best, who, tie = n, p, False
        elif n == best and n > 0:
            tie = True
    return None if tie else who


# ======================================================================
# The engine
# ======================================================================

PILOT, ABDUCTOR, BUILDER, MILITARY = 0, 1, 2, 3
GROUP_NAMES = ("pilots", "abductors", "builders", "military")
AREA_LETTERS = "ABCD"
UFOS_PER_PLAYER = 8
MAP_TOKENS_PER_PLAYER = 12
COMMAND_VALUES = (2, 3, 4, 5, 6)
HUMANS_PER_CATEGORY = 3
SEAT_COLOURS = ("red", "blue", "green", "yellow")

# Phases (the decision the game waits for).
KEEP_MISSIONS = "keep missions"
CHOOSE_ALIENS = "choose starting aliens"
THIRD_ALIENS = "third player's starting aliens"
PLACEMENT = "placing command tokens"
RECRUIT = "choosing aliens to recruit"
RESOLVING = "resolving the areas"
ENERGY = "energy card"
FORCE_FIELD = "force field"
ACTIONS = "actions"
OVER = "game over"


def third_player_majority_text(rules: "Rules") -> str:
    """What the third player's pieces do to majorities under ``rules`` (2-player variant),
    in the words a board shows beside "never scores, never acts"."""
    if rules.third_player_competes:
        return "counts in every majority"
    return "blocks abductions, not final majorities"


@dataclass(frozen=True)
class Rules:
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
    # reading: a cancelled 6 was still "used" (see _end_recruitment)
    cancelled_six_returns: bool = rule_option(
        False, "a 6 cancelled by an equal 6 returns to its owner unspent (default: it is spent)")
    # reading: the builders group needs a builder to be activated (see _group_budget)
    launch_needs_builder: bool = rule_option(
        True, "launching platform UFOs needs at least one builder (False: any platform UFO launches)")
    # reading: the 5/6-colour bonus is one scoring item (see score_humans)
    colour_bonus_per_set: bool = rule_option(
        False, "the 5/6-colour humans bonus is paid for every set of different colours (default: once)")
    # reading: captured aliens lie under the mat with the recruited ones (see score_breakdown)
    captured_count_for_majority: bool = rule_option(
        True, "captured aliens count in the alien majorities (False: only recruited ones, 'fichas recrutadas')")
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

    def __post_init__(self) -> None:
        check_rules(self, _check_rules_across)


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
        errors["stock_removed_small"] = (f"must be below stock_per_type ({rules.stock_per_type}), "
                                         f"got {rules.stock_removed_small}")


class RulesDeadlock(NoLegalMove):
    """The rule options leave the player to act no legal action (only possible with
    ``Rules(no_three_in_a_row_fallback=False)``, the rulebook giving no way out)."""


class Action(NamedTuple):
    """One decision. ``str()`` gives the text that :meth:`State.parse_action` reads back.

    ``kind`` is one of: keep, aliens, give, place, recruit, energy, energy_third,
    force_field, activate, move, abduct, launch, capture, destroy, end_group, end_turn.
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'end turn'>: the text (ovnilab.core)

    def __str__(self) -> str:  # noqa: C901 - one line per kind
        k, a, b, c = self
        if k == "place":
            who = "third-player token" if b is None else str(b)
            return f"place {who} {c} on {a}"
        if k == "move":
            return f"move {a} -> {b}"
        if k == "activate":
            return f"activate {a}"
        if k == "end_group":
            return "end group"
        if k == "end_turn":
            return "end turn"
        if k == "abduct":
            return f"abduct in {a}" if b is None else f"abduct in {a} swapping with {b}"
        if k == "launch":
            return f"launch to {a}"
        if k == "capture":
            return f"capture {b} from {a}"
        if k == "destroy":
            return f"destroy {a} UFO in {b}"
        if k == "recruit":
            return "recruit " + "+".join(a)
        if k == "energy":
            return "energy 2" if a == 2 else ("energy 1" if b is None else f"energy 1 {b}")
        if k == "energy_third":
            return f"energy for third player {a}"
        if k == "force_field":
            return "force field on" if a else "force field off"
        if k == "keep":
            return "keep missions " + "+".join(str(x) for x in a)
        if k == "aliens":
            return "choose aliens " + "+".join(a)
        if k == "give":
            return f"give third player {a}"
        return f"{k} {a} {b} {c}"


END_GROUP = Action("end_group")
END_TURN = Action("end_turn")


class _Tables:
    """Interned actions of one board (built once per board)."""

    def __init__(self, board: Board) -> None:
        names = board.names
        nb = board.neighbours
        self.move = [[Action("move", names[c], names[d]) for d in nb[c]] for c in range(12)]
        self.launch = [Action("launch", names[c]) for c in range(12)]
        self.abduct = [Action("abduct", names[c]) for c in range(12)]
        self.abduct_swap = [[Action("abduct", names[c], names[d]) for d in nb[c]] for c in range(12)]
        self.destroy = [[Action("destroy", col, names[c]) for c in range(12)] for col in SEAT_COLOURS]
        self.capture = [[Action("capture", col, t) for t in ALIEN_TYPES] for col in SEAT_COLOURS]
        self.activate = [Action("activate", g) for g in GROUP_NAMES]
        self.city_index = {n: i for i, n in enumerate(names)}
        self.city_fold = {_fold(n): i for i, n in enumerate(names)}


_TABLES: dict[Board, _Tables] = {}


def _tables(board: Board) -> _Tables:
    t = _TABLES.get(board)
    if t is None:
        t = _TABLES[board] = _Tables(board)
    return t


_PLACE = {
    (area, value, face): Action("place", area, value, face)
    for area in AREA_LETTERS
    for value in (None,) + COMMAND_VALUES
    for face in ("face-down", "face-up")
}
_TYPE_INDEX = {t: i for i, t in enumerate(ALIEN_TYPES)}
_GROUP_INDEX = {g: i for i, g in enumerate(GROUP_NAMES)}
_COLOUR_INDEX = {c: i for i, c in enumerate(SEAT_COLOURS)}
_PHASE2_KINDS = frozenset({"activate", "move", "abduct", "launch", "capture", "destroy", "end_group", "end_turn"})


#: mission id -> mission, per card set (shared by every state using that set)
_MISSION_INDEX: dict[int, tuple[Any, dict[int, Any]]] = {}


class State(GameState):
    """A game of Ovni in progress. Build it with :func:`new_game`."""

    game_name = "ovni"
    action_class = Action

    # ------------------------------------------------------------------ set-up
    def __init__(self, num_players: int = 4, seed: int | None = None, rules: Rules | None = None) -> None:
        if num_players not in (2, 3, 4):
            raise ValueError(f"Ovni is played by 2, 3 or 4 players, not {num_players!r}")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError("rules must be an ovni.Rules")
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

        # rulebook: alien stock of 20 per type, minus 4 per type with 2 or 3 players
        removed = rules.stock_removed_small if n in (2, 3) else 0
        self.stock_removed = removed
        self.stock = [rules.stock_per_type - removed] * 4
        self.aliens = [[0, 0, 0, 0] for _ in range(ns)]
        self.captured = [[0, 0, 0, 0] for _ in range(ns)]  # tokens carrying a capture marker

        # rulebook: abilities shuffled, two each (no force field with 2 players)
        ab = [a for a in self.cards.abilities if not (n == 2 and a == "force_field")]
        rng.shuffle(ab)
        self.abilities = [tuple(sorted(ab[2 * s: 2 * s + 2])) if s < n else () for s in range(ns)]
        # rulebook: missions shuffled, three dealt to each player, who keeps 1 or 2
        mids = [m.id for m in self.cards.missions]
        rng.shuffle(mids)
        self.missions_dealt = [tuple(sorted(mids[3 * s: 3 * s + 3])) if s < n else () for s in range(ns)]
        self.missions_kept: list[tuple[int, ...]] = [() for _ in range(ns)]

        # rulebook: one human of each colour on the track, the other 12 one per city at random
        track = list(range(6))
        rng.shuffle(track)
        self.track = track
        rest = [c for c in range(6) for _ in range(HUMANS_PER_CATEGORY - 1)]
        rng.shuffle(rest)
        self.human = rest  # category per city index; -1 = empty
        self.abducted = [[0] * 6 for _ in range(ns)]

        # rulebook: UFOs placed round-robin from São Paulo (city 1)
        self.ufo = [[0] * 12 for _ in range(ns)]
        self.mapped = [0] * 12  # bitmask of seats that mapped each city
        self.map_tokens = [MAP_TOKENS_PER_PLAYER] * ns
        if n == 2:
            # 2-player variant: a drawn player starts; cities 3, 6, 9, 12 get two UFOs
            # of the third player and its mapping token
            first = rng.randrange(2)
            self.ufo_starter = first
            seq = [first, 1 - first, 2]
            for c in range(12):
                s = seq[c % 3]
                if s == 2:
                    self.ufo[2][c] += 2
                    self.mapped[c] |= 1 << 2
                    self.map_tokens[2] -= 1
                else:
                    self.ufo[s][c] += 1
        else:
            # "the last player to have seen a UFO" starts: seat 0, then clockwise
            self.ufo_starter = 0
            for c in range(12):
                self.ufo[c % n][c] += 1
        self.platform = [0] * ns
        self.reserve = [UFOS_PER_PLAYER - sum(self.ufo[s]) for s in range(ns)]
        self.launched = [0] * ns  # UFOs launched from the platform, whole game
        self.builds_lost = [0] * ns  # builds lost to a full platform or empty reserve
        # ability: initial UFO (each copy puts one built UFO on the platform)
        for s in range(n):
            for _ in range(self.abilities[s].count("initial_ufo")):
                self._build(s)

        # command tokens 2-6; `tokens_owned` drops the 6 once spent
        self.tokens_owned = [list(COMMAND_VALUES) for _ in range(ns)]
        self.six_uses = [0] * ns
        # rulebook: the alien card deck, shuffled
        deck = list(range(len(self.cards.alien_cards)))
        rng.shuffle(deck)
        self.deck = deck
        self.discard: list[int] = []
        self.area_cards: list[int] = []
        self.area_cards_last: list[int] = []
        self.area_winner_last: list[int] = []
        self.area_slots_last: list[list[tuple[int, int]]] = []
        self.area_slots: list[list[tuple[int, int]]] = []  # (owner seat, value)
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
                   "energy_queue", "shield", "boxed", "ff_queue", "third_pair")
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

    # --------------------------------------------------------------- builders
    def _build(self, s: int) -> None:
        """Rulebook: a newly formed builder pair builds one UFO onto the platform;
        lost when the platform is full (or the reserve is empty)."""
        if self.reserve[s] > 0 and self.platform[s] < self.rules.platform_capacity:
            self.reserve[s] -= 1
            self.platform[s] += 1
        else:
            self.builds_lost[s] += 1

    def _gain(self, s: int, t: int, captured: bool = False) -> None:
        self.aliens[s][t] += 1
        if captured:
            self.captured[s][t] += 1
        # rulebook: each new builder pair builds a UFO (the third player never builds)
        if t == BUILDER and s != self.third:
            for _ in range(ufos_built(self.aliens[s][t] - 1, self.aliens[s][t])):
                self._build(s)

    def _take_from_stock(self, s: int, t: int) -> bool:
        # rulebook: the stock can run out mid-resolution; missing aliens are not received
        if self.stock[t] <= 0:
            return False
        self.stock[t] -= 1
        self._gain(s, t)
        self.received[s] += 1
        return True

    # ---------------------------------------------------------------- mapping
    def _arrive(self, s: int, c: int) -> None:
        """A UFO of seat ``s`` arrived in city ``c`` (moved or launched)."""
        self.ufo[s][c] += 1
        bit = 1 << s
        m = self.mapped[c]
        if m & bit or self.map_tokens[s] <= 0:
            return
        r = self.rules
        # rulebook: the first to have two UFOs in a city maps it; three once mapped;
        # ability: free mapping always needs two
        thr = r.map_threshold if (m == 0 or "free_mapping" in self.abilities[s]) else r.map_threshold_mapped
        if self.ufo[s][c] >= thr:
            self.mapped[c] = m | bit
            self.map_tokens[s] -= 1
            # rulebook: the mapping UFOs cannot move again this round
            self.frozen[s][c] = thr

    # ----------------------------------------------------------- round flow
    def _start_round(self) -> None:
        self.round += 1
        n, ns = self.n, self.ns
        # rulebook: phase 1 order - military, builders, abductors, pilots; farthest planet
        counts = {s: self.counts(s) for s in range(n)}
        self.order1 = recruitment_order(counts, self._planet_map())
        if self.round == 1:
            self.round1_first = self.order1[0]
        # rulebook: the first player draws one card per area (A-D with 4, A-C otherwise)
        areas = 4 if n == 4 else 3
        self.area_cards = []
        for _ in range(areas):
            if not self.deck:
                # not in the rulebook: with the deck spent, the discards are reshuffled
                self.deck = self.discard
                self.discard = []
                self.chance().shuffle(self.deck)
            self.area_cards.append(self.deck.pop())
        self.area_slots = [[] for _ in range(areas)]
        if n == 2:
            # 2-player variant: each player places an own token then a third-player
            # token, twice; then they complete their own placements
            f, o = self.order1
            T = self.third
            self.place_seq = [(f, f), (f, T), (o, o), (o, T)] * 2 + [(f, f), (o, o)] * 2
            bag = self.tokens_owned[T][:]
            self.chance().shuffle(bag)  # drawn without looking
            self.third_bag = bag
        else:
            self.place_seq = [(p, p) for _ in range(4) for p in self.order1]
        self.place_pos = 0
        self.won = [0] * ns
        self.received = [0] * ns
        self.phase = PLACEMENT
        self.actor = self.place_seq[0][0]

    def _token_face(self, area: int) -> str:
        # rulebook: tokens alternate face down / face up within an area
        return "face-down" if len(self.area_slots[area]) % 2 == 0 else "face-up"

    def _placement_areas(self, owner: int) -> list[int]:
        open_areas = [i for i, sl in enumerate(self.area_slots) if len(sl) < 4]
        if not self.rules.no_three_in_a_row:
            return open_areas
        # rulebook: never three tokens of one colour consecutively in an area
        ok = [i for i in open_areas
              if not (len(self.area_slots[i]) >= 2 and self.area_slots[i][-1][0] == owner
                      and self.area_slots[i][-2][0] == owner)]
        if ok:
            return ok
        if not self.rules.no_three_in_a_row_fallback:
            raise RulesDeadlock(
                f"Rules(no_three_in_a_row_fallback=False): {self.seat_name(owner)} must place a command "
                f"token (passing is forbidden) but every open area ({', '.join(AREA_LETTERS[i] for i in open_areas)}) "
                "would get three of its tokens in a row; the game cannot go on under these rules")
        # reading: the restriction is lifted for this one token (passing is forbidden)
        return open_areas

    def _hand_tokens(self, s: int) -> list[int]:
        on_board = [v for sl in self.area_slots for (o, v) in sl if o == s]
        hand = list(self.tokens_owned[s])
        for v in on_board:
            hand.remove(v)
        return hand

    def _resolve_start(self) -> None:
        # rulebook: reveal, then resolve the areas in letter order
        tie = self.rules.area_tie
        winners = []
        for sl in self.area_slots:
            w = resolve_area(sl, tie)
            winners.append(-1 if w is None else w)
        if self.n == 2:
            # 2-player variant: the third player only receives its lowest-letter area.
            # Reading: its other won area goes to nobody (the rulebook names no
            # second-best player; the card is discarded like an area nobody wins)
            seen = False
            for i, w in enumerate(winners):
                if w == self.third:
                    if seen:
                        winners[i] = -1
                    seen = True
        self.area_winner = winners
        for w in winners:
            if w >= 0:
                self.won[w] += 1
        self.resolve_pos = 0
        self._resolve_continue()

    def _resolve_continue(self) -> None:
        while self.resolve_pos < len(self.area_cards):
            i = self.resolve_pos
            w = self.area_winner[i]
            card = self.area_cards[i]
            if w < 0:
                # rulebook: no winner, nobody recruits; the card is discarded
                self.discard.append(card)
                self.resolve_pos += 1
                continue
            if self.won[w] >= 2 and w != self.third:
                first = self.area_winner.index(w)
                if first == i:
                    # rulebook: a player winning several areas picks exactly three aliens
                    # (fewer when the stock holds fewer of the cards' types)
                    if self._recruit_options(w) != [()]:
                        self.phase = RECRUIT
                        self.actor = w
                        return
                    # nothing left to choose: the stock holds none of the cards' types
                    self._note("text", f"{self.seat_name(w)} won several areas but recruited nothing: "
                                       "the stock holds none of their aliens")
                self.discard.append(card)
                self.resolve_pos += 1
                continue
            for t in self.cards.alien_cards[card]:
                self._take_from_stock(w, t)
            self.discard.append(card)
            self.resolve_pos += 1
        self._end_recruitment()

    def _recruit_options(self, s: int) -> list[tuple[int, ...]]:
        pool = [0, 0, 0, 0]
        for i, w in enumerate(self.area_winner):
            if w == s:
                for t in self.cards.alien_cards[self.area_cards[i]]:
                    pool[t] += 1
        avail = [min(pool[t], self.stock[t]) for t in range(4)]
        k = min(3, sum(avail))
        out = []
        for combo in itertools.combinations_with_replacement(range(4), k):
            if all(combo.count(t) <= avail[t] for t in range(4)):
                out.append(combo)
        return out

    def _end_recruitment(self) -> None:
        # rulebook: tokens return to their owners; token 6 leaves the game once used
        for sl in self.area_slots:
            sixes = sum(1 for _, v in sl if v == 6)
            for owner, v in sl:
                if v == 6:
                    # reading: a 6 cancelled by another 6 was still used, and leaves the game
                    # (the rulebook's tip: a 6 that does not win the area is wasted);
                    # Rules(cancelled_six_returns=True) reads "comandos iguais ... são
                    # devolvidos aos jogadores" as returning it unspent
                    if sixes > 1 and self.rules.cancelled_six_returns:
                        continue
                    self.six_uses[owner] += 1
                    if not self.rules.token_six_once:
                        continue
                    # ability: command six returns after its first use
                    keeps = owner < self.n and "command_six" in self.abilities[owner] and self.six_uses[owner] == 1
                    if not keeps:
                        self.tokens_owned[owner].remove(6)
        # the round's cards are all in the discard pile now; keep them for display
        self.area_cards_last = list(self.area_cards)
        self.area_winner_last = list(self.area_winner)
        self.area_slots_last = [list(sl) for sl in self.area_slots]
        self.area_cards = []
        self.area_slots = []
        # rulebook: energy card for players who won no area, in phase-1 order
        self.energy_queue = [s for s in self.order1 if self.won[s] == 0]
        if self.third >= 0 and self.won[self.third] == 0:
            self.energy_queue.append(self.third)
        self._next_energy()

    def _next_energy(self) -> None:
        while self.energy_queue:
            s = self.energy_queue[0]
            if s == self.third and not any(self.stock):
                # 2-player variant: the third player takes bonus 1; with an empty stock
                # only its force field remains
                self.energy_queue.pop(0)
                self.energy[s] = 1
                self.shield[s] = True
                continue
            self.phase = ENERGY
            # 2-player variant: the first player in turn order chooses the third's alien
            self.actor = self.order1[0] if s == self.third else s
            return
        self._start_actions()

    def _start_actions(self) -> None:
        # rulebook: phase 2 order - pilots, abductors, builders, military; nearest planet
        counts = {s: self.counts(s) for s in range(self.n)}
        self.order2 = action_order(counts, self._planet_map())
        # ability: force field, offered at the start of phase 2 (needs two military)
        self.ff_queue = [s for s in self.order2
                         if "force_field" in self.abilities[s] and self.aliens[s][MILITARY] >= self.rules.force_field_cost]
        if self.ff_queue:
            self.phase = FORCE_FIELD
            self.actor = self.ff_queue[0]
            return
        self._begin_turns()

    def _begin_turns(self) -> None:
        self.phase = ACTIONS
        self.turn_pos = -1
        self._next_turn()

    def _next_turn(self, why: str = "") -> None:
        """The next player's turn in phase-2 order (the round ends after the last);
        ``why`` says why the engine passed the turn by itself (empty: the player ended
        it), for the next refusal's message."""
        prev = self.actor
        while True:
            self.turn_pos += 1
            if self.turn_pos >= len(self.order2):
                self._note("turn", prev, why)
                self._end_round()
                return
            s = self.order2[self.turn_pos]
            self.actor = s
            self.used_groups = 0
            self.group = -1
            self.last_target = -1
            if self._activations(s):
                self._note("turn", prev, why)
                return
            # nothing to activate: the turn passes
            self._note("skipped", s)
            prev, why = s, "had no group that could act"

    def _max_groups(self, s: int) -> int:
        return self.rules.energy_groups if self.energy[s] == 2 else self.rules.groups_per_turn

    def _activations(self, s: int) -> list[Action]:
        used = self.used_groups
        if bin(used).count("1") >= self._max_groups(s):
            return []
        out = []
        for g in range(4):
            if not used & (1 << g) and self._group_budget(s, g) > 0 and self._group_can_act(s, g):
                out.append(self._t.activate[g])
        return out

    def _group_can_act(self, s: int, g: int) -> bool:
        """Whether ``_group_actions(s, g)`` is non-empty, without listing them (hot path)."""
        if g == PILOT:
            fr = self.frozen[s]
            return any(n > f for n, f in zip(self.ufo[s], fr))
        if g == ABDUCTOR:
            human = self.human
            return any(human[c] >= 0 and self._has_majority(s, c) for c in range(12))
        if g == BUILDER:
            return self.platform[s] > 0
        mine = self.ufo[s]
        for o in range(self.ns):
            if o == s or o == self.last_target or self.shield[o]:
                continue
            al, cap = self.aliens[o], self.captured[o]
            if any(al[t] >= 2 and al[t] > cap[t] for t in range(4)):
                return True
            if any(a and b for a, b in zip(self.ufo[o], mine)):
                return True
        return False

    def _group_budget(self, s: int, g: int) -> int:
        r = self.rules
        a = self.aliens[s]
        if g == PILOT:
            # rulebook: one move per pilot; ability: two extra moves (needs a pilot)
            if a[PILOT] == 0:
                return 0
            return a[PILOT] + r.extra_moves * self.abilities[s].count("extra_moves")
        if g == ABDUCTOR:
            return a[ABDUCTOR] // r.abduction_size  # one abduction per pair
        if g == BUILDER:
            # reading: a group with no builder cannot be activated, so an initial-UFO
            # holder launches once it has a builder; Rules(launch_needs_builder=False)
            # reads "independe de quantas fichas de construtores" as "even none"
            if a[BUILDER] == 0 and r.launch_needs_builder:
                return 0
            return min(r.launch_limit, self.platform[s])
        return (a[MILITARY] - self.boxed[s]) // r.capture_size  # one attack per trio

    def _group_actions(self, s: int, g: int) -> list[Action]:
        t = self._t
        if g == PILOT:
            out = []
            ufo = self.ufo[s]
            fr = self.frozen[s]
            for c in range(12):
                if ufo[c] > fr[c]:
                    out.extend(t.move[c])
            return out
        if g == ABDUCTOR:
            out = []
            swap = "human_swap" in self.abilities[s]
            human = self.human
            for c in range(12):
                if human[c] < 0 or not self._has_majority(s, c):
                    continue
                out.append(t.abduct[c])
                if swap:
                    nb = self.board.neighbours[c]
                    for k, d in enumerate(nb):
                        if human[d] >= 0:
                            out.append(t.abduct_swap[c][k])
            return out
        if g == BUILDER:
            return list(t.launch) if self.platform[s] > 0 else []
        out = []
        mine = self.ufo[s]
        for o in range(self.ns):
            if o == s or o == self.last_target or self.shield[o]:
                continue
            al, cap = self.aliens[o], self.captured[o]
            for ty in range(4):
                # rulebook: never the last of a type, never an already captured alien
                if al[ty] >= 2 and al[ty] - cap[ty] >= 1:
                    out.append(t.capture[o][ty])
            theirs = self.ufo[o]
            for c in range(12):
                if theirs[c] and mine[c]:
                    out.append(t.destroy[o][c])
        return out

    def _has_majority(self, s: int, c: int) -> bool:
        mine = self.ufo[s][c]
        if mine == 0:
            return False
        for o in range(self.ns):
            if o != s and self.ufo[o][c] >= mine:
                return False
        return True

    def _end_round(self) -> None:
        # rulebook: refill empty cities from the track, in city order
        for c in range(12):
            if self.human[c] < 0 and self.track:
                self.human[c] = self.track.pop(0)
        # rulebook: energy cards and force-field military return
        ns = self.ns
        self.energy = [0] * ns
        self.shield = [False] * ns
        self.boxed = [0] * ns
        self.frozen = [[0] * 12 for _ in range(ns)]
        # rulebook: the game ends after the round in which an alien stock ran out
        if min(self.stock) <= 0:
            self.over = True
            self.phase = OVER
            self.actor = TERMINAL
            return
        self._start_round()

    # ----------------------------------------------------------- legal actions
    def _legal(self) -> list[Action]:
        ph = self.phase
        s = self.actor
        if ph == ACTIONS:
            if self.group < 0:
                return self._activations(s) + [END_TURN]
            return self._group_actions(s, self.group) + [END_GROUP]
        if ph == PLACEMENT:
            placer, owner = self.place_seq[self.place_pos]
            areas = self._placement_areas(owner)
            out = []
            if owner == self.third:
                for i in areas:
                    out.append(_PLACE[(AREA_LETTERS[i], None, self._token_face(i))])
                return out
            values = sorted(set(self._hand_tokens(owner)))
            for i in areas:
                face = self._token_face(i)
                letter = AREA_LETTERS[i]
                for v in values:
                    out.append(_PLACE[(letter, v, face)])
            return out
        if ph == RECRUIT:
            return [Action("recruit", tuple(ALIEN_TYPES[t] for t in combo)) for combo in self._recruit_options(s)]
        if ph == ENERGY:
            who = self.energy_queue[0]
            types = [ALIEN_TYPES[t] for t in range(4) if self.stock[t] > 0]
            if who == self.third:
                return [Action("energy_third", t) for t in types]
            out = [Action("energy", 1, t) for t in types] or [Action("energy", 1)]
            return out + [Action("energy", 2)]
        if ph == FORCE_FIELD:
            return [Action("force_field", True), Action("force_field", False)]
        if ph == KEEP_MISSIONS:
            dealt = self.missions_dealt[s]
            return [Action("keep", (m,)) for m in dealt] + [Action("keep", p) for p in itertools.combinations(dealt, 2)]
        if ph == CHOOSE_ALIENS:
            return self._starting_options(s)
        if ph == THIRD_ALIENS:
            return [Action("give", ALIEN_TYPES[t]) for t in self._give_options()]
        return []

    def _starting_options(self, s: int) -> list[Action]:
        """Starting aliens seat ``s`` may choose: two (three with the starting-aliens
        ability) different types, not the set another player chose. Reading (tiny stocks
        of what-if Rules): sets wholly in stock come first; when none is, any set with a
        type in stock, and only the types in stock are received (as in recruitment)."""
        k = 3 if "starting_aliens" in self.abilities[s] else 2
        taken = {tuple(sorted(self._starting_choice(o))) for o in range(s)}
        free = [c for c in itertools.combinations(range(4), k) if c not in taken]
        full = [c for c in free if all(self.stock[t] > 0 for t in c)]
        some = full or [c for c in free if any(self.stock[t] > 0 for t in c)] or free
        return [Action("aliens", tuple(ALIEN_TYPES[t] for t in c)) for c in some]

    def _give_options(self) -> list[int]:
        """Types the next real player may give the third player (2-player variant): its two
        starting aliens differ in type, are not a real player's pair, and come from the
        stock (an empty list: nothing can be given, the pick is skipped)."""
        taken = {tuple(sorted(self._starting_choice(o))) for o in range(2)}
        out = []
        for t in range(4):
            if self.stock[t] <= 0:
                continue
            if self.third_pair:
                f = self.third_pair[0]
                if t == f or tuple(sorted((f, t))) in taken:
                    continue
            elif all(tuple(sorted((t, u))) in taken for u in range(4) if u != t):
                continue
            out.append(t)
        return out

    def _next_give(self) -> None:
        """2-player variant: each real player in turn picks one of the third player's
        starting aliens; a pick with nothing in stock to give is skipped."""
        while self.gives_done < 2:
            if self._give_options():
                self.phase = THIRD_ALIENS
                self.actor = self.gives_done
                return
            self._note("text", f"{self.seat_name(self.gives_done)} gave the third player no alien: "
                               "no type it may take is left in the stock")
            self.gives_done += 1
        self._start_round()

    def _starting_choice(self, s: int) -> tuple[int, ...]:
        return tuple(t for t in range(4) if self.aliens[s][t])

    # ------------------------------------------------------------------ apply
    def _do(self, a: Action) -> None:
        k = a.kind
        s = self.actor
        self.auto_note = ()
        if k == "move":
            src = self._t.city_index[a.a]
            dst = self._t.city_index[a.b]
            self.ufo[s][src] -= 1
            self._arrive(s, dst)
            self._spend()
        elif k == "activate":
            g = _GROUP_INDEX[a.a]
            self.used_groups |= 1 << g
            self.group = g
            self.budget = self._group_budget(s, g)
            self.last_target = -1
        elif k == "end_group":
            self._close_group()
        elif k == "end_turn":
            self._next_turn()
        elif k == "place":
            self._do_place(a)
        elif k == "abduct":
            c = self._t.city_index[a.a]
            if a.b is not None:
                # ability: swap the human with one in an adjacent city before abducting
                d = self._t.city_index[a.b]
                self.human[c], self.human[d] = self.human[d], self.human[c]
            self.abducted[s][self.human[c]] += 1
            self.human[c] = -1
            self._spend()
        elif k == "launch":
            c = self._t.city_index[a.a]
            self.platform[s] -= 1
            self.launched[s] += 1
            self._arrive(s, c)
            self._spend()
        elif k == "capture":
            o = _COLOUR_INDEX[a.a]
            ty = _TYPE_INDEX[a.b]
            self.aliens[o][ty] -= 1
            self._gain(s, ty, captured=True)  # rulebook: a capture marker goes on it
            self.last_target = o
            self._spend()
        elif k == "destroy":
            o = _COLOUR_INDEX[a.a]
            c = self._t.city_index[a.b]
            # rulebook: the destroyed UFO returns to its owner's reserve
            self.ufo[o][c] -= 1
            self.reserve[o] += 1
            if self.frozen[o][c] > self.ufo[o][c]:
                self.frozen[o][c] = self.ufo[o][c]
            self.last_target = o
            self._spend()
        elif k == "recruit":
            for name in a.a:
                self._take_from_stock(s, _TYPE_INDEX[name])
            self.discard.append(self.area_cards[self.resolve_pos])
            self.resolve_pos += 1
            self.phase = RESOLVING
            self._resolve_continue()
        elif k == "energy":
            self.energy_queue.pop(0)
            self.energy[s] = a.a
            if a.a == 1:
                # energy bonus 1: any alien from the stock, and a force field this round
                self.shield[s] = True
                if a.b is not None:
                    self._take_from_stock(s, _TYPE_INDEX[a.b])
            self._next_energy()
        elif k == "energy_third":
            T = self.energy_queue.pop(0)
            self.energy[T] = 1
            self.shield[T] = True
            self._take_from_stock(T, _TYPE_INDEX[a.a])
            self._next_energy()
        elif k == "force_field":
            self.ff_queue.pop(0)
            if a.a:
                self.boxed[s] = self.rules.force_field_cost
                self.shield[s] = True
            if self.ff_queue:
                self.actor = self.ff_queue[0]
            else:
                self._begin_turns()
        elif k == "keep":
            self.missions_kept[s] = tuple(a.a)
            if s + 1 < self.n:
                self.actor = s + 1
            else:
                self.phase = CHOOSE_ALIENS
                self.actor = 0
        elif k == "aliens":
            # reading: starting aliens are chosen in seat order from seat 0 ("the last
            # player to have seen a UFO", who also places the first UFO); the rulebook
            # names no order, and no turn order exists before anyone has aliens
            for name in a.a:
                t = _TYPE_INDEX[name]
                if self.stock[t] > 0:  # a tiny what-if stock: only what is left is received
                    self.stock[t] -= 1
                    self._gain(s, t)
            if s + 1 < self.n:
                self.actor = s + 1
            elif self.n == 2:
                self._next_give()
            else:
                self._start_round()
        elif k == "give":
            t = _TYPE_INDEX[a.a]
            self.third_pair.append(t)
            self.stock[t] -= 1
            self._gain(self.third, t)
            self.gives_done += 1
            self._next_give()
        else:  # pragma: no cover - legality was checked
            raise IllegalAction(f"unknown action kind {k!r}", a)

    def _do_place(self, a: Action) -> None:
        placer, owner = self.place_seq[self.place_pos]
        i = AREA_LETTERS.index(a.a)
        if owner == self.third:
            value = self.third_bag.pop()  # chance: the token drawn without looking
        else:
            value = a.b
        self.area_slots[i].append((owner, value))
        self.place_pos += 1
        if self.place_pos < len(self.place_seq):
            self.actor = self.place_seq[self.place_pos][0]
        else:
            self._resolve_start()

    def _spend(self) -> None:
        self.budget -= 1
        if self.budget <= 0:
            self._note("closed", self.group, "all its actions are used")
            self._close_group()
        elif not self._group_can_act(self.actor, self.group):
            self._note("closed", self.group, "it has nothing left it can do")
            self._close_group()

    def _close_group(self) -> None:
        self.group = -1
        self.budget = 0
        self.last_target = -1
        if not self._activations(self.actor):
            self._next_turn("had no group left to activate")

    def _note(self, kind: str, *args: Any) -> None:
        """Remember a step the engine took by itself (formatted only if a refusal
        needs it: bots pass turns millions of times)."""
        self.auto_note = self.auto_note + ((kind, args),)

    def _auto_text(self) -> str:
        """The steps the engine took by itself after the last action, as a sentence."""
        out = []
        for kind, args in self.auto_note:
            if kind == "closed":
                out.append(f"the {GROUP_NAMES[args[0]]} group closed automatically because {args[1]}")
            elif kind == "turn":
                prev, why = args
                if not why:
                    continue
                to = (f"the turn passed automatically to {self.seat_name(self.actor)}"
                      if self.phase == ACTIONS else "the turn ended automatically (and with it the round)")
                out.append(f"{to} because {self.seat_name(prev)} {why}")
            elif kind == "skipped":
                out.append(f"{self.seat_name(args[0])}'s turn was skipped: no group of it could act")
            else:
                out.append(args[0])
        return "; ".join(out)

    # ------------------------------------------------------------ explanations
    def _canonical(self, action: Any) -> Any:
        """The legal action equal to ``action``; an Action built by hand with names in
        another case ("b" for area B, "Pilot") is read as its text would be."""
        found = super()._canonical(action)
        if found is None and isinstance(action, Action):
            try:
                found = super()._canonical(self._parse_action(" ".join(str(action).split())))
            except Exception:  # fields no text gives: not an action of this game
                return None
            # the text ignores some fields: the action read must have every field of the
            # one given, but for case and accents (junk in an ignored field is refused)
            if found is not None and _folded_fields(found) != _folded_fields(action):
                return None
        return found

    def _explain_illegal(self, a: Any) -> str:
        """The rule ``a`` breaks, followed by what the engine did by itself after the
        last action (a group closed, a turn passed): the player may not have seen it."""
        rule = self._rule_broken(a)
        auto = self._auto_text() if self.auto_note else ""
        return f"{rule}; note: {auto}" if auto else rule

    def _rule_broken(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return "not an Ovni action"
        ph = self.phase
        s = self.actor
        expected = {
            KEEP_MISSIONS: "keep", CHOOSE_ALIENS: "aliens", THIRD_ALIENS: "give",
            PLACEMENT: "place", RECRUIT: "recruit", FORCE_FIELD: "force_field",
        }
        if ph in expected and a.kind != expected[ph]:
            return f"the game is in the phase '{ph}': expected a '{expected[ph]}' action"
        if ph == ENERGY and a.kind not in ("energy", "energy_third"):
            return "players who recruited nothing now choose their energy bonus"
        if ph == PLACEMENT:
            placer, owner = self.place_seq[self.place_pos]
            if a.a not in AREA_LETTERS[: len(self.area_slots)]:
                return f"areas in play are {AREA_LETTERS[: len(self.area_slots)]}"
            i = AREA_LETTERS.index(a.a)
            if len(self.area_slots[i]) >= 4:
                return "an area holds at most 4 command tokens"
            if a.c != self._token_face(i):
                return "tokens alternate face down / face up within an area"
            if owner == self.third and a.b is not None:
                return "this turn places a token of the third player, drawn without looking"
            if owner != self.third and a.b is None:
                return "this turn places one of your own tokens"
            if a.b is not None and a.b not in self._hand_tokens(owner):
                if a.b == 6 and 6 not in self.tokens_owned[owner]:
                    return "token 6 is used once per game"
                return f"token {a.b} is not in hand (each token is placed once per round)"
            return "never three tokens of one colour consecutively in an area"
        if ph == KEEP_MISSIONS:
            return "keep one or two of the three missions dealt to you"
        if ph == CHOOSE_ALIENS:
            return ("choose two (three with the starting-aliens ability) different alien types, "
                    "not the same set as another player")
        if ph == THIRD_ALIENS:
            return "the third player's two aliens are of different types and not another player's pair"
        if ph == RECRUIT:
            return "choose exactly three aliens among the cards of the areas you won (stock permitting)"
        if ph == ENERGY:
            return "energy bonus 1 takes one alien of a type still in stock; bonus 2 gives a third group"
        if ph == ACTIONS and a.kind not in _PHASE2_KINDS:
            return (f"the game is in the phase '{ph}': activate a group and act with it "
                    f"(`end group`, `end turn`), not a '{a.kind}' action")
        if ph == ACTIONS:
            if self.group < 0:
                if a.kind == "activate":
                    g = _GROUP_INDEX.get(a.a, -1)
                    if g < 0:
                        return f"groups are {GROUP_NAMES}"
                    if self.used_groups & (1 << g):
                        return "a group is activated at most once per round"
                    if bin(self.used_groups).count("1") >= self._max_groups(s):
                        return f"at most {self._max_groups(s)} groups per turn"
                    return f"the {a.a} group has nothing it can do now"
                if a.kind == "end_group":
                    return "no group is open: `end group` closes an activated group (`end turn` ends the turn)"
                return "activate a group first (or end the turn)"
            g = GROUP_NAMES[self.group]
            # rulebook: all actions of one group are finished before another is activated
            if a.kind == "activate":
                return f"a group is open ({g}): close it (`end group`) before activating another"
            if a.kind == "end_turn":
                return f"a group is open ({g}): close it (`end group`) before ending the turn"
            if a.kind == "move":
                if self.group != PILOT:
                    return f"the active group is {g}: finish it before another group acts"
                src = self._t.city_index.get(a.a, -1)
                dst = self._t.city_index.get(a.b, -1)
                if src < 0 or dst < 0:
                    return "unknown city"
                if dst not in self.board.neighbours[src]:
                    return "a pilot moves a UFO to an adjacent city"
                if self.ufo[s][src] == 0:
                    return "you have no UFO there"
                return "UFOs that mapped a city cannot move again this round"
            if a.kind == "abduct":
                if self.group != ABDUCTOR:
                    return f"the active group is {g}: finish it before another group acts"
                c = self._t.city_index.get(a.a, -1)
                if c < 0:
                    return "unknown city"
                if self.human[c] < 0:
                    return "there is no human in that city"
                if not self._has_majority(s, c):
                    return "abduction needs the majority of UFOs in the city"
                return "swapping humans needs the human-swap ability and a human in an adjacent city"
            if a.kind in ("capture", "destroy"):
                if self.group != MILITARY:
                    return f"the active group is {g}: finish it before another group acts"
                o = _COLOUR_INDEX.get(a.a, -1)
                if o < 0 or o >= self.ns or o == s:
                    return "attack an opponent in the game"
                if o == self.last_target:
                    return "never attack the same opponent twice in a row"
                if self.shield[o]:
                    return "that player is protected by a force field this round"
                if a.kind == "capture":
                    ty = _TYPE_INDEX.get(a.b, -1)
                    if ty < 0:
                        return "unknown alien type"
                    if self.aliens[o][ty] <= 1:
                        return "an opponent's only alien of a type cannot be captured"
                    return "a captured alien cannot be captured again"
                return "destroy a UFO sharing a city with one of yours"
            if a.kind == "launch":
                return f"the active group is {g}" if self.group != BUILDER else "no UFO on the platform"
        return "not a legal action in this position"

    # ------------------------------------------------------------------ parsing
    # The grammar of Ovni's actions, one pattern per kind (keywords in any case; the
    # names they capture are made canonical by _city, _type_name and _colour_name).
    _RE = [
        (re.compile(r"^place (third-player token|\d) (face-down|face-up) on ([a-z])$", re.I), "place"),
        (re.compile(r"^move (.+) -> (.+)$", re.I), "move"),
        (re.compile(r"^activate (\w+)$", re.I), "activate"),
        (re.compile(r"^abduct in (.+) swapping with (.+)$", re.I), "abduct2"),
        (re.compile(r"^abduct in (.+)$", re.I), "abduct"),
        (re.compile(r"^launch to (.+)$", re.I), "launch"),
        (re.compile(r"^capture (\w+) from (\w+)$", re.I), "capture"),
        (re.compile(r"^destroy (\w+) UFO in (.+)$", re.I), "destroy"),
        (re.compile(r"^recruit ([\w+]+)$", re.I), "recruit"),
        (re.compile(r"^energy 1 (\w+)$", re.I), "energy1t"),
        (re.compile(r"^energy ([12])$", re.I), "energy"),
        (re.compile(r"^energy for third player (\w+)$", re.I), "energy_third"),
        (re.compile(r"^force field (on|off)$", re.I), "force_field"),
        (re.compile(r"^keep missions ([\d+]+)$", re.I), "keep"),
        (re.compile(r"^choose aliens ([\w+]+)$", re.I), "aliens"),
        (re.compile(r"^give third player (\w+)$", re.I), "give"),
    ]

    def _city(self, text: str) -> str:
        i = self._t.city_fold.get(_fold(text))
        if i is None:
            raise IllegalAction(f"unknown city {text!r}; cities are {list(self.board.names)}")
        return self.board.names[i]

    @staticmethod
    def _type_name(text: str) -> str:
        """An alien type named in any case ("Pilot" is "pilot")."""
        t = _fold(text)
        if t not in _TYPE_INDEX:
            raise IllegalAction(f"unknown alien type {text!r}; types are {list(ALIEN_TYPES)}")
        return t

    @staticmethod
    def _colour_name(text: str) -> str:
        t = _fold(text)
        if t not in _COLOUR_INDEX:
            raise IllegalAction(f"unknown colour {text!r}; colours are {list(SEAT_COLOURS)}")
        return t

    @staticmethod
    def _group_name(text: str) -> str:
        """A group named in any case, by its name or its alien type ("pilot" is "pilots")."""
        t = _fold(text)
        if t in _TYPE_INDEX:
            return GROUP_NAMES[_TYPE_INDEX[t]]
        if t not in _GROUP_INDEX:
            raise IllegalAction(f"unknown group {text!r}; groups are {list(GROUP_NAMES)}")
        return t

    def _types(self, text: str) -> tuple[str, ...]:
        return tuple(sorted((self._type_name(x) for x in text.split("+")), key=_type_key))

    def _parse_action(self, text: str) -> Action:  # noqa: C901 - one branch per kind
        """Ovni's grammar (see :meth:`GameState.parse_action` for what is forgiven).
        City names may be written without accents and in any case."""
        # spacing around the signs of the grammar is forgiven ("pilot + builder")
        t = re.sub(r"\s*\+\s*", "+", re.sub(r"\s*->\s*", " -> ", text))
        low = t.lower()
        if low == "end group":
            return END_GROUP
        if low == "end turn":
            return END_TURN
        for rx, kind in self._RE:
            m = rx.match(t)
            if not m:
                continue
            g = m.groups()
            if kind == "place":
                v = None if g[0].lower() == "third-player token" else int(g[0])
                return Action("place", g[2].upper(), v, g[1].lower())
            if kind == "move":
                return Action("move", self._city(g[0]), self._city(g[1]))
            if kind == "activate":
                return Action("activate", self._group_name(g[0]))
            if kind == "abduct2":
                return Action("abduct", self._city(g[0]), self._city(g[1]))
            if kind == "abduct":
                return Action("abduct", self._city(g[0]))
            if kind == "launch":
                return Action("launch", self._city(g[0]))
            if kind == "capture":
                return Action("capture", self._colour_name(g[1]), self._type_name(g[0]))
            if kind == "destroy":
                return Action("destroy", self._colour_name(g[0]), self._city(g[1]))
            if kind == "recruit":
                return Action("recruit", self._types(g[0]))
            if kind == "energy1t":
                return Action("energy", 1, self._type_name(g[0]))
            if kind == "energy":
                return Action("energy", int(g[0]))
            if kind == "energy_third":
                return Action("energy_third", self._type_name(g[0]))
            if kind == "force_field":
                return Action("force_field", g[0].lower() == "on")
            if kind == "keep":
                try:
                    ids = tuple(sorted(int(x) for x in g[0].split("+")))
                except ValueError:  # "keep missions 3+" (an empty id)
                    break
                return Action("keep", ids)
            if kind == "aliens":
                return Action("aliens", self._types(g[0]))
            if kind == "give":
                return Action("give", self._type_name(g[0]))
        raise IllegalAction("unreadable Ovni action: actions read like 'place 5 face-down on B', "
                            "'move Berlim -> Paris', 'activate pilots', 'end turn'")

    # ---------------------------------------------------------------- scoring
    def third_player_majority_text(self) -> str:
        """What the third player's pieces do to majorities in this game, for a board's
        label (see :func:`third_player_majority_text`)."""
        return third_player_majority_text(self.rules)

    def _competitors(self) -> list[int]:
        """The seats compared in final scoring's majorities (alien groups, airspace):
        the third player's too unless ``Rules(third_player_competes=False)``; it never
        takes points, so what it would win goes to nobody."""
        if self.third >= 0 and self.rules.third_player_competes:
            return list(range(self.ns))
        return list(range(self.n))

    def controller(self, c: int, seats: list[int] | None = None) -> int:
        """Seat controlling city index ``c`` (strict majority of UFOs), or -1."""
        seats = self._competitors() if seats is None else seats
        w = airspace_controller({s: self.ufo[s][c] for s in seats})
        return -1 if w is None else w

    def _controllers(self, seats: list[int]) -> list[int]:
        """The controller of every city (as :meth:`controller`), in one pass: scoring
        and the bots' evaluation ask for all twelve many times."""
        ufo = [self.ufo[s] for s in seats]
        out = []
        for c in range(12):
            best, who = 0, -1
            for s, u in zip(seats, ufo):
                k = u[c]
                if k > best:
                    best, who = k, s
                elif k == best and k > 0:
                    who = -1  # rulebook: a tie controls nothing (a larger count may follow)
            out.append(who)
        return out

    def mission_done(self, s: int, mission_id: int, controllers: list[int] | None = None) -> bool:
        """Whether seat ``s`` fulfils mission ``mission_id`` in the current position
        (``controllers``: the cities' controllers when the caller has them already)."""
        m = self._missions_by_id()[mission_id]
        if m.family == "airspace":
            want = 1 if m.parity == "odd" else 0
            if controllers is None:
                controllers = self._controllers(self._competitors())
            ctrl = sum(1 for c in range(12) if (c + 1) % 2 == want and controllers[c] == s)
            return ctrl >= m.cities and self.abducted[s][m.category] >= m.count
        if m.family == "abduction":
            return all(self.abducted[s][c] >= 1 for c in m.categories) and self.aliens[s][m.alien] >= m.count
        if m.family == "capture":
            need = [m.captured.count(t) for t in range(4)]
            return all(self.captured[s][t] >= need[t] for t in range(4)) and all(
                self.aliens[s][t] >= m.count for t in m.own)
        ufos = sum(self.ufo[s]) if self.rules.ufo_mission == "on_board" else self.launched[s]
        maps = MAP_TOKENS_PER_PLAYER - self.map_tokens[s]
        return maps >= m.maps and ufos >= m.ufos

    def _missions_by_id(self) -> dict[int, Any]:
        cache = _MISSION_INDEX.get(id(self.cards))
        if cache is None or cache[0] is not self.cards:
            cache = _MISSION_INDEX[id(self.cards)] = (self.cards, {m.id: m for m in self.cards.missions})
        return cache[1]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Points of each real player in the rulebook's six categories."""
        comp = self._competitors()
        ctrl = self._controllers(comp)
        out = [dict(aliens=0, ufos=0, airspace=0, mapping=0, humans=0, missions=0) for _ in range(self.n)]
        # rulebook: 10 points per alien group majority, ties split rounded down
        # reading: captured aliens lie under the mat with the recruited ones and count;
        # Rules(captured_count_for_majority=False) counts only "fichas recrutadas"
        keep_captured = self.rules.captured_count_for_majority
        for t in range(4):
            pts = majority_points({s: self.aliens[s][t] - (0 if keep_captured else self.captured[s][t])
                                   for s in comp})
            for s, p in pts.items():
                if s < self.n:
                    out[s]["aliens"] += p
        for s in range(self.n):
            # rulebook: 2 per UFO on the board, 1 per UFO on the platform
            out[s]["ufos"] = 2 * sum(self.ufo[s]) + self.platform[s]
            # rulebook: 3 per mapping token on the board
            out[s]["mapping"] = 3 * (MAP_TOKENS_PER_PLAYER - self.map_tokens[s])
            out[s]["humans"] = score_humans(
                [c for c in range(6) for _ in range(self.abducted[s][c])], self.rules.colour_bonus_per_set)
            r = self.rules
            out[s]["missions"] = sum(
                r.mission_done if self.mission_done(s, m, ctrl) else r.mission_failed
                for m in self.missions_kept[s])
        # rulebook: 4 points per city whose airspace a player controls
        for w in ctrl:
            if 0 <= w < self.n:
                out[w]["airspace"] += 4
        return out

    def scores(self) -> list[int]:
        """Total points of each real player (the third player of the 2-player variant
        never scores)."""
        return [sum(b.values()) for b in self.score_breakdown()]

    def winners(self) -> list[int]:
        """Seats sharing the win, after the rulebook's tie-breaks (most UFOs on the
        board, then most humans abducted); empty while the game runs."""
        if not self.over:
            return []
        sc = self.scores()
        key = [(sc[s], sum(self.ufo[s]), sum(self.abducted[s])) for s in range(self.n)]
        best = max(key)
        return [s for s in range(self.n) if key[s] == best]

    # ------------------------------------------------------------- observation
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything public, its own missions and hand of
        tokens; other players' face-down tokens and missions are hidden (``None``)."""
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0..{self.n - 1}")
        areas = []
        for i, sl in enumerate(self.area_slots):
            shown = []
            for k, (o, v) in enumerate(sl):
                hidden = k % 2 == 0 and o != seat and self.phase == PLACEMENT
                shown.append((o, None if hidden else v))
            areas.append({"card": [ALIEN_TYPES[t] for t in self.cards.alien_cards[self.area_cards[i]]],
                          "tokens": shown})
        return {
            "seat": seat,
            "num_players": self.n,
            "phase": self.phase,
            "round": self.round,
            "current_player": self.current_player,
            "stock": dict(zip(ALIEN_TYPES, self.stock)),
            "aliens": [self.counts(s) for s in range(self.ns)],
            "captured": [dict(zip(ALIEN_TYPES, self.captured[s])) for s in range(self.ns)],
            "ufos": {self.board.names[c]: [self.ufo[s][c] for s in range(self.ns)] for c in range(12)},
            "platform": list(self.platform),
            "reserve": list(self.reserve),
            "mapped": {self.board.names[c]: [s for s in range(self.ns) if self.mapped[c] >> s & 1] for c in range(12)},
            "humans": {self.board.names[c]: (self.cards.categories[self.human[c]] if self.human[c] >= 0 else None)
                       for c in range(12)},
            "track": [self.cards.categories[h] for h in self.track],
            "abducted": [{self.cards.categories[c]: self.abducted[s][c] for c in range(6) if self.abducted[s][c]}
                         for s in range(self.ns)],
            "abilities": [list(a) for a in self.abilities],
            "tokens_owned": [list(t) for t in self.tokens_owned],
            "hand": self._hand_tokens(seat),
            "areas": areas,
            "missions": list(self.missions_kept[seat] or (self.missions_dealt[seat] if self.phase == KEEP_MISSIONS else ())),
            "missions_kept": [len(m) for m in self.missions_kept],
            "energy": list(self.energy),
            "shield": list(self.shield),
            "order1": list(self.order1),
            "order2": list(self.order2),
            "deck_size": len(self.deck),
            "discard": [[ALIEN_TYPES[t] for t in self.cards.alien_cards[c]] for c in self.discard],
        }

    # ------------------------------------------------------------- for analyses
    def first_mover(self) -> int | None:
        """The first player of round 1's recruitment (None before it starts): the seat
        whose first-move advantage the analyses measure."""
        return None if self.round1_first < 0 else self.round1_first

    def result_extras(self) -> dict[str, Any]:
        """What analyses group results by (see :mod:`ovnilab.sim`): per seat its ability
        cards, kept missions (id and family), planet and the rounds it moved first."""
        fam = {m.id: m.family for m in self.cards.missions}
        return {
            "abilities": [list(self.abilities[s]) for s in range(self.n)],
            "missions": [list(self.missions_kept[s]) for s in range(self.n)],
            "mission_families": [sorted({fam[m] for m in self.missions_kept[s]}) for s in range(self.n)],
            "planet": [self.cards.planets[s] for s in range(self.n)],
            "round1_first": self.round1_first,
        }

    # ------------------------------------------------------------ for search bots
    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` has seen, for search bots.

        Resampled: other players' face-down command tokens (from the tokens they may
        still hold), the third player's hidden tokens and bag, other players' missions
        (from the missions ``seat`` was not dealt), the alien deck's order; the future
        chance is reseeded. Everything ``seat`` sees is unchanged.
        """
        d = self.clone()
        # hidden command tokens: face-down (even index) tokens of others, and their hands
        if d.area_slots:
            for o in range(d.ns):
                if o == seat:
                    continue
                hidden = [(i, k) for i, sl in enumerate(d.area_slots) for k, (w, _) in enumerate(sl)
                          if w == o and k % 2 == 0]
                if not hidden and o != d.third:
                    continue
                pool = list(d.tokens_owned[o])
                for sl in d.area_slots:
                    for k, (w, v) in enumerate(sl):
                        if w == o and k % 2 == 1:
                            pool.remove(v)
                rng.shuffle(pool)
                for i, k in hidden:
                    d.area_slots[i][k] = (o, pool.pop())
                if o == d.third:
                    d.third_bag = pool[: len(d.third_bag)]
        # other players' missions: drawn from the cards this seat has not seen
        own = set(d.missions_dealt[seat])
        unseen = [m.id for m in d.cards.missions if m.id not in own]
        rng.shuffle(unseen)
        for o in range(d.n):
            if o == seat:
                continue
            dealt = tuple(sorted(unseen[:3]))
            del unseen[:3]
            kept = d.missions_kept[o]
            d.missions_dealt[o] = dealt
            d.missions_kept[o] = tuple(sorted(rng.sample(dealt, len(kept)))) if kept else ()
        d.deck.sort()  # the true order must not leak into the sample
        rng.shuffle(d.deck)
        d.reseed_chance(rng.getrandbits(62))
        d._legal_cache = None
        d._legal_set_cache = None
        return d

    def heuristic_values(self) -> list[float]:
        """Per-seat values in [0, 1] of an unfinished position, for cut-off searches:
        a logistic of each player's lead over the mean of
        :meth:`heuristic_scores`."""
        import math

        h = self.heuristic_scores()
        mean = sum(h) / len(h)
        return [1.0 / (1.0 + math.exp(-(x - mean) / 6.0)) for x in h]

    def heuristic_scores(self) -> list[float]:
        """Points each player would have now, plus what its position is worth:
        aliens (each is an action every later round, ~1 point), UFOs on the platform
        (launching them adds a point each) and, during placement, the cards of the
        areas it currently wins (3 aliens)."""
        out = [float(sum(b.values())) for b in self.score_breakdown()]
        for s in range(self.n):
            out[s] += sum(self.aliens[s]) + 0.5 * self.platform[s]
        if self.phase == PLACEMENT:
            for sl in self.area_slots:
                w = resolve_area(sl, self.rules.area_tie)
                if w is not None and w < self.n:
                    out[w] += 3.0
        return out

    def describe(self, action: Action, viewer: int | None = None) -> str:
        """``str(action)`` as ``viewer`` may read it in a log (hidden parts masked)."""
        if viewer is not None and action.kind == "place" and action.c == "face-down" and action.b is not None:
            return f"place a token face-down on {action.a}"
        if viewer is not None and action.kind == "keep":
            return f"keep {len(action.a)} mission(s)"
        return str(action)

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return f"<ovni.State {self.n} players, round {self.round}, {self.phase}, {who}, {len(self.log)} actions>"


def _folded_fields(a: tuple) -> tuple:
    """An Action's fields with texts compared as people type them (case, accents)."""
    def fold(x: Any) -> Any:
        if isinstance(x, str):
            return fold_text(x)
        if isinstance(x, tuple):
            return tuple(fold(y) for y in x)
        return x

    return tuple(fold(x) for x in a)


def _type_key(name: str) -> int:
    return _TYPE_INDEX.get(name, 99)


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
        assert s.reserve[p] >= 0
        maps = sum(1 for c in range(12) if s.mapped[c] >> p & 1)
        assert maps + s.map_tokens[p] == MAP_TOKENS_PER_PLAYER, f"seat {p}: mapping tokens"
        assert min(s.aliens[p]) >= 0 and min(s.captured[p]) >= 0
        assert all(s.captured[p][t] <= s.aliens[p][t] for t in range(4)), f"seat {p}: captured"
        owned = s.tokens_owned[p]
        assert len(owned) + (0 if 6 in owned else 1) == 5, f"seat {p}: command tokens"
        on_board = [v for sl in s.area_slots for (o, v) in sl if o == p]
        for v in on_board:
            assert v in owned
        assert len(on_board) <= 4
    for t in range(4):
        held = sum(s.aliens[p][t] for p in range(s.ns))
        assert s.stock[t] >= 0
        assert held + s.stock[t] + s.stock_removed == r.stock_per_type, f"alien type {t} not conserved"
    humans = sum(1 for h in s.human if h >= 0) + len(s.track) + sum(map(sum, s.abducted))
    assert humans == 6 * HUMANS_PER_CATEGORY, f"{humans} humans instead of 18"
    for c in range(6):
        n = s.human.count(c) + s.track.count(c) + sum(a[c] for a in s.abducted)
        assert n == HUMANS_PER_CATEGORY, f"category {c}: {n} pieces"
    in_areas = len(s.area_cards) - (s.resolve_pos if s.phase == RECRUIT else 0)
    assert len(s.deck) + len(s.discard) + in_areas == len(s.cards.alien_cards), "alien cards not conserved"
    for sl in s.area_slots:
        assert len(sl) <= 4


invariants = check_invariants
