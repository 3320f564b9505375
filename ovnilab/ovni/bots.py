"""Ovni's bots: random, greedy (one ply on a documented evaluation) and ISMCTS.

All of them decide from the seat's view only (``PlayerView``): the greedy and search bots
evaluate *determinizations* (other players' hidden tokens and missions resampled), never
the true state.
"""

from __future__ import annotations

import random
from typing import Any

from ..bots import PlayerView, RandomBot
from ..mcts import MCTSBot as _MCTSBot

__all__ = ["RandomBot", "GreedyBot", "MCTSBot"]


class GreedyBot:
    """Plays the action that maximises (own evaluation - best opponent's evaluation)
    one action ahead, averaged over ``samples`` determinizations.

    The evaluation is :meth:`State.heuristic_scores`: the points a player would score now
    (the rulebook's six categories, its missions as currently fulfilled), plus one per
    alien held (an action every later round), half a point per UFO on the platform and,
    during token placement, three per area it currently wins. Ties between actions are
    broken at random, so a position without any difference plays like the random bot.
    """

    name = "greedy"

    def __init__(self, samples: int = 1) -> None:
        self.samples = samples

    def __repr__(self) -> str:
        return f"GreedyBot(samples={self.samples})"

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = view.determinize(rng)
            for i, a in enumerate(legal):
                s = base.clone()
                s.apply(a)
                h = s.heuristic_scores()
                totals[i] += h[seat] - max(h[o] for o in range(len(h)) if o != seat)
        best = max(totals)
        choices = [a for a, t in zip(legal, totals) if t >= best - 1e-9]
        return choices[rng.randrange(len(choices))]


class MCTSBot(_MCTSBot):
    """ISMCTS for Ovni (see :mod:`ovnilab.mcts`). Defaults suit Ovni's long games:
    rollouts are cut after ``rollout_depth`` random actions and scored with the greedy
    evaluation, since a full random game to the end says little about one decision."""

    def __init__(self, iterations: int = 200, time_limit: float | None = None, c: float = 0.7,
                 rollout_depth: int | None = 40) -> None:
        super().__init__(iterations=iterations, time_limit=time_limit, c=c, rollout_depth=rollout_depth)
