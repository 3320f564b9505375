"""Final scoring pinned on hand-built positions: every mission family exactly met and
missed by one (rulebook "Cartas de Missões"), the six-category breakdown, airspace
control, the search bots' evaluation, and edge cases of the phases around them."""

from __future__ import annotations

import random

import pytest

from ovnilab import ovni
from ovnilab.ovni import rules as R
from ovnilab.ovni.rules.scoring import majority_points, score_humans

from .scenario import actions_position, city, give, put_ufos

# the rulebook numbers the cities from 1: "odd" cities are 1, 3, 5, ... (São Paulo, Madri, ...)
ODD = ("São Paulo", "Madri", "Berlim", "Cairo", "Tóquio", "Sidney")
EVEN = ("Washington", "Paris", "Moscou", "Dubai", "Hong Kong", "Buenos Aires")


def _abduct(s, seat: int, **by_category: int) -> None:
    for c, k in by_category.items():
        s.abducted[seat][int(c[1:])] = k


def _airspace_position(odd_cities: int, humans_of_category_0: int):
    """Red holds one UFO alone in ``odd_cities`` odd cities and has abducted humans."""
    s = actions_position(4)
    put_ufos(s, 0, {name: 1 for name in ODD[:odd_cities]})
    _abduct(s, 0, c0=humans_of_category_0, c1=2)
    return s


def test_airspace_mission_needs_four_cities_of_its_parity_and_two_humans():
    """Mission 1 (4 odd cities + 2 humans of its colour) is met exactly at the thresholds
    and missed one short of either; the even-city mission 2 stays unmet."""
    s = _airspace_position(4, 2)
    assert [s.mission_done(0, m) for m in (1, 2)] == [True, False]
    assert s.mission_done(0, 1) is True
    assert _airspace_position(3, 2).mission_done(0, 1) is False
    assert _airspace_position(4, 1).mission_done(0, 1) is False


def test_even_airspace_mission_counts_only_even_numbered_cities():
    """Mission 2 (4 even cities + 2 humans of colour 1) counts Washington, Paris, ... and
    not the odd cities; with one even city short it fails."""
    s = actions_position(4)
    put_ufos(s, 0, {name: 1 for name in EVEN[:4]})
    put_ufos(s, 0, {name: 1 for name in ODD[:2]})
    _abduct(s, 0, c0=2, c1=2)
    assert [s.mission_done(0, m) for m in (1, 2)] == [False, True]
    s.ufo[0][city(s, EVEN[0])] = 0
    assert s.mission_done(0, 2) is False


def test_abduction_mission_needs_one_human_of_each_colour_and_seven_aliens():
    """Mission 5 (humans of colours 0, 3, 5 + 7 pilots) is met with exactly one of each
    and seven pilots, missed with six pilots or a colour missing."""
    s = actions_position(4)
    give(s, 0, pilot=7)
    _abduct(s, 0, c0=1, c3=1, c5=1)
    assert s.mission_done(0, 5) is True
    s.abducted[0][5] = 0
    assert s.mission_done(0, 5) is False
    s.abducted[0][5] = 1
    s.aliens[0][R.PILOT] = 6
    assert s.mission_done(0, 5) is False


def test_capture_mission_needs_its_three_captures_and_five_of_two_groups():
    """Mission 9 (captured pilot, abductor, builder + 5 military and 5 pilots) is met at
    exactly those counts and missed with four military."""
    s = actions_position(4)
    give(s, 0, pilot=5, abductor=1, builder=1, military=5)
    s.captured[0] = [1, 1, 1, 0]
    assert s.mission_done(0, 9) is True
    s.aliens[0][R.MILITARY] = 4
    assert s.mission_done(0, 9) is False
    s.aliens[0][R.MILITARY] = 5
    s.captured[0] = [1, 1, 0, 0]
    assert s.mission_done(0, 9) is False


def test_mapping_mission_counts_launched_ufos_under_the_launched_reading():
    """With Rules(ufo_mission="launched"), mission 13 (4 maps + 6 UFOs) counts every UFO
    launched from the platform during the game: two launches on top of four make six."""
    s = actions_position(4, rules=R.Rules(ufo_mission="launched"))
    give(s, 0, builder=1)
    s.platform[0], s.reserve[0] = 2, R.UFOS_PER_PLAYER - 2
    s.map_tokens[0] = R.MAP_TOKENS_PER_PLAYER - 4
    s.launched[0] = 4
    assert s.mission_done(0, 13) is False
    for a in ("activate builders", "launch to Tóquio", "launch to Sidney"):
        s.apply(a)
    assert s.launched[0] == 6
    assert s.mission_done(0, 13) is True


def _scored_position():
    s = actions_position(4)
    # red: the only pilot, four odd cities alone, a platform UFO, two maps, two humans
    give(s, 0, pilot=1)
    put_ufos(s, 0, {name: 1 for name in ODD[:4]})
    s.platform[0], s.reserve[0] = 1, s.reserve[0] - 1
    s.map_tokens[0] -= 2
    _abduct(s, 0, c0=2)
    s.missions_kept[0] = (1, 5)  # mission 1 met, mission 5 failed
    # blue and green: two military each (a split majority), tied in Washington
    give(s, 1, military=2)
    give(s, 2, military=2)
    put_ufos(s, 1, {"Washington": 2})
    put_ufos(s, 2, {"Washington": 2})
    s.missions_kept[1] = (2,)
    return s


def test_score_breakdown_is_exact_in_the_rulebooks_six_categories():
    """Each category on a small position: 10 for a one-alien majority, split 5/5 on a tie,
    2 per UFO and 1 on the platform, 4 per controlled city (a tie scores nobody), 3 per
    map, humans 1/3/6, missions +8 met and -5 failed; keys in the rulebook's order."""
    s = _scored_position()
    b = s.score_breakdown()
    assert b == [
        dict(aliens=10, ufos=9, airspace=16, mapping=6, humans=3, missions=3),
        dict(aliens=5, ufos=4, airspace=0, mapping=0, humans=0, missions=-5),
        dict(aliens=5, ufos=4, airspace=0, mapping=0, humans=0, missions=0),
        dict(aliens=0, ufos=0, airspace=0, mapping=0, humans=0, missions=0),
    ]
    assert [list(d) for d in b] == [["aliens", "ufos", "airspace", "mapping", "humans", "missions"]] * 4
    assert s.scores() == [47, 4, 9, 0]


def test_one_alien_is_a_majority_and_only_recruited_ones_count_under_the_option():
    """A single alien wins its group's 10 points; with captured_count_for_majority=False a
    captured alien does not count, so the group goes to nobody."""
    assert majority_points({0: 1, 1: 0}) == {0: 10, 1: 0}
    s = actions_position(4, rules=R.Rules(captured_count_for_majority=False))
    give(s, 0, pilot=1)
    give(s, 1, abductor=1)
    s.captured[1][R.ABDUCTOR] = 1
    assert [d["aliens"] for d in s.score_breakdown()] == [10, 0, 0, 0]


def test_humans_score_whole_points():
    """Abducted humans score an int (1, 3, 6 per colour), never a float like 3.0."""
    pts = score_humans([0, 0, 1])
    assert pts == 4 and type(pts) is int


def test_controller_names_the_single_leader_or_minus_one():
    """controller() is -1 for an empty sky and a tie, else the seat; ``seats`` restricts
    the comparison to the seats given."""
    s = _scored_position()
    assert s.controller(city(s, "São Paulo")) == 0
    assert s.controller(city(s, "Washington")) == -1
    assert s.controller(city(s, "Dubai")) == -1
    assert s.controller(city(s, "Washington"), seats=[0, 1]) == 1


def test_heuristic_scores_add_aliens_half_platform_and_won_areas():
    """Bots' evaluation: points now + 1 per alien + 0.5 per platform UFO (+3 per area
    won during placement); exact on a small position."""
    s = actions_position(4)
    give(s, 0, pilot=1)
    put_ufos(s, 0, {"São Paulo": 1})
    s.platform[0], s.reserve[0] = 2, s.reserve[0] - 2
    # points 10 (pilots) + 4 (UFOs: 2 + 2 on the platform) + 4 (airspace) = 18
    assert s.heuristic_scores() == [20.0, 0.0, 0.0, 0.0]
    # logistic of the lead over the mean (5), 6 points per unit: 1/(1+e^-2.5), 1/(1+e^(5/6))
    assert s.heuristic_values() == pytest.approx(
        [0.9241418199787566, 0.3029407160345927, 0.3029407160345927, 0.3029407160345927], rel=1e-12)


def test_heuristic_counts_areas_won_under_the_games_tie_rule_during_placement():
    """During placement each area a seat currently wins adds 3; a tie under
    Rules(area_tie="none") adds nothing to anyone."""
    s = actions_position(4, rules=R.Rules(area_tie="none"))
    give(s, 0, pilot=1)
    put_ufos(s, 0, {"São Paulo": 1})
    s.platform[0], s.reserve[0] = 2, s.reserve[0] - 2
    s.phase = R.PLACEMENT
    s.area_slots = [[(1, 3), (0, 5)], [(2, 4), (3, 4)], [(0, 2), (1, 5), (0, 3)], []]
    assert s.heuristic_scores() == [23.0, 0.0, 0.0, 0.0]


# ---------------------------------------------------------------- the phases around scoring
def _place_last_token(rules: R.Rules):
    """A 4-player round whose last command token is about to be placed: red's 6 is alone
    in area A beside three other values; the last placer completes area D."""
    s = R.new_game(4, seed=6, rules=rules, setup="random")
    assert s.phase == R.PLACEMENT and "command_six" not in s.abilities[0]
    slots = [[(0, 6), (1, 2), (2, 3), (3, 4)], [(1, 3), (2, 4), (3, 5), (0, 2)],
             [(2, 5), (3, 2), (0, 3), (1, 4)], [(3, 3), (0, 4), (1, 5), (2, 2)]]
    last = s.place_seq[15][0]
    token = next(t for t in slots[3] if t[0] == last)
    slots[3].remove(token)
    s.area_slots = slots
    s.place_pos, s.actor, s._legal_cache = 15, last, None
    return s, token[1]


@pytest.mark.parametrize("returns", [False, True])
def test_a_six_that_was_not_cancelled_leaves_the_game_under_either_reading(returns):
    """A 6 alone of its value in an area is used and leaves its owner's tokens, also with
    Rules(cancelled_six_returns=True), which only spares a 6 cancelled by another 6."""
    s, value = _place_last_token(R.Rules(cancelled_six_returns=returns))
    s.apply(next(a for a in s.legal_actions() if a.a == "D" and a.b == value))
    assert s.observation(0)["tokens_owned"][0] == [2, 3, 4, 5]
    assert s.six_uses[0] == 1


def test_the_energy_card_without_aliens_in_stock_offers_bonus_1_alone_and_bonus_2():
    """With the whole stock empty, bonus 1 is the force field without an alien."""
    s = actions_position(4)
    give(s, 0, builder=1)  # something to do in phase 2, so the round does not end at once
    s.platform[0], s.reserve[0] = 1, s.reserve[0] - 1
    s.stock = [0, 0, 0, 0]
    s.phase, s.energy_queue, s.order1, s.actor, s._legal_cache = R.ENERGY, [0], [0, 1, 2, 3], 0, None
    assert [str(a) for a in s.legal_actions()] == ["energy 1", "energy 2"]
    s.apply("energy 1")
    obs = s.observation(0)
    assert (obs["energy"][0], obs["shield"][0], obs["aliens"][0]) == (
        1, True, dict(pilot=0, abductor=0, builder=1, military=0))


def test_the_third_player_takes_bonus_1_and_a_force_field_when_the_stock_is_empty():
    """2-player variant: the third player, winning no area with nothing in stock, gets
    energy 1 and its force field, so no military can attack it this round."""
    s = actions_position(2)
    give(s, 0, military=3, builder=1)
    give(s, 2, pilot=2)
    s.platform[0], s.reserve[0] = 1, s.reserve[0] - 1
    s.stock = [0, 0, 0, 0]
    s.phase, s.energy_queue, s.order1, s.actor, s._legal_cache = R.ENERGY, [0, 2], [0, 1], 0, None
    s.apply("energy 2")
    obs = s.observation(0)
    assert (obs["energy"], obs["shield"]) == ([2, 0, 1], [False, False, True])
    assert [str(a) for a in s.legal_actions()] == ["activate builders", "end turn"]


def test_energy_cards_return_when_the_round_ends():
    """At the end of the round every energy card returns (0) and force fields drop."""
    s = actions_position(4)
    s.energy[0], s.shield[0] = 2, True
    s.apply("end turn")  # the others have nothing to activate: the round ends
    obs = s.observation(0)
    assert (obs["phase"], obs["energy"], obs["shield"]) == (R.PLACEMENT, [0] * 4, [False] * 4)


def test_military_is_not_offered_when_every_alien_in_reach_is_already_captured():
    """Captured aliens cannot be captured again: an opponent whose two military are both
    captured, with no shared city, gives the military group nothing to do."""
    s = actions_position(4)
    give(s, 0, military=3, builder=1)
    s.platform[0], s.reserve[0] = 1, s.reserve[0] - 1
    give(s, 1, military=2)
    s.captured[1][R.MILITARY] = 2
    assert [str(a) for a in s.legal_actions()] == ["activate builders", "end turn"]


def test_a_turn_starts_with_no_opponent_attacked_under_distinct_targets():
    """Rules(attack_distinct_targets=True): at the start of blue's turn nobody counts as
    attacked yet, so red (seat 0) is a valid target."""
    s = actions_position(4, seat=2, rules=R.Rules(attack_distinct_targets=True))
    s.order2 = [2, 1, 0, 3]
    give(s, 1, military=3)
    give(s, 0, pilot=2)
    s.apply("end turn")
    assert (s.current_player, [str(a) for a in s.legal_actions()]) == (1, ["activate military", "end turn"])


def test_a_destroyed_mapping_ufo_leaves_the_other_frozen():
    """Destroying one of two UFOs that mapped a city this round leaves the other unable to
    move (the owner's pilots have nothing to do) and the game goes on."""
    s = actions_position(4)
    give(s, 0, military=3)
    put_ufos(s, 0, {"Paris": 1})
    give(s, 1, pilot=1, builder=1)
    put_ufos(s, 1, {"Paris": 2})
    s.platform[1], s.reserve[1] = 1, s.reserve[1] - 1
    s.frozen[1][city(s, "Paris")] = 2
    for a in ("activate military", "destroy blue UFO in Paris"):
        s.apply(a)
    assert (s.current_player, [str(a) for a in s.legal_actions()]) == (1, ["activate builders", "end turn"])


def test_the_last_mapping_token_maps_and_none_left_maps_nothing():
    """A UFO arriving second in a city maps it with the player's last mapping token; with
    none left the next city stays unmapped."""
    s = actions_position(4)
    give(s, 0, builder=1)
    put_ufos(s, 0, {"Paris": 1, "Berlim": 1})
    s.platform[0], s.reserve[0] = 2, s.reserve[0] - 2
    s.map_tokens[0] = 1
    s.apply("activate builders")
    s.apply("launch to Paris")
    assert (s.map_tokens[0], s.observation(0)["mapped"]["Paris"]) == (0, [0])
    s.apply("launch to Berlim")
    assert (s.map_tokens[0], s.observation(0)["mapped"]["Berlim"]) == (0, [])


def test_a_bad_area_tie_rule_names_the_choices():
    """resolve_area refuses an unknown tie rule with a message listing the valid ones."""
    from ovnilab.ovni.rules.recruitment import resolve_area

    with pytest.raises(ValueError, match=r"^tie must be one of \('earliest', 'opener', 'none'\), got 'first'$"):
        resolve_area([(0, 2)], "first")


def test_action_order_full_tie_goes_to_the_planet_nearest_earth():
    """Phase-2 order: a tie on all four groups goes to the nearest planet (Antáris 1,
    Magnon 4), whatever order the players are listed in."""
    from ovnilab.ovni.rules.groups import action_order

    zero = dict(pilot=0, abductor=0, builder=0, military=0)
    assert action_order({"x": zero, "y": zero}, {"x": "Magnon", "y": "Antáris"}) == ["y", "x"]


def test_phase_2_order_breaks_full_ties_by_the_card_files_planet_distances(tmp_path):
    """With a cards file that reverses the planets' distances, a full tie in phase 2 puts
    the seat of the now nearest planet (Magnon, seat 3) first."""
    from ovnilab.ovni.data import data_dir

    text = (data_dir() / "ovni" / "cards.toml").read_text(encoding="utf-8")
    for d in (1, 2, 3, 4):
        text = text.replace(f"distance = {d}\n", f"distance = {10 - d}\n")
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    s = actions_position(4, rules=R.Rules(cards_file=str(path)))
    s.phase, s.energy_queue, s.order1, s.actor, s._legal_cache = R.ENERGY, [0], [0, 1, 2, 3], 0, None
    s.apply("energy 2")
    assert s.observation(0)["order2"] == [3, 2, 1, 0]


def test_the_third_players_alien_may_be_the_last_of_its_type():
    """2-player variant: a type with one alien left in stock can still be given to the
    third player; an exhausted type is skipped, not the types after it."""
    s = R.new_game(2, seed=4)
    rng = random.Random(4)
    while s.phase != R.THIRD_ALIENS:
        s.apply(rng.choice(s.legal_actions()))
    s.stock = [0, 1, 5, 5]
    s._legal_cache = None
    assert [str(a) for a in s.legal_actions()] == ["give third player abductor", "give third player builder",
                                                  "give third player military"]


def test_each_force_field_holder_is_asked_in_phase_2_order():
    """Two players able to box military for a force field are asked one after the other,
    the first answer shielding only the first player."""
    s = actions_position(4)
    give(s, 0, military=2)
    give(s, 1, military=2)
    s.abilities[0], s.abilities[1] = ("force_field",), ("force_field",)
    s.phase, s.energy_queue, s.order1, s.actor, s._legal_cache = R.ENERGY, [0], [0, 1, 2, 3], 0, None
    s.apply("energy 2")
    assert (s.phase, s.current_player) == (R.FORCE_FIELD, 0)
    s.apply("force field on")
    assert (s.phase, s.current_player, s.observation(0)["shield"]) == (R.FORCE_FIELD, 1, [True, False, False, False])


def test_no_ufo_counts_as_launched_before_the_first_launch():
    """Under the launched reading, mission 13 counts launches from the game's start: none yet
    in a new game (the UFOs placed at setup were not launched)."""
    for n in (2, 3, 4):
        s = ovni.new_game(n, seed=n, rules=R.Rules(ufo_mission="launched"))
        assert s.launched == [0] * len(s.ufo)
