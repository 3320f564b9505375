"""Cosmic Encounter engine without powers: set-up, each phase, deals, artifacts, the end."""

import json
import random
from collections import Counter

import pytest

from ovnilab import IllegalAction, SaveFormatError, cosmic
from ovnilab.cosmic import rules as R

from . import BLUE, GREEN, RED, YELLOW, arrange, default_action, drive, load, ships_on

NOPOW = cosmic.Rules(powers=False, flares=False)


# ----------------------------------------------------------------- set-up
@pytest.mark.parametrize("n,destiny", [(3, 14), (4, 17), (5, 20)])
def test_setup(n, destiny):
    s = cosmic.new_game(n, seed=3, rules=NOPOW)
    assert all(ships_on(s, p, f"{s.colours[p]} {k}") == 4 for p in range(n) for k in range(1, 6))
    assert s.warp == [0] * n and s.gate == [0] * n
    # rulebook: destiny deck without the unused colours
    assert len(s.ddeck) + len(s.ddiscard) == destiny
    assert all(len(h) == 8 for h in s.hands)
    assert len(s.cards_in_game) == 72
    R.check_invariants(s)


def test_deck_composition_from_reference():
    g = cosmic.load_data()
    names = Counter(g.faces[f].name for f in g.card_face[: g.deck_size])
    assert g.deck_size == 72
    assert sum(v for k, v in names.items() if k.startswith("attack")) == 39
    assert names["negotiate"] == 15 and names["morph"] == 1
    assert names["attack 06"] == names["attack 08"] == 7 and names["attack 04"] == names["attack 10"] == 4
    assert sum(v for k, v in names.items() if k.startswith("reinforcement")) == 6
    assert names["Card Zap"] == names["Cosmic Zap"] == names["Mobius Tubes"] == 2
    assert sum(names[a] for a in g.artifacts) == 11


@pytest.mark.parametrize("n", [3, 4, 5])
def test_flares_two_per_player_topped_up_to_ten(n):
    s = cosmic.new_game(n, seed=5)
    assert len(s.flare_aliens) == 10
    dealt = {a for offer in s.offers for a in offer}
    assert len(dealt) == 2 * n and dealt <= set(s.flare_aliens)
    assert len(s.cards_in_game) == 82


def test_alien_choice_is_an_action_and_hidden_until_all_chose():
    s = cosmic.new_game(3, seed=2)
    assert s.phase == "alien" and s.current_player == 0
    assert {str(a) for a in s.legal_actions()} == {f"choose alien {a}" for a in s.offers[0]}
    assert all(len(h) == 0 for h in s.hands)  # hands come after the choice
    s.apply(s.legal_actions()[1])
    assert s.observation(1)["aliens"] == [None, None, None]
    assert s.observation(0)["aliens"][0] == s.offers[0][1]
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.observation(1)["aliens"] == [s.offers[0][1], s.offers[1][0], s.offers[2][0]]
    assert all(len(h) == 8 for h in s.hands)


def test_forced_aliens_and_rule_switches():
    s = cosmic.new_game(3, seed=1, aliens=["Zombie", "Will", "Trader"])
    assert s.alien == ["Zombie", "Will", "Trader"] and s.phase != "alien"
    assert {"Zombie", "Will", "Trader"} <= set(s.flare_aliens)
    s = cosmic.new_game(3, seed=1, rules=cosmic.Rules(flares=False))
    assert s.flare_aliens == () and len(s.cards_in_game) == 72
    s = cosmic.new_game(4, seed=1, rules=cosmic.Rules(powers=False))
    assert s.alien == [None] * 4 and len(s.flare_aliens) == 10
    # each refusal names the argument and the rule, in these words
    with pytest.raises(ValueError, match=r"^aliens=: 'Nobody' is not an implemented alien; choose from \["):
        cosmic.new_game(3, aliens=["Zombie", "Will", "Nobody"])
    with pytest.raises(ValueError, match=r"^aliens=: each alien is dealt once$"):
        cosmic.new_game(3, aliens=["Zombie", "Zombie", "Will"])


@pytest.mark.parametrize("make,words", [
    (lambda: cosmic.new_game(6), "Cosmic Encounter is played here by 3, 4 or 5 players, not 6"),
    (lambda: cosmic.new_game(True), "Cosmic Encounter is played here by 3, 4 or 5 players, not True"),
    (lambda: cosmic.new_game("4"), "Cosmic Encounter is played here by 3, 4 or 5 players, not '4'"),
    (lambda: cosmic.new_game(3, rules=cosmic.Rules(powers=False), aliens=["Zombie", "Will", "Trader"]),
     "aliens= needs Rules(powers=True)"),
    (lambda: cosmic.new_game(3, aliens=["Zombie", "Will"]), "aliens= must name one alien per player (3), got 2"),
    (lambda: cosmic.new_game(3, aliens=["Gambler", "Sorcerer", "Will"]),
     "aliens=: Gambler and Sorcerer are never dealt in the same game (the sheet says so)"),
    # six aliens to deal from a pool of six, two of which never share a game
    (lambda: cosmic.new_game(3, rules=cosmic.Rules(alien_choices=2, alien_pool=(
        "Zombie", "Will", "Trader", "Oracle", "Gambler", "Sorcerer"))),
     "3 players x 2 aliens need 6 aliens that may share a game; the pool has 5"),
    # rule options each valid alone, refused together: both named (a RulesError)
    (lambda: cosmic.new_game(3, rules=cosmic.Rules(alien_pool=("Zombie", "Will", "Trader", "Oracle", "Virus"))),
     "Rules.alien_choices: 3 players x 2 aliens need 6 aliens to deal; "
     "Rules.alien_pool: the alien pool chosen gives 5 aliens"),
], ids=["six players", "a bool", "a string", "aliens without powers", "too few aliens", "excluded pair",
        "pool short of shareable aliens", "pool too small"])
def test_each_refusal_of_a_new_game_in_its_words(make, words):
    """Issue 38: a refusal names the argument (or rule option) and the rule, read whole."""
    with pytest.raises(ValueError) as err:
        make()
    assert str(err.value) == words


def test_each_refusal_of_a_seat_or_planet_in_its_words():
    """A seat that is not in the game, for the view, a determinization or a public record,
    and a planet name that is not one: each refusal names the seats or planets there are."""
    g = cosmic.new_game(4, seed=1)
    for ask, words in [(lambda: g.observation(4), "seat must be 0..3, got 4"),
                       (lambda: g.observation("0"), "seat must be 0..3, got '0'"),
                       (lambda: g.determinize(4, random.Random(0)), "seat must be 0..3, got 4"),
                       (lambda: g.determinize(True, random.Random(0)), "seat must be 0..3, got True"),
                       (lambda: g.to_json(viewer=4), "viewer must be a seat 0..3 (or None for the save), got 4"),
                       (lambda: g.to_json(viewer=True), "viewer must be a seat 0..3 (or None for the save), got True"),
                       (lambda: g.planet("blue 9"), "no planet 'blue 9' in this game: its planets are red, blue, "
                                                    "yellow, green 1 to 5 (named like 'red 1')")]:
        with pytest.raises(ValueError) as err:
            ask()
        assert str(err.value) == words


def test_first_player_comes_from_a_colour_of_the_destiny_deck():
    firsts = {cosmic.new_game(4, seed=k, rules=NOPOW).offense for k in range(40)}
    assert firsts == {0, 1, 2, 3}


# ----------------------------------------------------------------- a turn
def test_new_hand_at_turn_start_without_encounter_cards():
    s = arrange(hands={RED: ["Ionic Gas", "reinforcement +2"], BLUE: ["attack 04"]})
    assert len(s.hands[RED]) == 8  # rulebook: discarded and drew eight
    assert any(s.t.is_enc[c] for c in s.hands[RED])
    assert {s.t.name[c] for c in s.discard} >= {"Ionic Gas", "reinforcement +2"}


def test_regroup_to_a_colony_of_choice():
    s = cosmic.new_game(3, seed=11, rules=NOPOW)
    # take the offense's ships to the warp and restart its turn
    off = s.offense
    s.warp[off] += 3
    s.ships[(5 * off) * 3 + off] -= 3
    s.flow = R.IDX_TURN_START
    s.tasks = []
    s.turn_player = off
    s._run()
    drive(s, until=lambda s: s.phase != "window")  # the regroup window: everybody passes
    assert s.phase == "regroup" and s.current_player == off
    s.apply(f"regroup to {s.colours[off]} 4")
    assert s.warp[off] == 2 and ships_on(s, off, f"{s.colours[off]} 4") == 5


def test_regroup_without_colonies_goes_to_the_gate():
    s = cosmic.new_game(3, seed=11, rules=NOPOW)
    off = s.offense
    for p in range(15):
        s.warp[off] += s.ships[p * 3 + off]
        s.ships[p * 3 + off] = 0
    s.flow = R.IDX_TURN_START
    s.tasks = []
    s.turn_player = off
    s._run()
    drive(s, until=lambda s: s.phase != "window")  # the regroup window: everybody passes
    assert s.gate[off] == 1 and s.gate_from[off] == [-1]
    R.check_invariants(s)


def test_own_colour_choices():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]}, destiny=RED,
                ships={(BLUE, "red 2"): 2, (RED, "red 5"): 0})
    opts = {str(a) for a in s.legal_actions()}
    assert opts == {"draw again", "encounter blue at home", "reestablish red 5"}
    s.apply("encounter blue at home")
    assert s.defender == BLUE and s.target == s.planet("red 2")  # the only planet with blue
    drive(s, ["ship from red 1", "done"])
    assert s.last_result["outcome"] == "offense"
    assert ships_on(s, BLUE, "red 2") == 0 and s.warp[BLUE] == 2


def test_reestablish_counts_as_a_successful_encounter():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]}, destiny=RED, ships={(RED, "red 5"): 0})
    s.apply("reestablish red 5")
    s.apply("ship from red 1")
    s.apply("ship from red 2")
    s.apply("done")
    assert ships_on(s, RED, "red 5") == 2
    assert s.phase == "second"  # rulebook: counts as a successful encounter
    assert s.last_result["outcome"] == "reestablished"  # what the log and the board say of it


def test_wild_lets_the_offense_choose_the_defender():
    s = arrange(hands={RED: ["attack 10"], YELLOW: ["attack 04"]}, destiny=R.WILD)
    assert {str(a) for a in s.legal_actions()} == {"choose defender blue", "choose defender yellow"}
    s.apply("choose defender yellow")
    assert s.defender == YELLOW and s.phase == "aim"


def test_special_most_cards_in_hand():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"], YELLOW: ["attack 06", "attack 08"]},
                destiny=R.SPECIAL + 1)  # "most cards in hand"
    assert s.defender == YELLOW


def test_destiny_reshuffles_when_one_card_is_left():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]})
    s2 = s.clone()
    s2.ddiscard += s2.ddeck[:-1]
    s2.ddeck = s2.ddeck[-1:]
    s2.flow = R.IDX_DESTINY
    s2.tasks = []
    s2._draw_destiny()
    assert len(s2.ddeck) == 13 and len(s2.ddiscard) == 1


# ----------------------------------------------------------------- launch and alliance
def test_launch_one_to_four_and_the_last_ship_of_a_colony():
    # rulebook: "careful not to take every ship off a colony, or you lose it": the last
    # ship may leave and the colony is lost (issue 13)
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]}, ships={(RED, "red 1"): 1})
    s.apply("aim at blue 2")
    opts = {str(a) for a in s.legal_actions()}
    assert "ship from red 1" in opts and "done" not in opts  # at least one ship
    s.apply("ship from red 1")
    assert not s.colony(RED, s.planet("red 1")) and s.home_colonies(RED) == 4
    for _ in range(3):
        s.apply("ship from red 2")
    assert s.gate[RED] == 4 and s.phase != "ships"  # at most four
    # the colony stays lost: the encounter over (red wins 14 to 4+4), red 1 is empty
    drive(s)
    assert s.last_result["outcome"] == "offense" and ships_on(s, RED, "red 1") == 0
    assert ships_on(s, RED, "blue 2") == 4 and s.foreign_colonies(RED) == 1
    # the earlier reading, an option: a launch keeps one ship on each colony
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]}, ships={(RED, "red 1"): 1},
                rules=cosmic.Rules(powers=False, flares=False, may_abandon_colonies=False))
    s.apply("aim at blue 2")
    assert "ship from red 1" not in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalAction, match="keeps at least one ship"):
        s.apply("ship from red 1")


def test_allies_and_deals_may_take_the_last_ship_of_a_colony():
    # issue 13: sending an ally's last ship from a colony loses that colony
    s = arrange(n=4, hands={RED: ["attack 10"], BLUE: ["attack 04"]}, ships={(YELLOW, "yellow 1"): 1})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "join offense"],
          until=lambda s: s.phase == "ships")
    s.apply("ship from yellow 1")
    assert s.gate[YELLOW] == 1 and not s.colony(YELLOW, s.planet("yellow 1"))
    assert s.home_colonies(YELLOW) == 4
    drive(s)
    # yellow's ship lands on blue 1; the ship returns nowhere near yellow 1, which stays lost
    assert ships_on(s, YELLOW, "blue 1") == 1 and ships_on(s, YELLOW, "yellow 1") == 0


def test_alliance_invitations_answers_and_totals():
    s = arrange(n=4, hands={RED: ["attack 10", "attack 01"], BLUE: ["attack 08"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "invite")
    assert {str(a) for a in s.legal_actions()} == {"invite nobody", "invite yellow", "invite green",
                                                    "invite yellow+green"}
    s.apply("invite yellow")
    assert s.current_player == BLUE
    s.apply("invite yellow+green")
    # rulebook: answers in order from the offense's left (blue is the defense)
    assert s.current_player == YELLOW
    assert {str(a) for a in s.legal_actions()} == {"join offense", "join defense", "decline"}
    s.apply("join offense")
    for _ in range(3):
        s.apply("ship from yellow 1")
    s.apply("done")
    assert s.current_player == GREEN
    assert {str(a) for a in s.legal_actions()} == {"join defense", "decline"}
    s.apply("join defense")
    s.apply("ship from green 1")
    s.apply("done")
    assert s.allies == [[YELLOW], [GREEN]] and s.gate[YELLOW] == 3 and s.side[GREEN] == 1
    drive(s, ["select attack 10"])
    # 10 + 1 + 3 = 14 against 8 + 4 + 1 = 13: the offense and its ally land
    assert s.last_result["totals"] == (14, 13) and s.last_result["outcome"] == "offense"
    assert ships_on(s, RED, "blue 1") == 1 and ships_on(s, YELLOW, "blue 1") == 3
    assert s.foreign_colonies(YELLOW) == 1
    assert s.warp[BLUE] == 4 and s.warp[GREEN] == 1


def test_ties_go_to_the_defense_and_allies_get_rewards():
    s = arrange(n=4, hands={RED: ["attack 11"], BLUE: ["attack 08"]})
    hand = len(s.hands[GREEN])
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "invite nobody",
              "invite green", "join defense", "ship from green 1", "done"])
    # 11 + 2 = 13 against 8 + 4 + 1 (green) = 13: a tie goes to the defense
    assert s.last_result["totals"] == (13, 13) and s.last_result["outcome"] == "defense"
    assert s.warp[RED] == 2 and ships_on(s, GREEN, "green 1") == 4
    assert len(s.hands[GREEN]) == hand + 1  # no ship in the warp: the reward is a card


def test_reward_mix_of_cards_and_ships():
    s = arrange(n=4, hands={RED: ["attack 00"], BLUE: ["attack 08"]}, warp={GREEN: 3})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "invite nobody", "invite green", "join defense",
              "ship from green 2", "ship from green 2", "done"],
          until=lambda s: s.phase == "reward")
    assert {str(a) for a in s.legal_actions()} == {"reward 2 cards and 0 ships", "reward 1 card and 1 ship",
                                                    "reward 0 cards and 2 ships"}
    s.apply("reward 1 card and 1 ship")
    assert s.phase == "place"
    s.apply("place ship on green 3")
    assert s.warp[GREEN] == 2 and ships_on(s, GREEN, "green 3") == 5


# ----------------------------------------------------------------- planning and reveal
def test_defense_without_encounter_card_draws_a_new_hand():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["Quash"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "invite nobody", "invite nobody"],
          until=lambda s: s.phase == "select" and s.current_player == BLUE)
    assert len(s.hands[BLUE]) == 8 and "Quash" in [s.t.name[c] for c in s.discard]


def test_defense_without_encounter_card_after_three_new_hands_ends_the_turn():
    # rulebook: a new hand again (at most three times) while it holds no encounter card; then
    # the encounter stops and the turn passes. Hands of two (Rules.hand_size) and six cards
    # of other kinds on top of the deck; the turn limit ends the game at the next turn's start,
    # so the board still tells why the last turn ended
    from ovnilab.cosmic.render.text import outcome_text

    s = arrange(hands={RED: ["attack 40", "attack 20"], BLUE: ["Quash"]},
                deck_top=["reinforcement +3", "reinforcement +3", "reinforcement +2", "reinforcement +2",
                          "reinforcement +5", "Mobius Tubes"],
                rules=cosmic.Rules(flares=False, powers=False, hand_size=2, turn_limit=1))
    drive(s, ["aim at blue 1", "ship from red 1"], until=lambda s: s.over)
    assert s.hand_names(BLUE) == ["Mobius Tubes", "reinforcement +5"] and s.gate[RED] == 0
    assert s.outcome == "no card" and s.win_reason.startswith("turn limit")
    assert outcome_text(s, True) == ("no card: the turn ends", "no encounter card: the turn ends")


def test_offense_without_encounter_card_loses_its_turn():
    s = arrange(hands={RED: ["attack 10", "negotiate"], BLUE: ["attack 04"], YELLOW: ["attack 05"]})
    s.discard += [c for c in s.hands[RED] if s.t.name[c] == "attack 10"]
    s.hands[RED] = [c for c in s.hands[RED] if s.t.name[c] != "attack 10"]
    s.hands[RED].append(s.deck.pop(s.deck.index(next(c for c in s.deck if s.t.name[c] == "Quash"))))
    neg = next(c for c in s.hands[RED] if s.t.name[c] == "negotiate")
    s.hands[RED].remove(neg)
    s.deck.append(neg)
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.turn_player != RED)
    assert s.turn_player == BLUE and s.gate[RED] == 0 and ships_on(s, RED, "red 1") == 4


def test_negotiate_loses_to_attack_and_takes_compensation():
    s = arrange(hands={RED: ["attack 10", "attack 20", "attack 30"], BLUE: ["negotiate"]})
    drive(s, ["aim at blue 1", "select attack 10"])
    assert s.last_result["outcome"] == "offense"
    # rulebook: one card of the winner's hand per ship lost (four ships, two cards left)
    assert len(s.hands[BLUE]) == 2 and len(s.hands[RED]) == 0
    assert s.warp[BLUE] == 4


def test_morph_copies_the_opponent_card():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["morph"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    # morph = attack 10: 10 + 1 against 10 + 4
    assert s.last_result["totals"] == (11, 14) and s.last_result["outcome"] == "defense"
    s = arrange(hands={RED: ["negotiate"], BLUE: ["morph"]})
    drive(s, ["aim at blue 1"], until=lambda s: s.phase == "deal")
    assert s.outcome == "deal"


def test_reinforcements_after_the_reveal():
    s = arrange(hands={RED: ["attack 08", "reinforcement +5"], BLUE: ["attack 10"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "reinforce")
    assert s.current_player == RED
    s.apply("reinforce offense with reinforcement +5")
    # 8 + 1 + 5 against 10 + 4: a tie, the defense wins
    assert s.last_result["totals"] == (14, 14) and s.last_result["outcome"] == "defense"


# ----------------------------------------------------------------- deals
def deal_state():
    s = arrange(hands={RED: ["negotiate", "attack 20", "attack 30"], BLUE: ["negotiate", "attack 40"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    return s


def test_the_deal_is_the_encounters_stage_in_every_seats_view():
    """While the main players negotiate, the stage every seat is shown (the board's step
    bar, a class page) is the deal, for both proposers and the onlookers."""
    s = deal_state()
    assert s.stage == "deal"
    assert {s.observation(seat)["stage"] for seat in range(s.num_players)} == {"deal"}
    s.apply("propose: red gives 1 card, blue gives 0 cards, red lands on blue 3, blue lands nowhere")
    assert s.current_player == BLUE and s.stage == "deal"


def test_deal_accepted_moves_cards_and_colonies():
    s = deal_state()
    assert s.gate[RED] == 0  # ships went home before negotiating
    s.apply("propose: red gives 1 card, blue gives 0 cards, red lands on blue 3, blue lands nowhere")
    assert s.current_player == BLUE
    s.apply("accept deal")
    drive(s, ["ship from red 2", "ship from red 2", "done"])
    assert ships_on(s, RED, "blue 3") == 2 and s.foreign_colonies(RED) == 1
    assert len(s.hands[BLUE]) == 2 and len(s.hands[RED]) == 1
    assert s.phase == "second"  # a deal counts as a success


def test_deal_givers_choose_their_cards_before_any_changes_hands():
    s = deal_state()  # red holds attack 20 + attack 30, blue holds attack 40 (negotiates revealed)
    s.apply("propose: red gives 1 card, blue gives 1 card, red lands nowhere, blue lands nowhere")
    s.apply("accept deal")
    # REFERENCE: cards change hands; the giver chooses which (the offense first)
    assert s.current_player == RED
    assert sorted(str(a) for a in s.legal_actions()) == ["give attack 20", "give attack 30"]
    s.apply("give attack 30")
    # blue's only card is given without a decision, then both hands change at once
    drive(s)
    assert s.hand_names(BLUE) == ["attack 30"] and s.hand_names(RED) == ["attack 20", "attack 40"]
    # the log shows the chosen card only to the giver
    give = s.log[-1] if s.log[-1].kind == "give" else next(a for a in reversed(s.log) if a.kind == "give")
    assert s.describe(give, viewer=BLUE, actor=RED) == "give a card"
    assert s.describe(give, viewer=RED, actor=RED) == "give attack 30"
    assert s.parse_action("give attack 30") == give


def test_deal_cards_random_option_draws_them():
    s = arrange(hands={RED: ["negotiate", "attack 20", "attack 30"], BLUE: ["negotiate", "attack 40"]},
                rules=cosmic.Rules(flares=False, powers=False, deal_cards="random"))
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    s.apply("propose: red gives 1 card, blue gives 0 cards, red lands nowhere, blue lands nowhere")
    # what the table knew of each hand before the exchange (a card seen going into it)
    s._note_shown(s.hands[BLUE][-1], BLUE)
    s._note_shown(s.hands[RED][-1], RED)
    s.apply("accept deal")
    assert not any(a.kind == "give" for a in s.legal_actions())
    assert len(s.hands[RED]) == 1 and len(s.hands[BLUE]) == 2
    # red's card went unseen, so nothing known of red's hand holds; blue gave none, so
    # what was known of blue's hand still holds
    assert [seat for _, seat in s.shown] == [BLUE]
    with pytest.raises(ValueError, match="deal_cards"):
        cosmic.Rules(deal_cards="table talk")


def test_deal_counters_are_bounded_and_failure_costs_three_ships():
    s = deal_state()
    props = [a for a in s.legal_actions() if a.kind == "propose"]
    assert all(a.a[1] or a.b[1] or a.a[2] or a.b[2] for a in props)  # something changes hands
    for k in range(s.rules.deal_rounds):
        s.apply(props[0] if s.current_player == RED else
                next(a for a in s.legal_actions() if a.kind == "propose"))
    assert not any(a.kind == "propose" for a in s.legal_actions())
    assert {str(a) for a in s.legal_actions()} == {"accept deal", "reject deal"}
    s.apply("reject deal")
    drive(s)
    # rulebook: three ships of each main player go to the warp
    assert s.warp[RED] == 3 and s.warp[BLUE] == 3
    assert s.turn_player == BLUE  # no second encounter after a failed deal


# ----------------------------------------------------------------- artifacts
def test_mobius_tubes_frees_the_warp():
    s = arrange(hands={RED: ["attack 10", "Mobius Tubes"], BLUE: ["attack 04"]}, warp={BLUE: 2, YELLOW: 1})
    s = s.initial()
    assert s.phase == "window" and s.current_player == RED
    s.apply("play Mobius Tubes")
    drive(s, ["place ship on blue 2", "place ship on blue 3"], until=lambda s: s.phase == "aim")
    assert s.warp == [0, 0, 0] and ships_on(s, BLUE, "blue 2") == 5


def test_plague():
    s = arrange(hands={RED: ["attack 10", "Plague"], BLUE: ["attack 04", "attack 20", "negotiate"]})
    s.apply("play Plague on blue")
    drive(s, ["lose ship from blue 1", "lose ship from blue 1", "lose ship from blue 2"],
          until=lambda s: s.phase == "plague")
    assert s.warp[BLUE] == 3
    # REFERENCE: one card of each type; the victim chooses which attack it keeps
    assert s.current_player == BLUE
    assert [str(a) for a in s.legal_actions()] == ["discard attack 04", "discard attack 20"]
    s.apply("discard attack 20")
    assert s.phase == "aim"  # its only negotiate went without a decision
    assert s.hand_names(BLUE) == ["attack 04"]
    assert s.parse_action("discard attack 20").kind == "discard"


def test_force_field_sends_allies_home():
    s = arrange(n=4, hands={RED: ["attack 10"], BLUE: ["attack 04", "Force Field"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "join offense",
              "ship from yellow 1", "ship from yellow 1", "done", "play Force Field on yellow"],
          until=lambda s: s.phase == "select")
    assert s.allies[0] == [] and s.gate[YELLOW] == 0 and ships_on(s, YELLOW, "yellow 1") == 4


def test_emotion_control_turns_attacks_into_negotiates():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04", "Emotion Control"]})
    drive(s, ["aim at blue 1", "play Emotion Control"], until=lambda s: s.phase == "deal")
    assert s.kinds == (R.NEGOTIATE, R.NEGOTIATE)


def test_ionic_gas_stops_compensation():
    s = arrange(hands={RED: ["attack 10", "attack 20"], BLUE: ["negotiate", "Ionic Gas"]})
    drive(s, ["aim at blue 1", "play Ionic Gas"])
    assert s.last_result["outcome"] == "offense" and len(s.hands[RED]) == 1


def test_quash_cancels_a_deal():
    s = arrange(hands={RED: ["negotiate", "attack 20"], BLUE: ["negotiate", "attack 40"],
                       YELLOW: ["Quash", "attack 04"]})
    drive(s, ["aim at blue 1", "propose: red gives 1 card, blue gives 0 cards, red lands nowhere, blue lands nowhere",
              "accept deal", "play Quash"])
    assert s.warp[RED] == 3 and s.warp[BLUE] == 3 and len(s.hands[BLUE]) == 1


def test_card_zap_cancels_an_artifact():
    s = arrange(hands={RED: ["attack 10", "Plague"], BLUE: ["attack 04", "Card Zap"]})
    s.apply("play Plague on blue")
    assert s.phase == "zap" and s.current_player == BLUE
    s.apply("play Card Zap")
    assert s.warp[BLUE] == 0 and {"Plague", "Card Zap"} <= {s.t.name[c] for c in s.discard}


def test_card_zap_answers_a_card_zap():
    hands = {RED: ["attack 10", "Plague", "Card Zap"], BLUE: ["attack 04", "Card Zap"]}
    s = arrange(hands=hands)
    s.apply("play Plague on blue")
    s.apply("play Card Zap")  # blue zaps the Plague ...
    # ... and red may answer that Card Zap with its own: the Plague then takes effect
    assert s.phase == "zap" and s.current_player == RED
    assert {str(a) for a in s.legal_actions()} == {"play Card Zap", "pass"}
    s.apply("play Card Zap")
    drive(s, ["lose ship from blue 2", "lose ship from blue 2", "lose ship from blue 2"],
          until=lambda s: s.phase != "lose")
    assert s.warp[BLUE] == 3 and [s.t.name[c] for c in s.discard].count("Card Zap") == 2
    # without red's answer the Plague is cancelled
    s = arrange(hands=hands)
    s.apply("play Plague on blue")
    s.apply("play Card Zap")
    s.apply("pass")
    assert s.warp[BLUE] == 0 and "Plague" in {s.t.name[c] for c in s.discard}


def test_cosmic_zap_answers_a_power_as_it_is_used():
    hands = {RED: ["attack 01", "negotiate"], BLUE: ["attack 40", "attack 30"], YELLOW: ["Cosmic Zap"]}
    s = arrange(aliens=["Trader", "Will", "Oracle"], hands=hands)
    drive(s, ["aim at blue 1", "use Trader power"], until=lambda s: s.phase == "zap")
    # the use waits for the answer: the hands are not swapped yet
    assert s.current_player == YELLOW and s.hand_names(RED) == ["attack 01", "negotiate"]
    assert {str(a) for a in s.legal_actions()} == {"play Cosmic Zap on red", "pass"}
    s.apply("play Cosmic Zap on red")
    drive(s, ["select attack 01"])
    assert s.last_result["outcome"] == "defense"  # Trader kept its own weak hand
    # a Card Zap answers the Cosmic Zap: the power's use goes through
    hands[BLUE] = ["attack 40", "attack 30", "Card Zap"]
    s = arrange(aliens=["Trader", "Will", "Oracle"], hands=hands)
    drive(s, ["aim at blue 1", "use Trader power", "play Cosmic Zap on red", "play Card Zap"],
          until=lambda s: s.phase == "select")
    assert "attack 40" in s.hand_names(RED)


def test_cosmic_zap_cancels_a_power():
    hands = {RED: ["negotiate", "attack 01"], BLUE: ["attack 04", "attack 05", "Cosmic Zap"]}
    script = ["aim at red 1", "ship from blue 1", "done", "select attack 04", "select negotiate"]
    s = arrange(aliens=["Pacifist", "Trader", "Zombie"], hands=hands, offense=BLUE, defender=RED)
    assert s.power_active(RED)
    drive(s, script)
    assert s.last_result["outcome"] == "defense"  # Pacifist's negotiate wins
    s = arrange(aliens=["Pacifist", "Trader", "Zombie"], hands=hands, offense=BLUE, defender=RED)
    drive(s, script + ["play Cosmic Zap on red"])  # in the reveal window, before the outcome
    assert s.last_result["outcome"] == "offense"


# ----------------------------------------------------------------- powers, end, second encounter
def test_powers_lost_below_three_home_colonies_and_restored():
    s = arrange(aliens=["Pacifist", "Trader", "Zombie"], hands={RED: ["attack 10"], BLUE: ["attack 04"]})
    assert s.power_active(RED)
    s.ships[s.planet("red 1") * 3 + RED] = 0
    s.ships[s.planet("red 2") * 3 + RED] = 0
    s.warp[RED] += 8
    assert s.power_active(RED)
    s.ships[s.planet("red 3") * 3 + RED] = 0
    s.warp[RED] += 4
    assert not s.power_active(RED) and not s.observation(BLUE)["powers_active"][RED]
    s.ships[s.planet("red 3") * 3 + RED] = 1
    s.warp[RED] -= 1
    assert s.power_active(RED)


def test_game_ends_at_five_foreign_colonies_shared():
    s = arrange(n=4, hands={RED: ["attack 40"], BLUE: ["attack 00"]})
    for k in (2, 3, 4, 5):
        for seat in (RED, YELLOW):
            s.ships[s.planet(f"green {k}") * 4 + seat] = 1
            s.ships[(5 * seat) * 4 + seat] -= 1
    drive(s, ["aim at blue 1", "ship from red 2", "done", "invite yellow", "invite nobody", "join offense",
              "ship from yellow 2", "done"])
    assert s.is_over() and s.winners() == [RED, YELLOW] and s.current_player == R.TERMINAL
    assert s.scores() == [5, 0, 5, 0]


def test_second_encounter_only_after_a_win():
    s = arrange(hands={RED: ["attack 40", "attack 30"], BLUE: ["attack 00"]})
    drive(s, ["aim at blue 1"])
    assert s.phase == "second" and {str(a) for a in s.legal_actions()} == {"have a second encounter", "end turn"}
    s.apply("have a second encounter")
    assert s.enc_no == 2 and s.offense == RED
    s = arrange(hands={RED: ["attack 00", "attack 30"], BLUE: ["attack 40"]})
    drive(s, ["aim at blue 1"])
    assert s.offense == BLUE and s.enc_no == 1


# ----------------------------------------------------------------- API
def test_illegal_actions_name_the_rule_and_leave_the_state():
    s = arrange(hands={RED: ["attack 10"], BLUE: ["attack 04"]})
    before = s.clone()
    with pytest.raises(IllegalAction, match="aim the hyperspace gate"):
        s.apply("select attack 10")
    with pytest.raises(IllegalAction, match="unreadable"):
        s.apply("fly to the moon")
    assert s == before


def test_actions_read_back():
    s = cosmic.new_game(4, seed=8)
    for text in ["pass", "select attack 08", "select attack 8 from hoard", "play Force Field on green+blue",
                 "play Will flare (wild): blue 3", "use Will power: blue at green 2",
                 "Hacker: take attack 20 from blue",
                 "propose: red gives 2 cards, blue gives 1 card, red lands on blue 3, blue lands nowhere",
                 "reward 1 card and 2 ships", "reinforce defense with reinforcement +3", "invite green+blue"]:
        a = s.parse_action(text)
        assert s.parse_action(str(a)) == a
    assert str(s.parse_action("select attack 8")) == "select attack 08"
    assert str(s.parse_action("invite green+blue")) == "invite blue+green"


def test_deals_trade_any_number_of_cards():
    # REFERENCE: any number of cards may be traded (the giver chooses which)
    s = arrange(hands={RED: ["negotiate", "attack 20", "attack 30", "attack 40", "attack 05", "attack 06"],
                       BLUE: ["negotiate", "attack 01"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    assert s.rules.deal_max_cards == R.state.ANY_CARDS > len(s.cards_in_game)
    s.apply("propose: red gives 5 cards, blue gives 1 card, red lands nowhere, blue lands nowhere")
    s.apply("accept deal")
    drive(s)
    assert s.hand_names(BLUE) == ["attack 05", "attack 06", "attack 20", "attack 30", "attack 40"]
    assert s.hand_names(RED) == ["attack 01"]
    # a cap is an option (3 was ovnilab's earlier limit)
    t = arrange(hands={RED: ["negotiate", "attack 20", "attack 30", "attack 40", "attack 05"],
                       BLUE: ["negotiate", "attack 01"]}, rules=cosmic.Rules(flares=False, powers=False,
                                                                              deal_max_cards=3))
    drive(t, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    with pytest.raises(IllegalAction, match="at most 3"):
        t.apply("propose: red gives 4 cards, blue gives 0 cards, red lands nowhere, blue lands nowhere")


def test_the_game_ends_as_soon_as_five_foreign_colonies_are_reached():
    # rulebook: "the game ends as soon as" a player has five foreign colonies: red lands
    # its fifth and wins at once, before blue takes compensation for its negotiate
    ships = {(RED, f"yellow {k}"): 1 for k in range(1, 5)}
    kw = dict(hands={RED: ["attack 20", "attack 04", "attack 06"], BLUE: ["negotiate", "attack 01"]}, ships=ships)
    s = arrange(**kw)
    assert s.foreign_colonies(RED) == 4
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    assert s.is_over() and s.winners() == [RED] and s.foreign_colonies(RED) == 5
    assert s.hand_names(BLUE) == ["attack 01"] and len(s.hands[RED]) == 2  # no compensation
    old = arrange(**kw, rules=cosmic.Rules(flares=False, powers=False, before_issue_13=True))
    drive(old, ["aim at blue 1", "ship from red 1", "done"])
    assert old.is_over() and old.winners() == [RED] and len(old.hands[BLUE]) == 3  # compensated first


def test_saves_from_before_issue_13_replay_with_their_readings():
    # a save holds every rule option of its day: one without before_issue_13 was made
    # before issue 13 and replays with the readings of then (no empty colony, at most 3
    # cards in a deal, ...), whatever the defaults are now
    s = cosmic.new_game(4, seed=5, rules=cosmic.Rules(**R.state._ISSUE_13_OLD))
    r = random.Random(3)
    for _ in range(400):
        if s.is_over():
            break
        s.apply(r.choice(s.legal_actions()))
    data = json.loads(s.to_json())
    rules = data["options"]["rules"]
    for new in R.state._ISSUE_13_OLD:
        if new not in ("may_abandon_colonies", "deal_max_cards"):
            del rules[new]
    again = load(json.dumps(data))
    assert again.rules.before_issue_13 and not again.rules.may_abandon_colonies
    assert again.rules.deal_max_cards == 3 and again.scores() == s.scores()
    # the options omitted fall back to the readings of then, those named are kept
    del rules["may_abandon_colonies"]
    assert not load(json.dumps(data)).rules.may_abandon_colonies
    # a save made now names before_issue_13 and keeps today's defaults
    today = json.loads(cosmic.new_game(4, seed=5).to_json())["options"]["rules"]
    assert today["before_issue_13"] is False and today["may_abandon_colonies"] is True


def test_errors_name_the_rule_and_the_unknown_thing_and_reading_ignores_case():
    s = arrange(n=3, aliens=["Oracle", "Macron", "Trader"], hands={RED: ["attack 10"], BLUE: ["attack 04"],
                                                                  YELLOW: ["Cosmic Zap", "attack 01"]})
    drive(s, until=lambda s: s.phase == "aim")
    for text in ("aim at blue 9", "aim at purple 1"):
        with pytest.raises(IllegalAction, match=f"no planet {text[7:]}: this game's planets are red, blue, yellow "
                                                "1 to 5"):
            s.apply(text)
    with pytest.raises(ValueError, match="no planet 'blue 9'"):
        s.planet("blue 9")
    assert s.planet(" Blue  3 ") == s.planet("blue 3")
    assert s.parse_action("AIM AT Blue 2") == s.parse_action("aim at blue 2")
    s.apply("Aim At BLUE 2")
    drive(s, ["ship from red 1", "done"], until=lambda s: s.phase == "window" and s.current_player == YELLOW)
    # Oracle's power is optional and nobody is using it: no Cosmic Zap on it in a window
    assert "play Cosmic Zap on blue" in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalAction, match="Cosmic Zap is played on a power being used"):
        s.apply("play cosmic zap on RED")


def test_games_saved_by_the_engine_before_issue_13_replay_to_their_end():
    # three random games saved by ovnilab before issue 13 (commit 6197039, the file says
    # so): they load and replay to the same winners and scores
    import pathlib

    import ovnilab

    fixture = json.loads((pathlib.Path(__file__).parent / "saves" / "before_issue_13.json").read_text("utf-8"))
    assert "6197039" in fixture["made_by"] and len(fixture["games"]) == 3
    for game in fixture["games"]:
        assert "before_issue_13" not in game["save"]["options"]["rules"]
        s = ovnilab.load_json(json.dumps(game["save"]))
        assert s.rules.before_issue_13 and not s.rules.may_abandon_colonies and s.rules.deal_max_cards == 3
        assert s.is_over() and s.winners() == game["winners"] and s.scores() == game["scores"]
        assert s.turn == game["turns"]


def test_save_and_load_round_trip_and_errors():
    s = cosmic.new_game(4, seed=4, aliens=["Zombie", "Will", "Trader", "Oracle"])
    r = random.Random(0)
    for _ in range(300):
        if s.is_over():
            break
        s.apply(r.choice(s.legal_actions()))
    again = load(s.to_json())
    assert again == s and again.scores() == s.scores()
    opts = json.loads(s.to_json())["options"]
    # each refusal read whole: the field it names and the rule with the value
    for bad, field, words in [
            (dict(opts, num_players=7), "options.num_players", "options.num_players must be 3, 4 or 5, got 7"),
            (dict(opts, rules=dict(opts["rules"], deal_rounds="many")), "options.rules.deal_rounds",
             "options.rules.deal_rounds: must be an integer from 1 to 10, got 'many'"),
            (dict(opts, aliens=["Zombie", "Zombie", "Will", "Trader"]), "options.aliens",
             "options.aliens: aliens=: each alien is dealt once"),
            (dict(opts, aliens=["Zombie", "Will", "Trader"]), "options.aliens",
             "options.aliens must list one implemented alien per player (4), got ['Zombie', 'Will', 'Trader']"),
            (dict(opts, aliens=["Zombie", "Will", "Trader", "Nobody"]), "options.aliens",
             "options.aliens must list one implemented alien per player (4), "
             "got ['Zombie', 'Will', 'Trader', 'Nobody']"),
            (dict(opts, colour="red"), "options.colour", "options.colour is not a Cosmic Encounter option"),
            ([], "options", "options must be an object")]:
        with pytest.raises(SaveFormatError) as err:
            cosmic.State.from_options(1, bad)
        assert (str(err.value), err.value.field) == (words, field)
    # rules each valid alone that the game refuses together name the rules, not the aliens
    with pytest.raises(SaveFormatError, match="foreign colonies cannot be reached") as err:
        cosmic.State.from_options(1, dict(opts, rules=dict(opts["rules"], planets=4, win_colonies=9)))
    assert err.value.field == "options.rules"


def test_a_saved_deck_file_that_cannot_be_read_is_named(tmp_path):
    """A deck file that is there but is no deck is refused as the rule option that names it,
    before the game is built (not as whatever building the game then trips on)."""
    opts = json.loads(cosmic.new_game(3, seed=1).to_json())["options"]
    for text in ("attack = [", "attack = 5\n", ""):
        bad = tmp_path / "broken.toml"
        bad.write_text(text)
        with pytest.raises(SaveFormatError) as err:
            cosmic.State.from_options(1, dict(opts, rules=dict(opts["rules"], deck_file=str(bad))))
        assert err.value.field == "options.rules.deck_file" and str(err.value).startswith("options.rules.deck_file: ")


def test_observation_hides_hands_deck_and_face_down_cards():
    s = arrange(hands={RED: ["attack 10", "attack 01"], BLUE: ["attack 04", "attack 30"],
                       YELLOW: ["Emotion Control"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 10"],
          until=lambda s: s.phase == "select" and s.current_player == BLUE)
    o = s.observation(BLUE)
    assert o["encounter_cards"]["offense"] == "face down"
    assert o["hand"] == ["attack 04", "attack 30"] and o["hand_sizes"][RED] == 1
    text = json.dumps(s.observation(YELLOW))
    assert "attack 30" not in text and "attack 10" not in text
    assert "deck" not in o or isinstance(o.get("deck_size"), int)
    assert s.describe(s.parse_action("select attack 10"), viewer=BLUE, actor=RED) == "select an encounter card"
    s.apply("select attack 04")
    assert s.phase == "window" and s.current_player == YELLOW  # Emotion Control, after the reveal
    assert s.observation(YELLOW)["encounter_cards"] == {"offense": "attack 10", "defense": "attack 04"}


# ----------------------------------------------------------------- Cosmic Zap's timing (issue 13)
def zap_targets(s: cosmic.State, holder: int) -> dict[str, set[str]]:
    """Drive the encounter (neutral defaults) and collect, per window timing, the Cosmic
    Zap targets ``holder`` is offered there."""
    seen: dict[str, set[str]] = {}
    start = s.encounters
    while not (s.is_over() or s.encounters > start or s.phase == "second"):
        t = s.tasks[0]
        if t[0] == "window" and s.current_player == holder:
            seen.setdefault(t[1], set()).update(a.b for a in s.legal_actions() if a.a == "Cosmic Zap")
        s.apply(default_action(s))
    return seen


def test_cosmic_zap_in_a_window_only_against_a_power_acting_by_itself():
    # issue 13: Cosmic Zap cancels a power when it is used or takes effect: not Oracle's
    # (optional, nobody uses it), not the uninvolved Warrior's (a main player's power),
    # but the defending Macron's (its ships count four in this encounter) and Zombie's
    hands = {RED: ["attack 10", "negotiate"], BLUE: ["attack 04", "negotiate"], YELLOW: ["Cosmic Zap", "negotiate"],
             GREEN: ["negotiate"]}
    s = arrange(aliens=["Oracle", "Macron", "Warrior", "Zombie"], n=4, hands=hands,
                ask_everyone=True)
    targets = zap_targets(s, YELLOW)
    offered = set().union(*targets.values())
    assert offered == {"blue", "green"}
    assert "blue" in targets["reveal"] and "green" in targets["regroup"]
    # the reading before issue 13 (older saves): any active power in any window
    old = arrange(aliens=["Oracle", "Macron", "Warrior", "Zombie"], n=4, hands=hands,
                  rules=cosmic.Rules(flares=False, before_issue_13=True))
    assert set().union(*zap_targets(old, YELLOW).values()) == {"red", "blue", "yellow", "green"}


def test_cosmic_zap_on_a_power_acting_by_itself_changes_the_encounter():
    # Macron's ships count four each: the defense wins 4 + 4x4 against 10 + 1; zapped in
    # the reveal window (where its ships are about to be counted) they count one each
    hands = {RED: ["attack 10"], BLUE: ["attack 04"], YELLOW: ["Cosmic Zap"]}
    script = ["aim at blue 1", "ship from red 1", "done", "select attack 10", "select attack 04"]
    s = arrange(aliens=["Oracle", "Macron", "Warrior"], hands=hands, ask_everyone=True)
    drive(s, script)
    assert s.last_result["outcome"] == "defense"
    s = arrange(aliens=["Oracle", "Macron", "Warrior"], hands=hands, ask_everyone=True)
    drive(s, script, until=lambda s: s.phase == "window" and s.tasks[0][1] == "reveal"
          and s.current_player == YELLOW)
    assert [str(a) for a in s.legal_actions()] == ["play Cosmic Zap on blue", "pass"]
    s.apply("play Cosmic Zap on blue")  # nobody holds a card: the encounter ends at once
    assert s.last_result["outcome"] == "offense" and s.last_result["totals"] == (11, 8)


def test_cosmic_zap_answers_an_optional_power_only_when_it_is_used():
    # Oracle's power is optional: no window offers to zap it; its use opens the answer
    # round where the Cosmic Zap cancels it (the defense's card is not shown to Oracle)
    hands = {RED: ["attack 10", "negotiate"], BLUE: ["attack 04", "attack 05"], YELLOW: ["Cosmic Zap"]}
    s = arrange(aliens=["Oracle", "Trader", "Will"], hands=hands, ask_everyone=True)
    assert not any(zap_targets(s.clone(), YELLOW).values())
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Oracle power"],
          until=lambda s: s.phase == "zap" and s.current_player == YELLOW)
    assert "play Cosmic Zap on red" in {str(a) for a in s.legal_actions()}
    s.apply("play Cosmic Zap on red")
    drive(s, until=lambda s: s.phase == "select")
    assert s.face_up < 0 and s.current_player == RED  # no Oracle: the offense selects first
