"""Cosmic Encounter (2008 edition): 3-5 players, alien powers, alliances and deals.

``new_game(num_players, seed, rules, aliens=...)`` starts a game; :class:`Rules` holds the
rule options; :mod:`ovnilab.cosmic.aliens` defines the alien powers and their flares.
``load_json`` reads a save (it replays the game); ``load_public_record`` reads what one
seat has seen of a game in progress (``State.to_json(viewer=seat)``).
"""


from .. import core as _core
from . import aliens
from .data import load_data
from .rules import Action, Rules, State, check_invariants, implemented_aliens, new_game
from .rules.hidden import PublicRecord, load_public_record


load_json = _core.game_loader("cosmic", "Cosmic Encounter")


__all__ = [
    "Action",
    "PublicRecord",
    "Rules",
    "State",
    "aliens",
    "check_invariants",
    "implemented_aliens",
    "load_data",
    "load_json",
    "load_public_record",
    "new_game",
]
