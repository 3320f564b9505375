import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *

cells = [
md("""
# Is the cow game balanced? Ludii-style metrics and what-if rules

The card set of the cow-abduction game is an ovnilab design (`data/cows/cards.toml`), so
its balance is a claim to check. The Ludii project judges a game from batches of
AI-vs-AI games with a few named metrics; here they are for the cow game, each with a
95% confidence interval:

* **win rate per seat** and **first-player advantage**: does sitting first help?
* **balance**: 1 minus the largest gap between the seats' win rates (1 = fair);
* **duration**: decisions and turns per game;
* **lead changes** and **decisiveness**: how often the score leader changes, and how
  early the eventual winner takes the lead for good (1 = from the first decision);
* **win rate by card held** and **by discard-area count** (the Celeiro face);
* **what-if**: the same seeds under other rule options (`compare_variants`).

**Bots.** Two greedy bots (one action ahead on the score margin plus half the value of
their hand; they decide from what they see, sampling the hidden backs). They are fast
(about 30 ms a game) and play sensibly; random players would measure the rules' structure
rather than the cards' value to someone who plans.
"""),
code('''
%matplotlib inline
import dataclasses
from ovnilab import analysis, cows, sim
from ovnilab.cows.bots import GreedyBot

# ---- parameters: raise them for tighter intervals (games per Celeiro face, and per
# ---- rule variant); PROCESSES = 2 uses both cores (same results, faster)
N_GAMES = 120
N_VARIANT = 80
BOTS = [GreedyBot(), GreedyBot()]
PROCESSES = None

runs = {areas: sim.run_many("cows", BOTS, N_GAMES, seed=20_000, progress=False, processes=PROCESSES,
                            record_scores=True, new_game_kwargs={"discard_areas": areas})
        for areas in (1, 2)}
runs
'''),
md("""
## The headline metrics

One summary per Celeiro face. The score is recorded after every decision, so a lead
change is a change of the sole leader between two decisions.
"""),
code('''
for areas, res in runs.items():
    print(f"--- {areas} discard area(s)")
    print(analysis.summary(res))
    print()
'''),
md("""
Seat 0 and seat 1 are only labels here (the starting player is drawn at random each
game), so their rates should agree; the first-player advantage is the real test. With
120 games per face an interval is about 17 points wide, so one face may land away from
one half by chance: the design note's batch of 2,000 games (`python -m
ovnilab.cows.balance`) puts the first player's share at 49.5% [47.4%, 51.7%].

## Where the points come from

Mean points per scoring category (base values, adjacency effects, end-of-game effects):
"""),
code('''
for areas, res in runs.items():
    print(analysis.score_breakdown(res))
    print()
'''),
md("""
## By discard-area count and by seat order

Both batches in one table, grouped by the Celeiro face and by whether the seat started:
"""),
code('''
both = sim.Results([dataclasses.replace(g, index=k)
                    for k, g in enumerate(g for res in runs.values() for g in res)])
areas_of = {g.index: g.options["discard_areas"] for g in both}


def celeiro(row):
    order = "started" if row["first"] else "second"
    return f"{areas_of[row['game']]} area(s), {order}"


print(analysis.win_rate_by(both, celeiro, sort="key"))
print(analysis.duration(runs[1]))
print(analysis.duration(runs[2]))
'''),
md("""
## By card held

A card counts for the player whose final pyramid holds it (either side up). Each game
reports its final pyramids (`State.result_extras()`: the `cards` column of the seat
table names each card by its two faces), so no game is replayed.
"""),
code('''
by_card = analysis.win_rate_by(both, "cards")
by_card.max_rows = 0
print(by_card)
outside = [r["cards"] for r in by_card if r["hi"] < 0.5 or r["lo"] > 0.5]
print(f"\\n{len(outside)} of {len(by_card)} intervals exclude one half (about {0.05 * len(by_card):.1f} "
      f"expected by chance): {outside}")
'''),
code('''
from matplotlib.figure import Figure

rows = sorted(by_card, key=lambda r: r["rate"])
fig = Figure(figsize=(7, 4.6), layout="constrained")
ax = fig.subplots()
ax.errorbar([r["rate"] for r in rows], range(len(rows)), fmt="o", color="#6d4c41",
            xerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]])
ax.set_yticks(range(len(rows)), [r["cards"] for r in rows], fontsize=8)
ax.axvline(0.5, color="k", ls="--", lw=1)
ax.set_xlabel("win rate of the player whose pyramid holds the card (95% interval)")
ax.set_title(f"Cards, greedy vs greedy, {len(both)} games")
fig
''', FIG),
md("""
## What if the rules were different?

`compare_variants` plays the same seeds under each rule set (common random numbers: the
same deals, so differences are measured with less noise) and gives each variant's
difference from the rulebook with a paired bootstrap interval. The options:

* `last_turn=False`: no extra turn for the second player when the starter completes
  first. The rulebook's extra turn is there for fairness: without it the first-player
  advantage should grow.
* `support="both"`: the middle of row 3 needs both row-2 cards above it.
* `max_chain_flips=1`: a flip effect may flip one card, never a chain.
* `tie_break="most_cattle"`: a tie goes to the pyramid with more cows and calves instead
  of being shared.

(`hand_limit=2` or `build_during_draw=True` would change nothing here: the greedy bots
build every turn and never hold more than two cards, so these options never come up in
their games. A what-if measures what the players actually do.)
"""),
code('''
variants = {
    "rulebook": cows.Rules(),
    "no last turn": cows.Rules(last_turn=False),
    "support both": cows.Rules(support="both"),
    "chain of one": cows.Rules(max_chain_flips=1),
    "most cattle wins ties": cows.Rules(tie_break="most_cattle"),
}
whatif = analysis.compare_variants(variants, "cows", BOTS, N_VARIANT, seed=30_000, progress=False,
                                   processes=PROCESSES,
                                   metric=["first_player_advantage", "balance", "steps", "score"])
whatif
'''),
code('''
whatif.plot(["first_player_advantage", "steps"])
''', FIG),
code('''
for name in list(variants)[1:]:
    row = whatif.row(metric="first_player_advantage", variant=name)
    verdict = ("no detectable change" if row["diff_lo"] <= 0 <= row["diff_hi"]
               else "more" if row["diff"] > 0 else "less")
    print(f"{name:<22} first player's share {row['value']:.3f} "
          f"(diff {row['diff']:+.3f} [{row['diff_lo']:+.3f}, {row['diff_hi']:+.3f}]): {verdict}")
'''),
md("""
**Reading.** A variant's difference is only a finding when its interval excludes zero;
with the default sizes only large effects show. The extra last turn is the rule
to watch: it exists to compensate the second player, so dropping it should move the
first player's share up. Raise `N_VARIANT` (and `N_GAMES`) to resolve smaller effects,
or try your own options: every field of `cows.Rules` is a what-if.
"""),
]
write(str(ROOT / "notebooks" / "cows/02_balance.ipynb"), cells)
