"""The protocol every ovnilab game shares.

A game is a subclass of :class:`GameState`. The base class owns what is the same in
every game: the action log, legality checking, undo, cloning hooks, JSON save/load and
the seeded random generator. A game supplies the rules:

``_legal()``
    the legal actions of the current position, in a stable documented order;
``_do(action)``
    apply one legal action (the base class has checked legality already);
``_explain_illegal(action)``
    which rule an illegal action breaks (for the error message);
``parse_action(text)``, ``observation(seat)``, ``scores()``, ``winners()``,
``is_over()``, ``current_player``; and the names of its mutable containers
(``_FLAT_LISTS``, ``_NESTED_LISTS``, ``_SETS``) so ``clone`` copies them (or its own
``_copy_into(other)``).

Design notes (where this departs from DESIGN.md and why):

* Chance is resolved inside ``apply`` by the state's own seeded :class:`random.Random`
  (shuffles, draws). The log therefore holds only player decisions, and replaying the log
  with the same seed gives the same game on any machine: Python's Mersenne Twister and
  ``Random.shuffle``/``randrange`` on integers are stable across platforms and versions.
* ``legal_actions()`` is cached until the next ``apply``, so the common pattern
  "list the legal actions, pick one, apply it" checks legality with a set lookup instead
  of generating the list twice. This matters: bots and analyses play millions of steps.
* ``undo()`` replays the log minus its last action from the initial position. That is
  exact by construction (the same code path as loading a saved game) and costs nothing on
  the hot path of simulations, which never undo.
"""

from __future__ import annotations

import abc
import dataclasses
import hashlib
import json
import random
from typing import Any, ClassVar, Hashable, Iterable, Sequence

__all__ = [
    "IllegalAction",
    "GameState",
    "TERMINAL",
    "make_rng",
    "derive_seed",
    "load_json",
    "SaveFormatError",
]

#: ``current_player`` of a finished game.
TERMINAL = -1

SAVE_FORMAT = 1


class IllegalAction(ValueError):
    """An action that the rules do not allow here.

    ``rule`` names the rule that was broken (e.g. ``"token 6 is used once per game"``),
    ``action`` is the offending action. The state is left exactly as it was.
    """

    def __init__(self, rule: str, action: Any = None, detail: str = "") -> None:
        self.rule = rule
        self.action = action
        self.detail = detail
        msg = f"illegal action {str(action)!r}: {rule}" if action is not None else rule
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded; the message names the field."""


def make_rng(seed: int | None) -> random.Random:
    """A deterministic generator for ``seed`` (an int); ``None`` draws a fresh seed."""
    return random.Random(seed)


def derive_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``seed``.

    Stable across machines and processes (a hash, not Python's randomised ``hash``), so a
    batch gives the same games whether it runs in one process or on a cluster.
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class GameState(abc.ABC):
    """Base class of every game's state. See the module docstring for the contract."""

    #: registry name of the game (``"ovni"``, ...)
    game_name: ClassVar[str] = ""

    def __init__(self, seed: int | None, options: dict[str, Any]) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.seed: int = seed
        # chance: see rng / chance(); nothing is drawn until a game asks
        self._rng: random.Random | None = None
        self._chance_key: int = seed
        self._chance_n: int = 0
        #: the options new_game was called with (JSON-serialisable), for save/replay
        self.options: dict[str, Any] = options
        #: every action applied so far, in order
        self.log: list[Any] = []
        #: the seat that took each action of the log
        self.actors: list[int] = []
        self._legal_cache: list[Any] | None = None
        self._legal_set_cache: set[Any] | None = None

    # ------------------------------------------------------------------- chance
    @property
    def rng(self) -> random.Random:
        """One seeded generator for the whole game (created on first use).

        Simple to use, but cloning a state whose generator exists copies the generator
        (~45 us). Games on a hot path use :meth:`chance` instead."""
        r = self._rng
        if r is None:
            r = self._rng = make_rng(self._chance_key)
        return r

    def chance(self) -> random.Random:
        """A fresh generator for one chance event (a shuffle, a draw).

        Each call is seeded from the game's seed and a counter, so the sequence of
        chance events is fixed by the seed while a clone only copies two integers."""
        self._chance_n += 1
        return make_rng(derive_seed(self._chance_key, self._chance_n))

    def reseed_chance(self, key: int) -> None:
        """Make the future chance of this state differ from the original's (used by
        search bots on a determinization: they must not know the real future)."""
        self._chance_key = key
        self._chance_n = 0
        self._rng = None

    def _chance_fingerprint(self) -> tuple:
        return (self._chance_key, self._chance_n, None if self._rng is None else self._rng.getstate())

    # ----------------------------------------------------------------- rules hooks
    @abc.abstractmethod
    def _legal(self) -> list[Any]:
        """Legal actions of the current position (uncached)."""

    @abc.abstractmethod
    def _do(self, action: Any) -> None:
        """Apply a legal action."""

    def _explain_illegal(self, action: Any) -> str:
        """The rule an illegal action breaks; games override this with specifics."""
        return "not a legal action in this position"

    #: the mutable fields a clone must copy: lists copied one level deep, lists of lists
    #: two levels deep, and sets (every other attribute is immutable or shared data)
    _FLAT_LISTS: tuple[str, ...] = ()
    _NESTED_LISTS: tuple[str, ...] = ()
    _SETS: tuple[str, ...] = ()

    def _copy_into(self, other: "GameState") -> None:
        """Copy every field of ``self`` into the blank ``other`` (``clone`` has set its own
        fields already): shared by reference, but for the mutable containers the class
        names in ``_FLAT_LISTS``, ``_NESTED_LISTS`` and ``_SETS``, which are copied. A
        game whose state holds other mutable values overrides this."""
        od = other.__dict__
        own = dict(od)  # what clone() set: seed, log, actors, chance, caches
        d = self.__dict__
        od.update(d)
        od.update(own)
        for k in self._FLAT_LISTS:
            od[k] = d[k][:]
        for k in self._NESTED_LISTS:
            od[k] = [x[:] for x in d[k]]
        for k in self._SETS:
            od[k] = set(d[k])

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action back from its ``str()``."""

    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act; :data:`TERMINAL` once the game is over."""

    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @abc.abstractmethod
    def scores(self) -> list[int]: ...

    @abc.abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win (empty while the game runs)."""

    @abc.abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: no hidden tokens, hands or cards of others."""

    @classmethod
    @abc.abstractmethod
    def from_options(cls, seed: int, options: dict[str, Any]) -> "GameState":
        """A new game from saved options (inverse of ``self.options``)."""

    # ------------------------------------------------------------------ public API
    def legal_actions(self) -> list[Any]:
        """The legal actions, in the game's documented order (cached until apply)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over() else self._legal()
            self._legal_set_cache = None
        return list(self._legal_cache)

    def is_legal(self, action: Any) -> bool:
        if self._legal_cache is None:
            self.legal_actions()
        if self._legal_set_cache is None:
            self._legal_set_cache = set(self._legal_cache)  # type: ignore[arg-type]
        return action in self._legal_set_cache

    def apply(self, action: Any) -> None:
        """Apply ``action`` (an action or its text); raise :class:`IllegalAction` if
        the rules forbid it, leaving the state untouched."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.is_over():
            raise IllegalAction("the game is over", action)
        try:
            legal = self.is_legal(action)
        except TypeError:  # unhashable junk
            legal = False
        if not legal:
            raise IllegalAction(self._explain_illegal(action), action)
        seat = self.current_player
        self._do(action)
        self.log.append(action)
        self.actors.append(seat)
        self._legal_cache = None
        self._legal_set_cache = None

    def apply_many(self, actions: Iterable[Any]) -> None:
        for a in actions:
            self.apply(a)

    def clone(self) -> "GameState":
        """An independent copy (same position, same future chance)."""
        other = object.__new__(type(self))
        other.seed = self.seed
        other.options = self.options
        other.log = list(self.log)
        other.actors = list(self.actors)
        other._chance_key = self._chance_key
        other._chance_n = self._chance_n
        if self._rng is None:
            other._rng = None
        else:
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            other._rng = rng
        other._legal_cache = self._legal_cache
        other._legal_set_cache = self._legal_set_cache
        self._copy_into(other)
        return other

    def initial(self) -> "GameState":
        """The position before the first action, with the same seed and options (for a
        position arranged by hand, the arranged position)."""
        origin = self.__dict__.get("_origin")
        if origin is not None:
            start = origin.clone()
            start._origin = origin
            return start
        return type(self).from_options(self.seed, self.options)

    def mark_arranged(self) -> None:
        """Declare the current position (built by hand for a lesson or a test) the start
        of the game: undo and history stop here; it cannot be saved as a replay."""
        self.log = []
        self.actors = []
        self._legal_cache = None
        self._legal_set_cache = None
        self._origin = None
        self._origin = self.clone()

    def replay(self, n: int | None = None) -> "GameState":
        """A new state: the initial position with the first ``n`` actions applied."""
        s = self.initial()
        for a in self.log[: len(self.log) if n is None else n]:
            s.apply(a)
        return s

    def undo(self) -> Any:
        """Take back the last action (exactly) and return it."""
        if not self.log:
            raise IllegalAction("there is no action to undo")
        last = self.log[-1]
        prev = self.replay(len(self.log) - 1)
        self.__dict__.clear()
        self.__dict__.update(prev.__dict__)
        return last

    def history(self) -> list["GameState"]:
        """Every position of the game so far, from the initial one to the current."""
        s = self.initial()
        out = [s.clone()]
        for a in self.log:
            s.apply(a)
            out.append(s.clone())
        return out

    # ----------------------------------------------------------------- save / load
    def to_json(self, indent: int | None = None) -> str:
        """The saved game: rule options, seed and the action log (never pickle)."""
        if self.__dict__.get("_origin") is not None:
            raise ValueError("a position arranged by hand cannot be saved as a replay")
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game_name,
                "seed": self.seed,
                "options": self.options,
                "actions": [str(a) for a in self.log],
            },
            indent=indent,
            ensure_ascii=False,
        )

    def __eq__(self, other: object) -> bool:
        """Two states are equal when they are the same game at the same position."""
        if type(other) is not type(self):
            return NotImplemented
        return self._fingerprint() == other._fingerprint()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable

    #: attributes that hold shared read-only data (tables, boards, card sets): they say
    #: nothing about the position, so equality skips them
    _STATIC: tuple[str, ...] = ()

    def _fingerprint(self) -> Any:
        """A comparable snapshot of the whole position: every attribute but the caches,
        the arranged start (``_origin``) and the class's ``_STATIC`` data, with the chance
        generator by its state and sets in a fixed order (games may override)."""
        skip = {"_rng", "_origin", *self._STATIC}
        d = {k: (sorted(v, key=repr) if type(v) is set else v)
             for k, v in self.__dict__.items() if k not in skip and not k.startswith("_legal")}
        d["_rng"] = self._chance_fingerprint()
        return repr(sorted(d.items(), key=lambda kv: kv[0]))


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A frozen rules dataclass as a JSON-ready dict."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def rules_from_dict(cls: type, data: Any, field: str = "options.rules") -> Any:
    """Build a rules dataclass from saved data, naming the offending field on error."""
    if not isinstance(data, dict):
        raise SaveFormatError(f"{field} must be an object, got {type(data).__name__}")
    names = {f.name: f for f in dataclasses.fields(cls)}
    for key in data:
        if key not in names:
            raise SaveFormatError(f"{field}.{key} is not a rule option of {cls.__name__}")
    kwargs = {}
    for key, value in data.items():
        default = getattr(cls(), key)
        if isinstance(default, tuple) and isinstance(value, list):
            value = tuple(value)
        if default is not None and value is not None and type(default) is not type(value):
            if not (isinstance(default, float) and isinstance(value, int)):
                raise SaveFormatError(
                    f"{field}.{key} must be {type(default).__name__}, got {value!r}"
                )
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SaveFormatError(f"{field}: {exc}") from exc


def load_json(text: str) -> GameState:
    """Load a saved game of any registered game, validating every field.

    Errors are :class:`SaveFormatError` naming the field (``actions[12]`` for the
    13th action, with the rule it broke).
    """
    from . import _game_module

    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise SaveFormatError("a saved game is a JSON object")
    for key, kind in (("format", int), ("game", str), ("seed", int), ("options", dict), ("actions", list)):
        if key not in data:
            raise SaveFormatError(f"field {key!r} is missing")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise SaveFormatError(f"field {key!r} must be {kind.__name__}")
    if data["format"] != SAVE_FORMAT:
        raise SaveFormatError(f"field 'format': unknown version {data['format']}")
    try:
        module = _game_module(data["game"])
    except KeyError as exc:
        raise SaveFormatError(f"field 'game': unknown game {data['game']!r}") from exc
    state = module.State.from_options(data["seed"], data["options"])
    for i, text_action in enumerate(data["actions"]):
        if not isinstance(text_action, str):
            raise SaveFormatError(f"actions[{i}] must be a string")
        try:
            state.apply(text_action)
        except IllegalAction as exc:
            raise SaveFormatError(f"actions[{i}] {text_action!r}: {exc}") from exc
    return state


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
