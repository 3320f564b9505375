"""The metrics of one batch of games (a :class:`~ovnilab.sim.Results`, or any list of
:class:`~ovnilab.sim.GameResult`): who wins and how often, how long a game lasts, how it
was decided.

* :func:`win_rate`, :func:`win_rates`: a seat's share of the wins, Wilson interval;
* :func:`first_player_advantage`: the win share of the seat that acted first;
* :func:`balance`: 1 minus the largest gap between two seats' win rates;
* :func:`duration`: rounds and steps per game;
* :func:`lead_changes`, :func:`decisiveness` (and their per-game readings
  :func:`count_lead_changes`, :func:`decided_at`): from the score trajectory;
* :func:`score_breakdown`: mean points per scoring category per seat;
* :func:`win_rate_by`: the per-seat table grouped by any column, optionally as a
  Holm-adjusted ranking and with the seats of a game as a cluster;
* :func:`summary`: the headline metrics in one table.

Each reads the batch it is given and plays no game; the statistics they rest on are in
:mod:`.stats`, the comparisons of rule sets (which play the games) in :mod:`.variants`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..i18n import _, pgettext
from ..sim import GameResult, Results
from ..tables import Table, _fmt
from .stats import (Estimate, _bootstrap_means, _percentiles, _weighted_means, design_effect, holm, mean_interval,
                    proportion_pvalue, wilson_interval)


def _games(results: Iterable[GameResult]) -> list[GameResult]:
    games = list(results)
    if not games:
        raise ValueError("no games to analyse")
    return games


def _as_results(results: Iterable[GameResult]) -> Results:
    return results if isinstance(results, Results) else Results(_games(results))


def _num_players(games: Sequence[GameResult]) -> int:
    return max(g.num_players for g in games)


# ======================================================================
# Win rates, first player, balance
# ======================================================================


def win_rate(results: Iterable[GameResult], seat: int, confidence: float = 0.95) -> Estimate:
    """The share of the games that ``seat`` won (shared wins split), Wilson interval."""
    games = [g for g in _games(results) if seat < g.num_players]
    wins = math.fsum(g.win_share(seat) for g in games)
    lo, hi = wilson_interval(wins, len(games), confidence)
    return Estimate(wins / len(games) if games else math.nan, lo, hi, len(games), _("win rate of seat {seat}", seat=seat))


def win_rates(results: Iterable[GameResult], confidence: float = 0.95) -> Table:
    """Each seat's share of the wins with its Wilson interval (one row per seat).

    The rates add up to 1 when every game has a winner.
    """
    games = _games(results)
    rows = []
    for seat in range(_num_players(games)):
        played = [g for g in games if seat < g.num_players]
        wins = math.fsum(g.win_share(seat) for g in played)
        lo, hi = wilson_interval(wins, len(played), confidence)
        rows.append({"seat": seat, "games": len(played), "wins": wins,
                     "rate": wins / len(played), "lo": lo, "hi": hi})
    pct = round(confidence * 100)
    return Table(rows, title=_("win rates, {games} games ({percent}% Wilson intervals)", games=len(games), percent=pct),
                 headers={"seat": pgettext("table column", "seat"), "games": pgettext("table column", "games"),
                          "wins": pgettext("table column", "wins"), "rate": pgettext("table column", "rate")})


def first_player_advantage(
    results: Iterable[GameResult],
    first_seat_fn: Callable[[GameResult], int] | None = None,
    confidence: float = 0.95,
) -> Estimate:
    """The win share of the seat that acted first, Wilson interval.

    "First" is ``GameResult.first_player``: the seat that made the game's first decision,
    or the game's own reading when it has one (``State.first_mover()``; in Ovni the first
    player of round 1, since the set-up choices come before it). Pass
    ``first_seat_fn(result) -> seat`` for another reading. Compare with the fair share
    ``1 / num_players`` in the estimate's name.
    """
    games = _games(results)
    fn = first_seat_fn or (lambda g: 0 if g.first_player is None else g.first_player)
    wins = math.fsum(g.win_share(fn(g)) for g in games)
    fair = statistics.fmean(1 / g.num_players for g in games)
    lo, hi = wilson_interval(wins, len(games), confidence)
    return Estimate(wins / len(games), lo, hi, len(games),
                    _("first player's win share (fair {fair})", fair=format(fair, ".3f")))


def _share_matrix(games: Sequence[GameResult]) -> np.ndarray:
    n = _num_players(games)
    return np.array([[g.win_share(s) if s < g.num_players else math.nan for s in range(n)] for g in games])


def _balance_of(means: np.ndarray) -> np.ndarray:
    return 1.0 - (np.nanmax(means, axis=-1) - np.nanmin(means, axis=-1))


def balance(results: Iterable[GameResult], confidence: float = 0.95, n_boot: int = 1000,
            seed: int = 0) -> Estimate:
    """1 minus the largest gap between two seats' win rates (1 = every seat wins as
    often), with a seeded percentile bootstrap interval over games."""
    games = _games(results)
    x = _share_matrix(games)
    value = float(_balance_of(_weighted_means(np.ones((1, len(games))), x))[0])
    boots = _balance_of(_bootstrap_means([x], n_boot, seed)[0])
    lo, hi = _percentiles(boots, confidence)
    return Estimate(value, lo, hi, len(games), "balance")


# ======================================================================
# Duration, lead changes, decisiveness
# ======================================================================


def duration(results: Iterable[GameResult], confidence: float = 0.95) -> Table:
    """Rounds (when the game counts them) and steps (decisions) per game: mean, sd,
    interval of the mean, min and max."""
    games = _games(results)
    rows = []
    for name in ("rounds", "steps"):
        vals = [getattr(g, name) for g in games if getattr(g, name) is not None]
        if not vals:
            continue
        mean, sd, lo, hi, n = mean_interval(vals, confidence)
        rows.append({"measure": name, "mean": mean, "sd": sd, "lo": lo, "hi": hi,
                     "min": min(vals), "max": max(vals), "n": n})
    return Table(rows, title=f"duration, {len(games)} games")


def count_lead_changes(trajectory: Sequence[Sequence[float]]) -> int:
    """How often the sole leader changes along a score trajectory.

    A snapshot with several seats tied on top has no sole leader and changes nothing;
    the first sole leader is not a change.
    """
    leader = None
    changes = 0
    for scores in trajectory:
        best = max(scores)
        top = [s for s, v in enumerate(scores) if v == best]
        if len(top) != 1:
            continue
        if leader is not None and top[0] != leader:
            changes += 1
        leader = top[0]
    return changes


def decided_at(trajectory: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The point of the game (0 = start, 1 = end) from which a final winner is always
    among the top scores: the snapshot index divided by the number of snapshots minus
    one. ``nan`` with fewer than two snapshots or no winner; 1 when no winner tops the
    final scores (a win by tie-break counts as on top)."""
    m = len(trajectory)
    if m < 2 or not winners:
        return math.nan
    t = m
    for j in range(m - 1, -1, -1):
        scores = trajectory[j]
        best = max(scores)
        if any(scores[w] == best for w in winners):
            t = j
        else:
            break
    return 1.0 if t == m else t / (m - 1)


def _with_trajectories(games: Sequence[GameResult]) -> list[GameResult]:
    out = [g for g in games if g.trajectory is not None]
    if not out:
        raise ValueError("no score trajectories: run the games with record_scores=True")
    return out


def _lead_change_value(g: GameResult, normalized: bool) -> float:
    if g.trajectory is None:
        return math.nan
    c = count_lead_changes(g.trajectory)
    if not normalized:
        return float(c)
    return c / (len(g.trajectory) - 1) if len(g.trajectory) > 1 else math.nan


def lead_changes(results: Iterable[GameResult], normalized: bool = False, confidence: float = 0.95) -> Estimate:
    """Mean number of changes of the sole score leader per game (``normalized=True``:
    per interval between score snapshots, as Ludii's rate), normal interval.

    Needs games run with ``record_scores=True``; the snapshots are per round for games
    with rounds, so this counts lead changes between rounds.
    """
    games = _with_trajectories(_games(results))
    mean, _, lo, hi, n = mean_interval((_lead_change_value(g, normalized) for g in games), confidence)
    return Estimate(mean, lo, hi, n, "lead change rate" if normalized else "lead changes per game")


def _decisiveness_value(g: GameResult) -> float:
    return math.nan if g.trajectory is None else 1.0 - decided_at(g.trajectory, g.winners)


def decisiveness(results: Iterable[GameResult], confidence: float = 0.95) -> Estimate:
    """Mean share of the game during which the eventual winner already led for good
    (1 = led from the first snapshot, 0 = decided at the end), normal interval. Needs
    ``record_scores=True``."""
    games = _with_trajectories(_games(results))
    mean, _, lo, hi, n = mean_interval((_decisiveness_value(g) for g in games), confidence)
    return Estimate(mean, lo, hi, n, "decisiveness")


# ======================================================================
# Breakdown and grouping
# ======================================================================


def score_breakdown(results: Iterable[GameResult]) -> Table:
    """Mean points per scoring category for each seat (and over all seats), with the
    mean total; needs games that report a breakdown."""
    games = [g for g in _games(results) if g.breakdown is not None]
    if not games:
        raise ValueError("these games report no score breakdown")
    cats: dict[str, None] = {}
    for g in games:
        for b in g.breakdown:  # type: ignore[union-attr]
            for c in b:
                cats.setdefault(c, None)
    rows = []
    n_seats = _num_players(games)
    for seat in list(range(n_seats)) + ["all"]:
        seats = range(n_seats) if seat == "all" else [seat]
        picks = [(g, s) for g in games for s in seats if s < g.num_players]
        row: dict[str, Any] = {"seat": seat, "n": len(picks)}
        for c in cats:
            row[c] = math.fsum(g.breakdown[s].get(c, 0) for g, s in picks) / len(picks)  # type: ignore[index]
        row["total"] = math.fsum(g.scores[s] for g, s in picks) / len(picks)
        rows.append(row)
    return Table(rows, title=f"mean points per category, {len(games)} games")


def win_rate_by(
    results: Iterable[GameResult],
    key: str | Callable[[dict[str, Any]], Any],
    seat: int | None = None,
    confidence: float = 0.95,
    sort: str = "rate",
    min_n: int = 1,
    adjust: str | None = None,
    cluster: str | None = None,
) -> Table:
    """Win rates grouped by a column of :meth:`Results.seat_table` (or
    ``key(row) -> value``), with Wilson intervals and ``n`` seat-games per group.

    Columns include ``seat``, ``rank``, ``first``, ``pts_<category>`` and the game's
    per-seat ``extras`` (for Ovni: abilities, missions, planet). When the value is a
    list (a seat holds two ability cards) the seat-game counts once in each distinct
    group. ``seat`` restricts to one seat; ``sort`` is ``"rate"`` (best first) or
    ``"key"``; groups under ``min_n`` are left out.

    ``adjust="holm"`` is for reading the table as a ranking of m groups (m tests at
    once): it adds ``fair`` (the group's fair share, the mean of ``1 / num_players``
    over its seat-games), ``p`` (:func:`proportion_pvalue` of the group's rate against
    ``fair``) and ``p_holm`` (:func:`holm` over the m groups), and widens every interval
    to the Bonferroni level ``1 - (1 - confidence) / m`` so that all m intervals hold
    together with probability at least ``confidence`` (simultaneous intervals). A
    group's ``p_holm`` below ``1 - confidence`` says its rate differs from the fair
    share with the family-wise error controlled; Holm is a little more powerful than
    Bonferroni, so a group can pass Holm while its simultaneous interval still touches
    the fair share. The title names the adjustment.

    ``cluster="game"`` (any seat-table column) stops counting the seats of one game as
    independent: seats that share a game share its deal and its winner, so several
    seats of one group in one game can rise or fall together and ``n`` seat-games hold
    less information than ``n`` independent ones. Each interval (and ``p``) then uses a
    design-effect-adjusted Wilson interval: the group's rate is a ratio over clusters,
    its cluster-robust (sandwich) variance ``G/(G-1) * sum_c (w_c - p m_c)^2 / M^2``
    (``w_c`` wins and ``m_c`` seats of the group in cluster ``c``, ``G`` clusters, ``M``
    seats) divided by the binomial ``p(1-p)/M`` is the design effect ``deff``, and the
    Wilson interval is taken on the effective sample ``M / deff`` (Kish's effective n,
    as survey statistics adjust a proportion). ``deff`` is floored at 1, so a clustered
    interval is never narrower than the naive one: an estimate below 1 is as often noise
    as a real negative correlation. The adjustment is a formula (no resampling), so the
    table is deterministic; it adds the columns ``deff`` and ``n_eff`` and the title
    says so. A group with at most one seat per cluster gets ``deff`` of about 1.
    """
    if adjust not in (None, "holm"):
        raise ValueError("adjust must be None or 'holm'")
    res = _as_results(results)
    rows = res.seat_table()
    if isinstance(key, str) and rows and all(key not in r for r in rows):
        raise KeyError(f"no column {key!r} in the seat table; columns: {rows.columns}")
    get = key if callable(key) else (lambda r: r.get(key))
    label = key if isinstance(key, str) else getattr(key, "__name__", "group")
    # seat_table lists the seats of each game in order, so this pairs a row with its game's fair share
    fairs = [1 / g.num_players for g in res.games for _ in range(g.num_players)]
    if cluster is not None and rows and all(cluster not in r for r in rows):
        raise KeyError(f"no column {cluster!r} in the seat table to cluster by; columns: {rows.columns}")
    groups: dict[Any, list[float]] = {}
    group_fair: dict[Any, list[float]] = {}
    group_cluster: dict[Any, list[Any]] = {}
    for r, f in zip(rows, fairs):
        if seat is not None and r["seat"] != seat:
            continue
        v = get(r)
        values = v if isinstance(v, (list, tuple, set, frozenset)) else [v]
        for x in dict.fromkeys(_hashable(x) for x in values):
            groups.setdefault(x, []).append(r["win"])
            group_fair.setdefault(x, []).append(f)
            if cluster is not None:
                group_cluster.setdefault(x, []).append(_hashable(r.get(cluster)))
    kept = {x: shares for x, shares in groups.items() if len(shares) >= min_n}
    m = len(kept)
    level = confidence if adjust is None or m == 0 else 1 - (1 - confidence) / m
    out = []
    for x, shares in kept.items():
        wins = math.fsum(shares)
        # the sample the interval and the test use: the seat-games, or their effective
        # number once the seats of one cluster are not counted as independent
        deff = 1.0 if cluster is None else design_effect(shares, group_cluster[x])
        n_eff = len(shares) / deff
        rate = wins / len(shares)
        k_eff = wins if deff == 1.0 else rate * n_eff
        lo, hi = wilson_interval(k_eff, n_eff, level)
        row = {label: x, "n": len(shares), "wins": wins, "rate": rate, "lo": lo, "hi": hi}
        if cluster is not None:
            row["deff"] = deff
            row["n_eff"] = n_eff
        if adjust == "holm":
            row["fair"] = math.fsum(group_fair[x]) / len(shares)
            row["p"] = proportion_pvalue(k_eff, n_eff, row["fair"])
        out.append(row)
    if adjust == "holm":
        for row, p in zip(out, holm([r["p"] for r in out])):
            row["p_holm"] = p
    if sort == "rate":
        out.sort(key=lambda r: (-r["rate"], str(r[label])))
    elif sort == "key":
        out.sort(key=lambda r: str(r[label]))
    else:
        raise ValueError("sort must be 'rate' or 'key'")
    games = res.games
    fair = statistics.fmean(1 / g.num_players for g in games)
    who = _("all seats") if seat is None else _("seat {seat}", seat=seat)
    title = _("win rate by {label}, {who}, {games} games (fair share {fair})", label=label, who=who, games=len(games),
              fair=format(fair, ".3f"))
    columns = [label, "n", "wins", "rate", "lo", "hi"]
    if cluster is not None:
        title += "; " + _("seats clustered by {cluster}: Wilson intervals on the effective n (n / deff, deff the "
                          "cluster-robust design effect, at least 1)", cluster=cluster)
        columns += ["deff", "n_eff"]
    if adjust == "holm":
        pct = round(confidence * 100)
        title += "; " + _("{m} groups: p against the fair share, Holm-adjusted (p_holm); intervals simultaneous "
                          "{percent}% (Bonferroni: each at {level}%)", m=m, percent=pct, level=_fmt(level * 100, 2))
        columns += ["fair", "p", "p_holm"]
    return Table(out, columns=columns, title=title,
                 headers={"wins": pgettext("table column", "wins"), "rate": pgettext("table column", "rate"),
                          "fair": pgettext("table column", "fair")})


def _hashable(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_hashable(v) for v in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in x.items()))
    return x


def summary(results: Iterable[GameResult], confidence: float = 0.95) -> Table:
    """The headline metrics of a batch in one table: seat win rates, first-player
    advantage, balance, duration, and lead changes and decisiveness when recorded."""
    games = _games(results)
    ests: list[Estimate] = [win_rate(games, s, confidence) for s in range(_num_players(games))]
    ests.append(first_player_advantage(games, confidence=confidence))
    ests.append(balance(games, confidence))
    for row in duration(games, confidence):
        ests.append(Estimate(row["mean"], row["lo"], row["hi"], row["n"], f"mean {row['measure']}"))
    if any(g.trajectory is not None for g in games):
        ests.append(lead_changes(games, confidence=confidence))
        ests.append(decisiveness(games, confidence))
    rows = [{"metric": e.name, "value": e.value, "lo": e.lo, "hi": e.hi, "n": e.n} for e in ests]
    return Table(rows, title=f"summary, {len(games)} games ({round(confidence * 100)}% intervals)")
