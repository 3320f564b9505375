"""A turn: the legal actions of each phase and how each action changes the state
(:class:`TurnMixin`), from the main action and the free build through the immediate
effects a placed or flipped card sets off to the end of the turn and of the game.

Readings of the rulebook here (each an option of :class:`~.state.Rules`):

* Hand limit: the two drawn cards are not "in your possession" until one is kept, so a
  hand of 2 may draw. A hand of 3 must build BEFORE drawing (``build_during_draw=False``);
  ``True`` lets a full hand draw and build after seeing the two cards, before keeping one.
* Effects: an immediate effect's choices are made by the owner of the card (the card acts
  "as if it had just been placed", i.e. by its owner), even during the other's turn.
* End: the game ends when a pyramid is completed (6 cards); the completing turn ends at
  once (after its effects and a pending keep). If the starting player completed it, the
  other plays one more turn (``last_turn=False`` drops that turn).

Rules ovnilab adds (the rulebook is silent)
-------------------------------------------
* Flip chains: within one chain (all that follows one placement), a card that was placed
  or flipped in the chain cannot be flipped again, so a chain flips at most 11 cards.
  ``max_chain_flips=k`` caps chains further (0 = no cap).
* Termination: players could flip cards in hand forever. A turn with neither a draw nor a
  build makes no progress; after ``stall_limit`` consecutive such turns (default 12, six
  each) the game ends and is scored as it stands. Draws (at most 9) and builds (at most
  11) bound the rest, so every game terminates (``stall_limit`` is 1 to 100).
* No deadlock: with 18 cards, while no pyramid is complete, hands (<= 6) and pyramids
  (<= 11) hold at most 17 cards, so the deck or the Celeiro always has one; a full hand can
  always build (a pyramid that is not complete always has an open slot); a hand with a card
  can always flip. ``pass`` covers hand-edited smaller sets.
"""

from __future__ import annotations

from ..data import Effect
from .actions import DRAW, END_TURN, PASS, SKIP, Action
from .components import AFTER, EFFECT, KEEP, MAIN, OVER
from .pyramid import FULL

class TurnMixin:
    """State's turn: the legal actions of each phase and how each kind of action changes
    the state (the effects it sets off included)."""

    # ----------------------------------------------------------- legal actions
    def _main_actions(self, out: list[Action]) -> None:
        """The three main actions of the rulebook (draw, take from the Celeiro, flip)."""
        t = self._t
        fo = t.face_of
        up = self.up
        p = self.turn
        h = self.hand[p]
        n = len(h)
        room = n < self.rules.hand_limit
        # rulebook action 1: draw 2 from the bottom of the deck (a hand of 3 builds first)
        if self.deck and (room or (self.rules.build_during_draw and not self.built)):
            out.append(DRAW)
        # rulebook action 2: take the visible top card of a Celeiro
        if room:
            for a, pile in enumerate(self.cel):
                if pile:
                    c = pile[-1]
                    out.append(t.take[a][fo[2 * c + up[c]]])
        # rulebook action 3: flip one card in your possession
        for i, c in enumerate(h):
            out.append(t.flip[i][fo[2 * c + up[c]]])

    def _builds(self, out: list[Action]) -> None:
        """Rulebook free action: place one card of your hand in your pyramid."""
        p = self.turn
        h = self.hand[p]
        if self.built or not h:
            return
        t = self._t
        table = t.builds_at[self.rules.support]
        fo = t.face_of
        up = self.up
        m = self.mask[p]
        for i, c in enumerate(h):
            out.extend(table[i][fo[2 * c + up[c]]][m])

    def _legal(self) -> list[Action]:
        ph = self.phase
        out: list[Action] = []
        if ph == MAIN:
            self._main_actions(out)
            if not out:
                out.append(PASS)  # no main action exists at all (see module docstring)
            else:
                self._builds(out)
            return out
        if ph == AFTER:
            self._builds(out)
            out.append(END_TURN)
            return out
        if ph == KEEP:
            if len(self.hand[self.turn]) < self.rules.hand_limit:
                t = self._t
                fo = t.face_of
                up = self.up
                c1, c2 = self.drawn
                f1, f2 = fo[2 * c1 + up[c1]], fo[2 * c2 + up[c2]]
                # rulebook: with 2 discard areas the player chooses which
                for a in range(1, self.areas + 1):
                    out.append(t.keep(1, f1, f2, a))
                for a in range(1, self.areas + 1):
                    out.append(t.keep(2, f2, f1, a))
            # rulebook: the free build comes "a qualquer momento durante sua rodada", so also
            # before keeping (a full hand reaches this only with build_during_draw)
            self._builds(out)
            return out
        if ph == EFFECT:
            owner, _card, eff = self.stack[-1]
            out.extend(self._fx_targets(owner, eff))
            if eff.optional:
                out.append(SKIP)
            return out
        return out

    def _fx_targets(self, owner: int, eff: Effect) -> list[Action]:
        """Cards a flip effect of ``owner`` may turn over (own pyramid first)."""
        out = []
        t = self._t
        fo = t.face_of
        up = self.up
        sym = eff.symbol
        touched = self.touched
        seats = ((owner, "own"), (1 - owner, "opponent"))
        for seat, rel in seats:
            if eff.target != "any" and eff.target != rel:
                continue
            for s, c in enumerate(self.pyr[seat]):
                # ovnilab chain rule: a card placed or flipped in this chain stays put
                if c < 0 or touched >> c & 1:
                    continue
                f = fo[2 * c + up[c]]
                if sym >= 0 and not t.symbols[f][sym]:
                    continue
                out.append(t.fx[(rel, s, f)])
        return out

    # ------------------------------------------------------------------ apply
    def _do(self, a: Action) -> None:
        k = a.kind
        p = self.current_player
        self.last_seat = p
        if k == "build":
            self._build(p, a.a - 1, a.c)
        elif k == "flip":
            # rulebook action 3: flip a card in hand; both sides are now seen by all
            c = self.hand[p][a.a - 1]
            self.up[c] ^= 1
            self.seen[c] = 3
            self.main_done = True
        elif k == "draw":
            # rulebook action 1: two cards from the bottom, revealed, orientation kept
            d = self.deck
            self.drawn = [d.pop(), d.pop()]
            self.main_done = True
            self.drew = True
        elif k == "keep":
            # rulebook: keep one, the other goes to the (chosen) Celeiro
            c1, c2 = self.drawn
            keep, disc = (c1, c2) if a.a == 1 else (c2, c1)
            self.hand[p].append(keep)
            self.cel[a.d - 1].append(disc)
            self.drawn = []
        elif k == "take":
            # rulebook action 2: the visible top card of a Celeiro
            self.hand[p].append(self.cel[a.a - 1].pop())
            self.main_done = True
        elif k == "fx":
            self._resolve_flip(a)
        elif k == "skip":
            self.stack.pop()
            self._run_stack()
        elif k == "end":
            self._end_turn()
            return
        elif k == "pass":
            self.main_done = True
        self._continue()

    def _build(self, p: int, i: int, slot: int) -> None:
        """Rulebook free action (once per turn): a hand card into the pyramid; its
        immediate effects fire."""
        c = self.hand[p].pop(i)
        self.pyr[p][slot] = c
        self.mask[p] |= 1 << slot
        self.built += 1
        # a new chain starts with this card
        self.touched = 1 << c
        self.chain_flips = 0
        self._push_effects(p, c)
        self._run_stack()

    def _push_effects(self, owner: int, c: int) -> None:
        fx = self._t.immediate[self._t.face_of[2 * c + self.up[c]]]
        for e in reversed(fx):  # the first printed effect resolves first
            self.stack.append((owner, c, e))

    def _run_stack(self) -> None:
        """Resolve pending immediate effects until one needs a choice (phase EFFECT)."""
        stack = self.stack
        cap = self.rules.max_chain_flips
        while stack:
            owner, _c, eff = stack[-1]
            if eff.type == "peek":
                # effect: the owner looks at the backs of the cards in their hand
                stack.pop()
                bit = 1 << owner
                for c in self.hand[owner]:
                    self.seen[c] |= bit
                continue
            # flip: wait for the owner's choice unless nothing can be flipped
            if (cap and self.chain_flips >= cap) or not self._fx_targets(owner, eff):
                stack.pop()
                continue
            self.phase = EFFECT
            return
        if self.phase == EFFECT:
            self.phase = MAIN  # _continue sets the real phase

    def _resolve_flip(self, a: Action) -> None:
        owner = self.stack.pop()[0]
        seat = owner if a.a == "own" else 1 - owner
        c = self.pyr[seat][a.b]
        # rulebook: a card flipped in a pyramid shows its other side, and any immediate
        # effect of that side fires as if the card had just been placed (by its owner)
        self.up[c] ^= 1
        self.seen[c] = 3
        self.touched |= 1 << c
        self.chain_flips += 1
        self._push_effects(seat, c)
        self._run_stack()

    def _continue(self) -> None:
        """Choose the next decision point of the turn (or end it)."""
        if self.stack and self.phase == EFFECT:
            return
        p = self.turn
        if self.drawn:
            self.phase = KEEP
            return
        if self.mask[p] == FULL:
            # rulebook: completing the pyramid ends the game (after this turn)
            self._end_turn()
            return
        if not self.main_done:
            self.phase = MAIN
            return
        if not self.built and self.hand[p]:
            self.phase = AFTER
            return
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.turn
        r = self.rules
        # ovnilab termination rule: count turns without a draw or a build
        self.stall = 0 if (self.drew or self.built) else self.stall + 1
        if self.mask[p] == FULL:
            # rulebook: if the starting player completed it, the other plays once more
            if p == self.starter and r.last_turn and not self.final:
                self.final = True
            else:
                self._game_over()
                return
        elif self.final:
            self._game_over()  # the extra turn is over
            return
        elif r.stall_limit and self.stall >= r.stall_limit:
            self._game_over()
            return
        self.turn = 1 - p
        self.turns += 1
        self.main_done = False
        self.built = 0
        self.drew = False
        self.phase = MAIN

    def _game_over(self) -> None:
        self.over = True
        self.phase = OVER
