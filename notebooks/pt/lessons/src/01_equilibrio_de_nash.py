# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 1: Jogos simultâneos e equilíbrio de Nash
#
# Em cada encontro de Cosmic Encounter, o atacante e o defensor escolhem, cada um, uma carta
# de encontro **virada para baixo** e as revelam juntos. Nenhum vê a escolha do outro antes de
# se comprometer: é um *jogo simultâneo*. Esta lição monta jogos assim a partir de encontros
# jogados pelo motor do ovnilab e encontra os seus equilíbrios de Nash, primeiro em
# estratégias puras, depois em estratégias mistas.
#
# **Público:** alunos de um primeiro curso de teoria dos jogos (ou de probabilidade com uma
# unidade de teoria dos jogos); professores que preparam um curso assim.
#
# **Pré-requisitos:** valor esperado de uma variável aleatória; resolver uma equação linear;
# rodar uma célula de um notebook. Não é preciso conhecer Cosmic Encounter: as regras usadas
# aqui são explicadas à medida que aparecem ([as regras do encontro completas](../../rules/cosmic_1_encounter.ipynb), em inglês).
#
# **Objetivos:** ao fim desta lição você sabe
# - escrever um jogo simultâneo de dois jogadores como uma tabela de ganhos (uma *bimatriz*: um ganho para cada jogador em cada célula);
# - encontrar todo equilíbrio de Nash em estratégias puras marcando as melhores respostas;
# - deduzir o equilíbrio misto de um jogo 2×2 a partir das equações de indiferença;
# - verificar um equilíbrio com um solver (`nashpy`, através de `ovnilab.theory`) e pela sua definição.
#
# **Tempo:** 50 minutos (cerca de 30 para o texto, 20 para os exercícios); o experimento
# opcional com a turma da seção 5 toma cerca de 15 a mais.
#
# **Glossário** (os termos de Cosmic Encounter como a regra em português os escreve; nas
# tabelas de ganhos e no código, as cartas aparecem na notação do ovnilab, que é a mesma em
# todos os idiomas: `attack 08` é o Ataque 08, `negotiate` é a Negociação; as tabelas e a
# figura da turma, na seção 5, dizem "ataque 08" e "negociação"):
# *encontro*: uma batalha, em que um atacante ataca um planeta de um defensor;
# *atacante* / *defensor*: o jogador da vez / o jogador cujo planeta é atacado;
# *nave*: a peça de um jogador; cada nave no encontro soma 1 ao total do seu lado;
# *colônia*: naves de um jogador num planeta; o primeiro jogador com colônias em cinco planetas estrangeiros vence o jogo;
# *Warp*: para onde vão as naves perdidas;
# *carta de encontro*: a carta que cada lado escolhe virada para baixo;
# *Ataque 08* (`attack 08`): uma carta de Ataque que vale 8 (somada às naves do lado; o maior total vence, e o empate fica com o defensor);
# *Negociação* (`negotiate`): uma carta que perde para qualquer Ataque, mas o seu jogador recebe então *compensação*
# (uma carta da mão do vencedor por nave perdida);
# *acordo*: quando os dois revelam Negociação, os dois jogadores têm pouco tempo para combinar uma troca; se não conseguirem, cada um perde três naves para o Warp;
# *Macron*: um poder alienígena (cada uma das suas naves conta 4, e 2 para a compensação).

# %%
from fractions import Fraction

import numpy as np

from ovnilab import theory
from ovnilab.cosmic import stats
from ovnilab.texts.lesson01 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

OFFENSE_HAND = ["attack 08", "attack 15", "negotiate"]
DEFENSE_HAND = ["attack 06", "attack 14", "negotiate"]
# what a colony, a ship, a card in hand and a point of attack card spent are worth
weights = stats.Weights(colony=1.0, ship=0.2, card=0.1, attack_point=0.05)

# %% [markdown]
# ## 1. Uma célula do jogo, jogada pelo motor
#
# O atacante manda quatro naves a um planeta onde o defensor tem quatro. Digamos que o
# atacante revele Ataque 08 e o defensor Ataque 14: $8 + 4 = 12$ contra $14 + 4 = 18$, o
# defensor vence, e as quatro naves atacantes vão para o Warp. Não fazemos essa conta à mão:
# o motor joga o encontro e informa o que mudou para cada lado.

# %%
r = stats.play_encounter("attack 08", "attack 14", offense_ships=4, defense_ships=4,
                         offense_hand=OFFENSE_HAND, defense_hand=DEFENSE_HAND, hand_size=8)
print(say("encounter", outcome=say.word(r.outcome), totals=r.totals, colonies=r.colonies, ships=r.ships, cards=r.cards))
print(say("scores", offense=r.value(0, weights), defense=r.value(1, weights)))
assert r.outcome == "defense" and r.totals == (12, 18) and r.ships == (-4, 0) and r.cards == (-1, -1)
assert round(r.value(0, weights), 9) == -1.3 and round(r.value(1, weights), 9) == -0.8   # the sums below

# %% [markdown]
# Para transformar um encontro em **ganhos** (*payoffs*) pesamos o que mudou: uma colônia
# vale 1, uma nave 0,2, uma carta 0,1, e uma carta de Ataque custa $0.05$ por ponto do seu
# valor (um Ataque grande gasto agora é um Ataque grande que você não tem mais na mão). O
# atacante perdeu 4 naves e o seu Ataque 08: $-0.8 - 0.1 - 0.4 = -1.3$; o defensor gastou o
# seu Ataque 14: $-0.1 - 0.7 = -0.8$. Esses pesos são uma escolha de modelagem; a
# [Lição 3](03_estrategias_mistas_soma_zero.ipynb) compara um duelo com e sem esse custo das cartas
# de Ataque gastas. (Nas fórmulas, os decimais levam ponto, como no código.)
#
# Cosmic Encounter é jogado por três a cinco jogadores. Cada jogador principal conta **os
# seus próprios** ganhos: uma colônia que os dois ganham é uma colônia que o resto da mesa
# não ganhou. Assim, o ganho de um jogador não é a perda do outro: o jogo é de *soma geral*
# (não é um jogo de soma zero) e cada célula traz dois ganhos, (atacante, defensor).
#
# ## 2. A tabela de ganhos
#
# Cada uma das 9 células abaixo é um encontro jogado pelo motor (`stats.planning_game`).
# Quando os dois revelam Negociação, os dois jogadores fazem um acordo que deixa cada um
# fundar uma colônia no planeta do outro. Na tabela, as linhas são as cartas do atacante e
# as colunas as do defensor; cada célula traz o ganho do atacante e depois o do defensor.

# %%
table = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, offense_ships=4, defense_ships=4,
                            weights=weights, deal="swap")
made = stats.play_encounter("negotiate", "negotiate", 4, 4, OFFENSE_HAND, DEFENSE_HAND, deal="swap", hand_size=8)
assert made.outcome == "deal_made" and made.colonies == (1, 1)
print(table)
assert (table.row_payoffs[0, 1], table.col_payoffs[0, 1]) == (-1.3, -0.8)
assert (table.row_payoffs[2, 2], table.col_payoffs[2, 2]) == (0.9, 0.9)

# %% [markdown]
# ### Melhores respostas e equilíbrio de Nash
#
# Uma estratégia do atacante é uma **melhor resposta** a uma carta do defensor quando
# nenhuma outra carta rende mais ao atacante contra ela; o mesmo vale para o defensor.
# Escrevendo $A$ para os ganhos do atacante e $B$ para os do defensor, um par de cartas
# $(i, j)$ é um **equilíbrio de Nash puro** quando cada carta é uma melhor resposta à outra:
#
# $$A_{ij} \ge A_{kj} \text{ para toda linha } k \qquad\text{e}\qquad B_{ij} \ge B_{il} \text{ para toda coluna } l.$$
#
# Ninguém ganha mudando sozinho a sua carta. Para encontrar todos à mão, **marque as
# melhores respostas**: em cada coluna, ponha uma estrela no maior ganho do atacante; em
# cada linha, ponha uma estrela no maior ganho do defensor. Uma célula com duas estrelas é
# um equilíbrio. A função abaixo faz exatamente isso (ela marca, não é um solver).

# %%
def best_response_marks(game):
    """Star the offense's best payoff in each column and the defense's in each row;
    return the cells starred twice (the pure Nash equilibria)."""
    A, B = game.row_payoffs, game.col_payoffs
    offense_best = A >= A.max(axis=0, keepdims=True) - 1e-9
    defense_best = B >= B.max(axis=1, keepdims=True) - 1e-9
    star = lambda x, best: f"{x:+.2f}{'*' if best else ' '}"
    print(f"{'':<10}" + "".join(f"{c:^16}" for c in game.col_labels))
    for i, row in enumerate(game.row_labels):
        cells = [f"{star(A[i, j], offense_best[i, j])}, {star(B[i, j], defense_best[i, j])}"
                 for j in range(len(game.col_labels))]
        print(f"{row:<10}" + "".join(f"{c:^16}" for c in cells))
    return [(game.row_labels[i], game.col_labels[j]) for i, j in zip(*np.nonzero(offense_best & defense_best))]


def pure_equilibria(game):
    """The library's answer: the pure profiles among the equilibria nashpy finds."""
    return [(game.row_labels[e.row.index(1.0)], game.col_labels[e.col.index(1.0)])
            for e in theory.equilibria(game) if e.is_pure()]


marked = best_response_marks(table)
print(say("starred", cells=marked))
print(say("library_pure", cells=pure_equilibria(table)))
assert marked == pure_equilibria(table) == [("negotiate", "negotiate")]
assert table.col_payoffs.argmax(axis=1).tolist() == [2, 2, 2]   # the defense negotiates against every card

# %% [markdown]
# A estrela do defensor está na coluna da Negociação em todas as linhas: jogue o atacante o
# que jogar, negociar é a melhor carta do defensor (contra um Ataque ele perde as naves do
# planeta, mas recebe compensação; contra uma Negociação o acordo lhe dá uma colônia).
# Contra uma Negociação, o atacante também negocia: o acordo dá a cada lado +0,9 (uma
# colônia, menos a carta gasta). **(Negociação, Negociação) é o único equilíbrio puro.**
#
# ### Quando os acordos fracassam
#
# Um acordo exige confiança. Se os jogadores não conseguem se entender (todo acordo
# fracassa: cada um perde três naves), a célula Negociação-Negociação fica ruim para os
# dois. O motor refaz a tabela:

# %%
table_fail = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, weights=weights, deal="fail")
failed = stats.play_encounter("negotiate", "negotiate", 4, 4, OFFENSE_HAND, DEFENSE_HAND, deal="fail", hand_size=8)
assert failed.outcome == "deal_failed" and failed.ships == (-3, -3)
marked = best_response_marks(table_fail)
print(say("starred_and_library", cells=marked, library=pure_equilibria(table_fail)))
assert marked == pure_equilibria(table_fail) == [("attack 08", "negotiate")]
assert table_fail.col_payoffs[0].tolist() == [-1.2, -0.8, -0.5]   # the defense's row against attack 08

# %% [markdown]
# Agora o equilíbrio é o atacante atacar com o seu barato Ataque 08 enquanto o defensor
# negocia. Contra o 08 o Ataque 14 do defensor venceria ($14 + 4 > 8 + 4$), mas gastar o 14
# lhe custa $-0.8$ ao todo, mais do que perder as suas naves e receber compensação
# ($-0.5$). Uma regra sobre acordos mudou o equilíbrio: é por isso que Cosmic Encounter é um
# jogo de conversa à mesa.
#
# ## 3. Nenhum equilíbrio puro: o atacante manda uma nave
#
# Com uma nave em vez de quatro (os acordos ainda fracassando), os totais mudam e a tabela
# também. Marque-a:

# %%
weak = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 1, 4, weights=weights, deal="fail")
marked = best_response_marks(weak)
print(say("starred", cells=marked))
assert marked == [] and pure_equilibria(weak) == []
A_w, B_w = weak.row_payoffs, weak.col_payoffs
# the cycle of best responses told below (0: attack 08/06, 1: attack 15/14, 2: negotiate)
assert A_w[:, 2].argmax() == 0 and B_w[0].argmax() == 0 and A_w[:, 0].argmax() == 1 and B_w[1].argmax() == 2

# %% [markdown]
# Nenhuma célula tem duas estrelas. As estrelas se perseguem num ciclo: contra uma
# Negociação, a melhor carta do atacante é o barato 08 (ele ainda vence); contra o 08, a
# melhor carta do defensor é o seu próprio barato 06 ($6 + 4 = 10$ vence $8 + 1 = 9$);
# contra o 06, o atacante precisa do seu 15; contra o 15, o defensor volta a negociar. Como
# no jogo de par ou ímpar, qualquer escolha previsível pode ser explorada.
#
# Primeiro, encolha o jogo. Uma carta que rende menos do que outra *contra tudo* é
# **estritamente dominada**, e um jogador racional nunca a usa (mais sobre isso na
# [Lição 2](02_dominancia_dilema_do_prisioneiro.ipynb)). Remover uma carta pode tornar outra
# dominada: a Negociação do atacante só é vencida pelo seu Ataque 15 depois que o Ataque 14
# do defensor sai (contra o 14 a Negociação rende $-0.2$ e o 15 só $-1.05$). A biblioteca
# informa cada remoção, linha (atacante) ou coluna (defensor):

# %%
reduced = theory.iterated_elimination(weak)
print(reduced.describe())
sub = reduced.game
print(sub)
A_sub, B_sub = sub.row_payoffs, sub.col_payoffs
assert sub.row_labels == ("attack 08", "attack 15") and sub.col_labels == ("attack 06", "negotiate")
assert A_sub.tolist() == [[-0.7, 0.1], [0.15, -0.25]] and B_sub.tolist() == [[-0.4, -0.5], [-1.2, -0.5]]
assert reduced.steps == (("column", "attack 14", "negotiate"), ("row", "negotiate", "attack 15"))
assert (weak.row_payoffs[2, 1], weak.row_payoffs[1, 1]) == (-0.2, -1.05)   # before the 14 goes

# %% [markdown]
# ## 4. O equilíbrio misto, à mão
#
# Uma **estratégia mista** sorteia uma carta com probabilidades escolhidas. Digamos que o
# atacante jogue Ataque 08 com probabilidade $p$ (Ataque 15 com $1-p$) e o defensor jogue
# Ataque 06 com probabilidade $q$ (Negociação com $1-q$). Num equilíbrio misto, um jogador
# só mistura duas cartas se as duas renderem o mesmo contra a mistura do outro: senão ele
# jogaria com certeza a melhor. Assim, **a mistura de cada jogador deixa o *outro* jogador
# indiferente.**
#
# *O defensor fica indiferente* entre as suas duas cartas (os seus ganhos da tabela acima):
#
# $$\underbrace{-0.4\,p - 1.2\,(1-p)}_{\text{Ataque 06}} \;=\; \underbrace{-0.5\,p - 0.5\,(1-p)}_{\text{Negociação}}
# \iff -1.2 + 0.8\,p = -0.5 \iff p = \frac{0.7}{0.8} = \frac{7}{8}.$$
#
# *O atacante fica indiferente* entre as suas duas cartas:
#
# $$\underbrace{-0.7\,q + 0.1\,(1-q)}_{\text{Ataque 08}} \;=\; \underbrace{0.15\,q - 0.25\,(1-q)}_{\text{Ataque 15}}
# \iff 0.1 - 0.8\,q = -0.25 + 0.4\,q \iff q = \frac{0.35}{1.2} = \frac{7}{24}.$$
#
# Em geral, para um jogo 2×2 com ganhos $a_{ij}$ (jogador das linhas) e $b_{ij}$ (jogador
# das colunas), as mesmas duas equações dão
#
# $$p = \frac{b_{22} - b_{21}}{b_{11} - b_{12} - b_{21} + b_{22}}, \qquad
#   q = \frac{a_{22} - a_{12}}{a_{11} - a_{12} - a_{21} + a_{22}},$$
#
# uma mistura válida quando as duas ficam estritamente entre 0 e 1. Repare que $p$, a
# probabilidade do *atacante*, é feita dos ganhos do *defensor*. Aritmética exata com
# frações:

# %%
a = [[Fraction(str(x)) for x in row] for row in A_sub]   # 0.15 -> 3/20 exactly
b = [[Fraction(str(x)) for x in row] for row in B_sub]
p = (b[1][1] - b[1][0]) / (b[0][0] - b[0][1] - b[1][0] + b[1][1])
q = (a[1][1] - a[0][1]) / (a[0][0] - a[0][1] - a[1][0] + a[1][1])
print(say("mix_by_hand", p=p, q=q))
assert (p, q) == (Fraction(7, 8), Fraction(7, 24))

# %% [markdown]
# ### A biblioteca calcula o mesmo
#
# `theory.equilibria` pede ao nashpy (enumeração de vértices) **todos** os equilíbrios do
# jogo 3×3 completo, cartas dominadas incluídas, e os informa como frações exatas quando são
# exatos (cada estratégia como "carta: probabilidade"; no fim, os ganhos esperados):

# %%
eqs = theory.equilibria(weak)
for eq in eqs:
    print(eq)
(eq,) = eqs
assert eq.exact == ((p, 1 - p, 0), (q, 0, 1 - q))
print(say("agrees", agrees=eq.exact == ((p, 1 - p, 0), (q, 0, 1 - q))))

# %% [markdown]
# Um equilíbrio, e é o que deduzimos, com probabilidade 0 nas cartas dominadas.
#
# ### Digite-o você mesmo no nashpy
#
# Um solver só precisa das duas matrizes de ganhos. Digite o jogo 2×2 da tabela acima
# (linhas: Ataque 08, Ataque 15; colunas: Ataque 06, Negociação) e peça ao nashpy os seus
# equilíbrios por enumeração de suportes:

# %%
import nashpy as nash

A = np.array([[-0.7, 0.1],
              [0.15, -0.25]])   # offense's payoffs
B = np.array([[-0.4, -0.5],
              [-1.2, -0.5]])    # defense's payoffs
game = nash.Game(A, B)
found = list(game.support_enumeration())
for x, y in found:
    print(say("nashpy_mix", offense=np.round(x, 6), defense=np.round(y, 6)))
assert len(found) == 1 and np.allclose(found[0][0], [7 / 8, 1 / 8]) and np.allclose(found[0][1], [7 / 24, 17 / 24])

# %% [markdown]
# ### Verificando a definição
#
# Não confie num solver (nem na sua álgebra): verifique que ninguém ganha ao desviar. Contra
# a mistura do defensor, cada carta do atacante rende os valores abaixo, e o mesmo para o
# defensor. Toda carta que um jogador mistura rende o mesmo, e nenhuma outra carta rende
# mais:

# %%
x, y = eq.exact
offense_pays = [sum(Fraction(str(weak.row_payoffs[i, j])) * y[j] for j in range(3)) for i in range(3)]
defense_pays = [sum(Fraction(str(weak.col_payoffs[i, j])) * x[i] for i in range(3)) for j in range(3)]
for label, prob, u in zip(weak.row_labels, x, offense_pays):
    print(say("offense_pays", card=label, prob=str(prob), pays=u))
for label, prob, u in zip(weak.col_labels, y, defense_pays):
    print(say("defense_pays", card=label, prob=str(prob), pays=u))
print(say("expected", payoffs=tuple(str(v) for v in eq.exact_payoffs)))
print(say("is_equilibrium", verdict=theory.is_equilibrium(weak, x, y),
          gains=tuple(str(g) for g in theory.deviation_gains(weak, x, y))))
assert offense_pays[0] == offense_pays[1] == Fraction(-2, 15) > offense_pays[2]
assert defense_pays[0] == defense_pays[2] == Fraction(-1, 2) > defense_pays[1]
assert eq.exact_payoffs == (Fraction(-2, 15), Fraction(-1, 2))

# %% [markdown]
# **Lendo o equilíbrio.** O atacante joga o seu barato 08 sete vezes em oito, e o defensor
# responde com o seu 06 em 7 de cada 24 encontros, exatamente o bastante para que o 15 e o
# 08 rendam o mesmo ao atacante ($-2/15$). O defensor obtém $-1/2$ com qualquer das cartas
# que mistura (o seu Ataque 14 não usado obteria só $-4/5$). Compare com a seção 2, em que
# os acordos dão certo e o atacante manda quatro naves: lá o único equilíbrio puro dá $+0.9$
# aos dois. Equilíbrios mistos não são sobre ser imprevisível por diversão: cada jogador
# sorteia para que o outro não tenha nada a explorar.

# %% [markdown]
# ## 5. Jogue primeiro: a turma como dados
#
# *Opcional: cerca de 15 minutos (5 para entrar e ler as regras, 5 para cinco rodadas de
# cerca de um minuto cada, 5 para ler os resultados aqui); nada mais na lição depende disso.*
# Jogue no **começo** da aula, antes da seção 3, para que as cartas sejam escolhas dos
# próprios alunos e não a resposta da lição; leia os resultados aqui, quando o equilíbrio já
# for conhecido.
#
# **Em aula.** Num notebook (`make lab`), o professor abre o encontro de uma nave da seção 3
# (acordos fracassam) como um experimento da turma:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("encounter", rounds=5, matching="strangers", decision_seconds=60)
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
# segundos para escolher uma carta; um aluno que fica sem tempo recebe o sorteio de um bot
# a partir da mistura de equilíbrio, registrado como `timeout` e deixado fora da análise. O
# projetor mantém o equilíbrio fora da tela até o professor apertar **show the
# equilibrium** (depois que a seção 4 o encontrou). Depois das rodadas, a tabela da turma,
# uma linha por aluno por rodada, é `exp.results()` no notebook que abriu o experimento, ou
# `classroom.room("ABC123").results()` em qualquer notebook (neste também), com o código que
# o projetor mostra. Para guardá-la para uma aula seguinte: `results.to_csv("periodo1.csv")`;
# mais tarde, `experiments.Results.from_csv("periodo1.csv")` a lê de volta.
#
# **Aqui: uma turma SIMULADA, não alunos de verdade**, para que o notebook rode sem uma
# turma. A célula abaixo carrega `data/classroom/encounter_simulated.csv`: 24 alunos
# simulados, 5 rodadas, estranhos perfeitos. Cada um é um *jogador fictício logit*: ele
# espera que o outro papel jogue como os adversários que encontrou até ali, e escolhe cada
# carta com probabilidade proporcional a $e^{4u}$, sendo $u$ o ganho esperado da carta (uma
# melhor resposta com ruído; como o arquivo foi feito: `data/classroom/README.md`). Em aula,
# `classroom.room(CODE).results()` dá a mesma tabela e cada célula abaixo roda sobre ela sem
# mudanças. Nas tabelas, as colunas são a estratégia (a carta), a contagem (quantos a
# escolheram), *n*, a proporção, *lo* e *hi* (as pontas do intervalo) e a probabilidade da
# carta no equilíbrio.

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("encounter")   # the simulated class described above
results = recorded                                  # in class: classroom.room(CODE).results()
experiment = experiments.get("encounter")           # section 3's game, section 4's equilibrium
assert experiment.game.row_payoffs.tolist() == weak.row_payoffs.tolist() and experiment.solution.exact == eq.exact
assert experiment.game.col_payoffs.tolist() == weak.col_payoffs.tolist()
made = experiments.DATA_SETS["encounter_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# one choice per student and role: the card each student picked the last time they held that role
shares = {role: experiments.choice_shares(results, experiment, role, rounds="last") for role in (0, 1)}
for role in (0, 1):
    print(shares[role], end="\n\n")
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0 and sum(r["role"] == "offense" for r in results) == 60

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, axes = plt.subplots(1, 2, figsize=(10.4, 3.6), layout="constrained")
# each card's share per round (one choice per student in each round), 95% Wilson intervals
experiments.plot_choices(results, experiment, ax=axes)
plt.show()

# %%
# the same choices against the equilibrium: per role, the whole mix and the mix within the support
tests = experiments.equilibrium_tests(results, experiment, rounds="last", within_support=(False, True))
print(tests, end="\n\n")
adjusted = {(t["role"], t["test"]): t["holm_p"] for t in tests}
fits = {(t["role"], t["test"]): t["fit"] for t in tests}
off, neg, o08 = (shares[r].row(strategy=s) for r, s in ((0, "negotiate"), (1, "attack 14"), (0, "attack 08")))
print(say("dominated_cards", off_count=off["count"], off_n=off["n"], off_lo=off["lo"], off_hi=off["hi"],
          neg_count=neg["count"], neg_n=neg["n"], neg_lo=neg["lo"], neg_hi=neg["hi"]))
print(say("attack08", count=o08["count"], n=o08["n"], lo=o08["lo"], hi=o08["hi"],
          offense_n=fits["offense", "within support"].n, defense_n=fits["defense", "within support"].n))
if results is recorded:   # the text below describes the simulated class
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert all(t["statistic"] == float("inf") and t["holm_p"] < 0.05 for t in tests if t["test"] == "whole mix")
    assert off["count"] > 0 and neg["count"] > 0 and o08["hi"] < 7 / 8
    assert adjusted["offense", "within support"] > 0.05 and adjusted["defense", "within support"] > 0.05
    assert all(fits[role, "within support"].n < 20 for role in experiment.roles)   # "fewer than 20 per role"
    assert all(min(fits[role, "whole mix"].from_rounds) <= 2 for role in experiment.roles)   # "round 1 or 2"
assert reduced.steps[0] == ("column", "attack 14", "negotiate") and weak.row_payoffs[:, 1].argmax() == 2

# %% [markdown]
# **Como ler as tabelas e os testes** (a estatística em poucas linhas cada).
#
# * **Uma escolha por aluno.** As cinco escolhas de um aluno não são cinco sorteios
#   independentes: é a mesma pessoa que escolhe a cada vez, aprendendo com a rodada
#   anterior. Contá-las todas (60 por papel na turma simulada) contaria o hábito de um aluno
#   até cinco vezes, como se fossem cinco alunos, e deixaria cada intervalo e cada teste
#   confiantes demais. Por isso cada tabela e cada teste guardam uma escolha por aluno e
#   papel, `rounds="last"`: a carta que o aluno escolheu **na última vez em que teve aquele
#   papel**. Os papéis são sorteados a cada rodada, então para alguns alunos essa é a
#   rodada 1 ou 2 (o título de cada tabela conta as suas escolhas de cada rodada);
#   `rounds="first"` guarda a primeira, feita antes de qualquer retorno.
# * **Intervalo de Wilson** (`lo` a `hi`). As proporções $p$ para as quais a proporção
#   $\hat p$ da turma, em $n$, não surpreende: aquelas com
#   $|\hat p - p| \le 1.96\sqrt{p(1-p)/n}$. Resolver essa inequação do segundo grau em $p$
#   dá as duas pontas. Em muitas turmas cujos alunos escolhem independentemente, cerca de 95%
#   desses intervalos contêm a proporção verdadeira. Ele fica entre 0 e 1 e funciona para
#   $n$ pequeno. A [Lição 6](06_estimando_taxas_de_vitoria.ipynb) deduz esse intervalo de confiança.
# * **Teste multinomial exato** (`p`). Se $n$ alunos tivessem tirado as suas cartas
#   independentemente da mistura de equilíbrio $(p_1, p_2, p_3)$, as contagens
#   $(k_1, k_2, k_3)$ teriam a probabilidade
#   $\frac{n!}{k_1!\,k_2!\,k_3!}\,p_1^{k_1} p_2^{k_2} p_3^{k_3}$. O valor-p soma as
#   probabilidades de todas as contagens no máximo tão prováveis quanto as da turma: um
#   valor-p pequeno diz que contagens assim são raras se a turma joga o equilíbrio. Ele é
#   exato (uma soma finita; a aproximação qui-quadrado usual não é confiável com contagens
#   esperadas abaixo de 5, como aqui). O teste da mistura inteira rejeita de
#   saída (X² = ∞, p = 0) assim que um papel faz uma escolha que o equilíbrio nunca faz;
#   *dentro do suporte* (`within_support=True`) faz a pergunta mais
#   fina: entre as cartas que o equilíbrio joga, as proporções estão certas?
# * **O ajuste de Holm** (`holm_p`). Quatro testes numa turma são quatro chances de um
#   alarme falso. Holm multiplica o menor valor-p por 4, o seguinte por 3, depois por 2,
#   depois por 1 (nunca deixando um ficar abaixo do anterior); lê-los contra 5% mantém abaixo
#   de 5% a chance de alguma rejeição falsa entre os quatro. A
#   [Lição 7](07_experimentos_com_regras.ipynb) o deduz.
# * Os testes ainda supõem que os alunos escolhem independentemente uns dos outros:
#   adversários novos a cada rodada (a célula acima conta os encontros com um adversário já
#   enfrentado) tornam isso plausível, não certo.
#
# **O que a turma simulada mostra.** Ela está longe do equilíbrio. Os dois papéis jogam
# cartas que a eliminação iterada removeu na seção 3, o atacante a sua Negociação e o
# defensor o seu Ataque 14 (estritamente dominado pela Negociação), e por isso os dois testes
# da mistura inteira rejeitam. Quem começa esperando qualquer coisa do outro lado não tem
# motivo para descartar o 14, e contra o 14 a Negociação é a melhor carta do atacante: a
# dominância iterada exige que cada jogador confie que o *outro* é racional. O atacante
# joga o seu 08 bem menos do que 7 vezes em 8: o intervalo inteiro fica abaixo de $7/8$. A
# sua mistura precisa deixar o *defensor* indiferente, e nada nos seus próprios ganhos lhe
# diz isso. Dentro do suporte nenhum teste rejeita depois do ajuste de Holm, mas cada um
# testa só as escolhas dentro do suporte, menos de 20 por papel aqui (a última linha acima
# diz quantas): com tão poucas, não rejeitar não é evidência de aderência. Uma turma de
# verdade pode estar mais perto do equilíbrio ou mais longe; as mesmas células dizem qual.

# %% [markdown]
# ## Exercícios
#
# Os exercícios 1 e 2 usam este jogo: o defensor é o alienígena **Macron** (cada uma das
# suas naves conta 4 para o seu total e 2 para a compensação), o atacante manda duas naves,
# os acordos fracassam.

# %%
macron = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, aliens=(None, "Macron"),
                             weights=weights, deal="fail")
print(macron)
left = theory.iterated_elimination(macron).game
assert left.row_labels == ("attack 08", "negotiate") and left.col_labels == ("attack 06", "negotiate")

# %% [markdown]
# ### Exercício 1 (lápis e papel)
#
# Marque as melhores respostas na tabela do Macron e liste **todos** os equilíbrios de Nash
# puros (pode haver mais de um). Guarde-os como um conjunto de pares `(carta do atacante,
# carta do defensor)` em `answer_1`, escritos na notação das tabelas, por exemplo
# `{("attack 15", "attack 14")}`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Offense's best card in each column: vs attack 06 and vs attack 14 the negotiate (-0.3
# beats -0.9 and -1.25); vs negotiate the attack 08 (-0.2 beats -0.55 and -0.7).
# Defense's best card in each row: vs attack 08 the negotiate (-0.2); vs attack 15 the
# negotiate (-0.2); vs negotiate the attack 06 (-0.6 beats -1.0 and -0.7).
# Starred twice: (attack 08, negotiate) and (negotiate, attack 06). Two equilibria with
# different payoffs, (-0.2, -0.2) and (-0.3, -0.6): both players prefer the first one.
answer_1 = {("attack 08", "negotiate"), ("negotiate", "attack 06")}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
def _card(text):   # "Attack 8", " ATTACK 08 " and "attack 08" name one card
    return " ".join(word.zfill(2) if word.isdigit() else word for word in str(text).lower().split())


try:
    _given = {(_card(o), _card(d)) for o, d in answer_1}
except (TypeError, ValueError):
    raise AssertionError('answer_1 should be a set of (offense card, defense card) pairs, '
                         'e.g. {("attack 15", "attack 14")}') from None
for _o, _d in _given:
    assert _o in macron.row_labels, f"{_o!r} is not an offense card; the offense's cards are {macron.row_labels}"
    assert _d in macron.col_labels, f"{_d!r} is not a defense card; the defense's cards are {macron.col_labels}"
_pure = set(pure_equilibria(macron))
assert _pure == {("attack 08", "negotiate"), ("negotiate", "attack 06")}, (
    "the lesson's pure_equilibria should find the solution's equilibria in the Macron table: the table changed")
assert _given <= _pure, (f"{sorted(_given - _pure)}: not a pure Nash equilibrium of the Macron table (in such a cell "
                         "each card is a best response to the other)")
assert _given == _pure, "a pure Nash equilibrium is missing: mark the best responses in every row and every column"
assert (macron.row_payoffs[0, 2], macron.col_payoffs[0, 2]) == (-0.2, -0.2), (   # the solution's remark
    "the Macron table's payoffs should be the ones the solution's remark quotes")
assert (macron.row_payoffs[2, 0], macron.col_payoffs[2, 0]) == (-0.3, -0.6), (
    "the Macron table's payoffs should be the ones the solution's remark quotes")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# O 15 e o 14 dos dois jogadores são estritamente dominados no jogo do Macron, o que deixa um
# jogo 2×2 (atacante: Ataque 08, Negociação; defensor: Ataque 06, Negociação). Além dos
# equilíbrios puros, ele tem um misto. Com que probabilidade o atacante joga Ataque 08 nele?
# Deduza-a da equação de indiferença e guarde-a em `answer_2`: uma `Fraction`, ou um decimal
# a menos de 0,001 do valor exato.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The offense's mix makes the DEFENSE indifferent, so use the defense's payoffs.
# Offense plays attack 08 with probability p, negotiate with 1 - p.
# Defense's attack 06 pays -0.4 p - 0.6 (1 - p) = -0.6 + 0.2 p;
# its negotiate pays -0.2 p - 0.7 (1 - p) = -0.7 + 0.5 p.
# Equal when 0.1 = 0.3 p, so p = 1/3.
answer_2 = Fraction(1, 3)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real), "answer_2 should be a number: a Fraction, or a decimal"
assert abs(float(answer_2) - 1 / 3) < 0.001, ("not the offense's probability of attack 08 in the mixed equilibrium "
                                             "(within 0.001): the p that makes the DEFENSE indifferent between its "
                                             "two cards")
mixed = [e for e in theory.equilibria(macron) if not e.is_pure()]
assert len(mixed) == 1 and mixed[0].exact[0][0] == Fraction(1, 3), (
    "the library should find one mixed equilibrium of the Macron game, with the solution's probability of attack 08")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 3
#
# De volta ao jogo de uma nave da seção 3. Um jogador lê que o Ataque 08 do atacante rende
# exatamente tanto quanto a sua mistura contra a estratégia de equilíbrio do defensor, e
# decide jogar *sempre* Ataque 08. O defensor percebe e joga a sua melhor resposta. Quanto o
# atacante obtém por encontro então? Guarde o número em `answer_3` (uma `Fraction` ou um
# float). Use `weak.row_payoffs` / `weak.col_payoffs` ou a tabela impressa.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Against an offense that always plays attack 08 the defense compares its payoffs in the
# attack 08 row: attack 06 -0.4, attack 14 -0.8, negotiate -0.5. It plays attack 06
# (6 + 4 = 10 beats 8 + 1 = 9), and the offense gets -0.7 instead of -2/15: being
# indifferent does not make a pure strategy safe once the opponent adapts.
answer_3 = Fraction(-7, 10)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number: a Fraction or a float"
assert abs(float(answer_3) - (-0.7)) < 1e-9, ("not the offense's payoff per encounter when it always plays attack 08 "
                                             "and the defense plays its best response to that")
(reply,) = theory.best_responses(weak, "col", [1, 0, 0])
assert abs(float(answer_3) - weak.row_payoffs[0, reply]) < 1e-9, (
    "the library's best response to attack 08 in the one-ship game should give the offense the solution's payoff")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 4
#
# Agora o atacante manda **duas** naves em vez de uma (os acordos ainda fracassam). Monte o
# jogo com `stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights,
# deal="fail")`, digite a sua parte 2×2 (linhas Ataque 08, Ataque 15; colunas Ataque 06,
# Negociação) em `nash.Game` e encontre o seu equilíbrio. Guarde a probabilidade de Ataque 06
# do defensor em `answer_4`. Depois explique numa frase por que a mistura do atacante é a
# mesma que com uma nave.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
two_ships = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights, deal="fail")
print(two_ships)
two_A = np.array([[-0.9, 0.1], [0.15, -0.25]])
two_B = np.array([[-0.4, -0.5], [-1.2, -0.5]])
((x2, y2),) = nash.Game(two_A, two_B).support_enumeration()
print(say("two_ships_mix", offense=np.round(x2, 6), defense=np.round(y2, 6)))
# By hand: -0.9 q + 0.1 (1 - q) = 0.15 q - 0.25 (1 - q), so 0.35 = 1.4 q and q = 1/4.
# The offense still plays attack 08 with 7/8: its mix makes the defense indifferent, and
# the defense's payoffs did not change (the 08 still loses to the 06, the 15 still wins).
answer_4 = Fraction(1, 4)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_4, numbers.Real), "answer_4 should be a number: a Fraction or a float"
assert abs(float(answer_4) - 0.25) < 1e-9, ("not the defense's probability of attack 06 in the two-ship game's "
                                           "equilibrium: the q that makes the OFFENSE indifferent")
(eq4,) = theory.equilibria(stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 2, 4, weights=weights, deal="fail"))
assert eq4.exact == ((Fraction(7, 8), Fraction(1, 8), 0), (Fraction(1, 4), 0, Fraction(3, 4))), (
    "the library's equilibrium of the two-ship game should be the one the solution derives: the game changed")
assert abs(float(answer_4) - float(eq4.exact[1][0])) < 1e-9, (
    "the library's equilibrium of the two-ship game should give the defense's attack 06 the solution's probability")
### END HIDDEN TESTS

# %% [markdown]
# ## Resumo
#
# - Um jogo simultâneo é uma tabela de pares de ganhos; num jogo de soma geral os dois
#   ganhos não são opostos.
# - Um equilíbrio de Nash puro é uma célula em que cada carta é uma melhor resposta à outra:
#   marque as melhores respostas e leia as células com duas estrelas. Pode não haver
#   nenhuma, haver uma ou várias.
# - Num equilíbrio misto, as probabilidades de cada jogador deixam o **outro** jogador
#   indiferente; para um jogo 2×2, duas equações lineares as dão.
# - Um solver (nashpy) encontra o mesmo, e a definição (nenhum desvio lucrativo) o confirma.
#
# A seguir: a [Lição 2](02_dominancia_dilema_do_prisioneiro.ipynb) trata da dominância e de
# equilíbrios ruins para todos (o dilema do prisioneiro); a
# [Lição 3](03_estrategias_mistas_soma_zero.ipynb) resolve jogos de soma zero (o duelo entre os
# dois jogadores sozinhos) por programação linear, com o valor do jogo e o minimax.

