"""Draw a Cosmic Encounter position as a standalone SVG string.

:func:`to_svg` is a pure function of the state: the same position and arguments always
give byte-identical SVG (no clocks, no randomness, coordinates rounded to one decimal), so
a replay slider can redraw any past position and notebooks can compare outputs.

What the picture shows, and where:

* a header: turn and whose turn, the seven phases of an encounter (the current one named,
  the others numbered, their names as tooltips), who is to decide and what, and the last
  action (magenta);
* one panel per player (left column): its colour and alien, whether the power works
  (active, lost below three home colonies, zapped this encounter), its foreign colonies
  as pips (five win), hand size as card backs, ships in the warp, a power's tokens
  (Warrior, Tick-Tock) and a Grudge's token, ships removed from the game (a "removed k"
  badge), Citadel's citadels (a chip under the planet with their sum), its
  role in the encounter (offense, defense, invited, ally) and its five home planets with
  the ships of every colour on each (under the planet; beside a smaller one with five
  players; the planet's name as a tooltip); the planet the hyperspace gate aims at
  wears the gate's cone;
* the encounter (right column): the destiny card, the hyperspace gate with the ships of
  the offense and its allies, the target planet with the defender's ships and the
  defensive allies' beside it, both encounter cards (face down until revealed, or until
  an Oracle made one public) with card, ships, reinforcements and totals, the outcome,
  the deal on the table (what each side gives and where it lands); then the cards in play
  and lasting effects (artifacts, flares, zaps), the last encounter's result, the warp
  and the decks, and the card on top of the discard pile;
* with ``viewer=seat``, a strip at the bottom with that seat's hand (and hoard, and any
  hand it may look at now, beside the cards: Will's flare, Barbarian's loot, Hacker's
  compensation).

Legible when projected (issues 15 and 22): no text is smaller than :data:`MIN_FONT`
units. The board shows the drawing as wide as its row leaves beside the controls column
and no taller than the window: at 1024x768 that is 694 px wide (the drawing's aspect,
``W`` wide and ``VIEW_H`` tall with a hand, ``BASE_H`` without, is near square so the
window's height does not narrow it), so the smallest text is 12.1 px; at 1280x720 it is
larger (``tests/cosmic/test_render.py`` measures both, and that no text overlaps another
or spills out of its panel, card or pill). Hence few words: short labels, numbers rather
than sentences, a word too long for a card split with a hyphen, and names of planets and
phases as tooltips; a text cut for room keeps its whole wording as its tooltip.

Hidden information is decided in one place (:class:`.view._View`) before drawing: other
hands are only counted, face-down encounter cards are backs, aliens stay secret until
every player has chosen, and the last action is worded as the viewer may read it (a
selection or a power's choice of another player never names a card).

Design notes: no ``<style>``, ids or ``<defs>`` (several boards on one notebook page would
share them); presentation attributes only; a generic font stack and no external fonts or
images; ``<title>`` elements give the alien powers' text, card and planet names as
tooltips.

How the package is split (issue 37), the way the engine (:mod:`ovnilab.cosmic.rules`) is:
one module per part of the picture, each importing only the ones above it in this list:

* :mod:`.style`: colours, font sizes, the drawing's geometry and the small SVG helpers
  (text, pills, tooltips, ships) every part uses;
* :mod:`.view`: what the viewer may know (:class:`.view._View`), decided before drawing;
* :mod:`.labels`: the words for one thing (a colour, planet, card, phase, seat, an
  action: :func:`seat_label` and :func:`public_action_text`, which the board's log and
  controls use too, are there);
* :mod:`.text`: every sentence the board shows out of them (lines, panels, tooltips;
  :func:`waiting_text` too), and only that: these two modules are what a translation
  translates;
* :mod:`.planets` (a player's home planets), :mod:`.cards` (card faces, backs and chips);
* :mod:`.panels` (the header and the players' panels), :mod:`.encounter` (the encounter
  panel and the legend), :mod:`.side` (the deal, the cards in play, the last encounter,
  the warp and decks), :mod:`.hand` (the viewer's hand strip);
* this module: :func:`to_svg`, which lays the parts out.

The rules never import this package (``State._repr_svg_`` imports :func:`to_svg` when it
runs).
"""

from __future__ import annotations

from typing import Any

from ...svg import rect as _rect
from ...i18n import _
from ..rules import State
from .encounter import _encounter
from .hand import _hand_strip
from .panels import _header, _players
from .side import WARP_H, _deal, _in_play, _last_encounter, _last_lines, _warp_and_decks
from .style import BASE_H, FONT, INK, MAIN_H, MIN_FONT, PAPER, SEAT_HEX, STEP, TOP, VIEW_H, W
from .style import GREY as GREY  # re-exported: the tests check the palette's contrast
from .style import _contrast as _contrast
from .style import _on_fill as _on_fill
from . import text as words
from .labels import PHASES, public_action_text, seat_label
from .text import waiting_text
from .view import _View

__all__ = ["to_svg", "seat_panel", "SEAT_HEX", "PHASES", "MIN_FONT", "seat_label", "public_action_text",
           "waiting_text"]


def to_svg(state: State, viewer: int | None = None, highlight_last: bool = True, width: int = 1100) -> str:
    """Draw ``state`` as a standalone SVG string (deterministic, no external resources).

    ``viewer=None`` is the public view (every hand hidden, face-down cards as backs);
    ``viewer=seat`` adds what that seat may see: its own hand and hoard (in a strip at the
    bottom), its own face-down card, its alien while others still choose. ``highlight_last``
    marks the last action (header text, the planets it touched, its player's panel);
    ``width`` is the pixel width (the height follows the aspect ratio).
    """
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.n):
        raise ValueError(f"viewer must be a seat 0..{state.n - 1} or None, got {viewer!r}")
    v = _View(state, viewer)
    if not highlight_last:
        v.last, v.last_actor = None, -1
    height_vb = VIEW_H if viewer is not None else BASE_H
    height = round(width * height_vb / W)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {W} {height_vb}" font-family="{FONT}" fill="{INK}">'),
        _rect(0, 0, W, height_vb, PAPER),
    ]
    _header(state, out, v)
    _players(state, out, v, highlight_last)
    # the encounter column, from both ends: the encounter and a deal at the top, the warp
    # and decks and the last encounter at the bottom, the cards in play between them
    bottom = TOP + MAIN_H
    line, lines = _last_lines(state)
    last_y = bottom - WARP_H - 8 - (14 + STEP * len(lines))
    y = _encounter(state, out, v, TOP) + 8
    y = _deal(state, out, y)
    _in_play(state, out, y, last_y - 8)
    _last_encounter(state, out, last_y, line, lines)
    _warp_and_decks(state, out, bottom - WARP_H, WARP_H)
    if viewer is not None:
        _hand_strip(state, out, v, BASE_H)
    out.append("</svg>")
    return "".join(out)


def seat_panel(state: State, viewer: int) -> dict[str, Any]:
    """What ``viewer`` holds, for the class page to show beside its moves (the drawing's
    hand strip is at its foot, a screen away on a phone): label-text lines."""
    return {"title": _(words.YOURS_TITLE), "lines": words.seat_panel_lines(state, viewer)}
