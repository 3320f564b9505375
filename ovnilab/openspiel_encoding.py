"""Integer action ids and observation tensors of ovnilab's games, shared by the two
adapters (:mod:`ovnilab.openspiel` and :mod:`ovnilab.pettingzoo`).

OpenSpiel and PettingZoo both want a game's actions as integers ``0..N-1`` (N fixed for
a game and its rules) and an observation as a fixed-size vector of numbers. ovnilab's
engines speak in :class:`Action` values with a readable text and in observation
dictionaries. A *codec* here translates, without importing either library, so both
adapters give the same ids and the same tensors.

The cow game (:class:`CowsCodec`)
---------------------------------
``nf`` is the number of distinct faces of the card set (18 for ``data/cows/cards.toml``),
``H`` the rules' ``hand_limit`` (3 by default), ``A = 2`` discard areas (ids are reserved
for the second area even in a 1-area game, so a game's ids do not depend on the Celeiro
face). Faces are numbered in the order of the card file. Action ids, in blocks:

====================  ==========================  ============================================
block                 size                        id inside the block
====================  ==========================  ============================================
fixed                 4                           0 ``draw 2``, 1 ``end turn``, 2 ``skip effect``, 3 ``pass``
take                  ``A * nf``                  ``(area-1) * nf + face``
flip (hand)           ``H * nf``                  ``(pos-1) * nf + face``
build                 ``H * nf * 6``              ``((pos-1) * nf + face) * 6 + slot``
flip effect (fx)      ``2 * 6 * nf``              ``(rel * 6 + slot) * nf + face`` (rel 0 own, 1 opponent's)
keep                  ``2 * nf * nf * A``         ``(((pos-1) * nf + kept) * nf + discarded) * A + area-1``
====================  ==========================  ============================================

With the default cards and rules that is 1,930 ids; ``id_to_text`` of an id is exactly
``str()`` of ovnilab's action.

Observation tensor (float32, one flat vector; all from ``state.observation(seat)``, so it
holds nothing the seat may not see): seat one-hot (2); who acts (3: seat 0, seat 1,
nobody); whose turn (2); starting player (2); phase one-hot (5); final turn, main action
done, build used (3); deck size / cards (1); stall counter / stall limit (1); deck top
face (nf); per area, count of each face in the Celeiro (A x nf) and its top face (A x nf);
the two drawn cards (2 x 2 x nf: face, then back where seen); both hands (2 x H x 2 x nf)
and both pyramids (2 x 6 x 2 x nf), each card as face one-hot then back one-hot (all
zero while the back is unknown to the seat); the pending effect (one-hot over the card
set's immediate-effect texts); both scores / 10 (2).
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np

__all__ = ["CowsCodec", "codec_for", "win_loss"]


class CowsCodec:
    """Action ids and tensors of one cow-game card set and hand limit."""

    AREAS = 2
    PHASES = ("main action", "keep one drawn card", "build or end turn", "effect target", "game over")

    def __init__(self, state: Any) -> None:
        from .cows import rules as R

        self.R = R
        t = state._t  # the engine's interned tables: faces and their names
        self.names: list[str] = list(t.names)
        self.face_index = {n: i for i, n in enumerate(self.names)}
        self.num_cards = state.cards.num_cards
        self.hand_limit = state.rules.hand_limit
        self.stall_limit = state.rules.stall_limit
        nf, H, A = len(self.names), self.hand_limit, self.AREAS
        self.nf = nf
        actions: list[Any] = [R.DRAW, R.END_TURN, R.SKIP, R.PASS]
        actions += [R.Action("take", a, self.names[f]) for a in range(1, A + 1) for f in range(nf)]
        actions += [R.Action("flip", p, self.names[f]) for p in range(1, H + 1) for f in range(nf)]
        actions += [R.Action("build", p, self.names[f], s) for p in range(1, H + 1) for f in range(nf)
                    for s in range(6)]
        actions += [R.Action("fx", rel, s, self.names[f]) for rel in ("own", "opponent") for s in range(6)
                    for f in range(nf)]
        actions += [R.Action("keep", p, self.names[k], self.names[d], a) for p in (1, 2) for k in range(nf)
                    for d in range(nf) for a in range(1, A + 1)]
        self.actions: list[Any] = actions
        self.ids: dict[Any, int] = {a: i for i, a in enumerate(actions)}
        assert len(self.ids) == len(actions), "two ids for one action"
        self.num_actions = len(actions)
        texts: list[str] = []
        for f in state.cards.faces:
            for e in f.immediate():
                if e.text() not in texts:
                    texts.append(e.text())
        self.effects = {t: i for i, t in enumerate(texts)}
        # the tensor's pieces: name -> shape
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (2,)), ("to_act", (3,)), ("turn", (2,)), ("starter", (2,)), ("phase", (5,)), ("flags", (3,)),
            ("deck_size", (1,)), ("stall", (1,)), ("deck_top", (nf,)), ("celeiro", (A, nf)),
            ("celeiro_top", (A, nf)), ("drawn", (2, 2, nf)), ("hands", (2, H, 2, nf)), ("pyramids", (2, 6, 2, nf)),
            ("effect", (max(1, len(texts)),)), ("scores", (2,)),
        ]
        self._offsets: list[tuple[str, int, int, tuple[int, ...]]] = []
        i = 0
        for name, shape in self.pieces:
            n = math.prod(shape)
            self._offsets.append((name, i, i + n, shape))
            i += n
        self.obs_size = i

    # ------------------------------------------------------------------ actions
    def action_id(self, action: Any) -> int:
        """The integer id of an engine action (KeyError if outside the id space)."""
        return self.ids[action]

    def action_of(self, action_id: int) -> Any:
        """The engine action of an id; ValueError names the valid range."""
        if not isinstance(action_id, (int, np.integer)) or not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id must be an int in 0..{self.num_actions - 1}, not {action_id!r}")
        return self.actions[int(action_id)]

    def legal_ids(self, state: Any) -> list[int]:
        """The ids of the legal actions, ascending (OpenSpiel's order)."""
        return sorted(self.ids[a] for a in state.legal_actions())

    # ------------------------------------------------------------------ observations
    def views(self, out: np.ndarray) -> dict[str, np.ndarray]:
        """Named views into a flat tensor ``out`` (OpenSpiel's observer ``dict``)."""
        return {name: out[i:j].reshape(shape) for name, i, j, shape in self._offsets}

    def fill(self, obs: dict[str, Any], out: np.ndarray) -> None:
        """Write the tensor of one seat's observation dict ``obs`` into ``out``."""
        out.fill(0.0)
        v = self.views(out)
        fi = self.face_index
        v["seat"][obs["seat"]] = 1
        cp = obs["current_player"]
        v["to_act"][cp if cp in (0, 1) else 2] = 1
        v["turn"][obs["turn_player"]] = 1
        v["starter"][obs["starting_player"]] = 1
        v["phase"][self.PHASES.index(obs["phase"])] = 1
        v["flags"][:] = (obs["final_turn"], obs["main_action_done"], obs["build_used"])
        v["deck_size"][0] = obs["deck_size"] / self.num_cards
        v["stall"][0] = obs["stall"] / max(1, self.stall_limit)
        if obs["deck_top"] is not None:
            v["deck_top"][fi[obs["deck_top"]]] = 1
        for a, pile in enumerate(obs["celeiro"]):
            for name in pile:
                v["celeiro"][a, fi[name]] += 1
        for a, top in enumerate(obs["celeiro_top"]):
            if top is not None:
                v["celeiro_top"][a, fi[top]] = 1

        def card(dst: np.ndarray, c: dict[str, Any] | None) -> None:
            if c is None:
                return
            dst[0, fi[c["face"]]] = 1
            if c["back"] is not None:
                dst[1, fi[c["back"]]] = 1

        for k, c in enumerate(obs["drawn"]):
            card(v["drawn"][k], c)
        for s in (0, 1):
            for k, c in enumerate(obs["hands"][s]):
                card(v["hands"][s, k], c)
            for k, c in enumerate(obs["pyramids"][s]):
                card(v["pyramids"][s, k], c)
        if obs["pending_effect"] is not None:
            v["effect"][self.effects[obs["pending_effect"]]] = 1
        v["scores"][:] = [x / 10.0 for x in obs["scores"]]

    def tensor(self, obs: dict[str, Any]) -> np.ndarray:
        """A new float32 tensor of one seat's observation."""
        out = np.zeros(self.obs_size, np.float32)
        self.fill(obs, out)
        return out

    @staticmethod
    def text(obs: dict[str, Any]) -> str:
        """The observation as one line of JSON (keys sorted): OpenSpiel's observation string."""
        return json.dumps(obs, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


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


def codec_for(state: Any) -> Any:
    """The codec of a game state's game, card set and rules (built once, then shared)."""
    name = state.game_name
    if name == "cows":
        key = (name, state.cards, state.rules.hand_limit, state.rules.stall_limit)
        c = _CODECS.get(key)
        if c is None:
            c = _CODECS[key] = CowsCodec(state)
        return c
    raise NotImplementedError(f"no action-id codec for the game {name!r} yet (issue 24)")
