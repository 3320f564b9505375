# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Is Ovni balanced? Measuring a game with simulated players
#
# **For:** game designers and curious students who know the rules of *Ovni* (see
# [the rules](../rules/ovni.ipynb)) and have met a confidence interval (the lesson
# [Estimating win rates](../lessons/06_estimating_win_rates.ipynb) explains the ones used here).
#
# **What it measures**, from `N_GAMES` games between four random players:
#
# * whether a seat, or moving first, changes a player's chances;
# * how long a game is and how early it is decided;
# * where the points come from (and what missions cost a player who does not plan);
# * whether some ability cards, mission families or single missions win more often than
#   they would if they made no difference, as rankings **adjusted for multiple
#   comparisons** (Holm), each against the right baseline;
# * what can and cannot be said about the four home planets.
#
# **How long it runs:** about 40 seconds on an idle two-core machine.
# **Raise** `N_GAMES` (first code cell) for tighter
# intervals; every sentence below is printed from the results or checked by an `assert`,
# so the text stays true when the numbers move.
#
# **Verdicts and findings.** A test that passes at the 5% level (after Holm's adjustment)
# only just is repeated by a fresh batch of the same size about half the time. So this page
# calls a difference a **finding** only when its z-score clears the adjusted threshold by
# enough that a fresh batch of `N_GAMES` games would repeat it nine times in ten, were the
# true effect the one observed (`ovnilab.ovni.balance.classify`); a difference that passes
# the test but not that bar is printed as *suggestive only*. Every finding printed at the
# default size and seed is listed in `balance.FINDINGS`, and a slow test
# (`tests/test_replication_balance.py`) plays a fresh batch from other seeds and fails
# unless each one is stated again (same direction, Holm-adjusted p < 0.05).
#
# **Glossary** (names from the Portuguese rulebook): *Antáris*, *Éris*, *Luxor*, *Magnon*:
# the four home planets (proper names; in this order from the nearest to Earth to the
# farthest in ovnilab's reconstruction, `data/ovni/cards.toml`). *Ovni*: UFO.
#
# **Bots.** Random players make a game cost about 5 ms, so thousands of games take seconds.
# They show the structure of the rules (what pays when nobody plans), not expert play. The
# greedy bot (`ovnilab.ovni.bots.GreedyBot`, one move ahead on the score) is dozens of
# times slower: set `BOTS` to it with a much smaller `N_GAMES` to compare.

# %%
# %matplotlib inline
import random
from collections import Counter

import matplotlib.pyplot as plt

from ovnilab import analysis, ovni
from ovnilab.ovni import balance
from ovnilab.ovni.bots import GreedyBot, RandomBot  # noqa: F401  (GreedyBot: see BOTS)

# ---- parameters: raise N_GAMES for tighter intervals (10,000 random games take about a
# ---- minute; PROCESSES = 2 uses both cores and gives the same results)
N_GAMES = balance.FINDINGS_GAMES        # 5,000
PLAYERS = 4
BOTS = [RandomBot()] * PLAYERS          # or [GreedyBot()] * PLAYERS with N_GAMES = 40
PROCESSES = None
SEED = balance.FINDINGS_SEED            # 2026

results = balance.play(N_GAMES, SEED, processes=PROCESSES, bots=BOTS)
FAIR = 1 / PLAYERS
print(f"{len(results)} games of {PLAYERS} players; a fair share of the wins is {FAIR:.3f}")

# %% [markdown]
# ## Seats and the first player
#
# Each seat's share of the wins (a shared win is split), with a 95% Wilson interval; a fair
# share is 1/4. *Balance* is 1 minus the largest gap between two seats' win rates (1 =
# every seat wins equally often), with a bootstrap interval.

# %%
seats = analysis.win_rates(results)
print(seats)
bal = analysis.balance(results)
print(bal)
off = [r["seat"] for r in seats if not r["lo"] <= FAIR <= r["hi"]]
# four seats are four tests: adjust before calling any of them unfair
seat_p = analysis.holm([analysis.proportion_pvalue(r["wins"], r["games"], FAIR) for r in seats])
print(f"seats whose 95% interval excludes {FAIR:.3f}: {off or 'none'}; "
      f"smallest Holm-adjusted p-value over the {len(seats)} seats: {min(seat_p):.3f}")
print("the data show a seat advantage" if min(seat_p) < 0.05
      else "after the adjustment the data do not show a seat advantage")

# %% [markdown]
# The *first player* is the one who places the first command token of round 1: the most
# military aliens after set-up, ties broken by builders, abductors and pilots, then by the
# planet farthest from Earth (`GameResult.first_player`, from `State.first_mover()`).
# Which seat that is varies from game to game:

# %%
first, first_verdict = balance.first_player_verdict(results)
print(first)
by_seat = Counter(g.first_player for g in results)
print("games in which each seat moved first:", {s: by_seat[s] for s in sorted(by_seat)})
print(f"the first player's win share is {balance.phrase(first_verdict, 'a fair share')}: {first.value:.3f} [{first.lo:.3f}, {first.hi:.3f}] (95% Wilson) "
      f"against {FAIR:.3f}, n = {first.n} games")

# %% [markdown]
# ## How long, and how decided
#
# Rounds and decisions per game; *lead changes* count how often the sole score leader
# changes from one round to the next; *decisiveness* is the share of the game during which
# the eventual winner already led for good (1 = from the first round).

# %%
print(analysis.duration(results))
print(analysis.lead_changes(results))
print(analysis.decisiveness(results))

# %% tags=["nbval-ignore-output"]
rounds = Counter(g.rounds for g in results)
margins = [sorted(g.scores)[-1] - sorted(g.scores)[-2] for g in results]
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3), layout="constrained")
ax1.bar(sorted(rounds), [rounds[r] for r in sorted(rounds)], color="#5b8def")
ax1.set_xlabel("rounds")
ax1.set_ylabel("games")
ax1.set_title("game length")
ax2.hist(margins, bins=range(0, max(margins) + 2), color="#5b8def")
ax2.set_xlabel("winner's lead over the runner-up (points)")
ax2.set_title("winning margin")
fig.suptitle(f"{len(results)} games of {PLAYERS} random players", fontsize=10)
plt.show()

# %% [markdown]
# ## Where the points come from
#
# Mean points per category (the rulebook's six) for each seat and over all seats:

# %%
breakdown = analysis.score_breakdown(results)
print(breakdown)
mission_mean = breakdown.row(seat="all")["missions"]
assert mission_mean < 0

# %% [markdown]
# Missions cost a random player points on average. A kept mission scores +8 when done and
# -5 when failed, so a seat's mission points $p$ with $k$ missions kept and $c$ of them done
# satisfy $p = 8c - 5(k - c) = 13c - 5k$, hence $c = (p + 5k)/13$. The cell counts the
# completed missions from that formula:

# %%
table = results.seat_table()
kept = done = 0
for row in table:
    k = len(row["missions"])
    c = (row["pts_missions"] + 5 * k) / 13
    assert c == int(c) and 0 <= c <= k
    kept += k
    done += int(c)
lo, hi = analysis.wilson_interval(done, kept)
print(f"random players completed {done} of {kept} kept missions: {done / kept:.2%} "
      f"[{lo:.2%}, {hi:.2%}] (95% Wilson)")


by_kept = analysis.win_rate_by(results, balance.missions_kept, sort="key", adjust="holm")
print(by_kept)

# %% [markdown]
# Every seat keeps one mission or two, so each seat-game is in exactly one of the two rows
# and the fair share 1/4 is the right baseline here. Whether keeping one mission rather
# than two pays (for a random player) is read off the Holm-adjusted p-values, two groups:

# %%
kept_verdicts = balance.verdicts(by_kept, "missions_kept")
for r in by_kept:
    p = "< 0.001" if r["p_holm"] < 0.001 else f"= {r['p_holm']:.3f}"
    print(f"seats keeping {r['missions_kept']} mission(s): {r['rate']:.3f} [{r['lo']:.3f}, {r['hi']:.3f}] "
          f"(simultaneous 95%), n = {r['n']}, Holm-adjusted p {p}: "
          f"{balance.phrase(kept_verdicts[r['missions_kept']], 'the fair share')}")
rate_kept = {r["missions_kept"]: r["rate"] for r in by_kept}

# %% [markdown]
# That is what missions are worth when nobody plays for them; what they are worth to a
# player who plans for them is a question for planning bots (`BOTS`).
#
# ## Ability cards, mission families and single missions: rankings with adjusted tests
#
# Seven ability kinds are seven tests at once. Reading each 95% interval on its own, a
# fair set of seven cards would show an "unfair" card by chance about $1 - 0.95^7 \approx 30\%$
# of the time (were the seven tests independent). The rankings guard against that in two ways
# (`balance.rates_against_expected`):
#
# * `p` is the normal test of the group's wins against its `expected` wins (the baseline,
#   below), `z` its signed statistic, and `p_holm` is Holm's adjustment of the $m$
#   p-values: a group with `p_holm` below 0.05 differs from its baseline with at most a 5%
#   chance that *any* such statement in the table is wrong;
# * `lo`, `hi` are **simultaneous** Wilson intervals of the rate: each at level
#   $1 - 0.05/m$ (Bonferroni), so all $m$ hold together with probability at least 95%.
#
# **The baseline.** A seat holds two ability cards and counts in both rows (two copies of
# one kind count once). Every seat holds cards, and a seat's cards say nothing else about
# it, so with no card effect every row would win the overall rate, 1/4 (the `expected`
# column). Missions are different, as the next section shows.

# %%
assert round(1 - 0.95 ** 7, 2) == 0.30   # the chance quoted above
by_ability = balance.rates_against_expected(results, "abilities")
print(by_ability)
ability_verdicts = balance.verdicts(by_ability, "abilities")
print(balance.describe(ability_verdicts, "the overall rate"))
print(f"(a finding needs |z| >= {balance.replication_bar(len(by_ability)):.2f} among {len(by_ability)} tests)")

# %% tags=["nbval-ignore-output"]
rows = sorted(by_ability, key=lambda r: r["rate"])
fig, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
ax.errorbar([r["rate"] for r in rows], range(len(rows)), fmt="o", color="#5b8def", capsize=3,
            xerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]])
ax.set_yticks(range(len(rows)), [r["abilities"] for r in rows])
ax.axvline(FAIR, color="k", ls="--", lw=1)
ax.set_xlabel("win rate of the holder (simultaneous 95% intervals); dashed: a fair share")
ax.set_title(f"Ability cards, {len(results)} games")
plt.show()

# %% [markdown]
# ### Missions: the baseline is not 1/4
#
# A seat that keeps two missions counts in two rows of a mission ranking, and such seats
# win less often (the table of missions kept above). So every row of the ranking holds
# more two-mission seats than the seats themselves do, and even if the family of a
# mission made no difference at all, a row's win rate would sit below 1/4. The cell
# computes that rate from the row weights: a seat-game in the rows counts once per family
# (or mission) it kept.

# %%
fam_rows = [(len(r["missions"]), len(r["mission_families"])) for r in table]
weight = {k: sum(f for kk, f in fam_rows if kk == k) for k in (1, 2)}
no_effect = sum(weight[k] * rate_kept[k] for k in (1, 2)) / sum(weight.values())
print(f"rows of the family ranking: {weight[1]} seat-games with one mission (win rate {rate_kept[1]:.3f}), "
      f"{weight[2]} with two ({rate_kept[2]:.3f});\nwith no family effect a row would win about "
      f"{no_effect:.3f}, not {FAIR:.3f}")
assert no_effect < FAIR

# %% [markdown]
# So the rankings below compare each row with the rate **expected if the grouping made no
# difference**: each seat-game in a row expects the win rate of the seats that kept as many
# missions as it did, and the row's `expected` is the mean of those (`stratum=missions_kept`).
# Tested against 1/4 instead, a family or mission with many two-mission seats looks weak
# although it is not. The four mission families:

# %%
by_family = balance.rates_against_expected(results, "mission_families", stratum=balance.missions_kept)
print(by_family)
family_verdicts = balance.verdicts(by_family, "mission_families")
print(balance.describe(family_verdicts, "the expected rate"))
# the same games read against 1/4, the baseline that ignores the row weights
naive = analysis.win_rate_by(results, "mission_families", adjust="holm")
low = [r["mission_families"] for r in naive if r["p_holm"] < 0.05 and r["rate"] < r["fair"]]
print(f"against 1/4 instead, Holm would call {len(low)} of {len(naive)} families below a fair share"
      + (f" ({', '.join(low)}): artefacts of the baseline, not findings" if low else ""))

# %% [markdown]
# And the sixteen single missions, each with its card text (a seat keeping two missions
# counts in both rows):

# %%
by_mission = balance.rates_against_expected(results, "missions", stratum=balance.missions_kept,
                                            labels=balance.mission_descriptions())
print(by_mission)
mission_verdicts = balance.verdicts(by_mission, "missions")
print(balance.describe(mission_verdicts, "the expected rate"))

# %% [markdown]
# The findings of this page, collected; at the default `N_GAMES` and `SEED` they are the
# list that the replication test re-checks on fresh seeds:

# %%
verdicts_here = balance.findings(results)
found = {k: v for k, v in verdicts_here.items() if v in ("above", "below")}
for question, v in found.items():
    print(f"{question}: {v} its baseline")
if (N_GAMES, SEED) == (balance.FINDINGS_GAMES, balance.FINDINGS_SEED) and all(type(b) is RandomBot for b in BOTS):
    assert found == balance.FINDINGS

# %% [markdown]
# **Reading the rankings.** These numbers describe a card's raw power under random play. A
# card that acts without a decision (an initial UFO, three starting aliens) works fully for
# a random player; one that needs a plan (a human swap) is used at random. So a verdict
# here is about the rules' structure, not about a card's value to a good player: confirm
# it with planning players (`BOTS`) before changing a card.
#
# ## What about the planets?
#
# A "win rate by planet" table would only repeat the seat table with other labels. The
# reason is the set-up: the engine gives seat $s$ the $s$-th
# planet of `data/ovni/cards.toml` in every game (the rulebook lets players choose, and
# ovnilab does not deal planets at random), so a planet and its seat are the same thing
# in these games. The cell checks it:

# %%
pairs = sorted({(r["seat"], r["planet"]) for r in table})
print("seat -> planet in every game:", dict(pairs))
assert len(pairs) == PLAYERS  # one planet per seat, never another
by_planet = analysis.win_rate_by(results, "planet", sort="key")
seat_rate = {r["seat"]: r["rate"] for r in seats}
assert all(by_planet.row(planet=p)["rate"] == seat_rate[s] for s, p in pairs)
print("the by-planet win rates equal the by-seat win rates: no separate planet effect can be read")

# %% [markdown]
# What can honestly be said is how much a planet *could* matter. A planet enters exactly
# one rule: its distance to Earth breaks a tie on all four alien counts in the turn order
# (phase 1: farthest first; phase 2: nearest first). So a planet can only matter in the
# turn orders where two players' counts are fully tied. The cell plays `N_TIE_GAMES`
# seeded games by random choices and counts those orders:

# %%
N_TIE_GAMES = 200   # raise for a tighter interval


def tied(g):
    counts = [tuple(g.counts(s).values()) for s in range(g.n)]
    return len(set(counts)) < len(counts)


seen = Counter()
for seed in range(N_TIE_GAMES):
    g = ovni.new_game(PLAYERS, seed=seed, setup="random")
    rng = random.Random(seed)
    last_round, last_phase = 0, None
    while not g.is_over():
        if g.round != last_round:          # a new round: phase 1's order was just set
            last_round = g.round
            if g.round == 1:
                seen["round 1 ties"] += tied(g)
            else:                          # round 1 cannot tie (below)
                seen["phase 1 orders"] += 1
                seen["phase 1 ties"] += tied(g)
        if g.phase in (ovni.rules.FORCE_FIELD, ovni.rules.ACTIONS) and last_phase not in (
                ovni.rules.FORCE_FIELD, ovni.rules.ACTIONS):
            seen["phase 2 orders"] += 1      # phase 2's order was just set
            seen["phase 2 ties"] += tied(g)
        last_phase = g.phase
        g.apply(rng.choice(g.legal_actions()))
for phase in (1, 2):
    k, n = seen[f"phase {phase} ties"], seen[f"phase {phase} orders"]
    lo, hi = analysis.wilson_interval(k, n)
    print(f"phase {phase}{' (rounds 2 on)' if phase == 1 else ''}: a planet broke a tie in {k} of {n} turn orders, "
          f"{k / n:.1%} [{lo:.1%}, {hi:.1%}] (95% Wilson)")
# round 1 needs no planet by rule: each player chooses a set of starting aliens (one of
# each type chosen) that no one before chose, so no two players start with equal counts
assert seen["round 1 ties"] == 0
share = max(seen[f"phase {p} ties"] / seen[f"phase {p} orders"] for p in (1, 2))
assert share < 0.05

# %% [markdown]
# In round 1 a planet never orders the players, and that is a rule, not a finding: each
# player chooses starting aliens of different types and may not choose the set a previous
# player chose, so after set-up no two players hold the same counts (the cell asserts that
# none of its games needed a planet in round 1). From round 2 on the counts can meet.
# So the planet rule touches fewer than 5% of the turn orders in these games. To measure a
# planet's own effect one would have to separate it from the seat, for example by playing
# the same seeds with the planet distances of `data/ovni/cards.toml` reversed (a copy of the
# file passed as `ovni.Rules(cards_file=...)`) and comparing the seats pair by pair, as
# [What if the rule were different?](ovni_what_if.ipynb) does for other rules.
#
# **Going further.** Raise `N_GAMES`; switch `BOTS` to greedy players; group by anything in
# `results.seat_table()` with `balance.rates_against_expected(results, key, stratum=...)`
# (pass as `stratum` whatever else changes a seat's chances and weighs differently in the
# rows) or, when every seat-game is in exactly one group, with
# `analysis.win_rate_by(results, key, adjust="holm")`.
