"""Hidden information: what a seat may see (:meth:`HiddenInfoMixin.observation`: no
other player's face-down command tokens or missions) and, for search bots, a full state
consistent with it (:meth:`HiddenInfoMixin.determinize`). The log's wording for a
viewer is :meth:`~.actions.ActionTextMixin.describe`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..data import ALIEN_TYPES
from .components import KEEP_MISSIONS, PLACEMENT

if TYPE_CHECKING:  # pragma: no cover
    from .state import State


class HiddenInfoMixin:
    """State's observations and determinizations."""

    # ------------------------------------------------------------- observation
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything public, its own missions and hand of
        tokens; other players' face-down tokens and missions are hidden (``None``)."""
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0..{self.n - 1}")
        areas = []
        for i, sl in enumerate(self.area_slots):
            shown = []
            for k, (o, v) in enumerate(sl):
                hidden = k % 2 == 0 and o != seat and self.phase == PLACEMENT
                shown.append((o, None if hidden else v))
            areas.append({"card": [ALIEN_TYPES[t] for t in self.cards.alien_cards[self.area_cards[i]]],
                          "tokens": shown})
        return {
            "seat": seat,
            "num_players": self.n,
            "phase": self.phase,
            "round": self.round,
            "current_player": self.current_player,
            "stock": dict(zip(ALIEN_TYPES, self.stock)),
            "aliens": [self.counts(s) for s in range(self.ns)],
            "captured": [dict(zip(ALIEN_TYPES, self.captured[s])) for s in range(self.ns)],
            "ufos": {self.board.names[c]: [self.ufo[s][c] for s in range(self.ns)] for c in range(12)},
            "platform": list(self.platform),
            "reserve": list(self.reserve),
            "mapped": {self.board.names[c]: [s for s in range(self.ns) if self.mapped[c] >> s & 1] for c in range(12)},
            "humans": {self.board.names[c]: (self.cards.categories[self.human[c]] if self.human[c] >= 0 else None)
                       for c in range(12)},
            "track": [self.cards.categories[h] for h in self.track],
            "abducted": [{self.cards.categories[c]: self.abducted[s][c] for c in range(6) if self.abducted[s][c]}
                         for s in range(self.ns)],
            "abilities": [list(a) for a in self.abilities],
            "tokens_owned": [list(t) for t in self.tokens_owned],
            "hand": self._hand_tokens(seat),
            "areas": areas,
            "missions": list(self.missions_kept[seat] or (self.missions_dealt[seat] if self.phase == KEEP_MISSIONS else ())),
            "missions_kept": [len(m) for m in self.missions_kept],
            "energy": list(self.energy),
            "shield": list(self.shield),
            "order1": list(self.order1),
            "order2": list(self.order2),
            "deck_size": len(self.deck),
            "discard": [[ALIEN_TYPES[t] for t in self.cards.alien_cards[c]] for c in self.discard],
        }

    # ------------------------------------------------------------ for search bots
    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` has seen, for search bots.

        Resampled: other players' face-down command tokens (from the tokens they may
        still hold), the third player's hidden tokens and bag, other players' missions
        (from the missions ``seat`` was not dealt), the alien deck's order; the future
        chance is reseeded. Everything ``seat`` sees is unchanged.
        """
        d = self.clone()
        # hidden command tokens: face-down (even index) tokens of others while the
        # placement lasts (then every token is turned up: observation shows them), and
        # the hands they are drawn from
        if d.area_slots:
            placing = d.phase == PLACEMENT
            for o in range(d.ns):
                if o == seat:
                    continue
                hidden = [(i, k) for i, sl in enumerate(d.area_slots) for k, (w, _) in enumerate(sl)
                          if w == o and k % 2 == 0 and placing]
                if not hidden and o != d.third:
                    continue
                pool = list(d.tokens_owned[o])
                for sl in d.area_slots:
                    for k, (w, v) in enumerate(sl):
                        if w == o and (k % 2 == 1 or not placing):
                            pool.remove(v)
                rng.shuffle(pool)
                for i, k in hidden:
                    d.area_slots[i][k] = (o, pool.pop())
                if o == d.third:
                    d.third_bag = pool[: len(d.third_bag)]
        # other players' missions: drawn from the cards this seat has not seen
        own = set(d.missions_dealt[seat])
        unseen = [m.id for m in d.cards.missions if m.id not in own]
        rng.shuffle(unseen)
        for o in range(d.n):
            if o == seat:
                continue
            dealt = tuple(sorted(unseen[:3]))
            del unseen[:3]
            kept = d.missions_kept[o]
            d.missions_dealt[o] = dealt
            d.missions_kept[o] = tuple(sorted(rng.sample(dealt, len(kept)))) if kept else ()
        d.deck.sort()  # the true order must not leak into the sample
        rng.shuffle(d.deck)
        d.reseed_chance(rng.getrandbits(62))
        d._legal_cache = None
        d._legal_set_cache = None
        return d
