# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 3: Estratégias mistas e o valor de um jogo de soma zero
#
# Quando só importa o duelo entre dois jogadores, o que um ganha o outro perde: o jogo é *de
# soma zero*. Jogos assim têm um **valor**: um ganho que um jogador consegue garantir e ao qual
# o outro consegue limitá-lo, encontrado por programação linear. Nós o calculamos para a
# escolha entre atacar e negociar num encontro de Cosmic Encounter, com cada ganho tirado de
# um encontro jogado pelo motor do ovnilab.
#
# **Público:** alunos de um curso de teoria dos jogos (ou de um curso de pesquisa operacional
# que encontra a programação linear); professores que preparam um curso assim.
#
# **Pré-requisitos:** [Lição 1](01_equilibrio_de_nash.ipynb) (tabelas de ganhos, equilíbrio
# de Nash, as equações de indiferença); o que é um programa linear (maximizar uma função
# linear sob desigualdades lineares).
#
# **Objetivos:** ao fim desta lição você sabe
# - encontrar o maximin e o minimax de uma tabela de soma zero em estratégias puras e reconhecer um ponto de sela;
# - enunciar o teorema minimax e escrever o valor de um jogo de soma zero como um programa linear;
# - resolver esse programa com `scipy.optimize.linprog` e conferi-lo com um solver de jogos;
# - resolver um jogo 2×n graficamente, e ver como uma regra (um poder alienígena, um número de naves) move o valor do jogo.
#
# **Tempo:** 50 minutos (cerca de 30 para o texto, 20 para os exercícios); o experimento
# opcional com a turma da seção 6 toma cerca de 15 a mais.
#
# **Glossário** (os termos de Cosmic Encounter como a regra em português os escreve; nas
# tabelas de ganhos e no código, as cartas aparecem na notação do ovnilab: `attack 15` é o
# Ataque 15, `negotiate` é a Negociação; os nomes dos alienígenas ficam como no jogo):
# *encontro*: uma batalha, em que um atacante ataca um planeta de um defensor;
# *atacante* / *defensor*: o jogador da vez / o jogador cujo planeta é atacado;
# *nave*: uma peça que soma 1 ao total do seu lado; *Warp*: para onde vão as naves perdidas;
# *colônia*: naves num planeta; uma colônia num planeta estrangeiro é um passo rumo à vitória;
# *Ataque 15* (`attack 15`): uma carta de Ataque que vale 15, somada às naves do lado (o maior total vence, e o empate fica com o defensor);
# *Negociação* (`negotiate`): uma carta que perde para qualquer Ataque, mas recebe *compensação* (uma carta do vencedor por nave perdida);
# *acordo*: duas Negociações; aqui cada um funda uma colônia no planeta do outro.
# Poderes alienígenas usados: *Pacifist* (uma Negociação que ele revela vence um Ataque);
# *Macron* (no máximo uma nave, mas ela conta 4); *Loser* (pode declarar uma virada: o lado que perderia vence, e os dois jogadores principais precisam jogar Ataques);
# *Warrior* (cada uma das suas fichas soma 1 ao seu total).

# %%
# %matplotlib inline
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import linprog

from ovnilab import theory
from ovnilab.cosmic import stats
from ovnilab.texts.lesson03 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

OFFENSE_HAND = ["attack 08", "attack 15", "negotiate"]
DEFENSE_HAND = ["attack 06", "attack 14", "negotiate"]

# %% [markdown]
# ## 1. O duelo é um jogo de soma zero
#
# Na Lição 1, cada jogador contava os seus próprios ganhos. Agora suponha que só importe o
# duelo entre os dois: cada um marca o seu ganho **menos o do adversário**
# (`relative=True`). Então o ganho do defensor é sempre menos o do atacante, $B = -A$, e uma
# matriz $A$ (os ganhos do atacante) descreve o jogo. O atacante manda quatro naves contra
# quatro; uma colônia vale 1, uma nave 0,2, uma carta 0,1. Cada célula é um encontro jogado
# pelo motor (a tabela traz só o ganho do atacante, o jogador das linhas):

# %%
duel = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True)
print(duel)
assert duel.is_zero_sum() and stats.Weights() == stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.0)

# %% [markdown]
# ## 2. Estratégias puras: maximin, minimax e pontos de sela
#
# Um atacante cauteloso olha o pior caso de cada carta (o mínimo da linha) e escolhe a carta
# com o melhor pior caso: o **maximin**, ou valor inferior,
# $\underline{v} = \max_i \min_j a_{ij}$. Um defensor cauteloso olha o máximo que pode ceder
# com cada carta (o máximo da coluna) e escolhe o menor: o **minimax**, ou valor superior,
# $\overline{v} = \min_j \max_i a_{ij}$. Sempre $\underline{v} \le \overline{v}$. Quando são
# iguais, a célula onde se encontram é um **ponto de sela**: a menor da sua linha, a maior da
# sua coluna, um equilíbrio puro, e o seu ganho é o valor do jogo.

# %%
def pure_security(game):
    """Print each card's worst case and return (maximin, minimax) in pure strategies."""
    A = game.row_payoffs
    row_min, col_max = A.min(axis=1), A.max(axis=0)
    for label, low in zip(game.row_labels, row_min):
        print(say("guarantees", card=say.word(label), low=low))
    for label, high in zip(game.col_labels, col_max):
        print(say("concedes", card=say.word(label), high=high))
    lower, upper = row_min.max(), col_max.min()
    print(say("saddle_point" if lower == upper else "no_saddle_point", lower=lower, row=say.word(game.row_labels[row_min.argmax()]),
              upper=upper, column=say.word(game.col_labels[col_max.argmin()])))
    return lower, upper


lower, upper = pure_security(duel)
assert lower == upper == 1.0 and duel.row_payoffs[1, 2] == 1.0
# attack 15 wins the encounter against each defense card
assert all(stats.play_encounter("attack 15", card, 4, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).outcome == "offense"
           for card in DEFENSE_HAND)
# the offense's optimal strategy is not unique: every mix of the two attacks with at most 4/13
# on the 08 guarantees the value 1 (exact payoffs; the 14 column pays 1.8 - 2.6 x)
A_duel = [[Fraction(str(a)) for a in row] for row in duel.row_payoffs.tolist()]
guarantee = lambda x: min(sum(xi * A_duel[i][j] for i, xi in enumerate(x)) for j in range(3))
assert all(guarantee((x, 1 - x, 0)) == 1 for x in (Fraction(k, 13 * 40) for k in range(4 * 40 + 1)))
assert guarantee((Fraction(4, 13) + Fraction(1, 1000), Fraction(9, 13) - Fraction(1, 1000), 0)) < 1
assert guarantee((0, Fraction(999, 1000), Fraction(1, 1000))) < 1   # any weight on negotiate loses some
# the library's equilibria are the two ends of that segment, both against the defense's negotiate
assert sorted(e.exact for e in theory.equilibria(duel)) == [((0, 1, 0), (0, 0, 1)),
                                                             ((Fraction(4, 13), Fraction(9, 13), 0), (0, 0, 1))]

# %% [markdown]
# O duelo tem um ponto de sela: o atacante ataca com o seu 15, o defensor negocia, e o valor
# é 1. O Ataque 15 vence contra toda carta do defensor, então o melhor do defensor é perder
# com uma Negociação e receber compensação.
#
# O ponto de sela é uma estratégia ótima, não a única. Se o atacante joga o seu 08 com
# probabilidade $x$ e o seu 15 no resto, ele obtém $1.8$ contra o 06, $1$ contra a Negociação
# e $-0.8\,x + 1.8\,(1 - x) = 1.8 - 2.6\,x$ contra o 14, que é pelo menos 1 sempre que
# $x \le 0.8 / 2.6 = 4/13$. Assim, **toda mistura dos dois Ataques com no máximo 4/13 no 08
# garante o valor 1**: o atacante tem todo um segmento de estratégias ótimas (a célula acima
# verifica isso exatamente, e `theory.equilibria` devolve as duas pontas do segmento). A
# Negociação é a única carta ótima do defensor. Um ponto de sela diz o valor, não que as
# estratégias ótimas sejam únicas.
#
# ## 3. Quando vale a pena guardar as cartas grandes: nenhum ponto de sela
#
# Um Ataque 15 gasto agora é um Ataque 15 que você não tem mais. Cobre de cada carta de
# Ataque jogada $0.05$ por ponto do seu valor (o 15 custa 0,75, o 08 custa 0,4) e refaça a
# tabela:

# %%
keep = stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.05)
bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=keep)
print(bluff)
A = bluff.row_payoffs
assert A.tolist() == [[1.7, -0.5, 0.6], [1.35, 1.75, 0.25], [0.3, 0.7, 0.0]]
lower, upper = pure_security(bluff)
assert (lower, upper) == (0.25, 0.6)

# %% [markdown]
# Agora o atacante só consegue garantir 0,25 (com o Ataque 15) e o defensor consegue
# limitá-lo a 0,6 (negociando): nenhum ponto de sela. Quem joga uma carta fixa é lido e
# explorado.
#
# ### Estratégias mistas e o teorema minimax
#
# Digamos que o atacante jogue as suas cartas com probabilidades $x = (x_1, x_2, x_3)$ e o
# defensor com $y = (y_1, y_2, y_3)$. O ganho esperado do atacante é $x^\top A y$. Contra um
# $x$ misto, a melhor resposta do defensor pode sempre ser uma carta pura (uma média nunca
# fica abaixo do seu menor termo), então a **garantia** do atacante com $x$ é
# $\min_j \sum_i x_i a_{ij}$.
#
# > **Teorema minimax** (von Neumann, 1928). Em todo jogo finito de soma zero entre dois
# > jogadores
# > $$\max_x \min_y x^\top A y \;=\; \min_y \max_x x^\top A y \;=\; v .$$
# > O número $v$ é o **valor** do jogo. Uma estratégia $x^*$ que atinge o máximo garante ao
# > atacante pelo menos $v$, faça o defensor o que fizer; um $y^*$ que atinge o mínimo limita
# > o atacante a no máximo $v$; os pares $(x^*, y^*)$ são exatamente os equilíbrios de Nash,
# > e todo equilíbrio rende $v$.
#
# Assim $\underline{v} \le v \le \overline{v}$: aqui o valor fica entre 0,25 e 0,6.
#
# ## 4. O valor como um programa linear
#
# O atacante escolhe $x$ e um número $v$ para
#
# $$\begin{aligned}
# \text{maximizar}\quad & v \\
# \text{sujeito a}\quad & 1.7\,x_1 + 1.35\,x_2 + 0.3\,x_3 \ge v && \text{(contra o Ataque 06)}\\
# & -0.5\,x_1 + 1.75\,x_2 + 0.7\,x_3 \ge v && \text{(contra o Ataque 14)}\\
# & 0.6\,x_1 + 0.25\,x_2 + 0\,x_3 \ge v && \text{(contra a Negociação)}\\
# & x_1 + x_2 + x_3 = 1, \qquad x_1, x_2, x_3 \ge 0 .
# \end{aligned}$$
#
# Em geral: maximizar $v$ sujeito a $\sum_i x_i a_{ij} \ge v$ para toda coluna $j$,
# $\sum_i x_i = 1$, $x \ge 0$. O `linprog` minimiza $c^\top z$ sujeito a
# $A_{ub} z \le b_{ub}$, então tome $z = (x_1, \dots, x_m, v)$, minimize $-v$ e escreva cada
# restrição como $v - \sum_i x_i a_{ij} \le 0$ (nas fórmulas, os decimais levam ponto, como
# no código):

# %%
def solve_row_lp(A):
    """The offense's LP: maximise v subject to x^T A >= v in every column, x a probability vector."""
    m, n = A.shape
    c = np.r_[np.zeros(m), -1.0]                 # minimise -v
    A_ub = np.c_[-A.T, np.ones(n)]               # one row per column j: v - sum_i x_i a_ij <= 0
    A_eq = np.r_[np.ones(m), 0.0].reshape(1, -1)  # x_1 + ... + x_m = 1
    bounds = [(0, None)] * m + [(None, None)]    # x >= 0, v free
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return res.x[:m], res.x[m]


x_lp, v_lp = solve_row_lp(A)
print(say("offense_mix", mix=", ".join(f"{say.word(label)} {prob:.6f}" for label, prob in zip(bluff.row_labels, np.round(x_lp, 6) + 0.0))))
print(say("value_v", v=v_lp))

# %% [markdown]
# O defensor resolve o programa espelhado: escolher $y$ e $w$ para **minimizar** $w$ sujeito
# a $\sum_j a_{ij} y_j \le w$ para toda linha $i$, $\sum_j y_j = 1$, $y \ge 0$. É o dual do
# programa do atacante, e a dualidade da programação linear dá o mesmo ótimo: esse é o
# teorema minimax.

# %%
def solve_col_lp(A):
    """The defense's LP: minimise w subject to A y <= w in every row, y a probability vector."""
    m, n = A.shape
    c = np.r_[np.zeros(n), 1.0]                  # minimise w
    A_ub = np.c_[A, -np.ones(m)]                 # one row per row i: sum_j a_ij y_j - w <= 0
    A_eq = np.r_[np.ones(n), 0.0].reshape(1, -1)
    bounds = [(0, None)] * n + [(None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(m), A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs")
    assert res.status == 0, res.message
    return res.x[:n], res.x[n]


y_lp, w_lp = solve_col_lp(A)
print(say("defense_mix", mix=", ".join(f"{say.word(label)} {prob:.6f}" for label, prob in zip(bluff.col_labels, np.round(y_lp, 6) + 0.0))))
print(say("programs_agree", w=w_lp, agree=abs(v_lp - w_lp) < 1e-9))
assert abs(v_lp - w_lp) < 1e-9 and lower < v_lp < upper

# %% [markdown]
# ### A biblioteca calcula o mesmo
#
# `theory.value` roda o próprio programa linear do nashpy; `theory.equilibria` enumera todos
# os equilíbrios (enumeração de vértices) e devolve frações exatas quando são exatas:

# %%
(eq,) = theory.equilibria(bluff)
print(eq)
print(say("theory_value", v=theory.value(bluff)))
x_exact, y_exact = eq.exact
v_exact = eq.exact_payoffs[0]
assert abs(theory.value(bluff) - v_lp) < 1e-9 and abs(float(v_exact) - v_lp) < 1e-9
assert np.allclose(x_lp, [float(p) for p in x_exact]) and np.allclose(y_lp, [float(q) for q in y_exact])
print(say("library_agrees", exact=v_exact, v=float(v_exact)))

# %% [markdown]
# ## 5. Um jogo 2×n resolvido por desenho
#
# A Negociação do atacante é estritamente dominada pelo seu Ataque 15 ($1.35 > 0.3$,
# $1.75 > 0.7$, $0.25 > 0$): descarte-a. Sobra um jogo 2×3. Se o atacante joga Ataque 08 com
# probabilidade $p$ e Ataque 15 com $1 - p$, cada carta do defensor dá uma reta em $p$:
#
# $$\text{Ataque 06: } 1.35 + 0.35\,p, \qquad \text{Ataque 14: } 1.75 - 2.25\,p, \qquad
#   \text{Negociação: } 0.25 + 0.35\,p .$$
#
# A garantia do atacante é a **envoltória inferior** (o mínimo das três retas), e o seu
# melhor $p$ é o topo dessa envoltória. A reta do Ataque 06 fica acima da reta da Negociação
# em toda parte, então o topo é onde as retas do Ataque 14 e da Negociação se cruzam.

# %%
assert (A[2] < A[1]).all()   # negotiate is strictly dominated by attack 15
ps = np.linspace(0, 1, 201)
lines = {label: ps * A[0, j] + (1 - ps) * A[1, j] for j, label in enumerate(bluff.col_labels)}
envelope = np.min(list(lines.values()), axis=0)
assert (lines["attack 06"] > lines["negotiate"]).all()

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(7, 4))
for label, line in lines.items():
    ax.plot(ps, line, label=say("defense_plays", card=say.word(label)))
ax.plot(ps, envelope, color="black", linewidth=3, alpha=0.35, label=say("envelope"))
ax.plot([float(x_exact[0])], [float(v_exact)], "ko")
ax.annotate(f"p = {x_exact[0]}, v = {v_exact}", (float(x_exact[0]), float(v_exact)),
            textcoords="offset points", xytext=(10, 12))
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel"))
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# Igualando as duas retas, em aritmética exata:
#
# $$1.75 - 2.25\,p = 0.25 + 0.35\,p \iff p = \frac{1.5}{2.6} = \frac{15}{26}, \qquad
#   v = 0.25 + 0.35 \cdot \frac{15}{26} = \frac{47}{104}.$$
#
# O defensor nunca joga o seu Ataque 06 (a sua reta não passa pelo cruzamento). Ele mistura o
# Ataque 14 (probabilidade $y$) e a Negociação de modo que o atacante fique indiferente entre
# os seus dois Ataques: $-0.5\,y + 0.6\,(1-y) = 1.75\,y + 0.25\,(1-y)$, então
# $y = 0.35 / 2.6 = 7/52$.
#
# **A fórmula 2×2.** Os mesmos passos resolvem qualquer jogo de soma zero 2×2
# $\begin{pmatrix} a & b \\ c & d \end{pmatrix}$ sem ponto de sela. O jogador das linhas
# joga a linha 1 com probabilidade $p$; o jogador das colunas fica indiferente entre as suas
# colunas quando
#
# $$p\,a + (1-p)\,c = p\,b + (1-p)\,d \iff p\,(a + d - b - c) = d - c \iff
#   p = \frac{d - c}{a + d - b - c},$$
#
# (a falta de ponto de sela torna o denominador diferente de zero), e o valor é o ganho da
# coluna 1 contra essa mistura:
#
# $$v = c + p\,(a - c) = \frac{c\,(a + d - b - c) + (d - c)(a - c)}{a + d - b - c}
#     = \frac{ad - bc}{a + d - b - c}.$$
#
# Por simetria, o jogador das colunas joga a coluna 1 com $q = (d - b)/(a + d - b - c)$.
# Aqui (linhas Ataque 08, Ataque 15; colunas Ataque 14, Negociação) $a = -0.5$, $b = 0.6$,
# $c = 1.75$, $d = 0.25$: $p = -1.5/-2.6 = 15/26$, $q = -0.35/-2.6 = 7/52$ e
# $v = (-0.125 - 1.05)/(-2.6) = 47/104$, como acima.

# %%
p_draw = Fraction(3, 2) / Fraction(13, 5)
v_draw = Fraction(1, 4) + Fraction(7, 20) * p_draw
y_draw = Fraction(7, 20) / Fraction(13, 5)
print(f"p = {p_draw}, v = {v_draw}, y = {y_draw}")
assert envelope.max() <= v_draw + 1e-12 and v_draw - envelope.max() < 0.02   # the drawn top, on a grid
assert (p_draw, v_draw) == (x_exact[0], v_exact) and y_exact == (0, y_draw, 1 - y_draw)
a, b, c, d = (Fraction(str(A[i, j])) for i, j in ((0, 1), (0, 2), (1, 1), (1, 2)))   # the 2x2 formula
assert (a, b, c, d) == (Fraction(-1, 2), Fraction(3, 5), Fraction(7, 4), Fraction(1, 4))
assert (d - c) / (a + d - b - c) == p_draw and (d - b) / (a + d - b - c) == y_draw
assert (a * d - b * c) / (a + d - b - c) == v_draw == c + p_draw * (a - c)
print(say("same_equilibrium"))

# %% [markdown]
# ### Digite-o você mesmo no nashpy
#
# Com uma só matriz, `nashpy.Game` é um jogo de soma zero (os ganhos do jogador das colunas
# são menos os do jogador das linhas), e o seu método `linear_program` resolve o programa da
# seção 4. Digite o jogo 2×3 que sobra depois de descartar a Negociação do atacante:

# %%
import nashpy as nash

small = nash.Game(np.array([[1.7, -0.5, 0.6],      # attack 08 against attack 06, attack 14, negotiate
                            [1.35, 1.75, 0.25]]))  # attack 15
x_small, y_small = small.linear_program()
print(say("nashpy_mix", offense=np.round(x_small, 6) + 0.0, defense=np.round(y_small, 6) + 0.0))
print(say("value", v=x_small @ small.payoff_matrices[0] @ y_small))
assert np.allclose(x_small, [15 / 26, 11 / 26]) and np.allclose(y_small, [0, 7 / 52, 45 / 52])

# %% [markdown]
# ## 6. Jogue primeiro: a turma como dados
#
# *Opcional: cerca de 15 minutos (5 para entrar e ler as regras, 5 para cinco rodadas de
# cerca de um minuto cada, 5 para ler os resultados aqui); nada mais na lição depende disso.*
# Jogue no **começo** da aula, antes da seção 3, para que as cartas sejam escolhas dos
# próprios alunos e não a resposta da lição; leia os resultados aqui, quando o equilíbrio já
# for conhecido.
#
# **Em aula.** Num notebook (`make lab`), o professor abre o duelo da seção 3 (vale a pena
# guardar as cartas grandes) como um experimento da turma:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("duel", rounds=5, matching="strangers", decision_seconds=60)
# exp            # a tela do projetor: código de entrada, quem entrou, as escolhas ao vivo
# exp.start()
# ```
#
# Os alunos abrem a página da turma servida por `make play HOST=0.0.0.0` nos seus celulares
# ou notebooks, escolhem **Entrar num jogo da turma** e digitam o código e um nome (a página
# segue o idioma do navegador e tem um botão EN / PT). O que lhes é dito: as regras e os
# ganhos no parágrafo que a próxima célula imprime, e a cada rodada o seu papel e uma tabela
# dos seus próprios ganhos (a sua carta contra a do outro); depois de cada rodada, a carta
# do outro e o seu ganho. Ninguém fica sabendo do equilíbrio. Cada uma das cinco rodadas
# junta cada aluno com um adversário que ele ainda não enfrentou (*estranhos perfeitos*: um
# calendário de todos contra todos, então cinco rodadas pedem uma turma de pelo menos seis,
# ou cinco com um bot como sexto assento), sorteia quem é o atacante e dá a cada aluno 60
# segundos para escolher uma carta; um aluno que fica sem tempo recebe o sorteio de um bot a
# partir da mistura de equilíbrio, registrado como `timeout` e deixado fora da análise. O
# projetor mantém o equilíbrio fora da tela até o professor apertar **show the equilibrium**
# (depois que a seção 4 o encontrou). Depois das rodadas, a tabela da turma, uma linha por
# aluno por rodada, é `exp.results()` no notebook que abriu o experimento, ou
# `classroom.room("ABC123").results()` em qualquer notebook (neste também), com o código que
# o projetor mostra. Para guardá-la para uma aula seguinte: `results.to_csv("periodo1.csv")`;
# mais tarde, `experiments.Results.from_csv("periodo1.csv")` a lê de volta.
#
# **Aqui: uma turma SIMULADA, não alunos de verdade**, para que o notebook rode sem uma
# turma. A célula abaixo carrega `data/classroom/duel_simulated.csv`: 24 alunos simulados, 5
# rodadas, estranhos perfeitos. Cada um é um *jogador fictício logit*: ele espera que o outro
# papel jogue como os adversários que encontrou até ali, e escolhe cada carta com
# probabilidade proporcional a $e^{4u}$, sendo $u$ o ganho esperado da carta (uma melhor
# resposta com ruído; como o arquivo foi feito: `data/classroom/README.md`). Em aula,
# `classroom.room(CODE).results()` dá a mesma tabela e cada célula abaixo roda sobre ela sem
# mudanças.

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("duel")   # the simulated class described above
results = recorded                             # in class: classroom.room(CODE).results()
experiment = experiments.get("duel")           # section 3's game, its equilibrium of sections 4 and 5
assert experiment.game.row_payoffs.tolist() == A.tolist() and experiment.solution.exact == eq.exact
assert experiment.game.col_payoffs.tolist() == bluff.col_payoffs.tolist()
made = experiments.DATA_SETS["duel_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# one choice per student and role: the card each student picked the last time they held that role
shares = {role: experiments.choice_shares(results, experiment, role, rounds="last") for role in (0, 1)}
for role in (0, 1):
    print(shares[role], end="\n\n")
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0

# %% tags=["nbval-ignore-output"]
fig, axes = plt.subplots(1, 2, figsize=(10.4, 3.6), layout="constrained")
# each card's share per round (one choice per student in each round), 95% Wilson intervals
experiments.plot_choices(results, experiment, ax=axes)
plt.show()

# %%
# the same choices against the equilibrium: per role, the whole mix and the mix within the support
tests = experiments.equilibrium_tests(results, experiment, rounds="last", within_support=(False, True))
print(tests)
adjusted = {(t["role"], t["test"]): t["holm_p"] for t in tests}
# what the class's offense (one last choice per student) gets against each defense card
offense_mix = np.array(shares[0].column("share"))
conceded = offense_mix @ A
print(say("conceded", card=say.word(bluff.col_labels[conceded.argmin()]), conceded=conceded.min(), v=v_exact,
          v_float=float(v_exact)))
a15, d14 = shares[0].row(strategy="attack 15"), shares[1].row(strategy="attack 14")
print(say("a15_d14", a_count=a15["count"], a_n=a15["n"], a_lo=a15["lo"], a_hi=a15["hi"], a_eq=11 / 26,
          d_count=d14["count"], d_n=d14["n"], d_lo=d14["lo"], d_hi=d14["hi"], d_eq=7 / 52))
if results is recorded:   # the text below describes the simulated class
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert all(t["statistic"] == float("inf") and t["holm_p"] < 0.05 for t in tests if t["test"] == "whole mix")
    assert adjusted["defense", "within support"] > 0.05 and adjusted["offense", "within support"] < 0.05
    assert a15["lo"] > 11 / 26 and d14["share"] > 7 / 52 and d14["lo"] < 7 / 52
    defense_mix = np.array(shares[1].column("share"))
    assert bluff.row_labels[(A @ defense_mix).argmax()] == "attack 15"   # the offense's best reply to it
    assert conceded.min() < v_exact
assert bluff.row_labels[A.mean(axis=1).argmax()] == "attack 15"   # and to a uniform guess

# %% [markdown]
# **As tabelas e os testes** são os da Lição 1, seção 5, que explica cada um em poucas
# linhas. Em resumo: uma escolha por aluno e papel, `rounds="last"`, a carta que um aluno
# escolheu na última vez em que teve aquele papel (os papéis são sorteados a cada rodada,
# então essa pode ser uma rodada do começo: o título de cada tabela conta as suas escolhas de
# cada rodada), porque as cinco escolhas de um aluno não são cinco sorteios independentes; um
# *intervalo de Wilson* (`lo` a `hi`) para cada proporção (a
# [Lição 6](06_estimando_taxas_de_vitoria.ipynb) deduz esse intervalo de
# confiança); um *teste multinomial exato* das contagens de cada papel contra a mistura de
# equilíbrio, que rejeita de saída a *mistura inteira* (p = 0) quando um papel joga uma carta
# que o equilíbrio nunca joga, enquanto *dentro do suporte* pergunta se as cartas que o
# equilíbrio joga estão misturadas nas proporções certas; e o *ajuste de Holm* dos quatro
# valores-p, para que a chance de alguma rejeição falsa entre eles fique abaixo de 5% (a
# [Lição 7](07_experimentos_com_regras.ipynb) o deduz). Os testes
# ainda supõem que os alunos escolhem independentemente uns dos outros: adversários novos a
# cada rodada (a primeira célula conta os encontros com um adversário já enfrentado) tornam
# isso plausível, não certo.
#
# **O que a turma simulada mostra.** Os dois papéis às vezes jogam uma carta que o equilíbrio
# nunca joga, então a mistura inteira é rejeitada. Dentro do suporte, o defensor mistura o
# seu 14 e a Negociação em proporções que o teste não consegue distinguir de
# $7/52 : 45/52$, mas o atacante se apoia no seu Ataque 15: o intervalo inteiro da sua
# proporção fica acima de $11/26$. Essa é a lógica de quem aprende, não a do equilíbrio: o 15
# é a melhor carta do atacante contra um primeiro palpite de que o defensor joga as suas três
# cartas com a mesma frequência, e também contra a mistura que o defensor simulado de fato
# jogou (ele jogou o 14 mais vezes do que $7/52$, embora o intervalo não exclua $7/52$). Quem
# aprende persegue o que viu; uma estratégia de equilíbrio não pode ser explorada. A linha
# "contra o atacante da turma" acima mostra o preço num jogo de soma zero: um defensor que
# percebesse isso poderia manter esse atacante abaixo do valor. Uma turma de verdade pode
# estar mais perto do equilíbrio ou mais longe; as mesmas células dizem qual.
#
# ## 7. Poderes alienígenas e números de naves mudam o valor
#
# Os poderes alienígenas quebram regras, então mudam a tabela e, com ela, o valor. O motor
# aplica cada poder; nós só dizemos quem o tem. As mesmas mãos, ainda valendo a pena guardar
# as cartas grandes:

# %%
variants = {
    "no powers": dict(),
    "defense is Pacifist": dict(aliens=(None, "Pacifist")),
    "offense is Macron (1 ship)": dict(aliens=("Macron", None), offense_ships=1),
    "offense is Loser, declares the upset": dict(aliens=("Loser", None), use_powers=("Loser",)),
}
attacks = lambda hand: [c for c in hand if c.startswith("attack")]
values, equilibrium = {}, {}
for name, kw in variants.items():
    kw = {"offense_ships": 4, **kw}
    # once the upset is declared, both main players must select attack cards if they can
    oh, dh = (attacks(OFFENSE_HAND), attacks(DEFENSE_HAND)) if "upset" in name else (OFFENSE_HAND, DEFENSE_HAND)
    g = stats.planning_game(oh, dh, defense_ships=4, relative=True, weights=keep, **kw)
    _, v = solve_row_lp(g.row_payoffs)
    (e,) = theory.equilibria(g)
    assert abs(v - theory.value(g)) < 1e-9 and abs(v - float(e.exact_payoffs[0])) < 1e-9
    values[name], equilibrium[name] = e.exact_payoffs[0], e
    low, high = g.row_payoffs.min(axis=1).max(), g.row_payoffs.max(axis=0).min()
    print(say("variant_saddle" if low == high else "variant_mixed", name=say.word(name), value=str(values[name]),
              v=float(values[name])))
    print("     ", e.describe())

# %% [markdown]
# * **Pacifist** no defensor: uma Negociação que ele revela *vence* um Ataque, então o
#   defensor negocia, e a melhor resposta do atacante é negociar também e fazer o acordo: um
#   ponto de sela com valor 0.
# * **Macron** no atacante: uma nave que conta como quatro. Os totais são os de quatro naves,
#   mas só uma nave se perde quando o ataque fracassa, então blefar com o barato 08 custa
#   menos: o atacante o joga 3/4 das vezes e o valor sobe de 47/104 para 41/80.
# * **Loser** no atacante, declarando a virada: o lado que perderia vence, e os dois jogadores
#   principais precisam então jogar cartas de Ataque (eles têm algumas), de modo que as
#   Negociações deixam de ser estratégias. Cartas baixas ficam fortes e cartas altas fracas:
#   o 06 do defensor vence o 08 do atacante (12 contra 10 venceria; a virada o faz perder),
#   um ponto de sela que vale -9/10 para o Loser aqui, que o atacante preferiria não declarar.
#
# O número de naves que o atacante manda importa tanto quanto (sem poderes, o defensor
# mantém quatro):

# %%
both_negotiate = ((0, 0, 1), (0, 0, 1))
assert values["defense is Pacifist"] == 0 and equilibrium["defense is Pacifist"].exact == both_negotiate
assert values["offense is Loser, declares the upset"] == Fraction(-9, 10)
assert equilibrium["offense is Loser, declares the upset"].exact == ((1, 0), (1, 0))  # attack 08 / attack 06
assert values["offense is Macron (1 ship)"] == Fraction(41, 80) > values["no powers"] == Fraction(47, 104)
assert equilibrium["offense is Macron (1 ship)"].exact[0][0] == Fraction(3, 4)
# Macron's one ship gives the totals of four ships, and only one ship goes to the warp
macron_loss = stats.play_encounter("attack 08", "attack 14", 1, 4, OFFENSE_HAND, DEFENSE_HAND,
                                   aliens=("Macron", None), hand_size=8)
assert macron_loss.totals == (12, 18) and macron_loss.ships == (-1, 0)
by_ships = {}
for ships in (1, 2, 3, 4):
    g = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, ships, 4, relative=True, weights=keep)
    (e,) = theory.equilibria(g)
    by_ships[ships] = e.exact_payoffs[0]
    assert len(e.support("row")) > 1 and len(e.support("col")) > 1   # both players randomise
    print(say("by_ships", ships=ships, value=str(by_ships[ships]), v=float(by_ships[ships]), equilibrium=e.describe()))
lowest = min(by_ships, key=by_ships.get)
print(say("lowest_highest", lowest=lowest, highest=max(by_ships, key=by_ships.get)))
assert lowest == 2 and max(by_ships, key=by_ships.get) == 4
# with two ships the offense wins exactly the encounters it wins with one
outcome = lambda ships, o, d: stats.play_encounter(o, d, ships, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).outcome
assert all(outcome(1, o, d) == outcome(2, o, d) for o in OFFENSE_HAND for d in DEFENSE_HAND)
lost = lambda ships: stats.play_encounter("attack 08", "attack 14", ships, 4, OFFENSE_HAND, DEFENSE_HAND, hand_size=8).ships[0]
assert (lost(1), lost(2)) == (-1, -2)   # twice as many ships to the warp
# the attack 08 against the 06: a tie (won by the defense) with two ships, a win from three on
assert [outcome(s, "attack 08", "attack 06") for s in (2, 3, 4)] == ["defense", "offense", "offense"]

# %% [markdown]
# O valor não é monótono nas naves mandadas. Duas naves vencem exatamente os encontros que uma
# nave vence (o motor verificou cada par de cartas acima), mas o dobro de naves vai para o
# Warp quando elas perdem; de três naves em diante, o Ataque 08 começa a vencer o 06. Com
# qualquer número de naves os dois jogadores precisam sortear: um designer que lê esta tabela
# vê que as regras mantêm interessante a escolha da carta.
#
# ## Exercícios
#
# Os exercícios 1 e 2 usam o duelo em que o defensor tem um **Ataque 20** em vez do seu 14
# (ainda valendo a pena guardar as cartas grandes, quatro naves cada). Os exercícios 3 e 4
# usam o duelo em que o defensor é o **Warrior** com três fichas (+3 no seu total).

# %%
duel20 = stats.planning_game(OFFENSE_HAND, ["attack 06", "attack 20", "negotiate"], 4, 4, relative=True, weights=keep)
print(duel20)
warrior = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, aliens=(None, "Warrior"), tokens=(0, 3),
                              relative=True, weights=keep)
print(warrior)
for who in ("row", "col"):   # exercise 3's premise: no card is dominated, not even weakly
    assert not theory.dominated_strategies(warrior, who, strict=False)
warrior_08_06 = stats.play_encounter("attack 08", "attack 06", 4, 4, OFFENSE_HAND, DEFENSE_HAND,
                                     aliens=(None, "Warrior"), tokens=(0, 3), hand_size=8)
assert warrior_08_06.totals == (12, 13) and warrior_08_06.outcome == "defense"   # 6 + 4 + 3 beats 8 + 4

# %% [markdown]
# ### Exercício 1 (lápis e papel)
#
# No duelo com o Ataque 20, encontre o maximin (valor inferior) e o minimax (valor superior)
# em estratégias puras. Guarde-os como o par `answer_1 = (maximin, minimax)` (números ou
# frações). O jogo tem um ponto de sela?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Row minima: attack 08 -> -0.2, attack 15 -> -0.55, negotiate -> 0; the maximin is 0.
# Column maxima: attack 06 -> 1.7, attack 20 -> 1, negotiate -> 0.6; the minimax is 0.6.
# 0 < 0.6: no saddle point, the value lies strictly between them.
answer_1 = (Fraction(0), Fraction(3, 5))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
maximin_20 = duel20.row_payoffs.min(axis=1).max()
minimax_20 = duel20.row_payoffs.max(axis=0).min()
assert (maximin_20, minimax_20) == (0.0, 0.6), (
    "the attack 20 duel's maximin and minimax should be the ones the solution reads off its table: the table changed")
try:
    _low, _high = (float(x) for x in answer_1)
except (TypeError, ValueError):
    raise AssertionError("answer_1 should be a pair of numbers (maximin, minimax)") from None
assert abs(_low - maximin_20) < 1e-9, ("not the maximin: the largest of the row minima (what the offense can "
                                       "guarantee with one card)")
assert abs(_high - minimax_20) < 1e-9, ("not the minimax: the smallest of the column maxima (what the defense can "
                                        "hold the offense to with one card)")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# Encontre à mão o valor do duelo com o Ataque 20. Dica: remova primeiro as cartas
# estritamente dominadas (uma de cada jogador); sobra um jogo 2×2 sem ponto de sela, em que a
# mistura de cada jogador deixa o outro indiferente (ou use a fórmula 2×2 da seção 5). Guarde
# o valor em `answer_2`: uma `Fraction`, ou um decimal a menos de 0,001 do valor exato.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The offense's attack 15 is dominated by its attack 08 (1.7 > 1.35, -0.2 > -0.55,
# 0.6 > 0.25); the defense's attack 06 by its negotiate (it concedes 1.7 / 1.35 / 0.3
# with the 06, only 0.6 / 0.25 / 0 with the negotiate).
# Left: rows (attack 08, negotiate), columns (attack 20, negotiate):
#   [[-0.2, 0.6], [1, 0]]  (no saddle point: row minima -0.2, 0; column maxima 1, 0.6).
# Offense plays attack 08 with p; indifference of the defense:
#   -0.2 p + 1 (1 - p) = 0.6 p + 0 (1 - p)  =>  1 = 1.8 p  =>  p = 5/9.
# Value: 0.6 * 5/9 = 1/3 (section 5's formula (ad - bc) / (a + d - b - c) = -0.6 / -1.8 = 1/3).
answer_2 = Fraction(1, 3)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real), "answer_2 should be a number: a Fraction, or a decimal"
assert abs(float(answer_2) - 1 / 3) < 0.001, ("not the value of the attack 20 duel (within 0.001): remove the "
                                             "dominated cards, then solve the 2x2 game that is left")
(eq_20,) = theory.equilibria(duel20)
assert eq_20.exact_payoffs[0] == Fraction(1, 3), (
    "the library's equilibrium of the attack 20 duel should pay the offense the solution's value")
assert abs(theory.value(duel20) - 1 / 3) < 1e-9, "theory.value of the attack 20 duel should be the solution's value"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 3
#
# No duelo do Warrior nenhuma carta é dominada. Resolva o programa linear do atacante com
# `solve_row_lp(warrior.row_payoffs)` (ou escreva a sua própria chamada de `linprog`) e guarde
# o valor em `answer_3` (a menos de 0,001: o valor impresso arredondado a três casas serve).
# Quantas cartas do atacante recebem probabilidade positiva?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
x_w, v_w = solve_row_lp(warrior.row_payoffs)
print(say("ex3_mix", mix=np.round(x_w, 4) + 0.0, v=round(v_w, 6)))
# All three cards are played (about 0.235, 0.154, 0.611): the Warrior's +3 makes the 06
# beat the 08 (6 + 4 + 3 = 13 > 12), so no card is dominated any more. The value is 7/39.
answer_3 = v_w
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number"
assert abs(float(answer_3) - 7 / 39) < 0.001, ("not the value of the Warrior duel (within 0.001): the v of the "
                                              "offense's linear program")
assert abs(theory.value(warrior) - 7 / 39) < 1e-6, "theory.value of the Warrior duel should be the solution's value"
(_eq_w,) = theory.equilibria(warrior)
assert len(_eq_w.support("row")) == 3, (   # the solution's remark: all three offense cards are played
    "the offense should play all three of its cards in the Warrior duel's equilibrium, as the solution's remark says")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 4
#
# Ainda o duelo do Warrior: com que probabilidade o defensor negocia na sua mistura ótima?
# Resolva o programa do defensor (`solve_col_lp`) e guarde a probabilidade em `answer_4` (a
# menos de 0,001). Verifique que, contra essa mistura, as três cartas do atacante rendem o
# mesmo.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
y_w, w_w = solve_col_lp(warrior.row_payoffs)
print(say("ex4_mix", mix=np.round(y_w, 4) + 0.0, pays=np.round(warrior.row_payoffs @ y_w, 6) + 0.0))
# The defense negotiates with probability 2/3 (0.6667); each offense card then pays
# 7/39 = 0.179487, the value: the offense is indifferent, as an equilibrium requires.
answer_4 = y_w[2]
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_4, numbers.Real), "answer_4 should be a number (a probability)"
assert abs(float(answer_4) - 2 / 3) < 0.001, ("not the defense's probability of negotiate in its optimal mix "
                                             "(within 0.001): the y of the defense's linear program")
(eq_w,) = theory.equilibria(warrior)
assert eq_w.exact is not None and eq_w.exact[1][2] == Fraction(2, 3), (
    "the library's exact equilibrium of the Warrior duel should give the defense's negotiate the solution's "
    "probability")
### END HIDDEN TESTS

# %% [markdown]
# ## Resumo
#
# - Num jogo de soma zero uma matriz diz tudo. Em estratégias puras o maximin é no máximo o
#   minimax; quando são iguais, o jogo tem um ponto de sela.
# - Com estratégias mistas eles são sempre iguais (o teorema minimax): o número comum é o
#   valor do jogo, e as estratégias ótimas são os equilíbrios de Nash.
# - O valor é um programa linear (maximizar $v$ sujeito a $x^\top A \ge v$, com $x$ um vetor
#   de probabilidades); o programa do defensor é o seu dual. O `linprog`, o nashpy e um
#   desenho concordam.
# - As regras movem o valor: um poder alienígena, um número de naves, o valor de uma carta.
#
# A seguir: a [Lição 4](04_arvores_de_jogo_minimax.ipynb) joga os lances
# um depois do outro em vez de simultaneamente (árvores de jogo e indução retroativa).

