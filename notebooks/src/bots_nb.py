import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Bots and their ladder

Every game has three bots, all deciding from what their seat can see (`PlayerView`): the
other players' hidden tokens, hands and missions are never read. Search bots work on
*determinizations*: full states sampled so that they agree with everything the seat has
seen.

| bot | how it decides | cost |
| --- | --- | --- |
| `RandomBot` | a uniformly random legal action | nothing |
| `GreedyBot` | one action ahead: the action that most improves its evaluation (its score plus the value of its position) over the best opponent's | one evaluation per legal action |
| `MCTSBot` | information-set Monte Carlo tree search: each iteration samples a determinization, walks a tree shared by all samples, plays a short random rollout and backs up the evaluation | `iterations` rollouts per decision |

A ladder plays each pair of bots head to head, each bot in both seats on the same seeds,
and reports the first bot's share of the wins with a 95% interval. We expect
random < greedy < MCTS.
"""),
md("""
## Ovni (two players)

Two-player games keep the ladder short. The MCTS budget here is tiny (`iterations=20`) so
that the notebook runs in seconds; raise it (and the game counts) to see the gap grow.
"""),
code("""
from ovnilab import analysis
from ovnilab.ovni.bots import GreedyBot, MCTSBot, RandomBot

# ---- parameters: raise the game counts (and MCTS iterations) for tighter intervals
GAMES = {("greedy", "random"): 24, ("mcts", "random"): 6, ("mcts", "greedy"): 8}
bots = {"random": RandomBot(), "greedy": GreedyBot(), "mcts": MCTSBot(iterations=20, rollout_depth=15)}

ovni_ladder = analysis.ladder("ovni", {k: bots[k] for k in ("mcts", "greedy", "random")}, GAMES, seed=11,
                              processes=2, new_game_kwargs={"num_players": 2, "setup": "random"})
ovni_ladder
"""),
md("""
**Reading the ladder.** Greedy beats random by a wide margin, and so does MCTS. At this
tiny budget MCTS and greedy are not separated: the interval includes an even match. With
20 iterations and 15-action rollouts the tree hardly looks further than the greedy bot
does; raise the MCTS `iterations` (100 is a good start) and the `("mcts", "greedy")` count
to measure the gap (each MCTS decision then takes a fraction of a second).

**Why greedy beats random by so much.** Most of Ovni's points come from things a
one-action lookahead sees: a UFO launched onto the board, a city mapped, an abduction,
winning the current bid in an area. **Why MCTS should beat greedy given a budget.** Token placement is a bid
whose value depends on what others place later; the greedy bot only sees who leads *now*,
while the tree search plays the rest of the bidding out over many samples of the
opponent's hidden tokens.
"""),
md("""
## The cow game (two players)

Short games make this ladder cheap: the bots' gaps show with a few dozen games.
"""),
code("""
from ovnilab.cows import bots as cow_bots

COW_GAMES = {("greedy", "random"): 30, ("mcts", "random"): 12, ("mcts", "greedy"): 20}
cows_ladder = analysis.ladder("cows", {"mcts": cow_bots.MCTSBot(iterations=60), "greedy": cow_bots.GreedyBot(),
                                       "random": cow_bots.RandomBot()}, COW_GAMES, seed=5)
cows_ladder
"""),
md("""
## Cosmic Encounter (three players at one table)

A head-to-head needs two seats; Cosmic needs three or more. So the three bots sit at one
table and rotate through the seats on the same seeds (`analysis.mixed_table`); a fair share
is 1/3.
"""),
code("""
from ovnilab.cosmic import bots as cosmic_bots

COSMIC_GAMES = 6     # a multiple of 3: each rotation plays the same seeds
cosmic_table = analysis.mixed_table("cosmic", {"mcts": cosmic_bots.MCTSBot(), "greedy": cosmic_bots.GreedyBot(),
                                               "random": cosmic_bots.RandomBot()}, COSMIC_GAMES, seed=3, processes=2)
cosmic_table
"""),
md("""
Random is last everywhere. Whether MCTS or greedy comes first depends on the budget: read
each table's intervals before ranking them, and raise the parameters above for a firmer
answer.
"""),
]
write(str(ROOT / "notebooks" / "bots.ipynb"), cells)
