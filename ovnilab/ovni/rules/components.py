"""The components Ovni counts with: alien types and groups, the recruitment areas, the
pieces each player has, the seat colours, and the phases (the decision the game waits
for). The other modules of the engine take their constants from here."""

from __future__ import annotations

from ...i18n import N_
from ..data import ALIEN_TYPES

PILOT, ABDUCTOR, BUILDER, MILITARY = 0, 1, 2, 3
GROUP_NAMES = ("pilots", "abductors", "builders", "military")
AREA_LETTERS = "ABCD"
UFOS_PER_PLAYER = 8
MAP_TOKENS_PER_PLAYER = 12
COMMAND_VALUES = (2, 3, 4, 5, 6)
HUMANS_PER_CATEGORY = 3
SEAT_COLOURS = ("red", "blue", "green", "yellow")

# Phases (the decision the game waits for): English names, the engine's and the saves';
# marked for the catalog, a board shows them in its language (render.text.phase_label).
KEEP_MISSIONS = N_("keep missions")
CHOOSE_ALIENS = N_("choose starting aliens")
THIRD_ALIENS = N_("third player's starting aliens")
PLACEMENT = N_("placing command tokens")
RECRUIT = N_("choosing aliens to recruit")
RESOLVING = N_("resolving the areas")
ENERGY = N_("energy card")
FORCE_FIELD = N_("force field")
ACTIONS = N_("actions")
OVER = N_("game over")

_TYPE_INDEX = {t: i for i, t in enumerate(ALIEN_TYPES)}
_GROUP_INDEX = {g: i for i, g in enumerate(GROUP_NAMES)}
_COLOUR_INDEX = {c: i for i, c in enumerate(SEAT_COLOURS)}
