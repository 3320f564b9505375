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
    * **The student is the unit.** A student's choices in several rounds are not
      independent draws, so the analyses a lesson runs keep one choice per student and
      role (``rounds="first"`` or ``"last"``: their first or last choice in that role,
      :func:`from_rounds` says from which rounds); pooling every round is for the
      projector's live count only.
    * **A simulated class for the notebooks.** :func:`simulate_class` plays a class of
      logit fictitious players (a standard learning model, see its docstring), so the
      lessons' "play it first" sections can run their analysis unchanged on a shipped,
      clearly labelled simulated data set (``data/classroom/``, read with
      :func:`load_recorded`; regenerate with
      ``python -m ovnilab.classroom.experiments --write-data data/classroom``).

Everything random takes a seed and uses its own :class:`random.Random` (seeds derived by
:func:`ovnilab.core.derive_seed`), never the global generator.

The package holds one module per concern, each importing only the ones before it:
:mod:`.definitions` (the lessons' constants and the experiments), :mod:`.matching`
(pairing, a bot's choice), :mod:`.records` (the records and their files),
:mod:`.statistics` (shares and goodness of fit), :mod:`.plots`, :mod:`.simulate` (a
simulated class), :mod:`.recorded` (the shipped data sets) and :mod:`.command` (the
command line, which ``__main__`` runs). A lesson needs only ``from ovnilab.classroom
import experiments``: every public name is here.
"""

from __future__ import annotations

from .definitions import BIDDING_ARGS, BIDDING_TOKENS, CARD_KEEPING_WEIGHTS, DEFENSE_HAND, Experiment, EXPERIMENTS, get, Matching, OFFENSE_HAND  # noqa: F401  (Matching: the type the modules share)
from .matching import bot_choice, pair_up, rounds_without_repeats
from .records import BY_VALUES, FIELDS, RecordError, Results
from .statistics import _chi2_sf, _compositions, _exact_multinomial_pvalue, choice_shares, class_summary, equilibrium_test, equilibrium_tests, EXACT_LIMIT, from_rounds, GoodnessOfFit, repeated_meetings  # noqa: F401  (the private helpers the tests read)
from .plots import plot_choices
from .simulate import DEFAULT_PRECISION, MODELS, simulate_class
from .recorded import DATA_SETS, load_recorded, write_data
from .command import main

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
    "rounds_without_repeats",
    "bot_choice",
    "equilibrium_tests",
    "FIELDS",
    "BY_VALUES",
    "RecordError",
    "Results",
    "choice_shares",
    "from_rounds",
    "repeated_meetings",
    "class_summary",
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
