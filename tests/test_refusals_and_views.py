"""Where the rule tests did not look (issue 38's surviving mutants): a refusal names the
rule it applies, and a seat's view matches the state field by field, rebuilt by another
route than the view code's."""

from __future__ import annotations

import random

import pytest

from ovnilab import cows, ovni
from ovnilab.core import IllegalAction


def _touched_flip(seed: int):
    """A cow game at an immediate effect whose target pyramid holds a card already placed
    or flipped in this chain, and the flip of that card (or None)."""
    from ovnilab.cows.rules import EFFECT, Action

    g = cows.new_game(seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        if g.phase == EFFECT:
            p, eff = g.current_player, g.stack[-1][2]
            for target in (("own", "opponent") if eff.target == "any" else (eff.target,)):
                seat = p if target == "own" else 1 - p
                for slot, c in enumerate(g.pyr[seat]):
                    if c >= 0 and g.touched >> c & 1:
                        return g, Action("fx", target, slot, g.face(c).name, None)
        g.apply(rng.choice(g.legal_actions()))
    return None


def test_a_card_touched_in_the_chain_is_refused_by_its_own_rule():
    """The cow game's chain rule: a card placed or flipped in this chain cannot be flipped
    again, and the refusal says so (not another rule's words), leaving the game as it was."""
    found = [f for f in (_touched_flip(s) for s in range(40)) if f is not None]
    assert len(found) >= 3, "no seeded game reached a flip of a card touched in its chain"
    for g, flip in found:
        before = g.to_json()
        with pytest.raises(IllegalAction, match="a card placed or flipped in this chain cannot be flipped again"):
            g.apply(flip)
        assert g.to_json() == before


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ovni_views_list_each_citys_mapping_tokens_seat_by_seat(n):
    """Each seat's view lists, for every city, the seats whose mapping token is on it:
    rebuilt here from the state's bitmask by reading its binary digits, and checked against
    the count of tokens each seat has placed."""
    rng = random.Random(n)
    checked = 0
    for seed in range(6):
        g = ovni.new_game(n, seed=seed)
        while not g.is_over() and len(g.log) < 400:
            for seat in range(n):
                v = g.observation(seat)
                for c, name in enumerate(g.board.names):
                    digits = format(g.mapped[c], "b")[::-1]
                    expected = [s for s, d in enumerate(digits) if d == "1"]
                    assert v["mapped"][name] == expected, (seed, len(g.log), seat, name)
                per_seat = [sum(name_seats.count(s) for name_seats in v["mapped"].values()) for s in range(g.ns)]
                assert per_seat == [bin(sum(1 << c for c in range(12) if g.mapped[c] >> s & 1)).count("1")
                                    for s in range(g.ns)]
                checked += sum(len(x) for x in v["mapped"].values())
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 0, "no seeded game mapped a city: the test saw nothing"


def test_each_military_activation_starts_with_no_opponent_attacked():
    """attack_distinct_targets bars a second attack on one opponent *within one military
    activation*: every activation starts with nobody attacked (issue 38: with the
    activation's reset set to another value, the first seat could not be attacked at all
    under this option, and every test passed)."""
    rules = ovni.Rules(attack_distinct_targets=True)
    activations = attacks = 0
    for seed in range(12):
        g = ovni.new_game(4, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            fight = [x for x in legal if x.kind in ("destroy", "capture")]
            a = rng.choice(fight) if fight else rng.choice(legal)  # a player who attacks when they can
            g.apply(a)
            if a.kind == "activate":
                activations += 1
                assert g.attacked == 0, (seed, len(g.log), "an activation starts with an opponent attacked")
            attacks += a.kind in ("destroy", "capture")
    assert activations > 50 and attacks > 20, (activations, attacks)
