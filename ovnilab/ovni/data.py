"""Load and validate Ovni's game content from ``data/ovni/`` (board, cards).

The files are readable TOML that say what comes from the rulebook and what is an ovnilab
reconstruction. Users swap them through ``Rules(board_file=..., cards_file=...)``.
Everything here is validated on load so that a hand-edited file fails with a message
naming the field, never deep inside a game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from ..datafiles import data_dir as _data_dir
from ..datafiles import load_toml as _load_toml

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
    a shipped file stay portable); anything else is a path."""
    if not path:
        return data_dir() / "ovni" / default
    p = Path(path)
    shipped = data_dir() / "ovni" / p
    if not p.is_absolute() and len(p.parts) == 1 and shipped.is_file():
        return shipped
    if not p.is_file():
        raise FileNotFoundError(f"game file {path!r} not found (nor in {data_dir() / 'ovni'})")
    return p


@functools.lru_cache(maxsize=16)
def load_board(path: str | None = None) -> Board:
    """Read and validate a board file (default: ``data/ovni/board.toml``)."""
    p = _resolve(path, "board.toml")
    d = _load_toml(p)
    cities = d.get("city")
    if not isinstance(cities, list) or len(cities) != 12:
        raise DataError(f"{p}: 'city' must list exactly 12 cities")
    by_num: dict[int, dict[str, Any]] = {}
    for i, c in enumerate(cities):
        for key, kind in (("number", int), ("name", str), ("x", (int, float)), ("y", (int, float))):
            if not isinstance(c.get(key), kind):
                raise DataError(f"{p}: city[{i}].{key} is missing or has the wrong type")
        if c["number"] in by_num:
            raise DataError(f"{p}: city[{i}].number {c['number']} is used twice")
        by_num[c["number"]] = c
    if sorted(by_num) != list(range(1, 13)):
        raise DataError(f"{p}: cities must be numbered 1 to 12")
    names = tuple(by_num[n]["name"] for n in range(1, 13))
    if len({_fold(n) for n in names}) != 12:
        raise DataError(f"{p}: city names must be distinct")
    raw_edges = d.get("edges")
    if not isinstance(raw_edges, list) or not raw_edges:
        raise DataError(f"{p}: 'edges' must be a list of [a, b] pairs")
    edges: set[tuple[int, int]] = set()
    for i, e in enumerate(raw_edges):
        if not (isinstance(e, list) and len(e) == 2 and all(isinstance(v, int) for v in e)):
            raise DataError(f"{p}: edges[{i}] must be a pair of city numbers")
        a, b = e
        if a == b or not (1 <= a <= 12 and 1 <= b <= 12):
            raise DataError(f"{p}: edges[{i}] = {e} does not join two different cities 1-12")
        edges.add((min(a, b), max(a, b)))
    g = nx.Graph()
    g.add_nodes_from(range(1, 13))
    g.add_edges_from(edges)
    if not nx.is_connected(g):
        raise DataError(f"{p}: the board graph must be connected")
    neigh = tuple(tuple(sorted(v - 1 for v in g.neighbors(n))) for n in range(1, 13))
    return Board(
        name=str(d.get("name", p.stem)),
        names=names,
        xy=tuple((float(by_num[n]["x"]), float(by_num[n]["y"])) for n in range(1, 13)),
        neighbours=neigh,
        edges=tuple(sorted(edges)),
    )


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


@functools.lru_cache(maxsize=16)
def load_cards(path: str | None = None) -> Cards:
    """Read and validate a cards file (default: ``data/ovni/cards.toml``)."""
    p = _resolve(path, "cards.toml")
    d = _load_toml(p)

    def err(msg: str) -> DataError:
        return DataError(f"{p}: {msg}")

    humans = d.get("human")
    if not isinstance(humans, list) or len(humans) != 6:
        raise err("'human' must list the 6 human categories")
    categories = tuple(str(h.get("name")) for h in humans)
    if len(set(categories)) != 6:
        raise err("human category names must be distinct")
    cat_index = {c: i for i, c in enumerate(categories)}
    planets = d.get("planet")
    if not isinstance(planets, list) or len(planets) != 4:
        raise err("'planet' must list the 4 planets")
    dists = [pl.get("distance") for pl in planets]
    if not all(isinstance(x, int) for x in dists) or len(set(dists)) != 4:
        raise err("planet distances must be four different integers (they break ties)")

    type_index = {t: i for i, t in enumerate(ALIEN_TYPES)}

    def alien(v: Any, where: str) -> int:
        if v not in type_index:
            raise err(f"{where}: {v!r} is not an alien type {list(ALIEN_TYPES)}")
        return type_index[v]

    def category(v: Any, where: str) -> int:
        if v not in cat_index:
            raise err(f"{where}: {v!r} is not a human category {list(categories)}")
        return cat_index[v]

    raw_cards = d.get("alien_cards")
    if not isinstance(raw_cards, list) or len(raw_cards) < 4:
        raise err("'alien_cards' must list at least 4 cards of three aliens each")
    alien_cards = []
    for i, c in enumerate(raw_cards):
        if not isinstance(c, list) or len(c) != 3:
            raise err(f"alien_cards[{i}] must show exactly three aliens")
        alien_cards.append(tuple(sorted(alien(v, f"alien_cards[{i}]") for v in c)))
    abilities = d.get("abilities")
    if not isinstance(abilities, list) or len(abilities) < 8:
        raise err("'abilities' must list at least 8 cards (two per player)")
    for i, a in enumerate(abilities):
        if a not in ABILITY_KINDS:
            raise err(f"abilities[{i}]: {a!r} is not one of {list(ABILITY_KINDS)}")
    missions = []
    raw_m = d.get("mission")
    if not isinstance(raw_m, list) or len(raw_m) < 12:
        raise err("'mission' must list at least 12 cards (three per player)")
    seen_ids = set()
    for i, m in enumerate(raw_m):
        w = f"mission[{i}]"
        fam = m.get("family")
        if fam not in MISSION_FAMILIES:
            raise err(f"{w}.family must be one of {list(MISSION_FAMILIES)}")
        mid = m.get("id")
        if not isinstance(mid, int) or mid in seen_ids:
            raise err(f"{w}.id must be a unique integer")
        seen_ids.add(mid)
        try:
            if fam == "airspace":
                if m["parity"] not in ("odd", "even"):
                    raise err(f"{w}.parity must be 'odd' or 'even'")
                mi = Mission(mid, fam, parity=m["parity"], cities=int(m["cities"]),
                             category=category(m["category"], w), count=int(m["count"]))
            elif fam == "abduction":
                cats = tuple(category(c, w) for c in m["categories"])
                if len(cats) != 3 or len(set(cats)) != 3:
                    raise err(f"{w}.categories must name three different categories")
                mi = Mission(mid, fam, categories=cats, alien=alien(m["alien"], w),
                             count=int(m["count"]))
            elif fam == "capture":
                cap = tuple(sorted(alien(c, w) for c in m["captured"]))
                own = tuple(alien(c, w) for c in m["own"])
                if len(cap) != 3 or len(own) != 2:
                    raise err(f"{w}: 'captured' lists 3 types and 'own' 2")
                mi = Mission(mid, fam, captured=cap, own=own, count=int(m["count"]))
            else:
                mi = Mission(mid, fam, maps=int(m["maps"]), ufos=int(m["ufos"]))
        except KeyError as exc:
            raise err(f"{w} lacks the field {exc.args[0]!r}") from None
        missions.append(mi)
    return Cards(
        alien_cards=tuple(alien_cards),  # type: ignore[arg-type]
        abilities=tuple(abilities),
        missions=tuple(missions),
        categories=categories,
        category_colours=tuple(str(h.get("colour", "#888")) for h in humans),
        planets=tuple(str(pl["name"]) for pl in planets),
        planet_distance=tuple(int(x) for x in dists),
        planet_colours=tuple(str(pl.get("colour", "grey")) for pl in planets),
    )


def board_graph(path: str | None = None) -> nx.Graph:
    """The 12 cities as a networkx graph: nodes numbered 1-12 with attributes ``name``,
    ``x`` and ``y`` (drawing coordinates), read from ``data/ovni/board.toml``."""
    return load_board(path).graph()
