"""Every refusal of Ovni names its rule (issue 38).

A refused action raises :class:`IllegalAction` whose words say which rule it breaks, and
leaves the game exactly as it was. The rule tests mostly checked *that* an action was
refused; a refusal whose words were changed, or that named another rule than the one
broken, survived them (issue 38's mutants). Here every reason the engine gives is reached
from a real position and checked by its words:

* ``_rule_broken`` (``ovnilab/ovni/rules/actions.py``): each branch that a public action
  reaches (the few that none reaches are listed, with the reason, in ``UNREACHABLE``);
* ``_explain_illegal``'s note of what the engine did by itself since the last action
  (``_auto_text``: a group closed, a turn passed or skipped, a round ended, a pick of the
  set-up or of the recruitment skipped), so a player is told why the position changed;
* the refusals of reading an action text (unknown city, alien type, colour or group, an
  unreadable text) in the same file;
* ``ovnilab/core/``'s shared refusals as Ovni reaches them (a finished game, a wrong
  type, an empty, overlong or ambiguous text, fields no rule gives, a malformed Action,
  nothing to undo).

Positions come from seeded random games played until a predicate holds (every search is
bounded and fails loudly when it finds nothing); two rare ones are arranged by hand with
``ovni.example_position``. Numbers and names that come from the state or a rule option
(the areas in play, the group open, the seats) are read from the position, and options are
tested at non-default values where the words depend on them. A last test reads the
engine's source (``ast``) and checks that every sentence it can give is checked by an
entry of the table.
"""

from __future__ import annotations

import ast
import os
import random
import re
from pathlib import Path
from typing import Any, Callable, NamedTuple

import pytest

import ovnilab.ovni.rules.actions
from ovnilab import cows, ovni
from ovnilab.core import MAX_ACTION_TEXT, IllegalAction
from ovnilab.ovni.rules import Action
from ovnilab.ovni.rules.components import (
    ABDUCTOR,
    ACTIONS,
    ALIEN_TYPES,
    AREA_LETTERS,
    BUILDER,
    CHOOSE_ALIENS,
    ENERGY,
    FORCE_FIELD,
    GROUP_NAMES,
    KEEP_MISSIONS,
    MILITARY,
    PILOT,
    PLACEMENT,
    RECRUIT,
    SEAT_COLOURS,
    THIRD_ALIENS,
)
from tests.test_refusals_cows import _template  # an N_ template's English

END_GROUP, END_TURN = Action("end_group"), Action("end_turn")
#: an action no phase but the first takes: a refusal that carries the engine's note
STRAY = Action("keep", (99,))
PHASE2 = "activate a group and act with it (`end group`, `end turn`)"


def walk(until: Callable[[ovni.State], Any], n: int = 4, rules: ovni.Rules | None = None,
         seeds: range = range(40), prefer: Callable[[ovni.State, Action], bool] | None = None) -> tuple:
    """The first position of seeded random games where ``until(g)`` returns an action (or
    a text): ``(g, action)``. ``prefer`` biases the random player (a player who attacks
    whenever it can). Fails when no game gets there."""
    for seed in seeds:
        g = ovni.new_game(n, seed=seed, rules=rules)
        rng = random.Random(seed)
        while True:
            found = until(g)
            if found:  # an action or a text (a predicate that fails gives a falsy value)
                return g, found
            if g.is_over():
                break
            legal = g.legal_actions()
            liked = [a for a in legal if prefer(g, a)] if prefer else []
            g.apply(rng.choice(liked or legal))
    raise AssertionError("no seeded game reached the position this case needs")


def attacker(g, a: Action) -> bool:
    """A player who activates its military and attacks whenever it can."""
    return a.kind in ("capture", "destroy") or a == Action("activate", "military")


# ------------------------------------------------------------------ positions
def placing(g, own: bool | None = None) -> bool:
    """Placement waits; ``own``: for one of the placer's own tokens (False: the third
    player's)."""
    if g.phase != PLACEMENT:
        return False
    owner = g.place_seq[g.place_pos][1]
    return own is None or (owner != g.third) == own


def open_area(g, ok: Callable[[int], bool] = lambda i: True) -> int | None:
    for i, sl in enumerate(g.area_slots):
        if len(sl) < 4 and ok(i):
            return i
    return None


def place(g, i: int, value: Any = "hand", face: str | None = None) -> Action:
    """A placement on area ``i`` (its right face unless given) of ``value`` (``"hand"``:
    a token the owner holds)."""
    owner = g.place_seq[g.place_pos][1]
    if value == "hand":
        value = None if owner == g.third else g._hand_tokens(owner)[0]
    return Action("place", AREA_LETTERS[i], value, face or g._token_face(i))


def full_area(g) -> Action | None:
    if not placing(g, own=True):
        return None
    full = [i for i, sl in enumerate(g.area_slots) if len(sl) == 4]
    return place(g, full[0], face="face-down") if full else None


def third_in_a_row(g) -> Action | None:
    """A token that would be its owner's third in a row in an area, while another area
    takes it (so the fallback does not lift the rule)."""
    if not placing(g, own=True):
        return None
    allowed = g._placement_areas(g.place_seq[g.place_pos][1])
    barred = open_area(g, lambda i: i not in allowed)
    return None if barred is None else place(g, barred)


def wrong_face(g) -> Action | None:
    """A face-down token on an area whose next token lies face up."""
    if not placing(g):
        return None
    i = open_area(g, lambda i: len(g.area_slots[i]) % 2 == 1)
    return None if i is None else place(g, i, face="face-down")


def six_spent(g) -> Action | None:
    if not placing(g, own=True):
        return None
    owner = g.place_seq[g.place_pos][1]
    i = open_area(g)
    return place(g, i, 6) if 6 not in g.tokens_owned[owner] and i is not None else None


def token_on_board(g, value: int | None = None) -> Action | None:
    """A token (``value``, or any) its owner placed this round (and still owns)."""
    if not placing(g, own=True):
        return None
    owner = g.place_seq[g.place_pos][1]
    placed = [v for sl in g.area_slots for o, v in sl if o == owner and value in (None, v)]
    i = open_area(g)
    return place(g, i, placed[0]) if placed and i is not None else None


def phase2(g, group: int | None = -2) -> bool:
    """Phase 2 waits; ``group``: the group open (-1: none, -2: any)."""
    return g.phase == ACTIONS and (group == -2 or g.group == group)


def group_name(g) -> str:
    return GROUP_NAMES[g.group]


def used_group(g) -> Action | None:
    if not phase2(g, -1) or not g.used_groups:
        return None
    used = [i for i in range(4) if g.used_groups >> i & 1]
    return Action("activate", GROUP_NAMES[used[0]])


def idle_group(g) -> Action | None:
    """An unused group that has nothing to do (no pilot, no majority, an empty platform...)."""
    if not phase2(g, -1):
        return None
    can = {a.a for a in g.legal_actions() if a.kind == "activate"}
    idle = [x for i, x in enumerate(GROUP_NAMES) if not g.used_groups >> i & 1 and x not in can]
    return Action("activate", idle[0]) if idle else None


def cities(g) -> tuple:
    return g.board.names


def move_far(g) -> Action | None:
    if not phase2(g, PILOT):
        return None
    s = g.actor
    for c in range(12):
        if g.ufo[s][c]:
            far = [d for d in range(12) if d != c and d not in g.board.neighbours[c]]
            return Action("move", cities(g)[c], cities(g)[far[0]])
    return None


def move_from_nowhere(g) -> Action | None:
    if not phase2(g, PILOT):
        return None
    s = g.actor
    c = next(c for c in range(12) if not g.ufo[s][c]) if 0 in g.ufo[s] else None
    return None if c is None else Action("move", cities(g)[c], cities(g)[g.board.neighbours[c][0]])


def move_frozen(g) -> Action | None:
    if not phase2(g, PILOT):
        return None
    s = g.actor
    for c in range(12):
        if 0 < g.ufo[s][c] <= g.frozen[s][c]:
            return Action("move", cities(g)[c], cities(g)[g.board.neighbours[c][0]])
    return None


def abduct_where(g, ok: Callable[[int], bool]) -> Action | None:
    if not phase2(g, ABDUCTOR):
        return None
    c = next((c for c in range(12) if ok(c)), None)
    return None if c is None else Action("abduct", cities(g)[c])


def swap_without_ability(g) -> Action | None:
    if not phase2(g, ABDUCTOR) or "human_swap" in g.abilities[g.actor]:
        return None
    for a in g.legal_actions():
        if a.kind == "abduct":
            c = g._t.city_index[a.a]
            for d in g.board.neighbours[c]:
                if g.human[d] >= 0:
                    return Action("abduct", a.a, cities(g)[d])
    return None


def swap_with_no_human(g) -> Action | None:
    """With the human-swap ability, a swap with an adjacent city that has no human."""
    if not phase2(g, ABDUCTOR) or "human_swap" not in g.abilities[g.actor]:
        return None
    for a in g.legal_actions():
        if a.kind == "abduct" and a.b is None:
            c = g._t.city_index[a.a]
            for d in g.board.neighbours[c]:
                if g.human[d] < 0:
                    return Action("abduct", a.a, cities(g)[d])
    return None


def opponents(g) -> list[int]:
    return [o for o in range(g.ns) if o != g.actor]


def target(g, ok: Callable[[int], bool]) -> int | None:
    """An opponent the open military group may attack, and for which ``ok(o)``."""
    return next((o for o in opponents(g) if not g._barred_target(o) and not g.shield[o] and ok(o)), None)


def capture_type(g, ok: Callable[[int, int], bool]) -> Action | None:
    if not phase2(g, MILITARY):
        return None
    for o in opponents(g):
        if g._barred_target(o) or g.shield[o]:
            continue
        for t in range(4):
            if ok(o, t):
                return Action("capture", SEAT_COLOURS[o], ALIEN_TYPES[t])
    return None


def destroy_apart(g) -> Action | None:
    """A destroy in a city where the attacker has no UFO."""
    if not phase2(g, MILITARY):
        return None
    o = target(g, lambda o: True)
    if o is None:
        return None
    c = next((c for c in range(12) if not g.ufo[g.actor][c]), None)
    return None if c is None else Action("destroy", SEAT_COLOURS[o], cities(g)[c])


def twice_in_a_row(g) -> Action | None:
    if not phase2(g, MILITARY) or g.last_target < 0:
        return None
    return Action("destroy", SEAT_COLOURS[g.last_target], cities(g)[0])


def attacked_before(g) -> Action | None:
    """Under attack_distinct_targets: an opponent attacked earlier in this activation,
    not the last one."""
    if not phase2(g, MILITARY):
        return None
    o = next((o for o in opponents(g) if g.attacked >> o & 1 and o != g.last_target), None)
    return None if o is None else Action("destroy", SEAT_COLOURS[o], cities(g)[0])


def shielded(g) -> Action | None:
    if not phase2(g, MILITARY):
        return None
    o = next((o for o in opponents(g) if g.shield[o] and not g._barred_target(o)), None)
    return None if o is None else Action("capture", SEAT_COLOURS[o], "pilot")


def twice_captured():
    """Arranged: red's military may attack blue, whose two builders both carry a capture
    marker (rare in play: blue must have captured two builders and hold no other)."""
    g = ovni.example_position(4, 0, aliens={0: {"military": 3}, 1: {"builder": 2, "pilot": 1}},
                              captured={1: {"builder": 2}}, ufos={0: {"Berlim": 1}, 1: {"Berlim": 1}})
    g.apply("activate military")
    return g, Action("capture", "blue", "builder")


def note_only(g, *kinds: str) -> bool:
    """The engine's note since the last action has exactly these kinds of steps."""
    return tuple(k for k, _ in g.auto_note) == kinds


def last(g) -> Action | None:
    return g.log[-1] if g.log else None


#: the group a kind of action belongs to
GROUP_OF = {"move": "pilots", "abduct": "abductors", "launch": "builders", "capture": "military",
            "destroy": "military"}


def stray_words(g) -> str:
    """The rule a STRAY action breaks in phase 2."""
    return f"the game is in the phase '{ACTIONS}': {PHASE2}, not a 'keep' action"


def gave_nothing(g) -> Action | None:
    """2 players, a stock of one alien per type: a pick of the third player's aliens is
    skipped (no type left to give)."""
    return bool(g.auto_note) and note_only(g, *["text"] * len(g.auto_note)) and g.round <= 1 and "end turn"


def gave_nothing_words(g, a) -> str:
    seats = ([0] if last(g).kind == "aliens" else []) + ([1] if g.phase == PLACEMENT else [])
    notes = "; ".join(f"{g.seat_name(s)} gave the third player no alien: no type it may take is left in the stock"
                      for s in seats)
    return f"the game is in the phase '{g.phase}': expected a '{'give' if g.phase == THIRD_ALIENS else 'place'}' " \
           f"action; note: {notes}"


def skipped(g) -> str:
    """The seat whose turn came just before the one to act (skipped by the engine)."""
    return g.seat_name(g.order2[g.turn_pos - 1])


def recruited_nothing(g) -> Action | None:
    """A winner of several areas whose cards' aliens are all out of stock (only one
    player won several areas, so the note is about that one)."""
    return sum(w >= 2 for w in g.won[:g.n]) == 1 and any(k == "text" and "recruited nothing" in x[0] for k, x in g.auto_note) and STRAY


def recruited_nothing_words(g, a) -> str:
    w = next(s for s in range(g.n) if g.won[s] >= 2)
    return f"{g.seat_name(w)} won several areas but recruited nothing: the stock holds none of their aliens"


def ambiguous(g, text: str) -> str:
    """core's refusal of a text that begins several legal actions' texts."""
    starts = [str(x) for x in g.legal_actions() if str(x).startswith(text)]
    more = f" and {len(starts) - 8} more" if len(starts) > 8 else ""
    return f"ambiguous: it begins {len(starts)} legal actions: {', '.join(map(repr, starts[:8]))}{more}"


class Case(NamedTuple):
    name: str
    #: the rule's words (``IllegalAction.rule`` but for the "malformed ..." prefix); a
    #: function of the position and the action when they hold its values
    words: Any
    #: () -> (game, the refused action or text)
    find: Callable[[], tuple]
    #: the words are a part of the rule (other notes may follow), not all of it
    part: bool = False


R = ovni.Rules  # a short name for the table
ONE_PER_TYPE = {"stock_per_type": 2, "stock_removed_small": 1}


CASES = [
    # ---------------------------------------------------------- the action's type
    Case("not an Action: a tuple", "not an Ovni action: actions are texts or ovnilab.ovni.rules.Action objects, "
         "not tuple", lambda: (ovni.new_game(4, seed=1), ("end_turn",))),
    Case("not an Action: another game's", "not an Ovni action: actions are texts or ovnilab.ovni.rules.Action "
         "objects, not ovnilab.cows.rules.Action", lambda: (ovni.new_game(4, seed=1), cows.Action("end"))),
    # ---------------------------------------------------------- the phase waits for another kind
    Case("keep missions: another kind", "the game is in the phase 'keep missions': expected a 'keep' action",
         lambda: (ovni.new_game(4, seed=1), "end turn")),
    Case("starting aliens: another kind",
         "the game is in the phase 'choose starting aliens': expected a 'aliens' action",
         lambda: walk(lambda g: g.phase == CHOOSE_ALIENS and Action("give", "pilot"))),
    Case("third player's aliens: another kind",
         "the game is in the phase 'third player's starting aliens': expected a 'give' action",
         lambda: walk(lambda g: g.phase == THIRD_ALIENS and Action("aliens", ("pilot", "builder")), n=2)),
    Case("placement: another kind", "the game is in the phase 'placing command tokens': expected a 'place' action",
         lambda: walk(lambda g: placing(g) and not g.auto_note and END_TURN)),
    Case("recruit: another kind", "the game is in the phase 'choosing aliens to recruit': expected a 'recruit' action",
         lambda: walk(lambda g: g.phase == RECRUIT and not g.auto_note and Action("energy", 2))),
    Case("force field: another kind", "the game is in the phase 'force field': expected a 'force_field' action",
         lambda: walk(lambda g: g.phase == FORCE_FIELD and not g.auto_note and END_TURN)),
    Case("energy: another kind", "players who recruited nothing now choose their energy bonus",
         lambda: walk(lambda g: g.phase == ENERGY and not g.auto_note and "recruit pilot+pilot+pilot")),
    # ---------------------------------------------------------- placing command tokens
    Case("placement: area E of A-D", "areas in play are ABCD",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and place(g, 0)._replace(a="E"))),
    Case("placement: area D of A-C (3 players)", "areas in play are ABC",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and "place 2 face-down on D", n=3)),
    Case("placement: an empty area name", "areas in play are ABCD",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and place(g, 0)._replace(a=""))),
    Case("placement: two letters", "areas in play are ABCD",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and place(g, 0)._replace(a="AB"))),
    Case("placement: a full area", "an area holds at most 4 command tokens",
         lambda: walk(lambda g: not g.auto_note and full_area(g))),
    Case("placement: the wrong face", "tokens alternate face down / face up within an area",
         lambda: walk(lambda g: not g.auto_note and wrong_face(g))),
    Case("placement: a value for the third player's token",
         "this turn places a token of the third player, drawn without looking",
         lambda: walk(lambda g: placing(g, own=False) and not g.auto_note and place(g, 0, 5), n=2)),
    Case("placement: the third player's token on one's own turn", "this turn places one of your own tokens",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and "place third-player token face-down on A")),
    Case("placement: a spent 6", "token 6 is used once per game",
         lambda: walk(lambda g: not g.auto_note and six_spent(g))),
    Case("placement: a token already placed this round", lambda g, a: f"token {a.b} is not in hand (each token is "
         "placed once per round)", lambda: walk(lambda g: not g.auto_note and token_on_board(g))),
    Case("placement: a 6 already placed this round", "token 6 is not in hand (each token is placed once per round)",
         lambda: walk(lambda g: not g.auto_note and token_on_board(g, 6))),
    Case("placement: a token no one has", "token 7 is not in hand (each token is placed once per round)",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and place(g, 0, 7))),
    Case("placement: an area in lower case keeps its rule",
         "token 7 is not in hand (each token is placed once per round)",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and place(g, 1, 7)._replace(a="b"))),
    Case("placement: a third token in a row", "never three tokens of one colour consecutively in an area",
         lambda: walk(lambda g: not g.auto_note and third_in_a_row(g), n=2)),
    # ---------------------------------------------------------- the set-up and recruitment choices
    Case("keep a mission not dealt", "keep one or two of the three missions dealt to you",
         lambda: (ovni.new_game(4, seed=1), STRAY)),
    Case("keep all three missions", "keep one or two of the three missions dealt to you",
         lambda: walk(lambda g: g.phase == KEEP_MISSIONS and Action("keep", g.missions_dealt[g.actor]))),
    Case("starting aliens of one type", "choose two (three with the starting-aliens ability) different alien types, "
         "not the same set as another player",
         lambda: walk(lambda g: g.phase == CHOOSE_ALIENS and "choose aliens pilot+pilot")),
    Case("starting aliens another player chose", "choose two (three with the starting-aliens ability) different "
         "alien types, not the same set as another player",
         lambda: walk(lambda g: g.phase == CHOOSE_ALIENS and g.actor == 1 and len(g._starting_choice(0)) == 2
                      and "starting_aliens" not in g.abilities[1]
                      and Action("aliens", tuple(ALIEN_TYPES[t] for t in g._starting_choice(0))))),
    Case("the third player's aliens: one type twice",
         "the third player's two aliens are of different types and not another player's pair",
         lambda: walk(lambda g: g.phase == THIRD_ALIENS and g.third_pair
                      and Action("give", ALIEN_TYPES[g.third_pair[0]]), n=2)),
    Case("recruit two aliens", "choose exactly three aliens among the cards of the areas you won (stock permitting)",
         lambda: walk(lambda g: g.phase == RECRUIT and not g.auto_note and "recruit pilot+pilot")),
    Case("energy bonus 3", "energy bonus 1 takes one alien of a type still in stock; bonus 2 gives a third group",
         lambda: walk(lambda g: g.phase == ENERGY and not g.auto_note and Action("energy", 3))),
    Case("energy bonus 2 for the third player",
         "energy bonus 1 takes one alien of a type still in stock; bonus 2 gives a third group",
         lambda: walk(lambda g: g.phase == ENERGY and g.energy_queue[0] == g.third and not g.auto_note
                      and "energy 2", n=2)),
    Case("force field: neither on nor off", "not a legal action in this position",
         lambda: walk(lambda g: g.phase == FORCE_FIELD and not g.auto_note and Action("force_field", None))),
    # ---------------------------------------------------------- phase 2: no group open
    Case("phase 2: another kind", f"the game is in the phase 'actions': {PHASE2}, not a 'recruit' action",
         lambda: walk(lambda g: phase2(g) and not g.auto_note and "recruit pilot+pilot+pilot")),
    Case("activate an unknown group", "groups are ('pilots', 'abductors', 'builders', 'military')",
         lambda: walk(lambda g: phase2(g, -1) and not g.auto_note and Action("activate", "wizards"))),
    Case("activate a group twice", "a group is activated at most once per round",
         lambda: walk(lambda g: not g.auto_note and used_group(g))),
    Case("activate a group with nothing to do", lambda g, a: f"the {a.a} group has nothing it can do now",
         lambda: walk(lambda g: not g.auto_note and idle_group(g))),
    Case("activate in another case keeps its rule", "a group is activated at most once per round",
         lambda: walk(lambda g: not g.auto_note and used_group(g) and used_group(g)._replace(a=used_group(g).a.upper()))),
    Case("end a group none is open",
         "no group is open: `end group` closes an activated group (`end turn` ends the turn)",
         lambda: walk(lambda g: phase2(g, -1) and not g.auto_note and END_GROUP)),
    Case("move before activating", "activate a group first (or end the turn)",
         lambda: walk(lambda g: phase2(g, -1) and not g.auto_note and "move Berlim -> Paris")),
    # ---------------------------------------------------------- phase 2: a group open
    Case("activate with a group open",
         lambda g, a: f"a group is open ({group_name(g)}): close it (`end group`) before activating another",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and Action("activate", "military"))),
    Case("end the turn with a group open",
         lambda g, a: f"a group is open ({group_name(g)}): close it (`end group`) before ending the turn",
         lambda: walk(lambda g: phase2(g, MILITARY) and not g.auto_note and END_TURN)),
    Case("move with the abductors open",
         lambda g, a: f"the active group is {group_name(g)}: finish it before another group acts",
         lambda: walk(lambda g: phase2(g, ABDUCTOR) and not g.auto_note and "move Berlim -> Paris")),
    Case("move to an unknown city", "unknown city",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and Action("move", "Atlantis", "Paris"))),
    Case("move to a city not adjacent", "a pilot moves a UFO to an adjacent city",
         lambda: walk(lambda g: not g.auto_note and move_far(g))),
    Case("move from a city with no UFO of one's own", "you have no UFO there",
         lambda: walk(lambda g: not g.auto_note and move_from_nowhere(g))),
    Case("move a UFO that mapped a city", "UFOs that mapped a city cannot move again this round",
         lambda: walk(lambda g: not g.auto_note and move_frozen(g))),
    Case("abduct with the pilots open",
         lambda g, a: f"the active group is {group_name(g)}: finish it before another group acts",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and "abduct in Berlim")),
    Case("abduct in an unknown city", "unknown city",
         lambda: walk(lambda g: phase2(g, ABDUCTOR) and not g.auto_note and Action("abduct", "Atlantis"))),
    Case("abduct where no human is", "there is no human in that city",
         lambda: walk(lambda g: not g.auto_note and abduct_where(g, lambda c: g.human[c] < 0))),
    Case("abduct without the majority", "abduction needs the majority of UFOs in the city",
         lambda: walk(lambda g: not g.auto_note and abduct_where(
             g, lambda c: g.human[c] >= 0 and not g._has_majority(g.actor, c)))),
    Case("swap humans without the ability",
         "swapping humans needs the human-swap ability and a human in an adjacent city",
         lambda: walk(lambda g: not g.auto_note and swap_without_ability(g))),
    Case("swap with a city that has no human",
         "swapping humans needs the human-swap ability and a human in an adjacent city",
         lambda: walk(lambda g: not g.auto_note and swap_with_no_human(g), seeds=range(150))),
    Case("capture with the builders open",
         lambda g, a: f"the active group is {group_name(g)}: finish it before another group acts",
         lambda: walk(lambda g: phase2(g, BUILDER) and not g.auto_note and "capture pilot from blue")),
    Case("destroy with the pilots open",
         lambda g, a: f"the active group is {group_name(g)}: finish it before another group acts",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and "destroy blue UFO in Berlim")),
    Case("attack oneself", "attack an opponent in the game",
         lambda: walk(lambda g: phase2(g, MILITARY) and not g.auto_note
                      and Action("capture", SEAT_COLOURS[g.actor], "pilot"))),
    Case("attack a colour not in the game", "attack an opponent in the game",
         lambda: walk(lambda g: phase2(g, MILITARY) and not g.auto_note and "destroy yellow UFO in Berlim", n=3)),
    Case("attack an unknown colour", "attack an opponent in the game",
         lambda: walk(lambda g: phase2(g, MILITARY) and not g.auto_note and Action("capture", "purple", "pilot"))),
    Case("attack one opponent twice in a row", "never attack the same opponent twice in a row",
         lambda: walk(lambda g: not g.auto_note and twice_in_a_row(g), rules=R(capture_size=1), prefer=attacker)),
    Case("attack again an opponent of this activation (attack_distinct_targets)",
         "each attack of this activation targets a different opponent (Rules.attack_distinct_targets)",
         lambda: walk(lambda g: not g.auto_note and attacked_before(g),
                      rules=R(capture_size=1, attack_distinct_targets=True), prefer=attacker)),
    Case("attack a shielded opponent", "that player is protected by a force field this round",
         lambda: walk(lambda g: not g.auto_note and shielded(g), prefer=attacker)),
    Case("capture an unknown alien type", "unknown alien type",
         lambda: walk(lambda g: phase2(g, MILITARY) and not g.auto_note and target(g, lambda o: True) is not None
                      and Action("capture", SEAT_COLOURS[target(g, lambda o: True)], "wizard"))),
    Case("capture an opponent's only alien of a type", "an opponent's only alien of a type cannot be captured",
         lambda: walk(lambda g: not g.auto_note and capture_type(g, lambda o, t: g.aliens[o][t] <= 1))),
    Case("capture a captured alien", "a captured alien cannot be captured again", twice_captured),
    Case("destroy where one has no UFO", "destroy a UFO sharing a city with one of yours",
         lambda: walk(lambda g: not g.auto_note and destroy_apart(g))),
    Case("launch with the pilots open", lambda g, a: f"the active group is {group_name(g)}",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and "launch to Berlim")),
    Case("launch to an unknown city", "unknown city",
         lambda: walk(lambda g: phase2(g, BUILDER) and not g.auto_note and Action("launch", "Atlantis"))),
    Case("end group, malformed", "not a legal action in this position",
         lambda: walk(lambda g: phase2(g, PILOT) and not g.auto_note and Action("end_group", "now"))),
    # ---------------------------------------------------------- the note of the engine's own steps
    Case("note: a group closed, all its actions used", lambda g, a: f"{stray_words(g)}; note: the "
         f"{GROUP_OF[last(g).kind]} group closed automatically because all its actions are used",
         lambda: walk(lambda g: phase2(g) and note_only(g, "closed") and "all its" in g.auto_note[0][1][1] and STRAY)),
    Case("note: a group closed, nothing left to do", lambda g, a: f"{stray_words(g)}; note: the "
         f"{GROUP_OF[last(g).kind]} group closed automatically because it has nothing left it can do",
         lambda: walk(lambda g: phase2(g) and note_only(g, "closed") and "nothing" in g.auto_note[0][1][1] and STRAY)),
    Case("note: the turn passed", lambda g, a: f"{stray_words(g)}; note: the turn passed automatically to "
         f"{g.seat_name(g.actor)} because {g.seat_name(g.actors[-1])} had no group left to activate",
         lambda: walk(lambda g: phase2(g) and last(g) == END_GROUP and note_only(g, "turn") and STRAY)),
    Case("note: a turn skipped, then passed", lambda g, a: f"{stray_words(g)}; note: {skipped(g)}'s turn was "
         f"skipped: no group of it could act; the turn passed automatically to {g.seat_name(g.actor)} because "
         f"{skipped(g)} had no group that could act",
         lambda: walk(lambda g: phase2(g) and last(g) == END_TURN and note_only(g, "skipped", "turn") and STRAY)),
    Case("note: the round ended", lambda g, a: "the game is in the phase 'placing command tokens': expected a 'place' "
         f"action; note: the turn ended automatically (and with it the round) because {g.seat_name(g.actors[-1])} "
         "had no group left to activate",
         lambda: walk(lambda g: placing(g) and last(g) == END_GROUP and note_only(g, "turn") and END_TURN)),
    Case("no note after a player's own end turn", lambda g, a: stray_words(g),
         lambda: walk(lambda g: phase2(g) and last(g) == END_TURN and note_only(g, "turn") and STRAY)),
    Case("note: the third player given nothing", gave_nothing_words,
         lambda: walk(gave_nothing, n=2, rules=R(**ONE_PER_TYPE))),
    Case("note: a recruitment of nothing", recruited_nothing_words,
         lambda: walk(recruited_nothing, rules=R(stock_per_type=3, stock_removed_small=0), seeds=range(200)), part=True),
    # ---------------------------------------------------------- reading a text
    Case("text: unknown city", lambda g, a: f"unknown city 'Atlantis'; cities are {list(g.board.names)}",
         lambda: walk(lambda g: phase2(g, PILOT) and "move Atlantis -> Paris")),
    Case("text: unknown alien type", "unknown alien type 'wizard'; types are ['pilot', 'abductor', 'builder', "
         "'military']", lambda: walk(lambda g: g.phase == CHOOSE_ALIENS and "choose aliens pilot+wizard")),
    Case("text: unknown colour", "unknown colour 'purple'; colours are ['red', 'blue', 'green', 'yellow']",
         lambda: walk(lambda g: phase2(g, MILITARY) and "capture pilot from purple")),
    Case("text: unknown group", "unknown group 'wizards'; groups are ['pilots', 'abductors', 'builders', "
         "'military']", lambda: walk(lambda g: phase2(g, -1) and "activate wizards")),
    Case("text: unreadable", "unreadable Ovni action: actions read like 'place 5 face-down on B', "
         "'move Berlim -> Paris', 'activate pilots', 'end turn'", lambda: (ovni.new_game(4, seed=1), "dance a jig")),
    Case("text: a mission list ending in +", "unreadable Ovni action: actions read like 'place 5 face-down on B', "
         "'move Berlim -> Paris', 'activate pilots', 'end turn'", lambda: (ovni.new_game(4, seed=1), "keep missions 3+")),
    # ---------------------------------------------------------- the shared base (ovnilab/core/)
    Case("core: a finished game", "the game is over", lambda: walk(lambda g: g.over and END_TURN)),
    Case("core: a text on a finished game", "the game is over", lambda: walk(lambda g: g.over and "end turn")),
    Case("core: an overlong text",
         f"an action text has at most {MAX_ACTION_TEXT} characters, this one has {MAX_ACTION_TEXT + 7}",
         lambda: (ovni.new_game(4, seed=1), "e" * (MAX_ACTION_TEXT + 7))),
    Case("core: an empty text", "the action text is empty", lambda: (ovni.new_game(4, seed=1), " ")),
    Case("core: an ambiguous beginning", lambda g, a: ambiguous(g, "keep missions"),
         lambda: (ovni.new_game(4, seed=1), "keep")),
    Case("core: an ambiguous beginning of many", lambda g, a: ambiguous(g, "place"),
         lambda: walk(lambda g: placing(g, own=True) and len(g.legal_actions()) > 8 and "place")),
    Case("core: a field no rule gives", "field 1 of this Action is not a short text, a small whole number or a "
         "tuple of them (got a list): no rule gives such an action",
         lambda: (ovni.new_game(4, seed=1), Action("keep", [1]))),
    Case("core: a malformed Action is shown by its fields",
         "malformed ovni action ('place', 'AB', 5, 'face-down'): areas in play are ABCD",
         lambda: walk(lambda g: placing(g, own=True) and not g.auto_note and Action("place", "AB", 5, "face-down"))),
]


def refuse(g, action, words: str, part: bool = False) -> IllegalAction:
    """``action`` is refused with ``words`` as its rule (``part``: in its rule), and the
    game is as it was: its save, its position, its note, its legal actions."""
    def snapshot():
        try:
            saved = g.to_json()
        except ValueError:  # a position arranged by hand has no replay to save
            saved = None
        return saved, g._fingerprint(), g.auto_note, [str(a) for a in g.legal_actions()]

    before = snapshot()
    with pytest.raises(IllegalAction, match=re.escape(words)) as refused:
        g.apply(action)
    rule = refused.value.rule
    if not words.startswith("malformed "):
        rule = re.sub(r"^malformed ovni action \(.*?\): ", "", rule)
    assert words in rule if part else rule == words, (rule, words)
    assert snapshot() == before
    return refused.value


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule_and_changes_nothing(case):
    """The action of each case is refused with the words of the rule it breaks."""
    g, action = case.find()
    if isinstance(action, Action):
        assert not g.is_legal(action), action
    words = case.words(g, action) if callable(case.words) else case.words
    refuse(g, action, words, case.part)


def test_nothing_to_undo_is_refused():
    """``undo`` on a game with no action says so, and the game is as it was."""
    g = ovni.new_game(3, seed=3)
    before = (g.to_json(), g._fingerprint())
    with pytest.raises(IllegalAction, match="there is no action to undo"):
        g.undo()
    assert (g.to_json(), g._fingerprint()) == before


# ---------------------------------------------------------------------------------------
# Completeness: every sentence of _rule_broken, _explain_illegal and _auto_text is checked
# ---------------------------------------------------------------------------------------
#: branches of _rule_broken that no public action reaches (not counted):
UNREACHABLE = {
    "at most {n} groups per turn":
        # a player's turn waits with no group open only while it has a group to activate:
        # _close_group passes the turn as soon as _activations is empty, which it is once
        # the groups used reach _max_groups (and energy, which sets the maximum, changes
        # only between rounds)
        "the turn passes by itself once the groups used reach the maximum",
    "no UFO on the platform":
        # the builders group opens only with a UFO on the platform (_group_can_act) and
        # closes by itself when the platform is empty (_spend), so every launch to a city
        # of the board is legal while it is open; an unknown city is named as such
        "the builders group is open only while the platform holds a UFO",
    "unknown action kind {kind}":
        # State._do (state.py, `# pragma: no cover`): apply checks legality before _do, and
        # every legal action's kind has its _do_<kind>
        "legality is checked before State._do",
}
# Other unreachable branches whose words another branch gives (so they are counted by
# that branch's case): in _rule_broken, the last line for every kind but a malformed
# force_field or end_group (each phase's other kinds are answered above it). In core,
# three answers no Ovni action reaches: GameState._explain_illegal's and
# GameState._parse_action's defaults (Ovni overrides both), and GameState._explain's "not
# a well-formed ... action" (it answers only when _explain_illegal raises, which Ovni's
# never does: every field is compared, never used as an index, now that _rule_broken
# reads an area as a member of the letters in play; an area 1 raised TypeError before).


def _patterns(node: ast.AST) -> list[str]:
    """Regexes for the words an expression gives: a text as is, an f-string with any
    words in place of its values; conditionals part by part."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.escape(node.value)] if node.value.strip() else []
    if isinstance(node, ast.JoinedStr):
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+?" for v in node.values]
        return ["".join(parts)] if any(isinstance(v, ast.Constant) for v in node.values) else []
    if isinstance(node, ast.IfExp):
        return _patterns(node.body) + _patterns(node.orelse)
    template = _template(node)
    if template is not None:  # a template: any words in place of each {name}
        parts = re.split(r"\{\w+\}", template)
        return [".+?".join(re.escape(part) for part in parts)] if "".join(parts).strip() else []
    return []


def _engine_sentences() -> dict[str, str]:
    """What the engine can answer, readable key -> regex: the returns of ``_rule_broken``
    and ``_explain_illegal``; every text ``_auto_text`` builds and the reasons the engine
    notes with ``_note`` or passes to ``_next_turn`` (in the whole rules package); the
    first argument of every ``IllegalAction(...)`` of the package (actions.py, state.py)."""
    here = Path(ovnilab.ovni.rules.actions.__file__)
    out: dict[str, str] = {}

    def add(node: ast.AST) -> None:
        key = node.value if isinstance(node, ast.Constant) else _template(node) or ast.unparse(node)
        for p in _patterns(node):
            out[key if not isinstance(node, ast.IfExp) else p] = p

    for path in sorted(here.parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("_rule_broken", "_explain_illegal") \
                    and path == here:
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Return) and sub.value is not None:
                        add(sub.value)
            elif isinstance(node, ast.FunctionDef) and node.name == "_auto_text" and path == here:
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Assign) or (isinstance(sub, ast.Call) and getattr(sub.func, "attr", "")
                                                       == "append"):
                        for x in ([sub.value] if isinstance(sub, ast.Assign) else sub.args):
                            add(x)
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") in ("_note", "_next_turn"):
                for x in node.args[1 if node.func.attr == "_note" else 0:]:
                    add(x)
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) \
                    and any(isinstance(t, ast.Tuple) and "why" in [getattr(e, "id", "") for e in t.elts]
                            for t in node.targets):
                for x in node.value.elts:  # `prev, why = s, "had no group that could act"`
                    add(x)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction" and node.args:
                add(node.args[0])
    return out


def _words_of_cases() -> list[str]:
    """The words each case checks (those given by a function of the position are
    computed on the position itself)."""
    out = []
    for c in CASES:
        if callable(c.words):
            g, a = c.find()
            out.append(c.words(g, a))
        else:
            out.append(c.words)
    return out


@pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ,
                    reason="mutmut rewrites the engine's sources into another layout")
def test_every_sentence_of_the_engine_is_checked_by_a_case():
    """Each reason the engine gives (rule, note, grammar) is the words of a case."""
    sentences = _engine_sentences()
    assert len(sentences) >= 55, sorted(sentences)  # the parse found what it looks for
    assert all(k in sentences for k in UNREACHABLE), "a branch judged unreachable left the engine: update the list"
    words = _words_of_cases()
    missing = [k for k, p in sentences.items() if k not in UNREACHABLE and not any(re.search(p, w) for w in words)]
    assert not missing, f"engine sentences no case checks: {missing}"
