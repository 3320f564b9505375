"""Fuzz ``load_json`` with mutated and hostile saves of the three games.

Whatever the text, loading it either gives a game that saves and loads again to the same
position, or raises ``SaveFormatError`` naming the field -- never another exception,
never slowly, never before the options are checked, and never reading a file outside the
game's data folder (or the user data folder the caller names)."""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import signal
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

import ovnilab
from ovnilab import SaveFormatError, cosmic, cows, ovni
from ovnilab.datafiles import data_dir, is_bare_name, read_data_file

#: (game, new_game, the game's data folder name, its data-file options)
GAMES = {
    "ovni": (lambda seed: ovni.new_game(3, seed=seed), "ovni", ("board_file", "cards_file")),
    "cows": (lambda seed: cows.new_game(seed=seed, discard_areas=1 + seed % 2), "cows", ("cards_file",)),
    "cosmic": (lambda seed: cosmic.new_game(3 + seed % 3, seed=seed), "cosmic", ("deck_file",)),
}

HOSTILE: list[Any] = [None, True, False, 0, -1, 1, 3.0, 2.5, 10**30, -(10**30), 10**4000, "", "x", "a" * 5000,
                      [], [None], [[[[[]]]]], {}, {"rules": {}}, "../../../../etc/passwd", "/dev/zero",
                      "keep missions +", "draw", "pass", "\0", "é" * 10]

#: seconds one load may take (a real save loads in milliseconds; generous for a busy machine)
LOAD_LIMIT = 10.0


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the block takes longer than ``seconds``."""
    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextmanager
def files_touched() -> Iterator[list[str]]:
    """Record every path the block opens or stats (through ``os``), to check that a save
    makes the library look nowhere but the allowed folders."""
    seen: list[str] = []
    real_open, real_stat = os.open, os.stat

    def rec_open(path: Any, *a: Any, **k: Any) -> Any:
        seen.append(os.fspath(path) if not isinstance(path, int) else "")
        return real_open(path, *a, **k)

    def rec_stat(path: Any, *a: Any, **k: Any) -> Any:
        if not isinstance(path, int):
            seen.append(os.fspath(path))
        return real_stat(path, *a, **k)

    os.open, os.stat = rec_open, rec_stat  # type: ignore[assignment]
    try:
        yield seen
    finally:
        os.open, os.stat = real_open, real_stat  # type: ignore[assignment]


def _inside(path: str, *folders: Path) -> bool:
    p = Path(os.path.abspath(path))
    return any(p.parent == f.resolve() or p == f.resolve() for f in folders)


def base_save(game: str, seed: int, steps: int) -> dict[str, Any]:
    """A real save: a short random game of ``game``."""
    state = GAMES[game][0](seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return json.loads(state.to_json())


def _paths(d: Any, prefix: str = "") -> list[str]:
    """Every field of a save as a dotted path (``options.rules.hand_limit``, ``actions[3]``)."""
    out = [prefix] if prefix else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += _paths(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(d, list):
        for i, v in enumerate(d[:6]):
            out += _paths(v, f"{prefix}[{i}]")
    return out


def _set(d: dict[str, Any], path: str, value: Any, delete: bool = False) -> None:
    keys: list[Any] = []
    for part in path.split("."):
        name, _, rest = part.partition("[")
        keys.append(name)
        if rest:
            keys.append(int(rest.rstrip("]")))
    target = d
    for k in keys[:-1]:
        target = target[k]
    if delete:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value


def load_checked(text: str | bytes, game: str, **kw: Any) -> ovnilab.GameState | SaveFormatError:
    """Load ``text``: a game that saves and loads again, or a SaveFormatError (returned)
    whose message names its field. Anything else (another exception, a slow load, a look at a
    file outside the data folders) fails the test."""
    folders = [data_dir() / GAMES[game][1]]
    if kw.get("data_folder") is not None:
        folders.append(Path(kw["data_folder"]))
    start = time.perf_counter()
    with time_limit(LOAD_LIMIT * 3), files_touched() as seen:
        try:
            state = ovnilab.load_json(text, **kw)
        except SaveFormatError as exc:
            state = exc
            msg = str(exc)
            assert msg, "an empty error message"
            assert len(msg) < 5000, "the message is not bounded"
            if exc.field is not None:
                assert exc.field in msg or exc.field.split(".")[-1] in msg, (exc.field, msg)
    assert time.perf_counter() - start < LOAD_LIMIT
    if not kw.get("trusted"):
        outside = [p for p in seen if p and not _inside(p, *folders)]
        assert not outside, f"looked outside the data folders: {outside[:3]}"
    if not isinstance(state, SaveFormatError):
        again = ovnilab.load_json(state.to_json(), **kw)
        assert again == state and again.to_json() == state.to_json()
    return state


@pytest.mark.parametrize("game", GAMES)
def test_mutated_saves(game):
    """Every field of real saves replaced by hostile values, deleted, or joined by an
    unknown field; the options checked before a game is built."""
    rng = random.Random(f"saves-{game}")
    built: list[int] = []
    cls = type(GAMES[game][0](0))
    real_init = cls.__init__

    def counting_init(self: Any, *a: Any, **k: Any) -> None:
        real_init(self, *a, **k)
        built.append(1)  # a game was built (its set-up finished)

    start = time.perf_counter()
    accepted = refused = 0
    for seed in range(4):
        good = base_save(game, seed, steps=25)
        assert not isinstance(load_checked(json.dumps(good), game), SaveFormatError)
        paths = [p for p in _paths(good) if p]
        for _ in range(120):
            d = copy.deepcopy(good)
            path = rng.choice(paths)
            roll = rng.random()
            if roll < 0.1:
                _set(d, path, None, delete=True)
            elif roll < 0.15 and isinstance(eval_path(d, path), dict):
                _set(d, path + ".unknown_field", 1)
            else:
                _set(d, path, rng.choice(HOSTILE))
            built.clear()
            cls.__init__ = counting_init  # type: ignore[method-assign]
            try:
                state = load_checked(json.dumps(d), game)
            finally:
                cls.__init__ = real_init  # type: ignore[method-assign]
            if isinstance(state, SaveFormatError):
                refused += 1
                if not (state.field or "").startswith("actions["):
                    assert not built, f"a game was built before {state.field or state} was refused"
            else:
                accepted += 1
    assert refused > 100 and accepted > 0
    # bounded: a few seconds alone; generous against a loaded machine
    assert time.perf_counter() - start < 120


def eval_path(d: Any, path: str) -> Any:
    for part in path.split("."):
        name, _, rest = part.partition("[")
        d = d[name]
        if rest:
            d = d[int(rest.rstrip("]"))]
    return d


@pytest.mark.parametrize("game", GAMES)
def test_hostile_texts(game):
    """Texts that are not saves at all, or saves built to exhaust the loader."""
    good = base_save(game, 1, steps=10)
    text = json.dumps(good)
    hostile: list[str | bytes] = [
        "", "null", "[]", "{", "[" * 1000 + "]" * 1000, "[" * 200_000, '{"a":' * 5000,
        text[: len(text) // 2], text.replace("1", "1" * 4400, 1), text.replace('"seed": ', '"seed": NaN, "x": ', 1),
        b"\xff\xfe\x00", text.encode("utf-8"), " " * 1000 + text,
        json.dumps(dict(good, seed=2**70)), json.dumps(dict(good, seed=-(2**70))),
        json.dumps(dict(good, format=1.0)), json.dumps(dict(good, game="chess")), json.dumps(dict(good, extra=1)),
        json.dumps(dict(good, actions=["x" * 200_000])), json.dumps(dict(good, actions=["pass"] * 100_000)),
        json.dumps(dict(good, actions=good["actions"] + [good["actions"][0]] * 50_000)),
        json.dumps(dict(good, options=dict(good["options"], rules=[]))),
        json.dumps(dict(good, options=dict(good["options"], rules={"x" * 10_000: 1}))),
    ]
    for h in hostile:
        load_checked(h, game)
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        ovnilab.load_json("[" * 200_000)
    with pytest.raises(SaveFormatError):
        ovnilab.load_json(12)  # type: ignore[arg-type]


def _file_save(game: str, field: str, value: Any) -> str:
    d = base_save(game, 2, steps=5)
    d["options"]["rules"][field] = value
    return json.dumps(d)


@pytest.mark.parametrize("game", GAMES)
def test_data_file_paths_policy(game, tmp_path):
    """A save names data files by bare name; paths are refused unless trusted, the error
    does not tell whether an outside file exists, and only regular files are read."""
    _, folder_name, fields = GAMES[game]
    shipped = data_dir() / folder_name
    outside = tmp_path / "outside.toml"
    shutil.copy(shipped / ("deck.toml" if game == "cosmic" else "cards.toml"), outside)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for field in fields:
        where = f"options.rules.{field}"
        # a bare name of a shipped file loads; of no file, a clear error
        default = {"board_file": "board.toml", "cards_file": "cards.toml", "deck_file": "deck.toml"}[field]
        assert not isinstance(load_checked(_file_save(game, field, default), game), SaveFormatError)
        for value in ("nope.toml", "a" * 300, ".hidden", "..", "C:x.toml", "sub/cards.toml", str(outside),
                      str(tmp_path / "missing.toml"), "../../../../etc/passwd", "/dev/zero", str(fifo), "\0",
                      7, 1.5, ["cards.toml"], {"a": 1}, True):
            with pytest.raises(SaveFormatError) as ei:
                ovnilab.load_json(_file_save(game, field, value))
            assert ei.value.field == where and where in str(ei.value)
            load_checked(_file_save(game, field, value), game)
        # an outside file that exists and one that does not give the same message (in a
        # folder with a short name, so the message shows both paths whole)
        short = Path(tempfile.mkdtemp(prefix="o"))
        shutil.copy(outside, short / "outside.toml")
        msgs = []
        for p in (short / "outside.toml", short / "missing.toml"):
            with pytest.raises(SaveFormatError) as ei:
                ovnilab.load_json(_file_save(game, field, str(p)))
            msgs.append(str(ei.value).replace(str(p), "<path>"))
        shutil.rmtree(short)
        assert msgs[0] == msgs[1]
        # trusted: paths are read, but never a device or a pipe, and in bounded time; a file
        # that is there but is not the game's data is named as the option too
        broken = tmp_path / "broken.toml"
        broken.write_text("[[[")
        for value in ("/dev/zero", str(fifo), str(tmp_path), "y" * 300, str(tmp_path / "missing.toml"), str(broken)):
            with time_limit(LOAD_LIMIT), pytest.raises(SaveFormatError) as ei:
                ovnilab.load_json(_file_save(game, field, value), trusted=True)
            assert ei.value.field == where
        big = tmp_path / "big.toml"
        big.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
        with time_limit(LOAD_LIMIT), pytest.raises(SaveFormatError, match="larger than"):
            ovnilab.load_json(_file_save(game, field, str(big)), trusted=True)


def test_a_user_data_folder_given_explicitly(tmp_path):
    """A set kept in a user data folder loads by bare name when the caller names the
    folder, and the game saves and loads again the same way."""
    mine = tmp_path / "my_data"
    mine.mkdir()
    shutil.copy(data_dir() / "cows" / "cards.toml", mine / "my_cards.toml")
    text = _file_save("cows", "cards_file", "my_cards.toml")
    with pytest.raises(SaveFormatError, match="no data file named 'my_cards.toml'"):
        ovnilab.load_json(text)
    state = load_checked(text, "cows", data_folder=mine)
    assert not isinstance(state, SaveFormatError) and Path(state.rules.cards_file) == (mine / "my_cards.toml").resolve()
    # another folder does not open it, nor a path outside the folder
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(SaveFormatError):
        ovnilab.load_json(state.to_json(), data_folder=other)
    with pytest.raises(SaveFormatError, match="bare name"):
        ovnilab.load_json(_file_save("cows", "cards_file", str(tmp_path / "x" / "my_cards.toml")), data_folder=mine)


def test_only_regular_files_are_read(tmp_path):
    """The reader itself (under the path checks) refuses devices, pipes and folders
    without blocking, and reads at most its limit."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for p in ("/dev/zero", str(fifo), str(tmp_path)):
        with time_limit(LOAD_LIMIT), pytest.raises(OSError):
            read_data_file(p)
    f = tmp_path / "f.toml"
    f.write_bytes(b"a = 1\n" * 100)
    assert read_data_file(f) == b"a = 1\n" * 100
    with pytest.raises(OSError, match="larger than 10 bytes"):
        read_data_file(f, limit=10)
    assert is_bare_name("board_ring.toml") and is_bare_name("São Paulo.toml")
    for name in ("", ".", "..", ".x", "a/b", "a\\b", "C:x", "a" * 256, " a", "a\n", "a\0", None, 7):
        assert not is_bare_name(name), name


def test_a_game_only_starts_from_a_seed_a_save_can_hold():
    """Every game that starts can be saved and loaded again: a seed over 64 bits is refused
    when the game is made, not later when its save will not load."""
    import ovnilab

    for name in ("ovni", "cows", "cosmic"):
        with pytest.raises(ValueError, match="64 bits"):
            ovnilab.make(name, seed=2**70)
        game = ovnilab.make(name, seed=2**63 - 1)
        assert ovnilab.load_json(game.to_json()) == game


def test_each_game_module_loads_only_its_own_saves():
    import ovnilab
    from ovnilab import cosmic, cows, ovni

    modules = {"ovni": ovni, "cows": cows, "cosmic": cosmic}
    saves = {name: ovnilab.make(name, seed=3).to_json() for name in modules}
    for name, module in modules.items():
        assert module.load_json(saves[name]).game_name == name
        for other, text in saves.items():
            if other != name:
                with pytest.raises(ovnilab.SaveFormatError) as err:
                    module.load_json(text)
                assert err.value.field == "game" and other in str(err.value)
