"""The balance measurement of the design note (python -m ovnilab.cows.balance), small."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ovnilab import cows, sim
from ovnilab.bots import RandomBot
from ovnilab.cows import balance


def test_measure_groups_wins_by_card_and_first_player():
    b = balance.measure(games_per_face=6, seed=3, bots=[RandomBot(), RandomBot()], search_games=0)
    assert len(b.results) == 12
    assert [g.options["discard_areas"] for g in b.results] == [1] * 6 + [2] * 6
    # no deal is played under both Celeiro faces: the games are independent
    assert not {g.seed for g in b.results[:6]} & {g.seed for g in b.results[6:]}
    assert set(b.first_player) == {"1 area", "2 areas", "all"} and b.first_player["all"].n == 12
    held = [c for g in b.results for p in (0, 1) for c in set(g.extras["held"][p])]
    assert sum(r["n"] for r in b.by_card) == len(held)
    built = [c for g in b.results for p in (0, 1) for c in set(g.extras["cards"][p])]
    assert sum(r["n"] for r in b.by_pyramid) == len(built) <= len(held)
    # a card is held in the pyramid or the hand at the end
    final = b.results[0].to_state()
    assert sorted(b.results[0].extras["held"][0]) == sorted(
        final.cards.card_name(c) for c in [*final.hand[0], *(c for c in final.pyr[0] if c >= 0)])
    assert "p_holm" in b.by_card.columns and all(r["p_holm"] >= r["p"] for r in b.by_card)
    low, high = b.spread
    assert low["rate"] == min(b.by_card.column("rate")) and high["rate"] == max(b.by_card.column("rate"))
    text = b.report()
    assert "RandomBot vs RandomBot, 12 games (6 per Celeiro face" in text and f"{high['rate']:.1%} ({high['held']})" in text
    # the same seed gives the same games (the design note's numbers are reproducible)
    again = balance.measure(games_per_face=6, seed=3, bots=[RandomBot(), RandomBot()], search_games=0)
    assert again.results == b.results


def test_the_search_batch_plays_each_deal_twice_with_the_seats_swapped():
    b = balance.measure(games_per_face=2, seed=4, search_games=4, search_iterations=20)
    assert len(b.search) == 4 and b.search_seats == (0, 1, 0, 1)
    assert b.search[0].seed == b.search[1].seed and b.search[2].seed == b.search[3].seed
    share = b.search_win_share()
    per_deal = [(b.search[i].win_share(b.search_seats[i]) + b.search[i + 1].win_share(b.search_seats[i + 1])) / 2
                for i in (0, 2)]
    assert share.value == pytest.approx(sum(per_deal) / 2) and share.n == 4
    names = [r["measure"] for r in b.table()]
    assert names == list(balance.TARGETS)
    assert all(r["met"] in ("yes", "NO") for r in b.table())
    with pytest.raises(ValueError, match="even"):
        balance.measure(2, search_games=3)


def _log(seed: int, actions) -> SimpleNamespace:
    """A result-like record of the game ``actions`` (callables choosing from a state) play."""
    s = cows.new_game(seed=seed, rules=cows.Rules(starting_player=0))
    for pick in actions:
        s.apply(pick(s))
    return SimpleNamespace(seed=seed, options=s.options, log=tuple(str(a) for a in s.log)), s


def _first(kind):
    return lambda s: next(a for a in s.legal_actions() if a.kind == kind)


def test_game_stats_sees_the_hand_limit_bind_and_in_hand_flips():
    # seat 0 draws and keeps three turns without building; seat 1 flips its card in hand
    turn0 = [_first("draw"), _first("keep"), _first("end")]
    turn1 = [_first("draw"), _first("keep"), _first("end")]
    flip1 = [_first("flip"), _first("end")]
    rec, s = _log(7, turn0 + turn1 + turn0 + flip1 + turn0)
    st = balance.game_stats(rec)
    assert len(s.hand[0]) == 3 and s.deck
    assert not st.limit_bound  # seat 0 has not yet begun a turn with a full hand
    rec, s = _log(7, turn0 + turn1 + turn0 + flip1 + turn0 + flip1 + [_first("build")])
    st = balance.game_stats(rec)
    assert st.limit_bound
    assert st.hand_flips == [0, 2]
    # decisions: the actions chosen among two or more legal ones (seat 1's flips were)
    assert 2 <= st.decisions[1] <= sum(1 for who in s.actors if who == 1)


def test_game_stats_credits_end_of_game_effects_that_scored():
    g = sim.run_many("cows", [RandomBot(), RandomBot()], 8, seed=2, progress=False, keep_log=True)
    for rec in g:
        st = balance.game_stats(rec)
        final = rec.to_state()
        showing = {f.name for p in (0, 1) for f in final.pyramid_faces(p) if f is not None}
        for name, i in st.used:
            face = next(f for f in final.cards.faces if f.name == name)
            if face.effects[i].kind != "immediate":
                assert name in showing  # scored in the final count: it shows there
        assert st.used <= {(f, i) for f in st.shown for i in range(3)}


def test_command_line(capsys):
    assert balance.main(["--games", "2", "--seed", "5", "--search-games", "0"]) == 0
    out = capsys.readouterr().out
    assert "GreedyBot vs GreedyBot, 4 games" in out and "card holders win" in out
    assert "issue 12: card set targets" in out
    with pytest.raises(SystemExit):
        balance.main(["--games", "2", "--cards-file", "nope.toml"])
    assert "Rules.cards_file" in capsys.readouterr().err
    with pytest.raises(ValueError, match="games_per_face"):
        balance.measure(0, rules=cows.Rules())


def test_card_rates_compare_each_card_with_the_other_cards():
    games = list(sim.run_many("cows", [RandomBot(), RandomBot()], 30, seed=6, progress=False))
    table = balance.card_rates(games)
    wins, held = sum(r["wins"] for r in table), sum(r["n"] for r in table)
    for r in table:
        assert r["others"] == pytest.approx((wins - r["wins"]) / (held - r["n"]))
        assert r["diff"] == pytest.approx(r["rate"] - r["others"]) and r["lo"] < r["diff"] < r["hi"]
    assert all(r["p_holm"] >= r["p"] for r in table)
    assert set(balance.card_verdicts(table)) == set(table.column("cards"))


def test_variant_verdicts_say_when_no_game_changed():
    runs = balance.play_variants({"rulebook": cows.Rules(), "same": cows.Rules(),
                                  "no last turn": cows.Rules(last_turn=False)}, 12, seed=2,
                                 bots=[RandomBot(), RandomBot()])
    table = balance.variant_verdicts(runs)
    same = [r for r in table if r["variant"] == "same"]
    assert all(r["verdict"] == "same in every game" and r["changed"] == 0 for r in same)
    assert len(table) == 6 and all(r["n"] == 12 for r in table)
    wider = balance.variant_verdicts(runs, m=12)  # as if twelve pairs were compared
    assert all(w["p_holm"] >= r["p_holm"] and w["hi"] - w["lo"] >= r["hi"] - r["lo"] for w, r in zip(wider, table))
    with pytest.raises(ValueError, match="fewer"):
        balance.variant_verdicts(runs, m=2)


def test_first_player_share_pools_the_two_faces():
    runs = [balance.first_player_games(a, 10, seed=3, part=k, bots=[RandomBot(), RandomBot()])
            for a in (1, 2) for k in (0, 1)]
    seeds = [g.seed for res in runs for g in res]
    assert len(set(seeds)) == len(seeds) == 40  # every face and part has its own deals
    first = balance.first_player_share(runs[::2])  # one part per face
    assert first.estimate.n == 20 and set(first.per_face) == {1, 2}
    assert first.estimate.value == pytest.approx(sum(e.value for e in first.per_face.values()) / 2)
    assert first.verdict in ("above", "below", "suggestive above", "suggestive below", "not shown")
