"""The yellow aliens (the rulebook's second alert level) whose power acts from the reveal
of the encounter cards on: Anti-Matter, Fodder and Human (reveal), Reincarnator and
Tick-Tock (resolution) and Fido (clean-up).

Readings (where ALIENS-YELLOW-RED.md leaves a choice, ovnilab takes this one)
-----------------------------------------------------------------------------
* Anti-Matter: a tie of totals still goes to the defense (the reference's medium
  reading). Its flares are played ahead, in any window, like the other flares whose
  moment comes later: the wild side cancels the next wild flare another player plays
  this encounter, the super side the next flare of the player it names (through the
  ``flare_played`` hook); the cancelled flare counts as played and stays in its owner's
  hand.
* Fodder feeds its total one card at a time (``Fodder: discard attack 07``, then
  ``stop``); the range is set by the two cards' values, which feeding does not change.
  Its super flare takes the Cosmodex reading: any attack card below the opponent's card.
  Its wild flare lets a player who was invited by a side and is no ally join that side
  after the reveal with one ship, from its colony with the most ships.
* Human's zapped power gives its side the win whatever the cards (attack or negotiate
  against an attack; two negotiates still make a deal); a negotiating Human that wins so
  takes no compensation. Its wild flare, once played, goes to the Human player (or to
  the discard pile when nobody is Human) and the card it made stays an attack 42 for the
  encounter.
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
* Fido fetches in the clean-up window, as Clone and Filch take their cards: the main
  players' encounter cards that are about to be discarded (not reinforcements, artifacts
  or a card Clone or Filch took), each offered to one named player
  (``use Fido power: offer attack 08 to blue``). A refused card stays with Fido (the
  reference's first reading); an accepted one earns Fido a ship from the warp or a card
  (``Fido: retrieve a ship`` / ``Fido: draw a card``). The cards are face up: everybody
  knows where they go. Its super flare is played ahead, in the resolution window; each
  offer is then followed by the next (``Fido: offer ...`` or ``Fido: stop``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import ATTACK
from .base import POWERS, Flare, Power, _flag, _has_flag, _hook_only, _own_ships, _won, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


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
    found = s._flare_pile(seat, alien, hoard=True)
    if found is None:
        raise ValueError(f"{s.colours[seat]} holds no {alien} flare")
    return found


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
        P = POWERS.get(a)
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
