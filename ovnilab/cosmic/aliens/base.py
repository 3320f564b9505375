"""The alien registry: what a power and a flare are, the hooks the engine calls, the
readings every alien follows and the helpers the colour modules share.

Every alien module (:mod:`ovnilab.cosmic.aliens`, whose docstring says how they are
split) imports its names from here and adds its aliens to :data:`POWERS` with
:func:`register`; this module imports no alien module, so the registry exists before any
alien is defined.

A power is a :class:`Power`: its ``timing`` (the window of the encounter where it acts,
or ``"passive"`` when it only changes a rule), the ``roles`` it works in (offense,
defense, main, ally, not_main, any), whether it is ``optional`` (its owner is asked, with
an action, whether to use it), and functions the engine calls:

``can_use(state, seat) -> bool`` / ``use(state, seat, arg)`` / ``args(state, seat)``
    an optional power is offered in the window of its ``timing`` when ``can_use`` holds,
    as one action per ``args`` value (or one action when ``args`` is None);
``options(state, seat, data) -> list[str]`` / ``choose(state, seat, data, arg)``
    a decision a power asks for: ``state._push(("power", seat, name, data))`` and the
    engine offers ``options`` as actions ``"<Alien>: <option>"`` (``public_choices``: the
    public log reads them in full; ``zap_timing``: the window a Cosmic Zap stops a power
    acting by itself, when not that of its ``timing``);
``hooks``
    passive rule changes, by hook name. The engine calls each hook only for seats whose
    power is active (three home colonies, not zapped) and whose role fits ``roles``:

    ========================  ===============================================================
    ``setup(s, seat)``            once, after hands are dealt
    ``turn_start(s, seat)``       at the start of every turn
    ``max_ships(s, seat, hi)``    ships it may launch or send -> int
    ``ship_value(s, seat, use)``  what one of its ships counts: use is "total",
                                  "compensation" or "rewards" -> int
    ``total_bonus(s, seat)``      added to its side's total -> int
    ``reveal(s, seat)``           as the encounter cards are revealed, before they count
                                  (Gambler keeps its card face down: ``State.claim``)
    ``card(s, seat, kinds, values)``  change the effective revealed cards (lists by side)
    ``outcome(s, seat, res)``     change ``res = [winning side, side compensated]``
    ``to_warp(s, seat, owner, k, side)``  ships of ``owner`` about to go to the warp;
                                  returns how many are saved (they return to colonies)
    ``after_warp(s, seat, owner, k)``     ``owner`` just lost ``k`` ships to the warp
    ``discard(s, seat, card, by)``        a card is being discarded; True if taken
    ``reinforce_max(s, seat)``    attack cards up to this value may reinforce -> int
    ``compensation(s, seat, receiver, giver, k)``  True if the power handles it
    ``may_join(s, seat)``         True: may ally without an invitation
    ``hoard(s, seat)``            marker: its hoard is playable
    ``alliances_formed(s, seat)`` once the alliances are formed (after the window that
                                  follows them)
    ``final_outcome(s, seat)``    once the outcome is final (after the resolution window),
                                  before its ships, cards and colonies move; decisions it
                                  pushes come first (the encounter's ships still in it)
    ``after_resolution(s, seat)`` after the outcome's ships, cards and colonies moved
    ``deal_failed(s, seat, k)``   ``k = [offense loss, defense loss]`` of a failed deal
    ``encounter_end(s, seat)``    when the encounter is over
    ``deal_frees(s, seat)``       marker: as a main player in a deal it may offer to free
                                  the other main player's ships from the warp
    ``totals(s, seat, tot)``      change both sides' totals ``tot = [offense, defense]``
                                  once cards, ships and bonuses are counted
    ``destiny(s, seat, card, named)``  after each destiny draw; ``named``: the player
                                  the card points at (-1 for a wild card)
    ``destiny_control(s, seat)``  before each destiny draw: True when ``seat`` chooses
                                  the card from the remaining destiny deck instead (it
                                  pushes that choice, which calls
                                  ``State._draw_destiny(card)``; the chooser sees the deck,
                                  :meth:`State.destiny_seen`)
    ``flare_played(s, seat, player, alien, side)``  a flare is about to take effect;
                                  True cancels it (it counts as played)
    ``regroup(s, seat)``          the offense's regroup: True replaces its retrieval
    ``drew(s, seat, player)``     ``player`` drew cards from the deck (not at set-up)
    ``drew_cards(s, seat, player, cards)``  the same draw, with the cards drawn (what
                                  ``seat`` sees of them is its own business: Mind's
                                  wild flare notes them in ``State.known``)
    ``retrieved(s, seat, player)``  ``player`` brought ships back from the warp (regroup,
                                  or a placement of ships from the warp, once it is done)
    ``another_encounter(s, seat)``  after an encounter of the offense: True grants it
                                  another one
    ``zapped(s, seat, res)``      when a Cosmic Zap cancelled the power this encounter
                                  (and it would work otherwise): change ``res`` as
                                  ``outcome`` does
    ``launched(s, seat)``         once the gate is loaded (after the launch window,
                                  before the alliance); ``s._end_early(outcome)`` may
                                  then end the encounter as a success (Mite)
    ``tally(s, seat)``            when the encounter is over, even while the power is
                                  zapped or lost (bookkeeping: Warrior's tokens)
    ``remove(s, seat, owner, k, side)``  ships of ``owner`` about to go to the warp
                                  (``side``: the side they lose with in the encounter, -1
                                  for other losses); returns how many are removed from the
                                  game instead (Void). It acts before ``to_warp``; the
                                  engine keeps the limit (``State.removable``) and sends
                                  the ships over it on to the warp
    ``after_removed(s, seat, owner, k)``  ``owner`` just had ``k`` ships removed from the
                                  game (Healer may heal them)
    ``before_regroup(s, seat)``   every regroup, after its window and before the
                                  offense's retrieval (Masochist's alternate win)
    ``deal_done(s, seat)``        a deal's terms were carried out (cards, colonies), before
                                  the end of the game is checked for its colonies
    ``reshuffled(s, seat)``       the discard pile was just shuffled into a new cosmic
                                  deck (Tick-Tock's wild flare)
    ========================  ===============================================================

The ``regroup`` hook is asked of every seat that has it (a flare's player need not be the
offense: Masochist's wild flare); each returns whether it replaces the offense's
retrieval.

A power wins the game by ``state._win(seats, reason)`` (an alternate win: Tick-Tock,
Masochist): the game ends at once and the players whose five foreign colonies came with
the same event share the win; ``state.win_reason`` says why a game ended.
``Power(keeps_power=True)`` is never lost for too few home colonies.

Several powers per seat (issue 14). A seat uses the powers named by
``State.power_names(seat)``: its own alien's, then the extra ones it holds for the rest
of the game (``State.extra[seat]``: Reincarnator's incarnation), or, for one encounter,
those of another seat (``State.power_of[seat]``: Philanthropist's wild flare lends a
seat's powers to another, which uses them instead of its own while the lender has none;
``State._end_lending`` gives them back when the encounter ends or stops).
``State._set_powers()`` rebuilds ``powers`` (each seat's first power),
``power_sets`` (all of them) and the hook table from those fields, so every hook above
fires for each power a seat uses, an optional power of any of them is offered in its
window (the mark of its use is ``("used", seat)`` for the first, ``("used", seat,
alien)`` for another), ``has_power``/``holds_power`` look through all of them, and the
owner of any of them plays that alien's super flare. A Cosmic Zap, or fewer than three
home colonies, stops every power of the seat (a simplification: the zap is not aimed at
one of them). Both fields are public (``observation(seat)["powers"]``), saved by replay,
copied by ``clone``.

A :class:`Flare` side (``wild`` / ``super``) has a ``timing``, ``roles``, ``can_use``,
``args`` and ``use`` like an optional power; the engine offers it in its window and
enforces the once-per-encounter limits. A side may also have ``hooks``: once it is played
they act, for the player who played it, for the rest of the encounter (before the
powers' hooks). Effects that wait for a later moment set a flag
``("flag", seat, name)`` in ``state.eflags`` that the engine or a hook reads.

So a new alien is one ``register(Power(...))`` in the module of its colour and timing
(see :mod:`ovnilab.cosmic.aliens`), plus its text in ``data/cosmic/aliens.toml`` and
``flares.toml``, and a test. :data:`POWERS` maps names to definitions.

Readings every alien follows (where the rules leave a choice open, ovnilab takes this
one; each alien module lists the readings of its own aliens)
-------------------------------------------------------------------------------------
* Card-value changes stack in a fixed order: the flares played this encounter first (by
  seat), then the powers by seat (red, blue, yellow, ...).
* Flares whose effect waits for a later moment ("when you lose ships", "after a win") are
  played in a window of the encounter and apply for its rest.
* A flare in use is out of its player's hand until its effect is over ("after use it
  returns to the hand"): Oracle's wild flare does not shuffle it in, Trader's super flare
  does not trade it away, and it is not among the cards Trader's wild flare gives back,
  Mutant's super flare discards or Hacker's super flare gives back (:func:`_flare_aside`,
  :func:`_without_flare`; both find the flare by ``State._flare_pile``).
  ``Rules(before_issue_13=True)`` keeps the flare in the hand, as its saves played it.
* Rules(before_issue_13=True) keeps the earlier readings of Loser, Vacuum, Trader,
  Warrior, Barbarian, Parasite and Zombie for the saves made with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__ = ["Power", "Flare", "POWERS", "register"]


def _always(state: "State", seat: int) -> bool:
    return True


@dataclass(frozen=True)
class Flare:
    """One side of a flare card: when it is offered and what it does."""

    timing: str
    use: Callable[["State", int, Any], None]
    roles: tuple[str, ...] = ("any",)
    can_use: Callable[["State", int], bool] = _always
    args: Callable[["State", int], list] | None = None
    text: str = ""
    #: hooks (as a power's) that act for the seat that played this side, for the rest of
    #: the encounter, whatever its role; they run before the powers' hooks
    hooks: Mapping[str, Callable] = field(default_factory=dict)


@dataclass(frozen=True)
class Power:
    """One alien power (see the module docstring for the fields)."""

    name: str
    timing: str
    roles: tuple[str, ...]
    optional: bool
    use: Callable[["State", int, Any], None] | None = None
    can_use: Callable[["State", int], bool] = _always
    args: Callable[["State", int], list] | None = None
    options: Callable[["State", int, Any], list] = lambda s, seat, data: []
    choose: Callable[["State", int, Any, str], None] = lambda s, seat, data, arg: None
    hooks: Mapping[str, Callable] = field(default_factory=dict)
    wild: Flare | None = None
    super: Flare | None = None
    #: never lost for too few home colonies (Masochist; ``State.power_lost``)
    keeps_power: bool = False
    #: its choices (``"<Alien>: <option>"``) name only face-up cards or public claims, so
    #: the public log reads them in full (Chosen's draws, Citadel's citadels, Gambler's
    #: claim); otherwise card names in them read "a card"
    public_choices: bool = False
    #: the window where a Cosmic Zap stops the power acting by itself, when it is not the
    #: window of its ``timing`` (Dictator chooses the destiny card before the destiny
    #: window: it is zapped in the regroup window)
    zap_timing: str | None = None


#: every implemented alien, by name
POWERS: dict[str, Power] = {}


def register(p: Power) -> Power:
    """Add a power to :data:`POWERS` (each name once)."""
    if p.name in POWERS:
        raise ValueError(f"alien {p.name!r} is defined twice")
    POWERS[p.name] = p
    return p


# ======================================================================
# helpers shared by several powers
# ======================================================================

def _won(s: "State", seat: int) -> bool:
    """Whether ``seat``'s side won the encounter (a deal counts for both)."""
    side = s.side_of(seat)
    if side < 0:
        return False
    return s.outcome == ("offense", "defense")[side] or s.outcome == "deal_made"


def _own_ships(s: "State", seat: int) -> int:
    """Ships of ``seat`` in the encounter (gate, target planet or beside it)."""
    if seat == s.defender and s.target >= 0:
        return s.ships[s.target * s.n + seat]
    return s.gate[seat] + s.side[seat]


def _flag(s: "State", seat: int, name: str) -> None:
    s.eflags.add(("flag", seat, name))


def _has_flag(s: "State", seat: int, name: str) -> bool:
    return ("flag", seat, name) in s.eflags


def _names(s: "State", cards: list[int], only_encounter: bool = False) -> list[str]:
    nm, ie = s.t.name, s.t.is_enc
    seen: list[str] = []
    for c in cards:
        if (ie[c] or not only_encounter) and nm[c] not in seen:
            seen.append(nm[c])
    return sorted(seen)


def _flare_aside(s: "State", seat: int, alien: str) -> list[int]:
    """Take ``alien``'s flare out of ``seat``'s hand while its effect acts on that hand (a
    flare in use is on the table: "after use it returns to the hand", so a shuffle, a trade
    or a discard of the hand leaves it out): ``[card]``, or ``[]`` when it is not there
    (or under ``Rules(before_issue_13=True)``, whose saves played it from the hand)."""
    found = None if s.rules.before_issue_13 else s._flare_pile(seat, alien)
    if found is None:
        return []
    found[0].remove(found[1])
    return [found[1]]


def _flare_back(s: "State", seat: int, aside: list[int]) -> None:
    """Put a flare taken by :func:`_flare_aside` back into ``seat``'s hand, as everybody saw."""
    for c in aside:
        s.hands[seat].append(c)
        s._note_shown(c, seat)


def _without_flare(s: "State", seat: int, alien: str) -> list[int]:
    """``seat``'s hand without ``alien``'s flare (the flare in use, when a choice is offered
    from the hand it returns to afterwards; the whole hand under
    ``Rules(before_issue_13=True)``)."""
    hand = list(s.hands[seat])
    found = None if s.rules.before_issue_13 else s._flare_pile(seat, alien)
    if found is not None:
        hand.remove(found[1])
    return hand


def _random_card(s: "State", giver: int, receiver: int) -> None:
    hand = s.hands[giver]
    if hand:
        s.hands[receiver].append(hand.pop(s.chance().randrange(len(hand))))
        s._forget_shown(giver)


def _hook_only(s: "State", seat: int, arg: Any) -> None:
    """A flare side whose whole effect is its hooks (they act once it is played)."""
