"""When a result is printed as a finding: the verdict vocabulary of the explore notebooks
(Ovni's and the cow game's balance, the what-ifs) and of
:meth:`~ovnilab.analysis.VariantComparison.verdict`.

A test that passes at its level is not yet a finding: :func:`replication_bar` is the |z|
a difference needs so that a fresh batch of the same size would state it again with
probability :data:`FINDING_REPLICATION`; :func:`classify` names a result "above",
"below", "suggestive ..." or "not shown", and :func:`describe`, :func:`phrase` say the
verdicts in words. Apart from the statistics (:mod:`.stats`) because it is a policy for
reading them, shared by notebooks that compute their tests in different ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .stats import _norm


# ======================================================================
# Findings that replicate: the explore notebooks' verdict vocabulary
# ======================================================================

#: family-wise error rate of each ranking (Holm)
FINDING_ALPHA = 0.05
#: the chance, were the true effect the one observed, that a fresh batch of the same size
#: states a finding again (see :func:`classify`)
FINDING_REPLICATION = 0.9


def replication_bar(m: int, alpha: float = FINDING_ALPHA, replication: float = FINDING_REPLICATION) -> float:
    """The |z| a difference needs, among ``m`` tests, to be printed as a finding.

    Why: a verdict that only just passes its test (p near the threshold) is repeated by an
    independent batch of the same size about half the time (Goodman 1992), so printing it
    as a finding invites a failed replication. If the true effect were the observed one, a
    fresh batch's z would be normal around the observed z, and it would pass the
    Bonferroni threshold ``z_(1 - alpha / 2m)`` with probability ``replication`` when the
    observed |z| exceeds that threshold by ``z_replication`` (1.28 for 0.9).
    """
    norm = _norm()
    return float(norm.ppf(1 - alpha / (2 * max(m, 1))) + norm.ppf(replication))


def classify(z: float, p_holm: float, m: int, alpha: float = FINDING_ALPHA) -> str:
    """``"above"``/``"below"`` for a finding (Holm-adjusted p under ``alpha`` and |z| over
    :func:`replication_bar`), ``"suggestive above"``/``"suggestive below"`` when only the
    test passes (not a finding: a batch of the same size would often not repeat it), else
    ``"not shown"``."""
    if p_holm >= alpha:
        return "not shown"
    side = "above" if z > 0 else "below"
    return side if abs(z) >= replication_bar(m, alpha) else f"suggestive {side}"


def describe(verdict: Mapping[Any, str], baseline: str) -> str:
    """The lines a notebook prints for a ranking's verdicts (:func:`verdicts`): findings,
    then suggestive results, then how many are not shown to differ from ``baseline``."""
    lines = []
    for kind, say in (("above", "finding, above"), ("below", "finding, below"),
                      ("suggestive above", "suggestive only (not a finding), above"),
                      ("suggestive below", "suggestive only (not a finding), below")):
        names = [str(k) for k, v in verdict.items() if v == kind]
        if names or not kind.startswith("suggestive"):
            lines.append(f"{say} {baseline}: {', '.join(names) or 'none'}")
    rest = sum(v == "not shown" for v in verdict.values())
    lines.append(f"{rest} of {len(verdict)} not shown to differ from {baseline}")
    return "\n".join(lines)


def phrase(verdict: str, baseline: str) -> str:
    """A verdict of :func:`classify` as words, e.g. "above the fair share (a finding)"."""
    if verdict == "not shown":
        return f"not shown to differ from {baseline}"
    if verdict.startswith("suggestive"):
        return f"{verdict.split()[1]} {baseline} (suggestive only, not a finding)"
    return f"{verdict} {baseline} (a finding)"
