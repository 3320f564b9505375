"""The class server: one process that serves the class pages and runs every room.

``python -m ovnilab.classroom.server --host 0.0.0.0 --port 8866`` (``make play`` runs it,
with Voila beside it on the next port for the solo boards). This module is the process:
the director (a thread that makes the bots move, the clocks run and the experiments'
rounds open and close), Voila beside it, start-up and shut-down, the command line. What
each page and API request gets is :mod:`ovnilab.classroom.web` (the pages, the long poll,
the limits on joins and connections); the rooms themselves are :mod:`.rooms`.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import errno
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterable

from .limits import MAX_BOARDS
from .rooms import Classroom
from .store import DatabaseDamaged, DatabaseUnusable, Store
from .web import (ADDRESS_JOINS_PER_MINUTE, CONNECTIONS_PER_ADDRESS, DEVICE_SEATS_PER_MINUTE, IDLE_TIMEOUT,
                  JOINS_PER_MINUTE, LONG_POLL, MAX_BODY, SEATS_PER_MINUTE, CappedHTTPServer, make_app, own_names)

__all__ = ["make_app", "serve", "main", "Director", "voila_command", "voila_env", "JOINS_PER_MINUTE",
           "ADDRESS_JOINS_PER_MINUTE", "DEVICE_SEATS_PER_MINUTE", "SEATS_PER_MINUTE", "LONG_POLL", "IDLE_TIMEOUT",
           "CONNECTIONS_PER_ADDRESS"]

#: how often the director notes that a server runs (an outage is measured from the last note)
ALIVE_EVERY = 2.0



# ------------------------------------------------------------------ director
class Director(threading.Thread):
    """Runs :meth:`Classroom.tick` over and over (bots, time limits, groups, rounds)
    and keeps the server's address announced in the store."""

    def __init__(self, classroom: Classroom, url: str | None = None, idle: float = 0.05) -> None:
        super().__init__(name="ovnilab-director", daemon=True)
        self.cl = classroom
        self.url = url
        self.idle = idle
        self.stopping = threading.Event()
        self.errors: collections.deque[str] = collections.deque(maxlen=20)

    def run(self) -> None:
        last_beat = last_alive = 0.0
        told: set[str] = set()
        try:  # the time no server ran is no student's time (Classroom.resume_after_downtime)
            self.cl.resume_after_downtime()
        except Exception as exc:  # a busy database: the clocks run on as before
            print(f"ovnilab classroom: {exc!r}", file=sys.stderr)
        while not self.stopping.is_set():
            try:
                if self.url and time.time() - last_beat > 5:
                    self.cl.store.announce(self.url)
                    last_beat = time.time()
                if time.time() - last_alive > ALIVE_EVERY:
                    self.cl.mark_alive()
                    last_alive = time.time()
                busy = self.cl.tick()
                for room, why in list(self.cl.broken.items()):
                    if room not in told:  # once per room, in the terminal
                        told.add(room)
                        print(f"ovnilab classroom: {why}", file=sys.stderr, flush=True)
                if busy == 0:
                    self.stopping.wait(self.idle)
            except Exception as exc:  # a bad room must not stop the class: log it, go on
                said = repr(exc)
                if not self.errors or self.errors[-1] != said:  # once, not every second
                    print(f"ovnilab classroom: {exc}" if isinstance(exc, DatabaseUnusable) else
                          f"ovnilab classroom: {said}", file=sys.stderr)
                self.errors.append(said)
                self.stopping.wait(1.0)
        if self.url:
            try:
                self.cl.store.withdraw(self.url)
            except Exception:
                pass



# ------------------------------------------------------------------ running
def _address(host: str) -> str:
    """The address to type in a browser for ``host`` (for 0.0.0.0: the address of the
    interface this machine reaches its network with; a UDP connect sends nothing)."""
    if host not in ("0.0.0.0", ""):
        return host
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


#: the folder that holds ovnilab's Voila template (jupyter's data-path layout)
JUPYTER_DATA = Path(__file__).parent / "jupyter"
#: the folder that holds ovnilab's Voila configuration (voila.py: a board's page can shut
#: its kernel down when it is left)
JUPYTER_CONFIG = Path(__file__).parent / "jupyter_config"
#: a kernel of a closed solo-board page is shut down after this many idle seconds (an open
#: page keeps its kernel: only kernels without a connection are culled)
CULL_SECONDS = 120


def voila_command(notebooks: str, host: str, port: int, max_boards: int = MAX_BOARDS) -> list[str]:
    """The command that serves the solo boards of ``notebooks`` with Voila: ovnilab's
    template (nothing fetched from the internet; run it with :func:`voila_env`), the
    kernels of closed pages shut down after :data:`CULL_SECONDS` idle seconds, and at
    most ``max_boards`` boards at once (:mod:`.voila_kernels`: one more visitor gets a
    page saying the server is full and what to do)."""
    if not isinstance(max_boards, int) or isinstance(max_boards, bool) or max_boards < 1:
        raise ValueError(f"max_boards must be a whole number of at least 1, not {max_boards!r}")
    return [sys.executable, "-m", "voila", notebooks, "--no-browser", f"--Voila.ip={host}", f"--port={port}",
            "--Voila.port_retries=0", "--template=ovnilab",
            "--VoilaConfiguration.multi_kernel_manager_class=ovnilab.classroom.voila_kernels.CappedKernelManager",
            f"--CappedKernelManager.max_kernels={max_boards}",
            f"--MappingKernelManager.cull_idle_timeout={CULL_SECONDS}", "--MappingKernelManager.cull_interval=30",
            "--MappingKernelManager.cull_connected=False"]


def voila_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with ovnilab's template on Jupyter's data path
    and ovnilab's Voila configuration on its configuration path."""
    out = dict(os.environ if env is None else env)
    for var, folder in (("JUPYTER_PATH", JUPYTER_DATA), ("JUPYTER_CONFIG_PATH", JUPYTER_CONFIG)):
        out[var] = os.pathsep.join(p for p in (str(folder), out.get(var, "")) if p)
    return out


class PortInUse(RuntimeError):
    """The port the class server was asked to serve on is taken: said as its last line."""


def _die_with_parent() -> None:
    """In the Voila child: end it when the class server dies, even by SIGKILL (Linux's
    PR_SET_PDEATHSIG; elsewhere the server's own shutdown stops it)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _raise_file_limit() -> None:
    """Open files up to the system's hard limit (a desktop's soft default of 1,024 is a
    few hundred connections: a class, its long polls and a few slow clients)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ImportError, ValueError, OSError):  # not POSIX, or the system says no: keep its limit
        pass


def serve(host: str = "127.0.0.1", port: int = 8866, db: str | None = None, voila_port: int | None = None,
          voila_args: list[str] | None = None, quiet: bool = False, rate_moves: int | None = None,
          allow_hosts: Iterable[str] = (), joins_per_minute: int = SEATS_PER_MINUTE,
          connections_per_address: int = CONNECTIONS_PER_ADDRESS) -> None:
    """Run the class server until Ctrl+C (or SIGTERM): the page, the API, the director,
    and, with ``voila_port``, Voila serving the solo boards of ``notebooks/play``.
    ``allow_hosts``: names (besides its addresses and this machine's names) that pages
    may reach it under (a school's DNS name for the teacher's computer)."""
    _raise_file_limit()
    cl = Classroom(Store(db))
    if rate_moves is not None:
        cl.rate_moves = rate_moves
    url = f"http://{_address(host)}:{port}/"
    voila = None
    if voila_port:
        voila = subprocess.Popen(voila_args or [], start_new_session=True, preexec_fn=_die_with_parent,
                                 env=voila_env())
    director = Director(cl, url)

    async def main_loop() -> None:
        app, hub = make_app(cl, voila_port)
        hub.hosts = own_names(host, allow_hosts)
        hub.seats_per_minute = joins_per_minute
        # a connection that sends nothing (a half-open one, a slow client) is closed after
        # IDLE_TIMEOUT s instead of holding a file descriptor for ever; a long poll is a
        # request being answered, not an idle connection
        try:
            server = CappedHTTPServer(app, max_body_size=MAX_BODY, xheaders=False,
                                      idle_connection_timeout=IDLE_TIMEOUT, body_timeout=IDLE_TIMEOUT,
                                      per_address=connections_per_address)
            server.listen(port, address=host)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PortInUse(f"port {port} on {host} is in use (another class server, or another program): "
                                f"stop it, or choose another port (make play PORT=...)") from None
            raise
        director.start()
        pulse = asyncio.ensure_future(hub.pulse())
        if not quiet:
            print(f"\n  The class page: {url}   (Ctrl+C stops the server)", flush=True)
            if voila_port:
                print(f"  The solo boards (Voila): http://{_address(host)}:{voila_port}/", flush=True)
            if host not in ("127.0.0.1", "localhost"):
                print(f"  Served on the network: anyone who reaches port {port}"
                      f"{' and ' + str(voila_port) if voila_port else ''} can open it.", flush=True)
            print("", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - not on POSIX
                pass
        await stop.wait()
        pulse.cancel()
        server.stop()
        director.stopping.set()
        hub.pool.shutdown(wait=False, cancel_futures=True)

    try:
        asyncio.run(main_loop())
    finally:
        director.stopping.set()
        if director.is_alive():
            director.join(timeout=10)
        if voila is not None and voila.poll() is None:
            try:
                os.killpg(voila.pid, signal.SIGTERM)
                voila.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(voila.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m ovnilab.classroom.server",
                                description="Serve the class page (join a class game) and its API.")
    p.add_argument("--host", default="127.0.0.1", help="127.0.0.1 (this machine only, the default) or 0.0.0.0")
    p.add_argument("--port", type=int, default=8866)
    p.add_argument("--db", default=None, help="the class database (default: $OVNILAB_CLASSROOM_DB)")
    p.add_argument("--voila-port", type=int, default=0, help="also serve notebooks/play with Voila on this port")
    p.add_argument("--notebooks", default="notebooks/play", help="what Voila serves")
    p.add_argument("--max-boards", type=int, default=MAX_BOARDS,
                   help=f"the most solo boards Voila runs at once (a kernel each; default {MAX_BOARDS})")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--rate-moves", type=int, default=None,
                   help="moves a seat may make in 10 s (default 30; load tests raise it)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a name the pages may reach this server under, besides its addresses and this "
                        "machine's names (e.g. the school's DNS name for this computer); repeatable")
    p.add_argument("--joins-per-minute", type=int, default=SEATS_PER_MINUTE,
                   help=f"joins that may succeed in a minute from one address and into one class game "
                        f"(default {SEATS_PER_MINUTE}: a class of 40 behind one router never meets it)")
    p.add_argument("--connections-per-address", type=int, default=CONNECTIONS_PER_ADDRESS,
                   help=f"open connections one network address may hold (default {CONNECTIONS_PER_ADDRESS})")
    a = p.parse_args(argv)
    voila_args = voila_command(a.notebooks, a.host, a.voila_port, a.max_boards) if a.voila_port else None
    try:
        serve(a.host, a.port, a.db, a.voila_port or None, voila_args, a.quiet, a.rate_moves, a.allow_host,
              a.joins_per_minute, a.connections_per_address)
    except (DatabaseDamaged, PortInUse) as exc:  # said in plain words, the last line, not a traceback
        print(f"ovnilab classroom: {exc}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
