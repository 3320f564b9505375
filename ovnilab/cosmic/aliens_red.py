"""The red aliens of the base set (alert level red, issue 14): powers and flares.

Each alien is one ``register(Power(...))`` into :data:`ovnilab.cosmic.aliens.POWERS`, in
the form the green ones take (see :mod:`ovnilab.cosmic.aliens` for the fields and the
hooks); its text is in ``data/cosmic/aliens.toml`` and ``flares.toml``. The source is
``ALIENS-YELLOW-RED.md`` (the implementers' reference, in our own words).

Implemented: Machine, Masochist, Tripler, Virus, Void, Warpish. Not yet: Citadel,
Dictator, Gambler, Grudge (their level in ``Rules(alien_levels=...)`` is refused by
name).

Readings (where the reference leaves a choice, ovnilab takes this one)
----------------------------------------------------------------------
* Card-value changes stack in a fixed order: the flares played this encounter first (by
  seat), then the powers by seat (red, blue, yellow, ...). Tripler's wild flare so acts
  "before any other effect"; Tripler's power changes the value other powers left.
* Machine's extra encounters are offered like the second encounter (``have a second
  encounter`` / ``end turn``), after every encounter of its turn while it holds an
  encounter card (the ``another_encounter`` hook); zapped, only the rulebook's second
  encounter after a success remains. Its wild flare, played in the resolution window of
  the first encounter, grants the second whatever the result; a Machine without encounter
  cards draws its new hand at once, the flare kept.
* Tripler rounds a division up; a value changed below 0 (Calculator's wild flare) is
  tripled like any value up to the limit.
* Virus multiplies its own ships in the encounter by its card's value (the card as
  changed by powers and flares); its super flare multiplies every ship counted for its
  side (an ally's Macron ships count 4 each, as they do in totals).
* Warpish counts the ships in the warp when totals are counted (after reveal and again
  when the outcome is decided, before any ship of this encounter is lost).
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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aliens import Flare, Power, _flag, _has_flag, _own_ships, register
from .data import ATTACK, FLARE

if TYPE_CHECKING:  # pragma: no cover
    from .rules import State

__all__: list[str] = []


def _hook_only(s: "State", seat: int, arg: Any) -> None:
    """A flare side whose whole effect is its hooks (they act once it is played)."""


def _printed_attack(s: "State", side: int, at_least: int) -> bool:
    """Whether ``side``'s revealed card is an attack printed with at least ``at_least``."""
    c = s.card[side]
    return s.revealed and c >= 0 and s.t.kind[c] == ATTACK and s.t.value[c] >= at_least


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
        for c in s.hands[seat]:
            if s.t.kind[c] == FLARE and s.t.alien[c] == "Machine":
                s.eflags.add(("protect", seat, c))
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
