# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Jogue Ovni** contra bots; como jogar está embaixo do tabuleiro.

# %% tags=["nbval-ignore-output"]
import ovnilab; ovnilab.set_language("pt")   # em português: o tabuleiro e o que a biblioteca escreve
from ovnilab import ovni
from ovnilab.ovni.bots import GreedyBot
from ovnilab.ovni.widget import Board

SEATS = {0: "human", 1: GreedyBot(), 2: GreedyBot(), 3: GreedyBot()}
Board(ovni.new_game(len(SEATS), seed=2026, setup="random"), seats=SEATS)

# %% [markdown]
# ## Como jogar
#
# Você é o **vermelho** (lugar 0) contra três bots gulosos; o tabuleiro mostra o jogo do
# seu lugar, então as fichas de comando viradas para baixo e as missões dos outros
# jogadores ficam escondidas.
#
# - Suas ações permitidas aparecem ao lado do mapa (embaixo dele numa janela estreita),
#   agrupadas por tipo: uma ficha de comando é colocada escolhendo o valor e depois a área;
#   um piloto move escolhendo a origem e depois o destino. Só jogadas permitidas são
#   oferecidas.
# - Os tabuleiros individuais dos jogadores (aliens e maiorias, plataforma, fichas,
#   energia, habilidades, humanos abduzidos, suas missões e os pontos) e a legenda dos
#   símbolos ficam embaixo do tabuleiro: role a página até eles.
# - Para projetar o jogo, aperte *tela cheia* ao lado do título: só o tabuleiro ocupa a
#   tela (Esc ou o mesmo botão sai).
# - *desfazer* volta a sua última decisão (e as jogadas dos bots depois dela); o controle
#   deslizante do *histórico* mostra de novo cada posição; a aba *novo jogo* começa outra
#   partida com outros jogadores, semente ou opções de regras.
# - Lugares: na aba *novo jogo*, escolha uma pessoa ou um bot (aleatório, guloso ou MCTS)
#   para cada lugar e aperte *novo jogo*: várias pessoas revezam na mesma tela; bots em
#   todos os lugares deixam a turma assistir (desligue *bots sozinhos* para seguir as
#   jogadas deles passo a passo).
#
# As regras, uma de cada vez: [rules/ovni](../../rules/ovni.ipynb) (em inglês).
