"""Draw an Ovni position as standalone SVG.

Every drawing is a pure function of the state: the same position (and the same
arguments) always gives byte-identical SVG, so a replay slider can redraw every state and
notebooks can compare outputs. There are three kinds of drawing:

* :func:`board_svg`, the table: a header (round, phase, who acts; the last action and
  whose view it is); the 12 cities at the board file's coordinates, each a tile holding
  its number, the human piece, the UFOs of every colour (always in the same corner per
  colour: red top-left, blue top-right, green bottom-left, yellow bottom-right) and the
  mapping tokens on its top edge; the tile takes the colour of the player controlling
  the airspace (thick border, tinted fill), a grey dashed border is a tie; under the map
  the recruitment areas A-D with their alien cards, command tokens and who won each card
  (after resolution: last round's cards), then the human track, the alien stock, deck
  and discard, and the turn orders;
* :func:`mat_svg`, one seat's mat: aliens by type (captured ones crossed), platform,
  reserve, mapping, command tokens, energy card, force field, abilities, abducted
  humans, missions and the score; and :func:`key_svg`, what the symbols mean;
* :func:`to_svg`, all of them in one picture (for a notebook); the board
  (:mod:`ovnilab.ovni.widget`) shows :func:`board_svg` beside its controls and
  :func:`panel_html` (the mats and the key) under them.

Legible when projected (issues 15, 22): no text is under 12 px on a 1280x720 or a
1024x768 screen. The board's layout (:func:`ovnilab.board.view_width_px`) shows the
table 694 px wide at 1024x768 (818 px at 1280x720), so its 910-unit-wide drawing uses
no font under :data:`MIN_FONT` = 16 units (12.2 px there); the small print that would
crowd it at that size (how recruitment and the human track work) is in the key. The mats
and the key are shown at their own size (a unit is a pixel) with no font under
:data:`PANEL_FONT` = 12. Seats are named as everywhere else: :meth:`State.seat_name`,
e.g. "red (Antáris)".

Hidden information. ``viewer=None`` is the public view (what every player at the table
sees: face-down tokens are "?", missions stay hidden until the game ends);
``viewer=seat`` adds what that seat knows (its own face-down tokens, hand and missions);
``reveal=True`` shows everything (a teacher's view of a replay). Everything hidden is
masked in one place (:class:`.view._Masks`) before anything is drawn, and the score of a
seat whose missions are hidden leaves the mission points out (they would leak whether a
hidden mission is fulfilled).

Design notes: no ``<style>`` element, ids or ``<defs>`` (several boards in one notebook
page would share CSS and ids); presentation attributes only; a generic font stack, no
external fonts or images; coordinates rounded to one decimal so output is stable.

How the package is split (issue 37), like the engine (:mod:`ovnilab.ovni.rules`): one
module per part of the drawings, each importing only the ones above it in this list:

* :mod:`.style`: colours, font sizes, the geometry of the table and the mats, and the
  text helpers;
* :mod:`.text`: every sentence and word the drawings show, and only that, so that a
  translation translates one module;
* :mod:`.view`: what the viewer may know (:class:`.view._Masks`), decided before
  drawing, and which cities the last action touched;
* :mod:`.pieces`: the game's pieces drawn small (UFO, human, alien badge, command token,
  seat chip, shield);
* the parts: :mod:`.header`, :mod:`.cities` (the map: cities, routes, the last
  move's arrow), :mod:`.areas` (recruitment areas, human track, stock, turn orders),
  :mod:`.key` and :mod:`.mats`;
* this module: the entry points, which put the parts together.

The rules never import this package (``State._repr_svg_`` imports :func:`to_svg` when it
runs).
"""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...svg import num as _n
from ..rules import Action, State
from .areas import _areas, _tracks
from .cities import _board
from .header import _header
from .key import _key
from .mats import _mats
from .pieces import ALIEN_HEX
from .style import FONT, GAP, H, INK, MAT_W, MIN_FONT, PANEL_FONT, PAPER, W
from .style import HILITE as HILITE  # re-exported: the tests draw with the highlight's colour
from .style import SEAT_HEX
from . import text as words
from .view import _Masks

__all__ = ["ALIEN_HEX", "SEAT_HEX", "MIN_FONT", "PANEL_FONT", "board_svg", "mat_svg", "key_svg", "panel_html", "to_svg",
           "page_svg", "page_panels", "seat_panel"]


def _setup(state: State, viewer: int | None, highlight_last: bool, reveal: bool) -> tuple[_Masks, Action | None]:
    if viewer is not None and not 0 <= viewer < state.n:
        raise ValueError(f"viewer must be a seat 0..{state.n - 1} or None, got {viewer!r}")
    last = state.log[-1] if (highlight_last and state.log) else None
    return _Masks(state, viewer, reveal), last


def _svg(body: list[str], w: float, h: float, width: float, extra: str = "") -> str:
    """The ``<svg>`` element around ``body``: a ``w`` x ``h`` viewBox shown ``width`` px wide."""
    height = round(width * h / w)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{height}" '
            f'viewBox="0 0 {_n(w)} {_n(h)}" font-family="{FONT}" fill="{INK}"{extra}>'
            + "".join(body) + "</svg>")


def _board_body(state: State, m: _Masks, last: Action | None) -> list[str]:
    out = [f'<rect x="0" y="0" width="{W}" height="{H}" fill="{PAPER}"/>']
    _header(state, out, m, last)
    _board(state, out, last)
    _areas(state, out, m, last)
    _tracks(state, out)
    return out


def board_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = W,
              reveal: bool = False) -> str:
    """The table (header, map, recruitment areas, human track, turn orders) as SVG,
    ``width`` px wide; the viewer, highlight and reveal arguments are those of :func:`to_svg`."""
    m, last = _setup(state, viewer, highlight_last, reveal)
    return _svg(_board_body(state, m, last), W, H, width)


def mat_svg(state: State, seat: int, viewer: int | None = None, highlight_last: bool = True,
            reveal: bool = False) -> str:
    """The mat of ``seat`` as SVG, one unit a pixel (every mat of a position is as tall
    as the tallest, so they line up side by side)."""
    if not 0 <= seat < state.ns:
        raise ValueError(f"seat must be 0..{state.ns - 1}, got {seat!r}")
    m, last = _setup(state, viewer, highlight_last, reveal)
    body, h = _mats(state, m, last)[seat]
    return _svg(body, MAT_W, h, MAT_W, ' style="max-width:100%;height:auto"')


def key_svg() -> str:
    """What the drawing's symbols mean (the same for every position), one unit a pixel."""
    out: list[str] = []
    h = _key(out, 0, 0)
    return _svg(out, MAT_W, h, MAT_W, ' style="max-width:100%;height:auto"')


def panel_html(state: State, viewer: int | None = None, highlight_last: bool = True,
               reveal: bool = False) -> str:
    """The mats of every seat and the key, as HTML for the board's panel under the map:
    each at its own size (so its text is as large on any screen), wrapping into rows."""
    m, last = _setup(state, viewer, highlight_last, reveal)
    style = ' style="max-width:100%;height:auto"'
    items = [_svg(body, MAT_W, h, MAT_W, style) for body, h in _mats(state, m, last)] + [key_svg()]
    return ('<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;margin-top:6px">'
            + "".join(f'<div style="flex:0 1 auto;max-width:100%">{svg}</div>' for svg in items) + "</div>")


def to_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = 1100,
           reveal: bool = False) -> str:
    """Draw ``state`` as one standalone SVG string (deterministic, no external resources):
    the table on top, the seats' mats and the key under it, in rows of four.

    ``viewer=None`` draws the public view (face-down tokens and missions hidden until the
    game ends); ``viewer=seat`` draws what that seat may see; ``reveal=True`` shows every
    hidden token and mission. ``highlight_last`` marks the last action (text, cities,
    area slot); ``width`` is the pixel width (the height follows the aspect ratio).
    """
    m, last = _setup(state, viewer, highlight_last, reveal)
    items = _mats(state, m, last)
    key: list[str] = []
    items.append((key, _key(key, 0, 0)))
    per_row = min(4, len(items))
    inner = per_row * MAT_W + (per_row - 1) * GAP
    total_w = inner + 2 * GAP
    k = inner / W  # the table is scaled to the rows' width
    out = [f'<rect x="0" y="0" width="{_n(total_w)}" height="@H" fill="{PAPER}"/>',
           f'<g transform="translate({_n(GAP)} {_n(GAP)}) scale({k:.4f})">']
    out += _board_body(state, m, last)
    out.append("</g>")
    y = GAP + H * k + GAP
    for r in range(0, len(items), per_row):
        row = items[r:r + per_row]
        for j, (body, _h) in enumerate(row):
            out.append(f'<g transform="translate({_n(GAP + j * (MAT_W + GAP))} {_n(y)})">')
            out += body
            out.append("</g>")
        y += max(h for _b, h in row) + GAP
    out[0] = out[0].replace("@H", _n(y))
    return _svg(out, total_w, y, width)


# ------------------------------------------------------------------ the class page
# The class page (ovnilab.classroom) shows the table alone as its board, landscape like a
# screen, so that it fits a projector's 720 px and keeps its text at 12 px or more; what
# the seat holds beside its moves, in words; the mats under the table.
def page_svg(state: State, viewer: int | None = None) -> str:
    """The board of the class page: :func:`board_svg` (the table)."""
    return board_svg(state, viewer)


def seat_panel(state: State, viewer: int) -> dict[str, Any]:
    """What ``viewer`` holds (command tokens, missions in words, aliens, UFOs, energy),
    for the class page beside its moves: label-text lines, as large as the page's text on
    any screen (its mat, a drawing, would shrink in a narrow column)."""
    return {"title": _(words.YOURS_TITLE), "lines": words.seat_panel_lines(state, viewer)}


def page_panels(state: State, viewer: int | None = None) -> list[str]:
    """The mats the class page shows under the table, every seat's as the viewer may see
    it (its own first), and the key."""
    order = ([viewer] if viewer is not None else []) + [p for p in range(state.ns) if p != viewer]
    return [mat_svg(state, p, viewer) for p in order] + [key_svg()]
