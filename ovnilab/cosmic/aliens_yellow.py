"""The yellow aliens of the base set (alert level yellow, issue 14), Amoeba to Kamikaze:
powers and flares.

Each alien is one ``register(Power(...))`` into :data:`ovnilab.cosmic.aliens.POWERS`, in
the form the green ones take (see :mod:`ovnilab.cosmic.aliens` for the fields and the
hooks); its text is in ``data/cosmic/aliens.toml`` and ``flares.toml``. The source is
``ALIENS-YELLOW-RED.md`` (the implementers' reference, in our own words).

All seventeen yellow aliens are implemented, in two modules by name: this one holds
Amoeba, Anti-Matter, Calculator, Fido, Fodder, Hate, Healer, Human and Kamikaze;
:mod:`ovnilab.cosmic.aliens_yellow_m_z` holds Mind, Mirror, Mite, Philanthropist,
Reincarnator, Remora, Shadow and Tick-Tock, and takes two helpers from here
(``_hook_only``, ``_flare_card``). :mod:`ovnilab.cosmic.rules` imports both, this one
first.

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
* Human's zapped power gives its side the win whatever the cards (attack or negotiate
  against an attack; two negotiates still make a deal); a negotiating Human that wins so
  takes no compensation. Its wild flare, once played, goes to the Human player (or to
  the discard pile when nobody is Human) and the card it made stays an attack 42 for the
  encounter.
* Kamikaze's ships come from its colonies, chosen one at a time (it may empty a home
  planet and lose its power, as the reference warns); the cards are drawn at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aliens import Flare, Power, _flag, _has_flag, _own_ships, register
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
