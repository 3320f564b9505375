"""Cosmic Encounter (2008 edition): 3-5 players, alien powers, alliances and deals.

``new_game(num_players, seed, rules, aliens=...)`` starts a game; :class:`Rules` holds the
rule options; :mod:`ovnilab.cosmic.aliens` defines the alien powers and their flares.
"""

from typing import Any

from .. import core as _core
from . import aliens
from .data import load_data
from .rules import Action, Rules, State, check_invariants, implemented_aliens, new_game


def load_json(text: str | bytes, **options: Any) -> State:
    """Load a saved Cosmic Encounter game: :func:`ovnilab.load_json` (same keyword options,
    same validation), refusing a save of another game with a
    :class:`~ovnilab.SaveFormatError` naming the field ``game``."""
    state = _core.load_json(text, **options)
    if not isinstance(state, State):
        raise _core.SaveFormatError(f"field 'game': a save of {state.game_name!r}, not of 'cosmic' "
                                    "(ovnilab.load_json loads any game)", "game")
    return state


__all__ = [
    "Action",
    "Rules",
    "State",
    "aliens",
    "check_invariants",
    "implemented_aliens",
    "load_data",
    "load_json",
    "new_game",
]
