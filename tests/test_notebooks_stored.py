"""Notebooks are stored as JupyterLab (with jupytext) writes them, and JupyterLab opens
every one of them whatever the modification times of the notebook and its script (issue
22: a `git pull` that brings only a re-executed notebook made Lab refuse to open it)."""

from __future__ import annotations

import logging
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import normalize_notebooks as nn  # noqa: E402

NOTEBOOKS = nn.notebooks()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_stored_as_lab_writes_it(path):
    assert path.read_text(encoding="utf-8") == nn.stored_form(path), (
        f"{path.name} is not in its stored form: run `make notebooks NB={path.relative_to(ROOT)}` "
        "(or python tools/normalize_notebooks.py)")


def test_merge_streams():
    outs = [{"output_type": "stream", "name": "stdout", "text": ["a\n", "b"]},
            {"output_type": "stream", "name": "stdout", "text": "\n"},
            {"output_type": "stream", "name": "stderr", "text": "x"},
            {"output_type": "execute_result", "data": {}},
            {"output_type": "stream", "name": "stdout", "text": "c"}]
    merged = nn.merge_streams([dict(o) for o in outs])
    assert [o.get("text") for o in merged] == ["a\nb\n", "x", None, "c"]


def test_lab_opens_every_notebook_newer_than_its_script_and_saves_it_unchanged(tmp_path):
    pytest.importorskip("jupyter_server")
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from jupytext import build_sync_jupytext_contents_manager_class

    root = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    cm = build_sync_jupytext_contents_manager_class(LargeFileManager)(root_dir=str(root))
    cm.log.setLevel(logging.ERROR)
    for path in NOTEBOOKS:
        rel = path.relative_to(ROOT / "notebooks")
        copy = root / rel
        script = copy.parent / "src" / (copy.stem + ".py")
        t = script.stat().st_mtime
        os.utime(copy, (t + 60, t + 60))  # the notebook a minute newer, as after a pull
        model = cm.get(str(rel))  # raised "is more recent than ..." before
        # what Lab starts on opening: the kernel installed here, no "Select Kernel" dialog
        assert model["content"]["metadata"]["kernelspec"]["name"] == "python3", rel
        before = copy.read_text(encoding="utf-8")
        cm.save(model, str(rel))  # what Lab's save writes
        assert copy.read_text(encoding="utf-8") == before, f"{rel}: a save in Lab would change the file"
