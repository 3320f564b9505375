"""Cosmic's action encoding in the adapters (issue 32: ``encoding="actions"``, one id per
legal action, :class:`ovnilab.encoding.CosmicActionCodec`): OpenSpiel's
random_sim_test, PettingZoo's api_test and seed_test, Gymnasium's check_env; a game played
through the ids is the engine's game; one step per engine action; the maximum's error and
the wrong-encoding errors."""

from __future__ import annotations

import random
import re
import warnings

import numpy as np
import pytest

from ovnilab import cosmic
from ovnilab.encoding import (MAX_COSMIC_ACTIONS, CosmicActionCodec, TooManyActions, check_encoding,
                                        codec_for)

RULES = cosmic.Rules(turn_limit=3)


# ---------------------------------------------------------------------- the codec
def test_ids_are_the_positions_of_the_legal_actions():
    s = cosmic.new_game(num_players=4, seed=5)
    c = codec_for(s, "actions")
    assert isinstance(c, CosmicActionCodec) and c is codec_for(s, "actions")  # built once
    assert c.num_actions == MAX_COSMIC_ACTIONS and c.obs_size == codec_for(s).obs_size
    rng = random.Random(5)
    for _ in range(300):
        legal = s.legal_actions()
        assert c.legal_ids(s) == list(range(len(legal)))
        mask = c.legal_mask(s)
        assert mask.shape == (MAX_COSMIC_ACTIONS,) and mask.sum() == len(legal) and mask[:len(legal)].all()
        for k in (0, len(legal) - 1):
            assert c.id_text(s, "", k) == str(legal[k])
            assert c.id_toward(s, "", legal[k]) == k and c.id_toward(s, "", str(legal[k])) == k
            assert c.advance(s, "", k) == ("", legal[k])
        # the tensor is the character encoding's without a prefix (every id is a whole action)
        obs = s.observation(s.current_player)
        np.testing.assert_array_equal(c.tensor(obs), codec_for(s).tensor(obs))
        s.apply(rng.choice(legal))
    n = len(s.legal_actions())
    with pytest.raises(ValueError, match=rf"action id {n} is not legal here: this position has {n} legal"):
        c.advance(s, "", n)
    with pytest.raises(ValueError, match="action id must be an int"):
        c.advance(s, "", MAX_COSMIC_ACTIONS)
    with pytest.raises(ValueError, match="prefix is always ''"):
        c.legal_ids(s, "pl")
    with pytest.raises(ValueError, match="not a legal action here"):
        c.id_toward(s, "", "no such action")


def test_too_many_legal_actions_is_an_error_naming_both_counts():
    s = cosmic.new_game(num_players=3, seed=1)
    n = len(s.legal_actions())
    assert n == 2  # choose one of two aliens
    c = CosmicActionCodec(s, max_actions=1)
    for call in (lambda: c.legal_ids(s), lambda: c.legal_mask(s), lambda: c.advance(s, "", 0)):
        with pytest.raises(TooManyActions, match=r"has 2 legal actions, more than the action encoding's maximum "
                                                 r"of 1 ids \(MAX_COSMIC_ACTIONS\); none is dropped"):
            call()
    assert issubclass(TooManyActions, ValueError)
    assert CosmicActionCodec(s, max_actions=2).legal_ids(s) == [0, 1]
    with pytest.raises(ValueError, match="max_actions"):
        CosmicActionCodec(s, max_actions=0)


def test_too_many_legal_actions_in_an_adapter():
    """An adapter raises the codec's error (never a mask missing an action)."""
    pytest.importorskip("gymnasium")
    import ovnilab.gym as ogym

    env = ogym.OvnilabEnv("cosmic", num_players=3, encoding="actions")
    env.codec = CosmicActionCodec(cosmic.new_game(num_players=3, seed=1), max_actions=1)
    with pytest.raises(TooManyActions, match="has 2 legal actions"):
        env.reset(seed=1)


def test_wrong_encodings_name_the_allowed_values():
    assert check_encoding("cosmic", None) == "characters" and check_encoding("cows", None) == "actions"
    with pytest.raises(ValueError, match=r"encoding of cosmic must be 'characters' or 'actions', not 'words'"):
        check_encoding("cosmic", "words")
    for game in ("cows", "ovni"):
        with pytest.raises(ValueError, match=rf"encoding of {game} must be 'actions', not 'characters'"):
            check_encoding(game, "characters")


# ---------------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize("n", [3, 4])
def test_openspiel_random_sim_test(n):
    pyspiel = pytest.importorskip("pyspiel")
    import ovnilab.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_ovnilab_cosmic", {"players": n, "turn_limit": 3, "encoding": "actions"})
    assert game.num_distinct_actions() == MAX_COSMIC_ACTIONS
    assert game.max_game_length() == 200_000 + (-200_000 % n)  # one step per engine action
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_game_is_the_engine_game_one_step_per_action():
    """Chance as the seeded engine draws it: the game of ids is ovnilab's game, one
    decision per engine action; the same actions spelled take more steps."""
    pyspiel = pytest.importorskip("pyspiel")
    import ovnilab.openspiel  # noqa: F401

    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 3, "chance_seeds": 5, "encoding": "actions"})
    s = g.new_initial_state()
    s.apply_action(2)
    ref = cosmic.new_game(num_players=3, seed=2)  # a whole game, by the rulebook
    spelled = cosmic.new_game(num_players=3, seed=2)
    chars = codec_for(spelled, "characters")
    rng = random.Random(2)
    steps = char_steps = 0
    while not s.is_terminal():
        if s.is_chance_node():  # the draws of the chosen action: the seeded engine's own
            s.apply_action(s.engine_outcome())
            continue
        ids = s.legal_actions()
        assert ids == list(range(len(s.engine.legal_actions())))
        assert [s.action_to_string(a) for a in ids] == [str(a) for a in s.engine.legal_actions()]
        a = rng.choice(ids)
        text = s.action_to_string(a)
        n = len(s.engine.log)
        s.apply_action(a)
        steps += 1
        while s.is_chance_node():
            s.apply_action(s.engine_outcome())
        assert len(s.engine.log) == n + 1 and str(s.engine.log[-1]) == text
        ref.apply(text)
        action, prefix = spelled.parse_action(text), ""
        while True:  # the same action in the character encoding
            prefix, done = chars.advance(spelled, prefix, chars.id_toward(spelled, prefix, action))
            char_steps += 1
            if done is not None:
                break
        spelled.apply(done)
    assert ref == s.engine == spelled and ref.is_over()
    # one step per engine action; spelled, about 1.2 steps per action (most positions
    # have one legal action, a step in both encodings)
    assert steps == len(ref.log) > 500 and char_steps > 1.1 * steps, (steps, char_steps)


def test_openspiel_ids_are_the_same_in_every_world_of_the_seat():
    """Id k is the k-th legal action, so the order must not depend on what the seat cannot
    see: a determinization for the seat to act lists the same actions in the same order
    (OpenSpiel's information sets keep their ids)."""
    pyspiel = pytest.importorskip("pyspiel")
    import ovnilab.openspiel  # noqa: F401

    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 4, "encoding": "actions"})
    s = g.new_initial_state()
    s.apply_action(3)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for i in range(400):
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if i % 10 == 0:
            seat = s.current_player()
            other = s.resample_from_infostate(seat, sampler)
            assert other.legal_actions() == s.legal_actions()
            assert [other.action_to_string(a) for a in other.legal_actions()] == \
                [s.action_to_string(a) for a in s.legal_actions()]
            assert other.information_state_string(seat) == s.information_state_string(seat)
        s.apply_action(rng.choice(s.legal_actions()))


def test_openspiel_encoding_parameter_per_game():
    pyspiel = pytest.importorskip("pyspiel")
    import ovnilab.openspiel  # noqa: F401

    assert pyspiel.load_game("python_ovnilab_cosmic", {"players": 3}).num_distinct_actions() == 96  # the default
    assert pyspiel.load_game("python_ovnilab_cows", {"encoding": "actions"}).num_distinct_actions() == 1930
    for name, bad in (("python_ovnilab_cows", "characters"), ("python_ovnilab_ovni", "characters"),
                      ("python_ovnilab_cosmic", "words")):
        with pytest.raises(Exception, match="encoding of .* must be '(characters' or ')?actions', not"):
            pyspiel.load_game(name, {"encoding": bad})


def test_openspiel_ovnilab_bot_and_ismcts_play_with_action_ids():
    pyspiel = pytest.importorskip("pyspiel")
    from ovnilab.cosmic.bots import GreedyBot
    from ovnilab.openspiel import OvnilabBot, ismcts_bot, play

    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 3, "turn_limit": 2, "chance_seeds": 20,
                                                   "encoding": "actions"})
    rs = np.random.RandomState(5)
    state = play(g, [ismcts_bot(g, max_simulations=2, seed=5), OvnilabBot(GreedyBot(), 1),
                     OvnilabBot(GreedyBot(), 2)], rs)
    assert state.engine.is_over() and set(state.returns()) <= {-1.0, 0.0, 1.0}


# ---------------------------------------------------------------------- PettingZoo
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test_and_seed_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from ovnilab.pettingzoo import env

    api_test(env("cosmic", num_players=3, rules=RULES, encoding="actions"), num_cycles=300)
    seed_test(lambda: env("cosmic", num_players=4, rules=RULES, encoding="actions"), num_cycles=100)


def test_pettingzoo_game_is_ovnilab_game_one_step_per_action():
    pytest.importorskip("pettingzoo")
    from ovnilab.pettingzoo import env

    e = env("cosmic", num_players=3, rules=RULES, encoding="actions")
    assert e.action_space("player_0").n == MAX_COSMIC_ACTIONS
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    texts = []
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.tolist() == list(range(len(e.unwrapped.state.legal_actions())))
        a = int(rng.choice(legal))
        texts.append(e.unwrapped.action_text(a))
        e.step(a)
    s = cosmic.new_game(num_players=3, seed=8, rules=RULES)
    for t in texts:
        s.apply(t)
    assert s.is_over() and s == e.unwrapped.state and len(texts) == len(s.log)


def test_pettingzoo_wrong_encodings():
    pytest.importorskip("pettingzoo")
    from ovnilab.pettingzoo import env

    with pytest.raises(ValueError, match=r"encoding of cows must be 'actions', not 'characters'"):
        env("cows", encoding="characters")
    with pytest.raises(ValueError, match=r"encoding of cosmic must be 'characters' or 'actions', not 'action'"):
        env("cosmic", encoding="action")
    assert env("ovni", encoding="actions").unwrapped.encoding == "actions"
    assert env("cosmic").unwrapped.codec.num_actions == 96  # the default: characters


# ---------------------------------------------------------------------- Gymnasium
def test_gym_check_env():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import ovnilab.gym as ogym

    env = ogym.make("cosmic", render_mode="ansi", num_players=3, rules=cosmic.Rules(turn_limit=2),
                    encoding="actions")
    assert env.action_space.n == MAX_COSMIC_ACTIONS
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=False)
    other = [str(w.message) for w in caught
             if not re.search("Box observation space (minimum|maximum) value is", str(w.message))]
    assert other == []


def test_gym_episode_is_ovnilab_game_one_step_per_agent_action():
    pytest.importorskip("gymnasium")
    import ovnilab.gym as ogym

    env = ogym.make("cosmic", num_players=3, rules=RULES, encoding="actions", seat=1).unwrapped
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert legal.tolist() == list(range(len(env.state.legal_actions())))
        obs, _r, done, _t, info = env.step(int(rng.choice(legal)))
        steps += 1
    s = env.state
    assert steps == sum(1 for seat in s.actors if seat == 1)  # one step per action of the agent's seat
    replay = cosmic.new_game(num_players=3, seed=4, rules=RULES)
    for a in s.log:
        replay.apply(str(a))
    assert replay == s
    env.reset(seed=4)
    n = len(env.state.legal_actions())
    out = env.step(n)  # inside the action space, not legal here: the episode is lost
    assert out[1] == -1.0 and out[2] and f"action id {n} is not legal now" in out[4]["illegal_action"]


def test_gym_wrong_encodings():
    pytest.importorskip("gymnasium")
    import ovnilab.gym as ogym

    with pytest.raises(ValueError, match=r"encoding of ovni must be 'actions', not 'characters'"):
        ogym.make("ovni", encoding="characters")
    with pytest.raises(ValueError, match=r"encoding of cosmic must be 'characters' or 'actions', not 'None'"):
        ogym.OvnilabEnv("cosmic", encoding="None")
    assert ogym.make("cows", encoding="actions").action_space.n == 1930
