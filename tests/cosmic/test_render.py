"""The Cosmic Encounter SVG: well-formed, deterministic, faithful to the position, and
never showing what the viewer may not see."""

import random
from html import escape
import re
import xml.etree.ElementTree as ET

import pytest

from ovnilab import cosmic
from ovnilab.cosmic import rules as R
from ovnilab.cosmic.render import public_action_text, seat_label, to_svg, waiting_text

from . import BLUE, RED, YELLOW, arrange, drive

SVG_NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return root


def text_of(svg: str) -> str:
    """Every text node of the picture, joined (what a reader can see or hover)."""
    return " ".join(t for t in parse(svg).itertext())


def random_state(n: int, seed: int, steps: int) -> cosmic.State:
    s = cosmic.new_game(n, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_standalone_and_deterministic():
    s = random_state(4, 1, 120)
    a = to_svg(s)
    assert a == to_svg(s) == to_svg(s.clone())
    root = parse(a)
    assert root.get("viewBox").startswith("0 0 1200 ")
    # no ids, no shared CSS, no definitions, no external resources: boards can share a page
    for bad in (" id=", "<style", "<defs", "href", "url(", "@import", "<image", "<script"):
        assert bad not in a
    assert to_svg(s, width=600).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="600"')


def test_viewer_must_be_a_seat():
    s = cosmic.new_game(3, seed=1)
    for bad in (3, -1, "red"):
        with pytest.raises(ValueError, match="viewer"):
            to_svg(s, viewer=bad)


def test_every_state_of_random_games_renders():
    # every position of three whole games is drawn (public view, and the actor's view of
    # every third one); a sample of the pictures is parsed as XML
    for n, seed in ((3, 37), (4, 27), (5, 23)):  # games of 1,028, 2,705 and 2,439 moves
        s = cosmic.new_game(n, seed=seed)
        r = random.Random(seed)
        k = 0
        while True:
            svg = to_svg(s)
            assert svg.endswith("</svg>")
            if k % 3 == 0 and not s.is_over():
                mine = to_svg(s, viewer=s.current_player)
                if k % 9 == 0:
                    parse(mine)
            if k % 7 == 0 or s.is_over():
                parse(svg)
            if s.is_over():
                break
            s.apply(r.choice(s.legal_actions()))
            k += 1
        assert k > 150
        assert "GAME OVER" in svg and "WINNER" in svg


@pytest.mark.parametrize("n,seed", [(3, 31), (4, 32), (5, 33)])
def test_hidden_information_cannot_change_the_picture(n, seed):
    # a determinization deals every card the seat cannot see again (other hands and hoards,
    # the deck, a face-down encounter card): the seat's picture, and the public one, must
    # not change, so nothing hidden can be drawn
    s = cosmic.new_game(n, seed=seed)
    r = random.Random(seed)
    checked = hidden_cards = sensitive = steps = 0
    while not s.is_over():
        steps += 1
        if steps % 5 == 0:
            seat = s.current_player
            d = s.determinize(seat, random.Random(checked))
            # a determinization starts a fresh log (the true one names face-down choices),
            # so it is compared with the true position without its log (no last action)
            t = s.clone()
            t.mark_arranged()
            assert to_svg(d, viewer=seat) == to_svg(t, viewer=seat)
            assert to_svg(d) == to_svg(t)
            # the check can fail: another seat's own picture shows its (redealt) hand
            other = (seat + 1) % n
            sensitive += to_svg(d, viewer=other) != to_svg(t, viewer=other)
            hidden_cards += sum(1 for side in (0, 1) if s.card[side] >= 0 and not s.card_visible(side, seat))
            checked += 1
        s.apply(r.choice(s.legal_actions()))
    assert checked > 40 and hidden_cards > 0 and sensitive > checked // 2


def test_another_hand_and_a_face_down_card_are_not_named():
    s = arrange(hands={RED: ["attack 40", "negotiate", "Quash"], BLUE: ["attack 23", "morph", "Mobius Tubes"],
                       YELLOW: ["attack 30", "Ionic Gas"]})
    drive(s, ["aim at blue 1", "select attack 40"], until=lambda s: s.phase == "select" and s.current_player == BLUE)
    red = to_svg(s, viewer=RED)
    blue = to_svg(s, viewer=BLUE)
    public = to_svg(s)
    # red sees its own selected card and its hand; not blue's or yellow's cards
    assert "attack 40" in text_of(red) and "Quash" in text_of(red)
    for name in ("attack 23", "Mobius Tubes", "attack 30", "Ionic Gas"):
        assert name not in red and name not in public
    # blue sees red's card only as a back
    assert "attack 40" not in blue and "Quash" not in blue and "face down" in blue
    assert "attack 23" in text_of(blue)
    # the last action is worded for each reader
    assert "select an encounter card" in public and "select attack 40" in red


def test_revealed_cards_are_public():
    # a reinforcement in red's hand stops the encounter after the reveal (red may play it)
    s = arrange(hands={RED: ["attack 40", "attack 01", "reinforcement +2"], BLUE: ["attack 23", "attack 04"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 01", "select attack 04"],
          until=lambda s: s.phase == "reinforce")
    assert s.revealed
    public = text_of(to_svg(s))
    assert "attack 01" in public and "attack 04" in public
    assert "attack 40" not in public and "attack 23" not in public
    # the totals: card + ships of each side (2 red ships on the gate, 4 blue on the planet)
    assert "total 2" in public and "total 8" in public


def test_an_oracle_card_selected_face_up_is_public_before_the_reveal():
    s = arrange(aliens=["Oracle", "Will", "Trader"], hands={RED: ["attack 01", "attack 07"],
                                                           BLUE: ["attack 20", "attack 04"]})
    drive(s, ["aim at blue 1", "use Oracle power", "select attack 20"], until=lambda s: s.current_player == RED
          and s.phase == "select")
    assert not s.revealed
    assert "attack 20" in text_of(to_svg(s)) and "attack 20" in text_of(to_svg(s, viewer=YELLOW))


def test_aliens_stay_secret_until_everyone_chose():
    s = cosmic.new_game(3, seed=4)
    s.apply(s.legal_actions()[0])  # red keeps an alien
    red_alien = s.alien[RED]
    others = [a for seat in (BLUE, YELLOW) for a in s.offers[seat]]
    public, blue = to_svg(s), to_svg(s, viewer=BLUE)
    assert red_alien not in text_of(public) and red_alien not in text_of(blue)
    assert "alien secret" in public and "choose an alien" in public
    # blue sees its own two offers, never the others'
    assert all(a in text_of(blue) for a in s.offers[BLUE])
    assert not any(a in text_of(public) for a in others)
    assert not any(a in text_of(blue) for a in s.offers[YELLOW] if a not in s.offers[BLUE])
    while s.phase == "alien":
        s.apply(s.legal_actions()[0])
    assert all(a in text_of(to_svg(s)) for a in s.alien)


def test_the_picture_shows_the_encounter():
    s = arrange(hands={RED: ["attack 20"], BLUE: ["attack 04"]})
    drive(s, ["aim at blue 2", "ship from red 1", "ship from red 2", "done", "invite yellow", "invite nobody",
              "join offense", "ship from yellow 1"], until=lambda s: s.phase == "ships" and s.gate[YELLOW] == 1)
    t = text_of(to_svg(s))
    assert "OFFENSE" in t and "DEFENSE" in t and "ALLY OF OFFENSE" in t
    assert "target planet: blue 2" in t and "launch" in t
    assert "offense allies: yellow (1 ship)" in t
    assert "Yellow: send ships to the gate" in t  # who decides what
    assert "ship from yellow 1" in t  # the last action


def test_power_lost_zapped_and_game_over():
    s = arrange(aliens=["Zombie", "Will", "Oracle"],
                ships={(RED, "red 1"): 0, (RED, "red 2"): 0, (RED, "red 3"): 0},
                hands={RED: ["attack 20"], BLUE: ["attack 04"]})
    assert not s.power_active(RED)
    assert "power LOST: 2 home colonies" in text_of(to_svg(s))
    t = arrange(aliens=["Zombie", "Will", "Oracle"], rules=cosmic.Rules(alien_pool=("Zombie", "Will", "Oracle")),
                hands={RED: ["attack 20", "Cosmic Zap"], BLUE: ["attack 04"]})
    # (issue 13: in a window Cosmic Zap cancels a power acting by itself, as Zombie's)
    t.apply("play Cosmic Zap on red")
    drive(t, [], until=lambda s: ("zap", RED) in s.eflags)
    assert "power ZAPPED" in text_of(to_svg(t)) and "Cosmic Zap: red's power is off" in text_of(to_svg(t))
    end = random_state(3, 5, 5000)
    assert end.is_over()
    svg = text_of(to_svg(end))
    assert "GAME OVER" in svg and all(seat_label(end, w) in svg for w in end.winners())


def test_the_deal_is_drawn():
    s = arrange(hands={RED: ["negotiate", "attack 10"], BLUE: ["negotiate", "attack 12"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    s.apply("propose: red gives 1 card, blue gives 0 cards, red lands on blue 2, blue lands nowhere")
    t = text_of(to_svg(s))
    assert "Red proposes: red gives 1 card, blue gives 0 cards" in t and "red lands on blue 2" in t
    s.apply("accept deal")
    assert "Deal made" in text_of(to_svg(s))


def test_the_last_action_of_another_player_names_no_hidden_card():
    s = arrange(aliens=["Hacker", "Will", "Oracle"],
                hands={RED: ["negotiate"], BLUE: ["attack 04", "attack 05"], YELLOW: ["attack 40", "Ionic Gas"]})
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "Hacker: take attack 40 from yellow"],
          until=lambda s: s.log[-1].kind == "choose")
    a, actor = s.log[-1], s.actors[-1]
    assert str(a) == "Hacker: take attack 40 from yellow"
    assert public_action_text(s, a, actor, BLUE) == "Hacker: take a card from yellow"
    assert public_action_text(s, a, actor, None) == "Hacker: take a card from yellow"
    assert public_action_text(s, a, actor, RED) == str(a)
    assert "attack 40" not in to_svg(s, viewer=BLUE)


def test_waiting_text_names_the_decision():
    s = arrange(hands={RED: ["attack 20"], BLUE: ["attack 04"]})
    assert waiting_text(s) == "aim the hyperspace gate"
    s.apply("aim at blue 1")
    assert waiting_text(s) == "launch ships onto the gate"
    assert re.search(r"Red: launch ships onto the gate", to_svg(s))


def test_state_repr_svg_uses_the_renderer():
    if not hasattr(R.State, "_repr_svg_"):
        pytest.skip("State._repr_svg_ is not wired yet")
    s = random_state(4, 3, 60)
    assert s._repr_svg_() == to_svg(s)


def test_the_last_action_shown_skips_other_players_passes():
    s = cosmic.new_game(4, seed=3)
    rng = random.Random(3)
    while not (s.log and s.log[-1].kind == "pass" and s.actors[-1] != 0):
        s.apply(rng.choice(s.legal_actions()))
    i = max(k for k, a in enumerate(s.log) if a.kind != "pass" or s.actors[k] == 0)
    svg = to_svg(s, viewer=0)
    last = svg[svg.index("Last action:"):]
    assert escape(public_action_text(s, s.log[i], s.actors[i], 0)) in last[:400]
    assert ">pass<" not in last[:400]


# The board's row on a 1280x720 and on a 1024x768 Voila page (15 px margins each side), and
# the window's height; tests/test_browser.py checks that the page gives the row this width
# and the map the width view_width_px says.
ROW_1280, HEIGHT_720 = 1250, 720
ROW_1024, HEIGHT_768 = 994, 768
SCREENS = ((ROW_1280, HEIGHT_720), (ROW_1024, HEIGHT_768))


@pytest.mark.parametrize("n,seed", [(3, 12), (4, 11), (5, 13)])
def test_text_is_at_least_12_px_when_projected_at_1280x720_and_1024x768(n, seed):
    """Projected in class, the smallest text is at least 12 px tall: its font size x the
    width the board's layout gives the drawing / the viewBox width, at 1280x720 and at
    1024x768 (issue 22), over the positions of a whole game, as the seat to act sees it
    and in the public view."""
    from ovnilab.board import SIDE_WIDTH, svg_aspect, view_width_px
    from ovnilab.svg import screen_px, smallest_font

    s = cosmic.new_game(n, seed=seed)
    rng = random.Random(seed)
    worst = {screen: (99.0, "") for screen in SCREENS}
    k = 0
    while True:
        if k % 7 == 0 or s.is_over():
            seat = s.current_player if s.current_player >= 0 else 0
            for viewer in (seat, None):
                svg = to_svg(s, viewer=viewer)
                for screen in SCREENS:
                    shown = view_width_px(svg_aspect(svg), *screen)
                    px = screen_px(smallest_font(svg), svg, shown)
                    worst[screen] = min(worst[screen], (px, f"action {k}, viewer {viewer}"))
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    assert k > 100
    for screen, (px, where) in worst.items():
        assert px >= 12, f"text of {px:.1f} px at {where} on a {screen} row"
    # the text is not kept large by shrinking everything else out of the picture: at
    # 1024x768 the drawing takes the whole width beside the side column (694 px; the
    # window's height does not hold it back), at 1280x720 no less than at 1024x768
    for viewer in (0, None):
        svg = to_svg(s, viewer=viewer)
        at_1024 = view_width_px(svg_aspect(svg), ROW_1024, HEIGHT_768)
        assert at_1024 == ROW_1024 - SIDE_WIDTH
        assert view_width_px(svg_aspect(svg), ROW_1280, HEIGHT_720) >= at_1024


# ------------------------------------------------------------------ no text on another
def text_boxes(svg: str) -> list[tuple[float, float, float, float, str]]:
    """The box of every drawn text (tooltips are not drawn): from its x, y, font size,
    weight and text-anchor, its width from ovnilab.svg.text_width (tspans with their own
    size, weight and dx), one font size tall (from 0.76 above the baseline to 0.24 below:
    capitals and descenders)."""
    from ovnilab.svg import text_width

    out = []

    def bold(el: ET.Element, inherited: bool) -> bool:
        w = el.get("font-weight")
        return inherited if w is None else w == "bold"

    def walk(el: ET.Element) -> None:
        for ch in el:
            if ch.tag == SVG_NS + "title":
                continue
            if ch.tag != SVG_NS + "text":
                walk(ch)
                continue
            size, b = float(ch.get("font-size")), bold(ch, False)
            segs = [(ch.text or "", size, b, 0.0)]
            for sp in ch:
                segs.append((sp.text or "", float(sp.get("font-size", size)), bold(sp, b), float(sp.get("dx", 0))))
                segs.append((sp.tail or "", size, b, 0.0))
            width = sum(dx + text_width(t, z, sb) for t, z, sb, dx in segs)
            tall = max(z for t, z, _, _ in segs if t.strip() or z == size)
            x0 = float(ch.get("x")) - width * {"start": 0, "middle": 0.5, "end": 1}[ch.get("text-anchor", "start")]
            y = float(ch.get("y"))
            out.append((x0, y - 0.76 * tall, x0 + width, y + 0.24 * tall, "".join(t for t, *_ in segs)))

    walk(parse(svg))
    return out


def layout_problems(svg: str, tol: float = 0.5) -> list[str]:
    """Texts that overlap another text, leave the viewBox, or spill out of their box (the
    smallest rectangle around the middle of the text: a panel, card, pill or chip)."""
    from ovnilab.svg import viewbox_size

    vw, vh = viewbox_size(svg)
    boxes = text_boxes(svg)
    rects = [(float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
              float(r.get("y")) + float(r.get("height"))) for r in parse(svg).iter(SVG_NS + "rect")]
    bad = []
    for b in boxes:
        if b[0] < -tol or b[1] < -tol or b[2] > vw + tol or b[3] > vh + tol:
            bad.append(f"{b[4]!r} leaves the viewBox: {b[:4]}")
        mx, my = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        around = [r for r in rects if r[0] <= mx <= r[2] and r[1] <= my <= r[3]]
        if around:
            r = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            if b[0] < r[0] - tol or b[1] < r[1] - tol or b[2] > r[2] + tol or b[3] > r[3] + tol:
                bad.append(f"{b[4]!r} spills out of its box {r}: {b[:4]}")
    # every pair of texts whose lines meet (by their tops: a text is compared with those
    # below it until one starts under its bottom)
    boxes.sort(key=lambda b: b[1])
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b[1] > a[3] - tol:
                break
            if min(a[2], b[2]) - max(a[0], b[0]) > tol and min(a[3], b[3]) - max(a[1], b[1]) > tol:
                bad.append(f"{a[4]!r} overlaps {b[4]!r}: {a[:4]} and {b[:4]}")
    return bad


def test_the_layout_check_finds_overlaps_spills_and_texts_outside():
    # the check below can fail: two texts on one another, a text past the viewBox's edge,
    # a word wider than its pill, and a line stacked too close under another
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">'
    cases = {
        "overlaps": ('<text x="10" y="30" font-size="21">hyperspace</text>'
                     '<text x="60" y="40" font-size="21">gate</text>'),
        "leaves the viewBox": '<text x="390" y="30" font-size="21" text-anchor="middle">warp</text>',
        "spills out": '<rect x="40" y="10" width="60" height="30"/><text x="70" y="32" font-size="21" '
                      'text-anchor="middle" font-weight="bold">DEFENSE</text>',
    }
    for what, body in cases.items():
        problems = layout_problems(head + body + "</svg>")
        assert problems and all(what in p for p in problems), (what, problems)
    close = '<text x="10" y="30" font-size="21">a line</text><text x="10" y="50" font-size="21">the next</text>'
    assert layout_problems(head + close + "</svg>")
    fine = ('<rect x="10" y="10" width="120" height="34"/><text x="70" y="34" font-size="21" text-anchor="middle" '
            'font-weight="bold">DEFENSE</text><text x="10" y="80" font-size="21">the next <tspan dx="7" '
            'font-size="24">line</tspan></text><text x="390" y="190" font-size="21" text-anchor="end">warp</text>')
    assert layout_problems(head + fine + "</svg>") == []


#: the layout test draws every STRIDE-th position of its games
STRIDE = 10


@pytest.mark.parametrize("n,seed", [(3, 41), (4, 42), (5, 43), (3, 44), (4, 45), (5, 46)])
def test_no_text_overlaps_another_or_spills_out_of_its_box(n, seed):
    """Over the positions of random games (every tenth, as the seat to act sees it and
    in the public view by turns), no text overlaps another, leaves the viewBox or its
    panel, card, pill or chip: the layout makes room for every label at its size.
    (Every fourth drew ~6,000 pictures for the six games, 60 s of make test; every tenth
    still checks ~2,400, every phase of the encounter many times over.)"""
    s = cosmic.new_game(n, seed=seed)
    rng = random.Random(seed)
    k = checked = 0
    while True:
        if k % STRIDE == 0 or s.is_over():
            viewer = s.current_player if (k // STRIDE) % 2 == 0 and s.current_player >= 0 else None
            problems = layout_problems(to_svg(s, viewer=viewer))
            assert not problems, f"action {k}, viewer {viewer}: " + "; ".join(problems[:5])
            checked += 1
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    assert checked > 15


def test_every_colour_a_data_file_may_name_is_drawn_readably():
    # a destiny file may give the seats any colour word datacheck accepts: each has its
    # own fill, outline and tint (not the grey of an unknown seat), and the texts drawn
    # on them (the title on the fill, the outline colour on the tint) keep a 4.5 contrast
    from ovnilab.cosmic.render import GREY, SEAT_HEX, _contrast, _on_fill
    from ovnilab.datacheck import NAMED_COLOURS

    assert NAMED_COLOURS <= set(SEAT_HEX)
    for name, (fill, dark, tint) in SEAT_HEX.items():
        assert _contrast(fill, _on_fill(fill)) >= 4.5, name
        assert _contrast(dark, tint) >= 4.5 and _contrast(dark, "#ffffff") >= 4.5, name
        if name not in ("grey", "gray"):
            assert (fill, dark, tint) != GREY, name
    same = {("grey", "gray"), ("cyan", "aqua"), ("magenta", "fuchsia")}
    fills: dict[str, str] = {}
    for name, hexes in SEAT_HEX.items():
        other = fills.setdefault(hexes[0], name)
        assert other == name or (other, name) in same, (other, name)
