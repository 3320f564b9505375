"""Draw a position of the cow game as an SVG string (pure: state in, text out).

``to_svg(state, viewer=None)`` draws the table as ``viewer`` sees it: both pyramids (empty
slots dashed, the slots the player to act may build on tinted), both hands (played face
up, as the rulebook says; three slots to a row, so a larger ``Rules.hand_limit`` adds
rows), the Aliens card, the deck (its visible top face and its size), the Celeiro tops,
a pending drawn pair, whose turn it is and the last action (outlined in orange). Every
card shows its face: name, base value, Sun/Moon, cows and calves, and its effects in
words tagged NOW (immediate), ADJ (adjacency) or END (end of game).

Hidden sides are drawn only where ``viewer`` has seen them (a ``peek`` effect, or a
card flipped in view); ``viewer=None`` is a spectator, who sees the public table.
``show_backs=True`` is the teacher's view with every back (never give it to a bot).
Nothing in the SVG identifies a card beyond its visible face (no card numbers).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from ..svg import text_width
from .data import Face
from .rules import EFFECT, KEEP, SLOTS, State
from .rules import SEAT_NAMES as _ALIENS

__all__ = ["to_svg"]

CW, CH = 100, 132  # card size
GAP = 8
PANEL_W = 3 * CW + 2 * GAP  # one pyramid / hand
MARGIN = 16
CENTER_W = 236
WIDTH = 2 * PANEL_W + CENTER_W + 4 * MARGIN
TOP = 54  # below the title bar
PYR_Y = TOP + 44
HAND_Y = PYR_Y + 3 * CH + 2 * GAP + 34
HAND_COLS = 3  # hand cards per row: a panel is as wide as the pyramid's base row
HAND_ROW_H = CH + 22  # a hand row: the card and its "hand i" label
HEIGHT = HAND_Y + CH + 24  # the height with the rulebook's hand of 3 (one hand row)


def hand_rows(hand_limit: int) -> int:
    """Rows of hand slots for ``hand_limit`` (``Rules.hand_limit``, 1-9): a hand larger
    than the pyramid's base wraps onto more rows instead of leaving its panel."""
    return max(1, -(-hand_limit // HAND_COLS))


def hand_slot_xy(px: float, i: int) -> tuple[float, float]:
    """Top-left corner of hand slot ``i`` (0-based) in the panel starting at ``px``."""
    return px + (i % HAND_COLS) * (CW + GAP), HAND_Y + (i // HAND_COLS) * HAND_ROW_H


def height(hand_limit: int) -> int:
    """The SVG's height: the table plus as many hand rows as the hand limit needs."""
    return HEIGHT + (hand_rows(hand_limit) - 1) * HAND_ROW_H

SEAT_COLOURS = ("#2e7d32", "#6a1b9a")  # the two aliens: green and purple
SHORT_NAMES = _ALIENS  # State.seat_name
SEAT_NAMES = tuple(f"{name} (seat {k})" for k, name in enumerate(_ALIENS))
SKY_FILL = {"sun": "#fff4cc", "moon": "#e3e7f8", "": "#edf5e4"}
KIND_TAG = {"immediate": ("NOW", "#c62828"), "adjacency": ("ADJ", "#2e7d32"), "end": ("END", "#1565c0")}
HIGHLIGHT = "#ff6d00"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: The smallest font size of the drawing. The board shows it about 0.94 of its width on a
#: 1280x720 screen (the map beside the controls, as tall as the window allows), so 13
#: units are about 12 px there: legible on a projector.
MIN_FONT = 13


def _wrap(text: str, width: int, first: int | None = None) -> list[str]:
    """Greedy word wrap: ``first`` characters on the first line, ``width`` on the others."""
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        limit = width if lines else (first or width)
        if cur and len(cur) + 1 + len(w) > limit:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def _text(x: float, y: float, s: str, size: float = 13, weight: str = "normal", fill: str = "#222",
          anchor: str = "start", style: str = "", width: float = 0) -> str:
    """A ``<text>``; with ``width``, a text wider than that is squeezed into it
    (``textLength``: narrower letters at the same, legible height)."""
    st = f' font-style="{style}"' if style else ""
    if width and text_width(s, size, weight == "bold") > width:
        st += f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}"{st}>{escape(s)}</text>')


def _sun(x: float, y: float) -> str:
    rays = "".join(
        f'<line x1="{x + 6 * dx:.1f}" y1="{y + 6 * dy:.1f}" x2="{x + 9 * dx:.1f}" y2="{y + 9 * dy:.1f}" '
        f'stroke="#f9a825" stroke-width="1.6"/>'
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)))
    return rays + f'<circle cx="{x}" cy="{y}" r="5" fill="#fbc02d" stroke="#f57f17" stroke-width="0.8"/>'


def _moon(x: float, y: float, bg: str) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="7" fill="#3949ab"/>'
            f'<circle cx="{x + 3.5}" cy="{y - 2.5}" r="6" fill="{bg}"/>')


def _cow(x: float, y: float, calf: bool = False) -> str:
    """A small cow (or a smaller, tan calf) seen from the side."""
    k = 0.72 if calf else 1.0
    body = "#d7a86e" if calf else "#ffffff"
    spot = "#8d5a2b" if calf else "#222"
    return (f'<g transform="translate({x},{y}) scale({k})">'
            f'<rect x="-8" y="-5" width="14" height="9" rx="3" fill="{body}" stroke="#333" stroke-width="1"/>'
            f'<circle cx="-3" cy="-1" r="2.2" fill="{spot}"/>'
            f'<rect x="5" y="-8" width="6" height="6" rx="2" fill="{body}" stroke="#333" stroke-width="1"/>'
            f'<line x1="-6" y1="4" x2="-6" y2="8" stroke="#333" stroke-width="1.4"/>'
            f'<line x1="3" y1="4" x2="3" y2="8" stroke="#333" stroke-width="1.4"/></g>')


def _card(x: float, y: float, face: Face, *, label: str = "", mark: bool = False, back: str | None = None) -> str:
    """One card, face up, at (x, y)."""
    bg = SKY_FILL[face.sky]
    out = ['<g class="card">',
           f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="7" fill="{bg}" '
           f'stroke="{HIGHLIGHT if mark else "#6d4c41"}" stroke-width="{3.5 if mark else 1.3}"/>']
    # name band
    out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CW - 6}" height="17" rx="4" fill="#6d4c41"/>')
    out.append(_text(x + CW / 2, y + 16, face.name, MIN_FONT, "bold", "#fff", "middle", width=CW - 12))
    # base value
    out.append(f'<circle cx="{x + 17}" cy="{y + 37}" r="12" fill="#fff" stroke="#6d4c41" stroke-width="1.5"/>')
    out.append(_text(x + 17, y + 42, str(face.value), 14, "bold", "#c62828" if face.value < 0 else "#3e2723",
                     "middle"))
    # symbols: Sun / Moon, cows, calves
    sx = x + 40
    if face.sky == "sun":
        out.append(_sun(sx, y + 37))
        sx += 20
    elif face.sky == "moon":
        out.append(_moon(sx, y + 37, bg))
        sx += 18
    for _ in range(face.cows):
        out.append(_cow(sx + 2, y + 37))
        sx += 20
    for _ in range(face.calves):
        out.append(_cow(sx, y + 38, calf=True))
        sx += 15
    # effects, in words
    ty = y + 62
    for e in face.effects:
        tag, colour = KIND_TAG[e.kind]
        out.append(f'<rect x="{x + 4}" y="{ty - 11}" width="34" height="14" rx="2" fill="{colour}"/>')
        out.append(_text(x + 21, ty, tag, MIN_FONT, "bold", "#fff", "middle", width=30))
        lines = _wrap(e.text(), 12, 7)
        out.append(_text(x + 41, ty, lines[0], MIN_FONT, width=CW - 44))
        for ln in lines[1:]:
            ty += 14
            out.append(_text(x + 5, ty, ln, MIN_FONT, width=CW - 9))
        ty += 17
    if back is not None:
        out.append(_text(x + CW / 2, y + CH - 5, f"back: {back}", MIN_FONT, fill="#555", anchor="middle",
                         style="italic", width=CW - 8))
    if label:
        out.append(_text(x + CW / 2, y + CH + 14, label, MIN_FONT, fill="#555", anchor="middle"))
    out.append("</g>")
    return "".join(out)


def _empty(x: float, y: float, label: str, tint: str | None = None) -> str:
    fill = tint or "none"
    return (f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="7" fill="{fill}" fill-opacity="0.25" '
            f'stroke="#9e9e9e" stroke-width="1.2" stroke-dasharray="5,4"/>'
            + _text(x + CW / 2, y + CH / 2 + 4, label, MIN_FONT, fill="#888", anchor="middle", width=CW - 8))


def _slot_xy(px: float, slot: int) -> tuple[float, float]:
    row, k = SLOTS[slot]
    row_w = row * CW + (row - 1) * GAP
    x0 = px + (PANEL_W - row_w) / 2
    return x0 + (k - 1) * (CW + GAP), PYR_Y + (row - 1) * (CH + GAP)


def _marks(state: State) -> dict[tuple, bool]:
    """Where the last action happened: keys ("pyr", seat, slot), ("hand", seat, i),
    ("cel", area), ("drawn",)."""
    if not state.log:
        return {}
    a = state.log[-1]
    p = state.last_seat
    k = a.kind
    if k == "build":
        return {("pyr", p, a.c): True}
    if k == "fx":
        return {("pyr", p if a.a == "own" else 1 - p, a.b): True}
    if k == "flip":
        return {("hand", p, a.a - 1): True}
    if k == "take":
        return {("hand", p, len(state.hand[p]) - 1): True}
    if k == "keep":
        return {("hand", p, len(state.hand[p]) - 1): True, ("cel", a.d - 1): True}
    if k == "draw":
        return {("drawn",): True}
    return {}


def to_svg(state: State, viewer: int | None = None, show_backs: bool = False) -> str:
    """The table as ``viewer`` (0, 1 or None for a spectator) sees it, as an SVG string."""
    if viewer not in (None, 0, 1):
        raise ValueError(f"viewer must be 0, 1 or None (a spectator), got {viewer!r}")
    s = state
    marks = _marks(s)
    to_act = s.current_player

    def back_of(c: int) -> str | None:
        if show_backs or (viewer is not None and s.seen[c] >> viewer & 1):
            return s.back(c).name
        return None

    h = height(s.rules.hand_limit)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" '
           f'viewBox="0 0 {WIDTH} {h}" font-family="{FONT}">',
           f'<rect width="{WIDTH}" height="{h}" fill="#faf7f0"/>']
    # ---- title bar: turn, phase, result
    out.append(f'<rect width="{WIDTH}" height="{TOP - 12}" fill="#3e2723"/>')
    if s.over:
        w = s.winners()
        status = ("Game over: shared win" if len(w) == 2 else f"Game over: {SEAT_NAMES[w[0]]} wins")
    else:
        who = SEAT_NAMES[to_act]
        status = f"Turn {s.turns}: {who} to act ({s.phase_name})"
        if s.final:
            status += " - last turn"
    out.append(_text(MARGIN, 21, "Cow abduction", 17, "bold", "#ffe082"))
    out.append(_text(MARGIN + 150, 20, status, 14, "bold", "#fff", width=WIDTH - 2 * MARGIN - 150))
    if s.log:  # the last action on a line of its own, under the status
        last = f"last: {SHORT_NAMES[s.last_seat]}: {s.describe(s.log[-1], viewer)}"
        out.append(_text(MARGIN + 150, 37, last, MIN_FONT, fill="#ffcc80", width=WIDTH - 2 * MARGIN - 150))

    breakdown = s.score_breakdown()
    for seat in (0, 1):
        px = MARGIN if seat == 0 else WIDTH - MARGIN - PANEL_W
        colour = SEAT_COLOURS[seat]
        active = not s.over and to_act == seat
        # ---- header: name, score
        out.append(f'<rect x="{px - 6}" y="{TOP - 4}" width="{PANEL_W + 12}" height="26" rx="6" '
                   f'fill="{colour}" fill-opacity="{0.95 if active else 0.35}"/>')
        b = breakdown[seat]
        tag = "\u25b6 " if active else ""
        start = " \u2022 started" if s.starter == seat else ""
        out.append(_text(px + 2, TOP + 13, f"{tag}{SEAT_NAMES[seat]}{start}", 14, "bold",
                         "#fff" if active else "#222"))
        out.append(_text(px + PANEL_W - 2, TOP + 14, f"{sum(b.values())} pts", 14, "bold",
                         "#fff" if active else "#222", "end"))
        parts = f"base {b['base']} \u00b7 adjacency {b['adjacency']:+d} \u00b7 end of game {b['end_of_game']:+d}"
        out.append(_text(px + PANEL_W - 2, TOP + 37, parts, MIN_FONT, fill="#555", anchor="end", width=PANEL_W - 4))
        # ---- pyramid: row 1 under the Alien, rows below
        open_here = set(s.open_slots(seat)) if (active and s.turn == seat and not s.built
                                                 and s.phase != EFFECT) else set()
        for slot in range(6):
            x, y = _slot_xy(px, slot)
            c = s.pyr[seat][slot]
            r, k = SLOTS[slot]
            if c < 0:
                out.append(_empty(x, y, f"row {r} slot {k}", colour if slot in open_here else None))
            else:
                out.append(_card(x, y, s.face(c), mark=("pyr", seat, slot) in marks, back=back_of(c)))
        # ---- hand (face up on the table): one slot per card the hand limit allows,
        # HAND_COLS to a row, so a larger Rules.hand_limit adds rows inside the panel
        hand = s.hand[seat]
        out.append(_text(px, HAND_Y - 8, f"Hand ({len(hand)}/{s.rules.hand_limit})", 14, "bold", colour))
        for i in range(max(s.rules.hand_limit, len(hand))):
            x, y = hand_slot_xy(px, i)
            if i < len(hand):
                c = hand[i]
                out.append(_card(x, y, s.face(c), label=f"hand {i + 1}", mark=("hand", seat, i) in marks,
                                 back=back_of(c)))
            else:
                out.append(_empty(x, y, "empty"))

    # ---- centre: Aliens card, deck, Celeiro, drawn pair
    cx = MARGIN * 2 + PANEL_W
    mid = cx + CENTER_W / 2
    out.append(f'<rect x="{mid - 70}" y="{TOP - 4}" width="140" height="56" rx="8" fill="#263238"/>')
    for seat, dx in ((0, -1), (1, 1)):
        ax = mid + dx * 34
        out.append(f'<ellipse cx="{ax}" cy="{TOP + 20}" rx="15" ry="18" fill="{SEAT_COLOURS[seat]}"/>')
        out.append(f'<ellipse cx="{ax - 5}" cy="{TOP + 16}" rx="4" ry="6" fill="#111"/>'
                   f'<ellipse cx="{ax + 5}" cy="{TOP + 16}" rx="4" ry="6" fill="#111"/>')
        out.append(f'<polygon points="{ax + dx * 16},{TOP + 20} {ax + dx * 28},{TOP + 14} {ax + dx * 28},{TOP + 26}" '
                   f'fill="{SEAT_COLOURS[seat]}"/>')
    out.append(_text(mid, TOP + 47, "Aliens", MIN_FONT, "bold", "#fff", "middle"))

    dy = TOP + 72
    out.append(_text(mid, dy, f"Deck: {len(s.deck)} card(s)", 14, "bold", "#3e2723", "middle"))
    out.append(_text(mid, dy + 15, "drawn from the bottom", MIN_FONT, fill="#666", anchor="middle"))
    deck_x = mid - CW / 2
    if s.deck:
        for k in range(min(3, (len(s.deck) + 3) // 4), 0, -1):
            out.append(f'<rect x="{deck_x + 3 * k}" y="{dy + 20 + 3 * k}" width="{CW}" height="{CH}" rx="7" '
                       f'fill="#d7ccc8" stroke="#6d4c41"/>')
        out.append(_card(deck_x, dy + 20, s.face(s.deck[0])))
        out.append(_text(mid, dy + 20 + CH + 20, "top of the deck", MIN_FONT, fill="#555", anchor="middle"))
    else:
        out.append(_empty(deck_x, dy + 20, "deck empty"))

    cy = dy + 20 + CH + 48
    labels = s.cards.area_labels(s.areas)
    n_a = s.areas
    span = n_a * CW + (n_a - 1) * 16
    for a in range(n_a):
        x = mid - span / 2 + a * (CW + 16)
        pile = s.cel[a]
        out.append(_text(x + CW / 2, cy - 6, f"{labels[a]} ({len(pile)})", 14, "bold", "#3e2723", "middle",
                         width=CW + 14))
        if pile:
            c = pile[-1]
            out.append(_card(x, cy, s.face(c), mark=("cel", a) in marks, back=back_of(c)))
        else:
            out.append(_empty(x, cy, "empty"))

    if s.drawn:
        ddy = cy + CH + 30
        out.append(_text(mid, ddy - 8, "Drawn: keep one", 14, "bold", HIGHLIGHT, "middle"))
        for i, c in enumerate(s.drawn):
            x = mid - CW - 6 + i * (CW + 12)
            out.append(_card(x, ddy, s.face(c), label=f"drawn {i + 1}", mark=("drawn",) in marks,
                             back=back_of(c)))
    elif s.phase == EFFECT and not s.over:
        ey = cy + CH + 34
        owner, c, eff = s.stack[-1]
        out.append(f'<rect x="{cx + 4}" y="{ey - 16}" width="{CENTER_W - 8}" height="48" rx="6" '
                   f'fill="#fff3e0" stroke="{HIGHLIGHT}"/>')
        out.append(_text(mid, ey, f"{SHORT_NAMES[owner]}: effect of {s.face(c).name}", MIN_FONT, "bold",
                         "#bf360c", "middle", width=CENTER_W - 16))
        out.append(_text(mid, ey + 16, eff.text(), MIN_FONT, fill="#bf360c", anchor="middle", width=CENTER_W - 16))
    elif s.phase == KEEP:  # pragma: no cover - KEEP always has drawn cards
        pass
    out.append("</svg>")
    return "".join(out)
