"""What a viewer may know of a Cosmic position, decided once before anything is drawn
(:class:`_View`), and the facts of the position the drawing marks that are not plain
fields of the state: the planets the last action touched, who is still to answer an
invitation, who played a flare.

Hidden information is decided here and nowhere else: other hands are only counted,
face-down encounter cards are backs, aliens stay secret until every player has chosen,
and another player's pass is not "the last action" (being asked tells what it holds).
"""

from __future__ import annotations

from typing import Any

from ..rules import DEF, OFF, Action, State


def _aliens_public(state: State) -> bool:
    return not state.rules.powers or all(a is not None for a in state.alien)


def _visible_alien(state: State, seat: int, viewer: int | None) -> str | None:
    if _aliens_public(state) or seat == viewer:
        return state.alien[seat]
    return None


class _View:
    """Everything the drawing may show, decided once (see the module docstring); the
    last action is worded for the viewer by :func:`.text.public_action_text`."""

    def __init__(self, s: State, viewer: int | None) -> None:
        self.viewer = viewer
        n = s.n
        T = s.t
        #: encounter card of each side: a card id, -2 face down, -1 none
        self.cards = []
        for side in (OFF, DEF):
            c = s.card[side]
            if c < 0:
                self.cards.append(-1)
            elif s.card_visible(side, -1 if viewer is None else viewer):  # the engine's rule (Sorcerer's swap)
                self.cards.append(c)
            else:
                self.cards.append(-2)
        self.aliens = [_visible_alien(s, p, viewer) for p in range(n)]
        self.hand = sorted(s.hands[viewer], key=lambda c: (T.kind[c], T.value[c], T.name[c])) if viewer is not None else None
        self.hoard = (sorted(s.hoard[viewer], key=lambda c: (T.kind[c], T.value[c], T.name[c]))
                      if viewer is not None else None)
        self.offers = list(s.offers[viewer]) if viewer is not None and s.alien[viewer] is None else []
        # hands the viewer may look at now (Will's flare, Barbarian's loot, Hacker's choice)
        self.peeked = {q: s.hand_names(q) for q in s.shown_hands(viewer)} if viewer is not None else {}
        self.last: Action | None = None
        self.last_actor = -1
        # the last action the viewer may know of: another player's pass is skipped (being
        # asked tells what a player holds; the widget's log leaves such passes out too)
        i = len(s.log) - 1
        while i >= 0 and s.log[i].kind == "pass" and (s.actors[i] if i < len(s.actors) else -1) != viewer:
            i -= 1
        if i >= 0:
            self.last = s.log[i]
            self.last_actor = s.actors[i] if i < len(s.actors) else -1


def _touched_planets(s: State, a: Action | None) -> set[int]:
    """Planets the last action names (a ship moved, the gate aimed, a deal's colony)."""
    if a is None:
        return set()
    names: list[Any] = []
    if a.kind in ("regroup", "place", "lose", "ship", "aim", "reestablish"):
        names = [a.a]
    elif a.kind == "propose":
        names = [a.a[2], a.b[2]]
    elif a.kind in ("flare", "power") and isinstance(a.c if a.kind == "flare" else a.b, str):
        arg = a.c if a.kind == "flare" else a.b
        names = [arg.split(" at ")[-1]]
    return {s.pindex[x] for x in names if isinstance(x, str) and x in s.pindex}


def _pending_answers(s: State) -> set[int]:
    """Players still to answer the invitations of this encounter."""
    return {t[1] for t in s.tasks if t[0] == "answer"}


def _flare_player(s: State, alien: str) -> int:
    """Who played ``alien``'s flare this encounter (the latest such action in the log).
    Gambler's super flare is played through its stake, not a "play" action (the rulebook's
    "raise the stake": a choice "Gambler: stake N more ships")."""
    for i in range(len(s.log) - 1, max(-1, len(s.log) - 300), -1):
        a = s.log[i]
        if (a.kind == "flare" and a.a == alien) or (
                alien == "Gambler" and a.kind == "choose" and a.a == "Gambler" and isinstance(a.b, str)
                and a.b.startswith("stake ") and a.b[6:7].isdigit()):
            return s.actors[i] if i < len(s.actors) else -1
    return -1
