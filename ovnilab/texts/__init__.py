"""The sentences a notebook prints itself, in each language ovnilab speaks (issue 33).

Why: a lesson exists in English (``notebooks/lessons/``) and in Brazilian Portuguese
(``notebooks/pt/lessons/``), and the two notebooks' code cells are the same but for the
line that chooses the language (``tests/test_lessons_pt.py`` compares them cell by cell).
A sentence a code cell prints about a computed value ("offense scores -1.30") cannot be
written in the cell then: it comes from the notebook's table here, one module per
notebook (:mod:`ovnilab.texts.start_here`, :mod:`ovnilab.texts.lesson01`, ...), whose
entries hold the sentence in every language, chosen by :func:`ovnilab.i18n.get_language`.
What the library itself prints (tables' titles, verdicts) comes through the gettext
catalog instead (:mod:`ovnilab.i18n`); the tables here hold only the notebooks' own words.

Using it::

    from ovnilab.texts.lesson01 import say
    print(say("scores", offense=-1.3, defense=-0.8))   # the entry's sentence, formatted

Placeholders are named, so a translation may put them in any order; format specs work as
in an f-string (``{offense:+.2f}``). ``say.value(key)`` is an entry that is not a sentence
(a list of folders, a pattern), in the current language.
"""

from __future__ import annotations

import string
from typing import Any, Mapping

from ..i18n import LANGUAGES, _, get_language

__all__ = ["Texts", "COMMON"]

#: sentences every lesson prints: a check cell's message while its exercise is unanswered
#: (tools/assignments.py: a student's Run All shows it and goes on)
COMMON = {
    "store_answer": {"en": "store your answer in answer_{k}", "pt": "guarde a sua resposta em answer_{k}"},
}


def _placeholders(text: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(text) if name}


class Texts:
    """One notebook's table: ``{key: {"en": ..., "pt": ...}}``. Every entry has every
    language of :data:`ovnilab.i18n.LANGUAGES`, and a sentence's translations name the same
    placeholders (checked here, when the module is imported)."""

    def __init__(self, entries: Mapping[str, Mapping[str, Any]]):
        for key, entry in {**COMMON, **entries}.items():
            if set(entry) != set(LANGUAGES):
                raise ValueError(f"text {key!r} has the languages {sorted(entry)}, not {sorted(LANGUAGES)}")
            texts = [v for v in entry.values() if isinstance(v, str)]
            if texts and len({frozenset(_placeholders(t)) for t in texts}) != 1:
                raise ValueError(f"text {key!r}: the languages name different placeholders")
        self.entries = {k: dict(v) for k, v in {**COMMON, **entries}.items()}

    def value(self, key: str) -> Any:
        """The entry ``key`` in the current language."""
        return self.entries[key][get_language()]

    def __call__(self, key: str, **values: Any) -> str:
        """The sentence ``key`` in the current language, its placeholders filled."""
        return self.value(key).format(**values)

    def word(self, text: str) -> str:
        """A word of the notation (an outcome, a role: ``"defense"``, a phase's name) as
        the current language says it: the table's ``"words"`` entry, else the catalog's
        translation of it (:func:`ovnilab.i18n._`), else the word itself."""
        words = self.entries.get("words", {}).get(get_language(), {})
        if text in words:
            return words[text]
        return _(text) if isinstance(text, str) and "{" not in text else text

    def __contains__(self, key: str) -> bool:
        return key in self.entries
