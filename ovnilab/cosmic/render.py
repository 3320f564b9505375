"""Draw a Cosmic Encounter position as a standalone SVG string.

:func:`to_svg` is a pure function of the state: the same position and arguments always
give byte-identical SVG (no clocks, no randomness, coordinates rounded to one decimal), so
a replay slider can redraw any past position and notebooks can compare outputs.

What the picture shows, and where:

* a header: turn, whose turn and which encounter, the seven phases of an encounter with
  the current one lit, who is to decide and what, and the last action (magenta);
* one panel per player (left column): its colour and alien, whether the power works
  (active, lost below three home colonies, zapped this encounter), its foreign colonies
  as five pips (five win), hand size as card backs, ships in the warp, Warrior's tokens,
  its role in the encounter (offense, defense, invited, ally) and its five home planets
  with the ships of every colour on each; the planet the hyperspace gate aims at wears the
  gate's cone;
* the encounter (right column): the destiny card, the hyperspace gate with the ships of
  the offense and its allies, the target planet with the defender's ships and the
  defensive allies' beside it, both encounter cards (face down until revealed, or until
  an Oracle made one public), reinforcements and totals, the outcome, the deal on the
  table; then the cards in play and lasting effects (artifacts, flares, zaps), the warp,
  the decks and the last encounter's result;
* with ``viewer=seat``, a strip at the bottom with that seat's hand (and hoard, and any
  hand it may look at now: Will's flare, Barbarian's loot, Hacker's compensation).

Hidden information is decided in one place (:class:`_View`) before drawing: other hands
are only counted, face-down encounter cards are backs, aliens stay secret until every
player has chosen, and the last action is worded as the viewer may read it (a selection
or a power's choice of another player never names a card).

Design notes: no ``<style>``, ids or ``<defs>`` (several boards on one notebook page would
share them); presentation attributes only; a generic font stack and no external fonts or
images; ``<title>`` elements give the alien powers' text as tooltips.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..svg import fit as _fit
from ..svg import num as _n
from ..svg import rect as _rect
from ..svg import text_width as _tw
from ..svg import wrap as _wrap
from .data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from .rules import OFF, DEF, PLANETS, SPECIAL, WILD, Action, State

__all__ = ["to_svg", "SEAT_HEX", "PHASES", "seat_label", "public_action_text", "waiting_text"]

# ----------------------------------------------------------------------------- palette
#: fill, dark (outline and text) and light tint of each seat colour
SEAT_HEX: dict[str, tuple[str, str, str]] = {
    "red": ("#d1343f", "#74121b", "#fbe1e3"),
    "blue": ("#2766c4", "#102f63", "#dde8f9"),
    "yellow": ("#efbf1a", "#5e4700", "#fff4c9"),
    "green": ("#2f9650", "#11512a", "#dff2e5"),
    "purple": ("#8243b5", "#3d1761", "#efe3f9"),
}
GREY = ("#8a929b", "#3b4148", "#eceef0")
INK = "#1d2125"
MUTED = "#5b6670"
FAINT = "#a3adb6"
PAPER = "#f7f5ef"
PANEL = "#ffffff"
LINE = "#d6dbe0"
HILITE = "#d0137b"  # the last action (magenta: unlike every seat colour)
GATE = "#e07b00"  # the hyperspace gate's aim
GOOD = "#1b7a3a"
BAD = "#b3261e"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: card face colours by kind: fill, border, label
KIND_STYLE: dict[int, tuple[str, str, str]] = {
    ATTACK: ("#fde4e2", "#b3261e", "ATTACK"),
    NEGOTIATE: ("#ddf3e3", "#1b7a3a", "NEGOTIATE"),
    MORPH: ("#eee2fb", "#6b3fa0", "MORPH"),
    REINFORCEMENT: ("#dfeafb", "#1f5fbf", "REINFORCE"),
    ARTIFACT: ("#fff1c2", "#856500", "ARTIFACT"),
    FLARE: ("#ffe3cc", "#b9520b", "FLARE"),
}
BACK = ("#2c2f66", "#14163a")
#: kind labels that fit a small card
_SHORT_KIND = {ATTACK: "ATTACK", NEGOTIATE: "NEGOT.", MORPH: "MORPH", REINFORCEMENT: "REINF.",
               ARTIFACT: "ARTIF.", FLARE: "FLARE"}

#: the seven phases of an encounter (rulebook), and the engine's stage names in each
PHASES: tuple[str, ...] = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")
_STAGE_PHASE = {"regroup": 0, "destiny": 1, "launch": 2, "alliance": 3, "planning": 4, "reveal": 5,
                "deal": 5, "resolution": 6, "end of encounter": 6}

W = 1200  # viewBox width
HEADER_H = 92
TOP = HEADER_H + 6  # top of the two columns
MAIN_H = 650  # height of the two columns
LX, LW = 10.0, 772.0  # the players' column
RX, RW = 792.0, 398.0  # the encounter column
HAND_H = 132  # the viewer's hand strip


# ----------------------------------------------------------------------------- helpers
def _text(x: float, y: float, s: str, size: float = 12, fill: str = INK, anchor: str = "start",
          bold: bool = False, extra: str = "") -> str:
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    w = ' font-weight="bold"' if bold else ""
    f = "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w}{f}{extra}>{escape(s)}</text>'


def _pill(x: float, y: float, label: str, fill: str, ink: str, size: float = 10, stroke: str = "none",
          anchor: str = "start") -> tuple[str, float]:
    """A rounded label; (x, y) is its left (or right, with anchor="end") middle. Returns
    the SVG and its width."""
    w = _tw(label, size, True) + 12
    x0 = x - w if anchor == "end" else x
    svg = (_rect(x0, y - size * 0.85, w, size * 1.7, fill, stroke, 1, size * 0.85)
           + _text(x0 + w / 2, y + size * 0.36, label, size, ink, "middle", True))
    return svg, w


def _seat_hex(state: State, seat: int) -> tuple[str, str, str]:
    if 0 <= seat < state.n:
        return SEAT_HEX.get(state.colours[seat], GREY)
    return GREY


def _on_fill(fill: str) -> str:
    """Text colour readable on a seat colour."""
    return INK if fill == SEAT_HEX["yellow"][0] else "#ffffff"


def _saucer(x: float, y: float, hexes: tuple[str, str, str]) -> str:
    """A small flying saucer (a ship) centred on (x, y): a dome over a coloured disc."""
    fill, dark, _ = hexes
    return (f'<g transform="translate({_n(x)} {_n(y)})">'
            f'<path d="M-3.8 -0.6 A3.8 4 0 0 1 3.8 -0.6 Z" fill="#eef5fa" stroke="{dark}" stroke-width="0.9"/>'
            f'<ellipse cx="0" cy="0.8" rx="8" ry="3" fill="{fill}" stroke="{dark}" stroke-width="1"/></g>')


def _ships(x: float, y: float, hexes: tuple[str, str, str], k: int, size: float = 12, dim: bool = False) -> str:
    """A saucer with a count: ``k`` ships of one colour."""
    op = ' opacity="0.45"' if dim else ""
    return f'<g{op}>{_saucer(x + 8, y - size * 0.3, hexes)}{_text(x + 19, y, str(k), size, hexes[1], bold=True)}</g>'


def _spiral(x: float, y: float, r: float, stroke: str) -> str:
    """The warp's swirl."""
    d = (f"M{_n(x)} {_n(y)} q{_n(r * 0.5)} {_n(-r * 0.2)} {_n(r * 0.4)} {_n(r * 0.45)} "
         f"t{_n(-r * 0.9)} {_n(r * 0.35)} t{_n(-r * 0.5)} {_n(-r * 1.1)} t{_n(r * 1.5)} {_n(-r * 0.55)}")
    return f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="1.6" stroke-linecap="round"/>'


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
            elif s.revealed or s.face_up == s.main(side) or (viewer is not None and s.main(side) == viewer):
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
    out.append(_rect(0, 0, W, HEADER_H, "#ffffff"))
    out.append(f'<line x1="0" y1="{HEADER_H}" x2="{W}" y2="{HEADER_H}" stroke="{LINE}"/>')
    out.append(_text(14, 27, "COSMIC ENCOUNTER", 19, INK, bold=True))
    x = 14 + _tw("COSMIC ENCOUNTER", 19, True) + 14
    if s.turn > 0 and s.offense >= 0:
        fill, dark, _ = _seat_hex(s, s.turn_player)
        out.append(f'<circle cx="{_n(x + 7)}" cy="21" r="7" fill="{fill}" stroke="{dark}"/>')
        which = {1: "first", 2: "second"}.get(s.enc_no, f"#{s.enc_no}")
        line = f"Turn {s.turn} · {seat_label(s, s.turn_player)}'s turn, {which} encounter"
        if s.offense != s.turn_player:
            line += f" (counter-attack by {s.colours[s.offense].capitalize()})"
        out.append(_text(x + 20, 27, _fit(line, 15, W - x - 200, True), 15, INK, bold=True))
    else:
        out.append(_text(x, 27, "Set-up: each player keeps one of two aliens", 15, INK, bold=True))
    out.append(_text(W - 14, 22, view_label, 12, MUTED, "end", True))
    opts = f"{s.n} players · flares {'on' if s.rules.flares else 'off'} · powers {'on' if s.rules.powers else 'off'}"
    out.append(_text(W - 14, 40, opts, 10.5, FAINT, "end"))

    y = 56
    if s.over:
        ws = ", ".join(seat_label(s, p) for p in s.winners())
        why = ("turn limit reached: the most foreign colonies win" if s.limit_reached
               else f"{s.rules.win_colonies} foreign colonies")
        svg, pw = _pill(14, y, "GAME OVER", BAD, "#ffffff", 11)
        out.append(svg)
        lead = "Winner" if len(s.winners()) == 1 else "Shared win"
        out.append(_text(14 + pw + 10, y + 5, f"{lead}: {ws} ({why})", 14, INK, bold=True))
    else:
        # the seven phases of an encounter, the current one lit
        cur = _STAGE_PHASE.get(s.stage, -1)
        x = 14.0
        for i, ph in enumerate(PHASES):
            label = f"{i + 1} {ph}"
            if i == cur:
                svg, w = _pill(x, y, label, INK, "#ffffff", 10.5)
            else:
                svg, w = _pill(x, y, label, "#eef0f2", FAINT if cur >= 0 and i > cur else MUTED, 10.5)
            out.append(svg)
            x += w + 4
        actor = s.current_player
        if actor >= 0:
            fill, dark, _ = _seat_hex(s, actor)
            who = seat_label(s, actor, v.viewer) + (" (you)" if actor == v.viewer else "")
            out.append(f'<circle cx="{_n(x + 12)}" cy="{y}" r="6" fill="{fill}" stroke="{dark}"/>')
            out.append(_text(x + 22, y + 4.5, _fit(f"{who}: {waiting_text(s)}", 12.5, W - x - 36, True),
                             12.5, INK, bold=True))
    if v.last is not None:
        who = s.colours[v.last_actor].capitalize() if 0 <= v.last_actor < s.n else ""
        out.append(_text(14, 82, "Last action:", 11.5, MUTED))
        text = f"{who} — {v.last_text}" if who else v.last_text
        out.append(_text(90, 82, _fit(text, 11.5, W - 110, True), 11.5, HILITE, bold=True))


# ----------------------------------------------------------------------------- players
def _players(s: State, out: list[str], v: _View, highlight: bool) -> None:
    n = s.n
    gap = 8.0
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


def _power_status(s: State, p: int, v: _View) -> tuple[str, str]:
    """(text, colour) of a seat's power: active, lost (fewer than three home colonies),
    zapped, or not known yet."""
    if not s.rules.powers:
        return "no alien powers (rule option)", MUTED
    if s.alien[p] is None or v.aliens[p] is None:
        return ("choosing an alien" if s.alien[p] is None else "alien chosen, secret"), MUTED
    home = s.home_colonies(p)
    if home < s.rules.power_threshold:
        return f"power LOST: {home} home colon{'y' if home == 1 else 'ies'}", BAD
    if ("zap", p) in s.eflags:
        return "power ZAPPED this encounter", BAD
    return f"power active · {home} home colonies", GOOD


def _panel(s: State, out: list[str], v: _View, p: int, x: float, y: float, w: float, h: float,
           touched: set[int], highlight: bool) -> None:
    hexes = _seat_hex(s, p)
    fill, dark, tint = hexes
    to_act = s.current_player == p
    won = s.over and p in s.winners()
    strong = to_act or won
    out.append(_rect(x, y, w, h, PANEL, dark if strong else LINE, 3.2 if strong else 1.4, 9))
    # title strip: colour and alien (its power's text as a tooltip)
    th = 26.0
    out.append(f'<path d="M{_n(x)} {_n(y + th)} V{_n(y + 9)} Q{_n(x)} {_n(y)} {_n(x + 9)} {_n(y)} '
               f'H{_n(x + w - 9)} Q{_n(x + w)} {_n(y)} {_n(x + w)} {_n(y + 9)} V{_n(y + th)} Z" fill="{fill}"/>')
    ink = _on_fill(fill)
    alien = v.aliens[p]
    title = ("▶ " if to_act else "") + s.colours[p].capitalize()
    if alien:
        title += f" · {alien}"
    elif s.rules.powers and v.offers and p == v.viewer:
        title += " · dealt " + " or ".join(v.offers)
    elif s.rules.powers and s.alien[p] is not None:
        title += " · alien secret"
    tip = ""
    if alien and alien in s.g.aliens:
        tip = f"<title>{escape(alien)}: {escape(s.g.aliens[alien].summary)}</title>"
    out.append(f"<g>{tip}{_text(x + 10, y + 18, title, 14, ink, bold=True)}</g>")
    bx = x + w - 10
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
    for label, bfill, bink, bstroke in badges:
        svg, bw = _pill(bx, y + th / 2, label, bfill, bink, 10, bstroke, anchor="end")
        out.append(svg)
        bx -= bw + 6

    # the info column
    body_y = y + th
    body_h = h - th
    ix = x + 12
    step = min(22.0, (body_h - 10) / 4)
    ly = body_y + (body_h - step * 4) / 2 + step * 0.7
    text, colour = _power_status(s, p, v)
    out.append(_text(ix, ly, _fit(text, 11, 214, True), 11, colour, bold=True))
    ly += step
    # foreign colonies toward the five that win
    fc = s.foreign_colonies(p)
    goal = s.rules.win_colonies
    out.append(_text(ix, ly, "colonies", 11, MUTED))
    px = ix + 58
    if goal <= 8:
        for k in range(goal):
            on = k < fc
            out.append(f'<circle cx="{_n(px + 5 + k * 14)}" cy="{_n(ly - 4)}" r="5.2" '
                       f'fill="{fill if on else "#ffffff"}" stroke="{dark if on else FAINT}" stroke-width="1.2"/>')
        px += goal * 14 + 4
    out.append(_text(px, ly, f"{fc}/{goal} foreign", 11, INK, bold=True))
    ly += step
    # hand size as card backs (never the cards), and Miser's hoard
    out.append(_text(ix, ly, "hand", 11, MUTED))
    k = len(s.hands[p])
    hx = ix + 58
    for i in range(min(k, 10)):
        out.append(_rect(hx + i * 5, ly - 11, 9, 13, BACK[0], "#ffffff", 0.8, 1.5))
    hx += min(k, 10) * 5 + 10 if k else 0
    label = f"{k} card{'s' if k != 1 else ''}"
    if s.hoard[p]:
        label += f" · hoard {len(s.hoard[p])}"
    out.append(_text(hx, ly, label, 11, INK, bold=True))
    ly += step
    out.append(_text(ix, ly, "warp", 11, MUTED))
    out.append(_spiral(ix + 64, ly - 4, 6, "#6b5fa8"))
    wl = f"{s.warp[p]} ship{'s' if s.warp[p] != 1 else ''}"
    if s.tokens[p]:
        wl += f" · tokens {s.tokens[p]}"
    out.append(_text(ix + 76, ly, wl, 11, INK, bold=True))

    # the five home planets
    gx = x + 240
    cw = (x + w - 6 - gx) / PLANETS
    r = max(14.0, min(29.0, body_h / 2 - 24))
    cy = body_y + body_h / 2 - 5
    for k in range(PLANETS):
        pl = PLANETS * p + k
        _planet(s, out, pl, gx + k * cw + r + 8, cy, r, body_h, pl in touched)


def _planet(s: State, out: list[str], pl: int, cx: float, cy: float, r: float, body_h: float,
            touched: bool) -> None:
    n = s.n
    owner = pl // PLANETS
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
        top = cy - r - 24
        out.append(f'<path d="M{_n(cx - 14)} {_n(top)} L{_n(cx + 14)} {_n(top)} L{_n(cx + 4)} {_n(cy - r - 6)} '
                   f'L{_n(cx - 4)} {_n(cy - r - 6)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.2"/>')
    if counts:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{tint}" stroke="{dark}" stroke-width="1.6"/>')
        out.append(f'<path d="M{_n(cx - r * 0.85)} {_n(cy - r * 0.1)} Q{_n(cx)} {_n(cy + r * 0.4)} '
                   f'{_n(cx + r * 0.85)} {_n(cy - r * 0.1)}" fill="none" stroke="{dark}" stroke-width="0.7" opacity="0.45"/>')
    else:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#f3f4f5" stroke="{FAINT}" '
                   f'stroke-width="1.3" stroke-dasharray="3 3"/>')
    out.append(_text(cx, cy - r * 0.22, str(pl % PLANETS + 1), r * 0.66, dark if counts else FAINT, "middle", True))
    out.append(_text(cx, cy + r + 16, s.pname[pl], 10, MUTED, "middle"))
    if touched:
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r + 9)}" fill="none" stroke="{HILITE}" '
                   f'stroke-width="2" stroke-dasharray="5 3"/>')
    # the ships of every colour on the planet, the owner's first
    sx = cx + r + 7
    rows = len(counts)
    step = min(15.0, (body_h - 14) / max(1, rows))
    sy = cy - (rows - 1) * step / 2 + 4
    for i, (q, c) in enumerate(counts):
        out.append(_ships(sx, sy + i * step, _seat_hex(s, q), c, 11.5))
    if not counts:
        out.append(_text(sx + 2, cy + 4, "empty", 10, FAINT))


# ----------------------------------------------------------------------------- cards
def _card(s: State, x: float, y: float, w: float, h: float, card: int, empty: str = "no card") -> str:
    """An encounter-sized card: -1 an empty slot, -2 a face-down card, else face up."""
    if card == -1:
        return (_rect(x, y, w, h, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"')
                + _text(x + w / 2, y + h / 2 + 4, empty, 10, FAINT, "middle"))
    if card == -2:
        return (_rect(x, y, w, h, BACK[0], BACK[1], 1.5, 6)
                + _rect(x + 5, y + 5, w - 10, h - 10, "none", "#8f93d6", 1, 4)
                + _text(x + w / 2, y + h / 2 + 9, "?", h * 0.36, "#ffffff", "middle", True)
                + _text(x + w / 2, y + h - 9, "face down", 8.5, "#c9cbf0", "middle"))
    return _face(s, x, y, w, h, card)


def _face(s: State, x: float, y: float, w: float, h: float, card: int) -> str:
    """A face-up card: its kind's colours, a big value or its name (the full name as a
    tooltip)."""
    T = s.t
    kind, value, name = T.kind[card], T.value[card], T.name[card]
    fill, border, label = KIND_STYLE[kind]
    if w < 58:
        label = _SHORT_KIND[kind]
    parts = [f"<g><title>{escape(name)}</title>",
             _rect(x, y, w, h, fill, border, 1.6, 6),
             _rect(x + 0.8, y + 0.8, w - 1.6, 14, border, "none", 0, 5),
             _text(x + w / 2, y + 11, label, 7.5, "#ffffff", "middle", True)]
    big = min(h * 0.34, w * 0.5)
    if kind == ATTACK:
        parts.append(_text(x + w / 2, y + h * 0.62, f"{value:02d}", big, border, "middle", True))
    elif kind == REINFORCEMENT:
        parts.append(_text(x + w / 2, y + h * 0.62, f"+{value}", big, border, "middle", True))
    elif kind in (NEGOTIATE, MORPH):
        parts.append(_text(x + w / 2, y + h * 0.62, "N" if kind == NEGOTIATE else "M", big, border, "middle", True))
    else:
        text = T.alien[card] if kind == FLARE else name
        for i, line in enumerate(_wrap(text, 9.5, w - 6)[:3]):
            size = min(9.5, 9.5 * (w - 6) / max(1.0, _tw(line, 9.5, True)))
            parts.append(_text(x + w / 2, y + 30 + i * 11, line, size, border, "middle", True))
    if h > 60:
        word = KIND_STYLE[kind][2].lower()
        parts.append(_text(x + w / 2, y + h - 7, word, min(8.0, 8 * (w - 6) / _tw(word, 8)), border, "middle"))
    parts.append("</g>")
    return "".join(parts)


# ----------------------------------------------------------------------------- encounter
def _encounter(s: State, out: list[str], v: _View, y: float) -> float:
    """The encounter panel (destiny, gate, target, cards, totals, allies); returns its
    bottom."""
    x, w = RX, RW
    h = 356.0
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    out.append(_text(x + 12, y + 20, "Encounter", 14, INK, bold=True))
    # the destiny card
    dx, dy, dw, dh = x + w - 72, y + 8, 60.0, 78.0
    text, hexes = _destiny_text(s, s.destiny)
    if text:
        dfill, ddark, dtint = hexes
        out.append(_rect(dx, dy, dw, dh, dtint, ddark, 1.6, 6))
        out.append(_rect(dx + 0.8, dy + 0.8, dw - 1.6, 14, ddark, "none", 0, 5))
        out.append(_text(dx + dw / 2, dy + 11, "DESTINY", 7.5, "#ffffff", "middle", True))
        if s.destiny < s.n:
            out.append(f'<circle cx="{_n(dx + dw / 2)}" cy="{_n(dy + 42)}" r="14" fill="{dfill}" stroke="{ddark}"/>')
            out.append(_text(dx + dw / 2, dy + dh - 8, text, 10, ddark, "middle", True))
        else:
            for i, line in enumerate(_wrap(text.upper() if s.destiny == WILD else text, 9.5, dw - 6)[:4]):
                out.append(_text(dx + dw / 2, dy + 34 + i * 12, line, 9.5, ddark, "middle", True))
    else:
        out.append(_rect(dx, dy, dw, dh, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"'))
        out.append(_text(dx + dw / 2, dy + dh / 2 + 4, "destiny", 10, FAINT, "middle"))
    off, d = s.offense, s.defender
    if off < 0:
        out.append(_text(x + 12, y + 44, "no encounter yet", 12, MUTED))
        _legend(out, x + 12, y + 80, w - 24)
        return y + h
    n = s.n
    finished = s.stage in ("end of encounter", "game over")
    ohex = _seat_hex(s, off)
    # who meets whom, where, and how it ended
    parts = [_tspan(s.colours[off].capitalize(), ohex[1], True)]
    if d >= 0:
        parts += [_tspan("encounters", MUTED, size=12.5, dx=7),
                  _tspan(s.colours[d].capitalize(), _seat_hex(s, d)[1], True, dx=7)]
    else:
        parts.append(_tspan("is the offense", MUTED, size=12.5, dx=7))
    out.append(f'<text x="{_n(x + 12)}" y="{_n(y + 44)}" font-size="15">{"".join(parts)}</text>')
    tgt = (f"target planet: {s.pname[s.target]}" if s.target >= 0
           else "the gate is not aimed yet" if d >= 0 else "drawing destiny")
    out.append(_text(x + 12, y + 62, tgt, 11.5, MUTED))
    if s.outcome:
        good = s.outcome in ("offense", "deal_made", "reestablished", "cancelled")
        bad = s.outcome in ("defense", "deal_failed", "both lose", "no card")
        text = _OUTCOME_TEXT.get(s.outcome, s.outcome)
        if finished and s.last_result and s.last_result.get("totals"):
            text += " ({}-{})".format(*s.last_result["totals"])
        out.append(_text(x + 12, y + 81, _fit(text, 12.5, w - 100, True), 12.5, GOOD if good else BAD if bad else INK,
                         bold=True))

    # the hyperspace gate (offense side) aimed at the target planet (defense side)
    gy = y + 132
    gx = x + 14
    out.append(_text(gx, gy - 37, "hyperspace gate", 10, MUTED))
    ofill, odark, otint = ohex
    out.append(f'<path d="M{_n(gx)} {_n(gy - 32)} L{_n(gx + 152)} {_n(gy - 9)} L{_n(gx + 152)} {_n(gy + 9)} '
               f'L{_n(gx)} {_n(gy + 32)} Z" fill="{otint}" stroke="{odark}" stroke-width="1.4"/>')
    on_gate = [(q, s.gate[q]) for q in [off] + list(s.allies[OFF]) if s.gate[q]]
    on_gate += [(q, s.gate[q]) for q in range(n) if s.gate[q] and q != off and q not in s.allies[OFF]]
    for i, (q, k) in enumerate(on_gate[:6]):
        col, row = divmod(i, 3)
        out.append(_ships(gx + 8 + col * 48, gy - 12 + row * 16, _seat_hex(s, q), k, 12))
    if not on_gate:
        out.append(_text(gx + 10, gy + 4, "empty", 10, FAINT))
    px, pr = gx + 198, 26.0
    if s.target >= 0:
        tfill, tdark, ttint = _seat_hex(s, s.target // PLANETS)
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr + 5)}" fill="none" stroke="{GATE}" stroke-width="3"/>')
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="{ttint}" stroke="{tdark}" stroke-width="1.6"/>')
        out.append(_text(px, gy - 6, str(s.target % PLANETS + 1), 14, tdark, "middle", True))
        out.append(_text(px, gy + pr + 15, s.pname[s.target], 10.5, MUTED, "middle"))
        if d >= 0:
            k = s.ships[s.target * n + d]
            out.append(_ships(px - 15, gy + 14, _seat_hex(s, d), k, 12, dim=k == 0))
    else:
        out.append(f'<circle cx="{_n(px)}" cy="{_n(gy)}" r="{_n(pr)}" fill="#fafbfc" stroke="{FAINT}" '
                   f'stroke-width="1.2" stroke-dasharray="4 3"/>')
        out.append(_text(px, gy + 5, "?", 16, FAINT, "middle", True))
    beside = [(q, s.side[q]) for q in s.allies[DEF] if s.side[q]]
    ax = px + pr + 16
    out.append(_text(ax, gy - 37, "defensive allies", 10, MUTED))
    for i, (q, k) in enumerate(beside[:4]):
        out.append(_ships(ax, gy - 18 + i * 16, _seat_hex(s, q), k, 12))
    if not beside:
        out.append(_text(ax, gy + 4, "none", 10, FAINT))

    # the encounter cards, with what they count as, the ships and the totals
    cw, ch = 58.0, 78.0
    cy = y + 176
    both = s.revealed and s.card[OFF] >= 0 and s.card[DEF] >= 0
    for side, ccx in ((OFF, gx + 76), (DEF, px)):
        who = s.main(side)
        if who < 0:
            continue
        out.append(_card(s, ccx - cw / 2, cy, cw, ch, v.cards[side], "discarded" if finished else "no card"))
        lines = [f"{s.colours[who]}'s card"]
        if both and s.kinds[side] >= 0:
            kind = s.kinds[side]
            printed = s.t.kind[s.card[side]]
            eff = ("attack", "negotiate", "morph")[kind] if kind <= MORPH else "?"
            if kind == ATTACK:
                bits = [f"card {s.values[side]:02d}", f"ships {s.side_ships(side)}"]
                if s.reinf[side]:
                    bits.append(f"reinf. {s.reinf[side]}")
                lines.append(" + ".join(bits))
                if printed != ATTACK:
                    lines.append(f"counts as attack {s.values[side]:02d}")
            elif kind != printed:
                lines.append(f"counts as {eff}")
        for i, t in enumerate(lines[:3]):
            out.append(_text(ccx, cy + ch + 13 + i * 13, _fit(t, 10, 176), 10, MUTED if i else INK, "middle"))
    if both and s.kinds == (ATTACK, ATTACK):
        ty = cy + ch + 50
        to, td = s.totals
        out.append(_text(gx + 76, ty, f"total {to}", 16, ohex[1], "middle", True))
        if d >= 0:
            out.append(_text(px, ty, f"total {td}", 16, _seat_hex(s, d)[1], "middle", True))
        out.append(_text((gx + 76 + px) / 2, ty, "vs", 11, MUTED, "middle"))
    # allies and invitations
    ay = y + h - 26
    for i, side in enumerate((OFF, DEF)):
        names = []
        for q in s.allies[side]:
            k = s.gate[q] if side == OFF else s.side[q]
            names.append(f"{s.colours[q]} ({k} ship{'s' if k != 1 else ''})" if k else f"{s.colours[q]} (ships home)")
        txt = f"{('offense', 'defense')[side]} allies: {', '.join(names) or 'none'}"
        pending = _pending_answers(s)
        inv = [s.colours[q] for q in s.inv[side] if q in pending]
        if inv:
            txt += f" · invited: {', '.join(inv)}"
        out.append(_text(x + 12, ay + i * 14, _fit(txt, 10.5, w - 24), 10.5, INK))
    return y + h


def _legend(out: list[str], x: float, y: float, w: float) -> None:
    """How to read the board (shown while no encounter is on)."""
    out.append(_text(x, y, "How to read the board", 11.5, INK, bold=True))
    rows = [
        ("ships", "a saucer and a count: ships of that colour"),
        ("pips", "foreign colonies: five win"),
        ("gate", "orange ring and cone: the planet the gate aims at"),
        ("last", "magenta: what the last action touched"),
        ("cards", "hands are counted, never shown (but the viewer's)"),
    ]
    for i, (key, text) in enumerate(rows):
        yy = y + 22 + i * 22
        if key == "ships":
            out.append(_ships(x, yy, SEAT_HEX["blue"], 4, 11))
        elif key == "pips":
            for k in range(3):
                on = k < 2
                out.append(f'<circle cx="{_n(x + 5 + k * 11)}" cy="{_n(yy - 4)}" r="4.2" '
                           f'fill="{SEAT_HEX["green"][0] if on else "#ffffff"}" stroke="{SEAT_HEX["green"][1] if on else FAINT}"/>')
        elif key == "gate":
            out.append(f'<circle cx="{_n(x + 14)}" cy="{_n(yy - 4)}" r="8" fill="none" stroke="{GATE}" stroke-width="2.5"/>')
        elif key == "last":
            out.append(f'<circle cx="{_n(x + 14)}" cy="{_n(yy - 4)}" r="8" fill="none" stroke="{HILITE}" '
                       f'stroke-width="2" stroke-dasharray="4 2"/>')
        else:
            for k in range(3):
                out.append(_rect(x + 4 + k * 5, yy - 11, 9, 13, BACK[0], "#ffffff", 0.8, 1.5))
        out.append(_text(x + 40, yy, _fit(text, 10.5, w - 44), 10.5, MUTED))


def _deal(s: State, out: list[str], y: float) -> float:
    """The deal being negotiated (or just made or failed); returns its bottom."""
    if s.outcome not in ("deal", "deal_made", "deal_failed") or s.stage in ("end of encounter", "game over"):
        return y
    x, w = RX, RW
    h = 62.0
    made, failed = s.outcome == "deal_made", s.outcome == "deal_failed"
    colour = GOOD if not failed else BAD
    out.append(_rect(x, y, w, h, "#f4fbf6" if not failed else "#fdf1f0", colour, 1.4, 9))
    if made:
        title = "Deal made"
    elif failed:
        title = f"Deal failed: {s.rules.deal_fail_ships} ships of each main player to the warp"
    else:
        made_so_far = s.tasks[0][2] if s.tasks and s.tasks[0][0] == "deal" else 0
        title = f"Deal · {made_so_far} of {s.rules.deal_rounds} proposals made"
    out.append(_text(x + 12, y + 18, _fit(title, 12, w - 24, True), 12, colour, bold=True))
    if s.deal_offer is None:
        out.append(_text(x + 12, y + 38, "allies went home; no proposal yet", 11, MUTED))
    else:
        by, prop = s.deal_offer
        (oc, on, op), (dc, dn, dp) = prop.a, prop.b
        head = "terms" if made else f"{s.colours[by].capitalize()} proposes"
        line1 = (f"{head}: {oc} gives {on} card{'s' if on != 1 else ''}, "
                 f"{dc} gives {dn} card{'s' if dn != 1 else ''}")
        lands = [f"{oc} lands on {op}" if op else "", f"{dc} lands on {dp}" if dp else ""]
        line2 = "; ".join(t for t in lands if t) or "no colony changes hands"
        out.append(_text(x + 12, y + 37, _fit(line1, 11, w - 24), 11, INK))
        out.append(_text(x + 12, y + 53, _fit(line2, 11, w - 24), 11, INK))
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
    """Cards on the table and lasting effects; returns its bottom."""
    x, w = RX, RW
    effects = _effects(s)
    table = list(s.table)
    lines = min(len(effects), 5)
    h = min(30 + (72 if table else 0) + max(1, lines) * 14 + 6, bottom - y)
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    out.append(_text(x + 12, y + 19, "In play this encounter", 12.5, INK, bold=True))
    out.append(_text(x + w - 12, y + 19, "artifacts, flares, reinforcements", 9.5, FAINT, "end"))
    ty = y + 28
    if table:
        for i, c in enumerate(table[:7]):
            out.append(_face(s, x + 12 + i * 54, ty, 48, 64, c))
        if len(table) > 7:
            out.append(_text(x + w - 12, ty + 40, f"+{len(table) - 7}", 11, MUTED, "end"))
        ty += 72
    room = int((y + h - ty - 4) // 14)
    for i, e in enumerate(effects[:max(0, room)]):
        out.append(_text(x + 12, ty + 11 + i * 14, "• " + _fit(e, 10.5, w - 30), 10.5, INK))
    if not table and not effects:
        out.append(_text(x + 12, ty + 11, "nothing", 10.5, FAINT))
    return y + h


def _last_encounter(s: State, out: list[str], y: float) -> float:
    """The result of the last finished encounter; returns its bottom."""
    x, w = RX, RW
    h = 48.0
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    out.append(_text(x + 12, y + 17, "Last encounter", 11, MUTED, bold=True))
    lr = s.last_result
    if lr is None:
        out.append(_text(x + 12, y + 35, "none yet", 10.5, FAINT))
        return y + h
    col = s.colours
    what = _OUTCOME_TEXT.get(lr["outcome"], lr["outcome"])
    vs = f"{col[lr['offense']]} vs {col[lr['defender']]}" if lr["defender"] >= 0 else col[lr["offense"]]
    where = f" at {lr['target']}" if lr["target"] else ""
    cards = " vs ".join(c or "-" for c in lr["cards"]) if any(lr["cards"]) else ""
    tot = " {}-{}".format(*lr["totals"]) if lr.get("totals") else ""
    line = f"{vs}{where}: {what}" + (f" ({cards}{tot})" if cards else "")
    out.append(_text(x + 12, y + 35, _fit(line, 10.5, w - 24), 10.5, INK))
    return y + h


def _warp_and_decks(s: State, out: list[str], y: float, h: float) -> None:
    x, w = RX, RW
    out.append(_rect(x, y, w, h, PANEL, LINE, 1.4, 9))
    # the warp: a swirl and the ships of every colour in it
    cx, cy = x + 38, y + 40
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="25" fill="#efeaf8" stroke="#6b5fa8" stroke-width="1.4"/>')
    out.append(_spiral(cx - 2, cy + 2, 15, "#6b5fa8"))
    out.append(_text(cx, cy + 40, "the warp", 10.5, MUTED, "middle", True))
    k = 0
    for p in range(s.n):
        if s.warp[p]:
            col, row = divmod(k, 3)
            out.append(_ships(x + 78 + col * 50, y + 24 + row * 19, _seat_hex(s, p), s.warp[p], 12))
            k += 1
    if k == 0:
        out.append(_text(x + 80, y + 44, "empty", 10.5, FAINT))
    # the decks
    dx = x + 190
    top = s.t.name[s.discard[-1]] if s.discard else "empty"
    rows = [
        ("cosmic deck", f"{len(s.deck)} cards"),
        ("discards", f"{len(s.discard)} · top: {top}" if s.discard else "none"),
        ("destiny deck", f"{len(s.ddeck)} cards ({len(s.ddiscard)} drawn)"),
    ]
    for i, (a, b) in enumerate(rows):
        out.append(_text(dx, y + 24 + i * 19, a, 10, MUTED))
        out.append(_text(dx + 72, y + 24 + i * 19, _fit(b, 10.5, x + w - 12 - dx - 72, True), 10.5, INK, bold=True))


# ----------------------------------------------------------------------------- viewer's hand
def _hand_strip(s: State, out: list[str], v: _View, y: float) -> None:
    p = v.viewer
    assert p is not None
    hexes = _seat_hex(s, p)
    out.append(_rect(LX, y, W - 2 * LX, HAND_H - 8, PANEL, hexes[1], 1.6, 9))
    hand = v.hand or []
    title = f"{s.colours[p].capitalize()}'s hand ({len(hand)} card{'s' if len(hand) != 1 else ''})"
    out.append(_text(LX + 12, y + 19, title, 12.5, hexes[1], bold=True))
    note = "seen only by this player"
    if v.offers:
        note = "aliens dealt: " + " or ".join(v.offers) + " (keep one)"
    out.append(_text(W - LX - 12, y + 19, note, 10, MUTED, "end"))
    x = LX + 12
    cw, ch, gap = 54.0, 80.0, 6.0
    cards = list(hand)
    hoard = list(v.hoard or [])
    room = int((W - 2 * LX - 24) // (cw + gap))
    shown = cards[:room]
    for i, c in enumerate(shown):
        out.append(_face(s, x + i * (cw + gap), y + 28, cw, ch, c))
    x += len(shown) * (cw + gap)
    if len(cards) > room:
        out.append(_text(x, y + 70, f"+{len(cards) - room}", 12, MUTED))
    if not cards:
        why = "hands of eight are dealt once every player has chosen an alien" if s.stage == "setup" else "no cards"
        out.append(_text(LX + 12, y + 66, why, 11, FAINT))
    if hoard:
        x += 10
        out.append(f'<line x1="{_n(x - 8)}" y1="{_n(y + 28)}" x2="{_n(x - 8)}" y2="{_n(y + 108)}" stroke="{LINE}"/>')
        out.append(_text(x, y + 19, f"hoard ({len(hoard)})", 11, MUTED, bold=True))
        left = int((W - LX - 12 - x) // (cw * 0.7 + 4))
        for i, c in enumerate(hoard[:left]):
            out.append(_face(s, x + i * (cw * 0.7 + 4), y + 28, cw * 0.7, ch, c))
    if v.peeked:
        col = s.colours
        text = "; ".join(f"{col[q]}'s hand (shown to you): {', '.join(names) or 'empty'}" for q, names in v.peeked.items())
        out.append(_text(LX + 12, y + HAND_H - 13, _fit(text, 10, W - 2 * LX - 24), 10, MUTED))


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
    height_vb = TOP + MAIN_H + 10 + (HAND_H if viewer is not None else 0)
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
    warp_h, last_h = 92.0, 48.0
    y = _encounter(state, out, v, TOP) + 8
    y = _deal(state, out, y)
    _in_play(state, out, y, bottom - warp_h - last_h - 16)
    _last_encounter(state, out, bottom - warp_h - last_h - 8)
    _warp_and_decks(state, out, bottom - warp_h, warp_h)
    if viewer is not None:
        _hand_strip(state, out, v, TOP + MAIN_H + 10)
    out.append("</svg>")
    return "".join(out)
