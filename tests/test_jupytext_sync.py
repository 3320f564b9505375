"""Every notebook is paired with its jupytext script (notebooks/jupytext.toml: X/name.ipynb
<-> X/src/name.py) and the two hold the same cells, so a teacher may edit either one.
Also: every notebook opens clean in JupyterLab (the installed kernelspec, no stale
"Python 3" display name that marks it modified on opening, no "Select Kernel" dialog),
and the teacher's own notebooks (notebooks/mine/) are neither paired nor committed."""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "tools"))

import normalize_notebooks as nn  # noqa: E402

# the project's notebooks (not the nbgrader course of notebooks/assignments, not the
# teacher's own in notebooks/mine) and their scripts
PAIRS = nn.notebooks(NOTEBOOKS)
SCRIPTS = sorted(p for p in NOTEBOOKS.rglob("src/*.py")
                 if p.relative_to(NOTEBOOKS).parts[0] not in nn.NOT_THE_PROJECTS)
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


def test_every_notebook_names_the_kernel_installed_here():
    """Every notebook and its script name one kernelspec, python3 as this environment
    (.venv) installs it: JupyterLab then starts it on opening, with no "Select Kernel"
    dialog and nothing marked modified (issue 29 saw the dialog on play/cosmic.ipynb)."""
    from jupyter_client.kernelspec import KernelSpecManager

    installed = KernelSpecManager().get_kernel_spec("python3")
    assert Path(installed.resource_dir).resolve().is_relative_to(Path(sys.prefix).resolve())
    want = {"name": "python3", "display_name": installed.display_name, "language": installed.language}
    assert want == {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    # and a notebook made new, or whose kernel is unknown here, starts it without asking
    # (make install puts these settings in .venv's JupyterLab)
    overrides = json.loads((ROOT / "tools" / "jupyterlab_overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    wrong = {}
    for path in PAIRS:
        for side in (path, _script(path)):
            spec = dict(jupytext.read(side).metadata.get("kernelspec", {}))
            if spec != want:
                wrong[str(side.relative_to(ROOT))] = spec
    assert not wrong, f"kernelspecs other than {want}: {wrong}"


def test_a_notebook_in_the_teachers_folder_gets_no_script(tmp_path):
    """Issue 29: a notebook made in notebooks/ got a paired src/Untitled.py among the
    project's scripts. The teacher's own folder, notebooks/mine/ (the start page's "make
    your own notebook"), is in every clone; a notebook made there, or in a folder inside
    it, is saved alone (JupyterLab's contents manager with jupytext, as `make lab` runs
    it, on a copy), the walks over the project's notebooks skip it, and the start page
    links to the folder."""
    from jupyter_server.services.contents.largefilemanager import LargeFileManager

    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS / "mine", root / "mine")
    shutil.copy(NOTEBOOKS / "jupytext.toml", root)
    (root / "lessons").mkdir()
    cm = jupytext.build_sync_jupytext_contents_manager_class(LargeFileManager)(root_dir=str(root))
    cm.log.setLevel(logging.ERROR)
    made = {}
    for folder in ("mine", "mine/lesson copies", "lessons"):
        if not (root / folder).exists():
            cm.new(model={"type": "directory"}, path=folder)
        model = cm.get(cm.new_untitled(path=folder, type="notebook")["path"])
        model["content"]["cells"].append({"id": "teacher", "cell_type": "code", "source": "1 + 1", "metadata": {},
                                          "outputs": [], "execution_count": None})
        cm.save(model, model["path"])
        here = root / folder
        made[folder] = sorted(str(p.relative_to(here)) for p in here.rglob("Untitled*")
                              if p.parent in (here, here / "src"))
    assert made["mine"] == ["Untitled.ipynb"] and made["mine/lesson copies"] == ["Untitled.ipynb"], made
    assert made["lessons"] == ["Untitled.ipynb", "src/Untitled.py"], made  # elsewhere: paired, as before
    assert nn.notebooks(root) == [root / "lessons" / "Untitled.ipynb"]
    # the start page links to it (the folder's README: Lab opens no folder from a link)
    start = (NOTEBOOKS / "src" / "00_start_here.py").read_text(encoding="utf-8")
    assert re.search(r"\[make your own notebook\]\(mine/README\.md\)", start, re.IGNORECASE)


def test_git_ignores_the_teachers_notebooks_and_keeps_the_folder():
    """notebooks/mine/ is in every clone (its README and jupytext.toml are tracked) and what
    the teacher adds there is ignored, so it never lands among the project's notebooks."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("git or the project's repository is not here")
    git = ["git", "-C", str(ROOT)]
    tracked = subprocess.run(git + ["ls-files", "notebooks/mine"], capture_output=True, text=True, check=True)
    assert tracked.stdout.split() == ["notebooks/mine/README.md", "notebooks/mine/jupytext.toml"]
    for name in ("notebooks/mine/Untitled.ipynb", "notebooks/mine/src/Untitled.py",
                 "notebooks/mine/lesson copies/01_nash_equilibrium.ipynb"):
        assert subprocess.run(git + ["check-ignore", "-q", name]).returncode == 0, f"git does not ignore {name}"
    assert subprocess.run(git + ["check-ignore", "-q", "notebooks/Untitled.ipynb"]).returncode == 1


def test_the_makefile_leaves_the_teachers_notebooks_alone(tmp_path):
    """`make notebooks` (re-executes every notebook) and `make test` (nbval over
    notebooks/) skip notebooks/mine/, as they skip the nbgrader course."""
    if shutil.which("make") is None:
        pytest.skip("make is not here")
    for folder in ("mine", "lessons", "assignments/release/x"):
        (tmp_path / "notebooks" / folder).mkdir(parents=True)
        (tmp_path / "notebooks" / folder / "a.ipynb").write_text("{}")
    shutil.copy(ROOT / "Makefile", tmp_path)
    stamp = ".venv/.ovnilab-installed"
    out = {t: subprocess.run(["make", "-n", "-o", stamp, t], cwd=tmp_path, capture_output=True, text=True,
                             check=True).stdout for t in ("notebooks", "test")}
    assert "notebooks/lessons/a.ipynb" in out["notebooks"] and "notebooks/mine" not in out["notebooks"]
    assert "--ignore=notebooks/mine" in out["test"] and "--ignore=notebooks/assignments" in out["test"]
