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

Actions, as people type and read them:

* ``repr(action)`` is ``<Action 'move Berlim -> Paris'>``: the readable text in the
  python-chess manner, marked so that a printed list of legal actions reads as text and
  is still told apart from a list of strings. An Action whose fields no rule gives (built
  by hand) falls back to the plain tuple, so printing it never fails.
* ``parse_action`` forgives what a person gets wrong without changing the meaning: case,
  accents and spacing are ignored, and a unique beginning of a legal action's text is
  that action ("activate pil" is "activate pilots" when it is the only match). A text
  that is not read gets an :class:`IllegalAction` naming what was expected, with up to
  three of the closest legal texts ("did you mean ...").
* ``apply`` takes only the game's own Action class or a text (another game's Action or a
  plain tuple with equal fields is refused, naming its type), and texts longer than
  :data:`MAX_ACTION_TEXT` characters are refused before any parsing, so a hostile save
  or form cannot make parsing slow. What goes into the log is the legal action itself,
  so the log always saves and loads again.
"""

from __future__ import annotations

import abc
import dataclasses
import difflib
import hashlib
import json
import math
import os
import random
import unicodedata
import warnings
from pathlib import Path
from typing import Any, Callable, ClassVar, Hashable, Iterable, Mapping, Sequence

from . import datafiles
from .i18n import N_

__all__ = [
    "NoLegalMove",
    "check_action_fields",
    "IllegalAction",
    "GameState",
    "TERMINAL",
    "make_rng",
    "derive_seed",
    "load_json",
    "SaveFormatError",
    "MAX_ACTION_TEXT",
    "fold_text",
    "action_repr",
]

#: ``current_player`` of a finished game.
TERMINAL = -1

SAVE_FORMAT = 1


#: ``undo`` keeps a checkpoint every this many actions of the log while it replays
UNDO_CHECKPOINT_EVERY = 32

#: the longest action text :meth:`GameState.parse_action` reads (the longest legal text of
#: any game is about 100 characters: a Cosmic deal proposal); longer texts are refused
#: before any parsing, so parsing time stays bounded whatever a save or a form holds
MAX_ACTION_TEXT = 200


def fold_text(text: str) -> str:
    """``text`` as compared when reading actions: lower case, accents dropped, runs of
    spaces made one (so "SÃO  paulo" and "Sao Paulo" read alike)."""
    if text.isascii():  # most action texts: no accent to drop, casefold is lower
        return " ".join(text.lower().split())
    t = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in t if not unicodedata.combining(c)).casefold().split())


def action_text(action: Any, limit: int = 80) -> str:
    """``str(action)`` for a message: never raises (a malformed Action shows its fields)
    and is cut to ``limit`` characters (a hostile text must not flood the message)."""
    try:
        text = action if isinstance(action, str) else str(action)
    except Exception:  # a malformed Action whose fields no rule gives (issue 11 #9)
        text = f"{type(action).__name__}{tuple.__repr__(action) if isinstance(action, tuple) else ''}"
    if not isinstance(text, str):
        text = object.__repr__(action)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_repr(action: tuple) -> str:
    """The ``repr`` of every game's Action: ``<Action 'end turn'>`` (see the module
    docstring); a malformed Action shows its raw fields instead."""
    try:
        text = str(action)
    except Exception:  # fields no rule gives: show them as they are
        return f"{type(action).__name__}{tuple.__repr__(action)}"
    return f"<{type(action).__name__} {text!r}>"


class IllegalAction(ValueError):
    """An action that the rules do not allow here.

    ``rule`` names the rule that was broken (e.g. ``"token 6 is used once per game"``),
    ``action`` is the offending action (or text). ``suggestions`` are up to three legal
    action texts close to it (computed when first asked for: bots that test legality in
    a loop never pay for them); ``str()`` ends with "did you mean ...". The state is left
    exactly as it was.
    """

    #: the game that refused (``GameState.game_name``: "cows", "ovni", "cosmic"), set as
    #: the refusal leaves ``apply`` or ``parse_action``: ``str()`` says the rule with that
    #: game's words (:mod:`ovnilab.refusals`); None until then
    game: str | None = None

    def __init__(self, rule: str, action: Any = None, detail: str = "",
                 suggestions: Sequence[str] | Callable[[], Sequence[str]] = ()) -> None:
        self.rule = rule
        self.action = action
        self.detail = detail
        self._suggestions = suggestions
        msg = f"illegal action {action_text(action)!r}: {rule}" if action is not None else rule
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)

    @property
    def suggestions(self) -> list[str]:
        """Up to three legal action texts close to the refused one."""
        s = self._suggestions
        if callable(s):
            try:
                s = list(s())
            except Exception:  # a hint must never hide the error itself
                s = []
            self._suggestions = s
        return list(s)

    def __str__(self) -> str:
        """The refusal in the language in force, as a printed exception reads it
        (:func:`ovnilab.refusals.refusal_message`: the framing "illegal action '...'",
        "did you mean ...?" and the rule translated, the suggested action texts the
        notation); in English the message given to ``ValueError``, then the suggestions.
        ``rule`` stays the engine's English (logs, saves and tests read it)."""
        from .refusals import refusal_message

        return refusal_message(self, self.game)


class NoLegalMove(RuntimeError):
    """The rule options leave the player to act no legal move (a game raises a subclass
    naming the option: Ovni's RulesDeadlock). The position is real; the game cannot go on."""


#: the largest whole number an Action field holds (seats, slots, counts are small)
MAX_ACTION_INT_BITS = 64
#: the most items a tuple field of an Action holds (a Cosmic deal lists a few cards)
MAX_ACTION_ITEMS = 64


def check_action_fields(action: tuple) -> None:
    """Refuse, quickly and with a short message, an Action built by hand whose fields
    no rule can give: anything but None, a bool, a whole number of at most
    :data:`MAX_ACTION_INT_BITS` bits, a text of at most :data:`MAX_ACTION_TEXT`
    characters, or a tuple (at most :data:`MAX_ACTION_ITEMS` items, two levels) of those.
    The message never prints the fields (their ``repr`` may fail, or be megabytes)."""

    def ok(x: Any, depth: int) -> bool:
        if x is None or type(x) is bool:
            return True
        if type(x) is int:
            return x.bit_length() <= MAX_ACTION_INT_BITS
        if type(x) is str:
            return len(x) <= MAX_ACTION_TEXT
        if type(x) is tuple and depth < 2 and len(x) <= MAX_ACTION_ITEMS:
            return all(ok(y, depth + 1) for y in x)
        return False

    for i, x in enumerate(tuple.__iter__(action)):
        if not ok(x, 0):
            name = type(action).__name__
            raise IllegalAction(N_("field {i} of this {name} is not a short text, a small whole number or a tuple "
                                   "of them (got a {type}): no rule gives such an action").format(
                                       i=i, name=name, type=type(x).__name__),
                                f"{name}(...)")


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded; the message names the field, and ``field``
    holds its path (``"options.rules.hand_limit"``, ``"actions[3]"``) when it is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A frozen rules dataclass as a JSON-ready dict."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


# ---------------------------------------------------------------- rule options
__all__ += ["RulesError", "rule_option", "check_rules", "short_repr", "saved_choice", "load_saved_file",
            "describe_rules", "warn_inert", "RuleOptionWarning"]


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
        return None if optional else f"must not be None ({_describe(base, meta)})"
    if base == "bool":
        return None if type(v) is bool else f"must be True or False, got {short_repr(v)}"
    if base in ("int", "float"):
        ok = (isinstance(v, int) and not isinstance(v, bool)) or (base == "float" and type(v) is float)
        if not ok:
            return f"must be {_describe(base, meta)}, got {short_repr(v)}"
        if base == "float" and not math.isfinite(v):
            return f"must be a finite number, got {v!r}"
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            return f"must be {_describe(base, meta)}, got {short_repr(v)}"
        return None
    if base == "str":
        if not isinstance(v, str) or not v:
            return f"must be {_describe(base, meta)}, got {short_repr(v)}"
        choices = meta.get("choices")
        if choices is not None and v not in choices:
            return f"must be one of {list(choices)}, got {short_repr(v)}"
        if "folder" in meta:
            if len(v) > datafiles.MAX_PATH_CHARS or "\0" in v:
                return f"must be a file name or a path, got {short_repr(v)}"
            try:
                datafiles.resolve_data_file(v, meta["folder"](), "")
            except FileNotFoundError as exc:
                return str(exc)
        elif len(v) > 200:
            return f"must be at most 200 characters, got {len(v)}"
        return None
    if base.startswith("tuple"):
        if not isinstance(v, tuple) or not all(isinstance(x, str) and 0 < len(x) <= 100 for x in v):
            return f"must be a tuple of names, got {short_repr(v)}"
        if len(v) > meta.get("max_items", 100):
            return f"must name at most {meta.get('max_items', 100)} items, got {len(v)}"
        choices = meta.get("choices")
        unknown = [x for x in v if choices is not None and x not in choices]
        if unknown:
            return f"{short_repr(unknown)} are not among {list(choices)}"
        return None
    return f"has an annotation the checks do not know ({f.type})"


def _describe(base: str, meta: Mapping[str, Any]) -> str:
    if base in ("int", "float"):
        what = "an integer" if base == "int" else "a number"
        lo, hi = meta.get("min"), meta.get("max")
        if lo is not None and hi is not None:
            return f"{what} from {lo} to {hi}"
        return f"{what} >= {lo}" if lo is not None else (f"{what} <= {hi}" if hi is not None else what)
    if base == "str":
        if "choices" in meta:
            return f"one of {list(meta['choices'])}"
        return "a file name or a path" if "folder" in meta else "a non-empty text"
    return "a tuple of names" if base.startswith("tuple") else base


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
            warnings.warn(f"{type(rules).__name__}({name}={mine!r}) changes nothing while "
                          f"{other}={theirs!r}: {why}", RuleOptionWarning, stacklevel=4)


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


def short_repr(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for any value a save can hold
    (a 5,000-digit integer cannot be printed in full; a deeply nested list is cut)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, (list, dict, tuple)) and len(value) > 20:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ------------------------------------------------------------------------ saves
#: the longest save text ``load_json`` reads (a 400-turn Cosmic game is under 2 MB)
MAX_SAVE_CHARS = 16_000_000
#: the longest action text a save may hold (real actions are under 200 characters)
MAX_ACTION_CHARS = 1_000


def rules_from_dict(cls: type, data: Any, field: str = "options.rules") -> Any:
    """Build a rules dataclass from saved data; every bad field is named
    (``options.rules.platform_capacity: must be an integer from 1 to 8, got 2.5``)."""
    if not isinstance(data, dict):
        raise SaveFormatError(f"{field} must be an object, got {type(data).__name__}", field)
    names = {f.name: f for f in dataclasses.fields(cls)}
    problems = {key[:60]: f"is not a rule option of {cls.__name__}" for key in data if key not in names}
    kwargs = {}
    for key, value in data.items():
        if key in names:
            # JSON has no tuples: a list is read back as the tuple the option holds
            if isinstance(value, list) and _kind(names[key].type)[0].startswith("tuple"):
                value = tuple(value)
            kwargs[key] = value
    if not problems:
        try:
            # a saved game's rules were warned about when they were first built; a replay,
            # an undo or the board's history rebuilds them and need not warn again
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuleOptionWarning)
                return cls(**kwargs)
        except RulesError as exc:
            problems = exc.errors
    first = next(iter(problems))
    raise SaveFormatError("; ".join(f"{field}.{k}: {v}" for k, v in problems.items()), f"{field}.{first}")


def saved_choice(options: dict[str, Any], key: str, allowed: Sequence[int], default: Any = None) -> int:
    """The integer option ``key`` of a save's options, one of ``allowed`` (a float such
    as ``3.0`` or a bool is refused, naming the field)."""
    v = options.get(key, default)
    if type(v) is not int or v not in allowed:
        where = f"options.{key}"
        choices = ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}" if len(allowed) > 1 else str(allowed[0])
        raise SaveFormatError(f"{where} must be {choices}, got {short_repr(v)}", where)
    return v


def load_saved_file(field: str, loader: Callable[..., Any], *args: Any) -> Any:
    """Run a data-file loader for the rule option ``field`` of a save, so that anything
    wrong with the file is a :class:`SaveFormatError` naming ``options.rules.<field>``,
    raised before the game is built."""
    try:
        return loader(*args)
    except (ValueError, TypeError, LookupError, AttributeError, OSError, RecursionError) as exc:
        where = f"options.rules.{field}"
        raise SaveFormatError(f"{where}: {_cut(str(exc), 300)}", where) from None


def check_save_files(rules_cls: type, data: dict[str, Any], trusted: bool,
                     data_folder: str | Path | None) -> dict[str, Any]:
    """Apply the paths policy (:mod:`ovnilab.datafiles`) to the data-file options of a
    save, before anything is read: a bare name is looked up in the game's folder, then
    in ``data_folder`` (a name found only there is replaced by its path); a path is
    refused unless ``trusted`` (or it is a file directly in ``data_folder``), without
    looking at it, so the error says nothing about what exists outside."""
    out = dict(data)
    user = None if data_folder is None else Path(data_folder).resolve()
    for f in dataclasses.fields(rules_cls):
        folder = f.metadata.get("folder")
        value = data.get(f.name)
        if folder is None or value is None:
            continue
        where = f"options.rules.{f.name}"
        if not isinstance(value, str):
            raise SaveFormatError(f"{where} must be a file name or null, got {short_repr(value)}", where)
        if trusted:
            continue
        if datafiles.is_bare_name(value):
            try:
                datafiles.untrusted_data_file(value, folder())
                continue
            except FileNotFoundError:
                pass
            if user is not None:
                try:  # in the folder the caller gave, links that lead out of it refused
                    out[f.name] = str(datafiles.untrusted_data_file(value, user))
                    continue
                except FileNotFoundError:
                    pass
            places = str(folder()) + ("" if user is None else f" nor in {user}")
            raise SaveFormatError(f"{where}: no data file named {short_repr(value)} in {places}", where)
        inside = (user is not None and len(value) <= datafiles.MAX_PATH_CHARS and "\0" not in value
                  and Path(value).is_absolute() and Path(value).parent == user
                  and datafiles.is_bare_name(Path(value).name))
        if inside:
            try:
                datafiles.untrusted_data_file(Path(value).name, user)
                continue
            except FileNotFoundError:
                pass
        raise SaveFormatError(
            f"{where}: a save names data files by bare name (such as 'cards.toml'), not by a path: "
            f"{short_repr(value)} (load a save you trust with load_json(text, trusted=True))", where)
    return out


def game_loader(game: str, title: str) -> Callable[..., GameState]:
    """The ``load_json`` of one game's package: :func:`load_json` with ``game=`` fixed,
    so ``ovni.load_json(text)`` reads only Ovni saves (same options, same validation)."""

    def load(text: str | bytes, **options: Any) -> GameState:
        return load_json(text, game=game, **options)

    load.__name__ = load.__qualname__ = "load_json"
    load.__doc__ = (f"Load a saved {title} game: :func:`ovnilab.load_json` (same keyword options, "
                    f"same validation), refusing a save of another game with a SaveFormatError "
                    f"naming the field ``game``.")
    return load


def read_json_object(text: str | bytes, what: str = "a saved game", short: str = "a save") -> dict[str, Any]:
    """The JSON object ``text`` (UTF-8 bytes or a str) holds, read in bounded time (at
    most ``MAX_SAVE_CHARS``, no NaN, no deep nesting); anything else is a
    :class:`SaveFormatError` that calls the text ``what`` (``short`` where shorter)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFormatError(f"not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise SaveFormatError(f"{what} is a JSON text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveFormatError(f"{what} is at most {MAX_SAVE_CHARS} characters, got {len(text)}")

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number {short} can hold")

    try:
        data = json.loads(text, parse_constant=no_constant)
    except RecursionError:
        raise SaveFormatError(f"not JSON {short} can hold: nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, integers over 4,300 digits, NaN
        raise SaveFormatError(f"not JSON {short} can hold: {_cut(str(exc), 200)}") from None
    if not isinstance(data, dict):
        raise SaveFormatError(f"{what} is a JSON object")
    return data


def load_json(text: str | bytes, *, trusted: bool = False, data_folder: str | Path | None = None,
              game: str | None = None) -> GameState:
    """Load a saved game of any registered game, validating every field.

    ``game`` (a registry name) accepts only a save of that game: each game module's
    ``load_json`` passes its own name, so ``cows.load_json`` refuses an Ovni save (field
    ``game``) before building anything.

    Everything wrong with a save is a :class:`SaveFormatError` naming the field
    (``actions[12]`` for the 13th action, with the rule it broke), raised in bounded
    time: the text, each action and every number have a size limit, and the options are
    checked before a game is built. Data files named by the save follow the paths policy
    of :mod:`ovnilab.datafiles`: bare names in the game's data folder or in
    ``data_folder``; other paths only with ``trusted=True`` (a save you made yourself).
    """
    from . import _game_module

    data = read_json_object(text)
    for key, kind in (("format", int), ("game", str), ("seed", int), ("options", dict), ("actions", list)):
        if key not in data:
            raise SaveFormatError(f"field {key!r} is missing", key)
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise SaveFormatError(f"field {key!r} must be {kind.__name__}, got {short_repr(data[key])}", key)
    unknown = sorted(set(data) - {"format", "game", "seed", "options", "actions"})
    if unknown:
        raise SaveFormatError(f"field {short_repr(unknown[0])} is not a field of a saved game", unknown[0])
    if data["format"] != SAVE_FORMAT:
        raise SaveFormatError(f"field 'format': unknown version {short_repr(data['format'])}", "format")
    if data["seed"].bit_length() > 64:
        raise SaveFormatError(f"field 'seed' must fit in 64 bits, got {short_repr(data['seed'])}", "seed")
    if game is not None and data["game"] != game:
        raise SaveFormatError(f"field 'game': a save of {short_repr(data['game'])}, not of {game!r} "
                              "(ovnilab.load_json loads any game)", "game")
    try:
        module = _game_module(data["game"])
    except KeyError:
        raise SaveFormatError(f"field 'game': unknown game {short_repr(data['game'])}", "game") from None
    actions = data["actions"]
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise SaveFormatError(f"actions[{i}] must be a string, got {short_repr(a)}", f"actions[{i}]")
        if len(a) > MAX_ACTION_CHARS:
            raise SaveFormatError(f"actions[{i}] is longer than {MAX_ACTION_CHARS} characters", f"actions[{i}]")
    options = data["options"]
    rules_cls = getattr(module, "Rules", None)
    if rules_cls is not None and isinstance(options.get("rules"), dict):
        options = dict(options, rules=check_save_files(rules_cls, options["rules"], trusted, data_folder))
    try:
        state = module.State.from_options(data["seed"], options)
    except SaveFormatError:
        raise
    except (ValueError, TypeError, OSError, RecursionError) as exc:
        raise SaveFormatError(f"options: {_cut(str(exc), 300)}", "options") from None
    for i, text_action in enumerate(actions):
        try:
            state.apply(text_action)
        # IllegalAction is a ValueError; NoLegalMove: the rule options left the position
        # before this action without a legal move, so the action cannot follow it
        except (ValueError, TypeError, LookupError, RecursionError, NoLegalMove) as exc:
            raise SaveFormatError(f"actions[{i}] {short_repr(text_action)}: {_cut(str(exc), 300)}",
                                  f"actions[{i}]") from None
    # a save may end where the rule options leave no legal move (a valid history: it loads,
    # and legal_actions() then says why the game cannot go on)
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
