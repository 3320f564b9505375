"""Ovni's actions: :class:`Action` and its text, the actions interned once per board,
reading a text back (the grammar), explaining a refusal (the rule an action breaks, and
what the engine did by itself since the last action) and the log's wording.

Every kind of action is a decision of one part of the turn: keep, aliens and give
(:mod:`.setup`); place, recruit, energy and energy_third (:mod:`.recruitment`);
force_field, activate, move, abduct, launch, capture, destroy, end_group and end_turn
(:mod:`.groups`).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ...core import IllegalAction, action_repr, fold_text
from ...i18n import N_
from ..data import ALIEN_TYPES, Board, _fold
from .components import (_COLOUR_INDEX, _GROUP_INDEX, _TYPE_INDEX, ABDUCTOR, ACTIONS, AREA_LETTERS, BUILDER,
                         CHOOSE_ALIENS, COMMAND_VALUES, ENERGY, FORCE_FIELD, GROUP_NAMES, KEEP_MISSIONS, MILITARY,
                         PILOT, PLACEMENT, RECRUIT, SEAT_COLOURS, THIRD_ALIENS)


class Action(NamedTuple):
    """One decision. ``str()`` gives the text that :meth:`State.parse_action` reads back.

    ``kind`` is one of: keep, aliens, give, place, recruit, energy, energy_third,
    force_field, activate, move, abduct, launch, capture, destroy, end_group, end_turn.
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'end turn'>: the text (ovnilab.core)

    def __str__(self) -> str:  # noqa: C901 - one line per kind
        k, a, b, c = self
        if k == "place":
            who = "third-player token" if b is None else str(b)
            return f"place {who} {c} on {a}"
        if k == "move":
            return f"move {a} -> {b}"
        if k == "activate":
            return f"activate {a}"
        if k == "end_group":
            return "end group"
        if k == "end_turn":
            return "end turn"
        if k == "abduct":
            return f"abduct in {a}" if b is None else f"abduct in {a} swapping with {b}"
        if k == "launch":
            return f"launch to {a}"
        if k == "capture":
            return f"capture {b} from {a}"
        if k == "destroy":
            return f"destroy {a} UFO in {b}"
        if k == "recruit":
            return "recruit " + "+".join(a)
        if k == "energy":
            return "energy 2" if a == 2 else ("energy 1" if b is None else f"energy 1 {b}")
        if k == "energy_third":
            return f"energy for third player {a}"
        if k == "force_field":
            return "force field on" if a else "force field off"
        if k == "keep":
            return "keep missions " + "+".join(str(x) for x in a)
        if k == "aliens":
            return "choose aliens " + "+".join(a)
        if k == "give":
            return f"give third player {a}"
        return f"{k} {a} {b} {c}"


END_GROUP = Action("end_group")
END_TURN = Action("end_turn")


class _Tables:
    """Interned actions of one board (built once per board)."""

    def __init__(self, board: Board) -> None:
        names = board.names
        nb = board.neighbours
        self.move = [[Action("move", names[c], names[d]) for d in nb[c]] for c in range(12)]
        self.launch = [Action("launch", names[c]) for c in range(12)]
        self.abduct = [Action("abduct", names[c]) for c in range(12)]
        self.abduct_swap = [[Action("abduct", names[c], names[d]) for d in nb[c]] for c in range(12)]
        self.destroy = [[Action("destroy", col, names[c]) for c in range(12)] for col in SEAT_COLOURS]
        self.capture = [[Action("capture", col, t) for t in ALIEN_TYPES] for col in SEAT_COLOURS]
        self.activate = [Action("activate", g) for g in GROUP_NAMES]
        self.city_index = {n: i for i, n in enumerate(names)}
        self.city_fold = {_fold(n): i for i, n in enumerate(names)}


_TABLES: dict[Board, _Tables] = {}


def _tables(board: Board) -> _Tables:
    t = _TABLES.get(board)
    if t is None:
        t = _TABLES[board] = _Tables(board)
    return t


_PLACE = {
    (area, value, face): Action("place", area, value, face)
    for area in AREA_LETTERS
    for value in (None,) + COMMAND_VALUES
    for face in ("face-down", "face-up")
}
_PHASE2_KINDS = frozenset({"activate", "move", "abduct", "launch", "capture", "destroy", "end_group", "end_turn"})


class ActionTextMixin:
    """State's methods that read and word actions: the grammar, the rule a refused
    action breaks, the engine's note of its automatic steps, the log's wording."""

    # ------------------------------------------------------------------ parsing
    # The grammar of Ovni's actions, one pattern per kind (keywords in any case; the
    # names they capture are made canonical by _city, _type_name and _colour_name).
    _RE = [
        (re.compile(r"^place (third-player token|\d) (face-down|face-up) on ([a-z])$", re.I), "place"),
        (re.compile(r"^move (.+) -> (.+)$", re.I), "move"),
        (re.compile(r"^activate (\w+)$", re.I), "activate"),
        (re.compile(r"^abduct in (.+) swapping with (.+)$", re.I), "abduct2"),
        (re.compile(r"^abduct in (.+)$", re.I), "abduct"),
        (re.compile(r"^launch to (.+)$", re.I), "launch"),
        (re.compile(r"^capture (\w+) from (\w+)$", re.I), "capture"),
        (re.compile(r"^destroy (\w+) UFO in (.+)$", re.I), "destroy"),
        (re.compile(r"^recruit ([\w+]+)$", re.I), "recruit"),
        (re.compile(r"^energy 1 (\w+)$", re.I), "energy1t"),
        (re.compile(r"^energy ([12])$", re.I), "energy"),
        (re.compile(r"^energy for third player (\w+)$", re.I), "energy_third"),
        (re.compile(r"^force field (on|off)$", re.I), "force_field"),
        (re.compile(r"^keep missions ([\d+]+)$", re.I), "keep"),
        (re.compile(r"^choose aliens ([\w+]+)$", re.I), "aliens"),
        (re.compile(r"^give third player (\w+)$", re.I), "give"),
    ]

    def _city(self, text: str) -> str:
        i = self._t.city_fold.get(_fold(text))
        if i is None:
            raise IllegalAction(N_("unknown city {text}; cities are {cities}").format(text=repr(text), cities=list(self.board.names)))
        return self.board.names[i]

    @staticmethod
    def _type_name(text: str) -> str:
        """An alien type named in any case ("Pilot" is "pilot")."""
        t = _fold(text)
        if t not in _TYPE_INDEX:
            raise IllegalAction(N_("unknown alien type {text}; types are {types}").format(text=repr(text), types=list(ALIEN_TYPES)))
        return t

    @staticmethod
    def _colour_name(text: str) -> str:
        t = _fold(text)
        if t not in _COLOUR_INDEX:
            raise IllegalAction(N_("unknown colour {text}; colours are {colours}").format(text=repr(text), colours=list(SEAT_COLOURS)))
        return t

    @staticmethod
    def _group_name(text: str) -> str:
        """A group named in any case, by its name or its alien type ("pilot" is "pilots")."""
        t = _fold(text)
        if t in _TYPE_INDEX:
            return GROUP_NAMES[_TYPE_INDEX[t]]
        if t not in _GROUP_INDEX:
            raise IllegalAction(N_("unknown group {text}; groups are {groups}").format(text=repr(text), groups=list(GROUP_NAMES)))
        return t

    def _types(self, text: str) -> tuple[str, ...]:
        return tuple(sorted((self._type_name(x) for x in text.split("+")), key=_type_key))

    def _parse_action(self, text: str) -> Action:  # noqa: C901 - one branch per kind
        """Ovni's grammar (see :meth:`GameState.parse_action` for what is forgiven).
        City names may be written without accents and in any case."""
        # spacing around the signs of the grammar is forgiven ("pilot + builder")
        t = re.sub(r"\s*\+\s*", "+", re.sub(r"\s*->\s*", " -> ", text))
        low = t.lower()
        if low == "end group":
            return END_GROUP
        if low == "end turn":
            return END_TURN
        for rx, kind in self._RE:
            m = rx.match(t)
            if not m:
                continue
            g = m.groups()
            if kind == "place":
                v = None if g[0].lower() == "third-player token" else int(g[0])
                return Action("place", g[2].upper(), v, g[1].lower())
            if kind == "move":
                return Action("move", self._city(g[0]), self._city(g[1]))
            if kind == "activate":
                return Action("activate", self._group_name(g[0]))
            if kind == "abduct2":
                return Action("abduct", self._city(g[0]), self._city(g[1]))
            if kind == "abduct":
                return Action("abduct", self._city(g[0]))
            if kind == "launch":
                return Action("launch", self._city(g[0]))
            if kind == "capture":
                return Action("capture", self._colour_name(g[1]), self._type_name(g[0]))
            if kind == "destroy":
                return Action("destroy", self._colour_name(g[0]), self._city(g[1]))
            if kind == "recruit":
                return Action("recruit", self._types(g[0]))
            if kind == "energy1t":
                return Action("energy", 1, self._type_name(g[0]))
            if kind == "energy":
                return Action("energy", int(g[0]))
            if kind == "energy_third":
                return Action("energy_third", self._type_name(g[0]))
            if kind == "force_field":
                return Action("force_field", g[0].lower() == "on")
            if kind == "keep":
                try:
                    ids = tuple(sorted(int(x) for x in g[0].split("+")))
                except ValueError:  # "keep missions 3+" (an empty id)
                    break
                return Action("keep", ids)
            if kind == "aliens":
                return Action("aliens", self._types(g[0]))
            if kind == "give":
                return Action("give", self._type_name(g[0]))
        raise IllegalAction(N_("unreadable Ovni action: actions read like 'place 5 face-down on B', "
                               "'move Berlim -> Paris', 'activate pilots', 'end turn'"))

    # ------------------------------------------------------------ explanations
    def _canonical(self, action: Any) -> Any:
        """The legal action equal to ``action``; an Action built by hand with names in
        another case ("b" for area B, "Pilot") is read as its text would be."""
        found = super()._canonical(action)
        if found is None and isinstance(action, Action):
            try:
                found = super()._canonical(self._parse_action(" ".join(str(action).split())))
            except Exception:  # fields no text gives: not an action of this game
                return None
            # the text ignores some fields: the action read must have every field of the
            # one given, but for case and accents (junk in an ignored field is refused)
            if found is not None and _folded_fields(found) != _folded_fields(action):
                return None
        return found

    def _explain_illegal(self, a: Any) -> str:
        """The rule ``a`` breaks, followed by what the engine did by itself after the
        last action (a group closed, a turn passed): the player may not have seen it."""
        rule = self._rule_broken(self._as_read(a))
        auto = self._auto_text() if self.auto_note else ""
        return N_("{rule}; note: {auto}").format(rule=rule, auto=auto) if auto else rule

    def _as_read(self, a: Any) -> Any:
        """``a`` with its names as its text reads them ("b" is area B, "Blue" the colour
        blue) when the text keeps every field, as :meth:`_canonical` reads an Action: a
        refusal then names the rule broken, not the spelling (issue 38)."""
        if isinstance(a, Action):
            try:
                read = self._parse_action(" ".join(str(a).split()))
            except Exception:  # fields no text gives: explained as they are
                return a
            if _folded_fields(read) == _folded_fields(a):
                return read
        return a

    def _rule_broken(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return N_("not an Ovni action")
        ph = self.phase
        s = self.actor
        expected = {
            KEEP_MISSIONS: "keep", CHOOSE_ALIENS: "aliens", THIRD_ALIENS: "give",
            PLACEMENT: "place", RECRUIT: "recruit", FORCE_FIELD: "force_field",
        }
        if ph in expected and a.kind != expected[ph]:
            return N_("the game is in the phase '{phase}': expected a '{kind}' action").format(phase=ph, kind=expected[ph])
        if ph == ENERGY and a.kind not in ("energy", "energy_third"):
            return N_("players who recruited nothing now choose their energy bonus")
        if ph == PLACEMENT:
            placer, owner = self.place_seq[self.place_pos]
            if a.a not in tuple(AREA_LETTERS[: len(self.area_slots)]):  # a letter, not "" nor "AB"
                return N_("areas in play are {areas}").format(areas=AREA_LETTERS[: len(self.area_slots)])
            i = AREA_LETTERS.index(a.a)
            if len(self.area_slots[i]) >= 4:
                return N_("an area holds at most 4 command tokens")
            if a.c != self._token_face(i):
                return N_("tokens alternate face down / face up within an area")
            if owner == self.third and a.b is not None:
                return N_("this turn places a token of the third player, drawn without looking")
            if owner != self.third and a.b is None:
                return N_("this turn places one of your own tokens")
            if a.b is not None and a.b not in self._hand_tokens(owner):
                if a.b == 6 and 6 not in self.tokens_owned[owner]:
                    return N_("token 6 is used once per game")
                return N_("token {token} is not in hand (each token is placed once per round)").format(token=a.b)
            return N_("never three tokens of one colour consecutively in an area")
        if ph == KEEP_MISSIONS:
            return N_("keep one or two of the three missions dealt to you")
        if ph == CHOOSE_ALIENS:
            return N_("choose two (three with the starting-aliens ability) different alien types, "
                      "not the same set as another player")
        if ph == THIRD_ALIENS:
            return N_("the third player's two aliens are of different types and not another player's pair")
        if ph == RECRUIT:
            return N_("choose exactly three aliens among the cards of the areas you won (stock permitting)")
        if ph == ENERGY:
            return N_("energy bonus 1 takes one alien of a type still in stock; bonus 2 gives a third group")
        if ph == ACTIONS and a.kind not in _PHASE2_KINDS:
            return N_("the game is in the phase '{phase}': activate a group and act with it "
                      "(`end group`, `end turn`), not a '{kind}' action").format(phase=ph, kind=a.kind)
        if ph == ACTIONS:
            if self.group < 0:
                if a.kind == "activate":
                    g = _GROUP_INDEX.get(a.a, -1)
                    if g < 0:
                        return N_("groups are {groups}").format(groups=GROUP_NAMES)
                    if self.used_groups & (1 << g):
                        return N_("a group is activated at most once per round")
                    if bin(self.used_groups).count("1") >= self._max_groups(s):
                        return N_("at most {n} groups per turn").format(n=self._max_groups(s))
                    return N_("the {group} group has nothing it can do now").format(group=a.a)
                if a.kind == "end_group":
                    return N_("no group is open: `end group` closes an activated group (`end turn` ends the turn)")
                return N_("activate a group first (or end the turn)")
            g = GROUP_NAMES[self.group]
            # rulebook: all actions of one group are finished before another is activated
            if a.kind == "activate":
                return N_("a group is open ({group}): close it (`end group`) before activating another").format(group=g)
            if a.kind == "end_turn":
                return N_("a group is open ({group}): close it (`end group`) before ending the turn").format(group=g)
            if a.kind == "move":
                if self.group != PILOT:
                    return N_("the active group is {group}: finish it before another group acts").format(group=g)
                src = self._t.city_index.get(a.a, -1)
                dst = self._t.city_index.get(a.b, -1)
                if src < 0 or dst < 0:
                    return N_("unknown city")
                if dst not in self.board.neighbours[src]:
                    return N_("a pilot moves a UFO to an adjacent city")
                if self.ufo[s][src] == 0:
                    return N_("you have no UFO there")
                return N_("UFOs that mapped a city cannot move again this round")
            if a.kind == "abduct":
                if self.group != ABDUCTOR:
                    return N_("the active group is {group}: finish it before another group acts").format(group=g)
                c = self._t.city_index.get(a.a, -1)
                if c < 0:
                    return N_("unknown city")
                if self.human[c] < 0:
                    return N_("there is no human in that city")
                if not self._has_majority(s, c):
                    return N_("abduction needs the majority of UFOs in the city")
                return N_("swapping humans needs the human-swap ability and a human in an adjacent city")
            if a.kind in ("capture", "destroy"):
                if self.group != MILITARY:
                    return N_("the active group is {group}: finish it before another group acts").format(group=g)
                o = _COLOUR_INDEX.get(a.a, -1)
                if o < 0 or o >= self.ns or o == s:
                    return N_("attack an opponent in the game")
                if o == self.last_target:
                    return N_("never attack the same opponent twice in a row")
                if self._barred_target(o):
                    return N_("each attack of this activation targets a different opponent (Rules.attack_distinct_targets)")
                if self.shield[o]:
                    return N_("that player is protected by a force field this round")
                if a.kind == "capture":
                    ty = _TYPE_INDEX.get(a.b, -1)
                    if ty < 0:
                        return N_("unknown alien type")
                    if self.aliens[o][ty] <= 1:
                        return N_("an opponent's only alien of a type cannot be captured")
                    return N_("a captured alien cannot be captured again")
                return N_("destroy a UFO sharing a city with one of yours")
            if a.kind == "launch":
                if self.group != BUILDER:
                    return N_("the active group is {group}").format(group=g)
                if self._t.city_index.get(a.a, -1) < 0:
                    return N_("unknown city")
                return N_("no UFO on the platform")
        return N_("not a legal action in this position")

    # ------------------------------------------------------------ automatic steps
    def _note(self, kind: str, *args: Any) -> None:
        """Remember a step the engine took by itself (formatted only if a refusal
        needs it: bots pass turns millions of times)."""
        self.auto_note = self.auto_note + ((kind, args),)

    def _auto_text(self) -> str:
        """The steps the engine took by itself after the last action, as a sentence."""
        out = []
        for kind, args in self.auto_note:
            if kind == "closed":
                out.append(N_("the {group} group closed automatically because {why}").format(
                    group=GROUP_NAMES[args[0]], why=args[1]))
            elif kind == "turn":
                prev, why = args
                if not why:
                    continue
                reason = why.format(seat=self.seat_name(prev))  # "{seat} had no group ..."
                if self.phase == ACTIONS:
                    out.append(N_("the turn passed automatically to {seat} because {reason}").format(
                        seat=self.seat_name(self.actor), reason=reason))
                else:
                    out.append(N_("the turn ended automatically (and with it the round) because {reason}").format(
                        reason=reason))
            elif kind == "skipped":
                out.append(N_("{seat}'s turn was skipped: no group of it could act").format(seat=self.seat_name(args[0])))
            else:
                out.append(args[0])
        return "; ".join(out)

    # ------------------------------------------------------------------ the log
    def describe(self, action: Action, viewer: int | None = None) -> str:
        """``str(action)`` as ``viewer`` may read it in a log (hidden parts masked)."""
        if viewer is not None and action.kind == "place" and action.c == "face-down" and action.b is not None:
            return f"place a token face-down on {action.a}"
        if viewer is not None and action.kind == "keep":
            n = len(action.a)
            return f"keep {n} mission" if n == 1 else f"keep {n} missions"
        return str(action)


#: the kinds whose list field is a set: its text reads in any order (``keep missions 6+5``)
_UNORDERED_KINDS = ("recruit", "keep", "aliens")


def _folded_fields(a: tuple) -> tuple:
    """An Action's fields with texts compared as people type them (case, accents, and the
    order of a set: a hand-built ``Action("keep", (6, 5))`` is ``keep missions 6+5``)."""
    def fold(x: Any) -> Any:
        if isinstance(x, str):
            return fold_text(x)
        if isinstance(x, tuple):
            items = tuple(fold(y) for y in x)
            return tuple(sorted(items, key=repr)) if a[0] in _UNORDERED_KINDS else items
        return x

    return tuple(fold(x) for x in a)


def _type_key(name: str) -> int:
    return _TYPE_INDEX.get(name, 99)
