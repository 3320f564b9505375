"""Lesson 4's own sentences (notebooks/lessons/04_game_trees_minimax.ipynb and its
Portuguese, notebooks/pt/lessons/04_arvores_de_jogo_minimax.ipynb): see
:mod:`ovnilab.texts`. The cow game's actions are shown with the board's
``ovnilab.cows.render.action_label`` (the notation in English, words in Portuguese)."""

from . import Texts

say = Texts({
    "words": {"en": {}, "pt": {"take": "pegar", "draw": "comprar", "flip": "virar"}},
    "toy_title": {"en": "The toy tree: MAX moves, MIN replies, leaves show the margin for MAX",
                  "pt": "A árvore de brinquedo: MAX joga, MIN responde, as folhas mostram a margem de MAX"},
    "first_moves": {"en": "value of each first move: {values}", "pt": "valor de cada primeiro lance: {values}"},
    "root": {"en": "value of the root: {value}  best first move: {best}",
             "pt": "valor da raiz: {value}  melhor primeiro lance: {best}"},
    "min_reply": {"en": "MIN's best reply after draw: {best}", "pt": "a melhor resposta de MIN depois de comprar: {best}"},
    "library_sequential": {"en": "library: MAX plays {row}, MIN answers {column}, payoff {payoff:+.0f} for MAX",
                           "pt": "biblioteca: MAX joga {row}, MIN responde {column}, ganho {payoff:+.0f} para MAX"},
    "seat_line": {"en": "seat {seat}: [{row1}] [{row2a} | {row2b}] [{row3}]  hand {hand}  score now {score}",
                  "pt": "assento {seat}: [{row1}] [{row2a} | {row2b}] [{row3}]  mão {hand}  pontos agora {score}"},
    "deck_line": {"en": "deck {n} cards; Celeiro top {top}; to act: seat {seat} ({phase})",
                  "pt": "baralho {n} cartas; topo do Celeiro {top}; a agir: assento {seat} ({phase})"},
    "last_turn": {"en": "; last turn", "pt": "; última vez"},
    "start": {"en": "start", "pt": "início"},
    "game_over": {"en": "game over", "pt": "fim de jogo"},
    "to_move": {"en": "seat {seat} to move", "pt": "vez do assento {seat}"},
    "tree_line": {"en": "{indent}{label}: value {value:+d} ({who})", "pt": "{indent}{label}: valor {value:+d} ({who})"},
    "small_seed": {"en": "seed {seed}, {before} decisions before the end; seat 1's last action before it: {action}",
                   "pt": "semente {seed}, {before} decisões antes do fim; a última ação do assento 1 antes disso: {action}"},
    "tree_size": {"en": "\n{size} positions; seat 1 moves first here, and both seats decide below it",
                  "pt": "\n{size} posições; aqui o assento 1 joga primeiro, e os dois assentos decidem abaixo"},
    "hand_minimax": {"en": "hand-written minimax: value {value:+d}, {n} positions expanded",
                     "pt": "minimax escrito à mão: valor {value:+d}, {n} posições expandidas"},
    "library_solve": {"en": "library: value {value:+d}, {n} positions expanded, best {best}",
                      "pt": "biblioteca: valor {value:+d}, {n} posições expandidas, melhores {best}"},
    "greedy_played": {"en": "what the greedy bot played in the game: {action}",
                      "pt": "o que o bot guloso jogou na partida: {action}"},
    "alphabeta": {"en": "alpha-beta on the toy tree: {value}  leaves evaluated: {seen}",
                  "pt": "alfa-beta na árvore de brinquedo: {value}  folhas avaliadas: {seen}"},
    "agree": {"en": "{positions} positions from {games} games: in {agree} the plain minimax finished "
                    "within {budget} expansions and agrees with the library on every one "
                    "({plain} expansions in all, the library {library}).",
              "pt": "{positions} posições de {games} partidas: em {agree} o minimax simples terminou "
                    "dentro de {budget} expansões e concorda com a biblioteca em todas "
                    "({plain} expansões ao todo, a biblioteca {library})."},
    "too_big": {"en": "In {n} the plain minimax ran out of budget; the library solved each "
                      "of them, with at most {most} expansions.",
                "pt": "Em {n} o minimax simples esgotou o orçamento; a biblioteca resolveu cada "
                      "uma delas, com no máximo {most} expansões."},
    "beyond": {"en": "{n} positions needed more than {budget} positions of the library's search too (left out).",
               "pt": "{n} posições precisaram de mais de {budget} posições também na busca da biblioteca "
                     "(deixadas de fora)."},
    "greedy_game": {"en": "greedy game {seed}", "pt": "partida gulosa {seed}"},
    "plain_stopped": {"en": "plain minimax: more than {n} expansions, stopped; the library: {nodes}",
                      "pt": "minimax simples: mais de {n} expansões, interrompido; a biblioteca: {nodes}"},
    "action_value": {"en": "  {action:<34} value for seat {seat}: {value:+d}",
                     "pt": "  {action:<55} valor para o assento {seat}: {value:+d}"},
    "played_mark": {"en": "   <- played in the game", "pt": "   <- jogada na partida"},
    "regret": {"en": "The greedy bot played '{played}', worth {value:+d} for seat {seat} under best play; "
                     "the best move is worth {best:+d}, a regret of {regret} points.",
               "pt": "O bot guloso jogou '{played}', que vale {value:+d} para o assento {seat} com jogo perfeito; "
                     "o melhor lance vale {best:+d}, um arrependimento de {regret} pontos."},
    "later_below": {"en": "below that value, so seat {seat} played more moves that were not optimal "
                          "(after '{played}' best play guaranteed it at least {value:+d})",
                    "pt": "abaixo desse valor, então o assento {seat} fez mais lances que não eram ótimos "
                          "(depois de '{played}', o jogo perfeito lhe garantia pelo menos {value:+d})"},
    "later_above": {"en": "above that value, so seat {other} played moves that were not optimal",
                    "pt": "acima desse valor, então o assento {other} fez lances que não eram ótimos"},
    "later_exact": {"en": "exactly that value", "pt": "exatamente esse valor"},
    "ended": {"en": "The game ended {score0} to {score1}, a margin of {margin:+d} for seat {seat}, {later}.",
              "pt": "A partida terminou {score0} a {score1}, uma margem de {margin:+d} para o assento {seat}, {later}."},
    "pv_line": {"en": "seat {seat}: {action}", "pt": "assento {seat}: {action}"},
    "final_margin": {"en": "final margin for seat 0: {margin:+d}", "pt": "margem final do assento 0: {margin:+d}"},
    "one_of_the_best": {"en": "the greedy bot's move is one of the best; a best first move: {first}, then {then}",
                        "pt": "o lance do bot guloso é um dos melhores; um melhor primeiro lance: {first}, depois {then}"},
    "not_a_best": {"en": "the greedy bot's move is not a best move; a best first move: {first}, then {then}",
                   "pt": "o lance do bot guloso não é um dos melhores; um melhor primeiro lance: {first}, "
                         "depois {then}"},
    "ex3_game": {"en": "ex3: greedy game {seed}", "pt": "ex3: partida gulosa {seed}"},
    "ex4_game": {"en": "ex4: greedy game {seed}", "pt": "ex4: partida gulosa {seed}"},
    "ex3_solution": {
        "en": "{n} actions, values {values}: random choice {average:+.3f} on average, best {best:+d}, so random play "
              "gives away {regret:.3f} points on average and is optimal with probability {hits}/{n}",
        "pt": "{n} ações, valores {values}: a escolha ao acaso dá {average:+.3f} em média, a melhor {best:+d}, então "
              "jogar ao acaso entrega {regret:.3f} pontos em média e é ótimo com probabilidade {hits}/{n}"},
})
