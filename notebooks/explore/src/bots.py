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
# The sample sizes and the MCTS budgets below are named parameters chosen so that the
# notebook runs in well under a minute; raise them (the comments say which) for firmer
# answers. All text about results is generated from the games.

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
# seed and is not the test.

# %%
import math
from concurrent.futures import ProcessPoolExecutor

from ovnilab import analysis, sim
from ovnilab.cosmic import bots as cosmic_bots
from ovnilab.cows import bots as cow_bots
from ovnilab.ovni import bots as ovni_bots

pool = ProcessPoolExecutor(max_workers=2)   # one pool for every batch below


def exact_sign_pvalue(a_won, b_won):
    """Two-sided exact sign test: 2 P(X >= max(a_won, b_won)), X ~ Bin(a_won + b_won, 1/2)."""
    n, k = a_won + b_won, max(a_won, b_won)
    return min(1.0, 2 * sum(math.comb(n, j) for j in range(k, n + 1)) / 2**n) if n else 1.0


def sign_test(name_a, name_b, a_won, b_won, tied, extra=None):
    """One row: A's share of the decided seeds, its Wilson interval and exact p-value."""
    decided = a_won + b_won
    lo, hi = analysis.wilson_interval(a_won, decided) if decided else (0.0, 1.0)
    p = exact_sign_pvalue(a_won, b_won)
    row = {"pair": f"{name_a} vs {name_b}", "seeds": decided + tied, "A won": a_won, "B won": b_won,
           "tied": tied, "A share of decided": a_won / decided if decided else math.nan,
           "lo": lo, "hi": hi, "p": p}
    row.update(extra or {})
    return row


def paired_match(game, name_a, bot_a, name_b, bot_b, seeds, seed, **kw):
    """Play ``seeds`` seeds twice (A in seat 0, then in seat 1) and compare per seed."""
    first = sim.run_many(game, [bot_a, bot_b], seeds, seed=seed, progress=False, executor=pool, **kw)
    swapped = sim.run_many(game, [bot_b, bot_a], seeds, seed=seed, progress=False, executor=pool, **kw)
    per_seed = [(g1.win_share(0) + g2.win_share(1)) / 2 for g1, g2 in zip(first, swapped)]
    a_won = sum(s > 0.5 for s in per_seed)
    b_won = sum(s < 0.5 for s in per_seed)
    return sign_test(name_a, name_b, a_won, b_won, seeds - a_won - b_won,
                     {"A share of all games": sum(per_seed) / seeds})


def adjust_and_read(rows, game_name):
    """Holm-adjust the p-values of one ladder, print the table and one sentence per pair."""
    for row, adj in zip(rows, analysis.holm([r["p"] for r in rows])):
        row["Holm p"] = adj
    cols = ["pair", "seeds", "A won", "B won", "tied", "A share of decided", "lo", "hi", "p", "Holm p"]
    if "A share of all games" in rows[0]:
        cols.insert(5, "A share of all games")
    print(sim.Table(rows, columns=cols, title=f"{game_name}: per-seed sign tests, 95% Wilson intervals, "
                                               f"Holm-adjusted over {len(rows)} pairs"))
    claims = []
    for r in rows:
        a, b = r["pair"].split(" vs ")
        facts = (f"{r['A won']} seeds to {r['B won']} ({r['tied']} tied of {r['seeds']}); {a}'s share of the "
                 f"decided seeds {r['A share of decided']:.2f} [{r['lo']:.2f}, {r['hi']:.2f}], Holm p {r['Holm p']:.2g}")
        if r["Holm p"] <= 0.05 and not r["lo"] <= 0.5 <= r["hi"]:
            strong, weak = (a, b) if r["A won"] > r["B won"] else (b, a)
            claims.append((strong, weak))
            print(f"- {strong} is stronger than {weak}: {facts}.")
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
OVNI_SEEDS = {("greedy", "random"): 30, ("mcts", "random"): 8, ("mcts", "greedy"): 12}   # raise for firmer answers
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
COSMIC_SEEDS = 14                                   # raise for firmer answers (each seed is 3 games)
cosmic_players = {"mcts": COSMIC_MCTS, "greedy": cosmic_bots.GreedyBot(), "random": cosmic_bots.RandomBot()}
names = list(cosmic_players)
totals = {name: [0.0] * COSMIC_SEEDS for name in names}
for r in range(len(names)):
    order = names[r:] + names[:r]
    games = sim.run_many("cosmic", [cosmic_players[nm] for nm in order], COSMIC_SEEDS, seed=3, progress=False,
                         executor=pool, new_game_kwargs={"num_players": 3})
    for i, g in enumerate(games):
        for seat, nm in enumerate(order):
            totals[nm][i] += g.win_share(seat)
n_games = COSMIC_SEEDS * len(names)
for nm in names:
    lo, hi = analysis.wilson_interval(sum(totals[nm]), n_games)
    print(f"{nm:6s} won {sum(totals[nm]):5.2f} of {n_games} games: {sum(totals[nm]) / n_games:.3f} [{lo:.3f}, {hi:.3f}] "
          f"(fair share 0.333)")
cosmic_rows = []
for i, a in enumerate(names):
    for b in names[i + 1:]:
        a_won = sum(x > y for x, y in zip(totals[a], totals[b]))
        b_won = sum(x < y for x, y in zip(totals[a], totals[b]))
        cosmic_rows.append(sign_test(a, b, a_won, b_won, COSMIC_SEEDS - a_won - b_won))
cosmic_claims = adjust_and_read(cosmic_rows, "Cosmic Encounter, 3 players")

# %% [markdown]
# A search bot at a small budget can lose to the greedy bot: with 20 iterations spread over
# up to 40 options, many moves are tried once or never, and the tree's averages are noisier
# than the one-move evaluation the greedy bot reads directly. Whether that happens here is
# in the rows above; raising `COSMIC_MCTS`'s iterations asks the question for a stronger
# search.
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
