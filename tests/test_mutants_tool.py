"""tools/mutants.py (make mutants, issue 38): a target whose modules moved starts afresh."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import mutants  # noqa: E402


def test_modules_of_a_target_are_its_source_files_as_modules():
    cows = mutants._modules("cows")
    assert "ovnilab.cows.determinize" in cows and "ovnilab.cows.rules.actions" in cows
    assert "ovnilab.cows.rules" in cows and not any(m.endswith("__init__") for m in cows)
    assert mutants._modules("class-views") == ["ovnilab.classroom.views"]


def test_results_are_dropped_when_the_modules_moved_and_kept_otherwise(tmp_path):
    (tmp_path / "mutants").mkdir()
    mutants._forget_if_modules_moved("cows", tmp_path)  # no record yet: a first run keeps what it finds
    assert (tmp_path / "mutants").exists()
    mutants._forget_if_modules_moved("cows", tmp_path)  # the same modules: results kept
    assert (tmp_path / "mutants").exists()
    (tmp_path / "modules.txt").write_text("ovnilab.cows.rules\n")  # as before the engine became a package
    mutants._forget_if_modules_moved("cows", tmp_path)
    assert not (tmp_path / "mutants").exists()
    assert (tmp_path / "modules.txt").read_text().splitlines() == mutants._modules("cows")
