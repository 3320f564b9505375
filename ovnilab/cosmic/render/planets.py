"""A player's home planets on its panel: the planet (its number; its name as a
tooltip), the ships of every colour on it, Citadel's citadels, the hyperspace gate's cone
over the target and the rings of the planets the gate may aim at or the last action
touched."""

from __future__ import annotations

from ...svg import num as _n
from ...svg import text_width as _tw
from ..data import ATTACK
from ..rules import State
from . import text as words
from .style import FAINT, GATE, HILITE, KIND_COLOURS, SMALL, _mid, _pill, _seat_hex, _ships, _text, _tip

SHIP_ROW = 22.0  # a row of ships of one colour under a planet
CHIP_ROOM = 34.0  # a citadel chip under a planet
CONE_ROOM = 26.0  # the gate's cone over the target planet


def _planet(s: State, out: list[str], pl: int, cx: float, cy: float, r: float, bottom: float,
            touched: bool, below: bool = False) -> None:
    """A home planet centred on (cx, cy), the ships of every colour on it (under it, or
    ``below=False`` to its right) and a citadel chip under it; ``bottom``: the panel's."""
    n = s.n
    owner = pl // s.np
    fill, dark, tint = _seat_hex(s, owner)
    counts = [(q, s.ships[pl * n + q]) for q in [owner] + [q for q in range(n) if q != owner]]
    counts = [(q, c) for q, c in counts if c]
    target = pl == s.target and not s.over and s.offense >= 0 and s.stage != "end of encounter"
    aimable = bool(s.tasks) and s.tasks[0][0] == "aim" and pl in s.aim_options and not target
    if target or aimable:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r + 5)}" fill="none" stroke="{GATE}" '
                   + ('stroke-width="3"/>' if target else 'stroke-width="1.5" stroke-dasharray="4 3"/>'))
    if target:
        # the hyperspace gate's cone points down at the target planet
        odark, otint = _seat_hex(s, s.offense)[1], _seat_hex(s, s.offense)[2]
        top = cy - r - 22
        out.append(f'<path d="M{_n(cx - 13)} {_n(top)} L{_n(cx + 13)} {_n(top)} L{_n(cx + 4)} {_n(cy - r - 6)} '
                   f'L{_n(cx - 4)} {_n(cy - r - 6)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.2"/>')
    if counts:
        disc = (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{tint}" stroke="{dark}" stroke-width="1.6"/>'
                f'<path d="M{_n(cx - r * 0.85)} {_n(cy + r * 0.3)} Q{_n(cx)} {_n(cy + r * 0.75)} '
                f'{_n(cx + r * 0.85)} {_n(cy + r * 0.3)}" fill="none" stroke="{dark}" stroke-width="0.7" opacity="0.45"/>')
    else:
        disc = (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#f3f4f5" stroke="{FAINT}" '
                f'stroke-width="1.3" stroke-dasharray="3 3"/>')
    size = max(float(SMALL), r * 0.8)
    number = _text(cx, _mid(cy, size), str(pl % s.np + 1), size, dark if counts else FAINT, "middle", True)
    out.append(_tip(words.planet_tip(s, pl, bool(counts)), disc + number))
    if touched:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r + 9)}" fill="none" stroke="{HILITE}" '
                   f'stroke-width="2" stroke-dasharray="5 3"/>')
    cit = s.citadels[pl]
    if cit:
        # Citadel's citadels: a chip under the planet with their sum (the cards in its
        # tooltip); under it, not beside, so it never covers the ships' counts
        total = sum(s.t.value[c] for c in cit)
        label = f"▲{total}"
        cwid = _tw(label, SMALL, True) + 12
        chip, _chip_w = _pill(cx - cwid / 2, cy + r + 3 + SMALL * 0.75, label, "#fde4e2", KIND_COLOURS[ATTACK][1],
                        SMALL, KIND_COLOURS[ATTACK][1])
        out.append(_tip(words.citadel_tip(s, cit, total), chip))
    # the ships of every colour on the planet, the owner's first
    rows = len(counts)
    if below:
        top = cy + r + 6 + (CHIP_ROOM if cit else 0)
        for i, (q, c) in enumerate(counts):
            out.append(_ships(cx - 24, _mid(top + SHIP_ROW * (i + 0.5)), _seat_hex(s, q), c))
        return
    sx = cx + r + 2
    step = min(24.0, (2 * (bottom - cy) - 4) / max(1, rows))
    sy = cy - (rows - 1) * step / 2
    for i, (q, c) in enumerate(counts):
        out.append(_ships(sx, _mid(sy + i * step), _seat_hex(s, q), c))
