"""The key beside the Ovni mats: what the drawings' symbols mean (tile borders, mapping
token, the last action's mark, majorities, captured aliens, the alien types, the empty
slots of an area), and the table's small print (how recruitment and the human track
work), which would crowd the table at the size it is read when projected."""

from __future__ import annotations

from ...i18n import _
from ...svg import num as _n
from ...svg import text_width as _text_w
from ...svg import wrap as _wrap
from ..rules import GROUP_NAMES
from . import text as words
from .pieces import _alien_badge
from .style import HILITE, INK, MAT_W, MUTED, PANEL_FONT, SEAT_HEX, _text


def _key(out: list[str], x: float, y: float) -> float:
    """What the symbols mean, in a card MAT_W wide at (x, y); returns its height. It also
    holds the table's small print (how recruitment and the human track work), which
    would crowd the table at the size it needs to be read when projected."""
    top = y
    card = len(out)
    out.append("")  # the card, once its height is known
    x += 10
    y += 22
    out.append(_text(x, y, _(words.KEY), 13.5, INK, "start", "bold"))
    rows = ((SEAT_HEX["red"][2], SEAT_HEX["red"][0], ' stroke-width="3"'),
            ("#ffffff", "#6b7280", ' stroke-width="1.5" stroke-dasharray="4 2"'),
            (None, INK, ""),
            ("none", HILITE, ' stroke-width="1.8" stroke-dasharray="4 2"'))
    labels = [_(label) for label in words.KEY_ROWS]
    # a row's second sign after its first label (further right when a translation is longer)
    second = [max(190.0, 28 + _text_w(labels[0], PANEL_FONT) + 14), max(146.0, 28 + _text_w(labels[2], PANEL_FONT) + 14)]
    for k, ((fill, stroke, extra), label) in enumerate(zip(rows, labels)):
        sx, sy = x + (0, second[0], 0, second[1])[k], y + 22 + 21 * (k // 2)
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
    out.append(_text(x + 28, y, _(words.MAJORITY), PANEL_FONT, MUTED))
    out.append(f'<rect x="{_n(x + 175)}" y="{_n(y - 9)}" width="10" height="9" rx="1.5" fill="#ffffff" '
               f'stroke="{MUTED}"/>')
    out.append(f'<path d="M{_n(x + 175.5)} {_n(y - 8.5)} L{_n(x + 184.5)} {_n(y - 0.5)} M{_n(x + 184.5)} '
               f'{_n(y - 8.5)} L{_n(x + 175.5)} {_n(y - 0.5)}" stroke="#111111" stroke-width="1.6"/>')
    out.append(_text(x + 192, y, _(words.CAPTURED), PANEL_FONT, MUTED))
    y += 25
    xx = x
    for t, name in enumerate(words.group_word(g) for g in GROUP_NAMES):
        if t == 2:
            xx, y = x, y + 24
        out.append(_alien_badge(xx, y - 14, t, 18))
        out.append(_text(xx + 23, y, name, PANEL_FONT, MUTED))
        xx += 140
    # recruitment: the empty slots' marks, then how a card is won
    y += 27
    sx = x
    for k, (mark, label) in enumerate(zip(("▼", "▲", "?"), (say() for say in words.KEY_SLOTS))):
        sx = max(x + (0, 92, 170)[k], sx)  # after the previous label when a translation is longer
        out.append(f'<circle cx="{_n(sx + 9)}" cy="{_n(y - 4)}" r="9" fill="none" stroke="#c0c7cf" '
                   f'stroke-width="1.2" stroke-dasharray="3 2"/>')
        out.append(_text(sx + 9, y, mark, PANEL_FONT, INK if mark == "?" else "#b0b8c1", "middle",
                         "bold" if mark == "?" else "normal"))
        out.append(_text(sx + 23, y, label, PANEL_FONT, MUTED))
        sx += 23 + _text_w(label, PANEL_FONT) + 6
    for note in (_(n) for n in words.KEY_NOTES):
        y += 6
        for line in _wrap(note, PANEL_FONT, MAT_W - 20):
            y += 16
            out.append(_text(x, y, line, PANEL_FONT, MUTED))
    h = y - top + 12
    out[card] = (f'<rect x="{_n(x - 10)}" y="{_n(top)}" width="{_n(MAT_W)}" height="{_n(h)}" '
                 f'rx="10" fill="#ffffff" stroke="#d8dde3" stroke-width="1.2"/>')
    return h
