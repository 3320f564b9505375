"""The boards' "words" tab (issue 22): the games are Brazilian and the boards keep the
rulebooks' Portuguese names (Celeiro, Boi Bravo, Moscou, Político); the tab gives each
its English meaning, from the game's data/<game>/words.toml."""

from __future__ import annotations

import pytest

from ovnilab.cows import data as cows_data
from ovnilab.cows.widget import Board as CowsBoard
from ovnilab.datafiles import load_words
from ovnilab.ovni import data as ovni_data
from ovnilab.ovni.widget import Board as OvniBoard


def test_every_cow_card_name_and_the_celeiro_have_a_meaning():
    words = load_words(cows_data.data_dir() / "cows" / "words.toml")
    names = {f.name for f in cows_data.load_cards().faces} - {"Eclipse"}  # the same in English
    assert names and names | {"Celeiro"} <= set(words), sorted(names - set(words))


def test_ovni_human_categories_and_portuguese_cities_have_a_meaning():
    words = load_words(ovni_data.data_dir() / "ovni" / "words.toml")
    assert set(ovni_data.load_cards().categories) <= set(words)
    cities = set(ovni_data.load_board().names)
    # the cities whose Portuguese spelling differs from the English one
    for pt, en in (("Moscou", "Moscow"), ("Tóquio", "Tokyo"), ("Berlim", "Berlin"), ("Madri", "Madrid"),
                   ("Sidney", "Sydney")):
        assert pt in cities and words[pt] == en


@pytest.mark.parametrize("board_cls,word,meaning", [(CowsBoard, "Boi Bravo", "angry bull"),
                                                     (OvniBoard, "Moscou", "Moscow")])
def test_the_words_tab_shows_the_meanings(board_cls, word, meaning):
    board = board_cls()
    assert board.tabs.titles[-1] == "words"
    tab = board.tabs.children[-1].value
    assert f"<b>{word}</b></td><td>{meaning}</td>" in tab
    # a list of one's own replaces it; an empty list drops the tab
    own = board_cls(words={"Vaca": "cow"})
    assert "<b>Vaca</b>" in own.words_view.value and word not in own.words_view.value
    assert "words" not in board_cls(words={}).tabs.titles


@pytest.mark.parametrize("text,problem", [
    ('title = "x"\n', "one [words] table"),
    ('[words]\n"Vaca" = 3\n', "meaning of 'Vaca'"),
    ('[words]\n"Vaca" = ""\n', "meaning of 'Vaca'"),
    ('[words]\n"Vaca" = "cow\\nbull"\n', "one line"),
    ('[words]\n"Vaca" = "' + "m" * 81 + '"\n', "1 to 80 characters"),
    ('[words]\n"Vaca" = "cow"\n[extra]\n', "one [words] table"),
])
def test_a_bad_words_list_is_refused_naming_the_file(tmp_path, text, problem):
    path = tmp_path / "words.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as exc:
        load_words(path)
    assert str(path) in str(exc.value) and problem in str(exc.value)
