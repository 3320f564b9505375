"""The student's class page in Brazilian Portuguese, in a real browser (issue 33).

Two students whose browsers ask for Portuguese (``locale="pt-BR"``: Accept-Language and
``navigator.language``) play a cow game, one on a 390x844 phone and one at 1280x720: the
join form, "Sua vez", the time left, the lost connection and the result are Portuguese,
with the same checks of size and fit as the English pages (nothing wider than the
screen, text large enough, the first move and the EN / PT switch in the window, controls
44 px tall), and no sentence of the catalog's English is left on the page. The switch
redraws the page in English and back without losing the seat, and a reload remembers the
choice. Screenshots of every step land in ``/tmp/shots/`` (or ``$OVNILAB_SHOTS``).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import inside_window
from tests.classroom.test_browser_class import MOVES, OPEN_BOXES, PHONE, PHONE_TEXT, PROJECTOR, _SMALL_TARGETS, _drive, _seat, _smallest_text, _status
# the English tests' fixtures: a class server of this module's own, chromium, devices
from tests.classroom.test_browser_class import browser, devices, server  # noqa: F401, F811

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("OVNILAB_SHOTS", "/tmp/shots"))

#: what a page may show in English although the page speaks Portuguese: the parts the game
#: draws and names (the board, the seat's panel, the moves' own texts and labels: scanned
#: with the Portuguese board's own words in test_browser_pt_pages.py); the log is scanned
_GAME_PARTS = "#board, #panels, #yours, #moves .group"

_VISIBLE = """(skip) => {
  const out = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, ' ').trim();
    if (!text || n.parentElement.closest(skip)) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    if (![...r.getClientRects()].some(b => b.width > 0 && b.height > 0)) continue;
    out.push(text);
  }
  for (const e of document.querySelectorAll('[aria-label], [title]')) {
    if (!e.getClientRects().length || e.closest(skip)) continue;
    for (const a of ['aria-label', 'title']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""

_FIT = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth, innerHeight,
          move: box(document.querySelector('#moves.active button.move, #moves.active select')),
          switch: box(document.querySelector('.langs')), status: box(document.querySelector('#status')),
          timer: box(document.querySelector('#timer'))};
}"""


@pytest.fixture(scope="module")
def english_sentences() -> list[tuple[str, re.Pattern]]:
    """The catalog's English sentences as patterns ({x} matches any text)."""
    from babel.messages.pofile import read_po

    from ovnilab import i18n

    with open(i18n.catalog_path("pt"), "rb") as f:
        cat = read_po(f)
    out = []
    for m in cat:
        for msgid in (m.id if isinstance(m.id, (list, tuple)) else [m.id]):
            if not msgid:
                continue
            parts = re.split(r"\{\w+\}", msgid)
            if not re.search(r"[A-Za-z]", "".join(parts)):
                continue  # placeholders and signs only ("{colour} {number}"): no English word to find
            body = ".+?".join(re.escape(p) for p in parts)
            # a sentence anywhere in a text; a single word only as the whole text
            pattern = rf"(?<![\w']){body}(?![\w'])" if " " in msgid.strip() else rf"^{body}$"
            out.append((msgid, re.compile(pattern)))
    return out


def _english_left(page: Any, sentences: list) -> list[tuple[str, str]]:
    texts = page.evaluate(_VISIBLE, _GAME_PARTS)
    return [(msgid, text) for text in texts for msgid, pat in sentences if pat.search(text)]


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def _fits(page: Any, label: str, floor: float) -> None:
    m = page.evaluate(_FIT)
    assert m["scrollWidth"] <= m["innerWidth"], f"{label}: the page is {m['scrollWidth']} px wide"
    small = _smallest_text(page)
    assert small[0][0] >= floor - 0.05, f"{label}: text under {floor} px: {small}"
    assert inside_window(m["switch"], m), f"{label}: the EN / PT switch is out of the window: {m}"
    assert inside_window(m["status"], m), f"{label}: the status line is out of the window: {m}"
    if m["move"] is not None:
        assert inside_window(m["move"], m), f"{label}: the first move is out of the window: {m}"
    tiny = page.evaluate(_SMALL_TARGETS)
    assert not tiny, f"{label}: controls under 44 px: {tiny}"


def test_a_cow_game_in_portuguese_on_a_phone_and_a_laptop(server, devices, english_sentences):  # noqa: F811
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("cows", bot_delay=0.2, decision_seconds=300)
    phone = devices.page(**PHONE, locale="pt-BR")
    laptop = devices.page(viewport=PROJECTOR, locale="pt-BR")

    # the join form, in Portuguese before a word is typed
    for page, size in ((phone, "phone"), (laptop, "1280x720")):
        page.goto(url + "/join")
        expect(page.locator("#join h1")).to_have_text("Entrar num jogo da turma")
        expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
        assert not _english_left(page, english_sentences)
        _fits(page, f"join form {size}", PHONE_TEXT if size == "phone" else 12)
        _shot(page, f"pt-join-{size}")
    phone.locator("#code").fill("ZZZZZZ")
    phone.locator("#name").fill("Ana")
    phone.get_by_role("button", name="Entrar").tap()
    expect(phone.locator("#join-error")).to_contain_text("nenhum jogo da turma tem o código ZZZZZZ")
    _shot(phone, "pt-join-error-phone")
    phone.locator("#code").fill(room.code)
    phone.get_by_role("button", name="Entrar").tap()
    expect(phone.locator("#play")).to_be_visible()
    laptop.locator("#code").fill(room.code)
    laptop.locator("#name").fill("Bruno")
    laptop.get_by_role("button", name="Entrar").click()
    expect(laptop.locator("#play")).to_be_visible()
    # waiting for the teacher
    for page in (phone, laptop):
        expect(page.locator("#status")).to_have_text("aguardando o professor começar o jogo")
        expect(page.locator("#words-box")).to_be_hidden()  # the game's words are Portuguese already
    _shot(phone, "pt-waiting-phone")
    assert not _english_left(phone, english_sentences)

    room.start()
    _drive([phone, laptop], random.Random(3), lambda _: phone.locator(MOVES).count() > 0, timeout=60,
           what="the phone's turn")
    expect(phone.locator("#status")).to_contain_text("sua vez (você é")
    expect(phone.locator("#timer")).to_contain_text(re.compile(r"\d+ segundos? para escolher"))
    expect(laptop.locator("#status")).to_contain_text("vez de:")
    expect(laptop.locator("#timer")).to_contain_text(re.compile(r"\d+ segundos? restantes?"))
    for page, size, floor in ((phone, "phone", PHONE_TEXT), (laptop, "1280x720", 12)):
        page.evaluate(OPEN_BOXES)  # the log and the players measured too
        page.wait_for_timeout(300)
        left = _english_left(page, english_sentences)
        assert not left, f"English left on the Portuguese page ({size}): {left}"
        _fits(page, f"Portuguese seat {size}", floor)
        _shot(page, f"pt-turn-{size}")

    # the switch: English and back, the seat kept; the choice outlives a reload
    seat = _seat(phone)
    phone.locator(".langs button[data-lang=en]").tap()
    expect(phone.locator("#status")).to_contain_text("your turn (you are")
    expect(phone.locator(".langs button[data-lang=en]")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.locator("#words-box")).to_be_visible()
    assert _seat(phone) == seat and phone.locator(MOVES).count() > 0
    _fits(phone, "English seat phone", PHONE_TEXT)
    _shot(phone, "en-turn-phone")
    phone.reload()
    expect(phone.locator("#status")).to_contain_text("your turn (you are")  # a pt-BR browser, English chosen
    laptop.locator(".langs button[data-lang=en]").click()
    expect(laptop.locator("#status")).to_contain_text("to act:")
    _shot(laptop, "en-turn-1280x720")
    laptop.locator(".langs button[data-lang=pt]").click()
    expect(laptop.locator("#status")).to_contain_text("vez de:")
    phone.locator(".langs button[data-lang=pt]").tap()
    expect(phone.locator("#status")).to_contain_text("sua vez (você é")
    assert _seat(phone) == seat

    # a lost connection, said in Portuguese
    phone.context.set_offline(True)
    expect(phone.locator("#connection")).to_be_visible(timeout=8_000)
    expect(phone.locator("#connection")).to_have_text("Conexão perdida: reconectando...")
    assert not _english_left(phone, english_sentences)
    _fits(phone, "Portuguese seat offline phone", PHONE_TEXT)
    _shot(phone, "pt-offline-phone")
    phone.context.set_offline(False)
    expect(phone.locator("#connection")).to_be_hidden(timeout=10_000)

    # to the end: the result in Portuguese, and the way to another game
    _drive([phone, laptop], random.Random(4), lambda _: _status(phone) == "over" and _status(laptop) == "over",
           timeout=120, what="the cow game")
    for page, size, floor in ((phone, "phone", PHONE_TEXT), (laptop, "1280x720", 12)):
        expect(page.locator("#status")).to_contain_text(re.compile(r"fim de jogo: (vitória de|ninguém venceu)"))
        expect(page.locator("#moves button.again")).to_have_text("entrar em outro jogo")
        left = _english_left(page, english_sentences)
        assert not left, f"English left on the Portuguese result ({size}): {left}"
        # the last tap may leave the page scrolled by a few pixels (the header's switch then
        # sits just above the window, one flick away): measure the result from the top
        page.evaluate("window.scrollTo(0, 0)")
        _fits(page, f"Portuguese result {size}", floor)
        _shot(page, f"pt-over-{size}")
