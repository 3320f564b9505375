import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# ovnilab: a tour

**ovnilab** turns three tabletop games into things a class can play, question and measure
in one Jupyter session:

| game | what it teaches | notebooks |
| --- | --- | --- |
| **Ovni** (Marcos Macri): alien planets bid for aliens with command tokens, fly UFOs over 12 cities, abduct humans | simultaneous bidding (a Colonel Blotto cousin), majorities, turn order as a resource | `ovni/01_rules`, `ovni/02_play`, `ovni/03_balance`, `ovni/04_what_if` |
| **Cosmic Encounter** (base game, 23 beginner aliens) | attack or negotiate: bimatrix games, alliances, asymmetric powers | `cosmic/01_rules_and_play`, `cosmic/02_aliens` |
| **The cow-abduction pyramid game** (a designed card set) | a small two-player card game: balance by simulation, exact endgame search | `cows/01_rules_and_play`, `cows/02_balance` |

Across games: `bots.ipynb` (how strong each bot is, measured) and the game-theory lessons
`theory/01_recruitment_bidding` (Ovni's token contest as a normal-form game),
`theory/02_attack_or_negotiate` (Cosmic's planning phase as a bimatrix game) and
`theory/03_solving_endgames` (exact search on the cow game).

Every rule is implemented from the rulebooks in `seeds/`; where a rulebook is silent
(the Ovni board's adjacency, card contents) the project ships a documented
reconstruction in `data/` that you can swap. Where a rule is ambiguous, the chosen reading
is the default and the alternative is a rule option.

Open a notebook from JupyterLab's file browser (`make lab` opens it on this folder). Each
notebook runs top to bottom in well under a minute.
"""),
md("""
## The shared API in five lines

Every game is started the same way and offers the same methods: `legal_actions()`,
`apply(...)`, `undo()`, `clone()`, `scores()`, `winners()`, `to_json()`.
"""),
code("""
import random
import ovnilab

print(sorted(ovnilab.GAMES))
game = ovnilab.make("ovni", num_players=3, seed=2026)
print(game)
print(game.legal_actions()[:3])
"""),
md("""
Actions are small values with a readable text that the game reads back. A game is played
by applying actions (or their text); anything the rules forbid raises `IllegalAction`,
naming the rule, and leaves the game untouched.
"""),
code("""
game = ovnilab.make("ovni", num_players=3, seed=2026, setup="random")  # set-up choices by a seeded RNG
print(game.current_player, game.legal_actions()[0])
try:
    game.apply("move Berlim -> Paris")
except ovnilab.IllegalAction as err:
    print("refused:", err.rule)
"""),
md("""
A whole game between random players, then its result. The same seed and the same actions
always give the same game, on any machine, so every number in these notebooks can be
reproduced.
"""),
code("""
rng = random.Random(1)
while not game.is_over():
    game.apply(rng.choice(game.legal_actions()))
print("rounds:", game.round, " actions:", len(game.log))
print("scores:", game.scores(), " winners:", game.winners())
"""),
md("""
A saved game is JSON: the rule options, the seed and the action log. Loading it replays the
log, checking every action.
"""),
code("""
text = game.to_json()
again = ovnilab.load_json(text)
print(again == game, len(text), "characters")
"""),
md("""
The position is drawn as SVG (the next cell shows the final board). The interactive board
to play against bots is in `ovni/02_play.ipynb`.
"""),
code("""
game
""", FIG),
]
write(str(ROOT / "notebooks" / "00_tour.ipynb"), cells)
