"""A class plays together: game rooms on the students' own screens, and class experiments.

The teacher, in a notebook::

    from ovnilab import classroom
    room = classroom.open_room("cows")                     # two student seats
    room = classroom.open_room("cosmic", seats=5, bots={2: "greedy", 3: "greedy", 4: "greedy"})
    groups = classroom.open_session("cows", group_size=2)  # pairs students as they arrive
    exp = classroom.open_experiment("encounter", rounds=5, matching="strangers")
    room                 # the live projector view: public board, who joined, controls
    room.results()       # the class's data (sim.Results for games; a table for experiments)

Students open the page that ``make play`` serves, choose "join a class game" and type the
code and a name. The same seat is reachable from Python (the page uses the same
operations through the class server's HTTP API)::

    seat = classroom.join("K7QX2M", "Ana")
    seat.view(); seat.legal_actions(); seat.play("draw 2"); seat.wait(10)
    classroom.rejoin(seat.token)

Where things live: :mod:`.store` (the SQLite file every process shares), :mod:`.rooms`
(the rules of a class: seats, turns, time limits, bots, groups, experiments),
:mod:`.handles` (:class:`Seat`, :class:`Room`), :mod:`.experiments` (the lessons' one-shot
games and their statistics), :mod:`.server` (the page and its HTTP API), :mod:`.client`
(the same Seat over HTTP), :mod:`.projector` (the teacher's widget).

The functions here use one :class:`Classroom` on the default database
(``$OVNILAB_CLASSROOM_DB``, which ``make lab`` and ``make play`` point at the project's
``.run/classroom.sqlite``); :func:`use` chooses another file.
"""

from __future__ import annotations

import os
from typing import Any

from .handles import Room, Seat
from .rooms import Classroom, ClassroomError, RateLimited, StaleMove
from .store import Store

__all__ = ["Classroom", "ClassroomError", "StaleMove", "RateLimited", "Room", "Seat", "Store",
           "open_room", "open_session", "open_experiment", "join", "rejoin", "room", "use", "current", "forget"]

_current: Classroom | None = None


def use(path: str | os.PathLike[str] | None = None) -> Classroom:
    """Use the class database at ``path`` (default: :func:`store.default_path`) for the
    functions of this module; returns its :class:`Classroom`."""
    global _current
    _current = Classroom(Store(path))
    return _current


def current() -> Classroom:
    """The :class:`Classroom` the functions of this module use (opened on first use)."""
    return _current if _current is not None else use()


def open_room(game: str, seats: int | None = None, **kw: Any) -> Room:
    """Open one game for the class: see :meth:`Classroom.open_room`."""
    return current().open_room(game, seats, **kw)


def open_session(game: str, group_size: int | None = None, **kw: Any) -> Room:
    """Open a code that groups students into games as they arrive: see
    :meth:`Classroom.open_session`."""
    return current().open_session(game, group_size, **kw)


def open_experiment(name: str, rounds: int = 5, **kw: Any) -> Room:
    """Open a lesson's one-shot game as a class experiment: see
    :meth:`Classroom.open_experiment`."""
    return current().open_experiment(name, rounds, **kw)


def join(code: str, name: str) -> Seat:
    """Join a class game as a student: see :meth:`Classroom.join`."""
    return current().join(code, name)


def rejoin(token: str) -> Seat:
    """Come back to a seat with its token: see :meth:`Classroom.rejoin`."""
    return current().rejoin(token)


def room(code: str) -> Room:
    """The teacher's handle on an existing code."""
    return current().room(code)


def forget(code: str) -> int:
    """End a class game and delete its data (rooms, moves, names, choices): see
    :meth:`Classroom.forget`."""
    return current().forget(code)
