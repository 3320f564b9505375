"""The rulebook's comparison of two revealed encounter cards, and the odds of each
outcome when the cards are drawn from known piles.

Pure rule functions on card names (no state): the bots' evaluation reads
:func:`outcome_probabilities`, and :mod:`ovnilab.cosmic.stats` builds its odds tables and
the lessons' encounter games on them. Powers are not applied here (the engine applies
them in the encounter).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Iterable

from ..data import ATTACK, MORPH, NEGOTIATE, load_data

__all__ = ["ENCOUNTER_FACES", "card_distribution", "resolve_cards", "outcome_probabilities"]


def _faces() -> tuple[tuple[str, int, int], ...]:
    g = load_data()
    return tuple((f.name, f.kind, f.value) for f in g.faces if f.kind <= MORPH)


#: the encounter card faces of the cosmic deck, in file order ("attack 00" ... "morph")
ENCOUNTER_FACES: tuple[str, ...] = tuple(name for name, _, _ in _faces())
_KIND = {name: kind for name, kind, _ in _faces()}
_VALUE = {name: value for name, _, value in _faces()}


def _check_face(card: str) -> None:
    if card not in _KIND:
        raise ValueError(f"{card!r} is not an encounter card; choose from {list(ENCOUNTER_FACES)}")


def card_distribution(cards: Iterable[str] | None = None) -> dict[str, int]:
    """How many encounter cards of each face: in ``cards`` (names, e.g. a hand or the
    cards a player cannot see), or in the whole cosmic deck (``None``). Other cards
    (reinforcements, artifacts, flares) are left out."""
    if cards is None:
        g = load_data()
        names = [g.faces[g.card_face[c]].name for c in range(g.deck_size)]
    else:
        names = list(cards)
    counts = Counter(x for x in names if x in _KIND)
    return {face: counts[face] for face in ENCOUNTER_FACES if counts[face]}


def resolve_cards(offense_card: str, defense_card: str, offense_strength: int, defense_strength: int,
                  double_morph: str = "attack0") -> tuple[str, str | None]:
    """Who wins an encounter once both cards are revealed, by the rulebook.

    ``*_strength`` is everything a side adds to its card's value: its ships (allies
    included), reinforcements and bonuses. Returns ``(winner, compensated)``: winner is
    ``"offense"``, ``"defense"`` or ``"deal"`` (two negotiates: the players must make a
    deal); ``compensated`` is the side that lost with a negotiate against an attack
    (it takes compensation), else ``None``. A morph copies the other card; two morphs
    count as attack 00 (``double_morph="attack0"``, the engine's default) or as
    negotiates (``"negotiate"``). Powers are not applied here: see :func:`play_encounter`.
    """
    _check_face(offense_card)
    _check_face(defense_card)
    ko, kd = _KIND[offense_card], _KIND[defense_card]
    vo, vd = _VALUE[offense_card], _VALUE[defense_card]
    if ko == MORPH and kd == MORPH:
        ko = kd = ATTACK if double_morph == "attack0" else NEGOTIATE
        vo = vd = 0
    elif ko == MORPH:
        ko, vo = kd, vd
    elif kd == MORPH:
        kd, vd = ko, vo
    if ko == ATTACK and kd == ATTACK:
        # rulebook: the higher total wins; ties go to the defense
        return ("offense" if vo + offense_strength > vd + defense_strength else "defense"), None
    if ko == ATTACK:
        return "offense", "defense"
    if kd == ATTACK:
        return "defense", "offense"
    return "deal", None


@functools.lru_cache(maxsize=65536)
def outcome_probabilities(offense_cards: tuple[tuple[str, int], ...], defense_cards: tuple[tuple[str, int], ...],
                          offense_strength: int, defense_strength: int,
                          same_pool: bool = False) -> tuple[float, float, float, float, float]:
    """The chances of each outcome when each side's card is drawn from a weighted list
    of faces (``((face, count), ...)``; one entry for a known card).

    Returns ``(offense wins, defense wins, deal, offense compensated, defense
    compensated)``. ``same_pool``: both cards come from one pool without replacement
    (the second draw has one card of the first's face fewer). Cached: bots call it in
    their evaluation.
    """
    total = p_off = p_def = p_deal = c_off = c_def = 0.0
    for a, ka in offense_cards:
        for b, kb in defense_cards:
            w = ka * (kb - (1 if same_pool and a == b else 0))
            if w <= 0:
                continue
            winner, comp = resolve_cards(a, b, offense_strength, defense_strength)
            total += w
            if winner == "offense":
                p_off += w
                if comp:
                    c_def += w
            elif winner == "defense":
                p_def += w
                if comp:
                    c_off += w
            else:
                p_deal += w
    if total == 0:
        raise ValueError("no pair of encounter cards can be drawn")
    return p_off / total, p_def / total, p_deal / total, c_off / total, c_def / total
