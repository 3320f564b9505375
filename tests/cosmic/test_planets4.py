"""The four-planet variant (issue 13): ``Rules(planets=4)``.

Its numbers come from the ``[[system]]`` tables of ``data/cosmic/destiny.toml``: the 2009
FAQ keeps the power with two home colonies; ovnilab's reconstruction gives each player 16
ships (four on each planet) and lets four foreign colonies win. Each test plays a real
encounter in both systems and shows where they differ."""

import json
import random

import pytest

from ovnilab import cosmic
from ovnilab.core import IllegalAction, RulesError
from ovnilab.cosmic import data as D
from ovnilab.cosmic import rules as R

from . import BLUE, RED, YELLOW, arrange, drive, ships_on

FOUR = cosmic.Rules(planets=4, flares=False)
FIVE = cosmic.Rules(flares=False)


def test_set_up_has_four_planets_of_four_ships_each():
    s = cosmic.new_game(4, seed=3, rules=cosmic.Rules(planets=4))
    assert (s.np, s.nships, s.win_at, s.power_at) == (4, 16, 4, 2)
    assert len(s.pname) == 16 and s.pname[:5] == ("red 1", "red 2", "red 3", "red 4", "blue 1")
    for seat in range(4):
        assert [s.ships[p * 4 + seat] for p in range(4 * seat, 4 * seat + 4)] == [4, 4, 4, 4]
        assert s.warp[seat] == 0 and s.home_colonies(seat) == 4 and s.foreign_colonies(seat) == 0
    R.check_invariants(s)
    # the rulebook's game is unchanged
    five = cosmic.new_game(4, seed=3)
    assert (five.np, five.nships, five.win_at, five.power_at) == (5, 20, 5, 3)


def test_a_fifth_planet_is_refused_by_name():
    s = arrange(n=3, rules=FOUR)
    drive(s, [], until=lambda s: s.phase == "aim")
    with pytest.raises(IllegalAction, match=r"no planet blue 5: this game's planets are .* 1 to 4"):
        s.apply("aim at blue 5")
    s.apply("aim at blue 4")  # the fourth is a planet


def _pacifist_defends_with_two_home_colonies(rules: cosmic.Rules) -> cosmic.State:
    # blue (Pacifist) keeps colonies on two home planets only; its negotiate meets an attack
    k = rules.planets
    empty = {(BLUE, f"blue {i}"): 0 for i in range(3, k + 1)}
    s = arrange(aliens=["Will", "Pacifist", "Trader"], rules=dataclasses_replace(rules, powers=True),
                hands={RED: ["attack 10"], BLUE: ["negotiate", "attack 01"]}, ships=empty)
    assert s.home_colonies(BLUE) == 2
    drive(s, ["aim at blue 1", "select negotiate"])
    return s


def dataclasses_replace(rules: cosmic.Rules, **kw) -> cosmic.Rules:
    import dataclasses
    return dataclasses.replace(rules, **kw)


def test_two_home_colonies_keep_the_power_with_four_planets():
    # 2009 FAQ: fewer than three home colonies lose the power; two with four planets each
    four = _pacifist_defends_with_two_home_colonies(FOUR)
    five = _pacifist_defends_with_two_home_colonies(FIVE)
    assert four.last_result["outcome"] == "defense"  # Pacifist's negotiate beats the attack
    assert five.last_result["outcome"] == "offense"  # the power is lost with two of five


def test_the_power_is_lost_below_two_home_colonies_with_four_planets():
    empty = {(BLUE, "blue 2"): 0, (BLUE, "blue 3"): 0, (BLUE, "blue 4"): 0}
    s = arrange(aliens=["Will", "Pacifist", "Trader"], rules=dataclasses_replace(FOUR, powers=True),
                hands={RED: ["attack 10"], BLUE: ["negotiate", "attack 01"]}, ships=empty)
    assert s.home_colonies(BLUE) == 1 and not s.power_active(BLUE)
    drive(s, ["aim at blue 1", "select negotiate"])
    assert s.last_result["outcome"] == "offense"


def _red_lands_its_fourth_colony(rules: cosmic.Rules) -> cosmic.State:
    # red already has three foreign colonies and wins an attack on blue 1
    colonies = {(RED, "yellow 1"): 1, (RED, "yellow 2"): 1, (RED, "blue 2"): 1}
    s = arrange(rules=rules, hands={RED: ["attack 40"], BLUE: ["attack 00"]}, ships=colonies)
    assert s.foreign_colonies(RED) == 3
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    assert s.foreign_colonies(RED) == 4
    return s


def test_four_foreign_colonies_win_with_four_planets():
    four = _red_lands_its_fourth_colony(FOUR)
    assert four.is_over() and four.winners() == [RED]
    assert not _red_lands_its_fourth_colony(FIVE).is_over()
    # the reconstruction's goal is an option like any other
    assert not _red_lands_its_fourth_colony(dataclasses_replace(FOUR, win_colonies=5)).is_over()


def test_options_override_the_systems_numbers_and_unreachable_goals_are_refused():
    s = cosmic.new_game(3, seed=1, rules=cosmic.Rules(planets=4, power_threshold=3, win_colonies=6))
    assert (s.power_at, s.win_at) == (3, 6)
    with pytest.raises(RulesError) as err:
        cosmic.new_game(3, seed=1, rules=cosmic.Rules(planets=4, win_colonies=9))
    # each field's refusal read whole: the goal, the planets, the most a player can reach
    assert err.value.errors == {
        "win_colonies": "9 foreign colonies cannot be reached with 4 planets per player (at most 8 with three players)",
        "planets": "4 planets a player leave at most 8 foreign colonies to win with three players"}
    assert cosmic.new_game(3, seed=1, rules=cosmic.Rules(win_colonies=9)).win_at == 9  # five planets: 10 at most
    with pytest.raises(RulesError, match=r"planets"):
        cosmic.Rules(planets=3)


def test_a_data_set_without_the_variant_names_what_is_missing(monkeypatch):
    docs = {k: __import__("tomllib").loads((D.data_dir() / "cosmic" / f"{k}.toml").read_text(encoding="utf-8"))
            for k in D.FILES}
    del docs["destiny"]["system"]
    g = D.parse_data(docs)
    assert sorted(g.systems) == [5] and g.systems[5].ships == 20  # the rulebook's system
    monkeypatch.setattr(R.state, "load_data", lambda deck_file=None, folder=None: g)
    assert cosmic.new_game(3, seed=1).np == 5
    with pytest.raises(ValueError, match=r"no home system of 4 planets in destiny.toml"):
        cosmic.new_game(3, seed=1, rules=cosmic.Rules(planets=4))
    docs["destiny"]["system"] = [{"planets": 4, "ships": 16, "win_colonies": 4, "power_threshold": 2,
                                  "tick_tock_tokens": 8}]
    with pytest.raises(D.DataError, match=r"system of 5 planets must be listed"):
        D.parse_data(docs)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_four_planet_games_keep_the_invariants_and_replay(n):
    turns = []
    for seed in range(12):
        s = cosmic.new_game(n, seed=seed, rules=cosmic.Rules(planets=4))
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            R.check_invariants(s)
        assert not s.limit_reached
        # four foreign colonies, or an alien's alternate win (Masochist, Tick-Tock)
        assert (any(s.foreign_colonies(p) >= 4 for p in s.winners())
                or s.win_reason.split(":")[0] in ("Masochist", "Tick-Tock")), s.win_reason
        copy = cosmic.load_json(s.to_json())
        assert copy.to_json() == s.to_json() and copy.scores() == s.scores()
        assert json.loads(s.to_json())["options"]["rules"]["planets"] == 4
        turns.append(s.turn)
    assert len(turns) == 12


def test_the_board_draws_four_planets_a_seat():
    s = cosmic.new_game(3, seed=2, rules=cosmic.Rules(planets=4))
    svg = s._repr_svg_()
    assert "<title>blue 4" in svg and "<title>blue 5" not in svg
    assert ships_on(s, YELLOW, "yellow 4") == 4
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    assert "4 foreign colonies" in s._repr_svg_()  # why the game ended


def test_tick_tock_starts_with_eight_tokens_with_four_planets():
    # Tick-Tock's sheet: ten tokens, eight with four planets each (destiny.toml's systems)
    aliens = ["Tick-Tock", "Oracle", "Trader"]
    four = cosmic.new_game(3, seed=1, rules=cosmic.Rules(planets=4, flares=False), aliens=aliens)
    five = cosmic.new_game(3, seed=1, rules=cosmic.Rules(flares=False), aliens=aliens)
    assert four.tokens[0] == four.system.tick_tock_tokens == 8
    assert five.tokens[0] == 10


def test_rules_the_game_cannot_be_set_up_with_name_their_fields():
    """Rules(...) accepts each field alone; new_game names every field of a combination it
    refuses (issue 22), and a player count must be a whole number."""
    with pytest.raises(RulesError) as err:
        cosmic.new_game(3, rules=cosmic.Rules(win_colonies=10, planets=4))
    assert set(err.value.errors) == {"win_colonies", "planets"}
    with pytest.raises(RulesError) as err:
        cosmic.new_game(5, rules=cosmic.Rules(alien_choices=5, alien_levels=("red",)))
    assert set(err.value.errors) == {"alien_choices", "alien_levels"}
    for bad in (3.0, True, "3"):
        with pytest.raises(ValueError, match="3, 4 or 5 players"):
            cosmic.new_game(bad)
