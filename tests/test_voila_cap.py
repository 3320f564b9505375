"""A served room's boards are capped (issue 22): each visitor of a solo board gets a
kernel (~70 MB); past ``max_boards`` kernels Voila starts no more and the visitor gets
ovnilab's page saying the server is full and what to do, not a traceback or a hang. The
real Voila, as make play starts it, with a cap of one board."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ovnilab.classroom.server import voila_command, voila_env
from tests.browser_support import free_port, jupyter_env, running_server

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "notebooks" / "play"


def test_voila_command_refuses_a_cap_below_one():
    for bad in (0, -3, 2.5, True, "40"):
        with pytest.raises(ValueError, match="max_boards"):
            voila_command(str(PLAY), "127.0.0.1", 8867, bad)


def test_past_the_cap_a_visitor_gets_a_page_saying_the_server_is_full(tmp_path):
    pytest.importorskip("voila")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with running_server(voila_command(str(PLAY), "127.0.0.1", port, max_boards=1), PLAY,
                        jupyter_env(tmp_path, voila_env()), tmp_path / "voila.log", url + "/ovnilab-probe", "voila"):
        with urllib.request.urlopen(f"{url}/voila/render/cows.ipynb", timeout=120) as r:
            first = r.read().decode()
        assert r.status == 200 and "ovnilab" in first  # the board's page, its kernel running
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(f"{url}/voila/render/ovni.ipynb", timeout=120)
        page = exc.value.read().decode()
        assert exc.value.code == 503
        assert "This server is full" in page and "at most 1 board(s) at once" in page
        assert "Close the board tabs you no longer play in" in page and "MAX_BOARDS" in page
        assert "Traceback" not in page
    assert "a visitor was asked to wait" in (tmp_path / "voila.log").read_text()
