"""Draw an Ovni position as standalone SVG.

Every drawing is a pure function of the state: the same position (and the same
arguments) always gives byte-identical SVG, so a replay slider can redraw every state and
notebooks can compare outputs. There are three kinds of drawing:

* :func:`board_svg`, the table: a header (round, phase, who acts; the last action and
  whose view it is); the 12 cities at the board file's coordinates, each a tile holding
  its number, the human piece, the UFOs of every colour (always in the same corner per
  colour: red top-left, blue top-right, green bottom-left, yellow bottom-right) and the
  mapping tokens on its top edge; the tile takes the colour of the player controlling
  the airspace (thick border, tinted fill), a grey dashed border is a tie; under the map
  the recruitment areas A-D with their alien cards, command tokens and who won each card
  (after resolution: last round's cards), then the human track, the alien stock, deck
  and discard, and the turn orders;
* :func:`mat_svg`, one seat's mat: aliens by type (captured ones crossed), platform,
  reserve, mapping, command tokens, energy card, force field, abilities, abducted
  humans, missions and the score; and :func:`key_svg`, what the symbols mean;
* :func:`to_svg`, all of them in one picture (for a notebook); the board
  (:mod:`ovnilab.ovni.widget`) shows :func:`board_svg` beside its controls and
  :func:`panel_html` (the mats and the key) under them.

Legible when projected (issues 15, 22): no text is under 12 px on a 1280x720 or a
1024x768 screen. The board's layout (:func:`ovnilab.board.view_width_px`) shows the
table 694 px wide at 1024x768 (818 px at 1280x720), so its 910-unit-wide drawing uses
no font under :data:`MIN_FONT` = 16 units (12.2 px there); the small print that would
crowd it at that size (how recruitment and the human track work) is in the key. The mats
and the key are shown at their own size (a unit is a pixel) with no font under
:data:`PANEL_FONT` = 12. Seats are named as everywhere else: :meth:`State.seat_name`,
e.g. "red (Antáris)".

Hidden information. ``viewer=None`` is the public view (what every player at the table
sees: face-down tokens are "?", missions stay hidden until the game ends);
``viewer=seat`` adds what that seat knows (its own face-down tokens, hand and missions);
``reveal=True`` shows everything (a teacher's view of a replay). Everything hidden is
masked in one place (:class:`_Masks`) before anything is drawn, and the score of a seat
whose missions are hidden leaves the mission points out (they would leak whether a
hidden mission is fulfilled).

Design notes: no ``<style>`` element, ids or ``<defs>`` (several boards in one notebook
page would share CSS and ids); presentation attributes only; a generic font stack, no
external fonts or images; coordinates rounded to one decimal so output is stable.
"""

from __future__ import annotations

from html import escape

from ..svg import num as _n
from ..svg import text_width as _text_w
from ..svg import fit as _fit
from ..svg import wrap as _wrap
from .data import ALIEN_TYPES
from .rules import (
    ACTIONS,
    AREA_LETTERS,
    CHOOSE_ALIENS,
    COMMAND_VALUES,
    ENERGY,
    FORCE_FIELD,
    GROUP_NAMES,
    KEEP_MISSIONS,
    MAP_TOKENS_PER_PLAYER,
    OVER,
    PLACEMENT,
    RECRUIT,
    SEAT_COLOURS,
    THIRD_ALIENS,
    Action,
    State,
)

__all__ = ["ALIEN_HEX", "SEAT_HEX", "MIN_FONT", "PANEL_FONT", "board_svg", "mat_svg", "key_svg", "panel_html", "to_svg"]

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline / text) and light tint of each seat colour
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d7263d", "#7a0f1e", "#fbdfe2"),
    "blue": ("#1f63c7", "#0d2f66", "#dce8fa"),
    "green": ("#2b9a48", "#125a26", "#dcf1e1"),
    "yellow": ("#f5c518", "#6b5200", "#fff3c4"),
}
#: colour and letter of each alien type
ALIEN_HEX: dict[str, tuple[str, str]] = {
    "pilot": ("#0e7c86", "P"),
    "abductor": ("#7d3c98", "A"),
    "builder": ("#a0522d", "B"),
    "military": ("#4b5563", "M"),
}
INK = "#1f2328"
MUTED = "#5f6b76"
FAINT = "#8a949e"
PAPER = "#f8f6f1"
SEA = "#e9f1f7"
HILITE = "#d4147a"  # last action (magenta: unlike any seat colour)
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: the smallest font size of the table (:func:`board_svg`), in its units. The board's
#: layout shows the 910-unit-wide drawing 694 px wide on a 1024x768 screen
#: (``view_width_px(aspect, 994, 768)``): 16 units are 12.2 px there, 14.4 px at 1280x720
MIN_FONT = 16.0
#: the smallest font size of the mats and the key, shown at their own size (12 px)
PANEL_FONT = 12.0

# the board drawing: 910 x 730 units. At 1024x768 the side column leaves it 694 px of
# width whatever its height, so a taller drawing (aspect 1.25 rather than 1.4) buys room
# for the larger text; at 1280x720 it is then 818 px wide, held by the window's height
W = 910  # viewBox width
H = 730  # viewBox height
HEADER_H = 60
MAP = (6.0, 64.0, 898.0, 482.0)  # x, y, w, h of the map panel
AREAS_Y = 552.0  # top of the recruitment areas
AREA_H = 84.0
TRACK_Y = 644.0  # top of the human track, then the two turn orders
# 98 units is as wide as a tile can be: Paris and Berlim sit side by side 100 board
# units apart, and the map's width stretches 750 board units
TILE_W, TILE_H = 98.0, 48.0
# the mats and the key: shown at their own size (a unit is a pixel)
MAT_W = 300.0
GAP = 10.0  # between mats
LX, VX = 10.0, 76.0  # a mat's row labels and row values

ABILITY_TEXT = {
    "starting_aliens": "3 starting aliens",
    "free_mapping": "free mapping",
    "initial_ufo": "initial UFO",
    "human_swap": "human swap",
    "extra_moves": "+2 moves",
    "force_field": "force field",
    "command_six": "command 6 twice",
}


# ----------------------------------------------------------------------------- helpers
def _seat_hex(state: State, seat: int) -> tuple[str, str, str]:
    name = SEAT_COLOURS[seat] if seat < len(SEAT_COLOURS) else "grey"
    return SEAT_HEX.get(name, ("#888888", "#333333", "#eeeeee"))


def _text(x: float, y: float, s: str, size: float = MIN_FONT, fill: str = INK, anchor: str = "start",
          weight: str = "normal", extra: str = "") -> str:
    w = "" if weight == "normal" else f' font-weight="{weight}"'
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    f = "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w}{f}{extra}>{escape(s)}</text>'


def _halo_text(x: float, y: float, s: str, size: float = MIN_FONT, anchor: str = "middle",
               weight: str = "normal", fill: str = INK) -> str:
    """Text with a light outline, readable over lines."""
    return _text(x, y, s, size, fill, anchor, weight,
                 ' stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"')


def _saucer(x: float, y: float, fill: str, dark: str, k: float = 1.0) -> str:
    """A small flying saucer centred on (x, y)."""
    return (f'<path d="M{_n(x - 4.2 * k)} {_n(y - 0.8 * k)} A{_n(4.2 * k)} {_n(4.4 * k)} 0 0 1 '
            f'{_n(x + 4.2 * k)} {_n(y - 0.8 * k)} Z" fill="#eef6fb" stroke="{dark}" stroke-width="1"/>'
            f'<ellipse cx="{_n(x)}" cy="{_n(y + 0.6 * k)}" rx="{_n(8.5 * k)}" ry="{_n(3.2 * k)}" '
            f'fill="{fill}" stroke="{dark}" stroke-width="1.1"/>')


def _pawn(x: float, y: float, fill: str, k: float = 1.0, title: str = "") -> str:
    """A human piece (head and body) standing on (x, y)."""
    t = f"<title>{escape(title)}</title>" if title else ""
    return (f'<g>{t}<path d="M{_n(x - 6 * k)} {_n(y)} L{_n(x - 4 * k)} {_n(y - 8 * k)} '
            f'Q{_n(x)} {_n(y - 11.5 * k)} {_n(x + 4 * k)} {_n(y - 8 * k)} L{_n(x + 6 * k)} {_n(y)} Z" '
            f'fill="{fill}" stroke="#2b2b2b" stroke-width="1"/>'
            f'<circle cx="{_n(x)}" cy="{_n(y - 13 * k)}" r="{_n(3.6 * k)}" fill="{fill}" '
            f'stroke="#2b2b2b" stroke-width="1"/></g>')


def _alien_badge(x: float, y: float, t: int, size: float = 16, least: float = PANEL_FONT) -> str:
    """A square badge with the alien type's colour and letter; (x, y) = top-left; the
    letter is at least ``least`` units tall."""
    colour, letter = ALIEN_HEX.get(ALIEN_TYPES[t], ("#666666", "?"))
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" rx="3" '
            f'fill="{colour}"/>'
            + _text(x + size / 2, y + size * 0.74, letter, max(least, size * 0.66), "#ffffff", "middle",
                    "bold"))


def _token(x: float, y: float, seat_hex: tuple[str, str, str], label: str, face_down: bool,
           r: float = 12.5, dim: bool = False, least: float = PANEL_FONT) -> str:
    """A command token: face-up = filled disc; face-down = ringed light disc; its value
    at least ``least`` units tall."""
    fill, dark, tint = seat_hex
    op = ' opacity="0.4"' if dim else ""
    if face_down:
        body = (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{tint}" stroke="{fill}" '
                f'stroke-width="3.5"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r - 4.5)}" fill="none" stroke="{dark}" '
                f'stroke-width="0.8" stroke-dasharray="2 2"/>')
        colour = dark
    else:
        body = (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{dark}" '
                f'stroke-width="1.2"/>')
        colour = dark if fill == SEAT_HEX["yellow"][0] else "#ffffff"
    size = max(least, r * 0.95)
    return f'<g{op}>{body}{_text(x, y + size * 0.36, label, size, colour, "middle", "bold")}</g>'


def _chip(x: float, y: float, seat_hex: tuple[str, str, str], r: float = 6) -> str:
    fill, dark, _ = seat_hex
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{dark}" stroke-width="1.2"/>'


# ----------------------------------------------------------------------------- hidden info
class _Masks:
    """What the drawing may show, decided once (see the module docstring)."""

    def __init__(self, state: State, viewer: int | None, reveal: bool) -> None:
        s = state
        self.viewer = viewer
        self.over = s.over
        self.reveal = reveal or s.over
        placing = s.phase == PLACEMENT
        # slots of the areas: (owner, value or None when hidden, face_down)
        self.areas: list[list[tuple[int, int | None, bool]]] = []
        for sl in s.area_slots:
            row = []
            for k, (o, v) in enumerate(sl):
                down = k % 2 == 0
                hidden = placing and down and not self.reveal and o != viewer
                row.append((o, None if hidden else v, down))
            self.areas.append(row)
        #: command tokens of a seat still in hand (None when the hand is secret)
        self.hand: list[list[int] | None] = []
        for p in range(s.ns):
            if not placing or self.reveal or p == viewer:
                self.hand.append(s._hand_tokens(p))
            else:
                self.hand.append(None)
        #: missions a seat's mat may list
        self.missions_shown = [self.reveal or p == viewer for p in range(s.ns)]

    def missions(self, state: State, p: int) -> tuple[int, ...] | None:
        if not self.missions_shown[p]:
            return None
        if state.phase == KEEP_MISSIONS and not state.missions_kept[p]:
            return state.missions_dealt[p]
        return state.missions_kept[p]

    def action_text(self, state: State, a: Action) -> str:
        """The last action as this view may read it."""
        hidden_place = (a.kind == "place" and a.c == "face-down" and a.b is not None
                        and not self.reveal and state.phase == PLACEMENT)
        if hidden_place:
            i = AREA_LETTERS.index(a.a)
            sl = state.area_slots[i] if i < len(state.area_slots) else []
            if not (sl and sl[-1][0] == self.viewer and sl[-1][1] == a.b):
                return f"place a token face-down on {a.a}"
        if a.kind == "keep" and not self.reveal:
            owner = next((p for p in range(state.n) if state.missions_kept[p] == tuple(a.a)), -1)
            if owner != self.viewer:
                return f"keep {len(a.a)} mission{'s' if len(a.a) > 1 else ''}"
        return str(a)




# ----------------------------------------------------------------------------- the map
def _map_xy(state: State) -> list[tuple[float, float]]:
    """Tile centres: the board file's coordinates stretched over the map panel (each
    axis on its own: the tiles are wider than tall, names sit under them)."""
    xs = [p[0] for p in state.board.xy]
    ys = [p[1] for p in state.board.xy]
    x0, y0, w, h = MAP
    # room around the tiles: the last action's frame and the mapping tokens above, the
    # name under each tile
    mx, mt, mb = TILE_W / 2 + 8, TILE_H / 2 + 12, TILE_H / 2 + 24
    sx = (w - 2 * mx) / max(1.0, max(xs) - min(xs))
    sy = (h - mt - mb) / max(1.0, max(ys) - min(ys))
    return [(x0 + mx + (x - min(xs)) * sx, y0 + mt + (y - min(ys)) * sy) for x, y in state.board.xy]


def _touched(state: State, a: Action | None) -> tuple[set[int], tuple[int, int] | None]:
    """Cities the last action touched, and a (from, to) arrow for a move."""
    if a is None:
        return set(), None
    idx = {n: i for i, n in enumerate(state.board.names)}
    if a.kind == "move" and a.a in idx and a.b in idx:
        return {idx[a.a], idx[a.b]}, (idx[a.a], idx[a.b])
    if a.kind in ("launch", "abduct"):
        out = {idx[a.a]} if a.a in idx else set()
        if a.kind == "abduct" and a.b in idx:
            out.add(idx[a.b])
        return out, None
    if a.kind == "destroy" and a.b in idx:
        return {idx[a.b]}, None
    return set(), None




def _board(state: State, out: list[str], last: Action | None) -> None:
    x0, y0, w, h = MAP
    out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="12" '
               f'fill="{SEA}" stroke="#c9d6e2"/>')
    pts = _map_xy(state)
    touched, arrow = _touched(state, last)
    # routes
    for a, b in state.board.edges:
        (ax, ay), (bx, by) = pts[a - 1], pts[b - 1]
        out.append(f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}" '
                   f'stroke="#aab7c4" stroke-width="2.5" stroke-linecap="round"/>')
    comp = _competitors(state)
    cats = state.cards.categories
    names: list[str] = []  # drawn last, over the last move's arrow, which may cross one
    for c, (cx, cy) in enumerate(pts):
        counts = [state.ufo[p][c] for p in range(state.ns)]
        ctrl = state.controller(c)
        best = max((counts[p] for p in comp), default=0)
        tie = ctrl < 0 and best > 0 and sum(1 for p in comp if counts[p] == best) > 1
        tx, ty = cx - TILE_W / 2, cy - TILE_H / 2
        name = state.board.names[c]
        tip = [f"{c + 1} {name}"]
        ufo_txt = ", ".join(f"{state.seat_name(p)} {counts[p]}" for p in range(state.ns) if counts[p])
        tip.append(f"UFOs: {ufo_txt or 'none'}")
        tip.append("airspace: " + (state.seat_name(ctrl) if ctrl >= 0 else ("tie" if tie else "nobody")))
        hcat = state.human[c]
        tip.append("human: " + (cats[hcat] if hcat >= 0 else "none"))
        maps = [p for p in range(state.ns) if state.mapped[c] >> p & 1]
        if maps:
            tip.append("mapped by " + ", ".join(state.seat_name(p) for p in maps))
        out.append(f'<g><title>{escape("; ".join(tip))}</title>')
        if c in touched:  # a frame 5 units out: clear of a name under the tile above
            out.append(f'<rect x="{_n(tx - 5)}" y="{_n(ty - 5)}" width="{_n(TILE_W + 10)}" '
                       f'height="{_n(TILE_H + 10)}" rx="13" fill="{HILITE}" fill-opacity="0.13" '
                       f'stroke="{HILITE}" stroke-width="2.2" stroke-dasharray="6 3"/>')
        if ctrl >= 0:
            fill, dark, tint = _seat_hex(state, ctrl)
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="{tint}" stroke="{fill}" stroke-width="5"/>')
            if SEAT_COLOURS[ctrl] == "yellow":  # yellow needs a dark edge to read
                out.append(f'<rect x="{_n(tx - 2.5)}" y="{_n(ty - 2.5)}" width="{_n(TILE_W + 5)}" '
                           f'height="{_n(TILE_H + 5)}" rx="11" fill="none" stroke="{dark}" '
                           f'stroke-width="1"/>')
        elif tie:
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="#ffffff" stroke="#6b7280" stroke-width="2.5" '
                       f'stroke-dasharray="5 3"/>')
        else:
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="#ffffff" stroke="#9aa5b1" stroke-width="1.2"/>')
        # the city's number (top-left, on a pill: "12" is too wide for a disc at this
        # size) and its human piece under it
        out.append(f'<rect x="{_n(tx + 5)}" y="{_n(ty + 5)}" width="28" height="20" rx="10" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="1.2"/>')
        out.append(_text(tx + 19, ty + 20.8, str(c + 1), MIN_FONT, INK, "middle", "bold"))
        if hcat >= 0:
            out.append(_pawn(tx + 19, ty + TILE_H - 3, state.cards.category_colours[hcat], 1.0))
        else:
            out.append(f'<circle cx="{_n(tx + 19)}" cy="{_n(ty + 36)}" r="6" fill="none" '
                       f'stroke="#c0c7cf" stroke-width="1.2" stroke-dasharray="2 2"/>')
        # UFOs, one fixed corner per seat (red top-left, blue top-right, ...)
        for p in range(state.ns):
            if not counts[p]:
                continue
            col, row = p % 2, p // 2
            ux = tx + 42 + col * 29
            uy = ty + 14 + row * 20
            fill, dark, _ = _seat_hex(state, p)
            out.append(_saucer(ux, uy, fill, dark, 0.9))
            out.append(_text(ux + 8.5, uy + 5.8, str(counts[p]), MIN_FONT, INK, "start",
                             "bold" if p == ctrl else "normal"))
        # mapping tokens on the top edge
        for k, p in enumerate(maps):
            fill, dark, _ = _seat_hex(state, p)
            mx = tx + TILE_W - 14 - k * 11
            out.append(f'<rect x="{_n(mx)}" y="{_n(ty - 4.5)}" width="9" height="9" rx="1.5" '
                       f'fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')
        names.append(_halo_text(cx, ty + TILE_H + 16, name, MIN_FONT, "middle", "bold"))
        out.append("</g>")
    if arrow is not None:  # the last move, drawn over the tiles
        (ax, ay), (bx, by) = pts[arrow[0]], pts[arrow[1]]
        out.append(_arrow(ax, ay, bx, by))
    out += names


def _competitors(state: State) -> list[int]:
    """The seats whose counts decide majorities (the two-player third player only when
    its Rules say it competes)."""
    if state.third >= 0 and state.rules.third_player_competes:
        return list(range(state.ns))
    return list(range(state.n))


def _edge(ux: float, uy: float) -> float:
    """Distance from a tile's centre to its border in the direction (ux, uy)."""
    return min(TILE_W / 2 / max(abs(ux), 1e-6), TILE_H / 2 / max(abs(uy), 1e-6))


def _arrow(ax: float, ay: float, bx: float, by: float) -> str:
    """A curved arrow from tile (ax, ay) to tile (bx, by), bulging upwards so that it
    stays visible even between neighbouring tiles."""
    dx, dy = bx - ax, by - ay
    d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    nx, ny = -dy / d, dx / d
    if ny > 0 or (ny == 0 and nx > 0):
        nx, ny = -nx, -ny
    bulge = max(66.0, 0.28 * d)
    cx, cy = (ax + bx) / 2 + nx * bulge, (ay + by) / 2 + ny * bulge

    def toward(x: float, y: float, tx: float, ty: float) -> tuple[float, float]:
        vx, vy = tx - x, ty - y
        n = max(1e-6, (vx * vx + vy * vy) ** 0.5)
        return vx / n, vy / n

    ux, uy = toward(ax, ay, cx, cy)
    sx, sy = ax + ux * (_edge(ux, uy) + 3), ay + uy * (_edge(ux, uy) + 3)
    vx, vy = toward(cx, cy, bx, by)
    tx, ty = bx - vx * (_edge(vx, vy) + 3), by - vy * (_edge(vx, vy) + 3)
    hx, hy = tx - vx * 13, ty - vy * 13
    px, py = -vy * 7, vx * 7
    curve = f'M{_n(sx)} {_n(sy)} Q{_n(cx)} {_n(cy)} {_n(hx)} {_n(hy)}'
    head = f'M{_n(tx)} {_n(ty)} L{_n(hx + px)} {_n(hy + py)} L{_n(hx - px)} {_n(hy - py)} Z'
    return (f'<g><path d="{curve}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>'
            f'<path d="{head}" fill="#ffffff" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>'
            f'<path d="{curve}" fill="none" stroke="{HILITE}" stroke-width="4" stroke-linecap="round"/>'
            f'<path d="{head}" fill="{HILITE}"/></g>')




# ----------------------------------------------------------------------------- under the map
def _areas(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    """The recruitment areas in a row under the map, each a box: its letter and alien
    card, who won the card beside it (once known), and under them the command tokens
    (placement, resolution) or, once recruited, when the card was won."""
    ph = state.phase
    if ph in (PLACEMENT, RECRUIT):
        cards = state.area_cards
        winners = list(state.area_winner) if ph == RECRUIT else []
        slots = m.areas
    elif state.area_cards_last:
        cards, winners, slots = state.area_cards_last, state.area_winner_last, []
    else:
        cards, winners, slots = [], [], []
    hl_area = -1
    if last is not None and last.kind == "place" and ph == PLACEMENT and last.a in AREA_LETTERS:
        hl_area = AREA_LETTERS.index(last.a)
    n_areas = 4 if state.n == 4 else 3
    x0, _, w, _ = MAP
    bw = (w - 8 * (n_areas - 1)) / n_areas
    y = AREAS_Y
    for i in range(n_areas):
        x = x0 + i * (bw + 8)
        win = winners[i] if (i < len(winners) and i < len(cards)) else -1
        if win >= 0:
            fill, dark, tint = _seat_hex(state, win)
            out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(bw)}" height="{_n(AREA_H)}" rx="8" '
                       f'fill="{tint}" stroke="{dark if SEAT_COLOURS[win] == "yellow" else fill}" '
                       f'stroke-width="2.5"/>')
        else:
            out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(bw)}" height="{_n(AREA_H)}" rx="8" '
                       f'fill="#ffffff" stroke="#d8dde3"/>')
        out.append(_text(x + 17, y + 34, AREA_LETTERS[i], 26, INK, "middle", "bold"))
        if i >= len(cards):
            out.append(_text(x + 34, y + 31, "opens in round 1" if state.round == 0 else "no card",
                             MIN_FONT, MUTED))
            continue
        card = state.cards.alien_cards[cards[i]]
        out.append(f'<g><title>{escape("card: " + " + ".join(ALIEN_TYPES[t] for t in card))}</title>'
                   f'<rect x="{_n(x + 32)}" y="{_n(y + 8)}" width="78" height="36" rx="6" '
                   f'fill="#ffffff" stroke="#8b95a1" stroke-width="1.2"/>')
        for k, t in enumerate(card):
            out.append(_alien_badge(x + 36 + k * 24, y + 15, t, 22, MIN_FONT))
        out.append("</g>")
        # who won the card: the seat's name beside it (on two lines if need be)
        col, col_w = x + 118, bw - 126
        if ph == RECRUIT or not slots:
            if win >= 0:
                names = _wrap(state.seat_name(win), MIN_FONT, col_w, True)[:2]
                for k, line in enumerate(names):
                    out.append(_text(col, y + 31 + 18 * k - 9 * (len(names) - 1),
                                     _fit(line, MIN_FONT, col_w, True), MIN_FONT, _seat_hex(state, win)[1],
                                     "start", "bold"))
            else:
                out.append(_text(col, y + 31, "nobody", MIN_FONT, MUTED))
        if not slots:  # last round's result: when the card was won (or thrown away)
            what = f"won in round {state.round}" if win >= 0 else f"discarded in round {state.round}"
            out.append(_text(x + 10, y + 70, _fit(what, MIN_FONT, bw - 20), MIN_FONT, MUTED))
            continue
        # command tokens; once revealed, equal values cancel (drawn faded and struck)
        sl = slots[i] if i < len(slots) else []
        cancelled: set[int] = set()
        if ph == RECRUIT:
            vals = [v for _, v, _ in sl]
            cancelled = {v for v in vals if v is not None and vals.count(v) > 1}
        for k in range(4):
            tx, ty = x + 20 + k * 28, y + 63
            if k < len(sl):
                o, v, down = sl[k]
                if i == hl_area and k == len(sl) - 1:
                    out.append(f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="16.5" fill="none" '
                               f'stroke="{HILITE}" stroke-width="2.2" stroke-dasharray="4 2"/>')
                gone = v in cancelled
                out.append(_token(tx, ty, _seat_hex(state, o), "?" if v is None else str(v), down, 13,
                                  dim=gone, least=MIN_FONT))
                if gone:
                    out.append(f'<path d="M{_n(tx - 11)} {_n(ty + 11)} L{_n(tx + 11)} {_n(ty - 11)}" '
                               f'stroke="{INK}" stroke-width="2"/>')
            elif ph == PLACEMENT:  # an empty slot: which way up its token goes
                out.append(f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="12.5" fill="none" stroke="#c0c7cf" '
                           f'stroke-width="1.2" stroke-dasharray="3 2"/>')
                out.append(_text(tx, ty + 5.5, "▼" if k % 2 == 0 else "▲", MIN_FONT, "#b0b8c1", "middle"))
        if ph == RECRUIT:  # what became of the card, beside the tokens
            rp = state.resolve_pos
            status = ("recruited" if i < rp else "recruiting" if i == rp else "won") if win >= 0 else "discarded"
            out.append(_text(x + 128, y + 69, _fit(status, MIN_FONT, bw - 134), MIN_FONT,
                             _seat_hex(state, win)[1] if win >= 0 else MUTED))


def _tracks(state: State, out: list[str]) -> None:
    """The bottom rows: the human track, the alien stock and deck; the two turn orders."""
    x = MAP[0] + 4
    y = TRACK_Y + 20  # baseline of the first row
    out.append(_text(x, y, "Human track", MIN_FONT, INK, "start", "bold"))
    cats = state.cards.categories
    for k in range(6):
        sx = x + 138 + k * 31
        out.append(f'<rect x="{_n(sx - 13)}" y="{_n(TRACK_Y)}" width="26" height="28" rx="5" '
                   f'fill="#ffffff" stroke="#d8dde3"/>')
        if k < len(state.track):
            h = state.track[k]
            out.append(_pawn(sx, TRACK_Y + 24, state.cards.category_colours[h], 1.05, cats[h]))
    # the aliens left to recruit: figures in the stock, cards in the deck and discard
    sx = x + 138 + 6 * 31
    out.append(_text(sx, y, "stock", MIN_FONT, MUTED))
    sx += _text_w("stock", MIN_FONT) + 8
    for t in range(4):
        out.append(_alien_badge(sx, TRACK_Y + 4, t, 20, MIN_FONT))
        low = state.stock[t] <= 3
        out.append(_text(sx + 24, y, str(state.stock[t]), MIN_FONT, "#b3261e" if low else INK, "start", "bold"))
        sx += 24 + _text_w(str(state.stock[t]), MIN_FONT, True) + 12
    nd = len(state.deck)
    out.append(_text(W - 10, y, f"alien deck {nd} card{'' if nd == 1 else 's'} · discard {len(state.discard)}",
                     MIN_FONT, MUTED, "end"))
    ph = state.phase
    in_phase2 = ph in (FORCE_FIELD, ACTIONS, OVER)
    rows = (("Turn order", "recruit", state.order1, ph in (PLACEMENT, RECRUIT, ENERGY)),
            ("", "act", state.order2 if in_phase2 else [], in_phase2 and ph != OVER))
    for k, (head, lab, order, current) in enumerate(rows):
        yy = y + 32 + k * 26
        if head:
            out.append(_text(x, yy, head, MIN_FONT, INK, "start", "bold"))
        out.append(_text(x + 125, yy, lab, MIN_FONT, MUTED))
        if not order:
            later = state.round > 0 and not state.over
            out.append(_text(x + 186, yy, "after recruitment" if later else "—", MIN_FONT, FAINT))
        cx = x + 194
        for j, p in enumerate(order):
            acting = current and p == state.actor
            if acting:
                out.append(f'<circle cx="{_n(cx)}" cy="{_n(yy - 5.5)}" r="11" fill="none" '
                           f'stroke="{INK}" stroke-width="1.5"/>')
            out.append(_chip(cx, yy - 5.5, _seat_hex(state, p), 7))
            name = state.seat_name(p)
            out.append(_text(cx + 15, yy, name, MIN_FONT, INK, "start", "bold" if acting else "normal"))
            cx += 15 + _text_w(name, MIN_FONT, acting) + 26


# ----------------------------------------------------------------------------- header
def _status(state: State, short: bool = False) -> str:
    """What is happening, in words (``short``: without the groups already used, for a
    header that has no room for them; the mat marks them too)."""
    s = state
    ph = s.phase
    who = s.seat_name(s.actor) if not s.over else ""
    if ph == KEEP_MISSIONS:
        return f"{who} keeps 1 or 2 of 3 missions"
    if ph == CHOOSE_ALIENS:
        return f"{who} chooses starting aliens"
    if ph == THIRD_ALIENS:
        return f"{who} gives the third player a starting alien"
    if ph == PLACEMENT:
        seq, pos = s.place_seq, s.place_pos
        if s.third >= 0 and pos < len(seq) and seq[pos][1] == s.third:
            return f"Phase 1 · {who} places a third-player token (drawn unseen)"
        return f"Phase 1 · {who} places a command token"
    if ph == RECRUIT:
        won = [AREA_LETTERS[i] for i, w in enumerate(s.area_winner) if w == s.actor]
        return f"Phase 1 · {who} won {'+'.join(won)} and recruits 3 aliens"
    if ph == ENERGY:
        q = s.energy_queue
        if q and q[0] == s.third and s.third >= 0:
            return f"Phase 1 · energy card: {who} picks the third player's alien"
        return f"Phase 1 · energy card: {who} recruited nothing, picks a bonus"
    if ph == FORCE_FIELD:
        return f"Phase 2 · {who} may box 2 military for a force field"
    if ph == ACTIONS:
        g = s.group
        if g >= 0:
            unit = ("move", "abduction", "launch", "attack")[g] + ("" if s.budget == 1 else "es" if g == 2 else "s")
            return f"Phase 2 · {who}: {GROUP_NAMES[g]} active, {s.budget} {unit} left"
        used = [GROUP_NAMES[k] for k in range(4) if s.used_groups >> k & 1]
        done = f" (used: {', '.join(used)})" if used and not short else ""
        return f"Phase 2 · {who} activates a group or ends the turn{done}"
    if ph == OVER:
        ws = s.winners()
        names = ", ".join(s.seat_name(p) for p in ws)
        return f"Game over · {'winner' if len(ws) == 1 else 'shared win'}: {names}"
    return ph


def _header(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    """Two lines: the round and what is happening, across the whole width; under it the
    last action and whose view this is."""
    out.append(f'<rect x="0" y="0" width="{W}" height="{HEADER_H}" fill="#ffffff"/>')
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="#d8dde3"/>')
    out.append(_text(10, 26, "OVNI", 21, INK, "start", "bold"))
    x = 10 + _text_w("OVNI", 21, True) + 12
    rnd = f"Round {state.round}" if state.round else "Set-up"
    out.append(_text(x, 26, rnd, 17, MUTED, "start", "bold"))
    x += _text_w(rnd, 17, True) + 12
    if not state.over:
        out.append(_chip(x + 8, 20, _seat_hex(state, state.actor), 8))
        x += 22
    room = W - 10 - x
    # the whole status if it fits, else without the groups already used (the mat marks
    # them), a size smaller if need be
    status, size = _status(state, short=True), MIN_FONT
    for s, z in ((_status(state), 17), (status, 17)):
        if _text_w(s, z, True) <= room:
            status, size = s, z
            break
    out.append(_text(x, 26, _fit(status, size, room, True), size, INK, "start", "bold"))
    # whose view (right of the second line)
    if m.viewer is not None:
        lab = f"{state.seat_name(m.viewer)}'s view"
        lw = _text_w(lab, MIN_FONT, True)
        out.append(_chip(W - 10 - lw - 12, 44.5, _seat_hex(state, m.viewer), 7))
        out.append(_text(W - 10, 50, lab, MIN_FONT, INK, "end", "bold"))
        vx = W - 10 - lw - 34
    else:
        lab = "everything revealed" if (m.reveal and not state.over) else "public view"
        out.append(_text(W - 10, 50, lab, MIN_FONT, MUTED, "end"))
        vx = W - 10 - _text_w(lab, MIN_FONT) - 20
    if last is not None:
        out.append(_text(10, 50, "Last action:", MIN_FONT, MUTED))
        ax = 10 + _text_w("Last action:", MIN_FONT) + 6
        out.append(_text(ax, 50, _fit(m.action_text(state, last), MIN_FONT, vx - ax, True), MIN_FONT, HILITE,
                         "start", "bold"))
    elif not state.log:
        out.append(_text(10, 50, "New game: no action yet", MIN_FONT, MUTED))


# ----------------------------------------------------------------------------- key
def _key(out: list[str], x: float, y: float) -> float:
    """What the symbols mean, in a card MAT_W wide at (x, y); returns its height. It also
    holds the table's small print (how recruitment and the human track work), which
    would crowd the table at the size it needs to be read when projected."""
    top = y
    card = len(out)
    out.append("")  # the card, once its height is known
    x += 10
    y += 22
    out.append(_text(x, y, "Key", 13.5, INK, "start", "bold"))
    rows = ((SEAT_HEX["red"][2], SEAT_HEX["red"][0], ' stroke-width="3"', "controls the airspace"),
            ("#ffffff", "#6b7280", ' stroke-width="1.5" stroke-dasharray="4 2"', "tie"),
            (None, INK, "", "mapping token"),
            ("none", HILITE, ' stroke-width="1.8" stroke-dasharray="4 2"', "last action"))
    for k, (fill, stroke, extra, label) in enumerate(rows):
        sx, sy = x + (0, 190, 0, 146)[k], y + 22 + 21 * (k // 2)
        if fill is None:  # a mapping token: a small square
            out.append(f'<rect x="{_n(sx + 6)}" y="{_n(sy - 10)}" width="10" height="10" rx="1.5" '
                       f'fill="#ffffff" stroke="{stroke}"/>')
        else:  # a tile's border
            out.append(f'<rect x="{_n(sx)}" y="{_n(sy - 11)}" width="22" height="13" rx="4" fill="{fill}" '
                       f'stroke="{stroke}"{extra}/>')
        out.append(_text(sx + 28, sy, label, PANEL_FONT, MUTED))
    y += 43
    y += 21
    out.append(_text(x + 4, y, "★", 13, "#b7791f", "start", "bold"))
    out.append(_text(x + 28, y, "majority (☆ shared)", PANEL_FONT, MUTED))
    out.append(f'<rect x="{_n(x + 175)}" y="{_n(y - 9)}" width="10" height="9" rx="1.5" fill="#ffffff" '
               f'stroke="{MUTED}"/>')
    out.append(f'<path d="M{_n(x + 175.5)} {_n(y - 8.5)} L{_n(x + 184.5)} {_n(y - 0.5)} M{_n(x + 184.5)} '
               f'{_n(y - 8.5)} L{_n(x + 175.5)} {_n(y - 0.5)}" stroke="#111111" stroke-width="1.6"/>')
    out.append(_text(x + 192, y, "captured", PANEL_FONT, MUTED))
    y += 25
    xx = x
    for t, name in enumerate(GROUP_NAMES):
        if t == 2:
            xx, y = x, y + 24
        out.append(_alien_badge(xx, y - 14, t, 18))
        out.append(_text(xx + 23, y, name, PANEL_FONT, MUTED))
        xx += 140
    # recruitment: the empty slots' marks, then how a card is won
    y += 27
    for k, (mark, label) in enumerate((("▼", "face-down"), ("▲", "face-up"), ("?", "hidden token"))):
        sx = x + (0, 92, 170)[k]
        out.append(f'<circle cx="{_n(sx + 9)}" cy="{_n(y - 4)}" r="9" fill="none" stroke="#c0c7cf" '
                   f'stroke-width="1.2" stroke-dasharray="3 2"/>')
        out.append(_text(sx + 9, y, mark, PANEL_FONT, INK if mark == "?" else "#b0b8c1", "middle",
                         "bold" if mark == "?" else "normal"))
        out.append(_text(sx + 23, y, label, PANEL_FONT, MUTED))
    notes = ("Areas A-D: tokens go face-down and face-up in turn; equal values cancel, the highest "
             "sum wins the card. After recruitment they show who won last round's cards.",
             "Human track: refills the empty cities 1→12 each round.")
    for note in notes:
        y += 6
        for line in _wrap(note, PANEL_FONT, MAT_W - 20):
            y += 16
            out.append(_text(x, y, line, PANEL_FONT, MUTED))
    h = y - top + 12
    out[card] = (f'<rect x="{_n(x - 10)}" y="{_n(top)}" width="{_n(MAT_W)}" height="{_n(h)}" '
                 f'rx="10" fill="#ffffff" stroke="#d8dde3" stroke-width="1.2"/>')
    return h


# ----------------------------------------------------------------------------- mats
def _mats(state: State, m: _Masks, last: Action | None) -> list[tuple[list[str], float]]:
    """Every seat's mat, drawn at (0, 0), and their common height."""
    s = state
    breakdown = s.score_breakdown()
    comp = _competitors(s)
    best = [max((s.aliens[p][t] for p in comp), default=0) for t in range(4)]
    winners = set(s.winners()) if s.over else set()
    hl_seat, hl_type = -1, -1
    if last is not None and last.kind == "capture":
        hl_seat = SEAT_COLOURS.index(last.a) if last.a in SEAT_COLOURS else -1
        hl_type = ALIEN_TYPES.index(last.b) if last.b in ALIEN_TYPES else -1
    # the aliens' token grids take the rows the largest group needs (5 a row, at most 20
    # drawn), plus a line for "used" in phase 2: the same on every mat, so rows line up
    grid_rows = max(1, max((min(n, 20) + 4) // 5 for row in s.aliens[:s.ns] for n in row))
    grid_h = 9.5 * grid_rows + (14 if s.phase == ACTIONS and s.used_groups else 0)
    mats = [_mat(s, m, p, breakdown, comp, best, p in winners, hl_type if p == hl_seat else -1, grid_h)
            for p in range(s.ns)]
    h = max(mh for _, mh in mats)  # every mat as tall as the tallest, so they line up
    return [(_mat_frame(s, p, body, h), h) for p, (body, _) in enumerate(mats)]


def _mat_frame(s: State, p: int, body: list[str], h: float) -> list[str]:
    """The mat's card and title bar around its rows (the acting seat's card is outlined
    in its colour)."""
    fill, dark, _ = _seat_hex(s, p)
    acting = not s.over and s.actor == p
    yellow = SEAT_COLOURS[p] == "yellow"
    w = MAT_W
    out = [f'<rect x="1.5" y="1.5" width="{_n(w - 3)}" height="{_n(h - 3)}" rx="10" fill="#ffffff" '
           f'stroke="{(dark if yellow else fill) if acting else "#d8dde3"}" stroke-width="{3 if acting else 1.2}"/>',
           f'<path d="M1.5 30 V11.5 Q1.5 1.5 11.5 1.5 H{_n(w - 11.5)} Q{_n(w - 1.5)} 1.5 {_n(w - 1.5)} 11.5 '
           f'V30 Z" fill="{fill}" stroke="{dark if yellow else fill}" stroke-width="1"/>']
    return out + body


def _mat(s: State, m: _Masks, p: int, breakdown: list[dict[str, int]], comp: list[int], best: list[int],
         winner: bool, hl_type: int, grid_h: float) -> tuple[list[str], float]:
    out: list[str] = []
    fill, dark, tint = _seat_hex(s, p)
    third = p == s.third
    acting = not s.over and s.actor == p
    yellow = SEAT_COLOURS[p] == "yellow"
    w = MAT_W
    tcol = dark if yellow else "#ffffff"
    b = breakdown[p] if not third else {}
    shown = m.missions_shown[p]
    if not third:
        total = sum(b.values()) if shown else sum(v for k, v in b.items() if k != "missions")
        lab = f"{total} pts" + ("" if shown or not s.missions_kept[p] else " + ?")
        if winner:
            lab = "★ winner · " + lab
    else:
        lab = "never scores"
    out.append(_text(w - 10, 21, lab, 14, tcol, "end", "bold"))
    title = ("▶ " if acting else "") + s.seat_name(p)
    out.append(_text(10, 21, _fit(title, 14, w - 30 - _text_w(lab, 14, True), True), 14, tcol, "start", "bold"))
    # aliens by type (the active group of the acting seat is tinted)
    cw = (w - 16) / 4
    ay = 38.0
    ry = ay + 45 + grid_h  # baseline of the first row under the aliens
    box_h = ry - 16 - (ay - 4)
    active = s.group if (acting and s.phase == ACTIONS) else -1
    used = s.used_groups if (acting and s.phase == ACTIONS) else 0
    for t in range(4):
        cx = 8 + t * cw
        n = s.aliens[p][t]
        cap = s.captured[p][t]
        boxed = s.boxed[p] if t == 3 else 0
        if t == active:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="{_n(box_h)}" rx="6" '
                       f'fill="{tint}" stroke="{fill}" stroke-width="1.5"/>')
        if t == hl_type:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="{_n(box_h)}" rx="6" '
                       f'fill="{HILITE}" fill-opacity="0.08" stroke="{HILITE}" stroke-width="2" '
                       f'stroke-dasharray="5 3"/>')
        tip = f"{n} {GROUP_NAMES[t]}" + (f", {cap} captured" if cap else "") + \
            (f", {boxed} in the force-field box" if boxed else "")
        out.append(_alien_badge(cx, ay, t, 19))
        out.append(_text(cx + 24, ay + 15.5, str(n), 16, INK, "start", "bold"))
        if p in comp and n > 0 and n == best[t]:
            shared = sum(1 for q in comp if s.aliens[q][t] == n) > 1
            out.append(_text(cx + 26 + _text_w(str(n), 16, True), ay + 14.5, "☆" if shared else "★",
                             13, "#b7791f", "start", "bold"))
            tip += "; majority, 10 pts" + (" shared" if shared else "")
        if used >> t & 1 and t != active:
            # below the token grid, clear of the count and the majority star
            out.append(_text(cx + 1, ay + 25 + 9.5 * ((min(n, 20) + 4) // 5) + 11, "used", PANEL_FONT, MUTED))
        colour = ALIEN_HEX[ALIEN_TYPES[t]][0]
        for k in range(min(n, 20)):
            gx = cx + 1 + (k % 5) * 11
            gy = ay + 24 + (k // 5) * 9.5
            is_boxed = k >= n - boxed
            light = is_boxed or k < cap
            dash = ' stroke-dasharray="2 1.5"' if is_boxed else ""
            out.append(f'<rect x="{_n(gx)}" y="{_n(gy)}" width="9" height="7.5" rx="1.5" '
                       f'fill="{"#ffffff" if light else colour}" stroke="{colour}" stroke-width="1"{dash}/>')
            if k < cap:
                out.append(f'<path d="M{_n(gx + 0.5)} {_n(gy + 0.5)} L{_n(gx + 8.5)} {_n(gy + 7)} '
                           f'M{_n(gx + 8.5)} {_n(gy + 0.5)} L{_n(gx + 0.5)} {_n(gy + 7)}" '
                           f'stroke="#111111" stroke-width="1.6"/>')
        out.append(f'<g><title>{escape(tip)}</title><rect x="{_n(cx)}" y="{_n(ay)}" '
                   f'width="{_n(cw - 6)}" height="{_n(box_h - 6)}" fill="#ffffff" fill-opacity="0"/></g>')
    # UFOs: platform, reserve, board
    out.append(_text(LX, ry, "platform", PANEL_FONT, MUTED))
    cap_n = s.rules.platform_capacity
    step = min(25.0, 52.0 / max(1, cap_n))  # the slots share 50 px whatever the capacity
    sw = step - 3
    for k in range(cap_n):
        px = VX + sw / 2 + k * step
        out.append(f'<rect x="{_n(px - sw / 2)}" y="{_n(ry - 13)}" width="{_n(sw)}" height="17" rx="4" '
                   f'fill="#f3f4f6" stroke="#9aa5b1" stroke-dasharray="3 2"/>')
        if k < s.platform[p]:
            out.append(_saucer(px, ry - 5, fill, dark, min(0.95, sw / 23)))
    rx = VX + cap_n * step + 8
    out.append(_text(rx, ry, f"reserve {s.reserve[p]} · board {sum(s.ufo[p])}", PANEL_FONT, INK))
    # mapping tokens used
    ry += 23
    out.append(_text(LX, ry, "mapped", PANEL_FONT, MUTED))
    out.append(f'<rect x="{_n(VX)}" y="{_n(ry - 10)}" width="10" height="10" rx="1.5" fill="{fill}" '
               f'stroke="{dark}" stroke-width="1.2"/>')
    n_maps = MAP_TOKENS_PER_PLAYER - s.map_tokens[p]
    out.append(_text(VX + 16, ry, f"{n_maps} {'city' if n_maps == 1 else 'cities'} "
                     f"({s.map_tokens[p]} token{'' if s.map_tokens[p] == 1 else 's'} left)", PANEL_FONT, INK))
    # command tokens
    ry += 25
    out.append(_text(LX, ry, "tokens", PANEL_FONT, MUTED))
    owned = s.tokens_owned[p]
    hand = m.hand[p]
    placed_known = [v for sl in m.areas for (o, v, _d) in sl if o == p and v is not None]
    hidden_down = sum(1 for sl in m.areas for (o, v, _d) in sl if o == p and v is None)
    for k, v in enumerate(COMMAND_VALUES):
        tx = VX + 11 + k * 25
        if v not in owned:
            out.append(_token(tx, ry - 4, (fill, dark, tint), str(v), False, 11, dim=True))
            out.append(f'<path d="M{_n(tx - 9)} {_n(ry - 13)} L{_n(tx + 9)} {_n(ry + 5)}" '
                       f'stroke="{INK}" stroke-width="2"/>')
            continue
        dim = (v not in hand) if hand is not None else (v in placed_known)
        out.append(_token(tx, ry - 4, (fill, dark, tint), str(v), False, 11, dim=dim))
    note = ""
    if s.phase in (PLACEMENT, RECRUIT) and len(owned) > len(hand or owned) or hidden_down:
        note = "pale = placed"
        if hidden_down:
            note = f"+{hidden_down} face-down"
    if third and s.phase == PLACEMENT:
        note = "random draw"
    if 6 not in owned and not note:
        note = "6 used up"
    if note:
        out.append(_text(VX + 5 * 25 + 4, ry, note, PANEL_FONT, MUTED))
    # energy card and force field
    ry += 24
    out.append(_text(LX, ry, "energy", PANEL_FONT, MUTED))
    e = s.energy[p] if s.energy[p] in (0, 1, 2) else 0
    etext = ("neutral", "bonus 1", "bonus 2: 3 groups")[e]
    efill = ("#eef0f3", tint, tint)[e]
    out.append(f'<rect x="{_n(VX)}" y="{_n(ry - 13)}" width="20" height="17" rx="3" fill="{efill}" '
               f'stroke="{dark if e else "#9aa5b1"}" stroke-width="{1.5 if e else 1}"/>')
    out.append(_text(VX + 10, ry, str(e) if e else "–", PANEL_FONT, INK, "middle", "bold"))
    out.append(_text(VX + 26, ry, etext, PANEL_FONT, INK if e else MUTED))
    if s.shield[p]:
        ry += 23
        out.append(_text(LX, ry, "shield", PANEL_FONT, MUTED))
        out.append(_shield(VX + 7, ry - 4, fill, dark))
        ff = "force field" + (f" ({s.boxed[p]} M boxed)" if s.boxed[p] else "")
        out.append(_text(VX + 20, ry, ff, PANEL_FONT, dark, "start", "bold"))
    # abilities (pills, wrapped)
    ry += 24
    if not third:
        out.append(_text(LX, ry, "abilities", PANEL_FONT, MUTED))
        bx = VX
        for lab in (ABILITY_TEXT.get(a, a.replace("_", " ")) for a in s.abilities[p]):
            bw = _text_w(lab, PANEL_FONT) + 12
            if bx > VX and bx + bw > w - 8:
                bx, ry = VX, ry + 22
            out.append(f'<rect x="{_n(bx)}" y="{_n(ry - 14)}" width="{_n(bw)}" height="19" rx="9.5" '
                       f'fill="{tint}" stroke="{fill}"/>')
            out.append(_text(bx + 6, ry, lab, PANEL_FONT, dark))
            bx += bw + 5
    else:
        # what its pieces do to majorities depends on the Rules: the engine words it
        lines = _wrap(f"never scores, never acts; {s.third_player_majority_text()}", PANEL_FONT, w - 20)
        for k, line in enumerate(lines):
            out.append(_text(LX, ry + k * 15, line, PANEL_FONT, MUTED))
        ry += 15 * (len(lines) - 1)
    # abducted humans
    ry += 25
    out.append(_text(LX, ry, "abducted", PANEL_FONT, MUTED))
    hx = VX + 6
    cats = s.cards.categories
    total_h = 0
    for c in range(6):
        k = s.abducted[p][c]
        for _ in range(k):
            out.append(_pawn(hx, ry + 4, s.cards.category_colours[c], 0.95, cats[c]))
            hx += 12
        if k:
            hx += 6
        total_h += k
    if not total_h:
        out.append(_text(hx - 6, ry, "—", PANEL_FONT, FAINT))
    elif not third:
        hp = b["humans"]
        out.append(_text(hx + 2, ry, f"{hp} pt{'' if hp == 1 else 's'}", PANEL_FONT, MUTED))
    if third:
        return out, ry + 14
    # missions
    ry = _missions(s, out, m, p, ry + 24, w)
    if s.phase == KEEP_MISSIONS and not s.missions_kept[p] and m.missions_shown[p]:
        return out, ry + 10  # the dealt missions: no score yet
    # score breakdown: 3 x 2 cells
    ry += 8
    out.append(f'<line x1="8" y1="{_n(ry)}" x2="{_n(w - 8)}" y2="{_n(ry)}" stroke="#e1e5ea"/>')
    parts = (("aliens", b["aliens"]), ("UFOs", b["ufos"]), ("airspace", b["airspace"]),
             ("mapping", b["mapping"]), ("humans", b["humans"]),
             ("missions", b["missions"] if shown else "?"))
    cw3 = (w - 20) / 3
    for k, (lab, val) in enumerate(parts):
        cx = 10 + cw3 * (k % 3)
        yy = ry + 19 + 19 * (k // 3)
        out.append(_text(cx, yy, lab, PANEL_FONT, MUTED))
        out.append(_text(cx + cw3 - 12, yy, str(val), 13, INK, "end", "bold"))
    return out, ry + 19 * 2 + 9


def _missions(s: State, out: list[str], m: _Masks, p: int, y: float, w: float) -> float:
    """The seat's missions from baseline ``y``; returns the baseline after the last line."""
    ids = m.missions(s, p)
    dealing = s.phase == KEEP_MISSIONS and not s.missions_kept[p]
    out.append(_text(LX, y, "missions", PANEL_FONT, MUTED))
    if ids is None:
        if dealing:
            msg = "choosing which to keep"
        else:
            k = len(s.missions_kept[p])
            msg = f"{k} secret (+{s.rules.mission_done} done, {s.rules.mission_failed} failed)"
        out.append(_text(VX, y, _fit(msg, PANEL_FONT, w - VX - 8), PANEL_FONT, MUTED, "start", "normal",
                         ' font-style="italic"'))
        return y
    if dealing:
        head = "dealt: keep 1 or 2"
    elif s.over:
        head = f"+{s.rules.mission_done} done, {s.rules.mission_failed} failed"
    else:
        head = "✔ = fulfilled now"
    out.append(_text(VX, y, head, PANEL_FONT, MUTED, "start", "normal", ' font-style="italic"'))
    by_id = {mi.id: mi for mi in s.cards.missions}
    for mid in ids:
        mi = by_id.get(mid)
        if mi is None:
            continue
        done = s.mission_done(p, mid)
        if s.over:
            mark, colour = ("✔", "#1b7f3b") if done else ("✘", "#b3261e")
        else:
            mark, colour = ("✔", "#1b7f3b") if done else ("○", MUTED)
        if dealing:
            mark, colour = "·", MUTED
        y += 16
        out.append(_text(LX + 2, y, mark, 13, colour, "start", "bold"))
        lines = _wrap(mi.describe(s.cards.categories), PANEL_FONT, w - 26 - 8)
        for k, line in enumerate(lines):
            out.append(_text(26, y + 15 * k, line, PANEL_FONT, INK))
        y += 15 * (len(lines) - 1)
    return y


def _shield(x: float, y: float, fill: str, dark: str) -> str:
    return (f'<path d="M{_n(x)} {_n(y - 7)} L{_n(x + 6)} {_n(y - 4.5)} V{_n(y + 0.5)} '
            f'Q{_n(x + 6)} {_n(y + 5)} {_n(x)} {_n(y + 7.5)} Q{_n(x - 6)} {_n(y + 5)} {_n(x - 6)} '
            f'{_n(y + 0.5)} V{_n(y - 4.5)} Z" fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')




# ----------------------------------------------------------------------------- entry points
def _setup(state: State, viewer: int | None, highlight_last: bool, reveal: bool) -> tuple[_Masks, Action | None]:
    if viewer is not None and not 0 <= viewer < state.n:
        raise ValueError(f"viewer must be a seat 0..{state.n - 1} or None, got {viewer!r}")
    last = state.log[-1] if (highlight_last and state.log) else None
    return _Masks(state, viewer, reveal), last


def _svg(body: list[str], w: float, h: float, width: float, extra: str = "") -> str:
    """The ``<svg>`` element around ``body``: a ``w`` x ``h`` viewBox shown ``width`` px wide."""
    height = round(width * h / w)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{height}" '
            f'viewBox="0 0 {_n(w)} {_n(h)}" font-family="{FONT}" fill="{INK}"{extra}>'
            + "".join(body) + "</svg>")


def _board_body(state: State, m: _Masks, last: Action | None) -> list[str]:
    out = [f'<rect x="0" y="0" width="{W}" height="{H}" fill="{PAPER}"/>']
    _header(state, out, m, last)
    _board(state, out, last)
    _areas(state, out, m, last)
    _tracks(state, out)
    return out


def board_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = W,
              reveal: bool = False) -> str:
    """The table (header, map, recruitment areas, human track, turn orders) as SVG,
    ``width`` px wide; the viewer, highlight and reveal arguments are those of :func:`to_svg`."""
    m, last = _setup(state, viewer, highlight_last, reveal)
    return _svg(_board_body(state, m, last), W, H, width)


def mat_svg(state: State, seat: int, viewer: int | None = None, highlight_last: bool = True,
            reveal: bool = False) -> str:
    """The mat of ``seat`` as SVG, one unit a pixel (every mat of a position is as tall
    as the tallest, so they line up side by side)."""
    if not 0 <= seat < state.ns:
        raise ValueError(f"seat must be 0..{state.ns - 1}, got {seat!r}")
    m, last = _setup(state, viewer, highlight_last, reveal)
    body, h = _mats(state, m, last)[seat]
    return _svg(body, MAT_W, h, MAT_W, ' style="max-width:100%;height:auto"')


def key_svg() -> str:
    """What the drawing's symbols mean (the same for every position), one unit a pixel."""
    out: list[str] = []
    h = _key(out, 0, 0)
    return _svg(out, MAT_W, h, MAT_W, ' style="max-width:100%;height:auto"')


def panel_html(state: State, viewer: int | None = None, highlight_last: bool = True,
               reveal: bool = False) -> str:
    """The mats of every seat and the key, as HTML for the board's panel under the map:
    each at its own size (so its text is as large on any screen), wrapping into rows."""
    m, last = _setup(state, viewer, highlight_last, reveal)
    style = ' style="max-width:100%;height:auto"'
    items = [_svg(body, MAT_W, h, MAT_W, style) for body, h in _mats(state, m, last)] + [key_svg()]
    return ('<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;margin-top:6px">'
            + "".join(f'<div style="flex:0 1 auto;max-width:100%">{svg}</div>' for svg in items) + "</div>")


def to_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = 1100,
           reveal: bool = False) -> str:
    """Draw ``state`` as one standalone SVG string (deterministic, no external resources):
    the table on top, the seats' mats and the key under it, in rows of four.

    ``viewer=None`` draws the public view (face-down tokens and missions hidden until the
    game ends); ``viewer=seat`` draws what that seat may see; ``reveal=True`` shows every
    hidden token and mission. ``highlight_last`` marks the last action (text, cities,
    area slot); ``width`` is the pixel width (the height follows the aspect ratio).
    """
    m, last = _setup(state, viewer, highlight_last, reveal)
    items = _mats(state, m, last)
    key: list[str] = []
    items.append((key, _key(key, 0, 0)))
    per_row = min(4, len(items))
    inner = per_row * MAT_W + (per_row - 1) * GAP
    total_w = inner + 2 * GAP
    k = inner / W  # the table is scaled to the rows' width
    out = [f'<rect x="0" y="0" width="{_n(total_w)}" height="@H" fill="{PAPER}"/>',
           f'<g transform="translate({_n(GAP)} {_n(GAP)}) scale({k:.4f})">']
    out += _board_body(state, m, last)
    out.append("</g>")
    y = GAP + H * k + GAP
    for r in range(0, len(items), per_row):
        row = items[r:r + per_row]
        for j, (body, _) in enumerate(row):
            out.append(f'<g transform="translate({_n(GAP + j * (MAT_W + GAP))} {_n(y)})">')
            out += body
            out.append("</g>")
        y += max(h for _, h in row) + GAP
    out[0] = out[0].replace("@H", _n(y))
    return _svg(out, total_w, y, width)
