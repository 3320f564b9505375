"""Ovni (Marcos Macri): bidding for aliens, UFOs, abductions, missions; 2-4 players.

``new_game(num_players, seed, rules)`` starts a game; the rule functions below are the
rulebook one rule at a time (see ``notebooks/rules/ovni.ipynb``).
"""

from typing import Any

from .. import core as _core
from .data import board_graph, load_board, load_cards
from .rules import (
    AREA_TIE_RULES,
    Action,
    Rules,
    State,
    action_order,
    airspace_controller,
    check_invariants,
    example_position,
    majority_points,
    new_game,
    recruitment_order,
    resolve_area,
    score_humans,
    ufos_built,
)


def load_json(text: str | bytes, **options: Any) -> State:
    """Load a saved Ovni game: :func:`ovnilab.load_json` (same keyword options,
    same validation), refusing a save of another game with a
    :class:`~ovnilab.SaveFormatError` naming the field ``game``."""
    state = _core.load_json(text, **options)
    if not isinstance(state, State):
        raise _core.SaveFormatError(f"field 'game': a save of {state.game_name!r}, not of 'ovni' "
                                    "(ovnilab.load_json loads any game)", "game")
    return state


__all__ = [
    "AREA_TIE_RULES",
    "Action",
    "Rules",
    "State",
    "action_order",
    "airspace_controller",
    "board_graph",
    "check_invariants",
    "example_position",
    "load_board",
    "load_cards",
    "load_json",
    "majority_points",
    "new_game",
    "recruitment_order",
    "resolve_area",
    "score_humans",
    "ufos_built",
]
