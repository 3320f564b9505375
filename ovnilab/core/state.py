"""The base class every game's state derives from: :class:`GameState`.

A game is a subclass of :class:`GameState`. The base class owns what is the same in
every game: the action log, legality checking, undo, cloning hooks, JSON save/load and
the seeded random generator. A game supplies the rules:

``_legal()``
    the legal actions of the current position, in a stable documented order;
``_do(action)``
    apply one legal action (the base class has checked legality already);
``_explain_illegal(action)``
    which rule an illegal action breaks (for the error message);
``_parse_action(text)``
    the game's action grammar: read one action from its text (legal here or not);
``action_class``
    the game's :class:`typing.NamedTuple` of actions;
``observation(seat)``, ``scores()``, ``winners()``,
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
* ``undo()`` replays the log minus its last action from a checkpoint: the nearest of the
  positions it kept every :data:`UNDO_CHECKPOINT_EVERY` actions while replaying before,
  or the initial position. That is exact by construction (the same code path as loading a
  saved game), costs nothing on the hot path of simulations, which never undo, and makes
  the second and later undos of a long game cheap (a board's "undo", a test that undoes
  now and then): the first undo of an 800-step Cosmic game replays 800 steps, the next
  ones at most :data:`UNDO_CHECKPOINT_EVERY`. Undoing from a saved state of every step
  would instead cost every ``apply`` a copy.
* Equality compares the attributes that make the position directly (lists, sets,
  tuples by value); ``_fingerprint()`` is the same position as a frozen snapshot, for a
  test that compares before and after. Neither goes through ``repr`` (a 4-player Cosmic
  state took 3 ms that way, the log alone thousands of ``repr`` calls).

Beside it: :data:`TERMINAL`, the seeded generators (:func:`make_rng`, :func:`derive_seed`)
and :class:`NoLegalMove`. How actions are read and refused is :mod:`.actions`; loading a
save, :mod:`.saves` (``to_json`` is here: it is the state that writes itself).
"""

from __future__ import annotations

import abc
import difflib
import hashlib
import json
import os
import random
from typing import Any, Callable, ClassVar, Iterable

from ..i18n import N_
from .actions import MAX_ACTION_TEXT, IllegalAction, check_action_fields
from .text import action_text, fold_text, short_repr


#: ``current_player`` of a finished game.
TERMINAL = -1


SAVE_FORMAT = 1


#: ``undo`` keeps a checkpoint every this many actions of the log while it replays
UNDO_CHECKPOINT_EVERY = 32


class NoLegalMove(RuntimeError):
    """The rule options leave the player to act no legal move (a game raises a subclass
    naming the option: Ovni's RulesDeadlock). The position is real; the game cannot go on."""


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
    #: the class of the game's actions: ``apply`` takes these or their text, nothing else
    action_class: ClassVar[type] = object

    def __init__(self, seed: int | None, options: dict[str, Any]) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {short_repr(seed)}")
        if seed.bit_length() > 64:  # a save keeps the seed, and load_json reads 64 bits at most
            raise ValueError(f"seed must fit in 64 bits (a saved game stores it), got {short_repr(seed)}")
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
        #: (the legal list it was built from, folded text -> action, [(folded text, action)])
        self._legal_text_cache: tuple[Any, dict[str, Any], list[tuple[str, Any]]] | None = None
        #: undo's checkpoints: length of the log -> the position then (see undo)
        self._marks: dict[int, GameState] | None = None

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
        self._marks = None  # undo's checkpoints hold the old chance

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
        return N_("not a legal action in this position")

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

    def _parse_action(self, text: str) -> Any:
        """The game's grammar: the action ``text`` (spaces already made single) names,
        legal here or not; :class:`IllegalAction` naming what was expected if the text
        is not read. Games override this; without it only legal texts are read."""
        raise IllegalAction(N_("not a {game} action").format(game=self.game_name or "game"))

    def parse_action(self, text: Any) -> Any:
        """Read an action from its text (as ``str(action)`` writes it), forgivingly.

        Case, accents and spacing do not matter; a text that begins exactly one legal
        action's text is that action (an ambiguous beginning lists the candidates). A
        readable action that is illegal here is returned (``apply`` says which rule it
        breaks); an unreadable text raises :class:`IllegalAction` naming what was
        expected, with the closest legal texts as suggestions. An Action of the game is
        returned unchanged; anything else is refused, naming its type.
        """
        try:
            return self._read_action(text)
        except IllegalAction as exc:  # its game, for str(exc) in the reader's language
            exc.game = exc.game or self.game_name or None
            raise

    def _read_action(self, text: Any) -> Any:
        """:meth:`parse_action`'s reading (its docstring says what it does)."""
        cls = self.action_class
        if isinstance(text, cls) and not isinstance(text, str):
            check_action_fields(text)
            return text
        if not isinstance(text, str):
            raise self._wrong_type(text)
        # issue 11: a bound up front keeps every game's grammar fast on hostile input
        if len(text) > MAX_ACTION_TEXT:
            raise IllegalAction(N_("an action text has at most {limit} characters, this one has {n}").format(
                limit=MAX_ACTION_TEXT, n=len(text)), text)
        t = " ".join(text.split())
        if not t:
            raise IllegalAction(N_("the action text is empty"), text, suggestions=self._suggester(""))
        try:
            action = self._parse_action(t)
        except IllegalAction as exc:
            action, error = None, exc
        else:
            if self._canonical(action) is not None:
                return action
        # forgiven: case, accents and spacing of a legal text
        found = self._legal_by_text(t)
        if found is not None:
            return found
        if action is not None:
            return action  # readable; apply() names the rule it breaks
        # a unique beginning of a legal text is that action
        key = fold_text(t)
        starts = [(x, a) for x, a in self._legal_texts() if x.startswith(key)]
        if len(starts) == 1:
            return starts[0][1]
        if starts:
            shown = ", ".join(repr(str(a)) for _, a in starts[:8])
            if len(starts) > 8:
                raise IllegalAction(N_("ambiguous: it begins {n} legal actions: {shown} and {more} more").format(
                    n=len(starts), shown=shown, more=len(starts) - 8), text)
            raise IllegalAction(N_("ambiguous: it begins {n} legal actions: {shown}").format(n=len(starts), shown=shown),
                                text)
        raise IllegalAction(error.rule, text, error.detail, suggestions=self._suggester(t))

    def _wrong_type(self, action: Any) -> IllegalAction:
        """The error for an object that is neither this game's Action nor a text."""
        cls = self.action_class
        kind = type(action)
        name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
        # the game's own words first ("not an Ovni action"), then the types
        return IllegalAction(N_("{rule}: actions are texts or {cls} objects, not {name}").format(
            rule=self._explain(action), cls=f"{cls.__module__}.{cls.__qualname__}", name=name))

    def _text_table(self) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
        """The folded texts of this position's legal actions, built once per position (a
        board or a class page reads every typed or clicked move through it): folded text
        -> action, and ``(folded text, action)`` in the legal order."""
        legal = self._legal_cache
        if legal is None:
            self.legal_actions()
            legal = self._legal_cache
        cached = self.__dict__.get("_legal_text_cache")
        if cached is not None and cached[0] is legal:  # the same list object: the same position
            return cached[1], cached[2]
        pairs = [(fold_text(str(a)), a) for a in legal]  # type: ignore[union-attr]
        table: dict[str, Any] = {}
        for x, a in pairs:
            table.setdefault(x, a)
        self._legal_text_cache = (legal, table, pairs)
        return table, pairs

    def _legal_texts(self) -> list[tuple[str, Any]]:
        """``(fold_text(str(a)), a)`` for every legal action (built on demand: only
        forgiven or refused texts need it; kept until the position changes)."""
        return self._text_table()[1]

    def _legal_by_text(self, text: str) -> Any:
        """The legal action whose text equals ``text`` but for case, accents and spacing
        (spaces around signs too: "recruit pilot + builder"), or None."""
        key = fold_text(text)
        table, texts = self._text_table()
        found = table.get(key)
        if found is not None:
            return found
        key = key.replace(" ", "")
        matches = [a for x, a in texts if x.replace(" ", "") == key]
        return matches[0] if len(matches) == 1 else None

    def _suggester(self, text: str) -> Callable[[], list[str]]:
        """A callable giving the (up to) three legal texts closest to ``text`` in this
        position (called only when an error message is read)."""
        legal = self.legal_actions()

        def closest() -> list[str]:
            key = fold_text(text)
            texts = list(dict.fromkeys(str(a) for a in legal))
            if len(texts) > 150:  # many deal proposals: keep those sharing the longest beginning
                common = {x: len(os.path.commonprefix([key, fold_text(x)])) for x in texts}
                texts = sorted(texts, key=lambda x: -common[x])[:150]
            score = {x: difflib.SequenceMatcher(None, key, fold_text(x), autojunk=False).ratio()
                     for x in texts}
            return sorted(texts, key=lambda x: -score[x])[:3]

        return closest

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

    def _canonical(self, action: Any) -> Any:
        """The legal action equal to ``action`` (the game's own object), or None."""
        if self._legal_cache is None:
            self.legal_actions()
        if self._legal_set_cache is None:
            legal = self._legal_cache
            self._legal_set_cache = dict(zip(legal, legal))  # type: ignore[arg-type]
        try:
            return self._legal_set_cache.get(action)  # type: ignore[union-attr]
        except Exception:  # unhashable junk (a list field), or a field whose hash fails
            return None

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` (an Action of this game) is legal here."""
        if not isinstance(action, self.action_class):
            return False
        if GameState._canonical(self, action) is not None:
            return True
        try:
            check_action_fields(action)
        except IllegalAction:
            return False
        return self._canonical(action) is not None

    def _explain(self, action: Any) -> str:
        """The rule ``action`` breaks; a malformed Action (fields no rule gives, e.g. a
        slot 99) gets a plain statement instead of the error its fields would raise."""
        try:
            rule = self._explain_illegal(action)
        except Exception:  # issue 11 #9: building the message must never fail
            rule = None
        if not isinstance(rule, str) or not rule:
            fields = ", ".join(action_text(x, 30) if isinstance(x, str) else action_text(repr(x), 30)
                               for x in (tuple(action) if isinstance(action, tuple) else (action,)))
            rule = N_("not a well-formed {game} action (fields: {fields})").format(
                game=self.game_name or "game", fields=fields)
        return rule

    def _refusal(self, action: Any) -> IllegalAction:
        """The error for an illegal Action of this game. A malformed one (fields its own
        text does not read back to, e.g. a slot 99) is shown by its fields, so that the
        message never claims a legal-looking text was refused."""
        rule = self._explain(action)
        suggest = self._suggester(action_text(action))
        try:
            text = " ".join(str(action).split())
            well_formed = self._parse_action(text) == action
        except Exception:  # issue 11 #9: a text that cannot even be written
            well_formed = False
        if well_formed:
            return IllegalAction(rule, action, suggestions=suggest)
        fields = action_text(tuple.__repr__(action) if isinstance(action, tuple) else repr(action), 120)
        error = IllegalAction(N_("malformed {game} action {fields}: {rule}").format(
            game=self.game_name or "game", fields=fields, rule=rule), suggestions=suggest)
        error.action = action
        return error

    def apply(self, action: Any) -> None:
        """Apply ``action`` (an Action of this game or its text); raise
        :class:`IllegalAction` if the rules forbid it, leaving the state untouched."""
        try:
            if isinstance(action, str):
                action = self.parse_action(action)
            elif not isinstance(action, self.action_class):
                raise self._wrong_type(action)  # issue 11 #2: another game's Action, a tuple
            if self.is_over():
                raise IllegalAction(N_("the game is over"), action)
            # the hot path: a legal action is found in the legal set by hash; anything else
            # is checked for hostile fields (issue 22) before the game's own reading of it
            legal = GameState._canonical(self, action)
            if legal is None:
                check_action_fields(action)
                legal = self._canonical(action)
                if legal is None:
                    raise self._refusal(action)
        except IllegalAction as exc:  # its game, for str(exc) in the reader's language
            exc.game = exc.game or self.game_name or None
            raise
        action = legal  # the log holds the game's own object: its text reads back
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
        other._legal_text_cache = self.__dict__.get("_legal_text_cache")
        marks = self.__dict__.get("_marks")
        other._marks = dict(marks) if marks else None  # its own: the two logs may part
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
        self._marks = None
        self._origin = None
        self._origin = self.clone()

    def replay(self, n: int | None = None) -> "GameState":
        """A new state: the initial position with the first ``n`` actions applied."""
        s = self.initial()
        for a in self.log[: len(self.log) if n is None else n]:
            s.apply(a)
        return s

    def undo(self) -> Any:
        """Take back the last action (exactly) and return it.

        The position is replayed from the nearest checkpoint (see the module docstring);
        the checkpoints past the new end of the log are dropped, so every kept one is a
        position this game's log passed through."""
        if not self.log:
            raise IllegalAction(N_("there is no action to undo"))
        last = self.log[-1]
        n = len(self.log) - 1
        marks = {k: m for k, m in (self.__dict__.get("_marks") or {}).items() if k <= n}
        start = max(marks, default=-1)
        s = marks[start].clone() if start >= 0 else self.initial()
        s._marks = None
        for a in self.log[len(s.log):n]:
            s.apply(a)
            k = len(s.log)
            if k % UNDO_CHECKPOINT_EVERY == 0 and k not in marks:
                mark = s.clone()
                mark._marks = None  # a checkpoint keeps no checkpoints of its own
                marks[k] = mark
        self.__dict__.clear()
        self.__dict__.update(s.__dict__)
        self._marks = marks or None
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
        return self._position() == other._position()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable

    #: attributes that hold shared read-only data (tables, boards, card sets): they say
    #: nothing about the position, so equality skips them
    _STATIC: tuple[str, ...] = ()
    #: attributes of the base class that are not the position: the chance generator (taken
    #: by its state instead), the arranged start and undo's checkpoints
    _NOT_POSITION = frozenset({"_rng", "_origin", "_marks"})

    def _position(self) -> dict[str, Any]:
        """The attributes that make the position, live (not copied): every attribute but
        the caches, the arranged start, undo's checkpoints and the class's ``_STATIC``
        data, with the chance generator by its state. Games may add to it."""
        skip = self._NOT_POSITION
        static = self._STATIC
        d = {k: v for k, v in self.__dict__.items()
             if k not in skip and k not in static and not k.startswith("_legal")}
        d["_rng"] = self._chance_fingerprint()
        return d

    def _fingerprint(self) -> Any:
        """The position as a frozen snapshot (equal exactly when the states are equal):
        kept by a test, it does not change when the state does."""
        return _freeze(self._position())


def _freeze(value: Any) -> Any:
    """``value`` with its lists, sets and dicts made immutable, recursively (tuples of
    the game's own, such as Actions, are immutable already)."""
    t = type(value)
    if t is list or t is tuple:
        return tuple([_freeze(x) for x in value])
    if t is set or t is frozenset:
        return frozenset([_freeze(x) for x in value])
    if t is dict:
        return ("<dict>", frozenset([(k, _freeze(x)) for k, x in value.items()]))
    return value

