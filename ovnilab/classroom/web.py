"""The class server's web side: the students' page, the projector page and the JSON API,
what each request gets (:mod:`ovnilab.classroom.server` runs them with the director).

The pages and the API (``python -m ovnilab.classroom.server``, ``make play``):

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
  ``POST /api/play`` (text, position); ``GET /api/watch?code=&since=``;
  ``GET /api/catalog``: the page's sentences in the request's language. The
  seat is named by the header ``X-Ovnilab-Seat: <token>``.

Language (issue 33): every request is answered in its person's language
(:func:`request_language`: the page's EN / PT choice, else the browser's
Accept-Language, else English): the JSON errors, the seat view's sentences and events.
``Base.prepare`` sets it for the request and :meth:`Hub.run` carries it into the thread
pool; the page's own sentences come from ``/api/catalog``.

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

import asyncio
import collections
import contextvars
import importlib
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterable

import tornado.httpserver
import tornado.web
from tornado.ioloop import IOLoop

from .. import i18n
from ..i18n import Nn_, _, n_
from .handles import SEEN_EVERY
from .limits import SeatGone
from .rooms import Classroom, ClassroomError, RateLimited, StaleMove
from .store import DatabaseUnusable
from .views import _events, room_view

__all__ = ["make_app", "Hub", "CappedHTTPServer", "own_names", "host_allowed", "request_language", "LANG_COOKIE"]

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
PULSE = 0.05
#: the cookie that holds a person's own choice of language (the page's EN / PT switch)
LANG_COOKIE = "ovnilab-lang"
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
        #: the teacher's choice of language for the projector page (``make play LANG=pt``
        #: gives the server ``OVNILAB_LANG``), or "" when none: /watch then follows its
        #: address's ``?lang=``, else its browser, as every page does
        self.projector_lang = _teacher_language()

    async def run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the thread pool, in a copy of this request's context: its
        language (:func:`ovnilab.i18n.using_language`) goes with it."""
        ctx = contextvars.copy_context()
        return await IOLoop.current().run_in_executor(self.pool, ctx.run, fn, *args)

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
        checks = ((("seat", addr, device), DEVICE_SEATS_PER_MINUTE, Nn_(
                      "this device made {n} join in the last minute: wait a minute and join again",
                      "this device made {n} joins in the last minute: wait a minute and join again")),
                  (("seat", addr), self.seats_per_minute, Nn_(
                      "this network address made {n} join in the last minute: wait a minute and join again",
                      "this network address made {n} joins in the last minute: wait a minute and join again")),
                  (("seat-code", code), self.seats_per_minute, Nn_(
                      "this class game took {n} join in the last minute: wait a minute and join again",
                      "this class game took {n} joins in the last minute: wait a minute and join again")))
        for key, limit, (one, many) in checks:
            q = self.joins.setdefault(key, collections.deque())
            while q and q[0] < now - 60:
                q.popleft()
            if len(q) >= limit:
                return n_(one, many, limit)
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
        """Speak the request's language (:func:`request_language`) from here to its answer;
        refuse, before any handler runs, what only another site or a rebinding name
        would send: a Host that is not this server's (DNS rebinding: a page of another
        site reaching this server under its own name), and a POST from another origin or
        not sent as ``application/json`` (a form on another site posting into a
        student's browser session; browsers send such forms as text or form data)."""
        # each request runs as its own asyncio task (a copy of the server's context), so
        # the language set here is this request's alone, up to its last write
        i18n._current.set(request_language(self))
        if not host_allowed(self.request.host_name, self.hub.hosts):
            return self.write_json({"error": _("this server answers at its own address (the one `make play` "
                                               "printed), not under another name")}, 400)
        if self.request.method == "POST":
            origin = self.request.headers.get("Origin")
            if origin is not None and origin != f"{self.request.protocol}://{self.request.host}":
                return self.write_json({"error": _("a request from another site is refused")}, 403)
            kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return self.write_json({"error": _("the request is not JSON (the class page sends "
                                                   "application/json)")}, 400)
        return None

    def write_json(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def body_json(self) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY:
            raise ClassroomError(_("request too large"))
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: thousands of nested [
            raise ClassroomError(_("the request is not JSON")) from None
        if not isinstance(data, dict):
            raise ClassroomError(_("the request is not a JSON object"))
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
            raise SeatGone(_("this page has no seat: join with the code and your name"))
        return t

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, DatabaseUnusable):
            return  # the director says it once in the terminal; each page gets the message
        super().log_exception(typ, value, tb)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = (kwargs.get("exc_info") or (None, None, None))[1]
        if isinstance(exc, DatabaseUnusable):  # say what happened, on every page
            return self.write_json({"error": str(exc)}, 503)
        if i18n._current.get() is None:  # an error before prepare() ran
            i18n._current.set(request_language(self))
        message = {404: _("not found"), 405: _("the method {method} is not allowed here", method=self.request.method),
                   400: _("a malformed request")}.get(status_code) or _("the server could not answer")
        self.write_json({"error": message}, status_code)


def _teacher_language() -> str:
    """The language the teacher chose for the server (:data:`ovnilab.i18n.ENV_VAR`), or ""."""
    import os

    try:
        return i18n.normalize(os.environ[i18n.ENV_VAR]) if os.environ.get(i18n.ENV_VAR, "").strip() else ""
    except ValueError:
        return ""


def request_language(handler: tornado.web.RequestHandler) -> str:
    """The language a request is answered in (issue 33: chosen per person): the page's
    explicit choice (``?lang=``, else the :data:`LANG_COOKIE` cookie the EN / PT switch
    sets), else the browser's ``Accept-Language``, else English. A value that is no
    language of ovnilab's counts as no choice."""
    for choice in (handler.get_query_argument("lang", None), handler.get_cookie(LANG_COOKIE)):
        if choice:
            try:
                return i18n.normalize(choice[:16])
            except ValueError:
                pass
    return i18n.negotiate(handler.request.headers.get("Accept-Language", "")[:512])


class CatalogHandler(Base):
    """``GET /api/catalog`` (``?lang=pt``): the request's language and its catalog, for the
    page's ``t()`` (:func:`ovnilab.i18n.js_catalog`): the page loads it before it draws,
    and again when its switch changes the language."""

    def get(self) -> None:
        self.set_header("Vary", "Accept-Language, Cookie")
        self.write_json(i18n.js_catalog(i18n.get_language()))


def _seat_payload(cl: Classroom, token: str, svg: bool = True) -> dict[str, Any]:
    """The page's view of a seat: the seat's view with its moves grouped for the page
    (both read under the room's lock, from one position: see handles.room_view)."""
    return cl.rejoin(token).view(svg=svg, observation=False, groups=True)


class JoinHandler(Base):
    async def post(self) -> None:
        addr, device = self.device()
        if self.hub.join_blocked(addr, device):
            return self.write_json({"error": _("too many refused join attempts from this device: "
                                               "wait a minute and check the code")}, 429)
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
            return self.write_json({"error": str(exc)}, 401 if isinstance(exc, SeatGone) else 400)
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
                raise ClassroomError(_("position must be a whole number"))
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
        raise ClassroomError(_("no class game has the code {code}", code=c))
    if sess["kind"] == "experiment":
        raise ClassroomError(_("this code is an experiment: its live view is in the teacher's notebook"))
    if sess["kind"] != "room":
        raise ClassroomError(_("this code groups students into several games: watch them in the teacher's notebook"))
    v = room_view(cl, c, None, svg=True)
    v["version"] = cl.room(c).version()
    v["events"] = _events(cl, c, c, None)  # the room's public events (a student's own are theirs)
    return v


class WatchHandler(_LongPoll):
    async def get(self) -> None:
        addr, device = self.device()
        if self.hub.join_blocked(addr, device):  # a projector code is guessed like a join code
            return self.write_json({"error": _("too many unknown codes from this device: wait a minute and "
                                               "check the code")}, 429)
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
        text = text.replace("{{PROJECTOR_LANG}}", self.hub.projector_lang)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(text)


class PictureHandler(Base):
    def get(self, game: str) -> None:
        if game not in ("ovni", "cows", "cosmic"):
            raise tornado.web.HTTPError(404)
        key = f"{game}:{i18n.get_language()}"  # drawn in the request's language (?lang=)
        svg = self.hub.pictures.get(key)
        if svg is None:
            svg = self.hub.pictures[key] = _picture(game)
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
        raise ClassroomError(_("wait is a number of seconds"))
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
        (r"/api/catalog", CatalogHandler, h),
        (r"/picture/(\w+)\.svg", PictureHandler, h),
        (r"/static/(.*)", StaticHandler, {"path": str(STATIC)}),
    ], compress_response=True, xsrf_cookies=False, default_handler_class=_NotFound, default_handler_args=h)
    return app, hub


class _NotFound(Base):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)
