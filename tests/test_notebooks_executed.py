"""Every committed notebook is fully executed (nbval skips cells without outputs, so an
unexecuted notebook would pass silently) and tags its widget/figure cells."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import normalize_notebooks as nn  # noqa: E402

# the project's (not the nbgrader course of notebooks/assignments, not the teacher's own
# notebooks in notebooks/mine)
NOTEBOOKS = nn.notebooks()


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
    """A saved notebook opened in JupyterLab shows a widget's text until it is run: that
    text says how to start it (not a raw repr). Voila shows the notebook's text cells too,
    with the board already running: they must not tell a served page's visitor to run
    cells there is no menu for."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    widgets = [out for c in nb["cells"] if c["cell_type"] == "code" for out in c.get("outputs", [])
               if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    for out in widgets:
        text = "".join(out["data"].get("text/plain", ""))
        assert "Run > Run All Cells" in text and "children=" not in text, f"{path.name}: the widget's saved text is {text!r}"
    if widgets:
        prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert "run all cells" not in prose.lower(), f"{path.name}: a served page has no Run menu"