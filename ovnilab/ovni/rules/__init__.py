"""Ovni's game engine: the state, its legal actions and how each action changes it.

Every rule of the rulebook (``seeds/000_*.txt``) is in this package, in the module of
the part of the turn it belongs to (below); the comments name the rule a block
implements. Readings of ambiguous rules are options of :class:`Rules` (defaults = the
reading we judge most faithful) and are documented in ``data/ovni/`` and in the rules
notebook.

Representation (chosen for speed: bots and analyses play millions of steps):

* seats are ints ``0..n-1``; in the 2-player variant seat 2 is the imaginary third player,
  which never acts (its choices are made by the real players, as the rulebook says);
* alien types, cities, categories are ints internally; actions carry readable names so
  that ``str(action)`` needs no state and parses back;
* actions are interned :class:`Action` tuples built once per board, so listing legal
  actions allocates almost nothing;
* the state is a handful of flat lists, so ``clone`` is a few list copies.

Chance (deck shuffles, human placement, dealing, the third player's hidden tokens) is drawn
from the state's seeded RNG inside ``apply``; the log holds only decisions.

Where each part lives
---------------------
One class, :class:`State`, whose methods are grouped in modules named for the parts of
Ovni's turn, in the rulebook's order (each module a mixin of ``State``; every method
reads and changes the fields that ``State.__init__`` sets up):

* :mod:`.setup`: Preparação, the set-up: the components dealt and placed, the missions
  kept, the starting aliens (and the third player's, in the 2-player variant);
* :mod:`.recruitment`: Fase 1 - Recrutamento: the round's turn order, the alien cards
  drawn into the areas, the command tokens placed, the areas resolved and recruited,
  the tokens returned; then the energy card. Its rules one at a time:
  :func:`recruitment_order`, :func:`resolve_area` (:data:`AREA_TIE_RULES`);
* :mod:`.groups`: Fase 2 - Ações: the turn order, the force field, each turn's alien
  groups and their actions (move, abduct, launch, capture, destroy); then the end of the
  round and of the game. Its turn order alone: :func:`action_order`;
* :mod:`.board`: the pieces moved in either phase: aliens gained, the UFOs a new pair of
  builders builds (:func:`ufos_built`), UFOs arriving in a city and mapping it;
* :mod:`.scoring`: Pontuação Final e Vencedor: the final scoring, the winners, and the
  search bots' evaluation of an unfinished position. Its rules one at a time:
  :func:`score_humans`, :func:`majority_points`, :func:`airspace_controller`;
* :mod:`.hidden`: observations and determinization;
* :mod:`.actions`: :class:`Action`, its text, reading a text back, explaining a refusal,
  the log's wording;
* :mod:`.components`: the constants (alien types and groups, areas, pieces, seat colours,
  phases);
* :mod:`.state`: :class:`Rules` (and the readings older saves replay with), ``State``
  itself (its fields, the phase dispatch), :func:`new_game`, :func:`example_position`,
  :func:`check_invariants`.

Every name the single module ``rules.py`` defined is still importable from
``ovnilab.ovni.rules`` (the private ones tests use included), and so are the names it
took from :mod:`ovnilab.ovni.data` and :mod:`ovnilab.core`. A test that patches a name
the engine looks up patches it in the module that uses it (e.g.
``rules.state.load_board``).
"""

from __future__ import annotations

# every name rules.py defined, and the ones it took from data and core (no __all__, as before)
from ...core import TERMINAL, GameState, IllegalAction, NoLegalMove, SaveFormatError
from ..data import ALIEN_TYPES, Board, Cards, _fold, load_board, load_cards
from .actions import (_PHASE2_KINDS, _PLACE, _TABLES, END_GROUP, END_TURN, Action, _folded_fields, _Tables, _tables,
                      _type_key)
from .board import ufos_built
from .components import (_COLOUR_INDEX, _GROUP_INDEX, _TYPE_INDEX, ABDUCTOR, ACTIONS, AREA_LETTERS, BUILDER,
                         CHOOSE_ALIENS, COMMAND_VALUES, ENERGY, FORCE_FIELD, GROUP_NAMES, HUMANS_PER_CATEGORY,
                         KEEP_MISSIONS, MAP_TOKENS_PER_PLAYER, MILITARY, OVER, PILOT, PLACEMENT, RECRUIT, RESOLVING,
                         SEAT_COLOURS, THIRD_ALIENS, UFOS_PER_PLAYER)
from .groups import action_order
from .recruitment import (_TYPES, AREA_TIE_RULES, RulesDeadlock, _order, _planet_distance, recruitment_order,
                          resolve_area)
from .scoring import _MISSION_INDEX, airspace_controller, majority_points, score_humans, third_player_majority_text
from .state import (_APPLY, _ISSUE_12_OPTIONS, _KINDS, _LEGAL, FIRST_BOARD, Rules, State, _before_issue_12,
                    _check_rules_across, check_invariants, example_position, invariants, new_game)

# the classes name this package as their module, where they are imported from (a refusal
# names "ovnilab.ovni.rules.Action"; pickles keep the path they always had)
for _cls in (Action, Rules, RulesDeadlock, State, _Tables):
    _cls.__module__ = __name__
del _cls
