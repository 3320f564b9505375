"""Replication: the findings printed by notebooks/explore/bots.ipynb hold on fresh seeds.

The notebook prints an ordering of two bots (or "greedy beats random on endgames") only
when its test says so. These slow tests read the findings from the notebook's stored
output (so a re-executed notebook with a new finding is checked too), re-run the same
library calls at the notebook's sample sizes and bot budgets (read from its source) on
seeds the notebook never used, and fail when a finding does not hold there. A finding
that cannot replicate at the notebook's size must not be printed as one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ovnilab import ladder
from ovnilab.cosmic import bots as cosmic_bots
from ovnilab.cows import bots as cow_bots
from ovnilab.cows import endgame
from ovnilab.ovni import bots as ovni_bots

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explore" / "bots.ipynb"
SOURCE = ROOT / "notebooks" / "explore" / "src" / "bots.py"
#: the notebook's seeds are 11 (Ovni), 5 (cows), 3 (Cosmic), 1000-1119 (endgames)
FRESH_SEED = 9001


def _printed() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code"
                   for o in c.get("outputs", []))


def _findings(game: str) -> list[tuple[str, str]]:
    """The orderings the notebook's summary prints for ``game`` (``Cows: greedy > random; ...``)."""
    line = re.search(rf"^{re.escape(game)}: (no ordering|\w+ > \w+(?:; \w+ > \w+)*)$", _printed(), re.M)
    assert line, f"the notebook's summary has no line for {game}"
    return [] if line.group(1) == "no ordering" else [tuple(x.split(" > ")) for x in line.group(1).split("; ")]


def _settings(*names: str) -> dict:
    """The notebook's own sample sizes and bot budgets: its assignment lines, executed."""
    space = {"ovni_bots": ovni_bots, "cow_bots": cow_bots, "cosmic_bots": cosmic_bots, "endgame": endgame}
    for name in names:
        line = re.search(rf"^{name} = .*$", SOURCE.read_text(encoding="utf-8"), re.M)
        assert line, name
        exec(line.group(0), space)  # a line of the project's own notebook source
    return space


def _check(claimed: list[tuple[str, str]], rows: list[dict]) -> None:
    found = ladder.verdicts(rows)
    for stronger, weaker in claimed:
        assert (stronger, weaker) in found, (f"'{stronger} > {weaker}' did not replicate on fresh seeds",
                                             [r for r in rows if set(r["pair"].split(" vs ")) == {stronger, weaker}])


def _two_player_ladder(game: str, title: str, players: dict, sizes: dict, **kw) -> None:
    claimed = _findings(title)
    if not claimed:
        pytest.skip(f"the notebook prints no ordering for {title}")
    rows = [ladder.paired_match(game, a, players[a], b, players[b], n, seed=FRESH_SEED, **kw)
            for (a, b), n in sizes.items()]
    _check(claimed, rows)


@pytest.mark.slow
def test_cow_ladder_replicates():
    s = _settings("COW_MCTS", "COW_SEEDS")
    players = {"random": cow_bots.RandomBot(), "greedy": cow_bots.GreedyBot(), "mcts": s["COW_MCTS"]}
    _two_player_ladder("cows", "Cows", players, s["COW_SEEDS"])


@pytest.mark.slow
def test_ovni_ladder_replicates():
    s = _settings("OVNI_MCTS", "OVNI_SEEDS")
    players = {"random": ovni_bots.RandomBot(), "greedy": ovni_bots.GreedyBot(), "mcts": s["OVNI_MCTS"]}
    _two_player_ladder("ovni", "Ovni", players, s["OVNI_SEEDS"],
                       new_game_kwargs={"num_players": 2, "setup": "random"})


@pytest.mark.slow
def test_cosmic_ladder_replicates():
    claimed = _findings("Cosmic Encounter")
    if not claimed:
        pytest.skip("the notebook prints no ordering for Cosmic")
    s = _settings("COSMIC_MCTS", "COSMIC_SEEDS")
    players = {"mcts": s["COSMIC_MCTS"], "greedy": cosmic_bots.GreedyBot(), "random": cosmic_bots.RandomBot()}
    _totals, rows = ladder.rotation("cosmic", players, s["COSMIC_SEEDS"], seed=FRESH_SEED,
                                    new_game_kwargs={"num_players": 3})
    _check(claimed, rows)


@pytest.mark.slow
def test_endgame_finding_replicates():
    line = re.search(r"^Cow endgames \((.*)\)$", _printed(), re.M)
    assert line, "the notebook's summary has no line for the cow endgames"
    if line.group(1).startswith("cannot tell"):
        pytest.skip("the notebook prints no endgame finding (its test could not tell greedy from random)")
    s = _settings("ENDGAME_SEEDS", "BEFORE_END", "MAX_NODES")
    fresh = range(7000, 7000 + len(s["ENDGAME_SEEDS"]))
    checked = [endgame.endgame_check(seed, s["BEFORE_END"], s["MAX_NODES"]) for seed in fresh]
    verdict = endgame.bot_versus_random([c for c in checked if not isinstance(c, str)], seed=4)
    assert verdict.p_value <= 0.05 and verdict.diff_interval[0] > 0, verdict
