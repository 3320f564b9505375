"""The explore notebooks' verdicts hold on fresh seeds (issue 23: "every above/below/differs
verdict in explore/ is re-run on an independent set of seeds by a (slow) test").

Covered here:

* ``explore/ovni_what_if``: every difference from the rulebook it prints as a finding, "up"
  or "down" (its Bonferroni-adjusted paired interval excludes zero and its z clears the
  replication bar; a "suggestive only" line is not a claim and is not re-run);
* ``explore/cosmic_aliens``: the aliens it prints above or below a fair share, the alert
  levels it prints as differing, and the aliens it prints as keeping their power more or
  less often than the others (each Holm-adjusted in the notebook, win rates clustered by
  game);
* ``explore/ovni_recruitment_bidding`` prints no sampled verdict: its numbers are exact
  game values (linear programs on payoff tables), so there is nothing to replicate.

How. The verdicts are read from the notebook's stored output (nbval checks that a fresh
run prints the same text), so this file follows the notebook without running it. Each is
then re-run with the notebook's library calls and sample size on a seed whose games are
disjoint from the notebook's (checked). A verdict holds when the fresh games show it in
the same direction, significant at the 95% family level over the k verdicts replicated
(Bonferroni for the what-if intervals, Holm for the p-values): a replication tests only
the claims the notebook makes, not again all the comparisons it scanned. A verdict that
fails here must not be printed as a finding (raise the notebook's sample, or drop it).

Run time: about 50 s of one core (measured 49 s CPU, 71 s wall on a shared machine; the
1,000 Cosmic games take three quarters of it).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from ovnilab import analysis, cosmic, ovni
from ovnilab.core import derive_seed
from ovnilab.cosmic.bots import RandomBot as CosmicRandom
from ovnilab.cosmic.data import load_data
from ovnilab.ovni.bots import RandomBot as OvniRandom
from ovnilab.sim import run_many

pytestmark = pytest.mark.slow

EXPLORE = Path(__file__).resolve().parent.parent / "notebooks" / "explore"
FAMILY = 0.95


def _stored_text(name: str) -> str:
    """Every printed line of the notebook's stored outputs."""
    nb = json.loads((EXPLORE / f"{name}.ipynb").read_text(encoding="utf-8"))
    return "".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                   for o in c.get("outputs", []))


def _param(name: str, key: str) -> str:
    """A parameter's value as the notebook's script sets it (``KEY = value``)."""
    src = (EXPLORE / "src" / f"{name}.py").read_text(encoding="utf-8")
    m = re.search(rf"^{key} = (.+?)(\s+#.*)?$", src, re.M)
    assert m, f"{name}.py sets no {key}"
    return m.group(1).strip()


def _fresh_seed(notebook_seed: int, n: int) -> int:
    """A batch seed whose ``n`` game seeds share none with the notebook's batch."""
    fresh = notebook_seed + 1_000_003
    old = {derive_seed(notebook_seed, i) for i in range(n)}
    assert old.isdisjoint(derive_seed(fresh, i) for i in range(n))
    return fresh


# ======================================================================
# explore/ovni_what_if
# ======================================================================

WHAT_IF = "ovni_what_if"
WI_VARIANTS = {
    "rulebook": ovni.Rules(),
    "platform holds 3": ovni.Rules(platform_capacity=3),
    "mapped cities need 2": ovni.Rules(map_threshold_mapped=2),
    "equal sums never win": ovni.Rules(area_tie="none"),
    "ring board": ovni.Rules(board_file="board_ring.toml"),
}


WI_METRICS = {"rounds": "rounds", "first_player_advantage": "first_player_advantage",
              "ufo_points": analysis.category_points("ufos", name="ufo_points"),
              "mapping_points": analysis.category_points("mapping", name="mapping_points"),
              "winning_score": analysis.winning_score}


def _what_if_verdicts() -> dict[tuple[str, str], str]:
    """(variant, metric) -> "up" / "down", as the notebook printed them."""
    pattern = re.compile(rf"^({'|'.join(map(re.escape, WI_VARIANTS))})\s+(\w+)\s+[+-][\d.]+ \[.*\]\s+z\s+[+-][\d.]+"
                         r"\s+(up|down)$", re.M)
    return {(v, m): word for v, m, word in pattern.findall(_stored_text(WHAT_IF))}


def test_what_if_verdicts_replicate_on_fresh_seeds():
    assert (_param(WHAT_IF, "N_GAMES"), _param(WHAT_IF, "PLAYERS"), _param(WHAT_IF, "SEED")) == ("600", "4", "7")
    verdicts = _what_if_verdicts()
    summary = re.search(r"(\d+) of (\d+) differences are findings", _stored_text(WHAT_IF))
    assert summary and int(summary.group(1)) == len(verdicts) > 0    # every printed verdict was read
    assert all(m in WI_METRICS for _, m in verdicts)
    n_games, players = 600, 4
    k = len(verdicts)
    fresh = analysis.compare_variants(
        WI_VARIANTS, "ovni", [OvniRandom()] * players, n_games, seed=_fresh_seed(7, n_games),
        metric=tuple(WI_METRICS[m] for m in dict.fromkeys(m for _, m in verdicts)),
        confidence=1 - (1 - FAMILY) / k, n_boot=10_000, progress=False,
        new_game_kwargs={"num_players": players, "setup": "random"})
    failed = []
    for (variant, metric), word in verdicts.items():
        r = fresh.row(metric=metric, variant=variant)
        holds = r["diff_lo"] > 0 if word == "up" else r["diff_hi"] < 0
        if not holds:
            failed.append(f"{variant} {metric} {word}: fresh {r['diff']:+.3f} [{r['diff_lo']:+.3f}, {r['diff_hi']:+.3f}]")
    assert not failed, f"verdicts of {WHAT_IF} that do not replicate: {failed}"


# ======================================================================
# explore/cosmic_aliens
# ======================================================================

ALIENS = "cosmic_aliens"


def _listed(text: str, head: str) -> list[str]:
    """The names the notebook printed after ``head`` (``none``: no name)."""
    m = re.search(re.escape(head) + r" \(Holm-adjusted p < 0\.05\): (.*)$", text, re.M)
    assert m, f"{ALIENS} printed no line {head!r}"
    return [] if m.group(1) == "none" else m.group(1).split(", ")


def _holm_holds(ps: dict[str, float]) -> list[str]:
    """The names whose Holm-adjusted p-value (over these names only) is not below 5%."""
    names = list(ps)
    return [n for n, p in zip(names, analysis.holm([ps[n] for n in names])) if p >= 1 - FAMILY]


def test_cosmic_alien_verdicts_replicate_on_fresh_seeds():
    params = {k: _param(ALIENS, k) for k in ("N_GAMES", "PLAYERS", "SEED")}
    assert params == {"N_GAMES": "1000", "PLAYERS": "4", "SEED": "2008"}
    assert _param(ALIENS, "RULES") == "cosmic.Rules(ask_holders_only=True)"
    text = _stored_text(ALIENS)
    above = _listed(text, "above a fair share")
    below = _listed(text, "below a fair share")
    levels = _listed(text, "levels whose holders' win rate differs from a fair share")
    more = _listed(text, "keep their power more often than the other aliens")
    less = _listed(text, "keep it less often")
    assert above + below + levels + more + less, "nothing to replicate: the test no longer reads the notebook"

    n_games, players = 1000, 4
    results = run_many("cosmic", [CosmicRandom()] * players, n_games, seed=_fresh_seed(2008, n_games),
                       progress=False, new_game_kwargs={"num_players": players,
                                                        "rules": cosmic.Rules(ask_holders_only=True)})
    failed = []
    # win rates by alien and by level, clustered by game as in the notebook
    by_alien = analysis.win_rate_by(results, "alien", cluster="game", adjust="holm")
    rows = {r["alien"]: r for r in by_alien}
    wrong_way = [a for a in above if rows[a]["rate"] <= rows[a]["fair"]]
    wrong_way += [a for a in below if rows[a]["rate"] >= rows[a]["fair"]]
    failed += [f"{a}: win rate on the wrong side of a fair share" for a in wrong_way]
    failed += [f"{a}: win rate not shown to differ" for a in _holm_holds({a: rows[a]["p"] for a in above + below})]
    if levels:
        level_of = {name: info.level for name, info in load_data().aliens.items()}

        def level(row):
            return level_of[row["alien"]]

        lrows = {r["level"]: r for r in analysis.win_rate_by(results, level, cluster="game", adjust="holm")}
        failed += [f"level {lv}: not shown to differ" for lv in _holm_holds({lv: lrows[lv]["p"] for lv in levels})]
    # the power kept to the end, against the share over all seats (as the notebook)
    kept = defaultdict(list)
    for g in results:
        for alien, active in zip(g.extras["alien"], g.extras["power_active"]):
            kept[alien].append(bool(active))
    overall = sum(sum(v) for v in kept.values()) / sum(len(v) for v in kept.values())
    share = {a: sum(v) / len(v) for a, v in kept.items()}
    failed += [f"{a}: keeps its power no more often" for a in more if share[a] <= overall]
    failed += [f"{a}: keeps its power no less often" for a in less if share[a] >= overall]
    ps = {a: analysis.proportion_pvalue(sum(kept[a]), len(kept[a]), overall) for a in more + less}
    failed += [f"{a}: power kept not shown to differ" for a in _holm_holds(ps)]
    assert not failed, f"verdicts of {ALIENS} that do not replicate on {n_games} fresh games: {failed}"
