"""Class experiments (ovnilab.classroom.experiments): the lessons' games rebuilt from the
lessons' own lines, their equilibria, pairing, bots, records, the statistics and the
shipped simulated data set."""

from __future__ import annotations

import ast
import io
import math
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ovnilab import theory
from ovnilab.classroom import experiments as E
from ovnilab.classroom.experiments import RecordError, Results

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "notebooks" / "lessons" / "src"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def script_of(exp: E.Experiment) -> Path:
    return SCRIPTS / (Path(exp.lesson).stem + ".py")


def lesson_assignments(script: Path) -> dict[str, ast.expr]:
    """The right-hand sides of the script's top-level single-name assignments (a name
    assigned more than once maps to None: a test reading it fails)."""
    tree = ast.parse(script.read_text(encoding="utf-8"))
    out: dict[str, ast.expr | None] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            out[name] = None if name in out else node.value
    return out


def lesson_namespace(script: Path, names: list[str]) -> dict:
    """Run the script's imports and its top-level assignments to ``names`` (in file
    order): the lesson's own lines, nothing retyped."""
    tree = ast.parse(script.read_text(encoding="utf-8"))
    keep = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
            or (isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                and n.targets[0].id in names)]
    assigned = [n.targets[0].id for n in keep if isinstance(n, ast.Assign)]
    assert sorted(assigned) == sorted(names), f"{script.name}: each of {names} assigned once at top level"
    ns: dict = {}
    exec(compile(ast.Module(body=keep, type_ignores=[]), str(script), "exec"), ns)
    return ns


def call_keywords(node: ast.expr) -> dict:
    assert isinstance(node, ast.Call), ast.dump(node)
    return {k.arg: ast.literal_eval(k.value) for k in node.keywords}


def record(**kw) -> dict:
    base = {"session": "s", "round": 1, "participant": "p01", "role": "offense", "choice": "attack 08",
            "opponent": "p02", "opponent_choice": "attack 06", "payoff": -0.7, "by": "student"}
    base.update(kw)
    return base


# ---------------------------------------------------------------------------
# the lessons' constants and games


def test_constants_are_the_lessons():
    for name in ("01_nash_equilibrium.py", "03_mixed_strategies_zero_sum.py"):
        found = lesson_assignments(SCRIPTS / name)
        assert ast.literal_eval(found["OFFENSE_HAND"]) == list(E.OFFENSE_HAND), name
        assert ast.literal_eval(found["DEFENSE_HAND"]) == list(E.DEFENSE_HAND), name
    lesson1 = lesson_assignments(SCRIPTS / "01_nash_equilibrium.py")
    lesson3 = lesson_assignments(SCRIPTS / "03_mixed_strategies_zero_sum.py")
    assert call_keywords(lesson1["weights"]) == call_keywords(lesson3["keep"]) == E.CARD_KEEPING_WEIGHTS
    lesson2 = lesson_assignments(SCRIPTS / "02_dominance_prisoners_dilemma.py")
    assert call_keywords(lesson2["six"]) == E.BIDDING_ARGS
    restrict = call_keywords(lesson2["keep_or_spend"])
    assert restrict == {"rows": list(E.BIDDING_TOKENS), "cols": list(E.BIDDING_TOKENS)}


LESSON_GAMES = {  # experiment -> (the lesson's assignments to run, the variable holding the game)
    "encounter": (["OFFENSE_HAND", "DEFENSE_HAND", "weights", "weak"], "weak"),
    "bidding": (["six", "keep_or_spend"], "keep_or_spend"),
    "duel": (["OFFENSE_HAND", "DEFENSE_HAND", "keep", "bluff"], "bluff"),
}


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_games_equal_the_lessons_tables(name):
    exp = E.get(name)
    names, var = LESSON_GAMES[name]
    lesson_game = lesson_namespace(script_of(exp), names)[var]
    assert np.array_equal(exp.game.row_payoffs, lesson_game.row_payoffs)
    assert np.array_equal(exp.game.col_payoffs, lesson_game.col_payoffs)
    assert exp.game.row_labels == lesson_game.row_labels and exp.game.col_labels == lesson_game.col_labels
    text = script_of(exp).read_text(encoding="utf-8")
    for part in exp.source.split("; "):
        assert part in text, part
    assert (ROOT / exp.lesson).is_file()


def test_lesson_tables_known_cells():
    # the numbers the lessons print and assert, as a second, independent check
    enc, bid, duel = (E.get(n).game for n in E.EXPERIMENTS)
    assert enc.row_payoffs[0].tolist() == [-0.7, -0.7, 0.1] and enc.col_payoffs[0].tolist() == [-0.4, -0.8, -0.5]
    assert bid.row_payoffs.tolist() == [[0, -1], [0.5, -0.5]] and bid.row_labels == ("5", "6")
    assert duel.row_payoffs.tolist() == [[1.7, -0.5, 0.6], [1.35, 1.75, 0.25], [0.3, 0.7, 0.0]]
    assert duel.is_zero_sum() and not enc.is_zero_sum()


LESSON_EQUILIBRIA = {  # the lessons' derivations (lesson 1 section 4, lesson 2 section 5, lesson 3 section 5)
    "encounter": ((F(7, 8), F(1, 8), 0), (F(7, 24), 0, F(17, 24))),
    "bidding": ((0, 1), (0, 1)),
    "duel": ((F(15, 26), F(11, 26), 0), (0, F(7, 52), F(45, 52))),
}


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_equilibrium_is_the_lessons_and_is_one(name):
    exp = E.get(name)
    eq = exp.equilibrium()
    assert set(eq) == {0, 1}
    for role in (0, 1):
        assert list(eq[role]) == exp.strategies(role)
        assert tuple(eq[role].values()) == LESSON_EQUILIBRIA[name][role]
        assert sum(eq[role].values()) == 1
    x, y = (list(eq[r].values()) for r in (0, 1))
    assert theory.is_equilibrium(exp.game, x, y)
    assert len(theory.equilibria(exp.game)) == 1
    # a profile that is not the equilibrium fails the same check
    assert not theory.is_equilibrium(exp.game, [F(1)] + [F(0)] * (len(x) - 1), y)


def test_roles_symmetry_and_instructions():
    assert E.EXPERIMENTS == ("encounter", "bidding", "duel")
    enc, bid, duel = (E.get(n) for n in E.EXPERIMENTS)
    assert enc.roles == duel.roles == ("offense", "defense") and not enc.symmetric and not duel.symmetric
    assert bid.roles == ("player", "player") and bid.symmetric
    for exp in (enc, bid, duel):
        sentences = [s for s in exp.instructions.replace("e.g.", "eg").split(". ") if s.strip()]
        assert 2 <= len(sentences) <= 4, (exp.name, sentences)
        assert len(exp.instructions) < 600 and "payoff" in exp.instructions
        assert exp.lesson.startswith("notebooks/lessons/") and exp.lesson.endswith(".ipynb")
    assert E.get("duel") is E.get("duel")  # built once


def test_unknown_experiment_names_the_known_ones():
    with pytest.raises(ValueError) as e:
        E.get("chess")
    assert all(n in str(e.value) for n in E.EXPERIMENTS) and "chess" in str(e.value)


def test_a_symmetric_experiment_must_be_symmetric():
    enc = E.get("encounter")
    with pytest.raises(ValueError, match="symmetric"):
        E.Experiment("x", "x", enc.lesson, enc.game, ("p", "p"), True, "a. b.", enc.solution)
    with pytest.raises(ValueError, match="distinct"):
        E.Experiment("x", "x", enc.lesson, enc.game, ("p", "p"), False, "a. b.", enc.solution)


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_strategies_and_payoffs_match_the_game(name):
    exp = E.get(name)
    g = exp.game
    assert exp.strategies(0) == list(g.row_labels) and exp.strategies(1) == list(g.col_labels)
    for i, r in enumerate(exp.strategies(0)):
        for j, c in enumerate(exp.strategies(1)):
            assert exp.payoffs(r, c) == (g.row_payoffs[i, j], g.col_payoffs[i, j])
            assert all(type(v) is float for v in exp.payoffs(r, c))
    with pytest.raises(ValueError, match="not a choice"):
        exp.payoffs("attack 99", exp.strategies(1)[0])
    with pytest.raises(ValueError, match="role must be"):
        exp.strategies(2)
    with pytest.raises(ValueError, match="role must be"):
        exp.strategies(True)
    assert exp.role_index(exp.roles[1]) == (0 if exp.symmetric else 1)


# ---------------------------------------------------------------------------
# pairing


names_strategy = st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=4), unique=True, max_size=31)


@SETTINGS
@given(names_strategy, st.integers(1, 12), st.sampled_from(["strangers", "partners"]),
       st.integers(0, 2**40), st.booleans(), st.randoms(use_true_random=False))
def test_pair_up_seats_everyone_once_deterministically(people, round_no, matching, seed, symmetric, rnd):
    pairs = E.pair_up(people, round_no, matching, seed, symmetric)
    seated = [p for pair in pairs for p in pair if p is not None]
    assert sorted(seated) == sorted(people)
    assert all(row is not None for row, _ in pairs)
    assert sum(col is None for _, col in pairs) == len(people) % 2
    if len(people) % 2:
        assert pairs[-1][1] is None
    shuffled = list(people)
    rnd.shuffle(shuffled)
    assert E.pair_up(shuffled, round_no, matching, seed, symmetric) == pairs  # order of arrival is irrelevant
    assert E.pair_up(tuple(people), round_no, matching, seed, symmetric) == pairs


@SETTINGS
@given(names_strategy, st.integers(0, 2**40), st.booleans())
def test_partners_keep_their_pairs_and_alternate_roles(people, seed, symmetric):
    rounds = [E.pair_up(people, r, "partners", seed, symmetric) for r in range(1, 6)]
    as_sets = [{frozenset(p) for p in pairs} for pairs in rounds]
    assert all(s == as_sets[0] for s in as_sets)
    for r, pairs in enumerate(rounds[1:], start=2):
        for (a, b), (c, d) in zip(rounds[0], pairs):
            if b is None or symmetric:
                assert (c, d) == (a, b)
            elif r % 2 == 0:
                assert (c, d) == (b, a)  # roles swapped in even rounds
            else:
                assert (c, d) == (a, b)


def test_strangers_rematch_and_draw_roles():
    people = [f"p{k:02d}" for k in range(1, 11)]
    changed = [seed for seed in range(10)
               if {frozenset(p) for p in E.pair_up(people, 1, "strangers", seed, False)}
               != {frozenset(p) for p in E.pair_up(people, 2, "strangers", seed, False)}]
    assert changed, "strangers never rematched"
    rows = Counter(row for r in range(1, 201) for row, _ in E.pair_up(people, r, "strangers", 7, False))
    assert all(60 <= rows[p] <= 140 for p in people), rows  # about half the 200 rounds as row player
    assert E.pair_up(people, 3, "strangers", 1, False) != E.pair_up(people, 3, "strangers", 2, False)


@SETTINGS
@given(st.integers(1, 31), st.integers(0, 2**40), st.booleans())
def test_strangers_never_meet_twice_while_the_schedule_lasts(n, seed, symmetric):
    # perfect strangers: n - 1 rounds for an even class, n for an odd one (the bot is a seat)
    people = [f"p{k:02d}" for k in range(n)]
    meetings = Counter()
    bot_rounds = Counter()
    for r in range(1, n + n % 2):
        for row, col in E.pair_up(people, r, "strangers", seed, symmetric):
            meetings[frozenset((row, col))] += 1
            if col is None:
                bot_rounds[row] += 1
    assert E.rounds_without_repeats(n) == n + n % 2 - 1
    assert len(meetings) == (n + n % 2) * (n + n % 2 - 1) // 2  # every two seats met ...
    assert set(meetings.values()) == {1}                          # ... exactly once
    assert all(k == 1 for k in bot_rounds.values()) and len(bot_rounds) == n % 2 * n


def test_strangers_start_a_new_schedule_after_the_last_round_of_one():
    people = [f"p{k}" for k in range(4)]
    first = [E.pair_up(people, r, "strangers", 5, True) for r in range(1, 4)]
    again = [E.pair_up(people, r, "strangers", 5, True) for r in range(4, 7)]
    everyone = {frozenset(p) for pairs in first for p in pairs}
    assert {frozenset(p) for pairs in again for p in pairs} == everyone and len(everyone) == 6


def test_repeated_meetings_counts_meetings_after_the_first():
    rows = [record(round=r, participant=a, opponent=b) for r, a, b in [
        (1, "a", "b"), (1, "b", "a"), (2, "a", "b"), (2, "b", "a"), (3, "a", "b"), (3, "b", "a"),
        (1, "c", "bot"), (2, "c", "bot")]]
    assert E.repeated_meetings(rows) == 2   # a and b met three times; meeting the bot again does not count
    assert E.repeated_meetings([dict(r, session="other") for r in rows[:2]] + rows[:2]) == 0
    assert E.repeated_meetings(E.simulate_class(E.get("duel"), 6, 5, seed=1)) == 0
    assert E.repeated_meetings(E.simulate_class(E.get("duel"), 6, 6, seed=1)) == 6 // 2  # a sixth round repeats
    for n in (4, 5, 6, 7):
        fresh = E.rounds_without_repeats(n)
        assert E.repeated_meetings(E.simulate_class(E.get("duel"), n, fresh, seed=2)) == 0
        assert E.repeated_meetings(E.simulate_class(E.get("duel"), n, fresh + 1, seed=2)) > 0
    with pytest.raises(ValueError, match="n_students"):
        E.rounds_without_repeats(0)
    text = E.class_summary(E.load_recorded("duel"), E.get("duel"))
    assert text.startswith("The class page: Four ships") and text.endswith(
        "120 choices by 24 students in 5 rounds; meetings with an opponent met before: 0")


def test_strangers_avoid_the_pairs_already_met_when_the_class_changes():
    people = [f"p{k:02d}" for k in range(10)]
    met = [pair for r in (1, 2, 3) for pair in E.pair_up(people, r, "strangers", 3, False)]
    people += ["late"]  # a late arrival: the schedule is the new set's, which could repeat a pair
    for r in range(4, 10):
        pairs = E.pair_up(people, r, "strangers", 3, False, met=met)
        assert sorted(p for pair in pairs for p in pair if p) == sorted(people)
        assert not {frozenset(p) for p in pairs} & {frozenset(p) for p in met}, r
        assert pairs == E.pair_up(people, r, "strangers", 3, False, met=list(reversed(met)))
        met += pairs
    # once everyone has met everyone, the schedule's round is used (repeats cannot be avoided)
    small = ["a", "b"]
    assert E.pair_up(small, 2, "strangers", 0, True, met=[("a", "b")]) == E.pair_up(small, 2, "strangers", 0, True)


def test_pair_up_refuses_bad_input():
    with pytest.raises(ValueError, match="distinct"):
        E.pair_up(["a", "a"], 1, "strangers", 0, True)
    with pytest.raises(ValueError, match="1-based"):
        E.pair_up(["a", "b"], 0, "strangers", 0, True)
    with pytest.raises(ValueError, match="matching"):
        E.pair_up(["a", "b"], 1, "random", 0, True)
    with pytest.raises(ValueError, match="non-empty"):
        E.pair_up(["a", ""], 1, "partners", 0, True)
    assert E.pair_up([], 1, "strangers", 0, True) == []
    assert E.pair_up(["solo"], 1, "partners", 0, False) == [("solo", None)]


# ---------------------------------------------------------------------------
# bots


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_bots_sample_the_equilibrium_mix(name):
    exp = E.get(name)
    for role in (0, 1):
        draws = [E.bot_choice(exp, role, random.Random(5)) for _ in range(3)]
        assert len(set(draws)) == 1  # deterministic given the generator
        rng = random.Random(11)
        n = 4000
        counts = Counter(E.bot_choice(exp, role, rng) for _ in range(n))
        for label, p in exp.equilibrium()[role].items():
            if p in (0, 1):
                assert counts[label] == p * n
            else:  # 4.5 standard errors: a fixed seed, and still a real check of the mix
                assert abs(counts[label] / n - float(p)) < 4.5 * math.sqrt(float(p * (1 - p)) / n), (label, counts)


# ---------------------------------------------------------------------------
# records


def test_results_round_trip_csv_json_and_list_behaviour(tmp_path):
    res = E.simulate_class(E.get("encounter"), 5, 3, "strangers", seed=3)
    assert len(res) == 15 and res[0]["round"] == 1 and isinstance(res[1:3], Results) and len(res[1:3]) == 2
    assert list(res)[4] == res[4] and list(res[0]) == list(E.FIELDS)
    path = tmp_path / "r.csv"
    res.to_csv(path)
    assert Results.from_csv(path) == res
    assert path.read_text(encoding="utf-8") == res.to_csv()
    buf = io.StringIO()
    res.to_csv(buf)
    assert Results.from_csv(io.StringIO(buf.getvalue())) == res
    assert Results.from_json(res.to_json()) == res
    assert Results.from_json(res.to_json().encode()) == res
    assert res.to_csv().splitlines()[0] == ",".join(E.FIELDS)
    assert "\r" not in res.to_csv()
    assert "15 records" in repr(res)


text_field = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(str.strip)


@SETTINGS
@given(st.lists(st.fixed_dictionaries({
    "session": text_field, "round": st.integers(1, 10**6), "participant": text_field, "role": text_field,
    "choice": text_field, "opponent": text_field, "opponent_choice": text_field,
    "payoff": st.floats(allow_nan=False, allow_infinity=False), "by": st.sampled_from(E.BY_VALUES)}),
    max_size=8, unique_by=lambda r: (r["session"], r["round"], r["participant"])))
def test_any_valid_records_round_trip(rows):
    res = Results(rows)
    assert Results.from_csv(io.StringIO(res.to_csv())) == res
    assert Results.from_json(res.to_json()) == res


@pytest.mark.parametrize("bad, field", [
    ({"round": 0}, "round"), ({"round": "2"}, "round"), ({"round": True}, "round"), ({"round": 1.5}, "round"),
    ({"payoff": "high"}, "payoff"), ({"payoff": math.inf}, "payoff"), ({"payoff": None}, "payoff"),
    ({"by": "robot"}, "by"), ({"participant": ""}, "participant"), ({"choice": 3}, "choice"),
    ({"session": "  "}, "session"),
])
def test_bad_records_name_the_field(bad, field):
    with pytest.raises(RecordError) as e:
        Results([record(), record(**{"participant": "p02", **bad})])
    assert e.value.field == field and e.value.row == 1
    assert f"row 1, field {field!r}" in str(e.value)


def test_bad_record_shapes():
    with pytest.raises(RecordError, match="missing field 'by'") as e:
        Results([{k: v for k, v in record().items() if k != "by"}])
    assert e.value.field == "by"
    with pytest.raises(RecordError, match="unknown field 'extra'"):
        Results([record(extra=1)])
    with pytest.raises(RecordError, match="row 0: a record must be an object"):
        Results.from_json("[[1, 2]]")
    with pytest.raises(RecordError, match="JSON array"):
        Results.from_json('{"rows": []}')
    with pytest.raises(RecordError, match="not JSON"):
        Results.from_json("[{")
    with pytest.raises(RecordError, match="p01 already has a record for round 1") as e:
        Results([record(), record(opponent="p03")])
    assert e.value.row == 1 and e.value.field == "participant"
    Results([record(), record(round=2), record(session="t")])  # the same person in other rounds / sessions
    assert Results([record(round=np.int64(3), payoff=np.float32(0.5))])[0] == record(round=3, payoff=0.5)
    with pytest.raises(RecordError, match="field 'round'"):
        Results.from_csv(io.StringIO(Results([record()]).to_csv().replace("s,1,", "s,\u00b2,")))


def test_bad_csv_names_row_line_and_field():
    good = Results([record(), record(participant="p02")]).to_csv()
    lines = good.splitlines()
    lines[2] = lines[2].replace("-0.7", "lots")
    expected = r"row 1 \(line 3\), field 'payoff': expected a finite number, got 'lots'"
    with pytest.raises(RecordError, match=expected) as e:
        Results.from_csv(io.StringIO("\n".join(lines) + "\n"))
    assert e.value.field == "payoff" and e.value.row == 1
    with pytest.raises(RecordError, match=r"row 0 \(line 2\), field 'round'"):
        Results.from_csv(io.StringIO(good.replace("s,1,p01", "s,one,p01")))
    with pytest.raises(RecordError, match="no column 'payoff'"):
        Results.from_csv(io.StringIO(good.replace(",payoff,", ",pay,")))
    with pytest.raises(RecordError, match="unknown column 'note'"):
        Results.from_csv(io.StringIO(good.replace(",by\n", ",by,note\n", 1)))
    with pytest.raises(RecordError, match=r"row 1 \(line 3\): expected 9 cells"):
        Results.from_csv(io.StringIO(good.rstrip("\n") + ",extra\n"))


def test_to_dataframe_or_a_clear_import_error():
    res = Results([record()])
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas"):
            res.to_dataframe()
    else:
        df = res.to_dataframe()
        assert list(df.columns) == list(E.FIELDS) and len(df) == 1


# ---------------------------------------------------------------------------
# statistics


def offense_records():
    """8 offense choices by students in two rounds (5 attack 08, 2 attack 15, 1 negotiate),
    one timeout, and defense records that must not count."""
    choices = ["attack 08"] * 5 + ["attack 15"] * 2 + ["negotiate"]
    rows = [record(participant=f"p{k:02d}", round=1 + k % 2, choice=c) for k, c in enumerate(choices)]
    rows.append(record(participant="p20", choice="attack 15", by="timeout"))
    rows.append(record(participant="p21", role="defense", choice="attack 14"))
    return rows


def wilson(x: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = x / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def test_choice_shares_counts_and_wilson_intervals():
    exp = E.get("encounter")
    table = E.choice_shares(offense_records(), exp, 0)
    assert [r["strategy"] for r in table] == exp.strategies(0)
    assert [r["count"] for r in table] == [5, 2, 1] and {r["n"] for r in table} == {8}
    row = table.row(strategy="attack 08")
    assert row["share"] == 5 / 8 and row["equilibrium"] == 7 / 8
    assert (round(row["lo"], 4), round(row["hi"], 4)) == (0.3057, 0.8632)  # the textbook 5 of 8
    for r in table:
        lo, hi = wilson(r["count"], 8)
        assert math.isclose(r["lo"], lo, abs_tol=1e-12) and math.isclose(r["hi"], hi, abs_tol=1e-12)
    with_timeouts = E.choice_shares(offense_records(), exp, 0, include_timeouts=True)
    assert [r["count"] for r in with_timeouts] == [5, 3, 1] and with_timeouts[0]["n"] == 9
    by_round = E.choice_shares(offense_records(), exp, 0, by_round=True)
    assert [(r["round"], r["count"]) for r in by_round] == [(1, 3), (1, 1), (1, 0), (2, 2), (2, 1), (2, 1)]
    assert by_round.row(round=1, strategy="negotiate")["hi"] == pytest.approx(wilson(0, 4)[1])
    defense = E.choice_shares(offense_records(), exp, 1)
    assert [r["count"] for r in defense] == [0, 1, 0]
    empty = E.choice_shares([], exp, 1)
    assert all(r["n"] == 0 and math.isnan(r["share"]) for r in empty)


def test_choice_shares_one_choice_per_student():
    exp = E.get("encounter")
    rows = [record(participant=p, round=r, role=role, choice=c) for p, r, role, c in [
        ("a", 1, "offense", "attack 08"), ("a", 2, "defense", "attack 06"), ("a", 3, "offense", "attack 15"),
        ("b", 1, "defense", "negotiate"), ("b", 2, "offense", "negotiate"), ("b", 3, "defense", "attack 14")]]
    last = E.choice_shares(rows, exp, 0, rounds="last")
    assert [r["count"] for r in last] == [0, 1, 1] and {r["n"] for r in last} == {2}
    assert "last own choice as the offense" in last.title and "from rounds 3: 1, 2: 1" in last.title
    first = E.choice_shares(rows, exp, 0, rounds="first")
    assert [r["count"] for r in first] == [1, 0, 1] and "from rounds 2: 1, 1: 1" in first.title
    assert first.row(strategy="attack 08")["hi"] == pytest.approx(wilson(1, 2)[1])
    one = E.choice_shares(rows, exp, 1, rounds=2)
    assert [r["count"] for r in one] == [1, 0, 0] and "round 2" in one.title
    assert E.from_rounds(rows) == {3: 2, 2: 2, 1: 2} and list(E.from_rounds(rows)) == [3, 2, 1]
    fit = E.equilibrium_test(rows, exp, 1, rounds="last", within_support=True)
    assert fit.from_rounds == {2: 1} and fit.n == 1   # b's last defense choice (a 14) is outside the support
    assert "from rounds 2: 1" in str(fit)
    with pytest.raises(ValueError, match="by_round"):
        E.choice_shares(rows, exp, 0, by_round=True, rounds="last")


def test_choice_names_say_what_a_terse_label_means():
    bid, enc = E.get("bidding"), E.get("encounter")
    assert [bid.choice_name(k) for k in bid.strategies(0)] == ["5: keep the 6", "6: spend the 6"]
    assert enc.choice_name("attack 08") == "attack 08"
    fig = E.plot_choices(E.simulate_class(bid, 6, 2, seed=1), bid)
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["5: keep the 6", "6: spend the 6"]


def test_choice_shares_check_records_against_the_game():
    exp = E.get("encounter")
    with pytest.raises(RecordError, match="row 0, field 'choice'.*'attack 99'"):
        E.choice_shares([record(choice="attack 99")], exp, 0)
    with pytest.raises(RecordError, match="row 0, field 'role'"):
        E.choice_shares([record(role="player")], exp, 0)
    bid = E.get("bidding")  # both sides of a symmetric game are one role
    rows = [record(participant="a", role="player", choice="5"), record(participant="b", role="player", choice="6")]
    assert [r["count"] for r in E.choice_shares(rows, bid, 0)] == [1, 1] == \
        [r["count"] for r in E.choice_shares(rows, bid, 1)]


def support_records(n08: int, n15: int, rounds: int = 1) -> list[dict]:
    return [record(participant=f"p{k:03d}", round=rounds, choice=c)
            for k, c in enumerate(["attack 08"] * n08 + ["attack 15"] * n15)]


def test_equilibrium_test_binomial_against_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    exp = E.get("encounter")  # offense: attack 08 7/8, attack 15 1/8, negotiate 0
    for n08, n15 in [(5, 3), (7, 1), (10, 0), (20, 9), (0, 4)]:
        res = E.equilibrium_test(support_records(n08, n15), exp, 0, method="exact")
        assert res.method == "exact multinomial" and res.n == n08 + n15 and res.df == 1
        assert res.pvalue == pytest.approx(scipy_stats.binomtest(n08, n08 + n15, 7 / 8).pvalue, rel=1e-9)
        chi = E.equilibrium_test(support_records(n08, n15), exp, 0, method="chi-square")
        ref = scipy_stats.chisquare([n08, n15], [(n08 + n15) * 7 / 8, (n08 + n15) / 8])
        assert chi.statistic == pytest.approx(ref.statistic) == res.statistic
        assert chi.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
        assert "below 5" in chi.note  # the 1/8 cell's expected count is small here
    res = E.equilibrium_test(support_records(5, 3), exp, 0)
    assert res.observed == {"attack 08": 5, "attack 15": 3, "negotiate": 0}
    assert res.expected == {"attack 08": 7.0, "attack 15": 1.0, "negotiate": 0.0}
    assert "5" in str(res) and "exact multinomial" in str(res)


def test_exact_multinomial_by_hand():
    # n = 3, p = (1/2, 1/4, 1/4): the outcomes (0,3,0) and (0,0,3) are the least probable,
    # 1/64 each; (0,2,1) and (0,1,2) have 3/64; the rest more.
    assert E._exact_multinomial_pvalue([0, 0, 3], [0.5, 0.25, 0.25]) == pytest.approx(2 / 64)
    assert E._exact_multinomial_pvalue([0, 2, 1], [0.5, 0.25, 0.25]) == pytest.approx(8 / 64)
    assert E._exact_multinomial_pvalue([1, 1, 1], [0.5, 0.25, 0.25]) == pytest.approx(1.0)


@SETTINGS
@given(st.lists(st.integers(0, 6), min_size=2, max_size=4), st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_exact_multinomial_against_brute_force(counts, weights):
    scipy_stats = pytest.importorskip("scipy.stats")
    probs = [w / sum(weights[:len(counts)]) for w in weights[:len(counts)]]
    n = sum(counts)
    pmf = scipy_stats.multinomial(n, probs).pmf
    observed = pmf(counts)
    brute = sum(pmf(ys) for ys in E._compositions(n, len(counts)) if pmf(ys) <= observed * (1 + 1e-7))
    assert E._exact_multinomial_pvalue(counts, probs) == pytest.approx(min(1.0, brute), rel=1e-6, abs=1e-12)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 8])
def test_chi_square_tail_against_scipy(df):
    scipy_stats = pytest.importorskip("scipy.stats")
    for x in [0.001, 0.5, 1.0, 3.84, 7.2, 15.0, 60.0]:
        assert E._chi2_sf(x, df) == pytest.approx(scipy_stats.chi2.sf(x, df), rel=1e-9, abs=1e-300)
    assert E._chi2_sf(0.0, df) == 1.0 and E._chi2_sf(math.inf, df) == 0.0


def test_equilibrium_test_off_support_rounds_and_degenerate_cases(monkeypatch):
    exp = E.get("encounter")
    rows = offense_records()  # one negotiate: never played in the equilibrium
    res = E.equilibrium_test(rows, exp, 0)
    assert res.pvalue == 0.0 and math.isinf(res.statistic) and "1 choice(s) the equilibrium never makes" in res.note
    inside = E.equilibrium_test(rows, exp, 0, within_support=True)
    assert inside.n == 7 and inside.observed["negotiate"] == 1 and "left out" in inside.note
    assert inside.pvalue == pytest.approx(E._exact_multinomial_pvalue([5, 2], [7 / 8, 1 / 8]))
    # rounds: the same three people in rounds 1 and 2
    people = [record(participant=p, round=r, choice=c) for p, r, c in [
        ("a", 1, "attack 08"), ("a", 2, "attack 15"), ("b", 1, "attack 08"), ("b", 2, "attack 08"),
        ("c", 2, "attack 15"), ("c", 3, "attack 15")]]
    assert E.equilibrium_test(people, exp, 0, rounds="first").observed["attack 08"] == 2
    assert E.equilibrium_test(people, exp, 0, rounds="last").observed["attack 15"] == 2
    assert E.equilibrium_test(people, exp, 0, rounds=2).n == 3
    assert "pooled as if independent" in E.equilibrium_test(people, exp, 0).note
    assert "pooled" not in E.equilibrium_test(people, exp, 0, rounds="first").note
    with pytest.raises(ValueError, match="rounds must be"):
        E.equilibrium_test(people, exp, 0, rounds="middle")
    with pytest.raises(ValueError, match="no choices"):
        E.equilibrium_test(people, exp, 1)
    with pytest.raises(ValueError, match="method"):
        E.equilibrium_test(people, exp, 0, method="bayes")
    # a pure equilibrium: p = 1 when everybody plays it, 0 otherwise
    bid = E.get("bidding")
    sixes = [record(participant=f"p{k}", role="player", choice="6") for k in range(6)]
    assert E.equilibrium_test(sixes, bid, 0).pvalue == 1.0
    assert E.equilibrium_test(sixes + [record(participant="x", role="player", choice="5")], bid, 0).pvalue == 0.0
    # auto: exact while the outcomes can be listed, then chi-square
    assert E.equilibrium_test(support_records(30, 10), exp, 0).method == "exact multinomial"
    monkeypatch.setattr(E.statistics, "EXACT_LIMIT", 5)  # the limit lives in the statistics module
    assert E.equilibrium_test(support_records(30, 10), exp, 0).method == "chi-square"


def test_the_test_rarely_rejects_a_class_that_plays_the_equilibrium():
    exp = E.get("duel")
    pvalues = [E.equilibrium_test(E.simulate_class(exp, 24, 1, seed=s, model="equilibrium"), exp, role).pvalue
               for s in range(40) for role in (0, 1)]
    assert sum(p < 0.05 for p in pvalues) <= 10  # the exact test is conservative: at most ~5% expected
    assert min(pvalues) > 0  # no impossible choice


# ---------------------------------------------------------------------------
# the plot


def test_plot_choices_draws_shares_intervals_and_equilibrium(tmp_path):
    import matplotlib

    exp = E.get("encounter")
    res = E.simulate_class(exp, 8, 3, seed=2)
    fig = E.plot_choices(res, exp)
    axes = fig.axes
    assert len(axes) == 2
    for ax, role in zip(axes, (0, 1)):
        shares = E.choice_shares(res, exp, role, by_round=True)
        dashed = sorted(line.get_ydata()[0] for line in ax.get_lines() if line.get_linestyle() == "--")
        assert dashed == sorted(float(p) for p in exp.equilibrium()[role].values())
        solid = [line for line in ax.get_lines() if line.get_linestyle() == "-"]
        assert len(solid) == len(exp.strategies(role))
        for line, label in zip(solid, exp.strategies(role)):
            assert list(line.get_ydata()) == [r["share"] for r in shares if r["strategy"] == label]
        assert exp.roles[role] in ax.get_title()

    def svg(by_round: bool) -> bytes:
        out = io.BytesIO()
        with matplotlib.rc_context({"svg.hashsalt": "ovnilab"}):
            E.plot_choices(res, exp, by_round=by_round).savefig(out, format="svg", metadata={"Date": None})
        return out.getvalue()

    assert svg(True) == svg(True) and svg(False) == svg(False) and svg(True) != svg(False)
    bid = E.get("bidding")
    bid_res = E.simulate_class(bid, 6, 2, seed=1)
    assert len(E.plot_choices(bid_res, bid).axes) == 1  # one role in a symmetric game
    from matplotlib.figure import Figure

    one, two = Figure().subplots(1, 2)
    assert E.plot_choices(res, exp, ax=[one, two]) is one.figure
    with pytest.raises(ValueError, match="2 axes"):
        E.plot_choices(res, exp, ax=one)


# ---------------------------------------------------------------------------
# the simulated class


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_simulate_class_is_deterministic_and_consistent(name):
    exp = E.get(name)
    a = E.simulate_class(exp, 7, 4, "strangers", seed=9)
    assert a == E.simulate_class(exp, 7, 4, "strangers", seed=9)
    assert a != E.simulate_class(exp, 7, 4, "strangers", seed=10)
    assert len(a) == 28 and {r["session"] for r in a} == {f"simulated-{name}-seed9"}
    by = {(r["round"], r["participant"]): r for r in a}
    for r in a:
        assert r["by"] == "student" and r["choice"] in exp.strategies(exp.role_index(r["role"]))
        if r["opponent"] == "bot":
            continue
        other = by[(r["round"], r["opponent"])]
        assert other["opponent"] == r["participant"] and other["choice"] == r["opponent_choice"]
        assert other["opponent_choice"] == r["choice"]
        if not exp.symmetric:
            assert other["role"] != r["role"]
        mine = exp.role_index(r["role"])
        cell = (r["choice"], r["opponent_choice"]) if mine == 0 else (r["opponent_choice"], r["choice"])
        assert r["payoff"] == exp.payoffs(*cell)[mine]
    bots = [r for r in a if r["opponent"] == "bot"]
    assert len(bots) == 4 and len({r["round"] for r in bots}) == 4  # 7 students: one bot per round
    for r in bots:
        assert exp.equilibrium()[1][r["opponent_choice"]] > 0  # the bot plays the equilibrium
        assert r["role"] == exp.roles[0] and r["payoff"] == exp.payoffs(r["choice"], r["opponent_choice"])[0]


def test_simulated_payoffs_are_the_games():
    exp = E.get("duel")
    for r in E.simulate_class(exp, 10, 3, "partners", seed=4):
        mine = exp.role_index(r["role"])
        cell = (r["choice"], r["opponent_choice"]) if mine == 0 else (r["opponent_choice"], r["choice"])
        assert r["payoff"] == exp.payoffs(*cell)[mine]


def test_simulated_partners_keep_partners_and_models_differ():
    exp = E.get("encounter")
    res = E.simulate_class(exp, 6, 4, "partners", seed=1)
    partner = {}
    for r in res:
        assert partner.setdefault(r["participant"], r["opponent"]) == r["opponent"]
    roles = {(r["participant"], r["round"]): r["role"] for r in res}
    assert all(roles[(p, 1)] != roles[(p, 2)] for p in partner)
    uniform = E.simulate_class(exp, 24, 5, seed=1, model="uniform")
    assert {r["choice"] for r in uniform if r["role"] == "offense"} == set(exp.strategies(0))
    eq = E.simulate_class(exp, 24, 5, seed=1, model="equilibrium")
    assert {r["choice"] for r in eq if r["role"] == "offense"} <= {"attack 08", "attack 15"}
    with pytest.raises(ValueError, match="model"):
        E.simulate_class(exp, 4, 1, model="genius")
    with pytest.raises(ValueError, match="n_students"):
        E.simulate_class(exp, 0, 1)
    with pytest.raises(ValueError, match="rounds"):
        E.simulate_class(exp, 4, 0)


def test_logit_learners_have_nothing_to_learn_in_the_bidding_dilemma():
    # the 6 pays 1/2 more than the 5 against every belief: the same logit probability of
    # keeping the 6, 1 / (1 + e^(4 x 1/2)) = 0.119, in every round (the lesson 2 text)
    exp = E.get("bidding")
    assert (exp.game.row_payoffs[1] - exp.game.row_payoffs[0]).tolist() == [0.5, 0.5]
    keep = 1 / (1 + math.exp(E.DEFAULT_PRECISION * 0.5))
    assert round(keep, 3) == 0.119
    shares = E.choice_shares(E.simulate_class(exp, 600, 4, seed=2), exp, 0, by_round=True)
    for row in shares:
        if row["strategy"] == "5":
            assert row["lo"] < keep < row["hi"], row


def test_logit_learners_move_toward_better_choices():
    # the duel's defense: negotiate is the best reply to a uniform offense; learners
    # choose it more often than the uniform third from the first round on
    exp = E.get("duel")
    res = E.simulate_class(exp, 24, 2, seed=0)
    first = E.choice_shares(res, exp, 1, by_round=True)
    assert first.row(round=1, strategy="negotiate")["share"] > 0.5


# ---------------------------------------------------------------------------
# the shipped data set


def test_shipped_data_regenerates_byte_for_byte(tmp_path):
    written = E.write_data(tmp_path)
    shipped = ROOT / "data" / "classroom"
    assert sorted(p.name for p in written) == sorted(p.name for p in shipped.iterdir())
    for path in written:
        assert path.read_bytes() == (shipped / path.name).read_bytes(), path.name
    readme = (shipped / "README.md").read_text(encoding="utf-8")
    assert "not real students" in readme
    assert "python -m ovnilab.classroom.experiments --write-data data/classroom" in readme
    for fname, spec in E.DATA_SETS.items():
        res = Results.from_csv(shipped / fname)
        assert len(res) == spec["n_students"] * spec["rounds"] == 120
        met = Counter(frozenset((r["participant"], r["opponent"])) for r in res)
        assert set(met.values()) == {2}, fname  # perfect strangers: each pair meets once (two records)
        assert E.repeated_meetings(res) == 0
        assert {r["session"] for r in res} == {f"simulated-{spec['experiment']}-seed{spec['seed']}"}
        assert fname in readme and str(spec["seed"]) in readme and spec["model"] in readme


def test_module_entry_point_writes_the_data(tmp_path):
    out = subprocess.run([sys.executable, "-m", "ovnilab.classroom.experiments", "--write-data", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "encounter_simulated.csv").read_bytes() == \
        (ROOT / "data" / "classroom" / "encounter_simulated.csv").read_bytes()


@pytest.mark.parametrize("name", E.EXPERIMENTS)
def test_load_recorded_reads_the_shipped_simulated_class(name):
    res = E.load_recorded(name)
    (fname,) = [f for f, spec in E.DATA_SETS.items() if spec["experiment"] == name]
    assert res == Results.from_csv(ROOT / "data" / "classroom" / fname)
    spec = dict(E.DATA_SETS[fname])
    exp = E.get(spec.pop("experiment"))
    assert res == E.simulate_class(exp, **spec)   # what the README says it is
    E.choice_shares(res, exp, 0)   # every record is a choice of the lesson's game


def test_load_recorded_refuses_unknown_names():
    for bad in ("dilemma", "", "encounter_simulated.csv", "../bidding", None, 3):
        with pytest.raises(ValueError, match="encounter, bidding, duel"):
            E.load_recorded(bad)


def test_load_recorded_goes_through_data_dir(tmp_path, monkeypatch):
    from ovnilab import datafiles

    mine = tmp_path / "classroom"
    mine.mkdir()
    few = E.simulate_class(E.get("duel"), 4, 2, seed=3)
    few.to_csv(mine / "duel_simulated.csv")
    asked = []
    monkeypatch.setattr(datafiles, "data_dir", lambda marker="ovni/board.toml": asked.append(marker) or tmp_path)
    assert E.load_recorded("duel") == few and asked == ["classroom/duel_simulated.csv"]


def test_load_recorded_from_the_wheels_layout(tmp_path):
    # the wheel force-includes data/ as ovnilab/data: lay the package out so (a copy of the
    # package with the data inside it, nothing at ../data) and load from there
    import shutil

    from ovnilab.datafiles import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]["data"] == "ovnilab/data"
    site = tmp_path / "site"
    shutil.copytree(ROOT / "ovnilab", site / "ovnilab", ignore=shutil.ignore_patterns("__pycache__", "data"))
    shutil.copytree(ROOT / "data", site / "ovnilab" / "data")
    code = ("import ovnilab, sys; from ovnilab.classroom import experiments as E; from ovnilab import datafiles\n"
            "r = E.load_recorded('bidding')\n"
            "print(ovnilab.__file__); print(datafiles.data_dir('classroom/bidding_simulated.csv')); print(len(r))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
    assert out.returncode == 0, out.stderr
    package, folder, n = out.stdout.split("\n")[:3]
    assert Path(package).resolve().is_relative_to(site.resolve()), package
    assert Path(folder).resolve() == (site / "ovnilab" / "data").resolve()
    assert int(n) == 120


def test_equilibrium_tests_adjust_every_test_of_the_table_together():
    from ovnilab.analysis import holm

    exp = E.get("duel")
    data = E.load_recorded("duel")
    table = E.equilibrium_tests(data, exp, rounds=("first", "last"), within_support=(False, True))
    assert len(table) == 8 and {r["role"] for r in table} == set(exp.roles)
    for row in table:
        single = E.equilibrium_test(data, exp, exp.roles.index(row["role"]), rounds=row["rounds"],
                                  within_support=row["test"] == "within support")
        assert (row["p"], row["n"], row["statistic"]) == (single.pvalue, single.n, single.statistic)
    assert [r["holm_p"] for r in table] == holm([r["p"] for r in table])
    sym = E.equilibrium_tests(E.load_recorded("bidding"), E.get("bidding"), within_support=False)
    assert [r["role"] for r in sym] == ["player"]  # a symmetric game has one role


def test_a_live_class_whose_members_change_meets_no_opponent_twice(tmp_path):
    """Perfect strangers in a live class: a late arrival changes the set of students
    between rounds, and the room passes the pairs already played, so no pair repeats
    (issue 31)."""
    from ovnilab.classroom import Classroom

    cl = Classroom(tmp_path / "c.sqlite")
    exp = cl.open_experiment("duel", rounds=5, seed=2, pause=0, matching="strangers")
    seats = [cl.join(exp.code, f"S{k}") for k in range(6)]
    exp.start()
    met: set[frozenset] = set()
    for rnd in range(1, 6):
        cl.tick()
        if rnd == 2:
            seats.append(cl.join(exp.code, "Late"))  # plays from the next round
        for s in seats:
            v = s.view()
            if v["your_turn"]:
                s.play(v["legal"][0])
        cl.tick()
    rows = exp.results()
    per_round: dict[int, set] = {}
    for r in rows:
        if r["opponent"] != "bot":
            per_round.setdefault(r["round"], set()).add(frozenset((r["participant"], r["opponent"])))
    for rnd in sorted(per_round):
        assert not (per_round[rnd] & met), f"round {rnd} repeats a pair: {per_round[rnd] & met}"
        met |= per_round[rnd]
    assert len(per_round) == 5 and any("p07" in p for p in met)  # the late student played
