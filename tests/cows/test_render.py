"""The SVG board: valid XML, everything a player needs, nothing hidden."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from ovnilab import cows
from ovnilab.cows.render import HAND_Y, to_svg

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


def _card_boxes(svg: str) -> tuple[tuple[float, float], list[tuple[str, float, float, float, float]]]:
    """The viewBox size and every drawn card or empty card slot as (label, x, y, w, h)."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    boxes = []
    for g in root.iter(NS + "g"):
        if g.get("class") == "card":
            r = g.find(NS + "rect")
            label = [t.text or "" for t in g.iter(NS + "text")][-1]  # "hand 2", or an effect line
            boxes.append((label, *(float(r.get(k)) for k in ("x", "y", "width", "height"))))
    for r in root.iter(NS + "rect"):
        if r.get("stroke-dasharray"):  # an empty slot
            boxes.append(("empty", *(float(r.get(k)) for k in ("x", "y", "width", "height"))))
    return (width, height), boxes


@pytest.mark.parametrize("limit,held", [(3, (3, 2)), (4, (4, 1)), (5, (5, 4)), (9, (7, 6))])
def test_hand_slots_follow_the_hand_limit(limit, held):
    s = blank(areas=2, rules=cows.Rules(hand_limit=limit))
    to_celeiro(s, 1, "Manada", "Sonda")
    for seat, k in enumerate(held):
        for _ in range(k):
            s.hand[seat].append(s.deck.pop())
    s.drawn = [s.deck.pop(), s.deck.pop()]  # the centre column's tallest moment
    s.phase = cows.rules.KEEP
    svg = to_svg(s, show_backs=True)
    (width, height), boxes = _card_boxes(svg)
    assert sorted(b[0] for b in boxes if b[0].startswith("hand ")) == sorted(
        f"hand {i + 1}" for k in held for i in range(k))
    # one slot per card the limit allows, per seat (the empty ones dashed)
    assert len([b for b in boxes if b[0] == "empty" and b[2] >= HAND_Y]) == 2 * limit - sum(held)
    for label, x, y, w, h in boxes:
        assert 0 <= x and x + w <= width and 0 <= y and y + h + 14 <= height, (label, x, y, height)
    # no two cards or slots overlap (pyramids, hands, deck, Celeiro, drawn pair)
    for i, (la, xa, ya, wa, ha) in enumerate(boxes):
        for lb, xb, yb, wb, hb in boxes[i + 1:]:
            apart = xa + wa <= xb or xb + wb <= xa or ya + ha <= yb or yb + hb <= ya
            assert apart, (la, lb)
    text = all_text(svg)
    assert f"Hand ({held[0]}/{limit})" in text and f"hand {held[0]}" in text


# The board's row on a 1280x720 Voila page (15 px margins each side); tests/test_browser.py
# checks that the page gives the row this width and the map the width view_width_px says.
ROW_1280, HEIGHT_720 = 1250, 720


def test_text_is_at_least_12_px_on_a_1280x720_screen():
    """Projected in class, the smallest text (card effects, score parts, slot labels) is
    at least 12 px tall: its font size x the width the board's layout gives the drawing
    at 1280x720 / the viewBox width. Positions from a whole game, both viewers and the
    spectator, with the rulebook's hand of 3 (a larger hand limit makes the drawing taller,
    so the board shows it narrower)."""
    from ovnilab.board import svg_aspect, view_width_px
    from ovnilab.svg import screen_px, smallest_font

    s = cows.new_game(seed=3)
    rng = random.Random(3)
    worst = (99.0, "")
    while True:
        for viewer in (None, 0, 1):
            svg = to_svg(s, viewer)
            shown = view_width_px(svg_aspect(svg), ROW_1280, HEIGHT_720)
            px = screen_px(smallest_font(svg), svg, shown)
            worst = min(worst, (px, f"turn {s.turns}, viewer {viewer}"))
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    assert worst[0] >= 12, f"text of {worst[0]:.1f} px at {worst[1]}"
