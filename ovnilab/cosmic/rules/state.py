"""The state of a game: its rule options (:class:`Rules`), set-up, the fields a position
is made of, the task queue that drives play, and scores; :func:`new_game` and
:func:`check_invariants`.

:class:`State` is one class whose methods live in the modules named for what they do
(each a mixin: :mod:`.board`, :mod:`.cards`, :mod:`.encounter`, :mod:`.decisions`,
:mod:`.answers`, :mod:`.deals`, :mod:`.hidden`, :mod:`.actions`); all of them read and
change the fields ``State.__init__`` sets up. The dispatch tables at the end send each
pending task to its ``_r_``/``_o_``/``_h_`` methods.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ...core import (RuleSet, GameState, RulesError, SaveFormatError, TERMINAL, load_saved_file,
                     rule_option, rules_from_dict, rules_to_dict, saved_choice, short_repr)
from ...i18n import N_
from .. import data as _data
from ..aliens import POWERS
from ..data import load_data
from .actions import Action, ActionTextMixin
from .answers import AnswersMixin
from .board import BoardMixin
from .cards import CardsMixin
from .components import PLANETS, SHIPS, SPECIAL, WILD, _tables
from .deals import DealsMixin
from .decisions import DecisionsMixin
from .encounter import _FLOW, IDX_TURN_START, EncounterMixin
from .hidden import HiddenInfoMixin


#: ``Rules.deal_max_cards`` for "any number of cards": more than a game holds
ANY_CARDS = 99


@dataclass(frozen=True)
class Rules(RuleSet):
    """Rule options. Defaults are the rulebook; change them for what-if analyses.

    See the package docstring (:mod:`ovnilab.cosmic.rules`) for the readings behind ``may_abandon_colonies``,
    ``destiny_reshuffle``, ``second_encounter``, ``double_morph``, ``deal_rounds``,
    ``deal_max_cards``, ``deal_cards``, ``before_issue_13`` and the safety rules ``turn_limit``
    and ``action_limit_thousands``;
    ``heal_removed=False`` is the Cosmodex's house rule: Healer does not heal ships removed
    from the game.

    powers / flares
        play with alien powers / with flares in the deck (the rulebook suggests first
        games without flares).
    alien_levels
        the alert levels (green, yellow, red) whose aliens are dealt, when ``alien_pool``
        names none. The rulebook deals from the whole set of 50, the default; its
        beginners' advice, ``("green",)``, deals the 23 green aliens only. (A data file
        describing an alien the engine does not implement makes its level raise a
        :class:`~ovnilab.core.RulesError` naming it; a save made before issue 14, without
        this option, was dealt green aliens and replays so.)
    alien_pool
        names of the aliens that may be dealt, of any level (default: every implemented
        alien of ``alien_levels``); an alien of the set not implemented yet is refused by
        name.

    planets, win_colonies, power_threshold
        the four-planet variant and the numbers of a home system (see the package
        docstring and ``data/cosmic/destiny.toml``); ``win_colonies=0`` and
        ``power_threshold=-1`` take the system's numbers (5 and 3; 4 and 2 with four
        planets), ``state.win_at`` and ``state.power_at`` are the numbers in force.

    Every option has a documented range, checked when the rules are built (one
    :class:`~ovnilab.core.RulesError` lists every bad field); ``action_limit_thousands``
    (at most 1,000: a million actions) keeps every game finite; ``turn_limit`` (at most
    1,000) and ``win_colonies`` (at most ten, reachable with three players) keep games
    short.

    turn_limit, action_limit_thousands
        ovnilab's safety rules (not in the rulebook: a reconstruction): after 400 turns, or
        after 200,000 actions (the log's length, set-up choices included), the game ends
        and the players with the most foreign colonies share the win
        (``state.limit_reached``; ``win_reason`` names the limit). The turn limit alone
        does not bound a game: nothing bounds the actions of one turn (Machine has
        encounters while it holds encounter cards, and cards come back to hands). The
        action limit is far above any game seen: the longest random games (five players,
        ``ships_per_planet=1, win_colonies=10``, a goal random play almost never reaches)
        end by the turn limit after about 33,000 actions (400 turns), or 84,000 with
        ``turn_limit=1000``.
    """

    powers: bool = rule_option(True, "play with alien powers")
    flares: bool = rule_option(True, "play with flares in the deck")
    # rulebook: flares topped up to ten with fewer than five players
    flares_total: int = rule_option(10, "flares shuffled into the deck", lo=0, hi=30)
    # rulebook: two aliens dealt, one kept
    alien_choices: int = rule_option(2, "aliens dealt to each player, who keeps one", lo=1, hi=5)
    hand_size: int = rule_option(8, "cards in a new hand", lo=1, hi=12)  # rulebook: hands of eight
    # rulebook: four ships on each home planet (five planets of twenty ships)
    ships_per_planet: int = rule_option(4, "ships on each home planet at the start", lo=1, hi=SHIPS // PLANETS)
    # rulebook: five planets per player; the 2009 FAQ refers to a variant with four
    # (its numbers: the [[system]] tables of data/cosmic/destiny.toml)
    planets: int = rule_option(5, "planets in each home system (4: the four-planet variant)", lo=4, hi=5)
    # rulebook: five foreign colonies win (0: the home system's number, see destiny.toml)
    win_colonies: int = rule_option(0, "foreign colonies that win (0: the system's, 5; 4 with four planets)",
                                    lo=0, hi=2 * PLANETS)
    # rulebook: 1-4 ships launched or sent by an ally
    max_ships: int = rule_option(4, "ships launched or sent by an ally at most", lo=1, hi=SHIPS)
    deal_rounds: int = rule_option(4, "proposals in a deal (the rulebook's minute)", lo=1, hi=10)
    # REFERENCE: "any number of cards may be traded" (ANY_CARDS, more than the game holds);
    # a smaller number caps each side
    deal_max_cards: int = rule_option(ANY_CARDS, f"cards one side gives in a deal at most ({ANY_CARDS}: any number)",
                                      lo=0, hi=ANY_CARDS)
    # rulebook: a failed deal costs three ships each
    deal_fail_ships: int = rule_option(3, "ships each main player loses when a deal fails", lo=0, hi=SHIPS)
    deal_cards: str = rule_option("chosen", "cards given in a deal: chosen by the giver or drawn at random",
                                  choices=("chosen", "random"))
    # rulebook: fewer than three home colonies lose the power; the 2009 FAQ: two with four
    # planets each (-1: the home system's number, see destiny.toml)
    power_threshold: int = rule_option(-1, "home colonies needed to keep the alien power "
                                           "(-1: the system's, 3; 2 with four planets)", lo=-1, hi=PLANETS)
    # rulebook: "careful not to take every ship off a colony, or you lose it": allowed
    may_abandon_colonies: bool = rule_option(True, "ships may leave a colony empty (and lose it)")
    destiny_reshuffle: str = rule_option("one_left", "when the destiny deck is reshuffled",
                                         choices=("one_left", "empty"))
    second_encounter: str = rule_option("ask", "the second encounter after a win is offered or always played",
                                        choices=("ask", "always"))
    double_morph: str = rule_option("attack0", "two morphs revealed count as attack 00 or as a deal",
                                    choices=("attack0", "negotiate"))
    turn_limit: int = rule_option(400, "turns after which the game ends (the most colonies win)", lo=1, hi=1000)
    # ovnilab safety rule (issue 22): turn_limit bounds the turns, not the actions of one
    # (Machine's encounters go on while it holds encounter cards); counted in thousands
    # so that the size keeps a small documented range
    action_limit_thousands: int = rule_option(200, "thousands of actions after which the game ends "
                                                   "(the most colonies win)", lo=1, hi=1000)
    # rulebook: aliens graded green, yellow and red, dealt from the whole set
    alien_levels: tuple[str, ...] = rule_option(("green", "yellow", "red"), "alert levels of the aliens dealt (green, yellow, red)",
                                                choices=_data.LEVELS, max_items=len(_data.LEVELS))
    alien_pool: tuple[str, ...] | None = rule_option(
        None, "the aliens that may be dealt (empty: every implemented alien)", max_items=100)
    deck_file: str | None = rule_option(None, "the cosmic deck: a file name in data/cosmic (empty: deck.toml)",
                                        folder=lambda: _data.data_dir() / "cosmic")
    # ALIENS-YELLOW-RED: "removed-from-game ships can be healed" (the Cosmodex suggests a
    # house rule against it)
    heal_removed: bool = rule_option(True, "Healer may heal ships removed from the game (Void)")
    # hidden information: by default whoever could play by what the others see is asked
    ask_holders_only: bool = rule_option(False, "ask only players holding a playable card in windows, "
                                                "answer rounds and reinforcements (faster batch simulation; "
                                                "whose turn it is then tells what players hold)")
    before_issue_13: bool = rule_option(False, "play as ovnilab did before issue 13's rule fixes "
                                               "(older saves replay so)")


#: options that change nothing while another has a given value (core.warn_inert)
_INERT = {"flares_total": ("flares", False, N_("no flare is shuffled into the deck, however many are asked for")),
          "alien_choices": ("powers", False, N_("without alien powers no alien is dealt to choose from"))}


def _without_excluded(g: Any, order: list[str]) -> list[str]:
    """``order`` without each alien excluded (``not_with``) by one before it."""
    if not any(g.aliens[a].not_with for a in order if a in g.aliens):
        return order
    out: list[str] = []
    for a in order:
        if not any(g.excluded(a, b) for b in out):
            out.append(a)
    return out


#: the options whose values changed with issue 13's rule fixes, at their values of before
_ISSUE_13_OLD = {"before_issue_13": True, "ask_holders_only": True, "may_abandon_colonies": False, "deal_max_cards": 3}


def _before_issue_13(saved: Any) -> Any:
    """The saved rule options, with the readings they were played with made explicit.

    A save holds every rule option of its day; one without ``before_issue_13`` was made
    before issue 13 changed the rules (the last ship may now leave a colony, any number
    of cards in a deal, a zapped flare discarded, ...): every option it omits takes its
    value of that time, so it replays to the game that was played. Anything else is
    returned unchanged."""
    if not isinstance(saved, dict):
        return saved
    if "alien_levels" not in saved:
        # made before issue 14 added the yellow and red aliens: only green ones were dealt
        saved = {**saved, "alien_levels": ["green"]}
    if "before_issue_13" in saved:
        return saved
    return {**_ISSUE_13_OLD, **saved}


def _check_rules_across(rules: Rules, errors: dict[str, str]) -> None:
    """The alert levels and the alien pool name implemented aliens only. (A goal of more
    foreign colonies than the planets allow is refused when the game is set up, where the
    home systems of the data are known.)"""
    levels = rules.alien_levels
    if "alien_levels" not in errors:
        roster = load_data().levels
        missing = [a for lv in levels for a in roster[lv] if a not in POWERS]
        if not levels:
            errors["alien_levels"] = N_("names no alert level; choose from {levels}").format(levels=list(_data.LEVELS))
        elif len(set(levels)) != len(levels):
            errors["alien_levels"] = N_("names a level twice")
        elif missing:
            errors["alien_levels"] = N_("{aliens} of the {levels} aliens are not implemented by the engine; name the "
                                        "implemented ones in alien_pool instead").format(aliens=", ".join(missing),
                                                                                          levels="/".join(levels))
    pool = rules.alien_pool
    if "alien_pool" in errors or pool is None:
        return
    unknown = [a for a in pool if a not in POWERS]
    if unknown:
        later = [a for a in unknown if any(a in names for names in load_data().levels.values())]
        if later:
            errors["alien_pool"] = N_("{aliens} are not implemented by the engine").format(aliens=short_repr(later))
        else:
            errors["alien_pool"] = N_("{aliens} are not implemented aliens; choose from {choices}").format(
                aliens=short_repr(unknown), choices=sorted(POWERS))
    elif len(set(pool)) != len(pool):
        errors["alien_pool"] = N_("names an alien twice")


# core.RuleSet runs these when a Rules is built
Rules._across = _check_rules_across
Rules._inert = _INERT


class State(BoardMixin, CardsMixin, EncounterMixin, DecisionsMixin, AnswersMixin, DealsMixin,
            HiddenInfoMixin, ActionTextMixin, GameState):
    """A game of Cosmic Encounter in progress. Build it with :func:`new_game`."""

    game_name = "cosmic"
    action_class = Action

    # ------------------------------------------------------------------ set-up
    def __init__(
        self,
        num_players: int = 4,
        seed: int | None = None,
        rules: Rules | None = None,
        aliens: Sequence[str] | None = None,
    ) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int) or num_players not in (3, 4, 5):
            raise ValueError(f"Cosmic Encounter is played here by 3, 4 or 5 players, not {num_players!r}")
        rules = Rules.given(rules)
        g = load_data(rules.deck_file)
        n = num_players
        # the aliens dealt: those of the pool named, else the implemented aliens of the
        # levels chosen
        pool = [a for a in g.aliens if a in POWERS]
        if rules.alien_pool is None:
            pool = [a for a in pool if g.aliens[a].level in rules.alien_levels]
        else:
            unknown = [a for a in rules.alien_pool if a not in pool]
            if unknown:
                raise ValueError(f"Rules.alien_pool: {unknown} are not implemented aliens {pool}")
            pool = [a for a in pool if a in rules.alien_pool]
        if aliens is not None:
            aliens = list(aliens)
            if not rules.powers:
                raise ValueError("aliens= needs Rules(powers=True)")
            if len(aliens) != n:
                raise ValueError(f"aliens= must name one alien per player ({n}), got {len(aliens)}")
            for a in aliens:
                if a not in POWERS:
                    raise ValueError(f"aliens=: {a!r} is not an implemented alien; choose from {sorted(POWERS)}")
            if len(set(aliens)) != n:
                raise ValueError("aliens=: each alien is dealt once")
            bad = [(a, b) for i, a in enumerate(aliens) for b in aliens[i + 1:] if g.excluded(a, b)]
            if bad:
                raise ValueError(f"aliens=: {bad[0][0]} and {bad[0][1]} are never dealt in the same game "
                                 f"(the sheet says so)")
        elif rules.powers and n * rules.alien_choices > len(pool):
            where = "alien_pool" if rules.alien_pool is not None else "alien_levels"
            given = (N_("the alien pool chosen gives {n} aliens") if where == "alien_pool" else
                     N_("the alien levels chosen give {n} aliens"))
            raise RulesError({"alien_choices": N_("{players} players x {choices} aliens need {n} aliens to deal").format(
                players=n, choices=rules.alien_choices, n=n * rules.alien_choices),
                where: given.format(n=len(pool))})
        rd = rules_to_dict(rules)
        if rd["alien_pool"] is not None:
            rd["alien_pool"] = list(rd["alien_pool"])
        options: dict[str, Any] = {"num_players": n, "rules": rd}
        if aliens is not None:
            options["aliens"] = list(aliens)
        super().__init__(seed, options)
        self.rules = rules
        self.g = g
        self.t = _tables(g)
        self.n = n
        # rulebook: five planets and twenty ships per player; Rules(planets=4) plays the
        # four-planet variant (its numbers: the home systems of destiny.toml)
        system = g.systems.get(rules.planets)
        if system is None:
            raise ValueError(f"Rules.planets: no home system of {rules.planets} planets in destiny.toml "
                             f"(it lists {sorted(g.systems)})")
        self.np = k = system.planets  # planets per player
        self.nships = system.ships  # ships per player
        self.win_at = rules.win_colonies or system.win_colonies  # foreign colonies that win
        # home colonies that keep the alien power
        self.power_at = system.power_threshold if rules.power_threshold < 0 else rules.power_threshold
        self.system = system
        if self.win_at > 2 * k:
            raise RulesError({"win_colonies": N_("{n} foreign colonies cannot be reached with {k} planets per player "
                                                 "(at most {most} with three players)").format(n=self.win_at, k=k,
                                                                                                most=2 * k),
                              "planets": N_("{k} planets a player leave at most {most} foreign colonies to win with "
                                            "three players").format(k=rules.planets, most=2 * k)})
        self.A = self.t.acts(n, k)
        self._orders = self.A["order"]
        self._planets = self.A["planets"]
        rng = self.chance()  # one generator for the whole set-up
        self.colours: tuple[str, ...] = g.colours[:n]
        np_ = k * n
        self.pname: tuple[str, ...] = tuple(f"{self.colours[p // k]} {p % k + 1}" for p in range(np_))
        self.pindex: dict[str, int] = {name: p for p, name in enumerate(self.pname)}
        self.cindex: dict[str, int] = {c: s for s, c in enumerate(self.colours)}

        # rulebook: five planets per player with four ships each (with fewer per planet,
        # a what-if option, the remaining ships start in the warp)
        ships = [0] * (np_ * n)
        for s in range(n):
            for j in range(k):
                ships[(k * s + j) * n + s] = rules.ships_per_planet
        self.ships = ships
        self.warp = [self.nships - k * rules.ships_per_planet] * n
        if self.warp[0] < 0:
            raise ValueError(f"Rules.ships_per_planet: {k} planets hold at most {self.nships} ships")
        self.gate = [0] * n  # ships on the hyperspace gate (offense and offensive allies)
        self.gate_from: list[list[int]] = [[] for _ in range(n)]  # planet each came from (-1: warp)
        self.side = [0] * n  # defensive allies' ships beside the target planet
        self.side_from: list[list[int]] = [[] for _ in range(n)]
        # tokens a power keeps on its sheet, one counter per seat (a seat has one alien):
        # Warrior's tokens, Tick-Tock's countdown
        self.tokens = [0] * n
        # ships removed from the game ("the void": Void, Masochist's super flare); they
        # never come back (but Healer may heal them)
        self.removed = [0] * n
        #: citadels (Citadel's power): per planet, the attack cards lying face up beside it
        #: (public; a place cards can be, like the discard pile)
        self.citadels: list[list[int]] = [[] for _ in range(np_)]

        # rulebook: the destiny deck without the cards of unused colours
        dd = [s for s in range(n) for _ in range(g.destiny_per_colour)]
        dd += [WILD] * g.destiny_wild + [SPECIAL + i for i in range(len(g.specials))]
        rng.shuffle(dd)
        self.ddeck = dd
        self.ddiscard: list[int] = []

        # rulebook: flares dealt two per player, each player keeps one of the two aliens
        self.alien: list[str | None] = [None] * n
        self.offers: list[tuple[str, ...]] = [() for _ in range(n)]
        dealt: list[str] = []
        if rules.powers:
            if aliens is not None:
                self.alien = list(aliens)
                dealt = list(aliens)
            else:
                order = list(pool)
                rng.shuffle(order)
                # an alien whose sheet excludes one dealt before it is not dealt (Gambler,
                # Sorcerer: the first of the two in the shuffled order stays)
                order = _without_excluded(g, order)
                if n * rules.alien_choices > len(order):
                    raise ValueError(f"{n} players x {rules.alien_choices} aliens need {n * rules.alien_choices} "
                                     f"aliens that may share a game; the pool has {len(order)}")
                k = rules.alien_choices
                self.offers = [tuple(order[k * s: k * s + k]) for s in range(n)]
                dealt = order[: n * k]
        flare_aliens: list[str] = []
        if rules.flares:
            # rulebook: the dealt flares join the deck, topped up at random to ten
            flare_aliens = list(dealt)
            # (no flare of an alien excluded from this game: its sheet is not in it)
            rest = [a for a in pool if a not in flare_aliens]
            rng.shuffle(rest)
            rest = _without_excluded(g, flare_aliens + rest)[len(flare_aliens):]
            while len(flare_aliens) < rules.flares_total and rest:
                flare_aliens.append(rest.pop())
        self.flare_aliens: tuple[str, ...] = tuple(flare_aliens)
        #: the aliens that may be dealt (what a seat's determinization deals offers and
        #: unknown flares from)
        self.alien_pool: tuple[str, ...] = tuple(pool)
        self.cards_in_game: tuple[int, ...] = tuple(range(g.deck_size)) + tuple(
            sorted(g.flare_card[a] for a in flare_aliens))
        #: powers a seat holds beside its alien's own, for the rest of the game
        #: (Reincarnator's incarnation): public, changed only by powers
        self.extra: list[tuple[str, ...]] = [() for _ in range(n)]
        #: whose powers each seat uses this encounter: itself, another seat (a power lent
        #: by Philanthropist's wild flare, used instead of its own) or -1 (it lent its
        #: powers away); every seat uses its own again when the encounter ends
        self.power_of: list[int] = list(range(n))
        self.powers: tuple[Any, ...] = (None,) * n
        #: every power each seat uses now (its first one is ``powers[seat]``)
        self.power_sets: tuple[tuple[Any, ...], ...] = ((),) * n
        self.hooked: dict[str, tuple] = {}
        # rulebook: the cosmic deck, with the flares, shuffled (hands are dealt once every
        # player has chosen an alien)
        deck = list(self.cards_in_game)
        rng.shuffle(deck)
        self.deck: list[int] = deck
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.hoard: list[list[int]] = [[] for _ in range(n)]
        # Public knowledge about hidden cards (immutable values, replaced when they change,
        # so a clone shares them; see determinize):
        #: ``(card, seat)``: cards every player saw go into a hand (a flare played stays
        #: in or returns to its owner's hand, a card stolen by Filch's flare, a card the
        #: Vulch collects or keeps); they count while the card is still there, until a
        #: card leaves that hand unseen (``_forget_shown``) or it is reshuffled
        self.shown: tuple[tuple[int, int], ...] = ()
        #: ``(viewer, card, holder)``: cards one seat saw privately go into (or sit in)
        #: another's hand (Philanthropist's gift, Mind's look); each counts, for that
        #: viewer, while the card is still there, until a card leaves that hand unseen
        #: (``_forget_shown``); see :meth:`private_pins`
        self.known: tuple[tuple[int, int, int], ...] = ()
        #: flare cards everybody knows are in the game (played, drawn face up, or
        #: reshuffled from the discard pile into the deck)
        self.flares_public: frozenset[int] = frozenset()
        #: flare cards each seat has drawn or been shown (it knows they are in the game)
        self.flares_seen: tuple[frozenset[int], ...] = (frozenset(),) * n

        self.turn = 0
        self.encounters = 0  # encounters started so far
        #: the last finished encounter: offense, defender, target planet, outcome,
        #: effective card kinds and totals (for logs, notebooks and tests)
        self.last_result: dict[str, Any] | None = None
        self.turn_player = 0
        self.offense = -1
        # Warrior's wild flare: a counter-encounter (warrior, victim) after this one, and
        # what to resume afterwards (the turn's offense, whether it may have a second)
        self.counter: tuple[int, int] | None = None
        self.resume: tuple[int, bool] | None = None
        self.forced = -1  # a defender set without drawing destiny
        self.enc_no = 0
        self.flow = 0
        self.over = False
        self.limit_reached = False
        self.winners_: list[int] = []
        #: why the game ended ("" while it runs): five foreign colonies, a power's
        #: alternate win (Tick-Tock, Masochist; shared with the players who win through
        #: the same event), or the turn limit
        self.win_reason = ""
        self.actor = 0
        self.stage = "setup"
        self._reset_encounter()
        self.tasks: list[tuple] = []
        if rules.powers and aliens is None:
            self.tasks = [("alien", s) for s in range(n)]
        self.tasks.append(("call", "_finish_setup"))
        self._run()

    def _reset_encounter(self) -> None:
        self.defender = -1
        self.target = -1
        self.destiny = -1
        self.aim_options: tuple[int, ...] = ()
        self.allies: list[list[int]] = [[], []]
        self.inv: list[tuple[int, ...]] = [(), ()]
        self.card = [-1, -1]  # encounter cards selected (card ids)
        self.face_up = -1  # seat whose card was selected face up (Oracle)
        self.revealed = False
        self.reinf = [0, 0]
        self.bonus = [0, 0]
        self.kinds = (-1, -1)
        self.values = (0, 0)
        self.totals = (0, 0)
        self.outcome = ""
        self.winner_side = -1
        self.comp_side = -1
        self.main_ships = (0, 0)
        self.off_success = False
        self.deal_offer: tuple | None = None
        self.deal_terms: tuple | None = None
        self.deal_picks: list[tuple[int, ...]] = [(), ()]  # cards each side chose to give
        self.eflags: set = set()
        self.table: list[int] = []
        #: a revealed encounter card kept face down, and what its player says it is
        #: (Gambler): ``(side, face name or None while deciding, accepted)``; public but
        #: the card, which only the player who selected it sees (``card_visible``)
        self.claim: tuple | None = None
        #: grudge tokens (Grudge's power) each seat holds this encounter (public)
        self.grudge: list[int] = [0] * self.n

    def _finish_setup(self) -> None:
        n, rng, r = self.n, self.chance(), self.rules
        self._set_powers()
        # rulebook: hands of eight
        for s in range(n):
            self._draw(s, r.hand_size)
        for seat, fn in self._hook("setup"):
            fn(self, seat)
        # rulebook step 7: draw a destiny card, its colour plays first (a wild or special
        # card is drawn again), shuffle it back. The card drawn is a random one looked at
        # in place, never removed, so the deck stays complete; then the deck is reshuffled.
        # Both set-ups come here: aliens forced (from __init__) or chosen (after the last
        # choice).
        while True:
            c = self.ddeck[rng.randrange(len(self.ddeck))]
            if c < n:
                break
        rng.shuffle(self.ddeck)
        self.turn_player = c
        self.flow = IDX_TURN_START

    def _set_powers(self) -> None:
        """(Re)build the power of each seat and the table of hooks the engine calls."""
        if not self.rules.powers:
            self.powers = (None,) * self.n
            self.power_sets = ((),) * self.n
            self.hooked = {}
            return
        sets = tuple(tuple(POWERS[a] for a in self.power_names(s)) for s in range(self.n))
        self.power_sets = sets
        self.powers = tuple(ps[0] if ps else None for ps in sets)
        hooked: dict[str, list] = {}
        # a seat with several powers (an incarnation, a lent power) has the hooks of each,
        # its own alien's first
        for s, ps in enumerate(sets):
            for p in ps:
                for name, fn in p.hooks.items():
                    hooked.setdefault(name, []).append((s, fn, p.roles))
        self.hooked = {k: tuple(v) for k, v in hooked.items()}

    def power_names(self, seat: int) -> tuple[str, ...]:
        """The aliens whose powers ``seat`` uses now: its own alien's and the extra ones it
        holds (Reincarnator's incarnation), or those of the seat that lent it its powers
        this encounter (none while it lent its own away). Public."""
        src = self.power_of[seat]
        if src < 0 or not self.rules.powers:
            return ()
        a = self.alien[src]
        return ((a,) if a else ()) + tuple(self.extra[src])

    def holds_power(self, seat: int, alien: str) -> bool:
        """Whether ``seat`` uses ``alien``'s power now (working or not)."""
        return any(p.name == alien for p in self.power_sets[seat])

    def _end_lending(self) -> None:
        """Powers lent for the encounter go back to their owners (its end, or an
        encounter stopped without cards)."""
        if self.power_of != list(range(self.n)):
            self.power_of = list(range(self.n))
            self._set_powers()

    @classmethod
    def from_options(cls, seed: int, options: dict[str, Any]) -> "State":
        """A new game from saved options; every error is a :class:`SaveFormatError`
        naming the field, raised before the game is built (the deck file included)."""
        if not isinstance(options, dict):
            raise SaveFormatError("options must be an object", "options")
        unknown = set(options) - {"num_players", "rules", "aliens"}
        if unknown:
            first = sorted(unknown)[0][:60]
            raise SaveFormatError(f"options.{first} is not a Cosmic Encounter option", f"options.{first}")
        n = saved_choice(options, "num_players", (3, 4, 5))
        rules = rules_from_dict(Rules, _before_issue_13(options.get("rules", {})))
        aliens = options.get("aliens")
        if aliens is not None:
            if not (isinstance(aliens, list) and len(aliens) == n
                    and all(isinstance(a, str) and a in POWERS for a in aliens)):
                raise SaveFormatError(f"options.aliens must list one implemented alien per player ({n}), "
                                      f"got {short_repr(aliens)}", "options.aliens")
        load_saved_file("deck_file", load_data, rules.deck_file)
        try:
            return cls(n, seed, rules, aliens)
        except ValueError as exc:
            field = "options.aliens" if "aliens" in str(exc) else "options.rules"
            raise SaveFormatError(f"{field}: {exc}", field) from exc

    # mutable fields, copied by clone (scalars, tuples and the static tables are shared)
    _FLAT_LISTS = ("ships", "warp", "gate", "side", "tokens", "removed", "ddeck", "ddiscard", "alien", "offers",
                   "deck", "discard", "table", "card", "reinf", "bonus", "inv", "tasks", "winners_", "deal_picks",
                   "extra", "power_of", "grudge")
    _NESTED_LISTS = ("gate_from", "side_from", "hands", "hoard", "allies", "citadels")
    _SETS = ("eflags",)

    # shared read-only data (tables, board, card set): equality skips it
    _STATIC = ("g", "t", "hooked", "powers", "power_sets", "pindex", "cindex", "A", "_orders", "_planets", "system")

    def _position(self) -> dict[str, Any]:
        # the powers in play (Power definitions are compared by name)
        d = super()._position()
        d["power_sets"] = tuple(tuple(p.name for p in ps) for ps in self.power_sets)
        return d

    # ------------------------------------------------------------- properties
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.actor

    @property
    def num_players(self) -> int:
        return self.n

    def is_over(self) -> bool:
        return self.over

    @property
    def phase(self) -> str:
        """What the game waits for (the first pending task), e.g. ``"select"``."""
        if self.over:
            return "game over"
        return self.tasks[0][0] if self.tasks else self.stage

    # ------------------------------------------------------------- tasks
    def _push(self, *tasks: tuple) -> None:
        """Put tasks in front of the queue, in the given order."""
        self.tasks[0:0] = tasks

    def _window(self, timing: str) -> None:
        """Open a window: every player from the offense clockwise may play what fits."""
        self._push(("window", timing, self.order_from(self.offense), 0))

    def _run(self) -> None:
        """Advance until a player has to decide (or the game is over)."""
        tasks = self.tasks
        while not self.over:
            if tasks:
                t = tasks[0]
                if _READY[t[0]](self, t):
                    return
                continue
            f = self.flow
            self.flow = f + 1
            _FLOW[f](self)
        self.actor = TERMINAL

    def _legal(self) -> list[Action]:
        if not self.tasks:
            return []
        t = self.tasks[0]
        return _OPTIONS[t[0]](self, t)

    def _do(self, a: Action) -> None:
        t = self.tasks[0]
        if a.kind == "flare":
            self._note_flare_play(t, a)
        _HANDLE[t[0]](self, t, a)
        self._run()
        # ovnilab safety rule: the action limit (self.log holds the actions before this one)
        if not self.over and len(self.log) + 1 >= 1000 * self.rules.action_limit_thousands:
            self._finish(by_limit=True, limit="action limit")

    # ================================================================ tasks
    # Each task kind has _r_ (ready: True when a player must decide; otherwise it does
    # its automatic part and pops or advances itself), _o_ (options) and _h_ (handle).
    # The kinds live with what they decide: decisions.py (the phases' decisions),
    # cards.py (plague, reinforce), answers.py (window, zap, effect), deals.py (deal, give).

    def _pop(self) -> None:
        del self.tasks[0]

    def _set(self, t: tuple) -> None:
        self.tasks[0] = t

    # --- call: run an engine method when reached (keeps effects in order)
    def _r_call(self, t: tuple) -> bool:
        self._pop()
        getattr(self, t[1])(*t[2:])
        return False

    # ================================================================ scoring
    def scores(self) -> list[int]:
        """Foreign colonies of each player (five win; a power's alternate win is in
        :meth:`winners` and ``win_reason``)."""
        return [self.foreign_colonies(s) for s in range(self.n)]

    def winners(self) -> list[int]:
        """Seats sharing the win (empty while the game runs)."""
        return list(self.winners_) if self.over else []

    def result_extras(self) -> dict[str, Any]:
        """What a finished game reports for analyses: :func:`result_extras`."""
        return result_extras(self)

    def seat_name(self, seat: int) -> str:
        """A readable name, as the board and its log write it for any onlooker: the
        seat's colour, and its alien once every alien is chosen ("Red (Zombie)")."""
        if not 0 <= seat < self.n:
            return "-"
        public = not self.rules.powers or all(x is not None for x in self.alien)
        alien = self.alien[seat] if public else None
        return self.colours[seat].capitalize() + (f" ({alien})" if alien else "")

    def _repr_svg_(self) -> str:
        from ..render import to_svg  # rules never import rendering at module level

        return to_svg(self)

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return f"<cosmic.State {self.n} players, turn {self.turn}, {self.phase}, {who}, {len(self.log)} actions>"


# dispatch tables: each task kind's ready, options and handle methods (_run, _legal, _do),
# wherever the mixins define them
_KINDS = ("alien", "regroup", "place", "lose", "own", "wild", "aim", "ships", "invite", "answer",
          "select", "window", "reinforce", "zap", "plague", "deal", "give", "reward", "second", "power")
_READY: dict[str, Callable] = {k: getattr(State, "_r_" + k) for k in _KINDS}
_READY["call"] = State._r_call
_READY["effect"] = State._r_effect
_OPTIONS: dict[str, Callable] = {k: getattr(State, "_o_" + k) for k in _KINDS}
_HANDLE: dict[str, Callable] = {k: getattr(State, "_h_" + k) for k in _KINDS}


def new_game(
    num_players: int = 4,
    seed: int | None = None,
    rules: Rules | None = None,
    aliens: Sequence[str] | None = None,
) -> State:
    """Start a game of Cosmic Encounter for 3-5 players.

    ``aliens`` forces the alien of each seat (for tests and notebooks); otherwise each
    player is dealt ``Rules.alien_choices`` aliens and keeps one (actions at the start).
    """
    return State(num_players, seed, rules, aliens)


def result_extras(state: "State") -> dict[str, Any]:
    """What a finished game reports for analyses (what ``sim`` records of a game).

    Per seat (lists, one entry per seat, so they become columns of the seat table):
    ``alien`` (``None`` without powers), ``home_colonies``, ``ships_in_warp``,
    ``cards_in_hand`` and ``power_active`` at the end. Per game: ``turns``,
    ``encounters``, ``limit_reached`` (the ovnilab safety rule ended the game) and
    ``win_reason`` (why it ended: five foreign colonies, a power's alternate win, ...).
    """
    n = state.num_players
    return {
        "alien": list(state.alien),
        "home_colonies": [state.home_colonies(s) for s in range(n)],
        "ships_in_warp": list(state.warp),
        "cards_in_hand": [len(h) for h in state.hands],
        "power_active": [state.power_active(s) for s in range(n)],
        "turns": state.turn,
        "encounters": state.encounters,
        "limit_reached": bool(state.limit_reached),
        "win_reason": state.win_reason,
    }


@functools.lru_cache(maxsize=64)
def _in_order(cards: tuple[int, ...]) -> list[int]:
    """The cards of a game in order (check_invariants compares a sorted copy of every place
    with it after each step; a game's card tuple is fixed once its aliens are chosen)."""
    return sorted(cards)


def check_invariants(state: State) -> None:
    """Raise AssertionError when a conservation law of the components is broken.

    * 20 ships per player (16 with four planets), always accounted for across colonies, warp, gate, the
      defensive allies' place beside the target planet, the ships removed from the game
      and the ships being chosen for a loss; no count is negative, and no player has
      fewer ships left in the game than the foreign colonies that win;
    * every card of the game (the cosmic deck plus the flares in play) is in exactly one
      place: the deck, the discard pile, a hand, a hoard, the table, a selected card, a
      citadel beside a planet;
    * the destiny deck and its discards hold their cards;
    * a finished game has winners; a running game has none it has not announced (no
      player with the foreign colonies that win, unless Rules.before_issue_13 leaves the
      check to the end of the encounter or a deal's colonies are being placed).
    """
    s = state
    n = s.n
    nships = s.nships
    # ships being lost one at a time wait in the 'lose' task until all are chosen
    pending = [0] * n
    for t in s.tasks:
        if t[0] == "lose":
            pending[t[1]] += len(t[4])
    for p in range(n):
        mine = s.ships[p::n]
        assert min(mine) >= 0, f"seat {p}: negative ships on a planet"
        warp, gate, side, removed = s.warp[p], s.gate[p], s.side[p], s.removed[p]
        assert min(warp, gate, side, removed) >= 0, f"seat {p}: negative count"
        assert nships - removed >= s.win_at, f"seat {p}: too many ships removed from the game"
        total = sum(mine) + warp + gate + side + removed + pending[p]
        assert total == nships, f"seat {p}: {total} ships instead of {nships}"
        assert len(s.gate_from[p]) == gate and len(s.side_from[p]) == side, f"seat {p}: origins"
    where = [*s.deck, *s.discard, *s.table, *(c for c in s.card if c >= 0)]
    for places in (s.hands, s.hoard, s.citadels):
        for h in places:
            where += h
    where.sort()
    assert where == _in_order(s.cards_in_game), "cards not conserved"
    assert len(s.ddeck) + len(s.ddiscard) == n * s.g.destiny_per_colour + s.g.destiny_wild + len(s.g.specials), \
        "destiny cards not conserved"
    if s.over:
        assert s.winners_, "a finished game has winners"
        assert s.win_reason, "a finished game says why it ended"
        assert s.current_player == TERMINAL, "a finished game has nobody to act"
    else:
        assert s.tasks, "a running game waits for a decision"
        assert 0 <= s.actor < n, f"the player to act ({s.actor}) is not a seat"
        if not s.rules.before_issue_13 and ("call", "_win_at_once") not in s.tasks:
            # rulebook: the game ends as soon as a player has five foreign colonies, so a
            # running game has no winner it has not announced (but while a deal's colonies
            # are being placed: the check follows them both)
            for p in range(n):
                assert s.foreign_colonies(p) < s.win_at, f"seat {p}: {s.win_at} foreign colonies and the game goes on"


invariants = check_invariants
