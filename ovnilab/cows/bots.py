"""The cow game's bots: random, greedy (one ply on a documented evaluation) and ISMCTS.

All of them decide from the seat's :class:`~ovnilab.bots.PlayerView` only. The greedy and
search bots look at *determinizations* (:mod:`ovnilab.cows.determinize`: hidden backs,
the deck's order and orientation resampled from what the seat knows), never the true
state: flipping a card or drawing two is a gamble for them exactly as for a person.

The evaluation (:func:`evaluate`)
    The rulebook's final count decides the game, so a position is worth the score margin
    it would have if the game ended now (base values, adjacency, end-of-game effects:
    ``state.scores()``), plus half of what the cards in hand could still add: for each
    hand card the best margin gain of building it in one of the open slots now, counting
    only as many cards as the pyramid has room for (a card never built scores nothing).
    During "keep one" the better drawn card counts as in hand. A finished game is worth
    +-50 points for a win or a loss on top of the margin, so no lead is ever traded for a
    loss. The weights are simple on purpose: the greedy bot is the ladder's middle rung,
    and the notebooks compare it with exact search.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from ..bots import OnePlyBot, RandomBot
from ..mcts import MCTSBot as _MCTSBot
from .rules import _FACE_SETS, State, face_ids, faces_key, score_pyramid

__all__ = ["RandomBot", "GreedyBot", "MCTSBot", "evaluate", "HAND_WEIGHT", "WIN_BONUS"]

#: the share of a hand card's best build gain counted before it is built
HAND_WEIGHT = 0.5
#: points added for a win (subtracted for a loss) at the end of the game
WIN_BONUS = 50.0


@functools.lru_cache(maxsize=200_000)
def _margin(own: tuple, opp: tuple, hand_own: int, hand_opp: int, faces_key: int) -> float:
    """Score of ``own`` minus score of ``opp`` (faces by index, -1 = empty slot)."""
    faces = _FACE_SETS[faces_key]
    a = [None if f < 0 else faces[f] for f in own]
    b = [None if f < 0 else faces[f] for f in opp]
    return float(sum(score_pyramid(a, b, hand_own).values()) - sum(score_pyramid(b, a, hand_opp).values()))


@functools.lru_cache(maxsize=200_000)
def _hand_potential(own: tuple, opp: tuple, hand: tuple, hand_opp: int, open_slots: tuple,
                    faces_key: int) -> float:
    """Sum of the best build gains (margin after - margin now) of the hand cards that
    still fit in the pyramid, best first; negative gains count as 0 (not built)."""
    if not hand or not open_slots:
        return 0.0
    now = _margin(own, opp, len(hand), hand_opp, faces_key)
    gains = []
    for f in hand:
        best = 0.0
        for slot in open_slots:
            trial = list(own)
            trial[slot] = f
            best = max(best, _margin(tuple(trial), opp, len(hand) - 1, hand_opp, faces_key) - now)
        gains.append(best)
    room = sum(1 for f in own if f < 0)
    gains.sort(reverse=True)
    return sum(gains[:room])


def evaluate(state: State, seat: int) -> float:
    """The greedy bot's value of ``state`` for ``seat`` (see the module docstring):
    score margin now, plus :data:`HAND_WEIGHT` times the hand's build potential
    difference, plus :data:`WIN_BONUS` times the result once the game is over."""
    fk = faces_key(state)
    pyr = [face_ids(state, state.pyr[p]) for p in (0, 1)]
    hands = [face_ids(state, state.hand[p]) for p in (0, 1)]
    opp = 1 - seat
    margin = _margin(pyr[seat], pyr[opp], len(hands[seat]), len(hands[opp]), fk)
    if state.is_over():
        w = state.winners()
        share = 1.0 / len(w) if seat in w else 0.0
        return margin + WIN_BONUS * (2.0 * share - 1.0)
    slots = [tuple(state.open_slots(p)) for p in (0, 1)]
    pot = [_hand_potential(pyr[p], pyr[1 - p], hands[p], len(hands[1 - p]), slots[p], fk) for p in (0, 1)]
    if state.drawn:  # "keep one": the better drawn card is as good as in hand
        t = state.turn
        pot[t] = max(_hand_potential(pyr[t], pyr[1 - t], hands[t] + (f,), len(hands[1 - t]), slots[t], fk)
                     for f in face_ids(state, state.drawn))
    return margin + HAND_WEIGHT * (pot[seat] - pot[opp])


class GreedyBot(OnePlyBot):
    """One ply: plays the action with the best :func:`evaluate` right after it, averaged
    over ``samples`` determinizations (a flip or a draw reveals hidden sides, so its value
    is an expectation). Ties are broken at random."""

    def __init__(self, samples: int = 3) -> None:
        super().__init__(samples)

    def evaluate(self, state: State, seat: int) -> float:  # type: ignore[override]
        return evaluate(state, seat)


class MCTSBot(_MCTSBot):
    """Information-set MCTS for the cow game (see :mod:`ovnilab.mcts`): each iteration
    searches a fresh determinization of what the seat knows, never the true state.

    Leaves are scored with the greedy evaluation squashed to a win probability,
    ``1 / (1 + exp(-evaluate / scale))``; finished games score 1 for a win (1/2 shared).
    ``rollout_depth`` random actions may be played before scoring (default 0: none).
    Measured against the greedy bot (200 seeded games, both seats, 300 iterations):
    random rollouts to the end of the game won 50%; scoring the leaves with the
    evaluation won 60-63%, so that is the default.
    """

    def __init__(self, iterations: int = 200, time_limit: float | None = None, c: float = 0.5,
                 scale: float = 3.0, rollout_depth: int | None = 0) -> None:
        if scale <= 0:
            raise ValueError("scale must be positive")
        super().__init__(iterations=iterations, time_limit=time_limit, c=c, rollout_depth=rollout_depth)
        self.scale = scale

    def __repr__(self) -> str:
        extra = "" if self.rollout_depth == 0 else f", rollout_depth={self.rollout_depth}"
        return f"MCTSBot(iterations={self.iterations}, c={self.c}, scale={self.scale}{extra})"

    def _values(self, s: Any) -> list[float]:
        """Per-seat value of a leaf: the result if the game is over, else the squashed
        evaluation (seat 0's value and its complement)."""
        if s.is_over():
            return super()._values(s)
        v = 1.0 / (1.0 + math.exp(-evaluate(s, 0) / self.scale))
        return [v, 1.0 - v]
