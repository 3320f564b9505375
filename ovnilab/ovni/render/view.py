"""What a viewer may know of an Ovni position, decided once before anything is drawn
(:class:`_Masks`), and the facts of the position the drawings mark that are not plain
fields of the state: the seats whose counts decide majorities, the cities the last
action touched.

Hidden information is masked here and nowhere else: face-down command tokens are "?"
while tokens are placed, a hand of tokens is secret then, missions stay hidden until the
game ends (``reveal=True`` shows everything: a teacher's view of a replay), and the last
action is worded as the viewer may read it.
"""

from __future__ import annotations

from ..rules import AREA_LETTERS, KEEP_MISSIONS, PLACEMENT, Action, State
from . import text as words


class _Masks:
    """What the drawing may show, decided once (see the module docstring)."""

    def __init__(self, state: State, viewer: int | None, reveal: bool) -> None:
        s = state
        self.viewer = viewer
        self.over = s.over
        self.reveal = reveal or s.over
        placing = s.phase == PLACEMENT
        # slots of the areas: (owner, value or None when hidden, face_down)
        self.areas: list[list[tuple[int, int | None, bool]]] = []
        for sl in s.area_slots:
            row = []
            for k, (o, v) in enumerate(sl):
                down = k % 2 == 0
                hidden = placing and down and not self.reveal and o != viewer
                row.append((o, None if hidden else v, down))
            self.areas.append(row)
        #: command tokens of a seat still in hand (None when the hand is secret)
        self.hand: list[list[int] | None] = []
        for p in range(s.ns):
            if not placing or self.reveal or p == viewer:
                self.hand.append(s._hand_tokens(p))
            else:
                self.hand.append(None)
        #: missions a seat's mat may list
        self.missions_shown = [self.reveal or p == viewer for p in range(s.ns)]

    def missions(self, state: State, p: int) -> tuple[int, ...] | None:
        if not self.missions_shown[p]:
            return None
        if state.phase == KEEP_MISSIONS and not state.missions_kept[p]:
            return state.missions_dealt[p]
        return state.missions_kept[p]

    def action_text(self, state: State, a: Action) -> str:
        """The last action as this view may read it."""
        hidden_place = (a.kind == "place" and a.c == "face-down" and a.b is not None
                        and not self.reveal and state.phase == PLACEMENT)
        if hidden_place:
            i = AREA_LETTERS.index(a.a)
            sl = state.area_slots[i] if i < len(state.area_slots) else []
            if not (sl and sl[-1][0] == self.viewer and sl[-1][1] == a.b):
                return words.hidden_place_text(a.a)
        if a.kind == "keep" and not self.reveal:
            owner = next((p for p in range(state.n) if state.missions_kept[p] == tuple(a.a)), -1)
            if owner != self.viewer:
                return words.hidden_keep_text(len(a.a))
        return words.action_label(a)


def _competitors(state: State) -> list[int]:
    """The seats whose counts decide majorities (the two-player third player only when
    its Rules say it competes)."""
    if state.third >= 0 and state.rules.third_player_competes:
        return list(range(state.ns))
    return list(range(state.n))


def _touched(state: State, a: Action | None) -> tuple[set[int], tuple[int, int] | None]:
    """Cities the last action touched, and a (from, to) arrow for a move."""
    if a is None:
        return set(), None
    idx = {n: i for i, n in enumerate(state.board.names)}
    if a.kind == "move" and a.a in idx and a.b in idx:
        return {idx[a.a], idx[a.b]}, (idx[a.a], idx[a.b])
    if a.kind in ("launch", "abduct"):
        out = {idx[a.a]} if a.a in idx else set()
        if a.kind == "abduct" and a.b in idx:
            out.add(idx[a.b])
        return out, None
    if a.kind == "destroy" and a.b in idx:
        return {idx[a.b]}, None
    return set(), None
