"""`make play` serves the class page on 127.0.0.1:PORT and notebooks/play/ with Voila on
PORT+1, prints both addresses, renders a board with its code hidden (and a Portuguese one
from notebooks/play/pt/), shuts a board's kernel
down when its page is left, and stops both cleanly on Ctrl+C (SIGINT to its process group,
as a terminal sends it). Only ever 127.0.0.1: the network case (HOST=0.0.0.0) is the same
command with another --Voila.ip, documented in the README, never exercised here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STAMP = ".venv/.ovnilab-installed"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 30) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.status, r.read().decode("utf-8", "replace")


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.skipif(shutil.which("make") is None or not (ROOT / STAMP).exists(),
                    reason="make play needs make and the project's .venv (make install)")
def test_make_play_serves_the_boards_on_localhost_and_stops_on_ctrl_c(tmp_path):
    pytest.importorskip("voila")
    port = _free_port()
    log = open(tmp_path / "play.log", "w+")
    # -o: the installed .venv counts as up to date (a test must not reinstall anything)
    proc = subprocess.Popen(["make", "-s", "-o", STAMP, "play", "HOST=127.0.0.1", f"PORT={port}"], cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    boards = f"http://127.0.0.1:{port + 1}"  # Voila, beside the class server
    try:
        deadline = time.monotonic() + 60
        listing = None
        while listing is None:
            assert proc.poll() is None, (tmp_path / "play.log").read_text()
            assert time.monotonic() < deadline, "voila did not start: " + (tmp_path / "play.log").read_text()
            try:
                listing = json.loads(_get(boards + "/voila/api/contents", timeout=5)[1])
            except OSError:
                time.sleep(0.3)
        names = {item["name"] for item in listing["content"]}
        assert {"ovni.ipynb", "cows.ipynb", "cosmic.ipynb"} <= names
        text = (tmp_path / "play.log").read_text()
        assert f"The class page: http://127.0.0.1:{port}/" in text
        assert f"The solo boards (Voila): http://127.0.0.1:{port + 1}/" in text
        # the landing page: the three games and "join a class game"
        status, page = _get(base + "/", timeout=30)
        assert status == 200 and "Join a class game" in page and 'data-voila-port="%d"' % (port + 1) in page
        # a visitor's board: the notebook run for them, the board in it, no code shown
        with urllib.request.urlopen(boards + "/voila/render/cows.ipynb", timeout=120) as r:
            status, page, cookies = r.status, r.read().decode("utf-8", "replace"), r.headers.get_all("Set-Cookie")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
        assert "from ovnilab" not in page and "SEATS =" not in page
        # leaving the board shuts its kernel down at once: the page posts its _xsrf cookie's
        # value as Voila's page does on leaving (issue 29: the page had no such cookie, the
        # terminal said "403 ... '_xsrf' argument missing from POST" and the kernel ran on)
        xsrf = next(c.split(";")[0].split("=", 1)[1] for c in cookies or [] if c.startswith("_xsrf="))
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)
        assert json.loads(_get(boards + "/api/kernels/" + kernel)[1])["id"] == kernel
        beacon = urllib.request.Request(boards + "/voila/api/shutdown/" + kernel, method="POST",
                                        data=urllib.parse.urlencode({"_xsrf": xsrf}).encode(),
                                        headers={"Cookie": f"_xsrf={xsrf}", "Origin": boards})
        with urllib.request.urlopen(beacon, timeout=30) as r:
            assert r.status == 204
        with pytest.raises(urllib.error.HTTPError) as gone:
            _get(boards + "/api/kernels/" + kernel)
        assert gone.value.code == 404
        # the Portuguese boards, a folder down (the landing page in Portuguese links them,
        # tests/classroom/test_browser_pt_pages.py): their text translated, their code hidden
        with urllib.request.urlopen(boards + "/voila/render/pt/cows.ipynb", timeout=120) as r:
            status, page = r.status, r.read().decode("utf-8", "replace")
        assert status == 200 and "application/vnd.jupyter.widget-view+json" in page
        assert "Como jogar" in page and "How to play" not in page and "set_language" not in page
        # Ctrl+C: the whole foreground group gets SIGINT; the class server stops Voila too
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)
        deadline = time.monotonic() + 20
        while (_listening(port) or _listening(port + 1)) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _listening(port) and not _listening(port + 1)
        text = (tmp_path / "play.log").read_text()
        assert "_xsrf' argument missing" not in text and " 500 " not in text, text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


@pytest.mark.skipif(shutil.which("make") is None or not (ROOT / STAMP).exists(),
                    reason="make lab needs make and the project's .venv (make install)")
def test_make_lab_opens_on_the_port_given(tmp_path):
    """`make lab PORT=...` (issue 29: a second Lab on the same machine) serves JupyterLab on
    that port; PORT stays the class server's in `make play` (above)."""
    pytest.importorskip("jupyterlab")
    port = _free_port()
    log = open(tmp_path / "lab.log", "w+")
    # BROWSER=true: Lab opens no browser window; -o: the installed .venv counts as up to date
    proc = subprocess.Popen(["make", "-s", "-o", STAMP, "lab", f"PORT={port}"], cwd=ROOT, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True, env=dict(os.environ, BROWSER="true"))
    try:
        deadline = time.monotonic() + 90
        address = re.compile(r"http://127\.0\.0\.1:(\d+)/lab\?token=(\w+)")
        while (m := address.search((tmp_path / "lab.log").read_text())) is None:
            assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "lab.log").read_text()
            time.sleep(0.3)
        assert int(m.group(1)) == port
        # jupyter_server prints its address before its event loop binds the port (the bind is
        # an io_loop callback): a refused connection in that moment is a wait, not a failure
        while True:
            try:
                status, body = _get(f"http://127.0.0.1:{port}/api/status?token={m.group(2)}")
                break
            except urllib.error.URLError as e:
                assert isinstance(e.reason, ConnectionRefusedError) and proc.poll() is None \
                    and time.monotonic() < deadline, (e, (tmp_path / "lab.log").read_text())
                time.sleep(0.3)
        assert status == 200 and "kernels" in json.loads(body)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        log.close()
