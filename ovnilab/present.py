"""The full-screen button and its CSS, shared by the notebook board and the classroom's
projector view (both widgets with the class ``ovnilab-present-root``).

Plain strings and one function: the projector takes them from here rather than from the
notebook board, so the classroom never loads the board to style a button.
:func:`present_button` is the button in the language in force (``ovnilab.i18n``).
"""

from __future__ import annotations

from html import escape

__all__ = ["PRESENT_BUTTON", "PRESENT_CSS", "present_button"]

#: the button's tooltip (English; :func:`present_button` translates it)
_PRESENT_TITLE = "show the board alone on the whole screen, for a projector (Esc leaves)"
#: the button's two labels (English; :func:`present_button` translates them)
_PRESENT_ON, _PRESENT_OFF = "full screen", "leave full screen"

#: The one-click presentation view: the browser's full-screen mode for the board alone
#: (Esc or the same button leaves it). In JupyterLab the notebook leaves the board about
#: 560 px (file browser open), too small to read on a projector; full screen gives it the
#: whole screen, laid out as a served page (map beside the side column, text >= 12 px at
#: 1024x768). A widget button cannot reach the browser, so this is a plain HTML button
#: with a fixed inline handler (no kernel round trip; nothing from the kernel runs in it).
PRESENT_BUTTON = (
    f'<button class="ovnilab-present" type="button" title="{_PRESENT_TITLE}" onclick="var b=this.closest(\'.ovnilab-present-root\');'
    'if(document.fullscreenElement){document.exitFullscreen();}'
    'else if(b&&b.requestFullscreen){b.requestFullscreen();}">'
    f'<span class="ovnilab-present-on">{_PRESENT_ON}</span>'
    f'<span class="ovnilab-present-off">{_PRESENT_OFF}</span></button>')

#: The CSS of the presentation view (PRESENT_BUTTON), for any widget with the class
#: ``ovnilab-present-root`` (a board, the classroom's projector view): on full screen it
#: keeps the page's background and scrolls only if the screen is smaller than it needs.
PRESENT_CSS = """
.ovnilab-present-root:fullscreen { background: var(--jp-layout-color0, #ffffff); padding: 12px 16px;
  overflow: auto; box-sizing: border-box; }
/* full screen sets the widget's height; its rows must keep their own heights, not shrink
   to share it (the panel was drawn over the map and the side column) */
.ovnilab-present-root:fullscreen > * { flex-shrink: 0; }
.ovnilab-present { font-size: 13px; padding: 3px 10px; border: 1px solid #8a949e; border-radius: 3px;
  background: var(--jp-layout-color1, #f5f5f5); color: inherit; cursor: pointer; white-space: nowrap; }
.ovnilab-present:hover { background: var(--jp-layout-color2, #e8e8e8); }
.ovnilab-present-off { display: none; }
.ovnilab-present-root:fullscreen .ovnilab-present-on { display: none; }
.ovnilab-present-root:fullscreen .ovnilab-present-off { display: inline; }
"""


def present_button() -> str:
    """:data:`PRESENT_BUTTON` in the language in force (``ovnilab.i18n``): its title and
    its two labels translated, the handler the same."""
    from .i18n import _

    # the same sentences as the constants above, spelled out for the catalog's extraction
    title = _("show the board alone on the whole screen, for a projector (Esc leaves)")
    on, off = _("full screen"), _("leave full screen")
    return (PRESENT_BUTTON
            .replace(f'title="{_PRESENT_TITLE}"', f'title="{escape(title, quote=True)}"')
            .replace(f">{_PRESENT_ON}<", f">{escape(on)}<")
            .replace(f">{_PRESENT_OFF}<", f">{escape(off)}<"))
