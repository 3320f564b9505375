"""The yellow aliens of the base set (alert level yellow, issue 14): powers and flares.

Each alien is one ``register(Power(...))`` into :data:`ovnilab.cosmic.aliens.POWERS`, in
the form the green ones take (see :mod:`ovnilab.cosmic.aliens` for the fields and the
hooks); its text is in ``data/cosmic/aliens.toml`` and ``flares.toml``. The source is
``ALIENS-YELLOW-RED.md`` (the implementers' reference, in our own words).

Implemented: Amoeba, Anti-Matter, Calculator, Fido, Fodder, Hate, Healer, Human,
Kamikaze, Mirror, Remora, Shadow, Tick-Tock, Mind, Mite, Philanthropist, Reincarnator: all
seventeen.

Readings (where the reference leaves a choice, ovnilab takes this one)
----------------------------------------------------------------------
* Card-value changes stack in a fixed order: the flares played this encounter first (by
  seat), then the powers by seat (see :mod:`ovnilab.cosmic.aliens_red`).
* Amoeba names a count (``use Amoeba power: add 3 ships`` / ``withdraw 2 ships``); added
  ships come from its fullest other colony, one at a time, withdrawn ones go back where
  they came from (a defense's to its fullest other colony). Its wild flare (up to four,
  before the selection) needs no ship in the encounter already; its super flare is the
  power used as an ally, in the same window.
* Anti-Matter: a tie of totals still goes to the defense (the reference's medium
  reading). Its flares are played ahead, in any window, like the other flares whose
  moment comes later: the wild side cancels the next wild flare another player plays
  this encounter, the super side the next flare of the player it names (through the
  ``flare_played`` hook); the cancelled flare counts as played and stays in its owner's
  hand.
* Calculator's wild flare sets no floor: a card may end below 0 (the reference's "pick a
  behaviour"); the sum is of the two cards as revealed (a morph already copied).
* Human's zapped power gives its side the win whatever the cards (attack or negotiate
  against an attack; two negotiates still make a deal); a negotiating Human that wins so
  takes no compensation. Its wild flare, once played, goes to the Human player (or to
  the discard pile when nobody is Human) and the card it made stays an attack 42 for the
  encounter.
* Kamikaze's ships come from its colonies, chosen one at a time (it may empty a home
  planet and lose its power, as the reference warns); the cards are drawn at once.
* Fido fetches in the clean-up window, as Clone and Filch take their cards: the main
  players' encounter cards that are about to be discarded (not reinforcements, artifacts
  or a card Clone or Filch took), each offered to one named player
  (``use Fido power: offer attack 08 to blue``). A refused card stays with Fido (the
  reference's first reading); an accepted one earns Fido a ship from the warp or a card
  (``Fido: retrieve a ship`` / ``Fido: draw a card``). The cards are face up: everybody
  knows where they go. Its super flare is played ahead, in the resolution window; each
  offer is then followed by the next (``Fido: offer ...`` or ``Fido: stop``).
* Fodder feeds its total one card at a time (``Fodder: discard attack 07``, then
  ``stop``); the range is set by the two cards' values, which feeding does not change.
  Its super flare takes the Cosmodex reading: any attack card below the opponent's card.
  Its wild flare lets a player who was invited by a side and is no ally join that side
  after the reveal with one ship, from its colony with the most ships.
* Hate acts through the ``turn_start`` hook, before its first encounter's regroup, so no
  window comes before it and no Cosmic Zap can reach it. Its choice ``Hate: discard X``
  is followed by each other player's (from its left): ``Hate: discard Y`` of the same
  type (an attack of equal or higher value) or ``Hate: lose 3 ships``, which Hate then
  picks one at a time. Its super flare is played through that choice (``Hate: show X
  and keep it``) and is answered by Card Zap like any flare. Its wild flare's win: the
  opponent left without encounter cards still draws a new hand and selects a card (the
  rulebook's rule), then the encounter resolves as the flare player's attack against a
  negotiate, without compensation.
* Healer is asked after each loss of another player's ships to the warp (one event: one
  question, ``Healer: heal blue`` or ``Healer: let them be``); the healed ships leave the
  warp to colonies their owner chooses. Ships removed from the game (Void) are one more
  event (the ``after_removed`` hook; the reference: "removed-from-game ships can be
  healed"): healed, they come back to colonies their owner chooses, through the warp
  (an owner with no colony keeps them there). ``Rules(heal_removed=False)`` is the
  Cosmodex's house rule against it. Its wild flare is played ahead, in any window:
  for the rest of the encounter a Cosmic Zap played on its player has no effect (the
  card is discarded). Its super flare, likewise played ahead, draws a card per ship.
* Remora's "may" is always taken (a card or a ship never hurts it), so it asks nothing:
  after another player's draw from the deck (the ``drew`` hook, new hands included, not
  the deal at set-up) it draws a card; after another player's ships leave the warp (the
  ``retrieved`` hook: a regroup, or a placement from the warp once it is done) one of
  its own ships does, to a colony it chooses, unless all its ships in the warp went
  there this encounter. Its flares are played ahead, in any window: the wild side draws
  a card for each flare another player plays afterwards this encounter; the super side
  counts, at the end of the encounter, the other players with more colonies than when
  it was played, and gives a card or a ship (``Remora: draw a card`` / ``Remora:
  retrieve a ship``) for each.
* Shadow acts on every destiny draw (redraws included) through the ``destiny`` hook: a
  colour of another player (the offense's own colour included), or a special card
  naming another player, costs that player one ship from the colony Shadow names
  (``Shadow: execute the ship on blue 3``); on a wild card Shadow may name any other
  player, or ``spare everybody``. Its super flare ("on your own turn") is played in the
  regroup window, before the draw; each execution then offers ``... and take its place``
  (a ship of Shadow's from the warp lands on that planet). Its wild flare's ship from
  outside the encounter comes from the defense's fullest other colony.
* Mirror reverses the two digits of a value from 00 to 99 (``08`` -> ``80``, ``30`` ->
  ``03``); a value another power pushed outside that range stays as it is. Its wild
  flare copies the opponent's card as revealed (kind and value, before powers change
  it).
* Tick-Tock keeps its tokens in ``state.tokens``, the powers' per-seat counter Warrior
  uses (a seat has one alien; like Warrior's, the tokens stay with the seat if a
  Sorcerer swaps powers, and only a positive count ticks down). A token goes for each
  encounter whose outcome is a defensive win (after the resolution's ships moved) and
  for each deal made, once its terms are carried out (the ``deal_done`` hook): a deal
  whose colonies give a player five foreign colonies and takes the last token is one
  event, whose winners share the win (``State._win``). Not counted: offensive wins,
  failed deals (a Quashed deal is one), re-established home planets, and an encounter
  Oracle's super flare cancels (it counts as a deal for the second encounter, but no
  two players made one). No token goes while the power is zapped (a Cosmic Zap in the
  resolution window) or lost. Its wild flare is played ahead, in any window (like the
  other flares whose moment comes later): if the discard pile is shuffled into a new
  cosmic deck during the rest of the encounter (the ``reshuffled`` hook), the flare's
  player names another player's home planet where it has no colony (``Tick-Tock:
  colonize blue 3``) and sends one to four ships from its colonies there, once the
  decisions already under way are made. Its super flare is played in the resolution
  window as a main player whose side won (or who made a deal): the extra token goes
  first (a last one wins at once), then the ship, from a colony of its choice.
* Mind looks in the alliance window, before the invitations (``use Mind power: blue``:
  the public log names whose hand, never a card). The look is once: the Mind's
  observation shows that hand as it was then (``seen_hands``, for the rest of the
  encounter), and the cards it saw are in ``State.known``. Simplification for what it
  keeps knowing: each card it saw counts as still in that hand while it is there (its
  observation's ``known_cards``, kept by its determinizations), all of them are set
  aside while that player's selected card is face down to the Mind (it cannot tell
  which one was selected; they count again after the reveal), and any card leaving
  that hand unseen (a random card taken, a deal's cards) ends what it knew of the hand.
  Its super flare (not a main player, alliance window) looks at both main players'
  hands the same way. Its wild flare (the 2009 erratum: any player, any phase) is played
  ahead in any window, naming another player: that player's deck draws for the rest of
  the encounter are seen by the Mind (the ``drew_cards`` hook) and added to what it
  knows; the cards still go to the player, and nobody else learns anything.
* Mite blusters through the ``launched`` hook, once the launch window has closed (a
  Cosmic Zap played there stops it) and before the alliance window; the defense answers
  ``Mite: discard down to 3`` (at random, with the state's seeded chance) or ``Mite:
  give Mite a colony``. The colony ends the encounter at once (``State._end_early``):
  ``last_result["outcome"]`` is ``"colony granted"``, neither a deal nor a defensive
  win; no card is selected, and the Mite may have its second encounter. With no ship on
  the gate (or three cards or fewer in the defense's hand) there is no bluster. Its
  super flare, played in the launch window, lays the discarded cards face up on the
  table; the Mite keeps them one at a time (``Mite: keep X``) or ``discard the rest``.
  Its wild flare (after alliances, the ``alliance_end`` window) takes every ally out of
  the encounter, as Force Field does.
* Philanthropist gives in the ``alliance_end`` window (after alliances form): ``use
  Philanthropist power: blue`` names the receiver (a main player: its opponent; an
  ally: either main player), then ``Philanthropist: give X`` the card (the public log
  reads "give a card"). The two players alone know the card (``State.known``, which the
  giver's observation shows as ``known_cards`` and its determinizations keep); a
  main-player Philanthropist left without encounter cards draws a new hand at once. Its
  super flare, played in the planning window, makes each main player it gave an
  encounter card to this encounter select that card if it still holds it (the engine's
  ``("must select", seat, card)``). Its wild flare is played in the regroup window (the
  start of the encounter): the ship goes to the warp from a colony the lender picks, and
  the named player uses all the lender's powers (an incarnation too) instead of its own
  until the encounter ends or stops (``State.power_of``); the lender plays the wild side
  of its own flare meanwhile, the borrower the super side of the lent alien's.
* Reincarnator reincarnates when the encounter ends (the ``encounter_end`` hook, so the
  outcome, a failed deal and "both lose" are all known): after a loss as a main player,
  as an ally of the losing side, after a failed deal as a main player, or when both
  sides lose; not after a win, a deal, Mite's colony or an encounter stopped without
  cards. The incarnation (``State.extra[seat]``, public) is drawn with the state's
  seeded chance, uniformly from the aliens that the rules may deal
  (``State.alien_pool``: implemented, of the levels or the pool asked for) that no
  player holds as its alien or incarnation, that have no game set-up text (Miser,
  Tick-Tock, any power with a ``setup`` hook) and that are not barred with an alien in
  play (Gambler with Sorcerer): drawing among them is the reference's "redraw". Pool
  recycling: an incarnation given up returns to the pool after the next draw (so a
  later loss always brings a different alien); with no alien left, nothing changes.
  What the old incarnation built (Warrior's tokens) stays, frozen. A Sorcerer's swap
  takes the incarnation along with the sheet; a lent Reincarnator reincarnates its
  owner's sheet. Its super flare (resolution window) asks, at the end, ``Reincarnator:
  reincarnate`` or ``keep my powers``. Its wild flare, played in the resolution window
  on another main player who lost or failed to deal, is handed to that player, whose
  alien is replaced right after the encounter by one drawn the same way (an
  incarnation it had goes with the old sheet).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aliens import POWERS as AL_POWERS
from .aliens import Flare, Power, _flag, _has_flag, _own_ships, _won, register
from .data import ATTACK, FLARE, NEGOTIATE

if TYPE_CHECKING:  # pragma: no cover
    from .rules import State

__all__: list[str] = []


def _hook_only(s: "State", seat: int, arg: Any) -> None:
    """A flare side whose whole effect is its hooks (they act once it is played)."""


def _ship_counts(s: "State", seat: int, verb: str) -> list[str]:
    """``"<verb> k ship(s)"`` for k = 1..4, as far as ``seat`` has ships on colonies."""
    k = min(4, s.ships_on_colonies(seat))
    return [f"{verb} {i} ship" + ("s" if i > 1 else "") for i in range(1, k + 1)]


def _count(arg: str) -> int:
    return int(arg.split()[1])


# ---------------------------------------------------------------- Calculator
def _equalize(kinds: list, values: list) -> None:
    # power: with two attacks, the higher card becomes the difference of the two
    if kinds[0] == ATTACK and kinds[1] == ATTACK and values[0] != values[1]:
        hi = 0 if values[0] > values[1] else 1
        values[hi] -= values[1 - hi]


def _calculator_card(s: "State", seat: int, kinds: list, values: list) -> None:
    if _has_flag(s, seat, "equalize"):
        _equalize(kinds, values)


def _calculator_wild_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # wild flare: a right call of the sum's parity takes your card's value off the
    # opponent's card; a wrong one takes theirs off yours (no floor)
    if kinds[0] != ATTACK or kinds[1] != ATTACK:
        return
    me = s.side_of(seat)
    odd = (values[0] + values[1]) % 2 == 1
    if odd == _has_flag(s, seat, "call odd"):
        values[1 - me] -= values[me]
    else:
        values[me] -= values[1 - me]


register(Power(
    name="Calculator", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: _flag(s, seat, "equalize"),
    hooks={"card": _calculator_card},
    wild=Flare("planning", lambda s, seat, arg: _flag(s, seat, f"call {arg}"), roles=("main",),
               args=lambda s, seat: ["odd", "even"], hooks={"card": _calculator_wild_card},
               text="call odd or even for the sum of the cards"),
    super=Flare("planning", _hook_only, roles=("ally",),
                hooks={"card": lambda s, seat, kinds, values: _equalize(kinds, values)},
                text="equalize as an ally"),
))


# ---------------------------------------------------------------- Human
def _human_bonus(s: "State", seat: int) -> int:
    # power: +4 to its side (+8 with its super flare)
    return 8 if _has_flag(s, seat, "human8") else 4


def _human_zapped(s: "State", seat: int, res: list) -> None:
    # power zapped: Human's side wins the encounter outright
    side = s.side_of(seat)
    res[0] = side
    if res[1] == side:
        res[1] = -1


def _flare_card(s: "State", seat: int, alien: str) -> tuple[list[int], int]:
    """The pile (hand or hoard) of ``seat`` holding ``alien``'s flare, and the card."""
    for pile in (s.hands[seat], s.hoard[seat]):
        for c in pile:
            if s.t.kind[c] == FLARE and s.t.alien[c] == alien:
                return pile, c
    raise ValueError(f"{s.colours[seat]} holds no {alien} flare")


def _human_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: your card becomes an attack 42 (its hook); the flare then goes to the
    # Human player, or to the discard pile without one
    pile, c = _flare_card(s, seat, "Human")
    pile.remove(c)
    human = s.seat_of("Human")
    if human >= 0:
        s.hands[human].append(c)
        s._note_shown(c, human)  # handed over in view of everybody
    else:
        s._discard(c, seat)


def _human_42(s: "State", seat: int, kinds: list, values: list) -> None:
    side = s.side_of(seat)
    kinds[side], values[side] = ATTACK, 42


def _human_super(s: "State", seat: int, arg: str) -> None:
    if arg == "add 8":
        _flag(s, seat, "human8")
    else:
        # discard the flare to zap your own power: the side wins (the zapped hook)
        pile, c = _flare_card(s, seat, "Human")
        pile.remove(c)
        s._discard(c, seat)
        s.eflags.add(("zap", seat))
    s._compute_cards()


register(Power(
    name="Human", timing="reveal", roles=("main", "ally"), optional=False,
    hooks={"total_bonus": _human_bonus, "zapped": _human_zapped},
    wild=Flare("reveal", _human_wild, roles=("main",), hooks={"card": _human_42},
               can_use=lambda s, seat: s.revealed and s.alien[s.opponent(seat)] != "Human",
               text="your card becomes an attack 42"),
    super=Flare("reveal", _human_super, roles=("main", "ally"),
                args=lambda s, seat: ["add 8", "zap my power to win"],
                can_use=lambda s, seat: s.revealed, text="+8 instead of +4, or zap yourself to win"),
))


# ---------------------------------------------------------------- Kamikaze
def _kamikaze_use(s: "State", seat: int, arg: str) -> None:
    # power: ships from its colonies go to the warp, two cards drawn per ship
    k = _count(arg)
    s._lose_from_colonies(seat, k)
    s._draw(seat, 2 * k)


def _kamikaze_wild(s: "State", seat: int, arg: str) -> None:
    # wild flare: ships not in the encounter go to the warp, +3 to your side each
    k = _count(arg)
    s._lose_from_colonies(seat, k)
    s.reinf[s.side_of(seat)] += 3 * k


register(Power(
    name="Kamikaze", timing="planning", roles=("main",), optional=True,
    use=_kamikaze_use, args=lambda s, seat: _ship_counts(s, seat, "send"),
    can_use=lambda s, seat: s.ships_on_colonies(seat) > 0,
    wild=Flare("after_selection", _kamikaze_wild, roles=("main",),
               args=lambda s, seat: _ship_counts(s, seat, "send"),
               can_use=lambda s, seat: s.ships_on_colonies(seat) > 0,
               text="+3 per ship of yours sent to the warp"),
    super=Flare("regroup", lambda s, seat, arg: s._push(("place", seat, min(2, s.warp[seat]))), roles=("offense",),
                can_use=lambda s, seat: s.warp[seat] >= 2, text="retrieve three ships in your regroup"),
))


# ---------------------------------------------------------------- Mirror
def _reversed(v: int) -> int:
    """The two digits of a value from 00 to 99 swapped; other values unchanged."""
    return int(f"{v:02d}"[::-1]) if 0 <= v <= 99 else v


def _mirror_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # power: every attack revealed by a main player has its digits swapped; the super
    # flare limits it to one card
    me = s.side_of(seat)
    sides = (0, 1)
    if _has_flag(s, seat, "mirror mine"):
        sides = (me,)
    elif _has_flag(s, seat, "mirror theirs"):
        sides = (1 - me,)
    elif not _has_flag(s, seat, "mirror"):
        return
    for side in sides:
        if kinds[side] == ATTACK:
            values[side] = _reversed(values[side])


def _mirror_copy(s: "State", seat: int, kinds: list, values: list) -> None:
    # wild flare: your card becomes a copy of the opponent's
    me = s.side_of(seat)
    kinds[me], values[me] = kinds[1 - me], values[1 - me]


def _mirror_super(s: "State", seat: int, arg: str) -> None:
    s.eflags.add(("used", seat))  # the reversal is called once, limited to one card
    _flag(s, seat, "mirror mine" if arg == "my card only" else "mirror theirs")


register(Power(
    name="Mirror", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: _flag(s, seat, "mirror"),
    hooks={"card": _mirror_card},
    wild=Flare("reveal", _hook_only, roles=("main",), hooks={"card": _mirror_copy},
               can_use=lambda s, seat: s.revealed, text="your card becomes a copy of the opponent's"),
    super=Flare("planning", _mirror_super, roles=("main",),
                args=lambda s, seat: ["my card only", "the opponent's card only"],
                can_use=lambda s, seat: ("used", seat) not in s.eflags,
                text="reverse one card only"),
))


# ---------------------------------------------------------------- Fodder
def _fodder_cards(s: "State", seat: int) -> list[str]:
    """The attack cards of Fodder's hand that may feed its total: strictly between its
    card and the opponent's (with the super flare: any below the opponent's card)."""
    me = s.side_of(seat)
    if me < 0 or s.kinds != (ATTACK, ATTACK):
        return []
    lo, hi = s.values[me], s.values[1 - me]
    if _has_flag(s, seat, "fodder low"):
        lo = -1_000
    T = s.t
    return sorted({T.name[c] for c in s.hands[seat] if T.kind[c] == ATTACK and lo < T.value[c] < hi})


def _fodder_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    # power: each attack card discarded adds its value to Fodder's total
    if arg == "stop":
        return
    c = s._take_from(s.hands[seat], arg[8:])
    s._discard(c, seat)
    s.reinf[s.side_of(seat)] += s.t.value[c]
    s._compute_cards()
    s._push(("power", seat, "Fodder", data))


def _fodder_wild_args(s: "State", seat: int) -> list[str]:
    # a player invited by a side who declined (and so is no ally), with a ship to send
    if s.side_of(seat) >= 0 or not s._sources(seat):
        return []
    return [name for side, name in ((0, "offense"), (1, "defense")) if seat in s.inv[side]]


def _fodder_wild(s: "State", seat: int, arg: str) -> None:
    # wild flare: join the side that invited you, after the reveal, with one ship (from
    # your colony with the most ships)
    src = max(s._sources(seat), key=lambda p: s.ships[p * s.n + seat])
    s.ships[src * s.n + seat] -= 1
    side = 0 if arg == "offense" else 1
    if side == 0:
        s.gate[seat] += 1
        s.gate_from[seat].append(src)
    else:
        s.side[seat] += 1
        s.side_from[seat].append(src)
    s.allies[side].append(seat)
    s._compute_cards()


register(Power(
    name="Fodder", timing="reveal", roles=("main",), optional=True,
    use=lambda s, seat, arg: s._push(("power", seat, "Fodder", ("feed",))),
    can_use=lambda s, seat: bool(_fodder_cards(s, seat)),
    options=lambda s, seat, data: [f"discard {x}" for x in _fodder_cards(s, seat)] + ["stop"]
    if _fodder_cards(s, seat) else [],
    choose=_fodder_choose,
    wild=Flare("reveal", _fodder_wild, roles=("not_main",), args=_fodder_wild_args,
               can_use=lambda s, seat: bool(_fodder_wild_args(s, seat)),
               text="join a side that invited you, after the reveal"),
    super=Flare("reveal", lambda s, seat, arg: _flag(s, seat, "fodder low"), roles=("main",),
                can_use=lambda s, seat: ("used", seat) not in s.eflags and s.kinds == (ATTACK, ATTACK),
                text="feed any attack card below the opponent's"),
))


# ---------------------------------------------------------------- Healer
def _healer_after_warp(s: "State", seat: int, owner: int, k: int) -> None:
    # power: another player's ships just lost to the warp may be healed
    if owner != seat:
        s._push(("power", seat, "Healer", (owner, k)))


def _healer_after_removed(s: "State", seat: int, owner: int, k: int) -> None:
    # power: "or has ships removed from the game" (Void): they may be healed too
    # (Rules(heal_removed=False): the Cosmodex's house rule against it)
    if owner != seat and s.rules.heal_removed:
        s._push(("power", seat, "Healer", (owner, k, "removed")))


def _healer_options(s: "State", seat: int, data: Any) -> list[str]:
    left = s.removed[data[0]] if len(data) > 2 else s.warp[data[0]]
    return [f"heal {s.colours[data[0]]}", "let them be"] if left else []


def _healer_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    owner, k = data[:2]
    if arg == "let them be":
        return
    # the ships return to the owner's colonies (it places them); Healer draws one card
    # per player healed (one per ship with its super flare)
    if len(data) > 2:
        # ships removed from the game come back through the warp, placed at once (an
        # owner without colonies keeps them in the warp)
        k = min(k, s.removed[owner])
        s.removed[owner] -= k
        s.warp[owner] += k
    else:
        k = min(k, s.warp[owner])
    s._push(("place", owner, k))
    s._draw(seat, k if _has_flag(s, seat, "heal per ship") else 1)


register(Power(
    name="Healer", timing="passive", roles=("any",), optional=True,
    options=_healer_options, choose=_healer_choose,
    hooks={"after_warp": _healer_after_warp, "after_removed": _healer_after_removed},
    wild=Flare("any", lambda s, seat, arg: _flag(s, seat, "zap proof"),
               can_use=lambda s, seat: not _has_flag(s, seat, "zap proof"),
               text="a Cosmic Zap played on you has no effect"),
    super=Flare("any", lambda s, seat, arg: _flag(s, seat, "heal per ship"),
                can_use=lambda s, seat: not _has_flag(s, seat, "heal per ship"),
                text="draw a card per ship healed"),
))


# ---------------------------------------------------------------- Shadow
def _shadow_destiny(s: "State", seat: int, card: int, named: int) -> None:
    # power: a destiny card of another player's colour (or pointing at another player)
    # costs that player a ship Shadow chooses; a wild card lets Shadow pick anybody
    if named < 0:
        s._push(("power", seat, "Shadow", ("wild",)))
    elif named != seat:
        s._push(("power", seat, "Shadow", ("execute", named)))


def _shadow_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "wild":
        return [f"execute a ship of {s.colours[o]}" for o in s.order_from(seat)[1:] if s.colonies(o)] + [
            "spare everybody"]
    victim = data[1]
    out = [f"execute the ship on {s.pname[p]}" for p in s.colonies(victim)]
    if _has_flag(s, seat, "shadow replace") and s.warp[seat] > 0:
        out += [f"{x} and take its place" for x in out]
    return out


def _shadow_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if arg == "spare everybody":
        return
    if arg.startswith("execute a ship of "):
        s._push(("power", seat, "Shadow", ("execute", s.cindex[arg[18:]])))
        return
    victim = data[1]
    name = arg[len("execute the ship on "):].removesuffix(" and take its place")
    p = s.pindex[name]
    s.ships[p * s.n + victim] -= 1
    if arg.endswith(" and take its place"):
        # super flare: one of Shadow's ships leaves the warp for that planet
        s.warp[seat] -= 1
        s.ships[p * s.n + seat] += 1
    s._warp_ships(victim, [p])


def _shadow_wild_ok(s: "State", seat: int) -> bool:
    return (seat == s.defender and s.outcome == "offense" and s.kinds[0] == ATTACK
            and any(p != s.target for p in s._sources(seat)))


def _shadow_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: the losing defense sends a ship from outside the encounter (its colony
    # with the most ships) to the warp, and every ship on the gate follows: the winners
    # land nowhere
    src = max((p for p in s._sources(seat) if p != s.target), key=lambda p: s.ships[p * s.n + seat])
    s.ships[src * s.n + seat] -= 1
    s._warp_ships(seat, [src])
    for o in [s.offense] + s.allies[0]:
        origins = s.gate_from[o]
        s.gate[o] = 0
        s.gate_from[o] = []
        s._warp_ships(o, origins, 0)


register(Power(
    name="Shadow", timing="destiny", roles=("any",), optional=False,
    options=_shadow_options, choose=_shadow_choose,
    hooks={"destiny": _shadow_destiny},
    wild=Flare("resolution", _shadow_wild, roles=("defense",), can_use=_shadow_wild_ok,
               text="take the winning ships down with you"),
    super=Flare("regroup", lambda s, seat, arg: _flag(s, seat, "shadow replace"), roles=("offense",),
                can_use=lambda s, seat: s.warp[seat] > 0, text="a ship of yours takes the executed ship's place"),
))


# ---------------------------------------------------------------- Anti-Matter
def _counted(s: "State", seat: int) -> int:
    """What ``seat``'s own ships in the encounter add to its side's total."""
    return _own_ships(s, seat) * s._ship_value(seat, "total")


def _anti_matter_totals(s: "State", seat: int, tot: list) -> None:
    # power: with two attacks, Anti-Matter's ships and every ally's ships count against
    # their side (the opposing main player's own ships still add)
    if s.kinds != (ATTACK, ATTACK):
        return
    me = s.side_of(seat)
    tot[me] -= 2 * s.side_ships(me)
    tot[1 - me] -= 2 * (s.side_ships(1 - me) - _counted(s, s.main(1 - me)))


def _anti_matter_outcome(s: "State", seat: int, res: list) -> None:
    # power: with two attacks the lower total wins (a tie still goes to the defense)
    if s.kinds == (ATTACK, ATTACK):
        res[0] = 0 if s.totals[0] < s.totals[1] else 1


def _block(s: "State", seat: int, player: int, alien: str, side: str, wanted: str) -> bool:
    """Anti-Matter's flares: cancel the first flare they aim at (once per encounter)."""
    if _has_flag(s, seat, "blocked") or player == seat:
        return False
    if wanted == "wild" and side != "wild":
        return False
    if wanted != "wild" and s.colours[player] != wanted:
        return False
    _flag(s, seat, "blocked")
    return True


register(Power(
    name="Anti-Matter", timing="reveal", roles=("main",), optional=False,
    hooks={"totals": _anti_matter_totals, "outcome": _anti_matter_outcome},
    wild=Flare("any", _hook_only, roles=("main", "ally"),
               hooks={"flare_played": lambda s, seat, player, alien, side: _block(s, seat, player, alien, side, "wild")},
               text="cancel the next wild flare another player plays"),
    super=Flare("any", lambda s, seat, arg: _flag(s, seat, f"block {arg}"),
                args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
                hooks={"flare_played": lambda s, seat, player, alien, side: any(
                    _has_flag(s, seat, f"block {c}") and _block(s, seat, player, alien, side, c) for c in s.colours)},
                text="cancel the next flare a player you name plays"),
))


# ---------------------------------------------------------------- Fido
def _fido_offers(s: "State", seat: int) -> list[str]:
    """``offer <card> to <colour>``: each encounter card about to be discarded, to each
    other player."""
    names = sorted({s.t.name[c] for c in s.card if c >= 0})
    return [f"offer {x} to {s.colours[o]}" for x in names for o in s.order_from(seat)[1:]]


def _fido_offer(s: "State", seat: int, arg: str) -> None:
    # power: fetch an encounter card before it is discarded and offer it to a player
    name, col = arg[6:].rsplit(" to ", 1)
    side = next(i for i in (0, 1) if s.card[i] >= 0 and s.t.name[s.card[i]] == name)
    c = s.card[side]
    s.card[side] = -1
    s.table.append(c)  # in Fido's mouth, face up, until the offer is answered
    s._push(("power", s.cindex[col], "Fido", ("offer", seat, c)))


def _fido_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "offer":
        name = s.t.name[data[2]]
        return [f"accept {name}", f"refuse {name}"]
    if data[0] == "reward":
        return (["retrieve a ship"] if s.warp[seat] else []) + ["draw a card"]
    offers = _fido_offers(s, seat)  # super flare: the next card, or stop
    return offers + ["stop"] if offers else []


def _fido_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "offer":
        _, fido, c = data
        s.table.remove(c)
        taker = seat if arg.startswith("accept ") else fido  # refused: Fido keeps it
        s.hands[taker].append(c)
        s._note_shown(c, taker)  # everybody saw the card change hands
        more = [("power", fido, "Fido", ("more",))] if _has_flag(s, fido, "fido all") else []
        if taker == seat:
            s._push(("power", fido, "Fido", ("reward",)), *more)
        else:
            s._push(*more)
    elif data[0] == "reward":
        if arg == "retrieve a ship":
            s._push(("place", seat, 1))
        else:
            s._draw(seat, 1)
    elif arg != "stop":
        _fido_offer(s, seat, arg)


def _fido_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: the opponent takes the top card of the discard pile; you draw a card
    opp = s.opponent(seat)
    if s.discard:  # (it may have been reshuffled into the deck since the flare was played)
        c = s.discard.pop()
        s.hands[opp].append(c)
        s._note_shown(c, opp)  # the discard pile is face up
    s._draw(seat, 1)


register(Power(
    name="Fido", timing="cleanup", roles=("any",), optional=True,
    use=_fido_offer, args=_fido_offers, can_use=lambda s, seat: any(c >= 0 for c in s.card),
    options=_fido_options, choose=_fido_choose,
    wild=Flare("planning", _fido_wild, roles=("main",), can_use=lambda s, seat: bool(s.discard),
               text="the opponent takes the top discard; you draw a card"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "fido all"),
                can_use=lambda s, seat: not _has_flag(s, seat, "fido all"),
                text="fetch every encounter card, one at a time"),
))


# ---------------------------------------------------------------- Hate
def _hate_turn(s: "State", seat: int) -> None:
    # power, at the start of its turn: Hate discards a card of its choice (a Hate that
    # needs a new hand draws it first: the designer's ruling)
    if not s.has_encounter_card(seat):
        s._new_hand(seat)
    s._push(("power", seat, "Hate", ("hate",)))


def _hate_super_ready(s: "State", seat: int) -> bool:
    return any(s.t.kind[c] == FLARE and s.t.alien[c] == "Hate" for c in s.hands[seat])


def _hate_matches(s: "State", seat: int, kind: int, value: int) -> list[str]:
    T = s.t
    return sorted({T.name[c] for c in s.hands[seat] if T.kind[c] == kind and (kind != ATTACK or T.value[c] >= value)})


def _hate_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "hate":
        names = sorted({s.t.name[c] for c in s.hands[seat]})
        out = [f"discard {x}" for x in names]
        if _hate_super_ready(s, seat):
            out += [f"show {x} and keep it" for x in names if x != "Hate flare"]
        return out
    _, hate, kind, value = data
    return [f"discard {x}" for x in _hate_matches(s, seat, kind, value)] + ["lose 3 ships"]


def _hate_demand(s: "State", seat: int, name: str) -> None:
    """Every other player matches the type of card ``name`` or loses three ships."""
    kind, value = s.t.face_kind[name], s.t.face_value[name]
    s._push(*[("power", o, "Hate", ("match", seat, kind, value)) for o in s.order_from(seat)[1:]])


def _hate_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "hate":
        if arg.startswith("show "):
            # super flare (played through this choice, answered like any flare): the card
            # is shown and kept
            name = arg[5:].removesuffix(" and keep it")
            s._push(*s._zap_tasks(seat, "card"), ("effect", seat, "flare", "Hate", "super", name))
            return
        c = s._take_from(s.hands[seat], arg[8:])
        s._discard(c, seat)
        if not s.has_encounter_card(seat):
            s._new_hand(seat)  # power: a Hate left without encounter cards draws a new hand
        _hate_demand(s, seat, arg[8:])
        return
    # the others: a card of the same type (an attack at least as high), or three ships
    # Hate chooses
    hate = data[1]
    if arg == "lose 3 ships":
        s._lose_from_colonies(seat, 3, hate)
    else:
        s._discard(s._take_from(s.hands[seat], arg[8:]), seat)


def _hate_super(s: "State", seat: int, name: str) -> None:
    # the card was shown to everybody and stays in the hand (unless the Hate has played
    # it since, e.g. a Card Zap in the reply round to its flare)
    for c in s.hands[seat]:
        if s.t.name[c] == name:
            s._note_shown(c, seat)
            break
    _hate_demand(s, seat, name)


def _hate_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: the opponent discards a card at random; left without encounter cards,
    # it loses the encounter (the flare's hooks)
    opp = s.opponent(seat)
    hand = s.hands[opp]
    s._discard(hand.pop(s.chance().randrange(len(hand))), opp)
    s._forget_shown(opp)
    if not s.has_encounter_card(opp):
        _flag(s, seat, "hate wins")


def _hate_wins_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # the win is played as an attack against a negotiate (so no deal is tried)...
    if _has_flag(s, seat, "hate wins"):
        me = s.side_of(seat)
        kinds[me], kinds[1 - me] = ATTACK, NEGOTIATE


def _hate_wins_outcome(s: "State", seat: int, res: list) -> None:
    # ... that the flare's player wins without paying compensation
    if _has_flag(s, seat, "hate wins"):
        res[0], res[1] = s.side_of(seat), -1


register(Power(
    name="Hate", timing="passive", roles=("offense",), optional=False,
    options=_hate_options, choose=_hate_choose,
    hooks={"turn_start": _hate_turn},
    wild=Flare("planning", _hate_wild, roles=("main",), can_use=lambda s, seat: bool(s.hands[s.opponent(seat)]),
               hooks={"card": _hate_wins_card, "outcome": _hate_wins_outcome},
               text="the opponent discards a card at random; without encounter cards it loses"),
    # offered only through the Hate's start-of-turn choice ("show ... and keep it")
    super=Flare("passive", _hate_super, text="show the card and keep it"),
))


# ---------------------------------------------------------------- Remora
def _remora_lost(s: "State", seat: int) -> int:
    """Remora's ships gone to the warp this encounter (it may not bring those back)."""
    return next((k[3] for k in s.eflags if k[:3] == ("flag", seat, "remora lost")), 0)


def _remora_after_warp(s: "State", seat: int, owner: int, k: int) -> None:
    if owner == seat:
        lost = _remora_lost(s, seat)
        s.eflags.discard(("flag", seat, "remora lost", lost))
        s.eflags.add(("flag", seat, "remora lost", lost + k))


def _remora_retrieve(s: "State", seat: int) -> None:
    if s.warp[seat] > _remora_lost(s, seat):
        s._push(("place", seat, 1))


def _remora_drew(s: "State", seat: int, player: int) -> None:
    # power: another player's draw from the deck: Remora draws a card too
    if player != seat:
        s._draw(seat, 1)


def _remora_retrieved(s: "State", seat: int, player: int) -> None:
    # power: another player's ships leave the warp: one of Remora's follows
    if player != seat:
        _remora_retrieve(s, seat)


def _remora_flare_played(s: "State", seat: int, player: int, alien: str, side: str) -> bool:
    # wild flare: each flare another player plays this encounter draws Remora a card
    if player != seat:
        s._draw(seat, 1)
    return False


def _colonies(s: "State") -> tuple[int, ...]:
    return tuple(len(s.colonies(o)) for o in range(s.n))


def _remora_super_end(s: "State", seat: int) -> None:
    # super flare: a card or a ship for each other player who gained a colony
    before = next(k[3] for k in s.eflags if k[:3] == ("flag", seat, "remora colonies"))
    now = _colonies(s)
    gained = sum(1 for o in range(s.n) if o != seat and now[o] > before[o])
    s._push(*[("power", seat, "Remora", ("gain",))] * gained)


def _remora_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if arg == "draw a card":
        s._draw(seat, 1)
    else:
        _remora_retrieve(s, seat)


register(Power(
    name="Remora", timing="passive", roles=("any",), optional=False,
    options=lambda s, seat, data: ["draw a card"] + (["retrieve a ship"] if s.warp[seat] > _remora_lost(s, seat)
                                                     else []),
    choose=_remora_choose,
    hooks={"drew": _remora_drew, "retrieved": _remora_retrieved, "after_warp": _remora_after_warp},
    wild=Flare("any", _hook_only, hooks={"flare_played": _remora_flare_played},
               text="draw a card for each flare another player plays"),
    super=Flare("any", lambda s, seat, arg: s.eflags.add(("flag", seat, "remora colonies", _colonies(s))),
                hooks={"encounter_end": _remora_super_end},
                text="a card or a ship for each player who gains a colony"),
))


# ---------------------------------------------------------------- Amoeba
def _amoeba_in(s: "State", seat: int) -> int:
    """``seat``'s ships in the encounter (gate, target planet, or beside it)."""
    if seat == s.defender:
        return s.ships[s.target * s.n + seat] if s.target >= 0 else 0
    return s.gate[seat] + s.side[seat]


def _amoeba_spare(s: "State", seat: int) -> list[int]:
    """Colonies ``seat`` may send more ships from (not the target planet)."""
    return [p for p in s._sources(seat) if p != s.target]


def _amoeba_args(s: "State", seat: int, limit: int) -> list[str]:
    k_in = _amoeba_in(s, seat)
    if k_in == 0 and limit > 4:  # the power needs a ship in the encounter already
        return []
    spare = sum(s.ships[p * s.n + seat] for p in _amoeba_spare(s, seat))
    if not s.rules.may_abandon_colonies:
        spare -= len(_amoeba_spare(s, seat))
    out = [f"withdraw {k} ship" + ("s" if k > 1 else "") for k in range(1, min(k_in, limit) + 1)]
    if seat == s.defender and not [p for p in s.colonies(seat) if p != s.target]:
        out = []  # nowhere to withdraw to
    return out + [f"add {k} ship" + ("s" if k > 1 else "") for k in range(1, min(spare, limit) + 1)]


def _amoeba_move(s: "State", seat: int, arg: str) -> None:
    # power: ships leave or join the encounter; the new count is what counts (ships from
    # or to its fullest other colony, one at a time)
    verb, k = arg.split()[0], int(arg.split()[1])
    n, t = s.n, s.target
    for _ in range(k):
        if verb == "add":
            src = max(_amoeba_spare(s, seat), key=lambda p: s.ships[p * n + seat])
            s.ships[src * n + seat] -= 1
            if seat == s.defender:
                s.ships[t * n + seat] += 1
            elif seat in s.allies[1]:
                s.side[seat] += 1
                s.side_from[seat].append(src)
            else:
                s.gate[seat] += 1
                s.gate_from[seat].append(src)
        elif seat == s.defender:
            dest = max((p for p in s.colonies(seat) if p != t), key=lambda p: s.ships[p * n + seat])
            s.ships[t * n + seat] -= 1
            s.ships[dest * n + seat] += 1
        elif seat in s.allies[1]:
            s.side[seat] -= 1
            s._return_home(seat, [s.side_from[seat].pop()])
        else:
            s.gate[seat] -= 1
            s._return_home(seat, [s.gate_from[seat].pop()])
    s._compute_cards()


register(Power(
    name="Amoeba", timing="after_selection", roles=("main",), optional=True,
    use=_amoeba_move, args=lambda s, seat: _amoeba_args(s, seat, 20),
    can_use=lambda s, seat: bool(_amoeba_args(s, seat, 20)),
    wild=Flare("planning", _amoeba_move, roles=("main",), args=lambda s, seat: _amoeba_args(s, seat, 4),
               can_use=lambda s, seat: bool(_amoeba_args(s, seat, 4)), text="add or withdraw up to 4 ships"),
    super=Flare("after_selection", _amoeba_move, roles=("ally",), args=lambda s, seat: _amoeba_args(s, seat, 20),
                can_use=lambda s, seat: bool(_amoeba_args(s, seat, 20)), text="use the power as an ally"),
))


# ---------------------------------------------------------------- Tick-Tock
#: Tick-Tock's tokens at set-up in the rulebook's game (the reference: ten; eight in the
#: four-planet variant): a game counts them from its home system, ``state.system``
#: (``tick_tock_tokens`` of destiny.toml's ``[[system]]`` tables)
TICK_TOCK_TOKENS = 10


def _tick(s: "State", seat: int, k: int = 1) -> None:
    """Tick-Tock discards ``k`` tokens; with the last one gone it wins at once (shared
    with whoever wins through the same event)."""
    if s.tokens[seat] <= 0:
        return
    s.tokens[seat] = max(0, s.tokens[seat] - k)
    if s.tokens[seat] == 0:
        s._win([seat], "Tick-Tock: its last token discarded")


def _tick_tock_setup(s: "State", seat: int) -> None:
    # game set-up: ten tokens on the sheet, eight with four planets (state.tokens, the
    # powers' per-seat counter)
    s.tokens[seat] = s.system.tick_tock_tokens


def _tick_tock_resolved(s: "State", seat: int) -> None:
    # power: a token each time any player wins as the defense (not offensive wins)
    if s.outcome == "defense":
        _tick(s, seat)


def _tick_tock_options(s: "State", seat: int, data: Any) -> list[str]:
    # wild flare: a colony on another player's home planet where the flare's player has
    # none, with ships from its colonies
    if not s._sources(seat):
        return []
    n = s.n
    return [f"colonize {s.pname[p]}" for o in s.order_from(seat)[1:] for p in s._home_planets(o)
            if not s.ships[p * n + seat]]


def _tick_tock_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    p = s.pindex[arg[len("colonize "):]]
    # up to four ships, one at a time; the game ends at once if the colony makes a winner
    s._push(("ships", seat, "colony", 0, 1, 4, p), ("call", "_win_at_once"))


def _tick_tock_super(s: "State", seat: int, arg: Any) -> None:
    # super flare: after a win or a deal, a ship of yours to the warp discards an extra
    # token (the token first: a last one wins at once)
    _tick(s, seat)
    if not s.over:
        s._lose_from_colonies(seat, 1)


register(Power(
    name="Tick-Tock", timing="resolution", roles=("any",), optional=False,
    options=_tick_tock_options, choose=_tick_tock_choose,
    # power: a token for each defensive win (after_resolution) and each deal made, once
    # its terms are carried out (deal_done: a win shares the moment with its colonies)
    hooks={"setup": _tick_tock_setup, "after_resolution": _tick_tock_resolved,
           "deal_done": lambda s, seat: _tick(s, seat)},
    wild=Flare("any", _hook_only,
               hooks={"reshuffled": lambda s, seat: s._push(("power", seat, "Tick-Tock", ("colony",)))},
               text="when a new cosmic deck is shuffled, a colony on another player's home planet"),
    super=Flare("resolution", _tick_tock_super, roles=("main",),
                can_use=lambda s, seat: s.outcome in ("offense", "defense", "deal_made") and _won(s, seat)
                and s.tokens[seat] > 0 and s.ships_on_colonies(seat) > 0,
                text="a ship of yours to the warp discards an extra token"),
))


# ---------------------------------------------------------------- Mind
def _mind_args(s: "State", seat: int) -> list[str]:
    # a main player looks at its opponent's hand, anybody else at either main player's
    opp = s.opponent(seat)
    if opp >= 0:
        return [s.colours[opp]]
    return [s.colours[o] for o in (s.offense, s.defender) if o >= 0]


def _mind_look(s: "State", seat: int, holder: int) -> None:
    """``seat`` looks at ``holder``'s whole hand once: a snapshot for its observation
    (``seen_hands``, this encounter) and what it knows of the cards (``State.known``)."""
    s.eflags -= {k for k in s.eflags if k[0] == "saw" and k[1] == seat and k[2] == holder}
    s.eflags.add(("saw", seat, holder, tuple(s.hand_names(holder))))
    s._note_known(seat, list(s.hands[holder]), holder)


def _mind_wild_drew(s: "State", seat: int, player: int, cards: list[int]) -> None:
    # wild flare: the named player's deck draws pass through the Mind's hands
    if ("flag", seat, "mind draws", player) in s.eflags:
        s._note_known(seat, cards, player)


register(Power(
    name="Mind", timing="alliance", roles=("any",), optional=True,
    use=lambda s, seat, arg: _mind_look(s, seat, s.cindex[arg]),
    args=_mind_args, can_use=lambda s, seat: s.defender >= 0,
    wild=Flare("any", lambda s, seat, arg: s.eflags.add(("flag", seat, "mind draws", s.cindex[arg])),
               args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
               hooks={"drew_cards": _mind_wild_drew},
               text="see every card another player draws this encounter"),
    super=Flare("alliance", lambda s, seat, arg: [_mind_look(s, seat, o) for o in (s.offense, s.defender)],
                roles=("not_main",), can_use=lambda s, seat: s.defender >= 0,
                text="look at both main players' hands"),
))


# ---------------------------------------------------------------- Mite
def _mite_bluster(s: "State", seat: int) -> None:
    # power: once the gate is loaded (the ``launched`` hook), a defense holding more
    # than three cards chooses: discard down to three at random, or grant a colony
    d = s.defender
    if d >= 0 and s.target >= 0 and s.gate[seat] > 0 and len(s.hands[d]) > 3:
        s._push(("power", d, "Mite", ("bluster", seat)))


def _mite_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "bluster":
        return ["discard down to 3", "give Mite a colony"]
    names = sorted({s.t.name[c] for c in data[1]})  # super flare: the discarded cards, face up
    return [f"keep {x}" for x in names] + ["discard the rest"]


def _mite_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "bluster":
        mite = data[1]
        if arg == "give Mite a colony":
            # power (b): the gate's ships land beside the defense's, which stay; the
            # encounter ends at once as a success for Mite (not a deal)
            t = s.target
            s.ships[t * s.n + mite] += s.gate[mite]
            s.gate[mite] = 0
            s.gate_from[mite] = []
            s._end_early("colony granted")
            s._win_at_once()  # rulebook: the game ends as soon as five foreign colonies are reached
            return
        # power (a): cards discarded at random until three are left
        hand = s.hands[seat]
        rng = s.chance()
        gone = [hand.pop(rng.randrange(len(hand))) for _ in range(len(hand) - 3)]
        s._forget_shown(seat)
        if _has_flag(s, mite, "mite takes"):
            # super flare: the discarded cards go face up to the Mite, which keeps any
            s.table.extend(gone)
            s._push(("power", mite, "Mite", ("keep", tuple(gone))))
        else:
            for c in gone:
                s._discard(c, seat)
        return
    cards = data[1]
    if arg == "discard the rest":
        for c in cards:
            s.table.remove(c)
            s._discard(c, s.defender)
        return
    c = next(c for c in cards if s.t.name[c] == arg[5:])
    s.table.remove(c)
    s.hands[seat].append(c)
    s._note_shown(c, seat)  # the cards were discarded face up: everybody saw it kept
    rest = tuple(x for x in cards if x != c)
    if rest:
        s._push(("power", seat, "Mite", ("keep", rest)))


def _allied_ships(s: "State", side: int) -> int:
    return sum(s.gate[a] + s.side[a] for a in s.allies[side])


def _mite_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: every ally's ships go home, on both sides (they leave the encounter)
    for side in (0, 1):
        for a in s.allies[side]:
            s._send_home(a)
        s.allies[side] = []
    s._compute_cards()


register(Power(
    name="Mite", timing="launch", roles=("offense",), optional=False,
    options=_mite_options, choose=_mite_choose,
    hooks={"launched": _mite_bluster},
    wild=Flare("alliance_end", _mite_wild, roles=("main",),
               can_use=lambda s, seat: _allied_ships(s, 1 - s.side_of(seat)) > _allied_ships(s, s.side_of(seat)),
               text="all allies go home when the opponent has more allied ships"),
    super=Flare("launch", lambda s, seat, arg: _flag(s, seat, "mite takes"), roles=("offense",),
                can_use=lambda s, seat: not _has_flag(s, seat, "mite takes"),
                text="take the cards the defense discards"),
))


# ---------------------------------------------------------------- Philanthropist
def _philanthropist_args(s: "State", seat: int) -> list[str]:
    # a main player gives to its opponent, an ally to either main player
    opp = s.opponent(seat)
    if opp >= 0:
        return [s.colours[opp]]
    return [s.colours[o] for o in (s.offense, s.defender) if o >= 0]


def _philanthropist_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    # power: the card cannot be refused; only the two players see it (State.known)
    receiver = data[1]
    c = s._take_from(s.hands[seat], arg[5:])
    s._forget_shown(seat)
    s.hands[receiver].append(c)
    s._note_known(seat, (c,), receiver)
    s.eflags.add(("gift", seat, receiver, c))
    if s.opponent(seat) >= 0 and not s.has_encounter_card(seat):
        s._new_hand(seat)  # power: a main player left without encounter cards draws a new hand


def _philanthropist_super_gifts(s: "State", seat: int) -> list[tuple]:
    """The encounter cards ``seat`` gave this encounter that their main player still
    holds and has not selected yet (super flare: it must select them)."""
    ie = s.t.is_enc
    return [k for k in s.eflags if k[0] == "gift" and k[1] == seat and ie[k[3]] and k[3] in s.hands[k[2]]
            and s.card[0 if k[2] == s.offense else 1] < 0 and k[2] in (s.offense, s.defender)]


def _philanthropist_super(s: "State", seat: int, arg: Any) -> None:
    # super flare: the receiver must play the encounter card it was given, if it can
    for k in _philanthropist_super_gifts(s, seat):
        s.eflags.add(("must select", k[2], k[3]))


def _philanthropist_lend(s: "State", seat: int, arg: str) -> None:
    # wild flare: a ship of yours to the warp, and the named player uses your powers
    # instead of its own for this encounter (State.power_of; back at its end)
    to = s.cindex[arg]
    s.power_of[to] = seat
    s.power_of[seat] = -1
    s._set_powers()
    s._lose_from_colonies(seat, 1)


register(Power(
    name="Philanthropist", timing="alliance_end", roles=("main", "ally"), optional=True,
    use=lambda s, seat, arg: s._push(("power", seat, "Philanthropist", ("give", s.cindex[arg]))),
    args=_philanthropist_args, can_use=lambda s, seat: bool(s.hands[seat]),
    options=lambda s, seat, data: [f"give {x}" for x in sorted({s.t.name[c] for c in s.hands[seat]})],
    choose=_philanthropist_choose,
    wild=Flare("regroup", _philanthropist_lend,
               args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
               can_use=lambda s, seat: (s.power_of[seat] == seat and bool(s.power_names(seat))
                                        and s.ships_on_colonies(seat) > 0),
               text="lend your power to another player for this encounter"),
    super=Flare("planning", _philanthropist_super, roles=("main", "ally"),
                can_use=lambda s, seat: bool(_philanthropist_super_gifts(s, seat)),
                text="whoever you gave an encounter card must play it"),
))


# ---------------------------------------------------------------- Reincarnator
#: aliens with game set-up text (never an incarnation); any alien whose power has a
#: ``setup`` hook counts too
_SETUP_TEXT = ("Miser", "Tick-Tock")
#: pairs of aliens not played in the same game (the rulebook's "do not use with")
_NOT_TOGETHER = (frozenset(("Gambler", "Sorcerer")),)


def _unused_aliens(s: "State", ignore: tuple[str, ...] = ()) -> list[str]:
    """The aliens an incarnation may be drawn from: of the game's pool (implemented, of
    the levels or the pool the rules name), held by no player (as its alien or an
    incarnation), without set-up text, and not barred with an alien in play. ``ignore``:
    held aliens about to be given up (they do not bar a pair)."""
    held = {a for a in s.alien if a} | {a for x in s.extra for a in x}
    playing = held - set(ignore)
    out = []
    for a in s.alien_pool:
        P = AL_POWERS.get(a)
        if a in held or P is None or a in _SETUP_TEXT or "setup" in P.hooks:
            continue
        if any(a in pair and (pair - {a}) & playing for pair in _NOT_TOGETHER):
            continue
        out.append(a)
    return out


def _reincarnator_lost(s: "State", seat: int) -> bool:
    """Whether ``seat`` lost the encounter: a main player or an ally of the losing side,
    a main player whose deal failed, anybody in it when both sides lose."""
    side, o = s.side_of(seat), s.outcome
    if side < 0:
        return False
    if o in ("offense", "defense"):
        return o != ("offense", "defense")[side]
    if o == "deal_failed":
        return seat in (s.offense, s.defender)
    return o == "both lose"


def _reincarnate(s: "State", owner: int) -> None:
    # power: the current incarnation is discarded and a random unused alien drawn (the
    # seat's own power is kept); the discarded one returns to the pool after the draw
    pool = _unused_aliens(s, s.extra[owner])
    if not pool:
        return
    s.extra[owner] = (pool[s.chance().randrange(len(pool))],)
    s._set_powers()


def _reincarnator_end(s: "State", seat: int) -> None:
    if not _reincarnator_lost(s, seat):
        return
    owner = s.power_of[seat] if s.power_of[seat] >= 0 else seat  # a lent power's sheet
    if _has_flag(s, seat, "reincarnate optional"):
        s._push(("power", seat, "Reincarnator", ("maybe", owner)))  # super flare: it chooses
    else:
        _reincarnate(s, owner)


def _reincarnator_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if arg == "reincarnate":
        _reincarnate(s, data[1])


def _losers(s: "State", seat: int) -> list[str]:
    """Wild flare: the other main players who lost the encounter or failed to deal."""
    o = s.outcome
    who = ([s.defender] if o == "offense" else [s.offense] if o == "defense"
           else [s.offense, s.defender] if o in ("deal_failed", "both lose") else [])
    return [s.colours[x] for x in who if x >= 0 and x != seat]


def _reincarnator_wild(s: "State", seat: int, arg: str) -> None:
    # wild flare: the flare goes to the loser, whose power changes once the encounter ends
    pile, c = _flare_card(s, seat, "Reincarnator")
    pile.remove(c)
    to = s.cindex[arg]
    s.hands[to].append(c)
    s._note_shown(c, to)  # handed over in view of everybody
    s.eflags.add(("flag", to, "swap power"))


def _reincarnator_wild_end(s: "State", seat: int) -> None:
    # wild flare, right after the encounter: the player swaps its alien for a random
    # unused one (the same draw as the power's); an incarnation goes with a Reincarnator
    for to in range(s.n):
        if _has_flag(s, to, "swap power") and s.alien[to] is not None:
            pool = _unused_aliens(s, (s.alien[to],) + s.extra[to])
            if pool:
                s.alien[to] = pool[s.chance().randrange(len(pool))]
                s.extra[to] = ()
                s._set_powers()


register(Power(
    name="Reincarnator", timing="resolution", roles=("main", "ally"), optional=False,
    options=lambda s, seat, data: ["reincarnate", "keep my powers"], choose=_reincarnator_choose,
    hooks={"encounter_end": _reincarnator_end},
    wild=Flare("resolution", _reincarnator_wild, args=_losers, can_use=lambda s, seat: bool(_losers(s, seat)),
               hooks={"encounter_end": _reincarnator_wild_end},
               text="the loser swaps its power for a random unused one"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "reincarnate optional"), roles=("main", "ally"),
                can_use=lambda s, seat: not _has_flag(s, seat, "reincarnate optional"),
                text="reincarnating is optional"),
))
