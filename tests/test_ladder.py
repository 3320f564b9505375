"""ovnilab.ladder: the paired sign test behind the bots notebook's ladders."""

from __future__ import annotations

import math

import pytest

from ovnilab import ladder
from ovnilab.cows import bots as cow_bots


def test_exact_sign_pvalue_against_the_binomial():
    assert ladder.exact_sign_pvalue(0, 0) == 1.0
    assert ladder.exact_sign_pvalue(5, 0) == pytest.approx(2 / 32)
    assert ladder.exact_sign_pvalue(0, 5) == ladder.exact_sign_pvalue(5, 0)   # two-sided
    assert ladder.exact_sign_pvalue(3, 3) == 1.0                              # capped
    assert ladder.exact_sign_pvalue(8, 2) == pytest.approx(2 * sum(math.comb(10, j) for j in range(8, 11)) / 1024)
    with pytest.raises(ValueError, match=">= 0"):
        ladder.exact_sign_pvalue(-1, 2)


def test_sign_test_row_and_holm_verdicts():
    clear = ladder.sign_test("a", "b", 20, 0, 3)
    assert clear["seeds"] == 23 and clear["A share of decided"] == 1.0 and clear["lo"] > 0.5
    reversed_ = ladder.sign_test("c", "d", 1, 19, 0)
    unclear = ladder.sign_test("e", "f", 6, 4, 2, {"note": 1})
    assert unclear["note"] == 1 and unclear["lo"] < 0.5 < unclear["hi"]
    rows = [clear, reversed_, unclear]
    assert ladder.verdicts(rows) == [("a", "b"), ("d", "c")]
    assert all("Holm p" in r for r in rows) and rows[0]["Holm p"] >= rows[0]["p"]
    # a borderline raw p-value that Holm's adjustment lifts above the level
    border = ladder.sign_test("g", "h", 9, 1, 0)   # raw p 0.021
    assert border["p"] < 0.05 and ladder.verdicts([border, ladder.sign_test("i", "j", 5, 5, 0),
                                                   ladder.sign_test("k", "l", 6, 4, 0)]) == []
    with pytest.raises(ValueError, match="level"):
        ladder.verdicts(rows, level=0)


def test_paired_match_swaps_seats_on_the_same_deals():
    greedy, random_bot = cow_bots.GreedyBot(), cow_bots.RandomBot()
    row = ladder.paired_match("cows", "greedy", greedy, "random", random_bot, 6, seed=3)
    assert row["seeds"] == 6 == row["A won"] + row["B won"] + row["tied"]
    mirror = ladder.paired_match("cows", "random", random_bot, "greedy", greedy, 6, seed=3)
    assert (mirror["A won"], mirror["B won"], mirror["tied"]) == (row["B won"], row["A won"], row["tied"])
    assert mirror["A share of all games"] == pytest.approx(1 - row["A share of all games"])
    with pytest.raises(ValueError, match="at least one seed"):
        ladder.paired_match("cows", "a", greedy, "b", greedy, 0, seed=1)


def test_rotation_counts_every_seat_and_pair():
    players = {"greedy": cow_bots.GreedyBot(), "random": cow_bots.RandomBot()}
    totals, rows = ladder.rotation("cows", players, 4, seed=2)
    assert set(totals) == {"greedy", "random"} and all(len(t) == 4 for t in totals.values())
    for i in range(4):   # two games per seed, each won (or shared) once
        assert totals["greedy"][i] + totals["random"][i] == pytest.approx(2)
    (row,) = rows
    assert row["pair"] == "greedy vs random" and row["seeds"] == 4
    with pytest.raises(ValueError, match="at least one seed"):
        ladder.rotation("cows", players, 0, seed=2)
