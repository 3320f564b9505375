"""Turn the lessons into nbgrader assignments: ``make assignments`` (or
``python tools/assignments.py [--out DIR] [LESSON ...]``).

nbgrader is the classroom standard for Jupyter (it runs on JupyterHub and grades
automatically), so this script only lays out an nbgrader course folder and asks nbgrader
to do the work:

    notebooks/assignments/           an nbgrader course (``cd notebooks/assignments && nbgrader ...``)
      nbgrader_config.py
      source/<lesson>/<lesson>.ipynb   the instructor version (the lesson, prepared below)
      release/<lesson>/<lesson>.ipynb  the student version to hand out
      gradebook.db

Hand out ``release/<lesson>/``; collect submissions into ``submitted/<student>/<lesson>/``
and run ``nbgrader autograde <lesson>`` in the course folder.

``--lang pt`` (``make assignments LANG=pt``) makes the Portuguese lessons of
``notebooks/pt/lessons`` (issue 33) into assignments of the same course, named as their
notebooks are (``01_equilibrio_de_nash``), with the notes below in Portuguese
(:data:`NOTES`); the lessons' code, checks included, is the English lessons' code.

What a student gets, and why
----------------------------
A student opens the lesson and presses Run All (Run > Run All Cells), as the boards of
the course ask and as one does with a notebook handed out. They expect the whole lesson to
run, its teaching cells included, and to be shown which answers are still missing; a run
that stops at the first exercise leaves the rest of the lesson blank and looks broken. So
stubs do not stop the notebook (and the first cell also says what happens):

- **No stub raises.** Every answer cell of a lesson sets ``answer_k = None`` (with a
  comment saying what to put there) *outside* its ``### BEGIN SOLUTION`` block; nbgrader
  keeps that line and replaces the block with :data:`CODE_STUB`, which is empty. nbgrader's
  default stub (``raise NotImplementedError()``) stopped Run All at the first exercise,
  mid-lesson in lessons 2 and 5, before cells that teach.
- **An unanswered exercise says so, and the run goes on.** Its check cell's visible line
  ``assert answer_k is not None, say("store_answer", k=k)`` fails with the message "store
  your answer in answer_k", in the lesson's language (``ovnilab.texts``), not a NameError
  (the stub defined ``answer_k``). A failing cell stops Run All in JupyterLab, so
  :func:`prepare` tags every check cell ``raises-exception``: JupyterLab (and nbclient,
  which ``nbgrader autograde`` and nbconvert use) then shows the error and runs the next
  cells (seen in JupyterLab 4.6 on lesson 2: untagged, Run All stopped at exercise 1's
  check; tagged, it ran every code cell). The grade is unchanged: nbgrader scores a check
  cell with an error 0, tagged or not, and restores the hidden tests when it grades.
- **The reasoning has a place.** After each exercise's check cell :func:`prepare` adds a
  markdown answer cell (nbgrader's "manually graded answer", :data:`REASONING_POINTS`
  point): how the student found the value (the working of a pen-and-paper exercise) and
  the answers to the exercise's questions in words. The value is typed (or computed) in
  the answer cell and autograded; the teacher grades the reasoning. An untouched
  reasoning cell scores 0 by itself. (These cells live in the course only: the lesson
  itself keeps its cell budget of one class period.)
- The first cell is followed by a short note, :data:`HOW_TO_ANSWER`, that says all this
  to the student: Run All, then answer; what the red message means; that Run All goes on.

Values: a hidden test accepts every answer the exercise's own instructions lead to
(a decimal within the tolerance the exercise states, ``z = 1.96`` where the lesson says
so); an exercise demands an exact value only where it says so. tests/test_assignments.py
grades, for every exercise, an answer written the way a student would write it.

The collapsed solution and test cells of the instructor version are un-collapsed in the
student version, so the student sees where to answer; nothing of a solution or a hidden
test reaches it (nbgrader removes them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "notebooks" / "lessons"
#: each language's lessons (the Portuguese ones are the English translated, issue 33)
LESSON_FOLDERS = {"en": LESSONS, "pt": ROOT / "notebooks" / "pt" / "lessons"}
#: the course folder: inside notebooks/, JupyterLab's root in `make lab`, so the teacher
#: opens the student versions there and nbgrader's Lab extension finds its course (the
#: project's nbgrader_config.py names it)
COURSE = ROOT / "notebooks" / "assignments"

#: what replaces a code solution block: nothing, because each answer cell sets its own
#: ``answer_k = None`` before the block and says there what to do (see the docstring)
CODE_STUB = ""
#: what replaces the solution block of a markdown answer (the reasoning cells)
TEXT_STUB = "YOUR ANSWER HERE"
#: points of each reasoning cell, graded by the teacher
REASONING_POINTS = 1
#: the tag that lets JupyterLab's Run All (and nbclient) go on past a failing cell
RAISES = "raises-exception"

CONFIG = '''# nbgrader configuration of the ovnilab course (written by tools/assignments.py).
c = get_config()  # noqa: F821 (provided by nbgrader)
c.CourseDirectory.course_id = "ovnilab"
c.CourseDirectory.root = {root!r}
# Each answer cell sets `answer_k = None` outside its solution block: the block becomes
# nothing, so no stub raises and Run All goes through the lesson (tools/assignments.py).
c.ClearSolutions.code_stub = {{"python": {code_stub!r}}}
c.ClearSolutions.text_stub = {text_stub!r}
# The lessons run simulations: give each cell the time nbval gives it in the tests.
c.ExecutePreprocessor.timeout = 120
'''

HOW_TO_ANSWER = """\
**How to answer (student version).** Run the whole lesson with Run > Run All Cells,
then work through it. Each exercise's text is followed by three cells:

1. an answer cell that starts with `answer_k = None`: replace `None` by your answer, or
   write there the code that computes it and stores it in `answer_k`. Where a decimal is
   accepted the exercise says how close it must be;
2. a check cell: while `answer_k` is still `None` it shows a red
   `AssertionError: store your answer in answer_k`. Run All shows that message and goes
   on with the lesson. Your teacher's grading runs more checks than you see here;
3. a *reasoning* cell: write how you found the answer (your working for a pen-and-paper
   exercise) and answer the exercise's questions in words. Your teacher grades it.
"""

REASONING = """\
**Your reasoning for exercise {n}** (graded by your teacher): how you found the answer,
and your answers to the exercise's questions in words.

### BEGIN SOLUTION
The worked solution, with the answers in words, is in the comments of the answer cell
above.
### END SOLUTION"""


def lessons(names: list[str] | None = None, lang: str = "en") -> list[Path]:
    """The lesson notebooks to publish (all of ``notebooks/lessons`` by default; those of
    ``notebooks/pt/lessons`` for ``lang="pt"``)."""
    found = sorted(LESSON_FOLDERS[lang].glob("*.ipynb"))
    if not names:
        return found
    by_stem = {p.stem: p for p in found}
    missing = [n for n in names if Path(n).stem not in by_stem]
    if missing:
        raise SystemExit(f"no lesson named {missing}; lessons: {sorted(by_stem)}")
    return [by_stem[Path(n).stem] for n in names]


def api(course: Path, lang: str = "en"):
    """An nbgrader API object rooted at ``course`` (``lang``: the language of the
    reasoning cells' stub)."""
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
    config.ClearSolutions.code_stub = {"python": CODE_STUB}
    config.ClearSolutions.text_stub = NOTES[lang]["text_stub"]
    config.ExecutePreprocessor.timeout = 120
    return NbGraderAPI(config=config)


HOW_TO_ANSWER_PT = """\
**Como responder (versão do aluno).** Rode a lição inteira com Run > Run All Cells,
depois trabalhe nela. O texto de cada exercício é seguido de três células:

1. uma célula de resposta que começa com `answer_k = None`: troque `None` pela sua
   resposta, ou escreva ali o código que a calcula e a guarda em `answer_k`. Onde um
   decimal é aceito, o exercício diz com que precisão;
2. uma célula de verificação: enquanto `answer_k` ainda for `None` ela mostra um
   `AssertionError: guarde a sua resposta em answer_k` em vermelho. O Run All mostra
   essa mensagem e continua a lição. A correção do seu professor roda mais verificações
   do que as que você vê aqui (e as suas mensagens, no retorno da correção, estão em
   inglês);
3. uma célula de *raciocínio*: escreva como você encontrou a resposta (as suas contas
   num exercício de lápis e papel) e responda em palavras às perguntas do exercício. O
   seu professor a corrige.
"""

REASONING_PT = """\
**O seu raciocínio no exercício {n}** (corrigido pelo seu professor): como você encontrou a
resposta, e as suas respostas em palavras às perguntas do exercício.

### BEGIN SOLUTION
A solução comentada, com as respostas em palavras, está nos comentários da célula de
resposta acima.
### END SOLUTION"""

#: what a student reads around the lesson, per language of the lessons
NOTES = {"en": {"how_to_answer": HOW_TO_ANSWER, "reasoning": REASONING, "text_stub": TEXT_STUB},
         "pt": {"how_to_answer": HOW_TO_ANSWER_PT, "reasoning": REASONING_PT, "text_stub": "SUA RESPOSTA AQUI"}}


def _markdown(cell_id: str, source: str, nbgrader: dict | None = None) -> dict:
    cell = {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}
    if nbgrader:
        cell["metadata"]["nbgrader"] = nbgrader
    return cell


def prepare(path: Path, lang: str = "en") -> None:
    """Make the course's copy of a lesson (``source/``) ready for nbgrader, as the module
    docstring says: the note :data:`HOW_TO_ANSWER` after the first cell, every check cell
    tagged :data:`RAISES`, and a reasoning cell after each exercise's check cell."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = nb["cells"]
    out: list[dict] = []
    for i, cell in enumerate(cells):
        out.append(cell)
        if i == 0:
            out.append(_markdown("how-to-answer", NOTES[lang]["how_to_answer"]))
        nbg = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] != "code" or not nbg.get("grade") or nbg.get("solution"):
            continue
        tags = cell["metadata"].setdefault("tags", [])
        if RAISES not in tags:
            tags.append(RAISES)
        exercise = re.fullmatch(r"ex(\d+)-check", nbg.get("grade_id", ""))
        following = cells[i + 1] if i + 1 < len(cells) else {}
        if exercise and not (following.get("cell_type") == "markdown"
                             and following.get("metadata", {}).get("nbgrader", {}).get("solution")):
            n = exercise.group(1)
            out.append(_markdown(f"ex{n}-reasoning", NOTES[lang]["reasoning"].format(n=n), {
                "grade": True, "grade_id": f"ex{n}-reasoning", "locked": False,
                "points": REASONING_POINTS, "schema_version": 3, "solution": True, "task": False}))
    nb["cells"] = out
    # The course's copies are not paired with a script: drop jupytext's pairing.
    nb.get("metadata", {}).pop("jupytext", None)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


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


def build(course: Path, names: list[str] | None = None, lang: str = "en") -> list[str]:
    """Lay out the course at ``course`` and generate the student versions of ``lang``'s
    lessons; returns the assignment names. Raises RuntimeError with nbgrader's log when
    it fails."""
    course = course.resolve()
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(
        CONFIG.format(root=str(course), code_stub=CODE_STUB, text_stub=NOTES[lang]["text_stub"]), encoding="utf-8")
    grader = api(course, lang)
    made = []
    for lesson in lessons(names, lang):
        name = lesson.stem
        src = course / "source" / name
        if src.exists():
            shutil.rmtree(src)
        src.mkdir(parents=True)
        shutil.copy2(lesson, src / lesson.name)
        prepare(src / lesson.name, lang)
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
    parser.add_argument("--lang", default="en", choices=sorted(LESSON_FOLDERS),
                        help="the lessons' language: en (notebooks/lessons, the default) or pt (notebooks/pt/lessons)")
    parser.add_argument("lesson", nargs="*", help="lesson names (default: every lesson)")
    args = parser.parse_args(argv)
    made = build(args.out, args.lesson or None, args.lang)
    for name in made:
        print(f"{args.out / 'release' / name}")
    print(f"{len(made)} student versions under {args.out / 'release'}; hand out a folder, "
          f"grade with `nbgrader autograde LESSON` in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
