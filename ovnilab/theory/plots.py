"""Pictures of normal-form games: a payoff matrix as a heatmap (:func:`heatmap`) and an
equilibrium mix as bars (:func:`plot_strategy`).

Apart from the games because drawing is its own concern with its own dependency:
matplotlib is imported when a picture is first drawn (a bare ``Figure``, no pyplot), so
the class server and the tests that only compute never load it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .normal_form import Equilibrium, NormalFormGame, Player, _player


# ======================================================================
# Pictures
# ======================================================================


def _new_axes(figsize: tuple[float, float]) -> Any:
    # a bare Figure (no pyplot): no global state, and it displays itself in Jupyter
    from matplotlib.figure import Figure

    return Figure(figsize=figsize, layout="constrained").subplots()


def heatmap(game: NormalFormGame, player: Player | int = "row", ax: Any = None, annotate: bool | None = None,
            cmap: str = "RdBu") -> Any:
    """Draw ``player``'s payoff matrix as a matplotlib heatmap (labels on the axes up to
    40 strategies, numbers in the cells when the game is small). Returns the axes; in a
    notebook show ``ax.figure``.

    Labels and numbers are 9 pt, the smallest size that stays legible on a classroom
    projector; a new figure gets cells large enough to hold them (0.4 inch a strategy)."""
    m = game.payoffs(player)
    if ax is None:
        ax = _new_axes((min(2.5 + 0.4 * m.shape[1], 16), min(2 + 0.4 * m.shape[0], 14)))
    lim = float(np.max(np.abs(m))) or 1.0
    im = ax.imshow(m, cmap=cmap, vmin=-lim, vmax=lim)
    ax.figure.colorbar(im, ax=ax, shrink=0.8)
    if m.shape[0] <= 40:
        ax.set_yticks(range(m.shape[0]), game.row_labels, fontsize=9)
    if m.shape[1] <= 40:
        ax.set_xticks(range(m.shape[1]), game.col_labels, rotation=90, fontsize=9)
    ax.set_ylabel(game.players[0])
    ax.set_xlabel(game.players[1])
    ax.set_title(f"{game.name}: {game.players[_player(player)]}'s payoff", fontsize=10)
    if annotate if annotate is not None else m.size <= 150:
        for i in range(m.shape[0]):
            for j in range(m.shape[1]):
                dark = abs(m[i, j]) > 0.6 * lim
                ax.text(j, i, f"{m[i, j]:g}", ha="center", va="center", fontsize=9,
                        color="white" if dark else "black")
    return ax


def plot_strategy(eq: Equilibrium, player: Player | int = "row", ax: Any = None) -> Any:
    """Bar chart of one player's equilibrium mix (its support only). Returns the axes."""
    p = _player(player)
    probs, labels = (eq.row, eq.row_labels) if p == 0 else (eq.col, eq.col_labels)
    keep = [(lab, x) for lab, x in zip(labels, probs) if x > 0]
    if ax is None:
        ax = _new_axes((6, 0.6 + 0.3 * len(keep)))
    ax.barh([lab for lab, _ in keep][::-1], [x for _, x in keep][::-1], color="#5b8def")
    ax.set_xlabel("probability")
    ax.set_title(f"{eq.players[p]}'s equilibrium mix", fontsize=9)
    return ax
