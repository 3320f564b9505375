"""The Ovni board widget, driven from Python: click, pick, undo, replay."""

import html
import random
import re

import pytest

from ovnilab import ovni
from ovnilab.bots import RandomBot
from ovnilab.ovni.render import board_svg, panel_html
from ovnilab.ovni.widget import Board

from ..board_clicks import click_random


def _words(svg_or_html: str) -> str:
    """The texts of the drawings, joined by spaces (a wrapped mission reads back whole)."""
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", html.unescape(svg_or_html)))


@pytest.mark.parametrize("n", [2, 4])
def test_play_a_whole_game_by_clicking(n):
    board = Board(ovni.new_game(n, seed=3), seats={0: "human", **{i: RandomBot() for i in range(1, n)}})
    rng = random.Random(5)
    views = {board.view.value}
    clicks = 0
    while not board.state.is_over():
        assert board.state.current_player == 0  # bots moved on their own
        before = len(board.state.log)
        click_random(board, rng)
        assert len(board.state.log) > before
        views.add(board.view.value)
        clicks += 1
        assert clicks < 5000
    assert "game over" in board.status.value
    assert len(views) > 10
    assert board.log_view.value.count("\n") + 1 >= len(board.state.log)
    # the same actions applied without the widget give the same final state
    replay = ovni.new_game(n, seed=3)
    for a in board.state.log:
        replay.apply(a)
    assert replay == board.state


def test_undo_and_history_slider():
    board = Board(ovni.new_game(3, seed=4), seats={0: "human", 1: RandomBot(), 2: RandomBot()})
    rng = random.Random(1)
    for _ in range(12):
        click_random(board, rng)
    n = len(board.state.log)
    svg_live, panel_live = board.view.value, board.panel.value
    board.history.value = 0
    assert board.view.value != svg_live and "replay" in board.status.value
    assert board.panel.value != panel_live  # the mats follow the replayed position
    assert board.panel.value == panel_html(board._snapshots[0], viewer=0)
    assert board.actions.children == ()
    board.live_button.click()
    assert board.view.value == svg_live and board.panel.value == panel_live
    board.undo_button.click()
    assert len(board.state.log) < n and board.state.current_player == 0
    again = ovni.new_game(3, seed=4)
    again.apply_many(board.state.log)
    assert board.state == again
    assert board.history.max == len(board.state.log)


def test_step_mode_bots_wait_for_the_button():
    board = Board(ovni.new_game(4, seed=8), seats={0: RandomBot(), 1: "human", 2: RandomBot(), 3: RandomBot()},
                  auto=False)
    if board.state.current_player != 1:
        assert not board.step_button.disabled
        k = len(board.state.log)
        board.step_button.click()
        assert len(board.state.log) == k + 1


def test_engine_errors_are_shown_not_raised():
    board = Board(ovni.new_game(4, seed=2))
    assert board.play("move Paris -> Tóquio") is False
    assert "illegal" in board.error.value
    assert board.play("gibberish") is False


def test_hidden_information_stays_hidden_in_the_view():
    board = Board(ovni.new_game(4, seed=6, setup="random"), seats={0: "human", 1: RandomBot(), 2: RandomBot(), 3: RandomBot()})
    st = board.state
    # the other players' kept missions never appear in the human's view
    for seat in (1, 2, 3):
        for mid in st.missions_kept[seat]:
            m = next(x for x in st.cards.missions if x.id == mid)
            text = m.describe(st.cards.categories)
            if all(text != next(x for x in st.cards.missions if x.id == own).describe(st.cards.categories)
                   for own in st.missions_kept[0]):
                assert text not in board.view.value
                assert text not in _words(board.panel.value)
    # ... while the human's own missions are on its mat in the panel
    for mid in st.missions_kept[0]:
        text = next(x for x in st.cards.missions if x.id == mid).describe(st.cards.categories)
        assert text in _words(board.panel.value)


def test_view_is_the_table_and_the_panel_the_mats():
    """The board shows the table beside its controls and, under them, every seat's mat
    and the key (the drawings the legibility test in test_render.py measures)."""
    board = Board(ovni.new_game(4, seed=6, setup="random"), seats={0: "human", 1: RandomBot(), 2: RandomBot(), 3: RandomBot()})
    assert board.view.value == board_svg(board.state, viewer=0)
    assert board.panel.value == panel_html(board.state, viewer=0)
    assert board.panel.value.count("<svg") == 4 + 1
    assert board.panel in board.children


def test_new_game_controls():
    board = Board()
    board.players.value = 2
    board.seed.value = 11
    board.rule_widgets["platform_capacity"].value = 3
    board.new_button.click()
    assert board.state.num_players == 2 and board.state.seed == 11
    assert board.state.rules.platform_capacity == 3
    assert set(board.seats) == {0, 1}
    # game files are text boxes (empty = the shipped file); a missing one is refused, shown
    board.rule_widgets["board_file"].value = "no_such_board.toml"
    board.new_button.click()
    assert "no_such_board.toml" in board.new_game_error.value and board.state.seed == 11
    board.rule_widgets["board_file"].value = ""
    board.new_button.click()
    assert board.new_game_error.value == "" and board.state.rules.board_file is None


def test_seat_pickers_follow_the_player_count():
    from ovnilab.ovni.bots import GreedyBot

    custom = GreedyBot(samples=4)
    board = Board(ovni.new_game(4, seed=2), seats={0: "human", 1: GreedyBot(), 2: custom, 3: RandomBot()})
    assert [p.value for p in board.seat_pickers] == ["human", "greedy", "given", "random"]
    board.players.value = 3
    assert [p.layout.display for p in board.seat_pickers] == [None, None, None, "none"]
    board.seat_pickers[0].value, board.seat_pickers[1].value = "random", "human"
    assert board.new_game()
    assert board.seats[0].__class__ is RandomBot and board.seats[1] == "human" and board.seats[2] is custom
    assert set(board.seats) == {0, 1, 2}
    # the bots before the human moved on their own; nothing of the human's to undo yet
    assert board.state.current_player == 1 and board.viewer() == 1
    assert board.undo_button.disabled == (board.last_human_decision() is None)


def test_a_rule_option_shows_its_description_and_range():
    board = Board()
    note = board.rule_notes["platform_capacity"].value
    assert "launch platform" in note and "(1 to " in note
    # what an empty file box means is said once (it once read "(empty: board.toml) (empty: the default)")
    assert board.rule_notes["board_file"].value.count("(empty") == 1
    assert "(empty: board.toml)" in board.rule_notes["board_file"].value
    # a path is refused on a served board, a value out of range too: both at once
    board.rule_widgets["board_file"].value = "../../../../etc/passwd"
    board.rule_widgets["platform_capacity"].value = 10**40
    seed = board.state.seed
    board.seed.value = 10**40  # a save could not hold it
    assert board.new_game() is False and board.state.seed == seed
    shown = board.new_game_error.value
    assert "<li>board_file: a bare file name" in shown and "<li>platform_capacity: " in shown
    assert "<li>seed: must fit in 64 bits" in shown


def test_new_game_with_an_inert_option_pair_says_so_on_the_error_line():
    """Issue 23: a teacher who sets, from the board, an option that another makes inert
    gets the game, and the board says on its error line (and under the new-game button)
    that the option changes nothing; a meaningful setting says nothing."""
    import warnings

    board = Board()
    board.rule_widgets["token_six_once"].value = False
    board.rule_widgets["cancelled_six_returns"].value = True
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # shown on the board, not raised at the kernel
        assert board.new_game() is True
    assert board.state.rules.cancelled_six_returns is True
    assert len(board.rule_warnings) == 1 and "cancelled_six_returns=True" in board.rule_warnings[0]
    for line in (board.error.value, board.new_game_error.value):
        assert "changes nothing while token_six_once=False" in html.unescape(line)
        assert "game started" in line
    board.rule_widgets["token_six_once"].value = True
    assert board.new_game() is True
    assert board.rule_warnings == [] and "changes nothing" not in board.error.value + board.new_game_error.value
