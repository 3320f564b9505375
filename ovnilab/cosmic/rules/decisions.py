"""The decisions the encounter's phases ask of one player, one task kind each.

alien (set-up); regroup, place and lose (ships from and to the warp); own, wild and aim
(destiny and launch); ships (one ship at a time: launch, allies, deals, re-establishing
a home planet); invite and answer (alliance); select (planning: the encounter card);
reward (defensive rewards); second (a second encounter); power (a choice an alien power
asks for). Each kind has ``_r_<kind>`` (ready), ``_o_<kind>`` (the legal actions) and
``_h_<kind>`` (the chosen action's effect); :mod:`.state` dispatches to them.
"""

from __future__ import annotations

from ..aliens import POWERS
from ..data import ATTACK
from .actions import AGAIN, DECLINE, DONE, END_TURN, JOIN, SECOND, Action, _A
from .components import DEF, OFF, _subsets
from .encounter import IDX_DESTINY, IDX_ENC_END, IDX_ENC_START


class DecisionsMixin:
    """State's single-player decisions of the phases (task kinds)."""

    # --- alien: keep one of the aliens dealt
    def _r_alien(self, t: tuple) -> bool:
        self.actor = t[1]
        self.stage = "setup"
        return True

    def _o_alien(self, t: tuple) -> list[Action]:
        return [_A("alien", a) for a in self.offers[t[1]]]

    def _h_alien(self, t: tuple, a: Action) -> None:
        self.alien[t[1]] = a.a
        self._pop()

    # --- regroup: a ship from the warp to a colony of the offense
    def _r_regroup(self, t: tuple) -> bool:
        s = t[1]
        if self.warp[s] == 0:
            self._pop()
            return False
        cols = self.colonies(s)
        if len(cols) > 1:
            self.actor = s
            return True
        self._pop()
        self.warp[s] -= 1
        if cols:
            self.ships[cols[0] * self.n + s] += 1
        else:
            # rulebook: without colonies the ship goes to the hyperspace gate
            self.gate[s] += 1
            self.gate_from[s].append(-1)
        self._retrieved(s)
        return False

    def _o_regroup(self, t: tuple) -> list[Action]:
        acts = self.A["regroup"]
        return [acts[p] for p in self.colonies(t[1])]

    def _h_regroup(self, t: tuple, a: Action) -> None:
        s = t[1]
        self.warp[s] -= 1
        self.ships[self.pindex[a.a] * self.n + s] += 1
        self._pop()
        self._retrieved(s)

    def _retrieved(self, s: int) -> None:
        """``s`` just brought ships back from the warp (one event, however many ships):
        powers that react to it (Remora)."""
        for seat, fn in self._hook("retrieved"):
            fn(self, seat, s)

    # --- place: ships leave the warp for colonies of their owner's choice
    def _r_place(self, t: tuple) -> bool:
        _, s, k = t
        k = min(k, self.warp[s])
        cols = self.colonies(s)
        if k <= 0 or not cols:
            self._pop()
            return False
        if len(cols) == 1:
            self.warp[s] -= k
            self.ships[cols[0] * self.n + s] += k
            self._pop()
            self._retrieved(s)
            return False
        self._set(("place", s, k))
        self.actor = s
        return True

    def _o_place(self, t: tuple) -> list[Action]:
        acts = self.A["place"]
        return [acts[p] for p in self.colonies(t[1])]

    def _h_place(self, t: tuple, a: Action) -> None:
        _, s, k = t
        self.warp[s] -= 1
        self.ships[self.pindex[a.a] * self.n + s] += 1
        if k > 1:
            self._set(("place", s, k - 1))
        else:
            self._pop()
            self._retrieved(s)

    # --- lose: ships leave colonies for the warp, one at a time
    def _lose_cols(self, t: tuple) -> list[int]:
        """The colonies a 'lose' task may take ships from (a sixth field: planets that
        cannot pay)."""
        cols = self.colonies(t[1])
        return [p for p in cols if p not in t[5]] if len(t) > 5 else cols

    def _r_lose(self, t: tuple) -> bool:
        _, s, k, chooser, lost = t[:5]
        if not lost:
            self._losing_ships(s)  # its power counts as it was until the ships are gone
        cols = self._lose_cols(t)
        if k <= 0 or not cols:
            self._pop()
            self._warp_ships(s, lost)
            return False
        if len(cols) == 1:
            p = cols[0]
            m = min(k, self.ships[p * self.n + s])
            self.ships[p * self.n + s] -= m
            self._pop()
            self._warp_ships(s, lost + (p,) * m)
            return False
        self.actor = chooser
        return True

    def _o_lose(self, t: tuple) -> list[Action]:
        acts = self.A["lose"]
        return [acts[p] for p in self._lose_cols(t)]

    def _h_lose(self, t: tuple, a: Action) -> None:
        _, s, k, chooser, lost = t[:5]
        p = self.pindex[a.a]
        self.ships[p * self.n + s] -= 1
        lost = lost + (p,)
        if k > 1:
            self._set(("lose", s, k - 1, chooser, lost) + t[5:])
        else:
            self._pop()
            self._warp_ships(s, lost)

    # --- own: the offense drew its own colour
    def _own_options(self, s: int) -> list[Action]:
        n, sh = self.n, self.ships
        out = [AGAIN]
        home = self._home_planets(s)
        # rulebook: an encounter with a foreign colony in the offense's own system
        for o in self.order_from(s)[1:]:
            if any(sh[p * n + o] for p in home):
                out.append(_A("home", self.colours[o]))
        # rulebook: an empty home planet may be re-established (a successful encounter)
        if self._sources(s) or self.gate[s]:
            for p in home:
                if not any(sh[p * n: p * n + n]):
                    out.append(self.A["reestablish"][p])
        return out

    def _r_own(self, t: tuple) -> bool:
        opts = self._own_options(t[1])
        if len(opts) == 1:  # only "draw again"
            self._pop()
            self.flow = IDX_DESTINY
            return False
        self.actor = t[1]
        return True

    def _o_own(self, t: tuple) -> list[Action]:
        return self._own_options(t[1])

    def _h_own(self, t: tuple, a: Action) -> None:
        s = t[1]
        self._pop()
        if a.kind == "again":
            self.flow = IDX_DESTINY
        elif a.kind == "home":
            d = self.cindex[a.a]
            n = self.n
            self._set_defender(d, [p for p in self._home_planets(s) if self.ships[p * n + d]])
        else:
            p = self.pindex[a.a]
            n = self.n
            # rulebook: up to four ships from other colonies; the gate's ship lands first
            if self.gate[s]:
                self.ships[p * n + s] += self.gate[s]
                self.gate[s] = 0
                self.gate_from[s] = []
            landed = self.ships[p * n + s]
            self.target = p
            self.outcome = "reestablished"
            self.off_success = True
            self.flow = IDX_ENC_END
            self._push(("ships", s, "reestablish", landed, 0 if landed else 1, self.rules.max_ships, p))

    # --- wild: the offense chooses the defender
    def _r_wild(self, t: tuple) -> bool:
        self.actor = t[1]
        return True

    def _o_wild(self, t: tuple) -> list[Action]:
        return [_A("defender", self.colours[o]) for o in self.order_from(t[1])[1:]]

    def _h_wild(self, t: tuple, a: Action) -> None:
        d = self.cindex[a.a]
        self._set_defender(d, self._home_planets(d))
        self._pop()

    # --- aim: the gate points at a planet of the system
    def _r_aim(self, t: tuple) -> bool:
        if self.target >= 0:
            self._pop()
            return False
        if len(self.aim_options) == 1:
            self.target = self.aim_options[0]
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_aim(self, t: tuple) -> list[Action]:
        acts = self.A["aim"]
        return [acts[p] for p in self.aim_options]

    def _h_aim(self, t: tuple, a: Action) -> None:
        self.target = self.pindex[a.a]
        self._pop()

    # --- ships: one ship at a time from a colony (launch, allies, deals, re-establish)
    def _ship_finish(self, t: tuple) -> None:
        _, s, purpose, sent, lo, hi, dest = t
        if purpose in ("ally_off", "ally_def") and sent == 0:
            side = OFF if purpose == "ally_off" else DEF
            if s in self.allies[side]:
                self.allies[side].remove(s)

    def _ship_extra_sources(self, s: int, purpose: str) -> list[str]:
        """Sources beyond colonies that flares open (Observer super: the warp)."""
        if purpose in ("launch", "ally_off", "ally_def") and self.warp[s] and ("flag", s, "from_warp") in self.eflags:
            return ["the warp"]
        return []

    def _r_ships(self, t: tuple) -> bool:
        _, s, purpose, sent, lo, hi, dest = t
        if sent >= hi or not (self._has_source(s, dest) or self._ship_extra_sources(s, purpose)):
            self._pop()
            self._ship_finish(t)
            return False
        self.actor = s
        return True

    def _o_ships(self, t: tuple) -> list[Action]:
        _, s, purpose, sent, lo, hi, dest = t
        acts = self.A["ship"]
        out = [acts[p] for p in self._sources(s, dest)]
        out += [_A("ship", x) for x in self._ship_extra_sources(s, purpose)]
        if sent >= lo:
            out.append(DONE)
        return out

    def _h_ships(self, t: tuple, a: Action) -> None:
        _, s, purpose, sent, lo, hi, dest = t
        if a.kind == "done":
            self._pop()
            self._ship_finish(t)
            return
        n = self.n
        if a.a == "the warp":
            self.eflags.discard(("flag", s, "from_warp"))
            self.warp[s] -= 1
            p = -1
        else:
            p = self.pindex[a.a]
            self.ships[p * n + s] -= 1
        if purpose in ("launch", "ally_off"):
            self.gate[s] += 1
            self.gate_from[s].append(p)
        elif purpose == "ally_def":
            self.side[s] += 1
            self.side_from[s].append(p)
        else:
            self.ships[dest * n + s] += 1
        self._set(("ships", s, purpose, sent + 1, lo, hi, dest))

    # --- invite: the main players invite allies
    def _invite_candidates(self) -> list[int]:
        return [s for s in range(self.n) if s not in (self.offense, self.defender)]

    def _r_invite(self, t: tuple) -> bool:
        if not self._invite_candidates():
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_invite(self, t: tuple) -> list[Action]:
        col = self.colours
        return [_A("invite", tuple(col[s] for s in sub)) for sub in _subsets(self._invite_candidates())]

    def _h_invite(self, t: tuple, a: Action) -> None:
        self.inv[t[2]] = tuple(self.cindex[c] for c in a.a)
        self._pop()

    # --- answer: an invited player joins a side (1-4 ships) or declines
    def _answer_options(self, s: int) -> list[Action]:
        if not self._has_source(s) and not self._ship_extra_sources(s, "ally_off"):
            return [DECLINE]
        free = self._hook_seat("may_join", s)
        out = []
        if s in self.inv[OFF] or free:
            out.append(JOIN[0])
        if s in self.inv[DEF] or free:
            out.append(JOIN[1])
        out.append(DECLINE)
        return out

    def _r_answer(self, t: tuple) -> bool:
        if len(self._answer_options(t[1])) == 1:
            self._pop()
            return False
        self.actor = t[1]
        return True

    def _o_answer(self, t: tuple) -> list[Action]:
        return self._answer_options(t[1])

    def _h_answer(self, t: tuple, a: Action) -> None:
        s = t[1]
        self._pop()
        if a.a is None:
            return
        side = OFF if a.a == "offense" else DEF
        self.allies[side].append(s)
        self._push(("ships", s, "ally_off" if side == OFF else "ally_def", 0, 1, self._max_ships(s), -1))

    # --- select: a main player selects an encounter card face down
    def _select_options(self, s: int) -> list[Action]:
        T = self.t
        ie, nm = T.is_enc, T.name
        seen: set[str] = set()
        out = []
        for c in self.hands[s]:
            if ie[c] and nm[c] not in seen:
                seen.add(nm[c])
                out.append(_A("select", nm[c], False))
        if self.hoard[s] and self._hook_seat("hoard", s):
            seen = set()
            for c in self.hoard[s]:
                if ie[c] and nm[c] not in seen:
                    seen.add(nm[c])
                    out.append(_A("select", nm[c], True))
        if self.eflags:
            # a card this player must select if it holds it (Philanthropist's super flare:
            # ``("must select", seat, card)`` in eflags)
            must = [k[2] for k in self.eflags if k[0] == "must select" and k[1] == s and k[2] in self.hands[s]]
            if must:
                return [_A("select", nm[min(must)], False)]
        if self.eflags and not self.rules.before_issue_13 and any(k[0] == "upset" for k in self.eflags):
            # Loser: once the upset is declared, both main players play attack cards
            # if they can (its super flare declares it after selection: no constraint)
            kd = T.face_kind
            attacks = [a for a in out if kd[a.a] == ATTACK]
            if attacks:
                return attacks
        return out

    def _r_select(self, t: tuple) -> bool:
        s = t[1]
        opts = self._select_options(s)
        if not opts:
            # rulebook (planning): a main player without encounter cards never gets here:
            # the offense's turn ends, the defense draws a new hand first (_s_planning),
            # and nothing between that check and the selections takes a card away
            raise RuntimeError(f"{self.colours[s]} is to select an encounter card and holds none: "
                               "the planning step's check (rulebook: no encounter card) was bypassed")
        if len(opts) == 1 and self.rules.ask_holders_only:
            self._h_select(t, opts[0])
            return False
        # by default a single kind of encounter card is selected like any other (an
        # action in the log): a selection made for the player would tell its hand
        self.actor = s
        return True

    def _o_select(self, t: tuple) -> list[Action]:
        return self._select_options(t[1])

    def _h_select(self, t: tuple, a: Action) -> None:
        s = t[1]
        c = self._take_card(s, a.a, bool(a.b))
        self.card[OFF if s == self.offense else DEF] = c
        self._pop()

    # --- reward: a defensive ally takes cards and ships from the warp
    def _r_reward(self, t: tuple) -> bool:
        _, s, units = t
        if self.warp[s] == 0:
            self._pop()
            self._note_received(s, len(self._draw(s, units)))
            return False
        self.actor = s
        return True

    def _o_reward(self, t: tuple) -> list[Action]:
        _, s, units = t
        return [_A("reward", units - m, m) for m in range(min(units, self.warp[s]) + 1)]

    def _h_reward(self, t: tuple, a: Action) -> None:
        _, s, units = t
        self._pop()
        self._note_received(s, len(self._draw(s, a.a)))
        if a.b:
            self._push(("place", s, a.b))

    # --- second: the offense may have a second encounter
    def _r_second(self, t: tuple) -> bool:
        self.actor = t[1]
        return True

    def _o_second(self, t: tuple) -> list[Action]:
        return [SECOND, END_TURN]

    def _h_second(self, t: tuple, a: Action) -> None:
        self._pop()
        if a.kind == "second":
            self.flow = IDX_ENC_START
        else:
            self._end_turn()

    # --- power: a decision an alien power asks for (its definition lists the options)
    def _r_power(self, t: tuple) -> bool:
        _, s, alien, data = t
        if not POWERS[alien].options(self, s, data):
            self._pop()
            return False
        self.actor = s
        return True

    def _o_power(self, t: tuple) -> list[Action]:
        _, s, alien, data = t
        return [_A("choose", alien, x) for x in POWERS[alien].options(self, s, data)]

    def _h_power(self, t: tuple, a: Action) -> None:
        _, s, alien, data = t
        self._pop()
        POWERS[alien].choose(self, s, data, a.b)
