"""The cow game's action ids and observation tensor (:class:`CowsCodec`).

A module of its own because the ids and the tensor follow the cow game's card file, rules
and observation, and change with them alone (a new face, a rule option, a field of
``observation(seat)``) without touching Ovni's or Cosmic's codec; what the fixed-id codecs
share is in :mod:`ovnilab.encoding.base`.

Layout
------
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

from typing import Any

import numpy as np

from .base import _cells_of, _FixedIdCodec, _layout, _seat

__all__ = ["CowsCodec"]


class CowsCodec(_FixedIdCodec):
    """Action ids and tensors of one cow-game card set and hand limit."""

    AREAS = 2
    PHASES = ("main action", "keep one drawn card", "build or end turn", "effect target", "game over")

    def __init__(self, state: Any) -> None:
        from ..cows import rules as R

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
        self._offsets, self.obs_size = _layout(self.pieces)
        self._at = {name: i for name, i, _j, _shape in self._offsets}  # each piece's first flat index
        self._init_caches()

    # ------------------------------------------------------------------ observations
    def fill(self, obs: dict[str, Any], out: np.ndarray, prefix: str = "") -> None:
        """Write the tensor of one seat's observation dict ``obs`` into ``out``.

        Each cell is written at its flat index through a memoryview of the buffer
        (:func:`_cells_of`): a numpy item write costs twice a memoryview's, and the
        fill writes some 60 cells (issue 32). The values and their float32 rounding
        are those of numpy's writes."""
        with _cells_of(out) as m:
            o = self._at
            fi = self.face_index
            nf, H = self.nf, self.hand_limit
            cp = obs["current_player"]
            m[o["seat"] + _seat(obs["seat"], 2)] = 1.0
            m[o["to_act"] + (cp if cp in (0, 1) else 2)] = 1.0
            m[o["turn"] + _seat(obs["turn_player"], 2)] = 1.0
            m[o["starter"] + _seat(obs["starting_player"], 2)] = 1.0
            m[o["phase"] + self.PHASES.index(obs["phase"])] = 1.0
            f = o["flags"]
            m[f], m[f + 1], m[f + 2] = obs["final_turn"], obs["main_action_done"], obs["build_used"]
            m[o["deck_size"]] = obs["deck_size"] / self.num_cards
            m[o["stall"]] = obs["stall"] / max(1, self.stall_limit)
            if obs["deck_top"] is not None:
                m[o["deck_top"] + fi[obs["deck_top"]]] = 1.0
            for a, pile in enumerate(obs["celeiro"]):
                base = o["celeiro"] + _seat(a, self.AREAS) * nf
                for name in pile:
                    m[base + fi[name]] += 1.0
            for a, top in enumerate(obs["celeiro_top"]):
                if top is not None:
                    m[o["celeiro_top"] + _seat(a, self.AREAS) * nf + fi[top]] = 1.0
            drawn, hands, pyramids = obs["drawn"], obs["hands"], obs["pyramids"]
            if len(drawn) > 2 or max(map(len, hands)) > H or max(map(len, pyramids)) > 6:
                raise IndexError(f"more cards than the tensor has room for: {len(drawn)} drawn, hands of "
                                 f"{[len(h) for h in hands]} (limit {H}), pyramids of {[len(p) for p in pyramids]}")
            step = 2 * nf
            for base, row in ((o["drawn"], drawn), (o["hands"], hands[0]), (o["hands"] + step * H, hands[1]),
                              (o["pyramids"], pyramids[0]), (o["pyramids"] + step * 6, pyramids[1])):
                for c in row:
                    if c is not None:
                        m[base + fi[c["face"]]] = 1.0
                        if c["back"] is not None:
                            m[base + nf + fi[c["back"]]] = 1.0
                    base += step
            if obs["pending_effect"] is not None:
                m[o["effect"] + self.effects[obs["pending_effect"]]] = 1.0
            m[o["scores"]], m[o["scores"] + 1] = (x / 10.0 for x in obs["scores"])
