"""Every notebook is paired with its jupytext script (notebooks/jupytext.toml: X/name.ipynb
<-> X/src/name.py) and the two hold the same cells, so a teacher may edit either one.
Also: every notebook opens clean in JupyterLab (the installed kernelspec, no stale
"Python 3" display name that marks it modified on opening)."""

from __future__ import annotations

from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# (not the nbgrader course `make assignments` writes into notebooks/assignments)
PAIRS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts
               and not {"src", "assignments"} & set(p.relative_to(NOTEBOOKS).parts))
SCRIPTS = sorted(p for p in NOTEBOOKS.rglob("src/*.py"))
# Cell metadata that is editor state, not content (jupytext's own default filter).
VOLATILE = {"autoscroll", "collapsed", "scrolled", "trusted", "ExecuteTime", "execution"}


def _script(nb: Path) -> Path:
    return nb.parent / "src" / (nb.stem + ".py")


def _cells(nb) -> list[tuple[str, str, dict]]:
    return [(c.cell_type, c.source.strip(),
             {k: v for k, v in c.metadata.items() if k not in VOLATILE})
            for c in nb.cells]


def test_every_notebook_has_its_script_and_every_script_its_notebook():
    missing = [str(p.relative_to(ROOT)) for p in PAIRS if not _script(p).exists()]
    assert not missing, f"notebooks without a jupytext script (run `make notebooks NB=...`): {missing}"
    orphans = [str(s.relative_to(ROOT)) for s in SCRIPTS
               if not (s.parent.parent / (s.stem + ".ipynb")).exists()]
    assert not orphans, f"scripts in src/ without their notebook: {orphans}"


@pytest.mark.parametrize("path", PAIRS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_pair_in_sync(path):
    script = _script(path)
    if not script.exists():
        pytest.fail(f"{script.relative_to(ROOT)} missing")
    a = _cells(jupytext.read(path))
    b = _cells(jupytext.read(script))
    assert len(a) == len(b), (f"{path.name}: {len(a)} cells in the notebook, {len(b)} in "
                              f"{script.name}: run `make notebooks NB={path.relative_to(ROOT)}`")
    for i, (x, y) in enumerate(zip(a, b)):
        assert x == y, (f"{path.name} cell {i} differs from {script.name}: "
                        f"run `make notebooks NB={path.relative_to(ROOT)}`")


@pytest.mark.parametrize("path", PAIRS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_notebook_uses_the_installed_kernelspec(path):
    spec = jupytext.read(path).metadata.get("kernelspec", {})
    assert spec.get("name") == "python3" and spec.get("display_name") == "Python 3 (ipykernel)", (
        f"{path.name}: kernelspec {spec}")
