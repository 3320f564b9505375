"""The class server answers each person in their language (issue 33): the page's explicit
choice (``?lang=``, the ``ovnilab-lang`` cookie) over the browser's Accept-Language over
English, for errors, the seat's view and events, and the page's catalog. The server runs
in this process (a thread with its own event loop), on a temporary database."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.error
import urllib.request

import pytest

pytest.importorskip("tornado")

import tornado.httpserver  # noqa: E402

from ovnilab.classroom import Classroom  # noqa: E402
from ovnilab.classroom.web import make_app  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    cl = Classroom(str(tmp_path_factory.mktemp("lang") / "class.sqlite"))
    app, hub = make_app(cl)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ready, box = threading.Event(), {}

    async def main() -> None:
        srv = tornado.httpserver.HTTPServer(app)
        srv.listen(port, "127.0.0.1")
        box["loop"], box["stop"] = asyncio.get_running_loop(), asyncio.Event()
        pulse = asyncio.ensure_future(hub.pulse())
        ready.set()
        await box["stop"].wait()
        pulse.cancel()
        srv.stop()

    th = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    th.start()
    assert ready.wait(10)
    try:
        yield cl, f"http://127.0.0.1:{port}"
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        th.join(10)
        hub.pool.shutdown(wait=False)


def _call(url: str, path: str, body: dict | None = None, lang: str | None = None, cookie: str | None = None,
          seat: str | None = None) -> tuple[int, dict]:
    headers = {"X-Ovnilab-Device": "a" * 32}
    if lang is not None:
        headers["Accept-Language"] = lang
    if cookie is not None:
        headers["Cookie"] = f"ovnilab-lang={cookie}"
    if seat is not None:
        headers["X-Ovnilab-Seat"] = seat
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data, headers=headers, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


PT = "pt-BR,pt;q=0.9,en;q=0.8"


def test_errors_follow_accept_language_and_an_explicit_choice_overrides_it(server):
    cl, url = server
    status, data = _call(url, "/api/join", {"code": "ZZZZZZ", "name": "Ana"}, lang=PT)
    assert status == 400 and data["error"].startswith("nenhum jogo da turma tem o código ZZZZZZ"), data
    status, data = _call(url, "/api/join", {"code": "ZZZZZZ", "name": "Ana"}, lang=PT, cookie="en")
    assert data["error"].startswith("no class game has the code ZZZZZZ"), data
    status, data = _call(url, "/api/join?lang=en", {"code": "ZZZZZZ", "name": "Ana"}, lang=PT, cookie="pt")
    assert data["error"].startswith("no class game has the code"), data  # ?lang= first
    status, data = _call(url, "/api/join", {"code": "ZZZZZZ", "name": "Ana"})
    assert data["error"].startswith("no class game has the code"), data  # no header: English
    status, data = _call(url, "/api/join", {"code": "ZZZZZZ", "name": "Ana"}, lang="en", cookie="klingon")
    assert data["error"].startswith("no class game"), data  # a choice that is no language counts as none
    # the seat that is no seat: 401 in any language (the page goes back to its form)
    assert _call(url, "/api/view", lang=PT) == (401, {"error": "esta página não tem lugar: entre com o código "
                                                                "e o seu nome"})
    assert _call(url, "/api/view", lang=PT, seat="x" * 20)[0] == 401
    assert _call(url, "/api/nothing", lang=PT) == (404, {"error": "não encontrado"})


def test_a_seat_view_and_its_events_in_each_persons_language(server):
    cl, url = server
    room = cl.open_room("cows", decision_seconds=None, bot_delay=0.1)
    s, ana = _call(url, "/api/join", {"code": room.code, "name": "Ana"}, lang=PT)
    assert s == 200
    view = ana["view"]
    assert "Ana entrou no jogo" in view["events"]
    assert [p["player"] for p in view["players"] if p["controller"] == "open"] == ["lugar livre"]
    s, bruno = _call(url, "/api/join", {"code": room.code, "name": "Bruno"}, lang="en-US")
    assert "Ana took a seat" in bruno["view"]["events"] and "Bruno took a seat" in bruno["view"]["events"]
    room.start()
    # the same room, two people, two languages, read at once from two threads
    out: dict[str, dict] = {}

    def read(who: str, token: str, lang: str) -> None:
        for _ in range(5):
            out[who] = _call(url, "/api/view", lang=lang, seat=token)[1]

    threads = [threading.Thread(target=read, args=("ana", ana["token"], PT)),
               threading.Thread(target=read, args=("bruno", bruno["token"], "en"))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    assert "o jogo começou" in out["ana"]["events"] and "the game is on" in out["bruno"]["events"]
    # a move out of turn is refused in the mover's language
    waiting = "ana" if not out["ana"]["your_turn"] else "bruno"
    token, lang = (ana["token"], PT) if waiting == "ana" else (bruno["token"], "en")
    text = (out["bruno"] if waiting == "ana" else out["ana"])["legal"][0]
    status, data = _call(url, "/api/play", {"text": text}, lang=lang, seat=token)
    assert status == 409
    assert data["error"].startswith("não é a sua vez" if waiting == "ana" else "it is not your turn"), data


def test_the_catalog_endpoint(server):
    cl, url = server
    status, cat = _call(url, "/api/catalog", lang=PT)
    assert status == 200 and cat["lang"] == "pt" and cat["locale"] == "pt-BR"
    assert cat["messages"]["Join a class game"] == "Entrar num jogo da turma"
    assert cat["messages"]["{n} second left"] == ["{n} segundo restante", "{n} segundos restantes"]
    assert cat["plurals"][:3] == [0, 0, 1]
    assert _call(url, "/api/catalog", lang=PT, cookie="en")[1]["lang"] == "en"
    assert _call(url, "/api/catalog?lang=pt", lang="en")[1]["lang"] == "pt"
    en = _call(url, "/api/catalog")[1]
    assert en["lang"] == "en" and en["messages"] == {} and en["plurals"][:3] == [1, 0, 1]


def test_the_projector_page_takes_the_language_of_its_address(server):
    """The projector page (/watch) follows ``?lang=`` on its address (the teacher's
    choice for the class's screen) over the computer's browser: its seats as the board
    names them, its board and its errors; and the landing and projector pages are marked
    for the page's translation as the join page is."""
    cl, url = server
    room = cl.open_room("ovni", seats=3, bots={1: "random", 2: "random"}, decision_seconds=None, bot_delay=0.1)
    status, pt = _call(url, f"/api/watch?code={room.code}&lang=pt", lang="en-US")
    assert status == 200 and [p["seat_name"] for p in pt["players"]][0] == "vermelho (Antáris)"
    status, en = _call(url, f"/api/watch?code={room.code}", lang="en-US")
    assert [p["seat_name"] for p in en["players"]][0] == "red (Antáris)"
    assert pt["svg"] != en["svg"]  # the board drawn in each language
    status, data = _call(url, "/api/watch?code=QQQQQQ&lang=pt")
    assert status == 400 and data["error"] == "nenhum jogo da turma tem o código QQQQQQ"
    exp = cl.open_experiment("encounter", rounds=1)
    status, data = _call(url, f"/api/watch?code={exp.code}", lang=PT)
    assert data["error"].startswith("este código é de um experimento")
    # the landing page's pictures, each language drawn and kept apart
    pictures = {}
    for lang in ("pt", "en", "pt"):
        with urllib.request.urlopen(f"{url}/picture/ovni.svg?lang={lang}", timeout=60) as r:
            pictures.setdefault(lang, set()).add(r.read().decode())
    assert len(pictures["pt"]) == 1 and pictures["pt"] != pictures["en"]
    assert "vermelho (Antáris)" in next(iter(pictures["pt"])) and "red (Antáris)" in next(iter(pictures["en"]))
    for page in ("/", "/watch"):
        with urllib.request.urlopen(url + page, timeout=20) as r:
            text = r.read().decode()
        assert 'data-i18n="pending"' in text and "<title data-t>" in text, page
        assert "{{" not in text, page


def test_the_projector_page_takes_the_language_the_teacher_started_the_server_in(monkeypatch):
    """``make play LANG=pt`` gives the server OVNILAB_LANG=pt: the projector page is then
    served with it (its address's ``?lang=`` still wins); without it, no choice."""
    from ovnilab.classroom.web import _teacher_language

    monkeypatch.setenv("OVNILAB_LANG", "pt_BR")
    assert _teacher_language() == "pt"
    monkeypatch.setenv("OVNILAB_LANG", "klingon")
    assert _teacher_language() == ""
    monkeypatch.delenv("OVNILAB_LANG")
    assert _teacher_language() == ""


def test_a_refused_move_names_its_rule_in_the_movers_language(server):
    """The engine's reason for refusing a move (its English ``IllegalAction.rule``) comes
    back in the page's language, framed as the page says it."""
    cl, url = server
    room = cl.open_room("cows", decision_seconds=None, bot_delay=0.1)
    tokens = [_call(url, "/api/join", {"code": room.code, "name": name}, lang=PT)[1]["token"]
              for name in ("Carla", "Davi")]
    room.start()
    token = next(t for t in tokens if _call(url, "/api/view", lang=PT, seat=t)[1]["your_turn"])
    # "end turn" before the turn's main action: a readable move the rules refuse
    status, data = _call(url, "/api/play", {"text": "end turn"}, lang=PT, seat=token)
    assert status == 400, data
    assert data["error"].startswith("jogada ilegal 'end turn': faça sua ação principal (comprar, pegar do Celeiro "
                                    "ou virar) antes de encerrar a rodada"), data
    status, data = _call(url, "/api/play", {"text": "end turn"}, lang="en", seat=token)
    assert data["error"].startswith("illegal action 'end turn': make your main action (draw, take from the "
                                    "Celeiro or flip) before ending the turn"), data
