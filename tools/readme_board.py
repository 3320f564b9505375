"""Draw the README's picture, ``docs/ovni_board.svg``, from a seeded game.

The picture is an Ovni game of three greedy bots at the start of round 4, drawn by
``ovnilab.ovni.render.to_svg`` (the public view). It is generated, never edited by
hand, so it always shows the current renderer; ``tests/test_docs.py`` fails when the
committed file differs from what this script draws. Run ``python tools/readme_board.py``
after a change to the renderer.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "docs" / "ovni_board.svg"
ROUND = 4


def draw() -> str:
    """The README's board: seed 7, three greedy bots, stopped when round 4 begins."""
    sys.path.insert(0, str(ROOT))
    from ovnilab import ovni
    from ovnilab.bots import PlayerView
    from ovnilab.core import derive_seed, make_rng
    from ovnilab.ovni.bots import GreedyBot
    from ovnilab.ovni.render import to_svg

    game = ovni.new_game(num_players=3, seed=7, setup="random")
    bot = GreedyBot()
    rngs = [make_rng(derive_seed(7, seat)) for seat in range(3)]
    while game.round < ROUND:
        seat = game.current_player
        game.apply(bot.act(PlayerView(game, seat), rngs[seat]))
    return to_svg(game) + "\n"


if __name__ == "__main__":
    TARGET.write_text(draw(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
