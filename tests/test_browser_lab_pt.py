"""The teacher's projector view in JupyterLab in Brazilian Portuguese (issue 33): the
teacher's notebook says ``ovnilab.set_language("pt")``, and the projector of an Ovni room
on full screen at 1280x720 and 1024x768 shows the whole board, the join code and whose
turn it is together with no text under 12 px, as in English
(``test_browser_lab.py``), in Portuguese; an experiment's projector keeps the
equilibrium hidden until "mostrar o equilíbrio". Screenshots land in ``/tmp/shots/`` (or
``$OVNILAB_SHOTS``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.test_browser_lab import _run_in_lab, experiment_cell, projector_fits_full_screen, room_cell
from tests.test_browser_lab import browser, lab  # noqa: F401  (Lab and chromium of this module's own)

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("OVNILAB_SHOTS", "/tmp/shots"))
#: the teacher's first line: the language of everything the library shows from here on
PT = "import ovnilab\novnilab.set_language('pt')\n"


def test_the_projector_in_portuguese_on_full_screen(lab, browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        _run_in_lab(page, lab, "projector_pt.ipynb", PT + room_cell(tmp_path / "class.sqlite", "ovni", 3))
        root = page.locator(".ovnilab-projector").first
        root.locator(".ovnilab-public-board svg").first.wait_for(timeout=120_000)
        expect(root.locator(".ovnilab-pj-status")).to_contain_text("vez de: vermelho (Antáris)")
        expect(root.locator(".ovnilab-pj-header")).to_contain_text("Nenhum servidor da turma está rodando")
        expect(root.get_by_role("button", name="começar")).to_be_visible()
        expect(root.locator(".ovnilab-pj-side")).to_contain_text("azul (Éris): Bruno")
        expect(root.locator(".ovnilab-pj-side")).to_contain_text("Ana entrou no jogo")  # the room's events
        expect(root.locator(".ovnilab-present .ovnilab-present-on").first).to_have_text("tela cheia")
        page.screenshot(path=str(SHOTS / "pt-lab-projector-ovni-in-lab.png"))
        projector_fits_full_screen(page, root, "pt-lab-projector-ovni", SHOTS)
    finally:
        page.close()


def test_an_experiments_projector_in_portuguese(lab, browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        _run_in_lab(page, lab, "experiment_projector_pt.ipynb", PT + experiment_cell(tmp_path / "class.sqlite"))
        root = page.locator(".ovnilab-projector").first
        root.locator(".ovnilab-experiment-plot svg").first.wait_for(timeout=120_000)
        side = root.locator(".ovnilab-pj-side").first
        expect(side).to_contain_text("intervalo de 95%", timeout=30_000)
        status = root.locator(".ovnilab-pj-status").first.inner_text()
        assert "O duelo" in status and "equilíbrio oculto" in status, status
        assert "equilíbrio" not in side.inner_text()
        root.get_by_role("button", name="mostrar o equilíbrio").click()
        page.wait_for_function("() => document.querySelector('.ovnilab-experiment-plot svg')"
                               ".innerHTML.includes('tracejado: equilíbrio')", timeout=30_000)
        expect(side).to_contain_text("equilíbrio", timeout=30_000)
        expect(root.get_by_role("button", name="esconder o equilíbrio")).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "pt-lab-projector-experiment.png"), full_page=True)
    finally:
        page.close()
