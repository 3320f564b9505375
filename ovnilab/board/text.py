"""What the board writes as text, apart from its controls: the log, the words tab and the
framing of an engine's refusal.

* the log tab (:func:`log_html`): the action log, masked for the viewer by the board,
  in a box that opens at its newest line;
* the "words" tab (:func:`words_html`): the English meaning of the Portuguese names the
  board shows (the games are Brazilian; the game's ``data/<game>/words.toml``), or a key
  to a drawing's signs;
* a refusal (:func:`refusal_text`): the engine's refusal (``IllegalAction.rule``, the
  rules' English) and the board's framing around it ("illegal action ...", "did you mean
  ...") in the board's language (issue 33; :mod:`ovnilab.refusals`); the action texts it
  names are the notation, which is one language.
"""

from __future__ import annotations

import html
from typing import Mapping

from ..core import IllegalAction
from ..i18n import _
from ..refusals import refusal_message


def log_html(lines: list[str]) -> str:
    """The log tab's HTML: escaped ``lines`` in a box that scrolls, opened at its end (a
    reversed flex column starts scrolled to the bottom), so the newest actions show
    without scrolling and the older ones are a scroll up."""
    return ("<pre style='max-height:16em;overflow:auto;margin:0;display:flex;flex-direction:column-reverse'>"
            "<div>" + "\n".join(lines) + "</div></pre>")


def words_html(words: Mapping[str, str], intro: str | None = None) -> str:
    """The "words" tab: each Portuguese name on the board beside its English meaning, in
    alphabetical order (the games are Brazilian; the boards keep the rulebooks' names);
    or each sign of a drawing beside what it means (Cosmic's key). ``intro``: the line
    above the table, in the board's language (default: the Portuguese names' one)."""
    if not words:
        return ""
    if intro is None:
        intro = _("The board keeps the rulebook's Portuguese names. In English:")
    rows = "".join(f"<tr><td style='padding:1px 10px 1px 0'><b>{html.escape(k)}</b></td>"
                   f"<td>{html.escape(v)}</td></tr>" for k, v in sorted(words.items(), key=lambda kv: kv[0].casefold()))
    return (f"<div style='max-height:16em;overflow:auto'><div class='ovnilab-note'>{html.escape(intro)}</div>"
            f"<table>{rows}</table></div>")


def refusal_text(exc: IllegalAction, game: str | None = None) -> str:
    """An engine's refusal as the board says it, in the board's language:
    :func:`ovnilab.refusals.refusal_message` (``str(exc)``'s own), knowing the board's
    ``game`` (its engine's templates and words: Ovni's groups, Cosmic's planets)."""
    return refusal_message(exc, game)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (a hostile file name must not flood the page)."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"
