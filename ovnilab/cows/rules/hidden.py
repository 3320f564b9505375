"""Hidden information: what a seat may see (:meth:`HiddenInfoMixin.observation`) and, for
search bots, a full state consistent with it (:meth:`HiddenInfoMixin.determinize`, which
:mod:`ovnilab.cows.determinize` computes).

The deck order, which way up each card came out of the box (no side of a printed card is
marked, so nobody can count the cards lying side B up) and every hidden back are secret,
even from the card's holder (rulebook:
"não é permitido virar qualquer carta para olhar o seu verso"). The visible top card of the
deck shows its face (cards are drawn from the bottom). Each face is printed on two cards,
so a face does not tell its back. A back becomes known to a seat when the card is flipped
in view of everyone, or by a ``peek`` effect; ``observation`` tracks this. Every decision
is public (drawn cards are revealed, hands lie face up), so the log masks nothing
(:meth:`~.actions.ActionTextMixin.describe`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import EFFECT

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

class HiddenInfoMixin:
    """State's observations and determinizations."""

    def _card_view(self, c: int, seat: int) -> dict[str, Any]:
        return {"face": self.face(c).name,
                "back": self.back(c).name if self.seen[c] >> seat & 1 else None}

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: every face showing on the table (hands are played face
        up), the deck's size and top face, every discarded card (all were revealed);
        hidden backs only where ``seat`` has seen them; never the deck order nor a card's
        identity."""
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        v = self._card_view
        return {
            "seat": seat,
            "current_player": self.current_player,
            "turn_player": self.turn,
            "starting_player": self.starter,
            "phase": self.phase_name,
            "final_turn": self.final,
            "main_action_done": self.main_done,
            "build_used": bool(self.built),
            "deck_size": len(self.deck),
            "deck_top": self.face(self.deck[0]).name if self.deck else None,
            "celeiro": [[self.face(c).name for c in pile] for pile in self.cel],
            "celeiro_top": [self.face(pile[-1]).name if pile else None for pile in self.cel],
            "drawn": [v(c, seat) for c in self.drawn],
            "hands": [[v(c, seat) for c in self.hand[s]] for s in (0, 1)],
            "pyramids": [[None if c < 0 else v(c, seat) for c in self.pyr[s]] for s in (0, 1)],
            "pending_effect": (self.stack[-1][2].text() if self.phase == EFFECT else None),
            "scores": self.scores(),
            "stall": self.stall,
        }

    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` sees, for search bots (see
        :mod:`ovnilab.cows.determinize`)."""
        from ..determinize import determinize

        return determinize(self, seat, rng)
