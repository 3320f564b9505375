# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 2: Dominance, iterated elimination and the prisoner's dilemma
#
# Some strategies are never worth playing, whatever the others do. Throwing them away,
# then looking again, often solves a game without computing any equilibrium. This lesson
# makes that idea precise, shows where it is safe and where the *order* of the removals
# changes the answer, and then meets the most famous game solved this way, the
# prisoner's dilemma, twice: in the textbook and in the recruitment phase of the board game
# **Ovni**, where the players bid numbered command tokens for alien cards.
#
# **Audience:** students in a first course on game theory; teachers preparing one.
#
# **Prerequisites:** [Lesson 1](01_nash_equilibrium.ipynb) (payoff tables, best responses,
# Nash equilibrium). No Ovni experience is needed: the one rule used here is explained
# where it is used ([all of Ovni's rules](../rules/ovni.ipynb)).
#
# **Objectives:** after this lesson you can
# - tell strict from weak dominance and check either from a payoff table;
# - solve a game by iterated elimination of strictly dominated strategies, by hand and with `ovnilab.theory`;
# - show on an example why the order of removal does not matter for strict dominance but can change the result for weak dominance;
# - recognise a prisoner's dilemma from the inequalities $T > R > P > S$, and find one in a real game.
#
# **Time:** one period of 50 minutes for the core; the optional parts fill a second period
# (or are read at home).
# - *Core:* section 1, dominance and iterated elimination (about 12 minutes); section 4, the
#   prisoner's dilemma (about 8); section 5 up to "The dilemma depends on both choices", the
#   dilemma in Ovni (about 10); exercises 1, 3 and 4 (about 20).
# - *Optional:* section 2, weak dominance and the order of removal (about 10 minutes);
#   section 3, one area of Ovni and exercise 2 (about 20); the end of section 5, three
#   versions of the model (about 10); the class experiment of section 6 (about 15, played at
#   the start of a period). Each is marked *optional* where it starts, and the core does not
#   depend on it.
#
# **Glossary** (Ovni is a Brazilian game; its rulebook is in Portuguese):
# *Ovni*: UFO (the game's name);
# *ficha de comando*: command token, numbered 2, 3, 4, 5 or 6, one of each per player;
# *área de recrutamento*: recruitment area, one alien card to win in each (A, B, C, D);
# *Recrutamento*: recruitment, the first phase of each round.

# %%
from fractions import Fraction

import nashpy
import numpy as np

from ovnilab import ovni, theory
from ovnilab.texts.lesson02 import say   # the sentences this lesson prints, in its language

# %% [markdown]
# ## 1. Dominance
#
# Write $u_i(s_i, s_{-i})$ for player $i$'s payoff when it plays $s_i$ and the other player
# plays $s_{-i}$. A strategy $s_i$ is **strictly dominated** by another strategy $s_i'$ when
#
# $$u_i(s_i', s_{-i}) > u_i(s_i, s_{-i}) \quad \text{for every } s_{-i},$$
#
# and **weakly dominated** when
#
# $$u_i(s_i', s_{-i}) \ge u_i(s_i, s_{-i}) \text{ for every } s_{-i}, \quad\text{with } > \text{ for at least one } s_{-i}.$$
#
# A strictly dominated strategy is never a best response, so a rational player never
# plays it and it never appears in a Nash equilibrium. If the other player knows this, it
# can cross the strategy out of the table and look again: in the smaller table, some of
# *its own* strategies may now be dominated. This is **iterated elimination of strictly
# dominated strategies**.
#
# **Worked by hand.** Each cell holds (row player's payoff, column player's payoff):
#
# | | Left | Centre | Right |
# |---|---|---|---|
# | **Up** | 3, 2 | 1, 4 | 0, 0 |
# | **Middle** | 5, 6 | 2, 1 | 3, 4 |
# | **Down** | 6, 4 | 5, 2 | 0, 2 |
#
# 1. Row player: Up pays $(3, 1, 0)$ against (Left, Centre, Right), Middle pays
#    $(5, 2, 3)$. Since $5 > 3$, $2 > 1$, $3 > 0$, **Up is strictly dominated by Middle**.
#    Column player: Right pays $(0, 4, 2)$ against (Up, Middle, Down), Left pays
#    $(2, 6, 4)$: **Right is strictly dominated by Left**. (Centre is not dominated yet:
#    against Up it pays 4, more than Left's 2 or Right's 0.)
# 2. What remains is Middle and Down against Left and Centre. Middle pays $(5, 2)$, Down pays
#    $(6, 5)$: **Middle is dominated by Down**. Centre now pays $(1, 2)$ against
#    (Middle, Down) and Left pays $(6, 4)$: **Centre is dominated by Left**.
# 3. One cell is left: **(Down, Left)**, with payoffs $(6, 4)$.
#
# The library's `iterated_elimination` removes all the row player's dominated strategies,
# then all the column player's, and repeats until nothing changes. Its order is not ours
# (once Up is gone, Centre and Right are both dominated by Left, and it removes them
# together), but it ends at the same cell.

# %%
hand = theory.NormalFormGame(
    [[3, 1, 0], [5, 2, 3], [6, 5, 0]],   # row player's payoffs
    [[2, 4, 0], [6, 1, 4], [4, 2, 2]],   # column player's payoffs
    ("Up", "Middle", "Down"), ("Left", "Centre", "Right"), say("worked_example"))
print(hand)
elimination = theory.iterated_elimination(hand)   # strict=True is the default
print(elimination.describe())
assert elimination.game.row_labels == ("Down",) and elimination.game.col_labels == ("Left",)
(eq,) = theory.equilibria(hand)   # the game has exactly one equilibrium...
assert eq.support("row") == ["Down"] and eq.support("col") == ["Left"]   # ...the survivor
print(say("only_equilibrium", equilibrium=eq))

# %% [markdown]
# The library agrees with the hand computation (the `assert` lines check it), and the
# survivor is the game's only Nash equilibrium. That is no accident: removing a strictly
# dominated strategy never removes an equilibrium, so whenever strict elimination leaves
# one cell, that cell is the unique equilibrium.
#
# ### Does the order matter?
#
# By hand we removed Up and Right "together". A student might remove Right first, or
# remove Up, then Centre, then Right... The theorem for strict dominance is that **every
# order ends in the same table**. The cell below tries every order of removing one
# dominated strategy at a time and collects the tables where each order stops (the
# function only reads payoffs; it uses `theory.dominated_strategies`, which checks
# domination by pure strategies).

# %%
def elimination_results(game, strict=True):
    """{(rows left, columns left): number of orders that end there}, over every order of
    removing one dominated strategy at a time (strict or weak dominance)."""
    paths = {}

    def orders_from(rows, cols):
        if (rows, cols) in paths:
            return paths[(rows, cols)]
        sub = game.restrict(rows=list(rows), cols=list(cols))
        dominated_rows = theory.dominated_strategies(sub, "row", strict)
        dominated_cols = theory.dominated_strategies(sub, "col", strict)
        if not dominated_rows and not dominated_cols:
            ends = {(sub.row_labels, sub.col_labels): 1}
        else:
            ends = {}
            branches = [(tuple(r for k, r in enumerate(rows) if k != i), cols) for i in dominated_rows]
            branches += [(rows, tuple(c for k, c in enumerate(cols) if k != j)) for j in dominated_cols]
            for branch in branches:
                for end, n in orders_from(*branch).items():
                    ends[end] = ends.get(end, 0) + n
        paths[(rows, cols)] = ends
        return ends

    ends = orders_from(tuple(range(game.shape[0])), tuple(range(game.shape[1])))
    return dict(sorted(ends.items()))


strict_ends = elimination_results(hand, strict=True)
for (rows, cols), n in strict_ends.items():
    print(say("orders_end" if n > 1 else "order_ends", n=n, rows=list(rows), columns=list(cols)))
assert list(strict_ends) == [(("Down",), ("Left",))]

# %% [markdown]
# ## 2. Weak dominance: the order can change the answer
#
# *Optional (see Time): about 10 minutes.*
#
# Weak dominance is tempting (why play a strategy that is never better and sometimes
# worse?), but iterated *weak* elimination has two defects: it can remove Nash equilibria,
# and **its result can depend on the order of the removals**. A small example:
#
# | | Left | Right |
# |---|---|---|
# | **Top** | 2, 3 | 0, 0 |
# | **Middle** | 2, 3 | 4, 3 |
# | **Bottom** | 0, 0 | 4, 3 |
#
# Middle pays $(2, 4)$, Top $(2, 0)$, Bottom $(0, 4)$: Middle weakly dominates both Top
# and Bottom (equal in one column, better in the other), and nothing is strictly
# dominated. Three honest ways to proceed:
#
# * **(a) remove Top first.** Against (Middle, Bottom) Left pays the column player
#   $(3, 0)$, Right pays $(3, 3)$: Right weakly dominates Left. Remove Left: Middle and
#   Bottom both pay 4. End: row in {Middle, Bottom}, column plays Right, payoffs $(4, 3)$.
# * **(b) remove Bottom first.** Now Left pays $(3, 3)$ against (Top, Middle), Right pays
#   $(0, 3)$: Left weakly dominates Right. End: row in {Top, Middle}, column plays Left,
#   payoffs $(2, 3)$.
# * **(c) remove Top and Bottom together** (what `iterated_elimination` does: all of one
#   player's dominated strategies at once). Against Middle, Left and Right both pay 3:
#   nothing more to remove. End: Middle against {Left, Right}; the row player gets 2 or 4.
#
# The row player's payoff is 4, 2, or undecided, depending only on the bookkeeping.

# %%
weak = theory.NormalFormGame(
    [[2, 0], [2, 4], [0, 4]],
    [[3, 0], [3, 3], [0, 3]],
    ("Top", "Middle", "Bottom"), ("Left", "Right"), say("weak_dominance"))
print(weak)
print(say("strictly_dominated", rows=theory.dominated_strategies(weak, "row"), columns=theory.dominated_strategies(weak, "col")))
print(theory.iterated_elimination(weak, strict=False).describe())
weak_ends = elimination_results(weak, strict=False)
for (rows, cols), n in weak_ends.items():
    print(say("orders_end" if n > 1 else "order_ends", n=n, rows=list(rows), columns=list(cols)))
assert set(weak_ends) == {
    (("Middle", "Bottom"), ("Right",)),   # (a)
    (("Top", "Middle"), ("Left",)),       # (b)
    (("Middle",), ("Left", "Right")),     # (c)
}
assert theory.iterated_elimination(weak, strict=False).game.row_labels == ("Middle",)
assert not theory.dominated_strategies(weak, "row") and not theory.dominated_strategies(weak, "col")

pure_equilibria = [(r, c) for i, r in enumerate(weak.row_labels) for j, c in enumerate(weak.col_labels)
                   if theory.is_equilibrium(weak, np.eye(3)[i], np.eye(2)[j])]
print(say("pure_equilibria", cells=pure_equilibria))
assert pure_equilibria == [("Top", "Left"), ("Middle", "Left"), ("Middle", "Right"), ("Bottom", "Right")]
for rows, cols in weak_ends:   # each end keeps two of the four
    assert len([(r, c) for r, c in pure_equilibria if r in rows and c in cols]) == 2
    end = weak.restrict(rows=[weak.index("row", r) for r in rows], cols=[weak.index("col", c) for c in cols])
    for e in theory.equilibria(end):   # an equilibrium of the reduced table is one of the full game
        x = [e.row[rows.index(r)] if r in rows else 0 for r in weak.row_labels]
        y = [e.col[cols.index(c)] if c in cols else 0 for c in weak.col_labels]
        assert theory.is_equilibrium(weak, x, y)

# %% [markdown]
# The three hand results are exactly the three places where the orders can stop (the
# asserts check it). The full game has four pure equilibria; each order keeps two of them
# and loses the other two. What *is* guaranteed: an equilibrium of the reduced table is
# still an equilibrium of the full game.
#
# **Summary.**
#
# | | strict dominance | weak dominance |
# |---|---|---|
# | removes a Nash equilibrium? | never | possibly |
# | result depends on the order? | no | possibly |
# | a single surviving cell is... | the unique equilibrium | an equilibrium (maybe not the only one) |
#
# ## 3. In Ovni: one area, one token each
#
# *Optional (see Time): about 20 minutes with exercise 2. Exercise 1, after this section's
# last cell, belongs to the core: it practises section 1.*
#
# In Ovni's recruitment phase each player owns five command tokens, numbered 2 to 6, and
# places them on areas to win the alien card shown there. The rulebook resolves an area
# so: **equal numbers cancel** (all tokens of a value that appears more than once are removed),
# then the **highest sum wins**, and equal sums go to the player who **opened** the area
# (placed its first token). `ovni.resolve_area` is the engine's function for this rule.
#
# Take one area and one token each. The *opener*'s token is face down, so the *follower*
# chooses without seeing it: a simultaneous game. Winning the card pays 1, anything else
# pays 0. `theory.bidding_game` builds the table by calling the engine's rule in every
# cell.

# %%
print(say("resolve", five=ovni.resolve_area([("opener", 5), ("follower", 5)]),
          six=say.word(ovni.resolve_area([("opener", 6), ("follower", 5)]))))
one = theory.bidding_game(tokens_each=1)
print(one)
for who in ("row", "col"):
    assert theory.dominated_strategies(one, who, strict=False) == {0: 1, 1: 2, 2: 3, 3: 4}   # each by the next
    assert theory.dominated_strategies(one, who, strict=True) == {}                        # none strictly

# %% [markdown]
# **By hand.** For the opener, 6 against 5: both win against the follower's 2, 3 and 4;
# against the follower's 5, the 6 wins (1) and the 5 cancels (0); against the 6, the 6
# cancels and the 5 loses (0 both). So 6 weakly dominates 5, and likewise each token weakly
# dominates the one below it. No token is *strictly* dominated, because against the other
# player's 6 every token pays 0. The same holds for the follower. Weak elimination, then:
# but in which order?
#
# * **Row player first** (the library's order): the opener's 2, 3, 4, 5 go. Against a
#   lone 6 every follower token pays 0, so nothing else is dominated: **6 against anything**.
# * **Both players at once**, round after round: both lose 2-5 in the first round:
#   **6 against 6**, and the two 6s cancel.
# * **One strategy at a time**, in some order: to remove the opener's 5 you need the
#   follower's 5 still there (it is the only follower token against which the 6 does
#   better than the 5), and the other way round, so no such order removes both 5s: it never
#   reaches 6 against 6.

# %%
def weak_elimination_both_at_once(game):
    """Remove the weakly dominated strategies of both players together, until none is left."""
    rows, cols = list(range(game.shape[0])), list(range(game.shape[1]))
    while True:
        sub = game.restrict(rows=rows, cols=cols)
        dr = theory.dominated_strategies(sub, "row", strict=False)
        dc = theory.dominated_strategies(sub, "col", strict=False)
        if not dr and not dc:
            return sub.row_labels, sub.col_labels
        rows = [r for k, r in enumerate(rows) if k not in dr]
        cols = [c for k, c in enumerate(cols) if k not in dc]


row_first = theory.iterated_elimination(one, strict=False).game
print(say("row_first", rows=row_first.row_labels, columns=row_first.col_labels))
both = weak_elimination_both_at_once(one)
print(say("both_at_once", rows=both[0], columns=both[1]))
one_at_a_time = elimination_results(one, strict=False)
print(say("one_at_a_time", n=len(one_at_a_time), six_six=(("6",), ("6",)) in one_at_a_time))
assert row_first.row_labels == ("6",) and row_first.col_labels == ("2", "3", "4", "5", "6")
assert both == (("6",), ("6",))
assert (("6",), ("6",)) not in one_at_a_time and len(one_at_a_time) > 2
assert all("5" in rows or "5" in cols for rows, cols in one_at_a_time)   # a 5 always survives

# %% [markdown]
# Three procedures, three answers. When someone says "iterated weak elimination gives
# this", ask *in which order*.
#
# ### Exercise 1 (pen and paper)
#
# Solve this game by iterated elimination of strictly dominated strategies. Store the
# surviving cell as a pair of labels, e.g. `answer_1 = ("Top", "Left")`.
#
# | | Left | Centre | Right |
# |---|---|---|---|
# | **Top** | 5, 1 | 3, 4 | 5, 3 |
# | **Middle** | 1, 0 | 4, 5 | 4, 0 |
# | **Bottom** | 1, 0 | 3, 1 | 2, 5 |

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Column player: Left pays (1, 0, 0) against (Top, Middle, Bottom), Centre pays (4, 5, 1):
# Left is strictly dominated by Centre. Nothing of the row player's is dominated yet.
# Row player, against (Centre, Right): Top (3, 5), Middle (4, 4), Bottom (3, 2):
# Bottom is strictly dominated by Middle (3 < 4, 2 < 4).
# Column player, against (Top, Middle): Centre (4, 5), Right (3, 0): Right goes.
# Row player, against Centre alone: Top 3 < Middle 4: Top goes.
# What survives: (Middle, Centre), payoffs (4, 5).
answer_1 = ("Middle", "Centre")
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_ex1 = theory.NormalFormGame([[5, 3, 5], [1, 4, 4], [1, 3, 2]], [[1, 4, 3], [0, 5, 0], [0, 1, 5]],
                             ("Top", "Middle", "Bottom"), ("Left", "Centre", "Right"))
_left = theory.iterated_elimination(_ex1).game
assert (_left.row_labels, _left.col_labels) == (("Middle",), ("Centre",)), (   # the library agrees
    "the library's iterated elimination should leave the solution's cell of the table")
assert list(elimination_results(_ex1)) == [(("Middle",), ("Centre",))], (     # in every order
    "the lesson's elimination_results should leave the solution's cell, and only it, in every order of removal")


def _label(text):   # "middle", " MIDDLE " and "Middle" name one strategy, and "Center" is "Centre"
    words = " ".join(str(text).split()).capitalize()
    return {"Center": "Centre"}.get(words, words)


try:
    _row, _col = (_label(x) for x in answer_1)
except (TypeError, ValueError):
    raise AssertionError('answer_1 should be one cell, a pair (row label, column label), e.g. ("Top", "Left")') from None
assert _row in _ex1.row_labels, f"{_row!r} is not a row of the table; its rows are {_ex1.row_labels}"
assert _col in _ex1.col_labels, f"{_col!r} is not a column of the table; its columns are {_ex1.col_labels}"
assert (_row, _col) == ("Middle", "Centre"), ("not the cell that iterated elimination of strictly dominated "
                                              "strategies leaves: check each removal against every strategy of the "
                                              "other player still in the table")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# In the one-area Ovni game above, eliminate weakly dominated strategies **column player
# first**: all of the follower's weakly dominated tokens at once, then all of the
# opener's, and so on until nothing changes. Which tokens are left? Store them as
# `answer_2 = (opener's tokens, follower's tokens)`, each a set of strings, e.g.
# `({"2", "3"}, {"6"})`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The follower's tokens 2, 3, 4, 5 are each weakly dominated by the next one up (the same
# argument as for the opener), so all four go at once and the follower keeps only the 6.
# Against a lone 6 every opener token pays 0 (it cancels or loses), so no opener token
# is dominated any more: all five stay. The mirror image of the row-first result.
answer_2 = ({"2", "3", "4", "5", "6"}, {"6"})
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
try:   # tokens as strings or as numbers: "6" and 6 name one token
    _opener, _follower = ({str(t).strip() for t in tokens} for tokens in answer_2)
except (TypeError, ValueError):
    raise AssertionError('answer_2 should be a pair of sets (opener\'s tokens, follower\'s tokens), '
                         'e.g. ({"2", "3"}, {"6"})') from None
assert _follower == {"6"}, ("not the follower's tokens that are left: the follower's weakly dominated tokens all go "
                            "first, at once")
assert _opener == {"2", "3", "4", "5", "6"}, ("not the opener's tokens that are left: after the follower's removal, "
                                             "check which opener tokens are still weakly dominated")
# the library, column player first: swap the players' roles and eliminate row-first
_swapped = theory.NormalFormGame(one.col_payoffs.T, one.row_payoffs.T, one.col_labels, one.row_labels)
_left = theory.iterated_elimination(_swapped, strict=False).game
assert (set(_left.col_labels), set(_left.row_labels)) == (_opener, _follower), (
    "the library's iterated weak elimination, follower first, should leave the solution's tokens")
### END HIDDEN TESTS

# %% [markdown]
# ## 4. The prisoner's dilemma
#
# Two suspects are questioned apart. Each can stay silent (*cooperate* with the other) or
# testify (*defect*). In symbols, with the row player's payoff first:
#
# | | cooperate | defect |
# |---|---|---|
# | **cooperate** | $R, R$ | $S, T$ |
# | **defect** | $T, S$ | $P, P$ |
#
# $R$ is the *reward* for mutual cooperation, $P$ the *punishment* for mutual defection,
# $T$ the *temptation* to defect alone, $S$ the *sucker's* payoff. The game is a
# **prisoner's dilemma** when
#
# $$T > R > P > S.$$
#
# **By hand.** Against cooperate, defect pays $T$ and cooperate pays $R < T$. Against
# defect, defect pays $P$ and cooperate pays $S < P$. So defect **strictly dominates**
# cooperate, for both players (the table is symmetric). Strict elimination leaves
# (defect, defect) with $(P, P)$, the unique Nash equilibrium. Yet $R > P$: both players
# would rather be at (cooperate, cooperate). Each player's individually rational choice
# makes both worse off; that is the dilemma.
#
# With $R = 3$, $S = 0$, $T = 5$, $P = 1$, type the game into `nashpy` yourself, one
# matrix per player:

# %%
A = np.array([[3, 0],    # row player: (cooperate, cooperate), (cooperate, defect)
              [5, 1]])   #             (defect, cooperate),    (defect, defect)
B = np.array([[3, 5],    # column player, same cells
              [0, 1]])
dilemma = nashpy.Game(A, B)
found = [(row.tolist(), col.tolist()) for row, col in dilemma.support_enumeration()]
print(dilemma)
print(say("nashpy_equilibria", found=found))

# %% [markdown]
# Now the library's textbook prisoner's dilemma and its elimination, and a small function
# that reads $R, S, T, P$ off any symmetric 2×2 table (first strategy = cooperate) and
# tests the four inequalities:

# %%
def letters(game):
    """R, S, T, P of a symmetric 2x2 game whose first strategy is 'cooperate'."""
    a, b = game.row_payoffs, game.col_payoffs
    assert game.shape == (2, 2) and np.array_equal(a, b.T), "a symmetric 2x2 game"
    return {"R": a[0, 0], "S": a[0, 1], "T": a[1, 0], "P": a[1, 1]}


def is_prisoners_dilemma(game):
    x = letters(game)
    return bool(x["T"] > x["R"] > x["P"] > x["S"])


pd = theory.prisoners_dilemma()
print(pd)
print(theory.iterated_elimination(pd).describe())
print(say("letters", letters={k: float(v) for k, v in letters(pd).items()}, verdict=is_prisoners_dilemma(pd)))
(pd_eq,) = theory.equilibria(pd)
assert np.array_equal(pd.row_payoffs, A) and np.array_equal(pd.col_payoffs, B)   # the same game
assert found == [([0.0, 1.0], [0.0, 1.0])]                                      # nashpy: (defect, defect)
assert pd_eq.support("row") == pd_eq.support("col") == ["defect"]                # the library agrees
assert theory.iterated_elimination(pd).game.row_labels == ("defect",)            # and elimination
assert is_prisoners_dilemma(pd)

# %% [markdown]
# Hand, `nashpy` and the library agree: one equilibrium, (defect, defect).
#
# ## 5. The same dilemma in Ovni: spending the 6
#
# The rulebook lets each player use its token **6 once per game**; after that it leaves
# the game. Spending it now costs its future use. The table below rests on two choices,
# said here and compared with the alternatives after the table:
#
# 1. **A reading of the rules: a cancelled 6 is spent.** The rulebook says equal commands
#    cancel "e são devolvidos aos jogadores" (and go back to the players); ovnilab's engine
#    reads this as "the token goes back, but the 6 was used" (its default; the rules notebook
#    gives the reasons), and offers the other reading as `ovni.Rules(cancelled_six_returns=True)`.
# 2. **The payoffs, a model:** price the spent 6 at $c$ of a card, and count a card won by
#    the rival as $-1$ for you (the rival pulls ahead of you). The rival's spent 6 is *not*
#    counted as a gain for you: at a table of three or more, the rival's weaker future
#    helps every other player, not only you, and the model sets your share of it to 0.
#
# Keep to tokens 5 and 6 in one area:
#
# * 5 against 5: the 5s cancel, nobody wins, nobody pays: $(0, 0)$.
# * 6 against 5: the 6 wins: $(1 - c,\ -1)$; and 5 against 6 is the mirror image.
# * 6 against 6: the 6s cancel, nobody wins, both paid: $(-c, -c)$.
#
# Reading "keep the 5" as cooperate and "spend the 6" as defect: $R = 0$, $T = 1 - c$,
# $P = -c$, $S = -1$. With $c = \tfrac12$: $T = \tfrac12 > R = 0 > P = -\tfrac12 > S = -1$,
# a prisoner's dilemma. `bidding_game` builds the full 5×5 table from the engine's rule;
# we restrict it to the 5 and the 6:

# %%
six = theory.bidding_game(tokens_each=1, lose=-1, six_cost=0.5)
print(six)
print(theory.iterated_elimination(six).describe())
keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])   # tokens 5 and 6
print(keep_or_spend)
print(say("letters", letters={k: float(v) for k, v in letters(keep_or_spend).items()},
          verdict=is_prisoners_dilemma(keep_or_spend)))
assert letters(keep_or_spend) == {"R": 0, "S": -1, "T": 0.5, "P": -0.5}   # the hand values
assert is_prisoners_dilemma(keep_or_spend)
(six_eq,) = theory.equilibria(six)
assert six_eq.support("row") == six_eq.support("col") == ["6"] and six_eq.exact_payoffs == (Fraction(-1, 2),) * 2
assert theory.iterated_elimination(six).game.row_labels == ("6",)
assert six.row_payoffs[3, 0] == 1 and six.row_payoffs[4, 0] == 0.5   # against a 2: the 5 pays 1, the 6 pays 1/2
# one order of strict elimination: the 2, 3 and 4 of each player, alternately
stage = six
for who, label in [("row", "2"), ("col", "2"), ("row", "3"), ("col", "3"), ("row", "4"), ("col", "4")]:
    k = stage.index(who, label)
    assert k in theory.dominated_strategies(stage, who), (who, label)
    own = stage.payoffs(who) if who == "row" else stage.payoffs(who).T   # one row per own token
    assert (own[stage.index(who, "6")] > own[k]).all(), (who, label)   # dominated by the 6 itself
    keep = [i for i in range(len(stage.labels(who))) if i != k]
    stage = stage.restrict(rows=keep) if who == "row" else stage.restrict(cols=keep)
assert stage.row_labels == stage.col_labels == ("5", "6")

# %% [markdown]
# In the full 5×5 game the 6 is *not* dominant: against the follower's 2, the 5 wins too
# and costs nothing, so it pays 1 where the 6 pays $\tfrac12$. But one order of strict
# elimination removes the 2, 3 and 4 of each player, alternately (each is strictly
# dominated by the 6 when its turn comes; the last code cell checks every step), and what
# is left is exactly the dilemma above, where the 6 dominates. The library's order is
# different; it is strict elimination, so it ends at the same place. Both players spend
# their 6, the 6s cancel, and each ends at $-\tfrac12$ where both keeping the 6 would have
# given 0.
#
# **The dilemma depends on both choices.** *(Optional from here to exercise 3, see Time:
# about 10 minutes.)* Change either one and it disappears:
#
# * *The other reading* (`cancelled_six_returns=True`): two 6s that cancel go back to their
#   owners unspent, so 6 against 6 pays $(0, 0)$, the same as 5 against 5: $R = P = 0$,
#   and spending is never worse, but mutual spending no longer hurts anybody.
# * *Other payoffs* (`zero_sum=True`): with two players only the difference between the
#   scores decides the game, so each payoff is "mine minus yours", the rival's spent 6
#   included. Two cancelling 6s then cost both players the same, neither falls behind,
#   and again $R = P = 0$.
#
# The three versions side by side, from the same library function:

# %%
versions = {
    "cancelled 6 spent, payoff as above": dict(lose=-1, six_cost=0.5),
    "cancelled 6 returns (other reading)": dict(lose=-1, six_cost=0.5, cancelled_six_returns=True),
    "cancelled 6 spent, mine minus yours": dict(six_cost=0.5, zero_sum=True),
}
verdicts = {}
for name, options in versions.items():
    g = theory.bidding_game(tokens_each=1, **options).restrict(rows=[3, 4], cols=[3, 4])
    verdicts[name] = is_prisoners_dilemma(g)
    cells = {k: float(v) for k, v in letters(g).items()}
    print(say("version", name=say.word(name), **cells, verdict=verdicts[name]))
dilemmas = [name for name, is_pd in verdicts.items() if is_pd]
print(say("only_dilemma", name=say.word(dilemmas[0])))
assert dilemmas == ["cancelled 6 spent, payoff as above"]
race = theory.bidding_game(tokens_each=1, six_cost=0.5, zero_sum=True).restrict(rows=[3, 4], cols=[3, 4])
assert letters(race)["R"] == letters(race)["P"] == 0 and not is_prisoners_dilemma(race)

# %% [markdown]
# So the dilemma in Ovni is a finding about the engine's reading *and* a payoff model that
# counts the rival's card against you but not the rival's spent 6. Both are defensible at
# a table of three or more players (a card taken by one rival is a step ahead of you; a 6
# it burns weakens it against everybody); in a two-player race the zero-sum payoff is the
# right one, and there is no dilemma. A model is a choice: state it, and check whether the
# conclusion survives the alternatives.

# %% [markdown]
# ### Exercise 3 (pen and paper)
#
# In the keep-or-spend game, for which costs $c$ of the 6 is it a prisoner's dilemma?
# The answer is an open interval $a < c < b$: store it as `answer_3 = (a, b)` (use
# `Fraction` or integers).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# R = 0, T = 1 - c, P = -c, S = -1.
# T > R  <=>  1 - c > 0  <=>  c < 1;   R > P  <=>  0 > -c  <=>  c > 0;   P > S  <=>  -c > -1  <=>  c < 1.
# So 0 < c < 1. At c = 0 the 6 is free (R = P: both end at 0 either way, no dilemma).
# At c = 1 winning the card with the 6 is worth exactly what the 6 costs (T = R): each
# player is indifferent between 5 and 6 whatever the other does, and every mix of 5 and 6
# for both players is an equilibrium, infinitely many. Above 1, keeping the 6 (the 5)
# strictly dominates and (5, 5) is the unique equilibrium.
answer_3 = (Fraction(0), Fraction(1))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
try:
    _a, _b = (float(x) for x in answer_3)
except (TypeError, ValueError):
    raise AssertionError("answer_3 should be a pair of numbers (a, b), the ends of the open interval a < c < b") from None
assert (_a, _b) == (0, 1), ("not the interval of costs c where the game is a prisoner's dilemma: write T, R, P and S "
                            "as functions of c and solve T > R > P > S")
for _k in range(-4, 13):   # c from -1/2 to 3/2 in steps of 1/8: the library's tables agree
    _c = Fraction(_k, 8)
    _g = theory.bidding_game(1, lose=-1, six_cost=float(_c)).restrict(rows=[3, 4], cols=[3, 4])
    assert is_prisoners_dilemma(_g) == (_a < _c < _b), (
        f"at c = {_c} the library's bidding table should be a prisoner's dilemma exactly when c is inside the "
        "solution's interval")
# at c = 1 the equilibria of the full 5x5 game are exactly the mixes of 5 and 6: check members
_g1 = theory.bidding_game(1, lose=-1, six_cost=1.0)
for _p in (0, Fraction(1, 3), Fraction(1, 2), 1):
    for _q in (0, Fraction(1, 4), 1):
        assert theory.is_equilibrium(_g1, [0, 0, 0, 1 - _p, _p], [0, 0, 0, 1 - _q, _q]), (
            f"at c = 1 every mix of the bids 5 and 6 should be an equilibrium of the full 5x5 game (the solution's "
            f"remark), but 6 with probability {_p} against 6 with probability {_q} is not")
assert not theory.is_equilibrium(_g1, [0, 0, Fraction(1, 2), 0, Fraction(1, 2)], [0, 0, 0, 0, 1]), (
    "at c = 1 a half-and-half mix of the bids 4 and 6 against a sure 6 should not be an equilibrium of the full game")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 4
#
# Which of these symmetric games are prisoner's dilemmas? Each row gives $(R, S, T, P)$,
# the first strategy being cooperate. Store the letters as a set, e.g. `{"a", "b"}`.
# You may use `is_prisoners_dilemma` or `nashpy`.
#
# | game | $R$ | $S$ | $T$ | $P$ |
# |---|---|---|---|---|
# | a | 4 | 0 | 6 | 1 |
# | b | 5 | 0 | 3 | 2 |
# | c | 3 | 1 | 4 | 0 |
# | d | 2 | −1 | 3 | 0 |
# | e | 1 | 0 | 3 | 2 |

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# a: 6 > 4 > 1 > 0, yes.
# b: T = 3 < R = 5 (a "stag hunt": two pure equilibria, no dominant strategy), no.
# c: S = 1 > P = 0 (a "chicken" game), no.
# d: 3 > 2 > 0 > -1, yes.
# e: P = 2 > R = 1: defect dominates, but no cell gives both players more than
#    (defect, defect) does (the best symmetric cell), so there is no dilemma, no.
answer_4 = {"a", "d"}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
_games = {"a": (4, 0, 6, 1), "b": (5, 0, 3, 2), "c": (3, 1, 4, 0), "d": (2, -1, 3, 0), "e": (1, 0, 3, 2)}
_pds = set()
for _name, (_R, _S, _T, _P) in _games.items():
    _g = theory.NormalFormGame([[_R, _S], [_T, _P]], [[_R, _T], [_S, _P]], ("cooperate", "defect"), ("cooperate", "defect"))
    if is_prisoners_dilemma(_g):
        _pds.add(_name)
        (_eq,) = theory.equilibria(_g)   # and then defect/defect is the only equilibrium
        assert _eq.support("row") == ["defect"] and _R > _P, (
            "in a prisoner's dilemma of the table the library should find defect/defect as the only equilibrium, "
            "and R > P")
assert _pds == {"a", "d"}, "the lesson's is_prisoners_dilemma should pick the solution's games of the table"
try:   # "A", " a " and "game a" name one game
    _chosen = {str(x).strip().lower().removeprefix("game").strip() for x in answer_4}
except TypeError:
    raise AssertionError('answer_4 should be a set of letters, e.g. {"a", "b"}') from None
assert _chosen <= set(_games), f"{sorted(_chosen - set(_games))}: not a game of the table (a, b, c, d, e)"
assert _chosen <= _pds, f"{sorted(_chosen - _pds)}: not a prisoner's dilemma, T > R > P > S fails"
assert _chosen == _pds, "a prisoner's dilemma of the table is missing: check T > R > P > S for each game"
# the remarks in the solution: b has the two pure equilibria, e has defect dominant with P > R
_b = theory.NormalFormGame([[5, 0], [3, 2]], [[5, 3], [0, 2]])
assert ([(_q.support("row"), _q.support("col")) for _q in theory.equilibria(_b) if _q.is_pure()]
        == [(["r0"], ["c0"]), (["r1"], ["c1"])]), (
    "game b should have the two pure equilibria of the solution's remark, cooperate/cooperate and defect/defect")
_e = theory.NormalFormGame([[1, 0], [3, 2]], [[1, 3], [0, 2]])
assert theory.dominated_strategies(_e, "row") == {0: 1}, (
    "in game e the library should find cooperate dominated by defect, as the solution's remark says")
assert not any(_e.row_payoffs[i, j] > 2 and _e.col_payoffs[i, j] > 2 for i in range(2) for j in range(2)), (
    "in game e no cell should give both players more than defect/defect does, as the solution's remark says")
### END HIDDEN TESTS

# %% [markdown]
# ## 6. Play it first: the class as data
#
# *Optional (see Time): about 15 minutes (5 to join and read the rules, 5 for five rounds of
# about a minute each, 5 to read the results here); nothing else in the lesson depends on
# it.* Play at the **start** of the period, before section 4, so that the choices are the
# students' own and not the lesson's answer; read the results here, once the dilemma is
# known.
#
# **In class.** In a notebook (`make lab`), the teacher opens section 5's keep-or-spend game
# as a class experiment:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("bidding", rounds=5, matching="strangers", decision_seconds=60)
# exp            # the projector view: join code, who joined, the live choices
# exp.start()
# ```
#
# The students open the class page served by `make play HOST=0.0.0.0` on their own phones or
# laptops, choose **Join a class game** and type the code and a name. What they are told: the
# rules and payoffs in the paragraph the next cell prints, and a table of their own payoffs
# (their token against the other's); after each round, the other's token and their payoff.
# Nobody is told the equilibrium. Each of the five rounds pairs every student with an
# opponent they have not met before (*perfect strangers*: a round-robin schedule, so five
# rounds need a class of at least six, or five with a bot as the sixth seat) and gives each
# student 60 seconds to place a token (keep the 6 by playing the 5, or spend the 6); a
# student who runs out of time gets a bot's choice from the equilibrium, recorded as
# `timeout` and left out of the analysis. The projector keeps the equilibrium off the screen
# until the teacher presses **show the equilibrium** (once section 5 has solved the game).
# After the rounds the class's table, one row per student per round, is `exp.results()` in
# the notebook that opened the experiment, or `classroom.room("ABC123").results()` in any
# notebook (this one too), with the code the projector shows. To keep it for a later period:
# `results.to_csv("period1.csv")`; later, `experiments.Results.from_csv("period1.csv")`
# reads it back.
#
# **Here: a SIMULATED class, not real students**, so that the notebook runs without a class.
# The cell below loads `data/classroom/bidding_simulated.csv`: 24 simulated students, 5
# rounds, perfect strangers. Each is a *logit fictitious player*: it expects its opponent to
# play like the opponents it has met so far, and picks each token with probability
# proportional to $e^{4u}$, $u$ the token's expected payoff (a noisy best response; how the
# file was made: `data/classroom/README.md`). In class, `classroom.room(CODE).results()`
# gives the same table and every cell below runs on it unchanged.

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("bidding")   # the simulated class described above
results = recorded                                # in class: classroom.room(CODE).results()
experiment = experiments.get("bidding")           # section 5's keep-or-spend game
assert experiment.game.row_payoffs.tolist() == keep_or_spend.row_payoffs.tolist()
assert experiment.game.col_payoffs.tolist() == keep_or_spend.col_payoffs.tolist()
assert experiment.solution.exact == ((0, 1), (0, 1))   # its only equilibrium: both spend the 6
made = experiments.DATA_SETS["bidding_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# every student plays every round: each round's table has one choice per student
by_round = experiments.choice_shares(results, experiment, 0, by_round=True)
print(by_round)   # "5": kept the 6; "6": spent it
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.2, 3.6), layout="constrained")
experiments.plot_choices(results, experiment, ax=ax)   # each token's share per round, 95% Wilson intervals
plt.show()

# %%
import math

# one choice per student: their first round, then their last
tests = experiments.equilibrium_tests(results, experiment, rounds=("first", "last"), within_support=False)
print(tests, end="\n\n")
fits = {t["rounds"]: t["fit"] for t in tests}
# the simulated students' model: the 6 pays 1/2 more than the 5 against anything, so in every
# round each keeps the 6 with probability 1 / (1 + e^(4 x 1/2))
gain = keep_or_spend.row_payoffs[1] - keep_or_spend.row_payoffs[0]
keep = 1 / (1 + math.exp(experiments.DEFAULT_PRECISION * gain[0]))
kept = [r["count"] for r in by_round if r["strategy"] == "5"]
n = made["n_students"]
print(say("model", exponent=experiments.DEFAULT_PRECISION * gain[0], keep=keep, expected=n * keep, n=n))
print(say("kept", kept=", ".join(map(str, kept)), n=n, rounds=len(kept)))
print(say("no_one", n=n, keep=keep, p=(1 - keep) ** n))
if results is recorded:   # the text below describes the simulated class
    assert gain.tolist() == [0.5, 0.5] and round(keep, 3) == 0.119
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert fits["first"].from_rounds == {1: n} and fits["last"].from_rounds == {made["rounds"]: n}
    assert fits["first"].observed["5"] > 0 and fits["first"].pvalue == 0 == tests.row(rounds="first")["holm_p"]
    assert kept[-1] == 0 and fits["last"].pvalue == 1 and 0.04 < (1 - keep) ** n < 0.06   # "about 5%"

# %% [markdown]
# **The tests.** With a pure equilibrium the exact multinomial test (Lesson 1, section 5,
# explains it with the Wilson interval and Holm's adjustment) is all or nothing: one kept 6
# is impossible if everyone spends it (p = 0), and p = 1 only when nobody keeps it. Read it
# with the counts, their Wilson intervals and the figure, round by round. It takes one
# choice per student (here everyone plays every round, so the first is round 1 and the last
# is round 5), because a student's five choices are not five independent draws. Two tests
# on one class, so the p-values are Holm-adjusted. The test still assumes that students
# choose independently of each other: new opponents every round (the first cell counts the
# meetings with an opponent met before) make that plausible, not certain.
#
# **What the model and the simulated class show.** The test rejects the equilibrium in the
# first round (some students kept the 6) and not in the last (nobody did). That is not
# learning. In the model, the 6 pays exactly $\tfrac12$ more than the 5 whatever the other
# player does, so a simulated student's beliefs change nothing: every choice, in every
# round, keeps the 6 with the same probability $1/(1+e^{4 \cdot 1/2}) = 1/(1+e^2)$, the
# number printed above. The rounds' counts scatter around the expected count by chance,
# and the last round's zero is an event of about 5% (the last line above). **A real class
# often behaves differently.** In laboratory prisoner's dilemmas many people cooperate
# (here: keep the 6), out of fairness, trust or hope that the other does too; cooperation
# usually declines over the rounds when opponents change. The same cells show the class's
# own rounds: how many kept the 6 in each, with an interval, and whether the last round
# still rejects the equilibrium.

# %% [markdown]
# ## What next
#
# * [Lesson 3](03_mixed_strategies_zero_sum.ipynb): when no strategy is dominated and
#   players must mix, and the linear program of a zero-sum game.
# * [Ovni's recruitment as a bidding game](../explore/ovni_recruitment_bidding.ipynb):
#   two areas as a cousin of Colonel Blotto, what hiding your tokens is worth, and what
#   opening an area and the tie rule are worth.
