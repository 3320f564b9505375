"""Longest files first: how `make test` keeps its workers busy to the end.

`make test` runs with ``-n 3 --dist loadfile`` (``TEST_WORKERS``, Makefile): a file's
tests (a notebook's cells, a module-scoped fixture) stay on one worker, and a worker that finishes a file takes the
next one in the queue. pytest-xdist orders that queue by the number of tests in a file,
which has little to do with its time: a notebook of 30 quick cells goes before a file of
three playout tests of half a minute each, and a long file that comes last leaves one
worker running it alone while the others wait (the run's tail). Here the files are
ordered by the seconds they took in a recorded run, longest first (the greedy
longest-processing-time rule: the tail is at most the shortest of the long files), and
``make test`` passes ``--no-loadscope-reorder`` so xdist keeps this order.

The seconds come from ``tests/durations.json``; every run writes what it measured per file
to ``.run/test_durations.json``, and ``make test-durations`` copies that into the table
(worth doing when a file's time changes a lot; a file the table does not know is placed
as if it took :data:`UNKNOWN_SECONDS`). Only the order changes: the same tests run, and a
file's tests keep their own order.

Beside the seconds, a run writes the processor seconds each file used to
``.run/test_cpu.json`` (the worker's own and those of the processes it started and waited
for: kernels, servers, browsers): a file whose wall seconds are far above its processor
seconds waits (sleeps, a browser's page loads), and what waits does not need a core of its
own. That is why ``make test`` runs three workers on two cores (the Makefile gives the
measurements); it is not a part of the order.
"""

from __future__ import annotations

import json
import os
import resource
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "durations.json"
#: where a run leaves its measured seconds per file (``make test-durations`` reads it)
MEASURED = Path(os.environ.get("RUN", ROOT / ".run")) / "test_durations.json"
#: a file the table does not know yet: most files take a second or two
UNKNOWN_SECONDS = 2.0

#: where a run leaves the processor seconds per file
MEASURED_CPU = MEASURED.with_name("test_cpu.json")

_seconds: dict[str, float] = defaultdict(float)
_cpu: dict[str, float] = defaultdict(float)
#: (the processor seconds used so far by this process and its reaped children) at the last report
_last_cpu: list[float] = []


def cpu_seconds() -> float:
    """Processor seconds (user + system) used so far by this process and the children it has
    waited for (their children included, when they waited for theirs)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def file_of(nodeid: str) -> str:
    """The file part of a test id ("tests/x.py::test_y[1]" -> "tests/x.py")."""
    return nodeid.split("::", 1)[0]


def recorded_seconds() -> dict[str, float]:
    """The table of seconds per file, empty when there is none yet."""
    try:
        table = json.loads(TABLE.read_text())
    except FileNotFoundError:
        return {}
    return {str(k): float(v) for k, v in table.items()}


def longest_first(items: list[pytest.Item], seconds: dict[str, float]) -> list[pytest.Item]:
    """Items grouped by file, the files longest first; ties and each file's items keep their order."""
    first_seen: dict[str, int] = {}
    for i, item in enumerate(items):
        first_seen.setdefault(file_of(item.nodeid), i)
    return sorted(items, key=lambda it: (-seconds.get(file_of(it.nodeid), UNKNOWN_SECONDS),
                                         first_seen[file_of(it.nodeid)]))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items[:] = longest_first(items, recorded_seconds())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # type: ignore[no-untyped-def]
    # in the process that runs the test: the processor seconds since the previous report
    # (this phase, its fixtures included) travel with the report to the controller
    outcome = yield
    now = cpu_seconds()
    used = now - (_last_cpu[0] if _last_cpu else now)
    _last_cpu[:] = [now]
    report = outcome.get_result()
    # a new list: the report shares the item's, which its other phases' reports share too
    report.user_properties = [*report.user_properties, ("cpu_seconds", round(used, 3))]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # on the controller this sees every worker's reports (setup, call and teardown)
    _seconds[file_of(report.nodeid)] += report.duration
    _cpu[file_of(report.nodeid)] += sum(v for k, v in report.user_properties if k == "cpu_seconds")


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput") or not _seconds:
        return  # a worker: the controller writes the whole run's table
    MEASURED.parent.mkdir(parents=True, exist_ok=True)
    MEASURED.write_text(json.dumps({k: round(v, 1) for k, v in sorted(_seconds.items())}, indent=1) + "\n")
    MEASURED_CPU.write_text(json.dumps({k: round(v, 1) for k, v in sorted(_cpu.items())}, indent=1) + "\n")


def update_table() -> None:
    """Merge the last run's seconds into the table; drop files that no longer exist."""
    table = recorded_seconds()
    table.update(json.loads(MEASURED.read_text()))
    table = {k: v for k, v in table.items() if (ROOT / k).exists()}
    TABLE.write_text(json.dumps(dict(sorted(table.items())), indent=1) + "\n")
    print(f"{TABLE.relative_to(ROOT)}: {len(table)} files, {sum(table.values()):.0f} s in all")
