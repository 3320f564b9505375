"""The records of a class experiment: one validated row per participant and round,
with CSV and JSON round trips.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import csv
import io
import json
import math
import numbers
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ...sim import Table

# ======================================================================
# Records
# ======================================================================

#: the keys of a record, in the order of the CSV columns
FIELDS: tuple[str, ...] = ("session", "round", "participant", "role", "choice", "opponent",
                           "opponent_choice", "payoff", "by")
#: who made a participant's choice: the student; a bot after the time limit; a bot the
#: teacher put on the seat
BY_VALUES: tuple[str, ...] = ("student", "timeout", "bot")
_TEXT_FIELDS = ("session", "participant", "role", "choice", "opponent", "opponent_choice")


class RecordError(ValueError):
    """A record that is not valid; ``row`` (0-based) and ``field`` say where."""

    def __init__(self, message: str, row: int | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.field = field


def _where(row: int, line: int | None) -> str:
    return f"row {row}" + (f" (line {line})" if line is not None else "")


def _clean_record(rec: Any, row: int, line: int | None = None, from_text: bool = False) -> dict[str, Any]:
    where = _where(row, line)
    if not isinstance(rec, Mapping):
        raise RecordError(f"{where}: a record must be an object with the fields {list(FIELDS)}, "
                          f"got {type(rec).__name__}", row)
    missing = [k for k in FIELDS if k not in rec]
    if missing:
        raise RecordError(f"{where}: missing field {missing[0]!r}", row, missing[0])
    extra = sorted(str(k) for k in rec if k not in FIELDS)
    if extra:
        raise RecordError(f"{where}: unknown field {extra[0]!r} (the fields are {list(FIELDS)})", row, extra[0])
    out: dict[str, Any] = {}
    for k in FIELDS:
        v = rec[k]
        if k in _TEXT_FIELDS or k == "by":
            if not isinstance(v, str) or not v.strip():
                raise RecordError(f"{where}, field {k!r}: expected a non-empty text, got {v!r}", row, k)
            if k == "by" and v not in BY_VALUES:
                raise RecordError(f"{where}, field 'by': expected one of {list(BY_VALUES)}, got {v!r}", row, k)
            out[k] = v
        elif k == "round":
            if from_text and isinstance(v, str) and re.fullmatch(r"[0-9]{1,12}", v.strip()):
                v = int(v)
            if isinstance(v, numbers.Integral) and not isinstance(v, bool):
                v = int(v)  # numpy integers too
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise RecordError(f"{where}, field 'round': expected a whole number from 1, got {v!r}", row, k)
            out[k] = v
        else:  # payoff
            x: Any = v
            if from_text and isinstance(v, str):
                try:
                    x = float(v)
                except ValueError:
                    x = v
            if isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x):
                raise RecordError(f"{where}, field 'payoff': expected a finite number, got {v!r}", row, k)
            out[k] = float(x)
    return out


class Results:
    """A class's records: one dict per participant per round, keys :data:`FIELDS`.

    List-like (``len``, iteration, indexing; a slice gives a :class:`Results`). Every
    record is validated on the way in (:class:`RecordError` names the row and the field),
    including that a participant appears once per round of a session. Bots' own choices
    are not records: a participant who met a bot has ``opponent == "bot"``.
    """

    def __init__(self, rows: Iterable[Mapping[str, Any]] = (), *, _lines: bool = False,
                 _text: bool = False) -> None:
        self.rows: list[dict[str, Any]] = []
        seen: dict[tuple[str, int, str], int] = {}
        for k, rec in enumerate(rows):
            line = k + 2 if _lines else None
            clean = _clean_record(rec, k, line, _text)
            key = (clean["session"], clean["round"], clean["participant"])
            if key in seen:
                raise RecordError(f"{_where(k, line)}, field 'participant': {key[2]} already has a record for "
                                  f"round {key[1]} of session {key[0]!r} (row {seen[key]})", k, "participant")
            seen[key] = k
            self.rows.append(clean)

    # -- list-like
    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return Results(self.rows[index])
        return self.rows[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Results) and self.rows == other.rows

    def __repr__(self) -> str:
        return Table(self.rows, columns=FIELDS, title=f"{len(self)} records", decimals=3).format()

    # -- export and import
    def to_csv(self, path_or_buffer: str | os.PathLike[str] | io.TextIOBase | None = None) -> str | None:
        """Write the records as CSV (columns :data:`FIELDS`, ``\\n`` line ends, payoffs
        as Python's shortest exact float text) to a path or a text buffer; with no
        argument, return the text. Same records, same bytes."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for r in self.rows:
            w.writerow({**r, "payoff": repr(r["payoff"])})
        text = buf.getvalue()
        if path_or_buffer is None:
            return text
        if isinstance(path_or_buffer, (str, os.PathLike)):
            with open(path_or_buffer, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            path_or_buffer.write(text)
        return None

    @classmethod
    def from_csv(cls, path_or_buffer: str | os.PathLike[str] | io.TextIOBase) -> Results:
        """Read records written by :meth:`to_csv` (a path or a text buffer); errors name
        the row, its line and the field."""
        if isinstance(path_or_buffer, (str, os.PathLike)):
            with open(path_or_buffer, encoding="utf-8", newline="") as f:
                text = f.read()
        else:
            text = path_or_buffer.read()
        reader = csv.DictReader(io.StringIO(text))
        header = list(reader.fieldnames or [])
        missing = [k for k in FIELDS if k not in header]
        if missing:
            raise RecordError(f"the CSV has no column {missing[0]!r} (the columns are {list(FIELDS)})",
                              None, missing[0])
        extra = [k for k in header if k not in FIELDS]
        if extra:
            raise RecordError(f"the CSV has an unknown column {extra[0]!r} (the columns are {list(FIELDS)})",
                              None, extra[0])
        rows = []
        for k, rec in enumerate(reader):
            if None in rec or any(v is None for v in rec.values()):
                raise RecordError(f"{_where(k, k + 2)}: expected {len(FIELDS)} cells", k)
            rows.append(rec)
        return cls(rows, _lines=True, _text=True)

    def to_json(self) -> str:
        """The records as a JSON array of objects (keys in :data:`FIELDS` order)."""
        return json.dumps(self.rows, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Results:
        """Read records written by :meth:`to_json`; errors name the row and the field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
        if not isinstance(data, list):
            raise RecordError(f"expected a JSON array of records, got {type(data).__name__}")
        return cls(data)

    def to_dataframe(self) -> Any:
        """The records as a :class:`pandas.DataFrame` (columns :data:`FIELDS`)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Results.to_dataframe needs pandas, which is not installed "
                              "(pip install pandas); Results.rows is the same table as a list of dicts") from None
        return pd.DataFrame(self.rows, columns=list(FIELDS))
