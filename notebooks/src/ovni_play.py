import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Play Ovni against bots

You are **red** (seat 0). The bots play the other seats and move on their own; switch
*bots auto* off to watch them one action at a time with *bot move*.

* The board is drawn from your point of view: other players' face-down command tokens
  and missions stay hidden.
* Your legal actions appear under the board, grouped by kind. A command token is placed
  by picking its value, then the area; a pilot's move by picking the origin, then the
  destination. Only legal actions are offered.
* *undo* takes back your last decision (and the bot moves after it); the *history* slider
  replays every position of the game; the *new game* tab starts another game with other
  players, seed or rule options.
"""),
code("""
from ovnilab import ovni
from ovnilab.bots import RandomBot
from ovnilab.ovni.widget import Board

board = Board(ovni.new_game(4, seed=2026, setup="random"),
              seats={0: "human", 1: RandomBot(), 2: RandomBot(), 3: RandomBot()})
board
""", FIG),
md("""
## A game to replay

Nobody needs to click for this one: four bots play a whole game from seed 7, and the board
below holds every position of it. Drag the *history* slider to watch the game unfold.
"""),
code("""
import random

game = ovni.new_game(4, seed=7, setup="random")
bots = {seat: RandomBot() for seat in range(4)}
rng = random.Random(7)
from ovnilab.bots import PlayerView
while not game.is_over():
    seat = game.current_player
    game.apply(bots[seat].act(PlayerView(game, seat), rng))
print(f"{game.round} rounds, {len(game.log)} actions")
for seat, b in enumerate(game.score_breakdown()):
    print(f"{game.seat_name(seat):<18} {sum(b.values()):>3}  {b}")
print("winner(s):", [game.seat_name(w) for w in game.winners()])
"""),
md("""
How the scores developed, round by round (the score if the game ended at that moment):
"""),
code("""
history = game.history()
last_of_round = {}
for position in history:
    last_of_round[position.round] = position
for rnd, position in sorted(last_of_round.items()):
    if rnd:
        print(f"round {rnd}: {position.scores()}")
"""),
code("""
replay = Board(game, seats={0: "human", 1: RandomBot(), 2: RandomBot(), 3: RandomBot()})
replay.history.value = 0
replay
""", FIG),
md("""
The final position, from nobody's particular point of view (everything revealed):
"""),
code("""
game
""", FIG),
]
write(str(ROOT / "notebooks" / "ovni/02_play.ipynb"), cells)
