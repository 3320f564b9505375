"""The verdict logic of the Ovni balance notebook (ovnilab.ovni.balance), on small batches."""

from __future__ import annotations

import math
import statistics

import pytest

from ovnilab.ovni import balance


@pytest.fixture(scope="module")
def results():
    return balance.play(60, seed=5)


def test_without_a_stratum_every_group_expects_the_overall_rate(results):
    table = balance.rates_against_expected(results, "abilities")
    assert all(r["expected"] == pytest.approx(0.25) for r in table)  # every game has a winner
    assert all(r["p_holm"] >= r["p"] for r in table)
    assert sum(r["n"] for r in table) == sum(len(set(r["abilities"])) for r in results.seat_table())


def test_the_expected_rate_carries_the_rows_weights(results):
    rows = results.seat_table()
    rate = {k: statistics.fmean(r["win"] for r in rows if len(r["missions"]) == k) for k in (1, 2)}
    table = balance.rates_against_expected(results, "mission_families", stratum=balance.missions_kept)
    for t in table:
        members = [r for r in rows if t["mission_families"] in r["mission_families"]]
        assert t["n"] == len(members)
        assert t["expected"] == pytest.approx(statistics.fmean(rate[len(r["missions"])] for r in members))
        assert min(rate.values()) <= t["expected"] <= max(rate.values())


def test_the_single_mission_table_names_each_card(results):
    text = balance.mission_descriptions()
    table = balance.rates_against_expected(results, "missions", balance.missions_kept, labels=text)
    assert len(text) == 16 and all(r["description"] == text[r["missions"]] for r in table)
    assert "description" in table.format()


def test_a_finding_needs_the_replication_bar():
    bar = balance.replication_bar(1)
    assert bar == pytest.approx(1.959964 + 1.281552, abs=1e-5)
    assert balance.replication_bar(7) > bar
    assert balance.classify(bar + 0.01, 0.001, 1) == "above"
    assert balance.classify(-(bar + 0.01), 0.001, 1) == "below"
    assert balance.classify(2.5, 0.012, 1) == "suggestive above"
    assert balance.classify(2.5, 0.06, 1) == "not shown"
    assert balance.phrase("suggestive below", "x") == "below x (suggestive only, not a finding)"
    assert balance.phrase("not shown", "x") == "not shown to differ from x"


def test_findings_name_every_question(results):
    got = balance.findings(results)
    assert {"first player", "missions kept: 1", "missions kept: 2"} <= set(got)
    assert sum(k.startswith("ability: ") for k in got) == 7
    assert sum(k.startswith("mission: ") for k in got) == 16
    assert set(got.values()) <= {"above", "below", "suggestive above", "suggestive below", "not shown"}
    assert set(balance.FINDINGS) <= set(got)
    first, verdict = balance.first_player_verdict(results)
    assert first.n == len(results) and verdict == got["first player"] and not math.isnan(first.value)
