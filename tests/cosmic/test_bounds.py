"""Issue 22's bounds: what a process keeps between games (the deal-proposal cache) stays
bounded however many games it plays (a served room plays many in one kernel)."""

from __future__ import annotations

import random

from ovnilab import cosmic
from ovnilab.cosmic.rules import actions, answers, components, deals


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
