"""The cow game's interactive board: :class:`ovnilab.board.GameBoard` with the cow game's
renderer and pickers suited to its actions (a build: the hand card, then the slot; an
effect's flip: the pyramid, then the card).

Two things differ from the generic board, both for this game's options:

* the new-game tab has a *discard areas* picker (the Celeiro card's face: 1 or 2);
* ``Rules.starting_player`` is -1 ("drawn at random") by default, which a generic number
  box bounded at 0 cannot show, so it gets a drop-down (random, 0, 1).

The status line names the phase of the turn (main action, keep one drawn card, build or
end turn, effect target), since a cow turn is several decisions.
"""

from __future__ import annotations

import html
from typing import Any, Mapping

import ipywidgets as W

from ..board import HUMAN, Chooser, GameBoard
from ..datafiles import load_words
from .data import data_dir
from .render import to_svg
from .rules import SLOTS, TIE_BREAKS, Rules, State, new_game

__all__ = ["Board"]


def _slot_label(slot: int) -> str:
    r, k = SLOTS[slot]
    return f"row {r} slot {k}"


_CHOOSERS = {
    "build": Chooser("build", "card", lambda a: f"{a.b} (hand {a.a})", "slot", lambda a: _slot_label(a.c)),
    "fx": Chooser("flip it", "pyramid", lambda a: "own" if a.a == "own" else "opponent's",
                  "card", lambda a: f"{a.c} at {_slot_label(a.b)}"),
}

_LABELS = {
    "draw": "draw 2", "keep": "keep one", "take": "Celeiro", "flip": "flip in hand",
    "build": "build (free)", "end": "", "pass": "", "fx": "effect: flip", "skip": "",
}


#: each rule option's label on the new-game tab (the Python name shows after it, smaller)
_RULE_LABELS = {
    "hand_limit": "Hand limit",
    "build_during_draw": "Build during a full-hand draw",
    "support": "Support under the top card",
    "starting_player": "Starting player",
    "last_turn": "Last turn for the other player",
    "max_chain_flips": "Most flips in a chain",
    "stall_limit": "Turns without progress that end the game",
    "tie_break": "Tie break",
    "exact_half_turned": "Exactly half the cards turned at set-up",
    "cards_file": "Card set file",
}


class Board(GameBoard):
    """Play the cow game in Jupyter: ``Board(state=None, seats={0: "human", 1: bot})``.

    Without a state it starts a game (seed 0, one discard area) with the human at seat 0
    and a random bot at seat 1. ``auto=False`` makes bots wait for the 'bot move' button; ``words`` replaces the
    "words" tab's list (default: data/cows/words.toml);
    ``bot_seed`` seeds the bots' choices.
    """

    def __init__(self, state: State | None = None, seats: Mapping[int, Any] | None = None,
                 *, auto: bool = True, bot_seed: int = 0,
                 words: Mapping[str, str] | None = None) -> None:
        areas = state.areas if state is not None else 1
        super().__init__(
            state,
            seats,
            new_game=new_game,
            render=to_svg,
            choosers=_CHOOSERS,
            kind_labels=_LABELS,
            player_counts=(2,),
            rules_cls=Rules,
            extra_new_game={"discard_areas": areas},
            rule_labels=_RULE_LABELS,
            rule_choices={"support": ["any", "both"], "tie_break": list(TIE_BREAKS)},
            players_param=None,
            bot_seed=bot_seed,
            auto=auto,
            words=load_words(data_dir() / "cows" / "words.toml") if words is None else words,
            title="Cow abduction",
        )
        # the Celeiro face for the next game
        self.areas = W.ToggleButtons(options=[("1 discard area", 1), ("2 discard areas", 2)], value=areas,
                                     description="Celeiro", style={"button_width": "auto"})
        # starting_player is -1 (random) by default: a drop-down instead of a number box
        current = getattr(self.state, "rules", None) or Rules()
        self.set_rule_widget("starting_player", W.Dropdown(
            options=[("drawn at random", -1), ("seat 0", 0), ("seat 1", 1)], value=current.starting_player))
        self.add_new_game_control(self.areas)

    def new_game(self) -> bool:
        """Start a new game from the controls (seed, discard areas, seats, rule options)."""
        self._extra["discard_areas"] = self.areas.value
        return super().new_game()

    def _status(self) -> None:
        s = self.state
        if s.is_over():
            super()._status()
            return
        cur = s.current_player
        who = "you" if self.seats.get(cur) == HUMAN else "bot"
        where = f"turn {s.turns}, {s.phase_name}" + (" (last turn)" if s.final else "")
        self.status.value = (f"to act: <b>{html.escape(self._seat_name(cur))}</b> ({who}) &mdash; "
                             f"{html.escape(where)}")

