"""The class server for real: a subprocess on a free port, reached over HTTP (the page's
API, through ovnilab.classroom.client), killed with SIGKILL in the middle of a class and
started again."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("tornado")

from ovnilab.classroom import Classroom, ClassroomError, StaleMove  # noqa: E402
from ovnilab.classroom.client import connect  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``python -m ovnilab.classroom.server`` on a free port and a given database."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db, self.log_path = db, log
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self, args: tuple[str, ...] = ("--rate-moves", "100000"), preexec_fn=None) -> "ServerProcess":
        """Start the server (``args`` after the port and the database; ``preexec_fn`` in
        the child, which must then start its own session) and wait until it answers."""
        log = open(self.log_path, "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "ovnilab.classroom.server", "--port", str(self.port),
                                      "--db", str(self.db), "--quiet", *args], cwd=ROOT, stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=preexec_fn is None,
                                     preexec_fn=preexec_fn)
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.log_path.read_text()
            try:
                with urllib.request.urlopen(self.url + "/static/style.css", timeout=2):
                    return self
            except OSError:
                assert time.monotonic() < deadline, "the class server did not start: " + self.log_path.read_text()
                time.sleep(0.1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(20)


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "class.sqlite", tmp_path / "server.log").start()
    try:
        yield s
    finally:
        s.kill()


def _turn(seats):
    for s in seats:
        v = s.view()
        if v["your_turn"]:
            return s, v
    return None, None


def test_two_students_play_a_cow_game_over_http(server):
    cl = Classroom(server.db)
    room = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=8)
    srv = connect(server.url)
    a, b = srv.join(room.code, "Ana"), srv.join(room.code, "Bruno")
    room.start()
    moves = 0
    while True:
        s, v = _turn([a, b])
        if s is None:
            if a.view()["status"] == "over":
                break
            continue
        other = b if s is a else a
        seen = other.view()["version"]
        s.play(v["legal"][moves % len(v["legal"])], v["position"])
        assert other.wait(5, since=seen)  # the move reaches the other seat
        assert other.last["position"] == v["position"] + 1
        moves += 1
    assert room.status == "over" and len(room.results()) == 1


def test_bad_requests_are_refused_and_change_nothing(server):
    cl = Classroom(server.db)
    room = cl.open_room("cows")
    srv = connect(server.url)
    status, data = srv.request("/api/view", token="")
    assert status == 401 and "join" in data["error"]
    status, data = srv.request("/api/view", token="A" * 40)
    assert status == 401
    for body in (b"not json", b"[1, 2]", b"{" * 100):
        req = urllib.request.Request(server.url + "/api/join", data=body, method="POST")
        try:
            urllib.request.urlopen(req, timeout=10)
            raise AssertionError("accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 400 and "JSON" in json.loads(e.read())["error"]
    big = json.dumps({"code": room.code, "name": "x" * 50_000}).encode()
    req = urllib.request.Request(server.url + "/api/join", data=big, method="POST")
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code in (400, 413)
    with pytest.raises(ClassroomError, match="letters"):
        srv.join(room.code, "<b>x</b>")
    assert [p["controller"] for p in room.seats()] == ["open", "open"]
    # pages carry a strict policy: scripts from this server only, no framing
    with urllib.request.urlopen(server.url + "/join", timeout=10) as r:
        csp = r.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp


def test_refused_joins_are_limited_per_address_but_a_class_behind_one_router_joins(server):
    cl = Classroom(server.db)
    sess = cl.open_session("cows", group_size=2, bot_delay=0)
    srv = connect(server.url)
    for i in range(30):  # thirty students from one address (a school's router): all join
        srv.join(sess.code, f"student {i}")
    refused = 0
    for i in range(25):  # a code being guessed: after 20 refusals, wait a minute
        status, _ = srv.request("/api/join", {"code": "ZZZZZZ" if sess.code != "ZZZZZZ" else "YYYYYY",
                                              "name": f"n{i}"})
        refused += status == 429
    assert refused == 5
    status, data = srv.request("/api/join", {"code": sess.code, "name": "late"})
    assert status == 429 and "wait a minute" in data["error"]


def test_two_devices_on_one_seat_at_once_apply_one_move(server):
    cl = Classroom(server.db)
    room = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=1)
    srv = connect(server.url)
    a, b = srv.join(room.code, "Ana"), srv.join(room.code, "Bruno")
    room.start()
    s, v = _turn([a, b])
    twin = srv.rejoin(s.token)  # the same student's second device
    out: list[str] = []
    go = threading.Barrier(2)

    def click(seat, text):
        go.wait()
        try:
            seat.play(text, v["position"])
            out.append("played")
        except StaleMove:
            out.append("stale")

    ts = [threading.Thread(target=click, args=(x, v["legal"][i % len(v["legal"])])) for i, x in enumerate((s, twin))]
    for t in ts:
        t.start()
    for t in ts:
        t.join(30)
    assert sorted(out) == ["played", "stale"]
    assert cl.store.one("SELECT COUNT(*) FROM actions WHERE room=?", room.code)[0] == 1


def test_a_server_killed_mid_class_resumes_every_room(server):
    """SIGKILL in the middle of two games and an experiment: restarted on the same file,
    every room is where it was, no move lost or doubled, and play goes on."""
    cl = Classroom(server.db)
    cows = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=3)
    cosmic = cl.open_room("cosmic", seats=3, bots={2: "random"}, bot_delay=0, decision_seconds=None, seed=3)
    srv = connect(server.url)
    pairs = [(srv.join(cows.code, "Ana"), srv.join(cows.code, "Bruno")),
             (srv.join(cosmic.code, "Carla"), srv.join(cosmic.code, "Davi"))]
    cows.start()
    cosmic.start()
    acknowledged = {}
    for k in range(12):
        for seats in pairs:
            s, v = _turn(seats)
            if s is not None:
                s.play(v["legal"][k % len(v["legal"])], v["position"])
                acknowledged[s.view()["room"]] = s.last["position"]
    before = {r.code: r.state(public=False) for r in (cows, cosmic)}
    bot_seats = {cows.code: set(), cosmic.code: {2}}
    server.kill(signal.SIGKILL)
    # every acknowledged move is in the file, in order; the server's bot may have moved
    # between the snapshot above and the kill (its moves then follow the snapshot's)
    fresh = Classroom(server.db)
    for code, st in before.items():
        again = fresh.room(code).state(public=False)
        n = len(st.log)
        assert again.log[:n] == st.log
        assert set(again.actors[n:]) <= bot_seats[code], (code, again.log[n:])
        if len(again.log) == n:
            assert again == st
        assert fresh.store.one("SELECT COUNT(*) FROM actions WHERE room=?", code)[0] >= acknowledged.get(code, 0)
    server.start()
    srv = connect(server.url)
    pairs = [tuple(srv.rejoin(s.token) for s in seats) for seats in pairs]
    for seats in pairs:
        v = seats[0].view()
        st = before[v["room"]]
        # where it was (a bot of the new server may already have moved on from there)
        assert v["position"] >= len(st.log)
        stored = [r["text"] for r in cl.store.all("SELECT text FROM actions WHERE room=? ORDER BY seq", v["room"])]
        assert stored[: len(st.log)] == [str(a) for a in st.log]
    # and the games go on: the cow game to its end, the Cosmic game for 20 more student
    # decisions (the bots of the new server play in between)
    deadline = time.monotonic() + 120
    cosmic_moves = 0
    while pairs[0][0].view()["status"] == "running" or cosmic_moves < 20:
        assert time.monotonic() < deadline
        for k, seats in enumerate(pairs):
            if k == 1 and cosmic_moves >= 20:
                continue
            s, v = _turn(seats)
            if s is not None:
                try:
                    s.play(v["legal"][0], v["position"])
                    cosmic_moves += k
                except StaleMove:
                    pass
        time.sleep(0.01)
    assert cows.status == "over"
    seqs = cl.store.all("SELECT room, seq FROM actions ORDER BY room, seq")
    by_room: dict[str, list[int]] = {}
    for r in seqs:
        by_room.setdefault(r["room"], []).append(r["seq"])
    for room, s in by_room.items():
        assert s == list(range(len(s))), room  # no gap, no double


def test_the_landing_page_and_pictures(server):
    with urllib.request.urlopen(server.url + "/", timeout=30) as r:
        page = r.read().decode()
    assert "Join a class game" in page and 'data-picture="cows"' in page  # drawn in the page's language
    for game in ("cows", "ovni", "cosmic"):
        with urllib.request.urlopen(f"{server.url}/picture/{game}.svg", timeout=30) as r:
            assert r.headers["Content-Type"] == "image/svg+xml" and r.read().startswith(b"<svg")


def test_a_student_whose_page_waits_keeps_the_seat(server):
    """Issue 30: a page waiting in a long poll is a connected student. Ana's page waits
    (nothing changes: the teacher has not started) longer than the reconnection grace; a
    classmate who types the code and her name meanwhile is refused, the players list
    shows her connected, and her token still plays her seat."""
    from ovnilab.classroom.limits import RECONNECT_GRACE

    cl = Classroom(server.db)
    room = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=3)
    srv = connect(server.url)
    ana = srv.join(room.code, "Ana")
    since = ana.view()["version"]
    waited: list[bool] = []
    page = threading.Thread(target=lambda: waited.append(ana.wait(RECONNECT_GRACE + 6, since=since)))
    page.start()
    time.sleep(RECONNECT_GRACE + 2)
    with pytest.raises(ClassroomError, match="is taken"):
        connect(server.url).join(room.code, "Ana")
    players = room.state(svg=False)["players"]
    assert [p["connected"] for p in players if p["student"] == "Ana"] == [True], players
    page.join()
    assert waited == [False]  # nothing changed while she waited
    assert ana.view()["name"] == "Ana"  # her token is still hers


def test_names_of_several_scripts_join_and_a_lookalike_is_refused(server):
    """Issue 30, over HTTP: names as phones type them join and come back in the view as
    typed; a name that only looks like a classmate's is refused with the reason."""
    cl = Classroom(server.db)
    room = cl.open_session("cows", group_size=2)
    srv = connect(server.url)
    for name in ["O’Brien", "अनिल", "தமிழ்", "محمّد", "Ana"]:
        assert srv.join(room.code, name).view()["name"] == name
    with pytest.raises(ClassroomError, match="looks like 'Ana'"):
        srv.join(room.code, "\u0410na")
    with pytest.raises(ClassroomError, match="letters"):
        srv.join(room.code, "Ana\u202egnp.exe")


def test_another_site_cannot_post_and_a_rebinding_name_is_refused(server):
    """Issue 30: a form on another site posts text/plain (or form data) into a student's
    browser: refused, as is a JSON post whose Origin is another site; a Host that is a
    name this machine does not have (DNS rebinding) is refused; the class page's own
    requests (same origin, application/json) and a request by address still work."""
    cl = Classroom(server.db)
    room = cl.open_room("cows")
    body = json.dumps({"code": room.code, "name": "Ana"}).encode()

    def post(headers):
        req = urllib.request.Request(server.url + "/api/join", data=body, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    status, data = post({"Content-Type": "text/plain"})
    assert status == 400 and "JSON" in data["error"]
    status, data = post({"Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    assert status == 400
    status, data = post({"Content-Type": "application/json", "Origin": "http://evil.example"})
    assert status == 403 and "another site" in data["error"]
    status, data = post({"Content-Type": "application/json", "Host": f"evil.example:{server.port}"})
    assert status == 400 and "own address" in data["error"]
    req = urllib.request.Request(server.url + "/join", headers={"Host": "rebound.example"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 400
    assert [p["controller"] for p in room.seats()] == ["open", "open"]  # nothing was joined
    status, data = post({"Content-Type": "application/json; charset=utf-8", "Origin": server.url})
    assert status == 200 and data["token"]
    status, data = post({"Content-Type": "application/json", "Host": f"localhost:{server.port}"})
    assert status == 400 and "taken" in data["error"]  # answered: Ana is connected


def _post_as(server, path, body, device):
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "X-Ovnilab-Device": device})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _get_as(server, path, device):
    req = urllib.request.Request(server.url + path, headers={"X-Ovnilab-Device": device})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_one_devices_typos_do_not_lock_out_a_classmate_behind_the_same_router(server):
    """Issue 30: refused joins count per device (the page's random id) and, much higher,
    per address. One device that mistypes the code 20 times waits a minute; a classmate
    on the same address with the right code joins at once; projector codes (/api/watch)
    are limited the same way; a script that changes its device id meets the address's
    limit."""
    from ovnilab.classroom.server import ADDRESS_JOINS_PER_MINUTE, JOINS_PER_MINUTE

    cl = Classroom(server.db)
    sess = cl.open_session("cows", group_size=2, bot_delay=0)
    wrong = "ZZZZZZ" if sess.code != "ZZZZZZ" else "YYYYYY"
    a, b, c = "a" * 32, "b" * 32, "c" * 32
    statuses = [_post_as(server, "/api/join", {"code": wrong, "name": "Ana"}, a)[0] for _ in range(JOINS_PER_MINUTE + 1)]
    assert statuses == [400] * JOINS_PER_MINUTE + [429]
    status, data = _post_as(server, "/api/join", {"code": sess.code, "name": "Bruno"}, b)
    assert status == 200 and data["token"]
    statuses = [_get_as(server, f"/api/watch?code={wrong}", c)[0] for _ in range(JOINS_PER_MINUTE + 1)]
    assert statuses == [400] * JOINS_PER_MINUTE + [429]
    room = cl.open_room("cows")
    assert _get_as(server, f"/api/watch?code={room.code}", b)[0] == 200  # the projector page of a room
    # a guessing script with a new device id per request: the address's own limit
    used = 2 * JOINS_PER_MINUTE
    statuses = [_post_as(server, "/api/join", {"code": wrong, "name": "x"}, f"{k:032x}")[0]
                for k in range(ADDRESS_JOINS_PER_MINUTE - used + 1)]
    assert statuses[:-1] == [400] * (ADDRESS_JOINS_PER_MINUTE - used) and statuses[-1] == 429
    assert _post_as(server, "/api/join", {"code": sess.code, "name": "Carla"}, "d" * 32)[0] == 429


def test_malformed_requests_get_a_4xx_never_a_500(server):
    """Issue 30: thousands of nested [ in a body, a wait that is not a number, a NUL in a
    static path and a wrong method are refused with 400, 404 or 405 and a message; the
    server keeps answering."""
    cl = Classroom(server.db)
    room = cl.open_room("cows")
    srv = connect(server.url)
    seat = srv.join(room.code, "Ana")
    req = urllib.request.Request(server.url + "/api/join", data=b"[" * 8000, method="POST",
                                 headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 400 and "JSON" in json.loads(err.value.read())["error"]
    version = seat.view()["version"]
    for wait in ("abc", "nan", "-1", "inf"):
        status, data = srv.request(f"/api/view?since={version}&wait={wait}", token=seat.token, timeout=40)
        assert status == 400 and "seconds" in data["error"], (wait, status, data)
    status, data = srv.request(f"/api/view?since={version}&wait=0.2", token=seat.token, timeout=40)
    assert status == 200 and data["version"] == version
    for path, code in (("/static/app.js%00.png", 404), ("/static/../server.py", 404)):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url + path, timeout=10)
        assert err.value.code in (code, 403), (path, err.value.code)
    req = urllib.request.Request(server.url + "/api/join", method="DELETE")
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 405 and "not allowed" in json.loads(err.value.read())["error"]
    assert seat.view()["name"] == "Ana"  # still answering


def test_time_with_the_server_down_is_not_a_students_time(server):
    """Issue 30: a student has 6 s to decide; the server is killed with SIGKILL and stays
    down for 8 s; started again, the student's turn is still theirs, with about the time
    that was left when the server died (not handed to a bot the moment it is back)."""
    cl = Classroom(server.db)
    room = cl.open_room("cows", bot_delay=0, decision_seconds=6, seed=5)
    srv = connect(server.url)
    seats = [srv.join(room.code, "Ana"), srv.join(room.code, "Bruno")]
    room.start()
    time.sleep(2.5)  # the director has noted it runs (every 2 s)
    mover, view = _turn(seats)
    assert mover is not None and view["seconds_left"] is not None
    position = view["position"]
    server.kill(signal.SIGKILL)
    time.sleep(8)  # longer than the decision's 6 s
    server.start()
    time.sleep(1.0)  # the director's first ticks
    again = mover.view()
    assert again["position"] == position and again["your_turn"], again["events"]
    assert again["seconds_left"] > 0.5
    assert mover.play(again["legal"][0], position)  # the student still decides


def test_half_open_connections_are_closed_and_the_class_goes_on(tmp_path):
    """Issue 30: under a low file limit (the server started with 256 open files at most,
    hard limit included, so it cannot raise it), 300 connections that send half a
    request and then nothing fill its descriptors; the server closes each after
    IDLE_TIMEOUT seconds of silence and answers a student again."""
    import resource

    from ovnilab.classroom.server import IDLE_TIMEOUT

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1024:
        pytest.skip("this test needs 1,024 open files for its own connections")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1024), hard))

    def low_limit():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    server = ServerProcess(tmp_path / "class.sqlite", tmp_path / "server.log").start((), preexec_fn=low_limit)
    try:
        cl = Classroom(server.db)
        room = cl.open_room("cows")
        held = []
        for _ in range(300):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            s.sendall(b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end
            held.append(s)
        time.sleep(IDLE_TIMEOUT + 3)
        seat = connect(server.url).join(room.code, "Ana")  # answered again
        assert seat.view()["name"] == "Ana"
        closed = 0
        for s in held:
            try:
                s.settimeout(0.5)
                closed += s.recv(1) == b""
            except OSError:
                closed += 1
            s.close()
        assert closed >= 250, closed  # the server let them go
    finally:
        server.kill()  # (low_limit made it a session of its own)


def test_a_deleted_database_stops_the_acknowledgements_and_says_why(server):
    """Issue 30: the class database deleted while the server runs: SQLite would go on
    writing into the deleted file. Every move is refused from then on (503) with a
    message naming the file and what to do; nothing is acknowledged that is not saved."""
    cl = Classroom(server.db)
    room = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=2)
    srv = connect(server.url)
    seats = [srv.join(room.code, "Ana"), srv.join(room.code, "Bruno")]
    room.start()
    mover, view = _turn(seats)
    os.remove(server.db)
    status, data = srv.request("/api/play", {"text": view["legal"][0], "position": view["position"]},
                               token=mover.token)
    assert status == 503, (status, data)
    assert "deleted or replaced" in data["error"] and str(server.db) in data["error"]
    status, data = srv.request("/api/join", {"code": room.code, "name": "Carla"})
    assert status in (400, 503)  # nothing joins a file that is gone
    time.sleep(1.5)
    log = server.log_path.read_text()
    assert log.count("deleted or replaced") <= 1  # said once in the terminal, not every second


def test_a_room_that_does_not_replay_is_reported_once_and_the_others_go_on(server):
    """Issue 30: a stored move that no longer replays (a database from another version,
    a damaged file) made every view of its room a 500 and logged an error every second.
    Now its pages say which room cannot be resumed and why (400), the terminal says it
    once, and another room of the same server plays on."""
    import sqlite3

    cl = Classroom(server.db)
    bad = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=4)
    good = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=5)
    srv = connect(server.url)
    spoilt = srv.join(bad.code, "Ana")
    srv.join(bad.code, "Bruno")
    players = [srv.join(good.code, "Carla"), srv.join(good.code, "Davi")]
    bad.start()
    good.start()
    with sqlite3.connect(server.db) as db:  # a move this version refuses, as a damaged file would hold
        seq = db.execute("SELECT COUNT(*) FROM actions WHERE room=?", (bad.code,)).fetchone()[0]
        db.execute("INSERT INTO actions VALUES (?, ?, 0, 'fly to the moon', 'student', 0)", (bad.code, seq))
        db.execute("UPDATE rooms SET version=version+1 WHERE id=?", (bad.code,))
    status, data = srv.request("/api/view", token=spoilt.token)
    assert status == 400 and "cannot be resumed" in data["error"] and "fly to the moon" in data["error"]
    mover, view = _turn(players)
    assert mover.play(view["legal"][0], view["position"])
    time.sleep(3)  # the director ticks many times meanwhile
    log = server.log_path.read_text()
    assert log.count("cannot be resumed") == 1, log[-2000:]
    assert "Traceback" not in log


@pytest.mark.parametrize("offset", [4096, 8192])
def test_a_damaged_database_is_named_at_start_not_served(tmp_path, offset):
    """Issue 30: 2,000 garbage bytes over pages of a class database that hold its tables
    (a disk or a copy gone wrong): the server does not start and serve from it; it says,
    in one plain line, which file is damaged and what to do, with no traceback. (Garbage
    in a page no table uses is not damage SQLite can see, nor does it change a class.)"""
    db = tmp_path / "class.sqlite"
    cl = Classroom(str(db))
    room = cl.open_room("cows")
    cl.join(room.code, "Ana")
    cl.store.read().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    cl.store.close()
    with open(db, "r+b") as f:
        f.seek(offset)
        f.write(b"\xa5" * 2000)
    done = subprocess.run([sys.executable, "-m", "ovnilab.classroom.server", "--port", str(_free_port()),
                           "--db", str(db), "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"the class database {db} is damaged" in done.stderr and "Traceback" not in done.stderr


def test_a_join_flood_is_slowed_and_the_teacher_removes_the_names(server):
    """Issue 30: joins that succeed are limited too, per device (a student joins once or
    twice), per address and per class game, above what a class of 40 behind one router
    meets; the teacher removes the names a script put in: their link stops working and
    a bot takes a seat they held, and the name is free again."""
    from ovnilab.classroom.server import DEVICE_SEATS_PER_MINUTE, SEATS_PER_MINUTE

    cl = Classroom(server.db)
    sess = cl.open_session("cows", group_size=2, bot_delay=0, bot_wait=None)
    one = "e" * 32
    statuses = [_post_as(server, "/api/join", {"code": sess.code, "name": f"Bot {k}"}, one)[0]
                for k in range(DEVICE_SEATS_PER_MINUTE + 1)]
    assert statuses == [200] * DEVICE_SEATS_PER_MINUTE + [429]
    # a class of 40 on one address, each on a phone of their own, all in the same minute
    class_of_40 = [_post_as(server, "/api/join", {"code": sess.code, "name": f"Student {k}"}, f"{k:032x}")[0]
                   for k in range(40)]
    assert class_of_40 == [200] * 40
    # a script that changes its device id meets the class game's own limit
    used = DEVICE_SEATS_PER_MINUTE + 40
    flood = [_post_as(server, "/api/join", {"code": sess.code, "name": f"x{k}"}, f"{k + 1000:032x}")[0]
             for k in range(SEATS_PER_MINUTE - used + 1)]
    assert flood[:-1] == [200] * (SEATS_PER_MINUTE - used) and flood[-1] == 429
    status, data = _post_as(server, "/api/join", {"code": sess.code, "name": "Late"}, "f" * 32)
    assert status == 429 and "joins in the last minute: wait a minute" in data["error"]
    # the teacher removes one of the script's names from the projector's handle
    room = cl.room(sess.code)
    pid = room.remove("x0")
    assert pid and all(p.get("student") != "x0" for p in room.seats())
    with pytest.raises(ClassroomError, match="nobody called 'x0'"):
        cl.remove(sess.code, "x0")  # already gone


def test_a_removed_student_loses_the_link_and_a_bot_plays_the_seat(tmp_path):
    cl = Classroom(tmp_path / "c.sqlite")
    cl.rate_moves = 10**9
    room = cl.open_room("cows", seats=2, bot_delay=0, seed=3)
    ana, bruno = cl.join(room.code, "Ana"), cl.join(room.code, "Bruno")
    room.start()
    assert room.remove("Bruno") == "p02"
    with pytest.raises(ClassroomError, match="the teacher removed you"):
        bruno.view()
    assert room.seats()[1]["controller"] == "bot"
    cl.run_until_idle()
    assert ana.view()["your_turn"] or ana.view()["status"] == "over"  # the bot played for Bruno
    with pytest.raises(ClassroomError, match="full"):  # the name is free, but a bot holds the seat now
        cl.join(room.code, "Bruno")
    # in a room that has not started, the seat is free for the next student
    waiting = cl.open_room("cows", seats=2, bot_delay=0)
    cl.join(waiting.code, "Carla")
    waiting.remove("p01")
    assert cl.join(waiting.code, "Davi").seat == 0
    # an experiment matches a removed student in no later round
    exp = cl.open_experiment("duel", rounds=2, seed=1, pause=0)
    seats = [cl.join(exp.code, n) for n in ("Eva", "Feli", "Gil")]
    exp.remove("Gil")
    exp.start()
    cl.tick()
    with pytest.raises(ClassroomError, match="removed"):
        seats[2].view()
    assert {s.view()["role"] for s in seats[:2]} == {"offense", "defense"}


def test_a_schema_1_database_reads_as_the_current_one(tmp_path):
    """A class database written before participants could be removed opens and keeps its
    classes (the store adds the column)."""
    import sqlite3

    from ovnilab.classroom.store import SCHEMA_VERSION, Store

    path = tmp_path / "old.sqlite"
    cl = Classroom(path)
    room = cl.open_room("cows")
    cl.join(room.code, "Ana")
    cl.store.close()
    with sqlite3.connect(path) as db:  # as schema 1 had it: no removed column
        db.execute("ALTER TABLE participants DROP COLUMN removed")
        db.execute("UPDATE meta SET value='1' WHERE key='schema'")
    again = Classroom(Store(path))
    assert again.store.one("SELECT value FROM meta WHERE key='schema'")[0] == str(SCHEMA_VERSION)
    assert [p["student"] for p in again.room(room.code).seats()] == ["Ana", None]
    assert again.room(room.code).remove("Ana") == "p01"


def test_an_unwritable_database_is_said_as_such_not_as_busy(tmp_path):
    """Issue 30: a database that cannot be written (read-only, a full disk) gives
    "cannot write the class database FILE", not "busy, try again (disk I/O error)"; what
    was saved stays readable (the server answers such errors with a 503 on every page,
    as for a deleted file)."""
    from ovnilab.classroom.store import DatabaseUnusable, DatabaseUnwritable

    cl = Classroom(tmp_path / "class.sqlite")
    room = cl.open_room("cows", seats=2, bot_delay=0)
    ana = cl.join(room.code, "Ana")
    cl.store.read().execute("PRAGMA query_only=ON")  # as a read-only file answers (root ignores chmod)
    with pytest.raises(DatabaseUnwritable, match=r"cannot write the class database .*class\.sqlite"):
        cl.join(room.code, "Bruno")
    assert issubclass(DatabaseUnwritable, DatabaseUnusable)
    assert ana.view()["status"] == "waiting" and [p["student"] for p in room.seats()] == ["Ana", None]


def test_a_port_in_use_is_the_last_line_not_a_traceback(tmp_path):
    """Issue 30: the server on a port another program holds says so in its last line and
    exits 1 (it said "cannot join thread before it is started", 15 lines below the cause)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "ovnilab.classroom.server", "--port", str(port),
                            "--db", str(tmp_path / "c.sqlite")], cwd=ROOT, capture_output=True, text=True, timeout=60)
    last = (r.stdout + r.stderr).strip().splitlines()[-1]
    assert r.returncode == 1 and f"port {port} on 127.0.0.1 is in use" in last, r.stderr
    assert "Traceback" not in r.stderr


def test_one_address_cannot_hold_every_connection(tmp_path):
    """Issue 30: connections are capped per network address (here 40): one address that
    opens connections without end gets the extra ones closed at once, and a student on
    another address (127.0.0.2, loopback too) is answered meanwhile."""
    server = ServerProcess(tmp_path / "class.sqlite", tmp_path / "server.log").start(
        ("--connections-per-address", "40"))
    held = []
    try:
        time.sleep(0.5)  # the start-up probe's connection is closed and counted out
        for _ in range(60):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            s.sendall(b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end
            held.append(s)
        time.sleep(1.0)
        refused = 0
        for s in held:  # (well inside the 10 s after which silent connections are closed)
            s.settimeout(0.05)
            try:
                refused += s.recv(1) == b""
            except socket.timeout:
                pass
            except OSError:
                refused += 1
        assert refused == 20, refused  # the 20 over the cap, closed at once
        other = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=("127.0.0.2", 0))
        other.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert other.recv(64).startswith(b"HTTP/1.1 200")
        other.close()
        # closed connections are counted out: the address may open its 40 again
        for c in held:
            c.close()
        time.sleep(0.5)
        with urllib.request.urlopen(server.url + "/static/style.css", timeout=5) as r:
            assert r.status == 200
    finally:
        for s in held:
            s.close()
        server.kill()


def _long_polls(port: int, token: str, code: str, version: int, room_version: int) -> list[socket.socket]:
    """A student page's two long polls (full and brief) and a projector's, as raw
    connections that wait for their answer."""
    polls = []
    for path in (f"/api/view?since={version}", f"/api/view?since={version}&wait=20&brief=1",
                 f"/api/watch?code={code}&since={room_version}"):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Ovnilab-Seat: {token}\r\n\r\n".encode())
        polls.append(s)
    return polls


def test_a_closed_page_ends_its_long_poll_at_once(tmp_path):
    """Issue 29: a page closed during a long poll (a tab closed, a phone off the network)
    ends its request at once; it waited out its whole wait before (up to 25 s), counted as
    a connected student meanwhile, and was then a "500 ... 20000ms" if the server stopped.
    The brief poll still answers a few bytes when nothing changed."""
    import asyncio

    from ovnilab.classroom.server import make_app

    cl = Classroom(tmp_path / "class.sqlite")
    room = cl.open_room("cows")
    token = cl.join(room.code, "Ana").token
    done: list[tuple[str, int, float]] = []
    state: dict = {}
    ready = threading.Event()

    async def main() -> None:
        app, hub = make_app(cl)
        app.settings["log_function"] = lambda h: done.append((h.request.uri, h.get_status(),
                                                              h.request.request_time()))
        server = app.listen(0, address="127.0.0.1")
        state.update(hub=hub, port=next(iter(server._sockets.values())).getsockname()[1],
                     loop=asyncio.get_running_loop(), stop=asyncio.Event())
        ready.set()
        await state["stop"].wait()
        server.stop()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(30)
    try:
        version = cl.rejoin(token).version()
        polls = _long_polls(state["port"], token, room.code, version, room.version())
        deadline = time.monotonic() + 10
        while not state["hub"].waiting:  # the page counts as connected while it waits
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.3)
        for s in polls:
            s.close()
        deadline = time.monotonic() + 5
        while len(done) < 3:
            assert time.monotonic() < deadline, f"closed pages still waited after 5 s: {done}"
            time.sleep(0.05)
        assert all(t < 3 and status < 500 for _, status, t in done), done
        assert not state["hub"].waiting  # a closed page is no connected student
        # an open page's brief poll: nothing new, a few bytes
        with urllib.request.urlopen(urllib.request.Request(
                f"http://127.0.0.1:{state['port']}/api/view?since={version}&wait=0.2&brief=1",
                headers={"X-Ovnilab-Seat": token}), timeout=10) as r:
            assert json.loads(r.read()) == {"unchanged": True, "version": version}
    finally:
        state["loop"].call_soon_threadsafe(state["stop"].set)
        thread.join(10)


def test_pages_waiting_when_the_server_stops_get_no_500(tmp_path):
    """Issue 29: the terminal said "500 GET /api/view?since=N ... 20000ms" once per page
    that had waited when the server was stopped (Ctrl+C cancels the waiting requests,
    which tornado answers with a 500). Pages closed a moment before the stop and pages
    still open: no 500, no traceback; the open ones see their connection closed (their
    page then says the connection is lost)."""
    server = ServerProcess(tmp_path / "class.sqlite", tmp_path / "server.log").start()
    try:
        cl = Classroom(server.db)
        room = cl.open_room("cows")
        seat = connect(server.url).join(room.code, "Ana")
        version = seat.view()["version"]
        closed = _long_polls(server.port, seat.token, room.code, version, room.version())
        time.sleep(0.5)
        for s in closed:
            s.close()
        waiting = _long_polls(server.port, seat.token, room.code, version, room.version())
        time.sleep(1.0)
        server.kill(signal.SIGINT)  # as Ctrl+C in make play's terminal
        assert server.proc.returncode == 0
        for s in waiting:
            assert s.recv(200) == b"", "a page got an answer from a stopping server"
            s.close()
    finally:
        server.kill()
    log = server.log_path.read_text()
    assert " 500 " not in f" {log} " and "500 GET" not in log and "Traceback" not in log, log
