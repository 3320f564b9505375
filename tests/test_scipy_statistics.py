"""The statistics computed with scipy.stats give the numbers of the hand-written code they
replaced (issue 32): each old implementation is kept here as the reference, and the new
one must agree with it on many inputs to the precision the old one had.

Why keep the results equal: notebooks print these p-values and intervals, and nbval
compares the printed text with the committed outputs."""

from __future__ import annotations

import itertools
import math
import statistics
from fractions import Fraction

import numpy as np
import pytest

from ovnilab import analysis as A
from ovnilab import ladder
from ovnilab.classroom import experiments as E
from ovnilab.cows import balance as cow_balance
from ovnilab.cows import endgame
from ovnilab.ovni import balance as ovni_balance
from ovnilab.sim import GameResult, Results

# ---------------------------------------------------------------------------
# the previous implementations (references, not used by the library any more)

_ND = statistics.NormalDist()


def old_z(confidence):
    return _ND.inv_cdf(0.5 + confidence / 2)


def old_two_sided(z):
    return 2 * (1 - _ND.cdf(abs(z)))


def old_chi2_sf(x, df):
    """The closed forms of Q(df/2, x/2) the classroom statistics used."""
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    h = x / 2
    if df % 2 == 0:
        terms = [math.exp(-h + i * math.log(h) - math.lgamma(i + 1)) for i in range(df // 2)]
        return min(1.0, math.fsum(terms))
    terms = [math.erfc(math.sqrt(h))]
    terms += [math.exp(-h + (i - 0.5) * math.log(h) - math.lgamma(i + 0.5)) for i in range(1, (df + 1) // 2)]
    return min(1.0, math.fsum(terms))


def old_at_least(ps, hits):
    """The Poisson-binomial tail by convolution (the cow endgame's)."""
    dist = np.zeros(len(ps) + 1)
    dist[0] = 1.0
    for i, p in enumerate(ps):
        dist[1:i + 2] = dist[1:i + 2] * (1 - p) + dist[:i + 1] * p
        dist[0] *= 1 - p
    return float(min(1.0, dist[hits:].sum()))


def old_sign_pvalue(a_won, b_won):
    """The exact sign test in integers (the ladder's)."""
    n, k = a_won + b_won, max(a_won, b_won)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, j) for j in range(k, n + 1)) / 2**n)


# ---------------------------------------------------------------------------
# normal quantiles and tails (analysis, Ovni's and the cow game's balance)

CONFIDENCES = [0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 1 - 0.05 / 20, 1 - 0.05 / 50, 0.999999]
ZS = [0.0, 0.01, 0.5, 1.0, 1.6448536, 1.959964, 2.5, 3.0, 4.2, 6.0, 7.5]


def test_normal_quantiles_equal_the_old_ones():
    for c in CONFIDENCES:
        assert A._z(c) == pytest.approx(old_z(c), rel=1e-12)
        lo, hi = A.wilson_interval(37, 90, c)
        assert (lo, hi) == pytest.approx(_old_wilson(37, 90, c), rel=1e-12)
    for m in range(1, 80):
        for alpha, rep in ((0.05, 0.9), (0.01, 0.8)):
            old = _ND.inv_cdf(1 - alpha / (2 * m)) + _ND.inv_cdf(rep)
            assert A.replication_bar(m, alpha, rep) == pytest.approx(old, rel=1e-12)


def _old_wilson(successes, n, confidence):
    z = old_z(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def test_normal_pvalues_equal_the_old_ones_to_their_precision():
    # the old 1 - cdf(z) had an absolute error of about 1e-16, so it could not tell a tail
    # below that from 0: agreement is absolute, a few times that
    for z in ZS + [-z for z in ZS]:
        assert 2 * float(A._norm().sf(abs(z))) == pytest.approx(old_two_sided(z), abs=1e-15)
    for successes, n, p0 in itertools.product([0, 1, 3, 7.5, 20, 49], [50, 200], [0.25, 1 / 3, 0.5, 0.8]):
        assert A.proportion_pvalue(successes, n, p0) == pytest.approx(
            min(1.0, old_two_sided((successes / n - p0) / math.sqrt(p0 * (1 - p0) / n))), abs=1e-15)
    assert A.proportion_pvalue(10, 10, 0.5) > 0  # the tail the old code already reached


def _seat_games(k=40):
    """Hand-made four-seat Ovni-like results: seat 0 wins more when it holds ability 'a'."""
    rng = np.random.default_rng(3)
    games = []
    for i in range(k):
        abilities = [["a", "b"] if rng.random() < 0.5 else ["c", "b"] for _ in range(4)]
        winner = 0 if abilities[0][0] == "a" and rng.random() < 0.6 else int(rng.integers(4))
        games.append(GameResult(game="toy", seed=i, options={}, scores=tuple(float(s == winner) for s in range(4)),
                                winners=(winner,), rounds=None, steps=1, extras={"abilities": abilities}, index=i))
    return Results(games)


def test_ovni_rates_against_expected_pvalues_equal_the_old_ones():
    t = ovni_balance.rates_against_expected(_seat_games(), "abilities")
    assert len(t) == 3
    for row in t:
        assert row["p"] == pytest.approx(old_two_sided(row["z"]), abs=1e-15)


def test_cow_card_rates_and_variant_verdicts_equal_the_old_ones():
    rng = np.random.default_rng(5)
    cards = ["Mimosa", "Manada", "Farol", "Sonda"]
    games = []
    for i in range(60):
        held = [list(rng.choice(cards, size=2, replace=False)) for _ in range(2)]
        w = 0 if "Mimosa" in held[0] and rng.random() < 0.5 else int(rng.integers(2))
        games.append(GameResult(game="cows", seed=i, options={}, scores=(float(w == 0), float(w == 1)),
                                winners=(w,), rounds=None, steps=1, extras={"cards": held}, index=i))
    t = cow_balance.card_rates(games, confidence=0.9)
    z_sim = _ND.inv_cdf(1 - 0.1 / (2 * len(t)))
    for row in t:
        assert row["p"] == pytest.approx(old_two_sided(row["z"]), abs=1e-15)
        assert row["lo"] == pytest.approx(row["diff"] - z_sim * row["diff_se"], rel=1e-12, abs=1e-15)
    base = Results(games)
    moved = Results([GameResult(**{**g.to_dict(), "scores": (g.scores[0] + (i % 3), g.scores[1])})
                     for i, g in enumerate(games)])
    v = cow_balance.variant_verdicts({"book": base, "moved": moved}, {"score0": lambda g: g.scores[0]}, m=3)
    row = v.row(variant="moved")
    z = row["diff"] / ((row["hi"] - row["diff"]) / _ND.inv_cdf(1 - 0.05 / 6))
    assert row["p_holm"] == pytest.approx(min(1.0, 3 * old_two_sided(z)), abs=1e-14)


# ---------------------------------------------------------------------------
# the chi-square tail (classroom experiments)


@pytest.mark.parametrize("df", range(1, 13))
def test_chi_square_tail_equals_the_old_closed_forms(df):
    for x in [1e-6, 0.001, 0.1, 0.5, 1.0, 2.0, 3.84, 5.99, 7.2, 11.07, 15.0, 25.0, 60.0, 150.0]:
        assert E._chi2_sf(x, df) == pytest.approx(old_chi2_sf(x, df), rel=1e-9, abs=1e-300)
    for x in (0.0, -1.0, math.inf):
        assert E._chi2_sf(x, df) == old_chi2_sf(x, df)


# ---------------------------------------------------------------------------
# the Poisson-binomial tail (cow endgame: greedy against random play)


def test_poisson_binomial_tail_equals_the_old_convolution():
    rng = np.random.default_rng(0)
    shares = [1.0, 1 / 2, 1 / 3, 1 / 4, 2 / 3, 1 / 5, 1 / 7, 0.9, 1 / 11]
    for _ in range(60):
        m = int(rng.integers(1, 40))
        ps = [float(p) for p in rng.choice(shares, size=m)]
        for hits in range(0, m + 2):
            assert endgame._at_least(ps, hits) == pytest.approx(old_at_least(ps, hits), abs=1e-14)
    # the notebook's kind of sample: 22 positions, 14 optimal moves
    ps = [1 / 2, 1 / 3, 1 / 4, 1 / 2, 1 / 5, 1 / 3, 1 / 2, 1 / 6, 1 / 2, 1 / 3, 1 / 4,
          1 / 2, 1 / 3, 1 / 2, 1 / 7, 1 / 2, 1 / 3, 1 / 4, 1 / 2, 1 / 3, 1 / 2, 1 / 2]
    assert endgame._at_least(ps, 14) == pytest.approx(old_at_least(ps, 14), rel=1e-12)


# ---------------------------------------------------------------------------
# the exact sign test (bot ladders)


def test_sign_test_equals_the_exact_integer_formula():
    for n in list(range(0, 70)) + [99, 150, 400]:
        for a in range(n + 1):
            old = old_sign_pvalue(a, n - a)
            exact = min(Fraction(1), 2 * Fraction(sum(math.comb(n, j) for j in range(max(a, n - a), n + 1)), 2**n))
            new = ladder.exact_sign_pvalue(a, n - a)
            assert new == pytest.approx(old, rel=1e-12) and new == pytest.approx(float(exact), rel=1e-12)
    assert ladder.exact_sign_pvalue(0, 0) == 1.0 and ladder.exact_sign_pvalue(3, 3) == 1.0
    with pytest.raises(ValueError, match="seed counts must be >= 0"):
        ladder.exact_sign_pvalue(-1, 2)


def test_the_exact_multinomial_test_stays_hand_written_and_says_why():
    # scipy has the multinomial distribution, not this test: the docstring says so
    assert "scipy has no exact multinomial" in E._exact_multinomial_pvalue.__doc__
    assert E._exact_multinomial_pvalue([0, 0, 3], [0.5, 0.25, 0.25]) == pytest.approx(2 / 64)
