"""The errors, limits and input checks that every layer of the classroom shares: join
codes, names, time limits, rate limits, and the errors a request can meet.

At the bottom of the classroom with the store: the rooms, the views, the handles and the
server all read it, and it imports none of them.
"""

from __future__ import annotations

import math
import re
import secrets
import unicodedata
from typing import Any, Callable

__all__ = ["ClassroomError", "StaleMove", "RateLimited", "CODE_ALPHABET", "CODE_LENGTH", "MAX_NAME",
           "RECONNECT_GRACE", "DEFAULT_DECISION_SECONDS", "DEFAULT_BOT_DELAY", "RATE_MOVES", "RATE_WINDOW",
           "MAX_STUDENTS", "LOG_LINES", "clean_code", "clean_name", "new_code"]

#: join codes: six characters without look-alikes (no 0/O, 1/I/L), read aloud or from a
#: projector without mistakes; 31^6 = 887 million codes, and the server limits how often
#: one address may try
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: a name: 1-24 letters, digits, spaces and . ' - (accents welcome)
MAX_NAME = 24
_NAME_RE = re.compile(r"^[\w][\w .'\-]*$", re.UNICODE)
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


class StaleMove(ClassroomError):
    """A move made on a position that has moved on (another click came first)."""


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
    """A student's name, trimmed, or :class:`ClassroomError` (length and characters)."""
    if not isinstance(name, str):
        raise ClassroomError("the name must be text")
    n = " ".join(unicodedata.normalize("NFC", name).split())
    if not n:
        raise ClassroomError("type a name (the class sees it beside your seat)")
    if len(n) > MAX_NAME:
        raise ClassroomError(f"a name has at most {MAX_NAME} characters")
    if not _NAME_RE.match(n) or any(unicodedata.category(ch)[0] == "C" for ch in n):
        raise ClassroomError("a name may hold letters, digits, spaces and . ' - only")
    return n


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
