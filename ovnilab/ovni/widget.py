"""Ovni's interactive board: :class:`ovnilab.board.GameBoard` with Ovni's drawings (the
table beside the controls, the players' mats and the key in the panel under them, each
at a size whose text stays legible when projected) and pickers suited to its actions (a
command token: its value, then the area; a move: from, then to; a launch or abduction:
the city).

Language (issue 33): the tables below are English marked ``N_()``, translated where the
board shows them; the seats, phases, buttons, pickers and the log's lines are said in
the board's language by :mod:`.render.text` (``seat_label``, ``phase_label``,
``action_label``, ``log_text``): a button says "mover Berlim → Paris" and plays
``move Berlim -> Paris``, so the log, saves and replays keep one notation.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..board import Chooser, GameBoard
from ..datafiles import load_words
from ..i18n import N_, _
from .data import data_dir
from .render import board_svg, panel_html
from .render import text as wording
from .rules import AREA_TIE_RULES, Rules, State, new_game

__all__ = ["Board"]

_CHOOSERS = {
    "place": Chooser(N_("place token"), N_("token"), lambda a: _("third player's") if a.b is None else str(a.b),
                     N_("area"), lambda a: f"{a.a} {wording.face_word(a.c)}"),
    "move": Chooser(N_("move UFO"), N_("from"), lambda a: a.a, N_("to"), lambda a: a.b),
    "abduct": Chooser(N_("abduct"), N_("city"), lambda a: a.a, N_("swap with"), lambda a: a.b or _("(no swap)")),
    "destroy": Chooser(N_("destroy UFO"), N_("player"), lambda a: wording.colour_word(a.a), N_("city"), lambda a: a.b),
    "recruit": Chooser(N_("recruit"), N_("first"), lambda a: wording.type_word(a.a[0]), N_("aliens"),
                       lambda a: "+".join(wording.type_word(t) for t in a.a)),
}

_LABELS = {
    "place": N_("command token"), "move": N_("pilots"), "launch": N_("builders"), "abduct": N_("abductors"),
    "capture": N_("military"), "destroy": N_("military"), "activate": N_("activate"), "end_group": "",
    "end_turn": "", "energy": N_("energy card"), "energy_third": N_("third's energy"), "keep": N_("missions"),
    "aliens": N_("starting aliens"), "give": N_("third's aliens"), "force_field": N_("force field"),
    "recruit": N_("recruit"),
}


#: each rule option's label on the new-game tab (the Python name shows after it, smaller)
_RULE_LABELS = {
    "platform_capacity": N_("Launch platform size"),
    "launch_limit": N_("UFOs launched per activation"),
    "map_threshold": N_("UFOs needed to map a city"),
    "map_threshold_mapped": N_("UFOs needed to map a mapped city"),
    "area_tie": N_("Equal sums in an area"),
    "no_three_in_a_row": N_("No three tokens of one colour in a row"),
    "no_three_in_a_row_fallback": N_("Lift that rule when no other slot is left"),
    "token_six_once": N_("Token 6 once per game"),
    "groups_per_turn": N_("Alien groups per turn"),
    "energy_groups": N_("Groups per turn with energy 2"),
    "stock_per_type": N_("Stock of each alien type"),
    "stock_removed_small": N_("Stock removed with 2 or 3 players"),
    "force_field_cost": N_("Force field cost"),
    "capture_size": N_("Military tokens per attack"),
    "abduction_size": N_("Abductors per abduction"),
    "extra_moves": N_("Extra pilot moves"),
    "cancelled_six_returns": N_("A cancelled 6 returns to its owner"),
    "launch_needs_builder": N_("Launching needs a builder"),
    "colour_bonus_per_set": N_("Colour bonus for every set"),
    "captured_count_for_majority": N_("Captured aliens count in majorities"),
    "attack_distinct_targets": N_("Attacks of one activation on different opponents"),
    "mission_done": N_("Points for a mission done"),
    "mission_failed": N_("Points for a mission failed"),
    "third_player_competes": N_("Third player counts at the end (2 players)"),
    "ufo_mission": N_("Mapping missions count UFOs"),
    "board_file": N_("Board file"),
    "cards_file": N_("Cards file"),
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
            action_label=wording.action_label,
        )

    def _seat_name(self, seat: int) -> str:
        """A seat's name in the board's language ("vermelho (Antáris)")."""
        return wording.seat_label(self.state, seat)

    def _phase_text(self, phase: Any) -> str:
        return wording.phase_label(str(phase))

    def _log_text(self, a: Any, actor: int, viewer: int | None) -> str:
        if actor == viewer:
            return wording.action_label(a)
        return wording.log_text(self.state, a, viewer)

