# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Play Ovni** against bots; how to play is under the board.

# %% tags=["nbval-ignore-output"]
from ovnilab import ovni
from ovnilab.ovni.bots import GreedyBot
from ovnilab.ovni.widget import Board

SEATS = {0: "human", 1: GreedyBot(), 2: GreedyBot(), 3: GreedyBot()}
Board(ovni.new_game(len(SEATS), seed=2026, setup="random"), seats=SEATS)

# %% [markdown]
# ## How to play
#
# You are **red** (seat 0) against three greedy bots; the board draws the game from your
# seat, so the other players' face-down command tokens and missions stay hidden.
#
# - Your legal actions appear beside the map (under it on a narrow window), grouped by
#   kind: a command token is placed by picking its value, then the area; a pilot moves by picking the origin, then the
#   destination. Only legal moves are offered.
# - The players' mats (aliens and majorities, platform, tokens, energy, abilities, abducted
#   humans, your missions and the scores) and the key to the symbols are under the board:
#   scroll down to them.
# - To project the game, press *full screen* beside the title: the board alone fills the
#   screen (Esc or the same button leaves). The *words* tab gives the English of the
#   Portuguese names on the board.
# - *undo* takes back your last decision (and the bot moves after it); the *history*
#   slider replays every position; the *new game* tab starts another game with other
#   players, seed or rule options.
# - Seats: in the *new game* tab, choose a human or a bot (random, greedy or MCTS) for each
#   seat, then press *new game*: humans on several seats play hot seat at one screen; bots
#   on every seat let a class watch (turn *bots auto* off to step through their moves).
#
# The rules, one at a time: [rules/ovni](../rules/ovni.ipynb).
