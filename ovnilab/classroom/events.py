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

import re
from typing import Callable

from ..i18n import N_, Nn_, _, pgettext, template_pattern, translate_english

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


#: the templates that quote a move or a choice (stored as the notation or the
#: experiment's English label), and the placeholder that holds it
_MOVE_VALUES = ((YOUR_TIME_RAN_OUT, "move"), (TIME_RAN_OUT_CHOICE, "choice"))


def event_text(stored: str, move: Callable[[str], str] | None = None) -> str:
    """A stored event in the current language (:func:`ovnilab.i18n.using_language`); the
    seats it names as the boards name them ("red (Antáris)" / "vermelho (Antáris)"), and
    the move or choice a bot played as the reader's page labels it (``move``: the room's
    game's action label of a notation, an experiment's choice label: "um robô jogou
    'ataque 08' por você"; without it, the stored text)."""
    if move is not None:
        for template, key in _MOVE_VALUES:
            m = template_pattern(template).fullmatch(stored)
            if m is not None:
                values = m.groupdict()
                try:
                    values[key] = move(values[key])
                except Exception:  # noqa: BLE001 - a move this game no longer reads: as stored
                    pass
                return _(template, **values)
    for template, value in _SEAT_VALUES:
        text = translate_english(stored, (template,), value)
        if text != stored:
            return text
    return translate_english(stored, TEMPLATES)


# ------------------------------------------------------------------ seats' names in events
# A seat's name is stored as the game's English seat_name: the cow game's "Green alien" (a
# catalog sentence), Ovni's "red (Antáris)" / "red (third player)", Cosmic's "Red" / "Red
# (Zombie)"; a student's seat as "Ana (red (Antáris))". Its colour is said in the reader's
# language (the games' own colour words, "red" -> "vermelho", are catalog words); planets
# and aliens are the games' names. Only the values of the templates that name seats are
# read so (a student's name is never taken for a colour).
_COLOUR = "red|blue|green|yellow|purple"
_LOWER = re.compile(rf"({_COLOUR}) \(([^()]+)\)")
_TITLE = re.compile(rf"({_COLOUR.title()})(?: \(([^()]+)\))?")
_PERSON = re.compile(r"(.+?) \((.+)\)")


def _seat(name: str) -> str | None:
    """A seat's stored name in the reader's language, or None when ``name`` is none."""
    said = _(name)
    if said != name:
        return said
    m = _LOWER.fullmatch(name)
    if m and m.group(2) == "third player":
        return _("{colour} (third player)", colour=_(m.group(1)))
    if m:
        return f"{_(m.group(1))} ({m.group(2)})"
    m = _TITLE.fullmatch(name)
    if m:  # Cosmic's "Red (Zombie)": its colour as the board names a player (its render.labels.colour_name)
        colour = pgettext("a player named by colour", m.group(1))
        return f"{colour} ({m.group(2)})" if m.group(2) else colour
    return None


def _seat_or_person(value: str) -> str:
    """A seat's name, or a student's with their seat ("Ana (red (Antáris))"), said in the
    reader's language; any other value (a student's name alone) as it is."""
    said = _(value)
    if said != value:
        return said
    m = _LOWER.fullmatch(value)  # a seat alone; a bare "Red" may be a student's name
    if m:
        return _seat(value) or value
    m = _PERSON.fullmatch(value)
    seat = _seat(m.group(2)) if m else None
    return f"{m.group(1)} ({seat})" if m and seat else value


def _seat_names(value: str) -> str:
    """The winners' seats, ", "-separated as stored, each in the reader's language."""
    return ", ".join(_seat(part) or part for part in value.split(", "))


#: the templates whose values name seats, and how each is read
_SEAT_VALUES = ((GAME_OVER, _seat_names), (BOT_PLAYS, _seat_or_person), (PLAYS_AGAIN, _seat_or_person),
                (TIME_RAN_OUT, _seat_or_person))
