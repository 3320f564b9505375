"""What a page shows of a class game, as plain data: the public board or one seat's,
the log as that seat may read it, the moves grouped as the boards group them, the room's
events, an experiment's round as a participant sees it.

The class server sends these dicts to the pages, the projector draws them and a
:class:`~.handles.Seat` returns them, so a test or a bot that uses a Seat sees exactly what
a student sees. They read the :class:`~.rooms.Classroom` they are given and import
nothing above the store and the shared limits.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any

from ..core import GameState
from ..i18n import LOCALES, _, format_list, get_language, pgettext
from .events import event_text
from .limits import LOG_LINES, RECONNECT_GRACE
from .store import loads

if TYPE_CHECKING:  # pragma: no cover
    from .rooms import Classroom

__all__ = ["public_log_text", "board_view", "room_view", "action_groups", "seat_label"]


def public_log_text(state: GameState, action: Any, actor: int, viewer: int | None) -> str:
    """``action`` as ``viewer`` may read it in the log (``None``: the projector, any
    onlooker): in full for the actor's own seat, masked as another seat reads it for
    everyone else (a face-down token's value, a selected card's name); the projector reads
    it as the seat after the actor does. A game without ``describe`` masks nothing. An
    action read in full is said as the game's board says it (its ``action_label``, in
    the language in force: a Portuguese log read "keep missions 2" where the solo board's
    said "manter missões 2"; in English the notation itself), a masked one as its board's
    log says it where the game has words for that (Ovni's ``log_text``)."""
    describe = getattr(state, "describe", None)
    other = viewer
    if (viewer is not None and actor == viewer) or describe is None:
        text = str(action)
    else:
        n = state.num_players  # type: ignore[attr-defined]
        other = viewer if viewer is not None else (actor + 1) % n
        try:
            text = describe(action, other, actor=actor)
        except TypeError:  # games whose describe takes no actor
            text = describe(action, other)
    game = getattr(state, "game_name", None)
    if not isinstance(game, str):
        return text
    # masked, the game's board may say it in the language in force (Ovni's log_text:
    # "manter 2 missões"); read in full, as the board's buttons say it
    # (no fallback on an error: every line of a log is one of the game's actions, and a label
    # that fails on one is a bug to see, not to hide behind the notation)
    words, arg = ((_game_words(game, "log_text"), (state, action, other)) if text != str(action)
                  else (_game_words(game, "action_label"), (action,)))
    return words(*arg) if words is not None else text


def action_groups(game: str, state_actions: list[Any]) -> list[dict[str, Any]]:
    """The legal actions grouped as the boards group them (by kind, labelled, with the
    two pickers of the game's widget where it has them), as plain data for the page, in
    the language in force as the game's board says them: ``actions`` are the notation a
    click plays (one language), ``labels`` what each button or menu entry shows (the
    game's ``action_label``: "mover Berlim → Paris")."""
    try:
        w = importlib.import_module(f"ovnilab.{game}.widget")
        choosers, labels = getattr(w, "_CHOOSERS", {}), getattr(w, "_LABELS", {})
    except ImportError:  # a game without a widget: its kinds, no pickers
        choosers, labels = {}, {}
    words = _game_words(game, "action_label") or str

    def shown(a: Any) -> str:
        try:
            return words(a)
        except (AttributeError, KeyError, TypeError, ValueError):  # not one of the game's actions
            return str(a)
    groups: dict[str, list[Any]] = {}
    for a in state_actions:
        groups.setdefault(getattr(a, "kind", "move"), []).append(a)
    out = []
    for kind, acts in groups.items():
        ch = choosers.get(kind)
        label = labels.get(kind, kind.replace("_", " "))
        g: dict[str, Any] = {"kind": kind, "label": _(label) if label else label,
                             "actions": [str(a) for a in acts], "labels": [shown(a) for a in acts]}
        if ch is not None and len(acts) > 6:
            g.update({"first": _(ch.first), "second": _(ch.second), "button": _(ch.label),
                      "keys": [[ch.key1(a), ch.key2(a)] for a in acts]})
        out.append(g)
    return out


@functools.lru_cache(maxsize=16)
def _game_words(game: str, name: str) -> Any:
    """The game's own function ``name`` for its board's words (``seat_label``: Ovni's
    "vermelho (Antáris)", Cosmic's "Vermelho (Zombie)"; ``action_label``: a button's
    text), from its drawing's module of names (``render.labels``), of sentences
    (``render.text``) or the drawing itself (``render``); None for a game without one."""
    for module in ("render.labels", "render.text", "render"):
        try:
            words = importlib.import_module(f"ovnilab.{game}.{module}")
        except ImportError:
            continue
        if hasattr(words, name):
            return getattr(words, name)
    return None


def seat_label(state: GameState, seat: int) -> str:
    """A seat's name as the game's board says it in the language in force, for any
    onlooker (no secret alien named): the game's ``seat_label`` where it has one, else its
    ``seat_name`` through the catalog ("Green alien" / "Alien verde"). In English the same
    as ``state.seat_name(seat)``."""
    label = _game_words(state.game_name, "seat_label")
    return label(state, seat) if label is not None else _(state.seat_name(seat))


def _bot_kind(kind: str) -> str:
    """A bot's kind (the store's key: ovnilab.bots' registry) as the players' list says it
    in the language in force ("random" / "aleatório")."""
    words = {"random": pgettext("bot kind", "random"), "greedy": pgettext("bot kind", "greedy"),
             "mcts": pgettext("bot kind", "mcts")}
    return words.get(kind, kind)


def _person(p: dict[str, Any]) -> str:
    """A seat as the class calls it: the student's name and the seat ("Ana (Green alien)"),
    the seat alone for a bot or an open seat."""
    return f"{p['student']} ({p['seat_name']})" if p.get("student") else p["seat_name"]


def result_text(players: list[dict[str, Any]], winners: list[int] | None, scores: list[Any] | None) -> str:
    """How a finished game ended, in words a class reads: "won by Ana (Green alien), 26 to
    19"; with more players each score is named; a shared win names every winner."""
    by_seat = {p["seat"]: p for p in players}
    names = [_person(by_seat[w]) if w in by_seat else _("seat {number}", number=w + 1) for w in winners or []]
    if not names:
        return _("nobody won")
    who = format_list(names)
    if not scores:
        return _("won by {names}", names=who)
    if len(scores) == 2 and len(names) == 1 and winners:
        w = winners[0]
        return _("won by {names}, {score} to {other}", names=who, score=scores[w], other=scores[1 - w])
    if len(scores) == 2 and len(names) == 2:
        return _("won by {names}, {score} each", names=who, score=scores[0])
    named = [f"{by_seat[i]['student'] or by_seat[i]['seat_name'] if i in by_seat else i + 1} {x}"
             for i, x in enumerate(scores)]
    return _("won by {names}; scores: {scores}", names=who, scores=", ".join(named))


def _render(state: GameState, viewer: int | None) -> str:
    """The board a class page shows: the game's ``page_svg`` where it draws one for a
    page (Ovni: the table alone, landscape, its mats beside it), else ``to_svg``."""
    mod = importlib.import_module(f"ovnilab.{state.game_name}.render")
    draw = getattr(mod, "page_svg", None) or mod.to_svg
    return draw(state, viewer=viewer)


def _yours(state: GameState, viewer: int) -> dict[str, Any] | None:
    """What the seat ``viewer`` holds and needs to decide, for the page to show beside its
    moves (issue 29: a phone's student scrolled one and a half screens to their hand):
    the game's ``seat_panel`` ({"lines": [[label, text], ...]} and/or {"svg": a drawing
    one unit a pixel}), or None for a game without one."""
    mod = importlib.import_module(f"ovnilab.{state.game_name}.render")
    panel = getattr(mod, "seat_panel", None)
    return None if panel is None else panel(state, viewer)


def _panels(state: GameState, viewer: int | None) -> list[str]:
    """Drawings the page shows under the board (Ovni: the other seats' mats and the key),
    from the game's ``page_panels``; none for a game whose board holds everything."""
    mod = importlib.import_module(f"ovnilab.{state.game_name}.render")
    more = getattr(mod, "page_panels", None)
    return [] if more is None else more(state, viewer)


@functools.lru_cache(maxsize=8)
def _words(game: str) -> dict[str, str]:
    """The game's Portuguese names with their English meaning (``data/<game>/words.toml``,
    as the solo boards' words tab shows them), or none."""
    from ..datafiles import data_dir, load_words

    path = data_dir() / game / "words.toml"
    return load_words(path) if path.exists() else {}


def _events(cl: "Classroom", session: str, room: str | None, participant: str | None, limit: int = 5) -> list[str]:
    rows = cl.store.all("SELECT text FROM events WHERE session=? AND (room IS ? OR room IS NULL) AND "
                        "(participant IS NULL OR participant IS ?) ORDER BY id DESC LIMIT ?",
                        session, room, participant, limit)
    found: list[Any] = []

    def move(text: str) -> str:  # looked up once, and only when an event quotes a move
        if not found:
            found.append(_move_words(cl, session, room))
        if found[0] is None:
            return text
        return found[0](text)
    return [event_text(r["text"], move if participant else None) for r in reversed(rows)]


def _move_words(cl: "Classroom", session: str, room: str | None) -> Any:
    """How a stored event's move reads on this page (:func:`event_text`): the room's
    game's ``action_label`` of the notation ("attack 08" -> "ataque 08", as the page's
    buttons say it), or the experiment's ``choice_label``; None when neither applies."""
    sess = cl.store.one("SELECT kind, game FROM sessions WHERE code=?", session)
    if sess is None:
        return None
    if sess["kind"] == "experiment":
        from . import experiments as xp

        return xp.get(sess["game"]).choice_label
    if room is None:
        return None
    state = cl._state(room)[0]
    words = _game_words(state.game_name, "action_label")
    return None if words is None else (lambda text: words(state.parse_action(text)))


def board_view(state: GameState, base: int, viewer: int | None, svg: bool = True,
               legal: bool = False) -> dict[str, Any]:
    """What the game itself shows ``viewer`` (a seat, or None for the projector): whose
    turn, the log masked for it, the scores at the end, its legal moves (``legal``) and the
    board drawn for it. A function of the state and the viewer only: the tests check that
    it does not change when another seat's hidden information is dealt differently."""

    st = state
    over = st.is_over()
    cur = None if over else st.current_player
    log = []
    for i in range(max(base, len(st.log) - LOG_LINES), len(st.log)):
        actor = st.actors[i]
        log.append(f"{i - base + 1:>4}. {seat_label(st, actor)}: {public_log_text(st, st.log[i], actor, viewer)}")
    out: dict[str, Any] = {
        "game": st.game_name, "seat": viewer, "seat_name": seat_label(st, viewer) if viewer is not None else None,
        "position": len(st.log) - base, "turn": cur, "turn_name": seat_label(st, cur) if cur is not None else None,
        "legal": [str(a) for a in st.legal_actions()] if legal and not over else [],
        "log": log, "scores": list(st.scores()) if over else None,
        "winners": [seat_label(st, w) for w in st.winners()] if over else None,  # type: ignore[attr-defined]
        "winner_seats": list(st.winners()) if over else None,  # type: ignore[attr-defined]
    }
    if svg:
        out["svg"] = _render(st, viewer)
        out["words"] = _words(st.game_name)
        out["panels"] = _panels(st, viewer)
        if viewer is not None:
            out["yours"] = _yours(st, viewer)
    return out


def room_view(cl: "Classroom", room: str, viewer: int | None, *, svg: bool,
              observation: bool = False, groups: bool = False) -> dict[str, Any]:
    """A room as ``viewer`` (a seat, or None for the projector) sees it. Everything that
    depends on the game is read under the room's lock from one position, so a move made
    meanwhile (by a bot, a timeout, the student's other device) can never mix the moves
    of the seat now to act into this seat's view."""

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
                who = _("{name} (a bot plays for now)", name=s["name"])
            elif s["controller"] == "bot":
                who = _("bot ({kind})", kind=_bot_kind(s["bot"]))
            else:
                who = _("open seat")
            players.append({"seat": s["seat"], "seat_name": seat_label(st, s["seat"]), "player": who,
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
        out["result"] = result_text(players, out["winner_seats"], out["scores"]) if over else None
        if observation and viewer is not None:
            out["observation"] = st.observation(viewer)
        if groups:
            out["groups"] = action_groups(st.game_name, st.legal_actions()) if may_move else []
    return out


def _experiment_view(cl: "Classroom", sess: Any, p: Any) -> dict[str, Any]:
    from . import experiments as xp  # numpy and nashpy: only when an experiment runs

    exp = xp.get(sess["game"])
    config = loads(sess["config"])
    code = sess["code"]
    cur = cl.store.one("SELECT * FROM rounds WHERE session=? ORDER BY round DESC LIMIT 1", code)
    # what the page shows in the person's language: the title, the instructions, and the
    # words for the roles and choices it keeps in English (the records' values, the
    # choice a button plays): ``role_labels`` and ``choice_labels``
    out: dict[str, Any] = {"game": exp.name, "title": exp.shown_title(), "instructions": exp.shown_instructions(),
                           "status": sess["status"], "rounds": config["rounds"], "round": 0,
                           "your_turn": False, "legal": [], "role": None, "role_label": None, "seconds_left": None,
                           "role_labels": {name: exp.role_label(name) for name in exp.roles},
                           "choice_labels": {c: exp.choice_label(c) for r in (0, 1) for c in exp.strategies(r)},
                           "history": [r for r in cl.experiment_rows(code) if r["participant"] == p["pid"]]}
    out["total"] = sum(r["payoff"] for r in out["history"])
    if cur is None:
        out["message"] = _("the experiment starts when the teacher starts it") if sess["status"] == "waiting" else \
            _("the first round starts in a moment")
        return out
    out["round"] = cur["round"]
    role = _role_of(loads(cur["pairs"]), p["pid"])
    if cur["closed"] is None and role is not None:
        out["role"] = exp.roles[role]
        out["role_label"] = exp.role_label(role)
        out["payoffs"] = payoff_table(exp, role)
        done = cl.store.one("SELECT choice FROM choices WHERE session=? AND round=? AND participant=?",
                            code, cur["round"], p["pid"])
        if done is None and sess["status"] == "running":
            out["your_turn"] = True
            out["legal"] = list(exp.strategies(role))
            limit = config.get("decision_seconds")
            if limit is not None:
                out["seconds_left"] = max(0.0, cur["started"] + limit - cl.clock())
            out["message"] = _("round {round} of {rounds}: you are the {role}; choose", round=cur["round"],
                               rounds=config["rounds"], role=exp.role_label(role))
        else:
            out["message"] = (_("round {round}: you chose '{choice}'; waiting for the others", round=cur["round"],
                                choice=exp.choice_label(done["choice"])) if done
                              else _("the teacher paused the experiment"))
    elif cur["closed"] is None:
        out["message"] = _("round {round} is under way: you play from the next round", round=cur["round"])
    elif sess["status"] == "over":
        out["message"] = _("round {round} of {rounds} is over", round=cur["round"], rounds=config["rounds"])
    else:
        out["message"] = _("round {round} of {rounds} is over: the next starts in a moment", round=cur["round"],
                           rounds=config["rounds"])
    return out


def payoff_table(exp: Any, role: int) -> dict[str, Any]:
    """The student's own payoffs in ``role``: a row per choice of theirs, a column per
    choice of the other player (what their payoff depends on), so that a minute is
    enough to see what each choice risks (issue 29: the instructions' paragraph alone
    took 4-5 steps to work out). ``rows`` and ``cols`` are the choices' own labels (the
    page shows them as the view's ``choice_labels`` say them); the caption is in the
    language in force."""
    other = 1 - role
    matrix = exp.game.row_payoffs if role == 0 else exp.game.col_payoffs.T
    mine, theirs = exp.strategies(role), exp.strategies(other)
    return {"caption": _("Your payoff as the {role}: your choice (row) against the other player's (column)",
                         role=exp.role_label(role)),
            "rows": mine, "cols": theirs,
            "cells": [[_number(float(matrix[i][j])) for j in range(len(theirs))] for i in range(len(mine))]}


def _number(x: float) -> str:
    """A payoff as the page prints it: a sign, and no more decimals than it has; the
    decimal sign of the language in force ("+1.35" / "+1,35")."""
    text = f"{x:+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text.replace(".", _decimal_sign())


def _decimal_sign() -> str:
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(LOCALES[get_language()])


def _role_of(pairs: list[dict], pid: str) -> int | None:
    for e in pairs:
        if e["row"] == pid:
            return 0
        if e["col"] == pid:
            return 1
    return None
