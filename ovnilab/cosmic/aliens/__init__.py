"""Alien powers and their flares: the registry :data:`POWERS` and every alien in it.

This package is the one import other code needs (``from ovnilab.cosmic.aliens import
POWERS``): importing it imports :mod:`.base`, where the registry is defined, then the
green, yellow and red modules, each of which registers its aliens into :data:`POWERS` as
it is imported.

How the aliens are split. By colour first, because that is how a group learns the game:
the rulebook's alien sheets come in three alert levels, green (the 23 beginners'
aliens), then yellow (17), then red (10), and a class plays the green ones before the
others. A colour too long for one module is split by when its powers act: each alien
goes with its ``timing`` (the phase on its sheet, ``timing`` in
``data/cosmic/aliens.toml``): before the encounter cards are revealed, from the reveal
on, or passive (a rule change that acts whenever its moment comes). So an alien is found
from its colour and its timing:

============================  ==========================================================
module                        its one concern
============================  ==========================================================
:mod:`.base`                  what a power and a flare are (:class:`Power`,
                              :class:`Flare`), the hooks the engine calls,
                              :data:`POWERS` and :func:`register`, the readings every
                              alien follows, the helpers the alien modules share
:mod:`.green_before_reveal`   green, before the reveal: Will, Mutant, Parasite, Loser,
                              Oracle, Trader, Sorcerer
:mod:`.green_from_reveal`     green, from the reveal on: Chosen, Pacifist, Reserve,
                              Barbarian, Cudgel, Hacker, Spiff, Clone, Filch
:mod:`.green_passive`         green, passive: Macron, Miser, Observer, Vacuum, Vulch,
                              Warrior, Zombie
:mod:`.yellow_before_reveal`  yellow, before the reveal: Shadow, Mite, Mind,
                              Philanthropist, Calculator, Kamikaze, Mirror, Amoeba
:mod:`.yellow_from_reveal`    yellow, from the reveal on: Anti-Matter, Fodder, Human,
                              Reincarnator, Tick-Tock, Fido
:mod:`.yellow_passive`        yellow, passive: Hate, Healer, Remora
:mod:`.red`                   red, all ten: Masochist, Dictator, Grudge, Citadel,
                              Gambler, Tripler, Virus, Warpish, Machine, Void
============================  ==========================================================

In a module the aliens follow the phases of the encounter (regroup, destiny, launch,
alliance, planning, reveal, resolution, clean-up), alphabetically within a phase, and
the module's docstring gives the readings of its aliens (where the rules leave a choice,
the one ovnilab takes). Each alien is one ``register(Power(...))`` (:mod:`.base` gives
the fields, the hooks and the readings every alien follows), and its text is in
``data/cosmic/aliens.toml`` and ``flares.toml``. The green aliens follow REFERENCE.md's
one-line summaries, the yellow and red ones ``ALIENS-YELLOW-RED.md`` (the implementers'
reference, in our own words). :data:`POWERS` lists the aliens in the order they are
registered; nothing depends on that order (the deal and
:func:`ovnilab.cosmic.implemented_aliens` follow ``aliens.toml``).
"""

from __future__ import annotations

from .base import POWERS, Flare, Power, register

# each alien module registers its aliens into POWERS as it is imported
from . import green_before_reveal, green_from_reveal, green_passive  # noqa: F401
from . import yellow_before_reveal, yellow_from_reveal, yellow_passive  # noqa: F401
from . import red  # noqa: F401

__all__ = ["Power", "Flare", "POWERS", "register"]
