# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 4: Árvores de jogo, minimax e indução retroativa
#
# Depois que o baralho do jogo das vacas é embaralhado, nada mais fica por conta do acaso:
# cada compra está fixada pela ordem do baralho. Um jogador que pudesse ver todas as cartas
# enfrentaria um jogo finito de soma zero entre dois jogadores, de *informação perfeita*. Um
# jogo assim pode ser desenhado como uma árvore e resolvido exatamente raciocinando de trás
# para a frente, a partir do seu fim. Esta lição faz isso à mão numa árvore de brinquedo,
# depois com algumas linhas de Python, e depois com o solver da biblioteca em finais de
# partida de verdade. (Se um bot simples joga bem esses finais é medido no notebook de
# exploração [Bots](../../explore/bots.ipynb), em inglês, com ferramentas que as lições 6 e 7
# ensinam.)
#
# **Público:** alunos de um primeiro curso de teoria dos jogos ou de algoritmos para jogos;
# professores que preparam um curso assim. Não é preciso conhecer o jogo das vacas: as suas
# regras estão no [notebook das regras do jogo das vacas](../../rules/cows.ipynb) (em
# inglês), e a lição explica o que usa.
#
# **Pré-requisitos:** um jogo de soma zero e o seu valor (a
# [lição 3](03_estrategias_mistas_soma_zero.ipynb) ajuda, mas não é obrigatória); ler uma
# função recursiva curta em Python.
#
# **Objetivos:** ao fim desta lição você sabe
# - desenhar um jogo finito de informação perfeita como uma árvore de jogo e resolvê-lo por
#   *indução retroativa* (minimax) com lápis e papel;
# - ler uma função minimax e dizer por que ela precisa de *poda alfa-beta* em jogos de verdade;
# - resolver um final de partida de verdade com `ovnilab.cows.endgame`, ler os valores das
#   suas ações e comparar com eles o lance de um bot.
#
# **Tempo:** 50 minutos (cerca de 30 min para o texto e o código, 20 min para os
# exercícios). Nada precisa ser calculado antes da aula. O Run All leva menos de um minuto na
# máquina de desenvolvimento (2 núcleos); as células mais longas, as buscas das seções 4 e 5,
# levam de 5 a 15 segundos cada, as outras no máximo alguns segundos (a busca da seção 5 é
# limitada por `LIBRARY_BUDGET`). Rode-a quando abrir a lição, antes que os alunos precisem
# das posições.
#
# **Glossário** (as cartas do jogo das vacas têm nomes em português, como na regra; cada
# carta tem duas faces): *Celeiro*: a pilha de descarte, cuja carta do topo pode ser pegada;
# *Mimosa*, *Bezerrinho*, *Lua Cheia*, *Eclipse*, *Sol do Meio-Dia*, *Crepúsculo*, *Curral*,
# *Gêmeos*, *Fazendeiro*, *Raio Trator*, *Sonda*, *Manada*, *Vaca Voadora*, *Farol*, *Boi
# Bravo*, *Disco Voador*, *Vaca Lunar*, *Estrela*: os nomes das faces das cartas. As ações
# aparecem em palavras, como nos botões do tabuleiro ("comprar 2"); no código e no registro
# de uma partida, elas ficam na notação do ovnilab, em inglês (`draw 2`), que é a mesma em
# todos os idiomas.
#
# **O jogo das vacas em cinco linhas** (tudo o que esta lição usa): dois jogadores montam
# cada um uma pirâmide de seis cartas (fileiras de uma, duas e três) e têm no máximo três
# cartas em mãos. Uma vez é uma ação principal: *comprar 2* (pegar as duas cartas de baixo do
# baralho, ficar com uma e pôr a outra no Celeiro), *pegar* a carta do topo do Celeiro, ou
# *virar* uma carta da mão para a sua outra face; uma vez por turno, uma carta da mão também
# pode ser *construída* na pirâmide. Cada carta tem duas faces com pontos e efeitos. Quando
# uma pirâmide fica completa, o outro jogador tem uma última vez, e então a maior pontuação
# vence.

# %%
# %matplotlib inline
import math
from fractions import Fraction

import matplotlib.pyplot as plt
import networkx as nx

from ovnilab import cows, theory
from ovnilab.cows import endgame
from ovnilab.cows.bots import HAND_WEIGHT, GreedyBot
from ovnilab.cows.render import action_label   # an action in words, as the board's buttons say it
from ovnilab.texts.lesson04 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

# %% [markdown]
# ## 1. Uma árvore de jogo
#
# Uma *árvore de jogo* lista todas as maneiras como um jogo pode continuar. Cada nó interno
# é uma posição em que um jogador escolhe um lance; cada aresta é um lance; cada folha é um
# jogo terminado, rotulada com o seu ganho. Num jogo de soma zero basta um número por folha:
# aqui, a pontuação final do assento 0 menos a pontuação do assento 1, a *margem*. O assento 0
# quer que ela seja alta e se chama MAX; o assento 1 quer que seja baixa e se chama MIN.
#
# Uma última rodada de brinquedo no espírito do jogo das vacas: MAX escolhe *pegar* a carta
# do Celeiro (`take`), *comprar* (`draw`) ou *virar* uma carta (`flip`); depois MIN responde
# com uma de três réplicas *a*, *b*, *c*, e o jogo termina. (O código guarda os lances pelos
# nomes em inglês, `take`, `draw` e `flip`; a figura e as linhas impressas os dizem em
# português.)

# %% tags=["nbval-ignore-output"]
LEAVES = {"take": (4, -1, 2), "draw": (3, 5, 1), "flip": (6, -2, 7)}

g = nx.DiGraph()
pos = {"MAX": (0, 2)}
for i, (move, payoffs) in enumerate(LEAVES.items()):
    node = f"MIN\n({move})"
    g.add_edge("MAX", node, label=say.word(move))
    pos[node] = (4 * (i - 1), 1)
    for j, (reply, x) in enumerate(zip("abc", payoffs)):
        leaf = f"{x:+d}\n{move}-{reply}"
        g.add_edge(node, leaf, label=reply)
        pos[leaf] = (4 * (i - 1) + 1.2 * (j - 1), 0)
fig, ax = plt.subplots(figsize=(9, 3.6))
nx.draw_networkx(g, pos, ax=ax, node_size=1500, node_color="#dde8f5", font_size=8,
                 labels={n: n.split("\n")[0] for n in g})
nx.draw_networkx_edge_labels(g, pos, nx.get_edge_attributes(g, "label"), ax=ax, font_size=8)
ax.set_title(say("toy_title"))
ax.axis("off")
plt.show()

# %% [markdown]
# ## 2. Indução retroativa, no papel
#
# Resolva a árvore das folhas para cima. O valor $v(n)$ de um nó é
#
# $$
# v(n) = \begin{cases}
# \text{ganho de } n & \text{se } n \text{ é uma folha},\\
# \max_{c \text{ filho de } n} v(c) & \text{se MAX joga em } n,\\
# \min_{c \text{ filho de } n} v(c) & \text{se MIN joga em } n.
# \end{cases}
# $$
#
# MIN joga por último, então cada nó de MIN fica com a sua menor folha:
#
# $$v(\text{pegar}) = \min(4, -1, 2) = -1,\qquad v(\text{comprar}) = \min(3, 5, 1) = 1,\qquad
# v(\text{virar}) = \min(6, -2, 7) = -2.$$
#
# MAX, prevendo essas respostas, fica com a maior:
# $v(\text{raiz}) = \max(-1, 1, -2) = 1$, comprando (e MIN então responde *c*).
#
# Dois atalhos tentadores erram nesta árvore. Um otimista que persegue a melhor folha escolhe
# *virar* (ela tem o $+7$), e o mesmo faz um jogador que tira a média das respostas
# ($\frac{11}{3}$ para virar contra $3$ para comprar e $\frac{5}{3}$ para pegar); contra um
# MIN que responde bem, virar dá $-2$. A indução retroativa supõe que o adversário joga a sua
# melhor resposta em cada nó, e essa suposição é exatamente o que faz de $v(\text{raiz}) = 1$
# uma *garantia*: MAX obtém pelo menos 1, faça MIN o que fizer, e MIN cede no máximo 1, faça
# MAX o que fizer. Para jogos finitos de soma zero entre dois jogadores com informação
# perfeita esse valor sempre existe, sem precisar de estratégias mistas: Zermelo (1913) o
# mostrou para jogos como o xadrez (um lado consegue forçar a vitória, ou os dois conseguem
# forçar o empate), e o teorema de Kuhn (1953) o estende a todo jogo finito de informação
# perfeita, cuja indução retroativa dá um equilíbrio em estratégias puras.
#
# ## 3. Minimax em poucas linhas
#
# A recursão acima, como código. Um objeto *game* responde a quatro perguntas sobre um nó:
# o jogo acabou, qual é o seu ganho, quem joga, e que lances levam a que filhos. A árvore de
# brinquedo é escrita como tuplas aninhadas: uma folha é o seu ganho, um nó interno é
# `(jogador, {lance: filho})`, com o jogador 0 para MAX e 1 para MIN.

# %%
def minimax(node, game):
    """The value of `node` for MAX (seat 0), by backward induction."""
    if game.is_over(node):
        return game.payoff(node)  # a leaf: its payoff
    values = [minimax(child, game) for _move, child in game.moves(node)]
    if game.to_move(node) == 0:
        return max(values)  # MAX takes its best child
    return min(values)  # MIN takes MAX's worst child


def best_moves(node, game):
    """The moves of the player to act that reach the node's value."""
    v = minimax(node, game)
    return [m for m, child in game.moves(node) if minimax(child, game) == v]


class Tree:
    """The game protocol for trees written as nested tuples."""

    def is_over(self, node):
        return not isinstance(node, tuple)

    def payoff(self, node):
        return node

    def to_move(self, node):
        return node[0]

    def moves(self, node):
        return list(node[1].items())


TOY = (0, {move: (1, dict(zip("abc", payoffs))) for move, payoffs in LEAVES.items()})
toy = Tree()

# %%
first = {m: minimax(child, toy) for m, child in toy.moves(TOY)}
print(say("first_moves", values={say.word(m): v for m, v in first.items()}))
print(say("root", value=minimax(TOY, toy), best=[say.word(m) for m in best_moves(TOY, toy)]))
print(say("min_reply", best=best_moves(TOY[1]["draw"], toy)))
assert first == {"take": -1, "draw": 1, "flip": -2}  # the hand derivation of section 2
assert minimax(TOY, toy) == 1 and best_moves(TOY, toy) == ["draw"]
assert best_moves(TOY[1]["draw"], toy) == ["c"]
# the two shortcuts of section 2: the best leaf and the best average both point to flip
assert max(LEAVES, key=lambda m: max(LEAVES[m])) == "flip" and max(LEAVES["flip"]) == 7
assert {m: Fraction(sum(p), 3) for m, p in LEAVES.items()} == {
    "take": Fraction(5, 3), "draw": 3, "flip": Fraction(11, 3)}

# %% [markdown]
# **A biblioteca calcula a mesma coisa.** Quando todo lance de MAX é seguido pelo mesmo
# conjunto de respostas de MIN, uma árvore de dois passos é um jogo matricial jogado *em
# sequência*: MAX (o jogador das linhas) se compromete às claras com uma linha, MIN (o
# jogador das colunas) a vê e responde. `ovnilab.theory.backward_induction` resolve um jogo
# sequencial assim a partir da matriz $A_{ij}$ = ganho da folha (linha $i$, resposta $j$);
# como o jogo é de soma zero, os ganhos de MIN são $-A$ e $v = \max_i \min_j A_{ij}$.

# %%
A = [list(p) for p in LEAVES.values()]
sequential = theory.NormalFormGame(A, row_labels=list(LEAVES), col_labels=list("abc"))
row, col, (row_pay, col_pay) = theory.backward_induction(sequential, leader="row")
print(say("library_sequential", row=say.word(sequential.row_labels[row]), column=sequential.col_labels[col],
          payoff=row_pay))
assert (sequential.row_labels[row], sequential.col_labels[col]) == ("draw", "c")
assert row_pay == minimax(TOY, toy) == max(min(r) for r in A)  # library = hand code = formula

# %% [markdown]
# ## 4. Um final de partida de verdade como árvore de jogo
#
# O motor do jogo das vacas é um jogo no mesmo sentido: um `State` é um nó, as suas
# `legal_actions()` são os lances, `clone()` e `apply()` dão os filhos, e os `scores()`
# finais dão a margem. Um adaptador de poucas linhas deixa o mesmo `minimax` rodar sobre ele.
# Ele conta os nós internos que expande e desiste além de um orçamento (o motivo vem na
# seção 5).
#
# Duas diferenças em relação à árvore de brinquedo. Uma vez do jogo das vacas são várias
# decisões (pegar uma carta, depois construí-la ou não; o efeito ao virar uma carta pede um
# alvo), então o mesmo jogador muitas vezes joga várias vezes seguidas: o minimax não se
# importa, ele só pergunta quem joga em cada nó. E deixamos o minimax ver tudo (a ordem do
# baralho e o verso escondido de cada carta), como faria um professor olhando todas as
# cartas: os jogadores não podem, e voltamos a isso no fim.

# %%
class CowGame:
    """The cow game's engine seen as a game tree (nodes are States); counts expansions."""

    def __init__(self, budget=math.inf):
        self.budget, self.expanded = budget, 0

    def is_over(self, state):
        return state.is_over()

    def payoff(self, state):
        seat0, seat1 = state.scores()
        return seat0 - seat1

    def to_move(self, state):
        return state.current_player

    def moves(self, state):
        self.expanded += 1
        if self.expanded > self.budget:
            raise endgame.SearchLimit(f"more than {self.budget} positions")
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            children.append((action, child))
        return children


greedy = GreedyBot()


def greedy_game(seed):
    """A whole seeded game between two greedy bots, as its final state."""
    return endgame.bot_game(seed, greedy)


def show(state):
    """Both pyramids (rows 1 / 2 / 3) and hands, as a spectator sees them."""
    for p in (0, 1):
        pyr = [state.face(c).name if c >= 0 else "." for c in state.pyr[p]]
        hand = [state.face(c).name for c in state.hand[p]]
        print(say("seat_line", seat=p, row1=pyr[0], row2a=pyr[1], row2b=pyr[2], row3=" | ".join(pyr[3:]),
                  hand=hand, score=state.scores()[p]))
    top = [state.face(c).name for c in state.cel[0][-1:]]
    print(say("deck_line", n=len(state.deck), top=top, seat=state.current_player, phase=say.word(state.phase_name))
          + (say("last_turn") if state.final else ""))


def print_tree(node, game, label=None, depth=0):
    """Every node of a (small) tree with its minimax value for MAX."""
    who = say("game_over") if game.is_over(node) else say("to_move", seat=game.to_move(node))
    print(say("tree_line", indent="    " * depth, label=say("start") if label is None else label,
              value=minimax(node, game), who=who))
    if not game.is_over(node):
        for move, child in game.moves(node):
            print_tree(child, game, action_label(move), depth + 1)


# %% [markdown]
# Uma posição para imprimir: a primeira partida de guloso contra guloso (sementes a partir
# de 100) com uma posição algumas decisões antes do fim cuja árvore inteira é pequena o
# bastante para ser lida (no máximo `TREE_NODES` posições) e em que os dois assentos ainda
# decidem: as escolhas do assento 1 são seguidas pelas respostas do assento 0. (Numa pirâmide
# impressa, as fileiras vêm entre colchetes, de uma, duas e três cartas; "." é um lugar
# vazio.)

# %%
TREE_NODES = 16  # the most positions a printed tree may have


def tree_size(node, budget):
    """Positions in the tree below `node` and the seats that move in it (None if too big)."""
    game = CowGame(budget=budget)
    movers = set()

    def walk(n):
        if n.is_over():
            return 1
        movers.add(n.current_player)
        return 1 + sum(walk(child) for _move, child in game.moves(n))

    try:
        return walk(node), movers
    except endgame.SearchLimit:
        return None, movers


def small_endgame(first_seed):
    for seed in range(first_seed, first_seed + 500):
        game = greedy_game(seed)
        for before_end in range(3, 9):
            node = game.replay(len(game.log) - before_end)
            size, movers = tree_size(node, TREE_NODES)
            if (size is not None and size <= TREE_NODES and movers == {0, 1}
                    and node.current_player == 1 and len(node.legal_actions()) >= 2):
                return seed, before_end, game, node
    raise RuntimeError("no small endgame found")


small_seed, before_end, small_game, small = small_endgame(100)
print(say("small_seed", seed=small_seed, before=before_end,
          action=action_label(small_game.log[len(small_game.log) - before_end - 1])))
show(small)
print()
print_tree(small, CowGame())
size, movers = tree_size(small, TREE_NODES)
assert size <= TREE_NODES and movers == {0, 1} and small.current_player == 1
print(say("tree_size", size=size))

# %% [markdown]
# Leia-a de baixo para cima: num nó em que o assento 0 joga, o valor é o maior dos valores
# dos seus filhos (o máximo); onde o assento 1 joga, o menor (o mínimo); um jogo terminado
# vale a sua margem final. O solver da biblioteca, `endgame.solve` (busca alfa-beta sobre o
# mesmo motor), encontra o mesmo valor e os mesmos lances:

# %%
counter = CowGame()
hand_value = minimax(small, counter)
solution = endgame.solve(small)
print(say("hand_minimax", value=hand_value, n=counter.expanded))
print(say("library_solve", value=int(solution.value), n=solution.nodes, best=[action_label(a) for a in solution.best]))
print(say("greedy_played", action=action_label(small_game.log[len(small_game.log) - before_end])))
assert solution.value == hand_value
assert [str(a) for a in solution.best] == [str(m) for m in best_moves(small, CowGame())]

# %% [markdown]
# ## 5. Por que o minimax simples não basta
#
# O minimax simples visita cada linha de jogo. Com $b$ lances por decisão e $d$ decisões
# restantes, são cerca de $b^d$ linhas, e as linhas do jogo das vacas podem ser longas: os
# jogadores podem virar cartas da mão em vez de comprar ou construir, para lá e para cá, por
# até doze vezes seguidas, seis cada (a regra do ovnilab que encerra um jogo travado: o livro
# de regras não tem nenhuma). A poucas decisões do fim, a árvore já é grande demais para ser
# impressa; um pouco antes, grande demais para uma busca simples.
#
# A **poda alfa-beta** devolve o mesmo valor da raiz pulando partes da árvore que não podem
# importar. Guarde dois números durante a busca: $\alpha$, o que MAX já tem garantido em
# outro lugar, e $\beta$, o que MIN já tem garantido ceder em outro lugar. Num nó de MIN,
# assim que uma resposta vale $x \le \alpha$, o valor do nó é $\min(x, \dots) \le x \le
# \alpha$: MAX nunca vai entrar nesse nó, então as suas outras respostas não precisam ser
# olhadas. Simetricamente, um nó de MAX para assim que um lance vale $\ge \beta$. Na árvore
# de brinquedo, na ordem pegar, comprar, virar: *pegar* vale $-1$, *comprar* $1$, então
# $\alpha = 1$ quando *virar* é examinado; a sua resposta *b* vale $-2 \le 1$, e a resposta
# *c* (o $+7$) nunca é avaliada.

# %%
def alphabeta(node, game, alpha=-math.inf, beta=math.inf, seen=None):
    """Minimax with alpha-beta pruning; `seen` collects the leaves evaluated."""
    if game.is_over(node):
        if seen is not None:
            seen.append(game.payoff(node))
        return game.payoff(node)
    maximise = game.to_move(node) == 0
    best = -math.inf if maximise else math.inf
    for _move, child in game.moves(node):
        v = alphabeta(child, game, alpha, beta, seen)
        best = max(best, v) if maximise else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximise else (alpha, min(beta, best))
        if alpha >= beta:
            break  # the other player never lets the game reach the remaining moves
    return best


seen = []
print(say("alphabeta", value=alphabeta(TOY, toy, seen=seen), seen=seen))
assert alphabeta(TOY, toy) == minimax(TOY, toy)
assert seen == [4, -1, 2, 3, 5, 1, 6, -2]  # all but the +7 of flip-c
assert cows.Rules().stall_limit == 12  # section 5's "twelve turns in a row"

# %% [markdown]
# A busca da biblioteca (`ovnilab/cows/endgame.py`) é esta função com dois acréscimos: ela
# tenta primeiro os lances que costumam ser bons (construções e alvos de efeitos, depois
# ficar com uma carta ou pegá-la, depois comprar, depois virar e pular efeitos, depois
# encerrar a vez ou passar), o que faz os cortes chegarem cedo, e mantém uma *tabela de
# transposição*: uma posição alcançada por duas ordens diferentes de lances é resolvida uma
# só vez.
#
# A mesma comparação em muitas posições de verdade: `N_GAMES` partidas de guloso contra
# guloso, cada uma olhada 2, 3 e 4 decisões antes do fim. O minimax escrito à mão recebe um
# orçamento de `PLAIN_BUDGET` expansões; onde ele termina, o seu valor precisa ser igual ao
# da biblioteca. A busca da biblioteca recebe `LIBRARY_BUDGET` expansões por posição, o que
# mantém a célula em segundos; as posições que precisam de mais são contadas e deixadas de
# fora (um orçamento maior resolve mais delas, e demora mais).

# %%
N_GAMES = 60  # greedy games used in this section, the next and the exercises; raise for more positions
PLAIN_BUDGET = 200  # expansions allowed to the plain minimax per position
SEEDS = range(1000, 1000 + N_GAMES)
games = {seed: greedy_game(seed) for seed in SEEDS}

LIBRARY_BUDGET = 1_000  # positions the library may search per position (keeps this cell to seconds)

agree, too_big, plain_total, library_total, library_on_too_big, beyond_both = 0, 0, 0, 0, [], 0
for seed, game in games.items():
    for before_end in (2, 3, 4):
        position = game.replay(len(game.log) - before_end)
        try:
            library = endgame.solve(position, max_nodes=LIBRARY_BUDGET)
        except endgame.SearchLimit:
            beyond_both += 1  # too deep for this page's budgets (the plain minimax even more so)
            continue
        counter = CowGame(budget=PLAIN_BUDGET)
        try:
            plain = minimax(position, counter)
        except endgame.SearchLimit:
            too_big += 1
            library_on_too_big.append(library.nodes)
            continue
        assert plain == library.value, (seed, before_end)
        agree += 1
        plain_total += counter.expanded
        library_total += library.nodes
print(say("agree", positions=agree + too_big, games=N_GAMES, agree=agree, budget=PLAIN_BUDGET, plain=plain_total,
          library=library_total))
print(say("too_big", n=too_big, most=max(library_on_too_big, default=0)))
print(say("beyond", n=beyond_both, budget=LIBRARY_BUDGET))

# %% [markdown]
# ## 6. Um final mais profundo: só a biblioteca
#
# Oito decisões antes do fim de outra partida gulosa da seção 5: a primeira dessas partidas
# cuja posição ali o minimax simples não consegue terminar nem com um orçamento dez vezes
# maior do que acima (`10 * PLAIN_BUDGET` expansões), que a biblioteca resolve dentro de
# `10 * LIBRARY_BUDGET`, e cujas ações legais não valem todas o mesmo (então a escolha
# importa). O `endgame.action_values` da biblioteca dá o valor exato de cada ação legal para
# o jogador que age (positivo = bom para *esse* jogador):

# %%
BEFORE = 8


def deep_example(game):
    """True when the position BEFORE decisions before the end fits section 6's three conditions."""
    position = game.replay(len(game.log) - BEFORE)
    try:
        vals = endgame.action_values(position, max_nodes=10 * LIBRARY_BUDGET)
    except endgame.SearchLimit:
        return False  # too deep for the library's budget as well
    if len(set(vals.values())) < 2:
        return False  # every action is worth the same: nothing to choose
    try:
        minimax(position, CowGame(budget=10 * PLAIN_BUDGET))
        return False  # the plain minimax finishes: not deep enough to make the point
    except endgame.SearchLimit:
        return True


deep_seed = next(seed for seed, game in games.items() if deep_example(game))
print(say("greedy_game", seed=deep_seed))
deep_game = games[deep_seed]
deep = deep_game.replay(len(deep_game.log) - BEFORE)
show(deep)
print(say("plain_stopped", n=10 * PLAIN_BUDGET, nodes=endgame.solve(deep).nodes))
me = deep.current_player
values = {action: int(v) for action, v in endgame.action_values(deep).items()}
played = deep_game.log[len(deep_game.log) - BEFORE]
for action, v in values.items():
    print(say("action_value", action=action_label(action), seat=me, value=v)
          + (say("played_mark") if action == played else ""))
best_value = max(values.values())
assert len(set(values.values())) > 1  # "actions of different values" (the text above)
final = deep_game.scores()
final_for_me = final[me] - final[1 - me]
print(say("regret", played=action_label(played), value=values[played], seat=me, best=best_value,
          regret=best_value - values[played]))
if final_for_me < values[played]:
    later = say("later_below", seat=me, played=action_label(played), value=values[played])
elif final_for_me > values[played]:
    later = say("later_above", other=1 - me)
else:
    later = say("later_exact")
print(say("ended", score0=final[0], score1=final[1], margin=final_for_me, seat=me, later=later))

# %% [markdown]
# Uma linha de jogo perfeito a partir dali (os dois jogadores escolhem uma ação ótima em
# cada passo; a sua margem final é o valor minimax):

# %%
line = endgame.principal_variation(deep)
end = deep.clone()
for action in line:
    print(say("pv_line", seat=end.current_player, action=action_label(action)))
    end.apply(action)
margin = end.scores()[0] - end.scores()[1]
print(say("final_margin", margin=margin))
assert margin == endgame.solve(deep).value
assert HAND_WEIGHT == 0.5  # the greedy evaluation counts half a hand card's build gain
best_first = {a for a, v in values.items() if v == best_value}
print(say("one_of_the_best" if played in best_first else "not_a_best", first=action_label(line[0]),
          then=", ".join(action_label(a) for a in line[1:3])))
assert line[0] in best_first

# %% [markdown]
# O bot guloso julga uma ação pela posição logo depois dela: uma carta na mão recebe metade
# do que construí-la somaria à pontuação, e nada conta que esteja além do seu horizonte de um
# passo (uma virada que o efeito de uma carta fará quando ela for construída, a resposta do
# adversário). O solver pesa cada linha até o fim; onde os dois discordam, a célula acima o
# diz e imprime o arrependimento.
#
# ## Exercícios
#
# Os exercícios 1 e 2 são de lápis e papel. Os exercícios 3 e 4 usam mais duas posições das
# partidas da seção 5, oito decisões antes do fim: para o exercício 3, a primeira com pelo
# menos cinco ações legais de pelo menos três valores diferentes (uma escolha de verdade);
# para o exercício 4, a primeira em que o objetivo *vitória* (abaixo) encontra mais ações
# ótimas do que a margem.

# %%
def eight_before(game):
    return game.replay(len(game.log) - 8)


MAX_NODES = 5_000  # the exercises' positions must be solvable within this many positions


def solvable(position, objective="margin"):
    try:
        return endgame.action_values(position, objective=objective, max_nodes=MAX_NODES)
    except endgame.SearchLimit:
        return None


def n_best(vals):
    return sum(v == max(vals.values()) for v in vals.values())


ex3_seed = next(seed for seed, game in games.items() if seed != deep_seed
                and len(eight_before(game).legal_actions()) >= 5   # counted before any search
                and (v := solvable(eight_before(game))) and len(set(v.values())) >= 3)
ex4_seed = next(seed for seed, game in games.items() if seed not in (deep_seed, ex3_seed)
                and (m := solvable(eight_before(game))) and (w := solvable(eight_before(game), "win"))
                and n_best(w) > n_best(m))
ex3_game, ex4_game = games[ex3_seed], games[ex4_seed]
ex3 = eight_before(ex3_game)
ex4 = eight_before(ex4_game)
print(say("ex3_game", seed=ex3_seed))
show(ex3)
print(say("ex4_game", seed=ex4_seed))
show(ex4)

# %% [markdown]
# ### Exercício 1 (lápis e papel)
#
# Resolva esta árvore por indução retroativa. MAX joga na raiz e na última fileira de nós
# internos, MIN no meio; as folhas mostram a margem de MAX.
#
# ```
# MAX --L--> MIN --l--> MAX --> folhas  2,  4
#                --r--> MAX --> folhas  6,  1
#     --R--> MIN --l--> MAX --> folhas  9, -1
#                --r--> MAX --> folhas  0,  3
# ```
#
# Qual é o valor da raiz para MAX? Guarde-o como um inteiro em `answer_1`.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The bottom MAX nodes take their larger leaf: L-l = max(2, 4) = 4, L-r = max(6, 1) = 6,
# R-l = max(9, -1) = 9, R-r = max(0, 3) = 3.
# The MIN nodes take the smaller of those: L = min(4, 6) = 4, R = min(9, 3) = 3.
# The root (MAX) takes the larger: max(4, 3) = 4, by playing L. The +9 under R is a trap:
# MIN would answer R with r, where MAX gets only 3.
answer_1 = 4
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_ex1 = (0, {"L": (1, {"l": (0, {"a": 2, "b": 4}), "r": (0, {"a": 6, "b": 1})}),
            "R": (1, {"l": (0, {"a": 9, "b": -1}), "r": (0, {"a": 0, "b": 3})})})
assert minimax(_ex1, toy) == 4 and best_moves(_ex1, toy) == ["L"], "the lesson's minimax disagrees with the solution"
assert answer_1 == 4, ("answer_1 should be the root's value for MAX, a whole number: give each bottom MAX node "
                       "its larger leaf, each MIN node the smaller of those, and the root the larger of those")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# Rode à mão o alfa-beta na árvore de brinquedo da seção 1, mas com os lances de MAX
# examinados na ordem **comprar, pegar, virar** (as respostas de cada nó de MIN ainda na
# ordem a, b, c). Quantas folhas são avaliadas? Guarde o número em `answer_2`. (A ordem da
# seção 5 avaliou 8 das 9.)

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# draw first: alpha = -inf, so MIN sees all three replies: 3, 5, 1 -> v(draw) = 1, alpha = 1.
# take: reply a = 4 (> 1, go on), reply b = -1 <= alpha = 1 -> cut: reply c is skipped.
# flip: reply a = 6 (> 1, go on), reply b = -2 <= 1 -> cut: reply c is skipped.
# Leaves evaluated: 3 + 2 + 2 = 7. Examining the best move first makes the cuts come early.
answer_2 = 7
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
_reordered = (0, {m: TOY[1][m] for m in ("draw", "take", "flip")})
_seen = []
assert alphabeta(_reordered, toy, seen=_seen) == minimax(TOY, toy) and len(_seen) == 7, (
    "the lesson's alpha-beta disagrees with the solution")
assert answer_2 == 7, ("answer_2 should be the number of leaves alpha-beta evaluates with MAX's moves in the "
                       "order draw, take, flip: count each leaf looked at before a cut-off")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 3
#
# Tome a posição `ex3` acima (oito decisões antes do fim de uma partida gulosa). Um jogador
# que escolhe ao acaso, com probabilidades iguais, entre as ações legais nesta única decisão,
# depois da qual os dois jogadores jogam perfeitamente: qual é a sua margem esperada, do
# ponto de vista do jogador que age? Use `endgame.action_values` e guarde a resposta em
# `answer_3`: uma `Fraction`, ou um decimal a menos de 0,001 do valor exato. Depois compare-a
# com o valor de uma melhor ação: quantos pontos a escolha ao acaso entrega em média, e qual
# a chance de ela acertar uma melhor ação?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# The expected value of a uniform choice is the average of the actions' exact values
# (print ex3_values to see them). The best action's value minus that average is what the
# random choice gives away on average (its expected regret); the share of optimal actions
# is the chance that a random choice is optimal.
ex3_values = endgame.action_values(ex3)
answer_3 = Fraction(int(sum(ex3_values.values())), len(ex3_values))
ex3_best = max(ex3_values.values())
print(say("ex3_solution", n=len(ex3_values), values=sorted(int(v) for v in ex3_values.values()),
          average=float(answer_3), best=int(ex3_best), regret=float(ex3_best - answer_3),
          hits=sum(v == ex3_best for v in ex3_values.values())))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

_v = endgame.action_values(ex3)
assert all(v == int(v) for v in _v.values()) and len(_v) >= 5 and len(set(_v.values())) >= 3, (
    "the exercise's position no longer fits its description")
assert isinstance(answer_3, numbers.Real), "answer_3 should be a number: a Fraction or a decimal"
assert abs(float(answer_3) - sum(_v.values()) / len(_v)) < 0.001, (   # the exercise's tolerance
    "answer_3 should be the average of the exact values of ex3's legal actions (each equally likely), "
    "for the player to act, within 0.001")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 4
#
# A margem não é o único objetivo possível: `objective="win"` dá a um jogo terminado 1 (o
# assento 0 vence), 0 (vitória compartilhada) ou -1 (o assento 0 perde). Tome a posição `ex4`
# acima (oito decisões antes do fim de uma partida gulosa). Quantas das suas ações legais são
# ótimas para o objetivo *vitória*? Guarde o número em `answer_4`, e compare com a margem.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# endgame.action_values(ex4, objective="win") gives each action's result with best play:
# several actions lead to the same result (a win, a shared win or a loss), so they are all
# "optimal" for winning, while the margin separates them: the win objective cannot tell a
# narrow loss (or win) from a heavy one; the margin can.
ex4_win = endgame.action_values(ex4, objective="win")
answer_4 = sum(v == max(ex4_win.values()) for v in ex4_win.values())
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
_w = endgame.action_values(ex4, objective="win")
_mg = endgame.action_values(ex4)
_n_win = sum(v == max(_w.values()) for v in _w.values())
assert sum(v == max(_mg.values()) for v in _mg.values()) < _n_win, (   # the margin is choosier
    "the exercise's position no longer fits its description")
assert answer_4 == _n_win, ("answer_4 should be the number of ex4's legal actions whose value under "
                            "objective=\"win\" equals the best one's")
### END HIDDEN TESTS

# %% [markdown]
# ## O que guardar
#
# - Um jogo finito de soma zero entre dois jogadores com informação perfeita é uma árvore; a
#   indução retroativa (minimax) dá um valor a cada nó, e o valor da raiz é o que cada
#   jogador consegue garantir.
# - O minimax cabe em poucas linhas; o que o torna utilizável em jogos de verdade é a poda
#   (alfa-beta), uma boa ordem dos lances e uma tabela das posições já resolvidas.
# - Um valor exato é uma régua para bots: num final de partida, o lance de um bot é ótimo ou
#   entrega um número conhecido de pontos (o notebook de exploração *Bots*, em inglês, mede
#   isso em muitas partidas, contra os lances de um jogador aleatório nas mesmas posições).

