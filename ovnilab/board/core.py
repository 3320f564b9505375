"""The board itself: :class:`GameBoard`, a playable position in an ipywidgets layout.

What it shows and does (the package docstring says how the parts fit):

* the SVG view of the position, from the human seat's point of view (hidden information
  of the others stays hidden), and, for a game that gives one, a panel under it (HTML
  from ``panel(state, viewer=...)``, e.g. the players' mats shown at their own size);
* the legal actions of the human seat, grouped by kind: a row of buttons for a few
  actions, or two linked pickers (a :class:`Chooser`: "token" then "area", "from" then
  "to") for many; only legal actions are ever offered, so an illegal choice cannot be
  made;
* a readable action log (masked for the viewer), undo (back to the last human decision,
  with the bot actions after it; refused while no human has decided, so the bots'
  opening actions are never taken back into a board where a bot waits on auto), a
  history slider that replays every past position;
* bots that move on their own, with a step / auto toggle so a class can watch them;
* the tabs: the log, the new game (a :class:`~ovnilab.board.newgame.NewGameTab` the board
  owns; its controls are also the board's attributes, ``board.players``,
  ``board.rule_widgets`` ..., as games and tests use them) and, for a game that has
  them, the words.

:meth:`GameBoard.new_game` starts the game the new-game tab describes. Every refused
option is listed at once next to the button and beside its own control; the game in
progress goes on. Options accepted but inert together (a
:class:`~ovnilab.core.RuleOptionWarning`) start the game and are said on the error line
and under the button.

The board uses only the rules API (``legal_actions``, ``apply``, ``undo``, ``clone``,
``observation``) and the renderer: everything it does can be replayed without it. Errors
from the engine are shown in the error line, never as a traceback. Widget state is set
from the kernel side (``HTML.value``), never with ``with output:``, so the board works
the same in JupyterLab, Voila, nbval and plain pytest.

Language (issue 33): every sentence the board says is English inside ``_()`` and shown in
the language in force when the board is built or redrawn (``ovnilab.set_language("pt")``,
``OVNILAB_LANG``, a ``using_language`` block); the games' tables of labels are marked
``N_()`` and translated when shown. What a player reads may be Portuguese, what the game
reads never is: a button's label is the game's ``action_label(action)`` (default
``str``), its tooltip and what it plays are the action itself, so the log, saves and
``apply`` keep one notation.
"""

from __future__ import annotations

import dataclasses
import html
import random
from typing import Any, Callable, Mapping

import ipywidgets as W

from ..bots import PlayerView, RandomBot, default_bots
from ..core import GameState, IllegalAction, NoLegalMove
from ..i18n import N_, _
from ..present import PRESENT_CSS, present_button
from ..refusals import translate_check
from .layout import LAYOUT_CSS, svg_aspect, view_width_css
from .newgame import HUMAN, NewGameTab, problems_of
from .text import clip, log_html, refusal_text, words_html


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


class _TabPart:
    """An attribute of the board that is its new-game tab's (:class:`NewGameTab`), read and
    set there, so the tab's controls are also the board's (``board.players``,
    ``board.rule_widgets`` ...). ``name``: the tab's name for it (default: the same)."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def __get__(self, board: Any, owner: type | None = None) -> Any:
        return self if board is None else getattr(board.next_game, self.name)

    def __set__(self, board: Any, value: Any) -> None:
        setattr(board.next_game, self.name, value)


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
        self._players_param = players_param
        self._bot_rng = random.Random(bot_seed)
        # ---- the bots a seat may be given in the new-game tab (default: the game's own)
        bot_kinds: dict[str, Callable[[], Any]] = dict(bots) if bots is not None else {}
        if bots is not None and not bot_kinds:
            raise ValueError("bots: name at least one kind of bot a seat may be given")
        self.state: GameState = state if state is not None else new_game(seed=0, **self._extra)
        n = getattr(self.state, "num_players", 2)
        self.seats: dict[int, Any] = dict(seats) if seats is not None else {0: HUMAN, **{i: RandomBot() for i in range(1, n)}}
        self._check_seats()
        if bots is None:
            bot_kinds = default_bots(getattr(self.state, "game_name", ""))

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
        # ---- new game: the tab that describes the next game (the button calls new_game)
        self.next_game = NewGameTab(
            self.state, self.seats, start=lambda: self.new_game(),
            live_players=lambda: getattr(self.state, "num_players", 2), bot_kinds=bot_kinds,
            player_counts=player_counts, players_param=players_param, rules_cls=rules_cls,
            rule_choices=dict(rule_choices or {}), rule_labels=dict(rule_labels or {}))
        controls = W.HBox([self.undo_button, self.step_button, self.auto], layout=W.Layout(flex_flow="row wrap"))
        replay = W.HBox([self.history, self.live_button])
        #: the "words" tab: the Portuguese names the board shows, in English (the
        #: game's data/<game>/words.toml), or, with another ``words_tab`` (title,
        #: first line), a key to the drawing's signs; no tab when the game has none
        self.words = dict(words or {})
        self.words_view = W.HTML(words_html(self.words, _(words_tab[1])))
        self.words_view.add_class("ovnilab-words")
        self.tabs = W.Tab(children=[self.log_view, self.next_game.widget, *([self.words_view] if self.words else [])])
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
            self.show_error(refusal_text(exc, self.state.game_name))
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
            raise IllegalAction(_("unreadable action {text}: {reason}", text=repr(clip(text, 80)),
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
            rules, problems, inert = self.next_game.rules_and_warnings()
            kwargs["rules"] = rules
        if self._players_param:
            kwargs[self._players_param] = self.players.value
        seed = int(self.seed.value)
        if seed.bit_length() > 64:  # a save keeps the seed: it must be one a save can hold
            problems = {"seed": _("must fit in 64 bits (a save keeps it), got {value}", value=clip(str(seed), 40)),
                        **problems}
        if not problems:
            try:
                state = self._new_game_fn(seed=seed, **kwargs)
            except (ValueError, TypeError, OSError) as exc:  # a data file that cannot be read or is invalid
                problems = problems_of(exc)
        if problems:
            self.refuse_new_game(problems)
            return False
        self.next_game.clear_problems()
        self.state = state
        n = getattr(state, "num_players", 2)
        self.seats = self.next_game.seats(n)
        self._check_seats()
        self._snapshots = state.history()
        self._run_bots()
        self._refresh()
        self.rule_warnings = inert
        if inert:
            self.show_rule_warnings(inert)
        return True

    def show_rule_warnings(self, messages: list[str]) -> None:
        """Say on the error line (and under the new-game button) that the game started
        with an option that changes nothing, so a teacher comparing two settings knows
        they are the same game."""
        text = "; ".join(translate_check(m) for m in messages)
        body = "&#9888; " + html.escape(_("game started, but {warning}", warning=clip(text, 600)))
        self.error.value = f"<span class='ovnilab-rule-warning' style='color:#8a5a00'>{body}</span>"
        self.new_game_error.value = (f"<div class='ovnilab-rule-warning' style='color:#8a5a00'>{body}</div>")

    def refuse_new_game(self, problems: Mapping[str, str]) -> None:
        """Show why a new game was not started: one line per field (``""``: not tied to
        one field), next to the new-game button and beside each field's control."""
        self.next_game.refuse(problems)

    def show_error(self, message: str) -> None:
        """Show a refusal in the error line (the state is left as it was)."""
        self.error.value = f"<span style='color:#b00020'>&#9888; {html.escape(clip(message, 600))}</span>"

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
    # The tab's parts, as the board's own attributes (the games' widgets and the tests
    # reach them here): see :class:`~ovnilab.board.newgame.NewGameTab`.
    #: the start line: how many players, the seed, the button, and the line under it (why
    #: a new game was refused, or its warnings)
    players, seed, new_button, new_game_error = _TabPart(), _TabPart(), _TabPart(), _TabPart()
    #: who plays each seat of the next game: the pickers, and the box with their help line
    seat_pickers, seats_box = _TabPart(), _TabPart()
    #: each rule option's control and its note line, the accordion that holds them, and
    #: each option's name for people (the Python name is shown after it)
    rule_widgets, rule_notes, rules_panel, rule_labels = _TabPart(), _TabPart(), _TabPart(), _TabPart()
    #: whether the file boxes take paths; False (bare names, looked up in the game's data
    #: folder) so a board served to a room reads nothing else
    file_paths = _TabPart()
    #: the new-game tab itself
    new_game_tab = _TabPart("widget")

    def rule_value(self, name: str) -> Any:
        """The value the new-game control of rule option ``name`` gives: an empty text
        box or an empty multi-select is ``None`` for an optional field (its default)."""
        return self.next_game.rule_value(name)

    def add_new_game_control(self, widget: W.Widget) -> None:
        """Add a game's own new-game control (e.g. the cow game's discard areas) under
        the button and its error line."""
        self.next_game.add_control(widget)

    def set_rule_widget(self, name: str, widget: W.Widget) -> None:
        """Replace the control of rule option ``name`` with a game's own (e.g. a
        drop-down for a number with named values)."""
        self.next_game.set_rule_widget(name, widget)

    def _rule_rows(self) -> list[W.Widget]:
        """The rule options' rows (a game that drops a control redraws them)."""
        return self.next_game.rule_rows()

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



def _natural(text: str) -> tuple:
    return (0, int(text)) if text.isdigit() else (1, text)
