"""Draw a position of the cow game as an SVG string (pure: state in, text out).

``to_svg(state, viewer=None)`` draws the table as ``viewer`` sees it: both pyramids (empty
slots dashed, the slots the player to act may build on tinted), a score box beside each
pyramid's top (the seat's alien, its points and their parts, who acts, who started), both
hands (played face up, as the rulebook says; three slots to a row, so a larger
``Rules.hand_limit`` adds rows), the deck (its visible top face and its size) between the
Celeiro tops, a pending drawn pair or effect under the deck, whose turn it is and the last
action (outlined in orange). Every card shows its face: name, base value, Sun/Moon, cows
and calves, and its effects in words tagged NOW (immediate), ADJ (adjacency) or END (end
of game).

Hidden sides are drawn only where ``viewer`` has seen them (a ``peek`` effect, or a
card flipped in view); ``viewer=None`` is a spectator, who sees the public table.
``show_backs=True`` is the teacher's view with every back (never give it to a bot).
Nothing in the SVG identifies a card beyond its visible face (no card numbers).

Layout: seven card columns (a pyramid is three wide; the deck and the Celeiro sit between
the pyramids' narrow tops, the drawn pair under them), so the drawing is nearly as tall as
it is wide. The board shows such a drawing about 694 px wide when projected at 1024x768
and 1280x720, where :data:`MIN_FONT` is still 12 px (``tests/cows/test_render.py``).

Language (issue 33): the drawing's own words (the title, "Hand (1/3)", "deck empty", the
seats' names, the effect tags and texts) are English inside ``_()`` and drawn in the
language in force (``ovnilab.set_language``); the card and Celeiro names are the game's
Portuguese either way. An effect's text is built here from its parameters
(:func:`effect_text`), one whole sentence per kind of effect, not from a sentence stored
in the cards file: the file holds numbers and symbols, and a translated sentence must
agree with them (``Effect.text()`` stays the English one, which the OpenSpiel encoding
reads). :func:`action_label` says an action in words for a board's button and the
drawing's "last" line; the action itself (``str``) is the notation, one language.
"""

from __future__ import annotations

import functools
from typing import Callable
from xml.sax.saxutils import escape

from ..i18n import N_, _, get_language, n_, pgettext
from ..svg import fit, text_width, wrap
from .data import Effect, Face
from .rules import EFFECT, KEEP, SLOTS, Action, State
from .rules import SEAT_NAMES as _ALIENS

__all__ = ["to_svg", "seat_panel", "effect_text", "action_label", "slot_label"]

#: The smallest font size of the drawing, in viewBox units. The board shows the drawing
#: 694 px wide at 1024x768 (the page's 994 px row less the side column; the window's height
#: would allow more, since the drawing is about as tall as wide) and about 690 px at
#: 1280x720 (there the height limits it), so 16.5 units of the 936-unit width are 12.2 px.
MIN_FONT = 16.5
LINE = 17.5  # baseline to baseline of wrapped MIN_FONT lines
DESCENT = 0.25  # how far below its baseline a line's letters reach, per unit of size

CW, CH = 124, 182  # card size
GAP = 8  # between the cards of a row
ROW_GAP = 15  # between pyramid rows
MARGIN = 10
PANEL_W = 3 * CW + 2 * GAP  # one pyramid / hand
WIDTH = 2 * MARGIN + 7 * CW + 6 * GAP
TOP = 50  # the title bar: status, then the last action
PYR_Y = TOP + 28  # under the line of the centre's labels
ROW_STEP = CH + ROW_GAP
HAND_Y = PYR_Y + 2 * ROW_STEP + CH + 30  # under the "Hand (n/limit)" line
HAND_COLS = 3  # hand cards per row: a panel is as wide as the pyramid's base row
HAND_ROW_H = CH + 24  # a hand row: the card and its "hand i" label
HEIGHT = HAND_Y + CH + 24  # the height with the rulebook's hand of 3 (one hand row)
# the centre column (between the pyramids): labels, then the deck and the Celeiro tops
# (band A, beside the pyramids' first rows), labels, then the drawn pair or the pending
# effect (band B, between their second rows); see _centre
CENTRE_X = WIDTH / 2
BAND_A_Y = PYR_Y
BAND_B_Y = BAND_A_Y + CH + 28


def hand_rows(hand_limit: int) -> int:
    """Rows of hand slots for ``hand_limit`` (``Rules.hand_limit``, 1-9): a hand larger
    than the pyramid's base wraps onto more rows instead of leaving its panel."""
    return max(1, -(-hand_limit // HAND_COLS))


def hand_slot_xy(px: float, i: int) -> tuple[float, float]:
    """Top-left corner of hand slot ``i`` (0-based) in the panel starting at ``px``."""
    return px + (i % HAND_COLS) * (CW + GAP), HAND_Y + (i // HAND_COLS) * HAND_ROW_H


def height(hand_limit: int) -> int:
    """The SVG's height: the table plus as many hand rows as the hand limit needs."""
    return HEIGHT + (hand_rows(hand_limit) - 1) * HAND_ROW_H


SEAT_COLOURS = ("#2e7d32", "#6a1b9a")  # the two aliens: green and purple
SHORT_NAMES = _ALIENS  # State.seat_name
YOU = N_("you")
SKY_FILL = {"sun": "#fff4cc", "moon": "#e3e7f8", "": "#edf5e4"}
#: each effect kind's tag (English marked for the catalog, drawn translated) and colour
KIND_TAG = {"immediate": (N_("NOW"), "#c62828"), "adjacency": (N_("ADJ"), "#2e7d32"), "end": (N_("END"), "#1565c0")}
#: the game's title on the drawing and the board
TITLE = N_("Cow abduction")

# ---- the symbols an effect counts, as its sentence names them (context: the cow game's symbols)
_SYMBOL = (lambda: pgettext("cow symbol", "Sun"), lambda: pgettext("cow symbol", "Moon"),
           lambda: pgettext("cow symbol", "cow"), lambda: pgettext("cow symbol", "calf"),
           lambda: pgettext("cow symbol", "card"))
_SYMBOLS = (lambda: pgettext("cow symbols", "Suns"), lambda: pgettext("cow symbols", "Moons"),
            lambda: pgettext("cow symbols", "cows"), lambda: pgettext("cow symbols", "calves"),
            lambda: pgettext("cow symbols", "cards"))


def effect_text(e: Effect) -> str:
    """An effect in a few words in the language in force, as printed on the card: in
    English the same as ``Effect.text()``."""
    pts = f"{e.points:+d}"
    sym = _SYMBOL[e.symbol if e.symbol >= 0 else 4]()
    t = e.type
    if t == "flip":
        if e.symbol >= 0:
            text = {"own": _("Flip a {symbol} card in your pyramid", symbol=sym),
                    "opponent": _("Flip a {symbol} card in opponent's pyramid", symbol=sym),
                    "any": _("Flip a {symbol} card in any pyramid", symbol=sym)}[e.target]
        else:
            text = {"own": _("Flip a card in your pyramid"), "opponent": _("Flip a card in opponent's pyramid"),
                    "any": _("Flip a card in any pyramid")}[e.target]
        return text if e.optional else _("{effect} (must)", effect=text)
    if t == "peek":
        return _("Look at the backs of your hand")
    if t == "adjacent":
        return _("{points} per adjacent {symbol}", points=pts, symbol=sym)
    if t == "count":
        if e.whose == "own":
            return _("{points} per {symbol} in your pyramid", points=pts, symbol=sym)
        return _("{points} per {symbol} in opponent's pyramid", points=pts, symbol=sym)
    if t == "majority":
        return _("{points} if you have more {symbols}", points=pts, symbols=_SYMBOLS[e.symbol if e.symbol >= 0 else 4]())
    if t == "herd":
        return _("{points} per cow+calf pair", points=pts)
    if t == "balance":
        return _("{points} if Suns = Moons (1+)", points=pts)
    if t == "hand":
        return _("{points} per card left in hand", points=pts)
    if t == "row":
        return _("{points} if in row {row}", points=pts, row=e.row)
    return e.text()  # pragma: no cover - validated on load


def slot_label(slot: int) -> str:
    """A pyramid slot in words: "row 2 slot 1" (the notation's spelling, in English)."""
    r, k = SLOTS[slot]
    return _("row {row} slot {slot}", row=r, slot=k)


def action_label(a: Action) -> str:
    """An action as a board's button and the drawing's "last" line say it, in the language
    in force ("draw 2" / "comprar 2"); ``str(a)``, what the game reads, in English."""
    k = a.kind
    if k == "build":
        return _("build {card} (hand {hand}) at {slot}", card=a.b, hand=a.a, slot=slot_label(a.c))
    if k == "flip":
        return _("flip {card} (hand {hand})", card=a.b, hand=a.a)
    if k == "fx":
        if a.a == "own":
            return _("flip own {card} at {slot}", card=a.c, slot=slot_label(a.b))
        return _("flip opponent's {card} at {slot}", card=a.c, slot=slot_label(a.b))
    if k == "take":
        return _("take {card} from Celeiro {area}", card=a.b, area=a.a)
    if k == "keep":
        return _("keep {card} (drawn {i}), discard {other} (drawn {j}) to Celeiro {area}", card=a.b, i=a.a,
                 other=a.c, j=3 - a.a, area=a.d)
    label = {"draw": N_("draw 2"), "end": N_("end turn"), "skip": N_("skip effect"), "pass": N_("pass")}.get(k)
    return _(label) if label else str(a)
HIGHLIGHT = "#ff6d00"
BACK_FILL = "#d7ccc8"  # a card's back (the deck's lower cards, a known back's strip)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _text(x: float, y: float, s: str, size: float = MIN_FONT, weight: str = "normal", fill: str = "#222",
          anchor: str = "start", style: str = "", width: float = 0) -> str:
    """A ``<text>``; with ``width``, a text wider than that is squeezed into it
    (``textLength``: narrower letters at the same, legible height)."""
    st = f' font-style="{style}"' if style else ""
    if width and text_width(s, size, weight == "bold") > width:
        st += f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}"{st}>{escape(s)}</text>')


def _lines(s: str, width: float, first: float | None = None) -> list[str]:
    """``s`` wrapped to ``width``, the first line to ``first`` (room left by a tag)."""
    if first is None or first >= width:
        return wrap(s, MIN_FONT, width)
    head = wrap(s, MIN_FONT, first)[:1]
    rest = s.split()[len(head[0].split()):] if head else []
    return head + wrap(" ".join(rest), MIN_FONT, width)


ICON = 1.25  # the symbols' scale: about as tall as the text beside them


def _sun(x: float, y: float) -> str:
    rays = "".join(
        f'<line x1="{6 * dx:.1f}" y1="{6 * dy:.1f}" x2="{9 * dx:.1f}" y2="{9 * dy:.1f}" '
        f'stroke="#f9a825" stroke-width="1.6"/>'
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7)))
    return (f'<g transform="translate({x:.1f},{y:.1f}) scale({ICON})">{rays}'
            f'<circle cx="0" cy="0" r="5" fill="#fbc02d" stroke="#f57f17" stroke-width="0.8"/></g>')


def _moon(x: float, y: float, bg: str) -> str:
    return (f'<g transform="translate({x:.1f},{y:.1f}) scale({ICON})"><circle cx="0" cy="0" r="7" fill="#3949ab"/>'
            f'<circle cx="3.5" cy="-2.5" r="6" fill="{bg}"/></g>')


def _cow(x: float, y: float, calf: bool = False) -> str:
    """A small cow (or a smaller, tan calf) seen from the side."""
    k = (0.72 if calf else 1.0) * ICON
    body = "#d7a86e" if calf else "#ffffff"
    spot = "#8d5a2b" if calf else "#222"
    return (f'<g transform="translate({x:.1f},{y:.1f}) scale({k:g})">'
            f'<rect x="-8" y="-5" width="14" height="9" rx="3" fill="{body}" stroke="#333" stroke-width="1"/>'
            f'<circle cx="-3" cy="-1" r="2.2" fill="{spot}"/>'
            f'<rect x="5" y="-8" width="6" height="6" rx="2" fill="{body}" stroke="#333" stroke-width="1"/>'
            f'<line x1="-6" y1="4" x2="-6" y2="8" stroke="#333" stroke-width="1.4"/>'
            f'<line x1="3" y1="4" x2="3" y2="8" stroke="#333" stroke-width="1.4"/></g>')


def _alien(x: float, y: float, seat: int, k: float = 1.0) -> str:
    """The head of seat ``seat``'s alien centred at (x, y), facing the other seat."""
    c = SEAT_COLOURS[seat]
    d = 1 if seat == 0 else -1
    return (f'<g transform="translate({x},{y}) scale({k})">'
            f'<ellipse cx="0" cy="0" rx="13" ry="16" fill="{c}"/>'
            f'<ellipse cx="-4.5" cy="-3.5" rx="3.6" ry="5.5" fill="#111"/>'
            f'<ellipse cx="4.5" cy="-3.5" rx="3.6" ry="5.5" fill="#111"/>'
            f'<polygon points="{d * 12},2 {d * 20},-3 {d * 20},7" fill="{c}"/></g>')


# ---- a card face, laid out from top to bottom (offsets from the card's top)
NAME_BASE = 18  # the name's baseline in the band at the top
VALUE_Y = 36  # the centre of the value circle and of the symbols
EFFECT_Y = 64.5  # the first effect line's baseline
EFFECT_SEP = 3  # extra space between two effects
PAD = 5  # text's distance from the card's sides
TEXT_W = CW - 2 * PAD


def _tag_w(kind: str) -> float:
    """Width of the coloured tag of an effect of ``kind`` (NOW, ADJ, END)."""
    return text_width(_(KIND_TAG[kind][0]), MIN_FONT, True) + 8


def _tag(x: float, ty: float, kind: str) -> str:
    """The tag of an effect of ``kind`` (white NOW, ADJ or END on its colour), its left
    edge at ``x`` and its text's baseline at ``ty``."""
    tag, colour = KIND_TAG[kind]
    tag = _(tag)
    tw = _tag_w(kind)
    return (f'<g class="tag"><rect x="{x:.1f}" y="{ty - 13.5:.1f}" width="{tw:.1f}" height="18" rx="3" '
            f'fill="{colour}"/>{_text(x + tw / 2, ty, tag, MIN_FONT, "bold", "#fff", "middle")}</g>')


def _effect_lines(e: Effect) -> tuple[bool, list[str]]:
    """An effect's lines and whether its tag goes on the first text line (else on a line
    of its own above): whichever needs fewer lines, the tag apart when equal (its text
    then breaks less)."""
    first = TEXT_W - _tag_w(e.kind) - 4
    inline = _lines(effect_text(e), TEXT_W, first)
    fits = text_width(inline[0], MIN_FONT) <= first if inline else True
    apart = _lines(effect_text(e), TEXT_W)
    if fits and len(inline) < len(apart) + 1:
        return True, inline
    return False, apart


def _effect_rows(effects: tuple[Effect, ...]) -> list[tuple[float, str | None, str | None]]:
    """The lines of a card's effects as (baseline from the card's top, the kind whose tag
    starts the line or None, the text or None)."""
    rows: list[tuple[float, str | None, str | None]] = []
    dy = EFFECT_Y
    for e in effects:
        inline, lines = _effect_lines(e)
        kinds = [e.kind] + [None] * len(lines)
        texts: list[str | None] = list(lines) if inline else [None, *lines]
        for kind, ln in zip(kinds, texts):
            rows.append((dy, kind, ln))
            dy += LINE
        dy += EFFECT_SEP
    return rows


def _back_lines(back: str, room: float) -> list[str]:
    """The back's label: ``back: X`` on one line when it fits, else ``back:`` above the
    name when ``room`` (height left at the card's bottom) allows, else one squeezed line."""
    one = _("back: {name}", name=back)
    if text_width(one, MIN_FONT) <= TEXT_W or room < 2 * LINE + 4:
        return [one]
    return [_("back:"), back]


def _card(x: float, y: float, face: Face, *, label: str = "", mark: bool = False, back: str | None = None) -> str:
    """One card, face up, at (x, y); ``label`` is written under it (outside the card)."""
    bg = SKY_FILL[face.sky]
    out = ['<g class="card">',
           f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="7" fill="{bg}" '
           f'stroke="{HIGHLIGHT if mark else "#6d4c41"}" stroke-width="{3.5 if mark else 1.3}"/>']
    # name band: the name is one <text> (a tooltip may be hung on it)
    out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CW - 6}" height="20" rx="4" fill="#6d4c41"/>')
    # a name too long in bold is set in regular weight: narrower letters than a squeeze
    weight = "bold" if text_width(face.name, MIN_FONT, True) <= CW - 8 else "normal"
    out.append(_text(x + CW / 2, y + NAME_BASE, face.name, MIN_FONT, weight, "#fff", "middle", width=CW - 8))
    # base value
    vy = y + VALUE_Y
    out.append(f'<circle cx="{x + 17}" cy="{vy}" r="12.5" fill="#fff" stroke="#6d4c41" stroke-width="1.5"/>')
    out.append(_text(x + 17, vy + 6, str(face.value), 17, "bold", "#c62828" if face.value < 0 else "#3e2723",
                     "middle", width=23))
    # symbols: Sun / Moon, cows, calves (closer together when a hand-made card has many)
    steps = ([24 if face.sky == "sun" else 22] if face.sky else []) + [24] * face.cows + [18] * face.calves
    closer = min(1.0, (CW - 50) / sum(steps)) if steps else 1.0
    sx = x + 44
    if face.sky == "sun":
        out.append(_sun(sx, vy))
    elif face.sky == "moon":
        out.append(_moon(sx - 1, vy, bg))
    sx += closer * steps[0] if face.sky else 0
    for _k in range(face.cows):
        out.append(_cow(sx + 1, vy + 1))
        sx += closer * 24
    for _k in range(face.calves):
        out.append(_cow(sx - 2, vy + 2, calf=True))
        sx += closer * 18
    # effects in words, each tagged with its kind; the back's label at the bottom
    rows = _effect_rows(face.effects)
    last = rows[-1][0] if rows else VALUE_Y + 12
    backs = _back_lines(back, CH - last - 8) if back is not None else []
    bottom = CH - 4 - (len(backs) * LINE + 2 if backs else 0)  # effect text ends above this
    if rows and last + DESCENT * MIN_FONT > bottom:  # a hand-made card with too much text: cut it
        rows = [r for r in rows if r[0] + DESCENT * MIN_FONT <= bottom]
        while rows and rows[-1][2] is None:  # a tag with none of its text is no use
            rows.pop()
        if rows:
            dy, kind, ln = rows[-1]
            rows[-1] = (dy, kind, fit(ln + " \u2026", MIN_FONT, TEXT_W - (_tag_w(kind) + 3 if kind else 0)))
    for dy, kind, ln in rows:
        ty = y + dy
        lx = x + PAD
        if kind:
            out.append(_tag(lx - 1, ty, kind))
            lx += _tag_w(kind) + 3
        if ln is not None:
            out.append(_text(lx, ty, ln, width=x + CW - PAD - lx))
    if backs:
        top = y + CH - 3 - len(backs) * LINE
        out.append(f'<rect x="{x + 3}" y="{top:.1f}" width="{CW - 6}" height="{len(backs) * LINE:.1f}" rx="3" '
                   f'fill="{BACK_FILL}"/>')
        for k, ln in enumerate(backs):
            out.append(_text(x + CW / 2, top + 13.5 + k * LINE, ln, MIN_FONT, fill="#4e342e", anchor="middle",
                             style="italic", width=CW - 8))
    out.append("</g>")
    if label:
        out.append(_text(x + CW / 2, y + CH + 17, label, MIN_FONT, fill="#555", anchor="middle", width=CW + GAP))
    return "".join(out)


def _empty(x: float, y: float, label: str, tint: str | None = None) -> str:
    """An empty slot, dashed, its label in the middle (on two lines when one is too
    narrow: "posição" is longer than "slot")."""
    fill = tint or "none"
    lines = wrap(label, MIN_FONT, CW - 8) or [""]
    top = y + CH / 2 + 6 - (len(lines) - 1) * LINE / 2
    return (f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="7" fill="{fill}" fill-opacity="0.25" '
            f'stroke="#9e9e9e" stroke-width="1.2" stroke-dasharray="5,4"/>'
            + "".join(_text(x + CW / 2, top + i * LINE, ln, MIN_FONT, fill="#888", anchor="middle", width=CW - 8)
                      for i, ln in enumerate(lines)))


def _slot_xy(px: float, slot: int) -> tuple[float, float]:
    row, k = SLOTS[slot]
    row_w = row * CW + (row - 1) * GAP
    x0 = px + (PANEL_W - row_w) / 2
    return x0 + (k - 1) * (CW + GAP), PYR_Y + (row - 1) * ROW_STEP


def _marks(state: State) -> dict[tuple, bool]:
    """Where the last action happened: keys ("pyr", seat, slot), ("hand", seat, i),
    ("cel", area), ("drawn",)."""
    if not state.log:
        return {}
    a = state.log[-1]
    p = state.last_seat
    k = a.kind
    if k == "build":
        return {("pyr", p, a.c): True}
    if k == "fx":
        return {("pyr", p if a.a == "own" else 1 - p, a.b): True}
    if k == "flip":
        return {("hand", p, a.a - 1): True}
    if k == "take":
        return {("hand", p, len(state.hand[p]) - 1): True}
    if k == "keep":
        return {("hand", p, len(state.hand[p]) - 1): True, ("cel", a.d - 1): True}
    if k == "draw":
        return {("drawn",): True}
    return {}


def _seat_box(x: float, y: float, h: float, seat: int, points: dict[str, int], active: bool,
              started: bool, yours: bool = False) -> str:
    """The seat's score box (in the corner beside its pyramid's top card): its alien,
    total and parts (base, then ADJ and END tagged as on the cards), whether it acts and
    whether it started. Strong colour while it is the seat to act."""
    colour = SEAT_COLOURS[seat]
    ink = "#fff" if active else "#222"
    out = ['<g class="seat">',
           f'<rect x="{x}" y="{y}" width="{CW}" height="{h}" rx="8" fill="{colour}" '
           f'fill-opacity="{0.95 if active else 0.35}"/>',
           f'<rect x="{x + 5}" y="{y + 5}" width="44" height="44" rx="6" fill="#263238"/>',
           _alien(x + 27 - 3 * (1 if seat == 0 else -1), y + 28, seat),
           _text(x + CW - 6, y + 26, _("{n} pts", n=sum(points.values())), 20, "bold", ink, "end", width=CW - 60),
           _text(x + 6, y + 72, _(SHORT_NAMES[seat]), MIN_FONT, "bold", ink, width=CW - 12)]
    if yours:  # the viewer's own seat says so (a class page's student finds their side)
        out.append(_text(x + CW - 6, y + 46, _(YOU), MIN_FONT, "bold", ink, "end", width=CW - 60))
    ty = y + 72
    if active:
        ty += LINE + 2
        out.append(_text(x + 6, ty, "\u25b6 " + _("to act"), MIN_FONT, "bold", ink, width=CW - 12))
    if started:
        ty += LINE + 2
        out.append(_text(x + 6, ty, _("started"), MIN_FONT, fill=ink, style="italic", width=CW - 12))
    for k, (kind, v) in enumerate((("", points["base"]), ("adjacency", points["adjacency"]),
                                   ("end", points["end_of_game"]))):
        ty = y + h - 12 - (2 - k) * 20
        out.append(_tag(x + 5, ty, kind) if kind else _text(x + 6, ty, _("base"), MIN_FONT, fill=ink))
        out.append(_text(x + CW - 6, ty, f"{v:+d}" if kind else str(v), MIN_FONT, "bold", ink, "end"))
    out.append("</g>")
    return "".join(out)


def _title(s: State, viewer: int | None) -> str:
    """The title bar: the game, whose turn and phase (or the result), the last action."""
    if s.over:
        w = s.winners()
        status = _("Game over: shared win") if len(w) == 2 else _("Game over: {name} wins", name=_(SHORT_NAMES[w[0]]))
    else:
        status = _("Turn {n}: {name} to act ({phase})", n=s.turns, name=_(SHORT_NAMES[s.current_player]),
                   phase=_(s.phase_name))
        if s.final:
            status = _("{status} - last turn", status=status)
    title = _(TITLE)
    sx = MARGIN + text_width(title, 18, True) + 14
    out = ['<g class="title">', f'<rect width="{WIDTH}" height="{TOP}" fill="#3e2723"/>',
           _text(MARGIN, 22, title, 18, "bold", "#ffe082"),
           _text(sx, 22, status, MIN_FONT, "bold", "#fff", width=WIDTH - MARGIN - sx)]
    if s.log:  # the last action on a line of its own, under the status
        last = _("last: {name}: {action}", name=_(SHORT_NAMES[s.last_seat]), action=action_label(s.log[-1]))
        out.append(_text(MARGIN, 43, last, MIN_FONT, fill="#ffcc80", width=WIDTH - 2 * MARGIN))
    out.append("</g>")
    return "".join(out)


def _centre(s: State, marks: dict[tuple, bool], back_of: Callable[[int], str | None]) -> list[str]:
    """Between the pyramids: the deck in the middle with the Celeiro areas beside it (band
    A, labels above), then the drawn pair (labels above) or the pending effect (band B).
    Band A fits beside the pyramids' first rows, band B between their second rows."""
    # a mat under the centre's two bands, so the Celeiro beside a pyramid's top card reads as
    # part of the table's centre, not as a card of that pyramid's first row
    a0, a1 = CENTRE_X - 1.5 * CW - GAP - 4, CENTRE_X + 1.5 * CW + GAP + 4
    b0, b1 = CENTRE_X - CW - GAP / 2 - 4, CENTRE_X + CW + GAP / 2 + 4
    ya, yb, yc = TOP + 4, BAND_A_Y + CH + 6, BAND_B_Y + CH + 1
    out = [f'<polygon points="{a0},{ya} {a1},{ya} {a1},{yb} {b1},{yb} {b1},{yc} {b0},{yc} {b0},{yb} {a0},{yb}" '
           f'fill="#efe6d6" stroke="#e2d5bf" stroke-linejoin="round"/>']
    label_y = BAND_A_Y - 8
    deck_x = CENTRE_X - CW / 2
    out.append(_text(CENTRE_X, label_y, _("Deck ({n})", n=len(s.deck)), MIN_FONT, "bold", "#3e2723", "middle",
                     width=CW + GAP))
    if s.deck:
        for k in range(min(3, (len(s.deck) + 3) // 4), 0, -1):  # its thickness, behind the top card
            out.append(f'<rect x="{deck_x + 2 * k}" y="{BAND_A_Y + 2 * k}" width="{CW}" height="{CH}" rx="7" '
                       f'fill="{BACK_FILL}" stroke="#6d4c41"/>')
        out.append(_card(deck_x, BAND_A_Y, s.face(s.deck[0])))
    else:
        out.append(_empty(deck_x, BAND_A_Y, _("deck empty")))
    labels = s.cards.area_labels(s.areas)
    for a in range(s.areas):
        x = deck_x + (CW + GAP) * (-1 if a == 0 else 1)
        pile = s.cel[a]
        out.append(_text(x + CW / 2, label_y, f"{labels[a]} ({len(pile)})", MIN_FONT, "bold", "#3e2723",
                         "middle", width=CW + GAP))
        if pile:
            c = pile[-1]
            out.append(_card(x, BAND_A_Y, s.face(c), mark=("cel", a) in marks, back=back_of(c)))
        else:
            out.append(_empty(x, BAND_A_Y, _("empty")))
    under_y = BAND_B_Y - 8
    if s.drawn:
        for i, c in enumerate(s.drawn):
            x = CENTRE_X - CW - GAP / 2 + i * (CW + GAP)
            out.append(_text(x + CW / 2, under_y, _("drawn {n}", n=i + 1), MIN_FONT, "bold", HIGHLIGHT, "middle",
                             width=CW + GAP))
            out.append(_card(x, BAND_B_Y, s.face(c), mark=("drawn",) in marks, back=back_of(c)))
        return out
    out.append(_text(CENTRE_X, under_y, _("drawn from the bottom"), MIN_FONT, fill="#666", anchor="middle",
                     width=2 * CW + GAP))
    if s.phase == EFFECT and not s.over:
        owner, c, eff = s.stack[-1]
        w = 2 * CW + GAP
        x0 = CENTRE_X - w / 2
        lines = _lines(effect_text(eff), w - 12)
        h = 16 + (2 + len(lines)) * LINE
        out.append(f'<g class="effect"><rect x="{x0}" y="{BAND_B_Y}" width="{w}" height="{h:.1f}" rx="6" '
                   f'fill="#fff3e0" stroke="{HIGHLIGHT}"/>')
        ty = BAND_B_Y + 8 + 13.5
        out.append(_text(CENTRE_X, ty, _("{name}: effect of", name=_(SHORT_NAMES[owner])), MIN_FONT, "bold", "#bf360c", "middle",
                         width=w - 12))
        out.append(_text(CENTRE_X, ty + LINE, s.face(c).name, MIN_FONT, "bold", "#bf360c", "middle",
                         width=w - 12))
        for k, ln in enumerate(lines):
            out.append(_text(CENTRE_X, ty + (2 + k) * LINE, ln, MIN_FONT, fill="#bf360c", anchor="middle",
                             width=w - 12))
        out.append("</g>")
    elif s.phase == KEEP:  # pragma: no cover - KEEP always has drawn cards
        pass
    return out


def to_svg(state: State, viewer: int | None = None, show_backs: bool = False) -> str:
    """The table as ``viewer`` (0, 1 or None for a spectator) sees it, as an SVG string."""
    if viewer not in (None, 0, 1):
        raise ValueError(f"viewer must be 0, 1 or None (a spectator), got {viewer!r}")
    s = state
    marks = _marks(s)
    to_act = s.current_player

    def back_of(c: int) -> str | None:
        if show_backs or (viewer is not None and s.seen[c] >> viewer & 1):
            return s.back(c).name
        return None

    h = height(s.rules.hand_limit)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{h}" '
           f'viewBox="0 0 {WIDTH} {h}" font-family="{FONT}">',
           f'<rect width="{WIDTH}" height="{h}" fill="#faf7f0"/>',
           _title(s, viewer)]

    breakdown = s.score_breakdown()
    for seat in (0, 1):
        px = MARGIN if seat == 0 else WIDTH - MARGIN - PANEL_W
        colour = SEAT_COLOURS[seat]
        active = not s.over and to_act == seat
        # ---- score box, in the outer corner beside row 1
        out.append(_seat_box(px if seat == 0 else px + PANEL_W - CW, TOP + 4, PYR_Y + CH - TOP - 4, seat,
                             breakdown[seat], active, s.starter == seat, seat == viewer))
        # ---- pyramid: row 1 under the Alien, rows below
        open_here = set(s.open_slots(seat)) if (active and s.turn == seat and not s.built
                                                 and s.phase != EFFECT) else set()
        for slot in range(6):
            x, y = _slot_xy(px, slot)
            c = s.pyr[seat][slot]
            if c < 0:
                out.append(_empty(x, y, slot_label(slot), colour if slot in open_here else None))
            else:
                out.append(_card(x, y, s.face(c), mark=("pyr", seat, slot) in marks, back=back_of(c)))
        # ---- hand (face up on the table): one slot per card the hand limit allows,
        # HAND_COLS to a row, so a larger Rules.hand_limit adds rows inside the panel
        hand = s.hand[seat]
        out.append(_text(px, HAND_Y - 9, _("Hand ({n}/{limit})", n=len(hand), limit=s.rules.hand_limit), MIN_FONT,
                         "bold", colour, width=PANEL_W))
        for i in range(max(s.rules.hand_limit, len(hand))):
            x, y = hand_slot_xy(px, i)
            if i < len(hand):
                c = hand[i]
                out.append(_card(x, y, s.face(c), label=_("hand {n}", n=i + 1), mark=("hand", seat, i) in marks,
                                 back=back_of(c)))
            else:
                out.append(_empty(x, y, _("empty")))

    out.extend(_centre(s, marks, back_of))
    out.append("</svg>")
    return "".join(out)


# ---------------------------------------------------------------- the class page's "yours"
YOURS_TITLE = N_("What you hold")
YOUR_HAND = N_("Your hand")
EMPTY_HAND = N_("empty")
#: an effect of each kind in the hand's words, with when it acts
KIND_LINE = {"immediate": N_("now: {effect}"), "adjacency": N_("adjacent: {effect}"),
             "end": N_("at the end: {effect}")}
SKY_WORD = {"sun": N_("sun"), "moon": N_("moon")}


def _card_line(face: Face, back: str | None) -> str:
    """A card of the hand in words: its points, its symbols and each effect with when it
    acts, and its back when the player knows it."""
    parts = [n_("{n} point", "{n} points", face.value)]
    if face.sky:
        parts.append(_(SKY_WORD[face.sky]))
    if face.cows or face.calves:
        parts.append(", ".join(x for x in (n_("{n} cow", "{n} cows", face.cows) if face.cows else "",
                                           n_("{n} calf", "{n} calves", face.calves) if face.calves else "") if x))
    parts += [_(KIND_LINE[e.kind], effect=effect_text(e)) for e in face.effects]
    if back:
        parts.append(_("back: {name}", name=back))
    return " · ".join(parts)


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, str]:
    """The board's words list (Portuguese name -> English), read once: every class view
    of a cow seat asks for it."""
    from ..datafiles import data_dir, load_words

    return load_words(data_dir() / "cows" / "words.toml")


def seat_panel(state: State, viewer: int) -> dict[str, object]:
    """What ``viewer`` holds, for the class page beside its moves (the drawing's hand is at
    its foot, a screen away on a phone): each card of the hand in words, its Portuguese
    name with the English meaning."""
    words = _words()
    hand = state.observation(viewer)["hands"][viewer]
    lines: list[list[str]] = []
    for i, card in enumerate(hand, 1):
        face = state.cards.faces[state.cards.face_index(card["face"])]
        meaning = words.get(face.name)
        # the English meaning beside the Portuguese name is for English readers only
        head = (_("Hand {n}: {name} ({meaning})", n=i, name=face.name, meaning=meaning)
                if meaning and get_language() == "en" else _("Hand {n}: {name}", n=i, name=face.name))
        lines.append([head, _card_line(face, card["back"])])
    return {"title": _(YOURS_TITLE), "lines": lines or [[_(YOUR_HAND), _(EMPTY_HAND)]]}
