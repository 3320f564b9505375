"""The teacher's projector view, driven from Python as a teacher's clicks would."""

from __future__ import annotations

import random

import pytest

from ovnilab.classroom import Classroom
from ovnilab.classroom.handles import room_view
from ovnilab.classroom.projector import Projector


@pytest.fixture
def cl(tmp_path):
    c = Classroom(tmp_path / "class.sqlite")
    c.rate_moves = 10**9
    return c


def test_a_cosmic_room_on_the_projector_shows_the_public_board_and_its_controls_work(cl):
    room = cl.open_room("cosmic", seats=3, bots={2: "random"}, bot_delay=0, seed=4)
    p = Projector(room, live=False)
    code = room.code
    assert f"{code[:3]} {code[3:]}" in p.header.value
    assert "No class server is running" in p.header.value  # no server announced in this database
    a = cl.join(code, "Ana")
    cl.join(code, "Bruno")
    p.refresh()
    assert "waiting for the teacher to start (2 student(s) joined)" in p.status.value
    assert "Ana" in p.side.value and "Bruno" in p.side.value
    p.start_button.click()
    assert room.status == "running" and p.start_button.disabled
    cl.run_until_idle()
    p.refresh()
    public = room_view(cl, code, None, svg=True)["svg"]
    assert "public view" in public and public.split(">", 1)[1] in p.board.value
    # the teacher hands Ana's seat to a bot, then gives it back
    p.seat_picker.value = (code, a.seat)
    p.bot_button.click()
    assert room.seats()[a.seat]["controller"] == "bot"
    # the seat menu follows: it says a bot plays Ana's seat now, and keeps the choice
    label = dict((v, k) for k, v in p.seat_picker.options)[(code, a.seat)]
    assert "Ana (a bot plays for now)" in label and p.seat_picker.value == (code, a.seat)
    p.back_button.click()
    assert room.seats()[a.seat]["controller"] == "student"
    p.pause_button.click()
    assert room.status == "paused" and p.pause_button.description == "resume"
    p.pause_button.click()
    assert room.status == "running"
    p.end_button.click()
    assert room.status == "ended" and p.end_button.disabled
    cl.store.announce("http://192.0.2.7:8866/")
    p.refresh(force=True)
    assert "http://192.0.2.7:8866/join" in p.header.value


def test_an_experiment_on_the_projector_plots_the_choices_beside_the_equilibrium(cl):
    exp = cl.open_experiment("duel", rounds=2, seed=3, pause=0)
    p = Projector(exp, live=False)
    seats = [cl.join(exp.code, n) for n in ("Ana", "Bruno", "Carla", "Davi")]
    p.start_button.click()
    cl.tick()
    p.refresh()
    assert "round 1 of 2" in p.status.value and "0 choice(s) in" in p.status.value
    rng = random.Random(1)
    for s in seats:
        s.play(rng.choice(s.legal_actions()))
    p.refresh()
    assert "/2</td>" in p.side.value  # two offense and two defense choices in round 1
    # the answer stays off the screen until the teacher shows it (the class plays first)
    assert "<svg" in p.board.value and "equilibrium hidden" in p.status.value
    assert "equilibrium" not in p.side.value and "dashed" not in p.board.value
    assert "stroke-dasharray" not in p.board.value
    p.reveal_button.value = True
    assert p.reveal_button.description == "hide the equilibrium"
    assert "<th>equilibrium</th>" in p.side.value and "dashed: equilibrium" in p.board.value
    assert "stroke-dasharray" in p.board.value and "equilibrium hidden" not in p.status.value
    p.reveal_button.value = False
    assert "equilibrium" not in p.side.value


def test_a_grouping_session_lists_its_groups(cl):
    sess = cl.open_session("cows", group_size=2, bot_delay=0, seed=1)
    p = Projector(sess, live=False)
    assert "0 student(s) waiting" in p.status.value
    cl.join(sess.code, "Ana")
    p.refresh()
    assert "Ana" in p.side.value and "1 student(s) waiting" in p.status.value
    cl.join(sess.code, "Bruno")
    cl.tick()
    p.refresh()
    assert p.group_picker.options and "<svg" in p.board.value


def test_a_room_displays_itself_as_its_projector_in_a_notebook(cl):
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    published = []
    shell.display_pub.publish = lambda data, **kw: published.append(data)
    room = cl.open_room("cows")
    try:
        room._ipython_display_()
    finally:
        InteractiveShell.clear_instance()
    assert published and "application/vnd.jupyter.widget-view+json" in published[0]


def test_the_plot_says_which_rounds_it_leaves_out():
    from ovnilab.classroom import experiments as xp

    exp = xp.get("duel")
    recs = [dict(session="S", round=1, participant=f"p{k}", role=exp.roles[k % 2], choice=exp.strategies(k % 2)[0],
                 opponent=f"p{k ^ 1}", opponent_choice=exp.strategies(1 - k % 2)[0], payoff=0.0, by="student")
            for k in range(4)]
    recs += [dict(r, round=2, by="timeout") for r in recs]
    fig = xp.plot_choices(recs, exp)
    labels = [a.get_xlabel() for a in fig.axes if a.get_xlabel()]
    assert labels and all("not drawn: round 2, every choice timed out" in t for t in labels)
    fig = xp.plot_choices(recs, exp, include_timeouts=True)
    assert all(a.get_xlabel() == "round" for a in fig.axes if a.get_xlabel())


def test_a_finished_game_is_said_in_words_a_class_reads():
    from ovnilab.classroom.views import result_text

    players = [{"seat": 0, "seat_name": "Green alien", "student": "Ana"},
               {"seat": 1, "seat_name": "Blue alien", "student": None}]
    assert result_text(players, [0], [26, 19]) == "won by Ana (Green alien), 26 to 19"
    assert result_text(players, [1], [19, 26]) == "won by Blue alien, 26 to 19"
    assert result_text(players, [0, 1], [20, 20]) == "won by Ana (Green alien) and Blue alien, 20 each"
    three = players + [{"seat": 2, "seat_name": "red (Luxor)", "student": "Carla"}]
    assert result_text(three, [2], [3, 1, 5]) == "won by Carla (red (Luxor)); scores: Ana 3, Blue alien 1, Carla 5"


def test_a_cow_room_played_to_the_end_says_who_won_by_name(cl):
    room = cl.open_room("cows", seats=2, bots={1: "random"}, bot_delay=0, seed=2)
    ana = cl.join(room.code, "Ana")
    room.start()
    room.give_to_bot(ana.seat)
    cl.run_until_idle()
    v = room_view(cl, room.code, None, svg=False)
    assert v["status"] == "over" and v["result"].startswith("won by ")
    assert "seat" not in v["result"] and (" to " in v["result"] or " each" in v["result"])
    assert "Ana (" in v["result"] or "won by Blue" in v["result"]
    p = Projector(room, live=False)
    assert "game over: won by" in p.status.value


def test_the_teacher_removes_a_student_from_the_projector_with_two_clicks(cl):
    sess = cl.open_session("cows", group_size=2, bot_delay=0, bot_wait=None)
    p = Projector(sess, live=False)
    for name in ("Ana", "Prank"):
        cl.join(sess.code, name)
    p.refresh()
    assert list(p.remove_picker.options) == ["Ana", "Prank"]
    p.remove_picker.value = "Prank"
    p.remove_button.click()  # the first click only asks
    assert "click again to remove Prank" == p.remove_button.description
    assert [s["student"] for s in sess.seats()] == ["Ana", "Prank"]
    p.remove_button.click()
    assert [s["student"] for s in sess.seats()] == ["Ana"]
    assert list(p.remove_picker.options) == ["Ana"] and p.remove_button.description == "remove from the game"
    assert "the teacher removed Prank" in " ".join(e["text"] for e in cl.store.all(
        "SELECT text FROM events WHERE session=?", sess.code))


def test_the_projector_speaks_the_teachers_language(cl):
    """Issue 33: with the teacher's choice of Portuguese (the process's default,
    ``ovnilab.set_language("pt")``), the controls, the join line, the status, the seats
    (as the Ovni board names them) and an experiment's line, table and plot are
    Portuguese; the English view is checked byte for byte against the code before the
    catalog by hand (a scripted set of rooms, every widget's text)."""
    from ovnilab import i18n

    before = i18n.get_language()
    i18n.set_language("pt")
    try:
        room = cl.open_room("ovni", seats=3, bots={2: "random"}, bot_delay=0, seed=4)
        p = Projector(room, live=False)
        assert "Nenhum servidor da turma está rodando" in p.header.value
        cl.join(room.code, "Ana")
        p.refresh()
        assert "aguardando o professor começar (1 aluno(s) na turma)" in p.status.value
        assert [p.start_button.description, p.pause_button.description, p.end_button.description] == [
            "começar", "pausar", "encerrar"]
        assert (p.bot_button.description, p.remove_button.description) == ("passar para um robô", "tirar do jogo")
        p.start_button.click()
        cl.run_until_idle()
        p.refresh(force=True)
        assert "vez de: " in p.status.value and "vermelho (Antáris)" in p.side.value
        assert "Ana entrou no jogo" in p.side.value and "o jogo começou" in p.side.value  # the room's events
        assert "tela cheia" in p.present.value
        assert "red (" not in p.side.value and "to act" not in p.status.value
        assert any(label.startswith("vermelho (Antáris): Ana") for label, _ in p.seat_picker.options)
        p.pause_button.click()
        assert p.pause_button.description == "retomar" and "em pausa" in p.status.value
        cl.store.announce("http://192.0.2.7:8866/")
        p.refresh(force=True)
        assert "Abra <b>http://192.0.2.7:8866/join</b> e escolha <i>Entrar num jogo da turma</i>; o código:" \
            in p.header.value

        exp = cl.open_experiment("duel", rounds=2, seed=3, pause=0)
        q = Projector(exp, live=False)
        seats = [cl.join(exp.code, n) for n in ("Bia", "Caio")]
        assert "As escolhas da turma aparecem aqui" in q.board.value
        q.start_button.click()
        cl.tick()
        q.refresh(force=True)
        assert "O duelo: atacar ou negociar" in q.status.value and "rodada 1 de 2 (estranhos)" in q.status.value
        assert "equilíbrio oculto" in q.status.value and q.reveal_button.description == "mostrar o equilíbrio"
        for s in seats:
            s.play(s.legal_actions()[-1])
        cl.tick()
        q.reveal_button.value = True
        assert "<b>atacante</b>" in q.side.value and "<b>defensor</b>" in q.side.value
        assert "<th>escolha</th><th>escolheram</th><th>intervalo de 95%</th><th>equilíbrio</th>" in q.side.value
        assert "negociação" in q.side.value and ">negotiate<" not in q.side.value
        assert "duelo: atacante; tracejado: equilíbrio" in q.board.value  # the plot's title (SVG text comments)
    finally:
        i18n.set_language(before)


def test_the_projector_follows_the_teachers_language_when_it_changes(cl):
    """Issue 33: a projector made in English and shown while the teacher switches to
    Portuguese (``ovnilab.set_language("pt")`` in a later cell) relabels its controls and
    redraws its view at the next refresh (the live thread's), with nothing else changed;
    and back."""
    from ovnilab import i18n

    before = i18n.get_language()
    room = cl.open_room("ovni", seats=3, bots={2: "random"}, bot_delay=0, seed=4)
    exp = cl.open_experiment("duel", rounds=2, seed=3, pause=0)
    i18n.set_language("en")
    try:
        p, q = Projector(room, live=False), Projector(exp, live=False)
        cl.join(room.code, "Ana")
        p.refresh()
        assert p.start_button.description == "start" and "waiting for the teacher" in p.status.value
        i18n.set_language("pt")
        p.refresh()  # the room did not change: the language did
        q.refresh()
        assert [p.start_button.description, p.pause_button.description, p.end_button.description] == [
            "começar", "pausar", "encerrar"]
        assert (p.bot_button.description, p.back_button.description, p.remove_button.description) == (
            "passar para um robô", "devolver ao aluno", "tirar do jogo")
        assert p.seat_picker.description != "seat" and p.remove_picker.description != "student"
        assert "aguardando o professor começar" in p.status.value and "Nenhum servidor" in p.header.value
        assert q.reveal_button.description == "mostrar o equilíbrio"
        p.remove_picker.value = "Ana"
        p.remove_button.click()  # armed: the two-click label is said in the language in force
        assert p.remove_button.description.startswith("clique de novo")
        i18n.set_language("en")
        p.refresh()
        assert p.start_button.description == "start" and p.remove_button.description == "click again to remove Ana"
        assert "waiting for the teacher" in p.status.value
    finally:
        i18n.set_language(before)
