"""The panels of the Cosmic board's right column under the encounter: the deal on the
table, the cards in play and lasting effects, the last encounter's result, and the warp
beside the decks (with the card on top of the discard pile)."""

from __future__ import annotations

from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...svg import wrap as _wrap
from ...i18n import _
from ..rules import State
from . import labels
from . import text as words
from .cards import CHIP_H, _chip
from .style import (BAD, GOOD, INK, LINE, MUTED, PANEL, RW, RX, SMALL, STEP, _clip, _mid, _seat_hex, _ships,
                    _spiral, _text, _tip)

WARP_H = 14 + 4 * STEP  # the warp and decks panel


def _deal(s: State, out: list[str], y: float) -> float:
    """The deal being negotiated (or just made or failed); returns its bottom."""
    title, lines, whole = words.deal_text(s)
    if not title:
        return y
    colour = BAD if s.outcome == "deal_failed" else GOOD
    x, w = RX, RW
    h = 14 + STEP * (1 + len(lines))
    out.append(_rect(x, y, w, h, "#f4fbf6" if colour == GOOD else "#fdf1f0", colour, 1.4, 9))
    out.append(_clip(x + 12, _mid(y + 7 + STEP / 2), title, SMALL, w - 24, colour, bold=True))
    body = "".join(_clip(x + 12, _mid(y + 7 + STEP * (i + 1.5)), line, SMALL, w - 24, INK if whole else MUTED)
                   for i, line in enumerate(lines))
    out.append(_tip(whole, body) if whole else body)
    return y + h + 8


def _in_play(s: State, out: list[str], y: float, bottom: float) -> float:
    """Cards on the table (as chips) and lasting effects, as many as the panel holds (the
    others named in the tooltip of a "+k more" mark); returns its bottom."""
    x, w = RX, RW
    effects = words.effects_text(s)
    table = list(s.table)
    h = max(STEP + 14, bottom - y)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    head = _(words.IN_PLAY)
    hy = _mid(y + 7 + STEP / 2)
    out.append(_text(x + 12, hy, head, SMALL, INK, bold=True))
    hidden: list[str] = []
    cx, cy = x + 12, y + 14 + STEP
    for i, c in enumerate(table):
        chip, cw = _chip(s, cx, cy, c)
        if cx + cw > x + w - 12 and cx > x + 12:
            cx, cy = x + 12, cy + CHIP_H + 6
            chip, cw = _chip(s, cx, cy, c)
        if cy + CHIP_H > y + h - 6 or cx + cw > x + w - 12:
            hidden += [labels.card_label(s.t.name[c]) for c in table[i:]]
            break
        out.append(chip)
        cx += cw + 6
    ty = cy + CHIP_H + 6 if table and not hidden else cy if table else y + 7 + STEP
    room = max(0, int((y + h - 6 - ty) // STEP))
    # each effect on its lines (a second one when it needs it and there is room)
    bw = _tw("• ", SMALL)
    row = 0
    for i, e in enumerate(effects):
        if row >= room:
            hidden += effects[i:]
            break
        lines = _wrap(e, SMALL, w - 24 - bw)
        if row + len(lines) > room:
            lines = [e]  # the last row left: cut (the whole effect is its tooltip)
        out.append(_text(x + 12, _mid(ty + STEP * (row + 0.5)), "•", SMALL, INK))
        for t in lines:
            out.append(_clip(x + 12 + bw, _mid(ty + STEP * (row + 0.5)), t, SMALL, w - 24 - bw, INK))
            row += 1
    if hidden:
        more = words.more_text(len(hidden))
        if _tw(head, SMALL, True) + _tw(more, SMALL) + 36 > w:
            more = words.more_text(len(hidden), short=True)
        out.append(_tip("; ".join(hidden), _text(x + w - 12, hy, more, SMALL, MUTED, "end")))
    if not table and not effects and room:
        out.append(_text(x + 12, _mid(ty + STEP / 2), _(words.NOTHING), SMALL, MUTED))
    return y + h


def _last_lines(s: State) -> tuple[str, list[str]]:
    """The last finished encounter's result in words (:func:`.text.last_encounter_text`),
    and its lines in the panel (the first after the panel's heading, at most three)."""
    line = words.last_encounter_text(s)
    if s.last_result is None:
        return line, [line]
    room = RW - 24
    first = _wrap(line, SMALL, room - _tw(_(words.LAST_HEAD), SMALL, True) - 6)
    lines = first[:1] + _wrap(" ".join(first[1:]), SMALL, room) if first else []
    if len(lines) > 3:
        lines = lines[:2] + [_fit(" ".join(lines[2:]), SMALL, room)]
    return line, lines


def _last_encounter(s: State, out: list[str], y: float, line: str, lines: list[str]) -> float:
    """The result of the last finished encounter (:func:`_last_lines`); returns its
    bottom."""
    x, w = RX, RW
    h = 14 + STEP * len(lines)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    hw = _tw(_(words.LAST_HEAD), SMALL, True)
    out.append(_text(x + 12, _mid(y + 7 + STEP / 2), _(words.LAST_HEAD), SMALL, MUTED, bold=True))
    ink = INK if s.last_result else MUTED
    body = "".join(_text(x + 12 + (hw + 6 if i == 0 else 0), _mid(y + 7 + STEP * (i + 0.5)), t, SMALL, ink)
                   for i, t in enumerate(lines))
    out.append(_tip(line, body))
    return y + h


def _warp_and_decks(s: State, out: list[str], y: float, h: float) -> None:
    """The warp (a swirl and the ships of every colour in it) beside the three decks, and
    the card on top of the discard pile on a line of its own (a card's name needs it)."""
    x, w = RX, RW
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    mids = [y + 7 + STEP * (i + 0.5) for i in range(4)]
    out.append(f'<circle cx="{_n(x + 24)}" cy="{_n(mids[0])}" r="12" fill="#efeaf8" stroke="#6b5fa8" '
               'stroke-width="1.2"/>')
    out.append(_spiral(x + 23, mids[0] + 1, 7, "#6b5fa8"))
    out.append(_text(x + 44, _mid(mids[0]), _(words.WARP), SMALL, MUTED, bold=True))
    k = 0
    for p in range(s.n):
        if s.warp[p]:
            row, col = divmod(k, 3)
            out.append(_ships(x + 12 + col * 58, _mid(mids[1 + row]), _seat_hex(s, p), s.warp[p]))
            k += 1
    if k == 0:
        out.append(_text(x + 12, _mid(mids[1]), _(words.EMPTY), SMALL, MUTED))
    # the decks
    dx = x + 188
    rows = words.deck_rows(s)
    vx = max([88.0] + [_tw(a, SMALL) + 10 for a, _b in rows])  # room for a longer language's labels
    for i, (a, b) in enumerate(rows):
        out.append(_text(dx, _mid(mids[i]), a, SMALL, MUTED))
        out.append(_clip(dx + vx, _mid(mids[i]), b, SMALL, x + w - 12 - dx - vx, INK, bold=True))
    if s.discard:
        head = _(words.DISCARD_TOP)
        tx = x + 12 + _tw(head, SMALL) + 6
        out.append(_text(x + 12, _mid(mids[3]), head, SMALL, MUTED))
        out.append(_clip(tx, _mid(mids[3]), labels.card_label(s.t.name[s.discard[-1]]), SMALL, x + w - 12 - tx, INK, bold=True))
