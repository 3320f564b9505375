"""Every rule of the cow game's rulebook (seeds/004_*.txt), one test at a time."""

from __future__ import annotations

from collections import Counter

import pytest

from ovnilab import IllegalAction, cows
from ovnilab.cows import rules as R
from ovnilab.cows.data import MOON, Effect, Face, load_cards

from .scenario import (
    blank,
    empty_deck,
    small_cards_file,
    texts,
    to_celeiro,
    to_deck_bottom,
    to_hand,
    to_pyramid,
)

FACES = {f.name: f for f in load_cards().faces}


def illegal(state, action, match):
    """``action`` is refused with a message naming the rule; the state is untouched."""
    before = state.clone()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state == before


# ------------------------------------------------------------------- set-up
def test_setup_splits_flips_half_and_shuffles():
    decks = set()
    turned = Counter()
    for seed in range(400):
        s = cows.new_game(seed=seed)
        assert len(s.deck) == 18
        assert s.hand == [[], []] and s.mask == [0, 0] and s.cel == [[]]
        decks.add(tuple(s.deck))
        turned[sum(s.up)] += 1
    assert len(decks) == 400
    # no side is marked, so the cards leave the box any way up and turning one half over
    # leaves each a fair coin: the number side B up varies (Binomial(18, 1/2): 9 in 18.5%)
    assert len(turned) >= 7 and 0.12 < turned[9] / 400 < 0.26
    assert cows.new_game(seed=4).deck == cows.new_game(seed=4).deck  # all chance from the seed


def test_celeiro_face_for_one_or_two_discard_areas():
    assert cows.new_game(seed=1, discard_areas=2).cel == [[], []]
    with pytest.raises(ValueError, match="discard_areas"):
        cows.new_game(seed=1, discard_areas=3)


def test_starting_player_drawn_or_fixed():
    starters = {cows.new_game(seed=s).current_player for s in range(20)}
    assert starters == {0, 1}
    s = cows.new_game(seed=3, rules=cows.Rules(starting_player=1))
    assert s.current_player == 1 == s.starter
    with pytest.raises(ValueError, match="starting_player"):
        cows.Rules(starting_player=2)


def test_first_turn_can_only_draw():
    s = cows.new_game(seed=2)
    assert texts(s) == ["draw 2"]


# ------------------------------------------------------------- main actions
def test_draw_two_from_the_bottom_keep_one_discard_the_other():
    s = blank()
    to_deck_bottom(s, "Mimosa", "Bezerrinho")
    to_deck_bottom(s, "Curral", "Gêmeos")  # now the very bottom card
    top = s.deck[0]
    s.apply("draw 2")
    assert [s.face(c).name for c in s.drawn] == ["Curral", "Mimosa"]
    assert s.deck[0] == top and len(s.deck) == 16
    assert texts(s) == [
        "keep Curral (drawn 1), discard Mimosa (drawn 2) to Celeiro 1",
        "keep Mimosa (drawn 2), discard Curral (drawn 1) to Celeiro 1",
    ]
    s.apply("keep Mimosa (drawn 2), discard Curral (drawn 1) to Celeiro 1")
    # rulebook: the kept card keeps its orientation; the other goes to the Celeiro
    assert s.face(s.hand[0][0]).name == "Mimosa"
    assert s.face(s.cel[0][-1]).name == "Curral"


def test_two_discard_areas_let_the_player_choose():
    s = blank(areas=2)
    to_deck_bottom(s, "Mimosa", "Bezerrinho")
    to_deck_bottom(s, "Curral", "Gêmeos")
    s.apply("draw 2")
    assert len(s.legal_actions()) == 4
    s.apply("keep Curral (drawn 1), discard Mimosa (drawn 2) to Celeiro 2")
    assert s.cel[0] == [] and s.face(s.cel[1][0]).name == "Mimosa"
    one = blank(areas=1)
    one.apply("draw 2")
    bad = str(one.legal_actions()[0]).replace("Celeiro 1", "Celeiro 2")
    illegal(one, bad, "1 discard area")


def test_take_only_the_visible_top_of_a_celeiro():
    s = blank()
    to_celeiro(s, 1, "Curral", "Gêmeos")
    to_celeiro(s, 1, "Mimosa", "Bezerrinho")
    assert "take Mimosa from Celeiro 1" in texts(s)
    illegal(s, "take Curral from Celeiro 1", "visible top card of Celeiro 1 is Mimosa")
    s.apply("take Mimosa from Celeiro 1")
    assert [s.face(c).name for c in s.hand[0]] == ["Mimosa"]
    assert [s.face(c).name for c in s.cel[0]] == ["Curral"]


def test_flip_a_card_in_hand_without_firing_its_effect():
    s = blank()
    c = to_hand(s, 0, "Sonda", "Raio Trator")
    s.apply("flip Sonda (hand 1)")
    assert s.face(c).name == "Raio Trator"
    assert s.seen[c] == 0b11  # both sides were shown to everyone
    assert s.phase == R.AFTER and not s.stack  # effects fire only in a pyramid


def test_only_one_main_action_per_turn():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_celeiro(s, 1, "Curral", "Gêmeos")
    s.apply("flip Mimosa (hand 1)")
    assert not any(a.kind in ("draw", "take", "flip") for a in s.legal_actions())
    illegal(s, "draw 2", "one main action per turn")
    illegal(s, "take Curral from Celeiro 1", "one main action per turn")


def test_with_the_deck_empty_play_goes_on_with_celeiro_and_flips():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    empty_deck(s)
    kinds = {a.kind for a in s.legal_actions()}
    assert "draw" not in kinds and {"take", "flip"} <= kinds
    illegal(s, "draw 2", "the deck is empty")


def test_pass_when_no_main_action_exists(tmp_path):
    # 12 cards: 9 in pyramids, 3 in seat 1's hand, nothing left for seat 0
    s = blank(rules=cows.Rules(cards_file=small_cards_file(tmp_path)))
    names = [(s.face(c).name, s.back(c).name) for c in range(12)]
    for i, (f, b) in enumerate(names[:5]):
        to_pyramid(s, 0, i, f, b)
    for i, (f, b) in enumerate(names[5:9]):
        to_pyramid(s, 1, i, f, b)
    for f, b in names[9:]:
        to_hand(s, 1, f, b)
    assert not s.deck and not s.cel[0] and not s.hand[0]
    cows.check_invariants(s)
    assert texts(s) == ["pass"]
    s.apply("pass")
    assert s.current_player == 1 and s.stall == 1


# --------------------------------------------------------------- the build
def test_build_is_free_once_per_turn_before_the_main_action():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Curral", "Gêmeos")
    s.apply("build Mimosa (hand 1) at row 1 slot 1")
    assert s.current_player == 0 and s.phase == R.MAIN
    assert not any(a.kind == "build" for a in s.legal_actions())
    illegal(s, "build Curral (hand 1) at row 2 slot 1", "once per turn")
    s.apply("draw 2")
    s.apply(s.legal_actions()[0])
    # main action done and build used: the turn ends by itself
    assert s.current_player == 1 and s.turns == 2


def test_build_after_the_main_action_or_end_the_turn():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    s.apply("flip Mimosa (hand 1)")
    assert texts(s) == ["build Bezerrinho (hand 1) at row 1 slot 1", "end turn"]
    s.apply("build Bezerrinho (hand 1) at row 1 slot 1")
    assert s.current_player == 1
    s2 = blank()
    to_hand(s2, 0, "Mimosa", "Bezerrinho")
    illegal(s2, "end turn", "make your main action")
    s2.apply("flip Mimosa (hand 1)")
    s2.apply("end turn")
    assert s2.current_player == 1 and len(s2.hand[0]) == 1


def test_never_more_than_three_cards_in_hand():
    s = blank()
    for f, b in (("Mimosa", "Bezerrinho"), ("Curral", "Gêmeos"), ("Sonda", "Manada")):
        to_hand(s, 0, f, b)
    to_celeiro(s, 1, "Farol", "Boi Bravo")
    kinds = {a.kind for a in s.legal_actions()}
    assert "draw" not in kinds and "take" not in kinds and "build" in kinds
    illegal(s, "draw 2", "never more than 3 cards in hand: build one first")
    illegal(s, "take Farol from Celeiro 1", "never more than 3 cards")
    s.apply("build Mimosa (hand 1) at row 1 slot 1")  # build first ...
    s.apply("draw 2")  # ... then draw the 4th card
    s.apply(s.legal_actions()[0])
    assert len(s.hand[0]) == 3


def test_build_during_draw_option():
    rules = cows.Rules(build_during_draw=True)
    s = blank(rules=rules)
    for f, b in (("Mimosa", "Bezerrinho"), ("Curral", "Gêmeos"), ("Sonda", "Manada")):
        to_hand(s, 0, f, b)
    assert "draw 2" in texts(s)
    s.apply("draw 2")
    assert all(a.kind == "build" for a in s.legal_actions())  # see, then build, then keep
    s.apply("build Mimosa (hand 1) at row 1 slot 1")
    assert all(a.kind == "keep" for a in s.legal_actions())
    s.apply(s.legal_actions()[0])
    assert len(s.hand[0]) == 3 and s.current_player == 1


# ----------------------------------------------------------- the pyramid
def test_open_slots_follow_the_placement_rules():
    assert R.open_slots(0) == [0]  # start with row 1
    assert R.open_slots(0b1) == [1, 2]  # row 2 after row 1 is complete
    assert R.open_slots(0b011) == [2, 3, 4]  # row 3 under row 2 slot 1
    assert R.open_slots(0b101) == [1, 4, 5]
    assert R.open_slots(0b011, "both") == [2, 3]  # the middle needs both cards above
    assert R.open_slots(0b111, "both") == [3, 4, 5]
    assert R.open_slots([True, True, True, True, True, False]) == [5]
    assert R.open_slots(R.FULL) == []


def test_engine_refuses_unsupported_placements():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    assert [a.c for a in s.legal_actions() if a.kind == "build"] == [0]
    illegal(s, "build Mimosa (hand 1) at row 2 slot 1", "start the pyramid with row 1")
    to_pyramid(s, 0, 0, "Curral", "Gêmeos")
    illegal(s, "build Mimosa (hand 1) at row 3 slot 1", "row 3 starts once row 2 has at least one card")
    illegal(s, "build Mimosa (hand 1) at row 1 slot 1", "already holds a card")
    to_pyramid(s, 0, 1, "Sonda", "Manada")
    illegal(s, "build Mimosa (hand 1) at row 3 slot 3", "supporting card")
    assert sorted(a.c for a in s.legal_actions() if a.kind == "build") == [2, 3, 4]
    illegal(s, "build Mimosa (hand 2) at row 2 slot 2", "only cards in your hand")
    illegal(s, "build Farol (hand 1) at row 2 slot 2", "hand card 1 shows Mimosa")


def test_support_both_option():
    s = blank(rules=cows.Rules(support="both"))
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_pyramid(s, 0, 0, "Curral", "Gêmeos")
    to_pyramid(s, 0, 1, "Sonda", "Manada")
    assert sorted(a.c for a in s.legal_actions() if a.kind == "build") == [2, 3]


def test_adjacency_is_a_networkx_graph_of_the_six_slots():
    g = cows.pyramid_graph()
    assert g.number_of_nodes() == 6 and g.number_of_edges() == 9
    assert dict(g.degree()) == {0: 2, 1: 4, 2: 4, 3: 2, 4: 4, 5: 2}
    assert g.nodes[4]["name"] == "row 3 slot 2"
    assert set(g.neighbors(4)) == {1, 2, 3, 5}


# -------------------------------------------------------- immediate effects
def test_flip_opponent_card_fires_on_placement():
    s = blank()
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    theirs = to_pyramid(s, 1, 0, "Mimosa", "Bezerrinho")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")
    assert s.phase == R.EFFECT and s.current_player == 0
    assert texts(s) == ["flip opponent's Mimosa at row 1 slot 1", "skip effect"]
    s.apply("flip opponent's Mimosa at row 1 slot 1")
    assert s.face(theirs).name == "Bezerrinho" and s.seen[theirs] == 0b11
    assert s.phase == R.MAIN and s.current_player == 0  # the turn goes on


def test_optional_effects_can_be_skipped():
    s = blank()
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    theirs = to_pyramid(s, 1, 0, "Mimosa", "Bezerrinho")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")
    s.apply("skip effect")
    assert s.face(theirs).name == "Mimosa" and s.phase == R.MAIN


def test_an_effect_without_a_target_fizzles():
    s = blank()
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")  # the opponent has no pyramid yet
    assert s.phase == R.MAIN and not s.stack


def test_a_flipped_card_fires_its_new_side_chosen_by_its_owner():
    s = blank()
    mine = to_pyramid(s, 0, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_pyramid(s, 1, 0, "Sonda", "Raio Trator")
    s.apply("build Raio Trator (hand 1) at row 2 slot 1")
    s.apply("flip opponent's Sonda at row 1 slot 1")
    # rulebook: the revealed Raio Trator fires as if just placed - by its owner, seat 1
    assert s.current_player == 1 and s.turn == 0
    # the Raio Trator just placed is part of the chain: only Mimosa can be flipped
    assert texts(s) == ["flip opponent's Mimosa at row 1 slot 1", "skip effect"]
    illegal(s, "flip opponent's Raio Trator at row 2 slot 1", "placed or flipped in this chain")
    s.apply("flip opponent's Mimosa at row 1 slot 1")
    assert s.face(mine).name == "Bezerrinho"
    assert s.current_player == 0 and s.phase == R.MAIN


def test_chain_rule_stops_flip_loops():
    s = blank()
    # Disco Voador flips one of your cards; the card it reveals is another Disco Voador,
    # which could flip the first back, and so on forever without the chain rule
    to_pyramid(s, 0, 0, "Vaca Lunar", "Disco Voador")
    to_hand(s, 0, "Disco Voador", "Boi Bravo")
    s.apply("build Disco Voador (hand 1) at row 2 slot 1")
    assert texts(s) == ["flip own Vaca Lunar at row 1 slot 1", "skip effect"]
    s.apply("flip own Vaca Lunar at row 1 slot 1")
    assert s.phase == R.MAIN and s.chain_flips == 1 and not s.stack


def test_max_chain_flips_option():
    s = blank(rules=cows.Rules(max_chain_flips=1))
    to_pyramid(s, 0, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_pyramid(s, 1, 0, "Sonda", "Raio Trator")
    s.apply("build Raio Trator (hand 1) at row 2 slot 1")
    s.apply("flip opponent's Sonda at row 1 slot 1")
    assert s.current_player == 0 and s.phase == R.MAIN  # the second flip is capped


@pytest.mark.parametrize("cap", [0, 2, 3])
def test_max_chain_flips_caps_a_chain_of_three(cap):
    """A chain whose third flip is possible: Raio Trator flips the opponent's Sonda, whose
    revealed Raio Trator flips back Boi Bravo, whose revealed Disco Voador may flip an own
    card. A cap of 2 ends the chain after the second flip; no cap or a cap of 3 offers the
    third."""
    s = blank(rules=cows.Rules(max_chain_flips=cap))
    to_pyramid(s, 0, 0, "Boi Bravo", "Disco Voador")
    to_pyramid(s, 0, 2, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_pyramid(s, 1, 0, "Sonda", "Raio Trator")
    s.apply("build Raio Trator (hand 1) at row 2 slot 1")
    s.apply("flip opponent's Sonda at row 1 slot 1")
    s.apply("flip opponent's Boi Bravo at row 1 slot 1")
    assert s.chain_flips == 2
    if cap == 2:
        assert s.phase == R.MAIN and not s.stack and s.current_player == 0
        assert "flip own Mimosa at row 2 slot 2" not in texts(s)
    else:
        assert s.phase == R.EFFECT and s.current_player == 0
        assert texts(s) == ["flip own Mimosa at row 2 slot 2", "skip effect"]


def test_eclipse_flips_a_sun_card_in_either_pyramid():
    s = blank()
    to_pyramid(s, 0, 0, "Estrela", "Vaca Lunar")
    to_pyramid(s, 0, 1, "Mimosa", "Bezerrinho")
    to_pyramid(s, 1, 0, "Curral", "Gêmeos")
    to_pyramid(s, 1, 1, "Sol do Meio-Dia", "Eclipse")
    to_hand(s, 0, "Eclipse", "Lua Cheia")
    s.apply("build Eclipse (hand 1) at row 2 slot 2")
    assert texts(s) == ["flip own Estrela at row 1 slot 1",
                        "flip opponent's Sol do Meio-Dia at row 2 slot 1", "skip effect"]
    s.apply("flip opponent's Sol do Meio-Dia at row 2 slot 1")
    # the revealed Eclipse is the opponent's: it may flip a Sun card, here only Estrela
    assert s.current_player == 1
    assert texts(s) == ["flip opponent's Estrela at row 1 slot 1", "skip effect"]


def test_mandatory_flip(tmp_path):
    from ovnilab.cows.data import data_dir

    text = (data_dir() / "cows" / "cards.toml").read_text(encoding="utf-8").replace(
        '{type = "flip", target = "opponent"}', '{type = "flip", target = "opponent", optional = false}')
    path = tmp_path / "must.toml"
    path.write_text(text, encoding="utf-8")
    s = blank(rules=cows.Rules(cards_file=str(path)))
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_pyramid(s, 1, 0, "Mimosa", "Bezerrinho")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")
    assert texts(s) == ["flip opponent's Mimosa at row 1 slot 1"]
    illegal(s, "skip effect", "not optional")
    illegal(s, "draw 2", "effect is resolving")


def test_peek_shows_the_backs_of_your_hand_to_you_only():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Sonda", "Manada")
    assert s.observation(0)["hands"][0][0] == {"face": "Mimosa", "back": None}
    s.apply("build Sonda (hand 2) at row 1 slot 1")
    assert s.observation(0)["hands"][0][0] == {"face": "Mimosa", "back": "Bezerrinho"}
    assert s.observation(1)["hands"][0][0] == {"face": "Mimosa", "back": None}


def test_peek_keeps_what_the_opponent_saw_of_a_flipped_hand_card():
    """A hand card flipped as the main action showed both sides to both seats; the owner's
    peek afterwards adds to what seats know, it does not make the opponent forget."""
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Sonda", "Manada")
    s.apply("flip Mimosa (hand 1)")
    assert s.observation(1)["hands"][0][0] == {"face": "Bezerrinho", "back": "Mimosa"}
    s.apply("build Sonda (hand 2) at row 1 slot 1")
    for seat in (0, 1):
        assert s.observation(seat)["hands"][0][0] == {"face": "Bezerrinho", "back": "Mimosa"}


def two_effect_cards(tmp_path) -> cows.Rules:
    """The card set with Sonda's peek followed by an opponent flip, and Raio Trator's flip
    followed by a peek (a face may print several immediate effects: first printed, first
    resolved)."""
    from ovnilab.cows.data import data_dir

    text = (data_dir() / "cows" / "cards.toml").read_text(encoding="utf-8")
    edited = text.replace('effects = [{type = "peek"}, {type = "hand", points = 1}]',
                          'effects = [{type = "peek"}, {type = "flip", target = "opponent"}, {type = "hand", points = 1}]')
    edited = edited.replace('effects = [{type = "flip", target = "opponent"}]\nnote = "Tractor',
                            'effects = [{type = "flip", target = "opponent"}, {type = "peek"}]\nnote = "Tractor')
    assert edited.count('{type = "peek"}') == text.count('{type = "peek"}') + 1 and edited.count("opponent") > text.count("opponent")
    path = tmp_path / "two_effects.toml"
    path.write_text(edited, encoding="utf-8")
    return cows.Rules(cards_file=str(path))


def test_the_effect_after_a_peek_still_resolves(tmp_path):
    s = blank(rules=two_effect_cards(tmp_path))
    to_pyramid(s, 1, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Sonda", "Manada")
    s.apply("build Sonda (hand 1) at row 1 slot 1")
    assert s.phase == R.EFFECT and texts(s) == ["flip opponent's Mimosa at row 1 slot 1", "skip effect"]


def test_the_effect_after_a_flip_with_no_target_still_resolves(tmp_path):
    s = blank(rules=two_effect_cards(tmp_path))
    to_hand(s, 0, "Raio Trator", "Fazendeiro")
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    s.apply("build Raio Trator (hand 1) at row 1 slot 1")  # the opponent has no pyramid: it fizzles
    assert s.phase == R.MAIN and not s.stack
    assert s.observation(0)["hands"][0][0] == {"face": "Mimosa", "back": "Bezerrinho"}  # the peek after it


# ------------------------------------------------------------------ scoring
def faces(*names):
    out = [FACES[n] if n else None for n in names]
    return out + [None] * (6 - len(out))


def value(*names):
    """The summed base values of faces (read from the card file: values are tuned there)."""
    return sum(FACES[n].value for n in names)


def points(name):
    """The points of a face's (only) effect, as the card file prints them."""
    (effect,) = FACES[name].effects
    return effect.points


def test_base_values_and_adjacency():
    # Bezerrinho (slot 0) next to the cows Estrela (slot 1) and Vaca Lunar (slot 2); Vaca
    # Lunar next to no Moon but itself
    b = cows.score_pyramid(faces("Bezerrinho", "Estrela", "Vaca Lunar", "Gêmeos"))
    assert b["base"] == value("Bezerrinho", "Estrela", "Vaca Lunar", "Gêmeos")
    assert b["adjacency"] == 2 * points("Bezerrinho")
    bull = cows.score_pyramid(faces("Mimosa", "Curral", "Sonda", "Farol", "Boi Bravo", "Gêmeos"))
    assert bull["adjacency"] == -4  # Boi Bravo in the middle of row 3 has 4 neighbours
    sun = cows.score_pyramid(faces("Estrela", "Sol do Meio-Dia", "Fazendeiro"))
    assert sun["adjacency"] == 2  # Sol do Meio-Dia touches two Suns


def test_end_of_game_counts_and_majorities():
    moons = cows.score_pyramid(faces("Lua Cheia", "Sonda", "Vaca Lunar"))
    assert moons["end_of_game"] == 3  # Lua Cheia counts itself
    farmer = cows.score_pyramid(faces("Fazendeiro", "Mimosa", "Estrela"))
    assert farmer["end_of_game"] == -2
    corral = faces("Curral", "Mimosa")
    assert cows.score_pyramid(corral, faces("Sonda"))["end_of_game"] == 4
    assert cows.score_pyramid(corral, faces("Estrela"))["end_of_game"] == 0  # a tie is no majority


def test_count_in_the_opponent_pyramid():
    spy = Face("Espiã", 0, "", 0, 0, (Effect("count", "end", points=2, symbol=MOON, whose="opponent"),))
    assert cows.score_pyramid([spy] + [None] * 5, faces("Sonda", "Lua Cheia"))["end_of_game"] == 4


@pytest.mark.parametrize("symbol", range(5))
def test_an_empty_opponent_pyramid_shows_no_symbol(symbol):
    """Before the opponent builds, their pyramid counts 0 of every symbol (Sun, Moon,
    cow, calf, card): a count of the opponent's symbol scores 0, a majority of one's own
    symbol scores in full (the default opponent of score_pyramid is an empty pyramid)."""
    assert cows.pyramid_symbols([None] * 6) == [0, 0, 0, 0, 0]
    spy = Face("Espiã", 0, "", 0, 0, (Effect("count", "end", points=2, symbol=symbol, whose="opponent"),))
    assert cows.score_pyramid([spy] + [None] * 5)["end_of_game"] == 0
    # a majority of a symbol one's own pyramid shows once (a face with just that symbol)
    sky = {0: "sun", 1: "moon"}.get(symbol, "")
    lead = Face("Líder", 0, sky, int(symbol == 2), int(symbol == 3),
                (Effect("majority", "end", points=3, symbol=symbol),))
    assert cows.pyramid_symbols([lead] + [None] * 5)[symbol] == 1
    assert cows.score_pyramid([lead] + [None] * 5)["end_of_game"] == 3


def test_immediate_effects_score_nothing():
    """effect_points of a flip or a peek (immediate effects) is 0, wherever the card lies."""
    for e in (FACES["Raio Trator"].effects[0], Effect("peek", "immediate")):
        assert R.effect_points(e, 0, [FACES["Raio Trator"]] + [None] * 5, [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], 3) == 0


def test_herd_balance_hand_and_row_effects():
    herd = points("Manada")
    assert cows.score_pyramid(faces("Manada", "Mimosa", "Vaca Lunar"))["end_of_game"] == herd  # 1 pair
    assert cows.score_pyramid(faces("Manada", "Mimosa", "Vaca Lunar", "Gêmeos"))["end_of_game"] == 2 * herd
    # Estrela counts the calves of her pyramid: Gêmeos shows two
    assert cows.score_pyramid(faces("Estrela", "Gêmeos"))["end_of_game"] == 2 * points("Estrela")
    assert cows.score_pyramid(faces("Crepúsculo", "Sonda", "Estrela"))["end_of_game"] == points("Crepúsculo")
    assert cows.score_pyramid(faces("Crepúsculo", "Mimosa"))["end_of_game"] == 0  # needs 1 of each
    assert cows.score_pyramid(faces("Vaca Voadora"), hand_size=2)["end_of_game"] == 2 * points("Vaca Voadora")
    assert cows.score_pyramid(faces("Farol"))["end_of_game"] == points("Farol")
    assert cows.score_pyramid(faces("Mimosa", None, None, "Farol"))["end_of_game"] == 0


def test_state_scores_are_the_breakdown_sums():
    s = blank()
    to_pyramid(s, 0, 0, "Curral", "Gêmeos")
    to_pyramid(s, 0, 1, "Mimosa", "Bezerrinho")
    to_pyramid(s, 1, 0, "Vaca Voadora", "Farol")
    to_hand(s, 1, "Sonda", "Manada")
    # one cow each: no Curral majority; Vaca Voadora counts the one card in its hand
    fly = points("Vaca Voadora")
    assert s.score_breakdown() == [{"base": value("Curral", "Mimosa"), "adjacency": 0, "end_of_game": 0},
                                   {"base": value("Vaca Voadora"), "adjacency": 0, "end_of_game": fly}]
    assert s.scores() == [value("Curral", "Mimosa"), value("Vaca Voadora") + fly]


# ---------------------------------------------------------------- the end
PLAIN = [("Mimosa", "Bezerrinho"), ("Curral", "Gêmeos"), ("Gêmeos", "Fazendeiro"),
         ("Estrela", "Mimosa"), ("Crepúsculo", "Curral")]


def almost_complete(seat, starter):
    s = blank(turn=seat)
    s.starter = starter
    for slot, (f, b) in enumerate(PLAIN):
        to_pyramid(s, seat, slot, f, b)
    to_hand(s, seat, "Vaca Voadora", "Manada")
    return s


def test_starting_player_completing_gives_the_other_one_more_turn():
    s = almost_complete(seat=0, starter=0)
    s.apply("build Vaca Voadora (hand 1) at row 3 slot 3")
    # completing the pyramid ends the turn at once (no main action needed)
    assert not s.is_over() and s.final and s.current_player == 1
    s.apply("draw 2")
    s.apply(s.legal_actions()[0])
    s.apply("end turn")
    assert s.is_over() and s.current_player == cows.rules.TERMINAL
    assert s.legal_actions() == []
    illegal_over = s.clone()
    with pytest.raises(IllegalAction, match="over"):
        illegal_over.apply("draw 2")


def test_second_player_completing_ends_the_game_at_once():
    s = almost_complete(seat=1, starter=0)
    s.apply("build Vaca Voadora (hand 1) at row 3 slot 3")
    assert s.is_over()


def test_last_turn_option():
    s = almost_complete(seat=0, starter=0)
    s.rules = cows.Rules(last_turn=False)
    s.apply("build Vaca Voadora (hand 1) at row 3 slot 3")
    assert s.is_over()


def test_stall_rule_ends_endless_flipping():
    s = blank(rules=cows.Rules(stall_limit=4))
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 1, "Curral", "Gêmeos")
    for turn in range(4):
        assert not s.is_over()
        a = next(a for a in s.legal_actions() if a.kind == "flip")
        s.apply(a)
        s.apply("end turn")
        assert s.stall == turn + 1
    assert s.is_over()
    # a draw resets the count
    s2 = blank(rules=cows.Rules(stall_limit=4))
    to_hand(s2, 0, "Mimosa", "Bezerrinho")
    s2.apply("flip Mimosa (hand 1)")
    s2.apply("end turn")
    assert s2.stall == 1
    s2.apply("draw 2")
    s2.apply(s2.legal_actions()[0])
    s2.apply("end turn")
    assert s2.stall == 0


@pytest.mark.parametrize("tie_break, winners", [("shared", [0, 1]), ("most_cattle", [0])])
def test_ties(tie_break, winners):
    s = blank(rules=cows.Rules(tie_break=tie_break))
    to_pyramid(s, 0, 0, "Vaca Lunar", "Estrela")  # its value, a cow
    to_pyramid(s, 1, 0, "Lua Cheia", "Eclipse")  # its value + its own Moon, no cattle
    assert s.winners() == []  # the game runs
    s.over, s.phase = True, R.OVER
    assert s.scores() == [value("Vaca Lunar"), value("Lua Cheia") + points("Lua Cheia")]
    assert s.scores()[0] == s.scores()[1] and (s.cattle(0), s.cattle(1)) == (1, 0)
    assert s.winners() == winners


# --------------------------------------------------- actions, text, errors
def test_actions_parse_back_accents_and_case_free():
    s = blank()
    to_hand(s, 0, "Gêmeos", "Curral")
    a = s.parse_action("BUILD gemeos (hand 1) at row 1 slot 1")
    assert a == R.Action("build", 1, "Gêmeos", 0) and str(a) == "build Gêmeos (hand 1) at row 1 slot 1"
    for text in ("take Mimosa from Celeiro 2", "flip own Crepúsculo at row 3 slot 2",
                 "flip opponent's Sol do Meio-Dia at row 2 slot 1", "flip Farol (hand 3)",
                 "keep Mimosa (drawn 2), discard Farol (drawn 1) to Celeiro 1", "draw 2",
                 "end turn", "skip effect", "pass"):
        assert str(s.parse_action(text)) == text
    for bad, match in (("dance", "unreadable"), ("take Vaca Roxa from Celeiro 1", "unknown card face"),
                       ("build Mimosa (hand 1) at row 1 slot 3", "no slot 3"),
                       ("keep Mimosa (drawn 1), discard Farol (drawn 1) to Celeiro 1", "keep one")):
        with pytest.raises(IllegalAction, match=match):
            s.parse_action(bad)


def test_illegal_actions_name_the_rule_and_leave_the_state():
    s = blank()
    illegal(s, "keep Mimosa (drawn 1), discard Farol (drawn 2) to Celeiro 1", "only follows 'draw 2'")
    illegal(s, "skip effect", "no effect is waiting")
    illegal(s, "flip Mimosa (hand 1)", "flip a card in your hand")
    illegal(s, "take Mimosa from Celeiro 1", "Celeiro 1 is empty")
    s.apply("draw 2")
    illegal(s, "end turn", "keep one and discard the other first")
    with pytest.raises(IllegalAction, match="not an action of the cow game"):
        s.apply(("draw",))


def test_an_illegal_build_while_keeping_names_the_slot():
    # issue 12: the build is allowed while keeping; the slot is what is wrong
    for rules, hand in ((cows.Rules(build_during_draw=True), 3), (cows.Rules(), 2)):
        for top, slot, rule in ((False, "row 2 slot 1", "start the pyramid with row 1"),
                                (True, "row 3 slot 1", "row 3 starts once row 2 has at least one card")):
            s = blank(rules=rules)
            for f, b in (("Mimosa", "Bezerrinho"), ("Curral", "Gêmeos"), ("Sonda", "Manada"))[:hand]:
                to_hand(s, 0, f, b)
            if top:
                to_pyramid(s, 0, 0, "Farol", "Boi Bravo")
            s.apply("draw 2")
            illegal(s, f"build Mimosa (hand 1) at {slot}", rule)


def test_a_hand_built_illegal_action_names_the_action_tried():
    # issue 12: Action('draw', 1) reads as 'draw 2'; the message names its stray field
    s = blank()
    with pytest.raises(IllegalAction, match=r"\('draw', 1, None, None, None\): a 'draw' action has no fields, not a"):
        s.apply(R.Action("draw", 1))
    with pytest.raises(IllegalAction, match="a 'flip' action has the fields a, b, not c"):
        s.apply(R.Action("flip", 1, "Mimosa", 2))
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    to_hand(s, 0, "Curral", "Gêmeos")
    with pytest.raises(IllegalAction) as ei:
        s.apply(R.Action("draw", None, "x"))
    assert "never more than" not in str(ei.value) and "not b" in str(ei.value)


def test_describe_is_public():
    s = cows.new_game(seed=1)
    s.apply("draw 2")
    a = s.legal_actions()[0]
    assert s.describe(a, viewer=1) == str(a) == s.describe(a)


# ------------------------------------------------------------ observation
def test_observation_hides_deck_order_and_unseen_backs():
    s = cows.new_game(seed=8)
    other = s.clone()
    # a different deck order below the visible top card: nothing a seat sees changes
    rest = other.deck[1:]
    other.deck[1:] = rest[::-1]
    other.up = [u if c == other.deck[0] else 1 - u for c, u in enumerate(other.up)]
    for seat in (0, 1):
        assert s.observation(seat) == other.observation(seat)
    obs = s.observation(0)
    assert obs["seat"] == 0 and obs["deck_size"] == 18
    assert obs["deck_top"] == s.face(s.deck[0]).name


def test_flipping_in_hand_reveals_the_back_to_both():
    s = blank()
    to_hand(s, 0, "Mimosa", "Bezerrinho")
    s.apply("flip Mimosa (hand 1)")
    for seat in (0, 1):
        assert s.observation(seat)["hands"][0][0] == {"face": "Bezerrinho", "back": "Mimosa"}


def test_the_literal_split_turns_exactly_half_the_cards():
    """Rulebook set-up: split the deck, turn one half over, join, shuffle. The default
    reading (issue 12) starts from a box in any order, so each card ends either way up;
    Rules(exact_half_turned=True) is the literal count: exactly half show their second
    face. Both keep the seed's deck order and starting player."""
    from ovnilab import cows

    literal = cows.Rules(exact_half_turned=True)
    counts = {sum(cows.new_game(seed=s).up) for s in range(60)}
    assert len(counts) > 3  # the default varies from deal to deal
    for s in range(60):
        a, b = cows.new_game(seed=s), cows.new_game(seed=s, rules=literal)
        assert sum(b.up) == len(b.up) // 2
        assert a.deck == b.deck and a.starter == b.starter
    # a save keeps the option
    g = cows.new_game(seed=3, rules=literal)
    assert cows.load_json(g.to_json()).rules.exact_half_turned


def test_action_tables_built_afresh_name_the_faces_the_cards_show(monkeypatch):
    """The legal actions come from tables built once per card set and cached
    (``actions._tables``), so most tests meet tables another test built: here they are built
    afresh and every legal take, flip and build of random games names the face its card
    shows (read from the cards as dealt, not from the tables), and reads back from its own
    notation as the same action."""
    import random

    from ovnilab.cows.rules import actions

    monkeypatch.setattr(actions, "_TABLES", {})
    seen = Counter()
    for seed, support, areas in ((1, "any", 1), (2, "both", 2), (3, "any", 2)):
        s = cows.new_game(seed=seed, discard_areas=areas, rules=R.Rules(support=support))
        rng = random.Random(seed)
        while not s.is_over():
            legal = s.legal_actions()
            for a in legal:
                assert s.parse_action(str(a)) == a, a
                p = s.turn
                if a.kind == "take":  # rulebook: the visible top card of that Celeiro
                    shown = s.cards.side(s.cel[a.a - 1][-1], s.up[s.cel[a.a - 1][-1]]).name
                elif a.kind in ("flip", "build"):  # a card of the hand, numbered from 1
                    card = s.hand[p][a.a - 1]
                    shown = s.cards.side(card, s.up[card]).name
                else:
                    continue
                assert a.b == shown, (a, shown)
                seen[a.kind] += 1
            s.apply(rng.choice(legal))
    assert min(seen[k] for k in ("take", "flip", "build")) > 20, seen


def test_a_state_made_without_options_is_the_rulebook_first_game():
    """The rulebook recommends the Celeiro's one-area face for a first game: a State made
    with no options has one discard area, as new_game() has."""
    s = R.State(seed=0)
    assert s.areas == 1 and len(s.cel) == 1
    assert cows.new_game(seed=0).areas == 1


def test_the_cow_game_refuses_a_third_player_by_name():
    with pytest.raises(ValueError, match=r"the cow game is for 2 players, not 3"):
        cows.new_game(seed=0, num_players=3)
