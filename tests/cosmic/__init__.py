"""Helpers for Cosmic Encounter tests: arrange an encounter by hand, then drive it.

``arrange(...)`` builds a real game, puts every card back in the deck, deals the hands a
test needs, stacks the destiny deck so that ``offense`` meets ``defender`` and starts that
encounter. ``drive(state, script)`` then plays it: each scripted action is applied as soon
as it is legal; every other decision takes a neutral default (pass, done, invite nobody,
decline, end turn, or the first option).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable, Iterable

from ovnilab import cosmic
from ovnilab.cosmic import rules as R

RED, BLUE, YELLOW, GREEN, PURPLE = range(5)


def planet(state: cosmic.State, name: str) -> int:
    return state.planet(name)


def arrange(
    aliens: list[str] | None = None,
    n: int = 3,
    offense: int = RED,
    defender: int = BLUE,
    hands: dict[int, list[str]] | None = None,
    deck_top: Iterable[str] = (),
    seed: int = 1,
    rules: cosmic.Rules | None = None,
    ships: dict[tuple[int, str], int] | None = None,
    warp: dict[int, int] | None = None,
    destiny: int | None = None,
    hoard: dict[int, list[str]] | None = None,
    ask_everyone: bool = False,
) -> cosmic.State:
    """A game at the start of an encounter of ``offense`` against ``defender``.

    ``hands`` maps a seat to card names (others get no cards unless listed);
    ``deck_top`` are the next cards drawn, first drawn first; ``ships`` sets
    ``(seat, "blue 3") -> count`` (the difference comes from / goes to the warp);
    ``destiny`` stacks another destiny card (a seat's colour code, ``R.WILD``, ...);
    ``hoard`` gives Miser's hoard. A study of one rule asks only the players who hold a
    play (``Rules.ask_holders_only``: its script names the decisions that matter);
    ``ask_everyone=True`` keeps the default, where every player who could play is asked
    (the hidden-information tests).
    """
    if rules is None:
        rules = cosmic.Rules(flares=False, powers=aliens is not None)
    if rules.ask_holders_only == ask_everyone:
        rules = dataclasses.replace(rules, ask_holders_only=not ask_everyone)
    s = cosmic.new_game(n, seed=seed, rules=rules, aliens=aliens)
    pool = s._deal_named(hands or {}, hoard)
    top = [s._take_from(pool, x) for x in deck_top]
    s.deck = pool + list(reversed(top))
    for (seat, name), k in (ships or {}).items():
        # the difference comes from (or goes to) the seat's fullest other home planet
        p = s.planet(name)
        diff = k - s.ships[p * n + seat]
        s.ships[p * n + seat] = k
        home = [q for q in range(s.np * seat, s.np * seat + s.np) if q != p]
        q = max(home, key=lambda q: s.ships[q * n + seat])
        s.ships[q * n + seat] -= diff
    for seat, k in (warp or {}).items():
        diff = k - s.warp[seat]
        # take the ships from (or put them on) the seat's first home planet
        s.warp[seat] = k
        s.ships[(s.np * seat) * n + seat] -= diff
    code = defender if destiny is None else destiny
    if code in s.ddeck:
        s.ddeck.remove(code)
    elif code in s.ddiscard:
        s.ddiscard.remove(code)
    s.ddeck.append(code)
    s.turn_player = offense
    s.turn = 0
    s.flow = R.IDX_TURN_START
    s.tasks = []
    s._reset_encounter()
    s._legal_cache = None
    s._run()
    s.mark_arranged()
    R.check_invariants(s)
    return s


_DEFAULTS = ("pass", "done", "invite nobody", "decline", "end turn", "Vacuum: take nobody along",
             "Barbarian: discard the rest", "keep my card", "Chosen: keep my card")


def default_action(state: cosmic.State) -> cosmic.Action:
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    for d in _DEFAULTS:
        if d in texts:
            return legal[texts.index(d)]
    return legal[0]


def logged(action: str) -> Callable[[cosmic.State], bool]:
    """For :func:`drive`'s ``until``: stop once ``action`` (its notation) is in the log."""
    return lambda s: any(str(a) == action for a in s.log)


def drive(
    state: cosmic.State,
    script: Iterable[str] = (),
    until: Callable[[cosmic.State], bool] | None = None,
    limit: int = 500,
) -> cosmic.State:
    """Apply ``script`` actions as soon as each is legal (in order), defaults otherwise,
    until the script is done and ``until`` holds (default: the encounter is over)."""
    script = list(script)
    start = state.encounters
    if until is None:
        def until(s: cosmic.State) -> bool:
            return s.is_over() or s.encounters > start or s.phase == "second"
    for _ in range(limit):
        if state.is_over():
            break
        if not script and until(state):
            break
        legal = {str(a): a for a in state.legal_actions()}
        if script and script[0] in legal:
            state.apply(legal[script.pop(0)])
        else:
            if script and until(state):
                raise AssertionError(f"scripted {script[0]!r} never became legal; legal: {sorted(legal)}")
            state.apply(default_action(state))
        R.check_invariants(state)
    assert not script, f"unused script {script}; phase {state.phase}, legal {[str(a) for a in state.legal_actions()]}"
    return state


def load(text: str) -> cosmic.State:
    """Load a saved Cosmic Encounter game (what ``ovnilab.load_json`` does once the game
    is registered)."""
    import json

    data = json.loads(text)
    state = cosmic.State.from_options(data["seed"], data["options"])
    for a in data["actions"]:
        state.apply(a)
    return state


def ships_on(state: cosmic.State, seat: int, name: str) -> int:
    return state.ships[state.planet(name) * state.n + seat]


def random_playout(
    s: cosmic.State,
    rng: "random.Random",
    every: int,
    choose: Callable[[list, "random.Random"], cosmic.Action] | None = None,
    on_action: Callable[[cosmic.Action], None] | None = None,
    check_view: Callable[[cosmic.State, int, dict], None] | None = None,
    twin_plays: bool = False,
) -> cosmic.State:
    """Play ``s`` to its end with random legal actions (``choose(legal, rng)`` picks
    instead when given; ``on_action`` sees each action before it is applied): the
    invariants hold after every action, and every ``every`` actions a determinization for
    the actor keeps its view and its legal actions (``check_view(s, seat, observation)``
    checks more of the view; with ``twin_plays`` the determinization plays one action on)."""
    steps = 0
    while not s.is_over():
        legal = s.legal_actions()
        a = choose(legal, rng) if choose else rng.choice(legal)
        if on_action is not None:
            on_action(a)
        s.apply(a)
        steps += 1
        R.check_invariants(s)
        if steps % every == 0 and not s.is_over():
            seat = s.current_player
            o = s.observation(seat)
            if check_view is not None:
                check_view(s, seat, o)
            d = s.determinize(seat, random.Random(steps))
            R.check_invariants(d)
            assert d.observation(seat) == o and d.legal_actions() == s.legal_actions()
            if twin_plays:
                d.apply(rng.choice(d.legal_actions()))
        assert steps < 20_000
    return s
