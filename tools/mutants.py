"""Mutation testing of the engines and the views (issue 38): ``make mutants``.

Why mutmut: it is kept up (3.x), it needs nothing but pip, it forks one process per mutant
and runs only the tests that reach the mutated function, so a whole engine takes minutes,
not hours, on the 2-core machine. cosmic-ray was the other candidate; it runs the whole
test command per mutant (about 30 s for one game's tests), a hundred times slower here.

mutmut reads its settings from the ``pyproject.toml`` of the folder it runs in and copies
the sources into ``mutants/`` there. Each target (a game's rules, or the views) gets its own
folder under ``.run/mutants/<target>/``: a copy of the package, the data, the tests and the
project's pyproject.toml with a ``[tool.mutmut]`` section for that target. The copy is
refreshed on each run; mutmut's own results there are kept, so a second run re-tests only
what changed.

``.run/`` is not in git, and a fresh checkout (a new machine, a new session) would start
every target from nothing: hours for the cows and Ovni engines. So each target's verdicts are
also kept in the repository, ``tools/mutants_results/<target>.json``: mutmut's exit code per
mutant and the hash of each mutated function, file by file, written after every run (and by
``--save`` after a run was stopped). A folder without mutmut's results is seeded from it;
mutmut then keeps a verdict only where the function's hash is unchanged and re-tests the rest,
as it does between two runs in one folder. (Like mutmut's own cache, a kept "killed" assumes
the tests that killed it are still there; ``--again`` re-tests the survivors.) mutmut maps each
test to the functions it reaches once, by its name; a test file changed since its map was made
has its tests mapped again, and the survivors are tested again (_remap_changed_tests).

The score counts a mutant as caught when a test fails (killed) or the tests run out of
time (timeout, an endless loop); a mutant no test reaches counts as not caught. Mutants that
cannot change behaviour (equivalent mutants) are listed with the reason in
``tools/mutants_equivalent.toml`` and left out of the score; the list is checked, so a stale
entry (a mutant that no longer exists or is now killed) is reported.

    make mutants                 # every target, one after another (see README for the time)
    make mutants TARGET=cows     # one target
    .venv/bin/python tools/mutants.py cows --again    # only the last survivors, after new tests
    .venv/bin/python tools/mutants.py cows --report   # the last results again, no run
    .venv/bin/python tools/mutants.py --report --write  # and docs/mutants.md rewritten from them
    .venv/bin/python tools/mutants.py cows --save     # a stopped run's verdicts into tools/mutants_results/
    .venv/bin/python tools/mutants.py cosmic --sample 400   # a random sample: an estimate with an interval

A whole run of the Cosmic engine or its aliens would take days on the 2-core machine (each has
several thousand mutants, and each surviving mutant runs up to three minutes of tests). mutmut
tests the cheapest mutants first, so a run stopped early measures the easy part. ``--sample N``
instead tests a seeded random sample of the target's mutants and the report gives, beside the
counts, the share caught in the sample with its 95% (Wilson) interval: an estimate of the whole
target's score whose error is stated. The sample is the N mutants whose names rank first by a
hash of the seed and the name (each name's rank is its own, a random order no code change moves),
so a larger N with the same seed keeps every verdict of the smaller one, and a change that adds or
removes mutants changes the sample only by those. (The first draw shuffled the sorted names: three
mutants fewer in one function then drew a new sample, 65 of 100 untested.) It is drawn again from
the mutants as they are at each run (a function changed since gets new mutants and its verdicts
are tested again, as in a whole run).

A sampled mutant that survives gets a test aimed at it, and then counts as caught: the sample's
score after that says how well the tests now catch *those* mutants, not the rest of the target.
So the sample also keeps each mutant's first verdict (``"first"`` in sample.json and in the
record), and the report gives the estimate from the first verdicts beside the score now.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / ".run" / "mutants"
EQUIVALENT = ROOT / "tools" / "mutants_equivalent.toml"
RECORDS = ROOT / "tools" / "mutants_results"
REPORT = ROOT / "docs" / "mutants.md"

# The tests every target runs beside its own folder's: the views, the rule options and the
# invariant checkers are tested across games there; each game's refusals in a file of its own.
SHARED_TESTS = ["tests/test_refusals_and_views.py", "tests/test_views.py", "tests/test_rules_options.py",
                "tests/test_options_reach_play.py", "tests/test_invariant_checks.py"]

TARGETS: dict[str, dict[str, list[str]]] = {  # source, tests, and tests left out ("ignore")
    "cows": {"source": ["ovnilab/cows/rules", "ovnilab/cows/determinize.py"],
             "tests": ["tests/cows", "tests/test_refusals_cows.py"] + SHARED_TESTS},
    "ovni": {"source": ["ovnilab/ovni/rules"], "tests": ["tests/ovni", "tests/test_refusals_ovni.py"] + SHARED_TESTS},
    # Cosmic's drawing tests (board, widget, the Portuguese board: 70 s of its 240) test the
    # drawing, which reaches the rules only by playing; left out, so a rules mutant that only a
    # drawing would show counts as not caught. (cows and ovni keep them: a changed selection
    # makes mutmut drop every verdict, and their runs were made with them.)
    "cosmic": {"source": ["ovnilab/cosmic/rules"], "tests": ["tests/cosmic", "tests/test_refusals_cosmic.py"] + SHARED_TESTS,
               "ignore": ["tests/cosmic/test_render.py", "tests/cosmic/test_widget.py", "tests/cosmic/test_board_pt.py"]},
    "aliens": {"source": ["ovnilab/cosmic/aliens"], "tests": ["tests/cosmic", "tests/test_refusals_cosmic.py"] + SHARED_TESTS,
               "ignore": ["tests/cosmic/test_render.py", "tests/cosmic/test_widget.py", "tests/cosmic/test_board_pt.py"]},
    # the experiments' pages and the language of a seat's view are built in views.py too
    "class-views": {"source": ["ovnilab/classroom/views.py"],
                    "tests": ["tests/classroom/test_rooms.py", "tests/classroom/test_server.py",
                              "tests/classroom/test_experiments.py", "tests/classroom/test_server_language.py",
                              "tests/classroom/test_projector.py", "tests/classroom/test_views_text.py",
                              "tests/classroom/test_room_view.py"] + SHARED_TESTS},
}

# The longest fast test of a game takes 4 s alone (tests/cows/test_playouts.py); 30 s leaves
# room for a loaded machine, where a test that runs out of time would count a mutant as caught.
# The class server's tests wait on purpose (a reconnection grace of 15 s, an idle timeout of
# 10 s, a long poll of 25 s): 90 s there. Cosmic's random games take 5 to 15 s each alone and
# more than ten times that under mutmut's tracing when it maps which tests reach which function
# (each call of an engine function is recorded: 150 random games with some aliens ran out of
# 120 s): 600 s there.
TEST_TIMEOUT = 30
TEST_TIMEOUTS = {"class-views": 90, "cosmic": 600, "aliens": 600}

# Not copied into a target's folder: caches and what mutmut writes itself.
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "mutants")


def _prepare(target: str) -> Path:
    """The target's folder with fresh copies of the package, the data and the tests."""
    spec = TARGETS[target]
    work = RUN / target
    work.mkdir(parents=True, exist_ok=True)
    # the lessons (notebooks and scripts): the experiments' tests check the games against them
    for name in ("ovnilab", "data", "seeds", "tests", "notebooks/lessons"):
        dest = work / name
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(ROOT / name, dest, ignore=_IGNORE)
    tests = [t for t in spec["tests"] if (ROOT / t).exists()]
    settings = {
        "source_paths": spec["source"],
        "also_copy": ["ovnilab", "data", "seeds", "notebooks/lessons"],
        # the game's fast tests: no browser, no wheel build, no long search (marked slow)
        "pytest_add_cli_args_test_selection": tests + [f"--ignore={t}" for t in spec.get("ignore", [])]
        + ["-m", "not slow and not browser and not wheel"],
        # an endless loop fails its first test after TEST_TIMEOUT s (pytest-timeout, in the
        # mutants extra): mutmut's own limit is 4x all the tests that reach the function, and
        # the cows engine's _end_turn is reached by 25 s of tests, so each of its endless
        # mutants held a worker for 105 s
        "pytest_add_cli_args": ["-p", "no:cacheprovider", f"--timeout={TEST_TIMEOUTS.get(target, TEST_TIMEOUT)}"],
        "timeout_multiplier": 4.0,
        "timeout_constant": 5.0,
    }
    lines = ["", "[tool.mutmut]"] + [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
    (work / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text() + "\n".join(lines) + "\n")
    return work


def _modules(target: str) -> list[str]:
    """The modules ``target`` mutates (``ovnilab.cows.rules.actions``), sorted."""
    found = []
    for src in TARGETS[target]["source"]:
        path = ROOT / src
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        found += [".".join(f.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__") for f in files]
    return sorted(found)


def _forget_if_modules_moved(target: str, work: Path) -> None:
    """Start ``target`` afresh when its modules are not those of its last run.

    mutmut keeps which tests reach each function from its first run and, on later runs,
    only adds the tests that are new: a function moved to a new module is reached by no
    test it knows, so all its mutants come out "no tests" (the cows engine split into a
    package scored 1,331 such "survivors" in 9 minutes). Its results are dropped instead
    and the next run is a whole one."""
    record = work / "modules.txt"
    now = "\n".join(_modules(target)) + "\n"
    if record.exists() and record.read_text() != now and (work / "mutants").exists():
        print(f"{target}: its modules changed since the last run; starting it afresh", flush=True)
        shutil.rmtree(work / "mutants")
    record.write_text(now)


def _record_path(target: str) -> Path:
    return RECORDS / f"{target}.json"


def save_record(target: str) -> int:
    """Copy ``target``'s verdicts from mutmut's folder into the repository's record; how many
    mutants have one. mutmut writes a file's ``.meta`` after every mutant, so a stopped run's
    verdicts so far are saved too."""
    work = RUN / target
    files = {}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        data = _read_meta(meta)
        files[meta.relative_to(work / "mutants").as_posix()] = {
            "hash_by_function_name": dict(sorted(data["hash_by_function_name"].items())),
            "exit_code_by_key": dict(sorted(data["exit_code_by_key"].items()))}
    if not files:
        return 0
    _note_first(work, {k: c for f in files.values() for k, c in f["exit_code_by_key"].items()})
    secs = work / "seconds.txt"
    record = {"mutmut": _version(), "modules": _modules(target),
              "seconds": int(secs.read_text()) if secs.exists() else None, "files": files}
    hashes = work / "tests.sha256.json"
    if hashes.exists():  # the test files its verdicts were made with (see _remap_changed_tests)
        record["tests"] = json.loads(hashes.read_text())
    drawn = sample_of(target)
    if drawn:
        record["sample"] = drawn
    RECORDS.mkdir(exist_ok=True)
    _record_path(target).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    return sum(code is not None for f in files.values() for code in f["exit_code_by_key"].values())


def _has_results(target: str) -> bool:
    """Whether ``target`` has verdicts: in mutmut's folder, or recorded in the repository."""
    return (RUN / target / "mutants").exists() or _record_path(target).exists()


def _read_meta(meta: Path) -> dict:
    """A ``.meta`` file; read again when a running mutmut was writing it at that moment."""
    for _ in range(50):
        try:
            return json.loads(meta.read_text())
        except json.JSONDecodeError:
            time.sleep(0.1)
    return json.loads(meta.read_text())


def _restore_record(target: str, work: Path) -> bool:
    """Seed a folder without mutmut's results from the repository's record, when the record's
    modules are the target's modules now (else the target starts afresh: see
    _forget_if_modules_moved)."""
    path = _record_path(target)
    if (work / "mutants").exists() or not path.exists():
        return False
    record = json.loads(path.read_text())
    if record["modules"] != _modules(target):
        print(f"{target}: the recorded results are of other modules; starting it afresh", flush=True)
        return False
    for name, data in record["files"].items():
        meta = work / "mutants" / name
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(json.dumps({"exit_code_by_key": data["exit_code_by_key"],
                                    "hash_by_function_name": data["hash_by_function_name"],
                                    "type_check_error_by_key": {}, "durations_by_key": {},
                                    "estimated_durations_by_key": {}}, indent=4))
    if record.get("seconds") is not None:
        (work / "seconds.txt").write_text(f"{record['seconds']}\n")
    if record.get("sample"):
        (work / "sample.json").write_text(json.dumps(record["sample"], indent=1) + "\n")
    if record.get("tests"):  # the test files they were made with
        made_with = dict(record["tests"])
        if record.get("conftest"):  # a record kept the conftest's hash apart until issue 38's fold
            made_with.setdefault(_CONFTEST, record["conftest"])
        (work / "tests.sha256.json").write_text(json.dumps(dict(sorted(made_with.items())), indent=1) + "\n")
    (work / "modules.txt").write_text("\n".join(record["modules"]) + "\n")
    print(f"{target}: seeded from the recorded verdicts ({path.name})", flush=True)
    return True


def _env() -> dict[str, str]:
    """The Makefile's environment (Jupyter and matplotlib state under .run/)."""
    run = ROOT / ".run"
    env = dict(os.environ)
    env.update(JUPYTER_CONFIG_DIR=str(run / "jupyter-config"), JUPYTER_DATA_DIR=str(run / "jupyter-data"),
               JUPYTER_RUNTIME_DIR=str(run / "jupyter-runtime"), IPYTHONDIR=str(run / "ipython"),
               MPLCONFIGDIR=str(run / "matplotlib"), JUPYTER_PLATFORM_DIRS="1", PYTHONHASHSEED="0",
               OVNILAB_CLASSROOM_DB=str(run / "mutants" / "classroom.sqlite"))
    return env


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mutmut")
    except PackageNotFoundError:  # make test does not install the mutants extra
        return "not installed"


def _mutmut() -> list[str]:
    return [sys.executable, "-m", "mutmut"]


def _become_subreaper() -> bool:
    """Have the processes orphaned under this one re-parented to it (Linux's
    PR_SET_CHILD_SUBREAPER) rather than to init; False where that is not available."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _children(parent: int) -> list[tuple[int, str, bytes]]:
    """The processes whose parent is ``parent``: (pid, state letter, name)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            title = (entry / "cmdline").read_bytes().split(b"\0")[0]
        except (OSError, IndexError):
            continue  # ended meanwhile
        if int(fields[1]) == parent:
            found.append((int(entry.name), fields[0], title))
    return found


def orphans(parent: int) -> list[int]:
    """Mutant processes left running under ``parent`` (this process, a subreaper, or init):
    those named "mutmut: ..." whose own parent is gone. A test that plays games on a process
    pool (tests/ovni/test_bots.py) leaves its workers behind when mutmut ends the test
    process of an endless mutant, and they loop on, each holding a core until killed: in the
    Ovni run, four of them slowed everything for hours."""
    return [pid for pid, _, title in _children(parent) if title.startswith(b"mutmut: ")]


def _run_mutmut(args: list[str], work: Path, out) -> int:
    """``mutmut`` with ``args`` in ``work``, its output to ``out``; every few seconds the
    mutants' orphaned processes are killed (see :func:`orphans`). Its exit code."""
    parent = os.getpid() if _become_subreaper() else 1
    proc = subprocess.Popen(_mutmut() + args, cwd=work, env=_env(), stdout=out, stderr=subprocess.STDOUT)
    while True:
        try:
            return proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        except BaseException:  # the tool is stopped (Ctrl-C, SIGTERM): mutmut and its mutants too
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            raise
        finally:
            for pid, state, title in _children(parent):
                try:
                    if title.startswith(b"mutmut: "):  # an orphan (see orphans())
                        os.kill(pid, 9)
                    elif state == "Z" and pid != proc.pid and parent == os.getpid():
                        os.waitpid(pid, os.WNOHANG)  # an orphan that ended: this process's to reap
                except (ProcessLookupError, ChildProcessError):
                    pass


#: the seed of a sample when none is given (the issue's number); each sample's seed is recorded
SAMPLE_SEED = 38
#: mutmut has no command that only generates the mutants: ``mutmut run`` with a name that
#: matches none generates them and collects its map of tests, then stops with this message
_NOTHING_MATCHES = "Filtered for specific mutants, but nothing matches"
_NO_SUCH_MUTANT = "no.such.module.x_no_such_function__mutmut_0"


#: mutmut's status of a mutant's exit code (its stats.status_by_exit_code in 3.8.1; the
#: first verdicts are kept as exit codes, like mutmut's own results)
_STATUS_OF_CODE = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
                   36: "timeout", 37: "caught by type check", -24: "timeout", 24: "timeout", 152: "timeout",
                   255: "timeout", -11: "segfault", -9: "segfault", None: "not checked"}


#: the statuses of a mutant no test caught: the survivors a run tests again
NOT_CAUGHT = ("survived", "no tests")


def status_of(code: int | None) -> str:
    """mutmut's word for a mutant's exit code (anything else it calls suspicious)."""
    return _STATUS_OF_CODE.get(code, "suspicious")


#: how draw_sample ranks the names, kept with each sample (a sample without it, Ovni's of
#: 2026-12-05, was the earlier shuffle of the sorted names by the seed)
DRAW = "blake2b-128 of 'seed:name', lowest first"


def draw_sample(names: list[str] | set[str], size: int, seed: int) -> list[str]:
    """The ``size`` of ``names`` that rank first by a hash of ``seed`` and the name, sorted: a
    larger sample with the same seed contains the smaller one, and a name added or removed
    changes the sample by that name only (and the one it lets in or pushes out)."""
    def rank(name: str) -> bytes:
        return hashlib.blake2b(f"{seed}:{name}".encode(), digest_size=16).digest()

    return sorted(sorted(set(names), key=rank)[:size])


def _codes(work: Path) -> dict[str, int | None]:
    """Every mutant of the folder's last generation and its exit code (None: not run yet)."""
    codes: dict[str, int | None] = {}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        codes.update(_read_meta(meta)["exit_code_by_key"])
    return codes


def sample_of(target: str) -> dict | None:
    """The target's last sample (seed, size, names, seconds), or None."""
    path = RUN / target / "sample.json"
    return json.loads(path.read_text()) if path.exists() else None


def _generate(target: str, work: Path, children: int) -> None:
    """Bring the folder's mutants up to date with the sources without testing any."""
    log = work / "generate.log"
    with log.open("w") as out:
        code = _run_mutmut(["run", "--max-children", str(children), _NO_SUCH_MUTANT], work, out)
    if code == 0 or _NOTHING_MATCHES not in log.read_text(errors="replace"):
        raise _failed(f"could not generate {target}'s mutants", code, log)


def _folder(target: str) -> Path:
    """The target's folder, fresh sources and tests, seeded from the record when it has no
    results (and started afresh when its modules moved)."""
    work = _prepare(target)
    _restore_record(target, work)
    _forget_if_modules_moved(target, work)
    _note_first(work)
    _remap_changed_tests(target, work)
    return work


#: the conftest every test starts from (a test file of every target)
_CONFTEST = "tests/conftest.py"


def _test_hashes(target: str) -> dict[str, str]:
    """The hash of each file of ``target``'s tests (its test files, their helpers and data,
    and tests/conftest.py, which every test starts from), by path."""
    spec = TARGETS[target]
    left_out = set(spec.get("ignore", []))
    found: dict[str, str] = {}
    for entry in spec["tests"]:
        path = ROOT / entry
        files = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for f in files:
            rel = f.relative_to(ROOT).as_posix()
            if (f.is_file() and rel not in left_out and rel != _CONFTEST
                    and "__pycache__" not in f.parts and f.suffix != ".pyc"):
                found[rel] = hashlib.sha256(f.read_bytes()).hexdigest()
    conftest = ROOT / _CONFTEST
    if conftest.exists():
        found[_CONFTEST] = hashlib.sha256(conftest.read_bytes()).hexdigest()
    return dict(sorted(found.items()))


def _forget_tests(target: str, work: Path, changed: list[str]) -> int:
    """Drop the tests of the ``changed`` files from mutmut's map, so mutmut maps them again as
    new tests; how many. A changed helper or data file (not ``test_*.py``) drops every test of
    the folder of the target's tests it is in (tests/cosmic/__init__.py: all of tests/cosmic);
    a changed tests/conftest.py drops them all."""
    stats = work / "mutants" / "mutmut-stats.json"
    if not stats.exists():
        return 0
    data = json.loads(stats.read_text())
    if _CONFTEST in changed:
        gone = len(data["duration_by_test"])
        stats.unlink()
        return gone
    files = {c for c in changed if Path(c).name.startswith("test_") and c.endswith(".py")}
    dirs = {entry.rstrip("/") + "/" for entry in TARGETS[target]["tests"] for c in set(changed) - files
            if c.startswith(entry.rstrip("/") + "/")}
    gone = [name for name in data["duration_by_test"]
            if name.split("::")[0] in files or name.startswith(tuple(dirs))]
    for name in gone:
        del data["duration_by_test"][name]
    stats.write_text(json.dumps(data))
    return len(gone)


def _remap_changed_tests(target: str, work: Path) -> None:
    """Have mutmut map again the tests whose file changed since its map was made, and test
    the survivors again.

    mutmut maps a test to the functions it reaches once, when it first sees the test's name:
    a test extended since (a survivor's scenario added to an existing test) keeps its old map,
    so mutmut never runs it against the functions it now reaches, and a mutant it kills is
    still reported as a survivor (one was, after --again). The hash of each test file is kept
    beside the map (``tests.sha256.json``, and in the record); a changed file's tests are
    dropped from the map (mutmut maps them again, as new tests), and the survivors are tested
    again under the new map. tests/conftest.py decides what every test starts from under
    mutmut (it empties the library's caches), so which functions each test reaches: its change
    drops the whole map. Without kept hashes (a map made before they were kept) the whole map
    is dropped too: which tests changed since it was made is unknown."""
    mark = work / "tests.sha256.json"
    now = _test_hashes(target)
    legacy = work / "conftest.sha256"  # the conftest's own mark, before issue 38's fold
    if not (work / "mutants").exists():
        legacy.unlink(missing_ok=True)
        mark.write_text(json.dumps(now, indent=1) + "\n")
        return
    old = json.loads(mark.read_text()) if mark.exists() else None
    if old is not None and legacy.exists():
        old.setdefault(_CONFTEST, legacy.read_text().strip())
    legacy.unlink(missing_ok=True)
    stats = work / "mutants" / "mutmut-stats.json"
    if old is None:
        stats.unlink(missing_ok=True)
        print(f"{target}: its map of tests predates the kept hashes of its test files, so the whole "
              f"map is made again and its {_test_survivors_again(work)} survivors are tested again", flush=True)
    else:
        changed = sorted(p for p in now.keys() | old.keys() if now.get(p) != old.get(p))
        if changed:
            dropped = _forget_tests(target, work, changed)
            print(f"{target}: {len(changed)} test files changed since its map was made ({', '.join(changed)}): "
                  f"their {dropped} tests are mapped again and its {_test_survivors_again(work)} survivors "
                  f"are tested again", flush=True)
    mark.write_text(json.dumps(now, indent=1) + "\n")


def _test_survivors_again(work: Path) -> int:
    """Clear the verdict of every mutant not caught, so the next run tests it again; how many
    (a killed mutant stays killed, and so does the verdict of a mutant listed as equivalent:
    no test can catch it, and ``--again`` re-tests only the survivors that count)."""
    again = 0
    listed = equivalent()
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        data = _read_meta(meta)
        codes = data["exit_code_by_key"]
        back = [k for k, code in codes.items() if status_of(code) in NOT_CAUGHT and k not in listed]
        if back:
            codes.update(dict.fromkeys(back))
            meta.write_text(json.dumps(data, indent=4))
            again += len(back)
    return again


def _failed(what: str, code: int, log: Path) -> SystemExit:
    """The error that ends the tool when mutmut did not do ``what``: with mutmut's last lines."""
    tail = log.read_text(errors="replace").replace("\r", "\n").splitlines()[-15:]
    return SystemExit(f"mutmut {what} (exit {code}); its last lines:\n" + "\n".join(tail))


def run_sample(target: str, children: int, size: int, seed: int) -> float:
    """Test a seeded random sample of ``size`` of ``target``'s mutants (those without a verdict
    yet); the seconds it took."""
    work = _folder(target)
    started = time.monotonic()
    _generate(target, work, children)
    codes = _codes(work)
    names = draw_sample(codes, size, seed)
    drawn = sample_of(target) or {}
    todo = sample_todo(codes, names, drawn.get("first", {}) if drawn.get("seed") == seed else {})
    print(f"{target}: a sample of {len(names)} of {len(codes)} mutants (seed {seed}); "
          f"{len(todo)} to test", flush=True)
    _write_sample(work, seed, size, names, 0)  # a stopped run's --save keeps the sample too
    code, log = 0, work / "sample.log"
    try:
        if todo:
            with log.open("w") as out:
                code = _run_mutmut(["run", "--max-children", str(children)] + todo, work, out)
    finally:  # stopped or not, the sample's seconds so far and its verdicts are kept
        took = time.monotonic() - started
        _write_sample(work, seed, size, names, took)
        save_record(target)
    if code != 0:
        raise _failed(f"failed on {target}", code, log)
    return took


def sample_todo(codes: dict[str, int | None], names: list[str], first: dict[str, int | None]) -> list[str]:
    """The sampled mutants a sample run tests: those without a verdict, and those not caught
    (survived, or reached by no test) before this sample first saw them. A sample measures
    the tests as they are now, and a survivor of an earlier run may be killed by a test
    written since: its old verdict would count it as a first-verdict survivor."""
    return [n for n in names if codes[n] is None
            or (n not in first and status_of(codes[n]) in NOT_CAUGHT)]


def _write_sample(work: Path, seed: int, size: int, names: list[str], seconds: float) -> None:
    """Keep the sample beside mutmut's results; its seconds add up over the runs of one sample.
    A sample of another seed is a new estimate (of the tests as they are now): it keeps none of
    the old sample's first verdicts."""
    old = sample_of(work.name) or {}
    same_seed = old.get("seed") == seed
    same = same_seed and old.get("size") == size
    kept = set(names) if same_seed else set()
    (work / "sample.json").write_text(json.dumps(
        {"seed": seed, "size": size, "seconds": round(seconds + (old.get("seconds", 0) if same else 0)),
         "draw": DRAW, "names": names, "first": {n: c for n, c in old.get("first", {}).items() if n in kept}}, indent=1) + "\n")


def _note_first(work: Path, codes: dict[str, int | None] | None = None) -> None:
    """Keep the first verdict of each sampled mutant that has one now and had none kept: called
    before any run (so ``--again`` cannot overwrite one) and after each (by :func:`save_record`,
    which passes the ``codes`` it has read)."""
    path = work / "sample.json"
    if not path.exists() or not (work / "mutants").exists():
        return
    drawn = json.loads(path.read_text())
    first = drawn.setdefault("first", {})
    if codes is None:
        codes = _codes(work)
    new = {n: codes[n] for n in drawn["names"] if n not in first and codes.get(n) is not None}
    if new:
        first.update(new)
        drawn["first"] = dict(sorted(first.items()))
        path.write_text(json.dumps(drawn, indent=1) + "\n")


def run(target: str, children: int, again: bool = False) -> float:
    """Run mutmut on ``target``; the seconds it took. ``again``: only the mutants that
    survived the last run, against the tests as they are now (after new tests)."""
    names = summary(target)[1] if again else []
    if again and not names:
        return 0.0
    work = _folder(target)
    resumed = (work / "mutants").exists()  # mutmut tests only what has no result yet: not a whole run
    started = time.monotonic()
    log = work / ("again.log" if again else "run.log")
    try:
        with log.open("w") as out:
            code = _run_mutmut(["run", "--max-children", str(children)] + names, work, out)
    finally:  # a stopped run's verdicts so far are kept too
        save_record(target)
    took = time.monotonic() - started
    if code != 0:
        raise _failed(f"failed on {target}", code, log)
    if not again and not resumed:  # the time of a whole run, for the README
        (work / "seconds.txt").write_text(f"{took:.0f}\n")
    return took


def statuses(target: str) -> dict[str, str]:
    """Each mutant's status from mutmut's last run of ``target``."""
    work = RUN / target
    if not (work / "mutants").exists() and _record_path(target).exists():  # a fresh checkout: the record
        _restore_record(target, _prepare(target))
    if not (work / "mutants").exists():
        raise SystemExit(f"no results for {target}: run `make mutants TARGET={target}` first")
    out = subprocess.run(_mutmut() + ["results", "--all", "true"], cwd=work, env=_env(), capture_output=True,
                         text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+): (.+)$", line)
        if m:
            found[m.group(1)] = m.group(2).strip()
    return found


def _module(mutant: str) -> str:
    """``ovnilab.cows.rules.xǁStateǁapply__mutmut_3`` -> ``ovnilab.cows.rules``."""
    head = mutant.split("__mutmut_")[0]
    return ".".join(p for p in head.split(".") if not p.startswith("x"))


def equivalent() -> dict[str, str]:
    """The mutants listed as unable to change behaviour, with the reason for each."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text())
    return {name: entry["why"] for name, entry in data.get("mutant", {}).items()}


def summary(target: str, found: dict[str, str] | None = None) -> tuple[list[tuple[str, Counter]], list[str], list[str]]:
    """Rows per module (counts by outcome), the survivors not listed as equivalent, and the
    stale entries of the equivalent list for this target (of ``found``'s mutants when given:
    a sample's)."""
    found = statuses(target) if found is None else found
    listed = equivalent()
    per: dict[str, Counter] = defaultdict(Counter)
    survivors, stale = [], []
    for name, status in sorted(found.items()):
        c = per[_module(name)]
        # "segfault" is mutmut's word for a test process killed by a signal (-9): its limit
        # ending a test that no longer ends (in the cows run, 9 mutants: action kinds that _do
        # does not know, a turn's phases out of order)
        if status in ("killed", "timeout", "caught by type check", "segfault"):
            c["caught"] += 1
            if name in listed:
                stale.append(f"{name}: listed as equivalent but caught ({status})")
        elif status in NOT_CAUGHT:
            if name in listed:
                c["equivalent"] += 1
            else:
                c["survived"] += 1
                survivors.append(name)
        else:  # not checked, suspicious, skipped: the run did not finish
            c["not run"] += 1
    prefixes = {_module(n) for n in found}
    stale += [f"{n}: listed as equivalent but no such mutant now" for n in listed
              if _module(n) in prefixes and n not in found]
    return sorted(per.items()), survivors, stale


def score(c: Counter, interval: bool = False) -> str:
    """The share caught of the mutants that count (a dash when none was tested yet); with
    ``interval``, its 95% Wilson interval (the counts are a random sample's)."""
    counted = c["caught"] + c["survived"]
    if not counted:
        return "-"
    if not interval:
        return f"{100.0 * c['caught'] / counted:.1f}%"
    from ovnilab.analysis.stats import wilson_interval

    lo, hi = wilson_interval(c["caught"], counted)
    return f"{100.0 * c['caught'] / counted:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def report(targets: list[str]) -> str:
    """The per-module table (markdown) of the last runs, written to docs/mutants.md."""
    rows = ["| target | module | mutants | caught | equivalent | survived | score | minutes |",
            "|---|---|---:|---:|---:|---:|---:|---:|"]
    notes = []
    for target in targets:
        found = statuses(target)
        per, survivors, stale = summary(target, found)
        secs = RUN / target / "seconds.txt"
        minutes = f"{int(secs.read_text()) / 60:.0f}" if secs.exists() else ""
        drawn = sample_of(target)
        sampled = dict(summary(target, {n: found[n] for n in drawn["names"] if n in found})[0]) if drawn else {}
        # a sample not run to its end is no estimate (mutmut tests the cheapest first): no interval
        whole = not any(c["not run"] for c in sampled.values())
        for module, c in per:
            total = sum(c.values())
            if c["not run"] and drawn:  # not every mutant tested: the sample's counts (perhaps none:
                # the verdicts recorded from other runs are not the sample's)
                k = sampled.get(module, Counter())
                rows.append(f"| {target} | `{module}` | {total} ({sum(k.values())} sampled) | {k['caught']} | "
                            f"{k['equivalent']} | {k['survived']} | {score(k, interval=whole)} | |")
                continue
            rows.append(f"| {target} | `{module}` | {total} | {c['caught']} | {c['equivalent']} | "
                        f"{c['survived']} | {score(c)} | {minutes} |")
            minutes = ""
            if c["not run"]:
                notes.append(f"- {module}: {c['not run']} mutants not run (the run was stopped)")
        if drawn and any(c["not run"] for _, c in per):
            pooled = sum(sampled.values(), Counter())
            everything = sum(sum(c.values()) for _, c in per)
            # the estimate: each sampled mutant's first verdict (before any test aimed at it)
            first = {n: status_of(code) for n, code in drawn.get("first", {}).items() if n in found}
            at_first = sum(dict(summary(target, first)[0]).values(), Counter()) if first else pooled
            if whole and at_first != pooled:
                rows.append(f"| {target} | all its modules, a random sample, first verdicts | {everything} "
                            f"({sum(at_first.values())} sampled) | {at_first['caught']} | "
                            f"{at_first['equivalent']} | {at_first['survived']} | "
                            f"{score(at_first, interval=True)} | |")
            rows.append(f"| {target} | all its modules, a random sample | {everything} "
                        f"({sum(pooled.values())} sampled) | {pooled['caught']} | {pooled['equivalent']} | "
                        f"{pooled['survived']} | {score(pooled, interval=whole)} | "
                        f"{format(drawn['seconds'] / 60, '.0f') if whole else ''} |")
            how = "" if drawn.get("draw") == DRAW else ", drawn by the earlier shuffle of the sorted names"
            notes.append(f"- {target}: a random sample of {drawn['size']} mutants (seed {drawn['seed']}{how}); the score "
                         "is the sample's with its 95% Wilson interval, an estimate of the whole target's"
                         + (f"; {pooled['not run']} of the sample not run yet, so no interval: the share "
                            "so far is of the cheapest mutants" if pooled["not run"] else ""))
            if whole and at_first != pooled:
                notes.append(f"- {target}: the sample's first verdicts (before any test written for one of its "
                             "survivors) are that estimate; the sample's row after them counts the verdicts now, "
                             "which overstate the rest")
        notes += [f"- {s}" for s in stale]
        if drawn:  # a sample's survivors: those of other runs' recorded verdicts are not its own
            survivors = [n for n in survivors if n in set(drawn["names"])]
        if survivors:
            notes.append(f"- {target}: {len(survivors)} survivors: `mutmut show NAME` in .run/mutants/{target}/")
    return "\n".join(rows + [""] + notes) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("targets", nargs="*", default=list(TARGETS), help=f"any of {', '.join(TARGETS)}")
    ap.add_argument("--children", type=int, default=os.cpu_count() or 1, help="mutants tested at once")
    ap.add_argument("--report", action="store_true", help="only print the last results")
    ap.add_argument("--write", action="store_true", help="with --report: also rewrite docs/mutants.md")
    ap.add_argument("--survivors", action="store_true", help="only list the last survivors by name (no run)")
    ap.add_argument("--again", action="store_true", help="re-test only the last run's survivors (after new tests)")
    ap.add_argument("--sample", type=int, metavar="N",
                    help="test a seeded random sample of N mutants (an estimate with its interval)")
    ap.add_argument("--seed", type=int, default=SAMPLE_SEED, help=f"the sample's seed (default {SAMPLE_SEED})")
    ap.add_argument("--save", action="store_true",
                    help="only copy the verdicts so far into tools/mutants_results/ (after stopping a run)")
    args = ap.parse_args(argv)
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        ap.error(f"unknown target {unknown[0]!r}: choose from {', '.join(TARGETS)}")
    if args.save:
        for target in args.targets:
            if (RUN / target / "mutants").exists():
                print(f"{target}: {save_record(target)} verdicts saved to {_record_path(target).relative_to(ROOT)}")
        return 0
    if args.survivors:  # a listing, never a run: a second mutmut in the same folder would spoil the first
        for target in args.targets:
            print("\n".join(summary(target)[1]))
        return 0
    if not args.report:
        _stop_on_sigterm()
        for target in args.targets:
            took = (run_sample(target, args.children, args.sample, args.seed) if args.sample
                    else run(target, args.children, again=args.again))
            print(f"{target}: {took / 60:.1f} min", flush=True)
    text = report([t for t in args.targets if _has_results(t)])
    print(text)
    if not args.report or args.write:  # the table of every target with results, for the README's pointer
        write_report()
    return 0


def _stop_on_sigterm() -> None:
    """Stop on SIGTERM (``kill``, a session's end) as on Ctrl-C: mutmut is ended and the
    verdicts so far are saved (the runs' ``finally``), instead of the tool dying at once."""
    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


NOTES = "## Notes"


def write_report() -> None:
    """docs/mutants.md: the table of every target that has results. A target without
    verdicts here (none recorded yet) keeps its rows of the last report, marked as such, and
    the hand-written part after the report's "## Notes" heading is kept as it is."""
    done = [t for t in TARGETS if _has_results(t)]
    old = REPORT.read_text() if REPORT.exists() else ""
    kept = [line for line in old.splitlines() for t in TARGETS
            if t not in done and line.startswith(f"| {t} |") and not line.endswith("(earlier run) |")]
    kept = [line[:-1].rstrip() + " (earlier run) |" for line in kept] + [
        line for line in old.splitlines() if line.endswith("(earlier run) |")
        and line.split("|")[1].strip() not in done]
    missing = [t for t in TARGETS if t not in done and not any(line.startswith(f"| {t} |") for line in kept)]
    head = ("# Mutation testing: the last results\n\n`make mutants` (tools/mutants.py says how it works), "
            f"mutmut {_version()}, {time.strftime('%Y-%m-%d')}, on the 2-core development machine. A mutant "
            "is caught when a test fails or times out; equivalent mutants (tools/mutants_equivalent.toml) "
            "are left out of the score; minutes are those of the target's last whole run. Rows marked "
            "\"(earlier run)\" are a target's last report whose verdicts were not recorded "
            "(tools/mutants_results/); its next run replaces them.\n\n")
    table = report(done).split("\n\n", 1)
    body = table[0] + ("\n" + "\n".join(kept) if kept else "") + "\n\n" + (table[1] if len(table) > 1 else "")
    tail = f"\nNot run yet: {', '.join(missing)}.\n" if missing else ""
    notes = old[old.index(NOTES):] if NOTES in old else ""
    REPORT.write_text(head + body.rstrip("\n") + "\n" + tail + ("\n" + notes if notes else ""))


if __name__ == "__main__":
    raise SystemExit(main())
