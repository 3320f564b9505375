"""The built wheel carries the game data: install it on its own and play from it.

The wheel goes into a folder of its own (``pip install --no-deps --target``) that comes
first on the path, so the game runs from the installed copy and its data, not from the
checkout; its dependencies are the test environment's. (A fresh venv with pip and every
dependency installed again took ~30 s of make test and checked nothing more of the
wheel.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import os, random, ovnilab
from ovnilab import ovni
s = ovnilab.make("ovni", num_players=3, seed=4)
r = random.Random(4)
while not s.is_over():
    s.apply(r.choice(s.legal_actions()))
assert s.winners()
assert "site-packages" in ovni.data.data_dir().as_posix(), ovni.data.data_dir()
assert ovnilab.__file__.startswith(os.environ["PYTHONPATH"]), ovnilab.__file__  # the installed copy
print("played", len(s.log), "actions")
"""


@pytest.mark.wheel
def test_wheel_installs_and_plays(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
                   check=True, timeout=600)
    wheel = next(dist.glob("ovnilab-*.whl"))
    site = tmp_path / "site-packages"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, timeout=300)
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", PLAY], check=True, capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=300)
    assert "played" in out.stdout
