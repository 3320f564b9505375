"""Saved games: reading one back, in bounded time, every field checked.

:func:`load_json` reads any registered game's save (``GameState.to_json`` writes it) and
replays its log; each game's package has its own ``load_json`` (:func:`game_loader`).
Everything wrong is a :class:`SaveFormatError` naming the field. The helpers the games'
``from_options`` use to read their part of a save are here too: :func:`rules_from_dict`
(and its inverse :func:`rules_to_dict`), :func:`saved_choice`, :func:`load_saved_file`,
:func:`check_save_files` (the paths policy of :mod:`ovnilab.datafiles` for data-file
options) and :func:`read_json_object` (a JSON object read with size limits).
"""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path
from typing import Any, Callable, Sequence

from .. import datafiles
from .options import RuleOptionWarning, RulesError, _kind
from .state import SAVE_FORMAT, GameState, NoLegalMove
from .text import _cut, short_repr


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded; the message names the field, and ``field``
    holds its path (``"options.rules.hand_limit"``, ``"actions[3]"``) when it is one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


#: the longest save text ``load_json`` reads (a 400-turn Cosmic game is under 2 MB)
MAX_SAVE_CHARS = 16_000_000
#: the longest action text a save may hold (real actions are under 200 characters)
MAX_ACTION_CHARS = 1_000


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """A frozen rules dataclass as a JSON-ready dict."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


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
    from .. import _game_module

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

