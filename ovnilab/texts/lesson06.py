"""Lesson 6's own sentences (notebooks/lessons/06_estimating_win_rates.ipynb and its
Portuguese, notebooks/pt/lessons/06_estimando_taxas_de_vitoria.ipynb): see
:mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    "results_each": {"en": "first player's result in each game: {results}",
                     "pt": "o resultado do primeiro jogador em cada partida: {results}"},
    "won_of_6": {"en": "the first player won {wins:g} of 6 games: p-hat = {p:.3f}",
                 "pt": "o primeiro jogador venceu {wins:g} de 6 partidas: p-chapéu = {p:.3f}"},
    "three_intervals": {"en": "{s:g}/6: Wald [{wald_lo:.3f}, {wald_hi:.3f}]   Wilson by hand [{hand_lo:.3f}, {hand_hi:.3f}]   "
                              "library [{lib_lo:.3f}, {lib_hi:.3f}]",
                        "pt": "{s:g}/6: Wald [{wald_lo:.3f}, {wald_hi:.3f}]   Wilson à mão [{hand_lo:.3f}, {hand_hi:.3f}]   "
                              "biblioteca [{lib_lo:.3f}, {lib_hi:.3f}]"},
    "our_six": {"en": "our six games: {wins:g}/6, Wilson [{lo:.3f}, {hi:.3f}]; contains 1/3: {contains}",
                "pt": "as nossas seis partidas: {wins:g}/6, Wilson [{lo:.3f}, {hi:.3f}]; contém 1/3: {contains}"},
    "six_line": {"en": "{s}/6  Wilson [{lo:.3f}, {hi:.3f}]  excludes 1/2: {excludes:5s}  exact p-value {exact:.3f}  "
                       "(score test {score:.3f})",
                 "pt": "{s}/6  Wilson [{lo:.3f}, {hi:.3f}]  exclui 1/2: {excludes:5s}  valor-p exato {exact:.3f}  "
                       "(teste de escore {score:.3f})"},
    "and": {"en": " and ", "pt": " e "},
    "decisive": {"en": "exact test at 5%: only {results} would tell two players apart (p-value 2/64 = {p:.3f})",
                 "pt": "teste exato a 5%: só {results} distinguiriam dois jogadores (valor-p 2/64 = {p:.3f})"},
    "pair": {"en": "{n} pair", "pt": "{n} par"},
    "pairs": {"en": "{n} pairs", "pt": "{n} pares"},
    "below": {"en": "below", "pt": "abaixo de"},
    "above": {"en": "above", "pt": "acima de"},
    "bots_block": {"en": "{bots} bots, {pairs}: every pair a 6-0 sweep gives the Holm-adjusted p-value {best:.3f} "
                         "({side} 5%)\n"
                         "    the rule 'a sweep is a verdict' errs with probability {fwer:.3f} when every pair is even\n"
                         "    a verdict is possible (a sweep) from {n} games per pair",
                   "pt": "{bots} bots, {pairs}: todo par com uma varrida de 6-0 dá o valor-p ajustado por Holm {best:.3f} "
                         "({side} 5%)\n"
                         "    a regra 'uma varrida é um veredito' erra com probabilidade {fwer:.3f} quando todo par é "
                         "equilibrado\n"
                         "    um veredito é possível (uma varrida) a partir de {n} partidas por par"},
    "one_pair": {"en": "one pair alone: a result with one loss, n - 1 of n, is a verdict from n = {n} games "
                       "(exact p-value {p:.3f})",
                 "pt": "um par sozinho: um resultado com uma derrota, n - 1 de n, é um veredito a partir de n = {n} "
                       "partidas (valor-p exato {p:.3f})"},
    "coverage": {"en": "{name:6s}: {simulated:.3f} of {reps} intervals cover p = {p} (exact coverage {exact:.3f})",
                 "pt": "{name:6s}: {simulated:.3f} de {reps} intervalos cobrem p = {p} (cobertura exata {exact:.3f})"},
    "coverage_grid": {"en": "{name:6s}: coverage between {low:.3f} and {high:.3f} over the grid (lowest at p = {at:.3f})",
                      "pt": "{name:6s}: cobertura entre {low:.3f} e {high:.3f} na grade (a mais baixa em p = {at:.3f})"},
    "xlabel": {"en": "true win probability p", "pt": "probabilidade verdadeira de vitória p"},
    "ylabel": {"en": "coverage, n = {n}", "pt": "cobertura, n = {n}"},
    "games_for_margin": {"en": "games for a margin of 0.05 at p = 1/2: {n}",
                         "pt": "partidas para uma margem de 0.05 em p = 1/2: {n}"},
    "half_width": {"en": "{s}/{n} wins: Wilson [{lo:.4f}, {hi:.4f}], half-width {half:.4f}",
                   "pt": "{s}/{n} vitórias: Wilson [{lo:.4f}, {hi:.4f}], meia-largura {half:.4f}"},
    "power": {"en": "true share {p:.3f}, {n} games: the interval lies above 1/3 in {chance:.0%} of batches",
              "pt": "parte verdadeira {p:.3f}, {n} partidas: o intervalo fica acima de 1/3 em {chance:.0%} dos lotes"},
    "shared": {"en": "shared wins: {shared} of {n} games; Wald margin at p = 1/3: {margin:.3f}",
               "pt": "vitórias compartilhadas: {shared} de {n} partidas; margem de Wald em p = 1/3: {margin:.3f}"},
    "seats_off": {"en": "seats whose interval excludes 1/3: {seats}", "pt": "assentos cujo intervalo exclui 1/3: {seats}"},
    "none": {"en": "none", "pt": "nenhum"},
    "verdict_above": {
        "en": "The first player wins {value:.3f} of the games, 95% interval [{lo:.3f}, {hi:.3f}] over n = {n}: the "
              "interval lies above the fair share 1/3 (one-sided score-test p-value {p:.2g}): between random players, "
              "the seat that recruits first wins more than its fair share, by about {edge:.3f}.",
        "pt": "O primeiro jogador vence {value:.3f} das partidas, intervalo de 95% [{lo:.3f}, {hi:.3f}] com n = {n}: o "
              "intervalo fica acima da parte justa 1/3 (valor-p unilateral do teste de escore {p:.2g}): entre jogadores "
              "aleatórios, o assento que recruta primeiro vence mais do que a sua parte justa, por cerca de {edge:.3f}."},
    "verdict_below": {
        "en": "The first player wins {value:.3f} [{lo:.3f}, {hi:.3f}] (n = {n}): the answer to \"is p > 1/3?\" is no, "
              "its share is below the fair share 1/3 (one-sided p-value for p > 1/3: {p:.2g}).",
        "pt": "O primeiro jogador vence {value:.3f} [{lo:.3f}, {hi:.3f}] (n = {n}): a resposta a \"p > 1/3?\" é não, "
              "a sua parte está abaixo da parte justa 1/3 (valor-p unilateral para p > 1/3: {p:.2g})."},
    "verdict_unclear": {
        "en": "The first player wins {value:.3f} [{lo:.3f}, {hi:.3f}] (n = {n}): the interval contains the fair share "
              "1/3 (one-sided p-value {p:.2g}), so these games cannot tell whether moving first helps; raise N_GAMES.",
        "pt": "O primeiro jogador vence {value:.3f} [{lo:.3f}, {hi:.3f}] (n = {n}): o intervalo contém a parte justa "
              "1/3 (valor-p unilateral {p:.2g}), então estas partidas não dizem se jogar primeiro ajuda; aumente "
              "N_GAMES."},
})
