"""Normal-form games (ovnilab.theory): textbook equilibria, the independent verifier,
dominance, and the Ovni bidding games checked cell by cell against resolve_area."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ovnilab import theory as T
from ovnilab.ovni import resolve_area

HALF = F(1, 2)


def exact_set(eqs):
    return {eq.exact for eq in eqs}


# ---------------------------------------------------------------------------
# textbook games


def test_matching_pennies_unique_mixed_equilibrium():
    g = T.matching_pennies()
    eqs = T.equilibria(g)
    assert exact_set(eqs) == {((HALF, HALF), (HALF, HALF))}
    assert eqs[0].exact_payoffs == (0, 0)
    assert T.value(g) == pytest.approx(0.0)
    assert not eqs[0].is_pure()


def test_prisoners_dilemma_defect_dominates():
    g = T.prisoners_dilemma()
    assert T.dominated_strategies(g, "row") == {0: 1}
    assert T.dominated_strategies(g, "col") == {0: 1}
    elim = T.iterated_elimination(g)
    assert elim.game.row_labels == ("defect",) and elim.game.col_labels == ("defect",)
    eqs = T.equilibria(g)
    assert len(eqs) == 1 and eqs[0].is_pure()
    assert eqs[0].support("row") == ["defect"] and eqs[0].payoffs == (1.0, 1.0)
    # both would rather cooperate: the equilibrium is not efficient
    assert T.expected_payoffs(g, [1, 0], [1, 0]) == (3, 3)


def test_battle_of_the_sexes_three_equilibria():
    g = T.battle_of_the_sexes()
    eqs = T.equilibria(g)
    assert [eq.exact for eq in eqs] == [
        ((1, 0), (1, 0)),
        ((F(3, 5), F(2, 5)), (F(2, 5), F(3, 5))),
        ((0, 1), (0, 1)),
    ]
    assert [eq.exact_payoffs for eq in eqs] == [(3, 2), (F(6, 5), F(6, 5)), (2, 3)]
    assert str(eqs[1]) == ("row: opera: 3/5, football: 2/5 | column: opera: 2/5, football: 3/5 "
                           "| payoffs (6/5, 6/5)")


def test_rock_paper_scissors_uniform():
    g = T.rock_paper_scissors()
    third = F(1, 3)
    assert exact_set(T.equilibria(g)) == {((third,) * 3, (third,) * 3)}
    assert T.equilibria(g, method="lp")[0].exact == ((third,) * 3, (third,) * 3)


def test_support_enumeration_agrees_on_a_nondegenerate_game():
    g = T.battle_of_the_sexes()
    assert exact_set(T.equilibria(g, method="support")) == exact_set(T.equilibria(g, method="vertex"))


# ---------------------------------------------------------------------------
# the verifier


def test_verifier_rejects_non_equilibria():
    mp = T.matching_pennies()
    assert not T.is_equilibrium(mp, [1, 0], [1, 0])
    assert T.deviation_gains(mp, [1, 0], [1, 0]) == (0, 2)  # column gains 2 by switching to tails
    assert not T.is_equilibrium(mp, [0.5, 0.5], [0.6, 0.4])
    assert T.deviation_gains(mp, [0.5, 0.5], [0.6, 0.4])[0] == pytest.approx(0.2)
    bos = T.battle_of_the_sexes()
    assert not T.is_equilibrium(bos, [1, 0], [0, 1])  # opera vs football: both regret
    assert T.is_equilibrium(bos, [0, 1], [0, 1])
    # near the mixed equilibrium, floats pass only within the tolerance
    assert T.is_equilibrium(bos, [0.6, 0.4], [0.4, 0.6])
    assert not T.is_equilibrium(bos, [0.6, 0.4], [0.41, 0.59])
    assert T.is_equilibrium(bos, [0.6, 0.4], [0.41, 0.59], tol=0.1)


def test_exact_strategies_are_checked_exactly():
    bos = T.battle_of_the_sexes()
    assert T.is_equilibrium(bos, [F(3, 5), F(2, 5)], [F(2, 5), F(3, 5)])
    off = [F(2, 5) + F(1, 10**12), F(3, 5) - F(1, 10**12)]
    assert not T.is_equilibrium(bos, [F(3, 5), F(2, 5)], off)
    assert T.expected_payoffs(bos, [F(3, 5), F(2, 5)], [F(2, 5), F(3, 5)]) == (F(6, 5), F(6, 5))


def test_best_responses():
    bos = T.battle_of_the_sexes()
    assert T.best_responses(bos, "row", [1, 0]) == [0]
    assert T.best_responses(bos, "col", [0, 1]) == [1]
    assert T.best_responses(bos, "row", [F(2, 5), F(3, 5)]) == [0, 1]  # indifferent
    assert T.best_responses(bos, "row", [0.4, 0.6]) == [0, 1]


@pytest.mark.parametrize("bad", [[0.5, 0.6], [1.2, -0.2], [1.0], [F(1, 2), F(1, 3)]])
def test_strategies_must_be_probability_vectors(bad):
    with pytest.raises(ValueError, match="strategy"):
        T.is_equilibrium(T.matching_pennies(), bad, [0.5, 0.5])


def test_game_validation_and_table():
    with pytest.raises(ValueError, match="shape"):
        T.NormalFormGame([[1, 2]], [[1, 2, 3]])
    with pytest.raises(ValueError, match="labels"):
        T.NormalFormGame([[1, 2]], None, ["a", "b"])
    with pytest.raises(ValueError, match="finite"):
        T.NormalFormGame([[1, float("nan")]])
    g = T.prisoners_dilemma()
    assert not g.is_zero_sum() and not g.is_constant_sum()
    assert T.NormalFormGame([[1, 2]], [[2, 1]]).is_constant_sum()
    text = g.table()
    assert "cooperate" in text and "5, 0" in text and text.splitlines()[0].startswith("prisoner's dilemma (2x2")
    assert g.row_payoffs.flags.writeable is False
    sub = g.restrict(rows=[1], cols=[0, 1])
    assert sub.shape == (1, 2) and sub.row_labels == ("defect",)
    assert g.index("col", "defect") == 1
    with pytest.raises(KeyError):
        g.index("row", "betray")
    assert "... showing" in T.bidding_game(2, zero_sum=True).table()


def test_one_strategy_games():
    g = T.NormalFormGame([[1, 2, 2]], [[3, 5, 5]])
    assert [eq.exact for eq in T.equilibria(g)] == [((1,), (0, 1, 0)), ((1,), (0, 0, 1))]


def test_backward_induction():
    # battle of the sexes: whoever commits in the open gets its favourite meeting
    assert T.backward_induction(T.battle_of_the_sexes(), "row")[:2] == (0, 0)
    assert T.backward_induction(T.battle_of_the_sexes(), "col")[:2] == (1, 1)
    # matching pennies: the visible leader is matched (row) or mismatched (column)
    assert T.backward_induction(T.matching_pennies(), "row")[2] == (-1.0, 1.0)
    assert T.backward_induction(T.matching_pennies(), "col")[2] == (1.0, -1.0)


def test_weak_and_strict_dominance_differ():
    g = T.bidding_game(1)  # win 1, lose 0: higher tokens are only weakly better
    assert T.dominated_strategies(g, "row") == {}
    assert T.dominated_strategies(g, "row", strict=False) == {0: 1, 1: 2, 2: 3, 3: 4}
    elim = T.iterated_elimination(g, strict=False)
    assert elim.game.row_labels == ("6",)
    assert [s[:2] for s in elim.steps[:4]] == [("row", "2"), ("row", "3"), ("row", "4"), ("row", "5")]
    assert "remove 2 (dominated by 3)" in elim.describe()


def test_solver_methods_and_errors():
    with pytest.raises(ValueError, match="zero-sum"):
        T.equilibria(T.prisoners_dilemma(), method="lp")
    with pytest.raises(ValueError, match="too large"):
        T.equilibria(T.allocation_game())
    with pytest.raises(ValueError, match="method"):
        T.equilibria(T.matching_pennies(), method="magic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="zero-sum"):
        T.value(T.prisoners_dilemma())


# ---------------------------------------------------------------------------
# the Ovni bridge: every payoff comes from resolve_area


def test_area_winner_uses_resolve_area(monkeypatch):
    calls = []

    def spy(placements, tie="earliest"):
        calls.append((list(placements), tie))
        return resolve_area(placements, tie)

    monkeypatch.setattr(T.ovni, "resolve_area", spy)  # where area_winner looks it up
    assert T.area_winner([2, 5], [3, 4], "row", "none") is None
    assert calls == [([("row", 2), ("col", 3), ("row", 5), ("col", 4)], "none")]
    T.bidding_game(1)
    assert len(calls) == 1 + 25


@pytest.mark.parametrize("row,col,opener,tie,expected", [
    ([6], [5], "row", "earliest", "row"),
    ([5], [5], "row", "earliest", None),  # equal commands cancel
    ([5, 6], [5, 6], "row", "earliest", None),
    ([2, 5], [3, 4], "row", "earliest", "row"),  # 7 = 7: the opener wins the tie
    ([2, 5], [3, 4], "col", "earliest", "col"),
    ([2, 5], [3, 4], "row", "none", None),
    ([5, 3], [5, 2], "col", "earliest", "row"),  # the 5s cancel, 3 > 2
    ([], [2], "row", "earliest", "col"),  # the opener placed nothing: the other opens
    ([], [], "row", "earliest", None),
])
def test_area_winner_by_hand(row, col, opener, tie, expected):
    assert T.area_winner(row, col, opener, tie) == expected


def test_single_token_game_cells():
    g = T.bidding_game(1)
    assert g.shape == (5, 5) and g.row_labels == ("2", "3", "4", "5", "6")
    cell = lambda r, c: (g.row_payoffs[r - 2, c - 2], g.col_payoffs[r - 2, c - 2])  # noqa: E731
    assert cell(6, 5) == (1, 0) and cell(3, 4) == (0, 1) and cell(5, 5) == (0, 0)
    pd = T.bidding_game(1, lose=-1, six_cost=0.5)
    assert (pd.row_payoffs[4, 4], pd.col_payoffs[4, 4]) == (-0.5, -0.5)  # both spend their 6, nobody wins
    assert (pd.row_payoffs[4, 3], pd.col_payoffs[4, 3]) == (0.5, -1)
    zs = T.bidding_game(1, six_cost=0.5, zero_sum=True)
    assert zs.is_zero_sum() and zs.row_payoffs[4, 3] == 0.5 and zs.row_payoffs[4, 4] == 0


def test_six_cost_turns_the_contest_into_a_prisoners_dilemma():
    g = T.bidding_game(1, lose=-1, six_cost=0.5)
    eqs = T.equilibria(g)
    assert [eq.exact for eq in eqs] == [((0, 0, 0, 0, 1), (0, 0, 0, 0, 1))]
    assert T.expected_payoffs(g, [0, 0, 0, 1, 0], [0, 0, 0, 1, 0]) == (0, 0)  # both keep the 6: better
    assert T.iterated_elimination(g, strict=False).game.shape == (1, 1)
    # too dear a 6 is not worth spending
    assert [eq.exact for eq in T.equilibria(T.bidding_game(1, lose=-1, six_cost=1.5))] == [
        ((0, 0, 0, 1, 0), (0, 0, 0, 1, 0))]


def test_cancelled_six_returns_reading_removes_the_cost_of_two_sixes():
    spent = T.bidding_game(1, lose=-1, six_cost=0.5)
    back = T.bidding_game(1, lose=-1, six_cost=0.5, cancelled_six_returns=True)
    # only the 6-against-6 cell changes: the two 6s cancel and go home unspent
    diff = (spent.row_payoffs != back.row_payoffs) | (spent.col_payoffs != back.col_payoffs)
    assert diff.sum() == 1 and diff[4, 4]
    assert (back.row_payoffs[4, 4], back.col_payoffs[4, 4]) == (0, 0)
    assert (back.row_payoffs[4, 3], back.col_payoffs[4, 3]) == (0.5, -1)  # a 6 that wins is spent
    # two tokens each: a 6 cancelled by the other's 6 is free, a 6 beside it still counts
    pairs = T.bidding_game(2, "simultaneous", six_cost=0.5, cancelled_six_returns=True)
    r, c = pairs.row_labels.index("5+6"), pairs.col_labels.index("4+6")
    assert pairs.row_payoffs[r, c] == 1 and pairs.col_payoffs[r, c] == 0  # 6s cancel, 5 beats 4
    # several areas: the same reading per area
    alloc = T.allocation_game(areas=2, placed=1, per_area=1, six_cost=0.5, cancelled_six_returns=True)
    same = (alloc.row_labels.index("A:6 B:-"), alloc.col_labels.index("A:6 B:-"))
    apart = (alloc.row_labels.index("A:6 B:-"), alloc.col_labels.index("A:- B:6"))
    assert alloc.row_payoffs[same] == 0 and alloc.col_payoffs[same] == 0
    assert alloc.row_payoffs[apart] == 0.5 and alloc.col_payoffs[apart] == 0.5


def test_blind_pair_game_cells():
    g = T.bidding_game(2, "simultaneous")
    assert g.shape == (10, 10)
    i, j = g.index("row", "2+5"), g.index("col", "3+4")
    assert (g.row_payoffs[i, j], g.col_payoffs[i, j]) == (1, 0)  # tie to the opener
    g_none = T.bidding_game(2, "simultaneous", tie="none")
    assert (g_none.row_payoffs[i, j], g_none.col_payoffs[i, j]) == (0, 0)
    k = g.index("row", "5+6")
    assert (g.row_payoffs[k, k], g.col_payoffs[k, k]) == (0, 0)


def test_rulebook_pair_game_structure():
    """The opener's second token may answer the follower's face-up first token."""
    t = (2, 3, 4, 5, 6)
    g = T.bidding_game(2, "rulebook", zero_sum=True)
    assert g.shape == (5 * 4**5, 20)
    i = g.index("row", "6 then 2>5 3>5 4>5 5>4 6>5")
    j = g.index("col", "5 then 6")
    # opener 6, then 4 (the follower opened with 5); follower 5, 6: placements 6, 5, 4, 6
    assert resolve_area([("r", 6), ("c", 5), ("r", 4), ("c", 6)]) == "c"  # the 6s cancel, 5 > 4
    assert (g.row_payoffs[i, j], g.col_payoffs[i, j]) == (-1, 1)
    # a reply rule that ignores what it sees is just a blind pair
    blind = T.bidding_game(2, "simultaneous", zero_sum=True)
    for r1, r2 in itertools.permutations(t, 2):
        label = f"{r1} then " + " ".join(f"{c}>{r2}" for c in t)
        if r2 == r1 or label not in g.row_labels:
            continue
        row = g.row_payoffs[g.index("row", label)]
        pair = blind.index("row", "+".join(map(str, sorted((r1, r2)))))
        for jj, lab in enumerate(g.col_labels):
            c1, c2 = map(int, lab.split(" then "))
            assert row[jj] == blind.row_payoffs[pair, blind.index("col", "+".join(map(str, sorted((c1, c2)))))]


def test_allocation_game_cells_and_size():
    g = T.allocation_game()  # 2 areas, 2 tokens each, row opens A, column opens B
    assert g.shape == (40, 40)
    i = g.index("row", "A:5 B:6")
    j = g.index("col", "A:6 B:5")
    assert (g.row_payoffs[i, j], g.col_payoffs[i, j]) == (1, 1)  # each wins the area where its 6 is
    j = g.index("col", "A:- B:5+6")
    assert (g.row_payoffs[i, j], g.col_payoffs[i, j]) == (1, 1)  # 6s cancel in B, col's 5 wins it
    j = g.index("col", "A:2+3 B:-")
    # A: 5 vs 2+3 ties at 5, A's opener (row) wins; B: row's 6 alone
    assert (g.row_payoffs[i, j], g.col_payoffs[i, j]) == (2, 0)
    assert T.area_winner([5], [2, 3], "row") == "row"
    g3 = T.allocation_game(3, 4)
    assert g3.shape == (270, 270)
    asym = T.allocation_game(col_tokens=(2, 3, 4, 5), values=(2, 1), six_cost=0.25)
    assert asym.shape == (40, 24)
    i, j = asym.index("row", "A:2+6 B:-"), asym.index("col", "A:5 B:4")
    assert (asym.row_payoffs[i, j], asym.col_payoffs[i, j]) == (1.75, 1)


def test_earliest_and_opener_agree_with_two_players():
    for tie in ("earliest", "opener"):
        assert np.array_equal(T.allocation_game(tie=tie).row_payoffs, T.allocation_game().row_payoffs)


def test_builders_reject_bad_options():
    with pytest.raises(ValueError, match="tie"):
        T.bidding_game(1, tie="coin")
    with pytest.raises(ValueError, match="tokens"):
        T.bidding_game(1, tokens=(2, 2, 3))
    with pytest.raises(ValueError, match="tokens"):
        T.bidding_game(1, tokens=(1, 2))
    with pytest.raises(ValueError, match="tokens_each"):
        T.bidding_game(3)
    with pytest.raises(ValueError, match="openers"):
        T.allocation_game(openers=("row",))
    with pytest.raises(ValueError, match="placed"):
        T.allocation_game(placed=5)


def test_every_bidding_game_equilibrium_verifies():
    games = [
        T.bidding_game(1),
        T.bidding_game(1, lose=-1, six_cost=0.5),
        T.bidding_game(1, six_cost=0.25),
        T.bidding_game(2, "simultaneous"),
        T.bidding_game(2, "simultaneous", tie="none", six_cost=0.5),
        T.bidding_game(2, "simultaneous", tokens=(2, 3, 4, 5), col_tokens=(2, 3, 4, 5, 6), lose=-1),
    ]
    for g in games:
        eqs = T.equilibria(g)
        assert eqs, g.name
        for eq in eqs:
            assert T.is_equilibrium(g, eq.row, eq.col), (g.name, str(eq))
            if eq.exact is not None:
                assert T.is_equilibrium(g, *eq.exact)


def test_zero_sum_bidding_games_solve_and_verify():
    cases = [
        (T.bidding_game(2, "rulebook", tokens=(2, 3, 4, 5), zero_sum=True, six_cost=0.5), 0.0),
        (T.allocation_game(zero_sum=True), 0.0),  # symmetric: row opens A, column B
        (T.allocation_game(col_tokens=(2, 3, 4, 5), zero_sum=True), None),
        (T.allocation_game(3, 4, tokens=(2, 3, 4, 5), openers=("row",) * 3, zero_sum=True), None),
    ]
    for g, expected in cases:
        (eq,) = T.equilibria(g)
        assert T.is_equilibrium(g, eq.row, eq.col), g.name
        assert eq.payoffs[0] == pytest.approx(T.value(g), abs=1e-9)
        if expected is not None:
            assert eq.payoffs[0] == pytest.approx(expected, abs=1e-9)


def test_symmetric_allocation_has_the_spread_saddle_point():
    g = T.allocation_game(zero_sum=True)
    s = g.index("row", "A:5 B:6")
    pure = np.eye(40)[s]
    assert T.is_equilibrium(g, pure, pure)
    assert T.is_equilibrium(g, [F(int(k == s)) for k in range(40)], [F(int(k == s)) for k in range(40)])
    weak = g.index("row", "A:- B:2+3")
    assert not T.is_equilibrium(g, np.eye(40)[weak], pure)
    assert T.deviation_gains(g, np.eye(40)[weak], pure) == (2.0, 0.0)  # it loses both areas


# ---------------------------------------------------------------------------
# properties over random small games

payoff = st.integers(min_value=-4, max_value=4)


@st.composite
def bimatrix(draw, constant_sum=False):
    m = draw(st.integers(1, 3))
    n = draw(st.integers(1, 3))
    a = np.array(draw(st.lists(st.lists(payoff, min_size=n, max_size=n), min_size=m, max_size=m)))
    if constant_sum:
        k = draw(payoff)
        return T.NormalFormGame(a, k - a)
    b = np.array(draw(st.lists(st.lists(payoff, min_size=n, max_size=n), min_size=m, max_size=m)))
    return T.NormalFormGame(a, b)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(bimatrix())
def test_every_returned_equilibrium_verifies(g):
    eqs = T.equilibria(g)
    assert eqs  # Nash: every finite game has one
    keys = [eq.row + eq.col for eq in eqs]
    assert len(set(keys)) == len(keys) and keys == sorted(keys, key=lambda k: tuple(-p for p in k))
    for eq in eqs:
        assert T.is_equilibrium(g, eq.row, eq.col)
        assert eq.payoffs == pytest.approx(T.expected_payoffs(g, eq.row, eq.col))
        # the best responses to the opponent include every strategy played
        for who, own, other in (("row", eq.row, eq.col), ("col", eq.col, eq.row)):
            br = T.best_responses(g, who, other)
            assert all(k in br for k, p in enumerate(own) if p > 0)


@SETTINGS
@given(bimatrix(constant_sum=True))
def test_constant_sum_equilibria_share_the_value(g):
    v = T.value(g)
    for eq in T.equilibria(g):
        assert eq.payoffs[0] == pytest.approx(v, abs=1e-9)
    (lp,) = T.equilibria(g, method="lp")
    assert T.is_equilibrium(g, lp.row, lp.col)


@SETTINGS
@given(bimatrix(), st.integers(-3, 3))
def test_adding_a_constant_changes_no_equilibrium(g, k):
    shifted = T.NormalFormGame(g.row_payoffs + k, g.col_payoffs)
    assert [(e.row, e.col) for e in T.equilibria(g)] == [(e.row, e.col) for e in T.equilibria(shifted)]


def test_pictures_label_the_strategies():
    g = T.bidding_game(1)
    ax = T.heatmap(g)
    assert [t.get_text() for t in ax.get_yticklabels()] == list(g.row_labels)
    assert "opener's payoff" in ax.get_title() and len(ax.texts) == 25
    eq = T.equilibria(T.allocation_game(col_tokens=(2, 3, 4, 5), zero_sum=True))[0]
    bars = T.plot_strategy(eq, "col")
    assert len(bars.patches) == len(eq.support("col"))


def test_heatmap_labels_are_projector_sized_and_do_not_overlap():
    """Every label and cell number is at least 9 pt, and on a new figure neighbouring tick
    labels do not overlap (the cells grow with the strategies)."""
    g = T.allocation_game(col_tokens=(2, 3, 4, 5), zero_sum=True)
    assert 10 <= g.payoffs("row").shape[0] <= 40
    ax = T.heatmap(g, annotate=True)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(ax.figure)  # the bare Figure draws with Agg, as inline Jupyter does
    canvas.draw()
    renderer = canvas.get_renderer()
    for labels in (ax.get_yticklabels(), ax.get_xticklabels()):
        assert labels and all(t.get_fontsize() >= 9 for t in labels)
        boxes = [t.get_window_extent(renderer) for t in labels]
        assert not any(a.overlaps(b) for a, b in zip(boxes, boxes[1:]))
    assert ax.texts and all(t.get_fontsize() >= 9 for t in ax.texts)
