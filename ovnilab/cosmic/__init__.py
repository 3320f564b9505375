"""Cosmic Encounter (2008 edition): 3-5 players, alien powers, alliances and deals.

``new_game(num_players, seed, rules, aliens=...)`` starts a game; :class:`Rules` holds the
rule options; :mod:`ovnilab.cosmic.aliens` defines the alien powers and their flares.
"""

from . import aliens
from .data import load_data
from .rules import Action, Rules, State, check_invariants, implemented_aliens, new_game

__all__ = [
    "Action",
    "Rules",
    "State",
    "aliens",
    "check_invariants",
    "implemented_aliens",
    "load_data",
    "new_game",
]
