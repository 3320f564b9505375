"""Lesson 3's own sentences (notebooks/lessons/03_mixed_strategies_zero_sum.ipynb and its
Portuguese, notebooks/pt/lessons/03_estrategias_mistas_soma_zero.ipynb): see
:mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    # the cards (the notation) and the section 7 variants (the code's keys) as the lesson says them
    "words": {"en": {}, "pt": {
        "attack 06": "ataque 06", "attack 08": "ataque 08", "attack 14": "ataque 14", "attack 15": "ataque 15",
        "negotiate": "negociação",
        "no powers": "sem poderes",
        "defense is Pacifist": "defensor é o Pacifist",
        "offense is Macron (1 ship)": "atacante é o Macron (1 nave)",
        "offense is Loser, declares the upset": "atacante é o Loser, declara a virada"}},
    "guarantees": {"en": "offense {card:<10} guarantees at least {low:+.2f}",
                   "pt": "atacante {card:<10} garante pelo menos {low:+.2f}"},
    "concedes": {"en": "defense {card:<10} concedes at most    {high:+.2f}",
                 "pt": "defensor {card:<10} cede no máximo     {high:+.2f}"},
    "saddle_point": {"en": "maximin {lower:+.2f} ({row}), minimax {upper:+.2f} ({column}): a saddle point",
                     "pt": "maximin {lower:+.2f} ({row}), minimax {upper:+.2f} ({column}): um ponto de sela"},
    "no_saddle_point": {"en": "maximin {lower:+.2f} ({row}), minimax {upper:+.2f} ({column}): no saddle point",
                        "pt": "maximin {lower:+.2f} ({row}), minimax {upper:+.2f} ({column}): nenhum ponto de sela"},
    "offense_mix": {"en": "offense's optimal mix: {mix}", "pt": "a mistura ótima do atacante: {mix}"},
    "value_v": {"en": "value v = {v:.6f}", "pt": "valor v = {v:.6f}"},
    "defense_mix": {"en": "defense's optimal mix: {mix}", "pt": "a mistura ótima do defensor: {mix}"},
    "programs_agree": {"en": "w = {w:.6f}; the two programs agree: {agree}",
                       "pt": "w = {w:.6f}; os dois programas concordam: {agree}"},
    "theory_value": {"en": "theory.value: {v:.6f}", "pt": "theory.value: {v:.6f}"},
    "library_agrees": {"en": "our LP and the library agree: value {exact} = {v:.6f}, unique equilibrium",
                       "pt": "o nosso PL e a biblioteca concordam: valor {exact} = {v:.6f}, equilíbrio único"},
    "defense_plays": {"en": "defense plays {card}", "pt": "o defensor joga {card}"},
    "envelope": {"en": "offense's guarantee (lower envelope)", "pt": "garantia do atacante (envoltória inferior)"},
    "xlabel": {"en": "p = probability that the offense plays attack 08",
               "pt": "p = probabilidade de o atacante jogar ataque 08"},
    "ylabel": {"en": "offense's expected payoff", "pt": "ganho esperado do atacante"},
    "same_equilibrium": {"en": "the drawing, the LP and the library give the same equilibrium",
                         "pt": "o desenho, o PL e a biblioteca dão o mesmo equilíbrio"},
    "nashpy_mix": {"en": "offense {offense} | defense {defense}", "pt": "atacante {offense} | defensor {defense}"},
    "value": {"en": "value {v:.6f}", "pt": "valor {v:.6f}"},
    "conceded": {
        "en": "against the class's offense, always playing {card} would concede {conceded:.3f} per encounter; "
              "the equilibrium guarantees the offense v = {v} = {v_float:.3f}",
        "pt": "contra o atacante da turma, jogar sempre {card} cederia {conceded:.3f} por encontro; "
              "o equilíbrio garante ao atacante v = {v} = {v_float:.3f}"},
    "a15_d14": {
        "en": "the offense's attack 15: {a_count} of {a_n} (95% interval {a_lo:.2f} to {a_hi:.2f}; "
              "equilibrium 11/26 = {a_eq:.2f}); the defense's attack 14: {d_count} of {d_n} "
              "({d_lo:.2f} to {d_hi:.2f}; equilibrium 7/52 = {d_eq:.2f})",
        "pt": "o ataque 15 do atacante: {a_count} de {a_n} (intervalo de 95% de {a_lo:.2f} a {a_hi:.2f}; "
              "equilíbrio 11/26 = {a_eq:.2f}); o ataque 14 do defensor: {d_count} de {d_n} "
              "({d_lo:.2f} a {d_hi:.2f}; equilíbrio 7/52 = {d_eq:.2f})"},
    "variant_saddle": {"en": "{name:<37} value {value:>6} = {v:+.4f}  saddle point",
                       "pt": "{name:<38} valor {value:>6} = {v:+.4f}  ponto de sela"},
    "variant_mixed": {"en": "{name:<37} value {value:>6} = {v:+.4f}  mixed",
                      "pt": "{name:<38} valor {value:>6} = {v:+.4f}  misto"},
    "by_ships": {"en": "{ships} ship(s): value {value:>6} = {v:.3f} | {equilibrium}",
                 "pt": "{ships} nave(s): valor {value:>6} = {v:.3f} | {equilibrium}"},
    "lowest_highest": {"en": "the value is lowest with {lowest} ships and highest with {highest}",
                       "pt": "o valor é mínimo com {lowest} naves e máximo com {highest}"},
    "ex3_mix": {"en": "offense's mix: {mix} value: {v}", "pt": "a mistura do atacante: {mix} valor: {v}"},
    "ex4_mix": {"en": "defense's mix: {mix} | offense's cards against it: {pays}",
                "pt": "a mistura do defensor: {mix} | as cartas do atacante contra ela: {pays}"},
})
