"""Rules(no_three_in_a_row_fallback=False) can leave the player to act no legal move
(the rulebook gives no way out): a save that ends there loads and says why it cannot go
on, an action saved after it is refused by name, and a board on such a position says so
(issue 22's second fuzz)."""

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


def test_a_save_that_ends_at_the_deadlock_loads_and_an_action_after_it_is_refused_by_name():
    s = deadlocked()
    again = load_json(s.to_json())  # a valid history: it loads, and says why it cannot go on
    assert again == s
    with pytest.raises(RulesDeadlock, match="no_three_in_a_row_fallback=False"):
        again.legal_actions()
    data = json.loads(s.to_json())
    data["actions"].append("end turn")
    with pytest.raises(SaveFormatError, match="cannot go on") as err:  # was RulesDeadlock, out of load_json
        load_json(json.dumps(data))
    assert err.value.field == f"actions[{len(s.log)}]"


def test_a_board_on_a_deadlocked_position_says_what_happened():
    s = deadlocked()
    board = Board(s, seats={k: "human" for k in range(4)}, auto=False)
    assert "cannot go on" in board.error.value and "no_three_in_a_row_fallback" in board.error.value
    assert board.action_buttons() == []
