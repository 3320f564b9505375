"""An engine's refusal in the reader's language (issue 33), for the display code only.

The engines say why they refuse an action in English (``IllegalAction.rule``), and that
English is what a log, a save or a test reads: it never changes with the language. Each
reason is written in its engine as a template marked for the catalog,
``N_("Celeiro {area} is empty").format(area=...)``: the templates of a game are the
``N_`` sentences of its rules' actions module (:data:`FILES`) and of ``ovnilab/core.py``
(the refusals every game shares), read once from those files here, so every sentence
lives in one place, next to the rule that gives it. :func:`translate_rule` finds the
template an English reason was made from and says it in the current language
(:func:`ovnilab.i18n.translate_english`); the values read back are kept as they are (card
names, areas and seats are the rulebooks' Portuguese already, action texts are the
notation), but for a value that is itself a refusal (core's "malformed ... action ...:
<rule>") and a game's name in core's shared sentences.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Any

from .i18n import _, get_language, pgettext, translate_english

_ROOT = Path(__file__).parent
#: each game's files of refusals, the rules' modules whose every ``N_`` sentence is one
#: (Ovni's refusals end with a note of what the engine did by itself, written in the
#: modules that did it); the shared ones of ``core.py`` are every game's
FILES: dict[str, tuple[str, ...]] = {
    "cows": ("cows/rules/actions.py",),
    "ovni": ("ovni/rules/actions.py", "ovni/rules/groups.py", "ovni/rules/recruitment.py", "ovni/rules/setup.py",
             "ovni/rules/state.py"),
    "cosmic": ("cosmic/rules/actions.py",)}
SHARED = "core.py"


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
    found = dict.fromkeys(t for f in [*files, SHARED] for t in _marked(f))
    return tuple(sorted(found, key=lambda t: -len(_words_only(t))))


def _words_only(template: str) -> str:
    return "".join(part for i, part in enumerate(template.replace("}", "{").split("{")) if i % 2 == 0)


def translate_rule(rule: Any, game: str | None = None) -> str:
    """The English reason ``rule`` (an engine's ``IllegalAction.rule``) in the current
    language; as it is in English, or when no template of ``game`` made it."""
    rule = str(rule)
    if get_language() == "en":
        return rule
    table = templates(game)

    def say(value: str) -> str:
        out = translate_english(value, table, value=say)
        if out != value:
            return out
        return _game(value) or value

    return translate_english(rule, table, value=say)


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
