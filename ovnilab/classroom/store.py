"""The classroom's durable store: one SQLite file that every process of a class shares.

Why SQLite: it is in Python's standard library, needs no server to install or start, and
its transactions are what a class needs. Every action a student or a bot takes is a row
inserted inside a ``BEGIN IMMEDIATE`` transaction (one writer at a time, across processes:
the server, the teacher's notebook, a test), committed before anyone is told about it.
The action's place in its game is the row's key ``(room, seq)``, so an action can never be
stored twice, and a writer that read an older position than the database holds sees it
when it re-reads inside the transaction and refuses (the "stale move" of two students
clicking at once).

Durability: the file is in WAL mode with ``synchronous=FULL``, so a commit survives the
server being killed (``kill -9``) and the machine losing power; on restart the rooms are
rebuilt by replaying each room's stored actions from its saved start (the same replay as
``ovnilab.load_json``).

Seat tokens are never stored: only their SHA-256, so a copy of the database does not let
anyone act for a student.

The tables (``SCHEMA``): ``sessions`` (what a join code opens: one room, a session that
groups arriving students into rooms, or an experiment), ``rooms`` (a game: its saved
start, status, the time the current decision began), ``seats`` (who plays each seat: a
student, a bot, or nobody yet), ``participants`` (a student in a session: name, token
hash, room and seat once given, and when the teacher removed them), ``actions`` (every game action, in order),
``rounds``/``choices`` (experiments), ``events`` (what the room says to people: a time
limit that ran out, the teacher pausing), ``servers`` (the address a class server
announces, read by the teacher's notebook).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator

__all__ = ["Store", "default_path", "token_hash", "SCHEMA_VERSION", "DatabaseGone", "DatabaseUnwritable",
           "DatabaseDamaged", "DatabaseUnusable"]

SCHEMA_VERSION = 2
#: what each older schema needs to read as the current one (2: a participant the teacher
#: removed keeps its row, for the records, with the time it was removed)
MIGRATIONS = {1: ["ALTER TABLE participants ADD COLUMN removed REAL"]}

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('room', 'groups', 'experiment')),
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions(code),
    game TEXT NOT NULL,
    start TEXT NOT NULL,
    nseats INTEGER NOT NULL,
    status TEXT NOT NULL,
    turn_since REAL,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rooms_session ON rooms(session);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    wanted TEXT NOT NULL,
    controller TEXT NOT NULL,
    bot TEXT NOT NULL,
    participant TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS participants (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions(code),
    pid TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    room TEXT,
    seat INTEGER,
    joined REAL NOT NULL,
    last_seen REAL NOT NULL,
    removed REAL,
    UNIQUE (session, name)
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS rounds (
    session TEXT NOT NULL REFERENCES sessions(code),
    round INTEGER NOT NULL,
    pairs TEXT NOT NULL,
    started REAL NOT NULL,
    closed REAL,
    PRIMARY KEY (session, round)
);
CREATE TABLE IF NOT EXISTS choices (
    session TEXT NOT NULL REFERENCES sessions(code),
    round INTEGER NOT NULL,
    participant TEXT NOT NULL,
    choice TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (session, round, participant)
);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session TEXT NOT NULL,
    room TEXT,
    participant TEXT,
    at REAL NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_room ON events(room);
CREATE TABLE IF NOT EXISTS servers (
    url TEXT PRIMARY KEY,
    pid INTEGER NOT NULL,
    started REAL NOT NULL,
    heartbeat REAL NOT NULL
);
"""


def default_path() -> Path:
    """Where the class's database lives: ``$OVNILAB_CLASSROOM_DB`` when set (``make lab``
    and ``make play`` set it to the project's ``.run/classroom.sqlite``, so the teacher's
    notebook and the class server share one file), else ``.run/classroom.sqlite`` under the
    current folder."""
    env = os.environ.get("OVNILAB_CLASSROOM_DB")
    return Path(env) if env else Path.cwd() / ".run" / "classroom.sqlite"


def token_hash(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class DatabaseUnusable(RuntimeError):
    """Nothing can be saved in the class's database now: every page is told why (a 503)
    and the terminal says it once."""


class DatabaseGone(DatabaseUnusable):
    """The class's database file was removed or replaced while this process used it:
    what is written now would be lost, so nothing is (the message says what to do)."""


class DatabaseUnwritable(DatabaseUnusable):
    """The class's database file cannot be written (a read-only file or folder, a full
    disk, a failing drive): said as such, not as "busy, try again"."""


def _unwritable(path: Any, exc: BaseException) -> bool:
    """Whether ``exc`` says the file cannot be written (not that another writer holds it)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return not ("locked" in text or "busy" in text) and any(
        w in text for w in ("readonly", "read-only", "disk i/o", "unable to open", "disk is full", "full"))


class DatabaseDamaged(RuntimeError):
    """The class's database file is not a sound SQLite database (damaged, truncated, or
    another kind of file): the message names the file and what to do."""


class Store:
    """The SQLite file of a class (see the module docstring).

    One connection per thread (SQLite connections are not shared across threads);
    :meth:`read` gives a connection for queries, :meth:`write` a transaction that holds
    the database's write lock from its first statement (``BEGIN IMMEDIATE``) and commits
    on leaving the block, or rolls back on an exception.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._init()
        self._identity = self._file_identity()

    def _file_identity(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def check_file(self) -> None:
        """Raise :class:`DatabaseGone` when the file this store opened is no longer at its
        path (deleted, or replaced by another file): SQLite would go on writing into the
        deleted file, and every move acknowledged from then on would be lost."""
        if self._file_identity() != self._identity:
            raise DatabaseGone(f"the class database {self.path} was deleted or replaced while the class server "
                               "was running: nothing is saved any more. Stop the server (Ctrl+C) and start it "
                               "again; to delete a class's data, end the class and stop the server first")

    def _init(self) -> None:
        try:
            db = self._conn()
            # a damaged file must be said before anything is served from it
            problems = [r[0] for r in db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError("; ".join(str(p) for p in problems[:3]))
            # executescript issues its own COMMIT: run it outside any transaction
            db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed", a failed check
            self.close()
            raise DatabaseDamaged(f"the class database {self.path} is damaged ({exc}). Keep the file if its "
                                  "classes matter (rename it), and start with a new one: delete or move it, or "
                                  "set OVNILAB_CLASSROOM_DB to another file") from None
        row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            with self.write() as w:
                w.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) in MIGRATIONS:
            with self.write() as w:
                for step in range(int(row[0]), SCHEMA_VERSION):
                    for sql in MIGRATIONS[step]:
                        w.execute(sql)
                w.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION),))
        elif int(row[0]) != SCHEMA_VERSION:
            raise RuntimeError(f"{self.path}: classroom database schema {row[0]}, this ovnilab reads "
                               f"{SCHEMA_VERSION}; use another file (OVNILAB_CLASSROOM_DB)")

    def _conn(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            # isolation_level=None: we issue BEGIN/COMMIT ourselves; timeout: wait for
            # another process's write lock instead of failing at once
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=True)
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before we answer
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=30000")
            self._local.db = db
            self._local.depth = 0
        return db

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``): committed when the block ends,
        rolled back when it raises. Nested blocks join the outer transaction."""
        db = self._conn()
        if self._local.depth:
            self._local.depth += 1
            try:
                yield db
            finally:
                self._local.depth -= 1
            return
        if hasattr(self, "_identity"):  # (not while the schema is being created)
            self.check_file()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            self._say_unwritable(exc)
            raise
        self._local.depth = 1
        try:
            yield db
        except BaseException as exc:
            self._local.depth = 0
            with contextlib.suppress(sqlite3.Error):  # the transaction may be gone with the error
                db.execute("ROLLBACK")
            self._say_unwritable(exc)
            raise
        else:
            self._local.depth = 0
            try:
                db.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                self._say_unwritable(exc)
                raise

    def _say_unwritable(self, exc: BaseException) -> None:
        if _unwritable(self.path, exc):
            raise DatabaseUnwritable(f"cannot write the class database {self.path} ({exc}): check that the "
                                     "file and its folder may be written and that the disk has room, then "
                                     "try again; what was saved before is kept") from None

    def read(self) -> sqlite3.Connection:
        """A connection for queries (each statement sees the last committed data)."""
        return self._conn()

    def close(self) -> None:
        """Close this thread's connection (others close when their thread ends)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # ------------------------------------------------------------ small helpers
    def one(self, sql: str, *args: Any) -> sqlite3.Row | None:
        return self.read().execute(sql, args).fetchone()

    def all(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        return self.read().execute(sql, args).fetchall()

    def event(self, db: sqlite3.Connection, session: str, text: str, room: str | None = None,
              participant: str | None = None) -> None:
        """Record a message for the people of a room (inside the caller's transaction)."""
        db.execute("INSERT INTO events (session, room, participant, at, text) VALUES (?, ?, ?, ?, ?)",
                   (session, room, participant, time.time(), text))

    def announce(self, url: str) -> None:
        """A class server says where students reach it (read by :meth:`server_url`)."""
        now = time.time()
        with self.write() as db:
            db.execute("INSERT INTO servers VALUES (?, ?, ?, ?) ON CONFLICT(url) DO UPDATE SET "
                       "pid=excluded.pid, heartbeat=excluded.heartbeat", (url, os.getpid(), now, now))

    def withdraw(self, url: str) -> None:
        with self.write() as db:
            db.execute("DELETE FROM servers WHERE url=?", (url,))

    def server_url(self, fresh: float = 15.0) -> str | None:
        """The address of a class server that announced itself in the last ``fresh``
        seconds, or None when none runs."""
        row = self.one("SELECT url FROM servers WHERE heartbeat > ? ORDER BY heartbeat DESC LIMIT 1",
                       time.time() - fresh)
        return row["url"] if row else None


def loads(text: str) -> Any:
    """JSON the store wrote (configs, pairs)."""
    return json.loads(text)


def dumps(value: Any) -> str:
    """JSON as the store writes it (sorted keys: the same config gives the same text)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)
