"""Actions, as people type and read them, and the error an illegal one raises.

* ``repr(action)`` is ``<Action 'move Berlim -> Paris'>``: the readable text in the
  python-chess manner, marked so that a printed list of legal actions reads as text and
  is still told apart from a list of strings. An Action whose fields no rule gives (built
  by hand) falls back to the plain tuple, so printing it never fails.
* ``parse_action`` forgives what a person gets wrong without changing the meaning: case,
  accents and spacing are ignored, and a unique beginning of a legal action's text is
  that action ("activate pil" is "activate pilots" when it is the only match). A text
  that is not read gets an :class:`IllegalAction` naming what was expected, with up to
  three of the closest legal texts ("did you mean ...").
* ``apply`` takes only the game's own Action class or a text (another game's Action or a
  plain tuple with equal fields is refused, naming its type), and texts longer than
  :data:`MAX_ACTION_TEXT` characters are refused before any parsing, so a hostile save
  or form cannot make parsing slow. What goes into the log is the legal action itself,
  so the log always saves and loads again.

Here: :class:`IllegalAction`, :func:`action_repr` (every game's ``Action.__repr__``),
:func:`check_action_fields` (the bound on what a hand-built Action may hold) and the
limits they apply; :class:`~ovnilab.core.GameState` reads and refuses actions with them.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..i18n import N_
from .text import action_text


#: the longest action text :meth:`GameState.parse_action` reads (the longest legal text of
#: any game is about 100 characters: a Cosmic deal proposal); longer texts are refused
#: before any parsing, so parsing time stays bounded whatever a save or a form holds
MAX_ACTION_TEXT = 200


def action_repr(action: tuple) -> str:
    """The ``repr`` of every game's Action: ``<Action 'end turn'>`` (see the module
    docstring); a malformed Action shows its raw fields instead."""
    try:
        text = str(action)
    except Exception:  # fields no rule gives: show them as they are
        return f"{type(action).__name__}{tuple.__repr__(action)}"
    return f"<{type(action).__name__} {text!r}>"


class IllegalAction(ValueError):
    """An action that the rules do not allow here.

    ``rule`` names the rule that was broken (e.g. ``"token 6 is used once per game"``),
    ``action`` is the offending action (or text). ``suggestions`` are up to three legal
    action texts close to it (computed when first asked for: bots that test legality in
    a loop never pay for them); ``str()`` ends with "did you mean ...". The state is left
    exactly as it was.
    """

    #: the game that refused (``GameState.game_name``: "cows", "ovni", "cosmic"), set as
    #: the refusal leaves ``apply`` or ``parse_action``: ``str()`` says the rule with that
    #: game's words (:mod:`ovnilab.refusals`); None until then
    game: str | None = None

    def __init__(self, rule: str, action: Any = None, detail: str = "",
                 suggestions: Sequence[str] | Callable[[], Sequence[str]] = ()) -> None:
        self.rule = rule
        self.action = action
        self.detail = detail
        self._suggestions = suggestions
        msg = f"illegal action {action_text(action)!r}: {rule}" if action is not None else rule
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)

    @property
    def suggestions(self) -> list[str]:
        """Up to three legal action texts close to the refused one."""
        s = self._suggestions
        if callable(s):
            try:
                s = list(s())
            except Exception:  # a hint must never hide the error itself
                s = []
            self._suggestions = s
        return list(s)

    def __str__(self) -> str:
        """The refusal in the language in force, as a printed exception reads it
        (:func:`ovnilab.refusals.refusal_message`: the framing "illegal action '...'",
        "did you mean ...?" and the rule translated, the suggested action texts the
        notation); in English the message given to ``ValueError``, then the suggestions.
        ``rule`` stays the engine's English (logs, saves and tests read it)."""
        from ..refusals import refusal_message

        return refusal_message(self, self.game)


#: the largest whole number an Action field holds (seats, slots, counts are small)
MAX_ACTION_INT_BITS = 64
#: the most items a tuple field of an Action holds (a Cosmic deal lists a few cards)
MAX_ACTION_ITEMS = 64


def check_action_fields(action: tuple) -> None:
    """Refuse, quickly and with a short message, an Action built by hand whose fields
    no rule can give: anything but None, a bool, a whole number of at most
    :data:`MAX_ACTION_INT_BITS` bits, a text of at most :data:`MAX_ACTION_TEXT`
    characters, or a tuple (at most :data:`MAX_ACTION_ITEMS` items, two levels) of those.
    The message never prints the fields (their ``repr`` may fail, or be megabytes)."""

    def ok(x: Any, depth: int) -> bool:
        if x is None or type(x) is bool:
            return True
        if type(x) is int:
            return x.bit_length() <= MAX_ACTION_INT_BITS
        if type(x) is str:
            return len(x) <= MAX_ACTION_TEXT
        if type(x) is tuple and depth < 2 and len(x) <= MAX_ACTION_ITEMS:
            return all(ok(y, depth + 1) for y in x)
        return False

    for i, x in enumerate(tuple.__iter__(action)):
        if not ok(x, 0):
            name = type(action).__name__
            raise IllegalAction(N_("field {i} of this {name} is not a short text, a small whole number or a tuple "
                                   "of them (got a {type}): no rule gives such an action").format(
                                       i=i, name=name, type=type(x).__name__),
                                f"{name}(...)")

