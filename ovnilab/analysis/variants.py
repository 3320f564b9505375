"""What-ifs: the same seeds played under several rule sets, each metric's difference from
the baseline with a paired bootstrap interval (:func:`compare_variants`, whose table is a
:class:`VariantComparison`, with its plot and its verdicts).

Also here: the names of the metrics it accepts (:data:`METRICS`, :data:`METRIC_DOCS`,
:func:`metrics`, which lists them and a game's ``GameResult.extras``) and two metric
functions the notebooks share (:func:`category_points`, :func:`winning_score`). It plays
the games (:func:`~ovnilab.sim.run_many`) and reads them with the per-game readings of
:mod:`.results` and the bootstrap of :mod:`.stats`; a difference is called a finding by
the bar of :mod:`.findings`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..i18n import _, pgettext
from ..sim import RESULT_EXTRAS, GameResult, Results, run_many
from ..tables import Table, _fmt
from .findings import replication_bar
from .results import _balance_of, _decisiveness_value, _hashable, _lead_change_value, _num_players
from .stats import _bootstrap_means, _percentiles, _spread, _weighted_means, design_effect, wilson_interval


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
    from .. import make

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
