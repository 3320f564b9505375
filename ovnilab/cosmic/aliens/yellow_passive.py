"""The yellow aliens (the rulebook's second alert level) whose power is passive, a rule
change that acts whenever its moment comes (no phase on the sheet): Hate, Healer and
Remora.

Readings (where ALIENS-YELLOW-RED.md leaves a choice, ovnilab takes this one)
-----------------------------------------------------------------------------
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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import ATTACK, NEGOTIATE
from .base import Flare, Power, _flag, _has_flag, _hook_only, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


# ---------------------------------------------------------------- Hate
def _hate_turn(s: "State", seat: int) -> None:
    # power, at the start of its turn: Hate discards a card of its choice (a Hate that
    # needs a new hand draws it first: the designer's ruling)
    if not s.has_encounter_card(seat):
        s._new_hand(seat)
    s._push(("power", seat, "Hate", ("hate",)))


def _hate_super_ready(s: "State", seat: int) -> bool:
    return s._flare_pile(seat, "Hate") is not None


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
            # is shown and kept; the flare is played face up and stays in the hand
            # (REFERENCE), so every player knows it is there
            name = arg[5:].removesuffix(" and keep it")
            s._note_shown(s.g.flare_card["Hate"], seat)
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
