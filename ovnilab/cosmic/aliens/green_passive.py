"""The green aliens (the rulebook's beginners' set) whose power is passive, a rule change
that acts whenever its moment comes (no phase on the sheet): Macron, Miser, Observer,
Vacuum, Vulch, Warrior and Zombie.

Readings (where REFERENCE.md's one line leaves a choice open, ovnilab takes this one)
------------------------------------------------------------------------------------
* Macron's limit of one ship holds for launching and for sending as an ally. Its wild
  flare ("after revealing an attack, +1 per ship of yours") is for main players: only
  they reveal a card.
* Miser's hoard is dealt after the hands and is played from as though it were the hand:
  encounter cards, artifacts, flares, reinforcements (an action names the hoard when the
  card comes from it, e.g. ``play Card Zap from hoard``). It is not part of the hand:
  compensation, deals, Plague and new hands never touch it. When it holds no encounter
  card at the start of the Miser's turn it is discarded and dealt again (as a hand would
  be).
* Observer saves its own ships only when it is an ally; as a main player it saves its
  allies' ships.
* Vacuum's power is mandatory: each ship it loses takes another player's along ("take
  nobody along" only when no other player has a ship on a colony).
* Vacuum names, for each ship it loses, the other player whose ship goes along (so the
  ships may come from several players; "nobody" stops); that player chooses which of its
  colonies loses the ship (Vacuum chooses with its super flare).
* Warrior's tokens follow the 2009 FAQ: after every encounter as a main player, one for
  a win or a deal made, two for a loss or a failed deal, even while the power is zapped
  or lost (the hook ``tally``); they add to its total only while the power works.
* Warrior's wild flare ("encounter the offense in its home system at once"): the
  counter-encounter starts as soon as the current encounter ends, the Warrior as the
  offense against the offense, aimed at one of its home planets (a full encounter with
  its own regroup, without a destiny draw), and afterwards the interrupted turn resumes
  (with its second encounter if it had earned one).
* Zombie's ships that would go to the warp return to colonies (where they came from,
  else the first colony). "You may free any player's ships from the warp as part of a
  deal": as a main player in a deal, a proposal (by either side) may add that the Zombie
  frees all of the other main player's ships from the warp (they go to colonies of their
  owner's choice); a count, or a third player's ships, would multiply the proposals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Flare, Power, _flag, _has_flag, _names, _own_ships, _won, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


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
