"""The Ovni map: the 12 cities at the board file's coordinates and the routes between
them, each city a tile holding its number, its human piece, the UFOs of every colour
(one fixed corner per seat) and the mapping tokens on its top edge, tinted for the seat
that controls its airspace; and the last move's arrow over them."""

from __future__ import annotations

from html import escape

from ...svg import num as _n
from ..rules import SEAT_COLOURS, Action, State
from . import text as words
from .pieces import _pawn, _saucer
from .style import HILITE, INK, MAP, MIN_FONT, SEA, TILE_H, TILE_W, _halo_text, _seat_hex, _text
from .view import _competitors, _touched


def _map_xy(state: State) -> list[tuple[float, float]]:
    """Tile centres: the board file's coordinates stretched over the map panel (each
    axis on its own: the tiles are wider than tall, names sit under them)."""
    xs = [p[0] for p in state.board.xy]
    ys = [p[1] for p in state.board.xy]
    x0, y0, w, h = MAP
    # room around the tiles: the last action's frame and the mapping tokens above, the
    # name under each tile
    mx, mt, mb = TILE_W / 2 + 8, TILE_H / 2 + 12, TILE_H / 2 + 24
    sx = (w - 2 * mx) / max(1.0, max(xs) - min(xs))
    sy = (h - mt - mb) / max(1.0, max(ys) - min(ys))
    return [(x0 + mx + (x - min(xs)) * sx, y0 + mt + (y - min(ys)) * sy) for x, y in state.board.xy]


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
    comp = _competitors(state)
    names: list[str] = []  # drawn last, over the last move's arrow, which may cross one
    for c, (cx, cy) in enumerate(pts):
        counts = [state.ufo[p][c] for p in range(state.ns)]
        ctrl = state.controller(c)
        best = max((counts[p] for p in comp), default=0)
        tie = ctrl < 0 and best > 0 and sum(1 for p in comp if counts[p] == best) > 1
        tx, ty = cx - TILE_W / 2, cy - TILE_H / 2
        name = state.board.names[c]
        hcat = state.human[c]
        maps = [p for p in range(state.ns) if state.mapped[c] >> p & 1]
        out.append(f'<g><title>{escape(words.city_tip(state, c, counts, ctrl, tie, maps))}</title>')
        if c in touched:  # a frame 5 units out: clear of a name under the tile above
            out.append(f'<rect x="{_n(tx - 5)}" y="{_n(ty - 5)}" width="{_n(TILE_W + 10)}" '
                       f'height="{_n(TILE_H + 10)}" rx="13" fill="{HILITE}" fill-opacity="0.13" '
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
        # the city's number (top-left, on a pill: "12" is too wide for a disc at this
        # size) and its human piece under it
        out.append(f'<rect x="{_n(tx + 5)}" y="{_n(ty + 5)}" width="28" height="20" rx="10" fill="#ffffff" '
                   f'stroke="{INK}" stroke-width="1.2"/>')
        out.append(_text(tx + 19, ty + 20.8, str(c + 1), MIN_FONT, INK, "middle", "bold"))
        if hcat >= 0:
            out.append(_pawn(tx + 19, ty + TILE_H - 3, state.cards.category_colours[hcat], 1.0))
        else:
            out.append(f'<circle cx="{_n(tx + 19)}" cy="{_n(ty + 36)}" r="6" fill="none" '
                       f'stroke="#c0c7cf" stroke-width="1.2" stroke-dasharray="2 2"/>')
        # UFOs, one fixed corner per seat (red top-left, blue top-right, ...)
        for p in range(state.ns):
            if not counts[p]:
                continue
            col, row = p % 2, p // 2
            ux = tx + 42 + col * 29
            uy = ty + 14 + row * 20
            fill, dark, _ = _seat_hex(state, p)
            out.append(_saucer(ux, uy, fill, dark, 0.9))
            out.append(_text(ux + 8.5, uy + 5.8, str(counts[p]), MIN_FONT, INK, "start",
                             "bold" if p == ctrl else "normal"))
        # mapping tokens on the top edge
        for k, p in enumerate(maps):
            fill, dark, _ = _seat_hex(state, p)
            mx = tx + TILE_W - 14 - k * 11
            out.append(f'<rect x="{_n(mx)}" y="{_n(ty - 4.5)}" width="9" height="9" rx="1.5" '
                       f'fill="{fill}" stroke="{dark}" stroke-width="1.2"/>')
        names.append(_halo_text(cx, ty + TILE_H + 16, name, MIN_FONT, "middle", "bold"))
        out.append("</g>")
    if arrow is not None:  # the last move, drawn over the tiles
        (ax, ay), (bx, by) = pts[arrow[0]], pts[arrow[1]]
        out.append(_arrow(ax, ay, bx, by))
    out += names


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
