# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Ovni's recruitment as a bidding game
#
# **For:** curious students who have met dominance and zero-sum games
# ([Lesson 2](../lessons/02_dominance_prisoners_dilemma.ipynb),
# [Lesson 3](../lessons/03_mixed_strategies_zero_sum.ipynb)), and designers who want to
# know what the recruitment rules reward. Not a lesson: no exercises, just results, each
# one checked by an `assert` or printed from the computation.
#
# In the first phase of every round of *Ovni*, the players bid for alien cards with five
# numbered command tokens (2, 3, 4, 5, 6, one of each). This notebook turns that contest
# into normal-form games and solves them. No payoff is typed in by hand: every cell of
# every table comes from `ovni.resolve_area`, the function the game engine uses to
# resolve a recruitment area ([the rules](../rules/ovni.ipynb)).
#
# 1. The rule as a function.
# 2. One area, two tokens each: who sees what.
# 3. Two areas: a cousin of Colonel Blotto, with pure and mixed solutions.
# 4. What hiding your tokens is worth.
# 5. Three areas, four tokens: what opening an area and the tie rule are worth, and what
#    the model leaves out (the third player of the two-player game).
#
# Equilibria come from [nashpy](https://nashpy.readthedocs.io) through `ovnilab.theory`;
# each one is re-checked by `theory.is_equilibrium`, which applies the definition
# directly. In a zero-sum game the solver returns *one* optimal strategy per player; where
# a sentence says which plans are optimal, a linear program (below) finds *all* of them.
#
# **How long it runs:** about 15 seconds.
#
# **Glossary:** *Ovni*: UFO (the game's name); *ficha de comando*: command token;
# *área de recrutamento*: recruitment area (A, B, C; D only with four players);
# *Militares*: military aliens (who has most places first); *Verde*, *Amarelo*, *Azul*,
# *Vermelho*: green, yellow, blue, red (the players of the rulebook's examples);
# *Antáris*, *Éris*: two of the four home planets, which name the seats in section 5.

# %%
# %matplotlib inline
import itertools
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display
from scipy.optimize import linprog

from ovnilab import ovni
from ovnilab import theory as T


def num(x, digits=3):
    """A number for printing: fractions stay exact, floats are rounded (no -0.000)."""
    if isinstance(x, Fraction):
        return str(x)
    return f"{round(float(x), digits) + 0.0:.{digits}f}"


def optimal_plans(game, player):
    """Every pure plan that some optimal (minimax) strategy of ``player`` plays, in a
    zero-sum game, and the plans that are optimal on their own ("safe": they guarantee
    the value whatever the other player does).

    The optimal strategies of a zero-sum game form a polytope (all x with x.A >= v for the
    row player); one small linear program per plan asks for the most weight an optimal
    strategy can put on it."""
    v = T.value(game)
    a = np.array(game.row_payoffs)
    if player == "row":   # x . a[:, j] >= v for every column j
        a_ub, b_ub, payoff_floor = -a.T, -np.full(a.shape[1], v), a.min(axis=1)
    else:                 # a[i, :] . y <= v for every row i
        a_ub, b_ub, payoff_floor = a, np.full(a.shape[0], v), -a.max(axis=0)
    n = a_ub.shape[1]
    in_some, safe = [], []
    for k in range(n):
        goal = np.zeros(n)
        goal[k] = -1.0
        res = linprog(goal, A_ub=a_ub, b_ub=b_ub + 1e-9, A_eq=np.ones((1, n)), b_eq=[1.0],
                      bounds=[(0, None)] * n, method="highs")
        assert res.status == 0
        if -res.fun > 1e-7:
            in_some.append(game.labels(player)[k])
        if (payoff_floor[k] >= v - 1e-9) if player == "row" else (payoff_floor[k] >= -v - 1e-9):
            safe.append(game.labels(player)[k])
    return in_some, safe

# %% [markdown]
# ## 1. The rule as a function
#
# The rulebook: equal commands cancel (every token of a value that appears more than
# once in the area is removed); of the tokens left, the highest sum wins; equal sums go to
# the player who *opened* the area (placed its first token). Here are the rulebook's four
# worked examples, placements in order, with the winner the rulebook names:

# %%
examples = {
    "A": ([("green", 3), ("red", 5), ("blue", 5), ("yellow", 5)], "green"),    # the three 5s cancel
    "B": ([("yellow", 3), ("blue", 2), ("yellow", 4), ("blue", 5)], "yellow"), # 7 = 7: the opener wins
    "C": ([("red", 2), ("green", 3), ("blue", 2), ("yellow", 3)], None),       # everything cancels
    "D": ([("red", 4), ("blue", 6), ("green", 4), ("yellow", 2)], "blue"),     # the 4s cancel
}
for area, (placements, rulebook_winner) in examples.items():
    winner = ovni.resolve_area(placements)
    print(f"area {area}: {placements} -> {winner}")
    assert winner == rulebook_winner

# %% [markdown]
# For two players, `theory.area_winner(row_tokens, col_tokens, opener)` lays the two hands
# out as a placement sequence, starting with the opener and alternating, and asks
# `resolve_area`. The option `tie=` picks one of the engine's readings of the tie rule
# (`ovni.AREA_TIE_RULES`); `"none"` is a what-if variant in which a tie wins nothing. With
# two players `"earliest"` (the default) and `"opener"` agree, because the opener takes
# part in every tie; the cell checks this on every pair of hands of one or two tokens.

# %%
print(ovni.AREA_TIE_RULES)
print(T.area_winner([2, 5], [3, 4], opener="row"), T.area_winner([2, 5], [3, 4], opener="col"),
      T.area_winner([2, 5], [3, 4], tie="none"))
hands = [list(h) for k in (1, 2) for h in itertools.combinations(range(2, 7), k)]
assert all(T.area_winner(r, c, o, "earliest") == T.area_winner(r, c, o, "opener")
           for r in hands for c in hands for o in ("row", "col"))
print(f"'earliest' and 'opener' agree on all {len(hands) ** 2 * 2} two-player areas of one or two tokens each")

# %% [markdown]
# ## 2. One area, two tokens each: who sees what
#
# An area holds four tokens, placed face down, face up, face down, face up. When two
# players alternate in an area (opener, follower, opener, follower):
#
# | slot | placed by | face | who knows its value |
# |---|---|---|---|
# | 1 | opener | down | the opener |
# | 2 | follower | **up** | both |
# | 3 | opener | down | the opener |
# | 4 | follower | up | both, but nobody places after it |
#
# So the opener **sees the follower's first token before placing its second**, and the
# follower never sees the opener's values. Two models:
#
# * `"simultaneous"`: each player picks a pair without seeing anything (10 × 10 strategies),
#   as if all four tokens were face down;
# * `"rulebook"`: the opener's strategy is "a first token, then a planned reply to each
#   token the follower might show": 5 × 4⁵ = 5120 strategies against the follower's 20
#   ordered pairs. Too many to enumerate equilibria, but the game is zero-sum (payoff: my
#   cards minus yours), so the minimax linear program solves it.

# %%
blind = T.bidding_game(2, "simultaneous", zero_sum=True)
rulebook = T.bidding_game(2, "rulebook", zero_sum=True)
print(blind.shape, rulebook.shape)
print("an opener strategy of the rulebook game:", rulebook.row_labels[0])
values = {}
for name, g in [("blind", blind), ("rulebook", rulebook)]:
    (eq,) = T.equilibria(g)
    assert T.is_equilibrium(g, *eq.strategies)
    values[name] = eq.payoffs[0]
    print(f"{name:>8}: value {num(eq.payoffs[0])}, verified by the definition")
assert values == {"blind": 0.0, "rulebook": 0.0}
k56 = blind.index("row", "5+6")
assert all(np.all(blind.row_payoffs[k56] >= blind.row_payoffs[i]) for i in range(blind.shape[0]))
assert blind.row_payoffs[k56].min() == 0
print("5+6 does at least as well as every other pair against everything; worst case", num(blind.row_payoffs[k56].min()))

# %% [markdown]
# A label such as `2 then 2>3 3>3 ...` reads: open with the 2; if the follower shows a 2,
# place the 3 next; if it shows a 3, place the 3; and so on. The value is 0 both ways:
# seeing the follower's first token is worth nothing here. The reason is dominance: in a
# single area the pair 5+6 does at least as well as any other pair against anything (the
# last assert), and never loses, whatever there is to see. The same holds when one player
# has already spent its 6: the player who still holds it wins the area for sure, with or
# without the information.

# %%
for mine, theirs in [((2, 3, 4, 5, 6), (2, 3, 4, 5)), ((2, 3, 4, 5), (2, 3, 4, 5, 6))]:
    vals = [T.value(T.bidding_game(2, info, tokens=mine, col_tokens=theirs, zero_sum=True))
            for info in ("simultaneous", "rulebook")]
    print("opener", mine, "follower", theirs, "-> value blind, rulebook:", [num(v) for v in vals])
    assert vals == [1.0, 1.0] if 6 in mine else vals == [-1.0, -1.0]

# %% [markdown]
# Information has value only when your best move depends on the other player's move. In
# Ovni that happens because tokens must be **split between areas**: a token placed in one
# area is missing from the others.
#
# ## 3. Two areas: a cousin of Colonel Blotto
#
# In *Colonel Blotto* two generals split their troops between battlefields and the larger
# force wins each battlefield. Ovni's version has three twists: equal tokens cancel, ties
# go to the area's opener, and each player owns one token of each value. Here each player
# places two tokens on areas A and B, at most two per area; the first player opens A, the
# second opens B; both choose without seeing each other (section 4 prices that
# assumption). The payoff is cards won minus cards lost.

# %%
blotto = T.allocation_game(areas=2, placed=2, zero_sum=True)
(eq,) = T.equilibria(blotto)
print(blotto.shape, "| one equilibrium:", eq, "| verified:", T.is_equilibrium(blotto, *eq.strategies))
in_some, safe = optimal_plans(blotto, "row")
col_in_some, col_safe = optimal_plans(blotto, "col")
print("first player's plans in some optimal strategy:", in_some)
print("of these, safe on their own:                  ", safe)
print("second player's plans in some optimal strategy:", col_in_some)
assert T.value(blotto) == 0 and in_some == safe == col_in_some == col_safe
assert len(safe) == 4 and all("5" in p and "6" in p for p in safe) and "A:5 B:6" in safe
assert eq.is_pure()

# %% [markdown]
# The value is 0, as the symmetry suggests. The solver returned one pure equilibrium, but it
# is not the only one: the linear programs show that each player's optimal strategies are
# exactly the mixtures of four plans, and each of those four is safe on its own (it
# guarantees 0 against anything). All four place both the 5 and the 6. Take "A:5 B:6":
# to take B from the 6, the other player must cancel it with its own 6 *and* add a token
# there, which leaves A to the 5; whatever takes A instead (the 6, or tokens summing to
# more than 5) leaves B to the 6.
#
# ### When one player has already spent its 6
#
# Token 6 leaves the game once used, so mid-game the hands differ. Suppose the second
# player has only 2-5 left:

# %%
asym = T.allocation_game(areas=2, placed=2, col_tokens=(2, 3, 4, 5), zero_sum=True)
(eq,) = T.equilibria(asym)
print(asym.shape)
print("one equilibrium:", eq)
print("deviation gains:", *T.deviation_gains(asym, *eq.strategies))
row_some, row_safe = optimal_plans(asym, "row")
col_some, col_safe = optimal_plans(asym, "col")
print(f"first player: {len(row_some)} plans appear in some optimal strategy, {len(row_safe)} are safe alone")
print(f"second player: {len(col_some)} plans appear in some optimal strategy, {len(col_safe)} are safe alone")
assert eq.exact_payoffs[0] == Fraction(3, 8) and T.deviation_gains(asym, *eq.strategies) == (0, 0)
assert not row_safe and not col_safe and set(eq.support("row")) <= set(row_some)
assert set(eq.support("col")) <= set(col_some)
assert len(eq.support("row")) == len(eq.support("col")) == 4

# %% [markdown]
# The first player, who still holds the 6, is ahead by 3/8 of a card in expectation. Now
# no single plan is safe for either player: each must **mix**. The equilibrium the solver
# returned mixes four plans for each player; other optimal mixes exist, drawn from the
# larger sets of plans counted above. In any equilibrium each plan played is a best reply
# to the other player's mix, and the mix matters only because it keeps the *other* player
# from exploiting it (the picture after the next cell shows the first player's payoff
# table, blue where it gains, and the two mixes):

# %%
r, c = eq.strategies
print("first player's best replies: ", [asym.row_labels[i] for i in T.best_responses(asym, "row", c)])
print("second player's best replies:", [asym.col_labels[j] for j in T.best_responses(asym, "col", r)])
assert set(eq.support("row")) <= {asym.row_labels[i] for i in T.best_responses(asym, "row", c)}
assert set(eq.support("col")) <= {asym.col_labels[j] for j in T.best_responses(asym, "col", r)}

# %% tags=["nbval-ignore-output"]
# a figure about as wide as the notebook, so that it is shown at its size and no label is
# under 9 pt: the payoff table first, the two mixes after it
fig, ax = plt.subplots(figsize=(8, 10.5), layout="constrained")
T.heatmap(asym, ax=ax, annotate=False)
ax.tick_params(labelsize=9)
ax.set_xlabel("second player's plan (tokens in area A, in area B)", fontsize=10)
ax.set_ylabel("first player's plan (tokens in area A, in area B)", fontsize=10)
ax.set_title(ax.get_title() + " (cards won minus the second player's)", fontsize=10)
plt.show()
fig, axes = plt.subplots(1, 2, figsize=(8, 3.2), layout="constrained")
for ax, who in zip(axes, ("row", "col")):
    T.plot_strategy(eq, who, ax=ax)
    ax.tick_params(labelsize=9)
    ax.set_xlabel("probability of the plan", fontsize=10)
    ax.set_title(ax.get_title(), fontsize=10)
plt.show()

# %% [markdown]
# ### When A's card is worth twice B's
#
# Same hands (the second player has no 6), but the card in area A is worth 2 and the
# card in B is worth 1 (`values=(2, 1)`):

# %%
double = T.allocation_game(col_tokens=(2, 3, 4, 5), values=(2, 1), zero_sum=True)
(eq2,) = T.equilibria(double)
print("one equilibrium:", eq2, "| verified:", T.is_equilibrium(double, *eq2.strategies))
d_row_some, d_row_safe = optimal_plans(double, "row")
d_col_some, d_col_safe = optimal_plans(double, "col")
print("second player's plans in some optimal strategy:", d_col_some)
print("of these, safe on their own:                   ", d_col_safe)
print("first player's safe plans:", d_row_safe, f"(and {len(d_row_some)} plans appear in some optimal mix)")
assert eq2.exact_payoffs[0] == 1
assert d_col_some == d_col_safe and all(p.startswith("A:- B:") for p in d_col_safe) and len(d_col_safe) == 5
assert d_row_safe and all(p.endswith("B:-") and "6" in p for p in d_row_safe)
assert set(eq2.support("col")) <= set(d_col_safe) and len(d_row_some) > len(d_row_safe)

# %% [markdown]
# The first player's advantage is now a full card (the value 1). The second player's
# optimal strategies are exactly the mixtures of the five plans printed above: it gives
# up A and puts two tokens in B, and *which* two does not matter among those five (any of
# them, or any mix, guarantees it loses no more than 1). The solver happened to return
# one of them; "the second player always plays 2 and 4 in B" would be one correct answer
# out of infinitely many. The first player has a few safe plans (both tokens in A,
# including the 6), and many optimal mixtures besides.
#
# ## 4. What hiding your tokens is worth
#
# Go back to the two-area game where the second player has no 6. Suppose the first
# player's plan were **visible** before the second player chose: the second player would
# answer it, and the first player, expecting that, would pick the plan that does best
# against the answer. `backward_induction` plays the game in that order (an answering
# player who is indifferent picks the answer worst for the leader).

# %%
_, _, first_shown = T.backward_induction(asym, leader="row")
_, _, second_shown = T.backward_induction(asym, leader="col")
hidden = eq.exact_payoffs[0]
print("first player's plan visible:  ", num(first_shown[0]))
print("both hidden (simultaneous):   ", num(float(hidden)), f"(exactly {hidden})")
print("second player's plan visible: ", num(second_shown[0]))
assert first_shown[0] <= hidden <= second_shown[0]
assert (first_shown[0], second_shown[0]) == (0, 1)

# %% [markdown]
# The first player gets 0 if it must show its plan, 3/8 when both plans are hidden, and a
# full card if the second player must show. Whoever shows first loses what mixing
# protected: the textbook inequality *maxmin ≤ value ≤ minmax* of zero-sum games.
#
# The real rule's information lies between these extremes. In every area the 1st and 3rd
# tokens are face down and the 2nd and 4th face up, so some information reaches the later
# placements; the token
# that opens an area is hidden, so nobody can simply answer it. The simultaneous model
# ignores what the face-up tokens reveal: the usual Blotto simplification. Section 2
# modelled the real information of a single area exactly.
#
# ## 5. Three areas, four tokens: opening and the tie rule
#
# With two players, a round uses areas A-C, and each player places **four** of its own
# tokens. But there is more on the board. The rulebook's two-player variant adds an
# imaginary third player, whose command tokens the real players draw without looking and
# place themselves: the first player places one of its own tokens and then one of the
# third player's, the other player does the same, both repeat this, and then they complete
# their own placements. The engine plays exactly this (it draws each third-player token
# at random when it is placed; see `data/ovni/README.md`). The real player chooses the
# **area** of each third-player token, but not its **value**:

# %%
game = ovni.new_game(num_players=2, seed=1, setup="random")
order = [f"{game.seat_name(placer)} places {'its own' if owner == placer else 'a third-player'} token"
         for placer, owner in game.place_seq]
print("placement order:", *order, sep="\n  ")
game.apply(game.legal_actions()[0])       # the first player's own first token
third_choices = game.legal_actions()      # then it places a token of the third player
print("the first player's choices for the third player's token:", [str(a) for a in third_choices])
assert [owner == game.third for _, owner in game.place_seq].count(True) == 4
assert all(a.b is None for a in third_choices) and {a.a for a in third_choices} <= {"A", "B", "C"}

# %% [markdown]
# **What the model below leaves out.** `allocation_game` models the two real players only:
#
# * **the third player's four tokens are left out.** In the game they can cancel a real
#   token, win an area for the third player, and open an area; and where to put them is a
#   real decision of the real players, which this model does not study. This is a limit
#   of the model, not a rule of the game;
# * the choices are simultaneous (as in sections 3 and 4);
# * at most two tokens per player per area;
# * who opens each area is fixed in advance, as an assumption of each column of the table.
#   In the game it results from the placements (and the third player may open an area).
#
# Within these limits, three pairs of hands, three ways of sharing the openings, and two
# tie rules (18 zero-sum games, each solved by the linear program):

# %%
HANDS = {
    "both hold all tokens": ((2, 3, 4, 5, 6), (2, 3, 4, 5, 6)),
    "neither has the 6": ((2, 3, 4, 5), (2, 3, 4, 5)),
    "only the first has the 6": ((2, 3, 4, 5, 6), (2, 3, 4, 5)),
}
OPENERS = {"first opens A-C": ("row",) * 3, "alternate": ("row", "col", "row"),
           "second opens A-C": ("col",) * 3}
TIES = ("earliest", "none")

table, plans = {}, {}
for hand, (mine, theirs) in HANDS.items():
    for tie in TIES:
        for opening, openers in OPENERS.items():
            g = T.allocation_game(3, 4, tokens=mine, col_tokens=theirs, openers=openers, tie=tie, zero_sum=True)
            (e,) = T.equilibria(g)
            assert T.is_equilibrium(g, *e.strategies)
            table[hand, tie, opening] = e.exact_payoffs[0] if e.exact_payoffs else e.payoffs[0]
            plans[len(mine)], plans[len(theirs)] = g.shape
print("plans per player: a hand of 5 tokens has", plans[5], "and a hand of 4 tokens (no 6) has", plans[4])
print(f"{'first player value':<26}" + "".join(f"{o:>18}" for o in OPENERS))
for hand in HANDS:
    for tie in TIES:
        print(f"{hand:<26}" + "".join(f"{num(float(table[hand, tie, o])):>18}" for o in OPENERS) + f"   tie={tie}")

# %%
full = [table["both hold all tokens", t, o] for t in TIES for o in OPENERS]
no6 = {(t, o): table["neither has the 6", t, o] for t in TIES for o in OPENERS}
one6 = {(t, o): table["only the first has the 6", t, o] for t in TIES for o in OPENERS}
six_alone = one6["none", "first opens A-C"]
assert all(v == 0 for v in full)
assert all(no6["none", o] == 0 for o in OPENERS) and no6["earliest", "first opens A-C"] > 0
assert len({one6["none", o] for o in OPENERS}) == 1
assert one6["earliest", "second opens A-C"] == six_alone
extra = {o: one6["earliest", o] - six_alone for o in OPENERS}
assert extra["first opens A-C"] > extra["alternate"] > extra["second opens A-C"] == 0
display(Markdown(f"""
* **Equal full hands:** value {num(full[0])} whoever opens, under both tie rules: with a 6
  on each side, opening areas is worth nothing in equilibrium.
* **Neither has the 6:** now the tie rule matters. Opening all three areas is worth
  {num(no6["earliest", "first opens A-C"])} of a card (exactly) under the rulebook's rule,
  ties to the opener; {num(float(no6["earliest", "alternate"]))} when the openings
  alternate; nothing once ties win nothing.
* **Only the first has the 6:** the 6 alone is worth {num(six_alone)} of a card (the
  `tie=none` rows, the same for every way of opening). Ties to the opener add
  {num(float(extra["first opens A-C"]), 2)} of a card when the stronger player opens every
  area, {num(float(extra["alternate"]), 2)} when the openings alternate, and nothing when
  the weaker player opens them all: opening matters most to the player who is already
  ahead.
"""))

# %% [markdown]
# In the game the first player in the recruitment order (the one with the most
# *Militares*) places the first token of the round, so it can open an area before the
# other player; the table prices openings under the model's limits above, not the exact
# turn order with the third player's tokens.
#
# **Going further.** Everything above is a parameter of `T.bidding_game` and
# `T.allocation_game`: other hands, card values (`values=`), the cost of spending the 6
# (`six_cost=`), who opens (`openers=`), the tie rule (`tie=`). For whole games with bots
# and thousands of simulated rounds, see [what-if variants](ovni_what_if.ipynb), which
# compares the tie rules over complete games.
