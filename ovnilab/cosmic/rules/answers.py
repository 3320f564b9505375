"""Windows and answer rounds.

A window is a point of the encounter where artifacts, flares and optional powers are
offered: every player from the offense clockwise who holds something playable there is
asked, and plays or passes. A play opens a round of answers before it takes effect (task
``effect``): Card Zap, or Filch's wild flare, against a flare or an artifact; Cosmic Zap
against the use of a power.
"""

from __future__ import annotations

from ..aliens import POWERS
from ..data import ARTIFACT, FLARE, NEGOTIATE
from .actions import PASS, Action, _A


class AnswersMixin:
    """State's windows, answer rounds (Card Zap, Cosmic Zap, Filch) and effects."""

    # --- window: artifacts, flares and optional powers of one timing
    def _window_plays(self, seat: int, timing: str) -> list[Action]:
        T = self.t
        out: list[Action] = []
        spec, nm, kd = T.special, T.name, T.kind
        for pile, mark in self._piles(seat):
            seen: set[str] = set()
            for c in pile:
                if spec[c] and nm[c] not in seen:
                    seen.add(nm[c])
                    if kd[c] != ARTIFACT:
                        out.extend(self._flare_plays(seat, T.alien[c], timing))
                    elif mark is None:
                        out.extend(self._artifact_plays(seat, nm[c], timing))
                    else:
                        out.extend(_A(x.kind, x.a, x.b, mark) for x in self._artifact_plays(seat, nm[c], timing))
        p = self.powers[seat]
        if (p is not None and p.optional and p.use is not None and p.timing == timing
                and ("used", seat) not in self.eflags
                and self._power_on(seat) and self._role_ok(seat, p.roles) and p.can_use(self, seat)):
            if p.args is None:
                out.append(_A("power", p.name, None))
            else:
                out.extend(_A("power", p.name, x) for x in p.args(self, seat))
        return out

    def _r_window(self, t: tuple) -> bool:
        _, timing, order, idx = t
        hands, spec, powers = self.hands, self.t.special, self.powers
        tims = self.t.timings
        while idx < len(order):
            seat = order[idx]
            p = powers[seat]
            maybe = p is not None and p.optional and p.use is not None and p.timing == timing
            if not maybe:
                for c in hands[seat]:
                    if spec[c] and timing in tims[c]:
                        maybe = True
                        break
                else:
                    maybe = bool(self.hoard[seat]) and any(spec[c] and timing in tims[c] for c in self.hoard[seat])
            if maybe and self._window_plays(seat, timing):
                if idx != t[3]:
                    self._set(("window", timing, order, idx))
                self.actor = seat
                return True
            idx += 1
        self._pop()
        return False

    def _o_window(self, t: tuple) -> list[Action]:
        return self._window_plays(t[2][t[3]], t[1]) + [PASS]

    def _h_window(self, t: tuple, a: Action) -> None:
        _, timing, order, idx = t
        seat = order[idx]
        if a.kind == "pass":
            self._set(("window", timing, order, idx + 1))
            return
        self._play(seat, a)

    def _play(self, seat: int, a: Action) -> None:
        """A player plays a power, an artifact or a flare in a window."""
        if a.kind == "power":
            # REFERENCE: Cosmic Zap cancels one use of a power: the other players may
            # answer the use before it takes effect
            self.eflags.add(("used", seat))
            self._push(*self._zap_tasks(seat, "power"), ("effect", seat, "power", a.a, a.b, None))
            return
        if a.kind == "play":
            c = self._take_card(seat, a.a, from_hoard=a.c == "hoard")
            self.table.append(c)
            eff = ("effect", seat, "artifact", c, a.b, None)
        else:
            # REFERENCE: one flare per player and each flare once per encounter
            self.eflags.add(("flare", seat))
            self.eflags.add(("flared", a.a))
            eff = ("effect", seat, "flare", a.a, a.b, a.c)
        self._push(*self._zap_tasks(seat, "card"), eff)

    # --- answers: the round a play opens before it takes effect
    def _zap_tasks(self, seat: int, what: str) -> list[tuple]:
        """The reply round to ``seat`` playing a card (``what="card"``: a flare or an
        artifact) or using its power (``"power"``)."""
        holders = tuple(s for s in self.order_from(max(self.offense, 0))
                        if s != seat and self._responses(s, seat, what))
        return [("zap", seat, holders, 0, what)] if holders else []

    def _responses(self, s: int, seat: int, what: str) -> list[Action]:
        """What ``s`` may play in reply to ``seat``'s flare or artifact (Card Zap, and
        Filch's wild flare: discard a negotiate to steal the card) or to ``seat``'s use of
        its power (Cosmic Zap)."""
        T = self.t
        nm, kd = T.name, T.kind
        out = []
        hand = self.hands[s]
        zap, target = ("Cosmic Zap", self.colours[seat]) if what == "power" else ("Card Zap", None)
        for pile, mark in self._piles(s):
            if any(nm[c] == zap for c in pile):
                out.append(_A("play", zap, target, mark))
        if what == "power":
            return out
        if (self.rules.flares and ("flare", s) not in self.eflags and ("flared", "Filch") not in self.eflags
                and any(T.alien[c] == "Filch" for pile, _ in self._piles(s) for c in pile)
                and any(kd[c] == NEGOTIATE for pile, _ in self._piles(s) for c in pile)
                and not (self.alien[s] == "Filch" and self._power_on(s)) and "Filch" in POWERS):
            out.append(_A("flare", "Filch", "wild", None))
        return out

    # --- zap: the other players may answer the flare or artifact just played
    def _r_zap(self, t: tuple) -> bool:
        _, seat, holders, idx, what = t
        while idx < len(holders):
            h = holders[idx]
            if self._responses(h, seat, what):
                if idx != t[3]:
                    self._set(("zap", seat, holders, idx, what))
                self.actor = h
                return True
            idx += 1
        self._pop()
        return False

    def _o_zap(self, t: tuple) -> list[Action]:
        return self._responses(t[2][t[3]], t[1], t[4]) + [PASS]

    def _h_zap(self, t: tuple, a: Action) -> None:
        _, seat, holders, idx, what = t
        if a.kind == "pass":
            self._set(("zap", seat, holders, idx + 1, what))
            return
        h = holders[idx]
        self._pop()
        if a.kind == "play":
            # Card Zap (or Cosmic Zap against a power's use) is an artifact played in
            # turn: the others may answer it (a Card Zap zaps a Card Zap) before it
            # cancels the effect waiting behind it
            c = self._take_card(h, a.a, from_hoard=a.c == "hoard")
            self.table.append(c)
            self._push(*self._zap_tasks(h, "card"), ("effect", h, "artifact", c, a.b, None))
            return
        eff = self.tasks.pop(0)  # the effect Filch steals
        # Filch's wild flare: discard a negotiate, steal the card as it is played
        self.eflags.add(("flare", h))
        self.eflags.add(("flared", "Filch"))
        in_hand = any(self.t.kind[c] == NEGOTIATE for c in self.hands[h])
        self._discard(self._take_card(h, "negotiate", from_hoard=not in_hand), h)
        if eff[2] == "artifact":
            self.table.remove(eff[3])
            self.hands[h].append(eff[3])
        else:
            pile = next(p for p in (self.hands[seat], self.hoard[seat])
                        if any(self.t.alien[c] == eff[3] and self.t.kind[c] == FLARE for c in p))
            card = next(c for c in pile if self.t.alien[c] == eff[3] and self.t.kind[c] == FLARE)
            pile.remove(card)
            self.hands[h].append(card)

    # --- effect: a played artifact or flare takes effect (unless Card Zapped)
    def _r_effect(self, t: tuple) -> bool:
        self._pop()
        _, seat, what, x, y, z = t
        if what == "artifact":
            self.table.remove(x)
            self._artifact_effect(seat, self.t.name[x], y)
            if ("flag", seat, "keep_artifact") in self.eflags:
                self.eflags.discard(("flag", seat, "keep_artifact"))
                self.hands[seat].append(x)
            else:
                self._discard(x, seat)
        elif what == "power":
            # a power used in a window (unless a Cosmic Zap answered it)
            if self._power_on(seat):
                self.powers[seat].use(self, seat, y)
        else:
            fl = getattr(POWERS[x], y)
            fl.use(self, seat, z)
        return False
