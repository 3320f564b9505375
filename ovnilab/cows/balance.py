"""Measure the cow game's card balance by simulation: the numbers of the design note in
``data/cows/cards.toml``, from one command.

    python -m ovnilab.cows.balance                 # 1,000 games per Celeiro face (2,000)
    python -m ovnilab.cows.balance --games 300 --cards-file my_cards.toml --processes 2

Two greedy bots (:class:`ovnilab.cows.bots.GreedyBot`) play ``games_per_face`` seeded
games with each face of the Celeiro card (1 and 2 discard areas; ``sim.run_many`` with
``seed``, the same deals for every card set). The report gives:

* the **first player's win share** (a shared win counts half) per face and overall: the
  rulebook's extra turn for the second player is meant to bring it near one half;
* the **win rate of each card's holder**: a card counts for the player whose final
  pyramid holds it, either side up (``State.result_extras()["cards"]``), with a Wilson
  interval; the design note quotes the lowest and highest of these;
* the mean final score and the mean winning margin.

The cows notebooks run the same measurement (smaller, so they execute quickly).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from typing import Any, Sequence

from .. import analysis, sim
from ..analysis import Estimate
from ..sim import Results, Table
from .bots import GreedyBot
from .rules import Rules

__all__ = ["CardBalance", "measure", "main"]

#: the design note's measurement: games per Celeiro face and the batch seed
GAMES_PER_FACE = 1000
SEED = 10_000


@dataclass(frozen=True)
class CardBalance:
    """One balance measurement: the games (both Celeiro faces) and what they say."""

    results: Results
    first_player: dict[str, Estimate]  # "1 area", "2 areas", "all"
    by_card: Table  # win rate of each card's holder, best first
    players: str = "GreedyBot vs GreedyBot"

    @property
    def spread(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The rows of the card with the lowest and the highest holder win rate."""
        rows = sorted(self.by_card, key=lambda r: (r["rate"], r["cards"]))
        return rows[0], rows[-1]

    def mean_score(self) -> float:
        return statistics.fmean(s for g in self.results for s in g.scores)

    def mean_margin(self) -> float:
        return statistics.fmean(abs(g.scores[0] - g.scores[1]) for g in self.results)

    def report(self) -> str:
        """The measurement as text, in the terms of the design note."""
        n = len(self.results)
        lo, hi = self.spread
        lines = [f"{self.players}, {n} games ({n // 2} per Celeiro face)"]
        for k, est in self.first_player.items():
            lines.append(f"  first player's win share, {k:<7}: {est.value:.1%} [{est.lo:.1%}, {est.hi:.1%}]")
        lines.append(f"  card holders win {lo['rate']:.1%} ({lo['cards']}) to {hi['rate']:.1%} ({hi['cards']})")
        lines.append(f"  mean final score {self.mean_score():.1f}, mean margin {self.mean_margin():.1f}")
        table = Table(self.by_card, columns=self.by_card.columns, title=self.by_card.title, max_rows=0)
        return "\n".join(lines) + "\n\n" + table.format()


def measure(games_per_face: int = GAMES_PER_FACE, seed: int = SEED, rules: Rules | None = None,
            processes: int | None = None, bots: Sequence[Any] | None = None) -> CardBalance:
    """Play the balance batch (see the module docstring) and measure it. ``rules`` picks
    another card set (``Rules(cards_file=...)``) or rule options; ``processes=2`` uses two
    cores (same numbers)."""
    if games_per_face < 1:
        raise ValueError("games_per_face must be at least 1")
    players = list(bots) if bots is not None else [GreedyBot(), GreedyBot()]
    runs = {areas: sim.run_many("cows", players, games_per_face, seed=seed, rules=rules, progress=False,
                                processes=processes, new_game_kwargs={"discard_areas": areas})
            for areas in (1, 2)}
    both = Results([g for res in runs.values() for g in res])
    first = {"1 area": analysis.first_player_advantage(runs[1]),
             "2 areas": analysis.first_player_advantage(runs[2]),
             "all": analysis.first_player_advantage(both)}
    by_card = analysis.win_rate_by(both, "cards")
    return CardBalance(both, first, by_card, " vs ".join(type(b).__name__ for b in players))


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: print :meth:`CardBalance.report`."""
    ap = argparse.ArgumentParser(prog="python -m ovnilab.cows.balance", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES_PER_FACE, help="games per Celeiro face")
    ap.add_argument("--seed", type=int, default=SEED, help="the batch seed (sim.run_many)")
    ap.add_argument("--cards-file", default=None, help="another card set (Rules.cards_file)")
    ap.add_argument("--processes", type=int, default=None, help="worker processes (default: in-process)")
    args = ap.parse_args(argv)
    try:
        rules = Rules(cards_file=args.cards_file)
        result = measure(args.games, args.seed, rules, args.processes)
    except ValueError as exc:
        ap.error(str(exc))
    print(result.report())
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
