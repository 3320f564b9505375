"""Cosmic's alien powers in Portuguese (issue 33): each alien's one-line ``summary`` of
data/cosmic/aliens.toml is a catalog sentence (``make i18n`` extracts it with
``ovnilab.i18n:extract_alien_summaries``) that the board and the class page say in the
reader's language; English reads exactly as the data file; a summary the catalog does not
know (a data file the user swapped in) shows as written."""

from __future__ import annotations

import dataclasses
import html
from pathlib import Path

import pytest

pytest.importorskip("babel")

from ovnilab import cosmic  # noqa: E402
from ovnilab.cosmic.render import seat_panel, to_svg  # noqa: E402
from ovnilab.cosmic.render.text import alien_summary  # noqa: E402
from ovnilab.datafiles import tomllib  # noqa: E402
from ovnilab.i18n import _, extract_alien_summaries, using_language  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ALIENS = ROOT / "data" / "cosmic" / "aliens.toml"


def _data_file_summaries() -> dict[str, str]:
    with open(ALIENS, "rb") as f:
        return {a["name"]: a["summary"] for a in tomllib.load(f)["alien"]}


def test_every_alien_of_the_data_file_has_its_portuguese_summary():
    english = _data_file_summaries()
    assert len(english) == 50
    state = cosmic.new_game(num_players=3, seed=1)
    assert {n: a.summary for n, a in state.g.aliens.items()} == english  # the game reads this file
    for name, summary in english.items():
        with using_language("pt"):
            pt = _(summary)
            shown = alien_summary(state, name)
        assert pt.strip() and pt != summary, f"{name}'s summary has no Portuguese"
        assert shown == f"{name}: {pt}"
        assert alien_summary(state, name) == f"{name}: {summary}"  # English byte-identical
    with using_language("pt"):
        assert alien_summary(state, "Pacifist") == \
            "Pacifist: Quando você revela uma Negociação e seu oponente um Ataque, você vence."
        assert alien_summary(state, None) == alien_summary(state, "Nobody") == ""


def test_the_extractor_gives_each_summary_with_its_aliens_name():
    english = _data_file_summaries()
    with open(ALIENS, "rb") as f:
        found = list(extract_alien_summaries(f, None, [], {}))
    assert [text for _line, _fn, text, _comments in found] == list(english.values())
    lines = (ALIENS.read_text(encoding="utf-8")).splitlines()
    for (line, _fn, text, comments), name in zip(found, english):
        assert text in lines[line - 1] and lines[line - 1].lstrip().startswith("summary")
        assert comments and name in comments[0]
    cfg = (ROOT / "ovnilab" / "locale" / "babel.cfg").read_text()
    assert "ovnilab.i18n:extract_alien_summaries" in cfg
    assert "[ovnilab_alien_summaries: data/cosmic/aliens.toml]" in cfg


def test_the_board_and_the_class_page_say_the_summaries_in_portuguese():
    state = cosmic.new_game(num_players=3, seed=4)
    offered = state.observation(0)["alien_offers"]
    assert offered
    with using_language("pt"):
        lines = seat_panel(state, 0)["lines"]
    texts = [text for _label, text in lines]
    for name in offered:
        assert f"{name}: {_pt(state.g.aliens[name].summary)}" in texts
        assert state.g.aliens[name].summary not in " ".join(texts)
    english = [text for _label, text in seat_panel(state, 0)["lines"]]
    for name in offered:
        assert f"{name}: {state.g.aliens[name].summary}" in english
    # the drawing's tooltip of a chosen alien, once every seat has chosen
    for seat in range(3):
        state.apply(f"choose alien {state.observation(seat)['alien_offers'][0]}")
    mine = state.alien[0]
    with using_language("pt"):
        svg = to_svg(state, viewer=0)
    assert html.escape(_pt(state.g.aliens[mine].summary), quote=False) in svg
    assert html.escape(state.g.aliens[mine].summary, quote=False) not in svg


def _pt(text: str) -> str:
    with using_language("pt"):
        return _(text)


def test_a_summary_the_catalog_does_not_know_shows_as_written(monkeypatch):
    state = cosmic.new_game(num_players=3, seed=2)
    own = "When you reveal a negotiate, a house rule of ours says you win."
    monkeypatch.setitem(state.g.aliens, "Pacifist", dataclasses.replace(state.g.aliens["Pacifist"], summary=own))
    with using_language("pt"):
        assert alien_summary(state, "Pacifist") == f"Pacifist: {own}"
        assert alien_summary(state, "Oracle").startswith("Oracle: Seu oponente deve escolher")
    assert alien_summary(state, "Pacifist") == f"Pacifist: {own}"
