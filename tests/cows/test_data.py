"""The card set (data/cows/cards.toml) and its loader's validation."""

from __future__ import annotations

import copy
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

import ovnilab
from ovnilab import cows
from ovnilab.core import RulesError, SaveFormatError
from ovnilab.cows import data as cows_data
from ovnilab.cows.data import EFFECT_TYPES, DataError, data_dir, load_cards, parse_cards, resolve_cards_file

from .scenario import small_cards_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CARDS_FILE = data_dir() / "cows" / "cards.toml"


def raw() -> dict:
    with CARDS_FILE.open("rb") as fh:
        return tomllib.load(fh)


def test_the_set_has_18_double_sided_cards_and_the_celeiro():
    c = load_cards()
    assert c.num_cards == 18
    assert all(a != b for a, b in c.cards)
    assert c.area_labels(1) == ("Celeiro",)
    assert len(c.area_labels(2)) == 2


def test_every_face_is_printed_twice_with_different_backs():
    c = load_cards()
    uses = Counter(f for card in c.cards for f in card)
    assert set(uses.values()) == {2} and len(uses) == 18
    # once as side A, once as side B: the half-flipped deck shows every face equally
    assert sorted(a for a, _ in c.cards) == sorted(b for _, b in c.cards) == list(range(18))
    backs: dict[int, set[int]] = {}
    for a, b in c.cards:
        backs.setdefault(a, set()).add(b)
        backs.setdefault(b, set()).add(a)
    assert all(len(v) == 2 for v in backs.values()), "a visible face must leave two possible backs"
    assert len({frozenset(card) for card in c.cards}) == 18, "no two cards are the same pair"


def test_every_effect_kind_of_the_rulebook_is_in_the_set():
    c = load_cards()
    effects = [e for f in c.faces for e in f.effects]
    kinds = {e.kind for e in effects}
    assert kinds == {"immediate", "adjacency", "end"}
    assert {e.type for e in effects} == set(EFFECT_TYPES)  # the whole vocabulary is used
    # immediate effects on either player's pyramid
    assert {e.target for e in effects if e.type == "flip"} == {"own", "opponent", "any"}
    # Sun/Moon interactions and cow/calf interactions
    sun_moon = [e for e in effects if e.symbol in (0, 1) or e.type == "balance"]
    cattle = [e for e in effects if e.symbol in (2, 3) or e.type == "herd"]
    assert len(sun_moon) >= 3 and len(cattle) >= 3
    assert any(f.sky == "sun" for f in c.faces) and any(f.sky == "moon" for f in c.faces)
    assert any(f.cows for f in c.faces) and any(f.calves for f in c.faces)
    assert all(len(f.effects) <= 3 for f in c.faces)


def test_symbols_are_symmetric_across_the_set():
    c = load_cards()
    tot = Counter()
    for a, b in c.cards:
        for f in (c.faces[a], c.faces[b]):
            tot["sun"] += f.sky == "sun"
            tot["moon"] += f.sky == "moon"
            tot["cow"] += f.cows
            tot["calf"] += f.calves
    assert tot["sun"] == tot["moon"] == tot["cow"] == tot["calf"] == 8


def test_each_card_pairs_a_rich_and_a_lean_face():
    c = load_cards()
    rich = {"Mimosa", "Lua Cheia", "Sol do Meio-Dia", "Curral", "Fazendeiro", "Sonda", "Vaca Voadora",
            "Boi Bravo", "Vaca Lunar"}
    for a, b in c.cards:
        names = {c.faces[a].name, c.faces[b].name}
        assert len(names & rich) == 1, names


def test_effect_texts_are_short_and_readable():
    for f in load_cards().faces:
        for line in f.text():
            assert 5 <= len(line) <= 40, line


# ---------------------------------------------------------------- validation
def _error(mutate) -> str:
    d = copy.deepcopy(raw())
    mutate(d)
    with pytest.raises(DataError) as ei:
        parse_cards(d, "test.toml")
    return str(ei.value)


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.pop("face"), "'face'"),
        (lambda d: d["face"][0].pop("value"), "face[0].value"),
        (lambda d: d["face"][0].update(value="3"), "face[0].value"),
        (lambda d: d["face"][1].update(sky="dusk"), "face[1].sky"),
        (lambda d: d["face"][0].update(cows=-1), "face[0].cows"),
        (lambda d: d["face"][0].update(colour="red"), "face[0].colour"),
        (lambda d: d["face"][0].update(name="Mimosa (2)"), "face[0].name"),
        (lambda d: d["face"][1].update(name="mimosa"), "face[1].name"),
        (lambda d: d["face"][1]["effects"][0].update(type="teleport"), "face[1].effects[0].type"),
        (lambda d: d["face"][1]["effects"][0].update(points="one"), "face[1].effects[0].points"),
        (lambda d: d["face"][1]["effects"][0].pop("points"), "face[1].effects[0].points"),
        (lambda d: d["face"][1]["effects"][0].update(symbol="star"), "face[1].effects[0].symbol"),
        (lambda d: d["face"][1]["effects"][0].update(range=2), "face[1].effects[0].range"),
        (lambda d: d["face"][1].update(effects=[{"type": "peek"}] * 4), "face[1].effects"),
        (lambda d: d["face"][1].update(effects={"type": "peek"}), "face[1].effects"),
        (lambda d: d["face"][1].update(effects=[{"type": "row", "points": 1, "row": 4}]), "face[1].effects[0].row"),
        (lambda d: d["face"][1].update(effects=[{"type": "flip", "target": "sky"}]), "face[1].effects[0].target"),
        (lambda d: d["face"][1].update(effects=[{"type": "flip", "target": "own", "optional": 1}]),
         "face[1].effects[0].optional"),
        (lambda d: d["card"].pop(), "even number"),
        (lambda d: d.update(card=d["card"][:10]), "12 to 100"),
        (lambda d: d.update(card=d["card"] * 6), "12 to 100"),
        (lambda d: d["face"][0].update(name="Mimosa  Roxa"), "face[0].name"),
        (lambda d: d["face"][0].update(name=" Mimosa"), "face[0].name"),
        (lambda d: d["face"][0].update(name="Mimosa\nRoxa"), "face[0].name"),
        (lambda d: d["face"][0].update(name="Mimosa (hand 1)"), "face[0].name"),
        (lambda d: d["face"][0].update(name=""), "face[0].name"),
        (lambda d: d["face"][0].update(name=["Mimosa"]), "face[0].name"),
        (lambda d: d["face"][0].update(value=10**8), "face[0].value"),
        (lambda d: d["face"][0].update(value=True), "face[0].value"),
        (lambda d: d["face"][0].update(note="a\x00b"), "face[0].note"),
        (lambda d: d["face"][1]["effects"][0].update(points=-(10**8)), "face[1].effects[0].points"),
        (lambda d: d["face"][1]["effects"][0].update(type=["count"]), "face[1].effects[0].type"),
        (lambda d: d["face"][1]["effects"][0].update(symbol=["cow"]), "face[1].effects[0].symbol"),
        (lambda d: d["celeiro"]["side"][1].update(areas=True), "celeiro.side[1].areas"),
        (lambda d: d["celeiro"]["side"][1].update(labels=["Pasto", "<b>x</b>"]), "celeiro.side[1].labels[1]"),
        (lambda d: d["card"][3].update(sides=["Mimosa"]), "card[3].sides"),
        (lambda d: d["card"][3].update(sides=["Mimosa", "Vaca Roxa"]), "card[3].sides[1]"),
        (lambda d: d["card"][3].update(colour="red"), "card[3].colour"),
        (lambda d: d.pop("celeiro"), "'celeiro'"),
        (lambda d: d["celeiro"]["side"][1].update(areas=3), "celeiro.side[1].areas"),
        (lambda d: d["celeiro"]["side"][1].update(labels=["only one"]), "celeiro.side[1].labels"),
        (lambda d: d["celeiro"]["side"][1].update(areas=1, labels=["x"]), "celeiro.side"),
    ],
)
def test_loader_names_the_bad_field(mutate, field):
    msg = _error(mutate)
    assert field in msg and "test.toml" in msg


def test_the_effect_limit_is_named_as_ovnilabs_not_the_rulebooks():
    # the rulebook lists kinds of effects and sets no number per side (issue 12)
    msg = _error(lambda d: d["face"][1].update(effects=[{"type": "peek"}] * 4))
    assert "at most 3" in msg and "ovnilab limit: the rulebook sets none" in msg
    assert "rulebook:" not in Path(cows_data.__file__).read_text().split("MAX_EFFECTS =")[0][-400:]


def test_not_toml_is_a_data_error(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text("[[face]\nname = ")
    with pytest.raises(DataError, match="not valid TOML"):
        load_cards(str(p))


def test_names_match_without_accents_in_card_sides():
    d = raw()
    d["card"][2]["sides"] = ["lua cheia", "ECLIPSE"]
    cards = parse_cards(d, "x")
    assert cards.faces[cards.cards[2][0]].name == "Lua Cheia"


# ------------------------------------------------------------ swapping the set
def _write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "my_cards.toml"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_rules_cards_file_plays_the_edited_game(tmp_path):
    # edit one face: Mimosa is now worth 9 and fires a tractor beam
    text, edits = re.subn(r'name = "Mimosa"\nvalue = -?\d+\ncows = 1\n',
                          'name = "Mimosa"\nvalue = 9\ncows = 1\neffects = [{type = "flip", target = "opponent"}]\n',
                          CARDS_FILE.read_text(encoding="utf-8"))
    assert edits == 1
    path = _write(tmp_path, text)
    rules = cows.Rules(cards_file=path)
    s = cows.new_game(seed=1, rules=rules)
    mimosa = next(f for f in s.cards.faces if f.name == "Mimosa")
    assert mimosa.value == 9 and mimosa.effects[0].type == "flip"
    rng = random.Random(1)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        cows.check_invariants(s)
    # the saved game remembers the file and replays identically
    again = cows.State.from_options(s.seed, s.options)
    again.apply_many(list(s.log))
    assert again == s


def _play_and_reload(rules: cows.Rules, seed: int) -> tuple[cows.State, dict]:
    """A random game under ``rules``, its save as JSON, and the reloaded game."""
    s = cows.new_game(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    saved = json.loads(s.to_json())
    again = ovnilab.load_json(s.to_json())
    assert again == s and again.scores() == s.scores()
    return again, saved


def test_a_bare_cards_file_name_is_found_in_data_cows(monkeypatch):
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    # the shipped set by its bare name is the default set (the same loaded object)
    assert resolve_cards_file("cards.toml") == CARDS_FILE
    again, saved = _play_and_reload(cows.Rules(cards_file="cards.toml"), seed=4)
    assert again.cards is load_cards()
    assert saved["options"]["rules"]["cards_file"] == "cards.toml"  # what the user gave, no path


def test_an_edited_set_kept_in_data_cows_saves_by_name(tmp_path, monkeypatch):
    # a data folder of another installation, holding an edited set next to the shipped one
    (tmp_path / "cows").mkdir()
    text, edits = re.subn(r'name = "Mimosa"\nvalue = -?\d+\n', 'name = "Mimosa"\nvalue = 7\n',
                          CARDS_FILE.read_text(encoding="utf-8"))
    assert edits == 1 and 'name = "Mimosa"\nvalue = 7\n' not in CARDS_FILE.read_text(encoding="utf-8")
    (tmp_path / "cows" / "mimosa7.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(cows_data, "data_dir", lambda: tmp_path)
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    monkeypatch.chdir(tmp_path)  # "mimosa7.toml" is not a path from here: only the name works
    again, saved = _play_and_reload(cows.Rules(cards_file="mimosa7.toml"), seed=5)
    assert saved["options"]["rules"]["cards_file"] == "mimosa7.toml"
    assert next(f for f in again.cards.faces if f.name == "Mimosa").value == 7


def test_a_missing_cards_file_names_the_option(tmp_path, monkeypatch):
    with pytest.raises(RulesError, match=r"Rules\.cards_file: 'nope\.toml' is not a regular file") as ei:
        cows.Rules(cards_file="nope.toml")
    assert list(ei.value.errors) == ["cards_file"]
    with pytest.raises(RulesError, match=r"Rules\.cards_file"):
        cows.Rules(cards_file=str(tmp_path))  # a folder
    with pytest.raises(DataError, match=r"Rules\.cards_file"):
        load_cards(str(tmp_path))
    # a save naming a file this machine does not have: a save error naming the field
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    path = tmp_path / "gone.toml"
    path.write_text(CARDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    text = cows.new_game(seed=1, rules=cows.Rules(cards_file=str(path))).to_json()
    path.unlink()
    with pytest.raises(SaveFormatError, match=r"options\.rules\.cards_file: '.*gone\.toml' is not a regular file"):
        ovnilab.load_json(text, trusted=True)
    # an untrusted save may not name a path at all (whether it exists is not said)
    with pytest.raises(SaveFormatError, match=r"options\.rules\.cards_file: a save names data files by bare name"):
        ovnilab.load_json(text)


def test_a_save_whose_cards_file_no_longer_reads_names_the_option(tmp_path, monkeypatch):
    """A save naming a cards file that is there on this machine but does not read (a
    broken edit; a file is read once per session, so the save names a fresh path): the
    save error names ``options.rules.cards_file`` and says what is wrong in the file."""
    monkeypatch.setitem(ovnilab.GAMES, "cows", "ovnilab.cows")
    path = tmp_path / "edited.toml"
    path.write_text(CARDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    saved = json.loads(cows.new_game(seed=1, rules=cows.Rules(cards_file=str(path))).to_json())
    broken = tmp_path / "broken.toml"
    broken.write_text('[[face]]\nname = 3\n', encoding="utf-8")
    saved["options"]["rules"]["cards_file"] = str(broken)
    with pytest.raises(SaveFormatError) as err:
        ovnilab.load_json(json.dumps(saved), trusted=True)
    assert err.value.field == "options.rules.cards_file"
    assert str(err.value).startswith("options.rules.cards_file: ")
    assert "face[0].name must be a name (text), got 3" in str(err.value)


def test_a_smaller_even_set_plays_to_the_end(tmp_path):
    path = small_cards_file(tmp_path)
    assert load_cards(path).num_cards == 12
    for seed in range(40):
        s = cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=cows.Rules(cards_file=path))
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            cows.check_invariants(s)
        assert s.winners()


def test_card_set_2_0_keeps_the_rulebook_structure():
    # issue 12: new faces, same names, cards, symbols and effect families as set 1.0
    old, new = load_cards("cards_1_0.toml"), load_cards()
    assert [f.name for f in new.faces] == [f.name for f in old.faces] and new.cards == old.cards
    assert [f.symbols for f in new.faces] == [f.symbols for f in old.faces]
    assert {e.kind for f in new.faces for e in f.effects} == {"immediate", "adjacency", "end"}
    assert {e.type for f in new.faces for e in f.effects} == set(EFFECT_TYPES)
    rich = {"Mimosa", "Lua Cheia", "Sol do Meio-Dia", "Curral", "Fazendeiro", "Sonda", "Vaca Voadora",
            "Boi Bravo", "Vaca Lunar"}
    # every card has a rich side and a lean side; in 2.0 a lean side costs points when built
    assert all(f.value < 0 for f in new.faces if f.name not in rich)
    assert all(f.value > 0 for f in new.faces if f.name in rich)
    face = {f.name: f for f in new.faces}
    estrela = [face["Estrela"], face["Gêmeos"]] + [None] * 4
    assert cows.score_pyramid(estrela)["end_of_game"] == 2 * face["Estrela"].effects[0].points
    game = cows.new_game(seed=3, rules=cows.Rules(cards_file="cards_1_0.toml"))  # the old set still plays
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
        cows.check_invariants(game)
