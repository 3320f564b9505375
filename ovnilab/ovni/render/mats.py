"""The Ovni mats, one per seat: its aliens by type (captured ones crossed, the active
group tinted), its launch platform and reserve, mapping and command tokens, energy card
and force field, abilities, abducted humans, missions and score."""

from __future__ import annotations

from html import escape

from ...i18n import _
from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import text_width as _text_w
from ...svg import wrap as _wrap
from ..data import ALIEN_TYPES
from ..rules import (ACTIONS, COMMAND_VALUES, KEEP_MISSIONS, MAP_TOKENS_PER_PLAYER, PLACEMENT, RECRUIT,
                     SEAT_COLOURS, Action, State)
from . import text as words
from .pieces import _alien_badge, _pawn, _saucer, _shield, _token
from .style import ALIEN_COLOUR, FAINT, HILITE, INK, LX, MAT_W, MUTED, PANEL_FONT, VX, _seat_hex, _text
from .view import _competitors, _Masks


def _mats(state: State, m: _Masks, last: Action | None) -> list[tuple[list[str], float]]:
    """Every seat's mat, drawn at (0, 0), and their common height."""
    s = state
    breakdown = s.score_breakdown()
    comp = _competitors(s)
    best = [max((s.aliens[p][t] for p in comp), default=0) for t in range(4)]
    winners = set(s.winners()) if s.over else set()
    hl_seat, hl_type = -1, -1
    if last is not None and last.kind == "capture":
        hl_seat = SEAT_COLOURS.index(last.a) if last.a in SEAT_COLOURS else -1
        hl_type = ALIEN_TYPES.index(last.b) if last.b in ALIEN_TYPES else -1
    # the aliens' token grids take the rows the largest group needs (5 a row, at most 20
    # drawn), plus a line for "used" in phase 2: the same on every mat, so rows line up
    grid_rows = max(1, max((min(n, 20) + 4) // 5 for row in s.aliens[:s.ns] for n in row))
    grid_h = 9.5 * grid_rows + (14 if s.phase == ACTIONS and s.used_groups else 0)
    mats = [_mat(s, m, p, breakdown, comp, best, p in winners, hl_type if p == hl_seat else -1, grid_h)
            for p in range(s.ns)]
    h = max(mh for _, mh in mats)  # every mat as tall as the tallest, so they line up
    return [(_mat_frame(s, p, body, h), h) for p, (body, _) in enumerate(mats)]


def _mat_frame(s: State, p: int, body: list[str], h: float) -> list[str]:
    """The mat's card and title bar around its rows (the acting seat's card is outlined
    in its colour)."""
    fill, dark, _ = _seat_hex(s, p)
    acting = not s.over and s.actor == p
    yellow = SEAT_COLOURS[p] == "yellow"
    w = MAT_W
    out = [f'<rect x="1.5" y="1.5" width="{_n(w - 3)}" height="{_n(h - 3)}" rx="10" fill="#ffffff" '
           f'stroke="{(dark if yellow else fill) if acting else "#d8dde3"}" stroke-width="{3 if acting else 1.2}"/>',
           f'<path d="M1.5 30 V11.5 Q1.5 1.5 11.5 1.5 H{_n(w - 11.5)} Q{_n(w - 1.5)} 1.5 {_n(w - 1.5)} 11.5 '
           f'V30 Z" fill="{fill}" stroke="{dark if yellow else fill}" stroke-width="1"/>']
    return out + body


def _value_x() -> float:
    """Where a mat's values start: :data:`.style.VX`, or after the longest row label
    when a translation's labels are longer."""
    labels = (words.PLATFORM, words.MAPPED, words.TOKENS, words.ENERGY_LABEL, words.SHIELD, words.ABILITIES,
              words.ABDUCTED, words.MISSIONS)
    return max(VX, LX + max(_text_w(_(label), PANEL_FONT) for label in labels) + 8)


def _mat(s: State, m: _Masks, p: int, breakdown: list[dict[str, int]], comp: list[int], best: list[int],
         winner: bool, hl_type: int, grid_h: float) -> tuple[list[str], float]:
    out: list[str] = []
    vx = _value_x()
    fill, dark, tint = _seat_hex(s, p)
    third = p == s.third
    acting = not s.over and s.actor == p
    yellow = SEAT_COLOURS[p] == "yellow"
    w = MAT_W
    tcol = dark if yellow else "#ffffff"
    b = breakdown[p] if not third else {}
    shown = m.missions_shown[p]
    if not third:
        total = sum(b.values()) if shown else sum(v for k, v in b.items() if k != "missions")
        lab = words.score_text(total, not shown and bool(s.missions_kept[p]), winner)
    else:
        lab = _(words.NEVER_SCORES)
    out.append(_text(w - 10, 21, lab, 14, tcol, "end", "bold"))
    title, room = words.mat_title(s, p, acting), w - 30 - _text_w(lab, 14, True)
    if _text_w(title, 14, True) > room:  # the colour alone rather than a cut planet
        title = words.mat_title(s, p, acting, short=True)
    out.append(_text(10, 21, _fit(title, 14, room, True), 14, tcol, "start", "bold"))
    # aliens by type (the active group of the acting seat is tinted)
    cw = (w - 16) / 4
    ay = 38.0
    ry = ay + 45 + grid_h  # baseline of the first row under the aliens
    box_h = ry - 16 - (ay - 4)
    active = s.group if (acting and s.phase == ACTIONS) else -1
    used = s.used_groups if (acting and s.phase == ACTIONS) else 0
    for t in range(4):
        cx = 8 + t * cw
        n = s.aliens[p][t]
        cap = s.captured[p][t]
        boxed = s.boxed[p] if t == 3 else 0
        if t == active:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="{_n(box_h)}" rx="6" '
                       f'fill="{tint}" stroke="{fill}" stroke-width="1.5"/>')
        if t == hl_type:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="{_n(box_h)}" rx="6" '
                       f'fill="{HILITE}" fill-opacity="0.08" stroke="{HILITE}" stroke-width="2" '
                       f'stroke-dasharray="5 3"/>')
        out.append(_alien_badge(cx, ay, t, 19))
        out.append(_text(cx + 24, ay + 15.5, str(n), 16, INK, "start", "bold"))
        majority: bool | None = None  # shared or not; None: no majority
        if p in comp and n > 0 and n == best[t]:
            majority = sum(1 for q in comp if s.aliens[q][t] == n) > 1
            out.append(_text(cx + 26 + _text_w(str(n), 16, True), ay + 14.5, "☆" if majority else "★",
                             13, "#b7791f", "start", "bold"))
        if used >> t & 1 and t != active:
            # below the token grid, clear of the count and the majority star
            out.append(_text(cx + 1, ay + 25 + 9.5 * ((min(n, 20) + 4) // 5) + 11, _(words.USED), PANEL_FONT, MUTED))
        colour = ALIEN_COLOUR[ALIEN_TYPES[t]]
        for k in range(min(n, 20)):
            gx = cx + 1 + (k % 5) * 11
            gy = ay + 24 + (k // 5) * 9.5
            is_boxed = k >= n - boxed
            light = is_boxed or k < cap
            dash = ' stroke-dasharray="2 1.5"' if is_boxed else ""
            out.append(f'<rect x="{_n(gx)}" y="{_n(gy)}" width="9" height="7.5" rx="1.5" '
                       f'fill="{"#ffffff" if light else colour}" stroke="{colour}" stroke-width="1"{dash}/>')
            if k < cap:
                out.append(f'<path d="M{_n(gx + 0.5)} {_n(gy + 0.5)} L{_n(gx + 8.5)} {_n(gy + 7)} '
                           f'M{_n(gx + 8.5)} {_n(gy + 0.5)} L{_n(gx + 0.5)} {_n(gy + 7)}" '
                           f'stroke="#111111" stroke-width="1.6"/>')
        tip = words.group_tip(n, t, cap, boxed, majority)
        out.append(f'<g><title>{escape(tip)}</title><rect x="{_n(cx)}" y="{_n(ay)}" '
                   f'width="{_n(cw - 6)}" height="{_n(box_h - 6)}" fill="#ffffff" fill-opacity="0"/></g>')
    # UFOs: platform, reserve, board
    out.append(_text(LX, ry, _(words.PLATFORM), PANEL_FONT, MUTED))
    cap_n = s.rules.platform_capacity
    step = min(25.0, 52.0 / max(1, cap_n))  # the slots share 50 px whatever the capacity
    sw = step - 3
    for k in range(cap_n):
        px = vx + sw / 2 + k * step
        out.append(f'<rect x="{_n(px - sw / 2)}" y="{_n(ry - 13)}" width="{_n(sw)}" height="17" rx="4" '
                   f'fill="#f3f4f6" stroke="#9aa5b1" stroke-dasharray="3 2"/>')
        if k < s.platform[p]:
            out.append(_saucer(px, ry - 5, fill, dark, min(0.95, sw / 23)))
    rx = vx + cap_n * step + 8
    out.append(_text(rx, ry, words.reserve_text(s.reserve[p], sum(s.ufo[p])), PANEL_FONT, INK))
    # mapping tokens used
    ry += 23
    out.append(_text(LX, ry, _(words.MAPPED), PANEL_FONT, MUTED))
    out.append(f'<rect x="{_n(vx)}" y="{_n(ry - 10)}" width="10" height="10" rx="1.5" fill="{fill}" '
               f'stroke="{dark}" stroke-width="1.2"/>')
    n_maps = MAP_TOKENS_PER_PLAYER - s.map_tokens[p]
    out.append(_text(vx + 16, ry, words.mapped_text(n_maps, s.map_tokens[p]), PANEL_FONT, INK))
    # command tokens
    ry += 25
    out.append(_text(LX, ry, _(words.TOKENS), PANEL_FONT, MUTED))
    owned = s.tokens_owned[p]
    hand = m.hand[p]
    placed_known = [v for sl in m.areas for (o, v, _d) in sl if o == p and v is not None]
    hidden_down = sum(1 for sl in m.areas for (o, v, _d) in sl if o == p and v is None)
    for k, v in enumerate(COMMAND_VALUES):
        tx = vx + 11 + k * 25
        if v not in owned:
            out.append(_token(tx, ry - 4, (fill, dark, tint), str(v), False, 11, dim=True))
            out.append(f'<path d="M{_n(tx - 9)} {_n(ry - 13)} L{_n(tx + 9)} {_n(ry + 5)}" '
                       f'stroke="{INK}" stroke-width="2"/>')
            continue
        dim = (v not in hand) if hand is not None else (v in placed_known)
        out.append(_token(tx, ry - 4, (fill, dark, tint), str(v), False, 11, dim=dim))
    note = ""
    if s.phase in (PLACEMENT, RECRUIT) and len(owned) > len(hand or owned) or hidden_down:
        note = _(words.PLACED_PALE)
        if hidden_down:
            note = words.face_down_text(hidden_down)
    if third and s.phase == PLACEMENT:
        note = _(words.RANDOM_DRAW)
    if 6 not in owned and not note:
        note = _(words.SIX_USED)
    if note:
        out.append(_text(vx + 5 * 25 + 4, ry, note, PANEL_FONT, MUTED))
    # energy card and force field
    ry += 24
    out.append(_text(LX, ry, _(words.ENERGY_LABEL), PANEL_FONT, MUTED))
    e = s.energy[p] if s.energy[p] in (0, 1, 2) else 0
    etext = _(words.ENERGY_TEXT[e])
    efill = ("#eef0f3", tint, tint)[e]
    out.append(f'<rect x="{_n(vx)}" y="{_n(ry - 13)}" width="20" height="17" rx="3" fill="{efill}" '
               f'stroke="{dark if e else "#9aa5b1"}" stroke-width="{1.5 if e else 1}"/>')
    out.append(_text(vx + 10, ry, str(e) if e else "–", PANEL_FONT, INK, "middle", "bold"))
    out.append(_text(vx + 26, ry, etext, PANEL_FONT, INK if e else MUTED))
    if s.shield[p]:
        ry += 23
        out.append(_text(LX, ry, _(words.SHIELD), PANEL_FONT, MUTED))
        out.append(_shield(vx + 7, ry - 4, fill, dark))
        out.append(_text(vx + 20, ry, words.force_field_text(s.boxed[p]), PANEL_FONT, dark, "start", "bold"))
    # abilities (pills, wrapped)
    ry += 24
    if not third:
        out.append(_text(LX, ry, _(words.ABILITIES), PANEL_FONT, MUTED))
        bx = vx
        for lab in (words.ability_text(a) for a in s.abilities[p]):
            bw = _text_w(lab, PANEL_FONT) + 12
            if bx > vx and bx + bw > w - 8:
                bx, ry = vx, ry + 22
            out.append(f'<rect x="{_n(bx)}" y="{_n(ry - 14)}" width="{_n(bw)}" height="19" rx="9.5" '
                       f'fill="{tint}" stroke="{fill}"/>')
            out.append(_text(bx + 6, ry, lab, PANEL_FONT, dark))
            bx += bw + 5
    else:
        lines = _wrap(words.third_player_text(s), PANEL_FONT, w - 20)
        for k, line in enumerate(lines):
            out.append(_text(LX, ry + k * 15, line, PANEL_FONT, MUTED))
        ry += 15 * (len(lines) - 1)
    # abducted humans
    ry += 25
    out.append(_text(LX, ry, _(words.ABDUCTED), PANEL_FONT, MUTED))
    hx = vx + 6
    cats = s.cards.categories
    total_h = 0
    for c in range(6):
        k = s.abducted[p][c]
        for _k in range(k):
            out.append(_pawn(hx, ry + 4, s.cards.category_colours[c], 0.95, cats[c]))
            hx += 12
        if k:
            hx += 6
        total_h += k
    if not total_h:
        out.append(_text(hx - 6, ry, "—", PANEL_FONT, FAINT))
    elif not third:
        out.append(_text(hx + 2, ry, words.points_text(b["humans"]), PANEL_FONT, MUTED))
    if third:
        return out, ry + 14
    # missions
    ry = _missions(s, out, m, p, ry + 24, w, vx)
    if s.phase == KEEP_MISSIONS and not s.missions_kept[p] and m.missions_shown[p]:
        return out, ry + 10  # the dealt missions: no score yet
    # score breakdown: 3 x 2 cells
    ry += 8
    out.append(f'<line x1="8" y1="{_n(ry)}" x2="{_n(w - 8)}" y2="{_n(ry)}" stroke="#e1e5ea"/>')
    parts = [(_(lab), b[key] if key != "missions" or shown else "?") for key, lab in words.SCORE_PARTS]
    cw3 = (w - 20) / 3
    for k, (lab, val) in enumerate(parts):
        cx = 10 + cw3 * (k % 3)
        yy = ry + 19 + 19 * (k // 3)
        out.append(_text(cx, yy, lab, PANEL_FONT, MUTED))
        out.append(_text(cx + cw3 - 12, yy, str(val), 13, INK, "end", "bold"))
    return out, ry + 19 * 2 + 9


def _missions(s: State, out: list[str], m: _Masks, p: int, y: float, w: float, vx: float) -> float:
    """The seat's missions from baseline ``y``; returns the baseline after the last line."""
    ids = m.missions(s, p)
    dealing = s.phase == KEEP_MISSIONS and not s.missions_kept[p]
    out.append(_text(LX, y, _(words.MISSIONS), PANEL_FONT, MUTED))
    if ids is None:
        if dealing:
            msg = _(words.CHOOSING_MISSIONS)
        else:
            msg = words.secret_missions_text(s, len(s.missions_kept[p]))
        out.append(_text(vx, y, _fit(msg, PANEL_FONT, w - vx - 8), PANEL_FONT, MUTED, "start", "normal",
                         ' font-style="italic"'))
        return y
    out.append(_text(vx, y, words.missions_head(s, dealing), PANEL_FONT, MUTED, "start", "normal",
                     ' font-style="italic"'))
    by_id = {mi.id: mi for mi in s.cards.missions}
    for mid in ids:
        mi = by_id.get(mid)
        if mi is None:
            continue
        done = s.mission_done(p, mid)
        if s.over:
            mark, colour = ("✔", "#1b7f3b") if done else ("✘", "#b3261e")
        else:
            mark, colour = ("✔", "#1b7f3b") if done else ("○", MUTED)
        if dealing:
            mark, colour = "·", MUTED
        y += 16
        out.append(_text(LX + 2, y, mark, 13, colour, "start", "bold"))
        lines = _wrap(words.mission_text(mi, s.cards.categories), PANEL_FONT, w - 26 - 8)
        for k, line in enumerate(lines):
            out.append(_text(26, y + 15 * k, line, PANEL_FONT, INK))
        y += 15 * (len(lines) - 1)
    return y
