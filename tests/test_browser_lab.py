"""The play boards in JupyterLab, the first route the start page describes, as a teacher
projects them (issue 22): Lab with its file browser open leaves a board about 560 px, too
small to read on a projector, so every board has a "full screen" button (the browser's
full-screen mode for the board alone). Headless Debian chromium opens each play notebook
in a real JupyterLab at 1024x768, runs it, checks the button is in view next to the
board, presses it, and checks at 1024x768 and 1280x720 that the whole map, the status
line, the human's actions and the error line are on screen together with no text in view
under 12 px; then the same button leaves full screen.

Lab runs on a copy of notebooks/ (it autosaves what it opens). Skipped, with the reason,
when chromium, jupyterlab or playwright is missing.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (CHROMIUM, CHROMIUM_ARGS, MEASURE_TEXT, free_port, inside_window, jupyter_env,
                                   running_server, skip_reason)

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("ovni", "cows", "cosmic")
TOKEN = "ovnilab-test"
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.browser

# the boxes the class must see together, and whether the page is in full screen
_PARTS = """() => {
  const q = s => document.querySelector('.ovnilab-board ' + s);
  const box = e => { if (!e) return null; const b = e.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width}; };
  return {innerWidth, innerHeight, full: document.fullscreenElement !== null
            && document.fullscreenElement.classList.contains('ovnilab-board'),
          svg: box(q('.ovnilab-board-view svg')), status: box(q('.ovnilab-status')),
          actions: box(q('.ovnilab-actions')), error: box(q('.ovnilab-error')),
          button: box(q('.ovnilab-actions button.ovnilab-action')), present: box(q('.ovnilab-present'))};
}"""

_KERNEL_IDLE = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected'; }"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on a copy of notebooks/ at 127.0.0.1; yields its base URL."""
    reason = skip_reason(("jupyterlab", "playwright"))
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", tmp / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = jupyter_env(tmp)
    # a fresh workspace and settings each run (Lab would reopen the last layout)
    env.update(JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"), JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"))
    port = free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={TOKEN}", "--LabApp.expose_app_in_browser=True",
           f"--notebook-dir={tmp / 'notebooks'}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    url = f"http://127.0.0.1:{port}"
    with running_server(cmd, tmp, env, tmp / "lab.log", f"{url}/api/status?token={TOKEN}", "jupyter lab", 90):
        yield url


@pytest.fixture(scope="module")
def browser(lab, tmp_path_factory):
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("profile")
    os.environ["XDG_CONFIG_HOME"] = str(profile / "config")
    os.environ["XDG_CACHE_HOME"] = str(profile / "cache")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _check_full_screen(page, game: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(400)  # a layout pass after the resize
    where = f"{game} in JupyterLab, full screen at {size[0]}x{size[1]}"
    m = page.evaluate(_PARTS)
    assert m["full"], f"{where}: the board is not in full screen"
    for part in ("svg", "status", "actions", "button", "present"):
        assert inside_window(m[part], m), f"{where}: the {part} is not all on screen: {m[part]}"
    assert m["error"] is not None and 0 <= m["error"]["top"] <= m["innerHeight"], f"{where}: error line {m['error']}"
    t = page.evaluate(MEASURE_TEXT)
    for kind in ("svg", "html"):
        assert t[kind][0] >= 12 - 0.01, f"{where}: {kind} text of {t[kind][0]:.1f} px: {t[kind][1]!r}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lab_{game}_full_screen_{size[0]}x{size[1]}.png"))


@pytest.mark.parametrize("game", GAMES)
def test_lab_board_full_screen_is_legible(lab, browser, game):
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    try:
        page.goto(f"{lab}/lab/tree/play/{game}.ipynb?reset&token={TOKEN}", timeout=120_000)
        page.wait_for_function(_KERNEL_IDLE, timeout=120_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        board = page.locator(".ovnilab-board").first
        board.locator(".ovnilab-actions button.ovnilab-action").first.wait_for(timeout=120_000)
        # in the notebook the map shows small; the button that fixes it is next to it
        board.scroll_into_view_if_needed()
        present = board.locator(".ovnilab-present").first
        present.scroll_into_view_if_needed()
        assert present.is_visible() and "full screen" in present.inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lab_{game}_notebook_1024x768.png"))
        present.click()
        page.wait_for_function("() => document.fullscreenElement !== null", timeout=10_000)
        for size in ((1024, 768), (1280, 720)):
            _check_full_screen(page, game, size)
        # the board still plays in full screen: a click is played there
        status = board.locator(".ovnilab-status").first
        before = status.inner_text() + board.locator(".ovnilab-log").first.inner_text()
        board.locator(".ovnilab-actions button.ovnilab-action").first.click()
        deadline = time.time() + 30
        while status.inner_text() + board.locator(".ovnilab-log").first.inner_text() == before:
            assert time.time() < deadline, f"{game}: a click in full screen was not played"
            page.wait_for_timeout(100)
        assert page.evaluate("() => document.fullscreenElement !== null"), f"{game}: the move left full screen"
        # the same button leaves full screen
        present.click()
        page.wait_for_function("() => document.fullscreenElement === null", timeout=10_000)
        assert "full screen" in present.inner_text() and "leave" not in present.inner_text()
    finally:
        page.close()


def test_make_your_own_notebook_lands_in_the_teachers_folder_without_a_dialog(lab, browser):
    """Issue 29, the teacher's route: the start page's "make your own notebook" shows
    notebooks/mine/ in the file browser, File > New > Notebook there makes a notebook that
    starts the project's Python with no "Select Kernel" dialog (tools/jupyterlab_overrides.json),
    and jupytext pairs it with no script (notebooks/mine/jupytext.toml)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(f"{lab}/lab/tree/00_start_here.ipynb?reset&token={TOKEN}", timeout=120_000)
        page.wait_for_function(_KERNEL_IDLE, timeout=120_000)
        link = page.locator(".jp-MarkdownOutput a", has_text="Make your own notebook").first
        link.scroll_into_view_if_needed()
        link.click()
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.context.path === 'mine/README.md'",
                               timeout=30_000)
        crumbs = page.locator(".jp-BreadCrumbs").first
        page.wait_for_function("() => document.querySelector('.jp-BreadCrumbs').textContent.includes('mine')",
                               timeout=10_000)
        assert "mine" in crumbs.inner_text()
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        page.locator(".lm-Menu-itemLabel").get_by_text("New", exact=True).first.hover()
        page.locator(".lm-Menu-itemLabel").get_by_text("Notebook", exact=True).first.click()
        page.wait_for_function(_KERNEL_IDLE, timeout=120_000)
        assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").first.inner_text()
        path = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
        assert path.startswith("mine/Untitled") and path.endswith(".ipynb"), path
        listing = page.request.get(f"{lab}/api/contents/mine?token={TOKEN}").json()
        names = sorted(item["name"] for item in listing["content"])
        assert path.split("/")[-1] in names and "src" not in names, names
    finally:
        page.close()


def _run_in_lab(page, lab: str, name: str, code: str) -> None:
    """Make a one-cell notebook ``name`` in Lab (its contents API), open it and run it."""
    import json

    nb = {"nbformat": 4, "nbformat_minor": 5, "cells": [
              {"cell_type": "code", "id": "cell", "metadata": {}, "source": code, "outputs": [],
               "execution_count": None}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}}}
    r = page.request.put(f"{lab}/api/contents/{name}?token={TOKEN}",
                         data=json.dumps({"type": "notebook", "format": "json", "content": nb}),
                         headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    page.goto(f"{lab}/lab/tree/{name}?reset&token={TOKEN}", timeout=120_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=120_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


# ------------------------------------------------------------------ the projector (issue 29)
_PROJECTOR = """() => {
  const root = document.querySelector('.ovnilab-projector');
  const box = e => { if (!e) return null; const b = e.getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; };
  const inView = r => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0
                      && r.left < innerWidth;
  let small = [1e9, ''];
  for (const t of root.querySelectorAll('.ovnilab-public-board > svg text')) {
    if (!t.textContent.trim() || !inView(t.getBoundingClientRect())) continue;
    const m = t.getScreenCTM(); const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < small[0]) small = [px, t.textContent.slice(0, 50)];
  }
  for (const e of root.querySelectorAll('.ovnilab-pj-header *, .ovnilab-pj-status *, .ovnilab-pj-side *')) {
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!inView(e.getBoundingClientRect())) continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < small[0]) small = [px, e.textContent.trim().slice(0, 50)];
  }
  return {innerWidth, innerHeight, full: document.fullscreenElement === root,
          board: box(root.querySelector('.ovnilab-public-board > svg')), code: box(root.querySelector('.ovnilab-code')),
          status: box(root.querySelector('.ovnilab-pj-status div')), small};
}"""


def room_cell(db: Path, game: str, seats: int) -> str:
    """A teacher's cell: a room of ``game`` with students in all seats but the last (a
    bot's), started, shown as its projector."""
    return (f"from ovnilab.classroom import Classroom\n"
            f"cl = Classroom({str(db)!r})\n"
            f"room = cl.open_room({game!r}, seats={seats}, bots={{{seats - 1}: 'random'}}, bot_delay=0, seed=3)\n"
            f"for name in ('Ana', 'Bruno')[:{seats - 1}]:\n    cl.join(room.code, name)\n"
            f"room.start()\ncl.run_until_idle()\nroom")


def experiment_cell(db: Path) -> str:
    """A teacher's cell: the duel experiment after one round of four students' choices,
    shown as its projector."""
    return (f"import random\nfrom ovnilab.classroom import Classroom\n"
            f"cl = Classroom({str(db)!r})\n"
            "exp = cl.open_experiment('duel', rounds=2, seed=3, pause=0)\n"
            "seats = [cl.join(exp.code, n) for n in ('Ana', 'Bruno', 'Carla', 'Davi')]\n"
            "exp.start()\ncl.tick()\nrng = random.Random(1)\n"
            "for s in seats:\n    s.play(rng.choice(s.legal_actions()))\n"
            "cl.tick()\nexp")


def projector_fits_full_screen(page: Any, root: Any, label: str, shots: Path) -> None:
    """Press the projector's full-screen button; at 1280x720 and 1024x768 the whole public
    board, the join code and whose turn it is are on the screen together, no text in view
    under 12 px (a screenshot of each in ``shots``); then the button leaves full screen."""
    present = root.locator(".ovnilab-present").first
    present.scroll_into_view_if_needed()
    present.click()
    page.wait_for_function("() => document.fullscreenElement !== null", timeout=10_000)
    for size in ((1280, 720), (1024, 768)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(500)
        m = page.evaluate(_PROJECTOR)
        where = f"{label}, full screen at {size[0]}x{size[1]}"
        assert m["full"], f"{where}: not in full screen"
        for part in ("board", "code", "status"):
            assert inside_window(m[part], m), f"{where}: the {part} is not all on screen: {m[part]} {m}"
        assert m["small"][0] >= 12 - 0.01, f"{where}: text of {m['small'][0]:.1f} px: {m['small'][1]!r}"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"{label.replace(' ', '_')}_{size[0]}x{size[1]}.png"))
    present.click()
    page.wait_for_function("() => document.fullscreenElement === null", timeout=10_000)


@pytest.mark.parametrize("game,seats", [("cows", 2), ("ovni", 3), ("cosmic", 3)])
def test_the_projector_full_screen_shows_board_code_and_turn_at_once(lab, browser, tmp_path, game, seats):
    """The teacher's projector view (a room's cell) on full screen at 1280x720 and
    1024x768: the whole public board, the join code and whose turn it is are on the screen
    together, and no text in view is under 12 px (in a column under the code and the
    controls the board ran to 870-1101 px on a 720 px screen)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _run_in_lab(page, lab, f"projector_{game}.ipynb", room_cell(tmp_path / "class.sqlite", game, seats))
        root = page.locator(".ovnilab-projector").first
        root.locator(".ovnilab-public-board svg").first.wait_for(timeout=120_000)
        projector_fits_full_screen(page, root, f"lab_projector {game}", ARTIFACTS)
    finally:
        page.close()


def test_the_projector_keeps_the_equilibrium_hidden_until_the_teacher_shows_it(lab, browser, tmp_path):
    """An experiment's projector in JupyterLab: after a round the class's choices show with
    no equilibrium (no dashed line, no column: the class plays before it is taught); the
    teacher's "show the equilibrium" reveals both, and the same toggle hides them again."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _run_in_lab(page, lab, "experiment_projector.ipynb", experiment_cell(tmp_path / "class.sqlite"))
        root = page.locator(".ovnilab-projector").first
        plot = root.locator(".ovnilab-experiment-plot svg").first
        plot.wait_for(timeout=120_000)
        side = root.locator(".ovnilab-pj-side").first
        expect(side).to_contain_text("95% interval", timeout=30_000)  # the class's table has arrived
        assert "equilibrium hidden" in root.locator(".ovnilab-pj-status").first.inner_text()
        assert "equilibrium" not in side.inner_text() and "dashed" not in plot.inner_html()
        toggle = root.get_by_role("button", name="show the equilibrium")
        toggle.click()
        page.wait_for_function("() => document.querySelector('.ovnilab-experiment-plot svg')"
                               ".innerHTML.includes('dashed: equilibrium')", timeout=30_000)
        # the plot and the side column are two widgets: each arrives in its own message
        expect(side).to_contain_text("equilibrium", timeout=30_000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lab_projector_experiment_revealed.png"))
        root.get_by_role("button", name="hide the equilibrium").click()
        page.wait_for_function("() => !document.querySelector('.ovnilab-experiment-plot svg')"
                               ".innerHTML.includes('dashed: equilibrium')", timeout=30_000)
        expect(side).not_to_contain_text("equilibrium", timeout=30_000)
    finally:
        page.close()
