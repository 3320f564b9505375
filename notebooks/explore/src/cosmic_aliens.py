# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Which aliens win? Alien powers and encounter odds in Cosmic Encounter
#
# **For:** game designers and curious students who know the rules of Cosmic Encounter
# ([the encounter](../rules/cosmic_1_encounter.ipynb), [the aliens](../rules/cosmic_3_aliens.ipynb))
# and have met a confidence interval ([Estimating win rates](../lessons/06_estimating_win_rates.ipynb)).
#
# **What it measures.** Every player has an alien power that breaks one rule. Are the 50
# aliens of the base set equally strong (the 23 green ones for beginners, 17 yellow and 10
# red)? Are the beginners' aliens weaker? And underneath the powers, how likely is an attack to
# succeed with so many ships on each side? Two tools answer:
#
# * **simulation**: `N_GAMES` games between bots, grouped by the alien each seat held. 50
#   aliens are 50 tests at once, so the verdicts use **Holm-adjusted** p-values and the
#   intervals are **simultaneous** (Bonferroni): an alien is called strong or weak only
#   where the adjusted evidence says so;
# * **exact odds**: the rulebook's comparison of two encounter cards, averaged over every
#   pair of cards the cosmic deck can deal (no simulation noise at all), checked against
#   the game engine.
#
# **How long it runs:** under a minute on an idle two-core machine.
# **Raise** `N_GAMES` (first code cell) for
# narrower intervals: each alien gets about $4 \times$ `N_GAMES` $/ 50$ seats. Every verdict
# is printed from the results.
#
# **Glossary:** the aliens and cards keep their English names; no Portuguese name is used
# on this page. *Warp*: where lost ships wait; *colony*: a planet with your ships.

# %%
# %matplotlib inline
import itertools
import math
from collections import defaultdict
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

from ovnilab import analysis, cosmic
from ovnilab.cosmic import stats
from ovnilab.cosmic.aliens import POWERS
from ovnilab.cosmic.bots import GreedyBot, RandomBot  # noqa: F401  (GreedyBot: see BOTS)
from ovnilab.cosmic.data import load_data
from ovnilab.sim import run_many

# ---- parameters: raise N_GAMES for tighter intervals (5,000 random games take a minute or
# ---- two; PROCESSES = 2 uses both cores with the same results)
N_GAMES = 1000
PLAYERS = 4
BOTS = [RandomBot()] * PLAYERS          # or [GreedyBot()] * PLAYERS with N_GAMES = 40
PROCESSES = None
SEED = 2008
# the rules: the rulebook's (aliens dealt from the whole set of 50, ovnilab's default;
# alien_levels=("green",) would deal the beginners' 23 only), asking only the players who
# hold a playable card in each window: the same game for bots that do not read the order of
# play, about three times fewer decisions (the board never uses this batch option)
RULES = cosmic.Rules(ask_holders_only=True)

results = run_many("cosmic", BOTS, N_GAMES, seed=SEED, processes=PROCESSES, progress=False,
                   new_game_kwargs={"num_players": PLAYERS, "rules": RULES})
print("aliens dealt from the levels", RULES.alien_levels)
assert RULES.alien_levels == cosmic.Rules().alien_levels == ("green", "yellow", "red")
limit = sum(g.extras["limit_reached"] for g in results)
shared = sum(len(g.winners) > 1 for g in results)
print(f"{len(results)} games of {PLAYERS} players; {shared} ended with a shared win; "
      f"{limit} were stopped by ovnilab's safety limit")

# %% [markdown]
# ## Alien win rates
#
# Four players, each dealt two aliens and keeping one, play to five foreign colonies. Every
# seat that held an alien counts once for it (a shared win is split); a fair share is 1/4.
#
# **Bots.** Random players make a game cost a few tens of milliseconds. They show what a
# power is worth *when nobody plans*: powers that act by themselves count fully, powers that
# need a good decision (when to declare an upset, whom to trade hands with) are used at
# random. The greedy bot plays sensibly (it launches and selects cards by the odds below,
# makes deals) but is much slower: switch `BOTS` and lower `N_GAMES` a lot to compare.
#
# `win_rate_by(..., adjust="holm")` adds, for each alien, the p-value `p` of the test that
# its holders' win rate is the fair share, Holm's adjustment `p_holm` over the 50 aliens,
# and intervals at the Bonferroni level $1 - 0.05/50$, so that all 50 hold together with
# probability at least 95%.
#
# **The seats of one game are not independent**: they share one deal and one winner.
# `cluster="game"` counts each game as one cluster: every interval and p-value is taken on
# the effective number of seats, $n / \mathit{deff}$, where the design effect
# $\mathit{deff}$ compares the cluster-robust variance of the win rate with the binomial
# one (at least 1, so no interval gets narrower; the `deff` and `n_eff` columns). An alien
# is dealt at most once per game, so its seats never share a game and its design effect
# stays close to 1 (the cell checks it):

# %%
by_alien = analysis.win_rate_by(results, "alien", adjust="holm", cluster="game")
print(by_alien.format(max_rows=0))
assert len(by_alien) == 50  # every alien of the set was dealt
max_deff_alien = max(r["deff"] for r in by_alien)
print(f"\nlargest design effect of an alien: {max_deff_alien:.3f}")
assert max_deff_alien < 1.05   # "close to 1": G/(G-1) for G games, the small-sample factor
FAIR = 1 / PLAYERS
strong = [r["alien"] for r in by_alien if r["p_holm"] < 0.05 and r["rate"] > FAIR]
weak = [r["alien"] for r in by_alien if r["p_holm"] < 0.05 and r["rate"] < FAIR]
raw = [r["alien"] for r in by_alien if r["p"] < 0.05]
print(f"\nabove a fair share (Holm-adjusted p < 0.05): {', '.join(strong) or 'none'}")
print(f"below a fair share (Holm-adjusted p < 0.05): {', '.join(weak) or 'none'}")
print(f"{len(by_alien) - len(strong) - len(weak)} of {len(by_alien)} aliens are not shown to differ "
      f"from a fair share; without the adjustment {len(raw)} would have been called different "
      f"({', '.join(raw) or 'none'})")

# %% tags=["nbval-ignore-output"]
rows = sorted(by_alien, key=lambda r: r["rate"])
fig, ax = plt.subplots(figsize=(7, 1.5 + 0.19 * len(rows)), layout="constrained")
ax.errorbar([r["rate"] for r in rows], range(len(rows)), fmt="o", color="#7a5cc7", capsize=3,
            xerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]])
ax.set_yticks(range(len(rows)), [r["alien"] for r in rows])
ax.axvline(FAIR, color="k", ls="--", lw=1)
ax.set_xlabel("win rate of the alien's holder (simultaneous 95% intervals); dashed: a fair share")
ax.set_title(f"{len(results)} games of {PLAYERS} random players", fontsize=10)
plt.show()

# %% [markdown]
# **By alert level.** The rulebook grades the aliens green (for beginners), yellow and red.
# Grouping the seats by their alien's level makes three groups of many seats each, so the
# intervals are much narrower than an alien's (Holm over the three levels). Here several
# seats of one game often share a level, so the clustering by game is the one that could
# matter. The seats of one game compete for a single win, though, which makes them
# negatively correlated and the design effect estimate smaller than 1; it is then floored
# at 1 (the cell says for which levels), and the interval is the one of independent seats:

# %%
level_of = {name: info.level for name, info in load_data().aliens.items()}


def level(row):
    """The alert level of the seat's alien."""
    return level_of[row["alien"]]


by_level = analysis.win_rate_by(results, level, adjust="holm", cluster="game")
print(by_level.format(max_rows=0))
assert sorted(r["level"] for r in by_level) == ["green", "red", "yellow"]
floored = [r["level"] for r in by_level if r["deff"] == 1.0]
print(f"\nlevels whose design effect is at its floor of 1: {', '.join(floored) or 'none'}")
apart = [r["level"] for r in by_level if r["p_holm"] < 0.05]
print(f"levels whose holders' win rate differs from a fair share (Holm-adjusted p < 0.05): "
      f"{', '.join(apart) or 'none'}")

# %% [markdown]
# A level not shown to differ is not shown to be fair either. How many games *would* tell,
# were each level's true rate the one these games show? `analysis.sample_size` gives the
# seats a proportion test needs for 80% power at the Bonferroni level over the three levels
# (a little stricter than Holm), inflated by the level's design effect; a game gives a level
# as many seats as it did here on average:

# %%
fair = 1 / PLAYERS
for r in by_level:
    if r["level"] in apart or r["rate"] == fair:
        continue
    seats = analysis.sample_size(r["rate"], fair, m=len(by_level), deff=r["deff"])
    games = math.ceil(seats / (r["n"] / len(results)))
    print(f"{r['level']:<6} {r['rate']:.3f} against {fair:.3f}: about {seats:,} of its seats, "
          f"{games:,} games ({games / len(results):.1f} times these {len(results):,}), would tell with 80% power")

# %% [markdown]
# To settle a level, set `N_GAMES` to the number printed for it and run the notebook again
# (`PROCESSES = 2` uses both cores). The notebook keeps its 1,000 games so that the test
# suite can re-run it on every change; an answer then waits on a bigger batch, not on a
# better test.

# %% [markdown]
# What the flagged powers do, in the words of `data/cosmic/aliens.toml`:

# %%
aliens = load_data().aliens
for name in strong + weak:
    print(f"{name}: {aliens[name].summary}")
if not strong + weak:
    print("no alien is flagged at this sample size")

# %% [markdown]
# **Reading it.** A power that works without a decision counts fully under random play; a
# power that is a choice is exercised at random, so its number says little about its worth
# in good hands. Random players reveal plenty of negotiates (the deck's count is printed in
# the odds section below), which is when a power about negotiates comes into play. An alien
# not flagged is *not shown* to differ from a fair share: each alien held only the seats
# counted in its `n` column, the simultaneous intervals are wide, and raising `N_GAMES` is
# the way to narrow them.
#
# ## How long a game lasts, and who keeps a power
#
# Turns per game (a turn is one player's one or two encounters), as a distribution:

# %%
mean, sd, lo, hi, n = analysis.mean_interval(g.extras["turns"] for g in results)
print(f"a game lasts {mean:.1f} turns on average (95% interval {lo:.1f} to {hi:.1f}, sd {sd:.1f}, n = {n})")

# %% tags=["nbval-ignore-output"]
turns = [g.extras["turns"] for g in results]
fig, ax = plt.subplots(figsize=(7, 2.6), layout="constrained")
ax.hist(turns, bins=range(min(turns), max(turns) + 2), color="#7a5cc7")
ax.set_xlabel("turns")
ax.set_ylabel("games")
ax.set_title(f"game length, {len(results)} games of {PLAYERS} random players", fontsize=10)
plt.show()

# %% [markdown]
# A power is lost while its owner has fewer than three home colonies (Masochist's never is). The cell tabulates,
# for each alien, the share of its seats that still had the power at the end of the game,
# and tests each against the share over all seats (a score test, Holm-adjusted over the 50
# aliens); as in the win-rate table, the intervals are simultaneous (Bonferroni). An alien
# is dealt at most once a game, so its seats come from different games:

# %%
assert all(len(set(g.extras["alien"])) == PLAYERS for g in results)   # each alien once a game
kept = defaultdict(list)
for g in results:
    for alien, active in zip(g.extras["alien"], g.extras["power_active"]):
        kept[alien].append(bool(active))
overall = sum(sum(v) for v in kept.values()) / sum(len(v) for v in kept.values())
rows = []
kept_level = 1 - 0.05 / len(kept)        # Bonferroni: all the intervals hold together at 95%
for alien, v in kept.items():
    k, n = sum(v), len(v)
    lo, hi = analysis.wilson_interval(k, n, kept_level)
    rows.append({"alien": alien, "seats": n, "kept": k, "share": k / n, "lo": lo, "hi": hi,
                 "p": analysis.proportion_pvalue(k, n, overall)})
for row, p in zip(rows, analysis.holm([r["p"] for r in rows])):
    row["p_holm"] = p
rows.sort(key=lambda r: (-r["share"], r["alien"]))
print(analysis.Table(rows, max_rows=0, title=f"power still held at the end (overall share {overall:.3f}; "
                                               f"simultaneous 95% Wilson intervals, each at {kept_level:.2%}; "
                                               f"p against the overall share, Holm)"))
more = [r["alien"] for r in rows if r["p_holm"] < 0.05 and r["share"] > overall]
less = [r["alien"] for r in rows if r["p_holm"] < 0.05 and r["share"] < overall]
print(f"\nkeep their power more often than the other aliens (Holm-adjusted p < 0.05): {', '.join(more) or 'none'}")
print(f"keep it less often (Holm-adjusted p < 0.05): {', '.join(less) or 'none'}")
if "Macron" in more:
    print(f"Macron's power: \"{aliens['Macron'].summary}\" A plausible reason: it risks one ship "
          f"per encounter, so its home planets empty less often")
never = [a for a in more if POWERS[a].keeps_power]
for name in never:
    print(f"{name} keeps it by rule: its power is never lost for too few home colonies")

# %% [markdown]
# ## Encounter odds by ships and cards
#
# An encounter is decided by the two encounter cards and the ships: attack against attack,
# the higher *card value + ships* wins and ties go to the defense; a negotiate loses to an
# attack (and takes one card of compensation per ship it lost); two negotiates must make a
# deal; a morph copies the other card. `stats.resolve_cards` is that rule, and
# `stats.encounter_odds` averages it over every ordered pair of the deck's encounter cards.
# With $g$ negotiates among $N$ encounter cards, the chance that both sides
# reveal a negotiate is $\frac{g}{N}\cdot\frac{g-1}{N-1}$:

# %%
deck = stats.card_distribution()
N = sum(deck.values())
attacks = sum(k for face, k in deck.items() if face.startswith("attack"))
g = deck["negotiate"]
both_negotiate = Fraction(g, N) * Fraction(g - 1, N - 1)
print(f"{N} encounter cards: {attacks} attacks, {g} negotiates, {deck['morph']} morph")
print(f"P(both reveal a negotiate) = {both_negotiate} = {float(both_negotiate):.3f}, "
      f"about one pair in {round(1 / both_negotiate)}")
print(stats.odds_table())

# %%
ships_o, ships_d = [1, 2, 3, 4], list(range(0, 9))
odds = np.array(stats.odds_matrix(ships_o, ships_d))
by_lead = defaultdict(set)
for i, o in enumerate(ships_o):
    for j, d in enumerate(ships_d):
        by_lead[o - d].add(round(float(odds[i, j]), 12))
assert all(len(v) == 1 for v in by_lead.values())     # only the difference of ships matters
favoured = min(lead for lead, v in by_lead.items() if min(v) > 0.5)
assert all(max(v) < 0.5 for lead, v in by_lead.items() if lead < favoured)
step = max(abs(float(odds[i, j + 1] - odds[i, j])) for i in range(len(ships_o)) for j in range(len(ships_d) - 1))
print(f"only the difference of ships matters (every diagonal of the table is constant); the offense "
      f"is favoured only with a lead of {favoured} or more ships; one ship moves the odds by at most {step:.3f}")
assert step < 0.1

# %% [markdown]
# Ties go to the defense and two negotiates make a deal, not a win, so the offense needs a
# lead of ships to be favoured (the lead is printed above), and one ship moves the odds by
# a few points at most: a ship adds 1 to a total whose card part runs from 0 to 40. As a
# heatmap:

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(7, 3), layout="constrained")
im = ax.imshow(odds, cmap="RdBu", vmin=0, vmax=1, origin="lower", aspect="auto")
ax.set_xticks(range(len(ships_d)), ships_d)
ax.set_yticks(range(len(ships_o)), ships_o)
ax.set_xlabel("defense ships (on the planet, allies included)")
ax.set_ylabel("offense ships")
for i in range(odds.shape[0]):
    for j in range(odds.shape[1]):
        ax.text(j, i, f"{odds[i, j]:.2f}", ha="center", va="center", fontsize=8)
fig.colorbar(im, ax=ax, label="P(offense wins)")
plt.show()

# %% [markdown]
# The card matters far more than the ships (the cell checks that, at every number of
# defense ships, the attack cards below spread the odds by more than three times the
# largest one-ship step). With four ships and a known card, against a
# defense card drawn from the rest of the deck:

# %%
print(stats.card_odds_table())


def p_win(card, d, o=4):
    """The offense's chance with `card`, the defense's card drawn from the rest of the deck."""
    rest = dict(deck)
    rest[card] -= 1          # the offense holds this one
    return stats.encounter_odds(o, d, offense_card=card, deck=rest)["offense"]


others = N - 1
assert all(p_win("negotiate", d) == 0 for d in ships_d)
assert all(p_win("attack 40", d) == 1 for d in range(4))
assert all(abs(p_win("attack 40", d) - (1 - 1 / others)) < 1e-12 for d in range(4, 9))
assert all(abs(p_win("morph", d) - attacks / others) < 1e-12 for d in range(4))
assert all(p_win("morph", d) == 0 for d in range(4, 9))
assert (others, attacks) == (54, 39)   # the numbers quoted below
attack_cards = ["attack 04", "attack 08", "attack 10", "attack 15", "attack 20", "attack 40"]
card_spread = min(max(p_win(c, d) for c in attack_cards) - min(p_win(c, d) for c in attack_cards)
                  for d in ships_d)
assert card_spread > 3 * step          # "the card matters far more than the ships"
print(f"checked: attack 40 wins surely with 0-3 defense ships and {1 - 1 / others:.3f} = 1 - 1/{others} "
      f"with 4 or more; a negotiate never wins; the morph wins {attacks}/{others} = {attacks / others:.3f} "
      f"with 0-3 defense ships and never with 4 or more")

# %% [markdown]
# Why, from the rule:
#
# * an **attack 40** with four ships loses only to the single morph, which copies it; the
#   totals are then $40 + 4$ against $40 + d$, and ties go to the defense, so the morph
#   beats it once the defense has four ships or more ($1/54$ of the defense's cards);
# * a **negotiate** never wins an encounter: it is played for the deal (against another
#   negotiate) or for the compensation when it loses;
# * the **morph** copies the defense's card: against one of the 39 attacks the ships decide
#   ($4 > d$), against a negotiate it makes a deal, so it wins with probability $39/54$
#   while the defense has fewer than four ships, and never after.
#
# ## Does the formula agree with the engine?
#
# `stats.play_encounter` sets up an encounter and plays it through the game engine itself
# (launch, alliances, selection, reveal, resolution). On a grid of cards and ships:

# %%
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
assert agree == checked

# %% [markdown]
# **Going further.** Raise `N_GAMES` until the intervals are narrow enough to rank more
# aliens; switch `BOTS` to greedy players and see which aliens stay strong when everybody
# plays sensibly. The lesson
# [Mixed strategies and zero-sum games](../lessons/03_mixed_strategies_zero_sum.ipynb)
# turns the choice between attacking and negotiating into a small game.
