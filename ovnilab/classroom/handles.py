"""The two handles people use: a student's :class:`Seat` and the teacher's :class:`Room`.

Both are small: a token or a code, and the :class:`~ovnilab.classroom.rooms.Classroom`
that does the work. What they return is plain data (dicts of text, numbers and an SVG
drawing), the same that the class server sends to a page, so a test or a bot that uses a
Seat sees exactly what a student sees (:meth:`Seat.view`), and nothing more.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..i18n import _
from . import events
from .limits import ClassroomError, SeatGone, StaleMove
from .store import loads, token_hash
from .views import (_events, _experiment_view, _render, _role_of, action_groups, board_view,  # noqa: F401
                    public_log_text, room_view)

if TYPE_CHECKING:  # pragma: no cover  (types only: the rooms import the handles, not the reverse)
    from .rooms import Classroom

__all__ = ["Seat", "Room", "public_log_text", "board_view", "room_view", "action_groups"]

#: a participant's last_seen is written at most this often (a write per poll would make
#: thirty polling students thirty writers)
SEEN_EVERY = 4.0


# ===================================================================== Seat
class Seat:
    """A student's place in a class game (``classroom.join(code, name)``).

    ``token`` is the seat's secret: ``classroom.rejoin(token)`` (or the page's rejoin
    link) gives it back after a reload or on another device. Every method reads the
    store, so a Seat object never goes stale.
    """

    def __init__(self, classroom: "Classroom", token: str) -> None:
        if not isinstance(token, str) or not 16 <= len(token) <= 64:

            raise SeatGone(_("this rejoin link is not valid"))
        self._cl = classroom
        self.token = token
        self._seen = 0.0

    def __repr__(self) -> str:
        try:
            p = self._row()
            where = f"room {p['room']} seat {p['seat']}" if p["room"] else "waiting for a group"
            return f"<Seat {p['name']!r} in {p['session']}, {where}>"
        except Exception:
            return "<Seat (no longer valid)>"

    # --------------------------------------------------------------- identity
    def _row(self) -> Any:

        p = self._cl.store.one("SELECT * FROM participants WHERE token_hash=?", token_hash(self.token))
        if p is None:
            raise SeatGone(_("this rejoin link is not valid (it may have been replaced when you joined "
                             "again with your name)"))
        if p["removed"] is not None:
            raise SeatGone(_("this seat is not valid any more: the teacher removed you from this class game "
                             "(join again with the code if the teacher asks you to)"))
        return p

    def _touch(self, p: Any) -> None:
        now = self._cl.clock()
        if now - p["last_seen"] >= SEEN_EVERY and now - self._seen >= SEEN_EVERY:
            self._seen = now
            with self._cl.store.write() as db:
                db.execute("UPDATE participants SET last_seen=? WHERE id=?", (now, p["id"]))

    @property
    def name(self) -> str:
        return self._row()["name"]

    @property
    def code(self) -> str:
        return self._row()["session"]

    @property
    def room(self) -> str | None:
        """The room id once the student has a game (a grouping session gives it later)."""
        return self._row()["room"]

    @property
    def seat(self) -> int | None:
        return self._row()["seat"]

    @property
    def participant_id(self) -> str:
        """The seat's participant in the store (the server marks a page that waits for a
        change as seen through it: :meth:`Classroom.mark_seen`)."""
        return str(self._row()["id"])

    @property
    def pid(self) -> str:
        """The pseudonymous id results use (``p01``...), not the name."""
        return self._row()["pid"]

    def version(self) -> int:
        """A number that grows whenever anything this seat may see changes."""
        return self._version(self._row())

    def _version(self, p: Any) -> int:
        v = self._cl.store.one("SELECT version FROM sessions WHERE code=?", p["session"])["version"]
        if p["room"]:
            v += self._cl.store.one("SELECT version FROM rooms WHERE id=?", p["room"])["version"]
        return int(v)

    # --------------------------------------------------------------- views
    def view(self, svg: bool = False, observation: bool = True, groups: bool = False) -> dict[str, Any]:
        """What this seat sees now: status, whose turn, its legal moves (texts; empty when
        it may not move), the players, the log masked for it, the events addressed to the
        room or to it; its ``observation`` (the game's own, with none of another seat's
        hidden information) and, with ``svg=True``, the board drawn for it; ``groups``: its
        moves grouped as the page shows them (:func:`action_groups`)."""
        p = self._row()
        self._touch(p)
        cl = self._cl
        sess = cl.store.one("SELECT * FROM sessions WHERE code=?", p["session"])
        base = {"code": p["session"], "kind": sess["kind"], "name": p["name"], "pid": p["pid"],
                "version": self._version(p), "events": _events(cl, p["session"], p["room"], p["id"])}
        if sess["kind"] == "experiment":
            return {**base, **_experiment_view(cl, sess, p)}
        if p["room"] is None:
            return {**base, "game": sess["game"], "status": "lobby", "your_turn": False, "legal": [],
                    "message": _("waiting for a partner: your game starts when your group is complete")}
        return {**base, **room_view(cl, p["room"], p["seat"], svg=svg, observation=observation, groups=groups)}

    def legal_actions(self) -> list[str]:
        """The moves (or strategies) this seat may make now; empty when it may not."""
        return list(self.view(observation=False)["legal"])

    def play(self, text: str, expect: int | None = None) -> str:
        """Make a move (a game action's text, or an experiment's strategy). ``expect``:
        the position (``view()["position"]``) the choice was made on; a move made on an
        older position is refused (:class:`~ovnilab.classroom.rooms.StaleMove`). Returns
        the move as stored."""

        if not isinstance(text, str):
            raise ClassroomError(_("a move is text"))
        if len(text) > 200:
            raise ClassroomError(_("a move has at most 200 characters"))
        p = self._row()
        self._cl._rate_check(p["id"])
        try:
            played = self._play(p, text, expect)
        except Exception:
            self._cl._rate_note(p["id"], refused=True)
            raise
        self._cl._rate_note(p["id"], refused=False)
        return played

    def _play(self, p: Any, text: str, expect: int | None) -> str:
        cl = self._cl
        sess = cl.store.one("SELECT * FROM sessions WHERE code=?", p["session"])
        if sess["kind"] == "experiment":
            return _experiment_play(cl, sess, p, text)
        if p["room"] is None:
            raise ClassroomError(_("your game has not started yet: waiting for your group"))
        room, seat = p["room"], p["seat"]

        def pre(db: Any) -> None:
            r = db.execute("SELECT status FROM rooms WHERE id=?", (room,)).fetchone()
            if r["status"] == "paused":
                raise ClassroomError(_("the teacher paused the game"))
            if r["status"] == "waiting":
                raise ClassroomError(_("the game has not started yet"))
            if r["status"] == "ended":
                raise ClassroomError(_("the teacher ended this game"))
            s = db.execute("SELECT controller, participant FROM seats WHERE room=? AND seat=?", (room, seat)).fetchone()
            if s["participant"] != p["id"]:
                raise ClassroomError(_("this seat is no longer yours"))
            if s["controller"] != "student":
                raise StaleMove(_("a bot plays your seat now (the teacher's choice)"))

        return cl._apply(room, seat, text, "student", expect, pre=pre)

    def wait(self, timeout: float = 10.0, since: int | None = None) -> bool:
        """Wait until something this seat sees changes (after version ``since``, default:
        now), at most ``timeout`` seconds; True when it did."""
        return _wait_for_change(self.version, timeout, since)


def _wait_for_change(version: Any, timeout: float, since: int | None) -> bool:
    """Poll ``version()`` until it differs from ``since`` (default: its value now), at most
    ``timeout`` seconds (in-process waits; the server wakes its long polls instead)."""
    start = version() if since is None else since
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if version() != start:
            return True
        time.sleep(0.05)
    return version() != start


# ============================================================== experiments
def _experiment_play(cl: "Classroom", sess: Any, p: Any, text: str) -> str:
    from . import experiments as xp  # numpy and nashpy: only when an experiment runs

    exp = xp.get(sess["game"])
    code = sess["code"]
    with cl.store.write() as db:
        s = db.execute("SELECT status FROM sessions WHERE code=?", (code,)).fetchone()
        if s["status"] != "running":
            raise ClassroomError("the experiment is not running" if s["status"] != "paused" else
                                 "the teacher paused the experiment")
        cur = db.execute("SELECT * FROM rounds WHERE session=? ORDER BY round DESC LIMIT 1", (code,)).fetchone()
        if cur is None or cur["closed"] is not None:
            raise StaleMove("no round is open now: wait for the next")
        role = _role_of(loads(cur["pairs"]), p["pid"])
        if role is None:
            raise StaleMove("you play from the next round")
        options = list(exp.strategies(role))
        folded = {o.casefold(): o for o in options}
        choice = folded.get(" ".join(text.split()).casefold())
        if choice is None:
            raise ClassroomError(f"as the {exp.roles[role]} you choose one of: {', '.join(options)}")
        if db.execute("SELECT 1 FROM choices WHERE session=? AND round=? AND participant=?",
                      (code, cur["round"], p["pid"])).fetchone():
            raise StaleMove("you already chose in this round")
        db.execute("INSERT INTO choices VALUES (?, ?, ?, ?, 'student', ?)",
                   (code, cur["round"], p["pid"], choice, cl.clock()))
        db.execute("UPDATE sessions SET version=version+1 WHERE code=?", (code,))
    cl.tick_experiment(code)
    return choice


# ===================================================================== Room
class Room:
    """The teacher's handle on a code: one game, a grouping session or an experiment.

    In a notebook it shows itself as the live projector view (the public board, who has
    joined, whose turn, and the teacher's controls); :meth:`state`, :meth:`seats` and
    :meth:`results` give the data.
    """

    def __init__(self, classroom: "Classroom", code: str) -> None:
        self._cl = classroom
        self.code = code

    def __repr__(self) -> str:
        return f"<Room {self.code}: {self.kind} of {self.game}, {self.status}>"

    def _sess(self) -> Any:
        return self._cl.store.one("SELECT * FROM sessions WHERE code=?", self.code)

    @property
    def kind(self) -> str:
        """``room`` (one game), ``groups`` or ``experiment``."""
        return self._sess()["kind"]

    @property
    def game(self) -> str:
        return self._sess()["game"]

    @property
    def status(self) -> str:
        return self._sess()["status"]

    @property
    def config(self) -> dict[str, Any]:
        return loads(self._sess()["config"])

    def version(self) -> int:
        """Grows whenever anything in this code's games changes."""
        v = self._sess()["version"]
        row = self._cl.store.one("SELECT COALESCE(SUM(version), 0) FROM rooms WHERE session=?", self.code)
        return int(v + row[0])

    @property
    def url(self) -> str | None:
        """The page students open (a running class server's address), or None."""
        return self._cl.store.server_url()

    def rooms(self) -> list[str]:
        """The ids of this code's games (one for a room, one per group)."""
        return [r["id"] for r in self._cl.store.all("SELECT id FROM rooms WHERE session=? ORDER BY created, id",
                                                     self.code)]

    def _room_id(self, room: str | int | None) -> str:

        ids = self.rooms()
        if room is None:
            if self.kind == "room":
                return self.code
            raise ClassroomError("this code has several games: say which (room=1, 2, ... or its id)")
        if isinstance(room, int) and not isinstance(room, bool):
            rid = f"{self.code}-{room}" if self.kind != "room" else self.code
        else:
            rid = str(room)
        if rid not in ids:
            raise ClassroomError(f"no game {room!r} in {self.code} (games: {', '.join(ids) or 'none yet'})")
        return rid

    def seats(self) -> list[dict[str, Any]]:
        """Who is where: one dict per seat of every game (room, seat, colour, student name
        or bot, connected), or per student of an experiment."""
        cl = self._cl
        if self.kind == "experiment":
            return [{"pid": r["pid"], "name": r["name"], "joined": r["joined"]}
                    for r in cl.store.all("SELECT * FROM participants WHERE session=? AND removed IS NULL "
                                          "ORDER BY pid", self.code)]
        out = []
        for rid in self.rooms():
            for pl in room_view(cl, rid, None, svg=False)["players"]:
                out.append({"room": rid, **pl})
        lobby = cl.store.all("SELECT name FROM participants WHERE session=? AND room IS NULL AND removed IS NULL "
                             "ORDER BY joined",
                             self.code)
        for r in lobby:
            out.append({"room": None, "seat": None, "student": r["name"], "player": r["name"],
                        "controller": "waiting", "connected": True})
        return out

    def state(self, public: bool = True, room: str | int | None = None, svg: bool = True) -> Any:
        """``public=True``: the room as the projector shows it (a dict with the public
        board: no hand, hidden token or card of anyone). ``public=False``: the full game
        state (the teacher's, for analysis: never show it to the class)."""
        rid = self._room_id(room)
        if public:
            return room_view(self._cl, rid, None, svg=svg)
        with self._cl._room_lock(rid):
            st, _base = self._cl._state(rid)
            return st.clone()

    # ------------------------------------------------------------- controls
    def _set_status(self, new: str, allowed: tuple[str, ...], message: str) -> None:

        now = self._cl.clock()
        with self._cl.store.write() as db:
            cur = db.execute("SELECT status FROM sessions WHERE code=?", (self.code,)).fetchone()["status"]
            if cur not in allowed:
                raise ClassroomError(f"cannot {message} a game that is {cur}")
            db.execute("UPDATE sessions SET status=?, version=version+1 WHERE code=?", (new, self.code))
            rooms_new = {"running": "running", "paused": "paused", "ended": "ended"}[new]
            for r in db.execute("SELECT id, status FROM rooms WHERE session=?", (self.code,)).fetchall():
                if r["status"] == "over":
                    continue  # a finished game stays finished
                db.execute("UPDATE rooms SET status=?, turn_since=?, version=version+1 WHERE id=?",
                           (rooms_new, now, r["id"]))
            if self.kind == "room" and new == "running":
                # seats no student took are played by the room's bot (a late student takes over)
                db.execute("UPDATE seats SET controller='bot' WHERE room=? AND controller='open'", (self.code,))
            if self.kind == "experiment" and new == "running":
                # a paused round's clock starts again
                db.execute("UPDATE rounds SET started=? WHERE session=? AND closed IS NULL", (now, self.code))
            self._cl.store.event(db, self.code, {"running": events.GAME_ON, "paused": events.PAUSED,
                                                 "ended": events.ENDED}[new])

    def start(self) -> None:
        """Start the game (seats nobody took are played by bots) or the experiment."""
        self._set_status("running", ("waiting",), "start")

    def pause(self) -> None:
        """Stop the clocks and the moves until :meth:`resume`."""
        self._set_status("paused", ("running",), "pause")

    def resume(self) -> None:
        self._set_status("running", ("paused",), "resume")

    def end(self) -> None:
        """End every game of this code now (results keep the finished ones)."""
        self._set_status("ended", ("waiting", "running", "paused", "over"), "end")

    close = end

    def give_to_bot(self, seat: int, bot: str | None = None, room: str | int | None = None) -> None:
        """A bot plays ``seat`` from now on (its student keeps the seat and gets it back
        with :meth:`give_back`)."""
        rid = self._room_id(room)
        kinds = self._cl._bot_kinds(self.game if self.kind != "experiment" else "")

        if bot is not None and bot not in kinds:
            raise ClassroomError(f"bot must be one of {sorted(kinds)}")
        label = self._seat_label(rid, seat)
        with self._cl.store.write() as db:
            s = db.execute("SELECT * FROM seats WHERE room=? AND seat=?", (rid, seat)).fetchone()
            if s is None:
                raise ClassroomError(f"no seat {seat!r} in {rid}")
            db.execute("UPDATE seats SET controller='bot', bot=? WHERE room=? AND seat=?",
                       (bot or s["bot"], rid, seat))
            db.execute("UPDATE rooms SET version=version+1 WHERE id=?", (rid,))
            self._cl.store.event(db, self.code, events.BOT_PLAYS.format(seat=label), rid)

    def _seat_label(self, rid: str, seat: int) -> str:
        """A seat as the class calls it: "Ana (red (Antáris))", or the seat's name alone."""
        row = self._cl.store.one("SELECT p.name FROM seats s JOIN participants p ON p.id = s.participant "
                                 "WHERE s.room=? AND s.seat=?", rid, seat)
        try:
            with self._cl._room_lock(rid):
                name = self._cl._state(rid)[0].seat_name(seat)
        except Exception:  # an unknown seat: the caller says so
            name = f"seat {seat}"
        return f"{row['name']} ({name})" if row is not None else name

    def remove(self, who: str) -> str:
        """Take a participant out of this class game (their name as typed, or their id
        ``p07``): see :meth:`Classroom.remove`. Returns their id."""
        return self._cl.remove(self.code, who)

    def give_back(self, seat: int, room: str | int | None = None) -> None:
        """Give ``seat`` back to its student (their clock starts again now)."""

        rid = self._room_id(room)
        label = self._seat_label(rid, seat)
        with self._cl.store.write() as db:
            s = db.execute("SELECT * FROM seats WHERE room=? AND seat=?", (rid, seat)).fetchone()
            if s is None:
                raise ClassroomError(f"no seat {seat!r} in {rid}")
            if s["participant"] is None:
                raise ClassroomError(f"seat {seat} has no student to give it back to")
            db.execute("UPDATE seats SET controller='student' WHERE room=? AND seat=?", (rid, seat))
            db.execute("UPDATE rooms SET version=version+1, turn_since=? WHERE id=?", (self._cl.clock(), rid))
            self._cl.store.event(db, self.code, events.PLAYS_AGAIN.format(seat=label), rid)

    def wait(self, timeout: float = 10.0, since: int | None = None) -> bool:
        """Wait until something changes (after version ``since``), at most ``timeout`` s."""
        return _wait_for_change(self.version, timeout, since)

    # ------------------------------------------------------------- results
    def forget(self) -> int:
        """End this class game and delete everything the store holds of it (see
        :meth:`Classroom.forget`): take ``results()`` first if you keep them."""
        return self._cl.forget(self.code)

    def results(self) -> Any:
        """The class's data. An experiment: :class:`experiments.Results` (one row per
        student and closed round). Games: :class:`ovnilab.sim.Results` of the finished
        games, ready for :mod:`ovnilab.analysis` like simulated games; each game's
        ``extras`` name who played each seat (``player``: the student's pseudonymous id,
        or ``bot:<kind>``) and how many of each seat's decisions a bot took (``bot_moves``)."""
        from . import experiments as xp  # numpy and nashpy: only when an experiment runs

        if self.kind == "experiment":
            return xp.Results(self._cl.experiment_rows(self.code))
        from ..sim import GameResult, Results, _outcome_fields

        games = []
        for rid in self.rooms():
            with self._cl._room_lock(rid):
                st, base = self._cl._state(rid)
                if not st.is_over():
                    continue
                st = st.clone()
            seats = self._cl.store.all("SELECT s.*, p.pid FROM seats s LEFT JOIN participants p ON p.id=s.participant "
                                       "WHERE s.room=? ORDER BY s.seat", rid)
            acts = self._cl.store.all("SELECT seat, by FROM actions WHERE room=? ORDER BY seq", rid)
            n = len(seats)
            bot_moves = [sum(1 for a in acts if a["seat"] == s and a["by"] != "student") for s in range(n)]
            # the same per-game fields as a simulated game (first player, categories,
            # extras, areas), then who sat where
            fields = _outcome_fields(st, acts[0]["seat"] if acts else None)
            fields["extras"] = dict(fields["extras"])
            fields["extras"].update({"room": rid, "player": [s["pid"] or f"bot:{s['bot']}" for s in seats],
                                     "student": [s["pid"] is not None for s in seats], "bot_moves": bot_moves})
            fields["extras"] = _json_ready(fields["extras"])
            games.append(GameResult(game=st.game_name, seed=st.seed, options=st.options, scores=tuple(st.scores()),
                                    winners=tuple(st.winners()),  # type: ignore[attr-defined]
                                    rounds=getattr(st, "round", None), steps=len(st.log) - base,
                                    log=tuple(str(a) for a in st.log[base:]), index=len(games), **fields))
        return Results(games, {"game": self.game, "source": f"class {self.code}"})

    # ------------------------------------------------------------- display
    def projector(self, **kw: Any) -> Any:
        """The live projector view (an ipywidgets box): see :mod:`.projector`."""
        from .projector import Projector

        return Projector(self, **kw)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.projector())


def _json_ready(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value))
