"""Ovni engine: set-up, each phase's rules, abilities, missions, saves."""

import json
import random

import pytest

import ovnilab
from ovnilab import IllegalAction, SaveFormatError, ovni
from ovnilab.ovni import rules as R

from .scenario import BLUE, GREEN, RED, YELLOW, actions_position, city, give, put_ufos


def play_until(state, phase, rng=None):
    rng = rng or random.Random(0)
    while state.phase != phase and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------- set-up
@pytest.mark.parametrize("n,each", [(3, 4), (4, 3)])
def test_setup_ufos_round_robin(n, each):
    s = ovni.new_game(n, seed=5)
    assert [sum(s.ufo[p]) for p in range(n)] == [each] * n
    assert all(sum(s.ufo[p][c] for p in range(n)) == 1 for c in range(12))
    assert s.ufo[0][0] == 1 and s.ufo[1][1] == 1  # São Paulo, Washington


def test_setup_humans_track_and_stock():
    for n, stock in ((2, 16), (3, 16), (4, 20)):
        s = ovni.new_game(n, seed=n)
        assert sorted(s.track) == list(range(6))
        assert all(h >= 0 for h in s.human)
        assert s.stock == [stock] * 4
        assert all(len(s.missions_dealt[p]) == 3 for p in range(n))
        assert all(len(s.abilities[p]) == 2 for p in range(n))


def test_setup_choices_are_actions():
    s = ovni.new_game(3, seed=2)
    assert s.phase == R.KEEP_MISSIONS
    kinds = {len(a.a) for a in s.legal_actions()}
    assert kinds == {1, 2}  # keep one or two
    with pytest.raises(IllegalAction):
        s.apply(R.Action("keep", tuple(s.missions_dealt[0])))  # all three: not allowed
    for p in range(3):
        s.apply(s.legal_actions()[-1])
    assert s.phase == R.CHOOSE_ALIENS
    s.apply("choose aliens abductor+military")
    assert "choose aliens abductor+military" not in {str(a) for a in s.legal_actions()}


def test_starting_aliens_ability_gives_three_types():
    for seed in range(200):
        s = ovni.new_game(4, seed=seed)
        holder = [p for p in range(4) if "starting_aliens" in s.abilities[p]]
        if holder:
            break
    p = holder[0]
    for q in range(4):
        s.apply(s.legal_actions()[0])
    while s.actor != p:
        s.apply(s.legal_actions()[0])
    assert all(len(a.a) == 3 for a in s.legal_actions())


def test_two_player_variant_setup():
    s = ovni.new_game(2, seed=9)
    T = s.third
    assert T == 2
    for c in (2, 5, 8, 11):  # cities 3, 6, 9, 12
        assert s.ufo[T][c] == 2 and s.mapped[c] == 1 << T
    assert sum(s.ufo[0]) == sum(s.ufo[1]) == 4
    assert s.reserve[T] == 0
    assert all("force_field" not in s.abilities[p] for p in range(2))
    assert s.abilities[T] == () and s.missions_dealt[T] == ()
    play_until(s, R.THIRD_ALIENS)
    first = s.legal_actions()[0]
    s.apply(first)
    assert first not in s.legal_actions()  # the two aliens differ
    s.apply(s.legal_actions()[0])
    assert sum(s.aliens[T]) == 2
    assert s.phase == R.PLACEMENT and len(s.area_slots) == 3


def test_two_player_placement_sequence_and_hidden_third_tokens():
    s = ovni.new_game(2, seed=11, setup="random")
    f, o = s.order1
    seq = [(p, q) for p, q in s.place_seq]
    T = s.third
    assert seq[:4] == [(f, f), (f, T), (o, o), (o, T)]
    assert sum(1 for _, q in seq if q == T) == 4 and len(seq) == 12
    assert s.current_player == f
    s.apply(s.legal_actions()[0])
    third_moves = s.legal_actions()
    assert all(a.b is None for a in third_moves)  # the value is drawn without looking
    s.apply(third_moves[0])
    obs = s.observation(o)
    hidden = [v for area in obs["areas"] for (seat, v) in area["tokens"] if seat == T]
    if hidden and s.area_slots[0][0][0] == T:
        assert hidden[0] is None


# ----------------------------------------------------------------- phase 1
def test_tokens_alternate_faces_and_four_per_area():
    s = ovni.new_game(4, seed=3, setup="random")
    a0 = s.legal_actions()[0]
    assert a0.c == "face-down"
    with pytest.raises(IllegalAction, match="alternate"):
        s.apply(R.Action("place", "A", a0.b, "face-up"))
    s.apply(R.Action("place", "A", 2, "face-down"))
    assert all(a.c == "face-up" for a in s.legal_actions() if a.a == "A")


def test_no_three_consecutive_tokens_of_one_colour():
    s = ovni.new_game(3, seed=4, setup="random")
    s.area_slots[0] = [(RED, 2), (RED, 3)]
    s.place_seq[s.place_pos] = (RED, RED)
    s.actor = RED
    s._legal_cache = None
    assert all(a.a != "A" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="three tokens of one colour"):
        s.apply(R.Action("place", "A", 4, "face-down"))


def test_token_six_once_per_game_and_command_six_ability():
    s = ovni.new_game(4, seed=6, setup="random")
    s.abilities[BLUE] = ("command_six",)
    s.area_slots = [[(RED, 6), (BLUE, 6)], [], [], []]
    s._end_recruitment()
    assert 6 not in s.tokens_owned[RED]
    assert 6 in s.tokens_owned[BLUE]  # the ability returns it after the first use
    s.area_slots = [[(BLUE, 6)]]
    s.area_cards = [0]
    s._end_recruitment()
    assert 6 not in s.tokens_owned[BLUE]


def test_resolution_multi_winner_chooses_three_and_energy_for_losers():
    s = ovni.new_game(4, seed=8, setup="random")
    # RED wins A and B, BLUE wins C, nobody D; GREEN and YELLOW recruit nothing
    s.area_cards = [4, 13, 0, 1]  # A: pilot pilot abductor; B: military military pilot
    s.area_slots = [[(RED, 6), (BLUE, 2)], [(RED, 5), (GREEN, 4)], [(BLUE, 5), (YELLOW, 3)],
                    [(GREEN, 3), (YELLOW, 3)]]
    s._resolve_start()
    assert s.phase == R.RECRUIT and s.current_player == RED
    opts = {str(a) for a in s.legal_actions()}
    assert "recruit pilot+pilot+pilot" in opts and "recruit abductor+military+military" in opts
    assert "recruit military+military+military" not in opts  # only two shown
    before = list(s.aliens[RED])
    s.apply("recruit pilot+abductor+military")
    assert sum(s.aliens[RED]) - sum(before) == 3
    assert s.phase == R.ENERGY
    assert [s.energy_queue[0], s.energy_queue[1]] == [q for q in s.order1 if q in (GREEN, YELLOW)]


def test_stock_running_out_mid_resolution_ends_game_after_the_round():
    s = ovni.new_game(4, seed=12, setup="random")
    s.stock[R.PILOT] = 1
    s.area_cards = [4, 5, 6, 7]  # cards with two pilots
    s.area_slots = [[(RED, 6)], [(BLUE, 6)], [], []]
    s._resolve_start()
    assert s.stock[R.PILOT] == 0
    assert s.aliens[RED][R.PILOT] - 0 >= 1
    # BLUE won B but the pilots ran out: it got only the non-pilot alien
    rng = random.Random(1)
    rnd = s.round
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        assert s.round == rnd
    assert s.is_over() and s.winners()


# ----------------------------------------------------------------- phase 2
def test_two_groups_per_turn_each_once():
    s = actions_position(4, RED)
    give(s, RED, pilot=1, abductor=2, builder=1)
    s.platform[RED] = 1
    s.reserve[RED] -= 1
    put_ufos(s, RED, {"Paris": 2})
    s.apply("activate builders")
    s.apply("launch to Madri")
    s.apply("activate pilots")
    assert not any(a.kind == "activate" for a in s.legal_actions())
    s.apply("end group")
    assert s.round == 2  # RED's turn ended (nobody else could act): next round


def test_extra_moves_ability():
    s = actions_position(4, RED)
    s.abilities[RED] = ("extra_moves",)
    give(s, RED, pilot=1)
    put_ufos(s, RED, {"Paris": 1})
    s.apply("activate pilots")
    assert s.budget == 3


def test_free_mapping_ability_always_two():
    s = actions_position(4, RED)
    s.abilities[RED] = ("free_mapping",)
    berlin = city(s, "Berlim")
    s.mapped[berlin] = 1 << BLUE
    put_ufos(s, RED, {"Berlim": 1})
    s._arrive(RED, berlin)
    assert s.mapped[berlin] & 1 << RED


def test_human_swap_ability():
    s = actions_position(4, RED)
    s.abilities[RED] = ("human_swap",)
    give(s, RED, abductor=2)
    put_ufos(s, RED, {"Paris": 1})
    s.apply("activate abductors")
    paris, berlin = city(s, "Paris"), city(s, "Berlim")
    hp, hb = s.human[paris], s.human[berlin]
    s.apply("abduct in Paris swapping with Berlim")
    assert s.abducted[RED][hb] == 1
    assert s.human[berlin] == hp


def test_energy_shield_protects_from_attacks():
    s = ovni.example_position(4, GREEN, aliens={GREEN: {"military": 3}, RED: {"pilot": 2}, BLUE: {"pilot": 2}},
                              ufos={GREEN: {"Paris": 1}, RED: {"Paris": 1}})
    s.shield[RED] = True  # energy bonus 1 this round
    s._legal_cache = None
    s.apply("activate military")
    assert not any(a.a == "red" for a in s.legal_actions() if a.kind in ("capture", "destroy"))
    with pytest.raises(IllegalAction, match="force field"):
        s.apply("capture pilot from red")
    s.apply("capture pilot from blue")


def test_force_field_ability_asked_at_start_of_phase_2():
    s = ovni.new_game(4, seed=21, setup="random")
    s.abilities[YELLOW] = ("force_field",)
    give(s, YELLOW, military=3)
    s._start_actions()
    assert s.phase == R.FORCE_FIELD and s.current_player == YELLOW
    s.apply("force field on")
    assert s.shield[YELLOW] and s.boxed[YELLOW] == 2
    assert s._group_budget(YELLOW, R.MILITARY) == 0  # the boxed military cannot attack


def test_initial_ufo_ability():
    for seed in range(100):
        s = ovni.new_game(4, seed=seed)
        for p in range(4):
            assert s.platform[p] == min(2, s.abilities[p].count("initial_ufo"))


# ------------------------------------------------------------------ scoring
def test_scoring_categories_and_missions():
    s = actions_position(4, RED)
    give(s, RED, pilot=5)
    give(s, BLUE, pilot=5)
    put_ufos(s, RED, {"Paris": 2, "Madri": 1})
    s.platform[RED] = 1
    s.reserve[RED] -= 1
    s.mapped[city(s, "Paris")] = 1 << RED
    s.map_tokens[RED] -= 1
    s.abducted[RED][0] = 2
    s.missions_kept[RED] = (13,)  # map 4 cities and 6 UFOs: failed
    b = s.score_breakdown()[RED]
    assert b == dict(aliens=5, ufos=7, airspace=8, mapping=3, humans=3, missions=-5)


def test_winner_tie_breaks():
    def ended():
        s = actions_position(2, RED)
        s.over, s.phase = True, R.OVER
        return s

    s = ended()
    put_ufos(s, RED, {"Paris": 1})
    put_ufos(s, BLUE, {"Madri": 1})
    assert s.scores() == [6, 6] and s.winners() == [RED, BLUE]  # shared win
    s.platform[RED] = 1
    s.reserve[RED] -= 1
    s.abducted[BLUE][0] = 1
    assert s.scores() == [7, 7] and s.winners() == [BLUE]  # more humans abducted
    s = ended()
    put_ufos(s, RED, {"Paris": 2})
    put_ufos(s, BLUE, {"Madri": 1})
    s.platform[BLUE] = 2
    s.reserve[BLUE] -= 2
    assert s.scores() == [8, 8] and s.winners() == [RED]  # more UFOs on the board


# --------------------------------------------------------------- save/load
def test_save_load_and_validation():
    s = ovni.new_game(3, seed=77, rules=ovni.Rules(platform_capacity=3), setup="random")
    rng = random.Random(0)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    text = s.to_json()
    t = ovnilab.load_json(text)
    assert t == s and t.rules.platform_capacity == 3
    d = json.loads(text)
    d["options"]["rules"]["platform_capacity"] = "two"
    with pytest.raises(SaveFormatError, match="platform_capacity"):
        ovnilab.load_json(json.dumps(d))
    d = json.loads(text)
    d["actions"][5] = "move Nowhere -> Paris"
    with pytest.raises(SaveFormatError, match=r"actions\[5\]"):
        ovnilab.load_json(json.dumps(d))
    d = json.loads(text)
    del d["seed"]
    with pytest.raises(SaveFormatError, match="seed"):
        ovnilab.load_json(json.dumps(d))
    with pytest.raises(SaveFormatError, match="num_players"):
        ovnilab.load_json(text.replace('"num_players": 3', '"num_players": 7'))


def test_bad_arguments():
    with pytest.raises(ValueError, match="2, 3 or 4"):
        ovni.new_game(5)
    with pytest.raises(ValueError, match="area_tie"):
        ovni.Rules(area_tie="coin")


def test_observation_hides_face_down_tokens_and_missions():
    s = ovni.new_game(3, seed=31, setup="random")
    first = s.current_player
    a = next(a for a in s.legal_actions() if a.a == "A")
    s.apply(a)
    for seat in range(3):
        tok = s.observation(seat)["areas"][0]["tokens"][0]
        assert tok == (first, a.b if seat == first else None)
        assert s.observation(seat)["missions"] == list(s.missions_kept[seat])


def test_alternative_board_file(tmp_path):
    src = (R.load_board.__wrapped__.__globals__["data_dir"]() / "ovni" / "board.toml").read_text(encoding="utf-8")
    p = tmp_path / "board.toml"
    p.write_text(src.replace("[1, 12],", "[1, 12], [1, 9],"), encoding="utf-8")
    s = ovni.new_game(4, seed=1, rules=ovni.Rules(board_file=str(p)))
    assert 8 in s.board.neighbours[0]
    g = ovni.board_graph()
    assert g.number_of_nodes() == 12 and g.nodes[1]["name"] == "São Paulo"
    assert g.has_edge(5, 4) and g.has_edge(6, 9) and not g.has_edge(5, 9)


def test_clone_copies_every_mutable_field():
    s = ovni.new_game(2, seed=3, setup="random")
    rng = random.Random(2)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    c = s.clone()
    for k, v in s.__dict__.items():
        if isinstance(v, (list, dict, set)) and k != "options":
            assert c.__dict__[k] is not v, f"clone shares the mutable field {k}"
            if v and isinstance(v[0], list):
                assert all(a is not b for a, b in zip(c.__dict__[k], v)), k


def test_group_can_act_agrees_with_the_action_list():
    for seed in range(15):
        g = ovni.new_game(seed % 3 + 2, seed=seed, setup="random")
        rng = random.Random(seed)
        while not g.is_over():
            if g.phase == R.ACTIONS:
                for grp in range(4):
                    assert g._group_can_act(g.actor, grp) == bool(g._group_actions(g.actor, grp))
            g.apply(rng.choice(g.legal_actions()))


# ------------------------------------------------------------- issue 12: corners
def test_a_multi_area_winner_with_nothing_in_stock_is_not_asked_to_recruit_nothing():
    # issue 12: a player winning several areas whose types are all out of stock was
    # offered the action "recruit " (no alien), whose text does not read back: the save
    # of the game could not be loaded. The engine now skips the empty choice, says so in
    # the next refusal, and the game saves and loads.
    g = ovni.new_game(3, seed=0, rules=ovni.Rules(stock_per_type=2, stock_removed_small=0), setup="random")
    rnd = random.Random(0)
    skipped = False
    while not g.is_over():
        for a in g.legal_actions():
            assert g.parse_action(str(a)) == a
        g.apply(rnd.choice(g.legal_actions()))
        skipped = skipped or "recruited nothing" in g._auto_text()
        assert ovni.load_json(g.to_json()) == g
    assert skipped


def test_setup_under_a_tiny_stock_never_overdraws_it():
    # 4 players and one alien of each type: the third chooser finds no pair wholly in
    # stock; it may choose a pair with a type left and receives only that
    tiny = ovni.Rules(stock_per_type=1, stock_removed_small=0)
    g = next(g for g in (ovni.new_game(4, seed=k, rules=tiny) for k in range(100))
             if not any("starting_aliens" in g.abilities[p] for p in range(3)))
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    g.apply("choose aliens pilot+abductor")
    g.apply("choose aliens builder+military")
    assert g.stock == [0, 0, 0, 0]
    offered = g.legal_actions()
    assert offered and all(a.kind == "aliens" for a in offered)
    g.apply(offered[0])
    assert g.stock == [0, 0, 0, 0] and sum(g.aliens[2]) == 0
    ovni.check_invariants(g)


def test_fallback_false_raises_a_named_error_instead_of_an_empty_action_list():
    def line(rules):
        g = ovni.new_game(3, seed=6, rules=rules, setup="random")
        rnd = random.Random(6)
        for _ in range(38 - len(g.log)):
            g.apply(rnd.choice(g.legal_actions()))
        return g

    lifted = line(ovni.Rules())
    me = lifted.current_player
    # default reading: the restriction is lifted for this one token (area A is all that is open)
    assert {a.a for a in lifted.legal_actions()} == {"A"}
    assert [o for o, _ in lifted.area_slots[0]][-2:] == [me, me]
    strict = line(ovni.Rules(no_three_in_a_row_fallback=False))
    with pytest.raises(ovni.RulesDeadlock) as err:
        strict.legal_actions()
    assert str(err.value) == (
        f"Rules(no_three_in_a_row_fallback=False): {strict.seat_name(me)} must place a command token (passing is "
        "forbidden) but every open area (A) would get three of its tokens in a row; the game cannot go on under "
        "these rules")


def test_resolve_area_names_its_tie_readings_and_gives_the_opener_a_tie():
    """resolve_area: a tie the opener is in goes to the opener under "opener" too; a
    reading it does not know is refused with the three it knows."""
    tokens = [("a", 1), ("b", 3), ("a", 2)]                 # a opened; sums 3 and 3
    assert [ovni.resolve_area(tokens, tie=t) for t in ovni.AREA_TIE_RULES] == ["a", "a", None]
    untied_opener = [("a", 1), ("b", 5), ("c", 2), ("c", 3)]   # b and c tie at 5; a opened with 1
    assert [ovni.resolve_area(untied_opener, tie=t) for t in ovni.AREA_TIE_RULES] == ["b", None, None]
    with pytest.raises(ValueError) as err:
        ovni.resolve_area(tokens, tie="first")
    assert str(err.value) == "tie must be one of ('earliest', 'opener', 'none'), got 'first'"


def test_errors_with_a_group_open_name_the_rule():
    s = ovni.example_position(4, 0, aliens={0: {"pilot": 2, "builder": 1}, 1: {"pilot": 1}},
                              ufos={0: {"Paris": 1}, 1: {"Dubai": 1}}, platform={0: 1})
    s.apply("activate pilots")
    with pytest.raises(IllegalAction, match=r"a group is open \(pilots\): close it \(`end group`\) before activating"):
        s.apply("activate builders")
    with pytest.raises(IllegalAction, match=r"a group is open \(pilots\): close it \(`end group`\) before ending"):
        s.apply("end turn")
    s.apply("end group")
    with pytest.raises(IllegalAction, match="no group is open"):
        s.apply("end group")


def test_the_error_after_an_automatic_turn_pass_says_what_happened():
    s = ovni.example_position(4, 0, aliens={0: {"builder": 1}, 1: {"pilot": 1}},
                              ufos={1: {"Dubai": 1}}, platform={0: 1})
    s.apply("activate builders")
    s.apply("launch to Paris")  # one UFO: the group closes, red has nothing left, blue's turn
    assert s.current_player == BLUE
    with pytest.raises(IllegalAction) as err:
        s.apply("launch to Paris")
    msg = str(err.value)
    assert "the builders group closed automatically because all its actions are used" in msg
    assert "the turn passed automatically to blue (Éris) because red (Antáris) had no group left" in msg
    s.apply("activate pilots")  # a legal action clears the note
    with pytest.raises(IllegalAction) as err:
        s.apply("launch to Paris")
    assert "automatically" not in str(err.value)


def test_area_letters_and_alien_types_in_any_case():
    g = ovni.new_game(4, seed=5, setup="random")
    g.apply(ovni.Action("place", "b", 5, "face-down"))  # an Action built by hand, lower case
    assert str(g.log[-1]) == "place 5 face-down on B"
    g.apply("place 4 FACE-UP on b")
    assert str(g.log[-1]) == "place 4 face-up on B"
    s = ovni.example_position(4, 0, aliens={0: {"Military": 3}, 1: {"PILOT": 2}}, ufos={1: {"paris": 1}})
    assert s.aliens[0][R.MILITARY] == 3 and s.aliens[1][R.PILOT] == 2
    s.apply(ovni.Action("activate", "Military"))
    s.apply(ovni.Action("capture", "Blue", "Pilot"))
    assert str(s.log[-1]) == "capture pilot from blue"


@pytest.mark.parametrize("kwargs,message", [
    (dict(ufos={0: {"Rio": 1}}), "ufos names the city 'Rio'"),
    (dict(mapped={"Lima": [0]}), "mapped names the city 'Lima'"),
    (dict(aliens={4: {"pilot": 1}}), "aliens names seat 4; seats are 0..3"),
    (dict(platform={-1: 1}), "platform names seat -1"),
    (dict(aliens={0: {"pilots": 1}}), "the alien type 'pilots'"),
    (dict(abilities={0: ["extra_move"]}), r"unknown abilities \['extra_move'\]"),
    (dict(abilities={0: "extra_moves"}), "must be a list of names"),
    (dict(to_act=4), "to_act must be a real player's seat 0..3"),
])
def test_example_position_names_bad_cities_seats_and_abilities(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ovni.example_position(4, **kwargs)


def _third_holds_paris(rules=None):
    # red: 3 UFOs in Paris and 3 military; the third player: 4 UFOs there and 5 military
    return ovni.example_position(2, 0, aliens={0: {"military": 3, "abductor": 2}, 1: {"military": 1},
                                               2: {"military": 5}},
                                 ufos={0: {"Paris": 3}, 2: {"Paris": 4}}, rules=rules)


def test_the_third_player_has_one_meaning_of_majority_by_default():
    # issue 12: its pieces blocked abductions in play but were ignored at final scoring;
    # the default now counts them in both, and what it would win goes to nobody
    s = _third_holds_paris()
    assert s.rules.third_player_competes is True
    paris = city(s, "Paris")
    assert not s._has_majority(RED, paris)  # no abduction for red in Paris
    red = s.score_breakdown()[RED]
    # red keeps its abductor majority; military and Paris are the third player's: nobody's points
    assert red["airspace"] == 0 and red["aliens"] == 10
    assert s.controller(paris) == s.third and len(s.scores()) == 2
    assert s.third_player_majority_text() == ovni.third_player_majority_text(s.rules) == \
        "counts in every majority"


def test_third_player_competes_false_compares_only_the_real_players_at_the_end():
    s = _third_holds_paris(ovni.Rules(third_player_competes=False))
    assert not s._has_majority(RED, city(s, "Paris"))  # in play the ordinary rule still applies
    red = s.score_breakdown()[RED]
    assert red["airspace"] == 4 and red["aliens"] == 10 + 10  # military, and abductors (alone)
    assert s.third_player_majority_text() == "blocks abductions, not final majorities"


def test_a_save_made_under_the_old_default_replays_with_it():
    old = ovni.new_game(2, seed=7, rules=ovni.Rules(third_player_competes=False), setup="random")
    rnd = random.Random(7)
    while not old.is_over():
        old.apply(rnd.choice(old.legal_actions()))
    data = json.loads(old.to_json())
    assert data["options"]["rules"]["third_player_competes"] is False
    back = ovni.load_json(json.dumps(data))
    assert back == old and back.rules.third_player_competes is False and back.scores() == old.scores()


# ------------------------------------------------- issue 12: readings and their options
def _two_sixes_collide(rules):
    """Round 1 of a real game where the first two placers put their 6s in area A (they
    cancel); the rest of the placement is seeded random. Returns the game after the
    areas are resolved and the two players."""
    for seed in range(50):
        g = ovni.new_game(4, seed=seed, rules=rules, setup="random")
        a, b = g.order1[0], g.order1[1]
        if "command_six" in g.abilities[a] + g.abilities[b]:
            continue
        g.apply("place 6 face-down on A")
        g.apply("place 6 face-up on A")
        rnd = random.Random(seed)
        while g.phase not in (R.FORCE_FIELD, R.ACTIONS, R.OVER):  # areas resolved, tokens back
            g.apply(rnd.choice(g.legal_actions()))
        return g, a, b
    raise AssertionError("no seed without the command-six ability")


def test_a_cancelled_six_is_spent_by_default_and_returns_with_the_option():
    g, a, b = _two_sixes_collide(ovni.Rules())
    assert 6 not in g.tokens_owned[a] and 6 not in g.tokens_owned[b]
    g, a, b = _two_sixes_collide(ovni.Rules(cancelled_six_returns=True))
    assert 6 in g.tokens_owned[a] and 6 in g.tokens_owned[b]
    assert g.six_uses[a] == g.six_uses[b] == 0


def test_an_initial_ufo_without_a_builder_launches_only_with_the_option():
    kw = dict(aliens={0: {"pilot": 1}, 1: {"pilot": 1}}, ufos={0: {"Paris": 1}, 1: {"Dubai": 1}},
              platform={0: 1}, abilities={0: ["initial_ufo"]})
    s = ovni.example_position(4, 0, **kw)
    assert "activate builders" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(IllegalAction, match="builders group has nothing"):
        s.apply("activate builders")
    s = ovni.example_position(4, 0, rules=ovni.Rules(launch_needs_builder=False), **kw)
    s.apply("activate builders")
    s.apply("launch to Cairo")
    assert s.ufo[RED][city(s, "Cairo")] == 1 and s.platform[RED] == 0


def test_the_colour_bonus_is_paid_once_unless_per_set():
    two_sets = list("abcdef") * 2
    assert ovni.score_humans(two_sets) == 6 * 3 + 15
    assert ovni.score_humans(two_sets, bonus_per_set=True) == 6 * 3 + 15 + 15
    assert ovni.score_humans(list("abcdef") + list("abcde"), bonus_per_set=True) == 5 * 3 + 1 + 15 + 10
    for per_set in (False, True):
        s = ovni.example_position(4, 0, rules=ovni.Rules(colour_bonus_per_set=per_set))
        s.abducted[RED] = [2] * 6
        assert s.score_breakdown()[RED]["humans"] == 18 + (30 if per_set else 15)


def test_captured_aliens_count_for_majorities_unless_only_recruited_ones_do():
    kw = dict(aliens={0: {"military": 3}, 1: {"military": 2}}, captured={0: {"military": 2}})
    s = ovni.example_position(4, 0, **kw)
    assert s.score_breakdown()[RED]["aliens"] == 10 and s.score_breakdown()[BLUE]["aliens"] == 0
    s = ovni.example_position(4, 0, rules=ovni.Rules(captured_count_for_majority=False), **kw)
    assert s.score_breakdown()[RED]["aliens"] == 0 and s.score_breakdown()[BLUE]["aliens"] == 10


def test_ufo_mission_counts_ufos_on_the_board_or_ufos_launched():
    # mission 13: four mapped cities and six UFOs "built and launched"
    four_maps = {"Paris": [0], "Berlim": [0], "Cairo": [0], "Dubai": [0]}
    placed = dict(ufos={0: {"Paris": 2, "Berlim": 2, "Cairo": 2}}, mapped=four_maps)
    s = ovni.example_position(4, 0, **placed)
    assert s.mission_done(0, 13)  # six on the board (none launched)
    s = ovni.example_position(4, 0, rules=ovni.Rules(ufo_mission="launched"), **placed)
    assert not s.mission_done(0, 13)
    # launched over the game, though only two remain on the board: done only when launches count
    for reading, done in (("on_board", False), ("launched", True)):
        s = ovni.example_position(4, 0, ufos={0: {"Paris": 2}}, mapped=four_maps, rules=ovni.Rules(ufo_mission=reading))
        s.launched[0] = 6
        assert s.mission_done(0, 13) is done


def test_a_save_made_on_the_first_board_still_loads_and_replays():
    # issue 12 changed the board's routes (Moscou-Dubai became Berlim-Dubai, plus
    # Dubai-Tóquio); a save of that time holds every rule option of its day, none of the
    # options issue 12 added, and no board: it replays on data/ovni/board_v1.toml
    first = ovni.Rules(board_file=R.FIRST_BOARD)
    for seed in range(40):
        g = ovni.new_game(4, seed=seed, rules=first, setup="random")
        rnd = random.Random(seed)
        while not g.is_over():
            g.apply(rnd.choice(g.legal_actions()))
        if any(str(a) in ("move Moscou -> Dubai", "move Dubai -> Moscou") for a in g.log):
            break
    else:
        raise AssertionError("no game used the first board's Moscou-Dubai route")
    data = json.loads(g.to_json())
    for name in R._ISSUE_12_OPTIONS:
        del data["options"]["rules"][name]
    data["options"]["rules"]["board_file"] = None
    back = ovni.load_json(json.dumps(data))
    assert back.rules.board_file == R.FIRST_BOARD and back.log == g.log and back.scores() == g.scores()
    # a save of today naming no board is played on today's board
    today = ovni.new_game(4, seed=1, setup="random")
    assert ovni.load_json(today.to_json()).rules.board_file is None


def test_an_action_of_another_phase_during_phase_2_names_the_phase():
    s = ovni.example_position(4, 0, aliens={0: {"pilot": 2}}, ufos={0: {"Paris": 1}})
    with pytest.raises(IllegalAction, match="the game is in the phase 'actions': activate a group"):
        s.apply("place 5 face-down on A")
    s.apply("activate pilots")  # with a group open too
    with pytest.raises(IllegalAction, match="the game is in the phase 'actions': .* not a 'energy' action"):
        s.apply("energy 2")


def test_starting_aliens_with_a_short_stock_offer_the_sets_in_stock_first():
    """Reading of _starting_options for what-if stocks: the sets wholly in stock when there are
    any; else the sets with a type in stock; only else every free set."""
    offered = {}
    for stock in ([1, 1, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]):
        s = ovni.new_game(2, seed=2)
        while True:  # the last keep before the starting aliens are chosen
            t = s.clone()
            t.apply(t.legal_actions()[0])
            if t.phase == R.CHOOSE_ALIENS:
                break
            s.apply(s.legal_actions()[0])
        s.stock = list(stock)
        s.apply(s.legal_actions()[0])
        assert s.phase == R.CHOOSE_ALIENS and "starting_aliens" not in s.abilities[s.actor]
        offered[tuple(stock)] = [str(a) for a in s.legal_actions()]
    assert offered[(1, 1, 0, 0)] == ["choose aliens pilot+abductor"]
    assert offered[(0, 1, 0, 0)] == ["choose aliens pilot+abductor", "choose aliens abductor+builder",
                                     "choose aliens abductor+military"]
    assert len(offered[(0, 0, 0, 0)]) == 6  # nothing in stock: any two types


def test_recruitment_order_refuses_counts_missing_a_type():
    with pytest.raises(ValueError, match=r"counts\['red'\] lacks \['builder', 'military'\]"):
        ovni.recruitment_order({"red": {"pilot": 1, "abductor": 2}, "blue": dict.fromkeys(R.ALIEN_TYPES, 1)})
