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

Language (issue 33): every sentence is English inside ``_()`` / ``n_()`` (or marked
``N_()`` in a table, and the drawing says ``_(words.GATE)``) and said in the language in
force (``ovnilab.set_language``, ``OVNILAB_LANG``, a ``using_language`` block); in English
each reads byte for byte as before. Words the engine or its data own are said here in the
board's language, never changed where they are stored: a colour (:func:`colour_word`), a
planet ("red 3": :func:`planet_label`), a card's name (:func:`card_label`: "attack 40",
"negotiate", "Amoeba flare"), a special destiny card, the engine's stage
(:func:`stage_label`), an action (:func:`action_label`: a button's, the log's and the
header's words; ``str(action)``, the notation ``apply``, the log and saves read, stays one
language) and the log's masked lines (:func:`public_action_text`). They stay English, as
the engine says them: alien names, artifact names (Card Zap, Mobius Tubes...: the
cards' names), a power's choice texts (``Action("choose")``'s ``b``, e.g. "take attack 40
from yellow": only the card and colour names in it are translated), alien summaries, and
a game's ``win_reason``. The Portuguese uses the rulebook's words (seeds/003_*.txt):
encontro, atacante, defensor, aliado ofensivo / defensivo, naves, colônia, planeta natal,
Warp, Portão do Hiperespaço (o portão), Destino, Ataque, Negociação, Morph, reforço,
Flare, artefato, poder alienígena, acordo, compensação, recompensa, deck cósmico; the
phases Reagrupar, Destino, Lançar, Aliança, Planejamento, Revelar, Resolução.
"""

from __future__ import annotations

import re
from typing import Any

from ...i18n import N_, _, n_, pgettext
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from ..rules import DEF, OFF, SPECIAL, WILD, Action, State
from .view import _flare_player, _pending_answers, _visible_alien


# ----------------------------------------------------------------------------- the game's words
#: the players' colours (``destiny.toml``'s) as the board says them
COLOUR_WORD = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green"),
               "purple": N_("purple")}
#: the special destiny cards, by the name ``destiny.toml`` gives them
SPECIAL_WORD = {"most foreign colonies": N_("most foreign colonies"), "most cards in hand": N_("most cards in hand"),
                "fewest ships in the warp": N_("fewest ships in the warp")}
_PLANET = re.compile(r"^(\w+) (\d+)$")
_ATTACK = re.compile(r"^attack (\d+)$")
_REINF = re.compile(r"^reinforcement \+(\d+)$")
_FLARE = re.compile(r"^(\S+) flare$")


def colour_word(colour: str) -> str:
    """A colour in the board's language ("red" / "vermelho"); another word as it is."""
    return _(COLOUR_WORD[colour]) if colour in COLOUR_WORD else colour


def colour_title(colour: str) -> str:
    """A colour as a name starts a line ("Red" / "Vermelho")."""
    return colour_word(colour).capitalize()


def planet_label(name: str | None) -> str:
    """A planet ("red 3") in the board's language ("vermelho 3"); the warp and other
    names as they are."""
    if name is None:
        return ""
    if name == "the warp":
        return _("the warp")
    m = _PLANET.match(name)
    if m and m.group(1) in COLOUR_WORD:
        return _("{colour} {number}", colour=colour_word(m.group(1)), number=m.group(2))
    return colour_word(name)


def card_label(name: str | None) -> str:
    """A card's name in the board's language ("attack 40" / "ataque 40", "Amoeba flare" /
    "flare Amoeba"); artifacts keep their names."""
    if name is None:
        return ""
    m = _ATTACK.match(name)
    if m:
        return _("attack {value}", value=m.group(1))
    m = _REINF.match(name)
    if m:
        return _("reinforcement +{value}", value=m.group(1))
    if name == "negotiate":
        return pgettext("cosmic card", "negotiate")
    if name == "morph":
        return pgettext("cosmic card", "morph")
    m = _FLARE.match(name)
    if m:
        return _("{alien} flare", alien=m.group(1))
    return name


def _names_in(text: str) -> str:
    """An engine text naming cards, planets and colours (a power's choice, "take attack
    40 from yellow") with those names in the board's language and the rest as it is."""
    out = re.sub(r"\battack (\d+)\b", lambda m: card_label(m.group(0)), text)
    out = re.sub(r"\breinforcement \+(\d+)", lambda m: card_label(m.group(0)), out)
    out = re.sub(r"\b(negotiate|morph)\b", lambda m: card_label(m.group(0)), out)
    return re.sub(r"\b(red|blue|yellow|green|purple)\b", lambda m: colour_word(m.group(1)), out)


def special_label(name: str) -> str:
    """A special destiny card's name in the board's language."""
    return _(SPECIAL_WORD[name]) if name in SPECIAL_WORD else name


#: the engine's stages (``State.stage``), as the status line says them
STAGE_WORD = {
    "setup": N_("setup"), "start of turn": N_("start of turn"), "regroup": N_("regroup"), "destiny": N_("destiny"),
    "launch": N_("launch"), "alliance": N_("alliance"), "planning": N_("planning"), "reveal": N_("reveal"),
    "deal": N_("deal"), "resolution": N_("resolution"), "end of encounter": N_("end of encounter"),
    "game over": N_("game over"),
}


def stage_label(stage: str) -> str:
    """The engine's stage ("planning") in the board's language; the engine keeps it."""
    return _(STAGE_WORD[stage]) if stage in STAGE_WORD else stage


_SIDE = {"offense": N_("offense"), "defense": N_("defense")}


def side_word(side: str | None) -> str:
    """A side of the encounter ("offense", "defense") as an action names it."""
    return _(_SIDE[side]) if side in _SIDE else (side or "")


_FLARE_SIDE = {"wild": N_("wild"), "super": N_("super")}


def flare_side(side: str | None) -> str:
    """A flare's side ("wild", "super") as an action names it."""
    return _(_FLARE_SIDE[side]) if side in _FLARE_SIDE else (side or "")


def deal_terms(a: Action) -> str:
    """A deal's proposal (``Action("propose")``) as its terms read, in the board's
    language: "red gives 1 card, blue gives 0 cards, red lands on blue 2, blue lands
    nowhere" (in English ``str(a)`` after "propose: ")."""
    (oc, on, op), (dc, dn, dp) = a.a, a.b
    terms = [n_("{colour} gives {n} card", "{colour} gives {n} cards", on, colour=colour_word(oc)),
             n_("{colour} gives {n} card", "{colour} gives {n} cards", dn, colour=colour_word(dc))]
    for c, at in ((oc, op), (dc, dp)):
        terms.append(_("{colour} lands on {planet}", colour=colour_word(c), planet=planet_label(at)) if at
                     else _("{colour} lands nowhere", colour=colour_word(c)))
    if a.c:
        terms.append(_("{zombie} frees {owner}'s ships from the warp", zombie=colour_word(a.c[0]),
                       owner=colour_word(a.c[1])))
    return ", ".join(terms)


def action_label(a: Action) -> str:  # noqa: C901 - one sentence per kind
    """An action as a button, the log and the header say it, in the board's language
    ("aim at red 3" / "apontar para vermelho 3"); in English the same as ``str(a)``, the
    notation the game reads (which never changes)."""
    k, x, y, z = a
    if k == "pass":
        return _("pass")
    if k == "ship":
        return _("ship from {colony}", colony=planet_label(x))
    if k == "done":
        return _("done")
    if k == "select":
        return _("select {card} from hoard", card=card_label(x)) if y else _("select {card}", card=card_label(x))
    if k == "place":
        return _("place ship on {planet}", planet=planet_label(x))
    if k == "lose":
        return _("lose ship from {planet}", planet=planet_label(x))
    if k == "regroup":
        return _("regroup to {planet}", planet=planet_label(x))
    if k == "aim":
        return _("aim at {planet}", planet=planet_label(x))
    if k == "invite":
        return _("invite {players}", players="+".join(colour_word(c) for c in x)) if x else _("invite nobody")
    if k == "join":
        return _("join {side}", side=side_word(x)) if x else _("decline")
    if k == "play":
        card, target = card_label(x), planet_label(y)
        if y and z:
            return _("play {card} on {target} from hoard", card=card, target=target)
        if y:
            return _("play {card} on {target}", card=card, target=target)
        return _("play {card} from hoard", card=card) if z else _("play {card}", card=card)
    if k == "flare":
        side = flare_side(y)
        if z:
            return _("play {alien} flare ({side}): {choice}", alien=x, side=side, choice=_names_in(z))
        return _("play {alien} flare ({side})", alien=x, side=side)
    if k == "power":
        return _("use {alien} power: {choice}", alien=x, choice=_names_in(y)) if y else _("use {alien} power", alien=x)
    if k == "choose":
        return f"{x}: {_names_in(str(y))}"
    if k == "reinforce":
        if z:
            return _("reinforce {side} with {card} from hoard", side=side_word(y), card=card_label(x))
        return _("reinforce {side} with {card}", side=side_word(y), card=card_label(x))
    if k == "propose":
        return _("propose: {terms}", terms=deal_terms(a))
    if k == "give":
        return _("give {card}", card=card_label(x))
    if k == "discard":
        return _("discard {card}", card=card_label(x))
    if k == "accept":
        return _("accept deal")
    if k == "reject":
        return _("reject deal")
    if k == "reward":
        return _("reward {cards} and {ships}", cards=count_text(x, "card"), ships=count_text(y, "ship"))
    if k == "second":
        return _("have a second encounter")
    if k == "end_turn":
        return _("end turn")
    if k == "again":
        return _("draw again")
    if k == "home":
        return _("encounter {colour} at home", colour=colour_word(x))
    if k == "reestablish":
        return _("reestablish {planet}", planet=planet_label(x))
    if k == "defender":
        return _("choose defender {colour}", colour=colour_word(x))
    if k == "alien":
        return _("choose alien {alien}", alien=x)
    return str(a)


# ----------------------------------------------------------------------------- names
def seat_label(state: State, seat: int, viewer: int | None = None) -> str:
    """A seat's readable name: its colour, and its alien once aliens are public (or to the
    seat itself), e.g. ``"Red (Zombie)"``."""
    if not 0 <= seat < state.n:
        return "-"
    name = colour_title(state.colours[seat])
    alien = _visible_alien(state, seat, viewer)
    return f"{name} ({alien})" if alien else name


def public_action_text(state: State, action: Any, actor: int, viewer: int | None) -> str:
    """``action`` as ``viewer`` (None: any onlooker) may read it: another player's
    selection, alien choice or power decision never names a card or an alien (the
    masking is :meth:`State.describe`'s; its words are said here in the board's
    language, :func:`action_label`'s when nothing is masked)."""
    a = action if isinstance(action, Action) else state.parse_action(str(action))
    text = state.describe(a, viewer, actor)
    if text == str(a):
        return action_label(a)
    if a.kind == "select":
        return _("select an encounter card from the hoard") if a.b else _("select an encounter card")
    if a.kind == "alien":
        return _("choose an alien")
    if a.kind == "give":
        return _("give a card")
    if a.kind == "choose":
        return _names_in(text.replace("a card", _("a card")))
    return text


# ----------------------------------------------------------------------------- header
#: the seven phases of an encounter (rulebook): the engine's stage names (``panels``
#: matches them with ``State.stage``); :func:`phase_name` says one
PHASES: tuple[str, ...] = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")
_PHASE_WORD = (N_("regroup"), N_("destiny"), N_("launch"), N_("alliance"), N_("planning"), N_("reveal"),
               N_("resolution"))


def phase_name(i: int) -> str:
    """The name of the ``i``-th phase (0: regroup) in the board's language."""
    return _(_PHASE_WORD[i])


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
        line = _("{line} (counter-attack by {colour})", line=line, colour=colour_title(s.colours[s.offense]))
    return line


SET_UP = N_("Set-up: each player keeps one of two aliens")
GAME_OVER = N_("GAME OVER")


def winners_text(s: State) -> str:
    """Who won the game, and why (beside "GAME OVER")."""
    ws = ", ".join(seat_label(s, p) for p in s.winners())
    why = s.win_reason or _("{n} foreign colonies", n=s.win_at)
    if len(s.winners()) == 1:
        return _("Winner: {names} ({why})", names=ws, why=why)
    return _("Shared win: {names} ({why})", names=ws, why=why)


def phase_label(i: int) -> str:
    """The current phase's pill: its number and name."""
    return f"{i + 1} {phase_name(i)}"


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


def panel_title(s: State, p: int, alien: str | None, offers: list[str], to_act: bool) -> str:
    """A panel's title: the seat's colour and its alien as the viewer may know it
    (``alien``; ``offers``: the aliens dealt to the viewer's own seat, still to choose)."""
    title = ("▶ " if to_act else "") + colour_title(s.colours[p])
    if alien:
        title += f" · {_powers_text(s, p, alien)}"
    elif s.rules.powers and offers:
        title += " · " + _("dealt {aliens}", aliens=f" {_('or')} ".join(offers))
    elif s.rules.powers and s.alien[p] is not None:
        title += " · " + _("alien secret")
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


def count_text(k: int, thing: str) -> str:
    """``k`` cards or ships (``thing``: "card" or "ship") in words: "1 card", "3 ships"."""
    if thing == "card":  # none reads as many ("0 cards"), as in English, whatever the plural rule
        return _("{n} cards", n=k) if k == 0 else n_("{n} card", "{n} cards", k)
    return _("{n} ships", n=k) if k == 0 else n_("{n} ship", "{n} ships", k)


def planet_tip(s: State, pl: int, colonised: bool) -> str:
    """A home planet's tooltip: its name, and whether no ship is on it."""
    name = planet_label(s.pname[pl])
    return name if colonised else _("{planet} (no colony)", planet=name)


def citadel_tip(s: State, cards: list[int], total: int) -> str:
    """The tooltip of Citadel's chip: the citadels' values and their sum."""
    return _("citadel {values} = {total}", values=" + ".join(s.t.name[c][7:] for c in cards), total=total)


# ----------------------------------------------------------------------------- cards
#: the band of a card's face, by kind (short: it fits a card in the hand)
KIND_LABEL: dict[int, str] = {
    ATTACK: N_("ATTACK"),
    NEGOTIATE: N_("NEGOT."),
    MORPH: N_("MORPH"),
    REINFORCEMENT: N_("REINF."),
    ARTIFACT: N_("ARTIF."),
    FLARE: N_("FLARE"),
}
#: what an encounter card counts as, when it differs from its face (the kind's word;
#: English, as the class page's tests read it: :func:`kind_word` says it)
KIND_WORD: dict[int, str] = {ATTACK: "attack", NEGOTIATE: "negotiate", MORPH: "morph"}


def kind_label(kind: int) -> str:
    """The band of a card's face ("ATTACK") in the board's language."""
    return _(KIND_LABEL[kind]) if kind in KIND_LABEL else "?"


def kind_word(kind: int) -> str:
    """What an encounter card counts as ("attack") in the board's language."""
    if kind == ATTACK:
        return pgettext("cosmic card", "attack")
    if kind in (NEGOTIATE, MORPH):
        return card_label(KIND_WORD[kind])
    return "?"


NO_CARD = N_("no card")
DISCARDED = N_("discarded")
FACE_DOWN = N_("face down")
#: on a card's back: on one line it is wider than the card
FACE_DOWN_LINES = (N_("face"), N_("down"))


def card_mark(kind: int, value: int) -> str:
    """The big mark of an encounter card's face: an attack's value, a reinforcement's
    bonus, N(egotiate) or M(orph)."""
    if kind == NEGOTIATE:
        return pgettext("cosmic card mark", "N")
    if kind == MORPH:
        return pgettext("cosmic card mark", "M")
    return {ATTACK: f"{value:02d}", REINFORCEMENT: f"+{value}"}[kind]


# ----------------------------------------------------------------------------- encounter
DESTINY_HEAD = N_("DESTINY")
DESTINY = N_("destiny")  # the empty slot of the destiny card


def destiny_text(state: State, code: int) -> str:
    """The destiny card drawn: a colour, "wild" or a special card's name; empty for none."""
    if code < 0:
        return ""
    if code < state.n:
        return colour_word(state.colours[code])
    if code == WILD:
        return _("wild")
    return special_label(state.g.specials[code - SPECIAL].name)


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
    return _("+ {n} ships", n=k)


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
        title = _("Deal failed: main players lose {n} ships", n=s.rules.deal_fail_ships)
    else:
        title = _("Deal · {made} of {rounds} proposals made", made=made_so_far, rounds=s.rules.deal_rounds)
    if s.deal_offer is None:
        return title, [_("allies went home; no proposal yet")], ""
    by, prop = s.deal_offer
    (oc, on, op), (dc, dn, dp) = prop.a, prop.b
    oc_, dc_ = colour_word(oc), colour_word(dc)
    if not made and not failed:
        title = _("{colour}'s proposal ({made} of {rounds}):", colour=colour_title(s.colours[by]), made=made_so_far,
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
    return _("{colour}'s hand · {cards}", colour=colour_title(s.colours[p]), cards=count_text(k, "card"))


def empty_hand_text(s: State) -> str:
    """What the strip says in place of no cards."""
    return _("hands of eight are dealt once every player has chosen an alien") if s.stage == "setup" else _("no cards")


HOARD = N_("hoard")
HAND_NOTE = N_("seen only by this player")


def offers_text(offers: list[str]) -> str:
    """The aliens dealt to the viewer, still to choose between."""
    return _("aliens dealt: {aliens} (keep one)", aliens=f" {_('or')} ".join(offers))


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
