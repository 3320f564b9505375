"""A simulated class (logit fictitious players) for the lessons' "play it first"
sections when no class has played.

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ...core import derive_seed
from .definitions import Experiment, Matching
from .matching import bot_choice, pair_up
from .records import Results

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
    paired by :func:`pair_up` (``"strangers"``: perfect strangers, a new opponent every
    round while the schedule lasts); an odd student meets a bot (:func:`bot_choice`).
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
    between the uniform mix and the Nash equilibrium. Where one choice pays the same
    amount more than another against every belief, beliefs change nothing and there is
    no drift: in the bidding dilemma the 6 pays 1/2 more than the 5 whatever the other
    does, so every simulated choice keeps the 6 with the same probability
    1 / (1 + e^(precision x 1/2)), 0.119 at the default precision, in every round. With
    only own payoffs in the model, they do not show, for example, the cooperation real
    classes often show in a prisoner's dilemma. The default ``precision`` is a choice,
    not an estimate.

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
