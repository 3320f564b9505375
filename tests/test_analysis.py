"""Analyses: known answers on hand-made results, invariants on simulated ones."""

from __future__ import annotations

import math

import pytest

from ovnilab import analysis as A
from ovnilab.bots import RandomBot
from ovnilab.ovni import Rules
from ovnilab.sim import GameResult, Results, run_many


def game(scores, winners=None, rounds=None, steps=10, first=0, traj=None, breakdown=None, extras=None, i=0):
    if winners is None:
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
    return GameResult(game="toy", seed=i, options={}, scores=tuple(scores), winners=tuple(winners),
                      rounds=rounds, steps=steps, first_player=first,
                      breakdown=None if breakdown is None else tuple(breakdown),
                      trajectory=None if traj is None else tuple(tuple(t) for t in traj),
                      trajectory_steps=None if traj is None else tuple(range(1, len(traj) + 1)),
                      extras=extras or {}, index=i)


@pytest.fixture(scope="module")
def batch():
    return run_many("ovni", [RandomBot()] * 4, 40, seed=3, progress=False, record_scores=True)


# ---------------------------------------------------------------------------
# intervals


def test_wilson_interval_known_values():
    lo, hi = A.wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert A.wilson_interval(0, 20)[0] == 0.0 and A.wilson_interval(20, 20)[1] == 1.0
    assert all(math.isnan(x) for x in A.wilson_interval(0, 0))
    narrow, wide = A.wilson_interval(50, 100, 0.8), A.wilson_interval(50, 100, 0.99)
    assert wide[0] < narrow[0] < 0.5 < narrow[1] < wide[1]


def test_mean_interval():
    mean, sd, lo, hi, n = A.mean_interval([2, 4, float("nan"), None])
    assert (mean, n) == (3.0, 2) and sd == pytest.approx(math.sqrt(2))
    assert hi - mean == pytest.approx(mean - lo) == pytest.approx(1.959964 * math.sqrt(2) / math.sqrt(2), rel=1e-5)


# ---------------------------------------------------------------------------
# metrics with known answers


def test_win_rates_split_shared_wins():
    games = [game([3, 1], i=0), game([1, 3], i=1), game([2, 2], i=2), game([5, 0], i=3)]
    t = A.win_rates(games)
    assert t.column("wins") == [2.5, 1.5]
    assert t.column("rate") == [0.625, 0.375]
    assert A.win_rate(games, 1).value == 0.375
    assert A.win_rate(games, 1).n == 4


def test_first_player_advantage_default_and_custom():
    games = [game([3, 1], first=0), game([3, 1], first=1), game([1, 3], first=1), game([1, 3], first=1)]
    assert A.first_player_advantage(games).value == 0.75
    assert "fair 0.500" in A.first_player_advantage(games).name
    assert A.first_player_advantage(games, first_seat_fn=lambda g: 0).value == 0.5


def test_balance_known_values():
    fair = [game([1, 0], i=0), game([0, 1], i=1)]
    assert A.balance(fair).value == 1.0
    lopsided = [game([1, 0, 0])] * 6 + [game([0, 1, 0])] * 3 + [game([0, 0, 1])]
    b = A.balance(lopsided)
    assert b.value == pytest.approx(0.5)
    assert b.lo <= b.value <= b.hi and b.n == 10
    assert A.balance(lopsided) == b  # seeded bootstrap


def test_duration():
    t = A.duration([game([1, 0], rounds=2, steps=10), game([1, 0], rounds=4, steps=30)])
    rounds, steps = t.row(measure="rounds"), t.row(measure="steps")
    assert rounds["mean"] == 3 and rounds["sd"] == pytest.approx(math.sqrt(2))
    assert (rounds["min"], rounds["max"], steps["mean"]) == (2, 4, 20)
    assert [r["measure"] for r in A.duration([game([1, 0])])] == ["steps"]  # no rounds counted


def test_lead_changes_and_decisiveness():
    traj = [[1, 0], [0, 1], [1, 1], [2, 1]]  # leader 0 -> 1 -> (tie) -> 0
    assert A.count_lead_changes(traj) == 2
    assert A.count_lead_changes([[0, 0], [1, 1]]) == 0
    assert A.decided_at([[0, 1], [2, 1], [3, 1]], [0]) == 0.5
    assert A.decided_at([[2, 1], [2, 1]], [0]) == 0.0
    assert A.decided_at([[2, 1], [1, 2]], [0]) == 1.0  # won by a tie-break, not on top
    assert math.isnan(A.decided_at([[1, 0]], [0]))
    games = [game([2, 1], traj=traj), game([3, 1], traj=[[0, 1], [2, 1], [3, 1]])]
    assert A.lead_changes(games).value == 1.5  # 2 changes, then 1
    assert A.lead_changes(games, normalized=True).value == pytest.approx((2 / 3 + 1 / 2) / 2)
    assert A.decisiveness(games).value == pytest.approx((1 / 3 + 1 / 2) / 2)
    with pytest.raises(ValueError, match="record_scores"):
        A.lead_changes([game([1, 0])])


def test_score_breakdown_means():
    games = [game([5, 1], breakdown=[{"a": 2, "b": 3}, {"a": 1, "b": 0}]),
             game([3, 3], breakdown=[{"a": 0, "b": 3}, {"a": 1, "b": 2}])]
    t = A.score_breakdown(games)
    assert t.row(seat=0) == {"seat": 0, "n": 2, "a": 1.0, "b": 3.0, "total": 4.0}
    assert t.row(seat="all")["total"] == 3.0


def test_win_rate_by_groups_and_lists():
    games = [game([3, 1], extras={"cards": [["x", "y"], ["y", "z"]], "planet": ["P", "Q"]}, i=0),
             game([1, 3], extras={"cards": [["x", "x"], ["y", "z"]], "planet": ["P", "Q"]}, i=1)]
    t = A.win_rate_by(games, "cards", sort="key")
    assert [(r["cards"], r["n"], r["wins"]) for r in t] == [("x", 2, 1.0), ("y", 3, 2.0), ("z", 2, 1.0)]
    by_planet = A.win_rate_by(games, "planet")
    assert by_planet.column("rate") == [0.5, 0.5]
    assert A.win_rate_by(games, "planet", seat=0).column("planet") == ["P"]
    assert A.win_rate_by(games, lambda r: r["score"] >= 3).row(**{"<lambda>": True})["rate"] == 1.0
    with pytest.raises(KeyError, match="columns"):
        A.win_rate_by(games, "nope")


# ---------------------------------------------------------------------------
# on simulated games


def test_win_rates_of_a_batch(batch):
    t = A.win_rates(batch)
    assert sum(t.column("rate")) == pytest.approx(1.0)
    for seat, row in enumerate(t):
        est = A.win_rate(batch, seat)
        assert est.lo <= est.value <= est.hi and est.value == row["rate"]


def test_summary_and_breakdown_of_a_batch(batch):
    s = A.summary(batch)
    names = s.column("metric")
    assert "balance" in names and "decisiveness" in names and "mean rounds" in names
    for row in s:
        assert row["lo"] <= row["value"] <= row["hi"]
    bd = A.score_breakdown(batch)
    assert set(bd.columns) >= {"aliens", "ufos", "airspace", "mapping", "humans", "missions", "total"}
    assert bd.row(seat="all")["total"] == pytest.approx(sum(sum(g.scores) for g in batch) / 160)


def test_tables_print_deterministically(batch):
    text = repr(A.summary(batch))
    assert text == repr(A.summary(Results.from_json(batch.to_json())))
    assert "-0.000" not in text
    assert text.splitlines()[0].startswith("summary, 40 games")


# ---------------------------------------------------------------------------
# compare_variants


def test_identical_variants_differ_by_exactly_zero():
    c = A.compare_variants({"book": Rules(), "same": Rules()}, "ovni", [RandomBot()] * 3, 20, seed=1,
                           metric=("win_rate", "balance", "rounds", "decisiveness"), n_boot=200,
                           progress=False, new_game_kwargs={"num_players": 3})
    assert c.baseline == "book" and set(c.results) == {"book", "same"}
    for row in c:
        assert row["diff"] == row["diff_lo"] == row["diff_hi"] == 0.0
        assert row["lo"] <= row["value"] <= row["hi"]
    metrics = list(dict.fromkeys(c.column("metric")))
    assert metrics == ["win_rate[0]", "win_rate[1]", "win_rate[2]", "balance", "rounds", "decisiveness"]


def test_compare_variants_is_deterministic_and_plots():
    def run():
        return A.compare_variants({"book": Rules(), "cap 3": Rules(platform_capacity=3)}, "ovni",
                                  [RandomBot()] * 2, 16, seed=2, n_boot=100, progress=False,
                                  metric=["first_player_advantage", lambda g: g.scores[0] - g.scores[1]])
    a, b = run(), run()
    assert repr(a) == repr(b)
    assert a.results["book"][0].seed == a.results["cap 3"][0].seed  # common random numbers
    row = a.row(metric="<lambda>", variant="cap 3")
    assert row["diff"] == pytest.approx(row["value"] - a.row(metric="<lambda>", variant="book")["value"])
    fig = a.plot()
    assert len([ax for ax in fig.axes if ax.get_visible()]) == 2
    with pytest.raises(ValueError, match="unknown metric"):
        A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 2, 1, metric="nope", progress=False)


def test_variant_verdict_needs_the_replication_bar_not_only_an_interval():
    """A what-if difference is a finding only when a fresh batch would likely repeat it:
    its interval excludes zero and its z clears the replication bar (4.30 for 20 tests)."""
    def row(variant, diff, lo, hi, se):
        return {"metric": "rounds", "variant": variant, "value": 0.0, "lo": 0.0, "hi": 0.0,
                "diff": diff, "diff_lo": lo, "diff_hi": hi, "diff_se": se}

    table = A.VariantComparison([row("book", 0.0, 0.0, 0.0, 0.0), row("far", 0.10, 0.04, 0.17, 0.02),
                                 row("near", 0.06, 0.001, 0.12, 0.02), row("low", -0.10, -0.17, -0.04, 0.02),
                                 row("zero", 0.02, -0.03, 0.07, 0.02)])
    table.baseline = "book"
    assert A.replication_bar(20) == pytest.approx(4.30, abs=0.005)
    assert [table.verdict(20, variant=v) for v in ("far", "near", "low", "zero")] == [
        "up", "suggestive up", "down", "not shown"]
    # m defaults to the table's differences: 4 here, a bar of 2.50 + 1.28 = 3.78
    assert A.replication_bar(4) == pytest.approx(3.78, abs=0.005)
    assert table.verdict(variant="near") == "suggestive up" and table.verdict(variant="far") == "up"
    assert table.verdict(1, variant="near") == "suggestive up"        # z 3.0 < bar(1) 1.96 + 1.28 = 3.24
    with pytest.raises(ValueError, match="'book' is the baseline"):
        table.verdict(variant="book")


def test_compare_variants_rows_carry_the_bootstrap_standard_error_unprinted():
    """diff_se is the spread of the paired bootstrap differences: zero for identical rule
    sets, positive for a changed one; the printed table keeps its columns."""
    c = A.compare_variants({"book": Rules(), "same": Rules(), "cap 3": Rules(platform_capacity=3)}, "ovni",
                           [RandomBot()] * 2, 24, seed=4, metric=A.category_points("ufos", name="ufo_points"),
                           n_boot=300, progress=False)
    assert c.row(variant="same")["diff_se"] == 0.0
    r = c.row(variant="cap 3")
    assert r["diff_se"] > 0
    assert "diff_se" not in repr(c) and "diff_se" not in c.columns
    # the standard error sits where a normal interval puts it: half-width ~ 1.96 se
    assert (r["diff_hi"] - r["diff_lo"]) / 2 == pytest.approx(1.96 * r["diff_se"], rel=0.35)


@pytest.mark.parametrize("rate, p0, m, one_sided", [(0.6, 0.5, 1, False), (0.55, 0.44, 1, True),
                                                      (0.23, 0.25, 3, False), (0.3, 0.25, 5, False)])
def test_sample_size_gives_the_power_it_promises(rate, p0, m, one_sided):
    """The sample size a notebook quotes for "would tell" gives about 80% power: the exact
    binomial chance that the score test rejects p0 when the rate is the one assumed."""
    from scipy.stats import binom

    n = A.sample_size(rate, p0, m=m, one_sided=one_sided)
    alpha = 0.05 / m

    def power(n):
        k = range(n + 1)
        reject = [k_ for k_ in k if (A.proportion_pvalue(k_, n, p0) / (2 if one_sided else 1) < alpha
                                     and (k_ / n - p0) * (rate - p0) > 0)]
        return float(sum(binom.pmf(reject, n, rate)))

    assert 0.76 <= power(n) <= 0.85
    assert power(n // 2) < 0.6                              # half the sample: far from enough
    assert A.sample_size(rate, p0, m=m, one_sided=one_sided, deff=2.0) in (2 * n - 1, 2 * n)


def test_sample_size_matches_the_textbook_and_refuses_nonsense():
    """0.6 against 0.5 at 5% two-sided and 80% power needs 194 trials (the normal formula)."""
    assert A.sample_size(0.6, 0.5) == 194
    assert A.sample_size(0.4, 0.5) == 194                    # symmetric around a half
    with pytest.raises(ValueError, match="rate equals p0"):
        A.sample_size(0.5, 0.5)
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        A.sample_size(1.0, 0.5)
    with pytest.raises(ValueError, match="deff >= 1"):
        A.sample_size(0.6, 0.5, deff=0.5)


def test_head_to_head_and_ladder_are_seat_fair():
    from ovnilab.analysis import head_to_head, ladder
    from ovnilab.bots import RandomBot

    kw = {"new_game_kwargs": {"num_players": 2, "setup": "random"}}
    est = head_to_head("ovni", RandomBot(), RandomBot(), 40, seed=3, **kw)
    assert est.n == 40 and est.lo <= est.value <= est.hi
    table = ladder("ovni", {"r1": RandomBot(), "r2": RandomBot()}, 10, seed=3, **kw)
    assert len(table) == 1 and table[0]["games"] == 10
    with pytest.raises(ValueError):
        head_to_head("ovni", RandomBot(), RandomBot(), 1)


def test_mixed_table_rotates_seats():
    from ovnilab.analysis import mixed_table
    from ovnilab.bots import RandomBot

    table = mixed_table("ovni", {"a": RandomBot(), "b": RandomBot(), "c": RandomBot()}, 9, seed=1,
                        new_game_kwargs={"setup": "random"})
    assert [r["bot"] for r in table] == ["a", "b", "c"]
    assert abs(sum(r["wins"] for r in table) - 9) < 1e-9  # every game has exactly one win to share
    assert all(r["games"] == 9 for r in table)


def test_holm_matches_the_textbook_example():
    from ovnilab.analysis import holm
    # m = 4: sorted p 0.01, 0.02, 0.03, 0.04 -> 0.04, 0.06, 0.06 (running max), 0.06
    assert holm([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []
    with pytest.raises(ValueError):
        holm([1.5])


def test_proportion_pvalue_agrees_with_the_wilson_interval():
    from ovnilab.analysis import proportion_pvalue, wilson_interval
    for wins, n in [(60, 100), (59, 100), (40, 100), (520, 1000), (531, 1000), (3, 6)]:
        lo, hi = wilson_interval(wins, n)
        p = proportion_pvalue(wins, n, 0.5)
        assert (p < 0.05) == (not lo <= 0.5 <= hi), (wins, n, p, lo, hi)


# ---------------------------------------------------------------------------
# win_rate_by with adjust="holm"


def _grouped_games():
    # 40 two-player games: even games seat "a" against "b" and "a" wins 15 of those 20;
    # odd games seat "c" against "c", so "c" wins 20 of its 40 seat-games
    out = []
    for i in range(40):
        pair = ["a", "b"] if i % 2 == 0 else ["c", "c"]
        first_wins = (i % 2 == 0 and i % 8 != 0) or (i % 2 == 1 and i % 4 == 1)
        out.append(game([3, 1] if first_wins else [1, 3], extras={"g": pair}, i=i))
    return out


def test_win_rate_by_holm_adds_pvalues_and_simultaneous_intervals():
    games = _grouped_games()
    plain = A.win_rate_by(games, "g", sort="key")
    adj = A.win_rate_by(games, "g", sort="key", adjust="holm")
    m = len(plain)
    assert m == 3
    assert adj.columns == ["g", "n", "wins", "rate", "lo", "hi", "fair", "p", "p_holm"]
    assert "Holm" in adj.title and "Bonferroni" in adj.title and "3 groups" in adj.title
    for r0, r in zip(plain, adj):
        assert (r0["g"], r0["n"], r0["wins"], r0["rate"]) == (r["g"], r["n"], r["wins"], r["rate"])
        # wider: each interval at the Bonferroni level 1 - 0.05 / m
        assert (r["lo"], r["hi"]) == A.wilson_interval(r["wins"], r["n"], 1 - 0.05 / m)
        assert r["lo"] <= r0["lo"] and r["hi"] >= r0["hi"]
        assert r["fair"] == 0.5
        assert r["p"] == A.proportion_pvalue(r["wins"], r["n"], 0.5)
    assert adj.column("p_holm") == pytest.approx(A.holm(adj.column("p")))
    assert all(r["p_holm"] >= r["p"] for r in adj)


def test_win_rate_by_holm_fair_share_follows_the_player_count():
    games = [game([3, 1], extras={"g": ["x", "y"]}, i=0),
             game([3, 1, 0], extras={"g": ["x", "y", "y"]}, i=1)]
    t = A.win_rate_by(games, "g", sort="key", adjust="holm")
    assert t.row(g="x")["fair"] == pytest.approx((1 / 2 + 1 / 3) / 2)
    assert t.row(g="y")["fair"] == pytest.approx((1 / 2 + 1 / 3 + 1 / 3) / 3)


def test_win_rate_by_without_adjust_is_unchanged_and_rejects_unknown_adjustments():
    games = _grouped_games()
    t = A.win_rate_by(games, "g")
    assert t.columns == ["g", "n", "wins", "rate", "lo", "hi"]
    assert "Holm" not in t.title
    for r in t:
        assert (r["lo"], r["hi"]) == A.wilson_interval(r["wins"], r["n"], 0.95)
    with pytest.raises(ValueError, match="adjust"):
        A.win_rate_by(games, "g", adjust="bonferroni")


def test_compare_variants_title_names_an_adjusted_level():
    c = A.compare_variants({"book": Rules(), "same": Rules()}, "ovni", [RandomBot()] * 2, 4, seed=1,
                           metric="rounds", confidence=1 - 0.05 / 20, n_boot=50, progress=False)
    assert "99.75% bootstrap intervals" in c.title
    c95 = A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 2, 2, seed=1, metric="rounds",
                             n_boot=20, progress=False)
    assert "; 95% bootstrap intervals" in c95.title


# ---------------------------------------------------------------------------
# win_rate_by with cluster= (issue 23: the seats of one game are not independent)


def _clustered_games(k=60):
    # group "x" holds one seat of the odd games and wins them; it holds three seats of the
    # even games and loses them together: its seats of one game share their fate
    out = []
    for i in range(2 * k):
        if i % 2:
            out.append(game([3, 1, 1, 1], extras={"g": ["x", "y", "y", "y"]}, i=i))
        else:
            out.append(game([1, 1, 1, 3], extras={"g": ["x", "x", "x", "y"]}, i=i))
    return out


def test_design_effect_known_values():
    # one seat per cluster, binary wins: deff = G / (G - 1)
    assert A.design_effect([1, 0, 1, 0], [0, 1, 2, 3]) == pytest.approx(4 / 3)
    # a single cluster, or a rate of 0 or 1: nothing to estimate, 1
    assert A.design_effect([1, 0, 0], ["g", "g", "g"]) == 1.0
    assert A.design_effect([0, 0], [0, 1]) == 1.0
    # clusters of one winning seat and clusters of three losing ones (see _clustered_games):
    # the sandwich variance over the binomial one is 2L / (1 + L) = 1.5 for L = 3, times G / (G - 1)
    vals, clus = [1, 0, 0, 0] * 50, [c for i in range(50) for c in (2 * i, 2 * i + 1, 2 * i + 1, 2 * i + 1)]
    assert A.design_effect(vals, clus) == pytest.approx(1.5 * 100 / 99)
    # one seat per game, each game a winner or not, negatively correlated seats: floored at 1
    assert A.design_effect([1, 0, 1, 0], ["a", "a", "b", "b"]) == 1.0
    with pytest.raises(ValueError):
        A.design_effect([1], [0, 1])


def test_win_rate_by_cluster_widens_when_the_seats_of_a_game_go_together():
    games = _clustered_games()
    naive = A.win_rate_by(games, "g", sort="key")
    clustered = A.win_rate_by(games, "g", sort="key", cluster="game")
    assert clustered.columns == ["g", "n", "wins", "rate", "lo", "hi", "deff", "n_eff"]
    assert "clustered by game" in clustered.title and "effective n" in clustered.title
    x0, x = naive.row(g="x"), clustered.row(g="x")
    assert (x["n"], x["wins"], x["rate"]) == (x0["n"], x0["wins"], x0["rate"]) == (240, 60.0, 0.25)
    assert x["deff"] == pytest.approx(1.5 * 120 / 119)
    assert x["n_eff"] == pytest.approx(240 / x["deff"])
    assert (x["lo"], x["hi"]) == pytest.approx(A.wilson_interval(0.25 * x["n_eff"], x["n_eff"]))
    assert x["hi"] - x["lo"] > 1.2 * (x0["hi"] - x0["lo"])          # visibly wider
    # with adjust="holm" the test uses the same effective n
    adj = A.win_rate_by(games, "g", sort="key", cluster="game", adjust="holm").row(g="x")
    assert adj["p"] == pytest.approx(A.proportion_pvalue(0.25 * x["n_eff"], x["n_eff"], 0.25))


def test_win_rate_by_cluster_changes_little_when_seats_are_independent(batch):
    # grouped by seat, every group has one seat per game: nothing to cluster
    naive = A.win_rate_by(batch, "seat", sort="key")
    clustered = A.win_rate_by(batch, "seat", sort="key", cluster="game")
    for r0, r in zip(naive, clustered):
        assert 1.0 <= r["deff"] <= 40 / 39 + 1e-12
        assert r["lo"] == pytest.approx(r0["lo"], abs=0.01) and r["hi"] == pytest.approx(r0["hi"], abs=0.01)
        assert r["lo"] <= r0["lo"] and r["hi"] >= r0["hi"]             # never narrower
    # deterministic: the same table twice
    assert A.win_rate_by(batch, "seat", sort="key", cluster="game") == clustered
    with pytest.raises(KeyError, match="cluster"):
        A.win_rate_by(batch, "seat", cluster="nope")


def test_metrics_lists_every_name_compare_variants_accepts_with_its_meaning():
    t = A.metrics()
    assert t.column("metric") == list(A.METRICS)
    assert all(r["meaning"] for r in t)
    assert A.compare_variants.metrics is A.metrics


def test_category_points_and_winning_score_are_metrics_of_a_result():
    g = game([5, 9], breakdown=[{"ufos": 2, "mapping": 3}, {"ufos": 6, "mapping": 3}])
    ufos = A.category_points("ufos")
    assert ufos.__name__ == "ufos_points" and ufos(g) == 4.0
    assert A.category_points("mapping", name="mapping_points").__name__ == "mapping_points"
    assert A.winning_score(g) == 9.0
    with pytest.raises(ValueError, match="no score breakdown"):
        ufos(game([1, 2]))


# ---------------------------------------------------------------------------
# compare_variants(by=...): groups of seats (issue 32)


def _two_missions(g, seat):
    """Ovni: how many missions the seat kept (one or two)."""
    return len(g.extras["missions"][seat])


def test_compare_variants_by_a_function_of_result_and_seat():
    variants = {"book": Rules(), "failed costs 2": Rules(mission_failed=-2)}
    c = A.compare_variants(variants, "ovni", [RandomBot()] * 3, 30, seed=4, n_boot=200, progress=False,
                           new_game_kwargs={"num_players": 3}, by=_two_missions)
    assert c.by == "_two_missions" and c.baseline == "book"
    assert c.columns == ["_two_missions", "variant", "n", "wins", "rate", "lo", "hi", "diff", "diff_lo", "diff_hi"]
    assert sorted(set(c.column("_two_missions"))) == [1, 2]
    for v, res in c.results.items():
        # the counts by hand, and the intervals of win_rate_by with the games as clusters
        same = A.win_rate_by(res, lambda r: len(r["missions"]), cluster="game", sort="key")
        for k in (1, 2):
            row = c.row(_two_missions=k, variant=v)
            seats = [(g, s) for g in res for s in range(3) if _two_missions(g, s) == k]
            assert row["n"] == len(seats) and row["wins"] == pytest.approx(sum(g.win_share(s) for g, s in seats))
            assert row["rate"] == pytest.approx(row["wins"] / row["n"])
            ref = same.row(**{"<lambda>": k})
            assert (row["lo"], row["hi"]) == pytest.approx((ref["lo"], ref["hi"]))
            base = c.row(_two_missions=k, variant="book")
            assert row["diff"] == pytest.approx(row["rate"] - base["rate"])
            assert row["diff_lo"] <= row["diff"] <= row["diff_hi"]
    for k in (1, 2):
        base = c.row(_two_missions=k, variant="book")
        assert base["diff"] == base["diff_lo"] == base["diff_hi"] == 0.0
    assert sum(c.row(_two_missions=k, variant="book")["n"] for k in (1, 2)) == 90  # every seat-game once
    assert "win rate by _two_missions" in c.title and "games as clusters" in c.title
    assert len([ax for ax in c.plot().axes if ax.get_visible()]) == 2  # a panel per group


def test_compare_variants_by_a_seat_table_column_counts_each_entry_of_a_list():
    def run():
        return A.compare_variants({"book": Rules(), "same": Rules()}, "ovni", [RandomBot()] * 3, 12, seed=6,
                                  n_boot=100, progress=False, new_game_kwargs={"num_players": 3}, by="missions")
    c = run()
    assert repr(c) == repr(run())  # deterministic
    kept = sum(len(m) for g in c.results["book"] for m in g.extras["missions"])
    assert sum(r["n"] for r in c if r["variant"] == "book") == kept  # a seat counts in each mission it kept
    for row in c:  # the same rules: the same games, so every difference is exactly 0
        assert row["diff"] == row["diff_lo"] == row["diff_hi"] == 0.0
    by_lambda = A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 3, 12, seed=6, n_boot=100,
                                   progress=False, new_game_kwargs={"num_players": 3},
                                   by=lambda g, s: g.extras["missions"][s])
    assert by_lambda.by == "group"
    assert by_lambda.column("n") == [r["n"] for r in c if r["variant"] == "book"]


def test_compare_variants_by_an_aliens_level_in_cosmic():
    from ovnilab import cosmic
    from ovnilab.cosmic.data import load_data

    level_of = {name: info.level for name, info in load_data().aliens.items()}

    def level(g, seat):
        return level_of[g.extras["alien"][seat]]

    c = A.compare_variants({"book": cosmic.Rules(), "same": cosmic.Rules()}, "cosmic", [RandomBot()] * 4, 6,
                           seed=2, n_boot=50, progress=False, by=level)
    assert set(c.column("level")) <= {"green", "yellow", "red"}
    assert sum(r["n"] for r in c if r["variant"] == "book") == 24
    assert sum(r["wins"] for r in c if r["variant"] == "book") == pytest.approx(6)


def test_compare_variants_by_refuses_an_unknown_column_before_playing_every_variant(monkeypatch):
    calls = []
    real = A.run_many

    def counting(*args, **kw):
        calls.append(kw.get("rules"))
        return real(*args, **kw)

    monkeypatch.setattr(A.variants, "run_many", counting)
    with pytest.raises(KeyError, match=r"by='nope': no column 'nope' in the seat table; columns: .*'missions'"):
        A.compare_variants({"book": Rules(), "other": Rules(mission_failed=-2)}, "ovni", [RandomBot()] * 2, 2,
                           progress=False, by="nope")
    assert len(calls) == 1  # the second variant was never played
    with pytest.raises(ValueError, match="by= tabulates each group's win rate; metric='rounds'"):
        A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 2, 2, progress=False, by="seat",
                           metric="rounds")
    assert len(calls) == 1  # refused before any game


# ---------------------------------------------------------------------------
# a metric a game does not have is an error naming the ones it has (issue 32)


def test_a_metric_the_game_lacks_is_an_error_naming_what_it_has(monkeypatch):
    from ovnilab import cosmic

    calls = []
    real = A.run_many
    monkeypatch.setattr(A.variants, "run_many", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    with pytest.raises(ValueError) as err:
        A.compare_variants({"book": cosmic.Rules(), "other": cosmic.Rules()}, "cosmic", [RandomBot()] * 4, 2,
                           metric=("win_rate", "rounds"), progress=False)
    text = str(err.value)
    assert "metric 'rounds': the cosmic games give no value of it" in text
    assert "the metrics they have: ['win_rate', 'first_player_advantage', 'balance', 'steps', 'score', " \
           "'lead_changes', 'decisiveness']" in text
    assert 'metric=lambda g: g.extras["turns"]' in text  # where Cosmic's rounds are
    assert calls == [1]  # found after the first variant, before the others were played
    with pytest.raises(ValueError, match="metric 'rounds': the cows games.*'steps'"):
        A.compare_variants({"book": None}, "cows", [RandomBot()] * 2, 2, metric="rounds", progress=False)
    with pytest.raises(ValueError, match="metric 'lead_changes'.*record_scores=True.*have: .*'steps', 'score'\\]"):
        A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 2, 2, metric="lead_changes",
                           record_scores=False, progress=False)


def test_the_default_metrics_leave_out_what_the_game_lacks():
    c = A.compare_variants({"book": None}, "cows", [RandomBot()] * 2, 4, n_boot=50, progress=False)
    assert list(dict.fromkeys(c.column("metric"))) == ["win_rate[0]", "win_rate[1]", "first_player_advantage",
                                                       "balance"]
    assert all(math.isfinite(v) for v in c.column("value"))
    ovni = A.compare_variants({"book": Rules()}, "ovni", [RandomBot()] * 2, 2, n_boot=20, progress=False)
    assert "rounds" in ovni.column("metric")  # a game with rounds keeps them


def test_metrics_of_a_game_lists_only_its_metrics_then_its_extras():
    from ovnilab.sim import RESULT_EXTRAS

    cosmic = A.metrics("cosmic")
    names = cosmic.column("metric")
    assert "rounds" not in names and names[:len(A.METRICS) - 1] == [m for m in A.METRICS if m != "rounds"]
    assert names[len(A.METRICS) - 1:] == [f'extras["{k}"]' for k in RESULT_EXTRAS["cosmic"]]
    assert cosmic.row(metric="steps")["use"] == 'metric="steps"'
    assert "rounds" in A.metrics("ovni").column("metric")
    with pytest.raises(ValueError, match=r"unknown game 'chess'; the games: \['cosmic', 'cows', 'ovni'\]"):
        A.metrics("chess")
