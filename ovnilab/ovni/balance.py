"""Ovni's balance verdicts: the analysis behind ``notebooks/explore/ovni_balance``, in one
place so that the notebook and its replication test (``tests/test_replication_balance.py``)
decide "above", "below" or "not shown" by the same code.

Why a baseline other than the fair share: a row of a ranking by mission family (or by
single mission) is a set of seat-games, and a seat that keeps two missions counts in two
rows. Random players who keep two missions win less often (about 0.20 against 0.30 with
one), so those seats weigh more in every row than in the whole table, and even with no
family effect at all a row's win rate sits below 1/4 (about 0.235). Testing a row against
1/4 then finds "weak" families that are only rows with many two-mission seats.
:func:`rates_against_expected` compares a row with the rate it would have **if the grouping
had no effect**: each member seat-game contributes the win rate of its stratum (the
number of missions its seat kept), so the row's expected rate carries the row's own
weights.

The notebook's findings at its default size and seed are :data:`FINDINGS`; the
replication test plays :data:`FINDINGS_GAMES` games from another seed and checks that
:func:`findings` states each of them again.
"""

from __future__ import annotations

import math
import statistics
from typing import Any, Callable, Iterable, Mapping, Sequence

from .. import analysis
from ..analysis import classify, describe, phrase, replication_bar
from ..sim import GameResult, Results, Table, run_many
from .bots import RandomBot
from .data import load_cards

__all__ = ["FINDINGS", "FINDINGS_GAMES", "FINDINGS_SEED", "classify", "describe", "findings", "phrase", "first_player_verdict",
           "mission_descriptions", "missions_kept", "play", "rates_against_expected", "replication_bar",
           "verdicts"]

#: the notebook's batch: games of four random players, and its seed
FINDINGS_GAMES = 5000
FINDINGS_SEED = 2026
PLAYERS = 4
# the verdict vocabulary (finding / suggestive / not shown) is shared with the cow game's
# balance module, so it lives in ovnilab.analysis
ALPHA = analysis.FINDING_ALPHA

#: what the notebook states at FINDINGS_GAMES games from FINDINGS_SEED, each re-checked on
#: fresh seeds by tests/test_replication_balance.py (question -> "above" / "below" the
#: baseline that question names; anything else is "not shown" and is not listed)
FINDINGS: dict[str, str] = {
    "first player": "above",
    "missions kept: 1": "above",
    "missions kept: 2": "below",
    "ability: initial_ufo": "above",
    "ability: force_field": "below",
}


def play(n_games: int = FINDINGS_GAMES, seed: int = FINDINGS_SEED, processes: int | None = None,
         bots: Sequence[Any] | None = None) -> Results:
    """The notebook's batch: ``n_games`` games of four random players (or ``bots``) with
    a random set-up, seeded by ``seed`` (scores recorded for the lead-change metrics)."""
    return run_many("ovni", list(bots) if bots is not None else [RandomBot()] * PLAYERS, n_games, seed=seed, processes=processes, progress=False,
                    record_scores=True, new_game_kwargs={"num_players": PLAYERS, "setup": "random"})


def missions_kept(row: Mapping[str, Any]) -> int:
    """How many missions a seat kept (1 or 2): the stratum of the mission rankings."""
    return len(row["missions"])


def mission_descriptions() -> dict[int, str]:
    """Each mission's number -> its card text in a sentence (``data/ovni/cards.toml``)."""
    cards = load_cards()
    return {m.id: m.describe(cards.categories) for m in cards.missions}


def rates_against_expected(
    results: Iterable[GameResult],
    key: str | Callable[[Mapping[str, Any]], Any],
    stratum: Callable[[Mapping[str, Any]], Any] | None = None,
    labels: Mapping[Any, str] | None = None,
    confidence: float = 0.95,
) -> Table:
    """Win rate of each group of seat-games against the rate expected if the grouping had
    no effect, Holm-adjusted over the groups.

    ``key`` is a column of :meth:`Results.seat_table` (or a function of a row); a list
    value puts the seat-game once in each distinct group, as
    :func:`ovnilab.analysis.win_rate_by` does. ``stratum(row)`` names what else is known
    to change a seat's chances (e.g. :func:`missions_kept`): a group's ``expected`` rate is
    the mean, over its seat-games, of their stratum's win rate in all the games. With no
    stratum every seat-game expects the overall rate (the fair share 1/players when every
    game has a winner). ``p`` is the two-sided normal test of ``wins - expected wins``
    with variance ``sum(q * (1 - q))`` over the members' stratum rates ``q`` (slightly
    conservative: the stratum rates are estimated from the same games); ``p_holm`` is
    Holm's adjustment over the groups; ``lo``, ``hi`` are simultaneous Wilson intervals of
    the rate (Bonferroni, each at ``1 - (1 - confidence) / m``). ``labels`` adds a
    ``description`` column (group -> text).
    """
    from scipy.stats import norm  # the p of z, its normal tails (imported when first needed)

    res = results if isinstance(results, Results) else Results(list(results))
    rows = res.seat_table()
    get = key if callable(key) else (lambda r: r[key])
    label = key if isinstance(key, str) else getattr(key, "__name__", "group")
    strat = stratum or (lambda r: None)
    by_stratum: dict[Any, list[float]] = {}
    for r in rows:
        by_stratum.setdefault(strat(r), []).append(r["win"])
    q_of = {s: statistics.fmean(w) for s, w in by_stratum.items()}
    groups: dict[Any, list[tuple[float, float]]] = {}
    for r in rows:
        v = get(r)
        values = v if isinstance(v, (list, tuple, set, frozenset)) else [v]
        for x in dict.fromkeys(values):
            groups.setdefault(x, []).append((r["win"], q_of[strat(r)]))
    m = len(groups)
    level = 1 - (1 - confidence) / max(m, 1)
    out = []
    for x, members in groups.items():
        n = len(members)
        wins = math.fsum(w for w, _ in members)
        expected = math.fsum(q for _, q in members)
        var = math.fsum(q * (1 - q) for _, q in members)
        z = (wins - expected) / math.sqrt(var) if var > 0 else 0.0
        lo, hi = analysis.wilson_interval(wins, n, level)
        row = {label: x, "n": n, "wins": wins, "rate": wins / n, "expected": expected / n,
               "lo": lo, "hi": hi, "z": z, "p": float(2 * norm.sf(abs(z)))}
        if labels is not None:
            row["description"] = labels.get(x, "")
        out.append(row)
    for row, p in zip(out, analysis.holm([r["p"] for r in out])):
        row["p_holm"] = p
    out.sort(key=lambda r: (-(r["rate"] - r["expected"]), str(r[label])))
    columns = [label, "n", "wins", "rate", "expected", "lo", "hi", "z", "p", "p_holm"]
    if labels is not None:
        columns.append("description")
    base = (f"expected = the mean win rate of its seats' stratum ({getattr(stratum, '__name__', 'stratum')})"
            if stratum else "expected = the overall win rate")
    title = (f"win rate by {label}, {len(res)} games; {base}; p against expected, Holm-adjusted over "
             f"{m} groups (p_holm); simultaneous {confidence:.0%} Wilson intervals (Bonferroni)")
    return Table(out, columns=columns, title=title, max_rows=0)


def verdicts(table: Iterable[Mapping[str, Any]], label: str, alpha: float = ALPHA) -> dict[Any, str]:
    """Each group of a ranking -> :func:`classify` of its row: against ``expected`` when
    the table has it (:func:`rates_against_expected`), else against ``fair`` (a table of
    :func:`ovnilab.analysis.win_rate_by` with ``adjust="holm"``, whose p is the score test)."""
    rows = list(table)
    out = {}
    for r in rows:
        if "z" in r:
            z = r["z"]
        else:
            z = (r["rate"] - r["fair"]) / math.sqrt(r["fair"] * (1 - r["fair"]) / r["n"])
        out[r[label]] = classify(z, r["p_holm"], len(rows), alpha)
    return out


def first_player_verdict(results: Results, alpha: float = ALPHA) -> tuple[analysis.Estimate, str]:
    """The first player's win share (95% Wilson interval) and :func:`classify` of its
    score test against the fair share (one test)."""
    first = analysis.first_player_advantage(results)
    fair = statistics.fmean(1 / g.num_players for g in results)
    z = (first.value - fair) / math.sqrt(fair * (1 - fair) / first.n)
    return first, classify(z, analysis.proportion_pvalue(first.value * first.n, first.n, fair), 1, alpha)


def findings(results: Results) -> dict[str, str]:
    """Every verdict of the notebook, question -> :func:`classify` (:data:`FINDINGS`
    lists the ones that are findings at the notebook's size and seed):

    * the first player against the fair share (one test);
    * seats by missions kept against the fair share (Holm over the two groups);
    * ability cards against the overall rate (Holm over the seven kinds);
    * mission families and single missions against the rate expected from the missions
      kept (:func:`rates_against_expected`; Holm within each ranking).
    """
    out = {"first player": first_player_verdict(results)[1]}
    kept = analysis.win_rate_by(results, missions_kept, sort="key", adjust="holm")
    out.update({f"missions kept: {k}": v for k, v in verdicts(kept, "missions_kept").items()})
    tables = {
        "ability": (rates_against_expected(results, "abilities"), "abilities"),
        "mission family": (rates_against_expected(results, "mission_families", missions_kept), "mission_families"),
        "mission": (rates_against_expected(results, "missions", missions_kept), "missions"),
    }
    for name, (table, label) in tables.items():
        out.update({f"{name}: {k}": v for k, v in verdicts(table, label).items()})
    return out
