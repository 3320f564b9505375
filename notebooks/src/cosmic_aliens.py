import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Which aliens win? Alien powers and encounter odds

Cosmic Encounter gives every player an alien power that breaks one rule. Are the 23
beginner aliens equally strong? And underneath the powers, how likely is an attack to
succeed with so many ships on each side?

Two tools answer that:

* **simulation**: thousands of games between bots, grouped by the alien each seat held,
  with a 95% confidence interval on each win rate;
* **exact odds**: the rulebook's comparison of two encounter cards, averaged over every
  pair of cards the cosmic deck can deal (no simulation noise at all).
"""),
code("""
%matplotlib inline
from ovnilab import analysis, cosmic
from ovnilab.cosmic import stats
from ovnilab.cosmic.bots import GreedyBot, RandomBot
from ovnilab.sim import run_many

"""),
md("""
## Alien win rates

Four players, each dealt two aliens and keeping one, play to five foreign colonies. Every
seat that held an alien counts once for it; a fair share is 1/4.

**Bots.** Random players make a game cost about 20 ms, so a few hundred games run in
seconds. They show what a power is worth *when nobody plans*: powers that act by
themselves count fully, powers that need a good decision (when to declare an upset, whom
to trade hands with) are used at random. The greedy bot plays sensibly (it launches and
selects cards by the odds below, makes deals) but is about a hundred times slower:
switch `BOTS` and lower `N_GAMES` to compare.
"""),
code("""
# ---- parameters: raise N_GAMES for tighter intervals (each alien gets about
# ---- 4 * N_GAMES / 23 seats); 5000 random games take under two minutes
N_GAMES = 500
PLAYERS = 4
BOTS = [RandomBot()] * PLAYERS          # or [GreedyBot()] * PLAYERS with N_GAMES = 40

results = run_many("cosmic", BOTS, N_GAMES, seed=2008, progress=False,
                   new_game_kwargs={"num_players": PLAYERS})
by_alien = analysis.win_rate_by(results, "alien")
print(by_alien.format(max_rows=0))
"""),
code("""
from matplotlib.figure import Figure

rows = sorted(by_alien, key=lambda r: r["rate"])
fig = Figure(figsize=(7, 6), layout="constrained")
ax = fig.subplots()
ax.barh([r["alien"] for r in rows], [r["rate"] for r in rows],
        xerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]], color="#7a5cc7")
ax.axvline(1 / PLAYERS, color="k", ls="--", lw=1)
ax.set_xlabel("win rate of the alien's holder (95% interval); dashed: a fair share")
ax.set_title(f"{len(results)} games of {PLAYERS} random players")
fig
""", FIG),
md("""
**Reading the chart.** An alien whose interval lies clear of the dashed line is shown to
differ from a fair share *under random play*; the others are not shown to differ (the
intervals are wide: each alien held only a hundred-odd seats). The aliens whose
intervals stay clear of the line are counted below.
"""),
code("""
fair = 1 / PLAYERS
above = [r["alien"] for r in by_alien if r["lo"] > fair]
below = [r["alien"] for r in by_alien if r["hi"] < fair]
print("clearly above a fair share:", ", ".join(above) or "none")
print("clearly below a fair share:", ", ".join(below) or "none")
mean, sd, lo, hi, n = analysis.mean_interval(g.extras["turns"] for g in results)
print(f"a game lasts {mean:.1f} turns on average (95% interval {lo:.1f} to {hi:.1f})")
"""),
md("""
The lists above are computed from the intervals, so they follow the run (a different
seed or more games moves the aliens near the line); here Pacifist and Warrior come out
on top. What a power is worth to a *random* player says something about the power:

* the strong ones work **without a decision**: random players reveal plenty of
  negotiates (15 of the 55 encounter cards) and a Pacifist's negotiate beats any attack;
  Warrior's tokens pile up by themselves and add to every total;
* powers that are **choices** are made at random: Parasite joins encounters uninvited
  and sends ships into encounters it often loses, Loser declares its upset at random,
  Trader swaps hands for no reason, Hacker takes compensation from whoever comes first;
  their numbers say little about their worth in good hands.

A power is also lost with fewer than three home colonies. How often each alien still had
its power at the end of a game:
"""),
code("""
from collections import defaultdict

kept = defaultdict(list)
for g in results:
    for alien, active in zip(g.extras["alien"], g.extras["power_active"]):
        kept[alien].append(active)
rows = [{"alien": a, "seats": len(v), "power at the end": sum(v) / len(v)} for a, v in kept.items()]
rows.sort(key=lambda r: -r["power at the end"])
print(analysis.Table(rows, max_rows=0).format(decimals=2))
print(f"kept most often: {rows[0]['alien']}; lost most often: {rows[-1]['alien']}")
"""),
md("""
Macron risks a single ship per encounter, so its home colonies rarely empty: it keeps its
power more often than most.

## Encounter odds by ships and cards

An encounter is decided by the two encounter cards and the ships: attack against attack,
the higher *card value + ships* wins and ties go to the defense; a negotiate loses to an
attack (and takes one card of compensation per ship it lost); two negotiates must make a
deal; a morph copies the other card. `stats.resolve_cards` is that rule, and
`stats.encounter_odds` averages it over every ordered pair of the deck's 55 encounter
cards:
"""),
code("""
deck = stats.card_distribution()
attacks = sum(k for face, k in deck.items() if face.startswith("attack"))
print(f"{sum(deck.values())} encounter cards: {attacks} attacks, {deck['negotiate']} negotiates, {deck['morph']} morph")
print(stats.odds_table())
"""),
md("""
With both cards unknown the offense is an underdog as soon as the defense has as many
ships: ties go to the defense, and two negotiates (about one pair in twelve) make a deal,
not a win. Only the *difference* of ships matters (each diagonal of the table is
constant), and one ship moves the odds by a few points only: a ship adds 1 to a total
whose card part runs from 0 to 40. As a heatmap:
"""),
code("""
import numpy as np

offense_ships, defense_ships = [1, 2, 3, 4], list(range(0, 9))
m = np.array(stats.odds_matrix(offense_ships, defense_ships))
fig = Figure(figsize=(7, 3), layout="constrained")
ax = fig.subplots()
im = ax.imshow(m, cmap="RdBu", vmin=0, vmax=1, origin="lower", aspect="auto")
ax.set_xticks(range(len(defense_ships)), defense_ships)
ax.set_yticks(range(len(offense_ships)), offense_ships)
ax.set_xlabel("defense ships (on the planet, allies included)")
ax.set_ylabel("offense ships")
for i in range(m.shape[0]):
    for j in range(m.shape[1]):
        ax.text(j, i, f"{m[i, j]:.2f}", ha="center", va="center", fontsize=8)
fig.colorbar(im, ax=ax, label="P(offense wins)")
fig
""", FIG),
md("""
The card matters far more than the ships. With four ships and a known card, against a
defense card drawn from the rest of the deck:
"""),
code("""
print(stats.card_odds_table())
"""),
md("""
* An **attack 40** wins unless the defense reveals the morph (which copies it, and ties go
  to the defense once the defense has four ships).
* A **negotiate** never wins an encounter: it is played for the deal (against another
  negotiate) or for the compensation when it loses.
* The **morph** copies the defense's card: against an attack the ships decide (the offense
  wins with more ships than the defense), against a negotiate it makes a deal.

## Does the formula agree with the engine?

`stats.play_encounter` sets up an encounter and plays it through the game engine itself
(launch, alliances, selection, reveal, resolution). On a grid of cards and ships the
engine and the formula agree on every encounter:
"""),
code("""
import itertools

cards = ["attack 04", "attack 08", "attack 12", "attack 20", "negotiate", "morph"]
checked = agree = 0
for a, b in itertools.product(cards, cards):
    if a == b == "morph":              # the deck has one morph
        continue
    for o, d in [(1, 0), (2, 4), (4, 4), (4, 7)]:
        engine = stats.play_encounter(a, b, o, d).outcome
        formula = stats.resolve_cards(a, b, o, d)[0]
        checked += 1
        agree += engine == {"deal": "deal_made"}.get(formula, formula)
print(f"{agree} of {checked} encounters: the engine's outcome is the formula's")
"""),
md("""
**Going further.** Raise `N_GAMES` until the intervals are narrow enough to rank the aliens;
switch `BOTS` to greedy players and see which aliens stay strong when everybody plays
sensibly; in the lesson `theory/02_attack_or_negotiate.ipynb` the planning phase becomes a
small game whose equilibria show when to attack and when to negotiate.
"""),
]
write(str(ROOT / "notebooks" / "cosmic/02_aliens.ipynb"), cells)
