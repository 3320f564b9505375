"""Page to page: how long a student's click takes to show on the other students' pages, in
a real browser, for each game.

Run with ``make bench-pages`` (or ``.venv/bin/python benchmarks/class_pages.py``). It
starts ``python -m ovnilab.classroom.server`` on a free port with a fresh database and
Debian's headless chromium (``/usr/bin/chromium``), opens one room per game with a page per
student (cows 2, Ovni 3, Cosmic 3), and clicks random moves on whichever page may move.
Each page notes, by the browser's clock, when its board shows a new position (its
``data-position`` changes: the page has drawn the new view); the clicking page notes when
the click happened. A move's latency on another page is the difference. ``--load N`` adds
N simulated students over HTTP in cow games meanwhile (the class benchmark's load).

It prints, per game: the median, 95th percentile and maximum of click-to-other-page, the
server's answer to the click (timed from the test's driver, so a little high) and the
size of a view's SVG. The goal (issue 29): p95 under 500 ms and no case over 1 s.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.classroom import cow_class, start_server  # noqa: E402
from ovnilab.classroom import Classroom  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows"]
GAMES = (("cows", 2), ("ovni", 3), ("cosmic", 3))

# every page records when its board shows a new position, and how long drawing took
_OBSERVE = """() => {
  window.__seen = [];
  const play = document.getElementById('play');
  new MutationObserver(() => window.__seen.push([play.dataset.position, Date.now()]))
    .observe(play, {attributes: true, attributeFilter: ['data-position']});
}"""


def ms(xs: list[float]) -> str:
    if not xs:
        return "n=0"
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return f"median {statistics.median(s):6.0f} ms   p95 {p95:6.0f} ms   max {s[-1]:6.0f} ms   n={len(s)}"


def join(page, url: str, code: str, name: str) -> None:
    page.goto(url + "/join")
    page.locator("#code").fill(code)
    page.locator("#name").fill(name)
    page.locator("#join-form button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('play').dataset.status !== ''")


def click_move(page, rng: random.Random) -> tuple[int, float, float] | None:
    """Click a random move on ``page``: (position after it, click time by the browser's
    clock in ms, the server's answer in ms), or None if nothing was played."""
    groups = page.locator("#moves.active .group")
    if not groups.count():
        return None
    group = groups.nth(rng.randrange(groups.count()))
    selects = group.locator("select")
    for i in range(selects.count()):
        s = selects.nth(i)
        s.select_option(rng.choice(s.evaluate("s => [...s.options].map(o => o.value)")))
    buttons = group.locator("button.move")
    button = buttons.nth(rng.randrange(buttons.count())) if not selects.count() else buttons.first
    before = int(page.locator("#play").get_attribute("data-position") or 0)
    button.evaluate("b => { window.__click = Date.now(); }")
    t = time.perf_counter()
    with page.expect_response(lambda r: "/api/play" in r.url) as info:
        button.click()
    answer = info.value
    took = 1000 * (time.perf_counter() - t)  # the click, the request and its answer (and the driver's own)
    if answer.status != 200:
        return None
    return before + 1, page.evaluate("window.__click"), took


def run_game(browser, url: str, cl: Classroom, game: str, seats: int, moves: int, seed: int) -> dict:
    room = cl.open_room(game, seats=seats, bot_delay=0.2, decision_seconds=None, seed=seed)
    pages = []
    for i in range(seats):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        page = ctx.new_page()
        join(page, url, room.code, f"Student {i + 1}")
        page.evaluate(_OBSERVE)
        pages.append(page)
    room.start()
    rng = random.Random(seed)
    clicks: list[tuple[int, int, float]] = []  # (position, the clicking page, click time)
    answers: list[float] = []
    deadline = time.monotonic() + 300
    while len(clicks) < moves and time.monotonic() < deadline:
        ready = [k for k, p in enumerate(pages) if p.locator("#moves.active button.move:enabled").count()]
        if not ready:
            if room.state(svg=False)["status"] != "running":
                break
            pages[0].wait_for_timeout(30)
            continue
        k = ready[0]
        done = click_move(pages[k], rng)
        if done is not None:
            clicks.append((done[0], k, done[1]))
            answers.append(done[2])
    pages[0].wait_for_timeout(1500)  # the last move reaches every page
    seen: list[float] = []
    for k, page in enumerate(pages):
        shown = {}
        for pos, t in page.evaluate("window.__seen"):
            if pos not in ("", None):
                shown.setdefault(int(pos), t)
        for pos, who, t in clicks:
            if who != k and pos in shown:
                seen.append(shown[pos] - t)
    try:
        view = json.loads(urllib.request.urlopen(urllib.request.Request(
            f"{url}/api/watch?code={room.code}", headers={"X-Ovnilab-Device": "b" * 32}), timeout=30).read())
    except OSError:
        view = {}
    for page in pages:
        page.context.close()
    return {"seen": seen, "answers": answers, "svg_kb": len(view.get("svg") or "") / 1024, "moves": len(clicks)}


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=60, help="moves clicked per game")
    ap.add_argument("--load", type=int, default=30, help="simulated students over HTTP meanwhile (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is not installed (apt-get install chromium)")
    tmp = Path(tempfile.mkdtemp(prefix="ovnilab-pages-bench-"))
    proc, url = start_server(tmp / "class.sqlite", tmp / "server.log")
    stop = threading.Event()
    try:
        cl = Classroom(tmp / "class.sqlite")
        if a.load:
            def load() -> None:
                k = 0
                while not stop.is_set():
                    try:
                        cow_class(cl, url, a.load, 0.5, a.seed + 1000 + k)
                    except Exception:  # the server stopped under it at the end
                        return
                    k += 1

            threading.Thread(target=load, daemon=True).start()
            time.sleep(2.0)
        print(f"page to page in headless chromium, 1280x720, {a.moves} moves a game, "
              f"{a.load} more students over HTTP meanwhile")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for game, seats in GAMES:
                r = run_game(browser, url, cl, game, seats, a.moves, a.seed)
                print(f"{game:7s} ({seats} pages, {r['moves']} moves, view {r['svg_kb']:.0f} KB of SVG)")
                print(f"  a click to the other pages:   {ms(r['seen'])}")
                print(f"  click to the server's answer: {ms(r['answers'])}")
            browser.close()
    finally:
        stop.set()
        threading.excepthook = lambda args: None  # the load's students as the server stops: not news
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
