# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# **Jogue Cosmic Encounter** contra bots; como jogar está embaixo do tabuleiro.

# %% tags=["nbval-ignore-output"]
import ovnilab; ovnilab.set_language("pt")   # em português: o tabuleiro e o que a biblioteca escreve
from ovnilab import cosmic
from ovnilab.cosmic.bots import GreedyBot
from ovnilab.cosmic.widget import Board

SEATS = {0: "human", 1: GreedyBot(), 2: GreedyBot(), 3: GreedyBot()}
Board(cosmic.new_game(len(SEATS), seed=2026), seats=SEATS)

# %% [markdown]
# ## Como jogar
#
# Você joga no lugar 0 contra três bots gulosos, cada um com um poder alienígena sorteado.
# O tabuleiro mostra o jogo do seu lugar: a sua mão embaixo, as mãos dos outros só
# contadas.
#
# - Cada decisão de um encontro (destino, lançar naves, convidar aliados e se aliar, a
#   carta de encontro, acordos, artefatos e Flares) aparece como botões; só escolhas
#   permitidas são oferecidas. Um acordo é proposto pelo formulário de acordo.
# - *desfazer*, o controle deslizante do *histórico* e a aba *novo jogo* (jogadores,
#   semente, quais aliens podem ser sorteados, opções de regras) funcionam como em todo
#   tabuleiro do ovnilab.
# - Lugares: na aba *novo jogo*, escolha uma pessoa ou um bot (aleatório, guloso ou MCTS)
#   para cada lugar e aperte *novo jogo*: várias pessoas revezam na mesma tela; bots em
#   todos os lugares deixam a turma assistir.
# - O motor do jogo pergunta a todos que têm cartas em cada janela, para que a vez de
#   jogar nunca revele uma mão; *passar por mim quando eu não tiver nada para jogar*
#   (ligado) responde essas perguntas por você, e *passar pelo resto desta janela* deixa
#   passar uma janela inteira.
# - Para projetar o jogo, aperte *tela cheia* ao lado do título (Esc sai).
#
# As regras (em inglês): [o encontro](../../rules/cosmic_1_encounter.ipynb),
# [cartas e acordos](../../rules/cosmic_2_cards_and_deals.ipynb),
# [os aliens](../../rules/cosmic_3_aliens.ipynb).
