"""The engines' refusals in Portuguese (issue 33).

Each engine says why it refuses an action in English (``IllegalAction.rule``, what the
refusal tests check word for word); each reason is a template marked for the catalog
(``N_``), and the board (``refusal_text``) and the class server say it in the reader's
language (``ovnilab/refusals.py``). Here every refusal the per-game refusal tests reach
(their positions are reused) is said in Portuguese: the English was made from one of the
game's templates, the Portuguese sentence holds none of that template's English words and
every value the English held (card names, numbers, action texts: the rulebooks' words and
the notation), and the framing around it is Portuguese too."""

from __future__ import annotations

import re

import pytest

from ovnilab.board.text import refusal_text
from ovnilab.core import IllegalAction
from ovnilab.i18n import template_pattern, using_language
from ovnilab.refusals import say_value, templates, translate_rule
from tests import test_refusals_cosmic as cosmic_cases
from tests import test_refusals_cows as cows_cases
from tests import test_refusals_ovni as ovni_cases

#: English words a template shares with its Portuguese, or names that every language
#: keeps (cards, aliens, a rule option's Python)
SAME_IN_BOTH = {"Celeiro", "face", "Mimosa", "Farol", "alien", "aliens", "Ovni",
                "Rules", "attack", "distinct", "targets", "False", "Cosmic", "Encounter", "Card", "Super", "Plague",
                "Observer", "Filch", "artifacts", "toml"}


def _made_from(rule: str, game: str) -> tuple[str, dict[str, str]]:
    """The template of ``game`` the English ``rule`` was made from and its values (of
    the templates that read it, the one with the shortest longest value)."""
    found = [m.groupdict() | {"": t} for t in templates(game) if (m := template_pattern(t).fullmatch(rule))]
    assert found, f"no template of {game} made {rule!r}"
    best = min(found, key=lambda d: max([len(v) for k, v in d.items() if k] or [0]))
    return best.pop(""), best


def _english_words(template: str) -> set[str]:
    """The English words of a template outside its placeholders and its quoted action
    texts ('draw 2', `end group`: the notation is one language)."""
    words = re.sub(r"\{\w+\}|'[^']*'|`[^`]*`", " ", template)
    return {w for w in re.findall(r"[A-Za-z]{4,}", words) if w not in SAME_IN_BOTH}


def check_in_portuguese(exc: IllegalAction, game: str) -> str:
    """``exc``'s rule said in Portuguese: no English of its template left, the same values
    (a value that is a refusal itself in Portuguese too); the board's text frames it."""
    template, values = _made_from(exc.rule, game)
    with using_language("pt"):
        said = translate_rule(exc.rule, game)
        text = refusal_text(exc, game)
    assert said in text, (said, text)
    if exc.action is not None:
        assert text.startswith("jogada ilegal "), text
    rest = said
    for name, v in values.items():
        with using_language("pt"):  # a refusal inside a refusal, a seat, a group: in Portuguese
            v = say_value(v, game, name)
        assert v in rest, (name, v, said)
        rest = rest.replace(v, " ", 1)
    # no English word of the template left, in the sentence or in a value (but for the
    # notation it quotes)
    unquoted = re.sub(r"'[^']*'|`[^`]*`", " ", said)
    left = {w for w in _english_words(template) if re.search(rf"\b{w}\b", unquoted)}
    assert not left, (left, said, exc.rule)
    assert said != exc.rule or not _english_words(template), said
    return said


def _refused(g, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        g.apply(action)
    return refused.value


@pytest.mark.parametrize("case", cows_cases.CASES, ids=[c.name for c in cows_cases.CASES])
def test_the_cow_games_refusals_in_portuguese(case, tmp_path):
    g, action = case.find(tmp_path)
    check_in_portuguese(_refused(g, action), "cows")


def test_the_cow_games_refusals_read_as_before_in_english():
    """English is the engine's sentence as it was (the rulebook tests check its words)."""
    g, action = cows_cases.CASES[2].find(None)
    exc = _refused(g, action)
    with using_language("en"):
        assert refusal_text(exc, "cows") == str(exc)
        assert translate_rule(exc.rule, "cows") == exc.rule


def test_a_printed_refusal_reads_in_the_readers_language(capsys, tmp_path):
    """Where a refusal is printed (an exception in a notebook, the rules notebooks' walk,
    a class room that no longer replays) it reads as the board says it; in English it is
    the engine's message as before, byte for byte."""
    import sqlite3

    from ovnilab import cows, walk
    from ovnilab.classroom import Classroom, ClassroomError
    from ovnilab.core import action_text

    g = cows.new_game(seed=1)
    exc = _refused(g, "take Mimosa from Celeiro 9")
    english = f"illegal action {action_text(exc.action)!r}: {exc.rule}"
    if exc.suggestions:
        english += f"; did you mean {', '.join(repr(h) for h in exc.suggestions)}?"
    with using_language("en"):
        assert str(exc) == english
    with using_language("pt"):
        said = str(exc)
        assert said.startswith("jogada ilegal 'take Mimosa from Celeiro 9': ")
        assert translate_rule(exc.rule, "cows") in said and exc.rule not in said
        assert walk.refused(g, "take Mimosa from Celeiro 9") == exc.rule  # returned as the engine says it
    printed = capsys.readouterr().out
    with using_language("pt"):
        assert printed.rstrip("\n").endswith(" recusada: " + translate_rule(exc.rule, "cows"))
    walk.refused(g, "take Mimosa from Celeiro 9")
    assert capsys.readouterr().out.rstrip("\n").endswith("refused: " + exc.rule)

    cl = Classroom(str(tmp_path / "class.sqlite"))
    room = cl.open_room("cows", bot_delay=0, decision_seconds=None, seed=4)
    ana = cl.join(room.code, "Ana")
    cl.join(room.code, "Bruno")
    room.start()
    with sqlite3.connect(tmp_path / "class.sqlite") as db:  # a move this version refuses
        seq = db.execute("SELECT COUNT(*) FROM actions WHERE room=?", (room.code,)).fetchone()[0]
        db.execute("INSERT INTO actions VALUES (?, ?, 0, 'take Mimosa from Celeiro 9', 'student', 0)",
                   (room.code, seq))
        db.execute("UPDATE rooms SET version=version+1 WHERE id=?", (room.code,))
    with using_language("pt"), pytest.raises(ClassroomError) as broken:
        ana.view()
    msg = str(broken.value)
    assert msg.startswith(f"a sala {room.code} não pode ser retomada: a jogada guardada {seq} ")
    assert "jogada ilegal 'take Mimosa from Celeiro 9': " in msg and exc.rule not in msg
    with using_language("en"), pytest.raises(ClassroomError) as broken:
        ana.view()
    assert f"cannot be resumed: its stored move {seq} ('take Mimosa from Celeiro 9') does not replay" in \
        str(broken.value) and exc.rule in str(broken.value)


def test_quoted_engine_names_read_in_portuguese():
    """Ovni's phase is said as its status line says it; a list of a game's colours (what a
    player types) keeps each colour's notation with its Portuguese word."""
    from ovnilab import cosmic, ovni
    from ovnilab.ovni.render.text import phase_label

    g = ovni.new_game(num_players=3, seed=0)
    exc = _refused(g, "move Berlim -> Paris")
    assert exc.game == "ovni" and "the game is in the phase 'keep missions'" in exc.rule
    with using_language("pt"):
        assert f"o jogo está na fase '{phase_label('keep missions')}'" in str(exc)
        assert phase_label("keep missions") != "keep missions"
    c = cosmic.new_game(num_players=3, seed=0)
    with pytest.raises(IllegalAction) as refused:
        c.parse_action("aim at mauve 3")
    with using_language("pt"):
        assert "as cores são ['red' (vermelho), 'blue' (azul), 'yellow' (amarelo)" in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        c.apply("aim at red 9")
    with using_language("pt"):
        assert "são red (vermelho), blue (azul), yellow (amarelo) 1 a 5" in str(refused.value)


def test_a_cow_refusal_in_portuguese_reads_as_a_sentence():
    from ovnilab import cows
    from ovnilab.cows.rules import Action

    g = cows.new_game(seed=1)
    with using_language("pt"):
        assert refusal_text(_refused(g, Action("end")), "cows").startswith(
            "jogada ilegal 'end turn': faça sua ação principal (comprar, pegar do Celeiro ou virar) antes de "
            "encerrar a rodada")
        assert refusal_text(_refused(g, ("draw",)), "cows") == (
            "não é uma ação do jogo das vacas: as ações são textos ou objetos ovnilab.cows.rules.Action, "
            "não tuple")


@pytest.mark.parametrize("case", ovni_cases.CASES, ids=[c.name for c in ovni_cases.CASES])
def test_ovnis_refusals_in_portuguese(case):
    g, action = case.find()
    check_in_portuguese(_refused(g, action), "ovni")


def test_an_ovni_refusal_and_its_note_in_portuguese():
    """A refusal's note of what the engine did by itself (a turn passed, a group closed)
    is said in Portuguese too, its seats and groups as the board names them."""
    notes = [c for c in ovni_cases.CASES if c.part]
    assert notes
    said = []
    for case in notes:
        g, action = case.find()
        exc = _refused(g, action)
        if "; note: " in exc.rule:
            said.append(check_in_portuguese(exc, "ovni"))
    assert said and all("; observação: " in s for s in said), said
    assert any(re.search(r"(vermelho|azul|verde|amarelo) \(", s) for s in said), said


@pytest.mark.parametrize("case", cosmic_cases.CASES, ids=[c.name for c in cosmic_cases.CASES])
def test_cosmic_encounters_refusals_in_portuguese(case):
    g, action, _values = case.build()
    if action == "undo":
        with pytest.raises(IllegalAction) as refused:
            g.undo()
        exc = refused.value
    else:
        exc = _refused(g, action)
    check_in_portuguese(exc, "cosmic")


def test_a_cosmic_refusal_names_the_player_and_what_it_waits_for_in_portuguese():
    """"The game waits for red: <what the task waits for>": the colour and the task's
    sentence in Portuguese."""
    case = next(c for c in cosmic_cases.CASES if c.name == "waits/select")
    g, action, _values = case.build()
    with using_language("pt"):
        said = translate_rule(_refused(g, action).rule, "cosmic")
    assert re.fullmatch(r"o jogo espera por (vermelho|azul|amarelo|verde|roxo): escolha uma carta de encontro "
                        r"\(Ataque, Negociação ou Morph\) da sua mão", said), said
