"""The shipped, clearly labelled simulated data sets (``data/classroom/``): written by
:func:`write_data`, read by :func:`load_recorded`.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from .definitions import EXPERIMENTS, get
from .records import Results
from .matching import rounds_without_repeats
from .simulate import DEFAULT_PRECISION, simulate_class
from .statistics import repeated_meetings

# ======================================================================
# The shipped data set
# ======================================================================

#: the simulated classes shipped in ``data/classroom/`` (file name -> how it was made)
DATA_SETS: dict[str, dict[str, Any]] = {
    f"{name}_simulated.csv": {"experiment": name, "n_students": 24, "rounds": 5, "matching": "strangers",
                              "seed": 21, "model": "logit-fictitious-play"}
    for name in EXPERIMENTS
}


def _plays() -> str:
    """"24 students play 5 rounds" for the data sets (each checked to leave no
    repeated opponent by :func:`write_data`)."""
    sizes = sorted({(spec["n_students"], spec["rounds"]) for spec in DATA_SETS.values()})
    return " and ".join(f"{n} students play {r} rounds" for n, r in sizes)


def _readme() -> str:
    lines = [
        "# Class experiments: a SIMULATED class",
        "",
        "**These data are not real students.** Each file is a class simulated by ovnilab's",
        "`ovnilab.classroom.experiments.simulate_class`, so that the lessons' \"play it first\"",
        "sections can run their analysis (and nbval can check it) without a class. A class's own",
        "data, from `room.results()`, has exactly the same columns.",
        "",
        "| file | experiment (lesson) | students | rounds | matching | model | precision | seed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for fname, spec in DATA_SETS.items():
        exp = get(spec["experiment"])
        lines.append(f"| `{fname}` | {exp.name} (`{exp.lesson}`) | {spec['n_students']} | {spec['rounds']} | "
                     f"{spec['matching']} | {spec['model']} | {DEFAULT_PRECISION:g} | {spec['seed']} |")
    lines += [
        "",
        "The matching (`strangers`): *perfect strangers*, as experimental economics uses the word.",
        "The rounds follow a round-robin schedule over the students in a random order, so nobody",
        "meets the same opponent twice while the schedule lasts (n - 1 rounds for an even class of",
        "n, n rounds for an odd one, whose bot counts as a seat). Here",
        f"{_plays()}: no student meets an opponent twice.",
        "In the offense/defense games (encounter, duel) each pair's roles are drawn at random every",
        "round, so a student's last choice as the offense need not come from the last round. See",
        "`pair_up` in `ovnilab/classroom/experiments/matching.py`.",
        "",
        "The model (`logit-fictitious-play`): stochastic fictitious play with logit choice. Each",
        "simulated student believes the other role plays the mix of the opponents it has met so far",
        "(starting from a uniform belief) and picks each choice with probability proportional to",
        "exp(precision x its expected payoff against that belief). An odd student would meet a bot",
        "playing the lesson's equilibrium (24 is even: no bot here). The games and payoffs are the",
        "lessons' (see `ovnilab/classroom/experiments/simulate.py`). The model cares only about its own payoff:",
        "it does not reproduce, for example, the cooperation that real classes often show in a",
        "prisoner's dilemma (the bidding experiment). Compare a real class with it, not the reverse.",
        "",
        "Columns, one row per participant per round: `session` (here `simulated-<experiment>-seed<seed>`),",
        "`round` (from 1), `participant` (a pseudonymous id), `role`, `choice`, `opponent` (`bot` for a",
        "bot), `opponent_choice`, `payoff`, `by` (who made the choice: `student`, `timeout` when the time",
        "limit ran out and a bot chose, `bot` when the teacher gave the seat to a bot).",
        "",
        "Regenerate (byte for byte; `tests/classroom/test_experiments.py` checks it):",
        "",
        "```",
        "python -m ovnilab.classroom.experiments --write-data data/classroom",
        "```",
        "",
    ]
    return "\n".join(lines)


def write_data(folder: str | os.PathLike[str]) -> list[Path]:
    """Write the simulated data sets of :data:`DATA_SETS` and their README into
    ``folder``; return the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for fname, spec in DATA_SETS.items():
        spec = dict(spec)
        exp = get(spec.pop("experiment"))
        results = simulate_class(exp, **spec)
        if spec["matching"] == "strangers" and spec["rounds"] <= rounds_without_repeats(spec["n_students"]):
            assert repeated_meetings(results) == 0, f"{fname}: perfect strangers met again"
        path = out / fname
        results.to_csv(path)
        written.append(path)
    readme = out / "README.md"
    readme.write_text(_readme(), encoding="utf-8", newline="\n")
    written.append(readme)
    return written


def load_recorded(name: str) -> Results:
    """The shipped data set of experiment ``name`` (one of :data:`EXPERIMENTS`): the
    **simulated** class of :data:`DATA_SETS` (``data/classroom/<name>_simulated.csv``; not
    real students, see that folder's README), as :class:`Results`, the same table a
    class's ``room.results()`` gives.

    Read through :func:`ovnilab.datafiles.data_dir`, so it works from a source checkout
    (``data/``) and from an installed wheel (``ovnilab/data``), with the data-file policy
    of :mod:`ovnilab.datafiles` (a regular file of bounded size)."""
    from ... import datafiles

    found = [fname for fname, spec in DATA_SETS.items() if spec["experiment"] == name]
    if not isinstance(name, str) or len(found) != 1:
        raise ValueError(f"no recorded data set for experiment {name!r}; the experiments are "
                         f"{', '.join(EXPERIMENTS)}")
    marker = f"classroom/{found[0]}"
    path = datafiles.data_dir(marker) / marker
    text = datafiles.read_data_file(path).decode("utf-8")
    return Results.from_csv(io.StringIO(text))
