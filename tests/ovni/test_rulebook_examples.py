"""Every worked example of the Ovni rulebook, reproduced."""

import random

import pytest

from ovnilab import IllegalAction, ovni
from ovnilab.ovni import rules as R

from .scenario import BLUE, GREEN, RED, YELLOW, actions_position, city, give, put_ufos


def test_phase1_turn_order_table():
    # rulebook table: military, then builders, abductors, pilots
    counts = {
        "red": dict(military=2, builder=0, abductor=1, pilot=2),
        "blue": dict(military=2, builder=1, abductor=0, pilot=2),
        "green": dict(military=0, builder=2, abductor=2, pilot=1),
        "yellow": dict(military=0, builder=2, abductor=1, pilot=2),
    }
    assert ovni.recruitment_order(counts) == ["blue", "red", "green", "yellow"]


def test_phase2_turn_order_table():
    # rulebook table: pilots, then abductors, builders, military
    counts = {
        "red": dict(pilot=2, abductor=1, builder=0, military=2),
        "blue": dict(pilot=2, abductor=0, builder=1, military=2),
        "green": dict(pilot=1, abductor=2, builder=2, military=0),
        "yellow": dict(pilot=2, abductor=1, builder=2, military=0),
    }
    assert ovni.action_order(counts) == ["yellow", "red", "blue", "green"]


def test_full_ties_go_to_planet_distance():
    same = dict(pilot=1, abductor=1, builder=1, military=1)
    counts = {"a": same, "b": same}
    planets = {"a": "Antáris", "b": "Magnon"}  # Magnon is the farthest (data/ovni)
    assert ovni.recruitment_order(counts, planets) == ["b", "a"]  # farthest first
    assert ovni.action_order(counts, planets) == ["a", "b"]  # nearest first


def test_recruitment_areas_example():
    # area A: the three 5s cancel, Green wins with its 3
    assert ovni.resolve_area([("green", 3), ("red", 5), ("blue", 5), ("yellow", 5)]) == "green"
    # area B: no equal tokens, equal sums (7): the opener (Yellow, with its 3) wins
    assert ovni.resolve_area([("yellow", 3), ("blue", 2), ("yellow", 4), ("blue", 5)]) == "yellow"
    # area C: the 2s cancel and the 3s cancel: nobody wins
    assert ovni.resolve_area([("red", 2), ("green", 3), ("blue", 2), ("yellow", 3)]) is None
    # area D: the 4s cancel and Blue wins with its 6
    assert ovni.resolve_area([("red", 4), ("blue", 6), ("green", 4), ("yellow", 2)]) == "blue"


def test_area_tie_when_opener_not_tied_is_a_rule_option():
    placements = [("red", 5), ("blue", 4), ("green", 5), ("blue", 2), ("green", 6)]
    # red's 5 cancels with green's; blue 6 vs green 6: the opener (red) is not tied
    assert ovni.resolve_area(placements, tie="earliest") == "blue"
    assert ovni.resolve_area(placements, tie="opener") is None
    # a real tie (5 against 2 + 3), no cancellations: the opener wins unless ties never win
    assert ovni.resolve_area([("a", 5), ("b", 2), ("b", 3)], tie="earliest") == "a"
    assert ovni.resolve_area([("a", 5), ("b", 2), ("b", 3)], tie="none") is None


def test_builder_pair_builds_one_ufo_and_full_platform_loses_it():
    s = actions_position(4, RED)
    give(s, RED, builder=1)
    s._gain(RED, R.BUILDER)  # recruit a second builder: a new pair
    assert s.platform[RED] == 1 and s.reserve[RED] == 7
    s._gain(RED, R.BUILDER)  # three builders: no new pair
    assert s.platform[RED] == 1
    s._gain(RED, R.BUILDER)  # second pair
    s._gain(RED, R.BUILDER)
    s._gain(RED, R.BUILDER)  # third pair: platform (2 slots) is full, build lost
    assert s.platform[RED] == 2 and s.builds_lost[RED] == 1


def test_pilot_example_berlin_tokyo():
    # in the rulebook's order: Berlim -> Paris, Berlim -> Tóquio (two moves), Moscou -> Tóquio
    s = actions_position(4, BLUE)
    give(s, BLUE, pilot=4)
    put_ufos(s, BLUE, {"Berlim": 2, "Moscou": 1})
    s.apply("activate pilots")
    s.apply("move Berlim -> Paris")
    s.apply("move Berlim -> Dubai")  # the reconstruction's common neighbour (data/ovni/board.toml)
    s.apply("move Dubai -> Tóquio")
    assert not any(s.mapped)  # nothing mapped on the way: Moscou's UFO is still free
    s.apply("move Moscou -> Tóquio")
    tokyo = city(s, "Tóquio")
    assert s.ufo[BLUE][tokyo] == 2
    assert s.mapped[tokyo] == 1 << BLUE  # first to have two UFOs there: mapped
    # four pilots, four moves: the group is finished
    assert s.group == -1
    assert s.mapped == [1 << BLUE if c == tokyo else 0 for c in range(12)]  # Tóquio only
    # from now on another player needs three UFOs to map Tóquio
    put_ufos(s, RED, {"Tóquio": 2})
    s._arrive(RED, tokyo)
    assert s.mapped[tokyo] & (1 << RED)
    assert s.frozen[RED][tokyo] == 3


def test_mapping_ufos_are_frozen_for_the_round():
    s = actions_position(4, BLUE)
    give(s, BLUE, pilot=3)
    put_ufos(s, BLUE, {"Paris": 1, "Berlim": 1, "Madri": 1})
    s.apply("activate pilots")
    s.apply("move Paris -> Berlim")  # maps Berlim with two UFOs
    assert s.mapped[city(s, "Berlim")] == 1 << BLUE
    moves = {str(a) for a in s.legal_actions() if a.kind == "move"}
    assert moves and all(m.startswith("move Madri") for m in moves)
    with pytest.raises(IllegalAction, match="cannot move again this round"):
        s.apply("move Berlim -> Paris")


def test_abductor_example_needs_majority():
    s = actions_position(4, RED)
    give(s, RED, abductor=3)  # one complete pair: one abduction
    put_ufos(s, RED, {"Buenos Aires": 2, "Dubai": 1})
    put_ufos(s, BLUE, {"Dubai": 2, "Buenos Aires": 1})
    with pytest.raises(IllegalAction):
        s.apply("abduct in Dubai")
    s.apply("activate abductors")
    before = s.human[city(s, "Dubai")]
    with pytest.raises(IllegalAction, match="majority"):
        s.apply("abduct in Dubai")
    assert s.human[city(s, "Dubai")] == before  # untouched
    ba = city(s, "Buenos Aires")
    cat = s.human[ba]
    refill = s.track[0]
    s.apply("abduct in Buenos Aires")
    assert s.abducted[RED][cat] == 1
    # one pair, one abduction: the turn and (nobody else can act) the round end, and the
    # empty city is refilled from the track
    assert s.round == 2 and s.phase == R.PLACEMENT
    assert s.human[ba] == refill and len(s.track) == 5


def test_builder_launch_example_maps_on_arrival():
    s = actions_position(4, YELLOW)
    give(s, YELLOW, builder=2)
    s.platform[YELLOW] = 2
    s.reserve[YELLOW] -= 2
    put_ufos(s, YELLOW, {"Hong Kong": 1})
    s.apply("activate builders")
    s.apply("launch to São Paulo")
    s.apply("launch to Hong Kong")
    assert s.platform[YELLOW] == 0
    assert s.mapped[city(s, "Hong Kong")] == 1 << YELLOW
    assert s.mapped[city(s, "São Paulo")] == 0


def test_military_example_capture_then_destroy():
    s = actions_position(4, GREEN)
    give(s, GREEN, military=6, builder=1)
    give(s, BLUE, builder=2)
    put_ufos(s, GREEN, {"Sidney": 1})
    put_ufos(s, RED, {"Sidney": 1})
    put_ufos(s, BLUE, {"Sidney": 1})
    s.apply("activate military")
    s.apply("capture builder from blue")
    # Green formed a new builder pair: a UFO is built at once
    assert s.aliens[GREEN][R.BUILDER] == 2 and s.captured[GREEN][R.BUILDER] == 1
    assert s.platform[GREEN] == 1
    # never the same opponent twice in a row
    with pytest.raises(IllegalAction, match="twice in a row"):
        s.apply("destroy blue UFO in Sidney")
    s.apply("destroy red UFO in Sidney")
    assert s.ufo[RED][city(s, "Sidney")] == 0 and s.reserve[RED] == 8


def test_capture_restrictions():
    s = ovni.example_position(4, GREEN, aliens={GREEN: {"military": 3}, BLUE: {"pilot": 1, "abductor": 2}},
                              captured={BLUE: {"abductor": 2}}, ufos={GREEN: {"Paris": 1}, BLUE: {"Paris": 1}})
    s.apply("activate military")
    acts = {str(a) for a in s.legal_actions()}
    assert "destroy blue UFO in Paris" in acts
    with pytest.raises(IllegalAction, match="only alien of a type"):
        s.apply("capture pilot from blue")
    with pytest.raises(IllegalAction, match="captured alien cannot be captured"):
        s.apply("capture abductor from blue")


def test_energy_example():
    s = actions_position(4, RED)
    give(s, RED, builder=1)
    s.phase = R.ENERGY
    s.order1 = [GREEN, YELLOW, RED, BLUE]
    s.energy_queue = [RED, BLUE]
    s.actor = RED
    s._legal_cache = None
    s.apply("energy 1 builder")
    assert s.platform[RED] == 1 and s.shield[RED]  # new pair built; force field on
    assert s.current_player == BLUE
    s.apply("energy 2")
    assert s.energy[BLUE] == 2 and s._max_groups(BLUE) == 3


def test_humans_scoring_examples():
    assert ovni.score_humans(["brown", "black", "white"]) == 3
    assert ovni.score_humans(["orange", "orange", "grey", "grey", "lilac"]) == 7
    assert ovni.score_humans(["white", "white", "orange", "black", "brown", "lilac"]) == 17
    assert ovni.score_humans(list("abcdef")) == 6 + 15


def test_alien_majority_three_way_tie():
    assert ovni.majority_points({"a": 5, "b": 5, "c": 5, "d": 2}) == {"a": 3, "b": 3, "c": 3, "d": 0}
    assert ovni.majority_points({"a": 0, "b": 0}) == {"a": 0, "b": 0}


def test_washington_airspace_example():
    assert ovni.airspace_controller({"blue": 3, "red": 2, "green": 2, "yellow": 1}) == "blue"
    assert ovni.airspace_controller({"blue": 3, "red": 3, "green": 2, "yellow": 1}) is None


# ------------------------------------------------------ examples replayed on real games
def _first_game(cond, players=4, seeds=range(300)):
    """The first seeded random game (set-up random too) that reaches a position where
    ``cond`` holds, as the rules notebook finds its examples."""
    for seed in seeds:
        g = ovni.new_game(players, seed=seed, setup="random")
        rnd = random.Random(seed)
        while not g.is_over():
            if cond(g):
                return seed, g
            g.apply(rnd.choice(g.legal_actions()))
    raise AssertionError("no seeded game reaches the position")


def test_placement_example_green_red_blue_yellow_fill_area_a():
    # rulebook: green opens A face down; red puts its 5 there (face up); in a later turn
    # blue takes the third circle and yellow the last, closing A
    seed, g = _first_game(lambda s: s.round == 1 and s.phase == R.PLACEMENT and s.place_pos == 0
                          and s.order1 == [GREEN, RED, BLUE, YELLOW])
    g.apply("place 3 face-down on A")  # green
    g.apply("place 5 face-up on A")  # red
    g.apply("place 2 face-down on B")  # blue and yellow play elsewhere this turn
    g.apply("place 2 face-up on B")
    g.apply("place 4 face-down on C")  # green and red too
    g.apply("place 4 face-up on C")
    g.apply("place 4 face-down on A")  # blue: the third circle, face down
    g.apply("place 3 face-up on A")  # yellow: the last circle, face up
    assert [o for o, _ in g.area_slots[0]] == [GREEN, RED, BLUE, YELLOW]
    assert g.area_slots[0][1] == (RED, 5)
    with pytest.raises(IllegalAction, match="at most 4 command tokens"):
        g.apply("place 2 face-down on A")


def test_two_player_energy_example_first_player_chooses_the_third_players_alien():
    # rulebook: a third player who wins nothing always takes bonus 1 (one alien and the
    # force field); the first player in phase-1 order chooses the alien
    seed, g = _first_game(lambda s: s.phase == R.ENERGY and s.energy_queue[0] == s.third, players=2)
    T = g.third
    assert g.current_player == g.order1[0]
    assert {a.kind for a in g.legal_actions()} == {"energy_third"}  # never bonus 2
    before = g.aliens[T][R.BUILDER]
    g.apply("energy for third player builder")
    assert g.aliens[T][R.BUILDER] == before + 1 and g.shield[T] and g.energy[T] == 1


def test_third_player_winning_a_and_c_receives_a_only():
    # rulebook: "venceu nas áreas A e C, portanto ele recebe os aliens da carta na área A"
    seed, g = _first_game(lambda s: s.n == 2 and len(s.area_slots_last) == 3 and s.phase != R.RESOLVING
                          and [ovni.resolve_area(sl) == s.third for sl in s.area_slots_last] == [True, False, True],
                          players=2)
    T = g.third
    last = max(i for i, a in enumerate(g.log) if a.kind == "place")
    before, after = g.replay(last), g.replay(last + 1)  # the last placement resolves the areas
    card_a, card_c = (after.cards.alien_cards[c] for c in after.area_cards_last[0::2])
    got = [after.aliens[T][t] - before.aliens[T][t] for t in range(4)]
    assert got == [card_a.count(t) for t in range(4)]
    assert after.area_winner_last[0] == T and after.area_winner_last[2] == -1  # C's card: nobody's
    assert T not in after.energy_queue  # it won an area: no energy bonus


@pytest.mark.parametrize("distinct", [False, True])
def test_military_same_opponent_readings(distinct):
    # "não pode ... atacar duas vezes seguidas o mesmo adversário, ou seja ... os 'alvos'
    # desses ataques devem ser adversários diferentes": by default only a consecutive
    # repeat is barred (blue, green, blue); attack_distinct_targets=True bars any repeat
    s = ovni.example_position(4, RED, aliens={RED: {"military": 9}},
                              ufos={RED: {"Paris": 1}, BLUE: {"Paris": 2}, GREEN: {"Paris": 1}, YELLOW: {"Paris": 1}},
                              rules=ovni.Rules(attack_distinct_targets=distinct))
    s.apply("activate military")
    s.apply("destroy blue UFO in Paris")
    with pytest.raises(IllegalAction, match="twice in a row"):
        s.apply("destroy blue UFO in Paris")
    s.apply("destroy green UFO in Paris")
    third = "destroy blue UFO in Paris"
    if distinct:
        assert [str(a) for a in s.legal_actions()] == ["destroy yellow UFO in Paris", "end group"]
        with pytest.raises(IllegalAction, match="different opponent"):
            s.apply(third)
    else:
        assert third in {str(a) for a in s.legal_actions()}
        s.apply(third)
        assert s.ufo[BLUE][city(s, "Paris")] == 0
