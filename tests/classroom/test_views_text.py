"""What a class seat reads (ovnilab.classroom.views): the result line of a finished game
(one winner, a shared win, nobody, more than two seats; English and Portuguese), its moves
grouped as the page groups them, the log as it may read it, its own panel, the board and
the drawings under it, the room's latest events, and an experiment's payoff table."""

from __future__ import annotations

import random
import sys
import types
from dataclasses import replace

import pytest

import ovnilab
from ovnilab.classroom import Classroom
from ovnilab.classroom.views import action_groups, board_view, public_log_text, result_text, room_view
from ovnilab.i18n import using_language


@pytest.fixture
def cl(tmp_path) -> Classroom:
    c = Classroom(tmp_path / "class.sqlite")
    c.rate_moves = 10**9
    return c


def _ovni_room(cl: Classroom):
    """An Ovni room: Ana at seat 0, Bia at seat 1, bots at 2 and 3, started."""
    room = cl.open_room("ovni", bot_delay=0, seed=3)
    ana, bia = cl.join(room.code, "Ana"), cl.join(room.code, "Bia")
    room.start()
    cl.run_until_idle()
    return room, ana, bia


def _advance(state, rng: random.Random, until) -> None:
    """Random legal moves until ``until(state)``."""
    for _ in range(2000):
        if until(state):
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("never reached")


# ------------------------------------------------------------------ the result line
def _players(cl: Classroom, lang: str = "en") -> list[dict]:
    room, ana, _bia = _ovni_room(cl)
    with using_language(lang):
        return ana.view(observation=False)["players"]


def test_players_as_the_result_line_reads_them(cl):
    players = _players(cl)
    assert [(p["seat"], p["student"], p["seat_name"]) for p in players] == [
        (0, "Ana", "red (Antáris)"), (1, "Bia", "blue (Éris)"), (2, None, "green (Luxor)"),
        (3, None, "yellow (Magnon)")]


def test_ovni_seats_are_named_as_the_portuguese_board_names_them(cl):
    """Issue 33: a pt page says an Ovni seat as the pt board does (its colour translated,
    the planet the game's own name), in the players, whose turn, the log and the result;
    English unchanged. A seat's name in every game is the game's seat_name in English."""
    from ovnilab.classroom.views import seat_label
    from ovnilab.ovni.render.text import seat_label as ovni_label

    room, ana, _bia = _ovni_room(cl)
    with using_language("pt"):
        v = ana.view(observation=False)
        st = room.state(svg=False)
    assert [p["seat_name"] for p in v["players"]] == [
        "vermelho (Antáris)", "azul (Éris)", "verde (Luxor)", "amarelo (Magnon)"]
    assert v["seat_name"] == "vermelho (Antáris)" and v["turn_name"] in [p["seat_name"] for p in v["players"]]
    assert all(line.split(": ", 1)[0].split(". ", 1)[1] in [p["seat_name"] for p in v["players"]]
               for line in v["log"])
    assert st["turn_name"] == v["turn_name"]
    s = cl._state(room.code)[0]
    with using_language("pt"):
        assert [seat_label(s, i) for i in range(4)] == [ovni_label(s, i) for i in range(4)]
    for game, n in (("ovni", 4), ("ovni", 2), ("cosmic", 5), ("cows", 2)):
        st = ovnilab.make(game, seed=1) if game == "cows" else ovnilab.make(game, num_players=n, seed=1)
        assert [seat_label(st, i) for i in range(st.num_players)] == [st.seat_name(i) for i in range(st.num_players)]


def test_result_of_a_two_seat_game(cl):
    two = _players(cl)[1:3]  # Bia (student, seat 1) and a bot (seat 2), renumbered 0 and 1
    two = [dict(p, seat=i) for i, p in enumerate(two)]
    assert result_text(two, [0], [26, 19]) == "won by Bia (blue (Éris)), 26 to 19"
    # a bot's seat is named alone, and the winner's score comes first
    assert result_text(two, [1], [19, 26]) == "won by green (Luxor), 26 to 19"
    assert result_text(two, [0, 1], [20, 20]) == "won by Bia (blue (Éris)) and green (Luxor), 20 each"
    assert result_text(two, [], [20, 20]) == "nobody won"
    assert result_text(two, None, None) == "nobody won"
    # a game without scores names the winner alone
    assert result_text(two, [1], None) == "won by green (Luxor)"
    assert result_text(two, [0], []) == "won by Bia (blue (Éris))"


def test_result_of_a_four_seat_game_names_each_score(cl):
    players = _players(cl)
    assert result_text(players, [0], [5, 3, 2, 1]) == (
        "won by Ana (red (Antáris)); scores: Ana 5, Bia 3, green (Luxor) 2, yellow (Magnon) 1")
    # a shared win of two among four is no 'each': the scores differ among the others
    assert result_text(players, [1, 2], [1, 4, 4, 0]) == (
        "won by Bia (blue (Éris)) and green (Luxor); scores: Ana 1, Bia 4, green (Luxor) 4, yellow (Magnon) 0")
    assert result_text(players, [0, 1, 3], [2, 2, 1, 2]).startswith(
        "won by Ana (red (Antáris)), Bia (blue (Éris)), and yellow (Magnon); scores: ")


def test_result_names_a_seat_the_players_list_lacks_by_its_number(cl):
    players = [p for p in _players(cl) if p["seat"] != 2]
    assert result_text(players, [2], [1, 2, 7, 0]) == (
        "won by seat 3; scores: Ana 1, Bia 2, 3 7, yellow (Magnon) 0")
    two = [dict(players[0])]
    assert result_text(two, [1], [3, 9]) == "won by seat 2, 9 to 3"


def test_result_in_portuguese(cl):
    players = _players(cl, "pt")
    red, blue, green, yellow = (p["seat_name"] for p in players)
    two = [dict(p, seat=i) for i, p in enumerate(players[:2])]
    with using_language("pt"):
        assert result_text(two, [1], [19, 26]) == f"vitória de Bia ({blue}), 26 a 19"
        assert result_text(two, [0, 1], [20, 20]) == f"vitória de Ana ({red}) e Bia ({blue}), 20 cada"
        assert result_text(two, [], [20, 20]) == "ninguém venceu"
        assert result_text(two, [0], None) == f"vitória de Ana ({red})"
        assert result_text(players, [3], [1, 2, 3, 4]) == (
            f"vitória de {yellow}; pontos: Ana 1, Bia 2, {green} 3, {yellow} 4")
        assert result_text(players[:3], [3], [1, 2, 3, 4]).startswith("vitória de lugar 4; pontos: ")


def test_a_finished_cow_game_shows_its_result_line(cl):
    room = cl.open_room("cows", bot_delay=0, seed=5, bots={1: "random"})
    ana = cl.join(room.code, "Ana")
    room.start()
    rng = random.Random(2)
    for _ in range(3000):
        cl.run_until_idle()
        v = ana.view(observation=False)
        if not v["legal"]:
            break
        ana.play(rng.choice(v["legal"]), expect=v["position"])
    v = ana.view(observation=False)
    assert v["status"] == "over"
    sc, w = v["scores"], v["winner_seats"]
    names = {p["seat"]: (f"{p['student']} ({p['seat_name']})" if p["student"] else p["seat_name"])
             for p in v["players"]}
    if len(w) == 1:
        assert v["result"] == f"won by {names[w[0]]}, {sc[w[0]]} to {sc[1 - w[0]]}"
    else:
        assert v["result"] == f"won by {names[0]} and {names[1]}, {sc[0]} each"
    assert v["result"].startswith("won by Ana (") or w == [1]


# ------------------------------------------------------------------ move groups
def test_the_first_ovni_move_is_one_group_of_missions(cl):
    room, ana, bia = _ovni_room(cl)
    v = ana.view(groups=True, observation=False)
    assert v["your_turn"]
    assert v["groups"] == [{"kind": "keep", "label": "missions", "actions": v["legal"], "labels": v["legal"]}]
    assert len(v["legal"]) == 6  # six moves: buttons, no pickers
    assert bia.view(groups=True, observation=False)["groups"] == []


def _ovni_state_where(kinds: tuple[str, ...]):
    s = ovnilab.make("ovni", seed=1)
    _advance(s, random.Random(0), lambda st: tuple(dict.fromkeys(a.kind for a in st.legal_actions())) == kinds)
    return s


def test_many_moves_of_a_kind_get_the_widgets_two_pickers():
    s = _ovni_state_where(("place",))
    acts = s.legal_actions()
    [g] = action_groups("ovni", acts)
    assert len(acts) > 7
    assert (g["kind"], g["label"], g["button"], g["first"], g["second"]) == (
        "place", "command token", "place token", "token", "area")
    assert g["actions"] == [str(a) for a in acts]
    assert len(g["keys"]) == len(acts)
    by_text = dict(zip(g["actions"], g["keys"]))
    assert by_text["place 2 face-down on A"] == ["2", "A face-down"]
    # the pair of keys names one move
    assert len({tuple(k) for k in g["keys"]}) == len(acts)
    # up to six moves are buttons; a seventh brings the pickers
    assert set(action_groups("ovni", acts[:6])[0]) == {"kind", "label", "actions", "labels"}
    assert action_groups("ovni", acts[:7])[0]["keys"] == g["keys"][:7]


def test_groups_keep_the_order_of_the_moves_and_label_each_kind():
    s = _ovni_state_where(("activate", "end_turn"))
    acts = s.legal_actions()
    assert action_groups("ovni", acts) == [
        {"kind": "activate", "label": "activate", "actions": [str(a) for a in acts if a.kind == "activate"],
         "labels": [str(a) for a in acts if a.kind == "activate"]},
        {"kind": "end_turn", "label": "", "actions": ["end turn"], "labels": ["end turn"]}]
    s = _ovni_state_where(("move", "end_group"))
    groups = action_groups("ovni", list(reversed(s.legal_actions())))
    assert [(g["kind"], g["label"]) for g in groups] == [("end_group", ""), ("move", "pilots")]
    assert groups[1]["button"] == "move UFO" and groups[1]["first"] == "from" and groups[1]["second"] == "to"
    assert action_groups("cows", ovnilab.make("cows", seed=1).legal_actions()) == [
        {"kind": "draw", "label": "draw 2", "actions": ["draw 2"], "labels": ["draw 2"]}]


def test_moves_are_labelled_as_the_portuguese_board_says_them_and_play_their_notation():
    """Issue 33: in Portuguese a group's label, its pickers and each button say the move
    as the game's board does (its action_label); what a click plays stays the notation."""
    s = _ovni_state_where(("place",))
    acts = s.legal_actions()
    with using_language("pt"):
        [g] = action_groups("ovni", acts)
        [few] = action_groups("ovni", acts[:3])
    assert (g["label"], g["button"], g["first"], g["second"]) == ("ficha de comando", "colocar ficha", "ficha", "área")
    assert g["actions"] == [str(a) for a in acts]
    assert few["labels"][0].startswith("colocar ") and few["actions"][0].startswith("place ")


class _Kinded:
    def __init__(self, kind: str, text: str) -> None:
        self.kind, self.text = kind, text

    def __str__(self) -> str:
        return self.text


def test_groups_of_moves_the_widget_does_not_know():
    # a kind without a label reads as its words; moves without a kind are one group 'move'
    moves = [_Kinded("trade_in", f"trade {i}") for i in range(8)]
    assert action_groups("cows", moves) == [{"kind": "trade_in", "label": "trade in",
                                              "actions": [f"trade {i}" for i in range(8)],
                                              "labels": [f"trade {i}" for i in range(8)]}]
    assert action_groups("cows", ["north", "south"]) == [
        {"kind": "move", "label": "move", "actions": ["north", "south"], "labels": ["north", "south"]}]
    # a game without a widget: plain groups
    assert action_groups("no_such_game", moves[:2] + ["north"]) == [
        {"kind": "trade_in", "label": "trade in", "actions": ["trade 0", "trade 1"], "labels": ["trade 0", "trade 1"]},
        {"kind": "move", "label": "move", "actions": ["north"], "labels": ["north"]}]


def test_a_widget_with_labels_and_no_pickers(monkeypatch):
    w = types.ModuleType("ovnilab.plain_game.widget")
    w._LABELS = {"trade_in": "trade"}
    monkeypatch.setitem(sys.modules, "ovnilab.plain_game.widget", w)
    moves = [_Kinded("trade_in", f"trade {i}") for i in range(8)]
    assert action_groups("plain_game", moves) == [
        {"kind": "trade_in", "label": "trade", "actions": [f"trade {i}" for i in range(8)],
         "labels": [f"trade {i}" for i in range(8)]}]
    del w._LABELS
    w._CHOOSERS = {}
    assert action_groups("plain_game", moves)[0]["label"] == "trade in"


# ------------------------------------------------------------------ the log
def test_the_log_masks_a_seats_hidden_choice_for_everyone_else(cl):
    room, ana, bia = _ovni_room(cl)
    keep = ana.view(observation=False)["legal"][0]
    ana.play(keep)
    cl.run_until_idle()
    mine = ana.view(observation=False)["log"]
    theirs = bia.view(observation=False)["log"]
    public = room_view(cl, room.code, None, svg=False)["log"]
    assert mine[0] == f"   1. red (Antáris): {keep}"
    assert theirs[0] == public[0] == "   1. red (Antáris): keep 1 mission"
    # Bia's own choice reads in full to her, masked to Ana
    bkeep = bia.view(observation=False)["legal"][-1]
    bia.play(bkeep)
    assert bia.view(observation=False)["log"][1] == f"   2. blue (Éris): {bkeep}"
    kept = len(bkeep.split()[-1].split("+"))
    assert ana.view(observation=False)["log"][1] == f"   2. blue (Éris): keep {kept} mission" + ("s" if kept > 1 else "")


def test_a_face_down_token_reads_masked_to_other_seats_and_the_projector():
    s = _ovni_state_where(("place",))
    actor = s.current_player
    a = next(a for a in s.legal_actions() if str(a) == "place 2 face-down on A")
    other = (actor + 2) % s.num_players
    assert public_log_text(s, a, actor, actor) == "place 2 face-down on A"
    assert public_log_text(s, a, actor, other) == "place a token face-down on A"
    assert public_log_text(s, a, actor, None) == "place a token face-down on A"


def test_a_portuguese_log_says_actions_as_the_portuguese_board_does():
    """Issue 33: a Portuguese page's log says an action as the Portuguese board does, in
    full to its actor ("colocar 2 virada para baixo em A", not the notation) and masked to
    the others ("colocar uma ficha virada para baixo em A"); the cow game's too."""
    from ovnilab.ovni.render.text import action_label, log_text

    s = _ovni_state_where(("place",))
    actor = s.current_player
    a = next(a for a in s.legal_actions() if str(a) == "place 2 face-down on A")
    other = (actor + 2) % s.num_players
    with using_language("pt"):
        assert public_log_text(s, a, actor, actor) == action_label(a) == "colocar 2 virada para baixo em A"
        assert public_log_text(s, a, actor, other) == log_text(s, a, other) == public_log_text(s, a, actor, None)
        assert public_log_text(s, a, actor, other) == "colocar uma ficha virada para baixo em A"
        c = ovnilab.make("cows", seed=2)
        draw = next(x for x in c.legal_actions() if str(x) == "draw 2")
        assert public_log_text(c, draw, 0, 1) == public_log_text(c, draw, 0, 0) == "comprar 2"
    assert public_log_text(s, a, actor, actor) == "place 2 face-down on A"  # English: the notation


def test_a_cosmic_selection_is_a_hidden_card_to_all_but_its_actor():
    s = ovnilab.make("cosmic", seed=4)
    _advance(s, random.Random(1), lambda st: any(a.kind == "select" for a in st.legal_actions()))
    actor = s.current_player
    a = next(a for a in s.legal_actions() if a.kind == "select")
    assert public_log_text(s, a, actor, actor) == str(a) != "select an encounter card"
    for viewer in [None] + [p for p in range(s.num_players) if p != actor]:
        assert public_log_text(s, a, actor, viewer).startswith("select an encounter card")


def test_a_cosmic_masked_line_reads_in_portuguese_as_the_solo_board_says_it():
    """Issue 33: another seat's hidden choice ("choose an alien", "select an encounter
    card") reads in the page's language, as the Portuguese solo board's log says it
    (Cosmic's ``log_text``, like Ovni's); English and the actor's own line as before."""
    from ovnilab.cosmic.render.labels import log_text, public_action_text

    s = ovnilab.make("cosmic", seed=4)
    pick = next(a for a in s.legal_actions() if a.kind == "alien")
    actor = s.current_player
    others = [None] + [p for p in range(s.num_players) if p != actor]
    assert {public_log_text(s, pick, actor, v) for v in others} == {"choose an alien"}
    with using_language("pt"):
        for v in others:
            assert public_log_text(s, pick, actor, v) == log_text(s, pick, v) == "escolher um alienígena"
        assert public_log_text(s, pick, actor, actor) == public_action_text(s, pick, actor, actor) != str(pick)
    _advance(s, random.Random(1), lambda st: any(a.kind == "select" for a in st.legal_actions()))
    actor = s.current_player
    a = next(a for a in s.legal_actions() if a.kind == "select")
    with using_language("pt"):
        for v in [None] + [p for p in range(s.num_players) if p != actor]:
            said = public_log_text(s, a, actor, v)
            assert said == public_action_text(s, a, actor, v) and said.startswith("escolher uma carta de encontro"), said


class _Seen:
    """A three-seat game whose log reads differently to each seat (``describe`` says who
    reads it, and for whom)."""

    num_players = 3

    def __init__(self, with_actor: bool) -> None:
        if with_actor:
            self.describe = lambda action, viewer, actor=None: f"{action} read by {viewer} of {actor}"
        else:
            self.describe = lambda action, viewer: f"{action} read by {viewer}"


def test_the_log_asks_the_game_how_each_seat_reads_an_action():
    for with_actor, of in ((True, " of {}"), (False, "")):
        g = _Seen(with_actor)
        assert public_log_text(g, "go", 2, 2) == "go"
        assert public_log_text(g, "go", 2, 1) == "go read by 1" + of.format(2)
        assert public_log_text(g, "go", 2, 0) == "go read by 0" + of.format(2)
        # the projector reads it as the next seat after the actor
        assert public_log_text(g, "go", 2, None) == "go read by 0" + of.format(2)
        assert public_log_text(g, "go", 0, None) == "go read by 1" + of.format(0)
        assert public_log_text(g, "go", 1, None) == "go read by 2" + of.format(1)
    # a game that masks nothing has no describe: everyone reads the action
    plain = types.SimpleNamespace(num_players=2)
    assert public_log_text(plain, "go", 0, 1) == public_log_text(plain, "go", 0, None) == "go"


# ------------------------------------------------------------------ board, panel, drawings
def test_a_seat_sees_its_own_panel_board_and_mats(cl):
    from ovnilab.ovni import render

    room, ana, bia = _ovni_room(cl)
    st, _base = cl._state(room.code)
    v = bia.view(svg=True, observation=False)
    assert v["yours"] == render.seat_panel(st, 1) != render.seat_panel(st, 0)
    assert v["svg"] == render.page_svg(st, viewer=1) != render.to_svg(st, viewer=1)
    assert v["panels"] == render.page_panels(st, 1) != render.page_panels(st, None)
    assert len(v["panels"]) == 5 and v["panels"][0] == render.mat_svg(st, 1, 1)
    pub = room_view(cl, room.code, None, svg=True)
    assert "yours" not in pub and pub["panels"] == render.page_panels(st, None)


def test_a_cow_seat_sees_the_board_drawn_for_it(cl):
    from ovnilab.cows import render

    room = cl.open_room("cows", bot_delay=0, seed=5)
    _ana, bia = cl.join(room.code, "Ana"), cl.join(room.code, "Bia")
    room.start()
    st, _base = cl._state(room.code)
    v = bia.view(svg=True, observation=False)
    assert v["svg"] == render.to_svg(st, viewer=1) != render.to_svg(st)
    assert v["yours"] == render.seat_panel(st, 1) and v["panels"] == []


def test_a_game_that_draws_only_its_board(monkeypatch):
    from ovnilab.cows.rules import State

    mod = types.ModuleType("ovnilab.sketch.render")
    mod.to_svg = lambda state, viewer=None: f"<svg>{viewer}</svg>"
    monkeypatch.setitem(sys.modules, "ovnilab.sketch.render", mod)

    class Sketch(State):
        game_name = "sketch"

    st = ovnilab.make("cows", seed=1)
    st.__class__ = Sketch
    v = board_view(st, 0, 1)
    assert (v["svg"], v["yours"], v["panels"], v["words"]) == ("<svg>1</svg>", None, [], {})
    assert board_view(st, 0, None)["svg"] == "<svg>None</svg>"


# ------------------------------------------------------------------ events
def test_a_seat_reads_the_rooms_five_latest_events(cl):
    room = cl.open_room("ovni", bot_delay=0, seed=3)
    seats = [cl.join(room.code, n) for n in ("Ana", "Bia", "Caio", "Duda")]
    room.start()
    room.pause()
    room.resume()
    ev = seats[0].view(observation=False)["events"]
    assert ev == ["Caio took a seat", "Duda took a seat", "the game is on", "the teacher paused the game", "the game is on"]


# ------------------------------------------------------------------ payoff tables
def test_payoffs_print_a_sign_and_only_the_decimals_they_have():
    from ovnilab import theory
    from ovnilab.classroom.experiments import get
    from ovnilab.classroom.views import payoff_table

    duel = get("duel")
    assert payoff_table(duel, 0)["cells"] == [["+1.7", "-0.5", "+0.6"], ["+1.35", "+1.75", "+0.25"],
                                              ["+0.3", "+0.7", "0"]]
    game = theory.NormalFormGame([[3, -0.004, 0], [2.5, 10, -12.25]], row_labels=["a", "b"],
                                 col_labels=["x", "y", "z"])
    exp = replace(duel, game=game)
    assert payoff_table(exp, 0)["cells"] == [["+3", "0", "0"], ["+2.5", "+10", "-12.25"]]
    # the other side of a zero-sum game: minus zero prints as 0 too
    assert payoff_table(exp, 1)["cells"] == [["-3", "-2.5"], ["0", "-10"], ["0", "+12.25"]]


def test_an_experiment_seat_sees_its_round_its_total_and_its_payoff_table(cl):
    from ovnilab.classroom.experiments import get

    x = get("encounter")
    exp = cl.open_experiment("encounter", rounds=2, seed=1, pause=0)
    ana, bia = cl.join(exp.code, "Ana"), cl.join(exp.code, "Bia")
    v = ana.view()
    assert (v["game"], v["title"], v["instructions"]) == ("encounter", x.title, x.instructions)
    assert (v["status"], v["rounds"], v["round"], v["total"], v["history"]) == ("waiting", 2, 0, 0, [])
    assert v["message"] == "the experiment starts when the teacher starts it"
    exp.start()
    assert ana.view()["message"] == "the first round starts in a moment"
    cl.tick()
    views = {s: s.view() for s in (ana, bia)}
    for s, v in views.items():
        role = ["offense", "defense"].index(v["role"])
        mine, theirs = x.strategies(role), x.strategies(1 - role)
        assert v["round"] == 1 and v["your_turn"] and v["legal"] == list(mine)
        assert v["payoffs"] == {
            "caption": f"Your payoff as the {v['role']}: your choice (row) against the other player's (column)",
            "rows": mine, "cols": theirs,
            "cells": [[("%+.2f" % x.payoffs(*((r, c) if role == 0 else (c, r)))[role]).rstrip("0").rstrip(".")
                       for c in theirs] for r in mine]}
        s.play(v["legal"][0])
    cl.tick()
    for s in (ana, bia):
        v = s.view()
        assert len(v["history"]) == 1 and v["total"] == v["history"][0]["payoff"] != 0


def test_an_experiment_seat_reads_where_the_round_stands(tmp_path):
    now = [1000.0]
    cl = Classroom(tmp_path / "c.sqlite", clock=lambda: now[0])
    exp = cl.open_experiment("encounter", rounds=2, seed=1, pause=0, decision_seconds=30)
    ana, bia = cl.join(exp.code, "Ana"), cl.join(exp.code, "Bia")
    exp.start()
    cl.tick()
    now[0] += 12
    v = ana.view()
    assert v["seconds_left"] == 18 and v["message"] == f"round 1 of 2: you are the {v['role']}; choose"
    choice = v["legal"][-1]
    ana.play(choice)
    v = ana.view()
    assert (v["your_turn"], v["legal"], v["seconds_left"]) == (False, [], None)
    assert v["message"] == f"round 1: you chose '{choice}'; waiting for the others"
    assert v["role"] in ("offense", "defense") and v["payoffs"]["rows"]
    late = cl.join(exp.code, "Caio")
    v = late.view()
    assert (v["round"], v["role"], v["message"]) == (1, None, "round 1 is under way: you play from the next round")
    assert v["role_label"] is None  # the page reads the key: a seat without a role has none
    assert "payoffs" not in v and not v["your_turn"]
    exp.pause()
    v = bia.view()
    assert (v["your_turn"], v["message"]) == (False, "the teacher paused the experiment")
    exp.resume()
    now[0] += 31  # past Bia's time: nothing left (the next tick plays for her)
    assert bia.view()["seconds_left"] == 0
    bia.play(bia.view()["legal"][0])  # the round closes; the next starts at the next tick
    v = ana.view()
    assert v["round"] == 1 and v["message"] == "round 1 of 2 is over: the next starts in a moment"
    assert v["status"] == "running" and [r["choice"] for r in v["history"]] == [choice]
    for _ in range(4):
        cl.tick()
        for s in (ana, bia, late):
            w = s.view()
            if w["your_turn"]:
                s.play(w["legal"][0])
        cl.tick()
    v = ana.view()
    assert (v["status"], v["round"], v["message"]) == ("over", 2, "round 2 of 2 is over")
    assert v["total"] == sum(r["payoff"] for r in v["history"]) and len(v["history"]) == 2


def test_an_experiment_seat_reads_its_page_in_portuguese(cl):
    """Issue 33: the title, instructions, caption, role and choices in the person's
    language, the role word translated inside the sentence (the rulebook's "defensor"),
    the choices as the Cosmic board names its cards, the payoffs with a decimal comma;
    what the seat plays and the records keep stays the English label."""
    from ovnilab.classroom.experiments import get

    x = get("encounter")
    exp = cl.open_experiment("encounter", rounds=2, seed=1, pause=0)
    ana, _bia = cl.join(exp.code, "Ana"), cl.join(exp.code, "Bia")
    exp.start()
    cl.tick()
    with using_language("pt"):
        v = ana.view()
    assert v["title"] == "Atacar ou negociar? (uma nave contra quatro)" != x.title
    assert v["instructions"].startswith("Você é o atacante") and "0,05" in v["instructions"]
    role = {"offense": "atacante", "defense": "defensor"}[v["role"]]
    assert v["role_label"] == role and v["message"] == f"rodada 1 de 2: seu papel é {role}; escolha"
    assert v["payoffs"]["caption"] == f"Seu ganho como {role}: sua escolha (linha) contra a do outro jogador (coluna)"
    assert v["role_labels"] == {"offense": "atacante", "defense": "defensor"}
    assert v["choice_labels"]["negotiate"] == "negociação" and v["choice_labels"]["attack 08"] == "ataque 08"
    assert v["legal"] == x.strategies(x.role_index(v["role"]))  # the English labels: what a click plays
    assert any("," in c for row in v["payoffs"]["cells"] for c in row)
    assert not any("." in c for row in v["payoffs"]["cells"] for c in row)
    ana.play(v["legal"][-1])
    with using_language("pt"):
        assert ana.view()["message"] == "rodada 1: você escolheu 'negociação'; aguardando os outros"
    with using_language("en"):
        assert ana.view()["message"] == "round 1: you chose 'negotiate'; waiting for the others"
    bidding = get("bidding")
    with using_language("pt"):
        assert bidding.choice_name("6") == "6: gastar o 6" and bidding.role_label(0) == "jogador"
    assert bidding.choice_name("6") == "6: spend the 6"


def test_a_stored_event_names_its_seats_as_the_boards_do():
    """Issue 33: an event is stored in English with the game's seat names; read in
    Portuguese its seats are said as the boards say them (the colour translated, the
    planet or alien the game's name), a student's name never taken for a colour; read in
    English it is as stored."""
    from ovnilab.classroom import events

    said = {
        events.GAME_OVER.format(names="red (Antáris), blue (Éris)"): "fim de jogo: vitória de vermelho (Antáris), azul (Éris)",
        events.GAME_OVER.format(names="Red (Zombie)"): "fim de jogo: vitória de vermelho (Zombie)",
        events.GAME_OVER.format(names="Purple alien"): "fim de jogo: vitória de alien roxo",
        events.BOT_PLAYS.format(seat="Ana (red (Antáris))"):
            "um robô joga por Ana (vermelho (Antáris)) por enquanto (escolha do professor)",
        events.TIME_RAN_OUT.format(name="Red"): "o tempo de Red acabou: um robô decidiu por ele",
        events.TOOK_SEAT.format(name="Red"): "Red entrou no jogo",
    }
    for stored, pt in said.items():
        with using_language("pt"):
            assert events.event_text(stored) == pt
        assert events.event_text(stored) == stored


def test_a_stored_bot_move_reads_as_the_readers_page_labels_it():
    """Issue 33: "your time ran out: a bot played 'attack 08' for you" is stored with the
    notation (an experiment's choice: its English label); read with the page's own words
    for a move it quotes the label the page's buttons show, as stored without them or in
    English."""
    from ovnilab.classroom import events
    from ovnilab.cosmic.render.labels import card_label

    played = events.YOUR_TIME_RAN_OUT.format(move="attack 08")
    chose = events.TIME_RAN_OUT_CHOICE.format(name="Red", choice="negotiate")
    with using_language("pt"):
        assert events.event_text(played, card_label) == "seu tempo acabou: um robô jogou 'ataque 08' por você"
        assert events.event_text(chose, card_label).endswith("'negociação'")
        assert "Red" in events.event_text(chose, card_label)  # a student's name is not a colour
        assert "'attack 08'" in events.event_text(played)  # no words for the move: as stored

        def unreadable(text):
            raise ValueError(text)
        assert "'attack 08'" in events.event_text(played, unreadable)
    assert events.event_text(played, card_label) == played
