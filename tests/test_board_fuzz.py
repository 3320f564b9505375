"""Random widget interactions on the three boards, as a room of students would click them
(issue 11 item 10).

Seeded and bounded: each board gets a fixed number of interactions chosen at random among
clicking an enabled button (an action, undo, bot move, back to live, new game), toggling
bots auto, setting a random value in a picker or box (the history slider, the action
pickers, the seats, every rule option, with hostile values: huge, negative, empty, very
long or unicode file names, paths out of the data folder) and typing an action text
(legal, mangled, absurd). After every interaction:

* no exception escaped the board (ipywidgets only logs one raised in a click handler; the
  fixture below makes it raise here, as an observer's would);
* a refused new game or action left the game as it was and says why on the board;
* the board is never idle with a bot to act and bots on auto;
* the history slider spans the game.

At the end, the game on the board replays from its log (the board only ever applied legal
actions through the rules API). Seats are human, random or greedy here: the MCTS bot is the
same protocol, only slower (tests/*/test_widget.py play it on a board).
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import CallbackDispatcher

from ovnilab import cosmic, cows, load_json, ovni
from ovnilab.board import HUMAN, GameBoard
from ovnilab.bots import RandomBot
from ovnilab.cosmic.widget import Board as CosmicBoard
from ovnilab.cows.widget import Board as CowsBoard
from ovnilab.ovni.widget import Board as OvniBoard

#: sessions per board and interactions per session (the whole file runs in well under
#: a minute)
SEEDS = range(2026, 2032)
STEPS = 60

HOSTILE_INTS = [0, 1, 2, 3, 5, -1, -7, 10**9, -10**9, 2**63, 10**40]
HOSTILE_TEXTS = [
    "", "   ", "x" * 300, "y" * 5000, "ñandú ☃ 🐄.toml", "../../../../etc/passwd", "/dev/zero",
    "/etc/passwd", "deck.toml", "cards.toml", "board.toml", "a\nb", "nul\x00name", ".", "..", "C:\\deck.toml",
]
HOSTILE_ACTIONS = [
    "", "   ", "keep missions +", "keep missions", "gibberish", "move Berlim -> Paris", "move -> ",
    "place 5 face-down on B", "draw 2", "aim at red 9", "x" * 20_000, "keep " + "1 + " * 2000,
    "ação ☃", "\x00", "PASS", "done done",
]


@pytest.fixture(autouse=True)
def callbacks_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make an exception in a click handler reach the test instead of the widget log."""

    def call(self: CallbackDispatcher, *args: Any, **kwargs: Any) -> Any:
        value = None
        for callback in self.callbacks:
            local = callback(*args, **kwargs)
            value = local if local is not None else value
        return value

    monkeypatch.setattr(CallbackDispatcher, "__call__", call)


def _ovni() -> GameBoard:
    # the human sits last: bots act before its first decision (undo must not take them back)
    return OvniBoard(ovni.new_game(4, seed=31, setup="random"), seats={0: RandomBot(), 1: RandomBot(),
                                                                       2: RandomBot(), 3: HUMAN})


def _cows() -> GameBoard:
    return CowsBoard(cows.new_game(seed=33), seats={0: HUMAN, 1: RandomBot()})  # the bot starts


def _cosmic() -> GameBoard:
    return CosmicBoard(cosmic.new_game(4, seed=33), seats={0: HUMAN, 1: RandomBot(), 2: RandomBot(),
                                                           3: RandomBot()})


def _widgets(root: W.Widget) -> list[W.Widget]:
    """Every visible widget of the board, depth first."""
    out = []

    def walk(w: W.Widget) -> None:
        layout = getattr(w, "layout", None)
        if layout is not None and layout.display == "none":
            return
        out.append(w)
        for c in getattr(w, "children", ()):
            walk(c)

    walk(root)
    return out


def _random_value(w: W.Widget, rng: random.Random) -> Any:
    """A value a person could give this control (hostile ones for the boxes)."""
    if isinstance(w, W.SelectMultiple):
        values = [v for _, v in w._options_full] if hasattr(w, "_options_full") else list(w.options)
        return tuple(rng.sample(values, rng.randint(0, len(values))))
    if isinstance(w, (W.Dropdown, W.ToggleButtons)):
        values = [o[1] if isinstance(o, tuple) else o for o in w.options]
        if "mcts" in values:  # a seat picker: the MCTS bot only slows the test down
            values.remove("mcts")
        return rng.choice(values)
    if isinstance(w, W.IntSlider):
        return rng.randint(w.min, w.max)
    if isinstance(w, W.IntText):
        return rng.choice(HOSTILE_INTS + [rng.randint(-3, 50)])
    if isinstance(w, W.FloatText):
        return rng.choice([0.0, -1.5, 1e300, float(rng.randint(-3, 50))])
    if isinstance(w, W.Checkbox):
        return not w.value
    if isinstance(w, W.Text):
        return rng.choice(HOSTILE_TEXTS)
    raise TypeError(type(w))


_SETTABLE = (W.SelectMultiple, W.Dropdown, W.ToggleButtons, W.IntSlider, W.IntText, W.FloatText, W.Checkbox,
             W.Text)


def _mangle(text: str, rng: random.Random) -> str:
    """A typed variant of a legal action's text: other case, spacing, a prefix, a typo."""
    how = rng.randrange(4)
    if how == 0:
        return "  " + text.upper().replace(" ", "   ") + " "
    if how == 1:
        return text[: rng.randint(1, max(1, len(text)))]
    if how == 2:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice("x☃-> 0") + text[i + 1:]
    return text


def _check(board: GameBoard) -> None:
    s = board.state
    idle = board.auto.value and not s.is_over() and board.seats.get(s.current_player) != HUMAN
    assert not idle, f"bots on auto but {s.current_player} (a bot) is left to act"
    assert board.history.max == len(s.log)
    assert len(board.error.value) < 1000  # a hostile text never floods the page


def _saves_and_loads(state: Any) -> None:
    assert load_json(state.to_json()) == state


def _interact(board: GameBoard, rng: random.Random, stats: dict[str, int]) -> None:
    widgets = _widgets(board)
    roll = rng.random()
    before, log = board.state, list(board.state.log)
    if roll < 0.06:
        # type an action: legal, mangled or absurd
        legal = board.state.legal_actions()
        text = (_mangle(str(rng.choice(legal)), rng) if legal and rng.random() < 0.6
                else rng.choice(HOSTILE_ACTIONS))
        if not board.play(text):
            assert board.state is before and board.state.log == log
            assert board.error.value, f"refused {text[:60]!r} without a word"
        stats["typed"] += 1
        return
    if roll < 0.16:
        board.new_button.click()
        if board.state is before:
            assert board.state.log == log and board.new_game_error.value, "a refused new game must say why"
            stats["new game refused"] += 1
        else:
            assert board.new_game_error.value == ""
            _saves_and_loads(board.state)  # every accepted set of options can be saved
            stats["new game"] += 1
        return
    if roll < 0.56:
        actions = [b for b in board.action_buttons() if not b.disabled]
        if actions:
            rng.choice(actions).click()
            stats["action"] += 1
            return
    if roll < 0.76:
        # the board's own buttons (undo, bot move, back to live, bots auto, ...)
        plays = set(map(id, board.action_buttons()))
        buttons = [w for w in widgets
                   if isinstance(w, (W.Button, W.ToggleButton)) and not w.disabled and id(w) not in plays]
        b = rng.choice(buttons)
        if isinstance(b, W.ToggleButton):
            b.value = not b.value
        else:
            b.click()
        stats["button"] += 1
        return
    settable = [w for w in widgets if isinstance(w, _SETTABLE) and not getattr(w, "disabled", False)]
    w = rng.choice(settable)
    w.value = _random_value(w, rng)
    stats["value"] += 1


@pytest.mark.parametrize("make", [_ovni, _cows, _cosmic], ids=["ovni", "cows", "cosmic"])
def test_random_interactions_never_escape_the_board(make: Callable[[], GameBoard]) -> None:
    stats: dict[str, int] = {k: 0 for k in ("action", "button", "value", "typed", "new game", "new game refused")}
    start = time.perf_counter()
    for seed in SEEDS:
        # short sessions from a fresh board: most trouble comes in the first clicks
        # after a board opens or a new game starts
        rng = random.Random(seed)
        board = make()
        for _ in range(STEPS):
            _interact(board, rng, stats)
            _check(board)
        replay = board.state.initial()
        replay.apply_many(board.state.log)
        assert replay == board.state
        _saves_and_loads(board.state)
    elapsed = time.perf_counter() - start
    # the interactions did reach every kind of control
    assert all(stats.values()), stats
    # 5-10 s per board on a quiet 2-core machine; the bound only catches a runaway (a bot
    # run or a render that blows up), generous enough for a machine busy with other tests
    assert elapsed < 120, f"{len(SEEDS) * STEPS} interactions took {elapsed:.1f} s"


@pytest.mark.parametrize("make", [_ovni, _cows, _cosmic], ids=["ovni", "cows", "cosmic"])
def test_hostile_rule_options_are_all_named_next_to_the_button(make: Callable[[], GameBoard]) -> None:
    board = make()
    before, log = board.state, list(board.state.log)
    bad = {}
    for name, w in board.rule_widgets.items():
        if isinstance(w, W.IntText):
            w.value, bad[name] = 10**40, "10**40"
        elif isinstance(w, W.Text):
            w.value, bad[name] = "../../../../etc/passwd", "a path"
    assert len(bad) >= 3
    board.new_button.click()
    assert board.state is before and board.state.log == log
    shown = board.new_game_error.value
    for name in bad:
        assert f"<li>{name}: " in shown, f"{name} ({bad[name]}) not named in {shown}"
        assert "&#9888;" in board.rule_notes[name].value  # and beside its own control


def test_a_rule_options_description_comes_from_its_own_documentation() -> None:
    import dataclasses

    from ovnilab.board import field_doc

    @dataclasses.dataclass(frozen=True)
    class Rules:
        """Options.

        stock: tokens per type. The game ends when one runs out.
        tie_rule
            who wins a tie: the earliest
            player to reach it.
        """

        own: int = dataclasses.field(default=1, metadata={"doc": "  from the\n field itself "})
        stock: int = 20
        tie_rule: str = "earliest"
        hand_size: int = 8

    doc = {f.name: field_doc(Rules, f) for f in dataclasses.fields(Rules)}
    assert doc == {"own": "from the field itself", "stock": "tokens per type.",
                   "tie_rule": "who wins a tie: the earliest player to reach it.", "hand_size": "hand size"}
