"""Lesson 5's own sentences (notebooks/lessons/05_probability_hidden_cards.ipynb and its
Portuguese, notebooks/pt/lessons/05_probabilidade_cartas_ocultas.ipynb): see
:mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    # the cosmic deck's kinds of card (the others come from the catalog: "artifact", "flare")
    "words": {"en": {}, "pt": {"reinforcement": "reforço", "attack": "ataque", "negotiate": "negociação"}},
    "share": {"en": "{k} of {n} = {p:.3f}, 95% interval [{lo:.3f}, {hi:.3f}]",
              "pt": "{k} de {n} = {p:.3f}, intervalo de 95% [{lo:.3f}, {hi:.3f}]"},
    "kind_line": {"en": "{name:<14}{count:>3}", "pt": "{name:<14}{count:>3}"},
    "flare_line": {"en": "{name:<14}{count:>3}  (added per game)", "pt": "{name:<14}{count:>3}  (acrescentadas em cada partida)"},
    "total": {"en": "total {n} cards, {e} of them encounter cards, {others} not",
              "pt": "total {n} cartas, {e} delas cartas de encontro, {others} não"},
    "p_no_encounter": {"en": "P(no encounter card) = {p}: one hand in {one_in:,.0f}",
                       "pt": "P(nenhuma carta de encontro) = {p}: uma mão em {one_in:.0f}"},
    "hands_intervals": {"en": "n = {n} hands; simultaneous 95% intervals",
                        "pt": "n = {n} mãos; intervalos simultâneos de 95%"},
    "k_head": {"en": " k   exact    observed  interval", "pt": " k   exato    observado intervalo"},
    "outside": {"en": "  <- outside", "pt": "  <- fora"},
    "all_inside": {"en": "every exact probability lies in its interval; hands without an encounter card seen: {k} "
                         "(expected {expected:.2f} in {n} hands)",
                   "pt": "toda probabilidade exata está no seu intervalo; mãos sem carta de encontro observadas: {k} "
                         "(esperadas {expected:.2f} em {n} mãos)"},
    "k0_width": {"en": "the k = 0 interval is {times:.0f} times as wide as P(K = 0) itself",
                 "pt": "o intervalo de k = 0 é {times:.0f} vezes mais largo do que a própria P(K = 0)"},
    "big_attacks": {"en": "big attacks: {h} cards, faces {faces}", "pt": "Ataques grandes: {h} cartas, faces {faces}"},
    "before_looking": {"en": "before looking at your hand: {p:.4f}", "pt": "antes de olhar a sua mão: {p:.4f}"},
    "you_hold": {"en": "you hold {j}: {p:.4f}", "pt": "você tem {j}: {p:.4f}"},
    "groups": {"en": "{n} groups; simultaneous 95% intervals (each at {level:.4f})",
               "pt": "{n} grupos; intervalos simultâneos de 95% (cada um a {level:.4f})"},
    "inside": {"en": "inside", "pt": "dentro"},
    "OUTSIDE": {"en": "OUTSIDE", "pt": "FORA"},
    "group_line": {"en": "you hold {j}: other holds one in {k} of {n} = {p:.3f} [{lo:.3f}, {hi:.3f}]; "
                         "exact {exact:.4f} ({verdict})",
                   "pt": "você tem {j}: o outro tem um em {k} de {n} = {p:.3f} [{lo:.3f}, {hi:.3f}]; "
                         "exato {exact:.4f} ({verdict})"},
    "my_hand": {"en": "game 0: my hand {hand}", "pt": "partida 0: a minha mão {hand}"},
    "i_hold": {"en": "I hold {j} big attack(s); exact P(other holds one) = {p} = {p_float:.4f}",
               "pt": "tenho {j} Ataque(s) grande(s); P(o outro tem um) exata = {p} = {p_float:.4f}"},
    "determinizations": {"en": "determinizations: {share}", "pt": "determinizações: {share}"},
    "destiny_size": {"en": "{n} players: {size} destiny cards, P(own colour) = {p} = {p_float:.4f}",
                     "pt": "{n} jogadores: {size} cartas de Destino, P(a própria cor) = {p} = {p_float:.4f}"},
    "first_destiny": {"en": "4-player games: the first destiny card is the offense's colour in {share}",
                      "pt": "partidas de 4 jogadores: a primeira carta de Destino é a cor do atacante em {share}"},
    "b_up": {"en": "cards side B up in 400 deals: {counts}", "pt": "cartas com o lado B para cima em 400 partidas: {counts}"},
    "printed_on": {"en": "{face} is printed on: {cards}", "pt": "{face} está impressa em: {cards}"},
    "mimosa_alone": {"en": "Mimosa alone:           {posterior}", "pt": "só a Mimosa:            {posterior}"},
    "mimosa_estrela": {"en": "Mimosa and an Estrela:  {posterior}", "pt": "a Mimosa e uma Estrela: {posterior}"},
    "visible": {"en": "visible: {faces}", "pt": "visíveis: {faces}"},
    "back_library": {"en": "{face:<8} back: library {posterior}", "pt": "{face:<8} verso: biblioteca {posterior}"},
    "bezerrinho": {"en": "Mimosa's back is Bezerrinho in {share}", "pt": "o verso da Mimosa é Bezerrinho em {share}"},
    "contains_23": {"en": "contains 2/3 = 0.667: {right}; contains the wrong model's 17/25 = 0.680: {wrong}",
                    "pt": "contém 2/3 = 0.667: {right}; contém os 17/25 = 0.680 do modelo errado: {wrong}"},
    "kept_deals": {"en": "{kept} of {n} deals show a printed pair on top and bottom",
                   "pt": "{kept} de {n} partidas mostram um par impresso no topo e no fundo"},
    "same_card": {"en": "the top card is the printed pair's card in {share}",
                  "pt": "a carta do topo é a carta do par impresso em {share}"},
    "contains_13": {"en": "contains 1/3 = 0.333: {right}; contains the wrong model's 8/25 = 0.320: {wrong}",
                    "pt": "contém 1/3 = 0.333: {right}; contém os 8/25 = 0.320 do modelo errado: {wrong}"},
    "gap": {"en": "the two answers differ by {gap}; an interval narrow enough to separate them needs about "
                  "{needed:,.0f} kept deals",
            "pt": "as duas respostas diferem em {gap}; um intervalo estreito o bastante para separá-las precisa de "
                  "cerca de {needed:.0f} partidas guardadas"},
})
