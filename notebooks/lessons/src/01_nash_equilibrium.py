# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 1: Simultaneous games and Nash equilibrium
#
# In every encounter of Cosmic Encounter the offense and the defense each choose an
# encounter card **face down** and reveal them together. Neither sees the other's choice
# before committing: a *simultaneous game*. This lesson builds such games from encounters
# played by the ovnilab engine and finds their Nash equilibria, first in pure strategies,
# then in mixed strategies.
#
# **Audience:** students in a first course on game theory (or probability with a game
# theory unit); teachers preparing one.
#
# **Prerequisites:** expected value of a random variable; solving one linear equation;
# running a notebook cell. No Cosmic Encounter experience is needed: the rules used here
# are explained as they come ([the encounter rules in full](../rules/cosmic_1_encounter.ipynb)).
#
# **Objectives:** after this lesson you can
# - write a two-player simultaneous game as a payoff table (a *bimatrix*: one payoff for each player in each cell);
# - find every pure-strategy Nash equilibrium by marking best responses;
# - derive the mixed equilibrium of a 2×2 game from the indifference equations;
# - check an equilibrium with a solver (`nashpy`, through `ovnilab.theory`) and by its definition.
#
# **Time:** 50 minutes (about 30 for the text, 20 for the exercises); the optional class
# experiment of section 5 takes about 15 more.
#
# **Glossary** (Cosmic Encounter's game terms; the game is in English):
# *encounter*: one battle, an offense attacks a planet of a defense;
# *offense* / *defense*: the player whose turn it is / the player whose planet is attacked;
# *ship*: a player's token; each ship in the encounter adds 1 to its side's total;
# *colony*: ships of a player on a planet; the first player with colonies on five foreign planets wins the game;
# *warp*: where lost ships go;
# *encounter card*: the card each side selects face down;
# *attack 08*: an attack card worth 8 (added to the side's ships; the higher total wins, ties to the defense);
# *negotiate*: a card that loses to any attack, but its player then takes *compensation*
# (one card from the winner's hand per ship lost);
# *deal*: when both reveal negotiate, the two players have a short time to agree on a trade; if they fail, each loses three ships to the warp;
# *Macron*: an alien power (each of its ships counts 4, and 2 for compensation).

# %%
from fractions import Fraction

import numpy as np

from ovnilab import theory
from ovnilab.cosmic import stats
from ovnilab.texts.lesson01 import say   # the sentences this lesson prints, in its language

OFFENSE_HAND = ["attack 08", "attack 15", "negotiate"]
DEFENSE_HAND = ["attack 06", "attack 14", "negotiate"]
# what a colony, a ship, a card in hand and a point of attack card spent are worth
weights = stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.05)

# %% [markdown]
# ## 1. One cell of the game, played by the engine
#
# The offense sends four ships to a planet where the defense has four. Say the offense
# reveals attack 08 and the defense attack 14: $8 + 4 = 12$ against $14 + 4 = 18$, the defense
# wins, and the four attacking ships go to the warp. We do not work this out by hand: the
# engine plays the encounter and reports what changed for each side.

# %%
r = stats.play_encounter("attack 08", "attack 14", offense_ships=4, defense_ships=4,
                         offense_hand=OFFENSE_HAND, defense_hand=DEFENSE_HAND, hand_size=8)
print(say("encounter", outcome=say.word(r.outcome), totals=r.totals, colonies=r.colonies, ships=r.ships, cards=r.cards))
print(say("scores", offense=r.value(0, weights), defense=r.value(1, weights)))
assert r.outcome == "defense" and r.totals == (12, 18) and r.ships == (-4, 0) and r.cards == (-1, -1)
assert round(r.value(0, weights), 9) == -1.3 and round(r.value(1, weights), 9) == -0.8   # the sums below

# %% [markdown]
# To turn an encounter into **payoffs** we weigh what changed: a colony 1, a ship 0.2, a
# card 0.1, and an attack card costs $0.05$ per point of its value (a big attack spent now is
# a big attack you no longer hold). The offense lost 4 ships and its attack 08:
# $-0.8 - 0.1 - 0.4 = -1.3$; the defense spent its attack 14: $-0.1 - 0.7 = -0.8$.
# These weights are a modelling choice; [Lesson 3](03_mixed_strategies_zero_sum.ipynb)
# compares a duel with and without that cost of spent attack cards.
#
# Cosmic Encounter is played by three to five players. Each main player counts **its own**
# gains: a colony both of them gain is a colony the rest of the table did not get. So one
# player's gain is not the other's loss: the game is *general-sum* and every cell holds two
# payoffs, (offense, defense).
#
# ## 2. The payoff table
#
# Each of the 9 cells below is one encounter played by the engine
# (`stats.planning_game`). When both reveal negotiate, the two players make a deal that lets
# each land a colony on the other's planet.

# %%
table = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, offense_ships=4, defense_ships=4,
                            weights=weights, deal="swap")
made = stats.play_encounter("negotiate", "negotiate", 4, 4, OFFENSE_HAND, DEFENSE_HAND, deal="swap", hand_size=8)
assert made.outcome == "deal_made" and made.colonies == (1, 1)
print(table)
assert (table.row_payoffs[0, 1], table.col_payoffs[0, 1]) == (-1.3, -0.8)
assert (table.row_payoffs[2, 2], table.col_payoffs[2, 2]) == (0.9, 0.9)

# %% [markdown]
# ### Best responses and Nash equilibrium
#
# A strategy of the offense is a **best response** to a card of the defense when no other
# card pays the offense more against it; the same for the defense. Writing $A$ for the
# offense's payoffs and $B$ for the defense's, a pair of cards $(i, j)$ is a **pure Nash
# equilibrium** when each card is a best response to the other:
#
# $$A_{ij} \ge A_{kj} \text{ for every row } k \qquad\text{and}\qquad B_{ij} \ge B_{il} \text{ for every column } l.$$
#
# Nobody gains by changing their card alone. To find all of them by hand, **mark best
# responses**: in each column, star the offense's largest payoff; in each row, star the
# defense's largest payoff. A cell with two stars is an equilibrium. The helper below does
# exactly that (it is marking, not a solver).

# %%
def best_response_marks(game):
    """Star the offense's best payoff in each column and the defense's in each row;
    return the cells starred twice (the pure Nash equilibria)."""
    A, B = game.row_payoffs, game.col_payoffs
    offense_best = A >= A.max(axis=0, keepdims=True) - 1e-9
    defense_best = B >= B.max(axis=1, keepdims=True) - 1e-9
    star = lambda x, best: f"{x:+.2f}{'*' if best else ' '}"
    print(f"{'':<10}" + "".join(f"{c:^16}" for c in game.col_labels))
    for i, row in enumerate(game.row_labels):
        cells = [f"{star(A[i, j], offense_best[i, j])}, {star(B[i, j], defense_best[i, j])}"
                 for j in range(len(game.col_labels))]
        print(f"{row:<10}" + "".join(f"{c:^16}" for c in cells))
    return [(game.row_labels[i], game.col_labels[j]) for i, j in zip(*np.nonzero(offense_best & defense_best))]


def pure_equilibria(game):
    """The library's answer: the pure profiles among the equilibria nashpy finds."""
    return [(game.row_labels[e.row.index(1.0)], game.col_labels[e.col.index(1.0)])
            for e in theory.equilibria(game) if e.is_pure()]


marked = best_response_marks(table)
print(say("starred", cells=marked))
print(say("library_pure", cells=pure_equilibria(table)))
assert marked == pure_equilibria(table) == [("negotiate", "negotiate")]
assert table.col_payoffs.argmax(axis=1).tolist() == [2, 2, 2]   # the defense negotiates against every card

# %% [markdown]
# The defense's star is in the negotiate column in every row: whatever the offense plays,
# negotiating is the defense's best card (against an attack it loses the planet's ships but
# takes compensation; against a negotiate the deal lands it a colony). Against a negotiate
# the offense negotiates too: the deal gives each side +0.9 (a colony, minus the card
# spent). **(negotiate, negotiate) is the only pure equilibrium.**
#
# ### When deals fail
#
# A deal needs trust. If the players cannot agree (every deal fails: each loses three ships),
# the negotiate-negotiate cell becomes bad for both. The engine replays the table:

# %%
table_fail = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, weights=weights, deal="fail")
failed = stats.play_encounter("negotiate", "negotiate", 4, 4, OFFENSE_HAND, DEFENSE_HAND, deal="fail", hand_size=8)
assert failed.outcome == "deal_failed" and failed.ships == (-3, -3)
marked = best_response_marks(table_fail)
print(say("starred_and_library", cells=marked, library=pure_equilibria(table_fail)))
assert marked == pure_equilibria(table_fail) == [("attack 08", "negotiate")]
assert table_fail.col_payoffs[0].tolist() == [-1.2, -0.8, -0.5]   # the defense's row against attack 08

# %% [markdown]
# Now the equilibrium is the offense attacking with its cheap 08 while the defense
# negotiates. Against the 08 the defense's 14 would win ($14 + 4 > 8 + 4$), but spending the
# 14 costs it $-0.8$ in all, more than losing its ships and taking compensation ($-0.5$). One rule about deals changed the equilibrium: this is why
# Cosmic Encounter is a game of table talk.
#
# ## 3. No pure equilibrium: the offense sends one ship
#
# With one ship instead of four (deals still failing), the totals change and so does the
# table. Mark it:

# %%
weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=weights, deal="fail")
marked = best_response_marks(weak)
print(say("starred", cells=marked))
assert marked == [] and pure_equilibria(weak) == []
A_w, B_w = weak.row_payoffs, weak.col_payoffs
# the cycle of best responses told below (0: attack 08/06, 1: attack 15/14, 2: negotiate)
assert A_w[:, 2].argmax() == 0 and B_w[0].argmax() == 0 and A_w[:, 0].argmax() == 1 and B_w[1].argmax() == 2

# %% [markdown]
# No cell is starred twice. The stars chase each other round a cycle: against a negotiate
# the offense's best card is the cheap 08 (it still wins); against the 08 the defense's best
# card is its own cheap 06 ($6 + 4 = 10$ beats $8 + 1 = 9$); against the 06 the offense
# needs its 15; against the 15 the defense negotiates again. Like matching pennies, any
# predictable choice can be exploited.
#
# First shrink the game. A card that pays less than another card *against everything* is
# **strictly dominated**, and a rational player never uses it (more on this in
# [Lesson 2](02_dominance_prisoners_dilemma.ipynb)). Removing one card can make another
# dominated: the offense's negotiate is beaten by its attack 15 only once the defense's
# attack 14 is gone (against the 14 the negotiate pays $-0.2$ and the 15 only $-1.05$):

# %%
reduced = theory.iterated_elimination(weak)
print(reduced.describe())
sub = reduced.game
print(sub)
A_sub, B_sub = sub.row_payoffs, sub.col_payoffs
assert sub.row_labels == ("attack 08", "attack 15") and sub.col_labels == ("attack 06", "negotiate")
assert A_sub.tolist() == [[-0.7, 0.1], [0.15, -0.25]] and B_sub.tolist() == [[-0.4, -0.5], [-1.2, -0.5]]
assert reduced.steps == (("column", "attack 14", "negotiate"), ("row", "negotiate", "attack 15"))
assert (weak.row_payoffs[2, 1], weak.row_payoffs[1, 1]) == (-0.2, -1.05)   # before the 14 goes

# %% [markdown]
# ## 4. The mixed equilibrium, by hand
#
# A **mixed strategy** picks a card at random with chosen probabilities. Let the offense
# play attack 08 with probability $p$ (attack 15 with $1-p$) and the defense play attack 06
# with probability $q$ (negotiate with $1-q$). In a mixed equilibrium a player mixes two
# cards only if both pay the same against the other's mix: otherwise it would play the
# better one for sure. So **each player's mix makes the *other* player indifferent.**
#
# *The defense is indifferent* between its two cards (its payoffs from the table above):
#
# $$\underbrace{-0.4\,p - 1.2\,(1-p)}_{\text{attack 06}} \;=\; \underbrace{-0.5\,p - 0.5\,(1-p)}_{\text{negotiate}}
# \iff -1.2 + 0.8\,p = -0.5 \iff p = \frac{0.7}{0.8} = \frac{7}{8}.$$
#
# *The offense is indifferent* between its two cards:
#
# $$\underbrace{-0.7\,q + 0.1\,(1-q)}_{\text{attack 08}} \;=\; \underbrace{0.15\,q - 0.25\,(1-q)}_{\text{attack 15}}
# \iff 0.1 - 0.8\,q = -0.25 + 0.4\,q \iff q = \frac{0.35}{1.2} = \frac{7}{24}.$$
#
# In general, for a 2×2 game with payoffs $a_{ij}$ (row player) and $b_{ij}$ (column
# player), the same two equations give
#
# $$p = \frac{b_{22} - b_{21}}{b_{11} - b_{12} - b_{21} + b_{22}}, \qquad
#   q = \frac{a_{22} - a_{12}}{a_{11} - a_{12} - a_{21} + a_{22}},$$
#
# a valid mix when both lie strictly between 0 and 1. Notice that $p$, the *offense's*
# probability, is made of the *defense's* payoffs. Exact arithmetic with fractions:

# %%
a = [[Fraction(str(x)) for x in row] for row in A_sub]   # 0.15 -> 3/20 exactly
b = [[Fraction(str(x)) for x in row] for row in B_sub]
p = (b[1][1] - b[1][0]) / (b[0][0] - b[0][1] - b[1][0] + b[1][1])
q = (a[1][1] - a[0][1]) / (a[0][0] - a[0][1] - a[1][0] + a[1][1])
print(say("mix_by_hand", p=p, q=q))
assert (p, q) == (Fraction(7, 8), Fraction(7, 24))

# %% [markdown]
# ### The library computes the same
#
# `theory.equilibria` asks nashpy (vertex enumeration) for **every** equilibrium of the
# full 3×3 game, dominated cards included, and reports them as exact fractions when they are
# exact:

# %%
eqs = theory.equilibria(weak)
for eq in eqs:
    print(eq)
(eq,) = eqs
assert eq.exact == ((p, 1 - p, 0), (q, 0, 1 - q))
print(say("agrees", agrees=eq.exact == ((p, 1 - p, 0), (q, 0, 1 - q))))

# %% [markdown]
# One equilibrium, and it is the one we derived, with probability 0 on the dominated cards.
#
# ### Type it into nashpy yourself
#
# A solver only needs the two payoff matrices. Type the 2×2 game from the table above (rows:
# attack 08, attack 15; columns: attack 06, negotiate) and ask nashpy for its equilibria by
# support enumeration:

# %%
import nashpy as nash

A = np.array([[-0.7, 0.1],
              [0.15, -0.25]])   # offense's payoffs
B = np.array([[-0.4, -0.5],
              [-1.2, -0.5]])    # defense's payoffs
game = nash.Game(A, B)
found = list(game.support_enumeration())
for x, y in found:
    print(say("nashpy_mix", offense=np.round(x, 6), defense=np.round(y, 6)))
assert len(found) == 1 and np.allclose(found[0][0], [7 / 8, 1 / 8]) and np.allclose(found[0][1], [7 / 24, 17 / 24])

# %% [markdown]
# ### Checking the definition
#
# Do not trust a solver (or your algebra): check that nobody gains by deviating. Against the
# defense's mix, each offense card pays the amounts below, and likewise for the defense.
# Every card a player mixes pays the same, and no other card pays more:

# %%
x, y = eq.exact
offense_pays = [sum(Fraction(str(weak.row_payoffs[i, j])) * y[j] for j in range(3)) for i in range(3)]
defense_pays = [sum(Fraction(str(weak.col_payoffs[i, j])) * x[i] for i in range(3)) for j in range(3)]
for label, prob, u in zip(weak.row_labels, x, offense_pays):
    print(say("offense_pays", card=label, prob=str(prob), pays=u))
for label, prob, u in zip(weak.col_labels, y, defense_pays):
    print(say("defense_pays", card=label, prob=str(prob), pays=u))
print(say("expected", payoffs=tuple(str(v) for v in eq.exact_payoffs)))
print(say("is_equilibrium", verdict=theory.is_equilibrium(weak, x, y),
          gains=tuple(str(g) for g in theory.deviation_gains(weak, x, y))))
assert offense_pays[0] == offense_pays[1] == Fraction(-2, 15) > offense_pays[2]
assert defense_pays[0] == defense_pays[2] == Fraction(-1, 2) > defense_pays[1]
assert eq.exact_payoffs == (Fraction(-2, 15), Fraction(-1, 2))

# %% [markdown]
# **Reading the equilibrium.** The offense plays its cheap 08 seven times in eight,
# and the defense answers with its 06 in 7 of 24 encounters, just often enough that the 15
# and the 08 pay the offense the same ($-2/15$). The defense gets $-1/2$ with either card it
# mixes (its unused attack 14 would get only $-4/5$). Compare with section 2, where deals
# succeed and the offense sends four ships: there the only pure equilibrium gives both $+0.9$. Mixed
# equilibria are not about being unpredictable for fun: each player randomises so that the
# other has nothing to exploit.

# %% [markdown]
# ## 5. Play it first: the class as data
#
# *Optional: about 15 minutes (5 to join and read the rules, 5 for five rounds of about a
# minute each, 5 to read the results here); nothing else in the lesson depends on it.* Play
# at the **start** of the period, before section 3, so that the cards are the students' own
# choices and not the lesson's answer; read the results here, once the equilibrium is known.
#
# **In class.** In a notebook (`make lab`), the teacher opens section 3's one-ship encounter
# (deals fail) as a class experiment:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("encounter", rounds=5, matching="strangers", decision_seconds=60)
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
# The cell below loads `data/classroom/encounter_simulated.csv`: 24 simulated students, 5
# rounds, perfect strangers. Each is a *logit fictitious player*: it expects the other role
# to play like the opponents it has met so far, and picks each card with probability
# proportional to $e^{4u}$, $u$ the card's expected payoff (a noisy best response; how the
# file was made: `data/classroom/README.md`). In class, `classroom.room(CODE).results()`
# gives the same table and every cell below runs on it unchanged.

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("encounter")   # the simulated class described above
results = recorded                                  # in class: classroom.room(CODE).results()
experiment = experiments.get("encounter")           # section 3's game, section 4's equilibrium
assert experiment.game.row_payoffs.tolist() == weak.row_payoffs.tolist() and experiment.solution.exact == eq.exact
assert experiment.game.col_payoffs.tolist() == weak.col_payoffs.tolist()
made = experiments.DATA_SETS["encounter_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# one choice per student and role: the card each student picked the last time they held that role
shares = {role: experiments.choice_shares(results, experiment, role, rounds="last") for role in (0, 1)}
for role in (0, 1):
    print(shares[role], end="\n\n")
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0 and sum(r["role"] == "offense" for r in results) == 60

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, axes = plt.subplots(1, 2, figsize=(10.4, 3.6), layout="constrained")
# each card's share per round (one choice per student in each round), 95% Wilson intervals
experiments.plot_choices(results, experiment, ax=axes)
plt.show()

# %%
# the same choices against the equilibrium: per role, the whole mix and the mix within the support
tests = experiments.equilibrium_tests(results, experiment, rounds="last", within_support=(False, True))
print(tests, end="\n\n")
adjusted = {(t["role"], t["test"]): t["holm_p"] for t in tests}
fits = {(t["role"], t["test"]): t["fit"] for t in tests}
off, neg, o08 = (shares[r].row(strategy=s) for r, s in ((0, "negotiate"), (1, "attack 14"), (0, "attack 08")))
print(say("dominated_cards", off_count=off["count"], off_n=off["n"], off_lo=off["lo"], off_hi=off["hi"],
          neg_count=neg["count"], neg_n=neg["n"], neg_lo=neg["lo"], neg_hi=neg["hi"]))
print(say("attack08", count=o08["count"], n=o08["n"], lo=o08["lo"], hi=o08["hi"],
          offense_n=fits["offense", "within support"].n, defense_n=fits["defense", "within support"].n))
if results is recorded:   # the text below describes the simulated class
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert all(t["statistic"] == float("inf") and t["holm_p"] < 0.05 for t in tests if t["test"] == "whole mix")
    assert off["count"] > 0 and neg["count"] > 0 and o08["hi"] < 7 / 8
    assert adjusted["offense", "within support"] > 0.05 and adjusted["defense", "within support"] > 0.05
    assert all(fits[role, "within support"].n < 20 for role in experiment.roles)   # "fewer than 20 per role"
    assert all(min(fits[role, "whole mix"].from_rounds) <= 2 for role in experiment.roles)   # "round 1 or 2"
assert reduced.steps[0] == ("column", "attack 14", "negotiate") and weak.row_payoffs[:, 1].argmax() == 2

# %% [markdown]
# **How to read the tables and the tests** (the statistics in a few lines each).
#
# * **One choice per student.** A student's five choices are not five independent draws:
#   the same person chooses each time, learning from the round before. Counting them all
#   (60 per role in the simulated class) would count one student's habit up to five times,
#   as if it were five students, and make every interval and test too confident. So each
#   table and test keeps one choice per student and role, `rounds="last"`: the card the
#   student picked **the last time they held that role**. Roles are drawn at random every
#   round, so for some students that is round 1 or 2 (each table's title counts its choices
#   from each round); `rounds="first"` keeps the first instead, made before any feedback.
# * **Wilson interval** (`lo` to `hi`). The shares $p$ for which the class's share $\hat p$
#   of $n$ is not surprising: those with $|\hat p - p| \le 1.96\sqrt{p(1-p)/n}$. Solving this
#   quadratic inequality in $p$ gives the two ends. Over many classes whose students choose
#   independently, about 95% of such intervals contain the true share. It stays between 0
#   and 1 and works for small $n$. [Lesson 6](06_estimating_win_rates.ipynb) derives it.
# * **Exact multinomial test** (`p`). If $n$ students had drawn their cards independently
#   from the equilibrium mix $(p_1, p_2, p_3)$, the counts $(k_1, k_2, k_3)$ would have the
#   probability $\frac{n!}{k_1!\,k_2!\,k_3!}\,p_1^{k_1} p_2^{k_2} p_3^{k_3}$. The p-value adds up
#   the probabilities of all the counts at most as probable as the class's: a small p-value
#   says such counts are rare if the class plays the equilibrium. It is exact (a finite sum;
#   the usual chi-square approximation is unreliable with expected counts under 5, as here).
#   The *whole mix* test rejects outright (X² = ∞, p = 0) as soon as a role makes a choice
#   the equilibrium never makes; *within support* (`within_support=True`) asks the finer
#   question: among the cards the equilibrium plays, are the proportions right?
# * **Holm's adjustment** (`holm_p`). Four tests on one class are four chances of a false
#   alarm. Holm multiplies the smallest p-value by 4, the next by 3, then 2, then 1 (never
#   letting one fall below the one before); reading these against 5% keeps the chance of
#   any false rejection among the four under 5%. [Lesson 7](07_experiments_on_rules.ipynb)
#   derives it.
# * The tests still assume that students choose independently of each other: new opponents
#   every round (the cell above counts the meetings with an opponent met before) make that
#   plausible, not certain.
#
# **What the simulated class shows.** It is far from the equilibrium. Both roles play cards
# that iterated dominance removed in section 3, the offense its negotiate and the defense its
# attack 14 (strictly dominated by negotiate), so both whole-mix tests reject. A learner who
# starts out expecting anything from the other side has no reason to rule out the 14, and
# against the 14 the negotiate is the offense's best card: iterated dominance needs each
# player to trust that the *other* is rational. The offense plays its 08 far less often than
# 7 times in 8: the whole interval lies below $7/8$. Its mix must make the *defense*
# indifferent, and nothing in its own payoffs tells it so. Within the support neither test
# rejects after Holm's adjustment, but each tests only the choices inside the support, fewer
# than 20 per role here (the last line above says how many): with so few, not rejecting is
# not evidence of a fit. A real class may be closer to the equilibrium or farther; the same
# cells say which.

# %% [markdown]
# ## Exercises
#
# Exercises 1 and 2 use this game: the defense is the alien **Macron** (each of its ships
# counts 4 toward its total and 2 for compensation), the offense sends two ships, deals fail.

# %%
macron = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, aliens=(None, "Macron"),
                             weights=weights, deal="fail")
print(macron)
left = theory.iterated_elimination(macron).game
assert left.row_labels == ("attack 08", "negotiate") and left.col_labels == ("attack 06", "negotiate")

# %% [markdown]
# ### Exercise 1 (pen and paper)
#
# Mark best responses in the Macron table and list **every** pure Nash equilibrium (there
# may be more than one). Store them as a set of `(offense card, defense card)` pairs in
# `answer_1`, e.g. `{("attack 15", "attack 14")}`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Offense's best card in each column: vs attack 06 and vs attack 14 the negotiate (-0.3
# beats -0.9 and -1.25); vs negotiate the attack 08 (-0.2 beats -0.55 and -0.7).
# Defense's best card in each row: vs attack 08 the negotiate (-0.2); vs attack 15 the
# negotiate (-0.2); vs negotiate the attack 06 (-0.6 beats -1.0 and -0.7).
# Starred twice: (attack 08, negotiate) and (negotiate, attack 06). Two equilibria with
# different payoffs, (-0.2, -0.2) and (-0.3, -0.6): both players prefer the first one.
answer_1 = {("attack 08", "negotiate"), ("negotiate", "attack 06")}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
def _card(text):   # "Attack 8", " ATTACK 08 " and "attack 08" name one card
    return " ".join(word.zfill(2) if word.isdigit() else word for word in str(text).lower().split())


try:
    _given = {(_card(o), _card(d)) for o, d in answer_1}
except (TypeError, ValueError):
    raise AssertionError('answer_1 should be a set of (offense card, defense card) pairs, '
                         'e.g. {("attack 15", "attack 14")}') from None
for _o, _d in _given:
    assert _o in macron.row_labels, f"{_o!r} is not an offense card; the offense's cards are {macron.row_labels}"
    assert _d in macron.col_labels, f"{_d!r} is not a defense card; the defense's cards are {macron.col_labels}"
_pure = set(pure_equilibria(macron))
assert _pure == {("attack 08", "negotiate"), ("negotiate", "attack 06")}, (
    "the lesson's pure_equilibria should find the solution's equilibria in the Macron table: the table changed")
assert _given <= _pure, (f"{sorted(_given - _pure)}: not a pure Nash equilibrium of the Macron table (in such a cell "
                         "each card is a best response to the other)")
assert _given == _pure, "a pure Nash equilibrium is missing: mark the best responses in every row and every column"
assert (macron.row_payoffs[0, 2], macron.col_payoffs[0, 2]) == (-0.2, -0.2), (   # the solution's remark
    "the Macron table's payoffs should be the ones the solution's remark quotes")
assert (macron.row_payoffs[2, 0], macron.col_payoffs[2, 0]) == (-0.3, -0.6), (
    "the Macron table's payoffs should be the ones the solution's remark quotes")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# Both players' 15 and 14 are strictly dominated in the Macron game, which leaves a 2×2
# game (offense: attack 08, negotiate; defense: attack 06, negotiate). Besides the pure
# equilibria it has a mixed one. With which probability does the offense play attack 08 in
# it? Derive it from the indifference equation and store it in `answer_2`: a `Fraction`,
# or a decimal within 0.001 of the exact value.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The offense's mix makes the DEFENSE indifferent, so use the defense's payoffs.
# Offense plays attack 08 with probability p, negotiate with 1 - p.
# Defense's attack 06 pays -0.4 p - 0.6 (1 - p) = -0.6 + 0.2 p;
# its negotiate pays -0.2 p - 0.7 (1 - p) = -0.7 + 0.5 p.
# Equal when 0.1 = 0.3 p, so p = 1/3.
answer_2 = Fraction(1, 3)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real), "answer_2 should be a number: a Fraction, or a decimal"
assert abs(float(answer_2) - 1 / 3) < 0.001, ("not the offense's probability of attack 08 in the mixed equilibrium "
                                             "(within 0.001): the p that makes the DEFENSE indifferent between its "
                                             "two cards")
mixed = [e for e in theory.equilibria(macron) if not e.is_pure()]
assert len(mixed) == 1 and mixed[0].exact[0][0] == Fraction(1, 3), (
    "the library should find one mixed equilibrium of the Macron game, with the solution's probability of attack 08")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3
#
# Back to the one-ship game of section 3. A player reads that the offense's attack 08 pays
# exactly as much as its mix against the defense's equilibrium strategy, and decides to
# *always* play attack 08. The defense notices and best-responds. What does the offense get
# per encounter then? Store the number in `answer_3` (a `Fraction` or a float). Use
# `weak.row_payoffs` / `weak.col_payoffs` or the printed table.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Against an offense that always plays attack 08 the defense compares its payoffs in the
# attack 08 row: attack 06 -0.4, attack 14 -0.8, negotiate -0.5. It plays attack 06
# (6 + 4 = 10 beats 8 + 1 = 9), and the offense gets -0.7 instead of -2/15: being
# indifferent does not make a pure strategy safe once the opponent adapts.
answer_3 = Fraction(-7, 10)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number: a Fraction or a float"
assert abs(float(answer_3) - (-0.7)) < 1e-9, ("not the offense's payoff per encounter when it always plays attack 08 "
                                             "and the defense plays its best response to that")
(reply,) = theory.best_responses(weak, "col", [1, 0, 0])
assert abs(float(answer_3) - weak.row_payoffs[0, reply]) < 1e-9, (
    "the library's best response to attack 08 in the one-ship game should give the offense the solution's payoff")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 4
#
# Now the offense sends **two** ships instead of one (deals still fail). Build the game with
# `stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights, deal="fail")`, type
# its 2×2 part (rows attack 08, attack 15; columns attack 06, negotiate) into `nash.Game`,
# and find its equilibrium. Store the defense's probability of attack 06 in `answer_4`.
# Then explain in one sentence why the offense's mix is the same as with one ship.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
two_ships = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights, deal="fail")
print(two_ships)
two_A = np.array([[-0.9, 0.1], [0.15, -0.25]])
two_B = np.array([[-0.4, -0.5], [-1.2, -0.5]])
((x2, y2),) = nash.Game(two_A, two_B).support_enumeration()
print(say("two_ships_mix", offense=np.round(x2, 6), defense=np.round(y2, 6)))
# By hand: -0.9 q + 0.1 (1 - q) = 0.15 q - 0.25 (1 - q), so 0.35 = 1.4 q and q = 1/4.
# The offense still plays attack 08 with 7/8: its mix makes the defense indifferent, and
# the defense's payoffs did not change (the 08 still loses to the 06, the 15 still wins).
answer_4 = Fraction(1, 4)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_4, numbers.Real), "answer_4 should be a number: a Fraction or a float"
assert abs(float(answer_4) - 0.25) < 1e-9, ("not the defense's probability of attack 06 in the two-ship game's "
                                           "equilibrium: the q that makes the OFFENSE indifferent")
(eq4,) = theory.equilibria(stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights, deal="fail"))
assert eq4.exact == ((Fraction(7, 8), Fraction(1, 8), 0), (Fraction(1, 4), 0, Fraction(3, 4))), (
    "the library's equilibrium of the two-ship game should be the one the solution derives: the game changed")
assert abs(float(answer_4) - float(eq4.exact[1][0])) < 1e-9, (
    "the library's equilibrium of the two-ship game should give the defense's attack 06 the solution's probability")
### END HIDDEN TESTS

# %% [markdown]
# ## Summary
#
# - A simultaneous game is a table of payoff pairs; in a general-sum game the two payoffs
#   are not opposite.
# - A pure Nash equilibrium is a cell where each card is a best response to the other:
#   mark best responses, read off the cells starred twice. There may be none, one or several.
# - In a mixed equilibrium each player's probabilities make the **other** player
#   indifferent; for a 2×2 game two linear equations give them.
# - A solver (nashpy) finds the same, and the definition (no profitable deviation) checks it.
#
# Next: [Lesson 2](02_dominance_prisoners_dilemma.ipynb) looks at dominance and at
# equilibria that are bad for everybody; [Lesson 3](03_mixed_strategies_zero_sum.ipynb)
# solves zero-sum games (the duel between the two players alone) by linear programming.
