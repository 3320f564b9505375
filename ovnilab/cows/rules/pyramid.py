"""The pyramid: its six slots, where the next card may go (support) and which slots touch
(adjacency). Pure helpers on slot numbers and bitmasks, used by the turn (where a card
may be built), the scoring (adjacency effects) and the action texts (slot names).

The pyramid is built downwards from row 1 (one card, under the Alien). Row-2 cards sit
between row-3 slots like bricks: row 2 slot 1 holds up row 3 slots 1 and 2; row 2 slot 2
holds up row 3 slots 2 and 3 (:data:`SUPPORTS`; ``Rules.support`` says whether the middle
slot needs one card above it or both).
"""

from __future__ import annotations

from typing import Sequence

import networkx as nx

#: slots 0..5: (row, slot in row); row 1 is the single card under the Alien
SLOTS: tuple[tuple[int, int], ...] = ((1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3))
ROW_OF: tuple[int, ...] = tuple(r for r, _ in SLOTS)
FULL = 0b111111
#: rulebook: a row-3 card needs a card above it; the row-2 slots above each row-3 slot
SUPPORTS: dict[int, tuple[int, ...]] = {3: (1,), 4: (1, 2), 5: (2,)}
#: the adjacency of the slots: neighbours in a row and the overlapping cards of the rows
#: above and below (a triangular grid of 9 edges)
_EDGES: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2), (1, 3), (1, 4), (2, 4), (2, 5), (3, 4), (4, 5))


def slot_name(slot: int) -> str:
    """``"row 2 slot 1"`` for slot index 1."""
    r, k = SLOTS[slot]
    return f"row {r} slot {k}"


def pyramid_graph() -> nx.Graph:
    """The 6 pyramid slots as a networkx graph (nodes 0-5 with ``row``, ``slot`` and
    ``name``); adjacency effects count the neighbours of a slot in this graph."""
    g = nx.Graph(name="pyramid")
    for i, (r, k) in enumerate(SLOTS):
        g.add_node(i, row=r, slot=k, name=slot_name(i))
    g.add_edges_from(_EDGES)
    return g


_GRAPH = pyramid_graph()
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(_GRAPH.neighbors(i))) for i in range(6))


def open_slots(filled: int | Sequence[bool], support: str = "any") -> list[int]:
    """Slots where the next card may go, given the filled slots (a bitmask or 6 bools).

    Rulebook: start with row 1; row 2 only once row 1 is complete; row 3 once row 2 has at
    least one card, and only under a supporting card (``support="any"``: at least one of
    the row-2 cards above it; ``"both"``: all of them).
    """
    mask = filled if isinstance(filled, int) else sum(1 << i for i, f in enumerate(filled) if f)
    if not mask & 1:
        return [0]  # rulebook: "você deve começar pela primeira linha"
    out = [s for s in (1, 2) if not mask >> s & 1]
    # rulebook: row 3 once row 2 has at least one card, under a supporting card: every
    # row-3 slot's support is in row 2, so the support test implies the first condition
    for s, above in SUPPORTS.items():
        if mask >> s & 1:
            continue
        held = [mask >> a & 1 for a in above]
        if (all(held) if support == "both" else any(held)):
            out.append(s)
    return out


_OPEN = {sup: tuple(tuple(open_slots(m, sup)) for m in range(64)) for sup in ("any", "both")}
