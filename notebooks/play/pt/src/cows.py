# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Jogue o jogo das vacas** contra bots; como jogar está embaixo do tabuleiro.

# %% tags=["nbval-ignore-output"]
import ovnilab; ovnilab.set_language("pt")   # em português: o tabuleiro e o que a biblioteca escreve
from ovnilab import cows
from ovnilab.cows.bots import GreedyBot
from ovnilab.cows.widget import Board

SEATS = {0: "human", 1: GreedyBot()}
Board(cows.new_game(seed=2026), seats=SEATS)

# %% [markdown]
# ## Como jogar
#
# Você joga no lugar 0 contra um bot guloso. Em cada rodada: compre duas cartas de baixo
# do baralho e fique com uma, pegue a carta de cima de um Celeiro (área de descarte) ou
# vire uma carta da sua mão; uma vez por rodada você também pode construir de graça uma
# carta na sua pirâmide. O tabuleiro só oferece jogadas permitidas.
#
# - *desfazer*, o controle deslizante do *histórico* e a aba *novo jogo* (semente, uma ou
#   duas áreas de descarte, opções de regras) funcionam como em todo tabuleiro do ovnilab.
# - Lugares: na aba *novo jogo*, escolha uma pessoa ou um bot (aleatório, guloso ou MCTS)
#   para cada lugar e aperte *novo jogo*: duas pessoas revezam na mesma tela; dois bots
#   deixam a turma assistir.
# - Para projetar o jogo, aperte *tela cheia* ao lado do título (Esc sai).
#
# As regras, uma de cada vez: [rules/cows](../../rules/cows.ipynb) (em inglês).
