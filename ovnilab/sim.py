"""Play games with bots: one game (:func:`play`) or thousands (:func:`run_many`).

Generic over every registered game: only the shared :class:`~ovnilab.core.GameState` API
and the bot protocol (``bot.act(PlayerView(state, seat), rng)``) are used, so a new game
gets simulation and the analyses of :mod:`ovnilab.analysis` for free.

How a batch stays reproducible
    Game ``i`` of ``run_many(..., seed=s)`` starts from ``derive_seed(s, i)``; its bots draw
    from generators seeded from that game seed (one generator per seat, so one seat's
    choices never shift another seat's random stream). Nothing depends on where or in
    which order a game runs, so a batch gives identical results in-process, in a local
    process pool or on a Dask cluster, and two rule sets run over the same seeds see the
    same deals (common random numbers: their difference is measured with less noise).
    ``play(state, bots)`` on ``make(game, seed=derive_seed(s, i))`` gives game ``i`` again.

How a batch is spread
    Work is sent in chunks (a chunk is a range of game indices), never one task per game,
    to any :class:`concurrent.futures.Executor`: ``processes=N`` makes a local
    :class:`~concurrent.futures.ProcessPoolExecutor`; on a cluster pass
    ``dask.distributed.Client(...).get_executor()`` (the ``cluster`` extra). What is sent
    must pickle: the bots, the rule options and ``game`` (a registered name, or a
    module-level factory function). Results come back in game order whatever order the
    chunks finish in.

What a game leaves behind (:class:`GameResult`)
    Scores, winners, rounds, steps, the per-category breakdown (``state.score_breakdown()``
    when the game has it), optionally the score trajectory (for lead changes) and the
    action log, per-area outcomes (``areas``, from the optional hook
    ``state.result_areas()``: Ovni's recruitment areas and who won each), and ``extras``
    from the optional hook ``state.result_extras()``. The hook
    returns a JSON-ready dict; a value that is a list with one entry per seat (for Ovni:
    each seat's ability cards, missions, planet) becomes a column of
    :meth:`Results.seat_table`, anything else a column of :meth:`Results.table`.

Departures from the issue, and why
    * ``run_many`` keeps no action logs by default (``keep_log=True`` keeps them): a
      4-player Ovni log is ~230 actions, so 10,000 logs cost ~150 MB of strings for
      something rarely read. Any game of a batch can be played again, log included, with
      :meth:`Results.rerun`. :func:`play` keeps the log by default.
    * The score trajectory is opt-in (``record_scores``): scoring a position mid-game costs
      about as much as a few dozen moves.
    * ``GameResult.first_player`` records the seat that made the game's first decision;
      the analyses use it for first-player advantage.

The text table the results print as (:class:`~ovnilab.tables.Table`: ``Results.table()``,
every analysis) is :mod:`ovnilab.tables`, a concern of its own that knows no game; it
was defined here and is still importable from here.
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from .bots import PlayerView
from .core import GameState, derive_seed, load_json, make_rng
from .tables import Table, _fmt, _pandas  # noqa: F401  (_fmt: importable from here as before)

__all__ = ["GameResult", "Results", "Table", "play", "run_many", "bot_seed", "RESULT_EXTRAS"]

RESULTS_FORMAT = 1

#: default ceiling on the decisions of one game (a guard against a game that never ends)
MAX_STEPS = 1_000_000


#: what ``GameResult.extras`` holds for each game of ovnilab: game -> key -> (``"per seat"``
#: or ``"per game"``, meaning). The engines' ``result_extras()`` make the values; this
#: table and :class:`GameResult`'s docstring describe them (a test checks that the keys
#: are exactly the ones each game returns), and ``analysis.metrics(game)`` prints them.
RESULT_EXTRAS: dict[str, dict[str, tuple[str, str]]] = {
    "ovni": {
        "abilities": ("per seat", "its two ability cards"),
        "missions": ("per seat", "the ids of the one or two missions it kept"),
        "mission_families": ("per seat", "the families of its kept missions (sorted, each once)"),
        "planet": ("per seat", "its home planet"),
        "round1_first": ("per game", "the seat that moved first in round 1 (as first_player)"),
    },
    "cows": {
        "cards": ("per seat", "its pyramid's cards named by both faces, in slot order"),
        "held": ("per seat", "every card it has at the end: its pyramid, then its hand"),
        "faces": ("per seat", "the faces showing in its pyramid, in slot order"),
        "turns": ("per game", "turns played (the cow game counts no rounds)"),
        "stalled": ("per game", "the stall rule ended the game before a pyramid was full"),
    },
    "cosmic": {
        "alien": ("per seat", "its alien (None when played without powers)"),
        "home_colonies": ("per seat", "home planets where it has a colony at the end"),
        "ships_in_warp": ("per seat", "its ships in the warp at the end"),
        "cards_in_hand": ("per seat", "cards in its hand at the end"),
        "power_active": ("per seat", "whether its alien power works at the end"),
        "turns": ("per game", "turns played (Cosmic counts no rounds: these are its turns)"),
        "encounters": ("per game", "encounters played"),
        "limit_reached": ("per game", "an ovnilab safety limit (Rules.turn_limit, action_limit_thousands) ended it"),
        "win_reason": ("per game", "why the game ended: five foreign colonies, a power's alternate win..."),
    },
}


def bot_seed(game_seed: int) -> int:
    """The seed of the bots' generators in the game started with ``game_seed``.

    Seat ``k`` draws from ``make_rng(derive_seed(bot_seed(game_seed), k))``.
    """
    return derive_seed(game_seed, 0)


# ======================================================================
# One game
# ======================================================================


@dataclass(frozen=True)
class GameResult:
    """The outcome of one finished game, JSON-friendly (see :meth:`to_dict`).

    ``winners`` share the win (the game's own tie-breaks applied); ``breakdown`` is the
    points per scoring category of each seat (``None`` for a game without categories);
    ``trajectory`` holds the seats' scores at the steps in ``trajectory_steps`` (``None``
    unless recorded); ``log`` the actions as text (``None`` unless kept); ``index`` the
    game's place in its batch.

    ``areas``: per-area outcomes, for a game with areas that someone wins (from the
    optional hook ``state.result_areas()``; ``None`` otherwise). For Ovni, one dict per
    recruitment area of the game, in play order: ``round``, ``area`` (its letter),
    ``card``, ``tokens`` (``[seat, value]`` in placement order) and ``winner`` (the seat
    that recruited its card, ``None`` when nobody did), so a question such as "how many
    areas did nobody win?" needs no replay: ``sum(a["winner"] is None for a in
    g.areas)``. Recording them costs one small tuple per area (a few per round).

    ``extras``: what the game's optional hook ``state.result_extras()`` reports, so a
    batch can be grouped without replaying logs. A value listed *per seat* is a list with
    one entry per seat (a column of :meth:`Results.seat_table`, and what
    ``analysis.win_rate_by`` and ``compare_variants(by=...)`` group seats by); a value
    *per game* is one value (a column of :meth:`Results.table`; a number of it is a
    metric ``lambda g: g.extras[key]``). :data:`RESULT_EXTRAS` holds the same list as
    data and ``analysis.metrics(game)`` prints it. The keys of each game:

    * Ovni, per seat: ``abilities`` (its two ability cards), ``missions`` (the ids of the
      one or two missions it kept), ``mission_families`` (their families, sorted, each
      once), ``planet`` (its home planet); per game: ``round1_first`` (the seat that
      moved first in round 1, as ``first_player``). Ovni counts ``rounds``.
    * Cows, per seat: ``cards`` (its pyramid's cards, named by both faces, in slot
      order), ``faces`` (the faces showing there), ``held`` (every card it has at the
      end: pyramid, then hand); per game: ``turns`` (the game's turns: cows count no
      ``rounds``) and ``stalled`` (the stall rule ended it before a pyramid was full).
    * Cosmic, per seat: ``alien`` (its alien, ``None`` without powers),
      ``home_colonies``, ``ships_in_warp``, ``cards_in_hand`` and ``power_active`` at the
      end; per game: ``turns`` (Cosmic counts no ``rounds``: its turns are these),
      ``encounters``, ``limit_reached`` (an ovnilab safety limit ended the game) and
      ``win_reason`` (why it ended: five foreign colonies, a power's alternate win...).
    """

    game: str
    seed: int
    options: dict[str, Any]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rounds: int | None
    steps: int
    first_player: int | None = None
    breakdown: tuple[dict[str, float], ...] | None = None
    trajectory: tuple[tuple[float, ...], ...] | None = None
    trajectory_steps: tuple[int, ...] | None = None
    log: tuple[str, ...] | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    bot_seed: int | None = None
    index: int | None = None
    areas: tuple[dict[str, Any], ...] | None = None

    @property
    def num_players(self) -> int:
        return len(self.scores)

    def win_share(self, seat: int) -> float:
        """This seat's share of the win: 1 alone, 1/k in a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (tuples become lists)."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for k in ("scores", "winners", "trajectory_steps", "log"):
            if d[k] is not None:
                d[k] = list(d[k])
        if d["areas"] is None:
            del d["areas"]  # a game without areas writes what it wrote before
        else:
            d["areas"] = [dict(a) for a in d["areas"]]
        if d["breakdown"] is not None:
            d["breakdown"] = [dict(b) for b in d["breakdown"]]
        if d["trajectory"] is not None:
            d["trajectory"] = [list(t) for t in d["trajectory"]]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GameResult":
        """Inverse of :meth:`to_dict`."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ValueError(f"GameResult has no field {sorted(unknown)[0]!r}")
        kw = dict(d)
        for k in ("scores", "winners", "trajectory_steps", "log"):
            if kw.get(k) is not None:
                kw[k] = tuple(kw[k])
        if kw.get("breakdown") is not None:
            kw["breakdown"] = tuple(dict(b) for b in kw["breakdown"])
        if kw.get("trajectory") is not None:
            kw["trajectory"] = tuple(tuple(t) for t in kw["trajectory"])
        if kw.get("areas") is not None:
            kw["areas"] = tuple(dict(a) for a in kw["areas"])
        return cls(**kw)

    def to_state(self, *, trusted: bool = True) -> GameState:
        """Replay the kept log: the final position of this game (needs ``log``).

        A result made by :func:`play` / :func:`run_many` in this session is trusted: its
        rule options may name data files by path, as the code that ran it did. For a result
        read from a file someone else sent, pass ``trusted=False`` so its data files must be
        bare names in the game's data folder (the policy of ``load_json``)."""
        if self.log is None:
            raise ValueError("this result kept no action log: run with keep_log=True or use Results.rerun(i)")
        return load_json(json.dumps({"format": 1, "game": self.game, "seed": self.seed,
                                     "options": self.options, "actions": list(self.log)}), trusted=trusted)


def _json_normal(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples -> lists, keys -> str); raises a
    TypeError naming the problem when it is not JSON-ready."""
    return json.loads(json.dumps(value))


def _seat_bots(bots: Any) -> Callable[[int], Any]:
    """seat -> bot, from a list, a dict or a single bot (every seat)."""
    if hasattr(bots, "act"):
        return lambda seat: bots
    if isinstance(bots, Mapping):
        table = dict(bots)
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        table = dict(enumerate(bots))
    else:
        raise TypeError("bots must be a bot, a list of bots (one per seat) or a dict seat -> bot")

    def get(seat: int) -> Any:
        try:
            return table[seat]
        except KeyError:
            raise ValueError(f"no bot for seat {seat} (bots are given for seats {sorted(table)})") from None

    return get


def play(
    state: GameState,
    bots: Any,
    seed: int | None = None,
    record_scores: bool | int = False,
    keep_log: bool = True,
    max_steps: int = MAX_STEPS,
) -> GameResult:
    """Play ``state`` to the end with ``bots`` and return what happened.

    ``bots``: one bot per seat (list or dict seat -> bot), or a single bot for every
    seat. Each decides from a :class:`~ovnilab.bots.PlayerView` only. ``seed`` seeds the
    bots' generators (default :func:`bot_seed` of the state's seed, as in
    :func:`run_many`). ``record_scores``: ``True`` records every seat's score each time
    ``state.round`` advances (every step for a game without rounds), an int ``k`` every
    ``k`` steps; the final scores are always the last entry. The state is played in place.
    """
    seat_bot = _seat_bots(bots)
    if seed is None:
        seed = bot_seed(state.seed)
    acts: dict[int, Any] = {}
    views: dict[int, PlayerView] = {}
    rngs: dict[int, Any] = {}
    first_player = None if state.is_over() else state.current_player
    start_log = len(state.log)
    steps = 0

    every = 0
    by_round = False
    if record_scores is True:
        by_round = hasattr(state, "round")
        every = 0 if by_round else 1
    elif record_scores is not False and record_scores is not None:
        every = int(record_scores)
        if every < 1:
            raise ValueError("record_scores must be True, False or a positive number of steps")
    recording = by_round or every > 0
    traj: list[tuple[float, ...]] = []
    traj_steps: list[int] = []
    last_round = getattr(state, "round", None) if by_round else None

    while not state.is_over():
        seat = state.current_player
        act = acts.get(seat)
        if act is None:
            bot = seat_bot(seat)
            act = acts[seat] = bot.act
            views[seat] = PlayerView(state, seat)
            rngs[seat] = make_rng(derive_seed(seed, seat))
        action = act(views[seat], rngs[seat])
        try:
            state.apply(action)
        except Exception as exc:
            if hasattr(exc, "add_note"):  # Python 3.11+: say which game and bot
                exc.add_note(f"in play(): seat {seat}, bot {seat_bot(seat)!r}, game seed {state.seed}, "
                             f"step {steps}")
            raise
        steps += 1
        if steps >= max_steps and not state.is_over():
            raise RuntimeError(f"game seed {state.seed} did not end within {max_steps} steps")
        if recording:
            if by_round:
                r = state.round  # type: ignore[attr-defined]
                if r != last_round:
                    last_round = r
                    if not state.is_over():
                        traj.append(tuple(state.scores()))
                        traj_steps.append(steps)
            elif steps % every == 0 and not state.is_over():
                traj.append(tuple(state.scores()))
                traj_steps.append(steps)

    scores = tuple(state.scores())
    if recording:
        traj.append(scores)
        traj_steps.append(steps)
    fields = _outcome_fields(state, first_player)
    return GameResult(
        game=state.game_name,
        seed=state.seed,
        options=state.options,
        scores=scores,
        winners=tuple(state.winners()),
        rounds=getattr(state, "round", None),
        steps=steps,
        trajectory=tuple(traj) if recording else None,
        trajectory_steps=tuple(traj_steps) if recording else None,
        log=tuple(str(a) for a in state.log[start_log:]) if keep_log else None,
        bot_seed=seed,
        **fields,
    )


def _outcome_fields(state: Any, first_player: int | None = None) -> dict[str, Any]:
    """The parts of a :class:`GameResult` a finished state tells by itself, through the
    games' optional hooks: ``first_player`` (the hook's, else the seat given: the one that
    made the first decision), ``breakdown``, ``extras`` and ``areas``.
    Shared by :func:`play` and the classroom's results, so a class's games carry the
    same fields as simulated ones."""
    breakdown_fn = getattr(state, "score_breakdown", None)
    # a game may say who "moved first" better than its first decision (Ovni: set-up
    # choices come before the first player of round 1)
    first_fn = getattr(state, "first_mover", None)
    if first_fn is not None and first_fn() is not None:
        first_player = first_fn()
    extras_fn = getattr(state, "result_extras", None)
    areas_fn = getattr(state, "result_areas", None)
    return {
        "first_player": first_player,
        "breakdown": tuple(dict(b) for b in breakdown_fn()) if breakdown_fn is not None else None,
        "extras": _json_normal(extras_fn()) if extras_fn is not None else {},
        "areas": tuple(areas_fn()) if areas_fn is not None else None,
    }


# ======================================================================
# Many games
# ======================================================================


@dataclass(frozen=True)
class _Batch:
    """Everything a worker needs to play games of a batch (pickled once per chunk)."""

    game: Any  # registered name or factory(seed=..., **kw) -> GameState
    bots: Any
    seed: int
    rules: Any
    new_game_kwargs: dict[str, Any]
    record_scores: bool | int
    keep_log: bool
    max_steps: int

    def new_state(self, game_seed: int) -> GameState:
        kw = dict(self.new_game_kwargs)
        if self.rules is not None:
            kw["rules"] = self.rules
        if isinstance(self.game, str):
            from . import make

            return make(self.game, seed=game_seed, **kw)
        return self.game(seed=game_seed, **kw)

    def play_one(self, i: int) -> GameResult:
        game_seed = derive_seed(self.seed, i)
        state = self.new_state(game_seed)
        r = play(state, self.bots, seed=bot_seed(game_seed), record_scores=self.record_scores,
                 keep_log=self.keep_log, max_steps=self.max_steps)
        return dataclasses.replace(r, index=i)


def _run_chunk(batch: _Batch, start: int, stop: int) -> list[GameResult]:
    """Play games ``start..stop-1`` of ``batch`` (the unit of work sent to executors)."""
    out = []
    options = None
    for i in range(start, stop):
        r = batch.play_one(i)
        # one options dict per chunk instead of one per game (they are nearly always equal)
        if r.options == options:
            r = dataclasses.replace(r, options=options)
        else:
            options = r.options
        out.append(r)
    return out


def _progress_bar(total: int, enabled: bool, desc: str | None) -> Any:
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar
        return None
    return tqdm(total=total, desc=desc, unit="game")


def _default_chunk_size(n_games: int, workers: int) -> int:
    # about eight chunks per worker (load balance, a lively progress bar), at most 100
    # games per chunk, and never so small that sending a task costs more than playing it
    return max(1, min(100, math.ceil(n_games / (8 * max(1, workers)))))


def _executor_workers(executor: cf.Executor) -> int:
    """How many tasks ``executor`` runs at once (a guess when it does not say)."""
    n = getattr(executor, "_max_workers", None)  # the standard library's pools
    if n:
        return int(n)
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # pragma: no cover - an unreachable scheduler: keep the guess
            pass
    return os.cpu_count() or 1


def run_many(
    game: str | Callable[..., GameState],
    bots: Any,
    n_games: int,
    seed: int = 0,
    rules: Any = None,
    executor: cf.Executor | None = None,
    processes: int | None = None,
    chunk_size: int | None = None,
    progress: bool = True,
    new_game_kwargs: Mapping[str, Any] | None = None,
    record_scores: bool | int = False,
    keep_log: bool = False,
    max_steps: int = MAX_STEPS,
    desc: str | None = None,
) -> "Results":
    """Play ``n_games`` seeded games and return them as :class:`Results`, in game order.

    ``game`` is a registered name (``"ovni"``) or a picklable factory
    ``f(seed=..., **kwargs) -> GameState``; ``bots`` as in :func:`play` (the number of
    players defaults to the number of bots given). Game ``i`` uses seed
    ``derive_seed(seed, i)``, under ``rules`` when given. ``executor`` is any
    :class:`concurrent.futures.Executor` (a Dask cluster's ``client.get_executor()``
    included); ``processes=N`` makes a local process pool of N workers (0 = one per CPU,
    1 = in-process). Bots and rules must pickle. A ``tqdm`` progress bar advances per chunk
    unless ``progress=False``. ``record_scores`` and ``max_steps`` as in :func:`play`;
    ``keep_log=True`` keeps every game's action log.
    """
    if n_games < 0:
        raise ValueError("n_games must be >= 0")
    if executor is not None and processes is not None:
        raise ValueError("give executor or processes, not both")
    kw = dict(new_game_kwargs or {})
    if "num_players" not in kw and not hasattr(bots, "act"):
        kw["num_players"] = len(bots)
    batch = _Batch(game, bots, seed, rules, kw, record_scores, keep_log, max_steps)

    own_pool = None
    if processes is not None:
        workers = (os.cpu_count() or 1) if processes == 0 else processes
        if workers > 1:
            own_pool = executor = cf.ProcessPoolExecutor(max_workers=workers)
    else:
        workers = _executor_workers(executor) if executor is not None else 1
    if chunk_size is None:
        chunk_size = _default_chunk_size(n_games, workers)
    if chunk_size < 1:
        raise ValueError("chunk_size must be >= 1")
    chunks = [(a, min(a + chunk_size, n_games)) for a in range(0, n_games, chunk_size)]

    bar = _progress_bar(n_games, progress, desc)
    done: dict[int, list[GameResult]] = {}
    try:
        if executor is None:
            for a, b in chunks:
                done[a] = _run_chunk(batch, a, b)
                if bar is not None:
                    bar.update(b - a)
        else:
            futures = {executor.submit(_run_chunk, batch, a, b): (a, b) for a, b in chunks}
            try:
                for fut in cf.as_completed(futures):
                    a, b = futures[fut]
                    done[a] = fut.result()
                    if bar is not None:
                        bar.update(b - a)
            except BaseException:
                for fut in futures:
                    fut.cancel()
                raise
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)
    games = [r for a, _ in chunks for r in done[a]]
    meta = {
        "game": game if isinstance(game, str) else getattr(game, "__qualname__", repr(game)),
        "seed": seed,
        "n_games": n_games,
        "bots": _bots_repr(bots, kw.get("num_players")),
        "rules": _rules_repr(rules),
        "new_game_kwargs": _try_json(kw),
    }
    return Results(games, meta, batch)


def _bots_repr(bots: Any, n: int | None) -> list[str]:
    if hasattr(bots, "act"):
        return [repr(bots)] * (n or 1)
    if isinstance(bots, Mapping):
        return [f"{k}: {v!r}" for k, v in sorted(bots.items())]
    return [repr(b) for b in bots]


def _rules_repr(rules: Any) -> Any:
    if rules is None:
        return None
    if dataclasses.is_dataclass(rules):
        return _try_json({f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)})
    return repr(rules)


def _try_json(value: Any) -> Any:
    try:
        return _json_normal(value)
    except (TypeError, ValueError):
        return repr(value)


# ======================================================================
# Results
# ======================================================================


class Results(Sequence):
    """The games of a batch, in game order, with analysis-ready tables.

    Indexing gives a :class:`GameResult` (a slice gives Results). ``meta`` describes the
    batch (game, seed, bots, rules).
    """

    def __init__(self, games: Iterable[GameResult], meta: Mapping[str, Any] | None = None,
                 batch: _Batch | None = None) -> None:
        self.games: list[GameResult] = list(games)
        self.meta: dict[str, Any] = dict(meta or {})
        self._batch = batch

    @overload
    def __getitem__(self, i: int) -> GameResult: ...
    @overload
    def __getitem__(self, i: slice) -> "Results": ...

    def __getitem__(self, i: int | slice) -> GameResult | "Results":
        if isinstance(i, slice):
            return Results(self.games[i], self.meta, self._batch)
        return self.games[i]

    def __len__(self) -> int:
        return len(self.games)

    def __iter__(self) -> Iterator[GameResult]:
        return iter(self.games)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Results):
            return NotImplemented
        return self.games == other.games

    def __repr__(self) -> str:
        m = self.meta
        game = m.get("game", self.games[0].game if self.games else "?")
        return f"<Results: {len(self)} games of {game}, seed {m.get('seed', '?')}>"

    # ---------------------------------------------------------------- tables
    def table(self) -> Table:
        """One row per game: index, seed, rounds, steps, winners, each seat's score,
        and the game-level extras."""
        rows = []
        for k, g in enumerate(self.games):
            row: dict[str, Any] = {
                "game": g.index if g.index is not None else k,
                "seed": g.seed,
                "rounds": g.rounds,
                "steps": g.steps,
                "winners": list(g.winners),
            }
            for s, sc in enumerate(g.scores):
                row[f"score_{s}"] = sc
            n = g.num_players
            for key, value in g.extras.items():
                if not (isinstance(value, list) and len(value) == n):
                    row[key if key not in row else f"x_{key}"] = value
            rows.append(row)
        return Table(rows, title=f"{len(rows)} games")

    def seat_table(self) -> Table:
        """One row per (game, seat): score, win share, rank (1 = best score, ties share),
        whether the seat acted first, points per category (``pts_<category>``) and the
        per-seat extras."""
        rows = []
        for k, g in enumerate(self.games):
            n = g.num_players
            per_seat = {key: v for key, v in g.extras.items() if isinstance(v, list) and len(v) == n}
            for s in range(n):
                sc = g.scores[s]
                row: dict[str, Any] = {
                    "game": g.index if g.index is not None else k,
                    "seed": g.seed,
                    "seat": s,
                    "score": sc,
                    "win": g.win_share(s),
                    "rank": 1 + sum(1 for o in g.scores if o > sc),
                    "first": g.first_player == s,
                }
                if g.breakdown is not None:
                    for cat, pts in g.breakdown[s].items():
                        row[f"pts_{cat}"] = pts
                for key, values in per_seat.items():
                    row[key if key not in row else f"x_{key}"] = values[s]
                rows.append(row)
        return Table(rows, title=f"{len(rows)} seat-games")

    def to_pandas(self, per_seat: bool = True) -> Any:
        """The batch as a pandas DataFrame (needs pandas): one row per game and seat.

        Why per seat: most questions group seats (by seat, alien, mission, score), and a
        long table is what pandas' ``groupby`` wants. Each row holds the columns of
        :meth:`seat_table` followed by its game's ``rounds``, ``steps`` and per-game
        extras (a per-game extra named like a seat column gets the prefix ``game_``), so
        ``df.groupby("seat")["win"].mean()`` and ``df.groupby("turns")`` both work on
        one frame. ``per_seat=False``: one row per game, :meth:`table`'s columns.
        """
        pd = _pandas("Results.to_pandas")
        if not per_seat:
            return self.table().to_pandas()
        seats = self.seat_table()
        rows = []
        game_columns: dict[str, None] = {}
        k = 0  # seat_table lists every game's seats in game order
        for g in self.games:
            n = g.num_players
            per_game: dict[str, Any] = {"rounds": g.rounds, "steps": g.steps}
            for key, value in g.extras.items():
                if not (isinstance(value, list) and len(value) == n):
                    per_game[key] = value
            for s in range(n):
                row = dict(seats[k])
                k += 1
                for key, value in per_game.items():
                    name = key if key not in row else f"game_{key}"
                    row[name] = value
                    game_columns.setdefault(name, None)
                rows.append(row)
        return pd.DataFrame(rows, columns=list(dict.fromkeys([*seats.columns, *game_columns])))

    def win_rates(self, confidence: float = 0.95) -> Table:
        """Each seat's share of the wins (a shared win split evenly), with Wilson
        confidence intervals; see :func:`ovnilab.analysis.win_rates`."""
        from .analysis import win_rates

        return win_rates(self, confidence=confidence)

    # ------------------------------------------------------------ re-running
    def rerun(self, i: int, keep_log: bool = True, record_scores: bool | int = False) -> GameResult:
        """Play game ``i`` of the batch again (identically), e.g. to get its log.

        Needs the bots, so only for Results made by :func:`run_many` in this session.
        """
        if self._batch is None:
            raise ValueError("these Results were loaded, not run: the bots are unknown")
        index = self.games[i].index if self.games[i].index is not None else i
        batch = dataclasses.replace(self._batch, keep_log=keep_log, record_scores=record_scores)
        return batch.play_one(index)

    # ------------------------------------------------------------------ JSON
    def to_json(self, indent: int | None = None) -> str:
        """The batch as JSON: ``meta`` and every game (bots only by name)."""
        return json.dumps({"format": RESULTS_FORMAT, "kind": "ovnilab.results", "meta": self.meta,
                           "games": [g.to_dict() for g in self.games]}, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Results":
        """Inverse of :meth:`to_json`."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("kind") != "ovnilab.results":
            raise ValueError("not ovnilab results JSON (field 'kind')")
        if data.get("format") != RESULTS_FORMAT:
            raise ValueError(f"field 'format': unknown version {data.get('format')!r}")
        games = []
        for i, d in enumerate(data.get("games", [])):
            try:
                games.append(GameResult.from_dict(d))
            except (TypeError, ValueError) as exc:
                raise ValueError(f"games[{i}]: {exc}") from exc
        return cls(games, data.get("meta", {}))
