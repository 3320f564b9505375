"""Random playouts (5,000 seeded games), save/load, clone/undo and property tests."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ovnilab
from ovnilab import IllegalAction, SaveFormatError, analysis, cows, sim
from ovnilab.bots import RandomBot
from ovnilab.cows.rules import TERMINAL, check_invariants

GAMES = 5000


def play(state, rng, check=True):
    """Random play to the end; checks the invariants and one build per turn."""
    steps = 0
    builds_this_turn = 0
    turn = state.turns
    while not state.is_over():
        legal = state.legal_actions()
        assert legal, "no legal action but the game is not over"
        action = rng.choice(legal)
        state.apply(action)
        if state.turns != turn:
            turn, builds_this_turn = state.turns, 0
        elif action.kind == "build":
            builds_this_turn += 1
            assert builds_this_turn <= 1, "one build per turn"
        if check:
            check_invariants(state)
        steps += 1
        assert steps < 2000, "the game does not terminate"
    return steps


@pytest.mark.parametrize("areas", [1, 2])
def test_random_playouts_keep_the_invariants(areas):
    ends = {"complete": 0, "stall": 0}
    for seed in range(areas - 1, GAMES, 2):  # the 5,000 seeds split across both set-ups
        s = cows.new_game(seed=seed, discard_areas=areas)
        check_invariants(s)
        play(s, random.Random(seed))
        assert s.current_player == TERMINAL and s.legal_actions() == []
        assert s.winners() and len(s.scores()) == s.num_players == 2
        ends["complete" if 63 in s.mask else "stall"] += 1
    assert ends["complete"] > 0.95 * sum(ends.values())


def test_rule_variants_play_out():
    variants = [cows.Rules(build_during_draw=True), cows.Rules(support="both"),
                cows.Rules(max_chain_flips=1, last_turn=False), cows.Rules(stall_limit=2, hand_limit=2),
                cows.Rules(tie_break="most_cattle", starting_player=1)]
    for i, rules in enumerate(variants):
        for seed in range(60):
            s = cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=rules)
            play(s, random.Random(seed))


def test_json_round_trip(monkeypatch):
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    for seed in range(30):
        rules = cows.Rules(support="both") if seed % 3 == 0 else cows.Rules()
        s = cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=rules)
        play(s, random.Random(seed), check=False)
        text = s.to_json()
        again = ovnilab.load_json(text)
        assert again == s and again.scores() == s.scores() and again.winners() == s.winners()
        assert json.loads(text)["game"] == "cows"


def test_load_json_names_the_bad_field(monkeypatch):
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    s = cows.new_game(seed=2, discard_areas=2)
    play(s, random.Random(2), check=False)
    good = json.loads(s.to_json())

    def bad(**change):
        d = json.loads(json.dumps(good))
        for k, v in change.items():
            if k == "rules":
                d["options"]["rules"].update(v)
            elif k == "options":
                d["options"].update(v)
            else:
                d[k] = v
        with pytest.raises(SaveFormatError) as ei:
            ovnilab.load_json(json.dumps(d))
        return str(ei.value)

    assert "options.discard_areas" in bad(options={"discard_areas": 3})
    assert "options.players" in bad(options={"players": 2})
    msg = bad(rules={"support": "none"})
    assert "options.rules" in msg and "support" in msg
    assert "options.rules.hand_limit" in bad(rules={"hand_limit": "3"})
    assert "options.rules.colour" in bad(rules={"colour": "red"})
    assert "actions[3]" in bad(actions=good["actions"][:3] + ["dance"] + good["actions"][4:])
    assert "actions[0]" in bad(actions=["end turn"])
    with pytest.raises(SaveFormatError, match="options must be an object"):
        cows.State.from_options(1, [])


def test_result_extras_name_the_final_pyramids_for_analyses():
    # a batch of random games; extras are read without replaying, and agree with a replay
    res = sim.run_many("cows", [RandomBot(), RandomBot()], 12, seed=7, keep_log=True)
    stalled = 0
    for g in res:
        final = g.to_state()
        x = final.result_extras()
        assert g.extras == x
        for p in (0, 1):
            cards = [c for c in final.pyr[p] if c >= 0]
            assert x["cards"][p] == [final.cards.card_name(c) for c in cards]
            assert x["faces"][p] == [final.face(c).name for c in cards]
            assert all(final.face(c).name in final.cards.card_name(c).split(" / ") for c in cards)
        assert x["turns"] == final.turns
        assert x["stalled"] == (6 not in (len(x["cards"][0]), len(x["cards"][1])))
        stalled += x["stalled"]
    # the seat table has the per-seat lists as columns: win rates group by card held
    by_card = analysis.win_rate_by(res, "cards")
    held = [c for g in res for p in (0, 1) for c in set(g.extras["cards"][p])]
    assert sum(r["n"] for r in by_card) == len(held)
    assert {r["cards"] for r in by_card} == set(held)
    assert "turns" in res.table().columns and "faces" in res.seat_table().columns


def test_seat_names():
    s = cows.new_game(seed=1)
    assert [s.seat_name(p) for p in (0, 1)] == ["Green alien", "Purple alien"]
    assert s.seat_name(TERMINAL) == "-"


def test_clone_is_independent_and_undo_is_exact():
    for seed in range(6):
        s = cows.new_game(seed=100 + seed, discard_areas=1 + seed % 2)
        rng = random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            action = rng.choice(legal)
            twin = s.clone()
            twin.apply(action)
            assert s.legal_actions() == legal  # the original did not move
            if rng.random() < 0.1:
                snapshot = s.clone()
                s.apply(action)
                assert s.undo() == action and s == snapshot
            s.apply(action)
            assert s == twin
            assert s.parse_action(str(action)) == action


def test_illegal_foreign_actions_are_rejected_untouched():
    s = cows.new_game(seed=5)
    rng = random.Random(5)
    seen = []
    while not s.is_over():
        legal = s.legal_actions()
        seen.extend(legal)
        foreign = [a for a in seen[-80:] if a not in legal]
        if foreign:
            before = s.clone()
            with pytest.raises(IllegalAction) as ei:
                s.apply(rng.choice(foreign))
            assert ei.value.rule and s == before
        s.apply(rng.choice(legal))


# ------------------------------------------------------------------ properties
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 2**40), areas=st.sampled_from([1, 2]),
       choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_any_line_of_play_keeps_invariants_and_replays(seed, areas, choices):
    s = cows.new_game(seed=seed, discard_areas=areas)
    for k in choices:
        if s.is_over():
            break
        legal = s.legal_actions()
        a = legal[k % len(legal)]
        assert s.parse_action(str(a)) == a
        s.apply(a)
        check_invariants(s)
    again = cows.State.from_options(s.seed, s.options)
    again.apply_many(list(s.log))
    assert again == s


@SETTINGS
@given(seed=st.integers(0, 2**40),
       rules=st.builds(cows.Rules, build_during_draw=st.booleans(), support=st.sampled_from(["any", "both"]),
                       last_turn=st.booleans(), max_chain_flips=st.integers(0, 3),
                       stall_limit=st.integers(1, 20), hand_limit=st.integers(1, 4),
                       tie_break=st.sampled_from(["shared", "most_cattle"])))
def test_every_rule_variant_terminates(seed, rules):
    s = cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=rules)
    play(s, random.Random(seed))
    assert s.winners()


@SETTINGS
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 60))
def test_observations_never_reveal_unseen_backs(seed, steps):
    s = cows.new_game(seed=seed, discard_areas=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in (0, 1):
        obs = s.observation(seat)
        cards = [c for h in s.hand for c in h] + [c for p in s.pyr for c in p if c >= 0] + s.drawn
        for c in cards:
            shown = s._card_view(c, seat)["back"]
            assert (shown is not None) == bool(s.seen[c] >> seat & 1)
        assert set(obs) >= {"seat", "deck_size", "deck_top", "hands", "pyramids", "celeiro_top"}
        assert "deck" not in obs
