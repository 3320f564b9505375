# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 6: Estimando uma taxa de vitórias a partir de partidas simuladas
#
# O jogador que joga primeiro em Ovni vence mais vezes do que a sua parte justa? Um bot é
# mais forte do que outro? As duas perguntas tratam de uma probabilidade que não conseguimos
# calcular: a chance de um assento (ou um bot) vencer uma partida. Nós a estimamos a partir
# de partidas jogadas pelo motor do ovnilab, e a estimativa não vale nada sem dizer o quanto
# ela pode errar. Esta lição monta o modelo binomial de um lote de partidas, deduz dois
# intervalos de confiança para uma taxa de vitórias, confere por simulação o que "95%"
# promete e calcula quantas partidas uma pergunta precisa.
#
# **Público:** alunos de um primeiro curso de probabilidade ou estatística (ou alunos de
# teoria dos jogos que rodam simulações); professores que preparam um curso assim; designers
# de jogos que leem relatórios de equilíbrio.
#
# **Pré-requisitos:** a distribuição binomial, a sua média e a sua variância; a aproximação
# normal (o teorema central do limite); resolver uma equação do segundo grau; rodar uma
# célula de notebook. Não é preciso conhecer Ovni ([as regras](../../rules/ovni.ipynb), em
# inglês); a Lição 5 ([probabilidade e cartas ocultas](05_probabilidade_cartas_ocultas.ipynb))
# é útil, mas não obrigatória.
#
# **Objetivos:** ao fim desta lição você sabe
# - modelar as vitórias de um lote de partidas independentes como uma contagem binomial e
#   dar o erro padrão da taxa de vitórias;
# - deduzir os intervalos de 95% normal (de Wald) e de Wilson e calcular os dois à mão;
# - dizer o que é a cobertura de um intervalo e medi-la por simulação;
# - calcular o número de partidas necessário para uma dada margem, $n = z^2 p(1-p)/m^2$;
# - testar um punhado de partidas exatamente (o teste binomial exato), manter uma família de
#   testes a 5% com o procedimento de Holm, e dizer quantas partidas tornam um veredito
#   possível;
# - explicar por que um punhado de partidas não consegue ordenar dois jogadores, e relatar
#   uma vantagem do primeiro jogador com $n$ e um intervalo.
#
# **Tempo:** 50 minutos (cerca de 30 para o texto, 20 para os exercícios).
#
# **Glossário:** *Ovni* (o nome do jogo, objeto voador não identificado); *Militares*,
# *Construtores*, *Abdutores*, *Pilotos*: os quatro tipos de aliens que um jogador recruta;
# *primeiro jogador*: o assento que recruta primeiro na rodada 1 de Ovni, o que tem mais
# *Militares* depois da preparação (empates desfeitos pelos Construtores, Abdutores, Pilotos,
# e por fim o planeta mais distante da Terra); *assento*: o lugar de um jogador à mesa (0, 1,
# 2); *bot*: um programa que joga um assento (`RandomBot` escolhe uma jogada legal ao acaso;
# `GreedyBot` olha uma jogada à frente); *semente*: o número que fixa os embaralhamentos de
# uma partida e as escolhas aleatórias dos bots, de modo que uma partida pode ser jogada de
# novo exatamente igual. O exercício 4 usa o jogo das vacas (um jogo de cartas para dois
# jogadores sobre abduzir vacas).

# %%
# %matplotlib inline
import math
import statistics

import matplotlib.pyplot as plt
import numpy as np

from scipy.stats import binomtest

from ovnilab import analysis, sim
from ovnilab.ovni import bots as ovni_bots
from ovnilab.texts.lesson06 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

Z = statistics.NormalDist().inv_cdf(0.975)   # the 95% normal quantile, 1.95996...
THREE_PLAYERS = {"num_players": 3, "setup": "random"}   # set-up choices by the seeded RNG
SEED = 2026
print(f"z = {Z:.5f}")

# %% [markdown]
# ## 1. Um lote de partidas é um experimento binomial
#
# Três bots aleatórios jogam Ovni. Em cada partida anotamos um número: $X_i = 1$ quando o
# primeiro jogador venceu, $0$ quando não (uma vitória compartilhada por $k$ jogadores conta
# $1/k$). Cada partida começa da sua própria semente, então as partidas são
# **independentes**, e são jogadas com as mesmas regras pelos mesmos bots, então cada uma tem
# a **mesma** chance $p$ de o primeiro jogador vencer. Então o número de vitórias do primeiro
# jogador em $n$ partidas é binomial (as vitórias compartilhadas, a única exceção a 0 ou 1,
# são raras: a seção 7 as conta),
#
# $$S = X_1 + \dots + X_n \sim \mathrm{Bin}(n, p), \qquad \hat p = \frac{S}{n},\qquad
#   \mathbb E[\hat p] = p, \qquad \operatorname{Var}(\hat p) = \frac{p(1-p)}{n}.$$
#
# O **erro padrão** de $\hat p$ é $\sqrt{p(1-p)/n}$: ele diminui como $1/\sqrt n$, então
# quatro vezes mais partidas o reduzem à metade. Com três jogadores, a parte justa é
# $p_0 = 1/3$; a pergunta "jogar primeiro ajuda?" é "$p > 1/3$?".
#
# Aqui estão seis partidas ($\hat p$, "p-chapéu", é a proporção observada).

# %%
six = sim.run_many("ovni", ovni_bots.RandomBot(), 6, seed=SEED, progress=False, new_game_kwargs=THREE_PLAYERS)
wins_6 = sum(g.win_share(g.first_player) for g in six)
print(say("results_each", results=[g.win_share(g.first_player) for g in six]))
print(say("won_of_6", wins=wins_6, p=wins_6 / 6))

# %% [markdown]
# ## 2. O intervalo normal (de Wald)
#
# Pelo teorema central do limite, $\hat p$ é aproximadamente normal com média $p$ e desvio
# padrão $\sqrt{p(1-p)/n}$, então com probabilidade de cerca de 95%
# $|\hat p - p| \le z\sqrt{p(1-p)/n}$, onde $z = 1.96$. O intervalo de Wald troca o $p$
# desconhecido sob a raiz por $\hat p$:
#
# $$\hat p \;\pm\; z\sqrt{\frac{\hat p(1-\hat p)}{n}}.$$
#
# É o intervalo da maioria dos livros-texto, e ele falha exatamente onde as partidas precisam
# dele: quando $\hat p = 0$ ou $1$ a sua largura é zero (seis derrotas "provam" que $p = 0$),
# e perto das pontas ele pode sair de $[0, 1]$.
#
# ## 3. O intervalo de Wilson: inverter o teste
#
# Mantenha $p$ sob a raiz e pergunte para que $p$ o $\hat p$ observado não surpreende:
#
# $$(\hat p - p)^2 \le z^2\,\frac{p(1-p)}{n}
#   \iff \Bigl(1 + \frac{z^2}{n}\Bigr)p^2 - \Bigl(2\hat p + \frac{z^2}{n}\Bigr)p + \hat p^2 \le 0 .$$
#
# Uma função do segundo grau em $p$ com coeficiente principal positivo é $\le 0$ entre as
# suas raízes, então o intervalo é
#
# $$\frac{\hat p + \dfrac{z^2}{2n} \;\pm\; z\sqrt{\dfrac{\hat p(1-\hat p)}{n} + \dfrac{z^2}{4n^2}}}{1 + \dfrac{z^2}{n}} .$$
#
# O seu centro é puxado de $\hat p$ em direção a $1/2$, e a sua largura nunca é zero. É o
# que `ovnilab.analysis.wilson_interval` (e toda taxa de vitórias no ovnilab) usa. A célula
# abaixo confere a fórmula com a biblioteca para todo resultado de seis partidas, e imprime
# os dois intervalos para as nossas seis partidas e para uma varrida, 6 de 6, em que o
# intervalo de Wald se reduz a um ponto.

# %%
def wald(s, n, z=Z):
    p = s / n
    half = z * math.sqrt(p * (1 - p) / n)
    return (p - half, p + half)


def wilson_by_hand(s, n, z=Z):
    p = s / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    return (centre - half, centre + half)


for s in range(7):   # every result of six games: the formula and the library agree
    assert all(abs(a - b) < 1e-12 for a, b in zip(wilson_by_hand(s, 6), analysis.wilson_interval(s, 6)))
for s in sorted({wins_6, 6}):   # our six games' result, and a clean sweep
    w, lib = wilson_by_hand(s, 6), analysis.wilson_interval(s, 6)
    print(say("three_intervals", s=s, wald_lo=wald(s, 6)[0], wald_hi=wald(s, 6)[1], hand_lo=w[0], hand_hi=w[1],
              lib_lo=lib[0], lib_hi=lib[1]))
assert wald(6, 6) == (1.0, 1.0)   # Wald's width is zero at p-hat = 1 (section 2)

# %% [markdown]
# ## 4. Por que seis partidas não dizem nada
#
# O resultado do primeiro jogador nas nossas seis partidas é um veredito? E as afirmações que
# se ouvem sobre bots, "ele venceu 3 de 6", ou mesmo "ele venceu 5 de 6"? O intervalo de
# Wilson se apoia na aproximação normal, que é grosseira em $n = 6$. Com tão poucas partidas
# podemos calcular exatamente. Se dois jogadores são equilibrados ($p = 1/2$), cada resultado
# $s$ de seis partidas tem probabilidade $P(s) = \binom{6}{s}/2^6$; o valor-p bilateral do
# **teste binomial exato** de um resultado é a probabilidade total dos resultados no máximo
# tão prováveis quanto ele,
#
# $$\text{valor-p}(s) = \sum_{k:\ P(k) \le P(s)} P(k), \qquad
#   \text{uma varrida (6-0 ou 0-6): } \frac{1 + 1}{64} = \frac{2}{64} \approx 0.031 .$$
#
# A célula confere se o intervalo de Wilson das nossas seis partidas contém a parte justa
# $1/3$, e lista, para todo resultado possível de seis partidas entre dois jogadores, o seu
# intervalo de Wilson e o seu valor-p exato contra uma disputa equilibrada (calculado pela
# fórmula e conferido com `scipy.stats.binomtest`), ao lado do valor-p do teste de escore
# que o intervalo de Wilson inverte (`analysis.proportion_pvalue`, a aproximação normal).

# %%
def exact_pvalue(s, n, p=0.5):
    """Two-sided exact binomial test: the probability of the results at most as likely as s."""
    prob = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    return math.fsum(q for q in prob if q <= prob[s] * (1 + 1e-9))


lo6, hi6 = analysis.wilson_interval(wins_6, 6)
print(say("our_six", wins=wins_6, lo=lo6, hi=hi6, contains=lo6 <= 1 / 3 <= hi6))
assert lo6 <= 1 / 3 <= hi6
exact6 = {s: exact_pvalue(s, 6) for s in range(7)}
for s in range(7):
    lo, hi = analysis.wilson_interval(s, 6)
    assert math.isclose(exact6[s], binomtest(s, 6, 0.5).pvalue)
    print(say("six_line", s=s, lo=lo, hi=hi, excludes=str(not lo <= 0.5 <= hi), exact=exact6[s],
              score=analysis.proportion_pvalue(s, 6, 0.5)))
decisive = [s for s in range(7) if exact6[s] <= 0.05]
print(say("decisive", results=say("and").join(f"{s}/6" for s in decisive), p=exact6[6]))
assert decisive == [0, 6] and exact6[6] == 2 / 64 and exact6[3] == 1
assert round(exact6[5], 2) == 0.22 and round(analysis.proportion_pvalue(6, 6, 0.5), 3) == 0.014
assert exact6[6] > 2 * analysis.proportion_pvalue(6, 6, 0.5)   # the score test: "more than twice as strong"

# %% [markdown]
# As nossas seis partidas não conseguem dizer se o primeiro jogador tem vantagem: o seu
# intervalo contém a parte justa. Tanto "3 de 6" quanto "5 de 6" são compatíveis com o
# lançamento de uma moeda (valores-p exatos 1 e 0,22). Só uma varrida (ou uma derrota
# completa) em seis partidas exclui uma disputa equilibrada, e só para **um** par olhado
# sozinho: o seu valor-p exato é $2/64 \approx 0.031$, enquanto o teste de escore diz 0,014,
# mais de duas vezes mais forte do que é. Com $n$ pequeno, use o teste exato.
#
# **Muitos pares de uma vez: o procedimento de Holm.** Uma ordenação de $b$ bots compara
# $b(b-1)/2$ pares, e cada par lido a 5% acrescenta a sua própria chance de um falso
# "melhor". O que precisa ficar abaixo de 5% é o **erro por família** (*family-wise error*):
# a chance de pelo menos um veredito falso entre os $m$ testes. O procedimento de Holm ao
# nível $\alpha = 0.05$ o mantém ali. Ordene os valores-p, $p_{(1)} \le \dots \le p_{(m)}$;
# declare diferente o par do primeiro se $p_{(1)} \le \alpha/m$, depois o do segundo se
# $p_{(2)} \le \alpha/(m-1)$, e assim por diante; no primeiro que falhar, pare e não declare
# mais nada. Por que funciona: suponha que $r$ dos pares sejam de fato equilibrados. Um
# veredito falso precisa que o primeiro deles a que o procedimento chega, o que tem o menor
# dos seus $r$ valores-p, passe no seu passo; no máximo $m - r$ outros pares vêm antes dele,
# então o seu limiar é no máximo $\alpha/r$; e cada um dos $r$ valores-p é no máximo
# $\alpha/r$ com probabilidade no máximo $\alpha/r$, então a chance de o menor deles ser é no
# máximo $r \cdot \alpha/r = \alpha$. As mesmas decisões vêm dos valores-p **ajustados por
# Holm** $\tilde p_{(k)} = \max_{j \le k} \min\bigl(1, (m - j + 1)\,p_{(j)}\bigr)$ comparados
# com $\alpha$ (`analysis.holm`); quando os $m$ valores-p são iguais, cada ajustado é $m$
# vezes ele. A [Lição 7](07_experimentos_com_regras.ipynb) aplica o
# procedimento à mão a sete valores-p.
#
# A célula toma o melhor caso para uma ordenação, todo par uma varrida de seis partidas, e
# imprime para dois, três e quatro bots (um, três e seis pares) o menor valor-p ajustado por
# Holm; a chance de a regra "uma varrida é um veredito" declarar algum par diferente quando
# todo par é na verdade equilibrado (as partidas dos pares são independentes); e o menor
# número de partidas por par com que um veredito é possível: uma varrida cujo valor-p exato
# sobrevive ao ajuste de Holm.

# %%
def smallest_n(ok):
    return next(n for n in range(1, 100) if ok(n))


ALPHA = 0.05
verdict_n = {}
for bots in (2, 3, 4):
    pairs = bots * (bots - 1) // 2
    best = min(analysis.holm([exact6[6]] * pairs))   # every pair ended in a sweep
    fwer = 1 - (1 - exact6[6]) ** pairs   # P(some pair sweeps | every pair even)
    verdict_n[bots] = smallest_n(lambda n: min(analysis.holm([exact_pvalue(n, n)] * pairs)) <= ALPHA)
    print(say("bots_block", bots=bots, pairs=say("pairs" if pairs > 1 else "pair", n=pairs), best=best,
              side=say("below" if best <= ALPHA else "above"), fwer=fwer, n=verdict_n[bots]))
near_sweep_n = smallest_n(lambda n: exact_pvalue(n - 1, n) <= ALPHA)
print(say("one_pair", n=near_sweep_n, p=exact_pvalue(near_sweep_n - 1, near_sweep_n)))
assert math.isclose(min(analysis.holm([exact6[6]] * 3)), 3 * 2 / 64) and 3 * 2 / 64 > ALPHA   # 0.094
assert round(1 - (62 / 64) ** 3, 3) == 0.091 and verdict_n == {2: 6, 3: 7, 4: 8} and near_sweep_n == 9

# %% [markdown]
# Com três bots, nem três varridas sobrevivem ao ajuste de Holm
# ($3 \times 2/64 \approx 0.094 > 0.05$), e a regra "uma varrida é um veredito" declararia
# algum par de três pares equilibrados diferente com probabilidade
# $1 - (62/64)^3 \approx 0.091$, quase o dobro dos 5% que ela pretende. Então seis partidas
# por par não ordenam **nenhum** conjunto de três ou mais bots, sejam quais forem os
# resultados. Um veredito se torna *possível* com 6 partidas para um par sozinho, 7 por par
# para três bots e 8 para quatro, e só para uma varrida; uma partida perdida na série pede 9
# partidas mesmo para um único par. Esses são os menores números de partidas com que algum
# resultado consegue decidir a pergunta; ver uma vantagem real de alguns pontos exige muito
# mais, como mostram as seções 6 e 7.
#
# ## 5. O que "95%" quer dizer: a cobertura
#
# Um método de intervalo de 95% promete: **em muitas repetições** do experimento, cerca de
# 95% dos intervalos que ele constrói contêm o $p$ verdadeiro. Um intervalo contém $p$ ou
# não; os 95% são uma propriedade do método. Essa promessa pode ser conferida quando
# conhecemos $p$. Tome um jogador fraco, que vence com probabilidade $p = 0.1$, deixe-o jogar
# $n = 20$ partidas, construa os dois intervalos, e repita `REPS` = 10.000 vezes (um gerador
# com semente faz as repetições).
#
# A cobertura exata também é uma soma finita sobre os resultados possíveis
# $s = 0, \dots, n$: $\;\sum_s \binom{n}{s} p^s (1-p)^{n-s}\,[\,p \in I(s)\,]$. A simulação
# deve concordar com ela a menos do seu próprio erro amostral, $\sqrt{c(1-c)/\text{REPS}}$.

# %%
P_TRUE, N_SMALL, REPS = 0.1, 20, 10_000   # raise REPS for a finer estimate of the coverage


def covers(interval, p):
    return interval[0] <= p <= interval[1]


def exact_coverage(method, n, p):
    return sum(math.comb(n, s) * p**s * (1 - p) ** (n - s) for s in range(n + 1) if covers(method(s, n), p))


rng = np.random.default_rng(SEED)
successes = rng.binomial(N_SMALL, P_TRUE, size=REPS)
coverage = {}
for name, method in (("Wald", wald), ("Wilson", analysis.wilson_interval)):
    hit = {s: covers(method(s, N_SMALL), P_TRUE) for s in range(N_SMALL + 1)}
    simulated = float(np.mean([hit[s] for s in successes]))
    exact = exact_coverage(method, N_SMALL, P_TRUE)
    se = math.sqrt(exact * (1 - exact) / REPS)
    assert abs(simulated - exact) < 4 * se   # the simulation agrees with the exact sum
    coverage[name] = simulated
    print(say("coverage", name=name, simulated=simulated, reps=REPS, p=P_TRUE, exact=exact))
assert abs(coverage["Wilson"] - 0.95) < 0.02 and coverage["Wald"] < 0.90

# %% [markdown]
# Os intervalos de Wilson cobrem o $p$ verdadeiro a menos de dois pontos dos 95% prometidos;
# os intervalos de Wald ficam mais de cinco pontos abaixo (a célula afirma as duas coisas). O
# motivo: um jogador com $p = 0.1$ não vence nenhuma partida em $0.9^{20} \approx 12\%$ dos
# lotes, e o intervalo de Wald para $0/20$ é o ponto único $\{0\}$, que nunca cobre $0.1$.
#
# A próxima célula repete a conta exata para todo $p$ de 0,01 a 0,99 com $n = 20$, e a
# figura a desenha. A cobertura sobe e desce aos saltos porque $s$ só assume valores
# inteiros.

# %%
assert round(0.9**20, 2) == 0.12 and wald(0, N_SMALL) == (0.0, 0.0)
grid = np.linspace(0.01, 0.99, 197)
curves = {name: [exact_coverage(method, N_SMALL, p) for p in grid]
          for name, method in (("Wald", wald), ("Wilson", analysis.wilson_interval))}
for name, c in curves.items():
    print(say("coverage_grid", name=name, low=min(c), high=max(c), at=grid[np.argmin(c)]))
assert min(curves["Wilson"]) > 0.9 and min(curves["Wald"]) < 0.7

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(7, 3.2))
for name, c in curves.items():
    ax.plot(grid, c, label=name)
ax.axhline(0.95, color="0.3", linestyle="--", linewidth=0.8)
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel", n=N_SMALL))
ax.set_ylim(0.0, 1.0)
ax.legend()
plt.show()

# %% [markdown]
# A curva de Wilson nunca cai abaixo de 90% na grade; a curva de Wald desaba perto das pontas,
# onde vivem os jogadores fortes e os fracos.
#
# ## 6. Quantas partidas? $n = z^2 p(1-p)/m^2$
#
# A meia-largura (a **margem**) do intervalo normal é $m = z\sqrt{p(1-p)/n}$. Isolando $n$:
#
# $$n = \frac{z^2\,p(1-p)}{m^2}.$$
#
# Como $p(1-p) \le 1/4$, o pior caso é $p = 1/2$. **À mão**, para uma margem de cinco
# pontos: $n = 1.96^2 \cdot 0.25 / 0.05^2 = 3.8416 \cdot 0.25 / 0.0025 = 384.16$, então
# **385 partidas**. A célula calcula o mesmo, e confere que os intervalos de Wilson dos
# resultados mais equilibrados que 385 partidas podem dar, 192 e 193 vitórias (385 é ímpar:
# nenhum resultado é exatamente a metade), têm meias-larguras de no máximo $0.05$ (em
# $\hat p = 1/2$ a meia-largura seria $z/(2\sqrt{n + z^2})$, um pouco abaixo da de Wald, e
# ela só diminui longe de $1/2$).

# %%
def games_needed(margin, p=0.5, z=Z):
    return math.ceil(z**2 * p * (1 - p) / margin**2)


n_05 = games_needed(0.05)
print(say("games_for_margin", n=n_05))
for s in (n_05 // 2, n_05 // 2 + 1):   # the two most even results (n_05 is odd)
    lo, hi = analysis.wilson_interval(s, n_05)
    print(say("half_width", s=s, n=n_05, lo=lo, hi=hi, half=(hi - lo) / 2))
    assert (hi - lo) / 2 <= Z / (2 * math.sqrt(n_05 + Z**2)) <= 0.05
assert n_05 == 385 and n_05 % 2 == 1

# %% [markdown]
# A margem precisa ser **menor do que o efeito** que queremos ver. Que efeito? Ele é
# escolhido **antes** de jogar, a partir do que importa para a pergunta, nunca da parte que
# as partidas mostram depois (um poder calculado na parte observada só repete o resultado).
# Aqui um designer reequilibraria a preparação por uma vantagem de três pontos, uma vitória a
# mais em cerca de 33 partidas, e não por menos: então a alternativa é
# $p_1 = 1/3 + 0.03 \approx 0.363$. Com que frequência um lote de partidas mostraria essa
# vantagem, isto é, daria um intervalo de Wilson acima de $1/3$? A célula soma as
# probabilidades binomiais $\binom{n}{s}p_1^s\,(1-p_1)^{n-s}$ dos resultados $s$ cujo
# intervalo fica acima de $1/3$, para as 385 partidas de uma margem de 0,05 e para 3.000
# partidas (uma margem de menos de dois pontos em $p = 1/3$).

# %%
def chance_above(n, p, fair=1 / 3):
    """P(the Wilson interval of n games lies above `fair`) when the true win rate is p."""
    def pmf(s):  # binomial probability of s wins, through logarithms (n may be large)
        return math.exp(math.lgamma(n + 1) - math.lgamma(s + 1) - math.lgamma(n - s + 1)
                        + s * math.log(p) + (n - s) * math.log(1 - p))
    return math.fsum(pmf(s) for s in range(n + 1) if analysis.wilson_interval(s, n)[0] > fair)


EDGE = 0.03   # the smallest edge that matters to the design, fixed before any game is played
P_EDGE = 1 / 3 + EDGE
power = {n: chance_above(n, P_EDGE) for n in (n_05, 3000)}
for n, chance in power.items():
    print(say("power", p=P_EDGE, n=n, chance=chance))
assert 0.15 < power[n_05] < 0.25 and power[3000] > 0.75

# %% [markdown]
# Essa chance é o **poder** do experimento contra uma vantagem desse tamanho. Com 385
# partidas a vantagem aparece em menos de um lote em quatro; os outros lotes não conseguem
# dizer. Com 3.000 partidas ela aparece na maioria dos lotes, e é por isso que a próxima
# seção joga 3.000 por padrão (`N_GAMES`).
#
# ## 7. A vantagem do primeiro jogador em Ovni
#
# `N_GAMES` partidas de três jogadores entre bots aleatórios (as seis partidas acima são as
# seis primeiras deste lote: a partida $i$ de um lote sempre começa da mesma semente). A
# referência é a parte justa $1/3$; a tabela dos assentos ao lado mostra se um *número* de
# assento é favorecido (o assento que recruta primeiro muda de partida para partida).
#
# A pergunta, fixada antes das partidas, tem um sentido: "$p > 1/3$?". O seu teste é
# **unilateral**: com $z = (\hat p - 1/3)/\sqrt{(1/3)(2/3)/n}$, o valor-p é $P(Z \ge z)$ sob
# $p = 1/3$. (O valor-p bilateral, `analysis.proportion_pvalue`, é o dobro da cauda menor e
# responde a outra pergunta, "$p$ é diferente de $1/3$?".) Um intervalo de Wilson de 95%
# acima de $1/3$ é o mesmo evento que esse valor-p unilateral abaixo de 2,5%, então o
# intervalo e o teste abaixo sempre concordam.

# %%
N_GAMES = 3000   # raise for a tighter interval (about 2 s of play per 1000 games)
games = sim.run_many("ovni", ovni_bots.RandomBot(), N_GAMES, seed=SEED, progress=False,
                     new_game_kwargs=THREE_PLAYERS, processes=2)
assert [g.win_share(g.first_player) for g in games[:6]] == [g.win_share(g.first_player) for g in six]
first = analysis.first_player_advantage(games)
shared = sum(len(g.winners) > 1 for g in games)
margin = Z * math.sqrt((1 / 3) * (2 / 3) / N_GAMES)
print(first)
print(say("shared", shared=shared, n=N_GAMES, margin=margin))
assert shared < 0.01 * N_GAMES and margin < 0.02   # shared wins are rare; the margin is under two points
seats = analysis.win_rates(games)
print(seats)
off = [r["seat"] for r in seats if not r["lo"] <= 1 / 3 <= r["hi"]]
print(say("seats_off", seats=off if off else say("none")))

# %%
z_first = (first.value - 1 / 3) / math.sqrt((1 / 3) * (2 / 3) / first.n)
pvalue = 1 - statistics.NormalDist().cdf(z_first)   # one-sided: the question is "is p > 1/3?"
two_sided = analysis.proportion_pvalue(first.value * first.n, first.n, 1 / 3)
assert abs(two_sided - 2 * min(pvalue, 1 - pvalue)) < 1e-12   # the two-sided test doubles the smaller tail
assert (first.lo > 1 / 3) == (pvalue < 0.025)   # the interval above 1/3 <=> one-sided p-value < 2.5%
if first.lo > 1 / 3:
    verdict = say("verdict_above", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue,
                  edge=first.value - 1 / 3)
elif first.hi < 1 / 3:
    verdict = say("verdict_below", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue)
else:
    verdict = say("verdict_unclear", value=first.value, lo=first.lo, hi=first.hi, n=first.n, p=pvalue)
print(verdict)

# %% [markdown]
# Três cuidados acompanham essa frase. Ela trata de jogadores **aleatórios**: jogadores
# habilidosos podem usar (ou neutralizar) o primeiro lance de outro jeito, e medir isso
# exige bots melhores ([os torneios de bots](../../explore/bots.ipynb), em inglês). O
# primeiro jogador é o que tem mais *Militares* depois da preparação, então a sua vantagem
# pode vir desses aliens tanto quanto de jogar primeiro: este experimento não consegue
# separar as duas coisas. E uma vantagem de alguns pontos é pequena: numa única partida
# entre pessoas ela se perde no meio de todo o resto, e é por isso que são precisas milhares
# de partidas para vê-la.
#
# A [Lição 7](07_experimentos_com_regras.ipynb) continua daqui: como
# comparar dois conjuntos de regras nas mesmas sementes, e como ordenar muitas coisas de uma
# vez sem nos enganarmos.
#
# ## Exercícios
#
# Use $z = 1.96$ nos exercícios de lápis e papel.

# %% [markdown]
# ### Exercício 1 (lápis e papel)
#
# Um bot venceu 5 de 6 partidas. Calcule a ponta **superior** do intervalo de Wald de 95%,
# $\hat p + z\sqrt{\hat p(1-\hat p)/n}$, com três casas decimais, e guarde-a em `answer_1`.
# (Compare-a com a maior taxa de vitórias possível.)

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# p-hat = 5/6 = 0.8333; p-hat (1 - p-hat) / n = (5/6)(1/6)/6 = 5/216 = 0.023148;
# its root is 0.15215; times 1.96 gives 0.29821. Upper end 0.8333 + 0.2982 = 1.1315,
# above 1: the Wald interval claims win rates that cannot exist.
answer_1 = 1.132
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_1, numbers.Real), "answer_1 should be a number, the upper end of the Wald interval"
assert abs(answer_1 - wald(5, 6, z=1.96)[1]) < 0.001, (
    "answer_1 should be the upper end of the 95% Wald interval of 5 wins in 6 games, "
    "p-hat + 1.96 sqrt(p-hat (1 - p-hat) / 6) with p-hat = 5/6, to three decimals")
assert answer_1 > 1 > analysis.wilson_interval(5, 6)[1], "the lesson's own claim (Wald above 1) no longer holds"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# Um bot vence **todas** as $n$ partidas que joga. Mostre que a ponta inferior do seu
# intervalo de Wilson é $n/(n + z^2)$ (ponha $\hat p = 1$ na fórmula da seção 3). Qual é o
# menor $n$ para o qual o intervalo de Wilson de uma varrida de $n$ partidas exclui uma
# disputa equilibrada ($1/2$)? Guarde o inteiro em `answer_2`. Depois compare com o teste
# exato da seção 4: o que a diferença diz sobre o intervalo de Wilson com $n$ muito pequeno?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# With p-hat = 1 the root is sqrt(0 + z^2/(4 n^2)) = z^2/(2n) after multiplying by z, so the
# lower end is (1 + z^2/(2n) - z^2/(2n)) / (1 + z^2/n) = 1 / (1 + z^2/n) = n / (n + z^2).
# It exceeds 1/2 when 2n > n + z^2, i.e. n > z^2 = 3.84: n = 4 (4/7.84 = 0.510).
# Three wins of three give 3/6.84 = 0.439: not enough.
# The exact test of section 4 needs 6 games for a sweep (4-0 has exact p-value 2/16 =
# 0.125, 5-0 has 2/32 = 0.0625): at such small n the Wilson interval, built on the normal
# approximation, is narrower than the games justify.
answer_2 = 4
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_2, numbers.Real) and float(answer_2).is_integer(), (
    "answer_2 should be a whole number of games")
assert answer_2 == 4, ("answer_2 should be the smallest n for which a sweep's Wilson lower end, n/(n + z^2) "
                       "with z = 1.96, is above 1/2")
assert answer_2 == min(n for n in range(1, 50) if analysis.wilson_interval(n, n)[0] > 0.5), (
    "the library's Wilson interval disagrees with the formula")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 3 (lápis e papel)
#
# Um designer quer a parte do primeiro jogador em Ovni de três jogadores a menos de
# $\pm 0.02$ (95%), e espera que ela fique perto da parte justa $p = 1/3$. Quantas partidas
# a aproximação normal pede? Guarde o inteiro (arredondado para cima) em `answer_3`.
# Arredondar $p$ ou resultados intermediários à mão muda os últimos dígitos: uma resposta a
# menos de 1% é aceita.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# n = z^2 p (1 - p) / m^2 = 3.8416 * (1/3)(2/3) / 0.0004 = 3.8416 * 0.2222 / 0.0004
#   = 0.85369 / 0.0004 = 2134.2, rounded up: 2135 games.
answer_3 = 2135
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
import numbers

assert isinstance(answer_3, numbers.Real), "answer_3 should be a number of games"
assert abs(answer_3 - 2135) <= 0.01 * 2135, (   # the exercise's tolerance
    "answer_3 should be n = z^2 p (1 - p) / m^2 with z = 1.96, p = 1/3 and m = 0.02, rounded up (within 1%)")
assert 2135 == games_needed(0.02, p=1 / 3, z=1.96) == games_needed(0.02, p=1 / 3), "section 6's formula changed"
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 4
#
# No jogo das vacas, deixe `cow_bots.GreedyBot()` (assento 0) jogar contra
# `cow_bots.RandomBot()` (assento 1) por 100 partidas com
# `sim.run_many("cows", [...], 100, seed=7, progress=False)`. Guarde o intervalo de Wilson de
# 95% do bot guloso como um par `(lo, hi)` em `answer_4` (`analysis.win_rate` o dá; cada
# ponta a menos de 0,001). Ele exclui uma disputa equilibrada?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
from ovnilab.cows import bots as cow_bots

answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# The games are independent (one seed each) with the same bots in the same seats: a
# binomial experiment, so the Wilson interval of seat 0's wins applies. It lies far above
# 1/2: the greedy bot is stronger than the random one.
cow_games = sim.run_many("cows", [cow_bots.GreedyBot(), cow_bots.RandomBot()], 100, seed=7, progress=False)
greedy_rate = analysis.win_rate(cow_games, 0)
answer_4 = (greedy_rate.lo, greedy_rate.hi)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
try:
    _lo, _hi = (float(v) for v in answer_4)
except (TypeError, ValueError):
    raise AssertionError("answer_4 should be a pair of two numbers, (lo, hi)") from None
_check = analysis.win_rate(sim.run_many("cows", [cow_bots.GreedyBot(), cow_bots.RandomBot()], 100, seed=7,
                                        progress=False), 0)
assert abs(_lo - _check.lo) < 0.001 and abs(_hi - _check.hi) < 0.001, (   # the tolerance
    "answer_4 should be the 95% Wilson interval (lo, hi) of seat 0's wins in those 100 games, "
    "as analysis.win_rate gives it, each end within 0.001")
assert _check.lo > 0.5, "the lesson's own claim (the greedy bot is stronger) no longer holds"
### END HIDDEN TESTS
