"""The cow-abduction pyramid card game (``seeds/004_*.txt``): 2 aliens build pyramids of
double-sided abduction cards under their Alien.

``new_game(seed=..., discard_areas=1|2, rules=Rules(...))`` starts a game. The cards are an
ovnilab design kept as data in ``data/cows/cards.toml`` (see its design note); the pure
rule helpers below (pyramid shape, adjacency graph, scoring) are the rulebook one rule at
a time.
"""

from .. import core as _core
from . import rules
from .data import Cards, DataError, Effect, Face, load_cards
from .rules import (
    Action,
    Rules,
    State,
    check_invariants,
    new_game,
    open_slots,
    pyramid_graph,
    pyramid_symbols,
    score_pyramid,
    slot_name,
)


load_json = _core.game_loader("cows", "cow-game")


__all__ = [
    "Action",
    "Cards",
    "DataError",
    "Effect",
    "Face",
    "Rules",
    "State",
    "check_invariants",
    "load_cards",
    "load_json",
    "new_game",
    "open_slots",
    "pyramid_graph",
    "pyramid_symbols",
    "rules",
    "score_pyramid",
    "slot_name",
]
