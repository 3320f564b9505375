"""Ovni's action ids and observation tensor (:class:`OvniCodec`; its docstring gives
the layout).

A module of its own because the ids and the tensor follow Ovni's board, card set, player
count and observation, and change with them alone, without touching the cow game's or
Cosmic's codec; the fixed-id methods it shares with the cow game's codec, and the tensor
layout, are in :mod:`ovnilab.encoding.base`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import _cells_of, _FixedIdCodec, _layout, _seat

__all__ = ["OvniCodec"]


class OvniCodec(_FixedIdCodec):
    """Action ids and tensors of Ovni for one board, card set and player count.

    Action ids, in blocks (``T`` = the 4 alien types in the order pilot, abductor,
    builder, military; cities in the board file's order; ``E`` = the board's directed
    edges, city by city, each city's neighbours in the board's order; ``M`` = the
    mission ids of the card set, ascending):

    ========================  =====================================================
    block                     actions
    ========================  =====================================================
    fixed (6)                 ``end group``, ``end turn``, ``force field on``, ``force field off``, ``energy 2``, ``energy 1``
    energy 1 <type> (4)       then ``energy for third player <type>`` (4), ``give third player <type>`` (4)
    choose aliens (10)        the 2-type sets, then the 3-type sets, in ``itertools.combinations`` order
    recruit (35)              the multisets of 0 to 3 types, by size, in ``combinations_with_replacement`` order
    keep missions (M + M(M-1)/2)  one mission (by id), then the pairs (``combinations`` of the ids)
    place (48)                area A-D x token (third player's, 2, 3, 4, 5, 6) x face-down / face-up
    activate (4)              the four groups
    move (E)                  ``move X -> Y`` for each directed edge
    abduct (12 + E)           ``abduct in X`` per city, then ``abduct in X swapping with Y`` per edge
    launch (12)               ``launch to X`` per city
    destroy (4 x 12)          colour (red, blue, green, yellow) x city
    capture (4 x 4)           colour x type
    ========================  =====================================================

    Observation tensor (from ``observation(seat)``; ``S`` seats counting the 2-player
    variant's third player, ``K`` = 6 human categories, ``A`` = the ability names):
    seat (S), who acts (S + 1: nobody last), phase (11), round / 10, stock / stock per
    type (4), aliens (S x 4) / 10, captured (S x 4) / 10, UFOs per city and seat (12 x S),
    platform and reserve (2 x S), mapped (12 x S), human per city (12 x (K + 1): none
    last), the track (6 x K), abducted (S x K), abilities (S x A, counts), tokens owned
    (S x 5, for 2-6), the seat's hand (5), areas (4 x (4 types + 4 slots x (S owner +
    5 values + 1 hidden))), the seat's missions (M), missions kept (S), energy (S), shield (S),
    the two turn orders (2 x S x S: seat x position), deck size / cards (1), the discard's
    types (4) and size / cards (1).
    """

    PHASES = ("keep missions", "choose starting aliens", "third player's starting aliens", "placing command tokens",
              "choosing aliens to recruit", "resolving the areas", "energy card", "force field", "actions",
              "game over", "")

    def __init__(self, state: Any) -> None:
        import itertools

        from ..ovni import rules as R
        from ..ovni.data import ALIEN_TYPES
        from ..ovni.rules.components import AREA_LETTERS, COMMAND_VALUES, GROUP_NAMES

        T = ALIEN_TYPES
        t = R._tables(state.board)  # the engine's interned moves of this board
        names = list(state.board.names)
        self.cities = {n: i for i, n in enumerate(names)}
        self.types = {n: i for i, n in enumerate(T)}
        self.categories = {n: i for i, n in enumerate(state.cards.categories)}
        self.mission_ids = sorted(m.id for m in state.cards.missions)
        self.mission_index = {m: i for i, m in enumerate(self.mission_ids)}
        self.abilities = {n: i for i, n in enumerate(sorted(set(state.cards.abilities)))}
        self.ns = state.ns
        self.stock_per_type = state.rules.stock_per_type
        self.num_cards = len(state.cards.alien_cards)
        A = R.Action
        acts: list[Any] = [R.END_GROUP, R.END_TURN, A("force_field", True), A("force_field", False), A("energy", 2),
                           A("energy", 1)]
        acts += [A("energy", 1, x) for x in T] + [A("energy_third", x) for x in T] + [A("give", x) for x in T]
        acts += [A("aliens", tuple(T[i] for i in c)) for k in (2, 3) for c in itertools.combinations(range(4), k)]
        acts += [A("recruit", tuple(T[i] for i in c)) for k in range(4)
                 for c in itertools.combinations_with_replacement(range(4), k)]
        acts += [A("keep", (m,)) for m in self.mission_ids]
        acts += [A("keep", p) for p in itertools.combinations(self.mission_ids, 2)]
        acts += [A("place", area, v, face) for area in AREA_LETTERS for v in (None,) + COMMAND_VALUES
                 for face in ("face-down", "face-up")]
        acts += [A("activate", g) for g in GROUP_NAMES]
        acts += [m for row in t.move for m in row]
        acts += list(t.abduct) + [m for row in t.abduct_swap for m in row]
        acts += list(t.launch)
        acts += [m for row in t.destroy for m in row] + [m for row in t.capture for m in row]
        self.actions = acts
        self.ids = {a: i for i, a in enumerate(acts)}
        assert len(self.ids) == len(acts), "two ids for one action"
        self.num_actions = len(acts)
        S, K, M = self.ns, len(self.categories), len(self.mission_ids)
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (S,)), ("to_act", (S + 1,)), ("phase", (len(self.PHASES),)), ("round", (1,)), ("stock", (4,)),
            ("aliens", (S, 4)), ("captured", (S, 4)), ("ufos", (12, S)), ("platform", (S,)), ("reserve", (S,)),
            ("mapped", (12, S)), ("humans", (12, K + 1)), ("track", (6, K)), ("abducted", (S, K)),
            ("abilities", (S, len(self.abilities))), ("tokens_owned", (S, 5)), ("hand", (5,)),
            ("area_cards", (4, 4)), ("area_tokens", (4, 4, S + 6)), ("missions", (M,)), ("missions_kept", (S,)),
            ("energy", (S,)), ("shield", (S,)), ("order1", (S, S)), ("order2", (S, S)), ("deck_size", (1,)),
            ("discard_types", (4,)), ("discard_size", (1,)),
        ]
        self._offsets, self.obs_size = _layout(self.pieces)
        self._at = {name: i for name, i, _j, _shape in self._offsets}  # each piece's first flat index
        self._init_caches()

    def fill(self, obs: dict[str, Any], out: np.ndarray, prefix: str = "") -> None:
        """Write the tensor of one seat's observation dict ``obs`` into ``out`` (cell by
        cell at flat indices through a memoryview, as the cow game's ``fill``)."""
        S, ty, ci, ca = self.ns, self.types, self.cities, self.categories
        K = len(ca)
        nA = len(self.abilities)
        if len(obs["aliens"]) != S or len(obs["platform"]) != S or len(obs["order1"]) > S or len(obs["order2"]) > S:
            raise IndexError(f"an observation of {len(obs['aliens'])} seats for a tensor of {S}")
        o = self._at
        with _cells_of(out) as m:
            m[o["seat"] + _seat(obs["seat"], S)] = 1.0
            cp = obs["current_player"]
            m[o["to_act"] + (cp if 0 <= cp < S else S)] = 1.0
            m[o["phase"] + (self.PHASES.index(obs["phase"]) if obs["phase"] in self.PHASES else len(self.PHASES) - 1)] = 1.0
            m[o["round"]] = obs["round"] / 10
            base = o["stock"]
            for name, k in obs["stock"].items():
                m[base + ty[name]] = k / self.stock_per_type
            aliens, captured, abducted, abilities, owned = (o["aliens"], o["captured"], o["abducted"],
                                                            o["abilities"], o["tokens_owned"])
            for s in range(S):
                for name, k in obs["aliens"][s].items():
                    m[aliens + 4 * s + ty[name]] = k / 10
                for name, k in obs["captured"][s].items():
                    m[captured + 4 * s + ty[name]] = k / 10
                for name, k in obs["abducted"][s].items():
                    m[abducted + K * s + ca[name]] = k
                for a in obs["abilities"][s]:
                    m[abilities + nA * s + self.abilities[a]] += 1.0
                for x in obs["tokens_owned"][s]:
                    m[owned + 5 * s + _seat(x - 2, 5)] = 1.0
            ufos = o["ufos"]
            for city, per_seat in obs["ufos"].items():
                i = ufos + S * ci[city]
                if len(per_seat) != S:
                    raise ValueError(f"UFOs of {len(per_seat)} seats in {city} for a tensor of {S}")
                for k in per_seat:
                    m[i] = k / 8
                    i += 1
            platform, reserve = o["platform"], o["reserve"]
            for s in range(S):
                m[platform + s] = obs["platform"][s] / 8
                m[reserve + s] = obs["reserve"][s] / 8
            mapped = o["mapped"]
            for city, seats in obs["mapped"].items():
                for s in seats:
                    m[mapped + S * ci[city] + _seat(s, S)] = 1.0
            humans = o["humans"]
            for city, cat in obs["humans"].items():
                m[humans + (K + 1) * ci[city] + (K if cat is None else ca[cat])] = 1.0
            track = o["track"]
            for i, cat in enumerate(obs["track"]):
                m[track + K * _seat(i, 6) + ca[cat]] = 1.0
            hand = o["hand"]
            for x in obs["hand"]:
                m[hand + _seat(x - 2, 5)] += 1.0
            cards, tokens = o["area_cards"], o["area_tokens"]
            for i, area in enumerate(obs["areas"]):
                _seat(i, 4)
                for name in area["card"]:
                    m[cards + 4 * i + ty[name]] += 1.0
                for k, (owner, value) in enumerate(area["tokens"]):
                    slot = tokens + (S + 6) * (4 * i + _seat(k, 4))
                    m[slot + _seat(owner, S + 6)] = 1.0
                    m[slot + S + (5 if value is None else _seat(value - 2, 5))] = 1.0
            missions = o["missions"]
            for mission in obs["missions"]:
                m[missions + self.mission_index[mission]] = 1.0
            for key in ("missions_kept", "energy", "shield"):
                i = o[key]
                for x in obs[key]:
                    m[i] = x
                    i += 1
            for key in ("order1", "order2"):
                i = o[key]
                for pos, s in enumerate(obs[key]):
                    m[i + S * _seat(s, S) + pos] = 1.0
            m[o["deck_size"]] = obs["deck_size"] / self.num_cards
            discard = o["discard_types"]
            for card in obs["discard"]:
                for name in card:
                    m[discard + ty[name]] += 1.0
            m[o["discard_size"]] = len(obs["discard"]) / self.num_cards
