"""Replication of the balance notebooks' findings on fresh seeds (issue 23).

``notebooks/explore/ovni_balance`` and ``notebooks/explore/cows_balance`` print a
difference as a *finding* only when a fresh batch of the same size should repeat it; the
findings they state at their default sizes and seeds are ``ovnilab.ovni.balance.FINDINGS``
and ``ovnilab.cows.balance.FINDINGS`` (each notebook asserts that its own verdicts equal
that list). These tests play the same batches, at the notebook's sizes, from seeds whose
games the notebooks never play, through the same library functions, and fail when a
finding is not stated again: the same direction, and the same test passed (Holm-adjusted
p < 0.05, or the 95% interval for a single test). A "suggestive" repeat counts, since it
passes that test; the stricter bar the notebook sets for calling it a finding is a
prediction about replication, not part of the replication.

Run time on one idle core: about two and a half minutes, most of it the 5,000 cow games
of the first-player question.
"""

from __future__ import annotations

import pytest

from ovnilab.core import derive_seed
from ovnilab.cows import balance as cows_balance
from ovnilab.ovni import balance as ovni_balance

pytestmark = pytest.mark.slow

#: batch seeds used by no notebook (the disjointness of their games is checked below)
FRESH_OVNI = 7_026
FRESH_COWS_FIRST = 90_000
FRESH_COWS_VARIANTS = 91_000


def repeated(stated: str, got: str) -> bool:
    """Whether a fresh verdict ``got`` states the finding ``stated`` again: the same
    direction, the test passed (a finding or a suggestive result)."""
    return got in (stated, f"suggestive {stated}")


def _games(seed: int, n: int) -> set[int]:
    return {derive_seed(seed, i) for i in range(n)}


def _first_player_batches(seed: int) -> list[tuple[int, int]]:
    """(batch seed, games) of each part of the first-player batch (as first_player_games)."""
    parts = cows_balance.FIRST_PLAYER_PARTS
    return [(derive_seed(derive_seed(seed, a), k), cows_balance.FIRST_PLAYER_GAMES // parts)
            for a in (1, 2) for k in range(parts)]


def test_the_fresh_seeds_play_games_the_notebooks_do_not():
    n = ovni_balance.FINDINGS_GAMES
    assert not _games(FRESH_OVNI, n) & _games(ovni_balance.FINDINGS_SEED, n)
    notebook = set().union(*(_games(s, n) for s, n in _first_player_batches(cows_balance.FIRST_PLAYER_SEED)),
                           _games(cows_balance.VARIANT_SEED, cows_balance.VARIANT_GAMES),
                           _games(10_000, 200), _games(20_000, 120))  # the notebook's sections 1-4
    fresh = set().union(*(_games(s, n) for s, n in _first_player_batches(FRESH_COWS_FIRST)),
                        _games(FRESH_COWS_VARIANTS, cows_balance.VARIANT_GAMES))
    assert not notebook & fresh


def test_repeated_reads_direction_and_test():
    assert repeated("above", "above") and repeated("above", "suggestive above")
    assert not repeated("above", "not shown") and not repeated("above", "suggestive below")
    assert repeated("down", "suggestive down") and not repeated("down", "same in every game")


def test_ovni_findings_replicate():
    results = ovni_balance.play(ovni_balance.FINDINGS_GAMES, FRESH_OVNI)
    got = ovni_balance.findings(results)
    missed = {q: (v, got.get(q)) for q, v in ovni_balance.FINDINGS.items() if not repeated(v, got.get(q, ""))}
    assert not missed, f"findings of ovni_balance not repeated on fresh seeds (stated, fresh): {missed}"


#: the fresh first-player batch, by part (face, part): each part is a test of its own,
#: under a minute; the replication test adds them up (and plays any part not played yet)
_FIRST_RUNS: dict[tuple[int, int], object] = {}
_FIRST_PARTS = [(a, k) for a in (1, 2) for k in range(cows_balance.FIRST_PLAYER_PARTS)]


def _first_player_part(areas: int, k: int):
    if (areas, k) not in _FIRST_RUNS:
        games = cows_balance.FIRST_PLAYER_GAMES // cows_balance.FIRST_PLAYER_PARTS
        _FIRST_RUNS[areas, k] = cows_balance.first_player_games(areas, games, FRESH_COWS_FIRST, part=k)
    return _FIRST_RUNS[areas, k]


@pytest.mark.parametrize("areas,k", _FIRST_PARTS, ids=[f"face{a}-part{k}" for a, k in _FIRST_PARTS])
def test_cows_first_player_batch_part_plays(areas, k):
    run = _first_player_part(areas, k)
    assert len(run) == cows_balance.FIRST_PLAYER_GAMES // cows_balance.FIRST_PLAYER_PARTS


def test_cows_first_player_finding_replicates():
    stated = cows_balance.FINDINGS.get("first player")
    if stated is None:
        pytest.skip("the notebook states no first-player finding")
    runs = [_first_player_part(a, k) for a, k in _FIRST_PARTS]
    first = cows_balance.first_player_share(runs)
    assert first.estimate.n == 2 * cows_balance.FIRST_PLAYER_GAMES
    assert repeated(stated, first.verdict), f"stated {stated}, fresh {first}: {first.verdict}"


def test_cows_card_and_variant_findings_replicate():
    cards = [q for q in cows_balance.FINDINGS if q.startswith("card: ")]
    # the card ranking needs the notebook's two paired batches; it states no finding today
    assert not cards, "a card finding needs its replication here (sections 1-4's batches)"
    stated = {q: v for q, v in cows_balance.FINDINGS.items() if ": " in q and not q.startswith("card: ")}
    names = sorted({q.split(": ")[0] for q in stated})
    variants = {"rulebook": cows_balance.VARIANTS["rulebook"], **{n: cows_balance.VARIANTS[n] for n in names}}
    runs = cows_balance.play_variants(variants, cows_balance.VARIANT_GAMES, FRESH_COWS_VARIANTS)
    # the notebook adjusts over all its variants and metrics: the same m here
    m = (len(cows_balance.VARIANTS) - 1) * len(cows_balance.WHATIF_METRICS)
    table = cows_balance.variant_verdicts(runs, m=m)
    got = {f"{r['variant']}: {r['metric']}": r["verdict"] for r in table}
    missed = {q: (v, got[q]) for q, v in stated.items() if not repeated(v, got[q])}
    assert not missed, f"what-if findings of cows_balance not repeated on fresh seeds (stated, fresh): {missed}"
