"""The lessons follow the course contract of docs/writing_notebooks.md: a first cell with
Audience / Prerequisites / Objectives / Time / Glossary, the mathematics on the page, at
least three exercises (one pen and paper) each in nbgrader's three-cell form with a
collapsed, asserted solution, and one class period's length.

What cannot be read off the file (that every answer is right, that the student version
runs unanswered) is proved by nbval and by tests/test_assignments.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks" / "lessons").glob("*.ipynb"))
MAX_CELLS = 45  # "one class period, roughly 40 cells at most"
FIRST_CELL_HEADINGS = ("Audience", "Prerequisites", "Objectives", "Time", "Glossary")
EXERCISE = re.compile(r"^###\s+Exercise\s+(\d+)\b(.*)$", re.MULTILINE)
GAME_THEORY = ("01_", "02_", "03_")  # lessons where the student types a matrix into nashpy


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def _nbgrader(cell: dict) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def _hidden(cell: dict) -> bool:
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def test_the_course_has_its_lessons():
    names = [p.stem for p in LESSONS]
    assert len(names) >= 7, names
    assert [n[:3] for n in names] == [f"{i:02d}_" for i in range(1, len(names) + 1)], (
        f"lessons are numbered 01_.. without gaps: {names}")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_first_cell_introduces_the_lesson(path):
    first = _cells(path)[0]
    assert first["cell_type"] == "markdown"
    text = _src(first)
    assert text.startswith("# "), f"{path.name}: the first cell starts with the lesson's title"
    for heading in FIRST_CELL_HEADINGS:
        assert re.search(rf"(\*\*{heading}\b|^#+\s*{heading}\b)", text, re.MULTILINE), (
            f"{path.name}: the first cell needs a '{heading}' heading")
    minutes = [int(m) for m in re.findall(r"(\d+)\s*min", text)]
    assert minutes and max(minutes) <= 50, f"{path.name}: Time must say at most 50 minutes"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_one_class_period(path):
    cells = _cells(path)
    assert len(cells) <= MAX_CELLS, f"{path.name}: {len(cells)} cells is more than one period"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_mathematics_is_on_the_page(path):
    md = "\n".join(_src(c) for c in _cells(path) if c["cell_type"] == "markdown")
    assert re.search(r"\$[^$\n]+\$", md), f"{path.name}: no LaTeX mathematics in the text"
    if path.stem.startswith(GAME_THEORY):
        code = "\n".join(_src(c) for c in _cells(path) if c["cell_type"] == "code")
        assert re.search(r"\bnash(py)?\.Game\(", code), (
            f"{path.name}: a cell where the student types a payoff matrix into nashpy")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_exercises_have_collapsed_asserted_solutions(path):
    cells = _cells(path)
    found: list[tuple[int, str, str]] = []
    for i, c in enumerate(cells):
        if c["cell_type"] != "markdown":
            continue
        for m in EXERCISE.finditer(_src(c)):
            found.append((i, m.group(1), m.group(2)))
    numbers = [int(n) for _, n, _ in found]
    assert len(found) >= 3, f"{path.name}: at least three exercises (found {numbers})"
    assert numbers == list(range(1, len(found) + 1)), f"{path.name}: exercises numbered 1..N: {numbers}"
    assert any("pen and paper" in rest.lower() for _, _, rest in found), (
        f"{path.name}: at least one exercise is marked '(pen and paper)'")
    for i, n, _ in found:
        answer, check = cells[i + 1], cells[i + 2]
        where = f"{path.name} exercise {n}"
        a, t = _nbgrader(answer), _nbgrader(check)
        assert answer["cell_type"] == "code" and a.get("solution") and not a.get("grade"), (
            f"{where}: the cell after the question is nbgrader's answer cell (solution: true)")
        assert "### BEGIN SOLUTION" in _src(answer) and "### END SOLUTION" in _src(answer), where
        assert check["cell_type"] == "code" and t.get("grade") and not t.get("solution"), (
            f"{where}: then nbgrader's test cell (grade: true)")
        assert t.get("points", 0) > 0 and t.get("locked"), f"{where}: the test cell has points, locked"
        body = _src(check)
        hidden = body[body.find("### BEGIN HIDDEN TESTS"):body.find("### END HIDDEN TESTS")]
        assert "### BEGIN HIDDEN TESTS" in body and "assert" in hidden, (
            f"{where}: the test cell asserts the answer in hidden tests")
        assert _hidden(answer) and _hidden(check), f"{where}: solution and test cells are collapsed"
    ids = [_nbgrader(c)["grade_id"] for c in cells if _nbgrader(c)]
    assert len(ids) == len(set(ids)), f"{path.name}: grade_ids must be unique: {ids}"


# Portuguese names a student may meet, read from the game data (English-identical names
# such as Paris or Eclipse need no gloss).
def _portuguese_names() -> set[str]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    data = ROOT / "data"
    board = tomllib.loads((data / "ovni" / "board.toml").read_text(encoding="utf-8"))
    cards = tomllib.loads((data / "ovni" / "cards.toml").read_text(encoding="utf-8"))
    cows = tomllib.loads((data / "cows" / "cards.toml").read_text(encoding="utf-8"))
    names = {c["name"] for c in board.get("city", [])}
    names |= {h["name"] for h in cards.get("human", [])}
    names |= {f["name"] for f in cows.get("face", [])}
    english = {"Paris", "Washington", "Cairo", "Dubai", "Hong Kong", "Buenos Aires", "Eclipse"}
    return {n for n in names if n not in english}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_glossary_explains_every_portuguese_name_used(path):
    cells = _cells(path)
    glossary = _src(cells[0])
    seen = []
    for c in cells[1:]:
        texts = [_src(c)] if c["cell_type"] == "markdown" else []
        for out in c.get("outputs", []):
            t = out.get("text") or out.get("data", {}).get("text/plain", "")
            texts.append("".join(t) if isinstance(t, list) else t)
        seen.append("\n".join(texts))
    shown = "\n".join(seen)
    missing = sorted(n for n in _portuguese_names()
                     if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", shown) and n not in glossary)
    assert not missing, f"{path.name}: the glossary of the first cell lacks {missing}"


# Lessons whose exercise checks say in words what was expected when they fail (issue 31):
# all of them; a new lesson joins this list once its checks do too.
CHECKS_SAY_WHY = ("01_", "02_", "03_", "04_", "05_", "06_", "07_")


def _check_cell(path: Path, k: int) -> str:
    return next(_src(c) for c in _cells(path) if _nbgrader(c).get("grade_id") == f"ex{k}-check")


@pytest.mark.parametrize("path", [p for p in LESSONS if p.stem.startswith(CHECKS_SAY_WHY)], ids=lambda p: p.stem)
def test_a_failed_check_says_what_was_expected(path):
    """Every assert of an exercise's check cell (hidden tests included) carries a message:
    a student or a teacher reading nbgrader's feedback sees what was expected, never a
    bare AssertionError."""
    import ast

    for c in _cells(path):
        if not (_nbgrader(c).get("grade") and not _nbgrader(c).get("solution") and c["cell_type"] == "code"):
            continue
        for node in ast.walk(ast.parse(_src(c))):
            if isinstance(node, ast.Assert):
                assert node.msg is not None, (
                    f"{path.name} {_nbgrader(c)['grade_id']} line {node.lineno}: an assert without a message")


LESSON_7 = ROOT / "notebooks" / "lessons" / "07_experiments_on_rules.ipynb"


@pytest.mark.parametrize("answer", [{"A", "B", "C", "D"}, {"a", "b", "c", "d"}, [" a", "B ", "c", "D"],
                                    ("d", "c", "b", "a"), "a, b, c, d", "ABCD"])
def test_lesson7_exercise2_takes_the_letters_in_any_case_and_spacing(answer):
    from ovnilab import analysis

    exec(_check_cell(LESSON_7, 2), {"analysis": analysis, "answer_2": answer})


@pytest.mark.parametrize("answer, says", [({"A", "C", "D"}, "Holm's procedure declares"),
                                          ({"a", "b", "c", "d", "e"}, "card letters only"),
                                          (4, "a set of card letters")])
def test_lesson7_exercise2_wrong_answers_say_what_was_expected(answer, says):
    from ovnilab import analysis

    with pytest.raises(AssertionError, match=says):
        exec(_check_cell(LESSON_7, 2), {"analysis": analysis, "answer_2": answer})
