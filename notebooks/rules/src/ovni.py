# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Ovni, rule by rule
#
# **What this is.** A reference for the rules of *Ovni* (Marcos Macri; 2-4 players), in the
# order of its rulebook (`seeds/000_cc0be5a3f28676ea.txt`, in Portuguese). Every rule is
# shown on a real game state of the engine `ovnilab.ovni`, or through the pure rule function
# the engine itself calls, and every worked example of the rulebook is replayed (they are
# also unit tests, `tests/ovni/test_rulebook_examples.py`). Each sentence that says what a
# demonstration shows is checked by an `assert` in the cell above it, so the page cannot
# drift from the engine. It is a reference, not a lesson: read the section you need. To
# play, open `../play/ovni.ipynb`.
#
# **Reconstructions.** The rulebook does not give the board's routes, the twelfth city, what
# the 16 alien cards show, which three ability kinds are printed twice, or the numbers on
# the 16 missions. ovnilab designs them in `data/ovni/board.toml` and `data/ovni/cards.toml`
# (each choice is explained in the file); play your own with
# `ovni.Rules(board_file=..., cards_file=...)`.
#
# **Readings.** Where the rulebook is silent or ambiguous, the engine follows the reading we
# judge most faithful and offers the alternative as an option of `ovni.Rules`. Each one is
# flagged below as *Reading* with its option, and [section 15](#readings) lists them all.
#
# **Contents**
#
# 1. [Components and the board](#board)
# 2. [Preparation](#setup)
# 3. [Phase 1: turn order](#order1)
# 4. [Alien cards and command tokens](#tokens)
# 5. [Resolving the areas](#resolve)
# 6. [Building UFOs](#build)
# 7. [Phase 2: turn order and groups](#order2)
# 8. [The four groups](#groups): [pilots](#pilots) · [abductors](#abductors) · [builders](#builders) · [military](#military)
# 9. [The energy card](#energy)
# 10. [End of the round and of the game](#end)
# 11. [Ability cards](#abilities)
# 12. [Missions](#missions)
# 13. [Final scoring and the winner](#scoring)
# 14. [Two players: the imaginary third player](#two)
# 15. [Readings and rule options](#readings)
#
# **Glossary** (Portuguese names used on this page)
#
# * *Ovni*: UFO (the game's title and its flying-saucer pieces).
# * Cities: *São Paulo*, *Washington*, *Madri* Madrid, *Paris*, *Berlim* Berlin, *Moscou*
#   Moscow, *Cairo*, *Dubai*, *Tóquio* Tokyo, *Hong Kong*, *Sidney* Sydney, *Buenos Aires*.
# * Planets (one per player, with its colour): *Antáris* (red), *Éris* (blue), *Luxor*
#   (green), *Magnon* (yellow); names, not translated.
# * Alien types (the engine uses the English names): *Pilotos* pilots, *Abdutores*
#   abductors, *Construtores* builders, *Militares* military.
# * Human categories: *Político* politician, *Cientista* scientist, *Atleta* athlete,
#   *Artista* artist, *Religioso* religious person, *Superdotado* gifted person (genius).
# * Cards and pieces: *cartas de Aliens* alien (recruitment) cards, *cartas de Habilidades*
#   ability cards, *carta de Energia* energy card, *cartas de Missões* mission cards,
#   *fichas de comando* command tokens, *fichas de mapeamento* mapping tokens, *ficha de
#   captura* capture marker, *plataforma de lançamento* launch platform, *estoque* stock,
#   *reserva* reserve, *trilha* track, *espaço aéreo* airspace.
# * Abilities (engine name): *aliens iniciais* starting aliens (`starting_aliens`),
#   *mapeamento livre* free mapping (`free_mapping`), *ovni inicial* initial UFO
#   (`initial_ufo`), *troca de humanos* human swap (`human_swap`), *movimento extra* extra
#   moves (`extra_moves`), *campo de força* force field (`force_field`), *ficha de comando
#   nº 6* command six (`command_six`).
# * Mission families: *Domínio do espaço aéreo e Abdução* airspace and abduction
#   (`airspace`), *Abdução e Posse* abduction and possession (`abduction`), *Captura e Posse*
#   capture and possession (`capture`), *Mapeamento e Posse* mapping and possession
#   (`mapping`).

# %% [markdown]
# Two helpers: `refused` tries an action the rules forbid, checks that the engine refuses it
# and leaves the state untouched, and prints the rule the engine names; `play_until` plays
# seeded random actions until a condition holds (so every game here is reproducible).

# %%
import itertools
import random

import networkx as nx
from IPython.display import display

from ovnilab import ovni, walk
from ovnilab.ovni.data import ALIEN_TYPES


def refused(state, action):
    """Apply an illegal action: the engine must refuse it and name the rule broken."""
    return walk.refused(state, action, width=40)


def play_until(state, cond, seed, limit=5000):
    """Seeded random actions until cond(state) holds; None if the game ends first."""
    rng = random.Random(seed)
    for _ in range(limit):
        if cond(state):
            return state
        if state.is_over():
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None


def first_game(cond, players=4, seeds=range(1000), setup="random"):
    """The first seeded random game that reaches a position where cond holds
    (setup=None: the set-up choices are played too)."""
    for seed in seeds:
        s = play_until(ovni.new_game(players, seed=seed, setup=setup), cond, seed)
        if s is not None:
            return seed, s
    raise RuntimeError("no seeded game reaches it")


def actions(state):
    return [str(a) for a in state.legal_actions()]


# %% [markdown]
# <a id="board"></a>
# ## 1. Components and the board
#
# Twelve cities form a graph. The rulebook numbers São Paulo 1, Washington 2 and Madri 3;
# the rest (Cairo as the twelfth city, numbers 4-12, every route) is our reconstruction,
# which respects the rulebook's pilot example: Berlim-Paris and Moscou-Tóquio are routes,
# and one UFO needs exactly two moves from Berlim to Tóquio. Berlim and Tóquio share two
# neighbours, Moscou and Dubai: going through Dubai, the example plays in the rulebook's own
# order ([section 8](#pilots)); through Moscou, blue's second UFO would join the one waiting
# there, map Moscou and freeze both before the last move.

# %%
G = ovni.board_graph()
for n in G.nodes:
    print(f"{n:>2} {G.nodes[n]['name']:<13} neighbours: {', '.join(G.nodes[m]['name'] for m in sorted(G[n]))}")
num = {G.nodes[n]["name"]: n for n in G}
assert [G.nodes[i]["name"] for i in (1, 2, 3)] == ["São Paulo", "Washington", "Madri"]
assert G.has_edge(num["Berlim"], num["Paris"]) and G.has_edge(num["Moscou"], num["Tóquio"])
print("moves from Berlim to Tóquio:", nx.shortest_path_length(G, num["Berlim"], num["Tóquio"]),
      "| through:", [G.nodes[m]["name"] for m in sorted(set(G[num["Berlim"]]) & set(G[num["Tóquio"]]))])
assert nx.shortest_path_length(G, num["Berlim"], num["Tóquio"]) == 2
assert set(G[num["Berlim"]]) & set(G[num["Tóquio"]]) == {num["Moscou"], num["Dubai"]}

# %% [markdown]
# The components the engine counts (it checks after every action that none is created or
# lost: `ovni.check_invariants`):

# %%
g = ovni.new_game(4, seed=11)
cards = g.cards
print(f"{len(cards.alien_cards)} alien cards, {len(cards.abilities)} ability cards, {len(cards.missions)} mission cards")
print("ability cards:", ", ".join(cards.abilities))
print("human categories:", ", ".join(cards.categories), "(3 pieces each)")
print("planets:", ", ".join(f"{p} ({g.colour(s)})" for s, p in enumerate(cards.planets)))
assert (len(cards.alien_cards), len(cards.abilities), len(cards.missions)) == (16, 10, 16)
ovni.check_invariants(g)

# %% [markdown]
# <a id="setup"></a>
# ## 2. Preparation
#
# `new_game` deals with chance from its seed: the alien cards are shuffled; one human of each
# category goes to the track and the other twelve one per city at random; two ability cards
# and three missions are dealt to each player. The stock holds 20 aliens per type, minus 4
# per type with two or three players. UFOs are placed one per city round the table from São
# Paulo (the player who "last saw a UFO" is seat 0, red), so each player starts with 3 UFOs
# with four players and 4 UFOs with three.

# %%
obs = g.observation(0)
print("stock:", obs["stock"])
print("track:", obs["track"])
print("humans in the cities:", obs["humans"])
for seat in range(4):
    cities = [g.board.names[c] for c in range(12) if g.ufo[seat][c]]
    print(f"{g.seat_name(seat):<16} UFOs in {', '.join(cities)}; abilities {', '.join(g.abilities[seat])}")
g3 = ovni.new_game(3, seed=11)
print("3 players: stock", g3.observation(0)["stock"], "| UFOs on the board per player", [sum(u) for u in g3.ufo])
assert set(obs["stock"].values()) == {20} and set(g3.observation(0)["stock"].values()) == {16}
assert [sum(u) for u in g.ufo] == [3] * 4 and [sum(u) for u in g3.ufo] == [4] * 3
assert sorted(obs["track"]) == sorted(cards.categories) and None not in obs["humans"].values()
assert [g.board.names[c] for c in range(12) if g.ufo[0][c]][0] == "São Paulo"

# %% [markdown]
# The players' own set-up decisions are actions, recorded in the log like every move: each
# keeps one or two of the three missions dealt, then chooses two starting aliens of
# different types. The rulebook's example is a player taking one abductor and one military:
# no other player may then choose exactly that pair. *Reading* (no option): the rulebook
# names no order for these choices, and no turn order exists before anyone has aliens;
# seat 0 (the player who placed the first UFO) chooses first, then seat 1, and so on.

# %%
print("missions dealt to red:", g.missions_dealt[0])
print(actions(g))
for seat in range(4):
    g.apply(g.legal_actions()[-1])          # each keeps the last two missions offered
assert g.current_player == 0
g.apply("choose aliens abductor+military")  # red, as in the rulebook's example
print("blue may choose:", actions(g))
refused(g, "choose aliens abductor+military")
assert "choose aliens abductor+military" not in actions(g) and len(actions(g)) == 5

# %% [markdown]
# <a id="order1"></a>
# ## 3. Phase 1 (recruitment): turn order
#
# Most military first; ties are broken by builders, then abductors, then pilots; a tie on
# all four goes to the planet farthest from Earth. The rulebook's table (its answer: blue,
# red, green, yellow):

# %%
counts = {
    "red":    dict(military=2, builder=0, abductor=1, pilot=2),
    "blue":   dict(military=2, builder=1, abductor=0, pilot=2),
    "green":  dict(military=0, builder=2, abductor=2, pilot=1),
    "yellow": dict(military=0, builder=2, abductor=1, pilot=2),
}
order = ovni.recruitment_order(counts)
print(order)
assert order == ["blue", "red", "green", "yellow"]
full_tie = {p: dict(military=1, builder=1, abductor=1, pilot=1) for p in ("Antáris", "Magnon")}
print("a full tie, farthest planet first:", ovni.recruitment_order(full_tie, planets={p: p for p in full_tie}))

# %% [markdown]
# *Reconstruction:* the planets' distances are printed on the player mats, which we do not
# have; `cards.toml` puts Antáris nearest and Magnon farthest, so in a full tie Magnon
# recruits first (above) and Antáris acts first in phase 2.
#
# <a id="tokens"></a>
# ## 4. Alien cards and command tokens
#
# The first player draws one alien card per recruitment area: A-D with four players, A-C
# with two or three (area D is only used with four). Each card shows three aliens. Then, in
# turn order, each player places exactly one command token (2-6) per turn; passing is not
# allowed. Within an area tokens alternate face down, face up, face down, face up, so an
# area holds at most four.

# %%
g = ovni.new_game(4, seed=5, setup="random")
for letter, area in zip("ABCD", g.observation(0)["areas"]):
    print(letter, "+".join(area["card"]))
print("phase-1 order:", [g.seat_name(s) for s in g.order1])
opts = actions(g)
print(len(opts), "legal placements, e.g.", opts[:3])
assert len(g.observation(0)["areas"]) == 4 and len(ovni.new_game(3, seed=5, setup="random").observation(0)["areas"]) == 3
assert all(o.startswith("place ") for o in opts)    # no pass among them
assert g.current_player == g.order1[0]

# %%
first = g.current_player
g.apply("place 3 face-down on A")
second = g.current_player
refused(g, "place 3 face-down on A")       # the second token in an area is face up
g.apply("place 4 face-up on A")
print(f"what {g.seat_name(second)} sees of area A:", g.observation(second)["areas"][0]["tokens"])
print(f"what {g.seat_name(first)} sees of area A: ", g.observation(first)["areas"][0]["tokens"])
assert g.observation(second)["areas"][0]["tokens"] == [(first, None), (second, 4)]
assert g.observation(first)["areas"][0]["tokens"] == [(first, 3), (second, 4)]

# %% [markdown]
# The opener's face-down 3 is hidden from the others (`None`); the face-up 4 is public.
#
# The rulebook's placement example: green opens area A with a face-down token; red then puts
# its 5 in A (face up); in a later turn blue takes the third circle and yellow the last,
# closing A. The first seeded random game whose round-1 order is green, red, blue, yellow,
# played that way (blue and yellow place in B on the first turn, green and red in C on the
# second):

# %%
seed, pe = first_game(lambda s: s.round == 1 and s.phase == "placing command tokens" and s.place_pos == 0
                      and s.order1 == [2, 0, 1, 3])
for act in ["place 3 face-down on A", "place 5 face-up on A", "place 2 face-down on B", "place 2 face-up on B",
            "place 4 face-down on C", "place 4 face-up on C", "place 4 face-down on A", "place 3 face-up on A"]:
    pe.apply(act)
area_a = pe.observation(0)["areas"][0]["tokens"]
print(f"seed {seed}: area A as red sees it:", [(pe.seat_name(o), v) for o, v in area_a])
refused(pe, "place 2 face-down on A")
assert [o for o, _ in area_a] == [2, 0, 1, 3] and area_a[1] == (0, 5)

# %% [markdown]
# Nobody may place three tokens of their colour consecutively in one area. In a three-player
# game, the first player places in A every turn while the others play elsewhere: its third
# token in A is refused.

# %%
h = ovni.new_game(3, seed=4, setup="random")
me = h.current_player
for turn in range(6):
    pick = [a for a in h.legal_actions() if (a.a == "A") == (h.current_player == me)]
    h.apply(pick[0])
print("area A:", h.observation(me)["areas"][0]["tokens"])
rule = refused(h, "place 4 face-down on A")
assert [o for o, _ in h.observation(me)["areas"][0]["tokens"]] == [me, me]
assert "three tokens" in rule

# %% [markdown]
# *Reading* (`Rules(no_three_in_a_row_fallback=...)`): near the end of placement every open
# slot may give the placer a third consecutive token, and passing is forbidden. By default
# the restriction is lifted for that one token; `False` treats the deadlock as an error:
# `legal_actions` raises `ovni.RulesDeadlock`, naming the option. The first seeded random
# three-player game that reaches such a position, under both readings:

# %%
def cornered(s):
    """The placer's every open area already ends with two of its own tokens."""
    if s.phase != "placing command tokens":
        return False
    owner = s.place_seq[s.place_pos][1]
    open_areas = [sl for sl in s.area_slots if len(sl) < 4]
    return all(len(sl) >= 2 and sl[-1][0] == sl[-2][0] == owner for sl in open_areas)


seed, dl = first_game(cornered, players=3)
print(f"seed {seed}: {dl.seat_name(dl.current_player)} may only", actions(dl))
strict = play_until(ovni.new_game(3, seed=seed, setup="random", rules=ovni.Rules(no_three_in_a_row_fallback=False)),
                    cornered, seed)
try:
    strict.legal_actions()
    raised = ""
except ovni.RulesDeadlock as exc:
    raised = str(exc)
print("no_three_in_a_row_fallback=False:", raised)
assert actions(dl) and all(a.startswith("place") for a in actions(dl))
assert raised.startswith("Rules(no_three_in_a_row_fallback=False)")

# %% [markdown]
# Token 6 may be used once per game; after its first use it leaves the game (the
# *command six* ability keeps it for a second use, [section 11](#abilities)). A real game
# where a player spends its 6 in round 1 and tries again in round 2:

# %%
def spent_six(s):
    return s.round == 2 and s.phase == "placing command tokens" and any(
        6 not in s.tokens_owned[p] and "command_six" not in s.abilities[p] and p == s.current_player
        for p in range(s.n))


seed, six = first_game(spent_six)
p = six.current_player
shape = next(a for a in six.legal_actions())               # a placement of the right shape
print(f"seed {seed}: {six.seat_name(p)} holds tokens {six.tokens_owned[p]}")
refused(six, f"place 6 {shape.c} on {shape.a}")
assert 6 not in six.tokens_owned[p] and six.six_uses[p] == 1

# %% [markdown]
# *Reading* (`Rules(cancelled_six_returns=...)`): a 6 cancelled by another 6 won nothing, and
# "comandos iguais se anulam e são retirados do tabuleiro e devolvidos aos jogadores" could
# mean it comes back unspent. By default it was still used and leaves the game (the rulebook's
# tip warns that a 6 which does not win its area is wasted); `True` returns it. The first
# seeded game where neither of the first two placers has the command-six ability, both
# putting their 6 in area A (the rest random, seeded), under both readings:

# %%
def sixes_collide(rules):
    for seed in range(50):
        s = ovni.new_game(4, seed=seed, setup="random", rules=rules)
        pair = s.order1[:2]
        if not any("command_six" in s.abilities[q] for q in pair):
            s.apply("place 6 face-down on A")
            s.apply("place 6 face-up on A")
            play_until(s, lambda x: x.phase == "actions" or x.round > 1, seed)
            return seed, s, pair


for returns in (False, True):
    seed, cs6, pair = sixes_collide(ovni.Rules(cancelled_six_returns=returns))
    held = [6 in cs6.tokens_owned[q] for q in pair]
    print(f"cancelled_six_returns={returns!s:<5} seed {seed}: {', '.join(cs6.seat_name(q) for q in pair)} "
          f"still hold their 6: {held}")
    assert held == [returns, returns]

# %% [markdown]
# <a id="resolve"></a>
# ## 5. Resolving the areas
#
# When all tokens are placed they are revealed and the areas are resolved in letter order.
# Equal values cancel each other; of the remaining tokens the highest sum wins; equal sums go
# to the player who opened the area. The rulebook's four areas, as `(player, value)` in
# placement order:

# %%
example = {
    "A": [("green", 3), ("red", 5), ("blue", 5), ("yellow", 5)],
    "B": [("yellow", 3), ("blue", 2), ("yellow", 4), ("blue", 5)],
    "C": [("red", 2), ("green", 3), ("blue", 2), ("yellow", 3)],
    "D": [("red", 4), ("blue", 6), ("green", 4), ("yellow", 2)],
}
won = {area: ovni.resolve_area(placements) for area, placements in example.items()}
for area, winner in won.items():
    print(area, "->", winner)
assert won == {"A": "green", "B": "yellow", "C": None, "D": "blue"}
assert "red" not in won.values()

# %% [markdown]
# As the rulebook says: in A the three 5s cancel and green's 3 wins; in B both sums are 7
# and yellow opened the area; in C everything cancels and the card is discarded; in D the 4s
# cancel and blue's 6 wins. Red won nothing, so red may use its energy card
# ([section 9](#energy)).
#
# *Reading* (`Rules(area_tie=...)`): when sums are equal and the opener is not among the tied
# players (it placed less than they did), the rulebook says nothing. By default
# (`"earliest"`) the tied player whose first token in the area came earliest wins; when the
# opener is tied this is the opener, exactly as printed. `"opener"` gives nobody the area in
# that case, and `"none"` is a what-if where equal sums never win. Here red opens with a 4,
# and blue (2 + 3) ties green (5) above it:

# %%
placements = [("red", 4), ("blue", 2), ("green", 5), ("blue", 3)]
ties = {tie: ovni.resolve_area(placements, tie=tie) for tie in ovni.AREA_TIE_RULES}
for tie, winner in ties.items():
    print(f"{tie:<9}", winner)
assert ties == {"earliest": "blue", "opener": None, "none": None}

# %% [markdown]
# An area holds at most four tokens, so the opener never leaves a tie by being cancelled: a
# cancelled opener takes a second token with it, and the two tokens left either cancel too or
# cannot give two players equal sums. Every four-token area (four colours, tokens 1-6, no
# colour using a value twice) checks it:

# %%
colours = ("red", "blue", "green", "yellow")
cancelled_opener_ties = 0
for who in itertools.product(colours, repeat=4):
    for values in itertools.product(range(1, 7), repeat=4):
        area = list(zip(who, values))
        if len(set(area)) < 4 or values.count(values[0]) == 1:
            continue  # a colour's token used twice, or the opener not cancelled
        left = {}
        for p_, v in area:
            if values.count(v) == 1:
                left[p_] = left.get(p_, 0) + v
        cancelled_opener_ties += len(left) > 1 and list(left.values()).count(max(left.values())) > 1
print("four-token areas where the opener is cancelled and two players tie:", cancelled_opener_ties)
assert cancelled_opener_ties == 0

# %% [markdown]
# A player who wins two or more areas chooses exactly three aliens among the cards won; the
# other cards are discarded, as is a card nobody wins. In a real game:

# %%
seed, m = first_game(lambda s: s.phase == "choosing aliens to recruit")
w = m.current_player
won_areas = [letter for letter, x in zip("ABCD", m.area_winner) if x == w]
print(f"seed {seed}: {m.seat_name(w)} won areas {won_areas}")
for letter, x, area in zip("ABCD", m.area_winner, m.observation(w)["areas"]):
    print(f"  {letter}: {'+'.join(area['card']):<26} won by {m.seat_name(x) if x >= 0 else 'nobody'}")
print(actions(m))
assert len(won_areas) >= 2 and all(len(a.a) == 3 for a in m.legal_actions())
before = sum(m.aliens[w])
m.apply(m.legal_actions()[0])
print(f"{m.seat_name(w)}: {m.log[-1]} -> {sum(m.aliens[w]) - before} new aliens")
assert sum(m.aliens[w]) - before == 3

# %% [markdown]
# The areas are resolved in letter order because the stock can run out during resolution:
# a later winner then receives only what is left (*Reading*: a multi-area winner chooses when
# resolution reaches its first area, among aliens still in stock; when the stock holds none of
# its cards' aliens it is not asked at all, and the engine's next message says so).
#
# <a id="build"></a>
# ## 6. Building UFOs
#
# Each newly formed pair of builders builds one UFO at once: it goes from the player's
# reserve to the two-slot launch platform; with the platform full the build is lost. The
# rulebook's example: red recruits two builders (A and B), forms a pair and builds; it builds
# again only when a new pair forms beside B.

# %%
for before, after in [(0, 2), (2, 3), (3, 4), (1, 4)]:
    print(f"builders {before} -> {after}: {ovni.ufos_built(before, after)} UFO(s) built")
assert [ovni.ufos_built(*x) for x in [(0, 2), (2, 3), (3, 4), (1, 4)]] == [1, 0, 1, 2]

# %% [markdown]
# Pairs are formed by captures too, and a pair broken by a capture builds again when it is
# formed again. Green has one builder and captures one of blue's two: green forms a pair and
# builds at once; blue's pair is broken, so blue's next builder builds again.

# %%
c = ovni.example_position(4, to_act=2, aliens={2: {"military": 3, "builder": 1}, 1: {"builder": 2}})
c.apply("activate military")
c.apply("capture builder from blue")
print(f"green: builders {c.aliens[2][2]}, platform {c.platform[2]} | blue: builders {c.aliens[1][2]}")
print("blue regaining one builder would build", ovni.ufos_built(1, 2), "UFO")
assert (c.aliens[2][2], c.platform[2], c.aliens[1][2]) == (2, 1, 1)

# %% [markdown]
# With the platform full the pair still forms, but its UFO is lost: it stays in the
# reserve. The same capture with green's two platform slots already taken:

# %%
full = ovni.example_position(4, to_act=2, aliens={2: {"military": 3, "builder": 1}, 1: {"builder": 2}},
                             platform={2: 2})
reserve_before = full.reserve[2]
full.apply("activate military")
full.apply("capture builder from blue")
print(f"green: builders {full.aliens[2][2]}, platform {full.platform[2]} of {full.rules.platform_capacity}, "
      f"reserve {reserve_before} -> {full.reserve[2]}")
assert full.aliens[2][2] == 2 and full.platform[2] == full.rules.platform_capacity == 2
assert full.reserve[2] == reserve_before

# %% [markdown]
# <a id="order2"></a>
# ## 7. Phase 2 (actions): turn order and groups
#
# Most pilots first; ties by abductors, builders, then military; a tie on all four goes to
# the planet nearest to Earth. The rulebook's table (its answer: yellow, red, blue, green):

# %%
counts = {
    "red":    dict(pilot=2, abductor=1, builder=0, military=2),
    "blue":   dict(pilot=2, abductor=0, builder=1, military=2),
    "green":  dict(pilot=1, abductor=2, builder=2, military=0),
    "yellow": dict(pilot=2, abductor=1, builder=2, military=0),
}
order = ovni.action_order(counts)
print(order)
assert order == ["yellow", "red", "blue", "green"]

# %% [markdown]
# On its turn a player activates up to two *different* groups, finishing one group's actions
# before the next, and never the same group twice in a round. A group is offered only when
# it can do something (*Reading*: the rulebook does not say whether a group with nothing to
# do may be "activated"). Aliens are never spent: they accumulate all game.

# %%
t = ovni.example_position(4, to_act=0, aliens={0: {"pilot": 1, "abductor": 2, "builder": 1}, 1: {"pilot": 1}},
                          ufos={0: {"Paris": 2}, 1: {"Dubai": 1}}, platform={0: 1})
print("offered:", actions(t))
t.apply("activate pilots")
refused(t, "activate builders")            # pilots are not finished
t.apply("move Paris -> Berlim")            # the one pilot's move ends the group
refused(t, "activate pilots")              # never the same group twice
t.apply("activate builders")
t.apply("launch to Paris")
print("after two groups:", t.seat_name(t.current_player), "is to act;", actions(t))
seen = t.observation(0)
abductors_could_act = any(seen["humans"][c] and u[0] > max(u[1:]) for c, u in seen["ufos"].items())
print("red's aliens:", seen["aliens"][0], "| red has a majority where a human is:", abductors_could_act)
assert t.current_player == 1 and seen["aliens"][0] == {"pilot": 1, "abductor": 2, "builder": 1, "military": 0}
assert abductors_could_act

# %% [markdown]
# After pilots and builders, red's turn ended by itself although the abductors could still
# act: two groups is the limit (three with the energy card's bonus 2, [section 9](#energy)).
# Red's aliens are all still there.
#
# <a id="groups"></a>
# ## 8. The four groups
#
# <a id="pilots"></a>
# ### Pilots
#
# One move per pilot: one UFO to an adjacent city (fewer moves are allowed). The first
# player to have two UFOs in a city maps it (a mapping token, 3 points at the end); after
# that, any other player needs three. The rulebook's example: blue has four pilots, two UFOs
# in Berlim and one in Moscou; it moves Berlim to Paris, Berlim to Tóquio (two moves) and
# Moscou to Tóquio, and maps Tóquio. Played in that order (on our board the two moves go
# through Dubai, [section 1](#board)):

# %%
p = ovni.example_position(4, to_act=1, aliens={1: {"pilot": 4}, 0: {"pilot": 1}},
                          ufos={1: {"Berlim": 2, "Moscou": 1}, 0: {"Sidney": 1}})   # red: still to play
for move in ["activate pilots", "move Berlim -> Paris", "move Berlim -> Dubai", "move Dubai -> Tóquio"]:
    p.apply(move)
mapped_on_the_way = {c: m for c, m in p.observation(0)["mapped"].items() if m}
p.apply("move Moscou -> Tóquio")
seen = p.observation(0)
print("mapped before the last move:", mapped_on_the_way)
print("blue's UFOs:", {c: u[1] for c, u in seen["ufos"].items() if u[1]})
print("Tóquio mapped by:", [p.seat_name(s) for s in seen["mapped"]["Tóquio"]])
assert mapped_on_the_way == {}
assert {c: u[1] for c, u in seen["ufos"].items() if u[1]} == {"Paris": 1, "Tóquio": 2}
assert {c: m for c, m in seen["mapped"].items() if m} == {"Tóquio": [1]}

# %% tags=["nbval-ignore-output"]
p

# %% [markdown]
# Now red tries to map Tóquio: two UFOs are not enough, the third maps it. The mapping UFOs
# cannot move again this round (the UFO in Paris still can).

# %%
r = ovni.example_position(4, to_act=0, aliens={0: {"pilot": 5}}, ufos={0: {"Moscou": 3, "Paris": 1}, 1: {"Tóquio": 2}},
                          mapped={"Tóquio": [1]})
r.apply("activate pilots")
r.apply("move Moscou -> Tóquio"); r.apply("move Moscou -> Tóquio")
after_two = list(r.observation(0)["mapped"]["Tóquio"])
r.apply("move Moscou -> Tóquio")
after_three = list(r.observation(0)["mapped"]["Tóquio"])
print("mapped Tóquio after two red UFOs:", after_two, "| after three:", after_three)
refused(r, "move Tóquio -> Moscou")
print("still legal:", actions(r))
assert after_two == [1] and after_three == [0, 1]
assert "move Paris -> Berlim" in actions(r)

# %% [markdown]
# <a id="abductors"></a>
# ### Abductors
#
# One abduction per pair of abductors, only in a city where the player has the majority of
# UFOs and a human is present. The rulebook's example: red has three abductors (one pair),
# would like the Atleta in Dubai but lacks the majority there, and takes the Artista in
# Buenos Aires instead. (Seed 28 deals these humans to these cities.)

# %%
a = ovni.example_position(4, to_act=0, aliens={0: {"abductor": 3}, 1: {"pilot": 1}}, seed=28,
                          ufos={0: {"Buenos Aires": 2, "Dubai": 1}, 1: {"Dubai": 2, "Buenos Aires": 1}})
humans = {c: a.observation(0)["humans"][c] for c in ("Dubai", "Buenos Aires")}
print("humans:", humans)
assert humans == {"Dubai": "Atleta", "Buenos Aires": "Artista"}
a.apply("activate abductors")
refused(a, "abduct in Dubai")
a.apply("abduct in Buenos Aires")
print("red abducted:", a.observation(0)["abducted"][0], "| red's group is over:", a.group == -1)
assert a.observation(0)["abducted"][0] == {"Artista": 1}
assert a.observation(0)["humans"]["Buenos Aires"] is None and a.group == -1

# %% [markdown]
# <a id="builders"></a>
# ### Builders
#
# Launch one or two UFOs from the platform to any cities, whatever the number of builders.
# Arriving can map a city. The rulebook's example: yellow (two pairs of builders, two UFOs
# on the platform) launches one UFO to São Paulo, planning to abduct its Superdotado later,
# and one to Hong Kong, where it already had one: it is the first with two there and maps
# Hong Kong.

# %%
y = ovni.example_position(4, to_act=3, aliens={3: {"builder": 4}}, platform={3: 2}, ufos={3: {"Hong Kong": 1}}, seed=28)
for act in ["activate builders", "launch to São Paulo", "launch to Hong Kong"]:
    y.apply(act)
seen = y.observation(3)
print("São Paulo's human:", seen["humans"]["São Paulo"], "| Hong Kong mapped by:",
      [y.seat_name(s) for s in seen["mapped"]["Hong Kong"]], "| yellow's platform:", seen["platform"][3])
assert seen["humans"]["São Paulo"] == "Superdotado"
assert seen["mapped"]["Hong Kong"] == [3] and seen["platform"][3] == 0

# %% [markdown]
# <a id="military"></a>
# ### Military
#
# Per trio of military, one attack: capture an opponent's alien (a capture marker goes on
# it) or destroy an opponent's UFO in a city where the attacker has a UFO (it returns to its
# owner's reserve). Never the same opponent twice in a row (*Reading* below). The rulebook's
# example: green (six military, so two attacks) captures a builder from blue, which forms a
# new pair of builders (a UFO is built), then destroys a red UFO in Sidney.

# %%
m = ovni.example_position(4, to_act=2, aliens={2: {"military": 6, "builder": 1}, 1: {"builder": 2}},
                          ufos={2: {"Sidney": 1}, 0: {"Sidney": 1}, 1: {"Sidney": 1}})
m.apply("activate military")
m.apply("capture builder from blue")
print(f"green: builders {m.aliens[2][2]}, of them captured {m.captured[2][2]}, platform {m.platform[2]}")
refused(m, "destroy blue UFO in Sidney")
m.apply("destroy red UFO in Sidney")
print("red's UFOs in Sidney:", m.ufo[0][m.board.names.index("Sidney")], "| red's reserve:", m.reserve[0])
assert (m.aliens[2][2], m.captured[2][2], m.platform[2]) == (2, 1, 1)
assert m.ufo[0][m.board.names.index("Sidney")] == 0 and m.reserve[0] == 8

# %% [markdown]
# *Reading* (`Rules(attack_distinct_targets=...)`): the rulebook says a player "não pode ...
# atacar duas vezes seguidas o mesmo adversário, ou seja, se o jogador possui seis fichas de
# militares, ele pode atacar duas vezes, mas os 'alvos' desses ataques devem ser adversários
# diferentes". The rule is "twice in a row" (*seguidas*), and the "ou seja" example has two
# attacks, where "not twice in a row" and "all different" agree; the text decides nothing for
# three attacks, and *seguidas* has a meaning only if a later repeat is allowed. So by
# default only consecutive attacks on one opponent are barred (blue, green, blue is legal);
# `True` makes every target of one activation different. Red has nine military (three
# attacks) and attacks blue, then green:

# %%
for distinct in (False, True):
    t = ovni.example_position(4, to_act=0, aliens={0: {"military": 9}},
                              ufos={0: {"Paris": 1}, 1: {"Paris": 2}, 2: {"Paris": 1}, 3: {"Paris": 1}},
                              rules=ovni.Rules(attack_distinct_targets=distinct))
    t.apply("activate military")
    t.apply("destroy blue UFO in Paris")
    t.apply("destroy green UFO in Paris")
    third = [a for a in actions(t) if a.startswith("destroy")]
    print(f"attack_distinct_targets={distinct!s:<5} third attack:", ", ".join(third))
    assert ("destroy blue UFO in Paris" in third) == (not distinct)
    assert "destroy yellow UFO in Paris" in third and "destroy green UFO in Paris" not in third

# %% [markdown]
# Two protections: an opponent's only alien of a type cannot be captured, and a captured
# alien (it carries a marker) cannot be captured again. Here green attacks blue, which has one
# pilot and two abductors that both carry capture markers: only blue's UFO in Paris is left
# to attack. And when no opponent offers a target, the military group is not even offered:

# %%
r = ovni.example_position(4, to_act=2, aliens={2: {"military": 3}, 1: {"pilot": 1, "abductor": 2}},
                          captured={1: {"abductor": 2}}, ufos={2: {"Paris": 1}, 1: {"Paris": 1}})
r.apply("activate military")
refused(r, "capture pilot from blue")
refused(r, "capture abductor from blue")
print("green's targets:", actions(r))
nothing = ovni.example_position(4, 2, aliens={2: {"military": 3}, 1: {"pilot": 1}})
print("with no target at all, green is offered:", actions(nothing))
assert actions(r) == ["destroy blue UFO in Paris", "end group"]
assert actions(nothing) == ["end turn"]

# %% [markdown]
# <a id="energy"></a>
# ## 9. The energy card
#
# A player who won no area must, after the winners have recruited and in phase-1 order,
# choose bonus 1 (one alien of any type from the stock, plus a force field: no military
# attack can target it this round) or bonus 2 (three groups in phase 2 instead of two). The
# card returns at the end of the round. The rulebook's example: red and blue won nothing;
# red takes bonus 1, chooses a builder, forms a new pair and builds a UFO; blue takes bonus
# 2. Seed 130 deals that very situation (random play up to the energy card):

# %%
e = ovni.new_game(4, seed=130, setup="random")
play_until(e, lambda s: s.phase == "energy card", 130)
assert e.energy_queue == [0, 1] and e.won == [0, 0, 2, 2] and e.round == 1
print("won no area, in phase-1 order:", [e.seat_name(s) for s in e.energy_queue])
print("red's builders:", e.aliens[0][2], "| platform:", e.platform[0])
print(actions(e))
before = (e.aliens[0][2], e.platform[0])
e.apply("energy 1 builder")
print("red's builders:", e.aliens[0][2], "| platform:", e.platform[0], "| force field:", e.observation(0)["shield"][0])
e.apply("energy 2")
print("energy cards:", e.observation(0)["energy"])
assert e.energy_queue == [] and e.observation(0)["energy"] == [1, 2, 0, 0]
assert before == (1, 1) and "initial_ufo" in e.abilities[0]
assert (e.aliens[0][2], e.platform[0]) == (2, 2) and e.observation(0)["shield"][0]

# %% [markdown]
# Red went from one builder to two and its platform from one UFO (its *initial UFO*
# ability) to two; its force field is on.
#
# The force field in play: in the first seeded random game where a player's military attack
# comes while another player's force field is on, the protected player is not among the
# targets:

# %%
seed, f = first_game(lambda s: s.phase == "actions" and s.group == 3
                     and any(s.shield[o] for o in range(s.n) if o != s.current_player))
shielded = [o for o in range(f.n) if f.shield[o]]
print(f"seed {seed}, round {f.round}: {f.seat_name(f.current_player)} attacks; force field on:",
      [f.seat_name(o) for o in shielded])
print(actions(f))
refused(f, f"capture pilot from {f.colour(shielded[0])}")
assert not any(f.colour(o) in str(x) for o in shielded for x in f.legal_actions())

# %% [markdown]
# Bonus 2 in play: below, the players who won nothing take bonus 2, and a bonus-2 player
# activates every group it can (everything else random, seeded). The first turn with three
# activations:

# %%
def bonus_two_policy(s, rng):
    la = s.legal_actions()
    if s.phase == "energy card" and "energy 2" in map(str, la):
        return s.parse_action("energy 2")
    if s.phase == "actions" and s.energy[s.current_player] == 2:
        for kinds in (("activate",), ("move", "abduct", "launch", "capture", "destroy")):
            pick = [x for x in la if x.kind in kinds]
            if pick:
                return pick[0]
    return rng.choice(la)


for seed in range(200):
    b = ovni.new_game(4, seed=seed, setup="random")
    rng = random.Random(seed)
    while not b.is_over() and not (b.phase == "actions" and bin(b.used_groups).count("1") == 3):
        b.apply(bonus_two_policy(b, rng))
    if not b.is_over():
        break
who = b.current_player
turn = []                                   # this turn's actions: the log back to another actor
for x, actor in zip(reversed(b.log), reversed(b.actors)):
    if actor != who:
        break
    turn.insert(0, str(x))
activated = [x for x in turn if x.startswith("activate")]
print(f"seed {seed}, round {b.round}: {b.seat_name(who)} (energy bonus {b.energy[who]}) activated", activated)
assert b.energy[who] == 2 and len(activated) == 3 and bin(b.used_groups).count("1") == 3

# %% [markdown]
# *Reading:* a player who won an area but received no alien (the stock ran out) did win a
# dispute, so it may not use its energy card.
#
# <a id="end"></a>
# ## 10. End of the round and of the game
#
# After phase 2, empty cities get a human from the track, in city order, while the track
# lasts; energy cards and force fields return. The game ends after the round in which the stock of any alien type ran out. A whole
# seeded random game, round by round:

# %%
g = ovni.new_game(4, seed=3, setup="random")
rng = random.Random(3)
while not g.is_over():
    r0, before = g.round, g.observation(0)
    g.apply(rng.choice(g.legal_actions()))
    after = g.observation(0)
    if g.round != r0 or g.is_over():
        empty = [c for c, h in before["humans"].items() if h is None]
        refilled = [c for c in empty if after["humans"][c] is not None]
        # refills take the track from its front, in city order, while it lasts
        assert refilled == empty[: len(before["track"])]
        assert [after["humans"][c] for c in refilled] == before["track"][: len(refilled)]
        assert after["energy"] == [0] * 4 and not any(after["shield"])
        out = [k for k, v in after["stock"].items() if v == 0]
        print(f"round {r0}: empty cities refilled {len(refilled)} of {len(empty)}, track left "
              f"{len(after['track'])}; stock {list(after['stock'].values())}{' -> game over' if g.is_over() else ''}")
        assert bool(out) == g.is_over()
print(f"{g.round} rounds drew {4 * g.round} alien cards from a deck of {len(g.cards.alien_cards)}")
assert 4 * g.round > len(g.cards.alien_cards)

# %% [markdown]
# The game ended after the first round whose stock shows a 0. This game drew more alien
# cards than the deck holds. *Reading:* the rulebook does not say what happens when the deck
# runs out; the engine reshuffles the discards into a new deck.
#
# <a id="abilities"></a>
# ## 11. Ability cards
#
# Ten cards of seven kinds; each player gets two, face up, for the whole game.
# *Reconstruction:* initial UFO, human swap and extra moves are the three printed twice
# (`data/ovni/cards.toml` says why). *Reading:* a player holding both copies of one kind adds
# their effects up.
#
# **Starting aliens**: three different types instead of two at set-up. **Initial UFO**: a
# built UFO on the platform from the start.

# %%
seed, s = first_game(lambda s: s.phase == "choose starting aliens"
                     and "starting_aliens" in s.abilities[s.current_player], setup=None)
print(f"seed {seed}: {s.seat_name(s.current_player)} may choose", actions(s))
assert all(len(x.a) == 3 for x in s.legal_actions())
g = ovni.new_game(4, seed=11)
for seat in range(4):
    print(f"{g.seat_name(seat):<16} abilities {', '.join(g.abilities[seat]):<28} platform {g.platform[seat]}")
    assert g.platform[seat] == g.abilities[seat].count("initial_ufo")

# %% [markdown]
# *Reading* (`Rules(launch_needs_builder=...)`): the initial UFO "poderá ser lançado ... quando
# o jogador ativar seu grupo de construtores", and a group with no builder cannot be
# activated, so by default the UFO waits for the player's first builder. `False` reads
# "isso independe de quantas fichas de construtores" as "even with none". Red holds the
# initial-UFO ability, one pilot and no builder:

# %%
for needs in (True, False):
    iu = ovni.example_position(4, 0, aliens={0: {"pilot": 1}, 1: {"pilot": 1}}, ufos={0: {"Paris": 1}, 1: {"Dubai": 1}},
                               platform={0: 1}, abilities={0: ["initial_ufo"]},
                               rules=ovni.Rules(launch_needs_builder=needs))
    print(f"launch_needs_builder={needs!s:<5}: red is offered", actions(iu))
    assert ("activate builders" in actions(iu)) == (not needs)

# %% [markdown]
# **Extra moves**: two more moves whenever the pilots are activated (at least one pilot
# needed). **Free mapping**: two UFOs always map a city, even one mapped already. **Human
# swap**: before an abduction, swap the human of that city with one of an adjacent city; the
# swapped-in human is abducted (*Reading*: both cities must hold a human).

# %%
x = ovni.example_position(4, 0, aliens={0: {"pilot": 1}}, ufos={0: {"Paris": 1}}, abilities={0: ["extra_moves"]})
x.apply("activate pilots")
print("extra moves: one pilot gives", x.budget, "moves")
assert x.budget == 3

fm = ovni.example_position(4, 0, ufos={0: {"Berlim": 1, "Paris": 1}}, mapped={"Berlim": [1]},
                           aliens={0: {"pilot": 1}}, abilities={0: ["free_mapping"]})
fm.apply("activate pilots")
fm.apply("move Paris -> Berlim")
print("free mapping: Berlim mapped by", [fm.seat_name(q) for q in fm.observation(0)["mapped"]["Berlim"]])
assert fm.observation(0)["mapped"]["Berlim"] == [0, 1]

hs = ovni.example_position(4, 0, aliens={0: {"abductor": 2}, 1: {"pilot": 1}}, ufos={0: {"Paris": 1}, 1: {"Dubai": 1}},
                           abilities={0: ["human_swap"]})
hs.apply("activate abductors")
print("human swap:", actions(hs))
humans = hs.observation(0)["humans"]
print("humans in Paris and Berlim:", humans["Paris"], humans["Berlim"])
hs.apply("abduct in Paris swapping with Berlim")
print("red abducted", hs.observation(0)["abducted"][0], "; Berlim now holds", hs.observation(0)["humans"]["Berlim"])
assert hs.observation(0)["abducted"][0] == {humans["Berlim"]: 1}
assert hs.observation(0)["humans"]["Berlim"] == humans["Paris"] and hs.observation(0)["humans"]["Paris"] is None

# %% [markdown]
# **Command six**: token 6 comes back after its first use and leaves the game after its
# second. A real game where the holder has just spent its 6 once:

# %%
seed, cs = first_game(lambda s: s.phase == "placing command tokens" and any(
    "command_six" in s.abilities[q] and s.six_uses[q] == 1 for q in range(s.n)))
q = next(q for q in range(cs.n) if "command_six" in cs.abilities[q])
print(f"seed {seed}, round {cs.round}: {cs.seat_name(q)} used its 6 once and still holds {cs.tokens_owned[q]}")
assert 6 in cs.tokens_owned[q] and cs.six_uses[q] == 1

# %% [markdown]
# **Force field** (not used with two players): at the start of phase 2 the holder may box
# two military; no attack can target it this round, and those two military cannot attack
# (*Reading*: offered to holders with at least two military). The first seeded random game
# where the holder has exactly three military: boxing two leaves it no trio to attack with.

# %%
seed, ff = first_game(lambda s: s.phase == "force field" and s.aliens[s.current_player][3] == 3)
q = ff.current_player
print(f"seed {seed}, round {ff.round}: {ff.seat_name(q)} has {ff.aliens[q][3]} military;", actions(ff))
ff.apply("force field on")
print("force field:", ff.observation(0)["shield"][q])
play_until(ff, lambda s: s.current_player == q and s.phase == "actions" and s.group < 0, seed)
print(f"{ff.seat_name(q)}'s turn:", actions(ff))
assert ff.shield[q] and "activate military" not in actions(ff)

# %% [markdown]
# <a id="missions"></a>
# ## 12. Missions
#
# Each player keeps one or two of the three missions dealt; they are revealed at the end:
# +8 each when fulfilled, -5 when not. Four families; *Reconstruction:* the parameters of
# each card.

# %%
for mission in cards.missions:
    print(f"{mission.id:>2} {mission.family:<9} {mission.describe(cards.categories)}")
assert sorted({mission.family for mission in cards.missions}) == ["abduction", "airspace", "capture", "mapping"]

# %% [markdown]
# *Reading* (`Rules(ufo_mission=...)`): the mapping family asks to "have built and launched
# six or seven UFOs". By default this counts UFOs on the board at the end (`"on_board"`),
# since the family is *Mapeamento e Posse* (possession); `"launched"` counts the UFOs
# launched from the platform over the game. A player with four mapped cities and six UFOs
# that were placed, never launched:

# %%
for reading in ("on_board", "launched"):
    mp = ovni.example_position(4, 0, ufos={0: {"Paris": 2, "Berlim": 2, "Cairo": 2}},
                               mapped={"Paris": [0], "Berlim": [0], "Cairo": [0], "Dubai": [0]},
                               rules=ovni.Rules(ufo_mission=reading))
    print(f"{reading:<9} mission 13 ({cards.missions[12].describe(cards.categories)}):", mp.mission_done(0, 13))
    assert mp.mission_done(0, 13) == (reading == "on_board")

# %% [markdown]
# <a id="scoring"></a>
# ## 13. Final scoring and the winner
#
# Six categories: alien majorities (10 per type, ties split rounded down), UFOs (2 per UFO on
# the board, 1 per UFO on the platform), airspace (4 per city where the player has strictly
# the most UFOs), mapping (3 per token), abducted humans, missions. The rulebook's examples:
# three single humans of different colours score 3; two pairs and a single 7; five colours
# with one pair 17; three players with five pilots each get 3 each; in Washington blue (3)
# controls against 2, 2 and 1, and nobody does if red had one more.

# %%
examples = {
    "brown, black, white": ovni.score_humans(["brown", "black", "white"]),
    "2 orange, 2 grey, lilac": ovni.score_humans(["orange", "orange", "grey", "grey", "lilac"]),
    "2 white, orange, black, brown, lilac": ovni.score_humans(["white", "white", "orange", "black", "brown", "lilac"]),
}
for k, v in examples.items():
    print(f"humans {k}: {v}")
pilots = ovni.majority_points({"red": 5, "blue": 5, "green": 5, "yellow": 2})
print("pilot majority:", pilots)
print("Washington:", ovni.airspace_controller({"blue": 3, "red": 2, "green": 2, "yellow": 1}),
      "| with a red UFO more:", ovni.airspace_controller({"blue": 3, "red": 3, "green": 2, "yellow": 1}))
assert list(examples.values()) == [3, 7, 17]
assert pilots == {"red": 3, "blue": 3, "green": 3, "yellow": 0}
assert ovni.airspace_controller({"blue": 3, "red": 2, "green": 2, "yellow": 1}) == "blue"
assert ovni.airspace_controller({"blue": 3, "red": 3, "green": 2, "yellow": 1}) is None

# %% [markdown]
# *Reading* (`Rules(colour_bonus_per_set=...)`): the rulebook lists "cinco peças de cores
# diferentes valem 10 pontos e seis ... 15" as one item beside the repeats, so by default the
# bonus is paid once, however many full sets a player holds; `True` pays it per set (largest
# sets first). Two humans of every colour:
#
# *Reading* (`Rules(captured_count_for_majority=...)`): the majorities count "fichas
# recrutadas". Captured aliens lie under the mat with the recruited ones and act with them
# all game, so by default they count; `False` counts only recruited tokens. Red has three
# military, two of them captured; blue recruited two:

# %%
two_sets = [c for c in cards.categories for _ in range(2)]
print("two of each colour:", ovni.score_humans(two_sets), "| paid per set:", ovni.score_humans(two_sets, bonus_per_set=True))
assert (ovni.score_humans(two_sets), ovni.score_humans(two_sets, bonus_per_set=True)) == (6 * 3 + 15, 6 * 3 + 30)
for count_captured in (True, False):
    cm = ovni.example_position(4, 0, aliens={0: {"military": 3}, 1: {"military": 2}}, captured={0: {"military": 2}},
                               rules=ovni.Rules(captured_count_for_majority=count_captured))
    pts = [b["aliens"] for b in cm.score_breakdown()[:2]]
    print(f"captured_count_for_majority={count_captured!s:<5}: military majority points of red, blue:", pts)
    assert pts == ([10, 0] if count_captured else [0, 10])

# %% [markdown]
# The game of [section 10](#end), category by category. The cell recomputes the alien,
# human and airspace points with the pure rule functions above and checks that the engine's
# total agrees:

# %%
g = ovni.new_game(4, seed=3, setup="random")
play_until(g, lambda s: s.is_over(), 3)
breakdown = g.score_breakdown()
for seat, b in enumerate(breakdown):
    print(f"{g.seat_name(seat):<16}", b, "=", sum(b.values()))
print("winners:", [g.seat_name(w) for w in g.winners()])
for seat in range(4):
    aliens = sum(ovni.majority_points({q: g.aliens[q][t] for q in range(4)})[seat] for t in range(4))
    humans = ovni.score_humans([c for c, k in g.observation(0)["abducted"][seat].items() for _ in range(k)])
    airspace = 4 * sum(ovni.airspace_controller({q: g.ufo[q][c] for q in range(4)}) == seat for c in range(12))
    assert (aliens, humans, airspace) == (breakdown[seat]["aliens"], breakdown[seat]["humans"], breakdown[seat]["airspace"])
    assert breakdown[seat]["ufos"] == 2 * sum(g.ufo[seat]) + g.platform[seat]
assert g.winners() == [max(range(4), key=lambda q: g.scores()[q])]

# %% tags=["nbval-ignore-output"]
g

# %% [markdown]
# Ties go to the player with more UFOs on the board, then more humans abducted; players
# still equal share the win. The first seeded random games where each tie-break decides, and
# where neither does:

# %%
def decided_by(s):
    """What the tie-breaks did to the players tied on points: which of them narrowed the
    tie (UFOs, humans, or both), or none did and the win is shared; None without a tie."""
    sc = s.scores()
    left = [q for q in range(s.n) if sc[q] == max(sc)]
    if len(left) < 2:
        return None
    steps = []
    for name, count in (("UFOs", lambda q: sum(s.ufo[q])), ("humans", lambda q: sum(s.abducted[q]))):
        best = max(count(q) for q in left)
        kept = [q for q in left if count(q) == best]
        if len(kept) < len(left):
            steps.append(name)
        left = kept
    return "decided by " + " then ".join(steps) if steps else "no tie-break decides: a shared win"


shown = set()
for seed in range(1000):
    s = play_until(ovni.new_game(4, seed=seed, setup="random"), lambda s: s.is_over(), seed)
    how = decided_by(s)
    if how and how not in shown:
        shown.add(how)
        sc = s.scores()
        tied = [q for q in range(4) if sc[q] == max(sc)]
        print(f"seed {seed}: {', '.join(s.seat_name(q) for q in tied)} tie on {max(sc)} points; "
              f"UFOs on the board {[sum(s.ufo[q]) for q in tied]}, humans {[sum(s.abducted[q]) for q in tied]} "
              f"-> winner {', '.join(s.seat_name(w) for w in s.winners())} ({how})")
        key = [(sum(s.ufo[q]), sum(s.abducted[q])) for q in tied]
        assert s.winners() == [q for q, k in zip(tied, key) if k == max(key)]
        assert (len(s.winners()) > 1) == how.startswith("no tie-break")
    if {"decided by UFOs", "decided by humans", "no tie-break decides: a shared win"} <= shown:
        break

# %% [markdown]
# <a id="two"></a>
# ## 14. Two players: the imaginary third player
#
# With two players an imaginary third player joins: 4 aliens per type are removed from the
# stock; it has two UFOs and one of its mapping tokens on cities 3, 6, 9 and 12 (so those
# cities need three UFOs to be mapped by anyone else); its two starting aliens are chosen
# one by each player; it gets no abilities and no missions; and the force-field ability is
# not dealt.

# %%
g2 = ovni.new_game(2, seed=4)
T = g2.third
stock0 = g2.observation(0)["stock"]
print("third player:", g2.seat_name(T), "| stock", stock0)
print("its cities:", [f"{c + 1} {g2.board.names[c]} ({g2.ufo[T][c]} UFOs, mapped)" for c in range(12) if g2.ufo[T][c]])
print("abilities dealt:", g2.abilities)
play_until(g2, lambda s: s.phase == "third player's starting aliens", 4)
print(g2.seat_name(g2.current_player), "gives:", actions(g2))
assert [c + 1 for c in range(12) if g2.ufo[T][c] == 2 and g2.mapped[c] == 1 << T] == [3, 6, 9, 12]
assert set(stock0.values()) == {16}
assert g2.abilities[T] == () and g2.missions_dealt[T] == ()
assert not any("force_field" in ab for ab in g2.abilities)

# %% [markdown]
# In phase 1 only areas A-C are used. Each player places one of its own tokens and then one
# of the third player's, drawn without looking, twice; then they finish their own. The third
# player receives only the lowest-letter area it wins; when it wins nothing it takes bonus 1
# and the first player in turn order chooses its alien. It never acts in phase 2, can be
# attacked, and never scores.

# %%
play_until(g2, lambda s: s.phase == "placing command tokens", 4)
seq = [f"{g2.seat_name(p)}: {'third-player token' if o == T else 'own token'}" for p, o in g2.place_seq[:4]]
print("areas:", len(g2.observation(0)["areas"]), "| placements 1-4:", seq)
print(g2.seat_name(g2.current_player), "now:", actions(g2)[:3], "...")
assert len(g2.observation(0)["areas"]) == 3 and [o == T for _, o in g2.place_seq[:8]] == [False, True] * 4
assert not any(o == T for _, o in g2.place_seq[8:])

# %% [markdown]
# The rulebook's energy rule for the third player, in the first seeded random game where it
# wins nothing: the first player in phase-1 order chooses its alien (bonus 2 is never
# offered), and its force field is on for the round.

# %%
seed, t2 = first_game(lambda s: s.phase == "energy card" and s.energy_queue[0] == s.third, players=2)
print(f"seed {seed}: the third player won nothing;", t2.seat_name(t2.current_player), "chooses:", actions(t2))
assert t2.current_player == t2.order1[0] and all(x.startswith("energy for third player") for x in actions(t2))
builders = t2.aliens[T][2]
t2.apply("energy for third player builder")
print("third player's builders:", builders, "->", t2.aliens[T][2], "| force field:", t2.observation(0)["shield"][T])
assert t2.aliens[T][2] == builders + 1 and t2.observation(0)["shield"][T]

# %% [markdown]
# The rulebook's example: the third player wins areas A and C, so it receives the aliens of
# area A. *Reading* (no option): the card of C goes to nobody; the rulebook names no
# second-best player, so it is discarded like an area nobody wins. The first seeded random
# game where the third player's tokens win exactly A and C, just before and after the
# placement that resolves the areas:

# %%
def third_wins_a_and_c(s):
    return s.round >= 2 and [ovni.resolve_area(sl) == s.third for sl in s.area_slots_last] == [True, False, True]


seed, t3 = first_game(third_wins_a_and_c, players=2)
last = max(i for i, x in enumerate(t3.log) if x.kind == "place")
before, after = t3.replay(last), t3.replay(last + 1)
cards_ac = ["+".join(ALIEN_TYPES[t] for t in after.cards.alien_cards[c]) for c in after.area_cards_last[0::2]]
got = {k: v - before.counts(T)[k] for k, v in after.counts(T).items() if v != before.counts(T)[k]}
winners = [after.seat_name(w) if w >= 0 else "nobody" for w in after.area_winner_last]
print(f"seed {seed}, round {after.round}: card A {cards_ac[0]}, card C {cards_ac[1]}; the areas went to {winners}")
print("the third player received:", got)
assert after.area_winner_last[0] == T and after.area_winner_last[2] == -1
card_a = after.cards.alien_cards[after.area_cards_last[0]]
assert got == {ALIEN_TYPES[t]: card_a.count(t) for t in set(card_a)}
print("phase-2 order (real players only):", [t3.seat_name(q) for q in t3.order2], "| scores:", t3.scores())
assert T not in t3.order2 and len(t3.scores()) == 2
hit = ovni.example_position(2, 0, aliens={0: {"military": 3}, 2: {"pilot": 2}})
hit.apply("activate military")
print("red may attack the third player:", actions(hit))
assert "capture pilot from green" in actions(hit)

# %% [markdown]
# *Reading* (`Rules(third_player_competes=...)`): "calcule a pontuação normalmente entre ambos
# os jogadores. O 3º jogador não pontua." (score normally between both players; the third
# player does not score). The third player's pieces are on the board all game: they block
# abductions (the majority rule of [the abductors](#abductors)), its mapping tokens raise the
# bar, it can be attacked. Scoring "normally" counts every piece, and "não pontua" takes its
# points away: so by default (`True`) its pieces count in every majority, in play and at the
# end, and what it would win goes to nobody; one meaning of majority for the whole game.
# `False` is the other reading of "entre ambos": at final scoring only the two real players
# are compared (in play its pieces still block abductions). Red has three UFOs in Paris, two
# abductors and more military than blue, but the third player has four UFOs there and more
# military still:

# %%
for competes in (True, False):
    tp = ovni.example_position(2, 0, aliens={0: {"military": 3, "abductor": 2}, 1: {"military": 1}, 2: {"military": 5}},
                               ufos={0: {"Paris": 3}, 2: {"Paris": 4}},
                               rules=ovni.Rules(third_player_competes=competes))
    red = {k: v for k, v in tp.score_breakdown()[0].items() if k in ("aliens", "airspace")}
    print(f"third_player_competes={competes!s:<5}: red may abduct in Paris: {walk.offered(tp, 'activate abductors')};"
          f" red's points {red}; the board says the third player {tp.third_player_majority_text()!r}")
    assert not walk.offered(tp, "activate abductors")
    assert red == ({"aliens": 10, "airspace": 0} if competes else {"aliens": 20, "airspace": 4})

# %% [markdown]
# <a id="readings"></a>
# ## 15. Readings and rule options
#
# Every ambiguity of the rulebook that changes play is a field of `ovni.Rules` (defaults =
# the reading we judge most faithful); `data/ovni/README.md` lists them with the rest.
#
# | option | default | alternative | the question | shown in |
# | --- | --- | --- | --- | --- |
# | `area_tie` | `"earliest"` | `"opener"`, `"none"` | equal sums when the opener is not tied | [5](#resolve) |
# | `no_three_in_a_row_fallback` | `True` | `False` | every open slot makes three in a row | [4](#tokens) |
# | `ufo_mission` | `"on_board"` | `"launched"` | "built and launched six or seven UFOs" | [12](#missions) |
# | `third_player_competes` | `True` | `False` | the third player's pieces at final scoring | [14](#two) |
# | `cancelled_six_returns` | `False` | `True` | is a 6 cancelled by another 6 spent? | [4](#tokens) |
# | `launch_needs_builder` | `True` | `False` | launching (an initial UFO) with no builder | [11](#abilities) |
# | `colour_bonus_per_set` | `False` | `True` | the 5/6-colour bonus with two full sets | [13](#scoring) |
# | `captured_count_for_majority` | `True` | `False` | captured aliens in the majorities ("fichas recrutadas") | [13](#scoring) |
# | `attack_distinct_targets` | `False` | `True` | a third attack on the first target ("duas vezes seguidas" vs "adversários diferentes") | [8](#military) |
# | `board_file`, `cards_file` | the reconstruction | your files | the board and cards the rulebook does not print | [1](#board) |
#
# Readings that are simply how the engine works (no option): a group is offered only when it
# can act; mapping is checked each time a UFO arrives and exactly the mapping UFOs are frozen;
# a multi-area winner chooses among aliens still in stock; a player who won an area but got
# no alien may not use its energy card; the alien deck is reshuffled when it runs out;
# doubled abilities stack; the force field needs two military; the third player's energy
# choice comes after the real players', and its hidden tokens are drawn when placed; seat 0
# chooses its starting aliens first ([2](#setup)); the card of a second area the third player
# wins goes to nobody ([14](#two)). The
# other fields of `Rules` are the rulebook's numbers, there for what-if analyses
# (`../explore/ovni_what_if.ipynb`):

# %%
ovni.Rules()
