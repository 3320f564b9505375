"""Small SVG helpers shared by the games' renderers (``<game>/render.py``).

The renderers write SVG as text (no drawing library: a state renders in a few
milliseconds and the output is stable, so tests can compare it). What they share is here:
compact number formatting, text widths for layout, word wrapping and cutting text to a
width, and rectangles. Widths come from the advance widths of DejaVu Sans, the font the
SVGs name first; other sans fonts are close enough for layout.
"""

from __future__ import annotations

import re

__all__ = ["num", "text_width", "wrap", "fit", "rect", "viewbox_size", "smallest_font", "screen_px"]


def num(v: float) -> str:
    """A coordinate with at most one decimal (stable, compact): ``3``, ``2.5``, ``-0`` -> ``0``."""
    if type(v) is int:
        return str(v)
    t = "%.1f" % v
    if t[-1] == "0":
        t = t[:-2]
        return "0" if t == "-0" else t
    return t


# advance widths of ASCII 32..126 in DejaVu Sans, regular and bold (per 100 units of size),
# measured from the font files
_W_REG = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79,
    60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63,
    63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
)
_W_BOLD = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70,
    70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85,
    73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72,
    71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84,
)
# the few non-ASCII glyphs the renderers use that are far from an average letter
_W_OTHER = {"…": 100, "—": 100, "–": 50, "·": 32, "→": 84, "×": 84, "✓": 84}


def text_width(s: str, size: float, bold: bool = False) -> float:
    """Width of ``s`` at font size ``size`` (for layout and wrapping only)."""
    table = _W_BOLD if bold else _W_REG
    other = 68 if bold else 62  # accented letters and the rest: an average letter
    w = 0
    for ch in s:
        o = ord(ch)
        w += table[o - 32] if 32 <= o < 127 else _W_OTHER.get(ch, other)
    return w * size / 100


def wrap(s: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of ``s`` into lines at most ``width`` wide (a single word wider
    than ``width`` gets a line of its own)."""
    lines: list[str] = []
    cur = ""
    for word in s.split():
        trial = f"{cur} {word}" if cur else word
        if cur and text_width(trial, size, bold) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def fit(s: str, size: float, width: float, bold: bool = False) -> str:
    """``s``, cut with an ellipsis when it is wider than ``width``."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 1,
         rx: float = 0, extra: str = "") -> str:
    """A ``<rect>``; ``stroke="none"`` draws no outline, ``rx`` rounds the corners."""
    r = f' rx="{num(rx)}"' if rx else ""
    s = "" if stroke == "none" else f' stroke="{stroke}" stroke-width="{num(sw)}"'
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{r} fill="{fill}"{s}{extra}/>'


_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
_FONT_SIZE = re.compile(r'font-size="([\d.]+)"')


def viewbox_size(svg: str) -> tuple[float, float]:
    """Width and height of the drawing's ``viewBox`` (its own units)."""
    m = _VIEWBOX.search(svg)
    if not m:
        raise ValueError("the SVG has no viewBox")
    return float(m.group(1)), float(m.group(2))


def smallest_font(svg: str) -> float:
    """The smallest ``font-size`` the drawing uses (its own units)."""
    sizes = [float(v) for v in _FONT_SIZE.findall(svg)]
    if not sizes:
        raise ValueError("the SVG sets no font-size")
    return min(sizes)


def screen_px(size: float, svg: str, displayed_width: float) -> float:
    """How tall text of ``size`` units is on screen when the drawing is shown
    ``displayed_width`` px wide: size x displayed width / viewBox width."""
    return size * displayed_width / viewbox_size(svg)[0]
