"""Exact endgame search: alpha-beta against plain minimax, worlds, last-turn expectimax."""

from __future__ import annotations

import random

import pytest

from ovnilab import cows
from ovnilab.cows import endgame as E
from ovnilab.cows.determinize import belief


def late_positions(n: int, back: int, seed: int = 0, rules: cows.Rules | None = None) -> list[cows.State]:
    """Positions ``back`` actions before the end of seeded random games."""
    out = []
    for g in range(n):
        s = cows.new_game(seed=seed + g, discard_areas=1 + g % 2, rules=rules)
        rng = random.Random(g)
        hist = []
        while not s.is_over():
            hist.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
        out.append(hist[-min(back, len(hist))])
    return out


def last_turns(n: int, seed: int = 0) -> list[cows.State]:
    """Start-of-turn positions of the extra last turn, from seeded random games."""
    out = []
    g = seed
    while len(out) < n:
        s = cows.new_game(seed=g)
        rng = random.Random(g)
        while not s.is_over():
            if s.final and s.phase == 0 and not s.main_done and s.turn == s.current_player and len(s.deck) <= 2:
                out.append(s.clone())
                break
            s.apply(rng.choice(s.legal_actions()))
        g += 1
    return out


class _TooBig(Exception):
    pass


def plain_minimax(s: cows.State, objective: str, memo: dict, cap: int = 300) -> float:
    """Reference: minimax over every action, no pruning (a memo of exact values only);
    gives up past ``cap`` positions."""
    if s.is_over():
        return E.outcome(s, objective)
    key = E.position_key(s)
    if key not in memo:
        if len(memo) >= cap:
            raise _TooBig
        vals = []
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            vals.append(plain_minimax(c, objective, memo, cap))
        memo[key] = max(vals) if s.current_player == 0 else min(vals)
    return memo[key]


def test_position_key_ignores_history_but_not_the_position():
    s = cows.new_game(seed=1)
    c = s.clone()
    c.log.append("anything")
    assert E.position_key(c) == E.position_key(s)
    s.apply("draw 2")
    assert E.position_key(s) != E.position_key(c)


@pytest.mark.parametrize("objective", E.OBJECTIVES)
def test_alpha_beta_agrees_with_plain_minimax(objective):
    compared = 0
    # a short stall limit keeps some full game trees small enough for the reference
    rules = cows.Rules(stall_limit=2)
    pool = [p for seed in (0, 40) for p in late_positions(20, back=2, seed=seed, rules=rules)]
    pool += late_positions(20, back=3, seed=20, rules=rules)
    for s in pool:
        if compared >= 15:
            break  # enough small trees (which deals give them depends on the card set)
        memo: dict = {}
        try:
            want = plain_minimax(s, objective, memo)
        except _TooBig:
            continue
        sol = E.solve(s, objective)
        assert sol.value == want
        vals = E.action_values(s, objective)
        assert list(vals) == s.legal_actions()
        sign = 1 if s.current_player == 0 else -1
        assert max(vals.values()) == sign * sol.value
        assert set(sol.best) == {a for a, v in vals.items() if v == max(vals.values())}
        for a, v in vals.items():
            c = s.clone()
            c.apply(a)
            assert v == sign * plain_minimax(c, objective, memo)
        if objective == "win":
            assert set(vals.values()) <= {-1.0, 0.0, 1.0}
        compared += 1
    assert compared >= 15


def test_a_finished_game_and_the_node_limit():
    s = late_positions(1, back=1)[0]
    s.apply(s.legal_actions()[0])
    assert s.is_over() and E.solve(s).value == E.outcome(s) and E.solve(s).best == ()
    deep = late_positions(1, back=30, seed=5)[0]
    with pytest.raises(E.SearchLimit):
        E.solve(deep, max_nodes=50)
    with pytest.raises(ValueError, match="objective"):
        E.solve(s, objective="points")


def test_worlds_are_what_the_seat_considers_possible():
    for s in last_turns(4, seed=10):
        seat = s.current_player
        ws = E.worlds(s, seat)
        assert abs(sum(p for p, _ in ws) - 1) < 1e-9
        keys = {E.position_key(w) for _, w in ws}
        assert len(keys) == len(ws) and E.position_key(s) in keys  # the truth is one of them
        for _, w in ws:
            assert w.observation(seat) == s.observation(seat)
        b = belief(s, seat)
        pos = b.positions[-1]
        from_worlds: dict[str, float] = {}
        for p, w in ws:
            name = {"hand": lambda: w.back(w.hand[pos[1]][pos[2]]), "pyr": lambda: w.back(w.pyr[pos[1]][pos[2]]),
                    "cel": lambda: w.back(w.cel[pos[1]][pos[2]]), "drawn": lambda: w.back(w.drawn[pos[1]]),
                    "deck": lambda: w.back(w.deck[0])}[pos[0]]().name
            from_worlds[name] = from_worlds.get(name, 0.0) + p
        want = b.back_distribution(pos)
        assert from_worlds.keys() == want.keys()
        assert all(abs(from_worlds[k] - want[k]) < 1e-9 for k in want)


@pytest.mark.slow  # seconds of endgame search: left out of make mutants' fast tests
def test_expectimax_never_beats_knowing_everything():
    for s in last_turns(5, seed=40):
        seat = s.current_player
        ev = E.expectimax(s, seat)
        assert list(ev) == s.legal_actions()
        ws = E.worlds(s, seat)
        for a, v in ev.items():
            informed = sum(p * E.action_values(w)[a] for p, w in ws)
            assert v <= informed + 1e-9
        if len(ws) == 1:
            assert ev == E.action_values(s)


def test_expectimax_only_solves_a_last_turn():
    s = cows.new_game(seed=3)
    with pytest.raises(ValueError, match="last turn"):
        E.expectimax(s, s.current_player)


@pytest.mark.slow  # seconds of endgame search: left out of make mutants' fast tests
def test_principal_variation_reaches_the_minimax_value():
    for s in late_positions(4, back=5, seed=60):
        sol = E.solve(s)
        line = E.principal_variation(s)
        end = s.clone()
        end.apply_many(line)
        assert end.is_over() and E.outcome(end) == sol.value
        assert line[0] in sol.best


# ---------------------------------------------------------------- a bot against the solver


def test_bot_game_is_a_seeded_replayable_greedy_game():
    a, b = E.bot_game(1000), E.bot_game(1000)
    assert a.is_over() and a.log == b.log and a.scores() == b.scores()
    assert E.bot_game(1001).log != a.log
    mid = a.replay(len(a.log) - 3)
    assert not mid.is_over() and len(mid.log) == len(a.log) - 3


@pytest.mark.slow  # seconds of endgame search: left out of make mutants' fast tests
def test_check_move_reads_the_exact_action_values():
    solved = []
    for seed in range(1000, 1010):
        game = E.bot_game(seed)
        position = game.replay(len(game.log) - 4)
        try:
            vals = E.action_values(position, max_nodes=5_000)
        except E.SearchLimit:
            continue
        solved.append(position)
        best = max(vals.values())
        for action, v in vals.items():
            check = E.check_move(position, action)
            if len(vals) < 2:
                assert check is None
                continue
            assert check.n == len(vals) and check.k == sum(x == best for x in vals.values())
            assert check.optimal == (v == best) and check.regret == best - v >= 0
            assert check.move == str(action)
    assert len(solved) >= 3
    position = next(p for p in solved if len(p.legal_actions()) >= 2)
    with pytest.raises(ValueError, match="not a legal action"):
        illegal = next(a for a in E.bot_game(1000).log if a not in position.legal_actions())
        E.check_move(position, illegal)


def test_endgame_check_labels_what_it_leaves_out():
    assert E.endgame_check(1000, 8, max_nodes=1) == "too big"
    assert isinstance(E.endgame_check(1000, 8), E.MoveCheck)  # lesson 4's first game: 857 positions
    with pytest.raises(ValueError, match="before_end"):
        E.endgame_check(1000, 0)


def _check(n: int, k: int, optimal: bool, regret: float = 0.0) -> E.MoveCheck:
    return E.MoveCheck(n, k, optimal, regret if not optimal else 0.0, "x")


def test_bot_versus_random_exact_tail_and_intervals():
    # two positions with one optimal move of two: a random player scores 2 with probability 1/4
    two = E.bot_versus_random([_check(2, 1, True), _check(2, 1, True)])
    assert two.hits == 2 and two.expected == 1.0 and two.p_value == pytest.approx(0.25)
    # mixed probabilities, checked against brute force over all outcomes
    checks = [_check(2, 1, True), _check(3, 1, False, 2.0), _check(4, 3, True), _check(5, 2, True)]
    ps = [c.k / c.n for c in checks]
    brute = 0.0
    for bits in range(16):
        xs = [(bits >> i) & 1 for i in range(4)]
        prob = 1.0
        for x, p in zip(xs, ps):
            prob *= p if x else 1 - p
        brute += prob * (sum(xs) >= 3)
    v = E.bot_versus_random(checks, seed=1)
    assert v.p_value == pytest.approx(brute)
    assert v.diff == pytest.approx(sum(float(c.optimal) - p for c, p in zip(checks, ps)) / 4)
    assert v.diff_interval[0] <= v.diff <= v.diff_interval[1]
    assert v.regret == 0.5 and v.regret_interval[0] <= 0.5 <= v.regret_interval[1]
    assert E.bot_versus_random(checks, seed=1) == v  # seeded bootstrap: the same intervals
    # a bot no better than random: the tail is large
    assert E.bot_versus_random([_check(2, 1, False, 1.0)] * 6).p_value == 1.0
    with pytest.raises(ValueError, match="at least one"):
        E.bot_versus_random([])
    with pytest.raises(ValueError, match="confidence"):
        E.bot_versus_random(checks, confidence=1.5)
