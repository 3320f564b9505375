# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 2: Dominância, eliminação iterada e o dilema do prisioneiro
#
# Algumas estratégias nunca valem a pena, façam os outros o que fizerem. Jogá-las fora e
# depois olhar de novo muitas vezes resolve um jogo sem calcular equilíbrio nenhum. Esta
# lição torna essa ideia precisa, mostra onde ela é segura e onde a *ordem* das remoções muda
# a resposta, e então encontra o jogo mais famoso resolvido assim, o dilema do prisioneiro,
# duas vezes: no livro-texto e na fase de recrutamento do jogo de tabuleiro **Ovni**, em que
# os jogadores disputam cartas de aliens com fichas de comando numeradas.
#
# **Público:** alunos de um primeiro curso de teoria dos jogos; professores que preparam um
# curso assim.
#
# **Pré-requisitos:** [Lição 1](01_equilibrio_de_nash.ipynb) (tabelas de ganhos, melhores
# respostas, equilíbrio de Nash). Não é preciso conhecer Ovni: a única regra usada aqui é
# explicada onde é usada ([todas as regras de Ovni](../../rules/ovni.ipynb), em inglês).
#
# **Objetivos:** ao fim desta lição você sabe
# - distinguir dominância estrita de dominância fraca e verificar qualquer uma numa tabela de ganhos;
# - resolver um jogo por eliminação iterada de estratégias estritamente dominadas, à mão e com `ovnilab.theory`;
# - mostrar num exemplo por que a ordem de remoção não importa para a dominância estrita mas pode mudar o resultado para a dominância fraca;
# - reconhecer um dilema do prisioneiro pelas desigualdades $T > R > P > S$, e encontrar um num jogo de verdade.
#
# **Tempo:** uma aula de 50 minutos para o núcleo; as partes opcionais ocupam uma segunda
# aula (ou são lidas em casa).
# - *Núcleo:* seção 1, dominância e eliminação iterada (cerca de 12 minutos); seção 4, o
#   dilema do prisioneiro (cerca de 8); seção 5 até "O dilema depende das duas escolhas", o
#   dilema em Ovni (cerca de 10); exercícios 1, 3 e 4 (cerca de 20).
# - *Opcional:* seção 2, dominância fraca e a ordem de remoção (cerca de 10 minutos); seção
#   3, uma área de Ovni e o exercício 2 (cerca de 20); o fim da seção 5, três versões do
#   modelo (cerca de 10); o experimento com a turma da seção 6 (cerca de 15, jogado no começo
#   de uma aula). Cada uma vem marcada como *opcional* onde começa, e o núcleo não depende
#   dela.
#
# **Glossário** (as palavras de Ovni como a sua regra as escreve; nas tabelas e no código,
# as estratégias têm rótulos curtos em inglês, que são os nomes que o código e as respostas
# usam):
# *ficha de comando*: numerada 2, 3, 4, 5 ou 6, uma de cada por jogador;
# *área de recrutamento*: uma carta de aliens a ganhar em cada uma (A, B, C, D);
# *Recrutamento*: a primeira fase de cada rodada;
# *quem abriu* (`opener`) / *quem seguiu* (`follower`): o jogador que pôs a primeira ficha numa área / o que pôs a seguinte;
# rótulos das tabelas: *Up*, *Top* = em cima; *Middle* = no meio; *Down*, *Bottom* = embaixo; *Left* = esquerda;
# *Centre* = centro; *Right* = direita; *cooperate* = cooperar; *defect* = trair.

# %%
from fractions import Fraction

import nashpy
import numpy as np

from ovnilab import ovni, theory
from ovnilab.texts.lesson02 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

# %% [markdown]
# ## 1. Dominância
#
# Escreva $u_i(s_i, s_{-i})$ para o ganho do jogador $i$ quando ele joga $s_i$ e o outro
# jogador joga $s_{-i}$. Uma estratégia $s_i$ é **estritamente dominada** por outra estratégia
# $s_i'$ quando
#
# $$u_i(s_i', s_{-i}) > u_i(s_i, s_{-i}) \quad \text{para todo } s_{-i},$$
#
# e **fracamente dominada** quando
#
# $$u_i(s_i', s_{-i}) \ge u_i(s_i, s_{-i}) \text{ para todo } s_{-i}, \quad\text{com } > \text{ para pelo menos um } s_{-i}.$$
#
# Uma estratégia estritamente dominada nunca é uma melhor resposta, então um jogador racional
# nunca a joga e ela nunca aparece num equilíbrio de Nash. Se o outro jogador sabe disso,
# pode riscar a estratégia da tabela e olhar de novo: na tabela menor, algumas das *suas
# próprias* estratégias podem agora ser dominadas. Isso é a **eliminação iterada de
# estratégias estritamente dominadas**.
#
# **Resolvido à mão.** Cada célula traz (ganho do jogador das linhas, ganho do jogador das
# colunas):
#
# | | Left | Centre | Right |
# |---|---|---|---|
# | **Up** | 3, 2 | 1, 4 | 0, 0 |
# | **Middle** | 5, 6 | 2, 1 | 3, 4 |
# | **Down** | 6, 4 | 5, 2 | 0, 2 |
#
# 1. Jogador das linhas: Up rende $(3, 1, 0)$ contra (Left, Centre, Right), Middle rende
#    $(5, 2, 3)$. Como $5 > 3$, $2 > 1$, $3 > 0$, **Up é estritamente dominada por Middle**.
#    Jogador das colunas: Right rende $(0, 4, 2)$ contra (Up, Middle, Down), Left rende
#    $(2, 6, 4)$: **Right é estritamente dominada por Left**. (Centre ainda não é dominada:
#    contra Up ela rende 4, mais do que os 2 de Left ou os 0 de Right.)
# 2. Sobram Middle e Down contra Left e Centre. Middle rende $(5, 2)$, Down rende $(6, 5)$:
#    **Middle é dominada por Down**. Centre agora rende $(1, 2)$ contra (Middle, Down) e Left
#    rende $(6, 4)$: **Centre é dominada por Left**.
# 3. Sobra uma célula: **(Down, Left)**, com ganhos $(6, 4)$.
#
# O `iterated_elimination` da biblioteca remove todas as estratégias dominadas do jogador das
# linhas, depois todas as do jogador das colunas, e repete até nada mudar. A sua ordem não é
# a nossa (depois que Up sai, Centre e Right são ambas dominadas por Left, e ela as remove
# juntas), mas termina na mesma célula.

# %%
hand = theory.NormalFormGame(
    [[3, 1, 0], [5, 2, 3], [6, 5, 0]],   # row player's payoffs
    [[2, 4, 0], [6, 1, 4], [4, 2, 2]],   # column player's payoffs
    ("Up", "Middle", "Down"), ("Left", "Centre", "Right"), say("worked_example"))
print(hand)
elimination = theory.iterated_elimination(hand)   # strict=True is the default
print(elimination.describe())
assert elimination.game.row_labels == ("Down",) and elimination.game.col_labels == ("Left",)
(eq,) = theory.equilibria(hand)   # the game has exactly one equilibrium...
assert eq.support("row") == ["Down"] and eq.support("col") == ["Left"]   # ...the survivor
print(say("only_equilibrium", equilibrium=eq))

# %% [markdown]
# A biblioteca concorda com a conta à mão (as linhas `assert` verificam isso), e a
# sobrevivente é o único equilíbrio de Nash do jogo. Não é por acaso: remover uma estratégia
# estritamente dominada nunca remove um equilíbrio, então sempre que a eliminação estrita
# deixa uma só célula, essa célula é o equilíbrio único.
#
# ### A ordem importa?
#
# À mão removemos Up e Right "juntas". Um aluno poderia remover Right primeiro, ou remover
# Up, depois Centre, depois Right... O teorema para a dominância estrita é que **toda ordem
# termina na mesma tabela**. A célula abaixo tenta cada ordem de remover uma estratégia
# dominada de cada vez e reúne as tabelas em que cada ordem para (a função só lê ganhos; ela
# usa `theory.dominated_strategies`, que verifica a dominância por estratégias puras).

# %%
def elimination_results(game, strict=True):
    """{(rows left, columns left): number of orders that end there}, over every order of
    removing one dominated strategy at a time (strict or weak dominance)."""
    paths = {}

    def orders_from(rows, cols):
        if (rows, cols) in paths:
            return paths[(rows, cols)]
        sub = game.restrict(rows=list(rows), cols=list(cols))
        dominated_rows = theory.dominated_strategies(sub, "row", strict)
        dominated_cols = theory.dominated_strategies(sub, "col", strict)
        if not dominated_rows and not dominated_cols:
            ends = {(sub.row_labels, sub.col_labels): 1}
        else:
            ends = {}
            branches = [(tuple(r for k, r in enumerate(rows) if k != i), cols) for i in dominated_rows]
            branches += [(rows, tuple(c for k, c in enumerate(cols) if k != j)) for j in dominated_cols]
            for branch in branches:
                for end, n in orders_from(*branch).items():
                    ends[end] = ends.get(end, 0) + n
        paths[(rows, cols)] = ends
        return ends

    ends = orders_from(tuple(range(game.shape[0])), tuple(range(game.shape[1])))
    return dict(sorted(ends.items()))


strict_ends = elimination_results(hand, strict=True)
for (rows, cols), n in strict_ends.items():
    print(say("orders_end" if n > 1 else "order_ends", n=n, rows=list(rows), columns=list(cols)))
assert list(strict_ends) == [(("Down",), ("Left",))]

# %% [markdown]
# ## 2. Dominância fraca: a ordem pode mudar a resposta
#
# *Opcional (veja Tempo): cerca de 10 minutos.*
#
# A dominância fraca é tentadora (por que jogar uma estratégia que nunca é melhor e às vezes
# é pior?), mas a eliminação iterada *fraca* tem dois defeitos: pode remover equilíbrios de
# Nash, e **o seu resultado pode depender da ordem das remoções**. Um exemplo pequeno:
#
# | | Left | Right |
# |---|---|---|
# | **Top** | 2, 3 | 0, 0 |
# | **Middle** | 2, 3 | 4, 3 |
# | **Bottom** | 0, 0 | 4, 3 |
#
# Middle rende $(2, 4)$, Top $(2, 0)$, Bottom $(0, 4)$: Middle domina fracamente tanto Top
# quanto Bottom (igual numa coluna, melhor na outra), e nada é estritamente dominado. Três
# maneiras honestas de seguir:
#
# * **(a) remover Top primeiro.** Contra (Middle, Bottom), Left rende ao jogador das colunas
#   $(3, 0)$ e Right rende $(3, 3)$: Right domina fracamente Left. Remova Left: Middle e
#   Bottom rendem ambas 4. Fim: linha em {Middle, Bottom}, a coluna joga Right, ganhos
#   $(4, 3)$.
# * **(b) remover Bottom primeiro.** Agora Left rende $(3, 3)$ contra (Top, Middle) e Right
#   rende $(0, 3)$: Left domina fracamente Right. Fim: linha em {Top, Middle}, a coluna joga
#   Left, ganhos $(2, 3)$.
# * **(c) remover Top e Bottom juntas** (o que `iterated_elimination` faz: todas as
#   estratégias dominadas de um jogador de uma vez). Contra Middle, Left e Right rendem ambas
#   3: nada mais a remover. Fim: Middle contra {Left, Right}; o jogador das linhas obtém 2 ou 4.
#
# O ganho do jogador das linhas é 4, 2 ou indefinido, dependendo só da contabilidade.

# %%
weak = theory.NormalFormGame(
    [[2, 0], [2, 4], [0, 4]],
    [[3, 0], [3, 3], [0, 3]],
    ("Top", "Middle", "Bottom"), ("Left", "Right"), say("weak_dominance"))
print(weak)
print(say("strictly_dominated", rows=theory.dominated_strategies(weak, "row"), columns=theory.dominated_strategies(weak, "col")))
print(theory.iterated_elimination(weak, strict=False).describe())
weak_ends = elimination_results(weak, strict=False)
for (rows, cols), n in weak_ends.items():
    print(say("orders_end" if n > 1 else "order_ends", n=n, rows=list(rows), columns=list(cols)))
assert set(weak_ends) == {
    (("Middle", "Bottom"), ("Right",)),   # (a)
    (("Top", "Middle"), ("Left",)),       # (b)
    (("Middle",), ("Left", "Right")),     # (c)
}
assert theory.iterated_elimination(weak, strict=False).game.row_labels == ("Middle",)
assert not theory.dominated_strategies(weak, "row") and not theory.dominated_strategies(weak, "col")

pure_equilibria = [(r, c) for i, r in enumerate(weak.row_labels) for j, c in enumerate(weak.col_labels)
                   if theory.is_equilibrium(weak, np.eye(3)[i], np.eye(2)[j])]
print(say("pure_equilibria", cells=pure_equilibria))
assert pure_equilibria == [("Top", "Left"), ("Middle", "Left"), ("Middle", "Right"), ("Bottom", "Right")]
for rows, cols in weak_ends:   # each end keeps two of the four
    assert len([(r, c) for r, c in pure_equilibria if r in rows and c in cols]) == 2
    end = weak.restrict(rows=[weak.index("row", r) for r in rows], cols=[weak.index("col", c) for c in cols])
    for e in theory.equilibria(end):   # an equilibrium of the reduced table is one of the full game
        x = [e.row[rows.index(r)] if r in rows else 0 for r in weak.row_labels]
        y = [e.col[cols.index(c)] if c in cols else 0 for c in weak.col_labels]
        assert theory.is_equilibrium(weak, x, y)

# %% [markdown]
# Os três resultados à mão são exatamente os três lugares onde as ordens podem parar (os
# asserts verificam isso). O jogo completo tem quatro equilíbrios puros; cada ordem guarda
# dois deles e perde os outros dois. O que *é* garantido: um equilíbrio da tabela reduzida
# continua sendo um equilíbrio do jogo completo.
#
# **Resumo.**
#
# | | dominância estrita | dominância fraca |
# |---|---|---|
# | remove um equilíbrio de Nash? | nunca | talvez |
# | o resultado depende da ordem? | não | talvez |
# | uma única célula sobrevivente é... | o equilíbrio único | um equilíbrio (talvez não o único) |
#
# ## 3. Em Ovni: uma área, uma ficha cada
#
# *Opcional (veja Tempo): cerca de 20 minutos com o exercício 2. O exercício 1, depois da
# última célula desta seção, pertence ao núcleo: ele pratica a seção 1.*
#
# Na fase de recrutamento de Ovni, cada jogador tem cinco fichas de comando, numeradas de 2 a
# 6, e as coloca em áreas para ganhar a carta de aliens mostrada ali. A regra resolve uma
# área assim: **comandos iguais se anulam** (todas as fichas de um valor que aparece mais de
# uma vez saem), depois **a maior soma vence**, e somas iguais ficam com o jogador que
# **abriu** a área (pôs a sua primeira ficha). `ovni.resolve_area` é a função do motor para
# essa regra (ela responde com o vencedor, `opener` ou `follower`, ou `None` se ninguém
# vence).
#
# Tome uma área e uma ficha cada. A ficha de quem abriu fica virada para baixo, então quem
# segue escolhe sem vê-la: um jogo simultâneo. Ganhar a carta rende 1, qualquer outra coisa
# rende 0. `theory.bidding_game` monta a tabela chamando a regra do motor em cada célula (as
# linhas são as fichas de quem abriu, as colunas as de quem seguiu).

# %%
print(say("resolve", five=ovni.resolve_area([("opener", 5), ("follower", 5)]),
          six=say.word(ovni.resolve_area([("opener", 6), ("follower", 5)]))))
one = theory.bidding_game(tokens_each=1)
print(one)
for who in ("row", "col"):
    assert theory.dominated_strategies(one, who, strict=False) == {0: 1, 1: 2, 2: 3, 3: 4}   # each by the next
    assert theory.dominated_strategies(one, who, strict=True) == {}                        # none strictly

# %% [markdown]
# **À mão.** Para quem abriu, 6 contra 5: os dois vencem contra o 2, o 3 e o 4 de quem
# seguiu; contra o 5 de quem seguiu, o 6 vence (1) e o 5 se anula (0); contra o 6, o 6 se
# anula e o 5 perde (0 os dois). Então o 6 domina fracamente o 5, e do mesmo modo cada ficha
# domina fracamente a de baixo. Nenhuma ficha é *estritamente* dominada, porque contra o 6 do
# outro jogador toda ficha rende 0. O mesmo vale para quem seguiu. Eliminação fraca, então:
# mas em que ordem?
#
# * **Jogador das linhas primeiro** (a ordem da biblioteca): o 2, o 3, o 4 e o 5 de quem
#   abriu saem. Contra um 6 sozinho toda ficha de quem seguiu rende 0, então nada mais é
#   dominado: **6 contra qualquer coisa**.
# * **Os dois jogadores de uma vez**, rodada após rodada: os dois perdem 2-5 na primeira
#   rodada: **6 contra 6**, e os dois 6 se anulam.
# * **Uma estratégia de cada vez**, em alguma ordem: para remover o 5 de quem abriu é preciso
#   que o 5 de quem seguiu ainda esteja lá (é a única ficha de quem seguiu contra a qual o 6
#   se sai melhor do que o 5), e vice-versa, então nenhuma ordem assim remove os dois 5:
#   ela nunca chega a 6 contra 6.

# %%
def weak_elimination_both_at_once(game):
    """Remove the weakly dominated strategies of both players together, until none is left."""
    rows, cols = list(range(game.shape[0])), list(range(game.shape[1]))
    while True:
        sub = game.restrict(rows=rows, cols=cols)
        dr = theory.dominated_strategies(sub, "row", strict=False)
        dc = theory.dominated_strategies(sub, "col", strict=False)
        if not dr and not dc:
            return sub.row_labels, sub.col_labels
        rows = [r for k, r in enumerate(rows) if k not in dr]
        cols = [c for k, c in enumerate(cols) if k not in dc]


row_first = theory.iterated_elimination(one, strict=False).game
print(say("row_first", rows=row_first.row_labels, columns=row_first.col_labels))
both = weak_elimination_both_at_once(one)
print(say("both_at_once", rows=both[0], columns=both[1]))
one_at_a_time = elimination_results(one, strict=False)
print(say("one_at_a_time", n=len(one_at_a_time), six_six=(("6",), ("6",)) in one_at_a_time))
assert row_first.row_labels == ("6",) and row_first.col_labels == ("2", "3", "4", "5", "6")
assert both == (("6",), ("6",))
assert (("6",), ("6",)) not in one_at_a_time and len(one_at_a_time) > 2
assert all("5" in rows or "5" in cols for rows, cols in one_at_a_time)   # a 5 always survives

# %% [markdown]
# Três procedimentos, três respostas. Quando alguém disser "a eliminação fraca iterada dá
# isto", pergunte *em que ordem*.
#
# ### Exercício 1 (lápis e papel)
#
# Resolva este jogo por eliminação iterada de estratégias estritamente dominadas. Guarde a
# célula sobrevivente como um par de rótulos, por exemplo `answer_1 = ("Top", "Left")`.
#
# | | Left | Centre | Right |
# |---|---|---|---|
# | **Top** | 5, 1 | 3, 4 | 5, 3 |
# | **Middle** | 1, 0 | 4, 5 | 4, 0 |
# | **Bottom** | 1, 0 | 3, 1 | 2, 5 |

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Column player: Left pays (1, 0, 0) against (Top, Middle, Bottom), Centre pays (4, 5, 1):
# Left is strictly dominated by Centre. Nothing of the row player's is dominated yet.
# Row player, against (Centre, Right): Top (3, 5), Middle (4, 4), Bottom (3, 2):
# Bottom is strictly dominated by Middle (3 < 4, 2 < 4).
# Column player, against (Top, Middle): Centre (4, 5), Right (3, 0): Right goes.
# Row player, against Centre alone: Top 3 < Middle 4: Top goes.
# What survives: (Middle, Centre), payoffs (4, 5).
answer_1 = ("Middle", "Centre")
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_ex1 = theory.NormalFormGame([[5, 3, 5], [1, 4, 4], [1, 3, 2]], [[1, 4, 3], [0, 5, 0], [0, 1, 5]],
                             ("Top", "Middle", "Bottom"), ("Left", "Centre", "Right"))
_left = theory.iterated_elimination(_ex1).game
assert (_left.row_labels, _left.col_labels) == (("Middle",), ("Centre",)), (   # the library agrees
    "the library's iterated elimination should leave the solution's cell of the table")
assert list(elimination_results(_ex1)) == [(("Middle",), ("Centre",))], (     # in every order
    "the lesson's elimination_results should leave the solution's cell, and only it, in every order of removal")


def _label(text):   # "middle", " MIDDLE " and "Middle" name one strategy, and "Center" is "Centre"
    words = " ".join(str(text).split()).capitalize()
    return {"Center": "Centre"}.get(words, words)


try:
    _row, _col = (_label(x) for x in answer_1)
except (TypeError, ValueError):
    raise AssertionError('answer_1 should be one cell, a pair (row label, column label), e.g. ("Top", "Left")') from None
assert _row in _ex1.row_labels, f"{_row!r} is not a row of the table; its rows are {_ex1.row_labels}"
assert _col in _ex1.col_labels, f"{_col!r} is not a column of the table; its columns are {_ex1.col_labels}"
assert (_row, _col) == ("Middle", "Centre"), ("not the cell that iterated elimination of strictly dominated "
                                              "strategies leaves: check each removal against every strategy of the "
                                              "other player still in the table")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# No jogo de uma área de Ovni acima, elimine as estratégias fracamente dominadas **com o
# jogador das colunas primeiro**: todas as fichas fracamente dominadas de quem seguiu de uma
# vez, depois todas as de quem abriu, e assim por diante até nada mudar. Que fichas sobram?
# Guarde-as como `answer_2 = (fichas de quem abriu, fichas de quem seguiu)`, cada uma um
# conjunto de strings, por exemplo `({"2", "3"}, {"6"})`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The follower's tokens 2, 3, 4, 5 are each weakly dominated by the next one up (the same
# argument as for the opener), so all four go at once and the follower keeps only the 6.
# Against a lone 6 every opener token pays 0 (it cancels or loses), so no opener token
# is dominated any more: all five stay. The mirror image of the row-first result.
answer_2 = ({"2", "3", "4", "5", "6"}, {"6"})
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
try:   # tokens as strings or as numbers: "6" and 6 name one token
    _opener, _follower = ({str(t).strip() for t in tokens} for tokens in answer_2)
except (TypeError, ValueError):
    raise AssertionError('answer_2 should be a pair of sets (opener\'s tokens, follower\'s tokens), '
                         'e.g. ({"2", "3"}, {"6"})') from None
assert _follower == {"6"}, ("not the follower's tokens that are left: the follower's weakly dominated tokens all go "
                            "first, at once")
assert _opener == {"2", "3", "4", "5", "6"}, ("not the opener's tokens that are left: after the follower's removal, "
                                             "check which opener tokens are still weakly dominated")
# the library, column player first: swap the players' roles and eliminate row-first
_swapped = theory.NormalFormGame(one.col_payoffs.T, one.row_payoffs.T, one.col_labels, one.row_labels)
_left = theory.iterated_elimination(_swapped, strict=False).game
assert (set(_left.col_labels), set(_left.row_labels)) == (_opener, _follower), (
    "the library's iterated weak elimination, follower first, should leave the solution's tokens")
### END HIDDEN TESTS

# %% [markdown]
# ## 4. O dilema do prisioneiro
#
# Dois suspeitos são interrogados separadamente. Cada um pode ficar calado (*cooperar* com o
# outro) ou depor (*trair*, `defect`). Em símbolos, com o ganho do jogador das linhas
# primeiro:
#
# | | cooperate | defect |
# |---|---|---|
# | **cooperate** | $R, R$ | $S, T$ |
# | **defect** | $T, S$ | $P, P$ |
#
# $R$ é a *recompensa* (*reward*) pela cooperação mútua, $P$ a *punição* pela traição mútua,
# $T$ a *tentação* de trair sozinho, $S$ o ganho do *otário* (*sucker*). O jogo é um
# **dilema do prisioneiro** quando
#
# $$T > R > P > S.$$
#
# **À mão.** Contra cooperate, defect rende $T$ e cooperate rende $R < T$. Contra defect,
# defect rende $P$ e cooperate rende $S < P$. Então trair **domina estritamente** cooperar,
# para os dois jogadores (a tabela é simétrica). A eliminação estrita deixa (defect, defect)
# com $(P, P)$, o único equilíbrio de Nash. E no entanto $R > P$: os dois jogadores
# prefeririam estar em (cooperate, cooperate). A escolha individualmente racional de cada
# jogador deixa os dois em pior situação; esse é o dilema.
#
# Com $R = 3$, $S = 0$, $T = 5$, $P = 1$, digite você mesmo o jogo no `nashpy`, uma matriz
# por jogador (o nashpy imprime o jogo com as suas próprias palavras, em inglês: *Row
# player* é o jogador das linhas, *Column player* o das colunas):

# %%
A = np.array([[3, 0],    # row player: (cooperate, cooperate), (cooperate, defect)
              [5, 1]])   #             (defect, cooperate),    (defect, defect)
B = np.array([[3, 5],    # column player, same cells
              [0, 1]])
dilemma = nashpy.Game(A, B)
found = [(row.tolist(), col.tolist()) for row, col in dilemma.support_enumeration()]
print(dilemma)
print(say("nashpy_equilibria", found=found))

# %% [markdown]
# Agora o dilema do prisioneiro de livro-texto da biblioteca e a sua eliminação, e uma
# pequena função que lê $R, S, T, P$ de qualquer tabela 2×2 simétrica (primeira estratégia =
# cooperar) e testa as quatro desigualdades:

# %%
def letters(game):
    """R, S, T, P of a symmetric 2x2 game whose first strategy is 'cooperate'."""
    a, b = game.row_payoffs, game.col_payoffs
    assert game.shape == (2, 2) and np.array_equal(a, b.T), "a symmetric 2x2 game"
    return {"R": a[0, 0], "S": a[0, 1], "T": a[1, 0], "P": a[1, 1]}


def is_prisoners_dilemma(game):
    x = letters(game)
    return bool(x["T"] > x["R"] > x["P"] > x["S"])


pd = theory.prisoners_dilemma()
print(pd)
print(theory.iterated_elimination(pd).describe())
print(say("letters", letters={k: float(v) for k, v in letters(pd).items()}, verdict=is_prisoners_dilemma(pd)))
(pd_eq,) = theory.equilibria(pd)
assert np.array_equal(pd.row_payoffs, A) and np.array_equal(pd.col_payoffs, B)   # the same game
assert found == [([0.0, 1.0], [0.0, 1.0])]                                      # nashpy: (defect, defect)
assert pd_eq.support("row") == pd_eq.support("col") == ["defect"]                # the library agrees
assert theory.iterated_elimination(pd).game.row_labels == ("defect",)            # and elimination
assert is_prisoners_dilemma(pd)

# %% [markdown]
# A conta à mão, o `nashpy` e a biblioteca concordam: um equilíbrio, (defect, defect).
#
# ## 5. O mesmo dilema em Ovni: gastar o 6
#
# A regra deixa cada jogador usar a sua ficha **6 uma única vez por jogo**; depois ela sai do
# jogo. Gastá-la agora custa o seu uso futuro. A tabela abaixo se apoia em duas escolhas,
# ditas aqui e comparadas com as alternativas depois da tabela:
#
# 1. **Uma leitura da regra: um 6 anulado foi gasto.** A regra diz que comandos iguais se
#    anulam "e são devolvidos aos jogadores"; o motor do ovnilab lê isso como "a ficha volta,
#    mas o 6 foi usado" (o seu padrão; o notebook das regras dá os motivos), e oferece a outra
#    leitura como `ovni.Rules(cancelled_six_returns=True)`.
# 2. **Os ganhos, um modelo:** ponha o preço do 6 gasto em $c$ de uma carta, e conte uma
#    carta ganha pelo rival como $-1$ para você (o rival fica à sua frente). O 6 gasto pelo
#    rival *não* conta como ganho para você: numa mesa de três ou mais, o futuro mais fraco
#    do rival ajuda todos os outros jogadores, não só você, e o modelo põe a sua parte disso
#    em 0.
#
# Fique com as fichas 5 e 6 numa área:
#
# * 5 contra 5: os 5 se anulam, ninguém vence, ninguém paga: $(0, 0)$.
# * 6 contra 5: o 6 vence: $(1 - c,\ -1)$; e 5 contra 6 é a imagem espelhada.
# * 6 contra 6: os 6 se anulam, ninguém vence, os dois pagaram: $(-c, -c)$.
#
# Lendo "guardar o 6 (jogar o 5)" como cooperar e "gastar o 6" como trair: $R = 0$,
# $T = 1 - c$, $P = -c$, $S = -1$. Com $c = \tfrac12$:
# $T = \tfrac12 > R = 0 > P = -\tfrac12 > S = -1$, um dilema do prisioneiro. `bidding_game`
# monta a tabela 5×5 completa a partir da regra do motor; nós a restringimos ao 5 e ao 6:

# %%
six = theory.bidding_game(tokens_each=1, lose=-1, six_cost=0.5)
print(six)
print(theory.iterated_elimination(six).describe())
keep_or_spend = six.restrict(rows=[3, 4], cols=[3, 4])   # tokens 5 and 6
print(keep_or_spend)
print(say("letters", letters={k: float(v) for k, v in letters(keep_or_spend).items()},
          verdict=is_prisoners_dilemma(keep_or_spend)))
assert letters(keep_or_spend) == {"R": 0, "S": -1, "T": 0.5, "P": -0.5}   # the hand values
assert is_prisoners_dilemma(keep_or_spend)
(six_eq,) = theory.equilibria(six)
assert six_eq.support("row") == six_eq.support("col") == ["6"] and six_eq.exact_payoffs == (Fraction(-1, 2),) * 2
assert theory.iterated_elimination(six).game.row_labels == ("6",)
assert six.row_payoffs[3, 0] == 1 and six.row_payoffs[4, 0] == 0.5   # against a 2: the 5 pays 1, the 6 pays 1/2
# one order of strict elimination: the 2, 3 and 4 of each player, alternately
stage = six
for who, label in [("row", "2"), ("col", "2"), ("row", "3"), ("col", "3"), ("row", "4"), ("col", "4")]:
    k = stage.index(who, label)
    assert k in theory.dominated_strategies(stage, who), (who, label)
    own = stage.payoffs(who) if who == "row" else stage.payoffs(who).T   # one row per own token
    assert (own[stage.index(who, "6")] > own[k]).all(), (who, label)   # dominated by the 6 itself
    keep = [i for i in range(len(stage.labels(who))) if i != k]
    stage = stage.restrict(rows=keep) if who == "row" else stage.restrict(cols=keep)
assert stage.row_labels == stage.col_labels == ("5", "6")

# %% [markdown]
# No jogo 5×5 completo o 6 *não* é dominante: contra o 2 de quem seguiu, o 5 também vence e
# não custa nada, então rende 1 onde o 6 rende $\tfrac12$. Mas uma ordem de eliminação
# estrita remove o 2, o 3 e o 4 de cada jogador, alternadamente (cada um é estritamente
# dominado pelo 6 quando chega a sua vez; a última célula de código verifica cada passo), e o
# que sobra é exatamente o dilema acima, em que o 6 domina. A ordem da biblioteca é outra; é
# eliminação estrita, então termina no mesmo lugar. Os dois jogadores gastam o seu 6, os 6 se
# anulam, e cada um termina em $-\tfrac12$, quando os dois guardando o 6 teriam obtido 0.
#
# **O dilema depende das duas escolhas.** *(Opcional daqui até o exercício 3, veja Tempo:
# cerca de 10 minutos.)* Mude qualquer uma delas e ele desaparece:
#
# * *A outra leitura* (`cancelled_six_returns=True`): dois 6 que se anulam voltam aos donos
#   sem ser gastos, então 6 contra 6 rende $(0, 0)$, o mesmo que 5 contra 5: $R = P = 0$, e
#   gastar nunca é pior, mas gastar os dois já não prejudica ninguém.
# * *Outros ganhos* (`zero_sum=True`): com dois jogadores só a diferença entre os pontos
#   decide o jogo, então cada ganho é "o meu menos o seu", com o 6 gasto pelo rival incluído.
#   Dois 6 que se anulam custam então o mesmo aos dois jogadores, nenhum fica para trás, e de
#   novo $R = P = 0$ (um jogo de soma zero).
#
# As três versões lado a lado, pela mesma função da biblioteca:

# %%
versions = {
    "cancelled 6 spent, payoff as above": dict(lose=-1, six_cost=0.5),
    "cancelled 6 returns (other reading)": dict(lose=-1, six_cost=0.5, cancelled_six_returns=True),
    "cancelled 6 spent, mine minus yours": dict(six_cost=0.5, zero_sum=True),
}
verdicts = {}
for name, options in versions.items():
    g = theory.bidding_game(tokens_each=1, **options).restrict(rows=[3, 4], cols=[3, 4])
    verdicts[name] = is_prisoners_dilemma(g)
    cells = {k: float(v) for k, v in letters(g).items()}
    print(say("version", name=say.word(name), **cells, verdict=verdicts[name]))
dilemmas = [name for name, is_pd in verdicts.items() if is_pd]
print(say("only_dilemma", name=say.word(dilemmas[0])))
assert dilemmas == ["cancelled 6 spent, payoff as above"]
race = theory.bidding_game(tokens_each=1, six_cost=0.5, zero_sum=True).restrict(rows=[3, 4], cols=[3, 4])
assert letters(race)["R"] == letters(race)["P"] == 0 and not is_prisoners_dilemma(race)

# %% [markdown]
# Então o dilema em Ovni é uma conclusão sobre a leitura do motor *e* sobre um modelo de
# ganhos que conta a carta do rival contra você, mas não o 6 gasto pelo rival. As duas coisas
# são defensáveis numa mesa de três ou mais jogadores (uma carta tomada por um rival é um
# passo à sua frente; um 6 que ele queima o enfraquece contra todo mundo); numa corrida de
# dois jogadores o ganho de soma zero é o certo, e não há dilema. Um modelo é uma escolha:
# declare-o, e verifique se a conclusão sobrevive às alternativas.

# %% [markdown]
# ### Exercício 3 (lápis e papel)
#
# No jogo de guardar ou gastar, para que custos $c$ do 6 ele é um dilema do prisioneiro? A
# resposta é um intervalo aberto $a < c < b$: guarde-o como `answer_3 = (a, b)` (use
# `Fraction` ou inteiros).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# R = 0, T = 1 - c, P = -c, S = -1.
# T > R  <=>  1 - c > 0  <=>  c < 1;   R > P  <=>  0 > -c  <=>  c > 0;   P > S  <=>  -c > -1  <=>  c < 1.
# So 0 < c < 1. At c = 0 the 6 is free (R = P: both end at 0 either way, no dilemma).
# At c = 1 winning the card with the 6 is worth exactly what the 6 costs (T = R): each
# player is indifferent between 5 and 6 whatever the other does, and every mix of 5 and 6
# for both players is an equilibrium, infinitely many. Above 1, keeping the 6 (the 5)
# strictly dominates and (5, 5) is the unique equilibrium.
answer_3 = (Fraction(0), Fraction(1))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
try:
    _a, _b = (float(x) for x in answer_3)
except (TypeError, ValueError):
    raise AssertionError("answer_3 should be a pair of numbers (a, b), the ends of the open interval a < c < b") from None
assert (_a, _b) == (0, 1), ("not the interval of costs c where the game is a prisoner's dilemma: write T, R, P and S "
                            "as functions of c and solve T > R > P > S")
for _k in range(-4, 13):   # c from -1/2 to 3/2 in steps of 1/8: the library's tables agree
    _c = Fraction(_k, 8)
    _g = theory.bidding_game(1, lose=-1, six_cost=float(_c)).restrict(rows=[3, 4], cols=[3, 4])
    assert is_prisoners_dilemma(_g) == (_a < _c < _b), (
        f"at c = {_c} the library's bidding table should be a prisoner's dilemma exactly when c is inside the "
        "solution's interval")
# at c = 1 the equilibria of the full 5x5 game are exactly the mixes of 5 and 6: check members
_g1 = theory.bidding_game(1, lose=-1, six_cost=1.0)
for _p in (0, Fraction(1, 3), Fraction(1, 2), 1):
    for _q in (0, Fraction(1, 4), 1):
        assert theory.is_equilibrium(_g1, [0, 0, 0, 1 - _p, _p], [0, 0, 0, 1 - _q, _q]), (
            f"at c = 1 every mix of the bids 5 and 6 should be an equilibrium of the full 5x5 game (the solution's "
            f"remark), but 6 with probability {_p} against 6 with probability {_q} is not")
assert not theory.is_equilibrium(_g1, [0, 0, Fraction(1, 2), 0, Fraction(1, 2)], [0, 0, 0, 0, 1]), (
    "at c = 1 a half-and-half mix of the bids 4 and 6 against a sure 6 should not be an equilibrium of the full game")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 4
#
# Quais destes jogos simétricos são dilemas do prisioneiro? Cada linha dá $(R, S, T, P)$,
# sendo cooperar a primeira estratégia. Guarde as letras como um conjunto, por exemplo
# `{"a", "b"}`. Você pode usar `is_prisoners_dilemma` ou o `nashpy`.
#
# | jogo | $R$ | $S$ | $T$ | $P$ |
# |---|---|---|---|---|
# | a | 4 | 0 | 6 | 1 |
# | b | 5 | 0 | 3 | 2 |
# | c | 3 | 1 | 4 | 0 |
# | d | 2 | −1 | 3 | 0 |
# | e | 1 | 0 | 3 | 2 |

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# a: 6 > 4 > 1 > 0, yes.
# b: T = 3 < R = 5 (a "stag hunt": two pure equilibria, no dominant strategy), no.
# c: S = 1 > P = 0 (a "chicken" game), no.
# d: 3 > 2 > 0 > -1, yes.
# e: P = 2 > R = 1: defect dominates, but no cell gives both players more than
#    (defect, defect) does (the best symmetric cell), so there is no dilemma, no.
answer_4 = {"a", "d"}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
_games = {"a": (4, 0, 6, 1), "b": (5, 0, 3, 2), "c": (3, 1, 4, 0), "d": (2, -1, 3, 0), "e": (1, 0, 3, 2)}
_pds = set()
for _name, (_R, _S, _T, _P) in _games.items():
    _g = theory.NormalFormGame([[_R, _S], [_T, _P]], [[_R, _T], [_S, _P]], ("cooperate", "defect"), ("cooperate", "defect"))
    if is_prisoners_dilemma(_g):
        _pds.add(_name)
        (_eq,) = theory.equilibria(_g)   # and then defect/defect is the only equilibrium
        assert _eq.support("row") == ["defect"] and _R > _P, (
            "in a prisoner's dilemma of the table the library should find defect/defect as the only equilibrium, "
            "and R > P")
assert _pds == {"a", "d"}, "the lesson's is_prisoners_dilemma should pick the solution's games of the table"
try:   # "A", " a " and "game a" name one game
    _chosen = {str(x).strip().lower().removeprefix("game").strip() for x in answer_4}
except TypeError:
    raise AssertionError('answer_4 should be a set of letters, e.g. {"a", "b"}') from None
assert _chosen <= set(_games), f"{sorted(_chosen - set(_games))}: not a game of the table (a, b, c, d, e)"
assert _chosen <= _pds, f"{sorted(_chosen - _pds)}: not a prisoner's dilemma, T > R > P > S fails"
assert _chosen == _pds, "a prisoner's dilemma of the table is missing: check T > R > P > S for each game"
# the remarks in the solution: b has the two pure equilibria, e has defect dominant with P > R
_b = theory.NormalFormGame([[5, 0], [3, 2]], [[5, 3], [0, 2]])
assert ([(_q.support("row"), _q.support("col")) for _q in theory.equilibria(_b) if _q.is_pure()]
        == [(["r0"], ["c0"]), (["r1"], ["c1"])]), (
    "game b should have the two pure equilibria of the solution's remark, cooperate/cooperate and defect/defect")
_e = theory.NormalFormGame([[1, 0], [3, 2]], [[1, 3], [0, 2]])
assert theory.dominated_strategies(_e, "row") == {0: 1}, (
    "in game e the library should find cooperate dominated by defect, as the solution's remark says")
assert not any(_e.row_payoffs[i, j] > 2 and _e.col_payoffs[i, j] > 2 for i in range(2) for j in range(2)), (
    "in game e no cell should give both players more than defect/defect does, as the solution's remark says")
### END HIDDEN TESTS

# %% [markdown]
# ## 6. Jogue primeiro: a turma como dados
#
# *Opcional (veja Tempo): cerca de 15 minutos (5 para entrar e ler as regras, 5 para cinco
# rodadas de cerca de um minuto cada, 5 para ler os resultados aqui); nada mais na lição
# depende disso.* Jogue no **começo** da aula, antes da seção 4, para que as escolhas sejam
# dos próprios alunos e não a resposta da lição; leia os resultados aqui, quando o dilema já
# for conhecido.
#
# **Em aula.** Num notebook (`make lab`), o professor abre o jogo de guardar ou gastar da
# seção 5 como um experimento da turma:
#
# ```python
# from ovnilab import classroom
# exp = classroom.open_experiment("bidding", rounds=5, matching="strangers", decision_seconds=60)
# exp            # a tela do projetor: código de entrada, quem entrou, as escolhas ao vivo
# exp.start()
# ```
#
# Os alunos abrem a página da turma servida por `make play HOST=0.0.0.0` nos seus celulares
# ou notebooks, escolhem **Entrar num jogo da turma** e digitam o código e um nome (a página
# segue o idioma do navegador e tem um botão EN / PT). O que lhes é dito: as regras e os
# ganhos no parágrafo que a próxima célula imprime, e uma tabela dos seus próprios ganhos (a
# sua ficha contra a do outro); depois de cada rodada, a ficha do outro e o seu ganho.
# Ninguém fica sabendo do equilíbrio. Cada uma das cinco rodadas junta cada aluno com um
# adversário que ele ainda não enfrentou (*estranhos perfeitos*: um calendário de todos
# contra todos, então cinco rodadas pedem uma turma de pelo menos seis, ou cinco com um bot
# como sexto assento) e dá a cada aluno 60 segundos para colocar uma ficha (guardar o 6
# jogando o 5, ou gastar o 6); um aluno que fica sem tempo recebe a escolha de um bot a
# partir do equilíbrio, registrada como `timeout` e deixada fora da análise. O projetor
# mantém o equilíbrio fora da tela até o professor apertar **show the equilibrium** (depois
# que a seção 5 resolveu o jogo). Depois das rodadas, a tabela da turma, uma linha por aluno
# por rodada, é `exp.results()` no notebook que abriu o experimento, ou
# `classroom.room("ABC123").results()` em qualquer notebook (neste também), com o código que
# o projetor mostra. Para guardá-la para uma aula seguinte: `results.to_csv("periodo1.csv")`;
# mais tarde, `experiments.Results.from_csv("periodo1.csv")` a lê de volta.
#
# **Aqui: uma turma SIMULADA, não alunos de verdade**, para que o notebook rode sem uma
# turma. A célula abaixo carrega `data/classroom/bidding_simulated.csv`: 24 alunos
# simulados, 5 rodadas, estranhos perfeitos. Cada um é um *jogador fictício logit*: ele
# espera que o seu adversário jogue como os adversários que encontrou até ali, e escolhe cada
# ficha com probabilidade proporcional a $e^{4u}$, sendo $u$ o ganho esperado da ficha (uma
# melhor resposta com ruído; como o arquivo foi feito: `data/classroom/README.md`). Em aula,
# `classroom.room(CODE).results()` dá a mesma tabela e cada célula abaixo roda sobre ela sem
# mudanças. Na tabela por rodada, a estratégia é a ficha (5: guardou o 6; 6: gastou-o); as
# outras colunas são as da Lição 1 (a contagem, *n*, a proporção, o intervalo de *lo* a *hi*
# e a probabilidade no equilíbrio).

# %%
from ovnilab.classroom import experiments

recorded = experiments.load_recorded("bidding")   # the simulated class described above
results = recorded                                # in class: classroom.room(CODE).results()
experiment = experiments.get("bidding")           # section 5's keep-or-spend game
assert experiment.game.row_payoffs.tolist() == keep_or_spend.row_payoffs.tolist()
assert experiment.game.col_payoffs.tolist() == keep_or_spend.col_payoffs.tolist()
assert experiment.solution.exact == ((0, 1), (0, 1))   # its only equilibrium: both spend the 6
made = experiments.DATA_SETS["bidding_simulated.csv"]   # how the file was made: the text above
assert (made["n_students"], made["rounds"], made["matching"], experiments.DEFAULT_PRECISION) == (24, 5, "strangers", 4)
print(experiments.class_summary(results, experiment), end="\n\n")   # the rules the students read; who played
# "five rounds need a class of at least six, or five with a bot": new opponents for 5 rounds
assert [experiments.rounds_without_repeats(k) for k in (4, 5, 6)] == [3, 5, 5]
# every student plays every round: each round's table has one choice per student
by_round = experiments.choice_shares(results, experiment, 0, by_round=True)
print(by_round)   # "5": kept the 6; "6": spent it
if results is recorded:   # the text describes the simulated class
    assert experiments.repeated_meetings(results) == 0

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.2, 3.6), layout="constrained")
experiments.plot_choices(results, experiment, ax=ax)   # each token's share per round, 95% Wilson intervals
plt.show()

# %%
import math

# one choice per student: their first round, then their last
tests = experiments.equilibrium_tests(results, experiment, rounds=("first", "last"), within_support=False)
print(tests, end="\n\n")
fits = {t["rounds"]: t["fit"] for t in tests}
# the simulated students' model: the 6 pays 1/2 more than the 5 against anything, so in every
# round each keeps the 6 with probability 1 / (1 + e^(4 x 1/2))
gain = keep_or_spend.row_payoffs[1] - keep_or_spend.row_payoffs[0]
keep = 1 / (1 + math.exp(experiments.DEFAULT_PRECISION * gain[0]))
kept = [r["count"] for r in by_round if r["strategy"] == "5"]
n = made["n_students"]
print(say("model", exponent=experiments.DEFAULT_PRECISION * gain[0], keep=keep, expected=n * keep, n=n))
print(say("kept", kept=", ".join(map(str, kept)), n=n, rounds=len(kept)))
print(say("no_one", n=n, keep=keep, p=(1 - keep) ** n))
if results is recorded:   # the text below describes the simulated class
    assert gain.tolist() == [0.5, 0.5] and round(keep, 3) == 0.119
    assert all(t["method"] == "exact multinomial" for t in tests)
    assert fits["first"].from_rounds == {1: n} and fits["last"].from_rounds == {made["rounds"]: n}
    assert fits["first"].observed["5"] > 0 and fits["first"].pvalue == 0 == tests.row(rounds="first")["holm_p"]
    assert kept[-1] == 0 and fits["last"].pvalue == 1 and 0.04 < (1 - keep) ** n < 0.06   # "about 5%"

# %% [markdown]
# **Os testes.** Com um equilíbrio puro, o teste multinomial exato (a Lição 1, seção 5, o
# explica com o intervalo de Wilson e o ajuste de Holm) é tudo ou nada: um único 6 guardado é
# impossível se todos o gastam (p = 0), e p = 1 só quando ninguém o guarda. Leia-o com as
# contagens, os seus intervalos de Wilson e a figura, rodada a rodada. Ele toma uma escolha
# por aluno (aqui todos jogam todas as rodadas, então a primeira é a rodada 1 e a última a
# rodada 5; na tabela, primeira e última), porque as cinco escolhas de um aluno não são cinco
# sorteios independentes. São dois testes numa turma, então os valores-p são ajustados por
# Holm. O teste ainda supõe que os alunos escolhem independentemente uns dos outros:
# adversários novos a cada rodada (a primeira célula conta os encontros com um adversário já
# enfrentado) tornam isso plausível, não certo.
#
# **O que o modelo e a turma simulada mostram.** O teste rejeita o equilíbrio na primeira
# rodada (alguns alunos guardaram o 6) e não na última (ninguém guardou). Isso não é
# aprendizado. No modelo, o 6 rende exatamente $\tfrac12$ a mais do que o 5, faça o outro
# jogador o que fizer, então as crenças de um aluno simulado não mudam nada: toda escolha, em
# toda rodada, guarda o 6 com a mesma probabilidade $1/(1+e^{4 \cdot 1/2}) = 1/(1+e^2)$, o
# número impresso acima. As contagens das rodadas se espalham por acaso em torno da contagem
# esperada, e o zero da última rodada é um evento de cerca de 5% (a última linha acima).
# **Uma turma de verdade muitas vezes se comporta de outro jeito.** Em dilemas do prisioneiro
# de laboratório muitas pessoas cooperam (aqui: guardam o 6), por justiça, confiança ou
# esperança de que o outro também coopere; a cooperação costuma cair ao longo das rodadas
# quando os adversários mudam. As mesmas células mostram as rodadas da própria turma: quantos
# guardaram o 6 em cada uma, com um intervalo, e se a última rodada ainda rejeita o
# equilíbrio.

# %% [markdown]
# ## E agora
#
# * [Lição 3](03_estrategias_mistas_soma_zero.ipynb): quando nenhuma
#   estratégia é dominada e os jogadores precisam misturar, e o programa linear de um jogo de
#   soma zero (o valor do jogo, o minimax).
# * [O recrutamento de Ovni como um jogo de lances](../../explore/ovni_recruitment_bidding.ipynb)
#   (em inglês): duas áreas como um primo do Coronel Blotto, quanto vale esconder as suas
#   fichas, e quanto valem abrir uma área e a regra de desempate.

