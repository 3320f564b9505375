"""An engine's refusal in the reader's language (issue 33), for the display code only.

Every place a person reads a refusal says it through :func:`refusal_message`: a printed
exception (``str(IllegalAction)``, which knows its game once it leaves ``apply`` or
``parse_action``), the board, the class page, a class room that no longer replays, and
the rules notebooks' walk (:func:`translate_rule`).

The engines say why they refuse an action in English (``IllegalAction.rule``), and that
English is what a log, a save or a test reads: it never changes with the language. Each
reason is written in its engine as a template marked for the catalog,
``N_("Celeiro {area} is empty").format(area=...)``: the templates of a game are the
``N_`` sentences of its rules' modules (:data:`FILES`) and of ``ovnilab/core/`` (the
refusals every game shares, :data:`SHARED`), read once from those files here (no table repeats them: every
sentence lives in one place, next to the rule that gives it). :func:`translate_rule` finds
the template an English reason was made from and says it in the current language, as
:func:`ovnilab.i18n.translate_english` does but knowing each value's placeholder; the
values read back are kept as they are (card names, areas and cities are the rulebooks'
Portuguese already, action texts are the notation), but for a value that is itself a refusal (core's "malformed ... action ...:
<rule>", a reason an Ovni note gives), a game's name in core's shared sentences and the
English words of a game's board (Ovni's groups, alien types, seat colours and phases,
Cosmic's colours, planets, cards and stages; a list of Cosmic's colours, which a player
types, keeps each colour's notation before its word: "'red' (vermelho)").
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Any

from .i18n import _, get_language, pgettext, template_pattern

_ROOT = Path(__file__).parent
#: each game's files of refusals, the rules' modules whose every ``N_`` sentence is one
#: (Ovni's refusals end with a note of what the engine did by itself, written in the
#: modules that did it); the shared ones of the core's actions and state are every game's
FILES: dict[str, tuple[str, ...]] = {
    "cows": ("cows/rules/actions.py",),
    "ovni": ("ovni/rules/actions.py", "ovni/rules/groups.py", "ovni/rules/recruitment.py", "ovni/rules/setup.py",
             "ovni/rules/state.py"),
    "cosmic": ("cosmic/rules/actions.py",)}
SHARED = ("core/actions.py", "core/state.py")


def _game(value: str) -> str | None:
    """A game's name as core's shared refusals name it ("not a {game} action"), in the
    current language; None for any other value."""
    names = {"cows": lambda: pgettext("a game in a refusal", "cows"),
             "ovni": lambda: pgettext("a game in a refusal", "ovni"),
             "cosmic": lambda: pgettext("a game in a refusal", "cosmic"),
             "game": lambda: pgettext("a game in a refusal", "game")}
    say = names.get(value)
    return say() if say else None


@functools.lru_cache(maxsize=None)
def _marked(relpath: str) -> tuple[str, ...]:
    """The ``N_("...")`` sentences of one file of the package."""
    tree = ast.parse((_ROOT / relpath).read_text(encoding="utf-8"))
    found = dict.fromkeys(node.args[0].value for node in ast.walk(tree)
                          if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args
                          and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))
    return tuple(found)


@functools.lru_cache(maxsize=None)
def templates(game: str | None = None) -> tuple[str, ...]:
    """The refusal templates of ``game`` ("cows", "ovni", "cosmic"; None: every game's),
    then the shared ones; the most specific first (the most words outside placeholders),
    so that "... {shown} and {more} more" is tried before "... {shown}"."""
    files = list(FILES[game]) if game in FILES else [f for fs in FILES.values() for f in fs]
    found = dict.fromkeys(t for f in [*files, *SHARED] for t in _marked(f))
    return tuple(sorted(found, key=lambda t: -len(_words_only(t))))


def _words_only(template: str) -> str:
    return "".join(part for i, part in enumerate(template.replace("}", "{").split("{")) if i % 2 == 0)


def _ovni_word(name: str, value: str) -> str | None:
    """An Ovni word a refusal holds in English (a group, an alien type, a seat's colour or
    name: "red (Xandar)", "yellow (third player)"), as the board says it; None for any
    other value."""
    from .ovni.render.text import COLOUR_WORD, GROUP_WORD, colour_word, group_word, phase_label, type_word

    if name == "phase":  # the engine's phase ("placing command tokens"), as the status line says it
        return phase_label(value)
    if name == "colours":
        return _colour_list(value, COLOUR_WORD, colour_word)
    if value in GROUP_WORD:
        return group_word(value)
    if value in COLOUR_WORD:
        return colour_word(value)
    if type_word(value) != value:
        return type_word(value)
    colour, sep, rest = value.partition(" (")
    if sep and colour in COLOUR_WORD and rest.endswith(")"):
        if rest == "third player)":
            return _("{colour} (third player)", colour=colour_word(colour))
        return f"{colour_word(colour)} ({rest}"
    return None


def _cosmic_word(name: str, value: str) -> str | None:
    """A Cosmic Encounter word a refusal holds in English, by its placeholder: the seat
    the game waits for (a colour, "nobody"), a planet, a card, an artifact's timing (a
    stage) and player ("any", "offense"), as the board says them; None for any other."""
    from .cosmic.render.labels import COLOUR_WORD, STAGE_WORD, card_label, colour_word, planet_label, stage_label

    if name == "who":
        return pgettext("the player the game waits for", "nobody") if value == "nobody" else colour_word(value)
    if name == "planet":
        return planet_label(value)
    if name == "card":
        return card_label(value)
    if name == "timing":  # artifacts.toml's timings, as a sentence says when ("at regroup")
        timings = {"any": lambda: pgettext("when an artifact is played", "at any time"),
                   "regroup": lambda: pgettext("when an artifact is played", "at regroup"),
                   "reveal": lambda: pgettext("when an artifact is played", "at reveal"),
                   "resolution": lambda: pgettext("when an artifact is played", "at resolution"),
                   "alliance_end": lambda: pgettext("when an artifact is played", "at the end of the alliance"),
                   "response": lambda: pgettext("when an artifact is played", "in response")}
        return timings[value]() if value in timings else stage_label(value) if value in STAGE_WORD else None
    if name == "player":
        players = {"any": lambda: pgettext("an artifact's player", "any player"),
                   "offense": lambda: pgettext("an artifact's player", "the offense")}
        return players[value]() if value in players else None
    if name in ("shown", "colours"):
        return _colour_list(value, COLOUR_WORD, colour_word)
    return colour_word(value) if value in COLOUR_WORD else None


def _colour_list(value: str, colours: Any, say: Any) -> str | None:
    """A game's colours as a parse error lists them (``"['red', 'blue']"`` or ``"red,
    blue"``), each kept as the notation a player types, its word after it: "'red'
    (vermelho), 'blue' (azul)"; None for a list of anything else."""
    listed = value.startswith("[")
    items = [x.strip().strip("'") for x in value.strip("[]").split(",")]
    if not items or not all(x in colours for x in items):
        return None
    quote = "'" if listed else ""
    said = ", ".join(f"{quote}{x}{quote} ({say(x)})" for x in items)
    return f"[{said}]" if listed else said


#: each game's words a refusal may hold in English, said as its board says them
_WORDS = {"ovni": _ovni_word, "cosmic": _cosmic_word}


def say_value(value: str, game: str | None = None, name: str = "") -> str:
    """A value read back from an English refusal (of the placeholder ``name``), in the
    current language: a refusal itself (core's "malformed ... action ...: <rule>"), or
    Ovni's notes ("; "-joined sentences), translated; a game's name or a game's English
    word as its board says it; anything else (card names, numbers, action texts) as it is."""
    out = _translate(value, game)
    if out != value:
        return out
    if "; " in value:  # several notes of what the engine did by itself
        parts = value.split("; ")
        said = [say_value(part, game) for part in parts]
        if said != parts:
            return "; ".join(said)
    return _game(value) or (_WORDS[game](name, value) if game in _WORDS else None) or value


def translate_rule(rule: Any, game: str | None = None) -> str:
    """The English reason ``rule`` (an engine's ``IllegalAction.rule``) in the current
    language; as it is in English, or when no template of ``game`` made it."""
    rule = str(rule)
    if get_language() == "en":
        return rule
    return _translate(rule, game)


def _best_template(text: str, candidates: tuple[str, ...]) -> tuple[str | None, dict[str, str]]:
    """The template of ``candidates`` that made ``text`` and the values read back (None
    and {} for none): when several read it, the one whose longest value is the shortest."""
    best, values, longest = None, {}, len(text) + 1
    for t in candidates:
        m = template_pattern(t).fullmatch(text)
        if m is not None:
            most = max((len(v) for v in m.groupdict().values()), default=0)
            if most < longest:
                best, values, longest = t, m.groupdict(), most
    return best, values


def _translate(text: str, game: str | None) -> str:
    """``text`` said in the current language from the template of ``game`` that made it,
    its values read back and each said by :func:`say_value` (as
    :func:`ovnilab.i18n.translate_english` does, knowing each value's placeholder); when
    several templates read it (a placeholder reads any words: "the {group} group closed
    ..." reads a whole Ovni refusal whose note ends that way), the one whose longest value
    is the shortest, the one that explains the most of the text by its own words."""
    best, values = _best_template(text, templates(game))
    if best is None:
        return text
    if game is None:  # a refusal printed without its game (str(exc)): the game whose template it is
        game = next((g for g, files in FILES.items() if any(best in _marked(f) for f in files)), None)
    return _(best, **{k: say_value(v, game, k) for k, v in values.items()})


#: the files of the checks of what comes from outside the library, a data file's values and
#: a rule option's (the new-game tab shows their messages: "hand_size: must be an integer
#: from 1 to 12, got 0"), each written as ``N_`` templates; the games' rules modules for
#: their checks across options ("names an alien twice")
CHECKS = ("datacheck.py", "datafiles.py", "core/options.py", "cosmic/rules/state.py", "ovni/rules/state.py")


@functools.lru_cache(maxsize=None)
def check_templates() -> tuple[str, ...]:
    """The templates of :data:`CHECKS`, the most specific first (as :func:`templates`)."""
    found = dict.fromkeys(t for f in CHECKS for t in _marked(f))
    return tuple(sorted(found, key=lambda t: -len(_words_only(t))))


def translate_check(message: Any) -> str:
    """A refused data file's or rule option's English message (``RulesError.errors``'
    values, a data error) in the current language: the template that made it translated,
    each value read back translated too when a template made it ("an integer from 1 to
    12" in "must be {what}, got {value}"), the rest (names, numbers, file names) as it is.
    In English, or when no template made it, the message as it is."""
    message = str(message)
    if get_language() == "en":
        return message
    best, values = _best_template(message, check_templates())
    if best is None:
        return message
    return _(best, **{k: translate_check(v) for k, v in values.items()})


def refusal_message(exc: Any, game: str | None = None) -> str:
    """An :class:`~ovnilab.core.IllegalAction` as a person reads it, in the current
    language: the framing ("illegal action '...': ...", "did you mean ...?") and the rule
    (:func:`translate_rule`) translated, the action texts it names left as the notation.
    In English it reads as ``str(exc)``."""
    from .core import action_text

    rule = translate_rule(exc.rule, game)
    action = repr(action_text(exc.action))
    if exc.action is None:
        msg = f"{rule} ({exc.detail})" if exc.detail else rule  # the engine's words alone
    elif exc.detail:
        msg = _("illegal action {action}: {rule} ({detail})", action=action, rule=rule, detail=exc.detail)
    else:
        msg = _("illegal action {action}: {rule}", action=action, rule=rule)
    hints = exc.suggestions
    if hints:
        msg = _("{message}; did you mean {options}?", message=msg, options=", ".join(repr(h) for h in hints))
    return msg
