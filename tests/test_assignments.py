"""`make assignments` hands out every lesson through nbgrader, and nbgrader grades them.

For each lesson: tools/assignments.py builds the nbgrader course; the student version
holds no line of any solution or hidden test and shows every cell; nbgrader autogrades the
instructor version (full marks: every answer is right) and the unanswered student version
(zero on every autograded exercise, and only the exercise cells fail: the lesson still
runs top to bottom for a student who has not answered yet).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import assignments  # noqa: E402

LESSONS = assignments.lessons()
pytest.importorskip("nbgrader")

BLOCK = re.compile(r"### BEGIN (SOLUTION|HIDDEN TESTS)\n(.*?)### END \1", re.DOTALL)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def _secret_lines(path: Path) -> set[str]:
    """Lines that only appear inside solution / hidden-test blocks of the instructor
    version (a line also written outside them, like an import, is no secret)."""
    inside: set[str] = set()
    outside: list[str] = []
    for cell in _cells(path):
        src = _src(cell)
        for m in BLOCK.finditer(src):
            inside.update(line.strip() for line in m.group(2).splitlines())
        outside.extend(line.strip() for line in BLOCK.sub("", src).splitlines())
    return {line for line in inside - set(outside) if len(line) > 3}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    made = assignments.build(root)
    assert made == [p.stem for p in LESSONS]
    grader = assignments.api(root)
    for lesson in LESSONS:
        for student, version in (("instructor", root / "source"), ("blank", root / "release")):
            dest = root / "submitted" / student / lesson.stem
            dest.mkdir(parents=True)
            shutil.copy2(version / lesson.stem / lesson.name, dest / lesson.name)
            result = grader.autograde(lesson.stem, student)
            assert result.get("success"), result.get("error") or result.get("log")
    return root


def test_every_lesson_becomes_an_assignment():
    assert LESSONS, "no lessons in notebooks/lessons"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_student_version_leaks_no_solution(course, lesson):
    student = course / "release" / lesson.stem / lesson.name
    text = "\n".join(_src(c) for c in _cells(student))
    secrets = _secret_lines(lesson)
    assert secrets, f"{lesson.name}: no solution text found to check"
    leaked = sorted(s for s in secrets if s in text)
    assert not leaked, f"{lesson.name}: solution lines in the student version: {leaked[:5]}"
    for cell in _cells(student):
        assert not cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"), (
            f"{lesson.name}: a collapsed cell in the student version")
        assert not cell.get("outputs"), f"{lesson.name}: outputs left in the student version"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_instructor_version_gets_full_marks_and_blank_gets_zero(course, lesson):
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        full = gb.find_submission_notebook(lesson.stem, lesson.stem, "instructor")
        blank = gb.find_submission_notebook(lesson.stem, lesson.stem, "blank")
        auto = [g for g in full.grades if g.auto_score is not None]
        assert len(auto) >= 3, f"{lesson.name}: fewer than three autograded exercises"
        assert full.score == full.max_score > 0, (
            f"{lesson.name}: instructor version scored {full.score}/{full.max_score}: "
            + ", ".join(f"{g.name}={g.score}" for g in full.grades))
        for g in blank.grades:
            if g.auto_score is not None:
                assert g.auto_score == 0, f"{lesson.name}: unanswered {g.name} scored {g.auto_score}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_unanswered_lesson_still_runs(course, lesson):
    graded = course / "autograded" / "blank" / lesson.stem / lesson.name
    for i, cell in enumerate(_cells(graded)):
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            nbg = cell.get("metadata", {}).get("nbgrader", {})
            assert nbg.get("solution") or nbg.get("grade"), (
                f"{lesson.name} cell {i}: fails when the exercises are unanswered "
                f"({errors[0].get('ename')}: {errors[0].get('evalue')}); a lesson cell must not "
                "use an exercise's answer")


def test_the_course_is_where_jupyterlab_shows_it(monkeypatch):
    """make assignments writes the course inside notebooks/ (JupyterLab's root in make lab),
    and the project's nbgrader_config.py names it: nbgrader's Lab extension then finds its
    course (it warned 'No nbgrader_config.py file found' and that the course lay outside
    the notebook root) and the teacher opens the student versions from Lab's file browser."""
    from traitlets.config.loader import PyFileConfigLoader

    root = Path(__file__).resolve().parent.parent
    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    course = Path(config.CourseDirectory.root)
    assert course == assignments.COURSE and course.parent == root / "notebooks"
    assert config.CourseDirectory.course_id == "ovnilab"
    # and `make assignments` (tools/assignments.py without --out) writes there
    seen = []

    def build(out, names):
        seen.append(out)
        return []

    monkeypatch.setattr(assignments, "build", build)
    assert assignments.main([]) == 0 and seen == [assignments.COURSE]
