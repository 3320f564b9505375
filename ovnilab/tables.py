"""Text tables that print the same on every run: :class:`Table`, a list of row dicts.

Every batch of games and every analysis ends in a table a notebook prints and nbval
compares: :class:`Table` prints its rows aligned, floats with fixed decimals (no "-0.000"),
long tables by their first and last rows, with column names and cell words in the
reader's language while the rows keep their keys. Nothing here knows a game or a
simulation: :mod:`ovnilab.sim` (``Results.table()``), :mod:`ovnilab.analysis`, the
games' balance modules and the class's experiments build their tables with it. It was
part of ``sim.py``; :mod:`ovnilab.sim` still re-exports :class:`Table`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .i18n import _


def _fmt(value: Any, decimals: int) -> str:
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        text = f"{value:.{decimals}f}"
        if text.startswith("-") and float(text) == 0:  # no "-0.000"
            text = text[1:]
        return text
    if isinstance(value, (list, tuple)):
        return "+".join(_fmt(v, decimals) for v in value)
    return str(value)


class Table(list):
    """A list of row dicts that prints as an aligned text table (fixed decimals).

    Deterministic text, so notebooks can print it and nbval compare it. Long tables show
    their first and last rows. ``to_pandas()`` when pandas is installed.

    What it prints may be in the reader's language while the rows keep their keys and
    values (a lesson's code reads them): ``headers`` gives a column's shown name, ``words``
    the shown text of a cell's string value (both default to the text itself).
    """

    def __init__(self, rows: Iterable[Mapping[str, Any]] = (), columns: Sequence[str] | None = None,
                 title: str = "", decimals: int = 3, max_rows: int = 20, *,
                 headers: Mapping[str, str] | None = None, words: Mapping[str, str] | None = None) -> None:
        super().__init__(dict(r) for r in rows)
        if columns is None:
            seen: dict[str, None] = {}
            for r in self:
                for k in r:
                    seen.setdefault(k, None)
            columns = list(seen)
        self.columns = list(columns)
        self.title = title
        self.decimals = decimals
        self.max_rows = max_rows
        self.headers = dict(headers or {})
        self.words = dict(words or {})

    def column(self, name: str) -> list[Any]:
        """The values of one column, row by row."""
        return [r.get(name) for r in self]

    def row(self, **match: Any) -> dict[str, Any]:
        """The single row whose columns equal ``match`` (e.g. ``row(seat=0)``)."""
        found = [r for r in self if all(r.get(k) == v for k, v in match.items())]
        if len(found) != 1:
            raise KeyError(f"{len(found)} rows match {match}")
        return found[0]

    def format(self, decimals: int | None = None, max_rows: int | None = None) -> str:
        """The table as text: floats with ``decimals`` places, numbers right-aligned."""
        d = self.decimals if decimals is None else decimals
        limit = self.max_rows if max_rows is None else max_rows
        rows = list(self)
        skipped = 0
        if limit and len(rows) > limit:
            head = limit - limit // 4
            skipped = len(rows) - limit
            rows = rows[:head] + [None] + rows[len(rows) - (limit - head):]  # type: ignore[list-item]
        def shown(value: Any) -> Any:
            return self.words.get(value, value) if isinstance(value, str) else value

        cells = [[_fmt(shown(r.get(c)), d) for c in self.columns] if r is not None else None for r in rows]
        numeric = [all(isinstance(r.get(c), (int, float)) or r.get(c) is None for r in self) for c in self.columns]
        heads = [self.headers.get(c, c) for c in self.columns]
        widths = [max([len(h)] + [len(row[j]) for row in cells if row is not None]) for j, h in enumerate(heads)]

        def line(values: Sequence[str]) -> str:
            parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)]
            return "  ".join(parts).rstrip()

        out = [self.title] if self.title else []
        out.append(line(heads))
        out.append("  ".join("-" * w for w in widths))
        for row in cells:
            out.append(_("... {n} more rows ...", n=skipped) if row is None else line(row))
        return "\n".join(out)

    def __repr__(self) -> str:
        return self.format()

    __str__ = __repr__

    def to_pandas(self) -> Any:
        """A pandas DataFrame of the rows, in this table's column order (needs pandas:
        the ``lab`` and ``test`` extras install it)."""
        pd = _pandas("Table.to_pandas")
        return pd.DataFrame(list(self), columns=self.columns)


def _pandas(who: str) -> Any:
    """The pandas module, or an ImportError saying how to get it (it is an optional
    dependency: the core library runs without it)."""
    try:
        import pandas
    except ImportError:
        raise ImportError(f"{who} needs pandas, which is not installed: `make lab` installs it with "
                          "the lab extra, or `pip install pandas`") from None
    return pandas

