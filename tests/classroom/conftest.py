"""What the class tests share: a clock the test moves by hand and a classroom that reads it."""

from __future__ import annotations

import pytest

from ovnilab.classroom import Classroom


class Clock:
    """A clock the test moves by hand (time limits, bot waits, reconnect grace)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def cl(tmp_path, clock) -> Classroom:
    """A classroom on a fresh database, on the test's clock, with no move-rate limit."""
    c = Classroom(tmp_path / "class.sqlite", clock=clock)
    c.rate_moves = 10**9
    return c
