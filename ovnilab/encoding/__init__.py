"""Integer action ids and observation tensors of ovnilab's games, shared by the
adapters (:mod:`ovnilab.openspiel`, :mod:`ovnilab.pettingzoo` and :mod:`ovnilab.gym`).

OpenSpiel and PettingZoo both want a game's actions as integers ``0..N-1`` (N fixed for
a game and its rules) and an observation as a fixed-size vector of numbers. ovnilab's
engines speak in :class:`Action` values with a readable text and in observation
dictionaries. A *codec* here translates, without importing either library, so both
adapters give the same ids and the same tensors. :func:`codec_for` gives a state's codec;
each game's module documents its layout: :mod:`.cows` (:class:`CowsCodec`), :mod:`.ovni`
(:class:`OvniCodec`) and :mod:`.cosmic` (:class:`CosmicCodec`, an action spelled in
steps, and :class:`CosmicActionCodec`, both with a hashed tensor).

Encodings (the adapters' ``encoding`` parameter, :data:`ENCODINGS`): the cow game and
Ovni have one, ``"actions"`` (one fixed id per action). Cosmic has two:
``"characters"`` (:class:`CosmicCodec`, the default: an action's text spelled one
character at a time where the legal texts differ, about 1.2 steps per action over a
whole game, no maximum) and ``"actions"`` (:class:`CosmicActionCodec`: one step per
action, id ``k`` the ``k``-th legal action of the position, at most
:data:`MAX_COSMIC_ACTIONS` ids; an id means a different action at each position, so an
agent reads the mask and ``id_text``). ``prefix`` is always "" in the latter.

Every codec has the same methods: ``legal_ids(state, prefix)``, ``advance(state, prefix,
id) -> (prefix, action or None)``, ``id_text``, ``id_toward`` (the id on the way to an
engine action), ``fill``/``tensor`` (from ``observation(seat)``), ``views`` and ``text``.
``prefix`` is the part of a Cosmic action spelled so far, always "" for the other
games and for Cosmic's action encoding.
:func:`text_view` is the adapters' text rendering (``render_mode="ansi"``), from the
same ``observation(seat)``: no game has a whole-board text drawing (their SVG renderers
only write headers and labels in words), and a seat's observation is exactly what a
rendering may show that seat.

How the package is split: one module per game (:mod:`.cows`, :mod:`.ovni`,
:mod:`.cosmic`: its action ids, its observation tensor and their documentation), since
a change to one game's rules or observation changes its codec and no other's;
:mod:`.base` holds what the codecs build on (the tensor layout and cell writer, the
fixed-id codec the cow game and Ovni share); this module gathers them, chooses a codec
(:func:`codec_for`, :data:`ENCODINGS`) and gives what the adapters read of any game
(:func:`win_loss`, :func:`text_view`). The names are imported from here (``from
ovnilab.encoding import CosmicActionCodec``).
"""

from __future__ import annotations

import json
from typing import Any

from .cosmic import MAX_COSMIC_ACTIONS, CosmicActionCodec, CosmicCodec, TooManyActions
from .cows import CowsCodec
from .ovni import OvniCodec

__all__ = ["CowsCodec", "OvniCodec", "CosmicCodec", "CosmicActionCodec", "MAX_COSMIC_ACTIONS", "TooManyActions",
           "ENCODINGS", "check_encoding", "codec_for", "win_loss", "text_view"]


def win_loss(state: Any) -> list[float]:
    """The adapters' reward at the end of a game: +1 to each winner and -1 to the others
    when some seats win and some lose; 0 to everyone when all share the win (or before
    the end). Two players: +1/-1, or 0/0 for a shared win (zero-sum)."""
    n = state.num_players
    w = set(state.winners()) if state.is_over() else set()
    if not w or len(w) == n:
        return [0.0] * n
    return [1.0 if s in w else -1.0 for s in range(n)]


_CODECS: dict[tuple, Any] = {}


#: each game's action encodings (the adapters' ``encoding``), its default first: one id
#: per action for the cow game and Ovni (fixed ids), and for Cosmic the text spelled one
#: character at a time (:class:`CosmicCodec`) or one id per legal action
#: (:class:`CosmicActionCodec`)
ENCODINGS = {"cows": ("actions",), "ovni": ("actions",), "cosmic": ("characters", "actions")}


def check_encoding(game: str, encoding: str | None) -> str:
    """The encoding ``encoding`` of ``game`` (its default for None); a ValueError names
    the allowed values for any other."""
    allowed = ENCODINGS.get(game)
    if allowed is None:
        raise NotImplementedError(f"no action-id codec for the game {game!r} yet (issue 24)")
    if encoding is None:
        return allowed[0]
    if encoding not in allowed:
        raise ValueError(f"encoding of {game} must be " + " or ".join(repr(e) for e in allowed)
                         + f", not {encoding!r}")
    return encoding


def codec_for(state: Any, encoding: str | None = None) -> Any:
    """The codec of a game state's game, card set and rules (built once, then shared),
    in ``encoding`` (:data:`ENCODINGS`; None is the game's default)."""
    name = state.game_name
    encoding = check_encoding(name, encoding)
    if name == "cows":
        key = (name, state.cards, state.rules.hand_limit, state.rules.stall_limit)
        c = _CODECS.get(key)
        if c is None:
            c = _CODECS[key] = CowsCodec(state)
        return c
    if name == "ovni":
        key = (name, state.board, state.cards, state.ns, state.rules.stock_per_type)
        c = _CODECS.get(key)
        if c is None:
            c = _CODECS[key] = OvniCodec(state)
        return c
    key = (name, state.num_players, encoding)
    c = _CODECS.get(key)
    if c is None:
        c = _CODECS[key] = CosmicActionCodec(state) if encoding == "actions" else CosmicCodec(state)
    return c


def text_view(state: Any, seat: int, prefix: str = "", legal_shown: int = 12) -> str:
    """The game as ``seat`` sees it, in plain text (the adapters' ``ansi`` rendering): the
    state's one-line summary (public), the last action as the seat may read it
    (``describe``: another seat's hidden choice masked), one line per entry of
    ``state.observation(seat)`` and, when the seat is to act, the legal actions (the
    first ``legal_shown`` of them; for Cosmic those continuing the spelled ``prefix``).
    Nothing else of the state is read, so it shows no other seat's hidden information."""
    name = getattr(state, "seat_name", lambda s: f"seat {s}")
    lines = [repr(state).strip("<>"), f"view of {name(seat)} (seat {seat})"]
    if state.log:
        action, actor = state.log[-1], state.actors[-1]
        said = str(action) if actor == seat else state.describe(action, seat)
        lines.append(f"last action, by {name(actor)}: {said}")
    for key, value in state.observation(seat).items():
        lines.append(f"{key}: {json.dumps(value, ensure_ascii=False, default=str)}")
    if state.is_over():
        lines.append("game over; winners: " + ", ".join(name(w) for w in state.winners()))
    elif state.current_player == seat:
        texts = [t for t in map(str, state.legal_actions()) if t.startswith(prefix)]
        if prefix:
            lines.append(f"choosing: {prefix}...")
        more = f" | ... and {len(texts) - legal_shown} more" if len(texts) > legal_shown else ""
        lines.append(f"legal actions ({len(texts)}): " + " | ".join(texts[:legal_shown]) + more)
    return "\n".join(lines)
