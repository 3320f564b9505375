"""The determinization's contracts that mutation testing found unchecked (issue 38).

* the fallback search (:func:`_random_assignment`, for card sets too ambiguous to
  enumerate) finds an assignment consistent with what the seat sees whenever one exists,
  says so otherwise, and stays quick when seen backs pin a few cards among many
  look-alikes (the case that sends a hand-edited set to it);
* the exact posterior enumerates a group of exactly :data:`ENUMERATION_LIMIT`
  assignments, hands a bigger one to the fallback, and stays quick in the same case;
* :func:`relabelled` moves every card-indexed field and recomputes the legal moves.

The card sets here are synthetic (a face is a number, as in the engine's tables): a
hand-edited ``cards.toml`` can print one face on many cards.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import signal
from collections import Counter

import pytest

from ovnilab import cows
from ovnilab.cows import determinize as det
from ovnilab.cows.rules import EFFECT, check_invariants


def _card_set(pairs: list[tuple[int, int]]) -> tuple[dict, tuple]:
    """by_face and face_of, as the engine builds them, for cards printed (side A, side B)."""
    face_of = tuple(f for pair in pairs for f in pair)
    by_face: dict[int, list[tuple[int, int]]] = {}
    for c in range(len(pairs)):
        for u in (0, 1):
            by_face.setdefault(face_of[2 * c + u], []).append((c, u))
    return {f: tuple(v) for f, v in by_face.items()}, face_of


def _consistent(pick: list, cons: tuple, face_of: tuple) -> bool:
    """Distinct cards, each showing its position's face and hiding its seen back."""
    if len({c for c, _u in pick}) != len(pick):
        return False
    return all(face_of[2 * c + u] == face and (back < 0 or face_of[2 * c + 1 - u] == back)
               for (c, u), (face, back) in zip(pick, cons))


def _every(cons: tuple, face_of: tuple) -> list[list]:
    """Brute force: every consistent assignment of distinct cards and sides."""
    n = len(face_of) // 2
    pairs = [(c, u) for c in range(n) for u in (0, 1)]
    return [list(p) for p in itertools.product(pairs, repeat=len(cons)) if _consistent(list(p), cons, face_of)]


def _random_views(rng: random.Random, count: int = 400):
    """Small random card sets (faces 0 to 2, so a seen back can be face 0, and a view may
    show a face no card prints) with a random view each: (by_face, face_of, cons)."""
    for _ in range(count):
        by_face, face_of = _card_set([(rng.randrange(3), rng.randrange(3)) for _ in range(rng.randint(2, 4))])
        cons = tuple((rng.randrange(3), rng.choice([-1, -1, 0, 1, 2])) for _ in range(rng.randint(1, 3)))
        yield by_face, face_of, cons


@contextlib.contextmanager
def _within(seconds: float):
    """Fail when the block runs longer than ``seconds`` of wall time."""
    def stop(signum, frame):
        raise TimeoutError

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    late = False
    try:
        yield
    except TimeoutError:
        late = True  # failed below, outside the handler: no chained deep traceback
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    if late:
        pytest.fail(f"took more than {seconds} s", pytrace=False)


def _pinned_among_look_alikes(free: int, pinned: int) -> tuple[tuple, dict, tuple]:
    """``free + pinned`` cards all showing face 1, each with its own back; the seat has
    seen the backs of ``pinned`` of them. The constraints are sorted as the engine sorts
    them (an unseen back, -1, first)."""
    n = free + pinned
    by_face, face_of = _card_set([(1, 100 + c) for c in range(n)])
    cons = tuple(sorted([(1, -1)] * free + [(1, 100 + c) for c in range(free, n)]))
    return cons, by_face, face_of


# ------------------------------------------------------------ the fallback search
def test_the_fallback_finds_a_consistent_assignment_exactly_when_one_exists():
    """Small random card sets and views: the search answers with a consistent assignment
    when brute force finds one, and refuses with its reason when none exists."""
    rng = random.Random(38)
    solvable = refused = 0
    for by_face, face_of, cons in _random_views(rng):
        if _every(cons, face_of):
            pick = det._random_assignment(cons, by_face, face_of, rng)
            assert _consistent(pick, cons, face_of), (face_of, cons, pick)
            solvable += 1
        else:
            with pytest.raises(RuntimeError, match="^no arrangement of the cards matches what this seat sees$"):
                det._random_assignment(cons, by_face, face_of, rng)
            refused += 1
    assert solvable > 50 and refused > 50


def test_the_posterior_lists_exactly_the_consistent_assignments():
    """Small random card sets and views: the groups' assignments, one per group in every
    combination, are exactly the consistent assignments (each once, so each equally
    likely); a view no assignment explains is refused with its reason (a face no card
    prints, or no way to give distinct cards)."""
    rng = random.Random(39)
    exact = refused = 0
    for by_face, face_of, cons in _random_views(rng):
        every = _every(cons, face_of)
        if every:
            groups = det._Model(cons, by_face, face_of).groups
            got = []
            for combo in itertools.product(*[picks for _ks, picks in groups]):
                pick: list = [None] * len(cons)
                for (ks, _picks), assignment in zip(groups, combo):
                    for k, cu in zip(ks, assignment):
                        pick[k] = cu
                got.append(pick)
            assert sorted(got) == sorted(every), (face_of, cons)
            exact += 1
        else:
            with pytest.raises(RuntimeError, match="^(a visible face matches no card of the card set"
                                                   "|no arrangement of the cards matches what this seat sees)$"):
                det._Model(cons, by_face, face_of)
            refused += 1
    assert exact > 50 and refused > 50


def test_the_fallback_keeps_a_seen_back_of_face_zero():
    """Face 0 is a face like any other: a seen back 0 pins the one card printing it."""
    by_face, face_of = _card_set([(5, 1), (5, 2), (5, 0), (5, 3), (5, 4)])
    cons = ((5, -1), (5, -1), (5, 0))
    picked = Counter()
    for seed in range(60):
        pick = det._random_assignment(cons, by_face, face_of, random.Random(seed))
        assert pick[2] == (2, 0)
        assert _consistent(pick, cons, face_of)
        picked.update(c for c, _u in pick[:2])
    assert sorted(picked) == [0, 1, 3, 4]  # the unseen ones are drawn among the rest


def test_the_fallback_is_quick_when_seen_backs_pin_cards_among_look_alikes():
    """34 cards show one face and four of them have shown their backs: the pinned cards
    are placed first, so the search never walks the look-alikes' permutations."""
    cons, by_face, face_of = _pinned_among_look_alikes(free=30, pinned=4)
    with _within(10):
        for seed in range(5):
            pick = det._random_assignment(cons, by_face, face_of, random.Random(seed))
            assert _consistent(pick, cons, face_of)


# ------------------------------------------------------------ the exact posterior
def test_a_group_of_exactly_the_limit_is_enumerated_and_a_bigger_one_is_not(monkeypatch):
    """ENUMERATION_LIMIT is the most assignments a group may have and still be
    enumerated (three look-alike cards in three places: 3! = 6 arrangements)."""
    by_face, face_of = _card_set([(7, 1), (7, 2), (7, 3)])
    cons = ((7, -1),) * 3
    monkeypatch.setattr(det, "ENUMERATION_LIMIT", 6)
    ((ks, picks),) = det._Model(cons, by_face, face_of).groups
    assert ks == (0, 1, 2)
    assert sorted(picks) == sorted(itertools.permutations([(0, 0), (1, 0), (2, 0)]))
    monkeypatch.setattr(det, "ENUMERATION_LIMIT", 5)
    with pytest.raises(det._TooMany):
        det._Model(cons, by_face, face_of)


def test_the_posterior_is_quick_and_exact_when_seen_backs_pin_cards_among_look_alikes():
    """17 cards show one face and ten have shown their backs: the seven unseen places
    take the seven other cards in any of 7! orders, each card equally likely anywhere."""
    cons, by_face, face_of = _pinned_among_look_alikes(free=7, pinned=10)
    with _within(10):
        model = det._Model(cons, by_face, face_of)
    ((ks, picks),) = model.groups
    assert len(picks) == 5040
    for k, (face, back) in enumerate(cons):
        where = Counter(pick[ks.index(k)] for pick in picks)
        if back >= 0:
            assert where == {(back - 100, 0): 5040}
        else:
            assert where == {(c, 0): 720 for c in range(7)}


# ------------------------------------------------------------ relabelling
def test_relabelling_moves_every_card_and_recomputes_the_legal_moves():
    """A random relabelling of mid-game positions (effects pending included) moves each
    card everywhere it is named, keeps what each seat has seen with it, answers the legal
    moves of the relabelled position (not the original's cached list), and its inverse
    gives the position back."""
    rng = random.Random(7)
    phases = set()
    for g in range(6):
        s = cows.new_game(seed=g, discard_areas=1 + g % 2)
        while not s.is_over():
            legal = s.legal_actions()  # fills the position's cache
            n = s.cards.num_cards
            new_of = list(range(n))
            rng.shuffle(new_of)
            up = [rng.randrange(2) for _ in range(n)]
            d = det.relabelled(s, new_of, up)
            check_invariants(d)
            assert d.up == up
            assert d.deck == [new_of[c] for c in s.deck]
            assert d.cel == [[new_of[c] for c in pile] for pile in s.cel]
            assert d.drawn == [new_of[c] for c in s.drawn]
            assert d.hand == [[new_of[c] for c in h] for h in s.hand]
            assert d.pyr == [[new_of[c] if c >= 0 else -1 for c in p] for p in s.pyr]
            assert d.stack == [(o, new_of[c], e) for o, c, e in s.stack]
            assert all(d.seen[new_of[c]] == s.seen[c] for c in range(n))
            assert all((d.touched >> new_of[c] & 1) == (s.touched >> c & 1) for c in range(n))
            fresh = d.clone()
            fresh.mark_arranged()  # forgets every cached answer
            assert d.legal_actions() == fresh.legal_actions() != []
            back = [0] * n
            for old, new in enumerate(new_of):
                back[new] = old
            again = det.relabelled(d, back, list(s.up))
            assert again == s
            assert again.legal_actions() == legal
            phases.add(s.phase)
            s.apply(rng.choice(legal))
    assert EFFECT in phases
