"""Class experiments: the one-shot games of the lessons, played by a class, and the
statistics a lesson runs on what the class chose.

Pure logic: no database, no network, no widget. The room code (``ovnilab.classroom``'s
store and server) runs an experiment round by round with :func:`pair_up` and
:func:`bot_choice`, and stores one record per participant per round; everything here
reads those records.

Design
    * **The lesson's game, not a copy of it.** Each :class:`Experiment` holds the
      :class:`~ovnilab.theory.NormalFormGame` that its lesson computes, built by the same
      library call with the same arguments (the Cosmic encounters are played by the
      engine through :func:`ovnilab.cosmic.stats.planning_game`; the Ovni bid comes from
      :func:`ovnilab.theory.bidding_game`, i.e. from the engine's area rule). No payoff is
      typed here. The lessons' constants (hands, weights) are defined once below, each
      with the lesson cell it mirrors; ``tests/classroom/test_experiments.py`` reads the
      lesson scripts and fails if either side drifts.
    * **The lesson's equilibrium.** :meth:`Experiment.equilibrium` is the equilibrium the
      lesson derives (found with :func:`ovnilab.theory.equilibria`, exact fractions). Each
      of the three games has exactly one equilibrium; the builder checks that, so a change
      of rules that creates a second one fails loudly instead of silently picking one.
    * **Bots play the prediction.** A bot (an odd participant's partner, or a student who
      ran out of time) samples the equilibrium mix: it is the lesson's prediction, it
      cannot be exploited by a student who best-responds, and it does not pull the class
      toward any other behaviour.
    * **Records are a plain table.** :class:`Results` is a validated list of dicts with the
      fixed keys of :data:`FIELDS`, with CSV/JSON round trips; the statistics
      (:func:`choice_shares`, :func:`equilibrium_test`, :func:`plot_choices`) take it and
      an :class:`Experiment`.
    * **A simulated class for the notebooks.** :func:`simulate_class` plays a class of
      logit fictitious players (a standard learning model, see its docstring), so the
      lessons' "play it first" sections can run their analysis unchanged on a shipped,
      clearly labelled simulated data set (``data/classroom/``, read with
      :func:`load_recorded`; regenerate with
      ``python -m ovnilab.classroom.experiments --write-data data/classroom``).

Everything random takes a seed and uses its own :class:`random.Random` (seeds derived by
:func:`ovnilab.core.derive_seed`), never the global generator.
"""

from __future__ import annotations

import argparse
import csv
import functools
import io
import json
import math
import numbers
import os
import random
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from .. import theory
from ..analysis import wilson_interval
from ..core import derive_seed
from ..sim import Table

__all__ = [
    "Experiment",
    "EXPERIMENTS",
    "get",
    "OFFENSE_HAND",
    "DEFENSE_HAND",
    "CARD_KEEPING_WEIGHTS",
    "BIDDING_ARGS",
    "BIDDING_TOKENS",
    "pair_up",
    "bot_choice",
    "equilibrium_tests",
    "FIELDS",
    "BY_VALUES",
    "RecordError",
    "Results",
    "choice_shares",
    "GoodnessOfFit",
    "equilibrium_test",
    "EXACT_LIMIT",
    "plot_choices",
    "MODELS",
    "DEFAULT_PRECISION",
    "simulate_class",
    "DATA_SETS",
    "write_data",
    "load_recorded",
    "main",
]

Matching = Literal["strangers", "partners"]

# ======================================================================
# The lessons' constants (one place; the tests compare them with the lesson scripts)
# ======================================================================

#: the offense's hand: lesson 1 and lesson 3, first code cell (``OFFENSE_HAND``)
OFFENSE_HAND: tuple[str, ...] = ("attack 08", "attack 15", "negotiate")
#: the defense's hand: lesson 1 and lesson 3, first code cell (``DEFENSE_HAND``)
DEFENSE_HAND: tuple[str, ...] = ("attack 06", "attack 14", "negotiate")
#: a colony 1, a ship 0.2, a card 0.1, 0.05 per point of an attack card spent: lesson 1's
#: first code cell (``weights``) and lesson 3's section 3 (``keep``), the same values
CARD_KEEPING_WEIGHTS: dict[str, float] = {"colony": 1.0, "ship": 0.2, "card": 0.1, "attack_point": 0.05}

#: lesson 2, section 5 (``six = theory.bidding_game(...)``): one token each, a card won by
#: the rival counts -1, spending the 6 costs 1/2 of a card
BIDDING_ARGS: dict[str, Any] = {"tokens_each": 1, "lose": -1, "six_cost": 0.5}
#: lesson 2, section 5 (``keep_or_spend = six.restrict(...)``): tokens 5 and 6
BIDDING_TOKENS: tuple[int, ...] = (3, 4)

LESSON_1 = "notebooks/lessons/01_nash_equilibrium.ipynb"
LESSON_2 = "notebooks/lessons/02_dominance_prisoners_dilemma.ipynb"
LESSON_3 = "notebooks/lessons/03_mixed_strategies_zero_sum.ipynb"


def _weights() -> Any:
    from ..cosmic import stats

    return stats.Weights(**CARD_KEEPING_WEIGHTS)


def _encounter_game() -> theory.NormalFormGame:
    # lesson 1, section 3: ``weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4,
    # weights=weights, deal="fail")``
    from ..cosmic import stats

    return stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=_weights(), deal="fail")


def _bidding_game() -> theory.NormalFormGame:
    # lesson 2, section 5: ``six = theory.bidding_game(tokens_each=1, lose=-1,
    # six_cost=0.5)`` then ``keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])``
    six = theory.bidding_game(**BIDDING_ARGS)
    return six.restrict(rows=list(BIDDING_TOKENS), cols=list(BIDDING_TOKENS))


def _duel_game() -> theory.NormalFormGame:
    # lesson 3, section 3: ``bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4,
    # relative=True, weights=keep)``
    from ..cosmic import stats

    return stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=_weights())


# ======================================================================
# Experiments
# ======================================================================


@dataclass(frozen=True)
class Experiment:
    """One class experiment: a lesson's one-shot game and how students see it.

    ``game``'s row player is role 0 and its column player role 1; ``roles`` names them
    (both names equal in a symmetric game, where the two sides are the same position).
    ``solution`` is the lesson's equilibrium as a :class:`~ovnilab.theory.Equilibrium`
    (exact fractions); ``source`` is the lesson's line that builds the game.
    """

    name: str
    title: str
    lesson: str
    game: theory.NormalFormGame
    roles: tuple[str, str]
    symmetric: bool
    instructions: str
    solution: theory.Equilibrium = field(repr=False)
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.roles) != 2:
            raise ValueError(f"an experiment has two roles, got {self.roles!r}")
        if self.symmetric:
            g = self.game
            if (self.roles[0] != self.roles[1] or g.row_labels != g.col_labels
                    or not (g.row_payoffs == g.col_payoffs.T).all()):
                raise ValueError(f"{self.name}: a symmetric experiment needs equal role names, "
                                 "equal labels and col_payoffs == row_payoffs transposed")
        elif self.roles[0] == self.roles[1]:
            raise ValueError(f"{self.name}: the two roles of an asymmetric game need distinct names")
        if self.solution.exact is None:
            raise ValueError(f"{self.name}: the lesson's equilibrium is not exact")

    def _role(self, role: int) -> int:
        if isinstance(role, bool) or role not in (0, 1):
            raise ValueError(f"role must be 0 ({self.roles[0]}, the row player) or 1 ({self.roles[1]}, "
                             f"the column player), got {role!r}")
        return int(role)

    def strategies(self, role: int) -> list[str]:
        """The labels a student in ``role`` chooses from, in the game's order."""
        return list(self.game.labels(self._role(role)))

    def role_index(self, role_name: str) -> int:
        """The role number of a role name (0 for a symmetric game's single name)."""
        if role_name not in self.roles:
            raise ValueError(f"{role_name!r} is not a role of {self.name!r}; its roles are {list(self.roles)}")
        return self.roles.index(role_name)

    def _label_index(self, role: int, label: str) -> int:
        labels = self.game.labels(self._role(role))
        if label not in labels:
            raise ValueError(f"{label!r} is not a choice of the {self.roles[role]} in {self.name!r}; "
                             f"the choices are {list(labels)}")
        return labels.index(label)

    def payoffs(self, row_choice: str, col_choice: str) -> tuple[float, float]:
        """(row player's payoff, column player's payoff) when they choose these labels."""
        i, j = self._label_index(0, row_choice), self._label_index(1, col_choice)
        return float(self.game.row_payoffs[i, j]), float(self.game.col_payoffs[i, j])

    def equilibrium(self) -> dict[int, dict[str, Fraction]]:
        """The lesson's equilibrium: ``{role: {label: probability}}``, every label of the
        role listed (0 for those the equilibrium never plays), exact fractions."""
        assert self.solution.exact is not None
        return {r: dict(zip(self.game.labels(r), self.solution.exact[r])) for r in (0, 1)}

    def __str__(self) -> str:
        return f"{self.title} ({self.name}; {self.lesson})"


#: the experiments, in lesson order
EXPERIMENTS: tuple[str, ...] = ("encounter", "bidding", "duel")

_SPECS: dict[str, dict[str, Any]] = {
    "encounter": dict(
        title="Attack or negotiate? (one ship against four)",
        lesson=LESSON_1,
        build=_encounter_game,
        roles=("offense", "defense"),
        symmetric=False,
        source='weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=weights, deal="fail")',
        instructions=(
            "You are the offense (1 ship attacking a planet) or the defense (4 ships on it); you both pick "
            "an encounter card at the same time. An attack card adds its number to your ships and the higher "
            "total wins (ties to the defense); a negotiate loses to any attack but takes one card from the "
            "winner per ship it lost, and two negotiates fail to deal (3 ships each to the warp). "
            "Your payoff counts what you gained: a colony 1, a ship 0.2, a card 0.1, minus 0.05 per point of "
            "an attack card you spent."),
    ),
    "bidding": dict(
        title="Keep the 5 or spend the 6? (Ovni recruitment)",
        lesson=LESSON_2,
        build=_bidding_game,
        roles=("player", "player"),
        symmetric=True,
        source=("six = theory.bidding_game(tokens_each=1, lose=-1, six_cost=0.5); "
                "keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])"),
        instructions=(
            "You and another player each place one command token, face down, on the same alien card. "
            "Play 5 to keep your 6 for later, or spend your 6 (usable once per game): equal tokens cancel, "
            "otherwise the higher token wins the card. Your payoff: 1 if you win the card, -1 if the other "
            "player wins it, minus 0.5 if you spent your 6."),
    ),
    "duel": dict(
        title="The duel: attack or negotiate, what you win they lose",
        lesson=LESSON_3,
        build=_duel_game,
        roles=("offense", "defense"),
        symmetric=False,
        source="bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=keep)",
        instructions=(
            "Four ships attack four: the offense and the defense each pick an encounter card at the same time. "
            "An attack card adds its number to your ships (higher total wins, ties to the defense); a negotiate "
            "loses to an attack but takes a card per ship lost, and two negotiates make a deal (a colony each). "
            "Only the duel counts: your payoff is your gain minus your opponent's (a colony 1, a ship 0.2, "
            "a card 0.1, minus 0.05 per point of an attack card spent), so what one wins the other loses."),
    ),
}


@functools.lru_cache(maxsize=None)
def get(name: str) -> Experiment:
    """The experiment called ``name`` (one of :data:`EXPERIMENTS`); built once and cached
    (the Cosmic tables are played by the engine)."""
    if name not in _SPECS:
        raise ValueError(f"unknown experiment {name!r}; the experiments are {', '.join(EXPERIMENTS)}")
    spec = dict(_SPECS[name])
    game = spec.pop("build")()
    found = theory.equilibria(game)
    if len(found) != 1:  # each lesson discusses the game's only equilibrium
        raise ValueError(f"{name}: the lesson's game has {len(found)} equilibria, expected exactly one")
    return Experiment(name=name, game=game, solution=found[0], **spec)


# ======================================================================
# Pairing and bots
# ======================================================================


def pair_up(participants: Sequence[str], round_no: int, matching: Matching, seed: int,
            symmetric: bool) -> list[tuple[str, str | None]]:
    """Who plays whom in round ``round_no`` (1-based): ``(row participant, column
    participant)`` pairs, ``None`` in the column when a bot plays that side.

    * ``"strangers"``: a fresh random pairing every round (random rematching, as in
      oTree's random groups; meeting the same person again is allowed), and in an
      asymmetric game a fresh random role for each pair.
    * ``"partners"``: the same pairs for the whole session. In an asymmetric game the
      roles alternate: odd rounds as drawn, even rounds swapped, so every partner plays
      both roles equally often (a class sees both sides of the table, and role and round
      are not confounded). The participant left over by an odd count keeps the bot as
      partner and the row role (the bot always takes the column side).

    Deterministic from ``(seed, round_no, sorted participants)``: the order the names
    arrive in does not matter, but the set does (partners are formed from the set given:
    pass the same set every round). An odd participant is paired with ``None``, listed last.
    """
    people = sorted(participants)
    if len(set(people)) != len(people):
        raise ValueError("participants must be distinct")
    if any(not isinstance(p, str) or not p for p in people):
        raise ValueError("participants must be non-empty strings")
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise ValueError(f"round_no is 1-based, got {round_no!r}")
    if matching not in ("strangers", "partners"):
        raise ValueError(f"matching must be 'strangers' or 'partners', got {matching!r}")
    rng = random.Random(derive_seed(seed, round_no if matching == "strangers" else 0))
    rng.shuffle(people)
    pairs: list[tuple[str, str | None]] = []
    for k in range(0, len(people) - 1, 2):
        a, b = people[k], people[k + 1]
        if not symmetric:
            swap = rng.random() < 0.5
            if matching == "partners" and round_no % 2 == 0:
                swap = not swap
            if swap:
                a, b = b, a
        pairs.append((a, b))
    if len(people) % 2:
        pairs.append((people[-1], None))
    return pairs


def bot_choice(exp: Experiment, role: int, rng: random.Random) -> str:
    """A bot's choice in ``role``: a draw from the lesson's equilibrium mix.

    The equilibrium is the lesson's prediction of play, a student cannot exploit it
    (every strategy the student could pick does no better than the equilibrium's), and
    a bot that plays it adds no behaviour of its own to the class's data.
    """
    mix = exp.equilibrium()[exp._role(role)]
    return rng.choices(list(mix), weights=[float(p) for p in mix.values()])[0]


# ======================================================================
# Records
# ======================================================================

#: the keys of a record, in the order of the CSV columns
FIELDS: tuple[str, ...] = ("session", "round", "participant", "role", "choice", "opponent",
                           "opponent_choice", "payoff", "by")
#: who made a participant's choice: the student; a bot after the time limit; a bot the
#: teacher put on the seat
BY_VALUES: tuple[str, ...] = ("student", "timeout", "bot")
_TEXT_FIELDS = ("session", "participant", "role", "choice", "opponent", "opponent_choice")


class RecordError(ValueError):
    """A record that is not valid; ``row`` (0-based) and ``field`` say where."""

    def __init__(self, message: str, row: int | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.row = row
        self.field = field


def _where(row: int, line: int | None) -> str:
    return f"row {row}" + (f" (line {line})" if line is not None else "")


def _clean_record(rec: Any, row: int, line: int | None = None, from_text: bool = False) -> dict[str, Any]:
    where = _where(row, line)
    if not isinstance(rec, Mapping):
        raise RecordError(f"{where}: a record must be an object with the fields {list(FIELDS)}, "
                          f"got {type(rec).__name__}", row)
    missing = [k for k in FIELDS if k not in rec]
    if missing:
        raise RecordError(f"{where}: missing field {missing[0]!r}", row, missing[0])
    extra = sorted(str(k) for k in rec if k not in FIELDS)
    if extra:
        raise RecordError(f"{where}: unknown field {extra[0]!r} (the fields are {list(FIELDS)})", row, extra[0])
    out: dict[str, Any] = {}
    for k in FIELDS:
        v = rec[k]
        if k in _TEXT_FIELDS or k == "by":
            if not isinstance(v, str) or not v.strip():
                raise RecordError(f"{where}, field {k!r}: expected a non-empty text, got {v!r}", row, k)
            if k == "by" and v not in BY_VALUES:
                raise RecordError(f"{where}, field 'by': expected one of {list(BY_VALUES)}, got {v!r}", row, k)
            out[k] = v
        elif k == "round":
            if from_text and isinstance(v, str) and re.fullmatch(r"[0-9]{1,12}", v.strip()):
                v = int(v)
            if isinstance(v, numbers.Integral) and not isinstance(v, bool):
                v = int(v)  # numpy integers too
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise RecordError(f"{where}, field 'round': expected a whole number from 1, got {v!r}", row, k)
            out[k] = v
        else:  # payoff
            x: Any = v
            if from_text and isinstance(v, str):
                try:
                    x = float(v)
                except ValueError:
                    x = v
            if isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x):
                raise RecordError(f"{where}, field 'payoff': expected a finite number, got {v!r}", row, k)
            out[k] = float(x)
    return out


class Results:
    """A class's records: one dict per participant per round, keys :data:`FIELDS`.

    List-like (``len``, iteration, indexing; a slice gives a :class:`Results`). Every
    record is validated on the way in (:class:`RecordError` names the row and the field),
    including that a participant appears once per round of a session. Bots' own choices
    are not records: a participant who met a bot has ``opponent == "bot"``.
    """

    def __init__(self, rows: Iterable[Mapping[str, Any]] = (), *, _lines: bool = False,
                 _text: bool = False) -> None:
        self.rows: list[dict[str, Any]] = []
        seen: dict[tuple[str, int, str], int] = {}
        for k, rec in enumerate(rows):
            line = k + 2 if _lines else None
            clean = _clean_record(rec, k, line, _text)
            key = (clean["session"], clean["round"], clean["participant"])
            if key in seen:
                raise RecordError(f"{_where(k, line)}, field 'participant': {key[2]} already has a record for "
                                  f"round {key[1]} of session {key[0]!r} (row {seen[key]})", k, "participant")
            seen[key] = k
            self.rows.append(clean)

    # -- list-like
    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return Results(self.rows[index])
        return self.rows[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Results) and self.rows == other.rows

    def __repr__(self) -> str:
        return Table(self.rows, columns=FIELDS, title=f"{len(self)} records", decimals=3).format()

    # -- export and import
    def to_csv(self, path_or_buffer: str | os.PathLike[str] | io.TextIOBase | None = None) -> str | None:
        """Write the records as CSV (columns :data:`FIELDS`, ``\\n`` line ends, payoffs
        as Python's shortest exact float text) to a path or a text buffer; with no
        argument, return the text. Same records, same bytes."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for r in self.rows:
            w.writerow({**r, "payoff": repr(r["payoff"])})
        text = buf.getvalue()
        if path_or_buffer is None:
            return text
        if isinstance(path_or_buffer, (str, os.PathLike)):
            with open(path_or_buffer, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            path_or_buffer.write(text)
        return None

    @classmethod
    def from_csv(cls, path_or_buffer: str | os.PathLike[str] | io.TextIOBase) -> Results:
        """Read records written by :meth:`to_csv` (a path or a text buffer); errors name
        the row, its line and the field."""
        if isinstance(path_or_buffer, (str, os.PathLike)):
            with open(path_or_buffer, encoding="utf-8", newline="") as f:
                text = f.read()
        else:
            text = path_or_buffer.read()
        reader = csv.DictReader(io.StringIO(text))
        header = list(reader.fieldnames or [])
        missing = [k for k in FIELDS if k not in header]
        if missing:
            raise RecordError(f"the CSV has no column {missing[0]!r} (the columns are {list(FIELDS)})",
                              None, missing[0])
        extra = [k for k in header if k not in FIELDS]
        if extra:
            raise RecordError(f"the CSV has an unknown column {extra[0]!r} (the columns are {list(FIELDS)})",
                              None, extra[0])
        rows = []
        for k, rec in enumerate(reader):
            if None in rec or any(v is None for v in rec.values()):
                raise RecordError(f"{_where(k, k + 2)}: expected {len(FIELDS)} cells", k)
            rows.append(rec)
        return cls(rows, _lines=True, _text=True)

    def to_json(self) -> str:
        """The records as a JSON array of objects (keys in :data:`FIELDS` order)."""
        return json.dumps(self.rows, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Results:
        """Read records written by :meth:`to_json`; errors name the row and the field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
        if not isinstance(data, list):
            raise RecordError(f"expected a JSON array of records, got {type(data).__name__}")
        return cls(data)

    def to_dataframe(self) -> Any:
        """The records as a :class:`pandas.DataFrame` (columns :data:`FIELDS`)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Results.to_dataframe needs pandas, which is not installed "
                              "(pip install pandas); Results.rows is the same table as a list of dicts") from None
        return pd.DataFrame(self.rows, columns=list(FIELDS))


# ======================================================================
# Statistics
# ======================================================================


def _as_results(results: Results | Iterable[Mapping[str, Any]]) -> Results:
    return results if isinstance(results, Results) else Results(results)


def _role_rows(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, role: int,
               include_timeouts: bool) -> list[dict[str, Any]]:
    """The records of ``role`` (both sides of a symmetric game), checked against the game."""
    r = exp._role(role)
    rows = []
    for k, rec in enumerate(_as_results(results)):
        if rec["role"] not in exp.roles:
            raise RecordError(f"row {k}, field 'role': {rec['role']!r} is not a role of {exp.name!r} "
                              f"({list(exp.roles)})", k, "role")
        if rec["role"] != exp.roles[r]:
            continue
        if rec["choice"] not in exp.game.labels(r):
            raise RecordError(f"row {k}, field 'choice': {rec['choice']!r} is not a choice of the "
                              f"{exp.roles[r]} in {exp.name!r} ({exp.strategies(r)})", k, "choice")
        if include_timeouts or rec["by"] == "student":
            rows.append(rec)
    return rows


def _share_rows(rows: Sequence[Mapping[str, Any]], exp: Experiment, role: int, extra: Mapping[str, Any],
                confidence: float) -> list[dict[str, Any]]:
    n = len(rows)
    eq = exp.equilibrium()[role]
    out = []
    for label in exp.strategies(role):
        count = sum(1 for rec in rows if rec["choice"] == label)
        lo, hi = wilson_interval(count, n, confidence)
        out.append({**extra, "strategy": label, "count": count, "n": n,
                    "share": count / n if n else math.nan, "lo": lo, "hi": hi, "equilibrium": float(eq[label])})
    return out


def choice_shares(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, role: int,
                  by_round: bool = False, include_timeouts: bool = False, confidence: float = 0.95) -> Table:
    """How often the class chose each strategy in ``role``: one row per strategy (per
    round and strategy with ``by_round``) with ``count``, ``n``, ``share``, its Wilson
    interval ``lo``-``hi`` and the ``equilibrium`` probability beside it.

    Only the students' own choices count unless ``include_timeouts`` (then the choices
    bots made for a student, after a timeout or on a seat the teacher handed to a bot,
    count too). In a symmetric game both sides are the same role and are pooled.
    Strategies nobody chose are listed with count 0; a round without records has share nan.
    """
    r = exp._role(role)
    rows = _role_rows(results, exp, r, include_timeouts)
    who = "choices" if include_timeouts else "own choices"
    title = f"{exp.name}: the {exp.roles[r]}'s {who} (n={len(rows)}, {round(confidence * 100)}% Wilson intervals)"
    if not by_round:
        return Table(_share_rows(rows, exp, r, {}, confidence), title=title)
    out: list[dict[str, Any]] = []
    for rnd in sorted({rec["round"] for rec in rows}):
        out += _share_rows([rec for rec in rows if rec["round"] == rnd], exp, r, {"round": rnd}, confidence)
    return Table(out, columns=["round", "strategy", "count", "n", "share", "lo", "hi", "equilibrium"], title=title)


@dataclass(frozen=True)
class GoodnessOfFit:
    """The result of :func:`equilibrium_test`.

    ``statistic`` is Pearson's X² (inf when a choice of probability 0 was made),
    ``pvalue`` the p-value of ``method`` (``"exact multinomial"`` or ``"chi-square"``),
    ``n`` the number of choices tested, ``df`` the degrees of freedom (strategies of
    positive equilibrium probability minus one); ``observed`` / ``expected`` per strategy;
    ``note`` warns about what the reader must know (small expected counts, choices the
    equilibrium never makes, dependence between a participant's rounds).
    """

    statistic: float
    pvalue: float
    n: int
    df: int
    method: str
    observed: dict[str, int]
    expected: dict[str, float]
    rounds: str
    note: str = ""

    def __str__(self) -> str:
        text = (f"{self.method} test of the equilibrium mix: X2 = {self.statistic:.3f}, df = {self.df}, "
                f"n = {self.n}, p = {self.pvalue:.4f} (rounds: {self.rounds})")
        return text + (f"\n{self.note}" if self.note else "")


#: largest number of possible outcomes for which ``method="auto"`` runs the exact test
EXACT_LIMIT = 200_000


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every k-tuple of non-negative integers summing to n."""
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _exact_multinomial_pvalue(counts: Sequence[int], probs: Sequence[float]) -> float:
    """P(an outcome at most as probable as the observed one) under the multinomial
    (probability ordering; every probability positive)."""
    n = sum(counts)
    logp = [math.log(p) for p in probs]

    def loglik(ys: Sequence[int]) -> float:
        return math.lgamma(n + 1) + sum(y * lp - math.lgamma(y + 1) for y, lp in zip(ys, logp))

    observed = loglik(counts)
    tol = 1e-7  # relative: outcomes exactly as probable count, whatever the rounding
    return min(1.0, math.fsum(math.exp(ll) for ys in _compositions(n, len(counts))
                              if (ll := loglik(ys)) <= observed + tol))


def _chi2_sf(x: float, df: int) -> float:
    """Upper tail of the chi-square distribution with integer ``df`` (closed forms of the
    regularised incomplete gamma function Q(df/2, x/2))."""
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    h = x / 2
    if df % 2 == 0:
        terms = [math.exp(-h + i * math.log(h) - math.lgamma(i + 1)) for i in range(df // 2)]
        return min(1.0, math.fsum(terms))
    terms = [math.erfc(math.sqrt(h))]
    terms += [math.exp(-h + (i - 0.5) * math.log(h) - math.lgamma(i + 0.5)) for i in range(1, (df + 1) // 2)]
    return min(1.0, math.fsum(terms))


def _select_rounds(rows: list[dict[str, Any]], rounds: str | int) -> list[dict[str, Any]]:
    if rounds == "all":
        return rows
    if rounds in ("first", "last"):
        pick: dict[tuple[str, str], dict[str, Any]] = {}
        for rec in rows:
            key = (rec["session"], rec["participant"])
            old = pick.get(key)
            if old is None or (rec["round"] < old["round"] if rounds == "first" else rec["round"] > old["round"]):
                pick[key] = rec
        return list(pick.values())
    if isinstance(rounds, int) and not isinstance(rounds, bool):
        return [rec for rec in rows if rec["round"] == rounds]
    raise ValueError(f"rounds must be 'all', 'first', 'last' or a round number, got {rounds!r}")


def equilibrium_test(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, role: int,
                     rounds: str | int = "all", include_timeouts: bool = False, within_support: bool = False,
                     method: Literal["auto", "exact", "chi-square"] = "auto") -> GoodnessOfFit:
    """Does the class play the equilibrium mix? A goodness-of-fit test of the counts of
    each strategy in ``role`` against the lesson's equilibrium probabilities.

    The test. ``method="exact"`` is the **exact multinomial test**: the p-value is the
    probability, under the equilibrium mix, of all count vectors of the same ``n`` that
    are at most as probable as the observed one. It is the default (``"auto"``) whenever
    the outcomes can be enumerated (at most :data:`EXACT_LIMIT` of them: about n = 630
    for three strategies), because class samples are small and equilibrium probabilities
    such as 1/8 or 7/52 give expected counts below 5, where the chi-square approximation
    is unreliable. Beyond that, Pearson's chi-square test with ``df`` = (strategies of
    positive probability) - 1; the ``note`` says when an expected count is below 5. The
    statistic reported is always Pearson's X².

    Strategies of probability 0. A choice the equilibrium never makes is impossible under
    it: the test then rejects outright (X² = inf, p = 0) and the note counts such choices.
    ``within_support=True`` instead tests only how the choices *inside* the equilibrium's
    support are mixed (conditional on their number): "do they mix the right cards in the
    right proportions?" apart from "do they avoid the others?". In a pure equilibrium (the
    bidding dilemma) the test is degenerate (p = 1 if everybody plays it, else 0):
    :func:`choice_shares` and its intervals say more.

    Independence. The test assumes independent choices. A participant's choices across
    rounds are not independent (the same person, who learns from the last round), so the
    pooled default (``rounds="all"``) overstates the evidence. ``rounds="first"`` keeps each
    participant's first record in this role (first-round choices are made before any
    feedback: the cleanest test of the prediction); ``rounds="last"`` their last (after
    learning); an integer keeps that round. Both one-per-participant variants still assume
    participants choose independently of each other.
    """
    r = exp._role(role)
    rows = _select_rounds(_role_rows(results, exp, r, include_timeouts), rounds)
    labels = exp.strategies(r)
    eq = exp.equilibrium()[r]
    observed = {lab: sum(1 for rec in rows if rec["choice"] == lab) for lab in labels}
    support = [lab for lab in labels if eq[lab] > 0]
    off = sum(observed[lab] for lab in labels if eq[lab] == 0)
    notes = []
    if within_support:
        n = sum(observed[lab] for lab in support)
        total = sum(eq[lab] for lab in support)
        probs = {lab: float(eq[lab] / total) for lab in support}
        tested = support
        if off:
            notes.append(f"{off} choice(s) outside the equilibrium's support left out (within_support=True)")
    else:
        n = len(rows)
        probs = {lab: float(eq[lab]) for lab in labels}
        tested = labels
    if n == 0:
        raise ValueError(f"no choices of the {exp.roles[r]} to test (rounds={rounds!r})")
    expected = {lab: n * probs[lab] for lab in tested}
    df = len(support) - 1
    if not within_support and off:
        statistic, pvalue, used = math.inf, 0.0, "exact multinomial" if method != "chi-square" else "chi-square"
        notes.append(f"{off} choice(s) the equilibrium never makes: impossible under the equilibrium mix "
                     "(within_support=True tests the mix of the other choices)")
    else:
        counts = [observed[lab] for lab in support]
        ps = [probs[lab] for lab in support]
        statistic = sum((c - n * p) ** 2 / (n * p) for c, p in zip(counts, ps))
        outcomes = math.comb(n + len(support) - 1, len(support) - 1)
        if method == "auto":
            method = "exact" if outcomes <= EXACT_LIMIT else "chi-square"
        if method == "exact":
            used, pvalue = "exact multinomial", _exact_multinomial_pvalue(counts, ps)
        elif method == "chi-square":
            used = "chi-square"
            pvalue = 1.0 if df == 0 else _chi2_sf(statistic, df)
            small = [lab for lab in support if n * probs[lab] < 5]
            if small:
                notes.append(f"expected count below 5 for {', '.join(small)}: the chi-square approximation "
                             "is unreliable here; prefer method='exact'")
        else:
            raise ValueError(f"method must be 'auto', 'exact' or 'chi-square', got {method!r}")
    if rounds == "all" and len({(rec["session"], rec["participant"]) for rec in rows}) < len(rows):
        notes.append("several rounds per participant are pooled as if independent; rounds='first' or "
                     "'last' keeps one choice per participant")
    return GoodnessOfFit(float(statistic), float(pvalue), n, df, used, observed,
                         {lab: expected.get(lab, 0.0) for lab in labels}, str(rounds), "\n".join(notes))


def equilibrium_tests(results: Results | Iterable[Mapping[str, Any]], exp: Experiment,
                      rounds: str | int | Sequence[str | int] = "last",
                      within_support: bool | Sequence[bool] = (False, True),
                      roles: Sequence[int] | None = None, include_timeouts: bool = False) -> Table:
    """Several :func:`equilibrium_test` at once, with the p-values adjusted for testing
    several hypotheses on one class (Holm's method, :func:`ovnilab.analysis.holm`).

    One row per role (every role of the game, one for a symmetric game), rounds selection
    and test (``"whole mix"``; ``"within support"`` with ``within_support=True``): ``n``,
    ``method``, ``statistic`` (X²), ``p`` and ``holm_p``; each row's ``fit`` holds the full
    :class:`GoodnessOfFit` (not printed). The default, one choice per student and role
    (the last) tested on the whole mix and within the support, is what the lessons run.
    """
    from ..analysis import holm

    picks = [rounds] if isinstance(rounds, (str, int)) else list(rounds)
    kinds = [within_support] if isinstance(within_support, bool) else list(within_support)
    who = list(roles) if roles is not None else ([0] if exp.symmetric else [0, 1])
    rows: list[dict[str, Any]] = []
    for role in who:
        for pick in picks:
            for within in kinds:
                fit = equilibrium_test(results, exp, role, rounds=pick, include_timeouts=include_timeouts,
                                       within_support=within)
                rows.append({"role": exp.roles[role], "rounds": str(pick),
                             "test": "within support" if within else "whole mix", "n": fit.n,
                             "method": fit.method, "statistic": fit.statistic, "p": fit.pvalue, "fit": fit})
    for row, adjusted in zip(rows, holm([r["p"] for r in rows])):
        row["holm_p"] = adjusted
    return Table(rows, columns=["role", "rounds", "test", "n", "method", "statistic", "p", "holm_p"],
                 title=f"{exp.name}: goodness of fit to the equilibrium, {len(rows)} tests "
                       f"(p Holm-adjusted over the {len(rows)})", decimals=4)


def plot_choices(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, ax: Any = None,
                 by_round: bool = True, include_timeouts: bool = False) -> Any:
    """Plot the class's choices beside the lesson's equilibrium: one panel per role (one
    for a symmetric game), each strategy's share per round (``by_round``) or overall,
    with 95% Wilson intervals, and a dashed line at its equilibrium probability.

    ``ax``: an axes (one role) or a sequence of axes (one per role); by default a new
    figure (no pyplot state). Returns the figure. The drawing depends on the records only
    (no dates, fixed colours), so the same records give the same picture.
    """
    from matplotlib.figure import Figure

    records = _as_results(results)
    roles = [0] if exp.symmetric else [0, 1]
    if ax is None:
        fig = Figure(figsize=(5.2 * len(roles), 3.6), layout="constrained")
        axes = list(fig.subplots(1, len(roles), squeeze=False)[0])
    else:
        axes = [ax] if hasattr(ax, "plot") else list(ax)
        if len(axes) != len(roles):
            raise ValueError(f"{exp.name} needs {len(roles)} axes (one per role), got {len(axes)}")
        fig = axes[0].figure
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
    for a, r in zip(axes, roles):
        table = choice_shares(records, exp, r, by_round=by_round, include_timeouts=include_timeouts)
        labels = exp.strategies(r)
        eq = exp.equilibrium()[r]
        width = 0.6 / len(labels)
        for k, label in enumerate(labels):
            colour = colours[k % len(colours)]
            rows = [row for row in table if row["strategy"] == label and row["n"]]
            offset = (k - (len(labels) - 1) / 2) * width
            if by_round:
                xs = [row["round"] + offset for row in rows]
            else:
                xs = [k for _ in rows]
            ys = [row["share"] for row in rows]
            err = [[y - row["lo"] for y, row in zip(ys, rows)], [row["hi"] - y for y, row in zip(ys, rows)]]
            if by_round:
                a.errorbar(xs, ys, yerr=err, color=colour, marker="o", capsize=3, label=label)
                a.axhline(float(eq[label]), color=colour, linestyle="--", linewidth=1)
            else:
                a.bar(xs, ys, yerr=err, color=colour, alpha=0.7, capsize=4, label=label)
                a.hlines(float(eq[label]), k - 0.4, k + 0.4, color="black", linestyle="--", linewidth=1.5)
        n = sum(row["count"] for row in table)
        a.set_ylim(-0.03, 1.05)  # lines at 0 and 1 stay visible
        a.set_ylabel("share of the choices")
        who = "both players" if exp.symmetric else exp.roles[r]
        a.set_title(f"{exp.name}: {who} (n = {n}); dashed: equilibrium", fontsize=9)
        if by_round:
            rounds = sorted({row["round"] for row in table})
            a.set_xticks(rounds)
            a.set_xlabel("round")
            a.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))  # beside, never over the data
        else:
            a.set_xticks(range(len(labels)), labels)
            a.set_xlabel("choice")
    return fig


# ======================================================================
# A simulated class
# ======================================================================

#: the behavioural models of :func:`simulate_class`
MODELS: tuple[str, ...] = ("logit-fictitious-play", "equilibrium", "uniform")
#: the logit precision (lambda) of the default model: payoffs here are in "cards", a
#: difference of 0.5 card makes the better choice e^2 (about 7) times as likely
DEFAULT_PRECISION = 4.0


def _logit(utilities: Sequence[float], precision: float) -> list[float]:
    top = max(utilities)
    w = [math.exp(precision * (u - top)) for u in utilities]
    s = math.fsum(w)
    return [x / s for x in w]


def simulate_class(exp: Experiment, n_students: int, rounds: int, matching: Matching = "strangers",
                   seed: int = 0, model: str = "logit-fictitious-play", precision: float = DEFAULT_PRECISION,
                   prior: float = 1.0) -> Results:
    """A **simulated** class (not real students): ``n_students`` play ``rounds`` rounds,
    paired by :func:`pair_up`; an odd student meets a bot (:func:`bot_choice`).
    Deterministic from ``seed``. The session is named ``simulated-<experiment>-seed<seed>``.

    Models:

    * ``"logit-fictitious-play"`` (default): *stochastic fictitious play* with logit
      choice (Fudenberg and Kreps 1993; Fudenberg and Levine, *The Theory of Learning in
      Games*, 1998), the learning model behind the logit quantal response equilibrium of
      McKelvey and Palfrey (1995). Each student believes the opposing role plays the
      empirical mix of the opponents *they* have met in earlier rounds, starting from a
      uniform belief (``prior`` pseudo-observations of each strategy), and chooses
      strategy s with probability proportional to exp(``precision`` x expected payoff of s
      against that belief): a noisy best response, better choices more likely, every
      choice possible. In a symmetric game every opponent informs the one belief.
    Such learners drift toward the logit quantal response equilibrium, which lies
    between the uniform mix and the Nash equilibrium; with only own payoffs in the
    model, they do not show, for example, the cooperation real classes often show in a
    prisoner's dilemma. The default ``precision`` is a choice, not an estimate.

    * ``"equilibrium"``: everyone samples the lesson's equilibrium mix (what the test of
      :func:`equilibrium_test` assumes; useful to see how often it rejects by chance).
    * ``"uniform"``: everyone picks uniformly at random (a no-learning baseline).

    Every simulated choice is recorded with ``by="student"``: it stands for a student.
    """
    if model not in MODELS:
        raise ValueError(f"model must be one of {MODELS}, got {model!r}")
    if isinstance(n_students, bool) or not isinstance(n_students, int) or n_students < 1:
        raise ValueError(f"n_students must be a positive whole number, got {n_students!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds must be a positive whole number, got {rounds!r}")
    width = max(2, len(str(n_students)))
    people = [f"p{k:0{width}d}" for k in range(1, n_students + 1)]
    labels = [exp.strategies(0), exp.strategies(1)]
    # beliefs[person][opposing role] = pseudo-counts of that role's strategies
    beliefs = {p: {o: [float(prior)] * len(labels[o]) for o in (0, 1)} for p in people}
    session = f"simulated-{exp.name}-seed{seed}"
    records: list[dict[str, Any]] = []

    def choose(person: str, role: int, rng: random.Random) -> str:
        if model == "uniform":
            return rng.choice(labels[role])
        if model == "equilibrium":
            return bot_choice(exp, role, rng)
        counts = beliefs[person][0 if exp.symmetric else 1 - role]
        total = math.fsum(counts)
        belief = [c / total for c in counts]
        m = exp.game.row_payoffs if role == 0 else exp.game.col_payoffs.T  # one row per own strategy
        utilities = [math.fsum(float(m[i, j]) * belief[j] for j in range(len(belief))) for i in range(m.shape[0])]
        return rng.choices(labels[role], weights=_logit(utilities, precision))[0]

    for rnd in range(1, rounds + 1):
        rng = random.Random(derive_seed(derive_seed(seed, rnd), 1))
        pairs = pair_up(people, rnd, matching, seed, exp.symmetric)
        role_of = {p: role for pair in pairs for role, p in enumerate(pair) if p is not None}
        chosen = {p: choose(p, role_of[p], rng) for p in people}
        for row_p, col_p in pairs:
            row_c = chosen[row_p]
            col_c = chosen[col_p] if col_p is not None else bot_choice(exp, 1, rng)
            pay = exp.payoffs(row_c, col_c)
            for person, role, opp, opp_choice in ((row_p, 0, col_p, col_c), (col_p, 1, row_p, row_c)):
                if person is None:
                    continue
                records.append({"session": session, "round": rnd, "participant": person, "role": exp.roles[role],
                                "choice": chosen[person], "opponent": opp if opp is not None else "bot",
                                "opponent_choice": opp_choice, "payoff": pay[role], "by": "student"})
                # feedback: the student now has seen one more choice of the opposing role
                opp_role = 1 - role
                beliefs[person][0 if exp.symmetric else opp_role][labels[opp_role].index(opp_choice)] += 1.0
    records.sort(key=lambda rec: (rec["round"], rec["participant"]))
    return Results(records)


# ======================================================================
# The shipped data set
# ======================================================================

#: the simulated classes shipped in ``data/classroom/`` (file name -> how it was made)
DATA_SETS: dict[str, dict[str, Any]] = {
    f"{name}_simulated.csv": {"experiment": name, "n_students": 24, "rounds": 5, "matching": "strangers",
                              "seed": 21, "model": "logit-fictitious-play"}
    for name in EXPERIMENTS
}


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
        "The model (`logit-fictitious-play`): stochastic fictitious play with logit choice. Each",
        "simulated student believes the other role plays the mix of the opponents it has met so far",
        "(starting from a uniform belief) and picks each choice with probability proportional to",
        "exp(precision x its expected payoff against that belief). An odd student would meet a bot",
        "playing the lesson's equilibrium (24 is even: no bot here). The games and payoffs are the",
        "lessons' (see `ovnilab/classroom/experiments.py`). The model cares only about its own payoff:",
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
    from .. import datafiles

    found = [fname for fname, spec in DATA_SETS.items() if spec["experiment"] == name]
    if not isinstance(name, str) or len(found) != 1:
        raise ValueError(f"no recorded data set for experiment {name!r}; the experiments are "
                         f"{', '.join(EXPERIMENTS)}")
    marker = f"classroom/{found[0]}"
    path = datafiles.data_dir(marker) / marker
    text = datafiles.read_data_file(path).decode("utf-8")
    return Results.from_csv(io.StringIO(text))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ovnilab.classroom.experiments --write-data DIR``."""
    parser = argparse.ArgumentParser(prog="python -m ovnilab.classroom.experiments",
                                     description="Class experiments of the lessons.")
    parser.add_argument("--write-data", metavar="DIR", help="write the simulated data sets into DIR")
    args = parser.parse_args(argv)
    if args.write_data:
        for path in write_data(args.write_data):
            print(path)
        return 0
    for name in EXPERIMENTS:
        exp = get(name)
        print(f"{exp}\n{exp.game}\nequilibrium: {exp.solution.describe()}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
