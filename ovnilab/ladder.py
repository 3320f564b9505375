"""Bot ladders: which of two bots is stronger, by paired seeds and an exact sign test.

The explore notebook *Bots* ranks each game's bots with these functions, and its
replication test (``tests/test_replication_bots.py``) re-runs them on fresh seeds, so the
notebook's verdicts and their check share one implementation.

Design (the notebook explains it for a reader):

* **Paired seeds.** A two-player pair A, B plays each seed twice, seats swapped, the same
  deal both times (:func:`paired_match`); A's score on a seed is its share of the two wins.
  A seed is won by A above 1/2, by B below, tied at exactly 1/2 (each won one game): a tied
  seed says something about the seats or the deal, nothing about the bots.
* **Sign test.** Under "equally strong", each decided seed is a fair coin; the evidence is
  A's share of the decided seeds with its Wilson interval and the exact two-sided binomial
  p-value (:func:`exact_sign_pvalue`: with a handful of seeds the normal approximation is
  too generous).
* **A ladder is several tests.** :func:`verdicts` adjusts the p-values of one ladder with
  Holm's procedure and calls a bot stronger only when the adjusted p-value is at most the
  level **and** the interval excludes 1/2.

:func:`ovnilab.analysis.ladder` is the quick pooled version (each bot's share of all the
games, one interval per pair); this module is the paired test the notebook's verdicts use.

Games of three or more players (Cosmic) cannot seat two bots alone: :func:`rotation` sits
all the bots at one table and plays each seed once per rotation of the seats, and a pair
is compared by which bot took more of the seed's games.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from . import analysis, sim

__all__ = ["exact_sign_pvalue", "sign_test", "paired_match", "rotation", "verdicts"]


def exact_sign_pvalue(a_won: int, b_won: int) -> float:
    """Two-sided exact sign test: ``2 P(X >= max(a_won, b_won))``, X ~ Bin(a_won + b_won, 1/2)
    (capped at 1; 1 when nothing was decided)."""
    if a_won < 0 or b_won < 0:
        raise ValueError(f"seed counts must be >= 0, got {a_won} and {b_won}")
    from scipy.stats import binomtest  # the exact binomial test (imported when first needed)

    n, k = a_won + b_won, max(a_won, b_won)
    if n == 0:
        return 1.0
    # with p = 1/2 the two tails are mirror images: binomtest's two-sided p-value is twice
    # the upper tail P(X >= k), capped at 1
    return float(binomtest(k, n, 0.5).pvalue)


def sign_test(name_a: str, name_b: str, a_won: int, b_won: int, tied: int,
              extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """One row of a ladder: A's share of the decided seeds, its 95% Wilson interval and the
    exact p-value; ``extra`` adds columns for reading."""
    if tied < 0:
        raise ValueError(f"tied seeds must be >= 0, got {tied}")
    decided = a_won + b_won
    lo, hi = analysis.wilson_interval(a_won, decided) if decided else (0.0, 1.0)
    row = {"pair": f"{name_a} vs {name_b}", "seeds": decided + tied, "A won": a_won, "B won": b_won,
           "tied": tied, "A share of decided": a_won / decided if decided else math.nan,
           "lo": lo, "hi": hi, "p": exact_sign_pvalue(a_won, b_won)}
    row.update(extra or {})
    return row


def paired_match(game: str, name_a: str, bot_a: Any, name_b: str, bot_b: Any, seeds: int, seed: int,
                 **run_kwargs: Any) -> dict[str, Any]:
    """Play ``seeds`` seeds twice, A in seat 0 then in seat 1 (same deals), and compare per
    seed with :func:`sign_test`. ``run_kwargs`` go to :func:`ovnilab.sim.run_many`
    (``executor``, ``new_game_kwargs``, ``rules``...)."""
    if seeds < 1:
        raise ValueError(f"a match needs at least one seed, got {seeds}")
    run_kwargs.setdefault("progress", False)
    first = sim.run_many(game, [bot_a, bot_b], seeds, seed=seed, **run_kwargs)
    swapped = sim.run_many(game, [bot_b, bot_a], seeds, seed=seed, **run_kwargs)
    per_seed = [(g1.win_share(0) + g2.win_share(1)) / 2 for g1, g2 in zip(first, swapped)]
    a_won = sum(s > 0.5 for s in per_seed)
    b_won = sum(s < 0.5 for s in per_seed)
    return sign_test(name_a, name_b, a_won, b_won, seeds - a_won - b_won,
                     {"A share of all games": sum(per_seed) / seeds})


def rotation(game: str, players: dict[str, Any], seeds: int, seed: int,
             **run_kwargs: Any) -> tuple[dict[str, list[float]], list[dict[str, Any]]]:
    """All ``players`` (name -> bot) at one table, each seed played once per rotation of the
    seats (the same deal every time). Returns each bot's per-seed win totals (a share of
    the seed's games, between 0 and the number of bots) and one :func:`sign_test` row per
    pair, in the order the players are given."""
    if seeds < 1:
        raise ValueError(f"a rotation needs at least one seed, got {seeds}")
    run_kwargs.setdefault("progress", False)
    names = list(players)
    totals = {name: [0.0] * seeds for name in names}
    for r in range(len(names)):
        order = names[r:] + names[:r]
        games = sim.run_many(game, [players[nm] for nm in order], seeds, seed=seed, **run_kwargs)
        for i, g in enumerate(games):
            for seat, nm in enumerate(order):
                totals[nm][i] += g.win_share(seat)
    rows = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            a_won = sum(x > y for x, y in zip(totals[a], totals[b]))
            b_won = sum(x < y for x, y in zip(totals[a], totals[b]))
            rows.append(sign_test(a, b, a_won, b_won, seeds - a_won - b_won))
    return totals, rows


def verdicts(rows: Sequence[dict[str, Any]], level: float = 0.05) -> list[tuple[str, str]]:
    """Holm-adjust one ladder's p-values (stored in each row as ``"Holm p"``) and return
    the orderings the games support, as ``(stronger, weaker)`` pairs."""
    if not 0 < level < 1:
        raise ValueError(f"level must lie strictly between 0 and 1, got {level!r}")
    claims = []
    for row, adjusted in zip(rows, analysis.holm([r["p"] for r in rows])):
        row["Holm p"] = adjusted
        if adjusted <= level and not row["lo"] <= 0.5 <= row["hi"]:
            a, b = row["pair"].split(" vs ")
            claims.append((a, b) if row["A won"] > row["B won"] else (b, a))
    return claims
