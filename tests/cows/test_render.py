"""The SVG board: valid XML, everything a player needs, nothing hidden."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from ovnilab import cows
from ovnilab.cows.render import to_svg

from .scenario import blank, to_celeiro, to_hand, to_pyramid

NS = "{http://www.w3.org/2000/svg}"


def all_text(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return " ".join(t.text or "" for t in root.iter(NS + "text"))


def test_svg_parses_at_every_step_of_games():
    for seed in range(4):
        s = cows.new_game(seed=seed, discard_areas=1 + seed % 2)
        rng = random.Random(seed)
        while True:
            for viewer in (None, 0, 1):
                ET.fromstring(to_svg(s, viewer))
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
        assert "Game over" in all_text(to_svg(s))


def test_board_shows_pyramids_hands_celeiro_deck_and_turn():
    s = blank(areas=2)
    to_pyramid(s, 0, 0, "Lua Cheia", "Eclipse")
    to_pyramid(s, 1, 0, "Boi Bravo", "Farol")
    to_hand(s, 0, "Curral", "Gêmeos")
    to_celeiro(s, 2, "Manada", "Sonda")
    text = all_text(s._repr_svg_())
    for expected in ("Lua Cheia", "Boi Bravo", "Curral", "Manada", "Celeiro 2 (1)", "Celeiro 1 (0)",
                     f"Deck: {len(s.deck)} card(s)", s.face(s.deck[0]).name,
                     "+1 per Moon in your pyramid", "-1 per adjacent", "+4 if you have more cows",
                     "Green alien (seat 0) to act", "row 2 slot 1", "Hand (1/3)"):
        assert expected in text, expected
    for tag in ("END", "ADJ"):
        assert tag in text


def test_last_action_is_highlighted_and_named():
    s = blank()
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_pyramid(s, 1, 0, "Mimosa", "Bezerrinho")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")
    svg = to_svg(s)
    assert "build Raio Trator (hand 1) at row 1 slot 1" in all_text(svg)
    assert svg.count('stroke="#ff6d00" stroke-width="3.5"') == 1
    assert "effect of Raio Trator" in all_text(svg)  # the pending effect, for its chooser


def test_hidden_backs_are_not_in_the_viewers_svg():
    s = blank()
    to_hand(s, 0, "Sonda", "Manada")
    to_hand(s, 0, "Farol", "Vaca Voadora")
    # Manada and Vaca Voadora show nowhere: only a peek or a flip could reveal them
    assert "Manada" not in all_text(to_svg(s, 1)) and "Vaca Voadora" not in all_text(to_svg(s, 0))
    s.apply("build Sonda (hand 1) at row 1 slot 1")  # seat 0 peeks at Farol's back
    assert "back: Vaca Voadora" in all_text(to_svg(s, 0))
    assert "Vaca Voadora" not in all_text(to_svg(s, 1))
    assert "Vaca Voadora" not in all_text(to_svg(s))  # a spectator
    assert "back: Manada" in all_text(to_svg(s, show_backs=True))  # the teacher's view


def test_no_card_numbers_leak_into_the_svg():
    s = cows.new_game(seed=3)
    svg = to_svg(s, 0)
    assert "card-" not in svg and "data-card" not in svg


def test_viewer_is_validated():
    with pytest.raises(ValueError, match="viewer"):
        to_svg(cows.new_game(seed=1), viewer=2)
