"""One test per alien: its power changes an encounter's outcome (compared with the same
encounter played by a neutral alien that does nothing there)."""

import pytest

from ovnilab import IllegalAction, cosmic
from ovnilab.cosmic import aliens as AL
from ovnilab.cosmic import data as D
from ovnilab.cosmic.render.text import effects_text

from . import BLUE, RED, YELLOW, arrange, drive, logged, ships_on
from .test_aliens_yellow_red import with_flare

# aliens whose (optional) powers stay unused when their owner passes
NEUTRAL = ["Will", "Oracle", "Trader"]


def trio(alien: str, seat: int) -> list[str]:
    """Three aliens with ``alien`` at ``seat`` and neutral ones elsewhere."""
    others = [a for a in NEUTRAL if a != alien]
    out = []
    for s in range(3):
        out.append(alien if s == seat else others.pop(0))
    return out


def both(alien: str, seat: int, script: list[str], **kw) -> tuple[cosmic.State, cosmic.State]:
    """The same encounter with ``alien`` at ``seat`` and with a neutral alien there; the
    scripted uses of the power, and the actions marked with a leading ``!``, are only
    played with the power."""
    with_power = arrange(aliens=trio(alien, seat), **kw)
    drive(with_power, [x.lstrip("!") for x in script])
    neutral = arrange(aliens=trio("Clone" if alien != "Clone" else "Filch", seat), **kw)
    drive(neutral, [x for x in script if not x.startswith((f"use {alien}", f"{alien}:", "!"))])
    return with_power, neutral


def test_the_data_file_and_the_definitions_agree():
    g = cosmic.load_data()
    assert set(AL.POWERS) == set(g.aliens) and set(g.levels["green"]) <= set(AL.POWERS)  # the 23 green ones and more
    for name, p in AL.POWERS.items():
        info = g.aliens[name]
        assert p.timing == info.timing and p.optional == info.optional, name
        assert tuple(p.roles) == info.roles, name
        for fl in (p.wild, p.super):
            if fl is not None:
                assert fl.timing in D.TIMINGS and set(fl.roles) <= set(D.ROLES), name


def test_register_adds_a_power_under_its_name_once(monkeypatch):
    """The table every alien is looked up in: register puts the power itself there, and a
    second power of the same name is refused (its words name the alien)."""
    monkeypatch.setitem(AL.POWERS, "Test Alien", None)  # removed again after the test
    del AL.POWERS["Test Alien"]
    p = AL.Power(name="Test Alien", timing="resolution", roles=("main",), optional=False)
    assert AL.register(p) is p and AL.POWERS["Test Alien"] is p
    with pytest.raises(ValueError) as err:
        AL.register(AL.Power(name="Test Alien", timing="resolution", roles=("main",), optional=True))
    assert str(err.value) == "alien 'Test Alien' is defined twice" and AL.POWERS["Test Alien"] is p


def test_barbarian_loots_the_loser():
    script = ["aim at blue 1", "ship from red 1", "ship from red 2", "done", "select attack 40", "select attack 04",
              "Barbarian: keep attack 30", "Barbarian: keep attack 20"]
    hands = {RED: ["attack 40", "attack 01"], BLUE: ["attack 04", "attack 20", "attack 30", "negotiate"]}
    s, base = both("Barbarian", RED, script, hands=hands)
    assert s.last_result["outcome"] == base.last_result["outcome"] == "offense"
    assert s.hand_names(BLUE) == [] and {"attack 20", "attack 30"} <= set(s.hand_names(RED))
    assert base.hand_names(BLUE) == ["attack 20", "attack 30", "negotiate"]


def test_barbarian_may_keep_fewer_cards_than_its_ships():
    # power: up to one card per ship; "discard the rest" ends the loot early
    s = drive(arrange(aliens=trio("Barbarian", RED),
                      hands={RED: ["attack 40", "attack 01"], BLUE: ["attack 04", "attack 20", "attack 30", "negotiate"]}),
              ["aim at blue 1", "ship from red 1", "ship from red 2", "done", "select attack 40", "select attack 04",
               "Barbarian: keep attack 30", "Barbarian: discard the rest"])
    assert s.hand_names(RED) == ["attack 01", "attack 30"] and s.hand_names(BLUE) == []
    assert {"attack 20", "negotiate"} <= {s.t.name[c] for c in s.discard}


def test_barbarian_has_nothing_to_loot_from_an_empty_hand():
    s = drive(arrange(aliens=trio("Barbarian", RED), hands={RED: ["attack 40"], BLUE: ["attack 04"]}),
              ["aim at blue 1", "ship from red 1", "done"])
    assert s.last_result["outcome"] == "offense"
    assert not any(str(a).startswith("Barbarian:") for a in s.log)  # blue's hand was empty: no loot


def test_chosen_replaces_its_card():
    script = ["aim at blue 1", "ship from red 1", "done", "select attack 04",
              "use Chosen power", "Chosen: replace with attack 40"]
    kw = dict(hands={RED: ["attack 04", "attack 05"], BLUE: ["attack 20"]},
              deck_top=["attack 40", "negotiate", "attack 06"])
    s, base = both("Chosen", RED, script, **kw)
    assert s.last_result["outcome"] == "offense" and base.last_result["outcome"] == "defense"


def test_chosen_adds_an_attack():
    s = arrange(aliens=trio("Chosen", RED), hands={RED: ["attack 10", "attack 05"], BLUE: ["attack 20"]},
                deck_top=["attack 12", "negotiate", "attack 06"])
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 10", "use Chosen power"],
          until=lambda s: s.phase == "power")
    assert set(str(a) for a in s.legal_actions()) >= {"Chosen: add attack 12", "Chosen: replace with negotiate"}
    drive(s, ["Chosen: add attack 12"])
    # 10 + 12 + 1 ship against 20 + 4 ships
    assert s.last_result["totals"] == (23, 24)


def test_clone_keeps_its_encounter_card():
    script = ["aim at blue 1", "select attack 20", "use Clone power"]
    s, base = both("Clone", RED, script, hands={RED: ["attack 20", "attack 01"], BLUE: ["attack 04"]})
    assert "attack 20" in s.hand_names(RED) and "attack 20" not in base.hand_names(RED)


def test_cudgel_costs_the_loser_more_ships():
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "ship from red 2", "done",
              "!lose ship from blue 2", "!lose ship from blue 2", "!lose ship from blue 3"]
    s, base = both("Cudgel", RED, script, hands={RED: ["attack 20"], BLUE: ["attack 04"]})
    assert base.warp[BLUE] == 4
    assert s.warp[BLUE] == 7 and ships_on(s, BLUE, "blue 2") == 2


def test_filch_takes_the_opponent_card():
    script = ["aim at blue 1", "use Filch power"]
    s, base = both("Filch", RED, script, hands={RED: ["attack 20"], BLUE: ["attack 15"]})
    assert "attack 15" in s.hand_names(RED) and "attack 15" not in base.hand_names(RED)


def test_hacker_chooses_its_compensation():
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "done",
              "Hacker: take attack 40 from yellow", "Hacker: take Ionic Gas from yellow"]
    kw = dict(hands={RED: ["negotiate"], BLUE: ["attack 04", "attack 05"], YELLOW: ["attack 40", "Ionic Gas"]})
    s, base = both("Hacker", RED, script, **kw)
    assert s.hand_names(RED) == ["Ionic Gas", "attack 40"] and s.hands[YELLOW] == []
    assert base.hand_names(RED) == ["attack 05"]  # the winner's (only) card at random
    # three ships lost: three choices, one card each
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "ship from red 1", "done",
              "Hacker: take attack 40 from yellow", "Hacker: take Ionic Gas from yellow",
              "Hacker: take attack 30 from yellow"]
    kw["hands"] = {RED: ["negotiate"], BLUE: ["attack 04", "attack 05"], YELLOW: ["attack 40", "Ionic Gas", "attack 30"]}
    s, _ = both("Hacker", RED, script, **kw)
    assert s.hand_names(RED) == ["Ionic Gas", "attack 30", "attack 40"] and s.hands[YELLOW] == []


def test_loser_declares_an_upset():
    script = ["aim at blue 1", "ship from red 1", "done", "use Loser power"]
    s, base = both("Loser", RED, script, hands={RED: ["attack 01"], BLUE: ["attack 20"]})
    assert s.last_result["outcome"] == "offense" and base.last_result["outcome"] == "defense"


def test_macron_ships_count_four_but_only_one_is_sent():
    script = ["aim at blue 1", "ship from red 1"]
    s, base = both("Macron", RED, script, hands={RED: ["attack 12"], BLUE: ["attack 10"]})
    assert s.last_result["totals"] == (16, 14) and s.last_result["outcome"] == "offense"
    assert base.last_result["totals"] == (13, 14) and base.last_result["outcome"] == "defense"


def test_miser_plays_from_its_hoard():
    kw = dict(hands={RED: ["attack 01", "attack 04"], BLUE: ["attack 20"]}, hoard={RED: ["attack 40", "Quash"]})
    s = arrange(aliens=trio("Miser", RED), **kw)
    drive(s, ["aim at blue 1", "select attack 40 from hoard"])
    assert s.last_result["outcome"] == "offense" and s.hand_names(RED) == ["attack 01", "attack 04"]
    base = arrange(aliens=trio("Clone", RED), **kw)
    base.apply("aim at blue 1")
    with pytest.raises(IllegalAction):
        base.apply("select attack 40 from hoard")


def test_miser_hoard_without_encounter_cards_is_dealt_again_at_its_turn():
    """(ovnilab's reading, as a hand would be) at the Miser's turn a hoard with no encounter
    card is discarded and eight new cards are dealt into the hoard; the hand stays."""
    s = arrange(aliens=trio("Miser", RED), offense=YELLOW, defender=BLUE, hoard={RED: ["Quash", "Card Zap"]},
                hands={RED: ["attack 05"], YELLOW: ["attack 20"], BLUE: ["attack 01"]})
    drive(s, until=lambda s: s.turn_player == RED)
    assert len(s.hoard[RED]) == 8 and s.hand_names(RED) == ["attack 05"]
    assert [s.t.name[c] for c in s.discard][-2:] == ["Quash", "Card Zap"]


def test_miser_plays_artifacts_and_reinforcements_from_its_hoard():
    kw = dict(hands={RED: ["attack 10", "reinforcement +2"], BLUE: ["attack 12", "Plague"]},
              hoard={RED: ["reinforcement +5", "Card Zap", "attack 01"]})
    s = arrange(aliens=trio("Miser", RED), **kw)
    s.apply("play Plague on red")
    assert {str(a) for a in s.legal_actions()} == {"play Card Zap from hoard", "pass"}
    s.apply("play Card Zap from hoard")
    assert "Card Zap" not in {s.t.name[c] for c in s.hoard[RED]}
    drive(s, ["aim at blue 1", "select attack 10"], until=lambda s: s.phase == "reinforce")
    opts = {str(a) for a in s.legal_actions()}
    assert {"reinforce offense with reinforcement +2",
            "reinforce offense with reinforcement +5 from hoard"} <= opts
    s.apply("reinforce offense with reinforcement +5 from hoard")
    drive(s)
    # attack 10 + one ship + the hoard's +5 against attack 12 + four ships
    assert s.last_result["totals"] == (16, 16) and s.hand_names(RED) == ["reinforcement +2"]
    assert s.parse_action("reinforce offense with reinforcement +5 from hoard").c == "hoard"
    # without the power the hoard is not played from
    base = arrange(aliens=trio("Clone", RED), **kw)
    base.apply("play Plague on red")
    assert base.phase != "zap"


def test_mutant_refills_its_hand():
    kw = dict(hands={RED: ["attack 01", "attack 04"], BLUE: ["attack 20"]},
              deck_top=["attack 40"] + ["negotiate"] * 5)
    s = arrange(aliens=trio("Mutant", RED), **kw)
    drive(s, ["aim at blue 1", "use Mutant power"] + ["Mutant: draw from the deck"] * 6 + ["select attack 40"])
    assert s.last_result["outcome"] == "offense"
    base = arrange(aliens=trio("Will", RED), **kw)
    drive(base, ["aim at blue 1"])
    assert base.last_result["outcome"] == "defense"


def test_observer_sends_allies_home_instead_of_the_warp():
    script = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "join offense",
              "ship from yellow 1", "ship from yellow 1", "done"]
    s, base = both("Observer", RED, script, hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    assert s.last_result["outcome"] == base.last_result["outcome"] == "defense"
    assert base.warp[YELLOW] == 2 and s.warp[YELLOW] == 0 and ships_on(s, YELLOW, "yellow 1") == 4
    assert s.warp[RED] == 1  # the Observer's own ships still go


def test_oracle_sees_the_opponent_card_first():
    s = arrange(aliens=trio("Oracle", RED), hands={RED: ["attack 01", "attack 30"], BLUE: ["attack 20", "attack 04"]})
    drive(s, ["aim at blue 1", "use Oracle power"], until=lambda s: s.phase == "select")
    assert s.current_player == BLUE  # the opponent selects first, face up
    s.apply("select attack 20")
    assert s.current_player == RED and s.observation(RED)["encounter_cards"]["defense"] == "attack 20"
    s.apply("select attack 30")
    assert s.last_result["outcome"] == "offense"


def test_pacifist_negotiate_beats_an_attack():
    script = ["aim at blue 1", "select negotiate"]
    s, base = both("Pacifist", BLUE, script, hands={RED: ["attack 10"], BLUE: ["negotiate", "attack 01"]})
    assert s.last_result["outcome"] == "defense" and base.last_result["outcome"] == "offense"
    assert len(s.hands[BLUE]) == 1  # a win: no compensation
    # the same on offense: blue's lost attack takes no compensation from red's hand
    s, base = both("Pacifist", RED, ["aim at blue 1", "ship from red 1", "done", "select negotiate"],
                   hands={RED: ["negotiate", "attack 01", "attack 05"], BLUE: ["attack 10"]})
    assert s.last_result["outcome"] == "offense" and base.last_result["outcome"] == "defense"
    assert s.hand_names(RED) == ["attack 01", "attack 05"] and s.hand_names(BLUE) == []


def test_parasite_joins_uninvited():
    script = ["aim at blue 1", "ship from red 1", "done", "join offense", "ship from yellow 2", "done"]
    s = arrange(aliens=["Will", "Oracle", "Parasite"], hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    drive(s, script)
    assert s.foreign_colonies(YELLOW) == 1
    base = arrange(aliens=["Will", "Oracle", "Trader"], hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    drive(base, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase != "ships" and s.gate[RED])
    assert base.foreign_colonies(YELLOW) == 0


def test_reserve_plays_a_low_attack_as_reinforcement():
    script = ["aim at blue 1", "ship from red 1", "done", "select attack 10", "!reinforce offense with attack 06"]
    s, base = both("Reserve", RED, script, hands={RED: ["attack 10", "attack 06"], BLUE: ["attack 12"]})
    assert s.last_result["totals"] == (17, 16) and s.last_result["outcome"] == "offense"
    assert base.last_result["outcome"] == "defense"


def test_sorcerer_swaps_the_cards():
    script = ["aim at blue 1", "use Sorcerer power"]
    s, base = both("Sorcerer", RED, script, hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    assert s.last_result["outcome"] == "offense" and base.last_result["outcome"] == "defense"


def test_spiff_crash_lands():
    script = ["aim at blue 1", "use Spiff power"]
    s, base = both("Spiff", RED, script, hands={RED: ["attack 00"], BLUE: ["attack 20"]})
    assert s.last_result["outcome"] == "defense"
    assert ships_on(s, RED, "blue 1") == 1 and s.foreign_colonies(RED) == 1
    assert base.foreign_colonies(RED) == 0
    # onto a colony it already has there, the ship adds to it (2 + 1)
    s, _ = both("Spiff", RED, script, hands={RED: ["attack 00"], BLUE: ["attack 20"]}, ships={(RED, "blue 1"): 2})
    assert ships_on(s, RED, "blue 1") == 3


def test_trader_swaps_hands():
    script = ["aim at blue 1", "use Trader power", "select attack 40"]
    s = arrange(aliens=["Trader", "Will", "Oracle"], hands={RED: ["attack 01", "negotiate"],
                                                           BLUE: ["attack 40", "attack 30"]})
    drive(s, script)
    assert s.last_result["outcome"] == "offense"
    base = arrange(aliens=["Clone", "Will", "Oracle"], hands={RED: ["attack 01", "negotiate"],
                                                             BLUE: ["attack 40", "attack 30"]})
    drive(base, ["aim at blue 1", "select attack 01", "select attack 30"])
    assert base.last_result["outcome"] == "defense"


def test_vacuum_takes_ships_along():
    script = ["aim at blue 1", "Vacuum: take red along", "!lose ship from red 2", "Vacuum: take red along",
              "!lose ship from red 2", "Vacuum: take red along", "!lose ship from red 3",
              "Vacuum: take red along", "!lose ship from red 3"]
    s, base = both("Vacuum", BLUE, script, hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    assert base.warp[RED] == 0 and s.warp[RED] == 4 and s.warp[BLUE] == 4


def test_vacuum_chooses_a_victim_per_ship():
    s = arrange(aliens=trio("Vacuum", BLUE), hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    drive(s, ["aim at blue 1", "Vacuum: take red along", "Vacuum: take yellow along", "Vacuum: take yellow along",
              "Vacuum: take yellow along"])
    assert s.warp[BLUE] == 4 and s.warp[RED] == 1 and s.warp[YELLOW] == 3


def test_vacuum_is_mandatory():
    # FFG: "use this power to take ..." (mandatory): every ship lost takes another along;
    # "nobody" only when no other player has a ship on a colony
    s = arrange(aliens=trio("Vacuum", BLUE), hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    drive(s, ["aim at blue 1"], until=lambda s: s.phase == "power")
    assert {str(a) for a in s.legal_actions()} == {"Vacuum: take red along", "Vacuum: take yellow along"}
    assert not cosmic.aliens.POWERS["Vacuum"].optional
    old = arrange(aliens=trio("Vacuum", BLUE), hands={RED: ["attack 30"], BLUE: ["attack 01"]},
                  rules=cosmic.Rules(flares=False, before_issue_13=True))
    drive(old, ["aim at blue 1"], until=lambda s: s.phase == "power")
    assert "Vacuum: take nobody along" in {str(a) for a in old.legal_actions()}
    # "nobody" ends the power for this loss: the four ships go alone
    drive(old, ["Vacuum: take nobody along"])
    assert old.warp[BLUE] == 4 and old.warp[RED] == old.warp[YELLOW] == 0


def test_vulch_collects_discarded_artifacts():
    script = ["aim at blue 1", "play Ionic Gas"]
    kw = dict(hands={RED: ["attack 20"], BLUE: ["negotiate", "Ionic Gas"]})
    s, base = both("Vulch", YELLOW, script, **kw)
    assert "Ionic Gas" in s.hand_names(YELLOW) and "Ionic Gas" not in base.hand_names(YELLOW)


def test_warrior_tokens_add_to_its_total():
    s = arrange(aliens=trio("Warrior", RED), hands={RED: ["attack 10"], BLUE: ["attack 10"]})
    s.tokens[RED] = 4
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    assert s.last_result["totals"] == (15, 14) and s.last_result["outcome"] == "offense"
    assert s.tokens[RED] == 5  # one more after a win
    base = arrange(aliens=trio("Will", RED), hands={RED: ["attack 10"], BLUE: ["attack 10"]})
    drive(base, ["aim at blue 1", "ship from red 1", "done"])
    assert base.last_result["outcome"] == "defense"


def test_warrior_collects_tokens_after_deals_and_without_its_power():
    # 2009 FAQ: after an encounter as a main player, one token for a win or a deal made,
    # two for a loss or a failed deal, even with the power zapped (or lost)
    s = arrange(aliens=trio("Warrior", RED), hands={RED: ["negotiate", "attack 01"], BLUE: ["negotiate"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select negotiate",
              "propose: red gives 1 card, blue gives 0 cards, red lands nowhere, blue lands nowhere",
              "accept deal"])
    assert s.last_result["outcome"] == "deal_made" and s.tokens[RED] == 1
    s = arrange(aliens=trio("Warrior", RED), hands={RED: ["negotiate", "attack 01"], BLUE: ["negotiate"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select negotiate", "reject deal"])
    assert s.last_result["outcome"] == "deal_failed" and s.tokens[RED] == 2
    # without its power (two home colonies) it loses an attack and still takes two tokens
    kw = dict(aliens=trio("Warrior", RED), hands={RED: ["attack 01"], BLUE: ["attack 20"]},
              ships={(RED, "red 3"): 0, (RED, "red 4"): 0, (RED, "red 5"): 0})
    s = arrange(**kw)
    assert not s.power_active(RED)
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    assert s.last_result["outcome"] == "defense" and s.tokens[RED] == 2
    old = arrange(**kw, rules=cosmic.Rules(flares=False, before_issue_13=True))
    drive(old, ["aim at blue 1", "ship from red 1", "done"])
    assert old.tokens[RED] == 0


def test_warrior_before_issue_13_tokens_with_its_power_for_wins_and_losses_only():
    # Rules(before_issue_13=True): 1 token for a win, 2 for a loss, none for a deal
    old = cosmic.Rules(flares=False, powers=True, before_issue_13=True)
    for hands, script, result, tokens in (
            ({RED: ["attack 10"], BLUE: ["attack 01"]}, [], "offense", 1),
            ({RED: ["attack 01"], BLUE: ["attack 20"]}, [], "defense", 2),
            ({RED: ["negotiate", "attack 01"], BLUE: ["negotiate"]}, ["select negotiate", "reject deal"], "deal_failed", 0)):
        s = drive(arrange(aliens=trio("Warrior", RED), rules=old, hands=hands),
                  ["aim at blue 1", "ship from red 1", "done"] + script)
        assert s.last_result["outcome"] == result and s.tokens == [tokens, 0, 0], result


def test_warrior_super_adds_an_ally_tokens():
    script = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "join offense", "ship from yellow 1", "done"]
    games = []
    for flare in (["play Warrior flare (super)"], []):
        g = arrange(aliens=trio("Warrior", YELLOW), rules=flares(*trio("Warrior", YELLOW)),
                    hands={RED: ["attack 10"], BLUE: ["attack 10"], YELLOW: ["Warrior flare"]})
        g.tokens[YELLOW] = 3
        games.append(drive(g, script + flare))
    s, base = games
    assert s.last_result["totals"] == (15, 14) and s.last_result["outcome"] == "offense"  # + yellow's 3 tokens
    assert base.last_result["totals"] == (12, 14) and base.last_result["outcome"] == "defense"


def test_warrior_collects_tokens_while_zapped():
    # 2009 FAQ: "this allows Warrior to collect tokens even if his power was zapped"
    s = arrange(aliens=trio("Warrior", RED), hands={RED: ["attack 10", "attack 04"], BLUE: ["attack 12"],
                                                    YELLOW: ["Cosmic Zap", "attack 01"]})
    s.tokens[RED] = 3
    drive(s, ["aim at blue 1", "ship from red 1", "done", "play Cosmic Zap on red", "select attack 10"])
    assert s.last_result["totals"] == (11, 16)  # 10 + 1 ship: the zapped power adds no tokens
    assert s.last_result["outcome"] == "defense" and s.tokens[RED] == 3 + 2


def test_zombie_keeps_its_power_for_the_loss_that_takes_it():
    # a power lost when the third home colony falls still applies to that event: the
    # Zombie defending its third home colony loses, and those ships go home, not to
    # the warp (issue 13; rulebook "the loss is immediate" applies once they have gone)
    kw = dict(aliens=trio("Zombie", BLUE), hands={RED: ["attack 30"], BLUE: ["attack 01"]},
              ships={(BLUE, "blue 4"): 0, (BLUE, "blue 5"): 0})
    s = arrange(**kw)
    assert s.home_colonies(BLUE) == 3 and s.power_active(BLUE)
    drive(s, ["aim at blue 1"])
    assert s.last_result["outcome"] == "offense" and s.warp[BLUE] == 0
    assert s.home_colonies(BLUE) == 2 and not s.power_active(BLUE)
    old = arrange(**kw, rules=cosmic.Rules(flares=False, before_issue_13=True))
    drive(old, ["aim at blue 1"])
    assert old.warp[BLUE] == ships_on(s, BLUE, "blue 2") - ships_on(old, BLUE, "blue 2") > 0


def test_zombie_may_free_the_other_main_players_ships_in_a_deal():
    # Zombie: "you may free any player's ships from the warp as part of a deal"
    kw = dict(aliens=trio("Zombie", RED), hands={RED: ["negotiate", "attack 04"], BLUE: ["negotiate", "attack 06"]},
              warp={BLUE: 3})
    s = arrange(**kw)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select negotiate"], until=lambda s: s.phase == "deal")
    term = "propose: red gives 0 cards, blue gives 1 card, red lands nowhere, blue lands nowhere, " \
           "red frees blue's ships from the warp"
    assert term in {str(a) for a in s.legal_actions()} and s.parse_action(term.upper()).c == ("red", "blue")
    s.apply(term)
    s.apply("accept deal")
    on_colonies = s.ships_on_colonies(BLUE)
    drive(s)
    assert s.last_result["outcome"] == "deal_made" and s.warp[BLUE] == 0
    assert s.ships_on_colonies(BLUE) == on_colonies + 3 and s.hand_names(RED) == ["attack 04", "attack 06"]
    # nobody else offers it, nor the Zombie before issue 13
    base = arrange(**dict(kw, aliens=trio("Will", RED)))
    drive(base, ["aim at blue 1", "ship from red 1", "done", "select negotiate"], until=lambda s: s.phase == "deal")
    assert not any(a.c for a in base.legal_actions() if a.kind == "propose")
    old = arrange(**kw, rules=cosmic.Rules(flares=False, before_issue_13=True))
    drive(old, ["aim at blue 1", "ship from red 1", "done", "select negotiate"], until=lambda s: s.phase == "deal")
    assert not any(a.c for a in old.legal_actions() if a.kind == "propose")


def test_will_chooses_the_defender_and_planet():
    s = arrange(aliens=["Will", "Oracle", "Trader"], hands={RED: ["attack 30"], YELLOW: ["attack 01"]})
    s = s.initial()
    opts = {str(a) for a in s.legal_actions()}
    assert "use Will power: yellow at yellow 3" in opts
    assert {f"use Will power: {c} at {c} {i}" for c in ("blue", "yellow") for i in range(1, 6)} <= opts  # every other player's
    drive(s, ["use Will power: yellow at yellow 3"])
    assert s.last_result["defender"] == YELLOW and s.last_result["target"] == "yellow 3"


def test_zombie_ships_never_go_to_the_warp():
    script = ["aim at blue 1"]
    s, base = both("Zombie", BLUE, script, hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    assert base.warp[BLUE] == 4 and s.warp[BLUE] == 0
    assert sum(s.ships[BLUE::3]) == 20


def test_zombie_super_brings_each_ally_a_ship_from_the_warp_on_either_side():
    # super flare, as a main player once alliances are formed: each ally of its side with
    # ships in the warp adds one to the encounter
    for zombie, side, invite, totals in ((RED, "offense", ["invite yellow", "invite nobody"], (13, 14)),
                                         (BLUE, "defense", ["invite nobody", "invite yellow"], (11, 16))):
        script = ["aim at blue 1", "ship from red 1", "done"] + invite + [f"join {side}", "ship from yellow 1", "done",
                                                                         "!play Zombie flare (super)"]
        hands = {RED: ["attack 10"], BLUE: ["attack 10"]}
        hands[zombie] = hands[zombie] + ["Zombie flare"]
        s, base = with_flare("Zombie", script, aliens=trio("Zombie", zombie), warp={YELLOW: 2}, hands=hands)
        assert s.last_result["totals"] == totals, side
        lost = 1 if side == "defense" else 0  # the offense lost: yellow's ships went to the warp
        assert base.last_result["totals"][lost] == totals[lost] - 1, side
        assert s.warp[YELLOW] == (1 if side == "defense" else 3) and base.warp[YELLOW] == (2 if side == "defense" else 3)


def test_zombie_super_ships_from_the_warp_return_home_not_to_a_colony_elsewhere():
    # a defensive ally's ship brought from the warp came from no planet: after the win it
    # goes home (yellow 1 here), not to the ally's colony on another planet (red 2)
    script = ["aim at blue 1", "ship from red 1", "done", "invite nobody", "invite yellow", "join defense",
              "ship from yellow 1", "done", "!play Zombie flare (super)"]
    s, _ = with_flare("Zombie", script, aliens=trio("Zombie", BLUE), warp={YELLOW: 2}, ships={(YELLOW, "red 2"): 1},
                      hands={RED: ["attack 10"], BLUE: ["attack 10", "Zombie flare"]})
    assert s.last_result["outcome"] == "defense" and s.warp[YELLOW] == 1
    assert ships_on(s, YELLOW, "red 2") == 1 and sum(s.ships[YELLOW::3]) == 19


# ------------------------------------------------------------------ flares
def flares(*aliens: str) -> cosmic.Rules:
    """Rules with flares whose pool holds exactly ``aliens`` (so their flares are in the
    deck)."""
    return cosmic.Rules(alien_pool=tuple(aliens))


def test_flare_wild_and_super_sides_and_once_per_encounter():
    # Zombie's flare: the Zombie owner plays the super side, another player the wild side
    s = arrange(aliens=["Zombie", "Will", "Oracle"], rules=flares("Zombie", "Will", "Oracle", "Macron"),
                hands={RED: ["attack 30", "Zombie flare"], BLUE: ["attack 01", "Macron flare"]})
    s = s.initial()
    plays = {str(a) for a in s.legal_actions()}
    assert not any("Zombie flare (super)" in p for p in plays)  # the super's timing is later
    t = arrange(aliens=["Oracle", "Zombie", "Trader"], rules=flares("Oracle", "Zombie", "Trader", "Macron"),
                hands={RED: ["attack 30", "Zombie flare", "Macron flare"], BLUE: ["attack 01", "attack 04"]})
    t = t.initial()
    plays = {str(a) for a in t.legal_actions()}
    assert "play Zombie flare (wild)" in plays
    t.apply("play Zombie flare (wild)")
    # one flare per player per encounter: the Macron flare is not offered any more
    assert not any(a.kind == "flare" for a in t.legal_actions())
    assert "Zombie flare" in t.hand_names(RED)  # it returns to the hand


def test_zombie_wild_saves_one_ship():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Zombie"),
                hands={RED: ["attack 30"], BLUE: ["attack 01", "attack 04", "Zombie flare"]})
    drive(s, ["play Zombie flare (wild)", "aim at blue 1", "select attack 01"])
    assert s.warp[BLUE] == 3


def test_pacifist_wild_negotiate_becomes_attack_15():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Pacifist"),
                hands={RED: ["attack 12"], BLUE: ["negotiate", "attack 01", "Pacifist flare"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select negotiate", "play Pacifist flare (wild)"])
    assert s.last_result["totals"] == (13, 19) and s.last_result["outcome"] == "defense"


def test_loser_wild_both_sides_lose():
    # FFG: declared "before encounter cards are selected" (the planning window)
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Loser"),
                hands={RED: ["attack 30", "attack 20"], BLUE: ["attack 01", "Loser flare"]}, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "select attack 30", "select attack 01"],
          until=lambda s: s.phase == "window" and s.tasks[0][1] == "after_selection" and s.current_player == BLUE)
    assert s.current_player == BLUE and {str(a) for a in s.legal_actions()} == {"pass"}  # too late now
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Loser"),
                hands={RED: ["attack 30", "attack 20"], BLUE: ["attack 01", "Loser flare"]})
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "play Loser flare (wild)",
              "select attack 30"])
    assert s.last_result["outcome"] == "both lose" and s.warp[RED] == 2 and s.warp[BLUE] == 4
    # before issue 13 it was offered after the selection
    old = arrange(aliens=["Will", "Oracle", "Trader"],
                  rules=cosmic.Rules(alien_pool=("Will", "Oracle", "Trader", "Loser"), before_issue_13=True),
                  hands={RED: ["attack 30", "attack 20"], BLUE: ["attack 01", "Loser flare"]})
    drive(old, ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "select attack 30",
                "play Loser flare (wild)"])
    assert old.last_result["outcome"] == "both lose"


def test_loser_upset_makes_both_main_players_play_attacks():
    # Loser (FFG): once the upset is declared, both main players must play attack cards
    # if they can; the lower total then wins
    kw = dict(aliens=trio("Loser", RED), hands={RED: ["attack 01", "negotiate"], BLUE: ["attack 20", "negotiate"]})
    upset = ["aim at blue 1", "ship from red 1", "done", "use Loser power"]
    s = arrange(**kw)
    drive(s, upset)
    assert s.last_result["cards"] == ("attack", "attack") and s.last_result["outcome"] == "offense"
    assert s.hand_names(RED) == ["negotiate"] and s.hand_names(BLUE) == ["negotiate"]
    s = arrange(**kw)
    with pytest.raises(AssertionError, match="select negotiate"):
        drive(s, upset + ["select negotiate"])  # never legal while an attack is held
    # a player without attack cards plays what it has
    t = arrange(aliens=trio("Loser", RED), hands={RED: ["attack 01"], BLUE: ["negotiate", "attack 09"]})
    drive(t, upset)
    assert t.last_result["cards"] == ("attack", "attack")
    t = arrange(aliens=trio("Loser", RED), hands={RED: ["attack 01"], BLUE: ["negotiate", "morph"]})
    drive(t, upset + ["select negotiate"])
    assert t.last_result["cards"] == ("attack", "negotiate") and t.last_result["outcome"] == "defense"
    # before issue 13 the upset did not constrain the selection
    old = arrange(**kw, rules=cosmic.Rules(flares=False, before_issue_13=True))
    drive(old, upset + ["select negotiate", "select negotiate"])
    assert old.last_result["outcome"] in ("deal_made", "deal_failed")


def test_barbarian_wild_discards_only_as_many_cards_as_were_received():
    # Barbarian's wild flare: discard unwanted cards received as compensation or rewards;
    # the engine checks their number (which cards they were is hidden from the others)
    kw = dict(aliens=["Will", "Oracle", "Trader"],
              hands={RED: ["attack 20", "attack 04", "attack 06"], BLUE: ["negotiate", "attack 01", "Barbarian flare"]})
    s = arrange(rules=flares("Will", "Oracle", "Trader", "Barbarian"), **kw)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 20", "select negotiate",
              "play Barbarian flare (wild)"], until=lambda s: s.phase == "power")
    assert s.received(BLUE) == 2 and len(s.hands[BLUE]) == 4  # compensation: red's two other cards
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("Barbarian: discard attack")))
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("Barbarian: discard attack")))
    assert len(s.hands[BLUE]) == 2 and not (s.phase == "power" and s.tasks[0][2] == "Barbarian")
    # without compensation or rewards the flare is not offered; before issue 13 it was
    t = arrange(rules=flares("Will", "Oracle", "Trader", "Barbarian"), **dict(kw, hands={
        RED: ["attack 20", "attack 05"], BLUE: ["attack 01", "attack 04", "Barbarian flare"]}))
    drive(t, ["aim at blue 1", "ship from red 1", "done", "select attack 20", "select attack 01"],
          until=lambda s: s.stage == "end of encounter" or (s.phase == "window" and s.tasks[0][1] == "cleanup"
                                                            and s.current_player == BLUE))
    assert "play Barbarian flare (wild)" not in {str(a) for a in t.legal_actions()}
    old = arrange(rules=cosmic.Rules(alien_pool=("Will", "Oracle", "Trader", "Barbarian"), before_issue_13=True),
                  **dict(kw, hands={RED: ["attack 20", "attack 05"], BLUE: ["attack 01", "attack 04", "Barbarian flare"]}))
    drive(old, ["aim at blue 1", "ship from red 1", "done", "select attack 20", "select attack 01",
                "play Barbarian flare (wild)", "Barbarian: discard attack 04", "Barbarian: stop"])
    assert old.hand_names(BLUE) == ["Barbarian flare"]


def test_a_vulch_discarding_through_barbarian_wild_flare_does_not_collect_its_own_artifact():
    # Vulch collects the artifacts *other* players discard: blue, the Vulch, discards the Ionic
    # Gas it received as compensation through Barbarian's wild flare, and it stays discarded
    s = arrange(aliens=["Will", "Vulch", "Trader"], rules=flares("Will", "Vulch", "Trader", "Barbarian"),
                hands={RED: ["attack 20", "Ionic Gas", "attack 06"], BLUE: ["negotiate", "attack 01", "Barbarian flare"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 20", "select negotiate",
              "play Barbarian flare (wild)", "Barbarian: discard Ionic Gas", "Barbarian: stop"])
    assert s.hand_names(BLUE) == ["Barbarian flare", "attack 01", "attack 06"]
    assert "Ionic Gas" in [s.t.name[c] for c in s.discard]


def test_card_zap_discards_the_flare():
    # Card Zap: the cancelled flare is discarded (not returned to its owner's hand), and
    # it still counts as that player's flare of the encounter
    kw = dict(aliens=["Oracle", "Zombie", "Trader"],
              hands={RED: ["attack 30", "Zombie flare", "Macron flare"], BLUE: ["attack 01", "Card Zap"]})
    s = arrange(rules=flares("Oracle", "Zombie", "Trader", "Macron"), **kw)
    s.apply("play Zombie flare (wild)")
    drive(s, ["play Card Zap"], until=lambda s: "Card Zap" not in s.hand_names(BLUE))
    assert s.hand_names(RED) == ["Macron flare", "attack 30"]
    assert "Zombie flare" in [s.t.name[c] for c in s.discard]
    assert not any(a.kind == "flare" for a in s.legal_actions() if s.current_player == RED)
    old = arrange(rules=cosmic.Rules(alien_pool=("Oracle", "Zombie", "Trader", "Macron"), before_issue_13=True), **kw)
    old.apply("play Zombie flare (wild)")
    drive(old, ["play Card Zap"], until=lambda s: "Card Zap" not in s.hand_names(BLUE))
    assert "Zombie flare" in old.hand_names(RED)


def test_oracle_super_cancels_the_encounter():
    s = arrange(aliens=["Oracle", "Will", "Trader"], rules=flares("Oracle", "Will", "Trader"),
                hands={RED: ["attack 01", "attack 04", "Oracle flare"], BLUE: ["attack 30", "attack 20"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Oracle power", "select attack 30",
              "select attack 01", "play Oracle flare (super)"])
    assert s.last_result["outcome"] == "cancelled" and s.warp[RED] == 0 and s.phase == "second"
    # a Warrior defending takes one token for a cancelled encounter (the 2009 FAQ: as for a deal)
    w = arrange(aliens=["Oracle", "Warrior", "Trader"], rules=flares("Oracle", "Warrior", "Trader"),
                hands={RED: ["attack 01", "attack 04", "Oracle flare"], BLUE: ["attack 30", "attack 20"]})
    drive(w, ["aim at blue 1", "ship from red 1", "done", "use Oracle power", "select attack 30",
              "select attack 01", "play Oracle flare (super)"])
    assert w.last_result["outcome"] == "cancelled" and w.tokens == [0, 1, 0]


def test_spiff_wild_keeps_one_ship_on_defense():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Spiff"),
                hands={RED: ["attack 30"], BLUE: ["attack 01", "Spiff flare"]})
    drive(s, ["aim at blue 1", "play Spiff flare (wild)"])
    assert s.last_result["outcome"] == "offense" and ships_on(s, BLUE, "blue 1") == 1 and s.warp[BLUE] == 3


def test_trader_super_trades_with_any_player():
    s = arrange(aliens=["Trader", "Will", "Oracle"], rules=flares("Trader", "Will", "Oracle"),
                hands={RED: ["attack 01", "Trader flare"], BLUE: ["attack 20"], YELLOW: ["attack 40", "morph"]})
    drive(s, ["aim at blue 1", "play Trader flare (super): yellow", "select attack 40"])
    assert s.last_result["outcome"] == "offense" and s.hand_names(YELLOW) == ["attack 01"]
    # the flare, in use, is not part of the trade: it returns to red's hand, as everybody saw
    assert s.hand_names(RED) == ["Trader flare", "morph"]
    assert [(s.t.name[c], seat) for c, seat in s.shown] == [("Trader flare", RED)]


def test_trader_super_only_as_a_main_player():
    # the super flare stretches the power, a main player's: an uninvolved Trader may not
    kw = dict(aliens=["Will", "Oracle", "Trader"], hands={RED: ["attack 01", "attack 04"], BLUE: ["attack 20"],
                                                          YELLOW: ["attack 40", "Trader flare"]}, ask_everyone=True)
    s = arrange(rules=flares("Trader", "Will", "Oracle"), **kw)
    drive(s, ["aim at blue 1"], until=lambda s: s.phase == "window" and s.tasks[0][1] == "planning"
          and s.current_player == YELLOW)
    assert not any(str(a).startswith("play Trader flare (super)") for a in s.legal_actions())
    old = arrange(rules=cosmic.Rules(alien_pool=("Trader", "Will", "Oracle"), before_issue_13=True), **kw)
    drive(old, ["aim at blue 1"], until=lambda s: s.phase == "window" and s.tasks[0][1] == "planning"
          and s.current_player == YELLOW)
    assert "play Trader flare (super): red" in {str(a) for a in old.legal_actions()}


def test_parasite_wild_when_someone_loses_their_power():
    # "when someone loses their power": offered in the encounter where a power is lost
    kw = dict(aliens=["Will", "Oracle", "Trader"], hands={RED: ["attack 30", "attack 04"],
                                                          BLUE: ["attack 01", "attack 05"],
                                                          YELLOW: ["attack 06", "Parasite flare"]},
              ships={(BLUE, "blue 4"): 0, (BLUE, "blue 5"): 0}, ask_everyone=True)
    s = arrange(rules=flares("Will", "Oracle", "Trader", "Parasite"), **kw)
    drive(s, [], until=lambda s: s.current_player == YELLOW)  # yellow's first window
    assert s.power_active(BLUE) and not any("Parasite" in str(a) for a in s.legal_actions())
    drive(s, ["aim at blue 1", "select attack 30", "select attack 01"],
          until=lambda s: s.phase == "window" and s.tasks[0][1] == "cleanup" and s.current_player == YELLOW)
    assert not s.power_active(BLUE) and s.last_result is None
    assert "play Parasite flare (wild): blue 1" in {str(a) for a in s.legal_actions()}
    # a player already without its power when the encounter starts is not "losing" it now
    t = arrange(rules=flares("Will", "Oracle", "Trader", "Parasite"),
                **dict(kw, ships={(BLUE, "blue 3"): 0, (BLUE, "blue 4"): 0, (BLUE, "blue 5"): 0}))
    assert not t.power_active(BLUE) and t.current_player == RED
    drive(t, [], until=lambda s: s.current_player == YELLOW)
    assert not any("Parasite" in str(a) for a in t.legal_actions())
    old = arrange(rules=cosmic.Rules(alien_pool=("Will", "Oracle", "Trader", "Parasite"), before_issue_13=True),
                  **dict(kw, ships={(BLUE, "blue 3"): 0, (BLUE, "blue 4"): 0, (BLUE, "blue 5"): 0}))
    drive(old, [], until=lambda s: s.current_player == YELLOW)
    assert "play Parasite flare (wild): blue 3" in {str(a) for a in old.legal_actions()}


def test_will_super_peeks_at_a_hand():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader"),
                hands={RED: ["attack 30", "Will flare"], BLUE: ["attack 01"], YELLOW: ["attack 12"]})
    s = s.initial()
    s.apply("play Will flare (super): yellow")
    assert s.observation(RED)["peeked_hands"] == {"yellow": ["attack 12"]}
    assert s.observation(BLUE)["peeked_hands"] == {}


def test_super_needs_the_power():
    s = arrange(aliens=["Zombie", "Will", "Oracle"], rules=flares("Zombie", "Will", "Oracle"),
                hands={RED: ["attack 30", "Zombie flare"], BLUE: ["attack 01"]},
                ships={(RED, "red 1"): 0, (RED, "red 2"): 0, (RED, "red 3"): 0})
    assert not s.power_active(RED)
    s = s.initial()
    # the owner without its power may play the wild side (REFERENCE)
    assert "play Zombie flare (wild)" in {str(a) for a in s.legal_actions()}


def test_filch_wild_steals_an_artifact_as_it_is_played():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Filch"),
                hands={RED: ["attack 10", "Plague"], BLUE: ["attack 04"], YELLOW: ["negotiate", "Filch flare"]})
    s.apply("play Plague on blue")
    assert s.phase == "zap" and s.current_player == YELLOW
    assert {str(a) for a in s.legal_actions()} == {"play Filch flare (wild)", "pass"}
    s.apply("play Filch flare (wild)")
    assert s.warp[BLUE] == 0  # the Plague did nothing
    assert s.hand_names(YELLOW) == ["Filch flare", "Plague"]
    # until the encounter ends, the flare counts as played (no flare twice in one
    # encounter), and the board's list of what is in play says by whom
    assert "Filch flare played by yellow" in effects_text(s)


def test_warrior_wild_strikes_back_at_once():
    s = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Warrior"),
                hands={RED: ["attack 30", "attack 20"], BLUE: ["attack 01", "attack 40", "Warrior flare"]})
    drive(s, ["aim at blue 1", "select attack 30", "select attack 01", "play Warrior flare (wild)"],
          until=lambda s: s.offense == BLUE)
    assert s.offense == BLUE and s.turn_player == RED  # blue's counter-encounter, still red's turn
    drive(s, ["aim at red 2"])
    assert s.last_result["offense"] == BLUE and s.last_result["target"] == "red 2"
    assert s.last_result["outcome"] == "offense" and s.foreign_colonies(BLUE) == 1
    # then red's turn resumes: it won its first encounter, so it may have a second
    assert s.phase == "second" and s.current_player == RED


def test_miser_wild_protects_cards_from_compensation():
    kw = dict(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Miser"),
              hands={RED: ["attack 20", "attack 30", "attack 40", "Miser flare"], BLUE: ["negotiate"]})
    s = arrange(**kw)
    drive(s, ["aim at blue 1", "play Miser flare (wild)", "Miser: protect attack 30", "Miser: protect attack 40",
              "select attack 20"])
    assert s.last_result["outcome"] == "offense" and s.hand_names(BLUE) == []
    base = arrange(**kw)
    drive(base, ["aim at blue 1", "select attack 20"])
    assert len(base.hands[BLUE]) == 3


def test_hacker_wild_flare_keeps_its_players_hand_out_of_the_hackers_compensation():
    """Hacker's wild flare ("no compensation from you"): the Hacker, choosing its compensation
    from any hand, is not offered the flare player's cards."""
    s, base = with_flare("Hacker", ["aim at blue 1", "ship from red 1", "done", "!play Hacker flare (wild)"],
                         aliens=trio("Hacker", RED),
                         hands={RED: ["negotiate"], BLUE: ["attack 04", "attack 05", "Hacker flare"], YELLOW: ["attack 40"]})
    took = [str(a) for a in s.log if str(a).startswith("Hacker: take")]
    assert took == ["Hacker: take attack 40 from yellow"] and s.hand_names(RED) == ["attack 40"]
    # without the flare the blue hand is offered first (the default takes from it)
    assert [str(a) for a in base.log if str(a).startswith("Hacker: take")] == ["Hacker: take Hacker flare from blue"]


def test_sorcerer_wild_flare_goes_to_the_sorcerer_and_nothing_else_does():
    """Sorcerer's wild flare swaps the main players' aliens; played by another player while
    the Sorcerer is in the game, the flare (only it) goes to the Sorcerer's hand."""
    aliens = ["Will", "Oracle", "Sorcerer"]
    s = arrange(aliens=aliens, rules=flares(*aliens),
                hands={RED: ["attack 20", "Sorcerer flare"], BLUE: ["attack 04"], YELLOW: ["attack 10"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "play Sorcerer flare (wild)"],
          until=logged("play Sorcerer flare (wild)"))
    assert s.alien == ["Oracle", "Will", "Sorcerer"]
    assert s.hand_names(RED) == ["attack 20"] and s.hand_names(YELLOW) == ["Sorcerer flare", "attack 10"]
