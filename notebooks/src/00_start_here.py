# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Start here: ovnilab for teachers
#
# **ovnilab** turns three tabletop games into material a class can play, question and
# measure in one Jupyter session:
#
# - **Ovni** (Marcos Macri): alien planets bid command tokens for aliens, fly UFOs over
#   twelve cities and abduct humans (a bidding game, majorities, turn order).
# - **Cosmic Encounter** (the 2008 base game): attack or negotiate, alliances, deals, alien
#   powers that break the rules (simultaneous games, bargaining, asymmetry).
# - **The cow-abduction pyramid game**: a two-player card game small enough to solve its
#   endgames exactly (game trees, hidden cards).
#
# Every rule comes from the rulebooks in `seeds/`; where a rulebook is silent the project
# ships a documented reconstruction in `data/`, and where it is ambiguous the other
# reading is a rule option. This page says what is here, which lesson fits which course,
# how to play a board in class and how to hand out an assignment.
#
# | folder | for | what |
# | --- | --- | --- |
# | [`lessons/`](lessons/) | students, in class | one class period each, with the mathematics on the page and graded exercises |
# | [`play/`](play/) | everyone | a ready board per game: [Ovni](play/ovni.ipynb), [Cosmic Encounter](play/cosmic.ipynb), [the cow game](play/cows.ipynb) |
# | [`rules/`](rules/) | everyone | every rule shown on a real position: [Ovni](rules/ovni.ipynb), [the cow game](rules/cows.ipynb), Cosmic in four parts ([encounter](rules/cosmic_1_encounter.ipynb), [cards and deals](rules/cosmic_2_cards_and_deals.ipynb), [the green aliens](rules/cosmic_3_aliens.ipynb), [the yellow and red aliens](rules/cosmic_4_yellow_red_aliens.ipynb)) |
# | [`explore/`](explore/) | designers, curious students | balance, what-if rule variants, bot ladders, alien and card statistics |
# | [`mine/`](mine/README.md) | you | your own notebooks: [make your own notebook](mine/README.md) |
#
# **[Make your own notebook](mine/README.md)**: the link opens your folder's page and shows
# the folder, `mine/`, in the file browser on the left; there *File > New > Notebook* makes
# a notebook that runs the project's Python (`from ovnilab import ovni` works as in the
# lessons), and a lesson copied there (right-click it, *Copy*, then *Paste* in `mine/`) is
# yours to change. What you keep in `mine/` stays yours: it is not paired with a script as
# the notebooks here are, git ignores it (an update of the project never touches it) and
# the tests leave it alone.
#
# ## The lessons
#
# The table below is read from the lessons themselves (their first cell and their
# exercises), so it always matches what is in the folder.

# %%
import json
import re
from pathlib import Path

from IPython.display import Markdown, display

from ovnilab.texts.start_here import say   # the sentences this page prints, in its language


def first_cell_field(text, name):
    """The text after a bold heading such as **Time:** up to the next bold heading."""
    m = re.search(rf"\*\*{name}:?\*\*:?\s*(.*?)(?=\n\s*\*\*[A-Z]\w+:?\*\*|\Z)", text, re.DOTALL)
    return " ".join(m.group(1).split()) if m else ""


rows = {}   # lesson number -> (path, title, time, exercises): this page's language first
for folder in say.value("lesson_folders"):
    for path in sorted(Path(folder).glob("*.ipynb")):
        if path.name[:2] in rows:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        head = "".join(cells[0]["source"])
        title = head.splitlines()[0].lstrip("# ").strip()
        if folder != say.value("lesson_folders")[0]:
            title += say("in_english")
        exercises = sum(len(re.findall(r"^###\s+(?:Exercise|Exercício)\s+\d+", "".join(c["source"]), re.MULTILINE))
                        for c in cells if c["cell_type"] == "markdown")
        rows[path.name[:2]] = (path, title, first_cell_field(head, "(?:Time|Tempo)"), exercises)

assert len(rows) >= 7, sorted(rows)
table = [say("table_head")]
table += [f"| [{title}]({path.as_posix()}) | {time} | {n} |" for path, title, time, n in (rows[k] for k in sorted(rows))]
display(Markdown("\n".join(table)))

# %% [markdown]
# **Which lessons for which course**
#
# - *Game theory* (undergraduate, one week per lesson or a block of four periods):
#   lessons 01 to 04: Nash equilibrium, dominance and the prisoner's dilemma, mixed
#   strategies and the value of a zero-sum game by linear programming, game trees and
#   backward induction. Each is built on a real decision of one of the games.
# - *Probability and statistics*: lessons 05 to 07: Bayes' rule with hidden cards,
#   estimating a win rate with a confidence interval, experiments on rules (paired
#   designs, multiple comparisons). Lessons 05 to 07 need no game theory.
# - *A single session to spark interest*: play a round on a [play board](play/ovni.ipynb)
#   (15 minutes), then lesson 01 or lesson 06.
# - *Game design club*: the [rules](rules/) references, then [`explore/`](explore/): change
#   a rule and measure the effect over thousands of games.
#
# Every number a lesson states is computed by the notebook and checked by it (an
# `assert`, or the sentence is generated from the value), and the whole course is run as a
# test suite before each release, so a lesson can be taught without editing it.
#
# ## Playing a board in class
#
# 1. Open a notebook in [`play/`](play/) and run all cells (menu *Run > Run All Cells*):
#    the board appears under the first cell. Nothing else is on the page.
# 2. Project it. You play seat 0 against bots; in the board's *new game* tab choose a
#    human or a bot for each seat and press *new game*: humans on several seats play hot
#    seat (students take turns at the projector), bots on every seat play each other
#    while the class watches (switch *bots auto* off and press *bot move* to go one
#    action at a time).
# 3. *undo* takes back the last human decision; the *history* slider replays every
#    position: useful to stop and ask "what would you do here?".
# 4. For a board on every student's screen, `make play HOST=0.0.0.0` in a terminal at the
#    project folder serves these notebooks to the room's network (code hidden, one game
#    per page); it prints the address students open. The README's "Playing in class"
#    says what that exposes; Ctrl+C stops it.
#
# ## A class plays together
#
# With `make play HOST=0.0.0.0` running, students can also play *together*, each on their
# own device: open a room from a notebook and they join it from the class page with a
# code (a phone is enough).
#
# ```python
# from ovnilab import classroom
# room = classroom.open_room("cows")                      # two students at one table
# room = classroom.open_session("cows", group_size=2)     # the whole class, in pairs as they arrive
# room = classroom.open_experiment("encounter", rounds=5) # lesson 1's game, played by the class
# room                                                    # the projector view and your controls
# ```
#
# The projector view shows the join code, the public board (nobody's hand), who has joined
# and whose turn it is, with buttons to start, pause, end and hand a seat to a bot. A
# time limit per decision (two minutes for a move in a game, one for an experiment's
# choice, unless you choose another) hands a slow decision to a bot, so nobody stalls
# the class. An experiment keeps the lesson's equilibrium off the projector until you press
# *show the equilibrium*. `room.results()` gives the class's data, and
# `classroom.room("ABC123").results()` gives it in any notebook (the code the projector
# shows); `results.to_csv("period1.csv")` keeps it for a later period. Lessons 1-3 each
# have an optional "play it first" section that analyses an experiment of the class. The
# README's "A class plays together" says what serving exposes and how a
# reload or a restart loses nothing.

# %%
# the time limits named above, as ovnilab.classroom sets them
import inspect

from ovnilab.classroom.rooms import Classroom

limit = {name: inspect.signature(getattr(Classroom, name)).parameters["decision_seconds"].default
         for name in ("open_room", "open_session", "open_experiment")}
print(say("time_limits", room=limit["open_room"], experiment=limit["open_experiment"]))
assert limit == {"open_room": 120, "open_session": 120, "open_experiment": 60}

# %% [markdown]
# ## Handing out an assignment
#
# Each lesson is also an [nbgrader](https://nbgrader.readthedocs.io) assignment (nbgrader
# runs on JupyterHub and grades automatically):
#
# 1. In a terminal at the project folder: `make assignments`. It writes an nbgrader course
#    folder `notebooks/assignments/` (the `assignments` folder beside this notebook in
#    JupyterLab's file browser) with the instructor versions in `source/` and the
#    student versions in `release/<lesson>/`: solutions and hidden tests removed, every
#    exercise's answer cell replaced by a stub.
# 2. Hand out `release/<lesson>/` (or use nbgrader's exchange on JupyterHub).
# 3. Put the returned notebooks in `assignments/submitted/<student>/<lesson>/` and run
#    `nbgrader autograde <lesson>` in `notebooks/assignments/` (then `nbgrader generate_feedback
#    <lesson>` for feedback files). Each exercise has a checked answer (graded
#    automatically) and a "reasoning" cell you grade by hand (nbgrader's formgrader).
#    Autograde prints `Attribute 'checksum' for cell exN-check has changed!` once for
#    every exercise's check cell. That is expected and harmless: the student version's
#    check cell lacks the hidden tests, so it differs from yours; nbgrader puts your cell
#    back, hidden tests included, and grades with it (which also undoes any change a
#    student made to a check cell). The project's tests check that autograde prints this
#    line for the check cells and for no other cell.
#    The project's own tests grade, for every exercise, an answer written as its
#    instructions lead a student to write it (rounded constants, decimals: full marks)
#    and an unanswered student version (zero, each check saying what is missing).
#    A student's Run All goes through the whole lesson: an unanswered check shows its
#    message and the next cells still run.
#
# In the instructor version (the notebooks in `lessons/`) each exercise's worked
# solution and its check sit in collapsed cells under the question: click the bar beside
# a collapsed cell to open it.
#
# ## The library in five lines
#
# Every game is started the same way and offers the same methods: `legal_actions()`,
# `apply(...)`, `undo()`, `clone()`, `scores()`, `winners()`, `to_json()`. Actions print as
# readable text, and the game reads that text back, in any case and spacing; a refused
# action names the rule it breaks and suggests up to three legal actions close to it:

# %%
import random

import ovnilab

game = ovnilab.make("ovni", num_players=3, seed=2026, setup="random")
first = game.legal_actions()[:3]
print(say("games", games=", ".join(sorted(ovnilab.GAMES))))
print(say("first_actions", actions=first))
assert all(game.parse_action(str(a)) == a for a in first)  # the text reads back
assert all(game.parse_action(str(a).upper()) == a for a in first)  # in any case
try:
    game.apply("move Berlim -> Paris")
except ovnilab.IllegalAction as err:
    assert 1 <= len(err.suggestions) <= 3
    print(say("refused", error=err))

# %% [markdown]
# A whole game between random players: the same seed and the same actions always give
# the same game, on any machine, so every number in these notebooks can be reproduced.
# A saved game is JSON (rule options, seed, action log); loading it replays every action.

# %%
rng = random.Random(1)
while not game.is_over():
    game.apply(rng.choice(game.legal_actions()))
again = ovnilab.load_json(game.to_json())
assert again == game
print(say("whole_game", rounds=game.round, actions=len(game.log), scores=game.scores(),
          winners=[game.seat_name(w) for w in game.winners()], same=again == game))
