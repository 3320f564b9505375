# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 5: Probabilidade e a regra de Bayes com cartas ocultas
#
# **Público:** alunos de um curso introdutório de probabilidade ou de teoria dos jogos (os
# últimos anos do ensino médio ou o primeiro ano da universidade); professores que preparam
# uma aula assim; designers de jogos que querem saber o que um jogador consegue deduzir.
#
# **Pré-requisitos:** frações; o que é uma probabilidade; o coeficiente binomial
# $\binom{n}{k}$ (o número de maneiras de escolher $k$ coisas entre $n$); ler um pouco de
# Python. Nenhuma regra dos jogos é suposta: tudo o que é preciso está explicado na página.
#
# **Objetivos:** ao fim desta lição você sabe
# - contar mãos com coeficientes binomiais e calcular probabilidades *hipergeométricas*
#   (sorteio sem reposição) exatamente, como frações;
# - condicionar ao que você viu: a mão oculta de outro jogador é um conjunto sorteado
#   uniformemente entre as cartas que você não viu;
# - escrever a regra de Bayes (a priori, verossimilhança, a posteriori) para uma carta
#   oculta, ver por que um modelo deve usar só o que o jogador pode saber, e usar a
#   distribuição a posteriori para calcular o valor esperado de uma aposta;
# - conferir uma resposta exata com muitas partidas simuladas: dizer $n$, um intervalo de
#   Wilson de 95% (um intervalo de confiança) e se o valor exato está dentro dele.
#
# **Tempo:** duas aulas de 50 minutos, ou uma aula com os exercícios como tarefa de casa.
# - *Duas aulas* (recomendado): aula 1, seções 1 e 2 (cerca de 25 minutos) e os exercícios
#   1 e 2 em sala (cerca de 25); aula 2, seções 3 e 4 (cerca de 30 minutos) e os exercícios
#   3, 4 e 5 em sala (cerca de 20).
# - *Uma aula*: só as quatro seções (cerca de 50 minutos, a seção 4 a mais longa); os cinco
#   exercícios como tarefa de casa (cerca de 45 minutos em casa; os exercícios 2 a 5 são de
#   lápis e papel, o exercício 1 precisa do notebook).
#
# **Glossário**
# - Cosmic Encounter (as palavras da regra em português; no código, a notação do ovnilab, em
#   inglês, entre parênteses): o *deck cósmico*, as cartas que os jogadores têm na mão; as
#   *cartas de encontro*: *Ataque* (`attack`, uma carta com um número), *Negociação*
#   (`negotiate`) e *Morph*; as outras cartas são *reforços*, *artefatos* e *Flares* (cada
#   Flare pertence a um alienígena); a *mão* de oito cartas; o *atacante*, o jogador da vez;
#   o *deck de Destino*, cujas cartas são a *cor* de um jogador, *selvagens* ou *especiais*
#   e dizem quem o atacante vai enfrentar.
# - O jogo das vacas (todos os nomes em português, como na regra): o *Celeiro* (a área de
#   descarte); as faces usadas aqui: *Mimosa*, uma vaca; *Bezerrinho*; *Estrela*, a vaca mãe;
#   *Vaca Lunar*; *Lua Cheia*; *Gêmeos* (dois bezerros); *Curral*; *Fazendeiro*; *Sonda*
#   (o seu efeito deixa você olhar os versos ocultos das cartas da sua mão).

# %%
import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb

from ovnilab import cosmic, cows
from ovnilab.analysis import wilson_interval
from ovnilab.cosmic import stats
from ovnilab.cosmic.render.labels import card_label   # a card's name in the lesson's language
from ovnilab.cosmic.rules import PASS
from ovnilab.cows import determinize
from ovnilab.texts.lesson05 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

COSMIC = cosmic.load_data()  # data/cosmic/*.toml
COW_CARDS = cows.load_cards()  # data/cows/cards.toml


def share(k, n):
    """'k of n = 0.xxx [lo, hi]' with the 95% Wilson interval."""
    lo, hi = wilson_interval(k, n)
    return say("share", k=k, n=n, p=k / n, lo=lo, hi=hi)


def inside(p, k, n, confidence=0.95):
    lo, hi = wilson_interval(k, n, confidence)
    return lo <= p <= hi


# %% [markdown]
# ## 1. Contando mãos: o deck cósmico
#
# Cada jogador de Cosmic Encounter tem uma mão de oito cartas distribuídas do deck cósmico
# embaralhado. O arquivo do deck lista 72 cartas; uma partida com poderes alienígenas
# embaralha junto 10 Flares, então as mãos vêm de $N = 82$ cartas. Destas, $E = 55$ são cartas
# de encontro (39 Ataques, 15 Negociações, 1 Morph). A biblioteca lê a composição dos
# arquivos de dados:

# %%
kinds = Counter(COSMIC.faces[COSMIC.card_face[c]].kind for c in range(COSMIC.deck_size))
composition = {name: kinds[i] for i, name in enumerate(cosmic.data.KINDS) if kinds[i]}
flares = cosmic.Rules().flares_total
N = COSMIC.deck_size + flares
E = sum(stats.card_distribution().values())  # attack, negotiate and morph cards
for name, count in composition.items():
    print(say("kind_line", name=say.word(name), count=count))
print(say("flare_line", name=say.word("flare"), count=flares))
print(say("total", n=N, e=E, others=N - E))
assert COSMIC.deck_size == 72 and flares == 10 and N == 82
assert composition == {"attack": 39, "negotiate": 15, "morph": 1, "reinforcement": 6, "artifact": 11}
assert E == 55

# %% [markdown]
# **Quantas cartas de encontro uma mão tem?** Uma mão é um conjunto de 8 cartas entre $N$,
# e todos os $\binom{N}{8}$ conjuntos são igualmente prováveis. Uma mão com exatamente $k$
# cartas de encontro escolhe $k$ das $E$ cartas de encontro e $8-k$ das $N-E$ outras, então
#
# $$P(K = k) = \frac{\binom{E}{k}\binom{N-E}{8-k}}{\binom{N}{8}},$$
#
# a distribuição **hipergeométrica** (sorteio sem reposição). A regra da "nova mão" importa
# quando $k = 0$: um atacante sem carta de encontro no começo do seu turno mostra a mão,
# descarta-a e compra oito cartas novas. Para uma mão nova
#
# $$P(K=0) = \frac{\binom{27}{8}}{\binom{82}{8}} = \frac{27}{82}\cdot\frac{26}{81}\cdots\frac{20}{75}
# = \frac{23}{369\,246},$$
#
# cerca de uma mão em 16.000. Exatamente, com `Fraction` e `math.comb`:

# %%
HAND = cosmic.Rules().hand_size  # 8


def hypergeom(k, n, good, total):
    """P(exactly k 'good' cards in n cards drawn without replacement from total)."""
    return Fraction(comb(good, k) * comb(total - good, n - k), comb(total, n))


exact_k = {k: hypergeom(k, HAND, E, N) for k in range(HAND + 1)}
assert sum(exact_k.values()) == 1
for k, p in exact_k.items():
    print(f"k = {k}: {str(p):>22} = {float(p):.5f}")
p_new_hand = exact_k[0]
product = Fraction(1)
for i in range(HAND):
    product *= Fraction(N - E - i, N - i)
assert p_new_hand == product == Fraction(23, 369246)
print(say("p_no_encounter", p=p_new_hand, one_in=1 / float(p_new_hand)))
assert round(1 / float(p_new_hand), -3) == 16000

# %% [markdown]
# **Conferindo com o motor.** Distribuímos `N_GAMES` partidas de verdade com o motor
# (sementes 0, 1, 2, ...). Para que a preparação não tenha decisões, desligamos os poderes
# alienígenas (`Rules(powers=False)`); os dez Flares continuam embaralhados, então toda mão é
# distribuída das mesmas 82 cartas. Olhamos uma mão por partida (as mãos de uma partida vêm
# do mesmo deck, então não são independentes): a mão do jogador à esquerda do primeiro
# atacante. (Não a do próprio atacante: o motor já aplicou a ela a regra da nova mão, o que
# distorceria $k = 0$.)
#
# Nove frequências são comparadas de uma vez, então cada intervalo é alargado para manter em
# 5% ou menos a chance de que *qualquer* uma das nove erre por sorte (Bonferroni: cada uma a
# $1 - 0.05/9$).

# %%
N_GAMES = 3000  # raise for tighter intervals
NO_POWERS = cosmic.Rules(powers=False)



def first_destiny(seed):
    """A seeded 4-player game, played (everyone passes when asked whether to play an
    artifact) until the first offense has drawn its first destiny card."""
    g = cosmic.new_game(4, seed=seed, rules=NO_POWERS)
    while g.destiny < 0:
        g.apply(PASS)
    return g


games = [first_destiny(seed) for seed in range(N_GAMES)]
for g in games:
    assert len(g.cards_in_game) == N


def seat_after(g, k):
    """The seat k places to the left of the first offense."""
    return (g.offense + k) % g.n


def encounter_count(names):
    return sum(stats.card_distribution(names).values())


counts = Counter(encounter_count(g.hand_names(seat_after(g, 1))) for g in games)
level = 1 - 0.05 / len(exact_k)
print(say("hands_intervals", n=N_GAMES))
print(say("k_head"))
all_inside = True
for k, p in exact_k.items():
    lo, hi = wilson_interval(counts[k], N_GAMES, level)
    ok = lo <= p <= hi
    all_inside &= ok
    print(f" {k}  {float(p):.4f}    {counts[k] / N_GAMES:.4f}   [{lo:.4f}, {hi:.4f}]" + ("" if ok else say("outside")))
assert all_inside
print(say("all_inside", k=counts[0], expected=N_GAMES * float(p_new_hand), n=N_GAMES))
lo0, hi0 = wilson_interval(counts[0], N_GAMES, level)
print(say("k0_width", times=(hi0 - lo0) / p_new_hand))
assert hi0 - lo0 > 10 * p_new_hand

# %% [markdown]
# O evento da nova mão é raro demais para uma simulação deste tamanho medir: o número
# esperado de mãos assim é uma fração de um, e o intervalo de $k = 0$ é muitas vezes mais
# largo do que a própria probabilidade (os dois impressos acima). A conta exata é o único
# jeito prático de conhecê-la; a simulação confere a fórmula onde a distribuição tem a sua
# massa.
#
# ### Exercício 1
#
# Uma Negociação é o seu jeito de fazer um acordo em vez de lutar. Qual é a probabilidade de
# uma mão nova de oito (das 82 cartas de uma partida com Flares) **não** ter nenhuma
# Negociação? Guarde-a em `answer_1`, como uma `Fraction` exata (use `math.comb`) ou um
# decimal a menos de 0,001, e compare-a com a chance de não ter carta de encontro nenhuma.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction
from math import comb

answer_1 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# 15 negotiates, 82 - 15 = 67 other cards. The hand avoids every negotiate when all 8
# cards come from the 67: C(67, 8) / C(82, 8), about 0.183, roughly one hand in five;
# nearly 3,000 times more likely than having no encounter card at all (23/369246).
answer_1 = Fraction(comb(67, 8), comb(82, 8))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
negotiates = stats.card_distribution()["negotiate"]
_exact = hypergeom(0, HAND, negotiates, N)
assert _exact == Fraction(comb(67, 8), comb(82, 8)), (
    "the lesson's hypergeom and the deck's count of negotiates should give the solution's formula: the deck changed")
assert abs(float(answer_1) - _exact) < 0.001, (   # the exercise's tolerance
    "answer_1 should be the probability that a fresh hand of eight, from the 82 cards, holds no negotiate "
    "(within 0.001): count the hands drawn only from the cards that are not negotiates, out of all hands")
assert abs(float(_exact) - 0.183) < 0.001 and 2900 < _exact / exact_k[0] < 3000, (   # the solution's remarks
    "the solution's remarks (the size of the probability, and how it compares with no encounter card at all) "
    "should still hold")
### END HIDDEN TESTS

# %% [markdown]
# ## 2. Condicionando ao que você viu
#
# Você tem as suas oito cartas. Qual é a chance de **outro jogador** ter pelo menos um dos
# Ataques grandes, digamos um Ataque de 20 ou mais? O deck tem cinco (dois 20, 23, 30, 40).
#
# Antes de olhar a sua mão, as 8 cartas do outro jogador são um conjunto sorteado entre 82,
# então $P(\text{nenhum}) = \binom{77}{8}/\binom{82}{8}$. Depois de olhar, o que você sabe é:
# as suas 8 cartas não estão na mão dele, e todo conjunto de 8 das $U = 74$ cartas **não
# vistas** é igualmente provável (a distribuição não favoreceu nenhum). Se você tem $j$ dos
# cinco Ataques grandes, $5 - j$ não foram vistos, e
#
# $$P(\text{o outro tem pelo menos um} \mid \text{você tem } j) = 1 - \frac{\binom{74 - (5-j)}{8}}{\binom{74}{8}}.$$
#
# Ter Ataques grandes torna menos provável que o outro jogador tenha um; não ter nenhum o
# torna um pouco *mais* provável do que antes de você olhar.

# %%
BIG = 20
big_faces = [f for f in stats.card_distribution() if f.startswith("attack") and int(f.split()[1]) >= BIG]
H = sum(stats.card_distribution()[f] for f in big_faces)
U = N - HAND
assert H == 5 and U == 74
assert {f: stats.card_distribution()[f] for f in big_faces} == {"attack 20": 2, "attack 23": 1, "attack 30": 1, "attack 40": 1}


def p_other_has_big(j):
    """P(another hand holds at least one big attack | my hand holds j of them)."""
    return 1 - Fraction(comb(U - (H - j), HAND), comb(U, HAND))


prior = 1 - Fraction(comb(N - H, HAND), comb(N, HAND))
print(say("big_attacks", h=H, faces=[card_label(f) for f in big_faces]))
print(say("before_looking", p=float(prior)))
for j in range(3):
    print(say("you_hold", j=j, p=float(p_other_has_big(j))))
assert p_other_has_big(0) > prior > p_other_has_big(1) > p_other_has_big(2)

# %% [markdown]
# As mesmas partidas o conferem: "você" é o jogador à esquerda do atacante, "outro jogador" o
# seguinte. Agrupar as partidas por $j$ é condicionar contando: entre as partidas em que a
# sua mão tem $j$ Ataques grandes, com que frequência a outra mão tem um? Vários grupos são
# conferidos de uma vez, então, como na seção 1, os intervalos são simultâneos (Bonferroni).

# %%
def big_in(names):
    return sum(1 for x in names if x in big_faces)


by_j = {}
for g in games:
    j = big_in(g.hand_names(seat_after(g, 1)))
    has = big_in(g.hand_names(seat_after(g, 2))) > 0
    n_j, k_j = by_j.get(j, (0, 0))
    by_j[j] = (n_j + 1, k_j + has)
level_j = 1 - 0.05 / len(by_j)
print(say("groups", n=len(by_j), level=level_j))
for j in sorted(by_j):
    n_j, k_j = by_j[j]
    exact = p_other_has_big(j)
    lo, hi = wilson_interval(k_j, n_j, level_j)
    verdict = say("inside") if lo <= exact <= hi else say("OUTSIDE")
    print(say("group_line", j=j, k=k_j, n=n_j, p=k_j / n_j, lo=lo, hi=hi, exact=float(exact), verdict=verdict))
assert all(inside(p_other_has_big(j), k_j, n_j, level_j) for j, (n_j, k_j) in by_j.items())

# %% [markdown]
# **A resposta da biblioteca: determinizações.** Um bot de busca não pode olhar as cartas
# ocultas. Ele pede ao motor uma *determinização*: um estado completo do jogo que concorda com
# tudo o que um assento viu, com as cartas ocultas distribuídas de novo ao acaso. Sorteadas
# muitas vezes, as determinizações são amostras da distribuição a posteriori do assento sobre
# as cartas ocultas, então a proporção de amostras em que a outra mão tem um Ataque grande
# estima a mesma probabilidade condicional.

# %%
N_SAMPLES = 2000  # determinizations of one position
position = games[0]
assert not position.discard  # no new hand was drawn: 74 cards are unseen
me, other = seat_after(position, 1), seat_after(position, 2)
j = big_in(position.hand_names(me))
rng = random.Random(5)
hits = sum(big_in(position.determinize(me, rng).hand_names(other)) > 0 for _ in range(N_SAMPLES))
print(say("my_hand", hand=[card_label(c) for c in position.hand_names(me)]))
print(say("i_hold", j=j, p=p_other_has_big(j), p_float=float(p_other_has_big(j))))
print(say("determinizations", share=share(hits, N_SAMPLES)))
assert inside(p_other_has_big(j), hits, N_SAMPLES)

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# Há um Ataque 40 no deck cósmico. Você olha as suas oito cartas (das 82 de uma partida com
# Flares): nenhum Ataque 40. Qual é a probabilidade de um determinado outro jogador tê-lo na
# sua mão de oito? Guarde-a em `answer_2`: uma `Fraction`, ou um decimal a menos de 0,001 do
# valor exato. *Dica:* onde o Ataque 40 pode estar, e quantos desses lugares são a mão desse
# jogador?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The attack 40 is one of the 82 - 8 = 74 cards you have not seen, and by symmetry it is
# equally likely to be any of them. The other player's hand is 8 of those 74 places, so
# P = 8/74 = 4/37. (The same as 1 - C(73, 8)/C(74, 8): the chance that the 8 cards avoid it.)
answer_2 = Fraction(8, 74)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
assert abs(float(answer_2) - 4 / 37) < 0.001, (   # the exercise's tolerance
    "answer_2 should be the probability that one given other player's hand of eight holds the attack 40 when it "
    "is not in yours (within 0.001): where can the attack 40 be, and how many of those places are that hand?")
assert stats.card_distribution()["attack 40"] == 1, "the cosmic deck should hold one attack 40, as the exercise says"
assert Fraction(4, 37) == 1 - Fraction(comb(U - 1, HAND), comb(U, HAND)), (
    "the solution's two ways of counting should agree on the lesson's numbers of cards")
### END HIDDEN TESTS

# %% [markdown]
# ## 3. O deck de Destino
#
# No começo de cada encontro o atacante compra uma carta de Destino para saber quem vai
# enfrentar. O deck de Destino tem 3 cartas da cor de cada jogador, 2 selvagens e 3
# especiais (as cores dos jogadores ausentes são retiradas). Com $n$ jogadores ele tem
# $3n + 5$ cartas, então a primeira carta comprada é a **própria** cor do atacante (que pode
# então comprar de novo, ou atacar uma colônia estrangeira no seu próprio sistema) com
# probabilidade
#
# $$P(\text{a própria cor}) = \frac{3}{3n+5}: \quad \frac{3}{14},\ \frac{3}{17},\ \frac{3}{20} \text{ para } n = 3, 4, 5.$$
#
# (O primeiro jogador também é escolhido com o deck de Destino, mas essa carta volta ao
# deck, então não diz nada sobre a seguinte.) Nas partidas do motor, uma cor própria
# comprada logo no começo deixa só uma opção (ninguém tem colônia no sistema do atacante
# ainda, então: comprar de novo), que o motor toma na hora; a primeira carta comprada é a
# primeira carta da pilha de descarte do Destino.

# %%
per, wild, special = COSMIC.destiny_per_colour, COSMIC.destiny_wild, len(COSMIC.specials)
assert (per, wild, special) == (3, 2, 3)
own = {}
for n in (3, 4, 5):
    size = per * n + wild + special
    fresh = cosmic.new_game(n, seed=0, rules=NO_POWERS)
    assert len(fresh.ddeck) + len(fresh.ddiscard) == size  # the engine's destiny deck
    own[n] = Fraction(per, size)
    print(say("destiny_size", n=n, size=size, p=own[n], p_float=float(own[n])))
assert own == {3: Fraction(3, 14), 4: Fraction(3, 17), 5: Fraction(3, 20)}

first_card = [g.ddiscard[0] for g in games]  # drawn cards go to the destiny discard pile
drew_own = sum(c == g.offense for c, g in zip(first_card, games))
assert all(g.destiny != g.offense for g in games)  # an own colour was followed by another draw
print(say("first_destiny", share=share(drew_own, N_GAMES)))
assert inside(own[4], drew_own, N_GAMES)

# %% [markdown]
# ### Exercício 3 (lápis e papel)
#
# Numa partida de **5 jogadores**, qual é a probabilidade de a primeira carta de Destino
# nomear outro jogador diretamente pela cor (uma carta de cor que não é a do atacante)?
# Guarde-a em `answer_3`: uma `Fraction`, ou um decimal a menos de 0,001 do valor exato.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# 5 players: 3 x 5 colour cards + 2 wild + 3 special = 20 cards. The other four players
# have 3 cards each: 12 of the 20. P = 12/20 = 3/5.
answer_3 = Fraction(12, 20)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
assert abs(float(answer_3) - 3 / 5) < 0.001, (   # the exercise's tolerance
    "answer_3 should be the probability that a 5-player game's first destiny card is the colour of a player other "
    "than the offense (within 0.001): count the destiny deck's cards for five players, and those among them")
five = cosmic.new_game(5, seed=0, rules=NO_POWERS)
deck5 = five.ddeck + five.ddiscard
assert Fraction(3, 5) == Fraction(sum(1 for c in deck5 if c < 5 and c != five.offense), len(deck5)), (
    "the engine's 5-player destiny deck should be made of the cards the solution counts")
### END HIDDEN TESTS

# %% [markdown]
# ## 4. O que há atrás desta carta? A regra de Bayes no jogo das vacas
#
# No jogo da abdução de vacas, toda carta tem dois lados impressos, e ninguém pode olhar o
# lado oculto. O conjunto de cartas é feito de modo que ver um lado não revela a carta: cada
# uma das 18 faces está impressa em **duas** cartas, com versos diferentes. As cartas formam
# um anel, Mimosa/Bezerrinho, Bezerrinho/Lua Cheia, ..., Estrela/Mimosa, então uma face
# aparece uma vez como lado A e uma vez como lado B da nossa lista de cartas. Na preparação,
# o baralho é dividido ao meio, uma metade é virada e o baralho é embaralhado.
#
# **Com que lado para cima fica uma carta?** "Lado A" e "lado B" são rótulos da nossa lista
# de cartas; as cartas impressas não têm essa marca, e saem da caixa de qualquer jeito.
# Virar metade do baralho não muda isso: para um jogador, cada carta fica de um lado ou de
# outro com probabilidade 1/2, independentemente das outras. Isso é um *modelo* da
# preparação da regra (dividir e virar), e o motor do jogo distribui exatamente assim por
# padrão; a contagem literal, um baralho todo com o mesmo lado para cima antes da divisão, é
# a opção de regra `cows.Rules(exact_half_turned=True)` (exatamente 9 das 18 cartas
# viradas). Um modelo que contasse "exatamente 9 cartas viradas para o lado B" usaria um fato
# que nenhum jogador à mesa pode saber, e dá uma resposta diferente (abaixo).

# %%
face_name = [f.name for f in COW_CARDS.faces]
printed = [(face_name[a], face_name[b]) for a, b in COW_CARDS.cards]  # (side A, side B)
n_cards = COW_CARDS.num_cards
assert n_cards == 18 and len(face_name) == 18
assert sorted(a for a, _ in printed) == sorted(face_name) == sorted(b for _, b in printed)
# one ring: card i's side B is card i+1's side A
assert all(printed[i][1] == printed[(i + 1) % n_cards][0] for i in range(n_cards))
# the engine's deals: the number of cards lying side B up varies (no side is marked)
b_up = Counter(sum(cows.new_game(seed=seed).up) for seed in range(400))
print(say("b_up", counts=dict(sorted(b_up.items()))))
assert len(b_up) > 5
for face in ("Mimosa", "Estrela"):
    print(say("printed_on", face=face, cards=[f"{a} / {b}" for a, b in printed if face in (a, b)]))

# %% [markdown]
# **Uma carta visível.** Distribua uma partida nova e olhe a carta do topo do baralho:
# Mimosa. Que carta é? Só duas cartas imprimem uma Mimosa: $M_1$ = Mimosa/Bezerrinho (com a
# Mimosa para cima) ou $M_2$ = Estrela/Mimosa (Mimosa para cima). A regra de Bayes:
#
# $$P(M_1 \mid \text{Mimosa}) = \frac{P(\text{Mimosa} \mid M_1)\,P(M_1)}{P(\text{Mimosa} \mid M_1)\,P(M_1) + P(\text{Mimosa} \mid M_2)\,P(M_2)}
# = \frac{\frac12\cdot\frac1{18}}{\frac12\cdot\frac1{18}+\frac12\cdot\frac1{18}} = \frac12.$$
#
# A **probabilidade a priori** $P(M_1) = 1/18$: qualquer carta pode estar no topo. A
# **verossimilhança** $P(\text{Mimosa}\mid M_1) = 1/2$: uma carta fica de um lado ou de outro.
# A **probabilidade a posteriori**: o verso é Bezerrinho ou Estrela, meio a meio.
#
# **Duas cartas visíveis.** Agora uma segunda carta também está visível (a primeira carta
# que um jogador compra): uma **Estrela**. Ela pode ser a própria $M_2$ (Estrela para cima)
# ou $S$ = Vaca Lunar/Estrela (Estrela para cima). Isso muda o que pensamos da Mimosa? Três
# arranjos combinam com o que vemos:
#
# | a Mimosa é | a Estrela é | probabilidade de ver as duas faces |
# |---|---|---|
# | $M_1$ | $S$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
# | $M_1$ | $M_2$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
# | $M_2$ | $S$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
#
# A Mimosa não pode ser $M_2$ enquanto a Estrela também é $M_2$: uma carta está num só
# lugar. As três linhas são igualmente prováveis, e a Mimosa é $M_1$ em duas delas:
#
# $$P(M_1 \mid \text{as duas vistas}) = \frac{2}{3},$$
#
# então o verso da Mimosa é Bezerrinho com probabilidade $2/3$, Estrela com $1/3$. Ver uma
# Estrela é evidência: ela pode estar "gastando" a carta $M_2$.
#
# **O modelo errado.** Suponha que um jogador acreditasse que os rótulos da lista estão nas
# cartas e contasse "exatamente 9 das 18 cartas ficam com o lado B para cima". Então as
# orientações ficam amarradas: $M_1$ mostrando Mimosa e $M_2$ mostrando Estrela estão com o
# lado A para cima (não viradas), $M_2$ mostrando Mimosa e $S$ mostrando Estrela estão
# viradas, e um arranjo com $x$ das duas cartas visíveis viradas deixa $\binom{16}{9-x}$
# maneiras para as outras dezesseis. As linhas pesam $\binom{16}{8}$, $\binom{16}{9}$ e
# $\binom{16}{7}$, e a resposta vira $17/25 = 0.68$ em vez de $2/3$: perto, mas construída
# sobre um fato que ninguém à mesa tem.
#
# Um programa curto faz a mesma contagem para qualquer conjunto de faces visíveis: ele lista
# todas as maneiras de atribuir cartas distintas, cada uma de um lado ou de outro, às
# posições visíveis; todas são igualmente prováveis.

# %%
def back_posterior(visible, cards=COW_CARDS):
    """Exact distribution of the hidden side of visible[0].

    visible: list of (face showing, hidden side if known else None), one per visible
    card. Every deal is equally likely and every card lies either way up.
    """
    names = [f.name for f in cards.faces]
    m = len(visible)
    options = []
    for face, back in visible:
        opts = []
        for c, (a, b) in enumerate(cards.cards):
            for shown, hidden in ((a, b), (b, a)):
                if names[shown] == face and (back is None or names[hidden] == back):
                    opts.append((c, names[hidden]))
        options.append(opts)
    weight = Counter()
    for combo in itertools.product(*options):
        if len({c for c, _ in combo}) < m:
            continue  # one card cannot be in two places
        weight[combo[0][1]] += 1
    total = sum(weight.values())
    return {back: Fraction(w, total) for back, w in sorted(weight.items())}


one = back_posterior([("Mimosa", None)])
two = back_posterior([("Mimosa", None), ("Estrela", None)])
print(say("mimosa_alone", posterior={k: str(v) for k, v in one.items()}))
print(say("mimosa_estrela", posterior={k: str(v) for k, v in two.items()}))
assert one == {"Bezerrinho": Fraction(1, 2), "Estrela": Fraction(1, 2)}
assert two == {"Bezerrinho": Fraction(2, 3), "Estrela": Fraction(1, 3)}
wrong = [comb(16, 8), comb(16, 9), comb(16, 7)]  # the "exactly 9 turned" weights of the rows
assert Fraction(wrong[0] + wrong[1], sum(wrong)) == Fraction(17, 25)

# %% [markdown]
# **A biblioteca calcula a mesma distribuição a posteriori.** Uma partida de verdade
# (semente 174): o primeiro jogador compra duas cartas. Agora três faces estão visíveis para
# os dois jogadores: a carta do topo do baralho (as cartas são compradas de baixo, então a de
# cima continua à vista) e as duas cartas compradas. `ovnilab.cows.determinize.belief(state,
# seat)` é a distribuição a posteriori exata do assento sobre cada lado oculto. A terceira
# carta não divide nenhuma carta possível com as outras duas, então não muda a distribuição
# delas; o programa acima concorda com a biblioteca nas três cartas:

# %%
game = cows.new_game(seed=174)
game.apply(game.parse_action("draw 2"))
seat = game.current_player
seen = {("deck", 0): game.face(game.deck[0]).name}
seen.update({("drawn", i): game.face(c).name for i, c in enumerate(game.drawn)})
print(say("visible", faces=list(seen.values())))
assert list(seen.values()) == ["Mimosa", "Estrela", "Gêmeos"]
candidates = {f: {i for i, p in enumerate(printed) if f in p} for f in seen.values()}
assert not candidates["Gêmeos"] & (candidates["Mimosa"] | candidates["Estrela"])  # shares no card
assert back_posterior([("Mimosa", None), ("Estrela", None), ("Gêmeos", None)]) == two  # unchanged by it
belief = determinize.belief(game, seat)
for i, (where, face) in enumerate(seen.items()):
    others = [f for w, f in seen.items() if w != where]
    mine = back_posterior([(face, None)] + [(f, None) for f in others])
    library = belief.back_distribution(where)
    print(say("back_library", face=face, posterior={k: round(v, 4) for k, v in library.items()}))
    assert library.keys() == mine.keys() and all(abs(library[k] - float(mine[k])) < 1e-12 for k in mine)

# %% [markdown]
# **As determinizações amostram essa distribuição.** Um bot que não pode ver os versos joga
# sobre estados completos sorteados. Em muitas amostras, a proporção em que o verso da Mimosa
# é Bezerrinho deve bater com 2/3 (na saída, True quer dizer que sim):

# %%
N_DET = 4000  # determinizations of the position
rng = random.Random(7)
bez = 0
for _ in range(N_DET):
    d = game.determinize(seat, rng)
    assert d.face(d.deck[0]).name == "Mimosa"  # what the seat sees is kept
    bez += d.back(d.deck[0]).name == "Bezerrinho"
print(say("bezerrinho", share=share(bez, N_DET)))
print(say("contains_23", right=inside(Fraction(2, 3), bez, N_DET), wrong=inside(Fraction(17, 25), bez, N_DET)))
assert inside(Fraction(2, 3), bez, N_DET)

# %% [markdown]
# **E as próprias distribuições do motor.** A última conferência não usa a distribuição a
# posteriori: distribua muitas partidas novas e olhe, como faria um juiz, a carta do topo do
# baralho e a carta do fundo (a primeira a ser comprada). Guarde as partidas em que as duas
# mostram as duas faces de uma mesma carta impressa (como Mimosa e Estrela, as faces de
# Estrela/Mimosa). Então a carta do topo é *essa* carta com probabilidade $1/3$, pela conta
# acima. O anel parece o mesmo visto de qualquer carta (gire-o de uma carta, ou leia-o de
# trás para a frente), então a resposta é a mesma para todo par impresso, e juntamos todos.

# %%
N_DEALS = 20000  # fresh deals; raise for a tighter interval
pairs = {frozenset(p) for p in printed}
kept = same_card = 0
for seed in range(N_DEALS):
    s = cows.new_game(seed=seed)
    top, bottom = s.deck[0], s.deck[-1]
    if frozenset((s.face(top).name, s.face(bottom).name)) in pairs:
        kept += 1
        same_card += s.back(top).name == s.face(bottom).name
print(say("kept_deals", kept=kept, n=N_DEALS))
print(say("same_card", share=share(same_card, kept)))
print(say("contains_13", right=inside(Fraction(1, 3), same_card, kept), wrong=inside(Fraction(8, 25), same_card, kept)))
assert two["Estrela"] == Fraction(1, 3)
gap = Fraction(1, 3) - Fraction(8, 25)
assert gap == Fraction(1, 75)
# samples for a 95% interval of half-width gap / 2 around 1/3 (normal approximation)
needed = 1.96**2 * float(Fraction(1, 3) * Fraction(2, 3)) / float(gap / 2) ** 2
print(say("gap", gap=gap, needed=round(needed, -3)))
assert inside(Fraction(1, 3), same_card, kept)

# %% [markdown]
# O valor exato está dentro do intervalo. Quando o valor do modelo errado também está, a
# simulação sozinha não consegue distinguir as duas respostas: uma diferença de $1/75$ precisa
# de cerca do número de partidas guardadas impresso acima para aparecer. A conta exata decide;
# a simulação confere que o modelo (toda distribuição igualmente provável, toda carta de um
# lado ou de outro) é o do motor.
#
# ### Exercício 4 (lápis e papel)
#
# De volta à semente 174. Suponha que o jogador fique com a Estrela, e mais tarde uma Sonda o
# deixe olhar o lado oculto das cartas da sua mão: o verso da Estrela é **Vaca Lunar**. A
# Mimosa ainda está no topo do baralho, e nenhuma outra carta visível divide uma carta
# possível com estas duas. Agora, qual é a probabilidade de o verso da Mimosa ser Bezerrinho?
# Guarde-a em `answer_4`: uma `Fraction`, ou um decimal a menos de 0,001 do valor exato. Ela
# é maior ou menor do que antes da Sonda, e por quê?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_4 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The Estrela is S = Vaca Lunar/Estrela. Of the three arrangements of the section, two are
# left: (M1, S) and (M2, S), equally likely. P(M1) = 1/2.
# It is lower than 2/3: learning that the Estrela is S removes the arrangement "the
# Estrela is M2", which could only go with the Mimosa being M1.
answer_4 = Fraction(1, 2)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
assert abs(float(answer_4) - 1 / 2) < 0.001, (   # the exercise's tolerance
    "answer_4 should be the probability that the Mimosa's back is Bezerrinho once the Estrela's back is known to be "
    "Vaca Lunar (within 0.001): which of the section's arrangements does the Sonda leave, each equally likely?")
assert Fraction(1, 2) == back_posterior([("Mimosa", None), ("Estrela", "Vaca Lunar")])["Bezerrinho"], (
    "the lesson's back_posterior should agree with the solution once the Estrela's back is known")
### END HIDDEN TESTS

# %%
# the base values of the faces (used by exercise 5)
value = {f.name: f.value for f in COW_CARDS.faces}
print({face: value[face] for face in ("Estrela", "Vaca Lunar", "Mimosa")})

# %% [markdown]
# ### Exercício 5 (lápis e papel)
#
# Uma crença serve para decidir. De volta à semente 174 (desta vez sem Sonda), o jogador fica
# com a Estrela e descarta os Gêmeos no Celeiro, o que deixa as mesmas faces à vista. Virar a
# Estrela na mão custa a ação principal de um turno e mostra o seu outro lado: Vaca Lunar ou
# Mimosa. Os seus valores de base estão impressos logo acima. Qual é o **valor de base
# esperado** do lado que uma virada mostraria? Guarde-o em `answer_5`: uma `Fraction`, ou um
# decimal a menos de 0,001 do valor exato.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex5-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_5 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The Estrela's back, from the section above: Vaca Lunar with probability 2/3 (the card is
# S = Vaca Lunar/Estrela), Mimosa with 1/3 (it is Estrela/Mimosa).
answer_5 = Fraction(2, 3) * value["Vaca Lunar"] + Fraction(1, 3) * value["Mimosa"]
# against the Estrela's own value: on base value alone the flip gains the difference in
# expectation (the effects of the faces, and the turn it costs, are part of the decision)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex5-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_5 is not None, say("store_answer", k=5)
### BEGIN HIDDEN TESTS
backs = back_posterior([("Estrela", None), ("Mimosa", None), ("Gêmeos", None)])
_exact = sum(p * value[face] for face, p in backs.items())
assert abs(float(answer_5) - _exact) < 0.001, (   # the exercise's tolerance
    "answer_5 should be the expected base value of the side a flip of the Estrela would show (within 0.001): "
    "each possible back's base value times its probability from the section above, summed")
kept = game.clone()
kept.apply(kept.parse_action("keep Estrela (drawn 1), discard Gêmeos (drawn 2) to Celeiro 1"))
library = determinize.belief(kept, seat).back_distribution(("hand", seat, 0))
assert abs(sum(p * value[face] for face, p in library.items()) - _exact) < 1e-9, (
    "the library's belief should give the Estrela's back the same expected base value as the lesson's back_posterior")
### END HIDDEN TESTS

# %% [markdown]
# ## O que guardar
#
# - Mãos distribuídas de um baralho são contadas com coeficientes binomiais; a fórmula
#   hipergeométrica dá probabilidades exatas, mesmo para eventos raros demais para simular.
# - O que você viu é evidência: a mão oculta de outro jogador é um conjunto sorteado
#   uniformemente entre as cartas que você não viu, e isso é tudo de que o condicionamento
#   precisa aqui.
# - Regra de Bayes = a priori x verossimilhança, normalizado. A verossimilhança deve usar só
#   o que o jogador pode saber: as cartas das vacas não têm lado marcado, então cada uma fica
#   de um lado ou de outro; um modelo que contasse "exatamente metade virada" mudaria a
#   resposta de 2/3 para 17/25 com base num fato que ninguém à mesa tem.
# - Uma distribuição a posteriori serve para decidir: o valor esperado de uma aposta (virar
#   uma carta) é a média do que ela pode mostrar, ponderada pela distribuição a posteriori.
# - Uma simulação confere um modelo ($n$, um intervalo, o valor exato está dentro?); sozinha,
#   ela não consegue separar duas respostas mais próximas do que a largura do seu intervalo.
#
# A seguir: a [Lição 6: estimando taxas de vitória](06_estimando_taxas_de_vitoria.ipynb)
# usa os mesmos intervalos para comparar bots e regras.

