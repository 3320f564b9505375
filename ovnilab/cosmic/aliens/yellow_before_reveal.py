"""The yellow aliens (the rulebook's second alert level) whose power acts before the
encounter cards are revealed: Shadow (destiny), Mite (launch), Mind (alliance),
Philanthropist (after the alliances form), Calculator, Kamikaze and Mirror (planning) and
Amoeba (after the selection).

Readings (where ALIENS-YELLOW-RED.md leaves a choice, ovnilab takes this one)
-----------------------------------------------------------------------------
* Shadow acts on every destiny draw (redraws included) through the ``destiny`` hook: a
  colour of another player (the offense's own colour included), or a special card
  naming another player, costs that player one ship from the colony Shadow names
  (``Shadow: execute the ship on blue 3``); on a wild card Shadow may name any other
  player, or ``spare everybody``. Its super flare ("on your own turn") is played in the
  regroup window, before the draw; each execution then offers ``... and take its place``
  (a ship of Shadow's from the warp lands on that planet). Its wild flare's ship from
  outside the encounter comes from the defense's fullest other colony.
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
* Calculator's wild flare sets no floor: a card may end below 0 (the reference's "pick a
  behaviour"); the sum is of the two cards as revealed (a morph already copied).
* Kamikaze's ships come from its colonies, chosen one at a time (it may empty a home
  planet and lose its power, as the reference warns); the cards are drawn at once.
* Mirror reverses the two digits of a value from 00 to 99 (``08`` -> ``80``, ``30`` ->
  ``03``); a value another power pushed outside that range stays as it is. Its wild
  flare copies the opponent's card as revealed (kind and value, before powers change
  it).
* Amoeba names a count (``use Amoeba power: add 3 ships`` / ``withdraw 2 ships``); added
  ships come from its fullest other colony, one at a time, withdrawn ones go back where
  they came from (a defense's to its fullest other colony). Its wild flare (up to four,
  before the selection) needs no ship in the encounter already; its super flare is the
  power used as an ally, in the same window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import ATTACK
from .base import Flare, Power, _flag, _has_flag, _hook_only, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


def _ship_counts(s: "State", seat: int, verb: str) -> list[str]:
    """``"<verb> k ship(s)"`` for k = 1..4, as far as ``seat`` has ships on colonies."""
    k = min(4, s.ships_on_colonies(seat))
    return [f"{verb} {i} ship" + ("s" if i > 1 else "") for i in range(1, k + 1)]


def _count(arg: str) -> int:
    return int(arg.split()[1])


def _opponent_or_main_players(s: "State", seat: int) -> list[str]:
    """Whose hand Mind looks at, whom Philanthropist gives to: a main player names its
    opponent, anybody else either main player."""
    opp = s.opponent(seat)
    if opp >= 0:
        return [s.colours[opp]]
    return [s.colours[o] for o in (s.offense, s.defender) if o >= 0]


# ---------------------------------------------------------------- Shadow
#: the super flare's ending of an execution choice (the ship from the warp takes its place)
_TAKE_PLACE = " and take its place"


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
        out += [x + _TAKE_PLACE for x in out]
    return out


def _shadow_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if arg == "spare everybody":
        return
    if arg.startswith("execute a ship of "):
        s._push(("power", seat, "Shadow", ("execute", s.cindex[arg[18:]])))
        return
    victim = data[1]
    replace = arg.endswith(_TAKE_PLACE)
    p = s.pindex[arg[len("execute the ship on "):].removesuffix(_TAKE_PLACE)]
    s.ships[p * s.n + victim] -= 1
    if replace:
        # super flare: one of Shadow's ships leaves the warp for that planet
        s.warp[seat] -= 1
        s.ships[p * s.n + seat] += 1
    s._warp_ships(victim, [p])
    if replace:
        # the new colony may be a foreign one: rulebook, the game ends as soon as five
        # foreign colonies are reached (in the destiny phase if need be)
        s._win_at_once()


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


# ---------------------------------------------------------------- Mind
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
    args=_opponent_or_main_players, can_use=lambda s, seat: s.defender >= 0,
    wild=Flare("any", lambda s, seat, arg: s.eflags.add(("flag", seat, "mind draws", s.cindex[arg])),
               args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
               hooks={"drew_cards": _mind_wild_drew},
               text="see every card another player draws this encounter"),
    super=Flare("alliance", lambda s, seat, arg: [_mind_look(s, seat, o) for o in (s.offense, s.defender)],
                roles=("not_main",), can_use=lambda s, seat: s.defender >= 0,
                text="look at both main players' hands"),
))


# ---------------------------------------------------------------- Philanthropist
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
    args=_opponent_or_main_players, can_use=lambda s, seat: bool(s.hands[seat]),
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
