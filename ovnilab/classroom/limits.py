"""The errors, limits and input checks that every layer of the classroom shares: join
codes, names, time limits, rate limits, and the errors a request can meet.

At the bottom of the classroom with the store: the rooms, the views, the handles and the
server all read it, and it imports none of them.
"""

from __future__ import annotations

import functools
import math
import secrets
import unicodedata
from typing import Any, Callable, Iterable

__all__ = ["ClassroomError", "SeatGone", "StaleMove", "RateLimited", "RoomBroken", "CODE_ALPHABET", "CODE_LENGTH", "MAX_NAME",
           "RECONNECT_GRACE", "DEFAULT_DECISION_SECONDS", "DEFAULT_BOT_DELAY", "RATE_MOVES", "RATE_WINDOW",
           "MAX_STUDENTS", "LOG_LINES", "MAX_BOARDS", "clean_code", "clean_name", "new_code", "name_skeleton", "lookalike"]

#: join codes: six characters without look-alikes (no 0/O, 1/I/L), read aloud or from a
#: projector without mistakes; 31^6 = 887 million codes, and the server limits how often
#: one address may try
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: a name: 1-24 characters, the letters and marks of any script, digits, spaces, and
#: . ' ’ - (as people write names: "O’Brien" with a phone's apostrophe, "محمّد", "அனில்")
MAX_NAME = 24
#: the punctuation a name may hold besides spaces: period, apostrophes, hyphens
_NAME_PUNCTUATION = frozenset(".'\u2019\u02bc-\u2010")
#: joiners that Persian and Indic names need between letters (every other format
#: character, bidi controls included, is refused)
_NAME_JOINERS = frozenset("\u200c\u200d")
#: solo boards Voila serves at once by default (make play's MAX_BOARDS; the cap itself is
#: ovnilab.classroom.voila_kernels): ~70 MB each, about 2.8 GB in all (a class of 30 with a
#: board each and room for reloads). Here, not there, so the class server reads it without
#: importing Jupyter's server (1.5 s of the server's start-up).
MAX_BOARDS = 40
#: a seat whose student was seen this recently cannot be taken by typing the same name
RECONNECT_GRACE = 15.0
#: the default time limit of one decision (generous: a Cosmic decision can need reading)
DEFAULT_DECISION_SECONDS = 120.0
#: the default pause before a bot moves, so the people at the table can follow
DEFAULT_BOT_DELAY = 0.8
#: at most this many moves or choices per student in RATE_WINDOW seconds
RATE_MOVES = 30
RATE_WINDOW = 10.0
#: a session holds at most this many students (a class, not the internet)
MAX_STUDENTS = 200
#: log lines a view carries
LOG_LINES = 40


class ClassroomError(ValueError):
    """A request the class cannot take (a wrong code, a full room, a move out of turn):
    ``str()`` is the message for the person; nothing was changed."""


class SeatGone(ClassroomError):
    """A page's seat that is no seat (any more): a link not valid, replaced, or its student
    removed; the server answers 401 and the page goes back to the join form."""


class StaleMove(ClassroomError):
    """A move made on a position that has moved on (another click came first)."""


class RoomBroken(ClassroomError):
    """A room whose stored game no longer replays (a database from another version of
    ovnilab, a damaged file): the message names the room, the move and the rule; the
    other rooms go on."""


class RateLimited(ClassroomError):
    """Too many requests in a short time."""


# ---------------------------------------------------------------- validation
def clean_code(code: Any) -> str:
    """A join code as typed (any case, spaces or dashes) in its stored form, or
    :class:`ClassroomError` saying what is wrong."""
    if not isinstance(code, str):
        raise ClassroomError("the join code must be text")
    c = "".join(code.split()).replace("-", "").upper()
    if len(c) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in c):
        raise ClassroomError(f"a join code is {CODE_LENGTH} letters and digits, as the teacher's screen "
                             f"shows it (got {code[:20]!r})")
    return c


def clean_name(name: Any) -> str:
    """A student's name, in NFC with single spaces, or :class:`ClassroomError` saying
    what is wrong: its length, or a character that is not a letter or mark of some
    script, a digit, a space or . ' ’ - (control and bidi characters are refused: they
    would make the name read differently on the projector)."""
    if not isinstance(name, str):
        raise ClassroomError("the name must be text")
    n = " ".join(unicodedata.normalize("NFC", name).split())
    if not n:
        raise ClassroomError("type a name (the class sees it beside your seat)")
    if len(n) > MAX_NAME:
        raise ClassroomError(f"a name has at most {MAX_NAME} characters")
    for i, ch in enumerate(n):
        kind = unicodedata.category(ch)
        fits = (kind[0] in "LM" or kind == "Nd" or ch == " " or ch in _NAME_PUNCTUATION
                or (ch in _NAME_JOINERS and 0 < i < len(n) - 1))
        if not fits or (i == 0 and kind[0] not in "LN"):
            raise ClassroomError("a name may hold letters, digits, spaces and . ' - only, and begins "
                                 "with a letter or a digit")
    return n


def name_skeleton(name: str) -> str:
    """What ``name`` looks like: each character replaced by one chosen representative of
    the characters it is confusable with (Unicode's confusables, through the
    ``confusable-homoglyphs`` package; an ASCII one where there is one), so that a Latin
    "Ana" and one typed with a Cyrillic "А" have the same skeleton."""
    table = _confusables()
    out = []
    for ch in name:
        group = [ch] + [h["c"] for h in table.get(ch, ())]
        out.append(min(group, key=lambda c: (not c.isascii(), c)))
    return "".join(out)


@functools.lru_cache(maxsize=1)
def _confusables() -> dict[str, list[dict[str, str]]]:
    from confusable_homoglyphs import confusables  # its data load once, on the first join

    return confusables.confusables_data


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that looks like ``name`` without being it (the same
    :func:`name_skeleton`), or None."""
    key = name_skeleton(name)
    for other in others:
        if other != name and name_skeleton(other) == key:
            return other
    return None


def new_code(taken: Callable[[str], bool]) -> str:
    """A fresh join code (from :mod:`secrets`) that ``taken`` does not know."""
    for _ in range(100):
        c = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not taken(c):
            return c
    raise RuntimeError("no free join code found")  # 887 million codes: never in a class


def _check_seconds(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number of seconds or None (no limit), got {value!r}")
    return float(value)
