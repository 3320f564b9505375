"""The interactive board shared by every game: an ipywidgets layout around a state.

Each game's ``widget.py`` builds a :class:`GameBoard` with its ``new_game``, its SVG
renderer and a few hints on how to present its actions; everything else is here, so the
three boards behave alike:

* the SVG view of the position, from the human seat's point of view (hidden information
  of the others stays hidden);
* the legal actions of the human seat, grouped by kind: a row of buttons for a few
  actions, or two linked pickers ("token" then "area", "from" then "to") for many; only
  legal actions are ever offered, so an illegal choice cannot be made;
* a readable action log (masked for the viewer), undo (back to the human's previous
  decision), a history slider that replays every past position;
* bots that move on their own, with a step / auto toggle so a class can watch them;
* new-game controls: players, seed and the game's rule options, one control per field
  of the game's ``Rules`` dataclass, chosen from the field's type: a checkbox (bool), a
  number box (int), a drop-down (str with ``rule_choices``) or a text box (str; for an
  optional ``str | None`` such as a data file, empty = the default), and a multi-select
  for a tuple of names with ``rule_choices`` (e.g. which aliens may be dealt; nothing
  selected = the default, ``None``).

The board uses only the rules API (``legal_actions``, ``apply``, ``undo``, ``clone``,
``observation``) and the renderer: everything it does can be replayed without it. Errors
from the engine are shown in the status line, never as a traceback.

Widget state is set from the kernel side (``HTML.value``), never with ``with output:``,
so the board works the same in JupyterLab, Voila, nbval and plain pytest.
"""

from __future__ import annotations

import dataclasses
import html
import random
import re
import typing
from typing import Any, Callable, Mapping

import ipywidgets as W

from .bots import PlayerView, RandomBot
from .core import GameState, IllegalAction

__all__ = ["GameBoard", "Chooser", "svg_aspect", "view_width_css", "view_width_px"]

HUMAN = "human"


@dataclasses.dataclass(frozen=True)
class Chooser:
    """Present the actions of one kind as two linked pickers.

    ``first``/``second`` are labels; ``key1``/``key2`` map an action to the text shown in
    each picker (e.g. for a move: its origin, then its destination).
    """

    label: str
    first: str
    key1: Callable[[Any], str]
    second: str
    key2: Callable[[Any], str]


class GameBoard(W.VBox):
    """A playable board for any ovnilab game (see the module docstring)."""

    def __init__(
        self,
        state: GameState | None,
        seats: Mapping[int, Any] | None,
        *,
        new_game: Callable[..., GameState],
        render: Callable[..., str],
        choosers: Mapping[str, Chooser] | None = None,
        kind_labels: Mapping[str, str] | None = None,
        player_counts: tuple[int, ...] = (2,),
        rules_cls: type | None = None,
        extra_new_game: Mapping[str, Any] | None = None,
        rule_choices: Mapping[str, list] | None = None,
        players_param: str | None = "num_players",
        bot_seed: int = 0,
        auto: bool = True,
        title: str = "",
    ) -> None:
        self._new_game_fn = new_game
        self._render = render
        self._choosers = dict(choosers or {})
        self._kind_labels = dict(kind_labels or {})
        self._rules_cls = rules_cls
        self._extra = dict(extra_new_game or {})
        self._rule_choices = dict(rule_choices or {})
        self._players_param = players_param
        self._bot_rng = random.Random(bot_seed)
        self.state: GameState = state if state is not None else new_game(seed=0, **self._extra)
        n = getattr(self.state, "num_players", 2)
        self.seats: dict[int, Any] = dict(seats) if seats is not None else {0: HUMAN, **{i: RandomBot() for i in range(1, n)}}
        self._check_seats()

        # ---- view and status
        self.view = W.HTML(layout=W.Layout(width="100%"))
        self.view.add_class("ovnilab-board-view")
        self.status = W.HTML()
        self.status.add_class("ovnilab-status")
        self.error = W.HTML()
        self.error.add_class("ovnilab-error")
        # ---- actions
        self.actions = W.VBox()
        self.actions.add_class("ovnilab-actions")
        # ---- controls
        self.undo_button = W.Button(description="undo", icon="undo", tooltip="take back your last decision")
        self.undo_button.on_click(lambda _: self.undo())
        self.step_button = W.Button(description="bot move", icon="step-forward", tooltip="let the bot to act play one action")
        self.step_button.on_click(lambda _: self.step_bot())
        self.auto = W.ToggleButton(value=auto, description="bots auto", icon="play",
                                   tooltip="bots move on their own (off: press 'bot move' for each)")
        self.auto.observe(lambda ch: self._on_auto(ch), names="value")
        self.history = W.IntSlider(value=0, min=0, max=0, description="history", continuous_update=False,
                                   layout=W.Layout(width="60%"))
        self._quiet = False  # set while _refresh moves the slider itself
        self.history.observe(lambda ch: None if self._quiet else self._show(), names="value")
        self.live_button = W.Button(description="back to live", icon="forward")
        self.live_button.on_click(lambda _: self._go_live())
        self.log_view = W.HTML()
        self.log_view.add_class("ovnilab-log")
        # ---- new game
        self.players = W.Dropdown(options=list(player_counts), value=n if n in player_counts else player_counts[0],
                                  description="players", layout=W.Layout(width="160px"))
        self.seed = W.IntText(value=self.state.seed, description="seed", layout=W.Layout(width="220px"))
        self.rule_widgets = self._rule_widgets()
        self.new_button = W.Button(description="new game", icon="refresh", button_style="info")
        self.new_button.on_click(lambda _: self.new_game())
        rules_box = W.VBox(list(self.rule_widgets.values()))
        self.rules_panel = W.Accordion(children=[rules_box])
        self.rules_panel.set_title(0, "rule options")
        self.rules_panel.selected_index = None
        controls = W.HBox([self.undo_button, self.step_button, self.auto], layout=W.Layout(flex_flow="row wrap"))
        replay = W.HBox([self.history, self.live_button])
        newgame = W.VBox([W.HBox([self.players, self.seed, self.new_button]), self.rules_panel])
        self.tabs = W.Tab(children=[self.log_view, newgame])
        self.tabs.set_title(0, "log")
        self.tabs.set_title(1, "new game")
        super().__init__(self._arrange(title, controls, replay))
        self.add_class("ovnilab-board")
        self._snapshots: list[GameState] = self.state.history()
        self._run_bots()
        self._refresh()

    # ----------------------------------------------------------------- layout
    def _arrange(self, title: str, controls: W.Widget, replay: W.Widget) -> list[W.Widget]:
        """The board's layout (see :data:`LAYOUT_CSS`): the map on the left, scaled to the
        window, and beside it a column with the status line, the human's actions, the
        error line right under them, undo / bot controls, the history and the tabs."""
        head = W.HTML(f"<style>{LAYOUT_CSS}</style>")
        head.add_class("ovnilab-style")
        self.status.add_class("ovnilab-line")
        self.error.add_class("ovnilab-line")
        controls.add_class("ovnilab-controls")
        replay.add_class("ovnilab-replay")
        self.tabs.add_class("ovnilab-tabs")
        heading = W.HTML(f"<b>{html.escape(title)}</b>" if title else "")
        heading.add_class("ovnilab-line")
        heading.add_class("ovnilab-title")
        self.side = W.VBox([heading, self.status, self.actions, self.error, controls, replay, self.tabs])
        self.side.add_class("ovnilab-side")
        body = W.HBox([self.view, self.side])
        body.add_class("ovnilab-body")
        return [head, body]

    def _fit_view(self, svg: str) -> None:
        """Size the map for the window: as wide as the column beside it leaves, and no
        taller than the window (its width follows from the drawing's aspect ratio)."""
        self.view.layout.width = view_width_css(svg_aspect(svg))

    # ------------------------------------------------------------------ seats
    def _check_seats(self) -> None:
        n = getattr(self.state, "num_players", 2)
        for seat, who in self.seats.items():
            if not 0 <= seat < n:
                raise ValueError(f"seat {seat} does not exist in a {n}-player game")
            if who != HUMAN and not hasattr(who, "act"):
                raise ValueError(f"seat {seat}: {who!r} is neither 'human' nor a bot with act()")
        for seat in range(n):
            self.seats.setdefault(seat, RandomBot())

    @property
    def human_seats(self) -> list[int]:
        return [s for s, who in self.seats.items() if who == HUMAN]

    def viewer(self) -> int | None:
        """Whose eyes the board uses: the only human seat, or the human to act."""
        humans = self.human_seats
        if len(humans) == 1:
            return humans[0]
        cur = self.state.current_player
        return cur if cur in humans else None

    def _is_bot_turn(self) -> bool:
        cur = self.state.current_player
        return not self.state.is_over() and cur >= 0 and self.seats.get(cur) != HUMAN

    # ---------------------------------------------------------------- playing
    def play(self, action: Any) -> bool:
        """Apply a human decision (an action or its text); returns False and shows the
        rule when the engine refuses it."""
        if not self._is_live():
            self._go_live()
        try:
            if self._is_bot_turn():
                raise IllegalAction("it is a bot's turn: press 'bot move' or switch bots to auto")
            self.state.apply(action)
        except IllegalAction as exc:
            self.show_error(str(exc))
            self._refresh(keep_error=True)
            return False
        self._snapshots.append(self.state.clone())
        self._run_bots()
        self._refresh()
        return True

    def step_bot(self) -> bool:
        """Let the bot whose turn it is play one action."""
        if not self._is_bot_turn():
            self.error.value = "<span style='color:#555'>no bot is to act</span>"
            return False
        seat = self.state.current_player
        bot = self.seats[seat]
        action = bot.act(PlayerView(self.state, seat), self._bot_rng)
        self.state.apply(action)
        self._snapshots.append(self.state.clone())
        self._refresh()
        return True

    def _run_bots(self, limit: int = 100_000) -> None:
        if not self.auto.value:
            return
        k = 0
        while self._is_bot_turn() and k < limit:
            seat = self.state.current_player
            action = self.seats[seat].act(PlayerView(self.state, seat), self._bot_rng)
            self.state.apply(action)
            self._snapshots.append(self.state.clone())
            k += 1

    def _on_auto(self, change: dict) -> None:
        if change["new"]:
            self._run_bots()
        self._refresh()

    def undo(self) -> bool:
        """Take back actions until the human seat is to decide again (at least one)."""
        if not self.state.log:
            self.error.value = "nothing to undo"
            return False
        humans = set(self.human_seats)
        while self.state.log:
            self.state.undo()
            self._snapshots.pop()
            if self.state.current_player in humans:
                break
        self._refresh()
        return True

    def new_game(self) -> None:
        """Start a new game from the controls (players, seed, rule options)."""
        kwargs = dict(self._extra)
        try:
            if self._rules_cls is not None:
                kwargs["rules"] = self._rules_cls(**{k: self.rule_value(k) for k in self.rule_widgets})
            if self._players_param:
                kwargs[self._players_param] = self.players.value
            state = self._new_game_fn(seed=int(self.seed.value), **kwargs)
        except (ValueError, TypeError, OSError) as exc:  # bad options, or a data file that cannot be read
            self.show_error(f"new game not started (this one goes on): {exc}")
            return
        self.state = state
        n = getattr(state, "num_players", 2)
        self.seats = {s: w for s, w in self.seats.items() if s < n}
        self._check_seats()
        self._snapshots = state.history()
        self._run_bots()
        self._refresh()

    def show_error(self, message: str) -> None:
        """Show a refusal in the error line (the state is left as it was)."""
        self.error.value = f"<span style='color:#b00020'>&#9888; {html.escape(message)}</span>"

    # ---------------------------------------------------------------- history
    def _is_live(self) -> bool:
        return self.history.value == len(self._snapshots) - 1

    def _go_live(self) -> None:
        self.history.value = len(self._snapshots) - 1
        self._show()

    def _show(self) -> None:
        k = self.history.value
        if not 0 <= k < len(self._snapshots):
            return
        snap = self._snapshots[k]
        svg = self._render(snap, viewer=self.viewer())
        self._fit_view(svg)
        self.view.value = svg
        if k < len(self._snapshots) - 1:
            self.status.value = (f"<b>replay</b>: position {k} of {len(self._snapshots) - 1} "
                                 "(move the slider to the end, or press 'back to live', to play)")
            self.actions.children = ()
        else:
            self._status()
            self._build_actions()

    # ---------------------------------------------------------------- drawing
    def _status(self) -> None:
        s = self.state
        if s.is_over():
            sc = s.scores()
            won = ", ".join(self._seat_name(w) for w in s.winners())
            self.status.value = f"<b>game over</b> &mdash; scores {sc}; winner(s): {html.escape(won)}"
            return
        cur = s.current_player
        who = "you" if cur in self.human_seats else f"bot ({self._seat_name(cur)})"
        phase = getattr(s, "phase", "")
        rnd = getattr(s, "round", None)
        where = f"round {rnd}, {phase}" if rnd is not None else str(phase)
        self.status.value = f"to act: <b>{html.escape(self._seat_name(cur))}</b> ({who}) &mdash; {html.escape(where)}"

    def _seat_name(self, seat: int) -> str:
        fn = getattr(self.state, "seat_name", None)
        return fn(seat) if fn else f"seat {seat}"

    def _refresh(self, keep_error: bool = False) -> None:
        if not keep_error:
            self.error.value = ""
        self._quiet = True  # one render per refresh, not one per slider trait change
        try:
            self.history.max = max(0, len(self._snapshots) - 1)
            self.history.value = len(self._snapshots) - 1
        finally:
            self._quiet = False
        self._show()
        viewer = self.viewer()
        describe = getattr(self.state, "describe", None)
        lines = []
        snaps = self._snapshots
        for i, a in enumerate(self.state.log):
            actor = snaps[i].current_player if i < len(snaps) else -1
            text = describe(a, viewer) if describe and actor != viewer else str(a)
            lines.append(f"{i + 1:>4}. {html.escape(self._seat_name(actor))}: {html.escape(text)}")
        self.log_view.value = ("<pre style='max-height:16em;overflow:auto;margin:0'>" + "\n".join(lines[-400:]) + "</pre>")
        self.undo_button.disabled = not self.state.log
        self.step_button.disabled = not self._is_bot_turn()

    def _build_actions(self) -> None:
        s = self.state
        if s.is_over() or s.current_player not in self.human_seats:
            msg = "" if s.is_over() else "waiting for the bots: press 'bot move'" if not self.auto.value else ""
            self.actions.children = (W.HTML(msg),) if msg else ()
            return
        groups: dict[str, list] = {}
        for a in s.legal_actions():
            groups.setdefault(getattr(a, "kind", type(a).__name__), []).append(a)
        rows = []
        for kind, acts in groups.items():
            label = self._kind_labels.get(kind, kind.replace("_", " "))
            chooser = self._choosers.get(kind)
            if chooser is not None and len(acts) > 6:
                rows.append(self._two_pickers(chooser, acts))
            elif len(acts) <= 12:
                buttons = []
                for a in acts:
                    b = W.Button(description=str(a), tooltip=str(a), layout=W.Layout(width="auto"))
                    b.add_class("ovnilab-action")
                    b.on_click(lambda _, a=a: self.play(a))
                    buttons.append(b)
                rows.append(W.HBox([W.Label(label, layout=W.Layout(width="110px"))] + buttons,
                                   layout=W.Layout(flex_flow="row wrap")))
            else:
                dd = W.Dropdown(options=[(str(a), i) for i, a in enumerate(acts)], layout=W.Layout(width="360px"))
                go = W.Button(description="play", button_style="primary")
                go.add_class("ovnilab-action")
                go.on_click(lambda _, acts=acts, dd=dd: self.play(acts[dd.value]))
                rows.append(W.HBox([W.Label(label, layout=W.Layout(width="110px")), dd, go]))
        self.actions.children = tuple(rows)

    def _two_pickers(self, ch: Chooser, acts: list) -> W.Widget:
        firsts = sorted({ch.key1(a) for a in acts}, key=_natural)

        def seconds(first: str) -> list[str]:
            return sorted({ch.key2(a) for a in acts if ch.key1(a) == first}, key=_natural)

        # both pickers are built with their options and a selected value: a picker
        # created empty shows no selection in the browser and syncs back None
        p1 = W.ToggleButtons(options=firsts, value=firsts[0], description=ch.first, style={"button_width": "auto"})
        opts = seconds(firsts[0])
        p2 = W.ToggleButtons(options=opts, value=opts[0], description=ch.second, style={"button_width": "auto"})

        def update(_: Any = None) -> None:
            new = seconds(p1.value)
            p2.options = new
            p2.value = new[0]

        p1.observe(update, names="value")
        go = W.Button(description=ch.label, button_style="primary")
        go.add_class("ovnilab-action")

        def fire(_: Any) -> None:
            match = [a for a in acts if ch.key1(a) == p1.value and ch.key2(a) == p2.value]
            if match:
                self.play(match[0])
            else:
                self.error.value = f"<span style='color:#b00020'>choose a {html.escape(ch.first)} and a {html.escape(ch.second)}</span>"

        go.on_click(fire)
        box = W.VBox([p1, p2, go])
        box.pickers = (p1, p2, go)  # type: ignore[attr-defined]
        return box

    def _rule_widgets(self) -> dict[str, W.Widget]:
        """One control per rule option the board can offer (see the module docstring)."""
        out: dict[str, W.Widget] = {}
        self._optional_rules: set[str] = set()
        if self._rules_cls is None:
            return out
        current = getattr(self.state, "rules", None) or self._rules_cls()
        try:
            hints = typing.get_type_hints(self._rules_cls)
        except (NameError, TypeError):  # unresolvable annotations: judge by the values
            hints = {}
        style = {"description_width": "200px"}
        for f in dataclasses.fields(self._rules_cls):
            v = getattr(current, f.name)
            kind, optional = _field_kind(hints.get(f.name), v)
            choices = self._rule_choices.get(f.name)
            if kind is bool and not optional:
                w: W.Widget = W.Checkbox(value=v, description=f.name, indent=False)
            elif kind is int and not optional:
                # IntText, not a bounded box: some options use negative values (e.g. -1 = random)
                w = W.IntText(value=v, description=f.name, style=style)
            elif kind is str and choices and not optional:
                w = W.Dropdown(options=choices, value=v, description=f.name, style=style)
            elif kind is str:
                w = W.Text(value=v or "", description=f.name, style=style,
                           placeholder="(empty: the default)" if optional else "")
            elif kind is tuple and choices:
                # a subset of named choices; nothing selected = the option's default
                w = W.SelectMultiple(options=list(choices), value=tuple(x for x in (v or ()) if x in choices),
                                     rows=min(8, len(choices)), description=f.name, style=style,
                                     tooltip="ctrl/shift-click to choose several; none = the default")
            else:
                continue  # other values (a tuple without choices, an optional number): set them in code
            if optional:
                self._optional_rules.add(f.name)
            out[f.name] = w
        return out

    def rule_value(self, name: str) -> Any:
        """The value the new-game control of rule option ``name`` gives: an empty text
        box or an empty multi-select is ``None`` for an optional field (its default)."""
        w = self.rule_widgets[name]
        v = w.value
        if isinstance(w, W.SelectMultiple):
            return tuple(v) if v else (None if name in self._optional_rules else ())
        if isinstance(w, W.Text) and name in self._optional_rules:
            return v.strip() or None
        return v

    # ------------------------------------------------------------ for tests
    def action_buttons(self) -> list[W.Button]:
        """Every button that plays an action, in display order."""
        out = []

        def walk(w: W.Widget) -> None:
            if isinstance(w, W.Button) and "ovnilab-action" in w._dom_classes:
                out.append(w)
            for c in getattr(w, "children", ()):
                walk(c)

        walk(self.actions)
        return out


#: Width of the column beside the map (status, actions, controls, tabs), in CSS px.
SIDE_WIDTH = 340
#: Height above and below the map that the page keeps for other things (a line of text
#: above the board, the page's margins), in CSS px: the map is at most the window's
#: height minus this.
PAGE_CHROME = 64

# The layout: a row that wraps (map, then the side column) so the page never needs a
# horizontal scrollbar; the drawing scales with its box (CSS width 100%, height from
# its viewBox), and the box's width comes from view_width_css().
LAYOUT_CSS = f"""
.ovnilab-style {{ display: none !important; }}
.ovnilab-board {{ width: 100%; max-width: 100%; box-sizing: border-box; }}
.ovnilab-body {{ flex-flow: row wrap; align-items: flex-start; gap: 8px 12px; width: 100%; }}
.ovnilab-body > .ovnilab-board-view {{ flex: 0 0 auto; min-width: 0; margin: 0; }}
.ovnilab-board-view .widget-html-content {{ line-height: normal; }}
.ovnilab-board-view svg {{ display: block; width: 100%; height: auto; }}
.ovnilab-side {{ flex: 1 1 {SIDE_WIDTH - 20}px; min-width: {SIDE_WIDTH - 20}px; max-width: 100%; }}
.ovnilab-side .ovnilab-line {{ width: auto; margin: 0 0 2px 0; }}
.ovnilab-side .ovnilab-line .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.ovnilab-side .ovnilab-title .widget-html-content {{ font-size: 15px; }}
.ovnilab-side .ovnilab-actions {{ width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons {{ flex-wrap: wrap; width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons .widget-toggle-button {{ margin-bottom: 2px; }}
.ovnilab-side .ovnilab-replay .widget-slider {{ width: auto; flex: 1 1 140px; min-width: 140px; }}
.ovnilab-side > * {{ max-width: 100%; box-sizing: border-box; }}
.ovnilab-side .ovnilab-tabs {{ width: auto; margin-right: 0; }}
.ovnilab-log .widget-html-content {{ line-height: normal; }}
.ovnilab-log pre {{ max-height: 9em !important; white-space: pre-wrap; }}
"""


def svg_aspect(svg: str) -> float:
    """Width / height of an SVG drawing, from its ``viewBox`` (1.0 when it has none)."""
    m = _VIEWBOX.search(svg)
    if not m:
        return 1.0
    w, h = float(m.group(1)), float(m.group(2))
    return w / h if w > 0 and h > 0 else 1.0


def view_width_css(aspect: float) -> str:
    """The CSS width of the map's box for a drawing of this aspect ratio: what the side
    column leaves of the row, capped so the height (width / aspect) fits the window; on
    a narrow window at least 560 px (the side column then wraps below the map)."""
    return (f"max(min(calc(100% - {SIDE_WIDTH}px), calc((100vh - {PAGE_CHROME}px) * {aspect:.4f})), "
            "min(100%, 560px))")


def view_width_px(aspect: float, row_width: float, viewport_height: float) -> float:
    """The map's displayed width in px that :func:`view_width_css` gives, for a row
    ``row_width`` px wide in a window ``viewport_height`` px tall (for the legibility
    test: text size on screen = font size x this / viewBox width)."""
    return max(min(row_width - SIDE_WIDTH, (viewport_height - PAGE_CHROME) * aspect), min(row_width, 560))


_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


#: how the seat pickers name each kind of bot
BOT_LABELS = {"random": "random bot", "greedy": "greedy bot", "mcts": "MCTS bot (slower)"}


def default_bots(game: str) -> dict[str, Callable[[], Any]]:
    """The bots a seat may be given on a board of ``game``: the random bot and, where
    ``ovnilab.<game>.bots`` has them, its greedy and MCTS bots at their default
    settings (MCTS by iterations, not time, so a seeded game replays the same)."""
    out: dict[str, Callable[[], Any]] = {"random": RandomBot}
    try:
        mod = importlib.import_module(f"ovnilab.{game}.bots") if game else None
    except ImportError:
        mod = None
    for key, name in (("greedy", "GreedyBot"), ("mcts", "MCTSBot")):
        cls = getattr(mod, name, None)
        if cls is not None:
            out[key] = cls
    return out


def field_doc(cls: type, f: dataclasses.Field) -> str:
    """One line that says what a Rules field means: the field's ``metadata["doc"]``;
    else its entry in the class docstring (``name: text`` or ``name`` over an indented
    paragraph, first sentence); else its name in words."""
    doc = f.metadata.get("doc") if f.metadata else None
    if doc:
        return " ".join(str(doc).split())
    lines = inspect.cleandoc(cls.__doc__ or "").splitlines()
    for i, line in enumerate(lines):
        head, sep, rest = line.partition(":")
        names = [x.strip() for x in (head if sep else line).split("/")]
        if line[:1].isspace() or f.name not in names:
            continue
        if sep and rest.strip():  # "name: text", maybe continued on indented lines
            text = [rest.strip()]
        elif not sep and i + 1 < len(lines) and lines[i + 1][:1].isspace():  # "name" over a paragraph
            text = []
        else:
            continue
        for nxt in lines[i + 1:]:
            if not nxt[:1].isspace() or not nxt.strip():
                break
            text.append(nxt.strip())
        para = " ".join(text)
        cut = para.find(". ")
        return para[:cut + 1] if 0 < cut < len(para) - 2 else para
    return f.name.replace("_", " ")


def _problems_of(exc: BaseException) -> dict[str, str]:
    """``{field: message}`` from a refused new game: the error's ``errors`` mapping when
    it has one (a Rules validation error lists every bad field), else ``{"": message}``."""
    errors = getattr(exc, "errors", None)
    if isinstance(errors, Mapping) and errors:
        return {str(k): str(v) for k, v in errors.items()}
    return {"": str(exc) or type(exc).__name__}


def _range_text(f: dataclasses.Field) -> str:
    """A rule option's documented numeric range as text, e.g. ``" (1 to 40)"`` ("" without one)."""
    meta = f.metadata or {}
    lo, hi = meta.get("min"), meta.get("max")
    if lo is None and hi is None:
        return ""
    if hi is None:
        return f" (at least {lo})"
    return f" (at most {hi})" if lo is None else f" ({lo} to {hi})"


def _is_bare_name(name: str) -> bool:
    """A file name without any folder part (nor "." / "..")."""
    return name not in (".", "..") and "/" not in name and "\\" not in name and "\0" not in name


def _clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (a hostile file name must not flood the page)."""
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def _field_kind(hint: Any, value: Any) -> tuple[type | None, bool]:
    """The base type of a rules field (bool, int, str, tuple or None for anything else)
    and whether ``None`` is allowed, from its annotation (``str | None`` -> (str, True))
    or, without one, from its current value."""
    args = typing.get_args(hint)
    optional = type(None) in args
    if optional:
        rest = [a for a in args if a is not type(None)]
        hint = rest[0] if len(rest) == 1 else None
    base = typing.get_origin(hint) or hint
    if not isinstance(base, type):
        base = type(value) if value is not None else None
    for kind in (bool, int, str, tuple):  # bool first: a bool is also an int
        if base is not None and issubclass(base, kind):
            return kind, optional
    return None, optional


def _natural(text: str) -> tuple:
    return (0, int(text)) if text.isdigit() else (1, text)
