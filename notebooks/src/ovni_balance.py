import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Is Ovni balanced? Measuring a game with simulated players

A designer's questions, answered with thousands of games between bots:

* Does the seat you sit in, or moving first, change your chances?
* Where do the points come from?
* Are some ability cards, missions or planets stronger than others?
* How long is a game, and is it decided early?

The metrics are the ones the Ludii project uses to compare games (balance,
first-player advantage, duration, lead changes, decisiveness), each with a 95% confidence
interval: with a few hundred games a difference of a few percent is noise, and the
intervals say so.

**Bots.** Random players make thousands of games cheap; they show the structure of the rules
(what pays off when nobody plans), not expert play. The greedy bot (one move ahead on the
score) is about fifty times slower; `BOTS` below switches to it.
"""),
code("""
%matplotlib inline
from ovnilab import analysis
from ovnilab.ovni.bots import GreedyBot, RandomBot
from ovnilab.sim import run_many

# ---- parameters: raise N_GAMES for tighter intervals (10,000 random games take about a
# ---- minute with processes=2)
N_GAMES = 1200
PLAYERS = 4
BOTS = [RandomBot()] * PLAYERS          # or [GreedyBot()] * PLAYERS (much slower)
PROCESSES = None                        # e.g. 2 to use both cores

results = run_many("ovni", BOTS, N_GAMES, seed=2026, processes=PROCESSES, progress=False,
                   record_scores=True, new_game_kwargs={"num_players": PLAYERS, "setup": "random"})
results
"""),
md("""
## Seats and the first player

Each seat's share of the wins (a shared win is split). With four equal players each
should be near 0.25. *Balance* is 1 minus the largest gap between two seats.
"""),
code("""
print(analysis.win_rates(results))
print(analysis.balance(results))
"""),
md("""
The first player of round 1 (most military; at the start it usually comes down to
the planet tie-break) places the first command token. Does that help?
"""),
code("""
analysis.first_player_advantage(results)
"""),
md("""
## How long, and how decided

Rounds and decisions per game; *lead changes* count how often the score leader changes from
round to round; *decisiveness* is how early the eventual winner takes the lead for good
(1 = from the start).
"""),
code("""
print(analysis.duration(results))
print(analysis.lead_changes(results))
print(analysis.decisiveness(results))
"""),
md("""
## Where the points come from

Mean points per category (the rulebook's six) for each seat and overall:
"""),
code("""
analysis.score_breakdown(results)
"""),
md("""
Under random play missions cost points on average (a failed mission is -5): a random player
rarely completes one. That is a reason to keep one mission, not two, unless you plan for them.

## Cards and planets

Win rate of the players who held each ability card (a player holding two different cards
counts in both rows), each mission family, and each planet:
"""),
code("""
print(analysis.win_rate_by(results, "abilities"))
"""),
code("""
print(analysis.win_rate_by(results, "mission_families"))
print(analysis.win_rate_by(results, "planet", sort="key"))
"""),
code("""
from matplotlib.figure import Figure

table = analysis.win_rate_by(results, "abilities")
fig = Figure(figsize=(7, 3.2), layout="constrained")
ax = fig.subplots()
labels = [r["abilities"] for r in table]
rates = [r["rate"] for r in table]
err = [[r["rate"] - r["lo"] for r in table], [r["hi"] - r["rate"] for r in table]]
ax.barh(labels, rates, xerr=err, color="#5b8def")
ax.axvline(1 / PLAYERS, color="k", ls="--", lw=1)
ax.set_xlabel("win rate of the holder (95% interval); dashed: a fair share")
ax.set_title(f"Ability cards, {len(results)} games")
fig
""", FIG),
md("""
**Reading the tables.** Rows whose intervals overlap the fair share (dashed line) are not
shown to differ from it; raise `N_GAMES` before concluding anything about the others. Under
random play a card that acts without a decision (an initial UFO, three starting aliens) is
worth more than one that needs a plan (human swap), so these numbers describe the cards'
raw power, not their value to a good player: try `BOTS = [GreedyBot()] * PLAYERS` with a
smaller `N_GAMES` and compare.
"""),
]
write(str(ROOT / "notebooks" / "ovni/03_balance.ipynb"), cells)
