"""Ovni rendering: valid, deterministic SVG that never shows what a viewer may not see."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from ovnilab import ovni
from ovnilab.ovni import rules as R
from ovnilab.ovni.render import HILITE, SEAT_HEX, board_svg, key_svg, mat_svg, panel_html, to_svg

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> str:
    """Every <text> of the picture, in document order, joined by spaces (so a wrapped
    sentence reads back whole)."""
    root = ET.fromstring(svg)
    return " ".join((t.text or "") for t in root.iter(SVG + "text"))


def random_game(n: int, seed: int):
    """Yield every state of a random game (the same state object, advanced in place)."""
    s = ovni.new_game(n, seed=seed, setup="random")
    rng = random.Random(seed)
    yield s
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        yield s


def play_until(n: int, seed: int, stop) -> ovni.State | None:
    for s in random_game(n, seed):
        if stop(s):
            return s
    return None


def find(n: int, stop, seeds=range(60)) -> ovni.State:
    for seed in seeds:
        s = play_until(n, seed, stop)
        if s is not None:
            return s
    raise AssertionError("no random game reached the wanted position")


# ------------------------------------------------------------------------ basics
def test_svg_parses_and_shows_the_twelve_cities():
    s = ovni.new_game(4, seed=1, setup="random")
    svg = to_svg(s)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    words = texts(svg)
    for number, name in enumerate(s.board.names, start=1):
        assert name in words
        assert str(number) in words
    for name in (s.cards.planets[p] for p in range(4)):
        assert name in words


def test_standalone_no_ids_styles_or_external_resources():
    s = find(4, lambda s: s.phase == R.ACTIONS)
    for svg in (to_svg(s), board_svg(s), mat_svg(s, 0), key_svg(), panel_html(s, viewer=1)):
        for bad in ("<style", " id=", "href", "url(", "<image", "@import", "<script"):
            assert bad not in svg
    for svg in (board_svg(s), mat_svg(s, 2, viewer=2), key_svg()):
        assert ET.fromstring(svg).tag == SVG + "svg"


def test_deterministic_and_pure():
    s = find(4, lambda s: s.phase == R.PLACEMENT and s.round == 2 and len(s.log) % 2 == 0)
    before = s.clone()
    a = to_svg(s)
    assert to_svg(s) == a
    assert to_svg(s.clone()) == a
    assert to_svg(s.replay()) == a  # the same position rebuilt from the log
    assert s == before  # drawing changes nothing


def test_width_sets_pixel_size():
    s = ovni.new_game(3, seed=2)
    root = ET.fromstring(to_svg(s, width=600))
    assert root.get("width") == "600"
    w, h = (float(v) for v in root.get("viewBox").split()[2:])
    assert abs(int(root.get("height")) - 600 * h / w) <= 1


def test_repr_svg_uses_to_svg():
    s = ovni.new_game(4, seed=3, setup="random")
    if not hasattr(s, "_repr_svg_"):
        pytest.skip("State._repr_svg_ is not wired yet")
    assert s._repr_svg_() == to_svg(s)


def test_viewer_must_be_a_real_seat():
    with pytest.raises(ValueError):
        to_svg(ovni.new_game(4, seed=1), viewer=4)
    with pytest.raises(ValueError):
        to_svg(ovni.new_game(2, seed=1), viewer=2)  # the imaginary third player sees nothing


# ------------------------------------------------------------------ hidden information
def _last_face_down(s: ovni.State) -> bool:
    if s.phase != R.PLACEMENT or not s.log:
        return False
    a = s.log[-1]
    if a.kind != "place" or a.c != "face-down" or a.b is None:
        return False
    owner = s.area_slots[R.AREA_LETTERS.index(a.a)][-1][0]
    return any(v != a.b for v in s._hand_tokens(owner))


def _swap_last_token(s: ovni.State) -> tuple[ovni.State, int]:
    """The same position, except that the face-down token just placed has another value
    from its owner's hand (the log is changed to match)."""
    a = s.log[-1]
    i = R.AREA_LETTERS.index(a.a)
    owner, value = s.area_slots[i][-1]
    other = next(v for v in s._hand_tokens(owner) if v != value)
    alt = s.clone()
    alt.area_slots[i][-1] = (owner, other)
    alt.log[-1] = R.Action("place", a.a, other, "face-down")
    return alt, owner


@pytest.mark.parametrize("n", [3, 4])
def test_face_down_token_value_never_reaches_other_viewers(n):
    s = find(n, _last_face_down)
    alt, owner = _swap_last_token(s)
    for viewer in range(n):
        if viewer == owner:
            # the owner sees its own token: the two positions differ for it
            assert to_svg(s, viewer=viewer) != to_svg(alt, viewer=viewer)
        else:
            assert to_svg(s, viewer=viewer) == to_svg(alt, viewer=viewer)
    assert to_svg(s) == to_svg(alt)  # public view
    assert to_svg(s, reveal=True) != to_svg(alt, reveal=True)
    assert "?" in texts(to_svg(s, viewer=(owner + 1) % n))


def test_third_player_face_down_token_hidden_from_both_players():
    def third_down(s):
        return (s.phase == R.PLACEMENT and s.log and s.log[-1].kind == "place"
                and s.log[-1].b is None and s.log[-1].c == "face-down"
                and any(v != s.area_slots[R.AREA_LETTERS.index(s.log[-1].a)][-1][1]
                        for v in s._hand_tokens(2)))

    s = find(2, third_down)
    i = R.AREA_LETTERS.index(s.log[-1].a)
    value = s.area_slots[i][-1][1]
    alt = s.clone()
    alt.area_slots[i][-1] = (2, next(v for v in s._hand_tokens(2) if v != value))
    for viewer in (0, 1, None):
        assert to_svg(s, viewer=viewer) == to_svg(alt, viewer=viewer)


def _other_missions(s: ovni.State, seat: int) -> tuple[int, ...]:
    taken = {m for kept in s.missions_kept for m in kept} | {m for d in s.missions_dealt for m in d}
    free = [m.id for m in s.cards.missions if m.id not in taken]
    return tuple(sorted(free[: len(s.missions_kept[seat])]))


@pytest.mark.parametrize("n", [2, 4])
def test_missions_of_others_hidden(n):
    s = find(n, lambda s: s.phase == R.ACTIONS and s.round == 2)
    seat = 0
    alt = s.clone()
    alt.missions_kept[seat] = _other_missions(s, seat)
    by_id = {m.id: m for m in s.cards.missions}
    for viewer in [None] + list(range(1, n)):
        svg = to_svg(s, viewer=viewer)
        assert svg == to_svg(alt, viewer=viewer)
        words = texts(svg)
        mine = set(s.missions_kept[viewer]) if viewer is not None else set()
        for mid in set(s.missions_kept[seat]) - mine:
            assert by_id[mid].describe(s.cards.categories) not in words
    # the owner reads its missions (so the test above can tell them apart)
    assert to_svg(s, viewer=seat) != to_svg(alt, viewer=seat)
    words = texts(to_svg(s, viewer=seat))
    for mid in s.missions_kept[seat]:
        assert by_id[mid].describe(s.cards.categories) in words


def test_dealt_missions_and_kept_choice_hidden():
    s = ovni.new_game(3, seed=4)
    by_id = {m.id: m for m in s.cards.missions}
    words = texts(to_svg(s, viewer=0))
    for mid in s.missions_dealt[0]:
        assert by_id[mid].describe(s.cards.categories) in words
    for mid in s.missions_dealt[1]:
        assert by_id[mid].describe(s.cards.categories) not in words
    s.apply(s.legal_actions()[0])  # seat 0 keeps one mission
    words = texts(to_svg(s, viewer=1))
    assert "keep 1 mission" in words
    assert str(s.log[-1]) not in words  # which one stays secret
    assert str(s.log[-1]) in texts(to_svg(s, viewer=0))


def test_game_end_reveals_every_mission_with_its_result():
    s = find(4, lambda s: s.is_over(), seeds=range(3))
    by_id = {m.id: m for m in s.cards.missions}
    for viewer in (None, 0, 3):
        words = texts(to_svg(s, viewer=viewer))
        for p in range(4):
            for mid in s.missions_kept[p]:
                assert by_id[mid].describe(s.cards.categories) in words
        assert "✘" in words or "✔" in words
        assert "Game over" in words
    words = texts(to_svg(s))
    for p, total in enumerate(s.scores()):
        assert f"{total} pts" in words


# -------------------------------------------------------------------- what is drawn
def test_airspace_controller_marked_in_its_colour():
    s = ovni.new_game(4, seed=5, setup="random")
    c = s.board.names.index("Madri")
    for p in range(4):
        s.ufo[p][c] = 0
    s.ufo[1][c] = 3
    s.ufo[0][c] = 1
    svg = to_svg(s)
    root = ET.fromstring(svg)
    for g in root.iter(SVG + "g"):
        title = g.find(SVG + "title")
        if title is not None and title.text.startswith("3 Madri"):
            assert "airspace: blue" in title.text
            strokes = {r.get("stroke") for r in g.iter(SVG + "rect")}
            assert SEAT_HEX["blue"][0] in strokes
            break
    else:
        raise AssertionError("Madri's tile not found")


def test_last_action_highlighted():
    s = find(4, lambda s: s.log and s.log[-1].kind == "move")
    a = s.log[-1]
    svg = to_svg(s)
    assert f"move {a.a} -&gt; {a.b}" in svg or f"move {a.a} -> {a.b}" in texts(svg)
    plain = to_svg(s, highlight_last=False)
    assert svg.count(HILITE) >= plain.count(HILITE) + 3  # text, arrow, two cities
    assert "Last action" not in texts(plain)


def test_two_player_variant_shows_the_third_player():
    s = find(2, lambda s: s.phase == R.PLACEMENT and s.round == 2)
    words = texts(to_svg(s))
    assert s.seat_name(2) == "green (third player)" and s.seat_name(2) in words and "never scores" in words
    # what its pieces do to majorities is worded by the engine, from the Rules
    for competes in (True, False):
        g = ovni.new_game(2, seed=1, rules=R.Rules(third_player_competes=competes), setup="random")
        assert f"never acts; {g.third_player_majority_text()}" in texts(mat_svg(g, 2))
    assert len({R.third_player_majority_text(R.Rules(third_player_competes=c)) for c in (True, False)}) == 2
    assert words.count("pts") == 2  # only the real players score
    assert "abilities" in words and words.count("abilities") == 2
    end = find(2, lambda s: s.is_over(), seeds=range(2))
    assert "Game over" in texts(to_svg(end, viewer=1))


# ---------------------------------------------------------------------- every state
@pytest.mark.parametrize("n,seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_every_state_of_random_games_renders(n, seed):
    # how fast it draws is the benchmark's (benchmarks/run.py --api-only: drawings/s), not a test's
    for k, s in enumerate(random_game(n, seed)):
        svg = to_svg(s)
        if k % 7 == 0:
            ET.fromstring(svg)
            ET.fromstring(to_svg(s, viewer=k % n))
            ET.fromstring(to_svg(s, reveal=True))
    assert s.is_over()
    ET.fromstring(to_svg(s, viewer=0))


def test_seats_named_as_in_the_log_and_repr():
    """issue 15: the drawing names a seat as seat_name does (the log, the board's status
    line and repr use it), e.g. "red (Antáris)", never "Red" alone."""
    s = find(4, lambda s: s.phase == R.ACTIONS and s.round == 2)
    words = texts(to_svg(s, viewer=0))
    for p in range(4):
        assert s.seat_name(p) in words
        assert f"{s.seat_name(p)}" in texts(mat_svg(s, p, viewer=0))
    assert s.seat_name(s.actor) in texts(board_svg(s, viewer=0))  # the status line
    assert f"to act: {s.seat_name(s.actor)}" in repr(s)
    assert f"{s.seat_name(0)}'s view" in words
    for colour in R.SEAT_COLOURS:
        assert colour.capitalize() not in words.split()


def test_the_full_picture_holds_the_table_and_every_mat():
    """to_svg (notebooks) shows what the board shows: the table, each seat's mat and the key."""
    s = find(3, lambda s: s.phase == R.RECRUIT)
    full = texts(to_svg(s, viewer=1))
    assert texts(board_svg(s, viewer=1)) in full
    for p in range(3):
        assert texts(mat_svg(s, p, viewer=1)) in full
    assert texts(key_svg()) in full
    with pytest.raises(ValueError):
        mat_svg(s, 3)


# The board's row on a Voila page (15 px margins each side) at 1280x720, and at 1024x768
# (a projector; JupyterLab's "present" view gives the board the same row);
# tests/test_browser.py checks that the page gives the row this width and the map the
# width view_width_px says.
ROW_1280, HEIGHT_720 = 1250, 720
ROW_1024, HEIGHT_768 = 994, 768
SCREENS = (("1280x720", ROW_1280, HEIGHT_720), ("1024x768", ROW_1024, HEIGHT_768))
_SVG_ELEMENT = re.compile(r"<svg\b.*?</svg>", re.S)


def _panel_px(html: str, row: float = ROW_1280) -> list[tuple[float, str]]:
    """The smallest text of each drawing in the board's panel, in px on screen (each is
    shown at its width attribute, or the row's width when narrower), and any CSS font
    size the panel's HTML sets outside them."""
    from ovnilab.svg import screen_px, smallest_font

    out = []
    for svg in _SVG_ELEMENT.findall(html):
        shown = min(float(ET.fromstring(svg).get("width")), row)
        out.append((screen_px(smallest_font(svg), svg, shown), "panel drawing"))
    rest = _SVG_ELEMENT.sub("", html)
    out += [(float(v), "panel CSS") for v in re.findall(r"font-size:\s*([\d.]+)px", rest)]
    assert not re.search(r"font-size:\s*[\d.]+(?!px)[a-z%]", rest), "panel CSS sizes must be in px"
    return out


def test_text_is_at_least_12_px_on_a_1280x720_and_a_1024x768_screen():
    """Projected in class, the smallest text is at least 12 px tall, over every position
    of a 4-player and a 2-player game, as seat 0 sees it: in the table (font size x the
    width the board's layout gives it / its viewBox width; at 1024x768 the side column
    leaves it the least width, issue 22) and in the panel under it (the mats and the
    key, shown at their own size)."""
    from ovnilab.board import svg_aspect, view_width_px
    from ovnilab.svg import screen_px, smallest_font

    worst = (99.0, "")
    for n, seed in ((4, 5), (2, 6)):
        for k, s in enumerate(random_game(n, seed)):
            if k % 7 and not s.is_over():
                continue
            svg = board_svg(s, viewer=0)
            panel = panel_html(s, viewer=0)
            for screen, row, height in SCREENS:
                shown = view_width_px(svg_aspect(svg), row, height)
                where = f"{screen}, {n}p action {k}"
                worst = min(worst, (screen_px(smallest_font(svg), svg, shown), f"{where}: table"))
                for px, what in _panel_px(panel, row):
                    worst = min(worst, (px, f"{where}: {what}"))
    assert worst[0] >= 12, f"text of {worst[0]:.1f} px at {worst[1]}"


def test_panel_measure_sees_small_text():
    """The measure above can fail: a mat shrunk below its size, or small CSS text, is caught."""
    s = ovni.new_game(4, seed=1, setup="random")
    mat = mat_svg(s, 0)
    assert min(px for px, _ in _panel_px(mat)) >= 12
    shrunk = mat.replace('width="300"', 'width="200"', 1)
    assert min(px for px, _ in _panel_px(shrunk)) < 12
    assert min(px for px, _ in _panel_px('<div style="font-size:10px">x</div>' + mat)) == 10


# ------------------------------------------------------------------- text layout
# A text's box from its x, y, font-size, weight and anchor: ovnilab.svg.text_width across,
# one em down from 0.76 em above the baseline (DejaVu Sans: ascenders reach 0.76 em,
# descenders 0.24 em).
_ASCENT, _DESCENT = 0.76, 0.24
Box = tuple[float, float, float, float]


def text_boxes(svg: str) -> list[tuple[Box, str]]:
    """Every <text> of a drawing drawn without transforms, as (x0, y0, x1, y1) and its text."""
    from ovnilab.svg import text_width

    root = ET.fromstring(svg)
    assert not any(e.get("transform") for e in root.iter()), "boxes assume no transforms"
    out = []
    for t in root.iter(SVG + "text"):
        s, size = t.text or "", float(t.get("font-size"))
        w = text_width(s, size, t.get("font-weight") == "bold")
        x = float(t.get("x")) - {"start": 0, "middle": w / 2, "end": w}[t.get("text-anchor", "start")]
        y = float(t.get("y"))
        out.append(((x, y - _ASCENT * size, x + w, y + _DESCENT * size), s))
    return out


def _panels(svg: str) -> list[Box]:
    """The drawing's boxes that hold text (map, header, recruitment areas, city tiles,
    track slots): rectangles at least 40 x 28 (not the mats' invisible hover targets)."""
    root = ET.fromstring(svg)
    out = []
    for r in root.iter(SVG + "rect"):
        w, h = float(r.get("width")), float(r.get("height"))
        if w >= 40 and h >= 28 and r.get("fill-opacity") != "0":
            x, y = float(r.get("x")), float(r.get("y"))
            out.append((x, y, x + w, y + h))
    return out


def layout_faults(svg: str, slack: float = 0.5) -> list[str]:
    """What a projected drawing must not do: two texts overlapping, a text outside the
    viewBox, or a text whose middle lies in a box (a tile, an area, the header) spilling
    out of it. Empty when the layout is clean."""
    from ovnilab.svg import viewbox_size

    vw, vh = viewbox_size(svg)
    boxes = text_boxes(svg)
    faults = []
    for (x0, y0, x1, y1), s in boxes:
        if x0 < -slack or y0 < -slack or x1 > vw + slack or y1 > vh + slack:
            faults.append(f"outside the viewBox: {s!r}")
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][0][0])
    for k, i in enumerate(order):
        (ax0, ay0, ax1, ay1), a = boxes[i]
        for j in order[k + 1:]:
            (bx0, by0, bx1, by1), b = boxes[j]
            if bx0 >= ax1 - slack:
                break
            if by0 < ay1 - slack and ay0 < by1 - slack:
                faults.append(f"overlap: {a!r} and {b!r}")
    panels = _panels(svg)
    for (x0, y0, x1, y1), s in boxes:
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        for px0, py0, px1, py1 in panels:
            inside = px0 < mx < px1 and py0 < my < py1
            if inside and (x0 < px0 - slack or x1 > px1 + slack or y0 < py0 - slack or y1 > py1 + slack):
                faults.append(f"spills out of its box ({px0:g}, {py0:g}, {px1:g}, {py1:g}): {s!r}")
    return faults


def test_layout_faults_sees_overlapping_and_spilling_text():
    """The measure can fail: a text drawn over another, past the edge or out of its box.
    (Before issue 22 it also caught the table's own faults: a 4-player area's "nobody:
    discarded" ran out of its box, and a city's name into the frame of the city under it.)"""
    s = ovni.new_game(4, seed=1, setup="random")
    svg = board_svg(s)
    assert layout_faults(svg) == [] and layout_faults(key_svg()) == []
    first = re.search(r"<text[^>]*>[^<]*</text>", svg).group(0)
    dup = svg.replace("</svg>", first + "</svg>")  # the same text drawn twice
    assert any(f.startswith("overlap") for f in layout_faults(dup))
    past = svg.replace("</svg>", '<text x="880" y="40" font-size="16">past the edge</text></svg>')
    assert any(f.startswith("outside") for f in layout_faults(past))
    box = svg.replace("</svg>", '<rect x="300" y="300" width="120" height="40" fill="#fff"/>'
                      '<text x="302" y="325" font-size="16">far too long for it</text></svg>')
    assert any(f.startswith("spills") for f in layout_faults(box))


@pytest.mark.parametrize("n,seed,setup", [(2, 21, "random"), (2, 25, None), (3, 22, "random"),
                                          (3, 26, None), (4, 23, "random"), (4, 24, None)])
def test_no_text_overlaps_or_spills_over_random_games(n, seed, setup):
    """issue 22: with text large enough to read projected, every label of the table still
    has room: every position of random games (half of them from the set-up's own choices:
    missions kept, starting aliens), in the public view, a seat's view and revealed; and
    the mats."""
    s = ovni.new_game(n, seed=seed, setup=setup)
    rng = random.Random(seed)
    bad: dict[str, str] = {}
    k = 0
    while True:
        drawings = [board_svg(s), board_svg(s, viewer=k % n), board_svg(s, reveal=True)]
        if k % 4 == 0 or s.is_over():
            drawings += [mat_svg(s, p, viewer=k % n) for p in range(s.ns)]
        for svg in drawings:
            for f in layout_faults(svg):
                bad.setdefault(f, f"action {k} ({s.phase})")
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    assert not bad, "\n".join(f"{where}: {f}" for f, where in list(bad.items())[:20])
