"""The Ovni board in Portuguese (issue 33), as the cow board's tests in
tests/test_board_pt.py: built under ``using_language("pt")`` its status, buttons,
pickers, log and drawings read Portuguese; the actions it plays are the same texts as in
English (one notation: a game clicked in one language replays and loads in the other);
no English sentence of the catalog is left on it; and in English every word reads as the
engine's own (``str(action)``, ``seat_name``, ``Mission.describe``)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("babel")

from ovnilab import ovni  # noqa: E402
from ovnilab.bots import RandomBot  # noqa: E402
from ovnilab.core import load_json  # noqa: E402
from ovnilab.i18n import using_language  # noqa: E402
from ovnilab.ovni import widget  # noqa: E402
from ovnilab.ovni.render import board_svg, panel_html, seat_panel  # noqa: E402
from ovnilab.ovni.render import text as wording  # noqa: E402

from ..board_clicks import click_random  # noqa: E402
from ..test_board_pt import (BOARD_FILES, _clicks, _msgids_of, assert_first_buttons_play_the_notation,  # noqa: E402
                             english_left, english_left_while_clicking, visible_texts)

OVNI_FILES = BOARD_FILES + ("ovnilab/ovni/",)


def _board(seed: int, n: int = 3) -> widget.Board:
    return widget.Board(ovni.new_game(num_players=n, seed=seed), seats={0: "human", **{k: RandomBot() for k in range(1, n)}})


def test_ovni_board_in_portuguese_plays_the_same_actions():
    with using_language("pt"):
        board = _board(3)
        assert "a vez é de: <b>vermelho (" in board.status.value and "(você)" in board.status.value
        assert "escolha das missões" in board.status.value
        assert_first_buttons_play_the_notation(board, ovni.new_game(num_players=3, seed=3),
                                               "manter missões ", "keep missions ")
        svg = board.view.value + board.panel.value
        for word in ("Preparação", "Última ação:", "visão de vermelho", "Legenda", "plataforma", "reserva",
                     "habilidades", "missões", "Trilha", "estoque", "Ordem", "pilotos", "abdutores",
                     "construtores", "militares"):
            assert word in svg, word
        assert "Last action" not in svg and "platform" not in svg and "Human track" not in svg
        assert "manter missões" in board.log_view.value


def test_ovni_game_clicked_in_portuguese_replays_and_loads_in_english():
    with using_language("pt"):
        board = _board(5, 4)
        _clicks(board, 1, 40)
        saved = board.state.to_json()
        pt_log = [str(a) for a in board.state.log]
    with using_language("en"):
        en = _board(5, 4)
        _clicks(en, 1, 40)
        assert [str(a) for a in en.state.log] == pt_log
        assert en.state.to_json() == saved
        assert [str(a) for a in load_json(saved).log] == pt_log


def test_ovni_pickers_in_portuguese_play_the_action_they_name():
    with using_language("pt"):
        board = _board(2, 4)
        rng = random.Random(0)
        for _k in range(300):
            if board.state.is_over():
                break
            rows = [r for r in board.actions.children if getattr(r, "pickers", None)]
            if rows:
                p1, p2, go = rows[0].pickers
                assert go.description in ("colocar ficha", "mover ovni", "abduzir", "destruir ovni", "recrutar")
                before = len(board.state.log)
                go.click()
                assert len(board.state.log) > before and board.error.value == ""
                assert p2.value.split(" ")[0] in wording.action_label(board.state.log[before])
                return
            click_random(board, rng)
    pytest.fail("no pickers offered in 300 clicks")


@pytest.mark.parametrize("seed", [0, 4])
def test_no_english_of_the_catalog_left_on_the_ovni_board(seed):
    # not a badge's letter (an area is B too) nor a rule option's code ("none"), shown as they are
    codes = {str(c) for c in ovni.rules.AREA_TIE_RULES}
    msgids = [m for m in _msgids_of(OVNI_FILES) if len(m) > 1 and m not in codes]
    assert len(msgids) > 200
    with using_language("pt"):
        left = english_left_while_clicking(_board(seed, 2 + seed % 3), msgids, seed, 30)
    assert sorted(set(left)) == []


def test_the_scan_finds_english_on_the_english_ovni_board():
    board = _board(0)
    found = {m for _t, m in english_left(visible_texts(board), _msgids_of(OVNI_FILES))}
    assert {"Key", "Human track", "Turn order", "Set-up", "New game: no action yet", "Launch platform size"} <= found


def test_in_english_the_board_says_the_engines_words():
    """English reads as before: a button is the action's notation, a seat its
    ``seat_name``, a mission its ``describe``, a phase the engine's name."""
    for n, seed in ((2, 0), (3, 1), (4, 2)):
        s = ovni.new_game(num_players=n, seed=seed)
        rng = random.Random(seed)
        while not s.is_over() and len(s.log) < 400:
            for a in s.legal_actions():
                assert wording.action_label(a) == str(a)
            for p in range(s.ns):
                assert wording.seat_label(s, p) == s.seat_name(p)
            assert wording.phase_label(s.phase) == s.phase
            s.apply(rng.choice(s.legal_actions()))
        for mi in s.cards.missions:
            assert wording.mission_text(mi, s.cards.categories) == mi.describe(s.cards.categories)


def test_portuguese_missions_seats_and_actions_use_the_rulebooks_words():
    s = ovni.new_game(num_players=2, seed=1)
    with using_language("pt"):
        texts = {wording.mission_text(mi, s.cards.categories) for mi in s.cards.missions}
        assert any(t.startswith("dominar 4 cidades ") for t in texts)
        assert any(t.startswith("capturar ") for t in texts) and any(t.startswith("mapear ") for t in texts)
        assert wording.seat_label(s, s.third).endswith("(terceiro jogador)")
        assert wording.action_label(ovni.rules.Action("move", "Berlim", "Paris")) == "mover Berlim → Paris"
        assert wording.action_label(ovni.rules.Action("capture", "red", "builder")) == "capturar construtor de vermelho"
        assert "P" in seat_panel(s, 0)["title"] or seat_panel(s, 0)["title"] == "O que você tem"
        svg = board_svg(s) + panel_html(s)
        assert ">C<" in svg  # a construtor's badge says C
    assert ">B<" in board_svg(s) + panel_html(s)  # a builder's, in English
