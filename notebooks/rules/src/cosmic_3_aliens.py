# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Cosmic Encounter rules, part 3: the aliens
#
# [Part 1: the encounter](cosmic_1_encounter.ipynb) ·
# [Part 2: cards and deals](cosmic_2_cards_and_deals.ipynb) · **Part 3** ·
# [Part 4: the yellow and red aliens](cosmic_4_yellow_red_aliens.ipynb) ·
# [Play Cosmic Encounter](../play/cosmic.ipynb)
#
# Each player plays an alien whose **power** breaks one rule of parts 1 and 2. This part
# shows each of the 23 powers of ovnilab once, on a real encounter: seat 0 (**red**) plays
# the alien, and the game runs until the moment the power matters. Each demonstration
# asserts what its text says (the swap happened, the card came back, the total changed),
# so an engine change that breaks a sentence fails the notebook's test. How often each
# power wins, and how the aliens compare, is in
# [explore/cosmic_aliens](../explore/cosmic_aliens.ipynb).
#
# **Contents**
# 1. [How powers work](#1.-How-powers-work)
# 2. [The 23 powers in action](#2.-The-23-powers-in-action):
#    [Barbarian](#Barbarian) · [Chosen](#Chosen) · [Clone](#Clone) · [Cudgel](#Cudgel) ·
#    [Filch](#Filch) · [Hacker](#Hacker) · [Loser](#Loser) · [Macron](#Macron) ·
#    [Miser](#Miser) · [Mutant](#Mutant) · [Observer](#Observer) · [Oracle](#Oracle) ·
#    [Pacifist](#Pacifist) · [Parasite](#Parasite) · [Reserve](#Reserve) ·
#    [Sorcerer](#Sorcerer) · [Spiff](#Spiff) · [Trader](#Trader) · [Vacuum](#Vacuum) ·
#    [Vulch](#Vulch) · [Warrior](#Warrior) · [Will](#Will) · [Zombie](#Zombie)
# 3. [The aliens' flares](#3.-The-aliens'-flares)
#
# **Glossary** (the rulebook's Portuguese term in brackets)
# - *alien power* (poder alienígena): the rule an alien breaks; it works only while its player has at least three home colonies and no Cosmic Zap has cancelled it (part 1, section 4; part 2).
# - *main player* (jogador principal): the offense (atacante) or the defense (defensor); *ally* (aliado): a player who sent ships to one side; *not main*: any player but the two main players.
# - *timing* (linha do tempo): the phase in which a power acts; *passive*: a power that changes a rule whenever it applies, without being asked.
# - *optional* power: its player is asked, with an action `use X power`, whether to use it; the others act by themselves.
# - *window*: a moment of the encounter where optional powers, artifacts and flares are offered (an ovnilab term).
# - *warp* (Warp): where lost ships go; *colony* (colônia), *foreign colony* (colônia estrangeira): as in part 1.
# - *compensation* (compensação): cards a negotiating loser takes from the winner (part 2); *reward* (recompensa): what a winning defensive ally takes (part 1).
# - *hoard* (Miser), *token* (Warrior): components of one power, explained in its section.
# - *Filch* is called *Larápio* in the rulebook.

# %%
# the walk to each demonstration's position, shared with part 4 (ovnilab.cosmic.demo):
# advance, reach and demo play a seeded game until a test holds; use_power, card_of,
# value and who read or act on the position
from ovnilab import cosmic
from ovnilab.cosmic.demo import SIDES, advance, card_of, demo, reach, reaches, use_power, value, who
from ovnilab.cosmic.stats import finish_encounter
from ovnilab.walk import legal_texts as options, offered

# %% [markdown]
# ## 1. How powers work
#
# Every power has a **timing** (the phase where it acts), the **roles** in which it works
# (offense, defense, main player, ally, not a main player, any) and is either
# **optional** (its player is offered `use X power` in that phase's window, and may pass)
# or acts by itself. The table is read from `data/cosmic/aliens.toml`; each power's
# definition in the engine is one `Power(...)` in the package `ovnilab/cosmic/aliens/`, whose
# docstring lists the readings taken where the power's one-line text leaves a choice open.
#
# In the demonstrations, `demo(alien, seed)` starts a three-player game without flares in
# which red plays the alien and the other seats play optional powers (Oracle, Trader,
# Will, Sorcerer) that the quiet players of `advance` never use, so what changes is red's
# doing. Using an optional power opens a short window in which the holders of a Cosmic
# Zap may cancel it (part 2); `use_power` lets them pass.

# %%
data = cosmic.load_data()
green = [a for a in cosmic.implemented_aliens() if data.aliens[a].level == "green"]  # the beginners' aliens
print(f"{'alien':<10} {'roles':<13} {'timing':<16} used")
for name in green:
    info = data.aliens[name]
    print(f"{name:<10} {'/'.join(info.roles):<13} {info.timing:<16} {'when its player chooses' if info.optional else 'always'}")
assert len(green) == 23

# %% [markdown]
# ## 2. The 23 powers in action
#
# ### Barbarian
#
# **Barbarian** (offense, resolution, always): after winning as the offense, it looks at
# the defender's hand, keeps one card per ship it had in the encounter and discards the
# rest.

# %%
g = reach("Barbarian", lambda s: s.phase == "power", seed=1)
d, ships = g.defender, g.main_ships[0]
loot, mine = g.hand_names(d), g.hand_names(0)
print(f"red won as the offense with {ships} ship(s); {g.colours[d]}'s hand: {loot}")
while g.phase == "power":
    choice = max(options(g), key=value)     # the highest card left
    print("  ", choice)
    g.apply(choice)
kept = [c for c in g.hand_names(0)]
for c in mine:
    kept.remove(c)
print(f"red kept {kept}; {g.colours[d]} holds {g.hand_names(d)}")
assert g.last_result["outcome"] == "offense" and g.offense == 0
assert len(kept) == min(ships, len(loot)) and all(c in loot for c in kept)
assert g.hand_names(d) == []

# %% [markdown]
# ### Chosen
#
# **Chosen** (main player, reveal, optional): after the reveal it draws three cards and
# may replace its encounter card with one of them, or, when both are attacks, lay the new
# attack on top of its own so that their values add up (the cards drawn are face up; the
# ones not kept are discarded). Here red defends and is losing when it uses the power:

# %%
losing = lambda s: s.totals[s.side_of(0)] < s.totals[1 - s.side_of(0)]
g = reach("Chosen", lambda s: offered(s, "use Chosen power") and s.kinds == (0, 0) and s.side_of(0) == 1
          and losing(s), seed=0)
before = g.last_result
side = g.side_of(0)
was = g.totals
print("revealed:", g.observation(0)["encounter_cards"], "totals:", was, f"- red ({SIDES[side]}) is losing")
use_power(g, "Chosen")
drawn = [g.t.name[c] for c in g.tasks[0][3]]
print("drawn:", drawn, "->", options(g))
best = max((a for a in options(g) if a.startswith("Chosen: add")), key=value)
g.apply(best)
after = g.totals
print(f"{best} -> totals {after}")
result = finish_encounter(g, before)
print("the", result["outcome"], "wins")
assert side == 1 and len(drawn) == 3 and was[side] < was[1 - side]
assert after[side] == was[side] + value(best) and after[1 - side] == was[1 - side]
assert result["outcome"] == SIDES[side]

# %% [markdown]
# Red drew three cards, added the best attack among them to its own, and the encounter it
# was losing went to its side.
#
# ### Clone
#
# **Clone** (main player, end of the encounter, optional): takes its own encounter card
# back into its hand instead of discarding it.

# %%
g = reach("Clone", lambda s: offered(s, "use Clone power") and value(card_of(s, 0)) >= 10, seed=0)
played, hand = card_of(g, 0), g.hand_names(0)
print("red played", played, "| hand:", hand)
use_power(g, "Clone")
print("after the power:", g.hand_names(0))
assert played not in hand and sorted(hand + [played]) == g.hand_names(0)

# %% [markdown]
# ### Cudgel
#
# **Cudgel** (main player, resolution, always): when it wins with an attack, the opponent
# also loses as many ships as the Cudgel had in the encounter.

# %%
won = lambda s: s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.outcome == SIDES[s.side_of(0)]
g = reach("Cudgel", lambda s: s.stage == "resolution" and s.phase == "window" and won(s) and s.kinds[s.side_of(0)] == 0, seed=0)
before = g.last_result
side, o = g.side_of(0), g.opponent(0)
mine, theirs, warp = g.main_ships[side], g.main_ships[1 - side], g.warp[o]
print(f"red won with an attack and {mine} ships; {g.colours[o]} had {theirs} ships in the encounter, {warp} in the warp")
finish_encounter(g, before)
print(f"after: {g.colours[o]}'s warp {g.warp[o]} = {warp} + its {theirs} ships + {mine} more (the Cudgel's)")
assert g.warp[o] == warp + theirs + mine

# %% [markdown]
# ### Filch
#
# **Filch** (main player, end of the encounter, optional): takes the opponent's used
# encounter card into its hand.

# %%
g = reach("Filch", lambda s: offered(s, "use Filch power") and value(card_of(s, s.opponent(0))) >= 10, seed=1)
theirs, hand = card_of(g, g.opponent(0)), g.hand_names(0)
print("the opponent played", theirs, "| red's hand:", hand)
use_power(g, "Filch")
print("after:", g.hand_names(0))
assert sorted(hand + [theirs]) == g.hand_names(0)

# %% [markdown]
# ### Hacker
#
# **Hacker** (main player, resolution, always): when it collects compensation it chooses
# whom the cards come from (any other player, not only the winner) and which ones.

# %%
g = reach("Hacker", lambda s: s.phase == "power", seed=0)
owed, hand = g.tasks[0][3][1], g.hand_names(0)
print(f"red lost with a negotiate: {owed} cards of compensation from {g.colours[g.opponent(0)]}. It may take:")
print("  ", options(g))
sources = {a.rsplit(" from ", 1)[1] for a in options(g)}
taken = []
while g.phase == "power":
    best = max(options(g), key=value)
    taken.append(best)
    g.apply(best)
print("red takes:", taken)
print("red's hand:", g.hand_names(0))
assert g.last_result["cards"][g.side_of(0)] == "negotiate" and len(sources) == 2
assert g.colours[g.opponent(0)] in sources
assert len(taken) == owed and len(g.hand_names(0)) == len(hand) + owed
assert {a.rsplit(" from ", 1)[1] for a in taken} == sources

# %% [markdown]
# Red chose its cards by value from both other players' hands, one of them not its
# opponent.
#
# ### Loser
#
# **Loser** (main player, planning, optional): before cards are selected it may declare an
# upset: the side that would lose the encounter wins it. Once the upset is declared both
# main players must select attack cards if they hold any (so the lower attack wins, ships
# and allies counting against their own side); its super flare declares the upset after
# the selection instead, without that constraint, and its wild flare (before selection)
# makes both sides lose.

# %%
g = reach("Loser", lambda s: offered(s, "use Loser power"), seed=0)
before = g.last_result
side = SIDES[g.side_of(0)]
holds = {s: any(c.startswith("attack") for c in g.hand_names(s)) for s in (g.offense, g.defender)}
use_power(g, "Loser")
r = finish_encounter(g, before)
if r["totals"]:
    normal = "offense" if r["totals"][0] > r["totals"][1] else "defense"
else:
    normal = SIDES[r["cards"].index("attack")]
print(f"red ({side}) declared an upset; cards {r['cards']}, totals {r['totals']}:",
      f"normally the {normal} wins; with the upset the {r['outcome']} wins")
assert "attack" in r["cards"] and r["outcome"] != normal
for s_, main in ((0, g.last_result["offense"]), (1, g.last_result["defender"])):
    assert r["cards"][s_] == "attack" or not holds[main]  # an attack whenever one was held
print("each main player held an attack:", [holds[m] for m in (r["offense"], r["defender"])],
      "-> cards", r["cards"])

# %% [markdown]
# ### Macron
#
# **Macron** (main player or ally, always): sends one ship at most, but each of its ships
# counts 4 in the totals (2 for compensation and rewards).

# %%
g = reach("Macron", lambda s: s.phase == "ships" and s.tasks[0][2] == "launch" and s.current_player == 0, seed=0)
g.apply(options(g)[0])
print(f"red (Macron) launched one ship ({g.log[-1]}); next {who(g, g.current_player)} may: {options(g)}")
assert g.gate[0] == 1 and not offered(g, "ship from")
advance(g, lambda s: s.revealed and s.kinds == (0, 0) and s.offense == 0 and s.phase in ("reinforce", "window"))
print(f"1 ship counted {g.side_ships(0)}: card {g.values[0]:02d} + {g.side_ships(0)} = {g.totals[0]}",
      f"against {g.totals[1]}")
assert g.gate[0] == 1 and not g.allies[0] and g.side_ships(0) == 4 and g.totals[0] == g.values[0] + 4

# %% [markdown]
# After its single ship red was offered no second one: the launch was over (red's next
# choice is whether to play an artifact in the launch's window).
#
# ### Miser
#
# **Miser** (any role, always): gets a second hand of eight cards, the hoard, and plays
# from it as though it were its hand (encounter cards, artifacts, flares,
# reinforcements); the hoard is not part of the hand, so compensation, deals and Plague
# never reach it.

# %%
g = demo("Miser", seed=0)
print("the hoard after the deal:", len(g.hoard[0]), "cards")
assert len(g.hoard[0]) == 8
advance(g, lambda s: s.phase == "select" and s.current_player == 0
        and any(a.endswith("from hoard") for a in options(s)))
hand, hoard = g.hand_names(0), sorted(g.t.name[c] for c in g.hoard[0])
print("hand:", hand)
print("hoard:", hoard)
g.apply(max((a for a in options(g) if a.endswith("from hoard")), key=value))
print(f"{g.log[-1]} | hoard now {len(g.hoard[0])} cards, hand {len(g.hands[0])}")
assert len(g.hoard[0]) == len(hoard) - 1 and g.hand_names(0) == hand

# %% [markdown]
# ### Mutant
#
# **Mutant** (main player, alliance, optional): refills its hand to eight, each card from
# the deck or at random from another player's hand.

# %%
g = reach("Mutant", lambda s: offered(s, "use Mutant power"), seed=0)
sizes = [len(h) for h in g.hands]
print("red holds", sizes[0], "cards; the others", sizes[1:])
use_power(g, "Mutant")
print("for each card:", options(g))
while g.phase == "power":
    g.apply(options(g)[-1])          # take from the last player offered
print("after:", len(g.hands[0]), "cards; the others", [len(h) for h in g.hands[1:]])
assert len(g.hands[0]) == 8 and len(g.hands[2]) == sizes[2] - (8 - sizes[0]) and len(g.hands[1]) == sizes[1]

# %% [markdown]
# ### Observer
#
# **Observer** (main player or ally, always): as a main player, its allies' ships that
# would go to the warp return to their colonies instead; as an ally, its own ships do.

# %%
lost = lambda s: s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.outcome == SIDES[1 - s.side_of(0)]
g = reach("Observer", lambda s: s.stage == "resolution" and s.phase == "window" and lost(s) and s.allies[s.side_of(0)],
        quiet=("pass", "end turn"), seed=0)
before = g.last_result
a = g.allies[g.side_of(0)][0]
sent, warp, home, red_warp = g.gate[a] + g.side[a], g.warp[a], g.ships_on_colonies(a), g.warp[0]
print(f"red lost; its ally {g.colours[a]} has {sent} ship(s) in the encounter,",
      f"{warp} in the warp, {home} on colonies")
finish_encounter(g, before, quiet=("pass", "end turn"))
print(f"after: {g.colours[a]}'s warp {g.warp[a]}, {g.ships_on_colonies(a)} on colonies (red's own warp: {red_warp} -> {g.warp[0]})")
assert g.warp[a] == warp and g.ships_on_colonies(a) == home + sent and g.warp[0] > red_warp

# %% [markdown]
# The ally's ship came home, while red's own lost ships went to the warp.
#
# ### Oracle
#
# **Oracle** (main player, planning, optional): the opponent must select its encounter
# card first, face up.

# %%
g = reach("Oracle", lambda s: offered(s, "use Oracle power"), seed=0)
use_power(g, "Oracle")
advance(g, lambda s: s.phase == "select")
o = g.current_player
g.apply(options(g)[0])
print(f"{g.colours[o]} selected first; red sees {g.observation(0)['encounter_cards']} and chooses among {options(g)}")
third = next(s for s in range(3) if s not in (0, o))
print(f"{g.colours[third]}, not in the encounter, sees {g.observation(third)['encounter_cards']}")
assert o == g.opponent(0) and g.current_player == 0
assert g.observation(0)["encounter_cards"][SIDES[g.side_of(o)]] == g.t.name[g.card[g.side_of(o)]]
assert g.observation(third)["encounter_cards"] == g.observation(0)["encounter_cards"]

# %% [markdown]
# ### Pacifist
#
# **Pacifist** (main player, reveal, always): when it reveals a negotiate against an
# attack, it wins.

# %%
g = reach("Pacifist", lambda s: s.revealed and s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.phase == "window"
        and s.kinds[s.side_of(0)] == 1 and s.kinds[1 - s.side_of(0)] == 0, seed=0)
before = g.last_result
side = SIDES[g.side_of(0)]
print(f"red (Pacifist, {side}) revealed a negotiate against an attack: {g.observation(0)['encounter_cards']}")
r = finish_encounter(g, before)
print("result: the", r["outcome"], "wins")
assert r["outcome"] == side

# %% [markdown]
# ### Parasite
#
# **Parasite** (not a main player, alliance, optional): may join either side without an
# invitation.

# %%
g = reach("Parasite", lambda s: s.phase == "answer" and s.current_player == 0, quiet=("pass", "end turn", "invite nobody"), seed=0)
invited = g.observation(0)["invited"]
print("invited:", invited, "-> red may:", options(g))
assert invited == {"offense": [], "defense": []} and options(g) == ["join offense", "join defense", "decline"]
g.apply("join offense")
print("red joins the offense uninvited, then sends ships:", options(g)[:3], "...")
assert offered(g, "ship from")

# %% [markdown]
# ### Reserve
#
# **Reserve** (main player or ally, reveal, optional): may play attack cards of 06 or
# less as reinforcements of their value.

# %%
g = reach("Reserve", lambda s: s.phase == "reinforce" and s.current_player == 0 and any("with attack" in a for a in options(s)), seed=0)
was = g.totals
print("totals:", was, "| red may:", options(g))
assert all(value(a) <= 6 for a in options(g) if "with attack" in a)
play = next(a for a in options(g) if "with attack" in a)
g.apply(play)
print(g.log[-1], "-> totals", g.totals)
side = g.side_of(0)
assert g.totals[side] == was[side] + value(play) and g.totals[1 - side] == was[1 - side]

# %% [markdown]
# ### Sorcerer
#
# **Sorcerer** (main player, after selection, optional): may swap the two face-down
# encounter cards. Here red defends with a negotiate against an attack, which would lose:

# %%
worse = lambda s: value(card_of(s, 0)) < value(card_of(s, s.opponent(0)))
g = reach("Sorcerer", lambda s: offered(s, "use Sorcerer power") and worse(s), seed=0)
before = g.last_result
o = g.opponent(0)
mine, theirs = card_of(g, 0), card_of(g, o)
print(f"red is the {SIDES[g.side_of(0)]}; face down: red {mine}, {g.colours[o]} {theirs}")
use_power(g, "Sorcerer")
print(f"after the swap: red {card_of(g, 0)}, {g.colours[o]} {card_of(g, o)}")
assert (card_of(g, 0), card_of(g, o)) == (theirs, mine)
r = finish_encounter(g, before)
print("the", r["outcome"], "wins")
assert g.colours[o] == "blue" and (mine, theirs) == ("negotiate", "attack 06") and r["outcome"] == SIDES[g.side_of(0)] == "defense"

# %% [markdown]
# With the cards swapped red revealed blue's attack against its own negotiate, and won.
#
# ### Spiff
#
# **Spiff** (offense, resolution, optional): losing an attack by 10 or more, it lands one
# ship on the target planet anyway.

# %%
g = reach("Spiff", lambda s: offered(s, "use Spiff power"), seed=3)
before = g.last_result
margin, colonies = g.totals[1] - g.totals[0], g.foreign_colonies(0)
print("totals", g.totals, "- red loses by", margin, "| red's foreign colonies:", colonies)
use_power(g, "Spiff")
finish_encounter(g, before)
target = g.last_result["target"]
print("after:", g.foreign_colonies(0), "foreign colonies; ships on", target, ":", g.observation(0)["planets"][target])
assert g.last_result["offense"] == 0 and margin >= 10 and g.last_result["outcome"] == "defense"
assert g.foreign_colonies(0) == colonies + 1 and g.observation(0)["planets"][target]["red"] == 1

# %% [markdown]
# ### Trader
#
# **Trader** (main player, planning, optional): may trade hands with the opponent before
# selecting (its super flare lets it, still as a main player, trade with any other player
# instead).

# %%
g = reach("Trader", lambda s: offered(s, "use Trader power") and len(s.hands[0]) < len(s.hands[s.opponent(0)]), seed=0)
o = g.opponent(0)
mine, theirs = g.hand_names(0), g.hand_names(o)
print("red:", mine, "|", g.colours[o], theirs)
use_power(g, "Trader")
print("after: red:", g.hand_names(0), "|", g.colours[o], g.hand_names(o))
assert (g.hand_names(0), g.hand_names(o)) == (theirs, mine)

# %% [markdown]
# ### Vacuum
#
# **Vacuum** (any role, always): when it loses ships to the warp, as many ships of other
# players go along: it names a victim for each ship (the victim chooses which of its
# ships). The power is not optional: it may name nobody only when no other player has a
# ship on a colony.

# %%
g = reach("Vacuum", lambda s: s.phase == "power", seed=0)
lost_now, warp = g.tasks[0][3], list(g.warp)
print(f"red just lost {lost_now} ships to the warp (warp {warp}); for each it may:", options(g))
assert "Vacuum: take nobody along" not in options(g)
named = []
while g.phase == "lose" or (g.phase == "power" and g.tasks[0][2] == "Vacuum"):
    if g.phase == "power":
        choices = options(g)                   # each other player, in turn
        named.append(choices[len(named) % len(choices)])
        g.apply(named[-1])
    else:
        g.apply(options(g)[0])                 # the victim picks the colony
print(named, "-> warp", g.warp)
for seat in (1, 2):
    assert g.warp[seat] == warp[seat] + sum(g.colours[seat] in a for a in named)
assert len(named) == lost_now

# %% [markdown]
# ### Vulch
#
# **Vulch** (any role, always): the artifacts other players discard come to its hand.

# %%
artifact = lambda s: s.current_player != 0 and any(a.kind == "play" and a.b not in (s.colours[s.current_player], "red")
                                                    for a in s.legal_actions())
g = reach("Vulch", artifact, quiet=("invite nobody", "decline", "end turn"), seed=0)
player = g.current_player
play = next(str(a) for a in g.legal_actions() if a.kind == "play" and a.b not in (g.colours[player], "red"))
hand = g.hand_names(0)
print(f"{who(g, player)}: {play} | the Vulch's hand: {hand}")
g.apply(play)
advance(g, lambda s: s.phase != "zap" and not s.table)
print("after: the Vulch's hand:", g.hand_names(0))
played = play.removeprefix("play ").split(" on ")[0]
assert sorted(hand + [played]) == g.hand_names(0)

# %% [markdown]
# ### Warrior
#
# **Warrior** (main player, always): earns a token after each encounter as a main player,
# as the 2009 FAQ words it: one for a win or a deal made, two for a loss or a failed deal,
# even while its power is zapped (or lost); each token adds 1 to its total while the power
# works.

# %%
g = reach("Warrior", lambda s: s.revealed and s.kinds == (0, 0) and s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0
        and s.tokens[0] >= 2 and s.phase in ("reinforce", "window"), seed=0)
before = g.last_result
side = g.side_of(0)
print(f"red has {g.tokens[0]} tokens: card {g.values[side]:02d} + ships {g.side_ships(side)} + tokens "
      f"{g.tokens[0]} = total {g.totals[side]} (opponent {g.totals[1 - side]})")
assert g.totals[side] == g.values[side] + g.side_ships(side) + g.tokens[0]
tokens, r = g.tokens[0], finish_encounter(g, before)
print(f"red's side {'won' if r['outcome'] == SIDES[side] else 'lost'}: tokens {tokens} -> {g.tokens[0]}")
assert g.tokens[0] == tokens + (1 if r["outcome"] == SIDES[side] else 2)

# %% [markdown]
# ### Will
#
# **Will** (offense, destiny, optional): chooses the defender and the planet freely,
# whatever the destiny card says (any of the defender's home planets, or a planet where
# it has a colony).

# %%
g = reach("Will", lambda s: offered(s, "use Will power"), seed=0)
will = [a for a in options(g) if a.startswith("use Will power")]
drawn = g.observation(0)["destiny"]
print("destiny:", drawn, "->", len(will), "choices, e.g.", will[:3])
choice = next(a for a in will if drawn not in a)
g.apply(choice)
while g.phase == "zap":
    g.apply("pass")
print(choice, "-> defender", g.colours[g.defender], "target", g.pname[g.target])
assert f"{g.colours[g.defender]} at {g.pname[g.target]}" == choice.split(": ")[1] and g.colours[g.defender] != drawn

# %% [markdown]
# ### Zombie
#
# **Zombie** (any role, always): its ships never go to the warp; they return to its
# colonies.

# %%
g = reach("Zombie", lambda s: s.stage == "resolution" and s.offense == 0 and s.outcome == "defense" and s.phase == "window", seed=0)
before = g.last_result
gate, home, warp = g.gate[0], g.ships_on_colonies(0), g.warp[0]
print(f"red lost as the offense with {gate} ships on the gate; on colonies: {home}, warp: {warp}")
finish_encounter(g, before)
print("after: on colonies", g.ships_on_colonies(0), "warp:", g.warp[0])
assert g.warp[0] == warp == 0 and g.ships_on_colonies(0) == home + gate

# %% [markdown]
# The Zombie may also free ships from the warp as part of a deal: a proposal (by either
# main player) may add that the Zombie frees all of the other main player's ships there
# (they go to colonies of their owner's choice).

# %%
def zombie_term(s):
    return s.phase == "deal" and any(a.kind == "propose" and a.c for a in s.legal_actions())


g = reach("Zombie", zombie_term, seed=0)
before = g.last_result
o = g.opponent(0)
offer = next(a for a in g.legal_actions() if a.kind == "propose" and a.c and a.a[1] + a.b[1] == 0
             and not a.a[2] and not a.b[2])
warp = g.warp[o]
print(f"{who(g, g.current_player)} may propose: {str(offer)!r} ({g.colours[o]} has {warp} ships in the warp)")
g.apply(offer)
advance(g, lambda s: offered(s, "accept deal"))
g.apply("accept deal")
finish_encounter(g, before)
print(f"deal made: {g.colours[o]}'s ships in the warp {warp} -> {g.warp[o]}")
assert g.last_result["outcome"] == "deal_made" and warp > 0 and g.warp[o] == 0

# %% [markdown]
# A power lost when the third home colony falls still applies to the event that takes it
# (the rulebook's "the loss is immediate" takes effect once the ships are gone; this
# follows FFG's rulings on a Zombie losing as the defense: its ships leave the planet and
# return to its other colonies). Here red, the Zombie, defends one of its last three home
# colonies and loses:

# %%
def losing_third_colony(s):
    return (s.stage == "resolution" and s.phase == "window" and s.defender == 0 and s.outcome == "offense"
            and s.target // 5 == 0 and s.colony(0, s.target) and s.home_colonies(0) == 3)


g = next(x for x in (demo("Zombie", seed=k) for k in range(50)) if reaches(x, losing_third_colony))
before = g.last_result
there, home, warp = g.ships[g.target * g.n], g.ships_on_colonies(0), g.warp[0]
print(f"red defends {g.pname[g.target]} with {there} ships: home colonies {g.home_colonies(0)},",
      f"power works: {g.power_active(0)}, warp {warp}")
finish_encounter(g, before)
print(f"red lost: home colonies {g.home_colonies(0)}, power works: {g.power_active(0)};",
      f"its {there} ships went to its other colonies (ships on colonies: {home} before, {g.ships_on_colonies(0)}",
      f"after), warp {g.warp[0]}")
assert there > 0 and g.last_result["outcome"] == "offense"
assert g.home_colonies(0) == 2 and not g.power_active(0) and g.warp[0] == warp and g.ships_on_colonies(0) == home

# %% [markdown]
# ## 3. The aliens' flares
#
# Each alien also has a flare card (part 2, section 6): anyone holding it may play the
# wild side; the alien's own player plays the super side while its power works. The
# demonstrations above play without flares; their texts, from `data/cosmic/flares.toml`:

# %%
for name in green:
    flare = data.flares[name]
    print(f"{name:<10} wild:  {flare.wild}\n{'':<10} super: {flare.super}")
assert all(name in data.flares for name in green)

# %% [markdown]
# How the aliens fare against each other over many games is measured in
# [explore/cosmic_aliens](../explore/cosmic_aliens.ipynb); the rules the powers bend are in
# [part 1](cosmic_1_encounter.ipynb) and [part 2](cosmic_2_cards_and_deals.ipynb).
