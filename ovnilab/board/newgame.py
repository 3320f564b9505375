"""The board's new-game tab: what the next game is, and who plays it.

:class:`NewGameTab` is a part the :class:`~ovnilab.board.GameBoard` owns (the board keeps
the game in progress; the tab only describes the next one, and the board starts it):

* players and seed, and the button (the board's ``new_game``), with the line listing
  refused options right under them;
* who plays each seat: human, or one of the game's random / greedy / MCTS bots (several
  humans play hot seat at one screen, bots on every seat let a class watch);
* the game's rule options, one control per field of its ``Rules`` dataclass under a
  label for people (the game's ``rule_labels``; the Python name follows it, smaller, as
  code and saves spell it) with the field's one-line description (its
  ``metadata["doc"]``, else its entry in the class docstring, see :func:`field_doc`) and
  range, chosen from the field's type: a checkbox (bool), a number box (int, float), a
  drop-down (str with choices) or a text box (str; for an optional ``str | None`` such
  as a data file, empty = the default; a bare file name only, unless ``file_paths`` is
  set in code), and a multi-select for a tuple of names with choices (e.g. which aliens
  may be dealt; nothing selected = the default, ``None``). The description and each
  named value are said in the language in force (the Rules declare them in English;
  :func:`ovnilab.i18n.extract_rule_options` puts them in the catalog); the control gives
  the value itself, the notation the Rules and saves read.

Every refused option is listed at once next to the button and beside its own control
(:meth:`NewGameTab.refuse`); the game in progress goes on. Options accepted but inert
together (a :class:`~ovnilab.core.RuleOptionWarning`) are collected by
:meth:`NewGameTab.rules_and_warnings` for the board to say: they start the game.
"""

from __future__ import annotations

import dataclasses
import html
import inspect
import typing
import warnings
from typing import Any, Callable, Mapping

import ipywidgets as W

from .. import datafiles
from ..bots import BOT_LABELS
from ..core import RuleOptionWarning
from ..i18n import RULE_VALUE_CONTEXT, _, pgettext
from ..refusals import translate_check
from .text import clip

#: what a seat holds when a person plays it (else: a bot with ``act()``)
HUMAN = "human"


class NewGameTab:
    """The new-game tab's controls (see the module docstring); ``widget`` is the tab.

    Built from the game the board shows (``state``, ``seats``: its players, seed, rule
    options and who plays each seat fill the controls); ``start`` is what the button
    does (the board's ``new_game``); ``live_players()`` is the number of players of the
    board's game now (the seats shown when the game has no player-count option)."""

    def __init__(
        self,
        state: Any,
        seats: Mapping[int, Any],
        *,
        start: Callable[[], Any],
        live_players: Callable[[], int],
        bot_kinds: Mapping[str, Callable[[], Any]],
        player_counts: tuple[int, ...],
        players_param: str | None,
        rules_cls: type | None,
        rule_choices: Mapping[str, list],
        rule_labels: dict[str, str],
    ) -> None:
        self._rules_cls = rules_cls
        self._rule_choices = rule_choices
        #: each rule option's name for people ("Launch platform size"); the Python name
        #: (``platform_capacity``) is shown after it, smaller, for code and saves
        self.rule_labels = rule_labels
        self._players_param = players_param
        self._live_players = live_players
        #: the bots a seat may be given (default: the game's own)
        self._bot_kinds = bot_kinds
        #: whether the file boxes take paths; False (bare names, looked up in the game's
        #: data folder) so a board served to a room reads nothing else
        self.file_paths = False
        n = getattr(state, "num_players", 2)
        self.players = W.Dropdown(options=list(player_counts), value=n if n in player_counts else player_counts[0],
                                  description=_("players"), layout=W.Layout(width="150px"))
        self.seed = W.IntText(value=state.seed, description=_("seed"), layout=W.Layout(width="190px"))
        self.new_button = W.Button(description=_("new game"), icon="refresh", button_style="info")
        self.new_button.on_click(lambda _: start())
        self.new_game_error = W.HTML()
        self.new_game_error.add_class("ovnilab-new-game-error")
        # ---- seats: human or one of the game's bots, for the next game
        self.seat_pickers = self._seat_pickers(state, seats)
        self.players.observe(lambda _: self._show_seat_pickers(), names="value")
        self._show_seat_pickers()
        seats_help = W.HTML("<span class='ovnilab-note'>" + _(
            "<b>seats</b> (for the next game): several humans play hot seat at one screen; bots on every "
            "seat let the class watch (switch 'bots auto' off to step)") + "</span>")
        self.seats_box = W.VBox([seats_help, *self.seat_pickers])
        # ---- rule options
        self.rule_notes: dict[str, W.HTML] = {}
        self.rule_widgets = self._rule_widgets(state)
        self.rules_panel = W.Accordion(children=[W.VBox(self.rule_rows())])
        self.rules_panel.set_title(0, _("rule options"))
        self.rules_panel.selected_index = None
        start_row = W.HBox([self.players, self.seed, self.new_button], layout=W.Layout(flex_flow="row wrap"))
        #: the tab: players, seed and the button, with the line listing refused options
        #: right under them; then who plays each seat; then the rule options
        self.widget = W.VBox([start_row, self.new_game_error, self.seats_box, self.rules_panel])

    def add_control(self, widget: W.Widget) -> None:
        """Add a game's own new-game control (e.g. the cow game's discard areas) under
        the button and its error line."""
        kids = list(self.widget.children)
        kids.insert(kids.index(self.seats_box), widget)
        self.widget.children = tuple(kids)

    def set_rule_widget(self, name: str, widget: W.Widget) -> None:
        """Replace the control of rule option ``name`` with a game's own (e.g. a
        drop-down for a number with named values)."""
        if name not in self.rule_widgets:
            raise KeyError(f"{name!r} is not a rule option of this board")
        widget.description = ""
        widget.layout.width, widget.layout.max_width = "95%", "300px"  # as the generic controls
        self.rule_widgets[name] = widget
        self.rules_panel.children[0].children = tuple(self.rule_rows())

    # ------------------------------------------------------------------ seats
    def _seat_pickers(self, state: Any, seats: Mapping[int, Any]) -> list[W.Dropdown]:
        """One drop-down per seat (as many as the largest game): human or a bot kind.
        A bot given in code that is none of the kinds is offered as itself."""
        n = getattr(state, "num_players", 2)
        most = max([n, *self.players.options])
        self._given_bots: dict[int, Any] = {}
        kinds = [(_(BOT_LABELS[k]) if k in BOT_LABELS else k, k) for k in self._bot_kinds]
        bot_kinds = [self._seat_kind(s, seats[s]) for s in range(n) if seats[s] != HUMAN]
        later = bot_kinds[-1] if bot_kinds and bot_kinds[-1] != "given" else next(iter(self._bot_kinds))
        pickers = []
        for s in range(most):
            kind = self._seat_kind(s, seats[s]) if s < n else later
            options = [(_("human"), HUMAN), *kinds]
            if kind == "given":
                options.append((_("as given: {bot}", bot=clip(repr(self._given_bots[s]), 40)), "given"))
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
        n = self.players.value if self._players_param else self._live_players()
        for s, p in enumerate(self.seat_pickers):
            p.layout.display = None if s < n else "none"

    def seats(self, n: int) -> dict[int, Any]:
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

    # ----------------------------------------------------------- rule options
    def _rule_widgets(self, state: Any) -> dict[str, W.Widget]:
        """One control per rule option the board can offer (see the module docstring),
        each with a note line (see :meth:`rule_rows`)."""
        out: dict[str, W.Widget] = {}
        self._optional_rules: set[str] = set()
        #: each option's description, English as declared (said in the language in force
        #: when shown, :meth:`_rule_note_html`), and its documented range
        self._rule_docs: dict[str, tuple[str, dataclasses.Field]] = {}
        self._file_rules: set[str] = set()
        if self._rules_cls is None:
            return out
        current = getattr(state, "rules", None) or self._rules_cls()
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
                w = W.Dropdown(options=choice_options(choices), value=v, layout=lay)
            elif kind is str:
                w = W.Text(value=v or "", layout=lay, placeholder=_("(empty: the default)") if optional else "")
            elif kind is tuple and choices:
                # a subset of named choices; nothing selected = the option's default
                w = W.SelectMultiple(options=choice_options(choices), value=tuple(x for x in (v or ()) if x in choices),
                                     rows=min(8, len(choices)), layout=lay,
                                     tooltip=_("ctrl/shift-click to choose several; none = the default"))
            else:
                continue  # other values (a tuple without choices, an optional number): set them in code
            if optional:
                self._optional_rules.add(f.name)
            out[f.name] = w
            self._rule_docs[f.name] = (field_doc(self._rules_cls, f), f)
            if kind is str and (f.name.endswith("_file") or "folder" in (f.metadata or {})):
                self._file_rules.add(f.name)
            self.rule_notes[f.name] = W.HTML(self._rule_note_html(f.name))
        return out

    def _rule_note_html(self, name: str) -> str:
        """A rule option's description and range in the language in force (the
        declared English through the catalog, :func:`ovnilab.i18n.extract_rule_options`)."""
        english, f = self._rule_docs[name]
        doc = _(english) + _range_text(f)
        # an optional option says what empty means once (a file's doc names its default file)
        extra = " " + _("(empty: the default)") if name in self._optional_rules and "(empty" not in english else ""
        return f"<span class='ovnilab-note' style='color:#444'>{html.escape(doc)}{extra}</span>"

    def rule_rows(self) -> list[W.Widget]:
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

    def rules_and_warnings(self) -> tuple[Any, dict[str, str], list[str]]:
        """:meth:`rules`, with the :class:`~ovnilab.core.RuleOptionWarning` messages the
        Rules raised (an option another makes inert) collected for the board instead of
        going to a log nobody at the projector reads."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            rules, problems = self.rules()
        inert = []
        for w in caught:
            if issubclass(w.category, RuleOptionWarning):
                inert.append(str(w.message))
            else:  # not ours to show: pass it on
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return rules, problems, list(dict.fromkeys(inert))

    def rules(self) -> tuple[Any, dict[str, str]]:
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
                                  value=clip(repr(v), 80)) if _is_bare_name(v) else
                                _("a bare file name is expected (no folder), got {value}", value=clip(repr(v), 80)))
            values = {k: (None if k in paths else v) for k, v in values.items()}
        try:
            rules = self._rules_cls(**values)  # type: ignore[misc]
            return (None, paths) if paths else (rules, {})
        except (ValueError, TypeError, OSError) as exc:
            problems = problems_of(exc)
        if set(problems) == {""}:
            found: dict[str, str] = {}
            for name, v in values.items():
                try:
                    self._rules_cls(**{name: v})  # type: ignore[misc]
                except (ValueError, TypeError, OSError) as exc:
                    found.update({(k or name): m for k, m in problems_of(exc).items()})
            problems = found or problems
        return None, {**paths, **problems}

    def rule_value(self, name: str) -> Any:
        """The value the control of rule option ``name`` gives: an empty text box or an
        empty multi-select is ``None`` for an optional field (its default)."""
        w = self.rule_widgets[name]
        v = w.value
        if isinstance(w, W.SelectMultiple):
            return tuple(v) if v else (None if name in self._optional_rules else ())
        if isinstance(w, W.Text) and name in self._optional_rules:
            return v.strip() or None
        return v

    # ----------------------------------------------------------- refusals
    def refuse(self, problems: Mapping[str, str]) -> None:
        """Show why a new game was not started: one line per field (``""``: not tied to
        one field), next to the button and beside each field's control."""
        self.clear_problems()
        items = []
        for field, message in problems.items():
            text = clip(translate_check(message), 300)
            items.append(f"<li>{html.escape(field + ': ' if field else '')}{html.escape(text)}</li>")
            note = self.rule_notes.get(field)
            if note is not None:
                note.value = f"<span class='ovnilab-note' style='color:#b00020'>&#9888; {html.escape(text)}</span>"
        head = _("new game not started (this one goes on):")
        self.new_game_error.value = (
            f"<div style='color:#b00020'>&#9888; {html.escape(head)}"
            f"<ul style='margin:2px 0 2px 18px;padding:0'>{''.join(items)}</ul></div>")

    def clear_problems(self) -> None:
        self.new_game_error.value = ""
        for name, note in self.rule_notes.items():
            note.value = self._rule_note_html(name)


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


def choice_options(choices: Any) -> list:
    """A drop-down's options for a rule option's named values: each value under its name
    in the language in force (``pgettext(RULE_VALUE_CONTEXT, value)``: "o mais antigo" for
    "earliest"), the value itself what the control gives (the notation the Rules and saves
    read); plain values when every name is the value (English, or names the catalog lacks,
    such as the aliens of Cosmic's pool)."""
    pairs = [(pgettext(RULE_VALUE_CONTEXT, c) if isinstance(c, str) else str(c), c) for c in choices]
    return pairs if any(label != c for label, c in pairs) else list(choices)


def rule_label(name: str) -> str:
    """A rule option's name in words, for an option a board gives no label
    (``stall_limit`` -> "Stall limit")."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def problems_of(exc: BaseException) -> dict[str, str]:
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
