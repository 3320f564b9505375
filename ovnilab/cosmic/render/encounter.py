"""The Cosmic board's encounter panel (top of the right column): the destiny card, who
meets whom and where, the outcome, the hyperspace gate with the offense's ships, the
target planet with the defender's, the defensive allies, both encounter cards with what
they count as and the totals, the allies and invitations; while no encounter is on, the
legend (how to read the board) in its place."""

from __future__ import annotations

from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...svg import wrap as _wrap
from ..data import ATTACK
from ...i18n import _
from ..rules import DEF, OFF, WILD, State
from . import labels
from . import text as words
from .cards import _card
from .style import (BACK, BAD, BIG, FAINT, GATE, GOOD, GREY, HILITE, INK, LINE, MID, MUTED, PANEL, RW, RX, SEAT_HEX,
                    SMALL, STEP, _clip, _mid, _pack, _seat_hex, _ships, _text, _tip, _tspan)
from .view import _pending_answers, _View

#: outcomes the encounter panel shows in green and in red (others in ink)
_GOOD_OUTCOMES = ("offense", "deal_made", "reestablished", "cancelled", "colony granted")
_BAD_OUTCOMES = ("defense", "deal_failed", "both lose", "no card")


def _destiny_hex(state: State, code: int) -> tuple[str, str, str]:
    """The colours of a destiny card: its seat's, or the wild's and the specials'."""
    if code < 0:
        return GREY
    if code < state.n:
        return _seat_hex(state, code)
    if code == WILD:
        return ("#4a4a4a", "#1f1f1f", "#f1f1f1")
    return ("#6d5a2c", "#3a2f12", "#f6efdc")


def _encounter(s: State, out: list[str], v: _View, y: float) -> float:
    """The encounter panel (destiny, gate, target, cards, totals, allies); returns its
    bottom."""
    x, w = RX, RW
    panel = len(out)  # the panel's rectangle goes here once its height is known
    # the destiny card
    dw, dh = 112.0, 100.0
    dx, dy = x + w - dw - 10, y + 10
    text = labels.destiny_text(s, s.destiny)
    if text:
        dfill, ddark, dtint = _destiny_hex(s, s.destiny)
        out.append(_rect(dx, dy, dw, dh, dtint, ddark, 1.6, 6))
        out.append(_rect(dx + 0.8, dy + 0.8, dw - 1.6, 26, ddark, "none", 0, 5))
        out.append(_text(dx + dw / 2, _mid(dy + 14), _(words.DESTINY_HEAD), SMALL, "#ffffff", "middle", True))
        if s.destiny < s.n:
            out.append(f'<circle cx="{_n(dx + dw / 2)}" cy="{_n(dy + 50)}" r="14" fill="{dfill}" stroke="{ddark}"/>')
            out.append(_clip(dx + dw / 2, dy + dh - 12, text, SMALL, dw - 8, ddark, "middle", True))
        else:
            lines = _wrap(text.upper() if s.destiny == WILD else text, SMALL, dw - 8)[:3]
            top = dy + 26 + (dh - 26) / 2 - (len(lines) - 1) * 11
            for i, line in enumerate(lines):
                out.append(_clip(dx + dw / 2, _mid(top + i * 22), line, SMALL, dw - 8, ddark, "middle"))
    else:
        out.append(_rect(dx, dy, dw, dh, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"'))
        out.append(_text(dx + dw / 2, _mid(dy + dh / 2), _(words.DESTINY), SMALL, MUTED, "middle"))
    off, d = s.offense, s.defender
    lw = dx - x - 22  # the lines left of the destiny card
    if off < 0:
        out.append(_text(x + 12, y + 36, _(words.NO_ENCOUNTER), SMALL, MUTED))
        bottom = _legend(s, out, x + 12, y + 134, w - 24)
        out.insert(panel, _rect(x, y, w, bottom - y, PANEL, LINE, 1.4, 9))
        return bottom
    n = s.n
    finished = s.stage in ("end of encounter", "game over")
    ohex = _seat_hex(s, off)
    # who meets whom, where, and how it ended
    oname = labels.colour_title(s.colours[off])
    if d >= 0:
        dname = labels.colour_title(s.colours[d])
        verb = _(words.ENCOUNTERS)
        if _tw(f"{oname}  {dname}", BIG, True) + _tw(f" {verb} ", SMALL) > lw:
            verb = _(words.VS)  # long colour names
        parts = [_tspan(oname, ohex[1], True), _tspan(verb, MUTED, size=SMALL, dx=7),
                 _tspan(dname, _seat_hex(s, d)[1], True, dx=7)]
    else:
        parts = [_tspan(oname, ohex[1], True), _tspan(_(words.IS_OFFENSE), MUTED, size=SMALL, dx=7)]
    out.append(f'<text x="{_n(x + 12)}" y="{_n(y + 36)}" font-size="{BIG}">{"".join(parts)}</text>')
    out.append(_clip(x + 12, y + 62, words.target_text(s), SMALL, lw, MUTED))
    if s.outcome:
        good = s.outcome in _GOOD_OUTCOMES
        bad = s.outcome in _BAD_OUTCOMES
        text, whole = words.outcome_text(s, finished)
        out.append(_clip(x + 12, y + 88, text, SMALL, lw, GOOD if good else BAD if bad else INK, bold=True,
                         tip=whole))

    # the hyperspace gate (offense side) aimed at the target planet (defense side)
    gy = y + 184
    gx = x + 14
    out.append(_text(gx, y + 130, _(words.GATE), SMALL, MUTED))
    ofill, odark, otint = ohex
    out.append(f'<path d="M{_n(gx)} {_n(gy - 36)} L{_n(gx + 190)} {_n(gy - 13)} L{_n(gx + 190)} {_n(gy + 13)} '
               f'L{_n(gx)} {_n(gy + 36)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.4"/>')
    on_gate = [(q, s.gate[q]) for q in [off] + list(s.allies[OFF]) if s.gate[q]]
    on_gate += [(q, s.gate[q]) for q in range(n) if s.gate[q] and q != off and q not in s.allies[OFF]]
    for i, (q, k) in enumerate(on_gate[:6]):
        col, row = divmod(i, 3)
        out.append(_ships(gx + 6 + col * 62, _mid(gy + (row - 1) * 23), _seat_hex(s, q), k))
    if not on_gate:
        out.append(_text(gx + 12, _mid(gy), _(words.EMPTY), SMALL, MUTED))
    px, pr = gx + 246, 30.0
    if s.target >= 0:
        tfill, tdark, ttint = _seat_hex(s, s.target // s.np)
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr + 5)}" fill="none" stroke="{GATE}" stroke-width="3"/>')
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="{ttint}" stroke="{tdark}" stroke-width="1.6"/>')
        out.append(_text(px, gy - 5, str(s.target % s.np + 1), MID, tdark, "middle", True))
        if d >= 0:
            k = s.ships[s.target * n + d]
            out.append(_ships(px - 17, gy + 22, _seat_hex(s, d), k, dim=k == 0))
    else:
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="#fafbfc" stroke="{FAINT}" '
                   f'stroke-width="1.2" stroke-dasharray="4 3"/>')
        out.append(_text(px, _mid(gy, MID), "?", MID, FAINT, "middle", True))
    beside = [(q, s.side[q]) for q in s.allies[DEF] if s.side[q]]
    ax = px + pr + 18
    out.append(_text(ax, y + 130, _(words.DEFENSE_ALLIES), SMALL, MUTED))
    for i, (q, k) in enumerate(beside[:4]):
        out.append(_ships(ax + (i // 2) * 62, _mid(gy - 12 + (i % 2) * 26), _seat_hex(s, q), k))
    if not beside:
        out.append(_text(ax, _mid(gy), _(words.NONE), SMALL, MUTED))

    # the encounter cards, each with what it counts as, the ships and the total
    both = s.revealed and s.card[OFF] >= 0 and s.card[DEF] >= 0
    totals = both and s.kinds == (ATTACK, ATTACK)
    sides = []
    for side in (OFF, DEF):
        who = s.main(side)
        if who < 0:
            continue
        lines = [(labels.colour_title(s.colours[who]), _seat_hex(s, who)[1], True)]
        claim = s.claim if s.claim is not None and s.claim[0] == side else None
        if claim is not None:
            # Gambler's card stays face down: what it says it is (and whether accepted)
            lines += [(_(words.ACCEPTED) if claim[2] else _(words.SAYS), MUTED, False), (labels.card_label(claim[1]) or "…", INK, True)]
        if both and s.kinds[side] >= 0:
            kind = s.kinds[side]
            # a claimed card counts as what was said (its face would tell a bluff)
            printed = s.t.face_kind[claim[1]] if claim is not None and claim[1] else s.t.kind[s.card[side]]
            if kind == ATTACK:
                value = f"{s.values[side]:02d}"
                if claim is None:
                    lines += ([(words.card_value_text(value), INK, False)] if printed == ATTACK
                              else [(_(words.COUNTS_AS), MUTED, False), (value, INK, True)])
                lines.append((words.side_ships_text(s.side_ships(side)), INK, False))
                if s.reinf[side]:
                    lines.append((words.reinforcements_text(s.reinf[side]), INK, False))
            elif kind != printed:
                lines += [(_(words.COUNTS_AS), MUTED, False), (labels.kind_word(kind), INK, True)]
        sides.append((side, who, lines))
    most = max((len(lines) for _, _, lines in sides), default=0)
    step = STEP if most <= 4 else 22.0  # five lines: a little closer, and a taller card
    cw, ch = 100.0, max(106.0, 8 + step * most)
    cy = y + 230
    for side, who, lines in sides:
        cx0 = x + 10 + side * (w / 2)
        out.append(_card(s, cx0, cy, cw, ch, v.cards[side], _(words.DISCARDED) if finished else _(words.NO_CARD)))
        tx = cx0 + cw + 8
        room = x + (side + 1) * (w / 2) - tx - 6
        for i, (t, colour, bold) in enumerate(lines):
            out.append(_clip(tx, _mid(cy + 4 + step * (i + 0.5)), t, SMALL, room, colour, bold=bold))
        if totals:  # under the middle of its side, "vs" between the two
            out.append(_text(x + (side + 0.5) * (w / 2), cy + ch + 28, words.total_text(s.totals[side]), BIG,
                             _seat_hex(s, who)[1], "middle", True))
    if totals:
        out.append(_text(x + w / 2, cy + ch + 28, _(words.VS), SMALL, MUTED, "middle"))
    ay = cy + ch + (40 if totals else 8) if sides else cy
    # allies and invitations (a line each, two when the names need them)
    pending = _pending_answers(s)
    for side in (OFF, DEF):
        units = words.allies_units(s, side, pending)
        txt = " ".join(units)
        lines = _pack(units, w - 24)
        if len(lines) > 2:
            lines = lines[:1] + [" ".join(lines[1:])]
        body = "".join(_text(x + 12, _mid(ay + STEP * (i + 0.5)), _fit(t, SMALL, w - 24), SMALL, INK)
                       for i, t in enumerate(lines))
        out.append(_tip(txt, body) if len(lines) > 1 else body)
        ay += STEP * len(lines)
    bottom = ay + 8
    out.insert(panel, _rect(x, y, w, bottom - y, PANEL, LINE, 1.4, 9))
    return bottom


def _legend(s: State, out: list[str], x: float, y: float, w: float) -> float:
    """How to read the board (shown while no encounter is on), and the game's options;
    returns the bottom of the panel around it."""
    out.append(_text(x, y, _(words.LEGEND_HEAD), SMALL, INK, bold=True))
    rows = words.LEGEND
    for i, (key, text) in enumerate(rows):
        yy = y + 30 + i * 30
        mid = yy - SMALL * 0.36
        if key == "ships":
            out.append(_ships(x - 2, yy, SEAT_HEX["blue"], 4))
        elif key == "pips":
            for k in range(3):
                on = k < 2
                out.append(f'<circle cx="{_n(x + 6 + k * 15)}" cy="{_n(mid)}" r="6" '
                           f'fill="{SEAT_HEX["green"][0] if on else "#ffffff"}" stroke="{SEAT_HEX["green"][1] if on else FAINT}"/>')
        elif key == "gate":
            out.append(f'<circle cx="{_n(x + 18)}" cy="{_n(mid)}" r="10" fill="none" stroke="{GATE}" stroke-width="2.5"/>')
        elif key == "last":
            out.append(f'<circle cx="{_n(x + 18)}" cy="{_n(mid)}" r="10" fill="none" stroke="{HILITE}" '
                       f'stroke-width="2" stroke-dasharray="4 2"/>')
        else:
            for k in range(3):
                out.append(_rect(x + 4 + k * 6, mid - 9, 11, 18, BACK[0], "#ffffff", 0.8, 1.5))
        out.append(_clip(x + 56, yy, _(text), SMALL, w - 56, MUTED))
    last = y + 30 + len(rows) * 30 + 4
    out.append(_clip(x, last, words.options_text(s), SMALL, w, MUTED))
    return last + 14
