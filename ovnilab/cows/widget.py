"""The cow game's interactive board: :class:`ovnilab.board.GameBoard` with the cow game's
renderer and pickers suited to its actions (a build: the hand card, then the slot; an
effect's flip: the pyramid, then the card).

Two things differ from the generic board, both for this game's options:

* the new-game tab has a *discard areas* picker (the Celeiro card's face: 1 or 2);
* ``Rules.starting_player`` is -1 ("drawn at random") by default, which a generic number
  box bounded at 0 cannot show, so it gets a drop-down (random, 0, 1).

The status line names the phase of the turn (main action, keep one drawn card, build or
end turn, effect target), since a cow turn is several decisions.

Language (issue 33): the tables below are English marked ``N_()``, translated where the
board shows them; a button says its action with ``render.action_label`` ("comprar 2") and
plays the action itself (``draw 2``).
"""

from __future__ import annotations

from typing import Any, Mapping

import ipywidgets as W

from ..board import HUMAN, Chooser, GameBoard
from ..datafiles import load_words
from ..i18n import N_, _, n_
from .data import data_dir
from .render import TITLE, action_label, slot_label, to_svg
from .rules import TIE_BREAKS, Rules, State, new_game

__all__ = ["Board"]


_CHOOSERS = {
    "build": Chooser(N_("build"), N_("card"), lambda a: _("{card} (hand {hand})", card=a.b, hand=a.a),
                     N_("slot"), lambda a: slot_label(a.c)),
    "fx": Chooser(N_("flip it"), N_("pyramid"), lambda a: _("own") if a.a == "own" else _("opponent's"),
                  N_("card"), lambda a: _("{card} at {slot}", card=a.c, slot=slot_label(a.b))),
}

_LABELS = {
    "draw": N_("draw 2"), "keep": N_("keep one"), "take": "Celeiro", "flip": N_("flip in hand"),
    "build": N_("build (free)"), "end": "", "pass": "", "fx": N_("effect: flip"), "skip": "",
}


#: each rule option's label on the new-game tab (the Python name shows after it, smaller)
_RULE_LABELS = {
    "hand_limit": N_("Hand limit"),
    "build_during_draw": N_("Build during a full-hand draw"),
    "support": N_("Support under the top card"),
    "starting_player": N_("Starting player"),
    "last_turn": N_("Last turn for the other player"),
    "max_chain_flips": N_("Most flips in a chain"),
    "stall_limit": N_("Turns without progress that end the game"),
    "tie_break": N_("Tie break"),
    "exact_half_turned": N_("Exactly half the cards turned at set-up"),
    "cards_file": N_("Card set file"),
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
            title=TITLE,
            action_label=action_label,
        )
        # the Celeiro face for the next game
        self.areas = W.ToggleButtons(options=[(n_("{n} discard area", "{n} discard areas", k), k) for k in (1, 2)],
                                     value=areas,
                                     description="Celeiro", style={"button_width": "auto"})
        # starting_player is -1 (random) by default: a drop-down instead of a number box
        current = getattr(self.state, "rules", None) or Rules()
        self.set_rule_widget("starting_player", W.Dropdown(
            options=[(_("drawn at random"), -1), *((_("seat {number}", number=k), k) for k in (0, 1))],
            value=current.starting_player))
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
        who = _("you") if self.seats.get(cur) == HUMAN else _("bot")
        where = (_("turn {n}, {phase} (last turn)", n=s.turns, phase=_(s.phase_name)) if s.final
                 else _("turn {n}, {phase}", n=s.turns, phase=_(s.phase_name)))
        self.status.value = self._status_line(cur, who, where)

