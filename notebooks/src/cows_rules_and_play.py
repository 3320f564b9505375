import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *

cells = [
md("""
# The cow-abduction pyramid game, rule by rule, and is it balanced?

Two aliens abduct cattle and stack their catch in a pyramid of six double-sided cards.
This notebook walks through the rulebook (`seeds/004_6df0afbd3d27a9c4.txt`, in Portuguese)
in its own order. Every rule is shown on a **real game state** of the engine
`ovnilab.cows`: a seeded game is played (by random choices) until the moment the rule
matters, then we look at the legal actions, apply one, and print what changed. Everything
is deterministic: run it again and you get the same games.

The rulebook names the card *kinds* but no card list is published: the 18 cards are an
ovnilab design, kept as data in `data/cows/cards.toml` (section 2). Where the rulebook is
ambiguous the engine follows the reading we judge most faithful and offers the other as
a rule option (section 10).

Contents: 1 helpers · 2 the cards and their design · 3 set-up · 4 a turn: the three main
actions · 5 the free build · 6 the hand limit · 7 pyramid placement · 8 effects ·
9 the end, the last turn and scoring · 10 readings and rule options · 11 a game played
out · 12 balance by simulation.
"""),
md("""
## 1. Helpers

`advance` plays seeded random actions until a condition holds; `find` tries seeded games
until one reaches it. `table` prints the table as one seat sees it (its observation:
faces on the table, never a hidden back it has not seen), `options` lists the legal
actions, and `refused` tries an action the rules forbid and prints the rule the engine
names.
"""),
code('''
import random
from IPython.display import SVG
from ovnilab import IllegalAction, cows
from ovnilab.cows import rules as R


def advance(state, until, seed=0, limit=3000):
    """Play seeded random actions until ``until(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        if state.is_over():
            raise RuntimeError("the game ended first")
        state.apply(rng.choice(state.legal_actions()))
    raise RuntimeError("not reached")


def find(until, areas=1, rules=None, seeds=range(3000)):
    """The first seeded random game that reaches a position where ``until`` holds."""
    for seed in seeds:
        try:
            return advance(cows.new_game(seed=seed, discard_areas=areas, rules=rules), until, seed)
        except RuntimeError:
            continue
    raise RuntimeError("no seeded game reaches it")


def options(state):
    return [str(a) for a in state.legal_actions()]


def refused(state, action):
    try:
        state.apply(action)
    except IllegalAction as err:
        print(f"{action!s:<44} refused: {err.rule}")


def table(state, seat=0):
    """The table as ``seat`` sees it (its observation), in text."""
    o = state.observation(seat)
    print(f"turn {state.turns}, seat {o['current_player']} to act ({o['phase']}); deck {o['deck_size']} "
          f"cards, top shows {o['deck_top']}; Celeiro tops {o['celeiro_top']}")
    for p in (0, 1):
        pyr = ["." if c is None else c["face"] for c in o["pyramids"][p]]
        hand = [c["face"] + (f" (back: {c['back']})" if c["back"] else "") for c in o["hands"][p]]
        print(f"  seat {p}: pyramid [{pyr[0]}] [{pyr[1]} | {pyr[2]}] [{' | '.join(pyr[3:])}]"
              f"  hand {hand}  score {o['scores'][p]}")
'''),
md("""
## 2. The cards and their design

Each card has two printed sides (*faces*). A face has a base value, maybe a Sun or a Moon,
cows and calves, and at most three effects from a small vocabulary the engine interprets
(effects are data, so a card can be edited in the file and the changed game played with
`cows.Rules(cards_file=...)`). The effect types and their timing family:
"""),
code('''
from ovnilab.cows.data import EFFECT_TYPES

for name, (kind, params) in EFFECT_TYPES.items():
    print(f"{name:<9} {kind:<10} parameters: {', '.join(params) or '-'}")
'''),
md("""
The eighteen faces (`NOW` = immediate, `ADJ` = adjacency, `END` = end of game):
"""),
code('''
cards = cows.load_cards()
tag = {"immediate": "NOW", "adjacency": "ADJ", "end": "END"}
print(f"{'face':<16}{'value':>5}  {'sky':<5}{'cows':>5}{'calves':>7}  effects")
for f in cards.faces:
    fx = "; ".join(f"{tag[e.kind]} {e.text()}" for e in f.effects)
    print(f"{f.name:<16}{f.value:>5}  {f.sky or '-':<5}{f.cows:>5}{f.calves:>7}  {fx}")
'''),
md("""
And the eighteen cards, side A / side B:
"""),
code('''
for i, (a, b) in enumerate(cards.cards):
    print(f"card {i + 1:>2}: {cards.faces[a].name:<16} / {cards.faces[b].name}")
'''),
md("""
**The design note, in short** (the full note is at the top of `data/cows/cards.toml`):

* *Every face is printed twice, with different backs.* The cards form a ring (Mimosa /
  Bezerrinho, Bezerrinho / Lua Cheia, ..., Estrela / Mimosa). Seeing a face therefore leaves
  two possible backs, and "no peeking at the other side" matters: flipping a card is a
  gamble whose odds depend on which cards are already visible (section 8 computes them).
* *Rich and lean sides alternate.* Nine faces have a high value or a steady bonus, nine
  a lower value but a combo or an effect; every card has one of each, so the cards are
  worth about the same and what matters is which side is up.
* *Symmetric material.* 8 Sun sides, 8 Moon sides, 8 cows and 8 calves in the set: no plan
  (day, night, herd) has more material than another. Effects that cost points sit on high
  values, effects that give points on low ones, and the three flipping faces cost a low
  value for a swing that may backfire.
* *Tuned by simulation*: the values were adjusted until the player holding each card won
  between 45.9% and 55.2% of 2,000 greedy-vs-greedy games (`python -m
  ovnilab.cows.balance` measures it; section 12 repeats the measurement, smaller).
"""),
md("""
## 3. Set-up

The Celeiro (barn) card is laid with the face for the chosen number of discard areas up
(1 is recommended for a first game). The 18 cards are split in half, one half is turned
over, the halves are put together and shuffled: so exactly nine cards lie with side B up.
The starting player is "the last player who saw a cow": the engine draws it from the
seed (or `Rules(starting_player=0 | 1)` fixes it).
"""),
code('''
for areas in (1, 2):
    g = cows.new_game(seed=7, discard_areas=areas)
    print(f"{areas} area(s): {cards.area_labels(areas)}; deck {len(g.deck)} cards, {sum(g.up)} of them side B up; "
          f"starting player {g.starter}")
g = cows.new_game(seed=7)
table(g)
print("legal:", options(g))
'''),
md("""
Cards are drawn from the **bottom** of the deck, so its top card shows a face to everybody;
nothing else of the deck is visible. On the very first turn the hands are empty, so the
only possible action is to draw.

## 4. A turn: exactly one of three main actions

**Action 1: draw 2.** Take the two bottom cards, reveal them (their orientation is kept),
keep one and put the other on the Celeiro. With two discard areas the player chooses which.
"""),
code('''
g = cows.new_game(seed=7)
g.apply("draw 2")
table(g)
print(options(g))
g2 = cows.new_game(seed=7, discard_areas=2)
g2.apply("draw 2")
print(options(g2))
'''),
code('''
g.apply(g.legal_actions()[0])
table(g)
refused(g, "draw 2")
print("legal now:", options(g))
'''),
md("""
After the main action the player may still make the free build (section 5) or end the
turn. Only one main action per turn: a second draw is refused.

**Action 2: take the visible top card of a Celeiro area** into your hand, and
**Action 3: flip a card in your hand**: it shows its other side, and from now on both
players know both sides of that card. A card is never turned over just to look at it.
"""),
code('''
g.apply("end turn")
g.apply("draw 2"); g.apply(g.legal_actions()[1]); g.apply("end turn")    # the other seat's turn
table(g)
print(options(g))
'''),
code('''
g.apply(options(g)[2])                         # flip the card in hand
table(g)
print(g.log[-1], "-> everybody has now seen both sides of it")
'''),
md("""
When the deck runs out, play goes on with the Celeiro and flips:
"""),
code('''
late = find(lambda s: not s.deck and s.phase == R.MAIN and not s.main_done and s.hand[s.turn])
table(late)
print(options(late))
'''),
md("""
## 5. The free build, once per turn

At any moment of the turn, before or after the main action, a player may place one card
of their hand in their pyramid. Once: a second build in the same turn is refused. The
turn ends by itself once the main action is done and the build used (or impossible);
`end turn` declines the build.
"""),
code('''
s = find(lambda s: s.phase == R.MAIN and not s.main_done and len(s.hand[s.turn]) == 2 and s.mask[s.turn] == 1)
table(s)
print(options(s))
s.apply(next(a for a in s.legal_actions() if a.kind == "build"))
print("after building first:", options(s))
refused(s, next(a for a in options(s) if a.startswith("flip")).replace("flip", "build", 1) + " at row 2 slot 2")
'''),
md("""
## 6. Never more than three cards in hand

A player whose hand is full must build before taking a fourth card: drawing and taking
from the Celeiro are not offered until a card has gone into the pyramid.
"""),
code('''
full = find(lambda s: len(s.hand[s.turn]) == 3 and s.phase == R.MAIN and not s.main_done and s.deck)
table(full)
print(options(full))
refused(full, "draw 2")
'''),
md("""
*Reading.* The two drawn cards are not yet "in your possession" until one is kept, so a
hand of two may draw. Whether a full hand may draw first and build while choosing is
not said; the default says no, `Rules(build_during_draw=True)` says yes:
"""),
code('''
variant = find(lambda s: len(s.hand[s.turn]) == 3 and s.phase == R.MAIN and not s.main_done and s.deck,
               rules=cows.Rules(build_during_draw=True))
print([a for a in options(variant) if not a.startswith("build")])
'''),
md("""
## 7. Pyramid placement

Row 1 holds one card, row 2 two, row 3 three. Row 1 comes first; row 2 starts once row 1
is complete; row 3 starts once row 2 has a card, and a row-3 card needs a supporting
card above it. The pure rule function `open_slots` gives the slots where the next card
may go (slots 0-5 are row 1, row 2 left and right, row 3 left, middle, right):
"""),
code('''
for filled in ([], [0], [0, 1], [0, 2], [0, 1, 2], [0, 1, 3]):
    mask = sum(1 << i for i in filled)
    print(f"filled {[cows.slot_name(i) for i in filled]!s:<58} open: "
          f"{[cows.slot_name(i) for i in cows.open_slots(mask)]}")
'''),
md("""
*Reading.* Row-2 cards sit between row-3 cards like bricks: row 2 left holds up row 3 left
and middle, row 2 right holds up middle and right. The middle of row 3 needs one card
above it by default (`support="any"`: "uma carta acima dela"); `support="both"` needs both:
"""),
code('''
print("any: ", [cows.slot_name(i) for i in cows.open_slots(0b011, "any")])
print("both:", [cows.slot_name(i) for i in cows.open_slots(0b011, "both")])
s = find(lambda s: s.turn == s.current_player and s.mask[s.turn] == 1 and s.hand[s.turn] and not s.built)
refused(s, f"build {s.face(s.hand[s.turn][0]).name} (hand 1) at row 3 slot 1")
'''),
md("""
Adjacency effects count the neighbours of a slot in this graph (a networkx graph: cards
next to each other in a row, and the overlapping cards of the rows above and below):
"""),
code('''
G = cows.pyramid_graph()
for n in G:
    print(f"{G.nodes[n]['name']}: {', '.join(G.nodes[m]['name'] for m in sorted(G[n]))}")
'''),
md("""
## 8. Effects

*Immediate* effects happen when the card is placed, and again whenever the card is flipped
to that side inside a pyramid (either player's). The owner of the card makes its choices,
even when it fires during the other player's turn. A flip effect's choice is an action:
"""),
code('''
s = find(lambda s: s.phase == R.EFFECT and s.stack[-1][2].target == "opponent")
print(s.log[-1], "->", s.observation(0)["pending_effect"])
print(options(s))
'''),
md("""
The flipped card shows its other side, and if that side has an immediate effect it
fires at once, as if just placed. That makes *chains*: here a build fired a flip, which
revealed a card whose own effect flipped another card.

*Rule ovnilab adds* (the rulebook is silent on loops): within one chain, a card that was
placed or flipped in it cannot be flipped again, so a chain flips at most 11 cards.
`Rules(max_chain_flips=k)` caps chains further.
"""),
code('''
chain = find(lambda s: s.phase == R.EFFECT and s.chain_flips >= 2)
start = max(i for i, a in enumerate(chain.log) if a.kind == "build")
for a in chain.log[start:]:
    print("  ", a)
print("now pending:", chain.observation(0)["pending_effect"], "| flips in this chain:", chain.chain_flips)
'''),
md("""
The *probe* (Sonda) lets its owner look at the hidden backs of the cards in their hand:
the owner's observation now shows those backs, the opponent's does not.
"""),
code('''
peek = find(lambda s: s.log and s.log[-1].kind == "build" and s.log[-1].b == "Sonda"
            and len(s.hand[s.last_seat]) >= 1)
me = peek.last_seat
print("owner sees:   ", peek.observation(me)["hands"][me])
print("opponent sees:", peek.observation(1 - me)["hands"][me])
'''),
md("""
Nobody else may look, so the backs are a matter of probability. Each face is printed on
two cards with different backs, and the visible cards constrain each other. `belief`
computes a seat's exact posterior over the backs (the same posterior the bots sample
their determinizations from). Right after the very first draw of game 0:
"""),
code('''
from ovnilab.cows.determinize import belief

g0 = cows.new_game(seed=0)
g0.apply("draw 2")
table(g0)
b = belief(g0, 0)
seen = g0.observation(0)
for pos in b.positions:
    face = seen["deck_top"] if pos[0] == "deck" else seen["drawn"][pos[1]]["face"]
    dist = ", ".join(f"{k} {v:.2f}" for k, v in b.back_distribution(pos).items())
    print(f"{str(pos):<14} shows {face:<10} back: {dist}")
'''),
md("""
Why 0.68 and not one half? The top card shows Boi Bravo, so it is the Farol / Boi Bravo
card or the Boi Bravo / Disco Voador card; the second drawn card shows Farol, so it is
Vaca Voadora / Farol or Farol / Boi Bravo. They cannot both be the Farol / Boi Bravo card,
which leaves three arrangements, and only one of them puts Farol behind the top card.
The set-up law (exactly nine cards flipped) weighs the three by the number of ways to
orient the sixteen unseen cards (11,440 : 12,870 : 11,440), hence 0.32 for Farol and
0.68 for Disco Voador. The Gêmeos card shares no face with the others and stays a coin
toss. A flip in hand is a gamble on exactly these odds.
"""),
md("""
*Adjacency* and *end-of-game* effects are counted in the final score. The pure function
`score_pyramid(faces, opponent, hand_size)` is the rule itself; here it scores pyramids
written by hand, one effect family at a time (slots in order: row 1, row 2 left and right,
row 3 left, middle, right):
"""),
code('''
F = {f.name: f for f in cards.faces}


def score(own, opp=(), hand=0):
    own = [F[n] if n else None for n in own] + [None] * (6 - len(own))
    opp = [F[n] if n else None for n in opp] + [None] * (6 - len(opp))
    return cows.score_pyramid(own, opp, hand)


print("calf next to two cows (ADJ):     ", score(["Mimosa", "Bezerrinho", "Estrela"]))
print("bull with two neighbours (ADJ):  ", score(["Boi Bravo", "Gêmeos", "Lua Cheia"]))
print("three Moons, Lua Cheia (END):    ", score(["Lua Cheia", "Sonda", "Vaca Lunar"]))
print("cow majority, Curral (END):      ", score(["Curral", "Mimosa", "Estrela"], ["Vaca Voadora"]))
print("farmer missing cows (END):       ", score(["Fazendeiro", "Mimosa"]))
print("herd of 2 cows + 2 calves (END): ", score(["Manada", "Mimosa", "Estrela", "Gêmeos"]))
print("Sun = Moon, Crepúsculo (END):    ", score(["Crepúsculo", "Sol do Meio-Dia", "Lua Cheia"]))
print("beacon in row 1 (END):           ", score(["Farol"]), "vs in row 2:", score([None, "Farol"]))
print("flying cow, 2 cards in hand (END):", score(["Vaca Voadora"], hand=2))
'''),
md("""
Sun/Moon interactions: Noon Sun gains per adjacent Sun, Moon cow per adjacent Moon, Full
Moon per Moon in the pyramid, Twilight when Suns equal Moons, and the Eclipse flips a
Sun card in either pyramid. Cow/calf interactions: the calf wants cows around it, the
mother cow calves, the herd pairs cows with calves, the corral a cow majority, the farmer
loses a point per cow.

## 9. The end, the last turn and scoring

The game ends when a player completes a pyramid (six cards). If the **starting** player
completed it, the other plays one more turn:
"""),
code('''
last = find(lambda s: s.final and s.phase == R.MAIN and not s.main_done)
print("starting player:", last.starter, "| pyramids complete:", [m == 63 for m in last.mask],
      "| last turn for seat", last.turn)
advance(last, lambda s: s.is_over() or s.turn != last.turn)
print("after that turn, over:", last.is_over())
'''),
md("""
If the other player completes it, the game ends with that turn. `Rules(last_turn=False)`
drops the extra turn. *Rule ovnilab adds:* players could flip cards back and forth
forever, so after 12 consecutive turns with neither a draw nor a build
(`Rules(stall_limit=12)`) the game ends and is scored as it stands; it rarely matters:
"""),
code('''
ends = {"completed": 0, "stalled": 0}
for seed in range(300):
    s = advance(cows.new_game(seed=seed), lambda s: s.is_over(), seed)
    ends["completed" if 63 in s.mask else "stalled"] += 1
print(ends, "of 300 random games")
'''),
md("""
The final count adds the base values of the pyramid's cards, then the adjacency and
end-of-game effects; the most points wins. The rulebook names no tie-break, so tied
players share the win; `Rules(tie_break="most_cattle")` gives it to the pyramid with more
cows and calves (the title is "best cattle-abducting alien"). The same game replayed
under that option:
"""),
code('''
tie = next(s for seed in range(2000)
           for s in [advance(cows.new_game(seed=seed), lambda s: s.is_over(), seed)]
           if len(s.winners()) == 2 and s.cattle(0) != s.cattle(1))
print("seed", tie.seed, "scores", tie.scores(), "breakdown", tie.score_breakdown())
print("shared:     winners", tie.winners())
again = cows.new_game(seed=tie.seed, rules=cows.Rules(tie_break="most_cattle"))
again.apply_many(tie.log)
print("most_cattle: winners", again.winners(), "(cattle", [again.cattle(p) for p in (0, 1)], ")")
'''),
md("""
## 10. Readings and rule options

Every ambiguity of the rulebook is a field of `cows.Rules`; the default is the reading we
judge most faithful.

| option | default | alternative | the question |
| --- | --- | --- | --- |
| `build_during_draw` | `False` | `True` | may a full hand draw, then build while keeping? |
| `support` | `"any"` | `"both"` | does the middle of row 3 need one card above it or both? |
| `starting_player` | `-1` (drawn) | `0`, `1` | "the last player who saw a cow" |
| `last_turn` | `True` | `False` | the extra turn after the starting player completes |
| `tie_break` | `"shared"` | `"most_cattle"` | the rulebook names none |
| `hand_limit` | `3` | 1-9 | what-if games |
| `max_chain_flips` | `0` (only "once per card per chain") | `k` | ovnilab's loop rule, capped further |
| `stall_limit` | `12` | `0` (off) | ovnilab's termination rule |
| `cards_file` | the ovnilab set | your file | play an edited card set (a bare file name is looked up in `data/cows/` first, so saves that name it load anywhere) |
"""),
code('''
cows.Rules()
'''),
md("""
## 11. A game played out

The greedy bot (one action ahead on the score plus the value of its hand) against the
information-set MCTS bot. Both decide from what their seat sees: for the hidden backs and
the deck they sample *determinizations*, full positions consistent with what they have
seen, never the true state.
"""),
code('''
from ovnilab import sim
from ovnilab.cows.bots import GreedyBot, MCTSBot

game = cows.new_game(seed=2026, discard_areas=2)
result = sim.play(game, [GreedyBot(), MCTSBot(iterations=100)])
print(f"{result.steps} decisions, {game.turns} turns; starting player {game.starter}")
for seat, name in enumerate(["greedy", "mcts"]):
    print(f"seat {seat} ({name}): {result.scores[seat]} points {result.breakdown[seat]}")
print("winner(s):", list(result.winners))
table(game)
'''),
md("""
The first and last actions of the log (every decision is public in this game):
"""),
code('''
for i, (who, a) in enumerate(zip(game.actors, game.log)):
    if i < 8 or i >= len(game.log) - 6:
        print(f"{i + 1:>3}. seat {who}: {a}")
    elif i == 8:
        print("     ...")
'''),
md("""
The same game on the board: drag the *history* slider to replay it from the first
decision (or press *new game* to play the bots yourself). The final position follows,
from a spectator's point of view.
"""),
code('''
from ovnilab.cows.widget import Board

board = Board(game, seats={0: "human", 1: MCTSBot(iterations=100)})
board.history.value = 0
board
''', FIG),
code('''
SVG(game._repr_svg_())
''', FIG),
md("""
## 12. Balance by simulation

Two greedy bots play `N_GAMES` seeded games with each face of the Celeiro card. The
questions of the design note: does moving first help, and does any card win more often
for the player whose pyramid holds it? Each figure has a 95% confidence interval: a
difference smaller than the interval is noise.
"""),
code('''
from ovnilab import analysis

# ---- parameter: games per Celeiro face; raise it for tighter intervals (about 30 ms
# ---- per game; processes=2 in run_many uses both cores)
N_GAMES = 200

runs = {areas: sim.run_many("cows", [GreedyBot(), GreedyBot()], N_GAMES, seed=10_000, progress=False,
                            new_game_kwargs={"discard_areas": areas})
        for areas in (1, 2)}
for areas, res in runs.items():
    print(f"{areas} discard area(s):", analysis.first_player_advantage(res))
'''),
md("""
The card win rates. A card counts for the player whose final pyramid holds it (either
side up). Every game reports its final pyramids (`State.result_extras()`; the seat
table's `cards` column names each card by its two faces), so nothing is replayed:
"""),
code('''
# both Celeiro faces in one batch
both = sim.Results([g for res in runs.values() for g in res])

by_card = analysis.win_rate_by(both, "cards")
by_card.max_rows = 0
by_card
'''),
code('''
from matplotlib.figure import Figure

rows = sorted(by_card, key=lambda r: r["rate"])
fig = Figure(figsize=(7, 4.6), layout="constrained")
ax = fig.subplots()
ax.barh([r["cards"] for r in rows], [r["rate"] for r in rows],
        xerr=[[r["rate"] - r["lo"] for r in rows], [r["hi"] - r["rate"] for r in rows]], color="#8d6e63")
ax.axvline(0.5, color="k", ls="--", lw=1)
ax.set_xlim(0.2, 0.8)
ax.tick_params(axis="y", labelsize=8)
ax.set_xlabel("win rate of the player whose pyramid holds the card (95% interval)")
ax.set_title(f"Greedy vs greedy, {len(both)} games (both Celeiro faces)")
fig
''', FIG),
code('''
outside = [r["cards"] for r in by_card if r["hi"] < 0.5 or r["lo"] > 0.5]
print(f"{len(outside)} of {len(by_card)} cards have a 95% interval that excludes one half: {outside}")
print(f"expected by chance alone if every card were fair: about {0.05 * len(by_card):.1f}")
'''),
md("""
**Reading the results.** The first player's share is compared with one half for each
Celeiro face: the extra turn for the second player, when the starter completes first, is
there to even out the turns. With 200 games per face an interval is about 14 points wide,
and a face may miss one half by chance: the design note's 1,000 games per face give
51.0% (1 area) and 48.0% (2 areas). For the cards, remember that eighteen intervals are
eighteen tests: even for a perfectly fair set about one would miss one half by chance,
and each card here is held in only 150-340 seat-games. A card that stays outside when
`N_GAMES` is raised is a candidate for a value change: at 1,000 games per face
(`python -m ovnilab.cows.balance`) every card's holder wins between 45.9% and 55.2%,
and five intervals still exclude one half, so the set is close to even but not exactly
even. The ranking also depends on the players: the values were tuned against this greedy
bot, and a stronger bot may exploit a card more.
"""),
]
write(str(ROOT / "notebooks" / "cows/01_rules_and_play.ipynb"), cells)
