"""Load and validate Cosmic Encounter's content from ``data/cosmic/``.

Five readable TOML files, each saying what comes from REFERENCE.md and what is an ovnilab
reconstruction: ``deck.toml`` (the 72-card cosmic deck), ``destiny.toml`` (the home systems,
the colours and the destiny deck), ``artifacts.toml`` (the eight artifacts' timings), ``aliens.toml`` (the
aliens in brief, each with its alert level, and the base set's roster by level) and
``flares.toml`` (their flares). Everything is validated on
load, so a hand-edited file fails with a :class:`DataError` naming the file and the field
instead of failing deep inside a game: numbers within documented bounds (``DECK_MAX``
cards, checked before any list grows), texts and names by the shared rules of
:mod:`ovnilab.datacheck`, alien names one capitalised ASCII word and player colours
colour words (both are read back from action texts). :func:`parse_data` checks parsed
documents; :func:`load_data` reads the files first.

A deck file may also be a *changes file*: ``base = "deck.toml"`` (a bare file name) and
only the counts that differ, cards named as in the base (:func:`apply_deck_changes`);
``CosmicData.changes`` then says what changed, one line each.

Cards are ints. A *face* is what is printed on a card (``attack 08``, ``negotiate``,
``Card Zap``, ``Will flare``); several cards share a face. Card ids ``0..71`` are the cosmic
deck in file order, then one id per flare in ``flares.toml`` order; a game uses the deck
plus the flares it deals.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import datacheck as chk
from ..datafiles import data_dir as _data_dir
from ..datafiles import is_bare_name, resolve_data_file, untrusted_data_file

__all__ = [
    "KINDS",
    "LEVELS",
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
    "parse_data",
    "apply_deck_changes",
    "DECK_FIELDS",
    "data_dir",
    "FILES",
    "DECK_MAX",
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

#: the rulebook's alert levels, from the beginner aliens (green) to the hardest (red)
LEVELS: tuple[str, ...] = ("green", "yellow", "red")

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
    level: str  # alert level, one of LEVELS
    #: aliens never dealt in the same game as this one (its sheet says so: Gambler and
    #: Sorcerer); the pairs work both ways
    not_with: tuple[str, ...] = ()


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
class System:
    """A player's home system and what is counted with it (``[[system]]`` of
    destiny.toml): the five-planet game of the rulebook, or the four-planet variant."""

    planets: int  # planets per player
    ships: int  # ships per player
    win_colonies: int  # foreign colonies that win
    power_threshold: int  # home colonies that keep the alien power
    tick_tock_tokens: int  # Tick-Tock's tokens at set-up


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
    systems: dict  # planets per player -> System (5 always; 4 for the variant)
    artifacts: dict  # name -> ArtifactInfo
    aliens: dict  # name -> AlienInfo (file order)
    flares: dict  # alien -> FlareInfo
    #: alert level -> the aliens of the base set at that level (the roster of
    #: aliens.toml, plus any alien described there at its level), whether described or not
    levels: dict
    #: what a deck changes file (``base = "deck.toml"`` and only what differs) changed in
    #: its base, one line each ("negotiate: count 15 -> 17"); empty for a full deck file
    changes: tuple[str, ...] = ()

    def excluded(self, a: str, b: str) -> bool:
        """Whether aliens ``a`` and ``b`` are never dealt in the same game (``not_with``
        in aliens.toml, either way)."""
        ia, ib = self.aliens.get(a), self.aliens.get(b)
        return (ia is not None and b in ia.not_with) or (ib is not None and a in ib.not_with)

    def __hash__(self) -> int:  # dicts inside: hash by identity (one object per file set)
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


#: documented bounds of the data files (a deck stays small enough to deal and shuffle
#: quickly; the shipped deck has 72 cards)
DECK_MAX = 200  # cards of the cosmic deck
VALUE_MAX = 99  # an attack or reinforcement value
DESTINY_MAX = 10  # destiny cards per colour, and wild destiny cards
SPECIALS_MAX = 10  # special destiny cards
PLANETS_RANGE = (4, 5)  # planets per player the engine can play
SHIPS_MAX = 40  # ships per player
ALIENS_MAX = 100  # aliens described in aliens.toml (and flares in flares.toml)
#: the five files of a data set, by the key :func:`parse_data` takes them under
FILES: tuple[str, ...] = ("deck", "destiny", "artifacts", "aliens", "flares")


def data_dir() -> Path:
    """The folder holding the game files: ``ovnilab/data`` inside an installed wheel,
    the repository's ``data/`` in a source checkout."""
    return _data_dir("cosmic/deck.toml")


def _load(path: Path) -> dict[str, Any]:
    return chk.read_toml(path, DataError)


def _int(v: Any, where: str, lo: int = 0, hi: int = DECK_MAX) -> int:
    return chk.integer(v, where, DataError, lo, hi)


def _str(v: Any, where: str) -> str:
    if isinstance(v, str) and not v.strip():
        raise DataError(f"{where} must be a non-empty text, got {chk.show(v)}")
    return chk.text(v, where, DataError)


def _list(v: Any, where: str, hi: int = DECK_MAX) -> list:
    return chk.array(v, where, DataError, 0, hi)


def _table(v: Any, where: str) -> dict[str, Any]:
    return chk.table(v, where, DataError)


#: alien names appear in action texts (``use Clone power``, ``Clone: keep``), so they are
#: one capitalised word of ASCII letters, or two joined by a hyphen (``Anti-Matter``)
_ALIEN_NAME = re.compile(r"(?=.{2,24}\Z)[A-Z][A-Za-z]+(?:-[A-Z][A-Za-z]+)?\Z")


@functools.lru_cache(maxsize=8)
def load_data(deck_file: str | None = None, folder: str | None = None) -> CosmicData:
    """Read and validate the five files (default: ``data/cosmic/``); ``deck_file``
    replaces ``deck.toml`` alone (what-if decks): a full deck file, or a changes file
    (``base = "deck.toml"`` and what differs, :func:`apply_deck_changes`) whose lines
    are kept in ``CosmicData.changes``. A bad file raises :class:`DataError` naming the
    file and the field."""
    base = Path(folder) if folder else data_dir() / "cosmic"
    # paths policy (ovnilab.datafiles): a bare name is looked up in the data folder,
    # a path is read as given; only regular files
    try:
        deck_path = resolve_data_file(deck_file, base, "deck.toml")
    except FileNotFoundError as exc:
        raise DataError(f"Rules.deck_file: {exc}") from None
    paths = {"deck": deck_path, "destiny": base / "destiny.toml", "artifacts": base / "artifacts.toml",
             "aliens": base / "aliens.toml", "flares": base / "flares.toml"}
    docs = {k: _load(p) for k, p in paths.items()}
    sources = {k: str(p) for k, p in paths.items()}
    if "base" not in docs["deck"]:
        return parse_data(docs, sources)
    docs["deck"], sources["deck"], lines = _merged_deck(docs["deck"], deck_path, base)
    return dataclasses.replace(parse_data(docs, sources), changes=lines)


#: the fields of a deck file; in its lists a card is named by ``value`` (attack,
#: reinforcement) or ``name`` (artifact); ``negotiate`` and ``morph`` are counts
DECK_FIELDS: tuple[str, ...] = ("name", "attack", "negotiate", "morph", "reinforcement", "artifact")
_CARD_KEY = {"attack": "value", "reinforcement": "value", "artifact": "name"}


def _face_name(kind: str, key: Any) -> str:
    """The printed face of a card of a deck file's list ``kind`` whose ``value`` or
    ``name`` is ``key``: the name action texts and change lines use (``attack 04``)."""
    if kind == "attack":
        return f"attack {key:02d}"
    return f"reinforcement +{key}" if kind == "reinforcement" else key


def _merged_deck(doc: dict[str, Any], path: Path, folder: Path) -> tuple[dict[str, Any], str, tuple[str, ...]]:
    """The full deck document a changes file ``doc`` (read from ``path``) stands for, the
    source that names it in errors, and its change lines. Its ``base`` is a bare file
    name, looked up beside it and then in ``folder`` (the data set's folder): never a
    path, so a deck file received from someone cannot make ovnilab read elsewhere."""
    source = str(path)
    name = doc["base"]
    if not is_bare_name(name):
        raise DataError(f"{source}: base must be a bare file name such as 'deck.toml' (no folder, not "
                        f"hidden), got {chk.show(name)}")
    for place in (path.parent, folder):
        try:
            found = untrusted_data_file(name, place)
            break
        except FileNotFoundError:
            continue
    else:
        raise DataError(f"{source}: base: no deck file named {chk.show(name)} beside it nor in {folder}")
    base = _load(found)
    if "base" in base:
        raise DataError(f"{source}: base {chk.show(name)} is itself a changes file; name a full deck file")
    merged, lines = apply_deck_changes(base, doc, source)
    merged.setdefault("name", path.stem)  # no name in either file: the changes file's, as for a full file
    return merged, f"{source} (on {found.name})", lines


def apply_deck_changes(base: dict[str, Any], doc: dict[str, Any], source: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The deck document ``base`` with the changes of ``doc`` applied, and one line per
    change (fields in the order of :data:`DECK_FIELDS`, cards in the changes file's order).
    Why: "what if there were two more negotiates?" should be a two-line file that says
    so, not a copy of the 72-card deck. ``doc`` gives new counts: ``negotiate = 17``,
    ``morph = 0``, and in the lists a card named as in the base (``{ value = 40, count = 2 }``,
    ``{ name = "Plague", count = 0 }``); a count of 0 removes the card, ``new = true``
    adds a card the base lacks (after the base's cards of its list, so the deck's order
    is that of the equivalent full file), ``name`` renames the deck. A field or a card
    the base lacks is a :class:`DataError` naming ``source`` and the field: a typo must
    not pass as "no change". The result is checked by :func:`parse_data`, not here."""
    unknown = [k for k in doc if k != "base" and k not in DECK_FIELDS]
    if unknown:
        raise DataError(f"{source}: {chk.show(unknown[0])} is not a field of a deck file "
                        f"(fields: base, {', '.join(DECK_FIELDS)})")
    out = dict(base)
    lines: list[str] = []
    # the lines follow the deck file's order of fields, whatever the changes file's order
    for key in (k for k in DECK_FIELDS if k in doc):
        value = doc[key]
        if key == "name":
            if value != base.get("name"):
                old = chk.show(base["name"]) if "name" in base else "(none)"
                lines.append(f"name: {old} -> {chk.show(value)}")
                out["name"] = value
        elif key in _CARD_KEY:
            out[key] = _change_cards(key, base.get(key, []), value, source, lines)
        else:  # negotiate, morph
            old, new = base.get(key, 0), _int(value, f"{source}: {key}", 0, DECK_MAX)
            if new != old:
                lines.append(f"{key}: count {old} -> {new}" + (" (removed)" if new == 0 else ""))
                out[key] = new
    return out, tuple(lines)


def _change_cards(kind: str, base_list: Any, changes: Any, source: str, lines: list[str]) -> list[Any]:
    """The list ``kind`` of a deck (``attack``, ``reinforcement``, ``artifact``) with the
    count changes of a changes file applied, their lines appended to ``lines``."""
    key = _CARD_KEY[kind]
    cards = [dict(e) if isinstance(e, dict) else e for e in _list(base_list, f"{source}: the base's {kind}")]
    typ = int if key == "value" else str  # a malformed base entry is left to parse_data
    at = {e[key]: i for i, e in enumerate(cards) if isinstance(e, dict) and isinstance(e.get(key), typ)}
    seen: set[Any] = set()
    removed: set[Any] = set()
    for j, e in enumerate(_list(changes, f"{source}: {kind}")):
        w = f"{source}: {kind}[{j}]"
        _table(e, w)
        extra = sorted(set(e) - {key, "count", "new"}, key=str)
        if extra:
            raise DataError(f"{w}.{extra[0]} is not a field of a change to a card (fields: {key}, count, new)")
        card = e.get(key)
        if key == "value":
            _int(card, f"{w}.value", 0, VALUE_MAX)
        else:
            _str(card, f"{w}.name")
        face = _face_name(kind, card)
        if card in seen:
            raise DataError(f"{w}.{key}: {face} is changed twice")
        seen.add(card)
        if "count" not in e:
            raise DataError(f"{w}.count is missing: a change gives the new count of {face} (0 removes it)")
        count = _int(e["count"], f"{w}.count", 0, DECK_MAX)
        new = e.get("new", False)
        if not isinstance(new, bool):
            raise DataError(f"{w}.new must be true or false, got {chk.show(new)}")
        if card not in at:
            if not new:
                raise DataError(f"{w}.{key}: {face} is not a card of the base deck (its {kind} cards: "
                                f"{', '.join(_face_name(kind, k) for k in at)}); write new = true to add it")
            if count == 0:
                raise DataError(f"{w}.count: a new card needs a count of 1 or more")
            cards.append({key: card, "count": count})
            lines.append(f"{face}: count 0 -> {count} (new)")
            continue
        if new:
            raise DataError(f"{w}.new: {face} is already a card of the base deck (drop new = true)")
        target = cards[at[card]]
        if count != target.get("count"):
            lines.append(f"{face}: count {target.get('count')} -> {count}" + (" (removed)" if count == 0 else ""))
            target["count"] = count
            if count == 0:
                removed.add(card)
    return [e for e in cards if not (isinstance(e, dict) and e.get(key) in removed)]


def parse_data(docs: dict[str, dict[str, Any]], sources: dict[str, str] | None = None) -> CosmicData:  # noqa: C901
    """Validate the five parsed documents (``docs[k]`` for ``k`` in :data:`FILES`, each
    the dict of a TOML file); ``sources`` names them in errors (default ``<deck.toml>``...)."""
    src = {k: (sources or {}).get(k, f"<{k}.toml>") for k in FILES}
    deck, dest, arts, als, fls = (docs[k] for k in FILES)
    p, art_path, al_path, fl_path = src["deck"], src["artifacts"], src["aliens"], src["flares"]

    faces: list[Face] = []
    card_face: list[int] = []

    def add(face: Face, count: int, where: str) -> None:
        # bound: the whole cosmic deck holds at most DECK_MAX cards (checked before any
        # list grows, so a count of 10**8 costs nothing)
        if len(card_face) + count > DECK_MAX:
            raise DataError(f"{where}: the cosmic deck would hold more than {DECK_MAX} cards")
        faces.append(face)
        card_face.extend([len(faces) - 1] * count)

    seen_values: set[int] = set()
    for i, e in enumerate(_list(deck.get("attack"), f"{p}: attack")):
        w = f"{p}: attack[{i}]"
        _table(e, w)
        v = _int(e.get("value"), f"{w}.value", 0, VALUE_MAX)
        if v in seen_values:
            raise DataError(f"{w}.value {v} is listed twice")
        seen_values.add(v)
        add(Face(ATTACK, v, _face_name("attack", v)), _int(e.get("count"), f"{w}.count", 1), f"{w}.count")
    add(Face(NEGOTIATE, 0, "negotiate"), _int(deck.get("negotiate"), f"{p}: negotiate", 1), f"{p}: negotiate")
    add(Face(MORPH, 0, "morph"), _int(deck.get("morph", 0), f"{p}: morph"), f"{p}: morph")
    seen_values = set()
    for i, e in enumerate(_list(deck.get("reinforcement", []), f"{p}: reinforcement")):
        w = f"{p}: reinforcement[{i}]"
        _table(e, w)
        v = _int(e.get("value"), f"{w}.value", 1, VALUE_MAX)
        if v in seen_values:
            raise DataError(f"{w}.value {v} is listed twice")
        seen_values.add(v)
        add(Face(REINFORCEMENT, v, _face_name("reinforcement", v)), _int(e.get("count"), f"{w}.count", 1), f"{w}.count")

    # artifacts: effects and timings
    artifacts: dict[str, ArtifactInfo] = {}
    for i, a in enumerate(_list(arts.get("artifact"), f"{art_path}: artifact")):
        w = f"{art_path}: artifact[{i}]"
        _table(a, w)
        name = a.get("name")
        if name not in ARTIFACT_NAMES:
            raise DataError(f"{w}.name {chk.show(name)} is not one of the eight artifacts {list(ARTIFACT_NAMES)}")
        if name in artifacts:
            raise DataError(f"{w}.name {name!r} is described twice")
        timing = a.get("timing")
        if timing not in TIMINGS:
            raise DataError(f"{w}.timing must be one of {list(TIMINGS)}, got {chk.show(timing)}")
        who = a.get("who")
        if who not in ("offense", "any"):
            raise DataError(f"{w}.who must be 'offense' or 'any', got {chk.show(who)}")
        artifacts[name] = ArtifactInfo(name, timing, who, _str(a.get("text"), f"{w}.text"),
                                       chk.text(a.get("note", ""), f"{w}.note", DataError))
    missing = set(ARTIFACT_NAMES) - set(artifacts)
    if missing:
        raise DataError(f"{art_path}: artifact: {sorted(missing)} are not described")
    for i, e in enumerate(_list(deck.get("artifact", []), f"{p}: artifact")):
        w = f"{p}: artifact[{i}]"
        name = e.get("name") if isinstance(e, dict) else None
        if not isinstance(name, str) or name not in artifacts:
            raise DataError(f"{w}.name {chk.show(name)} is not an artifact of artifacts.toml")
        if any(f.name == name for f in faces):
            raise DataError(f"{w}.name {name!r} is listed twice")
        add(Face(ARTIFACT, 0, name), _int(e.get("count"), f"{w}.count", 1), f"{w}.count")
    deck_size = len(card_face)
    if sum(1 for c in card_face if faces[c].is_encounter) == 0:
        raise DataError(f"{p}: the deck needs encounter cards (attack, negotiate, morph)")

    # aliens (text) and flares
    aliens: dict[str, AlienInfo] = {}
    for i, a in enumerate(_list(als.get("alien"), f"{al_path}: alien", ALIENS_MAX)):
        w = f"{al_path}: alien[{i}]"
        _table(a, w)
        name = a.get("name")
        if not isinstance(name, str) or not _ALIEN_NAME.match(name):
            raise DataError(f"{w}.name must be one capitalised word of 2-24 ASCII letters, or two joined "
                            f"by a hyphen (action texts read 'use Clone power'), got {chk.show(name)}")
        if any(chk.fold(name) == chk.fold(b) for b in aliens):
            raise DataError(f"{w}.name {name!r} is listed twice")
        roles = a.get("roles")
        if (not isinstance(roles, list) or not roles or len(roles) > len(ROLES)
                or any(r not in ROLES for r in roles)):
            raise DataError(f"{w}.roles must be a non-empty list of {list(ROLES)}")
        timing = a.get("timing")
        if timing not in TIMINGS:
            raise DataError(f"{w}.timing must be one of {list(TIMINGS)}, got {chk.show(timing)}")
        if not isinstance(a.get("optional"), bool):
            raise DataError(f"{w}.optional must be true or false")
        level = a.get("level")
        if level not in LEVELS:
            raise DataError(f"{w}.level must be one of {list(LEVELS)}, got {chk.show(level)}")
        not_with = a.get("not_with", [])
        if not isinstance(not_with, list) or not all(isinstance(x, str) and _ALIEN_NAME.match(x) for x in not_with):
            raise DataError(f"{w}.not_with must be a list of alien names, got {chk.show(not_with)}")
        aliens[name] = AlienInfo(name, tuple(roles), timing, a["optional"], _str(a.get("summary"), f"{w}.summary"),
                                 level, tuple(not_with))
    levels = _roster(als.get("alert_levels", {}), f"{al_path}: alert_levels", aliens)
    in_set = {x for names in levels.values() for x in names}
    for i, info in enumerate(aliens.values()):
        for x in info.not_with:
            if x not in in_set or x == info.name:
                raise DataError(f"{al_path}: alien[{i}].not_with names {x!r}, not another alien of the set")
    flares: dict[str, FlareInfo] = {}
    flare_card: dict[str, int] = {}
    for i, f in enumerate(_list(fls.get("flare"), f"{fl_path}: flare", ALIENS_MAX)):
        w = f"{fl_path}: flare[{i}]"
        _table(f, w)
        alien = f.get("alien")
        if not isinstance(alien, str) or alien not in aliens:
            raise DataError(f"{w}.alien {chk.show(alien)} is not an alien of aliens.toml")
        if alien in flares:
            raise DataError(f"{w}.alien {alien!r} has two flares")
        flares[alien] = FlareInfo(alien, _str(f.get("wild"), f"{w}.wild"), _str(f.get("super"), f"{w}.super"))
        faces.append(Face(FLARE, 0, f"{alien} flare", alien))
        flare_card[alien] = len(card_face)
        card_face.append(len(faces) - 1)
    if set(flares) != set(aliens):
        raise DataError(f"{fl_path}: flare: every alien needs exactly one flare; "
                        f"missing {sorted(set(aliens) - set(flares))}")

    # destiny deck and colours (the colours are the players' names in action texts:
    # "invite red+blue", "aim at green 3", so they are colour words)
    w = src["destiny"]
    colours = chk.array(dest.get("colours"), f"{w}: colours", DataError, 5, 5)
    colours = [chk.colour(c, f"{w}: colours[{i}]", DataError, words_only=True) for i, c in enumerate(colours)]
    if len(set(colours)) != 5:
        raise DataError(f"{w}: colours must list 5 different colours, got {colours}")
    specials = []
    for i, s in enumerate(_list(dest.get("special", []), f"{w}: special", SPECIALS_MAX)):
        ws = f"{w}: special[{i}]"
        _table(s, ws)
        if s.get("measure") not in MEASURES:
            raise DataError(f"{ws}.measure must be one of {list(MEASURES)}")
        if s.get("pick") not in ("most", "fewest"):
            raise DataError(f"{ws}.pick must be 'most' or 'fewest'")
        specials.append(Special(chk.name(s.get("name"), f"{ws}.name", DataError), s["measure"], s["pick"]))
    systems = _systems(dest.get("system"), w)
    names = [f.name for f in faces]
    if len(set(names)) != len(names):
        raise DataError(f"{p}: two card faces share a name")
    return CosmicData(
        deck_name=chk.text(deck.get("name", Path(p).stem), f"{p}: name", DataError, chk.NAME_MAX * 3),
        faces=tuple(faces),
        face_index={f.name: i for i, f in enumerate(faces)},
        card_face=tuple(card_face),
        deck_size=deck_size,
        flare_card=flare_card,
        colours=tuple(colours),
        destiny_per_colour=_int(dest.get("per_colour"), f"{w}: per_colour", 1, DESTINY_MAX),
        destiny_wild=_int(dest.get("wild", 0), f"{w}: wild", 0, DESTINY_MAX),
        specials=tuple(specials),
        systems=systems,
        artifacts=artifacts,
        aliens=aliens,
        flares=flares,
        levels=levels,
    )


def _systems(doc: Any, where: str) -> dict[int, System]:
    """The ``[[system]]`` tables of destiny.toml by number of planets: the five-planet one
    is required, each number at most once, every count within its documented bounds. A
    file without ``[[system]]`` has the rulebook's five planets only."""
    if doc is None:
        return {5: System(planets=5, ships=20, win_colonies=5, power_threshold=3, tick_tock_tokens=10)}
    out: dict[int, System] = {}
    lo, hi = PLANETS_RANGE
    for i, e in enumerate(_list(doc, f"{where}: system", hi - lo + 1)):
        w = f"{where}: system[{i}]"
        _table(e, w)
        planets = _int(e.get("planets"), f"{w}.planets", lo, hi)
        if planets in out:
            raise DataError(f"{w}.planets: a system of {planets} planets is listed twice")
        # the rulebook's four ships on each home planet must fit (more start in the warp)
        ships = _int(e.get("ships"), f"{w}.ships", 4 * planets, SHIPS_MAX)
        out[planets] = System(
            planets=planets, ships=ships,
            win_colonies=_int(e.get("win_colonies"), f"{w}.win_colonies", 1, 2 * planets),
            power_threshold=_int(e.get("power_threshold"), f"{w}.power_threshold", 0, planets),
            tick_tock_tokens=_int(e.get("tick_tock_tokens"), f"{w}.tick_tock_tokens", 1, 30))
    if 5 not in out:
        raise DataError(f"{where}: system: the rulebook's system of 5 planets must be listed")
    return out


def _roster(doc: Any, where: str, aliens: dict[str, AlienInfo]) -> dict[str, tuple[str, ...]]:
    """The base set's aliens by alert level (``[alert_levels]`` of aliens.toml: a list of
    names per level), checked against the levels of the aliens described (every alien
    listed is described); an alien described but not listed joins its level."""
    _table(doc, where)
    out: dict[str, list[str]] = {lv: [] for lv in LEVELS}
    seen: dict[str, str] = {}
    for lv, names in doc.items():
        if lv not in LEVELS:
            raise DataError(f"{where}.{chk.show(lv)} is not an alert level; levels are {list(LEVELS)}")
        for i, name in enumerate(_list(names, f"{where}.{lv}", ALIENS_MAX)):
            if not isinstance(name, str) or not _ALIEN_NAME.match(name):
                raise DataError(f"{where}.{lv}[{i}] must be an alien's name (one capitalised word), "
                                f"got {chk.show(name)}")
            if name in seen:
                raise DataError(f"{where}.{lv}[{i}] {name!r} is already listed under {seen[name]!r}")
            info = aliens.get(name)
            if info is None:
                # every alien of the roster is described (and played): a game's default
                # deals from the whole set
                raise DataError(f"{where}.{lv}[{i}] {name!r} is not described among the aliens; every alien "
                                f"of the roster is")
            if info is not None and info.level != lv:
                raise DataError(f"{where}.{lv}[{i}] {name!r} is described at level {info.level!r}")
            seen[name] = lv
            out[lv].append(name)
    for name, info in aliens.items():
        if name not in seen:
            out[info.level].append(name)
    return {lv: tuple(v) for lv, v in out.items()}
