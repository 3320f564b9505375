"""One seat of an ovnilab game against ovnilab's bots, as a single-agent Gymnasium
environment (issue 32): the environment a course trains an agent in::

    import ovnilab.gym
    env = ovnilab.gym.make("cows", opponents="greedy")     # or, once imported:
    env = gymnasium.make("ovnilab/Cows-v0", opponents="random")
    obs, info = env.reset(seed=7)
    action = env.action_space.sample(info["action_mask"])  # a legal action id

Importing this module registers ``ovnilab/Cows-v0``, ``ovnilab/Ovni-v0`` and
``ovnilab/Cosmic-v0`` (Gymnasium's ``namespace/Name-vN`` ids; without the import,
``gymnasium.make("ovnilab.gym:ovnilab/Cows-v0")`` imports it). Keyword arguments that
are not the environment's own go to ovnilab's ``new_game`` (``num_players=3``,
``rules=cosmic.Rules(turn_limit=4)``, ``discard_areas=2``).

Design choices
--------------
* **The same encodings as the other adapters.** Observations are the seat's
  observation tensor and actions the integer ids of :mod:`ovnilab.encoding`,
  as in :mod:`ovnilab.pettingzoo` and :mod:`ovnilab.openspiel`, built from
  ``state.observation(seat)`` only: the agent never sees another seat's hidden
  information. ``Discrete(N)`` actions: the cow game has 1,930 ids with its default
  cards and hand limit, Ovni 419 on its board, Cosmic 96. A Cosmic action is by
  default (``encoding="characters"``) spelled one step at a time (``CosmicCodec``: one
  id per character where the legal texts differ), so a Cosmic decision may take the
  agent several steps; the opponents act only once the agent's action is complete.
  ``make("cosmic", encoding="actions")`` takes one step per action instead
  (``CosmicActionCodec``: ``Discrete(MAX_COSMIC_ACTIONS)``, id ``k`` the ``k``-th legal
  action of the position in the engine's order), so an id means a different action at
  each position: mask with ``info["action_mask"]`` and read ``action_text(id)`` for its
  meaning. The cow game and Ovni have one encoding, a fixed id per action: their
  ``encoding`` accepts only ``"actions"``. The observation space is an unbounded
  ``Box`` (float32): the tensors hold one-hot cells, counts and scaled numbers, not a
  fixed range, so Gymnasium's checker warns about infinite bounds.
* **The mask is in ``info``**: ``info["action_mask"]`` is an int8 vector over the
  action space with a 1 at each legal id, on ``reset`` and every ``step`` (all zero
  once the episode has ended); ``action_masks()`` returns it too (the method
  sb3-contrib's MaskablePPO calls). The observation stays one array, so a plain
  learner needs no dictionary flattening.
* **Reward**: the agent's share of the win when the game ends (1 alone, 1/k in a win
  shared by k seats, 0 for a loss, the cow game's tie 0.5), 0 on every earlier step.
  The mean return over episodes is then exactly ovnilab's win rate as :mod:`ovnilab.sim`
  counts it (``win_share``). PettingZoo's and OpenSpiel's rewards are +1/-1 instead
  (zero-sum for the cow game); this environment has one agent, so nothing needs to
  sum to zero.
* **An illegal action id** (inside the action space, not legal now): by default
  (``illegal="lose"``) the episode ends there with reward -1, below every result of a
  game, and ``info["illegal_action"]`` names the id and the legal ids; the game is not
  changed. Gymnasium's ``check_env`` steps with ``action_space.sample()``, almost never
  a legal id, so raising would fail it; an unmasked learner learns to avoid illegal ids
  from the penalty. ``illegal="raise"`` raises :class:`IllegalActionId` (a
  ``ValueError`` naming the id and the legal ids) instead, for debugging an agent. An id
  outside the action space is always a ``ValueError``.
* **Opponents**: ``opponents`` is a name of the game's bot registry
  (:func:`ovnilab.bots.default_bots`: ``"random"``, ``"greedy"``, ``"mcts"`` at their
  default settings), a bot object (anything with ``act(view, rng)``, e.g.
  ``cows.bots.MCTSBot(iterations=50)``), or a list of those, one per other seat in seat
  order. With Ovni or Cosmic for several players every other seat is a bot.
  Bots decide from their seat's :class:`~ovnilab.bots.PlayerView` only.
* **Seat**: ``seat=0`` (default) or any seat; ``seat="random"`` draws it at each reset
  from the environment's generator (``info["seat"]`` says which). Opponents who act
  before the agent's first decision have played when ``reset`` returns.
* **Seeds**: ``reset(seed=s)`` starts ovnilab's game with seed ``s`` (the deal of
  ``ovnilab.make(game, seed=s)``) and seeds the environment's generator, from which the
  random seat and each opponent's random generator are drawn: the same seed and the
  same actions give the same episode. ``reset()`` without a seed draws the game's seed
  from that generator. ``options`` of ``reset`` are accepted and unused.
* **Ending**: every ovnilab game ends by its rules, so an episode is never truncated
  (no ``max_episode_steps``); a 4-player Cosmic game can take thousands of the agent's
  steps (``rules=cosmic.Rules(turn_limit=...)`` shortens it).
* **Rendering**: ``render_mode="ansi"`` returns the game as the agent's seat sees it,
  in text (:func:`ovnilab.encoding.text_view`). ``"rgb_array"`` is not
  supported: the boards are SVG, and turning SVG into pixels needs a rasterizer (such
  as cairosvg) that ovnilab does not depend on. Nor is ``"human"`` (Gymnasium's mode
  that draws at every step): ``print(env.render())`` where a person watches, or show
  ``env.unwrapped.state`` in Jupyter (it draws itself, as the true state: for a person,
  not for the agent).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import ovnilab

from .bots import PlayerView, default_bots
from .encoding import check_encoding, codec_for, text_view

__all__ = ["OvnilabEnv", "IllegalActionId", "ENV_IDS", "make"]

#: the registered id of each game's environment
ENV_IDS = {"cows": "ovnilab/Cows-v0", "ovni": "ovnilab/Ovni-v0", "cosmic": "ovnilab/Cosmic-v0"}

#: the reward of an illegal action id under ``illegal="lose"``: below every game result
ILLEGAL_REWARD = -1.0


class IllegalActionId(ValueError):
    """An action id of the action space that is not legal at this step (``illegal="raise"``)."""


def make(game: str, **kwargs: Any) -> gymnasium.Env:
    """``gymnasium.make`` of ``game``'s registered id ("cows", "ovni", "cosmic"): e.g.
    ``make("cows", opponents="greedy", seat="random")``. Gymnasium adds its usual
    wrappers (the API-order check, the passive checker); ``.unwrapped`` is the
    :class:`OvnilabEnv`."""
    if game not in ENV_IDS:
        raise ValueError(f"no Gymnasium environment for {game!r}; games: {', '.join(ENV_IDS)}")
    return gymnasium.make(ENV_IDS[game], **kwargs)


class OvnilabEnv(gymnasium.Env):
    """One seat of ``game`` against bots (see the module docstring for every choice)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str = "cows", opponents: Any = "random", seat: int | str = 0,
                 render_mode: str | None = None, illegal: str = "lose", encoding: str | None = None,
                 **options: Any) -> None:
        if game not in ENV_IDS:
            raise ValueError(f"no Gymnasium environment for {game!r}; games: {', '.join(ENV_IDS)}")
        self.encoding = check_encoding(game, encoding)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            why = {"rgb_array": " (the boards are SVG and ovnilab has no SVG rasterizer)",
                   "human": " (print the 'ansi' text where a person watches)"}.get(render_mode, "")
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}{why}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if "seed" in options:
            raise ValueError("give the seed to reset(seed=...), not to the environment")
        self.game = game
        self.options = options
        self.render_mode = render_mode
        self.illegal = illegal
        probe = ovnilab.make(game, seed=0, **options)  # ValueError/RulesError on bad options
        self.num_players: int = probe.num_players
        self.codec = codec_for(probe, self.encoding)
        if seat != "random" and not (isinstance(seat, (int, np.integer)) and not isinstance(seat, bool)
                                     and 0 <= seat < self.num_players):
            raise ValueError(f"seat must be 0..{self.num_players - 1} or 'random', not {seat!r}")
        self._seat_option = seat if seat == "random" else int(seat)
        self._opponents = self._bots_of(opponents)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.codec.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.codec.num_actions)
        #: the engine's state (true, with every seat's hidden information: for a person
        #: or a test to look at, never for the agent); None before the first reset
        self.state: Any = None
        #: the agent's seat in the current episode
        self.seat: int = 0 if seat == "random" else int(seat)
        self._prefix = ""  # the part of a Cosmic action spelled so far
        self._rngs: dict[int, random.Random] = {}
        self._bots: dict[int, Any] = {}
        self._done = False

    def _bots_of(self, opponents: Any) -> list[Any]:
        """One bot per other seat (in seat order) from a name, a bot or a list of them."""
        registry = default_bots(self.game)
        others = self.num_players - 1

        def one(spec: Any) -> Any:
            if isinstance(spec, str):
                if spec not in registry:
                    raise ValueError(f"no {self.game} bot named {spec!r}; names: {', '.join(registry)} "
                                     "(or a bot object with act(view, rng))")
                return registry[spec]()
            if not callable(getattr(spec, "act", None)):
                raise TypeError(f"an opponent is a bot name ({', '.join(registry)}) or an object with "
                                f"act(view, rng), not {spec!r}")
            return spec

        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != others:
                raise ValueError(f"{self.game} with {self.num_players} players has {others} opponent seat(s), "
                                 f"got {len(opponents)} opponents")
            return [one(o) for o in opponents]
        return [one(opponents) for _ in range(others)]

    # ------------------------------------------------------------------ the API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """A new game (ovnilab's game with ``seed``, or a seed drawn from the
        environment's generator), played by the bots up to the agent's first decision."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(seed) if seed is not None else int(rng.integers(2**62))
        self.seat = int(rng.integers(self.num_players)) if self._seat_option == "random" else self._seat_option
        others = [s for s in range(self.num_players) if s != self.seat]
        self._bots = dict(zip(others, self._opponents))
        self._rngs = {s: random.Random(int(rng.integers(2**62))) for s in others}
        self.state = ovnilab.make(self.game, seed=game_seed, **self.options)
        self._prefix = ""
        self._done = False
        self._play_opponents()
        if self.state.is_over():  # no ovnilab game ends before every seat has decided once
            raise RuntimeError(f"the {self.game} game with seed {game_seed} ended before seat {self.seat} acted")
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Apply the agent's action id, then the bots' actions up to the agent's next
        decision or the end of the game."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        a = self._action_id(action)
        legal = self.codec.legal_ids(self.state, self._prefix)
        if a not in legal:
            message = self._illegal_message(a, legal)
            if self.illegal == "raise":
                raise IllegalActionId(message)
            self._done = True
            info = self._info()
            info["illegal_action"] = message
            return self._observe(), ILLEGAL_REWARD, True, False, info
        self._prefix, engine_action = self.codec.advance(self.state, self._prefix, a)
        if engine_action is not None:
            self.state.apply(engine_action)
            self._play_opponents()
        reward = 0.0
        if self.state.is_over():
            self._done = True
            winners = self.state.winners()
            reward = 1.0 / len(winners) if self.seat in winners else 0.0
        return self._observe(), reward, self._done, False, self._info()

    def render(self) -> str | None:
        """The game as the agent's seat sees it, in text (render_mode "ansi"); None
        without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (use render_mode='ansi')")
            return None
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        return text_view(self.state, self.seat, self._prefix)

    def action_masks(self) -> np.ndarray:
        """The mask of legal action ids now (as ``info["action_mask"]``)."""
        if self.state is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._mask()

    def action_text(self, action_id: int) -> str:
        """ovnilab's text of a legal action id now (for Cosmic, the text the step leads
        to: the whole action when it completes one)."""
        if self.state is None:
            raise RuntimeError("call reset() before action_text()")
        return self.codec.id_text(self.state, self._prefix, self._action_id(action_id))

    # ------------------------------------------------------------------ inside
    def _play_opponents(self) -> None:
        s = self.state
        while not s.is_over() and s.current_player != self.seat:
            cp = s.current_player
            action = self._bots[cp].act(PlayerView(s, cp), self._rngs[cp])
            s.apply(s.parse_action(action) if isinstance(action, str) else action)

    def _action_id(self, action: Any) -> int:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < self.codec.num_actions:
            raise ValueError(f"an action is an integer id in 0..{self.codec.num_actions - 1}, not {action!r}")
        return int(action)

    def _illegal_message(self, action_id: int, legal: list[int], shown: int = 20) -> str:
        more = f", ... ({len(legal) - shown} more)" if len(legal) > shown else ""
        listed = ", ".join(f"{i} ({self.codec.id_text(self.state, self._prefix, i)})" for i in legal[:shown])
        return f"action id {action_id} is not legal now; the legal ids are {listed}{more}"

    def _mask(self) -> np.ndarray:
        if not self._done:
            return self.codec.legal_mask(self.state, self._prefix)  # remembered per position
        return np.zeros(self.codec.num_actions, np.int8)

    def _observe(self) -> np.ndarray:
        prefix = "" if self._done else self._prefix
        return self.codec.tensor(self.state.observation(self.seat), prefix)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat}
        if self.state.is_over():
            info["winners"] = list(self.state.winners())
        return info


def _register() -> None:
    """Register each game's id with Gymnasium (once: a re-import does not override)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="ovnilab.gym:OvnilabEnv", kwargs={"game": game})


_register()
