# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Play Cosmic Encounter** against bots; how to play is under the board.

# %% tags=["nbval-ignore-output"]
from ovnilab import cosmic
from ovnilab.cosmic.bots import GreedyBot
from ovnilab.cosmic.widget import Board

SEATS = {0: "human", 1: GreedyBot(), 2: GreedyBot(), 3: GreedyBot()}
Board(cosmic.new_game(len(SEATS), seed=2026), seats=SEATS)

# %% [markdown]
# ## How to play
#
# You play seat 0 against
# three greedy bots, each with an alien power dealt at random. The board draws the game
# from your seat: your hand at the bottom, the other hands only counted.
#
# - Each decision of an encounter (destiny, launching ships, inviting and joining allies,
#   the encounter card, deals, artifacts and flares) appears as buttons; only legal
#   choices are offered. A deal is proposed with the deal form.
# - *undo*, the *history* slider and the *new game* tab (players, seed, which aliens may be
#   dealt, rule options) work as on every ovnilab board.
# - Seats: in the *new game* tab, choose a human or a bot (random, greedy or MCTS) for each
#   seat, then press *new game*: humans on several seats play hot seat at one screen; bots
#   on every seat let a class watch.
# - The engine asks everyone holding cards at each window, so that whose turn it is never
#   tells a hand; *pass for me when I have nothing to play* (on) answers those questions
#   for you, and *pass for the rest of this window* passes one window through.
# - To project the game, press *full screen* beside the title (Esc leaves).
#
# The rules: [the encounter](../rules/cosmic_1_encounter.ipynb),
# [cards and deals](../rules/cosmic_2_cards_and_deals.ipynb),
# [the aliens](../rules/cosmic_3_aliens.ipynb).
