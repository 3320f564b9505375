"""The cow game's small public parts, each by its contract (issue 38: mutation testing
found them untested): the pyramid as a graph, a state's and an action's ``repr``, the
save's option errors (message and field path), the determinization's and the belief's
refusals."""

from __future__ import annotations

import json
import random

import pytest

import ovnilab
from ovnilab import cows
from ovnilab.core import SaveFormatError
from ovnilab.cows import determinize as det
from ovnilab.cows.rules import pyramid_graph


def test_the_pyramid_graph_names_its_slots_by_row():
    """Six nodes with their row, slot and name; nine edges (neighbours in a row and the
    overlapping cards of the next row); the graph is called "pyramid"."""
    g = pyramid_graph()
    assert g.name == "pyramid"
    assert [(g.nodes[i]["row"], g.nodes[i]["slot"]) for i in range(6)] == [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2),
                                                                            (3, 3)]
    assert [g.nodes[i]["name"] for i in range(6)] == ["row 1 slot 1", "row 2 slot 1", "row 2 slot 2",
                                                      "row 3 slot 1", "row 3 slot 2", "row 3 slot 3"]
    assert sorted(map(tuple, map(sorted, g.edges))) == [(0, 1), (0, 2), (1, 2), (1, 3), (1, 4), (2, 4), (2, 5),
                                                         (3, 4), (4, 5)]


def test_a_state_and_an_action_show_themselves():
    g = cows.new_game(seed=3)
    assert repr(g) == "<cows.State 1 Celeiro area(s), turn 1, main action, to act: Green alien, 0 actions>"
    assert repr(g.legal_actions()[0]) == "<Action 'draw 2'>"
    rng = random.Random(3)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    names = " and ".join(g.seat_name(w) for w in g.winners())
    assert repr(g).startswith(f"<cows.State 1 Celeiro area(s), turn {g.turns}, game over, won by ")
    assert repr(g).endswith(f"{len(g.log)} actions>")
    assert all(g.seat_name(w) in repr(g) for w in g.winners()), names


def test_a_shared_win_names_both_winners_in_the_repr():
    """A tie (equal scores, no tie break) is won by both seats, named in seat order."""
    for seed in range(200):
        g = cows.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
        if len(g.winners()) == 2:
            break
    else:
        raise AssertionError("no seeded game ended in a tie")
    assert g.scores()[0] == g.scores()[1]
    assert repr(g).endswith(f"game over, won by {g.seat_name(0)}, {g.seat_name(1)}, {len(g.log)} actions>")


def _save(**options):
    data = json.loads(cows.new_game(seed=1).to_json())
    data["options"] = options
    return json.dumps(data)


@pytest.mark.parametrize("options, words, field", [
    ({"discard_areas": 1, "Zebra": 2, "rules": {}}, "options.Zebra is not an option of the cow game", "options.Zebra"),
    ({"discard_areas": 3}, "options.discard_areas must be 1 or 2, got 3", "options.discard_areas"),
    ({"rules": {"hand_limit": 99}}, "hand_limit", "options.rules.hand_limit"),
    ({"rules": {"cards_file": "no_such_cards.toml"}}, "cards_file", "options.rules.cards_file"),
])
def test_a_save_with_bad_options_names_the_field(options, words, field):
    data = json.loads(cows.new_game(seed=1).to_json())
    data["options"] = options
    with pytest.raises(SaveFormatError, match=words) as err:
        ovnilab.load_json(json.dumps(data))
    assert err.value.field == field


def test_options_that_are_not_an_object_are_refused_by_the_game():
    """The game's own check, for a caller that builds a state from options directly."""
    with pytest.raises(SaveFormatError, match="options must be an object") as err:
        cows.State.from_options(1, ["discard_areas", 1])
    assert str(err.value) == "options must be an object"
    assert err.value.field == "options"


def test_a_save_without_options_plays_the_rulebook_with_one_celeiro():
    """Options left out of a save are the defaults: one discard area, the rulebook's rules."""
    data = json.loads(cows.new_game(seed=1).to_json())
    data["options"] = {}
    g = ovnilab.load_json(json.dumps(data))
    assert g.areas == 1 and g.rules == cows.Rules()
    long = "x" * 100
    data["options"] = {long: 1}
    with pytest.raises(SaveFormatError) as err:
        ovnilab.load_json(json.dumps(data))
    assert err.value.field == "options." + long[:60]  # a long name is cut, not echoed whole


def test_determinization_and_belief_refuse_a_seat_outside_the_game():
    g = cows.new_game(seed=2)
    for seat in (-1, 2):
        with pytest.raises(ValueError, match="^seat must be 0 or 1$"):
            det.determinize(g, seat, random.Random(0))
        with pytest.raises(ValueError, match="^seat must be 0 or 1$"):
            det.belief(g, seat)


def test_a_view_no_card_set_can_explain_is_refused_with_its_reason():
    """Hand-edited views the card set cannot produce are refused, not sampled: a face
    with a back no card prints under it, and two cards showing the one card that prints
    their pair of faces."""
    g = cows.new_game(seed=2)
    det._CARD_SETS.clear()
    by_face, face_of = det._card_set(g)
    c = 0
    face, back = face_of[2 * c], face_of[2 * c + 1]
    with pytest.raises(RuntimeError, match="^a visible face matches no card of the card set$"):
        det._Model(((face, face),) if face != back else ((face, -2),), by_face, face_of)
    with pytest.raises(RuntimeError, match="^no arrangement of the cards matches what this seat sees$"):
        det._Model(((face, back), (face, back)), by_face, face_of)
    assert det._Model(((face, back),), by_face, face_of).sample(random.Random(0)) == [(c, 0)]


def test_a_belief_names_every_visible_position_and_orders_its_answers():
    """The belief's positions name where each visible card lies (the deck's visible top,
    the Celeiro piles, the drawn pair, hands, pyramids) in the table's order; a back's
    distribution sums to 1 and lists the likeliest face first (then by name)."""
    for seed in range(6):
        g = cows.new_game(seed=seed, discard_areas=2)
        rng = random.Random(seed)
        while not (g.drawn and g.cel[0] and g.hand[1] and g.pyr[0][0] >= 0):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
        else:
            b = det.belief(g, 1)
            assert b.seat == 1
            want = [("deck", 0)] if g.deck else []
            want += [("cel", a, i) for a, pile in enumerate(g.cel) for i in range(len(pile))]
            want += [("drawn", i) for i in range(len(g.drawn))]
            for p in (0, 1):
                want += [("hand", p, i) for i in range(len(g.hand[p]))]
                want += [("pyr", p, i) for i, c in enumerate(g.pyr[p]) if c >= 0]
            assert b.positions == want
            for pos in want:
                dist = b.back_distribution(pos)
                assert abs(sum(dist.values()) - 1) < 1e-9
                ranked = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
                assert list(dist.items()) == ranked, pos
            return
    raise AssertionError("no seeded game reached a drawn pair with both Celeiros and hands in play")
