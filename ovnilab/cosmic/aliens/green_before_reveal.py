"""The green aliens (the rulebook's beginners' set) whose power acts before the encounter
cards are revealed: Will (destiny), Mutant and Parasite (alliance), Loser, Oracle and
Trader (planning) and Sorcerer (after the selection).

Readings (where REFERENCE.md's one line leaves a choice open, ovnilab takes this one)
------------------------------------------------------------------------------------
* Will may name any other player as the defender, aimed at any of that player's home
  planets or at any planet where it has a colony.
* Mutant chooses for each card whether it comes from the deck or at random from a
  named player.
* Parasite's wild flare ("when someone loses their power") is offered in the windows of
  the encounter during which a player lost its power (the windows are the engine's
  moments; the power worked as the encounter started), and takes its ship from the
  Parasite's colony with the most ships.
* Loser's upset (the power, before selection) makes both main players select attack
  cards if they hold any; its super flare declares the upset after selection, without
  that constraint; its wild flare ("both sides lose") is declared before selection.
* Oracle's opponent selects first and its card is visible to everybody.
* Trader's super flare (trade hands with any player) is played as a main player, like
  the power it stretches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Flare, Power, _flag, _flare_aside, _flare_back, _names, _random_card, _without_flare, _won, register

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import State

__all__: list[str] = []


# ---------------------------------------------------------------- Will
def _will_args(s: "State", seat: int) -> list[str]:
    out = []
    for o in s.order_from(seat)[1:]:
        planets = list(s._home_planets(o)) + [p for p in s.colonies(o) if p // s.np != o]
        out += [f"{s.colours[o]} at {s.pname[p]}" for p in planets]
    return out


def _will_use(s: "State", seat: int, arg: str) -> None:
    # power: choose the defender and the planet freely
    col, planet = arg.split(" at ")
    p = s.pindex[planet]
    s._set_defender(s.cindex[col], (p,))
    s.target = p


def _will_wild_args(s: "State", seat: int) -> list[str]:
    d = s.defender
    return [s.pname[p] for p in s.colonies(d)] if d >= 0 else []


def _will_wild(s: "State", seat: int, arg: str) -> None:
    s.aim_options = (s.pindex[arg],)
    s.target = s.pindex[arg]


def _will_super(s: "State", seat: int, arg: str) -> None:
    s.eflags.add(("peek", seat, s.cindex[arg]))
    s._note_flares(seat, s.hands[s.cindex[arg]])


register(Power(
    name="Will", timing="destiny", roles=("offense",), optional=True,
    use=_will_use, args=_will_args,
    wild=Flare("destiny", _will_wild, roles=("offense",), args=_will_wild_args,
               can_use=lambda s, seat: 0 <= s.destiny < s.n and s.destiny != seat and s.defender == s.destiny,
               text="encounter the drawn player in any system"),
    super=Flare("destiny", _will_super, roles=("offense",),
                args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
                text="look at a player's hand"),
))


# ---------------------------------------------------------------- Mutant
def _mutant_options(s: "State", seat: int, data: Any) -> list[str]:
    if data[0] == "discard":  # (not the super flare in use)
        return [f"discard {x}" for x in _names(s, _without_flare(s, seat, "Mutant"))] + ["stop"]
    if len(s.hands[seat]) >= s.rules.hand_size:
        return []
    out = ["draw from the deck"] if (s.deck or s.discard) else []
    out += [f"take a card from {s.colours[o]}" for o in s.order_from(seat)[1:] if s.hands[o]]
    return out


def _mutant_choose(s: "State", seat: int, data: Any, arg: str) -> None:
    if data[0] == "discard":
        # super flare: discard up to three cards (before refilling)
        if arg != "stop":
            s._discard(s._take_from(s.hands[seat], arg[8:]), seat)
            if data[1] > 1:
                s._push(("power", seat, "Mutant", ("discard", data[1] - 1)))
        return
    # power: refill to eight, each card from the deck or a random one of another hand
    if arg == "draw from the deck":
        s._draw(seat, 1)
    else:
        _random_card(s, s.cindex[arg.rsplit(" ", 1)[1]], seat)
    s._push(("power", seat, "Mutant", ("refill",)))


register(Power(
    name="Mutant", timing="alliance", roles=("main",), optional=True,
    use=lambda s, seat, arg: s._push(("power", seat, "Mutant", ("refill",))),
    can_use=lambda s, seat: len(s.hands[seat]) < s.rules.hand_size,
    options=_mutant_options, choose=_mutant_choose,
    wild=Flare("cleanup", lambda s, seat, arg: [_random_card(s, o, seat) for o in
                                                [s.opponent(seat)] + s.allies[1 - s.side_of(seat)]],
               roles=("main",), can_use=_won, text="a random card from the opponent and its allies"),
    super=Flare("alliance", lambda s, seat, arg: s._push(("power", seat, "Mutant", ("discard", 3))), roles=("main",),
                can_use=lambda s, seat: bool(s.hands[seat]) and ("used", seat) not in s.eflags,
                text="discard up to 3 cards before refilling"),
))


# ---------------------------------------------------------------- Parasite
def _parasite_wild_args(s: "State", seat: int) -> list[str]:
    if not s._sources(seat):
        return []
    # "when someone loses their power": a player whose power was lost during this
    # encounter (it worked as the encounter started; Rules(before_issue_13=True): any
    # player without its power)
    had = next((k[1] for k in s.eflags if k[0] == "had_power"), None)
    out = []
    for o in range(s.n):
        if o != seat and s.powers[o] is not None and not s.power_active(o) and ("zap", o) not in s.eflags \
                and (had is None or o in had):
            out += [s.pname[p] for p in s._home_planets(o) if not s.colony(seat, p)]
    return out


def _parasite_wild(s: "State", seat: int, arg: str) -> None:
    # a 1-ship colony on a home planet of a player who lost its power; the ship comes
    # from the Parasite's colony with the most ships
    src = max(s._sources(seat), key=lambda p: s.ships[p * s.n + seat])
    s.ships[src * s.n + seat] -= 1
    s.ships[s.pindex[arg] * s.n + seat] += 1
    s._win_at_once()  # rulebook: the game ends as soon as five foreign colonies are reached


register(Power(
    name="Parasite", timing="alliance", roles=("not_main",), optional=True,
    hooks={"may_join": lambda s, seat: True},
    wild=Flare("any", _parasite_wild, args=_parasite_wild_args,
               can_use=lambda s, seat: bool(_parasite_wild_args(s, seat)),
               text="a 1-ship colony on a home planet of a player without power"),
    super=Flare("alliance", lambda s, seat, arg: _flag(s, seat, "parasite_any"), roles=("not_main",),
                text="send any number of ships as an ally"),
))


# ---------------------------------------------------------------- Loser
def _window_is(s: "State", *timings: str) -> bool:
    """Whether the decision under way is a window of one of ``timings`` (for a flare
    whose window depends on the rules)."""
    t = s.tasks[0] if s.tasks else None
    return t is not None and t[0] == "window" and t[1] in timings


def _loser_wild_when(s: "State", seat: int) -> bool:
    # FFG's wild flare: "before encounter cards are selected" (the planning window);
    # Rules(before_issue_13=True) offered it after the selection
    return _window_is(s, "after_selection" if s.rules.before_issue_13 else "planning")


register(Power(
    name="Loser", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: s.eflags.add(("upset", seat)),
    wild=Flare("any", lambda s, seat, arg: s.eflags.add(("both_lose",)), roles=("main",),
               can_use=_loser_wild_when, text="both sides lose"),
    super=Flare("after_selection", lambda s, seat, arg: s.eflags.add(("upset", seat)), roles=("main",),
                can_use=lambda s, seat: not any(isinstance(k, tuple) and k[0] == "upset" for k in s.eflags),
                text="declare the upset after selection"),
))


# ---------------------------------------------------------------- Oracle
def _oracle_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: shuffle your hand with the opponent's and take back as many as you had
    # (the flare itself, in use, stays out of the shuffle)
    o = s.opponent(seat)
    aside = _flare_aside(s, seat, "Oracle")
    k = len(s.hands[seat])
    pool = s.hands[seat] + s.hands[o]
    s.chance().shuffle(pool)
    s.hands[seat] = pool[:k]
    s.hands[o] = pool[k:]
    s._forget_shown(seat, o)
    _flare_back(s, seat, aside)


def _oracle_super(s: "State", seat: int, arg: Any) -> None:
    s.eflags.add(("cancel",))


register(Power(
    name="Oracle", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: setattr(s, "face_up", s.opponent(seat)),
    wild=Flare("planning", _oracle_wild, roles=("main",), text="shuffle hands with the opponent"),
    super=Flare("after_selection", _oracle_super, roles=("main",),
                can_use=lambda s, seat: s.face_up == s.opponent(seat),
                text="cancel the encounter after seeing the card"),
))


# ---------------------------------------------------------------- Trader
def _trade_hands(s: "State", a: int, b: int) -> None:
    s.hands[a], s.hands[b] = s.hands[b], s.hands[a]
    # the whole hands change places in view of everybody
    s.shown = tuple((c, b if o == a else a if o == b else o) for c, o in s.shown)


def _trader_give(s: "State", seat: int, receiver: int, name: str) -> None:
    s.hands[receiver].append(s._take_from(s.hands[seat], name))
    s._forget_shown(seat)  # the card given is not shown to the others


def _trader_wild(s: "State", seat: int, arg: Any) -> None:
    # wild flare: a random card from the opponent, then one of yours back (not the flare in use)
    o = s.opponent(seat)
    _random_card(s, o, seat)
    if _without_flare(s, seat, "Trader"):
        s._push(("power", seat, "Trader", ("give", o)))


def _trader_super(s: "State", seat: int, arg: str) -> None:
    # super flare: trade hands with any player (the flare, in use, stays the Trader's)
    aside = _flare_aside(s, seat, "Trader")
    _trade_hands(s, seat, s.cindex[arg])
    _flare_back(s, seat, aside)


register(Power(
    name="Trader", timing="planning", roles=("main",), optional=True,
    use=lambda s, seat, arg: _trade_hands(s, seat, s.opponent(seat)),
    options=lambda s, seat, data: [f"give {x}" for x in _names(s, _without_flare(s, seat, "Trader"))],
    choose=lambda s, seat, data, arg: _trader_give(s, seat, data[1], arg[5:]),
    wild=Flare("planning", _trader_wild, roles=("main",), can_use=lambda s, seat: bool(s.hands[s.opponent(seat)]),
               text="take a random card from the opponent and give one back"),
    # the super flare stretches the power (a main player's): the Trader, as a main
    # player, trades with any player (Rules(before_issue_13=True): in any role)
    super=Flare("planning", _trader_super,
                args=lambda s, seat: [s.colours[o] for o in s.order_from(seat)[1:]],
                can_use=lambda s, seat: s.rules.before_issue_13 or s.opponent(seat) >= 0,
                text="trade hands with any player"),
))


# ---------------------------------------------------------------- Sorcerer
def _swap_cards(s: "State", seat: int, arg: Any) -> None:
    s.card[0], s.card[1] = s.card[1], s.card[0]
    # the cards change sides face down: each main player still sees only the card it
    # selected, now on its opponent's side (State.card_visible), until the reveal
    s.eflags.symmetric_difference_update({("swapped",)})


def _sorcerer_wild(s: "State", seat: int, arg: Any) -> None:
    o, d = s.offense, s.defender
    s.alien[o], s.alien[d] = s.alien[d], s.alien[o]
    s.extra[o], s.extra[d] = s.extra[d], s.extra[o]  # an incarnation goes with its Reincarnator
    s._set_powers()
    sorcerer = s.seat_of("Sorcerer")
    if sorcerer >= 0 and sorcerer != seat:
        for i, x in enumerate(s.hands[seat]):
            if s.t.alien[x] == "Sorcerer":
                s.hands[sorcerer].append(s.hands[seat].pop(i))
                s._note_shown(x, sorcerer)  # the flare just played goes to the Sorcerer
                break


register(Power(
    name="Sorcerer", timing="after_selection", roles=("main",), optional=True,
    use=_swap_cards,
    wild=Flare("planning", _sorcerer_wild,
               can_use=lambda s, seat: s.alien[s.offense] is not None and s.alien[s.defender] is not None,
               text="the main players swap powers"),
    super=Flare("after_selection", _swap_cards, roles=("ally",), text="swap the encounter cards as an ally"),
))
