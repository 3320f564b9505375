"""Ovni's interactive board: :class:`ovnilab.board.GameBoard` with Ovni's drawings (the
table beside the controls, the players' mats and the key in the panel under them, each
at a size whose text stays legible when projected) and pickers suited to its actions (a
command token: its value, then the area; a move: from, then to; a launch or abduction:
the city).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..board import Chooser, GameBoard
from .render import board_svg, panel_html
from .rules import AREA_TIE_RULES, Rules, State, new_game

__all__ = ["Board"]

_CHOOSERS = {
    "place": Chooser("place token", "token", lambda a: "third player's" if a.b is None else str(a.b),
                     "area", lambda a: f"{a.a} {a.c}"),
    "move": Chooser("move UFO", "from", lambda a: a.a, "to", lambda a: a.b),
    "abduct": Chooser("abduct", "city", lambda a: a.a, "swap with", lambda a: a.b or "(no swap)"),
    "destroy": Chooser("destroy UFO", "player", lambda a: a.a, "city", lambda a: a.b),
    "recruit": Chooser("recruit", "first", lambda a: a.a[0], "aliens", lambda a: "+".join(a.a)),
}

_LABELS = {
    "place": "command token", "move": "pilots", "launch": "builders", "abduct": "abductors",
    "capture": "military", "destroy": "military", "activate": "activate", "end_group": "",
    "end_turn": "", "energy": "energy card", "energy_third": "third's energy", "keep": "missions",
    "aliens": "starting aliens", "give": "third's aliens", "force_field": "force field",
}


class Board(GameBoard):
    """Play Ovni in Jupyter: ``Board(state=None, seats={0: "human", 1: RandomBot(), ...})``.

    Without a state it starts a 4-player game (seed 0) with the human at seat 0 and
    random bots elsewhere. ``auto=False`` makes bots wait for the 'bot move' button.
    """

    def __init__(self, state: State | None = None, seats: Mapping[int, Any] | None = None,
                 *, auto: bool = True, bot_seed: int = 0) -> None:
        super().__init__(
            state,
            seats,
            new_game=new_game,
            render=board_svg,
            panel=panel_html,
            choosers=_CHOOSERS,
            kind_labels=_LABELS,
            player_counts=(2, 3, 4),
            rules_cls=Rules,
            rule_choices={"area_tie": list(AREA_TIE_RULES), "ufo_mission": ["on_board", "launched"]},
            bot_seed=bot_seed,
            auto=auto,
            title="Ovni",
        )
