"""The order of make test's files (tests/scheduling.py): longest first, each file whole."""

from __future__ import annotations

from types import SimpleNamespace

from tests.scheduling import UNKNOWN_SECONDS, file_of, longest_first


def _items(*nodeids: str) -> list:
    return [SimpleNamespace(nodeid=n) for n in nodeids]


def test_files_go_longest_first_and_keep_their_tests_together_in_order():
    items = _items("tests/a.py::t1", "tests/b.py::t1", "tests/a.py::t2", "notebooks/n.ipynb::Cell 0",
                   "notebooks/n.ipynb::Cell 1", "tests/b.py::t2", "tests/c.py::t")
    seconds = {"tests/a.py": 1.0, "tests/b.py": 30.0, "notebooks/n.ipynb": 90.0}
    order = [it.nodeid for it in longest_first(items, seconds)]
    assert order == ["notebooks/n.ipynb::Cell 0", "notebooks/n.ipynb::Cell 1", "tests/b.py::t1", "tests/b.py::t2",
                     "tests/c.py::t", "tests/a.py::t1", "tests/a.py::t2"]  # c.py unknown: UNKNOWN_SECONDS > 1


def test_equal_times_keep_the_collection_order():
    items = _items("tests/z.py::t", "tests/y.py::t", "tests/x.py::t")
    assert [it.nodeid for it in longest_first(items, {})] == ["tests/z.py::t", "tests/y.py::t", "tests/x.py::t"]
    assert UNKNOWN_SECONDS > 1.0


def test_file_of_a_parametrised_test():
    assert file_of("tests/x.py::test_y[a::b]") == "tests/x.py"


def test_processor_seconds_count_a_waited_child():
    """The processor seconds a run records per file include a child process's once it is
    reaped (a kernel, a server), and grow with work done."""
    import subprocess
    import sys

    from tests.scheduling import cpu_seconds

    before = cpu_seconds()
    subprocess.run([sys.executable, "-c", "sum(i * i for i in range(3_000_000))"], check=True)
    assert cpu_seconds() - before > 0.05
