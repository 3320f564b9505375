"""Build Ovni positions for tests: a real game, then pieces arranged by hand."""

from __future__ import annotations

from ovnilab import ovni
from ovnilab.ovni import rules as R

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def city(state: ovni.State, name: str) -> int:
    return state.board.names.index(name)


def actions_position(num_players: int = 4, seat: int = 0, seed: int = 1, rules=None) -> ovni.State:
    """A game at the start of ``seat``'s phase-2 turn with an empty board, no aliens and
    no abilities; tests then place exactly the pieces an example needs."""
    s = ovni.new_game(num_players, seed=seed, rules=rules, setup="random")
    ns = s.ns
    for p in range(ns):
        # return all pieces to a neutral state
        s.stock = [s.rules.stock_per_type - s.stock_removed] * 4
        s.aliens = [[0] * 4 for _ in range(ns)]
        s.captured = [[0] * 4 for _ in range(ns)]
        s.ufo = [[0] * 12 for _ in range(ns)]
        s.platform = [0] * ns
        s.reserve = [R.UFOS_PER_PLAYER] * ns
        s.mapped = [0] * 12
        s.map_tokens = [R.MAP_TOKENS_PER_PLAYER] * ns
        s.abilities = [() for _ in range(ns)]
        s.missions_kept = [() for _ in range(ns)]
    s.area_cards, s.area_slots = [], []
    s.deck = list(range(len(s.cards.alien_cards)))
    s.discard = []
    s.phase = R.ACTIONS
    s.order2 = [seat] + [p for p in range(num_players) if p != seat]
    s.turn_pos = 0
    s.actor = seat
    s.used_groups = 0
    s.group = -1
    s._legal_cache = None
    return s


def give(state: ovni.State, seat: int, **counts: int) -> None:
    """Give ``seat`` aliens from the stock without triggering builds."""
    for name, k in counts.items():
        t = R.ALIEN_TYPES.index(name)
        state.aliens[seat][t] += k
        state.stock[t] -= k
    state._legal_cache = None


def put_ufos(state: ovni.State, seat: int, where: dict[str, int]) -> None:
    for name, k in where.items():
        state.ufo[seat][city(state, name)] += k
        state.reserve[seat] -= k
    state._legal_cache = None
