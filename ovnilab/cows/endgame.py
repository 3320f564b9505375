"""Exact search on cow-game endgames, for the game-theory lessons.

After the set-up the cow game has no chance at all: every draw is decided by the deck's
order. So a position in which everything is known (a teacher's view, or an endgame in
which the deck is empty and every back has been seen) is a finite two-player zero-sum
game of perfect information, and it has an exact *minimax* value. :func:`solve` computes
it with alpha-beta search and a transposition table, straight on the engine
(``clone``/``apply``/``legal_actions``): nothing about the rules is re-implemented here.

A player does not see everything. :func:`worlds` lists every full position consistent
with what one seat sees (exactly, with probabilities, from
:mod:`ovnilab.cows.determinize`), and :func:`expectimax` solves the last turn of the game
(when only that seat still moves, e.g. the extra turn after the starting player completed
a pyramid) as a one-player decision under uncertainty: at its decisions it maximises the
expected value, and what it sees after an action (a flipped card's back, two drawn cards)
splits the worlds into chance outcomes. A choice the *opponent* makes in that turn (the
target of a flip effect of one of the opponent's cards) is taken as the worst case.

Values are from the point of view of seat 0 (``objective="margin"``: seat 0's final score
minus seat 1's; ``"win"``: 1 for a win of seat 0, -1 for a loss, 0 for a shared win).
:func:`action_values` gives each legal action's exact value for the player to act, to
compare with a bot's choice.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from .determinize import _model_for, relabelled
from .rules import Action, State

__all__ = [
    "SearchLimit",
    "Solution",
    "position_key",
    "outcome",
    "solve",
    "action_values",
    "principal_variation",
    "worlds",
    "expectimax",
    "OBJECTIVES",
    "MoveCheck",
    "check_move",
    "BotVersusRandom",
    "bot_versus_random",
    "bot_game",
    "endgame_check",
]

OBJECTIVES = ("margin", "win")
#: the order in which the search tries the kinds of action
_ORDER = {"build": 0, "fx": 0, "keep": 1, "take": 1, "draw": 2, "flip": 3, "skip": 3, "end": 4, "pass": 4}
_EXACT, _LOWER, _UPPER = 0, 1, 2


class SearchLimit(RuntimeError):
    """The search needed more positions than ``max_nodes`` allows."""


def position_key(state: State) -> tuple:
    """Everything that decides the rest of the game, as a hashable value (for the
    transposition table). Left out: the log, the turn counter and who has seen which
    back, none of which the rules read."""
    s = state
    return (tuple(s.up), tuple(s.deck), tuple(map(tuple, s.cel)), tuple(s.drawn), tuple(map(tuple, s.hand)),
            tuple(map(tuple, s.pyr)), s.turn, s.phase, s.main_done, s.built, s.drew, tuple(s.stack),
            s.touched, s.chain_flips, s.final, s.over, s.stall, s.starter)


def outcome(state: State, objective: str = "margin") -> float:
    """Seat 0's value of a finished game (see the module docstring)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
    if not state.is_over():
        raise ValueError("the game is not over")
    if objective == "margin":
        sc = state.scores()
        return float(sc[0] - sc[1])
    w = state.winners()
    return 0.0 if len(w) != 1 else (1.0 if w[0] == 0 else -1.0)


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`: seat 0's ``value`` under best play by both, the
    optimal ``best`` actions of the player to act, and the ``nodes`` searched."""

    value: float
    best: tuple[Action, ...]
    nodes: int


class _Search:
    """Alpha-beta on the engine with a transposition table (values for seat 0)."""

    def __init__(self, objective: str, max_nodes: int) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, got {objective!r}")
        self.objective = objective
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[tuple, tuple[float, int]] = {}

    def children(self, s: State) -> list[tuple[Action, State]]:
        """Successors, by kind of action: builds and effects first, then taking and
        drawing, flips, ending the turn. Trying the usually good moves first is what
        makes alpha-beta prune."""
        return [(a, self.child(s, a)) for a in self.ordered(s)]

    @staticmethod
    def ordered(s: State) -> list[Action]:
        """The legal actions in the search's order (a stable sort by kind of action)."""
        return sorted(s.legal_actions(), key=lambda a: _ORDER.get(a.kind, 5))

    @staticmethod
    def child(s: State, a: Action) -> State:
        c = s.clone()
        c.apply(a)
        return c

    def value(self, s: State, alpha: float, beta: float) -> float:
        if s.over:
            return outcome(s, self.objective)
        key = position_key(s)
        hit = self.table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimit(f"more than {self.max_nodes} positions")
        a0, b0 = alpha, beta
        maximise = s.current_player == 0
        best = -math.inf if maximise else math.inf
        for a in self.ordered(s):  # a child is made only when searched: a cut-off skips the rest
            v = self.value(self.child(s, a), alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = _UPPER if best <= a0 else _LOWER if best >= b0 else _EXACT
        self.table[key] = (best, flag)
        return best


def _root(state: State, objective: str, max_nodes: int) -> tuple[dict[Action, float], int]:
    """Each legal action's exact value for the player to act, in the engine's order, and
    the number of positions searched."""
    search = _Search(objective, max_nodes)
    if state.is_over():
        return {}, 0
    sign = 1.0 if state.current_player == 0 else -1.0
    found = {a: sign * search.value(c, -math.inf, math.inf) for a, c in search.children(state)}
    return {a: found[a] for a in state.legal_actions()}, search.nodes


def solve(state: State, objective: str = "margin", max_nodes: int = 200_000) -> Solution:
    """The exact minimax value of ``state`` for seat 0, everything in it taken as known
    (the deck's order and every back: use it on a teacher's view or a fully revealed
    endgame), and the optimal actions of the player to act. Raises :class:`SearchLimit`
    when more than ``max_nodes`` positions would be needed."""
    if state.is_over():
        return Solution(outcome(state, objective), (), 0)
    vals, nodes = _root(state, objective, max_nodes)
    sign = 1.0 if state.current_player == 0 else -1.0
    best_v = max(vals.values())
    return Solution(sign * best_v, tuple(a for a, v in vals.items() if v == best_v), nodes)


def action_values(state: State, objective: str = "margin", max_nodes: int = 200_000) -> dict[Action, float]:
    """Each legal action's exact minimax value for the player to act (positive = good
    for that player), in the engine's order: what a bot's choice can be measured
    against. Raises :class:`SearchLimit` beyond ``max_nodes`` positions."""
    return _root(state, objective, max_nodes)[0]


def principal_variation(state: State, objective: str = "margin", max_nodes: int = 200_000) -> list[Action]:
    """A line of optimal play from ``state`` to the end (both players choosing, at each
    step, the first of their optimal actions in the engine's order)."""
    s = state.clone()
    line: list[Action] = []
    while not s.is_over():
        a = solve(s, objective, max_nodes).best[0]
        line.append(a)
        s.apply(a)
    return line


# ======================================================================
# Uncertainty: the worlds a seat considers possible, and the last turn
# ======================================================================


def worlds(state: State, seat: int, max_worlds: int = 5000) -> list[tuple[float, State]]:
    """Every full position ``seat`` considers possible, with its probability (they add up
    to 1). Exact: the hidden backs of the visible cards from the seat's posterior, and
    every order and orientation of the unknown deck cards (every set-up being equally
    likely, each world found has the same weight). Raises :class:`SearchLimit` beyond
    ``max_worlds`` (a deck with more than a few unknown cards)."""
    cards, order, model, _key = _model_for(state, seat)
    if model is None:
        raise SearchLimit("this card set is too ambiguous to enumerate")
    n = state.cards.num_cards
    found: list[State] = []
    for combo in itertools.product(*(picks for _, picks in model.groups)):
        assignment: list[Any] = [None] * len(order)
        for (ks, _), picked in zip(model.groups, combo):
            for k, cu in zip(ks, picked):
                assignment[order[k]] = cu
        used = {c for c, _ in assignment}
        rest = [c for c in range(n) if c not in used]
        # every order of the unknown deck cards, each card either way up
        for ups in itertools.product((0, 1), repeat=len(rest)):
            for perm in itertools.permutations(rest):
                if len(found) >= max_worlds:
                    raise SearchLimit(f"more than {max_worlds} worlds")
                found.append(_world(state, cards, assignment, perm, list(ups)))
    return [(1.0 / len(found), w) for w in found]


def _world(state: State, old_cards: list[int], assignment: list, deck_cards: tuple, deck_up: list[int]) -> State:
    """``state`` with the visible cards replaced by ``assignment`` and the unknown deck by
    ``deck_cards`` (in order, with orientations ``deck_up``)."""
    s = state
    n = s.cards.num_cards
    new_of = [-1] * n
    up = [0] * n
    for old, (c, u) in zip(old_cards, assignment):
        new_of[old] = c
        up[c] = u
    for old, c, u in zip(s.deck[1:], deck_cards, deck_up):
        new_of[old] = c
        up[c] = u
    d = relabelled(s, new_of, up)
    d.mark_arranged()
    return d


def _observed(state: State, seat: int) -> str:
    return repr(sorted(state.observation(seat).items()))


def expectimax(state: State, seat: int, objective: str = "margin", max_worlds: int = 5000,
               max_nodes: int = 100_000) -> dict[Action, float]:
    """The expected value (for ``seat``: positive is good) of each of its legal actions
    in the last turn of the game, over the worlds it considers possible, playing on
    optimally with what it will see (see the module docstring). Raises ``ValueError``
    unless ``state`` is ``seat``'s last turn (the extra turn after the starting player
    completed a pyramid)."""
    if state.current_player != seat or not (state.final and state.turn == seat):
        raise ValueError(f"this is not seat {seat}'s last turn")
    sign = 1.0 if seat == 0 else -1.0
    nodes = [0]

    def value(group: list[tuple[float, State]]) -> float:
        """Seat 0's value of worlds that look the same to ``seat``."""
        z = math.fsum(p for p, _ in group)
        s0 = group[0][1]
        if s0.is_over():
            return math.fsum(p * outcome(s, objective) for p, s in group) / z
        nodes[0] += 1
        if nodes[0] > max_nodes:
            raise SearchLimit(f"more than {max_nodes} decisions")
        vals = list(choose(group).values())
        if (s0.current_player == 0) == (seat == 0):
            return max(vals) if seat == 0 else min(vals)
        return min(vals) if seat == 0 else max(vals)  # the opponent's choice: worst case

    def choose(group: list[tuple[float, State]]) -> dict[Action, float]:
        z = math.fsum(p for p, _ in group)
        out = {}
        for a in group[0][1].legal_actions():
            splits: dict[str, list[tuple[float, State]]] = {}
            for p, s in group:
                c = s.clone()
                c.apply(a)
                splits.setdefault(_observed(c, seat), []).append((p, c))
            out[a] = math.fsum(math.fsum(p for p, _ in g) / z * value(g) for g in splits.values())
        return out

    return {a: sign * v for a, v in choose(worlds(state, seat, max_worlds)).items()}


# ======================================================================
# Measuring a bot against the solver
# ======================================================================


@dataclass(frozen=True)
class MoveCheck:
    """One position where a bot chose among ``n`` legal actions, ``k`` of them optimal
    (margin objective, everything known); ``regret``: points of margin the chosen
    ``move`` gives away against the best action (0 when optimal)."""

    n: int
    k: int
    optimal: bool
    regret: float
    move: str


def check_move(position: State, move: Action, max_nodes: int = 5_000) -> MoveCheck | None:
    """How good ``move`` is in ``position``, by the exact values of every legal action.
    None when there was nothing to choose (a single legal action); raises
    :class:`SearchLimit` when the position needs more than ``max_nodes`` positions."""
    if len(position.legal_actions()) < 2:
        return None
    vals = action_values(position, max_nodes=max_nodes)
    if move not in vals:
        raise ValueError(f"{move} is not a legal action in this position")
    best = max(vals.values())
    return MoveCheck(len(vals), sum(v == best for v in vals.values()), vals[move] == best,
                     best - vals[move], str(move))


@dataclass(frozen=True)
class BotVersusRandom:
    """A bot's optimal moves against a uniformly random player's, on the same positions.

    ``hits`` of ``m`` positions had the bot's move optimal; a random legal move would be
    optimal ``expected`` times on average (the sum of the k/n). ``p_value``: the exact
    one-sided p-value of "the bot is no better than random", the chance that a random
    player, optimal in position i with probability k_i/n_i independently, scores
    ``hits`` or more (a Poisson-binomial tail, no normal approximation). ``diff`` is the
    paired difference of the shares (bot minus random) with a bootstrap percentile
    interval over positions; ``regret`` the bot's mean regret with its bootstrap interval.
    """

    m: int
    hits: int
    expected: float
    p_value: float
    diff: float
    diff_interval: tuple[float, float]
    regret: float
    regret_interval: tuple[float, float]


def _at_least(ps: Sequence[float], hits: int) -> float:
    """P(X >= hits) for X a sum of independent Bernoulli(p), one per entry of ``ps``: the
    tail of the Poisson-binomial distribution (``scipy.stats.poisson_binom``, exact)."""
    from scipy.stats import poisson_binom  # imported when first needed

    if hits <= 0:
        return 1.0
    return float(min(1.0, poisson_binom(list(ps)).sf(hits - 1)))  # sf(k) = P(X > k)


def bot_versus_random(checks: Sequence[MoveCheck], resamples: int = 10_000, seed: int = 0,
                      confidence: float = 0.95) -> BotVersusRandom:
    """Compare a bot's moves (``checks``, one per position) with uniformly random play,
    position by position. Why exact and bootstrap: endgame samples are small, the
    differences take few values and the regrets are mostly zeros, so normal intervals
    around their means are not defensible."""
    if not checks:
        raise ValueError("bot_versus_random needs at least one position")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence!r}")
    chance = np.array([c.k / c.n for c in checks])
    hit = np.array([float(c.optimal) for c in checks])
    regret = np.array([float(c.regret) for c in checks])
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, len(checks), size=(resamples, len(checks)))
    tails = [100 * (1 - confidence) / 2, 100 * (1 + confidence) / 2]
    d_lo, d_hi = np.percentile((hit - chance)[rows].mean(axis=1), tails)
    r_lo, r_hi = np.percentile(regret[rows].mean(axis=1), tails)
    hits = int(hit.sum())
    return BotVersusRandom(len(checks), hits, float(chance.sum()), _at_least(chance.tolist(), hits),
                           float((hit - chance).mean()), (float(d_lo), float(d_hi)),
                           float(regret.mean()), (float(r_lo), float(r_hi)))


def bot_game(seed: int, bot: Any = None, rules: Any = None) -> State:
    """A whole seeded game with ``bot`` (default: the greedy bot) in both seats, as its
    final state (``replay(i)`` gives any earlier position). The game's deal comes from
    ``seed`` and the bot's choices from ``random.Random(seed)``: the same seed gives the
    same game."""
    from ..bots import PlayerView
    from . import rules as cow_rules
    from .bots import GreedyBot

    player = GreedyBot() if bot is None else bot
    state = cow_rules.new_game(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(player.act(PlayerView(state, state.current_player), rng))
    return state


def endgame_check(seed: int, before_end: int = 8, max_nodes: int = 5_000, bot: Any = None) -> MoveCheck | str:
    """The bot's move ``before_end`` decisions before the end of :func:`bot_game`
    ``(seed)``, checked by :func:`check_move`; ``"single"`` when that position had one
    legal action, ``"too big"`` when its search exceeded ``max_nodes``. A top-level
    function, so a process pool can spread the seeds over cores."""
    game = bot_game(seed, bot)
    if before_end < 1 or before_end > len(game.log):
        raise ValueError(f"before_end must lie in 1..{len(game.log)} for seed {seed}, got {before_end}")
    position = game.replay(len(game.log) - before_end)
    try:
        check = check_move(position, game.log[len(game.log) - before_end], max_nodes)
    except SearchLimit:
        return "too big"
    return "single" if check is None else check
