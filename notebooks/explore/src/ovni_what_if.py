# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Ovni: what if the rule were different?
#
# **For:** game designers and curious students who know the rules of *Ovni*
# ([the rules](../rules/ovni.ipynb)) and want to test a rule change before printing it.
#
# **What it measures.** A rule change is a what-if question: *what if the launch platform
# held three UFOs? what if mapping a city someone already mapped needed only two UFOs? what
# if equal sums never won an area? what if the board were a simple ring?* Each variant is
# an option of `ovni.Rules`, so the same `N_GAMES` seeded games are played under each rule
# set and compared with the rulebook, metric by metric.
#
# **How long it runs:** about 15 seconds on an idle two-core machine.
# **Raise** `N_GAMES` (first code cell) to detect
# smaller effects; every verdict below is printed from the results.
#
# **Three statistical choices**, each explained where it is used:
#
# 1. *Common random numbers:* every variant plays the same seeds (the same deals, the same
#    humans on the same cities, the same random choices where the rules let them
#    coincide), so a difference is measured game by game: a **paired** comparison, far less
#    noisy than two independent batches.
# 2. *Multiple comparisons:* four variants times five metrics are twenty differences read
#    at once; the intervals are widened (Bonferroni) so that all twenty hold together with
#    probability at least 95%.
# 3. *A claim only where the adjusted interval excludes zero*; otherwise the text says the
#    data cannot tell.
#
# **Glossary:** the board's cities keep their Portuguese names in `data/ovni/board.toml`
# (none is named on this page). *Ovni*: UFO.

# %%
# %matplotlib inline
import dataclasses
import math
import statistics

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np

from ovnilab import analysis, ovni
from ovnilab.ovni.bots import RandomBot
from ovnilab.ovni.data import load_board

# ---- parameters: raise N_GAMES for tighter intervals (games per variant, on shared seeds)
N_GAMES = 600
PLAYERS = 4
SEED = 7
FAMILY_CONFIDENCE = 0.95          # for all the differences together
N_BOOT = 10_000                   # bootstrap resamples (the adjusted level needs many)

variants = {
    "rulebook": ovni.Rules(),
    "platform holds 3": ovni.Rules(platform_capacity=3),
    "mapped cities need 2": ovni.Rules(map_threshold_mapped=2),
    "equal sums never win": ovni.Rules(area_tie="none"),
    "ring board": ovni.Rules(board_file="board_ring.toml"),
}
book = ovni.Rules()
for name, rules in variants.items():
    changed = {k: v for k, v in vars(rules).items() if v != getattr(book, k)}
    print(f"{name:<22} {changed}")

# %% [markdown]
# **Every knob, one call away.** Each variant above changes fields of `ovni.Rules`;
# `ovni.Rules.describe()` lists every field with its default, the values it takes and
# what it means, so a new variant starts from this list:

# %%
knobs = ovni.Rules.describe()
print(knobs)
assert len(knobs.splitlines()) == len(dataclasses.fields(ovni.Rules))
changed_fields = {k for rules in variants.values() for k, v in vars(rules).items() if v != getattr(book, k)}
assert all(any(line.startswith(f"{k} = ") for line in knobs.splitlines()) for k in changed_fields)

# %% [markdown]
# The metrics `analysis.compare_variants` knows by name are one call away too; any other
# metric is a function of a game's result:

# %%
print(analysis.metrics())

# %% [markdown]
# The metrics here: rounds per game; the first player's share of the wins; and three per-game
# numbers that are functions of a game's result: the players' mean UFO points and mapping
# points (from its per-seat score breakdown: 2 per UFO on the board and 1 on the platform;
# the mapping category), and the winner's score:

# %%
ufo_points = analysis.category_points("ufos", name="ufo_points")
mapping_points = analysis.category_points("mapping", name="mapping_points")
winning_score = analysis.winning_score
METRICS = ("rounds", "first_player_advantage", ufo_points, mapping_points, winning_score)
m = (len(variants) - 1) * len(METRICS)           # differences from the rulebook read at once
LEVEL = 1 - (1 - FAMILY_CONFIDENCE) / m          # Bonferroni: each interval at this level
print(f"{m} differences from the rulebook; each interval at {LEVEL:.2%} so that all {m} "
      f"hold together with probability at least {FAMILY_CONFIDENCE:.0%}")

# %% [markdown]
# ## The comparison
#
# `analysis.compare_variants` plays the games and gives each variant's value with a
# bootstrap interval, and its difference from the rulebook with a **paired** bootstrap
# interval: the resampled seeds are the same in every variant, so what is resampled is the
# per-seed difference. `confidence=LEVEL` makes every interval a Bonferroni-adjusted one.

# %%
comparison = analysis.compare_variants(
    variants, "ovni", [RandomBot()] * PLAYERS, N_GAMES, seed=SEED, metric=METRICS,
    confidence=LEVEL, n_boot=N_BOOT, progress=False,
    new_game_kwargs={"num_players": PLAYERS, "setup": "random"})
first = [comparison.results[v][0].seed for v in variants]
assert len(set(first)) == 1                      # the same seeds in every variant: paired
print(comparison)

# %% [markdown]
# The differences as a picture, one panel per metric, each on its own unit (the x axis says
# which), every interval at the adjusted level; the dashed line is "no change":

# %% tags=["nbval-ignore-output"]
metric_names = list(dict.fromkeys(r["metric"] for r in comparison))
UNITS = {"rounds": "rounds per game", "first_player_advantage": "first player's share of the wins",
         "ufo_points": "UFO points per player", "mapping_points": "mapping points per player",
         "winning_score": "points of the winner"}
assert set(UNITS) == set(metric_names)
others = list(variants)[1:]
ncols = 2
fig, axes = plt.subplots(math.ceil(len(metric_names) / ncols), ncols, figsize=(8.5, 7.5),
                         sharey=True, layout="constrained", squeeze=False)
for ax in axes.flat[len(metric_names):]:
    ax.set_visible(False)
for ax, name in zip(axes.flat, metric_names):
    rows = [comparison.row(metric=name, variant=v) for v in others]
    ys = range(len(rows))
    ax.errorbar([r["diff"] for r in rows], ys, fmt="o", capsize=3, color="C0",
                xerr=[[r["diff"] - r["diff_lo"] for r in rows], [r["diff_hi"] - r["diff"] for r in rows]])
    ax.axvline(0, color="0.3", ls="--", lw=0.8)
    ax.set_title(name, fontsize=10)
    ax.set_xlabel(f"difference in {UNITS[name]}", fontsize=10)
    ax.set_yticks(list(ys), others)
    ax.tick_params(labelsize=9)
    ax.locator_params(axis="x", nbins=5)
fig.suptitle(f"difference from the rulebook, {N_GAMES} paired games, "
             f"simultaneous {FAMILY_CONFIDENCE:.0%} intervals (Bonferroni over {m})", fontsize=10)
plt.show()

# %% [markdown]
# ## What the games show
#
# Each line below is a verdict on one difference, generated from its adjusted interval and
# the replication bar the balance notebooks use (`comparison.verdict`). An interval that
# excludes zero only just is repeated by a fresh batch of the same size about half the time,
# so a difference is a **finding** ("up", "down") only when it is also at least
# `analysis.replication_bar(m)` standard errors from zero: were the true difference the one
# observed, a fresh batch would show it again nine times in ten. One that excludes zero
# below the bar is printed as "suggestive", not a finding.

# %%
BAR = analysis.replication_bar(m)
print(f"a finding needs |difference / standard error| >= {BAR:.2f} (replication bar for {m} differences)")
findings, suggestive = [], []
for name in metric_names:
    for v in others:
        r = comparison.row(metric=name, variant=v)
        word = comparison.verdict(m, metric=name, variant=v)
        if word in ("up", "down"):
            findings.append((v, name))
        elif word != "not shown":
            suggestive.append((v, name))
        said = {"not shown": "the data cannot tell"}.get(word, word.replace("suggestive", "suggestive only:"))
        print(f"{v:<22} {name:<22} {r['diff']:+7.3f} [{r['diff_lo']:+7.3f}, {r['diff_hi']:+7.3f}]  "
              f"z {r['diff'] / r['diff_se']:+6.2f}  {said}")
print(f"\n{len(findings)} of {m} differences are findings; {len(suggestive)} more only suggestive")

# %% [markdown]
# **Reading it as a designer.** Where a difference is shown, the mechanism is usually plain
# from the rule:
#
# * a bigger **platform** keeps builds that a full platform would lose, so UFO points can
#   go up;
# * **cheaper re-mapping** lets every player map cities already mapped, so mapping points
#   can go up;
# * when **equal sums never win**, more areas end without a winner, so games can last
#   longer;
# * the **ring board** joins the same twelve cities only in a ring (two neighbours each,
#   the farthest six moves away instead of four), so mapping points can go down.
#
# These are the directions to expect; the verdicts above say which of them these games
# actually show. The cell checks the two that the default size shows with room to spare:

# %%
assert ("mapped cities need 2", "mapping_points") in findings
assert comparison.row(metric="mapping_points", variant="mapped cities need 2")["diff"] > 0
assert ("ring board", "mapping_points") in findings
assert comparison.row(metric="mapping_points", variant="ring board")["diff"] < 0
# the ring board as described: the same twelve cities, two neighbours each, farthest 6 apart (4 on the rulebook's)
ring_board, book_board = load_board("board_ring.toml"), load_board()
assert sorted(ring_board.names) == sorted(book_board.names) and all(len(n) == 2 for n in ring_board.neighbours)
assert [nx.diameter(b.graph()) for b in (ring_board, book_board)] == [6, 4]
print("cheaper re-mapping raises mapping points and the ring board lowers them, "
      "with adjusted intervals that exclude zero")

# %% [markdown]
# How much does pairing help? For the ring board's mapping points the cell compares the
# normal interval of the mean per-seed difference (paired) with the interval one would get
# by treating the two batches as independent samples, both at the adjusted level. Pairing
# gains more the more alike the shared seeds keep the two variants' games (the
# correlation printed first); a different board makes them diverge quickly (the cell
# checks the correlation is below 0.5):

# %%
base = np.array([mapping_points(g) for g in comparison.results["rulebook"]])
ring = np.array([mapping_points(g) for g in comparison.results["ring board"]])
z = statistics.NormalDist().inv_cdf(0.5 + LEVEL / 2)
d = ring - base
paired_half = z * d.std(ddof=1) / math.sqrt(len(d))
independent_half = z * math.sqrt(base.var(ddof=1) / len(base) + ring.var(ddof=1) / len(ring))
corr = float(np.corrcoef(base, ring)[0, 1])
assert corr < 0.5   # "a different board makes them diverge quickly"
print(f"correlation of a seed's mapping points under the two rule sets: {corr:.3f}")
print(f"half-width of the {LEVEL:.2%} interval: paired {paired_half:.3f}, "
      f"as if independent {independent_half:.3f}")
print("pairing narrows the interval" if paired_half < independent_half
      else "here pairing does not narrow the interval (the shared seeds diverge quickly)")

# %% [markdown]
# ## The tie rule, close up
#
# The rulebook gives equal sums in an area to the player who opened it; the default reading
# (`area_tie="earliest"`) extends that to the case where the opener is not among the tied
# players (the earliest tied player wins); `"opener"` gives such an area to nobody, and
# `"none"` never lets equal sums win. How often do the readings disagree on real
# recruitment areas? Every result of a batch carries its areas (`GameResult.areas`: each
# area's round, tokens in placement order and the seat that recruited its card, `None` for
# nobody), so the cell resolves every area of the rulebook games above under the three
# readings, with no replay. The areas of one game are not independent (the same players,
# the same hands), so each interval is a Wilson interval on the effective number of areas
# (`analysis.design_effect`, clustered by game, as `win_rate_by(cluster="game")` does):

# %%
def share(flags, games):
    """A share with its 95% Wilson interval, the areas of one game counted as one cluster."""
    n_eff = len(flags) / analysis.design_effect(flags, games)
    lo, hi = analysis.wilson_interval(sum(flags) / len(flags) * n_eff, n_eff)
    return round(sum(flags)), len(flags), lo, hi


areas = [(k, a) for k, g in enumerate(comparison.results["rulebook"]) for a in g.areas]
readings = [tuple(ovni.resolve_area([tuple(t) for t in a["tokens"]], tie=t) for t in ovni.AREA_TIE_RULES)
            for _, a in areas]
assert ovni.AREA_TIE_RULES == ("earliest", "opener", "none") and book.area_tie == "earliest"
assert all(r[0] == a["winner"] for r, (_, a) in zip(readings, areas))   # the engine's reading
games = [k for k, _ in areas]
cases = {"readings differ": [len(set(r)) > 1 for r in readings],
         "only 'earliest' has a winner": [r[0] is not None and r[1] is None for r in readings]}
for what, flags in cases.items():
    k, n, lo, hi = share([float(f) for f in flags], games)
    print(f"{what}: {k} of {n} areas of {N_GAMES} games, {k / n:.2%} [{lo:.2%}, {hi:.2%}] "
          f"(95% Wilson, clustered by game)")
assert cases["readings differ"] == [r[0] != r[2] for r in readings]
assert cases["only 'earliest' has a winner"] == [r[0] != r[1] for r in readings]

# %% [markdown]
# And the areas nobody won, variant by variant, straight from the results (an area with
# no token left after the cancellations, or equal sums under `"none"`):

# %%
for name, res in comparison.results.items():
    flags = [float(a["winner"] is None) for g in res for a in g.areas]
    k, n, lo, hi = share(flags, [i for i, g in enumerate(res) for _ in g.areas])
    print(f"{name:<22} nobody won {k:>4} of {n} areas, {k / n:.2%} [{lo:.2%}, {hi:.2%}]")
print("(95% Wilson intervals, clustered by game)")

# %% [markdown]
# The default reading and the opener-only reading differ only in the case printed on the
# second line, and the first line is exactly the share of areas whose outcome the "equal
# sums never win" variant changes (the cell checks both); the verdicts above say what that
# does to a whole game.
#
# **Try it.** Add your own variant to `variants` (any field of `ovni.Rules`: the number of
# groups per turn, the energy bonus, the mission points, your own board or cards file) and
# run the notebook again: `m` and the adjusted level follow the number of variants and
# metrics. See also [Is Ovni balanced?](ovni_balance.ipynb) for the rulebook game alone.
