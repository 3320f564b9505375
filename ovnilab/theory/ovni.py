"""The Ovni bridge: the command-token contest of Ovni's recruitment phase as normal-form
games, for the lessons (and the class's bidding experiment).

:func:`bidding_game` (one area, two players) and :func:`allocation_game` (several areas, a
Colonel-Blotto cousin) take their payoffs from :func:`ovnilab.ovni.resolve_area`, the
engine's own rule function (equal values cancel, highest sum wins, ties to the opener),
and the token rules (tokens 2-6, one of each; face down / face up alternation; token 6
once per game, a cost ``six_cost``). :func:`area_winner` is the one place where token
choices become a placement sequence for ``resolve_area``.

A module of its own because it is the one part of the theory that reads a game's rules:
the normal-form games (:mod:`.normal_form`) know no board game. It lives in the theory
package rather than in ``ovnilab/ovni/``: :mod:`ovnilab.theory` re-exports it, so a module
outside the package that imported the theory back would make a cycle.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

import numpy as np

from ..i18n import _, n_
from ..ovni.rules import AREA_TIE_RULES, COMMAND_VALUES, resolve_area
from .normal_form import NormalFormGame, Player, _player


# ======================================================================
# The Ovni bridge: the command-token contest of the recruitment phase
# ======================================================================

Winner = Literal["row", "col"] | None


def area_winner(row_tokens: Sequence[int], col_tokens: Sequence[int], opener: Player | int = "row",
                tie: str = "earliest") -> Winner:
    """Who recruits one area's card when the row and column players put these tokens
    there, decided by :func:`ovnilab.ovni.resolve_area`.

    The placement order alternates, starting with ``opener`` (when the opener puts no
    token there, the other player opens): the order only matters to ``resolve_area``
    through who opened, i.e. who wins tied sums under ``tie``.
    """
    first = _player(opener)
    seqs = [list(row_tokens), list(col_tokens)]
    if not seqs[first]:
        first = 1 - first
    placements: list[tuple[str, int]] = []
    who = first
    while seqs[0] or seqs[1]:
        if seqs[who]:
            placements.append((("row", "col")[who], seqs[who].pop(0)))
        who = 1 - who
    return resolve_area(placements, tie)  # type: ignore[return-value]


def _check_common(tokens: Sequence[int], tie: str) -> tuple[int, ...]:
    if tie not in AREA_TIE_RULES:
        raise ValueError(f"tie must be one of {AREA_TIE_RULES}, got {tie!r}")
    t = tuple(tokens)
    if len(set(t)) != len(t) or any(v not in COMMAND_VALUES for v in t):
        raise ValueError(f"tokens must be distinct command values from {COMMAND_VALUES}, got {t}")
    return t


def _payoff_pair(winner: Winner, row_six: bool, col_six: bool, win: float, lose: float, nobody: float,
                 six_cost: float, zero_sum: bool) -> tuple[float, float]:
    if winner == "row":
        r, c = win, lose
    elif winner == "col":
        r, c = lose, win
    else:
        r = c = nobody
    r -= six_cost * row_six
    c -= six_cost * col_six
    if zero_sum:
        return r - c, c - r
    return r, c


def bidding_game(
    tokens_each: int = 1,
    information: Literal["rulebook", "simultaneous"] = "rulebook",
    tokens: Sequence[int] = COMMAND_VALUES,
    col_tokens: Sequence[int] | None = None,
    tie: str = "earliest",
    win: float = 1.0,
    lose: float = 0.0,
    nobody: float = 0.0,
    six_cost: float = 0.0,
    zero_sum: bool = False,
    cancelled_six_returns: bool = False,
) -> NormalFormGame:
    """One recruitment area, two players: the row player opens it, the column player
    follows, each puts ``tokens_each`` (1 or 2) of their command tokens there.

    ``tokens`` are the opener's tokens in hand, ``col_tokens`` the follower's (default:
    the same; e.g. without the 6 once a player has spent it). Payoffs: the card's winner
    gets ``win``, the other ``lose``; when nobody wins (all tokens cancelled, or a tie
    under ``tie="none"``) both get ``nobody``. A player who spends token 6 (once per game
    in the rulebook) pays ``six_cost``, also when an equal 6 cancels it (the engine's
    default reading, "a cancelled 6 is spent"); ``cancelled_six_returns=True`` is the
    other reading (``ovni.Rules(cancelled_six_returns=True)``): two 6s in the area cancel
    and go back to their owners, so neither pays. With ``zero_sum=True`` each payoff is
    own minus the opponent's, which is what decides a two-player race.

    Information, from the rulebook's face-down / face-up alternation (slots 1 and 3
    face down, 2 and 4 face up):

    * one token each: the opener's token is face down, so the follower chooses blind:
      a simultaneous game whatever ``information`` says (5 x 5 with all tokens);
    * two tokens each, ``"simultaneous"``: every choice blind, each player picks a
      pair (10 x 10) - what the game would be if all four tokens were face down;
    * two tokens each, ``"rulebook"``: order opener, follower, opener, follower. The
      opener's two tokens are face down, the follower's face up, so the opener sees
      the follower's first token before placing its second and the follower sees
      nothing. The opener's strategies are "first token, then a reply to each possible
      follower token" (5 x 4^5 = 5120 with all tokens), the follower's an ordered pair
      (20): solve it zero-sum (``zero_sum=True``) with the linear program.
    """
    t = _check_common(tokens, tie)
    tc = t if col_tokens is None else _check_common(col_tokens, tie)
    if tokens_each not in (1, 2):
        raise ValueError("tokens_each must be 1 or 2 (an area holds four tokens)")
    if information not in ("rulebook", "simultaneous"):
        raise ValueError(f"information must be 'rulebook' or 'simultaneous', got {information!r}")
    if min(len(t), len(tc)) < tokens_each:
        raise ValueError(f"{tokens_each} tokens each needs that many tokens in each hand, got {t} and {tc}")

    def pay(r: Sequence[int], c: Sequence[int]) -> tuple[float, float]:
        w = area_winner(r, c, "row", tie)
        # rulebook: equal commands cancel; whether a cancelled 6 is spent is the reading
        returned = cancelled_six_returns and 6 in r and 6 in c
        return _payoff_pair(w, 6 in r and not returned, 6 in c and not returned, win, lose, nobody,
                            six_cost, zero_sum)

    name = n_("one area, {n} token each", "one area, {n} tokens each", tokens_each)
    players = ("opener", "follower")
    if tokens_each == 1:
        cells = [[pay([r], [c]) for c in tc] for r in t]
        return NormalFormGame([[x[0] for x in row] for row in cells], [[x[1] for x in row] for row in cells],
                              [str(v) for v in t], [str(v) for v in tc], name, players)
    if information == "simultaneous":
        rp, cp = list(itertools.combinations(t, 2)), list(itertools.combinations(tc, 2))
        cells = [[pay(r, c) for c in cp] for r in rp]
        return NormalFormGame([[x[0] for x in row] for row in cells], [[x[1] for x in row] for row in cells],
                              [f"{x}+{y}" for x, y in rp], [f"{x}+{y}" for x, y in cp], _("{game} (blind)", game=name), players)
    # rulebook information: the opener's second token may depend on the follower's first
    col_moves = list(itertools.permutations(tc, 2))  # (first, second), both face up
    row_moves: list[tuple[int, tuple[int, ...]]] = []
    for r1 in t:
        rest = [v for v in t if v != r1]
        for reply in itertools.product(rest, repeat=len(tc)):
            row_moves.append((r1, reply))  # reply[k]: second token when the follower's first is tc[k]
    index = {v: k for k, v in enumerate(tc)}
    a = np.empty((len(row_moves), len(col_moves)))
    b = np.empty_like(a)
    cache: dict[tuple[int, int, int, int], tuple[float, float]] = {}
    for i, (r1, reply) in enumerate(row_moves):
        for j, (c1, c2) in enumerate(col_moves):
            key = (r1, reply[index[c1]], c1, c2)
            if key not in cache:
                cache[key] = pay([r1, key[1]], [c1, c2])
            a[i, j], b[i, j] = cache[key]
    row_labels = [f"{r1} then " + " ".join(f"{c}>{x}" for c, x in zip(tc, reply)) for r1, reply in row_moves]
    col_labels = [f"{c1} then {c2}" for c1, c2 in col_moves]
    return NormalFormGame(a, b, row_labels, col_labels, _("{game} (rulebook information)", game=name), players)


def _allocations(tokens: tuple[int, ...], areas: int, placed: int, per_area: int) -> list[tuple[tuple[int, ...], ...]]:
    out = []
    for chosen in itertools.combinations(tokens, placed):
        for where in itertools.product(range(areas), repeat=placed):
            split = tuple(tuple(v for v, w in zip(chosen, where) if w == k) for k in range(areas))
            if all(len(s) <= per_area for s in split):
                out.append(split)
    return out


def allocation_game(
    areas: int = 2,
    placed: int = 2,
    per_area: int = 2,
    tokens: Sequence[int] = COMMAND_VALUES,
    col_tokens: Sequence[int] | None = None,
    openers: Sequence[Player | int] | None = None,
    tie: str = "earliest",
    values: Sequence[float] | None = None,
    six_cost: float = 0.0,
    zero_sum: bool = False,
    cancelled_six_returns: bool = False,
) -> NormalFormGame:
    """Several recruitment areas: each player secretly splits ``placed`` of its tokens
    over ``areas`` areas (at most ``per_area`` each), then every area is resolved by
    :func:`ovnilab.ovni.resolve_area`. A Colonel-Blotto cousin: instead of "more troops
    wins", equal tokens cancel and ties go to the area's opener.

    ``openers[k]`` is the player who opens area ``k`` (default: row opens A, column
    opens B, row opens C, ...). ``values[k]`` is what the card of area ``k`` is worth to
    its winner (default 1 each); nobody-wins areas pay nothing. A player placing token 6
    pays ``six_cost`` (with ``cancelled_six_returns=True``, not when the other player's 6
    in the same area cancels it: see :func:`bidding_game`); ``zero_sum=True`` makes each
    payoff own minus the opponent's.

    Simplifications, said out loud in the lesson: choices are simultaneous (the
    face-up tokens would let later placements react), and at most ``per_area`` tokens
    per player per area (with two per area, an area's four slots always suffice and
    the no-three-in-a-row rule never bites). Placing is compulsory, as in the rulebook.
    """
    t = _check_common(tokens, tie)
    tc = t if col_tokens is None else _check_common(col_tokens, tie)
    if not 1 <= areas <= 4:
        raise ValueError("areas must be between 1 and 4 (the board has A-D)")
    if not 1 <= per_area <= 4 or not 1 <= placed <= min(len(t), len(tc), areas * per_area):
        raise ValueError("need 1 <= placed <= min(number of tokens, areas * per_area) and 1 <= per_area <= 4")
    opens = [k % 2 for k in range(areas)] if openers is None else [_player(o) for o in openers]
    if len(opens) != areas:
        raise ValueError(f"openers names {len(opens)} areas, the game has {areas}")
    vals = [1.0] * areas if values is None else [float(v) for v in values]
    if len(vals) != areas:
        raise ValueError(f"values names {len(vals)} areas, the game has {areas}")
    moves = _allocations(t, areas, placed, per_area)
    col_moves = _allocations(tc, areas, placed, per_area)
    letters = "ABCD"

    def label(split: tuple[tuple[int, ...], ...]) -> str:
        return " ".join(f"{letters[k]}:{'+'.join(map(str, s)) if s else '-'}" for k, s in enumerate(split))

    # an area's outcome depends only on the two players' tokens there: resolve each
    # distinct pair of area contents once, then add the areas up with numpy
    a = np.zeros((len(moves), len(col_moves)))
    b = np.zeros_like(a)
    for k in range(areas):
        rk = sorted({mv[k] for mv in moves})
        ck = sorted({mv[k] for mv in col_moves})
        won = np.zeros((len(rk), len(ck), 2))
        for x, r in enumerate(rk):
            for y, c in enumerate(ck):
                w = area_winner(r, c, opens[k], tie)
                if w is not None:
                    won[x, y, 0 if w == "row" else 1] = vals[k]
        ri = np.array([rk.index(mv[k]) for mv in moves])
        ci = np.array([ck.index(mv[k]) for mv in col_moves])
        a += won[ri[:, None], ci[None, :], 0]
        b += won[ri[:, None], ci[None, :], 1]
    row_six = np.array([[float(any(6 in s for s in mv))] for mv in moves])
    col_six = np.array([[float(any(6 in s for s in mv)) for mv in col_moves]])
    if cancelled_six_returns:
        # two 6s in one area cancel and return unspent: neither player pays for them
        both = np.array([[float(any(6 in r and 6 in c for r, c in zip(mv, cm))) for cm in col_moves]
                         for mv in moves])
        a -= six_cost * (row_six - both)
        b -= six_cost * (col_six - both)
    else:
        a -= six_cost * row_six
        b -= six_cost * col_six
    if zero_sum:
        a, b = a - b, b - a
    name = _("{areas} areas, {placed} tokens each", areas=areas, placed=placed)
    return NormalFormGame(a, b, [label(s) for s in moves], [label(s) for s in col_moves], name,
                          ("first player", "second player"))
