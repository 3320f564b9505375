"""Walk a game to the position a reference or a lesson wants to show.

The rules notebooks show every rule on a real position reached by play, never on a
hand-edited state. These are the few steps they all take: play seeded moves (preferring
some quiet answers) until a condition holds, read the legal actions as text, and check
that the engine refuses an action, names the rule, and leaves the state as it was. They
use only the shared API (``legal_actions``, ``apply``, ``clone``), so they serve every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .core import GameState, IllegalAction
from .i18n import _
from .refusals import translate_rule

__all__ = ["advance", "legal_texts", "offered", "refused"]


def advance(state: GameState, until: Callable[[GameState], bool], seed: int = 0,
            prefer: Sequence[str] = (), limit: int = 5000) -> GameState:
    """Play until ``until(state)`` holds: the first legal action whose text is in
    ``prefer`` when there is one, otherwise a choice of ``random.Random(seed)``, so every
    run reaches the same position. Raises RuntimeError when the game ends first or
    ``limit`` actions go by."""
    rng = random.Random(seed)
    for _step in range(limit):
        if until(state):
            return state
        if state.is_over():
            raise RuntimeError("the game ended first")
        legal = state.legal_actions()
        calm = [a for a in legal if str(a) in prefer] if prefer else ()
        state.apply(calm[0] if calm else rng.choice(legal))
    raise RuntimeError("the position was not reached")


def legal_texts(state: GameState) -> list[str]:
    """The legal actions, as the text a player types."""
    return [str(a) for a in state.legal_actions()]


def offered(state: GameState, prefix: str) -> bool:
    """Whether some legal action's text starts with ``prefix``."""
    return any(t.startswith(prefix) for t in legal_texts(state))


def refused(state: GameState, action: Any, width: int = 24) -> str:
    """Apply an action the rules forbid: the engine must refuse it, leave the state
    unchanged and name the rule, which is printed in the reader's language (the action
    padded to ``width``) and returned as the engine's English. Raises AssertionError when
    the action is accepted."""
    before = state.clone()
    try:
        state.apply(action)
    except IllegalAction as err:
        assert state == before, "a refused action changed the state"
        # printed in the reader's language (ovnilab.refusals); returned as the engine's English
        padded = f"{action!s:<{width}}"
        print(_("{action} refused: {rule}", action=padded, rule=translate_rule(err.rule, getattr(state, "game_name", None))))
        return err.rule
    raise AssertionError(f"{action} was accepted")
