"""Ovni's bots: random, greedy (one ply on a documented evaluation) and ISMCTS.

All of them decide from the seat's view only (``PlayerView``): the greedy and search bots
evaluate *determinizations* (other players' hidden tokens and missions resampled), never
the true state.
"""

from __future__ import annotations

from typing import Any

from ..bots import OnePlyBot, RandomBot
from ..mcts import MCTSBot as _MCTSBot

__all__ = ["RandomBot", "GreedyBot", "MCTSBot"]


class GreedyBot(OnePlyBot):
    """Plays the action that maximises (own evaluation - best opponent's evaluation)
    one action ahead, averaged over ``samples`` determinizations.

    The evaluation is :meth:`State.heuristic_scores`: the points a player would score now
    (the rulebook's six categories, its missions as currently fulfilled), plus one per
    alien held (an action every later round), half a point per UFO on the platform and,
    during token placement, three per area it currently wins. Ties between actions are
    broken at random, so a position without any difference plays like the random bot.
    """

    def evaluate(self, state: Any, seat: int) -> float:
        h = state.heuristic_scores()
        return h[seat] - max(h[o] for o in range(len(h)) if o != seat)


class MCTSBot(_MCTSBot):
    """ISMCTS for Ovni (see :mod:`ovnilab.mcts`). Defaults suit Ovni's long games:
    rollouts are cut after ``rollout_depth`` random actions and scored with the greedy
    evaluation, since a full random game to the end says little about one decision."""

    def __init__(self, iterations: int = 200, time_limit: float | None = None, c: float = 0.7,
                 rollout_depth: int | None = 40) -> None:
        super().__init__(iterations=iterations, time_limit=time_limit, c=c, rollout_depth=rollout_depth)
