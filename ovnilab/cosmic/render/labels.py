"""The words for one thing of the Cosmic board, in the board's language: a colour, a
planet, a card, a special destiny card and the destiny card drawn, the engine's stage, a
side and a flare's side, an encounter's phase, a card's kind and mark, a number of cards
or ships, a seat, and an action (a button's, the log's and the header's words, and the
log's lines as a viewer may read them).

A module of its own because these names are used one by one, apart from the board's
sentences: :mod:`.text` builds its lines and panels out of them, the drawing's modules
write them on cards and tooltips, the board widget (:mod:`ovnilab.cosmic.widget`: its
buttons and log) and the class page say them alone. A name changes here, once, wherever
it is shown; a change to a panel's or a line's wording (:mod:`.text`) leaves them alone.
As in :mod:`.text`, every word is English inside ``_()`` / ``n_()`` / ``pgettext()`` or
marked ``N_()`` in a table, said in the language in force.

Words the engine or its data own are said here in the board's language, never changed
where they are stored: a colour (:func:`colour_word`), a planet ("red 3":
:func:`planet_label`), a card's name (:func:`card_label`: "attack 40", "negotiate",
"Amoeba flare"), a special destiny card, the engine's stage (:func:`stage_label`), an
action (:func:`action_label`: a button's, the log's and the header's words;
``str(action)``, the notation ``apply``, the log and saves read, stays one language) and
the log's masked lines (:func:`public_action_text`), an artifact's name (:data:`ARTIFACT_WORD`:
"Cosmic Zap" / "Zap Cósmico"; the Portuguese rulebook names no artifact, so the names are
ovnilab's), a power's choice texts (``Action("choose")``'s ``b``, a power's or a flare's
argument: "take attack 40 from yellow" / "pegar ataque 40 de amarelo", :func:`choice_text`,
read back with the templates of :data:`CHOICE_TEXTS`) and a game's ``win_reason``
(:func:`win_reason_text`, the templates of :data:`WIN_REASONS`). A text no template reads
(a power added later) has only its card, colour and planet names said. Alien names stay as
the engine says them (proper names: the Portuguese rulebook's one Portuguese alien name,
"Flare Larápio", names a flare this game's deck spells "Filch flare"), and so "Flare Trader".
"""

from __future__ import annotations

import re
from typing import Any

from ...i18n import N_, Nn_, _, n_, pgettext, translate_english
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from ..rules import SPECIAL, WILD, Action, State
from .view import _visible_alien


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
    """A colour as a name starts a line or a sentence ("Red" / "Vermelho")."""
    return colour_word(colour).capitalize()


def colour_name(colour: str) -> str:
    """A player named by their colour inside a sentence or a button ("Red" / "vermelho":
    English names a player with a capital, as the engine does; Portuguese writes a colour
    in lowercase wherever it stands, a player's as a planet's, as Ovni's board names its
    players): "a vez é de: vermelho (Zombie)", "convidar vermelho", "nave de vermelho 1"."""
    names = {"red": pgettext("a player named by colour", "Red"), "blue": pgettext("a player named by colour", "Blue"),
             "yellow": pgettext("a player named by colour", "Yellow"),
             "green": pgettext("a player named by colour", "Green"),
             "purple": pgettext("a player named by colour", "Purple")}
    return names.get(colour) or colour_title(colour)


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


#: the artifacts (``deck.toml``'s names) as the board says them
ARTIFACT_WORD = {"Card Zap": N_("Card Zap"), "Cosmic Zap": N_("Cosmic Zap"), "Mobius Tubes": N_("Mobius Tubes"),
                 "Emotion Control": N_("Emotion Control"), "Force Field": N_("Force Field"),
                 "Ionic Gas": N_("Ionic Gas"), "Plague": N_("Plague"), "Quash": N_("Quash")}
_ARTIFACT = re.compile(r"\b(" + "|".join(ARTIFACT_WORD) + r")\b")


def card_label(name: str | None) -> str:
    """A card's name in the board's language ("attack 40" / "ataque 40", "Amoeba flare" /
    "Flare Amoeba", "Cosmic Zap" / "Zap Cósmico")."""
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
    return _(ARTIFACT_WORD[name]) if name in ARTIFACT_WORD else name


def _names_in(text: str) -> str:
    """An engine text naming cards, planets and colours (a power's choice, "take attack
    40 from yellow") with those names in the board's language and the rest as it is."""
    out = re.sub(r"\battack (\d+)\b", lambda m: card_label(m.group(0)), text)
    out = re.sub(r"\breinforcement \+(\d+)", lambda m: card_label(m.group(0)), out)
    out = re.sub(r"\b(negotiate|morph)\b", lambda m: card_label(m.group(0)), out)
    out = _ARTIFACT.sub(lambda m: card_label(m.group(0)), out)
    out = re.sub(r"\b([A-Z][\w-]*) flare\b", lambda m: card_label(m.group(0)), out)
    return re.sub(r"\b(red|blue|yellow|green|purple)\b", lambda m: colour_word(m.group(1)), out)


#: a power's choice texts as the engine writes them (its aliens' ``options`` and
#: ``args``: ``Action("choose")``'s ``b``, a power's ``b``, a flare's ``c``), read back by
#: :func:`choice_text`; the first that reads a text whole says it, so a longer one comes
#: before a shorter one it contains ("keep it" before "keep {card}"). ``{card}``: a card
#: (or Dictator's destiny card), ``{colour}``, ``{planet}``, ``{n}`` a number.
CHOICE_TEXTS: tuple[str | tuple[str, str], ...] = (
    N_("stop"), N_("odd"), N_("even"), N_("my card only"), N_("the opponent's card only"),
    N_("draw from the deck"), N_("draw a card"), N_("draw {card}"),
    N_("take a card from {colour}"), N_("take nobody along"), N_("take them off the defense"),
    N_("take {colour} along"), N_("take {card} from {colour}"),
    N_("discard the rest"), N_("discard down to {n}"), N_("discard {card}"),
    N_("give back {card}"), N_("give Mite a colony"), N_("give {card}"),
    N_("keep my card"), N_("keep my powers"), N_("keep it"), N_("keep {card}"),
    N_("replace with {card}"), Nn_("add {n} ship", "add {n} ships"), N_("add {card}"),
    N_("protect {card}"), N_("offer {card} to {colour}"), N_("offer {card}"),
    N_("refuse it"), N_("refuse {card}"), N_("accept the claim"), N_("challenge the claim"), N_("accept {card}"),
    N_("beside {planet}"), N_("build nothing"), N_("build {card}"),
    N_("show my card"), N_("show {card} and keep it"), N_("say {card}"),
    N_("stake nothing more"), Nn_("stake {n} more ship", "stake {n} more ships"), N_("spread {n}"),
    N_("execute the ship on {planet} and take its place"), N_("execute the ship on {planet}"),
    N_("execute a ship of {colour}"), N_("spare everybody"),
    Nn_("withdraw {n} ship", "withdraw {n} ships"), Nn_("send {n} ship", "send {n} ships"),
    Nn_("lose {n} ship", "lose {n} ships"), N_("colonize {planet}"), N_("retrieve a ship"),
    N_("reincarnate"), N_("zap my power to win"), N_("heal {colour}"), N_("let them be"),
    N_("{colour} at {planet}"),
)


def _value_word(value: str) -> str:
    """One value read back from an engine text (a card, a colour, a planet, a destiny
    card, a side, a number) in the board's language."""
    if value == "a card":
        return _("a card")
    if value == "wild":
        return _("wild")
    if value in SPECIAL_WORD:
        return special_label(value)
    if value in _SIDE:
        return side_word(value)
    m = _PLANET.match(value)
    if value in COLOUR_WORD or (m and m.group(1) in COLOUR_WORD):
        return planet_label(value)
    return _names_in(card_label(value))


def choice_text(text: str) -> str:
    """A power's choice (an engine text, :data:`CHOICE_TEXTS`) in the board's language:
    "take attack 40 from yellow" / "pegar ataque 40 de amarelo"; in English the text
    itself. A text no template reads has its names said (:func:`_value_word`)."""
    out = translate_english(text, CHOICE_TEXTS, value=_value_word)
    return _value_word(text) if out == text else out


def _is_value(text: str) -> bool:
    """Whether ``text`` is one value of a choice (a card, a colour, a planet, a destiny
    card, a side, a number), not a phrase."""
    return (text == "a card" or text == "wild" or text.isdigit() or text in SPECIAL_WORD or text in _SIDE
            or text in COLOUR_WORD or text in ARTIFACT_WORD or text in ("negotiate", "morph")
            or any(p.match(text) for p in (_ATTACK, _REINF, _FLARE))
            or bool((m := _PLANET.match(text)) and m.group(1) in COLOUR_WORD))


def choice_verb(verb: str) -> str:
    """The first word of a power's choice (the board's first picker groups the choices
    by it: "keep", "discard") in the board's language; another word as :func:`_value_word`
    says it."""
    words = {
        "stop": pgettext("power choice verb", "stop"), "odd": pgettext("power choice verb", "odd"),
        "even": pgettext("power choice verb", "even"), "draw": pgettext("power choice verb", "draw"),
        "take": pgettext("power choice verb", "take"), "discard": pgettext("power choice verb", "discard"),
        "give": pgettext("power choice verb", "give"), "keep": pgettext("power choice verb", "keep"),
        "replace": pgettext("power choice verb", "replace"), "add": pgettext("power choice verb", "add"),
        "protect": pgettext("power choice verb", "protect"), "offer": pgettext("power choice verb", "offer"),
        "refuse": pgettext("power choice verb", "refuse"), "accept": pgettext("power choice verb", "accept"),
        "challenge": pgettext("power choice verb", "challenge"), "beside": pgettext("power choice verb", "beside"),
        "build": pgettext("power choice verb", "build"), "show": pgettext("power choice verb", "show"),
        "say": pgettext("power choice verb", "say"), "stake": pgettext("power choice verb", "stake"),
        "spread": pgettext("power choice verb", "spread"), "execute": pgettext("power choice verb", "execute"),
        "spare": pgettext("power choice verb", "spare"), "withdraw": pgettext("power choice verb", "withdraw"),
        "send": pgettext("power choice verb", "send"), "lose": pgettext("power choice verb", "lose"),
        "colonize": pgettext("power choice verb", "colonize"), "retrieve": pgettext("power choice verb", "retrieve"),
        "reincarnate": pgettext("power choice verb", "reincarnate"), "zap": pgettext("power choice verb", "zap"),
        "heal": pgettext("power choice verb", "heal"), "let": pgettext("power choice verb", "let"),
    }
    return words.get(verb) or _value_word(verb)


#: why a game ended, as the engine says it (``State.win_reason``: the rules' encounter
#: module, Masochist's and Tick-Tock's wins), read back by :func:`win_reason_text`
WIN_REASONS: tuple[str, ...] = (
    N_("{reason}; {n} foreign colonies"), N_("{n} foreign colonies"), N_("Masochist: none of its ships in play"),
    N_("Tick-Tock: its last token discarded"), N_("turn limit: the most foreign colonies win"),
    N_("action limit: the most foreign colonies win"),
)


def win_reason_text(reason: str) -> str:
    """A game's ``win_reason`` in the board's language ("5 foreign colonies" / "5
    colônias estrangeiras"); the engine and saved results keep the English."""
    return translate_english(reason, WIN_REASONS, value=lambda v: v if v.isdigit() else win_reason_text(v))


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
            return _("play {alien} flare ({side}): {choice}", alien=x, side=side, choice=choice_text(z))
        return _("play {alien} flare ({side})", alien=x, side=side)
    if k == "power":
        return _("use {alien} power: {choice}", alien=x, choice=choice_text(y)) if y else _("use {alien} power", alien=x)
    if k == "choose":
        return f"{x}: {choice_text(str(y))}"
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


# ----------------------------------------------------------------------------- seats and an action as a viewer reads it
def seat_label(state: State, seat: int, viewer: int | None = None) -> str:
    """A seat's readable name: its colour (:func:`colour_name`), and its alien once aliens
    are public (or to the seat itself), e.g. ``"Red (Zombie)"`` / ``"vermelho (Zombie)"``."""
    if not 0 <= seat < state.n:
        return "-"
    name = colour_name(state.colours[seat])
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
    if a.kind == "choose":  # "Trader: give a card": the alien, then the choice
        alien, sep, choice = text.partition(": ")
        return f"{alien}: {choice_text(choice)}" if sep else choice_text(text)
    return text


def log_text(state: State, action: Any, viewer: int | None) -> str:
    """A line of the log another seat played, as ``viewer`` (None: any onlooker) may read
    it, in the board's language ("escolher um alienígena", "Miser: proteger uma carta"):
    :func:`public_action_text` for an actor other than the viewer. The class page's log
    says its masked lines with it, as it does with Ovni's ``log_text``
    (:func:`ovnilab.classroom.views.public_log_text`)."""
    return public_action_text(state, action, None, viewer)


# ----------------------------------------------------------------------------- phases
#: the seven phases of an encounter (rulebook): the engine's stage names (``panels``
#: matches them with ``State.stage``); :func:`phase_name` says one
PHASES: tuple[str, ...] = ("regroup", "destiny", "launch", "alliance", "planning", "reveal", "resolution")
_PHASE_WORD = (N_("regroup"), N_("destiny"), N_("launch"), N_("alliance"), N_("planning"), N_("reveal"),
               N_("resolution"))


def phase_name(i: int) -> str:
    """The name of the ``i``-th phase (0: regroup) in the board's language."""
    return _(_PHASE_WORD[i])


def phase_label(i: int) -> str:
    """The current phase's pill: its number and name."""
    return f"{i + 1} {phase_name(i)}"


# ----------------------------------------------------------------------------- counts
def count_text(k: int, thing: str) -> str:
    """``k`` cards or ships (``thing``: "card" or "ship") in words: "1 card", "3 ships"."""
    if thing == "card":  # none reads as many ("0 cards"), as in English, whatever the plural rule
        return _("{n} cards", n=k) if k == 0 else n_("{n} card", "{n} cards", k)
    return _("{n} ships", n=k) if k == 0 else n_("{n} ship", "{n} ships", k)


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


def card_mark(kind: int, value: int) -> str:
    """The big mark of an encounter card's face: an attack's value, a reinforcement's
    bonus, N(egotiate) or M(orph)."""
    if kind == NEGOTIATE:
        return pgettext("cosmic card mark", "N")
    if kind == MORPH:
        return pgettext("cosmic card mark", "M")
    return {ATTACK: f"{value:02d}", REINFORCEMENT: f"+{value}"}[kind]


# ----------------------------------------------------------------------------- the destiny card drawn
def destiny_text(state: State, code: int) -> str:
    """The destiny card drawn: a colour, "wild" or a special card's name; empty for none."""
    if code < 0:
        return ""
    if code < state.n:
        return colour_word(state.colours[code])
    if code == WILD:
        return _("wild")
    return special_label(state.g.specials[code - SPECIAL].name)
