"""Lesson 2's own sentences (notebooks/lessons/02_dominance_prisoners_dilemma.ipynb and its
Portuguese, notebooks/pt/lessons/02_dominancia_dilema_do_prisioneiro.ipynb): see
:mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    # the lesson's names for its games and versions (the code's keys stay English)
    "words": {"en": {}, "pt": {
        "cancelled 6 spent, payoff as above": "6 anulado é gasto, ganhos como acima",
        "cancelled 6 returns (other reading)": "6 anulado volta (a outra leitura)",
        "cancelled 6 spent, mine minus yours": "6 anulado é gasto, o meu menos o seu",
        "opener": "quem abriu", "follower": "quem seguiu"}},
    "worked_example": {"en": "worked example", "pt": "exemplo resolvido"},
    "weak_dominance": {"en": "weak dominance", "pt": "dominância fraca"},
    "only_equilibrium": {"en": "the only Nash equilibrium: {equilibrium}",
                         "pt": "o único equilíbrio de Nash: {equilibrium}"},
    "order_ends": {"en": "{n} order of removal ends at rows {rows}, columns {columns}",
                   "pt": "{n} ordem de remoção termina nas linhas {rows}, colunas {columns}"},
    "orders_end": {"en": "{n} orders of removal end at rows {rows}, columns {columns}",
                   "pt": "{n} ordens de remoção terminam nas linhas {rows}, colunas {columns}"},
    "strictly_dominated": {"en": "strictly dominated strategies: {rows} {columns}",
                           "pt": "estratégias estritamente dominadas: {rows} {columns}"},
    "pure_equilibria": {"en": "pure Nash equilibria of the full game: {cells}",
                        "pt": "equilíbrios de Nash puros do jogo completo: {cells}"},
    "resolve": {"en": "5 against 5: {five} | 6 against 5: {six}", "pt": "5 contra 5: {five} | 6 contra 5: {six}"},
    "row_first": {"en": "row player first: {rows} against {columns}",
                  "pt": "jogador das linhas primeiro: {rows} contra {columns}"},
    "both_at_once": {"en": "both at once:     {rows} against {columns}",
                     "pt": "os dois de uma vez: {rows} contra {columns}"},
    "one_at_a_time": {"en": "one at a time: {n} different end results; 6 against 6 among them: {six_six}",
                      "pt": "uma de cada vez: {n} resultados finais diferentes; 6 contra 6 entre eles: {six_six}"},
    "nashpy_equilibria": {"en": "nashpy's equilibria: {found}", "pt": "os equilíbrios do nashpy: {found}"},
    "letters": {"en": "{letters} prisoner's dilemma: {verdict}", "pt": "{letters} dilema do prisioneiro: {verdict}"},
    "version": {"en": "{name:38s} R={R:+.1f} S={S:+.1f} T={T:+.1f} P={P:+.1f}   prisoner's dilemma: {verdict}",
                "pt": "{name:40s} R={R:+.1f} S={S:+.1f} T={T:+.1f} P={P:+.1f}   dilema do prisioneiro: {verdict}"},
    "only_dilemma": {"en": "only '{name}' is a prisoner's dilemma",
                     "pt": "só '{name}' é um dilema do prisioneiro"},
    "model": {"en": "the model: P(keep the 6) = 1/(1 + e^{exponent:g}) = {keep:.3f} in every round, "
                    "{expected:.1f} of {n} students expected per round",
              "pt": "o modelo: P(guardar o 6) = 1/(1 + e^{exponent:g}) = {keep:.3f} em cada rodada, "
                    "{expected:.1f} de {n} alunos esperados por rodada"},
    "kept": {"en": "the simulated class kept it: {kept} of {n} in rounds 1 to {rounds}",
             "pt": "a turma simulada o guardou: {kept} de {n} nas rodadas 1 a {rounds}"},
    "no_one": {"en": "P(no one of {n} keeps it in a round) = (1 - {keep:.3f})^{n} = {p:.3f}",
               "pt": "P(nenhum de {n} o guarda numa rodada) = (1 - {keep:.3f})^{n} = {p:.3f}"},
})
