"""Mind, Mite, Philanthropist and Reincarnator (yellow, issue 14): each power changes a
real encounter (compared with the same encounter without it), and so does each side of
its flare; the readings the module documents, and random games with these aliens dealt."""

import html
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from ovnilab import cosmic
from ovnilab.core import IllegalAction
from ovnilab.cosmic.render import to_svg

from . import BLUE, RED, YELLOW, arrange, drive, logged, random_playout, ships_on
from .test_aliens_yellow_red import NEUTRAL, flares, outcome, played, trio, with_flare

ROOT = Path(__file__).resolve().parents[2]

MINE = ("Mind", "Mite", "Philanthropist", "Reincarnator")

# ------------------------------------------------------------------ Mind
LAUNCH1 = ["aim at blue 1", "ship from red 1", "done"]


def test_mind_looks_at_a_hand_once_and_keeps_what_it_saw():
    kw = dict(hands={RED: ["attack 10"], BLUE: ["attack 08", "negotiate", "Card Zap"]}, ask_everyone=True)
    s = arrange(aliens=trio("Mind", YELLOW), **kw)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Mind power: blue"], until=lambda s: s.phase == "invite")
    base = drive(arrange(aliens=trio("Clone", YELLOW), **kw), ["aim at blue 1", "ship from red 1", "done"],
                 until=lambda s: s.phase == "invite")
    seen = {"blue": ["Card Zap", "attack 08", "negotiate"]}
    assert s.observation(YELLOW)["seen_hands"] == seen and s.observation(YELLOW)["known_cards"] == seen
    assert base.observation(YELLOW)["seen_hands"] == {} and base.observation(YELLOW)["known_cards"] == {}
    assert s.observation(RED)["seen_hands"] == {} and s.observation(RED)["known_cards"] == {}
    look = next(a for a in s.log if str(a).startswith("use Mind"))
    assert s.describe(look, None) == "use Mind power: blue"  # only whose hand, publicly
    d = s.determinize(YELLOW, random.Random(5))
    assert d.hand_names(BLUE) == s.hand_names(BLUE) and d.observation(YELLOW) == s.observation(YELLOW)
    e = base.determinize(YELLOW, random.Random(5))
    assert e.hand_names(BLUE) != base.hand_names(BLUE)
    # a snapshot: after blue plays its card, the look still shows the hand as it was
    drive(s, [], until=lambda s: s.revealed)
    played = s.t.name[s.card[1]]
    assert s.observation(YELLOW)["seen_hands"] == seen and played not in s.observation(YELLOW)["known_cards"]["blue"]


def test_a_look_at_a_hand_it_may_not_see_is_refused_and_changes_nothing():
    s = arrange(aliens=trio("Mind", RED), hands={RED: ["attack 10"], BLUE: ["attack 08"]})
    drive(s, LAUNCH1, until=lambda s: s.phase == "window")
    before = s.clone()
    with pytest.raises(IllegalAction, match="use Mind power: yellow"):
        s.apply("use Mind power: yellow")  # a main player looks at its opponent's hand only
    assert s == before


def test_mind_as_a_main_player_looks_at_its_opponent_and_zapped_sees_nothing():
    kw = dict(aliens=trio("Mind", RED), rules=flares(*trio("Mind", RED)),
              hands={RED: ["attack 10"], BLUE: ["attack 08", "Cosmic Zap"]})
    s = arrange(**kw)
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "window")
    assert {str(a) for a in s.legal_actions()} == {"use Mind power: blue", "pass"}
    drive(s, ["use Mind power: blue", "play Cosmic Zap on red"], until=lambda s: s.phase == "invite")
    assert s.observation(RED)["seen_hands"] == {} and s.observation(RED)["known_cards"] == {}


def test_mind_wild_sees_the_cards_another_player_draws():
    # blue holds no encounter card: it draws a new hand before selecting, through the Mind
    kw = dict(hands={RED: ["attack 10"], BLUE: ["Card Zap"], YELLOW: ["Mind flare"]}, deck_top=["attack 20"])
    aliens = list(NEUTRAL)
    s = arrange(aliens=aliens, rules=flares(*aliens, "Mind"), **kw)
    drive(s, ["play Mind flare (wild): blue", "aim at blue 1", "ship from red 1", "done"])
    base = arrange(aliens=aliens, rules=flares(*aliens, "Mind"), **kw)
    drive(base, ["aim at blue 1", "ship from red 1", "done"])
    assert outcome(s) == outcome(base) == "defense" and s.last_result["totals"] == (11, 24)  # the new hand's 20
    assert s.observation(YELLOW)["known_cards"] == {"blue": s.hand_names(BLUE)} and len(s.hands[BLUE]) >= 7
    assert base.observation(YELLOW)["known_cards"] == {} and s.observation(RED)["known_cards"] == {}


def test_mind_super_sees_both_main_hands():
    kw = dict(aliens=trio("Mind", YELLOW), rules=flares(*trio("Mind", YELLOW)),
              hands={RED: ["attack 10", "negotiate"], BLUE: ["attack 08"], YELLOW: ["Mind flare"]})
    s = drive(arrange(**kw), LAUNCH1 + ["play Mind flare (super)"], until=lambda s: s.phase == "invite")
    base = drive(arrange(**kw), LAUNCH1, until=lambda s: s.phase == "invite")
    both = {"blue": ["attack 08"], "red": ["attack 10", "negotiate"]}
    assert s.observation(YELLOW)["seen_hands"] == both and s.observation(YELLOW)["known_cards"] == both
    assert base.observation(YELLOW)["seen_hands"] == {}


# ------------------------------------------------------------------ Mite
BLUE_FIVE = ["attack 20", "attack 04", "attack 05", "negotiate", "attack 06"]
LAUNCH2 = ["aim at blue 1", "ship from red 1", "ship from red 2", "done"]


def test_mite_colony_ends_the_encounter_as_a_success():
    s, base = played("Mite", RED, LAUNCH2 + ["Mite: give Mite a colony"],
                     hands={RED: ["attack 04", "attack 06"], BLUE: BLUE_FIVE})
    assert outcome(s) == "colony granted" and s.phase == "second"
    assert ships_on(s, RED, "blue 1") == 2 and ships_on(s, BLUE, "blue 1") == 4 and s.foreign_colonies(RED) == 1
    assert s.last_result["cards"] == (None, None) and len(s.hands[BLUE]) == 5  # no card was played
    assert outcome(base) == "defense" and base.foreign_colonies(RED) == 0 and base.warp[RED] == 2


def test_mite_discard_leaves_the_defense_three_cards_at_random():
    s, base = played("Mite", RED, LAUNCH2 + ["Mite: discard down to 3"],
                     hands={RED: ["attack 04"], BLUE: BLUE_FIVE})
    assert len(s.discard) == 2 + 2  # two thrown away, then the two encounter cards
    assert len(base.hands[BLUE]) == 4 and len(s.hands[BLUE]) == 2
    assert outcome(s) in ("offense", "defense")


def test_mite_does_not_bluster_at_three_cards_or_when_zapped():
    s = arrange(aliens=trio("Mite", RED), hands={RED: ["attack 04"], BLUE: BLUE_FIVE[:3]})
    drive(s, LAUNCH2, until=lambda s: s.phase in ("power", "invite"))
    assert s.phase == "invite"
    z = arrange(aliens=trio("Mite", RED), rules=flares(*trio("Mite", RED)),
                hands={RED: ["attack 04"], BLUE: BLUE_FIVE + ["Cosmic Zap"]})
    drive(z, LAUNCH2 + ["play Cosmic Zap on red"], until=lambda s: s.phase in ("power", "invite"))
    assert ("zap", RED) in z.eflags and z.phase == "invite" and len(z.hands[BLUE]) == 5
    # nor with nothing on the gate: under Rules(may_abandon_colonies=False) an offense whose
    # colonies hold one ship each launches none
    empty = arrange(aliens=trio("Mite", RED), rules=cosmic.Rules(flares=False, may_abandon_colonies=False),
                    hands={RED: ["attack 04"], BLUE: BLUE_FIVE})
    for k in range(1, 6):
        p = empty.planet(f"red {k}")
        empty.warp[RED] += empty.ships[p * 3 + RED] - 1
        empty.ships[p * 3 + RED] = 1
    drive(empty, ["aim at blue 1"], until=lambda s: s.phase in ("power", "invite"))
    assert empty.gate[RED] == 0 and empty.phase == "invite" and len(empty.hands[BLUE]) == 5


def test_mite_super_keeps_the_discarded_cards():
    kw = dict(aliens=trio("Mite", RED), rules=flares(*trio("Mite", RED)),
              hands={RED: ["attack 04", "Mite flare"], BLUE: ["attack 20", "attack 04", "attack 05", "negotiate"]})
    s = arrange(**kw)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "play Mite flare (super)", "Mite: discard down to 3"],
          until=lambda s: s.phase == "power" and s.current_player == RED)
    names = [x.removeprefix("Mite: keep ") for x in map(str, s.legal_actions()) if "keep" in x]
    assert len(names) == 1 and len(s.hands[BLUE]) == 3 and len(s.table) == 1
    s.apply(f"Mite: keep {names[0]}")
    assert names[0] in s.hand_names(RED) and s.table == [] and len(s.discard) == 0
    base = arrange(**kw)
    drive(base, ["aim at blue 1", "ship from red 1", "done", "Mite: discard down to 3"],
          until=lambda s: s.phase == "invite")
    assert len(base.discard) == 1 and len(base.hands[RED]) == 2


def test_mite_wild_sends_every_ally_home():
    script = ["aim at blue 1", "ship from red 1", "done", "invite nobody", "invite yellow", "join defense",
              "ship from yellow 1", "ship from yellow 2", "done", "!play Mite flare (wild)"]
    s, base = with_flare("Mite", script, hands={RED: ["attack 12", "Mite flare"], BLUE: ["attack 08"]})
    assert outcome(s) == "offense" and s.allies == [[], []] and s.foreign_colonies(RED) == 1
    assert outcome(base) == "defense" and base.last_result["totals"] == (13, 14)


# ------------------------------------------------------------------ Philanthropist
YELLOW_ALLY = ["aim at blue 1", "ship from red 1", "done", "invite yellow", "invite nobody", "join offense",
               "ship from yellow 1", "done"]


def test_philanthropist_ally_gives_the_offense_a_card():
    s, base = played("Philanthropist", YELLOW, YELLOW_ALLY + ["use Philanthropist power: red",
                                                              "Philanthropist: give attack 30", "!select attack 30"],
                     hands={RED: ["attack 01"], BLUE: ["attack 08"], YELLOW: ["attack 30"]})
    assert outcome(s) == "offense" and s.last_result["totals"] == (32, 12)
    assert outcome(base) == "defense" and base.last_result["totals"] == (3, 12)


def test_philanthropist_gift_is_private_and_a_main_player_without_encounter_cards_draws():
    s = arrange(aliens=trio("Philanthropist", RED), hands={RED: ["attack 04", "Card Zap"], BLUE: ["attack 08"]},
                deck_top=["attack 40"], ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Philanthropist power: blue",
              "Philanthropist: give attack 04"], until=lambda s: s.phase == "select")
    assert sorted(s.hand_names(BLUE)) == ["attack 04", "attack 08"]
    assert "attack 40" in s.hand_names(RED) and len(s.hands[RED]) == 8  # a new hand
    assert s.describe(s.log[-1], None) == "Philanthropist: give a card"
    assert s.observation(RED)["known_cards"] == {"blue": ["attack 04"]}
    assert s.observation(YELLOW)["known_cards"] == {}
    d = s.determinize(RED, random.Random(3))
    assert "attack 04" in d.hand_names(BLUE) and d.observation(RED) == s.observation(RED)
    # the record of the gift follows the card: it names blue's attack 04 in the sample
    (gift,) = [k for k in d.eflags if k[0] == "gift"]
    assert gift[:3] == ("gift", RED, BLUE) and gift[3] in d.hands[BLUE] and d.t.name[gift[3]] == "attack 04"
    drive(s, ["select attack 40", "select attack 08"], until=lambda s: s.revealed)
    assert s.observation(RED)["known_cards"] == {"blue": ["attack 04"]}
    # while the receiver's card is face down to the giver (the moment before the reveal),
    # what it knew of that hand is set aside: it cannot tell which card was selected
    before = s.clone()
    before.revealed = False
    assert before.observation(RED)["known_cards"] == {} and before.private_pins(RED) == []


def test_philanthropist_defending_draws_a_new_hand_after_giving_its_last_encounter_card():
    # the same on defense, the offense (red, seat 0) receiving the gift
    # (with flares, everybody is asked in the planning window before the cards are selected)
    s = arrange(aliens=trio("Philanthropist", BLUE), rules=flares(*trio("Philanthropist", BLUE)),
                hands={BLUE: ["attack 04", "Card Zap"], RED: ["attack 08"]}, deck_top=["attack 40"], ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Philanthropist power: red",
              "Philanthropist: give attack 04"], until=logged("Philanthropist: give attack 04"))
    assert sorted(s.hand_names(RED)) == ["attack 04", "attack 08"]
    assert "attack 40" in s.hand_names(BLUE) and len(s.hands[BLUE]) == 8  # a new hand, at once
    assert s.phase != "select"


def test_philanthropist_zapped_gives_nothing():
    s = arrange(aliens=trio("Philanthropist", RED), rules=flares(*trio("Philanthropist", RED)),
                hands={RED: ["attack 04", "attack 10"], BLUE: ["attack 08", "Cosmic Zap"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Philanthropist power: blue", "play Cosmic Zap on red"],
          until=lambda s: s.phase == "select")
    assert s.hand_names(BLUE) == ["attack 08"] and len(s.hands[RED]) == 2


def test_philanthropist_wild_lends_a_power_for_the_encounter():
    aliens = ["Trader", "Oracle", "Human"]
    kw = dict(aliens=aliens, rules=flares(*aliens, "Philanthropist"),
              hands={RED: ["attack 10"], BLUE: ["attack 10"], YELLOW: ["Philanthropist flare"]})
    s = arrange(**kw)
    drive(s, ["play Philanthropist flare (wild): red"], until=lambda s: s.phase == "aim")
    assert s.power_names(RED) == ("Human",) and s.power_names(YELLOW) == () and s.warp[YELLOW] == 1
    assert not s.power_active(YELLOW) and s.observation(BLUE)["powers"][RED] == ["Human"]
    drive(s, ["aim at blue 1", "ship from red 1", "done"])
    assert outcome(s) == "offense" and s.last_result["totals"] == (15, 14)
    assert s.power_names(RED) == ("Trader",) and s.power_names(YELLOW) == ("Human",)  # back at the end
    base = drive(arrange(**kw), ["aim at blue 1", "ship from red 1", "done"])
    assert outcome(base) == "defense" and base.last_result["totals"] == (11, 14)


def test_philanthropist_wild_lend_ends_with_a_short_encounter():
    # yellow lends Mite's power to red, whose bluster ends the encounter at once
    aliens = ["Trader", "Oracle", "Mite"]
    s = arrange(aliens=aliens, rules=flares(*aliens, "Philanthropist"),
                hands={RED: ["attack 10"], BLUE: BLUE_FIVE, YELLOW: ["Philanthropist flare"]})
    drive(s, ["play Philanthropist flare (wild): red", "aim at blue 1", "ship from red 1", "done",
              "Mite: give Mite a colony"])
    assert outcome(s) == "colony granted" and ships_on(s, RED, "blue 1") == 1
    assert s.power_of == [RED, BLUE, YELLOW] and s.power_names(RED) == ("Trader",) and s.has_power(YELLOW, "Mite")


def test_a_private_gift_is_masked_whole_when_one_face_name_holds_another(tmp_path):
    """A deck file may hold reinforcement +2 and +20: the gift of a +20 reads "a card" to the
    others, not "a card0" (the longer name is masked before the shorter one inside it)."""
    deck = (ROOT / "data" / "cosmic" / "deck.toml").read_text()
    deck = deck.replace("  { value = 5, count = 1 },\n]", "  { value = 5, count = 1 },\n  { value = 20, count = 1 },\n]")
    assert "value = 20, count = 1" in deck, "data/cosmic/deck.toml's reinforcement list moved: mend the edit above"
    (tmp_path / "deck.toml").write_text(deck)
    rules = cosmic.Rules(flares=False, powers=True, deck_file=str(tmp_path / "deck.toml"))
    s = arrange(aliens=trio("Philanthropist", RED), hands={RED: ["attack 04", "reinforcement +20"], BLUE: ["attack 08"]},
                rules=rules, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "use Philanthropist power: blue",
              "Philanthropist: give reinforcement +20"], until=lambda s: s.phase == "select")
    assert s.describe(s.log[-1], None) == "Philanthropist: give a card"
    assert s.describe(s.log[-1], viewer=RED, actor=RED) == "Philanthropist: give reinforcement +20"


def test_philanthropist_super_makes_the_receiver_play_the_gift():
    script = YELLOW_ALLY + ["use Philanthropist power: blue", "Philanthropist: give attack 01",
                            "!play Philanthropist flare (super)"]
    s, base = with_flare("Philanthropist", script, aliens=trio("Philanthropist", YELLOW),
                         hands={RED: ["attack 08"], BLUE: ["attack 20"], YELLOW: ["attack 01", "Philanthropist flare"]})
    assert outcome(s) == "offense" and s.last_result["totals"] == (10, 5)
    assert outcome(base) == "defense" and base.last_result["totals"] == (10, 24)


def test_philanthropist_super_binds_the_receiver_in_the_givers_determinizations():
    # The giver knows the gift and the flare: in every world it imagines, the receiver must
    # select that card. Dealt again, the card of that face in the receiver's hand is the
    # first of the face by id (red's attack 08 here, not the one given), so the record must
    # follow the card to its new id.
    script = YELLOW_ALLY + ["use Philanthropist power: blue", "Philanthropist: give attack 08",
                            "play Philanthropist flare (super)"]
    s = arrange(aliens=trio("Philanthropist", YELLOW), rules=flares(*trio("Philanthropist", YELLOW)),
                hands={RED: ["attack 08", "attack 06"], BLUE: ["attack 20", "attack 12"],
                       YELLOW: ["attack 08", "Philanthropist flare"]})
    drive(s, script, until=lambda s: ("must select", BLUE) in {k[:2] for k in s.eflags})
    assert s.phase == "select" and s.current_player == RED  # red chooses; blue's choice is made for it
    for i in range(8):
        world = s.determinize(YELLOW, random.Random(i))
        (gift,) = [c for who, c, holder in world.known if who == YELLOW and holder == BLUE]
        assert world.t.name[gift] == "attack 08" and gift in world.hands[BLUE]
        start = world.encounters
        while world.encounters == start:  # each takes its last option (a free blue would not take the gift)
            world.apply(world.legal_actions()[-1])
        assert gift not in world.hands[BLUE] and world.last_result["cards"][1] == "attack", i
    # when every choice is asked (the default rules), blue is asked too, and its one
    # choice is the gift, in words
    s = arrange(aliens=trio("Philanthropist", YELLOW), rules=flares(*trio("Philanthropist", YELLOW)),
                hands={RED: ["attack 08", "attack 06"], BLUE: ["attack 20", "attack 12"],
                       YELLOW: ["attack 08", "Philanthropist flare"]}, ask_everyone=True)
    drive(s, script + ["select attack 06"], until=lambda s: s.current_player == BLUE and s.phase == "select")
    assert [str(a) for a in s.legal_actions()] == ["select attack 08"]


# ------------------------------------------------------------------ Reincarnator
LOSE = dict(hands={RED: ["attack 01"], BLUE: ["attack 20"]})


def reincarnator(pool: tuple[str, ...], extra: tuple[str, ...] = (), **kw) -> cosmic.State:
    """Reincarnator at red (and Will, Oracle) dealt from ``pool``, with an incarnation."""
    rules = kw.pop("rules", None) or cosmic.Rules(flares=False, alien_pool=pool)
    s = arrange(aliens=trio("Reincarnator", RED), rules=rules, **kw)
    s.extra[RED] = extra
    s._set_powers()
    return s


def test_reincarnator_draws_no_alien_barred_with_one_in_play():
    # an incarnation is drawn from the unused aliens, never one the sheets bar with an
    # alien in play (Sorcerer here: not Gambler), and every other unused one may come
    from ovnilab.cosmic.aliens.yellow_from_reveal import _unused_aliens

    s = arrange(aliens=["Sorcerer", "Will", "Reincarnator"])
    unused = _unused_aliens(s)
    assert "Gambler" not in unused and {"Zombie", "Virus", "Oracle"} <= set(unused)
    assert not {"Sorcerer", "Will", "Reincarnator"} & set(unused)


def test_reincarnator_takes_on_an_unused_alien_when_it_loses():
    # Miser (game set-up text) is never drawn, Will and Oracle are held: Human it is
    s, base = played("Reincarnator", RED, LAUNCH1,
                     rules=cosmic.Rules(flares=False, alien_pool=("Reincarnator", "Will", "Oracle", "Human", "Miser")),
                     **LOSE)
    assert outcome(s) == outcome(base) == "defense"
    assert s.extra[RED] == ("Human",) and s.power_names(RED) == ("Reincarnator", "Human")
    assert s.observation(BLUE)["powers"][RED] == ["Reincarnator", "Human"] and s.has_power(RED, "Human")
    assert base.extra == [(), (), ()] and base.power_names(RED) == ("Clone",)


def test_reincarnator_incarnation_works_beside_its_own_power_and_a_win_keeps_it():
    kw = dict(hands={RED: ["attack 10"], BLUE: ["attack 10"]})
    s = drive(reincarnator(("Reincarnator", "Will", "Oracle", "Human"), ("Human",), **kw), LAUNCH1)
    base = drive(reincarnator(("Reincarnator", "Will", "Oracle", "Human"), **kw), LAUNCH1)
    assert outcome(s) == "offense" and s.last_result["totals"] == (15, 14) and s.extra[RED] == ("Human",)
    assert outcome(base) == "defense" and base.last_result["totals"] == (11, 14)
    assert "Red · Reincarnator + Human" in re.sub(r"<[^>]+>", "", to_svg(s))


def test_reincarnator_trades_its_incarnation_on_a_later_loss():
    s = drive(reincarnator(("Reincarnator", "Will", "Oracle", "Human", "Macron"), ("Human",), **LOSE), LAUNCH1)
    assert outcome(s) == "defense" and s.extra[RED] == ("Macron",)
    t = drive(reincarnator(("Reincarnator", "Will", "Oracle", "Miser"), **LOSE), LAUNCH1)
    assert outcome(t) == "defense" and t.extra[RED] == ()  # nobody left to become


def test_reincarnator_zapped_does_not_change():
    pool = ("Reincarnator", "Will", "Oracle", "Human")
    s = reincarnator(pool, rules=cosmic.Rules(alien_pool=pool), hands={RED: ["attack 01"],
                                                                       BLUE: ["attack 20", "Cosmic Zap"]})
    drive(s, LAUNCH1 + ["play Cosmic Zap on red"])
    assert outcome(s) == "defense" and "play Cosmic Zap on red" in map(str, s.log) and s.extra[RED] == ()


def test_reincarnator_as_an_ally_of_the_losing_side():
    kw = dict(rules=cosmic.Rules(flares=False, alien_pool=("Will", "Reincarnator", "Oracle", "Human")),
              hands={RED: ["attack 01"], BLUE: ["attack 20"]})
    s = arrange(aliens=["Will", "Oracle", "Reincarnator"], **kw)
    drive(s, YELLOW_ALLY)
    assert outcome(s) == "defense" and s.extra[YELLOW] == ("Human",)


def test_reincarnator_wild_swaps_the_loser_power_after_the_encounter():
    aliens = list(NEUTRAL)
    kw = dict(aliens=aliens, rules=flares(*aliens, "Reincarnator", "Human"),
              hands={RED: ["attack 01"], BLUE: ["attack 20"], YELLOW: ["Reincarnator flare"]})
    s = drive(arrange(**kw), LAUNCH1 + ["play Reincarnator flare (wild): red"])
    base = drive(arrange(**kw), LAUNCH1)
    assert outcome(s) == outcome(base) == "defense"
    assert s.alien[RED] in ("Reincarnator", "Human") and s.power_names(RED) == (s.alien[RED],)
    assert "Reincarnator flare" in s.hand_names(RED) and "Reincarnator flare" not in s.hand_names(YELLOW)
    assert base.alien[RED] == "Will"


@pytest.mark.parametrize("hands,script,outcome_,losers", [
    ({RED: ["attack 20"], BLUE: ["attack 01"]}, [], "offense", ["blue"]),
    ({RED: ["attack 01"], BLUE: ["attack 20"]}, [], "defense", ["red"]),
    ({RED: ["negotiate"], BLUE: ["negotiate"]}, ["reject deal"], "deal_failed", ["blue", "red"]),
], ids=["offense wins", "defense wins", "deal failed"])
def test_reincarnator_wild_is_offered_for_each_loser(hands, script, outcome_, losers):
    """The wild flare goes to a main player who lost the encounter or failed to deal."""
    aliens = list(NEUTRAL)
    s = arrange(aliens=aliens, rules=flares(*aliens, "Reincarnator", "Human"),
                hands={**hands, YELLOW: ["Reincarnator flare"]})
    drive(s, LAUNCH1 + script, until=lambda s: any(str(a).startswith("play Reincarnator") for a in s.legal_actions()))
    assert s.outcome == outcome_
    assert sorted(str(a) for a in s.legal_actions() if str(a).startswith("play Reincarnator")) == [
        f"play Reincarnator flare (wild): {c}" for c in losers]


def test_reincarnator_super_makes_reincarnating_optional():
    pool = ("Reincarnator", "Will", "Oracle", "Human")
    kw = dict(rules=cosmic.Rules(alien_pool=pool), hands={RED: ["attack 01", "Reincarnator flare"],
                                                          BLUE: ["attack 20"]})
    s = drive(reincarnator(pool, **kw), LAUNCH1 + ["play Reincarnator flare (super)", "Reincarnator: keep my powers"])
    assert s.last_result["outcome"] == "defense" and s.extra[RED] == ()
    base = drive(reincarnator(pool, **kw), LAUNCH1)
    assert base.extra[RED] == ("Human",)


def test_render_names_a_lent_power():
    aliens = ["Trader", "Oracle", "Human"]
    s = arrange(aliens=aliens, rules=flares(*aliens, "Philanthropist"),
                hands={RED: ["attack 10"], BLUE: ["attack 10"], YELLOW: ["Philanthropist flare"]})
    drive(s, ["play Philanthropist flare (wild): red"], until=lambda s: s.phase == "aim")
    text = html.unescape(re.sub(r"<[^>]+>", "", to_svg(s)))
    assert "Red · Trader, using yellow's Human" in text and "Yellow · Human, lent to red" in text
    assert "power LENT" in text


# ------------------------------------------------------------------ random games
def test_random_games_with_these_aliens_dealt():
    """150 random games whose pools hold these aliens (each dealt, its flare in the deck,
    most of the time): the invariants hold after every action, a determinization keeps
    the actor's view and its legal actions, saves replay; every flare side is played."""
    others = [a for a in cosmic.implemented_aliens() if a not in MINE]
    used: Counter = Counter()
    dealt: Counter = Counter()
    for seed in range(150):
        n = 3 + seed % 3
        rng = random.Random(1000 + seed)
        pool = MINE + tuple(rng.sample(others, 2 * n + 1 - len(MINE)))
        s = cosmic.new_game(n, seed=seed, rules=cosmic.Rules(alien_pool=pool))

        def choose(legal, rng):
            mine = [a for a in legal if a.kind in ("flare", "power") and a.a in MINE]
            return rng.choice(mine) if mine and rng.random() < 0.5 else rng.choice(legal)

        def note(a):
            if a.kind in ("flare", "power", "choose") and a.a in MINE:
                used[(a.a, a.b if a.kind == "flare" else "power")] += 1

        random_playout(s, rng, 17, choose=choose, on_action=note, twin_plays=True)
        dealt.update(a for a in s.alien if a in MINE)
        if seed % 10 == 0:
            assert cosmic.load_json(s.to_json()) == s
    assert set(dealt) == set(MINE), dealt
    assert set(used) >= {(a, side) for a in MINE for side in ("wild", "super")}, used
