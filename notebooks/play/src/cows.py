# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Play the cow game** against bots; how to play is under the board.

# %% tags=["nbval-ignore-output"]
from ovnilab import cows
from ovnilab.cows.bots import GreedyBot
from ovnilab.cows.widget import Board

SEATS = {0: "human", 1: GreedyBot()}
Board(cows.new_game(seed=2026), seats=SEATS)

# %% [markdown]
# ## How to play
#
# You are seat 0 against
# a greedy bot. Each turn: draw two cards from the bottom of the deck and keep one, take
# the top card of a Celeiro (discard area), or flip a card in your hand; once per turn you
# may also build a card into your pyramid for free. The board offers only legal moves.
#
# - *undo*, the *history* slider and the *new game* tab (seed, one or two discard areas,
#   rule options) work as on every ovnilab board.
# - Seats: in the *new game* tab, choose a human or a bot (random, greedy or MCTS) for each
#   seat, then press *new game*: humans on both seats play hot seat; bots on both let a
#   class watch.
# - To project the game, press *full screen* beside the title (Esc leaves). The *words*
#   tab gives the English of the Portuguese card names.
#
# The rules, one at a time: [rules/cows](../rules/cows.ipynb). *Celeiro* means barn
# (the discard area).
