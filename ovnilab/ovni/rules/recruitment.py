"""Fase 1 - Recrutamento (phase 1, recruitment), then the energy card: the round's turn
order (most military first), the alien cards drawn into the areas, the command tokens
placed (face down and face up in turn, never three of a colour in a row; the 2-player
variant's third-player tokens), the areas resolved in letter order (equal commands
cancel, the highest sum recruits the card, a player winning several areas picks three
aliens), the command tokens returned (a 6 leaves the game once used), and the energy
bonus of every player who won no area. Phase 2 follows (:mod:`.groups`).

:func:`recruitment_order` and :func:`resolve_area` are the phase's rules one at a time,
as pure functions (used by the engine and the notebooks).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Hashable, Mapping, Sequence

from ...core import NoLegalMove
from ...i18n import N_
from ..data import ALIEN_TYPES
from .actions import _PLACE, Action
from .components import _TYPE_INDEX, AREA_LETTERS, ENERGY, PLACEMENT, RECRUIT, RESOLVING

_TYPES = ("pilot", "abductor", "builder", "military")

#: readings of "equal sums go to the player who opened the area"
#:  * "earliest": the tied player whose first token in the area came earliest wins; when the
#:    opener is tied this is the opener, exactly as the rulebook says, and it extends the
#:    rulebook's principle (who committed first wins ties) to the case it leaves open.
#:  * "opener": the opener wins a tie it is part of; otherwise nobody wins the area.
#:  * "none": equal sums never win (a what-if variant).
AREA_TIE_RULES = ("earliest", "opener", "none")


def _planet_distance(planet: object) -> float:
    from ..data import load_cards

    cards = load_cards()
    if isinstance(planet, (int, float)):
        return float(planet)
    if planet in cards.planets:
        return float(cards.planet_distance[cards.planets.index(planet)])
    raise ValueError(f"unknown planet {planet!r}; planets are {list(cards.planets)}")


def _order(
    counts: Mapping[Hashable, Mapping[str, int]],
    keys: Sequence[str],
    planets: Mapping[Hashable, object] | None,
    farthest_first: bool,
) -> list:
    for player, c in counts.items():
        missing = [k for k in _TYPES if k not in c]
        if missing:
            raise ValueError(f"counts[{player!r}] lacks {missing}")

    def key(player: Hashable) -> tuple:
        c = counts[player]
        k = tuple(-int(c[t]) for t in keys)
        if planets is not None and player in planets:
            d = _planet_distance(planets[player])
            return k + ((-d if farthest_first else d),)
        return k + (0.0,)

    return sorted(counts, key=key)  # sorted is stable: full ties keep the given order


def recruitment_order(
    counts: Mapping[Hashable, Mapping[str, int]],
    planets: Mapping[Hashable, object] | None = None,
) -> list:
    """Turn order of phase 1 (recruitment).

    Rulebook: most military first; ties broken by builders, then abductors, then pilots;
    a tie on all four goes to the planet farthest from Earth. ``counts`` maps a player to
    ``{"pilot": n, "abductor": n, "builder": n, "military": n}``; ``planets`` optionally
    maps a player to a planet name (or a distance).
    """
    return _order(counts, ("military", "builder", "abductor", "pilot"), planets, True)


def resolve_area(
    placements: Sequence[tuple[Hashable, int]], tie: str = "earliest"
) -> Hashable | None:
    """Who recruits the card of one area, or ``None``.

    ``placements`` are the area's ``(player, value)`` pairs in placement order (the
    first one opened the area). Rulebook: equal values cancel each other (all tokens of a
    value that appears more than once leave); of the rest, the highest sum per player
    wins; equal sums go to the player who opened the area (see :data:`AREA_TIE_RULES`
    for the case the rulebook leaves open).
    """
    if tie not in AREA_TIE_RULES:
        raise ValueError(f"tie must be one of {AREA_TIE_RULES}, got {tie!r}")
    value_count = Counter(v for _, v in placements)
    sums: dict[Hashable, int] = {}
    first_at: dict[Hashable, int] = {}
    for i, (player, value) in enumerate(placements):
        first_at.setdefault(player, i)
        # rulebook: equal commands cancel
        if value_count[value] == 1:
            sums[player] = sums.get(player, 0) + value
    if not sums:
        return None
    best = max(sums.values())
    tied = [p for p, s in sums.items() if s == best]
    if len(tied) == 1:
        return tied[0]
    # rulebook: equal sums go to the player who opened the area
    if tie == "none":
        return None
    opener = placements[0][0]
    if opener in tied:
        return opener
    if tie == "opener":
        return None
    return min(tied, key=lambda p: first_at[p])


class RulesDeadlock(NoLegalMove):
    """The rule options leave the player to act no legal action (only possible with
    ``Rules(no_three_in_a_row_fallback=False)``, the rulebook giving no way out)."""


class RecruitmentMixin:
    """State's phase 1 (placement, resolution, recruitment) and the energy card."""

    # ------------------------------- the round begins: cards drawn, command tokens placed
    def _start_round(self) -> None:
        self.round += 1
        n, ns = self.n, self.ns
        # rulebook: phase 1 order - military, builders, abductors, pilots; farthest planet
        counts = {s: self.counts(s) for s in range(n)}
        self.order1 = recruitment_order(counts, self._planet_map())
        if self.round == 1:
            self.round1_first = self.order1[0]
        # rulebook: the first player draws one card per area (A-D with 4, A-C otherwise)
        areas = 4 if n == 4 else 3
        self.area_cards = []
        for _ in range(areas):
            if not self.deck:
                # not in the rulebook: with the deck spent, the discards are reshuffled
                self.deck = self.discard
                self.discard = []
                self.chance().shuffle(self.deck)
            self.area_cards.append(self.deck.pop())
        self.area_slots = [[] for _ in range(areas)]
        if n == 2:
            # 2-player variant: each player places an own token then a third-player
            # token, twice; then they complete their own placements
            f, o = self.order1
            T = self.third
            self.place_seq = [(f, f), (f, T), (o, o), (o, T)] * 2 + [(f, f), (o, o)] * 2
            bag = self.tokens_owned[T][:]
            self.chance().shuffle(bag)  # drawn without looking
            self.third_bag = bag
        else:
            self.place_seq = [(p, p) for _ in range(4) for p in self.order1]
        self.place_pos = 0
        self.won = [0] * ns
        self.received = [0] * ns
        self.phase = PLACEMENT
        self.actor = self.place_seq[0][0]

    def _token_face(self, area: int) -> str:
        # rulebook: tokens alternate face down / face up within an area
        return "face-down" if len(self.area_slots[area]) % 2 == 0 else "face-up"

    def _placement_areas(self, owner: int) -> list[int]:
        open_areas = [i for i, sl in enumerate(self.area_slots) if len(sl) < 4]
        if not self.rules.no_three_in_a_row:
            return open_areas
        # rulebook: never three tokens of one colour consecutively in an area
        ok = [i for i in open_areas
              if not (len(self.area_slots[i]) >= 2 and self.area_slots[i][-1][0] == owner
                      and self.area_slots[i][-2][0] == owner)]
        if ok:
            return ok
        if not self.rules.no_three_in_a_row_fallback:
            raise RulesDeadlock(
                f"Rules(no_three_in_a_row_fallback=False): {self.seat_name(owner)} must place a command "
                f"token (passing is forbidden) but every open area ({', '.join(AREA_LETTERS[i] for i in open_areas)}) "
                "would get three of its tokens in a row; the game cannot go on under these rules")
        # reading: the restriction is lifted for this one token (passing is forbidden)
        return open_areas

    def _hand_tokens(self, s: int) -> list[int]:
        on_board = [v for sl in self.area_slots for (o, v) in sl if o == s]
        hand = list(self.tokens_owned[s])
        for v in on_board:
            hand.remove(v)
        return hand

    def _legal_placement(self) -> list[Action]:
        placer, owner = self.place_seq[self.place_pos]
        areas = self._placement_areas(owner)
        out = []
        if owner == self.third:
            for i in areas:
                out.append(_PLACE[(AREA_LETTERS[i], None, self._token_face(i))])
            return out
        values = sorted(set(self._hand_tokens(owner)))
        for i in areas:
            face = self._token_face(i)
            letter = AREA_LETTERS[i]
            for v in values:
                out.append(_PLACE[(letter, v, face)])
        return out

    def _do_place(self, a: Action) -> None:
        placer, owner = self.place_seq[self.place_pos]
        i = AREA_LETTERS.index(a.a)
        if owner == self.third:
            value = self.third_bag.pop()  # chance: the token drawn without looking
        else:
            value = a.b
        self.area_slots[i].append((owner, value))
        self.place_pos += 1
        if self.place_pos < len(self.place_seq):
            self.actor = self.place_seq[self.place_pos][0]
        else:
            self._resolve_start()

    # ------------------------------------------------------------ the areas resolved
    def _resolve_start(self) -> None:
        # rulebook: reveal, then resolve the areas in letter order
        tie = self.rules.area_tie
        winners = []
        for sl in self.area_slots:
            w = resolve_area(sl, tie)
            winners.append(-1 if w is None else w)
        if self.n == 2:
            # 2-player variant: the third player only receives its lowest-letter area.
            # Reading: its other won area goes to nobody (the rulebook names no
            # second-best player; the card is discarded like an area nobody wins)
            seen = False
            for i, w in enumerate(winners):
                if w == self.third:
                    if seen:
                        winners[i] = -1
                    seen = True
        self.area_winner = winners
        for w in winners:
            if w >= 0:
                self.won[w] += 1
        self.resolve_pos = 0
        self._resolve_continue()

    def _resolve_continue(self) -> None:
        while self.resolve_pos < len(self.area_cards):
            i = self.resolve_pos
            w = self.area_winner[i]
            card = self.area_cards[i]
            if w < 0:
                # rulebook: no winner, nobody recruits; the card is discarded
                self.discard.append(card)
                self.resolve_pos += 1
                continue
            if self.won[w] >= 2 and w != self.third:
                first = self.area_winner.index(w)
                if first == i:
                    # rulebook: a player winning several areas picks exactly three aliens
                    # (fewer when the stock holds fewer of the cards' types)
                    if self._recruit_options(w) != [()]:
                        self.phase = RECRUIT
                        self.actor = w
                        return
                    # nothing left to choose: the stock holds none of the cards' types
                    self._note("text", N_("{seat} won several areas but recruited nothing: the stock holds none of "
                                          "their aliens").format(seat=self.seat_name(w)))
                self.discard.append(card)
                self.resolve_pos += 1
                continue
            for t in self.cards.alien_cards[card]:
                self._take_from_stock(w, t)
            self.discard.append(card)
            self.resolve_pos += 1
        self._end_recruitment()

    def _recruit_options(self, s: int) -> list[tuple[int, ...]]:
        pool = [0, 0, 0, 0]
        for i, w in enumerate(self.area_winner):
            if w == s:
                for t in self.cards.alien_cards[self.area_cards[i]]:
                    pool[t] += 1
        avail = [min(pool[t], self.stock[t]) for t in range(4)]
        k = min(3, sum(avail))
        out = []
        for combo in itertools.combinations_with_replacement(range(4), k):
            if all(combo.count(t) <= avail[t] for t in range(4)):
                out.append(combo)
        return out

    def _legal_recruit(self) -> list[Action]:
        # rulebook: a player winning several areas picks exactly three aliens
        s = self.actor
        return [Action("recruit", tuple(ALIEN_TYPES[t] for t in combo)) for combo in self._recruit_options(s)]

    def _do_recruit(self, a: Action) -> None:
        s = self.actor
        for name in a.a:
            self._take_from_stock(s, _TYPE_INDEX[name])
        self.discard.append(self.area_cards[self.resolve_pos])
        self.resolve_pos += 1
        self.phase = RESOLVING
        self._resolve_continue()

    def _end_recruitment(self) -> None:
        # rulebook: tokens return to their owners; token 6 leaves the game once used
        for sl in self.area_slots:
            sixes = sum(1 for _, v in sl if v == 6)
            for owner, v in sl:
                if v == 6:
                    # reading: a 6 cancelled by another 6 was still used, and leaves the game
                    # (the rulebook's tip: a 6 that does not win the area is wasted);
                    # Rules(cancelled_six_returns=True) reads "comandos iguais ... são
                    # devolvidos aos jogadores" as returning it unspent
                    if sixes > 1 and self.rules.cancelled_six_returns:
                        continue
                    self.six_uses[owner] += 1
                    if not self.rules.token_six_once:
                        continue
                    # ability: command six returns after its first use
                    keeps = owner < self.n and "command_six" in self.abilities[owner] and self.six_uses[owner] == 1
                    if not keeps:
                        self.tokens_owned[owner].remove(6)
        # what each area came to, for analyses (State.result_areas)
        # (zip: a position arranged by hand may lack some of the three lists)
        self.area_log.extend((self.round, i, card, tuple(slots), w) for i, (card, slots, w)
                             in enumerate(zip(self.area_cards, self.area_slots, self.area_winner)))
        # the round's cards are all in the discard pile now; keep them for display
        self.area_cards_last = list(self.area_cards)
        self.area_winner_last = list(self.area_winner)
        self.area_slots_last = [list(sl) for sl in self.area_slots]
        self.area_cards = []
        self.area_slots = []
        # rulebook: energy card for players who won no area, in phase-1 order
        self.energy_queue = [s for s in self.order1 if self.won[s] == 0]
        if self.third >= 0 and self.won[self.third] == 0:
            self.energy_queue.append(self.third)
        self._next_energy()

    # ---------------------------------------------------------------- the energy card
    def _next_energy(self) -> None:
        while self.energy_queue:
            s = self.energy_queue[0]
            if s == self.third and not any(self.stock):
                # 2-player variant: the third player takes bonus 1; with an empty stock
                # only its force field remains
                self.energy_queue.pop(0)
                self.energy[s] = 1
                self.shield[s] = True
                continue
            self.phase = ENERGY
            # 2-player variant: the first player in turn order chooses the third's alien
            self.actor = self.order1[0] if s == self.third else s
            return
        self._start_actions()

    def _legal_energy(self) -> list[Action]:
        # rulebook: bonus 1, an alien of a type still in stock (and a force field); bonus 2, a third group
        who = self.energy_queue[0]
        types = [ALIEN_TYPES[t] for t in range(4) if self.stock[t] > 0]
        if who == self.third:
            return [Action("energy_third", t) for t in types]
        out = [Action("energy", 1, t) for t in types] or [Action("energy", 1)]
        return out + [Action("energy", 2)]

    def _do_energy(self, a: Action) -> None:
        s = self.actor
        self.energy_queue.pop(0)
        self.energy[s] = a.a
        if a.a == 1:
            # energy bonus 1: any alien from the stock, and a force field this round
            self.shield[s] = True
            if a.b is not None:
                self._take_from_stock(s, _TYPE_INDEX[a.b])
        self._next_energy()

    def _do_energy_third(self, a: Action) -> None:
        T = self.energy_queue.pop(0)
        self.energy[T] = 1
        self.shield[T] = True
        self._take_from_stock(T, _TYPE_INDEX[a.a])
        self._next_energy()
