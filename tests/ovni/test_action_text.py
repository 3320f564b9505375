"""Ovni's action texts: what ``str(action)`` writes, what ``parse_action`` reads back, how
the log tells an action to each seat, and the refusals the grammar and ``_rule_broken``
give that ``tests/test_refusals_ovni.py`` does not reach (issue 38).

``parse_action`` forgives a legal text by looking it up among the legal actions, so a
grammar that misread a text would go unnoticed on legal texts. Here texts are read where
they are *not* legal (a fresh game waits for missions to be kept): the grammar alone
answers, and a readable illegal text is returned as the action it names (the documented
behaviour: ``apply`` then says which rule it breaks).
"""

from __future__ import annotations

import random
import unicodedata

import pytest

from ovnilab import ovni
from ovnilab.core import IllegalAction
from ovnilab.ovni.rules import Action
from ovnilab.ovni.rules.components import ENERGY, KEEP_MISSIONS

END_GROUP, END_TURN = Action("end_group"), Action("end_turn")


def fresh() -> ovni.State:
    """A new 4-player game: it waits for seat 0 to keep missions (5, 6, 16 dealt)."""
    g = ovni.new_game(4, seed=1)
    assert g.phase == KEEP_MISSIONS and g.missions_dealt[0] == (5, 6, 16)
    return g


def rule_of(g: ovni.State, action) -> str:
    """The rule ``apply`` names for ``action`` (which must be refused)."""
    with pytest.raises(IllegalAction) as refused:
        g.apply(action)
    return refused.value.rule


# ------------------------------------------------------------------ str(action)
#: every kind of action and its text, as the log and the board's move list show it
TEXTS = [
    (Action("place", "B", 5, "face-down"), "place 5 face-down on B"),
    (Action("place", "C", None, "face-up"), "place third-player token face-up on C"),
    (Action("move", "Berlim", "Paris"), "move Berlim -> Paris"),
    (Action("activate", "pilots"), "activate pilots"),
    (END_GROUP, "end group"),
    (END_TURN, "end turn"),
    (Action("abduct", "Cairo"), "abduct in Cairo"),
    (Action("abduct", "Berlim", "Dubai"), "abduct in Berlim swapping with Dubai"),
    (Action("launch", "Hong Kong"), "launch to Hong Kong"),
    (Action("capture", "blue", "pilot"), "capture pilot from blue"),
    (Action("destroy", "green", "Tóquio"), "destroy green UFO in Tóquio"),
    (Action("recruit", ("pilot", "builder", "builder")), "recruit pilot+builder+builder"),
    (Action("energy", 2), "energy 2"),
    (Action("energy", 1), "energy 1"),
    (Action("energy", 1, "military"), "energy 1 military"),
    (Action("energy_third", "abductor"), "energy for third player abductor"),
    (Action("force_field", True), "force field on"),
    (Action("force_field", False), "force field off"),
    (Action("keep", (5, 16)), "keep missions 5+16"),
    (Action("keep", (6,)), "keep missions 6"),
    (Action("aliens", ("pilot", "military")), "choose aliens pilot+military"),
    (Action("aliens", ("abductor", "builder", "military")), "choose aliens abductor+builder+military"),
    (Action("give", "builder"), "give third player builder"),
]


def ascii_id(text: str) -> str:
    """A test id without accents: mutmut hands ids back to pytest, which escapes non-ASCII ones."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


@pytest.mark.parametrize("action,text", TEXTS, ids=[ascii_id(t) for _, t in TEXTS])
def test_each_kind_of_action_has_its_text(action, text):
    """``str(action)`` is the exact text a player reads in the log and types back."""
    assert str(action) == text


def test_repr_shows_the_text():
    """An Action's repr in a notebook shows its text, not its raw fields."""
    assert repr(END_TURN) == "<Action 'end turn'>"
    assert repr(Action("keep", (5, 16))) == "<Action 'keep missions 5+16'>"


@pytest.mark.parametrize("action,text", TEXTS, ids=[ascii_id(t) for _, t in TEXTS])
def test_each_text_reads_back_where_it_is_illegal(action, text):
    """The grammar alone reads every text back to its action (no legal text to lean on)."""
    g = fresh()
    if action.kind == "keep":  # the one kind a fresh game takes: read it in phase 2 instead
        g = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Berlim": 1}})
    assert not g.is_legal(action)
    assert g.parse_action(text) == action


# ------------------------------------------------------------------ forgiven spellings
#: texts typed as people type them, and the action each names
SPELLINGS = [
    ("Place 5 FACE-DOWN on b", Action("place", "B", 5, "face-down")),
    ("place Third-Player Token face-up on c", Action("place", "C", None, "face-up")),
    ("move berlim->paris", Action("move", "Berlim", "Paris")),
    ("move sao paulo  ->   buenos aires", Action("move", "São Paulo", "Buenos Aires")),
    ("Activate Pilot", Action("activate", "pilots")),
    ("activate MILITARY", Action("activate", "military")),
    ("ABDUCT IN cairo", Action("abduct", "Cairo")),
    ("abduct in berlim swapping with dubai", Action("abduct", "Berlim", "Dubai")),
    ("launch to TOQUIO", Action("launch", "Tóquio")),
    ("capture Pilot from Blue", Action("capture", "blue", "pilot")),
    ("destroy GREEN ufo in hong kong", Action("destroy", "green", "Hong Kong")),
    # aliens are read in the game's order of types, whatever the order typed
    ("recruit builder+pilot+builder", Action("recruit", ("pilot", "builder", "builder"))),
    ("recruit military + abductor + pilot", Action("recruit", ("pilot", "abductor", "military"))),
    ("Energy 2", Action("energy", 2)),
    ("energy 1", Action("energy", 1)),
    ("energy 1 Military", Action("energy", 1, "military")),
    ("energy for third player Builder", Action("energy_third", "builder")),
    ("force field ON", Action("force_field", True)),
    ("Force Field off", Action("force_field", False)),
    ("choose aliens military+pilot", Action("aliens", ("pilot", "military"))),
    ("choose aliens builder + Abductor", Action("aliens", ("abductor", "builder"))),
    ("give third player Abductor", Action("give", "abductor")),
]


@pytest.mark.parametrize("text,action", SPELLINGS, ids=[ascii_id(t) for t, _ in SPELLINGS])
def test_case_accents_spacing_and_order_are_forgiven(text, action):
    """Case, accents, spaced signs and alien order do not change the action a typed text names."""
    assert fresh().parse_action(text) == action


def test_mission_ids_are_read_as_numbers_in_order():
    """"keep missions 16+5" keeps missions 5 and 16 (ids sorted, as the legal actions list them)."""
    g = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Berlim": 1}})
    assert g.parse_action("keep missions 16+5") == Action("keep", (5, 16))
    assert g.parse_action("keep missions 7 + 3") == Action("keep", (3, 7))
    # in the game that dealt them, the text is the legal action itself
    g = fresh()
    g.apply("keep missions 16+5")
    assert g.log == [Action("keep", (5, 16))]


# ------------------------------------------------------------------ round trip
def seeded_positions():
    """Every position of three seeded random games (4, 3 and 2 players), which between
    them reach every kind of action."""
    for n, seed in ((4, 0), (3, 1), (2, 2)):
        g = ovni.new_game(n, seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            yield g
            g.apply(rng.choice(g.legal_actions()))


def test_every_legal_text_reads_back_to_its_action():
    """Every legal action's text reads back to it, where legal and where not (a shown move means one action)."""
    elsewhere = fresh()
    kinds = set()
    seen = set()
    for g in seeded_positions():
        for a in g.legal_actions():
            kinds.add(a.kind)
            assert g.parse_action(str(a)) == a
            if a not in seen:
                seen.add(a)
                assert elsewhere.parse_action(str(a)) == a, a
    assert kinds == {"keep", "aliens", "give", "place", "recruit", "energy", "energy_third", "force_field",
                     "activate", "move", "abduct", "launch", "capture", "destroy", "end_group", "end_turn"}


# ------------------------------------------------------------------ what each seat reads
def test_a_face_down_token_is_hidden_from_the_log_of_every_seat():
    """A seat's log names a face-down token's area, not its value; the full record keeps the value."""
    g = fresh()
    down = Action("place", "B", 5, "face-down")
    assert g.describe(down, 1) == "place a token face-down on B"
    assert g.describe(down, 0) == "place a token face-down on B"
    assert g.describe(down) == "place 5 face-down on B"


def test_what_every_seat_sees_is_told_in_full():
    """Face-up tokens, the third player's (unseen) token and open actions read the same to every seat."""
    g = fresh()
    for action, text in [(Action("place", "B", 5, "face-up"), "place 5 face-up on B"),
                         (Action("place", "A", None, "face-down"), "place third-player token face-down on A"),
                         (Action("place", "D", None, "face-up"), "place third-player token face-up on D"),
                         (END_TURN, "end turn"),
                         (Action("move", "Berlim", "Paris"), "move Berlim -> Paris"),
                         (Action("aliens", ("pilot", "builder")), "choose aliens pilot+builder")]:
        assert g.describe(action, 2) == text
        assert g.describe(action) == text


def test_kept_missions_are_counted_not_named_to_a_seat():
    """A seat reads how many missions another kept, not which; the full record names them."""
    g = fresh()
    assert g.describe(Action("keep", (5, 16)), 3) == "keep 2 missions"
    assert g.describe(Action("keep", (6,)), 1) == "keep 1 mission"
    assert g.describe(Action("keep", (5, 16))) == "keep missions 5+16"


# ------------------------------------------------------------------ hand-built Actions
def test_hand_built_actions_are_read_as_their_text_but_not_with_junk_fields():
    """A hand-built Action in another case is the legal one; one with text mission ids is refused."""
    g = fresh()
    assert g.is_legal(Action("keep", (5, 6)))
    assert not g.is_legal(Action("keep", ("5", "6")))
    assert rule_of(g, Action("keep", ("5", "6"))) == (
        "malformed ovni action ('keep', ('5', '6'), None, None): keep one or two of the three missions dealt to you")
    g = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Berlim": 1}})
    assert g.is_legal(Action("activate", "pilots"))
    g.apply(Action("activate", "Pilots"))
    assert g.log == [Action("activate", "pilots")]
    assert g.is_legal(Action("move", "BERLIM", "paris"))


def test_a_hand_built_set_reads_in_any_order_as_its_text_does():
    """"keep missions 6+5" is accepted, so Action("keep", (6, 5)) is too: a set's order is not a rule."""
    g = fresh()
    assert g.is_legal(Action("keep", (6, 5))) and g.parse_action("keep missions 6+5") == Action("keep", (5, 6))
    g.apply(Action("keep", (6, 5)))
    assert g.log == [Action("keep", (5, 6))]
    choice = next(a for h in seeded_positions() for a in h.legal_actions() if a.kind == "aliens" and len(a[1]) > 1)
    h = next(h for h in seeded_positions() if choice in h.legal_actions())
    assert h.is_legal(Action("aliens", tuple(reversed(choice[1]))))


# ------------------------------------------------------------------ refusals not reached elsewhere
def test_the_pilots_group_with_nothing_to_do_is_named():
    """Activating pilots (the first group) with no pilot says it has nothing to do, not that it is unknown."""
    g = ovni.example_position(4, 0, aliens={0: {"builder": 1}}, platform={0: 1})
    assert g.legal_actions() == [Action("activate", "builders"), END_TURN]
    assert rule_of(g, "activate pilots") == "the pilots group has nothing it can do now"
    # a hand-built Action names the group itself (the text's "pilot" is a spelling, not a field)
    assert rule_of(g, Action("activate", "pilot")) == (
        "malformed ovni action ('activate', 'pilot', None, None): groups are ('pilots', 'abductors', 'builders', "
        "'military')")


def test_the_pilots_group_used_once_is_named():
    """A second activation of the pilots in one round is refused by that rule."""
    g = ovni.example_position(4, 0, aliens={0: {"pilot": 2, "military": 3}},
                              ufos={0: {"Berlim": 2}, 1: {"Berlim": 1}})
    g.apply_many(["activate pilots", "move Berlim -> Paris", "end group"])
    assert g.group == -1 and Action("activate", "military") in g.legal_actions()
    assert rule_of(g, "activate pilots") == "a group is activated at most once per round"


def test_a_move_to_an_unknown_city_is_named():
    """A move from a city one holds to a city not on the board names the unknown city."""
    g = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Berlim": 1}})
    g.apply("activate pilots")
    assert rule_of(g, Action("move", "Berlim", "Atlantis")) == (
        "malformed ovni action ('move', 'Berlim', 'Atlantis', None): unknown city")


def test_an_energy_bonus_for_a_third_player_not_in_the_game_is_named():
    """A 4-player game's energy phase refuses a third player's bonus by the energy rule, not another phase's."""
    for seed in range(40):
        g = ovni.new_game(4, seed=seed)
        rng = random.Random(seed)
        while g.phase != ENERGY and not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
        if g.phase == ENERGY and not g.auto_note:
            break
    else:
        raise AssertionError("no seeded game reached the energy phase")
    assert rule_of(g, "energy for third player pilot") == (
        "energy bonus 1 takes one alien of a type still in stock; bonus 2 gives a third group")


def test_an_unreadable_give_is_not_mistaken():
    """Every kind's text is readable: "give third player pilot" is not refused as unreadable."""
    g = fresh()
    assert g.parse_action("give third player pilot") == Action("give", "pilot")
    assert rule_of(g, "give third player pilot") == "the game is in the phase 'keep missions': expected a 'keep' action"
