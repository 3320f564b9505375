"""The red aliens (the rulebook's third and last alert level), all ten, in phase order:
Masochist (regroup), Dictator (destiny), Grudge (after the alliances form), Citadel
(after the selection), Gambler, Tripler, Virus and Warpish (reveal), Machine and Void
(resolution).

Readings (where ALIENS-YELLOW-RED.md leaves a choice, ovnilab takes this one)
-----------------------------------------------------------------------------
* Masochist's check ("at the start of every regroup phase, before the offense
  retrieves") is made once the regroup window is over (the ``before_regroup`` hook), so
  that a Cosmic Zap can reach it there (zapped: no win at that check) and what is played
  in that window (Mobius Tubes, Plague, its own super flare) counts. "In play" is a ship
  on a planet, on the gate or beside the target planet; the warp and the ships removed
  from the game are not. Its win is an alternate win (``State._win``), shared with
  nobody unless someone reaches five foreign colonies at the same moment. It never
  loses its power for too few home colonies (``Power(keeps_power=True)``). The "Do not
  use with Healer" line the reference doubts is not applied (low confidence). Its wild
  flare names a player other than the offense with a ship in the warp (the flare's
  player itself included), who brings one back to a colony of its choice; it is offered
  only while the offense has a ship on a planet or the gate. Its super flare's ship is
  removed within the limit of the void (``State.removable``).
* Dictator's "destiny control" is a general hook (``destiny_control``): before each
  destiny draw of an encounter where it is not the offense (redraws included: its own
  colour drawn by the offense, the wild flare), the Dictator chooses the card from the
  remaining deck (``Dictator: draw blue``, ``draw wild``, ``draw most foreign
  colonies``; after the usual reshuffle), and the card then counts as a draw: the
  offense's own colour, a wild card's choice, a special card's count. Its role then is
  "not a main player" (nobody defends before the draw). While it chooses it sees the
  remaining deck (its observation's ``destiny_deck``); in a game where a power may
  choose destiny cards, determinizations shuffle that deck (its order is nobody's to see;
  its cards stay). A Cosmic Zap stops it in the regroup window, the last before the
  draw (``Power.zap_timing``); then, on its own turn, or in an encounter without a draw
  (Warrior's counter-encounter), the card is drawn at random. The choice is public (the
  card drawn is shown). Its wild flare, in the destiny window, drops the card drawn (it
  stays in the destiny discards) and the draw starts again, with the power if it works.
  Its super flare is played in the regroup window of its own turn.
* Grudge's tokens (``State.grudge``: per seat, public, on the board by the holder's warp)
  are handed out by the hook ``alliances_formed``, after the window that follows the
  alliances, where a Cosmic Zap stops them (none are handed out). The penalty is taken
  by the hook ``final_outcome``: once the outcome is final (after the resolution window)
  and before the encounter's ships move, so "ships allied against the Grudge cannot
  pay" holds by itself: each holder, from the Grudge clockwise, loses ships of its
  choice from its colonies (its ships in the encounter are not on them; in a deal the
  allies have gone home and pay like any). One ship if the Grudge won or made a deal,
  four if it lost or failed to make one; another outcome (an encounter cancelled, both
  sides losing) costs nothing. Every token is then discarded, also when the power was
  zapped or lost since (the hook ``tally``). Its super flare (four ships whatever the
  result) and its wild flare (the winning opponent's allies go home with nothing: no
  colony, no rewards) are played in the resolution window, when the winner is known.
* Citadel's citadels are a place cards can be (``State.citadels``: per planet, the attack
  cards beside it, face up, in every observation, counted by ``check_invariants``; the
  board draws a chip with their sum). Placement is a choice the power asks for after
  the first destiny draw of each encounter (the ``destiny`` hook; ``Citadel: build
  attack 08`` then ``Citadel: beside blue 3``, or ``build nothing``), asked whenever the
  Citadel holds cards (its hand's size is public, whether it holds an attack is not); it
  is not a use of the power, so no Cosmic Zap reaches it, and an encounter without a
  destiny draw (Warrior's counter-encounter) has no placement. Activation is the power's
  use, in the after-selection window, for every citadel beside the target whoever is
  involved; a Cosmic Zap (in answer to the use, or in that window) cancels it. Printed
  values count (powers changing cards do not touch citadels). The defense "loses" when
  the offense wins or both sides lose (Loser's wild flare); then activated citadels are
  discarded (not when the activation was zapped), else they stay. They belong to the
  sheet: while the power is lost they stay and cannot be activated; whoever gets the
  Citadel power (Sorcerer's wild flare) may activate them. The super flare is played
  in the same window before the activation, which then offers ``use Citadel power:
  take them off the defense``. The wild flare (+5 to the defense) may be played by any
  main player or ally, as the sheet's bar says, the offense included.
* Gambler bluffs through the hook ``reveal`` (as the cards are revealed): its card stays
  face down (``State.claim``: the side, what is said, whether accepted; public, the card
  seen only by whoever selected it, :meth:`State.card_visible`) while it chooses
  ``Gambler: show my card`` or ``Gambler: say attack 20``. Legal claims (the reference's
  design choice): any face of an encounter card of the deck (its attack values,
  negotiate, morph), whatever the Gambler holds; the options never depend on its card.
  The other main player answers ``accept the claim`` / ``challenge the claim``. While a
  claim stands the claimed face counts (values, totals, the board), so neither the
  totals nor the board tell a bluff. Accepted, the real card goes unseen to the bottom
  of the cosmic deck once the outcome is final (so no Clone, Filch or Fido takes it; the
  deck is hidden, determinizations shuffle it). Challenged, the card is shown and counts;
  the liar (or the challenger, when the claim was true) loses as many ships as it has in
  the encounter, chosen from its colonies other than the target planet (the engine's
  ``lose`` task may exclude planets). A Cosmic Zap stops the power in the after-selection
  window (``Power.zap_timing``); a card selected face up (Oracle's opponent) is not
  bluffed about (a simplification of the Cosmodex's ruling that the Gambler may bluff
  when Oracle makes it show first). The super flare is played through the Gambler's
  choice after its claim: ``Gambler: stake 5 more ships`` (1 to 20, answered by Card Zap
  like any flare; the question is asked whenever flares are in play and the Gambler
  holds cards, ``stake nothing more`` without the flare); the challenge's loser loses
  that many more. The wild flare names the spread in the after-selection window
  (``spread 1`` to ``spread 20``); two attacks that far apart, as the powers left them,
  add it to the player's card. The spread is judged on the cards as revealed: a
  negotiate that a Pacifist wild flare turns into an attack 15 (a flare played after the
  reveal) was no attack then, and adds no spread. The sheet's "not with Sorcerer" is
  data: ``not_with`` in ``aliens.toml`` (:meth:`CosmicData.excluded`), so neither alien
  nor its flare is dealt into a game with the other (the first of the two in the
  shuffled order stays), and ``aliens=`` naming both is refused.
* Tripler rounds a division up; a value changed below 0 (Calculator's wild flare) is
  tripled like any value up to the limit. Card-value changes stack in the order
  :mod:`ovnilab.cosmic.aliens.base` gives (the flares played this encounter, then the
  powers by seat), so Tripler's wild flare acts "before any other effect" and Tripler's
  power changes the value other powers left.
* Virus multiplies its own ships in the encounter by its card's value (the card as
  changed by powers and flares); its super flare multiplies every ship counted for its
  side (an ally's Macron ships count 4 each, as they do in totals).
* Warpish counts the ships in the warp when totals are counted (after reveal and again
  when the outcome is decided, before any ship of this encounter is lost).
* Machine's extra encounters are offered like the second encounter (``have a second
  encounter`` / ``end turn``), after every encounter of its turn while it holds an
  encounter card (the ``another_encounter`` hook); zapped, only the rulebook's second
  encounter after a success remains. Its wild flare, played in the resolution window of
  the first encounter, grants the second whatever the result; a Machine without encounter
  cards draws its new hand at once, the flare kept.
* Void removes from the game (``State.removed``, the ``remove`` hook) the ships of the
  encounter that go to the warp because their side lost to Void's: the defense's ships on
  the target planet and its allies', or the gate's. Later losses from colonies (Cudgel's
  extra ships) are not "the losing side's ships that would go to the warp" and go to the
  warp. The engine keeps the limit: a player keeps at least ``state.win_at`` (the
  foreign colonies that win) ships in the game, the ships over it go to the warp (and may then be saved, e.g. by
  Zombie); removal acts before every other effect on ships bound for the warp (Zombie
  cannot save them), gives a negotiating loser no compensation for those ships, and is
  not a loss to the warp (Vacuum takes nobody along). Healer may heal removed ships.
  Its wild flare is an answer to an artifact being played (offered in the reply round
  that opens, like Card Zap, never in a window): the ship comes from the flare
  player's colony with the most ships outside the encounter, the artifact is discarded
  without effect (a Card Zap or a Cosmic Zap too). Its super flare is played in the
  resolution window, once its side has won, as an ally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import ATTACK
from .base import Flare, Power, _flag, _has_flag, _hook_only, _own_ships, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


def _printed_attack(s: "State", side: int, at_least: int) -> bool:
    """Whether ``side``'s revealed card is an attack printed with at least ``at_least``."""
    c = s.card[side]
    if s.claim is not None and s.claim[0] == side and s.claim[1]:
        # a card its Gambler keeps face down is printed as claimed, for everybody
        name = s.claim[1]
        return s.t.face_kind[name] == ATTACK and s.t.face_value[name] >= at_least
    return s.revealed and c >= 0 and s.t.kind[c] == ATTACK and s.t.value[c] >= at_least


# ---------------------------------------------------------------- Masochist
def _in_play(s: "State", seat: int) -> int:
    """``seat``'s ships in play: on planets, on the gate or beside the target planet (not
    in the warp nor removed from the game)."""
    return s.ships_on_colonies(seat) + s.gate[seat] + s.side[seat]


def _masochist_check(s: "State", seat: int) -> None:
    # power: at the start of every regroup, before the offense retrieves, a Masochist
    # with none of its ships in play wins the game
    if not _in_play(s, seat):
        s._win([seat], "Masochist: none of its ships in play")


def _masochist_wild_args(s: "State", seat: int) -> list[str]:
    # a player other than the offense with a ship in the warp to retrieve
    return [s.colours[o] for o in s.order_from(seat) if o != s.offense and s.warp[o] > 0]


def _masochist_wild_ok(s: "State", seat: int) -> bool:
    # not allowed when the offense would have no ship to start its encounter
    return _in_play(s, s.offense) > 0 and bool(_masochist_wild_args(s, seat))


def _masochist_wild_regroup(s: "State", seat: int) -> bool:
    # wild flare: the player named retrieves a ship instead of the offense (to a colony
    # of its choice)
    for o in range(s.n):
        if _has_flag(s, seat, f"masochist {s.colours[o]}"):
            s._push(("place", o, 1))
            return True
    return False


def _masochist_super(s: "State", seat: int, arg: Any) -> None:
    # super flare: a ship of yours in the warp is removed from the game instead of the
    # regroup's retrieval (the flare's regroup hook stops the retrieval)
    s.warp[seat] -= 1
    if not s._remove_ships(seat, 1):
        s.warp[seat] += 1  # (can_use keeps the limit: not reached)


register(Power(
    name="Masochist", timing="regroup", roles=("any",), optional=False, keeps_power=True,
    hooks={"before_regroup": _masochist_check},
    wild=Flare("regroup", lambda s, seat, arg: _flag(s, seat, f"masochist {arg}"), args=_masochist_wild_args,
               can_use=_masochist_wild_ok, hooks={"regroup": _masochist_wild_regroup},
               text="another player retrieves a ship instead of the offense"),
    super=Flare("regroup", _masochist_super, roles=("offense",), hooks={"regroup": lambda s, seat: True},
                can_use=lambda s, seat: s.warp[seat] > 0 and s.removable(seat) > 0,
                text="remove a ship of yours in the warp instead of retrieving one"),
))


# ---------------------------------------------------------------- Dictator
def _dictator_control(s: "State", seat: int) -> bool:
    # power: the Dictator looks through the remaining destiny deck and picks the card
    # that counts as the offense's draw (the super flare: on its own turn too)
    if not s._power_on(seat) or not s.ddeck:
        return False
    s._push(("power", seat, "Dictator", ("destiny_pick",)))
    return True


def _dictator_options(s: "State", seat: int, data: Any) -> list[str]:
    return [f"draw {x}" for x in dict.fromkeys(s.destiny_names(s.ddeck))]


def _dictator_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    name = arg[5:]
    code = next(c for c in sorted(s.ddeck) if s.destiny_names([c])[0] == name)
    s._draw_destiny(code)


def _dictator_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: the offense discards the destiny card drawn and draws again (the rest
    # of this destiny window is dropped: the new draw opens its own)
    from ..rules.encounter import IDX_DESTINY

    s.tasks[:] = [t for t in s.tasks if not (t[0] == "window" and t[1] == "destiny")]
    s._set_defender(-1, ())
    s.destiny = -1
    s.flow = IDX_DESTINY


register(Power(
    name="Dictator", timing="destiny", roles=("not_main",), optional=False,
    # zapped before the draw: in the regroup window, the last before it
    zap_timing="regroup",
    options=_dictator_options, choose=_dictator_choose, public_choices=True,
    hooks={"destiny_control": _dictator_control},
    wild=Flare("destiny", _dictator_wild, roles=("defense", "not_main"),
               can_use=lambda s, seat: s.stage == "destiny" and s.defender >= 0,
               text="the offense discards the destiny card and draws again"),
    super=Flare("regroup", _hook_only, roles=("offense",), hooks={"destiny_control": _dictator_control},
                text="choose the destiny card on your own turn too"),
))


# ---------------------------------------------------------------- Grudge
def _grudge_tokens(s: "State", seat: int) -> None:
    # power: once the alliances are formed, each player the Grudge invited who did not
    # ally with it gets a grudge token
    side = s.side_of(seat)
    for o in s.inv[side]:
        if o not in s.allies[side] and o != seat:
            s.grudge[o] += 1


def _grudge_final(s: "State", seat: int) -> None:
    # power: the Grudge won or made a deal: each holder loses 1 ship of its choice; it
    # lost or failed to make a deal: 4 (the super flare: 4 whatever the result). The
    # ships still in the encounter (those allied against the Grudge) cannot pay: the
    # losses come from colonies before the encounter's ships move
    holders = [o for o in s.order_from(seat) if s.grudge[o]]
    if not holders:
        return
    side = s.side_of(seat)
    won = s.outcome == ("offense", "defense")[side] or s.outcome == "deal_made"
    lost = s.outcome == ("defense", "offense")[side] or s.outcome == "deal_failed"
    k = 4 if _has_flag(s, seat, "grudge4") or lost else 1 if won else 0
    for o in reversed(holders):  # pushed in front: the first holder from the Grudge loses first
        s._lose_from_colonies(o, k * s.grudge[o])
    s.grudge[:] = [0] * s.n  # every token is discarded


def _grudge_tally(s: "State", seat: int) -> None:
    # tokens left at the end of the encounter (the power zapped or lost since they were
    # handed out, an outcome that costs nothing) are discarded
    s.grudge[:] = [0] * s.n


def _grudge_wild_final(s: "State", seat: int) -> None:
    # wild flare: the opponent won: its allies gain nothing (no colony, no reward), their
    # ships go home
    opp = 1 - s.side_of(seat)
    if s.outcome == ("offense", "defense")[opp]:
        for a in list(s.allies[opp]):
            s._send_home(a)
        s.allies[opp] = []


register(Power(
    name="Grudge", timing="alliance_end", roles=("main",), optional=False,
    hooks={"alliances_formed": _grudge_tokens, "final_outcome": _grudge_final, "tally": _grudge_tally},
    wild=Flare("resolution", _hook_only, roles=("main",), hooks={"final_outcome": _grudge_wild_final},
               can_use=lambda s, seat: s.outcome == ("offense", "defense")[1 - s.side_of(seat)]
               and bool(s.allies[1 - s.side_of(seat)]),
               text="the winning opponent's allies gain nothing"),
    super=Flare("resolution", lambda s, seat, arg: _flag(s, seat, "grudge4"), roles=("main",),
                can_use=lambda s, seat: any(s.grudge), text="every token holder loses 4 ships"),
))


# ---------------------------------------------------------------- Citadel
def _citadel_destiny(s: "State", seat: int, card: int, named: int) -> None:
    # power (placement): once per encounter, after destiny is drawn, a citadel may be
    # built; asked whenever the Citadel holds cards (the hand's size is public; whether it
    # holds an attack is not)
    if not _has_flag(s, seat, "citadel asked") and s.hands[seat]:
        _flag(s, seat, "citadel asked")
        s._push(("power", seat, "Citadel", ("place",)))


def _citadel_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "place":
        names = sorted({s.t.name[c] for c in s.hands[seat] if s.t.kind[c] == ATTACK})
        return [f"build {x}" for x in names] + ["build nothing"]
    return [f"beside {s.pname[p]}" for p in range(len(s.pname))]


def _citadel_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "place":
        if arg != "build nothing":
            s._push(("power", seat, "Citadel", ("where", arg[6:])))
        return
    # the attack card lies face up beside the planet (citadels stack)
    c = s._take_from(s.hands[seat], data[1])
    s.citadels[s.pindex[arg[7:]]].append(c)


def _citadel_sum(s: "State") -> int:
    return sum(s.t.value[c] for c in s.citadels[s.target]) if s.target >= 0 else 0


def _citadel_totals(s: "State", seat: int, tot: list) -> None:
    # power (activation): the citadels beside the target add to the defense's total (the
    # super flare: or take off it)
    if _has_flag(s, seat, "citadels on"):
        v = _citadel_sum(s)
        tot[1] += -v if _has_flag(s, seat, "citadels minus") else v


def _citadel_use(s: "State", seat: int, arg: Any) -> None:
    _flag(s, seat, "citadels on")
    if arg == "take them off the defense":
        _flag(s, seat, "citadels minus")
    s._compute_cards()


def _citadel_tally(s: "State", seat: int) -> None:
    # power: activated citadels are discarded when the defense loses (not when the
    # activation was zapped); otherwise they stay. Bookkeeping, so even while the power
    # is zapped or lost (the hook ``tally``)
    if (_has_flag(s, seat, "citadels on") and ("zap", seat) not in s.eflags
            and s.outcome in ("offense", "both lose") and s.target >= 0):
        cards = s.citadels[s.target]
        s.citadels[s.target] = []
        for c in cards:
            s._discard(c, seat)


def _citadel_can(s: "State", seat: int) -> bool:
    return s.target >= 0 and bool(s.citadels[s.target]) and ("used", seat) not in s.eflags


register(Power(
    name="Citadel", timing="after_selection", roles=("any",), optional=True,
    use=_citadel_use, can_use=_citadel_can,
    args=lambda s, seat: [None, "take them off the defense"] if _has_flag(s, seat, "citadel super") else [None],
    options=_citadel_options, choose=_citadel_choose, public_choices=True,
    hooks={"destiny": _citadel_destiny, "totals": _citadel_totals, "tally": _citadel_tally},
    wild=Flare("reveal", _hook_only, roles=("main", "ally"), can_use=lambda s, seat: s.revealed,
               hooks={"totals": lambda s, seat, tot: tot.__setitem__(1, tot[1] + 5)},
               text="+5 to the defense's total"),
    super=Flare("after_selection", lambda s, seat, arg: _flag(s, seat, "citadel super"), can_use=_citadel_can,
                text="the citadels may take their values off the defense"),
))


# ---------------------------------------------------------------- Gambler
def _gambler_reveal(s: "State", seat: int) -> None:
    # power: as the cards are revealed, the Gambler may keep its card face down and say
    # what it is (a card selected face up, Oracle's opponent, cannot be hidden any more)
    if s.face_up == seat or s.claim is not None:
        return
    s.claim = (s.side_of(seat), None, False)
    s._push(("power", seat, "Gambler", ("claim",)))


def _claimable(s: "State") -> list[str]:
    """What a Gambler may say its card is: a face of an encounter card of the deck (the
    deck's attack values, negotiate, morph)."""
    T = s.t
    faces = {T.name[c] for c in s.cards_in_game[: s.g.deck_size] if T.is_enc[c]}
    return sorted(faces, key=lambda x: (T.face_kind[x], T.face_value[x], x))


def _holds_own_super(s: "State", seat: int) -> bool:
    return (s.rules.flares and ("flare", seat) not in s.eflags and ("flared", "Gambler") not in s.eflags
            and s._flare_pile(seat, "Gambler") is not None)


def _gambler_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "claim":
        return ["show my card"] + [f"say {x}" for x in _claimable(s)]
    if data[0] == "stake":
        # asked whenever flares are in play and the Gambler holds cards (public facts);
        # the stakes only with its flare in hand (the super flare)
        more = [f"stake {k} more ship" + ("s" if k > 1 else "") for k in range(1, 21)] if _holds_own_super(
            s, seat) else []
        return ["stake nothing more"] + more
    return ["accept the claim", "challenge the claim"]


def _gambler_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    side = s.side_of(seat) if data[0] != "answer" else data[1]
    if data[0] == "claim":
        if arg == "show my card":
            s.claim = None  # the card is revealed as usual
            s._compute_cards()
            return
        s.claim = (side, arg[4:], False)
        answer = ("power", s.opponent(seat), "Gambler", ("answer", side, 0))
        if s.rules.flares and s.hands[seat]:
            s._push(("power", seat, "Gambler", ("stake", answer)))
        else:
            s._push(answer)
        s._compute_cards()
        return
    if data[0] == "stake":
        answer = data[1]
        if arg == "stake nothing more":
            s._push(answer)
            return
        k = int(arg.split()[1])
        # super flare, played through this choice (answered like any flare played)
        s.eflags.add(("flare", seat))
        s.eflags.add(("flared", "Gambler"))
        s._note_shown(s.g.flare_card["Gambler"], seat)
        s._push(*s._zap_tasks(seat, "card"), ("effect", seat, "flare", "Gambler", "super", k), answer)
        return
    # the other main player answers the claim
    gambler = s.main(side)
    said = s.claim[1]
    if arg == "accept the claim":
        # the encounter resolves as though the claim were true; the real card goes to the
        # bottom of the cosmic deck unseen (encounter.py, before the resolution)
        s.claim = (side, said, True)
        return
    # challenged: the card is shown; the liar, or else the challenger, loses as many ships
    # as it has in the encounter (and the stake), from outside the encounter
    s.claim = None
    truth = s.t.name[s.card[side]] == said
    loser = seat if truth else gambler
    k = _own_ships(s, loser) + data[2]
    away = (s.target,) if loser == s.defender and s.target >= 0 else ()
    s._lose_from_colonies(loser, k, exclude=away)
    s._compute_cards()


def _gambler_super(s: "State", seat: int, k: int) -> None:
    # super flare: the stake of the answer waiting behind this effect grows by k ships
    for i, t in enumerate(s.tasks):
        if t[0] == "power" and t[2] == "Gambler" and t[3][0] == "answer":
            s.tasks[i] = t[:3] + ((t[3][0], t[3][1], t[3][2] + k),)
            break


def _spread_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # wild flare: with two attacks differing by at least the spread named, the spread
    # adds to your card
    spread = next((k[2] for k in s.eflags if k[0] == "spread" and k[1] == seat), 0)
    me = s.side_of(seat)
    if me >= 0 and kinds[0] == ATTACK and kinds[1] == ATTACK and abs(values[0] - values[1]) >= spread:
        values[me] += spread


register(Power(
    name="Gambler", timing="reveal", roles=("main",), optional=True,
    # zapped before the reveal: in the window right before it
    zap_timing="after_selection",
    options=_gambler_options, choose=_gambler_choose, public_choices=True,
    hooks={"reveal": _gambler_reveal},
    wild=Flare("after_selection", lambda s, seat, arg: s.eflags.add(("spread", seat, int(arg.split()[1]))),
               roles=("main",), args=lambda s, seat: [f"spread {k}" for k in range(1, 21)],
               hooks={"card": _spread_card}, text="name a spread; attacks that far apart add it to your card"),
    # played only through the Gambler's choice after a claim ("stake 5 more ships")
    super=Flare("passive", _gambler_super, roles=("main",), text="stake 1-20 more ships on a bluff"),
))


# ---------------------------------------------------------------- Tripler
def _tripled(v: int, limit: int) -> int:
    """Tripler: up to ``limit`` a value is tripled, above it divided by 3 rounded up."""
    return v * 3 if v <= limit else -(-v // 3)


def _tripler_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # power: Tripler's own attack card is tripled (10 or less) or divided by 3 (above);
    # its super flare moves the limit to 13
    side = s.side_of(seat)
    if kinds[side] == ATTACK:
        values[side] = _tripled(values[side], 13 if _has_flag(s, seat, "tripler13") else 10)


def _tripler_wild_card(s: "State", seat: int, kinds: list, values: list) -> None:
    # wild flare: the opponent's attack of 15 or more is divided by 3, rounded up
    opp = 1 - s.side_of(seat)
    if kinds[opp] == ATTACK and values[opp] >= 15:
        values[opp] = -(-values[opp] // 3)


register(Power(
    name="Tripler", timing="reveal", roles=("main",), optional=False,
    hooks={"card": _tripler_card},
    wild=Flare("reveal", _hook_only, roles=("main",), hooks={"card": _tripler_wild_card},
               can_use=lambda s, seat: _printed_attack(s, 1 - s.side_of(seat), 15),
               text="divide the opponent's attack of 15 or more by 3"),
    super=Flare("reveal", lambda s, seat, arg: (_flag(s, seat, "tripler13"), s._compute_cards()), roles=("main",),
                can_use=lambda s, seat: s.revealed and s.kinds[s.side_of(seat)] == ATTACK,
                text="triple attacks up to 13"),
))


# ---------------------------------------------------------------- Virus
def _virus_totals(s: "State", seat: int, tot: list) -> None:
    # power: its ships times its attack card replace their sum (allies still add); the
    # super flare multiplies every ship of its side
    side = s.side_of(seat)
    if s.kinds[side] != ATTACK:
        return
    v = s.values[side]
    k = s.side_ships(side) if _has_flag(s, seat, "virus_all") else _own_ships(s, seat)
    tot[side] += k * v - k - v


def _virus_wild_totals(s: "State", seat: int, tot: list) -> None:
    # wild flare: your ships times your allies' ships replace their sum
    side = s.side_of(seat)
    own = _own_ships(s, seat)
    allied = s.side_ships(side) - own
    tot[side] += own * allied - own - allied


register(Power(
    name="Virus", timing="reveal", roles=("main",), optional=False,
    hooks={"totals": _virus_totals},
    wild=Flare("reveal", _hook_only, roles=("main",), hooks={"totals": _virus_wild_totals},
               can_use=lambda s, seat: s.revealed, text="your ships times your allies' ships"),
    super=Flare("reveal", lambda s, seat, arg: (_flag(s, seat, "virus_all"), s._compute_cards()), roles=("main",),
                can_use=lambda s, seat: s.revealed and s.kinds[s.side_of(seat)] == ATTACK
                and bool(s.allies[s.side_of(seat)]),
                text="multiply your allies' ships too"),
))


# ---------------------------------------------------------------- Warpish
def _warpish_bonus(s: "State", seat: int) -> int:
    # power: with an attack card, +1 per ship in the warp, of every colour
    return sum(s.warp) if s.kinds[s.side_of(seat)] == ATTACK else 0


def _warpish_super_totals(s: "State", seat: int, tot: list) -> None:
    # super flare: the opponent's side takes -1 per ship of the opponent in the warp
    opp = s.opponent(seat)
    tot[s.side_of(opp)] -= s.warp[opp]


register(Power(
    name="Warpish", timing="reveal", roles=("main",), optional=False,
    hooks={"total_bonus": _warpish_bonus},
    wild=Flare("reveal", _hook_only, roles=("main",), hooks={"total_bonus": lambda s, seat: s.warp[seat]},
               can_use=lambda s, seat: s.revealed and s.warp[seat] > 0,
               text="+1 per ship of yours in the warp"),
    super=Flare("reveal", _hook_only, roles=("main",), hooks={"totals": _warpish_super_totals},
                can_use=lambda s, seat: s.revealed and s.warp[s.opponent(seat)] > 0,
                text="-1 to the opponent per ship of its own in the warp"),
))


# ---------------------------------------------------------------- Machine
def _machine_more(s: "State", seat: int) -> bool:
    # power: another encounter after each one, won or lost, while it holds an
    # encounter card
    return s.has_encounter_card(seat)


def _machine_wild_more(s: "State", seat: int) -> bool:
    # wild flare: a second encounter even after a failed first one; without encounter
    # cards, a new hand now (the flare set aside, so it is kept)
    if s.enc_no != 1:
        return False
    if not s.has_encounter_card(seat):
        found = s._flare_pile(seat, "Machine")
        if found is not None:
            s.eflags.add(("protect", seat, found[1]))
        s._new_hand(seat)
    return True


def _machine_super(s: "State", seat: int, arg: Any) -> None:
    # super flare: draw a card in your regroup instead of retrieving a ship (the flare's
    # regroup hook stops the retrieval)
    s._draw(seat, 1)


register(Power(
    name="Machine", timing="resolution", roles=("offense",), optional=True,
    hooks={"another_encounter": _machine_more},
    wild=Flare("resolution", _hook_only, roles=("offense",), hooks={"another_encounter": _machine_wild_more},
               can_use=lambda s, seat: s.enc_no == 1, text="a second encounter whatever happened"),
    super=Flare("regroup", _machine_super, roles=("offense",), hooks={"regroup": lambda s, seat: True},
                can_use=lambda s, seat: s.warp[seat] > 0, text="draw a card instead of retrieving a ship"),
))


# ---------------------------------------------------------------- Void
def _void_remove(s: "State", seat: int, owner: int, k: int, side: int) -> int:
    # power: when Void's side wins (Void a main player; with its super flare an ally),
    # the losing side's ships that would go to the warp are removed from the game (the
    # engine keeps the limit and sends the rest on to the warp)
    me = s.side_of(seat)
    if me < 0 or side != 1 - me or s.outcome != ("offense", "defense")[me]:
        return 0
    return k


def _void_side_won(s: "State", seat: int) -> bool:
    me = s.side_of(seat)
    return me >= 0 and s.outcome == ("offense", "defense")[me]


register(Power(
    name="Void", timing="resolution", roles=("main",), optional=False,
    hooks={"remove": _void_remove},
    # wild flare: an answer to an artifact being played (rules/answers.py: offered in the
    # reply round, like Card Zap), never in a window
    wild=Flare("passive", _hook_only, can_use=lambda s, seat: False,
               text="a ship of yours to the warp cancels an artifact"),
    super=Flare("resolution", _hook_only, roles=("ally",), hooks={"remove": _void_remove},
                can_use=_void_side_won, text="use the power as an ally when your side wins"),
))
