# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 6: Estimating a win rate from simulated games
#
# Does the player who moves first in Ovni win more often than a fair share? Is one bot
# stronger than another? Both questions are about a probability we cannot compute: the
# chance that a seat (or a bot) wins a game. We estimate it from games played by the
# ovnilab engine, and the estimate is worth nothing without saying how far off it may be.
# This lesson builds the binomial model of a batch of games, derives two confidence
# intervals for a win rate, checks by simulation what "95%" promises, and computes how
# many games a question needs.
#
# **Audience:** students in a first course on probability or statistics (or game theory
# students who run simulations); teachers preparing one; game designers who read balance
# reports.
#
# **Prerequisites:** the binomial distribution, its mean and variance; the normal
# approximation (the central limit theorem); solving a quadratic equation; running a
# notebook cell. No Ovni experience is needed ([the rules](../rules/ovni.ipynb)); Lesson 5
# ([probability and hidden cards](05_probability_hidden_cards.ipynb)) is useful but not
# required.
#
# **Objectives:** after this lesson you can
# - model the wins of a batch of independent games as a binomial count and give the
#   standard error of the win rate;
# - derive the normal (Wald) and the Wilson 95% intervals and compute both by hand;
# - say what the coverage of an interval is and measure it by simulation;
# - compute the number of games needed for a given margin, $n = z^2 p(1-p)/m^2$;
# - test a handful of games exactly (the exact binomial test), keep a family of tests at
#   5% with Holm's procedure, and say how many games make a verdict possible;
# - explain why a handful of games cannot rank two players, and report a first-player
#   advantage with $n$ and an interval.
#
# **Time:** 50 minutes (about 30 for the text, 20 for the exercises).
#
# **Glossary:** *Ovni*: UFO (the game's name; Portuguese *objeto voador não identificado*);
# *Militares*, *Construtores*, *Abdutores*, *Pilotos*: military, builder, abductor and pilot
# aliens, the four kinds a player recruits; *first player*: the seat that recruits first
# in round 1 of Ovni, the one holding the most *Militares* after set-up (ties broken by
# builders, abductors, pilots, then the planet farthest from Earth); *seat*: a player's
# place at the table (0, 1, 2); *bot*: a program that plays a seat (`RandomBot` picks a
# uniformly random legal move; `GreedyBot` looks one move ahead); *seed*: the number that
# fixes a game's shuffles and the bots' random choices, so a game can be played again
# identically. Exercise 4 uses the cow game (a two-player card game about abducting cows;
# Portuguese *vaca*, cow).

# %%
# %matplotlib inline
import math
import statistics

import matplotlib.pyplot as plt
import numpy as np

from scipy.stats import binomtest

from ovnilab import analysis, sim
from ovnilab.ovni import bots as ovni_bots
from ovnilab.texts.lesson06 import say   # the sentences this lesson prints, in its language

Z = statistics.NormalDist().inv_cdf(0.975)   # the 95% normal quantile, 1.95996...
THREE_PLAYERS = {"num_players": 3, "setup": "random"}   # set-up choices by the seeded RNG
SEED = 2026
print(f"z = {Z:.5f}")

# %% [markdown]
# ## 1. A batch of games is a binomial experiment
#
# Three random bots play Ovni. In each game we record one number: $X_i = 1$ when the first
# player won, $0$ when not (a win shared by $k$ players counts $1/k$). Each game starts
# from its own seed, so the games are **independent**, and they are played under the same
# rules by the same bots, so each has the **same** chance $p$ that the first player wins.
# Then the number of first-player wins in $n$ games is binomial (shared wins, the one
# departure from 0 or 1, are rare: section 7 counts them),
#
# $$S = X_1 + \dots + X_n \sim \mathrm{Bin}(n, p), \qquad \hat p = \frac{S}{n},\qquad
#   \mathbb E[\hat p] = p, \qquad \operatorname{Var}(\hat p) = \frac{p(1-p)}{n}.$$
#
# The **standard error** of $\hat p$ is $\sqrt{p(1-p)/n}$: it shrinks like $1/\sqrt n$,
# so four times as many games halve it. With three players the fair share is
# $p_0 = 1/3$; the question "does moving first help?" is "is $p > 1/3$?".
#
# Here are six games.

# %%
six = sim.run_many("ovni", ovni_bots.RandomBot(), 6, seed=SEED, progress=False, new_game_kwargs=THREE_PLAYERS)
wins_6 = sum(g.win_share(g.first_player) for g in six)
print(say("results_each", results=[g.win_share(g.first_player) for g in six]))
print(say("won_of_6", wins=wins_6, p=wins_6 / 6))

# %% [markdown]
# ## 2. The normal (Wald) interval
#
# By the central limit theorem $\hat p$ is approximately normal with mean $p$ and standard
# deviation $\sqrt{p(1-p)/n}$, so with probability about 95%
# $|\hat p - p| \le z\sqrt{p(1-p)/n}$, where $z = 1.96$. The Wald interval replaces the
# unknown $p$ under the root by $\hat p$:
#
# $$\hat p \;\pm\; z\sqrt{\frac{\hat p(1-\hat p)}{n}}.$$
#
# It is the interval in most textbooks, and it fails exactly where games need it: when
# $\hat p = 0$ or $1$ its width is zero (six losses "prove" that $p = 0$), and near the
# ends it can leave $[0, 1]$.
#
# ## 3. The Wilson interval: invert the test instead
#
# Keep $p$ under the root and ask for which $p$ the observed $\hat p$ is not surprising:
#
# $$(\hat p - p)^2 \le z^2\,\frac{p(1-p)}{n}
#   \iff \Bigl(1 + \frac{z^2}{n}\Bigr)p^2 - \Bigl(2\hat p + \frac{z^2}{n}\Bigr)p + \hat p^2 \le 0 .$$
#
# A quadratic in $p$ with positive leading coefficient is $\le 0$ between its roots, so the
# interval is
#
# $$\frac{\hat p + \dfrac{z^2}{2n} \;\pm\; z\sqrt{\dfrac{\hat p(1-\hat p)}{n} + \dfrac{z^2}{4n^2}}}{1 + \dfrac{z^2}{n}} .$$
#
# Its centre is pulled from $\hat p$ towards $1/2$, and its width is never zero. It is
# what `ovnilab.analysis.wilson_interval` (and every win rate in ovnilab) uses. The cell
# below checks the formula against the library for every result of six games, and prints
# both intervals for our six games and for a clean sweep, 6 of 6, where Wald's interval
# shrinks to a point.

# %%
def wald(s, n, z=Z):
    p = s / n
    half = z * math.sqrt(p * (1 - p) / n)
    return (p - half, p + half)


def wilson_by_hand(s, n, z=Z):
    p = s / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    return (centre - half, centre + half)


for s in range(7):   # every result of six games: the formula and the library agree
    assert all(abs(a - b) < 1e-12 for a, b in zip(wilson_by_hand(s, 6), analysis.wilson_interval(s, 6)))
for s in sorted({wins_6, 6}):   # our six games' result, and a clean sweep
    w, lib = wilson_by_hand(s, 6), analysis.wilson_interval(s, 6)
    print(say("three_intervals", s=s, wald_lo=wald(s, 6)[0], wald_hi=wald(s, 6)[1], hand_lo=w[0], hand_hi=w[1],
              lib_lo=lib[0], lib_hi=lib[1]))
assert wald(6, 6) == (1.0, 1.0)   # Wald's width is zero at p-hat = 1 (section 2)

# %% [markdown]
# ## 4. Why six games say nothing
#
# Is the first player's result in our six games a verdict? And what about claims one
# hears about bots, "it won 3 of 6", or even "it won 5 of 6"? The Wilson interval rests on
# the normal approximation, which is rough at $n = 6$. With so few games we can compute
# exactly instead. If two players are even ($p = 1/2$), each result $s$ of six games has
# probability $P(s) = \binom{6}{s}/2^6$; the **exact binomial test**'s two-sided p-value
# of a result is the total probability of the results at most as likely as it,
#
# $$p\text{-value}(s) = \sum_{k:\ P(k) \le P(s)} P(k), \qquad
#   \text{a sweep (6-0 or 0-6): } \frac{1 + 1}{64} = \frac{2}{64} \approx 0.031 .$$
#
# The cell checks whether the Wilson interval of our six games contains the fair share
# $1/3$, and lists, for every possible result of six games between two players, its
# Wilson interval and its exact p-value against an even match (computed from the formula
# and checked against `scipy.stats.binomtest`), beside the p-value of the score test that
# the Wilson interval inverts (`analysis.proportion_pvalue`, the normal approximation).

# %%
def exact_pvalue(s, n, p=0.5):
    """Two-sided exact binomial test: the probability of the results at most as likely as s."""
    prob = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    return math.fsum(q for q in prob if q <= prob[s] * (1 + 1e-9))


lo6, hi6 = analysis.wilson_interval(wins_6, 6)
print(say("our_six", wins=wins_6, lo=lo6, hi=hi6, contains=lo6 <= 1 / 3 <= hi6))
assert lo6 <= 1 / 3 <= hi6
exact6 = {s: exact_pvalue(s, 6) for s in range(7)}
for s in range(7):
    lo, hi = analysis.wilson_interval(s, 6)
    assert math.isclose(exact6[s], binomtest(s, 6, 0.5).pvalue)
    print(say("six_line", s=s, lo=lo, hi=hi, excludes=str(not lo <= 0.5 <= hi), exact=exact6[s],
              score=analysis.proportion_pvalue(s, 6, 0.5)))
decisive = [s for s in range(7) if exact6[s] <= 0.05]
print(say("decisive", results=say("and").join(f"{s}/6" for s in decisive), p=exact6[6]))
assert decisive == [0, 6] and exact6[6] == 2 / 64 and exact6[3] == 1
assert round(exact6[5], 2) == 0.22 and round(analysis.proportion_pvalue(6, 6, 0.5), 3) == 0.014
assert exact6[6] > 2 * analysis.proportion_pvalue(6, 6, 0.5)   # the score test: "more than twice as strong"

# %% [markdown]
# Our six games cannot tell whether the first player has an edge: their interval contains
# the fair share. Both "3 of 6" and "5 of 6" are compatible with a coin flip (exact
# p-values 1 and 0.22). Only a clean sweep (or a clean defeat) in six games excludes an
# even match, and only for **one** pair looked at alone: its exact p-value is
# $2/64 \approx 0.031$, while the score test claims 0.014, more than twice as strong as it
# is. At small $n$, use the exact test.
#
# **Many pairs at once: Holm's procedure.** A ranking of $b$ bots compares $b(b-1)/2$
# pairs, and each pair read at 5% adds its own chance of a false "better". What must stay
# under 5% is the **family-wise error**: the chance of at least one false verdict among
# the $m$ tests. Holm's procedure at level $\alpha = 0.05$ keeps it there. Sort the
# p-values, $p_{(1)} \le \dots \le p_{(m)}$; declare the first one's pair different if
# $p_{(1)} \le \alpha/m$, then the second's if $p_{(2)} \le \alpha/(m-1)$, and so on; at
# the first that fails, stop and declare nothing more. Why it works: suppose $r$ of the
# pairs are really even. A false verdict needs the first of them that the procedure
# reaches, the one with the smallest of their $r$ p-values, to pass its step; at most
# $m - r$ other pairs come before it, so its threshold is at most $\alpha/r$; and each of
# the $r$ p-values is at most $\alpha/r$ with probability at most $\alpha/r$, so the
# chance that the smallest is, is at most $r \cdot \alpha/r = \alpha$. The same decisions come from the **Holm-adjusted** p-values
# $\tilde p_{(k)} = \max_{j \le k} \min\bigl(1, (m - j + 1)\,p_{(j)}\bigr)$ compared with
# $\alpha$ (`analysis.holm`); when all $m$ p-values are equal, each adjusted one is $m$
# times it. [Lesson 7](07_experiments_on_rules.ipynb) applies the procedure by hand to
# seven p-values.
#
# The cell takes the best case for a ranking, every pair a sweep of six games, and prints
# for two, three and four bots (one, three and six pairs) the smallest Holm-adjusted
# p-value; the chance that the rule "a sweep is a verdict" declares some pair different
# when every pair is in fact even (the pairs' games are independent); and the smallest
# number of games per pair with which a verdict is possible at all: a sweep whose exact
# p-value survives Holm's adjustment.

# %%
def smallest_n(ok):
    return next(n for n in range(1, 100) if ok(n))


ALPHA = 0.05
verdict_n = {}
for bots in (2, 3, 4):
    pairs = bots * (bots - 1) // 2
    best = min(analysis.holm([exact6[6]] * pairs))   # every pair ended in a sweep
    fwer = 1 - (1 - exact6[6]) ** pairs   # P(some pair sweeps | every pair even)
    verdict_n[bots] = smallest_n(lambda n: min(analysis.holm([exact_pvalue(n, n)] * pairs)) <= ALPHA)
    print(say("bots_block", bots=bots, pairs=say("pairs" if pairs > 1 else "pair", n=pairs), best=best,
              side=say("below" if best <= ALPHA else "above"), fwer=fwer, n=verdict_n[bots]))
near_sweep_n = smallest_n(lambda n: exact_pvalue(n - 1, n) <= ALPHA)
print(say("one_pair", n=near_sweep_n, p=exact_pvalue(near_sweep_n - 1, near_sweep_n)))
assert math.isclose(min(analysis.holm([exact6[6]] * 3)), 3 * 2 / 64) and 3 * 2 / 64 > ALPHA   # 0.094
assert round(1 - (62 / 64) ** 3, 3) == 0.091 and verdict_n == {2: 6, 3: 7, 4: 8} and near_sweep_n == 9

# %% [markdown]
# With three bots, even three sweeps do not survive Holm's adjustment
# ($3 \times 2/64 \approx 0.094 > 0.05$), and the rule "a sweep is a verdict" would declare
# some pair of three even pairs different with probability $1 - (62/64)^3 \approx 0.091$,
# almost twice the 5% it pretends. So six games per pair rank **no** set of three or more
# bots, whatever the results. A verdict becomes *possible* at 6 games for one pair alone,
# 7 per pair for three bots and 8 for four, and then only for a clean sweep; one lost game
# in the series asks for 9 games even for a single pair. These are the fewest games with
# which any result can settle the question; seeing a real edge of a few points takes far
# more, as sections 6 and 7 show.
#
# ## 5. What "95%" means: coverage
#
# A 95% interval method promises: **over many repetitions** of the experiment, about 95%
# of the intervals it builds contain the true $p$. One interval either contains $p$ or not;
# the 95% is a property of the method. That promise can be checked when we know $p$. Take
# a weak player who wins with probability $p = 0.1$, let it play $n = 20$ games, build both
# intervals, and repeat `REPS` = 10,000 times (a seeded generator makes the repetitions).
#
# The exact coverage is also a finite sum over the possible results $s = 0, \dots, n$:
# $\;\sum_s \binom{n}{s} p^s (1-p)^{n-s}\,[\,p \in I(s)\,]$. The simulation should agree
# with it up to its own sampling error, $\sqrt{c(1-c)/\text{REPS}}$.

# %%
P_TRUE, N_SMALL, REPS = 0.1, 20, 10_000   # raise REPS for a finer estimate of the coverage


def covers(interval, p):
    return interval[0] <= p <= interval[1]


def exact_coverage(method, n, p):
    return sum(math.comb(n, s) * p**s * (1 - p) ** (n - s) for s in range(n + 1) if covers(method(s, n), p))


rng = np.random.default_rng(SEED)
successes = rng.binomial(N_SMALL, P_TRUE, size=REPS)
coverage = {}
for name, method in (("Wald", wald), ("Wilson", analysis.wilson_interval)):
    hit = {s: covers(method(s, N_SMALL), P_TRUE) for s in range(N_SMALL + 1)}
    simulated = float(np.mean([hit[s] for s in successes]))
    exact = exact_coverage(method, N_SMALL, P_TRUE)
    se = math.sqrt(exact * (1 - exact) / REPS)
    assert abs(simulated - exact) < 4 * se   # the simulation agrees with the exact sum
    coverage[name] = simulated
    print(say("coverage", name=name, simulated=simulated, reps=REPS, p=P_TRUE, exact=exact))
assert abs(coverage["Wilson"] - 0.95) < 0.02 and coverage["Wald"] < 0.90

# %% [markdown]
# The Wilson intervals cover the true $p$ within two points of the promised 95%; the Wald
# intervals fall short by more than five points (the cell asserts both). The reason: a
# player with $p = 0.1$ wins no game at all in $0.9^{20} \approx 12\%$ of the batches, and
# Wald's interval for $0/20$ is the single point $\{0\}$, which never covers $0.1$.
#
# The next cell repeats the exact computation for every $p$ from 0.01 to 0.99 at $n = 20$,
# and the figure draws it. Coverage jumps up and down because $s$ takes whole values.

# %%
assert round(0.9**20, 2) == 0.12 and wald(0, N_SMALL) == (0.0, 0.0)
grid = np.linspace(0.01, 0.99, 197)
curves = {name: [exact_coverage(method, N_SMALL, p) for p in grid]
          for name, method in (("Wald", wald), ("Wilson", analysis.wilson_interval))}
for name, c in curves.items():
    print(say("coverage_grid", name=name, low=min(c), high=max(c), at=grid[np.argmin(c)]))
assert min(curves["Wilson"]) > 0.9 and min(curves["Wald"]) < 0.7

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(7, 3.2))
for name, c in curves.items():
    ax.plot(grid, c, label=name)
ax.axhline(0.95, color="0.3", linestyle="--", linewidth=0.8)
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel", n=N_SMALL))
ax.set_ylim(0.0, 1.0)
ax.legend()
plt.show()

# %% [markdown]
# The Wilson curve never drops below 90% on the grid; the Wald curve collapses towards the
# ends, where strong and weak players live.
#
# ## 6. How many games? $n = z^2 p(1-p)/m^2$
#
# The half-width (the **margin**) of the normal interval is $m = z\sqrt{p(1-p)/n}$. Solve
# for $n$:
#
# $$n = \frac{z^2\,p(1-p)}{m^2}.$$
#
# Since $p(1-p) \le 1/4$, the worst case is $p = 1/2$. **By hand**, for a margin of five
# points: $n = 1.96^2 \cdot 0.25 / 0.05^2 = 3.8416 \cdot 0.25 / 0.0025 = 384.16$, so
# **385 games**. The cell computes the same, and checks that the Wilson intervals of the
# most even results 385 games can give, 192 and 193 wins (385 is odd: no result is exactly
# one half), have half-widths of at most $0.05$ (at $\hat p = 1/2$ the half-width would be
# $z/(2\sqrt{n + z^2})$, a little under Wald's, and it only shrinks away from $1/2$).

# %%
def games_needed(margin, p=0.5, z=Z):
    return math.ceil(z**2 * p * (1 - p) / margin**2)


n_05 = games_needed(0.05)
print(say("games_for_margin", n=n_05))
for s in (n_05 // 2, n_05 // 2 + 1):   # the two most even results (n_05 is odd)
    lo, hi = analysis.wilson_interval(s, n_05)
    print(say("half_width", s=s, n=n_05, lo=lo, hi=hi, half=(hi - lo) / 2))
    assert (hi - lo) / 2 <= Z / (2 * math.sqrt(n_05 + Z**2)) <= 0.05
assert n_05 == 385 and n_05 % 2 == 1

# %% [markdown]
# The margin must be **smaller than the effect** we want to see. Which effect? It is
# chosen **before** playing, from what matters to the question, never from the share the
# games later show (a power computed at the observed share only restates the result). Here
# a designer would rebalance the set-up for an edge of three points, one extra win in about
# 33 games, and would not for less: so the alternative is $p_1 = 1/3 + 0.03 \approx 0.363$.
# How often would a batch of games show that edge, that is, give a Wilson interval lying
# above $1/3$? The cell sums the binomial probabilities $\binom{n}{s}p_1^s\,(1-p_1)^{n-s}$
# of the results $s$ whose interval lies above $1/3$, for the 385 games of a 0.05 margin
# and for 3,000 games (a margin under two points at $p = 1/3$).

# %%
def chance_above(n, p, fair=1 / 3):
    """P(the Wilson interval of n games lies above `fair`) when the true win rate is p."""
    def pmf(s):  # binomial probability of s wins, through logarithms (n may be large)
        return math.exp(math.lgamma(n + 1) - math.lgamma(s + 1) - math.lgamma(n - s + 1)
                        + s * math.log(p) + (n - s) * math.log(1 - p))
    return math.fsum(pmf(s) for s in range(n + 1) if analysis.wilson_interval(s, n)[0] > fair)


EDGE = 0.03   # the smallest edge that matters to the design, fixed before any game is played
P_EDGE = 1 / 3 + EDGE
power = {n: chance_above(n, P_EDGE) for n in (n_05, 3000)}
for n, chance in power.items():
    print(say("power", p=P_EDGE, n=n, chance=chance))
assert 0.15 < power[n_05] < 0.25 and power[3000] > 0.75

# %% [markdown]
# This chance is the **power** of the experiment against an edge of that size. With 385
# games the edge shows in fewer than one batch in four; the other batches cannot tell.
# With 3,000 games it shows in most batches, which is why the next section plays 3,000 by
# default (`N_GAMES`).
#
# ## 7. The first player's advantage in Ovni
#
# `N_GAMES` three-player games between random bots (the six games above are the first six
# of this batch: game $i$ of a batch always starts from the same seed). The baseline is
# the fair share $1/3$; the table of seats beside it shows whether a seat *number* is
# favoured (which seat recruits first changes from game to game).
#
# The question, fixed before the games, has a direction: "is $p > 1/3$?". Its test is
# **one-sided**: with $z = (\hat p - 1/3)/\sqrt{(1/3)(2/3)/n}$, the p-value is
# $P(Z \ge z)$ under $p = 1/3$. (The two-sided p-value, `analysis.proportion_pvalue`,
# is twice the smaller tail and answers another question, "does $p$ differ from $1/3$?".)
# A 95% Wilson interval lying above $1/3$ is the same event as this one-sided p-value
# being below 2.5%, so the interval and the test below always agree.

# %%
N_GAMES = 3000   # raise for a tighter interval (about 2 s of play per 1000 games)
games = sim.run_many("ovni", ovni_bots.RandomBot(), N_GAMES, seed=SEED, progress=False,
                     new_game_kwargs=THREE_PLAYERS, processes=2)
assert [g.win_share(g.first_player) for g in games[:6]] == [g.win_share(g.first_player) for g in six]
first = analysis.first_player_advantage(games)
shared = sum(len(g.winners) > 1 for g in games)
margin = Z * math.sqrt((1 / 3) * (2 / 3) / N_GAMES)
print(first)
print(say("shared", shared=shared, n=N_GAMES, margin=margin))
assert shared < 0.01 * N_GAMES and margin < 0.02   # shared wins are rare; the margin is under two points
seats = analysis.win_rates(games)
print(seats)
off = [r["seat"] for r in seats if not r["lo"] <= 1 / 3 <= r["hi"]]
print(say("seats_off", seats=off if off else say("none")))

# %%
z_first = (first.value - 1 / 3) / math.sqrt((1 / 3) * (2 / 3) / first.n)
pvalue = 1 - statistics.NormalDist().cdf(z_first)   # one-sided: the question is "is p > 1/3?"
two_sided = analysis.proportion_pvalue(first.value * first.n, first.n, 1 / 3)
assert abs(two_sided - 2 * min(pvalue, 1 - pvalue)) < 1e-12   # the two-sided test doubles the smaller tail
assert (first.lo > 1 / 3) == (pvalue < 0.025)   # the interval above 1/3 <=> one-sided p-value < 2.5%
if first.lo > 1 / 3:
    verdict = say("verdict_above", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue,
                  edge=first.value - 1 / 3)
elif first.hi < 1 / 3:
    verdict = say("verdict_below", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue)
else:
    verdict = say("verdict_unclear", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue)
print(verdict)

# %% [markdown]
# Three cautions go with that sentence. It is about **random** players: skilled players
# may use (or neutralise) the first move differently, and measuring that needs better bots
# ([the bot ladders](../explore/bots.ipynb)). The first player is the one holding the most
# *Militares* after set-up, so its edge may come from those aliens as much as from moving
# first: this experiment cannot separate the two. And an edge of a few points is small:
# in a single game between people it is swamped by everything else, which is why it takes
# thousands of games to see it.
#
# [Lesson 7](07_experiments_on_rules.ipynb) goes on from here: how to compare two rule sets
# on the same seeds, and how to rank many things at once without fooling ourselves.
#
# ## Exercises
#
# Use $z = 1.96$ in the pen-and-paper exercises.

# %% [markdown]
# ### Exercise 1 (pen and paper)
#
# A bot won 5 of 6 games. Compute the **upper** end of the 95% Wald interval,
# $\hat p + z\sqrt{\hat p(1-\hat p)/n}$, to three decimals and store it in `answer_1`.
# (Compare it with the largest possible win rate.)

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# p-hat = 5/6 = 0.8333; p-hat (1 - p-hat) / n = (5/6)(1/6)/6 = 5/216 = 0.023148;
# its root is 0.15215; times 1.96 gives 0.29821. Upper end 0.8333 + 0.2982 = 1.1315,
# above 1: the Wald interval claims win rates that cannot exist.
answer_1 = 1.132
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_1, numbers.Real), "answer_1 should be a number, the upper end of the Wald interval"
assert abs(answer_1 - wald(5, 6, z=1.96)[1]) < 0.001, (
    "answer_1 should be the upper end of the 95% Wald interval of 5 wins in 6 games, "
    "p-hat + 1.96 sqrt(p-hat (1 - p-hat) / 6) with p-hat = 5/6, to three decimals")
assert answer_1 > 1 > analysis.wilson_interval(5, 6)[1], "the lesson's own claim (Wald above 1) no longer holds"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# A bot wins **all** $n$ games it plays. Show that the lower end of its Wilson interval is
# $n/(n + z^2)$ (put $\hat p = 1$ in the formula of section 3). What is the smallest $n$
# for which the Wilson interval of a clean sweep of $n$ games excludes an even match
# ($1/2$)? Store the integer in `answer_2`. Then compare with the exact test of section 4:
# what does the difference say about the Wilson interval at very small $n$?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# With p-hat = 1 the root is sqrt(0 + z^2/(4 n^2)) = z^2/(2n) after multiplying by z, so the
# lower end is (1 + z^2/(2n) - z^2/(2n)) / (1 + z^2/n) = 1 / (1 + z^2/n) = n / (n + z^2).
# It exceeds 1/2 when 2n > n + z^2, i.e. n > z^2 = 3.84: n = 4 (4/7.84 = 0.510).
# Three wins of three give 3/6.84 = 0.439: not enough.
# The exact test of section 4 needs 6 games for a sweep (4-0 has exact p-value 2/16 =
# 0.125, 5-0 has 2/32 = 0.0625): at such small n the Wilson interval, built on the normal
# approximation, is narrower than the games justify.
answer_2 = 4
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real) and float(answer_2).is_integer(), (
    "answer_2 should be a whole number of games")
assert answer_2 == 4, ("answer_2 should be the smallest n for which a sweep's Wilson lower end, n/(n + z^2) "
                       "with z = 1.96, is above 1/2")
assert answer_2 == min(n for n in range(1, 50) if analysis.wilson_interval(n, n)[0] > 0.5), (
    "the library's Wilson interval disagrees with the formula")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3 (pen and paper)
#
# A designer wants the first player's share in three-player Ovni to within $\pm 0.02$
# (95%), and expects it near the fair share $p = 1/3$. How many games does the normal
# approximation ask for? Store the integer (rounded up) in `answer_3`. Rounding $p$ or
# intermediate results by hand moves the last digits: an answer within 1% is accepted.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# n = z^2 p (1 - p) / m^2 = 3.8416 * (1/3)(2/3) / 0.0004 = 3.8416 * 0.2222 / 0.0004
#   = 0.85369 / 0.0004 = 2134.2, rounded up: 2135 games.
answer_3 = 2135
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number of games"
assert abs(answer_3 - 2135) <= 0.01 * 2135, (   # the exercise's tolerance
    "answer_3 should be n = z^2 p (1 - p) / m^2 with z = 1.96, p = 1/3 and m = 0.02, rounded up (within 1%)")
assert 2135 == games_needed(0.02, p=1 / 3, z=1.96) == games_needed(0.02, p=1 / 3), "section 6's formula changed"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 4
#
# In the cow game, let `cow_bots.GreedyBot()` (seat 0) play `cow_bots.RandomBot()`
# (seat 1) for 100 games with `sim.run_many("cows", [...], 100, seed=7, progress=False)`.
# Store the greedy bot's 95% Wilson interval as a pair `(lo, hi)` in `answer_4`
# (`analysis.win_rate` gives it; each end within 0.001). Does it exclude an even match?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
from ovnilab.cows import bots as cow_bots

answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# The games are independent (one seed each) with the same bots in the same seats: a
# binomial experiment, so the Wilson interval of seat 0's wins applies. It lies far above
# 1/2: the greedy bot is stronger than the random one.
cow_games = sim.run_many("cows", [cow_bots.GreedyBot(), cow_bots.RandomBot()], 100, seed=7, progress=False)
greedy_rate = analysis.win_rate(cow_games, 0)
answer_4 = (greedy_rate.lo, greedy_rate.hi)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
try:
    _lo, _hi = (float(v) for v in answer_4)
except (TypeError, ValueError):
    raise AssertionError("answer_4 should be a pair of two numbers, (lo, hi)") from None
_check = analysis.win_rate(sim.run_many("cows", [cow_bots.GreedyBot(), cow_bots.RandomBot()], 100, seed=7,
                                        progress=False), 0)
assert abs(_lo - _check.lo) < 0.001 and abs(_hi - _check.hi) < 0.001, (   # the tolerance
    "answer_4 should be the 95% Wilson interval (lo, hi) of seat 0's wins in those 100 games, "
    "as analysis.win_rate gives it, each end within 0.001")
assert _check.lo > 0.5, "the lesson's own claim (the greedy bot is stronger) no longer holds"
### END HIDDEN TESTS
