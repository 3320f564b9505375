"""Rules(no_three_in_a_row_fallback=False) can leave the player to act no legal move
(the rulebook gives no way out): a save that runs into it is refused with the action
named, and a board on such a position says so (issue 22's second fuzz)."""

from __future__ import annotations

import json
import random

import pytest

from ovnilab import SaveFormatError, load_json, ovni
from ovnilab.ovni import RulesDeadlock
from ovnilab.ovni.widget import Board

RULES = ovni.Rules(no_three_in_a_row_fallback=False)


def deadlocked() -> ovni.State:
    for seed in range(400):
        s = ovni.new_game(num_players=4, seed=seed, rules=RULES, setup="random")
        rng = random.Random(seed)
        try:
            while not s.is_over():
                s.apply(rng.choice(s.legal_actions()))
        except RulesDeadlock:
            return s
    raise AssertionError("no deadlock in 400 random games (1.1% expected)")


def test_a_save_that_runs_into_the_deadlock_names_the_action():
    s = deadlocked()
    last = len(s.log) - 1
    with pytest.raises(SaveFormatError, match="cannot go on") as err:
        load_json(s.to_json())
    assert err.value.field == f"actions[{last}]"
    data = json.loads(s.to_json())
    data["actions"].append("end turn")
    with pytest.raises(SaveFormatError) as err:
        load_json(json.dumps(data))
    assert err.value.field == f"actions[{last + 1}]"


def test_a_board_on_a_deadlocked_position_says_what_happened():
    s = deadlocked()
    board = Board(s, seats={k: "human" for k in range(4)}, auto=False)
    assert "cannot go on" in board.error.value and "no_three_in_a_row_fallback" in board.error.value
    assert board.action_buttons() == []
