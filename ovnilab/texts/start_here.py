"""The start page's own sentences (notebooks/00_start_here.ipynb and its Portuguese,
notebooks/pt/00_comece_aqui.ipynb): see :mod:`ovnilab.texts`."""

from . import Texts

say = Texts({
    # the folders whose lessons the page's table lists, the page's own language first; the
    # Portuguese page lists an English lesson where its translation is still to come
    "lesson_folders": {"en": ("lessons",), "pt": ("lessons", "../lessons")},
    "in_english": {"en": " (in English)", "pt": " (em inglês)"},
    "table_head": {"en": "| lesson | time | exercises |\n| --- | --- | ---: |",
                   "pt": "| lição | tempo | exercícios |\n| --- | --- | ---: |"},
    "time_limits": {
        "en": "time limit per decision: {room:.0f} s in a game (room or session), "
              "{experiment:.0f} s for an experiment's choice",
        "pt": "tempo limite por decisão: {room:.0f} s numa partida (sala ou sessão), "
              "{experiment:.0f} s para a escolha de um experimento"},
    "games": {"en": "games: {games}", "pt": "jogos: {games}"},
    "first_actions": {"en": "first legal actions: {actions}", "pt": "primeiras ações legais: {actions}"},
    "refused": {"en": "refused, and the game is unchanged: {error}",
                "pt": "recusada, e o jogo não mudou: {error}"},
    "whole_game": {
        "en": "{rounds} rounds, {actions} actions; scores {scores}, winner(s) {winners}; "
              "the save replays to the same game: {same}",
        "pt": "{rounds} rodadas, {actions} ações; pontos {scores}, vencedor(es) {winners}; "
              "o jogo salvo, recarregado, é o mesmo jogo: {same}"},
})
