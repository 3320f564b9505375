# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Comece aqui: o ovnilab para professores
#
# O **ovnilab** transforma três jogos de tabuleiro em material que uma turma pode jogar,
# questionar e medir numa única sessão do Jupyter:
#
# - **Ovni** (Marcos Macri): planetas alienígenas dão lances de fichas de comando por
#   aliens, voam com óvnis sobre doze cidades e abduzem humanos (um jogo de lances, maiorias
#   e ordem de jogada).
# - **Cosmic Encounter** (o jogo básico de 2008): atacar ou negociar, alianças, acordos,
#   poderes alienígenas que quebram as regras (jogos simultâneos, barganha, assimetria).
# - **O jogo da pirâmide de abdução de vacas**: um jogo de cartas para dois jogadores,
#   pequeno o bastante para resolver seus finais de partida exatamente (árvores de jogo,
#   cartas ocultas).
#
# Toda regra vem dos livros de regras em `seeds/`; onde um livro de regras se cala, o
# projeto traz uma reconstrução documentada em `data/`, e onde ele é ambíguo a outra
# leitura é uma opção de regra. Esta página diz o que há aqui, que lição serve a que
# disciplina, como jogar num tabuleiro em aula e como distribuir uma tarefa.
#
# | pasta | para quem | o quê |
# | --- | --- | --- |
# | [`lessons/`](lessons/) | alunos, em aula | uma aula cada, com a matemática na página e exercícios corrigidos |
# | [`play/`](../play/) | todos | um tabuleiro pronto por jogo, em português em [`play/pt/`](../play/pt/): [Ovni](../play/pt/ovni.ipynb), [Cosmic Encounter](../play/pt/cosmic.ipynb), [o jogo das vacas](../play/pt/cows.ipynb) |
# | [`rules/`](../rules/) | todos | cada regra mostrada numa posição real (em inglês): [Ovni](../rules/ovni.ipynb), [o jogo das vacas](../rules/cows.ipynb), Cosmic em quatro partes ([encontro](../rules/cosmic_1_encounter.ipynb), [cartas e acordos](../rules/cosmic_2_cards_and_deals.ipynb), [os alienígenas verdes](../rules/cosmic_3_aliens.ipynb), [os alienígenas amarelos e vermelhos](../rules/cosmic_4_yellow_red_aliens.ipynb)) |
# | [`explore/`](../explore/) | designers, alunos curiosos | equilíbrio do jogo, variantes de regras ("e se...?"), torneios de bots, estatísticas de alienígenas e cartas (em inglês) |
# | [`mine/`](../mine/README.md) | você | os seus próprios notebooks: [faça o seu notebook](../mine/README.md) |
#
# As lições em português ficam em `notebooks/pt/lessons/` (esta pasta, `pt/`); as pastas
# `play/`, `rules/`, `explore/` e `mine/` são as de `notebooks/`, uma acima desta. Para
# que os tabuleiros também falem português, abra o JupyterLab com `make lab LANG=pt` (ou
# rode `ovnilab.set_language("pt")` no notebook).
#
# **[Faça o seu notebook](../mine/README.md)**: o link abre a página da sua pasta e mostra a
# pasta, `mine/`, no navegador de arquivos à esquerda; lá, *File > New > Notebook* cria um
# notebook que roda o Python do projeto (`from ovnilab import ovni` funciona como nas
# lições), e uma lição copiada para lá (clique com o botão direito nela, *Copy*, depois
# *Paste* em `mine/`) é sua para mudar. O que você guarda em `mine/` continua seu: não é
# pareado com um script como os notebooks daqui, o git o ignora (uma atualização do projeto
# nunca mexe nele) e os testes o deixam em paz.
#
# ## As lições
#
# A tabela abaixo é lida das próprias lições (da primeira célula e dos exercícios), então
# sempre corresponde ao que está na pasta (uma lição que ainda não tivesse tradução
# apareceria com a sua versão em inglês).

# %%
import json
import re
from pathlib import Path

from IPython.display import Markdown, display

from ovnilab.texts.start_here import say   # the sentences this page prints, in its language
import ovnilab; ovnilab.set_language("pt")   # em português: as frases do notebook e o que a biblioteca imprime


def first_cell_field(text, name):
    """The text after a bold heading such as **Time:** up to the next bold heading."""
    m = re.search(rf"\*\*{name}:?\*\*:?\s*(.*?)(?=\n\s*\*\*[A-Z]\w+:?\*\*|\Z)", text, re.DOTALL)
    return " ".join(m.group(1).split()) if m else ""


rows = {}   # lesson number -> (path, title, time, exercises): this page's language first
for folder in say.value("lesson_folders"):
    for path in sorted(Path(folder).glob("*.ipynb")):
        if path.name[:2] in rows:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        head = "".join(cells[0]["source"])
        title = head.splitlines()[0].lstrip("# ").strip()
        if folder != say.value("lesson_folders")[0]:
            title += say("in_english")
        exercises = sum(len(re.findall(r"^###\s+(?:Exercise|Exercício)\s+\d+", "".join(c["source"]), re.MULTILINE))
                        for c in cells if c["cell_type"] == "markdown")
        rows[path.name[:2]] = (path, title, first_cell_field(head, "(?:Time|Tempo)"), exercises)

assert len(rows) >= 7, sorted(rows)
table = [say("table_head")]
table += [f"| [{title}]({path.as_posix()}) | {time} | {n} |" for path, title, time, n in (rows[k] for k in sorted(rows))]
display(Markdown("\n".join(table)))

# %% [markdown]
# **Que lições para que disciplina**
#
# - *Teoria dos jogos* (graduação, uma semana por lição ou um bloco de quatro aulas): as
#   lições 01 a 04: equilíbrio de Nash, dominância e o dilema do prisioneiro, estratégias
#   mistas e o valor de um jogo de soma zero por programação linear, árvores de jogo e
#   indução retroativa. Cada uma parte de uma decisão real de um dos jogos.
# - *Probabilidade e estatística*: as lições 05 a 07: a regra de Bayes com cartas ocultas,
#   a estimação de uma taxa de vitórias com um intervalo de confiança, experimentos sobre
#   regras (delineamentos pareados, comparações múltiplas). As lições 05 a 07 não precisam
#   de teoria dos jogos.
# - *Uma única sessão para despertar o interesse*: jogue uma rodada num
#   [tabuleiro](../play/pt/ovni.ipynb) (15 minutos), depois a lição 01 ou a lição 06.
# - *Clube de design de jogos*: as referências de [regras](../rules/), depois
#   [`explore/`](../explore/): mude uma regra e meça o efeito em milhares de partidas.
#
# Cada número que uma lição afirma é calculado pelo notebook e verificado por ele (um
# `assert`, ou a frase é gerada a partir do valor), e o curso inteiro roda como uma bateria
# de testes antes de cada versão, de modo que uma lição pode ser dada sem ser editada.
#
# ## Jogando num tabuleiro em aula
#
# 1. Abra um notebook em [`play/pt/`](../play/pt/) e rode todas as células (menu *Run > Run All
#    Cells*): o tabuleiro aparece sob a primeira célula. Não há mais nada na página.
# 2. Projete-o. Você joga no lugar 0 contra bots; na aba *novo jogo* do tabuleiro escolha
#    uma pessoa ou um bot para cada lugar e aperte *novo jogo*: pessoas em vários lugares
#    jogam revezando-se (os alunos se alternam no projetor), e bots em todos os lugares
#    jogam entre si enquanto a turma assiste (desligue *bots sozinhos* e aperte *jogada do
#    bot* para avançar uma ação por vez). Os notebooks de `play/` (em inglês) dão a esses
#    botões os nomes ingleses (*new game*, *bots auto*...), ou os portugueses com
#    `make lab LANG=pt`.
# 3. *desfazer* desfaz a última decisão humana; o controle deslizante *histórico* repassa cada
#    posição: útil para parar e perguntar "o que você faria aqui?".
# 4. Para ter um tabuleiro na tela de cada aluno, `make play HOST=0.0.0.0` num terminal na
#    pasta do projeto serve esses notebooks para a rede da sala (código escondido, um jogo
#    por página); ele imprime o endereço que os alunos abrem (`make play HOST=0.0.0.0
#    LANG=pt` para os tabuleiros em português). A seção "Playing in class" do README diz o
#    que isso expõe; Ctrl+C o encerra.
#
# ## Uma turma joga junta
#
# Com `make play HOST=0.0.0.0` rodando, os alunos também podem jogar *juntos*, cada um no
# seu aparelho: abra uma sala num notebook e eles entram nela pela página da turma com um
# código (um celular basta). A página de cada aluno segue o idioma do navegador e tem um
# botão EN / PT.
#
# ```python
# from ovnilab import classroom
# room = classroom.open_room("cows")                      # dois alunos numa mesa
# room = classroom.open_session("cows", group_size=2)     # a turma inteira, em duplas conforme chegam
# room = classroom.open_experiment("encounter", rounds=5) # o jogo da lição 1, jogado pela turma
# room                                                    # a tela do projetor e os seus controles
# ```
#
# A tela do projetor mostra o código de entrada, o tabuleiro público (a mão de ninguém),
# quem entrou e de quem é a vez, com botões para começar, pausar, encerrar e passar um
# assento a um bot. Um tempo limite por decisão (dois minutos para uma jogada numa partida,
# um para a escolha de um experimento, a menos que você escolha outro) passa uma decisão
# lenta a um bot, para que ninguém trave a turma. Um experimento mantém o equilíbrio da
# lição fora do projetor até você apertar *show the equilibrium*. `room.results()` dá os
# dados da turma, e `classroom.room("ABC123").results()` os dá em qualquer notebook (o
# código que o projetor mostra); `results.to_csv("periodo1.csv")` os guarda para uma aula
# seguinte. As lições 1 a 3 têm cada uma uma seção opcional "jogue primeiro" que analisa um
# experimento da turma. A seção "A class plays together" do README diz o que servir a
# turma expõe e por que recarregar a página ou reiniciar o servidor não perde nada.

# %%
# the time limits named above, as ovnilab.classroom sets them
import inspect

from ovnilab.classroom.rooms import Classroom

limit = {name: inspect.signature(getattr(Classroom, name)).parameters["decision_seconds"].default
         for name in ("open_room", "open_session", "open_experiment")}
print(say("time_limits", room=limit["open_room"], experiment=limit["open_experiment"]))
assert limit == {"open_room": 120, "open_session": 120, "open_experiment": 60}

# %% [markdown]
# ## Distribuindo uma tarefa
#
# Cada lição é também uma tarefa do [nbgrader](https://nbgrader.readthedocs.io) (o
# nbgrader roda no JupyterHub e corrige automaticamente):
#
# 1. Num terminal na pasta do projeto: `make assignments LANG=pt`. Ele escreve uma pasta de
#    curso do nbgrader, `notebooks/assignments/` (a pasta `assignments` de `notebooks/` no
#    navegador de arquivos do JupyterLab), com as versões do professor em `source/` e as
#    versões dos alunos em `release/<lição>/`: soluções e testes ocultos removidos, a
#    célula de resposta de cada exercício trocada por um esboço. As lições em português têm
#    nomes em português (`01_equilibrio_de_nash`); `make assignments` (sem `LANG`) faz as
#    versões em inglês, no mesmo curso.
# 2. Entregue `release/<lição>/` (ou use a troca de arquivos do nbgrader no JupyterHub).
# 3. Coloque os notebooks devolvidos em `assignments/submitted/<aluno>/<lição>/` e rode
#    `nbgrader autograde <lição>` em `notebooks/assignments/` (depois `nbgrader
#    generate_feedback <lição>` para os arquivos de retorno). Cada exercício tem uma
#    resposta verificada (corrigida automaticamente) e uma célula de "raciocínio" que você
#    corrige à mão (o formgrader do nbgrader). O autograde imprime `Attribute 'checksum'
#    for cell exN-check has changed!` uma vez para a célula de verificação de cada
#    exercício. Isso é esperado e inofensivo: a célula de verificação da versão do aluno não
#    tem os testes ocultos, então difere da sua; o nbgrader põe a sua célula de volta, com
#    os testes ocultos, e corrige com ela (o que também desfaz qualquer mudança que um aluno
#    tenha feito numa célula de verificação). Os testes do projeto verificam que o autograde
#    imprime essa linha para as células de verificação e para nenhuma outra célula.
#    Os testes do projeto corrigem, para cada exercício, uma resposta escrita como as
#    instruções levam um aluno a escrevê-la (constantes arredondadas, decimais: nota
#    máxima) e uma versão do aluno sem respostas (zero, cada verificação dizendo o que
#    falta). O Run All de um aluno percorre a lição inteira: uma verificação sem resposta
#    mostra a sua mensagem e as células seguintes ainda rodam.
#
# Na versão do professor (os notebooks de `lessons/`) a solução comentada de cada exercício
# e a sua verificação ficam em células recolhidas sob a pergunta: clique na barra ao lado
# de uma célula recolhida para abri-la.
#
# ## A biblioteca em cinco linhas
#
# Todo jogo começa do mesmo jeito e oferece os mesmos métodos: `legal_actions()`,
# `apply(...)`, `undo()`, `clone()`, `scores()`, `winners()`, `to_json()`. As ações são
# impressas como texto legível, e o jogo lê esse texto de volta, com qualquer mistura de
# maiúsculas e espaços; a notação das ações é a mesma em todos os idiomas (um jogo salvo
# em português abre em inglês). Uma ação recusada diz a regra que ela quebra e sugere até
# três ações legais parecidas:

# %%
import random

import ovnilab

game = ovnilab.make("ovni", num_players=3, seed=2026, setup="random")
first = game.legal_actions()[:3]
print(say("games", games=", ".join(sorted(ovnilab.GAMES))))
print(say("first_actions", actions=first))
assert all(game.parse_action(str(a)) == a for a in first)  # the text reads back
assert all(game.parse_action(str(a).upper()) == a for a in first)  # in any case
try:
    game.apply("move Berlim -> Paris")
except ovnilab.IllegalAction as err:
    assert 1 <= len(err.suggestions) <= 3
    print(say("refused", error=err))

# %% [markdown]
# Uma partida inteira entre jogadores aleatórios: a mesma semente e as mesmas ações sempre
# dão a mesma partida, em qualquer máquina, então cada número destes notebooks pode ser
# reproduzido. Um jogo salvo é JSON (opções de regra, semente, registro de ações); carregá-lo
# repete cada ação.

# %%
rng = random.Random(1)
while not game.is_over():
    game.apply(rng.choice(game.legal_actions()))
again = ovnilab.load_json(game.to_json())
assert again == game
print(say("whole_game", rounds=game.round, actions=len(game.log), scores=game.scores(),
          winners=[game.seat_name(w) for w in game.winners()], same=again == game))
