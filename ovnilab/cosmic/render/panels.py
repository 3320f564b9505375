"""The header of the Cosmic board (the turn and whose it is, the seven phases, who
decides what, the last action) and the players' panels in the left column (colour and
alien, power, foreign colonies, hand size, warp, tokens, role badges; the home planets
are drawn by :mod:`.planets`)."""

from __future__ import annotations

from ...svg import fit as _fit
from ...svg import num as _n
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...i18n import _
from ..rules import PLANETS, State
from . import labels
from . import text as words
from .planets import CHIP_ROOM, CONE_ROOM, SHIP_ROW, _planet
from .style import (BACK, BAD, BIG, FAINT, GOOD, HEADER_H, HILITE, INK, LINE, LW, LX, MAIN_H, MID, MUTED, PANEL,
                    SMALL, TOP, W, _clip, _mid, _on_fill, _pill, _seat_hex, _text, _tip)
from .view import _touched_planets, _View

#: the engine's stage names in each of the seven phases of an encounter (:data:`.text.PHASES`)
_STAGE_PHASE = {"regroup": 0, "destiny": 1, "launch": 2, "alliance": 3, "planning": 4, "reveal": 5,
                "deal": 5, "resolution": 6, "end of encounter": 6}
#: the colour of a power's status line, by the tone :func:`.text.power_status` gives it
_TONE = {"good": GOOD, "bad": BAD, "muted": MUTED}
#: the info column of a player's panel: where its values start (after the labels) and
#: where the planets start
INFO_VALUE_X = 94.0
PLANETS_X = 274.0


# ----------------------------------------------------------------------------- header
def _headline(x: float, text: str, width: float) -> str:
    """The header's first line: BIG, or MID when that keeps it whole (the Portuguese
    set-up line lost its last word to an ellipsis at BIG), cut only when MID is too wide."""
    size = BIG if _tw(text, BIG, True) <= width else MID
    return _clip(x, 30, text, size, width, INK, bold=True)


def _header(s: State, out: list[str], v: _View) -> None:
    """Three lines: whose turn; the phases and who decides what; the last action."""
    out.append(_rect(0, 0, W, HEADER_H, "#ffffff"))
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="{LINE}"/>')
    right = words.view_text(s, v.viewer)
    out.append(_text(W - 14, 30, right, SMALL, MUTED, "end", True))
    room = W - 14 - _tw(right, SMALL, True) - 24
    if s.turn > 0 and s.offense >= 0:
        fill, dark, _text_ink = _seat_hex(s, s.turn_player)
        out.append(f'<circle cx="23" cy="22" r="9" fill="{fill}" stroke="{dark}"/>')
        out.append(_headline(40, words.turn_text(s), room - 40))
    else:
        out.append(_headline(14, _(words.SET_UP), room - 14))

    y = 64.0
    if s.over:
        svg, pw = _pill(14, y, _(words.GAME_OVER), BAD, "#ffffff")
        out.append(svg)
        out.append(_clip(14 + pw + 10, _mid(y, MID), words.winners_text(s), MID, W - pw - 38, INK, bold=True))
    else:
        # the seven phases of an encounter: the current one named, the others numbered
        cur = _STAGE_PHASE.get(s.stage, -1)
        x = 14.0
        for i, ph in enumerate(labels.PHASES):
            if i == cur:
                svg, w = _pill(x, y, labels.phase_label(i), INK, "#ffffff")
                out.append(svg)
            else:
                w = 28.0
                ink = FAINT if cur >= 0 and i > cur else MUTED
                out.append(_tip(labels.phase_name(i), f'<circle cx="{_n(x + 14)}" cy="{_n(y)}" r="14" fill="#eef0f2"/>'
                                + _text(x + 14, _mid(y), str(i + 1), SMALL, ink, "middle", True)))
            x += w + 4
        actor = s.current_player
        if actor >= 0:
            fill, dark, _text_ink = _seat_hex(s, actor)
            out.append(f'<circle cx="{_n(x + 14)}" cy="{_n(y)}" r="8" fill="{fill}" stroke="{dark}"/>')
            line, task = words.deciding_text(s, v.viewer)
            out.append(_clip(x + 28, _mid(y, MID), line, MID, W - x - 42, INK, bold=True, tip=task))
    if v.last is not None:
        out.append(_text(14, 101, _(words.LAST_ACTION), SMALL, MUTED))
        lx = 14 + _tw(_(words.LAST_ACTION), SMALL) + 8
        text = words.last_action_text(s, v.last, v.last_actor, v.viewer)
        out.append(_clip(lx, 101, text, SMALL, W - lx - 14, HILITE, bold=True))


# ----------------------------------------------------------------------------- players
def _players(s: State, out: list[str], v: _View, highlight: bool) -> None:
    n = s.n
    gap = 6.0
    ph = (MAIN_H - gap * (n - 1)) / n
    touched = _touched_planets(s, v.last) if highlight else set()
    for p in range(n):
        _panel(s, out, v, p, LX, TOP + p * (ph + gap), LW, ph, touched, highlight)


def _panel(s: State, out: list[str], v: _View, p: int, x: float, y: float, w: float, h: float,
           touched: set[int], highlight: bool) -> None:
    hexes = _seat_hex(s, p)
    fill, dark, tint = hexes
    to_act = s.current_player == p
    won = s.over and p in s.winners()
    strong = to_act or won
    out.append(_rect(x, y, w, h, PANEL, dark if strong else LINE, 3.2 if strong else 1.4, 9))
    # title strip: colour and alien (its power's text as a tooltip), then role badges
    th = 34.0
    out.append(f'<path d="M{_n(x)} {_n(y + th)} V{_n(y + 9)} Q{_n(x)} {_n(y)} {_n(x + 9)} {_n(y)} '
               f'H{_n(x + w - 9)} Q{_n(x + w)} {_n(y)} {_n(x + w)} {_n(y + 9)} V{_n(y + th)} Z" fill="{fill}"'
               + ("" if _on_fill(fill) == "#ffffff" else f' stroke="{dark}" stroke-width="1"') + "/>")
    ink = _on_fill(fill)
    bx = x + w - 6
    badges = []
    if won:
        badges.append((_(words.WINNER), "#ffffff", dark, "none"))
    role = words.role_text(s, p)
    if role:
        badges.append((role, "#ffffff", dark, "none"))
    if to_act:
        badges.append((_(words.TO_ACT_YOU) if p == v.viewer else _(words.TO_ACT), INK, "#ffffff", "none"))
    elif highlight and p == v.last_actor:
        badges.append((_(words.LAST_MOVE), "#ffffff", HILITE, HILITE))
    if s.removed[p]:  # ships removed from the game for good (Void, Masochist's super flare)
        badges.append((words.removed_text(s.removed[p]), "#ffffff", INK, LINE))
    for label, bfill, bink, bstroke in badges:
        svg, bw = _pill(bx, y + th / 2, label, bfill, bink, SMALL, bstroke, anchor="end")
        out.append(svg)
        bx -= bw + 5
    alien = v.aliens[p]
    title = words.panel_title(s, p, alien, v.offers if p == v.viewer else [], to_act)
    summary = words.alien_summary(s, alien)
    out.append(_clip(x + 10, _mid(y + th / 2, MID), title, MID, bx - x - 14, ink, bold=True, tip=summary))

    # the info column: power, foreign colonies, hand, warp, and a line for a power's
    # tokens (Warrior, Tick-Tock), Grudge's token and Miser's hoard when there are any
    body_y = y + th
    body_h = h - th
    ix = x + 12
    vx = ix + INFO_VALUE_X
    gx = x + PLANETS_X  # the planets
    room = gx - ix - 8
    extras = words.extras_text(s, p)
    rows = 4 + bool(extras)
    step = min(30.0, (body_h - 6) / rows)
    mids = [body_y + (body_h - step * rows) / 2 + step * (i + 0.5) for i in range(rows)]
    status, tone, tip = words.power_status(s, p, alien is not None)
    # bold, or regular where that keeps it whole (Portuguese "escolhendo alienígena")
    bold = _tw(status, SMALL, True) <= room
    out.append(_tip(tip, _text(ix, _mid(mids[0]), _fit(status, SMALL, room, bold), SMALL, _TONE[tone], bold=bold)))
    ly = _mid(mids[1])
    fc = s.foreign_colonies(p)
    goal = s.win_at
    out.append(_text(ix, ly, _(words.COLONIES), SMALL, MUTED))
    px = vx
    if goal <= 8:
        for k in range(goal):
            on = k < fc
            out.append(f'<circle cx="{_n(px + 7 + k * 17)}" cy="{_n(mids[1])}" r="7" '
                       f'fill="{fill if on else "#ffffff"}" stroke="{dark if on else FAINT}" stroke-width="1.3"/>')
        px += goal * 17 + 5
    out.append(_clip(px, ly, f"{fc}/{goal}", SMALL, ix + room - px, INK, bold=True))
    # hand size as card backs (never the cards)
    ly = _mid(mids[2])
    out.append(_text(ix, ly, _(words.HAND), SMALL, MUTED))
    k = len(s.hands[p])
    hx = vx
    for i in range(min(k, 6)):
        out.append(_rect(hx + i * 6, mids[2] - 9, 11, 18, BACK[0], "#ffffff", 0.8, 1.5))
    hx += min(k, 6) * 6 + 13 if k else 0
    out.append(_clip(hx, ly, labels.count_text(k, "card"), SMALL, ix + room - hx, INK, bold=True))
    ly = _mid(mids[3])
    out.append(_text(ix, ly, _(words.WARP), SMALL, MUTED))
    out.append(_text(vx, ly, labels.count_text(s.warp[p], "ship"), SMALL, INK, bold=True))
    if extras:
        out.append(_clip(ix, _mid(mids[4]), extras, SMALL, room, INK, bold=True))

    # the home planets (five; four in the four-planet variant), drawn at the size five
    # would have, each with the ships on it: under it when the panel is tall enough for a
    # row of every colour (and a citadel chip) under a planet at least 20 wide, else (five
    # players) to its right, beside a smaller planet
    cw = (x + w - 6 - gx) / PLANETS
    planets = range(s.np * p, s.np * p + s.np)
    stack = s.n * SHIP_ROW + (CHIP_ROOM if any(s.citadels[pl] for pl in planets) else 0)
    r = min(30.0, (cw - 10) / 2, (body_h - CONE_ROOM - 6 - stack) / 2)
    if r >= 20:
        cy = body_y + CONE_ROOM + r + (body_h - CONE_ROOM - 6 - stack - 2 * r) / 2
        for k, pl in enumerate(planets):
            _planet(s, out, pl, gx + (k + 0.5) * cw, cy, r, body_y + body_h, pl in touched, below=True)
    else:
        r = max(14.0, min(26.0, (cw - 54) / 2, body_h / 2 - 14))
        for k, pl in enumerate(planets):
            _planet(s, out, pl, gx + k * cw + r + 2, body_y + body_h / 2, r, body_y + body_h, pl in touched)
