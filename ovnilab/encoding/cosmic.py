"""Cosmic Encounter's two action encodings and its hashed observation tensor:
:class:`CosmicCodec` (``encoding="characters"``, an action's text spelled in steps) and
:class:`CosmicActionCodec` (``encoding="actions"``, one id per legal action), both over
the tensor of :class:`_CosmicTensor` (:class:`CosmicCodec`'s docstring gives the layout).

A module of its own because Cosmic's action space has no fixed id per action (a deal
alone has millions of forms) and its observation no fixed layout, so both of its
encodings and the hashed tensor they share are Cosmic's alone and change with its
engine (its legal action texts, ``observation(seat)``, the bound
:data:`MAX_COSMIC_ACTIONS`), without touching the other games' codecs.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import numpy as np

from .base import _cells_of

__all__ = ["MAX_COSMIC_ACTIONS", "CosmicActionCodec", "CosmicCodec", "TooManyActions"]


class _CosmicTensor:
    """Cosmic's hashed observation tensor (:class:`CosmicCodec`'s docstring says how),
    shared by both of its encodings. A subclass sets ``n`` (the player count) and
    ``_cells`` (an empty dict)."""

    SIZE = 2048
    n: int
    _cells: dict[str, int]

    def _cell(self, feature: str) -> int:
        """The tensor cell of a feature (CRC-32 modulo the size), remembered: the same
        few thousand paths and values recur at every step."""
        c = self._cells.get(feature)
        if c is None:
            if len(self._cells) > 100_000:
                self._cells.clear()
            c = self._cells[feature] = zlib.crc32(feature.encode()) % self.SIZE
        return c

    def _node(self, path: str) -> list:
        """The remembered node of a feature path: ``[path, its cell, {key: child node},
        {string value: cell}, [child node per seat index]]``, so that the walk of
        :meth:`fill` formats and hashes a path once, not at every step (issue 32: the
        same few thousand paths recur)."""
        tree = self.__dict__.setdefault("_tree", {})
        node = tree.get(path)
        if node is None:
            if len(tree) > 100_000:
                tree.clear()
            node = tree[path] = [path, self._cell(path), {}, {}, []]
        return node

    def fill(self, obs: dict[str, Any], out: np.ndarray, prefix: str = "") -> None:
        """Write the hashed features of one seat's observation into ``out``.

        The walk goes through remembered path nodes (:meth:`_node`) and writes through
        a memoryview (:func:`_cells_of`); it adds each leaf as numpy's float32 ``+=``
        would (the value rounded to float32, then the sum)."""
        n = self.n
        node_of = self._node
        cell = self._cell

        def walk(node: list, x: Any, m: memoryview) -> None:
            if x is None:
                return
            if isinstance(x, bool):
                if x:
                    m[node[1]] += 1.0
            elif isinstance(x, (int, float)):
                v = float(x)
                if not -16_777_216.0 <= v <= 16_777_216.0 or not v.is_integer():
                    v = float(np.float32(v))  # numpy adds a Python float to float32 as float32
                m[node[1]] += v
            elif isinstance(x, str):
                c = node[3].get(x)
                if c is None:
                    c = node[3][x] = cell(f"{node[0]}={x}")
                m[c] += 1.0
            elif isinstance(x, dict):
                kids = node[2]
                for k, v in x.items():
                    child = kids.get(k) if type(k) is str else None
                    walk(kid(node, k) if child is None else child, v, m)
            else:  # lists and tuples: by position when seat-indexed, else as a bag
                seq = list(x)
                if len(seq) == n:
                    kids = node[4]
                    while len(kids) < n:
                        kids.append(node_of(f"{node[0]}/{len(kids)}"))
                    for i, v in enumerate(seq):
                        walk(kids[i], v, m)
                else:
                    for v in seq:
                        walk(node, v, m)

        root = node_of("")

        def kid(node: list, k: Any) -> list:
            """The child of ``node`` at dict key ``k`` (a top-level key's path is the key)."""
            key = k if type(k) is str else f"{k}"
            child = node[2].get(key)
            if child is None:
                child = node[2][key] = node_of(f"{k}" if node is root else f"{node[0]}/{k}")
            return child

        with _cells_of(out) as m:
            walk(root, obs, m)
            if prefix:
                m[cell(f"prefix={prefix}")] += 1.0

    def tensor(self, obs: dict[str, Any], prefix: str = "") -> np.ndarray:
        """A new float32 tensor of one seat's observation."""
        out = np.zeros(self.SIZE, np.float32)
        self.fill(obs, out, prefix)
        return out

    def views(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """The one named view of the tensor (OpenSpiel's observer ``dict``)."""
        return {"features": out}

    @staticmethod
    def text(obs: dict[str, Any]) -> str:
        """The observation as one line of JSON (keys sorted): OpenSpiel's observation string."""
        return json.dumps(obs, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


class CosmicCodec(_CosmicTensor):
    """Cosmic Encounter's actions, chosen in steps, and its hashed observation tensor.

    Why steps: Cosmic's action space is a product. A deal names what each main player
    gives and where each lands (164,540 distinct proposals in 120 random games, up to
    4,609 legal at once), and alien powers' choices name cards, planets and players. A
    fixed id per whole action would need millions of ids, most never legal, and a mask
    that size in PettingZoo (:class:`CosmicActionCodec`, the other encoding, numbers the
    legal actions of each position instead). So an action is spelled: its text is chosen one branch at a
    time in the trie of the legal actions' texts. Action id 0 ends the text (chosen
    when a legal action's text is exactly what was spelled and another continues it);
    ids 1-95 are the printable ASCII characters (id = ord(char) - 31). After each choice
    the forced characters follow by themselves, so a decision is only where the legal
    texts differ; once one legal action is left it is applied. An action with one legal
    text is one decision; ``play Quash`` among ``pass`` and ``play Card Zap`` is two
    (``pl``, then ``Q``). ``id_text`` gives the text a choice leads to (the whole action
    when it completes one, else the spelled part and "...").

    Observation tensor (``obs_size`` = 2,048): feature hashing of ``observation(seat)``.
    Every leaf of the observation dict adds to one cell, picked by the CRC-32 of its
    path (``planets/red 1/blue``; list positions count only in seat-indexed lists): a
    number adds its value, True adds 1, a string adds 1 at the cell of path and value
    (``hand=Quash``), None adds nothing. The acting seat's spelled prefix adds 1 at the
    cell of ``prefix=<text>``. Collisions are possible (a learner sees a sum); the
    layout is fixed for a player count.
    """

    END = 0

    def __init__(self, state: Any) -> None:
        self.num_actions = 96
        self.obs_size = self.SIZE
        self.n = state.num_players
        self._texts_key: Any = None
        self._texts: dict[str, Any] = {}
        self._cells: dict[str, int] = {}

    @staticmethod
    def char_id(ch: str) -> int:
        o = ord(ch)
        if not 32 <= o < 127:
            raise ValueError(f"Cosmic action text has the character {ch!r}, outside the ids (printable ASCII)")
        return o - 31

    def _legal_texts(self, state: Any) -> dict[str, Any]:
        state.legal_actions()
        # the engine keeps one list per position (core.GameState's cache, shared by its
        # clones) until the state changes: the texts are rebuilt only for a new list
        legal = state._legal_cache
        if legal is not self._texts_key:
            self._texts = {str(a): a for a in legal}
            self._texts_key = legal  # held, so its id is never reused while compared
        return self._texts

    @staticmethod
    def _forced(texts: Any, p: str) -> str:
        """``p`` followed by the characters every legal text starting with it shares
        (so that a decision is only where the texts differ)."""
        cands = [t for t in texts if t.startswith(p)]
        if not cands:
            raise ValueError(f"no legal action starts with {p!r}")
        while True:
            k = len(p)
            if any(len(t) == k for t in cands):
                return p
            nxt = {t[k] for t in cands}
            if len(nxt) > 1:
                return p
            p += nxt.pop()

    def legal_ids(self, state: Any, prefix: str = "") -> list[int]:
        """The choices at ``prefix`` (after its forced characters): the next characters
        of the legal texts (and 0 when one of them ends there), ascending."""
        texts = self._legal_texts(state)
        p = self._forced(texts, prefix)
        k = len(p)
        return sorted({self.END if len(t) == k else self.char_id(t[k]) for t in texts if t.startswith(p)})

    def legal_mask(self, state: Any, prefix: str = "") -> np.ndarray:
        """A new int8 vector over the ids with a 1 at each legal choice at ``prefix``."""
        mask = np.zeros(self.num_actions, np.int8)
        mask[self.legal_ids(state, prefix)] = 1
        return mask

    def _follow(self, state: Any, prefix: str, action_id: int) -> tuple[str, Any]:
        texts = self._legal_texts(state)
        if not isinstance(action_id, (int, np.integer)) or not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id must be an int in 0..{self.num_actions - 1}, not {action_id!r}")
        prefix = self._forced(texts, prefix)
        if action_id == self.END:
            if prefix not in texts:
                raise ValueError(f"no legal action is exactly {prefix!r}")
            return "", texts[prefix]
        p = self._forced(texts, prefix + chr(int(action_id) + 31))
        cands = [t for t in texts if t.startswith(p)]
        if len(cands) == 1:
            return "", texts[cands[0]]
        return p, None  # the texts differ here (or one ends and another goes on): the seat chooses

    def advance(self, state: Any, prefix: str, action_id: int) -> tuple[str, Any]:
        """Choose ``action_id`` at ``prefix``: (the new prefix, "" once an action is
        complete; the completed engine action or None)."""
        return self._follow(state, prefix, action_id)

    def id_text(self, state: Any, prefix: str, action_id: int) -> str:
        """The text a choice leads to: the whole action's text when it completes one."""
        p, action = self._follow(state, prefix, action_id)
        return str(action) if action is not None else p + "..."

    def id_toward(self, state: Any, prefix: str, action: Any) -> int:
        """The id to choose now on the way to the engine action ``action``."""
        texts = self._legal_texts(state)
        p = self._forced(texts, prefix)
        text = str(action)
        if text not in texts or not text.startswith(p):
            raise ValueError(f"{text!r} is not a legal action continuing {p!r}")
        return self.END if len(text) == len(p) else self.char_id(text[len(p)])


#: the most legal actions of one Cosmic position that :class:`CosmicActionCodec` has ids
#: for (``encoding="actions"``), 3.2 times the largest count measured. Measured by
#: ``benchmarks/cosmic_action_counts.py`` (2026-12-05): 7,000 random games (3, 4 and 5
#: players, 24 million positions) and 1,900 games of greedy bots (2.4 million): the
#: largest was 10,109 legal actions, a deal's proposals (5 players, random play, seed
#: 2862); of the 19 million positions whose tail was counted, 1 in 40,000 had more than
#: 4,096 and 1 in 800,000 more than 8,192. The rules set no bound (a deal's proposals multiply both main players' hand
#: sizes plus one and the colonies each side may grant), so a position over it raises
#: :class:`TooManyActions`.
MAX_COSMIC_ACTIONS = 32_768


class TooManyActions(ValueError):
    """A Cosmic position with more legal actions than :class:`CosmicActionCodec` has ids."""


class CosmicActionCodec(_CosmicTensor):
    """Cosmic Encounter with one id per legal action (the adapters' ``encoding="actions"``).

    Id ``k`` is the ``k``-th action of ``state.legal_actions()`` at the position, in the
    engine's own order (deterministic: the same position, or a determinization of it
    for the seat to act, lists the same actions in the same order). So an id is not a
    fixed action: 3 is ``play Quash`` at one position and ``pass`` at another. The legal
    ids are ``0..n-1`` for ``n`` legal actions; an agent reads the mask (``legal_mask``)
    and, when it wants to know what an id means, ``id_text`` (the adapters'
    ``action_text`` / OpenSpiel's ``action_to_string``); the text view
    (:func:`text_view`) lists the legal actions in id order. The observation tensor does
    not describe the ids: it is :class:`CosmicCodec`'s hashed tensor (with no prefix:
    every id is a whole action, so the prefix is always ""); texts an agent wants to
    embed are one ``id_text`` call away.

    ``num_actions`` is ``max_actions`` (:data:`MAX_COSMIC_ACTIONS` in the adapters); a
    position with more legal actions raises :class:`TooManyActions` naming both counts
    (never dropping actions): the rule option ``deal_max_cards`` bounds a deal's
    proposals, and the character encoding (:class:`CosmicCodec`) has no maximum.
    """

    def __init__(self, state: Any, max_actions: int = MAX_COSMIC_ACTIONS) -> None:
        if not isinstance(max_actions, int) or max_actions < 1:
            raise ValueError(f"max_actions must be a whole number >= 1, not {max_actions!r}")
        self.num_actions = max_actions
        self.obs_size = self.SIZE
        self.n = state.num_players
        self._cells: dict[str, int] = {}
        self._key: Any = None  # the engine's legal list of the position remembered below
        self._index: dict[Any, int] = {}
        self._mask: np.ndarray | None = None

    def _legal(self, state: Any, prefix: str) -> list[Any]:
        """The engine's legal actions (its list, kept per position: see the fixed-id
        codecs' ``legal_ids``, :class:`ovnilab.encoding.cows.CowsCodec`), checked against
        the maximum."""
        if prefix:
            raise ValueError(f"the action encoding chooses whole actions: the prefix is always '', not {prefix!r}")
        state.legal_actions()
        legal = state._legal_cache
        if legal is not self._key:
            if len(legal) > self.num_actions:
                raise TooManyActions(
                    f"this Cosmic position has {len(legal):,} legal actions, more than the action encoding's "
                    f"maximum of {self.num_actions:,} ids (MAX_COSMIC_ACTIONS); none is dropped: use "
                    "encoding='characters' (no maximum) or the rule option deal_max_cards (a deal's "
                    "proposals are the longest lists)")
            self._index = {}
            self._mask = None
            self._key = legal  # held, so its id is never reused while compared
        return legal

    def legal_ids(self, state: Any, prefix: str = "") -> list[int]:
        """``0..n-1`` for the ``n`` legal actions (ascending, OpenSpiel's order)."""
        return list(range(len(self._legal(state, prefix))))

    def legal_mask(self, state: Any, prefix: str = "") -> np.ndarray:
        """A new int8 vector over the ids with a 1 at ``0..n-1``."""
        n = len(self._legal(state, prefix))
        if self._mask is None:
            mask = np.zeros(self.num_actions, np.int8)
            mask[:n] = 1
            self._mask = mask
        return self._mask.copy()

    def _action(self, state: Any, prefix: str, action_id: int) -> Any:
        legal = self._legal(state, prefix)
        if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)) \
                or not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id must be an int in 0..{self.num_actions - 1}, not {action_id!r}")
        if action_id >= len(legal):
            raise ValueError(f"action id {action_id} is not legal here: this position has {len(legal)} legal "
                             f"actions (ids 0..{len(legal) - 1})")
        return legal[int(action_id)]

    def advance(self, state: Any, prefix: str, action_id: int) -> tuple[str, Any]:
        """Choose ``action_id``: ("", the ``action_id``-th legal action)."""
        return "", self._action(state, prefix, action_id)

    def id_text(self, state: Any, prefix: str, action_id: int) -> str:
        """ovnilab's text of the action an id stands for at this position."""
        return str(self._action(state, prefix, action_id))

    def id_toward(self, state: Any, prefix: str, action: Any) -> int:
        """The id of the legal action ``action`` (an engine action or its text)."""
        legal = self._legal(state, prefix)
        if not self._index:
            for i, a in enumerate(legal):
                self._index.setdefault(a, i)
                self._index.setdefault(str(a), i)
        i = self._index.get(action)
        if i is None:
            raise ValueError(f"{str(action)!r} is not a legal action here")
        return i
