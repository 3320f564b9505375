"""Engine throughput: one table of steps/s, games/s, legal_actions/s and clone/s.

Run with ``make bench`` (installs open_spiel for the reference column when it can) or
``.venv/bin/python benchmarks/run.py [--seconds S]``. The reference is OpenSpiel's
Python tic-tac-toe under random play, measured in the same run on the same machine.
A second table gives random play through the OpenSpiel, PettingZoo and Gymnasium adapters
(``ovnilab.openspiel``, ``ovnilab.pettingzoo``, ``ovnilab.gym``), each step reading the
observation tensor and the legal ids an agent reads, next to the raw engine, as a ratio:
the adapters' overhead, with whole games/s; Cosmic has a row per action encoding
(spelled, and ``encoding="actions"``) (``--adapters`` prints just that table). A third table gives
what a board or a class page calls on every move typed or clicked: ``parse_action``,
state equality, ``undo`` late in a game and random play through action texts
(``--api-only`` prints just that table).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ovnilab  # noqa: E402

# game -> list of (label, new_game keyword arguments)
CONFIGS = {
    "ovni": [("ovni 2p", {"num_players": 2}), ("ovni 3p", {"num_players": 3}), ("ovni 4p", {"num_players": 4})],
    "cows": [("cows 1 area", {"discard_areas": 1}), ("cows 2 areas", {"discard_areas": 2})],
    "cosmic": [("cosmic 3p", {"num_players": 3}), ("cosmic 4p", {"num_players": 4}), ("cosmic 5p", {"num_players": 5})],
}


def random_play(game: str, kw: dict, seconds: float) -> tuple[float, float]:
    steps = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = ovnilab.make(game, seed=seed, **kw)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
        games += 1
        seed += 1
    dt = time.perf_counter() - start
    return steps / dt, games / dt


def sample_positions(game: str, kw: dict, k: int = 200) -> list:
    out = []
    rng = random.Random(99)
    s = ovnilab.make(game, seed=99, **kw)
    while len(out) < k:
        if s.is_over():
            s = ovnilab.make(game, seed=rng.randrange(10**6), **kw)
        out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


def per_second(fn, items, seconds: float) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for x in items:
            fn(x)
        n += len(items)
    return n / (time.perf_counter() - start)


def _fresh_legal(s):
    s._legal_cache = None
    return s.legal_actions()


def mcts_rate(game: str, kw: dict, seconds: float) -> float | None:
    """MCTS iterations per second of the game's MCTSBot on sampled positions."""
    import importlib

    try:
        bots = importlib.import_module(ovnilab.GAMES[game] + ".bots")
    except ImportError:
        return None
    from ovnilab.bots import PlayerView

    bot = bots.MCTSBot(iterations=50)
    rng = random.Random(5)
    done = 0
    start = time.perf_counter()
    for s in sample_positions(game, kw, 40):
        if s.is_over() or len(s.legal_actions()) < 2:
            continue
        try:
            bot.act(PlayerView(s, s.current_player), rng)
        except NotImplementedError:  # no determinization yet
            return None
        done += bot.last_iterations
        if time.perf_counter() - start > seconds:
            break
    return done / (time.perf_counter() - start)


def scale_run(n_games: int, processes: int) -> float:
    """Seconds for n_games random 4-player Ovni games through sim.run_many."""
    from ovnilab.bots import RandomBot
    from ovnilab.sim import run_many

    start = time.perf_counter()
    run_many("ovni", [RandomBot()] * 4, n_games, seed=0, processes=processes, progress=False,
             new_game_kwargs={"num_players": 4})
    return time.perf_counter() - start


def openspiel_reference(seconds: float) -> float | None:
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  registers the game
    except Exception:  # pragma: no cover - optional
        return None
    g = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


# ---------------------------------------------------------------------- adapters (issue 24)
#: the adapters' rows: label -> (game, OpenSpiel game, its parameters, new_game kwargs, the
#: adapters' action encoding (None: the game's default; Cosmic's "actions", issue 32))
ADAPTERS = {"cows": ("cows", "python_ovnilab_cows", {}, {}, None),
            "ovni": ("ovni", "python_ovnilab_ovni", {"players": 4}, {"num_players": 4}, None),
            "cosmic": ("cosmic", "python_ovnilab_cosmic", {"players": 4}, {"num_players": 4}, None),
            "cosmic actions": ("cosmic", "python_ovnilab_cosmic", {"players": 4, "encoding": "actions"},
                               {"num_players": 4}, "actions")}


def _timed(play_one, seconds: float) -> float:
    """Steps per second of ``play_one(seed) -> steps`` over whole games."""
    return _timed_games(play_one, seconds)[0]


def _timed_games(play_one, seconds: float) -> tuple[float, float]:
    """Steps and whole games per second of ``play_one(seed) -> steps``."""
    steps = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play_one(seed)
        seed += 1
    dt = time.perf_counter() - start
    return steps / dt, seed / dt


def adapter_rates(label: str, seconds: float) -> dict[str, tuple[float, float] | None]:
    """Random-play steps/s of the raw engine and through each adapter, each step reading
    what an agent reads: the engine (legal actions, a random choice, apply); OpenSpiel
    through pyspiel's state API (``legal_actions``, ``observation_tensor`` of the seat to
    act, ``apply_action``); PettingZoo's AEC loop (``last()``: the observation tensor and
    action mask, then ``step``); the Gymnasium env (``step`` with a random id of
    ``info["action_mask"]``, one seat against random bots, whose actions count as steps).
    Steps are engine actions for the engine, adapter decisions for OpenSpiel and
    PettingZoo (a Cosmic action is spelled in one or more decisions, or, with the
    "actions" encoding, one), and the agent's decisions plus the bots' actions for the
    Gymnasium env. Each rate is (steps/s, games/s): random choices among ids are not
    random choices among actions, so spelled and whole-action games differ in length and
    games/s is what compares the encodings. None where the adapter's library is not
    importable."""
    game, name, params, kw, encoding = ADAPTERS[label]

    def raw(seed: int) -> int:
        s = ovnilab.make(game, seed=seed, **kw)
        rng = random.Random(seed)
        n = 0
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            n += 1
        return n

    def spiel(seed: int) -> int:
        st = g.new_initial_state()
        rng = random.Random(seed)
        n = 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes, probs = zip(*st.chance_outcomes())
                st.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = st.legal_actions()
                st.observation_tensor(st.current_player())
                st.apply_action(rng.choice(legal))
                n += 1
        return n

    def zoo(seed: int) -> int:
        e.reset(seed=seed)
        rng = random.Random(seed)
        n = 0
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            n += 1
        return n

    def gym_env(seed: int) -> int:
        _obs, info = ge.reset(seed=seed)
        rng = random.Random(seed)
        done = False
        n = 0
        while not done:
            _obs, _r, done, _t, info = ge.step(rng.choice(info["action_mask"].nonzero()[0].tolist()))
            n += 1
        return n + sum(1 for seat in ge.state.actors if seat != ge.seat)

    out: dict[str, tuple[float, float] | None] = {"engine": _timed_games(raw, seconds)}
    try:
        import importlib

        import pyspiel

        importlib.import_module("ovnilab.openspiel")  # registers the games
        g = pyspiel.load_game(name, params)
        out["OpenSpiel"] = _timed_games(spiel, seconds)
    except ImportError:
        out["OpenSpiel"] = None
    try:
        from ovnilab.pettingzoo import env

        e = env(game, encoding=encoding, **kw)
        out["PettingZoo"] = _timed_games(zoo, seconds)
    except ImportError:
        out["PettingZoo"] = None
    try:
        from ovnilab.gym import OvnilabEnv

        ge = OvnilabEnv(game, opponents="random", encoding=encoding, **kw)
        out["Gymnasium"] = _timed_games(gym_env, seconds)
    except ImportError:
        out["Gymnasium"] = None
    return out


def print_adapters(games: list[str], seconds: float) -> None:
    """The adapters' table: steps/s of the engine alone and through each adapter, with
    the ratio to the engine (the adapters' overhead), and whole games/s (one row per
    entry of :data:`ADAPTERS` whose game is in ``games``)."""
    cols = ("OpenSpiel", "PettingZoo", "Gymnasium")
    print(f"{'adapter':<15}{'engine':>10}{'games/s':>8}" + "".join(f"{c:>12}{'ratio':>7}{'games/s':>8}" for c in cols)
          + "  (steps/s)")
    for label, row in ADAPTERS.items():
        if row[0] not in games:
            continue
        rates = adapter_rates(label, seconds)
        raw, raw_games = rates["engine"]
        line = f"{label:<15}{raw:>10,.0f}{raw_games:>8.2f}"
        for c in cols:
            rate = rates[c]
            line += (f"{rate[0]:>12,.0f}{rate[0] / raw:>7.2f}{rate[1]:>8.2f}" if rate
                     else f"{'n/a':>12}{'':>7}{'':>8}")
        print(line, flush=True)


# ------------------------------------------------------------ the text interface (issue 36)
def late_position(game: str, kw: dict, seed: int = 3) -> "ovnilab.GameState":
    """The last position before the end of a seeded random game (a long log to undo)."""
    s = ovnilab.make(game, seed=seed, **kw)
    rng = random.Random(seed)
    while True:
        a = rng.choice(s.legal_actions())
        t = s.clone()
        t.apply(a)
        if t.is_over():
            return s
        s = t


def api_rates(game: str, kw: dict, seconds: float) -> dict[str, float]:
    """Calls per second of what a board or a class page calls on every typed or clicked
    move, over the positions of random games: ``parse_action`` of a legal text and of an
    unreadable one, ``state == clone``, ``undo`` late in a game (first, then the next
    ones), random play through the text interface (``apply(str(action))``) and the
    board's SVG drawing (``render.to_svg``) of each position."""
    pos = sample_positions(game, kw)
    texts = [(s, str(random.Random(i).choice(s.legal_actions()))) for i, s in enumerate(pos) if not s.is_over()]
    out: dict[str, float] = {}
    out["parse legal/s"] = per_second(lambda st: st[0].parse_action(st[1]), texts, seconds / 2)

    def refused(st) -> None:
        try:
            st[0].parse_action("this is not an action")
        except ovnilab.IllegalAction:
            pass

    out["parse refused/s"] = per_second(refused, texts, seconds / 2)
    pairs = [(s, s.clone()) for s in pos]
    out["equal/s"] = per_second(lambda p: p[0] == p[1], pairs, seconds / 2)
    late = late_position(game, kw)
    start = time.perf_counter()
    late.clone().undo()
    out["first undo/s"] = 1 / (time.perf_counter() - start)
    s = late.clone()
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2 and len(s.log) > 1:
        s.undo()
        n += 1
    out["next undo/s"] = n / (time.perf_counter() - start)

    def by_text(seed: int) -> int:
        st = ovnilab.make(game, seed=seed, **kw)
        rng = random.Random(seed)
        k = 0
        while not st.is_over():
            st.apply(str(rng.choice(st.legal_actions())))
            k += 1
        return k

    out["text steps/s"] = _timed(by_text, seconds)
    # the board's drawing, redrawn after every move on a board, a class page and the
    # projector (the render tests check that every state draws, not how fast)
    draw = importlib.import_module(ovnilab.GAMES[game] + ".render").to_svg
    out["drawings/s"] = per_second(draw, pos, seconds / 2)
    return out


def print_api(games: list[str], seconds: float) -> None:
    """The text interface's table (calls per second)."""
    cols = ["parse legal/s", "parse refused/s", "equal/s", "first undo/s", "next undo/s", "text steps/s",
            "drawings/s"]
    print(f"{'text interface':<14}" + "".join(f"{c:>17}" for c in cols))
    for game in games:
        for label, kw in CONFIGS[game]:
            rates = api_rates(game, kw, seconds)
            print(f"{label:<14}" + "".join(f"{rates[c]:>17,.0f}" if rates[c] >= 10 else f"{rates[c]:>17,.2f}"
                                           for c in cols))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--games", nargs="*", default=list(CONFIGS), help="games to measure")
    ap.add_argument("--scale", type=int, default=10_000,
                    help="random 4-player Ovni games for the run_many row (0 skips it)")
    ap.add_argument("--processes", type=int, default=2, help="worker processes for the run_many row")
    ap.add_argument("--adapters", "--adapters-only", dest="adapters_only", action="store_true",
                    help="only the adapters' table: steps/s of the engine, OpenSpiel, PettingZoo, Gymnasium")
    ap.add_argument("--api-only", action="store_true",
                    help="only the text interface's table (parse_action, equality, undo, text steps)")
    args = ap.parse_args()
    if args.adapters_only:
        print_adapters(args.games, args.seconds)
        return
    if args.api_only:
        print_api(args.games, args.seconds)
        return
    ref = openspiel_reference(args.seconds)
    rows = []
    for game in args.games:
        for label, kw in CONFIGS[game]:
            sps, gps = random_play(game, kw, args.seconds)
            pos = sample_positions(game, kw)
            lps = per_second(_fresh_legal, pos, args.seconds / 2)
            cps = per_second(lambda s: s.clone(), pos, args.seconds / 2)
            mps = mcts_rate(game, kw, args.seconds)
            rows.append((label, sps, gps, lps, cps, mps))
    print(f"{'game':<14}{'steps/s':>10}{'games/s':>9}{'legal/s':>10}{'clone/s':>10}{'MCTS it/s':>11}{'x OpenSpiel':>13}")
    for label, sps, gps, lps, cps, mps in rows:
        ratio = f"{sps / ref:.2f}" if ref else "n/a"
        mcts = f"{mps:,.0f}" if mps else "n/a"
        print(f"{label:<14}{sps:>10,.0f}{gps:>9,.1f}{lps:>10,.0f}{cps:>10,.0f}{mcts:>11}{ratio:>13}")
    if ref:
        print(f"{'OpenSpiel python_tic_tac_toe (random play)':<44}{ref:>12,.0f} steps/s")
    else:
        print("OpenSpiel not installed: `pip install open-spiel` for the reference column")
    print_adapters(args.games, args.seconds)
    print_api(args.games, args.seconds)
    if args.scale:
        secs = scale_run(args.scale, args.processes)
        print(f"run_many: {args.scale:,} random 4-player Ovni games with processes={args.processes}: "
              f"{secs:.1f} s ({args.scale / secs:,.0f} games/s)")


if __name__ == "__main__":
    main()
