"""The built wheel carries the game data: install it into a fresh venv and play."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import random, ovnilab
from ovnilab import ovni
s = ovnilab.make("ovni", num_players=3, seed=4)
r = random.Random(4)
while not s.is_over():
    s.apply(r.choice(s.legal_actions()))
assert s.winners()
assert "site-packages" in ovni.data.data_dir().as_posix(), ovni.data.data_dir()
print("played", len(s.log), "actions")
"""


@pytest.mark.wheel
def test_wheel_installs_and_plays(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
                   check=True, timeout=600)
    wheel = next(dist.glob("ovnilab-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900)
    out = subprocess.run([str(py), "-c", PLAY], check=True, capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert "played" in out.stdout
