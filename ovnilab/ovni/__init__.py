"""Ovni (Marcos Macri): bidding for aliens, UFOs, abductions, missions; 2-4 players.

``new_game(num_players, seed, rules)`` starts a game; the rule functions below are the
rulebook one rule at a time (see ``notebooks/rules/ovni.ipynb``).
"""


from .. import core as _core
from .data import board_graph, load_board, load_cards
from .rules import (
    AREA_TIE_RULES,
    Action,
    Rules,
    RulesDeadlock,
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
    third_player_majority_text,
    ufos_built,
)


load_json = _core.game_loader("ovni", "Ovni")


__all__ = [
    "AREA_TIE_RULES",
    "Action",
    "Rules",
    "RulesDeadlock",
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
    "third_player_majority_text",
    "ufos_built",
]
