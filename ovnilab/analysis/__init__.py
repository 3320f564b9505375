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

Where things live
    One module per concern, read bottom-up; every name the single module ``analysis.py``
    defined (the private ones included) is still importable from ``ovnilab.analysis``, and
    so are the names it took from :mod:`ovnilab.sim`. A test that patches a name a
    function looks up patches it in the module that uses it (``analysis.variants.run_many``).

    * :mod:`.stats`: the statistics alone, functions of numbers (intervals, tests, Holm,
      sample sizes, the design effect, the paired bootstrap) and :class:`Estimate`; the
      lessons and the class's experiments use them on counts of their own;
    * :mod:`.findings`: when a result is printed as a finding (:func:`replication_bar`,
      :func:`classify`, :func:`describe`, :func:`phrase`), the explore notebooks' vocabulary;
    * :mod:`.results`: the metrics of one batch of results (win rates, first player,
      balance, duration, lead changes, decisiveness, score breakdown, :func:`win_rate_by`,
      :func:`summary`);
    * :mod:`.variants`: :func:`compare_variants` and its table :class:`VariantComparison`,
      the metric names (:data:`METRICS`, :func:`metrics`) and shared metric functions;
    * :mod:`.matchups`: bots against bots, pooled (:func:`head_to_head`, :func:`ladder`,
      :func:`mixed_table`); the paired sign-test ladder the notebooks' verdicts use is
      :mod:`ovnilab.ladder`, which builds on this package.
"""

from __future__ import annotations

# every name analysis.py defined (the private ones included), and the ones it took from sim
from ..sim import RESULT_EXTRAS, GameResult, Results, Table, _fmt, run_many  # noqa: F401
from .stats import (Estimate, _bootstrap_means, _norm, _percentiles, _spread, _weighted_means, _z,  # noqa: F401
                    design_effect, holm, mean_interval, proportion_pvalue, sample_size, wilson_interval)
from .findings import FINDING_ALPHA, FINDING_REPLICATION, classify, describe, phrase, replication_bar
from .results import (_as_results, _balance_of, _decisiveness_value, _games, _hashable,  # noqa: F401
                      _lead_change_value, _num_players, _share_matrix, _with_trajectories, balance,
                      count_lead_changes, decided_at, decisiveness, duration, first_player_advantage, lead_changes,
                      score_breakdown, summary, win_rate, win_rate_by, win_rates)
from .variants import (_NEEDS_TRAJECTORY, _WHY_MISSING, DEFAULT_METRICS, METRIC_DOCS, METRICS,  # noqa: F401
                       VariantComparison, _check_metrics, _compare_by, _comparison_headers, _feature_columns,
                       _features, _metrics_present, _MetricFn, _seat_groups, category_points, compare_variants,
                       metrics, winning_score)
from .matchups import head_to_head, ladder, mixed_table

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




# the classes name this package as their module, where they are imported from (their
# help, and a pickle, keep the path they always had)
for _cls in (Estimate, VariantComparison):
    _cls.__module__ = __name__
del _cls
