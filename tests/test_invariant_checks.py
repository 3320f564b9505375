"""The invariant checkers catch what they promise (issue 38).

Every random-playout test trusts ``check_invariants``: a check weakened by a slip (a law
that always holds, a wrong bound) would let a broken engine through while every test stays
green, and mutation testing found exactly such slips surviving. Here each law is broken on
purpose, one at a time, on a copy of a valid position, and the checker must say which law
(its words); the valid position itself passes.
"""

from __future__ import annotations

import functools
import random
from typing import Callable

import pytest

from ovnilab import cosmic, cows, ovni


# ------------------------------------------------------------------------ cows
def _cow_position(predicate: Callable, seeds: int = 40, rules: cows.Rules | None = None) -> cows.State:
    """The first position of seeded random cow games where ``predicate`` holds."""
    for seed in range(seeds):
        g = cows.new_game(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not g.is_over():
            if predicate(g):
                cows.check_invariants(g)  # the untouched position passes
                return g
            g.apply(rng.choice(g.legal_actions()))
        if predicate(g):
            cows.check_invariants(g)
            return g
    raise AssertionError("no seeded cow game reached the position")


def _cows_mid(g) -> bool:
    return g.mask[0] == 0b111 and g.hand[0] and g.cel[0] and g.phase == 0 and len(g.deck) >= 4


def _exactly(words: str) -> str:
    """The checker's whole message (a pattern): a law's words with anything around them
    would be another message."""
    return f"^{words}$"


def _breaks(g, corrupt: Callable, words: str, check: Callable = cows.check_invariants) -> None:
    """``corrupt`` on a copy of ``g`` breaks the law ``check`` names in ``words``."""
    bad = g.clone()
    corrupt(bad)
    with pytest.raises(AssertionError, match=_exactly(words)):
        check(bad)


def _to_celeiro(g, c: int) -> None:
    g.cel[0].append(c)  # the Celeiro takes any number of cards: no other law breaks


def _hand_to_nowhere(g):
    g.hand[0].pop()


def _deck_card_to_celeiro(g):
    _to_celeiro(g, g.deck.pop())


def _overfull_hand(g):
    for _ in range(4):  # an even number: the deck stays drawable two at a time
        g.hand[1].append(g.deck.pop())


def _row_one_taken(g):
    _to_celeiro(g, g.pyr[0][0])
    g.pyr[0][0] = -1
    g.mask[0] &= ~1


def _row_three_in_the_air(g):
    g.pyr[0][5], g.pyr[0][2] = g.pyr[0][2], -1  # row 2 slot 2 moved under row 3 slot 3
    g.mask[0] = 0b100011


def _one_drawn(g):
    g.drawn.append(g.deck.pop())
    _deck_card_to_celeiro(g)


def _two_drawn(g):
    g.drawn.extend([g.deck.pop(), g.deck.pop()])


COW_LAWS = [
    # every card is in exactly one place
    ("a card lost", _hand_to_nowhere, r"cards not accounted for: \[[\d, ]*\]"),
    ("a card twice", lambda g: g.hand[1].append(g.deck[0]), r"cards not accounted for: \[[\d, ]*\]"),
    ("a card from outside the box", lambda g: g.deck.append(g.cards.num_cards), r"cards not accounted for: \[[\d, ]*\]"),
    ("an odd deck", _deck_card_to_celeiro, "the deck is drawn two at a time"),
    ("two builds", lambda g: setattr(g, "built", 2), "one build per turn"),
    ("a side 2", lambda g: g.up.__setitem__(0, 2), r"a card lies side A \(0\) or side B \(1\) up"),
    ("a side -1", lambda g: g.up.__setitem__(0, -1), r"a card lies side A \(0\) or side B \(1\) up"),
    ("too many in hand", _overfull_hand, r"seat 1 holds \d+ cards"),
    ("a stale mask", lambda g: g.mask.__setitem__(0, g.mask[0] | 0b1000), "seat 0: pyramid mask out of date"),
    ("row 2 without row 1", _row_one_taken, "seat 0: row 2 before row 1 is complete"),
    ("a row-3 card in the air", _row_three_in_the_air, "seat 0: row 3 slot 3 has no supporting card"),
    ("one card drawn", _one_drawn, "draw takes two cards"),
    ("keep with nothing drawn", lambda g: setattr(g, "phase", 1), "the keep choice needs two drawn cards"),
    ("drawn cards in the main phase", _two_drawn,
     r"drawn cards wait only for the keep choice \(or a build's effect\)"),
    ("an effect phase with no effect", lambda g: setattr(g, "phase", 3), "an effect phase needs a pending effect"),
    ("over with a player to act", lambda g: setattr(g, "over", True), "a finished game has nobody to act"),
    ("a stall past its limit", lambda g: setattr(g, "stall", g.rules.stall_limit + 1), "the stall count stops at its limit"),
]


@pytest.mark.parametrize("law", COW_LAWS, ids=[law[0] for law in COW_LAWS])
def test_the_cow_checker_names_each_broken_law(law):
    _, corrupt, words = law
    g = _cow_position(_cows_mid)
    _breaks(g, corrupt, words)


def test_the_cow_checker_reads_the_support_option():
    """Under ``support="both"`` a row-3 card over one row-2 card is refused by the checker;
    the same pyramid passes under ``"any"`` (where play built it)."""
    def one_support(g):
        return g.mask[0] >> 4 & 1 and (g.mask[0] >> 1 & 1) != (g.mask[0] >> 2 & 1)

    g = _cow_position(one_support, rules=cows.Rules(support="any"))
    both = g.clone()
    both.rules = cows.Rules(support="both")
    with pytest.raises(AssertionError, match=_exactly("seat 0: row 3 slot 2 has no supporting card")):
        cows.check_invariants(both)


def test_the_cow_checker_reads_the_stall_limit():
    """A stall count past a limit of 1 is refused; the same count under a limit of 2
    passes."""
    g = _cow_position(_cows_mid, rules=cows.Rules(stall_limit=1))
    bad = g.clone()
    bad.stall = 2
    with pytest.raises(AssertionError, match=_exactly("the stall count stops at its limit")):
        cows.check_invariants(bad)
    bad.rules = cows.Rules(stall_limit=2)
    cows.check_invariants(bad)


def test_the_cow_checker_refuses_a_finished_game_without_its_reason():
    """A game ends with a complete pyramid or by the stall rule: a finished game with
    neither is refused."""
    g = _cow_position(lambda g: g.is_over() and cows.rules.FULL in g.mask)
    bad = g.clone()
    for p in (0, 1):
        if bad.mask[p] == cows.rules.FULL:
            _to_celeiro(bad, bad.pyr[p][5])
            bad.pyr[p][5] = -1
            bad.mask[p] &= ~(1 << 5)
    bad.stall = 0
    with pytest.raises(AssertionError, match=_exactly("a game ends with a complete pyramid or by the stall rule")):
        cows.check_invariants(bad)


# ------------------------------------------------------------------------ Ovni
@functools.lru_cache(maxsize=None)
def _ovni_position(n: int = 3) -> "ovni.State":
    """A 3-player Ovni game at the end of a placement (every seat has tokens on the board,
    one in hand) in the second round or later (UFOs on the board, aliens held)."""
    from ovnilab.ovni.rules.components import PLACEMENT

    for seed in range(30):
        g = ovni.new_game(n, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            placed = sum(len(sl) for sl in g.area_slots)
            if (g.phase == PLACEMENT and g.round >= 2 and placed == len(g.place_seq) - 1
                    and any(any(row) for row in g.ufo) and g.reserve[0] > 0 and any(g.human[c] >= 0 for c in range(12))):
                ovni.check_invariants(g)
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no seeded Ovni game reached the end of a placement")


def _ufo_cell(g, p: int) -> int:
    return next(c for c in range(12) if g.ufo[p][c] > 0)


def _negative_ufo(g):
    c = next(c for c in range(12) if g.ufo[0][c] == 0)
    g.ufo[0][c] = -1
    g.reserve[0] += 1


def _ninth_ufo(g):
    g.reserve[0] += 1


def _overfull_platform(g):
    extra = g.rules.platform_capacity + 1 - g.platform[0]
    g.platform[0] += extra
    while extra:  # taken from the reserve, then from the board: still 8 UFOs
        src = g.reserve if g.reserve[0] else None
        if src is not None:
            g.reserve[0] -= 1
        else:
            g.ufo[0][_ufo_cell(g, 0)] -= 1
        extra -= 1


def _negative_reserve(g):
    g.ufo[0][0] += g.reserve[0] + 1
    g.reserve[0] = -1


def _negative_aliens(g):
    g.stock[0] += g.aliens[0][0] + 1
    g.aliens[0][0] = -1


def _captured_more_than_held(g):
    g.captured[0][0] = g.aliens[0][0] + 1


def _token_not_owned(g):
    i, k = next((i, k) for i, sl in enumerate(g.area_slots) for k, (o, _) in enumerate(sl) if o == 0)
    g.area_slots[i][k] = (0, 99)


def _fifth_token_on_board(g):
    on_board = sum(o == 0 for sl in g.area_slots for o, _ in sl)
    for _ in range(5 - on_board):  # a token it owns, so only the count is wrong
        g.area_slots[0].append((0, g.tokens_owned[0][0]))


def _fifth_token_in_an_area(g):
    full = next(sl for sl in g.area_slots if len(sl) == 4)
    seat = min(range(g.ns), key=lambda s: sum(o == s for sl in g.area_slots for o, _ in sl))
    full.append((seat, g._hand_tokens(seat)[0]))


def _human_lost(g):
    c = next(c for c in range(12) if g.human[c] >= 0)
    g.human[c] = -1


def _human_recoloured(g):
    c = next(c for c in range(12) if g.human[c] >= 0)
    g.human[c] = (g.human[c] + 1) % 6


OVNI_LAWS = [
    ("a negative UFO count", _negative_ufo, "seat 0: negative UFO count"),
    ("a ninth UFO", _ninth_ufo, "seat 0: 9 UFOs instead of 8"),
    ("a platform over its capacity", _overfull_platform, r"seat 0: platform \d+"),
    ("a negative reserve", _negative_reserve, "seat 0: negative reserve"),
    ("a mapping token too many", lambda g: g.map_tokens.__setitem__(0, g.map_tokens[0] + 1), "seat 0: mapping tokens"),
    ("a negative alien count", _negative_aliens, "seat 0: negative alien count"),
    ("more captured than held", _captured_more_than_held, "seat 0: captured"),
    ("a sixth command token", lambda g: g.tokens_owned[0].append(1), "seat 0: command tokens"),
    ("a token from nowhere", _token_not_owned, "seat 0: token 99 on the board is not one of its tokens"),
    ("five tokens of one seat", _fifth_token_on_board, "seat 0: more than 4 command tokens on the board"),
    ("five tokens in an area", _fifth_token_in_an_area, "an area holds at most 4 command tokens"),
    ("a negative stock", lambda g: g.stock.__setitem__(1, -1), "alien type 1: negative stock"),
    ("an alien from nowhere", lambda g: g.stock.__setitem__(1, g.stock[1] + 1), "alien type 1 not conserved"),
    ("a human lost", _human_lost, "17 humans instead of 18"),
    ("a human of another category", _human_recoloured, r"category \d: \d pieces"),
    ("an alien card twice", lambda g: g.deck.append(g.deck[0]), "alien cards not conserved"),
]


@pytest.mark.parametrize("law", OVNI_LAWS, ids=[law[0] for law in OVNI_LAWS])
def test_the_ovni_checker_names_each_broken_law(law):
    _, corrupt, words = law
    _breaks(_ovni_position(), corrupt, words, ovni.check_invariants)


def test_the_ovni_checker_reads_the_platform_capacity():
    """A platform of 3 UFOs breaks the default capacity (2) and not a capacity of 3."""
    bad = _ovni_position().clone()
    while bad.platform[0] < 3:
        bad.platform[0] += 1
        if bad.reserve[0]:
            bad.reserve[0] -= 1
        else:
            bad.ufo[0][_ufo_cell(bad, 0)] -= 1
    with pytest.raises(AssertionError, match=_exactly("seat 0: platform 3")):
        ovni.check_invariants(bad)
    bad.rules = ovni.Rules(platform_capacity=3)
    ovni.check_invariants(bad)


# ---------------------------------------------------------------------- Cosmic
@functools.lru_cache(maxsize=None)
def _cosmic_position() -> "cosmic.State":
    """A 4-player Cosmic game in its third encounter or later, ships in the warp, cards in
    hands and in the discard pile."""
    for seed in range(20):
        g = cosmic.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.log) < 2000:
            if g.enc_no >= 3 and g.warp[0] > 0 and g.discard and g.hands[0] and g.gate[0] == 0:
                cosmic.check_invariants(g)
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no seeded Cosmic game reached its third encounter")


def _home_index(g, seat: int) -> int:
    """The ships list's index of ``seat``'s ships on a planet where it has some."""
    n = g.n
    return next(i for i in range(seat, len(g.ships), n) if g.ships[i] > 0)


def _negative_ships(g):
    i = next(i for i in range(0, len(g.ships), g.n) if g.ships[i] == 0)
    g.ships[i] = -1
    g.warp[0] += 1


def _negative_warp(g):
    g.ships[_home_index(g, 0)] += g.warp[0] + 1
    g.warp[0] = -1


def _too_many_removed(g):
    gone = g.nships - g.win_at + 1
    g.removed[0] += gone
    while gone:
        i = _home_index(g, 0) if any(g.ships[i] > 0 for i in range(0, len(g.ships), g.n)) else None
        if g.warp[0]:
            g.warp[0] -= 1
        else:
            g.ships[i] -= 1
        gone -= 1


COSMIC_LAWS = [
    ("negative ships on a planet", _negative_ships, "seat 0: negative ships on a planet"),
    ("a negative warp", _negative_warp, "seat 0: negative count"),
    ("too many ships removed", _too_many_removed, "seat 0: too many ships removed from the game"),
    ("a ship from nowhere", lambda g: g.warp.__setitem__(0, g.warp[0] + 1), r"seat 0: \d+ ships instead of 20"),
    ("a gate ship with no origin", lambda g: g.gate_from[0].append(0), "seat 0: origins"),
    ("a card twice", lambda g: g.hands[1].append(g.hands[0][0]), "cards not conserved"),
    ("a card lost", lambda g: g.discard.pop(), "cards not conserved"),
    ("a destiny card lost", lambda g: g.ddeck.pop(), "destiny cards not conserved"),
    ("over without winners", lambda g: setattr(g, "over", True), "a finished game has winners"),
    ("waiting for nobody", lambda g: g.tasks.clear(), "a running game waits for a decision"),
]


@pytest.mark.parametrize("law", COSMIC_LAWS, ids=[law[0] for law in COSMIC_LAWS])
def test_the_cosmic_checker_names_each_broken_law(law):
    _, corrupt, words = law
    _breaks(_cosmic_position(), corrupt, words, cosmic.check_invariants)


def test_the_cosmic_checker_wants_a_reason_for_the_end():
    g = _cosmic_position().clone()
    g.over, g.winners_, g.win_reason = True, [0], ""
    with pytest.raises(AssertionError, match=_exactly("a finished game says why it ended")):
        cosmic.check_invariants(g)
