"""Windows and answer rounds.

A window is a point of the encounter where artifacts, flares and optional powers are
offered: every player from the offense clockwise who could play something there is
asked, and plays or passes. A play opens a round of answers before it takes effect (task
``effect``): Card Zap, or Filch's wild flare, against a flare or an artifact; Cosmic Zap
against the use of a power.

Who is asked (hidden information): by default every player who *could* act as far as the
others can tell: in a window, a player holding cards (any of them may be an artifact or
a flare of that timing, judged from the deck's artifacts, the aliens that may have a
flare in the game and the player's public role) or whose power may be used there; in an
answer round, every other player holding cards. So whose turn it is never tells what a
hand holds; a player with nothing to play answers ``pass`` (a bot at once).
``Rules(ask_holders_only=True)`` asks only the players who hold a playable card: fewer
decisions for batch simulation, but the order of play then tells what players hold (the
board never uses it).
"""

from __future__ import annotations

from typing import Any

from ..aliens import POWERS
from ..data import ARTIFACT, FLARE, NEGOTIATE
from .actions import PASS, Action, _A

#: (tables id, aliens, timing) -> (tables, artifact names, flare sides) a window of that
#: timing may see played (see ``_window_faces``); a handful of entries per deck
_FACES: dict[tuple, tuple] = {}


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
        for p in self._offered_powers(seat, timing):
            if p.args is None:
                out.append(_A("power", p.name, None))
            else:
                out.extend(_A("power", p.name, x) for x in p.args(self, seat))
        return out

    def _used_key(self, seat: int, alien: str) -> tuple:
        """The mark of ``seat``'s optional power ``alien`` used this encounter: its first
        power's is ``("used", seat)``, another one's (an incarnation) names the alien."""
        first = self.powers[seat]
        return ("used", seat) if first is None or first.name == alien else ("used", seat, alien)

    def _offered_powers(self, seat: int, timing: str) -> list:
        """``seat``'s optional powers that may be used in a window of ``timing`` (public:
        aliens, roles and home colonies are on the table)."""
        if not self.power_sets[seat] or not self._power_on(seat):
            return []
        return [p for p in self.power_sets[seat]
                if p.optional and p.use is not None and p.timing == timing
                and self._used_key(seat, p.name) not in self.eflags
                and self._role_ok(seat, p.roles) and p.can_use(self, seat)]

    def _power_offered(self, seat: int, timing: str) -> bool:
        """Whether one of ``seat``'s optional powers may be used in a window of ``timing``."""
        return bool(self._offered_powers(seat, timing))

    def _holds_cards(self, seat: int) -> bool:
        """Whether ``seat`` has cards it could play from (hand, or a playable hoard):
        their number is public, their faces are not."""
        return bool(self.hands[seat]) or (bool(self.hoard[seat]) and bool(self._hook_seat("hoard", seat)))

    def _window_faces(self, timing: str) -> tuple[tuple[str, ...], tuple[tuple[str, Any, Any], ...]]:
        """The artifacts of the deck and the flare sides (alien, wild, super) of the aliens
        that may have a flare in the game whose timing lets them be played in a window of
        ``timing``: what anybody may hold that fits this window, as far as the others know."""
        T = self.t
        aliens = self.alien_pool if all(a is None or a in self.alien_pool for a in self.alien) else tuple(
            sorted(set(self.alien_pool) | {a for a in self.alien if a}))
        key = (id(T), aliens, timing)
        hit = _FACES.get(key)
        if hit is not None and hit[0] is T:
            return hit[1], hit[2]
        arts = tuple(sorted({T.name[c] for c in self.cards_in_game[: self.g.deck_size] if T.kind[c] == ARTIFACT
                             and (self.g.artifacts[T.name[c]].timing == timing
                                  or (self.g.artifacts[T.name[c]].timing == "any" and timing != "cleanup"))}))
        flares = []
        for a in aliens:
            P = POWERS.get(a)
            if P is None:
                continue
            sides = [fl if fl is not None and fl.timing in (timing, "any") else None for fl in (P.wild, P.super)]
            if sides[0] is not None or sides[1] is not None:
                flares.append((a, sides[0], sides[1]))
        if len(_FACES) > 4096:
            _FACES.clear()
        _FACES[key] = (T, arts, tuple(flares))
        return arts, tuple(flares)

    def _may_play_in_window(self, seat: int, timing: str) -> bool:
        """Whether ``seat`` could play something in a window of ``timing`` as far as the
        other players can tell (its optional power, or a card it might hold): the seats
        a window asks by default. It includes every seat that does hold a play."""
        if self._power_offered(seat, timing):
            return True
        if not self._holds_cards(seat):
            return False
        arts, flares = self._window_faces(timing)
        for name in arts:
            if self._artifact_plays(seat, name, timing):
                return True
        if not self.rules.flares or ("flare", seat) in self.eflags:
            return False
        ef = self.eflags
        for alien, wild, sup in flares:
            if ("flared", alien) in ef:
                continue
            # REFERENCE: the owner plays the Super side while its power works, else the Wild
            fl = sup if (self.holds_power(seat, alien) and self._power_on(seat)) else wild
            if fl is not None and self._role_ok(seat, fl.roles):
                return True
        return False

    def _r_window(self, t: tuple) -> bool:
        _, timing, order, idx = t
        # by default every seat that could play by what the others see is asked, holder
        # or not; the fast option asks the holders only
        asked = self._holds_window_play if self.rules.ask_holders_only else self._may_play_in_window
        while idx < len(order):
            seat = order[idx]
            if asked(seat, timing):
                if idx != t[3]:
                    self._set(("window", timing, order, idx))
                self.actor = seat
                return True
            idx += 1
        self._pop()
        return False

    def _holds_window_play(self, seat: int, timing: str) -> bool:
        """Whether ``seat`` holds something it may play in a window of ``timing`` now
        (``Rules.ask_holders_only``: only these seats are asked)."""
        spec, tims = self.t.special, self.t.timings
        maybe = any(p.optional and p.use is not None and p.timing == timing for p in self.power_sets[seat])
        if not maybe:
            maybe = any(spec[c] and timing in tims[c] for c in self.hands[seat]) or (
                bool(self.hoard[seat]) and any(spec[c] and timing in tims[c] for c in self.hoard[seat]))
        return maybe and bool(self._window_plays(seat, timing))

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
            self.eflags.add(self._used_key(seat, a.a))
            self._push(*self._zap_tasks(seat, "power"), ("effect", seat, "power", a.a, a.b, None))
            return
        if a.kind == "play":
            c = self._take_card(seat, a.a, from_hoard=a.c == "hoard")
            self.table.append(c)
            eff = ("effect", seat, "artifact", c, a.b, None)
            what = "artifact"
        else:
            # REFERENCE: one flare per player and each flare once per encounter
            self.eflags.add(("flare", seat))
            self.eflags.add(("flared", a.a))
            eff = ("effect", seat, "flare", a.a, a.b, a.c)
            what = "card"
        self._push(*self._zap_tasks(seat, what), eff)

    def _zappable(self, seat: int, timing: str) -> bool:
        """Whether a Cosmic Zap played in a window of ``timing`` may target ``seat``'s power.

        REFERENCE: Cosmic Zap cancels a power when it is used. A power used by a decision
        is answered as it is used (the round ``_play`` opens), never in a window before;
        a power that acts by itself (its hooks: Zombie's ships, Macron's ships, Pacifist's
        negotiate, ...) is zapped when it takes effect: in the window of its timing (any
        window for a passive power) while its owner's role in the encounter lets it act,
        so neither a power nobody is using nor an uninvolved player's is a target.
        ``Rules(before_issue_13=True)`` (older saves) allows any active power in any
        window."""
        if not self._power_on(seat):
            return False
        if self.rules.before_issue_13:
            return True
        return any(bool(p.hooks) and (p.zap_timing or p.timing) in ("passive", timing)
                   and self._role_ok(seat, p.roles) for p in self.power_sets[seat])

    # --- answers: the round a play opens before it takes effect
    def _zap_tasks(self, seat: int, what: str) -> list[tuple]:
        """The reply round to ``seat`` playing a card (``what="card"``: a flare;
        ``"artifact"``: an artifact) or using its power (``"power"``)."""
        if self.rules.ask_holders_only:
            holders = tuple(s for s in self.order_from(max(self.offense, 0))
                            if s != seat and self._responses(s, seat, what))
        else:
            # any other player holding cards may hold a Card Zap (Cosmic Zap, Filch's
            # flare): each is asked, so the round does not tell who holds one
            holders = tuple(s for s in self.order_from(max(self.offense, 0)) if s != seat and self._holds_cards(s))
        return [("zap", seat, holders, 0, what)] if holders else []

    def _responses(self, s: int, seat: int, what: str) -> list[Action]:
        """What ``s`` may play in reply to ``seat``'s flare or artifact (Card Zap, and
        Filch's wild flare: discard a negotiate to steal the card; against an artifact,
        Void's wild flare: a ship of yours not in the encounter to the warp cancels it)
        or to ``seat``'s use of its power (Cosmic Zap)."""
        T = self.t
        nm, kd = T.name, T.kind
        out = []
        zap, target = ("Cosmic Zap", self.colours[seat]) if what == "power" else ("Card Zap", None)
        for pile, mark in self._piles(s):
            if any(nm[c] == zap for c in pile):
                out.append(_A("play", zap, target, mark))
        if what == "power":
            return out
        if what == "artifact" and self._void_wild_ok(s):
            out.append(_A("flare", "Void", "wild", None))
        if (self.rules.flares and ("flare", s) not in self.eflags and ("flared", "Filch") not in self.eflags
                and any(T.alien[c] == "Filch" for pile, _ in self._piles(s) for c in pile)
                and any(kd[c] == NEGOTIATE for pile, _ in self._piles(s) for c in pile)
                and not (self.holds_power(s, "Filch") and self._power_on(s)) and "Filch" in POWERS):
            out.append(_A("flare", "Filch", "wild", None))
        return out

    def _void_wild_ok(self, s: int) -> bool:
        """Whether ``s`` may answer an artifact with Void's wild flare (once per
        encounter, one flare per player; the Void itself plays its super side)."""
        return (self.rules.flares and "Void" in POWERS and ("flare", s) not in self.eflags
                and ("flared", "Void") not in self.eflags
                and not (self.alien[s] == "Void" and self._power_on(s))
                and any(self.t.alien[c] == "Void" for pile, _ in self._piles(s) for c in pile)
                and bool(self._outside_encounter(s)))

    def _outside_encounter(self, s: int) -> list[int]:
        """``s``'s colonies whose ships are not in the encounter (a defender's ships on
        the target planet are)."""
        return [p for p in self.colonies(s) if not (s == self.defender and p == self.target)]

    # --- zap: the other players may answer the flare or artifact just played
    def _r_zap(self, t: tuple) -> bool:
        _, seat, holders, idx, what = t
        public = not self.rules.ask_holders_only
        while idx < len(holders):
            h = holders[idx]
            if self._holds_cards(h) if public else self._responses(h, seat, what):
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
            self._push(*self._zap_tasks(h, "artifact"), ("effect", h, "artifact", c, a.b, None))
            return
        eff = self.tasks.pop(0)  # the effect Filch steals (or Void's wild flare cancels)
        if a.a == "Void":
            # Void's wild flare: one of its ships not in the encounter (from its colony
            # with the most ships) goes to the warp, and the artifact is discarded
            # without effect
            self.eflags.add(("flare", h))
            self.eflags.add(("flared", "Void"))
            src = max(self._outside_encounter(h), key=lambda p: self.ships[p * self.n + h])
            self._losing_ships(h)
            self.ships[src * self.n + h] -= 1
            self._warp_ships(h, [src])
            self.table.remove(eff[3])
            self._discard(eff[3], eff[1])
            return
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
            if self._power_on(seat) and self.holds_power(seat, x):
                POWERS[x].use(self, seat, y)
        else:
            # a flare may be cancelled as it takes effect (Anti-Matter's flares): it
            # counts as played and stays in its owner's hand
            if any(fn(self, s, seat, x, y) for s, fn in self._hook("flare_played")):
                return False
            fl = getattr(POWERS[x], y)
            fl.use(self, seat, z)
            if fl.hooks:
                # the side's hooks act for the rest of the encounter (State._hook)
                self.eflags.update((("fx",), ("fx", seat, x, y)))
                self._compute_cards()
        return False
