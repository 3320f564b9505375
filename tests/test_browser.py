"""The play pages in a real browser, as a teacher projects them: Voila serves
notebooks/play/ (ovni, cows, cosmic), headless Debian chromium (driven by Playwright, never
`playwright install`) opens each page at the room's usual sizes and checks what a class
would trip on:

* at 1280x720 and 1024x768 (and 1920x1080): no horizontal scrollbar, nothing of the
  board past the window's right edge, and the whole map, the status line, the human's
  action controls and the error line inside the window together (no scrolling between
  map and buttons); at 1280x720 and 1024x768 no text in view under 12 px; the map as wide as the layout's rule says, and the drawings of the
  panel under the board (Ovni's mats) at their own size (the legibility tests in
  tests/<game>/test_render.py rest on both);
* a human move made by clicking is played, the bots reply (the log grows past the
  human's own clicks), and undo takes the table back to the human's decision;
* a new game with a rule option its Rules refuse is not started: the error names the
  option, shows next to the new-game button and inside the window, and the table is
  unchanged;
* screenshots of each page at each size are saved as artifacts (test-artifacts/);
* the same on the Portuguese boards (notebooks/play/pt/, issue 33), which are also checked
  for fit on a 390x844 phone (no text floor there: the map scales to the phone's width),
  clicked through the catalog's Portuguese words, and show no sentence of the catalog's
  English but in the log and the buttons' tooltips (the notation, one language).

One Voila server serves the six pages (each visit runs its notebook in a kernel of its
own); the whole test takes well under a minute on two cores. Skipped, with the reason in
pytest's summary, when /usr/bin/chromium, voila or playwright is missing (`.ci/run`
installs chromium with apt-get).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from ovnilab.board import view_width_px
from ovnilab.classroom.server import voila_command, voila_env
from ovnilab import i18n
from tests.browser_support import (CHROMIUM, CHROMIUM_ARGS, MEASURE_TEXT, free_port, inside_window, jupyter_env,
                                   running_server, skip_reason)
# the Portuguese pages' scan of the catalog's English (issue 33): its fixtures and page walk
from tests.classroom.test_browser_class_pt import _VISIBLE, english_sentences  # noqa: F401
from tests.classroom.test_browser_pt_pages import english_words  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "notebooks" / "play"
GAMES = ("ovni", "cows", "cosmic")
#: the Portuguese boards (issue 33): notebooks/play/pt/<game>.ipynb, served beside the English
PT = "pt"
VIEWPORTS = ((1280, 720), (1024, 768))
LARGE = (1920, 1080)  # a large screen: checked for fit only
ROW_1280 = 1250  # the board's row on a 1280 px wide page (as tests/<game>/test_render.py assume)
ARTIFACTS = ROOT / "test-artifacts"
PHONE = (390, 844)  # a phone: the Portuguese boards are checked for fit there too (issue 33)
#: the English boards' language: the served boards start in OVNILAB_LANG, as under `make
#: play LANG=pt` (issue 33), so `OVNILAB_LANG=pt pytest tests/test_browser.py` makes the
#: same checks on the English notebooks started in Portuguese; the Portuguese notebooks
#: (notebooks/play/pt/, which choose their language themselves) are checked on every run
BOARD_LANG = i18n.normalize(os.environ.get(i18n.ENV_VAR) or "en")
#: the boards played: (game, the notebook's folder under notebooks/play/, its language)
BOARDS = [(g, "", BOARD_LANG) for g in GAMES] + [(g, PT + "/", PT) for g in GAMES]


def _words(lang: str) -> tuple[str, str, str, str]:
    """What the test reads and clicks on a board in ``lang``, from the catalog: the
    human's mark in the status line, undo, new game, rule options."""
    with i18n.using_language(lang):
        return f"({i18n._('you')})", i18n._("undo"), i18n._("new game"), i18n._("rule options")


def _suffix(lang: str) -> str:
    return "" if lang == "en" else f"_{lang}"  # the screenshots' names

pytestmark = pytest.mark.browser


def _skip_reason() -> str | None:
    reason = skip_reason(("voila", "playwright"))
    if reason:
        return reason
    missing = [f"{folder}{g}" for g, folder, _lang in BOARDS if not (PLAY / f"{folder}{g}.ipynb").exists()]
    if missing:
        return f"browser test skipped: notebooks/play/{missing[0]}.ipynb missing"
    return None


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory):
    """Voila serving notebooks/play/ on 127.0.0.1; yields the base URL."""
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("voila")
    port = free_port()
    env = jupyter_env(tmp, voila_env())  # served as make play serves it: ovnilab's template, nothing from the internet
    url = f"http://127.0.0.1:{port}"
    # the probe is a path that is no page: a page would run a notebook
    with running_server(voila_command(str(PLAY), "127.0.0.1", port), PLAY, env, tmp / "voila.log",
                        url + "/ovnilab-probe", "voila"):
        yield url


@pytest.fixture(scope="module")
def browser(voila_server, tmp_path_factory):
    """A headless chromium context that may only reach 127.0.0.1; what the pages asked of
    any other address is kept in ``ctx.outside`` (it must stay empty: a classroom may
    have no internet)."""
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("profile")
    os.environ["XDG_CONFIG_HOME"] = str(profile / "config")
    os.environ["XDG_CACHE_HOME"] = str(profile / "cache")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(profile / "chromium"), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]},
        )
        ctx.outside = []

        def route(r):
            if r.request.url.startswith(("http://127.0.0.1", "http://localhost")):
                r.continue_()
            else:
                ctx.outside.append(r.request.url)
                r.abort()

        try:
            ctx.route("**/*", route)
            yield ctx
        finally:
            ctx.close()


# Measures the page in the browser: the document's and every scrolling box's overflow to
# the right, the board's parts that reach past the window's right edge, and the boxes of
# the map, status line, actions, error line and first action button.
_MEASURE = """() => {
  const box = e => { if (!e) return null; const b = e.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
  const q = s => document.querySelector('.ovnilab-board ' + s);
  const scrollers = [];
  for (const e of document.querySelectorAll('*')) {
    const ox = getComputedStyle(e).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      scrollers.push((e.className || e.tagName).toString().slice(0, 80) + ' ' + e.scrollWidth + '>' + e.clientWidth);
  }
  const past = [];
  for (const e of document.querySelectorAll('.ovnilab-board *')) {
    const b = e.getBoundingClientRect();
    if (b.width > 0 && b.right > innerWidth + 1) past.push((e.className || e.tagName).toString().slice(0, 80));
  }
  return {innerWidth, innerHeight, scrollWidth: document.scrollingElement.scrollWidth, scrollers,
          past: past.slice(0, 5), svg: box(q('.ovnilab-board-view svg')), status: box(q('.ovnilab-status')),
          actions: box(q('.ovnilab-actions')), error: box(q('.ovnilab-error')),
          button: box(q('.ovnilab-actions button.ovnilab-action')), row: box(q('.ovnilab-body')),
          viewBox: (v => v ? [v.width, v.height] : null)(q('.ovnilab-board-view svg').viewBox.baseVal),
          track: box(q('.ovnilab-replay .noUi-base')), knob: box(q('.ovnilab-replay .noUi-handle')),
          knobAt: (h => h ? [+h.getAttribute('aria-valuenow'), +h.getAttribute('aria-valuemin'),
                             +h.getAttribute('aria-valuemax')] : null)(q('.ovnilab-replay .noUi-handle')),
          panel: [...document.querySelectorAll('.ovnilab-board .ovnilab-panel svg')].map(
            e => [e.getBoundingClientRect().width, parseFloat(e.getAttribute('width'))])};
}"""


_MEASURE_ONE = """(sel) => { const b = document.querySelector('.ovnilab-board ' + sel).getBoundingClientRect();
  return {innerWidth, innerHeight, box: {left: b.left, top: b.top, right: b.right, bottom: b.bottom}}; }"""

# Where the log's text ends, and its scrolling box's edges.
_LOG_END = """() => { const p = document.querySelector('.ovnilab-board .ovnilab-log pre');
  const r = document.createRange(); r.selectNodeContents(p); const rects = r.getClientRects();
  const last = rects[rects.length - 1], b = p.getBoundingClientRect();
  return {bottom: last.bottom, boxTop: b.top, boxBottom: b.bottom, scrolls: p.scrollHeight > p.clientHeight}; }"""

#: per game, a rule option and a value its Rules refuse (below the option's minimum)
BAD_OPTION = {"ovni": ("platform_capacity", "0"), "cows": ("hand_limit", "0"), "cosmic": ("hand_size", "0")}


def _check_fits(page, game: str, size: tuple[int, int], lang: str = "en") -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(250)  # one layout pass after the resize
    m = page.evaluate(_MEASURE)
    where = f"{game} ({lang}) at {size[0]}x{size[1]}"
    assert m["scrollWidth"] <= m["innerWidth"], f"{where}: horizontal scroll ({m['scrollWidth']} px wide)"
    assert not m["scrollers"], f"{where}: boxes that scroll sideways: {m['scrollers']}"
    assert not m["past"], f"{where}: board parts past the right edge: {m['past']}"
    for part in ("svg", "status", "actions", "button"):
        assert inside_window(m[part], m), f"{where}: the {part} is not all in the window: {m[part]}"
    assert m["error"] is not None and 0 <= m["error"]["top"] <= m["innerHeight"], f"{where}: error line {m['error']}"
    # the map is as wide as the layout's rule says (the legibility tests in
    # tests/<game>/test_render.py compute text sizes from that rule and that row width)
    vw, vh = m["viewBox"]
    expected = view_width_px(vw / vh, m["row"]["width"], size[1])
    assert abs(m["svg"]["width"] - expected) <= 2, f"{where}: map {m['svg']['width']:.0f} px wide, layout says {expected:.0f}"
    # the history slider's knob sits at its value (a track squeezed to nothing by its
    # label and readout once showed position 3 of 3 with the knob at the left)
    now, lo, hi = m["knobAt"]
    track, knob = m["track"], m["knob"]
    assert track["width"] >= 100, f"{where}: the history slider's track is {track['width']:.0f} px wide"
    at = track["left"] + track["width"] * ((now - lo) / (hi - lo) if hi > lo else 0)
    assert abs((knob["left"] + knob["right"]) / 2 - at) <= 3, f"{where}: knob at {knob}, value {now} of {lo}..{hi}"
    if size in VIEWPORTS:
        # a projector's sizes: no text the class sees under 12 px, map or side column
        t = page.evaluate(MEASURE_TEXT)
        for kind in ("svg", "html"):
            assert t[kind][0] >= 12 - 0.01, f"{where}: {kind} text of {t[kind][0]:.1f} px: {t[kind][1]!r}"
    if size == (1280, 720):
        assert abs(m["row"]["width"] - ROW_1280) <= 2, f"{where}: the board's row is {m['row']['width']} px"
    # the drawings of the panel under the board (Ovni's mats) show at their own size, as
    # the legibility tests assume (only a row narrower than one shrinks it)
    assert m["panel"] or game != "ovni", f"{where}: no mats under the board"
    for shown, own in m["panel"]:
        assert shown >= min(own, m["row"]["width"]) - 1, f"{where}: a panel drawing {own} px wide shows {shown:.0f} px"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play_{game}{_suffix(lang)}_{size[0]}x{size[1]}.png"), full_page=False)


def _last_number(log_text: str) -> int:
    """The number of the log's last line (the actions played so far; the log may leave
    out lines the viewer may not read, but never renumbers)."""
    nums = re.findall(r"^\s*(\d+)\.", log_text, flags=re.M)
    return int(nums[-1]) if nums else 0


def _wait_for(cond, what: str, page, timeout: float = 30) -> None:
    deadline = time.time() + timeout
    while not cond():
        assert time.time() < deadline, what
        page.wait_for_timeout(50)


def _english_on_the_board(page, board, words: list) -> list[tuple[str, str]]:
    """The catalog's English sentences (those whose Portuguese differs) the page shows but
    for the log and the action buttons' tooltips, which keep the notation's words on
    purpose (issue 33), and the notebook's own text (and the walk's last text, the page's
    title, the notebook's metadata title): the buttons' own texts are read apart."""
    texts = page.evaluate(_VISIBLE, ".ovnilab-log, .ovnilab-action, .jp-RenderedMarkdown")[:-1]
    texts += board.locator(".ovnilab-action").all_inner_texts()
    return [(msgid, text) for text in texts for msgid, pat in words if pat.search(text)]


@pytest.mark.parametrize("game,folder,lang", BOARDS, ids=[f"{lang}-{g}" for g, _f, lang in BOARDS])
def test_play_page_fits_and_plays(voila_server, browser, game, folder, lang, request):
    YOU, UNDO, NEW_GAME, RULE_OPTIONS = _words(lang)
    page = browser.new_page()
    try:
        page.goto(f"{voila_server}/voila/render/{folder}{game}.ipynb", timeout=120_000)
        board = page.locator(".ovnilab-board").first
        board.locator(".ovnilab-board-view svg").first.wait_for(timeout=120_000)
        board.locator(".ovnilab-actions button.ovnilab-action").first.wait_for(timeout=30_000)
        # the browser tab's title is the notebook's metadata title, in its notebook's
        # language (Voila's template says it; without one it was the file name, "cows")
        assert page.title().startswith("Jogue " if folder else "Play "), page.title()
        for size in (*VIEWPORTS, LARGE, *((PHONE,) if lang == PT else ())):
            _check_fits(page, game, size, lang)
        if lang == PT:
            # Portuguese on the board: its controls in the catalog's words, and no sentence
            # of the catalog's English left outside the log
            controls = board.locator(".ovnilab-controls").first.inner_text()
            assert UNDO in controls and _words("en")[1] not in controls, f"{game}: controls {controls!r}"
            page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})
            left = _english_on_the_board(page, board, request.getfixturevalue("english_words"))
            assert not left, f"{game}: English left on the Portuguese board: {left}"

        # a human move by clicking, until a bot has replied (the log then holds more
        # actions than the human's own clicks)
        page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})
        log = board.locator(".ovnilab-log").first
        status = board.locator(".ovnilab-status").first
        view = board.locator(".ovnilab-board-view").first
        start = _last_number(log.inner_text())
        first_svg = view.inner_html()
        clicks, before_last = 0, start
        while _last_number(log.inner_text()) <= start + clicks:
            assert clicks < 30, f"{game}: no bot replied after {clicks} clicks: {status.inner_text()}"
            assert YOU in status.inner_text(), f"{game}: not the human's turn: {status.inner_text()}"
            before_last = _last_number(log.inner_text())
            board.locator(".ovnilab-actions button.ovnilab-action").first.click()
            clicks += 1
            _wait_for(lambda: _last_number(log.inner_text()) > before_last,
                      f"{game}: click {clicks} was not played: {status.inner_text()}", page)
        _wait_for(lambda: YOU in status.inner_text(), f"{game}: the human is not to act again", page)
        assert view.inner_html() != first_svg, f"{game}: the map did not change"
        replied = _last_number(log.inner_text())
        # the log opens at its newest line (a log scrolled to its first lines hid every
        # recent move from the class)
        end = page.evaluate(_LOG_END)
        assert end["bottom"] <= end["boxBottom"] + 1 and end["bottom"] > end["boxTop"], f"{game}: log end not in view {end}"

        # undo: back to the human's last decision (before the last click)
        board.locator(".ovnilab-controls button", has_text=UNDO).first.click()
        _wait_for(lambda: _last_number(log.inner_text()) < replied, f"{game}: undo did nothing", page)
        assert _last_number(log.inner_text()) == before_last, (game, log.inner_text()[-300:])
        assert YOU in status.inner_text()
        _check_fits(page, game, VIEWPORTS[0], lang)

        # a new game with an invalid rule option: refused, the error in view next to the
        # button, and the game on the table goes on
        field, bad = BAD_OPTION[game]
        played = _last_number(log.inner_text())
        board.locator(".ovnilab-tabs .lm-TabBar-tab", has_text=NEW_GAME).first.click()
        board.get_by_text(RULE_OPTIONS).first.click()
        row = board.locator(".ovnilab-rule").filter(has=page.locator("code", has_text=re.compile(f"^{field}$")))
        row.locator("input").first.fill(bad)
        row.locator("input").first.press("Tab")  # commit the value to the kernel
        board.locator(".ovnilab-tabs button", has_text=NEW_GAME).first.click()
        error = board.locator(".ovnilab-new-game-error").first
        _wait_for(lambda: field in error.inner_text(), f"{game}: no error names {field}", page)
        m = page.evaluate(_MEASURE_ONE, ".ovnilab-new-game-error")
        assert inside_window(m["box"], m), f"{game}: the new-game error is not in view: {m['box']}"
        assert _last_number(log.inner_text()) == played, f"{game}: the refused new game changed the table"
        page.screenshot(path=str(ARTIFACTS / f"play_{game}{_suffix(lang)}_new_game_error.png"), full_page=False)
    finally:
        page.close()


def test_served_boards_ask_nothing_of_the_internet(voila_server, browser):
    """Runs after the boards above were opened and played: no page of theirs asked any
    address but this machine's (ovnilab's Voila template drops the CDN links)."""
    page = browser.new_page()
    try:
        page.goto(f"{voila_server}/voila/render/cows.ipynb", timeout=120_000)
        page.wait_for_selector(".ovnilab-board", timeout=120_000)
    finally:
        page.close()
    assert browser.outside == []
