# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 7: Experiments on rules
#
# A designer asks "what if the launch platform held three UFOs instead of two?". ovnilab
# answers such questions by playing the game under both rule sets and comparing. This
# lesson is about doing that comparison well: playing both rule sets **on the same seeds**
# (common random numbers) and analysing the games in pairs, which can make an experiment
# several times more precise for free; and testing **many** things at once (here: which
# ability cards are strong) without declaring winners that are only noise.
#
# **Audience:** students in a probability or statistics course who have met confidence
# intervals; game designers who run what-if simulations; teachers preparing either.
#
# **Prerequisites:** [Lesson 6](06_estimating_win_rates.ipynb) (binomial model, Wilson
# interval, $n$ and margins); variance and covariance of random variables; the normal
# interval of a mean, $\bar x \pm z\,s/\sqrt n$; what a p-value is.
#
# **Objectives:** after this lesson you can
# - design a what-if experiment with `ovni.Rules` options on shared seeds;
# - write the variance of a paired difference and say when pairing helps;
# - compute a paired and an unpaired interval from the same games and compare them;
# - apply Holm's procedure by hand to a family of p-values, and check it with
#   `ovnilab.analysis.holm`;
# - read `ovnilab.analysis.compare_variants`, whose intervals come from a paired bootstrap.
#
# **Time:** 50 minutes (about 30 for the text, 20 for the exercises).
#
# **Glossary:** *Ovni*: UFO (the game's name); *plataforma de lançamento*: the launch
# platform, where a player's built UFOs wait before being launched to a city (the rulebook
# allows two); *Habilidades*: ability cards, two per player, each with a rule-bending
# power from the rulebook (in the code by kind: `initial_ufo` a built UFO on the platform at
# set-up, `extra_moves` two extra moves when the pilots act, `human_swap` swap the human to
# abduct with one in an adjacent city, `starting_aliens` three starting aliens instead of
# two, `free_mapping` map any city with two UFOs, `force_field` box two *Militares*
# (military aliens) to be safe from attacks for a round, `command_six` command token 6
# comes back after its first use);
# *first player*: the seat that recruits first in round 1; *seed*: the number that fixes a
# game's shuffles and the bots' random choices.

# %%
# %matplotlib inline
import math
import statistics

import matplotlib.pyplot as plt
import numpy as np

from ovnilab import analysis, ovni
from ovnilab.ovni import bots as ovni_bots
from ovnilab.texts.lesson07 import say   # the sentences this lesson prints, in its language

Z = statistics.NormalDist().inv_cdf(0.975)
THREE_PLAYERS = {"num_players": 3, "setup": "random"}
SEED = 7

# %% [markdown]
# ## 1. The experiment
#
# Two rule sets: the rulebook, and the rulebook with `platform_capacity=3`. Three random
# bots play `N_GAMES` games under each. The outcome we measure is the **total points** of
# a game (all three seats together): does a bigger platform make for a higher-scoring game?
#
# `analysis.compare_variants` runs the games. It plays game $i$ of every rule set from the
# same seed: the same set-up, the same alien deck order, the same random stream for each
# bot. Where the rule change does not matter, the two games are identical; where it does,
# they drift apart from that point on. So the two results of seed $i$, $X_i$ (rulebook)
# and $Y_i$ (variant), are **correlated**, and that is what we exploit.

# %%
N_GAMES = 2000   # per rule set; raise for tighter intervals (about 2 s of play per 1000 games)


def total_points(game):
    return sum(game.scores)


variants = {"rulebook": ovni.Rules(), "platform 3": ovni.Rules(platform_capacity=3)}
comparison = analysis.compare_variants(variants, "ovni", ovni_bots.RandomBot(), N_GAMES, seed=SEED,
                                       metric=[total_points, "steps"], progress=False, processes=2,
                                       new_game_kwargs=THREE_PLAYERS)
rulebook, platform3 = comparison.results["rulebook"], comparison.results["platform 3"]
x = np.array([total_points(g) for g in rulebook], dtype=float)
y = np.array([total_points(g) for g in platform3], dtype=float)
same = sum(a.scores == b.scores and a.steps == b.steps for a, b in zip(rulebook, platform3))
print(say("means", n=N_GAMES, x=x.mean(), y=y.mean()))
print(say("same", same=same))

# %% [markdown]
# ## 2. Paired or independent: the variance of a difference
#
# We want $\delta = \mathbb E[Y] - \mathbb E[X]$. Two estimates, same $n$ games per rule set:
#
# **Independent samples** (the variant on other seeds): $\bar Y - \bar X$, with
#
# $$\operatorname{Var}(\bar Y - \bar X) = \frac{\sigma_X^2 + \sigma_Y^2}{n}.$$
#
# **Paired** (same seeds): the per-seed differences $d_i = Y_i - X_i$, and $\bar d$, with
#
# $$\operatorname{Var}(d_i) = \sigma_X^2 + \sigma_Y^2 - 2\operatorname{Cov}(X, Y)
#   = \sigma_X^2 + \sigma_Y^2 - 2\rho\,\sigma_X\sigma_Y, \qquad
#   \operatorname{Var}(\bar d) = \frac{\operatorname{Var}(d_i)}{n}.$$
#
# Same estimate ($\bar d = \bar Y - \bar X$), different variance: when the correlation
# $\rho$ is positive the paired variance is smaller. With $\sigma_X = \sigma_Y = \sigma$ it
# is $2\sigma^2(1-\rho)/n$ against $2\sigma^2/n$: the interval shrinks by the factor
# $\sqrt{1-\rho}$, and $n$ paired games are worth $n/(1-\rho)$ independent ones per rule
# set. The two 95% intervals are
#
# $$\text{paired: } \bar d \pm z\,\frac{s_d}{\sqrt n}, \qquad
#   \text{unpaired: } (\bar Y - \bar X) \pm z\sqrt{\frac{s_X^2}{n} + \frac{s_Y^2}{n}} .$$
#
# The cell computes both from the same games. The unpaired formula is the **wrong**
# analysis of these paired games, but it is the width an experiment on independent seeds
# of the same size would give (the variances are the same), so it shows what the shared
# seeds buy. The identity for $\operatorname{Var}(d_i)$ holds exactly for the sample
# variances too, and the cell checks it.

# %%
n = len(x)
d = y - x
sx2, sy2 = x.var(ddof=1), y.var(ddof=1)
sxy = np.cov(x, y, ddof=1)[0, 1]
rho = sxy / math.sqrt(sx2 * sy2)
assert math.isclose(d.var(ddof=1), sx2 + sy2 - 2 * sxy)
paired_half = Z * d.std(ddof=1) / math.sqrt(n)
unpaired_half = Z * math.sqrt(sx2 / n + sy2 / n)
paired = (d.mean() - paired_half, d.mean() + paired_half)
unpaired = (d.mean() - unpaired_half, d.mean() + unpaired_half)
print(say("spreads", sx=math.sqrt(sx2), sy=math.sqrt(sy2), sd=d.std(ddof=1), rho=rho))
print(say("mean_diff", d=d.mean(), n=n))
print(say("paired_interval", lo=paired[0], hi=paired[1], half=paired_half))
print(say("unpaired_interval", lo=unpaired[0], hi=unpaired[1], half=unpaired_half))
print(say("ratio", ratio=paired_half / unpaired_half, root=math.sqrt(1 - rho), worth=float(f"{n / (1 - rho):.2g}")))
assert paired_half < unpaired_half
assert abs(math.sqrt(sx2 / sy2) - 1) < 0.05 and abs(paired_half / unpaired_half - math.sqrt(1 - rho)) < 0.02
assert rho > 0.8 and d.std(ddof=1) < 0.5 * math.sqrt(sx2)


def verdict(lo, hi, what):
    if lo > 0:
        return say("above_0", what=what)
    if hi < 0:
        return say("below_0", what=what)
    return say("contains_0", what=what)


print(verdict(*paired, say("paired")))
print(verdict(*unpaired, say("unpaired")))

# %% [markdown]
# The paired interval is narrower on the same data (asserted), by close to the factor
# $\sqrt{1-\rho}$ (the two standard deviations are nearly equal). The two verdicts printed
# above are the point of the lesson whenever they differ: the same games, analysed in
# pairs, can answer a question that the unpaired analysis leaves open.
#
# The figure shows why: each dot is one seed, the rulebook's total against the variant's.
# The dots hug the diagonal, so the differences $d_i$ (the distance from the diagonal) vary
# much less than the totals themselves.

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(4.2, 4.2))
ax.scatter(x, y, s=4, alpha=0.3)
lim = [min(x.min(), y.min()), max(x.max(), y.max())]
ax.plot(lim, lim, color="0.3", linewidth=0.8)
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel"))
plt.show()

# %% [markdown]
# ## 3. What `compare_variants` reports: a paired bootstrap
#
# The library's table gives each rule set's value and its difference from the first (the
# baseline), with 95% intervals from a **paired bootstrap**: draw $n$ seeds with
# replacement, compute the difference of the means *over those same seeds* in both rule
# sets, repeat 1000 times (seeded), and take the 2.5% and 97.5% percentiles. Resampling
# whole seeds keeps each pair together, so the bootstrap sees the small variance of $d_i$,
# like the paired formula; and it works for quantities that are not a plain mean (the
# balance of seats, for instance) where no formula is at hand. For a mean, the bootstrap
# and the normal paired interval should nearly coincide; the cell checks they agree within
# a fifth of the paired half-width.

# %%
print(comparison)
row = comparison.row(metric="total_points", variant="platform 3")
assert math.isclose(row["diff"], d.mean())
assert abs(row["diff_lo"] - paired[0]) < paired_half / 5 and abs(row["diff_hi"] - paired[1]) < paired_half / 5
print(say("bootstrap_vs_normal", blo=row["diff_lo"], bhi=row["diff_hi"], lo=paired[0], hi=paired[1]))

# %% [markdown]
# Two cautions. These are **random** players: a bigger platform may matter more (or less)
# to players who plan their launches. And a difference can be real and still too small to
# matter at the table: compare it with the spread of a single game's total, $s_X$ above.
#
# ## 4. Many comparisons at once: which ability cards are strong?
#
# Each player holds two *Habilidades* (ability cards). In the rulebook games above, we can
# ask for each of the seven kinds: do the seats holding it win more (or less) than the
# fair share $1/3$? That is $m = 7$ tests. If each is read at the 5% level and no card
# matters, the chance that **at least one** of them comes out "significant" is
# $1 - 0.95^7 \approx 30\%$ if the seven tests are independent, and can reach
# $7 \times 5\% = 35\%$ when they are not (the union bound). A ranking of many items must
# control this *family-wise* error.
#
# **Holm's procedure** (level $\alpha = 0.05$; [lesson 6](06_estimating_win_rates.ipynb),
# section 4, says why it keeps the family-wise error at $\alpha$). Sort the p-values,
# $p_{(1)} \le p_{(2)} \le \dots \le p_{(m)}$. Then, for $k = 1, 2, \dots$: if
# $p_{(k)} \le \alpha/(m - k + 1)$, declare hypothesis $(k)$ rejected and go on; at the
# first $k$ where it fails, stop and keep all the remaining ones. The first test faces
# Bonferroni's strict $\alpha/m$, the next $\alpha/(m-1)$, and so on: each step is a
# Bonferroni test on the hypotheses still standing. Equivalently, the **Holm-adjusted**
# p-values
#
# $$\tilde p_{(k)} = \max_{j \le k}\; \min\bigl(1,\ (m - j + 1)\,p_{(j)}\bigr)$$
#
# are compared with $\alpha$ directly. The p-values here come from the score test of each
# win rate against $1/3$ (`analysis.proportion_pvalue`, the test whose inversion is the
# Wilson interval).

# %%
by_ability = analysis.win_rate_by(rulebook, "abilities")
print(by_ability)
names = [r["abilities"] for r in by_ability]
raw = [analysis.proportion_pvalue(r["wins"], r["n"], 1 / 3) for r in by_ability]
assert len(raw) == 7 and round(1 - 0.95**7, 2) == 0.30   # seven kinds; the 30% above

# %% [markdown]
# Holm's procedure by hand, one row per step: the multiplier $m - k + 1$, the product, the
# running maximum (the adjusted p-value) and the decision. Then the library's
# `analysis.holm` must give the same adjusted p-values.

# %%
ALPHA = 0.05
m = len(raw)
order = sorted(range(m), key=lambda i: raw[i])
adjusted_by_hand, rejected_by_hand = [0.0] * m, [False] * m
running, still_rejecting = 0.0, True
print(say("holm_head"))
for k, i in enumerate(order, start=1):
    product = min(1.0, (m - k + 1) * raw[i])
    running = max(running, product)
    adjusted_by_hand[i] = running
    still_rejecting = still_rejecting and raw[i] <= ALPHA / (m - k + 1)
    rejected_by_hand[i] = still_rejecting
    print(say("holm_row", k=k, name=names[i], p=raw[i], mult=m - k + 1, product=product, adjusted=running,
              decision=say("different" if still_rejecting else "keep")))
library = analysis.holm(raw)
assert all(math.isclose(a, b) for a, b in zip(adjusted_by_hand, library))
assert rejected_by_hand == [a <= ALPHA for a in library]   # stepping down = adjusted p-values <= alpha
raw_hits = [names[i] for i in range(m) if raw[i] <= ALPHA]
holm_hits = [names[i] for i in range(m) if library[i] <= ALPHA]
print(say("holm_agrees", raw_n=len(raw_hits), m=m, raw=", ".join(raw_hits) or say("none"), holm_n=len(holm_hits),
          holm=", ".join(holm_hits) or say("none")))
# the library's ranking: the same Holm-adjusted p-values, and simultaneous intervals
ranking = analysis.win_rate_by(rulebook, "abilities", adjust="holm")
assert all(math.isclose(r["p_holm"], library[names.index(r["abilities"])]) for r in ranking)
print(say("simultaneous", level=1 - ALPHA / m))
for r in ranking:
    if r["abilities"] in holm_hits:
        side = "kind_above" if r["rate"] > 1 / 3 else "kind_below"
        touches = r["lo"] <= 1 / 3 <= r["hi"]
        print(say(side, name=r["abilities"], rate=r["rate"], lo=r["lo"], hi=r["hi"], n=r["n"])
              + (say("touches") if touches else ""))

# %% [markdown]
# Only the kinds Holm keeps as different may be said to win more or less than the fair
# share, each reported with $n$ and its **simultaneous** interval (all seven intervals hold
# together with probability at least 95%, Bonferroni), as printed above; for the others
# these games cannot tell. Holm's test is a little more powerful than the simultaneous
# intervals, so a kind can pass Holm while its interval still touches $1/3$: the output
# says so where it happens.
#
# Two more cautions: a seat-game is counted once per kind it holds, and when two seats of
# one game hold the same (doubled) kind their results are not independent, which the
# Wilson intervals and the p-values ignore; and, as before, these are random players, who use an ability
# only by chance.
#
# ## Exercises
#
# Use $z = 1.96$ and $\alpha = 0.05$ in the pen-and-paper exercises.

# %% [markdown]
# ### Exercise 1 (pen and paper)
#
# Two rule sets are played on the same 500 seeds. Their outcomes have the same standard
# deviation and the per-seed correlation is $\rho = 0.9$. How many games **per rule set**
# would an experiment on independent seeds need for an interval of the same width? Store
# the integer in `answer_1` (one game more or fewer is accepted).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Paired: Var(d-bar) = 2 sigma^2 (1 - rho) / 500 = 2 sigma^2 * 0.1 / 500 = 2 sigma^2 / 5000.
# Independent with n per rule set: Var = 2 sigma^2 / n. Equal widths need equal variances:
# n = 500 / (1 - rho) = 500 / 0.1 = 5000 games per rule set.
answer_1 = 5000
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_rho, _n, _sigma2 = Fraction(9, 10), 500, Fraction(1)
_paired_var = (_sigma2 + _sigma2 - 2 * _rho * _sigma2) / _n
assert (2 * _sigma2) / 5000 == _paired_var, "the worked solution's variances no longer agree"
import numbers

assert isinstance(answer_1, numbers.Real), "answer_1 should be a number of games"
assert abs(answer_1 - 5000) <= 1, (   # the exercise's tolerance
    "answer_1 should be the games per rule set n whose independent variance 2 sigma^2 / n equals the "
    "paired variance 2 sigma^2 (1 - rho) / 500 (one game more or fewer is accepted)")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# Four cards A, B, C, D are each tested against the fair share, with p-values
# $p_A = 0.010$, $p_B = 0.040$, $p_C = 0.015$, $p_D = 0.005$. All four are below 0.05.
# Apply Holm's procedure at $\alpha = 0.05$: which cards are declared different from the
# fair share? Store the set of letters in `answer_2` (e.g. `{"A", "C"}`; capitals or not).
# Then compare with Bonferroni (every p-value times 4).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Sorted: D 0.005, A 0.010, C 0.015, B 0.040.
# k=1: D, 0.005 <= 0.05/4 = 0.0125, reject (adjusted 4 * 0.005 = 0.020)
# k=2: A, 0.010 <= 0.05/3 = 0.0167, reject (adjusted 3 * 0.010 = 0.030)
# k=3: C, 0.015 <= 0.05/2 = 0.025,  reject (adjusted 2 * 0.015 = 0.030)
# k=4: B, 0.040 <= 0.05/1 = 0.05,   reject (adjusted 0.040)
# All four. Bonferroni multiplies all by 4: 0.04, 0.16, 0.06, 0.02, keeping only A and D.
answer_2 = {"A", "B", "C", "D"}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import re

try:   # the letters in any case and spacing: {"a", " B"}, ["A", "C"], "A, C" and "ac" all name A and C
    _given = ({c.upper() for c in re.findall(r"[A-Za-z]", answer_2)} if isinstance(answer_2, str)
              else {str(c).strip().upper() for c in answer_2})
except TypeError:
    raise AssertionError('answer_2 should be a set of card letters, e.g. {"A", "C"}') from None
_p = {"A": 0.010, "B": 0.040, "C": 0.015, "D": 0.005}
_adj = dict(zip(_p, analysis.holm(list(_p.values()))))
assert {k for k, v in _adj.items() if v <= 0.05} == {"A", "B", "C", "D"}, "analysis.holm disagrees with the solution"
assert _given <= set(_p), f"answer_2 should hold card letters only (A, B, C, D), not {sorted(_given - set(_p))}"
assert _given == {"A", "B", "C", "D"}, (
    "answer_2 should be the cards Holm's procedure declares different at 0.05: sort the p-values, compare the "
    "k-th smallest with 0.05 / (4 - k + 1), and stop at the first that fails")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3
#
# From the same paired games (`rulebook` and `platform3` above), compute the paired 95%
# interval of the mean difference in **steps** (decisions per game, `game.steps`),
# platform 3 minus rulebook, with the normal formula $\bar d \pm z\,s_d/\sqrt n$. Store it
# as a pair `(lo, hi)` in `answer_3`, each end within 0.001 ($z = 1.96$ or the notebook's
# `Z` both do). Does a bigger platform change the length of a game?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Pair the games by seed (game i of both runs), take the differences, then the normal
# interval of their mean. If it contains 0, these games cannot tell.
_steps_d = np.array([b.steps - a.steps for a, b in zip(rulebook, platform3)], dtype=float)
_half = Z * _steps_d.std(ddof=1) / math.sqrt(len(_steps_d))
answer_3 = (_steps_d.mean() - _half, _steps_d.mean() + _half)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
try:
    _given_lo, _given_hi = (float(v) for v in answer_3)
except (TypeError, ValueError):
    raise AssertionError("answer_3 should be a pair of two numbers, (lo, hi)") from None
_mean, _sd, _lo, _hi, _n = analysis.mean_interval(b.steps - a.steps for a, b in zip(rulebook, platform3))
assert abs(_given_lo - _lo) < 0.001 and abs(_given_hi - _hi) < 0.001, (   # the exercise's tolerance
    "answer_3 should be (lo, hi) = d-bar -/+ z s_d / sqrt(n), where d = steps under platform 3 minus steps "
    "under the rulebook, seed by seed, and s_d their standard deviation; each end within 0.001")
_half_196 = 1.96 * _sd / math.sqrt(_n)   # z = 1.96 (the pen-and-paper value) is inside the tolerance
assert abs(_mean - _half_196 - _lo) < 0.0005 and abs(_mean + _half_196 - _hi) < 0.0005, (
    "z = 1.96 no longer falls within the exercise's tolerance")
_row = comparison.row(metric="steps", variant="platform 3")   # the paired bootstrap agrees roughly
assert abs(_row["diff_lo"] - _lo) < (_hi - _lo) / 4 and abs(_row["diff_hi"] - _hi) < (_hi - _lo) / 4, (
    "the paired bootstrap and the normal interval no longer roughly agree")
### END HIDDEN TESTS

# %% [markdown]
# ### After exercise 3: one question, two intervals, two answers
#
# The cell recomputes exercise 3's normal paired interval (without your answer) and puts it
# beside the paired bootstrap that section 3's table printed for the same steps. It does
# not print the normal interval's ends, which are exercise 3's answer: only whether it
# contains 0, and the p-value of the normal paired test that goes with it.

# %%
st_mean, st_sd, st_lo, st_hi, st_n = analysis.mean_interval(b.steps - a.steps for a, b in zip(rulebook, platform3))
st_boot = comparison.row(metric="steps", variant="platform 3")
st_p = 2 * (1 - statistics.NormalDist().cdf(abs(st_mean) / (st_sd / math.sqrt(st_n))))   # the normal paired test
intervals = {"normal paired": (st_lo, st_hi), "paired bootstrap": (st_boot["diff_lo"], st_boot["diff_hi"])}
print(say("steps_mean", mean=st_mean, n=st_n))
for name, (lo, hi) in intervals.items():
    shown = say("ex3_answer") if name == "normal paired" else f"[{lo:+.3f}, {hi:+.3f}]"
    print(say("method_line", name=say(name), shown=shown, verdict=say("contains" if lo <= 0 <= hi else "excludes")))
print(say("normal_test", p=st_p, p2=min(1.0, 2 * st_p)))
assert all(min(abs(lo), abs(hi)) < 0.05 for lo, hi in intervals.values())   # both borderline
assert (st_lo <= 0 <= st_hi) == (st_p >= 0.05)   # the interval and the test agree
if N_GAMES == 2000 and SEED == 7:   # the text below describes these games
    assert st_hi < 0 <= st_boot["diff_hi"] and st_boot["diff_lo"] < 0   # normal excludes 0, bootstrap contains it
    assert 0.025 < st_p < 0.05   # significant alone, not after doubling
    # 0 is nearer to each interval's end than the two methods' ends are to each other
    assert max(min(abs(lo), abs(hi)) for lo, hi in intervals.values()) < abs(st_hi - st_boot["diff_hi"])

# %% [markdown]
# **Exercise 3 has two answers, and that is its lesson.** On the same games the normal
# paired interval just excludes 0 ("a bigger platform shortens games a little") and the
# paired bootstrap just contains it ("these games cannot tell"). Neither method is wrong:
# both are approximate 95% intervals, they differ by the normal approximation and by the
# bootstrap's own resampling noise (1,000 resamples), and 0 sits at the edge of both,
# closer to it than those small differences. A **borderline interval** is weak evidence:
# the honest report gives $n$ and the interval and says the question is not settled, not
# that the effect is proven or absent.
#
# The trap is to compute both and report the one that excludes 0. That is **two tests of
# one question on the same games**, a multiple comparison like section 4's seven cards:
# if the platform changed nothing, the chance that at least one of two 5% tests says
# "different" is above 5% (up to 10%; less here, as the two are strongly correlated).
# Choose the analysis before looking at the results, or adjust for both: with Bonferroni's
# factor 2, the normal test's p-value printed above no longer falls below 5%. To settle
# the question, play **new seeds** (an independent second experiment), not a second
# analysis of the same ones.

# %% [markdown]
# ### Exercise 4
#
# With the raw p-values of the seven ability kinds (`raw` above), how many kinds does
# **Bonferroni** (reject when $m\,p \le 0.05$) declare different from the fair share? Store
# the integer in `answer_4`. Can it ever be more than Holm's count?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Bonferroni multiplies every p-value by m = 7. Holm multiplies the smallest by 7 too and
# the others by less, so it rejects at least what Bonferroni rejects: never fewer.
answer_4 = sum(7 * p <= 0.05 for p in raw)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
assert answer_4 == sum(min(1.0, len(raw) * p) <= 0.05 for p in raw), (
    "answer_4 should be the number of the seven kinds whose raw p-value times 7 is at most 0.05")
assert answer_4 <= sum(a <= 0.05 for a in analysis.holm(raw)), "Bonferroni found more than Holm: impossible"
### END HIDDEN TESTS
