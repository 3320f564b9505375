"""The Ovni table under the map: the recruitment areas A-D (each card, its command
tokens, who won it and what became of it), then the human track, the alien stock, deck
and discard, and the two turn orders."""

from __future__ import annotations

from html import escape

from ...i18n import _
from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import text_width as _text_w
from ...svg import wrap as _wrap
from ..rules import (ACTIONS, AREA_LETTERS, ENERGY, FORCE_FIELD, OVER, PLACEMENT, RECRUIT, SEAT_COLOURS, Action,
                     State)
from . import text as words
from .pieces import _alien_badge, _chip, _pawn, _token
from .style import AREA_H, AREAS_Y, FAINT, HILITE, INK, MAP, MIN_FONT, MUTED, TRACK_Y, W, _seat_hex, _text
from .view import _Masks


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
    x0, _y, w, _h = MAP
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
            out.append(_text(x + 34, y + 31, words.no_area_card_text(state), MIN_FONT, MUTED))
            continue
        card = state.cards.alien_cards[cards[i]]
        out.append(f'<g><title>{escape(words.area_card_tip(card))}</title>'
                   f'<rect x="{_n(x + 32)}" y="{_n(y + 8)}" width="78" height="36" rx="6" '
                   f'fill="#ffffff" stroke="#8b95a1" stroke-width="1.2"/>')
        for k, t in enumerate(card):
            out.append(_alien_badge(x + 36 + k * 24, y + 15, t, 22, MIN_FONT))
        out.append("</g>")
        # who won the card: the seat's name beside it (on two lines if need be)
        col, col_w = x + 118, bw - 126
        if ph == RECRUIT or not slots:
            if win >= 0:
                names = _wrap(words.seat_label(state, win), MIN_FONT, col_w, True)[:2]
                for k, line in enumerate(names):
                    out.append(_text(col, y + 31 + 18 * k - 9 * (len(names) - 1),
                                     _fit(line, MIN_FONT, col_w, True), MIN_FONT, _seat_hex(state, win)[1],
                                     "start", "bold"))
            else:
                out.append(_text(col, y + 31, _(words.NOBODY), MIN_FONT, MUTED))
        if not slots:  # last round's result: when the card was won (or thrown away)
            what = words.area_result_text(state, win >= 0)
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
            status = words.area_status_text(i, state.resolve_pos, win >= 0)
            out.append(_text(x + 128, y + 69, _fit(status, MIN_FONT, bw - 134), MIN_FONT,
                             _seat_hex(state, win)[1] if win >= 0 else MUTED))


def _tracks(state: State, out: list[str]) -> None:
    """The bottom rows: the human track, the alien stock and deck; the two turn orders."""
    x = MAP[0] + 4
    y = TRACK_Y + 20  # baseline of the first row
    out.append(_text(x, y, _(words.HUMAN_TRACK), MIN_FONT, INK, "start", "bold"))
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
    stock = _(words.STOCK)
    out.append(_text(sx, y, stock, MIN_FONT, MUTED))
    sx += _text_w(stock, MIN_FONT) + 8
    for t in range(4):
        out.append(_alien_badge(sx, TRACK_Y + 4, t, 20, MIN_FONT))
        low = state.stock[t] <= 3
        out.append(_text(sx + 24, y, str(state.stock[t]), MIN_FONT, "#b3261e" if low else INK, "start", "bold"))
        sx += 24 + _text_w(str(state.stock[t]), MIN_FONT, True) + 12
    out.append(_text(W - 10, y, words.deck_text(state), MIN_FONT, MUTED, "end"))
    ph = state.phase
    in_phase2 = ph in (FORCE_FIELD, ACTIONS, OVER)
    rows = ((_(words.TURN_ORDER), words.order_label(words.ORDER_RECRUIT), state.order1, ph in (PLACEMENT, RECRUIT, ENERGY)),
            ("", words.order_label(words.ORDER_ACT), state.order2 if in_phase2 else [], in_phase2 and ph != OVER))
    for k, (head, lab, order, current) in enumerate(rows):
        yy = y + 32 + k * 26
        if head:
            out.append(_text(x, yy, head, MIN_FONT, INK, "start", "bold"))
        out.append(_text(x + 125, yy, lab, MIN_FONT, MUTED))
        if not order:
            later = state.round > 0 and not state.over
            out.append(_text(x + 186, yy, words.no_order_text(later), MIN_FONT, FAINT))
        cx = x + 194
        for j, p in enumerate(order):
            acting = current and p == state.actor
            if acting:
                out.append(f'<circle cx="{_n(cx)}" cy="{_n(yy - 5.5)}" r="11" fill="none" '
                           f'stroke="{INK}" stroke-width="1.5"/>')
            out.append(_chip(cx, yy - 5.5, _seat_hex(state, p), 7))
            name = words.seat_label(state, p)
            out.append(_text(cx + 15, yy, name, MIN_FONT, INK, "start", "bold" if acting else "normal"))
            cx += 15 + _text_w(name, MIN_FONT, acting) + 26
