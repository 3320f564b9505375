"""Cosmic Encounter's game engine: the state, its legal actions and how each one changes it.

The rules are the rulebook ``seeds/003_*.txt`` plus the general rules REFERENCE.md gives
(deals, compensation, defensive rewards, flares, artifacts); comments name the rule each
block implements. Alien powers live in :mod:`ovnilab.cosmic.aliens`, one definition per
alien; the engine calls their hooks at fixed points (see that module).

How a game flows
----------------
An encounter is a fixed list of *steps* (``_FLOW``): regroup, destiny, launch, alliance,
planning, reveal, resolution, each with its *windows*. A step does the automatic part of
a phase and pushes *tasks*; a task is a pending decision of one player (aim the gate,
send a ship, answer an invitation, select a card, ...). ``current_player`` is the actor of
the first task; ``legal_actions`` are that task's options. When no task is pending the
next step runs. Every choice is an action in the log; chance (shuffles, random
compensation) comes from ``GameState.chance()`` inside ``apply`` (a fresh seeded generator
per chance event, so a clone copies two integers, not a generator). A decision with a
single possible answer (the only colony to regroup to, the only card to select) is taken
automatically and is not logged: it is not a choice.

Windows are the points where artifacts, flares and optional powers are offered: every
player from the offense clockwise who holds something playable there is asked, and
answers with a play or ``pass`` (after a play the same player is asked again). Card Zap is
offered to the other holders right after a flare or artifact is played.

Rule readings (the default is the reading judged most faithful; the alternative is a
:class:`Rules` option)
------------------------------------------------------------------------------------------
* Launching and sending allies "without abandoning a colony" (the issue's reading of the
  rulebook's warning "careful not to take every ship of a colony or you lose it"). The
  warning can also be read as allowing it: ``Rules(may_abandon_colonies=True)``.
* Destiny reshuffle: "if only one card is left, shuffle the discards into a new deck before
  drawing" (``destiny_reshuffle="one_left"``); ``"empty"`` reshuffles when none is left.
* The second encounter is offered ("may have a second encounter"):
  ``second_encounter="ask"``; ``"always"`` starts it without asking.
* Both players revealing a morph: the rulebook is silent; both count as attack 00, so the
  ships decide and ties go to the defense (``double_morph="attack0"``); ``"negotiate"``
  makes it a deal.
* Special destiny cards name a player other than the offense (the card would otherwise
  point at the offense itself); ties break to the offense's left.
* Deals are structured proposals (cards each way, a colony each way) that the other main
  player accepts, rejects, or counters; ``deal_rounds`` proposals in all stand in for the
  rulebook's minute. A proposal names how many cards each side gives; once it is
  accepted each giver chooses its cards one at a time (the offense first; both choose
  before any card changes hands, so neither sees what it gets before giving).
  ``deal_cards="random"`` draws them at random from the giver's hand instead (a quicker
  what-if). A colony granted in a deal is placed with 1-4 ships from the receiver's
  colonies. The offense's ships on the gate go home before
  the negotiation, like the allies'.
* Ships that return to colonies (allies after a deal or a defence, Zombie, Observer, Force
  Field) go back to the planet they came from, or to the owner's first colony when that
  colony is gone. Ships that leave the warp (regroup, rewards, Mobius Tubes) go to a
  colony their owner chooses.
* A player who has to draw a new hand and still finds no encounter card draws again, at
  most three times; a defence that still has none ends the encounter with no winner.
  When the cosmic deck runs out, the discard pile is shuffled into a new deck.
* Reinforcements (REFERENCE: after the reveal, by main players and allies) are offered
  only when both cards are attacks (otherwise totals do not matter), to the players in
  the encounter from the offense clockwise, round after round until all pass in a row.
* Compensation counts the negotiating main player's own ships lost (not its allies');
  defensive rewards are chosen as a mix of cards and ships before anything is drawn.
* Card Zap answers a flare or artifact as it is played (a zapped artifact is discarded, a
  zapped flare returns to its owner's hand, used); a Card Zap is itself an artifact being
  played, so another Card Zap may answer it (which lets the first card take effect).
  Cosmic Zap answers the use of an optional power as it is made (that use is cancelled),
  or is played in any window against a power that acts by itself (a passive power such
  as Zombie's or Macron's), which it cancels for the rest of the encounter.
* Plague's victim chooses which three ships it loses, then which card of each type it
  discards (types in the order attack, negotiate, morph, reinforcement, artifact, flare).
* The second encounter, "after a win": the offense's side won, or a deal was made (also
  a re-established home planet and an encounter cancelled by Oracle's super flare).
* Stacking the gate: a ship that regrouped to the gate (no colonies) counts among the
  four the offense may launch.

ovnilab safety rule
-------------------
``Rules.turn_limit`` (default 400 turns) ends a game that has run that long; the players
with the most foreign colonies share the win (``state.limit_reached`` tells). Random play
with the default rules ends long before (typically 15-25 turns; the tests check the limit
does not trigger); it only guarantees that every playout terminates, e.g. when no
encounter card is left to draw, or when players keep abandoning colonies
(``may_abandon_colonies=True`` with random play stalls about once in 400 games).

Hidden information
------------------
``observation(seat)`` is what a seat may see; ``determinize(seat, rng)`` deals everything
else again for search bots, canonically (the sample depends only on the observation and
``rng``). What every player knows about hidden places is kept in small immutable records
(``shown``, ``flares_public``, ``flares_seen``) so a clone stays cheap: a flare played
stays in its owner's hand, a card offered to the Vulch stays in the giver's, and a seat
knows which flares are in the deck only as far as it has seen them (its offers, the
aliens revealed, the flares played or drawn). Barbarian and Hacker see the hands they
choose from while choosing (:meth:`State.shown_hands`). ``describe(action, viewer)`` words
the log: ``viewer=None`` is the public log, which never names a face-down card, an alien
choice or a card taken from a hidden hand.

Representation (chosen for speed): seats are ints, planets are ints ``0..5n-1`` (planet
``p`` belongs to seat ``p // 5``), ships are one flat list ``ships[p * n + seat]``, cards
are ints (see :mod:`ovnilab.cosmic.data`), tasks are tuples, so ``clone`` is a few list
copies.
"""

from __future__ import annotations

import itertools
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from ...core import (GameState, IllegalAction, SaveFormatError, TERMINAL, action_repr, check_rules, fold_text,
                    load_saved_file, rule_option, rules_from_dict, rules_to_dict, saved_choice, short_repr)
from .. import data as _data
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT, CosmicData, load_data

__all__ = [
    "Rules",
    "Action",
    "State",
    "new_game",
    "check_invariants",
    "PASS",
    "PLANETS",
    "SHIPS",
]

PLANETS = 5  # rulebook: five planets per player
SHIPS = 20  # rulebook: twenty ships per player
WILD = 100  # destiny card codes: 0..4 = colour of seat, WILD, SPECIAL + i
SPECIAL = 200
OFF, DEF = 0, 1  # sides
SIDE_NAMES = ("offense", "defense")

# roles of a seat in the current encounter
R_NONE, R_OFFENSE, R_DEFENSE, R_OFF_ALLY, R_DEF_ALLY = range(5)


@dataclass(frozen=True)
class Rules:
    """Rule options. Defaults are the rulebook; change them for what-if analyses.

    See the module docstring for the readings behind ``may_abandon_colonies``,
    ``destiny_reshuffle``, ``second_encounter``, ``double_morph``, ``deal_rounds``,
    ``deal_cards`` and the
    safety rule ``turn_limit``.

    powers / flares
        play with alien powers / with flares in the deck (the rulebook suggests first
        games without flares).
    alien_pool
        names of the aliens that may be dealt (default: every implemented alien).

    Every option has a documented range, checked when the rules are built (one
    :class:`~ovnilab.core.RulesError` lists every bad field); ``turn_limit`` (at most
    1,000) and ``win_colonies`` (at most ten, reachable with three players) keep every
    game finite.
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
    # rulebook: five foreign colonies win
    win_colonies: int = rule_option(5, "foreign colonies that win", lo=1, hi=2 * PLANETS)
    # rulebook: 1-4 ships launched or sent by an ally
    max_ships: int = rule_option(4, "ships launched or sent by an ally at most", lo=1, hi=SHIPS)
    deal_rounds: int = rule_option(4, "proposals in a deal (the rulebook's minute)", lo=1, hi=10)
    deal_max_cards: int = rule_option(3, "cards one side gives in a deal at most", lo=0, hi=12)
    # rulebook: a failed deal costs three ships each
    deal_fail_ships: int = rule_option(3, "ships each main player loses when a deal fails", lo=0, hi=SHIPS)
    deal_cards: str = rule_option("chosen", "cards given in a deal: chosen by the giver or drawn at random",
                                  choices=("chosen", "random"))
    # rulebook: fewer than three home colonies lose the power
    power_threshold: int = rule_option(3, "home colonies needed to keep the alien power", lo=0, hi=PLANETS)
    may_abandon_colonies: bool = rule_option(False, "ships may leave a colony empty (and lose it)")
    destiny_reshuffle: str = rule_option("one_left", "when the destiny deck is reshuffled",
                                         choices=("one_left", "empty"))
    second_encounter: str = rule_option("ask", "the second encounter after a win is offered or always played",
                                        choices=("ask", "always"))
    double_morph: str = rule_option("attack0", "two morphs revealed count as attack 00 or as a deal",
                                    choices=("attack0", "negotiate"))
    turn_limit: int = rule_option(400, "turns after which the game ends (the most colonies win)", lo=1, hi=1000)
    alien_pool: tuple[str, ...] | None = rule_option(
        None, "the aliens that may be dealt (empty: every implemented alien)", max_items=100)
    deck_file: str | None = rule_option(None, "the cosmic deck: a file name in data/cosmic (empty: deck.toml)",
                                        folder=lambda: _data.data_dir() / "cosmic")

    def __post_init__(self) -> None:
        check_rules(self, _check_rules_across)


def _check_rules_across(rules: Rules, errors: dict[str, str]) -> None:
    """The alien pool names implemented aliens (the module of powers is loaded last)."""
    pool = rules.alien_pool
    if "alien_pool" in errors or pool is None:
        return
    from ..aliens import POWERS

    unknown = [a for a in pool if a not in POWERS]
    if unknown:
        errors["alien_pool"] = f"{short_repr(unknown)} are not implemented aliens; choose from {sorted(POWERS)}"
    elif len(set(pool)) != len(pool):
        errors["alien_pool"] = "names an alien twice"


class Action(NamedTuple):
    """One decision. ``str()`` gives the text :meth:`State.parse_action` reads back.

    kinds: alien, regroup, again, home, reestablish, defender, aim, ship, done, invite,
    join, select, play, flare, power, choose, pass, reinforce, propose, accept, reject,
    give, discard, reward, place, lose, second, end_turn.
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'pass'>: the text (ovnilab.core)

    def __str__(self) -> str:  # noqa: C901 - one line per kind
        k, a, b, c = self
        if k == "pass":
            return "pass"
        if k == "ship":
            return f"ship from {a}"
        if k == "done":
            return "done"
        if k == "select":
            return f"select {a} from hoard" if b else f"select {a}"
        if k == "place":
            return f"place ship on {a}"
        if k == "lose":
            return f"lose ship from {a}"
        if k == "regroup":
            return f"regroup to {a}"
        if k == "aim":
            return f"aim at {a}"
        if k == "invite":
            return "invite " + ("+".join(a) if a else "nobody")
        if k == "join":
            return f"join {a}" if a else "decline"
        if k == "play":
            return f"play {a}" + (f" on {b}" if b else "") + (" from hoard" if c else "")
        if k == "flare":
            return f"play {a} flare ({b})" + (f": {c}" if c else "")
        if k == "power":
            return f"use {a} power" + (f": {b}" if b else "")
        if k == "choose":
            return f"{a}: {b}"
        if k == "reinforce":
            return f"reinforce {b} with {a}" + (" from hoard" if c else "")
        if k == "propose":
            (oc, on, op), (dc, dn, dp) = a, b
            return (f"propose: {oc} gives {on} card{'s' if on != 1 else ''}, "
                    f"{dc} gives {dn} card{'s' if dn != 1 else ''}, "
                    f"{oc} lands {'on ' + op if op else 'nowhere'}, "
                    f"{dc} lands {'on ' + dp if dp else 'nowhere'}")
        if k == "give":
            return f"give {a}"
        if k == "discard":
            return f"discard {a}"
        if k == "accept":
            return "accept deal"
        if k == "reject":
            return "reject deal"
        if k == "reward":
            return f"reward {a} card{'s' if a != 1 else ''} and {b} ship{'s' if b != 1 else ''}"
        if k == "second":
            return "have a second encounter"
        if k == "end_turn":
            return "end turn"
        if k == "again":
            return "draw again"
        if k == "home":
            return f"encounter {a} at home"
        if k == "reestablish":
            return f"reestablish {a}"
        if k == "defender":
            return f"choose defender {a}"
        if k == "alien":
            return f"choose alien {a}"
        return f"{k} {a} {b} {c}"


PASS = Action("pass")
DONE = Action("done")
ACCEPT = Action("accept")
REJECT = Action("reject")
AGAIN = Action("again")
SECOND = Action("second")
END_TURN = Action("end_turn")
DECLINE = Action("join", None)
JOIN = (Action("join", "offense"), Action("join", "defense"))

_INTERN: dict[Action, Action] = {}


def _A(kind: str, a: Any = None, b: Any = None, c: Any = None) -> Action:
    """An interned action (equal actions are one object: cheap hashing and comparing)."""
    key = (kind, a, b, c)
    y = _INTERN.get(key)
    if y is None:
        if len(_INTERN) > 200_000:
            _INTERN.clear()
        y = _INTERN[key] = tuple.__new__(Action, key)
    return y


# ======================================================================
# Static tables per data set (shared by every state of a game: never mutated)
# ======================================================================


class _Tables:
    """Per-card facts as flat tuples, so the hot paths index tuples instead of objects;
    interned actions per planet and per seat for each number of players."""

    def acts(self, n: int) -> dict[str, tuple]:
        a = self._acts.get(n)
        if a is None:
            col = self.colours[:n]
            names = [f"{col[p // PLANETS]} {p % PLANETS + 1}" for p in range(PLANETS * n)]
            a = {k: tuple(_A(k, x) for x in names) for k in ("regroup", "place", "lose", "ship", "aim", "reestablish")}
            a["order"] = tuple(tuple((f + i) % n for i in range(n)) for f in range(n))
            # each seat's planets, home planets first (the order colonies are listed in)
            a["planets"] = tuple(tuple(range(PLANETS * s, PLANETS * s + PLANETS))
                                 + tuple(p for p in range(PLANETS * n) if p // PLANETS != s) for s in range(n))
            self._acts[n] = a
        return a

    def __init__(self, g: CosmicData) -> None:
        self._acts: dict[int, dict[str, tuple]] = {}
        self.colours = g.colours
        faces = g.faces
        self.kind = tuple(faces[f].kind for f in g.card_face)
        self.value = tuple(faces[f].value for f in g.card_face)
        self.name = tuple(faces[f].name for f in g.card_face)
        self.face = g.card_face
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


_PROPOSALS: dict[tuple, list] = {}


def _subsets(items: Sequence[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for k in range(len(items) + 1):
        out.extend(itertools.combinations(items, k))
    return out


# ======================================================================
# The engine
# ======================================================================


class State(GameState):
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
        if num_players not in (3, 4, 5):
            raise ValueError(f"Cosmic Encounter is played here by 3, 4 or 5 players, not {num_players!r}")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a cosmic.Rules")
        g = load_data(rules.deck_file)
        n = num_players
        pool = [a for a in g.aliens if a in POWERS]
        if rules.alien_pool is not None:
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
        elif rules.powers and n * rules.alien_choices > len(pool):
            raise ValueError(f"{n} players x {rules.alien_choices} aliens need {n * rules.alien_choices} aliens; "
                             f"the pool has {len(pool)}")
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
        self.A = self.t.acts(n)
        self._orders = self.A["order"]
        self._planets = self.A["planets"]
        rng = self.chance()  # one generator for the whole set-up
        self.colours: tuple[str, ...] = g.colours[:n]
        np_ = PLANETS * n
        self.pname: tuple[str, ...] = tuple(f"{self.colours[p // PLANETS]} {p % PLANETS + 1}" for p in range(np_))
        self.pindex: dict[str, int] = {name: p for p, name in enumerate(self.pname)}
        self.cindex: dict[str, int] = {c: s for s, c in enumerate(self.colours)}

        # rulebook: five planets per player with four ships each (with fewer per planet,
        # a what-if option, the remaining ships start in the warp)
        ships = [0] * (np_ * n)
        for s in range(n):
            for k in range(PLANETS):
                ships[(PLANETS * s + k) * n + s] = rules.ships_per_planet
        self.ships = ships
        self.warp = [SHIPS - PLANETS * rules.ships_per_planet] * n
        if self.warp[0] < 0:
            raise ValueError("Rules.ships_per_planet: five planets hold at most 20 ships")
        self.gate = [0] * n  # ships on the hyperspace gate (offense and offensive allies)
        self.gate_from: list[list[int]] = [[] for _ in range(n)]  # planet each came from (-1: warp)
        self.side = [0] * n  # defensive allies' ships beside the target planet
        self.side_from: list[list[int]] = [[] for _ in range(n)]
        self.tokens = [0] * n  # Warrior's tokens

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
                k = rules.alien_choices
                self.offers = [tuple(order[k * s: k * s + k]) for s in range(n)]
                dealt = order[: n * k]
        flare_aliens: list[str] = []
        if rules.flares:
            # rulebook: the dealt flares join the deck, topped up at random to ten
            flare_aliens = list(dealt)
            rest = [a for a in pool if a not in flare_aliens]
            rng.shuffle(rest)
            while len(flare_aliens) < rules.flares_total and rest:
                flare_aliens.append(rest.pop())
        self.flare_aliens: tuple[str, ...] = tuple(flare_aliens)
        #: the aliens that may be dealt (what a seat's determinization deals offers and
        #: unknown flares from)
        self.alien_pool: tuple[str, ...] = tuple(pool)
        self.cards_in_game: tuple[int, ...] = tuple(range(g.deck_size)) + tuple(
            sorted(g.flare_card[a] for a in flare_aliens))
        self.powers: tuple[Any, ...] = (None,) * n
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
            self.hooked = {}
            return
        self.powers = tuple(POWERS[a] if a else None for a in self.alien)
        hooked: dict[str, list] = {}
        for s, p in enumerate(self.powers):
            if p is None:
                continue
            for name, fn in p.hooks.items():
                hooked.setdefault(name, []).append((s, fn, p.roles))
        self.hooked = {k: tuple(v) for k, v in hooked.items()}

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
        rules = rules_from_dict(Rules, options.get("rules", {}))
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
    _FLAT_LISTS = ("ships", "warp", "gate", "side", "tokens", "ddeck", "ddiscard", "alien", "offers", "deck",
                   "discard", "table", "card", "reinf", "bonus", "inv", "tasks", "winners_", "deal_picks")
    _NESTED_LISTS = ("gate_from", "side_from", "hands", "hoard", "allies")
    _SETS = ("eflags",)

    # shared read-only data (tables, board, card set): equality skips it
    _STATIC = ("g", "t", "hooked", "powers", "pindex", "cindex", "A", "_orders", "_planets")

    def _fingerprint(self) -> Any:
        # the powers in play (Power definitions are compared by name)
        return super()._fingerprint() + repr([p.name if p else None for p in self.powers])

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

    def planet(self, name: str) -> int:
        """The planet id of a name such as ``"blue 3"``."""
        p = self.pindex.get(" ".join(name.split()).lower())
        if p is None:
            raise ValueError(f"unknown planet {name!r}; planets are named like {self.pname[0]!r}")
        return p

    def colony(self, seat: int, p: int) -> bool:
        """Whether ``seat`` has a colony (one or more ships) on planet ``p``."""
        return self.ships[p * self.n + seat] > 0

    def colonies(self, seat: int) -> list[int]:
        """The planets where ``seat`` has a colony: home planets first, then foreign ones
        in planet order."""
        col = self.ships[seat::self.n]
        return [p for p in self._planets[seat] if col[p]]

    def home_colonies(self, seat: int) -> int:
        """Home planets where ``seat`` has a colony (the power needs three)."""
        n = self.n
        b = PLANETS * seat
        return PLANETS - self.ships[b * n + seat:(b + PLANETS) * n:n].count(0)

    def foreign_colonies(self, seat: int) -> int:
        """Colonies on planets of other players' systems (five win)."""
        col = self.ships[seat::self.n]
        b = PLANETS * seat
        return len(col) - col.count(0) - PLANETS + col[b:b + PLANETS].count(0)

    def ships_on_colonies(self, seat: int) -> int:
        """Ships of ``seat`` on planets (not in the warp or in the encounter)."""
        return sum(self.ships[seat::self.n])

    def power_active(self, seat: int) -> bool:
        """Whether ``seat``'s alien power works now (rulebook: three home colonies;
        not cancelled by a Cosmic Zap this encounter)."""
        if self.powers[seat] is None:
            return False
        if ("zap", seat) in self.eflags:
            return False
        return self.home_colonies(seat) >= self.rules.power_threshold

    _power_on = power_active

    def role(self, seat: int) -> int:
        """Role of ``seat`` in the current encounter (``R_*`` constants)."""
        if seat == self.offense:
            return R_OFFENSE
        if seat == self.defender:
            return R_DEFENSE
        if seat in self.allies[0]:
            return R_OFF_ALLY
        if seat in self.allies[1]:
            return R_DEF_ALLY
        return R_NONE

    def side_of(self, seat: int) -> int:
        """OFF or DEF for main players and allies, -1 for others."""
        r = self.role(seat)
        if r in (R_OFFENSE, R_OFF_ALLY):
            return OFF
        if r in (R_DEFENSE, R_DEF_ALLY):
            return DEF
        return -1

    def main(self, side: int) -> int:
        """The main player of a side (OFF: the offense, DEF: the defense)."""
        return self.offense if side == OFF else self.defender

    def opponent(self, seat: int) -> int:
        """The other main player of a main player (-1 otherwise)."""
        if seat == self.offense:
            return self.defender
        if seat == self.defender:
            return self.offense
        return -1

    def _role_ok(self, seat: int, roles: Sequence[str]) -> bool:
        r = self.role(seat)
        for want in roles:
            if want == "any":
                return True
            if want == "main" and r in (R_OFFENSE, R_DEFENSE):
                return True
            if want == "offense" and r == R_OFFENSE:
                return True
            if want == "defense" and r == R_DEFENSE:
                return True
            if want == "ally" and r in (R_OFF_ALLY, R_DEF_ALLY):
                return True
            if want == "not_main" and r not in (R_OFFENSE, R_DEFENSE):
                return True
        return False

    def _hook(self, name: str) -> list[tuple[int, Callable]]:
        """Seats whose active power defines hook ``name`` and whose role fits it now."""
        entries = self.hooked.get(name)
        if not entries:
            return []
        return [(s, fn) for s, fn, roles in entries if self._power_on(s) and self._role_ok(s, roles)]

    def has_power(self, seat: int, alien: str) -> bool:
        """Whether ``seat`` is ``alien`` and its power works now."""
        p = self.powers[seat]
        return p is not None and p.name == alien and self._power_on(seat)

    def seat_of(self, alien: str) -> int:
        """The seat playing ``alien`` (-1 when nobody)."""
        for s, a in enumerate(self.alien):
            if a == alien:
                return s
        return -1

    def order_from(self, first: int) -> tuple[int, ...]:
        """All seats clockwise starting at ``first``."""
        return self._orders[first]

    # ------------------------------------------------------------- cards
    def has_encounter_card(self, seat: int) -> bool:
        """Whether ``seat`` can select an encounter card (hand, or Miser's hoard)."""
        ie = self.t.is_enc
        for c in self.hands[seat]:
            if ie[c]:
                return True
        if self.hoard[seat] and self._hook_seat("hoard", seat):
            return any(ie[c] for c in self.hoard[seat])
        return False

    def _hook_seat(self, name: str, seat: int) -> bool:
        return any(s == seat for s, _ in self._hook(name))

    def _piles(self, seat: int) -> tuple[tuple[list[int], Any], ...]:
        """Where ``seat`` may play cards from: its hand, and Miser's hoard while the
        power works (the hoard is played from as though it were the hand), each with
        the marker its actions carry (None, "hoard")."""
        if self.hoard[seat] and self._hook_seat("hoard", seat):
            return ((self.hands[seat], None), (self.hoard[seat], "hoard"))
        return ((self.hands[seat], None),)

    def _draw(self, seat: int, k: int, into: list[int] | None = None) -> list[int]:
        """Draw ``k`` cards from the cosmic deck (reshuffling the discards when it runs
        out; fewer when both are empty). Returns the cards drawn."""
        hand = self.hands[seat] if into is None else into
        got = []
        for _ in range(k):
            if not self.deck:
                # rulebook practice: the discard pile is reshuffled into a new deck
                if not self.discard:
                    break
                self._note_flares(-1, self.discard)  # the pile was face up: its flares are known
                if self.shown:  # and its cards are in no hand any more
                    self.shown = tuple(x for x in self.shown if x[0] not in self.discard)
                self.deck = self.discard
                self.discard = []
                self.chance().shuffle(self.deck)
            c = self.deck.pop()
            hand.append(c)
            got.append(c)
        fk = self.t.kind
        for c in got:
            if fk[c] == FLARE:  # Chosen draws face up onto the table; other draws are private
                self._note_flares(-1 if into is self.table else seat, got)
                break
        return got

    def _discard(self, card: int, by: int = -1) -> None:
        """A card goes to the discard pile, unless a power takes it (Vulch)."""
        for seat, fn in self._hook("discard"):
            if seat != by and fn(self, seat, card, by):
                return
        self.discard.append(card)

    def _new_hand(self, seat: int) -> bool:
        """Rulebook: reveal and discard the hand, draw a new hand of eight; again (at most
        three times) while it holds no encounter card. Returns whether it now has one."""
        ie = self.t.is_enc
        for _ in range(3):
            old = self.hands[seat]
            # Miser's wild flare protects some cards from new hands
            kept = [c for c in old if ("protect", seat, c) in self.eflags]
            self.hands[seat] = kept
            for c in old:
                if c not in kept:
                    self._discard(c, seat)
            self._draw(seat, self.rules.hand_size - len(kept))
            if any(ie[c] for c in self.hands[seat]):
                return True
        return False

    def _take_card(self, seat: int, name: str, from_hoard: bool = False) -> int:
        """Remove one card of face ``name`` from ``seat``'s hand (or hoard); its id."""
        return self._take_from(self.hoard[seat] if from_hoard else self.hands[seat], name)

    def _deal_named(self, hands: Mapping[int, Sequence[str]],
                    hoards: Mapping[int, Sequence[str]] | None = None) -> list[int]:
        """Set up cards by name (encounter studies, lessons, tests): every card leaves the
        hands, hoards, discard pile, table and encounter; each seat in ``hands`` (and
        ``hoards``) gets the named cards, in that order. Returns the game's other cards
        in id order, for the caller to arrange into the deck."""
        pool = sorted(self.cards_in_game)
        self.hands = [[] for _ in range(self.n)]
        self.hoard = [[] for _ in range(self.n)]
        self.discard, self.table, self.card = [], [], [-1, -1]
        for piles, named in ((self.hands, hands), (self.hoard, hoards or {})):
            for seat, names in named.items():
                for x in names:
                    try:
                        piles[seat].append(self._take_from(pool, x))
                    except KeyError:
                        raise ValueError(f"no card {x!r} left in the deck for the hands") from None
        return pool

    def _take_from(self, pile: list[int], name: str) -> int:
        """Remove the first card of face ``name`` from ``pile`` (a hand, a hoard); its id."""
        nm = self.t.name
        for i, c in enumerate(pile):
            if nm[c] == name:
                del pile[i]
                return c
        raise KeyError(name)

    def hand_names(self, seat: int) -> list[str]:
        """The names of the cards in ``seat``'s hand, sorted (what its observation shows)."""
        nm = self.t.name
        return sorted(nm[c] for c in self.hands[seat])

    # ------------------------------------------------------------- ships
    def _sources(self, seat: int, exclude: int = -1) -> list[int]:
        """Planets ``seat`` may take a ship from: its colonies, keeping one ship on each
        (rulebook reading; see ``Rules.may_abandon_colonies``)."""
        col = self.ships[seat::self.n]
        keep = 0 if self.rules.may_abandon_colonies else 1
        return [p for p in self._planets[seat] if col[p] > keep and p != exclude]

    def _has_source(self, seat: int, exclude: int = -1) -> bool:
        keep = 0 if self.rules.may_abandon_colonies else 1
        col = self.ships[seat::self.n]
        for p, x in enumerate(col):
            if x > keep and p != exclude:
                return True
        return False

    def _max_ships(self, seat: int) -> int:
        hi = self.rules.max_ships
        if ("flag", seat, "parasite_any") in self.eflags:
            hi = SHIPS
        for s, fn in self._hook("max_ships"):
            if s == seat:
                hi = fn(self, seat, hi)
        return hi

    def _ship_value(self, seat: int, use: str) -> int:
        """What one ship of ``seat`` counts for ``use`` ("total", "compensation",
        "rewards"): 1, unless a power says otherwise (Macron)."""
        for s, fn in self._hook("ship_value"):
            if s == seat:
                return fn(self, seat, use)
        return 1

    def _return_home(self, owner: int, origins: Sequence[int]) -> None:
        """Ships return to colonies: each to the planet it came from while that is still a
        colony, otherwise to the owner's first colony (home planets first)."""
        n, sh = self.n, self.ships
        for p in origins:
            if p >= 0 and sh[p * n + owner] > 0:
                sh[p * n + owner] += 1
                continue
            cols = self.colonies(owner)
            if cols:
                sh[cols[0] * n + owner] += 1
            elif p >= 0:
                sh[p * n + owner] += 1
            else:
                sh[PLANETS * owner * n + owner] += 1

    def _warp_ships(self, owner: int, origins: Sequence[int], side: int = -1) -> None:
        """Ships (already taken from where they were) go to the warp, unless a power
        saves them (Zombie, Observer); then powers that react to losses (Vacuum)."""
        k = len(origins)
        if k == 0:
            return
        saved = 0
        for seat, fn in self._hook("to_warp"):
            saved = max(saved, fn(self, seat, owner, k, side))
        if saved < k and ("flag", owner, "save_one") in self.eflags:
            self.eflags.discard(("flag", owner, "save_one"))
            saved += 1
        saved = min(saved, k)
        if saved:
            self._return_home(owner, list(origins)[:saved])
        rest = k - saved
        if rest:
            self.warp[owner] += rest
            for seat, fn in self._hook("after_warp"):
                fn(self, seat, owner, rest)

    def _lose_from_colonies(self, seat: int, k: int, chooser: int | None = None) -> None:
        """``seat`` loses ``k`` ships from its colonies to the warp; ``chooser`` (default
        the owner) picks them one at a time."""
        if k > 0:
            self._push(("lose", seat, k, seat if chooser is None else chooser, ()))

    def _send_home(self, seat: int) -> None:
        """An ally's (or the offense's) ships in the encounter return to colonies."""
        if self.gate[seat]:
            origins = self.gate_from[seat]
            self.gate[seat] = 0
            self.gate_from[seat] = []
            self._return_home(seat, origins)
        if self.side[seat]:
            origins = self.side_from[seat]
            self.side[seat] = 0
            self.side_from[seat] = []
            self._return_home(seat, origins)

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

    # ================================================================ the flow
    def _s_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.rules.turn_limit:
            self._finish(by_limit=True)
            return
        off = self.offense = self.turn_player
        self.enc_no = 0
        self.stage = "start of turn"
        for seat, fn in self._hook("turn_start"):
            fn(self, seat)
        # rulebook: an offense without encounter cards reveals its hand, discards it and
        # draws eight new cards (only now, at the start of the turn)
        if not self.has_encounter_card(off) and not self._new_hand(off):
            self._end_turn()

    def _s_enc_start(self) -> None:
        self.enc_no += 1
        self.encounters += 1
        self._reset_encounter()
        self.stage = "regroup"

    def _s_regroup_window(self) -> None:
        self._window("regroup")

    def _s_regroup(self) -> None:
        # rulebook: one ship of the offense leaves the warp for one of its colonies (to the
        # gate when it has none)
        if self.warp[self.offense] > 0:
            self._push(("regroup", self.offense))

    def _s_destiny(self) -> None:
        self.stage = "destiny"
        self._draw_destiny()

    def _draw_destiny(self) -> None:
        if self.forced >= 0:
            d, self.forced = self.forced, -1
            self._set_defender(d, self._home_planets(d))
            return
        r = self.rules
        # rulebook: with one card left, the discards are shuffled into a new deck first
        if len(self.ddeck) <= (1 if r.destiny_reshuffle == "one_left" else 0):
            self.ddeck.extend(self.ddiscard)
            self.ddiscard = []
            self.chance().shuffle(self.ddeck)
        c = self.ddeck.pop()
        self.ddiscard.append(c)
        self.destiny = c
        off, n = self.offense, self.n
        if c < n:
            if c != off:
                # rulebook: a colour names the defender and the system of the encounter
                self._set_defender(c, self._home_planets(c))
            else:
                self._push(("own", off))
        elif c == WILD:
            # rulebook: wild, the offense chooses any player as the defender
            self._push(("wild", off))
        else:
            # rulebook: special, the player the card names defends (ties: offense's left)
            sp = self.g.specials[c - SPECIAL]
            best, who = None, -1
            for s in self.order_from(off)[1:]:
                m = self._measure(s, sp.measure)
                if best is None or (m > best if sp.pick == "most" else m < best):
                    best, who = m, s
            self._set_defender(who, self._home_planets(who))

    def _measure(self, s: int, measure: str) -> int:
        if measure == "foreign_colonies":
            return self.foreign_colonies(s)
        if measure == "cards_in_hand":
            return len(self.hands[s])
        return self.warp[s]

    def _home_planets(self, s: int) -> tuple[int, ...]:
        return tuple(range(PLANETS * s, PLANETS * s + PLANETS))

    def _set_defender(self, d: int, aims: Sequence[int]) -> None:
        self.defender = d
        self.aim_options = tuple(aims)
        self.target = -1

    def _s_destiny_window(self) -> None:
        self._window("destiny")

    def _s_launch(self) -> None:
        self.stage = "launch"
        off = self.offense
        # rulebook: aim the gate at a planet of the system, then launch 1-4 ships
        hi = self._max_ships(off) - self.gate[off]
        lo = 0 if self.gate[off] else 1
        self._push(("aim", off), ("ships", off, "launch", 0, lo, hi, -1))

    def _s_launch_window(self) -> None:
        self._window("launch")

    def _s_alliance_window(self) -> None:
        self.stage = "alliance"
        self._window("alliance")

    def _s_alliance(self) -> None:
        # rulebook: the offense invites, then the defense; then each other player from the
        # offense's left answers and sends its ships
        off, d = self.offense, self.defender
        tasks = [("invite", off, OFF), ("invite", d, DEF)]
        for s in self.order_from(off)[1:]:
            if s != d:
                tasks.append(("answer", s))
        self._push(*tasks)

    def _s_alliance_end_window(self) -> None:
        self._window("alliance_end")

    def _s_planning_window(self) -> None:
        self.stage = "planning"
        self._window("planning")

    def _s_planning(self) -> None:
        off, d = self.offense, self.defender
        # rulebook: an offense without encounter cards loses the rest of its turn
        if not self.has_encounter_card(off):
            self.outcome = "no card"
            self._abort_encounter(end_turn=True)
            return
        # rulebook: a defense without encounter cards draws a new hand first
        if not self.has_encounter_card(d) and not self._new_hand(d):
            self.outcome = "no card"
            self._abort_encounter(end_turn=True)
            return
        first = self.face_up if self.face_up >= 0 else off
        second = d if first == off else off
        self._push(("select", first), ("select", second))

    def _s_after_selection_window(self) -> None:
        self._window("after_selection")

    def _s_reveal(self) -> None:
        # rulebook: both cards are revealed at once
        self.stage = "reveal"
        self.revealed = True
        self._compute_cards()

    def _s_reveal_window(self) -> None:
        self._window("reveal")

    def _s_reinforce(self) -> None:
        self._compute_cards()
        if self.kinds == (ATTACK, ATTACK):
            # REFERENCE: reinforcements are played by main players and allies after the
            # reveal; ovnilab asks them in turn until all pass in a row
            part = [s for s in self.order_from(self.offense) if self.role(s) != R_NONE]
            self._push(("reinforce", tuple(part), 0, 0))

    def _s_outcome(self) -> None:
        self._compute_outcome()
        if self.outcome == "deal":
            # REFERENCE: allies go home first; ovnilab: the offense's ships too
            for s in list(self.allies[OFF]) + list(self.allies[DEF]) + [self.offense]:
                self._send_home(s)
            self.deal_offer = None
            self._push(("deal", self.offense, 0))

    def _s_resolution_window(self) -> None:
        self.stage = "resolution"
        self._window("resolution")

    def _s_resolve(self) -> None:
        o = self.outcome
        n, t = self.n, self.target
        sh = self.ships
        off, d = self.offense, self.defender
        if o in ("offense", "defense"):
            ionic = ("ionic",) in self.eflags
            if o == "offense":
                # rulebook: the defender's ships and the defensive allies' go to the warp
                k = sh[t * n + d]
                if k and ("flag", d, "keep_one") in self.eflags:
                    k -= 1  # Spiff's wild flare: one ship stays
                sh[t * n + d] -= k
                self._warp_ships(d, [t] * k, DEF)
                lost_main = k
                for a in self.allies[DEF]:
                    origins = self.side_from[a]
                    self.side[a] = 0
                    self.side_from[a] = []
                    self._warp_ships(a, origins, DEF)
                # rulebook: the ships on the gate land: a colony for each of them
                landers = [s for s in [off] + self.allies[OFF] if self.gate[s]]
                for s in landers:
                    sh[t * n + s] += self.gate[s]
                    self.gate[s] = 0
                    self.gate_from[s] = []
                for s in landers:
                    if ("flag", s, "cudgel_wild") in self.eflags:
                        # Cudgel's wild flare: other players' ships there go to the warp
                        for o in range(n):
                            if o not in landers and sh[t * n + o]:
                                k = sh[t * n + o]
                                sh[t * n + o] = 0
                                self._warp_ships(o, [t] * k)
                self.off_success = True
                loser, winner = d, off
            else:
                # rulebook: the ships on the gate go to the warp
                lost_main = self.gate[off]
                for s in [off] + self.allies[OFF]:
                    origins = self.gate_from[s]
                    self.gate[s] = 0
                    self.gate_from[s] = []
                    self._warp_ships(s, origins, OFF)
                # rulebook: defensive allies go home and take a reward per ship: a card
                # from the deck or one of their ships from the warp
                for a in self.allies[DEF]:
                    units = self.side[a] * self._ship_value(a, "rewards")
                    self._send_home(a)
                    if not ionic and units:
                        self._push(("reward", a, units))
                loser, winner = off, d
            # REFERENCE: compensation, a random card of the winner's hand per ship the
            # main player who negotiated lost
            if self.comp_side >= 0 and self.main(self.comp_side) == loser and not ionic:
                k = lost_main * self._ship_value(loser, "compensation")
                if k:
                    self._push(("call", "_compensate", loser, winner, k))
            for seat, fn in self._hook("after_resolution"):
                fn(self, seat)
        elif o == "deal_made":
            (oc, on, op), (dc, dn, dp) = self.deal_terms  # type: ignore[misc]
            # REFERENCE: the cards change hands; each giver chooses its cards (or they are
            # drawn at random with Rules(deal_cards="random"))
            tasks: list[tuple] = []
            if self.rules.deal_cards == "random":
                self._give_random(off, d, on)
                self._give_random(d, off, dn)
            else:
                self.deal_picks = [(), ()]
                for side, giver, k in ((OFF, off, on), (DEF, d, dn)):
                    k = min(k, len(self.hands[giver]))
                    if k:
                        tasks.append(("give", giver, side, k))
                tasks.append(("call", "_deal_exchange"))
            if op:
                tasks.append(("ships", off, "colony", 0, 1, self._max_ships(off), self.pindex[op]))
            if dp:
                tasks.append(("ships", d, "colony", 0, 1, self._max_ships(d), self.pindex[dp]))
            self._push(*tasks)
            self.off_success = True
            for seat, fn in self._hook("after_resolution"):
                fn(self, seat)
        elif o == "deal_failed":
            # rulebook: a deal not reached costs three ships of each main player
            k = [self.rules.deal_fail_ships] * 2
            for seat, fn in self._hook("deal_failed"):
                fn(self, seat, k)
            for side in (OFF, DEF):
                if ("flag", self.main(side), "pacifist_deal") in self.eflags:
                    # Pacifist's super flare: 2 ships fewer for it, 2 more for the other
                    k[side] = max(0, k[side] - 2)
                    k[1 - side] += 2
            self._lose_from_colonies(d, k[DEF])
            self._lose_from_colonies(off, k[OFF])
        elif o == "both lose":
            for s in [off] + self.allies[OFF]:
                origins = self.gate_from[s]
                self.gate[s] = 0
                self.gate_from[s] = []
                self._warp_ships(s, origins, OFF)
            k = sh[t * n + d]
            sh[t * n + d] = 0
            self._warp_ships(d, [t] * k, DEF)
            for a in self.allies[DEF]:
                origins = self.side_from[a]
                self.side[a] = 0
                self.side_from[a] = []
                self._warp_ships(a, origins, DEF)
        elif o == "cancelled":
            for s in [off] + self.allies[OFF] + self.allies[DEF]:
                self._send_home(s)
            self.off_success = True

    def _deal_exchange(self) -> None:
        """The cards both sides chose to give change hands at once."""
        for side in (OFF, DEF):
            giver, receiver = self.main(side), self.main(1 - side)
            if self.deal_picks[side]:
                self._forget_shown(giver)  # only the two main players see which cards went
            for c in self.deal_picks[side]:
                self.hands[giver].remove(c)
                self.hands[receiver].append(c)
        self.deal_picks = [(), ()]

    def _give_random(self, giver: int, receiver: int, k: int, protect: bool = False) -> None:
        """``k`` cards at random from ``giver``'s hand (without the cards Miser's wild
        flare protects, when ``protect``)."""
        hand = self.hands[giver]
        if not hand or k <= 0:
            return
        pool = [c for c in hand if not (protect and ("protect", giver, c) in self.eflags)]
        self._forget_shown(giver)  # nobody else sees which cards went
        rng = self.chance()
        for _ in range(min(k, len(pool))):
            c = pool.pop(rng.randrange(len(pool)))
            hand.remove(c)
            self.hands[receiver].append(c)

    def _compensate(self, receiver: int, giver: int, k: int) -> None:
        """REFERENCE: compensation, ``k`` random cards from ``giver``'s hand."""
        if ("flag", receiver, "double_comp") in self.eflags:
            k *= 2  # Clone's super flare
        for seat, fn in self._hook("compensation"):
            if fn(self, seat, receiver, giver, k):
                return
        if ("flag", giver, "no_compensation") in self.eflags:
            return
        self._give_random(giver, receiver, k, protect=True)

    def _s_cleanup_window(self) -> None:
        self._window("cleanup")

    def _s_enc_end(self) -> None:
        # rulebook: the revealed encounter cards go to the discard pile
        for side in (OFF, DEF):
            c = self.card[side]
            if c >= 0:
                self.card[side] = -1
                self._discard(c, self.main(side))
        table = self.table
        self.table = []
        for c in table:
            self._discard(c)
        for s in (self.offense, self.defender):
            if s >= 0:
                self._send_home(s)
        for s in range(self.n):
            self._send_home(s)
        for seat, fn in self._hook("encounter_end"):
            fn(self, seat)
        self.stage = "end of encounter"
        K = ("attack", "negotiate", "morph")
        self.last_result = {
            "offense": self.offense, "defender": self.defender,
            "target": self.pname[self.target] if self.target >= 0 else None,
            "outcome": self.outcome,
            "cards": tuple(K[k] if k >= 0 else None for k in self.kinds),
            "totals": self.totals if self.kinds == (ATTACK, ATTACK) else None,
        }
        if self._check_end():
            return
        off = self.offense
        second = self.enc_no == 1 and self.off_success and self.has_encounter_card(off)
        if self.counter is not None:
            # Warrior's wild flare: the defender strikes back at once, in the offense's
            # home system; then the turn resumes
            w, victim = self.counter
            self.counter = None
            self.resume = (off, second)
            self.offense = w
            self.forced = victim
            self.flow = IDX_ENC_START
            return
        if self.resume is not None:
            off, second = self.resume
            self.resume = None
            self.offense = off
            self.enc_no = 1
        # rulebook: a second encounter only after a win or a deal, and only with an
        # encounter card left
        if second:
            if self.rules.second_encounter == "ask":
                self.flow = IDX_TURN_START
                self._push(("second", off))
                return
            self.flow = IDX_ENC_START
            return
        self._end_turn()

    def _abort_encounter(self, end_turn: bool) -> None:
        """The encounter stops (no card to play): ships go home, cards are discarded."""
        for s in range(self.n):
            self._send_home(s)
        for side in (OFF, DEF):
            c = self.card[side]
            if c >= 0:
                self.card[side] = -1
                self.hands[self.main(side)].append(c)
        table = self.table
        self.table = []
        for c in table:
            self._discard(c)
        if end_turn:
            self._end_turn()

    def _end_turn(self) -> None:
        # rulebook: the turn passes to the left
        self.counter = self.resume = None
        self.forced = -1
        self.turn_player = (self.turn_player + 1) % self.n
        self.flow = IDX_TURN_START

    def _check_end(self) -> bool:
        # rulebook: the game ends as soon as players have five foreign colonies; they share
        w = [s for s in range(self.n) if self.foreign_colonies(s) >= self.rules.win_colonies]
        if w:
            self.winners_ = w
            self.over = True
            self.stage = "game over"
            self.tasks = []
            return True
        return False

    def _finish(self, by_limit: bool) -> None:
        # ovnilab safety rule: after Rules.turn_limit turns the most foreign colonies win
        fc = [self.foreign_colonies(s) for s in range(self.n)]
        best = max(fc)
        self.winners_ = [s for s in range(self.n) if fc[s] == best]
        self.limit_reached = by_limit
        self.over = True
        self.stage = "game over"
        self.tasks = []

    # ============================================================ card values
    def _compute_cards(self) -> None:
        """Effective kind and value of both revealed cards (morph, Emotion Control,
        powers and flares), then the totals."""
        if not self.revealed or self.card[OFF] < 0 or self.card[DEF] < 0:
            return
        K, V = self.t.kind, self.t.value
        ko, kd = K[self.card[OFF]], K[self.card[DEF]]
        vo, vd = V[self.card[OFF]], V[self.card[DEF]]
        # rulebook: a morph becomes a copy of the opponent's card
        if ko == MORPH and kd == MORPH:
            kk = ATTACK if self.rules.double_morph == "attack0" else NEGOTIATE
            ko = kd = kk
            vo = vd = 0
        elif ko == MORPH:
            ko, vo = kd, vd
        elif kd == MORPH:
            kd, vd = ko, vo
        # artifact: Emotion Control, revealed attacks count as negotiates
        if ("emotion",) in self.eflags:
            if ko == ATTACK:
                ko = NEGOTIATE
            if kd == ATTACK:
                kd = NEGOTIATE
        kinds = [ko, kd]
        values = [vo, vd]
        for seat, fn in self._hook("card"):
            fn(self, seat, kinds, values)
        for side in (OFF, DEF):
            for key in (("flag", self.main(side), "attack15"),):
                if key in self.eflags and kinds[side] == NEGOTIATE and kinds[1 - side] == ATTACK:
                    kinds[side], values[side] = ATTACK, 15
        self.kinds = (kinds[0], kinds[1])
        self.values = (values[0] + self.bonus[0], values[1] + self.bonus[1])
        self.totals = (self._side_total(OFF), self._side_total(DEF))

    def side_ships(self, side: int) -> int:
        """Ships counted for a side's total (Macron's count 4)."""
        n = self.n
        if side == OFF:
            return sum(self.gate[s] * self._ship_value(s, "total") for s in [self.offense] + self.allies[OFF])
        d = self.defender
        tot = self.ships[self.target * n + d] * self._ship_value(d, "total") if self.target >= 0 else 0
        return tot + sum(self.side[s] * self._ship_value(s, "total") for s in self.allies[DEF])

    def _side_total(self, side: int) -> int:
        # rulebook: card value plus the ships of the side (allies included)
        tot = self.values[side] + self.side_ships(side) + self.reinf[side]
        for seat, fn in self._hook("total_bonus"):
            if self.side_of(seat) == side:
                tot += fn(self, seat)
        return tot

    def _compute_outcome(self) -> None:
        self._compute_cards()
        n = self.n
        self.main_ships = (self.gate[self.offense], self.ships[self.target * n + self.defender])
        ko, kd = self.kinds
        to, td = self.totals
        comp = -1
        if ("cancel",) in self.eflags:
            # Oracle's super flare: the encounter is cancelled and counts as a deal
            self.outcome = "cancelled"
            return
        if ("both_lose",) in self.eflags:
            # Loser's wild flare: both sides lose
            self.outcome = "both lose"
            return
        if ko == ATTACK and kd == ATTACK:
            # rulebook: the higher total wins; ties go to the defense
            win = OFF if to > td else DEF
        elif ko == ATTACK:
            # rulebook: a negotiate loses to an attack, and takes compensation
            win, comp = OFF, DEF
        elif kd == ATTACK:
            win, comp = DEF, OFF
        else:
            # rulebook: two negotiates, a deal is tried
            self.outcome = "deal"
            return
        res = [win, comp]
        for seat, fn in self._hook("outcome"):
            fn(self, seat, res)
        if any(k[0] == "upset" for k in self.eflags if isinstance(k, tuple) and k):
            # Loser: the side that would lose wins (no compensation for the new loser)
            res = [1 - res[0], -1]
        self.winner_side, self.comp_side = res
        self.outcome = SIDE_NAMES[res[0]]

    # ================================================================ tasks
    # Each task kind has _r_ (ready: True when a player must decide; otherwise it does
    # its automatic part and pops or advances itself), _o_ (options) and _h_ (handle).

    def _pop(self) -> None:
        del self.tasks[0]

    def _set(self, t: tuple) -> None:
        self.tasks[0] = t

    # --- call: run an engine method when reached (keeps effects in order)
    def _r_call(self, t: tuple) -> bool:
        self._pop()
        getattr(self, t[1])(*t[2:])
        return False

    # --- effect: a played artifact or flare takes effect (unless Card Zapped)
    def _r_effect(self, t: tuple) -> bool:
        self._pop()
        _, seat, what, x, y, z = t
        if what == "artifact":
            self.table.remove(x)
            self._artifact_effect(seat, self.t.name[x], y)
            if ("flag", seat, "keep_artifact") in self.eflags:
                self.eflags.discard(("flag", seat, "keep_artifact"))
                self.hands[seat].append(x)
            else:
                self._discard(x, seat)
        elif what == "power":
            # a power used in a window (unless a Cosmic Zap answered it)
            if self._power_on(seat):
                self.powers[seat].use(self, seat, y)
        else:
            fl = getattr(POWERS[x], y)
            fl.use(self, seat, z)
        return False

    # --- alien: keep one of the aliens dealt
    def _r_alien(self, t: tuple) -> bool:
        self.actor = t[1]
        self.stage = "setup"
        return True

    def _o_alien(self, t: tuple) -> list[Action]:
        return [_A("alien", a) for a in self.offers[t[1]]]

    def _h_alien(self, t: tuple, a: Action) -> None:
        self.alien[t[1]] = a.a
        self._pop()

    # --- regroup: a ship from the warp to a colony of the offense
    def _r_regroup(self, t: tuple) -> bool:
        s = t[1]
        if self.warp[s] == 0:
            self._pop()
            return False
        cols = self.colonies(s)
        if len(cols) > 1:
            self.actor = s
            return True
        self._pop()
        self.warp[s] -= 1
        if cols:
            self.ships[cols[0] * self.n + s] += 1
        else:
            # rulebook: without colonies the ship goes to the hyperspace gate
            self.gate[s] += 1
            self.gate_from[s].append(-1)
        return False

    def _o_regroup(self, t: tuple) -> list[Action]:
        acts = self.A["regroup"]
        return [acts[p] for p in self.colonies(t[1])]

    def _h_regroup(self, t: tuple, a: Action) -> None:
        s = t[1]
        self.warp[s] -= 1
        self.ships[self.pindex[a.a] * self.n + s] += 1
        self._pop()

    # --- place: ships leave the warp for colonies of their owner's choice
    def _r_place(self, t: tuple) -> bool:
        _, s, k = t
        k = min(k, self.warp[s])
        cols = self.colonies(s)
        if k <= 0 or not cols:
            self._pop()
            return False
        if len(cols) == 1:
            self.warp[s] -= k
            self.ships[cols[0] * self.n + s] += k
            self._pop()
            return False
        self._set(("place", s, k))
        self.actor = s
        return True

    def _o_place(self, t: tuple) -> list[Action]:
        acts = self.A["place"]
        return [acts[p] for p in self.colonies(t[1])]

    def _h_place(self, t: tuple, a: Action) -> None:
        _, s, k = t
        self.warp[s] -= 1
        self.ships[self.pindex[a.a] * self.n + s] += 1
        if k > 1:
            self._set(("place", s, k - 1))
        else:
            self._pop()

    # --- lose: ships leave colonies for the warp, one at a time
    def _r_lose(self, t: tuple) -> bool:
        _, s, k, chooser, lost = t
        cols = self.colonies(s)
        if k <= 0 or not cols:
            self._pop()
            self._warp_ships(s, lost)
            return False
        if len(cols) == 1:
            p = cols[0]
            m = min(k, self.ships[p * self.n + s])
            self.ships[p * self.n + s] -= m
            self._pop()
            self._warp_ships(s, lost + (p,) * m)
            return False
        self.actor = chooser
        return True

    def _o_lose(self, t: tuple) -> list[Action]:
        acts = self.A["lose"]
        return [acts[p] for p in self.colonies(t[1])]

    def _h_lose(self, t: tuple, a: Action) -> None:
        _, s, k, chooser, lost = t
        p = self.pindex[a.a]
        self.ships[p * self.n + s] -= 1
        lost = lost + (p,)
        if k > 1:
            self._set(("lose", s, k - 1, chooser, lost))
        else:
            self._pop()
            self._warp_ships(s, lost)

    # --- own: the offense drew its own colour
    def _own_options(self, s: int) -> list[Action]:
        n, sh = self.n, self.ships
        out = [AGAIN]
        home = self._home_planets(s)
        # rulebook: an encounter with a foreign colony in the offense's own system
        for o in self.order_from(s)[1:]:
            if any(sh[p * n + o] for p in home):
                out.append(_A("home", self.colours[o]))
        # rulebook: an empty home planet may be re-established (a successful encounter)
        if self._sources(s) or self.gate[s]:
            for p in home:
                if not any(sh[p * n: p * n + n]):
                    out.append(self.A["reestablish"][p])
        return out

    def _r_own(self, t: tuple) -> bool:
        opts = self._own_options(t[1])
        if len(opts) == 1:  # only "draw again"
            self._pop()
            self.flow = IDX_DESTINY
            return False
        self.actor = t[1]
        return True

    def _o_own(self, t: tuple) -> list[Action]:
        return self._own_options(t[1])

    def _h_own(self, t: tuple, a: Action) -> None:
        s = t[1]
        self._pop()
        if a.kind == "again":
            self.flow = IDX_DESTINY
        elif a.kind == "home":
            d = self.cindex[a.a]
            n = self.n
            self._set_defender(d, [p for p in self._home_planets(s) if self.ships[p * n + d]])
        else:
            p = self.pindex[a.a]
            n = self.n
            # rulebook: up to four ships from other colonies; the gate's ship lands first
            if self.gate[s]:
                self.ships[p * n + s] += self.gate[s]
                self.gate[s] = 0
                self.gate_from[s] = []
            landed = self.ships[p * n + s]
            self.target = p
            self.outcome = "reestablished"
            self.off_success = True
            self.flow = IDX_ENC_END
            self._push(("ships", s, "reestablish", landed, 0 if landed else 1, self.rules.max_ships, p))

    # --- wild: the offense chooses the defender
    def _r_wild(self, t: tuple) -> bool:
        self.actor = t[1]
        return True

    def _o_wild(self, t: tuple) -> list[Action]:
        return [_A("defender", self.colours[o]) for o in self.order_from(t[1])[1:]]

    def _h_wild(self, t: tuple, a: Action) -> None:
        d = self.cindex[a.a]
        self._set_defender(d, self._home_planets(d))
        self._pop()

    # --- aim: the gate points at a planet of the system
    def _r_aim(self, t: tuple) -> bool:
        if self.target >= 0:
            self._pop()
            return False
        if len(self.aim_options) == 1:
            self.target = self.aim_options[0]
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_aim(self, t: tuple) -> list[Action]:
        acts = self.A["aim"]
        return [acts[p] for p in self.aim_options]

    def _h_aim(self, t: tuple, a: Action) -> None:
        self.target = self.pindex[a.a]
        self._pop()

    # --- ships: one ship at a time from a colony (launch, allies, deals, re-establish)
    def _ship_finish(self, t: tuple) -> None:
        _, s, purpose, sent, lo, hi, dest = t
        if purpose in ("ally_off", "ally_def") and sent == 0:
            side = OFF if purpose == "ally_off" else DEF
            if s in self.allies[side]:
                self.allies[side].remove(s)

    def _ship_extra_sources(self, s: int, purpose: str) -> list[str]:
        """Sources beyond colonies that flares open (Observer super: the warp)."""
        if purpose in ("launch", "ally_off", "ally_def") and self.warp[s] and ("flag", s, "from_warp") in self.eflags:
            return ["the warp"]
        return []

    def _r_ships(self, t: tuple) -> bool:
        _, s, purpose, sent, lo, hi, dest = t
        if sent >= hi or not (self._has_source(s, dest) or self._ship_extra_sources(s, purpose)):
            self._pop()
            self._ship_finish(t)
            return False
        self.actor = s
        return True

    def _o_ships(self, t: tuple) -> list[Action]:
        _, s, purpose, sent, lo, hi, dest = t
        acts = self.A["ship"]
        out = [acts[p] for p in self._sources(s, dest)]
        out += [_A("ship", x) for x in self._ship_extra_sources(s, purpose)]
        if sent >= lo:
            out.append(DONE)
        return out

    def _h_ships(self, t: tuple, a: Action) -> None:
        _, s, purpose, sent, lo, hi, dest = t
        if a.kind == "done":
            self._pop()
            self._ship_finish(t)
            return
        n = self.n
        if a.a == "the warp":
            self.eflags.discard(("flag", s, "from_warp"))
            self.warp[s] -= 1
            p = -1
        else:
            p = self.pindex[a.a]
            self.ships[p * n + s] -= 1
        if purpose in ("launch", "ally_off"):
            self.gate[s] += 1
            self.gate_from[s].append(p)
        elif purpose == "ally_def":
            self.side[s] += 1
            self.side_from[s].append(p)
        else:
            self.ships[dest * n + s] += 1
        self._set(("ships", s, purpose, sent + 1, lo, hi, dest))

    # --- invite: the main players invite allies
    def _invite_candidates(self) -> list[int]:
        return [s for s in range(self.n) if s not in (self.offense, self.defender)]

    def _r_invite(self, t: tuple) -> bool:
        if not self._invite_candidates():
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_invite(self, t: tuple) -> list[Action]:
        col = self.colours
        return [_A("invite", tuple(col[s] for s in sub)) for sub in _subsets(self._invite_candidates())]

    def _h_invite(self, t: tuple, a: Action) -> None:
        self.inv[t[2]] = tuple(self.cindex[c] for c in a.a)
        self._pop()

    # --- answer: an invited player joins a side (1-4 ships) or declines
    def _answer_options(self, s: int) -> list[Action]:
        if not self._has_source(s) and not self._ship_extra_sources(s, "ally_off"):
            return [DECLINE]
        free = self._hook_seat("may_join", s)
        out = []
        if s in self.inv[OFF] or free:
            out.append(JOIN[0])
        if s in self.inv[DEF] or free:
            out.append(JOIN[1])
        out.append(DECLINE)
        return out

    def _r_answer(self, t: tuple) -> bool:
        if len(self._answer_options(t[1])) == 1:
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_answer(self, t: tuple) -> list[Action]:
        return self._answer_options(t[1])

    def _h_answer(self, t: tuple, a: Action) -> None:
        s = t[1]
        self._pop()
        if a.a is None:
            return
        side = OFF if a.a == "offense" else DEF
        self.allies[side].append(s)
        self._push(("ships", s, "ally_off" if side == OFF else "ally_def", 0, 1, self._max_ships(s), -1))

    # --- select: a main player selects an encounter card face down
    def _select_options(self, s: int) -> list[Action]:
        T = self.t
        ie, nm = T.is_enc, T.name
        seen: set[str] = set()
        out = []
        for c in self.hands[s]:
            if ie[c] and nm[c] not in seen:
                seen.add(nm[c])
                out.append(_A("select", nm[c], False))
        if self.hoard[s] and self._hook_seat("hoard", s):
            seen = set()
            for c in self.hoard[s]:
                if ie[c] and nm[c] not in seen:
                    seen.add(nm[c])
                    out.append(_A("select", nm[c], True))
        return out

    def _r_select(self, t: tuple) -> bool:
        s = t[1]
        opts = self._select_options(s)
        if not opts:
            if not self._new_hand(s):
                self._pop()
                self.outcome = "no card"
                self.tasks = [x for x in self.tasks if x[0] != "select"]
                self._abort_encounter(end_turn=True)
                return False
            opts = self._select_options(s)
        if len(opts) == 1:
            self._h_select(t, opts[0])
            return False
        self.actor = s
        return True

    def _o_select(self, t: tuple) -> list[Action]:
        return self._select_options(t[1])

    def _h_select(self, t: tuple, a: Action) -> None:
        s = t[1]
        c = self._take_card(s, a.a, bool(a.b))
        self.card[OFF if s == self.offense else DEF] = c
        self._pop()

    # --- window: artifacts, flares and optional powers of one timing
    def _window_plays(self, seat: int, timing: str) -> list[Action]:
        T = self.t
        out: list[Action] = []
        spec, nm, kd = T.special, T.name, T.kind
        for pile, mark in self._piles(seat):
            seen: set[str] = set()
            for c in pile:
                if spec[c] and nm[c] not in seen:
                    seen.add(nm[c])
                    if kd[c] != ARTIFACT:
                        out.extend(self._flare_plays(seat, T.alien[c], timing))
                    elif mark is None:
                        out.extend(self._artifact_plays(seat, nm[c], timing))
                    else:
                        out.extend(_A(x.kind, x.a, x.b, mark) for x in self._artifact_plays(seat, nm[c], timing))
        p = self.powers[seat]
        if (p is not None and p.optional and p.use is not None and p.timing == timing
                and ("used", seat) not in self.eflags
                and self._power_on(seat) and self._role_ok(seat, p.roles) and p.can_use(self, seat)):
            if p.args is None:
                out.append(_A("power", p.name, None))
            else:
                out.extend(_A("power", p.name, x) for x in p.args(self, seat))
        return out

    def _artifact_plays(self, seat: int, name: str, timing: str) -> list[Action]:
        info = self.g.artifacts[name]
        if info.timing != timing and not (info.timing == "any" and timing != "cleanup"):
            return []
        if info.who == "offense" and seat != self.offense:
            return []
        col = self.colours
        if name == "Mobius Tubes":
            return [_A("play", name)] if any(self.warp) else []
        if name == "Plague":
            return [_A("play", name, col[s]) for s in self.order_from(seat)[1:]]
        if name == "Force Field":
            allies = sorted(s for s in self.allies[OFF] + self.allies[DEF] if self.gate[s] or self.side[s])
            return [_A("play", name, "+".join(col[s] for s in sub)) for sub in _subsets(allies) if sub]
        if name == "Emotion Control":
            if self.revealed and ATTACK in self.kinds and ("emotion",) not in self.eflags:
                return [_A("play", name)]
            return []
        if name == "Ionic Gas":
            if self.outcome in ("offense", "defense") and ("ionic",) not in self.eflags:
                return [_A("play", name)]
            return []
        if name == "Quash":
            return [_A("play", name)] if self.outcome == "deal_made" else []
        if name == "Cosmic Zap":
            return [_A("play", name, col[s]) for s in self.order_from(self.offense) if self._power_on(s)]
        return []

    def _flare_plays(self, seat: int, alien: str, timing: str) -> list[Action]:
        if ("flare", seat) in self.eflags or ("flared", alien) in self.eflags:
            return []
        P = POWERS.get(alien)
        if P is None:
            return []
        # REFERENCE: the owner plays the Super side while its power works, else the Wild
        side = "super" if (self.alien[seat] == alien and self._power_on(seat)) else "wild"
        fl = P.super if side == "super" else P.wild
        if fl is None or (fl.timing != timing and fl.timing != "any") or not self._role_ok(seat, fl.roles):
            return []
        if not fl.can_use(self, seat):
            return []
        if fl.args is None:
            return [_A("flare", alien, side, None)]
        return [_A("flare", alien, side, x) for x in fl.args(self, seat)]

    def _r_window(self, t: tuple) -> bool:
        _, timing, order, idx = t
        hands, spec, powers = self.hands, self.t.special, self.powers
        tims = self.t.timings
        while idx < len(order):
            seat = order[idx]
            p = powers[seat]
            maybe = p is not None and p.optional and p.use is not None and p.timing == timing
            if not maybe:
                for c in hands[seat]:
                    if spec[c] and timing in tims[c]:
                        maybe = True
                        break
                else:
                    maybe = bool(self.hoard[seat]) and any(spec[c] and timing in tims[c] for c in self.hoard[seat])
            if maybe and self._window_plays(seat, timing):
                if idx != t[3]:
                    self._set(("window", timing, order, idx))
                self.actor = seat
                return True
            idx += 1
        self._pop()
        return False

    def _o_window(self, t: tuple) -> list[Action]:
        return self._window_plays(t[2][t[3]], t[1]) + [PASS]

    def _h_window(self, t: tuple, a: Action) -> None:
        _, timing, order, idx = t
        seat = order[idx]
        if a.kind == "pass":
            self._set(("window", timing, order, idx + 1))
            return
        self._play(seat, a)

    def _play(self, seat: int, a: Action) -> None:
        """A player plays a power, an artifact or a flare in a window."""
        if a.kind == "power":
            # REFERENCE: Cosmic Zap cancels one use of a power: the other players may
            # answer the use before it takes effect
            self.eflags.add(("used", seat))
            self._push(*self._zap_tasks(seat, "power"), ("effect", seat, "power", a.a, a.b, None))
            return
        if a.kind == "play":
            c = self._take_card(seat, a.a, from_hoard=a.c == "hoard")
            self.table.append(c)
            eff = ("effect", seat, "artifact", c, a.b, None)
        else:
            # REFERENCE: one flare per player and each flare once per encounter
            self.eflags.add(("flare", seat))
            self.eflags.add(("flared", a.a))
            eff = ("effect", seat, "flare", a.a, a.b, a.c)
        self._push(*self._zap_tasks(seat, "card"), eff)

    def _zap_tasks(self, seat: int, what: str) -> list[tuple]:
        """The reply round to ``seat`` playing a card (``what="card"``: a flare or an
        artifact) or using its power (``"power"``)."""
        holders = tuple(s for s in self.order_from(max(self.offense, 0))
                        if s != seat and self._responses(s, seat, what))
        return [("zap", seat, holders, 0, what)] if holders else []

    def _responses(self, s: int, seat: int, what: str) -> list[Action]:
        """What ``s`` may play in reply to ``seat``'s flare or artifact (Card Zap, and
        Filch's wild flare: discard a negotiate to steal the card) or to ``seat``'s use of
        its power (Cosmic Zap)."""
        T = self.t
        nm, kd = T.name, T.kind
        out = []
        hand = self.hands[s]
        zap, target = ("Cosmic Zap", self.colours[seat]) if what == "power" else ("Card Zap", None)
        for pile, mark in self._piles(s):
            if any(nm[c] == zap for c in pile):
                out.append(_A("play", zap, target, mark))
        if what == "power":
            return out
        if (self.rules.flares and ("flare", s) not in self.eflags and ("flared", "Filch") not in self.eflags
                and any(T.alien[c] == "Filch" for pile, _ in self._piles(s) for c in pile)
                and any(kd[c] == NEGOTIATE for pile, _ in self._piles(s) for c in pile)
                and not (self.alien[s] == "Filch" and self._power_on(s)) and "Filch" in POWERS):
            out.append(_A("flare", "Filch", "wild", None))
        return out

    # --- zap: the other players may answer the flare or artifact just played
    def _r_zap(self, t: tuple) -> bool:
        _, seat, holders, idx, what = t
        while idx < len(holders):
            h = holders[idx]
            if self._responses(h, seat, what):
                if idx != t[3]:
                    self._set(("zap", seat, holders, idx, what))
                self.actor = h
                return True
            idx += 1
        self._pop()
        return False

    def _o_zap(self, t: tuple) -> list[Action]:
        return self._responses(t[2][t[3]], t[1], t[4]) + [PASS]

    def _h_zap(self, t: tuple, a: Action) -> None:
        _, seat, holders, idx, what = t
        if a.kind == "pass":
            self._set(("zap", seat, holders, idx + 1, what))
            return
        h = holders[idx]
        self._pop()
        if a.kind == "play":
            # Card Zap (or Cosmic Zap against a power's use) is an artifact played in
            # turn: the others may answer it (a Card Zap zaps a Card Zap) before it
            # cancels the effect waiting behind it
            c = self._take_card(h, a.a, from_hoard=a.c == "hoard")
            self.table.append(c)
            self._push(*self._zap_tasks(h, "card"), ("effect", h, "artifact", c, a.b, None))
            return
        eff = self.tasks.pop(0)  # the effect Filch steals
        # Filch's wild flare: discard a negotiate, steal the card as it is played
        self.eflags.add(("flare", h))
        self.eflags.add(("flared", "Filch"))
        in_hand = any(self.t.kind[c] == NEGOTIATE for c in self.hands[h])
        self._discard(self._take_card(h, "negotiate", from_hoard=not in_hand), h)
        if eff[2] == "artifact":
            self.table.remove(eff[3])
            self.hands[h].append(eff[3])
        else:
            pile = next(p for p in (self.hands[seat], self.hoard[seat])
                        if any(self.t.alien[c] == eff[3] and self.t.kind[c] == FLARE for c in p))
            card = next(c for c in pile if self.t.alien[c] == eff[3] and self.t.kind[c] == FLARE)
            pile.remove(card)
            self.hands[h].append(card)

    def _artifact_effect(self, seat: int, name: str, target: str | None) -> None:
        """What each artifact does (artifacts.toml)."""
        ci = self.cindex
        if name == "Mobius Tubes":
            # every ship in the warp returns to its owner's colonies
            self._push(*[("place", s, self.warp[s]) for s in self.order_from(self.offense) if self.warp[s]])
        elif name == "Plague":
            v = ci[target]  # type: ignore[index]
            # REFERENCE: the victim loses three ships to the warp, then discards one card
            # of each type it holds (it chooses which)
            self._push(("plague", v, _PLAGUE_KINDS))
            self._lose_from_colonies(v, 3)
        elif name == "Force Field":
            for col in target.split("+"):  # type: ignore[union-attr]
                s = ci[col]
                self._send_home(s)
                for side in (OFF, DEF):
                    if s in self.allies[side]:
                        self.allies[side].remove(s)
        elif name == "Emotion Control":
            self.eflags.add(("emotion",))
            self._compute_cards()
        elif name == "Ionic Gas":
            self.eflags.add(("ionic",))
        elif name == "Quash":
            if self.outcome == "deal_made":
                self.outcome = "deal_failed"
        elif name == "Cosmic Zap":
            self.eflags.add(("zap", ci[target]))  # type: ignore[index]
        elif name == "Card Zap":
            # REFERENCE: cancel the flare or artifact being played (the effect right
            # behind this one): a zapped artifact is discarded, a zapped flare stays in
            # its owner's hand and counts as played
            eff = self.tasks.pop(0)
            if eff[2] == "artifact":
                self.table.remove(eff[3])
                self._discard(eff[3], eff[1])

    # --- plague: the victim of a Plague discards one card of each type
    def _r_plague(self, t: tuple) -> bool:
        _, v, kinds = t
        T = self.t
        while kinds:
            names = {T.name[c] for c in self.hands[v] if T.kind[c] == kinds[0]}
            if len(names) > 1:
                if kinds is not t[2]:
                    self._set(("plague", v, kinds))
                self.actor = v
                return True
            if names:
                # a single kind of card of this type: which one is not a choice
                self._discard(self._take_card(v, names.pop()), v)
            kinds = kinds[1:]
        self._pop()
        return False

    def _o_plague(self, t: tuple) -> list[Action]:
        T = self.t
        return [_A("discard", x) for x in sorted({T.name[c] for c in self.hands[t[1]] if T.kind[c] == t[2][0]})]

    def _h_plague(self, t: tuple, a: Action) -> None:
        _, v, kinds = t
        self._discard(self._take_card(v, a.a), v)
        self._set(("plague", v, kinds[1:]))

    # --- reinforce: main players and allies add reinforcements to their side
    def _reinforce_options(self, s: int) -> list[Action]:
        side = self.side_of(s)
        if side < 0:
            return []
        T = self.t
        sname = SIDE_NAMES[side]
        m = -1
        for seat, fn in self._hook("reinforce_max"):
            if seat == s:
                m = max(m, fn(self, seat))
        if ("flag", s, "reserve9") in self.eflags:
            m = max(m, 9)
        out = []
        for pile, mark in self._piles(s):
            seen: set[str] = set()
            for c in pile:
                k = T.kind[c]
                if (k == REINFORCEMENT or (k == ATTACK and T.value[c] <= m)) and T.name[c] not in seen:
                    seen.add(T.name[c])
                    out.append(_A("reinforce", T.name[c], sname, mark))
        return out

    def _r_reinforce(self, t: tuple) -> bool:
        _, order, idx, passes = t
        L = len(order)
        while passes < L:
            s = order[idx % L]
            if self._reinforce_options(s):
                if (idx, passes) != (t[2], t[3]):
                    self._set(("reinforce", order, idx, passes))
                self.actor = s
                return True
            idx += 1
            passes += 1
        self._pop()
        return False

    def _o_reinforce(self, t: tuple) -> list[Action]:
        _, order, idx, passes = t
        return self._reinforce_options(order[idx % len(order)]) + [PASS]

    def _h_reinforce(self, t: tuple, a: Action) -> None:
        _, order, idx, passes = t
        if a.kind == "pass":
            self._set(("reinforce", order, idx + 1, passes + 1))
            return
        s = order[idx % len(order)]
        c = self._take_card(s, a.a, from_hoard=a.c == "hoard")
        self.table.append(c)
        side = OFF if a.b == "offense" else DEF
        self.reinf[side] += self.t.value[c]
        self._compute_cards()
        self._set(("reinforce", order, idx + 1, 0))

    # --- deal: proposals, acceptance, counters
    def _proposals(self) -> list[Action]:
        off, d = self.offense, self.defender
        mx = self.rules.deal_max_cards
        ho, hd = min(mx, len(self.hands[off])), min(mx, len(self.hands[d]))
        pn = self.pname
        # REFERENCE: a colony on a planet where the granting side has one
        po: tuple = (None,)
        if self._sources(off):
            po += tuple(pn[p] for p in self.colonies(d) if not self.colony(off, p))
        pd: tuple = (None,)
        if self._sources(d):
            pd += tuple(pn[p] for p in self.colonies(off) if not self.colony(d, p))
        key = (self.colours[off], self.colours[d], ho, hd, po, pd)
        out = _PROPOSALS.get(key)
        if out is None:
            oc, dc = key[0], key[1]
            new = tuple.__new__
            out = []
            for a in range(ho + 1):
                for x in po:
                    ox = (oc, a, x)
                    for b in range(hd + 1):
                        for y in pd:
                            # REFERENCE: at least one card or colony changes hands
                            if a or b or x or y:
                                out.append(new(Action, ("propose", ox, (dc, b, y), None)))
            if len(_PROPOSALS) > 2000:
                _PROPOSALS.clear()
            _PROPOSALS[key] = out
        return list(out)

    def _r_deal(self, t: tuple) -> bool:
        self.stage = "deal"
        self.actor = t[1]
        return True

    def _o_deal(self, t: tuple) -> list[Action]:
        _, s, made = t
        if self.deal_offer is None:
            return self._proposals() + [REJECT]
        out = [ACCEPT, REJECT]
        if made < self.rules.deal_rounds:
            out += self._proposals()
        return out

    def _h_deal(self, t: tuple, a: Action) -> None:
        _, s, made = t
        if a.kind == "accept":
            prop = self.deal_offer[1]  # type: ignore[index]
            self.deal_terms = (prop.a, prop.b)
            self.outcome = "deal_made"
            self._pop()
        elif a.kind == "reject":
            self.outcome = "deal_failed"
            self._pop()
        else:
            self.deal_offer = (s, a)
            self._set(("deal", self.opponent(s), made + 1))

    # --- give: a main player chooses the cards it gives in an accepted deal
    def _give_options(self, t: tuple) -> list[Action]:
        _, s, side, k = t
        picked = list(self.deal_picks[side])
        nm = self.t.name
        names = []
        for c in self.hands[s]:
            if c in picked:
                picked.remove(c)
            else:
                names.append(nm[c])
        return [_A("give", x) for x in sorted(set(names))]

    def _r_give(self, t: tuple) -> bool:
        self.stage = "deal"
        opts = self._give_options(t)
        if len(opts) == 1:
            # cards of a single kind left: which one is not a choice
            self._h_give(t, opts[0])
            return False
        self.actor = t[1]
        return True

    def _o_give(self, t: tuple) -> list[Action]:
        return self._give_options(t)

    def _h_give(self, t: tuple, a: Action) -> None:
        _, s, side, k = t
        picked = self.deal_picks[side]
        c = next(c for c in self.hands[s] if self.t.name[c] == a.a and c not in picked)
        self.deal_picks[side] = picked + (c,)
        if k > 1:
            self._set(("give", s, side, k - 1))
        else:
            self._pop()

    # --- reward: a defensive ally takes cards and ships from the warp
    def _r_reward(self, t: tuple) -> bool:
        _, s, units = t
        if self.warp[s] == 0:
            self._pop()
            self._draw(s, units)
            return False
        self.actor = s
        return True

    def _o_reward(self, t: tuple) -> list[Action]:
        _, s, units = t
        return [_A("reward", units - m, m) for m in range(min(units, self.warp[s]) + 1)]

    def _h_reward(self, t: tuple, a: Action) -> None:
        _, s, units = t
        self._pop()
        self._draw(s, a.a)
        if a.b:
            self._push(("place", s, a.b))

    # --- second: the offense may have a second encounter
    def _r_second(self, t: tuple) -> bool:
        self.actor = t[1]
        return True

    def _o_second(self, t: tuple) -> list[Action]:
        return [SECOND, END_TURN]

    def _h_second(self, t: tuple, a: Action) -> None:
        self._pop()
        if a.kind == "second":
            self.flow = IDX_ENC_START
        else:
            self._end_turn()

    # --- power: a decision an alien power asks for (its definition lists the options)
    def _r_power(self, t: tuple) -> bool:
        _, s, alien, data = t
        if not POWERS[alien].options(self, s, data):
            self._pop()
            return False
        self.actor = s
        return True

    def _o_power(self, t: tuple) -> list[Action]:
        _, s, alien, data = t
        return [_A("choose", alien, x) for x in POWERS[alien].options(self, s, data)]

    def _h_power(self, t: tuple, a: Action) -> None:
        _, s, alien, data = t
        self._pop()
        POWERS[alien].choose(self, s, data, a.b)

    # ================================================================ reading actions
    # The grammar of Cosmic Encounter's actions (keywords in any case; colours, planets,
    # aliens and card names are made canonical by _colour, _planet, _alien and _card).
    _FIXED = {
        "pass": PASS, "done": DONE, "accept deal": ACCEPT, "reject deal": REJECT,
        "draw again": AGAIN, "have a second encounter": SECOND, "end turn": END_TURN,
        "decline": DECLINE, "join offense": JOIN[0], "join defense": JOIN[1],
    }
    _PL = r"(\w+ \d+)"
    _COLOURS = r"(\w+(?: ?\+ ?\w+)*)"  # one colour or several joined by "+"
    _RE = [(re.compile(rx, re.IGNORECASE), kind) for rx, kind in [
        (r"^choose alien (\w+)$", "alien"),
        (r"^regroup to " + _PL + "$", "regroup"),
        (r"^place ship on " + _PL + "$", "place"),
        (r"^lose ship from " + _PL + "$", "lose"),
        (r"^ship from (the warp|\w+ \d+)$", "ship"),
        (r"^aim at " + _PL + "$", "aim"),
        (r"^encounter (\w+) at home$", "home"),
        (r"^reestablish " + _PL + "$", "reestablish"),
        (r"^choose defender (\w+)$", "defender"),
        (r"^invite (nobody|\w+(?: ?\+ ?\w+)*)$", "invite"),
        (r"^select (.+?)( from hoard)?$", "select"),
        (r"^play (\w+) flare \((wild|super)\)(?:: (.+))?$", "flare"),
        (r"^play (.+?)(?: on " + _COLOURS + ")?( from hoard)?$", "play"),
        (r"^use (\w+) power(?:: (.+))?$", "power"),
        (r"^reinforce (offense|defense) with (.+?)( from hoard)?$", "reinforce"),
        (r"^reward (\d+) cards? and (\d+) ships?$", "reward"),
        (r"^give (.+)$", "give"),
        (r"^discard (.+)$", "discard"),
        (r"^propose: (\w+) gives (\d+) cards?, (\w+) gives (\d+) cards?, "
         r"\w+ lands (?:on (\w+ \d+)|nowhere), \w+ lands (?:on (\w+ \d+)|nowhere)$", "propose"),
        (r"^(\w+): (.+)$", "choose"),
    ]]

    def _named(self, text: str, names: Any, what: str) -> str:
        """``text`` as one of ``names`` (a name matches in any case, without accents);
        :class:`IllegalAction` listing the names if none does."""
        if text in names:
            return text
        key = fold_text(text)
        for n in names:
            if fold_text(n) == key:
                return n
        shown = list(names)
        raise IllegalAction(f"unknown {what} {text!r}" + (f"; {what}s are {shown}" if len(shown) <= 12 else ""))

    def _colour(self, text: str) -> str:
        return self._named(text, self.g.colours, "colour")

    def _colours(self, text: str) -> tuple[str, ...]:
        cols = {self._colour(c) for c in text.replace(" ", "").split("+")}
        return tuple(sorted(cols, key=lambda c: self.cindex.get(c, 99)))

    def _planet(self, text: str) -> str:
        colour, number = text.rsplit(" ", 1)
        return f"{self._colour(colour)} {int(number)}"

    def _alien(self, text: str) -> str:
        return self._named(text, self.g.aliens, "alien")

    def _card(self, text: str) -> str:
        """A card's face name: "attack 8" is "attack 08", "reinforcement 3" is
        "reinforcement +3", and names match in any case."""
        m = re.match(r"^attack (\d+)$", text, re.IGNORECASE)
        if m:
            text = f"attack {int(m.group(1)):02d}"
        m = re.match(r"^reinforcement ?\+? ?(\d+)$", text, re.IGNORECASE)
        if m:
            text = f"reinforcement +{int(m.group(1))}"
        return self._named(text, self.g.face_index, "card")

    def _parse_action(self, text: str) -> Action:  # noqa: C901 - one branch per kind
        """Cosmic Encounter's grammar (see :meth:`GameState.parse_action` for what is
        forgiven)."""
        fixed = self._FIXED.get(text.lower())
        if fixed is not None:
            return fixed
        for rx, kind in self._RE:
            m = rx.match(text)
            if not m:
                continue
            g = m.groups()
            if kind in ("regroup", "place", "lose", "ship", "aim", "reestablish"):
                return _A(kind, "the warp" if g[0].lower() == "the warp" else self._planet(g[0]))
            if kind == "alien":
                return _A(kind, self._alien(g[0]))
            if kind in ("home", "defender"):
                return _A(kind, self._colour(g[0]))
            if kind == "invite":
                return _A("invite", () if g[0].lower() == "nobody" else self._colours(g[0]))
            if kind == "select":
                return _A("select", self._card(g[0]), bool(g[1]))
            if kind == "flare":
                return _A("flare", self._alien(g[0]), g[1].lower(), g[2])
            if kind == "play":
                tgt = "+".join(self._colours(g[1])) if g[1] else None
                return _A("play", self._card(g[0]), tgt, "hoard" if g[2] else None)
            if kind == "power":
                return _A("power", self._alien(g[0]), g[1])
            if kind == "reinforce":
                return _A("reinforce", self._card(g[1]), g[0].lower(), "hoard" if g[2] else None)
            if kind == "reward":
                return _A("reward", int(g[0]), int(g[1]))
            if kind in ("give", "discard"):
                return _A(kind, self._card(g[0]))
            if kind == "propose":
                return _A("propose", (self._colour(g[0]), int(g[1]), g[4] and self._planet(g[4])),
                          (self._colour(g[2]), int(g[3]), g[5] and self._planet(g[5])))
            if kind == "choose":
                return _A("choose", self._alien(g[0]), g[1])
        raise IllegalAction("unreadable Cosmic Encounter action: actions read like 'select attack 08', "
                            "'ship from red 1', 'invite blue+green', 'pass'")

    # ================================================================ explanations
    _WAITS = {
        "alien": ("alien", "choose one of the two aliens dealt to you"),
        "regroup": ("regroup", "regroup: the ship from the warp goes to one of your colonies"),
        "place": ("place", "ships leaving the warp go to one of your colonies"),
        "lose": ("lose", "the lost ships come from your colonies"),
        "own": ("again home reestablish", "your own colour: draw again, attack a foreign colony in "
                "your system, or re-establish an empty home planet"),
        "wild": ("defender", "wild destiny: choose another player as the defender"),
        "aim": ("aim", "aim the hyperspace gate at a planet of the defender's system"),
        "ships": ("ship done", "ships come from your colonies, one to four, without abandoning a colony"),
        "invite": ("invite", "invite allies among the players who are not main players"),
        "answer": ("join", "join a side that invited you (with 1-4 ships) or decline"),
        "select": ("select", "select an encounter card (attack, negotiate or morph) from your hand"),
        "window": ("pass play flare power", "play a card or power whose timing is now, or pass"),
        "reinforce": ("pass reinforce", "reinforcements add to your own side after an attack is revealed"),
        "zap": ("pass play flare", "a Card Zap (or Filch's wild flare) may answer the flare or artifact just "
                "played; a Cosmic Zap may answer the power just used"),
        "deal": ("propose accept reject", "deal: propose, accept, reject or counter"),
        "plague": ("discard", "Plague: discard one card of each type you hold (attack, negotiate, morph, "
                   "reinforcement, artifact, flare)"),
        "give": ("give", "an accepted deal: choose the cards you give, one at a time, from your hand"),
        "reward": ("reward", "a defensive reward is one card or one ship from the warp per ship sent"),
        "second": ("second end_turn", "after a win or a deal the offense may have a second encounter"),
        "power": ("choose", "the power asks for one of its listed choices"),
    }

    def _explain_illegal(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return "not a Cosmic Encounter action"
        if not self.tasks:
            return "nobody is to act"
        t = self.tasks[0]
        kinds, rule = self._WAITS[t[0]]
        who = self.colours[self.actor] if 0 <= self.actor < self.n else "nobody"
        if a.kind not in kinds.split():
            return f"the game waits for {who}: {rule}"
        k = t[0]
        if k == "ships" and a.kind == "ship":
            p = self.pindex.get(a.a, -1)
            if p < 0:
                return "unknown planet"
            if not self.colony(t[1], p):
                return "ships come from your own colonies"
            if t[3] >= t[5]:
                return f"at most {t[5]} ships"
            return "a colony keeps at least one ship (rulebook: do not abandon a colony)"
        if k == "ships" and a.kind == "done":
            return "send at least one ship"
        if k == "select":
            return ("select an encounter card you hold (attack, negotiate or morph; flares and "
                    "artifacts are not encounter cards)")
        if k == "answer":
            return "only players the offense (or the defense) invited may join its side"
        if k == "invite":
            return "the offense cannot invite the defense, nor the defense the offense"
        if k == "window":
            if a.kind == "play" and a.a in self.g.artifacts:
                info = self.g.artifacts[a.a]
                return f"{a.a} is played at {info.timing} by {info.who} player (artifacts.toml), and you must hold it"
            if a.kind == "flare":
                return ("flares: one per player per encounter, each once, at its timing; the Super side "
                        "only for the alien's owner with its power")
            if a.kind == "power":
                return ("a power works only for its alien, at its timing and role, with three home "
                        "colonies, once per encounter")
        if k == "reinforce":
            return "reinforcements are played from your hand onto your own side"
        if k == "deal":
            if a.kind == "accept":
                return "there is no proposal to accept"
            if a.kind == "propose" and self.deal_offer is not None and t[2] >= self.rules.deal_rounds:
                return f"no more counters: at most {self.rules.deal_rounds} proposals"
            return ("a proposal moves at least one card or colony; cards from hands (at most "
                    f"{self.rules.deal_max_cards}), colonies on planets where the granting side has one")
        if k == "reward":
            return "reward one card or one ship from the warp per ship sent (ships only from your warp)"
        return rule

    # ================================================================ scoring
    def scores(self) -> list[int]:
        """Foreign colonies of each player (five win)."""
        return [self.foreign_colonies(s) for s in range(self.n)]

    def winners(self) -> list[int]:
        """Seats sharing the win (empty while the game runs)."""
        return list(self.winners_) if self.over else []

    # ================================================================ observation
    def card_visible(self, side: int, viewer: int) -> bool:
        """Whether ``viewer`` may see the encounter card of ``side``."""
        return self.revealed or self.main(side) == viewer or self.face_up == self.main(side)

    def shown_hands(self, seat: int) -> list[int]:
        """The other seats whose hand ``seat`` may look at now: Will's super flare (for
        the encounter), Barbarian looting the loser's hand (rulebook: it looks at the
        hand) and Hacker choosing compensation (it chooses which cards, so it sees the
        hands it may take from) while that decision is pending."""
        out = {k[2] for k in self.eflags if k[0] == "peek" and k[1] == seat}
        for t in self.tasks:
            if t[0] == "power" and t[1] == seat:
                if t[2] == "Barbarian" and t[3][0] == "loot":
                    out.add(t[3][1])
                elif t[2] == "Hacker" and t[3][0] == "take":
                    out.update(o for o in range(self.n) if ("flag", o, "no_compensation") not in self.eflags)
        out.discard(seat)
        return sorted(out)

    def _note_flares(self, seat: int, cards: Sequence[int]) -> None:
        """Remember the flares among ``cards`` as known to be in the game, by ``seat``
        (it drew them or was shown them) or by everybody (``seat=-1``)."""
        fk = self.t.kind
        new = frozenset(c for c in cards if fk[c] == FLARE)
        if seat < 0:
            if not new <= self.flares_public:
                self.flares_public = self.flares_public | new
        elif not new <= self.flares_seen[seat]:
            seen = list(self.flares_seen)
            seen[seat] = seen[seat] | new
            self.flares_seen = tuple(seen)

    def _note_shown(self, card: int, seat: int) -> None:
        """Every player saw ``card`` go into (or stay in) ``seat``'s hand."""
        self.shown = tuple(x for x in self.shown if x[0] != card) + ((card, seat),)
        self._note_flares(-1, (card,))

    def _forget_shown(self, *seats: int) -> None:
        """Cards left the hands of ``seats`` unseen (given at random, taken by a power's
        private choice, shuffled together): what everybody knew of those hands no longer
        holds, whichever cards moved."""
        if self.shown:
            self.shown = tuple(x for x in self.shown if x[1] not in seats)

    def _note_flare_play(self, t: tuple, a: Action) -> None:
        """A flare is played face up and stays in (after use returns to) its owner's
        hand (REFERENCE); Filch's wild flare, answering a play, takes the card just
        played into the Filch's hand in view of everybody."""
        fc = self.g.flare_card
        seat = self.actor
        if a.a in fc:
            self._note_shown(fc[a.a], seat)
        if t[0] == "zap" and len(self.tasks) > 1 and self.tasks[1][0] == "effect":
            eff = self.tasks[1]
            card = eff[3] if eff[2] == "artifact" else fc.get(eff[3], -1)
            if card >= 0:
                self._note_shown(card, seat)

    def _public_pins(self) -> list[tuple[int, int]]:
        """``(seat, card)``: cards every player knows to be in ``seat``'s hand (or Miser's
        hoard) now: the :attr:`shown` records that still hold, a flare being played (it
        stays where it was while its effect waits for a Card Zap) and the cards offered to
        the Vulch (the one under consideration and those refused stay in the giver's
        hand)."""
        hands, hoard, fc, nm = self.hands, self.hoard, self.g.flare_card, self.t.name
        out = [(o, c) for c, o in self.shown if c in hands[o] or c in hoard[o]]
        for t in self.tasks:
            if t[0] == "effect" and t[2] == "flare":
                c = fc.get(t[3], -1)
                if c in hands[t[1]] or c in hoard[t[1]]:
                    out.append((t[1], c))
            elif t[0] == "power" and t[2] == "Vulch" and t[3][0] in ("consider", "offer"):
                d = t[3]
                giver, names = (d[1], (d[2],) + tuple(d[3])) if d[0] == "consider" else (t[1], tuple(d[2]))
                for name in names:
                    c = next((c for c in hands[giver] if nm[c] == name), -1)
                    if c >= 0:
                        out.append((giver, c))
        return out

    def _aliens_public(self) -> bool:
        return not self.rules.powers or all(a is not None for a in self.alien)

    def known_flares(self, seat: int, shown: Sequence[int] | None = None) -> set[int]:
        """The flare cards ``seat`` knows are in the game: those of its alien offers and of
        the aliens it knows (rulebook: the dealt aliens' flares join the deck), flares
        played, drawn face up or reshuffled from the discard pile, flares it drew or was
        shown, and those it sees now (its hand and hoard, a hand it may look at, the
        discard pile, the table). Which other flares are in the deck is private (a
        flare's card is only seen when drawn)."""
        if not self.rules.flares:
            return set()
        fc = self.g.flare_card
        known = set(self.flares_public)
        known |= self.flares_seen[seat]
        known.update(c for c, _ in self.shown)
        public = self._aliens_public()
        known.update(fc[a] for a in self.offers[seat])
        known.update(fc[a] for o, a in enumerate(self.alien) if a is not None and (public or o == seat))
        seen = self.hands[seat] + self.hoard[seat] + self.discard + self.table
        for o in (self.shown_hands(seat) if shown is None else shown):
            seen += self.hands[o]
        seen += [c for _, c in self._public_pins()]
        # the flares in the game are few: look each one up in what the seat sees
        for c in self.cards_in_game[self.g.deck_size:]:
            if c not in known and c in seen:
                known.add(c)
        return known

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything public plus its own hand (and hoard); other
        hands only by size (but a hand it may look at now, :meth:`shown_hands`); deck order
        never; face-down encounter cards until revealed; other players' aliens once every
        alien is chosen; of the flares in the deck only those it knows of
        (:meth:`known_flares`)."""
        if not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        n, col, nm = self.n, self.colours, self.t.name
        chosen = self._aliens_public()
        planets = {}
        for p, name in enumerate(self.pname):
            planets[name] = {col[s]: self.ships[p * n + s] for s in range(n) if self.ships[p * n + s]}
        cards: dict[str, str | None] = {}
        for side in (OFF, DEF):
            c = self.card[side]
            if c < 0:
                cards[SIDE_NAMES[side]] = None
            elif self.card_visible(side, seat):
                cards[SIDE_NAMES[side]] = nm[c]
            else:
                cards[SIDE_NAMES[side]] = "face down"
        offer = None
        if self.deal_offer is not None:
            offer = str(self.deal_offer[1])
        d = self.destiny
        destiny = (None if d < 0 else col[d] if d < n else "wild" if d == WILD
                   else self.g.specials[d - SPECIAL].name)
        shown = self.shown_hands(seat)
        return {
            "seat": seat,
            "num_players": n,
            "colours": list(col),
            "turn": self.turn,
            "current_player": self.current_player,
            "phase": self.phase,
            "stage": self.stage,
            "offense": self.offense,
            "defender": self.defender,
            "encounter": self.enc_no,
            "destiny": destiny,
            "target": self.pname[self.target] if self.target >= 0 else None,
            "aliens": [a if (s == seat or chosen) else None for s, a in enumerate(self.alien)],
            "alien_offers": list(self.offers[seat]),
            "powers_active": [self._power_on(s) if chosen else False for s in range(n)],
            "planets": planets,
            "warp": list(self.warp),
            "gate": list(self.gate),
            "defensive_allies_ships": list(self.side),
            "allies": {"offense": [col[s] for s in self.allies[OFF]], "defense": [col[s] for s in self.allies[DEF]]},
            "invited": {"offense": [col[s] for s in self.inv[OFF]], "defense": [col[s] for s in self.inv[DEF]]},
            "foreign_colonies": self.scores(),
            "home_colonies": [self.home_colonies(s) for s in range(n)],
            "hand": self.hand_names(seat),
            "hand_sizes": [len(h) for h in self.hands],
            "hoard": sorted(nm[c] for c in self.hoard[seat]),
            "hoard_sizes": [len(h) for h in self.hoard],
            "deck_size": len(self.deck),
            "discard": [nm[c] for c in self.discard],
            "destiny_deck_size": len(self.ddeck),
            "encounter_cards": cards,
            "table": [nm[c] for c in self.table],
            "reinforcements": list(self.reinf),
            "totals": list(self.totals) if self.revealed else None,
            "tokens": list(self.tokens),
            "deal_offer": offer,
            "peeked_hands": {col[o]: self.hand_names(o) for o in shown},
            "outcome": self.outcome,
            "flares_known": sorted(self.t.alien[c] for c in self.known_flares(seat, shown)),
            "game_over": self.over,
            "winners": self.winners(),
        }

    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` has seen, for search bots.

        Dealt again at random, keeping every count: the cards ``seat`` cannot see (other
        hands but those it may look at, other hoards, the deck order, an opponent's
        face-down card, which stays an encounter card); during alien selection the other
        players' offers (and an alien already chosen, one of them), with the flares in the
        deck following the offers; afterwards the other players' discarded offers and the
        identity of each hidden flare whose alien ``seat`` cannot know is in the game
        (:meth:`known_flares`). Cards every player knows to be in a hand stay there
        (:meth:`_public_pins`); a record of :attr:`shown` is dropped as soon as cards
        leave that hand unseen (deals, compensation, powers' private choices).

        Canonical: the hidden cards are pooled in a fixed order (by face, then id) before
        shuffling, so the result depends only on what ``seat`` sees and on ``rng`` (two
        positions ``seat`` cannot tell apart give the same sample). The sample is a new
        start: its log is empty (the true log holds face-down choices) and undo and
        history stop there (:meth:`GameState.mark_arranged`); future chance is reseeded
        from ``rng``.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        s = self.clone()
        T = s.t
        nm, ie = T.name, T.is_enc
        setup = s.rules.powers and bool(s.offers[seat]) and any(t[0] == "alien" for t in s.tasks)
        if setup:
            s._redeal_offers(seat, rng, setup=True)
        shown = s.shown_hands(seat)
        slots, sides = s.hidden_places(seat)
        sizes = [len(x) for x in slots]
        slot_of = {id(x): k for k, x in enumerate(slots)}
        pins = sorted({(slot_of[id(pile)], nm[c]) for o, c in s._public_pins()
                       for pile in (s.hands[o] if c in s.hands[o] else s.hoard[o],) if id(pile) in slot_of})
        pool = [c for x in slots for c in x] + [s.card[side] for side in sides]
        if s.rules.flares and not setup:
            pool = s._redraw_flares(seat, pool, rng, shown)
        pool.sort(key=T.canon.__getitem__)  # canonical: by face, then id
        fixed: list[list[int]] = [[] for _ in slots]
        for k, face in pins:
            i = next((i for i, c in enumerate(pool) if nm[c] == face), -1)
            if i >= 0 and len(fixed[k]) < sizes[k]:
                fixed[k].append(pool.pop(i))
        # a uniform shuffle (sorting by random keys: several times faster than shuffle())
        keys = [rng.random() for _ in pool]
        pool = [c for _, c in sorted(zip(keys, pool))]
        for side in sides:
            i = next(i for i, c in enumerate(pool) if ie[c])
            s.card[side] = pool.pop(i)
        for x, k, f in zip(slots, sizes, fixed):
            rest = k - len(f)
            x[:] = f + pool[:rest]
            del pool[:rest]
        if s.rules.powers and s.offers[seat] and not setup:
            s._redeal_offers(seat, rng, setup=False)
        # what the other seats remember of flares is theirs: they know their hands now
        s.flares_seen = tuple(x if o == seat else frozenset() for o, x in enumerate(s.flares_seen))
        s._redeal_private(seat)
        s.reseed_chance(rng.randrange(2**62))
        s.mark_arranged()
        return s

    def hidden_places(self, seat: int) -> tuple[list[list[int]], list[int]]:
        """Where ``seat`` cannot look: the card lists it cannot see into (other hands
        but those it may look at, other hoards, the deck) and the sides whose encounter
        card is face down to it."""
        shown = self.shown_hands(seat)
        slots: list[list[int]] = []
        for o in range(self.n):
            if o != seat and o not in shown:
                slots.append(self.hands[o])
            if o != seat:
                slots.append(self.hoard[o])
        slots.append(self.deck)
        sides = [side for side in (OFF, DEF) if self.card[side] >= 0 and not self.card_visible(side, seat)]
        return slots, sides

    def _redeal_private(self, seat: int) -> None:
        """After a re-deal, the private choices other players made about cards of their
        hands follow the new hands: the cards already chosen to give in a deal, and the
        cards Miser's wild flare protects, become as many cards of the new hand."""
        for side in (OFF, DEF):
            picks = self.deal_picks[side]
            giver = self.main(side)
            if picks and giver != seat and not all(c in self.hands[giver] for c in picks):
                self.deal_picks[side] = tuple(self.hands[giver][: len(picks)])
        stale = [f for f in self.eflags if f[0] == "protect" and f[1] != seat and f[2] not in self.hands[f[1]]]
        for f in sorted(stale):
            self.eflags.discard(f)
            o = f[1]
            free = [c for c in self.hands[o] if ("protect", o, c) not in self.eflags]
            if free:
                self.eflags.add(("protect", o, free[0]))

    def _redeal_offers(self, seat: int, rng: Any, setup: bool) -> None:
        """Deal the other seats' alien offers again from the aliens ``seat`` cannot rule
        out (the pool minus its own offers, and once aliens are public minus the chosen
        ones). During selection an alien already chosen becomes one of its new offers and
        the flares follow (rulebook: the dealt aliens' flares join the deck, topped up at
        random to ``Rules.flares_total``); afterwards a seat's offers are its alien plus
        aliens whose flares are in the game."""
        k = self.rules.alien_choices
        mine = set(self.offers[seat])
        others = [o for o in range(self.n) if o != seat]
        offers = self.offers
        if setup:
            avail = [a for a in self.alien_pool if a not in mine]
            rng.shuffle(avail)
            for i, o in enumerate(others):
                offers[o] = tuple(avail[k * i: k * i + k])
                if self.alien[o] is not None:
                    self.alien[o] = offers[o][0]
            if self.rules.flares:
                fl = [a for o in range(self.n) for a in offers[o]]
                rest = avail[k * len(others):]
                while len(fl) < self.rules.flares_total and rest:
                    fl.append(rest.pop())
                fc = self.g.flare_card
                self.flare_aliens = tuple(fl)
                self.cards_in_game = tuple(range(self.g.deck_size)) + tuple(sorted(fc[a] for a in fl))
                self.deck[:] = self.cards_in_game  # no hand is dealt before every alien is chosen
            return
        chosen = {a for a in self.alien if a is not None}
        base = self.flare_aliens if self.rules.flares else self.alien_pool
        avail = sorted(a for a in base if a not in mine and a not in chosen)
        rng.shuffle(avail)
        need = (k - 1) * len(others)
        if len(avail) < need:  # defensive: a pool too small for flares to cover the offers
            extra = sorted(a for a in self.alien_pool if a not in mine and a not in chosen and a not in avail)
            rng.shuffle(extra)
            avail += extra
        for i, o in enumerate(others):
            offers[o] = (self.alien[o],) + tuple(avail[(k - 1) * i: (k - 1) * (i + 1)])

    def _redraw_flares(self, seat: int, pool: list[int], rng: Any, shown: Sequence[int]) -> list[int]:
        """Give the flares in ``pool`` (cards ``seat`` cannot see) whose alien ``seat``
        cannot know is in the game new identities, drawn from the aliens it cannot rule
        out; ``flare_aliens`` and ``cards_in_game`` follow. Returns the new pool."""
        T, fc = self.t, self.g.flare_card
        known = self.known_flares(seat, shown)
        # a flare of the game that is not known is in a hidden place (those seen are known)
        hidden = [c for c in self.cards_in_game[self.g.deck_size:] if c not in known]
        if not hidden:
            self.flare_aliens = tuple(sorted(self.flare_aliens))  # the order told the deal
            return pool
        ruled_out = {T.alien[c] for c in known}
        new = [fc[a] for a in rng.sample([a for a in self.alien_pool if a not in ruled_out], len(hidden))]
        for old, c in zip(hidden, new):
            pool[pool.index(old)] = c
        flares = sorted(c for c in self.cards_in_game[self.g.deck_size:] if c in known) + new
        self.flare_aliens = tuple(sorted(T.alien[c] for c in flares))
        self.cards_in_game = tuple(range(self.g.deck_size)) + tuple(sorted(flares))
        return pool

    def result_extras(self) -> dict:
        """What analyses group results by: each seat's alien, and the turn count."""
        from ..stats import result_extras

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

    def describe(self, action: Action, viewer: int | None = None, actor: int | None = None) -> str:
        """``action`` as ``viewer`` may read it in a log. ``viewer=None`` is the public log
        (any onlooker: how :class:`ovnilab.board.GameBoard`, the cosmic widget and
        :func:`ovnilab.cosmic.render.public_action_text` call it); ``viewer=seat`` reads
        its own actions (``actor == viewer``) in full. Anybody else never reads a hidden
        name: a selection reads "select an encounter card", an alien choice "choose an
        alien", and the cards a power's choice names (Barbarian's loot, Hacker's
        compensation, ...) read "a card". An unknown ``actor`` (None) is masked."""
        if viewer is not None and viewer == actor:
            return str(action)
        k = action.kind
        if k == "select":
            return "select an encounter card" + (" from the hoard" if action.b else "")
        if k == "alien":
            return "choose an alien"
        if k == "give":
            return "give a card"
        if k == "choose":
            text = str(action)
            for name in self.t.names_longest_first:
                if name in text:
                    text = text.replace(name, "a card")
            return text
        return str(action)

    def __repr__(self) -> str:
        # the seat named as the board and its log name it (seat_name)
        who = (f"won by {', '.join(self.seat_name(w) for w in self.winners())}" if self.over
               else f"to act: {self.seat_name(self.current_player)}")
        return f"<cosmic.State {self.n} players, turn {self.turn}, {self.phase}, {who}, {len(self.log)} actions>"


# ======================================================================
# dispatch tables
# ======================================================================

#: the card types a Plague's victim discards one of each, in this order
_PLAGUE_KINDS = (ATTACK, NEGOTIATE, MORPH, REINFORCEMENT, ARTIFACT, FLARE)

_FLOW: list[Callable[[State], None]] = [
    State._s_turn_start,
    State._s_enc_start,
    State._s_regroup_window,
    State._s_regroup,
    State._s_destiny,
    State._s_destiny_window,
    State._s_launch,
    State._s_launch_window,
    State._s_alliance_window,
    State._s_alliance,
    State._s_alliance_end_window,
    State._s_planning_window,
    State._s_planning,
    State._s_after_selection_window,
    State._s_reveal,
    State._s_reveal_window,
    State._s_reinforce,
    State._s_outcome,
    State._s_resolution_window,
    State._s_resolve,
    State._s_cleanup_window,
    State._s_enc_end,
]
IDX_TURN_START = 0
IDX_ENC_START = 1
IDX_DESTINY = _FLOW.index(State._s_destiny)
IDX_ENC_END = _FLOW.index(State._s_enc_end)

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


def check_invariants(state: State) -> None:
    """Raise AssertionError when a conservation law of the components is broken.

    * 20 ships per player, always accounted for across colonies, warp, gate, the
      defensive allies' place beside the target planet and the ships being chosen for a
      loss; no count is negative;
    * every card of the game (the cosmic deck plus the flares in play) is in exactly one
      place: the deck, the discard pile, a hand, a hoard, the table, a selected card;
    * the destiny deck and its discards hold their cards;
    * a finished game has winners.
    """
    s = state
    n = s.n
    for p in range(n):
        on = sum(s.ships[p::n])
        assert min(s.ships[p::n]) >= 0, f"seat {p}: negative ships on a planet"
        assert s.warp[p] >= 0 and s.gate[p] >= 0 and s.side[p] >= 0, f"seat {p}: negative count"
        # ships being lost one at a time wait in the 'lose' task until all are chosen
        pending = sum(len(t[4]) for t in s.tasks if t[0] == "lose" and t[1] == p)
        total = on + s.warp[p] + s.gate[p] + s.side[p] + pending
        assert total == SHIPS, f"seat {p}: {total} ships instead of {SHIPS}"
        assert len(s.gate_from[p]) == s.gate[p] and len(s.side_from[p]) == s.side[p], f"seat {p}: origins"
    where = list(s.deck) + list(s.discard) + list(s.table) + [c for c in s.card if c >= 0]
    for h in s.hands:
        where += h
    for h in s.hoard:
        where += h
    assert sorted(where) == sorted(s.cards_in_game), "cards not conserved"
    assert len(s.ddeck) + len(s.ddiscard) == n * s.g.destiny_per_colour + s.g.destiny_wild + len(s.g.specials)
    if s.over:
        assert s.winners_, "a finished game has winners"
        assert s.current_player == TERMINAL
    else:
        assert s.tasks, "a running game waits for a decision"
        assert 0 <= s.actor < n


invariants = check_invariants

from ..aliens import POWERS  # noqa: E402  (aliens import this module's names)
