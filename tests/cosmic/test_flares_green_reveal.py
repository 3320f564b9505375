"""Issue 38: each green flare side of the reveal-and-after aliens (Barbarian, Chosen,
Clone, Cudgel, Filch, Hacker, Pacifist, Reserve, Spiff) changes a real encounter,
compared with the same encounter played without the flare."""

from ovnilab import cosmic

from . import BLUE, RED, YELLOW, arrange, drive, ships_on
from .test_aliens_yellow_red import flares, outcome, trio, with_flare

AIM = ["aim at blue 1", "ship from red 1", "done"]


def discarded(s) -> list[str]:
    return sorted(s.t.name[c] for c in s.discard)


# ------------------------------------------------------------------ Barbarian
def test_barbarian_super_loots_as_an_offensive_ally():
    script = AIM + ["invite yellow", "join offense", "ship from yellow 1", "ship from yellow 1", "done",
                    "select attack 04", "!play Barbarian flare (super)", "!Barbarian: keep attack 12",
                    "!Barbarian: keep negotiate"]
    s, base = with_flare("Barbarian", script, aliens=trio("Barbarian", YELLOW),
                         hands={RED: ["attack 20"], BLUE: ["attack 04", "attack 10", "attack 12", "negotiate"],
                                YELLOW: ["Barbarian flare"]})
    assert outcome(s) == outcome(base) == "offense" and s.last_result["totals"] == (23, 8)
    # super flare: the ally keeps one card per ship it had on the gate, the rest is discarded
    assert s.hand_names(YELLOW) == ["Barbarian flare", "attack 12", "negotiate"]
    assert "attack 10" in discarded(s) and "attack 10" not in discarded(base)
    assert base.hand_names(YELLOW) == ["Barbarian flare"]
    assert base.hand_names(BLUE) == ["attack 10", "attack 12", "negotiate"]


# ------------------------------------------------------------------ Chosen
def test_chosen_wild_draws_a_card_before_selection():
    s, base = with_flare("Chosen", AIM + ["!play Chosen flare (wild)", "!select attack 30"],
                         hands={RED: ["attack 01", "Chosen flare"], BLUE: ["attack 10"]}, deck_top=["attack 30"])
    # wild flare: the main player draws a card (here the attack 30 it then plays)
    assert s.last_result["totals"] == (31, 14) and outcome(s) == "offense"
    assert s.hand_names(RED) == ["Chosen flare", "attack 01"]
    assert base.last_result["totals"] == (2, 14) and outcome(base) == "defense"
    assert base.hand_names(RED) == ["Chosen flare"]


def test_chosen_super_keeps_the_non_encounter_cards_drawn():
    script = AIM + ["select attack 10", "!play Chosen flare (super)", "use Chosen power", "Chosen: keep my card"]
    s, base = with_flare("Chosen", script, aliens=trio("Chosen", RED),
                         hands={RED: ["attack 10", "attack 01", "Chosen flare"], BLUE: ["attack 08", "attack 04"]},
                         deck_top=["Cosmic Zap", "attack 30", "reinforcement +2"])
    assert s.last_result["totals"] == base.last_result["totals"] == (11, 12)
    # super flare: the Cosmic Zap and the reinforcement drawn by the power stay in the hand,
    # the unused attack 30 is discarded
    assert s.hand_names(RED) == ["Chosen flare", "Cosmic Zap", "attack 01", "reinforcement +2"]
    assert "attack 30" in discarded(s) and "Cosmic Zap" not in discarded(s)
    assert base.hand_names(RED) == ["Chosen flare", "attack 01"]
    assert {"Cosmic Zap", "attack 30", "reinforcement +2"} <= set(discarded(base))


# ------------------------------------------------------------------ Clone
def test_clone_wild_keeps_the_next_artifact_played():
    s, base = with_flare("Clone", AIM + ["!play Clone flare (wild)", "play Ionic Gas"],
                         hands={RED: ["negotiate", "Ionic Gas", "Clone flare"], BLUE: ["attack 08", "attack 04"]})
    # the Ionic Gas acts in both: red loses its ship and takes no compensation
    assert outcome(s) == outcome(base) == "defense" and s.warp[RED] == base.warp[RED] == 1
    assert s.hand_names(BLUE) == base.hand_names(BLUE) == ["attack 04"]
    # wild flare: the artifact returns to the hand instead of the discard pile
    assert s.hand_names(RED) == ["Clone flare", "Ionic Gas"] and "Ionic Gas" not in discarded(s)
    assert base.hand_names(RED) == ["Clone flare"] and "Ionic Gas" in discarded(base)


def test_clone_super_doubles_compensation():
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "ship from red 1", "done",
              "select attack 08", "!play Clone flare (super)"]
    blue = ["attack 08", "attack 04", "attack 05", "attack 06", "attack 07", "attack 09", "attack 10", "attack 11"]
    s, base = with_flare("Clone", script, aliens=trio("Clone", RED),
                         hands={RED: ["negotiate", "Clone flare"], BLUE: blue})
    assert outcome(s) == outcome(base) == "defense" and s.warp[RED] == base.warp[RED] == 3
    # super flare: 3 ships lost, 6 cards of compensation instead of 3
    assert len(s.hands[RED]) == 1 + 6 and len(s.hands[BLUE]) == 1
    assert len(base.hands[RED]) == 1 + 3 and len(base.hands[BLUE]) == 4


# ------------------------------------------------------------------ Cudgel
def test_cudgel_wild_clears_the_colonised_planet():
    s, base = with_flare("Cudgel", AIM + ["!play Cudgel flare (wild)"],
                         hands={RED: ["attack 20", "Cudgel flare"], BLUE: ["attack 08"]}, ships={(YELLOW, "blue 1"): 2})
    assert outcome(s) == outcome(base) == "offense" and s.warp[BLUE] == base.warp[BLUE] == 4
    # wild flare: yellow's 2 ships on the planet red colonises go to the warp
    assert ships_on(s, YELLOW, "blue 1") == 0 and s.warp[YELLOW] == 2 and ships_on(s, RED, "blue 1") == 1
    assert ships_on(base, YELLOW, "blue 1") == 2 and base.warp[YELLOW] == 0 and ships_on(base, RED, "blue 1") == 1


def test_cudgel_super_hits_the_opponent_allies_too():
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "invite nobody", "invite yellow",
              "join defense", "ship from yellow 1", "done", "!play Cudgel flare (super)"]
    s, base = with_flare("Cudgel", script, aliens=trio("Cudgel", RED),
                         hands={RED: ["attack 20", "Cudgel flare"], BLUE: ["attack 08"]})
    assert outcome(s) == outcome(base) == "offense" and s.last_result["totals"] == (22, 13)
    # the power: blue loses its 4 ships and 2 more (red had 2 ships)
    assert s.warp[BLUE] == base.warp[BLUE] == 6
    # super flare: the defensive ally loses 2 more ships from its colonies too
    assert s.warp[YELLOW] == 1 + 2 and base.warp[YELLOW] == 1


# ------------------------------------------------------------------ Filch
def test_filch_super_takes_its_own_encounter_card():
    s, base = with_flare("Filch", AIM + ["!play Filch flare (super): offense"], aliens=trio("Filch", RED),
                         hands={RED: ["attack 20", "Filch flare"], BLUE: ["attack 08"]})
    assert outcome(s) == outcome(base) == "offense"
    # super flare: the offense's own attack 20 returns to its hand; blue's card is discarded
    assert s.hand_names(RED) == ["Filch flare", "attack 20"]
    assert "attack 20" not in discarded(s) and "attack 08" in discarded(s)
    assert base.hand_names(RED) == ["Filch flare"] and {"attack 08", "attack 20"} <= set(discarded(base))


def test_filch_super_takes_the_defense_card():
    s, base = with_flare("Filch", AIM + ["!play Filch flare (super): defense"], aliens=trio("Filch", RED),
                         hands={RED: ["attack 20", "Filch flare"], BLUE: ["attack 00"]})
    assert outcome(s) == outcome(base) == "offense"
    # super flare: it may take either main player's card (here the defender's)
    assert s.hand_names(RED) == ["Filch flare", "attack 00"] and "attack 20" in discarded(s)
    assert base.hand_names(RED) == ["Filch flare"] and "attack 00" in discarded(base)


# ------------------------------------------------------------------ Hacker
def test_hacker_super_gives_back_as_many_cards_as_it_took():
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "!play Hacker flare (super)",
              "Hacker: take attack 40 from yellow", "Hacker: take Ionic Gas from yellow",
              "!Hacker: give back negotiate", "!Hacker: give back Ionic Gas"]
    s, base = with_flare("Hacker", script, aliens=trio("Hacker", RED),
                         hands={RED: ["negotiate", "negotiate", "Hacker flare"], BLUE: ["attack 04", "attack 05"],
                                YELLOW: ["attack 40", "Ionic Gas", "attack 30"]})
    assert outcome(s) == outcome(base) == "defense" and s.warp[RED] == base.warp[RED] == 2
    assert s.hand_names(YELLOW) == base.hand_names(YELLOW) == ["attack 30"]  # 2 cards taken
    # super flare: the 2 cards chosen go back to the opponent (the one compensation came from)
    assert s.hand_names(RED) == ["Hacker flare", "attack 40"]
    assert s.hand_names(BLUE) == ["Ionic Gas", "attack 05", "negotiate"]
    assert base.hand_names(RED) == ["Hacker flare", "Ionic Gas", "attack 40", "negotiate"]
    assert base.hand_names(BLUE) == ["attack 05"]


def test_hacker_super_never_offers_the_flare_in_use_as_a_card_to_give_back():
    # REFERENCE: a flare in use returns to the hand after use, so it is not given back with
    # the compensation (Rules(before_issue_13=True) offered it, as its saves replay)
    script = ["aim at blue 1", "ship from red 1", "ship from red 1", "done", "play Hacker flare (super)",
              "Hacker: take attack 40 from yellow", "Hacker: take Ionic Gas from yellow"]
    hands = {RED: ["negotiate", "negotiate", "Hacker flare"], BLUE: ["attack 04", "attack 05"],
             YELLOW: ["attack 40", "Ionic Gas", "attack 30"]}
    offered = {}
    for old in (False, True):
        aliens = trio("Hacker", RED)
        s = arrange(aliens=aliens, hands=hands, rules=cosmic.Rules(alien_pool=tuple(aliens), before_issue_13=old))
        drive(s, script, until=lambda s: any(str(a).startswith("Hacker: give back") for a in s.legal_actions()))
        offered[old] = sorted(str(a)[18:] for a in s.legal_actions() if str(a).startswith("Hacker: give back"))
    assert offered[False] == ["Ionic Gas", "attack 40", "negotiate"]
    assert offered[True] == ["Hacker flare", "Ionic Gas", "attack 40", "negotiate"]


# ------------------------------------------------------------------ Pacifist
def test_pacifist_super_shifts_the_failed_deal_losses():
    script = AIM + ["select negotiate", "select negotiate", "reject deal", "!play Pacifist flare (super)"]
    s, base = with_flare("Pacifist", script, aliens=trio("Pacifist", BLUE),
                         hands={RED: ["negotiate", "attack 20"], BLUE: ["negotiate", "attack 08", "Pacifist flare"]})
    assert outcome(s) == outcome(base) == "deal_failed"
    # super flare: the Pacifist loses 3 - 2 ships, the opponent 3 + 2
    assert s.warp == [5, 1, 0] and base.warp == [3, 3, 0]
    assert ships_on(s, BLUE, "blue 1") == 3 and ships_on(base, BLUE, "blue 1") == 1


# ------------------------------------------------------------------ Reserve
def test_reserve_wild_takes_the_reinforcements_played():
    script = AIM + ["reinforce offense with reinforcement +3", "!play Reserve flare (wild)"]
    s, base = with_flare("Reserve", script, hands={RED: ["attack 10", "reinforcement +3"], BLUE: ["attack 12"],
                                                   YELLOW: ["Reserve flare"]})
    assert s.last_result["totals"] == base.last_result["totals"] == (14, 16)
    # wild flare: the reinforcement red played goes to yellow's hand, not to the discard pile
    assert s.hand_names(YELLOW) == ["Reserve flare", "reinforcement +3"]
    assert base.hand_names(YELLOW) == ["Reserve flare"]
    assert discarded(base).count("reinforcement +3") == discarded(s).count("reinforcement +3") + 1
    # with no reinforcement played there is nothing to take: the flare is not offered
    quiet = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Reserve"),
                    hands={RED: ["attack 10"], BLUE: ["attack 12"], YELLOW: ["Reserve flare"]})
    offered = set()
    drive(quiet, AIM, until=lambda s: offered.update(str(a) for a in s.legal_actions()) or s.last_result is not None)
    assert "play Reserve flare (wild)" not in offered and quiet.hand_names(YELLOW) == ["Reserve flare"]
    # nor when the only reinforcement is its player's own ("the reinforcements others discard")
    own = arrange(aliens=["Will", "Oracle", "Trader"], rules=flares("Will", "Oracle", "Trader", "Reserve"),
                  hands={RED: ["attack 10", "reinforcement +3", "Reserve flare"], BLUE: ["attack 12"]})
    offered = set()
    drive(own, AIM + ["reinforce offense with reinforcement +3"],
          until=lambda s: offered.update(str(a) for a in s.legal_actions()) or s.last_result is not None)
    assert "play Reserve flare (wild)" not in offered and own.hand_names(RED) == ["Reserve flare"]


def test_reserve_super_reinforces_with_an_attack_09():
    script = AIM + ["select attack 10", "!play Reserve flare (super)", "!reinforce offense with attack 09"]
    s, base = with_flare("Reserve", script, aliens=trio("Reserve", RED),
                         hands={RED: ["attack 10", "attack 09", "Reserve flare"], BLUE: ["attack 12"]})
    # super flare: the attack 09 (over the power's 06) adds 9 as a reinforcement
    assert s.last_result["totals"] == (20, 16) and outcome(s) == "offense"
    assert base.last_result["totals"] == (11, 16) and outcome(base) == "defense"
    assert "attack 09" in base.hand_names(RED)


# ------------------------------------------------------------------ Spiff
def test_spiff_super_crash_lands_when_losing_by_5():
    s, base = with_flare("Spiff", AIM + ["!play Spiff flare (super)"], aliens=trio("Spiff", RED),
                         hands={RED: ["attack 10", "Spiff flare"], BLUE: ["attack 12"]})
    # losing 11 to 16: by 5, too little for the power (10) but enough for the super flare
    assert s.last_result["totals"] == base.last_result["totals"] == (11, 16)
    assert outcome(s) == outcome(base) == "defense"
    assert ships_on(s, RED, "blue 1") == 1 and s.warp[RED] == 0 and s.foreign_colonies(RED) == 1
    assert ships_on(base, RED, "blue 1") == 0 and base.warp[RED] == 1 and base.foreign_colonies(RED) == 0


def test_spiff_super_is_not_offered_when_losing_by_4():
    s = arrange(aliens=trio("Spiff", RED), rules=flares(*trio("Spiff", RED)),
                hands={RED: ["attack 11", "Spiff flare"], BLUE: ["attack 12"]})
    offered = set()
    drive(s, AIM, until=lambda s: offered.update(str(a) for a in s.legal_actions()) or s.last_result is not None)
    # super flare: 12 against 16 is a loss by 4, less than the 5 it needs
    assert s.last_result["totals"] == (12, 16) and outcome(s) == "defense"
    assert "play Spiff flare (super)" not in offered and s.warp[RED] == 1
