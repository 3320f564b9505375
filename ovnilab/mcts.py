"""Information-set Monte Carlo tree search, for every game.

A single-observer ISMCTS: every iteration draws a *determinization* (a full state
consistent with what the deciding seat has seen, from ``PlayerView.determinize``), walks
one shared tree keyed by actions, and backs up the result. Children that are legal only
in some determinizations are scored with availability counts, so an action is not
favoured just because it was often possible. The bot never sees the true state.

Games plug in through two optional hooks on the state: ``determinize(seat, rng)``
(required) and ``heuristic_values()`` (per-seat values in [0, 1] used when a rollout is
cut short by ``rollout_depth``; without it rollouts run to the end of the game).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from .bots import PlayerView
from .core import GameState

__all__ = ["MCTSBot", "final_values"]


def final_values(state: GameState) -> list[float]:
    """Per-seat result of a finished game: a win is 1, shared between the winners."""
    n = state.num_players  # type: ignore[attr-defined]
    w = state.winners()
    return [1.0 / len(w) if s in w else 0.0 for s in range(n)]


class _Node:
    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}


class MCTSBot:
    """ISMCTS with UCB1 on availability counts.

    ``iterations`` (or ``time_limit`` seconds, whichever ends first) bounds the search;
    ``c`` is the exploration constant; ``rollout_depth`` cuts random rollouts after that
    many actions and scores the position with the game's ``heuristic_values`` (None: play
    to the end). Picklable, so it runs in simulation worker processes.
    """

    name = "mcts"

    def __init__(self, iterations: int = 200, time_limit: float | None = None, c: float = 0.7,
                 rollout_depth: int | None = None,
                 rollout_policy: Callable[[GameState, random.Random], Any] | None = None) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = c
        self.rollout_depth = rollout_depth
        self.rollout_policy = rollout_policy
        self.last_iterations = 0

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations}, c={self.c}, rollout_depth={self.rollout_depth})"

    def _values(self, s: GameState) -> list[float]:
        if s.is_over():
            return final_values(s)
        fn = getattr(s, "heuristic_values", None)
        if fn is None:
            raise ValueError("a cut rollout needs the game's heuristic_values()")
        return fn()

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(view.seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        c = self.c
        it = 0
        for it in range(1, self.iterations + 1):
            s = view.determinize(rng)
            node = root
            path = [root]
            # selection and expansion
            while not s.is_over():
                actions = s.legal_actions()
                children = node.children
                untried = [a for a in actions if a not in children]
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    child = children[a] = _Node(s.current_player)
                    child.avail = 1
                    for b in actions:
                        if b in children and b is not a:
                            children[b].avail += 1
                    s.apply(a)
                    path.append(child)
                    break
                best = None
                best_score = -1.0
                for a in actions:
                    ch = children[a]
                    ch.avail += 1
                    score = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if score > best_score:
                        best_score, best = score, a
                node = children[best]
                s.apply(best)
                path.append(node)
            # rollout
            depth = 0
            limit = self.rollout_depth
            policy = self.rollout_policy
            while not s.is_over() and (limit is None or depth < limit):
                s.apply(policy(s, rng) if policy else rng.choice(s.legal_actions()))
                depth += 1
            values = self._values(s)
            for nd in path[1:]:
                nd.n += 1
                nd.w += values[nd.player] if nd.player >= 0 else 0.0
            root.n += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_iterations = it
        legal_set = set(legal)
        best = max((a for a in root.children if a in legal_set), key=lambda a: (root.children[a].n, -legal.index(a)),
                   default=None)
        return best if best is not None else legal[0]
