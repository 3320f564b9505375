"""Every committed notebook is fully executed (nbval skips cells without outputs, so an
unexecuted notebook would pass silently) and tags its widget/figure cells."""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").rglob("*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_executed(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code, "a notebook without code"
    counts = [c.get("execution_count") for c in code]
    assert all(counts), f"{path.name}: cells without execution_count: re-run `make notebooks`"
    assert counts == sorted(counts), f"{path.name}: cells were executed out of order"
    for c in code:
        for out in c.get("outputs", []):
            assert out.get("output_type") != "error", f"{path.name}: a cell raised an error"
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data or "image/png" in data or "image/svg+xml" in data:
                tags = c.get("metadata", {}).get("tags", [])
                assert "nbval-ignore-output" in tags or "nbval-skip" in tags, (
                    f"{path.name}: a widget/figure cell must be tagged nbval-ignore-output")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_widget_notebooks_say_how_to_start(path):
    """A fresh notebook shows a widget's text repr until it is run: its first cell says so."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    has_widget = any(
        "application/vnd.jupyter.widget-view+json" in out.get("data", {})
        for c in nb["cells"] if c["cell_type"] == "code" for out in c.get("outputs", []))
    if not has_widget:
        return
    first = nb["cells"][0]
    text = "".join(first["source"]) if isinstance(first["source"], list) else first["source"]
    assert first["cell_type"] == "markdown" and "run all cells" in text.lower(), (
        f"{path.name}: shows a widget; its first cell must say to run all cells to start it")
