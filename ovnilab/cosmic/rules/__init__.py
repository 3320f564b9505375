"""Cosmic Encounter's game engine, becoming a package (issue 13): this step only moves
``rules.py`` to ``rules/encounter.py`` (so history follows it) and serves every name it
defines from here; the next commit splits it into modules named for what they hold."""

from . import encounter as _engine

globals().update({k: v for k, v in vars(_engine).items() if not k.startswith("__")})
__all__ = _engine.__all__

# the public classes name the package, where they are imported from (refusal messages
# print "ovnilab.cosmic.rules.Action"; pickles of rules and states keep resolving)
for _cls in (_engine.Action, _engine.Rules, _engine.State):
    _cls.__module__ = __name__
