"""Data files named by someone untrusted (a served board's visitor, a save from elsewhere)
come from the game's data folder only: no dotfile, no file of the working directory, no
link that leads out of the folder (issue 22's second fuzz)."""

from __future__ import annotations

import json
import os
import shutil

import ipywidgets as W
import pytest

from ovnilab import SaveFormatError, cows, load_json
from ovnilab.cows.widget import Board as CowsBoard
from ovnilab.datafiles import data_dir, untrusted_data_file

CARDS = data_dir() / "cows" / "cards.toml"


def test_untrusted_names_resolve_inside_the_folder_only(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(CARDS, folder / "mine.toml")
    (tmp_path / "outside.toml").write_text("secret = 1\n")
    (folder / "link.toml").symlink_to(tmp_path / "outside.toml")
    (folder / ".hidden.toml").write_text("x = 1\n")
    (folder / "sub").mkdir()
    assert untrusted_data_file("mine.toml", folder) == folder.resolve() / "mine.toml"
    for name in ("link.toml", ".hidden.toml", "sub", "missing.toml", "../outside.toml", "/etc/passwd", "",
                 None, "a\0b", "x" * 300):
        with pytest.raises(FileNotFoundError) as err:
            untrusted_data_file(name, folder)
        assert "outside" not in str(err.value) or name == "../outside.toml"


def test_a_served_board_reads_no_file_of_its_working_directory(tmp_path, monkeypatch):
    # what the fuzz found: files beside the served notebook, named in the new-game tab
    shutil.copy(CARDS, tmp_path / "secret.toml")
    shutil.copy(CARDS, tmp_path / ".hidden.toml")
    monkeypatch.chdir(tmp_path)
    board = CowsBoard(cows.new_game(seed=1))
    before = board.state
    messages = {}
    for name in ("secret.toml", "absent.toml", ".hidden.toml", "../secret.toml"):
        board.set_rule_widget("cards_file", W.Text(value=name))
        assert board.new_game() is False
        assert board.state is before
        messages[name] = board.new_game_error.value
        assert "cards_file" in messages[name]
    # the refusal is the same whether the file exists beside the notebook or not: a
    # visitor learns nothing of the working directory
    assert messages["secret.toml"].replace("secret", "absent") == messages["absent.toml"]
    # a shipped file by its bare name still works
    board.set_rule_widget("cards_file", W.Text(value="cards.toml"))
    assert board.new_game() is True


def test_a_save_from_elsewhere_cannot_follow_a_link_out_of_its_data_folder(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(CARDS, tmp_path / "elsewhere.toml")
    (folder / "cards2.toml").symlink_to(tmp_path / "elsewhere.toml")
    shutil.copy(CARDS, folder / "cards3.toml")
    save = json.loads(cows.new_game(seed=1).to_json())
    save["options"]["rules"]["cards_file"] = "cards2.toml"
    with pytest.raises(SaveFormatError, match="cards_file"):
        load_json(json.dumps(save), data_folder=folder)
    save["options"]["rules"]["cards_file"] = "cards3.toml"
    state = load_json(json.dumps(save), data_folder=folder)  # a real file in the folder loads
    assert os.path.basename(state.rules.cards_file) == "cards3.toml"
