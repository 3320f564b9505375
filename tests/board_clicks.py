"""Driving a game's board widget from a test as a player would: one random click."""

from __future__ import annotations

import random
from typing import Any


def click_random(board: Any, rng: random.Random) -> None:
    """Click one of the offered controls: a button, two pickers and their button, or a
    Cosmic deal form (set to a random legal proposal, or accept / reject)."""
    row = rng.choice(list(board.actions.children))
    if hasattr(row, "propose") and hasattr(row, "set_terms"):  # the Cosmic deal form
        buttons = [b for b in (row.accept, row.reject, row.propose) if b is not None]
        b = rng.choice(buttons)
        if b is row.propose:
            row.set_terms(rng.choice(row._props))
        b.click()
        return
    pickers = getattr(row, "pickers", None)
    if pickers:
        p1, p2, go = pickers
        p1.value = rng.choice(list(p1.options))
        p2.value = rng.choice(list(p2.options))
        go.click()
        return
    buttons = [b for b in board.action_buttons() if b in getattr(row, "children", ())]
    if not buttons:  # a drop-down row: its play button
        buttons = [c for c in row.children if hasattr(c, "click")]
    rng.choice(buttons).click()
