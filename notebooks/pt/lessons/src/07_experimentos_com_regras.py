# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lição 7: Experimentos com regras
#
# Um designer pergunta "e se a plataforma de lançamento coubesse três óvnis em vez de dois?".
# O ovnilab responde a perguntas assim jogando o jogo com os dois conjuntos de regras e
# comparando. Esta lição trata de fazer bem essa comparação: jogar os dois conjuntos de
# regras **nas mesmas sementes** (números aleatórios comuns) e analisar as partidas em pares,
# o que pode tornar um experimento várias vezes mais preciso de graça; e testar **muitas**
# coisas de uma vez (aqui: quais cartas de habilidade são fortes) sem declarar vencedores
# que são só ruído.
#
# **Público:** alunos de um curso de probabilidade ou estatística que já viram intervalos de
# confiança; designers de jogos que rodam simulações "e se...?"; professores que preparam um
# ou outro.
#
# **Pré-requisitos:** a [Lição 6](06_estimando_taxas_de_vitoria.ipynb) (modelo binomial,
# intervalo de Wilson, $n$ e margens); variância e covariância de variáveis aleatórias; o
# intervalo normal de uma média, $\bar x \pm z\,s/\sqrt n$; o que é um valor-p.
#
# **Objetivos:** ao fim desta lição você sabe
# - planejar um experimento "e se...?" com as opções de `ovni.Rules` em sementes comuns;
# - escrever a variância de uma diferença pareada e dizer quando o pareamento ajuda;
# - calcular um intervalo pareado e um não pareado a partir das mesmas partidas e
#   compará-los;
# - aplicar à mão o procedimento de Holm a uma família de valores-p, e conferi-lo com
#   `ovnilab.analysis.holm`;
# - ler `ovnilab.analysis.compare_variants`, cujos intervalos vêm de um bootstrap pareado.
#
# **Tempo:** 50 minutos (cerca de 30 para o texto, 20 para os exercícios).
#
# **Glossário:** *Ovni* (o nome do jogo); *plataforma de lançamento*: onde os óvnis
# construídos de um jogador esperam antes de ser lançados a uma cidade (a regra permite
# dois); *Habilidades*: as cartas de habilidade, duas por jogador, cada uma com um poder da
# regra que dobra as regras (no código, pelo tipo: `initial_ufo` um óvni construído na
# plataforma desde a preparação, `extra_moves` dois movimentos a mais quando os pilotos
# agem, `human_swap` trocar o humano a abduzir por um de uma cidade vizinha,
# `starting_aliens` três aliens iniciais em vez de dois, `free_mapping` mapear qualquer
# cidade com dois óvnis, `force_field` guardar dois *Militares* a salvo de ataques por uma
# rodada, `command_six` a ficha de comando 6 volta depois do seu primeiro uso); *primeiro
# jogador*: o assento que recruta primeiro na rodada 1; *semente*: o número que fixa os
# embaralhamentos de uma partida e as escolhas aleatórias dos bots. No código e nas tabelas,
# as duas variantes se chamam `rulebook` (a regra) e `platform 3` (a plataforma de três).

# %%
# %matplotlib inline
import math
import statistics

import matplotlib.pyplot as plt
import numpy as np

from ovnilab import analysis, ovni
from ovnilab.ovni import bots as ovni_bots
from ovnilab.texts.lesson07 import say   # the sentences this lesson prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime

Z = statistics.NormalDist().inv_cdf(0.975)
THREE_PLAYERS = {"num_players": 3, "setup": "random"}
SEED = 7

# %% [markdown]
# ## 1. O experimento
#
# Dois conjuntos de regras: a regra, e a regra com `platform_capacity=3`. Três bots
# aleatórios jogam `N_GAMES` partidas com cada um. O resultado que medimos são os **pontos
# totais** de uma partida (os três assentos juntos): uma plataforma maior produz partidas com
# mais pontos?
#
# `analysis.compare_variants` joga as partidas. Ele joga a partida $i$ de todo conjunto de
# regras a partir da mesma semente: a mesma preparação, a mesma ordem do baralho de aliens, o
# mesmo fluxo aleatório para cada bot. Onde a mudança de regra não importa, as duas partidas
# são idênticas; onde importa, elas se separam a partir daquele ponto. Assim, os dois
# resultados da semente $i$, $X_i$ (regra) e $Y_i$ (variante), são **correlacionados**, e é
# isso que aproveitamos.

# %%
N_GAMES = 2000   # per rule set; raise for tighter intervals (about 2 s of play per 1000 games)


def total_points(game):
    return sum(game.scores)


variants = {"rulebook": ovni.Rules(), "platform 3": ovni.Rules(platform_capacity=3)}
comparison = analysis.compare_variants(variants, "ovni", ovni_bots.RandomBot(), N_GAMES, seed=SEED,
                                       metric=[total_points, "steps"], progress=False, processes=2,
                                       new_game_kwargs=THREE_PLAYERS)
rulebook, platform3 = comparison.results["rulebook"], comparison.results["platform 3"]
x = np.array([total_points(g) for g in rulebook], dtype=float)
y = np.array([total_points(g) for g in platform3], dtype=float)
same = sum(a.scores == b.scores and a.steps == b.steps for a, b in zip(rulebook, platform3))
print(say("means", n=N_GAMES, x=x.mean(), y=y.mean()))
print(say("same", same=same))

# %% [markdown]
# ## 2. Pareado ou independente: a variância de uma diferença
#
# Queremos $\delta = \mathbb E[Y] - \mathbb E[X]$. Duas estimativas, o mesmo $n$ de partidas
# por conjunto de regras:
#
# **Amostras independentes** (a variante em outras sementes): $\bar Y - \bar X$, com
#
# $$\operatorname{Var}(\bar Y - \bar X) = \frac{\sigma_X^2 + \sigma_Y^2}{n}.$$
#
# **Pareadas** (as mesmas sementes): as diferenças por semente $d_i = Y_i - X_i$, e $\bar d$,
# com
#
# $$\operatorname{Var}(d_i) = \sigma_X^2 + \sigma_Y^2 - 2\operatorname{Cov}(X, Y)
#   = \sigma_X^2 + \sigma_Y^2 - 2\rho\,\sigma_X\sigma_Y, \qquad
#   \operatorname{Var}(\bar d) = \frac{\operatorname{Var}(d_i)}{n}.$$
#
# A mesma estimativa ($\bar d = \bar Y - \bar X$), variâncias diferentes: quando a correlação
# $\rho$ é positiva, a variância pareada é menor. Com $\sigma_X = \sigma_Y = \sigma$ ela é
# $2\sigma^2(1-\rho)/n$ contra $2\sigma^2/n$: o intervalo encolhe pelo fator
# $\sqrt{1-\rho}$, e $n$ partidas pareadas valem $n/(1-\rho)$ independentes por conjunto de
# regras. Os dois intervalos de 95% são
#
# $$\text{pareado: } \bar d \pm z\,\frac{s_d}{\sqrt n}, \qquad
#   \text{não pareado: } (\bar Y - \bar X) \pm z\sqrt{\frac{s_X^2}{n} + \frac{s_Y^2}{n}} .$$
#
# A célula calcula os dois a partir das mesmas partidas. A fórmula não pareada é a análise
# **errada** destas partidas pareadas, mas é a largura que um experimento do mesmo tamanho em
# sementes independentes daria (as variâncias são as mesmas), então ela mostra o que as
# sementes comuns compram. A identidade para $\operatorname{Var}(d_i)$ vale exatamente também
# para as variâncias amostrais, e a célula a confere.

# %%
n = len(x)
d = y - x
sx2, sy2 = x.var(ddof=1), y.var(ddof=1)
sxy = np.cov(x, y, ddof=1)[0, 1]
rho = sxy / math.sqrt(sx2 * sy2)
assert math.isclose(d.var(ddof=1), sx2 + sy2 - 2 * sxy)
paired_half = Z * d.std(ddof=1) / math.sqrt(n)
unpaired_half = Z * math.sqrt(sx2 / n + sy2 / n)
paired = (d.mean() - paired_half, d.mean() + paired_half)
unpaired = (d.mean() - unpaired_half, d.mean() + unpaired_half)
print(say("spreads", sx=math.sqrt(sx2), sy=math.sqrt(sy2), sd=d.std(ddof=1), rho=rho))
print(say("mean_diff", d=d.mean(), n=n))
print(say("paired_interval", lo=paired[0], hi=paired[1], half=paired_half))
print(say("unpaired_interval", lo=unpaired[0], hi=unpaired[1], half=unpaired_half))
print(say("ratio", ratio=paired_half / unpaired_half, root=math.sqrt(1 - rho), worth=float(f"{n / (1 - rho):.2g}")))
assert paired_half < unpaired_half
assert abs(math.sqrt(sx2 / sy2) - 1) < 0.05 and abs(paired_half / unpaired_half - math.sqrt(1 - rho)) < 0.02
assert rho > 0.8 and d.std(ddof=1) < 0.5 * math.sqrt(sx2)


def verdict(lo, hi, what):
    if lo > 0:
        return say("above_0", what=what)
    if hi < 0:
        return say("below_0", what=what)
    return say("contains_0", what=what)


print(verdict(*paired, say("paired")))
print(verdict(*unpaired, say("unpaired")))

# %% [markdown]
# O intervalo pareado é mais estreito com os mesmos dados (afirmado), por quase o fator
# $\sqrt{1-\rho}$ (os dois desvios padrão são quase iguais). Os dois veredictos impressos
# acima são o ponto da lição sempre que diferem: as mesmas partidas, analisadas em pares,
# podem responder a uma pergunta que a análise não pareada deixa em aberto.
#
# A figura mostra por quê: cada ponto é uma semente, o total da regra contra o da variante.
# Os pontos se agarram à diagonal, então as diferenças $d_i$ (a distância até a diagonal)
# variam muito menos do que os próprios totais.

# %% tags=["nbval-ignore-output"]
fig, ax = plt.subplots(figsize=(4.2, 4.2))
ax.scatter(x, y, s=4, alpha=0.3)
lim = [min(x.min(), y.min()), max(x.max(), y.max())]
ax.plot(lim, lim, color="0.3", linewidth=0.8)
ax.set_xlabel(say("xlabel"))
ax.set_ylabel(say("ylabel"))
plt.show()

# %% [markdown]
# ## 3. O que `compare_variants` informa: um bootstrap pareado
#
# A tabela da biblioteca dá o valor de cada conjunto de regras e a sua diferença em relação
# ao primeiro (a referência), com intervalos de 95% de um **bootstrap pareado**: sorteie $n$
# sementes com reposição, calcule a diferença das médias *nessas mesmas sementes* nos dois
# conjuntos de regras, repita 1000 vezes (com semente), e tome os percentis de 2,5% e 97,5%.
# Reamostrar sementes inteiras mantém cada par junto, então o bootstrap enxerga a pequena
# variância de $d_i$, como a fórmula pareada; e ele funciona para quantidades que não são uma
# média simples (o equilíbrio entre os assentos, por exemplo), onde não há fórmula à mão.
# Para uma média, o bootstrap e o intervalo normal pareado devem quase coincidir; a célula
# confere que eles concordam a menos de um quinto da meia-largura pareada. (Na tabela,
# `total_points` são os pontos totais e `steps` as decisões de uma partida.)

# %%
print(comparison)
row = comparison.row(metric="total_points", variant="platform 3")
assert math.isclose(row["diff"], d.mean())
assert abs(row["diff_lo"] - paired[0]) < paired_half / 5 and abs(row["diff_hi"] - paired[1]) < paired_half / 5
print(say("bootstrap_vs_normal", blo=row["diff_lo"], bhi=row["diff_hi"], lo=paired[0], hi=paired[1]))

# %% [markdown]
# Dois cuidados. Estes são jogadores **aleatórios**: uma plataforma maior pode importar mais
# (ou menos) para jogadores que planejam os seus lançamentos. E uma diferença pode ser real e
# ainda assim pequena demais para importar à mesa: compare-a com a dispersão do total de uma
# única partida, o $s_X$ acima.
#
# ## 4. Muitas comparações de uma vez: quais cartas de habilidade são fortes?
#
# Cada jogador tem duas *Habilidades* (cartas de habilidade). Nas partidas da regra acima,
# podemos perguntar para cada um dos sete tipos: os assentos que o têm vencem mais (ou menos)
# do que a parte justa $1/3$? São $m = 7$ testes. Se cada um for lido ao nível de 5% e
# nenhuma carta importar, a chance de **pelo menos um** deles sair "significativo" é
# $1 - 0.95^7 \approx 30\%$ se os sete testes forem independentes, e pode chegar a
# $7 \times 5\% = 35\%$ quando não são (a desigualdade da união). Uma ordenação de muitos
# itens precisa controlar esse erro *por família*.
#
# **O procedimento de Holm** (nível $\alpha = 0.05$; a [lição 6](06_estimando_taxas_de_vitoria.ipynb),
# seção 4, diz por que ele mantém o erro por família em $\alpha$). Ordene os valores-p,
# $p_{(1)} \le p_{(2)} \le \dots \le p_{(m)}$. Então, para $k = 1, 2, \dots$: se
# $p_{(k)} \le \alpha/(m - k + 1)$, declare a hipótese $(k)$ rejeitada e continue; no
# primeiro $k$ em que falhar, pare e mantenha todas as restantes. O primeiro teste enfrenta o
# rigoroso $\alpha/m$ de Bonferroni, o seguinte $\alpha/(m-1)$, e assim por diante: cada
# passo é um teste de Bonferroni sobre as hipóteses que ainda estão de pé. De modo
# equivalente, os valores-p **ajustados por Holm**
#
# $$\tilde p_{(k)} = \max_{j \le k}\; \min\bigl(1,\ (m - j + 1)\,p_{(j)}\bigr)$$
#
# são comparados diretamente com $\alpha$. Os valores-p aqui vêm do teste de escore de cada
# taxa de vitórias contra $1/3$ (`analysis.proportion_pvalue`, o teste cuja inversão é o
# intervalo de Wilson).

# %%
by_ability = analysis.win_rate_by(rulebook, "abilities")
print(by_ability)
names = [r["abilities"] for r in by_ability]
raw = [analysis.proportion_pvalue(r["wins"], r["n"], 1 / 3) for r in by_ability]
assert len(raw) == 7 and round(1 - 0.95**7, 2) == 0.30   # seven kinds; the 30% above

# %% [markdown]
# O procedimento de Holm à mão, uma linha por passo: o multiplicador $m - k + 1$, o produto,
# o máximo acumulado (o valor-p ajustado) e a decisão. Depois, o `analysis.holm` da
# biblioteca precisa dar os mesmos valores-p ajustados.

# %%
ALPHA = 0.05
m = len(raw)
order = sorted(range(m), key=lambda i: raw[i])
adjusted_by_hand, rejected_by_hand = [0.0] * m, [False] * m
running, still_rejecting = 0.0, True
print(say("holm_head"))
for k, i in enumerate(order, start=1):
    product = min(1.0, (m - k + 1) * raw[i])
    running = max(running, product)
    adjusted_by_hand[i] = running
    still_rejecting = still_rejecting and raw[i] <= ALPHA / (m - k + 1)
    rejected_by_hand[i] = still_rejecting
    print(say("holm_row", k=k, name=names[i], p=raw[i], mult=m - k + 1, product=product, adjusted=running,
              decision=say("different" if still_rejecting else "keep")))
library = analysis.holm(raw)
assert all(math.isclose(a, b) for a, b in zip(adjusted_by_hand, library))
assert rejected_by_hand == [a <= ALPHA for a in library]   # stepping down = adjusted p-values <= alpha
raw_hits = [names[i] for i in range(m) if raw[i] <= ALPHA]
holm_hits = [names[i] for i in range(m) if library[i] <= ALPHA]
print(say("holm_agrees", raw_n=len(raw_hits), m=m, raw=", ".join(raw_hits) or say("none"), holm_n=len(holm_hits),
          holm=", ".join(holm_hits) or say("none")))
# the library's ranking: the same Holm-adjusted p-values, and simultaneous intervals
ranking = analysis.win_rate_by(rulebook, "abilities", adjust="holm")
assert all(math.isclose(r["p_holm"], library[names.index(r["abilities"])]) for r in ranking)
print(say("simultaneous", level=1 - ALPHA / m))
for r in ranking:
    if r["abilities"] in holm_hits:
        side = "kind_above" if r["rate"] > 1 / 3 else "kind_below"
        touches = r["lo"] <= 1 / 3 <= r["hi"]
        print(say(side, name=r["abilities"], rate=r["rate"], lo=r["lo"], hi=r["hi"], n=r["n"])
              + (say("touches") if touches else ""))

# %% [markdown]
# Só dos tipos que Holm mantém como diferentes pode-se dizer que vencem mais ou menos do que
# a parte justa, cada um relatado com $n$ e o seu intervalo **simultâneo** (os sete
# intervalos valem juntos com probabilidade de pelo menos 95%, Bonferroni), como impresso
# acima; para os outros, estas partidas não conseguem dizer. O teste de Holm é um pouco mais
# poderoso do que os intervalos simultâneos, então um tipo pode passar por Holm enquanto o
# seu intervalo ainda toca $1/3$: a saída o diz onde isso acontece.
#
# Mais dois cuidados: um assento-partida é contado uma vez para cada tipo que tem, e quando
# dois assentos de uma partida têm o mesmo tipo (repetido) os seus resultados não são
# independentes, o que os intervalos de Wilson e os valores-p ignoram; e, como antes, estes
# são jogadores aleatórios, que usam uma habilidade só por acaso.
#
# ## Exercícios
#
# Use $z = 1.96$ e $\alpha = 0.05$ nos exercícios de lápis e papel.

# %% [markdown]
# ### Exercício 1 (lápis e papel)
#
# Dois conjuntos de regras são jogados nas mesmas 500 sementes. Os seus resultados têm o
# mesmo desvio padrão e a correlação por semente é $\rho = 0.9$. Quantas partidas **por
# conjunto de regras** um experimento em sementes independentes precisaria para um intervalo
# da mesma largura? Guarde o inteiro em `answer_1` (uma partida a mais ou a menos é aceita).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_1 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Paired: Var(d-bar) = 2 sigma^2 (1 - rho) / 500 = 2 sigma^2 * 0.1 / 500 = 2 sigma^2 / 5000.
# Independent with n per rule set: Var = 2 sigma^2 / n. Equal widths need equal variances:
# n = 500 / (1 - rho) = 500 / 0.1 = 5000 games per rule set.
answer_1 = 5000
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
_rho, _n, _sigma2 = Fraction(9, 10), 500, Fraction(1)
_paired_var = (_sigma2 + _sigma2 - 2 * _rho * _sigma2) / _n
assert (2 * _sigma2) / 5000 == _paired_var, "the worked solution's variances no longer agree"
import numbers

assert isinstance(answer_1, numbers.Real), "answer_1 should be a number of games"
assert abs(answer_1 - 5000) <= 1, (   # the exercise's tolerance
    "answer_1 should be the games per rule set n whose independent variance 2 sigma^2 / n equals the "
    "paired variance 2 sigma^2 (1 - rho) / 500 (one game more or fewer is accepted)")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 2 (lápis e papel)
#
# Quatro cartas A, B, C, D são testadas cada uma contra a parte justa, com valores-p
# $p_A = 0.010$, $p_B = 0.040$, $p_C = 0.015$, $p_D = 0.005$. Todos os quatro estão abaixo de
# 0,05. Aplique o procedimento de Holm com $\alpha = 0.05$: quais cartas são declaradas
# diferentes da parte justa? Guarde o conjunto de letras em `answer_2` (por exemplo
# `{"A", "C"}`; maiúsculas ou não). Depois compare com Bonferroni (cada valor-p vezes 4).

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# Sorted: D 0.005, A 0.010, C 0.015, B 0.040.
# k=1: D, 0.005 <= 0.05/4 = 0.0125, reject (adjusted 4 * 0.005 = 0.020)
# k=2: A, 0.010 <= 0.05/3 = 0.0167, reject (adjusted 3 * 0.010 = 0.030)
# k=3: C, 0.015 <= 0.05/2 = 0.025,  reject (adjusted 2 * 0.015 = 0.030)
# k=4: B, 0.040 <= 0.05/1 = 0.05,   reject (adjusted 0.040)
# All four. Bonferroni multiplies all by 4: 0.04, 0.16, 0.06, 0.02, keeping only A and D.
answer_2 = {"A", "B", "C", "D"}
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
import re

try:   # the letters in any case and spacing: {"a", " B"}, ["A", "C"], "A, C" and "ac" all name A and C
    _given = ({c.upper() for c in re.findall(r"[A-Za-z]", answer_2)} if isinstance(answer_2, str)
              else {str(c).strip().upper() for c in answer_2})
except TypeError:
    raise AssertionError('answer_2 should be a set of card letters, e.g. {"A", "C"}') from None
_p = {"A": 0.010, "B": 0.040, "C": 0.015, "D": 0.005}
_adj = dict(zip(_p, analysis.holm(list(_p.values()))))
assert {k for k, v in _adj.items() if v <= 0.05} == {"A", "B", "C", "D"}, "analysis.holm disagrees with the solution"
assert _given <= set(_p), f"answer_2 should hold card letters only (A, B, C, D), not {sorted(_given - set(_p))}"
assert _given == {"A", "B", "C", "D"}, (
    "answer_2 should be the cards Holm's procedure declares different at 0.05: sort the p-values, compare the "
    "k-th smallest with 0.05 / (4 - k + 1), and stop at the first that fails")
### END HIDDEN TESTS

# %% [markdown]
# ### Exercício 3
#
# Com as mesmas partidas pareadas (`rulebook` e `platform3` acima), calcule o intervalo
# pareado de 95% da diferença média de **decisões** (as decisões de uma partida,
# `game.steps`), plataforma 3 menos regra, com a fórmula normal $\bar d \pm z\,s_d/\sqrt n$.
# Guarde-o como um par `(lo, hi)` em `answer_3`, cada ponta a menos de 0,001 ($z = 1.96$ ou o
# `Z` do notebook servem). Uma plataforma maior muda a duração de uma partida?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
answer_3 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Pair the games by seed (game i of both runs), take the differences, then the normal
# interval of their mean. If it contains 0, these games cannot tell.
_steps_d = np.array([b.steps - a.steps for a, b in zip(rulebook, platform3)], dtype=float)
_half = Z * _steps_d.std(ddof=1) / math.sqrt(len(_steps_d))
answer_3 = (_steps_d.mean() - _half, _steps_d.mean() + _half)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
try:
    _given_lo, _given_hi = (float(v) for v in answer_3)
except (TypeError, ValueError):
    raise AssertionError("answer_3 should be a pair of two numbers, (lo, hi)") from None
_mean, _sd, _lo, _hi, _n = analysis.mean_interval(b.steps - a.steps for a, b in zip(rulebook, platform3))
assert abs(_given_lo - _lo) < 0.001 and abs(_given_hi - _hi) < 0.001, (   # the exercise's tolerance
    "answer_3 should be (lo, hi) = d-bar -/+ z s_d / sqrt(n), where d = steps under platform 3 minus steps "
    "under the rulebook, seed by seed, and s_d their standard deviation; each end within 0.001")
_half_196 = 1.96 * _sd / math.sqrt(_n)   # z = 1.96 (the pen-and-paper value) is inside the tolerance
assert abs(_mean - _half_196 - _lo) < 0.0005 and abs(_mean + _half_196 - _hi) < 0.0005, (
    "z = 1.96 no longer falls within the exercise's tolerance")
_row = comparison.row(metric="steps", variant="platform 3")   # the paired bootstrap agrees roughly
assert abs(_row["diff_lo"] - _lo) < (_hi - _lo) / 4 and abs(_row["diff_hi"] - _hi) < (_hi - _lo) / 4, (
    "the paired bootstrap and the normal interval no longer roughly agree")
### END HIDDEN TESTS

# %% [markdown]
# ### Depois do exercício 3: uma pergunta, dois intervalos, duas respostas
#
# A célula recalcula o intervalo normal pareado do exercício 3 (sem a sua resposta) e o põe
# ao lado do bootstrap pareado que a tabela da seção 3 imprimiu para as mesmas decisões. Ela
# não imprime as pontas do intervalo normal, que são a resposta do exercício 3: só se ele
# contém 0, e o valor-p do teste normal pareado que o acompanha.

# %%
st_mean, st_sd, st_lo, st_hi, st_n = analysis.mean_interval(b.steps - a.steps for a, b in zip(rulebook, platform3))
st_boot = comparison.row(metric="steps", variant="platform 3")
st_p = 2 * (1 - statistics.NormalDist().cdf(abs(st_mean) / (st_sd / math.sqrt(st_n))))   # the normal paired test
intervals = {"normal paired": (st_lo, st_hi), "paired bootstrap": (st_boot["diff_lo"], st_boot["diff_hi"])}
print(say("steps_mean", mean=st_mean, n=st_n))
for name, (lo, hi) in intervals.items():
    shown = say("ex3_answer") if name == "normal paired" else f"[{lo:+.3f}, {hi:+.3f}]"
    print(say("method_line", name=say(name), shown=shown, verdict=say("contains" if lo <= 0 <= hi else "excludes")))
print(say("normal_test", p=st_p, p2=min(1.0, 2 * st_p)))
assert all(min(abs(lo), abs(hi)) < 0.05 for lo, hi in intervals.values())   # both borderline
assert (st_lo <= 0 <= st_hi) == (st_p >= 0.05)   # the interval and the test agree
if N_GAMES == 2000 and SEED == 7:   # the text below describes these games
    assert st_hi < 0 <= st_boot["diff_hi"] and st_boot["diff_lo"] < 0   # normal excludes 0, bootstrap contains it
    assert 0.025 < st_p < 0.05   # significant alone, not after doubling
    # 0 is nearer to each interval's end than the two methods' ends are to each other
    assert max(min(abs(lo), abs(hi)) for lo, hi in intervals.values()) < abs(st_hi - st_boot["diff_hi"])

# %% [markdown]
# **O exercício 3 tem duas respostas, e essa é a sua lição.** Nas mesmas partidas, o
# intervalo normal pareado exclui o 0 por pouco ("uma plataforma maior encurta um pouco as
# partidas") e o bootstrap pareado o contém por pouco ("estas partidas não conseguem dizer").
# Nenhum dos métodos está errado: os dois são intervalos de 95% aproximados, diferem pela
# aproximação normal e pelo ruído da própria reamostragem do bootstrap (1.000
# reamostragens), e o 0 fica na borda dos dois, mais perto dela do que essas pequenas
# diferenças. Um **intervalo na fronteira** é uma evidência fraca: o relato honesto dá $n$ e
# o intervalo e diz que a pergunta não está decidida, não que o efeito está provado ou
# ausente.
#
# A armadilha é calcular os dois e relatar o que exclui o 0. Isso são **dois testes de uma
# pergunta nas mesmas partidas**, uma comparação múltipla como as sete cartas da seção 4: se
# a plataforma não mudasse nada, a chance de pelo menos um de dois testes a 5% dizer
# "diferente" fica acima de 5% (até 10%; menos aqui, já que os dois são fortemente
# correlacionados). Escolha a análise antes de olhar os resultados, ou ajuste para as duas:
# com o fator 2 de Bonferroni, o valor-p do teste normal impresso acima já não fica abaixo de
# 5%. Para decidir a pergunta, jogue **sementes novas** (um segundo experimento
# independente), não uma segunda análise das mesmas.

# %% [markdown]
# ### Exercício 4
#
# Com os valores-p brutos dos sete tipos de habilidade (`raw` acima), quantos tipos
# **Bonferroni** (rejeitar quando $m\,p \le 0.05$) declara diferentes da parte justa? Guarde o
# inteiro em `answer_4`. Ele pode alguma vez ser maior do que a contagem de Holm?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
answer_4 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# Bonferroni multiplies every p-value by m = 7. Holm multiplies the smallest by 7 too and
# the others by less, so it rejects at least what Bonferroni rejects: never fewer.
answer_4 = sum(7 * p <= 0.05 for p in raw)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
assert answer_4 == sum(min(1.0, len(raw) * p) <= 0.05 for p in raw), (
    "answer_4 should be the number of the seven kinds whose raw p-value times 7 is at most 0.05")
assert answer_4 <= sum(a <= 0.05 for a in analysis.holm(raw)), "Bonferroni found more than Holm: impossible"
### END HIDDEN TESTS
