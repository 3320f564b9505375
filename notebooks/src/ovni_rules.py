import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Ovni, rule by rule

This notebook walks through the Ovni rulebook (`seeds/000_cc0be5a3f28676ea.txt`, in
Portuguese) in its own order. Each rule comes with a short demonstration on a real game
state or through the pure rule function the engine itself uses, and every worked example
of the rulebook is reproduced (the same examples are unit tests in
`tests/ovni/test_rulebook_examples.py`).

**Reconstructions.** The rulebook does not give the board's adjacency, the twelfth city,
the contents of the 16 alien cards, which ability kinds are printed twice, or the
parameters of the 16 missions. ovnilab designs them in `data/ovni/board.toml` and
`data/ovni/cards.toml`; each choice is explained in the file, and you can play with your
own files (`Rules(board_file=..., cards_file=...)`).

**Readings.** Where the rulebook is ambiguous, the default is the reading we judge most
faithful and the alternative is a rule option; each one is flagged below with *Reading*
and listed in `data/ovni/README.md`.
"""),
code("""
import random
import networkx as nx
from ovnilab import IllegalAction, ovni

def refused(state, action):
    \"\"\"Try an action the rules forbid and print the rule the engine names.\"\"\"
    try:
        state.apply(action)
    except IllegalAction as err:
        print(f"{action!s:<38} refused: {err.rule}")
"""),
md("""
## 1. Components and the board

Twelve cities form a graph. São Paulo is city 1, Washington 2, Madri 3 (rulebook); the
rest is our reconstruction, which respects the pilot example: Berlim-Paris and
Moscou-Tóquio are routes, and one UFO needs exactly two moves from Berlim to Tóquio.
"""),
code("""
G = ovni.board_graph()
for n in G.nodes:
    print(f"{n:>2} {G.nodes[n]['name']:<13} neighbours: {', '.join(G.nodes[m]['name'] for m in sorted(G[n]))}")
name = {G.nodes[n]["name"]: n for n in G}
print("Berlim-Tóquio distance:", nx.shortest_path_length(G, name["Berlim"], name["Tóquio"]))
"""),
md("""
## 2. Preparation (set-up)

`new_game` deals with chance from its seed: the alien cards are shuffled, one human of
each category goes to the track and the other twelve one per city at random, two ability
cards and three missions are dealt to each player. The stock holds 20 aliens per type,
minus 4 per type with two or three players. UFOs are placed round-robin from São Paulo,
so each player starts with 3 UFOs (4 players) or 4 (3 players).
"""),
code("""
g = ovni.new_game(num_players=4, seed=11)
print("stock:", g.observation(0)["stock"])
print("track:", g.observation(0)["track"])
print("humans:", {c: h for c, h in list(g.observation(0)["humans"].items())[:4]}, "...")
for seat in range(4):
    cities = [g.board.names[c] for c in range(12) if g.ufo[seat][c]]
    print(f"{g.seat_name(seat):<18} UFOs in {', '.join(cities)};  abilities {g.abilities[seat]}")
print("3 players, stock:", ovni.new_game(3, seed=11).stock, " UFOs each:", [sum(u) for u in ovni.new_game(3, seed=11).ufo])
"""),
md("""
The players' set-up decisions are actions, recorded in the log like any other move:
each player keeps one or two of the three missions dealt, then chooses two starting
aliens of different types. No two players may choose the same pair (the
*starting-aliens* ability chooses three different types instead).
"""),
code("""
print("dealt to red:", g.missions_dealt[0])
print([str(a) for a in g.legal_actions()])
for seat in range(4):
    g.apply(g.legal_actions()[-1])          # keep two missions
g.apply("choose aliens abductor+military")
print([str(a) for a in g.legal_actions()])  # blue may not take the same pair
refused(g, "choose aliens abductor+military")
"""),
md("""
## 3. The two-player variant

With two players an imaginary third player joins: two UFOs and one of its mapping tokens
on cities 3, 6, 9 and 12 (so those cities need three UFOs to be mapped by anyone else), two
starting aliens chosen one by each player, no abilities and no missions. The force-field
ability is not used with two players.
"""),
code("""
g2 = ovni.new_game(num_players=2, seed=4)
T = g2.third
print("third player:", g2.seat_name(T))
print("cities with its UFOs:", [f"{c + 1} {g2.board.names[c]} ({g2.ufo[T][c]} UFOs, mapped)" for c in range(12) if g2.ufo[T][c]])
print("force field dealt?", any("force_field" in a for a in g2.abilities))
while g2.phase != "third player's starting aliens":
    g2.apply(g2.legal_actions()[0])
print(g2.current_player, [str(a) for a in g2.legal_actions()])
"""),
md("""
## 4. Phase 1, recruitment: turn order

Most military first; ties are broken by builders, then abductors, then pilots; a full tie
goes to the planet farthest from Earth. The rulebook's table:
"""),
code("""
counts = {
    "red":    dict(military=2, builder=0, abductor=1, pilot=2),
    "blue":   dict(military=2, builder=1, abductor=0, pilot=2),
    "green":  dict(military=0, builder=2, abductor=2, pilot=1),
    "yellow": dict(military=0, builder=2, abductor=1, pilot=2),
}
ovni.recruitment_order(counts)
"""),
md("""
## 5. Alien cards and command tokens

The first player draws one alien card per recruitment area: A-D with four players, A-C
with two or three. Each card shows three aliens. Then, in turn order, each player places
exactly one command token (2-6) per turn, never passing. Within an area tokens alternate
face down, face up, face down, face up: at most four per area. Nobody may place three
tokens of their colour consecutively in one area. Token 6 is used once per game.
"""),
code("""
g = ovni.new_game(4, seed=5, setup="random")
for letter, area in zip("ABCD", g.observation(0)["areas"]):
    print(letter, "+".join(area["card"]))
print("order:", [g.seat_name(s) for s in g.order1])
print([str(a) for a in g.legal_actions()[:6]], "...")
"""),
code("""
first = g.current_player
g.apply("place 3 face-down on A")
refused(g, "place 3 face-down on A")          # the second token in an area is face up
print("what blue sees of area A:", g.observation(1)["areas"][0]["tokens"])
print("what", g.seat_name(first), "sees:", g.observation(first)["areas"][0]["tokens"])
"""),
md("""
Three tokens of one colour in a row are refused. In a three-player game, the first player
opens A and places there again while the others play elsewhere; a third token in A is
refused:
"""),
code("""
h = ovni.new_game(3, seed=4, setup="random")
me = h.current_player
for turn in range(6):
    if h.current_player == me:
        h.apply(next(a for a in h.legal_actions() if a.a == "A"))
    else:
        h.apply(next(a for a in h.legal_actions() if a.a != "A"))
print("area A:", h.observation(me)["areas"][0]["tokens"])
refused(h, "place 4 face-down on A")
"""),
md("""
## 6. Resolving the areas

After all tokens are placed they are revealed and the areas are resolved in letter order.
Equal values cancel each other; of the remaining tokens the highest sum wins; equal sums go
to the player who opened the area. The rulebook's four areas:
"""),
code("""
example = {
    "A": [("green", 3), ("red", 5), ("blue", 5), ("yellow", 5)],
    "B": [("yellow", 3), ("blue", 2), ("yellow", 4), ("blue", 5)],
    "C": [("red", 2), ("green", 3), ("blue", 2), ("yellow", 3)],
    "D": [("red", 4), ("blue", 6), ("green", 4), ("yellow", 2)],
}
for area, placements in example.items():
    print(area, "->", ovni.resolve_area(placements))
"""),
md("""
In A the three 5s cancel and green's 3 wins; in B both sums are 7 and yellow opened the
area; in C everything cancels; in D the 4s cancel and blue's 6 wins. Red won nothing, so
red may use its energy card (section 9).

*Reading.* When sums are equal and the player who opened the area is not among the tied
players (the opener's token was cancelled), the rulebook says nothing. By default the
tied player whose first token in the area came earliest wins, which is the opener whenever
the opener is tied, exactly as printed. `Rules(area_tie="opener")` gives nobody the area
in that case, and `Rules(area_tie="none")` is a what-if where equal sums never win.
"""),
code("""
placements = [("red", 5), ("blue", 4), ("green", 5), ("blue", 2), ("green", 6)]
for tie in ovni.AREA_TIE_RULES:
    print(f"{tie:<9}", ovni.resolve_area(placements, tie=tie))
"""),
md("""
A player who wins two or more areas chooses exactly three aliens among the cards won; a
card nobody wins is discarded. The stock can run out during resolution, which is why the
areas are resolved in letter order: later winners may get fewer aliens. Here a real game
reaches a multi-area win:
"""),
code("""
for seed in range(200):
    m = ovni.new_game(4, seed=seed, setup="random")
    rng = random.Random(seed)
    while m.phase == "placing command tokens":
        m.apply(rng.choice(m.legal_actions()))
    if m.phase == "choosing aliens to recruit":
        break
won = [l for l, w in zip("ABCD", m.area_winner) if w == m.current_player]
print(f"seed {seed}: {m.seat_name(m.current_player)} won areas {won}")
print([str(a) for a in m.legal_actions()])
"""),
md("""
## 7. Building UFOs

Each newly formed pair of builders builds one UFO at once, from the player's reserve onto
the two-slot launch platform; with the platform full the build is lost. A pair broken by a
capture and formed again builds again.
"""),
code("""
for before, after in [(0, 1), (1, 2), (1, 4), (2, 3), (3, 4)]:
    print(f"builders {before} -> {after}: {ovni.ufos_built(before, after)} UFO(s) built")
"""),
md("""
In a real position: green has one builder and captures one of blue's three. Green now has a
new pair and builds a UFO at once; blue keeps one intact pair (and would build again the
moment it gets a fourth builder).
"""),
code("""
c = ovni.example_position(4, to_act=2, aliens={2: {"military": 3, "builder": 1}, 1: {"builder": 3}}, platform={1: 2})
c.apply("activate military")
c.apply("capture builder from blue")
print("green: builders", c.aliens[2][2], "platform", c.platform[2], "| blue: builders", c.aliens[1][2])
"""),
md("""
## 8. Phase 2, actions: turn order

Most pilots first; ties by abductors, builders, then military; a full tie goes to the planet
nearest to Earth. The rulebook's table:
"""),
code("""
counts = {
    "red":    dict(pilot=2, abductor=1, builder=0, military=2),
    "blue":   dict(pilot=2, abductor=0, builder=1, military=2),
    "green":  dict(pilot=1, abductor=2, builder=2, military=0),
    "yellow": dict(pilot=2, abductor=1, builder=2, military=0),
}
ovni.action_order(counts)
"""),
md("""
On its turn a player activates up to two *different* groups, finishing one group's
actions before the next. Aliens are never spent: they accumulate all game.

### Pilots
One move per pilot: one UFO to an adjacent city. The first player to have two UFOs in a
city maps it (a mapping token, 3 points at the end); after that, others need three. The
mapping UFOs cannot move again this round. The rulebook's example: blue has four pilots,
two UFOs in Berlim and one in Moscou.
"""),
code("""
p = ovni.example_position(4, to_act=1, aliens={1: {"pilot": 4}}, ufos={1: {"Berlim": 2, "Moscou": 1}})
for move in ["activate pilots", "move Berlim -> Paris", "move Moscou -> Tóquio",
             "move Berlim -> Moscou", "move Moscou -> Tóquio"]:
    p.apply(move)
print("mapped by:", p.observation(0)["mapped"]["Tóquio"], " (seat 1 is blue)")
"""),
code("""
p
""", FIG),
md("""
### Abductors
One abduction per pair of abductors, only in a city where the player has the majority of
UFOs and a human is present. Red has three abductors (one pair): Dubai is refused (no
majority), Buenos Aires works.
"""),
code("""
a = ovni.example_position(4, to_act=0, aliens={0: {"abductor": 3}},
                          ufos={0: {"Buenos Aires": 2, "Dubai": 1}, 1: {"Dubai": 2, "Buenos Aires": 1}})
a.apply("activate abductors")
refused(a, "abduct in Dubai")
a.apply("abduct in Buenos Aires")
print("red abducted:", a.observation(0)["abducted"][0])
"""),
md("""
### Builders
Launch one or two UFOs from the platform to any cities, whatever the number of builders.
Arriving can map a city. Yellow launches to São Paulo and Hong Kong (where it had one UFO):
"""),
code("""
y = ovni.example_position(4, to_act=3, aliens={3: {"builder": 2}}, platform={3: 2}, ufos={3: {"Hong Kong": 1}})
for act in ["activate builders", "launch to São Paulo", "launch to Hong Kong"]:
    y.apply(act)
print("Hong Kong mapped by:", y.observation(3)["mapped"]["Hong Kong"], " platform:", y.platform[3])
"""),
md("""
### Military
Per trio of military, one attack: capture an opponent's alien (never its only alien of that
type, never an alien already captured; a capture marker goes on it) or destroy an opponent's
UFO in a city where the attacker has a UFO (it returns to its owner's reserve). Never the
same opponent twice in a row. The rulebook's example: green (6 military) captures a
builder from blue, forming a new builder pair (a UFO is built), then destroys a red UFO in
Sidney.
"""),
code("""
m = ovni.example_position(4, to_act=2, aliens={2: {"military": 6, "builder": 1}, 1: {"builder": 2}},
                          ufos={2: {"Sidney": 1}, 0: {"Sidney": 1}, 1: {"Sidney": 1}})
m.apply("activate military")
m.apply("capture builder from blue")
print("green builders:", m.aliens[2][2], "captured:", m.captured[2][2], "platform:", m.platform[2])
refused(m, "destroy blue UFO in Sidney")
m.apply("destroy red UFO in Sidney")
print("red reserve:", m.reserve[0])
"""),
code("""
r = ovni.example_position(4, to_act=2, aliens={2: {"military": 3}, 1: {"pilot": 1, "abductor": 2}},
                          captured={1: {"abductor": 2}},   # both of blue's abductors were captured before
                          ufos={2: {"Paris": 1}, 1: {"Paris": 1}})
print([str(a) for a in ovni.example_position(4, 2).legal_actions()], "<- nothing to attack: no activation")
r.apply("activate military")
refused(r, "capture pilot from blue")
refused(r, "capture abductor from blue")
"""),
md("""
## 9. The energy card

A player who won no area may, after the winners have recruited and in phase-1 order, choose
bonus 1 (one alien of any type from the stock, plus a force field: no military attack can
target it this round) or bonus 2 (three groups in phase 2 instead of two). The card returns
at the end of the round. In a real game:
"""),
code("""
for seed in range(100):
    e = ovni.new_game(4, seed=seed, setup="random")
    rng = random.Random(seed)
    while e.phase not in ("energy card", "actions"):
        e.apply(rng.choice(e.legal_actions()))
    if e.phase == "energy card" and e.aliens[e.current_player][2] % 2 == 1:
        break
who = e.current_player
print(f"seed {seed}: {e.seat_name(who)} won nothing; options: {[str(x) for x in e.legal_actions()]}")
e.apply("energy 1 builder")   # an odd number of builders: the new pair builds a UFO
print("platform:", e.platform[who], " force field:", e.shield[who])
"""),
md("""
*Two players:* the third player, when it wins nothing, always takes bonus 1 and the first
player in turn order chooses its alien. It receives only the lowest-letter area it wins,
never acts in phase 2, can be attacked, and never scores.

## 10. End of the round and of the game

After phase 2, empty cities are refilled from the track in city order (while the track
lasts). The game ends after the round in which the stock of any alien type ran out.
"""),
code("""
g = ovni.new_game(4, seed=3, setup="random")
rng = random.Random(3)
rounds = []
while not g.is_over():
    r0 = g.round
    g.apply(rng.choice(g.legal_actions()))
    if g.round != r0 or g.is_over():
        rounds.append((r0, list(g.stock), len(g.track)))
for r0, stock, track in rounds:
    print(f"after round {r0}: stock {stock}, humans left on the track {track}")
"""),
md("""
## 11. Ability cards

Ten cards of seven kinds; each player gets two. *Reconstruction:* initial UFO, human swap
and extra moves are the three printed twice (see `data/ovni/cards.toml` for why).
"""),
code("""
print(sorted(set(g.cards.abilities)))
x = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Paris": 1}}, abilities={0: ["extra_moves"]})
x.apply("activate pilots"); print("extra moves: budget", x.budget, "with one pilot")
f = ovni.example_position(4, 0, ufos={0: {"Berlim": 1, "Paris": 1}}, mapped={"Berlim": [1]},
                          aliens={0: {"pilot": 1}}, abilities={0: ["free_mapping"]})
f.apply("activate pilots"); f.apply("move Paris -> Berlim")
print("free mapping: Berlim mapped by", f.observation(0)["mapped"]["Berlim"], "with two UFOs")
s = ovni.example_position(4, 0, aliens={0: {"abductor": 2}}, ufos={0: {"Paris": 1}}, abilities={0: ["human_swap"]})
s.apply("activate abductors")
print("human swap:", [str(a) for a in s.legal_actions() if "swapping" in str(a)])
"""),
md("""
The other kinds act at set-up or in phase 1: *initial UFO* (a built UFO on the platform
from the start), *starting aliens* (three different types instead of two), *command six*
(token 6 comes back after its first use), *force field* (at the start of phase 2, box two
military: no attack can target you this round, and those two cannot attack).

## 12. Missions

Each player keeps one or two missions, revealed at the end: +8 when done, -5 when not.
Four families (parameters reconstructed):
"""),
code("""
for m in g.cards.missions:
    print(f"{m.id:>2} {m.family:<9} {m.describe(g.cards.categories)}")
"""),
md("""
*Reading.* "Have built and launched six or seven UFOs" (mapping family) is read as UFOs
on the board at the end, since the family is "Mapeamento e **Posse**" (possession);
`Rules(ufo_mission="launched")` counts launches over the game instead.

## 13. Final scoring

Six categories: alien majorities (10 per type, ties split rounded down), UFOs (2 on the
board, 1 on the platform), airspace control (4 per city with the strict most UFOs),
mapping (3 per token), abducted humans, missions. The rulebook's examples:
"""),
code("""
print(ovni.score_humans(["brown", "black", "white"]))
print(ovni.score_humans(["orange", "orange", "grey", "grey", "lilac"]))
print(ovni.score_humans(["white", "white", "orange", "black", "brown", "lilac"]))
print(ovni.majority_points({"red": 5, "blue": 5, "green": 5, "yellow": 2}))
print(ovni.airspace_controller({"blue": 3, "red": 2, "green": 2, "yellow": 1}))
print(ovni.airspace_controller({"blue": 3, "red": 3, "green": 2, "yellow": 1}))
"""),
md("""
Ties go to the player with more UFOs on the board, then more humans abducted. The game
played above, category by category:
"""),
code("""
for seat, b in enumerate(g.score_breakdown()):
    print(f"{g.seat_name(seat):<18}", b, "=", sum(b.values()))
print("winners:", [g.seat_name(w) for w in g.winners()])
"""),
code("""
g
""", FIG),
md("""
*Two players, reading:* "calcule a pontuação normalmente entre ambos os jogadores" is read
as: only the two real players compete for majorities and airspace;
`Rules(third_player_competes=True)` lets the third player's pieces block them.
"""),
]
write(str(ROOT / "notebooks" / "ovni/01_rules.ipynb"), cells)
