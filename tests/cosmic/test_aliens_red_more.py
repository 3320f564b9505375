"""Citadel, Dictator, Gambler and Grudge (red, issue 14): each power changes a real
encounter (compared with the same encounter without it), so does each side of its flare,
and the readings documented in :mod:`ovnilab.cosmic.aliens.red` hold."""

import random
import re

from ovnilab import cosmic
from ovnilab.cosmic.render import to_svg
from ovnilab.cosmic.render.text import effects_text

from . import BLUE, RED, YELLOW, arrange, drive, logged, random_playout
from .test_aliens_yellow_red import flares, outcome, played, trio, with_flare

# ------------------------------------------------------------------ Citadel
# yellow attacks blue 1 with one ship; red (the Citadel) is not in the encounter
BUILD = ["Citadel: build attack 10", "Citadel: beside blue 1"]
LAUNCH_Y = ["aim at blue 1", "ship from yellow 1", "done"]
CITADEL_HANDS = {RED: ["attack 10", "attack 04"], YELLOW: ["attack 12"], BLUE: ["attack 04"]}


def citadel_game(**kw) -> cosmic.State:
    kw.setdefault("hands", CITADEL_HANDS)
    return arrange(aliens=trio("Citadel", RED), offense=YELLOW, defender=BLUE, **kw)


def test_citadel_activated_adds_to_the_defense():
    s, base = played("Citadel", RED, BUILD + LAUNCH_Y + ["use Citadel power"], offense=YELLOW, defender=BLUE,
                     hands=CITADEL_HANDS)
    assert s.last_result["totals"] == (13, 18) and outcome(s) == "defense"
    assert base.last_result["totals"] == (13, 8) and outcome(base) == "offense"
    # the defense won: the citadel stays, face up, in every observation
    p = s.planet("blue 1")
    assert [s.t.name[c] for c in s.citadels[p]] == ["attack 10"]
    assert all(s.observation(o)["citadels"] == {"blue 1": ["attack 10"]} for o in range(3))
    assert s.hand_names(RED) == ["attack 04"]
    # the same beside the board's first planet (red 1): blue is the Citadel, red defends
    first = drive(arrange(aliens=trio("Citadel", BLUE), offense=YELLOW, defender=RED,
                          hands={BLUE: ["attack 10", "attack 04"], YELLOW: ["attack 12"], RED: ["attack 04"]}),
                  ["Citadel: build attack 10", "Citadel: beside red 1", "aim at red 1", "ship from yellow 1", "done",
                   "use Citadel power"])
    assert first.last_result["totals"] == (13, 18) and outcome(first) == "defense"


def test_citadel_is_discarded_when_the_defense_loses_and_stays_unused():
    s = drive(citadel_game(), ["Citadel: build attack 04", "Citadel: beside blue 1"] + LAUNCH_Y
              + ["use Citadel power"])
    assert s.last_result["totals"] == (13, 12) and outcome(s) == "offense"
    assert s.citadels[s.planet("blue 1")] == [] and "attack 04" in [s.t.name[c] for c in s.discard]
    # not activated: the citadel stays although the defense lost
    s = drive(citadel_game(), ["Citadel: build attack 04", "Citadel: beside blue 1"] + LAUNCH_Y)
    assert outcome(s) == "offense" and len(s.citadels[s.planet("blue 1")]) == 1


def test_citadel_stacks_once_per_encounter_and_is_asked_by_hand_size_only():
    s = citadel_game(hands={RED: ["negotiate"], YELLOW: ["attack 12"], BLUE: ["attack 04"]})
    # a hand without attacks is asked all the same (its size is public, its faces are not)
    assert s.phase == "power" and [str(a) for a in s.legal_actions()] == ["Citadel: build nothing"]
    s = citadel_game()
    drive(s, BUILD + ["aim at blue 1"], until=lambda s: s.phase == "ships")
    assert not any(t[0] == "power" for t in s.tasks)  # once per encounter
    p = s.planet("blue 1")
    s.citadels[p].append(s._take_from(s.hands[RED], "attack 04"))
    drive(s, ["ship from yellow 1", "done", "use Citadel power"])
    assert s.last_result["totals"] == (13, 22) and outcome(s) == "defense" and len(s.citadels[p]) == 2
    # the public log names the citadel (it is face up)
    assert "Citadel: build attack 10" in [s.describe(a, None) for a in s.log]


def test_citadel_activation_can_be_zapped():
    hands = {**CITADEL_HANDS, YELLOW: ["attack 12", "Cosmic Zap"]}
    s = drive(citadel_game(hands=hands), BUILD + LAUNCH_Y + ["use Citadel power", "play Cosmic Zap on red"])
    assert outcome(s) == "offense" and s.last_result["totals"] == (13, 8)
    assert len(s.citadels[s.planet("blue 1")]) == 1  # not activated: it stays


def test_citadel_without_power_keeps_its_citadels_but_cannot_activate():
    s = citadel_game()
    drive(s, BUILD, until=lambda s: s.phase == "aim")
    for k in range(3):  # red loses three home colonies: its power is lost
        p = s.planet(f"red {k + 1}")
        s.warp[RED] += s.ships[p * 3 + RED]
        s.ships[p * 3 + RED] = 0
    drive(s, LAUNCH_Y)
    assert not any(str(a) == "use Citadel power" for a in s.legal_actions())
    assert outcome(s) == "offense" and len(s.citadels[s.planet("blue 1")]) == 1


def test_citadel_wild_adds_five_to_the_defense():
    s, base = with_flare("Citadel", LAUNCH_Y + ["!play Citadel flare (wild)"], offense=YELLOW, defender=BLUE,
                         hands={YELLOW: ["attack 12"], BLUE: ["attack 04", "Citadel flare"]})
    assert s.last_result["totals"] == (13, 13) and outcome(s) == "defense"
    assert base.last_result["totals"] == (13, 8) and outcome(base) == "offense"


def test_citadel_super_takes_the_citadels_off_the_defense():
    hands = {RED: ["attack 10", "Citadel flare"], YELLOW: ["attack 05"], BLUE: ["attack 04"]}
    kw = dict(aliens=trio("Citadel", RED), rules=flares(*trio("Citadel", RED)), offense=YELLOW, defender=BLUE,
              hands=hands)
    s = drive(arrange(**kw), BUILD + LAUNCH_Y + ["play Citadel flare (super)",
                                                 "use Citadel power: take them off the defense"])
    assert s.last_result["totals"] == (6, -2) and outcome(s) == "offense"
    assert s.citadels[s.planet("blue 1")] == []  # activated, the defense lost: discarded
    plain = drive(arrange(**kw), BUILD + LAUNCH_Y + ["use Citadel power"])
    assert plain.last_result["totals"] == (6, 18) and outcome(plain) == "defense"


def test_citadel_is_drawn_on_the_board():
    s = drive(citadel_game(), BUILD, until=lambda s: s.phase == "aim")
    svg = to_svg(s)
    assert "citadel 10 = 10" in svg and "▲10" in svg
    assert "▲" not in to_svg(citadel_game())


def test_citadel_activated_is_discarded_when_both_sides_lose():
    # power: an activated citadel goes when the defense loses, and it loses when both sides
    # do (yellow's Loser flare); the same citadel stays when the defense wins
    for flare, outcome_now, stays in ((["play Loser flare (wild)"], "both lose", []), ([], "defense", ["attack 10"])):
        s = citadel_game(rules=flares(*trio("Citadel", RED), "Loser"),
                         hands={RED: ["attack 10", "attack 04"], YELLOW: ["attack 12", "Loser flare"], BLUE: ["attack 04"]})
        drive(s, BUILD + LAUNCH_Y + flare + ["use Citadel power"])
        assert outcome(s) == outcome_now and [s.t.name[c] for c in s.citadels[s.planet("blue 1")]] == stays


# ------------------------------------------------------------------ Dictator
DUEL = {RED: ["attack 10"], BLUE: ["attack 04"], YELLOW: ["attack 04"]}


def test_dictator_chooses_the_destiny_card():
    s, base = played("Dictator", YELLOW, ["Dictator: draw yellow", "!aim at yellow 1"], hands=DUEL)
    assert s.last_result["defender"] == YELLOW and s.last_result["target"] == "yellow 1"
    assert base.last_result["defender"] == BLUE


def test_dictator_sees_the_destiny_deck_while_choosing_only():
    s = arrange(aliens=trio("Dictator", YELLOW), hands=DUEL)
    assert s.phase == "power" and s.current_player == YELLOW
    legal = [str(a) for a in s.legal_actions()]
    assert "Dictator: draw wild" in legal and "Dictator: draw most foreign colonies" in legal
    seen = s.observation(YELLOW)["destiny_deck"]
    assert seen == s.destiny_names(s.ddeck) and len(seen) == len(s.ddeck)
    assert s.observation(RED)["destiny_deck"] is None and s.observation(BLUE)["destiny_deck"] is None
    # the others' determinizations do not keep the deck's order; the Dictator's keep its cards
    orders = {tuple(s.determinize(RED, random.Random(k)).ddeck) for k in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(s.ddeck) for o in orders)
    d = s.determinize(YELLOW, random.Random(1))
    assert d.observation(YELLOW) == s.observation(YELLOW) and d.legal_actions() == s.legal_actions()
    # picking the offense's colour gives the offense its own-colour choice, as a draw would
    s.apply(s.parse_action("Dictator: draw red"))
    assert s.ddiscard[-1] == RED and s.describe(s.log[0], None) == "Dictator: draw red"
    # (red has nothing to attack in its own system: it draws again, and the Dictator picks again)
    assert s.phase == "power" and s.current_player == YELLOW


def test_dictator_zapped_or_on_its_own_turn_draws_at_random():
    s = arrange(aliens=trio("Dictator", YELLOW), hands={**DUEL, RED: ["attack 10", "Cosmic Zap"]})
    drive(s, ["play Cosmic Zap on yellow"], until=lambda s: s.phase != "window")
    assert ("zap", YELLOW) in s.eflags and s.defender == BLUE and s.phase != "power"
    own = arrange(aliens=trio("Dictator", RED), hands=DUEL)
    assert own.defender == BLUE and own.phase != "power"


def test_dictator_super_chooses_on_its_own_turn():
    s, base = with_flare("Dictator", ["!play Dictator flare (super)", "!Dictator: draw yellow", "!aim at yellow 1"],
                         aliens=trio("Dictator", RED), hands={**DUEL, RED: ["attack 10", "Dictator flare"]})
    assert s.last_result["defender"] == YELLOW and base.last_result["defender"] == BLUE


def test_dictator_wild_makes_the_offense_draw_again():
    kw = dict(aliens=list(("Will", "Oracle", "Trader")), rules=flares("Will", "Oracle", "Trader", "Dictator"),
              hands={**DUEL, BLUE: ["attack 04", "Dictator flare"]})
    s = arrange(**kw)
    assert s.destiny == BLUE and s.phase == "window"
    s.ddeck.remove(YELLOW)
    s.ddeck.append(YELLOW)  # the next card of the deck
    drive(s, ["play Dictator flare (wild)", "aim at yellow 1"])
    i = s.ddiscard.index(BLUE)
    assert s.last_result["defender"] == YELLOW and s.ddiscard[i + 1] == YELLOW
    base = drive(arrange(**kw))
    assert base.last_result["defender"] == BLUE
    # with the Dictator in the game it picks the new card: until then no destiny card is
    # shown (the one drawn was discarded)
    aliens = trio("Dictator", YELLOW)
    again = arrange(aliens=aliens, rules=flares(*aliens), hands={**DUEL, BLUE: ["attack 04", "Dictator flare"]})
    drive(again, ["Dictator: draw blue", "play Dictator flare (wild)"],
          until=logged("play Dictator flare (wild)"))
    assert again.phase == "power" and again.current_player == YELLOW and again.stage == "destiny"
    assert [again.observation(v)["destiny"] for v in (RED, BLUE, YELLOW)] == [None] * 3


# ------------------------------------------------------------------ Gambler
LAUNCH_R = ["aim at blue 1", "ship from red 1", "done"]
BLUFF = {RED: ["attack 04", "negotiate"], BLUE: ["attack 10"]}


def test_gambler_accepted_bluff_wins_and_hides_the_card():
    s, base = played("Gambler", RED, LAUNCH_R + ["Gambler: say attack 40", "Gambler: accept the claim"], hands=BLUFF)
    assert s.last_result["totals"] == (41, 14) and outcome(s) == "offense"
    assert base.last_result["totals"] == (5, 14) and outcome(base) == "defense"
    # the real card went unseen to the bottom of the deck, not to the discard pile
    assert s.t.name[s.deck[0]] == "attack 04" and "attack 04" not in [s.t.name[c] for c in s.discard]
    public = " | ".join(s.describe(a, None) for a in s.log)
    assert "Gambler: say attack 40" in public and "attack 04" not in public


def test_gambler_claim_is_public_and_the_card_stays_face_down():
    s = arrange(aliens=trio("Gambler", RED), hands=BLUFF, ask_everyone=True)
    drive(s, LAUNCH_R + ["select attack 04", "Gambler: say attack 40"], until=lambda s: s.current_player == BLUE
          and s.phase == "power")
    o = s.observation(BLUE)
    assert o["encounter_cards"]["offense"] == "face down" and o["claim"] == {"side": "offense", "says": "attack 40",
                                                                              "accepted": False}
    assert s.observation(RED)["encounter_cards"]["offense"] == "attack 04"
    assert o["totals"] == [41, 14]  # the totals count the claim, never the real card
    d = s.determinize(BLUE, random.Random(3))
    assert d.observation(BLUE) == o and d.legal_actions() == s.legal_actions()
    svg = to_svg(s, viewer=BLUE, highlight_last=False)
    assert ">says:<" in svg and ">attack 40<" in svg
    # blue's picture tells nothing of the real card: the same texts whatever red holds
    # face down (determinizations deal red other cards; they keep no log to highlight)
    texts = re.findall(r">([^<>]+)<", svg)
    real = set()
    for k in range(6):
        other = s.determinize(BLUE, random.Random(k))
        real.add(other.observation(RED)["encounter_cards"]["offense"])
        assert re.findall(r">([^<>]+)<", to_svg(other, viewer=BLUE, highlight_last=False)) == texts
    assert len(real) > 1  # the face-down card did differ


def test_gambler_caught_lying_loses_its_ships_from_outside_the_encounter():
    s = drive(arrange(aliens=trio("Gambler", RED), hands=BLUFF),
              ["aim at blue 1", "ship from red 1", "ship from red 2", "done", "Gambler: say attack 40",
               "Gambler: challenge the claim"], until=lambda s: s.phase == "lose")
    assert s.current_player == RED and len(s.tasks[0][4]) == 0 and s.tasks[0][2] == 2
    drive(s)
    # the real cards decide: 4 + 2 against 10 + 4; red loses its 2 gate ships and 2 more
    assert s.last_result["totals"] == (6, 14) and outcome(s) == "defense" and s.warp[RED] == 4


def test_gambler_caught_lying_may_lose_ships_of_its_colony_on_the_target():
    # only the defender's ships on the target are in the encounter: the offense's own colony
    # there (3 red ships on blue 1) may pay for its lie
    s = drive(arrange(aliens=trio("Gambler", RED), hands=BLUFF, ships={(RED, "blue 1"): 3}),
              ["aim at blue 1", "ship from red 1", "ship from red 2", "done", "Gambler: say attack 40",
               "Gambler: challenge the claim"], until=lambda s: s.phase == "lose")
    assert s.current_player == RED and "lose ship from blue 1" in {str(a) for a in s.legal_actions()}


def test_gambler_telling_the_truth_costs_the_challenger():
    s = drive(arrange(aliens=trio("Gambler", RED), hands={RED: ["attack 20"], BLUE: ["attack 10"]}),
              LAUNCH_R + ["Gambler: say attack 20", "Gambler: challenge the claim"], until=lambda s: s.phase == "lose")
    # blue loses its four ships on the target from its other colonies (blue 1 cannot pay)
    assert s.current_player == BLUE and "lose ship from blue 1" not in [str(a) for a in s.legal_actions()]
    drive(s)
    assert outcome(s) == "offense" and s.warp[BLUE] == 8  # four to the challenge, four on blue 1


def test_gambler_claim_counts_as_printed_for_a_tripler_wild_flare():
    # the claimed attack 40 is the printed card for everybody, so the opponent's Tripler
    # wild flare (an attack printed 15 or more) may divide it: 40 / 3 rounded up is 14
    s, base = with_flare("Tripler", LAUNCH_R + ["Gambler: say attack 40", "Gambler: accept the claim",
                                                "!play Tripler flare (wild)"],
                         aliens=trio("Gambler", RED), hands={RED: ["attack 04"], BLUE: ["attack 12", "Tripler flare"]})
    assert s.last_result["totals"] == (15, 16) and outcome(s) == "defense"
    assert base.last_result["totals"] == (41, 16) and outcome(base) == "offense"


def test_gambler_zapped_reveals_as_usual():
    hands = {RED: ["attack 04"], BLUE: ["attack 10", "Cosmic Zap"]}
    s = drive(arrange(aliens=trio("Gambler", RED), hands=hands), LAUNCH_R + ["play Cosmic Zap on red"])
    log = [str(a) for a in s.log]
    assert "play Cosmic Zap on red" in log and not any(x.startswith("Gambler:") for x in log)
    assert outcome(s) == "defense" and s.last_result["totals"] == (5, 14)


def test_gambler_is_never_dealt_with_sorcerer():
    g = cosmic.load_data()
    assert g.excluded("Gambler", "Sorcerer") and g.excluded("Sorcerer", "Gambler")
    assert not g.excluded("Gambler", "Zombie")
    try:
        cosmic.new_game(3, seed=1, aliens=["Gambler", "Sorcerer", "Zombie"])
    except ValueError as e:
        assert "Gambler and Sorcerer" in str(e)
    else:
        raise AssertionError("Gambler and Sorcerer dealt together")
    pool = ("Gambler", "Sorcerer", "Zombie", "Will", "Oracle", "Trader", "Clone", "Filch")
    both = 0
    for seed in range(40):
        s = cosmic.new_game(3, seed=seed, rules=cosmic.Rules(alien_pool=pool))
        dealt = {a for o in s.offers for a in o}
        assert not {"Gambler", "Sorcerer"} <= dealt and not {"Gambler", "Sorcerer"} <= set(s.flare_aliens)
        both += "Gambler" in dealt or "Sorcerer" in dealt
    assert both > 20


def test_gambler_wild_adds_the_spread():
    s, base = with_flare("Gambler", LAUNCH_R + ["!play Gambler flare (wild): spread 8"],
                         hands={RED: ["attack 12"], BLUE: ["attack 04", "Gambler flare"]})
    assert s.last_result["totals"] == (13, 16) and outcome(s) == "defense"
    assert base.last_result["totals"] == (13, 8) and outcome(base) == "offense"
    # a spread wider than the cards' gap adds nothing
    far = drive(arrange(aliens=list(("Will", "Oracle", "Trader")), rules=flares("Will", "Oracle", "Trader", "Gambler"),
                        hands={RED: ["attack 12"], BLUE: ["attack 04", "Gambler flare"]}),
                LAUNCH_R + ["play Gambler flare (wild): spread 9"])
    assert far.last_result["totals"] == (13, 8)


def test_gambler_wild_spread_is_judged_on_the_cards_as_revealed():
    # red's negotiate against blue's attack 10: no two attacks at the reveal, so no spread,
    # though red's Pacifist flare then turns the negotiate into an attack 15
    aliens = ["Will", "Oracle", "Trader"]
    s = drive(arrange(aliens=aliens, rules=flares(*aliens, "Gambler", "Pacifist"),
                      hands={RED: ["negotiate", "Pacifist flare"], BLUE: ["attack 10", "Gambler flare"]}),
              LAUNCH_R + ["play Gambler flare (wild): spread 4", "play Pacifist flare (wild)"])
    assert s.last_result["totals"] == (16, 14) and outcome(s) == "offense"


def test_gambler_super_raises_the_stake():
    script = LAUNCH_R + ["Gambler: say attack 40", "!Gambler: stake 3 more ships", "Gambler: challenge the claim"]
    s, base = with_flare("Gambler", script, aliens=trio("Gambler", RED),
                         hands={RED: ["attack 04", "Gambler flare"], BLUE: ["attack 10"]})
    assert outcome(s) == outcome(base) == "defense"
    assert s.warp[RED] == 1 + 1 + 3 and base.warp[RED] == 1 + 1
    # played through the stake, the flare counts as played by red until the encounter ends
    # (the board's list of what is in play says so), and it goes back to red's hand
    now = arrange(aliens=trio("Gambler", RED), rules=flares(*trio("Gambler", RED)),
                  hands={RED: ["attack 04", "Gambler flare"], BLUE: ["attack 10"]})
    drive(now, [x.lstrip("!") for x in script[:-1]], until=logged("Gambler: stake 3 more ships"))
    assert "Gambler flare played by red" in effects_text(now)
    kept = arrange(aliens=trio("Gambler", RED), rules=flares(*trio("Gambler", RED)),
                   hands={RED: ["attack 04", "Gambler flare"], BLUE: ["attack 10"]})
    drive(kept, LAUNCH_R + ["Gambler: say attack 40", "Gambler: stake nothing more"],
          until=logged("Gambler: stake nothing more"))
    assert not any("Gambler flare" in line for line in effects_text(kept))  # no flare played
    assert "Gambler flare" in s.hand_names(RED)


def test_gambler_super_offers_each_stake_from_one_to_twenty_ships():
    # the super flare's stakes: nothing more, or 1 to 20 more ships (no "0 more", none skipped)
    s = arrange(aliens=trio("Gambler", RED), rules=flares(*trio("Gambler", RED)),
                hands={RED: ["attack 04", "Gambler flare"], BLUE: ["attack 10"]})
    drive(s, LAUNCH_R + ["Gambler: say attack 40"],
          until=lambda s: any(str(a) == "Gambler: stake nothing more" for a in s.legal_actions()))
    stakes = [str(a) for a in s.legal_actions() if str(a).startswith("Gambler: stake")]
    assert stakes == ["Gambler: stake nothing more", "Gambler: stake 1 more ship"] + [
        f"Gambler: stake {k} more ships" for k in range(2, 21)]


def test_gambler_truth_makes_a_defender_on_the_first_planet_pay_from_elsewhere():
    # the challenger who is the defender pays from colonies other than the target, also when
    # the target is the board's first planet (red 1, planet 0)
    s = arrange(aliens=trio("Gambler", BLUE), offense=BLUE, defender=RED,
                hands={BLUE: ["attack 20"], RED: ["attack 10"]})
    assert s.planet("red 1") == 0
    drive(s, ["aim at red 1", "ship from blue 1", "done", "Gambler: say attack 20", "Gambler: challenge the claim"],
          until=lambda s: s.phase == "lose")
    assert s.target == 0 and s.current_player == RED
    legal = {str(a) for a in s.legal_actions()}
    assert "lose ship from red 1" not in legal and "lose ship from red 2" in legal


# ------------------------------------------------------------------ Grudge
INVITE_Y = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "decline"]


def test_grudge_token_costs_a_ship_when_the_grudge_wins():
    s, base = played("Grudge", RED, INVITE_Y, hands={RED: ["attack 10"], BLUE: ["attack 04"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.warp[YELLOW] == 1 and base.warp[YELLOW] == 0 and s.grudge == [0, 0, 0]


def test_grudge_token_costs_four_ships_when_the_grudge_loses():
    s, base = played("Grudge", RED, INVITE_Y, hands={RED: ["attack 04"], BLUE: ["attack 10"]})
    assert outcome(s) == outcome(base) == "defense"
    assert s.warp[YELLOW] == 4 and base.warp[YELLOW] == 0


def test_grudge_token_is_public_and_drawn():
    s = arrange(aliens=trio("Grudge", RED), hands={RED: ["attack 10"], BLUE: ["attack 04"]}, ask_everyone=True)
    drive(s, INVITE_Y, until=lambda s: s.phase == "select")
    assert s.grudge == [0, 0, 1] and all(s.observation(o)["grudge_tokens"] == [0, 0, 1] for o in range(3))
    assert "grudge token" in to_svg(s) and s.clone().grudge is not s.grudge


def test_grudge_ships_allied_against_it_cannot_pay():
    script = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite yellow", "join defense",
              "ship from yellow 1", "ship from yellow 1", "done"]
    s = drive(arrange(aliens=trio("Grudge", RED), hands={RED: ["attack 04"], BLUE: ["attack 10"]}), script,
              until=lambda s: s.phase == "lose")
    # the four ships come from yellow's colonies; its two allied ships are not among them
    assert s.current_player == YELLOW and s.side[YELLOW] == 2
    assert all(a.a.startswith("yellow") for a in s.legal_actions())
    drive(s)
    assert outcome(s) == "defense" and s.warp[YELLOW] == 4 and s.side[YELLOW] == 0


def test_grudge_zapped_hands_out_no_token():
    hands = {RED: ["attack 10"], BLUE: ["attack 04", "Cosmic Zap"]}
    s = drive(arrange(aliens=trio("Grudge", RED), hands=hands, ask_everyone=True),
              INVITE_Y + ["play Cosmic Zap on red"], until=lambda s: s.phase == "select")
    assert ("zap", RED) in s.eflags and s.grudge == [0, 0, 0]
    drive(s)
    assert outcome(s) == "offense" and s.warp[YELLOW] == 0


def test_grudge_super_costs_four_ships_whatever_the_result():
    s, base = with_flare("Grudge", INVITE_Y + ["!play Grudge flare (super)"], aliens=trio("Grudge", RED),
                         hands={RED: ["attack 10", "Grudge flare"], BLUE: ["attack 04"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.warp[YELLOW] == 4 and base.warp[YELLOW] == 1


def test_grudge_wild_leaves_the_winner_allies_empty_handed():
    script = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "join offense",
              "ship from yellow 1", "ship from yellow 1", "done", "!play Grudge flare (wild)"]
    s, base = with_flare("Grudge", script, hands={RED: ["attack 10"], BLUE: ["attack 04", "Grudge flare"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.foreign_colonies(YELLOW) == 0 and sum(s.ships[YELLOW::3]) == 20 and s.foreign_colonies(RED) == 1
    assert base.foreign_colonies(YELLOW) == 1


# ------------------------------------------------------------------ random games
MINE = ("Citadel", "Dictator", "Gambler", "Grudge")


def test_random_games_with_these_aliens_dealt():
    """150 random games with these aliens dealt (and their flares in the deck) keep
    the invariants after every action; observations and determinizations agree; saves
    replay; every flare side is played and every choice is met."""
    from ovnilab.cosmic import aliens as AL

    others = [a for a in cosmic.implemented_aliens() if a not in MINE and a != "Sorcerer"]  # (never with Gambler)
    used = set()
    for seed in range(150):
        n = 3 + seed % 3
        rng = random.Random(seed)
        mine = rng.sample(MINE, min(n - 1, len(MINE)))
        dealt = mine + rng.sample(others, n - len(mine))
        rng.shuffle(dealt)
        # their flares and others' in the deck (the pool tops the flares up to ten)
        pool = tuple(dict.fromkeys(dealt + list(MINE) + rng.sample(others, 6)))
        s = cosmic.new_game(n, seed=seed, rules=cosmic.Rules(alien_pool=pool), aliens=dealt)

        def note(a):
            if a.kind in ("flare", "power", "choose") and a.a in MINE:
                used.add((a.a, a.b if a.kind == "flare" else a.kind))
                if a.kind == "choose" and a.a == "Gambler" and a.b.startswith("stake ") and "nothing" not in a.b:
                    used.add(("Gambler", "super"))  # played through the Gambler's choice

        random_playout(s, rng, 37, on_action=note)
        if seed % 15 == 0:
            assert cosmic.load_json(s.to_json()) == s
    for a in MINE:
        assert {(a, "wild"), (a, "super")} <= used, (a, used)
        if a != "Grudge":  # (Grudge asks nothing: its holders' losses are the engine's choices)
            assert (a, "choose") in used, a
        if AL.POWERS[a].use is not None:  # (Gambler's "may" is its choice: show or say)
            assert (a, "power") in used, a


def test_a_sheet_excluding_an_unknown_alien_is_refused(tmp_path):
    import shutil

    import pytest

    from ovnilab.cosmic.data import DataError, data_dir, load_data

    folder = tmp_path / "cosmic"
    shutil.copytree(data_dir() / "cosmic", folder)
    p = folder / "aliens.toml"
    p.write_text(p.read_text(encoding="utf-8").replace('not_with = ["Sorcerer"]', 'not_with = ["Nobody"]'),
                 encoding="utf-8")
    with pytest.raises(DataError, match=r"not_with names 'Nobody'"):
        load_data(folder=str(folder))


# ------------------------------------------------------------------ readings and edge cases
def test_bad_choices_are_refused_with_the_state_unchanged():
    import pytest

    from ovnilab.core import IllegalAction

    s = citadel_game()
    before = s.clone()
    for bad in ("Citadel: build attack 40", "Citadel: beside blue 9", "Dictator: draw red"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s == before


def test_gambler_cannot_bluff_a_card_selected_face_up():
    # Oracle (blue) makes red select first, face up: nothing is left to hide
    s = arrange(aliens=["Gambler", "Oracle", "Will"], hands=BLUFF)
    drive(s, LAUNCH_R + ["use Oracle power"])
    assert s.last_result["totals"] == (5, 14) and not any(str(a).startswith("Gambler:") for a in s.log)


def test_grudge_deal_made_costs_each_holder_one_ship():
    # the Grudge made a deal: one ship each holder, then the tokens go
    hands = {RED: ["negotiate"], BLUE: ["negotiate", "attack 10"]}
    s = drive(arrange(aliens=trio("Grudge", RED), hands=hands),
              INVITE_Y + ["propose: red gives 0 cards, blue gives 1 card, red lands nowhere, blue lands nowhere",
                          "accept deal"])
    assert outcome(s) == "deal_made" and s.warp[YELLOW] == 1 and s.grudge == [0, 0, 0]


def test_grudge_tokens_cost_nothing_when_both_sides_lose():
    aliens = trio("Grudge", RED)
    s = drive(arrange(aliens=aliens, rules=flares(*aliens, "Loser"),
                      hands={RED: ["attack 10"], BLUE: ["attack 04", "Loser flare"]}),
              INVITE_Y + ["play Loser flare (wild)"])
    assert outcome(s) == "both lose" and s.warp[YELLOW] == 0 and s.grudge == [0, 0, 0]
