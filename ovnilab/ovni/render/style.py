"""How the Ovni drawings look: the seats' and alien types' colours, the font sizes, where
the table's parts sit (header, map, recruitment areas, tracks) and how wide a mat is, and
the two text helpers every part writes with. No words here (they are :mod:`.text`'s)."""

from __future__ import annotations

from html import escape

from ...svg import num as _n
from ..rules import SEAT_COLOURS, State

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline / text) and light tint of each seat colour
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d7263d", "#7a0f1e", "#fbdfe2"),
    "blue": ("#1f63c7", "#0d2f66", "#dce8fa"),
    "green": ("#2b9a48", "#125a26", "#dcf1e1"),
    "yellow": ("#f5c518", "#6b5200", "#fff3c4"),
}
#: colour of each alien type (its letter is :data:`.text.ALIEN_LETTER`)
ALIEN_COLOUR: dict[str, str] = {
    "pilot": "#0e7c86",
    "abductor": "#7d3c98",
    "builder": "#a0522d",
    "military": "#4b5563",
}
INK = "#1f2328"
MUTED = "#5f6b76"
FAINT = "#8a949e"
PAPER = "#f8f6f1"
SEA = "#e9f1f7"
HILITE = "#d4147a"  # last action (magenta: unlike any seat colour)
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# ----------------------------------------------------------------------------- sizes
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
