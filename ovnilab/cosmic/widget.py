"""Cosmic Encounter's interactive board: :class:`ovnilab.board.GameBoard` with the Cosmic
renderer, pickers for the kinds of decision that come in many variants, and a small form
for deals.

What differs from the generic board, and why:

* **Deals as a form.** When two negotiates meet, the engine lists every structured
  proposal as a legal action (cards each way times a colony each way: often hundreds).
  Instead of one long list, the board shows four pickers (how many cards each main player
  gives, where each may land a colony) with a *propose* button, next to *accept* and
  *reject* for the proposal on the table. The pickers only offer values that occur in
  some legal proposal; a combination that moves nothing is refused with the rule.
* **Pickers** for decisions with many variants (Will's "defender at planet", Hacker's
  "take a card from a player", artifacts with a target, flares with a choice, encounter
  cards from hand or hoard), so a row never holds dozens of buttons.
* **Hidden information in the log.** The log words other players' decisions as the
  viewer may read them (:func:`ovnilab.cosmic.render.public_action_text`): a selection, an
  alien choice or a power's choice of a card never names the card.
* **Passing.** The engine asks every player holding cards in every window (whose turn it
  is must not tell what a hand holds), so a human with nothing playable would click
  "pass" over and over. With *pass for me when I have nothing to play* (on by default
  when one human plays; off for hot seat, where the others at the screen would see the
  instant pass) the board answers such a question itself, and *pass for the rest of this
  window* passes every later question of the window the human is in. The bots cannot
  see when a human passed, so nothing leaks to them; the log marks those passes.
* **Names.** Seats are named by colour and, once aliens are public, alien.
* **Language** (issue 33). The tables below are English marked ``N_()``, translated
  where the board shows them; seats, stages, buttons, pickers, the deal form and the
  log's lines are said in the board's language by :mod:`.render.labels` (``seat_label``,
  ``stage_label``, ``action_label``, ``public_action_text``, ``card_label``,
  ``planet_label``, ``colour_word``): a button says "apontar para vermelho 3" and plays
  ``aim at red 3``, so the log, saves and replays keep one notation.
* **New game.** Besides the generic rule options, ``alien_pool`` is a multi-select of the
  implemented aliens (which may be dealt; none selected = all of them) and ``deck_file`` a
  text box (another deck file by bare name in ``data/cosmic/``; empty = ``deck.toml``).
  A deck file that is missing or invalid is named next to the new-game button and the
  current game goes on.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

import ipywidgets as W

from ..board import HUMAN, Chooser, GameBoard, log_html
from ..i18n import N_, _, get_language
from .render import public_action_text, seat_label, to_svg, waiting_text
from .render import labels
from .render import text as wording
from .rules import Action, Rules, State, implemented_aliens, new_game

__all__ = ["Board", "DealForm"]


def _choice_keys(a: Action) -> tuple[str, str]:
    """Split a power's choice ("take attack 40 from yellow", "keep attack 30") into the
    two pickers' keys: the player or the verb first, then the rest."""
    b = str(a.b)
    if " from " in b:
        head, tail = b.rsplit(" from ", 1)
        return f"from {tail}", head
    if " " in b:
        verb, rest = b.split(" ", 1)
        return verb, rest
    return b, "(this)"


def _power_keys(a: Action) -> tuple[str, str]:
    """Will's power: "yellow at yellow 3" -> ("yellow", "yellow 3")."""
    b = a.b or ""
    if " at " in b:
        who, where = b.split(" at ", 1)
        return who, where
    return (b or a.a), "(use)"


def _choice_label(a: Action, i: int) -> str:
    """A power choice's picker key ``i`` in the board's language (:func:`_choice_keys`)."""
    key = _choice_keys(a)[i]
    if key == "(this)":
        return _("(this)")
    whole = labels.choice_text(str(a.b))  # the choice said whole; in English the engine's text itself
    if i == 0 and key.startswith("from ") and key[5:] in labels.COLOUR_WORD:
        return _("from {player}", player=labels.colour_word(key[5:]))
    if i == 0 and key.startswith("from "):  # "draw from the deck": the whole choice
        return key if whole == str(a.b) else whole
    if i == 0:
        return labels.choice_verb(key)
    # the rest: a value alone ("attack 40"), else the whole choice ("manter minha carta")
    if labels._is_value(key):
        return labels.choice_text(key)
    return key if whole == str(a.b) else whole


def _power_label(a: Action, i: int) -> str:
    """Will's power's picker key ``i`` in the board's language (:func:`_power_keys`)."""
    key = _power_keys(a)[i]
    if key == "(use)":
        return _("(use)")
    return labels.colour_word(key) if i == 0 else labels.planet_label(key)


def _hoarded(name: str, hoard: Any) -> str:
    """A card's name, marked when it comes from the hoard."""
    card = labels.card_label(name)
    return _("{card} (hoard)", card=card) if hoard else card


_CHOOSERS = {
    "power": Chooser(N_("use power"), N_("defender"), lambda a: _power_label(a, 0), N_("planet"),
                     lambda a: _power_label(a, 1)),
    "choose": Chooser(N_("decide"), N_("choice"), lambda a: _choice_label(a, 0), N_("of"),
                      lambda a: _choice_label(a, 1)),
    "play": Chooser(N_("play artifact"), N_("artifact"), lambda a: _hoarded(a.a, a.c), N_("target"),
                    lambda a: labels.planet_label(a.b) if a.b else _("(no target)")),
    "flare": Chooser(N_("play flare"), N_("flare"), lambda a: _("{alien} ({side})", alien=a.a, side=labels.flare_side(a.b)),
                     N_("choice"), lambda a: labels.choice_text(a.c) if a.c else _("(play)")),
    "select": Chooser(N_("select"), N_("from"), lambda a: _(wording.HOARD) if a.b else _(wording.HAND), N_("card"),
                      lambda a: labels.card_label(a.a)),
    "reinforce": Chooser(N_("reinforce"), N_("side"), lambda a: labels.side_word(a.b), N_("card"),
                         lambda a: _hoarded(a.a, a.c)),
    "reward": Chooser(N_("take rewards"), N_("cards"), lambda a: str(a.a), N_("ships"), lambda a: str(a.b)),
}

_LABELS = {
    "alien": N_("your alien"), "regroup": N_("regroup to"), "place": N_("place a ship"), "lose": N_("lose a ship"),
    "again": N_("own colour"), "home": N_("own colour"), "reestablish": N_("own colour"),
    "defender": N_("wild destiny"), "aim": N_("aim the gate"), "ship": N_("send a ship"), "done": "",
    "invite": N_("invite allies"), "join": N_("alliance"), "select": N_("encounter card"), "play": N_("artifact"),
    "flare": N_("flare"), "power": N_("alien power"), "choose": N_("power choice"), "pass": "",
    "reinforce": N_("reinforce"), "propose": N_("propose a deal"), "accept": N_("deal"), "reject": N_("deal"),
    "give": N_("give a card"), "discard": N_("Plague: discard"), "reward": N_("rewards"), "second": "", "end_turn": "",
}

#: the deal's action kinds, drawn by :class:`DealForm` instead of the generic rows
_DEAL_KINDS = ("propose", "accept", "reject")

_NOWHERE = "nowhere"


class DealForm(W.VBox):
    """The deal as a small form: the proposal on the table with accept / reject, and four
    pickers to propose (or counter with) new terms.

    ``pickers`` holds the four pickers (cards the offense gives, cards the defense gives,
    where the offense lands, where the defense lands), ``frees`` the Zombie's term (a
    checkbox: it frees the other main player's ships from the warp; ``None`` when no
    proposal may hold it) and ``propose``, ``accept``, ``reject`` the buttons (``None``
    when not legal now).
    """

    def __init__(self, state: State, legal: list[Action], play: Callable[[Any], bool], error: W.HTML) -> None:
        props = [a for a in legal if a.kind == "propose"]
        self._props = props
        self._play = play
        self._error = error
        rows: list[W.Widget] = []
        offer = state.deal_offer
        head = _("<b>Deal</b>: two negotiates were revealed; allies went home.") + " "
        if offer is not None:
            by = labels.colour_title(state.colours[offer[0]])
            head += _("{player} proposes: <i>{terms}</i>", player=html.escape(by),
                      terms=html.escape(labels.deal_terms(offer[1])))
        else:
            head += _("Make the first proposal (or reject: the deal fails).")
        rows.append(W.HTML(head))
        self.accept = self.reject = None
        buttons = []
        for a in legal:
            if a.kind in ("accept", "reject"):
                b = W.Button(description=labels.action_label(a), button_style="success" if a.kind == "accept" else "danger",
                             layout=W.Layout(width="auto"))
                b.add_class("ovnilab-action")
                b.on_click(lambda _, a=a: play(a))
                setattr(self, a.kind, b)
                buttons.append(b)
        if buttons:
            rows.append(W.HBox(buttons))
        self.pickers: tuple[W.Dropdown, ...] = ()
        self.frees: W.Checkbox | None = None
        self.propose = None
        self.preview = W.HTML()
        if props:
            oc, dc = props[0].a[0], props[0].b[0]
            ons = sorted({a.a[1] for a in props})
            dns = sorted({a.b[1] for a in props})
            ops = sorted({a.a[2] for a in props if a.a[2]})
            dps = sorted({a.b[2] for a in props if a.b[2]})
            # one picker a line, as wide as the side column allows (two columns of
            # pickers overflowed it: the right ones were cut off at 1280x720)
            style = {"description_width": "125px"}
            lay = W.Layout(width="100%", max_width="300px")
            ocw, dcw = labels.colour_word(oc), labels.colour_word(dc)
            # a planet's option: its name in the board's language (plain in English)
            def opt(label: str, value: str) -> Any:
                return value if label == value else (label, value)

            nowhere = opt(_("nowhere"), _NOWHERE)
            p1 = W.Dropdown(options=ons, description=_("{player} gives (cards)", player=ocw), style=style, layout=lay)
            p2 = W.Dropdown(options=dns, description=_("{player} gives (cards)", player=dcw), style=style, layout=lay)
            p3 = W.Dropdown(options=[nowhere] + [opt(labels.planet_label(p), p) for p in ops],
                            description=_("{player} lands on", player=ocw), style=style, layout=lay)
            p4 = W.Dropdown(options=[nowhere] + [opt(labels.planet_label(p), p) for p in dps],
                            description=_("{player} lands on", player=dcw), style=style, layout=lay)
            self.pickers = (p1, p2, p3, p4)
            terms = sorted({a.c for a in props if a.c})
            if terms:
                # the Zombie's deal term (issue 13): free the other main player's ships
                z, o = terms[0]
                self.frees = W.Checkbox(value=False, description=_("{zombie} frees {owner}'s ships from the warp",
                                                              zombie=labels.colour_word(z),
                                                              owner=labels.colour_word(o)),
                                        indent=False, layout=lay)
            # a sensible default: one card each way when that is legal
            default = next((a for a in props if a.a[1] == 1 and a.b[1] == 1 and not a.a[2] and not a.b[2]), props[0])
            self.set_terms(default)
            for p in self.pickers + ((self.frees,) if self.frees is not None else ()):
                p.observe(lambda _: self._update(), names="value")
            label = _("counter-propose") if offer is not None else _("propose")
            self.propose = W.Button(description=label, button_style="primary", icon="handshake-o",
                                    layout=W.Layout(width="auto"))
            self.propose.add_class("ovnilab-action")
            self.propose.on_click(lambda _: self.submit())
            rows += [p1, p2, p3, p4] + ([self.frees] if self.frees is not None else []) + [self.propose,
                                                                                          self.preview]
            self._update()
        super().__init__(rows, layout=W.Layout(border="1px solid #1b7a3a", padding="6px", margin="4px 0"))
        self.add_class("ovnilab-deal")

    def set_terms(self, action: Action) -> None:
        """Set the four pickers to the terms of a proposal."""
        p1, p2, p3, p4 = self.pickers
        p1.value, p2.value = action.a[1], action.b[1]
        p3.value = action.a[2] or _NOWHERE
        p4.value = action.b[2] or _NOWHERE
        if self.frees is not None:
            self.frees.value = bool(action.c)

    def chosen(self) -> Action | None:
        """The legal proposal the pickers describe (None when they describe none)."""
        if not self.pickers:
            return None
        p1, p2, p3, p4 = (p.value for p in self.pickers)
        op = None if p3 == _NOWHERE else p3
        dp = None if p4 == _NOWHERE else p4
        frees = self.frees is not None and self.frees.value
        for a in self._props:
            if a.a[1] == p1 and a.b[1] == p2 and a.a[2] == op and a.b[2] == dp and bool(a.c) == frees:
                return a
        return None

    def _update(self) -> None:
        a = self.chosen()
        if a is None:
            self.preview.value = ("<span style='color:#b3261e'>"
                                  + _("nothing changes hands: a deal moves at least one card or one colony")
                                  + "</span>")
        else:
            self.preview.value = f"<span style='color:#555'>{html.escape(labels.action_label(a))}</span>"

    def submit(self) -> bool:
        """Propose the terms in the pickers (refused with the rule when they move nothing)."""
        a = self.chosen()
        if a is None:
            self._error.value = ("<span style='color:#b00020'>&#9888; " + _(
                "a proposal moves at least one card or one colony (REFERENCE: at least one card or colony changes "
                "hands)") + "</span>")
            return False
        return bool(self._play(a))


#: each rule option's label on the new-game tab (the Python name shows after it, smaller)
_RULE_LABELS = {
    "powers": N_("Alien powers"),
    "flares": N_("Flares"),
    "flares_total": N_("Flares in the deck"),
    "alien_choices": N_("Aliens offered to each player"),
    "hand_size": N_("Cards in a new hand"),
    "ships_per_planet": N_("Ships per home planet"),
    "planets": N_("Planets per home system"),
    "win_colonies": N_("Foreign colonies to win"),
    "max_ships": N_("Most ships sent"),
    "deal_rounds": N_("Proposals in a deal"),
    "deal_max_cards": N_("Most cards given in a deal"),
    "deal_fail_ships": N_("Ships lost when a deal fails"),
    "deal_cards": N_("How dealt cards are chosen"),
    "power_threshold": N_("Home colonies to keep a power"),
    "may_abandon_colonies": N_("Ships may leave a colony empty"),
    "destiny_reshuffle": N_("Destiny deck reshuffle"),
    "second_encounter": N_("Second encounter"),
    "double_morph": N_("Two morphs revealed"),
    "turn_limit": N_("Turn limit"),
    "action_limit_thousands": N_("Action limit (thousands)"),
    "alien_levels": N_("Alien alert levels"),
    "alien_pool": N_("Aliens that may be dealt"),
    "deck_file": N_("Deck file"),
    "heal_removed": N_("Healer heals removed ships"),
    "before_issue_13": N_("Rules before issue 13 (old saves)"),
}

#: the "key" tab: the signs of the drawing that its words do not explain (issue 22: the
#: citadel chip had no key on the board; a tooltip does not reach a class at a projector)
KEY = {
    N_("▲n under a planet"): N_("Citadel's citadels beside that planet: n is the sum of their attack cards, "
                                "which Citadel may add to the defense when the gate aims there"),
    N_("LAST MOVE"): N_("the player who made the last move; the header's last action is in magenta"),
    N_("TO ACT"): N_("the player the game waits for"),
    N_("pips under a colour"): N_("its foreign colonies (five win)"),
    N_("+k more"): N_("more cards in play than fit: the panel's tooltip lists them"),
}


class Board(GameBoard):
    """Play Cosmic Encounter in Jupyter: ``Board(state=None, seats={0: "human", 1: bot, ...})``.

    Without a state it starts a 4-player game (seed 0) with the human at seat 0 and random
    bots elsewhere. ``auto=False`` makes bots wait for the 'bot move' button; ``bot_seed``
    seeds the bots' choices. The view is drawn from the human seat's eyes (its own hand at
    the bottom; other hands only counted).
    """

    def __init__(self, state: State | None = None, seats: Mapping[int, Any] | None = None,
                 *, auto: bool = True, bot_seed: int = 0) -> None:
        self.deal_form: DealForm | None = None
        self._names_key: tuple | None = None
        self._names: dict[int, str] = {}
        #: the passes the board played for a human (see the module docstring): log index ->
        #: why, as the log shows it
        self._auto_passed: dict[int, str] = {}
        #: the window a human chose to pass for the rest of: (turn, offense, timing, order)
        self._pass_window: tuple | None = None
        humans = sum(1 for v in (seats or {0: HUMAN}).values() if v == HUMAN)
        self.auto_pass = W.Checkbox(value=humans <= 1, indent=False, layout=W.Layout(width="auto"),
                                    description=_("pass for me when I have nothing to play"))
        self.pass_window_button = W.Button(description=_("pass for the rest of this window"),
                                           layout=W.Layout(width="auto"),
                                           tooltip=_("pass now and at every later question of this window"))
        self.pass_window_button.on_click(lambda _: self.pass_rest_of_window())
        super().__init__(
            state,
            seats,
            new_game=new_game,
            render=to_svg,
            choosers=_CHOOSERS,
            kind_labels=_LABELS,
            player_counts=(3, 4, 5),
            rules_cls=Rules,
            rule_labels=_RULE_LABELS,
            rule_choices={
                "destiny_reshuffle": ["one_left", "empty"],
                "second_encounter": ["ask", "always"],
                "double_morph": ["attack0", "negotiate"],
                "alien_pool": implemented_aliens(),
            },
            bot_seed=bot_seed,
            auto=auto,
            title="Cosmic Encounter",
            words={_(k): _(v) for k, v in KEY.items()},
            words_tab=(N_("key"), N_("What the drawing's signs mean:")),
            action_label=labels.action_label,
        )
        self.auto_pass.observe(lambda _: self._after_auto_pass_change(), names="value")
        kids = list(self.side.children)
        kids.insert(kids.index(self.error) + 1, self.auto_pass)
        self.side.children = tuple(kids)
        # issue 13: the board's new games ask everyone who could play (the fast option's
        # order of play would tell hands), so it offers no control for it
        del self.rule_widgets["ask_holders_only"]
        self.rules_panel.children[0].children = tuple(self._rule_rows())

    # ------------------------------------------------------------------ passing for a human
    def _window_key(self) -> tuple | None:
        """The window the player to act is asked in, or None outside a window."""
        s = self.state
        task = s.tasks[0] if s.tasks else None  # not "t": the catalog's extraction reads t() as the page's
        if not task or task[0] != "window":
            return None
        return (s.turn, s.offense, task[1], tuple(task[2]))

    def _pass_for_human(self) -> Action | None:
        """The pass the board plays for the human to act, or None when the human decides."""
        s = self.state
        if s.is_over() or self.seats.get(s.current_player) != HUMAN:
            return None
        key = self._window_key()
        if self._pass_window is not None and not any(
                task[0] == "window" and (s.turn, s.offense, task[1], tuple(task[2])) == self._pass_window
                for task in s.tasks):
            self._pass_window = None  # that window has closed (an answer to a play inside it does not close it)
        legal = s.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        if not passes:
            return None
        if self.auto_pass.value and len(legal) == 1:
            self._pass_reason = N_("by the board: nothing to play")
            return passes[0]
        if key is not None and key == self._pass_window:
            self._pass_reason = N_("rest of the window")
            return passes[0]
        return None

    def _run_bots(self) -> None:
        # the bots, then the passes the human asked the board to play, until a human
        # decides, a bot waits for 'bot move', or the game ends
        while True:
            super()._run_bots()
            if not hasattr(self, "auto_pass"):
                return  # still in GameBoard.__init__: the controls come next
            action = self._pass_for_human()
            if action is None:
                return
            self.state.apply(action)
            self._snapshots.append(self.state.clone())
            self._auto_passed[len(self.state.log) - 1] = self._pass_reason
            if self._is_bot_turn() and not self.auto.value:
                return

    def pass_rest_of_window(self) -> bool:
        """Pass now and at every later question of the window the human is asked in."""
        key = self._window_key()
        if key is None or self.seats.get(self.state.current_player) != HUMAN:
            self.show_error(_("'pass for the rest of this window' works while you are asked in a window"))
            self._refresh(keep_error=True)
            return False
        self._pass_window = key
        return self.play(next(a for a in self.state.legal_actions() if a.kind == "pass"))

    def _after_auto_pass_change(self) -> None:
        self._run_bots()
        self._refresh()

    def last_human_decision(self) -> int | None:
        # undo takes back what the human decided, not the passes the board played
        humans = set(self.human_seats)
        actors = self.state.actors
        return next((i for i in range(len(actors) - 1, -1, -1)
                     if actors[i] in humans and i not in self._auto_passed), None)

    def undo(self) -> bool:
        self._pass_window = None
        done = super().undo()
        n = len(self.state.log)
        self._auto_passed = {i: why for i, why in self._auto_passed.items() if i < n}
        return done

    def new_game(self) -> bool:
        # a new game's passes start afresh: cleared before the bots (and passes) of its
        # first turns run, kept when the new game is refused
        saved = (self._auto_passed, self._pass_window)
        self._auto_passed, self._pass_window = {}, None
        ok = super().new_game()
        if not ok:
            self._auto_passed, self._pass_window = saved
        return ok

    # ------------------------------------------------------------------ names and text
    def _seat_name(self, seat: int) -> str:
        # called once per log line: the names only change when aliens become public
        key = (id(self.state), len(self.state.log), self.viewer(), get_language())
        if self._names_key != key:
            self._names_key = key
            self._names = {q: seat_label(self.state, q, key[2]) for q in range(-1, self.state.num_players)}
        return self._names.get(seat, "-")

    def _status(self) -> None:
        s = self.state
        if s.is_over():
            won = ", ".join(self._seat_name(w) for w in s.winners())
            self.status.value = _("<b>game over</b> &mdash; foreign colonies {scores}; winner(s): {names} ({why})",
                                  scores=s.scores(), names=html.escape(won), why=html.escape(labels.win_reason_text(s.win_reason)))
            return
        cur = s.current_player
        who = _("you") if self.seats.get(cur) == HUMAN else _("bot")
        wait = waiting_text(s)
        # a window's text begins with its stage ("regroup: play an artifact, ..."): say it once
        stage = labels.stage_label(s.stage)
        if not s.turn:
            where = _("set-up")
        elif wait.startswith(f"{stage}:"):
            where = _("turn {turn}", turn=s.turn)
        else:
            where = _("turn {turn}, {stage}", turn=s.turn, stage=stage)
        self.status.value = self._status_line(cur, who, f"{where}: {wait}")

    def _refresh(self, keep_error: bool = False) -> None:
        super()._refresh(keep_error)
        # the log, worded for the viewer (no hidden card or alien names of others)
        viewer = self.viewer()
        s = self.state
        lines = []
        first = max(0, len(s.log) - 400)
        for i in range(first, len(s.log)):
            a = s.log[i]
            actor = s.actors[i] if i < len(s.actors) else -1
            if a.kind == "pass" and actor != viewer:
                # another player's passes stay off the log (the line number remains):
                # every player who could play by public facts is asked in each window,
                # so the passes are many and say nothing; under Rules(ask_holders_only),
                # which saves may hold but the board never starts, a pass would also
                # tell the table what that player holds
                continue
            text = public_action_text(s, a, actor, viewer)
            if i in self._auto_passed:
                text += f" ({_(self._auto_passed[i])})"
            lines.append(f"{i + 1:>4}. {html.escape(self._seat_name(actor))}: {html.escape(text)}")
        if len(lines) < len(s.log) - first:
            # say why numbers are skipped (the passes left out above)
            lines.insert(0, "      " + _("(other players' passes are left out; the numbers count every action)"))
        self.log_view.value = log_html(lines)

    # ------------------------------------------------------------------ the deal form
    def _build_actions(self) -> None:
        super()._build_actions()
        self.deal_form = None
        s = self.state
        if s.is_over() or s.current_player not in self.human_seats or not self._is_live():
            return
        legal = s.legal_actions()
        if self._window_key() is not None and len(legal) > 1 and any(a.kind == "pass" for a in legal):
            self.actions.children = (*self.actions.children, W.HBox([self.pass_window_button]))
        if not any(a.kind in _DEAL_KINDS for a in legal):
            return
        deal_labels = {_LABELS[k] for k in _DEAL_KINDS}
        rows = [r for r in self.actions.children if _row_label(r) not in deal_labels]
        self.deal_form = DealForm(s, legal, self.play, self.error)
        self.actions.children = (self.deal_form, *rows)


def _row_label(row: W.Widget) -> str | None:
    """The kind label a generic action row starts with (None for picker rows)."""
    kids = getattr(row, "children", ())
    if kids and isinstance(kids[0], W.Label):
        return kids[0].value
    return None
