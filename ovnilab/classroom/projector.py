"""The teacher's projector view: a live ipywidgets box for a :class:`~.handles.Room`.

What it shows is what the whole class may see: the join address and code in large type,
the public board (:func:`~.handles.room_view` with no viewer: no hand, hidden token or
card of anyone), who has joined and who is connected, whose turn it is, and what the room
has said (time limits that ran out, the teacher's actions). For an experiment: the round,
how many have chosen, and the class's choices per round beside the lesson's equilibrium
(:func:`~.experiments.plot_choices`, drawn to SVG) with their Wilson intervals; the
equilibrium stays hidden until the teacher presses "show the equilibrium" (the lessons have
the class play before it is taught, and say when to show it).

The teacher's controls are above it: start, pause / resume, end; hand a seat to a bot and
back; remove a student (a name a prank or a script put in: two clicks); for a grouping session, which group's board to show; full screen (the view alone on
the screen, for the projector: in JupyterLab the notebook leaves it too little room).

Live: a daemon thread polls the room's version (every ``interval`` seconds) and redraws
when it changes; widget values set from a thread reach the page as ordinary comm
messages. The thread stops when the widget is closed or the room has ended and been
drawn. :meth:`Projector.refresh` redraws at once (tests call it; no thread needed).
Widget state is set from the kernel (``HTML.value``), never with ``with output:`` (see
TOOLCHAIN.md), so the view behaves the same in JupyterLab, Voila and plain pytest.

Language (issue 33): the teacher's choice, the process's default
(``ovnilab.set_language("pt")`` in the notebook before the view is made, or
``OVNILAB_LANG`` / ``make lab LANG=pt``); every sentence goes through the catalog
(:mod:`ovnilab.i18n`), English being the message ids, so the English view is the same
byte for byte. The live thread starts with no per-request language of its own, so it
draws in that default too, and follows it: when the teacher changes the language while
the view is shown (``ovnilab.set_language`` in a later cell), the next refresh (the live
thread's, within ``interval``) relabels the controls and redraws the view in it.
"""

from __future__ import annotations

import html
import io
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from ..i18n import N_, _, get_language, n_, pgettext
from ..present import PRESENT_CSS, present_button
from .events import event_text
from .views import room_view

if TYPE_CHECKING:  # pragma: no cover
    from .handles import Room

__all__ = ["Projector"]


REMOVE_LABEL = N_("remove from the game")
#: The projector's full screen (the "full screen" button): the board on the left, as tall
#: as the screen; the join code, whose turn it is, the players and the events in a column
#: beside it; the teacher's controls step aside but for the button that leaves. On a
#: 1280x720 or 1024x768 projector the whole board, the code and the turn are then in view
#: at once with no text under 12 px (issue 29: in a column under the code and controls the
#: board ran to 870-1101 px on a 720 px screen).
PROJECTOR_CSS = """
.ovnilab-projector:fullscreen { display: grid !important; grid-template-columns: minmax(0, 1fr) clamp(220px, 24vw, 300px);
  grid-template-rows: auto auto auto auto 1fr; column-gap: 16px; align-items: start; padding: 8px 12px; }
.ovnilab-projector:fullscreen > .ovnilab-pj-row { display: contents !important; }
.ovnilab-projector:fullscreen .ovnilab-pj-board { grid-column: 1; grid-row: 1 / span 5; min-width: 0 !important;
  width: 100% !important; }
.ovnilab-projector:fullscreen .ovnilab-pj-board .ovnilab-public-board > svg { width: 100% !important;
  height: auto !important; max-height: calc(100vh - 18px) !important; display: block; }
.ovnilab-projector:fullscreen .ovnilab-pj-header { grid-column: 2; grid-row: 1; }
.ovnilab-projector:fullscreen .ovnilab-pj-header div { font-size: 16px !important; }
.ovnilab-projector:fullscreen .ovnilab-pj-header .ovnilab-code { font-size: 34px !important; display: block; }
.ovnilab-projector:fullscreen .ovnilab-pj-status { grid-column: 2; grid-row: 2; }
.ovnilab-projector:fullscreen .ovnilab-pj-controls { grid-column: 2; grid-row: 3; }
.ovnilab-projector:fullscreen .ovnilab-pj-controls > :not(.ovnilab-pj-present) { display: none !important; }
.ovnilab-projector:fullscreen .ovnilab-pj-message { grid-column: 2; grid-row: 4; }
.ovnilab-projector:fullscreen .ovnilab-pj-side { grid-column: 2; grid-row: 5; width: auto !important; }
"""

#: the equilibrium toggle's label, by whether it is shown
REVEAL_LABELS = {False: N_("show the equilibrium"), True: N_("hide the equilibrium")}


def _code_text(code: str) -> str:
    return f"{code[:3]} {code[3:]}"


class Projector(W.VBox):
    """The live projector view of ``room`` (see the module docstring)."""

    def __init__(self, room: "Room", interval: float = 0.5, live: bool = True) -> None:
        self.room = room
        self.interval = interval
        self.header = W.HTML()
        self.status = W.HTML()
        # the board takes the row's width down to 900 px (its text then stays at 12 px or
        # more); narrower, the side column wraps under it instead of squeezing it
        self.board = W.HTML(layout=W.Layout(flex="1 1 900px", min_width="min(100%, 900px)"))
        self.side = W.HTML(layout=W.Layout(width="320px", flex="0 1 320px"))
        self.message = W.HTML()
        # the controls' words are set by _label_controls, in the language in force (and
        # again when the teacher changes it: refresh)
        self.start_button = W.Button(button_style="success", icon="")
        self.pause_button = W.Button()
        self.end_button = W.Button(button_style="danger")
        self.seat_picker = W.Dropdown(layout=W.Layout(width="260px"))
        self.bot_button = W.Button()
        self.back_button = W.Button()
        self.group_picker = W.Dropdown(layout=W.Layout(width="220px"))
        # an experiment's answer stays off the screen until the teacher shows it: the
        # lessons have the class play before the equilibrium is taught
        self.reveal_button = W.ToggleButton(value=False)
        self.start_button.on_click(lambda _: self._do(self.room.start))
        self.pause_button.on_click(lambda _: self._do(self.room.resume if self.room.status == "paused"
                                                      else self.room.pause))
        self.end_button.on_click(lambda _: self._do(self.room.end))
        self.bot_button.on_click(lambda _: self._seat_do(self.room.give_to_bot))
        self.back_button.on_click(lambda _: self._seat_do(self.room.give_back))
        self.group_picker.observe(lambda _: self.refresh(force=True), names="value")
        self.reveal_button.observe(self._reveal, names="value")
        # a name a prank or a script put into the class: two clicks, so that no student
        # is removed by a slip of the mouse
        self.remove_picker = W.Dropdown(layout=W.Layout(width="240px"))
        self.remove_button = W.Button(layout=W.Layout(width="auto"))
        self.remove_button.on_click(self._remove)
        self.remove_picker.observe(lambda _: self._arm_remove(False), names="value")
        self._remove_armed = False
        #: the language the controls were last labelled in (refresh relabels them when the
        #: teacher's set_language changes it)
        self._lang = ""
        self._label_controls()
        kind = room.kind
        controls: list[W.Widget] = [self.start_button, self.pause_button, self.end_button]
        if kind != "experiment":
            controls += [self.seat_picker, self.bot_button, self.back_button]
        else:
            controls.append(self.reveal_button)
        controls += [self.remove_picker, self.remove_button]
        if kind == "groups":
            controls.insert(0, self.group_picker)
            self.start_button.layout.display = "none"  # a grouping session runs as students arrive
        # full screen for the projector (ovnilab.present.PRESENT_BUTTON): in JupyterLab the
        # notebook leaves the view less than the 900 px its text needs
        self.present = W.HTML(f"<style>{PRESENT_CSS}{PROJECTOR_CSS}</style>{present_button()}")
        self.present.add_class("ovnilab-pj-present")
        controls.append(self.present)
        for b in (self.start_button, self.pause_button, self.end_button, self.bot_button, self.back_button,
                  self.reveal_button):
            b.layout.width = "auto"
        row = W.HBox([self.board, self.side], layout=W.Layout(width="100%", align_items="flex-start",
                                                               flex_flow="row wrap"))
        # the controls and their messages above the board: the teacher reaches them
        # without scrolling past a tall board
        bar = W.HBox(controls, layout=W.Layout(flex_flow="row wrap"))
        # the parts' classes: full screen lays them out for a projector (PROJECTOR_CSS)
        for widget, part in ((self.header, "header"), (bar, "controls"), (self.message, "message"),
                             (self.status, "status"), (row, "row"), (self.board, "board"), (self.side, "side")):
            widget.add_class(f"ovnilab-pj-{part}")
        super().__init__([self.header, bar, self.message, self.status, row])
        self.add_class("ovnilab-projector")
        self.add_class("ovnilab-present-root")
        self._version: int | None = None
        self._stop = threading.Event()
        self.refresh(force=True)
        self._thread: threading.Thread | None = None
        if live:
            self._thread = threading.Thread(target=self._loop, name=f"projector-{room.code}", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------------ live
    def _loop(self) -> None:
        errors = 0
        while not self._stop.wait(self.interval):
            try:
                self.refresh()
                errors = 0
                if self.room.status == "ended":
                    return
            except Exception as exc:  # the view must not die with a traceback in a thread
                errors += 1
                self.message.value = f"<span style='color:#b00020'>{html.escape(str(exc))}</span>"
                if errors >= 5:  # the database is gone or broken: stop polling it
                    return

    def close(self) -> None:
        self._stop.set()
        super().close()

    def stop(self) -> None:
        """Stop updating (the widget stays as it is)."""
        self._stop.set()

    # ------------------------------------------------------------------ actions
    def _do(self, fn: Any) -> None:
        try:
            fn()
            self.message.value = ""
        except Exception as exc:
            self.message.value = f"<span style='color:#b00020'>{html.escape(str(exc))}</span>"
        self.refresh(force=True)

    def _seat_do(self, fn: Any) -> None:
        if self.seat_picker.value is None:
            self.message.value = f"<span style='color:#b00020'>{html.escape(_('choose a seat first'))}</span>"
            return
        room_id, seat = self.seat_picker.value
        self._do(lambda: fn(seat, room=room_id))

    # ------------------------------------------------------------------ drawing
    def _arm_remove(self, armed: bool) -> None:
        self._remove_armed = armed
        who = self.remove_picker.value
        self.remove_button.description = (_("click again to remove {name}", name=who) if armed and who
                                          else _(REMOVE_LABEL))
        self.remove_button.button_style = "danger" if armed else ""

    def _remove(self, _: Any = None) -> None:
        who = self.remove_picker.value
        if not who:
            return
        if not self._remove_armed:
            self._arm_remove(True)
            return
        self._arm_remove(False)
        self._do(lambda: self.room.remove(who))

    def _people(self) -> list[str]:
        """The names of the students in the class game, in the order they joined."""
        names = [p.get("student") if self.room.kind != "experiment" else p["name"] for p in self.room.seats()]
        return [n for n in names if n]

    def _reveal(self, change: dict[str, Any]) -> None:
        self.reveal_button.description = _(REVEAL_LABELS[bool(change["new"])])
        self.refresh(force=True)

    @property
    def revealed(self) -> bool:
        """Whether the experiment's equilibrium is shown (the teacher's toggle)."""
        return bool(self.reveal_button.value)

    def _label_controls(self) -> None:
        """Say the controls' words in the language in force (the teacher's choice, which
        may change while the view is shown: ``ovnilab.set_language`` in a later cell)."""
        self._lang = get_language()
        self.start_button.description = pgettext("projector button", "start")
        self.end_button.description = pgettext("projector button", "end")
        self.pause_button.description = (pgettext("projector button", "resume") if self.room.status == "paused"
                                         else pgettext("projector button", "pause"))
        self.seat_picker.description = pgettext("projector menu", "seat")
        self.bot_button.description = _("give to a bot")
        self.back_button.description = _("give back to student")
        self.group_picker.description = pgettext("projector menu", "group")
        self.reveal_button.description = _(REVEAL_LABELS[bool(self.reveal_button.value)])
        self.reveal_button.tooltip = _("the lesson's equilibrium: dashed lines and a column")
        self.remove_picker.description = pgettext("projector menu", "student")
        self.remove_button.tooltip = _("their link stops working; a bot plays a seat they held")
        self._arm_remove(self._remove_armed)

    def refresh(self, force: bool = False) -> None:
        """Redraw if the room changed (always with ``force``, and when the language in
        force changed since the last drawing: every word then follows it)."""
        v = self.room.version()
        if get_language() != self._lang:
            self._label_controls()
            force = True
        if not force and v == self._version:
            return
        self._version = v
        self._header()
        people = self._people()
        if list(self.remove_picker.options) != people:
            keep = self.remove_picker.value
            self.remove_picker.options = people
            self.remove_picker.value = keep if keep in people else None
        kind = self.room.kind
        if kind == "experiment":
            self._experiment()
        else:
            self._game(kind)
        status = self.room.status
        self.start_button.disabled = status != "waiting"
        self.pause_button.disabled = status not in ("running", "paused")
        self.pause_button.description = (pgettext("projector button", "resume") if status == "paused"
                                         else pgettext("projector button", "pause"))
        self.end_button.disabled = status == "ended"

    def _header(self) -> None:
        url = self.room.url
        code = _code_text(self.room.code)
        if url:
            where = _html(_("Open {address} and choose {button}; the code:"),
                          address=f"<b>{html.escape(url.rstrip('/'))}/join</b>",
                          button=f"<i>{html.escape(_('Join a class game'))}</i>")
        else:
            where = _html(_("No class server is running: start it in a terminal with {command}; students then join "
                            "with the code:"), command="<code>make play HOST=0.0.0.0</code>")
        self.header.value = (f"<div style='font-size:20px;line-height:1.3'>{where} "
                             f"<span class='ovnilab-code' style='font-size:40px;font-weight:700;letter-spacing:4px;"
                             f"font-family:monospace;white-space:nowrap'>{html.escape(code)}</span></div>")

    def _game(self, kind: str) -> None:
        room = self.room
        rooms = room.rooms()
        if kind == "groups":
            opts = [(_("group {number}", number=r.rsplit('-', 1)[-1]), r) for r in rooms]
            if list(self.group_picker.options) != opts:
                keep = self.group_picker.value
                self.group_picker.options = opts
                self.group_picker.value = keep if keep in rooms else (rooms[0] if rooms else None)
        rid = (self.group_picker.value if kind == "groups" else room.code)
        seats = room.seats()
        lobby = [s["student"] for s in seats if s["room"] is None]
        if rid is None:
            self.board.value = ""
            waiting = n_("{n} student(s) waiting; groups form as they arrive",
                         "{n} student(s) waiting; groups form as they arrive", len(lobby))
            self.status.value = f"<div style='font-size:18px'>{html.escape(waiting)}</div>"
            self.side.value = _lobby_html(lobby)
            return
        v = room_view(room._cl, rid, None, svg=True)
        svg = v["svg"].replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
        # drawings under the board (Ovni: every seat's mat and the key), each at its size
        panels = "".join(f"<div style='flex:0 1 auto;max-width:100%'>{p}</div>" for p in v.get("panels") or ())
        under = (f"<div class='ovnilab-panels' style='display:flex;flex-wrap:wrap;gap:10px;margin-top:8px'>"
                 f"{panels}</div>") if panels else ""
        self.board.value = f"<div class='ovnilab-public-board' style='width:100%'>{svg}{under}</div>"
        self.status.value = f"<div style='font-size:20px;font-weight:600'>{html.escape(_status_text(v))}</div>"
        lines = []
        for p in v["players"]:
            dot = "" if not p["student"] else (
                "<span title='{0}' style='display:inline-block;width:11px;height:11px;border-radius:50%;"
                "background:{1};margin-left:4px'></span>".format(*((html.escape(_("connected")), "#1e7d32")
                                                                   if p["connected"]
                                                                   else (html.escape(_("not connected")), "#c2c6cf"))))
            mark = "▶ " if p["seat"] == v["turn"] else ""
            lines.append(f"<li style='padding:3px 0'>{mark}<b>{html.escape(p['seat_name'])}</b>: "
                         f"{html.escape(p['player'])} {dot}</li>")
        groups = ""
        if kind == "groups":
            games = sum(1 for _ in rooms)
            over = sum(1 for r in rooms if room_view(room._cl, r, None, svg=False)["status"] == "over")
            groups = f"<p>{html.escape(_('{games} group(s), {over} finished', games=games, over=over))}</p>"
        events = "".join(f"<li>{html.escape(e)}</li>" for e in _room_events(room, rid))
        log = html.escape("\n".join(v["log"][-10:]))
        self.side.value = (f"<div style='font-size:16px'><ul style='list-style:none;padding:0;margin:0'>"
                           f"{''.join(lines)}</ul>{groups}{_lobby_html(lobby) if lobby else ''}"
                           f"<ul style='padding-left:18px;color:#555'>{events}</ul>"
                           f"<pre style='font-size:13px;white-space:pre-wrap'>{log}</pre></div>")
        # the player as the room says it now ("Ana (a bot plays for now)" after a give-to-bot)
        choices = [(f"{p['seat_name']}: {p['player']}", (rid, p["seat"])) for p in v["players"]]
        if [c[1] for c in self.seat_picker.options] != [c[1] for c in choices]:
            self.seat_picker.options = choices
        elif [c[0] for c in self.seat_picker.options] != [c[0] for c in choices]:
            keep = self.seat_picker.value
            self.seat_picker.options = choices
            self.seat_picker.value = keep

    def _experiment(self) -> None:
        from . import experiments as xp

        room = self.room
        cl = room._cl
        exp = xp.get(room.game)
        config = room.config
        people = room.seats()
        cur = cl.store.one("SELECT * FROM rounds WHERE session=? ORDER BY round DESC LIMIT 1", room.code)
        chosen = 0
        if cur is not None:
            chosen = cl.store.one("SELECT COUNT(*) FROM choices WHERE session=? AND round=?", room.code,
                                  cur["round"])[0]
        rnd = cur["round"] if cur is not None else 0
        state = room.status
        facts = dict(title=exp.shown_title(), round=rnd, rounds=config["rounds"],
                     matching=_matching_word(config["matching"]), joined=len(people), chosen=chosen)
        if cur is not None and cur["closed"] is None:
            line = _("{title}: round {round} of {rounds} ({matching}); {joined} student(s) joined; "
                     "{chosen} choice(s) in", **facts)
        else:
            line = _("{title}: round {round} of {rounds} ({matching}); {joined} student(s) joined", **facts)
        line += f" · {_state_word(state)}"
        shown = self.revealed
        if not shown:
            line += " · " + _("equilibrium hidden")
        self.status.value = f"<div style='font-size:20px;font-weight:600'>{html.escape(line)}</div>"
        results = room.results()
        if len(results):
            # titles at 14 pt, ticks and legend at 12.4: two panels are 749 pt wide and a
            # 1024 px projector draws them about 740 px wide, so the smallest text stays at
            # 12 px or more
            fig = xp.plot_choices(results, exp, equilibrium=shown, text_size=14)
            buf = io.StringIO()
            fig.savefig(buf, format="svg", metadata={"Date": None})
            svg = buf.getvalue()
            svg = svg[svg.index("<svg"):].replace("<svg ", "<svg style=\"width:100%;height:auto\" ", 1)
            self.board.value = f"<div class='ovnilab-experiment-plot'>{svg}</div>"
        else:
            empty = (_("The class's choices appear here as rounds complete, beside the lesson's equilibrium.")
                     if shown else _("The class's choices appear here as rounds complete."))
            self.board.value = f"<p style='font-size:18px'>{html.escape(empty, quote=False)}</p>"
        names = "".join(f"<li>{html.escape(p['name'])}</li>" for p in people)
        table = ""
        if len(results):
            roles = [0] if exp.symmetric else [0, 1]
            parts = []
            for r in roles:
                t = xp.choice_shares(results, exp, r)
                rows = "".join(
                    f"<tr><td>{html.escape(exp.choice_label(str(row['strategy'])))}</td>"
                    f"<td>{row['count']}/{row['n']}</td>"
                    f"<td>{_pct(row['lo'])}-{_pct(row['hi'])}</td>"
                    + (f"<td>{_pct(float(row['equilibrium']))}</td>" if shown else "") + "</tr>"
                    for row in t)
                heads = [pgettext("choices table", "choice"), pgettext("choices table", "chose"),
                         _("95% interval")] + ([pgettext("choices table", "equilibrium")] if shown else [])
                parts.append(f"<p><b>{html.escape(exp.role_label(r))}</b></p><table style='font-size:15px'>"
                             "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + f"</tr>{rows}</table>")
            table = "".join(parts)
        self.side.value = (f"<div style='font-size:16px'>{table}<p><b>{html.escape(_('Joined'))}</b></p>"
                           f"<ol style='margin:0;padding-left:22px'>{names}</ol></div>")


def _pct(x: float) -> str:
    return "-" if x != x else f"{100 * x:.0f}%"


def _html(template: str, **parts: str) -> str:
    """A translated sentence as HTML: its text escaped, its placeholders filled with
    ``parts`` (HTML already: a bold address, a code)."""
    return html.escape(template, quote=False).format_map(parts)


def _matching_word(matching: str) -> str:
    """How an experiment pairs students ("strangers" / "partners"), as the status line says it."""
    words = {"strangers": pgettext("matching", "strangers"), "partners": pgettext("matching", "partners")}
    return words.get(matching, matching)


def _state_word(state: str) -> str:
    """A class game's status (the store's word) as the status line says it."""
    words = {"waiting": pgettext("session status", "waiting"), "running": pgettext("session status", "running"),
             "paused": pgettext("session status", "paused"), "over": pgettext("session status", "over"),
             "ended": pgettext("session status", "ended")}
    return words.get(state, state)


def _status_text(v: dict[str, Any]) -> str:
    s = v["status"]
    if s == "waiting":
        joined = sum(1 for p in v["players"] if p["student"])
        return _("waiting for the teacher to start ({joined} student(s) joined)", joined=joined)
    if s == "paused":
        return pgettext("session status", "paused")
    if s == "ended":
        return _("ended by the teacher")
    if s == "over":
        return _("game over: {result}", result=v["result"])
    return _("to act: {player}", player=v["turn_name"])


def _lobby_html(names: list[str]) -> str:
    if not names:
        return ""
    return (f"<p><b>{html.escape(_('Waiting for a group'))}</b></p><ul>"
            + "".join(f"<li>{html.escape(n)}</li>" for n in names) + "</ul>")


def _room_events(room: "Room", rid: str) -> list[str]:
    rows = room._cl.store.all("SELECT text FROM events WHERE session=? AND (room=? OR room IS NULL) "
                              "AND participant IS NULL ORDER BY id DESC LIMIT 5", room.code, rid)
    return [event_text(r["text"]) for r in reversed(rows)]
