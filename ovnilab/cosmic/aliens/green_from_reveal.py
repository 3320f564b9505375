"""The green aliens (the rulebook's beginners' set) whose power acts from the reveal of
the encounter cards on: Chosen, Pacifist and Reserve (reveal), Barbarian, Cudgel, Hacker
and Spiff (resolution), Clone and Filch (clean-up).

Readings (where REFERENCE.md's one line leaves a choice open, ovnilab takes this one)
------------------------------------------------------------------------------------
* Chosen's three cards are drawn face up; "add" is only offered when both its card and
  the drawn card are attacks: the new attack is laid on the old one and their values add
  up (a replaced card goes to the table and is discarded); unused drawn cards are
  discarded.
* Barbarian keeps up to one card per ship it had on the gate, chosen one at a time, and
  the rest of the defender's hand is discarded. It looks at that hand to choose: while
  the loot is pending the hand is in the Barbarian's observation (``peeked_hands``,
  :meth:`State.shown_hands`) and its determinizations keep it as it is.
* Barbarian's wild flare discards unwanted cards received as compensation or rewards:
  which cards came that way is hidden from the others, so the engine checks their
  number (up to as many as it received this encounter, chosen from its hand).
* Cudgel's extra losses come from the opponent's colonies, chosen by the opponent.
* Cudgel's wild flare (other players' ships on a planet where you gain a colony go to
  the warp) acts for whoever lands there from the gate: the offense or an offensive
  ally (REFERENCE's "on gaining a colony").
* Hacker may take compensation from any other players (one card at a time) and sees
  their hands to choose: while that choice is pending those hands are in the Hacker's
  observation and its determinizations keep them (like Barbarian's loot above; a
  player whose Hacker wild flare refuses compensation is not shown).
* Hacker's super flare gives the cards back to the opponent whose compensation it was,
  whoever the Hacker took them from (REFERENCE names no receiver); the flare, in use while
  it acts, is not one of the cards offered (under ``Rules(before_issue_13=True)`` it was).
* Clone's super flare always takes double compensation ("up to": more cards never cost
  the Clone anything, so the engine asks nothing).
* Reserve's wild flare takes the reinforcements the *other* players played this
  encounter (flares.toml: "others discard"); its player's own stay to be discarded
  (``Rules(before_issue_13=True)``: every reinforcement, as its saves played it).
* Clone and Filch act in the cleanup window, after resolution and before the cards are
  discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import REINFORCEMENT
from .base import Flare, Power, _flag, _has_flag, _names, _without_flare, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


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


# ---------------------------------------------------------------- Reserve
def _others_reinforcements(s: "State", seat: int) -> list[int]:
    """The reinforcements on the table that players other than ``seat`` played (every
    reinforcement under ``Rules(before_issue_13=True)``, as its saves played the flare)."""
    mine = set() if s.rules.before_issue_13 else {k[2] for k in s.eflags if k[0] == "reinforced" and k[1] == seat}
    return [c for c in s.table if s.t.kind[c] == REINFORCEMENT and c not in mine]


def _reserve_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: take the reinforcements the others played (they would be discarded)
    for c in _others_reinforcements(s, seat):
        s.table.remove(c)
        s.hands[seat].append(c)


register(Power(
    name="Reserve", timing="reveal", roles=("main", "ally"), optional=True,
    hooks={"reinforce_max": lambda s, seat: 6},
    wild=Flare("cleanup", _reserve_wild, can_use=lambda s, seat: bool(_others_reinforcements(s, seat)),
               text="take the reinforcements others played this encounter"),
    super=Flare("reveal", lambda s, seat, arg: _flag(s, seat, "reserve9"), roles=("main", "ally"),
                can_use=lambda s, seat: s.kinds == (0, 0), text="attack cards up to 09 as reinforcements"),
))


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
    # super flare: the cards given back are chosen from the hand the flare returns to, not
    # the flare in use (REFERENCE: "after use it returns to the hand")
    return [f"give back {x}" for x in _names(s, _without_flare(s, seat, "Hacker"))]


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
