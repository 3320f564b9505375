"""The bot protocol every game shares, and the random bot.

A bot is a small object with ``act(view, rng) -> action``. It receives a
:class:`PlayerView`, not the state: the view offers the seat's observation and its legal
actions and nothing else, so a bot cannot peek at hidden information by accident (a bot
that does is a bug). Bots that need to search (MCTS) ask the view for a *determinization*:
a full state sampled consistently with what the seat has seen.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Protocol, runtime_checkable

from .core import GameState
from .i18n import N_

__all__ = ["Bot", "PlayerView", "RandomBot", "OnePlyBot", "BOT_LABELS", "default_bots"]


class PlayerView:
    """What one seat may use to decide: its observation and its legal actions."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Any]:
        if self._state.current_player != self.seat:
            raise ValueError(f"it is not seat {self.seat}'s turn")
        return self._state.legal_actions()

    def parse_action(self, text: str) -> Any:
        return self._state.parse_action(text)

    @property
    def game_name(self) -> str:
        return self._state.game_name

    @property
    def num_players(self) -> int:
        return self._state.num_players  # type: ignore[attr-defined]

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this seat's observation: hidden information
        (others' hidden tokens, hands, deck order) is resampled, never copied from the
        true state. Games provide ``determinize(state, seat, rng)`` in their rules."""
        fn = getattr(self._state, "determinize", None)
        if fn is None:
            raise NotImplementedError(f"{self.game_name} has no determinization for search bots yet")
        return fn(self.seat, rng)


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(view, rng)`` returning one of ``view.legal_actions()``."""

    def act(self, view: PlayerView, rng: random.Random) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action: the baseline of every ladder."""

    name = "random"

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        return rng.choice(view.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class OnePlyBot:
    """A greedy bot: plays the action whose result scores best under :meth:`evaluate`,
    averaged over ``samples`` determinizations (so it never reads hidden information);
    ties are broken at random. Games subclass it and define ``evaluate(state, seat)``."""

    name = "greedy"

    def __init__(self, samples: int = 1) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples

    def __repr__(self) -> str:
        return f"{type(self).__name__}(samples={self.samples})"

    def evaluate(self, state: GameState, seat: int) -> float:
        """How good ``state`` is for ``seat`` (higher is better)."""
        raise NotImplementedError

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            base = view.determinize(rng)
            for i, a in enumerate(legal):
                s = base.clone()
                s.apply(a)
                totals[i] += self.evaluate(s, seat)
        best = max(totals)
        choices = [a for a, t in zip(legal, totals) if t >= best - 1e-9]
        return choices[rng.randrange(len(choices))]


# ------------------------------------------------------------------ the registry
#: how the seat pickers name each kind of bot (English marked for the catalog: a board
#: translates them when it shows them)
BOT_LABELS = {"random": N_("random bot"), "greedy": N_("greedy bot"), "mcts": N_("MCTS bot (slower)")}


def default_bots(game: str) -> dict[str, Callable[[], Any]]:
    """The bots a seat may be given on a board of ``game``: the random bot and, where
    ``ovnilab.<game>.bots`` has them, its greedy and MCTS bots at their default
    settings (MCTS by iterations, not time, so a seeded game replays the same)."""
    out: dict[str, Callable[[], Any]] = {"random": RandomBot}
    try:
        mod = importlib.import_module(f"ovnilab.{game}.bots") if game else None
    except ImportError:
        mod = None
    for key, name in (("greedy", "GreedyBot"), ("mcts", "MCTSBot")):
        cls = getattr(mod, name, None)
        if cls is not None:
            out[key] = cls
    return out
