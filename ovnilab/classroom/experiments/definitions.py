"""The experiments: the lessons' one-shot games as a class plays them (the lessons'
constants, each game built by the lesson's own library call, and its equilibrium).

Part of :mod:`ovnilab.classroom.experiments` (the package docstring says the design)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ... import theory
from ...i18n import N_, _, pgettext

Matching = Literal["strangers", "partners"]

# ======================================================================
# The lessons' constants (one place; the tests compare them with the lesson scripts)
# ======================================================================

#: the offense's hand: lesson 1 and lesson 3, first code cell (``OFFENSE_HAND``)
OFFENSE_HAND: tuple[str, ...] = ("attack 08", "attack 15", "negotiate")
#: the defense's hand: lesson 1 and lesson 3, first code cell (``DEFENSE_HAND``)
DEFENSE_HAND: tuple[str, ...] = ("attack 06", "attack 14", "negotiate")
#: a colony 1, a ship 0.2, a card 0.1, 0.05 per point of an attack card spent: lesson 1's
#: first code cell (``weights``) and lesson 3's section 3 (``keep``), the same values
CARD_KEEPING_WEIGHTS: dict[str, float] = {"colony": 1.0, "ship": 0.2, "card": 0.1, "attack_point": 0.05}

#: lesson 2, section 5 (``six = theory.bidding_game(...)``): one token each, a card won by
#: the rival counts -1, spending the 6 costs 1/2 of a card
BIDDING_ARGS: dict[str, Any] = {"tokens_each": 1, "lose": -1, "six_cost": 0.5}
#: lesson 2, section 5 (``keep_or_spend = six.restrict(...)``): tokens 5 and 6
BIDDING_TOKENS: tuple[int, ...] = (3, 4)

LESSON_1 = "notebooks/lessons/01_nash_equilibrium.ipynb"
LESSON_2 = "notebooks/lessons/02_dominance_prisoners_dilemma.ipynb"
LESSON_3 = "notebooks/lessons/03_mixed_strategies_zero_sum.ipynb"


def _weights() -> Any:
    from ...cosmic import stats

    return stats.Weights(**CARD_KEEPING_WEIGHTS)


def _encounter_game() -> theory.NormalFormGame:
    # lesson 1, section 3: ``weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4,
    # weights=weights, deal="fail")``
    from ...cosmic import stats

    return stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=_weights(), deal="fail")


def _bidding_game() -> theory.NormalFormGame:
    # lesson 2, section 5: ``six = theory.bidding_game(tokens_each=1, lose=-1,
    # six_cost=0.5)`` then ``keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])``
    six = theory.bidding_game(**BIDDING_ARGS)
    return six.restrict(rows=list(BIDDING_TOKENS), cols=list(BIDDING_TOKENS))


def _duel_game() -> theory.NormalFormGame:
    # lesson 3, section 3: ``bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4,
    # relative=True, weights=keep)``
    from ...cosmic import stats

    return stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=_weights())


# ======================================================================
# Experiments
# ======================================================================


@dataclass(frozen=True)
class Experiment:
    """One class experiment: a lesson's one-shot game and how students see it.

    ``game``'s row player is role 0 and its column player role 1; ``roles`` names them
    (both names equal in a symmetric game, where the two sides are the same position).
    ``solution`` is the lesson's equilibrium as a :class:`~ovnilab.theory.Equilibrium`
    (exact fractions); ``source`` is the lesson's line that builds the game;
    ``choice_names`` says in words what a terse label means (the bidding game's "5" is
    "keep the 6"), for legends (:meth:`choice_name`).
    """

    name: str
    title: str
    lesson: str
    game: theory.NormalFormGame
    roles: tuple[str, str]
    symmetric: bool
    instructions: str
    solution: theory.Equilibrium = field(repr=False)
    source: str = ""
    choice_names: dict[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if len(self.roles) != 2:
            raise ValueError(f"an experiment has two roles, got {self.roles!r}")
        if self.symmetric:
            g = self.game
            if (self.roles[0] != self.roles[1] or g.row_labels != g.col_labels
                    or not (g.row_payoffs == g.col_payoffs.T).all()):
                raise ValueError(f"{self.name}: a symmetric experiment needs equal role names, "
                                 "equal labels and col_payoffs == row_payoffs transposed")
        elif self.roles[0] == self.roles[1]:
            raise ValueError(f"{self.name}: the two roles of an asymmetric game need distinct names")
        if self.solution.exact is None:
            raise ValueError(f"{self.name}: the lesson's equilibrium is not exact")

    def _role(self, role: int) -> int:
        if isinstance(role, bool) or role not in (0, 1):
            raise ValueError(f"role must be 0 ({self.roles[0]}, the row player) or 1 ({self.roles[1]}, "
                             f"the column player), got {role!r}")
        return int(role)

    def strategies(self, role: int) -> list[str]:
        """The labels a student in ``role`` chooses from, in the game's order."""
        return list(self.game.labels(self._role(role)))

    def choice_name(self, label: str) -> str:
        """``label`` as :meth:`choice_label` shows it, with what it means when the label
        alone does not say it ("5: keep the 6" / "5: guardar o 6"); the label alone
        otherwise."""
        shown = self.choice_label(label)
        return f"{shown}: {_(self.choice_names[label])}" if label in self.choice_names else shown

    # ---------------------------------------------------------------- as a page says it
    # The title, the instructions, the role names and the choices are kept in English
    # (the records, the lessons' code and a student's click use them); these give them in
    # the language in force (ovnilab.i18n), for the pages.
    def shown_name(self) -> str:
        """The experiment's short name (``name``, "duel") in the language in force, as a
        plot's title says it."""
        words = {"encounter": pgettext("experiment", "encounter"), "bidding": pgettext("experiment", "bidding"),
                 "duel": pgettext("experiment", "duel")}
        return words.get(self.name, self.name)

    def shown_title(self) -> str:
        """The title in the language in force."""
        return _(self.title)

    def shown_instructions(self) -> str:
        """The instructions in the language in force."""
        return _(self.instructions)

    def role_label(self, role: int | str) -> str:
        """A role (its number or its English name) as a sentence names it in the language
        in force ("defense" / "defensor", the rulebook's word)."""
        name = self.roles[self._role(role)] if not isinstance(role, str) else role
        return role_word(name)

    def choice_label(self, label: str) -> str:
        """A choice as its button says it in the language in force (a Cosmic card:
        "ataque 08", "negociação", as the Cosmic board names it); what the student plays
        and the records keep is ``label`` itself."""
        if self.name in _COSMIC_CARDS:
            from ...cosmic.render.labels import card_label  # the Cosmic board's own words

            return card_label(label)
        return label

    def role_index(self, role_name: str) -> int:
        """The role number of a role name (0 for a symmetric game's single name)."""
        if role_name not in self.roles:
            raise ValueError(f"{role_name!r} is not a role of {self.name!r}; its roles are {list(self.roles)}")
        return self.roles.index(role_name)

    def _label_index(self, role: int, label: str) -> int:
        labels = self.game.labels(self._role(role))
        if label not in labels:
            raise ValueError(f"{label!r} is not a choice of the {self.roles[role]} in {self.name!r}; "
                             f"the choices are {list(labels)}")
        return labels.index(label)

    def payoffs(self, row_choice: str, col_choice: str) -> tuple[float, float]:
        """(row player's payoff, column player's payoff) when they choose these labels."""
        i, j = self._label_index(0, row_choice), self._label_index(1, col_choice)
        return float(self.game.row_payoffs[i, j]), float(self.game.col_payoffs[i, j])

    def equilibrium(self) -> dict[int, dict[str, Fraction]]:
        """The lesson's equilibrium: ``{role: {label: probability}}``, every label of the
        role listed (0 for those the equilibrium never plays), exact fractions."""
        assert self.solution.exact is not None
        return {r: dict(zip(self.game.labels(r), self.solution.exact[r])) for r in (0, 1)}

    def __str__(self) -> str:
        return f"{self.title} ({self.name}; {self.lesson})"


def role_word(name: str) -> str:
    """An experiment's role name (``Experiment.roles``) in the language in force, as "you
    are the {role}" says it: the Cosmic rulebook's "atacante" / "defensor"."""
    words = {"offense": pgettext("experiment role", "offense"),
             "defense": pgettext("experiment role", "defense"),
             "player": pgettext("experiment role", "player")}
    return words.get(name, name)


#: the experiments whose choices are Cosmic encounter cards
_COSMIC_CARDS = ("encounter", "duel")

#: the experiments, in lesson order
EXPERIMENTS: tuple[str, ...] = ("encounter", "bidding", "duel")

_SPECS: dict[str, dict[str, Any]] = {
    "encounter": dict(
        title=N_("Attack or negotiate? (one ship against four)"),
        lesson=LESSON_1,
        build=_encounter_game,
        roles=("offense", "defense"),
        symmetric=False,
        source='weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=weights, deal="fail")',
        instructions=N_(
            "You are the offense (1 ship attacking a planet) or the defense (4 ships on it); you both pick "
            "an encounter card at the same time. An attack card adds its number to your ships and the higher "
            "total wins (ties to the defense); a negotiate loses to any attack but takes one card from the "
            "winner per ship it lost, and two negotiates fail to deal (3 ships each to the warp). "
            "Your payoff counts what you gained: a colony 1, a ship 0.2, a card 0.1, minus 0.05 per point of "
            "an attack card you spent."),
    ),
    "bidding": dict(
        title=N_("Keep the 5 or spend the 6? (Ovni recruitment)"),
        lesson=LESSON_2,
        build=_bidding_game,
        roles=("player", "player"),
        symmetric=True,
        source=("six = theory.bidding_game(tokens_each=1, lose=-1, six_cost=0.5); "
                "keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])"),
        choice_names={"5": N_("keep the 6"), "6": N_("spend the 6")},
        instructions=N_(
            "You and another player each place one command token, face down, on the same alien card. "
            "Play 5 to keep your 6 for later, or spend your 6 (usable once per game): equal tokens cancel, "
            "otherwise the higher token wins the card. Your payoff: 1 if you win the card, -1 if the other "
            "player wins it, minus 0.5 if you spent your 6."),
    ),
    "duel": dict(
        title=N_("The duel: attack or negotiate, what you win they lose"),
        lesson=LESSON_3,
        build=_duel_game,
        roles=("offense", "defense"),
        symmetric=False,
        source="bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=keep)",
        instructions=N_(
            "Four ships attack four: the offense and the defense each pick an encounter card at the same time. "
            "An attack card adds its number to your ships (higher total wins, ties to the defense); a negotiate "
            "loses to an attack but takes a card per ship lost, and two negotiates make a deal (a colony each). "
            "Only the duel counts: your payoff is your gain minus your opponent's (a colony 1, a ship 0.2, "
            "a card 0.1, minus 0.05 per point of an attack card spent), so what one wins the other loses."),
    ),
}


@functools.lru_cache(maxsize=None)
def get(name: str) -> Experiment:
    """The experiment called ``name`` (one of :data:`EXPERIMENTS`); built once and cached
    (the Cosmic tables are played by the engine)."""
    if name not in _SPECS:
        raise ValueError(f"unknown experiment {name!r}; the experiments are {', '.join(EXPERIMENTS)}")
    spec = dict(_SPECS[name])
    game = spec.pop("build")()
    found = theory.equilibria(game)
    if len(found) != 1:  # each lesson discusses the game's only equilibrium
        raise ValueError(f"{name}: the lesson's game has {len(found)} equilibria, expected exactly one")
    return Experiment(name=name, game=game, solution=found[0], **spec)
