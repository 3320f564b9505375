# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Cosmic Encounter rules, part 2: cards and deals
#
# [Part 1: the encounter](cosmic_1_encounter.ipynb) · **Part 2** ·
# [Part 3: the aliens](cosmic_3_aliens.ipynb) · [Part 4: the yellow and red aliens](cosmic_4_yellow_red_aliens.ipynb) ·
# [Play Cosmic Encounter](../play/cosmic.ipynb)
#
# Part 1 played an encounter with two attack cards. This part covers every other card of
# the cosmic deck and what it does to an encounter: a negotiate against an attack
# (compensation), two negotiates (the deal), the morph, reinforcements, the eight
# artifacts, the zaps that cancel cards and powers, and the flares. It ends with the
# places where the rulebook leaves a choice open, and the rule options that play the other
# reading.
#
# As in part 1, every rule is shown on a **real game state** of `ovnilab.cosmic`, reached
# by legal moves from a seeded game, and each cell asserts what the text around it says.
#
# The games on this page deal the 23 green aliens, the rulebook's advice for first games
# (`GREEN` below: `cosmic.Rules(alien_levels=("green",))`); ovnilab's default deals from
# all 50 aliens of the base set, as the rulebook does once players know the game
# ([part 4](cosmic_4_yellow_red_aliens.ipynb) shows the yellow and red ones).
#
# **Contents**
# 1. [The cosmic deck](#1.-The-cosmic-deck)
# 2. [Encounter cards](#2.-Encounter-cards): negotiate against attack (compensation), two
#    negotiates (the deal), a failed deal, the morph
# 3. [Reinforcements](#3.-Reinforcements)
# 4. [Artifacts](#4.-Artifacts)
# 5. [Zaps](#5.-Zaps): Card Zap, a Card Zap answered, Cosmic Zap
# 6. [Flares](#6.-Flares)
# 7. [Readings and rule options](#7.-Readings-and-rule-options)
#
# **Glossary** (the rulebook's Portuguese term in brackets)
# - *offense* (atacante), *defense* (defensor), *main players* (jogadores principais), *ally* (aliado), *warp* (Warp), *colony* (colônia), *hyperspace gate* (Portão do Hiperespaço): as in part 1.
# - *encounter card* (carta de encontro): *attack* (Ataque) with a value 00-40, *negotiate* (Negociação), *morph* (Morph: copies the opponent's card).
# - *compensation* (compensação): cards a negotiating loser takes at random from the winner's hand.
# - *deal* (acordo): what two negotiating main players agree on (cards and colonies); a *failed deal* costs each three ships.
# - *reinforcement* (reforço): a +2, +3 or +5 card added to a side's total after the reveal.
# - *reward* (recompensa): a card or a ship from the warp for each ship a winning defensive ally sent.
# - *artifact*: a one-use card played at a fixed moment (Card Zap, Cosmic Zap, Emotion Control, Force Field, Ionic Gas, Mobius Tubes, Plague, Quash).
# - *flare*: a card belonging to an alien; its *wild* side is for anyone, its *super* side for the player of that alien.
# - *window*: a moment of the encounter where artifacts, flares and optional powers are offered (an ovnilab term).

# %%
from collections import Counter

from ovnilab import cosmic, walk
from ovnilab.cosmic.stats import QUIET_ANSWERS as QUIET, finish_encounter
from ovnilab.walk import legal_texts as options, offered

GREEN = {"alien_levels": ("green",)}  # the beginners' aliens (see above)


def advance(state, until, seed=0, quiet=QUIET):
    """Play until ``until(state)`` holds: a quiet answer when one is legal, otherwise a
    seeded random choice (so every run reaches the same position)."""
    return walk.advance(state, until, seed, prefer=quiet)


def who(state, seat):
    """A seat's colour and alien."""
    return f"{state.colours[seat]} ({state.alien[seat]})" if state.alien[seat] else state.colours[seat]


def last_plays(state, k):
    """The last ``k`` plays of the game, passes left out: (seat, action) pairs."""
    return [(seat, a) for seat, a in zip(state.actors, state.log) if a.kind != "pass"][-k:]


def no_zap(state):
    """Let every holder of a Card Zap or Cosmic Zap decline to answer (section 5)."""
    while state.phase == "zap":
        state.apply("pass")


# %% [markdown]
# `advance` plays quietly (pass on artifacts, flares and powers, invite nobody, decline)
# and otherwise at random from a fixed seed, until the position a rule needs.
#
# ## 1. The cosmic deck
#
# The cosmic deck has 72 cards, read from `data/cosmic/deck.toml`: 39 attacks, 15
# negotiates, one morph, six reinforcements and eleven artifacts. Each game adds two
# flares per player, topped up at random to ten.

# %%
data = cosmic.load_data()
faces = [data.faces[data.card_face[c]] for c in range(data.deck_size)]
kinds = Counter(cosmic.data.KINDS[f.kind] for f in faces)
print("cards by kind:", dict(sorted(kinds.items())), "- total", sum(kinds.values()))
print("attack values:", dict(sorted(Counter(f.value for f in faces if f.kind == 0).items())))
print("reinforcements:", dict(sorted(Counter(f.name for f in faces if f.kind == 3).items())))
print("artifacts:", dict(sorted(Counter(f.name for f in faces if f.kind == 4).items())))
assert data.deck_size == 72 and kinds == {"attack": 39, "negotiate": 15, "morph": 1,
                                          "reinforcement": 6, "artifact": 11}
assert len(cosmic.new_game(3, seed=0, rules=cosmic.Rules(**GREEN)).flare_aliens) == 10

# %% [markdown]
# ## 2. Encounter cards
#
# Attack, negotiate and morph are the **encounter cards**: each main player selects one
# face down in the planning phase (part 1, section 2.5). Two attacks compare totals (part
# 1, section 2.6); the other pairings follow.
#
# ### 2.1 Negotiate against attack: compensation
#
# A negotiate loses to an attack, but its player takes **compensation**: one card at
# random from the winner's hand per ship it lost to the warp (its allies' ships do not
# count).

# %%
cp = cosmic.new_game(3, seed=1, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
advance(cp, lambda s: s.phase == "select" and s.current_player == s.defender
        and s.observation(s.offense)["encounter_cards"]["offense"] == "negotiate"
        and offered(s, "select attack"))
off, dfd = cp.offense, cp.defender
ships, hand, theirs = cp.gate[off], len(cp.hands[off]), len(cp.hands[dfd])
before = cp.last_result
cp.apply(next(a for a in options(cp) if a.startswith("select attack")))
print(f"{cp.colours[off]} negotiated with {ships} ship(s) on the gate; {cp.colours[dfd]} attacked")
result = finish_encounter(cp, before)
print(result)
print(f"{cp.colours[off]}'s hand: {hand} cards, then {len(cp.hands[off])} (compensation from {cp.colours[dfd]})")
assert result["cards"] == ("negotiate", "attack") and result["outcome"] == "defense"
assert not cp.allies[0] and len(cp.hands[off]) == hand + min(ships, theirs - 1)

# %% [markdown]
# ### 2.2 Two negotiates: the deal
#
# With two negotiates the allies go home and the main players negotiate. The rulebook
# gives them a minute; ovnilab models a deal as **structured proposals**: how many cards
# each side gives (any number: REFERENCE lets players trade any cards; the hands are
# hidden, so a proposal counts the cards and each giver then chooses which, standing for
# the naming; `Rules.deal_max_cards` caps the count) and, for each side, a colony on a
# planet where the other has one. At least one card or colony must change hands. The other player accepts, rejects or
# counters; after `Rules.deal_rounds` proposals (4) the last one must be accepted or the
# deal fails. Once a deal is accepted each giver **chooses** its cards, one at a time (the
# offense first, and both before any card moves, so nobody sees what it receives before
# giving); `Rules(deal_cards="random")` draws them at random instead, a quicker what-if.

# %%
def negotiating(seed):
    d = cosmic.new_game(3, seed=seed, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
    return advance(d, lambda s: s.phase == "deal")


d = negotiating(2)
before = d.last_result
o = d.offense
off, dfd = d.colours[o], d.colours[d.defender]
print(f"{who(d, d.offense)} and {who(d, d.defender)} both negotiated; {len(options(d))} possible answers, e.g.:")
gives = [a for a in d.legal_actions() if a.kind == "propose"]
most = (max(a.a[1] for a in gives), max(a.b[1] for a in gives))
print(f"a proposal may move up to {most[0]} of {off}'s cards and {most[1]} of {dfd}'s (their whole hands)")
assert most == (len(d.hands[d.offense]), len(d.hands[d.defender]))
for a in (options(d)[0], options(d)[-2], options(d)[-1]):
    print("  ", a)
assert options(d)[-1] == "reject deal" and not any(a.count("gives 0 cards") == 2 and a.count("nowhere") == 2 for a in options(d))
d.apply(f"propose: {off} gives 1 card, {dfd} gives 1 card, {off} lands nowhere, {dfd} lands nowhere")
print(f"{dfd} may accept, reject or counter:", [a for a in options(d) if not a.startswith("propose")], "or a counter-proposal")
counter = next(a for a in options(d) if a.startswith(f"propose: {off} gives 0 cards, {dfd} gives 1 card, {off} lands on"))
print(f"{dfd} counters: {counter!r}")
d.apply(counter)
d.apply("accept deal")
hands = {c: len(d.hands[d.cindex[c]]) for c in (off, dfd)}
colonies = d.foreign_colonies(o)
advance(d, lambda s: s.phase == "give")  # everybody passes in the resolution window first
print(f"accepted: {who(d, d.current_player)} chooses the card it gives among", options(d))
d.apply(options(d)[-1])
result = finish_encounter(d, before)
print(result)
print(f"hands {hands} -> {({c: len(d.hands[d.cindex[c]]) for c in (off, dfd)})};",
      f"{off}'s foreign colonies {colonies} -> {d.foreign_colonies(o)}")
assert result["outcome"] == "deal_made" and d.foreign_colonies(o) == colonies + 1
assert len(d.hands[d.cindex[off]]) == hands[off] + 1 and len(d.hands[d.cindex[dfd]]) == hands[dfd] - 1

# %% [markdown]
# A failed deal sends three ships of each main player to the warp:

# %%
f = negotiating(2)
before = f.last_result
warp = list(f.warp)
f.apply("reject deal")
result = finish_encounter(f, before)
print(result["outcome"], "- warp", warp, "->", f.warp)
assert result["outcome"] == "deal_failed"
assert [f.warp[s] - warp[s] for s in range(3)] == [3 if s in (result["offense"], result["defender"]) else 0 for s in range(3)]

# %% [markdown]
# ### 2.3 The morph
#
# A morph becomes a copy of the opponent's revealed card (its value, or a negotiate),
# without the opponent's reinforcements.

# %%
m = cosmic.new_game(3, seed=3, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
advance(m, lambda s: s.phase == "select" and s.current_player == s.defender and offered(s, "select morph"))
theirs = m.observation(m.offense)["encounter_cards"]["offense"]
print(f"{m.colours[m.offense]} selected {theirs}; {m.colours[m.defender]} selects the morph")
m.apply("select morph")
ships = (m.side_ships(0), m.side_ships(1))
before = m.last_result
r = finish_encounter(m, before)
print(f"the morph counted as a copy: cards {r['cards']}, ships {ships}, totals {r['totals']}",
      f"-> the {r['outcome']} wins")
v = int(theirs.split()[1])
assert r["cards"] == ("attack", "attack") and r["totals"] == (v + ships[0], v + ships[1])

# %% [markdown]
# ## 3. Reinforcements
#
# Reinforcement cards (+2, +3, +5) are played after the reveal by main players and allies,
# on their own side, in turns until everybody passes. They are offered only when both
# revealed cards are attacks (otherwise the totals do not matter).

# %%
rf = cosmic.new_game(3, seed=1, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
advance(rf, lambda s: s.phase == "reinforce" and offered(s, "reinforce"))
was, p = rf.totals, rf.current_player
print(f"revealed {rf.observation(0)['encounter_cards']}, totals {was};",
      who(rf, p), "may play:", options(rf))
play = next(a for a in options(rf) if a.startswith("reinforce"))
rf.apply(play)
print(f"{play} -> totals {rf.totals}")
side = 0 if "offense" in play else 1
assert rf.kinds == (0, 0) and rf.side_of(p) == side
assert rf.totals[side] == was[side] + int(play.split("+")[1]) and rf.totals[1 - side] == was[1 - side]

# %% [markdown]
# ## 4. Artifacts
#
# Eleven artifact cards (eight kinds) are played at fixed moments, in the **windows** of
# the encounter, and discarded after use. Their texts and timings are in
# `data/cosmic/artifacts.toml`:

# %%
for name, info in sorted(data.artifacts.items()):
    print(f"{name:<16} {info.timing:<13} {info.text}")
assert len(data.artifacts) == 8

# %% [markdown]
# `playing(name, seed)` runs random games (nobody quiet) until the artifact may be played,
# and shows where it was offered:

# %%
def playing(name, seed, n=4, until=None):
    """A random game (nobody quiet) until ``name`` may be played (and ``until`` holds), from
    the first seed (``seed``, ``seed + 1``, ...) whose game gets there; returns the state."""
    for k in range(seed, seed + 100):
        try:
            a = cosmic.new_game(n, seed=k, rules=cosmic.Rules(**GREEN, flares=False))
            return advance(a, lambda s: offered(s, f"play {name}") and (until is None or until(s)), seed=k, quiet=())
        except RuntimeError:  # this game ended first
            continue
    raise RuntimeError(f"no game reached a {name}")


SEEDS = {"Mobius Tubes": 0, "Plague": 1, "Force Field": 0, "Emotion Control": 0, "Ionic Gas": 1,
         "Quash": 0, "Cosmic Zap": 0, "Card Zap": 0}
for name, seed in SEEDS.items():
    a = playing(name, seed)
    plays = [x for x in options(a) if x.startswith(f"play {name}")]
    print(f"{name:<16} offered to {a.colours[a.current_player]:<6} at {a.stage:<10} ({a.phase}): {plays[:2]}")
    timing = data.artifacts[name].timing
    assert a.phase == "zap" if timing == "response" else timing in ("any", a.stage, a.stage + "_end")

# %% [markdown]
# The Card Zap is offered in a *zap* step, right after another player played something
# (section 5); every other artifact in the window of its timing.
#
# **Plague** hits a player of the holder's choice: three ships to the warp (the victim
# picks them) and one card of each type it holds to the discard pile (the victim picks
# them too).

# %%
pl = playing("Plague", 10)
victim = next(a for a in options(pl) if a.startswith("play Plague on")).split(" on ")[1]
v = pl.cindex[victim]
warp, hand = pl.warp[v], pl.hand_names(v)
print(f"{who(pl, pl.current_player)} plays Plague on {victim}: warp {warp}, hand {hand}")
pl.apply(f"play Plague on {victim}")
advance(pl, lambda s: s.phase not in ("lose", "zap"))
while pl.phase == "plague":
    print(f"  {victim} chooses which to discard among", options(pl))
    pl.apply(options(pl)[-1])
print(f"after: warp {pl.warp[v]}, hand {pl.hand_names(v)}")
types = {cosmic.data.KINDS[data.faces[data.face_index[c]].kind] for c in hand}
assert pl.warp[v] == warp + 3 and len(pl.hand_names(v)) == len(hand) - len(types)

# %% [markdown]
# **Mobius Tubes** (offense, regroup) frees every ship in the warp:

# %%
mt = playing("Mobius Tubes", 0)
print(f"{who(mt, mt.current_player)} plays Mobius Tubes; the warp holds {mt.warp}")
assert sum(mt.warp) > 0 and mt.current_player == mt.offense
mt.apply("play Mobius Tubes")
advance(mt, lambda s: s.phase not in ("place", "zap"))
print("after:", mt.warp)
assert mt.warp == [0, 0, 0, 0]

# %% [markdown]
# **Force Field** (after the allies commit) sends the allies its player chooses home:

# %%
ff = playing("Force Field", 0)
play = next(a for a in options(ff) if a.startswith("play Force Field"))
hit = [ff.cindex[c] for c in play.split(" on ")[1].split("+")]
print("allies:", ff.observation(0)["allies"], "| gate:", ff.gate, "| beside the planet:", ff.side)
print(f"{who(ff, ff.current_player)}: {play}")
ff.apply(play)
no_zap(ff)
print("allies:", ff.observation(0)["allies"], "| gate:", ff.gate, "| beside the planet:", ff.side)
assert all(ff.gate[s] == ff.side[s] == 0 and s not in ff.allies[0] + ff.allies[1] for s in hit)

# %% [markdown]
# **Emotion Control** (reveal) makes the revealed attacks count as negotiates:

# %%
em = playing("Emotion Control", 0)
before = em.last_result
print("revealed:", em.observation(0)["encounter_cards"])
em.apply("play Emotion Control")
no_zap(em)
r = finish_encounter(em, before)
print(f"with Emotion Control both count as negotiates: cards {r['cards']}; the main players negotiated -> {r['outcome']}")
assert r["cards"] == ("negotiate", "negotiate") and r["outcome"].startswith("deal")

# %% [markdown]
# **Ionic Gas** (resolution) cancels the compensation and the defensive rewards of the
# encounter. Here it is played when a negotiate has just lost to an attack:

# %%
owed = lambda s: "negotiate" in (s.observation(0)["encounter_cards"] or {}).values() and s.outcome in ("offense", "defense")
ig = playing("Ionic Gas", 1, until=owed)
before = ig.last_result
loser = ig.main(1 if ig.outcome == "offense" else 0)
cards, hand = ig.observation(0)["encounter_cards"], len(ig.hands[loser])
print(f"revealed {cards}: the {ig.outcome} wins; {ig.colours[loser]} negotiated and holds {hand} cards")
control = ig.clone()                     # the same position, without the Ionic Gas
control.apply("pass")
finish_encounter(control, before)
ig.apply("play Ionic Gas")
no_zap(ig)
finish_encounter(ig, before)
print(f"{ig.colours[loser]}'s hand after the encounter: {len(control.hands[loser])} without Ionic Gas",
      f"(compensation), {len(ig.hands[loser])} with it")
assert cards[("offense", "defense")[ig.last_result["offense"] != loser]] == "negotiate"
assert len(ig.hands[loser]) < len(control.hands[loser])  # compensation comes only without it
# the one card more than before the encounter: blue is Vulch, whose power takes the
# artifacts others discard, and the Ionic Gas just played is one of them
gained = [ig.t.name[c] for c in ig.hands[loser]]
extra = len(ig.hands[loser]) - hand
print(f"{ig.colours[loser]} is {ig.alien[loser]}: {extra} card more than before, the discarded "
      f"{gained[-1]} (Vulch takes discarded artifacts)")
assert ig.alien[loser] == "Vulch" and extra == 1 and gained[-1] == "Ionic Gas"

# %% [markdown]
# **Quash** (resolution) cancels a deal just made: it fails, with the failed deal's
# penalty.

# %%
qu = playing("Quash", 0)
before = qu.last_result
print(f"outcome: {qu.outcome}; warp {qu.warp}")
warp, main = list(qu.warp), (qu.offense, qu.defender)
qu.apply("play Quash")
no_zap(qu)
r = finish_encounter(qu, before)
print(f"after Quash: {r['outcome']}; warp {qu.warp}")
assert r["outcome"] == "deal_failed" and all(qu.warp[s] == warp[s] + 3 for s in main)

# %% [markdown]
# ## 5. Zaps
#
# **Card Zap** cancels a flare or an artifact as it is played: right after a play, every
# other player holding cards is asked, in turn, whether to answer (a player without a Card
# Zap passes: asking only the holders would tell who holds one). **Cosmic Zap** cancels a
# power when it is used: it answers a power's use as it is made; a power that acts by
# itself, without a decision, is zapped in a window where it takes effect (the window of
# its timing, any window for a passive power such as Zombie's), while its player's role in
# the encounter lets it act. A window never offers a Cosmic Zap on an optional power
# nobody is using, nor on the power of a player it does not concern.

# %%
cz = playing("Card Zap", 0)
[(seat, last)] = last_plays(cz, 1)
print(f"{cz.colours[seat]} has just played: {last}")
print(f"{who(cz, cz.current_player)} may answer:", options(cz))
cz.apply("play Card Zap")
no_zap(cz)
print("cancelled: both cards are discarded:", cz.observation(0)["discard"][-2:])
assert cz.observation(0)["discard"][-2:] == ["Cosmic Zap", "Card Zap"]

# %% [markdown]
# A flare cancelled by a Card Zap is discarded too (the Card Zap's text), instead of going
# back to its owner's hand as a flare does after use (section 6); it still counts as its
# player's flare of the encounter.

# %%
def zapping_a_flare(seed):
    """A random game (nobody quiet) until a Card Zap may answer a flare being played."""
    z = cosmic.new_game(4, seed=seed, rules=cosmic.Rules(**GREEN))
    try:
        return advance(z, lambda s: s.phase == "zap" and s.log[-1].kind == "flare" and offered(s, "play Card Zap"),
                       seed=seed, quiet=())
    except RuntimeError:
        return None


fz = next(z for z in map(zapping_a_flare, range(40)) if z is not None)
owner, flare = fz.actors[-1], fz.log[-1]
name = f"{flare.a} flare"
print(f"{who(fz, owner)} plays {str(flare)!r}; {who(fz, fz.current_player)} answers with a Card Zap")
fz.apply("play Card Zap")
no_zap(fz)
print(f"{name} in {fz.colours[owner]}'s hand: {name in fz.hand_names(owner)};",
      "the discard pile ends with", fz.observation(0)["discard"][-2:])
assert name not in fz.hand_names(owner) and fz.observation(0)["discard"][-2:] == [name, "Card Zap"]

# %% [markdown]
# A Card Zap played in answer is itself an artifact being played, so a player holding
# another Card Zap may cancel it in turn, and the card it answered takes effect after all.
# Here a random game reaches such a moment:

# %%
def zap_on_table(s):
    """A Card Zap answering an Ionic Gas, a defensive ally in the encounter, and another
    Card Zap in the hand of the player asked now."""
    if s.phase != "zap" or not offered(s, "play Card Zap") or not s.allies[1]:
        return False
    return [str(a) for _, a in last_plays(s, 2)] == ["play Ionic Gas", "play Card Zap"]


for k in range(300):
    zz = cosmic.new_game(4, seed=k, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
    try:
        advance(zz, zap_on_table, seed=k, quiet=())
        break
    except RuntimeError:  # this game ended first
        continue
(s1, a1), (s2, a2) = last_plays(zz, 2)
print(f"{who(zz, s1)}: {a1}; {who(zz, s2)}: {a2}")
print(f"{who(zz, zz.current_player)} may answer the Card Zap:", options(zz))
first, before = str(a1), zz.last_result
ally = zz.allies[1][0]                   # a defensive ally, owed rewards if the defense wins
hand, warp = len(zz.hands[ally]), zz.warp[ally]
control = zz.clone()                     # the same position, the Card Zap unanswered
control.apply("pass")
finish_encounter(control, before)
zz.apply("play Card Zap")
finish_encounter(zz, before)
print(f"the {zz.last_result['outcome']} won; {zz.colours[ally]}, a defensive ally, had {hand} cards and {warp} ships in the warp")
print(f"  Card Zap unanswered (Ionic Gas cancelled): {len(control.hands[ally])} cards, {control.warp[ally]} in the warp (rewards)")
print(f"  Card Zap cancelled (Ionic Gas works):      {len(zz.hands[ally])} cards, {zz.warp[ally]} in the warp (no rewards)")
print("Card Zaps in the discard pile:", zz.observation(0)["discard"].count("Card Zap"))
assert first == "play Ionic Gas" and zz.last_result["outcome"] == control.last_result["outcome"] == "defense"
assert (len(zz.hands[ally]), zz.warp[ally]) == (hand, warp)
assert len(control.hands[ally]) - hand + warp - control.warp[ally] > 0
assert zz.observation(0)["discard"].count("Card Zap") == 2

# %% [markdown]
# A Cosmic Zap answers the use of an alien power in the same way: the use waits while the
# other players may answer it, and a Cosmic Zap cancels it (the power stays off for the
# rest of the encounter).

# %%
def power_used(s):
    """A power has just been used, and the player asked now may answer it with a Cosmic Zap."""
    if s.phase != "zap":
        return False
    last = last_plays(s, 1)
    return bool(last) and last[0][1].kind == "power" and offered(s, f"play Cosmic Zap on {s.colours[last[0][0]]}")


for k in range(4, 200):
    pz = cosmic.new_game(4, seed=k, rules=cosmic.Rules(**GREEN, flares=False))
    try:
        advance(pz, power_used, seed=k, quiet=())
        break
    except RuntimeError:  # this game ended first
        continue
[(user, use)] = last_plays(pz, 1)
print(f"{who(pz, user)}: {use}")
print(f"{who(pz, pz.current_player)} may answer:", options(pz))
pz.apply(f"play Cosmic Zap on {pz.colours[user]}")
advance(pz, lambda s: s.phase != "zap", quiet=("pass",))
print(f"the use is cancelled; {pz.colours[user]}'s power works now:", pz.observation(0)["powers_active"][user])
assert not pz.power_active(user)
start = pz.encounters
advance(pz, lambda s: s.encounters > start)
print(f"next encounter: {pz.colours[user]}'s power works:", pz.power_active(user))
assert pz.power_active(user) == (pz.home_colonies(user) >= 3)

# %% [markdown]
# Played in a window on a power that needs no decision, a Cosmic Zap switches it off for
# the encounter. Here the Zombie (whose ships never go to the warp, part 3) loses an
# encounter with its power zapped:

# %%
def zombie_losing(seed):
    """A game where red, the Zombie, attacks and another player may zap its power; with
    the position, the same encounter played on without the zap (None when the game ends
    first or red does not lose it)."""
    zo = cosmic.new_game(3, seed=seed, rules=cosmic.Rules(**GREEN, flares=False), aliens=["Zombie", "Oracle", "Trader"])
    try:
        advance(zo, lambda s: s.offense == 0 and s.gate[0] > 0 and s.current_player != 0
                and offered(s, "play Cosmic Zap on red"), seed=seed, quiet=("invite nobody", "decline", "end turn"))
    except RuntimeError:
        return None
    control = zo.clone()                 # the same position, without the zap
    control.apply("pass")
    finish_encounter(control, zo.last_result)
    return (zo, control) if control.last_result["outcome"] == "defense" else None


zo, control = next(x for x in map(zombie_losing, range(2, 60)) if x is not None)
gate, warp, before = zo.gate[0], zo.warp[0], zo.last_result
print(f"{who(zo, zo.current_player)} may play:", options(zo), f"(red attacks with {gate} ships)")
# Oracle's and Trader's powers are optional: a window offers no zap on them (their uses
# are answered as they are made, above)
assert [o for o in options(zo) if o.startswith("play Cosmic Zap")] == ["play Cosmic Zap on red"]
zo.apply("play Cosmic Zap on red")
no_zap(zo)
print("red's power works:", zo.power_active(0))
assert not zo.power_active(0)
finish_encounter(zo, before)
print(f"red lost: its warp {warp} -> {control.warp[0]} without the zap, {warp} -> {zo.warp[0]} with it")
assert zo.last_result["outcome"] == control.last_result["outcome"] == "defense"
assert control.warp[0] == warp and zo.warp[0] == warp + gate

# %% [markdown]
# ## 6. Flares
#
# A flare belongs to an alien. Whoever holds it may play its **wild** side; the player of
# that alien plays its **super** side instead, while its power works. At most one flare
# per player per encounter, each flare once per encounter; after use it returns to the
# hand (unless a Card Zap cancelled it: then it is discarded, section 5). Each flare's two sides are in `data/cosmic/flares.toml`, for instance:

# %%
for alien in ("Oracle", "Trader", "Zombie"):
    print(f"{alien:<7} wild: {data.flares[alien].wild}\n{'':<7} super: {data.flares[alien].super}")

# %%
fl = cosmic.new_game(4, seed=2, rules=cosmic.Rules(**GREEN))
while fl.phase == "alien":
    fl.apply(options(fl)[0])
advance(fl, lambda s: any(a.kind == "flare" for a in s.legal_actions()), quiet=("invite nobody", "decline", "end turn"))
me = fl.current_player
held = [c for c in fl.hand_names(me) if c.endswith("flare")]
print(f"{who(fl, me)} holds {held} and may play:", [a for a in options(fl) if "flare" in a])
flare = next(a for a in options(fl) if "flare" in a)
fl.apply(flare)
while fl.phase == "zap":
    print(f"  {who(fl, fl.current_player)} may answer the flare: {options(fl)} (passes)")
    fl.apply("pass")
print(f"played {flare!r}; it is back in the hand: {[c for c in fl.hand_names(me) if c.endswith('flare')]}")
assert [c for c in fl.hand_names(me) if c.endswith("flare")] == held

# %% [markdown]
# Besides a Card Zap, a flare or an artifact being played can be answered with the wild
# side of the Filch flare (as blue could here): its holder discards a negotiate and
# steals the card as it is played (the card has no effect and goes to the thief's hand).
# The rulebook adds that "only one version of the Filch flare may be used": the flare
# set holds one flare per alien (a second Filch flare in `data/cosmic/flares.toml` is
# refused when the data is read), so a game never has both.

# %%
from ovnilab.cosmic.data import load_data

flare_aliens = list(load_data().flares)
print(f"flares in the set: {len(flare_aliens)}, Filch's: {flare_aliens.count('Filch')}")
assert flare_aliens.count("Filch") == 1 and len(set(flare_aliens)) == len(flare_aliens)

# %% [markdown]
# The owner of an alien plays the super side of its own flare while its power works:

# %%
sup = cosmic.new_game(4, seed=4, rules=cosmic.Rules(**GREEN))
while sup.phase == "alien":
    sup.apply(options(sup)[0])
advance(sup, lambda s: any(a.kind == "flare" and a.b == "super" for a in s.legal_actions()),
        quiet=("invite nobody", "decline", "end turn"))
owner = sup.current_player
print(f"{who(sup, owner)} holds its own flare: {[a for a in options(sup) if 'flare' in a]}")
assert sup.power_active(owner) and f"{sup.alien[owner]} flare" in sup.hand_names(owner)
assert not any(a.kind == "flare" and a.b == "wild" and a.a == sup.alien[owner] for a in sup.legal_actions())

# %% [markdown]
# ## 7. Readings and rule options
#
# Where the rulebook leaves a choice open, the engine takes the reading we judge most
# faithful and makes the alternative a `cosmic.Rules` option (the docstring of the
# `ovnilab.cosmic.rules` package, `ovnilab/cosmic/rules/__init__.py`, lists every reading):
#
# | option | default (the rulebook's reading) | alternative |
# |---|---|---|
# | `may_abandon_colonies` | the last ship may leave a colony (which is lost) | one ship stays on each colony (ovnilab's earlier reading) |
# | `destiny_reshuffle` | `"one_left"`: reshuffle when one card is left | `"empty"`: when none is left |
# | `second_encounter` | `"ask"`: the offense may decline | `"always"` |
# | `double_morph` | `"attack0"`: two morphs are attacks 00 | `"negotiate"`: a deal |
# | `deal_rounds`, `deal_max_cards` | 4 proposals, any number of cards each way (99) | any (ovnilab had 3 cards) |
# | `deal_cards` | `"chosen"`: each giver picks the cards it gives | `"random"`: drawn from its hand |
# | `flares`, `powers` | on | first games without them |
# | `planets` | 5 planets per player | 4: the four-planet variant the 2009 FAQ refers to (below) |
# | `before_issue_13` | off | the engine as it was before issue 13's rule fixes (a zapped flare back in the hand, the end checked after the encounter, ...); saves made before it replay so |
#
# Other what-ifs change the components: `hand_size`, `ships_per_planet`, `win_colonies`,
# `max_ships`, `deal_fail_ships`, `power_threshold`, `alien_pool`, `deck_file`.
#
# Readings without an option, because the rules leave no real alternative or a table
# talk cannot be modelled: the offense's ships go home before a deal, like the allies';
# compensation counts only the negotiating player's own ships, and comes from the hand of
# the player who played the attack (the rulebook says "da mão do atacante": read as the
# offense, a negotiating offense would take cards from its own hand, which gives
# nothing, so "atacante" is the attack card's player, the winner, as in the original
# rules); reinforcements are offered
# only when both revealed cards are attacks; ships returning home go back to the planet
# they came from while it is still a colony; a special destiny card never names the
# offense itself.

# %%
print(cosmic.Rules())
defaults = cosmic.Rules()
assert (defaults.may_abandon_colonies, defaults.destiny_reshuffle, defaults.second_encounter,
        defaults.double_morph, defaults.deal_rounds, defaults.deal_max_cards, defaults.deal_cards,
        defaults.flares, defaults.powers, defaults.before_issue_13) == (
    True, "one_left", "ask", "attack0", 4, 99, "chosen", True, True, False)
strict = cosmic.new_game(4, seed=1, rules=cosmic.Rules(**GREEN, flares=False, powers=False, may_abandon_colonies=False))
advance(strict, lambda s: s.phase == "aim")
strict.apply("aim at blue 2")
for _ in range(3):
    strict.apply("ship from red 1")
print("with may_abandon_colonies=False red keeps a ship on red 1:", strict.observation(0)["planets"]["red 1"],
      "-", options(strict))
assert strict.observation(0)["planets"]["red 1"] == {"red": 1} and "ship from red 1" not in options(strict)

# %% [markdown]
# ### The four-planet variant
#
# `Rules(planets=4)` gives each player four planets. The 2009 FAQ's erratum says the
# power is then kept with two home colonies. No source we have gives its ships or its
# goal, so ovnilab reconstructs them in `data/cosmic/destiny.toml` (its `[[system]]`
# tables, which say why): four ships on each planet and four foreign colonies to win, as
# Tick-Tock's tokens go from ten to eight. `win_colonies` and `power_threshold` override
# the system's numbers (their defaults, 0 and -1, mean "the system's").

# %%
four = cosmic.new_game(3, seed=2, rules=cosmic.Rules(planets=4))
rulebook = cosmic.new_game(3, seed=2)
for name, g in (("rulebook", rulebook), ("four planets", four)):
    print(f"{name:>12}: {g.np} planets and {g.nships} ships per player, red's planets "
          f"{[p for p in g.pname if p.startswith('red')]}; {g.win_at} foreign colonies win; "
          f"the power needs {g.power_at} home colonies")
assert (four.np, four.nships, four.win_at, four.power_at) == (4, 16, 4, 2)
assert (rulebook.np, rulebook.nships, rulebook.win_at, rulebook.power_at) == (5, 20, 5, 3)

# %% [markdown]
# [Part 3](cosmic_3_aliens.ipynb) shows the 23 alien powers, each on a real encounter.
