"""The balance measurement of the design note (python -m ovnilab.cows.balance), small."""

from __future__ import annotations

import pytest

from ovnilab import cows
from ovnilab.bots import RandomBot
from ovnilab.cows import balance


def test_measure_groups_wins_by_card_and_first_player():
    b = balance.measure(games_per_face=6, seed=3, bots=[RandomBot(), RandomBot()])
    assert len(b.results) == 12
    assert [g.options["discard_areas"] for g in b.results] == [1] * 6 + [2] * 6
    assert set(b.first_player) == {"1 area", "2 areas", "all"} and b.first_player["all"].n == 12
    held = [c for g in b.results for p in (0, 1) for c in set(g.extras["cards"][p])]
    assert sum(r["n"] for r in b.by_card) == len(held)
    low, high = b.spread
    assert low["rate"] == min(b.by_card.column("rate")) and high["rate"] == max(b.by_card.column("rate"))
    text = b.report()
    assert "RandomBot vs RandomBot, 12 games (6 per Celeiro face)" in text and f"{high['rate']:.1%} ({high['cards']})" in text
    # the same seed gives the same games (the design note's numbers are reproducible)
    again = balance.measure(games_per_face=6, seed=3, bots=[RandomBot(), RandomBot()])
    assert again.results == b.results


def test_command_line(capsys):
    assert balance.main(["--games", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "GreedyBot vs GreedyBot, 4 games" in out and "card holders win" in out
    with pytest.raises(SystemExit):
        balance.main(["--games", "2", "--cards-file", "nope.toml"])
    assert "Rules.cards_file" in capsys.readouterr().err
    with pytest.raises(ValueError, match="games_per_face"):
        balance.measure(0, rules=cows.Rules())
