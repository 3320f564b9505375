"""The sentences a class's events say ("Ana took a seat", "game over: won by ..."), kept
in one place so that each reader shows them in its own language (issue 33).

An event is stored as its English sentence (the records stay readable by anyone, and a
database written before issue 33 reads as it was); :func:`event_text` translates one when
it is read, by finding the template below that made it (:func:`ovnilab.i18n.
translate_english`). The writers format these templates and nothing else: a new event is
a new template here, then ``make i18n``.

At the bottom of the classroom beside the store and the limits: it imports only
:mod:`ovnilab.i18n`.
"""

from __future__ import annotations

from ..i18n import N_, Nn_, translate_english

__all__ = ["event_text", "TEMPLATES", "BACK", "TOOK_SEAT", "REMOVED", "GAME_OVER", "TIME_RAN_OUT",
           "YOUR_TIME_RAN_OUT", "BOTS_TAKE", "GAME_ON", "PAUSED", "ENDED", "BOT_PLAYS", "PLAYS_AGAIN",
           "EXPERIMENT_OVER", "TIME_RAN_OUT_CHOICE"]

BACK = N_("{name} is back")
TOOK_SEAT = N_("{name} took a seat")
REMOVED = N_("the teacher removed {name} from the game")
GAME_OVER = N_("game over: won by {names}")
TIME_RAN_OUT = N_("time ran out for {name}: a bot decided for them")
YOUR_TIME_RAN_OUT = N_("your time ran out: a bot played '{move}' for you")
#: a plural sentence: (singular, plural), formatted with ``n``
BOTS_TAKE = Nn_("a bot takes the {n} empty seat", "bots take the {n} empty seats")
GAME_ON = N_("the game is on")
PAUSED = N_("the teacher paused the game")
ENDED = N_("the teacher ended the game")
BOT_PLAYS = N_("a bot plays {seat} for now (the teacher's choice)")
PLAYS_AGAIN = N_("{seat} plays again (the teacher gave the seat back)")
EXPERIMENT_OVER = N_("the experiment is over")
TIME_RAN_OUT_CHOICE = N_("time ran out for {name}: a bot chose '{choice}'")

#: every template, most specific first (a reader tries them in this order)
TEMPLATES: tuple = (YOUR_TIME_RAN_OUT, TIME_RAN_OUT_CHOICE, TIME_RAN_OUT, GAME_OVER, REMOVED, BOT_PLAYS,
                    PLAYS_AGAIN, BOTS_TAKE, GAME_ON, PAUSED, ENDED, EXPERIMENT_OVER, TOOK_SEAT, BACK)


def bots_take(n: int) -> str:
    """The English event for ``n`` seats given to bots when a group forms."""
    return (BOTS_TAKE[0] if n == 1 else BOTS_TAKE[1]).format(n=n)


def event_text(stored: str) -> str:
    """A stored event in the current language (:func:`ovnilab.i18n.using_language`)."""
    return translate_english(stored, TEMPLATES)
