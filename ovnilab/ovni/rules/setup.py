"""Preparação, the set-up: the components dealt and placed before the first round, and
the set-up decisions (each player keeps one or two of the three missions dealt to it and
chooses its starting aliens; in the 2-player variant the real players give the third
player its starting aliens). Then the first round begins (:mod:`.recruitment`).

``State.__init__`` (:mod:`.state`) calls :meth:`SetupMixin._set_up` once the board, the
cards and the seats are known, with the one generator every chance of the set-up is
drawn from, in the order below.
"""

from __future__ import annotations

import itertools
from typing import Any

from ...i18n import N_
from ..data import ALIEN_TYPES
from .actions import Action
from .components import (_TYPE_INDEX, CHOOSE_ALIENS, COMMAND_VALUES, HUMANS_PER_CATEGORY, MAP_TOKENS_PER_PLAYER,
                         THIRD_ALIENS, UFOS_PER_PLAYER)


class SetupMixin:
    """State's set-up: the components dealt, then the set-up decisions."""

    def _set_up(self, rng: Any) -> None:
        """Deal and place the components (``rng``: the set-up's one generator)."""
        rules, n, ns = self.rules, self.n, self.ns
        # rulebook: alien stock of 20 per type, minus 4 per type with 2 or 3 players
        removed = rules.stock_removed_small if n in (2, 3) else 0
        self.stock_removed = removed
        self.stock = [rules.stock_per_type - removed] * 4
        self.aliens = [[0, 0, 0, 0] for _ in range(ns)]
        self.captured = [[0, 0, 0, 0] for _ in range(ns)]  # tokens carrying a capture marker

        # rulebook: abilities shuffled, two each (no force field with 2 players)
        ab = [a for a in self.cards.abilities if not (n == 2 and a == "force_field")]
        rng.shuffle(ab)
        self.abilities = [tuple(sorted(ab[2 * s: 2 * s + 2])) if s < n else () for s in range(ns)]
        # rulebook: missions shuffled, three dealt to each player, who keeps 1 or 2
        mids = [m.id for m in self.cards.missions]
        rng.shuffle(mids)
        self.missions_dealt = [tuple(sorted(mids[3 * s: 3 * s + 3])) if s < n else () for s in range(ns)]
        self.missions_kept: list[tuple[int, ...]] = [() for _ in range(ns)]

        # rulebook: one human of each colour on the track, the other 12 one per city at random
        track = list(range(6))
        rng.shuffle(track)
        self.track = track
        rest = [c for c in range(6) for _ in range(HUMANS_PER_CATEGORY - 1)]
        rng.shuffle(rest)
        self.human = rest  # category per city index; -1 = empty
        self.abducted = [[0] * 6 for _ in range(ns)]

        # rulebook: UFOs placed round-robin from São Paulo (city 1)
        self.ufo = [[0] * 12 for _ in range(ns)]
        self.mapped = [0] * 12  # bitmask of seats that mapped each city
        self.map_tokens = [MAP_TOKENS_PER_PLAYER] * ns
        if n == 2:
            # 2-player variant: a drawn player starts; cities 3, 6, 9, 12 get two UFOs
            # of the third player and its mapping token
            first = rng.randrange(2)
            seq = [first, 1 - first, 2]
            for c in range(12):
                s = seq[c % 3]
                if s == 2:
                    self.ufo[2][c] += 2
                    self.mapped[c] |= 1 << 2
                    self.map_tokens[2] -= 1
                else:
                    self.ufo[s][c] += 1
        else:
            # "the last player to have seen a UFO" starts: seat 0, then clockwise
            for c in range(12):
                self.ufo[c % n][c] += 1
        self.platform = [0] * ns
        self.reserve = [UFOS_PER_PLAYER - sum(self.ufo[s]) for s in range(ns)]
        self.launched = [0] * ns  # UFOs launched from the platform, whole game
        self.builds_lost = [0] * ns  # builds lost to a full platform or empty reserve
        # ability: initial UFO (each copy puts one built UFO on the platform)
        for s in range(n):
            for _ in range(self.abilities[s].count("initial_ufo")):
                self._build(s)

        # command tokens 2-6; `tokens_owned` drops the 6 once spent
        self.tokens_owned = [list(COMMAND_VALUES) for _ in range(ns)]
        self.six_uses = [0] * ns
        # rulebook: the alien card deck, shuffled
        deck = list(range(len(self.cards.alien_cards)))
        rng.shuffle(deck)
        self.deck = deck

    # ------------------------------------------------------------- missions kept
    def _legal_keep(self) -> list[Action]:
        # rulebook: three missions dealt, one or two kept
        dealt = self.missions_dealt[self.actor]
        return [Action("keep", (m,)) for m in dealt] + [Action("keep", p) for p in itertools.combinations(dealt, 2)]

    def _do_keep(self, a: Action) -> None:
        s = self.actor
        self.missions_kept[s] = tuple(a.a)
        if s + 1 < self.n:
            self.actor = s + 1
        else:
            self.phase = CHOOSE_ALIENS
            self.actor = 0

    # ------------------------------------------------------------ starting aliens
    def _legal_aliens(self) -> list[Action]:
        return self._starting_options(self.actor)

    def _starting_options(self, s: int) -> list[Action]:
        """Starting aliens seat ``s`` may choose: two (three with the starting-aliens
        ability) different types, not the set another player chose. Reading (tiny stocks
        of what-if Rules): sets wholly in stock come first; when none is, any set with a
        type in stock, and only the types in stock are received (as in recruitment)."""
        k = 3 if "starting_aliens" in self.abilities[s] else 2
        taken = {tuple(sorted(self._starting_choice(o))) for o in range(s)}
        free = [c for c in itertools.combinations(range(4), k) if c not in taken]
        full = [c for c in free if all(self.stock[t] > 0 for t in c)]
        some = full or [c for c in free if any(self.stock[t] > 0 for t in c)] or free
        return [Action("aliens", tuple(ALIEN_TYPES[t] for t in c)) for c in some]

    def _starting_choice(self, s: int) -> tuple[int, ...]:
        return tuple(t for t in range(4) if self.aliens[s][t])

    def _do_aliens(self, a: Action) -> None:
        s = self.actor
        # reading: starting aliens are chosen in seat order from seat 0 ("the last
        # player to have seen a UFO", who also places the first UFO); the rulebook
        # names no order, and no turn order exists before anyone has aliens
        for name in a.a:
            t = _TYPE_INDEX[name]
            if self.stock[t] > 0:  # a tiny what-if stock: only what is left is received
                self.stock[t] -= 1
                self._gain(s, t)
        if s + 1 < self.n:
            self.actor = s + 1
        elif self.n == 2:
            self._next_give()
        else:
            self._start_round()

    # ------------------------------------------- the third player's starting aliens
    def _legal_give(self) -> list[Action]:
        return [Action("give", ALIEN_TYPES[t]) for t in self._give_options()]

    def _give_options(self) -> list[int]:
        """Types the next real player may give the third player (2-player variant): its two
        starting aliens differ in type, are not a real player's pair, and come from the
        stock (an empty list: nothing can be given, the pick is skipped)."""
        taken = {tuple(sorted(self._starting_choice(o))) for o in range(2)}
        out = []
        for t in range(4):
            if self.stock[t] <= 0:
                continue
            if self.third_pair:
                f = self.third_pair[0]
                if t == f or tuple(sorted((f, t))) in taken:
                    continue
            elif all(tuple(sorted((t, u))) in taken for u in range(4) if u != t):
                continue
            out.append(t)
        return out

    def _next_give(self) -> None:
        """2-player variant: each real player in turn picks one of the third player's
        starting aliens; a pick with nothing in stock to give is skipped."""
        while self.gives_done < 2:
            if self._give_options():
                self.phase = THIRD_ALIENS
                self.actor = self.gives_done
                return
            self._note("text", N_("{seat} gave the third player no alien: no type it may take is left in the "
                                  "stock").format(seat=self.seat_name(self.gives_done)))
            self.gives_done += 1
        self._start_round()

    def _do_give(self, a: Action) -> None:
        t = _TYPE_INDEX[a.a]
        self.third_pair.append(t)
        self.stock[t] -= 1
        self._gain(self.third, t)
        self.gives_done += 1
        self._next_give()
