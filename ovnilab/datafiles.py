"""Where the game files live, and reading them (shared by every game's ``data.py``)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = ["data_dir", "load_toml", "tomllib"]


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


def load_toml(path: str | Path, error: type[ValueError] | None = None) -> dict[str, Any]:
    """Read a TOML file; a syntax error names the file (``ValueError``). With ``error``
    (a game's data-error class) both a syntax error and a file that cannot be read
    raise it, naming the file."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise (error or ValueError)(f"{p}: not valid TOML: {exc}") from exc
    except OSError as exc:
        if error is None:
            raise
        raise error(f"{p}: cannot be read: {exc}") from exc
