"""The projector page, an experiment, an Ovni and a Cosmic seat in Brazilian Portuguese, in
a real browser (issue 33).

* the projector page (``/watch?code=...&lang=pt``: the teacher's choice on its address,
  in a browser that asks for English) of an Ovni room at 1280x720 and on a 390x844 phone:
  Portuguese (the status, the join line, the seats as the Portuguese board names them),
  nothing wider than the screen, the join code and whose turn it is in the window, no
  text under 12 px at 1280x720 (14 px on the phone), and at 1280x720 the whole board in
  the window, as in English;
* an experiment on a phone: the title, the instructions, the payoff table and its
  caption, the role word inside the sentence ("seu papel é defensor") and the choices
  as the Cosmic board names its cards; a click plays the English label;
* an Ovni game and a Cosmic game of two students in two browsers (a phone and a laptop)
  and a bot: on its turn each seat's page fits (text 14 px or more on the phone, 12 at
  1280x720, the log opened; the first move and the EN / PT switch in the window,
  controls 44 px tall) and no sentence of the catalog's English is left but in the log;
  no payload names a mission dealt to another seat (Ovni) or a card another seat holds
  out of sight (Cosmic), in English or as the Portuguese board says it.

The checks are the English tests' (``test_browser_class.py``) and the Portuguese class
page's (``test_browser_class_pt.py``). Screenshots land in ``/tmp/shots/`` (or
``$OVNILAB_SHOTS``).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from tests.browser_support import inside_window
from tests.classroom import leak_scan
from tests.classroom.test_browser_class import MOVES, OPEN_BOXES, PHONE, PHONE_TEXT, PROJECTOR, ROOT, _WATCH, _drive, _smallest_text, _status
# the English tests' fixtures (a class server of this module's own, chromium, devices) and
# the Portuguese page's scan of the catalog's English
from tests.classroom.test_browser_class import browser, devices, server  # noqa: F401, F811
from tests.classroom.test_browser_class_pt import SHOTS, _VISIBLE, _fits, _shot, english_sentences  # noqa: F401

pytestmark = pytest.mark.browser

#: what the scan of English may skip: the log, for a game whose lines another seat may not
#: read in full are as its describe() words them; Ovni's and Cosmic's logs say them in
#: Portuguese (their log_text: "escolher um alienígena") and are scanned too
_LOG_ONLY = "#log"
_NOTHING = "#nothing"


@pytest.fixture(scope="module")
def english_words(english_sentences):  # noqa: F811
    """The catalog's English sentences whose Portuguese differs ("A", "24 pts", "aliens"
    read the same in both: the board shows them in either), but for one letter (Ovni's
    alien letter "B", builders, is "C" in Portuguese; the area B is B in both)."""
    from babel.messages.pofile import read_po

    from ovnilab import i18n

    with open(i18n.catalog_path("pt"), "rb") as f:
        same = {msgid for m in read_po(f) if m.id
                for msgid in (m.id if isinstance(m.id, (list, tuple)) else [m.id])
                if msgid in (m.string if isinstance(m.string, (list, tuple)) else [m.string])}
    return [(msgid, pat) for msgid, pat in english_sentences if msgid not in same and len(msgid.strip()) > 1]


def _english_left(page: Any, sentences: list, skip: str = _LOG_ONLY) -> list[tuple[str, str]]:
    """The catalog's English sentences shown on ``page`` outside ``skip``: the Portuguese
    page's scan (test_browser_class_pt), here over the board, the seat's panel and the
    moves too (their words are the Portuguese board's now)."""
    texts = page.evaluate(_VISIBLE, skip)
    return [(msgid, text) for text in texts for msgid, pat in sentences if pat.search(text)]


def _join_pt(page: Any, url: str, code: str, name: str) -> None:
    """Join through the Portuguese form, as a Brazilian student types it."""
    from playwright.sync_api import expect

    page.goto(url + "/join")
    expect(page.locator("#join h1")).to_have_text("Entrar num jogo da turma")
    page.locator("#code").fill(code)
    page.locator("#name").fill(name)
    page.get_by_role("button", name="Entrar").click()
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#play")).to_have_attribute("data-status", re.compile(r".+"))


def _seat_reads_portuguese(page: Any, words: list, game: str, size: str = "phone", floor: float = PHONE_TEXT,
                           skip: str = _LOG_ONLY) -> None:
    """A seat's page on its turn, read from the top: no catalog English outside ``skip``
    (the log, unless the game's log is read too), and it fits its screen (the Portuguese
    class page's checks); a screenshot."""
    page.evaluate(OPEN_BOXES)  # the log and the players measured too
    page.wait_for_timeout(300)
    page.evaluate("window.scrollTo(0, 0)")
    left = _english_left(page, words, skip)
    assert not left, f"English left on the Portuguese {game} seat ({size}): {left}"
    _fits(page, f"Portuguese {game} seat {size}", floor)
    _shot(page, f"pt-{game}-{size}")


# ------------------------------------------------------------------ the projector page
def test_the_projector_page_in_portuguese_at_1280x720_and_on_a_phone(server, devices, english_words):  # noqa: F811
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("ovni", seats=3, bots={2: "random"}, bot_delay=0.05, decision_seconds=None, seed=4)
    for name in ("Ana", "Bruno"):
        cl.join(room.code, name)
    room.start()
    watch = devices.page(viewport=PROJECTOR, locale="en-US")  # the address chooses, not the browser
    watch.goto(f"{url}/watch?code={room.code}&lang=pt")
    expect(watch.locator("#board svg")).to_be_visible()
    expect(watch.locator("html")).to_have_attribute("lang", "pt-BR")
    expect(watch.locator("#status")).to_contain_text("vez de:")
    expect(watch.locator("#joinline")).to_contain_text(re.compile(r"entre em .*/join · código "))
    expect(watch.locator("#players")).to_contain_text("vermelho (Antáris)")
    assert watch.title() == "ovnilab: jogo da turma" or "ovnilab" in watch.title()
    for (w, h), label in (((1280, 720), "1280x720"), ((390, 844), "phone")):
        watch.set_viewport_size({"width": w, "height": h})
        watch.wait_for_timeout(300)
        m = watch.evaluate(_WATCH)
        where = f"the Portuguese projector page at {label}"
        assert m["scrollWidth"] <= m["innerWidth"], f"{where}: {m['scrollWidth']} px wide"
        parts = ("board", "code", "status") if label == "1280x720" else ("code", "status")
        for part in parts:
            assert inside_window(m[part], m), f"{where}: the {part} is not all on screen: {m}"
        floor = PHONE_TEXT if label == "phone" else 12
        small = _smallest_text(watch)
        assert small[0][0] >= floor - 0.05, f"{where}: text under {floor} px: {small}"
        left = _english_left(watch, english_words)
        assert not left, f"{where}: English left: {left}"
        _shot(watch, f"pt-watch-{label}")


# ------------------------------------------------------------------ an experiment
def test_an_experiment_in_portuguese_on_a_phone(server, devices, english_words):  # noqa: F811
    from playwright.sync_api import expect

    from ovnilab.classroom import experiments as xp

    cl, url = server.cl, server.url
    game = xp.get("encounter")
    exp = cl.open_experiment("encounter", rounds=2, matching="strangers", decision_seconds=120, pause=0.5)
    pages = [devices.page(**PHONE, locale="pt-BR") for _ in range(2)]
    for i, p in enumerate(pages):
        _join_pt(p, url, exp.code, f"Aluno {i + 1}")
        expect(p.locator("#status")).to_have_text("o experimento começa quando o professor o iniciar")
    exp.start()
    names = {"attack 06": "ataque 06", "attack 14": "ataque 14", "attack 08": "ataque 08",
             "attack 15": "ataque 15", "negotiate": "negociação"}
    for i, p in enumerate(pages):
        role = p.locator(".experiment .role")
        expect(role).to_contain_text(re.compile(r"^Rodada 1 de 2: seu papel é (atacante|defensor)$"))
        english_role = role.get_attribute("data-role")
        word = {"offense": "atacante", "defense": "defensor"}[english_role]
        assert role.inner_text().endswith(word)
        expect(p.locator(".experiment h1")).to_have_text("Atacar ou negociar? (uma nave contra quatro)")
        expect(p.locator(".experiment .instructions")).to_contain_text("Você é o atacante")
        table = p.locator("table.payoffs")
        expect(table.locator("caption")).to_have_text(
            f"Seu ganho como {word}: sua escolha (linha) contra a do outro jogador (coluna)")
        r = game.role_index(english_role)
        heads = [h.inner_text() for h in table.locator("th").all()]
        assert heads == ["você ↓ · o outro →"] + [names[c] for c in game.strategies(1 - r)] + \
            [names[c] for c in game.strategies(r)]
        buttons = p.locator("#moves.active .buttons.big button:enabled")
        expect(buttons.first).to_be_visible()
        assert [b.inner_text() for b in buttons.all()] == [names[c] for c in game.strategies(r)]
        p.wait_for_timeout(200)
        left = _english_left(p, english_words)
        assert not left, f"English left on the Portuguese experiment page: {left}"
        _fits(p, "Portuguese experiment phone", PHONE_TEXT)
        if i == 0:
            _shot(p, "pt-experiment-phone")
            p.locator(".experiment").screenshot(path=str(SHOTS / "pt-experiment-card-phone.png"))
        # the click plays the English label, the page says the Portuguese
        b = buttons.last
        choice = b.get_attribute("data-choice")
        with p.expect_response(lambda resp: "/api/play" in resp.url) as info:
            b.click()
        assert info.value.status == 200 and json.loads(info.value.text())["played"] == choice == "negotiate"
    for p in pages:
        expect(p.locator(".experiment .role")).to_contain_text("Rodada 2 de 2", timeout=20_000)
        expect(p.locator("table.history tr")).to_have_count(2)
        cells = [c.inner_text() for c in p.locator("table.history tr").nth(1).locator("td").all()]
        assert cells[1] in ("atacante", "defensor") and cells[2] in names.values() and cells[3] in names.values()
        assert not _english_left(p, english_words)
    _shot(pages[0], "pt-experiment-round2-phone")
    pages[1].set_viewport_size(PROJECTOR)  # the same page on a laptop
    pages[1].wait_for_timeout(300)
    pages[1].evaluate("window.scrollTo(0, 0)")
    _fits(pages[1], "Portuguese experiment 1280x720", 12)
    _shot(pages[1], "pt-experiment-1280x720")
    assert {r["choice"] for r in exp.results()} <= set(names)  # the records keep the English labels


# ------------------------------------------------------------------ Ovni: two seats, their own missions
def test_two_ovni_seats_in_portuguese_each_see_only_their_own_missions(server, devices, english_words):  # noqa: F811
    """Two students in two browsers (a phone, a laptop) and a bot: on its turn each page
    reads Portuguese ("sua vez", its own seat's Portuguese name, no catalog English but in
    the log) and fits its screen; no answer either page got names a mission dealt to
    another seat, in either language, while each page did get its own missions' text."""
    from playwright.sync_api import expect

    cl, url = server.cl, server.url
    room = cl.open_room("ovni", seats=3, bots={2: "random"}, bot_delay=0.05, decision_seconds=300, seed=5)
    got: dict[str, list] = {"a": [], "b": [], "watch": []}
    phone, laptop = devices.page(**PHONE, locale="pt-BR"), devices.page(viewport=PROJECTOR, locale="pt-BR")
    watch = devices.page(viewport=PROJECTOR)
    for key, p in (("a", phone), ("b", laptop), ("watch", watch)):
        leak_scan.capture(p, got[key])
    _join_pt(phone, url, room.code, "Ana")
    _join_pt(laptop, url, room.code, "Bruno")
    seats = {"a": int(phone.locator("#play").get_attribute("data-seat")),
             "b": int(laptop.locator("#play").get_attribute("data-seat"))}
    assert seats == {"a": 0, "b": 1}
    watch.goto(f"{url}/watch?code={room.code}&lang=pt")
    expect(watch.locator("#board svg")).to_be_visible()
    room.start()
    rng = random.Random(2)
    made = _drive([phone, laptop], rng, lambda k: k >= 3 and phone.locator(MOVES).count() > 0, timeout=60,
                  what="the Ovni phone's turn")
    expect(phone.locator("#status")).to_contain_text("sua vez (você é vermelho (Antáris))")
    expect(phone.locator("#who")).to_contain_text("vermelho (Antáris)")
    _seat_reads_portuguese(phone, english_words, "ovni", skip=_NOTHING)
    phone.screenshot(path=str(SHOTS / "pt-ovni-phone-full.png"), full_page=True)
    made += _drive([phone, laptop], rng, lambda k: k >= 1 and laptop.locator(MOVES).count() > 0, timeout=60,
                   what="the Ovni laptop's turn")
    expect(laptop.locator("#status")).to_contain_text("sua vez (você é azul (Éris))")
    _seat_reads_portuguese(laptop, english_words, "ovni", "1280x720", 12, skip=_NOTHING)
    # on into the placement of command tokens (face-down ones are secret too: the game's
    # observation and describe(), checked without a browser in test_views_text.py)
    made += _drive([phone, laptop], rng, lambda k: k >= 8 or _status(phone) == "over", timeout=60,
                   what="Ovni moves")
    devices.close()  # no more answers come in while they are checked
    own = leak_scan.assert_no_hidden_mission(server.db, room.code, leak_scan.views(got, seats), seats)
    assert own["a"] and own["b"], own  # each student's own missions reached its page: the scan sees them


# ------------------------------------------------------------------ Cosmic: two seats, no card leaks
def test_two_cosmic_seats_in_portuguese_show_no_hidden_card(server, devices, english_words):  # noqa: F811
    """Two students in two browsers (a phone, a laptop) and a bot: on its turn each page
    reads Portuguese and fits its screen; no answer a page got names a card another seat
    holds out of sight, in English or as the Portuguese board spells it."""
    from playwright.sync_api import expect

    from ovnilab.i18n import using_language

    try:
        from ovnilab.cosmic.render.labels import card_label
    except ImportError:  # before the Cosmic drawing's names had a module of their own
        from ovnilab.cosmic.render.text import card_label

    cl, url = server.cl, server.url
    room = cl.open_room("cosmic", seats=3, bots={2: "random"}, bot_delay=0.05, decision_seconds=None, seed=6)
    got: dict[str, list] = {"a": [], "b": [], "watch": []}
    phone, laptop = devices.page(**PHONE, locale="pt-BR"), devices.page(locale="pt-BR")
    watch = devices.page(viewport=PROJECTOR)
    for key, p in (("a", phone), ("b", laptop), ("watch", watch)):
        leak_scan.capture(p, got[key])
    _join_pt(phone, url, room.code, "Ana")
    _join_pt(laptop, url, room.code, "Bruno")
    seats = {"a": int(phone.locator("#play").get_attribute("data-seat")),
             "b": int(laptop.locator("#play").get_attribute("data-seat"))}
    watch.goto(f"{url}/watch?code={room.code}&lang=pt")
    expect(watch.locator("#board svg")).to_be_visible()
    room.start()
    rng = random.Random(5)
    checked: set[str] = set()
    made = 0
    while made < 40 and _status(phone) != "over":
        made += _drive([phone, laptop], rng, lambda k: k >= 1, timeout=60, what="a Cosmic move")
        # each seat, on its turn, reads Portuguese and fits its screen
        for page, size, floor in ((phone, "phone", PHONE_TEXT), (laptop, "1280x720", 12)):
            if size not in checked and page.locator(MOVES).count():
                _seat_reads_portuguese(page, english_words, "cosmic", size, floor, skip=_NOTHING)
                checked.add(size)
    assert checked == {"phone", "1280x720"}, f"only {checked} had a turn"
    devices.close()  # no more answers come in while they are checked

    def spellings(card: str) -> tuple[str, str]:
        with using_language("pt"):
            return card, card_label(card)  # "attack 08" and "ataque 08"

    own = leak_scan.assert_no_hidden_card(server.db, room.code, leak_scan.views(got, seats), seats, spellings)
    assert own["a"] and own["b"], own  # each student's own hand reached its page: the scan sees names


# ------------------------------------------------------------------ the landing page
def test_the_landing_page_in_portuguese_on_a_phone_and_its_switch(server, devices, english_words):  # noqa: F811
    from playwright.sync_api import expect

    phone = devices.page(**PHONE, locale="pt-BR")
    phone.goto(server.url + "/")
    expect(phone.locator(".join-cta h1")).to_have_text("Jogar")
    expect(phone.locator("#join-link")).to_have_text("Entrar num jogo da turma")
    expect(phone.locator("html")).to_have_attribute("lang", "pt-BR")
    # no Voila here: the note says where the solo boards come from, its command as code
    expect(phone.locator("#solo-note")).to_have_text(
        "Os tabuleiros solo não são servidos aqui: o professor os inicia com make play.")
    expect(phone.locator("#solo-note code")).to_have_text("make play")
    ovni = phone.locator("img[alt='o mapa do Ovni no início']")
    assert ovni.get_attribute("src") == "/picture/ovni.svg?lang=pt"  # the picture drawn in Portuguese
    phone.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    left = _english_left(phone, english_words, skip=_NOTHING)
    assert not left, f"English left on the Portuguese landing page: {left}"
    m = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert m[0] <= m[1], f"the landing page is {m[0]} px wide on a {m[1]} px phone"
    small = _smallest_text(phone)
    assert small[0][0] >= PHONE_TEXT - 0.05, f"text under {PHONE_TEXT} px on the phone: {small}"
    _shot(phone, "pt-landing-phone")
    phone.locator(".langs button[data-lang=en]").tap()
    expect(phone.locator(".join-cta h1")).to_have_text("Play")
    expect(phone.locator("img[alt='the Ovni map at the start']")).to_have_attribute("src", "/picture/ovni.svg?lang=en")
    expect(phone.locator("#solo-note")).to_have_text(
        "The solo boards are not served here: the teacher starts them with make play.")


def test_the_landing_page_links_the_solo_boards_in_its_language(server, devices):  # noqa: F811
    """With Voila's port (make play), each board's link opens the notebook in the page's
    language: notebooks/play/pt/<game>.ipynb in Portuguese, notebooks/play/<game>.ipynb in
    English, and the switch moves them along."""
    from playwright.sync_api import expect

    games = ("cows", "ovni", "cosmic")
    boards = "http://127.0.0.1:8867/voila/render/"
    for lang in ("pt", "en"):
        assert all((ROOT / "notebooks" / "play" / (f"{lang}/" if lang != "en" else "") / f"{g}.ipynb").exists()
                   for g in games)
    phone = devices.page(**PHONE, locale="pt-BR")
    phone.goto(server.url + "/")
    expect(phone.locator(".join-cta h1")).to_have_text("Jogar")
    # this server runs no Voila: give the page the port make play would (the server's data-voila-port)
    phone.evaluate("() => { document.body.dataset.voilaPort = '8867'; initIndex(); }")
    hrefs = lambda: [phone.locator(f"a.solo[data-game={g}]").get_attribute("href") for g in games]  # noqa: E731
    assert hrefs() == [f"{boards}pt/{g}.ipynb" for g in games]
    phone.locator(".langs button[data-lang=en]").tap()
    expect(phone.locator(".join-cta h1")).to_have_text("Play")
    assert hrefs() == [f"{boards}{g}.ipynb" for g in games]
    phone.locator(".langs button[data-lang=pt]").tap()
    expect(phone.locator(".join-cta h1")).to_have_text("Jogar")
    assert hrefs() == [f"{boards}pt/{g}.ipynb" for g in games]
