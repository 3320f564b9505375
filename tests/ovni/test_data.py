"""Ovni's data loaders: the shipped files load, and a bad file raises DataError naming the
file and the field (never AttributeError/KeyError/TypeError, never a name that breaks the
action texts, never a colour that is not a colour)."""

from __future__ import annotations

import copy
import dataclasses
import sys

import pytest

from ovnilab import ovni
from ovnilab.ovni.data import DataError, data_dir, load_board, load_cards, parse_board, parse_cards

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

FOLDER = data_dir() / "ovni"


def raw(name: str) -> dict:
    with (FOLDER / name).open("rb") as fh:
        return tomllib.load(fh)


def test_shipped_files_load_unchanged():
    b = load_board()
    assert b.names[0] == "São Paulo" and b.size == 12
    assert load_board("board_ring.toml").names == b.names
    c = load_cards()
    assert c.categories[0] == "Político" and len(c.missions) == 16
    assert c.category_colours[0] == "#9e9e9e" and c.planet_colours == ("red", "blue", "green", "yellow")
    # the dict parsers give what the file loaders give
    assert parse_board(raw("board.toml"), "board.toml") == b
    assert parse_cards(raw("cards.toml"), "cards.toml") == c


def _board_error(mutate) -> str:
    d = copy.deepcopy(raw("board.toml"))
    mutate(d)
    with pytest.raises(DataError) as ei:
        parse_board(d, "my_board.toml")
    msg = str(ei.value)
    assert "my_board.toml" in msg
    return msg


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.pop("city"), "city"),
    (lambda d: d["city"].pop(), "city"),
    (lambda d: d["city"].__setitem__(0, "São Paulo"), "city[0]"),
    (lambda d: d["city"][2].pop("name"), "city[2].name"),
    (lambda d: d["city"][2].update(name=["Madri"]), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio -> Lima"), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio  Lima"), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio\nLima"), "city[2].name"),
    (lambda d: d["city"][2].update(name=""), "city[2].name"),
    (lambda d: d["city"][2].update(name=" Rio"), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio "), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio+Lima"), "city[2].name"),
    (lambda d: d["city"][2].update(name="Rio swapping with Lima"), "city[2].name"),
    (lambda d: d["city"][2].update(name="<script>"), "city[2].name"),
    (lambda d: d["city"][2].update(name="R" * 41), "city[2].name"),
    (lambda d: d["city"][2].update(name="PARIS"), "city names"),
    (lambda d: d["city"][2].update(number="three"), "city[2].number"),
    (lambda d: d["city"][2].update(number=13), "city[2].number"),
    (lambda d: d["city"][2].update(number=1), "city[2].number"),
    (lambda d: d["city"][2].update(x=float("nan")), "city[2].x"),
    (lambda d: d["city"][2].update(y=10**8), "city[2].y"),
    (lambda d: d["city"][2].update(x=True), "city[2].x"),
    (lambda d: d.update(edges=[[1, 2]] * 201), "edges"),
    (lambda d: d["edges"].insert(0, [1, [2]]), "edges[0]"),
    (lambda d: d["edges"].insert(0, [1, 1]), "edges[0]"),
    (lambda d: d.update(edges=[[1, 2]]), "edges"),
    (lambda d: d.update(name="a\x00b"), "name"),
])
def test_bad_board_names_the_field(mutate, field):
    assert field in _board_error(mutate)


def _cards_error(mutate) -> str:
    d = copy.deepcopy(raw("cards.toml"))
    mutate(d)
    with pytest.raises(DataError) as ei:
        parse_cards(d, "my_cards.toml")
    msg = str(ei.value)
    assert "my_cards.toml" in msg
    return msg


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.pop("human"), "human"),
    (lambda d: d["human"].__setitem__(0, "Político"), "human[0]"),
    (lambda d: d["human"][0].pop("name"), "human[0].name"),
    (lambda d: d["human"][0].update(name={"x": 1}), "human[0].name"),
    (lambda d: d["human"][1].update(name="POLITICO"), "human category names"),
    (lambda d: d["human"][0].update(colour='red" onload="alert(1)'), "human[0].colour"),
    (lambda d: d["human"][0].update(colour="#12345"), "human[0].colour"),
    (lambda d: d["human"][0].update(colour=5), "human[0].colour"),
    (lambda d: d["planet"][0].pop("name"), "planet[0].name"),
    (lambda d: d["planet"][0].update(colour="url(#x)"), "planet[0].colour"),
    (lambda d: d["planet"][0].update(distance="far"), "planet[0].distance"),
    (lambda d: d["planet"][0].update(distance=10**30), "planet[0].distance"),
    (lambda d: d["planet"][1].update(distance=1), "planet distances"),
    (lambda d: d["planet"].__setitem__(3, 4), "planet[3]"),
    (lambda d: d["alien_cards"][0].__setitem__(0, ["pilot"]), "alien_cards[0]"),
    (lambda d: d["alien_cards"][0].append("pilot"), "alien_cards[0]"),
    (lambda d: d.update(alien_cards=d["alien_cards"] * 10), "alien_cards"),
    (lambda d: d["abilities"].__setitem__(0, ["x"]), "abilities[0]"),
    (lambda d: d["mission"].__setitem__(2, "x"), "mission[2]"),
    (lambda d: d["mission"][0].update(id=-1), "mission[0].id"),
    (lambda d: d["mission"][0].update(id=2), "mission[1].id 2 is used twice"),
    (lambda d: d["mission"][0].update(id=1.0), "mission[0].id"),
    (lambda d: d["mission"][0].pop("parity"), "mission[0].parity"),
    (lambda d: d["mission"][0].update(count="two"), "mission[0].count"),
    (lambda d: d["mission"][0].update(count=10**8), "mission[0].count"),
    (lambda d: d["mission"][0].update(cities=7), "mission[0].cities"),
    (lambda d: d["mission"][0].update(category=["Político"]), "mission[0].category"),
    (lambda d: d["mission"][0].pop("category"), "mission[0].category"),
    (lambda d: d["mission"][4].update(categories="Político"), "mission[4].categories"),
    (lambda d: d["mission"][4].update(alien={"pilot": 1}), "mission[4].alien"),
    (lambda d: d["mission"][8].update(captured="pilot"), "mission[8].captured"),
    (lambda d: d["mission"][8].pop("own"), "mission[8].own"),
    (lambda d: d["mission"][12].update(maps=-1), "mission[12].maps"),
    (lambda d: d["mission"][12].pop("ufos"), "mission[12].ufos"),
    (lambda d: d["mission"][12].update(family=["mapping"]), "mission[12].family"),
])
def test_bad_cards_name_the_field(mutate, field):
    assert field in _cards_error(mutate)


def test_file_errors_name_the_file(tmp_path):
    text = (FOLDER / "board.toml").read_bytes()
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(text.replace("São Paulo".encode(), "São Paulo".encode("latin-1")))
    with pytest.raises(DataError, match="latin1.toml.*UTF-8"):
        load_board(str(bad))
    syntax = tmp_path / "syntax.toml"
    syntax.write_text("[[city]\nname = ", encoding="utf-8")
    with pytest.raises(DataError, match="syntax.toml.*TOML"):
        load_board(str(syntax))
    huge = tmp_path / "huge.toml"
    huge.write_text((FOLDER / "cards.toml").read_text(encoding="utf-8").replace("id = 1\n", "id = " + "9" * 5000 + "\n"),
                    encoding="utf-8")
    with pytest.raises(DataError, match="huge.toml"):
        load_cards(str(huge))


def test_an_accepted_board_plays_and_its_actions_read_back(tmp_path):
    # an edited board with unusual but valid names (apostrophe, hyphen, digits, accents)
    text = (FOLDER / "board.toml").read_text(encoding="utf-8")
    for old, new in (("Madri", "Cidade d'Oeste"), ("Paris", "Saint-Étienne"), ("Cairo", "Área 51")):
        text = text.replace(f'name = "{old}"', f'name = "{new}"')
    p = tmp_path / "edited.toml"
    p.write_text(text, encoding="utf-8")
    s = ovni.new_game(2, seed=3, rules=ovni.Rules(board_file=str(p)), setup="random")
    assert "Área 51" in s.board.names
    import random

    rng = random.Random(3)
    for _ in range(150):
        if s.is_over():
            break
        legal = s.legal_actions()
        for a in legal:
            assert s.parse_action(str(a)) == a
        s.apply(rng.choice(legal))


def test_a_missing_file_is_a_data_error_naming_the_option(tmp_path):
    with pytest.raises(DataError, match=r"Rules\.board_file: .*'nope\.toml'"):
        load_board("nope.toml")
    with pytest.raises(DataError, match=r"Rules\.cards_file"):
        load_cards(str(tmp_path))  # a folder


def test_the_board_lets_the_rulebook_pilot_example_play_in_its_order():
    # issue 12: Berlim -> Tóquio in two moves must not pass through Moscou, where blue's
    # third UFO waits (two UFOs there would map Moscou and freeze both)
    g = ovni.board_graph()
    num = {g.nodes[n]["name"]: n for n in g}
    assert g.has_edge(num["Berlim"], num["Paris"]) and g.has_edge(num["Moscou"], num["Tóquio"])
    assert not g.has_edge(num["Berlim"], num["Tóquio"])
    between = set(g[num["Berlim"]]) & set(g[num["Tóquio"]])
    assert between - {num["Moscou"]}, "Berlim and Tóquio share no neighbour but Moscou"


# ---------------------------------------------------------------- a changes file (issue 32)
def test_a_changes_file_changes_one_mission_and_says_so(tmp_path):
    """A designer writes only the field that differs ("mission 9 needs 3 captures") and the
    cards say what changed; every other card is the base's."""
    p = tmp_path / "easier_capture.toml"
    p.write_text('base = "cards.toml"\n\n[[mission]]\nid = 9\ncount = 3\n', encoding="utf-8")
    book, changed = load_cards(), load_cards(str(p))
    assert changed.changes == ("mission 9: count 5 -> 3",)
    assert book.changes == ()
    nine = [m for m in changed.missions if m.id == 9][0]
    assert nine.count == 3 and nine.family == "capture"
    assert nine == dataclasses.replace([m for m in book.missions if m.id == 9][0], count=3)
    assert [m for m in changed.missions if m.id != 9] == [m for m in book.missions if m.id != 9]
    assert (changed.alien_cards, changed.abilities, changed.planets) == (book.alien_cards, book.abilities,
                                                                         book.planets)
    # and a game plays with it (a bare name beside the base is looked up in data/ovni)
    s = ovni.new_game(3, seed=2, rules=ovni.Rules(cards_file=str(p)), setup="random")
    assert [m for m in s.cards.missions if m.id == 9][0].count == 3


def test_a_changes_file_replaces_a_whole_field_and_stacks_lines(tmp_path):
    """A top-level field other than missions is replaced whole; each change is one line."""
    base = raw("cards.toml")
    abilities = list(base["abilities"])
    abilities[0], abilities[-1] = abilities[-1], abilities[0]
    p = tmp_path / "swap.toml"
    p.write_text('base = "cards.toml"\nabilities = [' + ", ".join(f'"{a}"' for a in abilities) + ']\n\n'
                 '[[mission]]\nid = 1\ncount = 3\ncities = 5\n', encoding="utf-8")
    cards = load_cards(str(p))
    assert cards.abilities == tuple(abilities)
    assert cards.changes == ("abilities: replaced", "mission 1: count 2 -> 3", "mission 1: cities 4 -> 5")


@pytest.mark.parametrize("text, match", [
    ('base = "cards.toml"\n[[mission]]\nid = 77\ncount = 1\n', r"mission\[0\]\.id 77 is not a mission of the base"),
    ('base = "cards.toml"\nmisions = []\n', r"'misions' is not a field of the base cards file"),
    ('base = "/etc/passwd"\n', r"base: .*not a bare file name"),
    ('base = "../cards.toml"\n', r"base: .*not a bare file name"),
    ('base = "nope.toml"\n', r"base: no data file named 'nope.toml'"),
    ('base = "cards.toml"\n[[mission]]\nid = 9\ncount = 500\n', r"mission\[8\]\.count"),
])
def test_a_bad_changes_file_names_what_is_wrong(tmp_path, text, match):
    """A typo in a changes file is an error naming it, never a silent "no change"; its base
    is a bare file name, so a received file cannot make ovnilab read elsewhere."""
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=match):
        load_cards(str(p))


def test_a_changes_file_on_a_changes_file_is_refused(tmp_path):
    """One level only: the base must be a full cards file (the lines then say everything)."""
    (tmp_path / "one.toml").write_text('base = "cards.toml"\n', encoding="utf-8")
    (tmp_path / "two.toml").write_text('base = "one.toml"\n', encoding="utf-8")
    assert load_cards(str(tmp_path / "one.toml")).changes == ()
    with pytest.raises(DataError, match="'one.toml' is itself a changes file"):
        load_cards(str(tmp_path / "two.toml"))
