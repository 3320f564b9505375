"""Bots against bots, pooled: :func:`head_to_head` (two bots, each in both seats on the same
seeds), :func:`ladder` (every pair of a list) and :func:`mixed_table` (all at one table,
rotated through the seats), each a win share with its Wilson interval.

The quick version a reader starts with. The explore notebook *Bots* draws its verdicts
from :mod:`ovnilab.ladder` instead: the same pairings read seed by seed with an exact sign
test and Holm's adjustment. These stay in :mod:`ovnilab.analysis` because they are
metrics of batches of games like the rest (and :mod:`ovnilab.ladder` builds on this
package's statistics, so it cannot be imported from here without a cycle).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..sim import run_many
from ..tables import Table
from .stats import Estimate, wilson_interval


# ======================================================================
# Bot ladders
# ======================================================================


def head_to_head(game: str | Callable[..., Any], a: Any, b: Any, n_games: int, seed: int = 0,
                 confidence: float = 0.95, **run_kw: Any) -> Estimate:
    """Bot ``a``'s share of the wins against ``b`` in a two-seat game.

    Half the games put ``a`` in seat 0, half in seat 1, on the same seeds (so the seat
    advantage cancels and the deals are shared); a shared win counts one half. ``run_kw``
    go to :func:`~ovnilab.sim.run_many` (``new_game_kwargs``, ``processes``, ...).
    """
    if n_games < 2:
        raise ValueError("n_games must be at least 2 (each bot plays both seats)")
    half = n_games // 2
    run_kw.setdefault("progress", False)
    first = run_many(game, [a, b], half, seed=seed, **run_kw)
    second = run_many(game, [b, a], half, seed=seed, **run_kw)
    wins = sum(g.win_share(0) for g in first) + sum(g.win_share(1) for g in second)
    n = 2 * half
    lo, hi = wilson_interval(wins, n, confidence)
    return Estimate(wins / n, lo, hi, n, f"{getattr(a, 'name', a)!s} vs {getattr(b, 'name', b)!s}")


def ladder(game: str | Callable[..., Any], bots: Mapping[str, Any], n_games: int | Mapping[tuple[str, str], int],
           seed: int = 0, confidence: float = 0.95, **run_kw: Any) -> Table:
    """Every pair of ``bots`` (name -> bot) head to head: one row per pair with the first
    bot's win share and its interval. ``n_games`` is one number or a dict per pair
    (``{("mcts", "greedy"): 20}``), since strong bots are slower to play."""
    names = list(bots)
    rows = []
    for i, x in enumerate(names):
        for y in names[i + 1:]:
            n = n_games if isinstance(n_games, int) else n_games.get((x, y), n_games.get((y, x), 0))
            if not n:
                continue
            est = head_to_head(game, bots[x], bots[y], n, seed=seed, confidence=confidence, **run_kw)
            rows.append({"bot": x, "opponent": y, "games": est.n, "win_rate": est.value, "lo": est.lo, "hi": est.hi})
    return Table(rows, title=f"head-to-head ladder of {game if isinstance(game, str) else 'a game'} "
                             f"({int(confidence * 100)}% Wilson intervals; both seats each)")


def mixed_table(game: str | Callable[..., Any], bots: Mapping[str, Any], n_games: int, seed: int = 0,
                confidence: float = 0.95, **run_kw: Any) -> Table:
    """All ``bots`` (name -> bot) at one table, one seat each, rotated through the seats.

    For games of three or more players, where a head-to-head is not possible: rotation k
    seats the bots shifted by k places, every rotation plays the same seeds (so seat and
    deal effects cancel), and each bot's share of the wins gets a Wilson interval. The
    number of seats is the number of bots.
    """
    names = list(bots)
    k = len(names)
    if k < 2:
        raise ValueError("a mixed table needs at least two bots")
    per = max(1, n_games // k)
    run_kw.setdefault("progress", False)
    kw = dict(run_kw.pop("new_game_kwargs", {}) or {})
    kw.setdefault("num_players", k)
    wins = {name: 0.0 for name in names}
    for r in range(k):
        order = names[r:] + names[:r]
        res = run_many(game, [bots[name] for name in order], per, seed=seed, new_game_kwargs=kw, **run_kw)
        for g in res:
            for seat, name in enumerate(order):
                wins[name] += g.win_share(seat)
    n = per * k
    rows = []
    for name in names:
        lo, hi = wilson_interval(wins[name], n, confidence)
        rows.append({"bot": name, "games": n, "wins": wins[name], "win_rate": wins[name] / n, "lo": lo, "hi": hi})
    return Table(rows, title=f"{k} bots at one table, rotated through the seats (fair share {1 / k:.3f}; "
                             f"{int(confidence * 100)}% Wilson intervals)")
