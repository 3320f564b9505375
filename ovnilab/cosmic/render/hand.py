"""The strip at the bottom of a seat's view of the Cosmic board: that seat's hand face up
(and Miser's hoard), as many cards as fit with a "+k" mark for the rest, and beside them
what only this seat may see now (the aliens it was dealt, a hand shown to it)."""

from __future__ import annotations

from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...i18n import _
from ..rules import State
from . import labels
from . import text as words
from .cards import _face
from .style import (BIG, CARD_H, CARD_W, HAND_H, INK, LINE, LX, MUTED, PANEL, SMALL, STEP, W, _clip, _mid, _pack,
                    _seat_hex, _text, _tip)
from .view import _View

CARD_GAP = 6.0  # between two cards of the hand strip
MARK_W = 56.0  # a "+k" mark for the cards the strip has no room for


def _hand_strip(s: State, out: list[str], v: _View, y: float) -> None:
    p = v.viewer
    assert p is not None
    hexes = _seat_hex(s, p)
    out.append(_rect(LX, y, W - 2 * LX, HAND_H, PANEL, hexes[1], 1.6, 9))
    hand = v.hand or []
    title = words.hand_title(s, p, len(hand))
    ty = _mid(y + 18)
    out.append(_text(LX + 12, ty, title, SMALL, hexes[1], bold=True))
    note_x = LX + 12 + _tw(title, SMALL, True) + 24
    cy = y + HAND_H - CARD_H - 9
    cards = list(hand)
    hoard = list(v.hoard or [])
    a, b = _hand_room(len(cards), len(hoard))
    x = _card_row(s, out, cards, a, LX + 12, cy)
    if not cards:
        why = words.empty_hand_text(s)
        out.append(_clip(LX + 12, _mid(cy + CARD_H / 2), why, SMALL, W - 2 * LX - 24, MUTED))
        x = LX + 12 + _tw(why, SMALL)
    if hoard:
        x += 4
        out.append(f'<line x1="{_n(x)}" y1="{_n(cy)}" x2="{_n(x)}" y2="{_n(cy + CARD_H)}" stroke="{LINE}"/>')
        out.append(_text(x + 10, _mid(cy + CARD_H / 2), _(words.HOARD), SMALL, MUTED, bold=True))
        x = _card_row(s, out, hoard, b, x + 20 + _tw(_(words.HOARD), SMALL, True), cy)
    note = _(words.HAND_NOTE)
    if v.offers:
        note = words.offers_text(v.offers)
    elif v.peeked:
        # a hand the viewer may look at now, on as many lines as it needs beside the cards
        # (one line over them would cut its names)
        units = words.shown_hands_units(s, v.peeked)
        note = " ".join(units)
        fx = max(x + 20, note_x)
        lines = _pack(units, W - LX - 12 - fx)
        rows = int((HAND_H - 8) // STEP)
        if W - LX - 12 - fx >= 240 and len(lines) <= rows:
            body = "".join(_text(fx, _mid(y + 6 + STEP * (i + 0.5)), t, SMALL, INK) for i, t in enumerate(lines))
            out.append(_tip(note, body))
            return
    out.append(_tip(note, _text(W - LX - 12, ty, _fit(note, SMALL, W - LX - 12 - note_x, bool(v.peeked)), SMALL,
                                MUTED if not v.peeked else INK, "end", bool(v.peeked))))


def _hand_room(hand: int, hoard: int) -> tuple[int, int]:
    """How many cards of the hand and of the hoard the strip shows: all when they fit,
    else as many as fit, shared in proportion (each part that is cut gets a "+k" mark)."""
    avail = W - 2 * LX - 24 + CARD_GAP
    if hoard:
        avail -= 30 + _tw(_(words.HOARD), SMALL, True)  # the separator and the word "hoard"
    slot = CARD_W + CARD_GAP

    def width(a: int, b: int) -> float:
        return (a + b) * slot + (MARK_W if a < hand else 0) + (MARK_W if b < hoard else 0)

    fits = [(a, b) for a in range(hand + 1) for b in range(hoard + 1) if width(a, b) <= avail]
    return max(fits, key=lambda ab: (ab[0] + ab[1], -abs(ab[0] / max(1, hand) - ab[1] / max(1, hoard)), ab[0]))


def _card_row(s: State, out: list[str], cards: list[int], shown: int, x: float, y: float) -> float:
    """The first ``shown`` of ``cards`` face up from ``x``, and a "+k" mark naming the
    others in its tooltip; returns where the row ends."""
    for c in cards[:shown]:
        out.append(_face(s, x, y, CARD_W, CARD_H, c))
        x += CARD_W + CARD_GAP
    if len(cards) > shown:
        rest = ", ".join(labels.card_label(s.t.name[c]) for c in cards[shown:])
        out.append(_tip(rest, _text(x, _mid(y + CARD_H / 2, BIG), words.more_text(len(cards) - shown, short=True),
                                    BIG, MUTED, bold=True)))
        x += MARK_W
    return x
