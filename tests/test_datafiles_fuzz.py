"""Fuzz the three games' data files (issue 11 #7): mutated copies of the shipped files.

Each shipped file is read, mutated (a key dropped or renamed, a value of the wrong type, a
huge or negative number, a hostile name or colour, a list emptied, doubled or given a
duplicate) and written back as TOML; other copies are damaged as files (not UTF-8, cut
short). For every mutant the game's loader must, in bounded time, either

* refuse it with the game's own ``DataError`` only (never AttributeError, KeyError,
  TypeError, MemoryError...), whose message names the file and a field of it, or
* accept it, and then a game built on it plays a short random playout in which the text
  of every legal action reads back through the public ``parse_action`` to an equal action,
  and then draws as well-formed SVG. A file that a rule option names (Ovni's board and
  cards, the cows' cards, the Cosmic deck) is played through that option, and the game
  saves and loads again (``load_json(trusted=True)``: the mutant is a path, not a bare name).

Seeds are fixed, so a failure reproduces; the whole module runs in well under 30 s.
"""

from __future__ import annotations

import copy
import math
import random
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import ovnilab
from ovnilab import cosmic, cows, ovni
from ovnilab.cosmic import data as cosmic_data
from ovnilab.cosmic import rules as cosmic_rules
from ovnilab.cows import data as cows_data
from ovnilab.cows import rules as cows_rules
from ovnilab.ovni import data as ovni_data
from ovnilab.ovni import rules as ovni_rules

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

MUTANTS = 90  # per file
PLAYOUTS = 6  # accepted mutants played per file
STEPS = 50  # actions per playout
LOAD_SECONDS = 2.0  # a load, accepted or refused, never takes longer

HOSTILE_NAMES = [
    "Rio -> Lima", "Rio  Lima", "Rio\nLima", "", " Rio", "Rio ", "Rio+Lima", "Rio: Lima",
    "Rio (hand 1)", "Rio, Lima", "<script>alert(1)</script>", 'a" onload="alert(1)', "R" * 300,
    "Rio swapping with Lima", "nobody", "the warp", "x" * 100_000, "Rio\tLima", "Rio\u200bLima",
    "Rio\x00", "-Rio", "Rio'", "12", "é", "Ré", "Saint-Étienne", "d'Oeste", "Área 51",
]
HOSTILE_COLOURS = [
    'red" onload="alert(1)', "url(#x)", "javascript:alert(1)", "#12", "#ggg", "#1234567", " red",
    "expression(alert(1))", "RED", "#ABC", "#a1b2c3", "purple", "nobody", "transparent", "",
]
WEIRD_VALUES: list[Any] = [
    "two", -1, 0, 1, 10**8, 2**63, -(2**70), 2.5, float("nan"), float("inf"), True, False,
    [], {}, [[1, 2]], {"a": 1}, ["x"], "",
]
HUGE_NUMBERS = [-1, 0, 10**8, 10**18, -(10**8), 999, 1000, 101, 13, 7, 2.0]


# ----------------------------------------------------------------------------- TOML out
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")


def _toml_str(s: str) -> str:
    out = []
    for c in s:
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def _toml_key(k: str) -> str:
    return k if _BARE_KEY.match(k) else _toml_str(k)


def to_toml(doc: dict[str, Any]) -> str:
    """A document as TOML: one ``key = inline value`` line per top-level key."""
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in doc.items())


def test_the_toml_writer_round_trips_the_shipped_files():
    for folder, names in (("ovni", ("board.toml", "cards.toml")), ("cows", ("cards.toml",)),
                          ("cosmic", cosmic_data.FILES)):
        for name in names:
            name = name if name.endswith(".toml") else f"{name}.toml"
            doc = tomllib.loads((ovni_data.data_dir() / folder / name).read_text(encoding="utf-8"))
            assert tomllib.loads(to_toml(doc)) == doc


# ----------------------------------------------------------------------------- mutations
def _nodes(doc: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (path, value) below ``doc`` (the root excluded)."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for k, v in items:
        yield path + (k,), v
        yield from _nodes(v, path + (k,))


def _keys(doc: Any) -> set[str]:
    return {str(p[-1]) for p, _ in _nodes(doc) if isinstance(p[-1], str)}


def _parent(doc: Any, path: tuple) -> Any:
    for k in path[:-1]:
        doc = doc[k]
    return doc


def _hostile_name(rng: random.Random, old: str) -> str:
    choice = rng.randrange(4)
    if choice == 0:
        return rng.choice(HOSTILE_NAMES)
    if choice == 1:
        return old + rng.choice([" -> X", "  X", "\n", " ", "+X", ": X", " (hand 2)", " swapping with X", ">"])
    if choice == 2 and " " in old:
        return old.replace(" ", "  ", 1)
    return rng.choice([old.upper(), old.lower(), " " + old, old[:1], old * 3])


def mutate(doc: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A mutated deep copy of ``doc`` and a word saying what was done."""
    d = copy.deepcopy(doc)
    nodes = list(_nodes(d))
    kind = rng.choice(["drop", "rename", "retype", "name", "colour", "number", "list", "list", "name"])
    if kind == "name":
        strings = [(p, v) for p, v in nodes if isinstance(v, str)]
        p, v = rng.choice(strings)
        _parent(d, p)[p[-1]] = _hostile_name(rng, v)
    elif kind == "colour":
        colours = [(p, v) for p, v in nodes if isinstance(v, str) and any("colour" in str(k) for k in p)]
        p, _ = rng.choice(colours or [(p, v) for p, v in nodes if isinstance(v, str)])
        _parent(d, p)[p[-1]] = rng.choice(HOSTILE_COLOURS)
    elif kind == "number":
        numbers = [(p, v) for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
        p, _ = rng.choice(numbers or nodes)  # a file without numbers: any value
        _parent(d, p)[p[-1]] = rng.choice(HUGE_NUMBERS)
    elif kind == "list":
        lists = [(p, v) for p, v in nodes if isinstance(v, list) and v]
        p, v = rng.choice(lists)
        how = rng.randrange(4)
        new = ([] if how == 0 else v * rng.choice([2, 3, 30]) if how == 1 else v[: rng.randrange(len(v))]
               if how == 2 else v + [copy.deepcopy(rng.choice(v))])
        _parent(d, p)[p[-1]] = new
    else:
        p, _ = rng.choice(nodes)
        parent = _parent(d, p)
        if kind == "drop" or (kind == "rename" and not isinstance(p[-1], str)):
            del parent[p[-1]]
        elif kind == "rename":
            parent[p[-1] + "_x"] = parent.pop(p[-1])
        else:
            parent[p[-1]] = copy.deepcopy(rng.choice(WEIRD_VALUES))
    return d, kind


def damaged_bytes(text: str, rng: random.Random) -> bytes:
    """The file's text damaged as a file: not UTF-8, or cut short."""
    raw = text.encode("utf-8")
    how = rng.randrange(3)
    if how == 0:
        i = raw.index(b'"', rng.randrange(len(raw) // 2)) + 1
        return raw[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xe9", b"\xed\xa0\x80"]) + raw[i:]
    if how == 1:
        return text.encode("latin-1", errors="replace") + "\nsão = 1\n".encode("latin-1")
    return raw[: rng.randrange(1, len(raw))]


# ----------------------------------------------------------------------------- the games
def _playout(state: Any, rng: random.Random) -> None:
    """Random actions; every legal action's text reads back to an equal action."""
    for _ in range(STEPS):
        if state.is_over():
            return
        legal = state.legal_actions()
        assert legal, "a game that is not over offers actions"
        for a in legal:
            text = str(a)
            assert state.parse_action(text) == a, text
        state.apply(rng.choice(legal))


def _ovni_game(monkeypatch: pytest.MonkeyPatch, board: Any = None, cards: Any = None, seed: int = 0) -> Any:
    # State.__init__ reads the files through rules/state.py's loaders (the package re-exports them)
    if board is not None:
        monkeypatch.setattr(ovni_rules.state, "load_board", lambda path=None: board)
    if cards is not None:
        monkeypatch.setattr(ovni_rules.state, "load_cards", lambda path=None: cards)
    return ovni.new_game(2 + seed % 3, seed=seed)


def _cows_game(monkeypatch: pytest.MonkeyPatch, cards: Any, seed: int = 0) -> Any:
    monkeypatch.setattr(cows_rules.state, "load_cards", lambda path=None: cards)
    return cows.new_game(seed=seed, discard_areas=1 + seed % 2)


def _cosmic_game(monkeypatch: pytest.MonkeyPatch, data: Any, seed: int = 0) -> Any:
    # State.__init__ reads the data through rules/state.py's load_data (the package re-exports it)
    monkeypatch.setattr(cosmic_rules.state, "load_data", lambda deck_file=None, folder=None: data)
    return cosmic.new_game(3 + seed % 3, seed=seed)


def _by_option(make: Callable[..., Any], rules_cls: type, field: str) -> Callable[[Path, int], Any]:
    """A game whose rule option ``field`` names the mutant's path."""
    return lambda path, seed: make(rules_cls(**{field: str(path)}), seed)


#: a new game per game module, from rules and a seed (the number of players varies)
_NEW = {
    "ovni": lambda rules, seed: ovni.new_game(2 + seed % 3, seed=seed, rules=rules),
    "cows": lambda rules, seed: cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=rules),
    "cosmic": lambda rules, seed: cosmic.new_game(3 + seed % 3, seed=seed, rules=rules),
}
#: the files a rule option names: played through that option, then saved and loaded again
BY_OPTION: dict[str, Callable[[Path, int], Any]] = {
    "ovni-board": _by_option(_NEW["ovni"], ovni.Rules, "board_file"),
    "ovni-cards": _by_option(_NEW["ovni"], ovni.Rules, "cards_file"),
    "cows-cards": _by_option(_NEW["cows"], cows.Rules, "cards_file"),
    "cosmic-deck": _by_option(_NEW["cosmic"], cosmic.Rules, "deck_file"),
}

#: (id, data folder, file, error class, load(path of the mutant) -> data, game(mp, data, seed))
CASES: list[tuple[str, str, str, type[ValueError], Callable[[Path], Any], Callable[..., Any]]] = [
    ("ovni-board", "ovni", "board.toml", ovni_data.DataError, lambda p: ovni_data.load_board(str(p)),
     lambda mp, b, seed: _ovni_game(mp, board=b, seed=seed)),
    ("ovni-cards", "ovni", "cards.toml", ovni_data.DataError, lambda p: ovni_data.load_cards(str(p)),
     lambda mp, c, seed: _ovni_game(mp, cards=c, seed=seed)),
    ("cows-cards", "cows", "cards.toml", cows_data.DataError, lambda p: cows_data.load_cards(str(p)),
     _cows_game),
] + [
    (f"cosmic-{k}", "cosmic", f"{k}.toml", cosmic_data.DataError,
     lambda p: cosmic_data.load_data(folder=str(p.parent)), _cosmic_game)
    for k in cosmic_data.FILES
]


def _place(tmp: Path, folder: str, name: str, i: int) -> Path:
    """A fresh folder for mutant ``i`` holding the game's other shipped files, and the
    path the mutant goes to (a fresh path: loaders cache by path)."""
    where = tmp / f"m{i}"
    where.mkdir()
    if folder == "cosmic":
        for other in cosmic_data.FILES:
            shutil.copy(cosmic_data.data_dir() / "cosmic" / f"{other}.toml", where)
    return where / name


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_mutated_data_files(case, tmp_path, monkeypatch):
    cid, folder, name, error, load, game = case
    shipped = (ovni_data.data_dir() / folder / name).read_text(encoding="utf-8")
    doc = tomllib.loads(shipped)
    fields = _keys(doc) | {"TOML", "UTF-8"}
    rng = random.Random(cid)
    accepted: list[Any] = []
    refused = 0
    for i in range(MUTANTS):
        path = _place(tmp_path, folder, name, i)
        if i % 10 == 9:
            path.write_bytes(damaged_bytes(shipped, rng))
            what = "damaged file"
        else:
            mutant, what = mutate(doc, rng)
            path.write_text(to_toml(mutant), encoding="utf-8")
        start = time.perf_counter()
        try:
            data = load(path)
        except error as exc:
            msg = str(exc)
            assert type(exc) is error, f"{cid} #{i} ({what}): {type(exc).__name__}: {msg}"
            # the file by its path (or, when another file of the set refers to a name
            # the mutant lost, by its name: "flare[3].alien 'Clone' is not an alien of aliens.toml")
            assert path.name in msg, f"{cid} #{i} ({what}): the message does not name the file: {msg}"
            assert any(f in msg for f in fields), f"{cid} #{i} ({what}): no field named: {msg}"
            assert len(msg) < 2000, f"{cid} #{i} ({what}): a message of {len(msg)} characters"
            refused += 1
        else:
            accepted.append((i, what, data, path))
        assert time.perf_counter() - start < LOAD_SECONDS, f"{cid} #{i} ({what}) took too long"
    assert refused >= MUTANTS // 3, f"{cid}: only {refused} of {MUTANTS} mutants refused"
    # play accepted mutants of as many kinds as possible (hostile names first: they are
    # what action texts carry)
    by_kind: dict[str, list[tuple[int, str, Any, Path]]] = {}
    for entry in accepted:
        by_kind.setdefault(entry[1], []).append(entry)
    kinds = sorted(by_kind, key=lambda k: (k != "name", k))
    chosen = [e for round_ in range(PLAYOUTS) for k in kinds for e in by_kind[k][round_:round_ + 1]][:PLAYOUTS]
    for i, what, data, path in chosen:
        if cid in BY_OPTION:
            state = BY_OPTION[cid](path, i)
            _playout(state, random.Random(i))
            again = ovnilab.load_json(state.to_json(), trusted=True)
            assert again == state and again.legal_actions() == state.legal_actions(), f"{cid} #{i} ({what})"
        else:
            with monkeypatch.context() as mp:
                state = game(mp, data, i)
                _playout(state, random.Random(i))
        # and the board draws as well-formed SVG (names and colours reach it checked)
        ElementTree.fromstring(state._repr_svg_())


def test_hostile_names_and_colours_never_load():
    """The issue's examples, one by one: each is refused by the loader that reads it."""
    board = tomllib.loads((ovni_data.data_dir() / "ovni" / "board.toml").read_text(encoding="utf-8"))
    for bad in ("Rio -> Lima", "Rio  Lima", "Rio\nLima", "", " Rio", "Rio ", "Rio+Lima"):
        d = copy.deepcopy(board)
        d["city"][0]["name"] = bad
        with pytest.raises(ovni_data.DataError, match=r"x\.toml: city\[0\]\.name"):
            ovni_data.parse_board(d, "x.toml")
    cards = tomllib.loads((ovni_data.data_dir() / "ovni" / "cards.toml").read_text(encoding="utf-8"))
    for field, bad in (("colour", 'red" onload="alert(1)'), ("name", "A<b>"), ("colour", "url(#x)")):
        d = copy.deepcopy(cards)
        d["human"][0][field] = bad
        with pytest.raises(ovni_data.DataError, match=rf"x\.toml: human\[0\]\.{field}"):
            ovni_data.parse_cards(d, "x.toml")
    d = copy.deepcopy(cards)
    d["mission"][0]["id"] = -3
    with pytest.raises(ovni_data.DataError, match=r"x\.toml: mission\[0\]\.id"):
        ovni_data.parse_cards(d, "x.toml")
    docs = {k: tomllib.loads((cosmic_data.data_dir() / "cosmic" / f"{k}.toml").read_text(encoding="utf-8"))
            for k in cosmic_data.FILES}
    big = copy.deepcopy(docs)
    big["deck"]["negotiate"] = 10**8
    start = time.perf_counter()
    with pytest.raises(cosmic_data.DataError, match=r"<deck\.toml>: negotiate"):
        cosmic_data.parse_data(big)
    assert time.perf_counter() - start < 0.5
