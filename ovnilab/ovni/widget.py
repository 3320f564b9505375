"""Ovni's interactive board: :class:`ovnilab.board.GameBoard` with Ovni's drawings (the
table beside the controls, the players' mats and the key in the panel under them, each
at a size whose text stays legible when projected) and pickers suited to its actions (a
command token: its value, then the area; a move: from, then to; a launch or abduction:
the city).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..board import Chooser, GameBoard
from ..datafiles import load_words
from .data import data_dir
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


#: each rule option's label on the new-game tab (the Python name shows after it, smaller)
_RULE_LABELS = {
    "platform_capacity": "Launch platform size",
    "launch_limit": "UFOs launched per activation",
    "map_threshold": "UFOs needed to map a city",
    "map_threshold_mapped": "UFOs needed to map a mapped city",
    "area_tie": "Equal sums in an area",
    "no_three_in_a_row": "No three tokens of one colour in a row",
    "no_three_in_a_row_fallback": "Lift that rule when no other slot is left",
    "token_six_once": "Token 6 once per game",
    "groups_per_turn": "Alien groups per turn",
    "energy_groups": "Groups per turn with energy 2",
    "stock_per_type": "Stock of each alien type",
    "stock_removed_small": "Stock removed with 2 or 3 players",
    "force_field_cost": "Force field cost",
    "capture_size": "Military tokens per attack",
    "abduction_size": "Abductors per abduction",
    "extra_moves": "Extra pilot moves",
    "cancelled_six_returns": "A cancelled 6 returns to its owner",
    "launch_needs_builder": "Launching needs a builder",
    "colour_bonus_per_set": "Colour bonus for every set",
    "captured_count_for_majority": "Captured aliens count in majorities",
    "attack_distinct_targets": "Attacks of one activation on different opponents",
    "mission_done": "Points for a mission done",
    "mission_failed": "Points for a mission failed",
    "third_player_competes": "Third player counts at the end (2 players)",
    "ufo_mission": "Mapping missions count UFOs",
    "board_file": "Board file",
    "cards_file": "Cards file",
}


class Board(GameBoard):
    """Play Ovni in Jupyter: ``Board(state=None, seats={0: "human", 1: RandomBot(), ...})``.

    Without a state it starts a 4-player game (seed 0) with the human at seat 0 and
    random bots elsewhere. ``auto=False`` makes bots wait for the 'bot move' button; ``words`` replaces the
    "words" tab's list (default: data/ovni/words.toml).
    """

    def __init__(self, state: State | None = None, seats: Mapping[int, Any] | None = None,
                 *, auto: bool = True, bot_seed: int = 0,
                 words: Mapping[str, str] | None = None) -> None:
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
            rule_labels=_RULE_LABELS,
            rule_choices={"area_tie": list(AREA_TIE_RULES), "ufo_mission": ["on_board", "launched"]},
            bot_seed=bot_seed,
            auto=auto,
            words=load_words(data_dir() / "ovni" / "words.toml") if words is None else words,
            title="Ovni",
        )
