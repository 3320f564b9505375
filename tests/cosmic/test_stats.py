"""Encounter odds, encounters played by the engine, the planning game, result extras."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from ovnilab import analysis, cosmic, theory
from ovnilab.cosmic import stats
from ovnilab.bots import RandomBot
from ovnilab.sim import run_many

FACES = ["attack 00", "attack 04", "attack 08", "attack 10", "attack 20", "attack 40", "negotiate", "morph"]


# ----------------------------------------------------------------- the card rule
@pytest.mark.parametrize("ships", [(1, 0), (4, 4), (2, 6)])
def test_resolve_cards_agrees_with_the_engine(ships):
    o, d = ships
    copies = stats.card_distribution()
    for a, b in itertools.product(FACES, FACES):
        if a == b and copies[a] < 2:  # one attack 00, one attack 40, one morph
            continue
        r = stats.play_encounter(a, b, o, d, deal="swap")
        winner, comp = stats.resolve_cards(a, b, o, d)
        expected = {"offense": "offense", "defense": "defense", "deal": "deal_made"}[winner]
        assert r.outcome == expected, (a, b, ships)
        if r.totals is not None:
            # attack against attack: the totals are card value plus ships
            va = int(b.split()[1]) if a == "morph" else int(a.split()[1])
            vb = int(a.split()[1]) if b == "morph" else int(b.split()[1])
            assert r.totals == (va + o, vb + d)
        # compensation goes to the side that lost with a negotiate
        if comp == "defense":
            assert a != "negotiate" and b == "negotiate"
        if comp == "offense":
            assert a == "negotiate" and b != "negotiate"


def test_double_morph_reading():
    assert stats.resolve_cards("morph", "morph", 3, 2) == ("offense", None)
    assert stats.resolve_cards("morph", "morph", 2, 2) == ("defense", None)
    assert stats.resolve_cards("morph", "morph", 3, 2, double_morph="negotiate") == ("deal", None)
    with pytest.raises(ValueError, match=r"^'Card Zap' is not an encounter card; choose from \['attack 00', "
                                         r"'attack 01', .*'attack 40', 'negotiate', 'morph'\]$"):
        stats.resolve_cards("Card Zap", "attack 04", 1, 1)
    with pytest.raises(ValueError, match="^no pair of encounter cards can be drawn$"):
        stats.outcome_probabilities((), (("attack 04", 1),), 1, 1)


def test_encounter_odds_equal_brute_force_over_the_deck():
    g = cosmic.load_data()
    cards = [g.faces[g.card_face[c]].name for c in range(g.deck_size) if g.faces[g.card_face[c]].is_encounter]
    assert len(cards) == 55  # 39 attacks, 15 negotiates, 1 morph
    for o, d in [(1, 0), (3, 4), (4, 8)]:
        wins = Counter()
        for i, j in itertools.permutations(range(len(cards)), 2):
            wins[stats.resolve_cards(cards[i], cards[j], o, d)[0]] += 1
        total = sum(wins.values())
        odds = stats.encounter_odds(o, d)
        for k in ("offense", "defense", "deal"):
            assert odds[k] == pytest.approx(wins[k] / total, abs=1e-12)
    # one card fixed: drawn from the full deck
    odds = stats.encounter_odds(4, 4, offense_card="attack 20")
    beat = sum(1 for c in cards if stats.resolve_cards("attack 20", c, 4, 4)[0] == "offense")
    assert odds["offense"] == pytest.approx(beat / len(cards))


def test_odds_grow_with_offense_ships_and_fall_with_defense_ships():
    for d in range(0, 9):
        row = [stats.encounter_odds(o, d)["offense"] for o in range(1, 5)]
        assert row == sorted(row) and row[0] < row[-1]
    col = [stats.encounter_odds(4, d)["offense"] for d in range(0, 9)]
    assert col == sorted(col, reverse=True)
    assert all(abs(sum(stats.encounter_odds(o, d).values()) - 1) < 1e-12 for o in (1, 4) for d in (0, 5))
    # a custom deck: only negotiates and one attack
    odds = stats.encounter_odds(1, 1, deck={"negotiate": 3, "attack 10": 1})
    assert odds["deal"] == pytest.approx(Fraction(6, 12))
    assert odds["offense"] == pytest.approx(Fraction(3, 12))


def test_odds_table_is_deterministic_text():
    t = stats.odds_table((1, 4), (0, 4), offense_card="attack 08")
    assert t.columns == ["offense ships", "d=0", "d=4"]
    assert str(t) == str(stats.odds_table((1, 4), (0, 4), offense_card="attack 08"))
    assert t.row(**{"offense ships": 4})["d=0"] == pytest.approx(stats.encounter_odds(4, 0, "attack 08")["offense"])
    m = stats.odds_matrix((1, 4), (0, 4))
    assert m[1][0] == pytest.approx(stats.encounter_odds(4, 0)["offense"])


# ----------------------------------------------------------------- encounters by the engine
def test_play_encounter_reports_what_moved():
    r = stats.play_encounter("attack 20", "attack 04", 4, 4)
    assert (r.outcome, r.colonies, r.ships, r.cards, r.totals) == ("offense", (1, 0), (0, -4), (-1, -1), (24, 8))
    # a negotiate that loses takes one card per ship lost from the winner's hand
    r = stats.play_encounter("negotiate", "attack 04", 3, 4, hand_size=8)
    assert r.outcome == "defense" and r.ships == (-3, 0) and r.cards == (-1 + 3, -1 - 3)
    r = stats.play_encounter("attack 04", "negotiate", 2, 5, hand_size=8)
    assert r.outcome == "offense" and r.colonies == (1, 0) and r.ships == (0, -5) and r.cards == (-1 - 5, -1 + 5)
    # two negotiates: a deal that swaps colonies, or one that fails (three ships each)
    r = stats.play_encounter("negotiate", "negotiate", deal="swap",
                             offense_hand=["negotiate"], defense_hand=["negotiate", "attack 06"])
    assert r.outcome == "deal_made" and r.colonies == (1, 1) and r.ships == (0, 0)
    r = stats.play_encounter("negotiate", "negotiate", deal="fail",
                             offense_hand=["negotiate"], defense_hand=["negotiate", "attack 06"])
    assert r.outcome == "deal_failed" and r.colonies == (0, 0) and r.ships == (-3, -3)
    assert r.value(0) == pytest.approx(-3 * 0.2 - 0.1)
    assert r.value(1, stats.Weights(ship=1, card=0)) == -3


def test_play_encounter_applies_powers():
    # Pacifist: a negotiate beats an attack (and takes no compensation)
    r = stats.play_encounter("attack 20", "negotiate", aliens=(None, "Pacifist"), hand_size=8)
    assert r.outcome == "defense" and r.ships == (-4, 0) and r.cards == (-1, -1)
    # Macron: one ship that counts four
    r = stats.play_encounter("attack 10", "attack 12", 1, 4, aliens=("Macron", None))
    assert r.totals == (14, 16) and r.outcome == "defense" and r.ships == (-1, 0)
    with pytest.raises(ValueError, match="1 to 1 ships"):
        stats.play_encounter("attack 10", "attack 12", 2, 4, aliens=("Macron", None))
    # Loser: declaring the upset makes the losing side win
    base = stats.play_encounter("attack 04", "attack 20", 4, 4, aliens=("Loser", None))
    upset = stats.play_encounter("attack 04", "attack 20", 4, 4, aliens=("Loser", None), use_powers=("Loser",))
    assert base.outcome == "defense" and upset.outcome == "offense"
    assert "use Loser power" in upset.log
    # Warrior: tokens add to the total
    r = stats.play_encounter("attack 08", "attack 08", 4, 4, aliens=("Warrior", None), tokens=(3, 0))
    assert r.totals == (15, 12) and r.outcome == "offense"


def test_arrange_encounter_checks_its_input():
    s = stats.arrange_encounter(["attack 10"], ["attack 04", "negotiate"], defense_ships=7, hand_size=5)
    cosmic.check_invariants(s)
    assert s.ships[s.planet("blue 1") * s.n + 1] == 7 and s.warp == [0, 0, 0]
    assert [len(h) for h in s.hands] == [5, 5, 0]
    assert s.phase == "aim" and s.current_player == 0 and s.defender == 1
    with pytest.raises(ValueError, match="defense_ships"):
        stats.arrange_encounter(["attack 10"], ["attack 04"], defense_ships=17)
    with pytest.raises(ValueError, match="no card 'attack 40' left"):
        stats.arrange_encounter(["attack 40"], ["attack 40"])
    with pytest.raises(ValueError, match="in its player's hand"):
        stats.play_encounter("attack 10", "attack 04", offense_hand=["attack 20"])


# ----------------------------------------------------------------- the planning game
def test_planning_game_cells_are_engine_encounters():
    oh, dh = ["attack 08", "attack 15", "negotiate"], ["attack 06", "attack 14", "negotiate"]
    g = stats.planning_game(oh, dh, 4, 4, deal="fail")
    assert g.row_labels == tuple(oh) and g.col_labels == tuple(dh) and g.players == ("offense", "defense")
    for i, a in enumerate(oh):
        for j, b in enumerate(dh):
            r = stats.play_encounter(a, b, 4, 4, oh, dh, deal="fail", hand_size=8)
            assert g.row_payoffs[i, j] == pytest.approx(r.value(0))
            assert g.col_payoffs[i, j] == pytest.approx(r.value(1))
    z = stats.planning_game(oh, dh, 4, 4, relative=True)
    assert z.is_zero_sum()
    # every equilibrium the solver finds passes the independent check
    for game in (g, z):
        eqs = theory.equilibria(game)
        assert eqs
        for e in eqs:
            assert theory.is_equilibrium(game, *e.strategies)


def test_a_power_changes_the_planning_game():
    oh, dh = ["attack 08", "attack 15", "negotiate"], ["attack 06", "attack 14", "negotiate"]
    plain = stats.planning_game(oh, dh, 4, 4, relative=True)
    pacifist = stats.planning_game(oh, dh, 4, 4, aliens=(None, "Pacifist"), relative=True)
    # the defense's negotiate now wins against attacks: better for the defense
    j = plain.index("col", "negotiate")
    assert all(pacifist.col_payoffs[i, j] > plain.col_payoffs[i, j] for i in range(2))
    assert theory.value(pacifist) < theory.value(plain)


# ----------------------------------------------------------------- result extras
def test_result_extras_feed_win_rates_by_alien(monkeypatch):
    monkeypatch.setattr(cosmic.State, "result_extras", stats.result_extras, raising=False)
    res = run_many("cosmic", [RandomBot()] * 3, 6, seed=4, progress=False)
    g = res[0]
    assert set(g.extras) == {"alien", "home_colonies", "ships_in_warp", "cards_in_hand", "power_active",
                             "turns", "encounters", "limit_reached", "win_reason"}
    assert len(g.extras["alien"]) == 3 and all(a in cosmic.implemented_aliens() for a in g.extras["alien"])
    assert g.extras["turns"] >= 1 and g.extras["encounters"] >= g.extras["turns"] - 1
    table = analysis.win_rate_by(res, "alien")
    assert sum(r["n"] for r in table) == 18
    assert sum(r["wins"] for r in table) == pytest.approx(6)
    state = cosmic.new_game(3, seed=1, rules=cosmic.Rules(powers=False))
    rng = random.Random(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    extras = stats.result_extras(state)
    assert extras["alien"] == [None, None, None] and extras["power_active"] == [False] * 3
