"""The shared API contract, written once and run over every registered game.

Random playouts over many seeds: only legal actions are played, the game's invariants
hold after every step, the JSON save replays to the identical state, illegal actions are
rejected with the state untouched, clones are independent and undo is exact.

The number of games per configuration comes from OVNILAB_CONFORMANCE_GAMES (CI default
below); raise it locally for a soak run.
"""

from __future__ import annotations

import importlib
import os
import random

import pytest

import ovnilab
from ovnilab import IllegalAction

GAMES_PER_CONFIG = int(os.environ.get("OVNILAB_CONFORMANCE_GAMES", "0"))

# game -> (list of new_game keyword sets, default number of seeded games per set)
CONFIGS: dict[str, tuple[list[dict], int]] = {
    "ovni": ([{"num_players": 2}, {"num_players": 3}, {"num_players": 4}], 700),
    "cows": ([{"discard_areas": 1}, {"discard_areas": 2}], 2500),
    "cosmic": ([{"num_players": 3}, {"num_players": 4}, {"num_players": 5}], 350),
}
#: the playouts of a keyword set in this many tests, each its share of the seeds: a Cosmic
#: set's 350 games took up to 60 s under make test's three workers (goal: no test over 60 s)
PARTS = {"cosmic": 2}  # a game not named: one part


def _cases():
    for game in ovnilab.GAMES:
        for kw in CONFIGS[game][0]:
            yield pytest.param(game, kw, id=f"{game}-" + "-".join(f"{k}{v}" for k, v in kw.items()))


def _parts():
    """Each case of :func:`_cases` once per part of its playouts (``-partK`` when several)."""
    for case in _cases():
        game, kw = case.values
        k = PARTS.get(game, 1)
        for part in range(k):
            yield pytest.param(game, kw, part, id=case.id + (f"-part{part}" if k > 1 else ""))


def test_every_registered_game_has_a_conformance_config():
    assert set(CONFIGS) >= set(ovnilab.GAMES)
    assert set(PARTS) <= set(CONFIGS) and all(k >= 1 for k in PARTS.values())


def test_the_parts_play_every_seed_once():
    for game, (_, n_games) in CONFIGS.items():
        seeds = [seed for part in range(PARTS.get(game, 1)) for seed in _seeds(game, part)]
        assert sorted(seeds) == list(range(GAMES_PER_CONFIG or n_games)), game


def _seeds(game: str, part: int) -> range:
    """The seeds of ``part`` of a keyword set's playouts (a run of consecutive seeds, so
    each part replays some of its games from JSON)."""
    n = GAMES_PER_CONFIG or CONFIGS[game][1]
    k = PARTS.get(game, 1)
    return range(n * part // k, n * (part + 1) // k)


@pytest.mark.parametrize("game,kw,part", list(_parts()))
def test_random_playouts_keep_invariants_and_replay(game, kw, part):
    module = importlib.import_module(ovnilab.GAMES[game])
    invariants = module.rules.check_invariants
    for seed in _seeds(game, part):
        state = ovnilab.make(game, seed=seed, **kw)
        rng = random.Random(seed)
        invariants(state)
        steps = 0
        while not state.is_over():
            legal = state.legal_actions()
            assert legal, f"seed {seed}: no legal action but the game is not over"
            action = rng.choice(legal)
            state.apply(action)
            invariants(state)
            steps += 1
            assert steps < 100_000, "game does not terminate"
        assert state.current_player == ovnilab.TERMINAL
        assert state.legal_actions() == []
        assert state.winners(), "a finished game has winners"
        assert len(state.scores()) == state.num_players
        if seed % 50 == 0:
            again = ovnilab.load_json(state.to_json())
            assert again == state, f"seed {seed}: replay from JSON differs"
            assert again.scores() == state.scores()


@pytest.mark.parametrize("game,kw", list(_cases()))
def test_illegal_clone_undo_over_a_game(game, kw):
    for seed in range(4):
        state = ovnilab.make(game, seed=1000 + seed, **kw)
        rng = random.Random(seed)
        seen: list = []
        while not state.is_over():
            legal = state.legal_actions()
            seen.extend(legal[:3])
            # an action legal elsewhere but not here is rejected, state untouched
            foreign = [a for a in seen[-60:] if a not in legal]
            if foreign:
                before = state.clone()
                with pytest.raises(IllegalAction):
                    state.apply(rng.choice(foreign))
                assert state == before
            with pytest.raises(IllegalAction):
                state.apply("this is not an action")
            action = rng.choice(legal)
            # clone independence
            twin = state.clone()
            twin.apply(action)
            assert state.legal_actions() == legal
            # undo is exact (checked now and then: it replays the log)
            if rng.random() < 0.05:
                snapshot = state.clone()
                state.apply(action)
                assert state.undo() == action
                assert state == snapshot
            state.apply(action)
            assert state == twin
            # text round trip
            assert state.parse_action(str(action)) == action


@pytest.mark.parametrize("game", list(ovnilab.GAMES))
def test_same_seed_same_game(game):
    kw = CONFIGS[game][0][-1]
    logs = []
    for _ in range(2):
        s = ovnilab.make(game, seed=42, **kw)
        r = random.Random(7)
        while not s.is_over():
            s.apply(r.choice(s.legal_actions()))
        logs.append((s.to_json(), s.scores()))
    assert logs[0] == logs[1]


@pytest.mark.parametrize("game", list(ovnilab.GAMES))
def test_observation_has_no_hidden_information_of_others(game):
    kw = CONFIGS[game][0][-1]
    s = ovnilab.make(game, seed=3, **kw)
    r = random.Random(3)
    while not s.is_over():
        for seat in range(s.num_players):
            obs = s.observation(seat)
            assert obs["seat"] == seat
        s.apply(r.choice(s.legal_actions()))
