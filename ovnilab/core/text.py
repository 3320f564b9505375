"""How the core writes a value into a message and reads a typed text: bounded, never failing.

:func:`fold_text` is how typed action texts are compared (case, accents and spacing do
not count); :func:`action_text` and :func:`short_repr` show an action or any value a save
or a form can hold in a message, cut to a length and without raising (a malformed Action,
a 5,000-digit integer). Every other module of :mod:`ovnilab.core` writes its messages with
these, so a hostile value cannot make an error message slow, huge or itself an error.
"""

from __future__ import annotations

import unicodedata
from typing import Any


def fold_text(text: str) -> str:
    """``text`` as compared when reading actions: lower case, accents dropped, runs of
    spaces made one (so "SÃO  paulo" and "Sao Paulo" read alike)."""
    if text.isascii():  # most action texts: no accent to drop, casefold is lower
        return " ".join(text.lower().split())
    t = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in t if not unicodedata.combining(c)).casefold().split())


def action_text(action: Any, limit: int = 80) -> str:
    """``str(action)`` for a message: never raises (a malformed Action shows its fields)
    and is cut to ``limit`` characters (a hostile text must not flood the message)."""
    try:
        text = action if isinstance(action, str) else str(action)
    except Exception:  # a malformed Action whose fields no rule gives (issue 11 #9)
        text = f"{type(action).__name__}{tuple.__repr__(action) if isinstance(action, tuple) else ''}"
    if not isinstance(text, str):
        text = object.__repr__(action)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for any value a save can hold
    (a 5,000-digit integer cannot be printed in full; a deeply nested list is cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, (list, dict, tuple)) and len(value) > 20:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."

