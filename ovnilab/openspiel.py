"""ovnilab's games as OpenSpiel Python games: ``import ovnilab.openspiel`` registers them.

Game-AI courses run CFR, exploitability, MCTS and IS-MCTS in OpenSpiel; this module makes
ovnilab's engines reachable from there without re-implementing a rule::

    import pyspiel
    import ovnilab.openspiel  # registers the games
    game = pyspiel.load_game("python_ovnilab_cows", {"discard_areas": 2, "stall_limit": 6})

Registered so far: ``python_ovnilab_cows`` (the cow game, 2 players). Ovni and Cosmic
Encounter follow (issue 24).

Action ids and tensors
    :mod:`ovnilab.openspiel_encoding` documents the integer id of every action and the
    observation tensor's layout (the same ids and tensors as :mod:`ovnilab.pettingzoo`).
    ``action_to_string`` of a player action is exactly ovnilab's action text.

Chance model (cows)
    The engine draws all of its chance at set-up (after it the game has none: every draw
    is decided by the deck's order). The adapter deals that set-up as explicit OpenSpiel
    chance nodes with their real probabilities, so that algorithms that enumerate chance
    see the engine's distribution: the starting player (2 outcomes, 1/2 each; absent when
    the ``starting_player`` option fixes it), then the deck from its top card to its
    bottom (outcome = the card's index, uniform over the cards not yet dealt), then each
    card's orientation in card order (outcome 0 = its first listed face up, 1 = its second;
    a fair coin, or, with ``exact_half_turned``, the hypergeometric chance of being in the
    turned half). ``max_chance_outcomes`` is the number of cards. The engine's state is
    then built from that deal.

Sub-games (``start``)
    The parameter ``start`` takes an ovnilab save (``state.to_json()``): the game starts at
    that position, with the hidden information as dealt in that game and no chance node
    (the position's deal is fixed). A late cow position is a small two-player zero-sum
    game on which CFR runs (``tests/test_openspiel.py``). Rule parameters then come from
    the save; giving one that differs from it is an error.

Observations
    Observation strings and tensors are built from ``state.observation(seat)`` only, so
    they hold nothing the seat may not see. The information-state string is the seat's
    observation now plus every decision so far (all decisions of the cow game are public):
    perfect recall. The information-state tensor is the observation tensor (the cow
    observation already accumulates what the seat learnt: every discard, every back it
    saw); it forgets only the order of past moves.

Rewards
    Terminal only: +1 a win, -1 a loss, 0 a shared win (zero-sum), from ``winners()``.

Copies
    ``clone`` copies ovnilab's state with its own ``clone()`` (OpenSpiel copies states
    at every search step). ``resample_from_infostate`` (used by IS-MCTS) draws a full
    state from the seat's posterior with ovnilab's ``determinize``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pyspiel

from .core import load_json
from .openspiel_encoding import CowsCodec, codec_for, win_loss

__all__ = ["GAMES", "CowsGame", "CowsState", "OvnilabBot", "game_parameters"]

#: registered short names
GAMES = ("python_ovnilab_cows",)


def game_parameters(rules_cls: type, base: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel's parameter specification: ``base`` plus one parameter per ``Rules``
    option, with its default (``None`` becomes ``""``, OpenSpiel has no null)."""
    spec = dict(base)
    for f in dataclasses.fields(rules_cls):
        spec[f.name] = "" if f.default is None else f.default
    return spec


def _rules_from_params(rules_cls: type, params: dict[str, Any]) -> Any:
    kw = {}
    for f in dataclasses.fields(rules_cls):
        if f.name in params:
            v = params[f.name]
            kw[f.name] = None if (f.default is None and v == "") else v
    return rules_cls(**kw)


class _Engine:
    """Holds ovnilab's state; OpenSpiel's deep copy of it is ovnilab's own ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> "_Engine":
        return _Engine(None if self.state is None else self.state.clone())


# ======================================================================
# The cow game
# ======================================================================

def _cows_rules_cls() -> type:
    from .cows import Rules

    return Rules


_COWS_PARAMS = game_parameters(_cows_rules_cls(), {"players": 2, "discard_areas": 1, "start": ""})

_COWS_TYPE = pyspiel.GameType(
    short_name="python_ovnilab_cows",
    long_name="ovnilab: the cow-abduction pyramid game",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_COWS_PARAMS,
)


def _cows_max_length(rules: Any, num_cards: int) -> int:
    """An upper bound on the decisions of a cow game (OpenSpiel's ``max_game_length``).

    Every turn but the stalled ones draws (at most ``num_cards / 2`` draws) or builds (at
    most 11 builds), and at most ``stall_limit`` turns in a row do neither, plus the extra
    last turn: so at most ``(draws + builds + 2) * (stall_limit + 1)`` turns. A turn is
    at most a main action, a keep, a build, an end and a chain of at most 11 flips (each
    with at most one skip), so 4 + 2 * 12 decisions.
    """
    turns = (num_cards // 2 + 11 + 2) * (rules.stall_limit + 1)
    return turns * (4 + 2 * 12)


class CowsGame(pyspiel.Game):
    """The cow game as an OpenSpiel game (parameters: ``players`` (2), ``discard_areas``
    (1 or 2), ``start`` (an ovnilab save: a sub-game), and every ``cows.Rules`` option)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        from .cows import new_game

        params = dict(params or {})
        unknown = sorted(set(params) - set(_COWS_PARAMS))
        if unknown:
            raise ValueError(f"unknown parameter(s) of python_ovnilab_cows: {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(_COWS_PARAMS))}")
        if params.get("players", 2) != 2:
            raise ValueError(f"the cow game is for 2 players, not {params['players']!r}")
        start = params.get("start", "")
        if start:
            self.start = load_json(start)
            if self.start.game_name != "cows":
                raise ValueError(f"'start' is a save of {self.start.game_name!r}, not of the cow game")
            # OpenSpiel fills every parameter with its default: only a rule parameter
            # that is neither the default nor the save's value contradicts the save
            saved = {"discard_areas": self.start.areas, **dataclasses.asdict(self.start.rules)}
            clash = sorted(k for k, v in saved.items() if k in params and params[k] != _COWS_PARAMS[k]
                           and params[k] != ("" if v is None else v))
            if clash:
                raise ValueError(f"'start' takes its rules from the save, which differs in: {', '.join(clash)}")
            if self.start.is_over():
                raise ValueError("'start' is a finished game: a sub-game needs a position to play")
            self.rules = self.start.rules
            self.areas = self.start.areas
        else:
            self.start = None
            self.rules = _rules_from_params(_cows_rules_cls(), params)
            self.areas = params.get("discard_areas", 1)
        self.template = self.start if self.start is not None else new_game(seed=0, discard_areas=self.areas,
                                                                          rules=self.rules)
        self.codec: CowsCodec = codec_for(self.template)
        self.num_cards = self.template.cards.num_cards
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.num_cards,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_cows_max_length(self.rules, self.num_cards) + 2 * self.num_cards + 1,
        )
        super().__init__(_COWS_TYPE, info, params)

    def new_initial_state(self) -> "CowsState":
        """The set-up's first chance node (or the ``start`` position)."""
        return CowsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "CowsObserver":
        """Observer of one seat: the observation (default) or, with ``perfect_recall``,
        the information state."""
        if params:
            raise ValueError(f"observer parameters are not supported, got {params!r}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CowsObserver(self, perfect)


class CowsState(pyspiel.State):
    """A cow game in OpenSpiel: the set-up's chance nodes, then ovnilab's engine state."""

    def __init__(self, game: CowsGame) -> None:
        super().__init__(game)
        # OpenSpiel's clone builds a new initial state and deep-copies every attribute
        # (and serialize pickles them): the game is not one (get_game() gives it), the
        # engine is copied by its own clone (_Engine)
        self.decisions: list[str] = []  # the player decisions so far (all public)
        if game.start is not None:
            self._e = _Engine(game.start.clone())
            self.deal: dict[str, Any] | None = None
        else:
            self._e = _Engine(None)
            fixed = game.rules.starting_player
            self.deal = {"starter": None if fixed < 0 else fixed, "deck": [], "up": []}

    @property
    def _game(self) -> CowsGame:
        return self.get_game()

    @property
    def engine(self) -> Any:
        """ovnilab's state of the game (None while the set-up is dealt)."""
        return self._e.state

    # ------------------------------------------------------------------ chance: the deal
    def _chance_stage(self) -> str:
        d = self.deal
        if d["starter"] is None:
            return "starter"
        if len(d["deck"]) < self._game.num_cards:
            return "deck"
        return "up"

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The current chance node's outcomes with their probabilities."""
        d = self.deal
        n = self._game.num_cards
        stage = self._chance_stage()
        if stage == "starter":
            return [(0, 0.5), (1, 0.5)]
        if stage == "deck":
            left = sorted(set(range(n)) - set(d["deck"]))
            return [(c, 1.0 / len(left)) for c in left]
        if self._game.rules.exact_half_turned:
            turned = sum(d["up"])
            m = n - len(d["up"])
            p1 = (n // 2 - turned) / m
            return [(u, p) for u, p in ((0, 1.0 - p1), (1, p1)) if p > 0]
        return [(0, 0.5), (1, 0.5)]

    def _deal_step(self, outcome: int) -> None:
        legal = [o for o, _ in self.chance_outcomes()]
        if outcome not in legal:
            raise ValueError(f"chance outcome {outcome} is not possible here (possible: {legal})")
        d = self.deal
        stage = self._chance_stage()
        if stage == "starter":
            d["starter"] = outcome
        elif stage == "deck":
            d["deck"].append(outcome)
        else:
            d["up"].append(outcome)
            if len(d["up"]) == self._game.num_cards:
                self._build_engine()

    def _build_engine(self) -> None:
        """The engine state of the finished deal (the rulebook's set-up, as dealt)."""
        from .cows import new_game
        from .cows.rules import check_invariants

        g = self._game
        s = new_game(seed=0, discard_areas=g.areas, rules=g.rules)
        d = self.deal
        s.deck = list(d["deck"])
        s.up = list(d["up"])
        s.starter = s.turn = d["starter"]
        s.mark_arranged()  # this deal, not seed 0's, is the game's start
        check_invariants(s)
        self._e = _Engine(s)
        self.deal = None

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, CHANCE during the deal, TERMINAL at the end."""
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._game.codec.legal_ids(self.engine)

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self._deal_step(int(action))
            return
        a = self._game.codec.action_of(action)
        self.engine.apply(a)  # IllegalAction (a ValueError) names the rule broken
        self.decisions.append(str(a))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance_text(int(action))
        return str(self._game.codec.action_of(action))

    def _chance_text(self, outcome: int) -> str:
        if self.deal is None:
            return f"chance outcome {outcome}"
        stage = self._chance_stage()
        names = self._game.template.cards
        if stage == "starter":
            return f"starting player: seat {outcome}"
        if stage == "deck":
            return f"deck position {len(self.deal['deck']) + 1}: card {outcome} ({names.card_name(outcome)})"
        return f"card {len(self.deal['up'])} shows its {'second' if outcome else 'first'} face"

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_over()

    def returns(self) -> list[float]:
        """+1 a win, -1 a loss, 0 a shared win (only at the end; 0 before)."""
        if not self.is_terminal():
            return [0.0, 0.0]
        return win_loss(self.engine)

    def __str__(self) -> str:
        if self.engine is None:
            d = self.deal
            return f"set-up: {len(d['deck'])} of {self._game.num_cards} cards dealt, {len(d['up'])} turned"
        return repr(self.engine) + "\n" + "\n".join(self.decisions[-3:])

    # ------------------------------------------------------------------ copies
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "CowsState":
        """A state drawn from ``player_id``'s posterior (ovnilab's ``determinize``), for
        IS-MCTS; the random draw is seeded from ``probability_sampler``."""
        if self.engine is None:
            raise ValueError("resampling needs a dealt game (the set-up is still being dealt)")
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        other._e = _Engine(self.engine.determinize(player_id, rng))
        return other


class CowsObserver:
    """OpenSpiel's observer of the cow game (``tensor``, ``dict``, ``set_from``,
    ``string_from``); ``perfect_recall`` adds the public decisions to the string."""

    def __init__(self, game: CowsGame, perfect_recall: bool) -> None:
        self.codec = game.codec
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.codec.obs_size, np.float32)
        self.dict = self.codec.views(self.tensor)

    def set_from(self, state: CowsState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        if state.engine is None:
            self.tensor.fill(0.0)  # nothing is on the table during the deal
            self.dict["seat"][player] = 1
            self.dict["to_act"][2] = 1
            return
        self.codec.fill(state.engine.observation(player), self.tensor)

    def string_from(self, state: CowsState, player: int) -> str:
        """``player``'s observation as text (with the decisions so far, for perfect recall)."""
        if state.engine is None:
            return f"seat {player}: set-up"
        text = self.codec.text(state.engine.observation(player))
        if self.perfect_recall:
            return text + "\n" + "\n".join(state.decisions)
        return text


# ======================================================================
# ovnilab's bots as OpenSpiel bots
# ======================================================================

class OvnilabBot(pyspiel.Bot):
    """One of ovnilab's bots (``bot.act(view, rng)``) seated in an OpenSpiel game of this
    module, e.g. against OpenSpiel's ``MCTSBot`` in ``evaluate_bots``. It decides from
    its seat's :class:`~ovnilab.bots.PlayerView` only, as in ovnilab; ``seed`` makes its
    random choices repeatable."""

    def __init__(self, bot: Any, seat: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not hasattr(bot, "act"):
            raise TypeError(f"an ovnilab bot has act(view, rng), got {bot!r}")
        self.bot = bot
        self.seat = seat
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        """The bot's action id at ``state`` (its seat must be the one to act)."""
        from .bots import PlayerView

        if state.current_player() != self.seat:
            raise ValueError(f"it is seat {state.current_player()}'s turn, not this bot's seat {self.seat}")
        action = self.bot.act(PlayerView(state.engine, self.seat), self.rng)
        return state.get_game().codec.action_id(state.engine.parse_action(action) if isinstance(action, str)
                                                else action)

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: the bot reads the state afresh at each step."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the bot reads the state afresh at each step."""

    def provides_policy(self) -> bool:
        return False


pyspiel.register_game(_COWS_TYPE, CowsGame)
