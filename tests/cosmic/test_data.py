"""The data loader: the shipped files load, and a bad file names the bad field."""

import shutil
from pathlib import Path

import pytest

from ovnilab import cosmic
from ovnilab.cosmic.data import DataError, data_dir, load_data


def test_shipped_files_say_where_they_come_from():
    folder = data_dir() / "cosmic"
    for name in ("deck.toml", "destiny.toml", "artifacts.toml", "aliens.toml", "flares.toml"):
        text = (folder / name).read_text(encoding="utf-8")
        assert "SOURCE" in text or "REFERENCE" in text, name


def test_shipped_data():
    g = load_data()
    assert g.colours == ("red", "blue", "yellow", "green", "purple")
    assert len(g.specials) == 3 and g.destiny_per_colour == 3 and g.destiny_wild == 2
    assert len(g.levels["green"]) == 23 and sum(map(len, g.levels.values())) == 50  # the 2008 base set
    assert set(g.levels["green"]) <= set(g.aliens) and set(g.flares) == set(g.aliens)
    assert len(g.artifacts) == 8


def broken(tmp_path: Path, name: str, old: str, new: str) -> str:
    folder = tmp_path / "cosmic"
    shutil.copytree(data_dir() / "cosmic", folder)
    p = folder / name
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(folder)


@pytest.mark.parametrize("name,old,new,field", [
    ("deck.toml", "{ value = 0, count = 1 }", "{ value = 0, count = 0 }", "attack[0].count"),
    ("deck.toml", "{ value = 1, count = 1 }", "{ value = 0, count = 1 }", "attack[1].value"),
    ("deck.toml", "negotiate = 15", "negotiate = -1", "negotiate"),
    ("deck.toml", '{ name = "Plague", count = 1 }', '{ name = "Plague Rats", count = 1 }', "artifact[6].name"),
    ("artifacts.toml", 'timing = "regroup"', 'timing = "lunch"', "timing"),
    ("aliens.toml", 'roles = ["offense"]', 'roles = ["boss"]', "alien[0].roles"),
    ("aliens.toml", 'optional = true', 'optional = "yes"', "alien[1].optional"),
    ("flares.toml", 'alien = "Zombie"', 'alien = "Zorro"', "flare[22].alien"),
    ("destiny.toml", 'measure = "cards_in_hand"', 'measure = "hats"', "special[1].measure"),
    ("destiny.toml", '"purple"]', '"red"]', "colours"),
])
def test_bad_files_name_the_field(tmp_path, name, old, new, field):
    folder = broken(tmp_path, name, old, new)
    with pytest.raises(DataError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load_data(folder=folder)


def test_not_toml(tmp_path):
    folder = broken(tmp_path, "deck.toml", "morph = 1", "morph = = 1")
    with pytest.raises(DataError, match="not valid TOML"):
        load_data(folder=folder)


def test_a_what_if_deck(tmp_path):
    folder = broken(tmp_path, "deck.toml", "negotiate = 15", "negotiate = 5")
    s = cosmic.new_game(3, seed=1, rules=cosmic.Rules(powers=False, flares=False,
                                                       deck_file=str(Path(folder) / "deck.toml")))
    assert len(s.cards_in_game) == 62


@pytest.mark.parametrize("name,old,new,field", [
    ("deck.toml", "negotiate = 15", "negotiate = 100000000", "negotiate"),
    ("deck.toml", "negotiate = 15", "negotiate = 1.5", "negotiate"),
    ("deck.toml", "negotiate = 15", "negotiate = true", "negotiate"),
    ("deck.toml", "{ value = 0, count = 1 }", "{ value = 0, count = 150 }", "the cosmic deck would hold more"),
    ("deck.toml", "{ value = 0, count = 1 }", "{ value = 100, count = 1 }", "attack[0].value"),
    ("deck.toml", "{ value = 0, count = 1 }", '"attack 00"', "attack[0]"),
    ("deck.toml", '{ name = "Plague", count = 1 }', '{ name = ["Plague"], count = 1 }', "artifact[6].name"),
    ("aliens.toml", 'name = "Clone"', 'name = "Clone power"', "alien[2].name"),
    ("aliens.toml", 'name = "Clone"', 'name = "clone"', "alien[2].name"),
    ("aliens.toml", 'name = "Clone"', 'name = "CHOSEN"', "alien[2].name"),
    ("aliens.toml", 'name = "Clone"', 'name = ["Clone"]', "alien[2].name"),
    ("flares.toml", 'alien = "Zombie"', 'alien = ["Zombie"]', "flare[22].alien"),
    ("destiny.toml", '"purple"]', '"nobody"]', "colours[4]"),
    ("destiny.toml", '"purple"]', '"#800080"]', "colours[4]"),
    ("destiny.toml", '"purple"]', '["purple"]]', "colours[4]"),
    ("destiny.toml", "per_colour = 3", "per_colour = 1000000", "per_colour"),
    ("destiny.toml", 'name = "most cards in hand"', 'name = "most\\ncards"', "special[1].name"),
])
def test_hostile_values_name_the_field(tmp_path, name, old, new, field):
    folder = broken(tmp_path, name, old, new)
    with pytest.raises(DataError, match=field.replace("[", r"\[").replace("]", r"\]")) as ei:
        load_data(folder=folder)
    assert name in str(ei.value)


def test_a_file_that_is_not_utf8_names_the_file(tmp_path):
    folder = broken(tmp_path, "aliens.toml", 'name = "Clone"', 'name = "Cl\u00f6ne"')
    p = Path(folder) / "aliens.toml"
    p.write_bytes(p.read_text(encoding="utf-8").encode("latin-1", errors="replace"))
    with pytest.raises(DataError, match="aliens.toml.*UTF-8"):
        load_data(folder=folder)


def test_tables_are_keyed_by_the_data_set_and_bounded():
    from ovnilab.cosmic import rules as R

    g = load_data()
    t = R._tables(g)
    assert R._tables(g) is t
    # many data sets (distinct objects with equal content, as reloads give): each gets its
    # own tables while cached, the cache never grows past its bound, and the entries it
    # holds keep their data sets alive, so no id can be reused by another set
    others = []
    for _ in range(3 * R._TABLES_MAX):
        h = load_data.__wrapped__()
        others.append(h)
        assert R._tables(h) is R._tables(h)
        assert len(R._TABLES) <= R._TABLES_MAX
        assert all(isinstance(k, type(g)) for k in R._TABLES)
    assert R._tables(g) is not t or g in R._TABLES  # evicted, then rebuilt: still correct
    assert R._tables(g).name == t.name
    # a game made after many decks came and went uses its own deck's tables
    s = cosmic.new_game(3, seed=2)
    assert s.t is R._tables(s.g) and len(s.t.kind) == len(s.g.card_face)
