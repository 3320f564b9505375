"""A class plays together, in a real browser: the class server's pages driven by clicks.

The class server (``python -m ovnilab.classroom.server``) runs as a subprocess on a free
port with a temporary database; the teacher's side is this process, a
:class:`~ovnilab.classroom.rooms.Classroom` on the same SQLite file (opening rooms,
starting them, reading results), as a teacher's notebook would be. The server's director
plays the bots. Every student is a browser context of its own (its own localStorage: its
own device), driven through Debian's chromium by Playwright:

* a cow room: two students join through the form and play to the end by clicking, the
  projector page (``/watch``) in a third context; all three say "game over";
* a Cosmic room of two students and three bots: every answer the three pages get from
  ``/api/`` is captured, and no card of another seat's hand that the viewer may not know
  of (by the game's own ``observation``, at the payload's position) is in it;
* a reload gives the seat and the position back without typing; the rejoin link opens the
  seat on another device, which may then play it;
* an experiment of three students over three rounds: the teacher's ``results()`` holds
  the choices the pages clicked;
* on a phone (390x844, touch): the join form and a move button are in view, the move
  button large enough to tap, no text under 14 px (the log and the players opened, the
  lost-connection line), and nothing wider than the screen;
  on the projector page at 1280x720 no text is smaller than 12 px.

Skipped, with the reason in pytest's summary, when /usr/bin/chromium, playwright or
tornado is missing (``apt-get install chromium``; never ``playwright install``).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.browser_support import (CHROMIUM, CHROMIUM_ARGS, free_port, inside_window, raise_on_term, skip_reason,
                                   stop_process_group)
from tests.classroom import leak_scan

ROOT = Path(__file__).resolve().parents[2]
PROJECTOR = {"width": 1280, "height": 720}
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
WAIT = 20_000  # ms: any one thing a page waits for
#: the smallest text a student reads on a phone (390x844), as drawn (an SVG text times its scale)
PHONE_TEXT = 14
#: opens the seat page's boxes (players, log), which a student may open on a phone: measured too
OPEN_BOXES = "() => document.querySelectorAll('#play details:not([hidden])').forEach(d => { d.open = true; })"

pytestmark = pytest.mark.browser


# ------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class server on 127.0.0.1 with a fresh database, and the teacher's Classroom
    on the same file."""
    reason = skip_reason(("playwright", "tornado"))
    if reason:
        pytest.skip(reason)
    from ovnilab.classroom.rooms import Classroom

    previous = signal.signal(signal.SIGTERM, raise_on_term)
    tmp = tmp_path_factory.mktemp("classroom")
    db = tmp / "class.sqlite"
    port = free_port()
    env = dict(os.environ, MPLCONFIGDIR=str(tmp / "mpl"), PYTHONPATH=str(ROOT))
    log = open(tmp / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ovnilab.classroom.server", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(db), "--quiet"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/static/style.css", timeout=2).close()
                break
            except (OSError, urllib.error.HTTPError):
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError("the class server did not start: " + (tmp / "server.log").read_text())
                time.sleep(0.2)
        yield SimpleNamespace(url=url, db=db, cl=Classroom(str(db)), log=tmp / "server.log")
    finally:
        stop_process_group(proc)
        log.close()
        signal.signal(signal.SIGTERM, previous)


@pytest.fixture(scope="module")
def browser(server, tmp_path_factory):
    """Headless Debian chromium (Playwright's own temporary profile; its config and
    cache folders in the test's temp dir, not the home folder)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT)  # a loaded two-core machine: more than the default 5 s
    home = tmp_path_factory.mktemp("chromium")
    env = dict(os.environ, XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, env=env)
        try:
            yield b
        finally:
            b.close()
            expect.set_options(timeout=5_000)


class Devices:
    """The browser contexts (devices) of one test, each offline but for the class
    server, all closed at the end."""

    def __init__(self, browser: Any, url: str) -> None:
        self.browser, self.url, self.contexts = browser, url, []

    def page(self, **options: Any) -> Any:
        options.setdefault("viewport", {"width": 1280, "height": 720})
        ctx = self.browser.new_context(**options)
        ctx.set_default_timeout(WAIT)
        ctx.route("**/*", lambda route: route.continue_()
                  if route.request.url.startswith(("http://127.0.0.1", "http://localhost")) else route.abort())
        self.contexts.append(ctx)
        return ctx.new_page()

    def close(self) -> None:
        for ctx in self.contexts:
            try:
                ctx.close()
            except Exception:
                pass


@pytest.fixture
def devices(browser, server):
    d = Devices(browser, server.url)
    try:
        yield d
    finally:
        d.close()


# ------------------------------------------------------------------ helpers
def _join(page: Any, url: str, code: str, name: str, button: str = "Join") -> None:
    """Join through the form, as a student types it (``button``: the form's button as the
    page's language says it)."""
    from playwright.sync_api import expect

    page.goto(url + "/join")
    expect(page.locator("#join-form")).to_be_visible()
    page.locator("#code").fill(code)
    page.locator("#name").fill(name)
    page.get_by_role("button", name=button).click()
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#play")).to_have_attribute("data-status", re.compile(r".+"))


def _seat(page: Any) -> int:
    return int(page.locator("#play").get_attribute("data-seat"))


def _position(page: Any) -> int:
    return int(page.locator("#play").get_attribute("data-position"))


def _status(page: Any) -> str:
    return page.locator("#play").get_attribute("data-status") or ""


MOVES = "#moves.active button.move:enabled"


def _wait(cond, what: str, page: Any, timeout: float = 30.0) -> None:
    """Wait until ``cond()`` holds (a condition over several pages, which one page's
    wait_for_function cannot see)."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(40)


def _options(select: Any) -> list[str]:
    return select.evaluate("s => [...s.options].map(o => o.value)")


def _play_one(page: Any, rng: random.Random) -> str | None:
    """Make one move on ``page`` as a student would: a random group of the offered moves;
    in it a random button, or a random choice in its menu(s) then its button. Returns
    the move's text once the server took it (None: refused for now, e.g. rate limit)."""
    groups = page.locator("#moves.active .group")
    group = groups.nth(rng.randrange(groups.count()))
    selects = group.locator("select")
    if selects.count():
        for i in range(selects.count()):  # the pickers' first menu refills the second
            s = selects.nth(i)
            s.select_option(rng.choice(_options(s)))
        button = group.locator("button.move")
    else:
        buttons = group.locator("button.move")
        button = buttons.nth(rng.randrange(buttons.count()))
    label = button.inner_text()
    with page.expect_response(lambda r: "/api/play" in r.url) as info:
        button.click()
    resp = info.value
    if resp.status == 429:  # too many moves in 10 s: a real limit, not a failure
        page.wait_for_timeout(1000)
        return None
    assert resp.status == 200, f"move {label!r} refused: {resp.status} {resp.text()[:300]}"
    return json.loads(resp.text())["played"]


def _drive(pages: list[Any], rng: random.Random, done, timeout: float, what: str) -> int:
    """Click moves on whichever of ``pages`` may move until ``done(moves made)``; returns
    the number of moves made."""
    made = 0
    deadline = time.monotonic() + timeout
    while not done(made):
        assert time.monotonic() < deadline, f"{what}: not done after {made} moves: " + \
            " | ".join(p.locator("#status").inner_text() for p in pages)
        ready = [p for p in pages if p.locator(MOVES).count()]
        if not ready:
            pages[0].wait_for_timeout(40)
            continue
        if _play_one(ready[0], rng) is not None:
            made += 1
    return made


_TEXT_SIZES = """() => {
  const out = []; const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    if (!n.textContent.trim()) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    if (![...r.getClientRects()].some(b => b.width > 0 && b.height > 0)) continue;  // not shown
    const e = n.parentElement; let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) { const m = e.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
    out.push([px, n.textContent.trim().slice(0, 40)]);
  }
  return out.sort((a, b) => a[0] - b[0]).slice(0, 5);
}"""


def _smallest_text(page: Any) -> list:
    """The five smallest texts shown (CSS px as drawn: an SVG text's size times its scale)."""
    return page.evaluate(_TEXT_SIZES)


def _overflow(page: Any) -> list[int]:
    return page.evaluate("[document.documentElement.scrollWidth, innerWidth]")


def _box(page: Any, locator: Any) -> dict:
    b = locator.bounding_box()
    vp = page.evaluate("({w: innerWidth, h: innerHeight})")
    return {**b, "vw": vp["w"], "vh": vp["h"]}


def _in_view(b: dict) -> bool:
    return (b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["width"] <= b["vw"] + 0.5
            and b["y"] + b["height"] <= b["vh"] + 0.5)


# ------------------------------------------------------------------ 1. a cow game
def test_cow_room_played_to_the_end_by_two_students(server, devices):
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cows", bot_delay=0.2, decision_seconds=None)
    ana, bruno = devices.page(), devices.page()
    _join(ana, url, room.code, "Ana")
    _join(bruno, url, room.code, "Bruno")
    assert {_seat(ana), _seat(bruno)} == {0, 1}
    watch = devices.page(viewport=PROJECTOR)
    watch.goto(f"{url}/watch?code={room.code}")
    expect(watch.locator("#board svg")).to_be_visible()
    expect(watch.locator("#players")).to_contain_text("Ana")
    expect(watch.locator("#joinline")).to_contain_text(room.code)
    room.start()
    expect(watch.locator("#status")).to_contain_text("to act")

    # the projector page is legible from the back of the room
    small = _smallest_text(watch)
    assert small[0][0] >= 12, f"projector text under 12 px at 1280x720: {small}"
    assert _overflow(watch)[0] <= PROJECTOR["width"]

    rng = random.Random(21)
    made = _drive([ana, bruno], rng, lambda _: _status(ana) == "over" and _status(bruno) == "over",
                  timeout=90, what="cow game")
    for p in (ana, bruno, watch):
        expect(p.locator("#status")).to_contain_text("game over")
    expect(ana.locator("#moves button.again")).to_be_visible()  # and the way to the next game
    # every move was a student's click, all stored, none by a bot or a clock
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT seat, by FROM actions WHERE room=?", (room.code,)).fetchall()
    assert len(rows) == made and {by for _, by in rows} == {"student"}
    assert room.state(svg=False)["status"] == "over"


# ------------------------------------------------------------------ 2. Cosmic: no hidden card leaks
def test_cosmic_room_never_shows_another_seats_hand(server, devices):
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cosmic", seats=5, bots={2: "random", 3: "random", 4: "random"}, bot_delay=0.05,
                        decision_seconds=None, seed=21)  # seeded: a failure replays
    got: dict[str, list] = {"a": [], "b": [], "watch": []}
    ana, bruno, watch = devices.page(), devices.page(), devices.page(viewport=PROJECTOR)
    for key, p in (("a", ana), ("b", bruno), ("watch", watch)):
        leak_scan.capture(p, got[key])
    _join(ana, url, room.code, "Ana")
    _join(bruno, url, room.code, "Bruno")
    seats = {"a": _seat(ana), "b": _seat(bruno)}
    assert sorted(seats.values()) == [0, 1]
    watch.goto(f"{url}/watch?code={room.code}")
    expect(watch.locator("#board svg")).to_be_visible()
    room.start()
    rng = random.Random(5)
    made = _drive([ana, bruno], rng, lambda k: k >= 60 or _status(ana) == "over", timeout=100, what="Cosmic game")
    assert made >= 1
    expect(watch.locator("#status")).not_to_be_empty()
    small = _smallest_text(watch)
    assert small[0][0] >= 12, f"projector text under 12 px at 1280x720 (Cosmic): {small}"
    devices.close()  # no more answers come in while they are checked

    # every payload with its viewer, in the order of the positions they show, replayed:
    # no hidden card of another seat in it, and its log the log as told to its viewer
    own_shown = leak_scan.assert_no_hidden_card(server.db, room.code, leak_scan.views(got, seats), seats,
                                                log_seat=lambda st, seat: st.seat_name(seat))
    # the check can see a card's name at all: each student's own hand reached its page
    assert own_shown["a"] and own_shown["b"], own_shown


# ------------------------------------------------------------------ 3. reload and another device
def test_reload_and_rejoin_link_give_the_seat_back(server, devices):
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cows", bot_delay=0.2, decision_seconds=None)
    ana, bruno = devices.page(), devices.page()
    _join(ana, url, room.code, "Ana")
    _join(bruno, url, room.code, "Bruno")
    room.start()
    rng = random.Random(3)
    made = _drive([ana, bruno], rng, lambda k: k >= 4, timeout=30, what="opening moves")
    for p in (ana, bruno):
        expect(p.locator("#play")).to_have_attribute("data-position", str(made))
    seat, position, who = _seat(ana), _position(ana), ana.locator("#who").inner_text()

    ana.reload()
    expect(ana.locator("#play")).to_be_visible()
    expect(ana.locator("#join")).to_be_hidden()
    expect(ana.locator("#play")).to_have_attribute("data-position", str(position))
    assert _seat(ana) == seat and ana.locator("#who").inner_text() == who
    assert ana.locator("#code").input_value() == "" and ana.locator("#name").input_value() == ""

    link = ana.locator("#rejoin-link").get_attribute("href")
    assert "#t=" in link and link.startswith(url + "/join")
    phone = devices.page()  # another device: nothing in its storage
    phone.goto(link)
    expect(phone.locator("#play")).to_be_visible()
    expect(phone.locator("#play")).to_have_attribute("data-position", str(position))
    assert _seat(phone) == seat
    assert "#t=" not in phone.url, "the token stays in the address bar"
    # the seat plays from the new device, and the first device sees the move
    _drive([bruno, phone], rng, lambda _: _seat_moved(server, room.code, seat, position), timeout=30,
           what="a move from the other device")
    with sqlite3.connect(server.db) as db:
        now = db.execute("SELECT COUNT(*) FROM actions WHERE room=?", (room.code,)).fetchone()[0]
    for p in (ana, phone, bruno):
        expect(p.locator("#play")).to_have_attribute("data-position", str(now))


def _seat_moved(server: Any, room: str, seat: int, after: int) -> bool:
    with sqlite3.connect(server.db) as db:
        return db.execute("SELECT COUNT(*) FROM actions WHERE room=? AND seat=? AND seq>=?",
                          (room, seat, after)).fetchone()[0] > 0


# ------------------------------------------------------------------ 4. an experiment
def test_experiment_choices_reach_the_teachers_table(server, devices):
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    from ovnilab.classroom import experiments as xp

    game = xp.get("encounter")
    exp = cl.open_experiment("encounter", rounds=3, matching="strangers", decision_seconds=60, pause=0.5)
    pages = [devices.page() for _ in range(3)]
    for i, p in enumerate(pages):
        _join(p, url, exp.code, f"Student {i + 1}")
        expect(p.locator("#status")).to_contain_text("starts when the teacher starts it")
    exp.start()
    rng = random.Random(4)
    clicked: dict[tuple[str, int], str] = {}
    for rnd in (1, 2, 3):
        for i, p in enumerate(pages):
            expect(p.locator(".experiment .role")).to_contain_text(f"Round {rnd} of 3")
            if rnd == 1:  # the student's own payoffs, a row per choice, beside the buttons
                role = p.locator(".experiment .role").inner_text().rsplit(" ", 1)[-1]
                r = game.role_index(role)
                table = p.locator("table.payoffs")
                expect(table).to_be_visible()
                expect(table.locator("caption")).to_contain_text(f"Your payoff as the {role}")
                assert table.locator("tr").count() == 4 and table.locator("td").count() == 9
                mine = game.game.row_payoffs if r == 0 else game.game.col_payoffs.T
                first = table.locator("tr").nth(1).locator("td").first.inner_text()
                assert float(first) == pytest.approx(float(mine[0][0]))
            buttons = p.locator("#moves.active .buttons.big button:enabled")
            expect(buttons.first).to_be_visible()
            b = buttons.nth(rng.randrange(buttons.count()))
            text = b.inner_text()
            with p.expect_response(lambda r: "/api/play" in r.url) as info:
                b.click()
            assert info.value.status == 200, info.value.text()
            clicked[(f"p{i + 1:02d}", rnd)] = text
            # taken: "you chose ..." (or, for the round's last choice, the round is over)
            expect(p.locator("#status")).not_to_have_text(re.compile(rf"^round {rnd} of 3: .*choose$"))
    _wait(lambda: len(exp.results()) >= 9, "the teacher's table lacks rows", pages[0], timeout=20)
    rows = list(exp.results())
    assert len(rows) == 9
    assert {(r["participant"], r["round"]): r["choice"] for r in rows} == clicked
    assert {r["by"] for r in rows} == {"student"}
    assert sum(r["opponent"] == "bot" for r in rows) == 3  # a bot partners the odd student each round
    for p in pages:
        expect(p.locator("table.history tr")).to_have_count(4)  # a heading and three rounds


# ------------------------------------------------------------------ 5. a phone
def test_phone_join_form_and_moves_fit(server, devices):
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cows", bot_delay=0.2, decision_seconds=None)
    phone = devices.page(**PHONE)
    phone.goto(url + "/join")
    for sel in ("#code", "#name", "#join-form button[type=submit]"):
        expect(phone.locator(sel)).to_be_visible()
        assert _in_view(_box(phone, phone.locator(sel))), f"{sel} is not in the phone's screen"
    sw, iw = _overflow(phone)
    assert sw <= iw, f"the join form is {sw} px wide on a {iw} px phone"
    small = _smallest_text(phone)
    assert small[0][0] >= PHONE_TEXT - 0.05, f"the join form's text under {PHONE_TEXT} px on a phone: {small}"
    phone.locator("#code").fill(room.code)
    phone.locator("#name").fill("Carla")
    phone.locator("#join-form button[type=submit]").tap()
    expect(phone.locator("#play")).to_be_visible()
    laptop = devices.page()
    _join(laptop, url, room.code, "Davi")
    room.start()
    rng = random.Random(8)
    _drive([laptop], rng, lambda _: phone.locator(MOVES).count() > 0, timeout=30, what="the phone's turn")
    button = phone.locator(MOVES).first
    expect(button).to_be_visible()
    box = _box(phone, button)
    assert _in_view(box), f"the first move button is not in view on the phone: {box}"
    assert box["height"] >= 44 and box["width"] >= 44, f"a move button too small to tap: {box}"
    expect(phone.locator("#status")).to_be_in_viewport()
    expect(phone.locator("#status")).to_contain_text("your turn")
    sw, iw = _overflow(phone)
    assert sw <= iw, f"the seat's page is {sw} px wide on a {iw} px phone"
    # every text the seat's page shows, the log and the players opened too, 14 px or more
    phone.evaluate(OPEN_BOXES)
    phone.wait_for_timeout(200)
    small = _smallest_text(phone)
    assert small[0][0] >= PHONE_TEXT - 0.05, f"text under {PHONE_TEXT} px on the phone: {small}"
    before = _position(phone)
    with phone.expect_response(lambda r: "/api/play" in r.url) as info:
        button.tap()
    assert info.value.status == 200
    expect(phone.locator("#play")).not_to_have_attribute("data-position", str(before))


def test_a_cosmic_seat_at_1024x768_sees_its_moves_and_whole_board_at_once(server, devices):
    """A school laptop or projector at 1024x768: on the seat's turn the moves and the
    whole Cosmic board, down to the seat's hand at its foot, are in the window without
    scrolling (the moves sit beside the board, not above it)."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cosmic", seats=4, bots={2: "random", 3: "random"}, bot_delay=0.05, decision_seconds=None,
                        seed=22)  # seeded: a failure replays
    laptop = devices.page(viewport={"width": 1024, "height": 768})
    other = devices.page()
    _join(laptop, url, room.code, "Ana")
    _join(other, url, room.code, "Bruno")
    room.start()
    _drive([other], random.Random(4), lambda _: laptop.locator(MOVES).count() > 0, timeout=60,
           what="the 1024x768 seat's turn")
    expect(laptop.locator("#board svg")).to_be_visible()
    for what, loc in (("the moves", laptop.locator("#moves.active")), ("the board", laptop.locator("#board svg"))):
        box = _box(laptop, loc)
        assert _in_view(box), f"{what} not wholly in the 1024x768 window: {box}"
    sw, iw = _overflow(laptop)
    assert sw <= iw, f"the seat's page is {sw} px wide in a {iw} px window"


def test_the_ovni_table_fits_beside_the_moves_at_1024x768(server, devices):
    """Ovni's class page shows the table alone (landscape, like the screen) with the mats
    under it: at 1024x768 the whole table is in the window beside the moves, wide enough
    that its smallest text stays at 12 px, and the seat's own mat comes first under it."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("ovni", seats=3, bots={1: "random", 2: "random"}, bot_delay=0.05, decision_seconds=None)
    laptop = devices.page(viewport={"width": 1024, "height": 768})
    _join(laptop, url, room.code, "Ana")
    room.start()
    expect(laptop.locator("#board svg")).to_be_visible()
    expect(laptop.locator("#board.tall")).to_have_count(0)
    box = _box(laptop, laptop.locator("#board svg"))
    assert _in_view(box), f"the Ovni table is not all in the window: {box}"
    assert box["width"] >= 0.64 * box["vw"], f"the Ovni table is {box['width']:.0f} px wide in a 1024 px window"
    expect(laptop.locator("#panels .panel")).to_have_count(4)  # three mats and the key
    assert _seat(laptop) == 0
    expect(laptop.locator("#panels .panel").first).to_contain_text("red")  # seat 0's mat
    sw, iw = _overflow(laptop)
    assert sw <= iw, f"the seat's page is {sw} px wide in a {iw} px window"


def test_a_form_on_another_site_cannot_join_in_a_students_browser(server, devices):
    """Issue 30: a page of another origin (here another port) holds a form that posts
    text/plain shaped as JSON to the class server's join API and submits itself, the
    classic cross-site trick. In a real browser the server refuses it and nobody joins;
    the class page's own join form, in the same browser, still works."""
    import http.server
    import threading

    room = server.cl.open_room("cows")
    evil = ("<!doctype html><form id=f method=POST enctype='text/plain' action='" + server.url + "/api/join'>"
            "<input name='{\"code\":\"" + room.code + "\",\"name\":\"Eve\",\"x\":\"' value='\"}'></form>"
            "<script>document.getElementById('f').submit()</script>").encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the stdlib's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil)

        def log_message(self, *args):
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Evil)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    try:
        page = devices.page()
        with page.expect_response(lambda r: "/api/join" in r.url) as answer:
            page.goto(f"http://127.0.0.1:{site.server_address[1]}/")
        assert answer.value.status in (400, 403), answer.value.status
        assert [p["controller"] for p in room.seats()] == ["open", "open"]  # Eve did not join
        _join(page, server.url, room.code, "Ana")  # the class page itself still joins
        assert _seat(page) == 0
    finally:
        site.shutdown()


# ------------------------------------------------------------------ a school network
_SMALL_TARGETS = """() => [...document.querySelectorAll('button, a, summary, select, input')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => [e.getBoundingClientRect().height, (e.id || e.textContent || e.tagName).trim().slice(0, 30)])
  .filter(([h]) => h > 0 && h < 44)"""


def test_a_lost_network_is_said_within_5_s_and_the_page_catches_up(server, devices):
    """The student's page notices a lost network within 5 s (it polls every few seconds
    and gives a request 4.5 s), says so, and catches up with the moves made meanwhile
    when the network returns. Every control a phone's student taps is 44 px tall or more."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cows", bot_delay=0.2, decision_seconds=None)
    phone, laptop = devices.page(**PHONE), devices.page()
    missing: list[str] = []  # a page asks for nothing the server lacks (a tab icon: a 404 line in the terminal)
    phone.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    _join(phone, url, room.code, "Ana")
    _join(laptop, url, room.code, "Bruno")
    room.start()
    expect(phone.locator("#play")).to_have_attribute("data-status", "running")
    phone.wait_for_timeout(500)
    small = phone.evaluate(_SMALL_TARGETS)
    assert not small, f"controls under 44 px on a phone: {small}"
    assert not missing, f"the page asked for what the server lacks: {missing}"

    phone.context.set_offline(True)
    lost = time.monotonic()
    expect(phone.locator("#connection")).to_be_visible(timeout=8_000)
    assert time.monotonic() - lost <= 5.5, f"the lost network was said after {time.monotonic() - lost:.1f} s"
    small = _smallest_text(phone)
    assert small[0][0] >= PHONE_TEXT - 0.05, f"text under {PHONE_TEXT} px on the phone, offline: {small}"
    # meanwhile the game goes on: the teacher hands Ana's seat to a bot, which plays
    room.give_to_bot(_seat(phone))
    cl.run_until_idle()
    phone.context.set_offline(False)
    expect(phone.locator("#connection")).to_be_hidden(timeout=10_000)
    # the page shows the room's position: read both until they agree, since the server's
    # own bot loop (bot_delay 0.2 s) may still play the bot's next step after run_until_idle
    deadline = time.monotonic() + 10
    while (shown := phone.locator("#play").get_attribute("data-position")) != str(moved := room.state(svg=False)["position"]):
        assert time.monotonic() < deadline, f"the page shows position {shown}, the room is at {moved}"
        phone.wait_for_timeout(200)
    expect(phone.locator("#status")).to_contain_text("a bot plays your seat")


# ------------------------------------------------------------------ every page, every size (issue 29)
SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768": {"viewport": {"width": 1024, "height": 768}},
         "phone": PHONE}

_READABLE = """() => {
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const firstMove = document.querySelector('#moves.active button.move, #moves.active select');
  const m = firstMove && firstMove.getBoundingClientRect();
  const yoursText = document.querySelector('#yours dd');
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth, innerHeight,
          move: m && {left: m.left, top: m.top, right: m.right, bottom: m.bottom},
          yours: box('#yours dt'), yoursFirst: box('#yours dd'),
          yoursPx: yoursText ? parseFloat(getComputedStyle(yoursText).fontSize) : null};
}"""


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game,seats", [("cows", 2), ("ovni", 3), ("cosmic", 3)])
def test_a_seat_reads_its_hand_beside_its_moves_at_every_size(server, devices, game, seats, lang):
    """Issue 29: on the seat's turn, at 1280x720, 1024x768 and on a 390x844 phone, for
    each game: nothing wider than the screen, no text under 12 px (14 px on the phone:
    the board may pan there, its text as drawn), and the first move and what the seat
    holds (hand, tokens, missions: the "What you hold" box) in the window together. In
    English and in Portuguese (issue 33: browsers that ask for pt-BR; longer sentences)."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room(game, seats=seats, bot_delay=0.2, decision_seconds=None, seed=5)
    pages = [devices.page(locale="pt-BR" if lang == "pt" else "en-US") for _ in range(seats)]
    for i, p in enumerate(pages):
        _join(p, url, room.code, f"Student {i + 1}", "Entrar" if lang == "pt" else "Join")
        expect(p.locator("html")).to_have_attribute("lang", "pt-BR" if lang == "pt" else "en")
    room.start()
    _wait(lambda: any(p.locator(MOVES).count() for p in pages), "no seat got its moves", pages[0])
    page = next(p for p in pages if p.locator(MOVES).count())
    expect(page.locator("#yours")).to_be_visible()
    for label, options in SIZES.items():
        page.set_viewport_size(options["viewport"])
        page.wait_for_timeout(300)
        m = page.evaluate(_READABLE)
        floor = PHONE_TEXT if label == "phone" else 12
        label = f"{label} ({lang})"
        assert m["scrollWidth"] <= m["innerWidth"], f"{game} {label}: the page is {m['scrollWidth']} px wide"
        small = _smallest_text(page)
        assert small[0][0] >= floor - 0.05, f"{game} {label}: text under {floor} px: {small}"
        assert m["yoursPx"] >= floor, f"{game} {label}: what the seat holds is in {m['yoursPx']} px text"
        assert inside_window(m["move"], m), f"{game} {label}: the first move is out of the window: {m}"
        assert inside_window(m["yours"], m) and inside_window(m["yoursFirst"], m), \
            f"{game} {label}: what the seat holds is not beside its moves: {m}"


_WATCH = """() => {
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  return {innerWidth, innerHeight, scrollWidth: document.documentElement.scrollWidth,
          board: box('#board svg'), code: box('#joinline .code'), status: box('#status')};
}"""


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game,seats", [("cows", 2), ("ovni", 3), ("cosmic", 3)])
def test_the_watch_page_fits_a_projector(server, devices, game, seats, lang):
    """Issue 29: /watch (the public board on a screen in the room) at 1280x720 and
    1024x768, for each game: the whole board, the join code and whose turn it is in the
    window at once, no text under 12 px, nothing wider than the screen. In English and
    in Portuguese (issue 33: the teacher's ``&lang=pt``)."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room(game, seats=seats, bots={seats - 1: "random"}, bot_delay=0.05, decision_seconds=None,
                        seed=4)
    for name in ("Ana", "Bruno")[:seats - 1]:
        cl.join(room.code, name)
    room.start()
    watch = devices.page(viewport={"width": 1280, "height": 720})
    watch.goto(f"{url}/watch?code={room.code}" + ("&lang=pt" if lang == "pt" else ""))
    expect(watch.locator("#board svg")).to_be_visible()
    expect(watch.locator("#status")).to_contain_text("vez de:" if lang == "pt" else "to act")
    for size in ((1280, 720), (1024, 768)):
        watch.set_viewport_size({"width": size[0], "height": size[1]})
        watch.wait_for_timeout(300)
        m = watch.evaluate(_WATCH)
        where = f"{game} /watch ({lang}) at {size[0]}x{size[1]}"
        assert m["scrollWidth"] <= m["innerWidth"], f"{where}: {m['scrollWidth']} px wide"
        for part in ("board", "code", "status"):
            assert inside_window(m[part], m), f"{where}: the {part} is not all on screen: {m}"
        small = _smallest_text(watch)
        assert small[0][0] >= 12 - 0.05, f"{where}: text under 12 px: {small}"
