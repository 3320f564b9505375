"""Two-player games in normal form and the classroom's tools for them.

:class:`NormalFormGame` (the payoff matrices with readable labels; it prints as a table)
and the textbook games; checking a strategy profile from the definition, independently of
any solver (:func:`expected_payoffs`, :func:`best_responses`, :func:`deviation_gains`,
:func:`is_equilibrium`); the equilibria nashpy finds (:func:`equilibria`, :func:`value`,
:class:`Equilibrium`); dominance and sequential play (:func:`dominated_strategies`,
:func:`iterated_elimination`, :func:`backward_induction`). Nothing here knows a board
game: the games built from Ovni's rules are :mod:`.ovni`, the pictures :mod:`.plots`
(:mod:`ovnilab.theory`'s docstring says why the solver is nashpy and how it is chosen).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import nashpy
import numpy as np

from ..i18n import _, pgettext


Player = Literal["row", "col"]

#: largest game (rows x columns) that ``method="auto"`` solves by vertex enumeration
VERTEX_LIMIT = 150


# ======================================================================
# Games
# ======================================================================


def _player(player: Player | int) -> int:
    if player in ("row", 0):
        return 0
    if player in ("col", "column", 1):
        return 1
    raise ValueError(f"player must be 'row' or 'col', got {player!r}")


class NormalFormGame:
    """A two-player game in normal form: payoff matrices and strategy labels.

    ``row_payoffs[i, j]`` and ``col_payoffs[i, j]`` are what the row and the column
    player get when row plays strategy ``i`` and column plays ``j``. Without
    ``col_payoffs`` the game is zero-sum (``col = -row``). Labels default to
    ``r0, r1, ...`` and ``c0, c1, ...``. The object is read-only: the arrays are
    copies with the write flag off.
    """

    def __init__(
        self,
        row_payoffs: Any,
        col_payoffs: Any | None = None,
        row_labels: Sequence[str] | None = None,
        col_labels: Sequence[str] | None = None,
        name: str = "",
        players: tuple[str, str] = ("row", "column"),
    ) -> None:
        a = np.array(row_payoffs, dtype=float)
        b = -a if col_payoffs is None else np.array(col_payoffs, dtype=float)
        if a.ndim != 2 or a.shape[0] == 0 or a.shape[1] == 0:
            raise ValueError(f"row_payoffs must be a non-empty matrix, got shape {a.shape}")
        if b.shape != a.shape:
            raise ValueError(f"col_payoffs has shape {b.shape}, row_payoffs {a.shape}")
        if not (np.all(np.isfinite(a)) and np.all(np.isfinite(b))):
            raise ValueError("payoffs must be finite numbers")
        m, n = a.shape
        rows = tuple(str(x) for x in (row_labels if row_labels is not None else (f"r{i}" for i in range(m))))
        cols = tuple(str(x) for x in (col_labels if col_labels is not None else (f"c{j}" for j in range(n))))
        if len(rows) != m or len(cols) != n:
            raise ValueError(f"{len(rows)} row labels / {len(cols)} column labels for a {m}x{n} game")
        a.flags.writeable = False
        b.flags.writeable = False
        self._a, self._b = a, b
        self.row_labels: tuple[str, ...] = rows
        self.col_labels: tuple[str, ...] = cols
        self.name = name
        self.players = (str(players[0]), str(players[1]))

    @property
    def row_payoffs(self) -> np.ndarray:
        """The row player's payoff matrix (read-only)."""
        return self._a

    @property
    def col_payoffs(self) -> np.ndarray:
        """The column player's payoff matrix (read-only)."""
        return self._b

    @property
    def shape(self) -> tuple[int, int]:
        """(number of row strategies, number of column strategies)."""
        return self._a.shape  # type: ignore[return-value]

    def payoffs(self, player: Player | int) -> np.ndarray:
        """The payoff matrix of ``player`` (rows are always the row player's strategies)."""
        return self._a if _player(player) == 0 else self._b

    def labels(self, player: Player | int) -> tuple[str, ...]:
        """The strategy labels of ``player``."""
        return self.row_labels if _player(player) == 0 else self.col_labels

    def index(self, player: Player | int, label: str) -> int:
        """Position of the strategy called ``label``."""
        labels = self.labels(player)
        if label not in labels:
            raise KeyError(f"{label!r} is not a strategy of the {self.players[_player(player)]} player")
        return labels.index(label)

    def is_zero_sum(self, tol: float = 1e-12) -> bool:
        """True when the payoffs add up to 0 in every cell."""
        return bool(np.all(np.abs(self._a + self._b) <= tol))

    def is_constant_sum(self, tol: float = 1e-12) -> bool:
        """True when the payoffs add up to the same number in every cell (a zero-sum game
        in disguise: it has the same equilibria)."""
        s = self._a + self._b
        return bool(np.all(np.abs(s - s.flat[0]) <= tol))

    def restrict(self, rows: Sequence[int] | None = None, cols: Sequence[int] | None = None) -> NormalFormGame:
        """The sub-game keeping only the given row and column strategies (by index)."""
        r = list(range(self.shape[0])) if rows is None else list(rows)
        c = list(range(self.shape[1])) if cols is None else list(cols)
        return NormalFormGame(
            self._a[np.ix_(r, c)], self._b[np.ix_(r, c)],
            [self.row_labels[i] for i in r], [self.col_labels[j] for j in c], self.name, self.players,
        )

    def to_nashpy(self) -> nashpy.Game:
        """The same game as a :class:`nashpy.Game`."""
        return nashpy.Game(np.array(self._a), np.array(self._b))

    def table(self, digits: int = 2, max_rows: int = 20, max_cols: int = 12) -> str:
        """The payoff table as text: each cell is ``row payoff, column payoff`` (only the
        row payoff in a zero-sum game). Large games are cut at ``max_rows`` x
        ``max_cols`` with a note."""
        m, n = self.shape
        zs = self.is_zero_sum()

        def num(x: float) -> str:
            x = round(float(x), digits)
            if x == 0:
                x = 0.0
            return f"{x:g}"

        rows = range(min(m, max_rows))
        cols = range(min(n, max_cols))
        cells = [[num(self._a[i, j]) if zs else f"{num(self._a[i, j])}, {num(self._b[i, j])}" for j in cols]
                 for i in rows]
        head = [self.col_labels[j] for j in cols]
        row_player = _shown_player(self.players[0])
        w0 = max([len(self.row_labels[i]) for i in rows] + [len(row_player)])
        ws = [max(len(head[k]), *(len(cells[i][k]) for i in range(len(cells)))) for k in range(len(head))]
        title = self.name or _("game")
        kind = _("zero-sum, row player's payoff") if zs else _("payoffs: row, column")
        lines = [_("{title} ({rows}x{columns}; {kind})", title=title, rows=m, columns=n, kind=kind)]
        lines.append(f"{row_player:<{w0}} | " + "  ".join(f"{h:>{w}}" for h, w in zip(head, ws)))
        lines.append("-" * len(lines[-1]))
        for i, row in zip(rows, cells):
            lines.append(f"{self.row_labels[i]:<{w0}} | " + "  ".join(f"{c:>{w}}" for c, w in zip(row, ws)))
        if m > max_rows or n > max_cols:
            lines.append(_("... showing {shown_rows} of {rows} rows and {shown_columns} of {columns} columns",
                           shown_rows=len(cells), rows=m, shown_columns=len(head), columns=n))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        kind = "zero-sum" if self.is_zero_sum() else "bimatrix"
        return f"<NormalFormGame {self.name or ''!s} {self.shape[0]}x{self.shape[1]} {kind}>"


#: the players' names the library gives (a game's ``players``), shown in the reader's
#: language (:mod:`ovnilab.i18n`); a name a lesson chose itself is shown as it is
_PLAYER_NAMES = {"row": lambda: pgettext("player", "row"), "column": lambda: pgettext("player", "column"),
                 "offense": lambda: pgettext("player", "offense"), "defense": lambda: pgettext("player", "defense"),
                 "opener": lambda: pgettext("player", "opener"), "follower": lambda: pgettext("player", "follower"),
                 "first player": lambda: pgettext("player", "first player"),
                 "second player": lambda: pgettext("player", "second player")}


def _shown_player(name: str) -> str:
    return _PLAYER_NAMES[name]() if name in _PLAYER_NAMES else name


# ----------------------------------------------------------- textbook games


def matching_pennies() -> NormalFormGame:
    """Matching pennies: row wins 1 on a match, column wins 1 otherwise. The only
    equilibrium is both mixing 50/50."""
    return NormalFormGame([[1, -1], [-1, 1]], None, ("heads", "tails"), ("heads", "tails"), _("matching pennies"))


def prisoners_dilemma() -> NormalFormGame:
    """The prisoner's dilemma (payoffs 3 reward, 0 sucker, 5 temptation, 1 punishment):
    defecting strictly dominates, so (defect, defect) is the only equilibrium although
    both prefer (cooperate, cooperate)."""
    a = [[3, 0], [5, 1]]
    b = [[3, 5], [0, 1]]
    return NormalFormGame(a, b, ("cooperate", "defect"), ("cooperate", "defect"), _("prisoner's dilemma"))


def battle_of_the_sexes() -> NormalFormGame:
    """Battle of the sexes: both want to meet, row prefers the opera (3 vs 2), column
    the football (3 vs 2), apart they get 0. Three equilibria: two pure, one mixed
    (row plays opera 3/5, column plays opera 2/5)."""
    a = [[3, 0], [0, 2]]
    b = [[2, 0], [0, 3]]
    return NormalFormGame(a, b, ("opera", "football"), ("opera", "football"), _("battle of the sexes"))


def rock_paper_scissors() -> NormalFormGame:
    """Rock-paper-scissors, win 1, lose -1: the unique equilibrium mixes uniformly."""
    a = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    s = ("rock", "paper", "scissors")
    return NormalFormGame(a, None, s, s, _("rock-paper-scissors"))


# ======================================================================
# Checking strategies (independent of the solver)
# ======================================================================

Strategy = Sequence[float] | Sequence[Fraction] | np.ndarray


def _is_exact(*sigmas: Strategy) -> bool:
    return all(isinstance(p, (Fraction, int)) for s in sigmas for p in s)


def _check_strategy(sigma: Strategy, n: int, who: str, tol: float = 1e-9) -> None:
    if len(sigma) != n:
        raise ValueError(f"the {who} strategy has {len(sigma)} probabilities, the player has {n} strategies")
    if _is_exact(sigma):
        if any(p < 0 for p in sigma) or sum(sigma) != 1:
            raise ValueError(f"the {who} strategy is not a probability vector: {list(sigma)}")
        return
    s = np.asarray(sigma, dtype=float)
    if np.any(s < -tol) or abs(float(s.sum()) - 1.0) > tol:
        raise ValueError(f"the {who} strategy is not a probability vector: {s.tolist()}")


def _fraction(x: float) -> Fraction:
    # payoffs are meant as short decimals (0.3 is 3/10, not the binary float near it)
    return Fraction(float(x)).limit_denominator(10**9)


def _exact_matrix_times(m: np.ndarray, sigma: Sequence[Fraction], along: int) -> list[Fraction]:
    """Exact ``m @ sigma`` (along=1) or ``sigma @ m`` (along=0) over the support only."""
    support = [k for k, p in enumerate(sigma) if p]
    values, inverse = np.unique(m, return_inverse=True)
    inverse = inverse.reshape(m.shape)
    fr = [_fraction(v) for v in values]
    if along == 1:
        return [sum((fr[inverse[i, k]] * sigma[k] for k in support), Fraction(0)) for i in range(m.shape[0])]
    return [sum((fr[inverse[k, j]] * sigma[k] for k in support), Fraction(0)) for j in range(m.shape[1])]


def _pure_payoffs(game: NormalFormGame, sigma_r: Strategy, sigma_c: Strategy) -> tuple[Any, Any]:
    """Each player's payoff from each of their pure strategies against the other's mix."""
    a, b = game.row_payoffs, game.col_payoffs
    if _is_exact(sigma_r, sigma_c):
        return (_exact_matrix_times(a, [Fraction(p) for p in sigma_c], 1),
                _exact_matrix_times(b, [Fraction(p) for p in sigma_r], 0))
    return a @ np.asarray(sigma_c, dtype=float), np.asarray(sigma_r, dtype=float) @ b


def _values(game: NormalFormGame, sigma_r: Strategy, sigma_c: Strategy) -> tuple[Any, Any, Any, Any]:
    """Validated strategies -> (row pure payoffs, column pure payoffs, row value, column value)."""
    m, n = game.shape
    _check_strategy(sigma_r, m, "row")
    _check_strategy(sigma_c, n, "column")
    ur, uc = _pure_payoffs(game, sigma_r, sigma_c)
    if _is_exact(sigma_r, sigma_c):
        vr = sum((Fraction(p) * u for p, u in zip(sigma_r, ur)), Fraction(0))
        vc = sum((Fraction(q) * u for q, u in zip(sigma_c, uc)), Fraction(0))
        return ur, uc, vr, vc
    return ur, uc, float(np.dot(np.asarray(sigma_r, float), ur)), float(np.dot(np.asarray(sigma_c, float), uc))


def expected_payoffs(game: NormalFormGame, sigma_r: Strategy, sigma_c: Strategy) -> tuple[Any, Any]:
    """The two players' expected payoffs when they mix with ``sigma_r`` and ``sigma_c``
    (exact :class:`~fractions.Fraction` values when both strategies are fractions)."""
    return _values(game, sigma_r, sigma_c)[2:]


def best_responses(game: NormalFormGame, player: Player | int, opponent: Strategy, tol: float = 1e-9) -> list[int]:
    """Indices of ``player``'s pure best responses to the opponent's (mixed) strategy
    ``opponent``: the strategies within ``tol`` of the best expected payoff."""
    p = _player(player)
    m, n = game.shape
    _check_strategy(opponent, n if p == 0 else m, "column" if p == 0 else "row")
    if _is_exact(opponent):
        fr = [Fraction(x) for x in opponent]
        u = _exact_matrix_times(game.payoffs(p), fr, 1 if p == 0 else 0)
        best = max(u)
        return [k for k, x in enumerate(u) if x == best]
    o = np.asarray(opponent, dtype=float)
    u = game.row_payoffs @ o if p == 0 else o @ game.col_payoffs
    return [int(k) for k in np.flatnonzero(u >= u.max() - tol)]


def deviation_gains(game: NormalFormGame, sigma_r: Strategy, sigma_c: Strategy) -> tuple[Any, Any]:
    """How much each player could gain by switching alone to their best pure strategy.

    Both are ``>= 0``; a profile is a Nash equilibrium exactly when both are 0 (checking
    pure deviations suffices: a mixed deviation's payoff is an average of pure ones).
    Exact fractions in, exact fractions out.
    """
    ur, uc, vr, vc = _values(game, sigma_r, sigma_c)
    if _is_exact(sigma_r, sigma_c):
        return max(ur) - vr, max(uc) - vc
    return max(float(np.max(ur)) - vr, 0.0), max(float(np.max(uc)) - vc, 0.0)


def is_equilibrium(game: NormalFormGame, sigma_r: Strategy, sigma_c: Strategy, tol: float = 1e-9) -> bool:
    """True when neither player gains more than ``tol`` by any pure deviation (exactly 0
    when both strategies are fractions). Independent of how the profile was found."""
    gr, gc = deviation_gains(game, sigma_r, sigma_c)
    if _is_exact(sigma_r, sigma_c):
        return gr == 0 and gc == 0
    return gr <= tol and gc <= tol


# ======================================================================
# Equilibria (solved by nashpy)
# ======================================================================


def format_strategy(labels: Sequence[str], sigma: Strategy, digits: int = 3) -> str:
    """A mixed strategy as text, support only: ``"5: 2/3, 6: 1/3"`` for fractions,
    ``"5: 0.667, 6: 0.333"`` otherwise (rounded to ``digits``)."""
    parts = []
    for lab, p in zip(labels, sigma):
        if isinstance(p, Fraction):
            if p:
                parts.append(f"{lab}: {p}")
        elif round(float(p), digits) != 0:
            parts.append(f"{lab}: {float(p):.{digits}f}")
    return ", ".join(parts) if parts else "(nothing above rounding)"


def _fmt_number(x: Any, digits: int) -> str:
    if isinstance(x, Fraction):
        return str(x)
    x = round(float(x), digits)
    return f"{0.0 if x == 0 else x:.{digits}f}"


@dataclass(frozen=True)
class Equilibrium:
    """One Nash equilibrium: each player's mixed strategy (floats, solver noise removed)
    and their expected payoffs. ``exact`` holds the same strategies as fractions when
    those fractions satisfy the equilibrium conditions exactly (else ``None``)."""

    row: tuple[float, ...]
    col: tuple[float, ...]
    payoffs: tuple[float, float]
    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    exact: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] | None = None
    exact_payoffs: tuple[Fraction, Fraction] | None = None
    players: tuple[str, str] = ("row", "column")

    @property
    def strategies(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The exact strategies when known, else the floats."""
        return self.exact if self.exact is not None else (self.row, self.col)

    def support(self, player: Player | int) -> list[str]:
        """Labels of the strategies ``player`` plays with positive probability."""
        s, labels = (self.row, self.row_labels) if _player(player) == 0 else (self.col, self.col_labels)
        return [lab for lab, p in zip(labels, s) if p > 0]

    def is_pure(self) -> bool:
        """True when both players play one strategy for sure."""
        return max(self.row) == 1.0 and max(self.col) == 1.0

    def describe(self, digits: int = 3, max_denominator: int = 100) -> str:
        """One line: ``row: ... | column: ... | payoffs (x, y)`` (with the game's
        player names): fractions when exact with denominators up to ``max_denominator``,
        else decimals rounded to ``digits``."""
        r, c = self.strategies
        a, b = self.exact_payoffs if self.exact_payoffs is not None else self.payoffs
        if self.exact is not None and max(x.denominator for x in (*r, *c, a, b)) > max_denominator:
            r, c = self.row, self.col
            a, b = self.payoffs
        return _("{row_player}: {row} | {column_player}: {column} | payoffs ({row_payoff}, {column_payoff})",
                 row_player=_shown_player(self.players[0]), row=format_strategy(self.row_labels, r, digits),
                 column_player=_shown_player(self.players[1]), column=format_strategy(self.col_labels, c, digits),
                 row_payoff=_fmt_number(a, digits), column_payoff=_fmt_number(b, digits))

    def __str__(self) -> str:
        return self.describe()


def _clean(sigma: np.ndarray) -> np.ndarray:
    s = np.where(np.abs(sigma) < 1e-10, 0.0, np.asarray(sigma, dtype=float))
    s = np.clip(s, 0.0, None)
    return s / s.sum()


def _rationalise(sigma: np.ndarray, max_denominator: int) -> tuple[Fraction, ...] | None:
    fr = [Fraction(float(p)).limit_denominator(max_denominator) for p in sigma]
    if sum(fr) != 1 or any(p < 0 for p in fr):
        return None
    if any(abs(float(f) - float(p)) > 1e-7 for f, p in zip(fr, sigma)):
        return None
    return tuple(fr)


def _make_equilibrium(game: NormalFormGame, sr: np.ndarray, sc: np.ndarray, max_denominator: int) -> Equilibrium:
    sr, sc = _clean(sr), _clean(sc)
    exact = exact_pay = None
    fr, fc = _rationalise(sr, max_denominator), _rationalise(sc, max_denominator)
    if fr is not None and fc is not None:
        ur, uc, vr, vc = _values(game, fr, fc)
        if max(ur) == vr and max(uc) == vc:  # exactly no profitable deviation
            exact, exact_pay = (fr, fc), (vr, vc)
            sr = np.array([float(p) for p in fr])
            sc = np.array([float(p) for p in fc])
    pay = expected_payoffs(game, sr, sc) if exact_pay is None else (float(exact_pay[0]), float(exact_pay[1]))
    return Equilibrium(tuple(float(p) for p in sr), tuple(float(p) for p in sc), pay,
                       game.row_labels, game.col_labels, exact, exact_pay, game.players)


Method = Literal["auto", "vertex", "support", "lp"]


def equilibria(game: NormalFormGame, method: Method = "auto", max_denominator: int = 100_000) -> list[Equilibrium]:
    """Nash equilibria of ``game``, found by nashpy, in a fixed order.

    ``method``:
      * ``"vertex"``: nashpy's vertex enumeration, every *extreme* equilibrium (in a
        degenerate game equilibria can form segments; their end points are listed);
      * ``"support"``: nashpy's support enumeration (fine for non-degenerate games;
        may miss equilibria of degenerate ones);
      * ``"lp"``: the minimax linear program, zero-sum or constant-sum games only; one
        equilibrium (all equilibria of such a game share its payoffs);
      * ``"auto"``: vertex enumeration up to :data:`VERTEX_LIMIT` cells, else the LP.

    Duplicates are removed and the list is sorted by the row then the column strategy
    (most weight on the first strategies first), so the output is reproducible.
    """
    m, n = game.shape
    if method == "auto":
        if m * n <= VERTEX_LIMIT:
            method = "vertex"
        elif game.is_constant_sum():
            method = "lp"
        else:
            raise ValueError(
                f"a {m}x{n} general-sum game is too large to enumerate quickly; shrink it, "
                "make it zero-sum (e.g. zero_sum=True in the Ovni builders), or pass method='vertex' "
                "and wait")
    a, b = np.array(game.row_payoffs), np.array(game.col_payoffs)
    if method in ("vertex", "support") and min(m, n) == 1:
        # a player with one strategy: the other's extreme equilibrium strategies are its
        # pure best responses (the polytope methods need two dimensions)
        if m == 1:
            found = [(np.ones(1), np.eye(n)[j]) for j in best_responses(game, "col", [1.0], tol=0.0)]
        else:
            found = [(np.eye(m)[i], np.ones(1)) for i in best_responses(game, "row", [1.0], tol=0.0)]
    elif method == "vertex":
        # vertex enumeration needs positive payoffs; shifting a player's payoffs by a
        # constant changes no best response, so the equilibria are the same
        found = list(nashpy.Game(a - a.min() + 1.0, b - b.min() + 1.0).vertex_enumeration())
    elif method == "support":
        with warnings.catch_warnings():
            # nashpy warns when a degenerate game gives an even count; the docstring says so
            warnings.simplefilter("ignore", RuntimeWarning)
            found = list(nashpy.Game(a, b).support_enumeration())
    elif method == "lp":
        if not game.is_constant_sum():
            raise ValueError("method='lp' needs a zero-sum or constant-sum game")
        found = [tuple(nashpy.Game(a).linear_program())]
    else:
        raise ValueError(f"method must be 'auto', 'vertex', 'support' or 'lp', got {method!r}")
    out: dict[tuple, Equilibrium] = {}
    for sr, sc in found:
        eq = _make_equilibrium(game, np.asarray(sr), np.asarray(sc), max_denominator)
        key = tuple(round(p, 9) for p in eq.row + eq.col)
        out.setdefault(key, eq)
    return [out[k] for k in sorted(out, key=lambda k: tuple(-p for p in k))]


def value(game: NormalFormGame) -> float:
    """The row player's equilibrium payoff in a zero-sum or constant-sum game (the same
    in every equilibrium, by the minimax theorem), from nashpy's linear program."""
    if not game.is_constant_sum():
        raise ValueError("a game value is defined for zero-sum / constant-sum games only")
    sr, sc = nashpy.Game(np.array(game.row_payoffs)).linear_program()
    return expected_payoffs(game, _clean(np.asarray(sr)), _clean(np.asarray(sc)))[0]


# ======================================================================
# Dominance and sequential play
# ======================================================================


def dominated_strategies(game: NormalFormGame, player: Player | int, strict: bool = True) -> dict[int, int]:
    """``{dominated: dominating}`` among ``player``'s pure strategies.

    Strictly dominated: another pure strategy pays more against *every* opponent
    strategy. Weakly (``strict=False``): never less, and more against at least one.
    Only domination by pure strategies is checked. The dominating strategy named is the
    first (lowest index) that does it.
    """
    p = _player(player)
    u = game.row_payoffs if p == 0 else game.col_payoffs.T  # one row per own strategy
    out: dict[int, int] = {}
    for i in range(u.shape[0]):
        for k in range(u.shape[0]):
            if k == i:
                continue
            d = u[k] - u[i]
            if (strict and np.all(d > 0)) or (not strict and np.all(d >= 0) and np.any(d > 0)):
                out[i] = k
                break
    return out


@dataclass(frozen=True)
class Elimination:
    """The result of iterated elimination: the reduced game and each removal as
    ``(player, removed label, dominating label)`` in order."""

    game: NormalFormGame
    steps: tuple[tuple[str, str, str], ...]

    def describe(self) -> str:
        """The removals, one per line, then the strategies that survive."""
        lines = [_("{player}: remove {strategy} (dominated by {by})", player=_shown_player(who), strategy=lab, by=by)
                 for who, lab, by in self.steps]
        lines.append(_("left: row {rows}, column {columns}", rows=list(self.game.row_labels),
                       columns=list(self.game.col_labels)))
        return "\n".join(lines)


def iterated_elimination(game: NormalFormGame, strict: bool = True) -> Elimination:
    """Remove dominated strategies until none is left: all of the row player's, then all
    of the column player's, and again. Strict elimination keeps every equilibrium;
    weak elimination may lose some (and its result can depend on the order)."""
    g = game
    steps: list[tuple[str, str, str]] = []
    while True:
        changed = False
        for p, who in ((0, "row"), (1, "column")):
            dom = dominated_strategies(g, p, strict)
            if not dom:
                continue
            labels = g.labels(p)
            steps.extend((who, labels[i], labels[k]) for i, k in sorted(dom.items()))
            keep = [i for i in range(len(labels)) if i not in dom]
            g = g.restrict(rows=keep) if p == 0 else g.restrict(cols=keep)
            changed = True
        if not changed:
            return Elimination(g, tuple(steps))


def backward_induction(game: NormalFormGame, leader: Player | int = "row") -> tuple[int, int, tuple[float, float]]:
    """Play the game in sequence instead: ``leader`` picks a pure strategy *in the open*,
    the other player sees it and best-responds; the leader, foreseeing this, picks its
    best. A follower indifferent between replies picks the one worst for the leader (a
    cautious leader). Returns ``(row index, column index, (row payoff, column payoff))``.
    """
    lead = _player(leader)
    a, b = game.row_payoffs, game.col_payoffs
    # one row per leader strategy, one column per follower strategy
    lead_pay, follow_pay = (a, b) if lead == 0 else (b.T, a.T)
    best: tuple[int, int] | None = None
    for i in range(lead_pay.shape[0]):
        replies = np.flatnonzero(follow_pay[i] >= follow_pay[i].max() - 1e-12)
        j = int(min(replies, key=lambda k: (lead_pay[i, k], k)))
        if best is None or lead_pay[i, j] > lead_pay[best] + 1e-12:
            best = (i, j)
    assert best is not None
    r, c = best if lead == 0 else (best[1], best[0])
    return r, c, (float(a[r, c]), float(b[r, c]))
