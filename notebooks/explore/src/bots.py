# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Bot ladders: which bot is stronger, and how sure are we?
#
# Every game in ovnilab has three bots. All of them decide from what their seat may see
# (a `PlayerView`): other players' hidden tokens, hands and missions are never read. The
# search bot works on *determinizations*: full states sampled so that they agree with
# everything the seat has seen.
#
# | bot | how it decides | cost per decision |
# | --- | --- | --- |
# | `RandomBot` | a uniformly random legal action | nothing |
# | `GreedyBot` | one action ahead: the action whose result its evaluation of the position likes best (the evaluation is documented in each game's `bots.py`) | one evaluation per legal action |
# | `MCTSBot` | information-set Monte Carlo tree search: each iteration samples a determinization, walks a tree shared by all samples, and scores the position it reaches | `iterations` searches |
#
# We expect random < greedy < MCTS, but an expectation is not a measurement. This notebook
# plays each pair of bots and states an ordering **only** when the games show it: a 95%
# interval that excludes an even match, after adjusting for the three comparisons of each
# ladder. Otherwise it says the games cannot tell. (An earlier version of this notebook
# ranked bots from six games per pair; [Lesson 6](../lessons/06_estimating_win_rates.ipynb)
# shows why six games can only show a clean sweep.)
#
# A last section measures a bot against perfect play instead of another bot: on cow-game
# endgames, where an exact solver knows every action's value, how often is the greedy
# bot's move optimal, compared with a random player's on the same positions?
#
# The sample sizes and the MCTS budgets below are named parameters chosen so that the
# notebook runs in about two minutes on two cores; raise them (the comments say which) for
# firmer answers. All text about results is generated from the games.

# %% [markdown]
# ## How a pair is measured: paired seeds and a sign test
#
# For a pair of bots A and B in a two-player game, each seed is played **twice**: A in
# seat 0 and B in seat 1, then the seats swapped, same seed (same deal, same shuffles).
# The two games of a seed are a pair, and we analyse them as one: A's score on the seed is
# its share of the two wins. A seed is **won by A** when A took more than half of it (for
# example both games), **won by B** when less, and **tied** when they split it evenly (each
# won once): such a seed tells something about the seats or the deal, nothing about which
# bot is better.
#
# If A and B were equally strong, each seed that is not tied would be won by A or by B
# with probability 1/2, like a fair coin (a *sign test*). So the evidence is A's share of
# the decided seeds, with its Wilson interval; an interval that excludes 1/2 says one bot
# is stronger. The p-value is the exact one of the sign test: twice the chance that a fair
# coin tossed once per decided seed splits at least as unevenly as the bots did (with a
# handful of seeds the normal approximation would be too generous). A ladder of three bots
# makes three such tests, so the p-values are adjusted with Holm's procedure
# (`analysis.holm`, see [Lesson 7](../lessons/07_experiments_on_rules.ipynb)), and a bot is
# called stronger only when its adjusted p-value is at most 0.05 **and** the Wilson
# interval excludes 1/2. The share of all games each bot won is printed too, for reading,
# but it pools the two games of a
# seed and is not the test. The steps are functions of `ovnilab.ladder` (short; read them
# to see every step), which this notebook and its replication test both call.

# %%
import math
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from ovnilab import analysis, ladder, sim
from ovnilab.cosmic import bots as cosmic_bots
from ovnilab.cows import bots as cow_bots
from ovnilab.ovni import bots as ovni_bots

pool = ProcessPoolExecutor(max_workers=2)   # one pool for every batch below
paired_match = partial(ladder.paired_match, executor=pool)


def adjust_and_read(rows, game_name):
    """Holm-adjust the p-values of one ladder, print the table and one sentence per pair."""
    claims = ladder.verdicts(rows)
    cols = ["pair", "seeds", "A won", "B won", "tied", "A share of decided", "lo", "hi", "p", "Holm p"]
    if "A share of all games" in rows[0]:
        cols.insert(5, "A share of all games")
    print(sim.Table(rows, columns=cols, title=f"{game_name}: per-seed sign tests, 95% Wilson intervals, "
                                               f"Holm-adjusted over {len(rows)} pairs"))
    for r in rows:
        a, b = r["pair"].split(" vs ")
        facts = (f"{r['A won']} seeds to {r['B won']} ({r['tied']} tied of {r['seeds']}); {a}'s share of the "
                 f"decided seeds {r['A share of decided']:.2f} [{r['lo']:.2f}, {r['hi']:.2f}], Holm p {r['Holm p']:.2g}")
        strong = [pair for pair in claims if set(pair) == {a, b}]
        if strong:
            print(f"- {strong[0][0]} is stronger than {strong[0][1]}: {facts}.")
        else:
            print(f"- {a} vs {b}: these games cannot tell which is stronger: {facts}.")
    return claims


# %% [markdown]
# ## Ovni (two players)
#
# Ovni's two-player game adds an imaginary third player: the two real players draw its
# command tokens blind and choose where to place them (the rulebook's variant). The bots
# play the two real seats, third-player placements included (set-up choices are made by
# the seeded generator). The
# MCTS budget is small: 20 iterations, rollouts cut after 15 random actions and scored
# with the greedy evaluation. A game with the MCTS bot costs many times a greedy game, so
# its pairs get fewer seeds.

# %%
OVNI_MCTS = ovni_bots.MCTSBot(iterations=20, rollout_depth=15)   # raise iterations for a stronger search
OVNI_SEEDS = {("greedy", "random"): 30, ("mcts", "random"): 12, ("mcts", "greedy"): 12}   # raise for firmer answers
ovni_players = {"random": ovni_bots.RandomBot(), "greedy": ovni_bots.GreedyBot(), "mcts": OVNI_MCTS}
ovni_rows = [paired_match("ovni", a, ovni_players[a], b, ovni_players[b], n, seed=11,
                          new_game_kwargs={"num_players": 2, "setup": "random"})
             for (a, b), n in OVNI_SEEDS.items()]
ovni_claims = adjust_and_read(ovni_rows, "Ovni, 2 players")

# %% [markdown]
# What a one-move lookahead sees in Ovni: most points come from things
# visible one action ahead (a UFO launched, a city mapped, a human abducted, the lead in a
# recruitment area), and a random player gives them away. Why MCTS *should* beat greedy
# given enough budget: token placement is a bid whose value depends on what the others
# place later, which the greedy bot cannot see and the tree search samples. Whether 20
# iterations are enough for that is exactly what the `mcts vs greedy` row measures; when
# it cannot tell, raise `OVNI_MCTS`'s iterations and the `("mcts", "greedy")` seeds
# together.
#
# ## The cow game (two players)
#
# Cow games are short, so this ladder affords more seeds. The cow MCTS scores the positions
# its tree reaches with the greedy evaluation (no random rollouts).

# %%
COW_MCTS = cow_bots.MCTSBot(iterations=60)   # raise iterations for a stronger search
COW_SEEDS = {("greedy", "random"): 40, ("mcts", "random"): 10, ("mcts", "greedy"): 60}   # raise for firmer answers
cow_players = {"random": cow_bots.RandomBot(), "greedy": cow_bots.GreedyBot(), "mcts": COW_MCTS}
cow_rows = [paired_match("cows", a, cow_players[a], b, cow_players[b], n, seed=5)
            for (a, b), n in COW_SEEDS.items()]
cow_claims = adjust_and_read(cow_rows, "Cows")

# %% [markdown]
# ## Cosmic Encounter (three players at one table)
#
# A head-to-head needs two seats, and Cosmic needs at least three players. So the three
# bots sit at one table, and each seed is played three times with the bots rotated through
# the seats (the same deal each time). For a pair of bots, a seed is won by the bot that
# took more of the seed's three games; the sign test and Holm's adjustment then work as
# above. Each bot's share of all the games is shown against the fair share 1/3, for
# reading. The search bot is expensive in Cosmic (every position it scores goes through
# the evaluation's exact encounter odds), so its budget is 20 iterations instead of its default 100,
# and decisions with more than 40 options are left to its greedy fallback. The games use
# the default rules: each player keeps one of two aliens dealt from the whole set of 50.

# %%
COSMIC_MCTS = cosmic_bots.MCTSBot(iterations=20)   # raise iterations (default 100) for a stronger search
COSMIC_SEEDS = 24                                   # raise for firmer answers (each seed is 3 games)
cosmic_players = {"mcts": COSMIC_MCTS, "greedy": cosmic_bots.GreedyBot(), "random": cosmic_bots.RandomBot()}
totals, cosmic_rows = ladder.rotation("cosmic", cosmic_players, COSMIC_SEEDS, seed=3, executor=pool,
                                      new_game_kwargs={"num_players": 3})
n_games = COSMIC_SEEDS * len(cosmic_players)
for nm in cosmic_players:
    lo, hi = analysis.wilson_interval(sum(totals[nm]), n_games)
    print(f"{nm:6s} won {sum(totals[nm]):5.2f} of {n_games} games: {sum(totals[nm]) / n_games:.3f} [{lo:.3f}, {hi:.3f}] "
          f"(fair share 0.333)")
cosmic_claims = adjust_and_read(cosmic_rows, "Cosmic Encounter, 3 players")

# %% [markdown]
# A search bot at a small budget can lose to the greedy bot: with 20 iterations spread over
# up to 40 options, many moves are tried once or never, and the tree's averages are noisier
# than the one-move evaluation the greedy bot reads directly. Whether that happens here is
# in the rows above; raising `COSMIC_MCTS`'s iterations asks the question for a stronger
# search.
#
# ## Cow endgames: does the greedy bot find the best move?
#
# A ladder says which bot wins more; it does not say how far a bot is from perfect play.
# The cow game can answer that on endgames: once the deck is shuffled it has no chance
# left, so a position in which everything is known has an exact minimax value
# (`ovnilab.cows.endgame`, taught in [Lesson 4](../lessons/04_game_trees_minimax.ipynb)).
# For each of `ENDGAME_SEEDS` greedy-against-greedy games, the position `BEFORE_END`
# decisions before the end is solved: the exact value of every legal action, and whether
# the move the greedy bot actually played there was one of the optimal ones. Positions
# with a single legal action are left out (nothing to choose), and so is any whose search
# needs more than `MAX_NODES` positions.
#
# **The baseline** is a player who picks a legal action uniformly at random: in a
# position with $k$ optimal actions among $n$ it is optimal with probability $k/n$. The
# comparison is *paired* (the same positions for both): the greedy bot's number of
# optimal moves is set against the distribution of a random player's on those positions,
# a sum of independent coin flips with different probabilities (a Poisson-binomial law),
# whose tail gives an **exact** one-sided p-value for "greedy is no better than random".
# The difference of the two shares and the greedy bot's mean regret (points of margin
# given away) get bootstrap intervals over positions: most regrets are zero and a few are
# large, and on a few dozen positions a normal interval around such a mean is not
# defensible.

# %%
from ovnilab.cows import endgame

ENDGAME_SEEDS = range(1000, 1120)   # raise for a firmer answer (about 0.7 s of search per seed)
BEFORE_END = 8                      # a larger value makes harder endgames (raise MAX_NODES too)
MAX_NODES = 5_000
checked = list(pool.map(endgame.endgame_check, ENDGAME_SEEDS, [BEFORE_END] * len(ENDGAME_SEEDS),
                        [MAX_NODES] * len(ENDGAME_SEEDS), chunksize=4))
checks = [c for c in checked if not isinstance(c, str)]
too_big, single = checked.count("too big"), checked.count("single")
print(f"{len(ENDGAME_SEEDS)} games: {len(checks)} positions with a choice, {single} with a single legal action, "
      f"{too_big} needing more than {MAX_NODES} positions of search (left out)")
print(f"{too_big} of {len(ENDGAME_SEEDS)} positions were too large to search: what follows describes "
      f"small endgames only, not the greedy bot's endgame play in general.")
sizes = {n: sum(c.n == n for c in checks) for n in sorted({c.n for c in checks})}
print("positions by number of legal actions:", sizes)
print(f"greedy's move was not optimal in {sum(not c.optimal for c in checks)} of the {len(checks)} positions")

# %%
verdict = endgame.bot_versus_random(checks, seed=4)
lo, hi = analysis.wilson_interval(verdict.hits, verdict.m)
print(f"greedy is optimal in {verdict.hits} of {verdict.m} positions: {verdict.hits / verdict.m:.2f} "
      f"(95% Wilson interval {lo:.2f} to {hi:.2f})")
print(f"a random legal move would be optimal in {verdict.expected:.1f} of them on average "
      f"({verdict.expected / verdict.m:.2f} of the positions)")
print(f"paired difference of the shares, greedy - random: {verdict.diff:+.2f} "
      f"(95% bootstrap interval {verdict.diff_interval[0]:+.2f} to {verdict.diff_interval[1]:+.2f})")
print(f"exact one-sided p-value of 'greedy is no better than random': {verdict.p_value:.2g}")
endgame_claim = verdict.p_value <= 0.05 and verdict.diff_interval[0] > 0
if endgame_claim:
    print("Greedy finds an optimal move more often than random play on these endgames.")
else:
    print("These endgames cannot tell greedy's moves from random play.")
    if verdict.hits / verdict.m > verdict.expected / verdict.m:
        # how many would tell, were the shares the ones seen here (one-sided, as the test)
        need = analysis.sample_size(verdict.hits / verdict.m, verdict.expected / verdict.m, one_sided=True)
        seeds = math.ceil(need / (len(checks) / len(ENDGAME_SEEDS)))
        print(f"At the shares seen here, about {need} positions ({seeds} seeds at this rate of searchable "
              f"positions) would tell with 80% power: raise ENDGAME_SEEDS to that many.")
print(f"mean regret of greedy: {verdict.regret:.2f} points of margin over {verdict.m} positions, "
      f"{sum(c.regret == 0 for c in checks)} of them zero (95% bootstrap interval "
      f"{verdict.regret_interval[0]:.2f} to {verdict.regret_interval[1]:.2f})")
assert sum(c for n, c in sizes.items() if n <= 3) > verdict.m / 2  # "most offer two or three moves" (below)

# %% [markdown]
# **Careful with the comparison.** The solver sees everything; the greedy bot decides from
# what its seat sees (it averages its evaluation over a few guesses of the hidden cards).
# Part of its regret is therefore not a lack of lookahead but a lack of information: even
# a perfect reasoner who cannot see the cards could not always find the solver's move.
# This comparison cannot say how much of the regret is which. (On the game's last turn,
# when only one seat still moves, `endgame.expectimax` finds the best play for a player
# who sees only what its seat sees, and can separate the two.) Most of these positions
# offer only two or three moves, which is why the random baseline is high. This test is
# one question on its own, not part of a ladder, so its p-value is not adjusted.
#
# ## What the ladders show
#
# The cell below collects every ordering the games support (each with its interval
# above), game by game. An ordering that is not listed is not a finding that the bots are
# equal: only that these games cannot tell. The cheapest way to a firmer answer is to
# raise the seeds of the pair in question; the MCTS budgets change what is measured (a
# stronger search), so raise them to ask a different question.

# %%
pool.shutdown()
for game_name, claims in (("Ovni", ovni_claims), ("Cows", cow_claims), ("Cosmic Encounter", cosmic_claims)):
    found = "; ".join(f"{s} > {w}" for s, w in claims) or "no ordering"
    print(f"{game_name}: {found}")
print("Cow endgames " + ("(greedy > random at finding optimal moves, exact test above)" if endgame_claim
                         else "(cannot tell greedy's moves from random ones)"))
