"""Lesson 1's own sentences (notebooks/lessons/01_nash_equilibrium.ipynb and its
Portuguese, notebooks/pt/lessons/01_equilibrio_de_nash.ipynb): see :mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    # an encounter's outcome and the sides, as the Portuguese rulebook names them
    "words": {"en": {}, "pt": {"offense": "atacante", "defense": "defensor", "deal_made": "acordo feito",
                               "deal_failed": "acordo fracassado"}},
    "encounter": {"en": "winner: {outcome} | totals {totals} | colonies {colonies} | ships {ships} | cards {cards}",
                  "pt": "vencedor: {outcome} | totais {totals} | colônias {colonies} | naves {ships} | cartas {cards}"},
    "scores": {"en": "offense scores {offense:+.2f}, defense scores {defense:+.2f}",
               "pt": "o atacante marca {offense:+.2f}, o defensor marca {defense:+.2f}"},
    "starred": {"en": "cells starred twice: {cells}", "pt": "células com duas estrelas: {cells}"},
    "library_pure": {"en": "the library's pure equilibria: {cells}",
                     "pt": "os equilíbrios puros da biblioteca: {cells}"},
    "starred_and_library": {"en": "cells starred twice: {cells} | library: {library}",
                            "pt": "células com duas estrelas: {cells} | biblioteca: {library}"},
    "mix_by_hand": {"en": "offense plays attack 08 with p = {p}, defense plays attack 06 with q = {q}",
                    "pt": "o atacante joga Ataque 08 com p = {p}, o defensor joga Ataque 06 com q = {q}"},
    "agrees": {"en": "agrees with the hand computation: {agrees}", "pt": "confere com a conta à mão: {agrees}"},
    "nashpy_mix": {"en": "offense {offense} | defense {defense}", "pt": "atacante {offense} | defensor {defense}"},
    "two_ships_mix": {"en": "offense {offense} defense {defense}", "pt": "atacante {offense} defensor {defense}"},
    "offense_pays": {"en": "offense {card:<10} played with {prob:>4}, pays {pays}",
                     "pt": "atacante {card:<10} jogada com {prob:>4}, rende {pays}"},
    "defense_pays": {"en": "defense {card:<10} played with {prob:>5}, pays {pays}",
                     "pt": "defensor {card:<10} jogada com {prob:>5}, rende {pays}"},
    "expected": {"en": "expected payoffs (offense, defense): {payoffs}",
                 "pt": "ganhos esperados (atacante, defensor): {payoffs}"},
    "is_equilibrium": {"en": "is an equilibrium: {verdict} | gains from deviating: {gains}",
                       "pt": "é um equilíbrio: {verdict} | ganhos ao desviar: {gains}"},
    "dominated_cards": {
        "en": "dominated cards: the offense's negotiate in {off_count} of {off_n} last choices (95% interval "
              "{off_lo:.2f} to {off_hi:.2f}), the defense's attack 14 in {neg_count} of {neg_n} "
              "({neg_lo:.2f} to {neg_hi:.2f})",
        "pt": "cartas dominadas: a Negociação do atacante em {off_count} de {off_n} últimas escolhas (intervalo de 95% "
              "de {off_lo:.2f} a {off_hi:.2f}), o Ataque 14 do defensor em {neg_count} de {neg_n} "
              "({neg_lo:.2f} a {neg_hi:.2f})"},
    "attack08": {
        "en": "the offense's attack 08: {count} of {n} ({lo:.2f} to {hi:.2f}; the equilibrium "
              "plays it 7 times in 8); within the support, {offense_n} offense and "
              "{defense_n} defense choices are tested",
        "pt": "o Ataque 08 do atacante: {count} de {n} ({lo:.2f} a {hi:.2f}; o equilíbrio "
              "o joga 7 vezes em 8); dentro do suporte, {offense_n} escolhas do atacante e "
              "{defense_n} do defensor são testadas"},
})
