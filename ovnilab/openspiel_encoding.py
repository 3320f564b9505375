"""Integer action ids and observation tensors of ovnilab's games, shared by the two
adapters (:mod:`ovnilab.openspiel` and :mod:`ovnilab.pettingzoo`).

OpenSpiel and PettingZoo both want a game's actions as integers ``0..N-1`` (N fixed for
a game and its rules) and an observation as a fixed-size vector of numbers. ovnilab's
engines speak in :class:`Action` values with a readable text and in observation
dictionaries. A *codec* here translates, without importing either library, so both
adapters give the same ids and the same tensors. :func:`codec_for` gives a state's codec;
:class:`OvniCodec`'s docstring documents Ovni's layout, :class:`CosmicCodec`'s Cosmic
Encounter's (an action spelled in steps, a hashed tensor), the cow game's follows.

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
import zlib
from typing import Any

import numpy as np

__all__ = ["CowsCodec", "OvniCodec", "CosmicCodec", "CosmicActionCodec", "MAX_COSMIC_ACTIONS", "TooManyActions",
           "ENCODINGS", "check_encoding", "codec_for", "win_loss", "text_view"]


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
        self._offsets, self.obs_size = _layout(self.pieces)
        self._at = {name: i for name, i, _j, _shape in self._offsets}  # each piece's first flat index
        self._init_caches()

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


class OvniCodec:
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

        from .ovni import rules as R
        from .ovni.data import ALIEN_TYPES
        from .ovni.rules.components import AREA_LETTERS, COMMAND_VALUES, GROUP_NAMES

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

    _init_caches = CowsCodec._init_caches
    legal_mask = CowsCodec.legal_mask
    _views_of = CowsCodec._views_of
    action_id = CowsCodec.action_id
    action_of = CowsCodec.action_of
    legal_ids = CowsCodec.legal_ids
    advance = CowsCodec.advance
    id_text = CowsCodec.id_text
    id_toward = CowsCodec.id_toward
    views = CowsCodec.views
    tensor = CowsCodec.tensor
    text = staticmethod(CowsCodec.text)

    def fill(self, obs: dict[str, Any], out: np.ndarray, prefix: str = "") -> None:
        """Write the tensor of one seat's observation dict ``obs`` into ``out`` (cell by
        cell at flat indices through a memoryview, as :meth:`CowsCodec.fill`)."""
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
        """The engine's legal actions (its list, kept per position: see
        :meth:`CowsCodec.legal_ids`), checked against the maximum."""
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
