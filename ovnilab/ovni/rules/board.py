"""The pieces on the board: aliens gained (from the stock or by a capture), the UFOs a
new pair of builders builds onto the launch platform (in either phase), and a UFO
arriving in a city, which may map it.
"""

from __future__ import annotations

from .components import BUILDER


def ufos_built(builders_before: int, builders_after: int) -> int:
    """UFOs built when a player's builders go from ``builders_before`` to
    ``builders_after`` by gaining tokens (recruitment, capture, energy bonus).

    Rulebook: each newly formed pair of builders builds one UFO at once; a pair broken by
    a capture and formed again builds again. (Whether the UFO fits on the platform is
    checked separately: with the platform full the build is lost.)
    """
    if builders_after <= builders_before:
        return 0
    return builders_after // 2 - builders_before // 2


class BoardMixin:
    """State's moves of pieces shared by the parts of the turn."""

    # --------------------------------------------------------------- builders
    def _build(self, s: int) -> None:
        """Rulebook: a newly formed builder pair builds one UFO onto the platform;
        lost when the platform is full (or the reserve is empty)."""
        if self.reserve[s] > 0 and self.platform[s] < self.rules.platform_capacity:
            self.reserve[s] -= 1
            self.platform[s] += 1
        else:
            self.builds_lost[s] += 1

    def _gain(self, s: int, t: int, captured: bool = False) -> None:
        self.aliens[s][t] += 1
        if captured:
            self.captured[s][t] += 1
        # rulebook: each new builder pair builds a UFO (the third player never builds)
        if t == BUILDER and s != self.third:
            for _ in range(ufos_built(self.aliens[s][t] - 1, self.aliens[s][t])):
                self._build(s)

    def _take_from_stock(self, s: int, t: int) -> bool:
        # rulebook: the stock can run out mid-resolution; missing aliens are not received
        if self.stock[t] <= 0:
            return False
        self.stock[t] -= 1
        self._gain(s, t)
        self.received[s] += 1
        return True

    # ---------------------------------------------------------------- mapping
    def _arrive(self, s: int, c: int) -> None:
        """A UFO of seat ``s`` arrived in city ``c`` (moved or launched)."""
        self.ufo[s][c] += 1
        bit = 1 << s
        m = self.mapped[c]
        if m & bit or self.map_tokens[s] <= 0:
            return
        r = self.rules
        # rulebook: the first to have two UFOs in a city maps it; three once mapped;
        # ability: free mapping always needs two
        thr = r.map_threshold if (m == 0 or "free_mapping" in self.abilities[s]) else r.map_threshold_mapped
        if self.ufo[s][c] >= thr:
            self.mapped[c] = m | bit
            self.map_tokens[s] -= 1
            # rulebook: the mapping UFOs cannot move again this round
            self.frozen[s][c] = thr
