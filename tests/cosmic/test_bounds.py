"""Issue 22's bounds: every game ends within the documented safety limits, and what a
process keeps between games (the deal-proposal cache) stays bounded however many games
it plays (a served room plays many in one kernel)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ovnilab import cosmic
from ovnilab.cosmic import rules as R
from ovnilab.cosmic.rules import actions, answers, components, deals

from . import load


def _play_randomly(s: cosmic.State, seed: int) -> cosmic.State:
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_the_fuzz_long_game_ends_by_the_turn_limit_within_the_action_bound():
    # issue 22: random games past 30,000 actions, with ships_per_planet=1, win_colonies=10;
    # five players: random play never reaches ten foreign colonies, the turn limit ends it
    rules = cosmic.Rules(ships_per_planet=1, win_colonies=10)
    s = _play_randomly(cosmic.new_game(5, seed=2, rules=rules), 2)
    assert s.limit_reached and s.win_reason == "turn limit: the most foreign colonies win"
    assert s.turn == rules.turn_limit + 1
    assert 30_000 < len(s.log) < 1000 * rules.action_limit_thousands
    assert s.winners() and max(s.scores()) < 10
    R.check_invariants(s)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_action_limit_ends_any_game_at_that_length(n):
    # the turn limit does not bound the actions of one turn (Machine), the action limit
    # does: set low, it cuts the game at exactly that many actions, wherever it is
    rules = cosmic.Rules(ships_per_planet=1, win_colonies=10, turn_limit=1000, action_limit_thousands=1)
    for seed in range(4):
        s = _play_randomly(cosmic.new_game(n, seed=seed, rules=rules), seed)
        assert len(s.log) <= 1000
        if s.win_reason.startswith("action limit"):
            assert len(s.log) == 1000 and s.limit_reached
            assert s.win_reason == "action limit: the most foreign colonies win"
            fc = s.scores()
            assert s.winners() == [p for p in range(n) if fc[p] == max(fc)]
        else:  # an alternate win before (Masochist)
            assert not s.limit_reached and s.winners()
        R.check_invariants(s)
        assert s.legal_actions() == [] and load(s.to_json()) == s


def test_the_action_limit_is_documented_and_far_above_the_turn_limits_games():
    f = next(x for x in dataclasses.fields(cosmic.Rules) if x.name == "action_limit_thousands")
    assert f.default == 200 and f.metadata["max"] == 1000  # at most a million actions
    assert "action_limit_thousands" in cosmic.Rules.__doc__ and "reconstruction" in cosmic.Rules.__doc__
    assert "action_limit_thousands" in R.__doc__


def _proposals_kept() -> list[int]:
    return [len(v) for v in deals._PROPOSALS.values()]


def test_the_deal_proposal_cache_stays_bounded_over_many_games():
    # issue 22: one process grew by ~115 MB over 170 random games (780,000 proposals
    # cached under 2,000 keys) before the cache cleared; now it keeps the latest lists
    # up to deals._PROPOSALS_MAX proposals
    peak = 0
    for seed in range(12):
        s = cosmic.new_game(4 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            if s.phase == "deal":
                kept = _proposals_kept()
                assert sum(kept) <= 20_000 or len(kept) == 1, f"{sum(kept)} proposals cached"
                peak = max(peak, sum(kept))
    assert peak > 10_000  # the games did fill it
    assert sum(_proposals_kept()) == deals._proposals_held
    # the other caches kept between games have caps too
    assert len(actions._INTERN) <= 200_001 and len(answers._FACES) <= 4097
    assert len(components._TABLES) <= components._TABLES_MAX


def test_the_deal_proposal_cache_forgets_the_least_recently_used_lists():
    big = deals._PROPOSALS_MAX
    deals._remember_proposals(("test", 1), [None] * (big // 2))
    deals._remember_proposals(("test", 2), [None] * (big // 4))
    deals._remember_proposals(("test", 1), [None] * (big // 2))  # used again: now the latest
    deals._remember_proposals(("test", 3), [None] * (big // 2))
    assert ("test", 2) not in deals._PROPOSALS and ("test", 1) in deals._PROPOSALS
    assert sum(_proposals_kept()) == deals._proposals_held <= big
    # a single list larger than the whole budget is kept alone
    deals._remember_proposals(("test", 4), [None] * (big + 1))
    assert list(deals._PROPOSALS) == [("test", 4)] and deals._proposals_held == big + 1
    deals._remember_proposals(("test", 5), [None])
    assert list(deals._PROPOSALS) == [("test", 5)] and deals._proposals_held == 1
