"""Deals and compensation.

Two negotiates make the main players deal: proposals, acceptance, counters (task
``deal``), then each giver chooses the cards it gives (task ``give``) and the cards change
hands at once. A negotiate that loses to an attack takes compensation: random cards of
the winner's hand. What an accepted or failed deal does to ships and colonies is part of
the resolution phase (:mod:`.encounter`, ``_s_resolve``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .actions import ACCEPT, REJECT, Action, _A
from .components import DEF, OFF


#: the proposal lists of the deal positions met lately (key: the colours, the hand sizes
#: and the colonies each side may grant), least recently used first. Bounded by the
#: proposals it holds, not by its keys (issue 22): one key holds up to thousands of
#: proposals (~150 bytes each; up to 7,839 in random play, any number of cards each way),
#: and the earlier bound of 2,000 keys let one process playing random games grow from 21
#: to 136 MB of RSS in 170 games (780,000 proposals cached) before it cleared; with this
#: bound, 400 games end at 27 MB. A deal asks for the same list once per proposal round,
#: so the latest few lists are all that is reused.
_PROPOSALS: OrderedDict[tuple, list] = OrderedDict()
#: at most this many proposals in all (~3 MB); a single list larger than that is kept alone
_PROPOSALS_MAX = 20_000
_PROPOSALS_LOCK = threading.Lock()
_proposals_held = 0  # the proposals _PROPOSALS holds now


def _remember_proposals(key: tuple, out: list) -> None:
    """Keep ``out`` as the proposals of ``key``, then forget the least recently used lists
    until at most :data:`_PROPOSALS_MAX` proposals are kept (or only ``key``'s)."""
    global _proposals_held
    with _PROPOSALS_LOCK:
        old = _PROPOSALS.pop(key, None)
        _proposals_held += len(out) - (len(old) if old is not None else 0)
        _PROPOSALS[key] = out
        while _proposals_held > _PROPOSALS_MAX and len(_PROPOSALS) > 1:
            _proposals_held -= len(_PROPOSALS.popitem(last=False)[1])


class DealsMixin:
    """State's deals (tasks ``deal`` and ``give``), card exchanges and compensation."""

    # --- deal: proposals, acceptance, counters
    def _proposals(self) -> list[Action]:
        off, d = self.offense, self.defender
        # REFERENCE: any number of cards (Rules.deal_max_cards may cap it)
        mx = self.rules.deal_max_cards
        ho, hd = min(mx, len(self.hands[off])), min(mx, len(self.hands[d]))
        pn = self.pname
        # REFERENCE: a colony on a planet where the granting side has one
        po: tuple = (None,)
        if self._sources(off):
            po += tuple(pn[p] for p in self.colonies(d) if not self.colony(off, p))
        pd: tuple = (None,)
        if self._sources(d):
            pd += tuple(pn[p] for p in self.colonies(off) if not self.colony(d, p))
        # Zombie: "you may free any player's ships from the warp as part of a deal"; a
        # term frees all of the other main player's ships there (ovnilab reading)
        fr: tuple = (None,)
        if not self.rules.before_issue_13:
            for z, _ in self._hook("deal_frees"):
                o = self.opponent(z)
                if o >= 0 and self.warp[o]:
                    fr = (None, (self.colours[z], self.colours[o]))
                    break
        key = (self.colours[off], self.colours[d], ho, hd, po, pd, fr)
        with _PROPOSALS_LOCK:
            out = _PROPOSALS.get(key)
            if out is not None:
                _PROPOSALS.move_to_end(key)
        if out is None:
            oc, dc = key[0], key[1]
            new = tuple.__new__
            out = []
            for a in range(ho + 1):
                for x in po:
                    ox = (oc, a, x)
                    for b in range(hd + 1):
                        for y in pd:
                            for f in fr:
                                # REFERENCE: at least one card or colony changes hands (or,
                                # with the Zombie, ships leave the warp)
                                if a or b or x or y or f:
                                    out.append(new(Action, ("propose", ox, (dc, b, y), f)))
            _remember_proposals(key, out)
        return list(out)

    def _r_deal(self, t: tuple) -> bool:
        self.stage = "deal"
        self.actor = t[1]
        return True

    def _o_deal(self, t: tuple) -> list[Action]:
        _, s, made = t
        if self.deal_offer is None:
            return self._proposals() + [REJECT]
        out = [ACCEPT, REJECT]
        if made < self.rules.deal_rounds:
            out += self._proposals()
        return out

    def _h_deal(self, t: tuple, a: Action) -> None:
        _, s, made = t
        if a.kind == "accept":
            prop = self.deal_offer[1]  # type: ignore[index]
            self.deal_terms = (prop.a, prop.b)
            if prop.c:
                self.eflags.add(("deal_frees", self.cindex[prop.c[1]]))
            self.outcome = "deal_made"
            self._pop()
        elif a.kind == "reject":
            self.outcome = "deal_failed"
            self._pop()
        else:
            self.deal_offer = (s, a)
            self._set(("deal", self.opponent(s), made + 1))

    # --- give: a main player chooses the cards it gives in an accepted deal
    def _give_options(self, t: tuple) -> list[Action]:
        _, s, side, k = t
        picked = list(self.deal_picks[side])
        nm = self.t.name
        names = []
        for c in self.hands[s]:
            if c in picked:
                picked.remove(c)
            else:
                names.append(nm[c])
        return [_A("give", x) for x in sorted(set(names))]

    def _r_give(self, t: tuple) -> bool:
        self.stage = "deal"
        opts = self._give_options(t)
        if len(opts) == 1 and self.rules.ask_holders_only:
            # cards of a single kind left: which one is not a choice (by default it is
            # asked all the same: a give made for the player would tell its hand)
            self._h_give(t, opts[0])
            return False
        self.actor = t[1]
        return True

    def _o_give(self, t: tuple) -> list[Action]:
        return self._give_options(t)

    def _h_give(self, t: tuple, a: Action) -> None:
        _, s, side, k = t
        picked = self.deal_picks[side]
        c = next(c for c in self.hands[s] if self.t.name[c] == a.a and c not in picked)
        self.deal_picks[side] = picked + (c,)
        if k > 1:
            self._set(("give", s, side, k - 1))
        else:
            self._pop()

    # --- the cards change hands: an accepted deal, compensation
    def _deal_exchange(self) -> None:
        """The cards both sides chose to give change hands at once."""
        for side in (OFF, DEF):
            giver, receiver = self.main(side), self.main(1 - side)
            if self.deal_picks[side]:
                self._forget_shown(giver)  # only the two main players see which cards went
            for c in self.deal_picks[side]:
                self.hands[giver].remove(c)
                self.hands[receiver].append(c)
        self.deal_picks = [(), ()]

    def _give_random(self, giver: int, receiver: int, k: int, protect: bool = False) -> None:
        """``k`` cards at random from ``giver``'s hand (without the cards Miser's wild
        flare protects, when ``protect``)."""
        hand = self.hands[giver]
        if not hand or k <= 0:
            return
        pool = [c for c in hand if not (protect and ("protect", giver, c) in self.eflags)]
        self._forget_shown(giver)  # nobody else sees which cards went
        rng = self.chance()
        for _ in range(min(k, len(pool))):
            c = pool.pop(rng.randrange(len(pool)))
            hand.remove(c)
            self.hands[receiver].append(c)

    def _compensate(self, receiver: int, giver: int, k: int) -> None:
        """REFERENCE: compensation, ``k`` random cards from ``giver``'s hand."""
        if ("flag", receiver, "double_comp") in self.eflags:
            k *= 2  # Clone's super flare
        for seat, fn in self._hook("compensation"):
            if fn(self, seat, receiver, giver, k):
                return
        if ("flag", giver, "no_compensation") in self.eflags:
            return
        had = len(self.hands[receiver])
        self._give_random(giver, receiver, k, protect=True)
        self._note_received(receiver, len(self.hands[receiver]) - had)

    def _note_received(self, seat: int, k: int) -> None:
        """``seat`` received ``k`` cards as compensation or rewards this encounter (a public
        count: Barbarian's wild flare discards up to that many)."""
        if k > 0:
            old = next((x for x in self.eflags if x[0] == "received" and x[1] == seat), None)
            if old is not None:
                self.eflags.discard(old)
            self.eflags.add(("received", seat, k + (old[2] if old else 0)))

    def received(self, seat: int) -> int:
        """Cards ``seat`` received as compensation or rewards this encounter."""
        return next((x[2] for x in self.eflags if x[0] == "received" and x[1] == seat), 0)
