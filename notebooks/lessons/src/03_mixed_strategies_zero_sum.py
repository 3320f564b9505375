# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 3: Mixed strategies and the value of a zero-sum game
#
# When only the duel between two players matters, what one gains the other loses: the game
# is *zero-sum*. Such games have a **value**: a payoff one player can guarantee and the other
# can hold it to, found by linear programming. We compute it for the attack-or-negotiate
# choice of a Cosmic Encounter encounter, with every payoff taken from an encounter played
# by the ovnilab engine.
#
# **Audience:** students in a game theory course (or an operations research course meeting
# linear programming); teachers preparing one.
#
# **Prerequisites:** [Lesson 1](01_nash_equilibrium.ipynb) (payoff tables, Nash
# equilibrium, the indifference equations); what a linear program is (maximise a linear
# function under linear inequalities).
#
# **Objectives:** after this lesson you can
# - find the maximin and minimax of a zero-sum table in pure strategies and recognise a saddle point;
# - state the minimax theorem and write the value of a zero-sum game as a linear program;
# - solve that program with `scipy.optimize.linprog` and check it against a game solver;
# - solve a 2×n game graphically, and see how a rule (an alien power, a ship count) moves the value.
#
# **Time:** 50 minutes (about 30 for the text, 20 for the exercises); the optional class
# experiment of section 6 takes about 15 more.
#
# **Glossary** (Cosmic Encounter's game terms; the game is in English):
# *encounter*: one battle, an offense attacks a planet of a defense;
# *offense* / *defense*: the player whose turn it is / the player whose planet is attacked;
# *ship*: a token that adds 1 to its side's total; *warp*: where lost ships go;
# *colony*: ships on a planet; a colony on a foreign planet is a step towards winning;
# *attack 15*: an attack card worth 15, added to the side's ships (higher total wins, ties to the defense);
# *negotiate*: a card that loses to any attack but takes *compensation* (a card from the winner per ship lost);
# *deal*: two negotiates; here each lands a colony on the other's planet.
# Alien powers used: *Pacifist* (a negotiate it reveals beats an attack);
# *Macron* (one ship at most, but it counts 4); *Loser* (may declare an upset: the side that would lose wins, and both main players must play attacks);
# *Warrior* (each of its tokens adds 1 to its total).

# %%
# %matplotlib inline
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import linprog

from ovnilab import theory
from ovnilab.cosmic import stats
from ovnilab.texts.lesson03 import say   # the sentences this lesson prints, in its language

OFFENSE_HAND = ["attack 08", "attack 15", "negotiate"]
DEFENSE_HAND = ["attack 06", "attack 14", "negotiate"]

# %% [markdown]
# ## 1. The duel is a zero-sum game
#
# In Lesson 1 each player counted its own gains. Now suppose only the duel between the two
# matters: each scores its gain **minus the opponent's** (`relative=True`). Then the
# defense's payoff is always minus the offense's, $B = -A$, and one matrix $A$ (the
# offense's payoffs) describes the game. The offense sends four ships against four; a
# colony is worth 1, a ship 0.2, a card 0.1. Each cell is an encounter played by the engine:

# %%
duel = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True)
print(duel)
assert duel.is_zero_sum() and stats.Weights() == stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.0)

# %% [markdown]
# ## 2. Pure strategies: maximin, minimax and saddle points
#
# A cautious offense looks at the worst case of each card (the row minimum) and picks the
# card with the best worst case: the **maximin**, or lower value,
# $\underline{v} = \max_i \min_j a_{ij}$. A cautious defense looks at the most it can
# concede with each card (the column maximum) and picks the smallest: the **minimax**, or
# upper value, $\overline{v} = \min_j \max_i a_{ij}$. Always $\underline{v} \le \overline{v}$.
# When they are equal, the cell where they meet is a **saddle point**: smallest in its row,
# largest in its column, a pure equilibrium, and its payoff is the value of the game.

# %%
def pure_security(game):
    """Print each card's worst case and return (maximin, minimax) in pure strategies."""
    A = game.row_payoffs
    row_min, col_max = A.min(axis=1), A.max(axis=0)
    for label, low in zip(game.row_labels, row_min):
        print(say("guarantees", card=say.word(label), low=low))
    for label, high in zip(game.col_labels, col_max):
        print(say("concedes", card=say.word(label), high=high))
    lower, upper = row_min.max(), col_max.min()
    print(say("saddle_point" if lower == upper else "no_saddle_point", lower=lower, row=say.word(game.row_labels[row_min.argmax()]),
              upper=upper, column=say.word(game.col_labels[col_max.argmin()])))
    return lower, upper


lower, upper = pure_security(duel)
assert lower == upper == 1.0 and duel.row_payoffs[1, 2] == 1.0
# attack 15 wins the encounter against each defense card
assert all(stats.play_encounter("attack 15", card, 4, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).outcome == "offense"
           for card in DEFENSE_HAND)
# the offense's optimal strategy is not unique: every mix of the two attacks with at most 4/13
# on the 08 guarantees the value 1 (exact payoffs; the 14 column pays 1.8 - 2.6 x)
A_duel = [[Fraction(str(a)) for a in row] for row in duel.row_payoffs.tolist()]
guarantee = lambda x: min(sum(xi * A_duel[i][j] for i, xi in enumerate(x)) for j in range(3))
assert all(guarantee((x, 1 - x, 0)) == 1 for x in (Fraction(k, 13 * 40) for k in range(4 * 40 + 1)))
assert guarantee((Fraction(4, 13) + Fraction(1, 1000), Fraction(9, 13) - Fraction(1, 1000), 0)) < 1
assert guarantee((0, Fraction(999, 1000), Fraction(1, 1000))) < 1   # any weight on negotiate loses some
# the library's equilibria are the two ends of that segment, both against the defense's negotiate
assert sorted(e.exact for e in theory.equilibria(duel)) == [((0, 1, 0), (0, 0, 1)),
                                                             ((Fraction(4, 13), Fraction(9, 13), 0), (0, 0, 1))]

# %% [markdown]
# The duel has a saddle point: the offense attacks with its 15, the defense negotiates, and
# the value is 1. Attack 15 wins against every defense card, so the defense's best is to
# lose with a negotiate and take compensation.
#
# The saddle point is one optimal strategy, not the only one. If the offense plays its 08
# with probability $x$ and its 15 otherwise, it gets $1.8$ against the 06, $1$ against the
# negotiate and $-0.8\,x + 1.8\,(1 - x) = 1.8 - 2.6\,x$ against the 14, which is at least 1
# whenever $x \le 0.8 / 2.6 = 4/13$. So **every mix of the two attacks with at most 4/13 on
# the 08 guarantees the value 1**: the offense has a whole segment of optimal strategies
# (the cell above checks it exactly, and `theory.equilibria` returns the segment's two ends).
# The defense's negotiate is its only optimal card. A saddle point tells you the value, not
# that the optimal strategies are unique.
#
# ## 3. When big cards are worth keeping: no saddle point
#
# An attack 15 spent now is an attack 15 you no longer hold. Charge each attack card played
# $0.05$ per point of its value (the 15 costs 0.75, the 08 costs 0.4) and replay the table:

# %%
keep = stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.05)
bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=keep)
print(bluff)
A = bluff.row_payoffs
assert A.tolist() == [[1.7, -0.5, 0.6], [1.35, 1.75, 0.25], [0.3, 0.7, 0.0]]
lower, upper = pure_security(bluff)
assert (lower, upper) == (0.25, 0.6)

# %% [markdown]
# Now the offense can guarantee only 0.25 (with attack 15) and the defense can hold it to
# 0.6 (by negotiating): no saddle point. Whoever plays a fixed card is read and exploited.
#
# ### Mixed strategies and the minimax theorem
#
# Let the offense play its cards with probabilities $x = (x_1, x_2, x_3)$ and the defense with
# $y = (y_1, y_2, y_3)$. The offense's expected payoff is $x^\top A y$. Against a mixed $x$ the
# defense's best reply can always be a pure card (an average is never below its smallest
# term), so the offense's **guarantee** with $x$ is $\min_j \sum_i x_i a_{ij}$.
#
# > **Minimax theorem** (von Neumann, 1928). In every finite two-player zero-sum game
# > $$\max_x \min_y x^\top A y \;=\; \min_y \max_x x^\top A y \;=\; v .$$
# > The number $v$ is the **value** of the game. A strategy $x^*$ attaining the maximum
# > guarantees the offense at least $v$ whatever the defense does; a $y^*$ attaining the
# > minimum holds the offense to at most $v$; the pairs $(x^*, y^*)$ are exactly the Nash
# > equilibria, and every equilibrium pays $v$.
#
# So $\underline{v} \le v \le \overline{v}$: here the value lies between 0.25 and 0.6.
#
# ## 4. The value as a linear program
#
# The offense chooses $x$ and a number $v$ to
#
# $$\begin{aligned}
# \text{maximise}\quad & v \\
# \text{subject to}\quad & 1.7\,x_1 + 1.35\,x_2 + 0.3\,x_3 \ge v && \text{(against attack 06)}\\
# & -0.5\,x_1 + 1.75\,x_2 + 0.7\,x_3 \ge v && \text{(against attack 14)}\\
# & 0.6\,x_1 + 0.25\,x_2 + 0\,x_3 \ge v && \text{(against negotiate)}\\
# & x_1 + x_2 + x_3 = 1, \qquad x_1, x_2, x_3 \ge 0 .
# \end{aligned}$$
#
# In general: maximise $v$ subject to $\sum_i x_i a_{ij} \ge v$ for every column $j$,
# $\sum_i x_i = 1$, $x \ge 0$. `linprog` minimises $c^\top z$ subject to $A_{ub} z \le b_{ub}$,
# so take $z = (x_1, \dots, x_m, v)$, minimise $-v$, and write each constraint as
# $v - \sum_i x_i a_{ij} \le 0$:

# %%
def solve_row_lp(A):
    """The offense's LP: maximise v subject to x^T A >= v in every column, x a probability vector."""
    m, n = A.shape
    c = np.r_[np.zeros(m), -1.0]                 # minimise -v
    A_ub = np.c_[-A.T, np.ones(n)]               # one row per column j: v - sum_i x_i a_ij <= 0
    A_eq = np.r_[np.ones(m), 0.0].reshape(1, -1)  # x_1 + ... + x_m = 1
    bounds = [(0, None)] * m + [(None, None)]    # x >= 0, v free
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return res.x[:m], res.x[m]


x_lp, v_lp = solve_row_lp(A)
print(say("offense_mix", mix=", ".join(f"{say.word(label)} {prob:.6f}" for label, prob in zip(bluff.row_labels, np.round(x_lp, 6) + 0.0))))
print(say("value_v", v=v_lp))

# %% [markdown]
# The defense solves the mirror program: choose $y$ and $w$ to **minimise** $w$ subject to
# $\sum_j a_{ij} y_j \le w$ for every row $i$, $\sum_j y_j = 1$, $y \ge 0$. It is the dual of
# the offense's program, and LP duality gives the same optimum: that is the minimax theorem.

# %%
def solve_col_lp(A):
    """The defense's LP: minimise w subject to A y <= w in every row, y a probability vector."""
    m, n = A.shape
    c = np.r_[np.zeros(n), 1.0]                  # minimise w
    A_ub = np.c_[A, -np.ones(m)]                 # one row per row i: sum_j a_ij y_j - w <= 0
    A_eq = np.r_[np.ones(n), 0.0].reshape(1, -1)
    bounds = [(0, None)] * n + [(None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(m), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return res.x[:n], res.x[n]


y_lp, w_lp = solve_col_lp(A)
print(say("defense_mix", mix=", ".join(f"{say.word(label)} {prob:.6f}" for label, prob in zip(bluff.col_labels, np.round(y_lp, 6) + 0.0))))
print(say("programs_agree", w=w_lp, agree=abs(v_lp - w_lp) < 1e-9))
assert abs(v_lp - w_lp) < 1e-9 and lower < v_lp < upper

# %% [markdown]
# ### The library computes the same
#
# `theory.value` runs nashpy's own linear program; `theory.equilibria` enumerates every
# equilibrium (vertex enumeration) and returns exact fractions when they are exact:

# %%
(eq,) = theory.equilibria(bluff)
print(eq)
print(say("theory_value", v=theory.value(bluff)))
x_exact, y_exact = eq.exact
v_exact = eq.exact_payoffs[0]
assert abs(theory.value(bluff) - v_lp) < 1e-9 and abs(float(v_exact) - v_lp) < 1e-9
assert np.allclose(x_lp, [float(p) for p in x_exact]) and np.allclose(y_lp, [float(q) for q in y_exact])
print(say("library_agrees", exact=v_exact, v=float(v_exact)))

# %% [markdown]
# ## 5. A 2×n game solved by drawing
#
# The offense's negotiate is strictly dominated by its attack 15 ($1.35 > 0.3$,
# $1.75 > 0.7$, $0.25 > 0$): drop it. Left is a 2×3 game. If the offense plays attack 08 with
# probability $p$ and attack 15 with $1 - p$, each defense card gives a straight line in $p$:
#
# $$\text{attack 06: } 1.35 + 0.35\,p, \qquad \text{attack 14: } 1.75 - 2.25\,p, \qquad
#   \text{negotiate: } 0.25 + 0.35\,p .$$
#
# The offense's guarantee is the **lower envelope** (the minimum of the three lines), and
# its best $p$ is the top of that envelope. The attack 06 line lies above the negotiate line
# everywhere, so the top is where the attack 14 and negotiate lines cross.

# %%
assert (A[2] < A[1]).all()   # negotiate is strictly dominated by attack 15
ps = np.linspace(0, 1, 201)
lines = {label: ps * A[0, j] + (1 - ps) * A[1, j] for j, label in enumerate(bluff.col_labels)}
envelope = np.min(list(lines.values()), axis=0)
assert (lines["attack 06"] > lines["negotiate"]).all()

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(7, 4))
for label, line in lines.items():
    ax.plot(ps, line, label=say("defense_plays", card=say.word(label)))
ax.plot(ps, envelope, color="black", linewidth=3, alpha=0.35, label=say("envelope"))
ax.plot([float(x_exact[0])], [float(v_exact)], "ko")
ax.annotate(f"p = {x_exact[0]}, v = {v_exact}", (float(x_exact[0]), float(v_exact)),
            textcoords="offset points", xytext=(10, 12))
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel"))
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# Setting the two lines equal, in exact arithmetic:
#
# $$1.75 - 2.25\,p = 0.25 + 0.35\,p \iff p = \frac{1.5}{2.6} = \frac{15}{26}, \qquad
#   v = 0.25 + 0.35 \cdot \frac{15}{26} = \frac{47}{104}.$$
#
# The defense never plays its attack 06 (its line is not at the crossing). It mixes attack
# 14 (probability $y$) and negotiate so that the offense is indifferent between its two
# attacks: $-0.5\,y + 0.6\,(1-y) = 1.75\,y + 0.25\,(1-y)$, so $y = 0.35 / 2.6 = 7/52$.
#
# **The 2×2 formula.** The same steps solve any 2×2 zero-sum game
# $\begin{pmatrix} a & b \\ c & d \end{pmatrix}$ without a saddle point. The row player
# plays row 1 with probability $p$; the column player is indifferent between its columns when
#
# $$p\,a + (1-p)\,c = p\,b + (1-p)\,d \iff p\,(a + d - b - c) = d - c \iff
#   p = \frac{d - c}{a + d - b - c},$$
#
# (no saddle point makes the denominator non-zero), and the value is the payoff of
# column 1 against that mix:
#
# $$v = c + p\,(a - c) = \frac{c\,(a + d - b - c) + (d - c)(a - c)}{a + d - b - c}
#     = \frac{ad - bc}{a + d - b - c}.$$
#
# By symmetry the column player plays column 1 with $q = (d - b)/(a + d - b - c)$. Here
# (rows attack 08, attack 15; columns attack 14, negotiate) $a = -0.5$, $b = 0.6$,
# $c = 1.75$, $d = 0.25$: $p = -1.5/-2.6 = 15/26$, $q = -0.35/-2.6 = 7/52$ and
# $v = (-0.125 - 1.05)/(-2.6) = 47/104$, as above.

# %%
p_draw = Fraction(3, 2) / Fraction(13, 5)
v_draw = Fraction(1, 4) + Fraction(7, 20) * p_draw
y_draw = Fraction(7, 20) / Fraction(13, 5)
print(f"p = {p_draw}, v = {v_draw}, y = {y_draw}")
assert envelope.max() <= v_draw + 1e-12 and v_draw - envelope.max() < 0.02   # the drawn top, on a grid
assert (p_draw, v_draw) == (x_exact[0], v_exact) and y_exact == (0, y_draw, 1 - y_draw)
a, b, c, d = (Fraction(str(A[i, j])) for i, j in ((0, 1), (0, 2), (1, 1), (1, 2)))   # the 2x2 formula
assert (a, b, c, d) == (Fraction(-1, 2), Fraction(3, 5), Fraction(7, 4), Fraction(1, 4))
assert (d - c) / (a + d - b - c) == p_draw and (d - b) / (a + d - b - c) == y_draw
assert (a * d - b * c) / (a + d - b - c) == v_draw == c + p_draw * (a - c)
print(say("same_equilibrium"))

# %% [markdown]
# ### Type it into nashpy yourself
#
# Given one matrix, `nashpy.Game` is a zero-sum game (the column player's payoffs are minus
# the row player's), and its `linear_program` method solves the program of section 4. Type
# the 2×3 game left after dropping the offense's negotiate:

# %%
import nashpy as nash

small = nash.Game(np.array([[1.7, -0.5, 0.6],      # attack 08 against attack 06, attack 14, negotiate
                            [1.35, 1.75, 0.25]]))  # attack 15
x_small, y_small = small.linear_program()
print(say("nashpy_mix", offense=np.round(x_small, 6) + 0.0, defense=np.round(y_small, 6) + 0.0))
print(say("value", v=x_small @ small.payoff_matrices[0] @ y_small))
assert np.allclose(x_small, [15 / 26, 11 / 26]) and np.allclose(y_small, [0, 7 / 52, 45 / 52])

# %% [markdown]
# ## 6. Play it first: the class as data
#
# *Optional: about 15 minutes (5 to join and read the rules, 5 for five rounds of about a
# minute each, 5 to read the results here); nothing else in the lesson depends on it.* Play
# at the **start** of the period, before section 3, so that the cards are the students' own
# choices and not the lesson's answer; read the results here, once the equilibrium is known.
#
# **In class.** In a notebook (`make lab`), the teacher opens section 3's duel (big cards
# worth keeping) as a class experiment:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("duel", rounds=5, matching="strangers", decision_seconds=60)
# exp            # the projector view: join code, who joined, the live choices
# exp.start()
# ```
#
# The students open the class page served by `make play HOST=0.0.0.0` on their own phones or
# laptops, choose **Join a class game** and type the code and a name. What they are told: the
# rules and payoffs in the paragraph the next cell prints, and each round their role and a
# table of their own payoffs (their card against the other's); after each round, the other
# card and their payoff. Nobody is told the equilibrium. Each of the five rounds pairs every
# student with an opponent they have not met before (*perfect strangers*: a round-robin
# schedule, so five rounds need a class of at least six, or five with a bot as the sixth
# seat), draws at random who is the offense, and gives each student 60 seconds to pick a
# card; a student who runs out of time gets a bot's draw from the equilibrium mix, recorded
# as `timeout` and left out of the analysis. The projector keeps the equilibrium off the
# screen until the teacher presses **show the equilibrium** (once section 4 has found it).
# After the rounds the class's table, one row per student per round, is `exp.results()` in
# the notebook that opened the experiment, or `classroom.room("ABC123").results()` in any
# notebook (this one too), with the code the projector shows. To keep it for a later period:
# `results.to_csv("period1.csv")`; later, `experiments.Results.from_csv("period1.csv")`
# reads it back.
#
# **Here: a SIMULATED class, not real students**, so that the notebook runs without a class.
# The cell below loads `data/classroom/duel_simulated.csv`: 24 simulated students, 5 rounds,
# perfect strangers. Each is a *logit fictitious player*: it expects the other role to play
# like the opponents it has met so far, and picks each card with probability proportional
# to $e^{4u}$, $u$ the card's expected payoff (a noisy best response; how the file was made:
# `data/classroom/README.md`). In class, `classroom.room(CODE).results()` gives the same
# table and every cell below runs on it unchanged.

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("duel")   # the simulated class described above
results = recorded                             # in class: classroom.room(CODE).results()
experiment = experiments.get("duel")           # section 3's game, its equilibrium of sections 4 and 5
assert experiment.game.row_payoffs.tolist() == A.tolist() and experiment.solution.exact == eq.exact
assert experiment.game.col_payoffs.tolist() == bluff.col_payoffs.tolist()
made = experiments.DATA_SETS["duel_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# one choice per student and role: the card each student picked the last time they held that role
shares = {role: experiments.choice_shares(results, experiment, role, rounds="last") for role in (0, 1)}
for role in (0, 1):
    print(shares[role], end="\n\n")
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0

# %% tags=["nbval-ignore-output"]
fig, axes = plt.subplots(1, 2, figsize=(10.4, 3.6), layout="constrained")
# each card's share per round (one choice per student in each round), 95% Wilson intervals
experiments.plot_choices(results, experiment, ax=axes)
plt.show()

# %%
# the same choices against the equilibrium: per role, the whole mix and the mix within the support
tests = experiments.equilibrium_tests(results, experiment, rounds="last", within_support=(False, True))
print(tests)
adjusted = {(t["role"], t["test"]): t["holm_p"] for t in tests}
# what the class's offense (one last choice per student) gets against each defense card
offense_mix = np.array(shares[0].column("share"))
conceded = offense_mix @ A
print(say("conceded", card=say.word(bluff.col_labels[conceded.argmin()]), conceded=conceded.min(), v=v_exact,
          v_float=float(v_exact)))
a15, d14 = shares[0].row(strategy="attack 15"), shares[1].row(strategy="attack 14")
print(say("a15_d14", a_count=a15["count"], a_n=a15["n"], a_lo=a15["lo"], a_hi=a15["hi"], a_eq=11 / 26,
          d_count=d14["count"], d_n=d14["n"], d_lo=d14["lo"], d_hi=d14["hi"], d_eq=7 / 52))
if results is recorded:   # the text below describes the simulated class
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert all(t["statistic"] == float("inf") and t["holm_p"] < 0.05 for t in tests if t["test"] == "whole mix")
    assert adjusted["defense", "within support"] > 0.05 and adjusted["offense", "within support"] < 0.05
    assert a15["lo"] > 11 / 26 and d14["share"] > 7 / 52 and d14["lo"] < 7 / 52
    defense_mix = np.array(shares[1].column("share"))
    assert bluff.row_labels[(A @ defense_mix).argmax()] == "attack 15"   # the offense's best reply to it
    assert conceded.min() < v_exact
assert bluff.row_labels[A.mean(axis=1).argmax()] == "attack 15"   # and to a uniform guess

# %% [markdown]
# **The tables and the tests** are those of Lesson 1, section 5, which explains each in a
# few lines. In short: one choice per student and role, `rounds="last"`, the card a student
# picked the last time they held that role (roles are drawn every round, so that can be an
# early round: each table's title counts its choices from each round), because a student's
# five choices are not five independent draws; a *Wilson interval* (`lo` to `hi`) for each
# share ([Lesson 6](06_estimating_win_rates.ipynb) derives it); an *exact multinomial test*
# of each role's counts against the equilibrium mix, which rejects the *whole mix* outright
# (p = 0) when a role plays a card the equilibrium never plays, while *within support* asks
# whether the cards the equilibrium plays are mixed in the right proportions; and *Holm's
# adjustment* of the four p-values, so that the chance of any false rejection among them
# stays under 5% ([Lesson 7](07_experiments_on_rules.ipynb) derives it). The tests still
# assume that students choose independently of each other: new opponents every round (the
# first cell counts the meetings with an opponent met before) make that plausible, not
# certain.
#
# **What the simulated class shows.** Both roles sometimes play a card the equilibrium never
# plays, so the whole mix is rejected. Within the support, the defense mixes its 14 and
# negotiate in proportions the test cannot tell from $7/52 : 45/52$, but the offense leans on
# its attack 15: the whole interval of its share lies above $11/26$. That is a learner's
# logic, not the equilibrium's: the 15 is the offense's best card against a first guess that
# the defense plays its three cards equally often, and also against the mix the simulated
# defense actually played (it played its 14 more often than $7/52$, though the interval
# does not exclude $7/52$). Learners chase what they saw; an equilibrium strategy cannot be
# exploited. The line "against the class's offense" above shows the price in a zero-sum
# game: a defense that noticed could hold this offense below the value. A real class may be closer to the
# equilibrium or farther; the same cells say which.
#
# ## 7. Alien powers and ship counts change the value
#
# Alien powers break rules, so they change the table and with it the value. The engine
# applies each power; we only say who holds it. Same hands, big cards still worth keeping:

# %%
variants = {
    "no powers": dict(),
    "defense is Pacifist": dict(aliens=(None, "Pacifist")),
    "offense is Macron (1 ship)": dict(aliens=("Macron", None), offense_ships=1),
    "offense is Loser, declares the upset": dict(aliens=("Loser", None), use_powers=("Loser",)),
}
attacks = lambda hand: [c for c in hand if c.startswith("attack")]
values, equilibrium = {}, {}
for name, kw in variants.items():
    kw = {"offense_ships": 4, **kw}
    # once the upset is declared, both main players must select attack cards if they can
    oh, dh = (attacks(OFFENSE_HAND), attacks(DEFENSE_HAND)) if "upset" in name else (OFFENSE_HAND, DEFENSE_HAND)
    g = stats.planning_game(oh, dh, defense_ships=4, relative=True, weights=keep, **kw)
    _, v = solve_row_lp(g.row_payoffs)
    (e,) = theory.equilibria(g)
    assert abs(v - theory.value(g)) < 1e-9 and abs(v - float(e.exact_payoffs[0])) < 1e-9
    values[name], equilibrium[name] = e.exact_payoffs[0], e
    low, high = g.row_payoffs.min(axis=1).max(), g.row_payoffs.max(axis=0).min()
    print(say("variant_saddle" if low == high else "variant_mixed", name=say.word(name), value=str(values[name]),
              v=float(values[name])))
    print("     ", e.describe())

# %% [markdown]
# * **Pacifist** on defense: a negotiate it reveals *wins* against an attack, so the defense
#   negotiates, and the offense's best answer is to negotiate too and make the deal: a saddle
#   point with value 0.
# * **Macron** on offense: one ship that counts as four. The totals are those of four ships,
#   but only one ship is lost when the attack fails, so bluffing with the cheap 08 costs less:
#   the offense plays it 3/4 of the time and the value rises from 47/104 to 41/80.
# * **Loser** on offense, declaring the upset: the side that would lose wins, and both main
#   players must then play attack cards (they hold some), so the negotiates are no longer
#   strategies. Low cards become strong and high cards weak: the defense's 06 beats the
#   offense's 08 (12 against 10 would win; the upset makes it lose), a saddle point worth
#   -9/10 to the Loser here, which the offense would rather not declare.
#
# The number of ships the offense sends matters as much (no powers, the defense keeps four):

# %%
both_negotiate = ((0, 0, 1), (0, 0, 1))
assert values["defense is Pacifist"] == 0 and equilibrium["defense is Pacifist"].exact == both_negotiate
assert values["offense is Loser, declares the upset"] == Fraction(-9, 10)
assert equilibrium["offense is Loser, declares the upset"].exact == ((1, 0), (1, 0))  # attack 08 / attack 06
assert values["offense is Macron (1 ship)"] == Fraction(41, 80) > values["no powers"] == Fraction(47, 104)
assert equilibrium["offense is Macron (1 ship)"].exact[0][0] == Fraction(3, 4)
# Macron's one ship gives the totals of four ships, and only one ship goes to the warp
macron_loss = stats.play_encounter("attack 08", "attack 14", 1, 4, OFFENSE_HAND, DEFENSE_HAND,
                                   aliens=("Macron", None), hand_size=8)
assert macron_loss.totals == (12, 18) and macron_loss.ships == (-1, 0)
by_ships = {}
for ships in (1, 2, 3, 4):
    g = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, ships, 4, relative=True, weights=keep)
    (e,) = theory.equilibria(g)
    by_ships[ships] = e.exact_payoffs[0]
    assert len(e.support("row")) > 1 and len(e.support("col")) > 1   # both players randomise
    print(say("by_ships", ships=ships, value=str(by_ships[ships]), v=float(by_ships[ships]), equilibrium=e.describe()))
lowest = min(by_ships, key=by_ships.get)
print(say("lowest_highest", lowest=lowest, highest=max(by_ships, key=by_ships.get)))
assert lowest == 2 and max(by_ships, key=by_ships.get) == 4
# with two ships the offense wins exactly the encounters it wins with one
outcome = lambda ships, o, d: stats.play_encounter(o, d, ships, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).outcome
assert all(outcome(1, o, d) == outcome(2, o, d) for o in OFFENSE_HAND for d in DEFENSE_HAND)
lost = lambda ships: stats.play_encounter("attack 08", "attack 14", ships, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).ships[0]
assert (lost(1), lost(2)) == (-1, -2)   # twice as many ships to the warp
# the attack 08 against the 06: a tie (won by the defense) with two ships, a win from three on
assert [outcome(s, "attack 08", "attack 06") for s in (2, 3, 4)] == ["defense", "offense", "offense"]

# %% [markdown]
# The value is not monotone in the ships sent. Two ships win exactly the encounters one ship
# wins (the engine checked every pair of cards above), but twice as many ships go to the
# warp when they lose; from three ships on, the attack 08 starts beating the 06. With every
# ship count both players must randomise: a designer reading this table sees that the rules
# keep the choice of card interesting.
#
# ## Exercises
#
# Exercises 1 and 2 use the duel where the defense holds an **attack 20** instead of its 14
# (big cards worth keeping, four ships each). Exercises 3 and 4 use the duel where the
# defense is the **Warrior** with three tokens (+3 to its total).

# %%
duel20 = stats.planning_game(OFFENSE_HAND, ["attack 06", "attack 20", "negotiate"], 4, 4, relative=True, weights=keep)
print(duel20)
warrior = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, aliens=(None, "Warrior"), tokens=(0, 3),
                              relative=True, weights=keep)
print(warrior)
for who in ("row", "col"):   # exercise 3's premise: no card is dominated, not even weakly
    assert not theory.dominated_strategies(warrior, who, strict=False)
warrior_08_06 = stats.play_encounter("attack 08", "attack 06", 4, 4, OFFENSE_HAND, DEFENSE_HAND,
                                     aliens=(None, "Warrior"), tokens=(0, 3), hand_size=8)
assert warrior_08_06.totals == (12, 13) and warrior_08_06.outcome == "defense"   # 6 + 4 + 3 beats 8 + 4

# %% [markdown]
# ### Exercise 1 (pen and paper)
#
# In the attack 20 duel, find the maximin (lower value) and the minimax (upper value) in pure
# strategies. Store them as the pair `answer_1 = (maximin, minimax)` (numbers or fractions).
# Does the game have a saddle point?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Row minima: attack 08 -> -0.2, attack 15 -> -0.55, negotiate -> 0; the maximin is 0.
# Column maxima: attack 06 -> 1.7, attack 20 -> 1, negotiate -> 0.6; the minimax is 0.6.
# 0 < 0.6: no saddle point, the value lies strictly between them.
answer_1 = (Fraction(0), Fraction(3, 5))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
maximin_20 = duel20.row_payoffs.min(axis=1).max()
minimax_20 = duel20.row_payoffs.max(axis=0).min()
assert (maximin_20, minimax_20) == (0.0, 0.6), (
    "the attack 20 duel's maximin and minimax should be the ones the solution reads off its table: the table changed")
try:
    _low, _high = (float(x) for x in answer_1)
except (TypeError, ValueError):
    raise AssertionError("answer_1 should be a pair of numbers (maximin, minimax)") from None
assert abs(_low - maximin_20) < 1e-9, ("not the maximin: the largest of the row minima (what the offense can "
                                       "guarantee with one card)")
assert abs(_high - minimax_20) < 1e-9, ("not the minimax: the smallest of the column maxima (what the defense can "
                                        "hold the offense to with one card)")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# Find the value of the attack 20 duel by hand. Hint: remove strictly dominated cards first
# (one for each player); a 2×2 game without a saddle point remains, where each player's mix
# makes the other indifferent (or use section 5's 2×2 formula). Store the value in
# `answer_2`: a `Fraction`, or a decimal within 0.001 of the exact value.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The offense's attack 15 is dominated by its attack 08 (1.7 > 1.35, -0.2 > -0.55,
# 0.6 > 0.25); the defense's attack 06 by its negotiate (it concedes 1.7 / 1.35 / 0.3
# with the 06, only 0.6 / 0.25 / 0 with the negotiate).
# Left: rows (attack 08, negotiate), columns (attack 20, negotiate):
#   [[-0.2, 0.6], [1, 0]]  (no saddle point: row minima -0.2, 0; column maxima 1, 0.6).
# Offense plays attack 08 with p; indifference of the defense:
#   -0.2 p + 1 (1 - p) = 0.6 p + 0 (1 - p)  =>  1 = 1.8 p  =>  p = 5/9.
# Value: 0.6 * 5/9 = 1/3 (section 5's formula (ad - bc) / (a + d - b - c) = -0.6 / -1.8 = 1/3).
answer_2 = Fraction(1, 3)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real), "answer_2 should be a number: a Fraction, or a decimal"
assert abs(float(answer_2) - 1 / 3) < 0.001, ("not the value of the attack 20 duel (within 0.001): remove the "
                                             "dominated cards, then solve the 2x2 game that is left")
(eq_20,) = theory.equilibria(duel20)
assert eq_20.exact_payoffs[0] == Fraction(1, 3), (
    "the library's equilibrium of the attack 20 duel should pay the offense the solution's value")
assert abs(theory.value(duel20) - 1 / 3) < 1e-9, "theory.value of the attack 20 duel should be the solution's value"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3
#
# In the Warrior duel no card is dominated. Solve the offense's linear program with
# `solve_row_lp(warrior.row_payoffs)` (or write your own `linprog` call) and store the value
# in `answer_3` (within 0.001: the printed value rounded to three decimals will do). How
# many of the offense's cards get positive probability?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
x_w, v_w = solve_row_lp(warrior.row_payoffs)
print(say("ex3_mix", mix=np.round(x_w, 4) + 0.0, v=round(v_w, 6)))
# All three cards are played (about 0.235, 0.154, 0.611): the Warrior's +3 makes the 06
# beat the 08 (6 + 4 + 3 = 13 > 12), so no card is dominated any more. The value is 7/39.
answer_3 = v_w
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number"
assert abs(float(answer_3) - 7 / 39) < 0.001, ("not the value of the Warrior duel (within 0.001): the v of the "
                                              "offense's linear program")
assert abs(theory.value(warrior) - 7 / 39) < 1e-6, "theory.value of the Warrior duel should be the solution's value"
(_eq_w,) = theory.equilibria(warrior)
assert len(_eq_w.support("row")) == 3, (   # the solution's remark: all three offense cards are played
    "the offense should play all three of its cards in the Warrior duel's equilibrium, as the solution's remark says")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 4
#
# Still the Warrior duel: with which probability does the defense negotiate in its optimal
# mix? Solve the defense's program (`solve_col_lp`) and store the probability in `answer_4`
# (within 0.001).
# Check that against this mix all three offense cards pay the same.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
y_w, w_w = solve_col_lp(warrior.row_payoffs)
print(say("ex4_mix", mix=np.round(y_w, 4) + 0.0, pays=np.round(warrior.row_payoffs @ y_w, 6) + 0.0))
# The defense negotiates with probability 2/3 (0.6667); each offense card then pays
# 7/39 = 0.179487, the value: the offense is indifferent, as an equilibrium requires.
answer_4 = y_w[2]
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_4, numbers.Real), "answer_4 should be a number (a probability)"
assert abs(float(answer_4) - 2 / 3) < 0.001, ("not the defense's probability of negotiate in its optimal mix "
                                             "(within 0.001): the y of the defense's linear program")
(eq_w,) = theory.equilibria(warrior)
assert eq_w.exact is not None and eq_w.exact[1][2] == Fraction(2, 3), (
    "the library's exact equilibrium of the Warrior duel should give the defense's negotiate the solution's "
    "probability")
### END HIDDEN TESTS

# %% [markdown]
# ## Summary
#
# - In a zero-sum game one matrix says everything. In pure strategies the maximin is at most
#   the minimax; when they are equal the game has a saddle point.
# - With mixed strategies they are always equal (the minimax theorem): the common number is
#   the value, and the optimal strategies are the Nash equilibria.
# - The value is a linear program (maximise $v$ subject to $x^\top A \ge v$, $x$ a probability
#   vector); the defense's program is its dual. `linprog`, nashpy and a drawing agree.
# - Rules move the value: an alien power, a ship count, the worth of a card.
#
# Next: [Lesson 4](04_game_trees_minimax.ipynb) plays the moves one after the other instead of
# simultaneously (game trees and backward induction).
