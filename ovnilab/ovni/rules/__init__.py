"""Ovni's game engine, moving from the single module ``rules.py`` into this package (its
text is :mod:`.state`, unchanged but for its relative imports): every name it defined is
importable from here, as before."""

from . import state as _state

globals().update({k: v for k, v in vars(_state).items() if not k.startswith("__")})

# the classes name this package as their module, where they are imported from (a refusal
# names "ovnilab.ovni.rules.Action"; pickles keep the path they always had)
for _cls in (_state.Action, _state.Rules, _state.RulesDeadlock, _state.State, _state._Tables):
    _cls.__module__ = __name__
del _cls
