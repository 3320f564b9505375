"""The class server runs headless: importing it, the rooms or the store loads neither
ipywidgets nor the notebook board (issue 37). Which bots a game has is read from
``ovnilab.bots.default_bots``, the projector's button from ``ovnilab.present``."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["ovnilab.classroom.server", "ovnilab.classroom.rooms",
                                    "ovnilab.classroom.store", "ovnilab.classroom"])
def test_importing_loads_no_widgets(module):
    code = (f"import sys, {module}\n"
            "loaded = [m for m in ('ipywidgets', 'ovnilab.board') if m in sys.modules]\n"
            "assert not loaded, loaded\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_board_and_the_rooms_read_one_bot_registry():
    from ovnilab import board, bots
    from ovnilab.classroom import rooms

    assert board.default_bots is bots.default_bots
    assert set(bots.default_bots("cows")) == {"random", "greedy", "mcts"}
    assert rooms.default_bots is bots.default_bots
