"""Fase 2 - Ações (phase 2, actions), then the end of the round: the turn order (most
pilots first), the force-field ability offered at the start of the phase, and each
player's turn: it activates up to two different alien groups (three with energy bonus
2), one at a time, and acts with the open group until its actions are used or it closes
it: pilots move UFOs, abductors abduct humans where their UFOs hold the majority,
builders launch UFOs from the platform, military capture an opponent's alien or destroy
its UFO. After the last turn the round ends: empty cities are refilled from the track,
energy cards and force fields return, and the game ends if an alien stock ran out;
otherwise the next round begins (:mod:`.recruitment`).

(The module is named for the alien groups the phase activates: :mod:`.actions` holds
:class:`~.actions.Action`.) :func:`action_order` is the phase's turn order as a pure
function.
"""

from __future__ import annotations

from typing import Hashable, Mapping

from ...core import TERMINAL
from ...i18n import N_
from .actions import END_GROUP, END_TURN, Action
from .components import (_COLOUR_INDEX, _GROUP_INDEX, _TYPE_INDEX, ABDUCTOR, ACTIONS, BUILDER, FORCE_FIELD,
                         MILITARY, OVER, PILOT)
from .recruitment import _order


def action_order(
    counts: Mapping[Hashable, Mapping[str, int]],
    planets: Mapping[Hashable, object] | None = None,
) -> list:
    """Turn order of phase 2 (actions).

    Rulebook: most pilots first; ties broken by abductors, then builders, then military;
    a tie on all four goes to the planet nearest to Earth.
    """
    return _order(counts, ("pilot", "abductor", "builder", "military"), planets, False)


class GroupsMixin:
    """State's phase 2 (the force field, the turns, the four groups) and the round's end."""

    # ---------------------------------------------------------------- the phase begins
    def _start_actions(self) -> None:
        # rulebook: phase 2 order - pilots, abductors, builders, military; nearest planet
        counts = {s: self.counts(s) for s in range(self.n)}
        self.order2 = action_order(counts, self._planet_map())
        # ability: force field, offered at the start of phase 2 (needs two military)
        self.ff_queue = [s for s in self.order2
                         if "force_field" in self.abilities[s] and self.aliens[s][MILITARY] >= self.rules.force_field_cost]
        if self.ff_queue:
            self.phase = FORCE_FIELD
            self.actor = self.ff_queue[0]
            return
        self._begin_turns()

    def _legal_force_field(self) -> list[Action]:
        return [Action("force_field", True), Action("force_field", False)]

    def _do_force_field(self, a: Action) -> None:
        s = self.actor
        self.ff_queue.pop(0)
        if a.a:
            self.boxed[s] = self.rules.force_field_cost
            self.shield[s] = True
        if self.ff_queue:
            self.actor = self.ff_queue[0]
        else:
            self._begin_turns()

    # ------------------------------------------------------------------- the turns
    def _begin_turns(self) -> None:
        self.phase = ACTIONS
        self.turn_pos = -1
        self._next_turn()

    def _next_turn(self, why: str = "") -> None:
        """The next player's turn in phase-2 order (the round ends after the last);
        ``why`` says why the engine passed the turn by itself (empty: the player ended
        it), for the next refusal's message: a sentence of the seat it passed from
        ("{seat} had no group left to activate")."""
        prev = self.actor
        while True:
            self.turn_pos += 1
            if self.turn_pos >= len(self.order2):
                self._note("turn", prev, why)
                self._end_round()
                return
            s = self.order2[self.turn_pos]
            self.actor = s
            self.used_groups = 0
            self.group = -1
            self.last_target = -1
            self.attacked = 0
            if self._activations(s):
                self._note("turn", prev, why)
                return
            # nothing to activate: the turn passes
            self._note("skipped", s)
            prev, why = s, N_("{seat} had no group that could act")

    def _max_groups(self, s: int) -> int:
        return self.rules.energy_groups if self.energy[s] == 2 else self.rules.groups_per_turn

    def _activations(self, s: int) -> list[Action]:
        used = self.used_groups
        if bin(used).count("1") >= self._max_groups(s):
            return []
        out = []
        for g in range(4):
            if not used & (1 << g) and self._group_budget(s, g) > 0 and self._group_can_act(s, g):
                out.append(self._t.activate[g])
        return out

    def _group_can_act(self, s: int, g: int) -> bool:
        """Whether ``_group_actions(s, g)`` is non-empty, without listing them (hot path)."""
        if g == PILOT:
            fr = self.frozen[s]
            return any(n > f for n, f in zip(self.ufo[s], fr))
        if g == ABDUCTOR:
            human = self.human
            return any(human[c] >= 0 and self._has_majority(s, c) for c in range(12))
        if g == BUILDER:
            return self.platform[s] > 0
        mine = self.ufo[s]
        for o in range(self.ns):
            if o == s or self._barred_target(o) or self.shield[o]:
                continue
            al, cap = self.aliens[o], self.captured[o]
            if any(al[t] >= 2 and al[t] > cap[t] for t in range(4)):
                return True
            if any(a and b for a, b in zip(self.ufo[o], mine)):
                return True
        return False

    def _barred_target(self, o: int) -> bool:
        """Whether the active military group may not attack opponent ``o`` now.

        rulebook: "não pode ... atacar duas vezes seguidas o mesmo adversário, ou seja, se o
        jogador possui seis fichas de militares, ele pode atacar duas vezes, mas os 'alvos'
        desses ataques devem ser adversários diferentes". Reading: "seguidas" bars the same
        opponent twice in a row (blue, green, blue is allowed); the "ou seja" example has two
        attacks, where both readings agree. ``Rules(attack_distinct_targets=True)`` reads it
        as "every target of the activation differs"."""
        if o == self.last_target:
            return True
        return self.rules.attack_distinct_targets and bool(self.attacked >> o & 1)

    def _group_budget(self, s: int, g: int) -> int:
        r = self.rules
        a = self.aliens[s]
        if g == PILOT:
            # rulebook: one move per pilot; ability: two extra moves (needs a pilot)
            if a[PILOT] == 0:
                return 0
            return a[PILOT] + r.extra_moves * self.abilities[s].count("extra_moves")
        if g == ABDUCTOR:
            return a[ABDUCTOR] // r.abduction_size  # one abduction per pair
        if g == BUILDER:
            # reading: a group with no builder cannot be activated, so an initial-UFO
            # holder launches once it has a builder; Rules(launch_needs_builder=False)
            # reads "independe de quantas fichas de construtores" as "even none"
            if a[BUILDER] == 0 and r.launch_needs_builder:
                return 0
            return min(r.launch_limit, self.platform[s])
        return (a[MILITARY] - self.boxed[s]) // r.capture_size  # one attack per trio

    def _group_actions(self, s: int, g: int) -> list[Action]:
        t = self._t
        if g == PILOT:
            out = []
            ufo = self.ufo[s]
            fr = self.frozen[s]
            for c in range(12):
                if ufo[c] > fr[c]:
                    out.extend(t.move[c])
            return out
        if g == ABDUCTOR:
            out = []
            swap = "human_swap" in self.abilities[s]
            human = self.human
            for c in range(12):
                if human[c] < 0 or not self._has_majority(s, c):
                    continue
                out.append(t.abduct[c])
                if swap:
                    nb = self.board.neighbours[c]
                    for k, d in enumerate(nb):
                        if human[d] >= 0:
                            out.append(t.abduct_swap[c][k])
            return out
        if g == BUILDER:
            return list(t.launch) if self.platform[s] > 0 else []
        out = []
        mine = self.ufo[s]
        for o in range(self.ns):
            if o == s or self._barred_target(o) or self.shield[o]:
                continue
            al, cap = self.aliens[o], self.captured[o]
            for ty in range(4):
                # rulebook: never the last of a type, never an already captured alien
                if al[ty] >= 2 and al[ty] - cap[ty] >= 1:
                    out.append(t.capture[o][ty])
            theirs = self.ufo[o]
            for c in range(12):
                if theirs[c] and mine[c]:
                    out.append(t.destroy[o][c])
        return out

    def _has_majority(self, s: int, c: int) -> bool:
        mine = self.ufo[s][c]
        if mine == 0:
            return False
        for o in range(self.ns):
            if o != s and self.ufo[o][c] >= mine:
                return False
        return True

    def _legal_turn(self) -> list[Action]:
        # rulebook: a group is activated, then acts, then closes before another is activated
        s = self.actor
        if self.group < 0:
            return self._activations(s) + [END_TURN]
        return self._group_actions(s, self.group) + [END_GROUP]

    def _do_activate(self, a: Action) -> None:
        s = self.actor
        g = _GROUP_INDEX[a.a]
        self.used_groups |= 1 << g
        self.group = g
        self.budget = self._group_budget(s, g)
        self.last_target = -1
        self.attacked = 0

    def _do_end_group(self, a: Action) -> None:
        self._close_group()

    def _do_end_turn(self, a: Action) -> None:
        self._next_turn()

    def _spend(self) -> None:
        self.budget -= 1
        if self.budget <= 0:
            self._note("closed", self.group, N_("all its actions are used"))
            self._close_group()
        elif not self._group_can_act(self.actor, self.group):
            self._note("closed", self.group, N_("it has nothing left it can do"))
            self._close_group()

    def _close_group(self) -> None:
        self.group = -1
        self.budget = 0
        self.last_target = -1
        self.attacked = 0
        if not self._activations(self.actor):
            self._next_turn(N_("{seat} had no group left to activate"))

    # ------------------------------------------------------------ the groups' actions
    def _do_move(self, a: Action) -> None:
        # rulebook: a pilot's move takes one UFO to an adjacent city
        s = self.actor
        src = self._t.city_index[a.a]
        dst = self._t.city_index[a.b]
        self.ufo[s][src] -= 1
        self._arrive(s, dst)
        self._spend()

    def _do_abduct(self, a: Action) -> None:
        s = self.actor
        c = self._t.city_index[a.a]
        if a.b is not None:
            # ability: swap the human with one in an adjacent city before abducting
            d = self._t.city_index[a.b]
            self.human[c], self.human[d] = self.human[d], self.human[c]
        self.abducted[s][self.human[c]] += 1
        self.human[c] = -1
        self._spend()

    def _do_launch(self, a: Action) -> None:
        # rulebook: a UFO launched from the platform lands in any city
        s = self.actor
        c = self._t.city_index[a.a]
        self.platform[s] -= 1
        self.launched[s] += 1
        self._arrive(s, c)
        self._spend()

    def _do_capture(self, a: Action) -> None:
        s = self.actor
        o = _COLOUR_INDEX[a.a]
        ty = _TYPE_INDEX[a.b]
        self.aliens[o][ty] -= 1
        self._gain(s, ty, captured=True)  # rulebook: a capture marker goes on it
        self.last_target = o
        self.attacked |= 1 << o
        self._spend()

    def _do_destroy(self, a: Action) -> None:
        o = _COLOUR_INDEX[a.a]
        c = self._t.city_index[a.b]
        # rulebook: the destroyed UFO returns to its owner's reserve
        self.ufo[o][c] -= 1
        self.reserve[o] += 1
        if self.frozen[o][c] > self.ufo[o][c]:
            self.frozen[o][c] = self.ufo[o][c]
        self.last_target = o
        self.attacked |= 1 << o
        self._spend()

    # ------------------------------------------------------------ the round ends
    def _end_round(self) -> None:
        # rulebook: refill empty cities from the track, in city order
        for c in range(12):
            if self.human[c] < 0 and self.track:
                self.human[c] = self.track.pop(0)
        # rulebook: energy cards and force-field military return
        ns = self.ns
        self.energy = [0] * ns
        self.shield = [False] * ns
        self.boxed = [0] * ns
        self.frozen = [[0] * 12 for _ in range(ns)]
        # rulebook: the game ends after the round in which an alien stock ran out
        if min(self.stock) <= 0:
            self.over = True
            self.phase = OVER
            self.actor = TERMINAL
            return
        self._start_round()
