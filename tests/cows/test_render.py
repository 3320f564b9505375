"""The SVG board: valid XML, everything a player needs, nothing hidden."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from ovnilab import cows
from ovnilab.cows.render import HAND_Y, to_svg
from ovnilab.svg import text_width

from .scenario import blank, to_celeiro, to_hand, to_pyramid

NS = "{http://www.w3.org/2000/svg}"


def all_text(svg: str) -> str:
    """Every text of the drawing in order, one space between two (so a wrapped effect or
    a two-line label reads as one phrase)."""
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return " ".join(t.text or "" for t in root.iter(NS + "text"))


def group_texts(svg: str, cls: str) -> list[list[str]]:
    """The texts of each ``<g class=cls>`` of the drawing (a card, a seat's score box)."""
    root = ET.fromstring(svg)
    return [[t.text or "" for t in g.iter(NS + "text")] for g in root.iter(NS + "g") if g.get("class") == cls]


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
                     f"Deck ({len(s.deck)})", "drawn from the bottom", s.face(s.deck[0]).name,
                     "+1 per Moon in your pyramid", "-1 per adjacent", "+4 if you have more cows",
                     "Green alien to act", "row 2 slot 1", "Hand (1/3)",
                     "\u25b6 to act", "started", "Purple alien"):
        assert expected in text, expected
    for tag in ("END", "ADJ", "NOW"):
        assert tag in text
    # each seat's score box: its total, then base, ADJ and END points as the count gives them
    for seat, (box, b) in enumerate(zip(group_texts(s._repr_svg_(), "seat"), s.score_breakdown())):
        assert box[:2] == [f"{sum(b.values())} pts", ("Green alien", "Purple alien")[seat]]
        assert "you" not in box  # a spectator's view: no seat is "you", and no "seat 0" anywhere
        assert box[-6:] == ["base", str(b["base"]), "ADJ", f"{b['adjacency']:+d}", "END", f"{b['end_of_game']:+d}"]
    assert "seat 0" not in text and "seat 1" not in text
    # a player's view marks their own box "you" (a class page's student finds their side)
    mine = group_texts(to_svg(s, viewer=1), "seat")
    assert "you" in mine[1] and "you" not in mine[0]


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
    """The viewBox size and every drawn card or empty card slot as (label, x, y, w, h); a
    card's label ("hand 2") is the text written under it, after its group."""
    root = ET.fromstring(svg)
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    boxes = []
    kids = list(root)
    for i, g in enumerate(kids):
        if g.tag == NS + "g" and g.get("class") == "card":
            r = g.find(NS + "rect")
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            nxt = kids[i + 1] if i + 1 < len(kids) else None
            under = nxt is not None and nxt.tag == NS + "text" and float(nxt.get("y")) > y + h
            boxes.append((nxt.text if under else "", x, y, w, h))
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


# ---- no text overlaps another or leaves its box

# A text's box from its x, y, font-size and text-anchor: as wide as text_width (or its
# textLength, when squeezed), from the tallest letters (accented capitals reach about 0.8
# of the size above the baseline in DejaVu Sans) to the descenders (0.25 below).
ASCENT, DESCENT = 0.8, 0.25


def text_boxes(svg: str) -> list[tuple[str, tuple[float, ...], tuple[float, ...] | None]]:
    """Every ``<text>`` as (text, its box (x0, y0, x1, y1), the box it must stay in): the
    first ``<rect>`` of the nearest enclosing ``<g class=...>`` (a card, a tag, a score
    box, the title bar, the effect box), or None for a label on the table."""
    root = ET.fromstring(svg)
    parent = {child: p for p in root.iter() for child in p}
    out = []
    for t in root.iter(NS + "text"):
        s = "".join(t.itertext())
        size, x, y = (float(t.get(k)) for k in ("font-size", "x", "y"))
        w = float(t.get("textLength") or text_width(s, size, t.get("font-weight") == "bold"))
        x0 = x - {"start": 0, "middle": w / 2, "end": w}[t.get("text-anchor", "start")]
        g = parent.get(t)
        while g is not None and not (g.tag == NS + "g" and g.get("class")):
            g = parent.get(g)
        frame = None
        if g is not None:
            r = g.find(NS + "rect")
            fx, fy = float(r.get("x", 0)), float(r.get("y", 0))
            frame = (fx, fy, fx + float(r.get("width")), fy + float(r.get("height")))
        out.append((s, (x0, y - ASCENT * size, x0 + w, y + DESCENT * size), frame))
    return out


def layout_faults(svg: str) -> list[str]:
    """What a reader would trip on: texts that overlap, or that leave their box or the
    viewBox (empty when the drawing is clean)."""
    w, h = (float(v) for v in ET.fromstring(svg).get("viewBox").split()[2:])
    boxes = text_boxes(svg)
    faults = []
    for s, (x0, y0, x1, y1), frame in boxes:
        if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
            faults.append(f"{s!r} leaves the drawing: {x0:.0f},{y0:.0f} to {x1:.0f},{y1:.0f}")
        if frame and (x0 < frame[0] - 0.5 or y0 < frame[1] - 0.5 or x1 > frame[2] + 0.5 or y1 > frame[3] + 0.5):
            faults.append(f"{s!r} leaves its box {frame}")
    boxes.sort(key=lambda b: b[1][0])
    for i, (sa, a, _) in enumerate(boxes):
        for sb, b, _ in boxes[i + 1:]:
            if b[0] >= a[2]:
                break
            if b[1] < a[3] and a[1] < b[3]:
                faults.append(f"{sa!r} overlaps {sb!r}")
    return faults


def random_table(seed: int) -> cows.State:
    """A crowded table no game may reach: every card somewhere at random (either side up),
    full or part-full pyramids and hands, Celeiro piles, maybe a drawn pair."""
    rng = random.Random(seed)
    s = blank(seed, areas=1 + seed % 2)
    cards = s.deck[:]
    rng.shuffle(cards)
    s.deck.clear()
    for c in cards:
        s.up[c] = rng.randrange(2)
    for seat in (0, 1):
        for slot in rng.sample(range(6), rng.randint(0, 6)):
            s.pyr[seat][slot] = cards.pop()
            s.mask[seat] |= 1 << slot
        s.hand[seat] = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 3)))]
    if len(cards) >= 2 and rng.random() < 0.5:
        s.drawn = [cards.pop(), cards.pop()]
        s.phase = cows.rules.KEEP
    for c in cards:
        (s.deck if rng.random() < 0.5 else rng.choice(s.cel)).append(c)
    s._legal_cache = None
    return s


def test_layout_fault_finder_finds_overlaps_and_spills():
    """The check below finds what it looks for: a text drawn over another, a text out of its
    card, a text past the drawing's edge (each made by moving one text of a clean drawing)."""
    s = blank()
    to_pyramid(s, 0, 0, "Sonda", "Raio Trator")
    svg = to_svg(s, show_backs=True)
    assert layout_faults(svg) == []
    m = re.search(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>Sonda</text>', svg)
    x, y = float(m.group(1)), float(m.group(2))

    def moved(dx: float, dy: float, keep: bool = False) -> str:
        twin = m.group(0).replace(f'x="{x:.1f}" y="{y:.1f}"', f'x="{x + dx:.1f}" y="{y + dy:.1f}"')
        return svg.replace(m.group(0), (m.group(0) if keep else "") + twin)

    assert any("overlaps" in f for f in layout_faults(moved(12, 0, keep=True)))
    assert any("'Sonda' overlaps" in f or "overlaps 'Sonda'" in f for f in layout_faults(moved(0, 36)))
    assert any("leaves its box" in f for f in layout_faults(moved(40, 0)))
    assert any("leaves the drawing" in f for f in layout_faults(moved(0, -y + 5)))


def test_no_text_overlaps_or_leaves_its_box():
    """Every text of the drawing stands apart, inside its card or box and the drawing, in
    positions of random games (every step, each viewer, the spectator and the teacher's
    view with every back) and on random crowded tables, with 1 and 2 Celeiro areas."""
    seen = 0
    for seed in range(6):
        s = cows.new_game(seed=seed, discard_areas=1 + seed % 2)
        rng = random.Random(seed)
        while True:
            for view in ({"viewer": None}, {"viewer": seed % 2}, {"show_backs": True}):
                assert layout_faults(to_svg(s, **view)) == [], (seed, s.turns, view, str(s.log[-1:]))
                seen += 1
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
    for seed in range(40):
        s = random_table(seed)
        assert layout_faults(to_svg(s, show_backs=True)) == [], seed
    assert seen > 300


# The board's row on a 1280x720 Voila page (15 px margins each side) and on a 1024x768
# one (a projector); tests/test_browser.py checks that the page gives the row its width
# and the map the width view_width_px says.
SCREENS = {"1280x720": (1250, 720), "1024x768": (994, 768)}


@pytest.mark.parametrize("screen", SCREENS)
def test_text_is_at_least_12_px_on_a_projected_screen(screen):
    """Projected in class, the smallest text (card effects, score parts, slot labels) is
    at least 12 px tall: its font size x the width the board's layout gives the drawing
    on that screen / the viewBox width. Positions from a whole game, both viewers and the
    spectator, with the rulebook's hand of 3 (a larger hand limit makes the drawing taller,
    so the board shows it narrower)."""
    from ovnilab.board import svg_aspect, view_width_px
    from ovnilab.svg import screen_px, smallest_font

    row, window_height = SCREENS[screen]
    s = cows.new_game(seed=3)
    rng = random.Random(3)
    worst = (99.0, "")
    while True:
        for viewer in (None, 0, 1):
            svg = to_svg(s, viewer)
            shown = view_width_px(svg_aspect(svg), row, window_height)
            px = screen_px(smallest_font(svg), svg, shown)
            worst = min(worst, (px, f"turn {s.turns}, viewer {viewer}"))
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    assert worst[0] >= 12, f"text of {worst[0]:.1f} px at {worst[1]}"
