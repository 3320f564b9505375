"""The yellow aliens of the base set (alert level yellow, issue 14), Mind to Tick-Tock:
powers and flares.

Each alien is one ``register(Power(...))`` into :data:`ovnilab.cosmic.aliens.POWERS`, as in
:mod:`ovnilab.cosmic.aliens_yellow`, which holds the other yellow aliens (Amoeba to
Kamikaze), the helpers both modules use and the readings every yellow alien follows
(the order in which card-value changes stack).

Readings (where the reference leaves a choice, ovnilab takes this one)
----------------------------------------------------------------------
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
* Mirror reverses the two digits of a value from 00 to 99 (``08`` -> ``80``, ``30`` ->
  ``03``); a value another power pushed outside that range stays as it is. Its wild
  flare copies the opponent's card as revealed (kind and value, before powers change
  it).
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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aliens import POWERS as AL_POWERS
from .aliens import Flare, Power, _flag, _has_flag, _won, register
from .aliens_yellow import _flare_card, _hook_only
from .data import ATTACK

if TYPE_CHECKING:  # pragma: no cover
    from .rules import State

__all__: list[str] = []


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
