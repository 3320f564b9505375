"""tools/mutants.py (make mutants, issue 38): a target whose modules moved starts afresh."""

from __future__ import annotations

import json
import shutil
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


def test_a_target_folder_runs_its_tests_and_leaves_out_its_ignored_ones(tmp_path, monkeypatch):
    """The folder's pyproject.toml gives mutmut the target's tests; Cosmic's drawing tests are
    left out (each listed file exists, so a rename does not quietly put it back)."""
    import tomllib

    monkeypatch.setattr(mutants, "RUN", tmp_path)
    settings = tomllib.loads((mutants._prepare("cosmic") / "pyproject.toml").read_text())["tool"]["mutmut"]
    selection = settings["pytest_add_cli_args_test_selection"]
    assert "tests/cosmic" in selection and "--ignore=tests/cosmic/test_render.py" in selection
    assert settings["source_paths"] == ["ovnilab/cosmic/rules"]
    for spec in mutants.TARGETS.values():
        assert all((ROOT / t).is_file() for t in spec.get("ignore", []))
        assert all((ROOT / t).exists() for t in spec["tests"])


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


def test_verdicts_survive_a_fresh_checkout_through_the_record(tmp_path, monkeypatch):
    """A run's verdicts go into tools/mutants_results/<target>.json and seed a folder that has
    none (a new checkout), so hours of mutants are not run again; a record of other modules
    seeds nothing."""
    monkeypatch.setattr(mutants, "RUN", tmp_path / "run")
    monkeypatch.setattr(mutants, "RECORDS", tmp_path / "records")
    work = tmp_path / "run" / "cows"
    meta = work / "mutants" / "ovnilab" / "cows" / "rules" / "turn.py.meta"
    meta.parent.mkdir(parents=True)
    codes = {"ovnilab.cows.rules.turn.x_end_turn__mutmut_1": 1, "ovnilab.cows.rules.turn.x_end_turn__mutmut_2": 0,
             "ovnilab.cows.rules.turn.x_end_turn__mutmut_3": None}
    meta.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": {"x_end_turn": "abc"},
                                "type_check_error_by_key": {}, "durations_by_key": {"x": 1.5},
                                "estimated_durations_by_key": {}}))
    (work / "seconds.txt").write_text("1620\n")
    (work / "tests.sha256.json").write_text(json.dumps({"tests/cows/test_x.py": "f00"}))
    assert mutants.save_record("cows") == 2  # two verdicts; the third mutant was not run yet
    assert not mutants._has_results("ovni")

    shutil.rmtree(work)
    assert mutants._has_results("cows")
    work.mkdir()
    assert mutants._restore_record("cows", work)
    seeded = json.loads(meta.read_text())
    assert seeded["exit_code_by_key"] == codes and seeded["hash_by_function_name"] == {"x_end_turn": "abc"}
    assert (work / "seconds.txt").read_text() == "1620\n"
    assert json.loads((work / "tests.sha256.json").read_text()) == {"tests/cows/test_x.py": "f00"}  # tests they saw
    assert (work / "modules.txt").read_text().splitlines() == mutants._modules("cows")
    assert not mutants._restore_record("cows", work)  # mutmut's own results are never overwritten

    record = json.loads((tmp_path / "records" / "cows.json").read_text())
    record["modules"] = ["ovnilab.cows.rules"]  # as before the engine became a package
    (tmp_path / "records" / "cows.json").write_text(json.dumps(record))
    shutil.rmtree(work / "mutants")
    assert not mutants._restore_record("cows", work) and not (work / "mutants").exists()


def test_the_report_keeps_the_rows_of_targets_without_verdicts_and_its_notes(tmp_path, monkeypatch):
    """A target with no verdicts on this checkout keeps its last rows, marked, instead of
    vanishing from docs/mutants.md; the hand-written notes after "## Notes" stay."""
    monkeypatch.setattr(mutants, "RUN", tmp_path / "run")
    monkeypatch.setattr(mutants, "RECORDS", tmp_path / "records")
    monkeypatch.setattr(mutants, "REPORT", tmp_path / "mutants.md")
    row = "| ovni | `ovnilab.ovni.rules.board` | 80 | 73 | 5 | 2 | 97.3% | 66 |"
    (tmp_path / "mutants.md").write_text(f"# old\n\n| target |\n|---|\n{row}\n\n## Notes\n\nWhy the rows are old.\n")
    mutants.write_report()
    text = (tmp_path / "mutants.md").read_text()
    assert "| ovni | `ovnilab.ovni.rules.board` | 80 | 73 | 5 | 2 | 97.3% | 66 (earlier run) |" in text
    assert text.endswith("## Notes\n\nWhy the rows are old.\n") and "# old" not in text
    assert "Not run yet: cows, cosmic, aliens, class-views." in text
    mutants.write_report()  # again: the marked row is kept once, not marked twice
    again = (tmp_path / "mutants.md").read_text()
    assert again.count("(earlier run) |") == 1 and "(earlier run) (earlier run)" not in again


def test_a_larger_sample_with_the_same_seed_contains_the_smaller_one():
    names = [f"ovnilab.cosmic.rules.state.x_f__mutmut_{i}" for i in range(1, 500)]
    small, large = mutants.draw_sample(names, 40, seed=38), mutants.draw_sample(list(reversed(names)), 120, seed=38)
    assert len(small) == 40 and len(large) == 120 and set(small) < set(large)
    assert mutants.draw_sample(names, 40, seed=39) != small  # another seed, another sample
    assert sorted(mutants.draw_sample(names, 1000, seed=38)) == sorted(names)  # N above the count: all of them
    # three mutants fewer (a function changed) change the sample by those three only, not all of it
    fewer = [n for n in names if n not in small[:3]]
    assert len(set(mutants.draw_sample(fewer, 40, seed=38)) - set(small)) == 3


def test_a_sampled_target_reports_the_samples_counts_with_an_interval(tmp_path, monkeypatch):
    """Where not every mutant was tested, a sampled target's rows count the sample only (a run
    stopped early tests the cheapest mutants first: its counts say little of the rest), with
    the 95% Wilson interval; a module tested whole keeps its exact row."""
    monkeypatch.setattr(mutants, "RUN", tmp_path)
    monkeypatch.setattr(mutants, "equivalent", lambda: {"m.b.x_g__mutmut_3": "why"})
    found = {f"m.a.x_f__mutmut_{i}": "killed" for i in range(1, 31)}
    found.update({f"m.a.x_f__mutmut_{i}": "not checked" for i in range(31, 91)})
    found.update({"m.a.x_f__mutmut_91": "survived", "m.b.x_g__mutmut_1": "killed",
                  "m.b.x_g__mutmut_2": "killed", "m.b.x_g__mutmut_3": "survived"})
    monkeypatch.setattr(mutants, "statuses", lambda target: found)
    drawn = [f"m.a.x_f__mutmut_{i}" for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 91)] + ["m.b.x_g__mutmut_3"]
    (tmp_path / "cosmic").mkdir()
    (tmp_path / "cosmic" / "sample.json").write_text(json.dumps({"seed": 38, "size": 11, "seconds": 600, "draw": mutants.DRAW,
                                                                 "names": drawn}))
    text = mutants.report(["cosmic"])
    assert "| cosmic | `m.a` | 91 (10 sampled) | 9 | 0 | 1 | 90.0% [59.6, 98.2] | |" in text
    assert "| cosmic | `m.b` | 3 | 2 | 1 | 0 | 100.0% |  |" in text  # every mutant tested: the exact row
    assert "| cosmic | all its modules, a random sample | 94 (11 sampled) | 9 | 1 | 1 | 90.0% [59.6, 98.2] | 10 |" in text
    assert "a random sample of 11 mutants (seed 38)" in text


def test_a_mutants_orphaned_processes_are_killed_and_the_exit_code_kept(tmp_path):
    """A mutant's test that leaves pool workers behind (its process ended by mutmut) must not
    leave them looping for the rest of the run: they are re-parented to tools/mutants.py and
    killed. Run in a process of its own: becoming a subreaper changes the process."""
    script = f"""
import sys, time
sys.path.insert(0, {str(ROOT / "tools")!r})
import mutants
mutants._mutmut = lambda: ["bash", "-c"]
with open({str(tmp_path / "out.log")!r}, "w") as out:
    code = mutants._run_mutmut(['(exec -a "mutmut: left behind" sleep 300) & sleep 1; exit 3'], mutants.ROOT, out)
time.sleep(0.5)
print(code, mutants._become_subreaper(), mutants.orphans(mutants.os.getpid()))
"""
    import subprocess

    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["3", "True", "[]"], out


def test_a_sample_not_run_to_its_end_gives_no_interval(tmp_path, monkeypatch):
    monkeypatch.setattr(mutants, "RUN", tmp_path)
    monkeypatch.setattr(mutants, "equivalent", lambda: {})
    found = {f"m.a.x_f__mutmut_{i}": "killed" for i in range(1, 9)}
    found.update({"m.a.x_f__mutmut_9": "not checked", "m.a.x_f__mutmut_10": "not checked"})
    monkeypatch.setattr(mutants, "statuses", lambda target: found)
    (tmp_path / "cosmic").mkdir()
    (tmp_path / "cosmic" / "sample.json").write_text(json.dumps(
        {"seed": 38, "size": 4, "seconds": 0, "names": ["m.a.x_f__mutmut_1", "m.a.x_f__mutmut_2", "m.a.x_f__mutmut_9"]}))
    text = mutants.report(["cosmic"])
    assert "| cosmic | all its modules, a random sample | 10 (3 sampled) | 2 | 0 | 0 | 100.0% |  |" in text
    assert "(seed 38, drawn by the earlier shuffle of the sorted names)" in text  # a sample without its draw
    assert "1 of the sample not run yet, so no interval" in text and "[" not in text.split("\n\n")[0]


def test_a_module_the_sample_missed_shows_no_verdicts_of_other_runs(tmp_path, monkeypatch):
    """A module none of whose mutants was drawn shows 0 sampled and no score, not the verdicts
    recorded from earlier runs (nor a note that its run was stopped, nor their survivors)."""
    monkeypatch.setattr(mutants, "RUN", tmp_path)
    monkeypatch.setattr(mutants, "equivalent", lambda: {})
    found = {f"m.a.x_f__mutmut_{i}": "killed" for i in range(1, 5)}
    found |= {"m.b.x_g__mutmut_1": "killed", "m.b.x_g__mutmut_2": "survived", "m.b.x_g__mutmut_3": "not checked"}
    monkeypatch.setattr(mutants, "statuses", lambda target: found)
    (tmp_path / "cosmic").mkdir()
    (tmp_path / "cosmic" / "sample.json").write_text(json.dumps(
        {"seed": 45, "size": 2, "seconds": 60, "draw": mutants.DRAW, "names": ["m.a.x_f__mutmut_1", "m.a.x_f__mutmut_2"]}))
    text = mutants.report(["cosmic"])
    assert "| cosmic | `m.b` | 3 (0 sampled) | 0 | 0 | 0 | - | |" in text
    assert "m.b: 1 mutants not run" not in text and "survivors" not in text


def test_a_samples_first_verdicts_are_kept_and_give_the_estimate(tmp_path, monkeypatch):
    """A sampled survivor killed later by a test aimed at it counts as caught now; the first
    verdict is kept (``--again`` cannot overwrite it) and the report gives the estimate from
    the first verdicts beside the score now."""
    monkeypatch.setattr(mutants, "RUN", tmp_path)
    monkeypatch.setattr(mutants, "equivalent", lambda: {})
    work = tmp_path / "cosmic"
    meta = work / "mutants" / "m" / "a.py.meta"
    meta.parent.mkdir(parents=True)
    names = [f"m.a.x_f__mutmut_{i}" for i in range(1, 11)]

    def codes(survivor: int, dropped: int | None = None) -> None:
        by_key = {n: (0 if i == survivor else 1) for i, n in enumerate(names, start=1)}
        if dropped is not None:
            by_key[names[dropped - 1]] = None
        meta.write_text(json.dumps({"exit_code_by_key": by_key, "hash_by_function_name": {}}))

    codes(survivor=4)  # the sample's first run: one of ten survives
    mutants._write_sample(work, 38, 10, names, 60)
    mutants._note_first(work)  # as save_record does after each run
    assert mutants.sample_of("cosmic")["first"][names[3]] == 0
    codes(survivor=0)  # a test written for it kills it; --again records that
    mutants._note_first(work)
    assert mutants.sample_of("cosmic")["first"][names[3]] == 0  # the first verdict stays
    found = {n: "killed" for n in names}
    monkeypatch.setattr(mutants, "statuses", lambda target: found | {"m.a.x_f__mutmut_11": "not checked"})
    text = mutants.report(["cosmic"])
    assert ("| cosmic | all its modules, a random sample, first verdicts | 11 (10 sampled) | 9 | 0 | 1 | "
            "90.0% [59.6, 98.2] | |") in text
    assert "| cosmic | all its modules, a random sample | 11 (10 sampled) | 10 | 0 | 0 | 100.0% [72.2, 100.0] | 1 |" in text
    assert "first verdicts (before any test written for one of its survivors) are that estimate" in text
    # a larger sample keeps the first verdicts of the names it still holds
    mutants._write_sample(work, 38, 11, names + ["m.a.x_f__mutmut_11"], 0)
    assert mutants.sample_of("cosmic")["first"][names[3]] == 0
    # a sample of another seed estimates the tests as they are now: the old first verdicts go
    mutants._write_sample(work, 39, 11, names + ["m.a.x_f__mutmut_11"], 0)
    mutants._note_first(work)
    assert mutants.sample_of("cosmic")["first"][names[3]] == 1
    assert mutants.status_of(0) == "survived" and mutants.status_of(36) == "timeout" and mutants.status_of(99) == "suspicious"


def test_a_changed_conftest_maps_every_test_again_and_a_legacy_mark_carries_over(tmp_path, monkeypatch):
    """tests/conftest.py decides which functions a test reaches under mutmut (it empties the
    caches), and mutmut keeps its map of a test from the first run: when the conftest changes
    the whole map is dropped and the survivors are tested again (a killed mutant stays killed).
    A folder or record from before the conftest's hash joined the test files' hashes (its own
    mark, ``conftest.sha256``) carries its hash over instead of dropping the map."""
    root = tmp_path / "project"
    for name, text in {"tests/g/test_a.py": "a", "tests/conftest.py": "c"}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    monkeypatch.setattr(mutants, "ROOT", root)
    monkeypatch.setattr(mutants, "TARGETS", {"g": {"source": [], "tests": ["tests/g"]}})
    now = mutants._test_hashes("g")
    assert list(now) == ["tests/conftest.py", "tests/g/test_a.py"]
    work = tmp_path / "work"
    meta = work / "mutants" / "m" / "a.py.meta"
    meta.parent.mkdir(parents=True)
    stats = work / "mutants" / "mutmut-stats.json"

    def state() -> None:
        stats.write_text(json.dumps({"duration_by_test": {"tests/g/test_a.py::test_1": 1.0}}))
        meta.write_text(json.dumps({"exit_code_by_key": {"m.a.x_f__mutmut_1": 0, "m.a.x_f__mutmut_2": 1,
                                                         "m.a.x_f__mutmut_3": 33}, "hash_by_function_name": {}}))

    # a folder from before the fold: the test files' hashes without the conftest, and its own mark
    state()
    (work / "tests.sha256.json").write_text(json.dumps({"tests/g/test_a.py": now["tests/g/test_a.py"]}))
    (work / "conftest.sha256").write_text(now["tests/conftest.py"] + "\n")
    mutants._remap_changed_tests("g", work)
    assert stats.exists() and mutants._read_meta(meta)["exit_code_by_key"]["m.a.x_f__mutmut_1"] == 0
    assert json.loads((work / "tests.sha256.json").read_text()) == now
    assert not (work / "conftest.sha256").exists()
    (root / "tests/conftest.py").write_text("c2")
    mutants._remap_changed_tests("g", work)
    assert not stats.exists()
    assert mutants._read_meta(meta)["exit_code_by_key"] == {"m.a.x_f__mutmut_1": None, "m.a.x_f__mutmut_2": 1,
                                                            "m.a.x_f__mutmut_3": None}
    # a record from before the fold seeds a folder whose hashes include the conftest's
    monkeypatch.setattr(mutants, "RUN", tmp_path / "run")
    monkeypatch.setattr(mutants, "RECORDS", tmp_path / "records")
    monkeypatch.setattr(mutants, "_modules", lambda target: ["m/a.py"])
    mutants.RECORDS.mkdir()
    mutants._record_path("g").write_text(json.dumps({
        "modules": ["m/a.py"], "seconds": 5, "conftest": "old-conftest", "tests": {"tests/g/test_a.py": "h"},
        "files": {"m/a.py.meta": {"exit_code_by_key": {}, "hash_by_function_name": {}}}}))
    fresh = tmp_path / "run" / "g"
    assert mutants._restore_record("g", fresh)
    assert json.loads((fresh / "tests.sha256.json").read_text()) == {"tests/conftest.py": "old-conftest",
                                                                   "tests/g/test_a.py": "h"}


def test_a_changed_test_file_is_mapped_again_and_the_survivors_tested_again(tmp_path, monkeypatch):
    """mutmut maps a test once, by its name: a test extended since keeps its old map and is
    never run against a function it reaches now (a mutant it kills stayed a survivor). A
    changed test file's tests leave the map (mutmut maps them again as new tests) and the
    survivors are tested again; a changed helper or data file drops its folder's tests; a map
    made before the hashes were kept is dropped whole."""
    root = tmp_path / "project"
    for name, text in {"tests/g/__init__.py": "", "tests/g/test_a.py": "a", "tests/g/test_b.py": "b",
                       "tests/g/saves/one.json": "{}", "tests/test_shared.py": "s", "tests/conftest.py": "c"}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    monkeypatch.setattr(mutants, "ROOT", root)
    monkeypatch.setattr(mutants, "TARGETS", {"g": {"source": [], "tests": ["tests/g", "tests/test_shared.py"]}})
    assert list(mutants._test_hashes("g")) == ["tests/conftest.py", "tests/g/__init__.py", "tests/g/saves/one.json",
                                              "tests/g/test_a.py", "tests/g/test_b.py", "tests/test_shared.py"]
    work = tmp_path / "work"
    meta = work / "mutants" / "m" / "a.py.meta"
    meta.parent.mkdir(parents=True)
    stats = work / "mutants" / "mutmut-stats.json"
    tests = ["tests/g/test_a.py::test_1", "tests/g/test_a.py::test_2", "tests/g/test_b.py::test_3",
             "tests/test_shared.py::test_4"]

    def state(survivor: int | None = 0) -> None:
        stats.write_text(json.dumps({"duration_by_test": dict.fromkeys(tests, 1.0),
                                     "tests_by_mangled_function_name": {"m.a.x_f": tests}}))
        meta.write_text(json.dumps({"exit_code_by_key": {"m.a.x_f__mutmut_1": survivor, "m.a.x_f__mutmut_2": 1},
                                    "hash_by_function_name": {}}))

    def mapped() -> list[str]:
        return sorted(json.loads(stats.read_text())["duration_by_test"])

    def codes() -> dict:
        return mutants._read_meta(meta)["exit_code_by_key"]

    state()
    mutants._remap_changed_tests("g", work)  # no kept hashes: the whole map goes
    assert not stats.exists() and codes() == {"m.a.x_f__mutmut_1": None, "m.a.x_f__mutmut_2": 1}
    assert json.loads((work / "tests.sha256.json").read_text()) == mutants._test_hashes("g")
    state()
    mutants._remap_changed_tests("g", work)  # nothing changed: all kept
    assert mapped() == tests and codes()["m.a.x_f__mutmut_1"] == 0
    (root / "tests/g/test_a.py").write_text("a, extended")
    mutants._remap_changed_tests("g", work)
    assert mapped() == tests[2:] and codes() == {"m.a.x_f__mutmut_1": None, "m.a.x_f__mutmut_2": 1}
    assert stats.exists() and json.loads(stats.read_text())["tests_by_mangled_function_name"] == {"m.a.x_f": tests}
    state()
    mutants._remap_changed_tests("g", work)  # the new hash was kept: nothing more
    assert mapped() == tests
    (root / "tests/g/saves/one.json").write_text('{"changed": 1}')
    mutants._remap_changed_tests("g", work)
    assert mapped() == ["tests/test_shared.py::test_4"] and codes()["m.a.x_f__mutmut_1"] is None
    state(survivor=1)
    (root / "tests/test_shared.py").write_text("s2")
    mutants._remap_changed_tests("g", work)
    assert mapped() == tests[:3] and codes()["m.a.x_f__mutmut_1"] == 1  # a killed mutant stays killed
    state()
    (root / "tests/conftest.py").write_text("c2")  # every test starts from the conftest: the whole map goes
    mutants._remap_changed_tests("g", work)
    assert not stats.exists() and codes()["m.a.x_f__mutmut_1"] is None
    state()
    mutants._remap_changed_tests("g", work)
    assert mapped() == tests
    # a survivor listed as equivalent keeps its verdict (--again would not test it again)
    monkeypatch.setattr(mutants, "equivalent", lambda: {"m.a.x_f__mutmut_1": "cannot change anything"})
    (root / "tests/g/test_b.py").write_text("b2")
    mutants._remap_changed_tests("g", work)
    assert mapped() != tests and codes()["m.a.x_f__mutmut_1"] == 0


def test_a_stopped_run_ends_mutmut_and_keeps_what_it_did(tmp_path):
    """SIGTERM to the tool (kill, a session's end) ends mutmut and its mutants with it and runs
    the runs' ``finally`` (the verdicts so far saved), instead of leaving mutmut running."""
    script = f"""
import os, signal, sys, threading, time
sys.path.insert(0, {str(ROOT / "tools")!r})
import mutants
mutants._mutmut = lambda: ["bash", "-c"]
mutants._stop_on_sigterm()
threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()
try:
    with open({str(tmp_path / "out.log")!r}, "w") as out:
        mutants._run_mutmut(['echo $$ > {tmp_path / "pid"}; exec sleep 300'], mutants.ROOT, out)
except SystemExit as stop:
    print("stopped", stop.code)
finally:
    print("finally")
"""
    import subprocess

    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["stopped", "143", "finally"], out
    pid = int((tmp_path / "pid").read_text())
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_a_sample_tests_again_what_was_not_caught_before_it_first_saw_it():
    """A sample of a new seed (or a larger one) estimates the tests as they are now: a drawn
    mutant that survived an earlier run, or that no test reached, is tested again unless this
    sample already holds its first verdict; a killed one stays killed."""
    codes = {"a": None, "b": 0, "c": 1, "d": 33, "e": 0, "f": 36}
    names = ["a", "b", "c", "d", "e", "f"]
    assert mutants.sample_todo(codes, names, {}) == ["a", "b", "d", "e"]
    # the same sample going on: "e" survived in it (its first verdict), it is not run again
    assert mutants.sample_todo(codes, names, {"e": 0, "c": 1}) == ["a", "b", "d"]
