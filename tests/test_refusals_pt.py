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
from ovnilab.i18n import _pattern, using_language
from ovnilab.refusals import templates, translate_rule
from tests import test_refusals_cows as cows_cases

#: English words a template shares with its Portuguese (or that are game words)
SAME_IN_BOTH = {"Celeiro", "face", "Mimosa", "Farol"}


def _made_from(rule: str, game: str) -> tuple[str, dict[str, str]]:
    """The template of ``game`` the English ``rule`` was made from and its values."""
    for t in templates(game):
        m = _pattern(t).fullmatch(rule)
        if m is not None:
            return t, m.groupdict()
    raise AssertionError(f"no template of {game} made {rule!r}")


def _english_words(template: str) -> set[str]:
    """The English words of a template outside its placeholders and its quoted action
    texts (the notation is one language)."""
    words = re.sub(r"\{\w+\}|'[^']*'", " ", template)
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
        try:
            inner, _ = _made_from(v, game)
        except AssertionError:
            inner = None
        if inner is not None:  # a refusal inside a refusal ("malformed ...: <rule>")
            with using_language("pt"):
                v = translate_rule(v, game)
        elif name == "game":
            continue  # the game's name, said in Portuguese ("do jogo das vacas")
        assert v in rest, (name, v, said)
        rest = rest.replace(v, " ", 1)
    left = {w for w in _english_words(template) if re.search(rf"\b{w}\b", rest)}
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
