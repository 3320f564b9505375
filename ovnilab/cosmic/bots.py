"""Cosmic Encounter's bots: random, greedy (one decision ahead on a documented
evaluation) and information-set MCTS.

Every bot decides from its seat's :class:`~ovnilab.bots.PlayerView` only. The greedy and
search bots work on *determinizations* (``view.determinize(rng)``, i.e.
:meth:`ovnilab.cosmic.State.determinize`): full states in which what the seat cannot see
is dealt again at random. They are canonical (the sample depends on the seat's view and
the generator alone), so two positions that differ only in hidden cards give the same
samples, hence the same decisions; cards every player knows to be in a hand (a flare
being played, a card offered to the Vulch) and a hand the seat may look at (Barbarian's
loot, Hacker's compensation) stay as they are, so every legal action of the view is
legal in every sample.

The evaluation (:func:`position_values`)
    A seat's value is a sum of what the rulebook rewards and what keeps a player in the
    game, with the weights of :class:`Evaluation`: foreign colonies (five win), home
    colonies and a working power (three home colonies), ships outside and inside the
    warp, cards in hand, holding an encounter card, the attack values held, plus the
    *expected* result of the encounter under way. That expectation uses the exact odds of
    :func:`ovnilab.cosmic.stats.outcome_probabilities`: each side's card is the revealed
    one, or the card a main player would pick (its highest attack) when the evaluation
    may see that hand, or else a card drawn from the encounter cards the evaluating seat
    cannot see; each outcome is valued by the colonies, ships, compensation and rewards
    it moves. Powers enter through the engine's totals (Macron's ships, Warrior's tokens)
    but not into the odds (Pacifist, Loser and the like are left to the search bot).

Strength (measured on three-player games, each bot in each seat in turn, 95% Wilson
intervals): the greedy bot against two random bots wins 0.88 [0.72, 0.96] of 30 games;
MCTS with its defaults against two random bots 0.92 [0.65, 0.99] of 12; with one bot of
each kind at the table, MCTS 11, greedy 7 and random 0 wins of 18 games. (Measured
before the engine's determinizations became canonical; since then MCTS with 20
iterations won 13 of 18 games against two random bots (14 before), and the bots
notebook's six-game table gives MCTS 3.5, greedy 2.5, random 0 wins.)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..bots import PlayerView, RandomBot
from ..mcts import MCTSBot as _MCTSBot
from . import rules as R
from .data import ATTACK, MORPH, NEGOTIATE
from .rules import State
from .rules.odds import outcome_probabilities

__all__ = [
    "RandomBot",
    "GreedyBot",
    "MCTSBot",
    "Evaluation",
    "EVALUATION",
    "position_values",
    "heuristic_values",
]

_IDX_RESOLVE = R._FLOW.index(R.State._s_resolve)


@dataclass(frozen=True)
class Evaluation:
    """Weights of the greedy evaluation (points of "value"; a foreign colony is 10).

    ``deal`` is the share of a colony a main player expects from two negotiates (a deal
    usually lands one colony each, but may fail); ``temperature`` turns values into the
    win chances MCTS needs (:func:`heuristic_values`).
    """

    colony: float = 10.0
    win: float = 100.0
    home_colony: float = 1.0
    power: float = 2.0
    ship: float = 0.6
    warp_ship: float = 0.2
    card: float = 0.4
    encounter_card: float = 2.0
    attack_point: float = 0.03
    deal: float = 0.5
    temperature: float = 3.0


#: the default weights
EVALUATION = Evaluation()


# ======================================================================
# The evaluation
# ======================================================================


def _unseen_encounter_cards(s: State, viewer: int) -> tuple[tuple[str, int], ...]:
    """Encounter card faces ``viewer`` cannot see, with counts (the same in every
    determinization of its view)."""
    slots, hidden = s.hidden_places(viewer)
    T = s.t
    c = Counter(T.name[x] for slot in slots for x in slot if T.is_enc[x])
    c.update(T.name[s.card[side]] for side in hidden)
    return tuple(sorted(c.items()))


def _best_card(s: State, seat: int) -> str | None:
    """The card a main player is assumed to select: its highest attack, else a
    negotiate, else a morph (``None`` without encounter cards)."""
    T = s.t
    best = None
    best_key = None
    cards = s.hands[seat] + (s.hoard[seat] if s.hoard[seat] and s._hook_seat("hoard", seat) else [])
    for c in cards:
        k = T.kind[c]
        if k == ATTACK:
            key = (2, T.value[c])
        elif k == NEGOTIATE:
            key = (1, 0)
        elif k == MORPH:
            key = (0, 0)
        else:
            continue
        if best_key is None or key > best_key:
            best, best_key = T.name[c], key
    return best


def _card_options(s: State, side: int, viewer: int | None,
                  unseen: tuple[tuple[str, int], ...] | None) -> tuple[tuple[str, int], ...]:
    c = s.card[side]
    main = s.main(side)
    if c >= 0:
        if viewer is None or s.card_visible(side, viewer):
            return ((s.t.name[c], 1),)
        return unseen or ()
    if viewer is None or main == viewer:
        best = _best_card(s, main)
        if best is not None:
            return ((best, 1),)
        return unseen or ()
    return unseen or ()


def _strength(s: State, side: int) -> int:
    """Everything but the card in a side's total: ships (Macron counts 4), the
    reinforcements played, bonuses and Warrior's tokens."""
    tot = s.side_ships(side) + s.reinf[side] + s.bonus[side]
    main = s.main(side)
    if main >= 0 and s.has_power(main, "Warrior"):
        tot += s.tokens[main]
    return tot


def _encounter_pending(s: State) -> bool:
    return s.defender >= 0 and s.target >= 0 and s.flow <= _IDX_RESOLVE and not s.over


def _encounter_values(s: State, viewer: int | None, w: Evaluation,
                      unseen: tuple[tuple[str, int], ...] | None = None) -> list[float]:
    """Each seat's expected gain from the encounter under way (0 when none is).
    ``unseen``: the viewer's unseen encounter cards when already known."""
    n = s.n
    out = [0.0] * n
    if not _encounter_pending(s):
        return out
    o = s.outcome
    off, d, t = s.offense, s.defender, s.target
    loss = w.ship - w.warp_ship
    if o == "":
        if unseen is None and viewer is not None:
            unseen = _unseen_encounter_cards(s, viewer)
        oc = _card_options(s, 0, viewer, unseen)
        dc = _card_options(s, 1, viewer, unseen)
        if not oc or not dc:
            return out
        p_off, p_def, p_deal, c_off, c_def = outcome_probabilities(oc, dc, _strength(s, 0), _strength(s, 1))
    elif o == "offense":
        p_off, p_def, p_deal, c_off, c_def = 1.0, 0.0, 0.0, 0.0, 0.0
    elif o == "defense":
        p_off, p_def, p_deal, c_off, c_def = 0.0, 1.0, 0.0, 0.0, 0.0
    elif o in ("deal", "deal_made"):
        p_off, p_def, p_deal, c_off, c_def = 0.0, 0.0, 1.0, 0.0, 0.0
    elif o == "deal_failed":
        k = s.rules.deal_fail_ships
        out[off] -= k * loss
        out[d] -= k * loss
        return out
    else:
        return out
    win_at = s.win_at
    # the offense's side lands when it wins; its ships go to the warp when it loses
    for x in [off] + s.allies[0]:
        g = s.gate[x]
        if not g:
            continue
        if not s.colony(x, t):
            gain = w.colony + (w.win if s.foreign_colonies(x) + 1 >= win_at else 0.0)
            out[x] += p_off * gain
        out[x] -= p_def * g * loss
    # the defender loses its ships on the planet (and the colony) when the offense wins
    k = s.ships[t * n + d]
    if k:
        lost = k * loss
        if t // s.np == d:
            lost += w.home_colony
            if (s.home_colonies(d) == s.power_at and s.powers[d] is not None
                    and not s.powers[d].keeps_power):
                lost += w.power
        else:
            lost += w.colony
        out[d] -= p_off * lost
    for a in s.allies[1]:
        sa = s.side[a]
        out[a] += p_def * sa * w.card - p_off * sa * loss
    # compensation: the negotiator who lost takes a card per own ship lost
    if c_off:
        k_off = min(s.gate[off], len(s.hands[d]))
        out[off] += c_off * k_off * w.card
        out[d] -= c_off * k_off * w.card
    if c_def:
        k_def = min(k, len(s.hands[off]))
        out[d] += c_def * k_def * w.card
        out[off] -= c_def * k_def * w.card
    if p_deal:
        out[off] += p_deal * w.deal * w.colony
        out[d] += p_deal * w.deal * w.colony
    return out


def position_values(s: State, viewer: int | None = None, weights: Evaluation = EVALUATION,
                    unseen: tuple[tuple[str, int], ...] | None = None) -> list[float]:
    """Each seat's value (see the module docstring).

    ``viewer=None`` reads every card of ``s`` (for a determinization, where the cards
    are a sample anyway); ``viewer=k`` uses only what seat ``k`` may see: its own hand,
    the revealed cards, other hands only by size, and cards it cannot see as a pool.
    ``unseen`` passes that pool (encounter faces with counts) when the caller has it:
    the greedy bot computes it once per decision (a card drawn meanwhile is ignored).
    """
    w = weights
    n = s.n
    T = s.t
    vals = []
    moving: dict[int, tuple[int, int]] = {}  # card -> (giver, receiver) of a deal
    for side in (0, 1):
        for c in s.deal_picks[side]:
            moving[c] = (s.main(side), s.main(1 - side))
    for x in range(n):
        fc = s.foreign_colonies(x)
        v = w.colony * fc + (w.win if fc >= s.win_at else 0.0)
        v += w.home_colony * s.home_colonies(x) + (w.power if s.power_active(x) else 0.0)
        warp = s.warp[x]
        # (ships removed from the game count as neither: they are gone for good)
        v += w.ship * (s.nships - warp - s.removed[x]) + w.warp_ship * warp
        cards = s.hands[x] + s.hoard[x]
        if moving:
            # an accepted deal's chosen cards count for their receiver already (a card
            # another player picked is seen only where every card is read)
            cards = [c for c in cards if c not in moving] + [
                c for c, (giver, to) in moving.items() if to == x and viewer in (None, giver)]
        v += w.card * len(cards)
        if viewer is None or viewer == x:
            if any(T.is_enc[c] for c in cards):
                v += w.encounter_card
            v += w.attack_point * sum(T.value[c] for c in cards if T.kind[c] == ATTACK)
        elif cards:
            v += w.encounter_card  # a hand is very likely to hold one
        vals.append(v)
    enc = _encounter_values(s, viewer, w, unseen)
    return [a + b for a, b in zip(vals, enc)]


def heuristic_values(state: State, weights: Evaluation = EVALUATION) -> list[float]:
    """Per-seat values in [0, 1] summing to 1, for MCTS rollouts cut short: a softmax of
    :func:`position_values` (every card of ``state`` read: search bots call it on
    determinizations). A finished game gives the shared win. :class:`MCTSBot` calls it
    directly; an engine hook ``State.heuristic_values()`` returning it would let the
    generic :class:`ovnilab.mcts.MCTSBot` cut its rollouts on Cosmic too."""
    if state.over:
        win = state.winners()
        return [1.0 / len(win) if x in win else 0.0 for x in range(state.n)]
    v = position_values(state, None, weights)
    top = max(v)
    e = [math.exp((x - top) / weights.temperature) for x in v]
    z = sum(e)
    return [x / z for x in e]


def _relative(v: list[float], seat: int) -> float:
    """A seat's value minus the others' average: what it gains against the table (a
    deal that lands a colony for both main players is good for both)."""
    return v[seat] - (sum(v) - v[seat]) / (len(v) - 1)


# ======================================================================
# Deals, valued without playing them out
# ======================================================================


def _deal_choice(s: State, seat: int, legal: list[R.Action], w: Evaluation, rng: random.Random) -> R.Action:
    """The best of accepting, rejecting or proposing, for ``seat`` in a deal.

    Terms are valued directly: a colony is worth ``w.colony`` to whoever lands it, a card
    ``w.card`` (which cards the giver then picks is valued when it picks them), a failed deal costs each main player
    ``deal_fail_ships`` ships to the warp. A proposal counts only if the other player,
    valuing it the same way, prefers it to a failed deal."""
    base = position_values(s, seat, w)
    off, d = s.offense, s.defender
    other = d if seat == off else off
    fail = s.rules.deal_fail_ships * (w.ship - w.warp_ship)

    def after(delta_off: float, delta_def: float) -> list[float]:
        v = list(base)
        v[off] += delta_off
        v[d] += delta_def
        return v

    failed = after(-fail, -fail)

    def terms(a: R.Action) -> list[float]:
        (_, on, op), (_, dn, dp) = a.a, a.b
        return after(w.colony * bool(op) + w.card * (dn - on), w.colony * bool(dp) + w.card * (on - dn))

    options: list[tuple[float, R.Action]] = []
    for a in legal:
        if a.kind == "reject":
            options.append((_relative(failed, seat), a))
        elif a.kind == "accept":
            options.append((_relative(terms(s.deal_offer[1]), seat), a))  # type: ignore[index]
        elif a.kind == "propose":
            v = terms(a)
            if _relative(v, other) >= _relative(failed, other):
                options.append((_relative(v, seat), a))
    best = max(x for x, _ in options)
    ties = [a for x, a in options if x >= best - 1e-9]
    if R.ACCEPT in ties:  # a counter-proposal worth no more only risks the deal
        return R.ACCEPT
    return ties[rng.randrange(len(ties))]


# ======================================================================
# Bots
# ======================================================================


def _candidates(s: State, legal: list[R.Action]) -> list[R.Action]:
    """The actions worth scoring. Which colony a ship leaves from, or which colony a ship
    from the warp lands on, changes nothing the evaluation sees; so of the "ship from"
    actions only the one from the colony with the most ships is kept, and of "place
    ship on" / "regroup to" only the one onto the colony with the fewest (the first such
    colony in each case: home planets come first)."""
    kind = legal[0].kind if legal else ""
    same = [a for a in legal if a.kind == kind and isinstance(a.a, str) and a.a in s.pindex]
    if kind not in ("ship", "place", "regroup") or len(same) < 2:
        return legal
    seat = s.current_player
    n = s.n

    def count(a: R.Action) -> int:
        return s.ships[s.pindex[a.a] * n + seat]

    keep = max(same, key=count) if kind == "ship" else min(same, key=count)
    return [a for a in legal if a not in same or a == keep]


def _obvious(legal: list[R.Action], rng: random.Random) -> R.Action | None:
    """The action when there is nothing to weigh: the only legal one, or an alien to
    keep at set-up (chosen at random: no evaluation tells the aliens apart)."""
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == "alien":
        return legal[rng.randrange(len(legal))]
    return None


def _is_deal(legal: list[R.Action]) -> bool:
    return any(a.kind in ("propose", "accept") for a in legal)


#: actions that do nothing: preferred when they evaluate as well as anything else
_QUIET = frozenset({R.PASS, R.DONE, R.DECLINE, R.Action("invite", ())})


class GreedyBot:
    """Plays the action whose result scores best for it (its value minus the average
    of the others', :func:`position_values` seen from its seat) on ``samples``
    determinizations.

    One decision of the rulebook is often several actions here (launch = aim, then one
    ship at a time, then done); so after a candidate action, the bot keeps choosing its
    own next actions greedily (at most ``follow`` of them) before scoring, and "join the
    offense" is valued with the ships it would send. An encounter card is valued by the
    odds it gives against the cards the bot cannot see (selecting it in the sample would
    reveal the sampled opponent card at once). Deals are valued from their terms
    (see :func:`_deal_choice`); aliens at set-up are chosen at random (nothing is known
    yet). Ties go to the action that does nothing (pass, done, decline, invite nobody),
    else are broken at random.
    """

    name = "greedy"

    def __init__(self, samples: int = 1, follow: int = 6, weights: Evaluation = EVALUATION) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.follow = follow
        self.weights = weights

    def __repr__(self) -> str:
        return f"GreedyBot(samples={self.samples}, follow={self.follow})"

    def _score(self, s: State, seat: int, unseen: tuple[tuple[str, int], ...] | None) -> float:
        return _relative(position_values(s, seat, self.weights, unseen), seat)

    def _continue(self, s: State, seat: int, unseen: tuple[tuple[str, int], ...] | None) -> None:
        for _ in range(self.follow):
            if s.over or s.current_player != seat:
                return
            legal = s.legal_actions()
            if len(legal) > 1 and _is_deal(legal):
                return
            best = None
            best_v = -math.inf
            for a in _candidates(s, legal):
                t = s.clone()
                t.apply(a)
                v = self._score(t, seat, unseen)
                if v > best_v + 1e-9 or (abs(v - best_v) <= 1e-9 and a in _QUIET):
                    best, best_v = a, v
            s.apply(best)

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        obvious = _obvious(legal, rng)
        if obvious is not None:
            return obvious
        seat = view.seat
        if _is_deal(legal):
            return _deal_choice(view.determinize(rng), seat, legal, self.weights, rng)
        totals = [0.0] * len(legal)
        cands: list[R.Action] = []
        for _ in range(self.samples):
            base = view.determinize(rng)
            unseen = _unseen_encounter_cards(base, seat)
            cands = _candidates(base, legal)
            for i, a in enumerate(cands):
                s = base.clone()
                if a.kind == "select":
                    # value the card by its odds, not by one sampled opponent card
                    side = 0 if seat == s.offense else 1
                    s.card[side] = s._take_card(seat, a.a, bool(a.b))
                else:
                    s.apply(a)
                    self._continue(s, seat, unseen)
                totals[i] += self._score(s, seat, unseen)
        totals = totals[:len(cands)]
        best = max(totals)
        ties = [a for a, t in zip(cands, totals) if t >= best - 1e-9 * self.samples]
        quiet = [a for a in ties if a in _QUIET]
        if quiet:
            return quiet[0]
        return ties[rng.randrange(len(ties))]


class MCTSBot(_MCTSBot):
    """ISMCTS for Cosmic Encounter (see :mod:`ovnilab.mcts`) on the engine's canonical
    determinizations.

    Rollouts are cut after ``rollout_depth`` random actions (none by default: the
    position reached by the tree is scored at once) and scored with
    :func:`heuristic_values`; a random game to the end is hundreds of actions and says
    little about one decision, and random actions in Cosmic (random deals, random
    artifacts) mostly add noise. The exploration constant is small (``c=0.25``): the
    values of close alternatives (pass, or spend a card for little) differ by a few
    hundredths, and a larger ``c`` spreads the visits evenly over them, making the
    choice among them close to random.

    Deals, with up to hundreds of proposals, and decisions with more than
    ``max_actions`` options are left to the greedy bot (``fallback``): a few hundred
    iterations cannot tell that many actions apart. Aliens at set-up are chosen at random.
    """

    def __init__(self, iterations: int = 100, time_limit: float | None = None, c: float = 0.25,
                 rollout_depth: int | None = 0, max_actions: int = 40,
                 fallback: GreedyBot | None = None) -> None:
        super().__init__(iterations=iterations, time_limit=time_limit, c=c, rollout_depth=rollout_depth)
        self.max_actions = max_actions
        self.fallback = fallback if fallback is not None else GreedyBot()

    def __repr__(self) -> str:
        return (f"MCTSBot(iterations={self.iterations}, c={self.c}, rollout_depth={self.rollout_depth}, "
                f"max_actions={self.max_actions})")

    def _values(self, s: State) -> list[float]:  # type: ignore[override]
        # the evaluation lives here, not in the engine: no State hook is needed
        return heuristic_values(s)

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        obvious = _obvious(legal, rng)
        if obvious is not None:
            return obvious
        if len(legal) > self.max_actions or _is_deal(legal):
            return self.fallback.act(view, rng)
        return super().act(view, rng)
