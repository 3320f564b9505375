"""Cards: hands, drawing and discarding; artifacts (when each may be played and what it
does) and flares (which side may be played, and when); Plague's discards;
reinforcements.

Encounter cards are selected in the planning phase (:mod:`.decisions`, task ``select``)
and valued once revealed in :mod:`.encounter`; the windows where artifacts and flares
are offered, and Card Zap, are in :mod:`.answers`.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..aliens import POWERS
from ..data import ARTIFACT, ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from .actions import PASS, Action, _A
from .components import DEF, OFF, SIDE_NAMES, _subsets


#: the card types a Plague's victim discards one of each, in this order
_PLAGUE_KINDS = (ATTACK, NEGOTIATE, MORPH, REINFORCEMENT, ARTIFACT, FLARE)


class CardsMixin:
    """State's card handling, artifacts, flares, Plague and reinforcements."""

    # ------------------------------------------------------------- cards
    def has_encounter_card(self, seat: int) -> bool:
        """Whether ``seat`` can select an encounter card (hand, or Miser's hoard)."""
        ie = self.t.is_enc
        for c in self.hands[seat]:
            if ie[c]:
                return True
        if self.hoard[seat] and self._hook_seat("hoard", seat):
            return any(ie[c] for c in self.hoard[seat])
        return False

    def _flare_pile(self, seat: int, alien: str, hoard: bool = False) -> tuple[list[int], int] | None:
        """``(pile, card)``: ``alien``'s flare in ``seat``'s hand (or, with ``hoard``, in
        Miser's hoard after it), or ``None`` when ``seat`` does not hold it: how every
        power finds a given flare to set aside while it acts, discard, hand on or protect
        (``aliens.base._without_flare`` filters a list of cards the same way)."""
        fk, fa = self.t.kind, self.t.alien
        for pile in (self.hands[seat], self.hoard[seat]) if hoard else (self.hands[seat],):
            for c in pile:
                if fk[c] == FLARE and fa[c] == alien:
                    return pile, c
        return None

    def _piles(self, seat: int) -> tuple[tuple[list[int], Any], ...]:
        """Where ``seat`` may play cards from: its hand, and Miser's hoard while the
        power works (the hoard is played from as though it were the hand), each with
        the marker its actions carry (None, "hoard")."""
        if self.hoard[seat] and self._hook_seat("hoard", seat):
            return ((self.hands[seat], None), (self.hoard[seat], "hoard"))
        return ((self.hands[seat], None),)

    def _draw(self, seat: int, k: int, into: list[int] | None = None) -> list[int]:
        """Draw ``k`` cards from the cosmic deck (reshuffling the discards when it runs
        out; fewer when both are empty). Returns the cards drawn."""
        hand = self.hands[seat] if into is None else into
        got = []
        reshuffled = False
        for _ in range(k):
            if not self.deck:
                # rulebook practice: the discard pile is reshuffled into a new deck
                if not self.discard:
                    break
                self._note_flares(-1, self.discard)  # the pile was face up: its flares are known
                if self.shown:  # and its cards are in no hand any more
                    self.shown = tuple(x for x in self.shown if x[0] not in self.discard)
                self.deck = self.discard
                self.discard = []
                self.chance().shuffle(self.deck)
                reshuffled = True
            c = self.deck.pop()
            hand.append(c)
            got.append(c)
        fk = self.t.kind
        for c in got:
            if fk[c] == FLARE:  # Chosen draws face up onto the table; other draws are private
                self._note_flares(-1 if into is self.table else seat, got)
                break
        if got and self.stage != "setup":
            # powers that react to another player's draw from the deck (Remora)
            for s, fn in self._hook("drew"):
                fn(self, s, seat)
            # ... and that see which cards were drawn (Mind's wild flare)
            for s, fn in self._hook("drew_cards"):
                fn(self, s, seat, got)
        if reshuffled:
            # powers and flares that act when a new cosmic deck is made (Tick-Tock's wild)
            for s, fn in self._hook("reshuffled"):
                fn(self, s)
        return got

    def _discard(self, card: int, by: int = -1) -> None:
        """A card goes to the discard pile, unless a power takes it (Vulch)."""
        for seat, fn in self._hook("discard"):
            if seat != by and fn(self, seat, card, by):
                return
        self.discard.append(card)

    def _new_hand(self, seat: int) -> bool:
        """Rulebook: reveal and discard the hand, draw a new hand of eight; again (at most
        three times) while it holds no encounter card. Returns whether it now has one."""
        ie = self.t.is_enc
        for _ in range(3):
            old = self.hands[seat]
            # Miser's wild flare protects some cards from new hands
            kept = [c for c in old if ("protect", seat, c) in self.eflags]
            self.hands[seat] = kept
            for c in old:
                if c not in kept:
                    self._discard(c, seat)
            self._draw(seat, self.rules.hand_size - len(kept))
            if any(ie[c] for c in self.hands[seat]):
                return True
        return False

    def _take_card(self, seat: int, name: str, from_hoard: bool = False) -> int:
        """Remove one card of face ``name`` from ``seat``'s hand (or hoard); its id."""
        return self._take_from(self.hoard[seat] if from_hoard else self.hands[seat], name)

    def _deal_named(self, hands: Mapping[int, Sequence[str]],
                    hoards: Mapping[int, Sequence[str]] | None = None) -> list[int]:
        """Set up cards by name (encounter studies, lessons, tests): every card leaves the
        hands, hoards, discard pile, table, citadels and encounter; each seat in ``hands`` (and
        ``hoards``) gets the named cards, in that order. Returns the game's other cards
        in id order, for the caller to arrange into the deck."""
        pool = sorted(self.cards_in_game)
        self.hands = [[] for _ in range(self.n)]
        self.hoard = [[] for _ in range(self.n)]
        self.discard, self.table, self.card = [], [], [-1, -1]
        self.citadels = [[] for _ in self.citadels]
        for piles, named in ((self.hands, hands), (self.hoard, hoards or {})):
            for seat, names in named.items():
                for x in names:
                    try:
                        piles[seat].append(self._take_from(pool, x))
                    except KeyError:
                        raise ValueError(f"no card {x!r} left in the deck for the hands") from None
        return pool

    def _take_from(self, pile: list[int], name: str) -> int:
        """Remove the first card of face ``name`` from ``pile`` (a hand, a hoard); its id."""
        nm = self.t.name
        for i, c in enumerate(pile):
            if nm[c] == name:
                del pile[i]
                return c
        raise KeyError(name)

    def hand_names(self, seat: int) -> list[str]:
        """The names of the cards in ``seat``'s hand, sorted (what its observation shows)."""
        nm = self.t.name
        return sorted(nm[c] for c in self.hands[seat])

    # --- artifacts and flares: when each may be played (a window asks), what an artifact does
    def _artifact_plays(self, seat: int, name: str, timing: str) -> list[Action]:
        info = self.g.artifacts[name]
        if info.timing != timing and not (info.timing == "any" and timing != "cleanup"):
            return []
        if info.who == "offense" and seat != self.offense:
            return []
        col = self.colours
        if name == "Mobius Tubes":
            return [_A("play", name)] if any(self.warp) else []
        if name == "Plague":
            return [_A("play", name, col[s]) for s in self.order_from(seat)[1:]]
        if name == "Force Field":
            allies = sorted(s for s in self.allies[OFF] + self.allies[DEF] if self.gate[s] or self.side[s])
            return [_A("play", name, "+".join(col[s] for s in sub)) for sub in _subsets(allies) if sub]
        if name == "Emotion Control":
            if self.revealed and ATTACK in self.kinds and ("emotion",) not in self.eflags:
                return [_A("play", name)]
            return []
        if name == "Ionic Gas":
            if self.outcome in ("offense", "defense") and ("ionic",) not in self.eflags:
                return [_A("play", name)]
            return []
        if name == "Quash":
            return [_A("play", name)] if self.outcome == "deal_made" else []
        if name == "Cosmic Zap":
            # issue 13: in a window, only against a power that acts by itself, where it
            # takes effect (see _zappable); a power's use is answered in its own round
            return [_A("play", name, col[s]) for s in self.order_from(self.offense) if self._zappable(s, timing)]
        return []

    def _flare_plays(self, seat: int, alien: str, timing: str) -> list[Action]:
        if ("flare", seat) in self.eflags or ("flared", alien) in self.eflags:
            return []
        P = POWERS.get(alien)
        if P is None:
            return []
        # REFERENCE: the owner plays the Super side while its power works, else the Wild
        side = "super" if (self.holds_power(seat, alien) and self._power_on(seat)) else "wild"
        fl = P.super if side == "super" else P.wild
        if fl is None or (fl.timing != timing and fl.timing != "any") or not self._role_ok(seat, fl.roles):
            return []
        if not fl.can_use(self, seat):
            return []
        if fl.args is None:
            return [_A("flare", alien, side, None)]
        return [_A("flare", alien, side, x) for x in fl.args(self, seat)]

    def _artifact_effect(self, seat: int, name: str, target: str | None) -> None:
        """What each artifact does (artifacts.toml)."""
        ci = self.cindex
        if name == "Mobius Tubes":
            # every ship in the warp returns to its owner's colonies
            self._push(*[("place", s, self.warp[s]) for s in self.order_from(self.offense) if self.warp[s]])
        elif name == "Plague":
            v = ci[target]  # type: ignore[index]
            # REFERENCE: the victim loses three ships to the warp, then discards one card
            # of each type it holds (it chooses which)
            self._push(("plague", v, _PLAGUE_KINDS))
            self._lose_from_colonies(v, 3)
        elif name == "Force Field":
            for col in target.split("+"):  # type: ignore[union-attr]
                s = ci[col]
                self._send_home(s)
                for side in (OFF, DEF):
                    if s in self.allies[side]:
                        self.allies[side].remove(s)
        elif name == "Emotion Control":
            self.eflags.add(("emotion",))
            self._compute_cards()
        elif name == "Ionic Gas":
            self.eflags.add(("ionic",))
        elif name == "Quash":
            if self.outcome == "deal_made":
                self.outcome = "deal_failed"
        elif name == "Cosmic Zap":
            # (Healer's wild flare: a Cosmic Zap played on its player has no effect)
            if ("flag", ci[target], "zap proof") not in self.eflags:  # type: ignore[index]
                self.eflags.add(("zap", ci[target]))  # type: ignore[index]
        elif name == "Card Zap":
            # REFERENCE: cancel the flare or artifact being played (the effect right
            # behind this one); Card Zap's text: the cancelled card is discarded, a
            # flare too (it counts as played: no other flare for that player)
            eff = self.tasks.pop(0)
            if eff[2] == "artifact":
                self.table.remove(eff[3])
                self._discard(eff[3], eff[1])
            elif not self.rules.before_issue_13:
                owner = eff[1]
                found = self._flare_pile(owner, eff[3], hoard=True)
                if found is not None:
                    found[0].remove(found[1])
                    self._discard(found[1], owner)

    # --- plague: the victim of a Plague discards one card of each type
    def _r_plague(self, t: tuple) -> bool:
        _, v, kinds = t
        T = self.t
        # by default the victim is asked whenever it discards (one kind of card of a type
        # or several): whether it was asked would tell its hand
        ask = 1 if self.rules.ask_holders_only else 0
        while kinds:
            names = {T.name[c] for c in self.hands[v] if T.kind[c] == kinds[0]}
            if len(names) > ask:
                if kinds is not t[2]:
                    self._set(("plague", v, kinds))
                self.actor = v
                return True
            if names:
                # a single kind of card of this type: which one is not a choice
                self._discard(self._take_card(v, names.pop()), v)
            kinds = kinds[1:]
        self._pop()
        return False

    def _o_plague(self, t: tuple) -> list[Action]:
        T = self.t
        return [_A("discard", x) for x in sorted({T.name[c] for c in self.hands[t[1]] if T.kind[c] == t[2][0]})]

    def _h_plague(self, t: tuple, a: Action) -> None:
        _, v, kinds = t
        self._discard(self._take_card(v, a.a), v)
        self._set(("plague", v, kinds[1:]))

    # --- reinforce: main players and allies add reinforcements to their side
    def _reinforce_options(self, s: int) -> list[Action]:
        side = self.side_of(s)
        if side < 0:
            return []
        T = self.t
        sname = SIDE_NAMES[side]
        m = -1
        for seat, fn in self._hook("reinforce_max"):
            if seat == s:
                m = max(m, fn(self, seat))
        if ("flag", s, "reserve9") in self.eflags:
            m = max(m, 9)
        out = []
        for pile, mark in self._piles(s):
            seen: set[str] = set()
            for c in pile:
                k = T.kind[c]
                if (k == REINFORCEMENT or (k == ATTACK and T.value[c] <= m)) and T.name[c] not in seen:
                    seen.add(T.name[c])
                    out.append(_A("reinforce", T.name[c], sname, mark))
        return out

    def _r_reinforce(self, t: tuple) -> bool:
        _, order, idx, passes = t
        L = len(order)
        # by default every player in the encounter holding cards is asked (any of them may
        # be a reinforcement), so the round does not tell who holds one
        public = not self.rules.ask_holders_only
        while passes < L:
            s = order[idx % L]
            if (self.side_of(s) >= 0 and self._holds_cards(s)) if public else self._reinforce_options(s):
                if (idx, passes) != (t[2], t[3]):
                    self._set(("reinforce", order, idx, passes))
                self.actor = s
                return True
            idx += 1
            passes += 1
        self._pop()
        return False

    def _o_reinforce(self, t: tuple) -> list[Action]:
        _, order, idx, passes = t
        return self._reinforce_options(order[idx % len(order)]) + [PASS]

    def _h_reinforce(self, t: tuple, a: Action) -> None:
        _, order, idx, passes = t
        if a.kind == "pass":
            self._set(("reinforce", order, idx + 1, passes + 1))
            return
        s = order[idx % len(order)]
        c = self._take_card(s, a.a, from_hoard=a.c == "hoard")
        self.table.append(c)
        self.eflags.add(("reinforced", s, c))  # who played it (Reserve's wild flare takes the others')
        side = OFF if a.b == "offense" else DEF
        self.reinf[side] += self.t.value[c]
        self._compute_cards()
        self._set(("reinforce", order, idx + 1, 0))
