"""A student's seat over HTTP: the same operations as :class:`~ovnilab.classroom.Seat`,
through the class server's API (what the page does), for bots on remote seats, load
tests and the benchmark::

    server = classroom.connect("http://192.168.1.20:8866")
    seat = server.join("K7QX2M", "Ana")
    seat.view(); seat.legal_actions(); seat.play("draw 2"); seat.wait(10)
    server.rejoin(seat.token)

Standard library only (``urllib``); each call is one request.
"""

from __future__ import annotations

import json
import secrets
import time
import urllib.error
import urllib.request
from typing import Any

from .rooms import ClassroomError, RateLimited, StaleMove

__all__ = ["Server", "RemoteSeat", "connect"]


class Server:
    """A class server at ``url`` (``http://host:port``)."""

    def __init__(self, url: str, timeout: float = 40.0) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"<classroom server {self.url}>"

    def request(self, path: str, body: dict[str, Any] | None = None, token: str | None = None,
                timeout: float | None = None, device: str | None = None) -> tuple[int, dict[str, Any]]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method="GET" if body is None else "POST")
        if body is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("X-Ovnilab-Seat", token)
        if device:
            req.add_header("X-Ovnilab-Device", device)
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            try:
                payload = json.loads(e.read())
            except ValueError:
                payload = {"error": f"HTTP {e.code}"}
            return e.code, payload

    def join(self, code: str, name: str, device: str | None = None) -> "RemoteSeat":
        """Join as ``name``; each join is a device of its own unless ``device`` (the id a
        page keeps) is given, as a class's phones are (the server limits joins per device)."""
        status, data = self.request("/api/join", {"code": code, "name": name},
                                    device=device or secrets.token_hex(16))
        _raise(status, data)
        seat = RemoteSeat(self, data["token"])
        seat._last = data["view"]
        return seat

    def rejoin(self, token: str) -> "RemoteSeat":
        seat = RemoteSeat(self, token)
        seat.view()
        return seat


def connect(url: str) -> Server:
    """The class server at ``url``."""
    return Server(url)


def _raise(status: int, data: dict[str, Any]) -> None:
    if status == 200:
        return
    msg = data.get("error", f"HTTP {status}")
    if status == 409:
        raise StaleMove(msg)
    if status == 429:
        raise RateLimited(msg)
    raise ClassroomError(msg)


class RemoteSeat:
    """A seat on a class server (see the module docstring)."""

    def __init__(self, server: Server, token: str) -> None:
        self.server = server
        self.token = token
        self._last: dict[str, Any] | None = None

    def __repr__(self) -> str:
        v = self._last or {}
        return f"<RemoteSeat {v.get('name', '?')!r} in {v.get('code', '?')} on {self.server.url}>"

    def view(self) -> dict[str, Any]:
        """The seat's view now (what the page draws)."""
        status, data = self.server.request("/api/view", token=self.token)
        _raise(status, data)
        self._last = data
        return data

    def legal_actions(self) -> list[str]:
        return list(self.view()["legal"])

    def play(self, text: str, expect: int | None = None) -> str:
        status, data = self.server.request("/api/play", {"text": text, "position": expect}, token=self.token)
        if data.get("view"):
            self._last = data["view"]
        _raise(status, data)
        return data["played"]

    def wait(self, timeout: float = 10.0, since: int | None = None) -> bool:
        """Wait (long poll) until the view changes after version ``since`` (default: the
        last view this object saw); True when it did. The new view is in :attr:`last`."""
        if since is None:
            since = (self._last or self.view())["version"]
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            status, data = self.server.request(f"/api/view?since={since}&wait={max(0.05, left):.2f}",
                                               token=self.token, timeout=left + 10)
            _raise(status, data)
            self._last = data
            if data["version"] != since:
                return True

    @property
    def last(self) -> dict[str, Any] | None:
        """The last view received."""
        return self._last
