"""The statistics a lesson runs on the records: choice shares with Wilson intervals,
and goodness of fit to the equilibrium (an exact multinomial test, or chi-square
beyond :data:`EXACT_LIMIT` outcomes), Holm-adjusted.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ...analysis import wilson_interval
from ...i18n import _, pgettext
from ...sim import Table
from .definitions import Experiment
from .records import RecordError, Results

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


def from_rounds(rows: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    """How many of the records ``rows`` come from each round: ``{round: count}``, the
    latest round first (where one-per-student choices, :func:`choice_shares` and
    :func:`equilibrium_test` with ``rounds="first"`` or ``"last"``, were made)."""
    counts = Counter(rec["round"] for rec in rows)
    return dict(sorted(counts.items(), reverse=True))


def repeated_meetings(results: Results | Iterable[Mapping[str, Any]]) -> int:
    """How many times two participants met again after their first meeting, in every
    session of ``results`` (0 for perfect strangers, :func:`pair_up`): a class can check
    what its matching did. Meetings with a bot do not count."""
    meetings = Counter((rec["session"], rec["round"], frozenset((rec["participant"], rec["opponent"])))
                       for rec in _as_results(results) if rec["opponent"] != "bot")
    pairs = Counter((session, pair) for session, _, pair in meetings)
    return sum(k - 1 for k in pairs.values())


def class_summary(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, width: int = 100) -> str:
    """What a lesson prints before analysing a class: the rules as the class page gave
    them (``exp.instructions``, wrapped at ``width``), then how many choices, students
    and rounds the records hold and how many meetings repeated an opponent
    (:func:`repeated_meetings`)."""
    import textwrap

    records = _as_results(results)
    people = {(rec["session"], rec["participant"]) for rec in records}
    rounds = {(rec["session"], rec["round"]) for rec in records}
    return (textwrap.fill(_("The class page: {instructions}", instructions=exp.shown_instructions()), width) + "\n\n"
            + _("{choices} choices by {students} students in {rounds} rounds; meetings with an opponent met before: "
                "{repeated}", choices=len(records), students=len(people), rounds=len(rounds),
                repeated=repeated_meetings(records)))


def _from_rounds_text(counts: Mapping[int, int]) -> str:
    return _("from rounds {counts}", counts=", ".join(f"{rnd}: {k}" for rnd, k in counts.items()))


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


def _select_rounds(rows: list[dict[str, Any]], rounds: str | int) -> list[dict[str, Any]]:
    """The records of ``rows`` (one role's) that ``rounds`` keeps: all of them; each
    participant's first or last record (the earliest or latest round in which they
    held this role); or the records of one round."""
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


def choice_shares(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, role: int,
                  by_round: bool = False, include_timeouts: bool = False, confidence: float = 0.95,
                  rounds: str | int = "all") -> Table:
    """How often the class chose each strategy in ``role``: one row per strategy (per
    round and strategy with ``by_round``) with ``count``, ``n``, ``share``, its Wilson
    interval ``lo``-``hi`` and the ``equilibrium`` probability beside it.

    Which choices. ``rounds="all"`` (the default) counts every choice, several per
    student: the Wilson interval treats them as independent, which a student's repeated
    choices are not, so it is too narrow for the class (the projector's live count uses
    it; an analysis should not). One choice per student instead: ``rounds="first"``, each
    student's first choice in this role (the earliest round in which they held it),
    ``rounds="last"`` their last choice in this role (the latest such round: with roles
    drawn at random each round, not always the last round played; the title says which
    rounds the choices come from), or a round number. ``by_round`` (one table per
    round, one choice per student in it) goes with ``rounds="all"`` only.

    Only the students' own choices count unless ``include_timeouts`` (then the choices
    bots made for a student, after a timeout or on a seat the teacher handed to a bot,
    count too). In a symmetric game both sides are the same role and are pooled.
    Strategies nobody chose are listed with count 0; a round without records has share nan.
    """
    r = exp._role(role)
    if by_round and rounds != "all":
        raise ValueError(f"by_round counts every round: it goes with rounds='all', not {rounds!r}")
    rows = _select_rounds(_role_rows(results, exp, r, include_timeouts), rounds)
    level = _("{percent}% Wilson intervals", percent=round(confidence * 100))
    role_name, n = exp.role_label(r), len(rows)
    if rounds == "all":
        title = (_("{experiment}: the {role}'s choices (n={n}, {level})", experiment=exp.shown_name(), role=role_name, n=n,
                   level=level) if include_timeouts else
                 _("{experiment}: the {role}'s own choices (n={n}, {level})", experiment=exp.shown_name(), role=role_name, n=n,
                   level=level))
    elif isinstance(rounds, int):
        title = (_("{experiment}: the {role}'s choices in round {round} (n={n} students; {level})", experiment=exp.shown_name(),
                   role=role_name, round=rounds, n=n, level=level) if include_timeouts else
                 _("{experiment}: the {role}'s own choices in round {round} (n={n} students; {level})",
                   experiment=exp.shown_name(), role=role_name, round=rounds, n=n, level=level))
    else:
        values = dict(experiment=exp.shown_name(), role=role_name, n=n, rounds=_from_rounds_text(from_rounds(rows)), level=level)
        if rounds == "first":
            title = (_("{experiment}: each student's first choice as the {role} (n={n} students; {rounds}; {level})",
                       **values) if include_timeouts else
                     _("{experiment}: each student's first own choice as the {role} (n={n} students; {rounds}; {level})",
                       **values))
        else:
            title = (_("{experiment}: each student's last choice as the {role} (n={n} students; {rounds}; {level})",
                       **values) if include_timeouts else
                     _("{experiment}: each student's last own choice as the {role} (n={n} students; {rounds}; {level})",
                       **values))
    shown = dict(headers=_share_headers(), words={label: exp.choice_label(label) for label in exp.strategies(r)})
    if not by_round:
        return Table(_share_rows(rows, exp, r, {}, confidence), title=title, **shown)
    out: list[dict[str, Any]] = []
    for rnd in sorted({rec["round"] for rec in rows}):
        out += _share_rows([rec for rec in rows if rec["round"] == rnd], exp, r, {"round": rnd}, confidence)
    return Table(out, columns=["round", "strategy", "count", "n", "share", "lo", "hi", "equilibrium"], title=title,
                 **shown)


def _share_headers() -> dict[str, str]:
    """The columns of :func:`choice_shares` as a table shows them (the rows keep the keys)."""
    return {"round": pgettext("table column", "round"), "strategy": pgettext("table column", "strategy"),
            "count": pgettext("table column", "count"), "share": pgettext("table column", "share"),
            "equilibrium": pgettext("table column", "equilibrium")}


def _test_words(exp: Experiment) -> tuple[dict[str, str], dict[str, str]]:
    """The columns and the words of :func:`equilibrium_tests` as its table shows them (the
    rows keep the English keys and values a lesson's code reads)."""
    headers = {"role": pgettext("table column", "role"), "rounds": pgettext("table column", "rounds"),
               "test": pgettext("table column", "test"), "method": pgettext("table column", "method"),
               "statistic": pgettext("table column", "statistic")}
    words = {"first": pgettext("rounds", "first"), "last": pgettext("rounds", "last"), "all": pgettext("rounds", "all"),
             "whole mix": _("whole mix"), "within support": _("within support"),
             "exact multinomial": _("exact multinomial"), "chi-square": _("chi-square")}
    words.update({role: exp.role_label(role) for role in exp.roles})
    return headers, words


@dataclass(frozen=True)
class GoodnessOfFit:
    """The result of :func:`equilibrium_test`.

    ``statistic`` is Pearson's X² (inf when a choice of probability 0 was made),
    ``pvalue`` the p-value of ``method`` (``"exact multinomial"`` or ``"chi-square"``),
    ``n`` the number of choices tested, ``df`` the degrees of freedom (strategies of
    positive equilibrium probability minus one); ``observed`` / ``expected`` per strategy;
    ``note`` warns about what the reader must know (small expected counts, choices the
    equilibrium never makes, dependence between a participant's rounds);
    ``from_rounds`` says how many of the choices tested come from each round
    (:func:`from_rounds`).
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
    from_rounds: dict[int, int] = field(default_factory=dict)

    def __str__(self) -> str:
        text = (f"{self.method} test of the equilibrium mix: X2 = {self.statistic:.3f}, df = {self.df}, "
                f"n = {self.n}, p = {self.pvalue:.4f} (rounds: {self.rounds})")
        if self.rounds in ("first", "last"):
            text += f"\none choice per participant, {_from_rounds_text(self.from_rounds)}"
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
    (probability ordering; every probability positive).

    Written here because scipy has no exact multinomial goodness-of-fit test:
    ``scipy.stats.multinomial`` gives the probability of one outcome, and its tests of
    counts against expected ones (``chisquare``, ``power_divergence``) are the large-sample
    approximations this test replaces for small classes. The test is the sum below, over
    every outcome of the same ``n``, enumerated.
    """
    n = sum(counts)
    logp = [math.log(p) for p in probs]

    def loglik(ys: Sequence[int]) -> float:
        return math.lgamma(n + 1) + sum(y * lp - math.lgamma(y + 1) for y, lp in zip(ys, logp))

    observed = loglik(counts)
    tol = 1e-7  # relative: outcomes exactly as probable count, whatever the rounding
    return min(1.0, math.fsum(math.exp(ll) for ys in _compositions(n, len(counts))
                              if (ll := loglik(ys)) <= observed + tol))


def _chi2_sf(x: float, df: int) -> float:
    """Upper tail of the chi-square distribution with ``df`` degrees of freedom, P(X² >= x):
    the p-value of Pearson's test (``scipy.stats.chi2``; 1 for x <= 0, 0 for x = inf)."""
    from scipy.stats import chi2  # imported when first needed: the class server need not load scipy

    if x <= 0:
        return 1.0
    return float(chi2.sf(x, df))


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
    feedback: the cleanest test of the prediction); ``rounds="last"`` their last record
    in this role, after the most feedback they had in it (in an asymmetric game, where
    roles are drawn each round, that is the latest round in which they held this role:
    not always the last round played; ``from_rounds`` says where the choices come from);
    an integer keeps that round. Both one-per-participant variants still assume
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
                         {lab: expected.get(lab, 0.0) for lab in labels}, str(rounds), "\n".join(notes),
                         from_rounds(rec for rec in rows if rec["choice"] in tested))


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
    from ...analysis import holm

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
                 title=_("{experiment}: goodness of fit to the equilibrium, {n} tests (p Holm-adjusted over the {n})",
                         experiment=exp.shown_name(), n=len(rows)), decimals=4,
                 headers=_test_words(exp)[0], words=_test_words(exp)[1])
