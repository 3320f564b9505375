"""ovnilab's games as PettingZoo AEC environments (ovnilab.pettingzoo, issue 24):
PettingZoo's own api_test and seed_test on each game, and the environment's promises
(the OpenSpiel action ids, rewards at the end, SVG rendering, clear errors).
max_cycles_test does not apply: it needs a parallel environment and a max_cycles
option, and ovnilab's turn-based games end by their own rules."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from ovnilab import cows  # noqa: E402
from ovnilab.pettingzoo import env  # noqa: E402

# the classic-game convention (a dict of observation and action_mask) draws these two
# warnings from api_test, as PettingZoo's own chess and Go do
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")]


@pytest.mark.parametrize("options", [{}, {"discard_areas": 2}])
def test_cows_api_test(options):
    api_test(env("cows", **options), num_cycles=200)


def test_cows_seed_test():
    seed_test(lambda: env("cows"), num_cycles=200)


def play(e, seed: int) -> tuple[list[str], dict[str, float]]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    texts, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(ids))
        texts.append(e.unwrapped.action_text(a))
        e.step(a)
    return texts, total


def test_cows_game_is_ovnilab_game_and_rewards_at_the_end():
    e = env("cows")
    texts, total = play(e, 11)
    s = cows.new_game(seed=11)  # the same seed gives ovnilab's own deal
    for t in texts:
        s.apply(t)
    assert s.is_over()
    w = s.winners()
    expected = [0.0, 0.0] if len(w) == 2 else [1.0 if p == w[0] else -1.0 for p in (0, 1)]
    assert [total["player_0"], total["player_1"]] == expected


def test_cows_render_svg_and_errors():
    e = env("cows", render_mode="svg")
    e.reset(seed=1)
    assert e.render().lstrip().startswith("<svg")
    with pytest.raises(ValueError, match="render_mode"):
        env("cows", render_mode="rgb_array")
    with pytest.raises(ValueError, match="no PettingZoo environment"):
        env("chess")
    with pytest.raises(ValueError, match="reset"):
        env("cows", seed=3)
    with pytest.raises(ValueError):
        env("cows", discard_areas=3)
    e.reset(seed=1)
    with pytest.raises(ValueError, match="end turn|main action"):
        e.step(1)  # 'end turn' before the main action: ovnilab's IllegalAction names the rule


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ovni_api_test(n):
    api_test(env("ovni", num_players=n), num_cycles=400)  # a whole game (about 150-300 decisions)


def test_ovni_seed_test():
    seed_test(lambda: env("ovni", num_players=3), num_cycles=150)


def test_ovni_game_is_ovnilab_game():
    from ovnilab import ovni

    e = env("ovni", num_players=2, render_mode="svg")
    assert e.possible_agents == ["player_0", "player_1"]
    texts, total = play(e, 5)
    s = ovni.new_game(num_players=2, seed=5)
    for t in texts:
        s.apply(t)
    assert s.is_over()
    w = s.winners()
    assert [total["player_0"], total["player_1"]] == ([0.0, 0.0] if len(w) == 2 else
                                                       [1.0 if p == w[0] else -1.0 for p in (0, 1)])
    assert e.render().lstrip().startswith("<svg")


@pytest.mark.parametrize("n", [3, 5])
def test_cosmic_api_test(n):
    from ovnilab import cosmic

    api_test(env("cosmic", num_players=n, rules=cosmic.Rules(turn_limit=3)), num_cycles=300)


def test_cosmic_seed_test():
    from ovnilab import cosmic

    seed_test(lambda: env("cosmic", num_players=4, rules=cosmic.Rules(turn_limit=3)), num_cycles=100)


def test_cosmic_game_is_ovnilab_game():
    from ovnilab import cosmic

    rules = cosmic.Rules(turn_limit=3)
    e = env("cosmic", num_players=3, rules=rules, render_mode="svg")
    texts, total = play(e, 8)
    s = cosmic.new_game(num_players=3, seed=8, rules=rules)
    for t in texts:
        if not t.endswith("..."):  # a step that completes an action names it whole
            s.apply(t)
    assert s.is_over() and s == e.unwrapped.state
    w = s.winners()
    assert [total[a] for a in e.possible_agents] == ([0.0] * 3 if len(w) in (0, 3) else
                                                      [1.0 if p in w else -1.0 for p in range(3)])
    assert e.render().lstrip().startswith("<svg")


@pytest.mark.parametrize("game,n", [("ovni", 3), ("cosmic", 4)])
def test_same_ids_and_tensors_as_openspiel(game, n):
    """Seed i in PettingZoo is chance outcome i of OpenSpiel's root, and each later draw
    the engine's own (``engine_outcome``): the same game, so the same masks and tensors,
    step by step."""
    pyspiel = pytest.importorskip("pyspiel")
    import ovnilab.openspiel  # noqa: F401

    e = env(game, num_players=n)
    e.reset(seed=4)
    s = pyspiel.load_game(f"python_ovnilab_{game}", {"players": n}).new_initial_state()
    s.apply_action(4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        while s.is_chance_node():  # a draw during play: the one PettingZoo's seeded engine makes
            s.apply_action(s.engine_outcome())
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        obs = e.observe(agent)
        assert seat == s.current_player()
        assert list(np.flatnonzero(obs["action_mask"])) == s.legal_actions()
        assert np.array_equal(obs["observation"], np.array(s.observation_tensor(seat), np.float32))
        a = int(rng.choice(s.legal_actions()))
        e.step(a)
        s.apply_action(a)


# ---------------------------------------------------------------------- rendering (issue 32)
@pytest.mark.parametrize("game,options", [("cows", {}), ("ovni", {"num_players": 3}),
                                          ("cosmic", {"num_players": 3})])
def test_render_test(game, options, capsys):
    """PettingZoo's render_test on every declared mode (ansi, human, svg); the ansi text is
    the selected agent's view, the svg the board."""
    from pettingzoo.test import render_test

    def is_view(text):
        return isinstance(text, str) and "view of" in text and "(seat " in text

    render_test(lambda render_mode=None: env(game, render_mode=render_mode, **options),
                custom_tests={"ansi": is_view, "svg": lambda r: r.lstrip().startswith("<svg")})
    assert "view of" in capsys.readouterr().out  # "human" printed the same text


def test_render_ansi_is_the_acting_agents_view_and_rgb_array_is_refused():
    e = env("cows", render_mode="ansi")
    e.reset(seed=2)
    seat = e.possible_agents.index(e.agent_selection)
    text = e.render()
    assert f"(seat {seat})" in text and "legal actions" in text
    with pytest.raises(ValueError, match="rasterizer"):
        env("ovni", render_mode="rgb_array")


def _fresh(e, agent):
    """The observation and mask of ``agent`` computed afresh: a new codec (no cache of
    legal ids, views or tensors) on the environment's state."""
    from ovnilab.encoding import CowsCodec, CosmicCodec, OvniCodec

    u = e.unwrapped
    st = u.state
    codec = {"cows": CowsCodec, "ovni": OvniCodec, "cosmic": CosmicCodec}[u.game](st)
    seat = u.agent_name_mapping[agent]
    acting = not st.is_over() and st.current_player == seat
    mask = np.zeros(codec.num_actions, np.int8)
    if acting:
        mask[sorted(codec.legal_ids(st, u._prefix))] = 1
    out = np.zeros(codec.obs_size, np.float32)
    codec.fill(st.observation(seat), out, u._prefix if acting else "")
    return out, mask


@pytest.mark.parametrize("game,options", [("cows", {}), ("cows", {"discard_areas": 2}),
                                          ("ovni", {"num_players": 3}), ("cosmic", {"num_players": 3})])
def test_cached_observations_equal_fresh_ones(game, options):
    """issue 32: observe() remembers a position's tensor and mask; over random games
    every agent's (asked twice, the arrays changed in between) equals a fresh one."""
    import random

    e = env(game, **options)
    for seed in range(2):
        e.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            for a in e.possible_agents:
                want_obs, want_mask = _fresh(e, a)
                for _ in range(2):
                    got = e.observe(a)
                    np.testing.assert_array_equal(got["observation"], want_obs)
                    np.testing.assert_array_equal(got["action_mask"], want_mask)
                    got["observation"][:] = 7  # the caller's copy: the cache is unchanged
                    got["action_mask"][:] = 1
            if term or trunc:
                e.step(None)
                continue
            steps += 1
            if game == "cosmic" and steps > 150:
                break
            e.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
