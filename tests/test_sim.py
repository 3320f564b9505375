"""Simulation: one game with bots, many games in chunks, identical wherever they run."""

from __future__ import annotations

import concurrent.futures as cf
import json
import random
import sys

import pytest

import ovnilab
from ovnilab import IllegalAction
from ovnilab.bots import PlayerView, RandomBot
from ovnilab.core import GameState, derive_seed
from ovnilab.sim import GameResult, Results, Table, bot_seed, play, run_many

# ---------------------------------------------------------------------------
# A tiny game (not registered) to show that sim is generic: each round every player
# plays "safe" (+1) or "risky" (+3 or 0 by the state's dice); three rounds.


class Dice(GameState):
    """A game without a round counter; :class:`RoundDice` adds one."""

    game_name = "dice"

    def __init__(self, seed=None, num_players=2, rounds=3):
        super().__init__(seed, {"num_players": num_players, "rounds": rounds})
        self.n = num_players
        self.rounds_total = rounds
        self.turns = 0
        self.safe = [0] * num_players
        self.risky = [0] * num_players

    @classmethod
    def from_options(cls, seed, options):
        return cls(seed, **options)

    def _legal(self):
        return ["safe", "risky"]

    def _do(self, action):
        seat = self.turns % self.n
        if action == "safe":
            self.safe[seat] += 1
        else:
            self.risky[seat] += 3 if self.rng.random() < 0.4 else 0
        self.turns += 1

    def _copy_into(self, other):
        other.__dict__.update({k: v for k, v in self.__dict__.items() if k not in other.__dict__})
        other.safe, other.risky = list(self.safe), list(self.risky)

    def parse_action(self, text):
        return text

    @property
    def current_player(self):
        return ovnilab.TERMINAL if self.is_over() else self.turns % self.n

    def is_over(self):
        return self.turns >= self.n * self.rounds_total

    def scores(self):
        return [a + b for a, b in zip(self.safe, self.risky)]

    def score_breakdown(self):
        return [{"safe": a, "risky": b} for a, b in zip(self.safe, self.risky)]

    def winners(self):
        if not self.is_over():
            return []
        sc = self.scores()
        return [s for s, v in enumerate(sc) if v == max(sc)]

    def observation(self, seat):
        return {"turns": self.turns, "scores": self.scores()}

    def result_extras(self):
        return {"style": ["careful" if s >= r else "bold" for s, r in zip(self.safe, self.risky)],
                "total": sum(self.scores())}


class RoundDice(Dice):
    @property
    def round(self):
        return min(self.turns // self.n, self.rounds_total - 1) + 1


def new_dice(seed=None, **kw):
    return RoundDice(seed, **kw)


class AlwaysSafe:
    def act(self, view, rng):
        assert isinstance(view, PlayerView)  # never the state itself
        return "safe"

    def __repr__(self):
        return "AlwaysSafe()"


RANDOM4 = [RandomBot()] * 4


@pytest.fixture(scope="module")
def ovni_batch():
    return run_many("ovni", RANDOM4, 24, seed=7, progress=False, record_scores=True)


# ---------------------------------------------------------------------------
# play


def test_play_finishes_and_reports_everything():
    state = ovnilab.make("ovni", num_players=4, seed=3)
    r = play(state, RANDOM4, seed=11, record_scores=True)
    assert state.is_over()
    assert r.game == "ovni" and r.seed == 3 and r.bot_seed == 11
    assert list(r.scores) == state.scores() and list(r.winners) == state.winners()
    assert r.rounds == state.round and r.steps == len(state.log) == len(r.log)
    assert r.first_player == 0
    assert [sum(b.values()) for b in r.breakdown] == list(r.scores)
    assert r.trajectory[-1] == r.scores and r.trajectory_steps[-1] == r.steps
    assert len(r.trajectory) == r.rounds + 1  # start of every round, then the end
    assert r.options == state.options


def test_play_is_deterministic_and_the_log_replays():
    a = play(ovnilab.make("ovni", num_players=3, seed=5), RandomBot(), seed=1)
    b = play(ovnilab.make("ovni", num_players=3, seed=5), RandomBot(), seed=1)
    c = play(ovnilab.make("ovni", num_players=3, seed=5), RandomBot(), seed=2)
    assert a == b
    assert a.log != c.log
    final = a.to_state()
    assert final.is_over() and final.scores() == list(a.scores)


def test_play_two_player_ovni_needs_bots_for_real_seats_only():
    r = play(ovnilab.make("ovni", num_players=2, seed=1), {0: RandomBot(), 1: RandomBot()})
    assert len(r.scores) == 2


def test_play_names_a_missing_bot():
    with pytest.raises(ValueError, match="no bot for seat 1"):
        play(ovnilab.make("ovni", num_players=2, seed=1), {0: RandomBot()})


def test_an_illegal_bot_action_is_refused():
    class Cheat:
        def act(self, view, rng):
            return "move Berlim -> Paris"

    with pytest.raises(IllegalAction) as info:
        play(ovnilab.make("ovni", num_players=2, seed=1), Cheat())
    if sys.version_info >= (3, 11):
        assert "game seed 1" in " ".join(info.value.__notes__)


def test_score_snapshots_every_k_steps_or_every_step_without_rounds():
    r = play(Dice(seed=4, num_players=3), RandomBot(), record_scores=2)
    assert r.rounds is None and r.steps == 9
    assert r.trajectory_steps == (2, 4, 6, 8, 9)
    assert play(Dice(seed=4), RandomBot(), record_scores=True).trajectory_steps == (1, 2, 3, 4, 5, 6)
    by_round = play(RoundDice(seed=4), RandomBot(), record_scores=True)
    assert by_round.rounds == 3 and by_round.trajectory_steps == (2, 4, 6)


def test_generic_game_breakdown_and_extras():
    r = play(new_dice(seed=2, num_players=3), AlwaysSafe())
    assert r.scores == (3, 3, 3) and r.winners == (0, 1, 2)
    assert r.breakdown == ({"safe": 3, "risky": 0},) * 3
    assert r.extras == {"style": ["careful"] * 3, "total": 9}
    assert r.win_share(1) == pytest.approx(1 / 3)


def test_play_with_default_seed_equals_run_many_game_i():
    res = run_many("ovni", RANDOM4, 3, seed=9, progress=False, keep_log=True)
    again = play(ovnilab.make("ovni", num_players=4, seed=derive_seed(9, 2)), RANDOM4)
    assert again.bot_seed == bot_seed(derive_seed(9, 2))
    assert res[2] == GameResult(**{**again.__dict__, "index": 2})


# ---------------------------------------------------------------------------
# run_many


def test_run_many_same_seed_same_results_in_order(ovni_batch):
    again = run_many("ovni", RANDOM4, 24, seed=7, progress=False, record_scores=True)
    assert again == ovni_batch
    assert [g.index for g in again] == list(range(24))
    assert [g.seed for g in again] == [derive_seed(7, i) for i in range(24)]
    other = run_many("ovni", RANDOM4, 24, seed=8, progress=False, record_scores=True)
    assert other != ovni_batch


def test_chunking_does_not_change_results(ovni_batch):
    for size in (1, 5, 24, 100):
        r = run_many("ovni", RANDOM4, 24, seed=7, progress=False, record_scores=True, chunk_size=size)
        assert r == ovni_batch


class CountingExecutor(cf.Executor):
    """Runs tasks in this thread, in reverse order of submission, and counts them."""

    def __init__(self):
        self.calls = []

    def submit(self, fn, *args, **kwargs):
        self.calls.append(args[1:])
        fut = cf.Future()
        fut.set_result(fn(*args, **kwargs))
        return fut


def test_work_goes_out_in_chunks_and_comes_back_in_order(ovni_batch):
    ex = CountingExecutor()
    r = run_many("ovni", RANDOM4, 24, seed=7, executor=ex, chunk_size=10, progress=False, record_scores=True)
    assert ex.calls == [(0, 10), (10, 20), (20, 24)]
    assert r == ovni_batch


def test_process_pool_equals_in_process(ovni_batch):
    with cf.ProcessPoolExecutor(2) as ex:
        r = run_many("ovni", RANDOM4, 24, seed=7, executor=ex, chunk_size=5, progress=False,
                     record_scores=True)
    assert r == ovni_batch
    assert run_many("ovni", RANDOM4, 24, seed=7, processes=2, progress=False, record_scores=True) == ovni_batch


def test_dask_local_cluster_equals_in_process(ovni_batch):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, host="127.0.0.1",
                      protocol="tcp://", dashboard_address=":0") as cluster, Client(cluster) as client:
        r = run_many("ovni", RANDOM4, 24, seed=7, executor=client.get_executor(), chunk_size=5,
                     progress=False, record_scores=True)
    assert r == ovni_batch


@pytest.mark.slow
def test_dask_worker_processes_equal_in_process(ovni_batch):
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        r = run_many("ovni", RANDOM4, 24, seed=7, executor=client.get_executor(), chunk_size=6,
                     progress=False, record_scores=True)
    assert r == ovni_batch


def test_run_many_with_rules_and_kwargs():
    from ovnilab.ovni import Rules

    rules = Rules(platform_capacity=3)
    r = run_many("ovni", RandomBot(), 3, rules=rules, new_game_kwargs={"num_players": 3}, progress=False)
    assert all(g.options["rules"]["platform_capacity"] == 3 and len(g.scores) == 3 for g in r)
    assert r.meta["rules"]["platform_capacity"] == 3
    assert r.meta["bots"] == ["RandomBot()"] * 3


def test_run_many_with_a_factory_and_a_bad_argument():
    r = run_many(new_dice, [AlwaysSafe(), RandomBot()], 5, progress=False)
    assert len(r) == 5 and r[0].game == "dice"
    with pytest.raises(ValueError):
        run_many(new_dice, [RandomBot()] * 2, 2, processes=2, executor=CountingExecutor())


def test_progress_bar_and_its_absence(monkeypatch, capsys):
    pytest.importorskip("tqdm")
    run_many(new_dice, [RandomBot()] * 2, 6, chunk_size=2, progress=True)
    assert "6/6" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # tqdm not installed
    r = run_many(new_dice, [RandomBot()] * 2, 6, chunk_size=2, progress=True)
    assert len(r) == 6 and capsys.readouterr().err == ""


def test_rerun_gives_the_same_game_with_its_log(ovni_batch):
    g = ovni_batch.rerun(5, record_scores=True)
    assert g.log is not None and g == GameResult(**{**ovni_batch[5].__dict__, "log": g.log})
    assert g.to_state().scores() == list(g.scores)


# ---------------------------------------------------------------------------
# Results


def test_tables(ovni_batch):
    games = ovni_batch.table()
    assert isinstance(games, Table) and len(games) == 24
    assert set(games[0]) >= {"game", "seed", "rounds", "steps", "winners", "score_0", "score_3"}
    seats = ovni_batch.seat_table()
    assert len(seats) == 96
    row = seats[0]
    assert {"seat", "score", "win", "rank", "first", "pts_aliens", "pts_missions"} <= set(row)
    for g in ovni_batch:
        ranks = [r["rank"] for r in seats if r["game"] == g.index]
        assert min(ranks) == 1
    assert sum(seats.column("win")) == pytest.approx(24)
    text = repr(games)
    assert text.splitlines()[0] == "24 games" and "... 4 more rows ..." in text


def test_seat_table_takes_per_seat_extras():
    r = run_many(new_dice, [AlwaysSafe(), RandomBot()], 4, progress=False)
    assert r.seat_table().column("style")[:2] == ["careful", r[0].extras["style"][1]]
    assert r.table().column("total") == [g.extras["total"] for g in r]
    assert "pts_risky" in r.seat_table()[0]


def test_win_rates_sum_to_one_and_contain_the_estimate(ovni_batch):
    t = ovni_batch.win_rates()
    assert sum(t.column("rate")) == pytest.approx(1.0)
    for row in t:
        assert row["lo"] <= row["rate"] <= row["hi"]


def test_json_round_trip(ovni_batch):
    text = ovni_batch.to_json()
    back = Results.from_json(text)
    assert back == ovni_batch and back.meta == json.loads(text)["meta"]
    with_log = run_many(new_dice, [RandomBot()] * 2, 3, keep_log=True, progress=False)
    assert Results.from_json(with_log.to_json()) == with_log
    with pytest.raises(ValueError, match="kind"):
        Results.from_json("{}")
    with pytest.raises(ValueError, match=r"games\[0\]"):
        Results.from_json(json.dumps({"kind": "ovnilab.results", "format": 1, "games": [{"bogus": 1}]}))


def test_results_slice_and_pandas(ovni_batch):
    part = ovni_batch[:5]
    assert isinstance(part, Results) and len(part) == 5 and part[4] == ovni_batch[4]
    import pandas as pd  # the lab and test extras install it (issue 32): no skip

    assert isinstance(ovni_batch.to_pandas(per_seat=True), pd.DataFrame)


def test_to_pandas_has_one_row_per_game_and_seat_with_the_games_columns():
    import pandas as pd

    r = run_many(new_dice, [AlwaysSafe(), RandomBot()], 4, progress=False)
    df = r.to_pandas()
    seats = r.seat_table()
    assert isinstance(df, pd.DataFrame) and len(df) == len(seats) == 8
    # the seat table's columns first, in its order, then the game's rounds, steps and extras
    assert list(df.columns) == [*seats.columns, "rounds", "steps", "total"]
    assert df["win"].tolist() == seats.column("win") and df["style"].tolist() == seats.column("style")
    for row, (g, s) in zip(df.itertuples(), [(g, s) for g in r for s in range(2)]):
        assert (row.game, row.seat, row.rounds, row.steps, row.total) == (g.index, s, g.rounds, g.steps,
                                                                          g.extras["total"])
    assert df.groupby("seat")["win"].mean().tolist() == pytest.approx(r.win_rates().column("rate"))
    games = r.to_pandas(per_seat=False)
    assert len(games) == 4 and list(games.columns) == r.table().columns
    assert r.table().to_pandas().equals(games)


def test_to_pandas_names_a_per_game_extra_that_shares_a_seat_columns_name():
    class Clash(RoundDice):
        def result_extras(self):
            return {"score": 99, "style": ["a", "b"]}  # "score" is also a seat column

    df = run_many(lambda seed=None, **kw: Clash(seed, **kw), [RandomBot()] * 2, 2, progress=False).to_pandas()
    assert df["game_score"].tolist() == [99] * 4 and df["score"].tolist() != [99] * 4


def test_to_pandas_without_pandas_says_how_to_install_it(monkeypatch):
    r = run_many(new_dice, [RandomBot()] * 2, 1, progress=False)
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were not installed
    for call in (r.to_pandas, r.table().to_pandas):
        with pytest.raises(ImportError, match="needs pandas.*make lab.*pip install pandas"):
            call()


def test_bots_decide_from_views_with_their_own_generators():
    seen = []

    class Spy:
        def act(self, view, rng):
            seen.append((view.seat, type(view).__name__, rng))
            return random.Random(0).choice(view.legal_actions())

    play(new_dice(seed=1, num_players=2), Spy())
    rngs = {seat: rng for seat, _, rng in seen}
    assert {name for _, name, _ in seen} == {"PlayerView"}
    assert rngs[0] is not rngs[1]


def test_a_game_that_runs_too_long_is_stopped():
    assert play(new_dice(seed=1), RandomBot(), max_steps=6).steps == 6
    with pytest.raises(RuntimeError, match="within 5 steps"):
        play(new_dice(seed=1), RandomBot(), max_steps=5)


def test_to_state_trusts_this_sessions_results_but_not_by_default_a_strangers(tmp_path):
    """A result run here with a data file named by path replays; the same result marked as
    coming from outside obeys load_json's bare-name policy (issue 11)."""
    import shutil
    from pathlib import Path

    from ovnilab import cows
    from ovnilab.core import SaveFormatError

    shutil.copy(Path(__file__).resolve().parent.parent / "data" / "cows" / "cards.toml", tmp_path / "my.toml")
    res = run_many("cows", RandomBot(), 1, seed=1, progress=False, keep_log=True,
                   rules=cows.Rules(cards_file=str(tmp_path / "my.toml")))
    assert res[0].to_state().is_over()
    with pytest.raises(SaveFormatError):
        res[0].to_state(trusted=False)


def test_ovni_results_carry_every_recruitment_area():
    """Issue 23: per-area outcomes (which areas were won by whom, or by nobody) come with
    each result, JSON-ready, and agree with the area rule applied to the area's tokens."""
    from ovnilab import ovni
    from ovnilab.ovni.bots import RandomBot as OvniRandom

    res = run_many("ovni", [OvniRandom()] * 4, 3, seed=5, progress=False)
    for g in res:
        assert g.areas is not None and len(g.areas) == 4 * g.rounds      # four areas a round
        assert [a["round"] for a in g.areas] == sorted(a["round"] for a in g.areas)
        for a in g.areas:
            assert set(a) == {"round", "area", "card", "tokens", "winner"}
            tie = ovni.Rules().area_tie
            assert a["winner"] == ovni.resolve_area([tuple(t) for t in a["tokens"]], tie=tie)
    assert Results.from_json(res.to_json()) == res
    # a game without areas keeps writing what it wrote before
    cows = run_many("cows", [RandomBot()] * 2, 1, seed=1, progress=False)
    assert cows[0].areas is None and "areas" not in cows[0].to_dict()


# ---------------------------------------------------------------------------
# GameResult.extras documented per game (issue 32): the docs cannot drift from the engines


def _engine_extras_doc(game):
    """The docstring of the engine function that builds the game's extras."""
    import inspect

    import ovnilab.cosmic.rules.state as cosmic_state
    from ovnilab import cows, ovni

    fn = {"ovni": ovni.rules.State.result_extras, "cows": cows.rules.State.result_extras,
          "cosmic": cosmic_state.result_extras}[game]
    return inspect.getdoc(fn)


def _docstring_bullet(game):
    """The bullet of GameResult's docstring that lists the game's extras."""
    doc = GameResult.__doc__
    title = {"ovni": "Ovni", "cows": "Cows", "cosmic": "Cosmic"}[game]
    start = doc.index(f"* {title}, per seat:")
    end = doc.find("\n    * ", start + 1)
    return doc[start:] if end < 0 else doc[start:end]


@pytest.mark.parametrize("game, players", [("ovni", 3), ("ovni", 2), ("cows", 2), ("cosmic", 4), ("cosmic", 3)])
def test_documented_extras_are_exactly_the_keys_each_game_returns(game, players):
    from ovnilab.sim import RESULT_EXTRAS

    assert set(RESULT_EXTRAS) == set(ovnilab.GAMES)  # every registered game is documented
    documented = RESULT_EXTRAS[game]
    for g in run_many(game, [RandomBot()] * players, 2, seed=5, progress=False):
        assert list(g.extras) == list(documented), f"{game}: result_extras() and RESULT_EXTRAS differ"
        for key, (scope, meaning) in documented.items():
            assert scope in ("per seat", "per game") and meaning
            per_seat = isinstance(g.extras[key], list) and len(g.extras[key]) == players
            assert per_seat == (scope == "per seat"), f"{game}: {key} is not {scope}"


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_every_extras_key_is_named_in_the_docstrings_a_designer_reads(game):
    from ovnilab import analysis
    from ovnilab.sim import RESULT_EXTRAS

    bullet = _docstring_bullet(game)
    seat_part, game_part = bullet.split("per game:")
    engine = _engine_extras_doc(game)
    listed = analysis.metrics(game)
    for key, (scope, meaning) in RESULT_EXTRAS[game].items():
        assert f"``{key}``" in (seat_part if scope == "per seat" else game_part), (game, key)
        assert f"``{key}``" in engine, f"{game}: the engine's result_extras docstring does not name {key}"
        row = listed.row(metric=f'extras["{key}"]')
        assert row["meaning"] == f"{scope}: {meaning}"
        assert row["use"] == (f'by="{key}"' if scope == "per seat" else f'g.extras["{key}"]')
