"""A small OpenSpiel game written out whole, as Gambit's extensive form (EFG):
:func:`to_efg` writes the tree, which ``pyspiel.load_efg_game`` reads back as a game of
OpenSpiel's C++ core, and :func:`histories_by_infoset` groups a tree's decision
histories by information set.

A module of its own because it registers nothing and reads no ovnilab engine: it walks
any OpenSpiel game through OpenSpiel's own API (OpenSpiel's Kuhn poker as well as a
sub-game of :mod:`ovnilab.openspiel`), so a change to how a tree is written out
(Gambit's format, a solver's needs) stays apart from the adapter's games and states.
:mod:`ovnilab.openspiel` re-exports both names, where the OpenSpiel notebook imports
them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pyspiel

__all__ = ["histories_by_infoset", "to_efg"]


def _efg_text(text: str) -> str:
    """A name as an EFG string (its own quotes become apostrophes: EFG has no escape)."""
    return '"' + str(text).replace('"', "'") + '"'


def histories_by_infoset(state: Any, into: dict | None = None) -> dict[tuple[int, str], list[str]]:
    """Every decision history under ``state``, grouped by (player, information-state
    string): how many histories each information set holds tells a perfect-information
    sub-game (one each) from one rooted at a seat's worlds (``worlds_of``)."""
    into = {} if into is None else into
    if state.is_terminal():
        return into
    if state.is_chance_node():
        for o, _ in state.chance_outcomes():
            histories_by_infoset(state.child(o), into)
        return into
    into.setdefault((state.current_player(), state.information_state_string()), []).append(state.history_str())
    for a in state.legal_actions():
        histories_by_infoset(state.child(a), into)
    return into


def to_efg(game: Any, max_nodes: int = 200_000) -> str:
    """The whole tree of a small game as Gambit's extensive form, which
    ``pyspiel.load_efg_game`` reads back as a game of OpenSpiel's C++ core.

    Why: a sub-game of ovnilab's (``start``, ``worlds_of``) is a Python game, and
    OpenSpiel's solvers walk it through Python at every iteration (CFR on a few
    thousand states takes minutes). Written out once, the same tree is solved by the
    C++ ``pyspiel.CFRPlusSolver`` and ``pyspiel.exploitability`` in milliseconds. The
    information sets are the game's information-state strings (one EFG information set
    per string and player), chance probabilities are written as fractions, and each
    terminal node carries the game's returns. Raises ``ValueError`` past ``max_nodes``
    nodes, or if one information set is given different legal actions."""
    lines: list[str] = []
    infosets: list[dict[str, tuple[int, list[str]]]] = [{} for _ in range(game.num_players())]
    count = {"nodes": 0, "chance": 0, "outcomes": 0}

    def walk(state: Any, depth: int) -> None:
        count["nodes"] += 1
        if count["nodes"] > max_nodes:
            raise ValueError(f"the game has more than {max_nodes} nodes: too big to write out whole "
                             "(a later start position, or a larger max_nodes)")
        pad = "  " * depth
        if state.is_terminal():
            count["outcomes"] += 1
            pay = " ".join(repr(float(r)) for r in state.returns())
            lines.append(f'{pad}t "" {count["outcomes"]} "" {{ {pay} }}')
            return
        if state.is_chance_node():
            count["chance"] += 1
            outcomes = state.chance_outcomes()
            branches = " ".join(f"{_efg_text(state.action_to_string(pyspiel.PlayerId.CHANCE, o))} "
                                f"{Fraction(p).limit_denominator(10**9)}" for o, p in outcomes)
            lines.append(f'{pad}c "" {count["chance"]} "" {{ {branches} }} 0')
            for o, _ in outcomes:
                walk(state.child(o), depth + 1)
            return
        player = state.current_player()
        legal = state.legal_actions()
        names = [state.action_to_string(player, a) for a in legal]
        key = state.information_state_string()
        number, known = infosets[player].setdefault(key, (len(infosets[player]) + 1, names))
        if known != names:
            raise ValueError(f"information set {number} of player {player} has different legal actions "
                             "in two of its histories")
        lines.append(f'{pad}p "" {player + 1} {number} "" {{ {" ".join(_efg_text(n) for n in names)} }} 0')
        for a in legal:
            walk(state.child(a), depth + 1)

    walk(game.new_initial_state(), 0)
    players = " ".join(_efg_text(f"Player {i + 1}") for i in range(game.num_players()))
    title = _efg_text(game.get_type().short_name)
    return f"EFG 2 R {title} {{ {players} }}\n" + "\n".join(lines) + "\n"
