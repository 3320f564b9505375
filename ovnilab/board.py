"""The interactive board shared by every game: an ipywidgets layout around a state.

Each game's ``widget.py`` builds a :class:`GameBoard` with its ``new_game``, its SVG
renderer and a few hints on how to present its actions; everything else is here, so the
three boards behave alike:

* the SVG view of the position, from the human seat's point of view (hidden information
  of the others stays hidden), and, for a game that gives one, a panel under it (HTML
  from ``panel(state, viewer=...)``, e.g. the players' mats shown at their own size);
* the legal actions of the human seat, grouped by kind: a row of buttons for a few
  actions, or two linked pickers ("token" then "area", "from" then "to") for many; only
  legal actions are ever offered, so an illegal choice cannot be made;
* a readable action log (masked for the viewer), undo (back to the last human decision,
  with the bot actions after it; refused while no human has decided, so the bots'
  opening actions are never taken back into a board where a bot waits on auto), a
  history slider that replays every past position;
* bots that move on their own, with a step / auto toggle so a class can watch them;
* a "words" tab with the English meaning of the Portuguese names the board shows (the
  games are Brazilian; the game's ``data/<game>/words.toml``);
* the new-game tab: players and seed; who plays each seat (human, or one of the game's
  random / greedy / MCTS bots: several humans play hot seat at one screen, bots on every
  seat let a class watch); and the game's rule options, one control per field of its
  ``Rules`` dataclass under a label for people (the game's ``rule_labels``; the Python
  name follows it, smaller, as code and saves spell it) with the field's one-line description (its ``metadata["doc"]``,
  else its entry in the class docstring) and range, chosen from the field's type: a
  checkbox (bool), a number box (int, float), a drop-down (str with choices) or a text
  box (str; for an optional ``str | None`` such as a data file, empty = the default; a
  bare file name only, unless ``file_paths`` is set in code), and a multi-select for a
  tuple of names with choices (e.g. which aliens may be dealt; nothing selected = the
  default, ``None``). Every refused option is listed at once next to the button and
  beside its own control; the game in progress goes on. Options accepted but inert
  together (a :class:`~ovnilab.core.RuleOptionWarning`) start the game and are said on
  the error line and under the button.

The board uses only the rules API (``legal_actions``, ``apply``, ``undo``, ``clone``,
``observation``) and the renderer: everything it does can be replayed without it. Errors
from the engine are shown in the error line, never as a traceback.

Widget state is set from the kernel side (``HTML.value``), never with ``with output:``,
so the board works the same in JupyterLab, Voila, nbval and plain pytest.

Language (issue 33): every sentence the board says is English inside ``_()`` and shown in
the language in force when the board is built or redrawn (``ovnilab.set_language("pt")``,
``OVNILAB_LANG``, a ``using_language`` block); the games' tables of labels are marked
``N_()`` and translated when shown. What a player reads may be Portuguese, what the game
reads never is: a button's label is the game's ``action_label(action)`` (default
``str``), its tooltip and what it plays are the action itself, so the log, saves and
``apply`` keep one notation. The engine's refusal (``IllegalAction.rule``) is the rules'
English; the board's framing around it ("illegal action ...", "did you mean ...") is
translated.
"""

from __future__ import annotations

import dataclasses
import html
import inspect
import random
import re
import typing
import warnings
from typing import Any, Callable, Mapping

import ipywidgets as W

from . import datafiles
from .bots import BOT_LABELS, PlayerView, RandomBot, default_bots  # noqa: F401  (re-exported)
from .core import GameState, IllegalAction, NoLegalMove, RuleOptionWarning, action_text
from .i18n import N_, _
from .present import PRESENT_BUTTON, PRESENT_CSS, present_button

__all__ = ["GameBoard", "Chooser", "PRESENT_BUTTON", "PRESENT_CSS", "log_html", "words_html", "svg_aspect", "view_width_css",
           "view_width_px"]

HUMAN = "human"


@dataclasses.dataclass(frozen=True)
class Chooser:
    """Present the actions of one kind as two linked pickers.

    ``first``/``second`` are labels; ``key1``/``key2`` map an action to the text shown in
    each picker (e.g. for a move: its origin, then its destination). The labels are
    English marked ``N_()`` (the board translates them when shown); the keys are called
    when the pickers are built, in the language then in force.
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
        rule_labels: Mapping[str, str] | None = None,
        players_param: str | None = "num_players",
        bot_seed: int = 0,
        auto: bool = True,
        title: str = "",
        bots: Mapping[str, Callable[[], Any]] | None = None,
        panel: Callable[..., str] | None = None,
        words: Mapping[str, str] | None = None,
        words_tab: tuple[str, str] = (N_("words"), N_("The board keeps the rulebook's Portuguese names. In English:")),
        action_label: Callable[[Any], str] | None = None,
    ) -> None:
        #: the text a button shows for an action, in the board's language (the game's
        #: ``action_label``; default ``str``): the action played is the same either way
        self._action_label = action_label or str
        self._new_game_fn = new_game
        self._render = render
        self._render_panel = panel
        self._choosers = dict(choosers or {})
        self._kind_labels = dict(kind_labels or {})
        self._rules_cls = rules_cls
        self._extra = dict(extra_new_game or {})
        self._rule_choices = dict(rule_choices or {})
        #: each rule option's name for people ("Launch platform size"); the Python name
        #: (``platform_capacity``) is shown after it, smaller, for code and saves
        self.rule_labels = dict(rule_labels or {})
        self._players_param = players_param
        self._bot_rng = random.Random(bot_seed)
        # ---- the bots a seat may be given in the new-game tab (default: the game's own)
        self._bot_kinds: dict[str, Callable[[], Any]] = dict(bots) if bots is not None else {}
        if bots is not None and not self._bot_kinds:
            raise ValueError("bots: name at least one kind of bot a seat may be given")
        #: whether the new-game file boxes take paths; False (bare names, looked up in the
        #: game's data folder) so a board served to a room reads nothing else
        self.file_paths = False
        self.state: GameState = state if state is not None else new_game(seed=0, **self._extra)
        n = getattr(self.state, "num_players", 2)
        self.seats: dict[int, Any] = dict(seats) if seats is not None else {0: HUMAN, **{i: RandomBot() for i in range(1, n)}}
        self._check_seats()
        if bots is None:
            self._bot_kinds = default_bots(getattr(self.state, "game_name", ""))

        # ---- view and status
        self.view = W.HTML(layout=W.Layout(width="100%"))
        self.view.add_class("ovnilab-board-view")
        #: HTML under the map and the side column (e.g. the players' mats), drawn by
        #: ``panel(state, viewer=...)`` like the map; empty when the game has none
        self.panel = W.HTML(layout=W.Layout(width="100%"))
        self.panel.add_class("ovnilab-panel")
        self.status = W.HTML()
        self.status.add_class("ovnilab-status")
        self.error = W.HTML()
        #: the RuleOptionWarning messages of the game started last from the new-game tab
        self.rule_warnings: list[str] = []
        self.error.add_class("ovnilab-error")
        # ---- actions
        self.actions = W.VBox()
        self.actions.add_class("ovnilab-actions")
        # ---- controls
        self.undo_button = W.Button(description=_("undo"), icon="undo", tooltip=_("take back your last decision"))
        self.undo_button.on_click(lambda _: self.undo())
        self.step_button = W.Button(description=_("bot move"), icon="step-forward",
                                    tooltip=_("let the bot to act play one action"))
        self.step_button.on_click(lambda _: self.step_bot())
        self.auto = W.ToggleButton(value=auto, description=_("bots auto"), icon="play",
                                   tooltip=_("bots move on their own (off: press 'bot move' for each)"))
        self.auto.observe(lambda ch: self._on_auto(ch), names="value")
        self.history = W.IntSlider(value=0, min=0, max=0, description=_("history"), continuous_update=False,
                                   layout=W.Layout(width="60%"))
        self._quiet = False  # set while _refresh moves the slider itself
        self.history.observe(lambda ch: None if self._quiet else self._show(), names="value")
        self.live_button = W.Button(description=_("back to live"), icon="forward")
        self.live_button.on_click(lambda _: self._go_live())
        self.log_view = W.HTML()
        self.log_view.add_class("ovnilab-log")
        # ---- new game
        self.players = W.Dropdown(options=list(player_counts), value=n if n in player_counts else player_counts[0],
                                  description=_("players"), layout=W.Layout(width="160px"))
        self.seed = W.IntText(value=self.state.seed, description=_("seed"), layout=W.Layout(width="220px"))
        self.new_button = W.Button(description=_("new game"), icon="refresh", button_style="info")
        self.new_button.on_click(lambda _: self.new_game())
        newgame = self._new_game_tab()
        controls = W.HBox([self.undo_button, self.step_button, self.auto], layout=W.Layout(flex_flow="row wrap"))
        replay = W.HBox([self.history, self.live_button])
        #: the "words" tab: the Portuguese names the board shows, in English (the
        #: game's data/<game>/words.toml), or, with another ``words_tab`` (title,
        #: first line), a key to the drawing's signs; no tab when the game has none
        self.words = dict(words or {})
        self.words_view = W.HTML(words_html(self.words, _(words_tab[1])))
        self.words_view.add_class("ovnilab-words")
        self.tabs = W.Tab(children=[self.log_view, newgame, *([self.words_view] if self.words else [])])
        self.tabs.set_title(0, _("log"))
        self.tabs.set_title(1, _("new game"))
        if self.words:
            self.tabs.set_title(2, _(words_tab[0]))
        super().__init__(self._arrange(title, controls, replay))
        self.add_class("ovnilab-board")
        self.add_class("ovnilab-present-root")
        self._snapshots: list[GameState] = self.state.history()
        self._run_bots()
        self._refresh()

    # ----------------------------------------------------------------- layout
    def __repr__(self) -> str:
        # the text a notebook keeps for this output: JupyterLab shows it where a saved
        # notebook has not been run yet, so it says what to do (a served page runs it)
        return "The board appears here when the notebook runs: menu Run > Run All Cells."

    def _arrange(self, title: str, controls: W.Widget, replay: W.Widget) -> list[W.Widget]:
        """The board's layout (see :data:`LAYOUT_CSS`): the map on the left, scaled to the
        window, and beside it a column with the status line, the human's actions, the
        error line right under them, undo / bot controls, the history and the tabs."""
        head = W.HTML(f"<style>{LAYOUT_CSS}{PRESENT_CSS}</style>")
        head.add_class("ovnilab-style")
        self.status.add_class("ovnilab-line")
        self.error.add_class("ovnilab-line")
        controls.add_class("ovnilab-controls")
        replay.add_class("ovnilab-replay")
        self.tabs.add_class("ovnilab-tabs")
        heading = W.HTML(f"<b>{html.escape(_(title))}</b>{present_button()}")
        heading.add_class("ovnilab-line")
        heading.add_class("ovnilab-title")
        self.side = W.VBox([heading, self.status, self.actions, self.error, controls, replay, self.tabs])
        self.side.add_class("ovnilab-side")
        body = W.HBox([self.view, self.side])
        body.add_class("ovnilab-body")
        return [head, body, self.panel]

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
        rule when the engine refuses it (or why a text cannot be read)."""
        if not self._is_live():
            self._go_live()
        try:
            if self._is_bot_turn():
                raise IllegalAction(_("it is a bot's turn: press 'bot move' or switch bots to auto"))
            if isinstance(action, str):
                action = self._parse(action)
            self.state.apply(action)
        except IllegalAction as exc:
            self.show_error(refusal_text(exc))
            self._refresh(keep_error=True)
            return False
        self._snapshots.append(self.state.clone())
        self._run_bots()
        self._refresh()
        return True

    def step_bot(self) -> bool:
        """Let the bot whose turn it is play one action."""
        if not self._is_bot_turn():
            text = _("no bot is to act")
            self.error.value = f"<span style='color:#555'>{html.escape(text)}</span>"
            return False
        seat = self.state.current_player
        bot = self.seats[seat]
        action = bot.act(PlayerView(self.state, seat), self._bot_rng)
        self.state.apply(action)
        self._snapshots.append(self.state.clone())
        self._refresh()
        return True

    def _parse(self, text: str) -> Any:
        """The action a typed text names; a text the game cannot read is an
        :class:`IllegalAction` saying so (whatever error the game's parser raised)."""
        try:
            return self.state.parse_action(text)
        except IllegalAction:
            raise
        except ValueError as exc:
            raise IllegalAction(_("unreadable action {text}: {reason}", text=repr(_clip(text, 80)),
                                  reason=exc)) from exc

    #: most bot actions one click may run on auto; a game that goes on longer pauses the
    #: bots (auto switched off, with a message) instead of blocking the page
    BOT_RUN_LIMIT = 20_000

    def _run_bots(self) -> None:
        """On auto, let the bots act until a human is to decide or the game ends."""
        if not self.auto.value:
            return
        k = 0
        while self._is_bot_turn():
            if k >= self.BOT_RUN_LIMIT:
                # never leave the board idle with a bot to act and auto on
                self.auto.value = False
                self.show_error(_("the bots paused after {n} actions: press 'bots auto' (or 'bot move') to go on",
                                  n=k))
                return
            seat = self.state.current_player
            action = self.seats[seat].act(PlayerView(self.state, seat), self._bot_rng)
            self.state.apply(action)
            self._snapshots.append(self.state.clone())
            k += 1

    def _on_auto(self, change: dict) -> None:
        if change["new"]:
            self._run_bots()
        self._refresh()

    def last_human_decision(self) -> int | None:
        """Index in the log of the last action a human seat took (None: none yet)."""
        humans = set(self.human_seats)
        actors = self.state.actors
        return next((i for i in range(len(actors) - 1, -1, -1) if actors[i] in humans), None)

    def undo(self) -> bool:
        """Take back the last human decision and the bot actions after it, so that human
        decides again. Refused with a message when no human has decided yet: taking back
        the bots' opening actions would leave a bot to act and nothing to press."""
        if not self._is_live():
            self._go_live()
        last = self.last_human_decision()
        if last is None:
            self.show_error(_("nothing to undo: no human decision yet (the bots' actions stay)"))
            self._refresh(keep_error=True)
            return False
        while len(self.state.log) > last:
            self.state.undo()
            self._snapshots.pop()
        self._run_bots()  # a human is to act now; this only matters if seats changed since
        self._refresh()
        return True

    def new_game(self) -> bool:
        """Start a new game from the new-game tab (players, seed, seats, rule options).

        Every refused option is listed at once next to the button (and beside its own
        control); the game in progress then goes on untouched."""
        kwargs = dict(self._extra)
        problems: dict[str, str] = {}
        inert: list[str] = []
        if self._rules_cls is not None:
            rules, problems, inert = self._rules_and_warnings()
            kwargs["rules"] = rules
        if self._players_param:
            kwargs[self._players_param] = self.players.value
        seed = int(self.seed.value)
        if seed.bit_length() > 64:  # a save keeps the seed: it must be one a save can hold
            problems = {"seed": _("must fit in 64 bits (a save keeps it), got {value}", value=_clip(str(seed), 40)),
                        **problems}
        if not problems:
            try:
                state = self._new_game_fn(seed=seed, **kwargs)
            except (ValueError, TypeError, OSError) as exc:  # a data file that cannot be read or is invalid
                problems = _problems_of(exc)
        if problems:
            self.refuse_new_game(problems)
            return False
        self._clear_new_game_problems()
        self.state = state
        n = getattr(state, "num_players", 2)
        self.seats = self._seats_from_controls(n)
        self._check_seats()
        self._snapshots = state.history()
        self._run_bots()
        self._refresh()
        self.rule_warnings = inert
        if inert:
            self.show_rule_warnings(inert)
        return True

    def _rules_and_warnings(self) -> tuple[Any, dict[str, str], list[str]]:
        """:meth:`_rules_from_controls`, with the :class:`~ovnilab.core.RuleOptionWarning`
        messages the Rules raised (an option another makes inert) collected for the board
        instead of going to a log nobody at the projector reads."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            rules, problems = self._rules_from_controls()
        inert = []
        for w in caught:
            if issubclass(w.category, RuleOptionWarning):
                inert.append(str(w.message))
            else:  # not ours to show: pass it on
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return rules, problems, list(dict.fromkeys(inert))

    def show_rule_warnings(self, messages: list[str]) -> None:
        """Say on the error line (and under the new-game button) that the game started
        with an option that changes nothing, so a teacher comparing two settings knows
        they are the same game."""
        text = "; ".join(messages)
        body = "&#9888; " + html.escape(_("game started, but {warning}", warning=_clip(text, 600)))
        self.error.value = f"<span class='ovnilab-rule-warning' style='color:#8a5a00'>{body}</span>"
        self.new_game_error.value = (f"<div class='ovnilab-rule-warning' style='color:#8a5a00'>{body}</div>")

    def refuse_new_game(self, problems: Mapping[str, str]) -> None:
        """Show why a new game was not started: one line per field (``""``: not tied to
        one field), next to the new-game button and beside each field's control."""
        self._clear_new_game_problems()
        items = []
        for field, message in problems.items():
            text = _clip(str(message), 300)
            items.append(f"<li>{html.escape(field + ': ' if field else '')}{html.escape(text)}</li>")
            note = self.rule_notes.get(field)
            if note is not None:
                note.value = f"<span class='ovnilab-note' style='color:#b00020'>&#9888; {html.escape(text)}</span>"
        head = _("new game not started (this one goes on):")
        self.new_game_error.value = (
            f"<div style='color:#b00020'>&#9888; {html.escape(head)}"
            f"<ul style='margin:2px 0 2px 18px;padding:0'>{''.join(items)}</ul></div>")

    def _clear_new_game_problems(self) -> None:
        self.new_game_error.value = ""
        for name, note in self.rule_notes.items():
            note.value = self._rule_note_html(name)

    def show_error(self, message: str) -> None:
        """Show a refusal in the error line (the state is left as it was)."""
        self.error.value = f"<span style='color:#b00020'>&#9888; {html.escape(_clip(message, 600))}</span>"

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
        if self._render_panel is not None:
            self.panel.value = self._render_panel(snap, viewer=self.viewer())
        if k < len(self._snapshots) - 1:
            self.status.value = _("<b>replay</b>: position {k} of {n} (move the slider to the end, or press "
                                  "'back to live', to play)", k=k, n=len(self._snapshots) - 1)
            self.actions.children = ()
        else:
            self._status()
            try:
                self._build_actions()
            except NoLegalMove as exc:
                # the rules leave the player to act no legal move (Ovni's
                # RulesDeadlock under one rule option): say so instead of nothing
                self.actions.children = ()
                self.show_error(_("the game cannot go on: {reason}", reason=exc))

    # ---------------------------------------------------------------- drawing
    def _status(self) -> None:
        s = self.state
        if s.is_over():
            sc = s.scores()
            won = ", ".join(self._seat_name(w) for w in s.winners())
            self.status.value = _("<b>game over</b> &mdash; scores {scores}; winner(s): {names}", scores=sc,
                                  names=html.escape(won))
            return
        cur = s.current_player
        who = _("you") if cur in self.human_seats else _("bot ({seat})", seat=self._seat_name(cur))
        phase = self._phase_text(getattr(s, "phase", ""))
        rnd = getattr(s, "round", None)
        where = _("round {round}, {phase}", round=rnd, phase=phase) if rnd is not None else phase
        self.status.value = self._status_line(cur, who, where)

    def _status_line(self, seat: int, who: str, where: str) -> str:
        """The status line of a game in progress: who acts, whether a person or a bot, and
        where in the game (each game's widget says ``where`` its own way)."""
        return _("to act: <b>{name}</b> ({who}) &mdash; {where}", name=html.escape(self._seat_name(seat)),
                 who=html.escape(who), where=html.escape(where))

    def _phase_text(self, phase: Any) -> str:
        """The game's phase as the status line says it (a game's widget translates its own)."""
        return str(phase)

    def _seat_name(self, seat: int) -> str:
        """A seat's name in the board's language (the game's ``seat_name``, whose English
        names are catalog entries)."""
        fn = getattr(self.state, "seat_name", None)
        return _(fn(seat)) if fn else _("seat {number}", number=seat)

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
        lines = []
        snaps = self._snapshots
        for i, a in enumerate(self.state.log):
            actor = snaps[i].current_player if i < len(snaps) else -1
            text = self._log_text(a, actor, viewer)
            lines.append(f"{i + 1:>4}. {html.escape(self._seat_name(actor))}: {html.escape(text)}")
        self.log_view.value = log_html(lines[-400:])
        self.undo_button.disabled = self.last_human_decision() is None
        self.step_button.disabled = not self._is_bot_turn()

    def _log_text(self, a: Any, actor: int, viewer: int | None) -> str:
        """An action of ``actor`` as the log shows it to ``viewer``: the game's
        ``describe`` (hidden parts masked) for another seat's action, else as the buttons
        say it (a game's widget may translate its masked lines)."""
        describe = getattr(self.state, "describe", None)
        text = describe(a, viewer) if describe and actor != viewer else str(a)
        return self._action_label(a) if text == str(a) else text

    def _build_actions(self) -> None:
        s = self.state
        if s.is_over() or s.current_player not in self.human_seats:
            msg = "" if s.is_over() else _("waiting for the bots: press 'bot move'") if not self.auto.value else ""
            self.actions.children = (W.HTML(msg),) if msg else ()
            return
        groups: dict[str, list] = {}
        for a in s.legal_actions():
            groups.setdefault(getattr(a, "kind", type(a).__name__), []).append(a)
        rows = []
        for kind, acts in groups.items():
            label = self._kind_labels.get(kind)
            label = _(label) if label is not None else kind.replace("_", " ")
            chooser = self._choosers.get(kind)
            if chooser is not None and len(acts) > 6:
                rows.append(self._two_pickers(chooser, acts))
            elif len(acts) <= 12:
                buttons = []
                for a in acts:
                    b = W.Button(description=self._action_label(a), tooltip=str(a), layout=W.Layout(width="auto"))
                    b.add_class("ovnilab-action")
                    b.on_click(lambda _, a=a: self.play(a))
                    buttons.append(b)
                rows.append(W.HBox([W.Label(label, layout=W.Layout(width="110px"))] + buttons,
                                   layout=W.Layout(flex_flow="row wrap")))
            else:
                # many choices: a list that takes the side column's width (a fixed 360 px
                # list ran past the side column), its label on the line above
                dd = W.Dropdown(options=[(self._action_label(a), i) for i, a in enumerate(acts)],
                                layout=W.Layout(width="auto", flex="1 1 auto", min_width="0"))
                go = W.Button(description=_("play"), button_style="primary", layout=W.Layout(width="auto"))
                go.add_class("ovnilab-action")
                go.on_click(lambda _, acts=acts, dd=dd: self.play(acts[dd.value]))
                rows.append(W.VBox([W.Label(label), W.HBox([dd, go], layout=W.Layout(width="100%"))]))
        self.actions.children = tuple(rows)

    def _two_pickers(self, ch: Chooser, acts: list) -> W.Widget:
        # the keys are read once, in the language the pickers are drawn in: a click matches
        # them whatever the language is by then
        keys = [(ch.key1(a), ch.key2(a)) for a in acts]
        firsts = sorted({k1 for k1, _k2 in keys}, key=_natural)

        def seconds(first: str) -> list[str]:
            return sorted({k2 for k1, k2 in keys if k1 == first}, key=_natural)

        # both pickers are built with their options and a selected value: a picker
        # created empty shows no selection in the browser and syncs back None
        p1 = W.ToggleButtons(options=firsts, value=firsts[0], description=_(ch.first), style={"button_width": "auto"})
        opts = seconds(firsts[0])
        p2 = W.ToggleButtons(options=opts, value=opts[0], description=_(ch.second), style={"button_width": "auto"})

        def update(_: Any = None) -> None:
            new = seconds(p1.value)
            p2.options = new
            p2.value = new[0]

        p1.observe(update, names="value")
        go = W.Button(description=_(ch.label), button_style="primary")
        go.add_class("ovnilab-action")

        def fire(_button: Any) -> None:
            match = [a for a, k in zip(acts, keys) if k == (p1.value, p2.value)]
            if match:
                self.play(match[0])
            else:
                text = _("choose a {first} and a {second}", first=_(ch.first), second=_(ch.second))
                self.error.value = f"<span style='color:#b00020'>{html.escape(text)}</span>"

        go.on_click(fire)
        box = W.VBox([p1, p2, go])
        box.pickers = (p1, p2, go)  # type: ignore[attr-defined]
        return box

    # ------------------------------------------------------------- new-game tab
    def _new_game_tab(self) -> W.VBox:
        """The new-game tab: players, seed and the button, with the line listing refused
        options right under them; then who plays each seat; then the rule options, each
        with its one-line description."""
        self.players.layout.width = "150px"
        self.seed.layout.width = "190px"
        self.new_game_error = W.HTML()
        self.new_game_error.add_class("ovnilab-new-game-error")
        # ---- seats: human or one of the game's bots, for the next game
        self.seat_pickers = self._seat_pickers()
        self.players.observe(lambda _: self._show_seat_pickers(), names="value")
        self._show_seat_pickers()
        seats_help = W.HTML("<span class='ovnilab-note'>" + _(
            "<b>seats</b> (for the next game): several humans play hot seat at one screen; bots on every "
            "seat let the class watch (switch 'bots auto' off to step)") + "</span>")
        self.seats_box = W.VBox([seats_help, *self.seat_pickers])
        # ---- rule options
        self.rule_notes: dict[str, W.HTML] = {}
        self.rule_widgets = self._rule_widgets()
        self.rules_panel = W.Accordion(children=[W.VBox(self._rule_rows())])
        self.rules_panel.set_title(0, _("rule options"))
        self.rules_panel.selected_index = None
        start = W.HBox([self.players, self.seed, self.new_button], layout=W.Layout(flex_flow="row wrap"))
        self.new_game_tab = W.VBox([start, self.new_game_error, self.seats_box, self.rules_panel])
        return self.new_game_tab

    def add_new_game_control(self, widget: W.Widget) -> None:
        """Add a game's own new-game control (e.g. the cow game's discard areas) under
        the button and its error line."""
        kids = list(self.new_game_tab.children)
        kids.insert(kids.index(self.seats_box), widget)
        self.new_game_tab.children = tuple(kids)

    def set_rule_widget(self, name: str, widget: W.Widget) -> None:
        """Replace the control of rule option ``name`` with a game's own (e.g. a
        drop-down for a number with named values)."""
        if name not in self.rule_widgets:
            raise KeyError(f"{name!r} is not a rule option of this board")
        widget.description = ""
        widget.layout.width, widget.layout.max_width = "95%", "300px"  # as the generic controls
        self.rule_widgets[name] = widget
        self.rules_panel.children[0].children = tuple(self._rule_rows())

    def _seat_pickers(self) -> list[W.Dropdown]:
        """One drop-down per seat (as many as the largest game): human or a bot kind.
        A bot given in code that is none of the kinds is offered as itself."""
        n = getattr(self.state, "num_players", 2)
        most = max([n, *self.players.options])
        self._given_bots: dict[int, Any] = {}
        kinds = [(_(BOT_LABELS[k]) if k in BOT_LABELS else k, k) for k in self._bot_kinds]
        bot_kinds = [self._seat_kind(s, self.seats[s]) for s in range(n) if self.seats[s] != HUMAN]
        later = bot_kinds[-1] if bot_kinds and bot_kinds[-1] != "given" else next(iter(self._bot_kinds))
        pickers = []
        for s in range(most):
            kind = self._seat_kind(s, self.seats[s]) if s < n else later
            options = [(_("human"), HUMAN), *kinds]
            if kind == "given":
                options.append((_("as given: {bot}", bot=_clip(repr(self._given_bots[s]), 40)), "given"))
            pickers.append(W.Dropdown(options=options, value=kind, description=_("seat {number}", number=s),
                                      style={"description_width": "56px"}, layout=W.Layout(width="300px")))
        return pickers

    def _seat_kind(self, seat: int, who: Any) -> str:
        """The picker value for who plays ``seat`` now (remembering a bot given in code)."""
        if who == HUMAN:
            return HUMAN
        for key, make in self._bot_kinds.items():
            fresh = make()
            if type(fresh) is type(who) and repr(fresh) == repr(who):
                return key
        self._given_bots[seat] = who
        return "given"

    def _show_seat_pickers(self) -> None:
        n = self.players.value if self._players_param else getattr(self.state, "num_players", 2)
        for s, p in enumerate(self.seat_pickers):
            p.layout.display = None if s < n else "none"

    def _seats_from_controls(self, n: int) -> dict[int, Any]:
        """Who plays each seat of an ``n``-player game, from the seat pickers (a fresh
        bot per seat, so no bot carries anything over from the last game)."""
        seats: dict[int, Any] = {}
        for s in range(n):
            kind = self.seat_pickers[s].value if s < len(self.seat_pickers) else next(iter(self._bot_kinds))
            if kind == HUMAN:
                seats[s] = HUMAN
            elif kind == "given":
                seats[s] = self._given_bots[s]
            else:
                seats[s] = self._bot_kinds[kind]()
        return seats

    def _rule_widgets(self) -> dict[str, W.Widget]:
        """One control per rule option the board can offer (see the module docstring),
        each with a note line (see :meth:`_rule_rows`)."""
        out: dict[str, W.Widget] = {}
        self._optional_rules: set[str] = set()
        self._rule_docs: dict[str, str] = {}
        self._file_rules: set[str] = set()
        if self._rules_cls is None:
            return out
        current = getattr(self.state, "rules", None) or self._rules_cls()
        try:
            hints = typing.get_type_hints(self._rules_cls)
        except (NameError, TypeError):  # unresolvable annotations: judge by the values
            hints = {}
        lay = W.Layout(width="95%", max_width="300px")
        for f in dataclasses.fields(self._rules_cls):
            v = getattr(current, f.name)
            kind, optional = _field_kind(hints.get(f.name), v)
            choices = self._rule_choices.get(f.name) or (f.metadata or {}).get("choices")
            if kind is bool and not optional:
                w: W.Widget = W.Checkbox(value=v, description="", indent=False)
            elif kind is int and not optional:
                # IntText, not a bounded box: some options use negative values (e.g. -1 = random)
                w = W.IntText(value=v, layout=lay)
            elif kind is float and not optional:
                w = W.FloatText(value=v, layout=lay)
            elif kind is str and choices and not optional:
                w = W.Dropdown(options=choices, value=v, layout=lay)
            elif kind is str:
                w = W.Text(value=v or "", layout=lay, placeholder=_("(empty: the default)") if optional else "")
            elif kind is tuple and choices:
                # a subset of named choices; nothing selected = the option's default
                w = W.SelectMultiple(options=list(choices), value=tuple(x for x in (v or ()) if x in choices),
                                     rows=min(8, len(choices)), layout=lay,
                                     tooltip=_("ctrl/shift-click to choose several; none = the default"))
            else:
                continue  # other values (a tuple without choices, an optional number): set them in code
            if optional:
                self._optional_rules.add(f.name)
            out[f.name] = w
            self._rule_docs[f.name] = field_doc(self._rules_cls, f) + _range_text(f)
            if kind is str and (f.name.endswith("_file") or "folder" in (f.metadata or {})):
                self._file_rules.add(f.name)
            self.rule_notes[f.name] = W.HTML(self._rule_note_html(f.name))
        return out

    def _rule_note_html(self, name: str) -> str:
        doc = self._rule_docs.get(name, "")
        # an optional option says what empty means once (a file's doc names its default file)
        extra = " " + _("(empty: the default)") if name in self._optional_rules and "(empty" not in doc else ""
        return f"<span class='ovnilab-note' style='color:#444'>{html.escape(doc)}{extra}</span>"

    def _rule_rows(self) -> list[W.Widget]:
        """A row per rule option: its label for people and, smaller, its Python name; then
        its control; then its one-line description, where a refused value's error shows."""
        rows = []
        for name, w in self.rule_widgets.items():
            label = _(self.rule_labels[name]) if self.rule_labels.get(name) else rule_label(name)
            head = W.HTML(f"<b>{html.escape(label)}</b> <code style='font-size:12px;color:#5f6b76'>"
                          f"{html.escape(name)}</code>")
            row = W.VBox([head, w, self.rule_notes[name]], layout=W.Layout(margin="0 0 6px 0"))
            row.add_class("ovnilab-rule")
            rows.append(row)
        return rows

    def _rules_from_controls(self) -> tuple[Any, dict[str, str]]:
        """The Rules the controls describe, or None and every refused field with why.

        A validating Rules raises an error whose ``errors`` maps each bad field to its
        message; without that, each changed field is tried on its own so that every bad
        one is still named at once (a rule between fields is reported as a whole)."""
        values = {k: self.rule_value(k) for k in self.rule_widgets}
        paths: dict[str, str] = {}
        if not self.file_paths:
            # issues 11 and 22: a served board reads a data file by bare name from the
            # game's data folder only (not hidden, no link leading out of it, never the
            # working directory); any other name is refused here, before the Rules read it
            folders = {f.name: f.metadata["folder"] for f in dataclasses.fields(self._rules_cls)
                       if "folder" in f.metadata}
            for k in self._file_rules:
                v = values.get(k)
                if v is None or k not in folders:
                    continue
                try:
                    datafiles.untrusted_data_file(v, folders[k]())
                except FileNotFoundError:
                    paths[k] = (_("a file name from the game's data folder is expected, got {value}",
                                  value=_clip(repr(v), 80)) if _is_bare_name(v) else
                                _("a bare file name is expected (no folder), got {value}", value=_clip(repr(v), 80)))
            values = {k: (None if k in paths else v) for k, v in values.items()}
        try:
            rules = self._rules_cls(**values)  # type: ignore[misc]
            return (None, paths) if paths else (rules, {})
        except (ValueError, TypeError, OSError) as exc:
            problems = _problems_of(exc)
        if set(problems) == {""}:
            found: dict[str, str] = {}
            for name, v in values.items():
                try:
                    self._rules_cls(**{name: v})  # type: ignore[misc]
                except (ValueError, TypeError, OSError) as exc:
                    found.update({(k or name): m for k, m in _problems_of(exc).items()})
            problems = found or problems
        return None, {**paths, **problems}

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
SIDE_WIDTH = 300
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
/* the panel under the map: 100% wide with a widget's 2 px margins overflowed the page */
.ovnilab-board > .ovnilab-panel {{ margin-left: 0; margin-right: 0; }}
.ovnilab-body {{ flex-flow: row wrap; align-items: flex-start; gap: 8px 12px; width: 100%; }}
.ovnilab-body > .ovnilab-board-view {{ flex: 0 0 auto; min-width: 0; margin: 0; }}
.ovnilab-board-view .widget-html-content {{ line-height: normal; }}
.ovnilab-board-view svg {{ display: block; width: 100%; height: auto; }}
.ovnilab-side {{ flex: 1 1 {SIDE_WIDTH - 20}px; min-width: {SIDE_WIDTH - 20}px; max-width: 100%; }}
.ovnilab-side .ovnilab-line {{ width: auto; margin: 0 0 2px 0; }}
.ovnilab-side .ovnilab-line .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.ovnilab-side .ovnilab-title .widget-html-content {{ font-size: 15px; display: flex; align-items: center;
  justify-content: space-between; gap: 8px; }}
.ovnilab-side .ovnilab-actions {{ width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons {{ flex-wrap: wrap; width: 100%; }}
.ovnilab-side .ovnilab-actions .widget-toggle-buttons .widget-toggle-button {{ margin-bottom: 2px; }}
/* the history slider on a line of its own: beside the button, its label and readout left
   the track no width at 1024 px, and the knob sat at the left whatever the value */
.ovnilab-side .ovnilab-replay {{ flex-wrap: wrap; }}
.ovnilab-side .ovnilab-replay .widget-slider {{ width: auto; flex: 1 1 100%; min-width: 0; margin-left: 0;
  margin-right: 0; max-width: 100%; box-sizing: border-box; }}
.ovnilab-side .ovnilab-replay .widget-slider .slider-container {{ min-width: 100px; }}
.ovnilab-side .ovnilab-replay .widget-slider .widget-readout {{ min-width: 0; max-width: 48px; }}
.ovnilab-side > * {{ max-width: 100%; box-sizing: border-box; }}
.ovnilab-side .ovnilab-tabs {{ width: auto; margin-right: 0; }}
.ovnilab-log .widget-html-content {{ line-height: normal; }}
.ovnilab-tabs .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.ovnilab-log pre {{ max-height: 9em !important; white-space: pre-wrap; word-break: normal; overflow-wrap: break-word; }}
/* an action row: its kind's label, then its buttons, wrapping in the column */
.ovnilab-actions .widget-label {{ width: auto !important; min-width: 0; margin-right: 8px; }}
.ovnilab-actions .widget-label:empty {{ display: none; }}
"""


def log_html(lines: list[str]) -> str:
    """The log tab's HTML: escaped ``lines`` in a box that scrolls, opened at its end (a
    reversed flex column starts scrolled to the bottom), so the newest actions show
    without scrolling and the older ones are a scroll up."""
    return ("<pre style='max-height:16em;overflow:auto;margin:0;display:flex;flex-direction:column-reverse'>"
            "<div>" + "\n".join(lines) + "</div></pre>")


def words_html(words: Mapping[str, str], intro: str | None = None) -> str:
    """The "words" tab: each Portuguese name on the board beside its English meaning, in
    alphabetical order (the games are Brazilian; the boards keep the rulebooks' names);
    or each sign of a drawing beside what it means (Cosmic's key). ``intro``: the line
    above the table, in the board's language (default: the Portuguese names' one)."""
    if not words:
        return ""
    if intro is None:
        intro = _("The board keeps the rulebook's Portuguese names. In English:")
    rows = "".join(f"<tr><td style='padding:1px 10px 1px 0'><b>{html.escape(k)}</b></td>"
                   f"<td>{html.escape(v)}</td></tr>" for k, v in sorted(words.items(), key=lambda kv: kv[0].casefold()))
    return (f"<div style='max-height:16em;overflow:auto'><div class='ovnilab-note'>{html.escape(intro)}</div>"
            f"<table>{rows}</table></div>")


def refusal_text(exc: IllegalAction) -> str:
    """An engine's refusal as the board says it, in the board's language: the board's
    framing ("illegal action '...': ...", "did you mean ...?") around the rule the engine
    names (the rules' own words, English) and the legal action texts it suggests (the
    notation, which is one language). In English it reads as ``str(exc)``."""
    action = repr(action_text(exc.action))
    if exc.action is None:
        msg = f"{exc.rule} ({exc.detail})" if exc.detail else str(exc.rule)  # the engine's words alone
    elif exc.detail:
        msg = _("illegal action {action}: {rule} ({detail})", action=action, rule=exc.rule, detail=exc.detail)
    else:
        msg = _("illegal action {action}: {rule}", action=action, rule=exc.rule)
    hints = exc.suggestions
    if hints:
        msg = _("{message}; did you mean {options}?", message=msg, options=", ".join(repr(h) for h in hints))
    return msg


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


def rule_label(name: str) -> str:
    """A rule option's name in words, for an option a board gives no label
    (``stall_limit`` -> "Stall limit")."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


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
        return " " + _("(at least {n})", n=lo)
    return " " + (_("(at most {n})", n=hi) if lo is None else _("({low} to {high})", low=lo, high=hi))


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
    for kind in (bool, int, float, str, tuple):  # bool first: a bool is also an int
        if base is not None and issubclass(base, kind):
            return kind, optional
    return None, optional


def _natural(text: str) -> tuple:
    return (0, int(text)) if text.isdigit() else (1, text)
