"""Where the game files live, and reading them (shared by every game's ``data.py``).

Paths policy (one for the three games, so a save cannot make any of them read what it
should not):

* a data file is named by a *bare name* (``"board_ring.toml"``: one path component, no
  folder, no drive): :func:`is_bare_name`. A bare name is looked up in the game's folder
  of ``data/`` (or in a user data folder that the caller names explicitly);
* a path (anything that is not a bare name) is read only when the caller trusts it: code
  that builds ``Rules(cards_file="my/cards.toml")`` does; ``load_json`` refuses it in a
  save unless called with ``trusted=True``;
* only regular files are read (never a device such as ``/dev/zero``, a named pipe or a
  folder), and at most :data:`MAX_DATA_BYTES` of them: :func:`read_data_file`.
"""

from __future__ import annotations

import functools
import os
import stat
import sys
from pathlib import Path
from typing import Any

from .i18n import N_

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "untrusted_data_file",
    "data_dir",
    "load_toml",
    "load_words",
    "tomllib",
    "is_bare_name",
    "resolve_data_file",
    "read_data_file",
    "MAX_DATA_BYTES",
    "MAX_NAME_CHARS",
    "MAX_PATH_CHARS",
]

#: the largest data file read (the shipped files are under 16 KB)
MAX_DATA_BYTES = 1_000_000
#: the longest bare file name (most file systems allow 255 bytes)
MAX_NAME_CHARS = 255
#: the longest path given in code
MAX_PATH_CHARS = 4096
_NOT_IN_NAMES = frozenset('/\\:*?"<>|')


@functools.lru_cache(maxsize=None)
def data_dir(marker: str = "ovni/board.toml") -> Path:
    """The folder holding the game files: ``ovnilab/data`` inside an installed wheel
    (the wheel force-includes ``data/`` there), the repository's ``data/`` in a source
    checkout. ``marker`` is a file that must exist in it. Found once per session (new
    games ask for it every time: short games felt the file-system lookups)."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data", here.parent / "data"):
        if (candidate / marker).is_file():
            return candidate
    raise FileNotFoundError(f"ovnilab's data folder (with {marker}) was not found next to the package")


def is_bare_name(name: Any) -> bool:
    """True for a file name without any folder: one path component of 1-255 printable
    characters, no separator or drive (``/ \\ :``) nor other characters that Windows
    refuses, not hidden (no leading dot, so never ``.`` or ``..``). Decided from the text
    alone: nothing on disk is looked at."""
    return (isinstance(name, str) and 0 < len(name) <= MAX_NAME_CHARS and not name.startswith(".")
            and name == name.strip() and name.isprintable() and not _NOT_IN_NAMES.intersection(name))


def _is_regular(p: Path) -> bool:
    try:
        return stat.S_ISREG(p.stat().st_mode)
    except (OSError, ValueError):  # missing, unreadable, a name too long, a NUL byte
        return False


def resolve_data_file(name: str | None, folder: Path, default: str) -> Path:
    """Where a data file is: ``None`` is ``folder / default``; a bare name is looked up in
    ``folder`` first (so a save that names a shipped file stays portable); anything else
    is a path given by trusted code. Raises ``FileNotFoundError`` (a message naming the
    text given) unless the result is a regular file."""
    if name is None:
        return folder / default
    if not isinstance(name, str) or not name or len(name) > MAX_PATH_CHARS or "\0" in name:
        raise FileNotFoundError(N_("{name} is not a file name").format(name=_short(name)))
    if is_bare_name(name) and _is_regular(folder / name):
        return folder / name
    p = Path(name)
    if not _is_regular(p):
        raise FileNotFoundError(N_("{name} is not a regular file (nor a file name in {folder})").format(
            name=_short(name, 300), folder=folder))
    return p


def untrusted_data_file(name: Any, folder: Path) -> Path:
    """The data file an untrusted party names (a served board's visitor, a save from
    elsewhere): a bare name (:func:`is_bare_name`: no folder, not hidden) of a regular
    file in ``folder``, and still in ``folder`` once links are followed. Anything else
    raises ``FileNotFoundError`` with a message that says nothing of what exists outside
    the folder (never the working directory, never a link's target)."""
    if not is_bare_name(name):
        raise FileNotFoundError(N_("{name} is not a bare file name (no folder, not hidden)").format(name=_short(name)))
    base = Path(folder).resolve()
    p = base / name
    try:
        real = p.resolve(strict=True)
    except (OSError, RuntimeError):
        real = None
    if real is None or real.parent != base or not _is_regular(real):
        raise FileNotFoundError(N_("no data file named {name} in the game's data folder").format(name=_short(name)))
    return p


def read_data_file(path: str | Path, limit: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. The file is opened without
    blocking and checked on the open handle, so a named pipe, a device or a folder is
    refused (``OSError``) without reading from it, and an endless file costs ``limit``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(N_("{path}: not a regular file").format(path=path))
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise OSError(N_("{path}: larger than {n} bytes").format(path=path, n=limit))
    return data


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "a huge integer"
    return text if len(text) <= limit else text[: limit - 5] + "...'"


def load_toml(path: str | Path, error: type[ValueError] | None = None) -> dict[str, Any]:
    """Read a TOML file (a regular file of at most :data:`MAX_DATA_BYTES`, UTF-8); a
    syntax or encoding error names the file (``ValueError``). With ``error`` (a game's
    data-error class) a file that cannot be read raises it too, naming the file."""
    p = Path(path)
    try:
        raw = read_data_file(p)
    except OSError as exc:
        if error is None:
            raise
        raise error(N_("{path}: cannot be read: {error}").format(path=p, error=exc)) from exc
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise (error or ValueError)(N_("{path}: not UTF-8 text (byte {n})").format(path=p, n=exc.start)) from exc
    except tomllib.TOMLDecodeError as exc:
        raise (error or ValueError)(N_("{path}: not valid TOML: {detail}").format(path=p, detail=exc)) from exc
    except RecursionError as exc:
        raise (error or ValueError)(N_("{path}: not valid TOML: {detail}").format(path=p, detail=N_("nested too deeply"))) from exc


#: the longest entry of a words list (a name or its English meaning)
MAX_WORD_CHARS = 80


def load_words(path: str | Path) -> dict[str, str]:
    """A words list (``data/<game>/words.toml``): the Portuguese names a board shows,
    each with its English meaning, for the board's "words" tab. Its ``[words]`` table
    maps a name to a one-line text; anything else raises ``ValueError`` naming the file
    and the entry."""
    raw = load_toml(path)
    table = raw.get("words")
    if not isinstance(table, dict) or set(raw) != {"words"}:
        raise ValueError(f"{path}: a words list is one [words] table of name = \"meaning\" lines")
    out: dict[str, str] = {}
    for name, meaning in table.items():
        for what, text in (("name", name), (f"meaning of {_short(name)}", meaning)):
            if not isinstance(text, str) or not text.strip() or "\n" in text or len(text) > MAX_WORD_CHARS:
                raise ValueError(f"{path}: the {what} must be one line of 1 to {MAX_WORD_CHARS} characters, "
                                 f"not {_short(text)}")
        out[name] = meaning.strip()
    return out
