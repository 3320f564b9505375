"""Load and validate Ovni's game content from ``data/ovni/`` (board, cards).

The files are readable TOML that say what comes from the rulebook and what is an ovnilab
reconstruction. Users swap them through ``Rules(board_file=..., cards_file=...)``.
Everything here is validated on load so that a hand-edited (or received) file fails with
a :class:`DataError` naming the file and the field, never deep inside a game: names,
numbers, colours and texts follow the shared rules of :mod:`ovnilab.datacheck` (city
names must read back in ``move Rio -> Lima``, so no ``->``, ``+``, doubled spaces or the
phrase ``swapping with``), within the bounds named below (``CITY_COUNT``, ``COORD_MAX``,
``CARDS_MAX``, ``MISSION_ID_MAX``...). :func:`parse_board` and :func:`parse_cards` check a
parsed document; :func:`load_board` and :func:`load_cards` read a file first.
"""

from __future__ import annotations

import dataclasses
import functools
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from .. import datacheck as chk
from ..datafiles import data_dir as _data_dir
from ..datafiles import resolve_data_file as _resolve_data_file
from ..datafiles import untrusted_data_file

ALIEN_TYPES: tuple[str, ...] = ("pilot", "abductor", "builder", "military")
ABILITY_KINDS: tuple[str, ...] = (
    "starting_aliens",
    "free_mapping",
    "initial_ufo",
    "human_swap",
    "extra_moves",
    "force_field",
    "command_six",
)
MISSION_FAMILIES: tuple[str, ...] = ("airspace", "abduction", "capture", "mapping")


def data_dir() -> Path:
    """The folder holding the game files (``data/`` of the repository or the wheel)."""
    return _data_dir("ovni/board.toml")


class DataError(ValueError):
    """A game file that does not describe a valid Ovni component."""


@dataclass(frozen=True)
class Board:
    """The 12 cities: names, drawing coordinates and adjacency (index 0 = city 1)."""

    name: str
    names: tuple[str, ...]
    xy: tuple[tuple[float, float], ...]
    neighbours: tuple[tuple[int, ...], ...]  # by index, sorted
    edges: tuple[tuple[int, int], ...]  # city numbers, 1-based

    @property
    def size(self) -> int:
        return len(self.names)

    def graph(self) -> nx.Graph:
        """A fresh networkx graph: nodes 1-12 with ``name``, ``x``, ``y``."""
        g = nx.Graph(name=self.name)
        for i, n in enumerate(self.names):
            g.add_node(i + 1, name=n, x=self.xy[i][0], y=self.xy[i][1])
        g.add_edges_from(self.edges)
        return g


def _fold(text: str) -> str:
    import unicodedata

    t = unicodedata.normalize("NFKD", text)
    return "".join(c for c in t if not unicodedata.combining(c)).lower().strip()


def _resolve(path: str | None, default: str) -> Path:
    """A game file: ``None`` is the default file; a bare name such as
    ``"board_ring.toml"`` is looked up in ``data/ovni/`` first (so saved games that name
    a shipped file stay portable); anything else is a path (the paths policy of
    :mod:`ovnilab.datafiles`: only regular files)."""
    return _resolve_data_file(path, data_dir() / "ovni", default)


#: what a board file may hold (documented bounds: a board keeps 12 cities; coordinates
#: are drawing units, scaled to the map)
CITY_COUNT = 12
COORD_MAX = 10_000.0
EDGES_MAX = 200
#: phrases of the action texts that no city name may contain (``abduct in X swapping with Y``)
RESERVED_CITY_WORDS: tuple[str, ...] = ("swapping with",)


def parse_board(d: dict[str, Any], source: str = "<board>") -> Board:
    """Validate a parsed board document (the dict of a TOML file); errors name
    ``source`` and the field. City names must be names (``ovnilab.datacheck``) that no
    two share, accents and case aside, and contain no phrase of the action texts."""
    p = source
    cities = chk.array(d.get("city"), f"{p}: city", DataError, CITY_COUNT, CITY_COUNT)
    by_num: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(cities):
        w = f"{p}: city[{i}]"
        chk.table(c, w, DataError)
        num = chk.integer(c.get("number"), f"{w}.number", DataError, 1, CITY_COUNT)
        if num in by_num:
            raise DataError(f"{w}.number {num} is used twice")
        by_num[num] = {
            "name": chk.name(c.get("name"), f"{w}.name", DataError, RESERVED_CITY_WORDS),
            "x": chk.number(c.get("x"), f"{w}.x", DataError, -COORD_MAX, COORD_MAX),
            "y": chk.number(c.get("y"), f"{w}.y", DataError, -COORD_MAX, COORD_MAX),
        }
    names = tuple(by_num[n]["name"] for n in range(1, 13))
    chk.distinct(names, f"{p}: city names", DataError)
    raw_edges = chk.array(d.get("edges"), f"{p}: edges", DataError, 1, EDGES_MAX)
    edges: set[tuple[int, int]] = set()
    for i, e in enumerate(raw_edges):
        if not (isinstance(e, list) and len(e) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in e)):
            raise DataError(f"{p}: edges[{i}] must be a pair of city numbers, got {chk.show(e)}")
        a, b = e
        if a == b or not (1 <= a <= 12 and 1 <= b <= 12):
            raise DataError(f"{p}: edges[{i}] = {chk.show(e)} does not join two different cities 1-12")
        edges.add((min(a, b), max(a, b)))
    g = nx.Graph()
    g.add_nodes_from(range(1, 13))
    g.add_edges_from(edges)
    if not nx.is_connected(g):
        raise DataError(f"{p}: edges: the board graph must be connected")
    neigh = tuple(tuple(sorted(v - 1 for v in g.neighbors(n))) for n in range(1, 13))
    return Board(
        name=chk.text(d.get("name", Path(p).stem), f"{p}: name", DataError, chk.NAME_MAX * 3),
        names=names,
        xy=tuple((by_num[n]["x"], by_num[n]["y"]) for n in range(1, 13)),
        neighbours=neigh,
        edges=tuple(sorted(edges)),
    )


def _load(path: str | None, default: str, option: str, parse: Any) -> Any:
    """Read, validate and parse a data file (``default`` in ``data/ovni`` when ``path``
    is None); a missing file is a :class:`DataError` naming the rule option."""
    try:
        p = _resolve(path, default)
    except FileNotFoundError as exc:  # one error type for every bad file
        raise DataError(f"Rules.{option}: {exc}") from None
    return parse(chk.read_toml(p, DataError), str(p))


@functools.lru_cache(maxsize=16)
def load_board(path: str | None = None) -> Board:
    """Read and validate a board file (default: ``data/ovni/board.toml``); a bad file
    raises :class:`DataError` naming the file and the field."""
    return _load(path, "board.toml", "board_file", parse_board)


@dataclass(frozen=True)
class Mission:
    """One mission card; which fields matter depends on ``family``."""

    id: int
    family: str
    parity: str = ""  # airspace: "odd" / "even"
    cities: int = 0  # airspace: cities to control
    category: int = -1  # airspace: human category index
    count: int = 0  # airspace: humans; abduction/capture: aliens owned
    categories: tuple[int, ...] = ()  # abduction: one of each
    alien: int = -1  # abduction: type to own
    captured: tuple[int, ...] = ()  # capture: types to hold captured
    own: tuple[int, ...] = ()  # capture: types to own `count` of
    maps: int = 0  # mapping
    ufos: int = 0  # mapping

    def describe(self, categories: tuple[str, ...]) -> str:
        """The card's text, in a sentence."""
        t = ALIEN_TYPES
        plural = {"pilot": "pilots", "abductor": "abductors", "builder": "builders", "military": "military"}
        if self.family == "airspace":
            return (f"control {self.cities} {self.parity} cities and abduct "
                    f"{self.count} {categories[self.category]}")
        if self.family == "abduction":
            cats = ", ".join(categories[c] for c in self.categories)
            return f"abduct one each of {cats} and own {self.count} {plural[t[self.alien]]}"
        if self.family == "capture":
            cap = ", ".join(t[c] for c in self.captured)
            own = " and ".join(plural[t[c]] for c in self.own)
            return f"capture {cap} and own {self.count} {own} each"
        return f"map {self.maps} cities and have {self.ufos} UFOs on the board"


@dataclass(frozen=True)
class Cards:
    """Everything printed on cards, plus planets and human categories."""

    alien_cards: tuple[tuple[int, int, int], ...]  # type indices
    abilities: tuple[str, ...]
    missions: tuple[Mission, ...]
    categories: tuple[str, ...]
    category_colours: tuple[str, ...]
    planets: tuple[str, ...]
    planet_distance: tuple[int, ...]
    planet_colours: tuple[str, ...]
    #: what a changes file (``base = "cards.toml"`` and only the fields that differ)
    #: changed in its base, one line each ("mission 9: count 2 -> 1"); empty for a full file
    changes: tuple[str, ...] = ()


#: documented bounds of a cards file: enough cards for four players, few enough to keep a
#: game small; mission numbers are what ``keep missions 1+5+9`` shows
CARDS_MAX = 100
MISSION_ID_MAX = 999
MISSION_NUMBER_MAX = 99  # humans, aliens, maps or UFOs a mission asks for
PLANET_DISTANCE_MAX = 99


def parse_cards(d: dict[str, Any], source: str = "<cards>") -> Cards:
    """Validate a parsed cards document (the dict of a TOML file); errors name ``source``
    and the field. Names (categories, planets) follow ``ovnilab.datacheck``'s rule,
    colours are ``#rgb``/``#rrggbb`` or a colour word, numbers stay in the bounds above."""
    p = source

    def err(msg: str) -> DataError:
        return DataError(f"{p}: {msg}")

    humans = chk.array(d.get("human"), f"{p}: human", DataError, 6, 6)
    categories_l, category_colours = [], []
    for i, h in enumerate(humans):
        w = f"{p}: human[{i}]"
        chk.table(h, w, DataError)
        categories_l.append(chk.name(h.get("name"), f"{w}.name", DataError))
        category_colours.append(chk.colour(h.get("colour", "#888"), f"{w}.colour", DataError))
    categories = tuple(categories_l)
    chk.distinct(categories, f"{p}: human category names", DataError)
    cat_index = {c: i for i, c in enumerate(categories)}
    planets = chk.array(d.get("planet"), f"{p}: planet", DataError, 4, 4)
    planet_names, dists, planet_colours = [], [], []
    for i, pl in enumerate(planets):
        w = f"{p}: planet[{i}]"
        chk.table(pl, w, DataError)
        planet_names.append(chk.name(pl.get("name"), f"{w}.name", DataError))
        dists.append(chk.integer(pl.get("distance"), f"{w}.distance", DataError, 0, PLANET_DISTANCE_MAX))
        planet_colours.append(chk.colour(pl.get("colour", "grey"), f"{w}.colour", DataError))
    chk.distinct(planet_names, f"{p}: planet names", DataError)
    if len(set(dists)) != 4:
        raise err("planet distances must be four different integers (they break ties)")

    type_index = {t: i for i, t in enumerate(ALIEN_TYPES)}

    def alien(v: Any, where: str) -> int:
        if not isinstance(v, str) or v not in type_index:
            raise err(f"{where}: {chk.show(v)} is not an alien type {list(ALIEN_TYPES)}")
        return type_index[v]

    def aliens(v: Any, where: str, n: int) -> tuple[int, ...]:
        return tuple(alien(x, where) for x in chk.array(v, f"{p}: {where}", DataError, n, n))

    def category(v: Any, where: str) -> int:
        c = unicodedata.normalize("NFC", v) if isinstance(v, str) else None
        if c not in cat_index:
            raise err(f"{where}: {chk.show(v)} is not a human category {list(categories)}")
        return cat_index[c]

    def count(m: dict[str, Any], key: str, w: str, lo: int = 0, hi: int = MISSION_NUMBER_MAX) -> int:
        return chk.integer(m.get(key), f"{p}: {w}.{key}", DataError, lo, hi)

    raw_cards = chk.array(d.get("alien_cards"), f"{p}: alien_cards", DataError, 4, CARDS_MAX)
    alien_cards = tuple(tuple(sorted(aliens(c, f"alien_cards[{i}]", 3))) for i, c in enumerate(raw_cards))
    abilities = chk.array(d.get("abilities"), f"{p}: abilities (two per player)", DataError, 8, CARDS_MAX)
    for i, a in enumerate(abilities):
        if a not in ABILITY_KINDS:
            raise err(f"abilities[{i}]: {chk.show(a)} is not one of {list(ABILITY_KINDS)}")
    missions = []
    raw_m = chk.array(d.get("mission"), f"{p}: mission (three per player)", DataError, 12, CARDS_MAX)
    seen_ids: set[int] = set()
    for i, m in enumerate(raw_m):
        w = f"mission[{i}]"
        chk.table(m, f"{p}: {w}", DataError)
        fam = m.get("family")
        if fam not in MISSION_FAMILIES:
            raise err(f"{w}.family must be one of {list(MISSION_FAMILIES)}, got {chk.show(fam)}")
        mid = count(m, "id", w, 1, MISSION_ID_MAX)
        if mid in seen_ids:
            raise err(f"{w}.id {mid} is used twice")
        seen_ids.add(mid)
        # the rulebook's four mission families, each with its own fields
        if fam == "airspace":
            if m.get("parity") not in ("odd", "even"):
                raise err(f"{w}.parity must be 'odd' or 'even', got {chk.show(m.get('parity'))}")
            mi = Mission(mid, fam, parity=m["parity"], cities=count(m, "cities", w, 1, CITY_COUNT // 2),
                         category=category(m.get("category"), f"{w}.category"), count=count(m, "count", w))
        elif fam == "abduction":
            cats = tuple(category(c, f"{w}.categories")
                         for c in chk.array(m.get("categories"), f"{p}: {w}.categories", DataError, 3, 3))
            if len(set(cats)) != 3:
                raise err(f"{w}.categories must name three different categories")
            mi = Mission(mid, fam, categories=cats, alien=alien(m.get("alien"), f"{w}.alien"),
                         count=count(m, "count", w))
        elif fam == "capture":
            cap = tuple(sorted(aliens(m.get("captured"), f"{w}.captured", 3)))
            own = aliens(m.get("own"), f"{w}.own", 2)
            mi = Mission(mid, fam, captured=cap, own=own, count=count(m, "count", w))
        else:
            mi = Mission(mid, fam, maps=count(m, "maps", w), ufos=count(m, "ufos", w))
        missions.append(mi)
    return Cards(
        alien_cards=alien_cards,  # type: ignore[arg-type]
        abilities=tuple(abilities),
        missions=tuple(missions),
        categories=categories,
        category_colours=tuple(category_colours),
        planets=tuple(planet_names),
        planet_distance=tuple(dists),
        planet_colours=tuple(planet_colours),
    )


def _changed(old: Any, new: Any) -> tuple[str, str]:
    """A value in a change line: short, as TOML would write it."""
    return chk.show(old, 60) if old is not None else "(none)", chk.show(new, 60)


def apply_card_changes(base: dict[str, Any], doc: dict[str, Any], source: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A cards document with the changes of ``doc`` applied to ``base``, and one line per
    change. Why: a designer who asks "what if mission 9 needed one capture?" should write
    that one field, not copy the whole cards file. ``doc``'s ``[[mission]]`` entries name
    a base mission by ``id`` and give only the fields that change; any other top-level
    key replaces the base's value whole (``abilities = [...]``). An id or a key the base
    lacks is a :class:`DataError` (a typo must not pass as "no change")."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in base.items()}
    lines: list[str] = []
    for key, value in doc.items():
        if key == "base":
            continue
        if key not in base:
            raise DataError(f"{source}: {chk.show(key)} is not a field of the base cards file "
                            f"(fields: {', '.join(sorted(base))})")
        if key != "mission":
            if value != base[key]:
                lines.append(f"{key}: replaced")
                out[key] = value
            continue
        missions = [dict(m) for m in out["mission"]]
        where = {m.get("id"): i for i, m in enumerate(missions)}
        for j, m in enumerate(chk.array(value, f"{source}: mission", DataError, 1, CARDS_MAX)):
            chk.table(m, f"{source}: mission[{j}]", DataError)
            mid = m.get("id")
            if mid not in where:
                raise DataError(f"{source}: mission[{j}].id {chk.show(mid)} is not a mission of the base "
                                f"(ids: {', '.join(str(k) for k in where)})")
            target = missions[where[mid]]
            for field, new in m.items():
                if field != "id" and target.get(field) != new:
                    was, now = _changed(target.get(field), new)
                    lines.append(f"mission {mid}: {field} {was} -> {now}")
                    target[field] = new
        out["mission"] = missions
    return out, tuple(lines)


def _parse_cards_file(d: dict[str, Any], source: str) -> Cards:
    """A full cards file, or a changes file: ``base = "cards.toml"`` (a bare file name,
    looked up beside the changes file, then in ``data/ovni``; never a path, so a received
    file cannot make ovnilab read elsewhere) and the fields that differ."""
    if "base" not in d:
        return parse_cards(d, source)
    name = d["base"]
    here = Path(source).parent
    try:
        try:
            base_path = untrusted_data_file(name, here)
        except FileNotFoundError:
            base_path = untrusted_data_file(name, data_dir() / "ovni")
    except FileNotFoundError as exc:
        raise DataError(f"{source}: base: {exc}") from None
    base = chk.read_toml(base_path, DataError)
    if "base" in base:
        raise DataError(f"{source}: base {chk.show(name)} is itself a changes file; name a full cards file")
    merged, lines = apply_card_changes(base, d, source)
    cards = parse_cards(merged, f"{source} (on {base_path.name})")
    return dataclasses.replace(cards, changes=lines)


@functools.lru_cache(maxsize=16)
def load_cards(path: str | None = None) -> Cards:
    """Read and validate a cards file (default: ``data/ovni/cards.toml``); a bad file
    raises :class:`DataError` naming the file and the field. A changes file (a ``base``
    and only what differs, :func:`apply_card_changes`) is applied to its base, and the
    cards say what changed in ``Cards.changes``."""
    return _load(path, "cards.toml", "cards_file", _parse_cards_file)


def board_graph(path: str | None = None) -> nx.Graph:
    """The 12 cities as a networkx graph: nodes numbered 1-12 with attributes ``name``,
    ``x`` and ``y`` (drawing coordinates), read from ``data/ovni/board.toml``."""
    return load_board(path).graph()
