"""Rule options: the frozen ``Rules`` dataclass each game has, and the checks it runs.

A game declares each option with :func:`rule_option` (its default is the rulebook's
reading, a one-line doc, its range) and derives its ``Rules`` from :class:`RuleSet`, which
validates every field when the rules are built (:func:`check_rules`, one
:class:`RulesError` listing every bad field), warns when an option changes nothing beside
another (:func:`warn_inert`, a :class:`RuleOptionWarning`) and lists the options
(:func:`describe_rules`). Reading options back from a save is :mod:`.saves`.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from pathlib import Path
from typing import Any, Callable, ClassVar, Hashable, Iterable, Mapping, Sequence

from .. import datafiles
from ..i18n import N_
from .text import short_repr


class RulesError(ValueError):
    """Rule options that a game cannot be played with.

    ``errors`` maps every bad field to what is wrong with it (all of them, not the
    first); ``str()`` lists them as ``Rules.<field>: <message>``."""

    def __init__(self, errors: dict[str, str], owner: str = "Rules") -> None:
        self.errors: dict[str, str] = dict(errors)
        super().__init__("; ".join(f"{owner}.{k}: {v}" for k, v in self.errors.items()))


def rule_option(default: Any, doc: str, *, lo: int | float | None = None, hi: int | float | None = None,
                choices: Sequence[Any] | None = None, folder: Callable[[], Path] | None = None,
                max_items: int = 100) -> Any:
    """A ``dataclasses.field`` for a rule option: its default, a one-line ``doc`` (the
    board's new-game tab shows it) and its documented range (``lo``..``hi`` for numbers,
    ``choices`` for texts, ``max_items`` for a tuple); ``folder`` marks a data-file option
    whose bare names are looked up in ``folder()`` (see :mod:`ovnilab.datafiles`).
    :func:`check_rules` enforces it."""
    meta: dict[str, Any] = {"doc": doc}
    for key, value in (("min", lo), ("max", hi), ("choices", None if choices is None else tuple(choices)),
                       ("folder", folder)):
        if value is not None:
            meta[key] = value
    if default is None or isinstance(default, tuple):
        meta["max_items"] = max_items
    return dataclasses.field(default=default, metadata=meta)


def _kind(annotation: Any) -> tuple[str, bool]:
    """(base type name, optional) of a field annotation: ``"int"``, ``"str | None"``..."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    parts = [p.strip() for p in text.split("|")]
    optional = "None" in parts
    base = [p for p in parts if p != "None"]
    return (base[0] if base else "None"), optional


def _check_field(f: dataclasses.Field, v: Any) -> str | None:
    """What is wrong with value ``v`` of rule option ``f`` (None when nothing is)."""
    base, optional = _kind(f.type)
    meta = f.metadata
    if v is None:
        return None if optional else N_("must not be None ({what})").format(what=_describe(base, meta))
    if base == "bool":
        return None if type(v) is bool else N_("must be True or False, got {value}").format(value=short_repr(v))
    if base in ("int", "float"):
        ok = (isinstance(v, int) and not isinstance(v, bool)) or (base == "float" and type(v) is float)
        if not ok:
            return _must_be(base, meta, v)
        if base == "float" and not math.isfinite(v):
            return N_("must be a finite number, got {value}").format(value=repr(v))
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            return _must_be(base, meta, v)
        return None
    if base == "str":
        if not isinstance(v, str) or not v:
            return _must_be(base, meta, v)
        choices = meta.get("choices")
        if choices is not None and v not in choices:
            return N_("must be {what}, got {value}").format(what=_describe(base, meta), value=short_repr(v))
        if "folder" in meta:
            if len(v) > datafiles.MAX_PATH_CHARS or "\0" in v:
                return N_("must be {what}, got {value}").format(what=N_("a file name or a path"), value=short_repr(v))
            try:
                datafiles.resolve_data_file(v, meta["folder"](), "")
            except FileNotFoundError as exc:
                return str(exc)
        elif len(v) > 200:
            return N_("must be at most {n} characters, got {count}").format(n=200, count=len(v))
        return None
    if base.startswith("tuple"):
        if not isinstance(v, tuple) or not all(isinstance(x, str) and 0 < len(x) <= 100 for x in v):
            return N_("must be {what}, got {value}").format(what=N_("a tuple of names"), value=short_repr(v))
        if len(v) > meta.get("max_items", 100):
            return N_("must name at most {n} items, got {count}").format(n=meta.get("max_items", 100), count=len(v))
        choices = meta.get("choices")
        unknown = [x for x in v if choices is not None and x not in choices]
        if unknown:
            return N_("{values} are not among {choices}").format(values=short_repr(unknown), choices=list(choices))
        return None
    return N_("has an annotation the checks do not know ({annotation})").format(annotation=f.type)


def _must_be(base: str, meta: Mapping[str, Any], v: Any) -> str:
    """"must be an integer from 1 to 12, got 0": the English a refused value reads, made
    of catalog sentences (:func:`ovnilab.refusals.translate_check` says it translated)."""
    return N_("must be {what}, got {value}").format(what=_describe(base, meta), value=short_repr(v))


def _describe(base: str, meta: Mapping[str, Any]) -> str:
    if base in ("int", "float"):
        lo, hi = meta.get("min"), meta.get("max")
        whole = base == "int"
        if lo is not None and hi is not None:
            return (N_("an integer from {lo} to {hi}") if whole else N_("a number from {lo} to {hi}")).format(lo=lo, hi=hi)
        if lo is not None:
            return (N_("an integer >= {lo}") if whole else N_("a number >= {lo}")).format(lo=lo)
        if hi is not None:
            return (N_("an integer <= {hi}") if whole else N_("a number <= {hi}")).format(hi=hi)
        return N_("an integer") if whole else N_("a number")
    if base == "str":
        if "choices" in meta:
            return N_("one of {choices}").format(choices=list(meta["choices"]))
        return N_("a file name or a path") if "folder" in meta else N_("a non-empty text")
    return N_("a tuple of names") if base.startswith("tuple") else base


def check_rules(rules: Any, more: Callable[[Any, dict[str, str]], None] | None = None) -> None:
    """Validate a rules dataclass when it is built (call from ``__post_init__``): each
    field's type from its annotation (no int for a bool, no float for an int, no None
    unless optional, no NaN) and its documented range from :func:`rule_option`.
    ``more(rules, errors)`` adds checks across fields (it sees which fields already
    failed). Raises one :class:`RulesError` listing every bad field."""
    errors: dict[str, str] = {}
    for f in dataclasses.fields(rules):
        msg = _check_field(f, getattr(rules, f.name))
        if msg is not None:
            errors[f.name] = msg
    if more is not None:
        more(rules, errors)
    if errors:
        raise RulesError(errors, type(rules).__name__)


def describe_rules(cls: type) -> str:
    """Every option of a game's ``Rules``, a line each: its name, default, what values it
    takes and what it means (each game's ``Rules.describe()``: a designer's list of the
    knobs before a what-if)."""
    lines = []
    for f in dataclasses.fields(cls):
        meta = f.metadata or {}
        base, optional = _kind(f.type)
        takes = _describe(base, meta) + (" or None (the default data)" if optional else "")
        lines.append(f"{f.name} = {f.default!r}: {meta.get('doc', '')} [{takes}]")
    return "\n".join(lines)


def warn_inert(rules: Any, inert: Mapping[str, tuple[str, Any, str]]) -> None:
    """Warn when an option is set away from its default while another option makes it
    change nothing (``inert``: option -> (other option, its value that does so, why)), so a
    designer does not compare two variants that are the same game. The value may be a
    test instead, ``(other's value, this option's value) -> bool``, for a bound that
    another option sets (Ovni: no launch above the platform's capacity)."""
    for name, (other, value, why) in inert.items():
        default = next(f.default for f in dataclasses.fields(rules) if f.name == name)
        mine, theirs = getattr(rules, name), getattr(rules, other)
        hit = value(theirs, mine) if callable(value) else theirs == value
        if mine != default and hit:
            warnings.warn(N_("{rules}({name}={value}) changes nothing while {other}={theirs}: {why}").format(
                rules=type(rules).__name__, name=name, value=repr(mine), other=other, theirs=repr(theirs), why=why),
                RuleOptionWarning, stacklevel=4)


class RuleSet:
    """The base of each game's ``Rules`` dataclass: the checks every option set runs when
    it is built and the designer's list of its options, in one place for the three games.
    A game names its checks across fields (``_across(rules, errors)``) and its options that
    another can make change nothing (``_inert``, see :func:`warn_inert`)."""

    _across: ClassVar[Callable[[Any, dict[str, str]], None] | None] = None
    _inert: ClassVar[Mapping[str, tuple[str, Any, str]]] = {}

    def __post_init__(self) -> None:
        # one check for every option: types and the documented ranges (a data file must
        # exist now, not at the first deal, so the error names the option)
        check_rules(self, type(self)._across)
        warn_inert(self, type(self)._inert)

    @classmethod
    def describe(cls) -> str:
        """Every option, a line each: name, default, values, meaning."""
        return describe_rules(cls)

    @classmethod
    def given(cls, rules: Any) -> Any:
        """``rules`` as a game's set-up takes it: the rulebook's defaults for None, a
        :class:`TypeError` naming the class for anything but this game's rules."""
        if rules is None:
            return cls()
        if not isinstance(rules, cls):
            game = cls.__module__.split(".")[1] if cls.__module__.startswith("ovnilab.") else cls.__module__
            raise TypeError(f"rules must be {'an' if game[0] in 'aeiou' else 'a'} {game}.Rules, "
                            f"not {type(rules).__name__}")
        return rules


class RuleOptionWarning(UserWarning):
    """A rule option that changes nothing in the rules it is combined with."""


# two helpers of the foundation's, importable from ovnilab.core; no module uses them today
def sorted_unique(items: Iterable[Hashable]) -> list[Hashable]:
    """Stable de-duplication keeping first occurrences."""
    seen: set[Hashable] = set()
    out = []
    for x in items:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def check_choice(value: Any, allowed: Sequence[Any], name: str) -> Any:
    """Validate an option value against its allowed set with a clear message."""
    if value not in allowed:
        raise ValueError(f"{name} must be one of {list(allowed)}, got {value!r}")
    return value

