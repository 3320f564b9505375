"""Walking a Cosmic game to the position a rules notebook shows (the aliens' demonstrations).

The rules notebooks on the aliens (``notebooks/rules/cosmic_3_aliens`` and
``cosmic_4_yellow_red_aliens``) show each power at work in a real game: red plays the
alien, the others play powers that quiet players never use, and the game is walked,
always the same way from its seed, to the moment the power acts. The walk and the small
readers of a position were the same lines in both notebooks; they live here once. Analysis
on top of the engine: nothing here is a rule.
"""

from __future__ import annotations

from typing import Any, Callable

from .. import walk
from ..walk import legal_texts
from .rules import Rules, State, new_game
from .stats import QUIET_ANSWERS, finish_encounter

#: the two main sides, as ``state.observation(seat)["encounter_cards"]`` names them
SIDES = ("offense", "defense")
#: acts only on allies' ships: nothing, in games where the quiet players never ally
NEUTRAL = "Observer"
#: the aliens beside red in a demonstration: optional powers quiet players never use
QUIET_ALIENS = ("Oracle", "Trader", "Will", "Sorcerer")

Until = Callable[[State], bool]


def advance(state: State, until: Until, seed: int = 0, quiet: Any = QUIET_ANSWERS) -> State:
    """Play until ``until(state)`` holds: a quiet answer when one is legal, otherwise a
    seeded random choice (so every run reaches the same position)."""
    return walk.advance(state, until, seed, prefer=quiet)


def _answer_zap(state: State) -> None:
    # a power's use or a flare waits while the holders of a zap may answer it (part 2)
    while state.phase == "zap":
        state.apply("pass")


def use_power(state: State, alien: str, arg: str | None = None) -> None:
    """Use ``alien``'s power (``arg``: the choice its action names), and let the other
    players decline to cancel it with a Cosmic Zap."""
    state.apply(f"use {alien} power" + (f": {arg}" if arg else ""))
    _answer_zap(state)


def play_flare(state: State, action: str) -> None:
    """Play a flare (``action``: its text) and let the others decline to cancel it with a
    Card Zap."""
    state.apply(action)
    _answer_zap(state)


def card_of(state: State, seat: int) -> str | None:
    """The encounter card ``seat`` selected, as that seat sees it (None before)."""
    side = state.side_of(seat) if seat in (state.offense, state.defender) else -1
    return state.observation(seat)["encounter_cards"][SIDES[side]] if side >= 0 else None


def value(text: str) -> int:
    """The number at the end of a card's name ("attack 08" -> 8, "... +3" -> 3), or -1."""
    tail = text.split(" from ")[0].split()[-1].lstrip("+")
    return int(tail) if tail.isdigit() else -1


def who(state: State, seat: int) -> str:
    """A seat's colour and alien."""
    return f"{state.colours[seat]} ({state.alien[seat]})" if state.alien[seat] else state.colours[seat]


def reaches(state: State, until: Until, quiet: Any = QUIET_ANSWERS) -> bool:
    """Whether :func:`advance` gets ``state`` to ``until`` before its game ends."""
    try:
        advance(state, until, quiet=quiet)
    except RuntimeError:
        return False
    return True


def demo(alien: str, seed: int, n: int = 3) -> State:
    """A game without flares where red plays ``alien``; the other seats play optional
    powers that quiet players never use."""
    others = [a for a in QUIET_ALIENS if a != alien][: n - 1]
    return new_game(n, seed=seed, rules=Rules(flares=False), aliens=[alien, *others])


def _first_reaching(make: Callable[[int], State], until: Until, seed: int, quiet: Any, what: str) -> State:
    for k in range(seed, seed + 100):
        g = make(k)
        if reaches(g, until, quiet):
            return g
    raise RuntimeError(f"no game {what} reached the position")


def reach(alien: str, until: Until, seed: int = 0, quiet: Any = QUIET_ANSWERS) -> State:
    """The first game ``demo(alien, k)``, for k = seed, seed + 1, ..., that :func:`advance`
    brings to ``until`` (some games end before their position comes)."""
    return _first_reaching(lambda k: demo(alien, k), until, seed, quiet, f"of {alien}")


def flare_game(alien: str, seed: int, red: str = NEUTRAL) -> State:
    """A game with flares where red plays ``red`` beside Oracle and Trader, and the deck
    holds the flares of these three aliens and of ``alien`` (the game's pool)."""
    aliens = [red, "Oracle", "Trader"]
    pool = tuple(dict.fromkeys(aliens + [alien]))
    return new_game(3, seed=seed, rules=Rules(alien_pool=pool), aliens=aliens)


def reach_flare(alien: str, until: Until, seed: int = 0, red: str = NEUTRAL) -> State:
    """:func:`reach` for the games of ``flare_game(alien, k, red)``."""
    return _first_reaching(lambda k: flare_game(alien, k, red), until, seed, QUIET_ANSWERS,
                           f"with the {alien} flare")


def twin(state: State, neutral: str = NEUTRAL) -> State:
    """The same game where red plays ``neutral``: same seed, so the same deal and deck,
    and the actions of ``state`` replayed (a pass that only one of the two games asks
    for, in a window where the other alien could act, is skipped or added)."""
    other = demo(neutral, state.seed)
    for a in map(str, state.log):
        while a not in legal_texts(other) and "pass" in legal_texts(other):
            other.apply("pass")
        if a == "pass" and a not in legal_texts(other):
            continue
        other.apply(a)
    while "pass" in legal_texts(other) and (other.stage, other.revealed) != (state.stage, state.revealed):
        other.apply("pass")
    return other


def red_main(s: State) -> bool:
    """Whether red is a main player of the encounter under way."""
    return s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0


def at_reveal(s: State) -> bool:
    """The reveal phase of an encounter where red is a main player: cards face up."""
    return s.stage == "reveal" and s.revealed and red_main(s)


def printed(s: State, side: int) -> int:
    """The value printed on ``side``'s revealed card (the engine's ``values`` are the
    values after powers changed them)."""
    return s.t.value[s.card[side]]


def both_ways(g: State, base: State, labels: tuple[str, str] | None = None) -> tuple[dict, dict]:
    """Finish the encounter of ``g`` (the power at work) and of ``base`` (without it);
    print and return the two results."""
    labels = labels or (f"red plays {g.alien[0]}", f"red plays {base.alien[0]}")
    r, rb = finish_encounter(g, g.last_result), finish_encounter(base, base.last_result)
    for name, x in zip(labels, (r, rb)):
        print(f"  {name:<24} cards {x['cards']}, totals {x['totals']}: the {x['outcome']} wins")
    return r, rb
