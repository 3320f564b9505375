"""Turn the lessons into nbgrader assignments: ``make assignments`` (or
``python tools/assignments.py [--out DIR] [LESSON ...]``).

nbgrader is the classroom standard for Jupyter (it runs on JupyterHub and grades
automatically), so this script only lays out an nbgrader course folder and asks nbgrader
to do the work:

    notebooks/assignments/           an nbgrader course (``cd notebooks/assignments && nbgrader ...``)
      nbgrader_config.py
      source/<lesson>/<lesson>.ipynb   the instructor version (the lesson as committed)
      release/<lesson>/<lesson>.ipynb  the student version to hand out
      gradebook.db

In the student version nbgrader replaces every ``### BEGIN SOLUTION`` block with a stub
and removes every ``### BEGIN HIDDEN TESTS`` block; the collapsed solution and test cells
of the instructor version are then un-collapsed, so the student sees where to answer.
Hand out ``release/<lesson>/``; collect submissions into ``submitted/<student>/<lesson>/``
and run ``nbgrader autograde <lesson>`` in the course folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks" / "lessons"
#: the course folder: inside notebooks/, JupyterLab's root in `make lab`, so the teacher
#: opens the student versions there and nbgrader's Lab extension finds its course (the
#: project's nbgrader_config.py names it)
COURSE = ROOT / "notebooks" / "assignments"

CONFIG = '''# nbgrader configuration of the ovnilab course (written by tools/assignments.py).
c = get_config()  # noqa: F821 (provided by nbgrader)
c.CourseDirectory.course_id = "ovnilab"
c.CourseDirectory.root = {root!r}
c.ClearSolutions.code_stub = {{"python": "# YOUR CODE HERE\\nraise NotImplementedError()"}}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
# The lessons run simulations: give each cell the time nbval gives it in the tests.
c.ExecutePreprocessor.timeout = 120
'''


def lessons(names: list[str] | None = None) -> list[Path]:
    """The lesson notebooks to publish (all of ``notebooks/lessons`` by default)."""
    found = sorted(LESSONS.glob("*.ipynb"))
    if not names:
        return found
    by_stem = {p.stem: p for p in found}
    missing = [n for n in names if Path(n).stem not in by_stem]
    if missing:
        raise SystemExit(f"no lesson named {missing}; lessons: {sorted(by_stem)}")
    return [by_stem[Path(n).stem] for n in names]


def api(course: Path):
    """An nbgrader API object rooted at ``course``."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    # nbgrader runs the `alembic` command of its own environment to set up the gradebook:
    # make the venv's scripts findable when Python was started by path (.venv/bin/python).
    bindir = str(Path(sys.executable).parent)
    if bindir not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")

    config = Config()
    config.CourseDirectory.root = str(course)
    config.CourseDirectory.course_id = "ovnilab"
    config.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
    config.ExecutePreprocessor.timeout = 120
    return NbGraderAPI(config=config)


def uncollapse(path: Path) -> None:
    """Show every cell of a student notebook (the instructor version hides solutions)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        jup = cell.get("metadata", {}).get("jupyter")
        if jup is not None:
            jup.pop("source_hidden", None)
            jup.pop("outputs_hidden", None)
            if not jup:
                del cell["metadata"]["jupyter"]
    # The student copy is not paired with a script: drop jupytext's pairing.
    nb.get("metadata", {}).pop("jupytext", None)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def build(course: Path, names: list[str] | None = None) -> list[str]:
    """Lay out the course at ``course`` and generate the student versions; returns the
    assignment names. Raises RuntimeError with nbgrader's log when it fails."""
    course = course.resolve()
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG.format(root=str(course)), encoding="utf-8")
    grader = api(course)
    made = []
    for lesson in lessons(names):
        name = lesson.stem
        src = course / "source" / name
        if src.exists():
            shutil.rmtree(src)
        src.mkdir(parents=True)
        shutil.copy2(lesson, src / lesson.name)
        result = grader.generate_assignment(name, force=True)
        if not result.get("success"):
            raise RuntimeError(f"nbgrader could not generate {name}:\n{result.get('error') or result.get('log')}")
        uncollapse(course / "release" / name / lesson.name)
        made.append(name)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=COURSE,
                        help="the nbgrader course folder to write (default: notebooks/assignments/)")
    parser.add_argument("lesson", nargs="*", help="lesson names (default: every lesson)")
    args = parser.parse_args(argv)
    made = build(args.out, args.lesson or None)
    for name in made:
        print(f"{args.out / 'release' / name}")
    print(f"{len(made)} student versions under {args.out / 'release'}; hand out a folder, "
          f"grade with `nbgrader autograde LESSON` in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
