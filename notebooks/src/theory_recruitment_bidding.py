import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Recruitment as a bidding game

In Ovni's first phase the players bid for alien cards with numbered command tokens (2, 3,
4, 5, 6). This lesson turns that contest into normal-form games and solves them. The
payoffs are not typed in by hand: every cell is computed by `ovni.resolve_area`, the same
function the game engine uses to resolve a recruitment area.

1. Warm-up: the tools on three textbook games.
2. The rule as a function.
3. One area, one token each: dominance, and a prisoner's dilemma hidden in token 6.
4. One area, two tokens each: who sees what under the face-down / face-up alternation.
5. Two areas: a Colonel-Blotto cousin with mixed equilibria.
6. What hiding your tokens is worth.
7. Three areas, four tokens: what opening an area and the tie rule are worth.
8. Exercises, each with an answer that checks itself.

Equilibria are computed by [nashpy](https://nashpy.readthedocs.io), a small, tested and
maintained solver. Each equilibrium shown is then checked by `theory.is_equilibrium`,
which does not use nashpy: it applies the definition directly (no player can gain by
switching alone to any other strategy).
"""),
code("""
%matplotlib inline
from ovnilab import ovni
from ovnilab import theory as T


def num(x, digits=3):
    \"\"\"A number for printing: fractions stay exact, floats are rounded (no -0.000).\"\"\"
    if hasattr(x, "denominator"):
        return str(x)
    return f"{round(float(x), digits) + 0.0:.{digits}f}"


def show(game):
    \"\"\"Every (extreme) equilibrium of a small game, each with the independent check.\"\"\"
    for eq in T.equilibria(game):
        print(eq, "| verified:", T.is_equilibrium(game, *eq.strategies))
"""),
md("""
## 1. Warm-up: the tools on textbook games

In the *battle of the sexes*, both players want to go out together. The row player
prefers the opera, the column player prefers football, and going to different places
gives both of them 0. The game has three equilibria: two pure ones and a mixed one.
`equilibria` lists them in a fixed order. A probability prints as a fraction when the
fraction satisfies the equilibrium conditions exactly.
"""),
code("""
bos = T.battle_of_the_sexes()
print(bos)
show(bos)
"""),
md("""
`deviation_gains` measures how far a profile is from an equilibrium: for each player, how
much they would gain by switching alone to their best pure strategy. Both gains are 0
exactly at an equilibrium. Testing pure deviations is enough, because a mixed
deviation pays a weighted average of pure ones.
"""),
code("""
print("opera vs football:", *T.deviation_gains(bos, [1, 0], [0, 1]))
print("the mixed profile:", *T.deviation_gains(bos, T.equilibria(bos)[1].exact[0], T.equilibria(bos)[1].exact[1]))
pd = T.prisoners_dilemma()
print(pd)
print(T.iterated_elimination(pd).describe())
"""),
md("""
## 2. The rule as a function

The rulebook says: equal commands cancel each other (every token of a value that appears
more than once in the area is removed); of the tokens left, the highest sum wins; equal
sums go to the player who *opened* the area (placed its first token). These are the
rulebook's four worked examples, with the placements in order:
"""),
code("""
print(ovni.resolve_area([("green", 3), ("red", 5), ("blue", 5), ("yellow", 5)]))   # the three 5s cancel
print(ovni.resolve_area([("yellow", 3), ("blue", 2), ("yellow", 4), ("blue", 5)]))  # 7 = 7: the opener wins
print(ovni.resolve_area([("red", 2), ("green", 3), ("blue", 2), ("yellow", 3)]))    # everything cancels
print(ovni.resolve_area([("red", 4), ("blue", 6), ("green", 4), ("yellow", 2)]))    # the 4s cancel
"""),
md("""
For two players, `theory.area_winner(row_tokens, col_tokens, opener)` arranges the two
hands into a placement sequence, starting with the opener and alternating, and passes it
to `resolve_area`. The option `tie=` selects one of the engine's readings of the tie
rule (`ovni.AREA_TIE_RULES`). `"none"` is a what-if variant in which a tie wins nothing.
With two players, `"earliest"` and `"opener"` mean the same thing, because the opener is
part of every tie.
"""),
code("""
print(ovni.AREA_TIE_RULES)
print(T.area_winner([2, 5], [3, 4], opener="row"), T.area_winner([2, 5], [3, 4], opener="col"),
      T.area_winner([2, 5], [3, 4], tie="none"))
"""),
md("""
## 3. One area, one token each

Take a single area, two players, and one token each. The **opener** places first, and
the rulebook makes that first token face down. The **follower** places second, face up,
but cannot see the opener's value. Both therefore choose without seeing the other's
choice, which makes this a simultaneous game. Winning the card pays 1, and losing it or
nobody winning pays 0:
"""),
code("""
one = T.bidding_game(tokens_each=1)
print(one)
print(T.iterated_elimination(one, strict=False).describe())
"""),
md("""
A higher token is never worse than a lower one, and it is sometimes better: it *weakly
dominates*. Iterated elimination leaves 6 against 6, and then the two 6s cancel and
**nobody recruits**. The game is *degenerate*: many payoff ties create whole segments of
equilibria. Vertex enumeration lists their end points. In every one of them at least one
player plays the 6 for sure, and only (6, 6) uses no weakly dominated strategy.
"""),
code("""
show(one)
"""),
code("""
ax = T.heatmap(one)
ax.figure
""", FIG),
md("""
### Token 6 is spent for good

The rulebook lets each player use token 6 **once per game**. Spending it now costs you
its future use. We price that at half a card (`six_cost=0.5`). We also count a card won
by your rival against you (`lose=-1`): in a race for points, the rival's gain is your
loss.
"""),
code("""
six = T.bidding_game(tokens_each=1, lose=-1, six_cost=0.5)
print(six)
print(T.iterated_elimination(six, strict=False).describe())
show(six)
"""),
md("""
The unique equilibrium is (6, 6) with payoffs (-1/2, -1/2). Both players would do better
at (5, 5), where the tokens cancel and nobody pays anything. Keep only the strategies 5
and 6 and you have a **prisoner's dilemma** (compare its table in section 1): whatever
the other player does, the 6 pays more, so both spend it and both are worse off.
"""),
code("""
print(six.restrict(rows=[3, 4], cols=[3, 4]))
"""),
md("""
Which payoffs are right? In a **two-player** game only the difference between the scores
matters. With `zero_sum=True` each payoff becomes "mine minus yours", and two 6s that
cancel cost both players the same amount, so neither falls behind. The dilemma is real
when there are **other players**: two players burning their 6s on one card fall behind
the rest of the table. The payoffs you write down are a modelling choice, and the
answer depends on it.
"""),
code("""
show(T.bidding_game(tokens_each=1, six_cost=0.5, zero_sum=True))
"""),
md("""
## 4. One area, two tokens each: who sees what

An area holds four tokens, placed face down, face up, face down, face up. When the two
players alternate in the area (opener, follower, opener, follower):

| slot | placed by | face | who knows its value |
|---|---|---|---|
| 1 | opener | down | the opener |
| 2 | follower | **up** | both |
| 3 | opener | down | the opener |
| 4 | follower | up | both, but nobody places after it |

The opener therefore **sees the follower's first token before placing its second**. The
follower never sees any of the opener's values. (If the opener places twice in a row,
which the no-three-in-a-row rule allows, slot 2 is the opener's and face up, and the
information goes the other way.)

We model this sequential game in two versions:

* `"simultaneous"`: each player picks a pair without seeing anything (10 x 10 strategies).
  This is what the game would be if all four tokens were face down.
* `"rulebook"`: the opener's strategy is "a first token, then a planned reply to each
  token the follower might open with". That gives 5 x 4^5 = 5120 strategies against the
  follower's 20 ordered pairs. This is too large to enumerate, but it is zero-sum, so
  nashpy's minimax linear program solves it.
"""),
code("""
blind = T.bidding_game(2, "simultaneous", zero_sum=True)
rulebook = T.bidding_game(2, "rulebook", zero_sum=True)
print(blind.shape, rulebook.shape)
print(rulebook.row_labels[0])
for name, g in [("blind", blind), ("rulebook", rulebook)]:
    (eq,) = T.equilibria(g)
    print(f"{name:>8}: value {num(eq.payoffs[0])}, verified: {T.is_equilibrium(g, *eq.strategies)}")
"""),
md("""
A label such as `2 then 2>3 3>3 ...` reads: open with the 2; if the follower's face-up
token is a 2, place the 3 next; if it is a 3, place the 3; and so on. The value is 0 both
ways: seeing the follower's first token is worth nothing. The reason
is dominance again. In a single area, placing 5 and 6 is never worse than anything else,
whatever you see. The same holds when one player has already spent its 6: the player
who still holds it wins the area for sure, with or without the information.
"""),
code("""
for hands in [((2, 3, 4, 5, 6), (2, 3, 4, 5)), ((2, 3, 4, 5), (2, 3, 4, 5, 6))]:
    values = [T.value(T.bidding_game(2, info, tokens=hands[0], col_tokens=hands[1], zero_sum=True))
              for info in ("simultaneous", "rulebook")]
    print("opener", hands[0], "follower", hands[1], "-> values", [num(v) for v in values])
"""),
md("""
Information only has value when your best move depends on the other player's move. In
Ovni that happens because your tokens must be **split between areas**: each token placed
in one area is missing from the others.

## 5. Two areas: a Colonel-Blotto cousin

In *Colonel Blotto*, two generals split their troops between battlefields, and the
larger force wins each battlefield. Ovni's version has three twists: equal tokens cancel,
ties go to the area's opener, and each player owns exactly one token of each value.
Here each player places two tokens on areas A and B, at most two per area. The first
player opens A and the second opens B. Both choose blind (see section 6 for what that
assumption hides). The payoff is cards won minus cards lost.
"""),
code("""
blotto = T.allocation_game(areas=2, placed=2, zero_sum=True)
print(blotto.shape)
show(blotto)
"""),
md("""
The solution is **pure**: both players put the 5 in A and the 6 in B. It is a *saddle
point*: neither player can do better than 0 against it, so neither has a reason to
move. To take area B from the 6, the other player must cancel it with its own 6 *and*
add a token there, which leaves A to the 5. Whatever takes A instead (the 6, or tokens
summing to more than 5) leaves B to the first player's 6, because only the other 6 could
stop it. Here are the column player's best replies to "A:5 B:6":
"""),
code("""
spread = blotto.index("row", "A:5 B:6")
pure = [int(k == spread) for k in range(blotto.shape[0])]
print([blotto.col_labels[j] for j in T.best_responses(blotto, "col", pure)])
"""),
md("""
### When one player has already spent its 6

Mid-game the hands differ: token 6 leaves the game once used. Suppose the second player
has only 2-5 left. The first player now has an advantage, and the second player's best
defence is a **mixed strategy**:
"""),
code("""
asym = T.allocation_game(areas=2, placed=2, col_tokens=(2, 3, 4, 5), zero_sum=True)
print(asym.shape)
(eq,) = T.equilibria(asym)
print(eq)
print("deviation gains:", *T.deviation_gains(asym, *eq.strategies))
"""),
md("""
The first player expects 3/8 of a card more than the second. It mixes four plans: its
6 backed by a 3 or a 4 in one area (3/8 each way), or 5 and 6 in separate areas (1/8
each way). The second player mirrors this: it either concentrates two tokens in one area or
splits them. Each plan in the support is a best response to the other player's mix.
That is what makes the profile an equilibrium, and `best_responses` shows it:
"""),
code("""
r, c = eq.strategies
print("first player's best replies: ", [asym.row_labels[i] for i in T.best_responses(asym, "row", c)])
print("second player's best replies:", [asym.col_labels[j] for j in T.best_responses(asym, "col", r)])
"""),
md("""
The first player has more best replies than the four it actually plays: it is
*indifferent* among them. The mix matters only because it keeps the *other* player
indifferent. This is the central idea of mixed equilibria.
"""),
code("""
from matplotlib.figure import Figure

fig = Figure(figsize=(13, 9), layout="constrained")
left, right = fig.subfigures(1, 2, width_ratios=[2.2, 1])
T.heatmap(asym, ax=left.subplots(), annotate=False)
top, bottom = right.subplots(2, 1)
T.plot_strategy(eq, "row", ax=top)
T.plot_strategy(eq, "col", ax=bottom)
fig
""", FIG),
md("""
## 6. What hiding your tokens is worth

Suppose the first player's allocation were **visible** before the second player chose.
The second player would simply answer it, and the first player, expecting that, would
pick the plan that does best against the answer. `backward_induction` plays the game in
that order. When the answering player is indifferent, we assume it picks the answer
worst for the leader.
"""),
code("""
(eq,) = T.equilibria(asym)
r, c, first_shown = T.backward_induction(asym, leader="row")
print("first player's plan visible: ", asym.row_labels[r], "vs", asym.col_labels[c], "->", num(first_shown[0]))
print("hidden, simultaneous:        ", "value", eq.exact_payoffs[0], "=", num(eq.payoffs[0]))
r, c, second_shown = T.backward_induction(asym, leader="col")
print("second player's plan visible:", asym.row_labels[r], "vs", asym.col_labels[c], "->", num(second_shown[0]))
"""),
md("""
Whoever must show their plan first loses what the mixed strategy protected. The first
player gets 0 if its plan is visible, 3/8 when both plans are hidden, and a full card if
the second player's plan is visible. This is the textbook inequality
*maxmin <= value <= minmax* for zero-sum games.

The real rule sits in between. In every area the 1st and 3rd tokens are face down, and
the 2nd and 4th are face up, so some information reaches the later players. Because the
token that opens an area is hidden, nobody can simply answer it. The simultaneous model
ignores what the face-up tokens reveal. That is the standard Blotto simplification, and
section 4 shows how the real information structure of one area is modelled exactly.

## 7. Three areas, four tokens: opening and the tie rule

With two players, a round uses areas A-C and each player places **four** of its tokens
(the imaginary third player places four random tokens, which we leave out). We keep the
limit of two tokens per player per area, so 270 plans per player. We compare who opens
the areas and two tie rules, for three pairs of hands:
"""),
code("""
HANDS = {
    "both hold all tokens": ((2, 3, 4, 5, 6), (2, 3, 4, 5, 6)),
    "neither has the 6": ((2, 3, 4, 5), (2, 3, 4, 5)),
    "only the first has the 6": ((2, 3, 4, 5, 6), (2, 3, 4, 5)),
}
OPENERS = {"first opens A-C": ("row",) * 3, "alternate": ("row", "col", "row"), "second opens A-C": ("col",) * 3}

print(f"{'first player value':<26}" + "".join(f"{o:>18}" for o in OPENERS))
for hand, (mine, theirs) in HANDS.items():
    for tie in ("earliest", "none"):
        cells = []
        for openers in OPENERS.values():
            g = T.allocation_game(3, 4, tokens=mine, col_tokens=theirs, openers=openers, tie=tie, zero_sum=True)
            (eq,) = T.equilibria(g)
            assert T.is_equilibrium(g, *eq.strategies)
            cells.append(num(eq.payoffs[0]))
        print(f"{hand:<26}" + "".join(f"{x:>18}" for x in cells) + f"   tie={tie}")
"""),
md("""
What the table says:

* **Equal full hands:** value 0 whoever opens, under both tie rules. With a 6 on each
  side, opening areas is worth nothing in equilibrium.
* **Neither has the 6:** now the tie rule matters. Opening all three areas is worth 1/28
  of a card under the rulebook's tie-to-the-opener, and nothing once ties win nothing.
* **Only the first has the 6:** the 6 alone is worth two thirds of a card (the
  `tie=none` rows). Ties to the opener add 0.27 of a card when the stronger player opens
  every area, 0.21 when the openings alternate, and nothing when the weaker player opens
  them all. Opening matters most to the player who is already ahead.

In the real game the first player in the recruitment order (the one with the most
military) places first, so it chooses which areas it opens. The table shows one
concrete way in which that turn order is an edge.

## 8. Exercises

**Exercise 1.** In section 3, the 6 cost half a card and (6, 6) was the equilibrium.
How expensive must the 6 be before keeping it, (5, 5), becomes the equilibrium?
"""),
md("""
*Answer.* Against a 5, the 6 wins the card (1 - c instead of the 0 of a cancelled
5), and against a 6 it avoids losing (-c instead of -1). So it pays exactly when
c < 1. Above 1, keeping the 6 is strictly better and (5, 5) is the equilibrium. At
c = 1 the player is indifferent and four profiles are equilibria.
"""),
code("""
for cost in (0.5, 0.9, 1.0, 1.1, 2.0):
    eqs = T.equilibria(T.bidding_game(1, lose=-1, six_cost=cost))
    print(f"cost {cost}:", "; ".join(f"{eq.support('row')} vs {eq.support('col')}" for eq in eqs))
"""),
md("""
**Exercise 2.** In the two-area game of section 5, the second player has no 6 and the
card in area A is worth twice the card in B (`values=(2, 1)`). What does the second
player do, and what is the first player's expected advantage?
"""),
md("""
*Answer.* The second player gives up A and always plays 2 and 4 in B. That takes B
whatever the first player sends there: a 4 is cancelled, and a lone 5 loses to
2 + 4 = 6. The first player always takes A. It wins A's 2 and loses B's 1, so its
advantage is 1 card.
"""),
code("""
g = T.allocation_game(col_tokens=(2, 3, 4, 5), values=(2, 1), zero_sum=True)
(eq,) = T.equilibria(g)
print(eq)
print("verified:", T.is_equilibrium(g, *eq.strategies))
"""),
md("""
**Exercise 3.** In the symmetric two-area game of section 5 (equal hands), is
"A:6 B:5" also a safe plan for the first player? Is "A:5+6 B:-" (both big tokens in
one area)? Check with `best_responses`, then check the profile with `deviation_gains`.
"""),
md("""
*Answer.* Both are safe: each one guarantees 0. "A:5+6 B:-" wins A unless the
second player puts both its 5 and its 6 there, and then A cancels out and B stays
empty. Otherwise the second player can at best take B, one card each. A plan that
defends an area with low tokens only, such as "A:- B:2+3", is *not* safe: the answer
"A:5 B:6" takes both areas.
"""),
code("""
for plan in ("A:6 B:5", "A:5+6 B:-", "A:- B:2+3"):
    k = blotto.index("row", plan)
    pure = [int(i == k) for i in range(blotto.shape[0])]
    worst = min(blotto.row_payoffs[k])
    replies = [blotto.col_labels[j] for j in T.best_responses(blotto, "col", pure)]
    print(f"{plan:<10} guarantees {num(worst)}; best replies: {replies[:4]}{' ...' if len(replies) > 4 else ''}")
print("A:5 B:6 answers A:- B:2+3 with", num(-blotto.row_payoffs[blotto.index("row", "A:- B:2+3"), blotto.index("col", "A:5 B:6")]))
"""),
md("""
**Exercise 4.** In rock-paper-scissors, the column player mixes uniformly and the row
player plays rock 1/2, paper 1/2. Who can gain by deviating, by how much, and with
which strategy?
"""),
md("""
*Answer.* Against a uniform mix every row strategy pays 0, so the row player cannot
gain. The column player, facing rock/paper half and half, gets 0 from its uniform
mix but 1/2 from pure paper, which draws with paper and beats rock.
"""),
code("""
from fractions import Fraction as F

rps = T.rock_paper_scissors()
row_mix, col_mix = [F(1, 2), F(1, 2), 0], [F(1, 3)] * 3
print("gains (row, column):", *T.deviation_gains(rps, row_mix, col_mix))
print("column's best replies:", [rps.col_labels[j] for j in T.best_responses(rps, "col", row_mix)])
"""),
md("""
**Going further.** Everything above uses parameters of `T.bidding_game` and
`T.allocation_game`: other token hands, card values (`values=`), the cost of the 6
(`six_cost=`), who opens (`openers=`), the tie rule (`tie=`). For the full game with
its bots and thousands of simulated rounds, see `notebooks/ovni/04_what_if.ipynb`,
which compares the tie rules over whole games.
"""),
]
write(str(ROOT / "notebooks" / "theory/01_recruitment_bidding.ipynb"), cells)
