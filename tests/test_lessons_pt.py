"""The Portuguese notebooks (notebooks/pt/ and the solo boards' notebooks/play/pt/, issue
33) are the English ones translated: the
same cells in the same order, each of the same kind, and every code cell the English
one's but for the line that chooses the language (``import ovnilab; ovnilab.set_language("pt")``, in the
first code cell). A change to one language's code that the other lacks fails here; the
markdown is the translation's own. nbval runs the Portuguese notebooks as it runs the
English (``make test`` collects ``--nbval notebooks``), so their outputs are checked too.

Also: the notebooks' own sentences (:mod:`ovnilab.texts`) exist in both languages with
the same placeholders.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

from ovnilab import i18n, texts

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: the folders of Portuguese notebooks: the lessons' and the solo boards' (make play serves
#: notebooks/play/pt/ when its page is in Portuguese)
PT_FOLDERS = ("pt", "play/pt")

#: each Portuguese notebook (from notebooks/) and the English one it translates
PAIRS: dict[str, str] = {
    "pt/00_comece_aqui.ipynb": "00_start_here.ipynb",
    "pt/lessons/01_equilibrio_de_nash.ipynb": "lessons/01_nash_equilibrium.ipynb",
    "pt/lessons/02_dominancia_dilema_do_prisioneiro.ipynb": "lessons/02_dominance_prisoners_dilemma.ipynb",
    "pt/lessons/03_estrategias_mistas_soma_zero.ipynb": "lessons/03_mixed_strategies_zero_sum.ipynb",
    "pt/lessons/04_arvores_de_jogo_minimax.ipynb": "lessons/04_game_trees_minimax.ipynb",
    "pt/lessons/05_probabilidade_cartas_ocultas.ipynb": "lessons/05_probability_hidden_cards.ipynb",
    "pt/lessons/06_estimando_taxas_de_vitoria.ipynb": "lessons/06_estimating_win_rates.ipynb",
    "pt/lessons/07_experimentos_com_regras.ipynb": "lessons/07_experiments_on_rules.ipynb",
    "play/pt/cows.ipynb": "play/cows.ipynb",
    "play/pt/ovni.ipynb": "play/ovni.ipynb",
    "play/pt/cosmic.ipynb": "play/cosmic.ipynb",
}
#: the one line a Portuguese notebook adds to the English code (its first code cell)
LANGUAGE_LINE = re.compile(r'^import ovnilab; ovnilab\.set_language\("pt"\)\s*(#.*)?$')
PRESENT = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
                 if "pt" in p.relative_to(NOTEBOOKS).parts and "src" not in p.relative_to(NOTEBOOKS).parts
                 and ".ipynb_checkpoints" not in p.parts and p.parts[len(NOTEBOOKS.parts)] not in ("assignments", "mine"))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _src(cell: dict) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def test_every_portuguese_notebook_names_its_english_one():
    assert PRESENT == sorted(PAIRS), f"the Portuguese notebooks: {PRESENT}"
    assert all(any(p.startswith(f"{folder}/") for folder in PT_FOLDERS) for p in PRESENT), PRESENT
    unknown = [p for p in PRESENT if p not in PAIRS]
    assert not unknown, f"Portuguese notebooks with no English one named in PAIRS (this file): {unknown}"
    for english in PAIRS.values():
        assert (NOTEBOOKS / english).exists(), english


@pytest.mark.parametrize("name", PRESENT)
def test_same_cells_as_the_english_but_the_language_line(name):
    pt, en = _cells(NOTEBOOKS / name), _cells(NOTEBOOKS / PAIRS[name])
    assert [c["cell_type"] for c in pt] == [c["cell_type"] for c in en], (
        f"{name}: the cells' kinds differ from {PAIRS[name]}'s: a cell added or removed in one language only")
    code = [i for i, c in enumerate(pt) if c["cell_type"] == "code"]
    assert code, name
    for i in code:
        lines = _src(pt[i]).split("\n")
        if i == code[0]:
            chosen = [k for k, line in enumerate(lines) if LANGUAGE_LINE.match(line)]
            assert len(chosen) == 1, f"{name}: the first code cell chooses Portuguese once: import ovnilab; ovnilab.set_language(\"pt\")"
            del lines[chosen[0]]
        assert "\n".join(lines) == _src(en[i]), (
            f"{name} cell {i}: the code differs from {PAIRS[name]}'s: change both languages' code together "
            "(a sentence the cell prints goes to ovnilab/texts/)")
        assert pt[i].get("metadata", {}) == en[i].get("metadata", {}), f"{name} cell {i}: the cell's tags differ"
    for i, c in enumerate(pt):
        if c["cell_type"] == "markdown":
            assert c.get("metadata", {}).get("nbgrader") == en[i].get("metadata", {}).get("nbgrader"), (
                f"{name} cell {i}: nbgrader's role of the cell differs")


@pytest.mark.parametrize("name", PRESENT)
def test_the_portuguese_is_not_the_english(name):
    pt, en = _cells(NOTEBOOKS / name), _cells(NOTEBOOKS / PAIRS[name])
    same = [i for i, (a, b) in enumerate(zip(pt, en)) if a["cell_type"] == "markdown" and _src(a) == _src(b)]
    assert not same, f"{name}: markdown cells left untranslated: {same}"


@pytest.mark.parametrize("name", PRESENT)
def test_the_portuguese_links_lead_somewhere(name):
    path = NOTEBOOKS / name
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)", _src(cell)):
            if "://" in target:
                continue
            assert (path.parent / target).exists(), f"{name}: the link {target} leads nowhere"


TEXT_MODULES = [m.name for m in pkgutil.iter_modules(texts.__path__)]


@pytest.mark.parametrize("module", TEXT_MODULES)
def test_a_notebooks_sentences_in_every_language(module):
    table = importlib.import_module(f"ovnilab.texts.{module}").say
    assert table.entries
    for key in table.entries:
        for lang in i18n.LANGUAGES:
            with i18n.using_language(lang):
                assert table.value(key) not in (None, ""), f"{module}: {key} in {lang}"


def test_a_table_refuses_a_missing_language_or_placeholder():
    with pytest.raises(ValueError, match="languages"):
        texts.Texts({"x": {"en": "a"}})
    with pytest.raises(ValueError, match="placeholders"):
        texts.Texts({"x": {"en": "{a} won", "pt": "{b} venceu"}})
    t = texts.Texts({"x": {"en": "{a:+.2f} for {who}", "pt": "{who} ganha {a:+.2f}"}})
    with i18n.using_language("pt"):
        assert t("x", a=1, who="Ana") == "Ana ganha +1.00"
    with i18n.using_language("en"):
        assert t("x", a=1, who="Ana") == "+1.00 for Ana"
