"""The conservation laws that every playout checks (``rules.check_invariants``) do fail.

The random-playout tests call ``check_invariants`` after every step; they would prove
nothing if it accepted a state whose pieces were not conserved. Each test here breaks one
law of a real mid-game position, by hand, and expects the law's own message.
"""

from __future__ import annotations

import random

import pytest

from ovnilab import cosmic
from ovnilab.cosmic import rules as R


@pytest.fixture
def midgame() -> cosmic.State:
    """A 4-player game 300 random steps in (a hand, a discard pile and colonies everywhere)."""
    s = cosmic.new_game(seed=3, num_players=4)
    rng = random.Random(3)
    for _ in range(300):
        s.apply(rng.choice(s.legal_actions()))
    assert not s.is_over()
    R.check_invariants(s)
    return s


def _broken(s: cosmic.State, match: str) -> None:
    with pytest.raises(AssertionError, match=match):
        R.check_invariants(s)


def test_a_ship_lost_or_added_is_seen(midgame):
    seat = midgame.offense
    midgame.warp[seat] += 1
    _broken(midgame, rf"seat {seat}: {midgame.nships + 1} ships instead of {midgame.nships}")


def _a_colony(s: cosmic.State, seat: int) -> int:
    """The index in ``s.ships`` of a planet where ``seat`` has ships."""
    return next(i for i in range(seat, len(s.ships), s.n) if s.ships[i] > 0)


def test_a_negative_count_is_seen(midgame):
    seat = 1
    planet = _a_colony(midgame, seat)
    midgame.warp[seat] += midgame.ships[planet] + 1  # the total still balances
    midgame.ships[planet] = -1
    _broken(midgame, f"seat {seat}: negative ships on a planet")


def test_a_negative_warp_is_seen(midgame):
    midgame.warp[1] = -1
    _broken(midgame, "seat 1: negative count")


def test_ships_being_lost_count_as_the_players(midgame):
    """A 'lose' task holds the ships still to be chosen: moved there, the count balances."""
    seat = 2
    planet = _a_colony(midgame, seat)
    midgame.ships[planet] -= 1
    midgame.tasks.append(("lose", seat, None, None, (planet,)))
    R.check_invariants(midgame)
    midgame.tasks.pop()
    _broken(midgame, f"seat {seat}: {midgame.nships - 1} ships instead of {midgame.nships}")


def test_a_gate_ship_without_its_origin_is_seen(midgame):
    seat = 2
    midgame.ships[_a_colony(midgame, seat)] -= 1
    midgame.gate[seat] += 1
    _broken(midgame, f"seat {seat}: origins")


@pytest.mark.parametrize("change", ["lost", "doubled"])
def test_a_card_lost_or_doubled_is_seen(midgame, change):
    hand = next(h for h in midgame.hands if h)
    if change == "lost":
        hand.pop()
    else:
        hand.append(hand[0])
    _broken(midgame, "cards not conserved")


def test_a_card_moved_between_places_is_conserved(midgame):
    hand = next(h for h in midgame.hands if h)
    midgame.discard.append(hand.pop())
    R.check_invariants(midgame)


def test_a_lost_destiny_card_is_seen(midgame):
    (midgame.ddeck or midgame.ddiscard).pop()
    _broken(midgame, "destiny cards not conserved")


def test_too_many_ships_removed_from_the_game_is_seen(midgame):
    seat = 0
    moved = midgame.nships - midgame.win_at + 1 - midgame.removed[seat]
    for i in range(seat, len(midgame.ships), midgame.n):
        take = min(moved, midgame.ships[i])
        midgame.ships[i] -= take
        midgame.removed[seat] += take
        moved -= take
    take = min(moved, midgame.warp[seat])
    midgame.warp[seat] -= take
    midgame.removed[seat] += take
    assert moved - take == 0
    _broken(midgame, f"seat {seat}: too many ships removed from the game")


def _fifth_foreign_colony(s: cosmic.State, seat: int) -> None:
    """Move ``seat``'s ships from its own colonies to foreign planets until it has the
    foreign colonies that win (the ship count balances)."""
    n, k = s.n, s.np
    home = [p for p in range(k * seat, k * seat + k) if s.ships[p * n + seat]]
    foreign = [p for p in range(len(s.ships) // n) if p // k != seat and not s.ships[p * n + seat]]
    for p in foreign[:s.win_at - s.foreign_colonies(seat)]:
        src = max(home, key=lambda q: s.ships[q * n + seat])
        s.ships[src * n + seat] -= 1
        s.ships[p * n + seat] += 1
    assert s.foreign_colonies(seat) == s.win_at


def test_a_winner_the_game_has_not_announced_is_seen(midgame):
    # rulebook: the game ends as soon as a player has five foreign colonies
    _fifth_foreign_colony(midgame, 1)
    _broken(midgame, f"seat 1: {midgame.win_at} foreign colonies and the game goes on")


def test_the_win_waits_while_a_deals_colonies_are_placed(midgame):
    # the deal's two colonies are placed first, then the check (its task in the stack)
    _fifth_foreign_colony(midgame, 1)
    midgame.tasks.insert(0, ("call", "_win_at_once"))
    R.check_invariants(midgame)


def test_before_issue_13_the_win_waits_for_the_end_of_the_encounter():
    s = cosmic.new_game(seed=3, num_players=4, rules=cosmic.Rules(before_issue_13=True))
    rng = random.Random(3)
    for _ in range(100):
        s.apply(rng.choice(s.legal_actions()))
    assert not s.is_over()
    _fifth_foreign_colony(s, 1)
    R.check_invariants(s)
