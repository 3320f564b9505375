"""The class server: the students' page, its HTTP API, and the director of every room.

``python -m ovnilab.classroom.server --host 0.0.0.0 --port 8866`` (``make play`` runs it,
with Voila beside it on the next port for the solo boards) serves:

* ``/``: the landing page: the three games with a picture each, "play against bots"
  (the Voila boards) and "join a class game";
* ``/join``: the student page (one light HTML page and one script, no framework): join
  with the code and a name, then the seat's board, its moves, the log, the time left; it
  keeps the seat's token in the browser and shows a rejoin link (the token travels in the
  link's ``#`` part, which browsers never send to a server or a log);
* ``/watch?code=...``: the public board of a room, for a screen in the room (the same
  public view the teacher's notebook shows; no controls);
* ``/api/...``: JSON. ``POST /api/join`` (code, name) -> token and view; ``GET
  /api/view?since=V`` waits (long poll, at most 25 s, ``wait=S`` seconds) until the
  seat's view changes after version V; with ``brief=1`` a wait that saw no change answers
  ``{"unchanged": true, "version": V}`` instead of the whole view (the class page polls
  every few seconds so that it notices a lost network within 5 s: issue 29);
  ``POST /api/play`` (text, position); ``GET /api/watch?code=&since=``. The
  seat is named by the header ``X-Ovnilab-Seat: <token>``.

Why a light page of our own and not Voila with remote seats: a Voila page is a Python
kernel per student (about 70 MB each, measured in issue 22: 15 kernels held 1.07 GB); a
seat here is a row in the database and a pending HTTP request, a few kilobytes, and a
move reaches the other seats in one database write and one long-poll answer. The page
receives only what the seat may see: the board drawn for it by the game's own renderer,
its legal moves as texts, the log masked for it (:mod:`ovnilab.classroom.handles`).

Long poll rather than WebSocket: it works through any proxy or captive portal a school
network has, reconnects by itself (each request is independent), and a test can drive
it with ``urllib``. A pulse (every 50 ms) compares the database's version sum with the
last one and wakes the waiting requests; changes made by another process (the teacher's
notebook pausing a room) are seen the same way.

Blocking work (database, rendering, a bot thinking) never runs on the event loop: views
and moves go to a thread pool, bots to the director's own thread, so a slow bot in one
room does not hold up the page of another.

Security: the server binds 127.0.0.1 unless told otherwise; every request body is
bounded (16 KB) and validated; refused joins (a code being guessed) are limited per
address (:data:`JOINS_PER_MINUTE`),
moves per seat (``Classroom.rate_moves``); pages send a strict Content-Security-Policy
(scripts from this server only), no framing, no referrer.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import errno
import importlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable

import tornado.httpserver
import tornado.web
from tornado.ioloop import IOLoop

from .handles import SEEN_EVERY
from .rooms import Classroom, ClassroomError, RateLimited, StaleMove
from .store import DatabaseDamaged, DatabaseUnusable, Store
from .views import _events, room_view
from .voila_kernels import MAX_BOARDS

__all__ = ["make_app", "serve", "main", "Director", "voila_command", "voila_env"]

STATIC = Path(__file__).parent / "static"
#: refused joins (or projector codes) one device may make in a minute before it must wait
JOINS_PER_MINUTE = 20
#: the same for a whole network address, all its devices together: a class of 40 behind
#: one school router, each mistyping a few times, stays far below it; a script guessing
#: codes gets 200 guesses a minute out of 887 million codes
ADDRESS_JOINS_PER_MINUTE = 200
#: joins that succeed (a new name or a name typed again), per minute: per device (a
#: student joins once, maybe again after a slip), per network address and per class game
#: (a class of 40 behind one school router, all joining in the same minute, stays below
#: both; a script that puts names in is slowed to this, and the teacher removes them from
#: the projector)
DEVICE_SEATS_PER_MINUTE = 6
SEATS_PER_MINUTE = 120  # per address and per class game (``--joins-per-minute``)
LONG_POLL = 25.0
#: seconds a connection may stay silent (before its request, between requests, inside a
#: body) before the server closes it
IDLE_TIMEOUT = 10.0
#: open connections one network address may hold at once: a school's router puts a whole
#: class behind one address (120 students, a long poll and a move each, stay below it),
#: and a script that opens connections without end is stopped there, leaving the
#: server's files to the others
CONNECTIONS_PER_ADDRESS = 600
#: how often the director notes that a server runs (an outage is measured from the last note)
ALIVE_EVERY = 2.0
PULSE = 0.05
MAX_BODY = 16 * 1024

_SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'self'"),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


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


# ------------------------------------------------------------------ the app
def own_names(host: str = "127.0.0.1", extra: Iterable[str] = ()) -> frozenset[str]:
    """The names this server answers to besides IP addresses: ``localhost``, this
    machine's names, the name it was started on (``--host``) and ``extra``
    (``--allow-host``), lower case."""
    import socket

    names = {"localhost", host, *extra}
    try:
        names.update({socket.gethostname(), socket.getfqdn(), socket.gethostname() + ".local"})
    except OSError:
        pass
    return frozenset(n.lower().rstrip(".") for n in names if n)


def host_allowed(name: str, names: frozenset[str]) -> bool:
    """Whether a request's Host (without its port) is this server: an IP address (a
    rebinding attack needs a name), or one of ``names``."""
    import ipaddress

    bare = name.strip("[]").lower().rstrip(".")
    try:
        ipaddress.ip_address(bare)
        return True
    except ValueError:
        return bare in names


class CappedHTTPServer(tornado.httpserver.HTTPServer):
    """Tornado's HTTP server, refusing a connection when its address already holds
    :data:`CONNECTIONS_PER_ADDRESS` (closed at once: it costs no file for long)."""

    def initialize(self, *args: Any, per_address: int = CONNECTIONS_PER_ADDRESS, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.per_address = per_address
        self.open: collections.Counter[str] = collections.Counter()

    @staticmethod
    def _who(address: Any) -> str:
        return str(address[0]) if isinstance(address, tuple) and address else str(address)

    def handle_stream(self, stream: Any, address: Any) -> None:
        who = self._who(address)
        if self.open[who] >= self.per_address:
            stream.close()
            return
        self.open[who] += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: Any) -> None:
        # tornado's own count of connections ends here (the stream's close callback is
        # tornado's, so the address's count is kept beside it)
        super().on_close(server_conn)
        who = self._who(getattr(getattr(server_conn, "context", None), "address", None))
        self.open[who] -= 1
        if self.open[who] <= 0:
            del self.open[who]


class Hub:
    """What the handlers share: the classroom, a thread pool, the pulse that wakes long
    polls, and per-address join counters."""

    def __init__(self, classroom: Classroom, voila_port: int | None) -> None:
        self.cl = classroom
        self.voila_port = voila_port
        self.pool = ThreadPoolExecutor(max_workers=8, thread_name_prefix="ovnilab-view")
        self.changed = asyncio.Event()
        self.signature: int | None = None
        self.joins: dict[Any, collections.deque] = {}
        self.seats_per_minute = SEATS_PER_MINUTE
        self.pictures: dict[str, str] = {}
        #: participants with a page waiting in a long poll now (id -> requests): a waiting
        #: page is a connected student, so the pulse marks them all seen in one write
        self.waiting: collections.Counter[str] = collections.Counter()
        #: the names (not addresses) a request's Host may give: :func:`own_names`
        self.hosts: frozenset[str] = own_names()
        self._waiting_seen = 0.0

    async def run(self, fn: Any, *args: Any) -> Any:
        return await IOLoop.current().run_in_executor(self.pool, fn, *args)

    def _signature(self) -> int:
        row = self.cl.store.one("SELECT (SELECT COALESCE(SUM(version), 0) FROM sessions) + "
                                "(SELECT COALESCE(SUM(version), 0) FROM rooms) + "
                                "(SELECT COUNT(*) FROM sessions)")
        return int(row[0])

    async def pulse(self) -> None:
        while True:
            try:
                sig = await self.run(self._signature)
            except Exception:
                sig = None
            if sig != self.signature:
                self.signature = sig
                ev, self.changed = self.changed, asyncio.Event()
                ev.set()
            if self.waiting and time.monotonic() - self._waiting_seen >= SEEN_EVERY:
                self._waiting_seen = time.monotonic()
                try:
                    await self.run(self.cl.mark_seen, list(self.waiting))
                except Exception:  # a busy database: the next pulse tries again
                    pass
            await asyncio.sleep(PULSE)

    def join_blocked(self, addr: str, device: str = "") -> bool:
        """Too many refused joins in the last minute from this device (a student's typos,
        :data:`JOINS_PER_MINUTE`) or from this address (a code being guessed,
        :data:`ADDRESS_JOINS_PER_MINUTE`). Only refusals count: thirty good joins in a
        minute are a class starting. The device is the page's own random id: a wrong
        code typed on one device never refuses the right code typed on another behind
        the same school router."""
        now = time.monotonic()
        for key, limit in (((addr, device), JOINS_PER_MINUTE), (addr, ADDRESS_JOINS_PER_MINUTE)):
            q = self.joins.setdefault(key, collections.deque())
            while q and q[0] < now - 60:
                q.popleft()
            if len(q) >= limit:
                return True
        return False

    def join_refused(self, addr: str, device: str = "") -> None:
        now = time.monotonic()
        for key in ((addr, device), addr):
            self.joins.setdefault(key, collections.deque()).append(now)

    def seats_flooded(self, addr: str, device: str, code: str) -> str | None:
        """Why a join is refused before it is tried, when too many joins succeeded in the
        last minute (see :data:`DEVICE_SEATS_PER_MINUTE`), or None."""
        now = time.monotonic()
        code = "".join(ch for ch in str(code).upper() if ch.isalnum())
        checks = ((("seat", addr, device), DEVICE_SEATS_PER_MINUTE, "this device joined"),
                  (("seat", addr), self.seats_per_minute, "this network address joined"),
                  (("seat-code", code), self.seats_per_minute, "this class game took"))
        for key, limit, who in checks:
            q = self.joins.setdefault(key, collections.deque())
            while q and q[0] < now - 60:
                q.popleft()
            if len(q) >= limit:
                return f"{who} {limit} joins in the last minute: wait a minute and join again"
        return None

    def seat_taken(self, addr: str, device: str, code: str) -> None:
        now = time.monotonic()
        code = "".join(ch for ch in str(code).upper() if ch.isalnum())
        for key in (("seat", addr, device), ("seat", addr), ("seat-code", code)):
            self.joins.setdefault(key, collections.deque()).append(now)


class Base(tornado.web.RequestHandler):
    hub: Hub

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        for k, v in _SECURITY_HEADERS.items():
            self.set_header(k, v)
        self.set_header("Server", "ovnilab")

    def prepare(self) -> None:
        """Refuse, before any handler runs, what only another site or a rebinding name
        would send: a Host that is not this server's (DNS rebinding: a page of another
        site reaching this server under its own name), and a POST from another origin or
        not sent as ``application/json`` (a form on another site posting into a
        student's browser session; browsers send such forms as text or form data)."""
        if not host_allowed(self.request.host_name, self.hub.hosts):
            return self.write_json({"error": "this server answers at its own address (the one `make play` printed), "
                                             "not under another name"}, 400)
        if self.request.method == "POST":
            origin = self.request.headers.get("Origin")
            if origin is not None and origin != f"{self.request.protocol}://{self.request.host}":
                return self.write_json({"error": "a request from another site is refused"}, 403)
            kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return self.write_json({"error": "the request is not JSON (the class page sends application/json)"},
                                       400)
        return None

    def write_json(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def body_json(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY:
            raise ClassroomError("request too large")
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: thousands of nested [
            raise ClassroomError("the request is not JSON") from None
        if not isinstance(data, dict):
            raise ClassroomError("the request is not a JSON object")
        return data

    def device(self) -> tuple[str, str]:
        """(network address, the page's device id): the id is a random text the page
        keeps in its own storage (``X-Ovnilab-Device``), only to count refused joins per
        device; a missing or odd one counts as no device."""
        d = self.request.headers.get("X-Ovnilab-Device", "")
        if len(d) > 64 or not d.isascii() or not d.isalnum():
            d = ""
        return self.request.remote_ip or "?", d

    def token(self) -> str:
        t = self.request.headers.get("X-Ovnilab-Seat", "")
        if not t or len(t) > 64:
            raise ClassroomError("this page has no seat: join with the code and your name")
        return t

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, DatabaseUnusable):
            return  # the director says it once in the terminal; each page gets the message
        super().log_exception(typ, value, tb)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = (kwargs.get("exc_info") or (None, None, None))[1]
        if isinstance(exc, DatabaseUnusable):  # say what happened, on every page
            return self.write_json({"error": str(exc)}, 503)
        message = {404: "not found", 405: f"the method {self.request.method} is not allowed here",
                   400: "a malformed request"}.get(status_code, "the server could not answer")
        self.write_json({"error": message}, status_code)


def _seat_payload(cl: Classroom, token: str, svg: bool = True) -> dict[str, Any]:
    """The page's view of a seat: the seat's view with its moves grouped for the page
    (both read under the room's lock, from one position: see handles.room_view)."""
    return cl.rejoin(token).view(svg=svg, observation=False, groups=True)


class JoinHandler(Base):
    async def post(self) -> None:
        addr, device = self.device()
        if self.hub.join_blocked(addr, device):
            return self.write_json({"error": "too many refused join attempts from this device: "
                                             "wait a minute and check the code"}, 429)
        try:
            data = self.body_json()
            flooded = self.hub.seats_flooded(addr, device, data.get("code") or "")
            if flooded:
                return self.write_json({"error": flooded}, 429)
            seat = await self.hub.run(self.hub.cl.join, data.get("code"), data.get("name"))
            self.hub.seat_taken(addr, device, data.get("code") or "")
            view = await self.hub.run(_seat_payload, self.hub.cl, seat.token)
        except ClassroomError as exc:
            self.hub.join_refused(addr, device)
            return self.write_json({"error": str(exc)}, 400)
        self.write_json({"token": seat.token, "view": view})


class _LongPoll(Base):
    """What the two long polls (:class:`ViewHandler`, :class:`WatchHandler`) share: a wait
    that ends as soon as the page's connection closes, and a quiet end when the server
    stops.

    A page that closes (a student closes the tab, a phone leaves the network) while its
    request waits is no server error. Before (issue 29) such a request waited out its whole
    wait, and a server stopped meanwhile (Ctrl+C) cancelled it, which tornado answers and
    logs as a 500: "500 GET /api/view?since=N ... 20000ms", a line per page closed before
    the stop. Now the request ends when its page goes (nobody to answer), and one still
    waiting when the server stops has its connection closed: its page says the connection
    is lost, as it would a moment later anyway."""

    def initialize(self, hub: Hub) -> None:
        super().initialize(hub)
        self.gone = asyncio.Event()

    def on_connection_close(self) -> None:
        self.gone.set()
        super().on_connection_close()

    async def wait_change(self, ev: asyncio.Event, deadline: float) -> bool:
        """Wait until ``ev`` is set (True), or the ``deadline`` (time.monotonic) passes or
        the page goes (False; :attr:`gone` tells which)."""
        waits = [asyncio.ensure_future(ev.wait()), asyncio.ensure_future(self.gone.wait())]
        try:
            await asyncio.wait(waits, timeout=max(0.01, deadline - time.monotonic()),
                               return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        return ev.is_set() and not self.gone.is_set()

    def stopped(self) -> bool:
        """The server stops while this request waits (its task, or the thread pool's work it
        waited for, was cancelled): close the connection without an answer, so that neither
        tornado's 500 nor a traceback reaches the terminal. True when the cancellation is
        this request's own (the caller re-raises it)."""
        self.request.connection.close()
        self.finish()
        task = asyncio.current_task()
        cancelling = getattr(task, "cancelling", None)  # Python 3.11+; before it, assume our own
        return task is not None and (cancelling is None or cancelling() > 0)


class ViewHandler(_LongPoll):
    async def get(self) -> None:
        try:
            token = self.token()
            since = self.get_query_argument("since", None)
            since_v = int(since) if since not in (None, "") and since.lstrip("-").isdigit() else None
            brief = self.get_query_argument("brief", "") == "1"
            seat = await self.hub.run(self.hub.cl.rejoin, token)
            if since_v is not None:
                deadline = time.monotonic() + _wait_seconds(self.get_query_argument("wait", None))
                # while the page waits, its student counts as connected (the pulse marks it
                # seen): a classmate cannot take the seat by typing the same name
                who = await self.hub.run(lambda: seat.participant_id)
                self.hub.waiting[who] += 1
                try:
                    while time.monotonic() < deadline:
                        if await self.hub.run(seat.version) != since_v:
                            break
                        if not await self.wait_change(self.hub.changed, deadline):
                            break
                finally:
                    self.hub.waiting[who] -= 1
                    if self.hub.waiting[who] <= 0:
                        del self.hub.waiting[who]
                if self.gone.is_set():  # the page closed: nobody to answer
                    return
                if brief and await self.hub.run(seat.version) == since_v:  # nothing new: a few bytes
                    return self.write_json({"unchanged": True, "version": since_v})
            view = await self.hub.run(_seat_payload, self.hub.cl, token)
        except ClassroomError as exc:
            return self.write_json({"error": str(exc)}, 401 if "not valid" in str(exc) or "no seat" in str(exc)
                                   else 400)
        except asyncio.CancelledError:
            if self.stopped():
                raise
            return
        self.write_json(view)


class PlayHandler(Base):
    async def post(self) -> None:
        try:
            token = self.token()
            data = self.body_json()
            text = data.get("text")
            position = data.get("position")
            if position is not None and (isinstance(position, bool) or not isinstance(position, int)):
                raise ClassroomError("position must be a whole number")
            seat = await self.hub.run(self.hub.cl.rejoin, token)
            done = await self.hub.run(seat.play, text, position)
            view = await self.hub.run(_seat_payload, self.hub.cl, token)
        except RateLimited as exc:
            return self.write_json({"error": str(exc)}, 429)
        except StaleMove as exc:
            view = await self.hub.run(_safe_view, self.hub.cl, self.request.headers.get("X-Ovnilab-Seat", ""))
            return self.write_json({"error": str(exc), "stale": True, "view": view}, 409)
        except ClassroomError as exc:
            return self.write_json({"error": str(exc)}, 400)
        self.write_json({"played": done, "view": view})


def _safe_view(cl: Classroom, token: str) -> dict[str, Any] | None:
    try:
        return _seat_payload(cl, token)
    except ClassroomError:
        return None


def _watch_payload(cl: Classroom, code: str) -> dict[str, Any]:
    from .limits import clean_code

    c = clean_code(code)
    sess = cl.store.one("SELECT kind, version FROM sessions WHERE code=?", c)
    if sess is None:
        raise ClassroomError(f"no class game has the code {c}")
    if sess["kind"] == "experiment":
        raise ClassroomError("this code is an experiment: its live view is in the teacher's notebook")
    if sess["kind"] != "room":
        raise ClassroomError("this code groups students into several games: watch them in the teacher's notebook")
    v = room_view(cl, c, None, svg=True)
    v["version"] = cl.room(c).version()
    v["events"] = _events(cl, c, c, None)  # the room's public events (a student's own are theirs)
    return v


class WatchHandler(_LongPoll):
    async def get(self) -> None:
        addr, device = self.device()
        if self.hub.join_blocked(addr, device):  # a projector code is guessed like a join code
            return self.write_json({"error": "too many unknown codes from this device: wait a minute and "
                                             "check the code"}, 429)
        try:
            code = self.get_query_argument("code", "")
            since = self.get_query_argument("since", "")
            if since.lstrip("-").isdigit():
                deadline = time.monotonic() + LONG_POLL
                room = await self.hub.run(self.hub.cl.room, code)
                while time.monotonic() < deadline and await self.hub.run(room.version) == int(since):
                    if not await self.wait_change(self.hub.changed, deadline):
                        break
                if self.gone.is_set():  # the projector page closed: nobody to answer
                    return
            view = await self.hub.run(_watch_payload, self.hub.cl, code)
        except ClassroomError as exc:
            self.hub.join_refused(addr, device)
            return self.write_json({"error": str(exc)}, 400)
        except asyncio.CancelledError:
            if self.stopped():
                raise
            return
        self.write_json(view)


class PageHandler(Base):
    def initialize(self, hub: Hub, page: str) -> None:  # type: ignore[override]
        self.hub = hub
        self.page = page

    def get(self) -> None:
        text = (STATIC / self.page).read_text(encoding="utf-8")
        text = text.replace("{{VOILA_PORT}}", str(self.hub.voila_port or ""))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(text)


class PictureHandler(Base):
    def get(self, game: str) -> None:
        if game not in ("ovni", "cows", "cosmic"):
            raise tornado.web.HTTPError(404)
        svg = self.hub.pictures.get(game)
        if svg is None:
            svg = self.hub.pictures[game] = _picture(game)
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "max-age=3600")
        self.finish(svg)


def _picture(game: str) -> str:
    """A starting position of ``game`` for the landing page (fixed seed)."""
    import ovnilab

    st = ovnilab.make(game, seed=3) if game == "cows" else ovnilab.make(game, num_players=4, seed=3)
    return importlib.import_module(f"ovnilab.{game}.render").to_svg(st, viewer=None)


def _wait_seconds(text: str | None) -> float:
    """A long poll's ``wait`` argument: seconds, at most :data:`LONG_POLL` (the most when
    missing); :class:`ClassroomError` (a 400) when it is not a number of seconds."""
    if text in (None, ""):
        return LONG_POLL
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise ClassroomError("wait is a number of seconds")
    return min(LONG_POLL, value)


class StaticHandler(tornado.web.StaticFileHandler):
    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if "\x00" in absolute_path:  # a NUL in the path (app.js%00.png): no such file
            raise tornado.web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"error": "not found" if status_code == 404 else "a malformed request"}))

    def set_default_headers(self) -> None:
        for k, v in _SECURITY_HEADERS.items():
            if k != "Cache-Control":
                self.set_header(k, v)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")


def make_app(classroom: Classroom, voila_port: int | None = None) -> tuple[tornado.web.Application, Hub]:
    """The tornado application of the class server and its :class:`Hub`."""
    hub = Hub(classroom, voila_port)
    h = {"hub": hub}
    app = tornado.web.Application([
        (r"/", PageHandler, {"hub": hub, "page": "index.html"}),
        (r"/join", PageHandler, {"hub": hub, "page": "join.html"}),
        (r"/watch", PageHandler, {"hub": hub, "page": "watch.html"}),
        (r"/api/join", JoinHandler, h),
        (r"/api/view", ViewHandler, h),
        (r"/api/play", PlayHandler, h),
        (r"/api/watch", WatchHandler, h),
        (r"/picture/(\w+)\.svg", PictureHandler, h),
        (r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
    ], compress_response=True, xsrf_cookies=False, default_handler_class=_NotFound, default_handler_args=h)
    return app, hub


class _NotFound(Base):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


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
