"""What the real-browser tests share: Debian's chromium and its flags, the skip reason when
something is missing, a free port, and a SIGTERM that still runs ``finally`` blocks (a
`timeout` kill must stop the servers a test started)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterable, Iterator

CHROMIUM = "/usr/bin/chromium"
#: flags for a headless chromium on a machine with no network but localhost (TOOLCHAIN.md)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def skip_reason(modules: Iterable[str]) -> str | None:
    """Why a browser test cannot run here (no chromium, a Python package missing), or None."""
    if not Path(CHROMIUM).exists():
        return f"browser test skipped: {CHROMIUM} not installed (apt-get install chromium)"
    for mod in modules:
        try:
            __import__(mod)
        except ImportError:
            return f"browser test skipped: python package {mod} missing"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc: subprocess.Popen, log: Path, what: str, timeout: float = 60) -> None:
    """Wait until a server we started answers ``url`` (any HTTP answer, even 404, means it
    is up); raise with its log if it exits or stays silent for ``timeout`` seconds."""
    deadline = time.time() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"{what} did not start: " + log.read_text())
            time.sleep(0.5)


def inside_window(box: dict | None, measured: dict) -> bool:
    """Whether a box measured in the page (left/top/right/bottom) lies in the window
    (``measured`` holds innerWidth/innerHeight), give or take a pixel of rounding."""
    return box is not None and box["left"] >= -1 and box["top"] >= -1 \
        and box["right"] <= measured["innerWidth"] + 1 and box["bottom"] <= measured["innerHeight"] + 1


def jupyter_env(tmp: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with Jupyter's folders in ``tmp``
    where the caller has not set them (make test sets the project's), and a runtime
    folder of the server's own."""
    env = dict(os.environ if base is None else base)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        env.setdefault(var, str(tmp / var.lower()))
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    return env


@contextlib.contextmanager
def running_server(cmd: list[str], cwd: Path, env: dict[str, str], log: Path, probe: str,
                   what: str, timeout: float = 60) -> Iterator[subprocess.Popen]:
    """Start a server (its own process group, output to ``log``), wait until ``probe``
    answers, and stop it and everything it started on the way out, test failure or not
    (install :func:`raise_on_term` first so that a `timeout` kill stops it too)."""
    signal.signal(signal.SIGTERM, raise_on_term)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            wait_until_up(probe, proc, log, what, timeout)
            yield proc
        finally:
            stop_process_group(proc)


def raise_on_term(signum, frame):  # installed as the SIGTERM handler while servers run
    raise SystemExit(f"terminated by signal {signum}")


def stop_process_group(proc: subprocess.Popen) -> None:
    """Stop a server started with ``start_new_session=True`` and everything it started:
    SIGTERM to its group, SIGKILL if it is still there after 10 seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=10)
            return
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


#: The smallest text of the first board on the page, as the eye sees it (issue 22's
#: 12 px floor): for SVG text the computed font size times the drawing's scale on screen
#: (``getScreenCTM``), for HTML text its computed font size. Only text that is shown and
#: inside the window counts (what the class sees without scrolling). Returns
#: ``{svg: [px, text], html: [px, text]}``.
MEASURE_TEXT = """() => {
  const board = document.querySelector('.ovnilab-board');
  const inView = r => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
                      && r.right > 0 && r.left < innerWidth;
  let svg = [1e9, ''], html = [1e9, ''];
  for (const t of board.querySelectorAll('svg text')) {
    if (!t.textContent.trim() || !inView(t.getBoundingClientRect())) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < svg[0]) svg = [px, t.textContent.slice(0, 60)];
  }
  for (const e of board.querySelectorAll('*')) {
    if (e.closest('svg') || getComputedStyle(e).visibility === 'hidden') continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!inView(e.getBoundingClientRect())) continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < html[0]) html = [px, e.textContent.trim().slice(0, 60)];
  }
  return {svg, html};
}"""
