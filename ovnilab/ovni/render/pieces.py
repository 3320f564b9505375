"""The Ovni pieces as the drawings show them, small: a UFO (a flying saucer), a human
piece, an alien type's badge, a command token, a seat's chip and the force field's
shield."""

from __future__ import annotations

from html import escape

from ...svg import num as _n
from ..data import ALIEN_TYPES
from . import text as words
from .style import ALIEN_COLOUR, PANEL_FONT, SEAT_HEX, _text

#: colour and letter of each alien type
ALIEN_HEX: dict[str, tuple[str, str]] = {t: (c, words.ALIEN_LETTER[t]) for t, c in ALIEN_COLOUR.items()}


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
    colour = ALIEN_HEX.get(ALIEN_TYPES[t], ("#666666", "?"))[0]
    letter = words.alien_letter(ALIEN_TYPES[t])
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


def _shield(x: float, y: float, fill: str, dark: str) -> str:
    return (f'<path d="M{_n(x)} {_n(y - 7)} L{_n(x + 6)} {_n(y - 4.5)} V{_n(y + 0.5)} '
            f'Q{_n(x + 6)} {_n(y + 5)} {_n(x)} {_n(y + 7.5)} Q{_n(x - 6)} {_n(y + 5)} {_n(x - 6)} '
            f'{_n(y + 0.5)} V{_n(y - 4.5)} Z" fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')
