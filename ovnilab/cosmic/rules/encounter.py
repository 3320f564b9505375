"""The encounter's phases, in order: the steps of ``_FLOW``.

Start of turn, regroup, destiny, launch, alliance, planning, reveal, reinforcements,
outcome, resolution, clean-up; the effective values of the revealed cards and the
outcome they give; the end of an encounter, of a turn and of the game. A step (``_s_*``)
does the automatic part of a phase and pushes the decisions it needs (:mod:`.decisions`)
and the phase's window (:mod:`.answers`); ``IDX_*`` are the steps the game jumps to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from ..data import ATTACK, MORPH, NEGOTIATE
from .components import DEF, OFF, R_NONE, SIDE_NAMES, SPECIAL, WILD

if TYPE_CHECKING:  # pragma: no cover
    from .state import State


class EncounterMixin:
    """State's steps of the encounter and its outcome."""

    # ================================================================ the flow
    def _s_turn_start(self) -> None:
        self.turn += 1
        if self.turn > self.rules.turn_limit:
            self._finish(by_limit=True)
            return
        off = self.offense = self.turn_player
        self.enc_no = 0
        self.stage = "start of turn"
        for seat, fn in self._hook("turn_start"):
            fn(self, seat)
        # rulebook: an offense without encounter cards reveals its hand, discards it and
        # draws eight new cards (only now, at the start of the turn)
        if not self.has_encounter_card(off) and not self._new_hand(off):
            self._end_turn()

    def _s_enc_start(self) -> None:
        self.enc_no += 1
        self.encounters += 1
        self._reset_encounter()
        self.stage = "regroup"
        if self.rules.powers and not self.rules.before_issue_13:
            # the powers that work as the encounter starts: a power lost during it is lost
            # "now" for what reacts to a power being lost (Parasite's wild flare)
            self.eflags.add(("had_power", tuple(s for s in range(self.n) if self.power_active(s))))

    def _s_regroup_window(self) -> None:
        self._window("regroup")

    def _s_regroup(self) -> None:
        # powers that look at the board as the regroup starts, once its window is over and
        # before the offense retrieves (Masochist's alternate win)
        for seat, fn in self._hook("before_regroup"):
            fn(self, seat)
            if self.over:
                return
        # a power or flare may replace the offense's retrieval (Machine's super flare,
        # Masochist's flares)
        if any([fn(self, s) for s, fn in self._hook("regroup")]):
            return
        # rulebook: one ship of the offense leaves the warp for one of its colonies (to the
        # gate when it has none)
        if self.warp[self.offense] > 0:
            self._push(("regroup", self.offense))

    def _s_destiny(self) -> None:
        self.stage = "destiny"
        self._draw_destiny()

    def _draw_destiny(self, pick: int = -1) -> None:
        """The offense draws a destiny card: the top one, or ``pick`` (a card of the
        remaining deck a power chose: Dictator's "destiny control", see the hook
        ``destiny_control``); then the card's rules apply as for any draw."""
        if pick < 0:
            if self.forced >= 0:
                d, self.forced = self.forced, -1
                self._set_defender(d, self._home_planets(d))
                return
            r = self.rules
            # rulebook: with one card left, the discards are shuffled into a new deck first
            if len(self.ddeck) <= (1 if r.destiny_reshuffle == "one_left" else 0):
                self.ddeck.extend(self.ddiscard)
                self.ddiscard = []
                self.chance().shuffle(self.ddeck)
            # a power may choose the card instead (it asks, then calls _draw_destiny(card))
            for seat, fn in self._hook("destiny_control"):
                if fn(self, seat):
                    return
            c = self.ddeck.pop()
        else:
            self.ddeck.remove(pick)
            c = pick
        self.ddiscard.append(c)
        self.destiny = c
        off, n = self.offense, self.n
        named = c if c < n else -1  # the player the card points at (none for wild)
        if c < n:
            if c != off:
                # rulebook: a colour names the defender and the system of the encounter
                self._set_defender(c, self._home_planets(c))
            else:
                self._push(("own", off))
        elif c == WILD:
            # rulebook: wild, the offense chooses any player as the defender
            self._push(("wild", off))
        else:
            # rulebook: special, the player the card names defends (ties: offense's left)
            sp = self.g.specials[c - SPECIAL]
            best, who = None, -1
            for s in self.order_from(off)[1:]:
                m = self._measure(s, sp.measure)
                if best is None or (m > best if sp.pick == "most" else m < best):
                    best, who = m, s
            self._set_defender(who, self._home_planets(who))
            named = who
        # powers that react to every destiny draw (Shadow), ahead of the offense's choices
        for seat, fn in self._hook("destiny"):
            fn(self, seat, c, named)

    def _measure(self, s: int, measure: str) -> int:
        if measure == "foreign_colonies":
            return self.foreign_colonies(s)
        if measure == "cards_in_hand":
            return len(self.hands[s])
        return self.warp[s]

    def _home_planets(self, s: int) -> tuple[int, ...]:
        k = self.np
        return tuple(range(k * s, k * s + k))

    def _set_defender(self, d: int, aims: Sequence[int]) -> None:
        self.defender = d
        self.aim_options = tuple(aims)
        self.target = -1

    def _s_destiny_window(self) -> None:
        self._window("destiny")

    def _s_launch(self) -> None:
        self.stage = "launch"
        off = self.offense
        # rulebook: aim the gate at a planet of the system, then launch 1-4 ships
        hi = self._max_ships(off) - self.gate[off]
        lo = 0 if self.gate[off] else 1
        self._push(("aim", off), ("ships", off, "launch", 0, lo, hi, -1))

    def _s_launch_window(self) -> None:
        self._window("launch")

    def _s_launched(self) -> None:
        # powers that act once the gate is loaded, after the launch window and before
        # the alliance (Mite's bluster)
        for seat, fn in self._hook("launched"):
            fn(self, seat)

    def _end_early(self, outcome: str) -> None:
        """The encounter ends at once as a success for the offense (Mite's colony): no
        other phase is played (the queued decisions still run), the clean-up discards and
        sends ships home as usual, and a second encounter may follow. ``outcome`` names
        how it ended (``last_result["outcome"]``): neither a deal nor a defensive win, so
        what counts those (Tick-Tock) does not count it."""
        self.outcome = outcome
        self.off_success = True
        self.flow = IDX_ENC_END

    def _s_alliance_window(self) -> None:
        self.stage = "alliance"
        self._window("alliance")

    def _s_alliance(self) -> None:
        # rulebook: the offense invites, then the defense; then each other player from the
        # offense's left answers and sends its ships
        off, d = self.offense, self.defender
        tasks = [("invite", off, OFF), ("invite", d, DEF)]
        for s in self.order_from(off)[1:]:
            if s != d:
                tasks.append(("answer", s))
        self._push(*tasks)

    def _s_alliance_end_window(self) -> None:
        self._window("alliance_end")

    def _s_alliance_end(self) -> None:
        # powers that act once the alliances are formed (Grudge's tokens), after the
        # window where a Cosmic Zap may stop them
        for seat, fn in self._hook("alliances_formed"):
            fn(self, seat)

    def _s_planning_window(self) -> None:
        self.stage = "planning"
        self._window("planning")

    def _s_planning(self) -> None:
        off, d = self.offense, self.defender
        # rulebook: an offense without encounter cards loses the rest of its turn
        if not self.has_encounter_card(off):
            self.outcome = "no card"
            self._abort_encounter(end_turn=True)
            return
        # rulebook: a defense without encounter cards draws a new hand first
        if not self.has_encounter_card(d) and not self._new_hand(d):
            self.outcome = "no card"
            self._abort_encounter(end_turn=True)
            return
        first = self.face_up if self.face_up >= 0 else off
        second = d if first == off else off
        self._push(("select", first), ("select", second))

    def _s_after_selection_window(self) -> None:
        self._window("after_selection")

    def _s_reveal(self) -> None:
        # rulebook: both cards are revealed at once
        self.stage = "reveal"
        self.revealed = True
        # powers that act as the cards are revealed (Gambler keeps its card face down)
        for seat, fn in self._hook("reveal"):
            fn(self, seat)
        self._compute_cards()

    def _s_reveal_window(self) -> None:
        self._window("reveal")

    def _s_reinforce(self) -> None:
        self._compute_cards()
        if self.kinds == (ATTACK, ATTACK):
            # REFERENCE: reinforcements are played by main players and allies after the
            # reveal; ovnilab asks them in turn until all pass in a row
            part = [s for s in self.order_from(self.offense) if self.role(s) != R_NONE]
            self._push(("reinforce", tuple(part), 0, 0))

    def _s_outcome(self) -> None:
        self._compute_outcome()
        if self.outcome == "deal":
            # REFERENCE: allies go home first; ovnilab: the offense's ships too
            for s in list(self.allies[OFF]) + list(self.allies[DEF]) + [self.offense]:
                self._send_home(s)
            self.deal_offer = None
            self._push(("deal", self.offense, 0))

    def _s_resolution_window(self) -> None:
        self.stage = "resolution"
        self._window("resolution")

    def _s_final_outcome(self) -> None:
        # the outcome is final (after the resolution window: a deal made or failed,
        # Quash): powers that act on it before ships, cards and colonies move (Grudge);
        # the decisions they push come first, while the encounter's ships are still in it
        for seat, fn in self._hook("final_outcome"):
            fn(self, seat)
        cl = self.claim
        if cl is not None and cl[2] and self.card[cl[0]] >= 0:
            # Gambler: an accepted claim's real card goes face down to the bottom of the
            # cosmic deck (never to the discard pile)
            c = self.card[cl[0]]
            self.card[cl[0]] = -1
            self.deck.insert(0, c)

    def _s_resolve(self) -> None:
        o = self.outcome
        n, t = self.n, self.target
        sh = self.ships
        off, d = self.offense, self.defender
        if o in ("offense", "defense"):
            ionic = ("ionic",) in self.eflags
            if o == "offense":
                # rulebook: the defender's ships and the defensive allies' go to the warp
                k = sh[t * n + d]
                if k and ("flag", d, "keep_one") in self.eflags:
                    k -= 1  # Spiff's wild flare: one ship stays
                self._losing_ships(d)
                sh[t * n + d] -= k
                # (ships removed from the game by Void never reached the warp: they
                # earn no compensation)
                lost_main = k - self._warp_ships(d, [t] * k, DEF)
                for a in self.allies[DEF]:
                    origins = self.side_from[a]
                    self.side[a] = 0
                    self.side_from[a] = []
                    self._warp_ships(a, origins, DEF)
                # rulebook: the ships on the gate land: a colony for each of them
                landers = [s for s in [off] + self.allies[OFF] if self.gate[s]]
                for s in landers:
                    sh[t * n + s] += self.gate[s]
                    self.gate[s] = 0
                    self.gate_from[s] = []
                for s in landers:
                    if ("flag", s, "cudgel_wild") in self.eflags:
                        # Cudgel's wild flare: other players' ships there go to the warp
                        for o in range(n):
                            if o not in landers and sh[t * n + o]:
                                k = sh[t * n + o]
                                self._losing_ships(o)
                                sh[t * n + o] = 0
                                self._warp_ships(o, [t] * k)
                self.off_success = True
                # rulebook: the game ends as soon as players have five foreign colonies
                if self._win_at_once():
                    return
                loser, winner = d, off
            else:
                # rulebook: the ships on the gate go to the warp
                lost_main = self.gate[off]
                for s in [off] + self.allies[OFF]:
                    origins = self.gate_from[s]
                    self.gate[s] = 0
                    self.gate_from[s] = []
                    gone = self._warp_ships(s, origins, OFF)
                    if s == off:
                        lost_main -= gone
                # rulebook: defensive allies go home and take a reward per ship: a card
                # from the deck or one of their ships from the warp
                for a in self.allies[DEF]:
                    units = self.side[a] * self._ship_value(a, "rewards")
                    self._send_home(a)
                    if not ionic and units:
                        self._push(("reward", a, units))
                loser, winner = off, d
            # REFERENCE: compensation, a random card of the winner's hand per ship the
            # main player who negotiated lost
            if self.comp_side >= 0 and self.main(self.comp_side) == loser and not ionic:
                k = lost_main * self._ship_value(loser, "compensation")
                if k:
                    self._push(("call", "_compensate", loser, winner, k))
            self._after_resolution()
        elif o == "deal_made":
            (oc, on, op), (dc, dn, dp) = self.deal_terms  # type: ignore[misc]
            # REFERENCE: the cards change hands; each giver chooses its cards (or they are
            # drawn at random with Rules(deal_cards="random"))
            tasks: list[tuple] = []
            if self.rules.deal_cards == "random":
                self._give_random(off, d, on)
                self._give_random(d, off, dn)
            else:
                self.deal_picks = [(), ()]
                for side, giver, k in ((OFF, off, on), (DEF, d, dn)):
                    k = min(k, len(self.hands[giver]))
                    if k:
                        tasks.append(("give", giver, side, k))
                tasks.append(("call", "_deal_exchange"))
            if op:
                tasks.append(("ships", off, "colony", 0, 1, self._max_ships(off), self.pindex[op]))
            if dp:
                tasks.append(("ships", d, "colony", 0, 1, self._max_ships(d), self.pindex[dp]))
            for o in (off, d):
                if ("deal_frees", o) in self.eflags:
                    # Zombie's deal term: the ships leave the warp for colonies of their
                    # owner's choice
                    tasks.append(("place", o, self.warp[o]))
            # powers that count deals made (Tick-Tock), once the terms are carried out:
            # a win they give shares the moment with the deal's colonies
            tasks.append(("call", "_deal_done"))
            if (op or dp) and not self.rules.before_issue_13:
                # rulebook: the game ends as soon as the deal's colonies make a winner
                # (both colonies are placed first: the terms are carried out together)
                tasks.append(("call", "_win_at_once"))
            self._push(*tasks)
            self.off_success = True
            self._after_resolution()
        elif o == "deal_failed":
            # rulebook: a deal not reached costs three ships of each main player
            k = [self.rules.deal_fail_ships] * 2
            for seat, fn in self._hook("deal_failed"):
                fn(self, seat, k)
            for side in (OFF, DEF):
                if ("flag", self.main(side), "pacifist_deal") in self.eflags:
                    # Pacifist's super flare: 2 ships fewer for it, 2 more for the other
                    k[side] = max(0, k[side] - 2)
                    k[1 - side] += 2
            self._lose_from_colonies(d, k[DEF])
            self._lose_from_colonies(off, k[OFF])
        elif o == "both lose":
            for s in [off] + self.allies[OFF]:
                origins = self.gate_from[s]
                self.gate[s] = 0
                self.gate_from[s] = []
                self._warp_ships(s, origins, OFF)
            k = sh[t * n + d]
            self._losing_ships(d)
            sh[t * n + d] = 0
            self._warp_ships(d, [t] * k, DEF)
            for a in self.allies[DEF]:
                origins = self.side_from[a]
                self.side[a] = 0
                self.side_from[a] = []
                self._warp_ships(a, origins, DEF)
        elif o == "cancelled":
            for s in [off] + self.allies[OFF] + self.allies[DEF]:
                self._send_home(s)
            self.off_success = True

    def _after_resolution(self) -> None:
        for seat, fn in self._hook("after_resolution"):
            fn(self, seat)
            if self.over:  # a power's alternate win (Tick-Tock) ends the game at once
                return

    def _deal_done(self) -> None:
        """A deal's terms are carried out (cards exchanged, colonies placed)."""
        for seat, fn in self._hook("deal_done"):
            fn(self, seat)
            if self.over:
                return

    def _s_cleanup_window(self) -> None:
        self._window("cleanup")

    def _s_enc_end(self) -> None:
        # rulebook: the revealed encounter cards go to the discard pile
        for side in (OFF, DEF):
            c = self.card[side]
            if c >= 0:
                self.card[side] = -1
                self._discard(c, self.main(side))
        table = self.table
        self.table = []
        for c in table:
            self._discard(c)
        for s in (self.offense, self.defender):
            if s >= 0:
                self._send_home(s)
        for s in range(self.n):
            self._send_home(s)
        for seat, fn in self._hook("encounter_end"):
            fn(self, seat)
        # Philanthropist's wild flare: a power lent for the encounter goes back
        self._end_lending()
        # bookkeeping an alien keeps even while its power is zapped or lost (2009 FAQ:
        # Warrior's tokens)
        for seat, fn, roles in self.hooked.get("tally", ()):
            if self._role_ok(seat, roles):
                fn(self, seat)
        self.stage = "end of encounter"
        K = ("attack", "negotiate", "morph")
        self.last_result = {
            "offense": self.offense, "defender": self.defender,
            "target": self.pname[self.target] if self.target >= 0 else None,
            "outcome": self.outcome,
            "cards": tuple(K[k] if k >= 0 else None for k in self.kinds),
            "totals": self.totals if self.kinds == (ATTACK, ATTACK) else None,
        }
        if self._check_end():
            return
        off = self.offense
        second = self.enc_no == 1 and self.off_success and self.has_encounter_card(off)
        # powers and flares that grant the offense another encounter (Machine)
        second = second or any(fn(self, s) for s, fn in self._hook("another_encounter") if s == off)
        if self.counter is not None:
            # Warrior's wild flare: the defender strikes back at once, in the offense's
            # home system; then the turn resumes
            w, victim = self.counter
            self.counter = None
            self.resume = (off, second)
            self.offense = w
            self.forced = victim
            self.flow = IDX_ENC_START
            return
        if self.resume is not None:
            off, second = self.resume
            self.resume = None
            self.offense = off
            self.enc_no = 1
        # rulebook: a second encounter only after a win or a deal, and only with an
        # encounter card left
        if second:
            if self.rules.second_encounter == "ask":
                self.flow = IDX_TURN_START
                self._push(("second", off))
                return
            self.flow = IDX_ENC_START
            return
        self._end_turn()

    def _abort_encounter(self, end_turn: bool) -> None:
        """The encounter stops (no card to play): ships go home, cards are discarded."""
        for s in range(self.n):
            self._send_home(s)
        for side in (OFF, DEF):
            c = self.card[side]
            if c >= 0:
                self.card[side] = -1
                self.hands[self.main(side)].append(c)
        table = self.table
        self.table = []
        for c in table:
            self._discard(c)
        self._end_lending()
        if end_turn:
            self._end_turn()

    def _end_turn(self) -> None:
        # rulebook: the turn passes to the left
        self.counter = self.resume = None
        self.forced = -1
        self.turn_player = (self.turn_player + 1) % self.n
        self.flow = IDX_TURN_START

    def _win_at_once(self) -> bool:
        """Rulebook: "the game ends as soon as" players have five foreign colonies, in the
        middle of the resolution if need be (Rules.before_issue_13: only at the end of
        the encounter). Returns whether the game ended."""
        return not self.rules.before_issue_13 and self._check_end()

    def _check_end(self) -> bool:
        # rulebook: the game ends as soon as players have five foreign colonies; they share
        w = [s for s in range(self.n) if self.foreign_colonies(s) >= self.win_at]
        if w:
            self._game_over(w, f"{self.win_at} foreign colonies")
            return True
        return False

    def _win(self, seats: Sequence[int], reason: str) -> None:
        """A power's alternate win (Tick-Tock's last token, Masochist without ships in
        play): ``seats`` win at once, and share the win with every player whose five
        foreign colonies came with the same event (a deal's colonies: REFERENCE,
        "shared wins"); ``reason`` says why (the board's status, ``win_reason``)."""
        if self.over:
            return
        colonies = [s for s in range(self.n) if self.foreign_colonies(s) >= self.win_at]
        w = sorted(set(seats) | set(colonies))
        if [s for s in colonies if s not in seats]:
            reason += f"; {self.win_at} foreign colonies"
        self._game_over(w, reason)

    def _game_over(self, winners: Sequence[int], reason: str) -> None:
        self.winners_ = list(winners)
        self.win_reason = reason
        self.over = True
        self.stage = "game over"
        self.tasks = []

    def _finish(self, by_limit: bool, limit: str = "turn limit") -> None:
        # ovnilab safety rules: after Rules.turn_limit turns, or Rules.action_limit_thousands
        # thousand actions (``limit`` names which), the most foreign colonies win
        fc = [self.foreign_colonies(s) for s in range(self.n)]
        best = max(fc)
        self.limit_reached = by_limit
        self._game_over([s for s in range(self.n) if fc[s] == best], f"{limit}: the most foreign colonies win")

    # ============================================================ card values
    def _compute_cards(self) -> None:
        """Effective kind and value of both revealed cards (morph, Emotion Control,
        powers and flares), then the totals."""
        if not self.revealed or self.card[OFF] < 0 or self.card[DEF] < 0:
            return
        K, V = self.t.kind, self.t.value
        ko, kd = K[self.card[OFF]], K[self.card[DEF]]
        vo, vd = V[self.card[OFF]], V[self.card[DEF]]
        cl = self.claim
        if cl is not None:
            if cl[1] is None:
                return  # Gambler is deciding what to say: nothing counts yet
            # Gambler: a claimed card counts as what its player said (challenged, the
            # claim is gone and the real card counts)
            if cl[0] == OFF:
                ko, vo = self.t.face_kind[cl[1]], self.t.face_value[cl[1]]
            else:
                kd, vd = self.t.face_kind[cl[1]], self.t.face_value[cl[1]]
        # rulebook: a morph becomes a copy of the opponent's card
        if ko == MORPH and kd == MORPH:
            kk = ATTACK if self.rules.double_morph == "attack0" else NEGOTIATE
            ko = kd = kk
            vo = vd = 0
        elif ko == MORPH:
            ko, vo = kd, vd
        elif kd == MORPH:
            kd, vd = ko, vo
        # artifact: Emotion Control, revealed attacks count as negotiates
        if ("emotion",) in self.eflags:
            if ko == ATTACK:
                ko = NEGOTIATE
            if kd == ATTACK:
                kd = NEGOTIATE
        kinds = [ko, kd]
        values = [vo, vd]
        for seat, fn in self._hook("card"):
            fn(self, seat, kinds, values)
        for side in (OFF, DEF):
            for key in (("flag", self.main(side), "attack15"),):
                if key in self.eflags and kinds[side] == NEGOTIATE and kinds[1 - side] == ATTACK:
                    kinds[side], values[side] = ATTACK, 15
        self.kinds = (kinds[0], kinds[1])
        self.values = (values[0] + self.bonus[0], values[1] + self.bonus[1])
        tot = [self._side_total(OFF), self._side_total(DEF)]
        for seat, fn in self._hook("totals"):
            fn(self, seat, tot)
        self.totals = (tot[0], tot[1])

    def side_ships(self, side: int) -> int:
        """Ships counted for a side's total (Macron's count 4)."""
        n = self.n
        if side == OFF:
            return sum(self.gate[s] * self._ship_value(s, "total") for s in [self.offense] + self.allies[OFF])
        d = self.defender
        tot = self.ships[self.target * n + d] * self._ship_value(d, "total") if self.target >= 0 else 0
        return tot + sum(self.side[s] * self._ship_value(s, "total") for s in self.allies[DEF])

    def _side_total(self, side: int) -> int:
        # rulebook: card value plus the ships of the side (allies included)
        tot = self.values[side] + self.side_ships(side) + self.reinf[side]
        for seat, fn in self._hook("total_bonus"):
            if self.side_of(seat) == side:
                tot += fn(self, seat)
        return tot

    def _compute_outcome(self) -> None:
        self._compute_cards()
        n = self.n
        self.main_ships = (self.gate[self.offense], self.ships[self.target * n + self.defender])
        ko, kd = self.kinds
        to, td = self.totals
        comp = -1
        if ("cancel",) in self.eflags:
            # Oracle's super flare: the encounter is cancelled and counts as a deal
            self.outcome = "cancelled"
            return
        if ("both_lose",) in self.eflags:
            # Loser's wild flare: both sides lose
            self.outcome = "both lose"
            return
        if ko == ATTACK and kd == ATTACK:
            # rulebook: the higher total wins; ties go to the defense
            win = OFF if to > td else DEF
        elif ko == ATTACK:
            # rulebook: a negotiate loses to an attack, and takes compensation
            win, comp = OFF, DEF
        elif kd == ATTACK:
            win, comp = DEF, OFF
        else:
            # rulebook: two negotiates, a deal is tried
            self.outcome = "deal"
            return
        res = [win, comp]
        for seat, fn in self._hook("outcome"):
            fn(self, seat, res)
        for seat, ps in enumerate(self.power_sets):
            for p in ps:
                # a power that acts when it is zapped (Human): Cosmic Zap cancelled it this
                # encounter, it would work otherwise, and its role fits
                if ("zapped" in p.hooks and ("zap", seat) in self.eflags
                        and not self.power_lost(seat) and self._role_ok(seat, p.roles)):
                    p.hooks["zapped"](self, seat, res)
        if any(k[0] == "upset" for k in self.eflags if isinstance(k, tuple) and k):
            # Loser: the side that would lose wins (no compensation for the new loser)
            res = [1 - res[0], -1]
        self.winner_side, self.comp_side = res
        self.outcome = SIDE_NAMES[res[0]]


# the steps of an encounter, in order: State._run calls the next one when no task waits
_FLOW: list[Callable[[State], None]] = [
    EncounterMixin._s_turn_start,
    EncounterMixin._s_enc_start,
    EncounterMixin._s_regroup_window,
    EncounterMixin._s_regroup,
    EncounterMixin._s_destiny,
    EncounterMixin._s_destiny_window,
    EncounterMixin._s_launch,
    EncounterMixin._s_launch_window,
    EncounterMixin._s_launched,
    EncounterMixin._s_alliance_window,
    EncounterMixin._s_alliance,
    EncounterMixin._s_alliance_end_window,
    EncounterMixin._s_alliance_end,
    EncounterMixin._s_planning_window,
    EncounterMixin._s_planning,
    EncounterMixin._s_after_selection_window,
    EncounterMixin._s_reveal,
    EncounterMixin._s_reveal_window,
    EncounterMixin._s_reinforce,
    EncounterMixin._s_outcome,
    EncounterMixin._s_resolution_window,
    EncounterMixin._s_final_outcome,
    EncounterMixin._s_resolve,
    EncounterMixin._s_cleanup_window,
    EncounterMixin._s_enc_end,
]
IDX_TURN_START = 0
IDX_ENC_START = 1
IDX_DESTINY = _FLOW.index(EncounterMixin._s_destiny)
IDX_ENC_END = _FLOW.index(EncounterMixin._s_enc_end)
