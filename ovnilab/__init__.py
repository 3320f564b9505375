"""ovnilab: three tabletop games as rule engines, boards and notebooks.

``ovnilab.make("ovni", num_players=4, seed=1)`` starts a game of any registered game;
``ovnilab.load_json(text)`` loads a saved one. Each game lives in its own subpackage
(``ovnilab.ovni``, ...) with the same module names: ``rules``, ``data``, ``render``,
``widget``, ``bots``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .core import GameState, IllegalAction, SaveFormatError, TERMINAL, load_json
from .i18n import get_language, set_language

__version__ = "0.1.0"

#: registered games: name -> module path providing ``new_game`` and ``State``
GAMES: dict[str, str] = {
    "ovni": "ovnilab.ovni",
    "cows": "ovnilab.cows",
    "cosmic": "ovnilab.cosmic",
}

__all__ = ["GAMES", "make", "load_json", "GameState", "IllegalAction", "SaveFormatError", "TERMINAL",
           "set_language", "get_language"]


def _game_module(name: str) -> ModuleType:
    return importlib.import_module(GAMES[name])


def make(name: str, **kwargs: Any) -> GameState:
    """Start a new game of ``name`` (see ``GAMES``); keyword arguments go to its
    ``new_game``."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; known games: {sorted(GAMES)}")
    return _game_module(name).new_game(**kwargs)
