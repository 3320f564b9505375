"""What the real-browser tests share: Debian's chromium and its flags, the skip reason when
something is missing, a free port, and a SIGTERM that still runs ``finally`` blocks (a
`timeout` kill must stop the servers a test started)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from pathlib import Path
from typing import Iterable

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
