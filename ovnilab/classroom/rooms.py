"""Rooms, seats and class experiments: the logic of a class playing together.

A :class:`Classroom` is the authority over every game of a class, the way a game server
is (boardgame.io's model): it holds each room's full state, checks every move against the
rules, stores it (:mod:`ovnilab.classroom.store`) and only then lets anyone see it, and
hands each seat only what that seat may see (its ``observation``, the board drawn for it,
the log masked for it). A student's page never receives the full state.

Any number of processes may hold a Classroom on the same database: the class server
(``make play``), the teacher's notebook, a test. The database decides: a move is written
inside a transaction that first brings the room up to date from the stored actions, so two
clicks on the same seat give one move and a "this position has moved on" to the other,
whichever process took them. Each process keeps the rooms' states in memory and replays
only the actions it has not seen.

What a code opens (``sessions.kind``):

* ``room``: one game. The teacher chooses which seats are for students and which for bots,
  and starts it; seats no student took are played by bots. Students join by the code.
* ``groups``: students join one code and are put into games of ``group_size`` as they
  arrive (oTree's "group by arrival time"); a student left alone longer than ``bot_wait``
  seconds gets bots in the other seats. Thirty students in fifteen cow games.
* ``experiment``: a lesson's one-shot game (:mod:`ovnilab.classroom.experiments`) played
  for several rounds; each round pairs the students (strangers: anew each round;
  partners: the same pairs) and each chooses a strategy; a bot plays the other side of an
  odd student, choosing by the lesson's equilibrium mix.

Nobody stalls the class: every decision of a student has a time limit
(``decision_seconds``; ``None`` = no limit), after which a bot decides for that seat and the
room says so. The teacher may hand a seat to a bot and back at any moment. The
:meth:`Classroom.tick` of a *director* (the class server runs one) plays the bots' moves,
the timeouts and the grouping; it is safe to run in several processes at once, since every
move goes through the same transaction.

Reconnecting: the page keeps the seat's token (``Seat.token``, from :mod:`secrets`) and
rejoins with it; the rejoin link carries it too. Typing the code and the same name again
also gives the seat back (with a new token, the old one stops working), but only when its
holder has not been seen for :data:`RECONNECT_GRACE` seconds: a classmate cannot take over
a seat whose student is still playing.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable, Mapping

from .. import GAMES
from ..bots import PlayerView, default_bots
from ..core import GameState, IllegalAction, derive_seed, load_json, make_rng
from ..i18n import _, n_
from ..refusals import refusal_message
from . import events
from .handles import Room, Seat
from .limits import (CODE_ALPHABET, CODE_LENGTH, DEFAULT_BOT_DELAY, DEFAULT_DECISION_SECONDS,  # noqa: F401
                     LOG_LINES, MAX_NAME, MAX_STUDENTS, RATE_MOVES, RATE_WINDOW, RECONNECT_GRACE,
                     ClassroomError, RateLimited, RoomBroken, StaleMove, _check_seconds, clean_code, clean_name, lookalike,
                     new_code)
from .rounds import ExperimentRounds
from .store import Store, dumps, loads, token_hash
from .views import seat_label

__all__ = ["Classroom", "ClassroomError", "StaleMove", "Seat", "Room", "CODE_ALPHABET",
           "RECONNECT_GRACE", "MAX_NAME", "DEFAULT_DECISION_SECONDS"]

# ---------------------------------------------------------------- the classroom
class Classroom(ExperimentRounds):
    """Every room, session and experiment of one database (see the module docstring)."""

    def __init__(self, store: Store | str | None = None, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store if isinstance(store, Store) else Store(store)
        self.clock = clock
        self._lock = threading.RLock()
        self._states: dict[str, tuple[GameState, int]] = {}  # room -> (state, actions before the room's)
        #: rooms whose stored game does not replay: room -> what is wrong (the class server
        #: says each once in its terminal; the room's pages and projector say it each time)
        self.broken: dict[str, str] = {}
        self._room_locks: dict[str, threading.RLock] = {}
        self._bots: dict[tuple[str, str], Any] = {}
        self._rate: dict[Any, deque] = {}
        #: moves allowed per student in RATE_WINDOW seconds (a script may raise it)
        self.rate_moves = RATE_MOVES

    # ============================================================ teacher side
    def open_room(self, game: str, seats: int | None = None, *, students: Iterable[int] | None = None,
                  bots: Mapping[int, str] | None = None, bot: str = "greedy", rules: Any = None,
                  seed: int | None = None, decision_seconds: float | None = DEFAULT_DECISION_SECONDS,
                  bot_delay: float = DEFAULT_BOT_DELAY, autostart: bool = False, **game_options: Any) -> "Room":
        """Open one game for a class and return its :class:`Room` (``room.code`` is what
        students type).

        ``seats``: the number of players (the game's own default when None; 2 for the cow
        game). Seats in ``bots`` (seat -> ``"random"``, ``"greedy"`` or ``"mcts"``) are
        bots; the others are for students (or only those in ``students``). ``bot`` is the
        bot that plays a student seat nobody took when the game starts, and decisions
        whose time ran out. ``rules`` and ``game_options`` go to the game's ``new_game``.
        ``autostart``: start as soon as every student seat is taken (else the teacher
        calls :meth:`Room.start`).
        """
        self._check_game(game)
        state = self._new_state(game, seats, rules, seed, game_options)
        n = state.num_players  # type: ignore[attr-defined]
        kinds = self._bot_kinds(game)
        if bot not in kinds:
            raise ValueError(f"bot must be one of {sorted(kinds)}, got {bot!r}")
        bots = dict(bots or {})
        for s, k in bots.items():
            if not isinstance(s, int) or not 0 <= s < n:
                raise ValueError(f"bots: seat {s!r} is not a seat of this {n}-player game (0..{n - 1})")
            if k not in kinds:
                raise ValueError(f"bots: seat {s} has bot {k!r}; the bots of {game} are {sorted(kinds)}")
        student_seats = set(range(n)) - set(bots) if students is None else set(students)
        for s in student_seats:
            if not isinstance(s, int) or not 0 <= s < n:
                raise ValueError(f"students: {s!r} is not a seat of this {n}-player game")
            if s in bots:
                raise ValueError(f"seat {s} cannot be both a student seat and a bot")
        if not student_seats:
            raise ValueError("a class room needs at least one seat for a student")
        config = {"decision_seconds": _check_seconds(decision_seconds, "decision_seconds"),
                  "bot_delay": float(bot_delay), "bot": bot, "autostart": bool(autostart)}
        now = self.clock()
        with self.store.write() as db:
            code = new_code(lambda c: db.execute("SELECT 1 FROM sessions WHERE code=?", (c,)).fetchone() is not None)
            db.execute("INSERT INTO sessions VALUES (?, 'room', ?, ?, 'waiting', ?, 0)", (code, game, dumps(config), now))
            self._insert_room(db, code, code, state, now, {
                s: ("student", bot) if s in student_seats else ("bot", bots.get(s, bot)) for s in range(n)})
        return Room(self, code)

    def open_session(self, game: str, group_size: int | None = None, *, bot: str = "greedy", rules: Any = None,
                     seed: int | None = None, bot_wait: float = 20.0,
                     decision_seconds: float | None = DEFAULT_DECISION_SECONDS,
                     bot_delay: float = DEFAULT_BOT_DELAY, **game_options: Any) -> "Room":
        """Open a code that puts arriving students into games of ``group_size`` players
        (the game's default player count when None): a group starts as soon as it is
        full; a student who waited ``bot_wait`` seconds alone starts with bots in the
        empty seats. Each group's game is seeded from ``seed`` and its number."""
        self._check_game(game)
        probe = self._new_state(game, group_size, rules, 0 if seed is None else seed, game_options)
        n = probe.num_players  # type: ignore[attr-defined]
        if bot not in self._bot_kinds(game):
            raise ValueError(f"bot must be one of {sorted(self._bot_kinds(game))}, got {bot!r}")
        if seed is None:
            seed = secrets.randbelow(2**62)
        config = {"group_size": n, "bot": bot, "seed": seed, "bot_wait": _check_seconds(bot_wait, "bot_wait"),
                  "decision_seconds": _check_seconds(decision_seconds, "decision_seconds"),
                  "bot_delay": float(bot_delay), "start": probe.to_json()}
        with self.store.write() as db:
            code = new_code(lambda c: db.execute("SELECT 1 FROM sessions WHERE code=?", (c,)).fetchone() is not None)
            db.execute("INSERT INTO sessions VALUES (?, 'groups', ?, ?, 'running', ?, 0)",
                       (code, game, dumps(config), self.clock()))
        return Room(self, code)

    def open_experiment(self, name: str, rounds: int = 5, *, matching: str = "strangers",
                        decision_seconds: float | None = 60.0, seed: int | None = None,
                        pause: float = 4.0) -> "Room":
        """Open a lesson's one-shot game (``experiments.EXPERIMENTS``) as a class
        experiment of ``rounds`` rounds; ``matching`` is ``"strangers"`` (new partners and
        roles each round) or ``"partners"`` (the same partner all session; a student who
        joins late is paired with the others who joined in the same round, or a bot);
        ``pause`` seconds between rounds let students read their payoff. The teacher
        starts it (:meth:`Room.start`)."""
        from . import experiments as xp  # numpy and nashpy: only when an experiment runs

        xp.get(name)  # a clear error for an unknown experiment
        if matching not in ("strangers", "partners"):
            raise ValueError(f"matching must be 'strangers' or 'partners', got {matching!r}")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 100:
            raise ValueError(f"rounds must be a whole number from 1 to 100, got {rounds!r}")
        if seed is None:
            seed = secrets.randbelow(2**62)
        config = {"rounds": rounds, "matching": matching, "seed": seed, "pause": float(pause),
                  "decision_seconds": _check_seconds(decision_seconds, "decision_seconds")}
        with self.store.write() as db:
            code = new_code(lambda c: db.execute("SELECT 1 FROM sessions WHERE code=?", (c,)).fetchone() is not None)
            db.execute("INSERT INTO sessions VALUES (?, 'experiment', ?, ?, 'waiting', ?, 0)",
                       (code, name, dumps(config), self.clock()))
        return Room(self, code)

    def room(self, code: str) -> "Room":
        """The :class:`Room` of an existing code (e.g. after a restart)."""
        c = clean_code(code)
        if self.store.one("SELECT 1 FROM sessions WHERE code=?", c) is None:
            raise ClassroomError(f"no class game has the code {c}")
        return Room(self, c)

    def codes(self, include_ended: bool = False) -> list[str]:
        """Every code of this database, oldest first."""
        rows = self.store.all("SELECT code, status FROM sessions ORDER BY created")
        return [r["code"] for r in rows if include_ended or r["status"] != "ended"]

    # ============================================================ student side
    def join(self, code: str, name: str) -> "Seat":
        """Join the class game of ``code`` as ``name``: a :class:`Seat` (keep its
        ``token`` to come back). Typing the same name again after a disconnection gives
        the same seat back (see the module docstring)."""
        code = clean_code(code)
        name = clean_name(name)
        now = self.clock()
        token = secrets.token_urlsafe(24)
        with self.store.write() as db:
            sess = db.execute("SELECT * FROM sessions WHERE code=?", (code,)).fetchone()
            if sess is None:
                raise ClassroomError(_("no class game has the code {code}: check it on the teacher's screen", code=code))
            if sess["status"] in ("ended", "over"):
                raise ClassroomError(_("this class game has ended"))
            old = db.execute("SELECT * FROM participants WHERE session=? AND name=?", (code, name)).fetchone()
            if old is not None:
                if now - old["last_seen"] < RECONNECT_GRACE:
                    raise ClassroomError(_("the name '{name}' is taken in this game and its player is connected: "
                                           "choose another name, or open your rejoin link", name=name))
                db.execute("UPDATE participants SET token_hash=?, last_seen=? WHERE id=?",
                           (token_hash(token), now, old["id"]))
                self.store.event(db, code, events.BACK.format(name=name), old["room"])
                self._bump(db, code, old["room"])
                return Seat(self, token)
            # a name that only looks like a classmate's (letters of another alphabet)
            similar = lookalike(name, (r["name"] for r in db.execute("SELECT name FROM participants WHERE session=?",
                                                                     (code,))))
            if similar is not None:
                raise ClassroomError(_("the name '{name}' looks like '{similar}', a classmate's name in this game "
                                       "(some of its letters come from another alphabet and look the same): "
                                       "choose another name", name=name, similar=similar))
            count = db.execute("SELECT COUNT(*) FROM participants WHERE session=?", (code,)).fetchone()[0]
            present = db.execute("SELECT COUNT(*) FROM participants WHERE session=? AND removed IS NULL",
                                 (code,)).fetchone()[0]
            if present >= MAX_STUDENTS:
                raise ClassroomError(_("this class game is full"))
            room, seat = None, None
            if sess["kind"] == "room":
                free = db.execute("SELECT seat, controller FROM seats WHERE room=? AND wanted='student' AND "
                                  "participant IS NULL ORDER BY seat LIMIT 1", (code,)).fetchone()
                if free is None:
                    n = db.execute("SELECT COUNT(*) FROM seats WHERE room=? AND wanted='student'", (code,)).fetchone()[0]
                    raise ClassroomError(n_("this game is full: its {n} student seat is taken",
                                            "this game is full: its {n} student seats are taken", n))
                room, seat = code, free["seat"]
            pid = f"p{count + 1:02d}"
            part = f"{code}:{pid}"
            db.execute("INSERT INTO participants (id, session, pid, name, token_hash, room, seat, joined, last_seen) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (part, code, pid, name, token_hash(token), room, seat, now, now))
            if room is not None:
                self._take_seat(db, code, room, seat, part, name, now)
            self._bump(db, code, room)
        try:
            self._autostart(code)
        except ClassroomError:
            # the seat is committed: the join stands (a join gives a seat and its token, or
            # changes nothing). Two last joins at once both see the room full and both
            # start it; the second start is refused because the first one ran.
            pass
        return Seat(self, token)

    # ============================================================ removing a participant
    def remove(self, code: str, who: str) -> str:
        """Take ``who`` (a name as typed, or a pseudonymous id ``p07``) out of the class
        game of ``code``: their link stops working (their page says the teacher removed
        them), a seat they held in a running game is played by a bot from now on and a
        seat in a game not yet started is free again; they are matched in no later round
        of an experiment. Their moves and choices stay in the records. For names a script
        or a prank put into the class; the name is free to be typed again. Returns the id."""
        c = clean_code(code)
        now = self.clock()
        with self.store.write() as db:
            if db.execute("SELECT 1 FROM sessions WHERE code=?", (c,)).fetchone() is None:
                raise ClassroomError(f"no class game has the code {c}")
            p = db.execute("SELECT * FROM participants WHERE session=? AND removed IS NULL AND (pid=? OR name=?)",
                           (c, str(who), str(who))).fetchone()
            if p is None:
                raise ClassroomError(f"nobody called {who!r} is in the class game {c}")
            # the row stays (records name it by id); the name goes, so it can be typed again
            db.execute("UPDATE participants SET removed=?, name=? WHERE id=?",
                       (now, f"(removed {p['pid']})", p["id"]))
            seat = db.execute("SELECT s.*, r.status FROM seats s JOIN rooms r ON r.id = s.room "
                              "WHERE s.participant=?", (p["id"],)).fetchone()
            if seat is not None:
                if seat["status"] == "waiting":
                    db.execute("UPDATE seats SET participant=NULL WHERE room=? AND seat=?", (seat["room"], seat["seat"]))
                else:
                    db.execute("UPDATE seats SET controller='bot' WHERE room=? AND seat=?", (seat["room"], seat["seat"]))
            self.store.event(db, c, events.REMOVED.format(name=p["name"]), p["room"])
            self._bump(db, c, p["room"])
        return p["pid"]

    # ============================================================ forgetting a class
    def forget(self, code: str) -> int:
        """End the class game of ``code`` and delete everything the store holds of it:
        its rooms, seats and moves, the names students typed, the experiment's rounds and
        choices, its events. One transaction, so a running server sees the class either
        whole or gone (its students' pages then say the link is no longer valid), and the
        other classes in the file stay as they are: the safe way to delete a class's data,
        where deleting the file under a running server would lose the others' moves.
        Export what you keep first (``room.results()``). Returns the rows deleted."""
        c = clean_code(code)
        # the deleted rows are overwritten in the file, not only unlinked (the names)
        self.store.read().execute("PRAGMA secure_delete=ON")
        with self.store.write() as db:
            if db.execute("SELECT 1 FROM sessions WHERE code=?", (c,)).fetchone() is None:
                raise ClassroomError(f"no class game has the code {c}")
            rooms = [r["id"] for r in db.execute("SELECT id FROM rooms WHERE session=?", (c,))]
            deleted = 0
            marks = ",".join("?" * len(rooms))
            if rooms:
                for table in ("actions", "seats"):
                    deleted += db.execute(f"DELETE FROM {table} WHERE room IN ({marks})", rooms).rowcount
            for table in ("choices", "rounds", "participants", "events", "rooms"):
                deleted += db.execute(f"DELETE FROM {table} WHERE session=?", (c,)).rowcount
            deleted += db.execute("DELETE FROM sessions WHERE code=?", (c,)).rowcount
        with self._lock:
            for room in rooms:
                self._states.pop(room, None)  # the cached game of a room that is gone
        # and out of the write-ahead log too, as soon as no page is reading an older state
        self.store.read().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return deleted

    # ============================================================ server downtime
    def mark_alive(self) -> None:
        """A class server is running now (its director says so every few seconds): what
        :meth:`resume_after_downtime` measures an outage from."""
        with self.store.write() as db:
            db.execute("INSERT INTO meta VALUES ('alive', ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                       (repr(self.clock()),))

    def resume_after_downtime(self) -> float:
        """At a class server's start: the time since a server last said it was alive is
        no student's time. Every running clock (a decision's, an experiment's round, a
        grouping lobby's wait) moves forward by it, so an outage never hands a waiting
        student's move to a bot the moment the server is back. Returns the seconds."""
        row = self.store.one("SELECT value FROM meta WHERE key='alive'")
        try:
            last = float(row["value"]) if row else None
        except ValueError:
            last = None
        now = self.clock()
        if last is None or now <= last:
            return 0.0
        down = now - last
        with self.store.write() as db:
            db.execute("UPDATE rooms SET turn_since = turn_since + ? WHERE status IN ('running', 'paused') "
                       "AND turn_since IS NOT NULL", (down,))
            db.execute("UPDATE rounds SET started = started + ? WHERE closed IS NULL", (down,))
            db.execute("UPDATE participants SET joined = joined + ? WHERE room IS NULL", (down,))
            db.execute("INSERT INTO meta VALUES ('alive', ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                       (repr(now),))
        return down

    def mark_seen(self, participants: Iterable[str]) -> None:
        """Mark ``participants`` (store ids) seen now, in one write: the class server
        calls it every few seconds for the pages waiting in a long poll, so a student
        whose page is open counts as connected however long nothing changes."""
        ids = sorted({str(p) for p in participants})
        if not ids:
            return
        now = self.clock()
        with self.store.write() as db:
            for start in range(0, len(ids), 500):  # SQLite's limit on bound values
                part = ids[start:start + 500]
                db.execute(f"UPDATE participants SET last_seen=? WHERE id IN ({','.join('?' * len(part))})",
                           (now, *part))

    def rejoin(self, token: str) -> "Seat":
        """The seat of a rejoin token (:attr:`Seat.token`)."""
        seat = Seat(self, token)
        seat._row()  # a clear error for an unknown token
        return seat

    # ============================================================ the director
    def tick(self) -> int:
        """Do what is due now in every running room of the database: a bot's move (one
        per room and call), a decision whose time ran out, a group to form, an experiment
        round to open or close. Returns how many things were done (0: nothing was due)."""
        done = 0
        for sess in self.store.all("SELECT code, kind, status FROM sessions WHERE status IN ('running', 'waiting')"):
            try:
                if sess["kind"] == "groups" and sess["status"] == "running":
                    done += self._form_groups(sess["code"])
                elif sess["kind"] == "experiment" and sess["status"] == "running":
                    done += self._experiment_tick(sess["code"])
            except ClassroomError:
                pass
        for r in self.store.all("SELECT id FROM rooms WHERE status='running'"):
            try:
                done += self._room_tick(r["id"])
            except RoomBroken as exc:  # said once (see broken); the other rooms go on
                self.broken.setdefault(r["id"], str(exc))
        return done

    def run_until_idle(self, limit: int = 100_000) -> int:
        """Call :meth:`tick` until nothing is due (tests and notebooks without a server)."""
        total = 0
        for _step in range(limit):
            k = self.tick()
            if not k:
                return total
            total += k
        raise RuntimeError(f"the class was still busy after {limit} steps")

    # ============================================================ internals: games
    def _check_game(self, game: str) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; the games are {sorted(GAMES)}")

    def _bot_kinds(self, game: str) -> dict[str, Callable[[], Any]]:
        return default_bots(game)

    def _new_state(self, game: str, seats: int | None, rules: Any, seed: int | None,
                   options: Mapping[str, Any]) -> GameState:
        import ovnilab

        kw = dict(options)
        if rules is not None:
            kw["rules"] = rules
        if seed is not None:
            kw["seed"] = seed
        if seats is not None:
            kw["num_players"] = seats
        return ovnilab.make(game, **kw)

    def _insert_room(self, db: Any, session: str, room: str, state: GameState, now: float,
                     seats: Mapping[int, tuple[str, str]]) -> None:
        db.execute("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, 'waiting', NULL, ?, 0)",
                   (room, session, state.game_name, state.to_json(), len(seats), now))
        for s, (wanted, bot) in sorted(seats.items()):
            db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, NULL)",
                       (room, s, wanted, "open" if wanted == "student" else "bot", bot))

    def _take_seat(self, db: Any, session: str, room: str, seat: int, part: str, name: str, now: float) -> None:
        row = db.execute("SELECT controller FROM seats WHERE room=? AND seat=?", (room, seat)).fetchone()
        db.execute("UPDATE seats SET participant=?, controller='student' WHERE room=? AND seat=?", (part, room, seat))
        if row is not None and row["controller"] == "bot":
            # a late student takes over from the bot that held the seat: their clock starts now
            db.execute("UPDATE rooms SET turn_since=? WHERE id=? AND status='running'", (now, room))
        self.store.event(db, session, events.TOOK_SEAT.format(name=name), room)

    def _bump(self, db: Any, session: str, room: str | None) -> None:
        db.execute("UPDATE sessions SET version=version+1 WHERE code=?", (session,))
        if room is not None:
            db.execute("UPDATE rooms SET version=version+1 WHERE id=?", (room,))

    def _room_lock(self, room: str) -> threading.RLock:
        with self._lock:
            lk = self._room_locks.get(room)
            if lk is None:
                lk = self._room_locks[room] = threading.RLock()
            return lk

    def _state(self, room: str, db: Any = None) -> tuple[GameState, int]:
        """The room's state brought up to date from the store (hold the room's lock);
        returns the state and how many of its log's actions came with its start."""
        db = db if db is not None else self.store.read()
        cached = self._states.get(room)
        if cached is None:
            row = db.execute("SELECT start FROM rooms WHERE id=?", (room,)).fetchone()
            if row is None:
                raise ClassroomError(f"no room {room}")
            try:
                st = load_json(row["start"], trusted=True)  # written by the teacher's own open_room
            except (ValueError, TypeError) as exc:  # SaveFormatError and RulesError are ValueErrors
                raise RoomBroken(_("room {room} cannot be resumed: its stored start does not load in this "
                                   "version of ovnilab ({error}); the other rooms go on", room=room, error=exc)) from None
            cached = (st, len(st.log))
            self._states[room] = cached
        st, base = cached
        rows = db.execute("SELECT seq, text FROM actions WHERE room=? AND seq>=? ORDER BY seq",
                          (room, len(st.log) - base)).fetchall()
        for r in rows:
            try:
                if r["seq"] != len(st.log) - base:
                    raise ValueError(f"the stored moves jump from {len(st.log) - base} to {r['seq']}")
                st.apply(r["text"])
            except (ValueError, TypeError) as exc:  # IllegalAction is a ValueError
                self._states.pop(room, None)
                # the reader's language (a student's page, the teacher's terminal): a
                # refusal's rule too (ovnilab.refusals), the move quoted as stored
                why = refusal_message(exc, st.game_name) if isinstance(exc, IllegalAction) else str(exc)
                raise RoomBroken(_("room {room} cannot be resumed: its stored move {seq} ({move}) does not replay in "
                                   "this version of ovnilab ({error}); the other rooms go on. End it (room.end()); its "
                                   "moves stay in the database", room=room, seq=r["seq"],
                                   move=repr(str(r["text"])[:60]), error=why)) from None
        return st, base

    def _apply(self, room: str, seat: int, text: Any, by: str, expect: int | None,
               check: Callable[[Any], None] | None = None, pre: Callable[[Any], None] | None = None) -> str:
        """Store and apply one move of ``seat`` in ``room`` (see the module docstring):
        inside a write transaction, brought up to date, checked, applied, inserted; the
        cached state is dropped if anything after the apply fails. Returns the action's
        text."""
        with self._room_lock(room):
            try:
                with self.store.write() as db:
                    st, base = self._state(room, db)
                    seq = len(st.log) - base
                    if pre is not None:
                        pre(db)
                    if expect is not None and expect != seq:
                        raise StaleMove(_("the game has moved on since your screen was drawn: look again and choose "
                                          "from the moves offered now"))
                    if st.is_over():
                        raise ClassroomError(_("this game is over"))
                    if st.current_player != seat:
                        raise StaleMove(_("it is not your turn: {seat} is to act", seat=seat_label(st, st.current_player)))
                    try:
                        st.apply(text)
                    except IllegalAction as exc:  # the rule in the mover's language
                        raise ClassroomError(refusal_message(exc, st.game_name)) from None
                    done = str(st.log[-1])
                    try:
                        if check is not None:
                            check(db)
                        now = self.clock()
                        db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", (room, seq, seat, done, by, now))
                        status = "over" if st.is_over() else None
                        db.execute("UPDATE rooms SET turn_since=?, version=version+1" +
                                   (", status='over'" if status else "") + " WHERE id=?", (now, room))
                        # only this room's version: the pages of the other games of a
                        # grouping session are not woken by this move
                        sess = db.execute("SELECT session FROM rooms WHERE id=?", (room,)).fetchone()["session"]
                        if status:
                            self._room_over(db, sess, room, st)
                    except BaseException:
                        self._states.pop(room, None)  # the move is not stored: rebuild from the store
                        raise
            except sqlite3.OperationalError as exc:
                self._states.pop(room, None)
                raise ClassroomError(_("the class database is busy, try again ({reason})", reason=exc)) from None
            return done

    def _room_over(self, db: Any, session: str, room: str, st: GameState) -> None:
        names = ", ".join(st.seat_name(w) for w in st.winners())  # type: ignore[attr-defined]
        self.store.event(db, session, events.GAME_OVER.format(names=names), room)
        kind = db.execute("SELECT kind FROM sessions WHERE code=?", (session,)).fetchone()["kind"]
        if kind == "room":
            db.execute("UPDATE sessions SET status='over', version=version+1 WHERE code=?", (session,))

    def _bot(self, room: str, kind: str, game: str) -> Any:
        key = (room, kind)
        b = self._bots.get(key)
        if b is None:
            b = self._bots[key] = self._bot_kinds(game)[kind]()
        return b

    def _room_tick(self, room: str) -> int:
        """One due move in a running room: a bot's, or a bot's for a student whose time
        ran out."""
        r = self.store.one("SELECT r.*, s.config, s.code AS session FROM rooms r JOIN sessions s ON s.code=r.session "
                           "WHERE r.id=?", room)
        if r is None or r["status"] != "running":
            return 0
        config = loads(r["config"])
        now = self.clock()
        with self._room_lock(room):
            st, base = self._state(room)
            if st.is_over():
                return 0
            seat = st.current_player
            row = self.store.one("SELECT * FROM seats WHERE room=? AND seat=?", room, seat)
            since = r["turn_since"] or now
            if row["controller"] == "bot":
                if now < since + config.get("bot_delay", 0.0):
                    return 0
                by, who = "bot", None
            elif row["controller"] in ("student", "open"):
                limit = config.get("decision_seconds")
                if limit is None or now < since + limit:
                    return 0
                by = "timeout"
                who = self.store.one("SELECT name FROM participants WHERE id=?", row["participant"]) \
                    if row["participant"] else None
            else:
                return 0
            seq = len(st.log) - base
            bot = self._bot(room, row["bot"], st.game_name)
            rng = make_rng(derive_seed(derive_seed(st.seed, 7919), seq))
            action = bot.act(PlayerView(st, seat), rng)
            text = str(action)

        def note(db: Any) -> None:
            if by == "timeout":
                # the room hears that a bot decided; only the seat's student reads what it
                # played (the move may name a hidden card)
                name = who["name"] if who else st.seat_name(seat)
                self.store.event(db, r["session"], events.TIME_RAN_OUT.format(name=name), room)
                self.store.event(db, r["session"], events.YOUR_TIME_RAN_OUT.format(move=text),
                                 room, row["participant"])

        try:
            self._apply(room, seat, text, by, expect=seq, check=note)
        except StaleMove:
            return 0  # someone moved first: nothing to do
        return 1

    def _autostart(self, code: str) -> None:
        sess = self.store.one("SELECT kind, config, status FROM sessions WHERE code=?", code)
        if sess["kind"] != "room" or sess["status"] != "waiting" or not loads(sess["config"]).get("autostart"):
            return
        open_seats = self.store.one("SELECT COUNT(*) FROM seats WHERE room=? AND wanted='student' AND "
                                    "participant IS NULL", code)[0]
        if open_seats == 0:
            Room(self, code).start()

    # ============================================================ groups
    def _form_groups(self, code: str) -> int:
        sess = self.store.one("SELECT * FROM sessions WHERE code=?", code)
        config = loads(sess["config"])
        size, wait = config["group_size"], config["bot_wait"]
        now = self.clock()
        made = 0
        with self.store.write() as db:
            lobby = db.execute("SELECT id, name, joined FROM participants WHERE session=? AND room IS NULL "
                               "AND removed IS NULL ORDER BY joined, id", (code,)).fetchall()
            while lobby:
                if len(lobby) >= size:
                    group, lobby = lobby[:size], lobby[size:]
                elif wait is not None and now - lobby[0]["joined"] >= wait:
                    group, lobby = lobby, []
                else:
                    break
                k = db.execute("SELECT COUNT(*) FROM rooms WHERE session=?", (code,)).fetchone()[0] + 1
                room = f"{code}-{k}"
                start = load_json(config["start"], trusted=True)
                opts = dict(start.options)
                st = type(start).from_options(derive_seed(config["seed"], k), opts)
                self._insert_room(db, code, room, st, now,
                                  {s: ("student", config["bot"]) if s < len(group) else ("bot", config["bot"])
                                   for s in range(size)})
                for s, p in enumerate(group):
                    db.execute("UPDATE participants SET room=?, seat=? WHERE id=?", (room, s, p["id"]))
                    self._take_seat(db, code, room, s, p["id"], p["name"], now)
                db.execute("UPDATE rooms SET status='running', turn_since=? WHERE id=?", (now, room))
                if len(group) < size:
                    self.store.event(db, code, events.bots_take(size - len(group)), room)
                self._bump(db, code, room)
                made += 1
        return made

    # ============================================================ rate limit
    def _rate_check(self, part: str) -> None:
        """Refuse a move when ``part`` made :attr:`rate_moves` accepted moves in the last
        RATE_WINDOW seconds, or four times as many refused ones (a script hammering the
        engine). The two are counted apart (:meth:`_rate_note`): a student's typos (short of
        that flood) never hold back the next legal move."""
        now = time.monotonic()
        for key, limit, what in ((part, self.rate_moves, _("too many moves in {seconds} seconds: wait a moment")),
                                 (("refused", part), 4 * self.rate_moves,
                                  _("too many refused moves in {seconds} seconds: wait a moment"))):
            q = self._rate.setdefault(key, deque())
            while q and q[0] < now - RATE_WINDOW:
                q.popleft()
            if len(q) >= limit:
                raise RateLimited(what.format(seconds=f"{RATE_WINDOW:.0f}"))

    def _rate_note(self, part: str, refused: bool) -> None:
        """Count one move of ``part`` for :meth:`_rate_check`, accepted or refused."""
        self._rate.setdefault(("refused", part) if refused else part, deque()).append(time.monotonic())
