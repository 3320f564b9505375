"""Replication: the findings printed by notebooks/explore/openspiel.ipynb hold on fresh seeds.

The notebook prints a verdict (IS-MCTS against ovnilab's bots; the learner trained
through the Gymnasium environment against its untrained self) only when its Holm-adjusted
sign test says so. These slow tests read the verdicts from the notebook's stored output (so a re-executed notebook
with a new verdict is checked too), run the notebook's own functions (its definition
cells, executed from the jupytext source) at its sample sizes on seeds it never used,
and fail when a verdict does not hold there. A verdict that cannot replicate at the
notebook's size must not be printed as one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explore" / "openspiel.ipynb"
SOURCE = ROOT / "notebooks" / "explore" / "src" / "openspiel.py"
#: the notebook uses seeds 0-19 (IS-MCTS), 0-5999 (training) and 10000-10499 (evaluation deals)
FRESH_SEED = 9001
FRESH_TRAINING = 30_000  # 30000-35999: neither the notebook's deals nor the fresh evaluation deals


def _printed() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "".join("".join(o.get("text", "")) for c in cells if c["cell_type"] == "code"
                   for o in c.get("outputs", []))


def _findings(title: str) -> list[str]:
    """The verdicts of the notebook's summary line ``{title}: A > B; C > D`` (none: [])."""
    line = re.search(rf"^{re.escape(title)}: (.*)$", _printed(), re.M)
    assert line, f"the notebook prints no line '{title}: ...'"
    return [] if line.group(1).startswith("none") else line.group(1).split("; ")


def _cell(marker: str) -> dict:
    """The notebook's source cell that defines ``marker``, executed (its constants and
    functions: the same code the notebook ran)."""
    import pyspiel

    import ovnilab.openspiel  # noqa: F401 - registers the games

    cells = SOURCE.read_text(encoding="utf-8").split("\n# %%")
    code = [c for c in cells if marker in c]
    assert len(code) == 1, f"no single cell of the notebook source defines {marker}"
    from ovnilab import ladder

    space = {"np": np, "pyspiel": pyspiel, "ladder": ladder}
    exec(code[0].split("\n", 1)[1], space)  # a cell of the project's own notebook source
    return space


@pytest.mark.slow
def test_ismcts_verdicts_replicate():
    claimed = _findings("IS-MCTS findings")
    if not claimed:
        pytest.skip("the notebook prints no IS-MCTS verdict")
    from ovnilab.bots import RandomBot
    from ovnilab.cows.bots import GreedyBot

    space = _cell("def ismcts_match")
    opponents = re.findall(r"^IS-MCTS \(\d+ simulations\) vs (\w+):", _printed(), re.M)
    bots = {"RandomBot": RandomBot(), "GreedyBot": GreedyBot()}
    assert opponents and set(opponents) <= set(bots), opponents
    # every opponent of the notebook's section, so that Holm adjusts over the same claims
    rows = [space["ismcts_match"](name, bots[name], space["SEEDS"], first_seed=FRESH_SEED) for name in opponents]
    found = space["ismcts_findings"](rows)
    for finding in claimed:
        assert finding in found, (f"'{finding}' did not replicate on fresh seeds", rows)


@pytest.mark.slow
def test_learner_verdict_replicates():
    claimed = _findings("Learner finding")
    if not claimed:
        pytest.skip("the notebook prints no learner finding (its test could not tell trained from untrained)")
    space = _cell("def deal_shares")
    sizes = _cell_constants("N_TRAIN, N_DEALS")
    prefs = space["train"](sizes["N_TRAIN"], first_seed=FRESH_TRAINING)
    untrained = space["deal_shares"]({}, sizes["N_DEALS"], 2 * FRESH_SEED)
    trained = space["deal_shares"](prefs, sizes["N_DEALS"], 2 * FRESH_SEED)
    row, found = space["learner_test"](trained, untrained)
    for finding in claimed:
        assert finding in found, (f"'{finding}' did not replicate on fresh seeds", row)
    # and the section's sentence: the trained agent's share of the wins is above the random bot's 1/2
    assert space["mean_interval"](trained)[1] > 0.5, space["mean_interval"](trained)


def _cell_constants(names: str) -> dict:
    """The notebook's assignment line ``names = ...``, executed."""
    line = re.search(rf"^{re.escape(names)} = .*$", SOURCE.read_text(encoding="utf-8"), re.M)
    assert line, names
    space: dict = {}
    exec(line.group(0), space)  # a line of the project's own notebook source
    return space
