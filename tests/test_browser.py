"""The Ovni board in a real browser: Voila serves notebooks/play/ovni.ipynb, headless
Debian chromium (driven by Playwright, never `playwright install`) clicks legal actions
until the round advances, the SVG must change, and a screenshot is saved as an artifact
(test-artifacts/ovni_board.png).

Skipped, with the reason in pytest's summary, when /usr/bin/chromium, voila or
playwright is missing (`.ci/run` installs chromium with apt-get).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "play" / "ovni.ipynb"
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.browser


def _skip_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"browser test skipped: {CHROMIUM} not installed (apt-get install chromium)"
    for mod in ("voila", "playwright"):
        try:
            __import__(mod)
        except ImportError:
            return f"browser test skipped: python package {mod} missing"
    if not NOTEBOOK.exists():
        return f"browser test skipped: {NOTEBOOK} missing"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _raise_on_term(signum, frame):  # a `timeout` kill must still stop the server
    raise SystemExit(f"terminated by signal {signum}")


@pytest.fixture
def voila_server(tmp_path):
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    signal.signal(signal.SIGTERM, _raise_on_term)
    port = _free_port()
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        env.setdefault(var, str(tmp_path / var.lower()))
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    log = open(tmp_path / "voila.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(NOTEBOOK), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"],
        cwd=NOTEBOOK.parent, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                # any answer (even 404) means the server is up; "/" would run the notebook
                urllib.request.urlopen(url + "/ovnilab-probe", timeout=2)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError("voila did not start: " + (tmp_path / "voila.log").read_text())
                time.sleep(0.5)
        yield url
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
                proc.wait(timeout=10)
                break
            except (ProcessLookupError, subprocess.TimeoutExpired):
                continue
        log.close()


def test_board_plays_in_chromium(voila_server, tmp_path):
    from playwright.sync_api import sync_playwright

    profile = tmp_path / "profile"
    profile.mkdir()
    os.environ["XDG_CONFIG_HOME"] = str(profile / "config")
    os.environ["XDG_CACHE_HOME"] = str(profile / "cache")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"],
            viewport={"width": 1400, "height": 1800},
        )
        try:
            ctx.route("**/*", lambda route: route.continue_()
                      if route.request.url.startswith(("http://127.0.0.1", "http://localhost"))
                      else route.abort())
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(voila_server + "/", timeout=120_000)
            board = page.locator(".ovnilab-board").first
            board.locator(".ovnilab-board-view svg").first.wait_for(timeout=120_000)
            status = board.locator(".ovnilab-status").first
            log = board.locator(".ovnilab-log").first
            first_svg = board.locator(".ovnilab-board-view").first.inner_html()
            start_round = _round_of(status.inner_text())
            assert start_round, status.inner_text()
            clicks = 0
            while _round_of(status.inner_text()) == start_round:
                assert clicks < 300, "the round did not advance"
                before = log.inner_text().count("\n")
                board.locator(".ovnilab-actions button.ovnilab-action").first.click()
                clicks += 1
                # every accepted click adds to the action log
                deadline = time.time() + 30
                while log.inner_text().count("\n") == before:
                    assert time.time() < deadline, f"click {clicks} was not played: {status.inner_text()}"
                    page.wait_for_timeout(50)
            last_svg = board.locator(".ovnilab-board-view").first.inner_html()
            assert last_svg != first_svg
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "ovni_board.png"), full_page=False)
        finally:
            ctx.close()


def _round_of(text: str) -> str:
    import re

    m = re.search(r"round (\d+)", text)
    return m.group(1) if m else ""
