"""The header of the Ovni table: the round and what is happening (who acts, and how),
across the whole width; under it the last action and whose view the drawing is."""

from __future__ import annotations

from ...i18n import _
from ...svg import fit as _fit
from ...svg import text_width as _text_w
from ..rules import Action, State
from . import text as words
from .pieces import _chip
from .style import HEADER_H, HILITE, INK, MIN_FONT, MUTED, W, _seat_hex, _text
from .view import _Masks


def _header(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    """Two lines: the round and what is happening, across the whole width; under it the
    last action and whose view this is."""
    out.append(f'<rect x="0" y="0" width="{W}" height="{HEADER_H}" fill="#ffffff"/>')
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="#d8dde3"/>')
    out.append(_text(10, 26, words.TITLE, 21, INK, "start", "bold"))
    x = 10 + _text_w(words.TITLE, 21, True) + 12
    rnd = words.round_text(state)
    out.append(_text(x, 26, rnd, 17, MUTED, "start", "bold"))
    x += _text_w(rnd, 17, True) + 12
    if not state.over:
        out.append(_chip(x + 8, 20, _seat_hex(state, state.actor), 8))
        x += 22
    room = W - 10 - x
    # the whole status if it fits, else without the groups already used (the mat marks
    # them), a size smaller if need be
    status, size = words.status_text(state, short=True), MIN_FONT
    for s, z in ((words.status_text(state), 17), (status, 17)):
        if _text_w(s, z, True) <= room:
            status, size = s, z
            break
    out.append(_text(x, 26, _fit(status, size, room, True), size, INK, "start", "bold"))
    # whose view (right of the second line)
    lab = words.view_text(state, m.viewer, m.reveal)
    if m.viewer is not None:
        lw = _text_w(lab, MIN_FONT, True)
        out.append(_chip(W - 10 - lw - 12, 44.5, _seat_hex(state, m.viewer), 7))
        out.append(_text(W - 10, 50, lab, MIN_FONT, INK, "end", "bold"))
        vx = W - 10 - lw - 34
    else:
        out.append(_text(W - 10, 50, lab, MIN_FONT, MUTED, "end"))
        vx = W - 10 - _text_w(lab, MIN_FONT) - 20
    if last is not None:
        out.append(_text(10, 50, _(words.LAST_ACTION), MIN_FONT, MUTED))
        ax = 10 + _text_w(_(words.LAST_ACTION), MIN_FONT) + 6
        out.append(_text(ax, 50, _fit(m.action_text(state, last), MIN_FONT, vx - ax, True), MIN_FONT, HILITE,
                         "start", "bold"))
    elif not state.log:
        out.append(_text(10, 50, _(words.NO_ACTION), MIN_FONT, MUTED))
