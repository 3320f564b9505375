"""Every sentence, phrase and word the Cosmic board shows, and nothing else.

The other modules of this package lay text out; what it says is written here, in the
order of the picture (header, players' panels, cards, encounter, the column's other
panels, the hand), so that a translation (issue 33) translates exactly this module. A
sentence is written whole with named fields wherever the board's wording allows; the
engine's codes (a task's kind, an outcome, a card kind, a role) are the keys of the tables
here and never shown as they are. The words are few and short: the board is read
projected (the package docstring says why).

What a function here gets is the state and numbers; what it gives back is text (and, for
a player's power, a tone the drawing colours: ``"good"``, ``"bad"`` or ``"muted"``).
Some words are the engine's or its data's, not this module's: the last action
(:meth:`State.describe`, which :func:`public_action_text` calls), a game's
``win_reason``, and the names of colours, aliens (and their powers' summaries), cards,
planets and special destiny cards.
"""

from __future__ import annotations

from typing import Any

from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from ..rules import DEF, OFF, SPECIAL, WILD, Action, State
from .view import _flare_player, _pending_answers, _visible_alien


# ----------------------------------------------------------------------------- names
def seat_label(state: State, seat: int, viewer: int | None = None) -> str:
    """A seat's readable name: its colour, and its alien once aliens are public (or to the
    seat itself), e.g. ``"Red (Zombie)"``."""
    if not 0 <= seat < state.n:
        return "-"
    name = state.colours[seat].capitalize()
    alien = _visible_alien(state, seat, viewer)
    return f"{name} ({alien})" if alien else name


def public_action_text(state: State, action: Any, actor: int, viewer: int | None) -> str:
    """``action`` as ``viewer`` (None: any onlooker) may read it: another player's
    selection, alien choice or power decision never names a card or an alien (the
    wording is :meth:`State.describe`'s)."""
    a = action if isinstance(action, Action) else state.parse_action(str(action))
    return state.describe(a, viewer, actor)


# ----------------------------------------------------------------------------- header
#: the seven phases of an encounter (rulebook)
PHASES: tuple[str, ...] = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")

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


def view_text(state: State, viewer: int | None) -> str:
    """Whose view the picture is, and the number of players (the header's right)."""
    if viewer is None:
        return f"public view · {state.n} players"
    return f"{state.colours[viewer]}'s view · {state.n} players"


def turn_text(s: State) -> str:
    """The header's first line: the turn, whose it is, which encounter, and who attacks
    when it is not the player whose turn it is."""
    line = f"Turn {s.turn} · {seat_label(s, s.turn_player)}'s turn"
    if s.enc_no == 2:
        line += ", second encounter"
    elif s.enc_no != 1:
        line += f", #{s.enc_no} encounter"
    if s.offense != s.turn_player:
        line += f" (counter-attack by {s.colours[s.offense].capitalize()})"
    return line


SET_UP = "Set-up: each player keeps one of two aliens"
GAME_OVER = "GAME OVER"


def winners_text(s: State) -> str:
    """Who won the game, and why (beside "GAME OVER")."""
    ws = ", ".join(seat_label(s, p) for p in s.winners())
    why = s.win_reason or f"{s.win_at} foreign colonies"
    if len(s.winners()) == 1:
        return f"Winner: {ws} ({why})"
    return f"Shared win: {ws} ({why})"


def phase_label(i: int) -> str:
    """The current phase's pill: its number and name."""
    return f"{i + 1} {PHASES[i]}"


def deciding_text(s: State, viewer: int | None) -> tuple[str, str]:
    """Who is to decide and what, as the header's line says it (shorter than
    :func:`waiting_text` where that is too long for the line), and the whole task when
    the line shortened it (its tooltip; else empty)."""
    actor = s.current_player
    who = seat_label(s, actor, viewer)
    task = waiting_text(s)
    short = task
    if s.tasks and s.tasks[0][0] == "window":  # the header's line is short of room for the whole
        short = f"{_WINDOW_TEXT.get(s.tasks[0][1], s.tasks[0][1])}: artifact, flare, power or pass"
    line = f"{who} (you): {short}" if actor == viewer else f"{who}: {short}"
    return line, task if short != task else ""


LAST_ACTION = "Last action:"


def last_action_text(s: State, action: Action, actor: int, viewer: int | None) -> str:
    """The last action as the header's third line says it: who, then the action as
    ``viewer`` may read it."""
    text = public_action_text(s, action, actor, viewer)
    if 0 <= actor < s.n:
        return f"{s.colours[actor].capitalize()} — {text}"
    return text


# ----------------------------------------------------------------------------- players' panels
WINNER = "★ WINNER"
TO_ACT = "TO ACT"
TO_ACT_YOU = "TO ACT (YOU)"
LAST_MOVE = "LAST MOVE"
#: a seat's role in the encounter, as its badge says it
_ROLE_TEXT = {"offense": "OFFENSE", "defense": "DEFENSE", "ally of offense": "ALLY OF OFFENSE",
              "ally of defense": "ALLY OF DEFENSE", "invited by offense": "INVITED BY OFFENSE",
              "invited by defense": "INVITED BY DEFENSE", "invited by both": "INVITED BY BOTH"}


def role_text(s: State, p: int) -> str:
    """A seat's role in the encounter, as its panel's badge says it; empty without one."""
    if s.over or s.offense < 0:
        return ""
    if p == s.offense:
        return _ROLE_TEXT["offense"]
    if p == s.defender:
        return _ROLE_TEXT["defense"]
    if p in s.allies[OFF]:
        return _ROLE_TEXT["ally of offense"]
    if p in s.allies[DEF]:
        return _ROLE_TEXT["ally of defense"]
    inv = [name for side, name in ((OFF, "offense"), (DEF, "defense")) if p in s.inv[side]]
    if inv and p in _pending_answers(s):
        return _ROLE_TEXT["invited by " + (inv[0] if len(inv) == 1 else "both")]
    return ""


def removed_text(k: int) -> str:
    """The badge of ships removed from the game (Void, Masochist's super flare)."""
    return f"removed {k}"


def panel_title(s: State, p: int, alien: str | None, offers: list[str], to_act: bool) -> str:
    """A panel's title: the seat's colour and its alien as the viewer may know it
    (``alien``; ``offers``: the aliens dealt to the viewer's own seat, still to choose)."""
    title = ("▶ " if to_act else "") + s.colours[p].capitalize()
    if alien:
        title += f" · {_powers_text(s, p, alien)}"
    elif s.rules.powers and offers:
        title += " · dealt " + " or ".join(offers)
    elif s.rules.powers and s.alien[p] is not None:
        title += " · alien secret"
    return title


def alien_summary(s: State, alien: str | None) -> str:
    """An alien's power in a sentence (the panel title's tooltip); empty for none."""
    return f"{alien}: {s.g.aliens[alien].summary}" if alien and alien in s.g.aliens else ""


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


def power_status(s: State, p: int, known: bool) -> tuple[str, str, str]:
    """(text, tone, tooltip) of a seat's power: active, lost (fewer than three home
    colonies), zapped, or not known yet (``known``: the viewer may know the seat's
    alien); the text is short, the tooltip says it whole; the tone is "good", "bad" or
    "muted"."""
    if not s.rules.powers:
        return "no powers (option)", "muted", "alien powers are off (rule option)"
    if s.alien[p] is None or not known:
        text = "choosing an alien" if s.alien[p] is None else "alien secret"
        return text, "muted", text
    home = s.home_colonies(p)
    colonies = f"{home} home colon{'y' if home == 1 else 'ies'}"
    if s.power_of[p] < 0:
        return "power LENT", "muted", "power lent to another player for this encounter (Philanthropist's flare)"
    if s.power_lost(p):
        return (f"power LOST: {home} home", "bad",
                f"power LOST: {colonies} (it works with {s.power_at} or more)")
    if ("zap", p) in s.eflags:
        return "power ZAPPED", "bad", "power ZAPPED this encounter (Cosmic Zap)"
    return "power active", "good", f"power active · {colonies}"


def extras_text(s: State, p: int) -> str:
    """The panel's last info line, when there is one: Miser's hoard, a power's tokens
    (Warrior, Tick-Tock) and Grudge's token (a penalty waits at the end of the
    encounter); empty without any."""
    extras = []
    if s.hoard[p]:
        extras.append(f"hoard {len(s.hoard[p])} card{'s' if len(s.hoard[p]) != 1 else ''}")
    if s.tokens[p]:
        extras.append(f"{s.tokens[p]} token{'s' if s.tokens[p] != 1 else ''}")
    if s.grudge[p]:
        extras.append("grudge token")
    return " · ".join(extras)


COLONIES = "colonies"
HAND = "hand"
WARP = "warp"


#: how a number of things reads, for one and for more
_COUNTED = {"card": ("{k} card", "{k} cards"), "ship": ("{k} ship", "{k} ships")}


def count_text(k: int, thing: str) -> str:
    """``k`` cards or ships (``thing``: "card" or "ship") in words: "1 card", "3 ships"."""
    one, more = _COUNTED[thing]
    return (one if k == 1 else more).format(k=k)


def planet_tip(s: State, pl: int, colonised: bool) -> str:
    """A home planet's tooltip: its name, and whether no ship is on it."""
    return s.pname[pl] if colonised else f"{s.pname[pl]} (no colony)"


def citadel_tip(s: State, cards: list[int], total: int) -> str:
    """The tooltip of Citadel's chip: the citadels' values and their sum."""
    return "citadel " + " + ".join(s.t.name[c][7:] for c in cards) + f" = {total}"


# ----------------------------------------------------------------------------- cards
#: the band of a card's face, by kind (short: it fits a card in the hand)
KIND_LABEL: dict[int, str] = {
    ATTACK: "ATTACK",
    NEGOTIATE: "NEGOT.",
    MORPH: "MORPH",
    REINFORCEMENT: "REINF.",
    ARTIFACT: "ARTIF.",
    FLARE: "FLARE",
}
#: what an encounter card counts as, when it differs from its face (the kind's word)
KIND_WORD: dict[int, str] = {ATTACK: "attack", NEGOTIATE: "negotiate", MORPH: "morph"}
NO_CARD = "no card"
DISCARDED = "discarded"
FACE_DOWN = "face down"
FACE_DOWN_LINES = ("face", "down")  # on a card's back: on one line it is wider than the card


def card_mark(kind: int, value: int) -> str:
    """The big mark of an encounter card's face: an attack's value, a reinforcement's
    bonus, N(egotiate) or M(orph)."""
    return {ATTACK: f"{value:02d}", REINFORCEMENT: f"+{value}", NEGOTIATE: "N", MORPH: "M"}[kind]


# ----------------------------------------------------------------------------- encounter
DESTINY_HEAD = "DESTINY"
DESTINY = "destiny"  # the empty slot of the destiny card


def destiny_text(state: State, code: int) -> str:
    """The destiny card drawn: a colour, "wild" or a special card's name; empty for none."""
    if code < 0:
        return ""
    if code < state.n:
        return state.colours[code]
    if code == WILD:
        return "wild"
    return state.g.specials[code - SPECIAL].name


NO_ENCOUNTER = "no encounter yet"
#: the words between the two main players' names ("Red encounters Blue"; "vs" when long
#: colour names leave no room), or after the offense's alone
ENCOUNTERS = "encounters"
VS = "vs"
IS_OFFENSE = "is the offense"


def target_text(s: State) -> str:
    """The encounter's target, or how far it is from having one."""
    if s.target >= 0:
        return f"target planet: {s.pname[s.target]}"
    return "the gate is not aimed yet" if s.defender >= 0 else "drawing destiny"


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


def outcome_text(s: State, finished: bool) -> tuple[str, str]:
    """The encounter's outcome as its panel's line says it (with the totals once the
    encounter is over), and the whole wording when the line is shorter (else empty)."""
    whole = _OUTCOME_TEXT.get(s.outcome, s.outcome)
    text = _OUTCOME_SHORT.get(s.outcome, whole)
    if finished and s.last_result and s.last_result.get("totals"):
        text += " ({}-{})".format(*s.last_result["totals"])
    return text, whole if not text.startswith(whole) else ""


GATE = "hyperspace gate"
EMPTY = "empty"
DEFENSE_ALLIES = "defense allies"
NONE = "none"
ACCEPTED = "accepted:"  # Gambler's claim, once accepted
SAYS = "says:"  # Gambler's claim
COUNTS_AS = "counts as"


def card_value_text(value: str) -> str:
    return f"card {value}"


def side_ships_text(k: int) -> str:
    """The ships a side adds to its attack card's value."""
    return f"+ {k} ships"


def reinforcements_text(k: int) -> str:
    return f"+ reinf. {k}"


def total_text(k: int) -> str:
    return f"total {k}"


def allies_units(s: State, side: int, pending: set[int]) -> list[str]:
    """A side's allies (with their ships) and the players it invited who are still to
    answer, as pieces a line may be cut between; joined by spaces they are one
    sentence."""
    names = []
    for q in s.allies[side]:
        k = s.gate[q] if side == OFF else s.side[q]
        names.append(f"{s.colours[q]} ({k} ship{'s' if k != 1 else ''})" if k else f"{s.colours[q]} (ships home)")
    units = [f"{('offense', 'defense')[side]} allies:"] + [t + "," for t in names[:-1]] + (names[-1:] or ["none"])
    inv = [s.colours[q] for q in s.inv[side] if q in pending]
    if inv:
        units += ["· invited:"] + [t + "," for t in inv[:-1]] + inv[-1:]
    return units


LEGEND_HEAD = "How to read the board"
#: the legend's rows: the symbol drawn (a key of the drawing) and what it means
LEGEND = (
    ("ships", "saucer and count: ships of a colour"),
    ("pips", "foreign colonies: five win"),
    ("gate", "orange ring: the gate's target"),
    ("last", "magenta: the last action"),
    ("cards", "hands are counted (yours shown)"),
)


def options_text(s: State) -> str:
    """The game's options, under the legend."""
    return f"flares {'on' if s.rules.flares else 'off'} · powers {'on' if s.rules.powers else 'off'}"


# ----------------------------------------------------------------------------- the column's other panels
def deal_text(s: State) -> tuple[str, list[str], str]:
    """The deal being negotiated, or just made or failed: its title, its lines (what each
    side gives and where it lands, a line each) and the terms in one sentence (the lines'
    tooltip); no title: no deal."""
    if s.outcome not in ("deal", "deal_made", "deal_failed") or s.stage in ("end of encounter", "game over"):
        return "", [], ""
    made, failed = s.outcome == "deal_made", s.outcome == "deal_failed"
    made_so_far = s.tasks[0][2] if s.tasks and s.tasks[0][0] == "deal" else 0
    if made:
        title = "Deal made:"
    elif failed:
        title = f"Deal failed: main players lose {s.rules.deal_fail_ships} ships"
    else:
        title = f"Deal · {made_so_far} of {s.rules.deal_rounds} proposals made"
    if s.deal_offer is None:
        return title, ["allies went home; no proposal yet"], ""
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
    return title, lines, whole


IN_PLAY = "In play this encounter"
NOTHING = "nothing"


def effects_text(s: State) -> list[str]:
    """Lasting effects of artifacts, flares and powers played this encounter, in words."""
    col = s.colours
    out: list[str] = []
    for k in sorted(s.eflags, key=repr):
        if not isinstance(k, tuple) or not k:
            continue
        if k[0] == "flared":
            who = _flare_player(s, k[1])
            out.append(f"{k[1]} flare played by {col[who]}" if who >= 0 else f"{k[1]} flare played")
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


def more_text(k: int, short: bool = False) -> str:
    """The mark of ``k`` things a panel has no room for (``short``: the number only)."""
    return f"+{k}" if short else f"+{k} more"


LAST_HEAD = "Last encounter:"


def last_encounter_text(s: State) -> str:
    """The last finished encounter's result in one sentence (who met whom where, how it
    ended, the cards and totals)."""
    lr = s.last_result
    if lr is None:
        return "none yet"
    col = s.colours
    what = _OUTCOME_TEXT.get(lr["outcome"], lr["outcome"])
    vs = f"{col[lr['offense']]} vs {col[lr['defender']]}" if lr["defender"] >= 0 else col[lr["offense"]]
    where = f" at {lr['target']}" if lr["target"] else ""
    cards = " vs ".join(c or "-" for c in lr["cards"]) if any(lr["cards"]) else ""
    tot = ", {}-{}".format(*lr["totals"]) if lr.get("totals") else ""
    return f"{vs}{where}: {what}" + (f" ({cards}{tot})" if cards else "")


def deck_rows(s: State) -> list[tuple[str, str]]:
    """The decks beside the warp: each a label and its count."""
    return [
        ("deck", f"{len(s.deck)} cards"),
        ("discard", f"{len(s.discard)} card{'s' if len(s.discard) != 1 else ''}"),
        ("destiny", f"{len(s.ddeck)} left, {len(s.ddiscard)} drawn"),
    ]


DISCARD_TOP = "top of the discard pile:"


# ----------------------------------------------------------------------------- the viewer's hand
def hand_title(s: State, p: int, k: int) -> str:
    return f"{s.colours[p].capitalize()}'s hand · {k} card{'s' if k != 1 else ''}"


def empty_hand_text(s: State) -> str:
    """What the strip says in place of no cards."""
    return "hands of eight are dealt once every player has chosen an alien" if s.stage == "setup" else "no cards"


HOARD = "hoard"
HAND_NOTE = "seen only by this player"


def offers_text(offers: list[str]) -> str:
    """The aliens dealt to the viewer, still to choose between."""
    return "aliens dealt: " + " or ".join(offers) + " (keep one)"


def shown_hands_units(s: State, hands: dict[int, list[str]]) -> list[str]:
    """Other hands the viewer may look at now (Will's flare, Barbarian's loot, Hacker's
    compensation), as pieces a line may be cut between."""
    col = s.colours
    units = []
    for q, names in hands.items():
        units += [f"{col[q]}'s hand (shown to you):"] + [t + "," for t in names[:-1]] + (names[-1:] or ["empty"])
    return units


# ---------------------------------------------------------------- the class page's "yours"
YOURS_TITLE = "What you hold"
YOUR_HAND = "Your hand"
YOUR_HOARD = "Your hoard"
YOUR_ALIEN = "Your alien"
ALIEN_DEALT = "Dealt to you (keep one)"


def _hand_line(names: list[str]) -> str:
    """A hand as a line: each card once, with how many ("negotiate ×2")."""
    counted: dict[str, int] = {}
    for n in names:
        counted[n] = counted.get(n, 0) + 1
    return ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in counted.items())


def seat_panel_lines(s: State, seat: int) -> list[list[str]]:
    """What ``seat`` holds and may read while it decides, as [label, text] lines for the
    class page beside its moves: its hand, hoard, alien and its power, the aliens it is
    choosing between, hands shown to it."""
    obs = s.observation(seat)
    lines = [[YOUR_HAND, _hand_line(obs["hand"]) if obs["hand"] else empty_hand_text(s)]]
    if obs["hoard"]:
        lines.append([YOUR_HOARD, _hand_line(obs["hoard"])])
    if obs["alien_offers"] and not obs["aliens"][seat]:
        lines += [[ALIEN_DEALT, alien_summary(s, a)] for a in obs["alien_offers"]]
    elif s.rules.powers and obs["aliens"][seat]:
        lines.append([YOUR_ALIEN, alien_summary(s, obs["aliens"][seat])])
    for q, names in (obs.get("peeked_hands") or {}).items():
        lines.append([f"{s.colours[int(q)]}'s hand (shown to you)", _hand_line(names) or "empty"])
    return lines
