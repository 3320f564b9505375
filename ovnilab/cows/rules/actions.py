"""The cow game's actions: :class:`Action` and its text, the actions interned once per
card set, reading a text back (the grammar), explaining a refusal (the rule an action
breaks) and the log's wording.

A turn, as actions
------------------
A turn is exactly one MAIN action, plus the free BUILD action at most once, before or after
it (rulebook: "a qualquer momento durante sua rodada ... uma vez por rodada"):

* ``draw 2``: the two bottom cards of the deck are revealed; the next action is
  ``keep X (drawn 1), discard Y (drawn 2) to Celeiro k`` (k chosen only with 2 areas);
* ``take X from Celeiro k``: the visible top card of a discard area;
* ``flip X (hand i)``: turn a card of your hand over;
* ``build X (hand i) at row r slot s``: the free action;
* ``end turn``: after the main action, declines the build. The turn ends by itself once
  the main action is done and the build is used (or impossible);
* ``flip own/opponent's X at row r slot s`` / ``skip effect``: choices of a flip effect;
* ``pass``: only when no main action exists at all (empty hand, deck and Celeiro; cannot
  happen with 18 cards, see :mod:`.turn`), so the game never deadlocks.

Legal actions are listed in this order: main actions (draw, take from Celeiro 1, 2, flip
hand 1..3), builds (hand order, then slot order), end turn / pass; keeps (drawn 1 then 2,
Celeiro 1 then 2); flip targets (own pyramid first, slot order), then skip. Which are
legal, and what each does, is :mod:`.turn`'s.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ...core import IllegalAction, action_repr
from ...i18n import N_
from ..data import Cards, _fold
from .components import EFFECT, KEEP
from .pyramid import _OPEN, SLOTS, slot_name

class Action(NamedTuple):
    """One decision. ``str()`` gives the text that :meth:`State.parse_action` reads back.

    ``kind``: draw, keep (a=kept position 1|2, b=kept face, c=discarded face, d=area),
    take (a=area, b=face), flip (a=hand position 1..3, b=face), build (a=hand position,
    b=face, c=slot 0-5), end, pass, fx (a="own"|"opponent", b=slot, c=face), skip.
    Card faces are named so that logs read well; positions make the action unambiguous
    (two cards may show the same face).
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None
    d: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'draw 2'>: the text (ovnilab.core)

    def __str__(self) -> str:
        k, a, b, c, d = self
        if k == "build":
            return f"build {b} (hand {a}) at {slot_name(c)}"
        if k == "flip":
            return f"flip {b} (hand {a})"
        if k == "fx":
            who = "own" if a == "own" else "opponent's"
            return f"flip {who} {c} at {slot_name(b)}"
        if k == "take":
            return f"take {b} from Celeiro {a}"
        if k == "keep":
            return f"keep {b} (drawn {a}), discard {c} (drawn {3 - a}) to Celeiro {d}"
        if k == "draw":
            return "draw 2"
        if k == "end":
            return "end turn"
        if k == "skip":
            return "skip effect"
        if k == "pass":
            return "pass"
        return f"{k} {a} {b} {c} {d}"


#: the fields each kind of action uses (the rest stay None)
_FIELDS: dict[str, str] = {"draw": "", "end": "", "skip": "", "pass": "", "flip": "ab", "take": "ab",
                           "build": "abc", "fx": "abc", "keep": "abcd"}

DRAW = Action("draw")
END_TURN = Action("end")
SKIP = Action("skip")
PASS = Action("pass")


class _Tables:
    """Interned actions and per-side lookups of one card set (built once per set)."""

    def __init__(self, cards: Cards) -> None:
        names = [f.name for f in cards.faces]
        nf = len(names)
        self.names = names
        # face index of card c with side u up: face_of[2 * c + u]
        self.face_of = [cards.cards[c][u] for c in range(len(cards.cards)) for u in (0, 1)]
        self.immediate = [f.immediate() for f in cards.faces]
        self.symbols = [f.symbols for f in cards.faces]
        self.take = [[Action("take", a, names[f]) for f in range(nf)] for a in (1, 2)]
        self.flip = [[Action("flip", i + 1, names[f]) for f in range(nf)] for i in range(9)]
        build = [[[Action("build", i + 1, names[f], s) for s in range(6)] for f in range(nf)] for i in range(9)]
        self.build = build
        # builds_at[support][hand position][face][filled mask] -> the legal builds
        self.builds_at = {
            sup: [[tuple(tuple(build[i][f][s] for s in _OPEN[sup][m]) for m in range(64)) for f in range(nf)]
                  for i in range(9)]
            for sup in ("any", "both")
        }
        self.fx = {(rel, s, f): Action("fx", rel, s, names[f])
                   for rel in ("own", "opponent") for s in range(6) for f in range(nf)}
        self._keep: dict[tuple[int, int, int, int], Action] = {}
        self.fold = {_fold(n): n for n in names}

    def keep(self, pos: int, kf: int, df: int, area: int) -> Action:
        key = (pos, kf, df, area)
        a = self._keep.get(key)
        if a is None:
            a = self._keep[key] = Action("keep", pos, self.names[kf], self.names[df], area)
        return a


_TABLES: dict[Cards, _Tables] = {}


def _tables(cards: Cards) -> _Tables:
    t = _TABLES.get(cards)
    if t is None:
        t = _TABLES[cards] = _Tables(cards)
    return t



_SLOT_RE = r"row ([1-3]) slot ([1-3])"
_RE_BUILD = re.compile(rf"^build (.+) \(hand (\d)\) at {_SLOT_RE}$", re.IGNORECASE)
_RE_FX = re.compile(rf"^flip (own|opponent's) (.+) at {_SLOT_RE}$", re.IGNORECASE)
_RE_FLIP = re.compile(r"^flip (.+) \(hand (\d)\)$", re.IGNORECASE)
_RE_TAKE = re.compile(r"^take (.+) from celeiro (\d)$", re.IGNORECASE)
# issue 11 #6: each face name stops before the first " (drawn " (a tempered token), so the
# pattern never tries one split of the text after another: linear time, not quadratic
_FACE_UNTIL_DRAWN = r"((?:(?! \(drawn ).)+)"
_RE_KEEP = re.compile(rf"^keep {_FACE_UNTIL_DRAWN} \(drawn ([12])\), discard {_FACE_UNTIL_DRAWN} \(drawn ([12])\) "
                      r"to celeiro (\d)$", re.IGNORECASE)


def _slot_index(row: int, k: int, text: str) -> int:
    try:
        return SLOTS.index((row, k))
    except ValueError:
        raise IllegalAction(N_("row {row} has no slot {slot}: {text}").format(row=row, slot=k, text=repr(text))) from None


class ActionTextMixin:
    """State's methods that read and word actions: the rule a refused action breaks, the
    grammar, the log's wording."""

    # --------------------------------------------------------- illegal moves
    def _explain_illegal(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return N_("not an action of the cow game")
        k = a.kind
        fields = _FIELDS.get(k)
        if fields is None:
            return N_("not a legal action in this position")
        extra = [f for f, v in zip("abcd", a[1:]) if v is not None and f not in fields]
        if extra:  # a hand-built Action such as Action('draw', 1): name what was tried
            if fields:
                return N_("a {kind} action has the fields {fields}, not {extra}").format(
                    kind=repr(k), fields=", ".join(fields), extra=", ".join(extra))
            return N_("a {kind} action has no fields, not {extra}").format(kind=repr(k), extra=", ".join(extra))
        ph = self.phase
        p = self.current_player
        if ph == EFFECT:
            if k not in ("fx", "skip"):
                return N_("an immediate effect is resolving: choose its target (or skip it) first")
            eff = self.stack[-1][2]
            if k == "skip":
                return N_("this effect is not optional")
            if a.a not in ("own", "opponent"):  # issue 38: not the symbol rule's words
                return N_("a flip effect turns a card of the own or the opponent pyramid")
            if eff.target != "any" and a.a != eff.target:
                if eff.target == "own":
                    return N_("this effect flips a card in the own pyramid")
                return N_("this effect flips a card in the opponent pyramid")
            seat = p if a.a == "own" else 1 - p
            c = self.pyr[seat][a.b] if isinstance(a.b, int) and 0 <= a.b < 6 else -1
            if c < 0:
                return N_("there is no card in that slot")
            if self.touched >> c & 1:
                return N_("a card placed or flipped in this chain cannot be flipped again")
            if self.face(c).name != a.c:
                return N_("that slot shows {face}, not {named}").format(face=self.face(c).name, named=a.c)
            return N_("the effect only flips a card showing its symbol")
        if k in ("fx", "skip"):
            return N_("no effect is waiting for a choice")
        if ph == KEEP and k not in ("keep", "build"):
            return N_("after drawing 2, keep one and discard the other first")
        h = self.hand[p]
        limit = self.rules.hand_limit
        if k == "keep":
            if ph != KEEP:
                return N_("keep only follows 'draw 2'")
            if len(h) >= limit:
                return N_("never more than {limit} cards in hand: build one first").format(limit=limit)
            if a.d not in range(1, self.areas + 1):
                return N_("this game has {areas} discard area(s)").format(areas=self.areas)
            return N_("keep names the two drawn cards as they show")
        if k in ("draw", "take", "flip", "pass"):
            if self.main_done:
                return N_("only one main action per turn (draw, take from the Celeiro or flip)")
            if k == "pass":
                return N_("pass only when no main action is possible")
            if k == "draw":
                if not self.deck:
                    return N_("the deck is empty: take from the Celeiro or flip a card")
                if len(h) >= limit:
                    return N_("never more than {limit} cards in hand: build one first").format(limit=limit)
                return N_("not a legal action in this position")
            if k == "take":
                if not isinstance(a.a, int) or not 1 <= a.a <= self.areas:
                    return N_("this game has {areas} discard area(s)").format(areas=self.areas)
                if not self.cel[a.a - 1]:
                    return N_("Celeiro {area} is empty").format(area=a.a)
                if len(h) >= limit:
                    return N_("never more than {limit} cards in hand: build one first").format(limit=limit)
                return N_("the visible top card of Celeiro {area} is {face}").format(
                    area=a.a, face=self.face(self.cel[a.a - 1][-1]).name)
            if not isinstance(a.a, int) or not 1 <= a.a <= len(h):
                return N_("flip a card in your hand")
            return N_("hand card {position} shows {face}").format(position=a.a, face=self.face(h[a.a - 1]).name)
        if k == "build":
            if self.built:
                return N_("the free build is made once per turn")
            if not isinstance(a.a, int) or not 1 <= a.a <= len(h):
                return N_("only cards in your hand can be placed in the pyramid")
            if self.face(h[a.a - 1]).name != a.b:
                return N_("hand card {position} shows {face}").format(position=a.a, face=self.face(h[a.a - 1]).name)
            s = a.c
            if not isinstance(s, int) or not 0 <= s < 6:
                return N_("the pyramid has rows 1-3 (1, 2 and 3 slots)")
            m = self.mask[p]
            if m >> s & 1:
                return N_("that slot already holds a card")
            if not m & 1:
                return N_("start the pyramid with row 1")
            if s in (1, 2):
                return N_("not a legal action in this position")
            if not m & 0b110:
                return N_("row 3 starts once row 2 has at least one card")
            return N_("a row-3 card needs a supporting card above it")
        if k == "end":
            if not self.main_done:
                return N_("make your main action (draw, take from the Celeiro or flip) before ending the turn")
            return N_("the turn is already over")
        return N_("not a legal action in this position")

    # ------------------------------------------------------------------ parsing
    def _face_name(self, text: str) -> str:
        n = self._t.fold.get(_fold(text))
        if n is None:
            raise IllegalAction(N_("unknown card face {text}").format(text=repr(text)))
        return n

    def _parse_action(self, text: str) -> Action:
        """The cow game's grammar (see :meth:`GameState.parse_action` for what is
        forgiven). Keywords and face names may be written without accents and in any
        case; every pattern runs in time linear in the text."""
        t = text
        low = t.lower()
        fixed = {"draw 2": DRAW, "end turn": END_TURN, "skip effect": SKIP, "pass": PASS}
        if low in fixed:
            return fixed[low]
        m = _RE_BUILD.match(t)
        if m:
            return Action("build", int(m[2]), self._face_name(m[1]), _slot_index(int(m[3]), int(m[4]), t))
        m = _RE_FX.match(t)
        if m:
            rel = "own" if m[1].lower() == "own" else "opponent"
            return Action("fx", rel, _slot_index(int(m[3]), int(m[4]), t), self._face_name(m[2]))
        m = _RE_FLIP.match(t)
        if m:
            return Action("flip", int(m[2]), self._face_name(m[1]))
        m = _RE_TAKE.match(t)
        if m:
            return Action("take", int(m[2]), self._face_name(m[1]))
        m = _RE_KEEP.match(t)
        if m:
            if int(m[2]) + int(m[4]) != 3:
                raise IllegalAction(N_("keep one drawn card and discard the other: {text}").format(text=repr(text)))
            return Action("keep", int(m[2]), self._face_name(m[1]), self._face_name(m[3]), int(m[5]))
        raise IllegalAction(N_("unreadable action of the cow game: actions read like 'draw 2', "
                               "'build Mimosa (hand 1) at row 1 slot 1', 'take Farol from Celeiro 1', 'end turn'"))

    # ------------------------------------------------------------------ the log
    def describe(self, action: Action, viewer: int | None = None) -> str:
        """``str(action)`` for a log: every decision of this game is public (drawn cards are
        revealed, hands lie face up), so nothing is masked."""
        return str(action)
