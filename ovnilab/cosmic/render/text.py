"""Every sentence and phrase the Cosmic board shows (its header, panels, lines and
tooltips), and nothing else; the words for one thing it names (a colour, planet, card,
phase, seat, action...) are :mod:`.labels`'.

The other modules of this package lay text out; what it says is written here and in
:mod:`.labels`, in the order of the picture (header, players' panels, cards, encounter,
the column's other panels, the hand), so that a translation (issue 33) translates
exactly these two modules. A sentence is written whole with named fields wherever the
board's wording allows; the engine's codes (a task's kind, an outcome, a card kind, a
role) are the keys of the tables here and never shown as they are. The words are few and
short: the board is read projected (the package docstring says why).

What a function here gets is the state and numbers; what it gives back is text (and, for
a player's power, a tone the drawing colours: ``"good"``, ``"bad"`` or ``"muted"``).

Language (issue 33): every sentence is English inside ``_()`` / ``n_()`` (or marked
``N_()`` in a table, and the drawing says ``_(words.GATE)``) and said in the language in
force (``ovnilab.set_language``, ``OVNILAB_LANG``, a ``using_language`` block); in
English each reads byte for byte as before. The words the engine or its data own
(colours, planets, cards' names, actions) are said in the board's language by
:mod:`.labels`, whose docstring lists which stay English. The Portuguese uses the
rulebook's words (seeds/003_*.txt): encontro, atacante, defensor, aliado ofensivo /
defensivo, naves, colônia, planeta natal, Warp, Portão do Hiperespaço (o portão),
Destino, Ataque, Negociação, Morph, reforço, Flare, artefato, poder alienígena, acordo,
compensação, recompensa, deck cósmico; the phases Reagrupar, Destino, Lançar, Aliança,
Planejamento, Revelar, Resolução.
"""

from __future__ import annotations

from ...i18n import N_, _, n_, pgettext
from ..rules import DEF, OFF, Action, State
from .labels import (card_label, colour_name, colour_title, colour_word, count_text, planet_label, public_action_text, seat_label,
                     win_reason_text)
from .view import _flare_player, _pending_answers


# ----------------------------------------------------------------------------- header
_TASK_TEXT = {
    "alien": N_("choose an alien"),
    "regroup": N_("regroup: a ship from the warp to a colony"),
    "place": N_("place ships leaving the warp"),
    "lose": N_("choose ships to lose to the warp"),
    "own": N_("own colour drawn: draw again, or attack at home"),
    "wild": N_("wild destiny: choose the defender"),
    "aim": N_("aim the hyperspace gate"),
    "invite": N_("invite allies"),
    "answer": N_("join a side or decline"),
    "select": N_("select an encounter card"),
    "reinforce": N_("play a reinforcement or pass"),
    "zap": N_("answer the card or power just played"),
    "plague": N_("Plague: discard one card of each type"),
    "deal": N_("negotiate a deal"),
    "give": N_("choose the cards to give in the deal"),
    "reward": N_("choose defensive rewards"),
    "second": N_("a second encounter?"),
    "power": N_("decide for an alien power"),
}
_SHIPS_TEXT = {
    "launch": N_("launch ships onto the gate"), "ally_off": N_("send ships to the gate"),
    "ally_def": N_("send ships to defend"), "colony": N_("ships for the deal's colony"),
    "reestablish": N_("ships to re-establish a colony"),
}
_WINDOW_TEXT = {
    "regroup": N_("regroup"), "destiny": N_("destiny"), "launch": N_("launch"), "alliance": N_("alliance"),
    "alliance_end": N_("end of alliance"), "planning": N_("planning"), "after_selection": N_("after selection"),
    "reveal": N_("reveal"), "resolution": N_("resolution"), "cleanup": N_("end of encounter"),
}


def _window(t: str) -> str:
    return _(_WINDOW_TEXT[t]) if t in _WINDOW_TEXT else t


def waiting_text(state: State) -> str:
    """What the player to act has to decide, in a few words (e.g. ``"aim the hyperspace
    gate"``); empty when the game is over."""
    if state.is_over() or not state.tasks:
        return ""
    t = state.tasks[0]
    kind = t[0]
    if kind == "ships":
        return _(_SHIPS_TEXT[t[2]]) if t[2] in _SHIPS_TEXT else _("send ships")
    if kind == "window":
        return _("{stage}: play an artifact, flare or power, or pass", stage=_window(t[1]))
    if kind == "power":
        return _("decide for the {alien} power", alien=t[2])
    return _(_TASK_TEXT[kind]) if kind in _TASK_TEXT else kind


def view_text(state: State, viewer: int | None) -> str:
    """Whose view the picture is, and the number of players (the header's right)."""
    if viewer is None:
        return _("public view · {n} players", n=state.n)
    return _("{colour}'s view · {n} players", colour=colour_word(state.colours[viewer]), n=state.n)


def turn_text(s: State) -> str:
    """The header's first line: the turn, whose it is, which encounter, and who attacks
    when it is not the player whose turn it is."""
    who = seat_label(s, s.turn_player)
    if s.enc_no == 2:
        line = _("Turn {turn} · {name}'s turn, second encounter", turn=s.turn, name=who)
    elif s.enc_no != 1:
        line = _("Turn {turn} · {name}'s turn, #{number} encounter", turn=s.turn, name=who, number=s.enc_no)
    else:
        line = _("Turn {turn} · {name}'s turn", turn=s.turn, name=who)
    if s.offense != s.turn_player:
        line = _("{line} (counter-attack by {colour})", line=line, colour=colour_name(s.colours[s.offense]))
    return line


SET_UP = N_("Set-up: each player keeps one of two aliens")
GAME_OVER = N_("GAME OVER")


def winners_text(s: State) -> str:
    """Who won the game, and why (beside "GAME OVER")."""
    ws = ", ".join(seat_label(s, p) for p in s.winners())
    why = win_reason_text(s.win_reason) if s.win_reason else _("{n} foreign colonies", n=s.win_at)
    if len(s.winners()) == 1:
        return _("Winner: {names} ({why})", names=ws, why=why)
    return _("Shared win: {names} ({why})", names=ws, why=why)


def deciding_text(s: State, viewer: int | None) -> tuple[str, str]:
    """Who is to decide and what, as the header's line says it (shorter than
    :func:`waiting_text` where that is too long for the line), and the whole task when
    the line shortened it (its tooltip; else empty)."""
    actor = s.current_player
    who = seat_label(s, actor, viewer)
    task = waiting_text(s)
    short = task
    if s.tasks and s.tasks[0][0] == "window":  # the header's line is short of room for the whole
        short = _("{stage}: artifact, flare, power or pass", stage=_window(s.tasks[0][1]))
    line = _("{name} (you): {task}", name=who, task=short) if actor == viewer else f"{who}: {short}"
    return line, task if short != task else ""


LAST_ACTION = N_("Last action:")


def last_action_text(s: State, action: Action, actor: int, viewer: int | None) -> str:
    """The last action as the header's third line says it: who, then the action as
    ``viewer`` may read it."""
    text = public_action_text(s, action, actor, viewer)
    if 0 <= actor < s.n:
        return f"{colour_title(s.colours[actor])} — {text}"
    return text


# ----------------------------------------------------------------------------- players' panels
WINNER = N_("★ WINNER")
TO_ACT = N_("TO ACT")
TO_ACT_YOU = N_("TO ACT (YOU)")
LAST_MOVE = N_("LAST MOVE")
#: a seat's role in the encounter, as its badge says it
_ROLE_TEXT = {"offense": N_("OFFENSE"), "defense": N_("DEFENSE"), "ally of offense": N_("ALLY OF OFFENSE"),
              "ally of defense": N_("ALLY OF DEFENSE"), "invited by offense": N_("INVITED BY OFFENSE"),
              "invited by defense": N_("INVITED BY DEFENSE"), "invited by both": N_("INVITED BY BOTH")}


def role_text(s: State, p: int) -> str:
    """A seat's role in the encounter, as its panel's badge says it; empty without one."""
    if s.over or s.offense < 0:
        return ""
    if p == s.offense:
        return _(_ROLE_TEXT["offense"])
    if p == s.defender:
        return _(_ROLE_TEXT["defense"])
    if p in s.allies[OFF]:
        return _(_ROLE_TEXT["ally of offense"])
    if p in s.allies[DEF]:
        return _(_ROLE_TEXT["ally of defense"])
    inv = [name for side, name in ((OFF, "offense"), (DEF, "defense")) if p in s.inv[side]]
    if inv and p in _pending_answers(s):
        return _(_ROLE_TEXT["invited by " + (inv[0] if len(inv) == 1 else "both")])
    return ""


def removed_text(k: int) -> str:
    """The badge of ships removed from the game (Void, Masochist's super flare)."""
    return _("removed {n}", n=k)


def one_of(items: list[str]) -> str:
    """Choices to keep one of, as a sentence says them: "Anti-Matter or Hate", "Clone,
    Hate or Zombie" (one catalog sentence, so that a translation may reorder it)."""
    if len(items) < 2:
        return "".join(items)
    return _("{a} or {b}", a=", ".join(items[:-1]), b=items[-1])


def panel_title(s: State, p: int, alien: str | None, offers: list[str], to_act: bool) -> str:
    """A panel's title: the seat's colour and its alien as the viewer may know it
    (``alien``; ``offers``: the aliens dealt to the viewer's own seat, still to choose)."""
    title = ("▶ " if to_act else "") + colour_title(s.colours[p])
    if alien:
        title += f" · {_powers_text(s, p, alien)}"
    elif s.rules.powers and offers:
        title += " · " + _("dealt {aliens}", aliens=one_of(offers))
    elif s.rules.powers and s.alien[p] is not None:
        title += " · " + _("alien secret")
    return title


def alien_summary(s: State, alien: str | None) -> str:
    """An alien's power in a sentence (the panel title's tooltip, the seat's panel lines);
    empty for none. The summary is the data file's English, said in the reader's language
    when the catalog has it (``make i18n`` extracts data/cosmic/aliens.toml's summaries);
    a summary the catalog does not know (a data file of the user's) shows as written."""
    return f"{alien}: {_(s.g.aliens[alien].summary)}" if alien and alien in s.g.aliens else ""


def _powers_text(s: State, p: int, alien: str) -> str:
    """A seat's alien as its panel names it, with the powers it uses now when they
    differ (public): an incarnation ("Reincarnator + Oracle"), a power lent away for the
    encounter ("Human, lent to red") or borrowed ("Trader, using red's Human")."""
    if not s.rules.powers:
        return alien
    src = s.power_of[p]
    if src < 0:
        to = [q for q in range(s.n) if s.power_of[q] == p]
        return _("{alien}, lent to {colour}", alien=alien, colour=colour_word(s.colours[to[0]])) if to else alien
    names = s.power_names(p)
    if src != p:
        return _("{alien}, using {colour}'s {powers}", alien=alien, colour=colour_word(s.colours[src]),
                 powers=" + ".join(names))
    return " + ".join(names) if len(names) > 1 else alien


def power_status(s: State, p: int, known: bool) -> tuple[str, str, str]:
    """(text, tone, tooltip) of a seat's power: active, lost (fewer than three home
    colonies), zapped, or not known yet (``known``: the viewer may know the seat's
    alien); the text is short, the tooltip says it whole; the tone is "good", "bad" or
    "muted"."""
    if not s.rules.powers:
        return _("no powers (option)"), "muted", _("alien powers are off (rule option)")
    if s.alien[p] is None or not known:
        text = _("choosing an alien") if s.alien[p] is None else _("alien secret")
        return text, "muted", text
    home = s.home_colonies(p)
    colonies = n_("{n} home colony", "{n} home colonies", home)
    if s.power_of[p] < 0:
        return (_("power LENT"), "muted",
                _("power lent to another player for this encounter (Philanthropist's flare)"))
    if s.power_lost(p):
        return (_("power LOST: {n} home", n=home), "bad",
                _("power LOST: {colonies} (it works with {n} or more)", colonies=colonies, n=s.power_at))
    if ("zap", p) in s.eflags:
        return _("power ZAPPED"), "bad", _("power ZAPPED this encounter (Cosmic Zap)")
    return _("power active"), "good", _("power active · {colonies}", colonies=colonies)


def extras_text(s: State, p: int) -> str:
    """The panel's last info line, when there is one: Miser's hoard, a power's tokens
    (Warrior, Tick-Tock) and Grudge's token (a penalty waits at the end of the
    encounter); empty without any."""
    extras = []
    if s.hoard[p]:
        extras.append(n_("hoard {n} card", "hoard {n} cards", len(s.hoard[p])))
    if s.tokens[p]:
        extras.append(n_("{n} token", "{n} tokens", s.tokens[p]))
    if s.grudge[p]:
        extras.append(_("grudge token"))
    return " · ".join(extras)


COLONIES = N_("colonies")
HAND = N_("hand")
WARP = N_("warp")


def planet_tip(s: State, pl: int, colonised: bool) -> str:
    """A home planet's tooltip: its name, and whether no ship is on it."""
    name = planet_label(s.pname[pl])
    return name if colonised else _("{planet} (no colony)", planet=name)


def citadel_tip(s: State, cards: list[int], total: int) -> str:
    """The tooltip of Citadel's chip: the citadels' values and their sum."""
    return _("citadel {values} = {total}", values=" + ".join(s.t.name[c][7:] for c in cards), total=total)


# ----------------------------------------------------------------------------- cards
NO_CARD = N_("no card")
DISCARDED = N_("discarded")
FACE_DOWN = N_("face down")
#: on a card's back: on one line it is wider than the card
FACE_DOWN_LINES = (N_("face"), N_("down"))


# ----------------------------------------------------------------------------- encounter
DESTINY_HEAD = N_("DESTINY")
DESTINY = N_("destiny")  # the empty slot of the destiny card


NO_ENCOUNTER = N_("no encounter yet")
#: the words between the two main players' names ("Red encounters Blue"; "vs" when long
#: colour names leave no room), or after the offense's alone
ENCOUNTERS = N_("encounters")
VS = N_("vs")
IS_OFFENSE = N_("is the offense")


def target_text(s: State) -> str:
    """The encounter's target, or how far it is from having one."""
    if s.target >= 0:
        return _("target planet: {planet}", planet=planet_label(s.pname[s.target]))
    return _("the gate is not aimed yet") if s.defender >= 0 else _("drawing destiny")


_OUTCOME_TEXT = {
    "offense": N_("the offense wins"),
    "defense": N_("the defense wins"),
    "deal": N_("two negotiates: a deal is tried"),
    "deal_made": N_("a deal is made"),
    "deal_failed": N_("the deal failed"),
    "both lose": N_("both sides lose"),
    "cancelled": N_("the encounter is cancelled"),
    "reestablished": N_("a home colony is re-established"),
    "colony granted": N_("the defense grants a colony (the encounter ends)"),
    "no card": N_("no encounter card: the turn ends"),
}
#: shorter words for the encounter panel's outcome line (it shares its width with the
#: destiny card; the whole wording is the line's tooltip)
_OUTCOME_SHORT = {
    "deal": N_("two negotiates: a deal"),
    "cancelled": N_("encounter cancelled"),
    "reestablished": N_("home colony re-established"),
    "colony granted": N_("the defense grants a colony"),
    "no card": N_("no card: the turn ends"),
}


def _outcome(o: str) -> str:
    return _(_OUTCOME_TEXT[o]) if o in _OUTCOME_TEXT else o


def outcome_text(s: State, finished: bool) -> tuple[str, str]:
    """The encounter's outcome as its panel's line says it (with the totals once the
    encounter is over), and the whole wording when the line is shorter (else empty)."""
    whole = _outcome(s.outcome)
    text = _(_OUTCOME_SHORT[s.outcome]) if s.outcome in _OUTCOME_SHORT else whole
    if finished and s.last_result and s.last_result.get("totals"):
        text += " ({}-{})".format(*s.last_result["totals"])
    return text, whole if not text.startswith(whole) else ""


GATE = N_("hyperspace gate")
EMPTY = N_("empty")
DEFENSE_ALLIES = N_("defense allies")
NONE = N_("none")
ACCEPTED = N_("accepted:")  # Gambler's claim, once accepted
SAYS = N_("says:")  # Gambler's claim
COUNTS_AS = N_("counts as")


def card_value_text(value: str) -> str:
    return _("card {value}", value=value)


def side_ships_text(k: int) -> str:
    """The ships a side adds to its attack card's value."""
    return n_("+ {n} ship", "+ {n} ships", k)


def reinforcements_text(k: int) -> str:
    return _("+ reinf. {n}", n=k)


def total_text(k: int) -> str:
    return _("total {n}", n=k)


def allies_units(s: State, side: int, pending: set[int]) -> list[str]:
    """A side's allies (with their ships) and the players it invited who are still to
    answer, as pieces a line may be cut between; joined by spaces they are one
    sentence."""
    names = []
    for q in s.allies[side]:
        k = s.gate[q] if side == OFF else s.side[q]
        c = colour_word(s.colours[q])
        names.append(_("{colour} ({ships})", colour=c, ships=count_text(k, "ship")) if k
                     else _("{colour} (ships home)", colour=c))
    head = _("offense allies:") if side == OFF else _("defense allies:")
    units = [head] + [t + "," for t in names[:-1]] + (names[-1:] or [_(NONE)])
    inv = [colour_word(s.colours[q]) for q in s.inv[side] if q in pending]
    if inv:
        units += [_("· invited:")] + [t + "," for t in inv[:-1]] + inv[-1:]
    return units


LEGEND_HEAD = N_("How to read the board")
#: the legend's rows: the symbol drawn (a key of the drawing) and what it means
LEGEND = (
    ("ships", N_("saucer and count: ships of a colour")),
    ("pips", N_("foreign colonies: five win")),
    ("gate", N_("orange ring: the gate's target")),
    ("last", N_("magenta: the last action")),
    ("cards", N_("hands are counted (yours shown)")),
)


def options_text(s: State) -> str:
    """The game's options, under the legend."""
    flares = _("flares on") if s.rules.flares else _("flares off")
    powers = _("powers on") if s.rules.powers else _("powers off")
    return f"{flares} · {powers}"


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
        title = _("Deal made:")
    elif failed:
        title = n_("Deal failed: main players lose {n} ship", "Deal failed: main players lose {n} ships",
                   s.rules.deal_fail_ships)
    else:
        title = _("Deal · {made} of {rounds} proposals made", made=made_so_far, rounds=s.rules.deal_rounds)
    if s.deal_offer is None:
        return title, [_("allies went home; no proposal yet")], ""
    by, prop = s.deal_offer
    (oc, on, op), (dc, dn, dp) = prop.a, prop.b
    oc_, dc_ = colour_word(oc), colour_word(dc)
    if not made and not failed:
        title = _("{colour}'s proposal ({made} of {rounds}):", colour=colour_name(s.colours[by]), made=made_so_far,
                  rounds=s.rules.deal_rounds)
    lines = [(_("{colour} gives {cards}, lands on {planet}", colour=c, cards=count_text(k, "card"),
                planet=planet_label(at)) if at else _("{colour} gives {cards}", colour=c, cards=count_text(k, "card")))
             for c, k, at in ((oc_, on, op), (dc_, dn, dp))]
    if not op and not dp:
        lines.append(_("no colony changes hands"))
    lands = [_("{colour} lands on {planet}", colour=oc_, planet=planet_label(op)) if op else "",
             _("{colour} lands on {planet}", colour=dc_, planet=planet_label(dp)) if dp else ""]
    gives = _("{colour} gives {cards}, {other} gives {other_cards}", colour=oc_, cards=count_text(on, "card"),
              other=dc_, other_cards=count_text(dn, "card"))
    where = "; ".join(t for t in lands if t) or _("no colony changes hands")
    if made:
        whole = _("terms: {gives}; {where}", gives=gives, where=where)
    else:
        whole = _("{colour} proposes: {gives}; {where}", colour=colour_title(s.colours[by]), gives=gives, where=where)
    return title, lines, whole


IN_PLAY = N_("In play this encounter")
NOTHING = N_("nothing")


def effects_text(s: State) -> list[str]:
    """Lasting effects of artifacts, flares and powers played this encounter, in words."""
    col = [colour_word(c) for c in s.colours]
    out: list[str] = []
    for k in sorted(s.eflags, key=repr):
        if not isinstance(k, tuple) or not k:
            continue
        if k[0] == "flared":
            who = _flare_player(s, k[1])
            out.append(_("{alien} flare played by {colour}", alien=k[1], colour=col[who]) if who >= 0
                       else _("{alien} flare played", alien=k[1]))
        elif k == ("emotion",):
            out.append(_("Emotion Control: attacks count as negotiates"))
        elif k == ("ionic",):
            out.append(_("Ionic Gas: no compensation and no rewards"))
        elif k[0] == "zap":
            out.append(_("Cosmic Zap: {colour}'s power is off", colour=col[k[1]]))
        elif k == ("cancel",):
            out.append(_("Oracle flare: the encounter is cancelled"))
        elif k == ("both_lose",):
            out.append(_("Loser flare: both sides lose"))
        elif k[0] == "upset":
            out.append(_("Loser: {colour} declared an upset (the loser wins)", colour=col[k[1]]))
        elif k[0] == "used" and 0 <= k[1] < s.n and s.alien[k[1]]:
            out.append(_("{alien} power used by {colour}", alien=s.alien[k[1]], colour=col[k[1]]))
    if s.face_up >= 0:
        out.append(_("Oracle: {colour} selects its card face up", colour=col[s.face_up]))
    return out


def more_text(k: int, short: bool = False) -> str:
    """The mark of ``k`` things a panel has no room for (``short``: the number only)."""
    return f"+{k}" if short else _("+{n} more", n=k)


LAST_HEAD = N_("Last encounter:")


def last_encounter_text(s: State) -> str:
    """The last finished encounter's result in one sentence (who met whom where, how it
    ended, the cards and totals)."""
    lr = s.last_result
    if lr is None:
        return _("none yet")
    col = [colour_word(c) for c in s.colours]
    what = _outcome(lr["outcome"])
    vs = (_("{offense} vs {defense}", offense=col[lr["offense"]], defense=col[lr["defender"]])
          if lr["defender"] >= 0 else col[lr["offense"]])
    cards = f" {_(VS)} ".join(card_label(c) or "-" for c in lr["cards"]) if any(lr["cards"]) else ""
    tot = ", {}-{}".format(*lr["totals"]) if lr.get("totals") else ""
    if lr["target"]:
        head = _("{players} at {planet}: {outcome}", players=vs, planet=planet_label(lr["target"]), outcome=what)
    else:
        head = f"{vs}: {what}"
    return head + (f" ({cards}{tot})" if cards else "")


def deck_rows(s: State) -> list[tuple[str, str]]:
    """The decks beside the warp: each a label and its count."""
    return [
        (_("deck"), _("{n} cards", n=len(s.deck))),
        (_("discard"), count_text(len(s.discard), "card")),
        (pgettext("cosmic deck", "destiny"), _("{left} left, {drawn} drawn", left=len(s.ddeck), drawn=len(s.ddiscard))),
    ]


DISCARD_TOP = N_("top of the discard pile:")


# ----------------------------------------------------------------------------- the viewer's hand
def hand_title(s: State, p: int, k: int) -> str:
    return _("{colour}'s hand · {cards}", colour=colour_name(s.colours[p]), cards=count_text(k, "card"))


def empty_hand_text(s: State) -> str:
    """What the strip says in place of no cards."""
    return _("hands of eight are dealt once every player has chosen an alien") if s.stage == "setup" else _("no cards")


HOARD = N_("hoard")
HAND_NOTE = N_("seen only by this player")


def offers_text(offers: list[str]) -> str:
    """The aliens dealt to the viewer, still to choose between."""
    return _("aliens dealt: {aliens} (keep one)", aliens=one_of(offers))


def shown_hands_units(s: State, hands: dict[int, list[str]]) -> list[str]:
    """Other hands the viewer may look at now (Will's flare, Barbarian's loot, Hacker's
    compensation), as pieces a line may be cut between."""
    col = s.colours
    units = []
    for q, names in hands.items():
        names = [card_label(n) for n in names]
        units += [_("{colour}'s hand (shown to you):", colour=colour_word(col[q]))] + [t + "," for t in names[:-1]] \
            + (names[-1:] or [_(EMPTY)])
    return units


# ---------------------------------------------------------------- the class page's "yours"
YOURS_TITLE = N_("What you hold")
YOUR_HAND = N_("Your hand")
YOUR_HOARD = N_("Your hoard")
YOUR_ALIEN = N_("Your alien")
ALIEN_DEALT = N_("Dealt to you (keep one)")


def _hand_line(names: list[str]) -> str:
    """A hand as a line: each card once, with how many ("negotiate ×2")."""
    counted: dict[str, int] = {}
    for n in names:
        counted[n] = counted.get(n, 0) + 1
    return ", ".join(f"{card_label(n)} ×{k}" if k > 1 else card_label(n) for n, k in counted.items())


def seat_panel_lines(s: State, seat: int) -> list[list[str]]:
    """What ``seat`` holds and may read while it decides, as [label, text] lines for the
    class page beside its moves: its hand, hoard, alien and its power, the aliens it is
    choosing between, hands shown to it (the observation names them by colour)."""
    obs = s.observation(seat)
    lines = [[_(YOUR_HAND), _hand_line(obs["hand"]) if obs["hand"] else empty_hand_text(s)]]
    if obs["hoard"]:
        lines.append([_(YOUR_HOARD), _hand_line(obs["hoard"])])
    if obs["alien_offers"] and not obs["aliens"][seat]:
        lines += [[_(ALIEN_DEALT), alien_summary(s, a)] for a in obs["alien_offers"]]
    elif s.rules.powers and obs["aliens"][seat]:
        lines.append([_(YOUR_ALIEN), alien_summary(s, obs["aliens"][seat])])
    for q, names in (obs.get("peeked_hands") or {}).items():
        colour = s.colours[int(q)] if str(q).isdigit() else str(q)
        lines.append([_("{colour}'s hand (shown to you)", colour=colour_word(colour)), _hand_line(names) or _(EMPTY)])
    return lines
