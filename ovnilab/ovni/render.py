"""Draw an Ovni position as a standalone SVG string.

:func:`to_svg` is a pure function of the state: the same position (and the same
arguments) always gives byte-identical SVG, so a replay slider can redraw every state and
notebooks can compare outputs. The picture has four parts:

* a header: round, phase, who acts, the alien stock and the last action;
* the board: the 12 cities at the board file's coordinates, each a tile holding the human
  piece, the UFOs of every colour (always in the same corner per colour: red top-left,
  blue top-right, green bottom-left, yellow bottom-right) and the mapping tokens on its top
  edge. The tile takes the colour of the player controlling the airspace (thick border,
  tinted fill), so who leads where reads without counting; a grey dashed border is a tie;
* a side panel: the recruitment areas A-D with their alien cards and command tokens (after
  resolution: last round's cards and who won them), the human track and the turn orders;
* one mat per seat: aliens by type (captured ones crossed), platform, reserve, command
  tokens, energy card, force field, abilities, abducted humans, missions and the score.

Hidden information. ``viewer=None`` is the public view (what every player at the table
sees: face-down tokens are "?", missions stay hidden until the game ends);
``viewer=seat`` adds what that seat knows (its own face-down tokens, hand and missions);
``reveal=True`` shows everything (a teacher's view of a replay). Everything hidden is
masked in one place (:class:`_Masks`) before anything is drawn, and the score of a seat
whose missions are hidden leaves the mission points out (they would leak whether a
hidden mission is fulfilled).

Design notes: no ``<style>`` element, ids or ``<defs>`` (several boards in one notebook
page would share CSS and ids); presentation attributes only; a generic font stack, no
external fonts or images; coordinates rounded to one decimal so output is stable.
"""

from __future__ import annotations

from html import escape

from ..svg import num as _n
from ..svg import text_width as _text_w
from ..svg import wrap as _wrap
from .data import ALIEN_TYPES
from .rules import (
    ACTIONS,
    AREA_LETTERS,
    CHOOSE_ALIENS,
    COMMAND_VALUES,
    ENERGY,
    FORCE_FIELD,
    GROUP_NAMES,
    KEEP_MISSIONS,
    MAP_TOKENS_PER_PLAYER,
    OVER,
    PLACEMENT,
    RECRUIT,
    SEAT_COLOURS,
    THIRD_ALIENS,
    Action,
    State,
)

__all__ = ["ALIEN_HEX", "SEAT_HEX", "to_svg"]

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline / text) and light tint of each seat colour
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d7263d", "#7a0f1e", "#fbdfe2"),
    "blue": ("#1f63c7", "#0d2f66", "#dce8fa"),
    "green": ("#2b9a48", "#125a26", "#dcf1e1"),
    "yellow": ("#f5c518", "#6b5200", "#fff3c4"),
}
#: colour and letter of each alien type
ALIEN_HEX: dict[str, tuple[str, str]] = {
    "pilot": ("#0e7c86", "P"),
    "abductor": ("#7d3c98", "A"),
    "builder": ("#a0522d", "B"),
    "military": ("#4b5563", "M"),
}
INK = "#1f2328"
MUTED = "#5f6b76"
FAINT = "#9aa5b1"
PAPER = "#f8f6f1"
SEA = "#e9f1f7"
HILITE = "#d4147a"  # last action (magenta: unlike any seat colour)
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

W = 1200  # viewBox width
H = 960  # viewBox height
HEADER_H = 58
MAP = (10.0, 64.0, 784.0, 550.0)  # x, y, w, h of the board panel
SIDE_X = 804.0
MAT_Y = 624.0
MAT_H = 326.0
TILE_W, TILE_H = 84.0, 54.0

ABILITY_TEXT = {
    "starting_aliens": "3 starting aliens",
    "free_mapping": "free mapping",
    "initial_ufo": "initial UFO",
    "human_swap": "human swap",
    "extra_moves": "+2 moves",
    "force_field": "force field",
    "command_six": "command 6 twice",
}


# ----------------------------------------------------------------------------- helpers
def _seat_hex(state: State, seat: int) -> tuple[str, str, str]:
    name = SEAT_COLOURS[seat] if seat < len(SEAT_COLOURS) else "grey"
    return SEAT_HEX.get(name, ("#888888", "#333333", "#eeeeee"))


def _seat_name(state: State, seat: int) -> str:
    name = SEAT_COLOURS[seat].capitalize()
    return f"{name} (third player)" if seat == state.third else name


def _text(x: float, y: float, s: str, size: float = 12, fill: str = INK, anchor: str = "start",
          weight: str = "normal", extra: str = "") -> str:
    w = "" if weight == "normal" else f' font-weight="{weight}"'
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    f = "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w}{f}{extra}>{escape(s)}</text>'


def _halo_text(x: float, y: float, s: str, size: float = 12, anchor: str = "middle",
               weight: str = "normal", fill: str = INK) -> str:
    """Text with a light outline, readable over lines."""
    return _text(x, y, s, size, fill, anchor, weight,
                 ' stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"')


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


def _alien_badge(x: float, y: float, t: int, size: float = 16) -> str:
    """A square badge with the alien type's colour and letter; (x, y) = top-left."""
    colour, letter = ALIEN_HEX.get(ALIEN_TYPES[t], ("#666666", "?"))
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}" rx="3" '
            f'fill="{colour}"/>'
            + _text(x + size / 2, y + size * 0.74, letter, size * 0.66, "#ffffff", "middle", "bold"))


def _token(x: float, y: float, seat_hex: tuple[str, str, str], label: str, face_down: bool,
           r: float = 12.5, dim: bool = False) -> str:
    """A command token: face-up = filled disc; face-down = ringed light disc."""
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
    return f'<g{op}>{body}{_text(x, y + r * 0.36, label, r * 0.95, colour, "middle", "bold")}</g>'


def _chip(x: float, y: float, seat_hex: tuple[str, str, str], r: float = 6) -> str:
    fill, dark, _ = seat_hex
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" stroke="{dark}" stroke-width="1.2"/>'


# ----------------------------------------------------------------------------- hidden info
class _Masks:
    """What the drawing may show, decided once (see the module docstring)."""

    def __init__(self, state: State, viewer: int | None, reveal: bool) -> None:
        s = state
        self.viewer = viewer
        self.over = s.over
        self.reveal = reveal or s.over
        placing = s.phase == PLACEMENT
        # slots of the areas: (owner, value or None when hidden, face_down)
        self.areas: list[list[tuple[int, int | None, bool]]] = []
        for sl in s.area_slots:
            row = []
            for k, (o, v) in enumerate(sl):
                down = k % 2 == 0
                hidden = placing and down and not self.reveal and o != viewer
                row.append((o, None if hidden else v, down))
            self.areas.append(row)
        #: command tokens of a seat still in hand (None when the hand is secret)
        self.hand: list[list[int] | None] = []
        for p in range(s.ns):
            if not placing or self.reveal or p == viewer:
                self.hand.append(s._hand_tokens(p))
            else:
                self.hand.append(None)
        #: missions a seat's mat may list
        self.missions_shown = [self.reveal or p == viewer for p in range(s.ns)]

    def missions(self, state: State, p: int) -> tuple[int, ...] | None:
        if not self.missions_shown[p]:
            return None
        if state.phase == KEEP_MISSIONS and not state.missions_kept[p]:
            return state.missions_dealt[p]
        return state.missions_kept[p]

    def action_text(self, state: State, a: Action) -> str:
        """The last action as this view may read it."""
        hidden_place = (a.kind == "place" and a.c == "face-down" and a.b is not None
                        and not self.reveal and state.phase == PLACEMENT)
        if hidden_place:
            i = AREA_LETTERS.index(a.a)
            sl = state.area_slots[i] if i < len(state.area_slots) else []
            if not (sl and sl[-1][0] == self.viewer and sl[-1][1] == a.b):
                return f"place a token face-down on {a.a}"
        if a.kind == "keep" and not self.reveal:
            owner = next((p for p in range(state.n) if state.missions_kept[p] == tuple(a.a)), -1)
            if owner != self.viewer:
                return f"keep {len(a.a)} mission{'s' if len(a.a) > 1 else ''}"
        return str(a)


# ----------------------------------------------------------------------------- the board
def _map_xy(state: State) -> list[tuple[float, float]]:
    xs = [p[0] for p in state.board.xy]
    ys = [p[1] for p in state.board.xy]
    x0, y0, w, h = MAP
    mx, mt, mb = 58.0, 44.0, 62.0
    sx = (w - 2 * mx) / max(1.0, max(xs) - min(xs))
    sy = (h - mt - mb) / max(1.0, max(ys) - min(ys))
    return [(x0 + mx + (x - min(xs)) * sx, y0 + mt + (y - min(ys)) * sy) for x, y in state.board.xy]


def _touched(state: State, a: Action | None) -> tuple[set[int], tuple[int, int] | None]:
    """Cities the last action touched, and a (from, to) arrow for a move."""
    if a is None:
        return set(), None
    idx = {n: i for i, n in enumerate(state.board.names)}
    if a.kind == "move" and a.a in idx and a.b in idx:
        return {idx[a.a], idx[a.b]}, (idx[a.a], idx[a.b])
    if a.kind in ("launch", "abduct"):
        out = {idx[a.a]} if a.a in idx else set()
        if a.kind == "abduct" and a.b in idx:
            out.add(idx[a.b])
        return out, None
    if a.kind == "destroy" and a.b in idx:
        return {idx[a.b]}, None
    return set(), None


def _board(state: State, out: list[str], last: Action | None) -> None:
    x0, y0, w, h = MAP
    out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="12" '
               f'fill="{SEA}" stroke="#c9d6e2"/>')
    pts = _map_xy(state)
    touched, arrow = _touched(state, last)
    # routes
    for a, b in state.board.edges:
        (ax, ay), (bx, by) = pts[a - 1], pts[b - 1]
        out.append(f'<line x1="{_n(ax)}" y1="{_n(ay)}" x2="{_n(bx)}" y2="{_n(by)}" '
                   f'stroke="#aab7c4" stroke-width="2.5" stroke-linecap="round"/>')
    comp = list(range(state.ns)) if (state.third >= 0 and state.rules.third_player_competes) \
        else list(range(state.n))
    cats = state.cards.categories
    for c, (cx, cy) in enumerate(pts):
        counts = [state.ufo[p][c] for p in range(state.ns)]
        ctrl = state.controller(c)
        best = max((counts[p] for p in comp), default=0)
        tie = ctrl < 0 and best > 0 and sum(1 for p in comp if counts[p] == best) > 1
        tx, ty = cx - TILE_W / 2, cy - TILE_H / 2
        name = state.board.names[c]
        tip = [f"{c + 1} {name}"]
        ufo_txt = ", ".join(f"{SEAT_COLOURS[p]} {counts[p]}" for p in range(state.ns) if counts[p])
        tip.append(f"UFOs: {ufo_txt or 'none'}")
        tip.append("airspace: " + (SEAT_COLOURS[ctrl] if ctrl >= 0 else ("tie" if tie else "nobody")))
        hcat = state.human[c]
        tip.append("human: " + (cats[hcat] if hcat >= 0 else "none"))
        maps = [p for p in range(state.ns) if state.mapped[c] >> p & 1]
        if maps:
            tip.append("mapped by " + ", ".join(SEAT_COLOURS[p] for p in maps))
        out.append(f'<g><title>{escape("; ".join(tip))}</title>')
        if c in touched:
            out.append(f'<rect x="{_n(tx - 8)}" y="{_n(ty - 8)}" width="{_n(TILE_W + 16)}" '
                       f'height="{_n(TILE_H + 16)}" rx="15" fill="{HILITE}" fill-opacity="0.13" '
                       f'stroke="{HILITE}" stroke-width="2.2" stroke-dasharray="6 3"/>')
        if ctrl >= 0:
            fill, dark, tint = _seat_hex(state, ctrl)
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="{tint}" stroke="{fill}" stroke-width="5"/>')
            if SEAT_COLOURS[ctrl] == "yellow":  # yellow needs a dark edge to read
                out.append(f'<rect x="{_n(tx - 2.5)}" y="{_n(ty - 2.5)}" width="{_n(TILE_W + 5)}" '
                           f'height="{_n(TILE_H + 5)}" rx="11" fill="none" stroke="{dark}" '
                           f'stroke-width="1"/>')
        elif tie:
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="#ffffff" stroke="#6b7280" stroke-width="2.5" '
                       f'stroke-dasharray="5 3"/>')
        else:
            out.append(f'<rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(TILE_W)}" height="{_n(TILE_H)}" '
                       f'rx="9" fill="#ffffff" stroke="#9aa5b1" stroke-width="1.2"/>')
        # the human piece
        hx = tx + 16
        if hcat >= 0:
            out.append(_pawn(hx, ty + TILE_H - 10, state.cards.category_colours[hcat], 1.35))
        else:
            out.append(f'<circle cx="{_n(hx)}" cy="{_n(ty + TILE_H / 2 + 2)}" r="7" fill="none" '
                       f'stroke="#c0c7cf" stroke-width="1.2" stroke-dasharray="2 2"/>')
        # UFOs, one fixed corner per seat (red top-left, blue top-right, ...)
        for p in range(state.ns):
            if not counts[p]:
                continue
            col, row = p % 2, p // 2
            ux = tx + 36 + col * 27
            uy = ty + 18 + row * 21
            fill, dark, _ = _seat_hex(state, p)
            out.append(_saucer(ux, uy, fill, dark, 0.86))
            out.append(_text(ux + 8.5, uy + 5, str(counts[p]), 12.5, INK, "start",
                             "bold" if p == ctrl else "normal"))
        # mapping tokens on the top edge
        for k, p in enumerate(maps):
            fill, dark, _ = _seat_hex(state, p)
            mx = tx + TILE_W - 14 - k * 12
            out.append(f'<rect x="{_n(mx)}" y="{_n(ty - 5)}" width="10" height="10" rx="1.5" '
                       f'fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')
        # city number badge
        out.append(f'<circle cx="{_n(tx + 2)}" cy="{_n(ty + 2)}" r="9" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="1.2"/>')
        out.append(_text(tx + 2, ty + 6, str(c + 1), 10.5, INK, "middle", "bold"))
        out.append(_halo_text(cx, ty + TILE_H + 15, name, 13, "middle", "bold"))
        out.append("</g>")
    if arrow is not None:  # the last move, drawn over the tiles
        (ax, ay), (bx, by) = pts[arrow[0]], pts[arrow[1]]
        out.append(_arrow(ax, ay, bx, by))


def _edge(ux: float, uy: float) -> float:
    """Distance from a tile's centre to its border in the direction (ux, uy)."""
    return min(TILE_W / 2 / max(abs(ux), 1e-6), TILE_H / 2 / max(abs(uy), 1e-6))


def _arrow(ax: float, ay: float, bx: float, by: float) -> str:
    """A curved arrow from tile (ax, ay) to tile (bx, by), bulging upwards so that it
    stays visible even between neighbouring tiles."""
    dx, dy = bx - ax, by - ay
    d = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    nx, ny = -dy / d, dx / d
    if ny > 0 or (ny == 0 and nx > 0):
        nx, ny = -nx, -ny
    bulge = max(66.0, 0.28 * d)
    cx, cy = (ax + bx) / 2 + nx * bulge, (ay + by) / 2 + ny * bulge

    def toward(x: float, y: float, tx: float, ty: float) -> tuple[float, float]:
        vx, vy = tx - x, ty - y
        n = max(1e-6, (vx * vx + vy * vy) ** 0.5)
        return vx / n, vy / n

    ux, uy = toward(ax, ay, cx, cy)
    sx, sy = ax + ux * (_edge(ux, uy) + 3), ay + uy * (_edge(ux, uy) + 3)
    vx, vy = toward(cx, cy, bx, by)
    tx, ty = bx - vx * (_edge(vx, vy) + 3), by - vy * (_edge(vx, vy) + 3)
    hx, hy = tx - vx * 13, ty - vy * 13
    px, py = -vy * 7, vx * 7
    curve = f'M{_n(sx)} {_n(sy)} Q{_n(cx)} {_n(cy)} {_n(hx)} {_n(hy)}'
    head = f'M{_n(tx)} {_n(ty)} L{_n(hx + px)} {_n(hy + py)} L{_n(hx - px)} {_n(hy - py)} Z'
    return (f'<g><path d="{curve}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>'
            f'<path d="{head}" fill="#ffffff" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>'
            f'<path d="{curve}" fill="none" stroke="{HILITE}" stroke-width="4" stroke-linecap="round"/>'
            f'<path d="{head}" fill="{HILITE}"/></g>')


# ----------------------------------------------------------------------------- side panel
def _side(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    x = SIDE_X
    y = MAP[1]
    w = W - 10 - x
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(MAP[3])}" rx="12" '
               f'fill="#ffffff" stroke="#d8dde3"/>')
    ph = state.phase
    if ph in (PLACEMENT, RECRUIT):
        title = f"Recruitment areas · round {state.round}"
        cards = state.area_cards
        winners = list(state.area_winner) if ph == RECRUIT else []
        slots = m.areas
    elif state.area_cards_last:
        title = f"Recruitment of round {state.round} · result"
        cards = state.area_cards_last
        winners = state.area_winner_last
        slots = []
    else:
        title = "Recruitment areas"
        cards, winners, slots = [], [], []
    out.append(_text(x + 14, y + 23, title, 14, INK, "start", "bold"))
    hl_area = -1
    if last is not None and last.kind == "place" and ph == PLACEMENT and last.a in AREA_LETTERS:
        hl_area = AREA_LETTERS.index(last.a)
    row_h = 62
    ay = y + 34
    n_areas = 4 if state.n == 4 else 3
    for i in range(n_areas):
        ry = ay + i * row_h
        letter = AREA_LETTERS[i]
        out.append(f'<rect x="{_n(x + 10)}" y="{_n(ry)}" width="{_n(w - 20)}" height="{_n(row_h - 7)}" '
                   f'rx="8" fill="#f6f7f9" stroke="#e1e5ea"/>')
        out.append(_text(x + 28, ry + 35, letter, 22, INK, "middle", "bold"))
        if i >= len(cards):
            if state.round == 0:
                out.append(_text(x + 50, ry + 32, "opens in round 1", 12, FAINT))
            continue
        card = state.cards.alien_cards[cards[i]]
        out.append(f'<g><title>{escape("card: " + " + ".join(ALIEN_TYPES[t] for t in card))}</title>'
                   f'<rect x="{_n(x + 46)}" y="{_n(ry + 6)}" width="84" height="42" rx="6" '
                   f'fill="#ffffff" stroke="#8b95a1" stroke-width="1.2"/>')
        for k, t in enumerate(card):
            out.append(_alien_badge(x + 52 + k * 25, ry + 16, t, 22))
        out.append("</g>")
        # command tokens; once revealed, equal values cancel (drawn faded and struck)
        sl = slots[i] if i < len(slots) else []
        cancelled: set[int] = set()
        if ph == RECRUIT:
            vals = [v for _, v, _ in sl]
            cancelled = {v for v in vals if v is not None and vals.count(v) > 1}
        for k in range(4):
            tx = x + 156 + k * 33
            ty = ry + 27
            if k < len(sl):
                o, v, down = sl[k]
                label = "?" if v is None else str(v)
                if i == hl_area and k == len(sl) - 1 and ph == PLACEMENT:
                    out.append(f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="17.5" fill="none" '
                               f'stroke="{HILITE}" stroke-width="2.2" stroke-dasharray="4 2"/>')
                gone = v in cancelled
                out.append(_token(tx, ty, _seat_hex(state, o), label, down, 13, dim=gone))
                if gone:
                    out.append(f'<path d="M{_n(tx - 12)} {_n(ty + 12)} L{_n(tx + 12)} {_n(ty - 12)}" '
                               f'stroke="{INK}" stroke-width="2"/>')
            elif ph == PLACEMENT:
                out.append(f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="13" fill="none" stroke="#c0c7cf" '
                           f'stroke-width="1.2" stroke-dasharray="3 2"/>')
                out.append(_text(tx, ty + 4, "▼" if k % 2 == 0 else "▲", 10, "#b0b8c1", "middle"))
        if ph == PLACEMENT:
            continue
        wx = x + w - 18
        win = winners[i] if i < len(winners) else -1
        if win >= 0:
            fill, dark, tint = _seat_hex(state, win)
            status = "won"
            if ph == RECRUIT:
                rp = state.resolve_pos
                status = "recruited" if i < rp else ("chooses 3" if i == rp else "won")
            out.append(f'<rect x="{_n(wx - 66)}" y="{_n(ry + 10)}" width="66" height="34" rx="6" '
                       f'fill="{tint}" stroke="{fill}" stroke-width="2.5"/>')
            if SEAT_COLOURS[win] == "yellow":
                out.append(f'<rect x="{_n(wx - 67.5)}" y="{_n(ry + 8.5)}" width="69" height="37" rx="7" '
                           f'fill="none" stroke="{dark}" stroke-width="0.8"/>')
            out.append(_text(wx - 33, ry + 25, SEAT_COLOURS[win], 12, dark, "middle", "bold"))
            out.append(_text(wx - 33, ry + 39, status, 10.5, dark, "middle"))
        else:
            out.append(_text(wx - 33, ry + 25, "nobody", 11.5, MUTED, "middle"))
            out.append(_text(wx - 33, ry + 39, "discarded", 10.5, MUTED, "middle"))
    ny = ay + n_areas * row_h + 6
    if ph == PLACEMENT:
        out.append(_text(x + 14, ny, "▼ face-down  ▲ face-up  ·  ? = hidden  ·  equal values cancel",
                         10.5, MUTED))
    elif ph == RECRUIT:
        out.append(_text(x + 14, ny, "struck tokens: equal values cancel · highest sum wins", 10.5, MUTED))
    # the human track
    ty = y + 34 + 4 * row_h + 30
    out.append(_text(x + 14, ty, "Human track", 14, INK, "start", "bold"))
    out.append(_text(x + 118, ty, "refills empty cities 1→12 each round", 10.5, MUTED))
    cats = state.cards.categories
    for k in range(6):
        sx = x + 36 + k * 54
        out.append(f'<rect x="{_n(sx - 22)}" y="{_n(ty + 7)}" width="44" height="34" rx="6" '
                   f'fill="#f6f7f9" stroke="#d8dde3"/>')
        if k < len(state.track):
            h = state.track[k]
            out.append(_pawn(sx, ty + 36, state.cards.category_colours[h], 1.2, cats[h]))
    # turn orders
    oy = ty + 62
    out.append(_text(x + 14, oy, "Turn order", 14, INK, "start", "bold"))
    in_phase2 = ph in (FORCE_FIELD, ACTIONS, OVER)
    rows = (("phase 1 · recruit", state.order1, ph in (PLACEMENT, RECRUIT, ENERGY)),
            ("phase 2 · act", state.order2 if in_phase2 else [], in_phase2 and ph != OVER))
    for k, (lab, order, current) in enumerate(rows):
        yy = oy + 20 + k * 20
        out.append(_text(x + 14, yy, lab, 11.5, MUTED))
        if not order:
            later = state.round > 0 and not state.over
            out.append(_text(x + 132, yy, "after recruitment" if later else "—", 11, FAINT))
        for j, p in enumerate(order):
            cx = x + 136 + j * 58
            acting = current and p == state.actor
            if acting:
                out.append(f'<circle cx="{_n(cx)}" cy="{_n(yy - 4)}" r="10" fill="none" '
                           f'stroke="{INK}" stroke-width="1.5"/>')
            out.append(_chip(cx, yy - 4, _seat_hex(state, p), 6.5))
            out.append(_text(cx + 12, yy, SEAT_COLOURS[p], 11, INK, "start", "bold" if acting else "normal"))
    nd = len(state.deck)
    out.append(_text(x + 14, oy + 62, f"alien deck {nd} card{'' if nd == 1 else 's'} · "
                     f"discard {len(state.discard)}", 11, MUTED))
    # legend
    _legend(out, x + 14, oy + 86)


def _legend(out: list[str], x: float, y: float) -> None:
    out.append(f'<line x1="{_n(x)}" y1="{_n(y - 13)}" x2="{_n(x + 356)}" y2="{_n(y - 13)}" stroke="#e1e5ea"/>')
    # line 1: airspace
    out.append(f'<rect x="{_n(x)}" y="{_n(y - 9)}" width="22" height="12" rx="4" fill="{SEAT_HEX["red"][2]}" '
               f'stroke="{SEAT_HEX["red"][0]}" stroke-width="3"/>')
    out.append(_text(x + 28, y + 1, "controls the airspace", 10.5, MUTED))
    out.append(f'<rect x="{_n(x + 152)}" y="{_n(y - 9)}" width="22" height="12" rx="4" fill="#ffffff" '
               f'stroke="#6b7280" stroke-width="1.5" stroke-dasharray="4 2"/>')
    out.append(_text(x + 180, y + 1, "tie", 10.5, MUTED))
    out.append(f'<rect x="{_n(x + 206)}" y="{_n(y - 9)}" width="10" height="10" rx="1.5" fill="#ffffff" '
               f'stroke="{INK}"/>')
    out.append(_text(x + 221, y + 1, "mapping token", 10.5, MUTED))
    # line 2
    y2 = y + 17
    out.append(f'<rect x="{_n(x)}" y="{_n(y2 - 9)}" width="22" height="12" rx="4" fill="none" '
               f'stroke="{HILITE}" stroke-width="1.8" stroke-dasharray="4 2"/>')
    out.append(_text(x + 28, y2 + 1, "last action", 10.5, MUTED))
    out.append(_text(x + 104, y2 + 1, "★", 11, "#b7791f", "start", "bold"))
    out.append(_text(x + 117, y2 + 1, "group majority (☆ shared)", 10.5, MUTED))
    out.append(f'<rect x="{_n(x + 272)}" y="{_n(y2 - 8)}" width="9" height="8" rx="1.5" fill="#ffffff" stroke="{MUTED}"/>')
    out.append(f'<path d="M{_n(x + 272.5)} {_n(y2 - 7.5)} L{_n(x + 280.5)} {_n(y2 - 0.5)} M{_n(x + 280.5)} '
               f'{_n(y2 - 7.5)} L{_n(x + 272.5)} {_n(y2 - 0.5)}" stroke="#111111" stroke-width="1.6"/>')
    out.append(_text(x + 286, y2 + 1, "captured", 10.5, MUTED))
    # line 3: alien types
    y3 = y2 + 18
    xx = x
    for t, name in enumerate(GROUP_NAMES):
        out.append(_alien_badge(xx, y3 - 10, t, 13))
        out.append(_text(xx + 17, y3 + 1, name, 10.5, MUTED))
        xx += 17 + _text_w(name, 10.5) + 14


# ----------------------------------------------------------------------------- header
def _status(state: State) -> str:
    s = state
    ph = s.phase
    who = _seat_name(s, s.actor) if not s.over else ""
    if ph == KEEP_MISSIONS:
        return f"{who} keeps 1 or 2 of 3 missions"
    if ph == CHOOSE_ALIENS:
        return f"{who} chooses starting aliens"
    if ph == THIRD_ALIENS:
        return f"{who} gives the third player a starting alien"
    if ph == PLACEMENT:
        seq, pos = s.place_seq, s.place_pos
        if s.third >= 0 and pos < len(seq) and seq[pos][1] == s.third:
            return f"Phase 1 · {who} places a third-player token (drawn unseen)"
        return f"Phase 1 · {who} places a command token"
    if ph == RECRUIT:
        won = [AREA_LETTERS[i] for i, w in enumerate(s.area_winner) if w == s.actor]
        return f"Phase 1 · {who} won {'+'.join(won)} and recruits 3 aliens"
    if ph == ENERGY:
        q = s.energy_queue
        if q and q[0] == s.third and s.third >= 0:
            return f"Phase 1 · energy card: {who} picks the third player's alien"
        return f"Phase 1 · energy card: {who} recruited nothing, picks a bonus"
    if ph == FORCE_FIELD:
        return f"Phase 2 · {who} may box 2 military for a force field"
    if ph == ACTIONS:
        g = s.group
        if g >= 0:
            unit = ("moves", "abductions", "launches", "attacks")[g]
            return f"Phase 2 · {who}: {GROUP_NAMES[g]} active, {s.budget} {unit} left"
        used = [GROUP_NAMES[k] for k in range(4) if s.used_groups >> k & 1]
        done = f" (used: {', '.join(used)})" if used else ""
        return f"Phase 2 · {who} activates a group or ends the turn{done}"
    if ph == OVER:
        ws = s.winners()
        names = ", ".join(_seat_name(s, p) for p in ws)
        return f"Game over · {'winner' if len(ws) == 1 else 'shared win'}: {names}"
    return ph


def _header(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    out.append(f'<rect x="0" y="0" width="{W}" height="{HEADER_H}" fill="#ffffff"/>')
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="#d8dde3"/>')
    out.append(_text(14, 25, "OVNI", 20, INK, "start", "bold"))
    rnd = f"Round {state.round}" if state.round else "Set-up"
    out.append(_text(78, 25, rnd, 15, MUTED, "start", "bold"))
    x = 78 + _text_w(rnd, 15, True) + 10
    if not state.over:
        out.append(_chip(x + 7, 19.5, _seat_hex(state, state.actor), 7.5))
        x += 20
    out.append(_text(x, 25, _status(state), 15, INK, "start", "bold"))
    if last is not None:
        out.append(_text(14, 47, "Last action:", 12, MUTED))
        out.append(_text(92, 47, m.action_text(state, last), 12.5, HILITE, "start", "bold"))
    elif not state.log:
        out.append(_text(14, 47, "New game: no action yet", 12, MUTED))
    # stock
    sx = W - 14 - 4 * 52 - 42
    out.append(_text(sx, 47, "stock", 12, MUTED))
    for t in range(4):
        bx = sx + 40 + t * 52
        out.append(_alien_badge(bx, 34, t, 17))
        low = state.stock[t] <= 3
        out.append(_text(bx + 21, 48, str(state.stock[t]), 13.5, "#b3261e" if low else INK, "start",
                         "bold"))
    # whose view
    if m.viewer is not None:
        lab = f"{SEAT_COLOURS[m.viewer].capitalize()}'s view"
        out.append(_chip(W - 24 - _text_w(lab, 12, True), 17.5, _seat_hex(state, m.viewer), 6))
        out.append(_text(W - 14, 22, lab, 12, INK, "end", "bold"))
    else:
        lab = "everything revealed" if (m.reveal and not state.over) else "public view"
        out.append(_text(W - 14, 22, lab, 12, MUTED, "end"))


# ----------------------------------------------------------------------------- mats
def _mats(state: State, out: list[str], m: _Masks, last: Action | None) -> None:
    s = state
    ns = s.ns
    gap = 10.0
    mw = (W - 20 - gap * (ns - 1)) / ns
    breakdown = s.score_breakdown()
    comp = list(range(ns)) if (s.third >= 0 and s.rules.third_player_competes) else list(range(s.n))
    best = [max((s.aliens[p][t] for p in comp), default=0) for t in range(4)]
    winners = set(s.winners()) if s.over else set()
    hl_seat, hl_type = -1, -1
    if last is not None and last.kind == "capture":
        hl_seat = SEAT_COLOURS.index(last.a) if last.a in SEAT_COLOURS else -1
        hl_type = ALIEN_TYPES.index(last.b) if last.b in ALIEN_TYPES else -1
    for p in range(ns):
        x = 10 + p * (mw + gap)
        _mat(s, out, m, p, x, MAT_Y, mw, breakdown, comp, best, p in winners,
             hl_type if p == hl_seat else -1)


def _mat(s: State, out: list[str], m: _Masks, p: int, x: float, y: float, w: float,
         breakdown: list[dict[str, int]], comp: list[int], best: list[int], winner: bool,
         hl_type: int) -> None:
    fill, dark, tint = _seat_hex(s, p)
    third = p == s.third
    acting = not s.over and s.actor == p
    yellow = SEAT_COLOURS[p] == "yellow"
    out.append(f'<g><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(MAT_H)}" rx="10" '
               f'fill="#ffffff" stroke="{fill if acting else "#d8dde3"}" '
               f'stroke-width="{3.5 if acting else 1.2}"/>')
    if acting and yellow:
        out.append(f'<rect x="{_n(x - 2)}" y="{_n(y - 2)}" width="{_n(w + 4)}" height="{_n(MAT_H + 4)}" '
                   f'rx="12" fill="none" stroke="{dark}" stroke-width="0.8"/>')
    # title bar
    out.append(f'<path d="M{_n(x)} {_n(y + 28)} V{_n(y + 10)} Q{_n(x)} {_n(y)} {_n(x + 10)} {_n(y)} '
               f'H{_n(x + w - 10)} Q{_n(x + w)} {_n(y)} {_n(x + w)} {_n(y + 10)} V{_n(y + 28)} Z" '
               f'fill="{fill}" stroke="{dark if yellow else fill}" stroke-width="1"/>')
    tcol = dark if yellow else "#ffffff"
    planet = s.cards.planets[p] if p < len(s.cards.planets) else ""
    title = f"{SEAT_COLOURS[p].capitalize()} · {planet}"
    if third:
        title += " · imaginary 3rd player"
    if acting:
        title = "▶ " + title
    out.append(_text(x + 10, y + 19, title, 13.5, tcol, "start", "bold"))
    b = breakdown[p] if not third else {}
    shown = m.missions_shown[p]
    if not third:
        total = sum(b.values()) if shown else sum(v for k, v in b.items() if k != "missions")
        lab = f"{total} pts" + ("" if shown or not s.missions_kept[p] else " + ?")
        if winner:
            lab = "★ winner · " + lab
        out.append(_text(x + w - 10, y + 20, lab, 14.5, tcol, "end", "bold"))
    # aliens by type (the active group of the acting seat is tinted)
    cw = (w - 16) / 4
    ay = y + 36
    active = s.group if (acting and s.phase == ACTIONS) else -1
    used = s.used_groups if (acting and s.phase == ACTIONS) else 0
    for t in range(4):
        cx = x + 8 + t * cw
        n = s.aliens[p][t]
        cap = s.captured[p][t]
        boxed = s.boxed[p] if t == 3 else 0
        if t == active:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="64" rx="6" '
                       f'fill="{tint}" stroke="{fill}" stroke-width="1.5"/>')
        if t == hl_type:
            out.append(f'<rect x="{_n(cx - 4)}" y="{_n(ay - 4)}" width="{_n(cw - 2)}" height="64" rx="6" '
                       f'fill="{HILITE}" fill-opacity="0.08" stroke="{HILITE}" stroke-width="2" '
                       f'stroke-dasharray="5 3"/>')
        tip = f"{n} {GROUP_NAMES[t]}" + (f", {cap} captured" if cap else "") + \
            (f", {boxed} in the force-field box" if boxed else "")
        out.append(_alien_badge(cx, ay, t, 18))
        out.append(_text(cx + 23, ay + 15, str(n), 16, INK, "start", "bold"))
        if p in comp and n > 0 and n == best[t]:
            shared = sum(1 for q in comp if s.aliens[q][t] == n) > 1
            out.append(_text(cx + 25 + _text_w(str(n), 16, True), ay + 14, "☆" if shared else "★",
                             13, "#b7791f", "start", "bold"))
            tip += "; majority, 10 pts" + (" shared" if shared else "")
        if used >> t & 1 and t != active:
            # below the token grid, clear of the count and the majority star
            out.append(_text(cx + 1, ay + 23 + 9.5 * ((min(n, 20) + 4) // 5) + 8, "used", 9.5, MUTED, "start"))
        colour = ALIEN_HEX[ALIEN_TYPES[t]][0]
        for k in range(min(n, 20)):
            gx = cx + 1 + (k % 5) * 11
            gy = ay + 23 + (k // 5) * 9.5
            is_boxed = k >= n - boxed
            light = is_boxed or k < cap
            dash = ' stroke-dasharray="2 1.5"' if is_boxed else ""
            out.append(f'<rect x="{_n(gx)}" y="{_n(gy)}" width="9" height="7.5" rx="1.5" '
                       f'fill="{"#ffffff" if light else colour}" stroke="{colour}" stroke-width="1"{dash}/>')
            if k < cap:
                out.append(f'<path d="M{_n(gx + 0.5)} {_n(gy + 0.5)} L{_n(gx + 8.5)} {_n(gy + 7)} '
                           f'M{_n(gx + 8.5)} {_n(gy + 0.5)} L{_n(gx + 0.5)} {_n(gy + 7)}" '
                           f'stroke="#111111" stroke-width="1.6"/>')
        out.append(f'<g><title>{escape(tip)}</title><rect x="{_n(cx)}" y="{_n(ay)}" '
                   f'width="{_n(cw - 6)}" height="58" fill="#ffffff" fill-opacity="0"/></g>')
    lx = x + 10  # row labels
    vx = x + 74  # row values
    # UFOs: platform, reserve, board, mapping tokens
    ry = ay + 76
    out.append(_text(lx, ry, "platform", 11, MUTED))
    cap_n = s.rules.platform_capacity
    step = min(25.0, 52.0 / max(1, cap_n))  # the slots share 50 px whatever the capacity
    sw = step - 3
    for k in range(cap_n):
        px = vx + sw / 2 + k * step
        out.append(f'<rect x="{_n(px - sw / 2)}" y="{_n(ry - 13)}" width="{_n(sw)}" height="17" rx="4" '
                   f'fill="#f3f4f6" stroke="#9aa5b1" stroke-dasharray="3 2"/>')
        if k < s.platform[p]:
            out.append(_saucer(px, ry - 5, fill, dark, min(0.95, sw / 23)))
    rx = vx + cap_n * step + 6
    out.append(_text(rx, ry, "reserve", 11, MUTED))
    out.append(_text(rx + 46, ry, str(s.reserve[p]), 13, INK, "start", "bold"))
    out.append(_text(rx + 64, ry, "board", 11, MUTED))
    out.append(_text(rx + 98, ry, str(sum(s.ufo[p])), 13, INK, "start", "bold"))
    mx = rx + 118
    if mx + 40 < x + w:
        out.append(f'<rect x="{_n(mx)}" y="{_n(ry - 10)}" width="10" height="10" rx="1.5" fill="{fill}" '
                   f'stroke="{dark}" stroke-width="1.2"/>')
        used_maps = str(MAP_TOKENS_PER_PLAYER - s.map_tokens[p])
        out.append(_text(mx + 14, ry, used_maps, 13, INK, "start", "bold"))
        out.append(_text(mx + 17 + _text_w(used_maps, 13, True), ry, "mapped", 11, MUTED))
    # command tokens
    ty = ry + 23
    out.append(_text(lx, ty, "tokens", 11, MUTED))
    owned = s.tokens_owned[p]
    hand = m.hand[p]
    placed_known = [v for sl in m.areas for (o, v, _d) in sl if o == p and v is not None]
    hidden_down = sum(1 for sl in m.areas for (o, v, _d) in sl if o == p and v is None)
    for k, v in enumerate(COMMAND_VALUES):
        tx = vx + 10 + k * 25
        if v not in owned:
            out.append(_token(tx, ty - 4, (fill, dark, tint), str(v), False, 10, dim=True))
            out.append(f'<path d="M{_n(tx - 9)} {_n(ty - 13)} L{_n(tx + 9)} {_n(ty + 5)}" '
                       f'stroke="{INK}" stroke-width="2"/>')
            continue
        dim = (v not in hand) if hand is not None else (v in placed_known)
        out.append(_token(tx, ty - 4, (fill, dark, tint), str(v), False, 10, dim=dim))
    note = ""
    if s.phase in (PLACEMENT, RECRUIT) and len(owned) > len(hand or owned) or hidden_down:
        note = "faded = placed"
        if hidden_down:
            note = f"+{hidden_down} face-down"
    if third and s.phase == PLACEMENT:
        note = "drawn at random"
    if 6 not in owned and not note:
        note = "6 used up"
    if note:
        out.append(_text(vx + 5 * 25 + 4, ty, note, 10.5, MUTED))
    # energy card and force field
    ey = ty + 23
    out.append(_text(lx, ey, "energy", 11, MUTED))
    e = s.energy[p] if s.energy[p] in (0, 1, 2) else 0
    etext = ("neutral", "bonus 1", "bonus 2: 3 groups")[e]
    if s.shield[p] and not e:
        etext = ""  # a force field from the ability: the neutral card needs no words
    efill = ("#eef0f3", tint, tint)[e]
    out.append(f'<rect x="{_n(vx)}" y="{_n(ey - 13)}" width="20" height="17" rx="3" fill="{efill}" '
               f'stroke="{dark if e else "#9aa5b1"}" stroke-width="{1.5 if e else 1}"/>')
    out.append(_text(vx + 10, ey, str(e) if e else "–", 11, INK, "middle", "bold"))
    out.append(_text(vx + 26, ey, etext, 11, INK if e else MUTED))
    if s.shield[p]:
        sx = vx + 26 + _text_w(etext, 11) + (12 if etext else 2)
        out.append(_shield(sx, ey - 4, fill, dark))
        ff = "force field" + (f" ({s.boxed[p]} M boxed)" if s.boxed[p] else "")
        out.append(_text(sx + 10, ey, ff, 11, dark, "start", "bold"))
    # abilities
    by = ey + 23
    if not third:
        out.append(_text(lx, by, "abilities", 11, MUTED))
        bx = vx
        labs = [ABILITY_TEXT.get(a, a.replace("_", " ")) for a in s.abilities[p]]
        size = 11.0
        while size > 8 and sum(_text_w(lab, size) + 16 for lab in labs) > x + w - 8 - vx:
            size -= 0.5
        for lab in labs:
            bw = _text_w(lab, size) + 10
            out.append(f'<rect x="{_n(bx)}" y="{_n(by - 13)}" width="{_n(bw)}" height="18" rx="9" '
                       f'fill="{tint}" stroke="{fill}"/>')
            out.append(_text(bx + 5, by, lab, size, dark))
            bx += bw + 6
    else:
        comp_txt = "blocks majorities" if s.rules.third_player_competes else "blocks no majority"
        out.append(_text(lx, by, f"never scores, never acts; {comp_txt}", 11, MUTED))
    # abducted humans
    hy = by + 25
    out.append(_text(lx, hy, "abducted", 11, MUTED))
    hx = vx + 6
    cats = s.cards.categories
    total_h = 0
    for c in range(6):
        k = s.abducted[p][c]
        for _ in range(k):
            out.append(_pawn(hx, hy + 4, s.cards.category_colours[c], 0.95, cats[c]))
            hx += 12
        if k:
            hx += 6
        total_h += k
    if not total_h:
        out.append(_text(hx - 6, hy, "—", 11, FAINT))
    elif not third:
        hp = b["humans"]
        out.append(_text(hx + 2, hy, f"{hp} pt{'' if hp == 1 else 's'}", 11, MUTED))
    if third:
        out.append("</g>")
        return
    # missions
    _missions(s, out, m, p, x, hy + 22, w)
    if s.phase == KEEP_MISSIONS and not s.missions_kept[p] and m.missions_shown[p]:
        out.append("</g>")  # the dealt missions need the room of the score table
        return
    # score breakdown: a small table
    sy = y + MAT_H - 24
    out.append(f'<line x1="{_n(x + 8)}" y1="{_n(sy - 11)}" x2="{_n(x + w - 8)}" y2="{_n(sy - 11)}" '
               f'stroke="#e1e5ea"/>')
    parts = (("aliens", b["aliens"]), ("UFOs", b["ufos"]), ("airspace", b["airspace"]),
             ("mapping", b["mapping"]), ("humans", b["humans"]),
             ("missions", b["missions"] if shown else "?"))
    cw6 = (w - 16) / 6
    for k, (lab, val) in enumerate(parts):
        cx = x + 8 + cw6 * (k + 0.5)
        out.append(_text(cx, sy, lab, 9.5, MUTED, "middle"))
        out.append(_text(cx, sy + 14, str(val), 12, INK, "middle", "bold"))
    out.append("</g>")


def _missions(s: State, out: list[str], m: _Masks, p: int, x: float, y: float, w: float) -> None:
    ids = m.missions(s, p)
    dealing = s.phase == KEEP_MISSIONS and not s.missions_kept[p]
    out.append(_text(x + 10, y, "missions", 11, MUTED))
    if ids is None:
        if dealing:
            msg = "choosing which to keep"
        else:
            k = len(s.missions_kept[p])
            msg = f"{k} secret (+{s.rules.mission_done} done, {s.rules.mission_failed} failed)"
        out.append(_text(x + 74, y, msg, 11, MUTED, "start", "normal", ' font-style="italic"'))
        return
    if dealing:
        head = "dealt: keep 1 or 2"
    elif s.over:
        head = f"+{s.rules.mission_done} done, {s.rules.mission_failed} failed"
    else:
        head = "✔ = fulfilled now"
    out.append(_text(x + 74, y, head, 10.5, MUTED, "start", "normal", ' font-style="italic"'))
    by_id = {mi.id: mi for mi in s.cards.missions}
    ly = y + 15
    lines_left = 6 if dealing else 4
    size = 10.5 if dealing else 11
    for mid in ids:
        mi = by_id.get(mid)
        if mi is None or lines_left <= 0:
            continue
        done = s.mission_done(p, mid)
        if s.over:
            mark, colour = ("✔", "#1b7f3b") if done else ("✘", "#b3261e")
        else:
            mark, colour = ("✔", "#1b7f3b") if done else ("○", MUTED)
        if dealing:
            mark, colour = "·", MUTED
        lines = _wrap(mi.describe(s.cards.categories), size, w - 40)[:lines_left]
        out.append(_text(x + 12, ly, mark, 12, colour, "start", "bold"))
        for k, line in enumerate(lines):
            out.append(_text(x + 26, ly + k * 12, line, size, INK))
        lines_left -= len(lines)
        ly += len(lines) * 12


def _shield(x: float, y: float, fill: str, dark: str) -> str:
    return (f'<path d="M{_n(x)} {_n(y - 7)} L{_n(x + 6)} {_n(y - 4.5)} V{_n(y + 0.5)} '
            f'Q{_n(x + 6)} {_n(y + 5)} {_n(x)} {_n(y + 7.5)} Q{_n(x - 6)} {_n(y + 5)} {_n(x - 6)} '
            f'{_n(y + 0.5)} V{_n(y - 4.5)} Z" fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')


# ----------------------------------------------------------------------------- entry point
def to_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = 1100,
           reveal: bool = False) -> str:
    """Draw ``state`` as a standalone SVG string (deterministic, no external resources).

    ``viewer=None`` draws the public view (face-down tokens and missions hidden until the
    game ends); ``viewer=seat`` draws what that seat may see; ``reveal=True`` shows every
    hidden token and mission. ``highlight_last`` marks the last action (text, cities,
    area slot); ``width`` is the pixel width (the height follows the aspect ratio).
    """
    if viewer is not None and not 0 <= viewer < state.n:
        raise ValueError(f"viewer must be a seat 0..{state.n - 1} or None, got {viewer!r}")
    m = _Masks(state, viewer, reveal)
    last = state.log[-1] if (highlight_last and state.log) else None
    height = round(width * H / W)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {W} {H}" font-family="{FONT}" fill="{INK}">'),
        f'<rect x="0" y="0" width="{W}" height="{H}" fill="{PAPER}"/>',
    ]
    _header(state, out, m, last)
    _board(state, out, last)
    _side(state, out, m, last)
    _mats(state, out, m, last)
    out.append("</svg>")
    return "".join(out)
