"""Every rule option reaches play (issue 38): for each option of ``ovni.Rules``,
``cows.Rules`` and ``cosmic.Rules``, a stored position where the option changes the legal
actions or the outcome, replayed under both rule sets.

``tests/options/<game>/<option>.json`` holds one case per value searched: the save of the
position (found by ``tools/find_option_positions.py`` in seeded games; its docstring says
how to rerun it), the value, and the difference. Each case is loaded twice, once with the
option at that value and once at its default (every other option as saved: an option
that another one enables is saved with the enabling one set, on both sides), and at the
end of the log

* ``kind: "legal"``: each side's seat to act, whether it has no legal move, and the texts
  of its legal actions that the other side lacks are exactly those stored;
* ``kind: "outcome"``: the game is over on both sides (the legal actions never differed)
  and each side's scores and winners are exactly those stored.

An option that changes nothing in any reachable position warns instead
(``RuleOptionWarning``, tests/test_rules_options.py); the options without a file are
listed in :data:`WITHOUT_FILE`, with the reason. Loading and replaying only: fast.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import ovnilab
from ovnilab import cosmic, cows, ovni
from ovnilab.core import NoLegalMove

GAMES = {"ovni": ovni, "cows": cows, "cosmic": cosmic}
FOLDER = Path(__file__).parent / "options"

#: options with no stored position, and why
WITHOUT_FILE = {
    # data files: the stored positions cover the three options for which another file ships
    # (ovni board_file: board_ring.toml; cows cards_file: cards_1_0.toml; cosmic deck_file:
    # deck-more-negotiates.toml)
    ("ovni", "cards_file"): "chooses a data file and no other card file ships; other files are played "
                            "through it in tests/test_datafiles_fuzz.py (ovni-cards) and refused by name "
                            "in tests/ovni/test_data.py",
}

FILES = sorted(FOLDER.glob("*/*.json"))
CASES = [(path, i) for path in FILES for i in range(len(json.loads(path.read_text(encoding="utf-8"))["cases"]))]


def _default(game: str, option: str):
    value = next(f.default for f in dataclasses.fields(GAMES[game].Rules) if f.name == option)
    return list(value) if isinstance(value, tuple) else value


def _load(save: dict, rules: dict):
    """The saved game replayed under ``rules`` (every action must be legal there)."""
    return ovnilab.load_json(json.dumps(dict(save, options=dict(save["options"], rules=rules))),
                             game=save["game"])


def _side(state) -> tuple[int, set[str], str | None]:
    try:
        return state.current_player, {str(a) for a in state.legal_actions()}, None
    except NoLegalMove as exc:  # the rule options leave the player to act no move
        return state.current_player, set(), type(exc).__name__


def test_every_option_has_a_stored_position():
    stored = {(p.parent.name, p.stem) for p in FILES}
    options = {(game, f.name) for game, m in GAMES.items() for f in dataclasses.fields(m.Rules)}
    assert stored <= options, f"files of no option: {sorted(stored - options)}"
    missing = options - stored - set(WITHOUT_FILE)
    assert not missing, f"options without a stored position (tools/find_option_positions.py): {sorted(missing)}"
    assert not stored & set(WITHOUT_FILE), "an option listed as without a file has one: drop it from WITHOUT_FILE"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}.{p.stem}")
def test_a_stored_file_names_its_option_and_live_values(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    game, option = path.parent.name, path.stem
    assert (data["game"], data["option"]) == (game, option)
    assert data["default"] == _default(game, option)
    rules_cls = GAMES[game].Rules
    values = [case["value"] for case in data["cases"]]
    assert values and len(values) == len(set(map(json.dumps, values)))
    for case in data["cases"]:
        assert case["value"] != data["default"]
        saved = case["save"]["options"]["rules"]
        assert saved[option] == (case["value"] if case["played_under"] == "with_option" else data["default"])
        # an option another one can make inert is stored where it is live, on both sides
        if option in rules_cls._inert:
            other, inert_value, _ = rules_cls._inert[option]
            assert saved[other] != inert_value, f"{option} is stored with {other}={inert_value!r}"


@pytest.mark.parametrize("path,i", CASES, ids=[f"{p.parent.name}.{p.stem}-{i}" for p, i in CASES])
def test_the_option_changes_the_stored_position(path, i):
    data = json.loads(path.read_text(encoding="utf-8"))
    option, case = data["option"], data["cases"][i]
    save, want = case["save"], case["difference"]
    rules = save["options"]["rules"]
    with_ = _load(save, dict(rules, **{option: case["value"]}))
    without = _load(save, dict(rules, **{option: data["default"]}))
    assert with_.log == without.log and len(with_.log) == len(save["actions"])
    if want["kind"] == "outcome":
        assert with_.is_over() and without.is_over()
        got = {side: {"scores": list(s.scores()), "winners": list(s.winners())}
               for side, s in (("with_option", with_), ("without_option", without))}
        assert want["with_option"] != want["without_option"]
        assert got == {"with_option": want["with_option"], "without_option": want["without_option"]}
        return
    assert want["kind"] == "legal"
    (pw, tw, dw), (po, to, do) = _side(with_), _side(without)
    got = {"with_option": {"to_act": pw, "no_legal_move": dw, "legal_only_here": sorted(tw - to)},
           "without_option": {"to_act": po, "no_legal_move": do, "legal_only_here": sorted(to - tw)}}
    assert got == {"with_option": want["with_option"], "without_option": want["without_option"]}
    assert got["with_option"] != got["without_option"], "the stored position shows no difference"
