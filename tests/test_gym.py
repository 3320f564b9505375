"""ovnilab.gym (issue 32): one seat against ovnilab's bots as a Gymnasium environment.
Gymnasium's own check_env on each game (render included), reproducible episodes, the
mask in ``info`` equal to the legal actions, whole episodes against each kind of
opponent, the reward as the agent's share of the win, and clear errors."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import ovnilab  # noqa: E402
import ovnilab.gym as ogym  # noqa: E402
from ovnilab import cosmic  # noqa: E402
from ovnilab.cows.bots import GreedyBot as CowsGreedy  # noqa: E402
from ovnilab.ovni.bots import GreedyBot as OvniGreedy  # noqa: E402

#: short games: Cosmic for 3 players and 2 turns
CONFIGS = {
    "cows": {},
    "ovni": {},
    "cosmic": {"num_players": 3, "rules": cosmic.Rules(turn_limit=2)},
}
#: the one warning check_env gives: the tensors have no fixed range (module docstring)
UNBOUNDED = "Box observation space (minimum|maximum) value is"


@pytest.mark.parametrize("game", list(CONFIGS))
def test_check_env(game):
    env = ogym.make(game, render_mode="ansi", **CONFIGS[game])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=False)
    other = [str(w.message) for w in caught if not re.search(UNBOUNDED, str(w.message))]
    assert other == []


def test_registered_ids():
    env = gymnasium.make("ovnilab/Cows-v0", opponents="random")
    assert isinstance(env.unwrapped, ogym.OvnilabEnv) and env.unwrapped.game == "cows"
    assert gymnasium.make("ovnilab.gym:ovnilab/Ovni-v0").unwrapped.game == "ovni"
    assert gymnasium.make("ovnilab/Cosmic-v0", num_players=3).unwrapped.num_players == 3
    assert ogym.make("cows").action_space.n == 1930  # the codec's ids (ovnilab.encoding)


def episode(env, seed: int, pick: int = 0) -> tuple[list[np.ndarray], list[float], list[int], dict]:
    """One whole episode with actions drawn from the mask by a generator seeded ``pick``."""
    rng = np.random.default_rng(pick)
    obs, info = env.reset(seed=seed)
    observations, rewards, actions = [obs], [], []
    done = False
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, done, trunc, info = env.step(a)
        assert not trunc
        observations.append(obs)
        rewards.append(r)
        actions.append(a)
    return observations, rewards, actions, info


def test_same_seed_and_actions_same_episode():
    env = ogym.make("cows", opponents="greedy", seat="random")
    o1, r1, a1, _ = episode(env, 5)
    o2, r2, a2, _ = episode(env, 5)
    assert a1 == a2 and r1 == r2 and all(np.array_equal(x, y) for x, y in zip(o1, o2))
    o3, _, _, _ = episode(env, 6)
    assert not all(np.array_equal(x, y) for x, y in zip(o1, o3))
    seats = set()
    for s in range(8):
        env.reset(seed=s)
        seats.add(env.unwrapped.seat)
    assert seats == {0, 1}  # seat="random" draws both seats


def test_seeded_game_is_ovnilab_game():
    env = ogym.make("cows", opponents="random", seat=1)
    episode(env, 11)
    s = env.unwrapped.state
    replay = ovnilab.make("cows", seed=11)  # the deal of ovnilab.make with the same seed
    for a in s.log:
        replay.apply(a)
    assert replay.is_over() and replay.winners() == s.winners()


@pytest.mark.parametrize("game", list(CONFIGS))
def test_mask_is_the_legal_actions(game):
    env = ogym.make(game, **CONFIGS[game]).unwrapped
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=3)
    for _ in range(60):
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, env.action_masks())
        s = env.state
        assert s.current_player == env.seat  # the agent is asked only on its own turn
        if game == "cosmic":  # spelled: the mask is the next characters of the legal texts
            legal = env.codec.legal_ids(s, env._prefix)
        else:
            legal = sorted(env.codec.action_id(a) for a in s.legal_actions())
        assert np.flatnonzero(mask).tolist() == legal
        assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
        obs, _, done, _, info = env.step(int(rng.choice(legal)))
        if done:
            break


def play_out(env, seed: int) -> tuple[float, dict]:
    _, rewards, _, info = episode(env, seed)
    assert all(r == 0.0 for r in rewards[:-1])
    assert not info["action_mask"].any()
    s = env.unwrapped.state
    w = s.winners()
    assert info["winners"] == w and s.is_over()
    assert rewards[-1] == (1.0 / len(w) if env.unwrapped.seat in w else 0.0)  # the win share
    return rewards[-1], info


@pytest.mark.parametrize("opponents", ["random", "greedy", "mcts", CowsGreedy(samples=1)])
def test_cows_episode_against_each_opponent(opponents):
    env = ogym.make("cows", opponents=opponents)
    r, _ = play_out(env, 2)
    assert r in (0.0, 0.5, 1.0)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_ovni_and_cosmic_episodes_with_bots_on_every_other_seat():
    env = ogym.make("ovni", num_players=3, seat=2, opponents=["random", OvniGreedy()])
    assert [type(b).__name__ for b in env.unwrapped._opponents] == ["RandomBot", "GreedyBot"]
    play_out(env, 4)
    env = ogym.make("ovni", num_players=2, opponents="greedy")
    play_out(env, 4)
    env = ogym.make("cosmic", opponents="random", **CONFIGS["cosmic"])
    play_out(env, 4)


def test_render_ansi_is_the_seats_view():
    env = ogym.make("cows", render_mode="ansi", seat=1)
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "view of" in text and "(seat 1)" in text and "legal actions" in text
    env = ogym.make("cosmic", render_mode="ansi", **CONFIGS["cosmic"])
    env.reset(seed=3)
    assert "legal actions" in env.render()


def test_illegal_action_ids():
    env = ogym.make("cows").unwrapped
    _, info = env.reset(seed=1)
    before = len(env.state.log)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, r, done, trunc, info = env.step(illegal)  # default: the episode ends, reward -1
    assert (r, done, trunc) == (-1.0, True, False) and len(env.state.log) == before
    assert f"action id {illegal} is not legal" in info["illegal_action"]
    assert not info["action_mask"].any()

    env = ogym.make("cows", illegal="raise").unwrapped
    _, info = env.reset(seed=1)
    legal = np.flatnonzero(info["action_mask"]).tolist()
    with pytest.raises(ogym.IllegalActionId, match=rf"action id {illegal} is not legal now; the legal ids are "
                                                   rf"{legal[0]} \("):
        env.step(illegal)
    env.step(legal[0])  # still playable after the refusal
    for bad in (-1, 1930, 2.0, "draw 2", True):
        with pytest.raises(ValueError, match="integer id in 0..1929"):
            env.step(bad)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="no Gymnasium environment for 'chess'"):
        ogym.make("chess")
    with pytest.raises(ValueError, match="no cows bot named 'smart'; names: random, greedy, mcts"):
        ogym.OvnilabEnv("cows", opponents="smart")
    with pytest.raises(TypeError, match="act\\(view, rng\\)"):
        ogym.OvnilabEnv("cows", opponents=42)
    with pytest.raises(ValueError, match="3 opponent seat"):
        ogym.OvnilabEnv("ovni", opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat must be 0..1 or 'random'"):
        ogym.OvnilabEnv("cows", seat=2)
    with pytest.raises(ValueError, match="rasterizer"):
        ogym.OvnilabEnv("cows", render_mode="rgb_array")
    with pytest.raises(ValueError, match="reset"):
        ogym.OvnilabEnv("cows", seed=3)
    with pytest.raises(ValueError, match="illegal must be"):
        ogym.OvnilabEnv("cows", illegal="ignore")
    with pytest.raises(ValueError):
        ogym.OvnilabEnv("cows", discard_areas=3)  # ovnilab's own option check


@pytest.mark.parametrize("game,options", [("cows", {}), ("ovni", {"num_players": 3}), ("cosmic", {"num_players": 3})])
def test_cached_masks_equal_fresh_ones(game, options):
    """issue 32: the legal ids and mask are remembered per position; over random
    episodes the mask in info and action_masks() equal a fresh computation (a new codec),
    and the observation equals a freshly filled tensor."""
    import random

    from ovnilab.encoding import CosmicCodec, CowsCodec, OvniCodec

    env = ogym.OvnilabEnv(game, opponents="random", **options)
    rng = random.Random(1)
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        done, steps = False, 0
        while not done and steps < 150:
            st = env.state
            fresh = {"cows": CowsCodec, "ovni": OvniCodec, "cosmic": CosmicCodec}[game](st)
            want = np.zeros(fresh.num_actions, np.int8)
            if not st.is_over():
                want[fresh.legal_ids(st, env._prefix)] = 1
            np.testing.assert_array_equal(info["action_mask"], want)
            np.testing.assert_array_equal(env.action_masks(), want)
            out = np.zeros(fresh.obs_size, np.float32)
            fresh.fill(st.observation(env.seat), out, env._prefix)
            np.testing.assert_array_equal(obs, out)
            info["action_mask"][:] = 0  # the caller's copy: the remembered mask is unchanged
            np.testing.assert_array_equal(env.action_masks(), want)
            obs, _r, done, _t, info = env.step(rng.choice(want.nonzero()[0].tolist()))
            steps += 1
