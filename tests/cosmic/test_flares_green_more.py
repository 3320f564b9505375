"""Issue 38: each green flare side of these aliens changes an encounter (Loser super,
Macron, Miser super, Mutant, Observer, Oracle wild, Parasite super, Sorcerer super,
Trader wild, Vacuum, Vulch super): the encounter with the flare played against the same
encounter without it."""

from . import BLUE, GREEN, RED, YELLOW, arrange, drive, logged, ships_on
from .test_aliens_yellow_red import flares, outcome, trio, with_flare

LAUNCH = ["aim at blue 1", "ship from red 1", "done"]
THREE_SHIPS = ["aim at blue 1", "ship from red 1", "ship from red 1", "ship from red 2", "done"]
YELLOW_JOINS = ["invite yellow", "invite nobody", "join offense", "ship from yellow 1", "done"]


# ------------------------------------------------------------------ Loser
def test_loser_super_declares_the_upset_after_selection():
    s, base = with_flare("Loser", LAUNCH + ["!play Loser flare (super)"], aliens=trio("Loser", RED),
                         hands={RED: ["attack 01", "Loser flare"], BLUE: ["attack 20"]})
    # super flare: the upset, declared once the cards are selected, makes the losing side win
    assert s.last_result["totals"] == base.last_result["totals"] == (2, 24)
    assert outcome(s) == "offense" and outcome(base) == "defense"
    assert (s.warp[RED], s.warp[BLUE]) == (0, 4) and (base.warp[RED], base.warp[BLUE]) == (1, 0)


# ------------------------------------------------------------------ Macron
def test_macron_wild_adds_one_per_ship_of_yours():
    aliens = ["Will", "Oracle", "Trader"]
    kw = dict(aliens=aliens, rules=flares(*aliens, "Macron", "Vacuum"), warp={YELLOW: 1},
              hands={RED: ["attack 12", "Macron flare"], BLUE: ["attack 12"], YELLOW: ["Vacuum flare"]})
    s = drive(arrange(**kw), THREE_SHIPS + ["play Macron flare (wild)"], until=lambda g: g.current_player == YELLOW)
    # wild flare: after revealing an attack, +1 per own ship (red's three), counted at once
    # (yellow, asked next in the reveal window, sees it)
    assert s.totals == (18, 16)
    drive(s)
    base = drive(arrange(**kw), THREE_SHIPS)
    assert s.last_result["totals"] == (18, 16) and outcome(s) == "offense"
    assert base.last_result["totals"] == (15, 16) and outcome(base) == "defense"


def test_macron_super_sends_up_to_four_ships():
    script = ["!play Macron flare (super)", "aim at blue 1", "ship from red 1", "!ship from red 1",
              "!ship from red 2", "!ship from red 2"]
    s, base = with_flare("Macron", script, aliens=trio("Macron", RED),
                         hands={RED: ["attack 10", "Macron flare"], BLUE: ["attack 20"]})
    # super flare: four ships (4 each) instead of the power's one
    assert s.last_result["totals"] == (26, 24) and outcome(s) == "offense"
    assert base.last_result["totals"] == (14, 24) and outcome(base) == "defense"
    assert ships_on(s, RED, "blue 1") == 4 and s.warp[RED] == 0 and base.warp[RED] == 1


# ------------------------------------------------------------------ Miser
def test_miser_super_draws_a_card_into_the_hoard():
    s, base = with_flare("Miser", LAUNCH + ["!play Miser flare (super)", "!select attack 30 from hoard"],
                         aliens=trio("Miser", RED), hands={RED: ["attack 04", "Miser flare"], BLUE: ["attack 20"]},
                         hoard={RED: ["attack 01"]}, deck_top=["attack 30"])
    # super flare: the deck's top card (attack 30) goes to the hoard, and is played from it
    assert s.last_result["totals"] == (31, 24) and outcome(s) == "offense"
    assert base.last_result["totals"] == (5, 24) and outcome(base) == "defense"
    assert [s.t.name[c] for c in s.hoard[RED]] == ["attack 01"]
    assert [base.t.name[c] for c in base.hoard[RED]] == ["attack 01"] and "attack 30" not in base.hand_names(RED)


# ------------------------------------------------------------------ Mutant
def test_mutant_wild_takes_a_random_card_from_the_opponent_and_its_allies():
    script = LAUNCH + ["invite nobody", "invite yellow", "join defense", "ship from yellow 1", "done",
                       "!play Mutant flare (wild)"]
    s, base = with_flare("Mutant", script, hands={RED: ["attack 30", "Mutant flare"], BLUE: ["attack 10", "morph"],
                                                  YELLOW: ["Quash", "attack 05"]})
    assert outcome(s) == outcome(base) == "offense"
    # wild flare, after a win: one card from blue (its last) and one at random from yellow
    assert s.hand_names(RED) == ["Mutant flare", "attack 05", "morph"]
    assert s.hand_names(BLUE) == [] and s.hand_names(YELLOW) == ["Quash"]
    assert base.hand_names(RED) == ["Mutant flare"] and base.hand_names(YELLOW) == ["Quash", "attack 05"]


def test_mutant_super_discards_up_to_three_cards_before_refilling():
    script = LAUNCH + ["!play Mutant flare (super)", "!Mutant: discard attack 01", "!Mutant: discard attack 04",
                       "!Mutant: discard negotiate", "use Mutant power", "!select attack 30"]
    s, base = with_flare("Mutant", script, aliens=trio("Mutant", RED),
                         hands={RED: ["attack 01", "attack 04", "negotiate", "Mutant flare"], BLUE: ["attack 10"]},
                         deck_top=["attack 05", "attack 06", "attack 07", "attack 08", "attack 09", "attack 11",
                                   "attack 30"])
    # super flare: three cards discarded, so the refill to eight draws seven, down to attack 30
    assert [s.t.name[c] for c in s.discard][:3] == ["attack 01", "attack 04", "negotiate"]
    assert s.hand_names(RED) == ["Mutant flare", "attack 05", "attack 06", "attack 07", "attack 08", "attack 09",
                                 "attack 11"]
    assert s.last_result["totals"] == (31, 14) and outcome(s) == "offense"
    # without it the refill draws four and red plays its attack 01
    assert base.hand_names(RED) == ["Mutant flare", "attack 04", "attack 05", "attack 06", "attack 07", "attack 08",
                                    "negotiate"]
    assert base.last_result["totals"] == (2, 14) and outcome(base) == "defense"
    # the flare, in use, is not among the cards it may discard
    now = arrange(aliens=trio("Mutant", RED), rules=flares(*trio("Mutant", RED)),
                  hands={RED: ["attack 01", "Mutant flare"], BLUE: ["attack 10"]})
    drive(now, LAUNCH + ["play Mutant flare (super)"], until=lambda g: g.phase == "power")
    assert {str(a) for a in now.legal_actions()} == {"Mutant: discard attack 01", "Mutant: stop"}


# ------------------------------------------------------------------ Observer
def test_observer_wild_each_of_your_allies_draws_a_card():
    s, base = with_flare("Observer", LAUNCH + YELLOW_JOINS + ["!play Observer flare (wild)"],
                         hands={RED: ["attack 30", "Observer flare"], BLUE: ["attack 10"], YELLOW: ["morph"]},
                         deck_top=["attack 40"])
    # wild flare: red's ally yellow draws the deck's top card
    assert s.hand_names(YELLOW) == ["attack 40", "morph"] and base.hand_names(YELLOW) == ["morph"]
    assert outcome(s) == outcome(base) == "offense"


def test_observer_super_one_ship_may_come_from_the_warp():
    kw = dict(aliens=trio("Observer", RED), rules=flares(*trio("Observer", RED)),
              hands={RED: ["attack 30", "Observer flare"], BLUE: ["attack 10"]}, warp={RED: 3})
    s = drive(arrange(**kw), ["play Observer flare (super)", "aim at blue 1", "ship from the warp"],
              until=logged("ship from the warp"))
    # super flare: one ship (not two) of the two left after regroup comes from the warp
    assert s.warp[RED] == 1 and "ship from the warp" not in {str(a) for a in s.legal_actions()}
    drive(s, ["ship from red 1", "done"])
    base = drive(arrange(**kw), ["aim at blue 1", "ship from red 1", "done"])
    assert "ship from the warp" not in {str(a) for a in base.log}
    assert s.last_result["totals"] == (32, 14) and base.last_result["totals"] == (31, 14)
    assert ships_on(s, RED, "blue 1") == 2 and ships_on(base, RED, "blue 1") == 1
    assert s.warp[RED] == 1 and base.warp[RED] == 2


# ------------------------------------------------------------------ Oracle
def show(state, seat: int, name: str) -> None:
    """Everybody saw ``name`` go into ``seat``'s hand (as a Vulch's take is seen)."""
    state._note_shown(next(c for c in state.hands[seat] if state.t.name[c] == name), seat)


def test_oracle_wild_shuffles_hands_with_the_opponent():
    aliens = ["Will", "Loser", "Trader"]  # the Oracle flare is not red's own alien's
    kw = dict(aliens=aliens, rules=flares(*aliens, "Oracle"),
              hands={RED: ["attack 01", "attack 04", "Oracle flare"], BLUE: ["attack 20", "attack 30", "morph"]})
    s = arrange(**kw)
    show(s, RED, "attack 04")
    show(s, BLUE, "morph")
    drive(s, LAUNCH + ["play Oracle flare (wild)"], until=logged("play Oracle flare (wild)"))
    # wild flare: the five cards shuffled (the flare, in use, stays out and returns to red's
    # hand), red takes back two (here 04 and 30); what everybody saw of either hand no
    # longer holds, but for the flare everybody saw return
    assert s.hand_names(RED) == ["Oracle flare", "attack 04", "attack 30"]
    assert s.hand_names(BLUE) == ["attack 01", "attack 20", "morph"]
    assert [(s.t.name[c], seat) for c, seat in s.shown] == [("Oracle flare", RED)]
    drive(s)
    base = drive(arrange(**kw), LAUNCH)
    assert s.last_result["totals"] == (5, 5) and base.last_result["totals"] == (2, 24)
    assert base.hand_names(RED) == ["Oracle flare", "attack 04"] and base.hand_names(BLUE) == ["attack 30", "morph"]


# ------------------------------------------------------------------ Parasite
def test_parasite_super_sends_any_number_of_ships_as_an_ally():
    script = LAUNCH + ["!play Parasite flare (super)", "invite yellow", "invite nobody", "join offense",
                       "ship from yellow 1", "ship from yellow 1", "ship from yellow 1", "ship from yellow 2",
                       "!ship from yellow 2", "!ship from yellow 2", "!done"]
    s, base = with_flare("Parasite", script, aliens=trio("Parasite", YELLOW),
                         hands={RED: ["attack 10"], BLUE: ["attack 12"], YELLOW: ["Parasite flare"]})
    # super flare: six allied ships, beyond the limit of four
    assert s.last_result["totals"] == (17, 16) and outcome(s) == "offense"
    assert base.last_result["totals"] == (15, 16) and outcome(base) == "defense"
    assert base.warp[YELLOW] == 4 and s.warp[YELLOW] == 0


# ------------------------------------------------------------------ Sorcerer
def test_sorcerer_super_swaps_the_encounter_cards_as_an_ally():
    # four players: green (a Vacuum holding its flare) is asked after yellow in the window
    aliens = ["Will", "Oracle", "Sorcerer", "Vacuum"]
    kw = dict(n=4, aliens=aliens, rules=flares(*aliens),
              hands={RED: ["attack 01"], BLUE: ["attack 20"], YELLOW: ["Sorcerer flare"], GREEN: ["Vacuum flare"]})
    s = drive(arrange(**kw), LAUNCH + YELLOW_JOINS + ["play Sorcerer flare (super)"],
              until=lambda g: g.current_player == GREEN and logged("play Sorcerer flare (super)")(g))
    # super flare: as red's ally, yellow swaps the cards face down: red's card is now on
    # blue's side, and red still sees only the card it selected
    assert not s.card_visible(0, RED) and s.card_visible(1, RED)
    drive(s)
    base = drive(arrange(**kw), LAUNCH + YELLOW_JOINS)
    # red plays the 20, blue the 01
    assert s.last_result["totals"] == (22, 5) and outcome(s) == "offense"
    assert base.last_result["totals"] == (3, 24) and outcome(base) == "defense"


# ------------------------------------------------------------------ Trader
def test_trader_wild_takes_a_random_card_and_gives_one_back():
    aliens = ["Will", "Oracle", "Loser"]  # the Trader flare is not red's own alien's
    kw = dict(aliens=aliens, rules=flares(*aliens, "Trader"),
              hands={RED: ["attack 01", "attack 04", "Trader flare"], BLUE: ["attack 20"]})
    s = arrange(**kw)
    show(s, RED, "attack 04")
    drive(s, LAUNCH + ["play Trader flare (wild)", "Trader: give attack 01"], until=logged("Trader: give attack 01"))
    # wild flare: red takes blue's only card (attack 20) and gives its attack 01 back, face
    # down: nobody knows any more which cards red holds
    assert s.hand_names(RED) == ["Trader flare", "attack 04", "attack 20"] and s.hand_names(BLUE) == ["attack 01"]
    assert s.shown == ()
    drive(s, ["select attack 20"])
    # the flare, in use, cannot be the card given back
    again = arrange(**kw)
    drive(again, LAUNCH + ["play Trader flare (wild)"], until=lambda g: g.phase == "power")
    assert {str(a) for a in again.legal_actions()} == {"Trader: give attack 01", "Trader: give attack 04",
                                                     "Trader: give attack 20"}
    base = drive(arrange(**kw), LAUNCH)
    assert s.last_result["totals"] == (21, 5) and outcome(s) == "offense"
    assert base.last_result["totals"] == (2, 24) and outcome(base) == "defense"


# ------------------------------------------------------------------ Vacuum
def test_vacuum_wild_brings_ships_back_per_other_attack_revealed():
    # wild flare: one ship back from the warp per other main player revealing an attack:
    # two for yellow (both attacks), one for red (blue's; red lost one ship, its regroup took one)
    for seat, back, planet in ((YELLOW, 2, "yellow 1"), (RED, 1, "red 1")):
        hands = {RED: ["attack 10"], BLUE: ["attack 20"]}
        hands[seat] = hands.get(seat, []) + ["Vacuum flare"]
        s, base = with_flare("Vacuum", ["aim at blue 1", "ship from red 2", "done", "!play Vacuum flare (wild)"],
                             warp={seat: 3}, hands=hands)
        assert base.warp[seat] == 3 and s.warp[seat] == 3 - back, seat
        assert ships_on(s, seat, planet) == ships_on(base, seat, planet) + back, seat
        assert s.last_result["totals"] == base.last_result["totals"] == (11, 24)


def test_vacuum_super_chooses_which_ships_go_along():
    kw = dict(aliens=trio("Vacuum", RED), rules=flares(*trio("Vacuum", RED)),
              hands={RED: ["attack 01", "Vacuum flare"], BLUE: ["attack 20"]})
    games = []
    for flare in (["play Vacuum flare (super)"], []):
        g = drive(arrange(**kw), flare + LAUNCH + ["Vacuum: take blue along"],
                  until=lambda g: "lose ship from blue 3" in {str(a) for a in g.legal_actions()})
        games.append((g, g.current_player))
        drive(g, ["lose ship from blue 3"])
    (s, s_chooser), (base, base_chooser) = games
    # super flare: the Vacuum (red), not blue, chooses the colony that loses the ship
    assert s_chooser == RED and base_chooser == BLUE
    assert outcome(s) == outcome(base) == "defense" and s.warp == base.warp == [1, 1, 0]
    assert ships_on(s, BLUE, "blue 3") == 3


# ------------------------------------------------------------------ Vulch
def test_vulch_super_collects_flares_others_discard():
    al = trio("Vulch", YELLOW)
    games = []
    for flare in (["play Vulch flare (super)"], []):
        g = arrange(aliens=al, rules=flares(*al, "Zombie"), hands={
            RED: ["attack 30", "Zombie flare"], BLUE: ["attack 01", "Card Zap"], YELLOW: ["Vulch flare"]})
        games.append(drive(g, flare + ["play Zombie flare (wild)", "play Card Zap"],
                           until=lambda g: "Card Zap" not in g.hand_names(BLUE)))
    s, base = games
    # super flare: the Zombie flare the Card Zap discards comes to the Vulch (the artifact
    # comes by the power either way)
    assert s.hand_names(YELLOW) == ["Card Zap", "Vulch flare", "Zombie flare"]
    assert "Zombie flare" not in [s.t.name[c] for c in s.discard]
    assert base.hand_names(YELLOW) == ["Card Zap", "Vulch flare"]
    assert "Zombie flare" in [base.t.name[c] for c in base.discard]
