"""ovnilab's games as OpenSpiel Python games: ``import ovnilab.openspiel`` registers them.

Game-AI courses run CFR, exploitability, MCTS and IS-MCTS in OpenSpiel; this module makes
ovnilab's engines reachable from there without re-implementing a rule::

    import pyspiel
    import ovnilab.openspiel  # registers the games
    game = pyspiel.load_game("python_ovnilab_cows", {"discard_areas": 2, "stall_limit": 6})

Registered: ``python_ovnilab_cows`` (the cow game, 2 players), ``python_ovnilab_ovni``
(Ovni, 2-4 players) and ``python_ovnilab_cosmic`` (Cosmic Encounter, 3-5 players).

Action ids and tensors
    :mod:`ovnilab.encoding` documents the integer id of every action and the
    observation tensor's layout (the same ids and tensors as :mod:`ovnilab.pettingzoo`).
    ``action_to_string`` of a player action is exactly ovnilab's action text. Cosmic's
    action space is too large for a fixed id per action (a deal alone has millions of
    forms), so its game has two encodings, chosen by the parameter ``encoding``. The
    default, ``"characters"``, spells an action in steps, one branch of the legal
    actions' texts at a time (ids = characters, see ``CosmicCodec``; about 1.2 steps
    per action, most positions having one legal action), and ``action_to_string`` is the whole text once a step completes an action
    (the spelled part and "..." before). ``{"encoding": "actions"}`` takes one step per
    action: id ``k`` is the ``k``-th of the engine's legal actions at that position
    (``CosmicActionCodec``; ``num_distinct_actions`` is ``MAX_COSMIC_ACTIONS``, and a
    position with more legal actions is an error), so an id means a different action
    at each position and ``action_to_string`` says which. The cow game and Ovni have
    one encoding, a fixed id per action: their ``encoding`` accepts only ``"actions"``.

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

Chance model (Ovni and Cosmic: the deal over seeds, every later draw a chance node)
    These engines deal their set-up inside ``new_game`` (from a generator of the game's
    seed), so the game starts with one chance node over ``chance_seeds`` seeds (default
    1,000, uniform): outcome ``i`` is exactly ``ovnilab.make(game, seed=i)`` with the
    game's player count and rules. Enumerating the set-up card by card would need the
    engine's constructor to stop half-way; algorithms that enumerate chance see
    ``chance_seeds`` equally likely deals there (a sample of the real distribution).

    Every draw during play is an explicit chance node with its real probabilities
    (parameter ``draws_as_chance``, default true): Ovni's alien deck reshuffled and the
    third player's tokens drawn from its bag; Cosmic's destiny draws, deck reshuffles,
    the destiny card that picks the first player once the aliens are chosen, compensation
    and powers taking random cards. The engine takes all of its chance during play from
    ``GameState.chance()``, and every draw it makes is a uniform integer (a shuffle is
    Fisher-Yates: a draw below n, then below n-1, ... below 2; a random card is a draw below
    the hand's size). So when a player's action needs chance, the adapter stops before it
    and asks OpenSpiel for those integers one by one (a chance node of ``n`` outcomes, 1/n
    each), then applies the action on a copy of the engine whose ``chance()`` returns
    them: the product of the nodes' probabilities is the engine's own distribution, and
    no rule is re-implemented. ``engine_outcome`` gives, at such a node, the integer the
    seeded engine itself would draw (to replay an ovnilab game exactly in OpenSpiel).
    One draw repeats by rule: Cosmic's first player is a destiny card looked at in place,
    and a wild or special card is looked at again (rulebook, set-up step 7), so the nodes
    of that draw can repeat; every path through them ends with probability 1, but a search
    that always expands the same outcome (say, always 0) can meet the same card forever.
    Algorithms that enumerate chance exhaustively bound their depth there.
    With ``draws_as_chance=false`` the seed also fixes every later draw (the engine's own
    generators), as in ovnilab: one chance node in all. ``max_chance_outcomes`` is the
    larger of ``chance_seeds`` and :data:`MAX_DRAW`.

Sub-games (``start``)
    The parameter ``start`` takes an ovnilab save (:func:`start_parameter` encodes
    ``state.to_json()`` so that OpenSpiel's game strings can carry it): the game starts at
    that position, with the hidden information as dealt in that game and no chance node
    (the position's deal is fixed). A late cow position is a small two-player zero-sum
    game on which CFR runs (``tests/test_openspiel.py``). Rule parameters then come from
    the save; giving one that differs from it is an error.

    Such a sub-game is a perfect-information game: each information set holds one
    history, as if both players knew the deal. The cow game's ``worlds_of`` (a seat, 0
    or 1; -1, the default, keeps the dealt position) roots it instead at a chance node
    over every world that seat cannot tell from the dealt one, with its probability
    (``cows.endgame.worlds``: the hidden backs and the unknown deck, every set-up
    equally likely). Both players then decide without seeing which world chance dealt
    (what each sees is its observation of that world), so an information set holds a
    history per world it cannot rule out, and CFR's strategy is one per information
    set. A world count beyond ``endgame.worlds``' limit is an error naming the position.

Observations
    Observation strings and tensors are built from ``state.observation(seat)`` only, so
    they hold nothing the seat may not see. The information-state string is the seat's
    observation now plus every decision so far as the seat may read it (ovnilab's
    ``describe(action, seat)``: an Ovni face-down token or mission choice of another seat
    is masked; all cow decisions are public). That is perfect recall for the cow game;
    for Ovni it forgets earlier rounds' command-token values once the next round's
    areas are dealt (they are shown while their round is resolved). The
    information-state tensor is the observation tensor (the observations accumulate
    most of what a seat learnt: discards, backs seen, aliens, UFOs); it forgets the
    order of past moves.

Rewards
    Terminal only, from ``winners()``: +1 to each winner and -1 to the others, 0 to all
    when every seat shares the win. The cow game is zero-sum; Ovni and Cosmic are
    declared general-sum (with 3 or more players, two winners and one loser do not sum
    to 0; Cosmic's shared wins are common).

Search bots: ISMCTSBot, not MCTSBot
    These are imperfect-information games. OpenSpiel's plain ``MCTSBot`` accepts them
    but searches the state it is given, the true one: every simulation clones it with
    the other seats' hands, face-down tokens and the deck's order, so it plays as a bot
    that sees the cards. Use ``ISMCTSBot`` (:func:`ismcts_bot` builds one, seeded): it
    searches worlds drawn with ``resample_from_infostate`` (ovnilab's determinization),
    so it decides from what its seat knows. :func:`play` warns
    (:class:`TrueStateSearchWarning`, once per calling line, Python's default) when a
    seat is an ``MCTSBot``; OpenSpiel's own loops (``evaluate_bots``) cannot be hooked
    cleanly: the bot's search only calls ``clone`` and ``apply_action``, as CFR and
    every other algorithm do.

Copies
    ``clone`` copies ovnilab's state with its own ``clone()`` (OpenSpiel copies states
    at every search step). ``resample_from_infostate`` (used by IS-MCTS) draws a full
    state from the seat's posterior with ovnilab's ``determinize``. ``serialize``
    (OpenSpiel pickles a state's attributes) writes ovnilab's save of the engine, or the
    engine itself for the adapter's arranged cow deal. :class:`OvnilabBot` seats
    ovnilab's bots in OpenSpiel games.
"""

from __future__ import annotations

import base64
import dataclasses
import random
import warnings
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from .core import load_json
from .encoding import check_encoding, codec_for, win_loss
from .openspiel_efg import histories_by_infoset, to_efg

#: to_efg and histories_by_infoset (:mod:`ovnilab.openspiel_efg`) are re-exported: the
#: OpenSpiel notebook and the tests import them from here
__all__ = ["GAMES", "CowsGame", "CowsState", "OvniGame", "CosmicGame", "SeededState", "EngineObserver", "OvnilabBot",
           "game_parameters", "play", "start_parameter", "MAX_DRAW", "ismcts_bot", "TrueStateSearchWarning",
           "to_efg", "histories_by_infoset"]

#: registered short names
GAMES = ("python_ovnilab_cows", "python_ovnilab_ovni", "python_ovnilab_cosmic")


def game_parameters(rules_cls: type, base: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel's parameter specification: ``base`` plus one parameter per ``Rules``
    option, with its default (``None`` becomes ``""``, OpenSpiel has no null)."""
    spec = dict(base)
    for f in dataclasses.fields(rules_cls):
        spec[f.name] = _EngineGame._as_param(f.default)
    return spec


def _rules_from_params(rules_cls: type, params: dict[str, Any]) -> Any:
    """The ``Rules`` of OpenSpiel parameters: "" is None for an option whose default is
    None; a tuple option (Cosmic's ``alien_levels``) is its names joined by "+"."""
    kw = {}
    for f in dataclasses.fields(rules_cls):
        if f.name in params:
            v = params[f.name]
            if isinstance(v, str) and "tuple" in str(f.type):
                v = tuple(x for x in v.split("+") if x)
                v = None if (not v and f.default is None) else v
            kw[f.name] = None if (f.default is None and v == "") else v
    return rules_cls(**kw)


def start_parameter(state: Any) -> str:
    """The ``start`` parameter of a sub-game from ``state`` (an ovnilab state whose
    ``to_json()`` works): the save in URL-safe base64 without padding, prefixed
    ``b64:``. A save's JSON also works with ``load_game``, but OpenSpiel writes a game's
    parameters into one string (``name(key=value,...)``) to serialize a state, which a
    JSON's commas would break; this form has no comma, ``=`` or parenthesis."""
    raw = base64.urlsafe_b64encode(state.to_json().encode()).decode().rstrip("=")
    return "b64:" + raw


def _read_start(text: str) -> str:
    if not isinstance(text, str):
        raise ValueError(f"'start' must be a string (an ovnilab save), not {type(text).__name__}")
    if text.startswith("b64:"):
        body = text[4:]
        try:
            return base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True).decode()
        except (ValueError, UnicodeDecodeError) as e:
            raise ValueError(f"'start' is not a save encoded by start_parameter: {e}") from None
    return text


class _Engine:
    """Holds ovnilab's state; OpenSpiel's deep copy of it is ovnilab's own ``clone()``.

    With draws as chance nodes, ``base`` is the save of the position the OpenSpiel game
    started from and ``draws`` every action applied since, as ``(text, outcomes)``: the
    engine's own save would replay its seeded generators, not OpenSpiel's outcomes."""

    __slots__ = ("state", "base", "draws")

    def __init__(self, state: Any, base: str | None = None, draws: list[tuple[str, tuple[int, ...]]] | None = None) -> None:
        self.state = state
        self.base = base
        self.draws = draws

    def __deepcopy__(self, memo: Any) -> "_Engine":
        return _Engine(None if self.state is None else self.state.clone(), self.base,
                       None if self.draws is None else list(self.draws))

    def __reduce__(self) -> Any:
        # OpenSpiel's serialize pickles a state's attributes. A game played from a seed
        # pickles as its save (Cosmic's aliens hold functions pickle cannot write), or as
        # its start and the draws OpenSpiel chose; a position arranged by the adapter (the
        # cow deal) has no save and pickles whole. A determinized state (IS-MCTS's
        # samples) would come back as its replay.
        st = self.state
        if st is not None and self.draws is not None:
            return (_engine_from_draws, (self.base, list(self.draws)))
        if st is not None and st.__dict__.get("_origin") is None:
            return (_engine_from_save, (st.to_json(),))
        return (_Engine, (st,))


def _engine_from_save(text: str) -> _Engine:
    return _Engine(load_json(text))


def _engine_from_draws(base: str, draws: list[tuple[str, tuple[int, ...]]]) -> _Engine:
    state = load_json(base)
    for text, outcomes in draws:
        state = _apply_scripted(state, state.parse_action(text), tuple(outcomes))
    return _Engine(state, base, list(draws))


class _Log:
    """The decisions of an OpenSpiel state, ``(seat, action)``, copied as one list copy
    (not element by element: OpenSpiel deep-copies at every clone). Kept by the adapter,
    not read from the engine's log, because a determinization starts a new log."""

    __slots__ = ("items",)

    def __init__(self, items: list[tuple[int, Any]]) -> None:
        self.items = items

    def __deepcopy__(self, memo: Any) -> "_Log":
        return _Log(list(self.items))


#: the largest n of one draw during play ("a uniform integer below n"): a shuffle of the
#: largest deck (Cosmic's cosmic deck with every flare, Ovni's alien deck) stays below it
MAX_DRAW = 256


class _NeedChance(Exception):
    """Raised inside a trial ``apply`` when the engine asks for a draw OpenSpiel has not
    made yet: ``bound`` is its number of outcomes."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound


class _Scripted(random.Random):
    """A generator whose integer draws are OpenSpiel's chance outcomes, in order.

    Python's ``shuffle``, ``randrange`` and ``choice`` all draw through ``_randbelow``;
    a continuous draw (``random()``) has no finite outcomes, so it is refused by name."""

    def __init__(self, outcomes: tuple[int, ...]) -> None:
        super().__init__(0)
        self.outcomes = outcomes
        self.used = 0

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        if n > MAX_DRAW:
            raise ValueError(f"a draw among {n} outcomes exceeds the declared MAX_DRAW = {MAX_DRAW}")
        if self.used == len(self.outcomes):
            raise _NeedChance(n)
        v = self.outcomes[self.used]
        if not 0 <= v < n:
            raise ValueError(f"chance outcome {v} is not below {n}")
        self.used += 1
        return v

    def random(self) -> float:
        raise NotImplementedError("a continuous random draw cannot be an OpenSpiel chance node "
                                  "(the engine draws only integers; this one is new)")


class _Recorder(random.Random):
    """Wraps one of the engine's own generators and notes every integer it draws."""

    def __init__(self, inner: random.Random, notes: list[int]) -> None:
        super().__init__(0)
        self.inner, self.notes = inner, notes

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        v = self.inner._randbelow(n)  # type: ignore[attr-defined]
        self.notes.append(v)
        return v

    def random(self) -> float:
        raise NotImplementedError("a continuous random draw cannot be an OpenSpiel chance node")


def _apply_scripted(engine: Any, action: Any, outcomes: tuple[int, ...]) -> Any:
    """A copy of ``engine`` after ``action``, its chance drawn from ``outcomes``; raises
    :class:`_NeedChance` when the action needs one more draw."""
    trial = engine.clone()
    script = _Scripted(outcomes)

    def chance() -> random.Random:
        # this copy only: its draws come from OpenSpiel; the engine's counter of chance
        # events advances as with its own generators, so engine_outcome stays in step
        trial._chance_n += 1
        return script

    trial.chance = chance
    try:
        trial.apply(action)
    finally:
        del trial.chance
    if script.used != len(outcomes):
        raise ValueError(f"{len(outcomes)} chance outcomes given, the action drew {script.used}")
    return trial


def _game_type(short: str, long: str, players: tuple[int, int], utility: Any, params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _EngineGame(pyspiel.Game):
    """What the games of this module share: parameters checked (unknown names, player
    count, a ``start`` save and the rule options), the codec, the observer."""

    game_name = ""
    game_type: Any = None
    spec: dict[str, Any] = {}
    players = (2, 2)

    def _setup(self, params: dict[str, Any] | None) -> dict[str, Any]:
        """Check ``params``; set ``start``, ``rules``, ``num_seats`` and ``options``
        (the keyword arguments of ovnilab's ``new_game`` besides seed and rules)."""
        import ovnilab

        params = dict(params or {})
        short = self.game_type.short_name
        unknown = sorted(set(params) - set(self.spec))
        if unknown:
            raise ValueError(f"unknown parameter(s) of {short}: {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(self.spec))}")
        lo, hi = self.players
        n = params.get("players", self.spec["players"])
        if not isinstance(n, int) or not lo <= n <= hi:
            raise ValueError(f"{short} is for {lo} to {hi} players, not {n!r}" if lo < hi
                             else f"{short} is for {lo} players, not {n!r}")
        self.module = ovnilab._game_module(self.game_name)
        rules_cls = self.module.Rules
        own = {k: v for k, v in params.items() if k not in [f.name for f in dataclasses.fields(rules_cls)]}
        start = params.get("start", "")
        if start:
            self.start = load_json(_read_start(start))
            if self.start.game_name != self.game_name:
                raise ValueError(f"'start' is a save of {self.start.game_name!r}, not of {self.game_name!r}")
            if self.start.is_over():
                raise ValueError("'start' is a finished game: a sub-game needs a position to play")
            # OpenSpiel fills every parameter with its default: only a parameter that is
            # neither the default nor the save's value contradicts the save
            saved = {**self._saved_options(self.start), **dataclasses.asdict(self.start.rules)}
            clash = sorted(k for k, v in saved.items() if k in params and params[k] != self.spec[k]
                           and params[k] != self._as_param(v))
            if clash:
                raise ValueError(f"'start' takes its rules from the save, which differs in: {', '.join(clash)}")
            self.rules = self.start.rules
            self.num_seats = self.start.num_players
            self.options = self._saved_options(self.start)
        else:
            self.start = None
            self.rules = _rules_from_params(rules_cls, params)
            self.num_seats = n
            self.options = self._options(own)
        self.encoding = check_encoding(self.game_name, params.get("encoding", self.spec["encoding"]))
        self.template = self.start if self.start is not None else self.make(0)
        self.codec = codec_for(self.template, self.encoding)
        return params

    @staticmethod
    def _as_param(value: Any) -> Any:
        """A rule value as an OpenSpiel parameter (scalars only: None is "", a tuple of
        names is joined by "+")."""
        if value is None:
            return ""
        if isinstance(value, tuple):
            return "+".join(value)
        return value

    def _options(self, own: dict[str, Any]) -> dict[str, Any]:
        """``new_game`` keyword arguments from the game's own parameters."""
        return {"num_players": own.get("players", self.spec["players"])}

    def _saved_options(self, state: Any) -> dict[str, Any]:
        return {"players": state.num_players}

    def make(self, seed: int) -> Any:
        """ovnilab's new game with ``seed`` and this game's rules and options."""
        return self.module.new_game(seed=seed, rules=self.rules, **self.options)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """ovnilab's determinization of ``state`` for ``seat`` (games may repair it)."""
        return state.determinize(seat, rng)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "EngineObserver":
        """Observer of one seat: the observation (default) or, with ``perfect_recall``,
        the information state."""
        if params:
            raise ValueError(f"observer parameters are not supported, got {params!r}")
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return EngineObserver(self, perfect)


class _EngineState(pyspiel.State):
    """An OpenSpiel state around ovnilab's state; subclasses deal the chance before it."""

    def __init__(self, game: _EngineGame) -> None:
        super().__init__(game)
        # OpenSpiel's clone builds a new initial state and deep-copies every attribute
        # (and serialize pickles them): the game is not one (get_game() gives it), the
        # engine is copied by its own clone (_Engine)
        self._e = _Engine(None if game.start is None else game.start.clone())
        self._log = _Log([])
        self._prefix = ""  # the text spelled so far of an action chosen in steps (Cosmic)

    @property
    def _game(self) -> Any:
        return self.get_game()

    @property
    def engine(self) -> Any:
        """ovnilab's state of the game (None while the set-up is dealt)."""
        return self._e.state

    def current_player(self) -> int:
        """The seat to act, CHANCE during the deal, TERMINAL at the end."""
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        if self.engine.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert player >= 0
        return self._game.codec.legal_ids(self.engine, self._prefix)

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            self._chance_step(int(action))
            return
        seat = self.engine.current_player
        self._prefix, a = self._game.codec.advance(self.engine, self._prefix, action)
        if a is not None:
            self.engine.apply(a)  # IllegalAction (a ValueError) names the rule broken
            self._log.items.append((seat, a))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """pyspiel's ``observation_tensor`` (the same list of floats), filled once: the
        C++ path fills the game's observer twice per call and copies it through C++
        (issue 32). The deal's chance nodes, a terminal or chance player and a bad seat
        go to pyspiel's own method (its values and its errors)."""
        e = self.engine
        if e is None or getattr(self, "_pending", None) is not None:
            return super().observation_tensor() if player is None else super().observation_tensor(player)
        seat = e.current_player if player is None else player
        if e.is_over() and player is None or not (isinstance(seat, int) and 0 <= seat < self._game.num_seats):
            return super().observation_tensor() if player is None else super().observation_tensor(player)
        game = self._game
        observer = game.__dict__.get("_fast_observer")
        if observer is None:
            observer = game._fast_observer = EngineObserver(game, False)
        observer.set_from(self, seat)
        return observer.tensor.tolist()

    def _chance_step(self, outcome: int) -> None:
        raise NotImplementedError

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance_text(int(action))
        return self._game.codec.id_text(self.engine, self._prefix, action)

    def _chance_text(self, outcome: int) -> str:
        return f"chance outcome {outcome}"

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.is_over()

    def returns(self) -> list[float]:
        """+1 each winner, -1 the others; 0 to all for a win shared by all (and before the end)."""
        if not self.is_terminal():
            return [0.0] * self._game.num_seats
        return win_loss(self.engine)

    def __str__(self) -> str:
        if self.engine is None:
            return "set-up: chance to deal"
        e = self.engine
        return repr(e) + "".join(f"\n{e.seat_name(p)}: {a}" for p, a in self._log.items[-3:])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state drawn from ``player_id``'s posterior (ovnilab's ``determinize``), for
        IS-MCTS; the random draw is seeded from ``probability_sampler()`` (a float in
        [0, 1)). ISMCTSBot passes a ``pyspiel.UniformProbabilitySampler``, seeded afresh
        each time; for repeatable runs give it ``bot.set_resampler(lambda s, p:
        s.resample_from_infostate(p, numpy_random_state.random_sample))``."""
        if self.engine is None:
            raise ValueError("resampling needs a dealt game (the set-up is still being dealt)")
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        other._e = _Engine(self._game.determinize(self.engine, player_id, rng))
        return other


class EngineObserver:
    """OpenSpiel's observer of one of ovnilab's games (``tensor``, ``dict``,
    ``set_from``, ``string_from``), from ``observation(seat)`` only. With
    ``perfect_recall`` the string adds every decision so far as the seat may read it
    (``state.describe(action, seat)``: others' hidden choices masked) since the
    OpenSpiel game began (a ``start`` position's earlier moves are in its observation)."""

    def __init__(self, game: _EngineGame, perfect_recall: bool) -> None:
        self.codec = game.codec
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.codec.obs_size, np.float32)
        self.dict = self.codec.views(self.tensor)
        self._key: Any = None  # the position and seat of _filled (see set_from)
        self._filled = np.zeros(self.codec.obs_size, np.float32)

    def set_from(self, state: _EngineState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``.

        The last tensor filled is remembered with its position (the engine by identity,
        its log's length and last action, the spelled prefix) and seat: pyspiel's
        ``observation_tensor`` fills the observer twice per call, and an algorithm often
        reads one position's tensor again."""
        if state.engine is None:
            self.tensor.fill(0.0)  # nothing is on the table during the deal
            if "seat" in self.dict:  # the laid-out tensors (cows, Ovni) still say whose it is
                self.dict["seat"][player] = 1
                self.dict["to_act"][-1] = 1
            self._key = None
            return
        e = state.engine
        prefix = state._prefix if player == e.current_player else ""
        k = self._key
        n = len(e.log)
        last = e.log[-1] if n else None
        if k is not None and k[0] is e and k[1] == n and k[2] is last and k[3] == prefix and k[4] == player:
            self.tensor[:] = self._filled
            return
        self.codec.fill(e.observation(player), self.tensor, prefix)
        self._filled[:] = self.tensor
        self._key = (e, n, last, prefix, player)  # e held, so its id is never reused

    def string_from(self, state: _EngineState, player: int) -> str:
        """``player``'s observation as text (with the decisions so far, for perfect recall)."""
        e = state.engine
        if e is None:
            return f"seat {player}: set-up"
        text = self.codec.text(e.observation(player))
        if state._prefix and player == e.current_player:
            text += "\nchoosing: " + state._prefix  # only the acting seat knows what it has spelled
        if self.perfect_recall:
            return text + "".join(f"\n{p}: {a if p == player else e.describe(a, player)}"
                                  for p, a in state._log.items)
        return text


# ======================================================================
# The cow game
# ======================================================================

def _cows_rules_cls() -> type:
    from .cows import Rules

    return Rules


_COWS_PARAMS = game_parameters(_cows_rules_cls(), {"players": 2, "discard_areas": 1, "start": "", "worlds_of": -1,
                                                     "encoding": "actions"})
_COWS_TYPE = _game_type("python_ovnilab_cows", "ovnilab: the cow-abduction pyramid game", (2, 2),
                        pyspiel.GameType.Utility.ZERO_SUM, _COWS_PARAMS)


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


class CowsGame(_EngineGame):
    """The cow game as an OpenSpiel game (parameters: ``players`` (2), ``discard_areas``
    (1 or 2), ``start`` (an ovnilab save: a sub-game), ``worlds_of`` (a seat: the
    sub-game starts with chance dealing one of the worlds that seat cannot tell apart;
    see the module docstring), ``encoding`` (``"actions"`` only) and every
    ``cows.Rules`` option)."""

    game_name = "cows"
    game_type = _COWS_TYPE
    spec = _COWS_PARAMS

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = self._setup(params)
        self.areas = self.options["discard_areas"]
        self.num_cards = self.template.cards.num_cards
        self.worlds = self._worlds(params.get("worlds_of", -1))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=max(self.num_cards, len(self.worlds)),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_cows_max_length(self.rules, self.num_cards) + 2 * self.num_cards + 1,
        )
        super().__init__(self.game_type, info, params)

    def _worlds(self, seat: Any) -> list[tuple[float, Any]]:
        """The root's worlds for ``worlds_of`` (empty when it is -1): every position of
        the ``start`` game that ``seat`` cannot tell from the dealt one, with its
        probability (``cows.endgame.worlds``: exact, every set-up equally likely)."""
        if seat == -1:
            return []
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise ValueError(f"worlds_of must be -1 (the dealt position) or a seat, 0 or 1, not {seat!r}")
        if self.start is None:
            raise ValueError("worlds_of needs a 'start' position: it roots that position's sub-game at the "
                             "worlds one seat cannot tell apart")
        from .cows.endgame import SearchLimit, worlds

        try:
            return worlds(self.start, seat)
        except SearchLimit as exc:
            raise ValueError(f"worlds_of={seat}: {exc}; choose a later position (fewer unknown cards)") from None

    def _options(self, own: dict[str, Any]) -> dict[str, Any]:
        return {"discard_areas": own.get("discard_areas", 1)}

    def _saved_options(self, state: Any) -> dict[str, Any]:
        return {"discard_areas": state.areas}

    def new_initial_state(self) -> "CowsState":
        """The set-up's first chance node (or the ``start`` position)."""
        return CowsState(self)


class CowsState(_EngineState):
    """A cow game in OpenSpiel: the set-up's chance nodes, then ovnilab's engine state."""

    def __init__(self, game: CowsGame) -> None:
        super().__init__(game)
        if game.worlds:
            self.deal: dict[str, Any] | None = None
            self._e = _Engine(None)  # the root: chance picks one of the worlds
        elif game.start is not None:
            self.deal = None
        else:
            fixed = game.rules.starting_player
            self.deal = {"starter": None if fixed < 0 else fixed, "deck": [], "up": []}

    def _chance_stage(self) -> str:
        d = self.deal
        if d["starter"] is None:
            return "starter"
        if len(d["deck"]) < self._game.num_cards:
            return "deck"
        return "up"

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The current chance node's outcomes with their probabilities."""
        if self.deal is None:  # the root over worlds (worlds_of)
            return [(i, p) for i, (p, _) in enumerate(self._game.worlds)]
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

    def _chance_step(self, outcome: int) -> None:
        legal = [o for o, _ in self.chance_outcomes()]
        if outcome not in legal:
            raise ValueError(f"chance outcome {outcome} is not possible here (possible: {legal})")
        d = self.deal
        if d is None:  # worlds_of: the world chance picked, as the sub-game's position
            self._e = _Engine(self._game.worlds[outcome][1].clone())
            return
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
        from .cows.rules import check_invariants

        s = self._game.make(0)
        d = self.deal
        s.deck = list(d["deck"])
        s.up = list(d["up"])
        s.starter = s.turn = d["starter"]
        s.mark_arranged()  # this deal, not seed 0's, is the game's start
        check_invariants(s)
        self._e = _Engine(s)
        self.deal = None

    def _chance_text(self, outcome: int) -> str:
        if self.deal is None:
            if self.engine is None:
                return f"world {outcome} of {len(self._game.worlds)}"
            return f"chance outcome {outcome}"
        stage = self._chance_stage()
        if stage == "starter":
            return f"starting player: seat {outcome}"
        if stage == "deck":
            name = self._game.template.cards.card_name(outcome)
            return f"deck position {len(self.deal['deck']) + 1}: card {outcome} ({name})"
        return f"card {len(self.deal['up'])} shows its {'second' if outcome else 'first'} face"

    def __str__(self) -> str:
        if self.engine is None and self.deal is None:
            return f"root: chance picks one of {len(self._game.worlds)} worlds"
        if self.engine is None:
            d = self.deal
            return f"set-up: {len(d['deck'])} of {self._game.num_cards} cards dealt, {len(d['up'])} turned"
        return super().__str__()


# ======================================================================
# Games whose engine draws chance during play: one chance node over seeds
# ======================================================================

class _SeededGame(_EngineGame):
    """A game whose set-up is one chance node over ``chance_seeds`` engine seeds."""

    max_length = 0

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = self._setup(params)
        k = params.get("chance_seeds", self.spec["chance_seeds"])
        if not isinstance(k, int) or not 1 <= k <= 1_000_000:
            raise ValueError(f"chance_seeds must be an int from 1 to 1000000, not {k!r}")
        self.chance_seeds = k
        draws = params.get("draws_as_chance", self.spec["draws_as_chance"])
        if not isinstance(draws, bool):
            raise ValueError(f"draws_as_chance must be true or false, not {draws!r}")
        self.draws_as_chance = draws
        self.start_json = None if self.start is None else self.start.to_json()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=max(k, MAX_DRAW) if draws else k,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,  # general-sum: a win shared by some of 3 or more seats
            max_game_length=self.max_length * self.num_seats,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> "SeededState":
        """The chance node over seeds (or the ``start`` position)."""
        return SeededState(self)


class SeededState(_EngineState):
    """The root chance node picks the engine's seed (uniform over ``chance_seeds``):
    outcome ``i`` is ``ovnilab.make(game, seed=i, ...)``. With ``draws_as_chance`` a
    player's action that draws is followed by one chance node per integer it draws
    (the module docstring says how); otherwise the engine draws from its seed."""

    def __init__(self, game: _EngineGame) -> None:
        super().__init__(game)
        # an action waiting for its draws: (seat, action, outcomes so far, next bound)
        self._pending: tuple[int, Any, tuple[int, ...], int] | None = None
        if self.engine is not None and game.draws_as_chance:
            self._e = _Engine(self.engine, game.start_json, [])

    def current_player(self) -> int:
        if self._pending is not None:
            return pyspiel.PlayerId.CHANCE
        return super().current_player()

    def is_chance_node(self) -> bool:
        return self.engine is None or self._pending is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._pending is not None:
            bound = self._pending[3]
            return [(i, 1.0 / bound) for i in range(bound)]
        k = self._game.chance_seeds
        return [(i, 1.0 / k) for i in range(k)]

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            seat, a, outcomes, bound = self._pending
            if not 0 <= action < bound:
                raise ValueError(f"chance outcome {action} is not one of 0..{bound - 1}")
            self._try(seat, a, outcomes + (int(action),))
            return
        if self.engine is None or not self._game.draws_as_chance:
            super()._apply_action(action)
            return
        seat = self.engine.current_player
        prefix, a = self._game.codec.advance(self.engine, self._prefix, action)
        self._prefix = prefix
        if a is not None:
            self._try(seat, a, ())

    def _try(self, seat: int, action: Any, outcomes: tuple[int, ...]) -> None:
        """Apply ``action`` with these draws, or wait at a chance node for the next one."""
        try:
            after = _apply_scripted(self.engine, action, outcomes)
        except _NeedChance as need:
            self._pending = (seat, action, outcomes, need.bound)
            return
        self._e.state = after
        if self._e.draws is not None:
            self._e.draws.append((str(after.log[-1]), outcomes))
        self._pending = None
        self._log.items.append((seat, after.log[-1]))

    def engine_outcome(self) -> int:
        """At a chance node during play: the integer the seeded engine itself would draw
        here (its own generators), so that a game of ovnilab can be replayed exactly."""
        if self._pending is None:
            raise ValueError("engine_outcome is for the chance nodes of a draw during play")
        _seat, action, outcomes, _bound = self._pending
        trial = self.engine.clone()
        notes: list[int] = []
        own = trial.chance
        trial.chance = lambda: _Recorder(own(), notes)
        trial.apply(action)
        return notes[len(outcomes)]

    def _chance_step(self, outcome: int) -> None:
        if not 0 <= outcome < self._game.chance_seeds:
            raise ValueError(f"chance outcome {outcome} is not a seed 0..{self._game.chance_seeds - 1}")
        engine = self._game.make(outcome)
        self._e = _Engine(engine, engine.to_json(), []) if self._game.draws_as_chance else _Engine(engine)

    def _chance_text(self, outcome: int) -> str:
        if self._pending is not None:
            seat, action, outcomes, bound = self._pending
            return f"draw {len(outcomes) + 1} for '{action}': {outcome} of 0..{bound - 1}"
        return f"deal with seed {outcome}"

    def __str__(self) -> str:
        text = super().__str__()
        if self._pending is not None:
            text += f"\nwaiting for draw {len(self._pending[2]) + 1} of '{self._pending[1]}'"
        return text


def _ovni_rules_cls() -> type:
    from .ovni import Rules

    return Rules


_OVNI_PARAMS = game_parameters(_ovni_rules_cls(), {"players": 4, "chance_seeds": 1000, "draws_as_chance": True,
                                                   "start": "", "encoding": "actions"})
_OVNI_TYPE = _game_type("python_ovnilab_ovni", "ovnilab: Ovni", (2, 4), pyspiel.GameType.Utility.GENERAL_SUM,
                        _OVNI_PARAMS)


class OvniGame(_SeededGame):
    """Ovni as an OpenSpiel game (parameters: ``players`` (2-4; with 2, the rulebook's
    imaginary third player, who never acts), ``chance_seeds``, ``start``, ``encoding``
    (``"actions"`` only) and every ``ovni.Rules`` option). ``max_game_length`` is 1,000 decisions per player: random
    play, the longest kind of game, takes about 75 per player (the engine ends a game
    when the alien stock runs out, with no fixed bound on rounds)."""

    game_name = "ovni"
    game_type = _OVNI_TYPE
    spec = _OVNI_PARAMS
    players = (2, 4)
    max_length = 1000

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """ovnilab's determinization, with the command tokens the seat has seen restored.

        Ovni's ``determinize`` resamples other seats' face-down tokens in every phase,
        but they are hidden only while tokens are placed: once the areas are resolved
        ``observation`` shows them, and IS-MCTS needs a sample that keeps the seat's
        information state. So outside the placement the sample takes the (public)
        tokens of the true position. (The engine's own fix is left to its owners: it
        would change the bots' random draws, and with them notebook outputs.)
        """
        from .ovni.rules import PLACEMENT

        d = state.determinize(seat, rng)
        if state.phase != PLACEMENT:
            d.area_slots = [list(sl) for sl in state.area_slots]
            d._legal_cache = None
            d._legal_set_cache = None
        return d


def _cosmic_rules_cls() -> type:
    from .cosmic import Rules

    return Rules


_COSMIC_PARAMS = game_parameters(_cosmic_rules_cls(), {"players": 4, "chance_seeds": 1000,
                                                       "draws_as_chance": True, "start": "",
                                                       "encoding": "characters"})
_COSMIC_TYPE = _game_type("python_ovnilab_cosmic", "ovnilab: Cosmic Encounter", (3, 5),
                          pyspiel.GameType.Utility.GENERAL_SUM, _COSMIC_PARAMS)


class CosmicGame(_SeededGame):
    """Cosmic Encounter as an OpenSpiel game (parameters: ``players`` (3-5),
    ``chance_seeds``, ``start``, ``encoding`` and every ``cosmic.Rules`` option;
    ``alien_levels`` and ``alien_pool`` as names joined by ``+``). With
    ``encoding="characters"`` (the default) an action is chosen in steps (its text, one
    branch of the legal texts at a time: :class:`~ovnilab.encoding.CosmicCodec`);
    with ``encoding="actions"`` in one step, id ``k`` the ``k``-th legal action
    (:class:`~ovnilab.encoding.CosmicActionCodec`, ``num_distinct_actions`` =
    ``MAX_COSMIC_ACTIONS``). ``max_game_length`` follows from the engine's own limit,
    ``action_limit_thousands`` (default 200,000 actions), times the steps of one action
    (one; spelled, at most its text's length, taken as 200, plus one)."""

    game_name = "cosmic"
    game_type = _COSMIC_TYPE
    spec = _COSMIC_PARAMS
    players = (3, 5)

    @property
    def max_length(self) -> int:  # type: ignore[override]
        steps = 1 if self.encoding == "actions" else 201
        return -(-self.rules.action_limit_thousands * 1000 * steps // max(1, self.num_seats))


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
        self._pending: Any = None  # the action being spelled, for games chosen in steps

    def step(self, state: Any) -> int:
        """The bot's action id at ``state`` (its seat must be the one to act)."""
        from .bots import PlayerView

        if state.current_player() != self.seat:
            raise ValueError(f"it is seat {state.current_player()}'s turn, not this bot's seat {self.seat}")
        if not state._prefix or self._pending is None:  # a new decision (Cosmic spells one in steps)
            action = self.bot.act(PlayerView(state.engine, self.seat), self.rng)
            self._pending = state.engine.parse_action(action) if isinstance(action, str) else action
        return state.get_game().codec.id_toward(state.engine, state._prefix, self._pending)

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: the bot reads the state afresh at each step."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the bot reads the state afresh at each step."""

    def provides_policy(self) -> bool:
        return False


class TrueStateSearchWarning(UserWarning):
    """OpenSpiel's ``MCTSBot`` plays one of these imperfect-information games: it searches
    the true state (hidden cards included); ``ISMCTSBot`` searches what its seat knows."""


def ismcts_bot(game: Any, max_simulations: int = 100, seed: int = 0, uct_c: float = 2.0,
               rollouts: int = 1) -> Any:
    """OpenSpiel's ``ISMCTSBot`` for one of this module's games, with a random-rollout
    evaluator: the search to use here instead of ``MCTSBot``, since it samples the worlds
    its seat cannot tell apart (``resample_from_infostate``) rather than reading the true
    state. The bot, its evaluator and its world samples all draw from one generator
    seeded ``seed`` (ISMCTSBot's own resampling draws an unseeded sampler), so a seeded
    game replays the same."""
    if not isinstance(game, _EngineGame):
        raise ValueError(f"ismcts_bot is for ovnilab's OpenSpiel games ({', '.join(GAMES)}), not {game!r}")
    if not (isinstance(max_simulations, int) and max_simulations >= 1):
        raise ValueError(f"max_simulations must be a whole number >= 1, not {max_simulations!r}")
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations, random_state=rs)
    bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rs.random_sample))
    return bot


def play(game: Any, bots: list[Any], random_state: np.random.RandomState) -> Any:
    """Play one whole game of ``game`` with one OpenSpiel bot per seat (anything with
    ``step(state)``), chance drawn from ``random_state``; return the final state.
    OpenSpiel's ``evaluate_bots`` does the same but first calls ``restart_at`` on every
    bot, which ``ISMCTSBot`` does not implement. A seat given OpenSpiel's ``MCTSBot``
    draws a :class:`TrueStateSearchWarning` (it would search the true state)."""
    if len(bots) != game.num_players():
        raise ValueError(f"{game} has {game.num_players()} players, got {len(bots)} bots")
    if any(isinstance(b, mcts.MCTSBot) for b in bots):
        warnings.warn("OpenSpiel's MCTSBot searches the true state of an ovnilab game (the other seats' "
                      "hidden cards and tokens, the deck's order), not what its seat knows: use ISMCTSBot "
                      "for these imperfect-information games (ovnilab.openspiel.ismcts_bot)",
                      TrueStateSearchWarning, stacklevel=2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(random_state.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


pyspiel.register_game(_COWS_TYPE, CowsGame)
pyspiel.register_game(_OVNI_TYPE, OvniGame)
pyspiel.register_game(_COSMIC_TYPE, CosmicGame)
