"""The largest number of legal actions at one Cosmic Encounter position, over random games:
the measurement behind ``MAX_COSMIC_ACTIONS`` of :mod:`ovnilab.encoding` (the
adapters' ``encoding="actions"``, issue 32).

Usage: ``.venv/bin/python benchmarks/cosmic_action_counts.py [--games 300] [--players 3 4 5]``.
For each player count it plays ``--games`` random games (seeds 0, 1, ...; every seat
choosing uniformly among the legal actions) and prints the largest count seen, the seed
and the kind of decision where it was seen (a deal's proposals are by far the largest
lists: their number grows with both main players' hand sizes and the colonies each may
grant), how many positions had more than 1,024, 2,048, ... 32,768 (the tail, to
judge the margin) and the kinds of decision above 4,096. ``--bots greedy`` seats
ovnilab's greedy bot instead (it deals differently from random play).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ovnilab import cosmic  # noqa: E402
from ovnilab.encoding import MAX_COSMIC_ACTIONS  # noqa: E402


THRESHOLDS = (1024, 2048, 4096, 8192, 16384, 32768)


def measure(players: int, games: int, first_seed: int = 0, bots: str = "random") -> dict:
    """The largest legal-action count over ``games`` games of ``players`` seats, the
    positions over each of :data:`THRESHOLDS` and the kinds of decision over 4,096."""
    from ovnilab.bots import PlayerView, default_bots

    best = (0, None, None)
    over = dict.fromkeys(THRESHOLDS, 0)
    positions = 0
    kinds: Counter[str] = Counter()
    bot = default_bots("cosmic")[bots]() if bots != "random" else None
    for seed in range(first_seed, first_seed + games):
        s = cosmic.new_game(num_players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            n = len(legal)
            positions += 1
            for t in THRESHOLDS:
                over[t] += n > t
            if n > 4096:
                kinds[legal[-1].kind] += 1
            if n > best[0]:
                best = (n, seed, len(s.log))
            if bot is None:
                s.apply(rng.choice(legal))
            else:
                a = bot.act(PlayerView(s, s.current_player), rng)
                s.apply(s.parse_action(a) if isinstance(a, str) else a)
    return {"players": players, "games": games, "positions": positions, "max": best[0], "seed": best[1],
            "at_action": best[2], "over": over, "kinds": dict(kinds)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300, help="random games per player count")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--bots", default="random", help="'random' (uniform choices) or a Cosmic bot name (greedy)")
    args = ap.parse_args()
    print(f"MAX_COSMIC_ACTIONS = {MAX_COSMIC_ACTIONS}; {args.bots} play")
    for n in args.players:
        start = time.perf_counter()
        r = measure(n, args.games, args.first_seed, args.bots)
        tail = ", ".join(f"> {t:,}: {k}" for t, k in r["over"].items())
        print(f"{n} players: {r['games']} games, {r['positions']:,} positions, largest {r['max']:,} legal actions "
              f"(seed {r['seed']}, after {r['at_action']} actions); positions {tail}; over 4,096: {r['kinds']} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
