"""The board's layout and size: the map on the left, scaled to the window, and beside it
a column with the status line, the human's actions, the error line right under them,
undo / bot controls, the history and the tabs.

The layout is one style sheet (:data:`LAYOUT_CSS`): a row that wraps (map, then the side
column), so the page never needs a horizontal scrollbar. The map's box takes what the
side column leaves of the row, no taller than the window: its width follows from the
drawing's aspect ratio (:func:`svg_aspect`, :func:`view_width_css`), and
:func:`view_width_px` says in pixels what that width is for a given window (the
legibility tests read it).
"""

from __future__ import annotations

import re

#: Width of the column beside the map (status, actions, controls, tabs), in CSS px.
SIDE_WIDTH = 300
#: Height above and below the map that the page keeps for other things (a line of text
#: above the board, the page's margins), in CSS px: the map is at most the window's
#: height minus this.
PAGE_CHROME = 64

# The layout: a row that wraps (map, then the side column) so the page never needs a
# horizontal scrollbar; the drawing scales with its box (CSS width 100%, height from
# its viewBox), and the box's width comes from view_width_css().
LAYOUT_CSS = f"""
.ovnilab-style {{ display: none !important; }}
.ovnilab-board {{ width: 100%; max-width: 100%; box-sizing: border-box; }}
/* the panel under the map: 100% wide with a widget's 2 px margins overflowed the page */
.ovnilab-board > .ovnilab-panel {{ margin-left: 0; margin-right: 0; }}
.ovnilab-body {{ flex-flow: row wrap; align-items: flex-start; gap: 8px 12px; width: 100%; }}
.ovnilab-body > .ovnilab-board-view {{ flex: 0 0 auto; min-width: 0; margin: 0; }}
.ovnilab-board-view .widget-html-content {{ line-height: normal; }}
.ovnilab-board-view svg {{ display: block; width: 100%; height: auto; }}
.ovnilab-side {{ flex: 1 1 {SIDE_WIDTH - 20}px; min-width: {SIDE_WIDTH - 20}px; max-width: 100%; }}
.ovnilab-side .ovnilab-line {{ width: auto; margin: 0 0 2px 0; }}
.ovnilab-side .ovnilab-line .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.ovnilab-side .ovnilab-title .widget-html-content {{ font-size: 15px; display: flex; align-items: center;
  justify-content: space-between; gap: 8px; }}
.ovnilab-side .ovnilab-actions {{ width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons {{ flex-wrap: wrap; width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons .widget-toggle-button {{ margin-bottom: 2px; }}
/* the history slider on a line of its own: beside the button, its label and readout left
   the track no width at 1024 px, and the knob sat at the left whatever the value */
.ovnilab-side .ovnilab-replay {{ flex-wrap: wrap; }}
.ovnilab-side .ovnilab-replay .widget-slider {{ width: auto; flex: 1 1 100%; min-width: 0; margin-left: 0;
  margin-right: 0; max-width: 100%; box-sizing: border-box; }}
.ovnilab-side .ovnilab-replay .widget-slider .slider-container {{ min-width: 100px; }}
.ovnilab-side .ovnilab-replay .widget-slider .widget-readout {{ min-width: 0; max-width: 48px; }}
.ovnilab-side > * {{ max-width: 100%; box-sizing: border-box; }}
.ovnilab-side .ovnilab-tabs {{ width: auto; margin-right: 0; }}
.ovnilab-log .widget-html-content {{ line-height: normal; }}
.ovnilab-tabs .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.ovnilab-log pre {{ max-height: 9em !important; white-space: pre-wrap; word-break: normal; overflow-wrap: break-word; }}
/* a check box's sentence wraps in the column (Cosmic's "passar por mim quando eu não
   tiver nada para jogar" ran past the window's edge at 1024 px, cut to "...não tiver n...") */
.ovnilab-side .widget-checkbox {{ height: auto; min-height: var(--jp-widgets-inline-height); }}
.ovnilab-side .widget-checkbox .widget-label-basic {{ display: flex; height: auto; white-space: normal; overflow: visible;
  align-items: flex-start; line-height: 1.35; }}
.ovnilab-side .widget-checkbox .widget-label-basic span {{ white-space: normal; overflow-wrap: anywhere; }}
/* an action row: its kind's label, then its buttons, wrapping in the column */
.ovnilab-actions .widget-label {{ width: auto !important; min-width: 0; margin-right: 8px; }}
.ovnilab-actions .widget-label:empty {{ display: none; }}
"""


def svg_aspect(svg: str) -> float:
    """Width / height of an SVG drawing, from its ``viewBox`` (1.0 when it has none)."""
    m = _VIEWBOX.search(svg)
    if not m:
        return 1.0
    w, h = float(m.group(1)), float(m.group(2))
    return w / h if w > 0 and h > 0 else 1.0


def view_width_css(aspect: float) -> str:
    """The CSS width of the map's box for a drawing of this aspect ratio: what the side
    column leaves of the row, capped so the height (width / aspect) fits the window; on
    a narrow window at least 560 px (the side column then wraps below the map)."""
    return (f"max(min(calc(100% - {SIDE_WIDTH}px), calc((100vh - {PAGE_CHROME}px) * {aspect:.4f})), "
            "min(100%, 560px))")


def view_width_px(aspect: float, row_width: float, viewport_height: float) -> float:
    """The map's displayed width in px that :func:`view_width_css` gives, for a row
    ``row_width`` px wide in a window ``viewport_height`` px tall (for the legibility
    test: text size on screen = font size x this / viewBox width)."""
    return max(min(row_width - SIDE_WIDTH, (viewport_height - PAGE_CHROME) * aspect), min(row_width, 560))


_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')

