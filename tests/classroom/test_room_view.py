"""A room as a seat or the projector reads it (ovnilab.classroom.views.room_view): who
plays each seat and whether they are connected, whose turn it is and the seconds left
to decide, the room's status once the game is over or ended, and the parts a page asks
for only when it wants them (its observation, its moves grouped)."""

from __future__ import annotations

import random


from ovnilab.classroom import Classroom
from ovnilab.classroom.rooms import RECONNECT_GRACE
from ovnilab.classroom.views import _bot_kind, action_groups, board_view, room_view, seat_label
from ovnilab.i18n import using_language

FIELDS = ("status", "your_turn", "controller", "seconds_left")


def _fields(view: dict) -> tuple:
    return tuple(view[k] for k in FIELDS)


def _who(view: dict) -> list[tuple]:
    return [(p["seat"], p["player"], p["student"], p["controller"]) for p in view["players"]]


def test_who_plays_each_seat_before_and_after_the_start(cl):
    room = cl.open_room("cows", bot_delay=0, seed=1, decision_seconds=60)
    assert _who(room.state(svg=False)) == [(0, "open seat", None, "open"), (1, "open seat", None, "open")]
    ana = cl.join(room.code, "Ana")
    assert _who(ana.view()) == [(0, "Ana", "Ana", "student"), (1, "open seat", None, "open")]
    room.start()
    cl.run_until_idle()
    assert _who(ana.view()) == [(0, "Ana", "Ana", "student"), (1, "bot (greedy)", None, "bot")]
    room.give_to_bot(0, "random")
    assert _who(room.state(svg=False)) == [(0, "Ana (a bot plays for now)", "Ana", "bot"), (1, "bot (greedy)", None, "bot")]
    room.give_back(0)
    assert _who(room.state(svg=False))[0] == (0, "Ana", "Ana", "student")
    assert [p["seat_name"] for p in ana.view()["players"]] == ["Green alien", "Purple alien"]


def test_a_seat_is_connected_for_the_grace_seconds_after_it_was_last_seen(cl, clock):
    room = cl.open_room("cows", bot_delay=0, seed=1)
    ana, bia = cl.join(room.code, "Ana"), cl.join(room.code, "Bia")
    assert [p["connected"] for p in room.state(svg=False)["players"]] == [True, True]
    clock.t += RECONNECT_GRACE - 0.5
    ana.view()  # Ana's page asks again: she is seen now, Bia was last seen GRACE - 0.5 ago
    assert [p["connected"] for p in room.state(svg=False)["players"]] == [True, True]
    clock.t += 0.5  # Bia: exactly the grace ago, no longer connected
    assert [p["connected"] for p in room.state(svg=False)["players"]] == [True, False]
    assert [p["connected"] for p in bia.view()["players"]] == [True, True]  # Bia is back


def test_whose_turn_and_the_seconds_left_to_decide(cl, clock):
    room = cl.open_room("cows", bot_delay=0, seed=1, decision_seconds=60)
    ana = cl.join(room.code, "Ana")
    # before the start nobody may move and no clock runs
    assert _fields(ana.view()) == ("waiting", False, "student", None)
    assert _fields(room.state(svg=False)) == ("waiting", False, None, None)
    room.start()
    cl.run_until_idle()
    assert _fields(ana.view()) == ("running", True, "student", 60.0)
    clock.t += 45.25
    assert _fields(ana.view()) == ("running", True, "student", 14.75)
    # the projector sees the same clock but no turn of its own
    assert _fields(room.state(svg=False)) == ("running", False, None, 14.75)
    clock.t += 30  # past the limit (the class server's tick would now give the seat to a bot)
    assert ana.view()["seconds_left"] == 0.0
    room.pause()
    assert _fields(ana.view()) == ("paused", False, "student", None)
    room.resume()
    assert _fields(ana.view())[:3] == ("running", True, "student")


def test_no_clock_without_a_limit_and_none_for_a_bot_to_act(cl, clock):
    room = cl.open_room("cows", bot_delay=0, seed=1, decision_seconds=None)
    ana = cl.join(room.code, "Ana")
    room.start()
    cl.run_until_idle()
    assert _fields(ana.view()) == ("running", True, "student", None)
    timed = cl.open_room("cows", bot_delay=5, seed=2, decision_seconds=60, students=[0])  # seed 2: seat 1 starts
    bia = cl.join(timed.code, "Bia")
    timed.start()
    view = bia.view()
    assert view["turn"] == 1 and view["players"][1]["controller"] == "bot"  # the bot waits its delay
    assert _fields(view) == ("running", False, "student", None)


def test_a_student_seat_handed_to_a_bot_may_not_move(cl):
    room = cl.open_room("cows", bot_delay=10, seed=3, decision_seconds=60)  # seed 3: seat 0 starts
    ana = cl.join(room.code, "Ana")
    room.start()
    assert ana.view()["your_turn"] is True
    room.give_to_bot(0)
    assert _fields(ana.view()) == ("running", False, "bot", None)
    assert ana.view()["legal"] == []


def test_what_a_page_gets_only_when_it_asks(cl):
    room = cl.open_room("cows", bot_delay=0, seed=1)
    ana = cl.join(room.code, "Ana")
    room.start()
    cl.run_until_idle()
    v = ana.view(observation=False)
    assert "observation" not in v and "groups" not in v
    v = ana.view(observation=True, groups=True)
    with cl._room_lock(room.code):
        st = cl._state(room.code)[0].clone()
    assert v["observation"] == st.observation(0)
    assert v["groups"] == action_groups("cows", st.legal_actions()) and v["groups"]
    projector = room_view(cl, room.code, None, svg=False, observation=True, groups=True)
    assert "observation" not in projector and projector["groups"] == []
    assert "groups" not in room.state(svg=False) and "observation" not in room.state(svg=False)
    assert v["room"] == room.code and room.state(svg=False)["room"] == room.code
    assert "svg" not in projector or projector["svg"] is None


def test_the_board_part_is_the_games_own_view_for_that_seat(cl):
    room = cl.open_room("cows", bot_delay=0, seed=1)
    ana = cl.join(room.code, "Ana")
    room.start()
    cl.run_until_idle()
    with cl._room_lock(room.code):
        st, base = cl._state(room.code)
        st = st.clone()
    for svg in (True, False):
        seat_view, projector = ana.view(svg=svg), room.state(svg=svg)
        mine, public = board_view(st, base, 0, svg=svg, legal=True), board_view(st, base, None, svg=svg)
        assert {k: seat_view[k] for k in mine} == mine and {k: projector[k] for k in public} == public
    assert seat_view["seat"] == 0 and seat_view["seat_name"] == "Green alien" and seat_view["legal"]
    assert projector["seat"] is None and projector["legal"] == []


def test_the_view_is_read_under_the_rooms_own_lock(cl, monkeypatch):
    room = cl.open_room("cows", bot_delay=0, seed=1)
    ana = cl.join(room.code, "Ana")
    room.start()
    cl.run_until_idle()
    locked, real = [], cl._room_lock
    monkeypatch.setattr(cl, "_room_lock", lambda r: locked.append(r) or real(r))
    ana.view()
    room.state(svg=False)
    assert locked and set(locked) == {room.code}


def _play_out(cl: Classroom, seat, rng: random.Random) -> None:
    for _ in range(500):
        cl.run_until_idle()
        legal = seat.view(observation=False)["legal"]
        if not legal:
            return
        seat.play(rng.choice(legal))
    raise AssertionError("the game did not end")


def test_a_finished_game_reads_over_even_after_the_class_ends(cl):
    room = cl.open_room("cows", bot_delay=0, seed=4, decision_seconds=None)
    ana = cl.join(room.code, "Ana")
    room.start()
    assert ana.view()["result"] is None
    _play_out(cl, ana, random.Random(4))
    v = ana.view()
    assert _fields(v) == ("over", False, "student", None)
    assert (v["result"], v["winner_seats"], v["scores"]) == ("won by Purple alien, 15 to 6", [1], [6, 15])
    assert ana.view(groups=True)["groups"] == []
    room.end()  # a finished game stays finished
    assert ana.view()["status"] == "over" and room.state(svg=False)["status"] == "over"


def test_a_game_the_teacher_ends_midway_reads_ended_and_nobody_moves(cl):
    room = cl.open_room("cows", bot_delay=0, seed=3, decision_seconds=60)
    ana = cl.join(room.code, "Ana")
    room.start()
    assert _fields(ana.view()) == ("running", True, "student", 60.0)
    room.end()
    v = ana.view(groups=True)
    assert _fields(v) == ("ended", False, "student", None)
    assert v["legal"] == [] and v["groups"] == [] and v["result"] is None


def test_each_bot_kind_is_said_in_the_readers_language(cl):
    room = cl.open_room("ovni", bot_delay=0, seed=1, bots={1: "random", 2: "greedy", 3: "mcts"})
    cl.join(room.code, "Ana")
    assert [p["player"] for p in room.state(svg=False)["players"]][1:] == ["bot (random)", "bot (greedy)", "bot (mcts)"]
    with using_language("pt"):
        assert [p["player"] for p in room.state(svg=False)["players"]][1:] == [
            "robô (aleatório)", "robô (guloso)", "robô (MCTS)"]
        assert _bot_kind("a kind of a newer ovnilab") == "a kind of a newer ovnilab"  # said as stored


def test_the_board_view_of_a_finished_game_with_a_long_log():
    """board_view alone (a room's view adds to it): its game, no turn once the game is over,
    and its log the last LOG_LINES lines of the game since ``base``, numbered from 1 there."""
    import ovnilab
    from ovnilab.classroom.limits import LOG_LINES

    st = ovnilab.make("ovni", seed=3, num_players=2)
    rng = random.Random(3)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    base = 5
    assert len(st.log) - base > LOG_LINES  # the log is cut
    v = board_view(st, base, 0, svg=False)
    assert v["game"] == "ovni" and v["turn"] is None and v["turn_name"] is None
    assert v["position"] == len(st.log) - base and v["winner_seats"] == list(st.winners())
    assert v["scores"] == list(st.scores()) and v["winners"] == [seat_label(st, w) for w in st.winners()]
    assert len(v["log"]) == LOG_LINES
    assert v["log"][-1].startswith(f"{len(st.log) - base:>4}. ")
    assert v["log"][0].startswith(f"{len(st.log) - base - LOG_LINES + 1:>4}. ")
    # a game just past its base: every line since it, the first numbered 1
    short = ovnilab.make("ovni", seed=3, num_players=2)
    for a in st.log[:base + 2]:
        short.apply(a)
    lines = board_view(short, base, None, svg=False)["log"]
    assert len(lines) == 2 and lines[0].startswith("   1. ") and lines[1].startswith("   2. ")
    going = board_view(short, base, None, svg=False)
    assert going["turn"] == short.current_player
    assert going["scores"] is going["winners"] is going["winner_seats"] is None  # nobody has won yet
