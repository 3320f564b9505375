"""The cow game's constants that are not the pyramid's: the two seats' names and the
phases (the decision the game waits for).
"""

from __future__ import annotations

from ...i18n import N_

#: the two players, named after their Alien on the Aliens card (boards and logs)
#: the seats' names (English, the engine's and the saves'; marked for the catalog: a board
#: shows them in its language)
SEAT_NAMES: tuple[str, str] = (N_("Green alien"), N_("Purple alien"))

# phases: the decision the game waits for
MAIN, KEEP, AFTER, EFFECT, OVER = 0, 1, 2, 3, 4
PHASE_NAMES = (N_("main action"), N_("keep one drawn card"), N_("build or end turn"), N_("effect target"),
               N_("game over"))
