"""Checks shared by the three games' data loaders: names, numbers, colours and texts.

A data file is input from outside the library (a teacher edits one, a student sends one),
so every value in it is checked on load against one rule per kind of value, and a bad
value raises the game's own data-error class with a message that names the file and the
field (``board.toml: city[3].name ...``). What the rules protect:

* **Names** (cities, planets, human categories, aliens, card faces, areas) appear inside
  action texts such as ``move Rio -> Lima``, which ``parse_action`` must read back, and
  in the boards' SVG. A name is 1 to :data:`NAME_MAX` characters: letters, ASCII digits,
  single spaces, hyphens and apostrophes, starting with a letter and ending with a letter
  or a digit. So no name contains an action's separators (``->``, ``+``, ``:``, brackets,
  commas), a line break, markup or a doubled or trailing space. Each game adds the
  phrases its own grammar reserves (Ovni's ``swapping with``).
* **Numbers** are integers (``true`` is not a number) or, for drawing coordinates, finite
  decimals, each within a documented range that keeps a game small: a deck of
  ``negotiate = 100000000`` cards is refused before any memory is spent on it.
* **Colours** reach SVG attributes, so only ``#rgb``, ``#rrggbb`` or one of the plain
  colour words in :data:`NAMED_COLOURS` pass: nothing else can reach the renderer.
* **Texts** (card texts, summaries, notes) are at most :data:`TEXT_MAX` characters with no
  control characters other than tab and line break (XML forbids the others).

The messages show a bad value shortened (:func:`show`): a 10 MB string or a 5,000-digit
integer in a file never floods the error, nor fails while the error is being written.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .datafiles import load_toml
from .i18n import N_

__all__ = [
    "NAME_MAX",
    "TEXT_MAX",
    "NAMED_COLOURS",
    "show",
    "fold",
    "read_toml",
    "table",
    "array",
    "integer",
    "number",
    "name",
    "text",
    "colour",
    "distinct",
]

#: longest name a data file may give (a city, a planet, a card face...)
NAME_MAX = 40
#: longest free text (a card's text, an alien's summary, a note)
TEXT_MAX = 1000
#: colour words a data file may use besides ``#rgb`` and ``#rrggbb`` (all SVG colour
#: keywords, all single lowercase words, none a word of any game's action texts)
NAMED_COLOURS: frozenset[str] = frozenset((
    "black", "white", "grey", "gray", "silver", "red", "maroon", "orange", "gold", "yellow",
    "olive", "lime", "green", "teal", "cyan", "aqua", "blue", "navy", "indigo", "purple",
    "violet", "magenta", "fuchsia", "pink", "brown", "beige", "tan", "turquoise",
))

#: what a name may hold, as a refused name's message says it
NAME_RULE = N_("letters, digits, single spaces, hyphens and apostrophes, starting with a letter "
               "and ending with a letter or digit")

_HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\Z")
_NAME_PUNCT = frozenset("0123456789 -'")
_ErrorType = type[ValueError]


def show(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters; a huge integer is described by its
    size (Python refuses to print integers of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return N_("an integer of about {n} digits").format(n=int(abs(value).bit_length() * math.log10(2)) + 1)
    try:
        r = repr(value)
    except (ValueError, RecursionError):  # a huge integer nested in a list
        return N_("a {kind} too large to show").format(kind=type(value).__name__)
    return r if len(r) <= limit else r[: limit - 5] + " ...>"


def fold(s: str) -> str:
    """A name as the action parsers compare it: without accents, case-folded, single
    spaced. Two names of one kind must differ once folded."""
    t = unicodedata.normalize("NFKD", s)
    return " ".join("".join(c for c in t if not unicodedata.combining(c)).casefold().split())


def read_toml(path: str | Path, error: _ErrorType) -> dict[str, Any]:
    """Read a TOML data file; anything wrong with it as a file (unreadable, not UTF-8,
    not TOML, nested too deep, an integer too long to read) raises ``error`` naming it."""
    p = Path(path)
    try:
        return load_toml(p, error)
    except error:
        raise
    except UnicodeDecodeError as exc:
        raise error(N_("{path}: not UTF-8 text (byte {n} is {byte})").format(
            path=p, n=exc.start, byte=repr(exc.object[exc.start:exc.start + 1]))) from None
    except (ValueError, RecursionError, OSError) as exc:
        raise error(N_("{path}: not valid TOML: {detail}").format(path=p, detail=show(str(exc), 200))) from None


def table(value: Any, where: str, error: _ErrorType) -> dict[str, Any]:
    """A TOML table (``{...}`` or ``[[...]]`` entry)."""
    if not isinstance(value, dict):
        raise error(N_("{where} must be a table, got {value}").format(where=where, value=show(value)))
    return value


def array(value: Any, where: str, error: _ErrorType, lo: int = 0, hi: int = 1000) -> list[Any]:
    """A TOML array of ``lo`` to ``hi`` items."""
    if not isinstance(value, list):
        raise error(N_("{where} must be a list, got {value}").format(where=where, value=show(value)))
    if not lo <= len(value) <= hi:
        if lo == hi:
            raise error(N_("{where} must list exactly {n} items, got {count}").format(where=where, n=lo, count=len(value)))
        raise error(N_("{where} must list {lo} to {hi} items, got {count}").format(where=where, lo=lo, hi=hi,
                                                                                   count=len(value)))
    return value


def integer(value: Any, where: str, error: _ErrorType, lo: int, hi: int) -> int:
    """An integer from ``lo`` to ``hi`` (a boolean or a decimal is not one)."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise error(N_("{where} must be an integer from {lo} to {hi}, got {value}").format(
            where=where, lo=lo, hi=hi, value=show(value)))
    return value


def number(value: Any, where: str, error: _ErrorType, lo: float, hi: float) -> float:
    """A finite number from ``lo`` to ``hi`` (integer or decimal)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not ok or not math.isfinite(value) or not lo <= value <= hi:
        raise error(N_("{where} must be a number from {lo} to {hi}, got {value}").format(
            where=where, lo=f"{lo:g}", hi=f"{hi:g}", value=show(value)))
    return float(value)


def name(value: Any, where: str, error: _ErrorType, reserved: Iterable[str] = ()) -> str:
    """A name (see the module docstring), returned in Unicode NFC form. ``reserved``:
    phrases of the game's action texts that no name may contain as whole words."""
    if not isinstance(value, str):
        raise error(N_("{where} must be a name (text), got {value}").format(where=where, value=show(value)))
    v = unicodedata.normalize("NFC", value)
    if not 1 <= len(v) <= NAME_MAX:
        raise error(N_("{where} must be a name of 1 to {n} characters, got {value}").format(
            where=where, n=NAME_MAX, value=show(value)))
    bad = next((c for c in v if not (c.isalpha() or c in _NAME_PUNCT)), None)
    if bad is not None:
        raise error(N_("{where} {value}: the character {char} is not allowed in a name ({rule})").format(
            where=where, value=show(value), char=repr(bad), rule=NAME_RULE))
    if not v[0].isalpha() or not (v[-1].isalpha() or v[-1].isdigit()) or "  " in v:
        raise error(N_("{where} {value} is not a name ({rule})").format(where=where, value=show(value), rule=NAME_RULE))
    f = f" {fold(v)} "
    for phrase in reserved:
        if f" {phrase} " in f:
            raise error(N_("{where} {value} contains {phrase}, which the game's action texts use").format(
                where=where, value=show(value), phrase=repr(phrase)))
    return v


def text(value: Any, where: str, error: _ErrorType, limit: int = TEXT_MAX) -> str:
    """A free text of at most ``limit`` characters without control characters (tab and
    line break allowed)."""
    if not isinstance(value, str):
        raise error(N_("{where} must be a text, got {value}").format(where=where, value=show(value)))
    if len(value) > limit:
        raise error(N_("{where} must be at most {n} characters, got {count}").format(where=where, n=limit,
                                                                                     count=len(value)))
    for c in value:
        if c not in "\t\n" and (unicodedata.category(c) in ("Cc", "Cs") or c in "\ufffe\uffff"):
            raise error(N_("{where} contains the control character {char}").format(where=where, char=repr(c)))
    return value


def colour(value: Any, where: str, error: _ErrorType, words_only: bool = False) -> str:
    """A colour: ``#rgb``, ``#rrggbb`` or a word of :data:`NAMED_COLOURS` (only a word when
    ``words_only``: a colour that is also a player's name in action texts)."""
    if isinstance(value, str):
        if value.lower() in NAMED_COLOURS:
            return value.lower()
        if not words_only and _HEX.match(value):
            return value
    if words_only:
        raise error(N_("{where} must be a colour (one of {words}), got {value}").format(
            where=where, words=sorted(NAMED_COLOURS), value=show(value)))
    raise error(N_("{where} must be a colour ('#rgb', '#rrggbb' or one of {words}), got {value}").format(
        where=where, words=sorted(NAMED_COLOURS), value=show(value)))


def distinct(names: Iterable[str], where: str, error: _ErrorType) -> None:
    """Names of one kind that stay different without accents and case (the parsers
    compare them so)."""
    seen: dict[str, str] = {}
    for n in names:
        k = fold(n)
        if k in seen:
            raise error(N_("{where}: {first} and {second} are the same name (accents and case aside)").format(
                where=where, first=repr(seen[k]), second=repr(n)))
        seen[k] = n
