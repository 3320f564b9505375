"""Fuzz the rule options of every game: ``Rules(...)`` accepts exactly the values its
contract documents (the field's annotation and range) and refuses everything else with
one ``RulesError`` that lists every bad field; accepted options play, save and load."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import stat
import time

import pytest

import ovnilab
from ovnilab import cosmic, cows, ovni
from ovnilab.core import RulesError, _kind
from ovnilab.cosmic.aliens import POWERS

GAMES = {"ovni": ovni, "cows": cows, "cosmic": cosmic}

#: values no option should take blindly: wrong types, NaN, huge sizes, paths, junk
HOSTILE = [None, True, False, 0, 1, -1, 2, 3, 2.5, 3.0, math.nan, math.inf, -math.inf, 10**6, -10**6,
           10**5000, "", " ", "x", "any", "a" * 5000, "../../../../etc/passwd", "/dev/zero", "\0",
           [], [1], ["Zombie"], (), ("Zombie",), ("Zombie", "Zombie"), ("Nobody",), {}, {"a": 1}, b"cards.toml",
           object()]


def _accepts(f: dataclasses.Field, v: object) -> bool:
    """Whether the contract of option ``f`` (its annotation and documented range) admits
    ``v`` -- written independently of the library's checks, from the metadata alone."""
    base, optional = _kind(f.type)
    meta = f.metadata
    if v is None:
        return optional
    if base == "bool":
        return type(v) is bool
    if base == "int":
        return type(v) is int and meta["min"] <= v <= meta["max"]
    if base == "str":
        if "choices" in meta:
            return type(v) is str and v in meta["choices"]
        # a data file: a bare name of a shipped file, or a path (code is trusted) to a
        # regular file; never a device, a folder or a text that names no file
        if type(v) is not str or not v or "\0" in v:
            return False
        if v in ("board.toml", "board_ring.toml", "cards.toml", "deck.toml") and (meta["folder"]() / v).is_file():
            return True
        return os.path.isfile(v) and stat.S_ISREG(os.stat(v).st_mode)
    if base.startswith("tuple") and "choices" in meta:
        # Cosmic's alert levels: at least one, each once, every alien of them implemented
        levels = cosmic.load_data().levels
        return (type(v) is tuple and 0 < len(v) == len(set(v)) and all(x in meta["choices"] for x in v)
                and all(a in POWERS for x in v for a in levels[x]))
    if base.startswith("tuple"):
        return (type(v) is tuple and len(set(v)) == len(v) and len(v) <= meta["max_items"]
                and all(a in POWERS for a in v))
    raise AssertionError(f"{f.name}: annotation {f.type} has no contract in this test")


def _bad_fields(R: type, kwargs: dict) -> set[str]:
    """The fields ``R(**kwargs)`` must list: each value outside its contract, and Ovni's
    one check across fields (fewer tokens removed than the stock holds)."""
    fields = {f.name: f for f in dataclasses.fields(R)}
    bad = {k for k, v in kwargs.items() if not _accepts(fields[k], v)}
    if R is ovni.Rules and not bad & {"stock_per_type", "stock_removed_small"}:
        values = {k: kwargs.get(k, fields[k].default) for k in ("stock_per_type", "stock_removed_small")}
        if values["stock_removed_small"] >= values["stock_per_type"]:
            bad.add("stock_removed_small")
    return bad


def _fields(game: str) -> list[dataclasses.Field]:
    return list(dataclasses.fields(GAMES[game].Rules))


@pytest.mark.parametrize("game", GAMES)
def test_every_option_documents_itself(game):
    for f in _fields(game):
        doc = f.metadata.get("doc")
        assert isinstance(doc, str) and doc and "\n" not in doc, f"{game}.Rules.{f.name} has no one-line doc"
        base, _ = _kind(f.type)
        if base == "int":
            lo, hi = f.metadata.get("min"), f.metadata.get("max")
            assert isinstance(lo, int) and isinstance(hi, int) and lo <= f.default <= hi, f.name
            assert hi - lo <= 1000, f"{game}.Rules.{f.name}: a size must have a small bound"
        assert _accepts(f, f.default), f"{game}.Rules.{f.name}: the default breaks its own contract"


@pytest.mark.parametrize("game", GAMES)
def test_one_hostile_value_at_a_time(game):
    R = GAMES[game].Rules
    for f in _fields(game):
        for v in HOSTILE + [f.metadata.get("min", 0) - 1, f.metadata.get("max", 0) + 1]:
            bad = _bad_fields(R, {f.name: v})
            if not bad:
                assert getattr(R(**{f.name: v}), f.name) == v
                continue
            with pytest.raises(RulesError) as ei:
                R(**{f.name: v})
            assert set(ei.value.errors) == bad, (f.name, v, ei.value.errors)
            assert all(f"Rules.{name}: " in str(ei.value) for name in bad)
            assert len(str(ei.value)) < 2000  # a 5,000-digit integer is not printed


def _random_value(rng: random.Random, f: dataclasses.Field) -> object:
    """A hostile value half the time, a value inside the contract otherwise."""
    if rng.random() < 0.5:
        return rng.choice(HOSTILE)
    base, optional = _kind(f.type)
    meta = f.metadata
    if base == "bool":
        return rng.random() < 0.5
    if base == "int":
        return rng.randint(meta["min"], meta["max"])
    if base == "str" and "choices" in meta:
        return rng.choice(meta["choices"])
    return None if optional else f.default


@pytest.mark.parametrize("game", GAMES)
def test_random_option_sets_list_every_bad_field(game):
    R = GAMES[game].Rules
    fields = _fields(game)
    rng = random.Random(f"rules-{game}")
    accepted = 0
    for _ in range(1500):
        chosen = rng.sample(fields, rng.randint(1, len(fields)))
        kwargs = {f.name: _random_value(rng, f) for f in chosen}
        bad = _bad_fields(R, kwargs)
        try:
            rules = R(**kwargs)
        except RulesError as exc:
            # one error, listing every bad field and no other
            assert set(exc.errors) == bad, (kwargs, exc.errors)
            for name in exc.errors:
                assert f"Rules.{name}: " in str(exc)
            continue
        assert not bad, f"{game}.Rules accepted {kwargs}"
        accepted += 1
        # what Rules accepts, a save carries: the options round-trip through JSON
        saved = json.loads(json.dumps(ovnilab.core.rules_to_dict(rules)))
        assert ovnilab.core.rules_from_dict(R, saved) == rules
    assert accepted > 50


def _play_out(state: ovnilab.GameState, rng: random.Random, budget: int) -> int:
    steps = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps <= budget, f"no end after {budget} actions under {state.rules}"
    return steps


def test_the_largest_sizes_still_make_short_games():
    """Every size at its documented bound: random games still end (within a few thousand
    actions) and save and load again."""
    start = time.perf_counter()
    big = {
        "ovni": ovni.Rules(stock_per_type=40, extra_moves=6, platform_capacity=8, launch_limit=8,
                           groups_per_turn=4, energy_groups=4),
        "cows": cows.Rules(stall_limit=100, hand_limit=9, max_chain_flips=30),
        "cosmic": cosmic.Rules(win_colonies=10, max_ships=20, hand_size=12, deal_rounds=10, deal_max_cards=12,
                               powers=False, flares=False),
    }
    for game, rules in big.items():
        for seed in range(2):
            kw = {"num_players": 3} if game != "cows" else {}
            state = ovnilab.make(game, seed=seed, rules=rules, **kw)
            _play_out(state, random.Random(seed), 20_000)
            again = ovnilab.load_json(state.to_json())
            assert again == state
    # a turn limit at its bound stops a game that will not end by itself
    state = cosmic.new_game(3, seed=3, rules=cosmic.Rules(turn_limit=1000, win_colonies=10, powers=False,
                                                          flares=False))
    _play_out(state, random.Random(3), 200_000)
    # bounded: a few seconds alone; generous against a loaded machine
    assert time.perf_counter() - start < 120


@pytest.mark.parametrize("game", GAMES)
def test_every_option_on_a_board_has_a_label_for_people(game):
    """The new-game tab names each option in words ("Launch platform size"), its Python
    name after it, smaller (issue 22: the tab once showed only the Python names)."""
    import importlib

    board = importlib.import_module(f"ovnilab.{game}.widget").Board()
    rows = {r.children[0].value: r for r in board.rules_panel.children[0].children}
    assert len(rows) == len(board.rule_widgets)
    for name in board.rule_widgets:
        label = board.rule_labels.get(name)
        assert label and label[0].isupper() and "_" not in label, f"{game}: option {name} has no label"
        head = next(h for h in rows if f">{name}</code>" in h)
        assert head.index(label.split()[0]) < head.index("<code"), f"{game}: {name}'s label is not first"
    assert len(set(board.rule_labels.values())) == len(board.rule_labels), f"{game}: two options share a label"


@pytest.mark.parametrize("game", GAMES)
def test_rules_describe_lists_every_option(game):
    """A designer's list of the knobs, one call away (issue 23): each option's name,
    default, values and meaning."""
    cls = GAMES[game].Rules
    lines = cls.describe().splitlines()
    assert len(lines) == len(_fields(game))
    for line, f in zip(lines, _fields(game)):
        assert line.startswith(f"{f.name} = {f.default!r}: {f.metadata['doc']} [")


def test_an_option_another_makes_inert_warns():
    """Issue 23: with token_six_once=False a 6 is never spent, so cancelled_six_returns
    changes nothing; setting both warns, so a designer does not compare two identical
    variants believing they differ. Either alone does not warn."""
    import warnings

    from ovnilab.core import RuleOptionWarning

    with pytest.warns(RuleOptionWarning, match="cancelled_six_returns=True.* changes nothing while token_six_once"):
        ovni.Rules(token_six_once=False, cancelled_six_returns=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ovni.Rules(token_six_once=False)
        ovni.Rules(cancelled_six_returns=True)


@pytest.mark.parametrize("game, kwargs, inert, other", [
    ("ovni", {"no_three_in_a_row": False, "no_three_in_a_row_fallback": False},
     "no_three_in_a_row_fallback", "no_three_in_a_row"),
    ("cosmic", {"flares": False, "flares_total": 4}, "flares_total", "flares"),
    ("cosmic", {"powers": False, "alien_choices": 3}, "alien_choices", "powers"),
])
def test_every_inert_pair_warns_and_each_option_alone_does_not(game, kwargs, inert, other):
    """Issue 23's survey of options another makes meaningless: the fallback of a rule
    turned off; a flare count without flares; a number of aliens to choose from without
    powers (the cow game has no such pair). Setting both warns, naming the pair; either
    alone does not."""
    import warnings

    from ovnilab.core import RuleOptionWarning

    cls = GAMES[game].Rules
    with pytest.warns(RuleOptionWarning, match=rf"{inert}=.* changes nothing while {other}="):
        cls(**kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k, v in kwargs.items():
            cls(**{k: v})


def test_a_launch_limit_above_the_platform_warns_and_one_within_it_does_not():
    """Issue 38: a launch limit above the platform's capacity changes nothing (the
    platform never holds more); within it, or with a larger platform, it plays."""
    import warnings

    from ovnilab.core import RuleOptionWarning

    with pytest.warns(RuleOptionWarning, match=r"launch_limit=3\) changes nothing while platform_capacity=2"):
        ovni.Rules(launch_limit=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ovni.Rules(launch_limit=1)
        ovni.Rules(launch_limit=3, platform_capacity=3)
        ovni.Rules(platform_capacity=1)


def test_a_saved_game_with_an_inert_pair_replays_without_warning_again():
    """The warning is for the designer building the rules; undo, history and loading a
    save rebuild them from the saved options and stay quiet."""
    import warnings

    from ovnilab.core import RuleOptionWarning

    with pytest.warns(RuleOptionWarning):
        rules = ovni.Rules(token_six_once=False, cancelled_six_returns=True)
    g = ovni.new_game(3, seed=2, rules=rules, setup="random")
    g.apply(g.legal_actions()[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = ovnilab.load_json(g.to_json())
        g.undo()
    assert again.rules == rules
