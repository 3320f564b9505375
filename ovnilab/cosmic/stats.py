"""Numbers about Cosmic Encounter for the analyses and the game-theory lessons.

Three groups, each built on the engine's rules:

* **Per-game data for batches.** :func:`result_extras` is what a finished game reports to
  :mod:`ovnilab.sim` (each seat's alien, home colonies, ships in the warp, cards; the
  game's turns and encounters), so :func:`ovnilab.analysis.win_rate_by` can group win
  rates by alien.
* **Encounter odds.** :func:`resolve_cards` is the rulebook's comparison of two revealed
  encounter cards (morph copies, attack against attack by totals with ties to the
  defense, a negotiate loses to an attack and is compensated, two negotiates deal).
  :func:`encounter_odds` averages it exactly over cards drawn from the cosmic deck;
  :func:`odds_table` tabulates the offense's chances by ships on each side. The tests
  check :func:`resolve_cards` against full encounters played by the engine.
* **Encounters played by the engine.** :func:`arrange_encounter` sets up a position by
  hand (hands, ships, aliens, the defender on top of the destiny deck) the way a teacher
  sets up a board, and :func:`play_encounter` plays one encounter through the real
  engine with fixed choices, returning what each main player gained
  (:class:`EncounterResult`). :func:`planning_game` turns that into the planning phase
  as a bimatrix game (:class:`ovnilab.theory.NormalFormGame`): each main player picks an
  encounter card from its hand, and the payoffs are the engine's outcomes weighed by
  :class:`Weights`. Powers (Pacifist, Macron, Loser, Warrior, ...) act because the
  engine applies them, not because this module knows them.

Arranging a position writes the state's fields directly (hands, ships, the destiny deck)
and then declares it the start of the game with ``State.mark_arranged``: undo and replay
stop there, and it cannot be saved as a replay. Only this module (inside the cosmic
package) does that.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..i18n import _, n_, pgettext
from ..sim import Table
from ..walk import advance
from . import rules as R
from .data import ATTACK
from .rules import PLANETS, SHIPS, Rules, State, new_game
from .rules.state import result_extras  # noqa: F401  (the engine reports it; the name stays here)
from .rules.odds import (_KIND, _VALUE, ENCOUNTER_FACES, _check_face, card_distribution,  # noqa: F401
                         outcome_probabilities, resolve_cards)

__all__ = [
    "result_extras",
    "ENCOUNTER_FACES",
    "card_distribution",
    "resolve_cards",
    "outcome_probabilities",
    "encounter_odds",
    "odds_table",
    "odds_matrix",
    "card_odds_table",
    "Weights",
    "EncounterResult",
    "arrange_encounter",
    "play_encounter",
    "planning_game",
    "QUIET_ANSWERS",
    "finish_encounter",
]

#: the answers that add nothing to an encounter: no artifact or flare, no alliance, no
#: second encounter (the rules notebooks play these to keep a demonstration on its point)
QUIET_ANSWERS = ("pass", "invite nobody", "decline", "end turn")


def finish_encounter(state: State, before: Any, seed: int = 0,
                     quiet: Sequence[str] = QUIET_ANSWERS) -> Any:
    """Play (quietly: :data:`QUIET_ANSWERS` first, else seeded choices) until the encounter
    is over, and return its result. ``before`` is ``state.last_result`` read while the
    encounter was still on: an action may end the encounter with no decision left, so
    the end is a new result, not a new encounter number."""
    advance(state, lambda s: s.is_over() or s.last_result is not before, seed, quiet)
    return state.last_result

OFFENSE, DEFENSE = 0, 1


# ======================================================================
# Per-game data for sim.run_many
# ======================================================================


# ======================================================================
# Encounter odds from the rulebook's comparison of cards
# ======================================================================


def _dist_key(d: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((k, int(v)) for k, v in d.items() if v)


def encounter_odds(offense_ships: int, defense_ships: int, offense_card: str | None = None,
                   defense_card: str | None = None, deck: Mapping[str, int] | None = None,
                   offense_bonus: int = 0, defense_bonus: int = 0) -> dict[str, float]:
    """The exact chances of each outcome of an encounter with these ships.

    A card given by name is fixed; a card left ``None`` is drawn at random from the
    encounter cards of ``deck`` (face -> count; default the cosmic deck). When both are
    drawn they come from the same deck without replacement. Returns the probabilities
    of ``"offense"`` (win), ``"defense"`` and ``"deal"`` (two negotiates). Bonuses are
    added to a side's total (reinforcements, Warrior's tokens).
    """
    if offense_ships < 0 or defense_ships < 0:
        raise ValueError("ships cannot be negative")
    pool = card_distribution() if deck is None else {k: v for k, v in deck.items() if v}
    for face in pool:
        _check_face(face)
    for c in (offense_card, defense_card):
        if c is not None:
            _check_face(c)
    off = ((offense_card, 1),) if offense_card else _dist_key(pool)
    dfn = ((defense_card, 1),) if defense_card else _dist_key(pool)
    same = offense_card is None and defense_card is None
    po, pd, pdeal, _, _ = outcome_probabilities(off, dfn, offense_ships + offense_bonus,
                                                defense_ships + defense_bonus, same)
    return {"offense": po, "defense": pd, "deal": pdeal}


def odds_matrix(offense_ships: Sequence[int] = (1, 2, 3, 4), defense_ships: Sequence[int] = range(0, 9),
                offense_card: str | None = None, defense_card: str | None = None,
                outcome: str = "offense") -> list[list[float]]:
    """``encounter_odds(...)[outcome]`` for every pair of ship counts: one row per
    offense count, one column per defense count (for heatmaps)."""
    return [[encounter_odds(o, d, offense_card, defense_card)[outcome] for d in defense_ships]
            for o in offense_ships]


def odds_table(offense_ships: Sequence[int] = (1, 2, 3, 4), defense_ships: Sequence[int] = range(0, 9),
               offense_card: str | None = None, defense_card: str | None = None) -> Table:
    """The offense's chance to win, by ships on each side (rows: offense ships;
    columns ``d=k``: defense ships), cards as in :func:`encounter_odds`; prints as text."""
    rows = []
    for o in offense_ships:
        row: dict[str, Any] = {"offense ships": o}
        for d in defense_ships:
            row[f"d={d}"] = encounter_odds(o, d, offense_card, defense_card)["offense"]
        rows.append(row)
    what = (f"offense plays {offense_card}" if offense_card else "offense card from the deck") + ", " + (
        f"defense plays {defense_card}" if defense_card else "defense card from the deck")
    return Table(rows, title=f"P(offense wins): {what}", decimals=3)


def card_odds_table(offense_cards: Sequence[str] = ("attack 04", "attack 08", "attack 10", "attack 15", "attack 20",
                                                   "attack 40", "negotiate", "morph"),
                    offense_ships: int = 4, defense_ships: Sequence[int] = range(0, 9)) -> Table:
    """The offense's chance to win with each of ``offense_cards`` and ``offense_ships``
    against a defense card drawn from the rest of the deck (rows: offense card;
    columns ``d=k``: defense ships)."""
    deck = card_distribution()
    rows = []
    for card in offense_cards:
        _check_face(card)
        rest = dict(deck)
        rest[card] -= 1  # the offense holds this one
        row: dict[str, Any] = {"offense card": card}
        for d in defense_ships:
            row[f"d={d}"] = encounter_odds(offense_ships, d, card, None, deck=rest)["offense"]
        rows.append(row)
    return Table(rows, title=f"P(offense wins) with {offense_ships} offense ships, defense card from the deck",
                 decimals=3)


# ======================================================================
# Encounters played by the engine
# ======================================================================


@dataclass(frozen=True)
class Weights:
    """How much a colony, a ship and a card are worth, to turn an encounter's result
    into one number per player. Defaults: a foreign colony (a fifth of the win) is 1, a
    ship that leaves the warp or goes there 0.2, a card in hand 0.1. ``attack_point``
    charges the attack card played by its value (a high attack spent is a high attack
    no longer in hand); 0 by default: every card counts alike."""

    colony: float = 1.0
    ship: float = 0.2
    card: float = 0.1
    attack_point: float = 0.0


@dataclass(frozen=True)
class EncounterResult:
    """What one encounter played by the engine changed for the two main players.

    ``outcome``: the engine's (``"offense"``, ``"defense"``, ``"deal_made"``,
    ``"deal_failed"``); ``colonies``, ``ships`` and ``cards``: (offense, defense)
    changes in foreign colonies, ships outside the warp, and cards in hand (the encounter
    card played counts as spent); ``totals``: both sides' totals when both revealed
    attacks (else ``None``); ``played``: the two encounter cards; ``log``: the actions
    as text.
    """

    outcome: str
    colonies: tuple[int, int]
    ships: tuple[int, int]
    cards: tuple[int, int]
    totals: tuple[int, int] | None
    played: tuple[str, str]
    log: tuple[str, ...]

    def value(self, side: int, weights: Weights = Weights()) -> float:
        """The result for ``side`` (0 offense, 1 defense) as one number."""
        card = self.played[side]
        spent = _VALUE[card] if _KIND.get(card) == ATTACK else 0
        return (weights.colony * self.colonies[side] + weights.ship * self.ships[side]
                + weights.card * self.cards[side] - weights.attack_point * spent)


_FILLERS = ("Vulch", "Zombie", "Clone", "Filch", "Oracle")


def arrange_encounter(
    offense_hand: Sequence[str],
    defense_hand: Sequence[str],
    defense_ships: int = 4,
    aliens: tuple[str | None, str | None] = (None, None),
    tokens: tuple[int, int] = (0, 0),
    num_players: int = 3,
    seed: int = 0,
    hand_size: int | None = None,
) -> State:
    """A game at the start of an encounter of seat 0 (the offense) against seat 1 on
    the defender's first home planet, with these hands and ``defense_ships`` there.

    The other seats hold no cards and take no part. ``aliens`` gives the two main
    players' powers (``None``: no power; other seats have none); ``tokens`` presets
    Warrior's tokens. The defender's other ships are spread over its other home planets
    (``defense_ships`` from 0 to 16). No flares are in the deck. ``hand_size`` pads
    both hands with cards that are not encounter cards (reinforcements, then artifacts),
    so that compensation has cards to take. The remaining cards form the deck in a
    seeded random order. The game ends when the encounter's turn does
    (``Rules(turn_limit=1)``), so nothing of the next turn happens.
    """
    if not 0 <= defense_ships <= SHIPS - 4:
        raise ValueError(f"defense_ships must be 0..{SHIPS - 4}")
    n = num_players
    main = [a for a in aliens if a]
    powers = bool(main)
    if len(set(main)) != len(main):
        raise ValueError("the two main players need different aliens")
    # a study of one encounter: only the players holding a play are asked (its outcomes
    # are the same; the fast option analyses may use, see Rules.ask_holders_only)
    rules = Rules(flares=False, powers=powers, turn_limit=1, ask_holders_only=True)
    alien_list = None
    if powers:
        fill = [a for a in _FILLERS if a not in main]
        given = [aliens[0], aliens[1]] + [None] * (n - 2)
        alien_list = [a if a else fill.pop(0) for a in given]
    s = new_game(n, seed=seed, rules=rules, aliens=alien_list)
    if powers:
        s.alien = [aliens[0], aliens[1]] + [None] * (n - 2)
        s._set_powers()
    # cards: the two hands, everything else shuffled into the deck
    T = s.t
    pool = s._deal_named({0: offense_hand, 1: defense_hand})
    if hand_size is not None:
        fillers = sorted((c for c in pool if not T.is_enc[c]), key=lambda c: (T.kind[c], T.name[c], c))
        for h in (0, 1):
            while len(s.hands[h]) < hand_size:
                if not fillers:
                    raise ValueError("not enough cards to pad the hands")
                c = fillers.pop(0)
                pool.remove(c)
                s.hands[h].append(c)
    random.Random(seed).shuffle(pool)
    s.deck = pool
    # ships: the defender's first home planet holds defense_ships, the rest of its
    # twenty are spread over its other four home planets
    d, target = 1, PLANETS * 1
    rest = SHIPS - defense_ships
    for k in range(PLANETS):
        p = PLANETS * d + k
        s.ships[p * n + d] = defense_ships if p == target else rest // 4 + (1 if (k - 1) < rest % 4 else 0)
    s.warp = [0] * n
    s.tokens = [0] * n
    s.tokens[0], s.tokens[1] = tokens
    # destiny: the defender's colour on top
    if d in s.ddeck:
        s.ddeck.remove(d)
    else:
        s.ddiscard.remove(d)
    s.ddeck.append(d)
    s.turn_player = 0
    s.turn = 0
    s.flow = R.IDX_TURN_START
    s.tasks = []
    s._reset_encounter()
    s._legal_cache = None
    s._legal_set_cache = None
    s._run()
    s.mark_arranged()
    R.check_invariants(s)
    return s


@functools.lru_cache(maxsize=256)
def _arranged(offense_hand: tuple[str, ...], defense_hand: tuple[str, ...], defense_ships: int,
              aliens: tuple[str | None, str | None], tokens: tuple[int, int], num_players: int,
              seed: int, hand_size: int | None) -> State:
    return arrange_encounter(offense_hand, defense_hand, defense_ships, aliens, tokens, num_players, seed,
                             hand_size)


def _snapshot(s: State) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    return ((s.foreign_colonies(0), s.foreign_colonies(1)),
            (SHIPS - s.warp[0], SHIPS - s.warp[1]),
            (len(s.hands[0]) + len(s.hoard[0]), len(s.hands[1]) + len(s.hoard[1])))


def _deal_terms(legal: list[R.Action], deal: str) -> R.Action:
    """The offense's proposal: ``"swap"`` each lands one colony on the other's planet
    (no cards); ``"fail"`` no proposal (the deal fails)."""
    if deal == "swap":
        for a in legal:
            if a.kind == "propose" and a.a[1] == 0 and a.b[1] == 0 and a.a[2] and a.b[2]:
                return a
    return R.REJECT


def play_encounter(
    offense_card: str,
    defense_card: str,
    offense_ships: int = 4,
    defense_ships: int = 4,
    offense_hand: Sequence[str] | None = None,
    defense_hand: Sequence[str] | None = None,
    aliens: tuple[str | None, str | None] = (None, None),
    use_powers: Sequence[str] = (),
    tokens: tuple[int, int] = (0, 0),
    deal: str = "swap",
    num_players: int = 3,
    seed: int = 0,
    hand_size: int | None = None,
) -> EncounterResult:
    """Play one encounter through the engine and report what it changed.

    The offense (seat 0) aims at the defender's first home planet, where the defender
    (seat 1) has ``defense_ships``; it launches ``offense_ships`` from its home colonies;
    nobody is invited; each main player selects the given card from its hand (default:
    a hand of just that card). Optional powers named in ``use_powers`` are used when the
    engine offers them (e.g. ``("Loser",)`` declares the upset); every other window is
    passed. Two negotiates make a deal: ``deal="swap"`` (each lets the other place one
    colony, no cards; it is accepted) or ``"fail"`` (rejected: three ships each to the
    warp). Losses are taken from the first colonies the engine lists; compensation is
    drawn at random by the engine (only the number of cards matters here). ``hand_size``
    pads the hands (see :func:`arrange_encounter`).
    """
    if deal not in ("swap", "fail"):
        raise ValueError("deal must be 'swap' or 'fail'")
    oh = tuple(offense_hand) if offense_hand is not None else (offense_card,)
    dh = tuple(defense_hand) if defense_hand is not None else (defense_card,)
    if offense_card not in oh or defense_card not in dh:
        raise ValueError("each selected card must be in its player's hand")
    s = _arranged(oh, dh, defense_ships, tuple(aliens), tuple(tokens), num_players, seed, hand_size).clone()
    limit = s._max_ships(0)
    if not 1 <= offense_ships <= limit:
        raise ValueError(f"the offense may launch 1 to {limit} ships here, not {offense_ships}")
    before = _snapshot(s)
    target = s.pname[PLANETS]
    want = {0: offense_card, 1: defense_card}
    use = set(use_powers)
    for _step in range(500):
        if s.last_result is not None:
            break
        legal = s.legal_actions()
        texts = {str(a): a for a in legal}
        phase = s.phase
        if phase == "aim":
            a = texts[f"aim at {target}"]
        elif phase == "ships":
            _, _, purpose, sent, lo, _, _ = s.tasks[0]
            if purpose == "launch" and s.gate[0] < offense_ships:
                # launch from the colony with the most ships
                ships = [x for x in legal if x.kind == "ship" and x.a in s.pindex]
                a = max(ships, key=lambda x: s.ships[s.pindex[x.a] * s.n])
            elif sent >= lo and R.DONE in legal:
                a = R.DONE
            else:
                a = legal[0]
        elif phase == "select":
            a = texts[f"select {want[s.current_player]}"]
        elif phase == "window":
            powers = [x for x in legal if x.kind == "power" and x.a in use]
            a = powers[0] if powers else R.PASS
        elif phase == "deal":
            a = R.ACCEPT if R.ACCEPT in legal else _deal_terms(legal, deal)
        elif phase == "invite":
            a = texts["invite nobody"]
        elif phase in ("answer", "reinforce", "zap"):
            a = R.DECLINE if R.DECLINE in legal else R.PASS
        else:  # lose, place, regroup, reward, power choices: the first option
            a = legal[0]
        s.apply(a)
    if s.last_result is None:
        raise RuntimeError(f"the encounter did not finish (phase {s.phase})")
    after = _snapshot(s)
    diff = tuple(tuple(x - y for x, y in zip(a_, b_)) for a_, b_ in zip(after, before))
    lr = s.last_result
    return EncounterResult(
        outcome=lr["outcome"],
        colonies=diff[0],  # type: ignore[arg-type]
        ships=diff[1],  # type: ignore[arg-type]
        cards=diff[2],  # type: ignore[arg-type]
        totals=tuple(lr["totals"]) if lr["totals"] is not None else None,
        played=(offense_card, defense_card),
        log=tuple(str(a) for a in s.log),
    )


def _ships(k: int) -> str:
    return n_("{n} ship", "{n} ships", k)


def planning_game(
    offense_hand: Sequence[str],
    defense_hand: Sequence[str],
    offense_ships: int = 4,
    defense_ships: int = 4,
    aliens: tuple[str | None, str | None] = (None, None),
    use_powers: Sequence[str] = (),
    tokens: tuple[int, int] = (0, 0),
    deal: str = "swap",
    weights: Weights = Weights(),
    hand_size: int | None = 8,
    relative: bool = False,
    name: str = "",
) -> Any:
    """The planning phase as a bimatrix game: the offense (row) and the defense
    (column) each select one encounter card of their hand.

    Each cell is one encounter played by the engine (:func:`play_encounter`) with these
    ships, hands and powers; the payoffs are each main player's gains weighed by
    ``weights``. Strategies are the distinct encounter cards of each hand, in hand order.
    Hands are padded to ``hand_size`` cards that are not encounter cards (so that a
    negotiator's compensation finds cards to take, as in a real hand of eight).
    ``relative=True`` scores each player by its gain *minus the opponent's* (only the
    duel matters: a zero-sum game); the default scores each by its own gain (with other
    players at the table, a deal that helps both helps both against the rest).
    Returns an :class:`ovnilab.theory.NormalFormGame`.
    """
    from ..theory import NormalFormGame

    rows = list(dict.fromkeys(c for c in offense_hand if c in _KIND))
    cols = list(dict.fromkeys(c for c in defense_hand if c in _KIND))
    if not rows or not cols:
        raise ValueError("each hand needs an encounter card")
    a = [[0.0] * len(cols) for _ in rows]
    b = [[0.0] * len(cols) for _ in rows]
    for i, x in enumerate(rows):
        for j, y in enumerate(cols):
            r = play_encounter(x, y, offense_ships, defense_ships, offense_hand, defense_hand, aliens,
                               use_powers, tokens, deal, hand_size=hand_size)
            vo, vd = r.value(OFFENSE, weights), r.value(DEFENSE, weights)
            if relative:
                vo, vd = vo - vd, vd - vo
            a[i][j] = round(vo, 10)
            b[i][j] = round(vd, 10)
    if not name:
        who = [_("{side} ({alien})", side=w, alien=al) if al else w for w, al in zip((pgettext("player", "offense"), pgettext("player", "defense")), aliens)]
        name = _("{offense} {offense_ships} vs {defense} {defense_ships}", offense=who[0],
                 offense_ships=_ships(offense_ships), defense=who[1], defense_ships=_ships(defense_ships))
    return NormalFormGame(a, b, rows, cols, name=name, players=("offense", "defense"))
