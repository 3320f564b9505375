"""Build cow-game positions for tests: a real game, then cards arranged by hand."""

from __future__ import annotations

from ovnilab import cows
from ovnilab.cows import rules as R


def card_of(state: cows.State, face: str, back: str | None = None) -> int:
    """A card that has ``face`` on one side (and ``back`` on the other, if given)."""
    t = state._t
    for c in range(state.cards.num_cards):
        names = [t.names[t.face_of[2 * c + u]] for u in (0, 1)]
        for u in (0, 1):
            if names[u] == face and (back is None or names[1 - u] == back):
                return c
    raise KeyError((face, back))


def _detach(state: cows.State, c: int) -> None:
    for pile in [state.deck, state.drawn, *state.cel, *state.hand]:
        if c in pile:
            pile.remove(c)
            return
    for p in (0, 1):
        if c in state.pyr[p]:
            slot = state.pyr[p].index(c)
            state.pyr[p][slot] = -1
            state.mask[p] &= ~(1 << slot)
            return
    raise AssertionError(f"card {c} is nowhere")


def _show(state: cows.State, c: int, face: str) -> None:
    t = state._t
    state.up[c] = 0 if t.names[t.face_of[2 * c]] == face else 1
    assert state.face(c).name == face


def blank(seed: int = 0, areas: int = 1, rules: cows.Rules | None = None, turn: int = 0) -> cows.State:
    """``turn``'s turn starts; every card is in the deck, hands and pyramids are empty."""
    s = cows.new_game(seed=seed, discard_areas=areas, rules=rules)
    s.starter = s.turn = turn
    s.phase = R.MAIN
    s._legal_cache = None
    return s


def to_hand(state: cows.State, seat: int, face: str, back: str | None = None) -> int:
    c = card_of(state, face, back)
    _detach(state, c)
    _show(state, c, face)
    state.hand[seat].append(c)
    state._legal_cache = None
    return c


def to_pyramid(state: cows.State, seat: int, slot: int, face: str, back: str | None = None) -> int:
    c = card_of(state, face, back)
    _detach(state, c)
    _show(state, c, face)
    state.pyr[seat][slot] = c
    state.mask[seat] |= 1 << slot
    state._legal_cache = None
    return c


def to_celeiro(state: cows.State, area: int, face: str, back: str | None = None) -> int:
    c = card_of(state, face, back)
    _detach(state, c)
    _show(state, c, face)
    state.cel[area - 1].append(c)
    state._legal_cache = None
    return c


def to_deck_bottom(state: cows.State, face: str, back: str | None = None) -> int:
    c = card_of(state, face, back)
    _detach(state, c)
    _show(state, c, face)
    state.deck.append(c)
    state._legal_cache = None
    return c


def empty_deck(state: cows.State) -> None:
    """Move every deck card to Celeiro 1 (keeps all cards accounted for)."""
    state.cel[0][:0] = state.deck
    state.deck.clear()
    state._legal_cache = None


def texts(state: cows.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def small_cards_file(tmp_dir) -> str:
    """A copy of the card file with only its first 12 cards (an edited, smaller set)."""
    from ovnilab.cows.data import data_dir

    text = (data_dir() / "cows" / "cards.toml").read_text(encoding="utf-8")
    parts = text.split("\n[[card]]\n")
    small = "\n[[card]]\n".join(parts[:13]) + "\n[celeiro]" + parts[-1].split("\n[celeiro]")[1]
    path = tmp_dir / "small_cards.toml"
    path.write_text(small, encoding="utf-8")
    return str(path)
