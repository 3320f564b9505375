"""The class's choices beside the lesson's equilibrium, as a figure.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...i18n import _
from .definitions import Experiment
from .records import Results
from .statistics import _as_results, _role_rows, choice_shares

def plot_choices(results: Results | Iterable[Mapping[str, Any]], exp: Experiment, ax: Any = None,
                 by_round: bool = True, include_timeouts: bool = False, equilibrium: bool = True,
                 text_size: float = 9) -> Any:
    """Plot the class's choices beside the lesson's equilibrium: one panel per role (one
    for a symmetric game), each strategy's share per round (``by_round``) or overall,
    with 95% Wilson intervals, and a dashed line at its equilibrium probability
    (``equilibrium=False``: no line, for a class that has not been taught it yet).
    A round with no choice counted (every choice timed out, and ``include_timeouts`` is
    off) has nothing to draw: the panel says which rounds it leaves out.
    ``text_size``: the titles' size in points (the rest in proportion; the projector
    asks for more).

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
        small = text_size * 8 / 9
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
                a.errorbar(xs, ys, yerr=err, color=colour, marker="o", capsize=3, label=exp.choice_name(label))
                if equilibrium:
                    a.axhline(float(eq[label]), color=colour, linestyle="--", linewidth=1)
            else:
                a.bar(xs, ys, yerr=err, color=colour, alpha=0.7, capsize=4, label=exp.choice_name(label))
                if equilibrium:
                    a.hlines(float(eq[label]), k - 0.4, k + 0.4, color="black", linestyle="--", linewidth=1.5)
        n = sum(row["count"] for row in table)
        students = len({(rec["session"], rec["participant"]) for rec in _role_rows(records, exp, r, include_timeouts)})
        a.set_ylim(-0.03, 1.05)  # lines at 0 and 1 stay visible
        a.set_ylabel(_("share of the choices"), fontsize=small)
        a.tick_params(labelsize=small)
        who = _("both players") if exp.symmetric else exp.role_label(r)
        head = (_("{experiment}: {who}; dashed: equilibrium", experiment=exp.shown_name(), who=who) if equilibrium
                else _("{experiment}: {who}", experiment=exp.shown_name(), who=who))
        a.set_title(head + "\n" + _("{n} choices by {students} students", n=n, students=students),
                    fontsize=text_size)
        left_out = _rounds_left_out(records, exp, r, include_timeouts)
        if by_round:
            rounds = sorted({row["round"] for row in table if row["n"]})
            a.set_xticks(rounds)
            a.set_xlabel(_("round (not drawn: {rounds}, every choice timed out)", rounds=left_out) if left_out
                         else _("round"), fontsize=small)
            a.legend(fontsize=small, loc="upper left", bbox_to_anchor=(1.0, 1.0))  # beside, never over the data
        else:
            a.set_xticks(range(len(labels)), [exp.choice_name(label) for label in labels])
            a.set_xlabel(_("choice (not counted: {rounds}, every choice timed out)", rounds=left_out) if left_out
                         else _("choice"), fontsize=small)
    return fig


def _rounds_left_out(records: Results, exp: Experiment, role: int, include_timeouts: bool) -> str:
    """The rounds played that count no choice of ``role`` ("round 3", "rounds 2 and 4")."""
    counted = {rec["round"] for rec in _role_rows(records, exp, role, include_timeouts)}
    missing = [str(x) for x in sorted({rec["round"] for rec in records}) if x not in counted]
    if len(missing) <= 1:
        return _("round {number}", number=missing[0]) if missing else ""
    return _("rounds {first} and {last}", first=", ".join(missing[:-1]), last=missing[-1])
