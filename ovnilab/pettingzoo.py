"""ovnilab's games as PettingZoo AEC environments, in the convention of PettingZoo's
classic games (chess, Go, Hanabi)::

    from ovnilab.pettingzoo import env
    e = env("cows", discard_areas=2)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Games: ``"cows"`` (agents ``player_0``, ``player_1``), ``"ovni"`` (``num_players=2..4``
agents; with 2, the rulebook's imaginary third player is no agent: it never acts) and
``"cosmic"`` (``num_players=3..5``).

* **Encoding** (``encoding``): a Cosmic action is by default (``"characters"``) spelled
  in several steps of the same agent, one character where the legal texts differ (see
  :class:`ovnilab.encoding.CosmicCodec`): the agent keeps the turn until its
  action is complete. ``env("cosmic", encoding="actions")`` takes one step per action
  instead: id ``k`` is the ``k``-th legal action of the position in the engine's order
  (:class:`~ovnilab.encoding.CosmicActionCodec`, ``MAX_COSMIC_ACTIONS`` ids),
  so an id means a different action at each position: read the mask, and
  ``action_text(id)`` for its meaning. The cow game and Ovni have one encoding, a fixed
  id per action; their ``encoding`` accepts only ``"actions"``.

* **Observation**: a dict with ``observation``, the seat's observation tensor, and
  ``action_mask``, an int8 vector with a 1 at each legal action id (all zero when the
  agent is not the one to act). Both are documented in :mod:`ovnilab.encoding`
  and are the same as OpenSpiel's (``ovnilab.openspiel``): built from
  ``state.observation(seat)`` only, so no hidden information of other seats.
* **Actions**: ``Discrete(num_actions)``, the same ids as in OpenSpiel.
  ``info["action_text"]`` is unused; ``env.unwrapped.action_text(id)`` gives ovnilab's
  text of an id. An illegal id raises ovnilab's :class:`~ovnilab.core.IllegalAction`
  (a ``ValueError`` naming the rule), never a silent penalty.
* **Rewards**: only at the end of the game: +1 to a sole winner's agent, -1 to the
  others; 0 to everyone when all share the win (as in OpenSpiel's returns).
* **Seeds**: ``reset(seed=s)`` starts ovnilab's game with seed ``s`` (the same deal as
  ``ovnilab.make(game, seed=s)``); ``reset()`` without a seed draws one from the
  environment's generator, itself seeded by the last seed given. ``options`` of
  ``reset`` are accepted and unused (PettingZoo's api_test passes some).
* **Ending**: every ovnilab game ends by its rules (the cow game's stall rule bounds
  it, Ovni's alien stock runs out, Cosmic's ``turn_limit``), so nothing is truncated;
  ``max_cycles`` does not apply.
* **Rendering** (``metadata["render_modes"]``): ``"ansi"`` returns the game in text as
  the selected agent (``agent_selection``) sees it
  (:func:`ovnilab.encoding.text_view`, from its observation only); ``"human"``
  prints that text and returns None (a terminal is the display; no window opens);
  ``"svg"`` returns the public view of the board as an SVG string drawn by the
  project's renderer (``state._repr_svg_()``). ``"rgb_array"`` is not supported: the
  boards are drawn as SVG, and turning SVG into pixels needs a rasterizer (such as
  cairosvg) that ovnilab does not depend on; the constructor refuses it with that reason.
  PettingZoo's ``render_test`` passes for each game.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import ovnilab

from .encoding import check_encoding, codec_for, text_view, win_loss

__all__ = ["env", "raw_env", "GAMES"]

#: the games with an environment
GAMES = ("cows", "ovni", "cosmic")


def env(game: str, render_mode: str | None = None, encoding: str | None = None, **options: Any) -> AECEnv:
    """The AEC environment of ``game`` ("cows", "ovni", "cosmic"), wrapped as PettingZoo's classic games
    are (action bounds checked, the API order enforced). ``encoding`` is the action
    encoding (None: the game's default; see the module docstring); ``options`` go to
    ovnilab's ``new_game`` (e.g. ``discard_areas=2``, ``rules=cows.Rules(stall_limit=6)``,
    ``num_players=3``)."""
    e = raw_env(game, render_mode=render_mode, encoding=encoding, **options)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return _OrderEnforcing(e)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper whose ``last()`` asks the unwrapped
    environment directly, once reset: AECEnv's ``last`` on the wrapper reads five
    attributes and ``observe`` through two wrappers' ``__getattr__`` chains, a quarter
    of a cow step's time (issue 32). Neither wrapper changes ``last``'s values
    (OrderEnforcing only refuses reading before ``reset``, as here)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.unwrapped.last(observe)

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own wrapper prints itself


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """One ovnilab game as an unwrapped AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human", "svg"], "name": "ovnilab_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, encoding: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"no PettingZoo environment for {game!r}; games: {', '.join(GAMES)}")
        self.encoding = check_encoding(game, encoding)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            why = (" (the boards are SVG and ovnilab has no SVG rasterizer: use 'svg' or 'ansi')"
                   if render_mode == "rgb_array" else "")
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}{why}")
        if "seed" in options:
            raise ValueError("give the seed to reset(seed=...), not to env()")
        self.game = game
        self.options = options
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"ovnilab_{game}_v0")
        self.state = ovnilab.make(game, seed=0, **options)  # ValueError/RulesError on bad options
        self.codec = codec_for(self.state, self.encoding)
        n = self.state.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.codec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.num_actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._prefix = ""
        self._obs_key: Any = None  # the position of _obs_cache (see _observed)
        self._obs_cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def observation_space(self, agent: str) -> gymnasium.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self.action_spaces[agent]

    def action_text(self, action_id: int) -> str:
        """ovnilab's text of an action id at the current decision (for Cosmic, the text
        the step leads to: the whole action when it completes one)."""
        return self.codec.id_text(self.state, self._prefix, action_id)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation tensor and its mask of legal action ids (new arrays
        at each call; built once per position and agent, see :meth:`_observed`)."""
        obs, mask = self._observed(self.agent_name_mapping[agent])
        return {"observation": obs.copy(), "action_mask": mask.copy()}

    def _observed(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The tensor and mask of ``seat`` now, remembered until the position changes
        (``step``, ``reset``, or the state's log growing or shrinking): ``last()``,
        ``observe()`` and the dead steps at the end read the same position again."""
        st = self.state
        k = self._obs_key
        if k is None or k[0] is not st or k[1] != len(st.log) or k[2] != self._prefix:
            self._obs_key = (st, len(st.log), self._prefix)  # the state by identity, not ==
            self._obs_cache = {}
        hit = self._obs_cache.get(seat)
        if hit is None:
            acting = not st.is_over() and st.current_player == seat
            if acting:
                mask = self.codec.legal_mask(st, self._prefix)
            else:
                mask = np.zeros(self.codec.num_actions, np.int8)
            obs = self.codec.tensor(st.observation(seat), self._prefix if acting else "")
            hit = self._obs_cache[seat] = (obs, mask)
        return hit

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ovnilab's game with ``seed`` (or one drawn from the env's generator)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(2**62))
        self.state = ovnilab.make(self.game, seed=game_seed, **self.options)
        self._prefix = ""  # the part of a Cosmic action spelled so far
        self._obs_key = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (None once the agent is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._prefix, a = self.codec.advance(self.state, self._prefix, int(action))
        self._obs_key = None  # a new position (or a longer spelled prefix)
        if a is not None:
            self.state.apply(a)  # IllegalAction names the rule
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over():
            for a, r in zip(self.possible_agents, win_loss(self.state)):
                self.rewards[a] = r
                self.terminations[a] = True
            # every agent then reads its reward with last() and steps None (PettingZoo's dead step)
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game in text as the selected agent sees it ("ansi"; "human" prints it and
        returns None) or the public board as an SVG string ("svg"); None without a
        render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode "
                                  f"(one of {self.metadata['render_modes']})")
            return None
        if self.render_mode == "svg":
            return self.state._repr_svg_()
        seat = self.agent_name_mapping[self.agent_selection]
        acting = not self.state.is_over() and self.state.current_player == seat
        text = text_view(self.state, seat, self._prefix if acting else "")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
