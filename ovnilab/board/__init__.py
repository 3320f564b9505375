"""The interactive board shared by every game: an ipywidgets layout around a state.

Each game's ``widget.py`` builds a :class:`GameBoard` with its ``new_game``, its SVG
renderer and a few hints on how to present its actions; everything else is here, so the
three boards behave alike. The board is a package of one concern per module, in the
order they build on each other:

* :mod:`~ovnilab.board.layout`: the layout and the map's size (:data:`LAYOUT_CSS`,
  :func:`svg_aspect`, :func:`view_width_css`, :func:`view_width_px`);
* :mod:`~ovnilab.board.text`: what the board writes apart from its controls: the log
  tab, the "words" tab (the English meaning of the Portuguese names the board shows)
  and the framing of the engine's refusals (:func:`log_html`, :func:`words_html`,
  :func:`refusal_text`);
* :mod:`~ovnilab.board.newgame`: the new-game tab (players, seed, who plays each seat,
  the game's rule options, one control per field of its ``Rules``), a
  :class:`~ovnilab.board.newgame.NewGameTab` the board owns, and how a ``Rules`` field
  is described (:func:`field_doc`, :func:`rule_label`);
* :mod:`~ovnilab.board.core`: :class:`GameBoard` itself (the view, the human's actions
  and :class:`Chooser`, the log, undo, history and bots) and :meth:`GameBoard.new_game`,
  which starts the game the tab describes.

The board uses only the rules API (``legal_actions``, ``apply``, ``undo``, ``clone``,
``observation``) and the renderer: everything it does can be replayed without it.
Every sentence it says is English inside ``_()``, shown in the language in force when
the board is built or redrawn (issue 33); what the game reads (the notation, saves) is
never translated.

Everything importable from ``ovnilab.board`` before it was a package still is (below).
"""

from __future__ import annotations

from ..bots import BOT_LABELS, PlayerView, RandomBot, default_bots  # noqa: F401  (re-exported)
from ..present import PRESENT_BUTTON, PRESENT_CSS, present_button  # noqa: F401  (re-exported)
from .core import Chooser, GameBoard
from .layout import LAYOUT_CSS, PAGE_CHROME, SIDE_WIDTH, svg_aspect, view_width_css, view_width_px  # noqa: F401
from .newgame import HUMAN, NewGameTab, field_doc, rule_label  # noqa: F401
from .text import log_html, refusal_text, words_html  # noqa: F401

__all__ = ["GameBoard", "Chooser", "PRESENT_BUTTON", "PRESENT_CSS", "log_html", "words_html", "svg_aspect", "view_width_css",
           "view_width_px"]

