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
  badge), Citadel's citadels (a chip by the planet with their sum), its
  role in the encounter (offense, defense, invited, ally) and its five home planets with
  the ships of every colour on each (the planet's name as a tooltip); the planet the
  hyperspace gate aims at wears the gate's cone;
* the encounter (right column): the destiny card, the hyperspace gate with the ships of
  the offense and its allies, the target planet with the defender's ships and the
  defensive allies' beside it, both encounter cards (face down until revealed, or until
  an Oracle made one public) with card, ships, reinforcements and totals, the outcome,
  the deal on the table; then the cards in play and lasting effects (artifacts, flares,
  zaps), the last encounter's result, the warp and the decks;
* with ``viewer=seat``, a strip at the bottom with that seat's hand (and hoard, and any
  hand it may look at now: Will's flare, Barbarian's loot, Hacker's compensation).

Legible when projected (issue 15): no text is smaller than :data:`MIN_FONT` units, and the
drawing's aspect (:data:`W` wide, :data:`VIEW_H` tall with a hand) suits the board beside
its controls column: at 1280x720 the board shows it 910 px wide, so the smallest text is
12 px (``tests/cosmic/test_render.py`` measures it). Hence few words: short labels,
numbers rather than sentences, and names of planets and phases as tooltips.

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

#: the smallest font size the drawing uses (its units): 12 px when shown 910 px wide
MIN_FONT = 16
#: the text sizes: most text, titles and the line of who decides, the turn and totals
SMALL, MID, BIG = MIN_FONT, 18, 20
W = 1200  # viewBox width
HEADER_H = 92
TOP = HEADER_H + 6  # top of the two columns
MAIN_H = 652  # height of the two columns
HAND_H = 100  # the viewer's hand strip
BASE_H = TOP + MAIN_H + 6  # the drawing's height without a hand strip
#: the drawing's height with the viewer's hand: W / VIEW_H is 1.39, the aspect a
#: 1280x720 window gives the map beside the side column (910 x 656 px)
VIEW_H = BASE_H + HAND_H + 8
LX, LW = 10.0, 700.0  # the players' column
RX, RW = 720.0, 470.0  # the encounter column
CARD_W, CARD_H = 84.0, 64.0  # a card in the hand strip


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
    """A saucer with a count: ``k`` ships of one colour (about 22 + 10 per digit wide)."""
    op = ' opacity="0.45"' if dim else ""
    return f'<g{op}>{_saucer(x + 9, y - size * 0.3, hexes)}{_text(x + 21, y, str(k), size, hexes[1], bold=True)}</g>'


def _spiral(x: float, y: float, r: float, stroke: str) -> str:
    """The warp's swirl."""
    d = (f"M{_n(x)} {_n(y)} q{_n(r * 0.5)} {_n(-r * 0.2)} {_n(r * 0.4)} {_n(r * 0.45)} "
         f"t{_n(-r * 0.9)} {_n(r * 0.35)} t{_n(-r * 0.5)} {_n(-r * 1.1)} t{_n(r * 1.5)} {_n(-r * 0.55)}")
    return f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="1.6" stroke-linecap="round"/>'


def _tip(title: str, body: str) -> str:
    """``body`` with ``title`` as its tooltip."""
    return f"<g><title>{escape(title)}</title>{body}</g>"


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
    out.append(_text(W - 14, 26, right, SMALL, MUTED, "end", True))
    room = W - 14 - _tw(right, SMALL, True) - 24
    if s.turn > 0 and s.offense >= 0:
        fill, dark, _ = _seat_hex(s, s.turn_player)
        out.append(f'<circle cx="21" cy="19" r="8" fill="{fill}" stroke="{dark}"/>')
        line = f"Turn {s.turn} · {seat_label(s, s.turn_player)}'s turn"
        if s.enc_no != 1:
            line += f", {({2: 'second'}).get(s.enc_no, f'#{s.enc_no}')} encounter"
        if s.offense != s.turn_player:
            line += f" (counter-attack by {s.colours[s.offense].capitalize()})"
        out.append(_text(36, 26, _fit(line, BIG, room - 36, True), BIG, INK, bold=True))
    else:
        out.append(_text(14, 26, _fit("Set-up: each player keeps one of two aliens", BIG, room, True), BIG,
                         INK, bold=True))

    y = 54
    if s.over:
        ws = ", ".join(seat_label(s, p) for p in s.winners())
        why = s.win_reason or f"{s.win_at} foreign colonies"
        svg, pw = _pill(14, y, "GAME OVER", BAD, "#ffffff")
        out.append(svg)
        lead = "Winner" if len(s.winners()) == 1 else "Shared win"
        text = _fit(f"{lead}: {ws} ({why})", MID, W - pw - 38, True)
        out.append(_text(14 + pw + 10, y + 6, text, MID, INK, bold=True))
    else:
        # the seven phases of an encounter: the current one named, the others numbered
        cur = _STAGE_PHASE.get(s.stage, -1)
        x = 14.0
        for i, ph in enumerate(PHASES):
            if i == cur:
                svg, w = _pill(x, y, f"{i + 1} {ph}", INK, "#ffffff")
                out.append(svg)
            else:
                w = 24.0
                ink = FAINT if cur >= 0 and i > cur else MUTED
                out.append(_tip(ph, f'<circle cx="{_n(x + 12)}" cy="{y}" r="12" fill="#eef0f2"/>'
                                + _text(x + 12, y + 6, str(i + 1), SMALL, ink, "middle", True)))
            x += w + 4
        actor = s.current_player
        if actor >= 0:
            fill, dark, _ = _seat_hex(s, actor)
            who = seat_label(s, actor, v.viewer) + (" (you)" if actor == v.viewer else "")
            out.append(f'<circle cx="{_n(x + 14)}" cy="{y}" r="7" fill="{fill}" stroke="{dark}"/>')
            out.append(_text(x + 27, y + 6, _fit(f"{who}: {waiting_text(s)}", MID, W - x - 41, True),
                             MID, INK, bold=True))
    if v.last is not None:
        who = s.colours[v.last_actor].capitalize() if 0 <= v.last_actor < s.n else ""
        out.append(_text(14, 82, "Last action:", SMALL, MUTED))
        lx = 14 + _tw("Last action:", SMALL) + 8
        text = f"{who} — {v.last_text}" if who else v.last_text
        out.append(_text(lx, 82, _fit(text, SMALL, W - lx - 14, True), SMALL, HILITE, bold=True))


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
    inv = [name for side, name in ((OFF, "offense"), (DEF, "defense")) if p in s.inv[side]]
    if inv and p in _pending_answers(s):
        return "INVITED BY " + " & ".join(inv).upper()
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


def _panel(s: State, out: list[str], v: _View, p: int, x: float, y: float, w: float, h: float,
           touched: set[int], highlight: bool) -> None:
    hexes = _seat_hex(s, p)
    fill, dark, tint = hexes
    to_act = s.current_player == p
    won = s.over and p in s.winners()
    strong = to_act or won
    out.append(_rect(x, y, w, h, PANEL, dark if strong else LINE, 3.2 if strong else 1.4, 9))
    # title strip: colour and alien (its power's text as a tooltip), then role badges
    th = 28.0
    out.append(f'<path d="M{_n(x)} {_n(y + th)} V{_n(y + 9)} Q{_n(x)} {_n(y)} {_n(x + 9)} {_n(y)} '
               f'H{_n(x + w - 9)} Q{_n(x + w)} {_n(y)} {_n(x + w)} {_n(y + 9)} V{_n(y + th)} Z" fill="{fill}"'
               + ("" if _on_fill(fill) == "#ffffff" else f' stroke="{dark}" stroke-width="1"') + "/>")
    ink = _on_fill(fill)
    bx = x + w - 8
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
        bx -= bw + 6
    alien = v.aliens[p]
    title = ("▶ " if to_act else "") + s.colours[p].capitalize()
    if alien:
        title += f" · {_powers_text(s, p, alien)}"
    elif s.rules.powers and v.offers and p == v.viewer:
        title += " · dealt " + " or ".join(v.offers)
    elif s.rules.powers and s.alien[p] is not None:
        title += " · alien secret"
    label = _text(x + 10, y + 21, _fit(title, MID, bx - x - 16, True), MID, ink, bold=True)
    if alien and alien in s.g.aliens:
        label = _tip(f"{alien}: {s.g.aliens[alien].summary}", label)
    out.append(label)

    # the info column: power, foreign colonies, hand, warp
    body_y = y + th
    body_h = h - th
    ix = x + 12
    gx = x + 262  # the planets
    step = min(24.0, (body_h - 6) / 4)
    ly = body_y + (body_h - step * 4) / 2 + step * 0.78
    text, colour, tip = _power_status(s, p, v)
    out.append(_tip(tip, _text(ix, ly, _fit(text, SMALL, gx - ix - 8, True), SMALL, colour, bold=True)))
    ly += step
    fc = s.foreign_colonies(p)
    goal = s.win_at
    out.append(_text(ix, ly, "colonies", SMALL, MUTED))
    px = ix + 74
    if goal <= 8:
        for k in range(goal):
            on = k < fc
            out.append(f'<circle cx="{_n(px + 6 + k * 15)}" cy="{_n(ly - 5.5)}" r="6" '
                       f'fill="{fill if on else "#ffffff"}" stroke="{dark if on else FAINT}" stroke-width="1.3"/>')
        px += goal * 15 + 6
    out.append(_text(px, ly, f"{fc}/{goal}", SMALL, INK, bold=True))
    ly += step
    # hand size as card backs (never the cards), and Miser's hoard
    out.append(_text(ix, ly, "hand", SMALL, MUTED))
    k = len(s.hands[p])
    hx = ix + 74
    label = f"{k} card{'s' if k != 1 else ''}"
    if s.hoard[p]:  # Miser: the words need the backs' room
        label += f" · hoard {len(s.hoard[p])}"
    else:
        for i in range(min(k, 8)):
            out.append(_rect(hx + i * 5, ly - 13, 10, 15, BACK[0], "#ffffff", 0.8, 1.5))
        hx += min(k, 8) * 5 + 12 if k else 0
    out.append(_text(hx, ly, _fit(label, SMALL, gx - hx - 6, True), SMALL, INK, bold=True))
    ly += step
    out.append(_text(ix, ly, "warp", SMALL, MUTED))
    wl = f"{s.warp[p]} ship{'s' if s.warp[p] != 1 else ''}"
    if s.tokens[p]:
        wl += f" · {s.tokens[p]} token{'s' if s.tokens[p] != 1 else ''}"
    if s.grudge[p]:  # Grudge's token: a penalty waits at the end of the encounter
        wl += " · grudge token"
    out.append(_text(ix + 74, ly, _fit(wl, SMALL, gx - ix - 80, True), SMALL, INK, bold=True))

    # the home planets (five; four in the four-planet variant), each with its ships to its
    # right, drawn at the size five would have
    cw = (x + w - 6 - gx) / PLANETS
    r = max(16.0, min(28.0, (cw - 46) / 2, body_h / 2 - 12))
    cy = body_y + body_h / 2
    for k in range(s.np):
        pl = s.np * p + k
        _planet(s, out, pl, gx + k * cw + r + 2, cy, r, body_h, pl in touched)


def _planet(s: State, out: list[str], pl: int, cx: float, cy: float, r: float, body_h: float,
            touched: bool) -> None:
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
    number = _text(cx, cy + size * 0.36, str(pl % s.np + 1), size, dark if counts else FAINT, "middle", True)
    out.append(_tip(s.pname[pl] + ("" if counts else " (no colony)"), disc + number))
    if touched:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r + 9)}" fill="none" stroke="{HILITE}" '
                   f'stroke-width="2" stroke-dasharray="5 3"/>')
    cit = s.citadels[pl]
    if cit:
        # Citadel's citadels: a chip on the planet's lower left with their sum (the cards
        # in its tooltip)
        total = sum(s.t.value[c] for c in cit)
        chip, _ = _pill(cx - r - 4, cy + r - 2, f"▲{total}", "#fde4e2", KIND_STYLE[ATTACK][1], SMALL,
                        KIND_STYLE[ATTACK][1])
        out.append(_tip("citadel " + " + ".join(s.t.name[c][7:] for c in cit) + f" = {total}", chip))
    # the ships of every colour on the planet, the owner's first
    sx = cx + r + 3
    rows = len(counts)
    step = min(19.0, (body_h - 4) / max(1, rows))
    sy = cy - (rows - 1) * step / 2 + 6
    for i, (q, c) in enumerate(counts):
        out.append(_ships(sx, sy + i * step, _seat_hex(s, q), c))


# ----------------------------------------------------------------------------- cards
def _card(s: State, x: float, y: float, w: float, h: float, card: int, empty: str = "no card") -> str:
    """An encounter-sized card: -1 an empty slot, -2 a face-down card, else face up."""
    if card == -1:
        return (_rect(x, y, w, h, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"')
                + _text(x + w / 2, y + h / 2 + 6, _fit(empty, SMALL, w - 4), SMALL, MUTED, "middle"))
    if card == -2:
        return (_rect(x, y, w, h, BACK[0], BACK[1], 1.5, 6)
                + _rect(x + 5, y + 5, w - 10, h - 10, "none", "#8f93d6", 1, 4)
                + _text(x + w / 2, y + h * 0.5, "?", h * 0.36, "#ffffff", "middle", True)
                + _text(x + w / 2, y + h - 12, "face down", SMALL, "#e1e2f7", "middle"))
    return _face(s, x, y, w, h, card)


def _face(s: State, x: float, y: float, w: float, h: float, card: int) -> str:
    """A face-up card: a band with its kind, then a big value or its name (the full name
    as a tooltip). At least 74 wide and 60 tall (the band's label is 16 units)."""
    T = s.t
    kind, value, name = T.kind[card], T.value[card], T.name[card]
    fill, border, label = KIND_STYLE[kind]
    band = 22.0
    parts = [_rect(x, y, w, h, fill, border, 1.6, 6),
             _rect(x + 0.8, y + 0.8, w - 1.6, band, border, "none", 0, 5),
             _text(x + w / 2, y + 17, label, SMALL, "#ffffff", "middle", True)]
    mid = y + band + (h - band) / 2
    big = min(h - band - 8, w * 0.42, 36.0)
    if kind in (ATTACK, REINFORCEMENT, NEGOTIATE, MORPH):
        mark = {ATTACK: f"{value:02d}", REINFORCEMENT: f"+{value}", NEGOTIATE: "N", MORPH: "M"}[kind]
        parts.append(_text(x + w / 2, mid + big * 0.36, mark, big, border, "middle", True))
    else:
        text = T.alien[card] if kind == FLARE else name
        lines = _wrap(text, SMALL, w - 6, True)
        room = max(1, int((h - band - 4) // 19))
        if len(lines) > room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        lines = [_fit(t, SMALL, w - 6, True) for t in lines]
        top = mid - (len(lines) - 1) * 9.5 + 6
        for i, line in enumerate(lines):
            parts.append(_text(x + w / 2, top + i * 19, line, SMALL, border, "middle", True))
    return _tip(name, "".join(parts))


def _chip(s: State, x: float, y: float, card: int) -> tuple[str, float]:
    """A card as a one-line chip in its kind's colours (for the cards in play); returns
    the SVG and its width."""
    fill, border, _ = KIND_STYLE[s.t.kind[card]]
    name = s.t.name[card]
    w = _tw(name, SMALL, True) + 14
    return (_rect(x, y, w, 26, fill, border, 1.4, 6) + _text(x + 7, y + 19, name, SMALL, border, bold=True)), w


# ----------------------------------------------------------------------------- encounter
ENC_H = 372.0  # the encounter panel's height (28 more while totals are shown)


def _encounter(s: State, out: list[str], v: _View, y: float) -> float:
    """The encounter panel (destiny, gate, target, cards, totals, allies); returns its
    bottom."""
    x, w = RX, RW
    both = s.revealed and s.card[OFF] >= 0 and s.card[DEF] >= 0
    totals = both and s.kinds == (ATTACK, ATTACK)
    h = ENC_H + (28 if totals else 0)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    out.append(_text(x + 12, y + 24, "Encounter", MID, INK, bold=True))
    # the destiny card
    dw, dh = 84.0, 92.0
    dx, dy = x + w - dw - 10, y + 8
    text, hexes = _destiny_text(s, s.destiny)
    if text:
        dfill, ddark, dtint = hexes
        out.append(_rect(dx, dy, dw, dh, dtint, ddark, 1.6, 6))
        out.append(_rect(dx + 0.8, dy + 0.8, dw - 1.6, 22, ddark, "none", 0, 5))
        out.append(_text(dx + dw / 2, dy + 17, "DESTINY", SMALL, "#ffffff", "middle", True))
        if s.destiny < s.n:
            out.append(f'<circle cx="{_n(dx + dw / 2)}" cy="{_n(dy + 47)}" r="14" fill="{dfill}" stroke="{ddark}"/>')
            out.append(_text(dx + dw / 2, dy + dh - 8, _fit(text, SMALL, dw - 4, True), SMALL, ddark, "middle", True))
        else:
            lines = _wrap(text.upper() if s.destiny == WILD else text, SMALL, dw - 6)[:3]
            for i, line in enumerate(lines):
                out.append(_text(dx + dw / 2, dy + 42 + i * 18, _fit(line, SMALL, dw - 4), SMALL, ddark, "middle"))
    else:
        out.append(_rect(dx, dy, dw, dh, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"'))
        out.append(_text(dx + dw / 2, dy + dh / 2 + 6, "destiny", SMALL, MUTED, "middle"))
    off, d = s.offense, s.defender
    lw = dx - x - 20  # the lines left of the destiny card
    if off < 0:
        out.append(_text(x + 12, y + 50, "no encounter yet", SMALL, MUTED))
        _legend(s, out, x + 12, y + 118, w - 24)
        return y + h
    n = s.n
    finished = s.stage in ("end of encounter", "game over")
    ohex = _seat_hex(s, off)
    # who meets whom, where, and how it ended
    parts = [_tspan(s.colours[off].capitalize(), ohex[1], True)]
    if d >= 0:
        parts += [_tspan("encounters", MUTED, size=SMALL, dx=7),
                  _tspan(s.colours[d].capitalize(), _seat_hex(s, d)[1], True, dx=7)]
    else:
        parts.append(_tspan("is the offense", MUTED, size=SMALL, dx=7))
    out.append(f'<text x="{_n(x + 12)}" y="{_n(y + 50)}" font-size="{BIG}">{"".join(parts)}</text>')
    tgt = (f"target planet: {s.pname[s.target]}" if s.target >= 0
           else "the gate is not aimed yet" if d >= 0 else "drawing destiny")
    out.append(_text(x + 12, y + 72, _fit(tgt, SMALL, lw), SMALL, MUTED))
    if s.outcome:
        good = s.outcome in ("offense", "deal_made", "reestablished", "cancelled", "colony granted")
        bad = s.outcome in ("defense", "deal_failed", "both lose", "no card")
        text = _OUTCOME_TEXT.get(s.outcome, s.outcome)
        if finished and s.last_result and s.last_result.get("totals"):
            text += " ({}-{})".format(*s.last_result["totals"])
        out.append(_text(x + 12, y + 94, _fit(text, SMALL, lw, True), SMALL, GOOD if good else BAD if bad else INK,
                         bold=True))

    # the hyperspace gate (offense side) aimed at the target planet (defense side)
    gy = y + 162
    gx = x + 14
    out.append(_text(gx, gy - 44, "hyperspace gate", SMALL, MUTED))
    ofill, odark, otint = ohex
    out.append(f'<path d="M{_n(gx)} {_n(gy - 36)} L{_n(gx + 176)} {_n(gy - 12)} L{_n(gx + 176)} {_n(gy + 12)} '
               f'L{_n(gx)} {_n(gy + 36)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.4"/>')
    on_gate = [(q, s.gate[q]) for q in [off] + list(s.allies[OFF]) if s.gate[q]]
    on_gate += [(q, s.gate[q]) for q in range(n) if s.gate[q] and q != off and q not in s.allies[OFF]]
    for i, (q, k) in enumerate(on_gate[:6]):
        col, row = divmod(i, 3)
        out.append(_ships(gx + 6 + col * 54, gy - 13 + row * 19, _seat_hex(s, q), k))
    if not on_gate:
        out.append(_text(gx + 10, gy + 6, "empty", SMALL, MUTED))
    px, pr = gx + 226, 28.0
    if s.target >= 0:
        tfill, tdark, ttint = _seat_hex(s, s.target // s.np)
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr + 5)}" fill="none" stroke="{GATE}" stroke-width="3"/>')
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="{ttint}" stroke="{tdark}" stroke-width="1.6"/>')
        out.append(_text(px, gy - 5, str(s.target % s.np + 1), MID, tdark, "middle", True))
        if d >= 0:
            k = s.ships[s.target * n + d]
            out.append(_ships(px - 16, gy + 18, _seat_hex(s, d), k, dim=k == 0))
    else:
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="#fafbfc" stroke="{FAINT}" '
                   f'stroke-width="1.2" stroke-dasharray="4 3"/>')
        out.append(_text(px, gy + 6, "?", MID, FAINT, "middle", True))
    beside = [(q, s.side[q]) for q in s.allies[DEF] if s.side[q]]
    ax = px + pr + 16
    out.append(_text(ax, gy - 44, "defense allies", SMALL, MUTED))
    for i, (q, k) in enumerate(beside[:4]):
        out.append(_ships(ax + (i // 2) * 54, gy - 8 + (i % 2) * 20, _seat_hex(s, q), k))
    if not beside:
        out.append(_text(ax, gy + 6, "none", SMALL, MUTED))

    # the encounter cards, each with what it counts as, the ships and the total
    cw, ch = 84.0, 96.0
    cy = y + 216
    for side in (OFF, DEF):
        who = s.main(side)
        if who < 0:
            continue
        cx0 = x + 12 + side * (w / 2)
        out.append(_card(s, cx0, cy, cw, ch, v.cards[side], "discarded" if finished else "no card"))
        tx = cx0 + cw + 8
        room = x + (side + 1) * (w / 2) - tx - 6
        lines = [(f"{s.colours[who]}'s card", _seat_hex(s, who)[1], True)]
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
                    lines.append((f"card {value}" if printed == ATTACK else f"counts as {value}", INK, False))
                lines.append((f"+ {s.side_ships(side)} ships", INK, False))
                if s.reinf[side]:
                    lines.append((f"+ reinf. {s.reinf[side]}", INK, False))
            elif kind != printed:
                lines += [("counts as", MUTED, False),
                          (("attack", "negotiate", "morph")[kind] if kind <= MORPH else "?", INK, True)]
        for i, (t, colour, bold) in enumerate(lines[:4]):
            out.append(_text(tx, cy + 16 + i * 20, _fit(t, SMALL, room, bold), SMALL, colour, bold=bold))
        if totals:
            tot = s.totals[side]
            out.append(_text(tx, cy + ch + 24, f"total {tot}", BIG, _seat_hex(s, who)[1], bold=True))
    if totals:
        out.append(_text(x + w / 2, cy + ch + 24, "vs", SMALL, MUTED, "middle"))
    # allies and invitations
    ay = y + h - 34
    pending = _pending_answers(s)
    for side in (OFF, DEF):
        names = []
        for q in s.allies[side]:
            k = s.gate[q] if side == OFF else s.side[q]
            names.append(f"{s.colours[q]} ({k} ship{'s' if k != 1 else ''})" if k else f"{s.colours[q]} (ships home)")
        txt = f"{('offense', 'defense')[side]} allies: {', '.join(names) or 'none'}"
        inv = [s.colours[q] for q in s.inv[side] if q in pending]
        if inv:
            txt += f" · invited: {', '.join(inv)}"
        out.append(_text(x + 12, ay + side * 21, _fit(txt, SMALL, w - 24), SMALL, INK))
    return y + h


def _legend(s: State, out: list[str], x: float, y: float, w: float) -> None:
    """How to read the board (shown while no encounter is on), and the game's options."""
    out.append(_text(x, y, "How to read the board", SMALL, INK, bold=True))
    rows = [
        ("ships", "saucer and count: ships of a colour"),
        ("pips", "foreign colonies: five win"),
        ("gate", "orange ring: the gate's target"),
        ("last", "magenta: the last action"),
        ("cards", "hands are counted (yours shown)"),
    ]
    for i, (key, text) in enumerate(rows):
        yy = y + 28 + i * 26
        if key == "ships":
            out.append(_ships(x - 2, yy, SEAT_HEX["blue"], 4))
        elif key == "pips":
            for k in range(3):
                on = k < 2
                out.append(f'<circle cx="{_n(x + 6 + k * 14)}" cy="{_n(yy - 5)}" r="5.5" '
                           f'fill="{SEAT_HEX["green"][0] if on else "#ffffff"}" stroke="{SEAT_HEX["green"][1] if on else FAINT}"/>')
        elif key == "gate":
            out.append(f'<circle cx="{_n(x + 16)}" cy="{_n(yy - 5)}" r="9" fill="none" stroke="{GATE}" stroke-width="2.5"/>')
        elif key == "last":
            out.append(f'<circle cx="{_n(x + 16)}" cy="{_n(yy - 5)}" r="9" fill="none" stroke="{HILITE}" '
                       f'stroke-width="2" stroke-dasharray="4 2"/>')
        else:
            for k in range(3):
                out.append(_rect(x + 4 + k * 6, yy - 13, 10, 15, BACK[0], "#ffffff", 0.8, 1.5))
        out.append(_text(x + 48, yy, _fit(text, SMALL, w - 48), SMALL, MUTED))
    opts = f"flares {'on' if s.rules.flares else 'off'} · powers {'on' if s.rules.powers else 'off'}"
    out.append(_text(x, y + 28 + len(rows) * 26 + 4, _fit(opts, SMALL, w), SMALL, MUTED))


def _deal(s: State, out: list[str], y: float) -> float:
    """The deal being negotiated (or just made or failed); returns its bottom."""
    if s.outcome not in ("deal", "deal_made", "deal_failed") or s.stage in ("end of encounter", "game over"):
        return y
    x, w = RX, RW
    h = 72.0
    made, failed = s.outcome == "deal_made", s.outcome == "deal_failed"
    colour = GOOD if not failed else BAD
    out.append(_rect(x, y, w, h, "#f4fbf6" if not failed else "#fdf1f0", colour, 1.4, 9))
    if made:
        title = "Deal made"
    elif failed:
        title = f"Deal failed: each main player loses {s.rules.deal_fail_ships} ships"
    else:
        made_so_far = s.tasks[0][2] if s.tasks and s.tasks[0][0] == "deal" else 0
        title = f"Deal · {made_so_far} of {s.rules.deal_rounds} proposals made"
    out.append(_text(x + 12, y + 21, _fit(title, SMALL, w - 24, True), SMALL, colour, bold=True))
    if s.deal_offer is None:
        out.append(_text(x + 12, y + 43, "allies went home; no proposal yet", SMALL, MUTED))
    else:
        by, prop = s.deal_offer
        (oc, on, op), (dc, dn, dp) = prop.a, prop.b
        head = "terms" if made else f"{s.colours[by].capitalize()} proposes"
        line1 = (f"{head}: {oc} gives {on} card{'s' if on != 1 else ''}, "
                 f"{dc} gives {dn} card{'s' if dn != 1 else ''}")
        lands = [f"{oc} lands on {op}" if op else "", f"{dc} lands on {dp}" if dp else ""]
        line2 = "; ".join(t for t in lands if t) or "no colony changes hands"
        for i, line in enumerate((line1, line2)):
            out.append(_tip(line, _text(x + 12, y + 43 + i * 20, _fit(line, SMALL, w - 24), SMALL, INK)))
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
    """Cards on the table (as chips) and lasting effects; returns its bottom."""
    x, w = RX, RW
    effects = _effects(s)
    table = list(s.table)
    h = max(30.0, bottom - y)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    out.append(_text(x + 12, y + 21, "In play this encounter", SMALL, INK, bold=True))
    if h < 50:
        if table or effects:
            out.append(_text(x + w - 12, y + 21, f"{len(table) + len(effects)} item(s)", SMALL, MUTED, "end"))
        return y + h
    cx, cy = x + 12, y + 30
    for i, c in enumerate(table):
        chip, cw = _chip(s, cx, cy, c)
        if cx + cw > x + w - 12 and cx > x + 12:
            cx, cy = x + 12, cy + 30
            chip, cw = _chip(s, cx, cy, c)
        if cy + 26 > y + h - 4:
            out.append(_text(x + w - 12, y + 21, f"+{len(table) - i} more", SMALL, MUTED, "end"))
            break
        out.append(chip)
        cx += cw + 6
    ty = cy + 30 if table else y + 30
    room = int((y + h - ty) // 20)
    for i, e in enumerate(effects[:max(0, room)]):
        out.append(_text(x + 12, ty + 16 + i * 20, "• " + _fit(e, SMALL, w - 36), SMALL, INK))
    if 0 < room < len(effects):
        out.append(_text(x + w - 12, y + 21, f"+{len(effects) - room} more", SMALL, MUTED, "end"))
    if not table and not effects:
        out.append(_text(x + 12, ty + 16, "nothing", SMALL, MUTED))
    return y + h


def _last_encounter(s: State, out: list[str], y: float) -> float:
    """The result of the last finished encounter, in two lines; returns its bottom."""
    x, w = RX, RW
    h = LAST_H
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    lr = s.last_result
    line = "none yet"
    if lr is not None:
        col = s.colours
        what = _OUTCOME_TEXT.get(lr["outcome"], lr["outcome"])
        vs = f"{col[lr['offense']]} vs {col[lr['defender']]}" if lr["defender"] >= 0 else col[lr["offense"]]
        where = f" at {lr['target']}" if lr["target"] else ""
        cards = " vs ".join(c or "-" for c in lr["cards"]) if any(lr["cards"]) else ""
        tot = ", {}-{}".format(*lr["totals"]) if lr.get("totals") else ""
        line = f"{vs}{where}: {what}" + (f" ({cards}{tot})" if cards else "")
    head = "Last encounter: "
    hw = _tw(head, SMALL, True)
    out.append(_text(x + 12, y + 21, head, SMALL, MUTED, bold=True))
    lines = _wrap(line, SMALL, w - 24 - hw)
    first = lines[0] if lines else ""
    rest = _fit(" ".join(lines[1:]), SMALL, w - 24)
    out.append(_tip(line, _text(x + 12 + hw, y + 21, first, SMALL, INK if lr else MUTED)
                    + (_text(x + 12, y + 42, rest, SMALL, INK) if rest else "")))
    return y + h


LAST_H = 52.0  # the last encounter's panel
WARP_H = 84.0  # the warp and decks panel


def _warp_and_decks(s: State, out: list[str], y: float, h: float) -> None:
    x, w = RX, RW
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    # the warp: a swirl and the ships of every colour in it
    cx, cy = x + 40, y + 32
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="22" fill="#efeaf8" stroke="#6b5fa8" stroke-width="1.4"/>')
    out.append(_spiral(cx - 2, cy + 2, 13, "#6b5fa8"))
    out.append(_text(cx, y + h - 10, "warp", SMALL, MUTED, "middle", True))
    k = 0
    for p in range(s.n):
        if s.warp[p]:
            col, row = divmod(k, 3)
            out.append(_ships(x + 74 + col * 54, y + 24 + row * 21, _seat_hex(s, p), s.warp[p]))
            k += 1
    if k == 0:
        out.append(_text(x + 76, y + 38, "empty", SMALL, MUTED))
    # the decks
    dx = x + 190
    top = s.t.name[s.discard[-1]] if s.discard else ""
    rows = [
        ("deck", f"{len(s.deck)} cards"),
        ("discards", f"{len(s.discard)} · top: {top}" if s.discard else "none"),
        ("destiny", f"{len(s.ddeck)} left, {len(s.ddiscard)} drawn"),
    ]
    for i, (a, b) in enumerate(rows):
        out.append(_text(dx, y + 22 + i * 22, a, SMALL, MUTED))
        value = _text(dx + 80, y + 22 + i * 22, _fit(b, SMALL, x + w - 12 - dx - 80, True), SMALL, INK, bold=True)
        out.append(_tip(b, value) if a == "discards" else value)


# ----------------------------------------------------------------------------- viewer's hand
def _hand_strip(s: State, out: list[str], v: _View, y: float) -> None:
    p = v.viewer
    assert p is not None
    hexes = _seat_hex(s, p)
    out.append(_rect(LX, y, W - 2 * LX, HAND_H, PANEL, hexes[1], 1.6, 9))
    hand = v.hand or []
    title = f"{s.colours[p].capitalize()}'s hand · {len(hand)} card{'s' if len(hand) != 1 else ''}"
    out.append(_text(LX + 12, y + 21, title, SMALL, hexes[1], bold=True))
    note_x = LX + 12 + _tw(title, SMALL, True) + 24
    note = "seen only by this player"
    if v.offers:
        note = "aliens dealt: " + " or ".join(v.offers) + " (keep one)"
    elif v.peeked:
        col = s.colours
        note = "; ".join(f"{col[q]}'s hand (shown to you): {', '.join(names) or 'empty'}"
                         for q, names in v.peeked.items())
    out.append(_tip(note, _text(W - LX - 12, y + 21, _fit(note, SMALL, W - LX - 12 - note_x), SMALL,
                                MUTED if not v.peeked else INK, "end", bool(v.peeked))))
    x = LX + 12
    gap = 6.0
    cy = y + HAND_H - CARD_H - 8
    cards = list(hand)
    hoard = list(v.hoard or [])
    room = int((W - 2 * LX - 24 + gap) // (CARD_W + gap))
    if hoard:
        room -= 1 + min(len(hoard), 2)
    if len(cards) > room:
        room -= 1  # room for the "+k" mark
    shown = cards[:max(0, room)]
    for i, c in enumerate(shown):
        out.append(_face(s, x + i * (CARD_W + gap), cy, CARD_W, CARD_H, c))
    x += len(shown) * (CARD_W + gap)
    if len(cards) > len(shown):
        rest = ", ".join(s.t.name[c] for c in cards[len(shown):])
        out.append(_tip(rest, _text(x + 4, cy + CARD_H / 2 + 8, f"+{len(cards) - len(shown)}", BIG, MUTED, bold=True)))
        x += CARD_W
    if not cards:
        why = "hands of eight are dealt once every player has chosen an alien" if s.stage == "setup" else "no cards"
        out.append(_text(LX + 12, cy + CARD_H / 2 + 6, why, SMALL, MUTED))
    if hoard:
        x += 10
        out.append(f'<line x1="{_n(x - 8)}" y1="{_n(cy)}" x2="{_n(x - 8)}" y2="{_n(cy + CARD_H)}" stroke="{LINE}"/>')
        out.append(_text(x, cy + CARD_H / 2 + 6, "hoard", SMALL, MUTED, bold=True))
        x += 56
        left = max(1, int((W - LX - 12 - x + gap) // (CARD_W + gap)))
        if len(hoard) > left:
            left = max(1, left - 1)  # room for the "+k" mark
        for i, c in enumerate(hoard[:left]):
            out.append(_face(s, x + i * (CARD_W + gap), cy, CARD_W, CARD_H, c))
        if len(hoard) > left:
            rest = ", ".join(s.t.name[c] for c in hoard[left:])
            mx = x + left * (CARD_W + gap) + 4
            out.append(_tip(rest, _text(mx, cy + CARD_H / 2 + 8, f"+{len(hoard) - left}", BIG, MUTED, bold=True)))


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
    bottom = TOP + MAIN_H
    y = _encounter(state, out, v, TOP) + 8
    y = _deal(state, out, y)
    _in_play(state, out, y, bottom - WARP_H - LAST_H - 16)
    _last_encounter(state, out, bottom - WARP_H - LAST_H - 8)
    _warp_and_decks(state, out, bottom - WARP_H, WARP_H)
    if viewer is not None:
        _hand_strip(state, out, v, BASE_H)
    out.append("</svg>")
    return "".join(out)
