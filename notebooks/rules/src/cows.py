# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The cow-abduction pyramid game, rule by rule
#
# **What this is.** A reference for the rules of the two-player cow-abduction card game:
# two aliens abduct cattle and stack their catch in a pyramid of six double-sided cards. It
# follows the rulebook (`seeds/004_6df0afbd3d27a9c4.txt`, in Portuguese) in its own order.
# Every rule is shown on a **real game state** of the engine `ovnilab.cows`: a seeded game
# is played (by random choices) until the moment the rule matters, then we look at the legal
# actions, apply one and print what changed. Each sentence that says what a demonstration
# shows is checked by an `assert` in the cell above it, and every game is seeded, so a run
# gives the same games. It is a reference, not a lesson: read the section you need. To play,
# open `../play/cows.ipynb`; whether the card set is balanced is measured in
# `../explore/cows_balance.ipynb`.
#
# **Design and readings.** The rulebook names the kinds of card effects but publishes no
# card list: the 18 cards are an ovnilab design, kept as data in `data/cows/cards.toml`
# ([section 1](#cards)). Where the rulebook is ambiguous the engine follows the reading we
# judge most faithful and offers the alternative as an option of `cows.Rules`; each is
# flagged as *Reading* below, with its option, and [section 9](#readings) lists them all.
#
# **Contents**
#
# 1. [The cards and their design](#cards)
# 2. [Set-up](#setup)
# 3. [A turn: one of three main actions](#turn)
# 4. [The free build, once per turn](#build)
# 5. [Never more than three cards in hand](#hand)
# 6. [Pyramid placement](#pyramid)
# 7. [Effects](#effects): [flips and chains](#flips) · [the probe and hidden backs](#probe) · [adjacency and end-of-game scoring](#scoring)
# 8. [The end, the last turn and the winner](#end)
# 9. [Readings and rule options](#readings)
# 10. [A game played out](#replay)
#
# **Glossary** (Portuguese names used on this page)
#
# * Components: *carta Alien* the Alien card (each player's, at the head of its pyramid);
#   *cartas de abdução* abduction cards (the 18 double-sided cards); *Celeiro* barn (the
#   discard card, with one or two discard areas, *Celeiro 1* and *Celeiro 2*); *pirâmide*
#   pyramid; *posse* possession (the cards in hand); *vaca* cow; *bezerro* calf.
# * Card faces: *Mimosa* (a traditional cow's name, "sweetie"), *Bezerrinho* little calf,
#   *Lua Cheia* full moon, *Eclipse* eclipse, *Sol do Meio-Dia* noon sun, *Crepúsculo*
#   twilight, *Curral* corral, *Gêmeos* twins, *Fazendeiro* farmer, *Raio Trator* tractor
#   beam, *Sonda* probe, *Manada* herd, *Vaca Voadora* flying cow, *Farol* beacon
#   (lighthouse), *Boi Bravo* wild bull, *Disco Voador* flying saucer, *Vaca Lunar* moon cow,
#   *Estrela* star (also a cow's name).

# %% [markdown]
# Helpers: `advance` plays seeded random actions until a condition holds; `find` tries
# seeded games until one reaches it; `table` prints the table as one seat sees it (its
# observation: the faces on the table, never a hidden back it has not seen); `options`
# lists the legal actions; `refused` tries an action the rules forbid, checks that the
# engine refuses it and leaves the state untouched, and prints the rule the engine names.

# %%
import math
from fractions import Fraction

from IPython.display import SVG

from ovnilab import cows, walk
from ovnilab.cows import rules as R
from ovnilab.walk import legal_texts as options


def advance(state, until, seed=0, limit=3000):
    """Play seeded random actions until ``until(state)`` holds."""
    return walk.advance(state, until, seed, limit=limit)


def find(until, areas=1, rules=None, seeds=range(3000)):
    """The first seeded random game that reaches a position where ``until`` holds."""
    for seed in seeds:
        try:
            return advance(cows.new_game(seed=seed, discard_areas=areas, rules=rules), until, seed)
        except RuntimeError:
            continue
    raise RuntimeError("no seeded game reaches it")


def refused(state, action):
    return walk.refused(state, action, width=44)


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


# %% [markdown]
# <a id="cards"></a>
# ## 1. The cards and their design
#
# Each card has two printed sides (*faces*). A face has a base value, maybe a Sun or a Moon,
# cows and calves, and at most three effects from a small vocabulary the engine interprets.
# Effects are data, so a card can be edited in the file and the changed game played with
# `cows.Rules(cards_file=...)`. The effect types and their timing family:

# %%
from ovnilab.cows.data import EFFECT_TYPES

for name, (kind, params) in EFFECT_TYPES.items():
    print(f"{name:<9} {kind:<10} parameters: {', '.join(params) or '-'}")

# %% [markdown]
# The rulebook's families of effects: *immediate* (when the card is placed), *adjacency*
# (depends on the cards around it), *end of game* (only in the final count), and the Sun/Moon
# and cow/calf interactions, which here are effects that name those symbols. The eighteen
# faces (`NOW` = immediate, `ADJ` = adjacency, `END` = end of game):

# %%
cards = cows.load_cards()
tag = {"immediate": "NOW", "adjacency": "ADJ", "end": "END"}
print(f"{'face':<16}{'value':>5}  {'sky':<5}{'cows':>5}{'calves':>7}  effects")
for f in cards.faces:
    fx = "; ".join(f"{tag[e.kind]} {e.text()}" for e in f.effects)
    print(f"{f.name:<16}{f.value:>5}  {f.sky or '-':<5}{f.cows:>5}{f.calves:>7}  {fx}")

# %% [markdown]
# And the eighteen cards, side A / side B:

# %%
for i in range(cards.num_cards):
    print(f"card {i + 1:>2}: {cards.card_name(i)}")

# %% [markdown]
# The design (the full note is at the top of `data/cows/cards.toml`) makes three choices the
# cell below checks:
#
# * *Every face is printed on two cards, with different backs*: the cards form a ring
#   (Mimosa / Bezerrinho, Bezerrinho / Lua Cheia, ..., Estrela / Mimosa), each face being
#   side A of one card and side B of the next. Seeing a face therefore leaves two possible
#   backs, so "no peeking at the other side" matters: flipping a card is a gamble whose odds
#   depend on which cards are already visible ([section 7](#probe) computes them).
# * *Symmetric material*: as many Sun sides as Moon sides and as many cows as calves, so no
#   plan (day, night, herd) has more material than another.
# * *Rich and lean sides*: the note pairs a high-value or steady face with a lower-value face
#   that carries a combo or an effect on every card, so what matters is which side is up.

# %%
n = cards.num_cards
ring = all(cards.cards[i][1] == cards.cards[(i + 1) % n][0] for i in range(n))
printed = {f: sum(f in pair for pair in cards.cards) for f in range(len(cards.faces))}
sides = {"Sun": sum(f.sky == "sun" for f in cards.faces) * 2, "Moon": sum(f.sky == "moon" for f in cards.faces) * 2,
         "cows": sum(f.cows for f in cards.faces) * 2, "calves": sum(f.calves for f in cards.faces) * 2}
print(f"{n} cards, {len(cards.faces)} faces; every face printed twice: {set(printed.values()) == {2}}; a ring: {ring}")
print("in the whole set (both printings of every face):", sides)
assert n == 18 and len(cards.faces) == 18 and set(printed.values()) == {2} and ring
assert all(a != b for a, b in cards.cards)
assert sides["Sun"] == sides["Moon"] and sides["cows"] == sides["calves"]

# %% [markdown]
# <a id="setup"></a>
# ## 2. Set-up
#
# The Celeiro (barn) card is laid with the face for the chosen number of discard areas up
# (the rulebook recommends one for a first game). The 18 cards are split in half, one half is
# turned over, the halves are put together and shuffled. The printed cards have no marked
# side and come out of the box any way up, so after the set-up each card lies either way up,
# a fair coin: how many show "side B" of our card list varies from deal to deal, and no
# player can know it (*Reading*: `Rules(exact_half_turned=True)` is the literal count, a
# deck all one way up before the split, so exactly half the cards show side B). The
# starting player is "the last player who saw a cow": the engine draws it from the
# seed (*Reading*: `Rules(starting_player=0 | 1)` fixes it).

# %%
for areas in (1, 2):
    g = cows.new_game(seed=7, discard_areas=areas)
    print(f"{areas} area(s): {cards.area_labels(areas)}; deck {len(g.deck)} cards, {sum(g.up)} of them side B up; "
          f"starting player {g.starter}")
    assert len(g.deck) == 18 and len(cards.area_labels(areas)) == areas
assert len({sum(cows.new_game(seed=seed).up) for seed in range(50)}) > 3  # side B up: it varies
literal = cows.new_game(seed=7, rules=cows.Rules(exact_half_turned=True))
print(f"the literal split (exact_half_turned=True): {sum(literal.up)} of {len(literal.up)} side B up, "
      f"same deck order: {literal.deck == g.deck}")
assert sum(literal.up) == len(literal.up) // 2 and literal.deck == g.deck
g = cows.new_game(seed=7)
table(g)
print("legal:", options(g))
assert options(g) == ["draw 2"]

# %% [markdown]
# Cards are drawn from the **bottom** of the deck, so its top card shows a face to
# everybody; nothing else of the deck is visible. On the very first turn the hands and the
# Celeiro are empty, so the only possible action is to draw.
#
# <a id="turn"></a>
# ## 3. A turn: exactly one of three main actions
#
# **Action 1: draw 2.** Take the two bottom cards, reveal them (their orientation is kept),
# keep one and put the other on the Celeiro. With two discard areas the player chooses which.

# %%
g = cows.new_game(seed=7)
g.apply("draw 2")
table(g)
print(options(g))
g2 = cows.new_game(seed=7, discard_areas=2)
g2.apply("draw 2")
print(options(g2))
assert len(options(g)) == 2 and len(options(g2)) == 4
assert g.observation(0)["deck_size"] == 16

# %%
g.apply(g.legal_actions()[0])
table(g)
refused(g, "draw 2")
print("legal now:", options(g))
assert not any(a.startswith(("draw", "take", "flip")) for a in options(g))

# %% [markdown]
# After the main action the player may still make the free build ([section 4](#build)) or
# end the turn; a second main action (here a second draw) is refused.
#
# **Action 2: take the visible top card of a Celeiro area** into your hand, and
# **action 3: flip a card in your hand**: it shows its other side, and from now on both
# players know both sides of that card. A card is never turned over just to look at it.

# %%
g.apply("end turn")
g.apply("draw 2"); g.apply(g.legal_actions()[1]); g.apply("end turn")    # the other seat's turn
table(g)
print(options(g))
assert any(a.startswith("take ") for a in options(g)) and any(a.startswith("flip ") for a in options(g))

# %%
p = g.turn
flip = next(a for a in g.legal_actions() if a.kind == "flip")
g.apply(flip)
table(g)
card = g.observation(1 - p)["hands"][p][flip.a - 1]
print(f"{flip} -> the other seat now sees: {card}")
assert card["face"] != flip.b and card["back"] == flip.b

# %% [markdown]
# When the deck runs out, play goes on with the Celeiro and flips:

# %%
late = find(lambda s: not s.deck and s.phase == R.MAIN and not s.main_done and s.hand[s.turn])
table(late)
print(options(late))
assert "draw 2" not in options(late) and any(a.startswith("flip ") for a in options(late))

# %% [markdown]
# <a id="build"></a>
# ## 4. The free build, once per turn
#
# At any moment of the turn, before or after the main action, a player may place one card of
# their hand in their pyramid. Once: a second build in the same turn is refused. The turn ends
# by itself once the main action is done and the build used (or impossible); `end turn`
# declines the build.

# %%
s = find(lambda s: s.phase == R.MAIN and not s.main_done and len(s.hand[s.turn]) == 2 and s.mask[s.turn] == 1)
table(s)
print(options(s))
s.apply(next(a for a in s.legal_actions() if a.kind == "build"))
print("after building first:", options(s))
rule = refused(s, next(a for a in options(s) if a.startswith("flip")).replace("flip", "build", 1) + " at row 2 slot 2")
assert not any(a.startswith("build") for a in options(s)) and "once per turn" in rule
assert "draw 2" in options(s)

# %% [markdown]
# The build came before the main action, and the main actions are still offered; no further
# build is.
#
# <a id="hand"></a>
# ## 5. Never more than three cards in hand
#
# A player whose hand is full must build before taking a fourth card: drawing and taking from
# the Celeiro are not offered until a card has gone into the pyramid.

# %%
full = find(lambda s: len(s.hand[s.turn]) == 3 and s.phase == R.MAIN and not s.main_done and s.deck)
table(full)
print(options(full))
refused(full, "draw 2")
assert not any(a.startswith(("draw", "take")) for a in options(full))

# %% [markdown]
# *Reading* (`Rules(build_during_draw=...)`): the two drawn cards are not yet "in your
# possession" until one is kept, so a hand of two may draw. Whether a full hand may draw first
# and build while choosing is not said; the default says no, `True` says yes. The same search
# under that option (its first position with a full hand):

# %%
variant = find(lambda s: len(s.hand[s.turn]) == 3 and s.phase == R.MAIN and not s.main_done and s.deck,
               rules=cows.Rules(build_during_draw=True))
print([a for a in options(variant) if not a.startswith("build")])
assert "draw 2" in options(variant)

# %% [markdown]
# <a id="pyramid"></a>
# ## 6. Pyramid placement
#
# Row 1 holds one card, row 2 two, row 3 three. Row 1 comes first; row 2 starts once row 1 is
# complete; row 3 starts once row 2 has a card, and a row-3 card needs a supporting card above
# it. The pure rule function `open_slots` gives the slots where the next card may go (slots
# 0-5 are row 1, row 2 left and right, row 3 left, middle, right):

# %%
expected = {(): [0], (0,): [1, 2], (0, 1): [2, 3, 4], (0, 2): [1, 4, 5], (0, 1, 2): [3, 4, 5], (0, 1, 3): [2, 4]}
for filled, want in expected.items():
    mask = sum(1 << i for i in filled)
    got = cows.open_slots(mask)
    print(f"filled {[cows.slot_name(i) for i in filled]!s:<58} open: {[cows.slot_name(i) for i in got]}")
    assert got == want

# %% [markdown]
# *Reading* (`Rules(support=...)`): row-2 cards sit between row-3 cards like bricks: row 2 left
# holds up row 3 left and middle, row 2 right holds up middle and right. The middle of row 3
# needs one card above it by default (`"any"`: "uma carta acima dela", a card above it); `"both"` needs both.
# With row 1 and row 2 left filled:

# %%
print("any: ", [cows.slot_name(i) for i in cows.open_slots(0b011, "any")])
print("both:", [cows.slot_name(i) for i in cows.open_slots(0b011, "both")])
assert 4 in cows.open_slots(0b011, "any") and 4 not in cows.open_slots(0b011, "both")
s = find(lambda s: s.turn == s.current_player and s.mask[s.turn] == 1 and s.hand[s.turn] and not s.built)
rule = refused(s, f"build {s.face(s.hand[s.turn][0]).name} (hand 1) at row 3 slot 1")
assert "row 2" in rule

# %% [markdown]
# Adjacency effects count the neighbours of a slot in this graph (a networkx graph: cards
# next to each other in a row, and the overlapping cards of the rows above and below):

# %%
G = cows.pyramid_graph()
for node in G:
    print(f"{G.nodes[node]['name']}: {', '.join(G.nodes[m]['name'] for m in sorted(G[node]))}")
assert G.number_of_nodes() == 6 and G.number_of_edges() == 9

# %% [markdown]
# <a id="effects"></a>
# ## 7. Effects
#
# <a id="flips"></a>
# ### Flips and chains
#
# *Immediate* effects happen when the card is placed, and again whenever the card is flipped
# to that side inside a pyramid (either player's). *Reading:* the owner of the card makes its
# choices, even when it fires during the other player's turn. A flip effect's choice is an
# action:

# %%
s = find(lambda s: s.phase == R.EFFECT and s.stack[-1][2].target == "opponent")
print(s.log[-1], "->", s.observation(0)["pending_effect"])
print(options(s))
assert all(a.startswith("flip opponent's") or a == "skip effect" for a in options(s))

# %% [markdown]
# The flipped card shows its other side, and if that side has an immediate effect it fires at
# once, as if just placed. That makes *chains*. *Rule ovnilab adds* (the rulebook is silent
# on loops): within one chain, a card that was placed or flipped in it cannot be flipped
# again, so a chain flips at most 11 cards; `Rules(max_chain_flips=k)` caps chains further.
#
# The first seeded random game with a chain of two flips: a build fired a flip, which
# revealed a card whose own effect flipped another card, and a third flip is pending:

# %%
chain = find(lambda s: s.phase == R.EFFECT and s.chain_flips >= 2)
start = max(i for i, a in enumerate(chain.log) if a.kind == "build")
for who, a in zip(chain.actors[start:], chain.log[start:]):
    print(f"   seat {who}: {a}")
print("now pending:", chain.observation(0)["pending_effect"], "| flips in this chain:", chain.chain_flips)
assert chain.chain_flips == 2 and all(a.kind == "fx" for a in chain.log[start + 1:])

# %% [markdown]
# In a chain the choices pass to whoever owns the card that fired. Below, the player whose
# turn it is has just flipped a card in the other's pyramid; that card's new side has a flip
# effect, and its owner, the other player, now chooses, during the first player's turn:

# %%
owner = find(lambda s: s.phase == R.EFFECT and s.current_player != s.turn)
print(f"turn of seat {owner.turn}; last action: seat {owner.actors[-1]}: {owner.log[-1]}")
print(f"seat {owner.current_player} chooses for its card:", owner.observation(0)["pending_effect"], options(owner))
assert owner.current_player == 1 - owner.turn and owner.actors[-1] == owner.turn
assert owner.log[-1].kind == "fx" and owner.log[-1].a == "opponent"

# %% [markdown]
# <a id="probe"></a>
# ### The probe and hidden backs
#
# The *probe* (Sonda) lets its owner look at the hidden backs of the cards in their hand: the
# owner's observation now shows those backs, the opponent's does not.

# %%
peek = find(lambda s: s.log and s.log[-1].kind == "build" and s.log[-1].b == "Sonda"
            and len(s.hand[s.last_seat]) >= 1)
me = peek.last_seat
print("owner sees:   ", peek.observation(me)["hands"][me])
print("opponent sees:", peek.observation(1 - me)["hands"][me])
assert all(c["back"] for c in peek.observation(me)["hands"][me])
assert not any(c["back"] for c in peek.observation(1 - me)["hands"][me])

# %% [markdown]
# Nobody else may look, so the backs are a matter of probability. Each face is printed on two
# cards with different backs, and the visible cards constrain each other. `belief` computes a
# seat's exact posterior over the backs (the same posterior the bots sample their
# determinizations from). Right after the very first draw of the first game (seeds from 0
# on) in which two of the three visible cards could be the same card:

# %%
from ovnilab.cows.determinize import belief


def first_draw(seed):
    g = cows.new_game(seed=seed)
    g.apply("draw 2")
    return g


g0 = next(g for g in map(first_draw, range(1000))
          if any(len(belief(g, 0).back_distribution(p)) == 2 and 0.5 not in belief(g, 0).back_distribution(p).values()
                 for p in belief(g, 0).positions))
print("seed", g0.seed)
table(g0)
b = belief(g0, 0)
seen = g0.observation(0)
for pos in b.positions:
    face = seen["deck_top"] if pos[0] == "deck" else seen["drawn"][pos[1]]["face"]
    dist = ", ".join(f"{k} {v:.2f}" for k, v in b.back_distribution(pos).items())
    print(f"{str(pos):<14} shows {face:<10} back: {dist}")
assert len(b.positions) == 3 and any(0.5 not in b.back_distribution(p).values() for p in b.positions)

# %% [markdown]
# Why not one half everywhere? A visible face could be either of the two cards that print
# it; two visible faces cannot be the same card. Where the candidate cards of two visible
# faces overlap, some arrangements are ruled out, and every arrangement left is equally
# likely (each card lies either way up, a fair coin). The cell lists, for each visible
# card, its candidate cards and counts the arrangements by hand:

# %%
import itertools

visible = [seen["deck_top"]] + [d["face"] for d in seen["drawn"]]
names = [f.name for f in cards.faces]
cand = [[(c, names[b if names[a] == face else a]) for c, (a, b) in enumerate(cards.cards)
         if face in (names[a], names[b])] for face in visible]
arrangements = [combo for combo in itertools.product(*cand) if len({c for c, _ in combo}) == len(combo)]
for i, (pos, face) in enumerate(zip(b.positions, visible)):
    backs = {}
    for combo in arrangements:
        backs[combo[i][1]] = backs.get(combo[i][1], 0) + 1
    by_hand = {k: Fraction(v, len(arrangements)) for k, v in backs.items()}
    print(f"{face:<14} candidates {[cards.card_name(c) for c, _ in cand[i]]}: back {by_hand}")
    library = b.back_distribution(pos)
    assert library.keys() == by_hand.keys() and all(abs(library[k] - by_hand[k]) < 1e-12 for k in library)
print(f"{len(arrangements)} arrangements in all; the library's posterior is the same")

# %% [markdown]
# A card whose candidates overlap no other visible card's stays a coin toss. A flip in hand
# is a gamble on exactly these odds.
#
# <a id="scoring"></a>
# ### Adjacency and end-of-game effects in the final count
#
# *Adjacency* and *end-of-game* effects are counted in the final score. The pure function
# `score_pyramid(faces, opponent, hand_size)` is the rule itself; here it scores pyramids
# written by hand (slots in order: row 1, row 2 left and right, row 3 left, middle, right),
# and each line's expected points are worked out in the comment beside it:

# %%
F = {f.name: f for f in cards.faces}


def score(own, opp=(), hand=0):
    own = [F[n] if n else None for n in own] + [None] * (6 - len(own))
    opp = [F[n] if n else None for n in opp] + [None] * (6 - len(opp))
    return cows.score_pyramid(own, opp, hand)


def check(label, got, base, adjacency, end_of_game):
    print(f"{label:<34}", got)
    assert got == {"base": base, "adjacency": adjacency, "end_of_game": end_of_game}


def V(*names):
    """The summed base values of faces, as the card file prints them."""
    return sum(F[n].value for n in names)


def P(name, i=0):
    """The points of a face's effect number i."""
    return F[name].effects[i].points


# Bezerrinho (row 2 left) touches the cows Mimosa and Estrela: twice its points; Estrela
# counts the one calf of the pyramid (END)
check("calf next to two cows (ADJ)", score(["Mimosa", "Bezerrinho", "Estrela"]),
      V("Mimosa", "Bezerrinho", "Estrela"), 2 * P("Bezerrinho"), P("Estrela"))
# Boi Bravo in row 1 has two neighbours: twice its (negative) points; Lua Cheia counts its own Moon
check("bull with two neighbours (ADJ)", score(["Boi Bravo", "Gêmeos", "Lua Cheia"]),
      V("Boi Bravo", "Gêmeos", "Lua Cheia"), 2 * P("Boi Bravo"), P("Lua Cheia"))
# Vaca Lunar touches two Moons; Lua Cheia: three Moons in the pyramid
check("three Moons, Lua Cheia (END)", score(["Lua Cheia", "Sonda", "Vaca Lunar"]),
      V("Lua Cheia", "Sonda", "Vaca Lunar"), 2 * P("Vaca Lunar"), 3 * P("Lua Cheia"))
# Curral: two cows against one
check("cow majority, Curral (END)", score(["Curral", "Mimosa", "Vaca Lunar"], ["Vaca Voadora"]),
      V("Curral", "Mimosa", "Vaca Lunar"), 0, P("Curral"))
# Fazendeiro: its (negative) points per cow in the pyramid (Mimosa)
check("farmer and one cow (END)", score(["Fazendeiro", "Mimosa"]), V("Fazendeiro", "Mimosa"), 0, P("Fazendeiro"))
# Manada: 2 cows, 3 calves make 2 pairs; Estrela counts the 3 calves
check("herd, 2 cows and 3 calves (END)", score(["Manada", "Mimosa", "Estrela", "Gêmeos"]),
      V("Manada", "Mimosa", "Estrela", "Gêmeos"), 0, 2 * P("Manada") + 3 * P("Estrela"))
# Crepúsculo: one Sun, one Moon; Lua Cheia counts its Moon; Sol do Meio-Dia touches no Sun
check("Sun = Moon, Crepúsculo (END)", score(["Crepúsculo", "Sol do Meio-Dia", "Lua Cheia"]),
      V("Crepúsculo", "Sol do Meio-Dia", "Lua Cheia"), 0, P("Crepúsculo") + P("Lua Cheia"))
# Farol: its points in row 1 only
check("beacon in row 1 (END)", score(["Farol"]), V("Farol"), 0, P("Farol"))
check("beacon in row 2 (END)", score([None, "Farol"]), V("Farol"), 0, 0)
# Vaca Voadora: its points per card left in hand; Sonda too (its second effect)
check("flying cow, 2 cards in hand (END)", score(["Vaca Voadora"], hand=2), V("Vaca Voadora"), 0, 2 * P("Vaca Voadora"))
check("probe, 2 cards in hand (END)", score(["Sonda"], hand=2), V("Sonda"), 0, 2 * P("Sonda", 1))

# %% [markdown]
# Sun/Moon interactions: Sol do Meio-Dia gains per adjacent Sun, Vaca Lunar per adjacent Moon,
# Lua Cheia per Moon in the pyramid, Crepúsculo when Suns equal Moons, and the Eclipse flips a
# Sun card in either pyramid. Cow/calf interactions: Bezerrinho wants cows around it, Estrela
# counts the calves of her pyramid, Manada pairs cows with calves, Curral wants a cow majority, the Fazendeiro loses a
# point per cow.
#
# <a id="end"></a>
# ## 8. The end, the last turn and the winner
#
# The game ends when a player completes a pyramid (six cards). If the **starting** player
# completed it, the other plays one more turn:

# %%
last = find(lambda s: s.final and s.phase == R.MAIN and not s.main_done)
print("starting player:", last.starter, "| pyramids complete:", [m == 63 for m in last.mask],
      "| last turn for seat", last.turn)
advance(last, lambda s: s.is_over() or s.turn != last.turn)
print("after that turn, over:", last.is_over())
assert last.mask[last.starter] == 63 and last.is_over()

# %% [markdown]
# *Reading:* the turn that completes a pyramid ends at once, even before its main action.
# Here a player completes its pyramid with the free build before doing anything else:

# %%
def about_to_complete(s):
    return (s.phase == R.MAIN and not s.main_done and bin(s.mask[s.turn]).count("1") == 5
            and any(a.kind == "build" for a in s.legal_actions()))


done = find(about_to_complete)
who = done.turn
move = next(a for a in done.legal_actions() if a.kind == "build")
done.apply(move)
print(f"seat {who}: {move} -> pyramid complete: {done.mask[who] == 63}; now seat {done.turn}'s turn, "
      f"over: {done.is_over()}")
assert done.mask[who] == 63 and (done.is_over() or done.turn == 1 - who)

# %% [markdown]
# If the other player completes it, the game ends with that turn (*Reading*:
# `Rules(last_turn=False)` drops the extra turn). *Rule ovnilab adds:* players could flip cards
# back and forth forever, so after 12 consecutive turns with neither a draw nor a build
# (`Rules(stall_limit=12)`) the game ends and is scored as it stands. How often that ends a
# game of random play:

# %%
N_GAMES = 300  # seeded random games
ends = {"completed": 0, "stalled": 0}
for seed in range(N_GAMES):
    s = advance(cows.new_game(seed=seed), lambda s: s.is_over(), seed)
    ends["completed" if 63 in s.mask else "stalled"] += 1
print(ends, f"of {N_GAMES} random games")
assert sum(ends.values()) == N_GAMES

# %% [markdown]
# The final count adds the base values of the pyramid's cards, then the adjacency and
# end-of-game effects; the most points wins. The rulebook names no tie-break, so tied
# players share the win (*Reading*: `Rules(tie_break="most_cattle")` gives it to the pyramid
# with more cows and calves, the title being "best cattle-abducting alien"). The first seeded
# random game that ends in a tie between unequal herds, replayed under that option:

# %%
tie = next(s for seed in range(2000)
           for s in [advance(cows.new_game(seed=seed), lambda s: s.is_over(), seed)]
           if len(s.winners()) == 2 and s.cattle(0) != s.cattle(1))
print("seed", tie.seed, "scores", tie.scores(), "breakdown", tie.score_breakdown())
print("shared:      winners", tie.winners())
again = cows.new_game(seed=tie.seed, rules=cows.Rules(tie_break="most_cattle"))
again.apply_many(tie.log)
print("most_cattle: winners", again.winners(), "(cattle", [again.cattle(p) for p in (0, 1)], ")")
assert tie.winners() == [0, 1] and again.scores() == tie.scores()
assert again.winners() == [max((0, 1), key=again.cattle)]

# %% [markdown]
# <a id="readings"></a>
# ## 9. Readings and rule options
#
# Every ambiguity of the rulebook is a field of `cows.Rules`; the default is the reading we
# judge most faithful.
#
# | option | default | alternative | the question | shown in |
# | --- | --- | --- | --- | --- |
# | `build_during_draw` | `False` | `True` | may a full hand draw, then build while keeping? | [5](#hand) |
# | `support` | `"any"` | `"both"` | does the middle of row 3 need one card above it or both? | [6](#pyramid) |
# | `starting_player` | `-1` (drawn) | `0`, `1` | "the last player who saw a cow" | [2](#setup) |
# | `exact_half_turned` | `False` (each card either way up) | `True` (exactly half turned) | the split-and-turn set-up, from a box in unknown order or all one way up | [2](#setup) |
# | `last_turn` | `True` | `False` | the extra turn after the starting player completes | [8](#end) |
# | `tie_break` | `"shared"` | `"most_cattle"` | the rulebook names none | [8](#end) |
# | `hand_limit` | `3` | 1-9 | what-if games | [5](#hand) |
# | `max_chain_flips` | `0` (only "once per card per chain") | `k` | ovnilab's loop rule, capped further | [7](#flips) |
# | `stall_limit` | `12` | `0` (off) | ovnilab's termination rule | [8](#end) |
# | `cards_file` | the ovnilab set | your file | play an edited card set (a bare file name is looked up in `data/cows/` first) | [1](#cards) |
#
# Two more readings have no option: the owner of a card makes its effect's choices, even in
# the other player's turn ([7](#flips)); the turn that completes a pyramid ends at once
# ([8](#end)).

# %%
cows.Rules()

# %% [markdown]
# <a id="replay"></a>
# ## 10. A game played out
#
# Two greedy bots (each takes the action with the best score margin one step ahead, judged
# from what its seat sees) play one seeded game with two Celeiro areas. The first and last
# decisions of the log are printed; the final count is then recomputed with the pure rule
# `score_pyramid` and compared with the engine's.

# %%
from ovnilab import sim
from ovnilab.cows.bots import GreedyBot

game = cows.new_game(seed=2026, discard_areas=2)
result = sim.play(game, [GreedyBot(), GreedyBot()])
print(f"{result.steps} decisions, {game.turns} turns; starting player {game.starter}")
for i, (who, a) in enumerate(zip(game.actors, game.log)):
    if i < 8 or i >= len(game.log) - 6:
        print(f"{i + 1:>3}. seat {who}: {a}")
    elif i == 8:
        print("     ...")
table(game)
for seat in (0, 1):
    again = cows.score_pyramid(game.pyramid_faces(seat), game.pyramid_faces(1 - seat), len(game.hand[seat]))
    print(f"seat {seat}: {again} = {sum(again.values())} points")
    assert again == game.score_breakdown()[seat] and sum(again.values()) == result.scores[seat]
print("winner(s):", list(result.winners))
assert list(result.winners) == game.winners()

# %% [markdown]
# The final position, from a spectator's point of view:

# %% tags=["nbval-ignore-output"]
SVG(game._repr_svg_())
