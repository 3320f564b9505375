import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *

cells = [
md("""
# Solving endgames of the cow game: minimax, and what not knowing costs

After its set-up the cow-abduction game has **no chance at all**: the shuffle fixed the
deck's order and every card's hidden side. If you could see everything, an endgame
would be a finite two-player zero-sum game of **perfect information**, and Zermelo's
theorem says it has a value: the final score margin that both players can guarantee
with best play. *Backward induction* (minimax) computes it by trying every line to the
end.

This lesson solves real endgames with the engine itself (`clone`, `apply`,
`legal_actions`; the search lives in `ovnilab.cows.endgame`) and asks three questions:

1. What is an endgame worth, and which moves achieve it?
2. How often does the greedy bot (one action ahead) find the best move?
3. The players do *not* see everything. What is the best move for someone who only knows
   the probabilities of the hidden backs, and what is knowing them worth?

Values are from seat 0's point of view: its final score minus seat 1's (the *margin*;
`objective="win"` scores 1, 0, -1 instead).
"""),
code('''
import random
from ovnilab import cows
from ovnilab.analysis import wilson_interval
from ovnilab.bots import PlayerView
from ovnilab.cows import endgame
from ovnilab.cows.bots import GreedyBot

greedy = GreedyBot()


def greedy_game(seed):
    """A whole game between two greedy bots (seeded), as the final state."""
    s = cows.new_game(seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(greedy.act(PlayerView(s, s.current_player), rng))
    return s


def show(state):
    """Both pyramids and hands as faces (a spectator's view, plus the deck size)."""
    for p in (0, 1):
        pyr = [state.face(c).name if c >= 0 else "." for c in state.pyr[p]]
        hand = [state.face(c).name for c in state.hand[p]]
        print(f"seat {p}: [{pyr[0]}] [{pyr[1]} | {pyr[2]}] [{' | '.join(pyr[3:])}]  hand {hand}  "
              f"score {state.scores()[p]}")
    top = [state.face(c).name for c in state.cel[0][-1:]]
    print(f"deck {len(state.deck)} cards; Celeiro top {top}; to act: seat {state.current_player} ({state.phase_name})"
          + ("; last turn" if state.final else ""))
'''),
md("""
## 1. One endgame, solved

A greedy-vs-greedy game, rewound to eight decisions before its end. Seat 1 has just
built a Disco Voador, whose effect lets it flip a card of its own pyramid (or skip):
"""),
code('''
final = greedy_game(5)
position = final.replay(len(final.log) - 8)
show(position)
print("the game went on:", [str(a) for a in final.log[-8:]])
print("final margin in the game:", final.scores()[0] - final.scores()[1])
'''),
code('''
solution = endgame.solve(position)
print(f"minimax value (margin for seat 0): {solution.value:+.0f}; positions searched: {solution.nodes}")
print("optimal:", [str(a) for a in solution.best])
'''),
md("""
Every legal action's exact value for the player to act (positive = good for that
player: here seat 1, so every option loses, the best by 2), and the greedy bot's choice
in this position (it skips the effect, and loses by 5: the solver knows what is behind
each card, the bot does not; section 2 comes back to this):
"""),
code('''
values = endgame.action_values(position)
choice = greedy.act(PlayerView(position, position.current_player), random.Random(0))
for a, v in values.items():
    print(f"{str(a):<46} {v:+5.0f}" + ("   <- greedy" if a == choice else ""))
'''),
md("""
And a line of best play from there to the end (each player picks one of their optimal
actions at every step; the final margin is the minimax value):
"""),
code('''
line = endgame.principal_variation(position)
end = position.clone()
for a in line:
    print(f"seat {end.current_player}: {a}")
    end.apply(a)
print("final margin:", end.scores()[0] - end.scores()[1])
'''),
md("""
**How the search stays small.** Plain minimax would visit every line, and the cow game's
lines are long: players may flip cards back and forth for up to twelve turns (the stall
rule). Two classic ideas cut it down: *alpha-beta pruning* stops exploring a move as
soon as it is clearly worse than one already found (most effective when good moves are
tried first: builds before draws before flips before ending the turn), and a
*transposition table* remembers positions reached by different move orders. The engine's
`position_key` says which fields of the state decide the future.

## 2. Does the greedy bot play endgames well?

`N_POSITIONS` greedy games, each rewound to `BEFORE_END` decisions from its end. For each
position: the best value, the value of the greedy bot's move, and their difference (its
*regret*, in points of margin). A position whose search would exceed `MAX_NODES` is
skipped (and counted).
"""),
code('''
# ---- parameters: more positions for tighter figures; a larger BEFORE_END makes harder
# ---- endgames (the search grows quickly: raise MAX_NODES too)
N_POSITIONS = 24
BEFORE_END = 8
MAX_NODES = 20_000

rows, skipped = [], 0
for seed in range(100, 100 + N_POSITIONS):
    game = greedy_game(seed)
    pos = game.replay(len(game.log) - BEFORE_END)
    if len(pos.legal_actions()) < 2:
        continue
    try:
        vals = endgame.action_values(pos, max_nodes=MAX_NODES)
    except endgame.SearchLimit:
        skipped += 1
        continue
    move = greedy.act(PlayerView(pos, pos.current_player), random.Random(seed))
    rows.append({"seed": seed, "choices": len(vals), "best": max(vals.values()), "greedy": vals[move],
                 "regret": max(vals.values()) - vals[move], "move": str(move)})

for r in rows:
    print(f"seed {r['seed']}: {r['choices']:>2} choices, best {r['best']:+3.0f}, greedy {r['greedy']:+3.0f}"
          f"  ({r['move']})")
print(f"{len(rows)} positions with a choice; {skipped} skipped (search too large)")
'''),
code('''
agree = sum(r["regret"] == 0 for r in rows)
lo, hi = wilson_interval(agree, len(rows))
print(f"greedy plays an optimal move in {agree} of {len(rows)} positions "
      f"({agree / len(rows):.2f}, 95% interval {lo:.2f}-{hi:.2f})")
print(f"mean regret {sum(r['regret'] for r in rows) / len(rows):.2f} points of margin; "
      f"largest {max(r['regret'] for r in rows):.0f}")
'''),
md("""
**Careful with the comparison.** The solver sees everything (the deck's order, every
back); the greedy bot decides from what its seat sees and averages over samples of the
hidden cards. Part of its regret is therefore not a lack of lookahead but a lack of
information: a "perfect" player who cannot see the cards could not always find the
solver's move either. Section 3 separates the two on the one kind of endgame where that
can be done exactly.

## 3. The last turn, under uncertainty

When the starting player completes their pyramid, the other plays **one last turn**.
Nobody else moves after it (except to choose the target of one of their own cards' flip
effects, which we take as the worst case), so it is a one-player decision problem under
uncertainty. `endgame.worlds` lists every full position the player considers possible,
with its probability (exactly, from the seat's posterior over the hidden backs and the
deck), and `endgame.expectimax` solves the turn: at each decision the action with the best
*expected* value, where what the player sees after an action (a flipped card's back, two
drawn cards) splits the worlds into chance outcomes.

A last turn found in the greedy games (seat 0 holds a Mimosa; the Celeiro offers a
Raio Trator, whose tractor beam flips a card of the opponent's pyramid):
"""),
code('''
def last_turn(seed):
    """The start of the extra last turn in a seeded greedy-vs-greedy game."""
    s = cows.new_game(seed=seed)
    rng = random.Random(seed)
    while not (s.final and not s.main_done and s.turn == s.current_player):
        s.apply(greedy.act(PlayerView(s, s.current_player), rng))
    return s


def compare(state):
    """Expected value of each first action for a player who cannot see the hidden cards,
    and what a player who could see them would choose, world by world."""
    seat = state.current_player
    worlds = endgame.worlds(state, seat)
    blind = endgame.expectimax(state, seat)
    choice = greedy.act(PlayerView(state, seat), random.Random(0))
    print(f"seat {seat} considers {len(worlds)} worlds possible; expected margin of each first action:")
    for a in blind:
        print(f"  {str(a):<40}{blind[a]:>+7.2f}" + ("   <- greedy" if a == choice else ""))
    picks = {}
    for p, w in worlds:
        vals = endgame.action_values(w)
        best = max(vals, key=vals.get)
        prob, value = picks.get(best, (0.0, 0.0))
        picks[best] = (prob + p, value + p * vals[best])
    print("a player who saw every card would choose:")
    for a, (prob, value) in picks.items():
        print(f"  {str(a):<40} in worlds of total probability {prob:.2f}, for {value / prob:+.2f} on average")
    return worlds, blind, choice


game = last_turn(157)
show(game)
worlds, blind, choice = compare(game)
'''),
md("""
Values are margins for the player to act. Without seeing, the player must commit to one
first action for all worlds; a player who saw the cards could pick the best first action
world by world. The difference in expected margin is what seeing is worth:
"""),
code('''
best_blind = max(blind.values())
best_seeing = sum(p * max(endgame.action_values(w).values()) for p, w in worlds)
print(f"best expected margin, blind:          {best_blind:+.2f}")
print(f"expected margin if it saw everything: {best_seeing:+.2f}")
print(f"value of perfect information:         {best_seeing - best_blind:.2f} points")
'''),
md("""
The *value of perfect information* is the most a player should pay to see the hidden
sides: the expected gain of deciding after the uncertainty is resolved rather than
before. For a single decision maker it is never negative (seeing cannot hurt), and it is
zero when no decision depends on the unknown.

Here a player who saw the cards would start exactly as the blind one (take the Raio
Trator, then build it): what seeing is worth lies in the next decision, the tractor
beam's target. The best card to flip depends on what is behind the opponent's cards (an
Estrela or a Bezerrinho behind the Mimosa; a Curral or a Sol do Meio-Dia behind each
Crepúsculo), and the blind player must pick one target for all worlds.

Another last turn, where the greedy bot draws when it should not:
"""),
code('''
game = last_turn(91)
show(game)
worlds, blind, choice = compare(game)
print(f"greedy's choice loses {max(blind.values()) - blind[choice]:.2f} points in expectation")
'''),
md("""
Taking the Eclipse and building it completes seat 1's pyramid, and the Eclipse's effect
then turns over a Sun of the opponent's pyramid: the Vaca Voadora, whose two possible
backs (Manada, Farol) are both lean sides. The greedy bot judges an action by the
position right after it, where the Eclipse is a 1-point card in hand and the better of
two drawn cards counts as in hand; the flip to come is beyond its one step. Expectimax
plays the turn to its end in every world, so it sees the flip, and the draw's cost.

## Exercises

1. Section 1 solved the margin. Solve the same position with `objective="win"`. Is the
   optimal move for the margin always optimal for winning? Why might they differ?
2. Raise `BEFORE_END` to 12 in section 2 (and `MAX_NODES` to 100,000). Does the greedy
   bot's agreement with the solver fall? What does that say about one-ply lookahead?
3. In section 3, the flip of a card in hand is a gamble. With the back distribution
   from `ovnilab.cows.determinize.belief(game, seat)`, compute by hand the expected margin
   of flipping, and compare with the table.

**Answers.** (1) Not always: a move can maximise the margin in a lost (or won) game while
another move keeps a chance of a tie. The win objective has only three values, so
alpha-beta prunes more and searches faster. (2) Typically yes: the further from the end,
the more a move's consequences lie beyond one action. (3) The expected value is the
probability-weighted average, over the possible backs, of the best margin after the flip;
`expectimax` computes exactly that sum.
"""),
]
write(str(ROOT / "notebooks" / "theory/03_solving_endgames.ipynb"), cells)
