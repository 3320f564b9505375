"""Hidden information: logs never name a hidden card."""

import random

import pytest

from ovnilab import cosmic
from ovnilab.board import GameBoard
from ovnilab.bots import RandomBot
from ovnilab.cosmic import rules as R
from ovnilab.cosmic.render import to_svg
from ovnilab.cosmic.widget import Board

from . import BLUE, RED


# ----------------------------------------------------------------- 5. public logs
def log_game() -> cosmic.State:
    s = cosmic.new_game(3, seed=2)
    rng = random.Random(2)
    while not (any(a.kind == "select" for a in s.log) and s.current_player == 2 and s.phase != "select"):
        s.apply(rng.choice(s.legal_actions()))
    return s


def hidden_texts(s: cosmic.State) -> list[str]:
    return [str(a) for a in s.log if a.kind in ("select", "alien")]


def test_describe_hides_hidden_names_from_the_public_log():
    sel = R.Action("select", "attack 10", False)
    assert s_describe(sel, None, RED) == "select an encounter card"
    assert s_describe(sel, BLUE, RED) == "select an encounter card"
    assert s_describe(sel, BLUE, None) == "select an encounter card"  # unknown actor: masked
    assert s_describe(sel, RED, RED) == "select attack 10"
    assert s_describe(R.Action("alien", "Zombie"), None, BLUE) == "choose an alien"
    take = R.Action("choose", "Hacker", "take attack 40 from yellow")
    assert s_describe(take, None, RED) == "Hacker: take a card from yellow"
    assert s_describe(take, RED, RED) == "Hacker: take attack 40 from yellow"


def s_describe(a, viewer, actor):
    return cosmic.new_game(3, seed=0).describe(a, viewer, actor)


@pytest.mark.parametrize("board_cls", ["generic", "cosmic"])
def test_the_shared_board_log_never_names_hidden_cards(board_cls):
    s = log_game()
    texts = hidden_texts(s)
    assert any(t.startswith("select ") for t in texts) and any(t.startswith("choose alien") for t in texts)
    seats = {0: "human", 1: "human", 2: RandomBot()}  # a bot to act: the board shows the public log
    if board_cls == "generic":
        board = GameBoard(s, seats, new_game=cosmic.new_game, render=to_svg, player_counts=(3, 4, 5), auto=False)
    else:
        board = Board(s, seats=seats, auto=False)
    assert board.viewer() is None
    log = board.log_view.value
    assert "select an encounter card" in log and "choose an alien" in log
    for t in texts:
        assert t not in log, t
