"""The cow-abduction pyramid game's engine (``seeds/004_*.txt``, 2 players).

Every rule of the rulebook is in this package, in the module of the part of the game it
belongs to (below); comments name the rule a block implements. The cards are data
(``data/cows/cards.toml``, an ovnilab design: nothing is published) interpreted by the
effect vocabulary of :mod:`ovnilab.cows.data`. Readings of ambiguous rules are options of
:class:`Rules` (defaults = the reading we judge most faithful), each explained where it
is implemented.

Where each part lives
---------------------
One class, :class:`State`, whose methods are grouped in modules named for what they do
(each module a mixin of ``State``; every method reads and changes the fields that
``State.__init__`` sets up), beside the pure rules they use:

* :mod:`.pyramid`: the six slots, where the next card may go and which slots touch
  (:func:`open_slots`, :func:`pyramid_graph`, :func:`slot_name`, :data:`SUPPORTS`);
* :mod:`.turn`: the legal actions of each phase and how each action changes the state:
  the main action, the free build, the immediate effects, the end of the turn and of the
  game (with the rules ovnilab adds: flip chains, the stall limit, no deadlock);
* :mod:`.scoring`: the points of a pyramid (:func:`score_pyramid`,
  :func:`effect_points`, :func:`pyramid_symbols`), the scores, the tie-break and the
  winners;
* :mod:`.hidden`: observations and determinization (what each seat may see);
* :mod:`.actions`: :class:`Action`, its text, the order legal actions are listed in,
  reading a text back, explaining a refusal, the log's wording;
* :mod:`.components`: the seats' names and the phases;
* :mod:`.state`: :class:`Rules` (and the readings of the rulebook they choose between),
  ``State`` itself (its fields and the set-up), :func:`new_game`,
  :func:`check_invariants`.

Every name the single module ``rules.py`` defined is still importable from
``ovnilab.cows.rules`` (the private ones included), and so are the names it took from
:mod:`ovnilab.cows.data` and :mod:`ovnilab.core`. A test that patches a name the engine
looks up patches it in the module that uses it (e.g. ``rules.state.load_cards``).
"""

from __future__ import annotations

# every name rules.py defined, and the ones it took from data and core
from ...core import (RuleSet, TERMINAL, GameState, IllegalAction, SaveFormatError, action_repr,  # noqa: F401
                     load_saved_file, rule_option, rules_from_dict, rules_to_dict, saved_choice)
from .. import data as _data  # noqa: F401
from ..data import CALF, COW, MOON, SUN, Cards, Effect, Face, _fold, load_cards  # noqa: F401
from .actions import (_FACE_UNTIL_DRAWN, _FIELDS, _RE_BUILD, _RE_FLIP, _RE_FX, _RE_KEEP, _RE_TAKE,  # noqa: F401
                      _SLOT_RE, _TABLES, DRAW, END_TURN, PASS, SKIP, Action, _slot_index, _Tables, _tables)
from .components import AFTER, EFFECT, KEEP, MAIN, OVER, PHASE_NAMES, SEAT_NAMES  # noqa: F401
from .pyramid import (_EDGES, _GRAPH, _OPEN, FULL, NEIGHBOURS, ROW_OF, SLOTS, SUPPORTS, open_slots,  # noqa: F401
                      pyramid_graph, slot_name)
from .scoring import (_CATEGORIES, _FACE_SETS, effect_points, face_ids, faces_key, _pyramid_points,  # noqa: F401
                      pyramid_symbols, score_pyramid)
from .state import TIE_BREAKS, Rules, State, check_invariants, invariants, new_game  # noqa: F401

__all__ = [
    "Action",
    "Rules",
    "State",
    "new_game",
    "check_invariants",
    "pyramid_graph",
    "open_slots",
    "slot_name",
    "pyramid_symbols",
    "score_pyramid",
    "effect_points",
    "SLOTS",
    "ROW_OF",
    "SUPPORTS",
]

# the classes name this package as their module, where they are imported from (a refusal
# names "ovnilab.cows.rules.Action"; pickles keep the path they always had)
for _cls in (Action, Rules, State, _Tables):
    _cls.__module__ = __name__
del _cls
