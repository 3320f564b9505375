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
:data:`W` wide and :data:`VIEW_H` tall with a hand, :data:`BASE_H` without, is near
square so the window's height does not narrow it), so the smallest text is 12.1 px; at
1280x720 it is larger (``tests/cosmic/test_render.py`` measures both, and that no text
overlaps another or spills out of its panel, card or pill). Hence few words: short
labels, numbers rather than sentences, a word too long for a card split with a hyphen,
and names of planets and phases as tooltips; a text cut for room keeps its whole wording
as its tooltip.

Hidden information is decided in one place (:class:`_View`) before drawing: other hands
are only counted, face-down encounter cards are backs, aliens stay secret until every
player has chosen, and the last action is worded as the viewer may read it (a selection
or a power's choice of another player never names a card).

Design notes: no ``<style>``, ids or ``<defs>`` (several boards on one notebook page would
share them); presentation attributes only; a generic font stack and no external fonts or
images; ``<title>`` elements give the alien powers' text, card and planet names as
tooltips.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..datacheck import NAMED_COLOURS
from ..svg import fit as _fit
from ..svg import num as _n
from ..svg import rect as _rect
from ..svg import text_width as _tw
from ..svg import wrap as _wrap
from .data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from .rules import OFF, DEF, PLANETS, SPECIAL, WILD, Action, State

__all__ = ["to_svg", "SEAT_HEX", "PHASES", "MIN_FONT", "seat_label", "public_action_text", "waiting_text"]

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline and text) and light tint of each seat colour: the five of the
#: rulebook first, then every other colour word a data file may name for a seat
#: (:data:`ovnilab.datacheck.NAMED_COLOURS`), so a game with other colours stays readable
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d1343f", "#74121b", "#fbe1e3"),
    "blue": ("#2766c4", "#102f63", "#dde8f9"),
    "yellow": ("#efbf1a", "#5e4700", "#fff4c9"),
    "green": ("#24844a", "#11512a", "#dff2e5"),
    "purple": ("#8243b5", "#3d1761", "#efe3f9"),
    "black": ("#2b2b2b", "#000000", "#e3e3e3"),
    "white": ("#fafafa", "#4a4a4a", "#ffffff"),
    "grey": ("#8a929b", "#3b4148", "#eceef0"),
    "gray": ("#8a929b", "#3b4148", "#eceef0"),
    "silver": ("#c0c6cc", "#4d5359", "#f2f4f5"),
    "maroon": ("#7d1d2b", "#3f0b13", "#f3dde0"),
    "orange": ("#ee7d1c", "#733300", "#fde8d5"),
    "gold": ("#d4a017", "#5a4300", "#fbf0cf"),
    "olive": ("#64661a", "#3c3d0b", "#efefd6"),
    "lime": ("#8fd43a", "#3b6312", "#ecf8dc"),
    "teal": ("#16827f", "#063e3c", "#d9f0ef"),
    "cyan": ("#27bfd6", "#0b5560", "#dbf5f9"),
    "aqua": ("#27bfd6", "#0b5560", "#dbf5f9"),
    "navy": ("#1d2f6f", "#0b1433", "#dde2f2"),
    "indigo": ("#4b3aa8", "#211752", "#e6e3f6"),
    "violet": ("#8b52c2", "#4c2470", "#f1e6fa"),
    "magenta": ("#c2309c", "#5e0f4a", "#f8e0f1"),
    "fuchsia": ("#c2309c", "#5e0f4a", "#f8e0f1"),
    "pink": ("#f08db8", "#7a2550", "#fde9f2"),
    "brown": ("#8a5a2b", "#432a10", "#f1e6da"),
    "beige": ("#e6d3a8", "#5f5030", "#faf4e6"),
    "tan": ("#c9a46e", "#5a4322", "#f6ecdd"),
    "turquoise": ("#35c5b4", "#0e5a51", "#dcf6f2"),
}
GREY = SEAT_HEX["grey"]
INK = "#1d2125"
MUTED = "#4f5a64"
FAINT = "#8a949e"
PAPER = "#f7f5ef"
PANEL = "#ffffff"
LINE = "#d6dbe0"
HILITE = "#d0137b"  # the last action (magenta: unlike the five seat colours)
GATE = "#e07b00"  # the hyperspace gate's aim
GOOD = "#1b7a3a"
BAD = "#b3261e"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: card face colours by kind: fill, border, label (short: it fits a card in the hand)
KIND_STYLE: dict[int, tuple[str, str, str]] = {
    ATTACK: ("#fde4e2", "#b3261e", "ATTACK"),
    NEGOTIATE: ("#ddf3e3", "#1b7a3a", "NEGOT."),
    MORPH: ("#eee2fb", "#6b3fa0", "MORPH"),
    REINFORCEMENT: ("#dfeafb", "#1f5fbf", "REINF."),
    ARTIFACT: ("#fff1c2", "#856500", "ARTIF."),
    FLARE: ("#ffe3cc", "#b9520b", "FLARE"),
}
BACK = ("#2c2f66", "#14163a")

#: the seven phases of an encounter (rulebook), and the engine's stage names in each
PHASES: tuple[str, ...] = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")
_STAGE_PHASE = {"regroup": 0, "destiny": 1, "launch": 2, "alliance": 3, "planning": 4, "reveal": 5,
                "deal": 5, "resolution": 6, "end of encounter": 6}

#: the smallest font size the drawing uses (its units): projected at 1024x768 the board
#: shows the drawing 694 px wide (the row less the side column), so 21 units are 12.1 px
MIN_FONT = 21
#: the text sizes: most text, titles and the line of who decides, the turn and totals
SMALL, MID, BIG = MIN_FONT, 22, 24
#: the distance between two lines of SMALL text (a line's box is one font size tall)
STEP = 24.0
W = 1200  # viewBox width
HEADER_H = 112
TOP = HEADER_H + 8  # top of the two columns
MAIN_H = 830  # height of the two columns: the encounter column's panels, a deal among them
HAND_H = 128  # the viewer's hand strip
BASE_H = TOP + MAIN_H + 6  # the drawing's height without a hand strip (aspect 1.26)
#: the drawing's height with the viewer's hand (aspect 1.10): at 1024x768 the board shows
#: either drawing 694 px wide (the width beside the side column limits it, not the
#: window's height), at 1280x720 this one 720 px and the other 823 px
VIEW_H = BASE_H + HAND_H + 8
LX, LW = 10.0, 690.0  # the players' column
RX, RW = 710.0, 480.0  # the encounter column
CARD_W, CARD_H = 104.0, 84.0  # a card in the hand strip (its band's "ATTACK" is 92 wide)


# ----------------------------------------------------------------------------- helpers
def _text(x: float, y: float, s: str, size: float = SMALL, fill: str = INK, anchor: str = "start",
          bold: bool = False, extra: str = "") -> str:
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    w = ' font-weight="bold"' if bold else ""
    f = "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w}{f}{extra}>{escape(s)}</text>'


def _pill(x: float, y: float, label: str, fill: str, ink: str, size: float = SMALL, stroke: str = "none",
          anchor: str = "start") -> tuple[str, float]:
    """A rounded label; (x, y) is its left (or right, with anchor="end") middle. Returns
    the SVG and its width."""
    w = _tw(label, size, True) + 12
    x0 = x - w if anchor == "end" else x
    svg = (_rect(x0, y - size * 0.75, w, size * 1.5, fill, stroke, 1, size * 0.75)
           + _text(x0 + w / 2, y + size * 0.36, label, size, ink, "middle", True))
    return svg, w


def _seat_hex(state: State, seat: int) -> tuple[str, str, str]:
    if 0 <= seat < state.n:
        return SEAT_HEX.get(state.colours[seat], GREY)
    return GREY


def _luminance(colour: str) -> float:
    """Relative luminance of a ``#rrggbb`` colour (WCAG 2)."""
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
           for c in (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21; text wants 4.5)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _on_fill(fill: str) -> str:
    """Text colour readable on a seat colour: white or ink, whichever contrasts more."""
    return "#ffffff" if _contrast(fill, "#ffffff") >= _contrast(fill, INK) else INK


def _saucer(x: float, y: float, hexes: tuple[str, str, str]) -> str:
    """A small flying saucer (a ship) centred on (x, y): a dome over a coloured disc."""
    fill, dark, _ = hexes
    return (f'<g transform="translate({_n(x)} {_n(y)})">'
            f'<path d="M-4.5 -0.8 A4.5 4.8 0 0 1 4.5 -0.8 Z" fill="#eef5fa" stroke="{dark}" stroke-width="1"/>'
            f'<ellipse cx="0" cy="1" rx="9.5" ry="3.6" fill="{fill}" stroke="{dark}" stroke-width="1.1"/></g>')


def _ships(x: float, y: float, hexes: tuple[str, str, str], k: int, size: float = SMALL, dim: bool = False) -> str:
    """A saucer with a count: ``k`` ships of one colour (about 20 + 14 per digit wide)."""
    op = ' opacity="0.45"' if dim else ""
    return f'<g{op}>{_saucer(x + 9, y - size * 0.3, hexes)}{_text(x + 20, y, str(k), size, hexes[1], bold=True)}</g>'


def _spiral(x: float, y: float, r: float, stroke: str) -> str:
    """The warp's swirl."""
    d = (f"M{_n(x)} {_n(y)} q{_n(r * 0.5)} {_n(-r * 0.2)} {_n(r * 0.4)} {_n(r * 0.45)} "
         f"t{_n(-r * 0.9)} {_n(r * 0.35)} t{_n(-r * 0.5)} {_n(-r * 1.1)} t{_n(r * 1.5)} {_n(-r * 0.55)}")
    return f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="1.6" stroke-linecap="round"/>'


def _tip(title: str, body: str) -> str:
    """``body`` with ``title`` as its tooltip."""
    return f"<g><title>{escape(title)}</title>{body}</g>"


def _clip(x: float, y: float, s: str, size: float, width: float, fill: str = INK, anchor: str = "start",
          bold: bool = False, tip: str = "") -> str:
    """``s`` cut with an ellipsis to ``width``; when cut, the whole text is its tooltip
    (with ``tip`` after it), so the drawing keeps everything it says."""
    shown = _fit(s, size, width, bold)
    body = _text(x, y, shown, size, fill, anchor, bold)
    whole = "\n".join(t for t in (s if shown != s else "", tip) if t)
    return _tip(whole, body) if whole else body


def _mid(y: float, size: float = SMALL) -> float:
    """The baseline that centres a line of ``size`` text (its capitals) on ``y``."""
    return y + size * 0.36


# ----------------------------------------------------------------------------- wording
def seat_label(state: State, seat: int, viewer: int | None = None) -> str:
    """A seat's readable name: its colour, and its alien once aliens are public (or to the
    seat itself), e.g. ``"Red (Zombie)"``."""
    if not 0 <= seat < state.n:
        return "-"
    name = state.colours[seat].capitalize()
    alien = _visible_alien(state, seat, viewer)
    return f"{name} ({alien})" if alien else name


def _aliens_public(state: State) -> bool:
    return not state.rules.powers or all(a is not None for a in state.alien)


def _visible_alien(state: State, seat: int, viewer: int | None) -> str | None:
    if _aliens_public(state) or seat == viewer:
        return state.alien[seat]
    return None


def public_action_text(state: State, action: Any, actor: int, viewer: int | None) -> str:
    """``action`` as ``viewer`` (None: any onlooker) may read it: another player's
    selection, alien choice or power decision never names a card or an alien (the
    wording is :meth:`State.describe`'s)."""
    a = action if isinstance(action, Action) else state.parse_action(str(action))
    return state.describe(a, viewer, actor)


_TASK_TEXT = {
    "alien": "choose an alien",
    "regroup": "regroup: a ship from the warp to a colony",
    "place": "place ships leaving the warp",
    "lose": "choose ships to lose to the warp",
    "own": "own colour drawn: draw again, or attack at home",
    "wild": "wild destiny: choose the defender",
    "aim": "aim the hyperspace gate",
    "invite": "invite allies",
    "answer": "join a side or decline",
    "select": "select an encounter card",
    "reinforce": "play a reinforcement or pass",
    "zap": "answer the card or power just played",
    "plague": "Plague: discard one card of each type",
    "deal": "negotiate a deal",
    "give": "choose the cards to give in the deal",
    "reward": "choose defensive rewards",
    "second": "a second encounter?",
    "power": "decide for an alien power",
}
_SHIPS_TEXT = {
    "launch": "launch ships onto the gate", "ally_off": "send ships to the gate",
    "ally_def": "send ships to defend", "colony": "ships for the deal's colony",
    "reestablish": "ships to re-establish a colony",
}
_WINDOW_TEXT = {
    "regroup": "regroup", "destiny": "destiny", "launch": "launch", "alliance": "alliance",
    "alliance_end": "end of alliance", "planning": "planning", "after_selection": "after selection",
    "reveal": "reveal", "resolution": "resolution", "cleanup": "end of encounter",
}


def waiting_text(state: State) -> str:
    """What the player to act has to decide, in a few words (e.g. ``"aim the hyperspace
    gate"``); empty when the game is over."""
    if state.is_over() or not state.tasks:
        return ""
    t = state.tasks[0]
    kind = t[0]
    if kind == "ships":
        return _SHIPS_TEXT.get(t[2], "send ships")
    if kind == "window":
        return f"{_WINDOW_TEXT.get(t[1], t[1])}: play an artifact, flare or power, or pass"
    if kind == "power":
        return f"decide for the {t[2]} power"
    return _TASK_TEXT.get(kind, kind)


def _destiny_text(state: State, code: int) -> tuple[str, tuple[str, str, str]]:
    if code < 0:
        return "", GREY
    if code < state.n:
        return state.colours[code], _seat_hex(state, code)
    if code == WILD:
        return "wild", ("#4a4a4a", "#1f1f1f", "#f1f1f1")
    return state.g.specials[code - SPECIAL].name, ("#6d5a2c", "#3a2f12", "#f6efdc")


_OUTCOME_TEXT = {
    "offense": "the offense wins",
    "defense": "the defense wins",
    "deal": "two negotiates: a deal is tried",
    "deal_made": "a deal is made",
    "deal_failed": "the deal failed",
    "both lose": "both sides lose",
    "cancelled": "the encounter is cancelled",
    "reestablished": "a home colony is re-established",
    "colony granted": "the defense grants a colony (the encounter ends)",
    "no card": "no encounter card: the turn ends",
}
#: shorter words for the encounter panel's outcome line (it shares its width with the
#: destiny card; the whole wording is the line's tooltip)
_OUTCOME_SHORT = {
    "deal": "two negotiates: a deal",
    "cancelled": "encounter cancelled",
    "reestablished": "home colony re-established",
    "colony granted": "the defense grants a colony",
    "no card": "no card: the turn ends",
}


# ----------------------------------------------------------------------------- hidden info
class _View:
    """Everything the drawing may show, decided once (see the module docstring)."""

    def __init__(self, s: State, viewer: int | None) -> None:
        self.viewer = viewer
        n = s.n
        T = s.t
        #: encounter card of each side: a card id, -2 face down, -1 none
        self.cards = []
        for side in (OFF, DEF):
            c = s.card[side]
            if c < 0:
                self.cards.append(-1)
            elif s.card_visible(side, -1 if viewer is None else viewer):  # the engine's rule (Sorcerer's swap)
                self.cards.append(c)
            else:
                self.cards.append(-2)
        self.aliens = [_visible_alien(s, p, viewer) for p in range(n)]
        self.hand = sorted(s.hands[viewer], key=lambda c: (T.kind[c], T.value[c], T.name[c])) if viewer is not None else None
        self.hoard = (sorted(s.hoard[viewer], key=lambda c: (T.kind[c], T.value[c], T.name[c]))
                      if viewer is not None else None)
        self.offers = list(s.offers[viewer]) if viewer is not None and s.alien[viewer] is None else []
        # hands the viewer may look at now (Will's flare, Barbarian's loot, Hacker's choice)
        self.peeked = {q: s.hand_names(q) for q in s.shown_hands(viewer)} if viewer is not None else {}
        self.last: Action | None = None
        self.last_actor = -1
        self.last_text = ""
        # the last action the viewer may know of: another player's pass is skipped (being
        # asked tells what a player holds; the widget's log leaves such passes out too)
        i = len(s.log) - 1
        while i >= 0 and s.log[i].kind == "pass" and (s.actors[i] if i < len(s.actors) else -1) != viewer:
            i -= 1
        if i >= 0:
            self.last = s.log[i]
            self.last_actor = s.actors[i] if i < len(s.actors) else -1
            self.last_text = public_action_text(s, self.last, self.last_actor, viewer)


def _touched_planets(s: State, a: Action | None) -> set[int]:
    """Planets the last action names (a ship moved, the gate aimed, a deal's colony)."""
    if a is None:
        return set()
    names: list[Any] = []
    if a.kind in ("regroup", "place", "lose", "ship", "aim", "reestablish"):
        names = [a.a]
    elif a.kind == "propose":
        names = [a.a[2], a.b[2]]
    elif a.kind in ("flare", "power") and isinstance(a.c if a.kind == "flare" else a.b, str):
        arg = a.c if a.kind == "flare" else a.b
        names = [arg.split(" at ")[-1]]
    return {s.pindex[x] for x in names if isinstance(x, str) and x in s.pindex}


# ----------------------------------------------------------------------------- header
def _tspan(s: str, fill: str = INK, bold: bool = False, size: float | None = None, dx: float = 0) -> str:
    w = ' font-weight="bold"' if bold else ""
    z = f' font-size="{_n(size)}"' if size else ""
    d = f' dx="{_n(dx)}"' if dx else ""
    return f'<tspan{d} fill="{fill}"{w}{z}>{escape(s)}</tspan>'


def _header(s: State, out: list[str], v: _View, view_label: str) -> None:
    """Three lines: whose turn; the phases and who decides what; the last action."""
    out.append(_rect(0, 0, W, HEADER_H, "#ffffff"))
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="{LINE}"/>')
    right = f"{view_label} · {s.n} players"
    out.append(_text(W - 14, 30, right, SMALL, MUTED, "end", True))
    room = W - 14 - _tw(right, SMALL, True) - 24
    if s.turn > 0 and s.offense >= 0:
        fill, dark, _ = _seat_hex(s, s.turn_player)
        out.append(f'<circle cx="23" cy="22" r="9" fill="{fill}" stroke="{dark}"/>')
        line = f"Turn {s.turn} · {seat_label(s, s.turn_player)}'s turn"
        if s.enc_no != 1:
            line += f", {({2: 'second'}).get(s.enc_no, f'#{s.enc_no}')} encounter"
        if s.offense != s.turn_player:
            line += f" (counter-attack by {s.colours[s.offense].capitalize()})"
        out.append(_clip(40, 30, line, BIG, room - 40, INK, bold=True))
    else:
        out.append(_clip(14, 30, "Set-up: each player keeps one of two aliens", BIG, room - 14, INK, bold=True))

    y = 64.0
    if s.over:
        ws = ", ".join(seat_label(s, p) for p in s.winners())
        why = s.win_reason or f"{s.win_at} foreign colonies"
        svg, pw = _pill(14, y, "GAME OVER", BAD, "#ffffff")
        out.append(svg)
        lead = "Winner" if len(s.winners()) == 1 else "Shared win"
        out.append(_clip(14 + pw + 10, _mid(y, MID), f"{lead}: {ws} ({why})", MID, W - pw - 38, INK, bold=True))
    else:
        # the seven phases of an encounter: the current one named, the others numbered
        cur = _STAGE_PHASE.get(s.stage, -1)
        x = 14.0
        for i, ph in enumerate(PHASES):
            if i == cur:
                svg, w = _pill(x, y, f"{i + 1} {ph}", INK, "#ffffff")
                out.append(svg)
            else:
                w = 28.0
                ink = FAINT if cur >= 0 and i > cur else MUTED
                out.append(_tip(ph, f'<circle cx="{_n(x + 14)}" cy="{_n(y)}" r="14" fill="#eef0f2"/>'
                                + _text(x + 14, _mid(y), str(i + 1), SMALL, ink, "middle", True)))
            x += w + 4
        actor = s.current_player
        if actor >= 0:
            fill, dark, _ = _seat_hex(s, actor)
            who = seat_label(s, actor, v.viewer) + (" (you)" if actor == v.viewer else "")
            out.append(f'<circle cx="{_n(x + 14)}" cy="{_n(y)}" r="8" fill="{fill}" stroke="{dark}"/>')
            task = waiting_text(s)
            short = task
            if s.tasks and s.tasks[0][0] == "window":  # the header's line is short of room for the whole
                short = f"{_WINDOW_TEXT.get(s.tasks[0][1], s.tasks[0][1])}: artifact, flare, power or pass"
            out.append(_clip(x + 28, _mid(y, MID), f"{who}: {short}", MID, W - x - 42, INK, bold=True,
                             tip=task if short != task else ""))
    if v.last is not None:
        who = s.colours[v.last_actor].capitalize() if 0 <= v.last_actor < s.n else ""
        out.append(_text(14, 101, "Last action:", SMALL, MUTED))
        lx = 14 + _tw("Last action:", SMALL) + 8
        text = f"{who} — {v.last_text}" if who else v.last_text
        out.append(_clip(lx, 101, text, SMALL, W - lx - 14, HILITE, bold=True))


# ----------------------------------------------------------------------------- players
def _players(s: State, out: list[str], v: _View, highlight: bool) -> None:
    n = s.n
    gap = 6.0
    ph = (MAIN_H - gap * (n - 1)) / n
    touched = _touched_planets(s, v.last) if highlight else set()
    for p in range(n):
        _panel(s, out, v, p, LX, TOP + p * (ph + gap), LW, ph, touched, highlight)


def _role(s: State, p: int) -> str:
    if s.over or s.offense < 0:
        return ""
    if p == s.offense:
        return "OFFENSE"
    if p == s.defender:
        return "DEFENSE"
    if p in s.allies[OFF]:
        return "ALLY OF OFFENSE"
    if p in s.allies[DEF]:
        return "ALLY OF DEFENSE"
    inv = [name for side, name in ((OFF, "OFFENSE"), (DEF, "DEFENSE")) if p in s.inv[side]]
    if inv and p in _pending_answers(s):
        return "INVITED BY " + (inv[0] if len(inv) == 1 else "BOTH")
    return ""


def _pending_answers(s: State) -> set[int]:
    """Players still to answer the invitations of this encounter."""
    return {t[1] for t in s.tasks if t[0] == "answer"}


def _powers_text(s: State, p: int, alien: str) -> str:
    """A seat's alien as its panel names it, with the powers it uses now when they
    differ (public): an incarnation ("Reincarnator + Oracle"), a power lent away for the
    encounter ("Human, lent to red") or borrowed ("Trader, using red's Human")."""
    if not s.rules.powers:
        return alien
    src = s.power_of[p]
    if src < 0:
        to = [q for q in range(s.n) if s.power_of[q] == p]
        return f"{alien}, lent to {s.colours[to[0]]}" if to else alien
    names = s.power_names(p)
    if src != p:
        return f"{alien}, using {s.colours[src]}'s {' + '.join(names)}"
    return " + ".join(names) if len(names) > 1 else alien


def _power_status(s: State, p: int, v: _View) -> tuple[str, str, str]:
    """(text, colour, tooltip) of a seat's power: active, lost (fewer than three home
    colonies), zapped, or not known yet; the text is short, the tooltip says it whole."""
    if not s.rules.powers:
        return "no powers (option)", MUTED, "alien powers are off (rule option)"
    if s.alien[p] is None or v.aliens[p] is None:
        text = "choosing an alien" if s.alien[p] is None else "alien secret"
        return text, MUTED, text
    home = s.home_colonies(p)
    colonies = f"{home} home colon{'y' if home == 1 else 'ies'}"
    if s.power_of[p] < 0:
        return "power LENT", MUTED, "power lent to another player for this encounter (Philanthropist's flare)"
    if s.power_lost(p):
        return (f"power LOST: {home} home", BAD,
                f"power LOST: {colonies} (it works with {s.power_at} or more)")
    if ("zap", p) in s.eflags:
        return "power ZAPPED", BAD, "power ZAPPED this encounter (Cosmic Zap)"
    return "power active", GOOD, f"power active · {colonies}"


#: the info column of a player's panel: where its values start (after the labels) and
#: where the planets start
INFO_VALUE_X = 94.0
PLANETS_X = 274.0


def _panel(s: State, out: list[str], v: _View, p: int, x: float, y: float, w: float, h: float,
           touched: set[int], highlight: bool) -> None:
    hexes = _seat_hex(s, p)
    fill, dark, tint = hexes
    to_act = s.current_player == p
    won = s.over and p in s.winners()
    strong = to_act or won
    out.append(_rect(x, y, w, h, PANEL, dark if strong else LINE, 3.2 if strong else 1.4, 9))
    # title strip: colour and alien (its power's text as a tooltip), then role badges
    th = 34.0
    out.append(f'<path d="M{_n(x)} {_n(y + th)} V{_n(y + 9)} Q{_n(x)} {_n(y)} {_n(x + 9)} {_n(y)} '
               f'H{_n(x + w - 9)} Q{_n(x + w)} {_n(y)} {_n(x + w)} {_n(y + 9)} V{_n(y + th)} Z" fill="{fill}"'
               + ("" if _on_fill(fill) == "#ffffff" else f' stroke="{dark}" stroke-width="1"') + "/>")
    ink = _on_fill(fill)
    bx = x + w - 6
    badges = []
    if won:
        badges.append(("★ WINNER", "#ffffff", dark, "none"))
    role = _role(s, p)
    if role:
        badges.append((role, "#ffffff", dark, "none"))
    if to_act:
        badges.append(("TO ACT (YOU)" if p == v.viewer else "TO ACT", INK, "#ffffff", "none"))
    elif highlight and p == v.last_actor:
        badges.append(("LAST MOVE", "#ffffff", HILITE, HILITE))
    if s.removed[p]:  # ships removed from the game for good (Void, Masochist's super flare)
        badges.append((f"removed {s.removed[p]}", "#ffffff", INK, LINE))
    for label, bfill, bink, bstroke in badges:
        svg, bw = _pill(bx, y + th / 2, label, bfill, bink, SMALL, bstroke, anchor="end")
        out.append(svg)
        bx -= bw + 5
    alien = v.aliens[p]
    title = ("▶ " if to_act else "") + s.colours[p].capitalize()
    if alien:
        title += f" · {_powers_text(s, p, alien)}"
    elif s.rules.powers and v.offers and p == v.viewer:
        title += " · dealt " + " or ".join(v.offers)
    elif s.rules.powers and s.alien[p] is not None:
        title += " · alien secret"
    summary = f"{alien}: {s.g.aliens[alien].summary}" if alien and alien in s.g.aliens else ""
    out.append(_clip(x + 10, _mid(y + th / 2, MID), title, MID, bx - x - 14, ink, bold=True, tip=summary))

    # the info column: power, foreign colonies, hand, warp, and a line for a power's
    # tokens (Warrior, Tick-Tock), Grudge's token and Miser's hoard when there are any
    body_y = y + th
    body_h = h - th
    ix = x + 12
    vx = ix + INFO_VALUE_X
    gx = x + PLANETS_X  # the planets
    room = gx - ix - 8
    extras = []
    if s.hoard[p]:
        extras.append(f"hoard {len(s.hoard[p])} card{'s' if len(s.hoard[p]) != 1 else ''}")
    if s.tokens[p]:
        extras.append(f"{s.tokens[p]} token{'s' if s.tokens[p] != 1 else ''}")
    if s.grudge[p]:  # Grudge's token: a penalty waits at the end of the encounter
        extras.append("grudge token")
    rows = 4 + bool(extras)
    step = min(30.0, (body_h - 6) / rows)
    mids = [body_y + (body_h - step * rows) / 2 + step * (i + 0.5) for i in range(rows)]
    text, colour, tip = _power_status(s, p, v)
    out.append(_tip(tip, _text(ix, _mid(mids[0]), _fit(text, SMALL, room, True), SMALL, colour, bold=True)))
    ly = _mid(mids[1])
    fc = s.foreign_colonies(p)
    goal = s.win_at
    out.append(_text(ix, ly, "colonies", SMALL, MUTED))
    px = vx
    if goal <= 8:
        for k in range(goal):
            on = k < fc
            out.append(f'<circle cx="{_n(px + 7 + k * 17)}" cy="{_n(mids[1])}" r="7" '
                       f'fill="{fill if on else "#ffffff"}" stroke="{dark if on else FAINT}" stroke-width="1.3"/>')
        px += goal * 17 + 5
    out.append(_clip(px, ly, f"{fc}/{goal}", SMALL, ix + room - px, INK, bold=True))
    # hand size as card backs (never the cards)
    ly = _mid(mids[2])
    out.append(_text(ix, ly, "hand", SMALL, MUTED))
    k = len(s.hands[p])
    hx = vx
    for i in range(min(k, 6)):
        out.append(_rect(hx + i * 6, mids[2] - 9, 11, 18, BACK[0], "#ffffff", 0.8, 1.5))
    hx += min(k, 6) * 6 + 13 if k else 0
    out.append(_clip(hx, ly, f"{k} card{'s' if k != 1 else ''}", SMALL, ix + room - hx, INK, bold=True))
    ly = _mid(mids[3])
    out.append(_text(ix, ly, "warp", SMALL, MUTED))
    out.append(_text(vx, ly, f"{s.warp[p]} ship{'s' if s.warp[p] != 1 else ''}", SMALL, INK, bold=True))
    if extras:
        out.append(_clip(ix, _mid(mids[4]), " · ".join(extras), SMALL, room, INK, bold=True))

    # the home planets (five; four in the four-planet variant), drawn at the size five
    # would have, each with the ships on it: under it when the panel is tall enough for a
    # row of every colour (and a citadel chip) under a planet at least 20 wide, else (five
    # players) to its right, beside a smaller planet
    cw = (x + w - 6 - gx) / PLANETS
    planets = range(s.np * p, s.np * p + s.np)
    stack = s.n * SHIP_ROW + (CHIP_ROOM if any(s.citadels[pl] for pl in planets) else 0)
    r = min(30.0, (cw - 10) / 2, (body_h - CONE_ROOM - 6 - stack) / 2)
    if r >= 20:
        cy = body_y + CONE_ROOM + r + (body_h - CONE_ROOM - 6 - stack - 2 * r) / 2
        for k, pl in enumerate(planets):
            _planet(s, out, pl, gx + (k + 0.5) * cw, cy, r, body_y + body_h, pl in touched, below=True)
    else:
        r = max(14.0, min(26.0, (cw - 54) / 2, body_h / 2 - 14))
        for k, pl in enumerate(planets):
            _planet(s, out, pl, gx + k * cw + r + 2, body_y + body_h / 2, r, body_y + body_h, pl in touched)


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
    out.append(_tip(s.pname[pl] + ("" if counts else " (no colony)"), disc + number))
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
        chip, _ = _pill(cx - cwid / 2, cy + r + 3 + SMALL * 0.75, label, "#fde4e2", KIND_STYLE[ATTACK][1],
                        SMALL, KIND_STYLE[ATTACK][1])
        out.append(_tip("citadel " + " + ".join(s.t.name[c][7:] for c in cit) + f" = {total}", chip))
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


# ----------------------------------------------------------------------------- cards
def _card(s: State, x: float, y: float, w: float, h: float, card: int, empty: str = "no card") -> str:
    """An encounter-sized card: -1 an empty slot, -2 a face-down card, else face up."""
    if card == -1:
        return (_rect(x, y, w, h, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"')
                + _text(x + w / 2, _mid(y + h / 2), _fit(empty, SMALL, w - 8), SMALL, MUTED, "middle"))
    if card == -2:
        # "face down" on two lines: on one it is wider than the card's inner frame
        return _tip("face down", _rect(x, y, w, h, BACK[0], BACK[1], 1.5, 6)
                    + _rect(x + 5, y + 5, w - 10, h - 10, "none", "#8f93d6", 1, 4)
                    + _text(x + w / 2, y + h * 0.42, "?", h * 0.32, "#ffffff", "middle", True)
                    + _text(x + w / 2, y + h - 34, "face", SMALL, "#e1e2f7", "middle")
                    + _text(x + w / 2, y + h - 12, "down", SMALL, "#e1e2f7", "middle"))
    return _face(s, x, y, w, h, card)


def _face(s: State, x: float, y: float, w: float, h: float, card: int) -> str:
    """A face-up card: a band with its kind, then a big value or its name (the full name
    as a tooltip). At least 100 wide and 80 tall (the band's "ATTACK" is 92 wide)."""
    T = s.t
    kind, value, name = T.kind[card], T.value[card], T.name[card]
    fill, border, label = KIND_STYLE[kind]
    band = 26.0
    parts = [_rect(x, y, w, h, fill, border, 1.6, 6),
             _rect(x + 0.8, y + 0.8, w - 1.6, band, border, "none", 0, 5),
             _text(x + w / 2, _mid(y + band / 2 + 1), label, SMALL, "#ffffff", "middle", True)]
    mid = y + band + (h - band) / 2
    big = min(h - band - 10, w * 0.42, 40.0)
    if kind in (ATTACK, REINFORCEMENT, NEGOTIATE, MORPH):
        mark = {ATTACK: f"{value:02d}", REINFORCEMENT: f"+{value}", NEGOTIATE: "N", MORPH: "M"}[kind]
        parts.append(_text(x + w / 2, _mid(mid, big), mark, big, border, "middle", True))
    else:
        text = T.alien[card] if kind == FLARE else name
        room = max(1, int((h - band - 6) // 22))
        lines = _card_lines(text, w - 4, room)
        top = mid - (len(lines) - 1) * 11
        for i, line in enumerate(lines):
            parts.append(_text(x + w / 2, _mid(top + i * 22), line, SMALL, border, "middle", True))
    return _tip(name, "".join(parts))


def _card_lines(text: str, width: float, room: int) -> list[str]:
    """``text`` in at most ``room`` lines of bold SMALL type ``width`` wide: by words, and
    a word too long for a line split in two with a hyphen (an alien's name on a flare:
    "Reincar-" "nator"), so a card's name is read, not guessed from "Reinc…"."""
    lines: list[str] = []
    for line in _wrap(text, SMALL, width, True):
        lines += _split_word(line, width) if " " not in line and _tw(line, SMALL, True) > width else [line]
    if len(lines) > room:
        lines = _wrap(text, SMALL, width, True)  # no room for the split: cut the words instead
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    return [_fit(t, SMALL, width, True) for t in lines]


_VOWELS = set("aeiouyAEIOUY")
_DIGRAPHS = {"ch", "ck", "gh", "ph", "qu", "sh", "th", "wh"}


def _split_word(word: str, width: float) -> list[str]:
    """A word too wide for ``width`` in two lines that fit: at its own hyphen, else between
    two consonants (Bar-barian), else after a vowel (Kami-kaze), the most even such cut;
    the word as it is when no cut fits."""
    best: tuple[tuple[int, float], list[str]] | None = None
    for k in range(2, len(word) - 1):
        a, b = word[k - 1], word[k]
        if a == "-":
            kind = 0
        elif a.isalpha() and b.isalpha() and a not in _VOWELS and b not in _VOWELS \
                and (a + b).lower() not in _DIGRAPHS:
            kind = 1
        elif a in _VOWELS and b.isalpha() and b not in _VOWELS:
            kind = 2
        else:
            kind = 3
        head = word[:k] if a == "-" else word[:k] + "-"
        wide = max(_tw(head, SMALL, True), _tw(word[k:], SMALL, True))
        if wide <= width and (best is None or (kind, wide) < best[0]):
            best = (kind, wide), [head, word[k:]]
    return best[1] if best else [word]


def _chip(s: State, x: float, y: float, card: int) -> tuple[str, float]:
    """A card as a one-line chip in its kind's colours (for the cards in play); returns
    the SVG and its width."""
    fill, border, _ = KIND_STYLE[s.t.kind[card]]
    name = s.t.name[card]
    w = _tw(name, SMALL, True) + 16
    return (_rect(x, y, w, CHIP_H, fill, border, 1.4, 6)
            + _text(x + 8, _mid(y + CHIP_H / 2), name, SMALL, border, bold=True)), w


CHIP_H = 30.0  # a card in play


# ----------------------------------------------------------------------------- encounter
def _encounter(s: State, out: list[str], v: _View, y: float) -> float:
    """The encounter panel (destiny, gate, target, cards, totals, allies); returns its
    bottom."""
    x, w = RX, RW
    panel = len(out)  # the panel's rectangle goes here once its height is known
    # the destiny card
    dw, dh = 112.0, 100.0
    dx, dy = x + w - dw - 10, y + 10
    text, hexes = _destiny_text(s, s.destiny)
    if text:
        dfill, ddark, dtint = hexes
        out.append(_rect(dx, dy, dw, dh, dtint, ddark, 1.6, 6))
        out.append(_rect(dx + 0.8, dy + 0.8, dw - 1.6, 26, ddark, "none", 0, 5))
        out.append(_text(dx + dw / 2, _mid(dy + 14), "DESTINY", SMALL, "#ffffff", "middle", True))
        if s.destiny < s.n:
            out.append(f'<circle cx="{_n(dx + dw / 2)}" cy="{_n(dy + 50)}" r="14" fill="{dfill}" stroke="{ddark}"/>')
            out.append(_clip(dx + dw / 2, dy + dh - 12, text, SMALL, dw - 8, ddark, "middle", True))
        else:
            lines = _wrap(text.upper() if s.destiny == WILD else text, SMALL, dw - 8)[:3]
            top = dy + 26 + (dh - 26) / 2 - (len(lines) - 1) * 11
            for i, line in enumerate(lines):
                out.append(_clip(dx + dw / 2, _mid(top + i * 22), line, SMALL, dw - 8, ddark, "middle"))
    else:
        out.append(_rect(dx, dy, dw, dh, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"'))
        out.append(_text(dx + dw / 2, _mid(dy + dh / 2), "destiny", SMALL, MUTED, "middle"))
    off, d = s.offense, s.defender
    lw = dx - x - 22  # the lines left of the destiny card
    if off < 0:
        out.append(_text(x + 12, y + 36, "no encounter yet", SMALL, MUTED))
        bottom = _legend(s, out, x + 12, y + 134, w - 24)
        out.insert(panel, _rect(x, y, w, bottom - y, PANEL, LINE, 1.4, 9))
        return bottom
    n = s.n
    finished = s.stage in ("end of encounter", "game over")
    ohex = _seat_hex(s, off)
    # who meets whom, where, and how it ended
    oname = s.colours[off].capitalize()
    if d >= 0:
        dname = s.colours[d].capitalize()
        verb = "encounters"
        if _tw(f"{oname}  {dname}", BIG, True) + _tw(f" {verb} ", SMALL) > lw:
            verb = "vs"  # long colour names
        parts = [_tspan(oname, ohex[1], True), _tspan(verb, MUTED, size=SMALL, dx=7),
                 _tspan(dname, _seat_hex(s, d)[1], True, dx=7)]
    else:
        parts = [_tspan(oname, ohex[1], True), _tspan("is the offense", MUTED, size=SMALL, dx=7)]
    out.append(f'<text x="{_n(x + 12)}" y="{_n(y + 36)}" font-size="{BIG}">{"".join(parts)}</text>')
    tgt = (f"target planet: {s.pname[s.target]}" if s.target >= 0
           else "the gate is not aimed yet" if d >= 0 else "drawing destiny")
    out.append(_clip(x + 12, y + 62, tgt, SMALL, lw, MUTED))
    if s.outcome:
        good = s.outcome in ("offense", "deal_made", "reestablished", "cancelled", "colony granted")
        bad = s.outcome in ("defense", "deal_failed", "both lose", "no card")
        whole = _OUTCOME_TEXT.get(s.outcome, s.outcome)
        text = _OUTCOME_SHORT.get(s.outcome, whole)
        if finished and s.last_result and s.last_result.get("totals"):
            text += " ({}-{})".format(*s.last_result["totals"])
        out.append(_clip(x + 12, y + 88, text, SMALL, lw, GOOD if good else BAD if bad else INK, bold=True,
                         tip=whole if not text.startswith(whole) else ""))

    # the hyperspace gate (offense side) aimed at the target planet (defense side)
    gy = y + 184
    gx = x + 14
    out.append(_text(gx, y + 130, "hyperspace gate", SMALL, MUTED))
    ofill, odark, otint = ohex
    out.append(f'<path d="M{_n(gx)} {_n(gy - 36)} L{_n(gx + 190)} {_n(gy - 13)} L{_n(gx + 190)} {_n(gy + 13)} '
               f'L{_n(gx)} {_n(gy + 36)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.4"/>')
    on_gate = [(q, s.gate[q]) for q in [off] + list(s.allies[OFF]) if s.gate[q]]
    on_gate += [(q, s.gate[q]) for q in range(n) if s.gate[q] and q != off and q not in s.allies[OFF]]
    for i, (q, k) in enumerate(on_gate[:6]):
        col, row = divmod(i, 3)
        out.append(_ships(gx + 6 + col * 62, _mid(gy + (row - 1) * 23), _seat_hex(s, q), k))
    if not on_gate:
        out.append(_text(gx + 12, _mid(gy), "empty", SMALL, MUTED))
    px, pr = gx + 246, 30.0
    if s.target >= 0:
        tfill, tdark, ttint = _seat_hex(s, s.target // s.np)
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr + 5)}" fill="none" stroke="{GATE}" stroke-width="3"/>')
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="{ttint}" stroke="{tdark}" stroke-width="1.6"/>')
        out.append(_text(px, gy - 5, str(s.target % s.np + 1), MID, tdark, "middle", True))
        if d >= 0:
            k = s.ships[s.target * n + d]
            out.append(_ships(px - 17, gy + 22, _seat_hex(s, d), k, dim=k == 0))
    else:
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="#fafbfc" stroke="{FAINT}" '
                   f'stroke-width="1.2" stroke-dasharray="4 3"/>')
        out.append(_text(px, _mid(gy, MID), "?", MID, FAINT, "middle", True))
    beside = [(q, s.side[q]) for q in s.allies[DEF] if s.side[q]]
    ax = px + pr + 18
    out.append(_text(ax, y + 130, "defense allies", SMALL, MUTED))
    for i, (q, k) in enumerate(beside[:4]):
        out.append(_ships(ax + (i // 2) * 62, _mid(gy - 12 + (i % 2) * 26), _seat_hex(s, q), k))
    if not beside:
        out.append(_text(ax, _mid(gy), "none", SMALL, MUTED))

    # the encounter cards, each with what it counts as, the ships and the total
    both = s.revealed and s.card[OFF] >= 0 and s.card[DEF] >= 0
    totals = both and s.kinds == (ATTACK, ATTACK)
    sides = []
    for side in (OFF, DEF):
        who = s.main(side)
        if who < 0:
            continue
        lines = [(s.colours[who].capitalize(), _seat_hex(s, who)[1], True)]
        claim = s.claim if s.claim is not None and s.claim[0] == side else None
        if claim is not None:
            # Gambler's card stays face down: what it says it is (and whether accepted)
            lines += [("accepted:" if claim[2] else "says:", MUTED, False), (claim[1] or "…", INK, True)]
        if both and s.kinds[side] >= 0:
            kind = s.kinds[side]
            # a claimed card counts as what was said (its face would tell a bluff)
            printed = s.t.face_kind[claim[1]] if claim is not None and claim[1] else s.t.kind[s.card[side]]
            if kind == ATTACK:
                value = f"{s.values[side]:02d}"
                if claim is None:
                    lines += ([(f"card {value}", INK, False)] if printed == ATTACK
                              else [("counts as", MUTED, False), (value, INK, True)])
                lines.append((f"+ {s.side_ships(side)} ships", INK, False))
                if s.reinf[side]:
                    lines.append((f"+ reinf. {s.reinf[side]}", INK, False))
            elif kind != printed:
                lines += [("counts as", MUTED, False),
                          (("attack", "negotiate", "morph")[kind] if kind <= MORPH else "?", INK, True)]
        sides.append((side, who, lines))
    most = max((len(lines) for _, _, lines in sides), default=0)
    step = STEP if most <= 4 else 22.0  # five lines: a little closer, and a taller card
    cw, ch = 100.0, max(106.0, 8 + step * most)
    cy = y + 230
    for side, who, lines in sides:
        cx0 = x + 10 + side * (w / 2)
        out.append(_card(s, cx0, cy, cw, ch, v.cards[side], "discarded" if finished else "no card"))
        tx = cx0 + cw + 8
        room = x + (side + 1) * (w / 2) - tx - 6
        for i, (t, colour, bold) in enumerate(lines):
            out.append(_clip(tx, _mid(cy + 4 + step * (i + 0.5)), t, SMALL, room, colour, bold=bold))
        if totals:  # under the middle of its side, "vs" between the two
            out.append(_text(x + (side + 0.5) * (w / 2), cy + ch + 28, f"total {s.totals[side]}", BIG,
                             _seat_hex(s, who)[1], "middle", True))
    if totals:
        out.append(_text(x + w / 2, cy + ch + 28, "vs", SMALL, MUTED, "middle"))
    ay = cy + ch + (40 if totals else 8) if sides else cy
    # allies and invitations (a line each, two when the names need them)
    pending = _pending_answers(s)
    for side in (OFF, DEF):
        names = []
        for q in s.allies[side]:
            k = s.gate[q] if side == OFF else s.side[q]
            names.append(f"{s.colours[q]} ({k} ship{'s' if k != 1 else ''})" if k else f"{s.colours[q]} (ships home)")
        units = [f"{('offense', 'defense')[side]} allies:"] + [t + "," for t in names[:-1]] + (names[-1:] or ["none"])
        inv = [s.colours[q] for q in s.inv[side] if q in pending]
        if inv:
            units += ["· invited:"] + [t + "," for t in inv[:-1]] + inv[-1:]
        txt = " ".join(units)
        lines = _pack(units, w - 24)
        if len(lines) > 2:
            lines = lines[:1] + [" ".join(lines[1:])]
        body = "".join(_text(x + 12, _mid(ay + STEP * (i + 0.5)), _fit(t, SMALL, w - 24), SMALL, INK)
                       for i, t in enumerate(lines))
        out.append(_tip(txt, body) if len(lines) > 1 else body)
        ay += STEP * len(lines)
    bottom = ay + 8
    out.insert(panel, _rect(x, y, w, bottom - y, PANEL, LINE, 1.4, 9))
    return bottom


def _pack(units: list[str], width: float) -> list[str]:
    """Lines of SMALL text at most ``width`` wide, cut between ``units`` (an ally and its
    ships, a clause), a unit itself by words only when it is wider than a line."""
    lines: list[str] = []
    for u in units:
        if lines and _tw(f"{lines[-1]} {u}", SMALL) <= width:
            lines[-1] += " " + u
        else:
            lines += _wrap(u, SMALL, width)
    return lines


def _legend(s: State, out: list[str], x: float, y: float, w: float) -> float:
    """How to read the board (shown while no encounter is on), and the game's options;
    returns the bottom of the panel around it."""
    out.append(_text(x, y, "How to read the board", SMALL, INK, bold=True))
    rows = [
        ("ships", "saucer and count: ships of a colour"),
        ("pips", "foreign colonies: five win"),
        ("gate", "orange ring: the gate's target"),
        ("last", "magenta: the last action"),
        ("cards", "hands are counted (yours shown)"),
    ]
    for i, (key, text) in enumerate(rows):
        yy = y + 30 + i * 30
        mid = yy - SMALL * 0.36
        if key == "ships":
            out.append(_ships(x - 2, yy, SEAT_HEX["blue"], 4))
        elif key == "pips":
            for k in range(3):
                on = k < 2
                out.append(f'<circle cx="{_n(x + 6 + k * 15)}" cy="{_n(mid)}" r="6" '
                           f'fill="{SEAT_HEX["green"][0] if on else "#ffffff"}" stroke="{SEAT_HEX["green"][1] if on else FAINT}"/>')
        elif key == "gate":
            out.append(f'<circle cx="{_n(x + 18)}" cy="{_n(mid)}" r="10" fill="none" stroke="{GATE}" stroke-width="2.5"/>')
        elif key == "last":
            out.append(f'<circle cx="{_n(x + 18)}" cy="{_n(mid)}" r="10" fill="none" stroke="{HILITE}" '
                       f'stroke-width="2" stroke-dasharray="4 2"/>')
        else:
            for k in range(3):
                out.append(_rect(x + 4 + k * 6, mid - 9, 11, 18, BACK[0], "#ffffff", 0.8, 1.5))
        out.append(_clip(x + 56, yy, text, SMALL, w - 56, MUTED))
    opts = f"flares {'on' if s.rules.flares else 'off'} · powers {'on' if s.rules.powers else 'off'}"
    last = y + 30 + len(rows) * 30 + 4
    out.append(_clip(x, last, opts, SMALL, w, MUTED))
    return last + 14


def _deal_lines(s: State) -> tuple[str, str, list[str], str]:
    """The deal being negotiated, or just made or failed: its title, colour, lines (what
    each side gives and where it lands, a line each) and the terms in one sentence (the
    lines' tooltip); no title: no deal."""
    if s.outcome not in ("deal", "deal_made", "deal_failed") or s.stage in ("end of encounter", "game over"):
        return "", INK, [], ""
    made, failed = s.outcome == "deal_made", s.outcome == "deal_failed"
    colour = GOOD if not failed else BAD
    made_so_far = s.tasks[0][2] if s.tasks and s.tasks[0][0] == "deal" else 0
    if made:
        title = "Deal made:"
    elif failed:
        title = f"Deal failed: main players lose {s.rules.deal_fail_ships} ships"
    else:
        title = f"Deal · {made_so_far} of {s.rules.deal_rounds} proposals made"
    if s.deal_offer is None:
        return title, colour, ["allies went home; no proposal yet"], ""
    by, prop = s.deal_offer
    (oc, on, op), (dc, dn, dp) = prop.a, prop.b
    if not made and not failed:
        title = f"{s.colours[by].capitalize()}'s proposal ({made_so_far} of {s.rules.deal_rounds}):"
    lines = [f"{c} gives {k} card{'s' if k != 1 else ''}" + (f", lands on {at}" if at else "")
             for c, k, at in ((oc, on, op), (dc, dn, dp))]
    if not op and not dp:
        lines.append("no colony changes hands")
    lands = [f"{oc} lands on {op}" if op else "", f"{dc} lands on {dp}" if dp else ""]
    head = "terms" if made else f"{s.colours[by].capitalize()} proposes"
    whole = (f"{head}: {oc} gives {on} card{'s' if on != 1 else ''}, {dc} gives {dn} card{'s' if dn != 1 else ''}; "
             + ("; ".join(t for t in lands if t) or "no colony changes hands"))
    return title, colour, lines, whole


def _deal(s: State, out: list[str], y: float) -> float:
    """The deal being negotiated (or just made or failed); returns its bottom."""
    title, colour, lines, whole = _deal_lines(s)
    if not title:
        return y
    x, w = RX, RW
    h = 14 + STEP * (1 + len(lines))
    out.append(_rect(x, y, w, h, "#f4fbf6" if colour == GOOD else "#fdf1f0", colour, 1.4, 9))
    out.append(_clip(x + 12, _mid(y + 7 + STEP / 2), title, SMALL, w - 24, colour, bold=True))
    body = "".join(_clip(x + 12, _mid(y + 7 + STEP * (i + 1.5)), line, SMALL, w - 24, INK if whole else MUTED)
                   for i, line in enumerate(lines))
    out.append(_tip(whole, body) if whole else body)
    return y + h + 8


def _effects(s: State) -> list[str]:
    """Lasting effects of artifacts, flares and powers played this encounter, in words."""
    col = s.colours
    out: list[str] = []
    for k in sorted(s.eflags, key=repr):
        if not isinstance(k, tuple) or not k:
            continue
        if k[0] == "flared":
            who = _flare_player(s, k[1])
            out.append(f"{k[1]} flare played" + (f" by {col[who]}" if who >= 0 else ""))
        elif k == ("emotion",):
            out.append("Emotion Control: attacks count as negotiates")
        elif k == ("ionic",):
            out.append("Ionic Gas: no compensation and no rewards")
        elif k[0] == "zap":
            out.append(f"Cosmic Zap: {col[k[1]]}'s power is off")
        elif k == ("cancel",):
            out.append("Oracle flare: the encounter is cancelled")
        elif k == ("both_lose",):
            out.append("Loser flare: both sides lose")
        elif k[0] == "upset":
            out.append(f"Loser: {col[k[1]]} declared an upset (the loser wins)")
        elif k[0] == "used" and 0 <= k[1] < s.n and s.alien[k[1]]:
            out.append(f"{s.alien[k[1]]} power used by {col[k[1]]}")
    if s.face_up >= 0:
        out.append(f"Oracle: {col[s.face_up]} selects its card face up")
    return out


def _flare_player(s: State, alien: str) -> int:
    """Who played ``alien``'s flare this encounter (the latest such action in the log)."""
    for i in range(len(s.log) - 1, max(-1, len(s.log) - 300), -1):
        a = s.log[i]
        if a.kind == "flare" and a.a == alien:
            return s.actors[i] if i < len(s.actors) else -1
    return -1


def _in_play(s: State, out: list[str], y: float, bottom: float) -> float:
    """Cards on the table (as chips) and lasting effects, as many as the panel holds (the
    others named in the tooltip of a "+k more" mark); returns its bottom."""
    x, w = RX, RW
    effects = _effects(s)
    table = list(s.table)
    h = max(STEP + 14, bottom - y)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    head = "In play this encounter"
    hy = _mid(y + 7 + STEP / 2)
    out.append(_text(x + 12, hy, head, SMALL, INK, bold=True))
    hidden: list[str] = []
    cx, cy = x + 12, y + 14 + STEP
    for i, c in enumerate(table):
        chip, cw = _chip(s, cx, cy, c)
        if cx + cw > x + w - 12 and cx > x + 12:
            cx, cy = x + 12, cy + CHIP_H + 6
            chip, cw = _chip(s, cx, cy, c)
        if cy + CHIP_H > y + h - 6 or cx + cw > x + w - 12:
            hidden += [s.t.name[c] for c in table[i:]]
            break
        out.append(chip)
        cx += cw + 6
    ty = cy + CHIP_H + 6 if table and not hidden else cy if table else y + 7 + STEP
    room = max(0, int((y + h - 6 - ty) // STEP))
    # each effect on its lines (a second one when it needs it and there is room)
    bw = _tw("• ", SMALL)
    row = 0
    for i, e in enumerate(effects):
        if row >= room:
            hidden += effects[i:]
            break
        lines = _wrap(e, SMALL, w - 24 - bw)
        if row + len(lines) > room:
            lines = [e]  # the last row left: cut (the whole effect is its tooltip)
        out.append(_text(x + 12, _mid(ty + STEP * (row + 0.5)), "•", SMALL, INK))
        for t in lines:
            out.append(_clip(x + 12 + bw, _mid(ty + STEP * (row + 0.5)), t, SMALL, w - 24 - bw, INK))
            row += 1
    if hidden:
        more = f"+{len(hidden)} more"
        if _tw(head, SMALL, True) + _tw(more, SMALL) + 36 > w:
            more = f"+{len(hidden)}"
        out.append(_tip("; ".join(hidden), _text(x + w - 12, hy, more, SMALL, MUTED, "end")))
    if not table and not effects and room:
        out.append(_text(x + 12, _mid(ty + STEP / 2), "nothing", SMALL, MUTED))
    return y + h


def _last_lines(s: State) -> tuple[str, list[str]]:
    """The last finished encounter's result in words, and its lines in the panel (the
    first after the panel's heading, at most three)."""
    lr = s.last_result
    if lr is None:
        return "none yet", ["none yet"]
    col = s.colours
    what = _OUTCOME_TEXT.get(lr["outcome"], lr["outcome"])
    vs = f"{col[lr['offense']]} vs {col[lr['defender']]}" if lr["defender"] >= 0 else col[lr["offense"]]
    where = f" at {lr['target']}" if lr["target"] else ""
    cards = " vs ".join(c or "-" for c in lr["cards"]) if any(lr["cards"]) else ""
    tot = ", {}-{}".format(*lr["totals"]) if lr.get("totals") else ""
    line = f"{vs}{where}: {what}" + (f" ({cards}{tot})" if cards else "")
    room = RW - 24
    first = _wrap(line, SMALL, room - _tw(LAST_HEAD, SMALL, True) - 6)
    lines = first[:1] + _wrap(" ".join(first[1:]), SMALL, room) if first else []
    if len(lines) > 3:
        lines = lines[:2] + [_fit(" ".join(lines[2:]), SMALL, room)]
    return line, lines


LAST_HEAD = "Last encounter:"
WARP_H = 14 + 4 * STEP  # the warp and decks panel


def _last_encounter(s: State, out: list[str], y: float, line: str, lines: list[str]) -> float:
    """The result of the last finished encounter (:func:`_last_lines`); returns its
    bottom."""
    x, w = RX, RW
    h = 14 + STEP * len(lines)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    hw = _tw(LAST_HEAD, SMALL, True)
    out.append(_text(x + 12, _mid(y + 7 + STEP / 2), LAST_HEAD, SMALL, MUTED, bold=True))
    ink = INK if s.last_result else MUTED
    body = "".join(_text(x + 12 + (hw + 6 if i == 0 else 0), _mid(y + 7 + STEP * (i + 0.5)), t, SMALL, ink)
                   for i, t in enumerate(lines))
    out.append(_tip(line, body))
    return y + h


def _warp_and_decks(s: State, out: list[str], y: float, h: float) -> None:
    """The warp (a swirl and the ships of every colour in it) beside the three decks, and
    the card on top of the discard pile on a line of its own (a card's name needs it)."""
    x, w = RX, RW
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    mids = [y + 7 + STEP * (i + 0.5) for i in range(4)]
    out.append(f'<circle cx="{_n(x + 24)}" cy="{_n(mids[0])}" r="12" fill="#efeaf8" stroke="#6b5fa8" '
               'stroke-width="1.2"/>')
    out.append(_spiral(x + 23, mids[0] + 1, 7, "#6b5fa8"))
    out.append(_text(x + 44, _mid(mids[0]), "warp", SMALL, MUTED, bold=True))
    k = 0
    for p in range(s.n):
        if s.warp[p]:
            row, col = divmod(k, 3)
            out.append(_ships(x + 12 + col * 58, _mid(mids[1 + row]), _seat_hex(s, p), s.warp[p]))
            k += 1
    if k == 0:
        out.append(_text(x + 12, _mid(mids[1]), "empty", SMALL, MUTED))
    # the decks
    dx = x + 188
    rows = [
        ("deck", f"{len(s.deck)} cards"),
        ("discard", f"{len(s.discard)} card{'s' if len(s.discard) != 1 else ''}"),
        ("destiny", f"{len(s.ddeck)} left, {len(s.ddiscard)} drawn"),
    ]
    for i, (a, b) in enumerate(rows):
        out.append(_text(dx, _mid(mids[i]), a, SMALL, MUTED))
        out.append(_clip(dx + 88, _mid(mids[i]), b, SMALL, x + w - 12 - dx - 88, INK, bold=True))
    if s.discard:
        head = "top of the discard pile:"
        tx = x + 12 + _tw(head, SMALL) + 6
        out.append(_text(x + 12, _mid(mids[3]), head, SMALL, MUTED))
        out.append(_clip(tx, _mid(mids[3]), s.t.name[s.discard[-1]], SMALL, x + w - 12 - tx, INK, bold=True))


# ----------------------------------------------------------------------------- viewer's hand
def _hand_strip(s: State, out: list[str], v: _View, y: float) -> None:
    p = v.viewer
    assert p is not None
    hexes = _seat_hex(s, p)
    out.append(_rect(LX, y, W - 2 * LX, HAND_H, PANEL, hexes[1], 1.6, 9))
    hand = v.hand or []
    title = f"{s.colours[p].capitalize()}'s hand · {len(hand)} card{'s' if len(hand) != 1 else ''}"
    ty = _mid(y + 18)
    out.append(_text(LX + 12, ty, title, SMALL, hexes[1], bold=True))
    note_x = LX + 12 + _tw(title, SMALL, True) + 24
    cy = y + HAND_H - CARD_H - 9
    cards = list(hand)
    hoard = list(v.hoard or [])
    a, b = _hand_room(len(cards), len(hoard))
    x = _card_row(s, out, cards, a, LX + 12, cy)
    if not cards:
        why = "hands of eight are dealt once every player has chosen an alien" if s.stage == "setup" else "no cards"
        out.append(_clip(LX + 12, _mid(cy + CARD_H / 2), why, SMALL, W - 2 * LX - 24, MUTED))
        x = LX + 12 + _tw(why, SMALL)
    if hoard:
        x += 4
        out.append(f'<line x1="{_n(x)}" y1="{_n(cy)}" x2="{_n(x)}" y2="{_n(cy + CARD_H)}" stroke="{LINE}"/>')
        out.append(_text(x + 10, _mid(cy + CARD_H / 2), "hoard", SMALL, MUTED, bold=True))
        x = _card_row(s, out, hoard, b, x + 20 + _tw("hoard", SMALL, True), cy)
    note = "seen only by this player"
    if v.offers:
        note = "aliens dealt: " + " or ".join(v.offers) + " (keep one)"
    elif v.peeked:
        # a hand the viewer may look at now, on as many lines as it needs beside the cards
        # (one line over them would cut its names)
        col = s.colours
        units = []
        for q, names in v.peeked.items():
            units += [f"{col[q]}'s hand (shown to you):"] + [t + "," for t in names[:-1]] + (names[-1:] or ["empty"])
        note = " ".join(units)
        fx = max(x + 20, note_x)
        lines = _pack(units, W - LX - 12 - fx)
        rows = int((HAND_H - 8) // STEP)
        if W - LX - 12 - fx >= 240 and len(lines) <= rows:
            body = "".join(_text(fx, _mid(y + 6 + STEP * (i + 0.5)), t, SMALL, INK) for i, t in enumerate(lines))
            out.append(_tip(note, body))
            return
    out.append(_tip(note, _text(W - LX - 12, ty, _fit(note, SMALL, W - LX - 12 - note_x, bool(v.peeked)), SMALL,
                                MUTED if not v.peeked else INK, "end", bool(v.peeked))))


CARD_GAP = 6.0  # between two cards of the hand strip
MARK_W = 56.0  # a "+k" mark for the cards the strip has no room for


def _hand_room(hand: int, hoard: int) -> tuple[int, int]:
    """How many cards of the hand and of the hoard the strip shows: all when they fit,
    else as many as fit, shared in proportion (each part that is cut gets a "+k" mark)."""
    avail = W - 2 * LX - 24 + CARD_GAP
    if hoard:
        avail -= 30 + _tw("hoard", SMALL, True)  # the separator and the word "hoard"
    slot = CARD_W + CARD_GAP

    def width(a: int, b: int) -> float:
        return (a + b) * slot + (MARK_W if a < hand else 0) + (MARK_W if b < hoard else 0)

    fits = [(a, b) for a in range(hand + 1) for b in range(hoard + 1) if width(a, b) <= avail]
    return max(fits, key=lambda ab: (ab[0] + ab[1], -abs(ab[0] / max(1, hand) - ab[1] / max(1, hoard)), ab[0]))


def _card_row(s: State, out: list[str], cards: list[int], shown: int, x: float, y: float) -> float:
    """The first ``shown`` of ``cards`` face up from ``x``, and a "+k" mark naming the
    others in its tooltip; returns where the row ends."""
    for c in cards[:shown]:
        out.append(_face(s, x, y, CARD_W, CARD_H, c))
        x += CARD_W + CARD_GAP
    if len(cards) > shown:
        rest = ", ".join(s.t.name[c] for c in cards[shown:])
        out.append(_tip(rest, _text(x, _mid(y + CARD_H / 2, BIG), f"+{len(cards) - shown}", BIG, MUTED,
                                    bold=True)))
        x += MARK_W
    return x


# ----------------------------------------------------------------------------- entry point
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
        v.last, v.last_actor, v.last_text = None, -1, ""
    height_vb = VIEW_H if viewer is not None else BASE_H
    height = round(width * height_vb / W)
    label = "public view" if viewer is None else f"{state.colours[viewer]}'s view"
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {W} {height_vb}" font-family="{FONT}" fill="{INK}">'),
        _rect(0, 0, W, height_vb, PAPER),
    ]
    _header(state, out, v, label)
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
