"""Measure the cow game's card set by simulation: the numbers of the design note in
``data/cows/cards.toml``, from one command.

    python -m ovnilab.cows.balance                 # the full measurement (a few minutes)
    python -m ovnilab.cows.balance --games 100 --search-games 100 --cards-file my_cards.toml

Two batches are played, every game seeded (the same deals for every card set):

* the **greedy batch**: two greedy bots (:class:`ovnilab.cows.bots.GreedyBot`) play
  ``games_per_face`` games with each face of the Celeiro card (1 and 2 discard areas).
  The two faces use different batch seeds, so no deal is played twice: every game is an
  independent observation and the intervals mean what they say;
* the **search batch**: ``MCTSBot(200)`` against the greedy bot, ``search_games`` games
  on ``search_games // 2`` deals, each deal played twice with the seats swapped (half the
  deals with 1 discard area, half with 2). The MCTS bot's win share is a mean over deals
  (the two games of a deal are analysed as a pair, not as two independent games).

The report is the table of issue 12, each line with its target:

* the share of the MCTS bot's decisions (positions with two or more legal actions) that
  flip a card in hand, the rulebook's third action;
* for each face with an effect, the share of the greedy games in which that face showed in
  a pyramid where its effect was **used**: an immediate flip chose a target, a peek showed
  a back its owner had not seen, an adjacency or end-of-game effect scored points in the
  final count (a face flipped away before the end scores nothing);
* the share of greedy games in which the **hand limit bound**: a player began a main
  action with a full hand while the deck or a Celeiro offered a card;
* the MCTS bot's win share against greedy (paired by deal, 95% interval);
* the first player's win share (a shared win counts half) per Celeiro face;
* the win rate of each card's holder, with p-values against one half adjusted by Holm's
  method over the 18 cards (:func:`ovnilab.analysis.holm`) and simultaneous intervals. A
  card counts for the player who holds it at the end, either side up: in the pyramid or
  in the hand (the rulebook's "posse"; ``State.result_extras()["held"]``). Counting the
  pyramid alone (``by_pyramid``, the first design note's reading) leaves out the cards
  a player could not use, so every card's rate leans towards the player with more cards
  built, that is the winner (with in-hand flips and held cards, built counts differ).

The cows notebooks run the same measurement (smaller, so they execute quickly).

The second half of the module is the verdict logic of ``notebooks/explore/cows_balance``,
here so that the notebook and its replication test (``tests/test_replication_balance.py``)
decide alike: the first player's share on thousands of independent games
(:func:`first_player_games`, :func:`first_player_share`), each card's holders against the
holders of the other cards rather than one half (:func:`card_rates`: counting the final
pyramid puts the mean holder rate above one half), the rule variants' paired differences
with "same in every game" when a variant changed nothing (:func:`variant_verdicts`), and
the findings of the notebook at its default sizes and seeds (:data:`FINDINGS`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from .. import analysis, sim
from ..analysis import Estimate, classify
from ..core import derive_seed
from ..sim import GameResult, Results, Table
from .bots import GreedyBot, MCTSBot
from .data import Cards, load_cards
from .rules import MAIN, Rules, State, effect_points, pyramid_symbols

__all__ = ["CardBalance", "FINDINGS", "FirstPlayer", "GameStats", "TARGETS", "VARIANTS", "card_rates",
           "card_verdicts", "findings", "first_player_games", "first_player_share", "game_stats", "main",
           "mean_score", "measure", "play_variants", "variant_verdicts"]

#: the design note's measurement: greedy games per Celeiro face, search games, batch seed
GAMES_PER_FACE = 1000
SEARCH_GAMES = 400
SEARCH_ITERATIONS = 200
SEED = 10_000

#: issue 12's targets for card set 2.0 (lower and upper bounds, None = no bound)
TARGETS: dict[str, tuple[float | None, float | None]] = {
    "in-hand flips, share of MCTS decisions": (0.03, None),
    "effect used where its face showed (each face)": (0.20, None),
    "hand limit binds, share of games": (0.10, None),
    "MCTS(200) beats greedy": (0.65, None),
    "first player, 1 area": (0.47, 0.53),
    "first player, 2 areas": (0.47, 0.53),
    "card holders win (each card)": (0.45, 0.55),
}


@dataclass
class GameStats:
    """What one game's log says about the depth of the card set (see the module docstring)."""

    decisions: list[int] = field(default_factory=lambda: [0, 0])  # positions with 2+ legal actions
    hand_flips: list[int] = field(default_factory=lambda: [0, 0])  # of which: flip a card in hand
    shown: set[str] = field(default_factory=set)  # faces with effects that showed in a pyramid
    used: set[tuple[str, int]] = field(default_factory=set)  # (face, effect index) used
    limit_bound: bool = False


def _pyramid_view(s: State) -> set[tuple[int, int, int]]:
    return {(p, c, s.up[c]) for p in (0, 1) for c in s.pyr[p] if c >= 0}


def game_stats(result: GameResult) -> GameStats:
    """Replay a kept log (``run_many(..., keep_log=True)``) and collect :class:`GameStats`."""
    if result.log is None:
        raise ValueError("game_stats needs the action log: run the batch with keep_log=True")
    s = State.from_options(result.seed, result.options)
    st = GameStats()
    limit = s.rules.hand_limit
    for text in result.log:
        p = s.current_player
        a = s.parse_action(text)
        if s.phase == MAIN and len(s.hand[p]) >= limit and (s.deck or any(s.cel)):
            st.limit_bound = True  # rulebook: never more than 3 in hand; a card was on offer
        if len(s.legal_actions()) >= 2:
            st.decisions[p] += 1
            st.hand_flips[p] += a.kind == "flip"
        if a.kind == "fx":  # a flip effect chose a real target
            face = s.face(s.stack[-1][1])
            st.used.add((face.name, face.effects.index(s.stack[-1][2])))
        before = _pyramid_view(s) if a.kind in ("build", "fx") else set()
        seen = list(s.seen)
        s.apply(a)
        if a.kind in ("build", "fx"):
            for seat, c, _up in _pyramid_view(s) - before:  # faces that came to show
                face = s.face(c)
                if face.effects:
                    st.shown.add(face.name)
                peeks = [i for i, e in enumerate(face.effects) if e.type == "peek"]
                if peeks and any(s.seen[h] >> seat & 1 and not seen[h] >> seat & 1 for h in s.hand[seat]):
                    st.used.add((face.name, peeks[0]))  # the peek showed a back its owner had not seen
    for seat in (0, 1):  # adjacency and end-of-game effects: did they score?
        faces = s.pyramid_faces(seat)
        own, opp = pyramid_symbols(faces), pyramid_symbols(s.pyramid_faces(1 - seat))
        for slot, f in enumerate(faces):
            for i, e in enumerate(f.effects if f is not None else ()):
                if e.kind != "immediate" and effect_points(e, slot, faces, own, opp, len(s.hand[seat])):
                    st.used.add((f.name, i))
    return st


@dataclass(frozen=True)
class CardBalance:
    """One measurement: the greedy batch, the search batch and what they say."""

    results: Results  # the greedy batch, both Celeiro faces
    first_player: dict[str, Estimate]  # "1 area", "2 areas", "all"
    by_card: Table  # win rate of each card's holder (pyramid or hand), best first, Holm-adjusted
    stats: tuple[GameStats, ...] = ()  # per greedy game
    search: Results | None = None  # MCTS against greedy
    search_seats: tuple[int, ...] = ()  # the MCTS bot's seat in each search game
    search_stats: tuple[GameStats, ...] = ()
    seconds: dict[str, float] = field(default_factory=dict)
    players: str = "GreedyBot vs GreedyBot"
    by_pyramid: Table | None = None  # the same, counting the final pyramids only

    @property
    def spread(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The rows of the card with the lowest and the highest holder win rate."""
        rows = sorted(self.by_card, key=lambda r: (r["rate"], r["held"]))
        return rows[0], rows[-1]

    def results_cards(self) -> Cards:
        """The card set the batch played."""
        return load_cards(Rules(**self.results[0].options["rules"]).cards_file)

    def winner_built_share(self) -> float:
        """The winner's share of the cards built, over the games with one winner: 50% when
        both pyramids hold as many cards; above it, every card's pyramid-only holder rate
        leans towards winning."""
        won = [g for g in self.results if len(g.winners) == 1]
        mine = sum(len(g.extras["cards"][g.winners[0]]) for g in won)
        return mine / max(1, sum(len(c) for g in won for c in g.extras["cards"]))

    def mean_score(self) -> float:
        return statistics.fmean(s for g in self.results for s in g.scores)

    def mean_margin(self) -> float:
        return statistics.fmean(abs(g.scores[0] - g.scores[1]) for g in self.results)

    # ---------------------------------------------------------------- the table
    def hand_flip_share(self) -> Estimate:
        """In-hand flips among the MCTS bot's decisions (Wilson interval; decisions of
        one game are not independent, so read the interval as a rough one)."""
        flips = sum(st.hand_flips[seat] for st, seat in zip(self.search_stats, self.search_seats))
        n = sum(st.decisions[seat] for st, seat in zip(self.search_stats, self.search_seats))
        lo, hi = analysis.wilson_interval(flips, n) if n else (math.nan, math.nan)
        return Estimate(flips / n if n else math.nan, lo, hi, n, "in-hand flips per MCTS decision")

    def effect_use(self) -> Table:
        """Per effect of each face: the greedy games where the face showed in a pyramid,
        and the share of them in which that effect was used (lowest first)."""
        rows = []
        faces = {f.name: f for f in self.results_cards().faces}
        for name in sorted({f for st in self.stats for f in st.shown}):
            n = sum(name in st.shown for st in self.stats)
            for i, e in enumerate(faces[name].effects):
                k = sum(name in st.shown and (name, i) in st.used for st in self.stats)
                lo, hi = analysis.wilson_interval(k, n)
                rows.append({"face": name, "effect": e.text(), "n": n, "used": k, "rate": k / n, "lo": lo, "hi": hi})
        rows.sort(key=lambda r: (r["rate"], r["face"]))
        return Table(rows, columns=["face", "effect", "n", "used", "rate", "lo", "hi"],
                     title=f"effect used where its face showed, {len(self.stats)} greedy games")

    def hand_limit_rate(self) -> Estimate:
        k = sum(st.limit_bound for st in self.stats)
        n = len(self.stats)
        lo, hi = analysis.wilson_interval(k, n)
        return Estimate(k / n, lo, hi, n, "games in which the hand limit bound")

    def search_win_share(self) -> Estimate:
        """The MCTS bot's win share against greedy: the mean over deals of its share in
        the deal's two games (seats swapped), with a normal 95% interval over deals."""
        per_deal: dict[int, list[float]] = {}
        for g, seat in zip(self.search or (), self.search_seats):
            per_deal.setdefault(g.seed, []).append(g.win_share(seat))
        means = [statistics.fmean(v) for v in per_deal.values()]
        if not means:
            return Estimate(math.nan, math.nan, math.nan, 0, "MCTS vs greedy")
        mean, _sd, lo, hi, n = analysis.mean_interval(means)
        return Estimate(mean, lo, hi, len(self.search or ()), f"MCTS vs greedy ({n} deals, paired)")

    def table(self) -> Table:
        """Issue 12's table: each measure, its value, its target, whether it is met."""
        rows = []

        def row(name: str, value: float, shown: str) -> None:
            lo, hi = TARGETS[name]
            ok = (lo is None or value >= lo) and (hi is None or value <= hi)
            goal = (f">= {lo:.0%}" if hi is None else f"{lo:.0%}-{hi:.0%}")
            rows.append({"measure": name, "value": shown, "target": goal, "met": "yes" if ok else "NO"})

        if self.search_stats:
            f = self.hand_flip_share()
            row("in-hand flips, share of MCTS decisions", f.value,
                f"{f.value:.1%} ({round(f.value * f.n)} of {f.n})")
        use = self.effect_use()
        if len(use):
            worst = use[0]
            row("effect used where its face showed (each face)", worst["rate"],
                f"lowest {worst['rate']:.0%} ({worst['face']}: {worst['effect']}, n={worst['n']})")
        h = self.hand_limit_rate()
        row("hand limit binds, share of games", h.value, f"{h.value:.1%} [{h.lo:.1%}, {h.hi:.1%}] n={h.n}")
        if self.search:
            m = self.search_win_share()
            row("MCTS(200) beats greedy", m.value, f"{m.value:.1%} [{m.lo:.1%}, {m.hi:.1%}] n={m.n}")
        for k in ("1 area", "2 areas"):
            e = self.first_player[k]
            row(f"first player, {k}", e.value, f"{e.value:.1%} [{e.lo:.1%}, {e.hi:.1%}] n={e.n}")
        lo, hi = self.spread
        outside = [r for r in self.by_card if not 0.45 <= r["rate"] <= 0.55]
        worst = lo if abs(lo["rate"] - 0.5) >= abs(hi["rate"] - 0.5) else hi
        differ = sum(r["p_holm"] < 0.05 for r in self.by_card)
        row("card holders win (each card)", worst["rate"],
            f"{lo['rate']:.1%}-{hi['rate']:.1%}; {len(outside)} outside; {differ} differ from 50% (Holm)")
        return Table(rows, columns=["measure", "value", "target", "met"], title="issue 12: card set targets")

    def met(self) -> bool:
        """Whether every target of :meth:`table` is met."""
        return all(r["met"] == "yes" for r in self.table())

    def report(self) -> str:
        """The measurement as text, in the terms of the design note."""
        n = len(self.results)
        lo, hi = self.spread
        lines = [f"{self.players}, {n} games ({n // 2} per Celeiro face, no deal played twice)"]
        if self.search:
            lines.append(f"MCTSBot({SEARCH_ITERATIONS}) vs GreedyBot, {len(self.search)} games "
                         f"({len(self.search) // 2} deals, seats swapped)")
        for k, est in self.first_player.items():
            lines.append(f"  first player's win share, {k:<7}: {est.value:.1%} [{est.lo:.1%}, {est.hi:.1%}]")
        lines.append(f"  card holders (pyramid or hand) win {lo['rate']:.1%} ({lo['held']}) to "
                     f"{hi['rate']:.1%} ({hi['held']})")
        if self.by_pyramid is not None:
            rates = self.by_pyramid.column("rate")
            lines.append(f"  counting the final pyramids only: {min(rates):.1%} to {max(rates):.1%}; the winner "
                         f"built {self.winner_built_share():.1%} of the cards built in games with one winner")
        lines.append(f"  mean final score {self.mean_score():.1f}, mean margin {self.mean_margin():.1f}")
        if self.seconds:
            lines.append("  time: " + ", ".join(f"{k} {v:.0f} s" for k, v in self.seconds.items()))
        out = ["\n".join(lines), self.table().format()]
        if self.stats:
            out.append(self.effect_use().format())
        table = Table(self.by_card, columns=self.by_card.columns, title=self.by_card.title, max_rows=0)
        out.append(table.format())
        return "\n\n".join(out)


def measure(games_per_face: int = GAMES_PER_FACE, seed: int = SEED, rules: Rules | None = None,
            processes: int | None = None, bots: Sequence[Any] | None = None,
            search_games: int = SEARCH_GAMES, search_iterations: int = SEARCH_ITERATIONS) -> CardBalance:
    """Play the two batches (see the module docstring) and measure them. ``rules`` picks
    another card set (``Rules(cards_file=...)``) or rule options; ``bots`` replaces the
    greedy pair of the first batch; ``search_games=0`` skips the search batch;
    ``processes=2`` uses two cores (same numbers)."""
    if games_per_face < 1:
        raise ValueError("games_per_face must be at least 1")
    if search_games < 0 or search_games % 2:
        raise ValueError("search_games must be an even number >= 0 (each deal is played twice)")
    players = list(bots) if bots is not None else [GreedyBot(), GreedyBot()]
    t0 = time.perf_counter()
    # one batch seed per Celeiro face: no deal is played under both faces (the two games
    # of one deal are not independent, and counting them as two would narrow the intervals)
    runs = {areas: sim.run_many("cows", players, games_per_face, seed=derive_seed(seed, areas), rules=rules,
                                progress=False, processes=processes, keep_log=True,
                                new_game_kwargs={"discard_areas": areas})
            for areas in (1, 2)}
    both = Results([g for res in runs.values() for g in res])
    stats = tuple(game_stats(g) for g in both)
    seconds = {"greedy batch": time.perf_counter() - t0}
    first = {"1 area": analysis.first_player_advantage(runs[1]),
             "2 areas": analysis.first_player_advantage(runs[2]),
             "all": analysis.first_player_advantage(both)}
    by_card = analysis.win_rate_by(both, "held", adjust="holm")
    by_pyramid = analysis.win_rate_by(both, "cards", adjust="holm")
    search, seats, search_stats = None, (), ()
    if search_games:
        t1 = time.perf_counter()
        mcts, greedy = MCTSBot(search_iterations), GreedyBot()
        deals = search_games // 2
        games: list[GameResult] = []
        seat_list: list[int] = []
        for areas, n in ((1, deals - deals // 2), (2, deals // 2)):
            kw = dict(seed=derive_seed(seed, 10 + areas), rules=rules, progress=False, processes=processes,
                      keep_log=True, new_game_kwargs={"discard_areas": areas})
            for mseat, order in ((0, [mcts, greedy]), (1, [greedy, mcts])):
                res = sim.run_many("cows", order, n, **kw)  # the same deals, seats swapped
                games += res
                seat_list += [mseat] * len(res)
        search, seats = Results(games), tuple(seat_list)
        search_stats = tuple(game_stats(g) for g in games)
        seconds["search batch"] = time.perf_counter() - t1
    return CardBalance(both, first, by_card, stats, search, seats, search_stats, seconds,
                       " vs ".join(type(b).__name__ for b in players), by_pyramid)


# ======================================================================
# The explore notebook's verdicts (notebooks/explore/cows_balance), shared with the
# replication test (tests/test_replication_balance.py)
# ======================================================================

#: the notebook's batches: games per Celeiro face for the first player, games per rule
#: variant, and their seeds; FINDINGS is what the notebook states with them
FIRST_PLAYER_GAMES = 2500
FIRST_PLAYER_PARTS = 2  # each face's games in two parts (a notebook cell stays under a minute)
FIRST_PLAYER_SEED = 40_000
VARIANT_GAMES = 300
VARIANT_SEED = 30_000

#: the notebook's findings at the sizes and seeds above (question -> "above"/"below" the
#: baseline it names, "up"/"down" for a rule variant's difference from the rulebook);
#: tests/test_replication_balance.py re-checks each on fresh seeds
FINDINGS: dict[str, str] = {
    "first player": "below",
    "no last turn: first_player_advantage": "up",
    "no last turn: steps": "down",
    "chain of one: steps": "down",
    "chain of one: mean_score": "up",
}


@dataclass(frozen=True)
class FirstPlayer:
    """The first player's win share over independent games (:func:`first_player_share`)."""

    estimate: Estimate  # over both Celeiro faces
    per_face: dict[int, Estimate]  # discard areas -> the same over that face's games
    verdict: str  # ovnilab.analysis.classify of the score test against one half

    def __str__(self) -> str:
        e = self.estimate
        return f"first player's win share, {e.n} games: {e.value:.3f} [{e.lo:.3f}, {e.hi:.3f}] (95% Wilson)"


def first_player_games(areas: int, games: int = FIRST_PLAYER_GAMES // FIRST_PLAYER_PARTS, seed: int = FIRST_PLAYER_SEED,
                       part: int = 0, bots: Sequence[Any] | None = None, processes: int | None = None,
                       rules: Rules | None = None) -> Results:
    """Part ``part`` of the first-player batch of one Celeiro face (``areas`` discard
    areas): ``games`` greedy games, the starter drawn as the rulebook says, from the batch
    seed ``derive_seed(derive_seed(seed, areas), part)``. Each face and part has its own
    deals, so all the games are independent; the parts only keep a notebook cell short."""
    players = list(bots) if bots is not None else [GreedyBot(), GreedyBot()]
    return sim.run_many("cows", players, games, seed=derive_seed(derive_seed(seed, areas), part), rules=rules,
                        progress=False, processes=processes, new_game_kwargs={"discard_areas": areas})


def first_player_share(runs: Iterable[Results]) -> FirstPlayer:
    """The first player's win share (a shared win counts half) over all the games of
    ``runs`` (:func:`first_player_games`, both Celeiro faces): one Wilson interval and one
    score test against one half (the question is the same under both faces), with each
    face's share beside it.

    Why not pair each deal with the starter swapped: the starter draws the same cards in
    both games, so such pairs vary about as much as two independent games (measured while
    writing this: a per-deal standard deviation of 0.38 over 800 deals, 0.0135 standard
    error against 0.0125 for as many independent games) and only halve the deals.
    """

    both = Results([g for res in runs for g in res])
    est = analysis.first_player_advantage(both)
    z = (est.value - 0.5) / math.sqrt(0.25 / est.n)
    p = analysis.proportion_pvalue(est.value * est.n, est.n, 0.5)
    faces = sorted({g.options["discard_areas"] for g in both})
    per_face = {a: analysis.first_player_advantage([g for g in both if g.options["discard_areas"] == a])
                for a in faces}
    return FirstPlayer(est, per_face, classify(z, p, 1))


def card_rates(games: Sequence[GameResult], confidence: float = 0.95, column: str = "cards") -> Table:
    """Win rate of each card's holder against the holders of the other cards, with the
    deals (game seeds) as clusters, Holm-adjusted over the cards.

    Why not against one half: counting the final pyramid (``column="cards"``), the
    player who built more cards, usually the winner, holds more of them, so the mean
    holder rate is above one half and every card looks strong against 1/2. With no card
    effect a card's holders would win as often as the holders of the others: ``others``
    is that rate, ``diff`` the card's rate minus it. ``se`` is the cluster (per-deal)
    standard error of the card's rate, ``naive_se`` the binomial one that treats every
    game as independent; ``diff_se`` is the cluster standard error of ``diff`` (the
    linearized ratio estimators of both rates, summed per deal); ``z = diff / diff_se``,
    ``p`` its two-sided normal p-value, ``p_holm`` Holm's adjustment over the m cards;
    ``lo``, ``hi`` the simultaneous interval of ``diff`` (Bonferroni, each at
    ``1 - (1 - confidence) / m``).
    """
    from scipy.stats import norm  # normal quantile and tails (imported when first needed)

    w: dict[str, dict[int, float]] = {}
    n: dict[str, dict[int, int]] = {}
    w_all: dict[int, float] = {}
    n_all: dict[int, int] = {}
    for g in games:
        for s in range(2):
            for card in g.extras[column][s]:
                share = g.win_share(s)
                w.setdefault(card, {}).setdefault(g.seed, 0.0)
                n.setdefault(card, {}).setdefault(g.seed, 0)
                w[card][g.seed] += share
                n[card][g.seed] += 1
                w_all[g.seed] = w_all.get(g.seed, 0.0) + share
                n_all[g.seed] = n_all.get(g.seed, 0) + 1
    m = len(w)
    z_sim = float(norm.ppf(1 - (1 - confidence) / (2 * max(m, 1))))
    total_w, total_n = math.fsum(w_all.values()), sum(n_all.values())
    rows = []
    for card in w:
        wins, held = math.fsum(w[card].values()), sum(n[card].values())
        rate = wins / held
        o_n = total_n - held
        other = (total_w - wins) / o_n
        se = math.sqrt(math.fsum((w[card][d] - rate * n[card][d]) ** 2 for d in w[card])) / held
        u = []
        for d in n_all:
            wc, nc = w[card].get(d, 0.0), n[card].get(d, 0)
            u.append((wc - rate * nc) / held - ((w_all[d] - wc) - other * (n_all[d] - nc)) / o_n)
        diff_se = math.sqrt(math.fsum(x * x for x in u))
        diff = rate - other
        z = diff / diff_se if diff_se > 0 else 0.0
        rows.append({column: card, "deals": len(w[card]), "n": held, "wins": wins, "rate": rate, "se": se,
                     "naive_se": math.sqrt(rate * (1 - rate) / held), "others": other, "diff": diff,
                     "diff_se": diff_se, "lo": diff - z_sim * diff_se, "hi": diff + z_sim * diff_se,
                     "z": z, "p": float(2 * norm.sf(abs(z)))})
    for row, p in zip(rows, analysis.holm([r["p"] for r in rows])):
        row["p_holm"] = p
    rows.sort(key=lambda r: (-r["rate"], r[column]))
    return Table(rows, max_rows=0, title=(
        f"win rate of each card's holder ({column}), {len(games)} games, deals as clusters; mean holder rate "
        f"{total_w / total_n:.3f}; diff = rate - others (the other cards' holders), p of diff = 0 Holm-adjusted "
        f"over {m} cards (p_holm); lo, hi: simultaneous {confidence:.0%} intervals of diff (Bonferroni)"))


def _first_share(g: GameResult) -> float:
    return g.win_share(0 if g.first_player is None else g.first_player)


def mean_score(g: GameResult) -> float:
    """The mean of the two final scores (a what-if metric)."""
    return (g.scores[0] + g.scores[1]) / 2


#: per-game values of the what-if metrics the notebook reads (name -> f(GameResult))
WHATIF_METRICS: dict[str, Any] = {"first_player_advantage": _first_share, "steps": lambda g: g.steps,
                                  "mean_score": mean_score}


#: the notebook's what-if variants, the rulebook first (the baseline)
VARIANTS: dict[str, Rules] = {
    "rulebook": Rules(),
    "no last turn": Rules(last_turn=False),
    "support both": Rules(support="both"),
    "chain of one": Rules(max_chain_flips=1),
    "most cattle wins ties": Rules(tie_break="most_cattle"),
}


def play_variants(variants: Mapping[str, Rules], games: int = VARIANT_GAMES, seed: int = VARIANT_SEED,
                  bots: Sequence[Any] | None = None, processes: int | None = None) -> dict[str, Results]:
    """The same ``games`` seeds under each rule set (common random numbers: the same
    deals, so a variant's effect is measured game by game), one discard area (the
    default Celeiro face, as in ``cows.new_game``)."""
    players = list(bots) if bots is not None else [GreedyBot(), GreedyBot()]
    return {name: sim.run_many("cows", players, games, seed=seed, rules=rules, progress=False, processes=processes)
            for name, rules in variants.items()}


def variant_verdicts(runs: Mapping[str, Results], metrics: Mapping[str, Any] | None = None,
                     alpha: float = 0.05, m: int | None = None) -> Table:
    """Each rule variant's paired difference from the first run (the rulebook), per metric.

    ``runs`` maps a variant to its games on the same seeds (``compare_variants(...).results``).
    For each variant and metric the games are paired by seed: ``diff`` is the mean of the
    per-game differences, ``lo``, ``hi`` its normal interval at the Bonferroni level
    ``1 - alpha / m`` for the m variant-metric pairs (all hold together with probability
    at least ``1 - alpha``), ``changed`` how many games the variant changed at all.
    ``verdict``: ``"same in every game"`` when no game changed (an interval of zero width
    is then exact, not a lack of data), else :func:`ovnilab.analysis.classify` of
    ``z = diff / se`` with Holm's adjustment over the m pairs, as "up"/"down".
    ``m`` adjusts as if there were ``m`` pairs when only some of a larger comparison
    were played (a replication of a few variants): the missing p-values count as 1,
    which never makes Holm less strict than over the full comparison.
    """
    from scipy.stats import norm  # normal quantile and tails (imported when first needed)

    metrics = dict(metrics or WHATIF_METRICS)
    names = list(runs)
    base = runs[names[0]]
    rows = []
    for metric, fn in metrics.items():
        b = [float(fn(g)) for g in base]
        for v in names[1:]:
            games = runs[v]
            if [g.seed for g in games] != [g.seed for g in base]:
                raise ValueError(f"variant {v!r} was not played on the baseline's seeds")
            d = [float(fn(g)) - x for g, x in zip(games, b)]
            mean = statistics.fmean(d)
            se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
            rows.append({"variant": v, "metric": metric, "value": statistics.fmean(fn(g) for g in games),
                         "diff": mean, "se": se, "changed": sum(x != 0 for x in d), "n": len(d),
                         "z": mean / se if se > 0 else 0.0})
    if m is not None and m < len(rows):
        raise ValueError(f"m = {m} is fewer than the {len(rows)} pairs compared")
    m = len(rows) if m is None else m
    z_sim = float(norm.ppf(1 - alpha / (2 * max(m, 1))))
    ps = [float(2 * norm.sf(abs(r["z"]))) for r in rows]
    for r, p, ph in zip(rows, ps, analysis.holm(ps + [1.0] * (m - len(rows)))):
        r.update(lo=r["diff"] - z_sim * r["se"], hi=r["diff"] + z_sim * r["se"], p=p, p_holm=ph)
        if r["changed"] == 0:
            r["verdict"] = "same in every game"
        else:
            r["verdict"] = (classify(r["z"], ph, m, alpha)
                            .replace("above", "up").replace("below", "down"))
    return Table(rows, columns=["variant", "metric", "value", "diff", "lo", "hi", "changed", "n", "p_holm",
                                "verdict"], max_rows=0,
                 title=(f"each variant minus {names[0]} on the same {len(base)} seeds (paired); lo, hi: "
                        f"simultaneous {1 - alpha:.0%} normal intervals (Bonferroni over {m}); "
                        f"p_holm: Holm over {m}"))


def card_verdicts(cards: Table) -> dict[str, str]:
    """Each card of :func:`card_rates` -> :func:`ovnilab.analysis.classify` of its
    difference from the other cards' holders (m = the number of cards)."""

    column = cards.columns[0]
    return {r[column]: classify(r["z"], r["p_holm"], len(cards)) for r in cards}


def findings(first: FirstPlayer, cards: Table, variants: Table) -> dict[str, str]:
    """Every verdict of the notebook, question -> verdict; the findings among them
    ("above"/"below"/"up"/"down") at the notebook's sizes and seeds are :data:`FINDINGS`."""
    out = {"first player": first.verdict}
    out.update({f"card: {k}": v for k, v in card_verdicts(cards).items()})
    for r in variants:
        out[f"{r['variant']}: {r['metric']}"] = r["verdict"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: print :meth:`CardBalance.report`."""
    ap = argparse.ArgumentParser(prog="python -m ovnilab.cows.balance", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES_PER_FACE, help="greedy games per Celeiro face")
    ap.add_argument("--search-games", type=int, default=SEARCH_GAMES,
                    help="MCTS vs greedy games (even: each deal twice, seats swapped; 0 skips them)")
    ap.add_argument("--seed", type=int, default=SEED, help="the batch seed (sim.run_many)")
    ap.add_argument("--cards-file", default=None, help="another card set (Rules.cards_file)")
    ap.add_argument("--processes", type=int, default=None, help="worker processes (default: in-process)")
    args = ap.parse_args(argv)
    try:
        rules = Rules(cards_file=args.cards_file)
        result = measure(args.games, args.seed, rules, args.processes, search_games=args.search_games)
    except ValueError as exc:
        ap.error(str(exc))
    print(result.report())
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
