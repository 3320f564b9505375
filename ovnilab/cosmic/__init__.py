"""Cosmic Encounter (2008 edition): 3-5 players, alien powers, alliances and deals.

``new_game(num_players, seed, rules, aliens=...)`` starts a game; :class:`Rules` holds the
rule options; :mod:`ovnilab.cosmic.aliens` defines the alien powers and their flares.
"""


from .. import core as _core
from . import aliens
from .data import load_data
from .rules import Action, Rules, State, check_invariants, implemented_aliens, new_game


load_json = _core.game_loader("cosmic", "Cosmic Encounter")


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
