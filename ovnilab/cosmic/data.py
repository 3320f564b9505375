"""Load and validate Cosmic Encounter's content from ``data/cosmic/``.

Five readable TOML files, each saying what comes from REFERENCE.md and what is an ovnilab
reconstruction: ``deck.toml`` (the 72-card cosmic deck), ``destiny.toml`` (colours and the
destiny deck), ``artifacts.toml`` (the eight artifacts' timings), ``aliens.toml`` (the
beginner aliens in brief) and ``flares.toml`` (their flares). Everything is validated on
load, so a hand-edited file fails with a message naming the file and the field instead of
failing deep inside a game.

Cards are ints. A *face* is what is printed on a card (``attack 08``, ``negotiate``,
``Card Zap``, ``Will flare``); several cards share a face. Card ids ``0..71`` are the cosmic
deck in file order, then one id per flare in ``flares.toml`` order; a game uses the deck
plus the flares it deals.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..datafiles import data_dir as _data_dir
from ..datafiles import load_toml

__all__ = [
    "KINDS",
    "TIMINGS",
    "ROLES",
    "DataError",
    "Face",
    "ArtifactInfo",
    "AlienInfo",
    "FlareInfo",
    "Special",
    "CosmicData",
    "load_data",
    "data_dir",
]

#: kinds of card faces
KINDS: tuple[str, ...] = ("attack", "negotiate", "morph", "reinforcement", "artifact", "flare")
ATTACK, NEGOTIATE, MORPH, REINFORCEMENT, ARTIFACT, FLARE = range(6)

#: the windows of an encounter where cards and powers are offered (in encounter order),
#: plus "response" (in reply to a card), "any" (every window) and "passive" (a power that
#: only changes a rule, never asked about)
TIMINGS: tuple[str, ...] = (
    "regroup", "destiny", "launch", "alliance", "alliance_end", "planning",
    "after_selection", "reveal", "resolution", "cleanup", "response", "any", "passive",
)

ROLES: tuple[str, ...] = ("offense", "defense", "main", "ally", "not_main", "any")
MEASURES: tuple[str, ...] = ("foreign_colonies", "cards_in_hand", "ships_in_warp")
ARTIFACT_NAMES: tuple[str, ...] = (
    "Card Zap", "Cosmic Zap", "Emotion Control", "Force Field", "Ionic Gas",
    "Mobius Tubes", "Plague", "Quash",
)


class DataError(ValueError):
    """A game file that does not describe valid Cosmic Encounter components."""


@dataclass(frozen=True)
class Face:
    """What is printed on a card. ``value``: attack or reinforcement value (else 0);
    ``alien``: the alien of a flare (else "")."""

    kind: int
    value: int
    name: str
    alien: str = ""

    @property
    def is_encounter(self) -> bool:
        """Attack, negotiate and morph are encounter cards (rulebook)."""
        return self.kind <= MORPH


@dataclass(frozen=True)
class ArtifactInfo:
    name: str
    timing: str
    who: str
    text: str
    note: str = ""


@dataclass(frozen=True)
class AlienInfo:
    name: str
    roles: tuple[str, ...]
    timing: str
    optional: bool
    summary: str


@dataclass(frozen=True)
class FlareInfo:
    alien: str
    wild: str
    super: str


@dataclass(frozen=True)
class Special:
    name: str
    measure: str
    pick: str  # "most" / "fewest"


@dataclass(frozen=True)
class CosmicData:
    """Every printed component the engine needs (see the module docstring)."""

    deck_name: str
    faces: tuple[Face, ...]
    face_index: dict  # face name -> index (read-only by convention)
    card_face: tuple[int, ...]  # card id -> face index
    deck_size: int  # cosmic deck cards (ids 0..deck_size-1)
    flare_card: dict  # alien -> card id of its flare
    colours: tuple[str, ...]
    destiny_per_colour: int
    destiny_wild: int
    specials: tuple[Special, ...]
    artifacts: dict  # name -> ArtifactInfo
    aliens: dict  # name -> AlienInfo (file order)
    flares: dict  # alien -> FlareInfo

    def __hash__(self) -> int:  # dicts inside: hash by identity (one object per file set)
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


def data_dir() -> Path:
    """The folder holding the game files: ``ovnilab/data`` inside an installed wheel,
    the repository's ``data/`` in a source checkout."""
    return _data_dir("cosmic/deck.toml")


def _load(path: Path) -> dict[str, Any]:
    return load_toml(path, DataError)


def _int(v: Any, where: str, lo: int = 0) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise DataError(f"{where} must be an integer >= {lo}, got {v!r}")
    return v


def _str(v: Any, where: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise DataError(f"{where} must be a non-empty string, got {v!r}")
    return v


def _list(v: Any, where: str) -> list:
    if not isinstance(v, list):
        raise DataError(f"{where} must be a list")
    return v


@functools.lru_cache(maxsize=8)
def load_data(deck_file: str | None = None, folder: str | None = None) -> CosmicData:
    """Read and validate the five files (default: ``data/cosmic/``); ``deck_file``
    replaces ``deck.toml`` alone (what-if decks)."""
    base = Path(folder) if folder else data_dir() / "cosmic"
    deck_path = Path(deck_file) if deck_file else base / "deck.toml"
    deck = _load(deck_path)
    dest_path = base / "destiny.toml"
    dest = _load(dest_path)
    art_path = base / "artifacts.toml"
    arts = _load(art_path)
    al_path = base / "aliens.toml"
    als = _load(al_path)
    fl_path = base / "flares.toml"
    fls = _load(fl_path)

    faces: list[Face] = []
    card_face: list[int] = []

    def add(face: Face, count: int) -> None:
        faces.append(face)
        card_face.extend([len(faces) - 1] * count)

    p = deck_path
    seen_values: set[int] = set()
    for i, e in enumerate(_list(deck.get("attack"), f"{p}: attack")):
        w = f"{p}: attack[{i}]"
        if not isinstance(e, dict):
            raise DataError(f"{w} must be a table with value and count")
        v = _int(e.get("value"), f"{w}.value")
        if v in seen_values:
            raise DataError(f"{w}.value {v} is listed twice")
        seen_values.add(v)
        add(Face(ATTACK, v, f"attack {v:02d}"), _int(e.get("count"), f"{w}.count", 1))
    add(Face(NEGOTIATE, 0, "negotiate"), _int(deck.get("negotiate"), f"{p}: negotiate", 1))
    add(Face(MORPH, 0, "morph"), _int(deck.get("morph", 0), f"{p}: morph"))
    seen_values = set()
    for i, e in enumerate(_list(deck.get("reinforcement", []), f"{p}: reinforcement")):
        w = f"{p}: reinforcement[{i}]"
        if not isinstance(e, dict):
            raise DataError(f"{w} must be a table with value and count")
        v = _int(e.get("value"), f"{w}.value", 1)
        if v in seen_values:
            raise DataError(f"{w}.value {v} is listed twice")
        seen_values.add(v)
        add(Face(REINFORCEMENT, v, f"reinforcement +{v}"), _int(e.get("count"), f"{w}.count", 1))

    # artifacts: effects and timings
    artifacts: dict[str, ArtifactInfo] = {}
    for i, a in enumerate(_list(arts.get("artifact"), f"{art_path}: artifact")):
        w = f"{art_path}: artifact[{i}]"
        name = _str(a.get("name"), f"{w}.name")
        if name not in ARTIFACT_NAMES:
            raise DataError(f"{w}.name {name!r} is not one of the eight artifacts {list(ARTIFACT_NAMES)}")
        timing = a.get("timing")
        if timing not in TIMINGS:
            raise DataError(f"{w}.timing must be one of {list(TIMINGS)}, got {timing!r}")
        who = a.get("who")
        if who not in ("offense", "any"):
            raise DataError(f"{w}.who must be 'offense' or 'any', got {who!r}")
        artifacts[name] = ArtifactInfo(name, timing, who, _str(a.get("text"), f"{w}.text"), str(a.get("note", "")))
    missing = set(ARTIFACT_NAMES) - set(artifacts)
    if missing:
        raise DataError(f"{art_path}: artifacts {sorted(missing)} are not described")
    for i, e in enumerate(_list(deck.get("artifact", []), f"{p}: artifact")):
        w = f"{p}: artifact[{i}]"
        name = e.get("name") if isinstance(e, dict) else None
        if name not in artifacts:
            raise DataError(f"{w}.name {name!r} is not an artifact of artifacts.toml")
        if any(f.name == name for f in faces):
            raise DataError(f"{w}.name {name!r} is listed twice")
        add(Face(ARTIFACT, 0, name), _int(e.get("count"), f"{w}.count", 1))
    deck_size = len(card_face)
    if sum(1 for c in card_face if faces[c].is_encounter) == 0:
        raise DataError(f"{p}: the deck needs encounter cards")

    # aliens (text) and flares
    aliens: dict[str, AlienInfo] = {}
    for i, a in enumerate(_list(als.get("alien"), f"{al_path}: alien")):
        w = f"{al_path}: alien[{i}]"
        name = _str(a.get("name"), f"{w}.name")
        if name in aliens:
            raise DataError(f"{w}.name {name!r} is listed twice")
        roles = a.get("roles")
        if not isinstance(roles, list) or not roles or any(r not in ROLES for r in roles):
            raise DataError(f"{w}.roles must be a non-empty list of {list(ROLES)}")
        timing = a.get("timing")
        if timing not in TIMINGS:
            raise DataError(f"{w}.timing must be one of {list(TIMINGS)}, got {timing!r}")
        if not isinstance(a.get("optional"), bool):
            raise DataError(f"{w}.optional must be true or false")
        aliens[name] = AlienInfo(name, tuple(roles), timing, a["optional"], _str(a.get("summary"), f"{w}.summary"))
    flares: dict[str, FlareInfo] = {}
    flare_card: dict[str, int] = {}
    for i, f in enumerate(_list(fls.get("flare"), f"{fl_path}: flare")):
        w = f"{fl_path}: flare[{i}]"
        alien = f.get("alien")
        if alien not in aliens:
            raise DataError(f"{w}.alien {alien!r} is not an alien of aliens.toml")
        if alien in flares:
            raise DataError(f"{w}.alien {alien!r} has two flares")
        flares[alien] = FlareInfo(alien, _str(f.get("wild"), f"{w}.wild"), _str(f.get("super"), f"{w}.super"))
        faces.append(Face(FLARE, 0, f"{alien} flare", alien))
        flare_card[alien] = len(card_face)
        card_face.append(len(faces) - 1)
    if set(flares) != set(aliens):
        raise DataError(f"{fl_path}: every alien needs exactly one flare; missing {sorted(set(aliens) - set(flares))}")

    # destiny deck and colours
    w = str(dest_path)
    colours = dest.get("colours")
    if (not isinstance(colours, list) or len(colours) != 5 or len(set(colours)) != 5
            or not all(isinstance(c, str) and c.isalpha() for c in colours)):
        raise DataError(f"{w}: colours must list 5 different one-word colour names")
    specials = []
    for i, s in enumerate(_list(dest.get("special", []), f"{w}: special")):
        ws = f"{w}: special[{i}]"
        if s.get("measure") not in MEASURES:
            raise DataError(f"{ws}.measure must be one of {list(MEASURES)}")
        if s.get("pick") not in ("most", "fewest"):
            raise DataError(f"{ws}.pick must be 'most' or 'fewest'")
        specials.append(Special(_str(s.get("name"), f"{ws}.name"), s["measure"], s["pick"]))
    names = [f.name for f in faces]
    if len(set(names)) != len(names):
        raise DataError(f"{p}: two card faces share a name")
    return CosmicData(
        deck_name=str(deck.get("name", p.stem)),
        faces=tuple(faces),
        face_index={f.name: i for i, f in enumerate(faces)},
        card_face=tuple(card_face),
        deck_size=deck_size,
        flare_card=flare_card,
        colours=tuple(colours),
        destiny_per_colour=_int(dest.get("per_colour"), f"{w}: per_colour", 1),
        destiny_wild=_int(dest.get("wild", 0), f"{w}: wild"),
        specials=tuple(specials),
        artifacts=artifacts,
        aliens=aliens,
        flares=flares,
    )
