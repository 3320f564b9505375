"""Alien powers and their flares: one module-level definition per alien.

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

So a new alien is one ``Power(...)`` below (plus its text in ``data/cosmic/aliens.toml``
and ``flares.toml``) and a test. :data:`POWERS` maps names to definitions.

Readings (REFERENCE.md gives each power in one line; where that leaves a choice open,
ovnilab takes the reading below and says so here)
-----------------------------------------------------------------------------------
* Barbarian keeps up to one card per ship it had on the gate, chosen one at a time, and
  the rest of the defender's hand is discarded. It looks at that hand to choose: while
  the loot is pending the hand is in the Barbarian's observation (``peeked_hands``,
  :meth:`State.shown_hands`) and its determinizations keep it as it is.
* Chosen's three cards are drawn face up; "add" is only offered when both its card and
  the drawn card are attacks: the new attack is laid on the old one and their values add
  up (a replaced card goes to the table and is discarded); unused drawn cards are
  discarded.
* Clone and Filch act in the cleanup window, after resolution and before the cards are
  discarded.
* Cudgel's extra losses come from the opponent's colonies, chosen by the opponent.
* Hacker may take compensation from any other players (one card at a time) and sees
  their hands to choose: while that choice is pending those hands are in the Hacker's
  observation and its determinizations keep them (like Barbarian's loot above; a
  player whose Hacker wild flare refuses compensation is not shown).
* Macron's limit of one ship holds for launching and for sending as an ally. Its wild
  flare ("after revealing an attack, +1 per ship of yours") is for main players: only
  they reveal a card.
* Loser's upset (the power, before selection) makes both main players select attack
  cards if they hold any; its super flare declares the upset after selection, without
  that constraint; its wild flare ("both sides lose") is declared before selection.
* Vacuum's power is mandatory: each ship it loses takes another player's along ("take
  nobody along" only when no other player has a ship on a colony).
* Trader's super flare (trade hands with any player) is played as a main player, like
  the power it stretches.
* Warrior's tokens follow the 2009 FAQ: after every encounter as a main player, one for
  a win or a deal made, two for a loss or a failed deal, even while the power is zapped
  or lost (the hook ``tally``); they add to its total only while the power works.
* Barbarian's wild flare discards unwanted cards received as compensation or rewards:
  which cards came that way is hidden from the others, so the engine checks their
  number (up to as many as it received this encounter, chosen from its hand).
* Cudgel's wild flare (other players' ships on a planet where you gain a colony go to
  the warp) acts for whoever lands there from the gate: the offense or an offensive
  ally (REFERENCE's "on gaining a colony").
* Miser's hoard is dealt after the hands and is played from as though it were the hand:
  encounter cards, artifacts, flares, reinforcements (an action names the hoard when the
  card comes from it, e.g. ``play Card Zap from hoard``). It is not part of the hand:
  compensation, deals, Plague and new hands never touch it. When it holds no encounter
  card at the start of the Miser's turn it is discarded and dealt again (as a hand would
  be).
* Mutant chooses for each card whether it comes from the deck or at random from a
  named player.
* Observer saves its own ships only when it is an ally; as a main player it saves its
  allies' ships.
* Oracle's opponent selects first and its card is visible to everybody.
* Vacuum names, for each ship it loses, the other player whose ship goes along (so the
  ships may come from several players; "nobody" stops); that player chooses which of its
  colonies loses the ship (Vacuum chooses with its super flare).
* Warrior's wild flare ("encounter the offense in its home system at once"): the
  counter-encounter starts as soon as the current encounter ends, the Warrior as the
  offense against the offense, aimed at one of its home planets (a full encounter with
  its own regroup, without a destiny draw), and afterwards the interrupted turn resumes
  (with its second encounter if it had earned one).
* Will may name any other player as the defender, aimed at any of that player's home
  planets or at any planet where it has a colony.
* Zombie's ships that would go to the warp return to colonies (where they came from,
  else the first colony). "You may free any player's ships from the warp as part of a
  deal": as a main player in a deal, a proposal (by either side) may add that the Zombie
  frees all of the other main player's ships from the warp (they go to colonies of their
  owner's choice); a count, or a third player's ships, would multiply the proposals.
* Flares whose effect waits for a later moment ("when you lose ships", "after a win") are
  played in a window of the encounter and apply for its rest; Parasite's wild flare
  ("when someone loses their power") is offered in the windows of the encounter during
  which a player lost its power (the windows are the engine's moments; the power worked
  as the encounter started), and takes its ship from the Parasite's colony with the most
  ships.
* Rules(before_issue_13=True) keeps the earlier readings of Loser, Vacuum, Trader,
  Warrior, Barbarian, Parasite and Zombie for the saves made with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from .rules import State

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

def _side(s: "State", seat: int) -> int:
    return s.side_of(seat)


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


def _random_card(s: "State", giver: int, receiver: int) -> None:
    hand = s.hands[giver]
    if hand:
        s.hands[receiver].append(hand.pop(s.chance().randrange(len(hand))))
        s._forget_shown(giver)


# ======================================================================
# The 23 beginner aliens (REFERENCE.md), alphabetically
# ======================================================================

# ---------------------------------------------------------------- Barbarian
def _barbarian_loot(s: "State", seat: int) -> None:
    k = s.main_ships[0] if seat == s.offense else s.gate[seat]
    victim = s.defender
    if k > 0 and s.hands[victim]:
        s._push(("power", seat, "Barbarian", ("loot", victim, k)))
        s._note_flares(seat, s.hands[victim])  # it looks at the hand (State.shown_hands)
    else:
        _barbarian_discard_rest(s, victim)


def _barbarian_discard_rest(s: "State", victim: int) -> None:
    rest = s.hands[victim]
    s.hands[victim] = []
    for c in rest:
        s._discard(c, victim)


def _barbarian_after(s: "State", seat: int) -> None:
    # power: after winning as the offense, loot the defender's hand
    if s.outcome == "offense" and seat == s.offense:
        _barbarian_loot(s, seat)


def _barbarian_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "loot":
        return [f"keep {x}" for x in _names(s, s.hands[data[1]])] + ["discard the rest"]
    return [f"discard {x}" for x in _names(s, s.hands[seat])] + ["stop"]


def _barbarian_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "loot":
        _, victim, k = data
        if arg.startswith("keep "):
            s.hands[seat].append(s._take_from(s.hands[victim], arg[5:]))
            s._forget_shown(victim)  # only the Barbarian saw which card
            if k > 1 and s.hands[victim]:
                s._push(("power", seat, "Barbarian", ("loot", victim, k - 1)))
                return
        _barbarian_discard_rest(s, victim)
        return
    # wild flare: discard unwanted cards, one at a time (up to as many as were received)
    if arg.startswith("discard "):
        s._discard(s._take_from(s.hands[seat], arg[8:]), seat)
        left = data[1] - 1 if len(data) > 1 else None
        if left is None or left > 0:
            s._push(("power", seat, "Barbarian", ("discard",) if left is None else ("discard", left)))


def _barbarian_wild(s: "State", seat: int, arg: Any) -> None:
    # FFG's wild flare discards the unwanted cards received as compensation or rewards;
    # which cards came that way is hidden from the others, so the engine checks their
    # number: up to as many as it received this encounter, chosen from its hand
    # (Rules(before_issue_13=True): any number)
    k = None if s.rules.before_issue_13 else s.received(seat)
    s._push(("power", seat, "Barbarian", ("discard",) if k is None else ("discard", k)))


register(Power(
    name="Barbarian", timing="resolution", roles=("offense",), optional=False,
    options=_barbarian_options, choose=_barbarian_choose,
    hooks={"after_resolution": _barbarian_after},
    wild=Flare("cleanup", _barbarian_wild,
               can_use=lambda s, seat: bool(s.hands[seat]) and (s.rules.before_issue_13 or s.received(seat) > 0),
               text="discard unwanted cards received as compensation or rewards"),
    super=Flare("resolution", lambda s, seat, arg: _barbarian_loot(s, seat), roles=("ally",),
                can_use=lambda s, seat: s.outcome == "offense" and seat in s.allies[0] and bool(s.hands[s.defender]),
                text="loot as an offensive ally"),
))


# ---------------------------------------------------------------- Chosen
def _chosen_use(s: "State", seat: int, arg: Any) -> None:
    # power: draw three cards; one may replace the card or add to an attack
    drawn = s._draw(seat, 3, into=s.table)
    if _has_flag(s, seat, "chosen_keep"):
        for c in list(drawn):
            if not s.t.is_enc[c]:
                s.table.remove(c)
                drawn.remove(c)
                s.hands[seat].append(c)
                s._note_shown(c, seat)  # drawn face up: everybody knows it is in the hand
    s._push(("power", seat, "Chosen", tuple(drawn)))


def _chosen_options(s: "State", seat: int, drawn: Any) -> list[str]:
    side = s.side_of(seat)
    if side < 0:
        return []
    T = s.t
    out = ["keep my card"]
    for name in _names(s, [c for c in drawn if c in s.table], only_encounter=True):
        out.append(f"replace with {name}")
        if T.face_kind[name] == 0 and s.kinds[side] == 0:
            out.append(f"add {name}")
    return out


def _chosen_choose(s: "State", seat: int, drawn: Any, arg: str) -> None:
    side = s.side_of(seat)
    if arg.startswith("replace with "):
        c = s._take_from(s.table, arg[13:])
        s.table.append(s.card[side])
        s.card[side] = c
    elif arg.startswith("add "):
        s.bonus[side] += s.t.face_value[arg[4:]]
    s._compute_cards()


register(Power(
    name="Chosen", timing="reveal", roles=("main",), optional=True,
    use=_chosen_use, options=_chosen_options, choose=_chosen_choose, public_choices=True,
    wild=Flare("planning", lambda s, seat, arg: s._draw(seat, 1), roles=("main",), text="draw a card"),
    super=Flare("reveal", lambda s, seat, arg: _flag(s, seat, "chosen_keep"), roles=("main",),
                can_use=lambda s, seat: ("used", seat) not in s.eflags,
                text="keep the non-encounter cards drawn"),
))


# ---------------------------------------------------------------- Clone
def _clone_use(s: "State", seat: int, arg: Any) -> None:
    # power: the encounter card returns to the hand instead of the discard pile
    side = s.side_of(seat)
    c = s.card[side]
    s.card[side] = -1
    s.hands[seat].append(c)


register(Power(
    name="Clone", timing="cleanup", roles=("main",), optional=True,
    use=_clone_use, can_use=lambda s, seat: s.card[s.side_of(seat)] >= 0,
    wild=Flare("any", lambda s, seat, arg: _flag(s, seat, "keep_artifact"),
               can_use=lambda s, seat: not _has_flag(s, seat, "keep_artifact") and any(
                   s.t.kind[c] == 4 for c in s.hands[seat]),
               text="keep the next artifact you play"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "double_comp"), roles=("main",),
                can_use=lambda s, seat: s.comp_side >= 0 and s.main(s.comp_side) == seat
                and s.outcome in ("offense", "defense"),
                text="double compensation"),
))


# ---------------------------------------------------------------- Cudgel
def _cudgel_after(s: "State", seat: int) -> None:
    # power: winning with an attack, the opponent loses as many more ships as you had
    side = s.side_of(seat)
    if s.outcome != ("offense", "defense")[side] or s.kinds[side] != 0:
        return
    k = s.main_ships[side]
    if k <= 0:
        return
    victims = [s.opponent(seat)]
    if _has_flag(s, seat, "cudgel_allies"):
        victims += s.allies[1 - side]
    for v in reversed(victims):
        s._lose_from_colonies(v, k)


register(Power(
    name="Cudgel", timing="resolution", roles=("main",), optional=False,
    hooks={"after_resolution": _cudgel_after},
    wild=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "cudgel_wild"),
               can_use=lambda s, seat: s.outcome == "offense" and s.gate[seat] > 0,
               text="clear the planet you colonise of other players' ships"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "cudgel_allies"), roles=("main",),
                can_use=lambda s, seat: bool(s.allies[1 - s.side_of(seat)]),
                text="the power hits the opponent's allies too"),
))


# ---------------------------------------------------------------- Filch
def _filch_take(s: "State", seat: int, side: int) -> None:
    c = s.card[side]
    s.card[side] = -1
    s.hands[seat].append(c)


register(Power(
    name="Filch", timing="cleanup", roles=("main",), optional=True,
    use=lambda s, seat, arg: _filch_take(s, seat, 1 - s.side_of(seat)),
    can_use=lambda s, seat: s.card[1 - s.side_of(seat)] >= 0,
    # wild: discard a negotiate to steal an artifact or flare as it is played; offered by the
    # engine in the same reply as Card Zap (rules.State._responses), never in a window
    wild=Flare("response", lambda s, seat, arg: None, text="steal an artifact or flare as it is played"),
    super=Flare("cleanup", lambda s, seat, arg: _filch_take(s, seat, 0 if arg == "offense" else 1),
                args=lambda s, seat: [n for i, n in enumerate(("offense", "defense")) if s.card[i] >= 0],
                text="take any main player's encounter card"),
))


# ---------------------------------------------------------------- Hacker
def _hacker_comp(s: "State", seat: int, receiver: int, giver: int, k: int) -> bool:
    # power: choose whom compensation comes from, and which cards
    if receiver != seat:
        return False
    s._push(("power", seat, "Hacker", ("take", k, giver, 0)))
    for o in s.shown_hands(seat):  # it sees the hands it chooses from
        s._note_flares(seat, s.hands[o])
    return True


def _hacker_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "take":
        out = []
        for o in s.order_from(seat)[1:]:
            if ("flag", o, "no_compensation") in s.eflags:
                continue
            out += [f"take {x} from {s.colours[o]}" for x in _names(s, s.hands[o])]
        return out
    return [f"give back {x}" for x in _names(s, s.hands[seat])]


def _hacker_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "take":
        _, k, giver, got = data
        name, col = arg[5:].rsplit(" from ", 1)
        s.hands[seat].append(s._take_from(s.hands[s.cindex[col]], name))
        s._forget_shown(s.cindex[col])  # only the Hacker and the giver know which card
        s._note_received(seat, 1)
        if k > 1:
            s._push(("power", seat, "Hacker", ("take", k - 1, giver, got + 1)))
        elif _has_flag(s, seat, "hacker_give"):
            s._push(("power", seat, "Hacker", ("give", got + 1, giver)))
        return
    _, k, giver = data
    s.hands[giver].append(s._take_from(s.hands[seat], arg[10:]))
    s._forget_shown(seat)
    if k > 1:
        s._push(("power", seat, "Hacker", ("give", k - 1, giver)))


register(Power(
    name="Hacker", timing="resolution", roles=("main",), optional=False,
    options=_hacker_options, choose=_hacker_choose,
    hooks={"compensation": _hacker_comp},
    wild=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "no_compensation"), roles=("main",),
               can_use=lambda s, seat: s.comp_side >= 0 and s.main(s.comp_side) == s.opponent(seat),
               text="no compensation from you"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "hacker_give"), roles=("main",),
                can_use=lambda s, seat: s.comp_side >= 0 and s.main(s.comp_side) == seat,
                text="give back as many cards as you took"),
))


# ---------------------------------------------------------------- Loser
def _window_is(s: "State", *timings: str) -> bool:
    """Whether the decision under way is a window of one of ``timings`` (for a flare
    whose window depends on the rules)."""
    t = s.tasks[0] if s.tasks else None
    return t is not None and t[0] == "window" and t[1] in timings


def _loser_wild_when(s: "State", seat: int) -> bool:
    # FFG's wild flare: "before encounter cards are selected" (the planning window);
    # Rules(before_issue_13=True) offered it after the selection
    return _window_is(s, "after_selection" if s.rules.before_issue_13 else "planning")


register(Power(
    name="Loser", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: s.eflags.add(("upset", seat)),
    wild=Flare("any", lambda s, seat, arg: s.eflags.add(("both_lose",)), roles=("main",),
               can_use=_loser_wild_when, text="both sides lose"),
    super=Flare("after_selection", lambda s, seat, arg: s.eflags.add(("upset", seat)), roles=("main",),
                can_use=lambda s, seat: not any(isinstance(k, tuple) and k[0] == "upset" for k in s.eflags),
                text="declare the upset after selection"),
))


# ---------------------------------------------------------------- Macron
def _macron_value(s: "State", seat: int, use: str) -> int:
    # power: a ship counts 4 in totals, 2 for compensation and rewards
    return 4 if use == "total" else 2


def _macron_wild(s: "State", seat: int, arg: Any) -> None:
    side = s.side_of(seat)
    s.bonus[side] += _own_ships(s, seat)
    s._compute_cards()


register(Power(
    name="Macron", timing="passive", roles=("main", "ally"), optional=False,
    hooks={
        "max_ships": lambda s, seat, hi: hi if _has_flag(s, seat, "macron4") else 1,
        "ship_value": _macron_value,
    },
    wild=Flare("reveal", _macron_wild, roles=("main",),
               can_use=lambda s, seat: s.kinds[s.side_of(seat)] == 0 and _own_ships(s, seat) > 0,
               text="+1 per ship of yours"),
    super=Flare("destiny", lambda s, seat, arg: _flag(s, seat, "macron4"), text="send up to 4 ships"),
))


# ---------------------------------------------------------------- Miser
def _miser_setup(s: "State", seat: int) -> None:
    # power: a second hand of eight cards, the hoard
    s._draw(seat, s.rules.hand_size, into=s.hoard[seat])


def _miser_turn(s: "State", seat: int) -> None:
    # ovnilab: a hoard without encounter cards is discarded and dealt again at the
    # Miser's turn, as a hand would be
    if seat == s.offense and not any(s.t.is_enc[c] for c in s.hoard[seat]):
        old = s.hoard[seat]
        s.hoard[seat] = []
        for c in old:
            s._discard(c, seat)
        s._draw(seat, s.rules.hand_size, into=s.hoard[seat])


def _miser_wild(s: "State", seat: int, arg: Any) -> None:
    # protect this flare and two cards of choice (for the rest of the encounter)
    flare = next(c for c in s.hands[seat] if s.t.alien[c] == "Miser" and s.t.kind[c] == 5)
    s.eflags.add(("protect", seat, flare))
    s._push(("power", seat, "Miser", ("protect", 2)))


def _miser_options(s: "State", seat: int, data: Any) -> list[str]:
    free = [c for c in s.hands[seat] if ("protect", seat, c) not in s.eflags]
    return [f"protect {x}" for x in _names(s, free)] + ["stop"] if free else []


def _miser_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if arg == "stop":
        return
    name = arg[8:]
    c = next(c for c in s.hands[seat] if s.t.name[c] == name and ("protect", seat, c) not in s.eflags)
    s.eflags.add(("protect", seat, c))
    if data[1] > 1:
        s._push(("power", seat, "Miser", ("protect", data[1] - 1)))


register(Power(
    name="Miser", timing="passive", roles=("any",), optional=False,
    options=_miser_options, choose=_miser_choose,
    hooks={"setup": _miser_setup, "turn_start": _miser_turn, "hoard": lambda s, seat: True},
    wild=Flare("any", _miser_wild, text="protect this flare and two cards from new hands and compensation"),
    super=Flare("planning", lambda s, seat, arg: s._draw(seat, 1, into=s.hoard[seat]), roles=("main",),
                text="draw a card into the hoard"),
))


# ---------------------------------------------------------------- Mutant
def _mutant_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "discard":
        return [f"discard {x}" for x in _names(s, s.hands[seat])] + ["stop"]
    if len(s.hands[seat]) >= s.rules.hand_size:
        return []
    out = ["draw from the deck"] if (s.deck or s.discard) else []
    out += [f"take a card from {s.colours[o]}" for o in s.order_from(seat)[1:] if s.hands[o]]
    return out


def _mutant_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "discard":
        # super flare: discard up to three cards (before refilling)
        if arg != "stop":
            s._discard(s._take_from(s.hands[seat], arg[8:]), seat)
            if data[1] > 1:
                s._push(("power", seat, "Mutant", ("discard", data[1] - 1)))
        return
    # power: refill to eight, each card from the deck or a random one of another hand
    if arg == "draw from the deck":
        s._draw(seat, 1)
    else:
        _random_card(s, s.cindex[arg.rsplit(" ", 1)[1]], seat)
    s._push(("power", seat, "Mutant", ("refill",)))


register(Power(
    name="Mutant", timing="alliance", roles=("main",), optional=True,
    use=lambda s, seat, arg: s._push(("power", seat, "Mutant", ("refill",))),
    can_use=lambda s, seat: len(s.hands[seat]) < s.rules.hand_size,
    options=_mutant_options, choose=_mutant_choose,
    wild=Flare("cleanup", lambda s, seat, arg: [_random_card(s, o, seat) for o in
                                                [s.opponent(seat)] + s.allies[1 - s.side_of(seat)]],
               roles=("main",), can_use=_won, text="a random card from the opponent and its allies"),
    super=Flare("alliance", lambda s, seat, arg: s._push(("power", seat, "Mutant", ("discard", 3))), roles=("main",),
                can_use=lambda s, seat: bool(s.hands[seat]) and ("used", seat) not in s.eflags,
                text="discard up to 3 cards before refilling"),
))


# ---------------------------------------------------------------- Observer
def _observer_to_warp(s: "State", seat: int, owner: int, k: int, side: int) -> int:
    # power: allies' ships that would go to the warp return to colonies
    r = s.role(owner)
    if r not in (3, 4):  # not an ally
        return 0
    if owner == seat:
        return k
    if s.role(seat) in (1, 2) and s.side_of(seat) == s.side_of(owner):
        return k
    return 0


register(Power(
    name="Observer", timing="passive", roles=("main", "ally"), optional=False,
    hooks={"to_warp": _observer_to_warp},
    wild=Flare("alliance_end", lambda s, seat, arg: [s._draw(a, 1) for a in s.allies[s.side_of(seat)]],
               roles=("main",), can_use=lambda s, seat: bool(s.allies[s.side_of(seat)]),
               text="each of your allies draws a card"),
    super=Flare("destiny", lambda s, seat, arg: _flag(s, seat, "from_warp"),
                can_use=lambda s, seat: s.warp[seat] > 0, text="one ship may come from the warp"),
))


# ---------------------------------------------------------------- Oracle
def _oracle_wild(s: "State", seat: int, arg: Any) -> None:
    o = s.opponent(seat)
    k = len(s.hands[seat])
    pool = s.hands[seat] + s.hands[o]
    s.chance().shuffle(pool)
    s.hands[seat] = pool[:k]
    s.hands[o] = pool[k:]
    s._forget_shown(seat, o)


def _oracle_super(s: "State", seat: int, arg: Any) -> None:
    s.eflags.add(("cancel",))


register(Power(
    name="Oracle", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: setattr(s, "face_up", s.opponent(seat)),
    wild=Flare("planning", _oracle_wild, roles=("main",), text="shuffle hands with the opponent"),
    super=Flare("after_selection", _oracle_super, roles=("main",),
                can_use=lambda s, seat: s.face_up == s.opponent(seat),
                text="cancel the encounter after seeing the card"),
))


# ---------------------------------------------------------------- Pacifist
def _pacifist_outcome(s: "State", seat: int, res: list) -> None:
    # power: a negotiate against an attack wins
    side = s.side_of(seat)
    if s.kinds[side] == 1 and s.kinds[1 - side] == 0:
        res[0] = side
        res[1] = -1


register(Power(
    name="Pacifist", timing="reveal", roles=("main",), optional=False,
    hooks={"outcome": _pacifist_outcome},
    wild=Flare("reveal", lambda s, seat, arg: (_flag(s, seat, "attack15"), s._compute_cards()), roles=("main",),
               can_use=lambda s, seat: s.kinds[s.side_of(seat)] == 1 and s.kinds[1 - s.side_of(seat)] == 0,
               text="your negotiate becomes an attack 15"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "pacifist_deal"), roles=("main",),
                can_use=lambda s, seat: s.outcome == "deal_failed",
                text="a failed deal costs you 2 ships fewer, the opponent 2 more"),
))


# ---------------------------------------------------------------- Parasite
def _parasite_wild_args(s: "State", seat: int) -> list[str]:
    if not s._sources(seat):
        return []
    # "when someone loses their power": a player whose power was lost during this
    # encounter (it worked as the encounter started; Rules(before_issue_13=True): any
    # player without its power)
    had = next((k[1] for k in s.eflags if k[0] == "had_power"), None)
    out = []
    for o in range(s.n):
        if o != seat and s.powers[o] is not None and not s.power_active(o) and ("zap", o) not in s.eflags \
                and (had is None or o in had):
            out += [s.pname[p] for p in s._home_planets(o) if not s.colony(seat, p)]
    return out


def _parasite_wild(s: "State", seat: int, arg: str) -> None:
    # a 1-ship colony on a home planet of a player who lost its power; the ship comes
    # from the Parasite's colony with the most ships
    src = max(s._sources(seat), key=lambda p: s.ships[p * s.n + seat])
    s.ships[src * s.n + seat] -= 1
    s.ships[s.pindex[arg] * s.n + seat] += 1
    s._win_at_once()  # rulebook: the game ends as soon as five foreign colonies are reached


register(Power(
    name="Parasite", timing="alliance", roles=("not_main",), optional=True,
    hooks={"may_join": lambda s, seat: True},
    wild=Flare("any", _parasite_wild, args=_parasite_wild_args,
               can_use=lambda s, seat: bool(_parasite_wild_args(s, seat)),
               text="a 1-ship colony on a home planet of a player without power"),
    super=Flare("alliance", lambda s, seat, arg: _flag(s, seat, "parasite_any"), roles=("not_main",),
                text="send any number of ships as an ally"),
))


# ---------------------------------------------------------------- Reserve
def _reserve_wild(s: "State", seat: int, arg: Any) -> None:
    for c in [c for c in s.table if s.t.kind[c] == 3]:
        s.table.remove(c)
        s.hands[seat].append(c)


register(Power(
    name="Reserve", timing="reveal", roles=("main", "ally"), optional=True,
    hooks={"reinforce_max": lambda s, seat: 6},
    wild=Flare("cleanup", _reserve_wild, can_use=lambda s, seat: any(s.t.kind[c] == 3 for c in s.table),
               text="take the reinforcements played this encounter"),
    super=Flare("reveal", lambda s, seat, arg: _flag(s, seat, "reserve9"), roles=("main", "ally"),
                can_use=lambda s, seat: s.kinds == (0, 0), text="attack cards up to 09 as reinforcements"),
))


# ---------------------------------------------------------------- Sorcerer
def _swap_cards(s: "State", seat: int, arg: Any) -> None:
    s.card[0], s.card[1] = s.card[1], s.card[0]
    # the cards change sides face down: each main player still sees only the card it
    # selected, now on its opponent's side (State.card_visible), until the reveal
    s.eflags.symmetric_difference_update({("swapped",)})


def _sorcerer_wild(s: "State", seat: int, arg: Any) -> None:
    o, d = s.offense, s.defender
    s.alien[o], s.alien[d] = s.alien[d], s.alien[o]
    s.extra[o], s.extra[d] = s.extra[d], s.extra[o]  # an incarnation goes with its Reincarnator
    s._set_powers()
    sorcerer = s.seat_of("Sorcerer")
    if sorcerer >= 0 and sorcerer != seat:
        for i, x in enumerate(s.hands[seat]):
            if s.t.alien[x] == "Sorcerer":
                s.hands[sorcerer].append(s.hands[seat].pop(i))
                s._note_shown(x, sorcerer)  # the flare just played goes to the Sorcerer
                break


register(Power(
    name="Sorcerer", timing="after_selection", roles=("main",), optional=True,
    use=_swap_cards,
    wild=Flare("planning", _sorcerer_wild,
               can_use=lambda s, seat: s.alien[s.offense] is not None and s.alien[s.defender] is not None,
               text="the main players swap powers"),
    super=Flare("after_selection", _swap_cards, roles=("ally",), text="swap the encounter cards as an ally"),
))


# ---------------------------------------------------------------- Spiff
def _spiff_can(s: "State", seat: int, margin: int) -> bool:
    return (s.outcome == "defense" and s.kinds == (0, 0) and s.gate[seat] > 0
            and s.totals[1] - s.totals[0] >= margin)


def _spiff_land(s: "State", seat: int, arg: Any) -> None:
    # power: crash-land one ship on the target planet
    s.gate[seat] -= 1
    s.gate_from[seat].pop()
    s.ships[s.target * s.n + seat] += 1
    s._win_at_once()  # rulebook: the game ends as soon as five foreign colonies are reached


register(Power(
    name="Spiff", timing="resolution", roles=("offense",), optional=True,
    use=_spiff_land, can_use=lambda s, seat: _spiff_can(s, seat, 10),
    wild=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "keep_one"), roles=("defense",),
               can_use=lambda s, seat: s.outcome == "offense" and s.ships[s.target * s.n + seat] > 0,
               text="keep one ship on the planet"),
    super=Flare("resolution", _spiff_land, roles=("offense",),
                can_use=lambda s, seat: _spiff_can(s, seat, 5) and ("used", seat) not in s.eflags,
                text="crash-land when losing by 5 or more"),
))


# ---------------------------------------------------------------- Trader
def _trade_hands(s: "State", a: int, b: int) -> None:
    s.hands[a], s.hands[b] = s.hands[b], s.hands[a]
    # the whole hands change places in view of everybody
    s.shown = tuple((c, b if o == a else a if o == b else o) for c, o in s.shown)


def _trader_give(s: "State", seat: int, receiver: int, name: str) -> None:
    s.hands[receiver].append(s._take_from(s.hands[seat], name))
    s._forget_shown(seat)  # the card given is not shown to the others


def _trader_wild(s: "State", seat: int, arg: Any) -> None:
    o = s.opponent(seat)
    _random_card(s, o, seat)
    if s.hands[seat]:
        s._push(("power", seat, "Trader", ("give", o)))


register(Power(
    name="Trader", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: _trade_hands(s, seat, s.opponent(seat)),
    options=lambda s, seat, data: [f"give {x}" for x in _names(s, s.hands[seat])],
    choose=lambda s, seat, data, arg: _trader_give(s, seat, data[1], arg[5:]),
    wild=Flare("planning", _trader_wild, roles=("main",), can_use=lambda s, seat: bool(s.hands[s.opponent(seat)]),
               text="take a random card from the opponent and give one back"),
    # the super flare stretches the power (a main player's): the Trader, as a main
    # player, trades with any player (Rules(before_issue_13=True): in any role)
    super=Flare("planning", lambda s, seat, arg: _trade_hands(s, seat, s.cindex[arg]),
                args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
                can_use=lambda s, seat: s.rules.before_issue_13 or s.opponent(seat) >= 0,
                text="trade hands with any player"),
))


# ---------------------------------------------------------------- Vacuum
def _vacuum_after(s: "State", seat: int, owner: int, k: int) -> None:
    # power: ships lost to the warp take as many of another player's along
    if owner == seat:
        s._push(("power", seat, "Vacuum", k))


def _vacuum_options(s: "State", seat: int, k: Any) -> list[str]:
    # FFG: the power is mandatory ("use this power to take ..."): "nobody" only when no
    # other player has a ship on a colony (Rules(before_issue_13=True): always offered)
    others = [f"take {s.colours[o]} along" for o in s.order_from(seat)[1:] if s.ships_on_colonies(o)]
    if others and not s.rules.before_issue_13:
        return others
    return ["take nobody along"] + others


def _vacuum_choose(s: "State", seat: int, k: Any, arg: str) -> None:
    if arg == "take nobody along":
        return
    # one ship of the named player per choice; the next ship is chosen after it is lost
    if k > 1:
        s._push(("power", seat, "Vacuum", k - 1))
    v = s.cindex[arg.split()[1]]
    s._lose_from_colonies(v, 1, seat if _has_flag(s, seat, "vacuum_choose") else v)


def _vacuum_wild(s: "State", seat: int, arg: Any) -> None:
    k = sum(1 for side in (0, 1) if s.main(side) != seat and s.kinds[side] == 0)
    s._push(("place", seat, min(k, s.warp[seat])))


register(Power(
    name="Vacuum", timing="passive", roles=("any",), optional=False,
    options=_vacuum_options, choose=_vacuum_choose,
    hooks={"after_warp": _vacuum_after},
    wild=Flare("reveal", _vacuum_wild,
               can_use=lambda s, seat: s.warp[seat] > 0 and any(
                   s.main(side) != seat and s.kinds[side] == 0 for side in (0, 1)),
               text="ships back from the warp per other attack revealed"),
    super=Flare("any", lambda s, seat, arg: _flag(s, seat, "vacuum_choose"),
                can_use=lambda s, seat: not _has_flag(s, seat, "vacuum_choose"),
                text="choose which ships go along"),
))


# ---------------------------------------------------------------- Vulch
def _vulch_discard(s: "State", seat: int, card: int, by: int) -> bool:
    # power: artifacts other players discard come to the Vulch
    k = s.t.kind[card]
    if k == 4 or (k == 5 and _has_flag(s, seat, "vulch_flares")):
        s.hands[seat].append(card)
        s._note_shown(card, seat)  # discarded face up, in view of everybody
        return True
    return False


def _vulch_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "offer":
        _, vulch, refused = data
        name = arg[6:]
        remaining = [c for c in s.hands[seat] if s.t.name[c] not in refused]
        if len(remaining) <= 1 or all(s.t.name[c] == name for c in remaining):
            c = s._take_from(s.hands[seat], name)  # the last offer is kept
            s.hands[vulch].append(c)
            s._note_shown(c, vulch)
            return
        s._push(("power", vulch, "Vulch", ("consider", seat, name, refused)))
        return
    _, giver, name, refused = data
    if arg == "keep it":
        c = s._take_from(s.hands[giver], name)
        s.hands[seat].append(c)
        s._note_shown(c, seat)  # the card was offered in view of everybody
    else:
        s._push(("power", giver, "Vulch", ("offer", seat, refused + (name,))))


def _vulch_offer_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "offer":
        refused = data[2]
        return [f"offer {x}" for x in _names(s, [c for c in s.hands[seat] if s.t.name[c] not in refused])]
    return ["keep it", "refuse it"]


register(Power(
    name="Vulch", timing="passive", roles=("any",), optional=False,
    options=_vulch_offer_options, choose=_vulch_choose,
    hooks={"discard": _vulch_discard},
    wild=Flare("cleanup", lambda s, seat, arg: s._push(("power", s.opponent(seat), "Vulch", ("offer", seat, ()))),
               roles=("main",), can_use=lambda s, seat: _won(s, seat) and bool(s.hands[s.opponent(seat)]),
               text="the opponent offers cards until you keep one"),
    super=Flare("any", lambda s, seat, arg: _flag(s, seat, "vulch_flares"),
                can_use=lambda s, seat: not _has_flag(s, seat, "vulch_flares"),
                text="collect flares others discard"),
))


# ---------------------------------------------------------------- Warrior
def _warrior_end(s: "State", seat: int) -> None:
    # Rules(before_issue_13=True): a token after each encounter won or lost as a main
    # player with the power working, 1 for a win, 2 for a loss
    if not s.rules.before_issue_13:
        return
    side = s.side_of(seat)
    if s.outcome == ("offense", "defense")[side]:
        s.tokens[seat] += 1
    elif s.outcome in ("offense", "defense"):
        s.tokens[seat] += 2


def _warrior_tally(s: "State", seat: int) -> None:
    # power, as the 2009 FAQ words it: after an encounter in which it was a main
    # player, one token if it won or made a deal, two if it lost or failed to make one;
    # "this allows Warrior to collect tokens even if his power was zapped" (and so while
    # it is lost: the tokens are not a use of the power)
    if s.rules.before_issue_13:
        return
    side = s.side_of(seat)
    o = s.outcome
    if o == ("offense", "defense")[side] or o in ("deal_made", "cancelled"):
        s.tokens[seat] += 1
    elif o in ("offense", "defense", "deal_failed", "both lose"):
        s.tokens[seat] += 2


def _warrior_super(s: "State", seat: int, arg: Any) -> None:
    s.reinf[s.side_of(seat)] += s.tokens[seat]
    s._compute_cards()


register(Power(
    name="Warrior", timing="passive", roles=("main",), optional=False,
    hooks={"total_bonus": lambda s, seat: s.tokens[seat], "encounter_end": _warrior_end, "tally": _warrior_tally},
    wild=Flare("cleanup", lambda s, seat, arg: setattr(s, "counter", (seat, s.offense)), roles=("defense",),
               can_use=lambda s, seat: s.outcome == "offense" and s.counter is None and s.resume is None,
               text="strike back at the offense's home system at once"),
    super=Flare("reveal", _warrior_super, roles=("ally",),
                can_use=lambda s, seat: s.tokens[seat] > 0 and s.kinds == (0, 0),
                text="add your tokens as an ally"),
))


# ---------------------------------------------------------------- Will
def _will_args(s: "State", seat: int) -> list[str]:
    out = []
    for o in s.order_from(seat)[1:]:
        planets = list(s._home_planets(o)) + [p for p in s.colonies(o) if p // s.np != o]
        out += [f"{s.colours[o]} at {s.pname[p]}" for p in planets]
    return out


def _will_use(s: "State", seat: int, arg: str) -> None:
    # power: choose the defender and the planet freely
    col, planet = arg.split(" at ")
    p = s.pindex[planet]
    s._set_defender(s.cindex[col], (p,))
    s.target = p


def _will_wild_args(s: "State", seat: int) -> list[str]:
    d = s.defender
    return [s.pname[p] for p in s.colonies(d)] if d >= 0 else []


def _will_wild(s: "State", seat: int, arg: str) -> None:
    s.aim_options = (s.pindex[arg],)
    s.target = s.pindex[arg]


def _will_super(s: "State", seat: int, arg: str) -> None:
    s.eflags.add(("peek", seat, s.cindex[arg]))
    s._note_flares(seat, s.hands[s.cindex[arg]])


register(Power(
    name="Will", timing="destiny", roles=("offense",), optional=True,
    use=_will_use, args=_will_args,
    wild=Flare("destiny", _will_wild, roles=("offense",), args=_will_wild_args,
               can_use=lambda s, seat: 0 <= s.destiny < s.n and s.destiny != seat and s.defender == s.destiny,
               text="encounter the drawn player in any system"),
    super=Flare("destiny", _will_super, roles=("offense",),
                args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
                text="look at a player's hand"),
))


# ---------------------------------------------------------------- Zombie
def _zombie_super(s: "State", seat: int, arg: Any) -> None:
    side = s.side_of(seat)
    for a in s.allies[side]:
        if s.warp[a] > 0:
            s.warp[a] -= 1
            if side == 0:
                s.gate[a] += 1
                s.gate_from[a].append(-1)
            else:
                s.side[a] += 1
                s.side_from[a].append(-1)


register(Power(
    name="Zombie", timing="passive", roles=("any",), optional=False,
    # power: ships never go to the warp; and "you may free any player's ships from the
    # warp as part of a deal" (deals.py: a term frees the other main player's)
    hooks={"to_warp": lambda s, seat, owner, k, side: k if owner == seat else 0,
           "deal_frees": lambda s, seat: True},
    wild=Flare("any", lambda s, seat, arg: _flag(s, seat, "save_one"),
               can_use=lambda s, seat: not _has_flag(s, seat, "save_one"),
               text="save one ship from the warp"),
    super=Flare("alliance_end", _zombie_super, roles=("main",),
                can_use=lambda s, seat: any(s.warp[a] for a in s.allies[s.side_of(seat)]),
                text="each ally adds a ship from the warp"),
))
