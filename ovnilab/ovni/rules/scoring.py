"""Pontuação Final e Vencedor (final scoring and the winner): the points of the alien
group majorities, UFOs, airspace control, mapping tokens, abducted humans and missions,
the tie-breaks, and the 2-player variant's third player (its pieces count, it never
scores); the search bots' evaluation of an unfinished position, built on the same count.

:func:`score_humans`, :func:`majority_points` and :func:`airspace_controller` are the
scoring rules one at a time, as pure functions (used by the engine and the notebooks).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Hashable, Iterable, Mapping

from .components import MAP_TOKENS_PER_PLAYER, PLACEMENT
from .recruitment import resolve_area

if TYPE_CHECKING:  # pragma: no cover
    from .state import Rules


def score_humans(categories: Iterable[Hashable], bonus_per_set: bool = False) -> int:
    """Points for one player's abducted humans.

    Rulebook: per category 1 piece = 1, 2 = 3, 3 = 6 points; on top of that, five
    different categories = 10 and six different = 15 points. Reading: the diversity
    bonus is paid once, for the player's collection (the rulebook scores "cinco peças de
    cores diferentes" as one item beside the repeats); ``bonus_per_set=True`` pays it for
    every set of five or six different colours (sets taken largest first).
    """
    c = Counter(categories)
    points = sum(n * (n + 1) // 2 for n in c.values())
    left = dict(c)
    while True:
        colours = [k for k, n in left.items() if n > 0]
        if len(colours) < 5:
            return points
        points += 15 if len(colours) >= 6 else 10
        if not bonus_per_set:
            return points
        for k in colours:
            left[k] -= 1


def majority_points(counts: Mapping[Hashable, int], points: int = 10) -> dict:
    """Points of one alien group's majority: the most tokens take ``points``; tied
    players split them, rounded down (rulebook: three players with five pilots each get
    3 points each). Nobody scores a group nobody has."""
    if not counts:
        return {}
    best = max(counts.values())
    if best <= 0:
        return {p: 0 for p in counts}
    tied = [p for p, n in counts.items() if n == best]
    share = points // len(tied)
    return {p: (share if n == best else 0) for p, n in counts.items()}


def airspace_controller(ufos: Mapping[Hashable, int]) -> Hashable | None:
    """Who controls a city's airspace: the single player with the most UFOs there;
    nobody on a tie or in an empty sky."""
    best = 0
    who = None
    tie = False
    for p, n in ufos.items():
        if n > best:
            best, who, tie = n, p, False
        elif n == best and n > 0:
            tie = True
    return None if tie else who


def third_player_majority_text(rules: "Rules") -> str:
    """What the third player's pieces do to majorities under ``rules`` (2-player variant),
    in the words a board shows beside "never scores, never acts"."""
    if rules.third_player_competes:
        return "counts in every majority"
    return "blocks abductions, not final majorities"


#: mission id -> mission, per card set (shared by every state using that set)
_MISSION_INDEX: dict[int, tuple[Any, dict[int, Any]]] = {}


class ScoringMixin:
    """State's final scoring, winners and the evaluation of a position."""

    # ---------------------------------------------------------------- scoring
    def third_player_majority_text(self) -> str:
        """What the third player's pieces do to majorities in this game, for a board's
        label (see :func:`third_player_majority_text`)."""
        return third_player_majority_text(self.rules)

    def _competitors(self) -> list[int]:
        """The seats compared in final scoring's majorities (alien groups, airspace):
        the third player's too unless ``Rules(third_player_competes=False)``; it never
        takes points, so what it would win goes to nobody."""
        if self.third >= 0 and self.rules.third_player_competes:
            return list(range(self.ns))
        return list(range(self.n))

    def controller(self, c: int, seats: list[int] | None = None) -> int:
        """Seat controlling city index ``c`` (strict majority of UFOs), or -1."""
        seats = self._competitors() if seats is None else seats
        w = airspace_controller({s: self.ufo[s][c] for s in seats})
        return -1 if w is None else w

    def _controllers(self, seats: list[int]) -> list[int]:
        """The controller of every city (as :meth:`controller`), in one pass: scoring
        and the bots' evaluation ask for all twelve many times."""
        ufo = [self.ufo[s] for s in seats]
        out = []
        for c in range(12):
            best, who = 0, -1
            for s, u in zip(seats, ufo):
                k = u[c]
                if k > best:
                    best, who = k, s
                elif k == best and k > 0:
                    who = -1  # rulebook: a tie controls nothing (a larger count may follow)
            out.append(who)
        return out

    def mission_done(self, s: int, mission_id: int, controllers: list[int] | None = None) -> bool:
        """Whether seat ``s`` fulfils mission ``mission_id`` in the current position
        (``controllers``: the cities' controllers when the caller has them already)."""
        m = self._missions_by_id()[mission_id]
        if m.family == "airspace":
            want = 1 if m.parity == "odd" else 0
            if controllers is None:
                controllers = self._controllers(self._competitors())
            ctrl = sum(1 for c in range(12) if (c + 1) % 2 == want and controllers[c] == s)
            return ctrl >= m.cities and self.abducted[s][m.category] >= m.count
        if m.family == "abduction":
            return all(self.abducted[s][c] >= 1 for c in m.categories) and self.aliens[s][m.alien] >= m.count
        if m.family == "capture":
            need = [m.captured.count(t) for t in range(4)]
            return all(self.captured[s][t] >= need[t] for t in range(4)) and all(
                self.aliens[s][t] >= m.count for t in m.own)
        ufos = sum(self.ufo[s]) if self.rules.ufo_mission == "on_board" else self.launched[s]
        maps = MAP_TOKENS_PER_PLAYER - self.map_tokens[s]
        return maps >= m.maps and ufos >= m.ufos

    def _missions_by_id(self) -> dict[int, Any]:
        cache = _MISSION_INDEX.get(id(self.cards))
        if cache is None or cache[0] is not self.cards:
            cache = _MISSION_INDEX[id(self.cards)] = (self.cards, {m.id: m for m in self.cards.missions})
        return cache[1]

    def score_breakdown(self) -> list[dict[str, int]]:
        """Points of each real player in the rulebook's six categories."""
        comp = self._competitors()
        ctrl = self._controllers(comp)
        out = [dict(aliens=0, ufos=0, airspace=0, mapping=0, humans=0, missions=0) for _ in range(self.n)]
        # rulebook: 10 points per alien group majority, ties split rounded down
        # reading: captured aliens lie under the mat with the recruited ones and count;
        # Rules(captured_count_for_majority=False) counts only "fichas recrutadas"
        keep_captured = self.rules.captured_count_for_majority
        for t in range(4):
            pts = majority_points({s: self.aliens[s][t] - (0 if keep_captured else self.captured[s][t])
                                   for s in comp})
            for s, p in pts.items():
                if s < self.n:
                    out[s]["aliens"] += p
        for s in range(self.n):
            # rulebook: 2 per UFO on the board, 1 per UFO on the platform
            out[s]["ufos"] = 2 * sum(self.ufo[s]) + self.platform[s]
            # rulebook: 3 per mapping token on the board
            out[s]["mapping"] = 3 * (MAP_TOKENS_PER_PLAYER - self.map_tokens[s])
            out[s]["humans"] = score_humans(
                [c for c in range(6) for _ in range(self.abducted[s][c])], self.rules.colour_bonus_per_set)
            r = self.rules
            out[s]["missions"] = sum(
                r.mission_done if self.mission_done(s, m, ctrl) else r.mission_failed
                for m in self.missions_kept[s])
        # rulebook: 4 points per city whose airspace a player controls
        for w in ctrl:
            if 0 <= w < self.n:
                out[w]["airspace"] += 4
        return out

    def scores(self) -> list[int]:
        """Total points of each real player (the third player of the 2-player variant
        never scores)."""
        return [sum(b.values()) for b in self.score_breakdown()]

    def winners(self) -> list[int]:
        """Seats sharing the win, after the rulebook's tie-breaks (most UFOs on the
        board, then most humans abducted); empty while the game runs."""
        if not self.over:
            return []
        sc = self.scores()
        key = [(sc[s], sum(self.ufo[s]), sum(self.abducted[s])) for s in range(self.n)]
        best = max(key)
        return [s for s in range(self.n) if key[s] == best]

    # ------------------------------------------------------------ for search bots
    def heuristic_values(self) -> list[float]:
        """Per-seat values in [0, 1] of an unfinished position, for cut-off searches:
        a logistic of each player's lead over the mean of
        :meth:`heuristic_scores`."""
        import math

        h = self.heuristic_scores()
        mean = sum(h) / len(h)
        return [1.0 / (1.0 + math.exp(-(x - mean) / 6.0)) for x in h]

    def heuristic_scores(self) -> list[float]:
        """Points each player would have now, plus what its position is worth:
        aliens (each is an action every later round, ~1 point), UFOs on the platform
        (launching them adds a point each) and, during placement, the cards of the
        areas it currently wins (3 aliens)."""
        out = [float(sum(b.values())) for b in self.score_breakdown()]
        for s in range(self.n):
            out[s] += sum(self.aliens[s]) + 0.5 * self.platform[s]
        if self.phase == PLACEMENT:
            for sl in self.area_slots:
                w = resolve_area(sl, self.rules.area_tie)
                if w is not None and w < self.n:
                    out[w] += 3.0
        return out
