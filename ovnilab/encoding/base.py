"""What the codecs of :mod:`ovnilab.encoding` build on: the layout of a flat tensor of
named pieces (:func:`_layout`), the writer of its cells (:class:`_cells_of`, with the
bounds check :func:`_seat`) and the methods of a codec with one fixed id per action
(:class:`_FixedIdCodec`: the cow game's and Ovni's).

A module of its own so that each game's module imports it (the package's ``__init__``
imports the games' modules, never the other way round): a change here is one to every
fixed-id codec, a change to one game's ids or tensor is in that game's module.
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np


def _layout(pieces: list[tuple[str, tuple[int, ...]]]) -> tuple[list[tuple[str, int, int, tuple[int, ...]]], int]:
    """Where each named piece of a flat tensor lies: (name, start, end, shape), and the size."""
    out, i = [], 0
    for name, shape in pieces:
        n = math.prod(shape)
        out.append((name, i, i + n, shape))
        i += n
    return out, i


def _seat(i: int, n: int) -> int:
    """``i`` as an index below ``n`` (IndexError past it, as numpy's write into a view
    of ``n`` cells: a flat index must not run into the next piece)."""
    if 0 <= i < n:
        return i
    raise IndexError(f"index {i} is out of bounds for a piece of {n} cells")


class _cells_of:  # noqa: N801 - used as a context manager, like open()
    """``with _cells_of(out) as m``: ``m`` is a writable memoryview over the float32
    cells of ``out`` (zeroed first). A memoryview item write is about twice as fast as
    numpy's and rounds a Python float to float32 as numpy does (to nearest). When
    ``out`` is not one contiguous float32 vector, ``m`` is a scratch buffer's view,
    copied into ``out`` on exit."""

    __slots__ = ("out", "scratch", "view")

    def __init__(self, out: np.ndarray) -> None:
        self.out = out
        if out.dtype == np.float32 and out.ndim == 1 and out.flags.c_contiguous and out.flags.writeable:
            out.fill(0.0)
            self.scratch = None
            self.view = memoryview(out)
        else:
            self.scratch = np.zeros(out.size, np.float32)
            self.view = memoryview(self.scratch)

    def __enter__(self) -> memoryview:
        return self.view

    def __exit__(self, *exc: Any) -> None:
        self.view.release()
        if self.scratch is not None and exc[0] is None:
            self.out[...] = self.scratch.reshape(self.out.shape)


class _FixedIdCodec:
    """What the codecs with one fixed id per action share (the cow game's and Ovni's):
    a subclass's ``__init__`` sets ``actions`` (the engine action of each id), ``ids``
    (its inverse), ``num_actions``, ``pieces`` with ``_offsets``, ``_at`` and
    ``obs_size`` (:func:`_layout`), then calls :meth:`_init_caches`; its ``fill`` writes
    the tensor."""

    def _init_caches(self) -> None:
        """The per-position caches of :meth:`legal_ids` and the views of the last buffer."""
        self._ids_key: Any = None
        self._ids: list[int] = []
        self._mask: np.ndarray | None = None
        self._views_key: Any = None
        self._views: dict[str, np.ndarray] = {}
        self._scratch: np.ndarray | None = None

    # ------------------------------------------------------------------ actions
    def action_id(self, action: Any) -> int:
        """The integer id of an engine action (KeyError if outside the id space)."""
        return self.ids[action]

    def action_of(self, action_id: int) -> Any:
        """The engine action of an id; ValueError names the valid range."""
        if not isinstance(action_id, (int, np.integer)) or not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id must be an int in 0..{self.num_actions - 1}, not {action_id!r}")
        return self.actions[int(action_id)]

    def legal_ids(self, state: Any, prefix: str = "") -> list[int]:
        """The ids of the legal actions, ascending (OpenSpiel's order). ``prefix`` is
        for games whose actions are chosen in steps (:class:`CosmicCodec`); unused here.

        Remembered for the engine's list of legal actions (one list per position, kept
        by ``GameState`` until the state changes and shared by its clones): an adapter
        asks for the ids, the mask and the legality of a choice at the same position."""
        state.legal_actions()  # fills the engine's cache of this position's list
        legal = state._legal_cache
        if legal is not self._ids_key:
            self._ids = sorted(self.ids[a] for a in legal)
            self._mask = None
            self._ids_key = legal  # held, so its id is never reused while compared
        return list(self._ids)

    def legal_mask(self, state: Any, prefix: str = "") -> np.ndarray:
        """A new int8 vector over the ids with a 1 at each legal id (PettingZoo's and
        Gymnasium's action mask), remembered per position as :meth:`legal_ids`."""
        ids = self.legal_ids(state, prefix)
        if self._mask is None:
            mask = np.zeros(self.num_actions, np.int8)
            mask[ids] = 1
            self._mask = mask
        return self._mask.copy()

    def advance(self, state: Any, prefix: str, action_id: int) -> tuple[str, Any]:
        """Choose ``action_id``: (the prefix after it, the engine action it completes or
        None). Every id of this codec is a whole action."""
        return "", self.action_of(action_id)

    def id_text(self, state: Any, prefix: str, action_id: int) -> str:
        """ovnilab's text of an id at this decision."""
        return str(self.action_of(action_id))

    def id_toward(self, state: Any, prefix: str, action: Any) -> int:
        """The id to choose now on the way to the engine action ``action``."""
        return self.action_id(action)

    # ------------------------------------------------------------------ observations
    def views(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """Named views into a flat tensor ``out`` (OpenSpiel's observer ``dict``)."""
        return {name: out[i:j].reshape(shape) for name, i, j, shape in self._offsets}

    def _views_of(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """:meth:`views` of ``out``, remembered for the last buffer filled (the adapters
        fill the same buffer at every step: OpenSpiel's observer, the scratch tensor)."""
        if out is not self._views_key:
            self._views = self.views(out)
            self._views_key = out  # held, so its id is never reused while compared
        return self._views

    def tensor(self, obs: dict[str, Any], prefix: str = "") -> np.ndarray:
        """A new float32 tensor of one seat's observation (filled in a scratch buffer
        whose views are laid out once, then copied)."""
        if self._scratch is None:
            self._scratch = np.zeros(self.obs_size, np.float32)
        self.fill(obs, self._scratch, prefix)
        return self._scratch.copy()

    @staticmethod
    def text(obs: dict[str, Any]) -> str:
        """The observation as one line of JSON (keys sorted): OpenSpiel's observation string."""
        return json.dumps(obs, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
