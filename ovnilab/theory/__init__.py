"""Normal-form games and their equilibria, for the game-theory lessons.

Two halves:

* **Games and equilibria.** :class:`NormalFormGame` holds the two payoff matrices with
  readable strategy labels and prints as a table. :func:`equilibria` finds Nash
  equilibria with `nashpy <https://nashpy.readthedocs.io>`_: a small, well-tested and
  maintained solver (vertex enumeration, support enumeration, the minimax linear program)
  is a better foundation for teaching than a hand-written one, so we do not write our
  own. What we *do* write is the checking: :func:`is_equilibrium`,
  :func:`deviation_gains` and :func:`best_responses` verify a strategy profile from the
  definition (no player gains by switching to any pure strategy), independently of the
  solver, so a lesson can show *why* a profile is an equilibrium and a test can catch a
  solver mistake. :func:`dominated_strategies`, :func:`iterated_elimination`,
  :func:`backward_induction` and :func:`value` cover the other classroom tools.

* **The Ovni bridge.** :func:`bidding_game` and :func:`allocation_game` build the
  command-token contest of Ovni's recruitment phase as normal-form games whose payoffs
  come from :func:`ovnilab.ovni.resolve_area` (the engine's own rule function: equal
  values cancel, highest sum wins, ties to the opener) and the token rules (tokens 2-6,
  one of each; tokens alternate face down / face up in an area; token 6 is used once per
  game, modelled as a cost ``six_cost``). :func:`area_winner` is the one place where
  token choices become a placement sequence for ``resolve_area``.

Equilibria are snapped (tiny solver noise removed) and, when small fractions make the
profile an *exact* equilibrium, stored as :class:`fractions.Fraction` too; they print
rounded or as fractions, so notebook outputs are stable text.

Solver choice (``method="auto"``): vertex enumeration for games of up to
:data:`VERTEX_LIMIT` cells (it lists every extreme equilibrium, also in the degenerate
games the token contest produces, where support enumeration misses some); the minimax
linear program for larger zero-sum (or constant-sum) games, which gives one equilibrium.
Larger general-sum games are refused with a message rather than left running.

Where things live
-----------------
* :mod:`.normal_form`: the games and the tools of the first half (:class:`NormalFormGame`,
  the textbook games, the checks, :func:`equilibria`, dominance and sequential play);
* :mod:`.ovni`: the Ovni bridge, the second half (the one part that reads a game's rules);
* :mod:`.plots`: :func:`heatmap` and :func:`plot_strategy` (matplotlib, imported when a
  picture is first drawn).

Why a package: the single module ``theory.py`` held the normal-form theory, the games built
from Ovni's rules and the pictures, three concerns with different dependencies (nashpy;
the Ovni engine; matplotlib). The bridge and the pictures need the normal-form games, and
this package re-exports them, so they live inside it (a module outside that imported the
theory back would make an import cycle). Every name ``theory.py`` defined (the private ones
included) and the Ovni rule names it imported are still importable from ``ovnilab.theory``.
"""

from __future__ import annotations

# every name theory.py defined (the private ones included), and the ones it took from Ovni's rules
from ..ovni.rules import AREA_TIE_RULES, COMMAND_VALUES, resolve_area  # noqa: F401
from .normal_form import (_PLAYER_NAMES, VERTEX_LIMIT, Elimination, Equilibrium, Method,  # noqa: F401
                          NormalFormGame, Player, Strategy, _check_strategy, _clean, _exact_matrix_times,
                          _fmt_number, _fraction, _is_exact, _make_equilibrium, _player, _pure_payoffs,
                          _rationalise, _shown_player, _values, backward_induction, battle_of_the_sexes,
                          best_responses, deviation_gains, dominated_strategies, equilibria, expected_payoffs,
                          format_strategy, is_equilibrium, iterated_elimination, matching_pennies,
                          prisoners_dilemma, rock_paper_scissors, value)
from .ovni import (Winner, _allocations, _check_common, _payoff_pair, allocation_game, area_winner,  # noqa: F401
                   bidding_game)
from .plots import _new_axes, heatmap, plot_strategy  # noqa: F401

__all__ = [
    "NormalFormGame",
    "Equilibrium",
    "Elimination",
    "VERTEX_LIMIT",
    "matching_pennies",
    "prisoners_dilemma",
    "battle_of_the_sexes",
    "rock_paper_scissors",
    "expected_payoffs",
    "best_responses",
    "deviation_gains",
    "is_equilibrium",
    "equilibria",
    "value",
    "dominated_strategies",
    "iterated_elimination",
    "backward_induction",
    "format_strategy",
    "area_winner",
    "bidding_game",
    "allocation_game",
    "heatmap",
    "plot_strategy",
]
