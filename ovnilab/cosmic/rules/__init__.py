"""Cosmic Encounter's game engine: the state, its legal actions and how each one changes it.

The rules are the rulebook ``seeds/003_*.txt`` plus the general rules REFERENCE.md gives
(deals, compensation, defensive rewards, flares, artifacts); comments name the rule each
block implements. Alien powers live in the package :mod:`ovnilab.cosmic.aliens`, one
definition per alien in the module of its colour (importing the package registers them
all in ``POWERS``); the engine calls their hooks at fixed points (see
:mod:`ovnilab.cosmic.aliens.base`).

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
single possible answer fixed by public facts (the only colony to regroup to) is taken
automatically and is not logged: it is not a choice. A decision whose options come from a
hidden hand is always asked, even with one option (the only kind of encounter card left
is selected as an action), so that the log does not tell the hand.

Windows are the points where artifacts, flares and optional powers are offered: every
player from the offense clockwise who *could* play something there, as far as the others
can tell (it holds cards, one of the game's artifacts or flares fits the timing and its
role, or its power may be used there), is asked, and answers with a play or ``pass``
(after a play the same player is asked again). Right after a flare or artifact is played
(or a power used), every other player holding cards may answer it (Card Zap, Cosmic Zap,
Filch's flare); the reinforcement round asks every player in the encounter holding cards.
So whose turn it is never tells what a hand holds; a bot with only ``pass`` passes at
once. ``Rules(ask_holders_only=True)`` asks only the players who hold a playable card (and
selects a single kind of encounter card automatically): random play then takes 2.5 to
3.5 times fewer decisions (3-5 players), for batch simulation, but the order of play
tells what players hold, so the board never uses it (saves made before this rule replay
with it).

Rule readings (the default is the reading judged most faithful; the alternative is a
:class:`Rules` option)
------------------------------------------------------------------------------------------
* Launching, sending allies and placing a colony granted in a deal may take the last ship
  off a colony, which is then lost (the rulebook: "careful not to take every ship off a
  colony, or you lose it"). ``Rules(may_abandon_colonies=False)`` keeps one ship on each
  colony (ovnilab's earlier reading, kept for the saves made with it).
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
  rulebook's minute. A proposal names how many cards each side gives, any number
  (REFERENCE; ``deal_max_cards`` caps it); once it is accepted each giver chooses its
  cards one at a time (the offense first; both choose before any card changes hands, so
  neither sees what it gets before giving). FFG players may name the cards; the hands
  are hidden, so a proposal counts them and the giver's choice stands for the naming.
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
* Card Zap answers a flare or artifact as it is played; the zapped card is discarded
  (Card Zap's text), a flare too, and it counts as its player's flare of the encounter; a Card Zap is itself an artifact being
  played, so another Card Zap may answer it (which lets the first card take effect).
  Cosmic Zap cancels a power when it is used: it answers the use of an optional power as
  it is made (that use is cancelled); a power that acts by itself (Zombie's, Macron's,
  Pacifist's: its hooks) is zapped in a window where it takes effect: the window of its
  timing (any window for a passive power), while its player's role in the encounter lets
  it act. It is never offered against an optional power nobody is using, nor against an
  uninvolved player's power that only acts in the encounter (``before_issue_13`` keeps
  the earlier reading: any active power in any window).
* Plague's victim chooses which three ships it loses, then which card of each type it
  discards (types in the order attack, negotiate, morph, reinforcement, artifact, flare).
* The second encounter, "after a win": the offense's side won, or a deal was made (also
  a re-established home planet and an encounter cancelled by Oracle's super flare).
* Stacking the gate: a ship that regrouped to the gate (no colonies) counts among the
  four the offense may launch.
* The end of the game: "the game ends as soon as" players have five foreign colonies, so
  it is checked whenever a colony is gained (the gate's ships landing, both colonies of a
  deal once placed, Spiff's crash-landing, Parasite's wild flare) and what would follow
  in the resolution (compensation, rewards, Barbarian's loot) does not happen.
* Alternate wins (Tick-Tock, Masochist): a power wins the game at once
  (``State._win``); players who win through the same event share the win (a deal's
  colonies give five foreign colonies as Tick-Tock's last token goes: both win);
  ``state.win_reason`` says why a game ended (observation, result extras, the board).
* Removal from the game (Void, Masochist's super flare): ``state.removed`` counts each
  seat's ships out of the game for good; no player is taken below ``Rules.win_colonies``
  ships, the ships over that limit go to the warp (``State.removable``).
* Losing a power: the rulebook's "the loss is immediate" takes effect once the event that
  took the third home colony is over; the power still applies to that event (a Zombie
  losing its third home colony sends those ships home, not to the warp; the FFG forum's
  rulings on Zombie as a losing defender).
* Loser: once the upset is declared (the power, before selection) both main players
  select attack cards if they hold any; its super flare declares it after selection,
  without that constraint. Its wild flare is declared before selection (planning).
* Warrior's tokens follow the 2009 FAQ's wording: after every encounter as a main
  player, one for a win or a deal made (or an encounter Oracle's super flare cancels, a
  deal), two for a loss, a failed deal or both sides losing, also while its power is
  zapped or lost (the FAQ: "even if his power was zapped").
* ``Rules(before_issue_13=True)`` plays as ovnilab did before issue 13 (a zapped flare back
  in the hand, the end of the game checked at the end of the encounter, no constraint
  from Loser's upset, Loser's wild flare after selection, Warrior's tokens only with its
  power and for wins and losses, a power gone with the colony, Vacuum's "nobody", Trader's
  super flare in any role, Barbarian's wild flare on any cards, Parasite's wild flare
  whenever a player is without its power, no Zombie deal term, and
  with ``_ISSUE_13_OLD``'s other values); a save that does not
  name the option was made before it and is read so (``state._before_issue_13``).
* The four-planet variant (``Rules(planets=4)``), which the 2009 FAQ refers to: four
  planets per player and the power kept with two home colonies (the FAQ's erratum).
  Its ships and its goal are in no source we have: ovnilab scales the set-up with the
  planets (four ships on each of four planets, 16 ships a player, and four foreign
  colonies win), as Tick-Tock's tokens scale from ten to eight. The numbers of each
  system are the ``[[system]]`` tables of ``data/cosmic/destiny.toml``;
  ``Rules(win_colonies=...)`` and ``Rules(power_threshold=...)`` override them (their
  defaults, 0 and -1, mean "the system's"). No source changes Warrior with four planets,
  so it plays as usual.

ovnilab safety rule
-------------------
``Rules.turn_limit`` (default 400 turns) ends a game that has run that long; the players
with the most foreign colonies share the win (``state.limit_reached`` tells). Random play
with the default rules ends long before (four players: a median of about 30 turns; the
tests check the limit does not trigger on their seeds); it ends the playouts that would
go on, e.g. when no encounter card is left to draw, or when players keep abandoning
colonies (random play with four players reaches it about once in 300 games), or when
the goal is out of random play's reach (``ships_per_planet=1, win_colonies=10``: five
players end by the limit after about 33,000 actions). Nothing bounds the actions of one
turn (Machine's encounters go on while it holds encounter cards), so
``Rules.action_limit_thousands`` (default 200: 200,000 actions, set-up included; at most
a million) ends a game the same way (``win_reason`` names the limit): the bound on every
game, far above any game seen (84,000 actions with ``turn_limit=1000``, the longest).

Hidden information
------------------
``observation(seat)`` is what a seat may see (the encounter cards face down until the
reveal, also after a Sorcerer swapped them: each main player sees the card it selected,
now on the other side); ``determinize(seat, rng)`` deals everything
else again for search bots, canonically (the sample depends only on the observation and
``rng``). What every player knows about hidden places is kept in small immutable records
(``shown``, ``flares_public``, ``flares_seen``) so a clone stays cheap: a flare played
stays in its owner's hand, a card offered to the Vulch stays in the giver's, and a seat
knows which flares are in the deck only as far as it has seen them (its offers, the
aliens revealed, the flares played or drawn). Barbarian and Hacker see the hands they
choose from while choosing (:meth:`State.shown_hands`). What one seat alone saw of
another's hand (Philanthropist's gift, Mind's look) is ``known`` (:meth:`State.private_pins`:
its observation's ``known_cards``, kept by its determinizations only); a Dictator choosing
the destiny card sees the remaining destiny deck (:meth:`State.destiny_seen`); a Gambler's
card kept face down after the reveal (``State.claim``) is seen only by the Gambler.
Citadel's citadels (``State.citadels``) and Grudge's tokens (``State.grudge``) are public. ``describe(action, viewer)`` words
the log: ``viewer=None`` is the public log, which never names a face-down card, an alien
choice or a card taken from a hidden hand (Chosen's draws, face up, are named). A save
(``to_json()``) replays the game, so it tells every hand; ``to_json(viewer=seat)`` is the
seat's public record for sharing a game in progress (no seed; the log as the seat reads
it; what it sees now), read back by :func:`~.hidden.load_public_record` as a record, not
a game: the hidden draws cannot be replayed.

Representation (chosen for speed): seats are ints, planets are ints ``0..kn-1`` with
``k = state.np`` planets per player (planet ``p`` belongs to seat ``p // k``), ships are one flat list ``ships[p * n + seat]``, cards
are ints (see :mod:`ovnilab.cosmic.data`), tasks are tuples, so ``clone`` is a few list
copies.

Where each part lives
---------------------
One class, :class:`State`, whose methods are grouped in modules named for what they hold
(each module a mixin of ``State``; every method reads and changes the fields that
``State.__init__`` sets up):

* :mod:`.state`: :class:`Rules` (the rule options), ``State`` itself (set-up, the fields
  of a position, the task queue and its dispatch tables, scores), :func:`new_game`,
  :func:`check_invariants`;
* :mod:`.encounter`: the phases in order (``_FLOW``: start of turn, regroup, destiny,
  launch, alliance, planning, reveal, reinforcements, outcome, resolution, clean-up), the
  revealed cards' values and the outcome, the end of an encounter, a turn and the game;
* :mod:`.decisions`: the decisions those phases ask of one player (aliens at set-up,
  regroup, ships to and from the warp, own colour, wild destiny, aiming, sending ships,
  invitations and answers, card selection, rewards, the second encounter, a power's
  choice);
* :mod:`.cards`: hands, draws and discards, artifacts (when each is playable, what it
  does), flares (which side, when), Plague's discards, reinforcements;
* :mod:`.answers`: windows (artifacts, flares and optional powers offered in turn) and the
  answer rounds a play opens (Card Zap, Cosmic Zap, Filch's wild flare), then the effect;
* :mod:`.deals`: deals (proposals, counters, the cards each giver chooses) and
  compensation;
* :mod:`.board`: planets, colonies, roles in the encounter, the powers' hooks, ships
  moving between colonies, gate and warp;
* :mod:`.hidden`: observations, what every player knows of hidden cards, determinization;
* :mod:`.actions`: :class:`Action`, its text, reading a text back, explaining a refusal,
  the log's wording;
* :mod:`.components`: the constants the engine counts with (planets, ships, destiny
  codes, sides, roles) and the static tables built once per deck.
* :mod:`.odds`: the rulebook's comparison of two revealed encounter cards and the odds
  of each outcome over drawn cards (pure functions the bots evaluate with;
  :mod:`ovnilab.cosmic.stats` builds its tables on them).

Every name the single module ``rules.py`` defined is still importable from
``ovnilab.cosmic.rules`` (the private ones other modules and tests use included), and so
are the names it took from :mod:`ovnilab.cosmic.data`, :mod:`ovnilab.cosmic.aliens` and
:mod:`ovnilab.core` (card kinds, ``POWERS``, ``load_data``, ``TERMINAL``, ...). A test
that patches a name the engine looks up patches it in the module that uses it (e.g.
``rules.state.load_data``).
"""

from __future__ import annotations

from ...core import TERMINAL, GameState, IllegalAction, SaveFormatError
from ..aliens import POWERS
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT, CosmicData, load_data
from .actions import _A, _INTERN, ACCEPT, AGAIN, DECLINE, DONE, END_TURN, JOIN, PASS, REJECT, SECOND, Action
from .cards import _PLAGUE_KINDS
from .components import (_TABLES, _TABLES_LOCK, _TABLES_MAX, DEF, OFF, PLANETS, R_DEF_ALLY, R_DEFENSE, R_NONE,
                         R_OFF_ALLY, R_OFFENSE, SHIPS, SIDE_NAMES, SPECIAL, WILD, _subsets, _Tables, _tables,
                         implemented_aliens)
from .deals import _PROPOSALS
from .encounter import _FLOW, IDX_DESTINY, IDX_ENC_END, IDX_ENC_START, IDX_TURN_START
from .state import (_HANDLE, _KINDS, _OPTIONS, _READY, Rules, State, _check_rules_across, check_invariants,
                    invariants, new_game)

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

# the public classes name this package as their module, where they are imported from
# (a refusal names "ovnilab.cosmic.rules.Action"; pickles keep the path they always had)
for _cls in (Action, Rules, State):
    _cls.__module__ = __name__
del _cls
