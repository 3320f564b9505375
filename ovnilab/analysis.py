"""Balance metrics over batches of games, each with its uncertainty.

The Ludii project names a handful of metrics that say whether a game is fair and
interesting from AI-vs-AI play; here they are over :class:`~ovnilab.sim.Results` (or any
list of :class:`~ovnilab.sim.GameResult`), generic over games:

* :func:`win_rates` / :func:`win_rate`: each seat's share of the wins (a shared win split
  evenly), Wilson confidence interval;
* :func:`first_player_advantage`: the win share of the seat that acted first;
* :func:`balance`: 1 minus the largest gap between two seats' win rates (1 = fair);
* :func:`duration`: rounds and steps (decisions) per game;
* :func:`lead_changes` and :func:`decisiveness`: from the score trajectory (run with
  ``record_scores=True``);
* :func:`score_breakdown`: mean points per scoring category per seat;
* :func:`win_rate_by`: win rate grouped by anything in the seat table (an Ovni ability
  card, mission, planet from ``extras``); ``adjust="holm"`` reads it as a ranking, with
  Holm-adjusted p-values against the fair share and simultaneous intervals;
  ``cluster="game"`` counts the seats of one game as one cluster (design-effect-adjusted
  Wilson intervals, :func:`design_effect`) instead of as independent observations;
* :func:`compare_variants`: the same seeds under several rule sets, with the difference
  from the baseline and its paired bootstrap interval, as a table and a plot
  (:func:`metrics` lists the metric names it accepts, with their meaning; ``metrics(game)``
  those of one game and what its ``GameResult.extras`` hold); ``by=`` compares the win
  rate of groups of seats (a per-seat extra, or a function of the result and the seat);
* :func:`summary`: the headline metrics in one table.

Every result is deterministic for a given batch (bootstraps are seeded) and prints with
fixed decimals, so notebooks can print them and nbval can compare the text.

Statistical choices
    Win rates use the Wilson score interval (good near 0 and 1, where the normal
    interval is not); a shared win counts as a fractional success. Means use the normal
    interval ``mean +- z sd / sqrt(n)`` (batches here are hundreds of games or more).
    Quantities that are not a plain mean (balance, differences between variants) use a
    percentile bootstrap over games; for variants the resampled games are the same in
    every variant (a paired bootstrap), which is what makes common random numbers pay.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .i18n import _, pgettext
from .sim import RESULT_EXTRAS, GameResult, Results, Table, _fmt, run_many

__all__ = [
    "Estimate",
    "Table",
    "VariantComparison",
    "wilson_interval",
    "mean_interval",
    "holm",
    "proportion_pvalue",
    "win_rate",
    "win_rates",
    "first_player_advantage",
    "balance",
    "duration",
    "count_lead_changes",
    "decided_at",
    "lead_changes",
    "decisiveness",
    "score_breakdown",
    "win_rate_by",
    "design_effect",
    "summary",
    "compare_variants",
    "DEFAULT_METRICS",
    "METRICS",
    "METRIC_DOCS",
    "metrics",
    "category_points",
    "winning_score",
    "head_to_head",
    "ladder",
    "mixed_table",
    "FINDING_ALPHA",
    "FINDING_REPLICATION",
    "replication_bar",
    "classify",
    "describe",
    "phrase",
]


# ======================================================================
# Intervals
# ======================================================================


@dataclass(frozen=True)
class Estimate:
    """A number with its confidence interval ``[lo, hi]`` from ``n`` observations."""

    value: float
    lo: float
    hi: float
    n: int
    name: str = ""

    def format(self, decimals: int = 3) -> str:
        head = f"{self.name}: " if self.name else ""
        return (f"{head}{_fmt(float(self.value), decimals)} "
                f"[{_fmt(float(self.lo), decimals)}, {_fmt(float(self.hi), decimals)}] (n={self.n})")

    def __repr__(self) -> str:
        return self.format()

    __str__ = __repr__

    def __contains__(self, x: float) -> bool:
        return self.lo <= x <= self.hi


def _norm() -> Any:
    """scipy's standard normal distribution (``scipy.stats.norm``), imported on first use:
    importing ``scipy.stats`` takes about a second, which a program that imports this
    module and never computes an interval (the class server) should not pay."""
    from scipy.stats import norm

    return norm


def _z(confidence: float) -> float:
    """The normal quantile of a two-sided ``confidence`` interval (1.96 for 0.95)."""
    if not 0 < confidence < 1:
        raise ValueError("confidence must be between 0 and 1")
    return float(_norm().ppf(0.5 + confidence / 2))


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a proportion ``successes / n`` (successes may be
    fractional: a shared win). ``(nan, nan)`` when ``n == 0``."""
    if n <= 0:
        return (math.nan, math.nan)
    z = _z(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends, no rounding dust
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Iterable[float], confidence: float = 0.95) -> tuple[float, float, float, float, int]:
    """``(mean, sd, lo, hi, n)`` of the finite values, normal interval of the mean."""
    xs = [float(v) for v in values if v is not None and math.isfinite(v)]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan, math.nan, 0)
    mean = math.fsum(xs) / n
    sd = statistics.stdev(xs) if n > 1 else 0.0
    half = _z(confidence) * sd / math.sqrt(n)
    return (mean, sd, mean - half, mean + half, n)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``pvalues`` (same order as given).

    Why: a ranking of m items tests m hypotheses at once; reading each raw p-value at 5%
    finds a "significant" item by chance alone. Holm sorts the p-values, multiplies the
    k-th smallest by ``m - k`` (k from 0) and keeps the running maximum, so that the
    chance of any false "different" stays under the level for the whole family. It is
    never less powerful than Bonferroni (which multiplies every p-value by m).
    """
    ps = [float(p) for p in pvalues]
    for p in ps:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"a p-value must lie in [0, 1], got {p!r}")
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out = [0.0] * m
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * ps[i]))
        out[i] = running
    return out


def proportion_pvalue(successes: float, n: int, p0: float) -> float:
    """Two-sided p-value of the score test that a proportion ``successes / n`` equals
    ``p0`` (the test whose inversion is the Wilson interval, so the two agree: the
    p-value is below 5% exactly when the 95% Wilson interval excludes ``p0``)."""
    if n <= 0:
        raise ValueError("n must be positive")
    if not 0.0 < p0 < 1.0:
        raise ValueError(f"p0 must lie strictly between 0 and 1, got {p0!r}")
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return min(1.0, float(2.0 * _norm().sf(abs(z))))  # the upper tail, twice (two-sided)


def sample_size(rate: float, p0: float, m: int = 1, alpha: float = 0.05, power: float = 0.8,
                one_sided: bool = False, deff: float = 1.0) -> int:
    """How many trials a proportion test needs to tell a true ``rate`` from ``p0``.

    Why: "the data cannot tell" is only half an answer; a designer also wants to know how
    many games would tell, were the difference the one observed. This is the normal
    approximation of the score test :func:`proportion_pvalue` uses: the smallest ``n``
    with probability ``power`` of rejecting ``p0`` at level ``alpha`` (Bonferroni over
    ``m`` tests, two-sided unless ``one_sided``) when the true proportion is ``rate``;
    ``deff`` (a design effect, :func:`design_effect`) inflates it for clustered trials
    such as the seats of one game. Example: 0.6 against 0.5 needs 194 trials.
    """
    if not (0.0 < p0 < 1.0 and 0.0 < rate < 1.0):
        raise ValueError(f"rate and p0 must lie strictly between 0 and 1, got {rate!r} and {p0!r}")
    if rate == p0:
        raise ValueError("rate equals p0: no sample size tells a difference of zero")
    if not (0.0 < alpha < 1.0 and 0.0 < power < 1.0) or m < 1 or deff < 1.0:
        raise ValueError("alpha and power lie in (0, 1), m >= 1 and deff >= 1")
    norm = _norm()
    z_a = float(norm.ppf(1 - alpha / (m if one_sided else 2 * m)))
    z_b = float(norm.ppf(power))
    n = ((z_a * math.sqrt(p0 * (1 - p0)) + z_b * math.sqrt(rate * (1 - rate))) / (rate - p0)) ** 2
    return math.ceil(n * deff - 1e-9)


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
                    _("first player's win share (fair {fair})", fair=f"{fair:.3f}"))


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
              fair=f"{fair:.3f}")
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


def design_effect(values: Sequence[float], clusters: Sequence[Any]) -> float:
    """The design effect of the mean of ``values`` (wins, or shares of a win) when the
    observations with equal ``clusters`` labels are not independent (the seats of one
    game): the cluster-robust variance of the ratio ``sum(values) / len(values)`` over
    its binomial variance ``p(1-p)/n``, floored at 1 (see :func:`win_rate_by`). It is 1
    when there is a single cluster or the rate is 0 or 1 (nothing to estimate from)."""
    if len(values) != len(clusters):
        raise ValueError("values and clusters must have the same length")
    n = len(values)
    if n == 0:
        return 1.0
    p = math.fsum(values) / n
    wins: dict[Any, float] = {}
    sizes: dict[Any, int] = {}
    for v, c in zip(values, clusters):
        wins[c] = wins.get(c, 0.0) + v
        sizes[c] = sizes.get(c, 0) + 1
    g = len(wins)
    naive = p * (1 - p) / n
    if g < 2 or naive <= 0:
        return 1.0
    robust = g / (g - 1) * math.fsum((wins[c] - p * sizes[c]) ** 2 for c in wins) / (n * n)
    return max(1.0, robust / naive)


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


# ======================================================================
# Bootstrap machinery (shared by balance and compare_variants)
# ======================================================================


def _weighted_means(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Column means of ``x`` (games x features) under each row of weights ``w``,
    ignoring NaN entries (a feature a game does not have)."""
    finite = np.isfinite(x)
    filled = np.where(finite, x, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (w @ filled) / (w @ finite.astype(float))


def _bootstrap_means(xs: Sequence[np.ndarray], n_boot: int, seed: int, batch: int = 100) -> list[np.ndarray]:
    """Paired bootstrap: the same resampled games (multinomial weights from a seeded
    generator) applied to every matrix in ``xs``; returns ``n_boot x features`` means."""
    n = xs[0].shape[0]
    if any(x.shape[0] != n for x in xs):
        raise ValueError("paired bootstrap needs the same games in every variant")
    rng = np.random.default_rng(seed)
    out: list[list[np.ndarray]] = [[] for _ in xs]
    p = np.full(n, 1.0 / n)
    done = 0
    while done < n_boot:
        k = min(batch, n_boot - done)
        w = rng.multinomial(n, p, size=k).astype(float)
        for j, x in enumerate(xs):
            out[j].append(_weighted_means(w, x))
        done += k
    return [np.concatenate(o, axis=0) if o else np.empty((0, x.shape[1])) for o, x in zip(out, xs)]


def _spread(values: np.ndarray) -> float:
    """The bootstrap standard error: the spread of the resampled statistic (NaN resamples,
    a group absent from a resample, left out)."""
    v = values[~np.isnan(values)]
    return float(v.std(ddof=1)) if len(v) > 1 else math.nan


def _percentiles(values: np.ndarray, confidence: float) -> tuple[float, float]:
    v = values[np.isfinite(values)]
    if v.size == 0:
        return (math.nan, math.nan)
    a = (1 - confidence) / 2
    lo, hi = np.quantile(v, [a, 1 - a])
    return (float(lo), float(hi))


# ======================================================================
# Variants
# ======================================================================

#: per-game feature columns -> a metric: fn(col, num_players) -> [(label, values)], where
#: ``col(name)`` gives the (bootstrapped) mean of a feature column
_MetricFn = Callable[[Callable[[str], np.ndarray], int], list[tuple[str, np.ndarray]]]

METRICS: dict[str, _MetricFn] = {
    "win_rate": lambda col, n: [(f"win_rate[{s}]", col(f"win_{s}")) for s in range(n)],
    "first_player_advantage": lambda col, n: [("first_player_advantage", col("first"))],
    "balance": lambda col, n: [("balance", _balance_of(np.stack([col(f"win_{s}") for s in range(n)], axis=-1)))],
    "rounds": lambda col, n: [("rounds", col("rounds"))],
    "steps": lambda col, n: [("steps", col("steps"))],
    "score": lambda col, n: [(f"score[{s}]", col(f"score_{s}")) for s in range(n)],
    "lead_changes": lambda col, n: [("lead_changes", col("lead_changes"))],
    "decisiveness": lambda col, n: [("decisiveness", col("decisiveness"))],
}
_NEEDS_TRAJECTORY = {"lead_changes", "decisiveness"}

#: what each name of :data:`METRICS` measures, a line each (:func:`metrics` lists them)
METRIC_DOCS: dict[str, str] = {
    "win_rate": "each seat's share of the wins (a row per seat, win_rate[s]; a shared win split)",
    "first_player_advantage": "the win share of the seat that moved first (GameResult.first_player)",
    "balance": "1 minus the largest gap between two seats' win rates (1: every seat wins as often)",
    "rounds": "rounds per game",
    "steps": "decisions per game (every seat's, set-up included)",
    "score": "each seat's mean final score (a row per seat, score[s])",
    "lead_changes": "changes of the sole score leader per game (recorded per round; runs record_scores)",
    "decisiveness": "share of the game the eventual winner already led for good (runs record_scores)",
}


def category_points(category: str, name: str | None = None) -> Callable[[GameResult], float]:
    """A metric for :func:`compare_variants`: the players' mean points in one scoring
    category of ``GameResult.breakdown`` (Ovni's ``"ufos"``, ``"mapping"``, ...), labelled
    ``name`` (default ``"<category>_points"``), so a notebook and its tests share it."""
    def metric(g: GameResult) -> float:
        if g.breakdown is None:
            raise ValueError(f"game seed {g.seed} reports no score breakdown")
        return math.fsum(b[category] for b in g.breakdown) / len(g.breakdown)

    metric.__name__ = name or f"{category}_points"
    metric.__doc__ = f"Mean over the players of the points in the category {category!r}."
    return metric


def winning_score(g: GameResult) -> float:
    """A metric for :func:`compare_variants`: the best final score of the game."""
    return float(max(g.scores))


def metrics(game: str | None = None) -> Table:
    """The metric names :func:`compare_variants` accepts, each with what it measures
    (a designer's list before a what-if; a function ``f(GameResult) -> float`` is the
    way to any other metric).

    ``game`` (``"ovni"``, ``"cows"``, ``"cosmic"``): only the metrics that game has (the
    cow game and Cosmic count no rounds), then what its results carry in
    ``GameResult.extras`` (:data:`ovnilab.sim.RESULT_EXTRAS`): a per-game value goes into
    a metric function (``metric=lambda g: g.extras["turns"]``), a per-seat one groups
    the seats (``compare_variants(..., by="alien")``, :func:`win_rate_by`). The column
    ``use`` says how to ask for each."""
    if game is None:
        return Table([{"metric": k, "meaning": METRIC_DOCS[k]} for k in METRICS],
                     title="metrics of compare_variants(metric=...); or any function of a GameResult")
    if game not in RESULT_EXTRAS:
        raise ValueError(f"metrics(game): unknown game {game!r}; the games: {sorted(RESULT_EXTRAS)}")
    from . import make

    has_rounds = hasattr(make(game, seed=0), "round")  # as play() reads GameResult.rounds
    rows = [{"metric": k, "use": f'metric="{k}"', "meaning": METRIC_DOCS[k]}
            for k in METRICS if k != "rounds" or has_rounds]
    for key, (scope, meaning) in RESULT_EXTRAS[game].items():
        use = f'by="{key}"' if scope == "per seat" else f'g.extras["{key}"]'
        rows.append({"metric": f'extras["{key}"]', "use": use, "meaning": f"{scope}: {meaning}"})
    return Table(rows, columns=["metric", "use", "meaning"], max_rows=0,
                 title=(f"{game}: metrics of compare_variants(metric=...), then GameResult.extras (per game: "
                        f"inside a metric function, metric=lambda g: g.extras[key]; per seat: "
                        f"compare_variants(by=key), win_rate_by(results, key))"))


def _features(games: Sequence[GameResult], n: int,
              custom: Mapping[str, Callable[[GameResult], float]]) -> tuple[np.ndarray, dict[str, int]]:
    names = [f"win_{s}" for s in range(n)] + ["first", "rounds", "steps"] + [f"score_{s}" for s in range(n)]
    names += ["lead_changes", "decisiveness"] + [f"custom:{k}" for k in custom]
    nan = math.nan
    rows = []
    for g in games:
        row = [g.win_share(s) if s < g.num_players else nan for s in range(n)]
        row.append(g.win_share(0 if g.first_player is None else g.first_player))
        row.append(nan if g.rounds is None else g.rounds)
        row.append(g.steps)
        row += [g.scores[s] if s < g.num_players else nan for s in range(n)]
        row.append(_lead_change_value(g, False))
        row.append(_decisiveness_value(g))
        row += [float(fn(g)) for fn in custom.values()]
        rows.append(row)
    return np.array(rows, dtype=float), {k: i for i, k in enumerate(names)}


def _comparison_headers() -> dict[str, str]:
    """The columns of a variants' comparison as its table shows them (the rows keep the keys)."""
    return {"metric": pgettext("table column", "metric"), "variant": pgettext("table column", "variant"),
            "value": pgettext("table column", "value"), "wins": pgettext("table column", "wins"),
            "rate": pgettext("table column", "rate")}


class VariantComparison(Table):
    """The table of :func:`compare_variants` (one row per metric and variant, or with
    ``by=`` one row per group of seats and variant), with the runs in ``results`` (name
    -> :class:`~ovnilab.sim.Results`) and :meth:`plot`."""

    results: dict[str, Results]
    baseline: str
    #: the column naming the groups of seats (compare_variants(by=...)), None without
    by: str | None = None

    def verdict(self, m: int | None = None, **match: Any) -> str:
        """The finding vocabulary for one difference (``verdict(metric="rounds",
        variant="ring board")``): ``"up"``/``"down"`` when its paired interval excludes zero
        and its z (difference over its bootstrap standard error, the row's ``diff_se``)
        clears :func:`replication_bar` for ``m`` comparisons; ``"suggestive up"``/
        ``"suggestive down"`` when only the interval excludes zero (not a finding: a batch
        of the same size would often not repeat it); else ``"not shown"``.

        Why the bar and not only the interval: an interval that only just excludes zero is
        repeated by a fresh batch about half the time, the balance notebooks' reason for
        the same bar. ``m`` defaults to the differences in the table (its rows outside the
        baseline); make the table's ``confidence`` the Bonferroni level for ``m`` so the
        interval and the bar speak of the same family.
        """
        r = self.row(**match)
        if r["variant"] == self.baseline:
            raise ValueError(f"{r['variant']!r} is the baseline: it has no difference to judge")
        if m is None:
            m = sum(x["variant"] != self.baseline for x in self)
        if not (r["diff_lo"] > 0 or r["diff_hi"] < 0):
            return "not shown"
        side = "up" if r["diff"] > 0 else "down"
        z = r["diff"] / r["diff_se"] if r["diff_se"] > 0 else math.inf
        return side if abs(z) >= replication_bar(m) else f"suggestive {side}"

    def _panel(self, row: Mapping[str, Any]) -> str:
        """The plot panel a row belongs to: its metric, or its group of seats."""
        return row["metric"] if self.by is None else f"{self.by} = {_fmt(row[self.by], 3)}"

    def plot(self, metrics: Sequence[str] | None = None) -> Any:
        """A matplotlib Figure: per metric (per group of seats with ``by=``), each
        variant's difference from the baseline with its interval (the dashed line is
        "no change")."""
        from matplotlib.figure import Figure

        names = list(dict.fromkeys(self._panel(r) for r in self))
        if metrics is not None:
            names = [m for m in names if m in metrics or m.split("[")[0] in metrics]
        variants = list(dict.fromkeys(r["variant"] for r in self))
        ncols = min(3, max(1, len(names)))
        nrows = math.ceil(len(names) / ncols)
        fig = Figure(figsize=(4.2 * ncols, 0.5 + (0.45 * len(variants) + 0.9) * nrows), layout="constrained")
        axes = fig.subplots(nrows, ncols, squeeze=False)
        for ax in axes.flat[len(names):]:
            ax.set_visible(False)
        for ax, name in zip(axes.flat, names):
            rows = [r for r in self if self._panel(r) == name]
            ys = list(range(len(rows)))[::-1]
            d = np.array([r["diff"] for r in rows], dtype=float)
            lo = np.array([r["diff_lo"] for r in rows], dtype=float)
            hi = np.array([r["diff_hi"] for r in rows], dtype=float)
            err = np.vstack([np.clip(d - lo, 0, None), np.clip(hi - d, 0, None)])
            colours = ["0.55" if r["variant"] == self.baseline else "C0" for r in rows]
            for y, x, e0, e1, c in zip(ys, d, err[0], err[1], colours):
                ax.errorbar([x], [y], xerr=[[e0], [e1]], fmt="o", color=c, capsize=3)
            ax.axvline(0.0, color="0.3", linestyle="--", linewidth=0.8)
            ax.set_yticks(ys, [r["variant"] for r in rows])
            ax.set_title(name, fontsize=10)
            ax.set_xlabel(f"difference from {self.baseline}", fontsize=8)
        fig.suptitle(self.title, fontsize=9)
        return fig


#: the metrics compare_variants tabulates when none are named
DEFAULT_METRICS: tuple[str, ...] = ("win_rate", "first_player_advantage", "balance", "rounds")

#: why a game's results can lack a metric, for the error that names the metrics they have
_WHY_MISSING = {
    "rounds": "GameResult.rounds is None: the game counts no rounds",
    "lead_changes": "no score trajectories: run with record_scores=True",
    "decisiveness": "no score trajectories: run with record_scores=True",
}


def _feature_columns(metric: str, n: int) -> list[str]:
    """The per-game feature columns (of :func:`_features`) a named metric is made of."""
    if metric in ("win_rate", "balance"):
        return [f"win_{s}" for s in range(n)]
    if metric == "score":
        return [f"score_{s}" for s in range(n)]
    return {"first_player_advantage": ["first"]}.get(metric, [metric])


def _metrics_present(games: Sequence[GameResult], n: int) -> list[str]:
    """The names of :data:`METRICS` these games give a value of (a game without rounds,
    or run without score trajectories, gives none of some)."""
    x, index = _features(games, n, {})
    finite = np.isfinite(x).any(axis=0)
    return [m for m in METRICS if any(finite[index[c]] for c in _feature_columns(m, n))]


def _seat_groups(res: Results, by: str | Callable[[GameResult, int], Any]) -> list[list[list[Any]]]:
    """For each game of ``res``, for each seat, the groups its seat-game counts in: the
    value of ``by`` (a seat-table column, or ``by(result, seat)``), each distinct entry
    of a list value once."""
    if callable(by):
        values = [[by(g, s) for s in range(g.num_players)] for g in res.games]
    else:
        rows = res.seat_table()
        if rows and all(by not in r for r in rows):
            raise KeyError(f"by={by!r}: no column {by!r} in the seat table; columns: {rows.columns} "
                           f"(or a function by(result, seat))")
        it = iter(rows)  # seat_table lists the seats of each game in order
        values = [[next(it).get(by) for _ in range(g.num_players)] for g in res.games]
    out = []
    for per_seat in values:
        out.append([list(dict.fromkeys(_hashable(x) for x in (v if isinstance(v, (list, tuple, set, frozenset))
                                                              else [v]))) for v in per_seat])
    return out


def _compare_by(runs: Mapping[str, Results], by: str | Callable[[GameResult, int], Any], confidence: float,
                n_boot: int, boot_seed: int) -> tuple[list[dict[str, Any]], str]:
    """The rows of ``compare_variants(by=...)``: each group's win rate in each variant."""
    label = by if isinstance(by, str) else getattr(by, "__name__", "<lambda>")
    label = "group" if label == "<lambda>" else label
    groups_of = {v: _seat_groups(r, by) for v, r in runs.items()}
    found: dict[Any, None] = {}
    for per_game in groups_of.values():
        for per_seat in per_game:
            for gs in per_seat:
                found.update(dict.fromkeys(gs))
    groups = sorted(found, key=lambda x: (str(type(x)), str(x)))
    col = {x: j for j, x in enumerate(groups)}
    k = len(groups)
    # per game and group: the win shares and the number of the group's seats (columns
    # 0..k-1 and k..2k-1), so a bootstrap over games keeps the seats of a game together
    xs = []
    for v, res in runs.items():
        x = np.zeros((len(res.games), 2 * k))
        for i, (g, per_seat) in enumerate(zip(res.games, groups_of[v])):
            for s, gs in enumerate(per_seat):
                for grp in gs:
                    x[i, col[grp]] += g.win_share(s)
                    x[i, k + col[grp]] += 1
        xs.append(x)
    with np.errstate(invalid="ignore", divide="ignore"):
        boots = [b[:, :k] / b[:, k:] for b in _bootstrap_means(xs, n_boot, boot_seed)]
    names = list(runs)
    rows = []
    for x_grp in groups:
        j = col[x_grp]
        base_rate = math.nan
        for v, boot in zip(names, boots):
            # the seats of one game share its deal and winner: the Wilson interval on the
            # effective n (design effect, the games as clusters), as win_rate_by(cluster="game")
            shares = [g.win_share(s) for g, per_seat in zip(runs[v].games, groups_of[v])
                      for s, gs in enumerate(per_seat) if x_grp in gs]
            clusters = [i for i, per_seat in enumerate(groups_of[v]) for gs in per_seat if x_grp in gs]
            n, wins = len(shares), math.fsum(shares)
            deff = design_effect(shares, clusters)
            rate = wins / n if n else math.nan
            n_eff = n / deff
            lo, hi = wilson_interval(wins if deff == 1.0 else rate * n_eff, n_eff, confidence) if n else (
                math.nan, math.nan)
            if v == names[0]:
                base_rate = rate
            dlo, dhi = _percentiles(boot[:, j] - boots[0][:, j], confidence)
            rows.append({label: x_grp, "variant": v, "n": n, "wins": wins, "rate": rate, "lo": lo, "hi": hi,
                         "diff": rate - base_rate, "diff_lo": dlo, "diff_hi": dhi,
                         "diff_se": _spread(boot[:, j] - boots[0][:, j])})
    return rows, label


def compare_variants(
    variants: Mapping[str, Any],
    game: str | Callable[..., Any],
    bots: Any,
    n_games: int,
    seed: int = 0,
    metric: str | Callable[[GameResult], float] | Sequence[str | Callable[[GameResult], float]] = DEFAULT_METRICS,
    confidence: float = 0.95,
    n_boot: int = 1000,
    boot_seed: int = 0,
    by: str | Callable[[GameResult, int], Any] | None = None,
    **run_kw: Any,
) -> VariantComparison:
    """Run the same ``n_games`` seeds under each rule set of ``variants`` (name ->
    ``Rules``; the first is the baseline) and tabulate the metrics.

    ``metric``: names from :data:`METRICS` (``win_rate``, ``first_player_advantage``,
    ``balance``, ``rounds``, ``steps``, ``score``, ``lead_changes``, ``decisiveness``;
    :func:`metrics` lists them with their meaning, ``metrics(game)`` those of one game
    and its ``GameResult.extras``) or functions ``f(GameResult) -> float`` (averaged over
    games). A named metric the games do not have is an error that names the ones they
    have (the cow game and Cosmic count no rounds: their turns are
    ``lambda g: g.extras["turns"]``); the default list leaves such a metric out. Each
    row gives a variant's value with a bootstrap interval and its difference from the
    baseline with a paired bootstrap interval over the shared seeds (seeded by
    ``boot_seed``: the table is deterministic), and ``diff_se``, that difference's
    bootstrap standard error (not printed; :meth:`VariantComparison.verdict` reads it to
    tell a finding from a suggestive result). ``run_kw`` go to
    :func:`~ovnilab.sim.run_many` (e.g. ``processes=2``, ``progress=False``,
    ``new_game_kwargs``).

    ``by``: the win rate of groups of seats instead, one row per group and variant
    ("do seats keeping two missions win more when a failed mission costs 2?":
    ``by=lambda g, s: len(g.extras["missions"][s])``). A column of
    :meth:`~ovnilab.sim.Results.seat_table` (``"seat"``, ``"first"``, a per-seat extra
    such as ``"alien"``) or a function ``by(result, seat)``; a list value counts the
    seat-game once in each distinct entry, as :func:`win_rate_by` does. ``n`` is the
    group's seat-games in that variant (a rule can move seats between groups), ``rate``
    its share of the wins, ``lo``, ``hi`` its Wilson interval with the games as
    clusters (as ``win_rate_by(cluster="game")``: the seats of one game share its
    winner), ``diff`` the rate minus the baseline's rate of the same group, with a
    paired bootstrap interval over the games. ``metric`` must then be left out (or be
    ``"win_rate"``).
    """
    if not variants:
        raise ValueError("variants must name at least one rule set")
    if by is not None and metric is not DEFAULT_METRICS and metric != "win_rate":
        raise ValueError(f"by= tabulates each group's win rate; metric={metric!r} cannot be grouped "
                         "(leave metric out, or run compare_variants without by)")
    metrics = [metric] if isinstance(metric, str) or callable(metric) else list(metric)
    custom: dict[str, Callable[[GameResult], float]] = {}
    names: list[str] = []
    for m in metrics:
        if callable(m):
            label = getattr(m, "__name__", "metric")
            custom[label] = m
            names.append("custom:" + label)
        elif m in METRICS:
            names.append(m)
        else:
            raise ValueError(f"unknown metric {m!r}; known: {sorted(METRICS)} or a function of a GameResult")
    if by is None and _NEEDS_TRAJECTORY & set(names):
        run_kw.setdefault("record_scores", True)

    runs: dict[str, Results] = {}
    for name, rules in variants.items():
        kw = dict(run_kw)
        if kw.get("progress", True) and "desc" not in kw:
            kw["desc"] = str(name)
        runs[name] = run_many(game, bots, n_games, seed=seed, rules=rules, **kw)
        if len(runs) == 1 and runs[name].games:
            # before the other variants are played: every metric asked of these games
            # must be one they have (a game without rounds gave rows of NaN before)
            first = runs[name]
            if by is not None:
                _seat_groups(first[:1], by)  # an unknown column fails now, not after every run
            else:
                names = _check_metrics(names, first.games, metric is DEFAULT_METRICS,
                                       bool(run_kw.get("record_scores", True)))
    if by is not None:
        rows, label = _compare_by(runs, by, confidence, n_boot, boot_seed)
        pct = f"{confidence * 100:.2f}".rstrip("0").rstrip(".")
        baseline = list(runs)[0]
        title = _("win rate by {label}, {games} games per variant on the same seeds (seed {seed}); n: the group's "
                  "seat-games; lo, hi: {percent}% Wilson intervals with the games as clusters; diff = variant - "
                  "{baseline} for the same group, {percent}% paired bootstrap interval ({resamples} resamples)",
                  label=label, games=n_games, seed=seed, percent=pct, baseline=baseline, resamples=n_boot)
        table = VariantComparison(rows, columns=[label, "variant", "n", "wins", "rate", "lo", "hi", "diff",
                                                 "diff_lo", "diff_hi"], title=title, max_rows=0,
                                  headers=_comparison_headers())
        table.results = runs
        table.baseline = baseline
        table.by = label
        return table
    n = max(_num_players(r.games) for r in runs.values())
    feats = [_features(r.games, n, custom) for r in runs.values()]
    index = feats[0][1]
    xs = [f[0] for f in feats]
    full = [_weighted_means(np.ones((1, x.shape[0])), x) for x in xs]
    boots = _bootstrap_means(xs, n_boot, boot_seed)

    def evaluate(means: np.ndarray) -> list[tuple[str, np.ndarray]]:
        def col(c: str) -> np.ndarray:
            return means[:, index[c]]

        out: list[tuple[str, np.ndarray]] = []
        for m in names:
            if m.startswith("custom:"):
                out.append((m[len("custom:"):], col(m)))
            else:
                out.extend(METRICS[m](col, n))
        return out

    point = [evaluate(f) for f in full]
    boot = [evaluate(b) for b in boots]
    vnames = list(runs)
    baseline = vnames[0]
    rows = []
    for k, (label, _value) in enumerate(point[0]):
        base_b = boot[0][k][1]
        for j, v in enumerate(vnames):
            value = float(point[j][k][1][0])
            lo, hi = _percentiles(boot[j][k][1], confidence)
            diff = value - float(point[0][k][1][0])
            dlo, dhi = _percentiles(boot[j][k][1] - base_b, confidence)
            rows.append({"metric": label, "variant": v, "value": value, "lo": lo, "hi": hi,
                         "diff": diff, "diff_lo": dlo, "diff_hi": dhi, "diff_se": _spread(boot[j][k][1] - base_b)})
    pct = f"{confidence * 100:.2f}".rstrip("0").rstrip(".")  # 95, or 99.75 for an adjusted level
    title = _("{games} games per variant on the same seeds (seed {seed}); diff = variant - {baseline}; {percent}% "
              "bootstrap intervals (paired, {resamples} resamples)", games=n_games, seed=seed, baseline=baseline,
              percent=pct, resamples=n_boot)
    table = VariantComparison(rows, columns=["metric", "variant", "value", "lo", "hi", "diff", "diff_lo", "diff_hi"],
                              title=title, max_rows=0, headers=_comparison_headers())
    table.results = runs
    table.baseline = baseline
    return table


def _check_metrics(names: list[str], games: Sequence[GameResult], default: bool, trajectories: bool) -> list[str]:
    """``names`` without the metrics these games lack when they are the default list;
    otherwise a ValueError naming the first one asked for that they lack, why, and the
    metrics they have (``trajectories``: asking for a metric of the score trajectory
    would record it, as it does unless ``record_scores=False`` was given)."""
    present = set(_metrics_present(games, _num_players(games)))
    if trajectories:
        present |= _NEEDS_TRAJECTORY
    have = [m for m in METRICS if m in present]
    lacking = [m for m in names if not m.startswith("custom:") and m not in have]
    if not lacking:
        return names
    if default:
        return [m for m in names if m not in lacking]
    m = lacking[0]
    game = games[0].game
    hint = ""
    if m == "rounds" and "turns" in games[0].extras:
        hint = '; its turns are GameResult.extras["turns"]: metric=lambda g: g.extras["turns"]'
    raise ValueError(f"metric {m!r}: the {game} games give no value of it ({_WHY_MISSING.get(m, 'all NaN')}"
                     f"{hint}); the metrics they have: {have}, or any function of a GameResult "
                     f"(analysis.metrics({game!r}) lists its extras)")


compare_variants.metrics = metrics  # type: ignore[attr-defined]  # the list, from the function itself


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


# ======================================================================
# Findings that replicate: the explore notebooks' verdict vocabulary
# ======================================================================

#: family-wise error rate of each ranking (Holm)
FINDING_ALPHA = 0.05
#: the chance, were the true effect the one observed, that a fresh batch of the same size
#: states a finding again (see :func:`classify`)
FINDING_REPLICATION = 0.9


def replication_bar(m: int, alpha: float = FINDING_ALPHA, replication: float = FINDING_REPLICATION) -> float:
    """The |z| a difference needs, among ``m`` tests, to be printed as a finding.

    Why: a verdict that only just passes its test (p near the threshold) is repeated by an
    independent batch of the same size about half the time (Goodman 1992), so printing it
    as a finding invites a failed replication. If the true effect were the observed one, a
    fresh batch's z would be normal around the observed z, and it would pass the
    Bonferroni threshold ``z_(1 - alpha / 2m)`` with probability ``replication`` when the
    observed |z| exceeds that threshold by ``z_replication`` (1.28 for 0.9).
    """
    norm = _norm()
    return float(norm.ppf(1 - alpha / (2 * max(m, 1))) + norm.ppf(replication))


def classify(z: float, p_holm: float, m: int, alpha: float = FINDING_ALPHA) -> str:
    """``"above"``/``"below"`` for a finding (Holm-adjusted p under ``alpha`` and |z| over
    :func:`replication_bar`), ``"suggestive above"``/``"suggestive below"`` when only the
    test passes (not a finding: a batch of the same size would often not repeat it), else
    ``"not shown"``."""
    if p_holm >= alpha:
        return "not shown"
    side = "above" if z > 0 else "below"
    return side if abs(z) >= replication_bar(m, alpha) else f"suggestive {side}"


def describe(verdict: Mapping[Any, str], baseline: str) -> str:
    """The lines a notebook prints for a ranking's verdicts (:func:`verdicts`): findings,
    then suggestive results, then how many are not shown to differ from ``baseline``."""
    lines = []
    for kind, say in (("above", "finding, above"), ("below", "finding, below"),
                      ("suggestive above", "suggestive only (not a finding), above"),
                      ("suggestive below", "suggestive only (not a finding), below")):
        names = [str(k) for k, v in verdict.items() if v == kind]
        if names or not kind.startswith("suggestive"):
            lines.append(f"{say} {baseline}: {', '.join(names) or 'none'}")
    rest = sum(v == "not shown" for v in verdict.values())
    lines.append(f"{rest} of {len(verdict)} not shown to differ from {baseline}")
    return "\n".join(lines)


def phrase(verdict: str, baseline: str) -> str:
    """A verdict of :func:`classify` as words, e.g. "above the fair share (a finding)"."""
    if verdict == "not shown":
        return f"not shown to differ from {baseline}"
    if verdict.startswith("suggestive"):
        return f"{verdict.split()[1]} {baseline} (suggestive only, not a finding)"
    return f"{verdict} {baseline} (a finding)"
