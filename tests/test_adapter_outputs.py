"""The adapters' outputs stay bit-identical while they are made faster (issue 32).

Seeded random games are played through each adapter (OpenSpiel, PettingZoo, the
Gymnasium env) and every output an agent reads is hashed: observation tensors of every
seat, observation strings, information-state strings and tensors, legal ids, action
masks, action texts, chance outcomes, rewards and returns. The digests were recorded in
``adapter_outputs.json`` by the code before the speed-ups (commit d03cafa); any change
to a single float of a tensor or a single legal id changes a digest. To record the
digests again after a deliberate change of an encoding: ``python
tests/test_adapter_outputs.py --record`` (and say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import pyspiel  # noqa: E402

import ovnilab.openspiel  # noqa: E402,F401  (registers the games)
from ovnilab import cosmic  # noqa: E402
from ovnilab.gym import OvnilabEnv  # noqa: E402
from ovnilab.pettingzoo import env as zoo_env  # noqa: E402

FIXTURE = Path(__file__).with_name("adapter_outputs.json")

#: case -> (game, OpenSpiel parameters, new_game keyword arguments, encoding, seeds)
CASES = {
    "cows": ("cows", {}, {}, None, (0, 1, 2, 3, 4, 5)),
    "cows 2 areas": ("cows", {"discard_areas": 2}, {"discard_areas": 2}, None, (6, 7, 8)),
    "ovni 2p": ("ovni", {"players": 2}, {"num_players": 2}, None, (0, 1)),
    "ovni 3p": ("ovni", {"players": 3}, {"num_players": 3}, None, (2,)),
    "ovni 4p": ("ovni", {"players": 4}, {"num_players": 4}, None, (3, 4)),
    "cosmic 3p": ("cosmic", {"players": 3, "turn_limit": 6}, {"num_players": 3, "rules": cosmic.Rules(turn_limit=6)},
                  None, (0, 1)),
    "cosmic 5p": ("cosmic", {"players": 5, "turn_limit": 4}, {"num_players": 5, "rules": cosmic.Rules(turn_limit=4)},
                  None, (2,)),
    "cosmic 4p actions": ("cosmic", {"players": 4, "turn_limit": 5, "encoding": "actions"},
                          {"num_players": 4, "rules": cosmic.Rules(turn_limit=5)}, "actions", (3,)),
}
SPIEL_NAMES = {"cows": "python_ovnilab_cows", "ovni": "python_ovnilab_ovni", "cosmic": "python_ovnilab_cosmic"}


class Digest:
    """A running SHA-256 of the outputs, each written with its kind and exact bytes."""

    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.n = 0

    def add(self, kind: str, value) -> None:
        self.n += 1
        self.h.update(kind.encode() + b":")
        if isinstance(value, np.ndarray):
            self.h.update(str(value.dtype).encode() + str(value.shape).encode() + value.tobytes())
        elif isinstance(value, list) and value and all(isinstance(x, float) for x in value):
            self.h.update(b"floats" + np.asarray(value, np.float64).tobytes())
        else:
            self.h.update(repr(value).encode())
        self.h.update(b"\n")

    def result(self) -> list:
        return [self.n, self.h.hexdigest()]


def spiel_digest(case: str) -> list:
    game, params, _kw, _enc, seeds = CASES[case]
    g = pyspiel.load_game(SPIEL_NAMES[game], params)
    d = Digest()
    for seed in seeds:
        rng = random.Random(seed)
        st = g.new_initial_state()
        n = 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                d.add("chance", outcomes)
                st.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            cp = st.current_player()
            legal = st.legal_actions()
            d.add("legal", legal)
            d.add("current", cp)
            for p in range(g.num_players()):
                d.add("obs tensor", st.observation_tensor(p))
            d.add("obs tensor, default player", st.observation_tensor())
            if n % 7 == 0:  # strings and information states are long: every 7th decision
                for p in range(g.num_players()):
                    d.add("obs string", st.observation_string(p))
                d.add("info string", st.information_state_string(cp))
                d.add("info tensor", st.information_state_tensor(cp))
            a = rng.choice(legal)
            d.add("action text", st.action_to_string(cp, a))
            st.apply_action(a)
            n += 1
        d.add("returns", st.returns())
        for p in range(g.num_players()):
            d.add("final obs tensor", st.observation_tensor(p))
    return d.result()


def zoo_digest(case: str) -> list:
    game, _params, kw, enc, seeds = CASES[case]
    e = zoo_env(game, encoding=enc, **kw)
    d = Digest()
    for seed in seeds:
        e.reset(seed=seed)
        rng = random.Random(seed)
        n = 0
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            d.add("agent", agent)
            d.add("obs", obs["observation"])
            d.add("mask", obs["action_mask"])
            d.add("reward", (reward, term, trunc, info))
            if n % 5 == 0:  # another agent's view of the same position
                other = e.possible_agents[(e.possible_agents.index(agent) + 1) % len(e.possible_agents)]
                o = e.observe(other)
                d.add("other obs", o["observation"])
                d.add("other mask", o["action_mask"])
            if term or trunc:
                e.step(None)
                continue
            a = rng.choice(obs["action_mask"].nonzero()[0].tolist())
            d.add("action text", e.unwrapped.action_text(a))
            e.step(a)
            n += 1
    return d.result()


def gym_digest(case: str) -> list:
    game, _params, kw, enc, seeds = CASES[case]
    ge = OvnilabEnv(game, opponents="random", encoding=enc, **kw)
    d = Digest()
    for seed in seeds:
        obs, info = ge.reset(seed=seed)
        d.add("reset", (obs, sorted((k, v) for k, v in info.items() if k != "action_mask")))
        d.add("mask", info["action_mask"])
        d.add("masks", ge.action_masks())
        rng = random.Random(seed)
        done = False
        while not done:
            a = rng.choice(info["action_mask"].nonzero()[0].tolist())
            d.add("action text", ge.action_text(a))
            obs, r, done, trunc, info = ge.step(a)
            d.add("obs", obs)
            d.add("mask", info["action_mask"])
            d.add("step", (r, done, trunc, sorted((k, v) for k, v in info.items() if k != "action_mask")))
        # an illegal id ends an episode with the penalty and its message
        ge.reset(seed=seed + 100)
        legal = set(ge.action_masks().nonzero()[0].tolist())
        bad = next(i for i in range(ge.action_space.n) if i not in legal)
        obs, r, done, trunc, info = ge.step(bad)
        d.add("illegal", (obs, r, done, trunc, info["illegal_action"], info["action_mask"]))
    return d.result()


ADAPTERS = {"OpenSpiel": spiel_digest, "PettingZoo": zoo_digest, "Gymnasium": gym_digest}


def all_digests() -> dict:
    return {case: {name: fn(case) for name, fn in ADAPTERS.items()} for case in CASES}


@pytest.mark.parametrize("adapter", list(ADAPTERS))
@pytest.mark.parametrize("case", list(CASES))
def test_outputs_are_those_recorded_before_the_speed_ups(case, adapter):
    recorded = json.loads(FIXTURE.read_text())
    assert ADAPTERS[adapter](case) == recorded[case][adapter]


if __name__ == "__main__" and "--record" in sys.argv:
    FIXTURE.write_text(json.dumps(all_digests(), indent=1) + "\n")
    print(FIXTURE.read_text())
