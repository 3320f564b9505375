"""The solo boards in Portuguese, the teacher's choice (issue 33): built under
``using_language("pt")``, a board's status, buttons, pickers, errors, tabs and drawing read
Portuguese; the actions it plays are the same texts as in English (the notation is one
language, so a game played in one language replays and loads in the other); and no
English sentence of the catalog is left on it."""

from __future__ import annotations

import functools
import html
import random
import re
from pathlib import Path
from typing import Any, Iterator

import ipywidgets as W
import pytest

pytest.importorskip("babel")

from babel.messages.pofile import read_po  # noqa: E402

from ovnilab import cows, i18n  # noqa: E402
from ovnilab.cows import widget as _cows_widget  # noqa: E402,F401  (cows.widget below)
from ovnilab.bots import RandomBot  # noqa: E402
from ovnilab.core import load_json  # noqa: E402
from ovnilab.i18n import using_language  # noqa: E402

from .board_clicks import click_random  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_PLACEHOLDER = re.compile(r"\{\w+\}")


# ------------------------------------------------------------------ what a player reads
def visible_texts(board: W.Widget) -> list[str]:
    """Every text a player reads on ``board``: button and control labels, options, tab
    titles, HTML lines (tags stripped), each text of the SVG drawing. Tooltips are left
    out: a button's tooltip is its action's notation, one language on purpose."""
    out: list[str] = []

    def html_text(value: str) -> None:
        value = re.sub(r"<style.*?</style>", " ", value, flags=re.S)
        for piece in re.findall(r"<text[^>]*>(.*?)</text>", value, flags=re.S):
            out.append(html.unescape(piece))  # the drawing: one text per <text>
        value = re.sub(r"<svg.*?</svg>", " ", value, flags=re.S)
        value = re.sub(r"<button[^>]*>", " ", value)
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())
        if text:
            out.append(text)

    def walk(w: Any) -> None:
        if isinstance(w, W.HTML) and "ovnilab-words" in w._dom_classes:
            # the words tab: its line in the board's language, its table the English
            # meanings of the Portuguese names (for English readers, on purpose)
            html_text(w.value.split("<table>")[0])
        elif isinstance(w, W.HTML):
            html_text(w.value)
        elif isinstance(w, W.Label):
            out.append(w.value)
        if isinstance(w, (W.Button, W.ToggleButton, W.Checkbox)) or getattr(w, "description", ""):
            out.append(getattr(w, "description", ""))
        if isinstance(w, (W.Dropdown, W.ToggleButtons, W.SelectMultiple)):
            out.extend(str(label) for label in getattr(w, "_options_labels", ()))
        if isinstance(w, (W.Tab, W.Accordion)):
            out.extend(t for t in w.titles if t)
        for c in getattr(w, "children", ()):
            walk(c)

    walk(board)
    return [t for t in out if t and t.strip()]


def _msgids_of(paths: tuple[str, ...]) -> list[str]:
    """The English sentences the catalog has from files under ``paths`` whose Portuguese
    differs from the English (an entry the same in both, "ADJ", "bot", proves nothing)."""
    with open(i18n.catalog_path("pt"), "rb") as f:
        cat = read_po(f, locale="pt_BR")
    out = []
    for m in cat:
        if not m.id or not any(loc.startswith(paths) for loc, _line in m.locations):
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strings = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        out.extend(i for i in ids if i not in strings)
    return out


@functools.lru_cache(maxsize=None)
def _sentence_pattern(msgid: str) -> re.Pattern[str]:
    """A regular expression for the English sentence ``msgid`` as shown: its tags gone,
    its placeholders any text, its words whole words (so "turn" is not found in "turno")."""
    plain = html.unescape(re.sub(r"<[^>]+>", "", msgid))
    parts = []
    for part in _PLACEHOLDER.split(plain):
        lit = r"\s+".join(re.escape(w) for w in part.split())
        if lit and part[:1].isspace():
            lit = r"\s+" + lit
        if lit and part[-1:].isspace():
            lit += r"\s+"
        if lit and part.strip()[:1].isalnum() and not part[:1].isspace():
            lit = r"\b" + lit
        if lit and part.strip()[-1:].isalnum() and not part[-1:].isspace():
            lit += r"\b"
        parts.append(lit)
    return re.compile(".+?".join(parts), re.S)


def english_left(texts: list[str], msgids: list[str]) -> list[tuple[str, str]]:
    """(text, msgid) pairs where an English sentence of the catalog shows in ``texts``: a
    sentence of two words or more anywhere in a text (its placeholders any text), a
    single word or a short sentence ("Deck ({n})") only as a whole text (a button, a
    title: inside a sentence it may be a game word or a name)."""
    found = []
    for mid in msgids:
        words = _PLACEHOLDER.sub(" ", html.unescape(re.sub(r"<[^>]+>", "", mid))).split()
        if not words:
            continue
        pattern = _sentence_pattern(mid)
        whole = len(words) == 1 or len(" ".join(words)) < 6
        # the pattern holds each word literally: a text without one of them cannot match
        # (a quick test first: the patterns' searches were 95% of a scan's time)
        candidates = [t for t in texts if all(w in t for w in words)]
        found += [(t, mid) for t in candidates if (pattern.fullmatch(t.strip()) if whole else pattern.search(t))]
    return found


def english_left_while_clicking(board: Any, msgids: list[str], seed: int, clicks: int) -> list[tuple[str, str]]:
    """The catalog's English found on ``board`` (:func:`english_left`) after each of
    ``clicks`` random clicks, then after an undo, a bot move and the replay's start."""
    left: list[tuple[str, str]] = []
    rng = random.Random(seed)
    for _k in range(clicks):
        left += english_left(visible_texts(board), msgids)
        if board.state.is_over():
            break
        click_random(board, rng)
    left += english_left(visible_texts(board), msgids)
    board.undo()
    board.step_bot()
    board.history.value = 0
    return left + english_left(visible_texts(board), msgids)


# "ovnilab/board": the board package's modules, and the catalog's locations from before it was
# one module (ovnilab/board.py) until the catalog is extracted again
BOARD_FILES = ("ovnilab/board", "ovnilab/present.py", "ovnilab/bots.py")


@pytest.fixture
def pt() -> Iterator[str]:
    with using_language("pt") as lang:
        yield lang


def _clicks(board: Any, seed: int, n: int) -> None:
    rng = random.Random(seed)
    for _k in range(n):
        if board.state.is_over():
            return
        click_random(board, rng)
        assert board.error.value == "", board.error.value


def assert_replays_alike(make_board: Any, seed: int, clicks: int) -> None:
    """A game clicked in Portuguese (``make_board()``, then ``clicks`` random clicks of
    ``seed``) is the same game clicked in English: the same log, the same save, and the
    save loads with that log (the notation is one language)."""
    with using_language("pt"):
        board = make_board()
        _clicks(board, seed, clicks)
        saved = board.state.to_json()
        pt_log = [str(a) for a in board.state.log]
    with using_language("en"):
        en = make_board()
        _clicks(en, seed, clicks)
        assert [str(a) for a in en.state.log] == pt_log
        assert en.state.to_json() == saved
        assert [str(a) for a in load_json(saved).log] == pt_log


def assert_first_buttons_play_the_notation(board: Any, fresh: Any, label: str, notation: str) -> None:
    """A board built in Portuguese offers its human buttons that read Portuguese
    (``label``) but carry the notation (their tooltips start with ``notation``), and a
    click on the first plays the action its tooltip names: the same as the notation read
    back by ``fresh`` (a new game like the board's)."""
    buttons = board.action_buttons()
    assert buttons and all(b.description.startswith(label) for b in buttons)
    assert all(b.tooltip.startswith(notation) for b in buttons)
    buttons[0].click()
    assert board.state.log[0] == fresh.parse_action(buttons[0].tooltip)


def first_picker_row(board: Any, clicks: int, seed: int = 0) -> Any:
    """The first row of two pickers the board offers within ``clicks`` random clicks of
    ``seed`` (None when it offers none)."""
    rng = random.Random(seed)
    for _k in range(clicks):
        if board.state.is_over():
            return None
        rows = [r for r in board.actions.children if getattr(r, "pickers", None)]
        if rows:
            return rows[0]
        click_random(board, rng)
    return None


# ------------------------------------------------------------------ the shared board
def test_the_environment_gives_the_default_language(monkeypatch):
    monkeypatch.setenv("OVNILAB_LANG", "pt")
    assert i18n._env_default() == "pt"
    monkeypatch.setenv("OVNILAB_LANG", "pt_BR.UTF-8")
    assert i18n._env_default() == "pt"
    monkeypatch.setenv("OVNILAB_LANG", "xx")
    with pytest.warns(RuntimeWarning, match="OVNILAB_LANG"):
        assert i18n._env_default() == "en"
    monkeypatch.delenv("OVNILAB_LANG")
    assert i18n._env_default() == "en"


def test_make_passes_only_a_command_line_lang():
    text = (ROOT / "Makefile").read_text()
    assert "$(filter command line,$(origin LANG))" in text
    assert "$(OVNILAB_LANG_ENV) $(PY) -m jupyter lab" in text
    assert "$(OVNILAB_LANG_ENV) $(PY) -m ovnilab.classroom.server" in text


def test_set_language_is_the_teachers_choice_for_a_board():
    i18n.set_language("pt")
    try:
        board = cows.widget.Board()
        assert board.undo_button.description == "desfazer"
        assert "a vez é de" in board.status.value
    finally:
        i18n.set_language("en")
    assert cows.widget.Board().undo_button.description == "undo"


def test_a_refusal_keeps_the_rule_and_says_the_framing_in_portuguese(pt):
    board = cows.widget.Board()
    assert not board.play("take Mimosa from Celeiro 9")
    err = html.unescape(board.error.value)
    assert "jogada ilegal 'take Mimosa from Celeiro 9'" in err
    assert "você quis dizer 'draw 2'?" in err  # the suggestion is the notation
    assert not board.play("fly away")
    # the game's parser refuses it (its reason is the rules' English); the framing is Portuguese
    assert "jogada ilegal 'fly away': " in html.unescape(board.error.value)
    board.undo()
    assert "nada para desfazer" in board.error.value


def test_a_refusal_in_english_reads_as_the_engine_says_it():
    board = cows.widget.Board()
    try:
        board.state.clone().apply("take Mimosa from Celeiro 9")
    except Exception as exc:  # noqa: BLE001
        expected = str(exc)
    assert not board.play("take Mimosa from Celeiro 9")
    assert html.escape(expected) in board.error.value


def test_the_new_game_tab_speaks_portuguese(pt):
    board = cows.widget.Board()
    texts = visible_texts(board.new_game_tab)
    for word in ("novo jogo", "jogadores", "semente", "opções de regras", "pessoa", "bot aleatório", "lugar 0",
                 "Limite da mão", "Quem começa", "sorteado", "1 área de descarte", "2 áreas de descarte"):
        assert any(word in t for t in texts), word
    board.seed.value = 2 ** 70
    assert not board.new_game()
    assert "o novo jogo não começou" in board.new_game_error.value
    assert "precisa caber em 64 bits" in board.new_game_error.value


def test_rule_options_describe_themselves_and_name_their_values_in_portuguese():
    """Each rule option's line under its control and each named value of a drop-down are
    the catalog's (extracted from the Rules, :func:`ovnilab.i18n.extract_rule_options`);
    the control still gives the value the Rules and saves read, and English is unchanged."""
    from ovnilab import ovni
    from ovnilab.ovni import widget as ovni_widget

    def note(board, name):
        return html.unescape(re.sub(r"<[^>]+>", "", board.rule_notes[name].value))

    en = ovni_widget.Board(ovni.new_game(num_players=3, seed=0))
    assert note(en, "area_tie") == "who wins equal sums in a recruitment area"
    assert en.rule_widgets["area_tie"].options == ("earliest", "opener", "none")
    with using_language("pt"):
        board = ovni_widget.Board(ovni.new_game(num_players=3, seed=0))
        assert note(board, "area_tie") == "quem vence somas iguais numa área de recrutamento"
        assert note(board, "platform_capacity") == "ovnis que cabem na plataforma de lançamento (de 1 a 8)"
        # a file's description names its default once
        assert note(board, "board_file").count("vazio") == 1
        tie = board.rule_widgets["area_tie"]
        assert tie._options_labels == ("a ficha mais antiga", "quem abriu a área", "ninguém")
        assert tie.value == "earliest"
        tie.label = "ninguém"
        assert board.next_game.rules()[0].area_tie == "none"
        assert board.rule_value("ufo_mission") == "on_board"
        # a refused value's line, cleared, is the description again, in the language in force
        board.next_game.clear_problems()
        assert note(board, "area_tie") == "quem vence somas iguais numa área de recrutamento"


def test_every_rule_option_is_in_the_catalog():
    """Every game's rule options: the description and named values the tab shows are
    translated (a new option reaches the catalog at ``make i18n``, not forgotten)."""
    import dataclasses

    from ovnilab import cosmic, ovni
    from ovnilab.board.newgame import field_doc

    for rules in (ovni.Rules, cows.Rules, cosmic.Rules):
        for f in dataclasses.fields(rules):
            doc = field_doc(rules, f)
            with using_language("pt"):
                assert i18n._(doc) != doc, (rules, f.name)
                for value in f.metadata.get("choices") or ():
                    assert i18n.pgettext(i18n.RULE_VALUE_CONTEXT, value) != value, (f.name, value)


# ------------------------------------------------------------------ the cow game
COW_FILES = BOARD_FILES + ("ovnilab/cows/",)


def test_cows_board_in_portuguese_plays_the_same_actions(pt):
    board = cows.widget.Board(cows.new_game(seed=3), seats={0: "human", 1: RandomBot()})
    assert "a vez é de: <b>alien verde</b> (você)" in board.status.value
    assert "turno 1, ação principal" in board.status.value
    (draw,) = [b for b in board.action_buttons() if b.tooltip == "draw 2"]
    assert draw.description == "comprar 2"
    draw.click()
    keep = board.action_buttons()
    assert all(b.description.startswith("ficar com ") for b in keep)
    assert all(b.tooltip.startswith("keep ") for b in keep)
    keep[0].click()
    assert board.state.log[:2] == [cows.new_game(seed=3).parse_action(t) for t in ("draw 2", keep[0].tooltip)]
    svg = board.view.value
    for word in ("Abdução de vacas", "Turno", "alien verde", "alien roxo", "Mão (1/3)", "Baralho (", "pts",
                 ">linha 3<", ">posição 3<", "última: alien verde:"):  # an empty slot's label: two lines
        assert word in svg, word
    assert "Hand (" not in svg and "Green alien" not in svg and "row 1 slot 1" not in svg


def test_cows_game_clicked_in_portuguese_replays_and_loads_in_english():
    with using_language("pt"):
        board = cows.widget.Board(cows.new_game(seed=5), seats={0: "human", 1: RandomBot()})
        _clicks(board, 1, 25)
        saved = board.state.to_json()
    with using_language("en"):
        en = cows.widget.Board(cows.new_game(seed=5), seats={0: "human", 1: RandomBot()})
        _clicks(en, 1, 25)
        assert [str(a) for a in en.state.log] == [str(a) for a in board.state.log]
        assert en.state.to_json() == saved
        loaded = load_json(saved)
        assert [str(a) for a in loaded.log] == [str(a) for a in board.state.log]


def test_cows_pickers_in_portuguese_play_the_action_they_name(pt):
    from ovnilab.cows.render import action_label

    board = cows.widget.Board(cows.new_game(seed=3), seats={0: "human", 1: RandomBot()})
    rng = random.Random(0)
    for k in range(400):
        if board.state.is_over():
            board.seed.value = k
            board.new_game()
        rows = [r for r in board.actions.children if getattr(r, "pickers", None)]
        if rows:
            p1, p2, go = rows[0].pickers
            assert p1.description in ("carta", "pirâmide") and go.description in ("construir", "virar")
            before = len(board.state.log)
            go.click()
            assert len(board.state.log) > before and board.error.value == ""
            played = board.state.log[before]  # the bot's actions follow it
            assert p1.value in action_label(played) and p2.value in action_label(played)
            return
        click_random(board, rng)
    pytest.fail("no pickers offered in 400 clicks")


def test_cows_effect_texts_are_the_english_ones_in_english():
    from ovnilab.cows.data import Effect
    from ovnilab.cows.render import effect_text

    effects = [Effect("flip", "immediate", symbol=s, target=t, optional=o) for s in (-1, 0, 1, 2, 3)
               for t in ("own", "opponent", "any") for o in (True, False)]
    effects += [Effect("peek", "immediate"), Effect("herd", "end", points=2), Effect("balance", "end", points=3),
                Effect("hand", "end", points=-1), Effect("row", "end", points=2, row=3)]
    effects += [Effect(t, k, points=p, symbol=s, whose=w) for t, k in (("adjacent", "adjacency"), ("count", "end"),
                ("majority", "end")) for p in (1, -2) for s in (0, 1, 2, 3, 4) for w in ("own", "opponent")]
    for e in effects:
        assert effect_text(e) == e.text()
    with using_language("pt"):
        assert effect_text(Effect("majority", "end", points=4, symbol=2)) == "+4 se você tiver mais vacas"
        assert effect_text(Effect("flip", "immediate", symbol=0, target="opponent", optional=False)) == \
            "Vire uma carta de Sol na pirâmide do adversário (obrigatório)"


@pytest.mark.parametrize("seed", [0, 3])
def test_no_english_of_the_catalog_left_on_the_cows_board(pt, seed):
    msgids = _msgids_of(COW_FILES)
    assert len(msgids) > 100
    board = cows.widget.Board(cows.new_game(seed=seed, discard_areas=2), seats={0: "human", 1: RandomBot()})
    left = english_left_while_clicking(board, msgids, seed, 60)
    assert sorted(set(left)) == []


def test_cows_panel_for_the_class_page_in_portuguese(pt):
    from ovnilab.cows.render import seat_panel

    s = cows.new_game(seed=3)
    s.apply("draw 2")
    s.apply(str(s.legal_actions()[0]))
    panel = seat_panel(s, 0)
    assert panel["title"] == "O que você tem"
    head, line = panel["lines"][0]
    assert head.startswith("Mão 1: ") and "(" not in head  # no English meaning beside the name
    assert "ponto" in line


def test_the_scan_finds_english_where_it_is():
    """The scan above is no empty check: on the English board it finds the sentences."""
    board = cows.widget.Board(cows.new_game(seed=0), seats={0: "human", 1: RandomBot()})
    found = {m for _t, m in english_left(visible_texts(board), _msgids_of(COW_FILES))}
    assert {"undo", "Cow abduction", "Hand ({n}/{limit})", "row {row} slot {slot}", "draw 2",
            "to act: <b>{name}</b> ({who}) &mdash; {where}"} <= found


def test_a_refused_rule_option_or_data_file_reads_in_portuguese():
    """The new-game tab's errors are the checks' English (``RulesError.errors``, a data
    file's error: byte-identical, tests and saves read them) said in the reader's language
    from the ``N_`` templates that made them, a nested one ("an integer from 1 to 12")
    too; a name or a file name stays as written."""
    from ovnilab import cosmic, datacheck
    from ovnilab.cosmic import widget as cosmic_widget
    from ovnilab.refusals import translate_check

    en = cosmic_widget.Board(cosmic.new_game(num_players=3, seed=0))
    en.rule_widgets["hand_size"].value = 0
    assert not en.new_game()
    assert "hand_size: must be an integer from 1 to 12, got 0" in html.unescape(en.new_game_error.value)
    with using_language("pt"):
        board = cosmic_widget.Board(cosmic.new_game(num_players=3, seed=0))
        board.rule_widgets["hand_size"].value = 0
        assert not board.new_game()
        shown = html.unescape(board.new_game_error.value)
        assert "hand_size: deve ser um inteiro de 1 a 12, recebi 0" in shown, shown
        assert "deve ser um inteiro de 1 a 12, recebi 0" in html.unescape(board.rule_notes["hand_size"].value)
        with pytest.raises(ValueError) as bad:
            datacheck.name("Rio -> Lima", "board.toml: city[3].name", ValueError)
        said = translate_check(bad.value)
        assert said.startswith("board.toml: city[3].name 'Rio -> Lima': o caractere '>' não é permitido num nome "
                               "(letras, dígitos"), said
        with pytest.raises(ValueError) as bad:
            datacheck.array([1], "aliens.toml: alien", ValueError, 2, 2)
        assert translate_check(bad.value) == "aliens.toml: alien deve listar exatamente 2 itens, lista 1"
        assert translate_check("something no check says") == "something no check says"
    assert str(bad.value) == "aliens.toml: alien must list exactly 2 items, got 1"


def test_a_games_checks_across_its_options_read_in_portuguese():
    """A game's own checks that join two options (Cosmic's alien pool and levels, its
    goal against its planets; Ovni's stock) are ``N_`` templates too, said in the
    reader's language on the new-game tab; their English unchanged."""
    from ovnilab import cosmic, ovni
    from ovnilab.core import RulesError
    from ovnilab.cosmic import widget as cosmic_widget
    from ovnilab.refusals import translate_check

    with pytest.raises(RulesError) as bad:
        cosmic.Rules(alien_pool=("Clone", "Clone", "Hate", "Zombie"))
    assert bad.value.errors["alien_pool"] == "names an alien twice"
    with pytest.raises(RulesError) as many:
        cosmic.new_game(num_players=5, seed=0, rules=cosmic.Rules(alien_pool=("Clone", "Hate", "Zombie", "Mind"),
                                                                 alien_choices=2))
    with pytest.raises(RulesError) as stock:
        ovni.Rules(stock_removed_small=9, stock_per_type=9)
    with using_language("pt"):
        assert translate_check(bad.value.errors["alien_pool"]) == "nomeia um alienígena duas vezes"
        assert translate_check(many.value.errors["alien_choices"]) == (
            "5 jogadores x 2 alienígenas precisam de 10 alienígenas para distribuir")
        assert translate_check(stock.value.errors["stock_removed_small"]) == (
            "deve ser menor que stock_per_type (9), recebi 9")
        board = cosmic_widget.Board(cosmic.new_game(num_players=3, seed=0))
        board.rule_widgets["planets"].value = 4
        board.rule_widgets["win_colonies"].value = 9
        assert not board.new_game()
        shown = html.unescape(board.new_game_error.value)
        assert "win_colonies: 9 colônias estrangeiras não podem ser alcançadas" in shown, shown


def test_an_option_that_changes_nothing_is_said_in_portuguese():
    """The warning of a game started with an option another makes inert (core's
    warn_inert, each game's reason why) reads in the board's language; its English, what
    a designer's script sees as a RuleOptionWarning, is unchanged."""
    from ovnilab import cosmic
    from ovnilab.cosmic import widget as cosmic_widget

    with pytest.warns(UserWarning, match=r"Rules\(flares_total=8\) changes nothing while flares=False: no flare"):
        cosmic.Rules(flares=False, flares_total=8)
    with using_language("pt"):
        board = cosmic_widget.Board(cosmic.new_game(num_players=3, seed=0))
        board.rule_widgets["flares"].value = False
        board.rule_widgets["flares_total"].value = 8
        assert board.new_game()
        shown = html.unescape(re.sub(r"<[^>]+>", "", board.error.value))
        assert ("Rules(flares_total=8) não muda nada enquanto flares=False: nenhum Flare é embaralhado no deck"
                in shown), shown
