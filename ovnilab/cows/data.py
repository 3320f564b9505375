"""Load and validate the cow game's cards from ``data/cows/cards.toml``.

The cards are data, not code: each side ("face") has a base value, optional symbols (a Sun
or a Moon, cows, calves) and up to :data:`MAX_EFFECTS` effects taken from a small
vocabulary (:data:`EFFECT_TYPES`). The engine interprets the vocabulary, so a user can edit
a card in a copy of the file and play the changed game with
``cows.Rules(cards_file="path/to/my_cards.toml")``; a bare file name is looked up in
``data/cows/`` first (:func:`resolve_cards_file`), so saves that name a file kept there
load on any machine.

Faces are declared once and cards name their two faces, so one face may be printed on
several cards (the ovnilab set prints each face on exactly two cards with different
backs, which makes the hidden side of a card a real unknown: see the design note in the
file). Everything is validated on load and an error names the bad field
(``face[3].effects[0].points must be an integer``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..datafiles import data_dir as _data_dir
from ..datafiles import resolve_data_file
from .. import datacheck as chk

__all__ = [
    "DataError",
    "Effect",
    "Face",
    "Cards",
    "EFFECT_TYPES",
    "EFFECT_KINDS",
    "SYMBOLS",
    "load_cards",
    "resolve_cards_file",
    "data_dir",
]

#: symbols a face can show; "card" (every card counts 1) is allowed as an effect filter
SYMBOLS: tuple[str, ...] = ("sun", "moon", "cow", "calf")
SUN, MOON, COW, CALF, CARD = 0, 1, 2, 3, 4
_SYMBOL_INDEX = {"sun": SUN, "moon": MOON, "cow": COW, "calf": CALF, "card": CARD}
#: plural names for effect texts
_PLURAL = ("Suns", "Moons", "cows", "calves", "cards")
_SINGULAR = ("Sun", "Moon", "cow", "calf", "card")

#: ovnilab's limit, not the rulebook's (it lists the kinds of effects and sets no number):
#: three effects keep a side readable when printed and drawn
MAX_EFFECTS = 3
MIN_CARDS = 12  # enough for both pyramids (6 each)
#: documented bounds that keep a card set small (the shipped set: 18 cards, 18 faces)
MAX_CARDS = 100
MAX_FACES = 200
MAX_POINTS = 99  # a face's value and an effect's points lie in -99..99

# type -> (kind, {param: (validator name, required, default)})
#   kinds are the rulebook's families: immediate, adjacency, end (of game)
EFFECT_TYPES: dict[str, tuple[str, dict[str, tuple[str, bool, Any]]]] = {
    # immediate: on placing, or when flipped to this side in a pyramid
    "flip": ("immediate", {"target": ("target", True, None), "symbol": ("symbol", False, None),
                           "optional": ("bool", False, True)}),
    "peek": ("immediate", {}),
    # adjacency: points per symbol on the neighbouring cards of the pyramid
    "adjacent": ("adjacency", {"points": ("int", True, None), "symbol": ("symbol_or_card", False, "card")}),
    # end of game: applied in the final count
    "count": ("end", {"points": ("int", True, None), "symbol": ("symbol_or_card", True, None),
                      "whose": ("whose", False, "own")}),
    "majority": ("end", {"points": ("int", True, None), "symbol": ("symbol_or_card", True, None)}),
    "herd": ("end", {"points": ("int", True, None)}),
    "balance": ("end", {"points": ("int", True, None)}),
    "hand": ("end", {"points": ("int", True, None)}),
    "row": ("end", {"points": ("int", True, None), "row": ("row", True, None)}),
}
#: the three timing families of the rulebook's effect list
EFFECT_KINDS: tuple[str, ...] = ("immediate", "adjacency", "end")

class DataError(ValueError):
    """A cards file that does not describe a valid card set; the message names the field."""


class Effect(NamedTuple):
    """One effect printed on a face, with its parameters filled in (defaults applied).

    ``symbol`` is an index (:data:`SUN` ... :data:`CARD`) or -1 for "no filter".
    """

    type: str
    kind: str  # "immediate", "adjacency" or "end"
    points: int = 0
    symbol: int = -1
    target: str = ""  # flip: "own", "opponent", "any"
    whose: str = "own"  # count: "own", "opponent"
    row: int = 0  # row: 1..3
    optional: bool = True  # flip: the owner may decline

    def text(self) -> str:
        """The effect in a few words, as printed on the card (and drawn by ``render``)."""
        t = self.type
        pts = f"{self.points:+d}"
        sym = _SINGULAR[self.symbol] if self.symbol >= 0 else "card"
        syms = _PLURAL[self.symbol] if self.symbol >= 0 else "cards"
        if t == "flip":
            where = {"own": "your", "opponent": "opponent's", "any": "any"}[self.target]
            what = f"a {sym} card" if self.symbol >= 0 else "a card"
            return f"Flip {what} in {where} pyramid" + ("" if self.optional else " (must)")
        if t == "peek":
            return "Look at the backs of your hand"
        if t == "adjacent":
            return f"{pts} per adjacent {sym}"
        if t == "count":
            whose = "your" if self.whose == "own" else "opponent's"
            return f"{pts} per {sym} in {whose} pyramid"
        if t == "majority":
            return f"{pts} if you have more {syms}"
        if t == "herd":
            return f"{pts} per cow+calf pair"
        if t == "balance":
            return f"{pts} if Suns = Moons (1+)"
        if t == "hand":
            return f"{pts} per card left in hand"
        if t == "row":
            return f"{pts} if in row {self.row}"
        return t  # pragma: no cover - validated on load


@dataclass(frozen=True)
class Face:
    """One printed side of a card."""

    name: str
    value: int
    sky: str  # "sun", "moon" or ""
    cows: int
    calves: int
    effects: tuple[Effect, ...]
    note: str = ""

    @functools.cached_property
    def symbols(self) -> tuple[int, int, int, int, int]:
        """Counts of (Sun, Moon, cows, calves, cards=1) shown on this face (computed once:
        the greedy bot's scoring reads it millions of times)."""
        return (int(self.sky == "sun"), int(self.sky == "moon"), self.cows, self.calves, 1)

    def immediate(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.kind == "immediate")

    def text(self) -> list[str]:
        """The effects as short lines (for boards and logs)."""
        return [e.text() for e in self.effects]


@dataclass(frozen=True)
class Cards:
    """A whole card set: faces, the cards (pairs of face indices), the Celeiro card."""

    faces: tuple[Face, ...]
    cards: tuple[tuple[int, int], ...]  # card -> (face index of side A, side B)
    celeiro: tuple[tuple[str, ...], tuple[str, ...]]  # labels of the areas: 1-area face, 2-area face
    path: str = ""

    @property
    def num_cards(self) -> int:
        return len(self.cards)

    def face_index(self, name: str) -> int:
        for i, f in enumerate(self.faces):
            if f.name == name:
                return i
        raise KeyError(name)

    def card_name(self, card: int) -> str:
        """The card named by its two faces, ``"Mimosa / Bezerrinho"`` (side A / side B):
        unique per card, since no two cards print the same pair."""
        a, b = self.cards[card]
        return f"{self.faces[a].name} / {self.faces[b].name}"

    def side(self, card: int, up: int) -> Face:
        """The face of ``card`` showing when side ``up`` (0 = A, 1 = B) is up."""
        return self.faces[self.cards[card][up]]

    def area_labels(self, areas: int) -> tuple[str, ...]:
        """Names of the discard areas on the Celeiro face for ``areas`` (1 or 2)."""
        return self.celeiro[areas - 1]


def data_dir() -> Path:
    """The folder holding the game files (``data/`` of the repository or the wheel)."""
    return _data_dir("cows/cards.toml")


def _check_param(kind: str, value: Any, where: str) -> Any:
    if kind == "int":
        return chk.integer(value, where, DataError, -MAX_POINTS, MAX_POINTS)
    if kind == "bool":
        if not isinstance(value, bool):
            raise DataError(f"{where} must be true or false, got {chk.show(value)}")
        return value
    if kind == "symbol":
        if value not in SYMBOLS:
            raise DataError(f"{where} must be one of {list(SYMBOLS)}, got {chk.show(value)}")
        return _SYMBOL_INDEX[value]
    if kind == "symbol_or_card":
        if not isinstance(value, str) or value not in _SYMBOL_INDEX:
            raise DataError(f"{where} must be one of {list(SYMBOLS) + ['card']}, got {chk.show(value)}")
        return _SYMBOL_INDEX[value]
    if kind == "target":
        if value not in ("own", "opponent", "any"):
            raise DataError(f"{where} must be 'own', 'opponent' or 'any', got {chk.show(value)}")
        return value
    if kind == "whose":
        if value not in ("own", "opponent"):
            raise DataError(f"{where} must be 'own' or 'opponent', got {chk.show(value)}")
        return value
    if kind == "row":
        if value not in (1, 2, 3) or isinstance(value, bool):
            raise DataError(f"{where} must be 1, 2 or 3, got {chk.show(value)}")
        return value
    raise AssertionError(kind)  # pragma: no cover


def parse_effect(raw: Any, where: str) -> Effect:
    """Validate one effect table (``{type = "adjacent", points = 1, symbol = "calf"}``)."""
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be a table like {{type = \"count\", points = 1, symbol = \"moon\"}}")
    etype = raw.get("type")
    if not isinstance(etype, str) or etype not in EFFECT_TYPES:
        raise DataError(f"{where}.type must be one of {list(EFFECT_TYPES)}, got {chk.show(etype)}")
    kind, params = EFFECT_TYPES[etype]
    for key in raw:
        if key != "type" and key not in params:
            raise DataError(f"{where}.{key} is not a parameter of a {etype!r} effect "
                            f"(its parameters: {sorted(params) or 'none'})")
    values: dict[str, Any] = {}
    for key, (check, required, default) in params.items():
        if key not in raw:
            if required:
                raise DataError(f"{where}.{key} is missing (a {etype!r} effect needs it)")
            if default is None:
                continue
            raw_value = default
        else:
            raw_value = raw[key]
        values[key] = _check_param(check, raw_value, f"{where}.{key}")
    return Effect(type=etype, kind=kind, **values)


def _load_toml(path: Path) -> dict[str, Any]:
    return chk.read_toml(path, DataError)


def _fold(text: str) -> str:
    import unicodedata

    t = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in t if not unicodedata.combining(c)).lower().split())


def parse_cards(d: dict[str, Any], source: str = "<cards>") -> Cards:
    """Validate a parsed cards document (the dict of a TOML file)."""

    def err(msg: str) -> DataError:
        return DataError(f"{source}: {msg}")

    raw_faces = d.get("face")
    if not isinstance(raw_faces, list) or not raw_faces or len(raw_faces) > MAX_FACES:
        raise err(f"'face' must be a list of 1 to {MAX_FACES} [[face]] tables")
    faces: list[Face] = []
    seen_names: dict[str, int] = {}
    for i, f in enumerate(raw_faces):
        w = f"face[{i}]"
        if not isinstance(f, dict):
            raise err(f"{w} must be a table")
        allowed = {"name", "value", "sky", "cows", "calves", "effects", "note"}
        for key in f:
            if key not in allowed:
                raise err(f"{w}.{key} is not a face field (fields: {sorted(allowed)})")
        name = chk.name(f.get("name"), f"{source}: {w}.name", DataError)
        if _fold(name) in seen_names:
            raise err(f"{w}.name {name!r} is used twice (also face[{seen_names[_fold(name)]}])")
        seen_names[_fold(name)] = i
        value = chk.integer(f.get("value"), f"{source}: {w}.value", DataError, -MAX_POINTS, MAX_POINTS)
        sky = f.get("sky", "")
        if sky not in ("", "sun", "moon"):
            raise err(f"{w}.sky must be 'sun' or 'moon' (or absent), got {chk.show(sky)}")
        counts = []
        for key in ("cows", "calves"):
            v = f.get(key, 0)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
                raise err(f"{w}.{key} must be an integer 0-9, got {chk.show(v)}")
            counts.append(v)
        raw_fx = f.get("effects", [])
        if not isinstance(raw_fx, list):
            raise err(f"{w}.effects must be a list of effect tables")
        if len(raw_fx) > MAX_EFFECTS:
            raise err(f"{w}.effects has {len(raw_fx)} effects; a side carries at most {MAX_EFFECTS} "
                      "(an ovnilab limit: the rulebook sets none)")
        try:
            effects = tuple(parse_effect(e, f"{w}.effects[{k}]") for k, e in enumerate(raw_fx))
        except DataError as exc:
            raise err(str(exc)) from None
        note = chk.text(f.get("note", ""), f"{source}: {w}.note", DataError)
        faces.append(Face(name, value, sky, counts[0], counts[1], effects, note))

    raw_cards = d.get("card")
    if not isinstance(raw_cards, list):
        raise err("'card' must be a list of [[card]] tables")
    if not MIN_CARDS <= len(raw_cards) <= MAX_CARDS or len(raw_cards) % 2:
        raise err(f"'card' must list an even number (the deck is split in half) of {MIN_CARDS} to "
                  f"{MAX_CARDS} cards, got {len(raw_cards)}")
    cards: list[tuple[int, int]] = []
    for i, c in enumerate(raw_cards):
        w = f"card[{i}]"
        if not isinstance(c, dict):
            raise err(f"{w} must be a table")
        for key in c:
            if key not in ("sides", "note"):
                raise err(f"{w}.{key} is not a card field (fields: ['note', 'sides'])")
        sides = c.get("sides")
        if not (isinstance(sides, list) and len(sides) == 2 and all(isinstance(s, str) for s in sides)):
            raise err(f"{w}.sides must name two faces, like [\"Mimosa\", \"Raio Trator\"]")
        pair = []
        for k, s in enumerate(sides):
            if _fold(s) not in seen_names:
                raise err(f"{w}.sides[{k}]: {chk.show(s)} is not a face of the file")
            pair.append(seen_names[_fold(s)])
        cards.append((pair[0], pair[1]))

    cel = d.get("celeiro")
    if not isinstance(cel, dict):
        raise err("'celeiro' must be a table describing the Celeiro card")
    sides_c = cel.get("side")
    if not isinstance(sides_c, list) or len(sides_c) != 2:
        raise err("celeiro.side must list the card's two faces ([[celeiro.side]] twice)")
    celeiro: dict[int, tuple[str, ...]] = {}
    for i, s in enumerate(sides_c):
        w = f"celeiro.side[{i}]"
        areas = s.get("areas") if isinstance(s, dict) else None
        if areas not in (1, 2) or isinstance(areas, bool):
            raise err(f"{w}.areas must be 1 or 2, got {chk.show(areas)}")
        labels = s.get("labels")
        if not (isinstance(labels, list) and len(labels) == areas):
            raise err(f"{w}.labels must name its {areas} discard area(s)")
        celeiro[areas] = tuple(chk.name(x, f"{source}: {w}.labels[{k}]", DataError) for k, x in enumerate(labels))
    if sorted(celeiro) != [1, 2]:
        raise err("celeiro.side: one face is for 1 discard area, the other for 2")
    return Cards(faces=tuple(faces), cards=tuple(cards), celeiro=(celeiro[1], celeiro[2]), path=source)


def resolve_cards_file(path: str | None) -> Path:
    """Where a cards file is: ``None`` is the shipped set; a bare file name such as
    ``"cards.toml"`` is looked up in ``data/cows/`` first, so a saved game that names a
    file shipped there stays portable between machines (as Ovni's game files); anything
    else is a path (the paths policy of :mod:`ovnilab.datafiles`: only regular files).
    Raises :class:`DataError` naming ``Rules.cards_file`` when the file is in neither
    place."""
    try:
        return resolve_data_file(path, data_dir() / "cows", "cards.toml")
    except FileNotFoundError as exc:
        raise DataError(f"Rules.cards_file: {exc}") from None


def load_cards(path: str | None = None) -> Cards:
    """Read and validate a cards file (default: ``data/cows/cards.toml``); ``path`` is
    resolved by :func:`resolve_cards_file`. Each file is read once per session."""
    return _load_resolved(str(resolve_cards_file(path)))


@functools.lru_cache(maxsize=16)
def _load_resolved(path: str) -> Cards:
    return parse_cards(_load_toml(Path(path)), path)
