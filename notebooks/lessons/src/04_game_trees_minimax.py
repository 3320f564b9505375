# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 4: Game trees, minimax and backward induction
#
# Once the deck of the cow-abduction game is shuffled, nothing is left to chance: every
# draw is fixed by the deck's order. A player who could see every card would face a
# finite two-player zero-sum game of *perfect information*. Such a game can be drawn as a
# tree and solved exactly by reasoning backwards from its end. This lesson does it by
# hand on a toy tree, then with a few lines of Python, and then with the library's solver on
# real endgames. (Whether a simple bot plays those endgames well is measured in the
# explore notebook [Bots](../explore/bots.ipynb), with tools that lessons 6 and 7 teach.)
#
# **Audience:** students in a first course on game theory or on algorithms for games;
# teachers preparing one. You do not need to know the cow game: its rules are in
# [the cow game's rules notebook](../rules/cows.ipynb), and the lesson explains what it uses.
#
# **Prerequisites:** a zero-sum game and its value ([lesson 3](03_mixed_strategies_zero_sum.ipynb)
# helps, but is not required); reading a short recursive Python function.
#
# **Objectives:** after this lesson you can
# - draw a finite game of perfect information as a game tree and solve it by *backward
#   induction* (minimax) with pen and paper;
# - read a minimax function and say why it needs *alpha-beta pruning* on real games;
# - solve a real endgame with `ovnilab.cows.endgame` and read its action values, and
#   compare a bot's move with them.
#
# **Time:** 50 minutes (about 30 min for the text and code, 20 min for the exercises).
# Nothing has to be computed before class. Run All takes under a minute on the
# development machine (2 cores); the longest cells, the searches of sections 4 and 5, take
# 5 to 15 seconds each, the others a few seconds at most (section 5's search is bounded by
# `LIBRARY_BUDGET`). Run it when you open the lesson, before the students need the
# positions.
#
# **Glossary** (the cow game's cards are Portuguese; each card has two faces):
# *Celeiro*: barn, the discard pile whose top card may be taken;
# *Mimosa*: a cow's name (the plain cow); *Bezerrinho*: little calf; *Lua Cheia*: full moon;
# *Eclipse*: eclipse; *Sol do Meio-Dia*: noon sun; *Crepúsculo*: twilight; *Curral*: corral;
# *Gêmeos*: twins (twin calves); *Fazendeiro*: farmer; *Raio Trator*: tractor beam;
# *Sonda*: probe; *Manada*: herd; *Vaca Voadora*: flying cow; *Farol*: beacon (lighthouse);
# *Boi Bravo*: angry bull; *Disco Voador*: flying saucer; *Vaca Lunar*: moon cow;
# *Estrela*: star (the name of a mother cow).
#
# **The cow game in five lines** (all this lesson uses): two players each build a pyramid
# of six cards (rows of one, two and three) and hold at most three cards in hand. A turn
# is one main action: *draw 2* (take the two bottom cards of the deck, keep one, put the
# other on the Celeiro), *take* the Celeiro's top card, or *flip* a card in hand to its
# other face; once per turn a card from hand may also be *built* into the pyramid. Each
# card has two faces with points and effects. When a pyramid is complete the other player
# has one last turn, then the higher score wins.

# %%
# %matplotlib inline
import math
from fractions import Fraction

import matplotlib.pyplot as plt
import networkx as nx

from ovnilab import cows, theory
from ovnilab.cows import endgame
from ovnilab.cows.bots import HAND_WEIGHT, GreedyBot
from ovnilab.cows.render import action_label   # an action in words, as the board's buttons say it
from ovnilab.texts.lesson04 import say   # the sentences this lesson prints, in its language

# %% [markdown]
# ## 1. A game tree
#
# A *game tree* lists every way a game can go on. Each inner node is a position where one
# player chooses a move; each edge is a move; each leaf is a finished game, labelled with
# its payoff. In a zero-sum game one number per leaf is enough: here the final score of
# seat 0 minus the score of seat 1, the *margin*. Seat 0 wants it high and is called MAX;
# seat 1 wants it low and is called MIN.
#
# A toy last round in the spirit of the cow game: MAX chooses to *take* the barn's card,
# *draw*, or *flip* a card; then MIN answers with one of three replies *a*, *b*, *c*, and
# the game ends.

# %% tags=["nbval-ignore-output"]
LEAVES = {"take": (4, -1, 2), "draw": (3, 5, 1), "flip": (6, -2, 7)}

g = nx.DiGraph()
pos = {"MAX": (0, 2)}
for i, (move, payoffs) in enumerate(LEAVES.items()):
    node = f"MIN\n({move})"
    g.add_edge("MAX", node, label=say.word(move))
    pos[node] = (4 * (i - 1), 1)
    for j, (reply, x) in enumerate(zip("abc", payoffs)):
        leaf = f"{x:+d}\n{move}-{reply}"
        g.add_edge(node, leaf, label=reply)
        pos[leaf] = (4 * (i - 1) + 1.2 * (j - 1), 0)
fig, ax = plt.subplots(figsize=(9, 3.6))
nx.draw_networkx(g, pos, ax=ax, node_size=1500, node_color="#dde8f5", font_size=8,
                 labels={n: n.split("\n")[0] for n in g})
nx.draw_networkx_edge_labels(g, pos, nx.get_edge_attributes(g, "label"), ax=ax, font_size=8)
ax.set_title(say("toy_title"))
ax.axis("off")
plt.show()

# %% [markdown]
# ## 2. Backward induction, on paper
#
# Solve the tree from the leaves up. The value $v(n)$ of a node is
#
# $$
# v(n) = \begin{cases}
# \text{payoff of } n & \text{if } n \text{ is a leaf},\\
# \max_{c \text{ child of } n} v(c) & \text{if MAX moves at } n,\\
# \min_{c \text{ child of } n} v(c) & \text{if MIN moves at } n.
# \end{cases}
# $$
#
# MIN moves last, so each MIN node takes its smallest leaf:
#
# $$v(\text{take}) = \min(4, -1, 2) = -1,\qquad v(\text{draw}) = \min(3, 5, 1) = 1,\qquad
# v(\text{flip}) = \min(6, -2, 7) = -2.$$
#
# MAX, foreseeing these replies, takes the largest:
# $v(\text{root}) = \max(-1, 1, -2) = 1$, by drawing (and MIN then answers *c*).
#
# Two tempting shortcuts get this tree wrong. An optimist who chases the best leaf picks
# *flip* (it holds the $+7$), and so does a player who averages the replies
# ($\frac{11}{3}$ for flip against $3$ for draw and $\frac{5}{3}$ for take); against a MIN who
# answers well, flip yields $-2$. Backward induction assumes the opponent plays its best
# reply at every node, and that assumption is exactly what makes $v(\text{root}) = 1$ a
# *guarantee*: MAX gets at least 1 whatever MIN does, and MIN concedes at most 1 whatever
# MAX does. For finite two-player zero-sum games of perfect information this value always
# exists, with no need for mixed strategies: Zermelo (1913) showed it for chess-like games
# (one side can force a win, or both can force a draw), and Kuhn's theorem (1953) extends
# it to every finite game of perfect information, whose backward induction gives a
# pure-strategy equilibrium.
#
# ## 3. Minimax in a few lines
#
# The recursion above, as code. A *game* object answers four questions about a node:
# is it over, what is its payoff, who moves, and which moves lead to which children.
# The toy tree is written as nested tuples: a leaf is its payoff, an inner node is
# `(player, {move: child})` with player 0 for MAX and 1 for MIN.

# %%
def minimax(node, game):
    """The value of `node` for MAX (seat 0), by backward induction."""
    if game.is_over(node):
        return game.payoff(node)  # a leaf: its payoff
    values = [minimax(child, game) for _move, child in game.moves(node)]
    if game.to_move(node) == 0:
        return max(values)  # MAX takes its best child
    return min(values)  # MIN takes MAX's worst child


def best_moves(node, game):
    """The moves of the player to act that reach the node's value."""
    v = minimax(node, game)
    return [m for m, child in game.moves(node) if minimax(child, game) == v]


class Tree:
    """The game protocol for trees written as nested tuples."""

    def is_over(self, node):
        return not isinstance(node, tuple)

    def payoff(self, node):
        return node

    def to_move(self, node):
        return node[0]

    def moves(self, node):
        return list(node[1].items())


TOY = (0, {move: (1, dict(zip("abc", payoffs))) for move, payoffs in LEAVES.items()})
toy = Tree()

# %%
first = {m: minimax(child, toy) for m, child in toy.moves(TOY)}
print(say("first_moves", values={say.word(m): v for m, v in first.items()}))
print(say("root", value=minimax(TOY, toy), best=[say.word(m) for m in best_moves(TOY, toy)]))
print(say("min_reply", best=best_moves(TOY[1]["draw"], toy)))
assert first == {"take": -1, "draw": 1, "flip": -2}  # the hand derivation of section 2
assert minimax(TOY, toy) == 1 and best_moves(TOY, toy) == ["draw"]
assert best_moves(TOY[1]["draw"], toy) == ["c"]
# the two shortcuts of section 2: the best leaf and the best average both point to flip
assert max(LEAVES, key=lambda m: max(LEAVES[m])) == "flip" and max(LEAVES["flip"]) == 7
assert {m: Fraction(sum(p), 3) for m, p in LEAVES.items()} == {
    "take": Fraction(5, 3), "draw": 3, "flip": Fraction(11, 3)}

# %% [markdown]
# **The library computes the same thing.** When every MAX move is followed by the same
# set of MIN replies, a two-step tree is a matrix game played *in sequence*: MAX (the
# row player) commits to a row in the open, MIN (the column player) sees it and answers.
# `ovnilab.theory.backward_induction` solves such a sequential game from the matrix
# $A_{ij}$ = payoff of leaf (row $i$, reply $j$); the game being zero-sum, MIN's payoffs
# are $-A$ and $v = \max_i \min_j A_{ij}$.

# %%
A = [list(p) for p in LEAVES.values()]
sequential = theory.NormalFormGame(A, row_labels=list(LEAVES), col_labels=list("abc"))
row, col, (row_pay, col_pay) = theory.backward_induction(sequential, leader="row")
print(say("library_sequential", row=say.word(sequential.row_labels[row]), column=sequential.col_labels[col],
          payoff=row_pay))
assert (sequential.row_labels[row], sequential.col_labels[col]) == ("draw", "c")
assert row_pay == minimax(TOY, toy) == max(min(r) for r in A)  # library = hand code = formula

# %% [markdown]
# ## 4. A real endgame as a game tree
#
# The cow game's engine is a game in the same sense: a `State` is a node, its
# `legal_actions()` are the moves, `clone()` and `apply()` give the children, and the
# final `scores()` give the margin. An adapter of a few lines lets the same `minimax` run
# on it. It counts the inner nodes it expands and gives up beyond a budget (the reason
# comes in section 5).
#
# Two differences with the toy tree. A turn of the cow game is several decisions (take a
# card, then build it or not; a card's flip effect asks for a target), so the same
# player often moves several times in a row: minimax does not care, it only asks who
# moves at each node. And we let minimax see everything (the deck's order and the hidden
# back of every card), as a teacher looking at all the cards would: the players cannot,
# which we come back to at the end.

# %%
class CowGame:
    """The cow game's engine seen as a game tree (nodes are States); counts expansions."""

    def __init__(self, budget=math.inf):
        self.budget, self.expanded = budget, 0

    def is_over(self, state):
        return state.is_over()

    def payoff(self, state):
        seat0, seat1 = state.scores()
        return seat0 - seat1

    def to_move(self, state):
        return state.current_player

    def moves(self, state):
        self.expanded += 1
        if self.expanded > self.budget:
            raise endgame.SearchLimit(f"more than {self.budget} positions")
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            children.append((action, child))
        return children


greedy = GreedyBot()


def greedy_game(seed):
    """A whole seeded game between two greedy bots, as its final state."""
    return endgame.bot_game(seed, greedy)


def show(state):
    """Both pyramids (rows 1 / 2 / 3) and hands, as a spectator sees them."""
    for p in (0, 1):
        pyr = [state.face(c).name if c >= 0 else "." for c in state.pyr[p]]
        hand = [state.face(c).name for c in state.hand[p]]
        print(say("seat_line", seat=p, row1=pyr[0], row2a=pyr[1], row2b=pyr[2], row3=" | ".join(pyr[3:]),
                  hand=hand, score=state.scores()[p]))
    top = [state.face(c).name for c in state.cel[0][-1:]]
    print(say("deck_line", n=len(state.deck), top=top, seat=state.current_player, phase=say.word(state.phase_name))
          + (say("last_turn") if state.final else ""))


def print_tree(node, game, label=None, depth=0):
    """Every node of a (small) tree with its minimax value for MAX."""
    who = say("game_over") if game.is_over(node) else say("to_move", seat=game.to_move(node))
    print(say("tree_line", indent="    " * depth, label=say("start") if label is None else label,
              value=minimax(node, game), who=who))
    if not game.is_over(node):
        for move, child in game.moves(node):
            print_tree(child, game, action_label(move), depth + 1)


# %% [markdown]
# A position to print: the first greedy-against-greedy game (seeds from 100 on) with a
# position a few decisions before its end whose whole tree is small enough to read (at
# most `TREE_NODES` positions) and in which both seats still decide: seat 1's choices are
# followed by seat 0's answers.

# %%
TREE_NODES = 16  # the most positions a printed tree may have


def tree_size(node, budget):
    """Positions in the tree below `node` and the seats that move in it (None if too big)."""
    game = CowGame(budget=budget)
    movers = set()

    def walk(n):
        if n.is_over():
            return 1
        movers.add(n.current_player)
        return 1 + sum(walk(child) for _move, child in game.moves(n))

    try:
        return walk(node), movers
    except endgame.SearchLimit:
        return None, movers


def small_endgame(first_seed):
    for seed in range(first_seed, first_seed + 500):
        game = greedy_game(seed)
        for before_end in range(3, 9):
            node = game.replay(len(game.log) - before_end)
            size, movers = tree_size(node, TREE_NODES)
            if (size is not None and size <= TREE_NODES and movers == {0, 1}
                    and node.current_player == 1 and len(node.legal_actions()) >= 2):
                return seed, before_end, game, node
    raise RuntimeError("no small endgame found")


small_seed, before_end, small_game, small = small_endgame(100)
print(say("small_seed", seed=small_seed, before=before_end,
          action=action_label(small_game.log[len(small_game.log) - before_end - 1])))
show(small)
print()
print_tree(small, CowGame())
size, movers = tree_size(small, TREE_NODES)
assert size <= TREE_NODES and movers == {0, 1} and small.current_player == 1
print(say("tree_size", size=size))

# %% [markdown]
# Read it from the bottom: at a node where seat 0 moves, the value is the largest of its
# children's values (the max); where seat 1 moves, the smallest (the min); a finished game
# is worth its final margin. The library's solver `endgame.solve` (alpha-beta search on the
# same engine) finds the same value and moves:

# %%
counter = CowGame()
hand_value = minimax(small, counter)
solution = endgame.solve(small)
print(say("hand_minimax", value=hand_value, n=counter.expanded))
print(say("library_solve", value=int(solution.value), n=solution.nodes, best=[action_label(a) for a in solution.best]))
print(say("greedy_played", action=action_label(small_game.log[len(small_game.log) - before_end])))
assert solution.value == hand_value
assert [str(a) for a in solution.best] == [str(m) for m in best_moves(small, CowGame())]

# %% [markdown]
# ## 5. Why plain minimax is not enough
#
# Plain minimax visits every line of play. With $b$ moves per decision and $d$ decisions
# left, that is about $b^d$ lines, and the cow game's lines can be long: the players may
# flip cards in hand instead of drawing or building, back and forth, for up to twelve turns
# in a row, six each (ovnilab's rule that stops a stalled game: the rulebook has none). A
# few decisions from the end, the tree is already far too big to print; a little further,
# too big to search plainly.
#
# **Alpha-beta pruning** returns the same root value while skipping parts of the tree that
# cannot matter. Keep two numbers while searching: $\alpha$, what MAX is already sure to
# get elsewhere, and $\beta$, what MIN is already sure to concede elsewhere. At a MIN node,
# as soon as one reply is worth $x \le \alpha$, the node's value is $\min(x, \dots) \le x
# \le \alpha$: MAX will never enter this node, so its other replies need not be looked at.
# Symmetrically, a MAX node stops as soon as one move is worth $\ge \beta$. On the toy tree,
# in the order take, draw, flip: *take* is worth $-1$, *draw* $1$, so $\alpha = 1$ when
# *flip* is searched; its reply *b* is worth $-2 \le 1$, and the reply *c* (the $+7$) is
# never evaluated.

# %%
def alphabeta(node, game, alpha=-math.inf, beta=math.inf, seen=None):
    """Minimax with alpha-beta pruning; `seen` collects the leaves evaluated."""
    if game.is_over(node):
        if seen is not None:
            seen.append(game.payoff(node))
        return game.payoff(node)
    maximise = game.to_move(node) == 0
    best = -math.inf if maximise else math.inf
    for _move, child in game.moves(node):
        v = alphabeta(child, game, alpha, beta, seen)
        best = max(best, v) if maximise else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximise else (alpha, min(beta, best))
        if alpha >= beta:
            break  # the other player never lets the game reach the remaining moves
    return best


seen = []
print(say("alphabeta", value=alphabeta(TOY, toy, seen=seen), seen=seen))
assert alphabeta(TOY, toy) == minimax(TOY, toy)
assert seen == [4, -1, 2, 3, 5, 1, 6, -2]  # all but the +7 of flip-c
assert cows.Rules().stall_limit == 12  # section 5's "twelve turns in a row"

# %% [markdown]
# The library's search (`ovnilab/cows/endgame.py`) is this function with two additions:
# it tries the usually good moves first (builds and effect targets, then keeping or taking
# a card, then drawing, then flips and skipped effects, then ending the turn or passing),
# which makes the cut-offs come early, and it keeps a *transposition table*: a position
# reached by two different orders of moves is solved once.
#
# The same comparison on many real positions: `N_GAMES` greedy-against-greedy games,
# each looked at 2, 3 and 4 decisions before its end. The hand-written minimax gets a
# budget of `PLAIN_BUDGET` expansions; where it finishes, its value must equal the
# library's. The library's search gets `LIBRARY_BUDGET` expansions per position, which
# keeps the cell to seconds; the positions that need more are counted and left out (a
# larger budget solves more of them, and takes longer).

# %%
N_GAMES = 60  # greedy games used in this section, the next and the exercises; raise for more positions
PLAIN_BUDGET = 200  # expansions allowed to the plain minimax per position
SEEDS = range(1000, 1000 + N_GAMES)
games = {seed: greedy_game(seed) for seed in SEEDS}

LIBRARY_BUDGET = 1_000  # positions the library may search per position (keeps this cell to seconds)

agree, too_big, plain_total, library_total, library_on_too_big, beyond_both = 0, 0, 0, 0, [], 0
for seed, game in games.items():
    for before_end in (2, 3, 4):
        position = game.replay(len(game.log) - before_end)
        try:
            library = endgame.solve(position, max_nodes=LIBRARY_BUDGET)
        except endgame.SearchLimit:
            beyond_both += 1  # too deep for this page's budgets (the plain minimax even more so)
            continue
        counter = CowGame(budget=PLAIN_BUDGET)
        try:
            plain = minimax(position, counter)
        except endgame.SearchLimit:
            too_big += 1
            library_on_too_big.append(library.nodes)
            continue
        assert plain == library.value, (seed, before_end)
        agree += 1
        plain_total += counter.expanded
        library_total += library.nodes
print(say("agree", positions=agree + too_big, games=N_GAMES, agree=agree, budget=PLAIN_BUDGET, plain=plain_total,
          library=library_total))
print(say("too_big", n=too_big, most=max(library_on_too_big, default=0)))
print(say("beyond", n=beyond_both, budget=LIBRARY_BUDGET))

# %% [markdown]
# ## 6. A deeper endgame: the library alone
#
# Eight decisions before the end of another greedy game of section 5: the first of those
# games whose position there the plain minimax cannot finish even with a budget ten times
# larger than above (`10 * PLAIN_BUDGET` expansions), the library solves within
# `10 * LIBRARY_BUDGET`, and whose legal actions do not all have the same value (so the
# choice matters). The library's `endgame.action_values` gives the exact value of every
# legal action for the player to act (positive = good for *that* player):

# %%
BEFORE = 8


def deep_example(game):
    """True when the position BEFORE decisions before the end fits section 6's three conditions."""
    position = game.replay(len(game.log) - BEFORE)
    try:
        vals = endgame.action_values(position, max_nodes=10 * LIBRARY_BUDGET)
    except endgame.SearchLimit:
        return False  # too deep for the library's budget as well
    if len(set(vals.values())) < 2:
        return False  # every action is worth the same: nothing to choose
    try:
        minimax(position, CowGame(budget=10 * PLAIN_BUDGET))
        return False  # the plain minimax finishes: not deep enough to make the point
    except endgame.SearchLimit:
        return True


deep_seed = next(seed for seed, game in games.items() if deep_example(game))
print(say("greedy_game", seed=deep_seed))
deep_game = games[deep_seed]
deep = deep_game.replay(len(deep_game.log) - BEFORE)
show(deep)
print(say("plain_stopped", n=10 * PLAIN_BUDGET, nodes=endgame.solve(deep).nodes))
me = deep.current_player
values = {action: int(v) for action, v in endgame.action_values(deep).items()}
played = deep_game.log[len(deep_game.log) - BEFORE]
for action, v in values.items():
    print(say("action_value", action=action_label(action), seat=me, value=v)
          + (say("played_mark") if action == played else ""))
best_value = max(values.values())
assert len(set(values.values())) > 1  # "actions of different values" (the text above)
final = deep_game.scores()
final_for_me = final[me] - final[1 - me]
print(say("regret", played=action_label(played), value=values[played], seat=me, best=best_value,
          regret=best_value - values[played]))
if final_for_me < values[played]:
    later = say("later_below", seat=me, played=action_label(played), value=values[played])
elif final_for_me > values[played]:
    later = say("later_above", other=1 - me)
else:
    later = say("later_exact")
print(say("ended", score0=final[0], score1=final[1], margin=final_for_me, seat=me, later=later))

# %% [markdown]
# A line of best play from there (both players choose an optimal action at every step;
# its final margin is the minimax value):

# %%
line = endgame.principal_variation(deep)
end = deep.clone()
for action in line:
    print(say("pv_line", seat=end.current_player, action=action_label(action)))
    end.apply(action)
margin = end.scores()[0] - end.scores()[1]
print(say("final_margin", margin=margin))
assert margin == endgame.solve(deep).value
assert HAND_WEIGHT == 0.5  # the greedy evaluation counts half a hand card's build gain
best_first = {a for a, v in values.items() if v == best_value}
print(say("one_of_the_best" if played in best_first else "not_a_best", first=action_label(line[0]),
          then=", ".join(action_label(a) for a in line[1:3])))
assert line[0] in best_first

# %% [markdown]
# The greedy bot judges an action by the position right after it: a card in hand is
# credited with half of what building it would add to the score, and nothing counts that
# lies beyond its one-step horizon (a flip that a card's effect will make when it is
# built, the opponent's answer). The solver weighs every line to the end; where the two
# disagree, the cell above says so and prints the regret.
#
# ## Exercises
#
# Exercises 1 and 2 are for pen and paper. Exercises 3 and 4 use two more positions from
# section 5's games, eight decisions before their end: for exercise 3 the first one with
# at least five legal actions of at least three different values (a real choice), for
# exercise 4 the first one in which the *win* objective (below) finds more optimal actions
# than the margin.

# %%
def eight_before(game):
    return game.replay(len(game.log) - 8)


MAX_NODES = 5_000  # the exercises' positions must be solvable within this many positions


def solvable(position, objective="margin"):
    try:
        return endgame.action_values(position, objective=objective, max_nodes=MAX_NODES)
    except endgame.SearchLimit:
        return None


def n_best(vals):
    return sum(v == max(vals.values()) for v in vals.values())


ex3_seed = next(seed for seed, game in games.items() if seed != deep_seed
                and len(eight_before(game).legal_actions()) >= 5   # counted before any search
                and (v := solvable(eight_before(game))) and len(set(v.values())) >= 3)
ex4_seed = next(seed for seed, game in games.items() if seed not in (deep_seed, ex3_seed)
                and (m := solvable(eight_before(game))) and (w := solvable(eight_before(game), "win"))
                and n_best(w) > n_best(m))
ex3_game, ex4_game = games[ex3_seed], games[ex4_seed]
ex3 = eight_before(ex3_game)
ex4 = eight_before(ex4_game)
print(say("ex3_game", seed=ex3_seed))
show(ex3)
print(say("ex4_game", seed=ex4_seed))
show(ex4)

# %% [markdown]
# ### Exercise 1 (pen and paper)
#
# Solve this tree by backward induction. MAX moves at the root and at the bottom row of
# inner nodes, MIN in between; leaves show the margin for MAX.
#
# ```
# MAX --L--> MIN --l--> MAX --> leaves  2,  4
#                --r--> MAX --> leaves  6,  1
#     --R--> MIN --l--> MAX --> leaves  9, -1
#                --r--> MAX --> leaves  0,  3
# ```
#
# What is the value of the root for MAX? Store it as an integer in `answer_1`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The bottom MAX nodes take their larger leaf: L-l = max(2, 4) = 4, L-r = max(6, 1) = 6,
# R-l = max(9, -1) = 9, R-r = max(0, 3) = 3.
# The MIN nodes take the smaller of those: L = min(4, 6) = 4, R = min(9, 3) = 3.
# The root (MAX) takes the larger: max(4, 3) = 4, by playing L. The +9 under R is a trap:
# MIN would answer R with r, where MAX gets only 3.
answer_1 = 4
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_ex1 = (0, {"L": (1, {"l": (0, {"a": 2, "b": 4}), "r": (0, {"a": 6, "b": 1})}),
            "R": (1, {"l": (0, {"a": 9, "b": -1}), "r": (0, {"a": 0, "b": 3})})})
assert minimax(_ex1, toy) == 4 and best_moves(_ex1, toy) == ["L"], "the lesson's minimax disagrees with the solution"
assert answer_1 == 4, ("answer_1 should be the root's value for MAX, a whole number: give each bottom MAX node "
                       "its larger leaf, each MIN node the smaller of those, and the root the larger of those")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# Run alpha-beta by hand on the toy tree of section 1, but with MAX's moves examined in
# the order **draw, take, flip** (the replies of each MIN node still in the order a, b,
# c). How many leaves are evaluated? Store the number in `answer_2`. (Section 5's order
# evaluated 8 of the 9.)

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# draw first: alpha = -inf, so MIN sees all three replies: 3, 5, 1 -> v(draw) = 1, alpha = 1.
# take: reply a = 4 (> 1, go on), reply b = -1 <= alpha = 1 -> cut: reply c is skipped.
# flip: reply a = 6 (> 1, go on), reply b = -2 <= 1 -> cut: reply c is skipped.
# Leaves evaluated: 3 + 2 + 2 = 7. Examining the best move first makes the cuts come early.
answer_2 = 7
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
_reordered = (0, {m: TOY[1][m] for m in ("draw", "take", "flip")})
_seen = []
assert alphabeta(_reordered, toy, seen=_seen) == minimax(TOY, toy) and len(_seen) == 7, (
    "the lesson's alpha-beta disagrees with the solution")
assert answer_2 == 7, ("answer_2 should be the number of leaves alpha-beta evaluates with MAX's moves in the "
                       "order draw, take, flip: count each leaf looked at before a cut-off")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3
#
# Take the position `ex3` above (eight decisions before the end of a greedy game). A player who
# picks uniformly at random among the legal actions at this one decision, after which both
# players play perfectly: what is its expected margin, from the point of view of the
# player to act? Use `endgame.action_values` and store the answer in `answer_3`: a
# `Fraction`, or a decimal within 0.001 of the exact value. Then compare it with the value
# of a best action: how many points does the random choice give away on average, and how
# likely is it to hit a best action?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# The expected value of a uniform choice is the average of the actions' exact values
# (print ex3_values to see them). The best action's value minus that average is what the
# random choice gives away on average (its expected regret); the share of optimal actions
# is the chance that a random choice is optimal.
ex3_values = endgame.action_values(ex3)
answer_3 = Fraction(int(sum(ex3_values.values())), len(ex3_values))
ex3_best = max(ex3_values.values())
print(say("ex3_solution", n=len(ex3_values), values=sorted(int(v) for v in ex3_values.values()),
          average=float(answer_3), best=int(ex3_best), regret=float(ex3_best - answer_3),
          hits=sum(v == ex3_best for v in ex3_values.values())))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

_v = endgame.action_values(ex3)
assert all(v == int(v) for v in _v.values()) and len(_v) >= 5 and len(set(_v.values())) >= 3, (
    "the exercise's position no longer fits its description")
assert isinstance(answer_3, numbers.Real), "answer_3 should be a number: a Fraction or a decimal"
assert abs(float(answer_3) - sum(_v.values()) / len(_v)) < 0.001, (   # the exercise's tolerance
    "answer_3 should be the average of the exact values of ex3's legal actions (each equally likely), "
    "for the player to act, within 0.001")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 4
#
# The margin is not the only possible goal: `objective="win"` scores a finished game 1
# (seat 0 wins), 0 (shared win) or -1 (seat 0 loses). Take the position `ex4` above
# (eight decisions before the end of a greedy game). How many of its legal actions are optimal
# for the *win* objective? Store the number in `answer_4`, and compare with the margin.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# endgame.action_values(ex4, objective="win") gives each action's result with best play:
# several actions lead to the same result (a win, a shared win or a loss), so they are all
# "optimal" for winning, while the margin separates them: the win objective cannot tell a
# narrow loss (or win) from a heavy one; the margin can.
ex4_win = endgame.action_values(ex4, objective="win")
answer_4 = sum(v == max(ex4_win.values()) for v in ex4_win.values())
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
_w = endgame.action_values(ex4, objective="win")
_mg = endgame.action_values(ex4)
_n_win = sum(v == max(_w.values()) for v in _w.values())
assert sum(v == max(_mg.values()) for v in _mg.values()) < _n_win, (   # the margin is choosier
    "the exercise's position no longer fits its description")
assert answer_4 == _n_win, ("answer_4 should be the number of ex4's legal actions whose value under "
                            "objective=\"win\" equals the best one's")
### END HIDDEN TESTS

# %% [markdown]
# ## What to remember
#
# - A finite two-player zero-sum game of perfect information is a tree; backward
#   induction (minimax) gives every node a value, and the value of the root is what each
#   player can guarantee.
# - Minimax is a few lines; what makes it usable on real games is pruning (alpha-beta),
#   good move ordering and a table of positions already solved.
# - An exact value is a yardstick for bots: on an endgame, a bot's move is optimal or it
#   gives away a known number of points (the explore notebook *Bots* measures this over
#   many games, against a random player's moves on the same positions).
