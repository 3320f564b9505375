"""Deck changes files (issue 32): a deck file that names its base and gives only the counts
that differ loads as the equivalent full deck, says what it changed, and refuses every
typo with an error naming the file and the field."""

import re
from pathlib import Path

import pytest

import ovnilab
from ovnilab import cosmic, sim
from ovnilab.bots import RandomBot
from ovnilab.cosmic.data import DataError, apply_deck_changes, data_dir, load_data

FOLDER = data_dir() / "cosmic"
EXAMPLE = "deck-more-negotiates.toml"
HEAD = 'base = "deck.toml"\n'  # the first line of a changes file on the shipped deck

#: a changes file touching every kind of change: a rename, a count without value, a
#: count in each list, a removal, a card the base lacks
CHANGES = '''base = "deck.toml"
name = "Test deck"
morph = 0
negotiate = 12

[[attack]]
value = 40
count = 2

[[attack]]
value = 6
count = 5

[[artifact]]
name = "Plague"
count = 0

[[reinforcement]]
value = 4
count = 1
new = true
'''
#: in the order of a deck file's fields (name, attack, negotiate, morph, reinforcement,
#: artifact), cards in the changes file's order
LINES = (
    "name: 'Cosmic deck (2008 edition)' -> 'Test deck'",
    "attack 40: count 1 -> 2",
    "attack 06: count 7 -> 5",
    "negotiate: count 15 -> 12",
    "morph: count 1 -> 0 (removed)",
    "reinforcement +4: count 0 -> 1 (new)",
    "Plague: count 1 -> 0 (removed)",
)


def write(folder: Path, text: str, name: str = "changes.toml") -> str:
    p = folder / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def equivalent_full_file(folder: Path) -> str:
    """deck.toml edited by hand the way CHANGES says."""
    text = (FOLDER / "deck.toml").read_text(encoding="utf-8")
    for old, new in [('name = "Cosmic deck (2008 edition)"', 'name = "Test deck"'),
                     ("morph = 1", "morph = 0"), ("negotiate = 15", "negotiate = 12"),
                     ("{ value = 40, count = 1 }", "{ value = 40, count = 2 }"),
                     ("{ value = 6, count = 7 }", "{ value = 6, count = 5 }"),
                     ('  { name = "Plague", count = 1 },\n', ""),
                     ("{ value = 5, count = 1 },\n]", "{ value = 5, count = 1 },\n  { value = 4, count = 1 },\n]")]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return write(folder, text, "full.toml")


def deck_of(g: cosmic.data.CosmicData) -> tuple:
    return g.deck_name, g.faces, g.card_face, g.deck_size, g.face_index, g.flare_card


# ---------------------------------------------------------------- the shipped example
def test_the_shipped_example_loads_and_says_what_it_changed():
    g, book = load_data(EXAMPLE), load_data()
    assert g.changes == ("name: 'Cosmic deck (2008 edition)' -> 'Cosmic deck, two more negotiates'",
                         "negotiate: count 15 -> 17")
    assert book.changes == ()
    assert g.deck_size == book.deck_size + 2 == 74
    negotiate = g.face_index["negotiate"]
    assert sum(1 for f in g.card_face[:g.deck_size] if f == negotiate) == 17
    assert "deck-more-negotiates.toml" in (FOLDER / "README.md").read_text(encoding="utf-8")


def test_a_game_plays_to_the_end_with_the_shipped_example():
    s = ovnilab.make("cosmic", num_players=3, seed=5, rules=cosmic.Rules(deck_file=EXAMPLE))
    assert s.g.deck_size == 74
    result = sim.play(s, RandomBot())
    assert s.is_over() and result.winners
    # a save names the deck by its bare name and replays to the same position
    assert ovnilab.load_json(s.to_json()) == s


def test_the_readme_example_says_what_it_prints(tmp_path):
    """The README's changes file loads, and its lines are the ones the README shows."""
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    toml, printed = re.search(r"```toml\n(.*?)```\n.*?```\n(.*?)```", readme, re.S).groups()
    assert load_data(write(tmp_path, toml)).changes == tuple(printed.splitlines())


# ---------------------------------------------------------------- equal to the full file
def test_a_changes_file_is_its_equivalent_full_file(tmp_path):
    changed = load_data(write(tmp_path, CHANGES))
    full = load_data(equivalent_full_file(tmp_path))
    assert changed.changes == LINES
    assert full.changes == ()
    assert deck_of(changed) == deck_of(full)
    assert changed.deck_size == 72 - 1 - 3 + 1 - 2 - 1 + 1 == 67


def test_the_same_seed_deals_the_same_game_with_either_file(tmp_path):
    changed, full = write(tmp_path, CHANGES), equivalent_full_file(tmp_path)
    a = cosmic.new_game(4, seed=11, rules=cosmic.Rules(deck_file=changed))
    b = cosmic.new_game(4, seed=11, rules=cosmic.Rules(deck_file=full))
    assert (a.deck, a.hands) == (b.deck, b.hands)
    sim.play(a, RandomBot(), seed=3)
    sim.play(b, RandomBot(), seed=3)
    assert [str(x) for x in a.log] == [str(x) for x in b.log]


def test_the_lines_follow_the_deck_files_order_of_fields(tmp_path):
    """However the changes file is written, the lines come in one order."""
    text = HEAD + 'artifact = [{ name = "Plague", count = 0 }]\nmorph = 0\nname = "Test deck"\n'
    assert load_data(write(tmp_path, text)).changes == (LINES[0], LINES[4], LINES[6])


def test_a_change_to_the_same_count_is_no_change(tmp_path):
    g = load_data(write(tmp_path, 'base = "deck.toml"\nnegotiate = 15\nattack = [{ value = 40, count = 1 }]\n'))
    assert g.changes == ()
    assert deck_of(g)[1:] == deck_of(load_data())[1:]
    assert g.deck_name == "Cosmic deck (2008 edition)"  # no name given: the base's


def test_the_base_beside_the_changes_file_comes_first(tmp_path):
    text = (FOLDER / "deck.toml").read_text(encoding="utf-8").replace("negotiate = 15", "negotiate = 5")
    write(tmp_path, text, "deck.toml")
    g = load_data(write(tmp_path, 'base = "deck.toml"\nmorph = 2\n'))
    assert g.changes == ("morph: count 1 -> 2",)
    assert g.deck_size == 72 - 10 + 1


def test_apply_deck_changes_leaves_the_base_untouched():
    base = {"negotiate": 15, "attack": [{"value": 40, "count": 1}]}
    merged, lines = apply_deck_changes(base, {"base": "deck.toml", "attack": [{"value": 40, "count": 0}]}, "x.toml")
    assert merged == {"negotiate": 15, "attack": []}
    assert lines == ("attack 40: count 1 -> 0 (removed)",)
    assert base == {"negotiate": 15, "attack": [{"value": 40, "count": 1}]}


# ---------------------------------------------------------------- errors, word for word
ATTACKS = ("attack 00, attack 01, attack 04, attack 05, attack 06, attack 07, attack 08, attack 09, "
           "attack 10, attack 11, attack 12, attack 13, attack 14, attack 15, attack 20, attack 23, "
           "attack 30, attack 40")
ARTIFACTS = "Card Zap, Cosmic Zap, Mobius Tubes, Emotion Control, Force Field, Ionic Gas, Plague, Quash"
BARE = "base must be a bare file name such as 'deck.toml' (no folder, not hidden), got "


@pytest.mark.parametrize("text, message", [
    pytest.param(HEAD + "negotiates = 17\n",
                 "{p}: 'negotiates' is not a field of a deck file "
                 "(fields: base, name, attack, negotiate, morph, reinforcement, artifact)", id="unknown-field"),
    pytest.param(HEAD + "[[attack]]\nvalue = 45\ncount = 1\n",
                 "{p}: attack[0].value: attack 45 is not a card of the base deck (its attack cards: "
                 + ATTACKS + "); write new = true to add it", id="unknown-attack"),
    pytest.param(HEAD + '[[artifact]]\nname = "Plague Rats"\ncount = 1\n',
                 "{p}: artifact[0].name: Plague Rats is not a card of the base deck (its artifact cards: "
                 + ARTIFACTS + "); write new = true to add it", id="unknown-artifact"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\ncuont = 2\n",
                 "{p}: attack[0].cuont is not a field of a change to a card (fields: value, count, new)",
                 id="unknown-card-field"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\ncount = 2\n[[attack]]\nvalue = 40\ncount = 3\n",
                 "{p}: attack[1].value: attack 40 is changed twice", id="changed-twice"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\n",
                 "{p}: attack[0].count is missing: a change gives the new count of attack 40 (0 removes it)",
                 id="no-count"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\ncount = -1\n",
                 "{p}: attack[0].count must be an integer from 0 to 200, got -1", id="negative-count"),
    pytest.param(HEAD + '[[attack]]\nvalue = "40"\ncount = 1\n',
                 "{p}: attack[0].value must be an integer from 0 to 99, got '40'", id="value-not-a-number"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\ncount = 2\nnew = true\n",
                 "{p}: attack[0].new: attack 40 is already a card of the base deck (drop new = true)",
                 id="new-but-known"),
    pytest.param(HEAD + "[[reinforcement]]\nvalue = 4\ncount = 0\nnew = true\n",
                 "{p}: reinforcement[0].count: a new card needs a count of 1 or more", id="new-count-0"),
    pytest.param(HEAD + '[[reinforcement]]\nvalue = 4\ncount = 1\nnew = "yes"\n',
                 "{p}: reinforcement[0].new must be true or false, got 'yes'", id="new-not-bool"),
    pytest.param(HEAD + "attack = 40\n", "{p}: attack must be a list, got 40", id="attack-not-a-list"),
    pytest.param(HEAD + "morph = true\n", "{p}: morph must be an integer from 0 to 200, got True",
                 id="morph-not-a-count"),
    pytest.param('base = "/etc/passwd"\n', "{p}: " + BARE + "'/etc/passwd'", id="base-absolute-path"),
    pytest.param('base = "../deck.toml"\n', "{p}: " + BARE + "'../deck.toml'", id="base-relative-path"),
    pytest.param('base = ".deck.toml"\n', "{p}: " + BARE + "'.deck.toml'", id="base-hidden"),
    pytest.param("base = 3\n", "{p}: " + BARE + "3", id="base-not-text"),
    pytest.param('base = "nope.toml"\n',
                 "{p}: base: no deck file named 'nope.toml' beside it nor in {folder}", id="base-missing"),
    # the merged deck is checked as a full deck file, named "<changes> (on <base>)"
    pytest.param(HEAD + "negotiate = 0\n",
                 "{p} (on deck.toml): negotiate must be an integer from 1 to 200, got 0", id="merged-no-negotiate"),
    pytest.param(HEAD + "[[attack]]\nvalue = 40\ncount = 150\n",
                 "{p} (on deck.toml): negotiate: the cosmic deck would hold more than 200 cards",
                 id="merged-too-many"),
    pytest.param(HEAD + '[[artifact]]\nname = "Plague Rats"\ncount = 1\nnew = true\n',
                 "{p} (on deck.toml): artifact[8].name 'Plague Rats' is not an artifact of artifacts.toml",
                 id="merged-unknown-artifact"),
    pytest.param(HEAD + "name = 5\n", "{p} (on deck.toml): name must be", id="merged-bad-name"),
])
def test_a_bad_changes_file_names_the_file_and_the_field(tmp_path, text, message):
    p = write(tmp_path, text)
    before = {f.name: f.read_bytes() for f in (*FOLDER.iterdir(), Path(p))}
    with pytest.raises(DataError) as info:
        load_data(p)
    expected = message.format(p=p, folder=FOLDER)
    if expected.endswith("must be"):
        assert str(info.value).startswith(expected)
    else:
        assert str(info.value) == expected
    assert {f.name: f.read_bytes() for f in (*FOLDER.iterdir(), Path(p))} == before  # nothing written


def test_a_changes_file_on_a_changes_file_is_refused(tmp_path):
    one = write(tmp_path, HEAD + "morph = 0\n", "one.toml")
    assert load_data(one).changes == ("morph: count 1 -> 0 (removed)",)
    two = write(tmp_path, 'base = "one.toml"\nnegotiate = 3\n', "two.toml")
    with pytest.raises(DataError, match=re.escape(f"{two}: base 'one.toml' is itself a changes file; "
                                                  "name a full deck file")):
        load_data(two)


def test_a_game_with_a_bad_changes_file_is_not_built(tmp_path):
    p = write(tmp_path, HEAD + "negotiate = 0\n")
    with pytest.raises(DataError, match=r"\(on deck\.toml\): negotiate"):
        cosmic.new_game(3, seed=1, rules=cosmic.Rules(deck_file=p))
