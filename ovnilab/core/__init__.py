"""The protocol every ovnilab game shares.

A game is a subclass of :class:`GameState`: the base class owns what is the same in every
game (the action log, legality checking, undo, cloning, JSON save and load, the seeded
random generator), the game supplies the rules (its hooks are listed in :mod:`.state`).
Its rule options are a frozen ``Rules`` dataclass built on :class:`RuleSet`, and a saved
game is its options, seed and action log (:func:`load_json`).

Where things live
-----------------
One module per concern, each importing only those above it in this list:

* :mod:`.text`: how the core shows a value in a message and compares typed texts
  (:func:`fold_text`, :func:`action_text`, :func:`short_repr`), bounded and never failing;
* :mod:`.actions`: actions as people type and read them: :class:`IllegalAction`,
  :func:`action_repr`, :func:`check_action_fields`, :data:`MAX_ACTION_TEXT`; the refusals
  every game shares are marked ``N_`` here and in :mod:`.state` (:mod:`ovnilab.refusals`
  reads them from these two files);
* :mod:`.state`: :class:`GameState` (the contract and its design notes are that module's
  docstring), :data:`TERMINAL`, :class:`NoLegalMove`, :func:`make_rng`, :func:`derive_seed`;
* :mod:`.options`: rule options: :func:`rule_option`, :class:`RuleSet`,
  :func:`check_rules`, :class:`RulesError`, :func:`warn_inert`, :class:`RuleOptionWarning`,
  :func:`describe_rules`;
* :mod:`.saves`: reading a save back: :func:`load_json`, :class:`SaveFormatError`,
  :func:`rules_from_dict` / :func:`rules_to_dict`, :func:`check_save_files` (the data-file
  paths policy), :func:`game_loader`, :func:`read_json_object`.

Why: the single module ``core.py`` had grown to hold all five, and a game author looking
for how rule options are checked, or a reviewer of the save format's limits, read past
the whole of ``GameState``. Every name ``core.py`` defined (the private ones included) is
still importable from ``ovnilab.core``, and its errors name ``ovnilab.core`` as their module,
as they always did (a refusal printed as a traceback).
"""

from __future__ import annotations

# every name core.py defined, and the datafiles module it used
from .. import datafiles  # noqa: F401
from .actions import (MAX_ACTION_INT_BITS, MAX_ACTION_ITEMS, MAX_ACTION_TEXT, IllegalAction,  # noqa: F401
                      action_repr, check_action_fields)
from .options import (RuleOptionWarning, RuleSet, RulesError, _check_field, _describe, _kind,  # noqa: F401
                      check_choice, check_rules, describe_rules, rule_option, sorted_unique, warn_inert)
from .saves import (MAX_ACTION_CHARS, MAX_SAVE_CHARS, SaveFormatError, check_save_files, game_loader,  # noqa: F401
                    load_json, load_saved_file, read_json_object, rules_from_dict, rules_to_dict, saved_choice)
from .state import (SAVE_FORMAT, TERMINAL, UNDO_CHECKPOINT_EVERY, GameState, NoLegalMove, _freeze,  # noqa: F401
                    derive_seed, make_rng)
from .text import _cut, action_text, fold_text, short_repr  # noqa: F401

__all__ = [
    "NoLegalMove",
    "check_action_fields",
    "IllegalAction",
    "GameState",
    "TERMINAL",
    "make_rng",
    "derive_seed",
    "load_json",
    "SaveFormatError",
    "MAX_ACTION_TEXT",
    "fold_text",
    "action_repr",
    "RulesError",
    "rule_option",
    "check_rules",
    "short_repr",
    "saved_choice",
    "load_saved_file",
    "describe_rules",
    "warn_inert",
    "RuleOptionWarning",
]

# the errors and the warning name this package as their module, where they are imported
# from (a refusal printed as a traceback says "ovnilab.core.IllegalAction", as it always
# did; a pickled one keeps its path). GameState and RuleSet keep their own modules: their
# annotations (ClassVar[...]) are resolved there, by typing.get_type_hints (the board's
# new-game tab reads a game's Rules through it)
for _cls in (IllegalAction, NoLegalMove, RulesError, RuleOptionWarning, SaveFormatError):
    _cls.__module__ = __name__
del _cls
