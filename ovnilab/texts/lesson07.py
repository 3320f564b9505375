"""Lesson 7's own sentences (notebooks/lessons/07_experiments_on_rules.ipynb and its
Portuguese, notebooks/pt/lessons/07_experimentos_com_regras.ipynb): see
:mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    "means": {"en": "{n} seeds; mean total points: rulebook {x:.2f}, platform 3 {y:.2f}",
              "pt": "{n} sementes; média dos pontos totais: regra (rulebook) {x:.2f}, plataforma 3 {y:.2f}"},
    "same": {"en": "seeds where the two games ended with the same scores and length: {same}",
             "pt": "sementes em que as duas partidas terminaram com os mesmos pontos e a mesma duração: {same}"},
    "spreads": {"en": "s_X = {sx:.2f}, s_Y = {sy:.2f}, s_d = {sd:.2f}, correlation rho = {rho:.3f}",
                "pt": "s_X = {sx:.2f}, s_Y = {sy:.2f}, s_d = {sd:.2f}, correlação rho = {rho:.3f}"},
    "mean_diff": {"en": "mean difference (platform 3 - rulebook): {d:+.3f} points, n = {n} seeds",
                  "pt": "diferença média (plataforma 3 - regra): {d:+.3f} pontos, n = {n} sementes"},
    "paired_interval": {"en": "paired 95% interval   [{lo:+.3f}, {hi:+.3f}]  (half-width {half:.3f})",
                        "pt": "intervalo pareado de 95%     [{lo:+.3f}, {hi:+.3f}]  (meia-largura {half:.3f})"},
    "unpaired_interval": {"en": "unpaired 95% interval [{lo:+.3f}, {hi:+.3f}]  (half-width {half:.3f})",
                          "pt": "intervalo não pareado de 95% [{lo:+.3f}, {hi:+.3f}]  (meia-largura {half:.3f})"},
    "ratio": {"en": "width ratio {ratio:.3f}; sqrt(1 - rho) = {root:.3f}; the paired games are worth about {worth:,.0f} "
                    "independent games per rule set",
              "pt": "razão das larguras {ratio:.3f}; sqrt(1 - rho) = {root:.3f}; as partidas pareadas valem cerca de "
                    "{worth:.0f} partidas independentes por conjunto de regras"},
    "paired": {"en": "paired", "pt": "pareado"},
    "unpaired": {"en": "unpaired", "pt": "não pareado"},
    "above_0": {"en": "{what}: the interval lies above 0, the variant scores more",
                "pt": "{what}: o intervalo fica acima de 0, a variante marca mais pontos"},
    "below_0": {"en": "{what}: the interval lies below 0, the variant scores less",
                "pt": "{what}: o intervalo fica abaixo de 0, a variante marca menos pontos"},
    "contains_0": {"en": "{what}: the interval contains 0, these games cannot tell",
                   "pt": "{what}: o intervalo contém 0, estas partidas não conseguem dizer"},
    "xlabel": {"en": "total points, rulebook", "pt": "pontos totais, regra"},
    "ylabel": {"en": "total points, platform 3", "pt": "pontos totais, plataforma 3"},
    "bootstrap_vs_normal": {"en": "total points, platform 3 - rulebook: bootstrap [{blo:+.3f}, {bhi:+.3f}], "
                                  "normal paired [{lo:+.3f}, {hi:+.3f}]",
                            "pt": "pontos totais, plataforma 3 - regra: bootstrap [{blo:+.3f}, {bhi:+.3f}], "
                                  "normal pareado [{lo:+.3f}, {hi:+.3f}]"},
    "holm_head": {"en": " k  ability                  p m-k+1   product  adjusted  decision",
                  "pt": " k  habilidade               p m-k+1   produto  ajustado  decisão"},
    "holm_row": {"en": "{k:>2}  {name:16s} {p:9.2g} {mult:>5} {product:9.2g} {adjusted:9.2g}  {decision}",
                 "pt": "{k:>2}  {name:16s} {p:9.2g} {mult:>5} {product:9.2g} {adjusted:9.2g}  {decision}"},
    "different": {"en": "different from 1/3", "pt": "diferente de 1/3"},
    "keep": {"en": "keep", "pt": "mantém"},
    "none": {"en": "none", "pt": "nenhuma"},
    "holm_agrees": {"en": "\nanalysis.holm agrees with the table. Below 5% before adjustment: {raw_n} of {m} kinds "
                          "({raw}); after Holm's adjustment: {holm_n} ({holm}).",
                    "pt": "\nanalysis.holm concorda com a tabela. Abaixo de 5% antes do ajuste: {raw_n} de {m} tipos "
                          "({raw}); depois do ajuste de Holm: {holm_n} ({holm})."},
    "simultaneous": {"en": "simultaneous 95% intervals (each at {level:.4f}) of the kinds Holm keeps as different:",
                     "pt": "intervalos simultâneos de 95% (cada um a {level:.4f}) dos tipos que Holm mantém como "
                           "diferentes:"},
    "kind_above": {"en": "  {name}: win rate {rate:.3f} [{lo:.3f}, {hi:.3f}] over n = {n} seat-games, above the fair share",
                   "pt": "  {name}: taxa de vitórias {rate:.3f} [{lo:.3f}, {hi:.3f}] com n = {n} assentos-partida, acima da "
                         "parte justa"},
    "kind_below": {"en": "  {name}: win rate {rate:.3f} [{lo:.3f}, {hi:.3f}] over n = {n} seat-games, below the fair share",
                   "pt": "  {name}: taxa de vitórias {rate:.3f} [{lo:.3f}, {hi:.3f}] com n = {n} assentos-partida, abaixo da "
                         "parte justa"},
    "touches": {"en": " (the simultaneous interval still touches 1/3)",
                "pt": " (o intervalo simultâneo ainda toca 1/3)"},
    "steps_mean": {"en": "steps, platform 3 - rulebook: mean difference {mean:+.3f} over n = {n} seeds",
                   "pt": "decisões (steps), plataforma 3 - regra: diferença média {mean:+.3f} com n = {n} sementes"},
    "normal paired": {"en": "normal paired", "pt": "normal pareado"},
    "paired bootstrap": {"en": "paired bootstrap", "pt": "bootstrap pareado"},
    "ex3_answer": {"en": "(exercise 3's answer)", "pt": "(a resposta do exercício 3)"},
    "contains": {"en": "contains 0", "pt": "contém 0"},
    "excludes": {"en": "excludes 0", "pt": "exclui 0"},
    "method_line": {"en": "  {name:16s} 95% {shown}: {verdict}, its end nearest 0 lies within 0.05 of it",
                    "pt": "  {name:16s} 95% {shown}: {verdict}, a sua ponta mais perto de 0 fica a menos de 0.05 dele"},
    "normal_test": {"en": "normal paired test: p = {p:.2f}; Bonferroni for the two tests on the same games: "
                          "2 x p = {p2:.2f}",
                    "pt": "teste normal pareado: p = {p:.2f}; Bonferroni para os dois testes nas mesmas partidas: "
                          "2 x p = {p2:.2f}"},
})
