"""The cow game's board widget, driven from Python: click, pick, undo, replay, new game."""

from __future__ import annotations

import random

import pytest

from ovnilab import cows
from ovnilab.bots import RandomBot
from ovnilab.cows.bots import GreedyBot
from ovnilab.cows.render import to_svg
from ovnilab.cows.widget import Board

from ..board_clicks import click_random
from .scenario import blank, to_hand, to_pyramid


@pytest.mark.parametrize("areas", [1, 2])
def test_play_a_whole_game_by_clicking(areas):
    board = Board(cows.new_game(seed=3, discard_areas=areas), seats={0: "human", 1: RandomBot()})
    rng = random.Random(areas)
    views = {board.view.value}
    clicks = 0
    used_pickers = False
    while not board.state.is_over():
        assert board.state.current_player == 0  # the bot moved on its own
        assert "you" in board.status.value
        used_pickers |= any(getattr(r, "pickers", None) for r in board.actions.children)
        before = len(board.state.log)
        click_random(board, rng)
        assert len(board.state.log) > before and board.error.value == ""
        views.add(board.view.value)
        clicks += 1
        assert clicks < 2000
    assert "game over" in board.status.value and board.actions.children == ()
    assert len(views) > 10
    assert board.log_view.value.count("\n") + 1 == len(board.state.log)
    assert set(board.state.actors) == {0, 1}
    # the same actions applied without the widget give the same final state
    replay = cows.new_game(seed=3, discard_areas=areas)
    replay.apply_many(board.state.log)
    assert replay == board.state
    assert board.history.max == len(board.state.log)


def test_many_builds_are_offered_as_two_pickers():
    state = blank(seed=5)
    for slot, (face, back) in enumerate((("Mimosa", "Bezerrinho"), ("Lua Cheia", "Eclipse"),
                                         ("Fazendeiro", "Raio Trator"))):
        to_pyramid(state, 0, slot, face, back)
    for face, back in (("Estrela", "Mimosa"), ("Farol", "Boi Bravo"), ("Sonda", "Manada")):
        to_hand(state, 0, face, back)
    state.mark_arranged()
    board = Board(state, seats={0: "human", 1: RandomBot()})
    rows = [r for r in board.actions.children if getattr(r, "pickers", None)]
    assert len(rows) == 1
    p1, p2, go = rows[0].pickers
    assert go.description == "build" and len(p1.options) == 3 and len(p2.options) == 3
    # every pair the pickers offer is a legal action
    legal = {str(a) for a in state.legal_actions()}
    for card in p1.options:
        p1.value = card
        for slot in p2.options:
            name, hand = card.rsplit(" (", 1)
            assert f"build {name} ({hand} at {slot}" in legal
    p1.value = "Sonda (hand 3)"
    p2.value = "row 3 slot 2"
    go.click()
    assert str(board.state.log[-1]) == "build Sonda (hand 3) at row 3 slot 2"


def test_undo_and_history_slider():
    board = Board(cows.new_game(seed=4), seats={0: "human", 1: RandomBot()})
    rng = random.Random(1)
    for _ in range(14):
        click_random(board, rng)
    n = len(board.state.log)
    svg_live = board.view.value
    board.history.value = 0
    assert board.view.value != svg_live and "replay" in board.status.value
    assert board.actions.children == ()
    board.live_button.click()
    assert board.view.value == svg_live and board.actions.children
    board.undo_button.click()
    assert len(board.state.log) < n and board.state.current_player == 0
    again = cows.new_game(seed=4)
    again.apply_many(board.state.log)
    assert board.state == again
    assert board.history.max == len(board.state.log)
    while board.undo():
        assert board.state.current_player == 0
    # back to the human's first decision: the bot's opening actions (if it started) stay
    assert "nothing to undo" in board.error.value and board.undo_button.disabled
    assert board.state.current_player == 0 and board.last_human_decision() is None
    assert all(seat == 1 for seat in board.state.actors)


def test_step_mode_bots_wait_for_the_button():
    board = Board(cows.new_game(seed=8, rules=cows.Rules(starting_player=1)),
                  seats={0: "human", 1: RandomBot()}, auto=False)
    assert board.state.log == [] and not board.step_button.disabled
    assert "bot" in board.status.value
    board.step_button.click()
    assert len(board.state.log) == 1
    assert board.play("draw 2") is False and "a bot" in board.error.value
    board.auto.value = True  # switching auto on lets the bot finish its turn
    assert board.state.current_player == 0


def test_engine_errors_are_shown_not_raised():
    board = Board(cows.new_game(seed=2, rules=cows.Rules(starting_player=0)))
    assert board.play("build Mimosa (hand 1) at row 3 slot 3") is False
    assert "illegal" in board.error.value and "hand" in board.error.value
    assert board.play("gibberish") is False and "unreadable" in board.error.value
    assert board.state.log == []
    assert board.play("draw 2") is True and board.error.value == ""


def test_the_view_is_the_human_seats_view():
    board = Board(cows.new_game(seed=6), seats={0: RandomBot(), 1: "human"})
    assert board.view.value == to_svg(board.state, viewer=1)


def test_new_game_controls():
    board = Board()
    assert board.state.areas == 1 and board.rule_widgets["starting_player"].value == -1
    board.seed.value = 11
    board.areas.value = 2
    board.rule_widgets["support"].value = "both"
    board.new_button.click()
    assert board.state.seed == 11 and board.state.areas == 2
    assert board.state.rules.support == "both" and board.state.rules.starting_player == -1
    board.rule_widgets["starting_player"].value = 1
    board.rule_widgets["hand_limit"].value = 0  # refused by Rules: shown, game kept
    board.new_button.click()
    assert "hand_limit" in board.new_game_error.value and board.state.seed == 11
    board.rule_widgets["hand_limit"].value = 3
    board.new_button.click()
    assert board.state.rules.starting_player == 1 == board.state.starter
    # the card set: a text box, empty = the shipped set, a bare name found in data/cows
    cards = board.rule_widgets["cards_file"]
    assert cards.value == "" and board.state.rules.cards_file is None
    cards.value = "nope.toml"
    board.new_button.click()
    shown = board.new_game_error.value
    assert "cards_file: " in shown and "nope.toml" in shown and board.state.rules.cards_file is None
    cards.value = "cards.toml"
    board.new_button.click()
    assert board.new_game_error.value == "" and board.state.rules.cards_file == "cards.toml"


def test_a_game_against_the_greedy_bot():
    board = Board(cows.new_game(seed=9, discard_areas=2), seats={0: "human", 1: GreedyBot(samples=1)}, bot_seed=3)
    rng = random.Random(9)
    while not board.state.is_over():
        click_random(board, rng)
    assert "game over" in board.status.value
    again = cows.new_game(seed=9, discard_areas=2)
    again.apply_many(board.state.log)
    assert again == board.state


def test_undo_never_takes_back_the_bots_opening_actions():
    # seed 33 draws the bot (seat 1) as the starting player: it acts before the human
    board = Board(cows.new_game(seed=33), seats={0: "human", 1: RandomBot()})
    opening = list(board.state.log)
    assert opening and set(board.state.actors) == {1} and board.state.current_player == 0
    assert board.undo_button.disabled
    assert board.undo() is False and "nothing to undo" in board.error.value
    assert board.state.log == opening and board.state.current_player == 0 and board.actions.children
    click_random(board, random.Random(2))
    assert not board.undo_button.disabled
    assert board.undo() is True and board.state.log == opening and board.undo_button.disabled


def test_seats_are_chosen_in_the_new_game_tab():
    board = Board(cows.new_game(seed=5), seats={0: "human", 1: GreedyBot()})
    human, bot = board.seat_pickers
    assert (human.value, bot.value) == ("human", "greedy")
    assert {v for _, v in bot.options} == {"human", "random", "greedy", "mcts"}
    # hot seat: both human; the board is drawn for whoever is to act
    bot.value = "human"
    assert board.new_game() and board.seats == {0: "human", 1: "human"}
    for _ in range(6):
        assert board.viewer() == board.state.current_player
        click_random(board, random.Random(len(board.state.log)))
    # all bots, on auto: the class watches a whole game in one click
    human.value, bot.value = "random", "mcts"
    assert board.new_game() and board.state.is_over() and "game over" in board.status.value
    assert isinstance(board.seats[0], RandomBot) and type(board.seats[1]).__name__ == "MCTSBot"
    # the same with auto off: the bots wait for 'bot move', one action at a time
    board.auto.value = False
    assert board.new_game() and board.state.log == [] and not board.step_button.disabled
    assert board.step_bot() and len(board.state.log) == 1
    board.auto.value = True  # switching auto on lets them finish
    assert board.state.is_over()


def test_every_rule_option_says_what_it_means():
    board = Board()
    assert set(board.rule_notes) == set(board.rule_widgets)
    for name, note in board.rule_notes.items():
        text = note.value.split(">", 1)[1].rsplit("<", 1)[0]
        assert len(text) > 8, (name, text)
    # a refused option is named next to the button and beside its own control
    board.rule_widgets["hand_limit"].value = 0
    board.rule_widgets["stall_limit"].value = -1
    assert board.new_game() is False
    for name in ("hand_limit", "stall_limit"):
        assert f"<li>{name}: " in board.new_game_error.value and "&#9888;" in board.rule_notes[name].value
    assert "&#9888;" not in board.rule_notes["support"].value
    board.rule_widgets["hand_limit"].value = 3
    board.rule_widgets["stall_limit"].value = 12
    assert board.new_game() and board.new_game_error.value == ""
    assert "&#9888;" not in board.rule_notes["hand_limit"].value
