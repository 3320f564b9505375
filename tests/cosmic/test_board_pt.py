"""The Cosmic Encounter board in Portuguese (issue 33), as the Ovni board's tests in
tests/ovni/test_board_pt.py: built under ``using_language("pt")`` its status, buttons,
pickers, log and drawing read Portuguese in the rulebook's words; the actions it plays
are the same texts as in English (one notation: a game clicked in one language replays
and loads in the other); no English sentence of the catalog is left on it; and in
English every word reads as the engine's own (``str(action)``, ``describe``)."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("babel")

from ovnilab import cosmic  # noqa: E402
from ovnilab.bots import RandomBot  # noqa: E402
from ovnilab.cosmic import widget  # noqa: E402
from ovnilab.cosmic.render import seat_panel, to_svg  # noqa: E402
from ovnilab.cosmic.render import labels as wording  # noqa: E402
from ovnilab.cosmic.render import text as wording_text  # noqa: E402
from ovnilab.cosmic.rules import Action  # noqa: E402
from ovnilab.i18n import using_language  # noqa: E402

from . import BLUE, RED, arrange, drive  # noqa: E402

from ..test_board_pt import (BOARD_FILES, _clicks, _msgids_of, assert_first_buttons_play_the_notation,  # noqa: E402
                             assert_replays_alike, english_left, english_left_while_clicking, first_picker_row,
                             visible_texts)

COSMIC_FILES = BOARD_FILES + ("ovnilab/cosmic/",)


def _board(seed: int, n: int = 3) -> widget.Board:
    return widget.Board(cosmic.new_game(num_players=n, seed=seed),
                        seats={0: "human", **{k: RandomBot() for k in range(1, n)}})


def test_cosmic_board_in_portuguese_plays_the_same_actions():
    with using_language("pt"):
        board = _board(3)
        assert "a vez é de: <b>vermelho" in board.status.value and "(você)" in board.status.value
        assert "preparação: escolher um alienígena" in board.status.value
        assert_first_buttons_play_the_notation(board, cosmic.new_game(num_players=3, seed=3),
                                               "escolher alienígena ", "choose alien ")
        _clicks(board, 0, 12)
        svg = board.view.value
        for word in ("Turno", "Última ação:", "visão de vermelho", "colônias", "mão", "Warp", "destino", "deck"):
            assert word in svg, word
        for word in ("Last action", "'s view", "hyperspace gate", ">colonies<", ">hand<"):
            assert word not in svg, word
        assert "escolher alienígena " in board.log_view.value


def test_cosmic_game_clicked_in_portuguese_replays_and_loads_in_english():
    assert_replays_alike(lambda: _board(5, 4), 1, 40)


def test_cosmic_pickers_in_portuguese_play_the_action_they_name():
    with using_language("pt"):
        board = _board(2, 4)
        row = first_picker_row(board, 300)
        assert row is not None, "no pickers offered in 300 clicks"
        _p1, p2, go = row.pickers
        assert go.description in ("usar poder", "decidir", "jogar artefato", "jogar Flare", "escolher", "reforçar",
                                  "pegar recompensas")
        before = len(board.state.log)
        go.click()
        assert len(board.state.log) > before and board.error.value == ""
        label = wording.action_label(board.state.log[before])
        assert str(p2.value).split(" (")[0] in label, (p2.value, label)


@pytest.mark.parametrize("seed", [0, 4])
def test_no_english_of_the_catalog_left_on_the_cosmic_board(seed):
    # "+{n} more" is a pattern loose enough to match a power's choice in the log ("stake
    # nothing more"), the engine's words (the module docstring of
    # ovnilab/cosmic/render/labels.py lists them)
    msgids = [m for m in _msgids_of(COSMIC_FILES) if len(m) > 1 and m != "+{n} more"]
    assert len(msgids) > 200
    with using_language("pt"):
        left = english_left_while_clicking(_board(seed, 3 + seed % 3), msgids, seed, 8)
    assert sorted(set(left)) == []


def test_the_scan_finds_english_on_the_english_cosmic_board():
    board = _board(0)
    found = {m for _t, m in english_left(visible_texts(board), _msgids_of(COSMIC_FILES))}
    assert {"Set-up: each player keeps one of two aliens", "pass for me when I have nothing to play",
            "Alien powers"} <= found


def test_in_english_the_board_says_the_engines_words():
    """English reads as before: a button is the action's notation, a log line
    ``describe``'s, a seat's name its colour capitalised."""
    for n, seed in ((3, 0), (4, 1), (5, 2)):
        s = cosmic.new_game(num_players=n, seed=seed)
        rng = random.Random(seed)
        while not s.is_over() and len(s.log) < 600:
            legal = s.legal_actions()
            for a in legal:
                assert wording.action_label(a) == str(a)
            a = rng.choice(legal)
            actor = s.current_player
            for viewer in (None, 0, actor):
                assert wording.public_action_text(s, a, actor, viewer) == s.describe(a, viewer, actor)
            for p in range(s.n):
                assert wording.seat_label(s, p).startswith(s.colours[p].capitalize())
            s.apply(a)


def test_portuguese_words_are_the_rulebooks():
    s = cosmic.new_game(num_players=3, seed=1)
    with using_language("pt"):
        assert wording.action_label(Action("aim", "red 3")) == "apontar para vermelho 3"
        assert wording.action_label(Action("select", "attack 40")) == "escolher ataque 40"
        assert wording.action_label(Action("select", "negotiate")) == "escolher negociação"
        assert wording.action_label(Action("join", "defense")) == "aliar-se: defesa"
        assert wording.card_label("Amoeba flare") == "Flare Amoeba"
        assert wording.card_label("Cosmic Zap") == "Zap Cósmico"
        assert wording.phase_label(4) == "5 planejamento"
        assert wording.stage_label("resolution") == "resolução"
        assert wording.seat_label(s, 0) == "vermelho"
        assert seat_panel(s, 0)["title"] == "O que você tem"
        svg = to_svg(s, 0)
        assert "Preparação: cada jogador fica com um de dois alienígenas" in svg
    assert wording.action_label(Action("aim", "red 3")) == "aim at red 3"


def test_artifacts_power_choices_and_win_reasons_in_portuguese():
    """An artifact's name, a power's choice and why the game ended are said in Portuguese
    (the engine keeps the English: the notation, ``win_reason`` in saves and results)."""
    with using_language("pt"):
        assert wording.card_label("Mobius Tubes") == "Tubos de Möbius"
        assert wording.action_label(Action("play", "Ionic Gas")) == "jogar Gás Iônico"
        assert wording.action_label(Action("choose", "Hacker", "take Mite flare from red")) == \
            "Hacker: pegar Flare Mite de vermelho"
        assert wording.action_label(Action("choose", "Barbarian", "keep Card Zap")) == "Barbarian: ficar com Zap de Carta"
        assert wording.action_label(Action("choose", "Gambler", "stake 2 more ships")) == "Gambler: apostar mais 2 naves"
        assert wording.action_label(Action("choose", "Gambler", "stake 1 more ship")) == "Gambler: apostar mais 1 nave"
        # the ships a side adds to its card: one ship, several ships (the board said "+ 1 ships")
        assert (wording_text.side_ships_text(1), wording_text.side_ships_text(4)) == ("+ 1 nave", "+ 4 naves")
    assert (wording_text.side_ships_text(1), wording_text.side_ships_text(4)) == ("+ 1 ship", "+ 4 ships")
    with using_language("pt"):
        assert wording.action_label(Action("choose", "Dictator", "draw most cards in hand")) == \
            "Dictator: tirar " + wording.special_label("most cards in hand")
        assert wording.action_label(Action("power", "Will", "red at red 1")) == "usar o poder de Will: vermelho em vermelho 1"
        assert wording.action_label(Action("flare", "Fodder", "wild", "offense")).endswith(": " + wording.side_word("offense"))
        assert wording.choice_text("execute the ship on blue 2 and take its place") == \
            "executar a nave em azul 2 e tomar o lugar dela"
        assert wording.choice_text("a power added later") == "a power added later"  # no template: as it is
        assert wording.win_reason_text("5 foreign colonies") == "5 colônias estrangeiras"
        assert wording.win_reason_text("Tick-Tock: its last token discarded; 5 foreign colonies") == \
            "Tick-Tock: seu último marcador descartado; 5 colônias estrangeiras"
        assert wording.win_reason_text("turn limit: the most foreign colonies win").startswith("limite de turnos")
        assert wording.choice_verb("keep") == "ficar com"
    assert wording.win_reason_text("5 foreign colonies") == "5 foreign colonies"
    assert wording.choice_text("take Mite flare from red") == "take Mite flare from red"


def test_every_power_choice_reads_in_portuguese():
    """Over seeded games, every choice a power or a flare offers is read by a template of
    ``CHOICE_TEXTS`` or is one value (a colour, a planet, a side) said alone; and every
    way a game ends by ``WIN_REASONS`` (a new power's text fails here, not on a board)."""
    from ovnilab.i18n import translate_english

    with using_language("pt"):
        for seed in range(12):
            s = cosmic.new_game(num_players=3 + seed % 3, seed=seed)
            rng = random.Random(seed)
            while not s.is_over() and len(s.log) < 2500:
                legal = s.legal_actions()
                for a in legal:
                    text = a.b if a.kind in ("choose", "power") else a.c if a.kind == "flare" else None
                    if text:
                        read = translate_english(text, wording.CHOICE_TEXTS, value=wording._value_word)
                        assert read != text or wording._is_value(text), (a, text)
                s.apply(rng.choice(legal))
            if s.win_reason:
                assert wording.win_reason_text(s.win_reason) != s.win_reason, s.win_reason
    for reason in ("Masochist: none of its ships in play", "action limit: the most foreign colonies win",
                   "Masochist: none of its ships in play; 4 foreign colonies"):
        with using_language("pt"):
            assert wording.win_reason_text(reason) != reason


def test_a_player_named_by_colour_is_one_style_in_portuguese():
    """Portuguese writes a colour in lowercase wherever it names a player or a planet
    (as Ovni's board does: "vermelho (Antáris)"); a line or a sentence that starts with
    it capitalises it; English names a player with a capital, as the engine does."""
    s = cosmic.new_game(num_players=3, seed=1)
    with using_language("pt"):
        assert wording.action_label(Action("ship", "red 1")) == "nave de vermelho 1"
        assert wording.seat_label(s, 0) == "vermelho"
        assert wording.action_label(Action("defender", "blue")) == "escolher defensor azul"
        assert wording.colour_title("red") == "Vermelho"  # a line's start
        board = _board(3)
        _clicks(board, 0, 12)
        for text in visible_texts(board):  # inside a line: never capitalised
            for colour in ("Vermelho", "Azul", "Amarelo"):
                assert not re.search(rf"[^.:▶—]\s+{colour}\b", text), (colour, text)
    assert wording.seat_label(s, 0) == "Red"


def test_power_choice_pickers_say_the_engines_words_in_english():
    """The pickers of a power's choices: in English the keys as the engine's text splits
    them ("keep", "my card"); in Portuguese the verb and a value translated, any other
    rest said with its whole choice."""
    seen = 0
    for seed in range(8):
        s = cosmic.new_game(num_players=3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over() and len(s.log) < 1500:
            for a in s.legal_actions():
                if a.kind != "choose":
                    continue
                first, rest = widget._choice_keys(a)
                assert widget._choice_label(a, 1) == ("(this)" if rest == "(this)" else rest), a
                assert widget._choice_label(a, 0) == first, a
                with using_language("pt"):
                    said = widget._choice_label(a, 1)
                    assert said in wording.action_label(a) or said == "(isto)" or rest == "(this)", (a, said)
                seen += 1
            s.apply(rng.choice(s.legal_actions()))
    assert seen > 20


def test_aliens_dealt_read_as_one_sentence_of_the_readers_language():
    """'Anti-Matter ou Hate': the 'or' between the aliens dealt is the catalog's
    sentence "{a} or {b}" (it was an f-string's ``_('or')``, which Babel never extracted,
    so the Portuguese board said 'or'); a longer deal is a list, then the sentence."""
    from ovnilab.cosmic.render.text import offers_text, one_of
    s = cosmic.new_game(num_players=3, seed=1)
    a, b = s.offers[0]
    with using_language("pt"):
        svg = to_svg(s, 0)
        assert f"{a} ou {b}" in svg and f"{a} or {b}" not in svg
        assert one_of(["Clone", "Hate", "Zombie"]) == "Clone, Hate ou Zombie"
        assert offers_text(["Clone", "Hate"]) == "alienígenas recebidos: Clone ou Hate (fique com um)"
    assert f"{a} or {b}" in to_svg(s, 0)
    assert one_of(["Clone", "Hate", "Zombie"]) == "Clone, Hate or Zombie" and one_of(["Clone"]) == "Clone"


def _cut_texts(svg: str) -> list[str]:
    return [t for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg) if t.endswith("…")]


def test_portuguese_set_up_title_and_answer_line_read_whole():
    """Two Portuguese lines the drawing cut with an ellipsis where the English reads whole:
    a seat's set-up title ('▶ Vermelho · recebeu Anti-Matter or…' beside the 'NA VEZ
    (VOCÊ)' badge: now 'SUA VEZ' and the aliens alone, 'Anti-Matter ou Hate') and the
    line of who answers a card or power just played ('responder à carta ou ao poder
    recém-joga…': now 'responder à jogada')."""
    for n in (3, 4, 5):
        for seed in range(12):
            s = cosmic.new_game(num_players=n, seed=seed)
            with using_language("pt"):
                assert not [t for t in _cut_texts(to_svg(s, s.current_player)) if t.startswith("▶")], (n, seed)
    for seed in range(6):
        s = cosmic.new_game(num_players=3, seed=seed)
        rng = random.Random(seed)
        while "just played" not in wording_text.deciding_text(s, None)[0]:
            s.apply(rng.choice(s.legal_actions()))
        with using_language("pt"):
            for viewer in (None, s.current_player):
                svg = to_svg(s, viewer)
                assert "responder à jogada" in svg and not [t for t in _cut_texts(svg) if "respond" in t], seed


@pytest.mark.parametrize("ships,english,portuguese", [
    (1, "Deal failed: main players lose 1 ship", "Acordo falhou: os jogadores principais perdem 1 nave"),
    (3, "Deal failed: main players lose 3 ships", "Acordo falhou: os jogadores principais perdem 3 naves"),
])
def test_a_failed_deal_names_the_ships_lost_in_each_language(ships, english, portuguese):
    """The deal panel's title counts the ships of Rules.deal_fail_ships (one ship, several)."""
    s = arrange(rules=cosmic.Rules(flares=False, powers=False, deal_fail_ships=ships),
                hands={RED: ["negotiate"], BLUE: ["negotiate"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "reject deal"], until=lambda s: s.outcome == "deal_failed")
    assert wording_text.deal_text(s)[0] == english
    with using_language("pt"):
        assert wording_text.deal_text(s)[0] == portuguese
