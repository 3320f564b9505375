"""The two handles people use: a student's :class:`Seat` and the teacher's :class:`Room`.

Both are small: a token or a code, and the :class:`~ovnilab.classroom.rooms.Classroom`
that does the work. What they return is plain data (dicts of text, numbers and an SVG
drawing), the same that the class server sends to a page, so a test or a bot that uses a
Seat sees exactly what a student sees (:meth:`Seat.view`), and nothing more.
"""

from __future__ import annotations

import importlib
import time
from typing import TYPE_CHECKING, Any

from ..core import GameState
from .store import loads, token_hash

if TYPE_CHECKING:  # pragma: no cover
    from .rooms import Classroom

__all__ = ["Seat", "Room", "public_log_text", "board_view", "room_view", "action_groups"]

#: a participant's last_seen is written at most this often (a write per poll would make
#: thirty polling students thirty writers)
SEEN_EVERY = 4.0


def public_log_text(state: GameState, action: Any, actor: int, viewer: int | None) -> str:
    """``action`` as ``viewer`` may read it in the log (``None``: the projector, any
    onlooker): in full for the actor's own seat, masked as another seat reads it for
    everyone else (a face-down token's value, a selected card's name)."""
    if viewer is not None and actor == viewer:
        return str(action)
    describe = getattr(state, "describe", None)
    if describe is None:
        return str(action)
    n = state.num_players  # type: ignore[attr-defined]
    other = viewer if viewer is not None else (actor + 1) % n
    try:
        return describe(action, other, actor=actor)
    except TypeError:  # games whose describe takes no actor
        return describe(action, other)


def action_groups(game: str, state_actions: list[Any]) -> list[dict[str, Any]]:
    """The legal actions grouped as the boards group them (by kind, labelled, with the
    two pickers of the game's widget where it has them), as plain data for the page."""
    try:
        w = importlib.import_module(f"ovnilab.{game}.widget")
        choosers, labels = getattr(w, "_CHOOSERS", {}), getattr(w, "_LABELS", {})
    except ImportError:  # pragma: no cover - every game has a widget
        choosers, labels = {}, {}
    groups: dict[str, list[Any]] = {}
    for a in state_actions:
        groups.setdefault(getattr(a, "kind", "move"), []).append(a)
    out = []
    for kind, acts in groups.items():
        ch = choosers.get(kind)
        g: dict[str, Any] = {"kind": kind, "label": labels.get(kind, kind.replace("_", " ")),
                             "actions": [str(a) for a in acts]}
        if ch is not None and len(acts) > 6:
            g.update({"first": ch.first, "second": ch.second, "button": ch.label,
                      "keys": [[ch.key1(a), ch.key2(a)] for a in acts]})
        out.append(g)
    return out


def _render(state: GameState, viewer: int | None) -> str:
    mod = importlib.import_module(f"ovnilab.{state.game_name}.render")
    return mod.to_svg(state, viewer=viewer)


# ===================================================================== Seat
class Seat:
    """A student's place in a class game (``classroom.join(code, name)``).

    ``token`` is the seat's secret: ``classroom.rejoin(token)`` (or the page's rejoin
    link) gives it back after a reload or on another device. Every method reads the
    store, so a Seat object never goes stale.
    """

    def __init__(self, classroom: "Classroom", token: str) -> None:
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            from .rooms import ClassroomError

            raise ClassroomError("this rejoin link is not valid")
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
        from .rooms import ClassroomError

        p = self._cl.store.one("SELECT * FROM participants WHERE token_hash=?", token_hash(self.token))
        if p is None:
            raise ClassroomError("this rejoin link is not valid (it may have been replaced when you joined "
                                 "again with your name)")
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
                    "message": "waiting for a partner: your game starts when your group is complete"}
        return {**base, **room_view(cl, p["room"], p["seat"], svg=svg, observation=observation, groups=groups)}

    def legal_actions(self) -> list[str]:
        """The moves (or strategies) this seat may make now; empty when it may not."""
        return list(self.view(observation=False)["legal"])

    def play(self, text: str, expect: int | None = None) -> str:
        """Make a move (a game action's text, or an experiment's strategy). ``expect``:
        the position (``view()["position"]``) the choice was made on; a move made on an
        older position is refused (:class:`~ovnilab.classroom.rooms.StaleMove`). Returns
        the move as stored."""
        from .rooms import ClassroomError, StaleMove

        if not isinstance(text, str):
            raise ClassroomError("a move is text")
        if len(text) > 200:
            raise ClassroomError("a move has at most 200 characters")
        p = self._row()
        cl = self._cl
        cl._rate_check(p["id"])
        sess = cl.store.one("SELECT * FROM sessions WHERE code=?", p["session"])
        if sess["kind"] == "experiment":
            return _experiment_play(cl, sess, p, text)
        if p["room"] is None:
            raise ClassroomError("your game has not started yet: waiting for your group")
        room, seat = p["room"], p["seat"]

        def pre(db: Any) -> None:
            r = db.execute("SELECT status FROM rooms WHERE id=?", (room,)).fetchone()
            if r["status"] == "paused":
                raise ClassroomError("the teacher paused the game")
            if r["status"] == "waiting":
                raise ClassroomError("the game has not started yet")
            if r["status"] == "ended":
                raise ClassroomError("the teacher ended this game")
            s = db.execute("SELECT controller, participant FROM seats WHERE room=? AND seat=?", (room, seat)).fetchone()
            if s["participant"] != p["id"]:
                raise ClassroomError("this seat is no longer yours")
            if s["controller"] != "student":
                raise StaleMove("a bot plays your seat now (the teacher's choice)")

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


def _events(cl: "Classroom", session: str, room: str | None, participant: str | None, limit: int = 5) -> list[str]:
    rows = cl.store.all("SELECT text FROM events WHERE session=? AND (room IS ? OR room IS NULL) AND "
                        "(participant IS NULL OR participant IS ?) ORDER BY id DESC LIMIT ?",
                        session, room, participant, limit)
    return [r["text"] for r in reversed(rows)]


def board_view(state: GameState, base: int, viewer: int | None, svg: bool = True,
               legal: bool = False) -> dict[str, Any]:
    """What the game itself shows ``viewer`` (a seat, or None for the projector): whose
    turn, the log masked for it, the scores at the end, its legal moves (``legal``) and the
    board drawn for it. A function of the state and the viewer only: the tests check that
    it does not change when another seat's hidden information is dealt differently."""
    from .rooms import LOG_LINES

    st = state
    over = st.is_over()
    cur = None if over else st.current_player
    log = []
    for i in range(max(base, len(st.log) - LOG_LINES), len(st.log)):
        actor = st.actors[i]
        log.append(f"{i - base + 1:>4}. {st.seat_name(actor)}: {public_log_text(st, st.log[i], actor, viewer)}")
    out: dict[str, Any] = {
        "game": st.game_name, "seat": viewer, "seat_name": st.seat_name(viewer) if viewer is not None else None,
        "position": len(st.log) - base, "turn": cur, "turn_name": st.seat_name(cur) if cur is not None else None,
        "legal": [str(a) for a in st.legal_actions()] if legal and not over else [],
        "log": log, "scores": list(st.scores()) if over else None,
        "winners": [st.seat_name(w) for w in st.winners()] if over else None,  # type: ignore[attr-defined]
    }
    if svg:
        out["svg"] = _render(st, viewer)
    return out


def room_view(cl: "Classroom", room: str, viewer: int | None, svg: bool = True,
              observation: bool = False, groups: bool = False) -> dict[str, Any]:
    """A room as ``viewer`` (a seat, or None for the projector) sees it. Everything that
    depends on the game is read under the room's lock from one position, so a move made
    meanwhile (by a bot, a timeout, the student's other device) can never mix the moves
    of the seat now to act into this seat's view."""
    from .rooms import RECONNECT_GRACE

    r = cl.store.one("SELECT * FROM rooms WHERE id=?", room)
    sess = cl.store.one("SELECT config FROM sessions WHERE code=?", r["session"])
    config = loads(sess["config"])
    seats = cl.store.all("SELECT s.*, p.name, p.pid, p.last_seen FROM seats s LEFT JOIN participants p "
                         "ON p.id = s.participant WHERE s.room=? ORDER BY s.seat", room)
    now = cl.clock()
    with cl._room_lock(room):
        st, base = cl._state(room)
        over = st.is_over()
        cur = None if over else st.current_player
        players = []
        for s in seats:
            if s["controller"] == "student":
                who = s["name"]
            elif s["controller"] == "bot" and s["name"]:
                who = f"{s['name']} (a bot plays for now)"
            elif s["controller"] == "bot":
                who = f"bot ({s['bot']})"
            else:
                who = "open seat"
            players.append({"seat": s["seat"], "seat_name": st.seat_name(s["seat"]), "player": who,
                            "student": s["name"], "controller": s["controller"],
                            "connected": bool(s["name"]) and now - (s["last_seen"] or 0) < RECONNECT_GRACE})
        mine = viewer is not None and seats[viewer]["controller"] == "student"
        may_move = r["status"] == "running" and not over and cur == viewer and mine
        limit = config.get("decision_seconds")
        deadline = None
        if (r["status"] == "running" and not over and cur is not None and limit is not None
                and seats[cur]["controller"] == "student"):
            deadline = max(0.0, (r["turn_since"] or now) + limit - now)
        out: dict[str, Any] = {
            "room": room, "status": "over" if over and r["status"] != "ended" else r["status"],
            "your_turn": may_move,
            "controller": seats[viewer]["controller"] if viewer is not None else None,
            "seconds_left": deadline, "players": players,
            **board_view(st, base, viewer, svg=svg, legal=may_move),
        }
        if observation and viewer is not None:
            out["observation"] = st.observation(viewer)
        if groups:
            out["groups"] = action_groups(st.game_name, st.legal_actions()) if may_move else []
    return out


# ============================================================== experiments
def _experiment_view(cl: "Classroom", sess: Any, p: Any) -> dict[str, Any]:
    from . import experiments as xp  # numpy and nashpy: only when an experiment runs

    exp = xp.get(sess["game"])
    config = loads(sess["config"])
    code = sess["code"]
    cur = cl.store.one("SELECT * FROM rounds WHERE session=? ORDER BY round DESC LIMIT 1", code)
    out: dict[str, Any] = {"game": exp.name, "title": exp.title, "instructions": exp.instructions,
                           "status": sess["status"], "rounds": config["rounds"], "round": 0,
                           "your_turn": False, "legal": [], "role": None, "seconds_left": None,
                           "history": [r for r in cl.experiment_rows(code) if r["participant"] == p["pid"]]}
    out["total"] = sum(r["payoff"] for r in out["history"])
    if cur is None:
        out["message"] = "the experiment starts when the teacher starts it" if sess["status"] == "waiting" else \
            "the first round starts in a moment"
        return out
    out["round"] = cur["round"]
    role = _role_of(loads(cur["pairs"]), p["pid"])
    if cur["closed"] is None and role is not None:
        out["role"] = exp.roles[role]
        done = cl.store.one("SELECT choice FROM choices WHERE session=? AND round=? AND participant=?",
                            code, cur["round"], p["pid"])
        if done is None and sess["status"] == "running":
            out["your_turn"] = True
            out["legal"] = list(exp.strategies(role))
            limit = config.get("decision_seconds")
            if limit is not None:
                out["seconds_left"] = max(0.0, cur["started"] + limit - cl.clock())
            out["message"] = f"round {cur['round']} of {config['rounds']}: you are the {exp.roles[role]}; choose"
        else:
            out["message"] = (f"round {cur['round']}: you chose {done['choice']!r}; waiting for the others"
                              if done else "the teacher paused the experiment")
    elif cur["closed"] is None:
        out["message"] = f"round {cur['round']} is under way: you play from the next round"
    else:
        out["message"] = (f"round {cur['round']} of {config['rounds']} is over" +
                          ("" if sess["status"] == "over" else ": the next starts in a moment"))
    return out


def _role_of(pairs: list[dict], pid: str) -> int | None:
    for e in pairs:
        if e["row"] == pid:
            return 0
        if e["col"] == pid:
            return 1
    return None


def _experiment_play(cl: "Classroom", sess: Any, p: Any, text: str) -> str:
    from . import experiments as xp  # numpy and nashpy: only when an experiment runs

    from .rooms import ClassroomError, StaleMove

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
        from .rooms import ClassroomError

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
                    for r in cl.store.all("SELECT * FROM participants WHERE session=? ORDER BY pid", self.code)]
        out = []
        for rid in self.rooms():
            for pl in room_view(cl, rid, None, svg=False)["players"]:
                out.append({"room": rid, **pl})
        lobby = cl.store.all("SELECT name FROM participants WHERE session=? AND room IS NULL ORDER BY joined",
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
            st, _ = self._cl._state(rid)
            return st.clone()

    # ------------------------------------------------------------- controls
    def _set_status(self, new: str, allowed: tuple[str, ...], message: str) -> None:
        from .rooms import ClassroomError

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
            self._cl.store.event(db, self.code, {"running": "the game is on", "paused": "the teacher paused the game",
                                                 "ended": "the teacher ended the game"}[new])

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
        from .rooms import ClassroomError

        if bot is not None and bot not in kinds:
            raise ClassroomError(f"bot must be one of {sorted(kinds)}")
        with self._cl.store.write() as db:
            s = db.execute("SELECT * FROM seats WHERE room=? AND seat=?", (rid, seat)).fetchone()
            if s is None:
                raise ClassroomError(f"no seat {seat!r} in {rid}")
            db.execute("UPDATE seats SET controller='bot', bot=? WHERE room=? AND seat=?",
                       (bot or s["bot"], rid, seat))
            db.execute("UPDATE rooms SET version=version+1 WHERE id=?", (rid,))
            self._cl.store.event(db, self.code, f"a bot plays seat {seat} (the teacher's choice)", rid)

    def give_back(self, seat: int, room: str | int | None = None) -> None:
        """Give ``seat`` back to its student (their clock starts again now)."""
        from .rooms import ClassroomError

        rid = self._room_id(room)
        with self._cl.store.write() as db:
            s = db.execute("SELECT * FROM seats WHERE room=? AND seat=?", (rid, seat)).fetchone()
            if s is None:
                raise ClassroomError(f"no seat {seat!r} in {rid}")
            if s["participant"] is None:
                raise ClassroomError(f"seat {seat} has no student to give it back to")
            db.execute("UPDATE seats SET controller='student' WHERE room=? AND seat=?", (rid, seat))
            db.execute("UPDATE rooms SET version=version+1, turn_since=? WHERE id=?", (self._cl.clock(), rid))
            self._cl.store.event(db, self.code, f"seat {seat} is its student's again", rid)

    def wait(self, timeout: float = 10.0, since: int | None = None) -> bool:
        """Wait until something changes (after version ``since``), at most ``timeout`` s."""
        return _wait_for_change(self.version, timeout, since)

    # ------------------------------------------------------------- results
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
