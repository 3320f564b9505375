"""The statistics under the metrics: pure functions of numbers, no game and no result.

A proportion's interval (:func:`wilson_interval`, Wilson's score interval) and its test
(:func:`proportion_pvalue`, the test that interval inverts), a mean's normal interval
(:func:`mean_interval`), Holm's adjustment of a family of p-values (:func:`holm`), how
many trials a test needs (:func:`sample_size`), the design effect of observations that
come in clusters (:func:`design_effect`, the seats of one game), and the seeded paired
percentile bootstrap that :func:`~ovnilab.analysis.balance` and
:func:`~ovnilab.analysis.compare_variants` share. :class:`Estimate` is a number with its
interval, the shape every metric returns.

They live apart from the metrics over results (:mod:`.results`) because they are used
apart: the lessons and the class's experiments (:mod:`ovnilab.classroom.experiments`),
the bot ladders (:mod:`ovnilab.ladder`) and the games' balance analyses call them on
counts of their own.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..tables import _fmt


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
