"""Engine throughput: one table of steps/s, games/s, legal_actions/s and clone/s.

Run with ``make bench`` (installs open_spiel for the reference column when it can) or
``.venv/bin/python benchmarks/run.py [--seconds S]``. The reference is OpenSpiel's
Python tic-tac-toe under random play, measured in the same run on the same machine.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--games", nargs="*", default=list(CONFIGS), help="games to measure")
    args = ap.parse_args()
    ref = openspiel_reference(args.seconds)
    rows = []
    for game in args.games:
        for label, kw in CONFIGS[game]:
            sps, gps = random_play(game, kw, args.seconds)
            pos = sample_positions(game, kw)
            lps = per_second(_fresh_legal, pos, args.seconds / 2)
            cps = per_second(lambda s: s.clone(), pos, args.seconds / 2)
            rows.append((label, sps, gps, lps, cps))
    print(f"{'game':<12}{'steps/s':>12}{'games/s':>10}{'legal/s':>12}{'clone/s':>12}{'x OpenSpiel':>13}")
    for label, sps, gps, lps, cps in rows:
        ratio = f"{sps / ref:.2f}" if ref else "n/a"
        print(f"{label:<12}{sps:>12,.0f}{gps:>10,.1f}{lps:>12,.0f}{cps:>12,.0f}{ratio:>13}")
    if ref:
        print(f"{'OpenSpiel python_tic_tac_toe (random play)':<44}{ref:>12,.0f} steps/s")
    else:
        print("OpenSpiel not installed: `pip install open-spiel` for the reference column")


if __name__ == "__main__":
    main()
