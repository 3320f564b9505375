"""The Cosmic board's look: its colours, font and text sizes, the drawing's geometry (the
header, the two columns, the hand strip) and the small SVG helpers every part of the
picture draws with (text, pills, tooltips, cut text, ships and the warp's swirl).

Nothing here says anything (the words are in :mod:`.text`) or knows a rule beyond a
seat's colour.
"""

from __future__ import annotations

from html import escape

from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...svg import wrap as _wrap
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from ..rules import State

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline and text) and light tint of each seat colour: the five of the
#: rulebook first, then every other colour word a data file may name for a seat
#: (:data:`ovnilab.datacheck.NAMED_COLOURS`), so a game with other colours stays readable
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d1343f", "#74121b", "#fbe1e3"),
    "blue": ("#2766c4", "#102f63", "#dde8f9"),
    "yellow": ("#efbf1a", "#5e4700", "#fff4c9"),
    "green": ("#24844a", "#11512a", "#dff2e5"),
    "purple": ("#8243b5", "#3d1761", "#efe3f9"),
    "black": ("#2b2b2b", "#000000", "#e3e3e3"),
    "white": ("#fafafa", "#4a4a4a", "#ffffff"),
    "grey": ("#8a929b", "#3b4148", "#eceef0"),
    "gray": ("#8a929b", "#3b4148", "#eceef0"),
    "silver": ("#c0c6cc", "#4d5359", "#f2f4f5"),
    "maroon": ("#7d1d2b", "#3f0b13", "#f3dde0"),
    "orange": ("#ee7d1c", "#733300", "#fde8d5"),
    "gold": ("#d4a017", "#5a4300", "#fbf0cf"),
    "olive": ("#64661a", "#3c3d0b", "#efefd6"),
    "lime": ("#8fd43a", "#3b6312", "#ecf8dc"),
    "teal": ("#16827f", "#063e3c", "#d9f0ef"),
    "cyan": ("#27bfd6", "#0b5560", "#dbf5f9"),
    "aqua": ("#27bfd6", "#0b5560", "#dbf5f9"),
    "navy": ("#1d2f6f", "#0b1433", "#dde2f2"),
    "indigo": ("#4b3aa8", "#211752", "#e6e3f6"),
    "violet": ("#8b52c2", "#4c2470", "#f1e6fa"),
    "magenta": ("#c2309c", "#5e0f4a", "#f8e0f1"),
    "fuchsia": ("#c2309c", "#5e0f4a", "#f8e0f1"),
    "pink": ("#f08db8", "#7a2550", "#fde9f2"),
    "brown": ("#8a5a2b", "#432a10", "#f1e6da"),
    "beige": ("#e6d3a8", "#5f5030", "#faf4e6"),
    "tan": ("#c9a46e", "#5a4322", "#f6ecdd"),
    "turquoise": ("#35c5b4", "#0e5a51", "#dcf6f2"),
}
GREY = SEAT_HEX["grey"]
INK = "#1d2125"
MUTED = "#4f5a64"
FAINT = "#8a949e"
PAPER = "#f7f5ef"
PANEL = "#ffffff"
LINE = "#d6dbe0"
HILITE = "#d0137b"  # the last action (magenta: unlike the five seat colours)
GATE = "#e07b00"  # the hyperspace gate's aim
GOOD = "#1b7a3a"
BAD = "#b3261e"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: card face colours by kind: fill and border (the band's label is
#: :data:`.text.KIND_LABEL`)
KIND_COLOURS: dict[int, tuple[str, str]] = {
    ATTACK: ("#fde4e2", "#b3261e"),
    NEGOTIATE: ("#ddf3e3", "#1b7a3a"),
    MORPH: ("#eee2fb", "#6b3fa0"),
    REINFORCEMENT: ("#dfeafb", "#1f5fbf"),
    ARTIFACT: ("#fff1c2", "#856500"),
    FLARE: ("#ffe3cc", "#b9520b"),
}
BACK = ("#2c2f66", "#14163a")

# ----------------------------------------------------------------------------- sizes
#: the smallest font size the drawing uses (its units): projected at 1024x768 the board
#: shows the drawing 694 px wide (the row less the side column), so 21 units are 12.1 px
MIN_FONT = 21
#: the text sizes: most text, titles and the line of who decides, the turn and totals
SMALL, MID, BIG = MIN_FONT, 22, 24
#: the distance between two lines of SMALL text (a line's box is one font size tall)
STEP = 24.0
W = 1200  # viewBox width
HEADER_H = 112
TOP = HEADER_H + 8  # top of the two columns
MAIN_H = 830  # height of the two columns: the encounter column's panels, a deal among them
HAND_H = 128  # the viewer's hand strip
BASE_H = TOP + MAIN_H + 6  # the drawing's height without a hand strip (aspect 1.26)
#: the drawing's height with the viewer's hand (aspect 1.10): at 1024x768 the board shows
#: either drawing 694 px wide (the width beside the side column limits it, not the
#: window's height), at 1280x720 this one 720 px and the other 823 px
VIEW_H = BASE_H + HAND_H + 8
LX, LW = 10.0, 690.0  # the players' column
RX, RW = 710.0, 480.0  # the encounter column
CARD_W, CARD_H = 104.0, 84.0  # a card in the hand strip (its band's "ATTACK" is 92 wide)


# ----------------------------------------------------------------------------- helpers
def _text(x: float, y: float, s: str, size: float = SMALL, fill: str = INK, anchor: str = "start",
          bold: bool = False, extra: str = "") -> str:
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    w = ' font-weight="bold"' if bold else ""
    f = "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w}{f}{extra}>{escape(s)}</text>'


def _tspan(s: str, fill: str = INK, bold: bool = False, size: float | None = None, dx: float = 0) -> str:
    w = ' font-weight="bold"' if bold else ""
    z = f' font-size="{_n(size)}"' if size else ""
    d = f' dx="{_n(dx)}"' if dx else ""
    return f'<tspan{d} fill="{fill}"{w}{z}>{escape(s)}</tspan>'


def _pill(x: float, y: float, label: str, fill: str, ink: str, size: float = SMALL, stroke: str = "none",
          anchor: str = "start") -> tuple[str, float]:
    """A rounded label; (x, y) is its left (or right, with anchor="end") middle. Returns
    the SVG and its width."""
    w = _tw(label, size, True) + 12
    x0 = x - w if anchor == "end" else x
    svg = (_rect(x0, y - size * 0.75, w, size * 1.5, fill, stroke, 1, size * 0.75)
           + _text(x0 + w / 2, y + size * 0.36, label, size, ink, "middle", True))
    return svg, w


def _seat_hex(state: State, seat: int) -> tuple[str, str, str]:
    if 0 <= seat < state.n:
        return SEAT_HEX.get(state.colours[seat], GREY)
    return GREY


def _luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG 2)."""
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
           for c in (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21; text wants 4.5)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _on_fill(fill: str) -> str:
    """Text colour readable on a seat colour: white or ink, whichever contrasts more."""
    return "#ffffff" if _contrast(fill, "#ffffff") >= _contrast(fill, INK) else INK


def _saucer(x: float, y: float, hexes: tuple[str, str, str]) -> str:
    """A small flying saucer (a ship) centred on (x, y): a dome over a coloured disc."""
    fill, dark, _ = hexes
    return (f'<g transform="translate({_n(x)} {_n(y)})">'
            f'<path d="M-4.5 -0.8 A4.5 4.8 0 0 1 4.5 -0.8 Z" fill="#eef5fa" stroke="{dark}" stroke-width="1"/>'
            f'<ellipse cx="0" cy="1" rx="9.5" ry="3.6" fill="{fill}" stroke="{dark}" stroke-width="1.1"/></g>')


def _ships(x: float, y: float, hexes: tuple[str, str, str], k: int, size: float = SMALL, dim: bool = False) -> str:
    """A saucer with a count: ``k`` ships of one colour (about 20 + 14 per digit wide)."""
    op = ' opacity="0.45"' if dim else ""
    return f'<g{op}>{_saucer(x + 9, y - size * 0.3, hexes)}{_text(x + 20, y, str(k), size, hexes[1], bold=True)}</g>'


def _spiral(x: float, y: float, r: float, stroke: str) -> str:
    """The warp's swirl."""
    d = (f"M{_n(x)} {_n(y)} q{_n(r * 0.5)} {_n(-r * 0.2)} {_n(r * 0.4)} {_n(r * 0.45)} "
         f"t{_n(-r * 0.9)} {_n(r * 0.35)} t{_n(-r * 0.5)} {_n(-r * 1.1)} t{_n(r * 1.5)} {_n(-r * 0.55)}")
    return f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="1.6" stroke-linecap="round"/>'


def _tip(title: str, body: str) -> str:
    """``body`` with ``title`` as its tooltip."""
    return f"<g><title>{escape(title)}</title>{body}</g>"


def _clip(x: float, y: float, s: str, size: float, width: float, fill: str = INK, anchor: str = "start",
          bold: bool = False, tip: str = "") -> str:
    """``s`` cut with an ellipsis to ``width``; when cut, the whole text is its tooltip
    (with ``tip`` after it), so the drawing keeps everything it says."""
    shown = _fit(s, size, width, bold)
    body = _text(x, y, shown, size, fill, anchor, bold)
    whole = "\n".join(t for t in (s if shown != s else "", tip) if t)
    return _tip(whole, body) if whole else body


def _mid(y: float, size: float = SMALL) -> float:
    """The baseline that centres a line of ``size`` text (its capitals) on ``y``."""
    return y + size * 0.36


def _pack(units: list[str], width: float) -> list[str]:
    """Lines of SMALL text at most ``width`` wide, cut between ``units`` (an ally and its
    ships, a clause), a unit itself by words only when it is wider than a line."""
    lines: list[str] = []
    for u in units:
        if lines and _tw(f"{lines[-1]} {u}", SMALL) <= width:
            lines[-1] += " " + u
        else:
            lines += _wrap(u, SMALL, width)
    return lines
