# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Cosmic Encounter rules, part 1: the encounter
#
# **Part 1** · [Part 2: cards and deals](cosmic_2_cards_and_deals.ipynb) ·
# [Part 3: the aliens](cosmic_3_aliens.ipynb) · [Part 4: the yellow and red aliens](cosmic_4_yellow_red_aliens.ipynb) ·
# [Play Cosmic Encounter](../play/cosmic.ipynb)
#
# This part covers the skeleton of the game: the set-up, a turn and the seven phases of an
# encounter, the second encounter, losing an alien power and the end of the game. Part 2
# covers every kind of card (negotiates and deals, morphs, reinforcements, artifacts,
# flares, zaps) and the rule options; part 3 shows each alien power in action.
#
# Every rule is shown on a **real game state** of the engine `ovnilab.cosmic`: a seeded
# game is played until the moment the rule matters, then we look at the legal actions,
# apply one and print what changed. Each cell asserts what the text around it says, so an
# engine change that breaks a sentence fails the notebook's test. Everything is
# deterministic: run it again and you get the same games. The rulebook is
# `seeds/003_f327f3c685407183.txt` (in Portuguese); the components are in `data/cosmic/`.
#
# The games on this page deal the 23 green aliens, the rulebook's advice for first games
# (`GREEN` below: `cosmic.Rules(alien_levels=("green",))`); ovnilab's default deals from
# all 50 aliens of the base set, as the rulebook does once players know the game
# ([part 4](cosmic_4_yellow_red_aliens.ipynb) shows the yellow and red ones).
#
# **Contents**
# 1. [Set-up](#1.-Set-up)
# 2. [A turn: the seven phases of an encounter](#2.-A-turn:-the-seven-phases-of-an-encounter):
#    regroup, destiny, launch, alliance, planning, reveal, resolution
# 3. [The second encounter](#3.-The-second-encounter)
# 4. [Losing a power](#4.-Losing-a-power)
# 5. [The end](#5.-The-end)
#
# **Glossary** (the rulebook's Portuguese term in brackets)
# - *offense* (atacante): the player whose turn it is; *defense* or *defender* (defensor): the player it encounters. Together they are the *main players* (jogadores principais).
# - *ally* (aliado): a player who joins the offense or the defense with ships; *offensive ally*, *defensive ally*.
# - *colony* (colônia): one or more of a player's ships on a planet; a *foreign colony* (colônia estrangeira) is on a planet of another player's system; *home system* (sistema natal): a player's own five planets.
# - *warp* (Warp): where lost ships go; *regroup* (reagrupar) brings one back.
# - *hyperspace gate* (Portão do Hiperespaço): where the offense and its allies put the ships they send; it is *aimed* at the *target* planet.
# - *destiny deck* (deck de Destino): colour, wild (selvagem) and special cards that name the defender.
# - *cosmic deck* (deck cósmico): the cards players hold; *encounter cards* (cartas de encontro) are attack (Ataque), negotiate (Negociação) and morph.
# - *reinforcement*, *artifact*, *flare*: the other cards of the cosmic deck (part 2).
# - *alien power* (poder alienígena): each player's rule-breaking ability (part 3).
# - *window*: a moment of the encounter where artifacts, flares and optional powers may be played (an ovnilab term).

# %%
from IPython.display import SVG, display

from ovnilab import cosmic, walk
from ovnilab.cosmic.render import to_svg
from ovnilab.cosmic.stats import QUIET_ANSWERS as QUIET, finish_encounter
from ovnilab.walk import legal_texts as options, offered, refused

GREEN = {"alien_levels": ("green",)}  # the beginners' aliens (see above)


def advance(state, until, seed=0, quiet=QUIET):
    """Play until ``until(state)`` holds: a quiet answer when one is legal, otherwise a
    seeded random choice (so every run reaches the same position)."""
    return walk.advance(state, until, seed, prefer=quiet)


def act(state, text):
    """Play ``text``, once the windows before it are over: every player is asked in each
    window (whether it holds something to play there is nobody else's business), and
    here they all pass."""
    advance(state, lambda s: offered(s, text))
    state.apply(text)


def who(state, seat):
    """A seat's colour and alien."""
    return f"{state.colours[seat]} ({state.alien[seat]})" if state.alien[seat] else state.colours[seat]


def show(state, viewer=None):
    """Draw the state (the public view, or what ``viewer`` sees)."""
    display(SVG(to_svg(state, viewer=viewer)))


# %% [markdown]
# `advance` is how every section below reaches its position: the players answer quietly
# (they pass on artifacts, flares and optional powers, invite nobody and decline
# invitations) and otherwise choose at random from a fixed seed. The position is then a
# real position of a real game, reached by legal moves only.
#
# ## 1. Set-up
#
# Each player has five planets with four ships on each (20 ships), and the warp is empty.
# The destiny deck holds three cards per colour in play, two wild cards and three special
# cards (14, 17 or 20 cards for 3, 4 or 5 players). The cosmic deck has 72 cards; two
# flares per player are added, topped up at random to ten flares. Each player is dealt two
# aliens and keeps one, in secret: the choice is an action. Hands of eight are dealt once
# every alien is chosen.

# %%
g = cosmic.new_game(4, seed=1, rules=cosmic.Rules(**GREEN))
red_ships = [g.ships[g.planet(f"red {k}") * g.n + 0] for k in range(1, 6)]
destiny = [len(s.ddeck) + len(s.ddiscard) for s in (cosmic.new_game(n, seed=1, rules=cosmic.Rules(**GREEN)) for n in (3, 4, 5))]
print("ships on red's planets:", red_ships, "| warp:", g.warp)
print("destiny deck for 3, 4, 5 players:", destiny)
print("cosmic deck:", g.g.deck_size, "cards +", len(g.flare_aliens), "flares:", ", ".join(g.flare_aliens))
for seat in range(4):
    print(f"{g.colours[seat]:<6} is dealt {' or '.join(g.offers[seat])}")
print("red chooses among:", options(g), "| hands so far:", [len(h) for h in g.hands])
assert red_ships == [4] * 5 and g.warp == [0] * 4
assert all(g.ships_on_colonies(s) == 20 for s in range(4))
assert destiny == [14, 17, 20]
assert g.g.deck_size == 72 and len(g.flare_aliens) == 10
assert options(g) == [f"choose alien {a}" for a in g.offers[0]] and len(g.offers[0]) == 2
assert [len(h) for h in g.hands] == [0] * 4

# %%
for seat in range(4):
    g.apply(options(g)[0])          # everyone keeps the first alien dealt
advance(g, lambda s: s.observation(0)["destiny"] is not None)  # everybody passes until the draw
first_destiny = g.observation(0)["destiny"]
print("aliens:", [who(g, s) for s in range(4)])
print("hands:", [len(h) for h in g.hands])
print("first player (from the destiny deck):", who(g, g.offense), "- its destiny card:", first_destiny)
assert [len(h) for h in g.hands] == [8] * 4
assert g.alien == [g.offers[s][0] for s in range(4)]

# %% [markdown]
# The picture: each player's panel shows its alien and whether the power works, its
# foreign colonies toward five, its hand (as card backs: nobody sees another hand), its
# ships in the warp and its five home planets with the ships of every colour on them. The
# right column holds the encounter: the destiny card, the hyperspace gate and its target,
# both encounter cards, then the cards in play, the last encounter and the warp.
# `show(state, viewer=seat)` draws what one player sees, with its hand at the bottom.

# %% tags=["nbval-ignore-output"]
show(g, viewer=0)

# %% [markdown]
# For first games the rulebook suggests playing without flares (`Rules(flares=False)`);
# `cosmic.Rules(powers=False)` plays without aliens at all, and
# `new_game(..., aliens=[...])` gives each seat a chosen alien (part 3 uses it).
#
# ## 2. A turn: the seven phases of an encounter
#
# The player whose turn it is is the **offense**. A turn is one encounter, and a second one
# only after a win or a successful deal (section 3). At the start of the turn, an offense
# without any encounter card (attack, negotiate or morph) shows its hand, discards it and
# draws eight new cards; the engine does this by itself, since it is not a choice.
#
# ### 2.1 Regroup
#
# The offense takes one of its ships back from the warp to one of its colonies (to the
# hyperspace gate if it has no colony).

# %%
r = cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False))
advance(r, lambda s: s.phase == "regroup")
off = r.offense
before = r.warp[off]
print(f"turn {r.turn}: {who(r, off)} has {before} ships in the warp; colonies: {[r.pname[p] for p in r.colonies(off)]}")
print(options(r))
assert options(r) == [f"regroup to {r.pname[p]}" for p in r.colonies(off)]
r.apply(options(r)[-1])
print("after:", r.warp[off], "in the warp")
assert r.warp[off] == before - 1

# %% [markdown]
# ### 2.2 Destiny
#
# The offense draws a destiny card. A **colour** names the defender and the system of the
# encounter (in section 1, red drew the card printed there). Its **own colour** lets the
# offense draw again, or attack a foreign colony in its own system (or re-establish an
# empty home planet); a **wild** card lets it choose any other player; a **special** card
# names the player with the most foreign colonies, the most cards in hand or the fewest
# ships in the warp (ties to the offense's left). With one card left, the discards are
# shuffled into a new deck.

# %%
own = cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False))
advance(own, lambda s: s.phase == "own")
print(f"{who(own, own.offense)} drew its own colour:", options(own))
assert "draw again" in options(own)

wild = cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False))
advance(wild, lambda s: s.phase == "wild")
print(f"{who(wild, wild.offense)} drew a wild card:", options(wild))
others = {wild.colours[s] for s in range(4) if s != wild.offense}
assert {a.removeprefix("choose defender ") for a in options(wild)} == others

sp = cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False))
advance(sp, lambda s: s.phase == "aim" and s.observation(0)["destiny"] == "most foreign colonies")
print(f"{who(sp, sp.offense)} drew 'most foreign colonies':", sp.scores(), "->", who(sp, sp.defender), "defends")
most = max(sp.scores()[s] for s in range(4) if s != sp.offense)
tied = [s for s in sp.order_from(sp.offense)[1:] if sp.scores()[s] == most]
print(f"the most among the others is {most}, held by {[sp.colours[s] for s in tied]} "
      f"(from the offense's left): {sp.colours[tied[0]]} defends")
assert sp.defender == tied[0]

# %% [markdown]
# ### 2.3 Launch
#
# The offense aims the hyperspace gate at a planet of the defender's system and sends one
# to four ships from any of its colonies onto the gate. It may take the last ship of a
# colony, which is then lost: the rulebook only warns "careful not to take every ship off
# a colony, or you lose it" (`may_abandon_colonies=False`, part 2, keeps one ship on each
# instead). We continue the game of section 1.

# %%
advance(g, lambda s: s.phase == "aim")  # everybody passes in the destiny window
print(options(g))
assert options(g) == [f"aim at {first_destiny} {k}" for k in range(1, 6)]
act(g, f"aim at {first_destiny} 2")
print(options(g))
refused(g, "done")
for planet in ("red 1", "red 1", "red 1"):
    act(g, f"ship from {planet}")
emptied = g.clone()  # what if red took red 1's last ship too?
emptied.apply("ship from red 1")
print("red 1's last ship leaves: red 1 is", emptied.observation(0)["planets"]["red 1"] or "empty",
      f"- red's home colonies {g.home_colonies(0)} -> {emptied.home_colonies(0)}")
assert not emptied.colony(0, emptied.planet("red 1")) and emptied.home_colonies(0) == 4
act(g, "ship from red 2")
print("on the gate:", g.gate[0], "ships, aimed at", g.pname[g.target], "- the launch is over:", g.phase)
assert g.gate[0] == 4 and g.observation(0)["planets"]["red 1"]["red"] == 1
assert not offered(g, "ship from")

# %% [markdown]
# After three ships left red 1, red kept its last ship there and took the fourth from
# red 2; taking it from red 1 instead (the `emptied` what-if) would have lost that colony.
# The fourth ship on the gate ended the launch: four is the most.
#
# ### 2.4 Alliance
#
# The offense invites allies (never the defense), then the defense invites (never the
# offense, but possibly the same players). From the offense's left, each invited player
# joins a side with one to four ships, or declines. Offensive allies put their ships on the
# gate; defensive allies beside the target planet.

# %%
print("red invites:", options(g))
assert not any(first_destiny in a for a in options(g))
act(g, "invite yellow+green")
print("blue invites:", options(g))
assert not any("red" in a for a in options(g))
act(g, "invite green")
print("yellow answers:", options(g))
act(g, "join offense")
for planet in ("yellow 1", "yellow 2"):
    act(g, f"ship from {planet}")
act(g, "done")
print("green answers:", options(g))
act(g, "join defense")
for planet in ("green 1", "green 2", "green 3"):
    act(g, f"ship from {planet}")
act(g, "done")
print("allies:", g.observation(0)["allies"], "| gate:", g.gate, "| beside the planet:", g.side)
assert g.observation(0)["allies"] == {"offense": ["yellow"], "defense": ["green"]}
assert g.gate == [4, 0, 2, 0] and g.side == [0, 0, 0, 3]

# %% [markdown]
# After the allies commit, the players may play the artifacts and flares whose timing has
# come (a *Force Field*, for instance, sends chosen allies home); whenever one is played,
# the other players may cancel it with a *Card Zap*. Everyone passes here (artifacts,
# flares and zaps are in part 2).
#
# **What the other players see.** A window asks every player who *could* play something
# there as far as the others can tell: one who holds cards (any of them may be an artifact
# or a flare of this moment) or whose power may be used now. A player with nothing to play
# but `pass` is asked too: if only the holders were asked, whose turn it is would tell the
# table who holds a Card Zap or a flare. The same goes for the answers to a play (every
# other player holding cards is asked), for reinforcements, and for a player whose hand
# holds a single kind of encounter card (it still selects it, as an action of the log).
# A bot passes at once; on the board a human clicks `pass`.

# %%
asked = []
while g.phase != "select":
    print(f"{who(g, g.current_player)} may play:", options(g))
    assert options(g)[-1] == "pass"
    asked.append((g.current_player, len(options(g)) > 1))
    g.apply("pass")
idle = sorted({g.colours[s] for s, can_play in asked if not can_play})
print("asked with nothing to play but pass:", ", ".join(idle))
assert idle

# %% [markdown]
# For batch simulation, where nobody watches the order of play, the rule option
# `ask_holders_only=True` asks only the players who hold a playable card (and selects a
# single kind of encounter card without asking): the same games in fewer decisions, but the
# order of play then tells what players hold. Analyses may use it; the board never does.
# Here random games from the same seeds, played to the end both ways:

# %%
import random


def per_turn(rules, seed):
    """Decisions per turn of a random 4-player game (games differ in length)."""
    s, rng = cosmic.new_game(4, seed=seed, rules=rules), random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return len(s.log) / s.turn


def mean_ci(xs):
    """The mean and a 95% interval (normal approximation)."""
    m = sum(xs) / len(xs)
    half = 1.96 * (sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs)) ** 0.5
    return m, m - half, m + half


n_games = 30
everyone = mean_ci([per_turn(cosmic.Rules(**GREEN), k) for k in range(n_games)])
holders = mean_ci([per_turn(cosmic.Rules(**GREEN, ask_holders_only=True), k) for k in range(n_games)])
for label, (m, lo, hi) in (("asking everyone who could play", everyone), ("asking the holders only", holders)):
    print(f"{label}: {m:.0f} decisions a turn (95% interval {lo:.0f}-{hi:.0f}, n = {n_games} random games)")
assert everyone[1] > holders[2]

# %% [markdown]
# ### 2.5 Planning
#
# Both main players select an encounter card face down: flares, artifacts and
# reinforcements are not encounter cards. A defense without encounter cards draws a new
# hand first; an offense without any loses its turn.

# %%
print("red's hand:", g.hand_names(0))
print("red may select:", options(g))
assert g.hand_names(0).count("attack 10") == 2
assert sorted(a.removeprefix("select ") for a in options(g)) == sorted(
    c for c in set(g.hand_names(0)) if c.startswith(("attack", "negotiate", "morph")))
act(g, "select attack 20")
print("what blue sees of the encounter cards:", g.observation(1)["encounter_cards"])
print("what red sees:", g.observation(0)["encounter_cards"])
assert g.observation(1)["encounter_cards"]["offense"] == "face down"
assert g.observation(0)["encounter_cards"]["offense"] == "attack 20"

# %% [markdown]
# Red may select only its encounter cards, one of each name (two attack 10s are one
# choice). Blue's view, with blue's hand at the bottom and red's card face down:

# %% tags=["nbval-ignore-output"]
show(g, viewer=1)

# %% [markdown]
# ### 2.6 Reveal, attack against attack
#
# Both cards are revealed at once. With two attacks each side adds its card to its ships
# (allies included); the higher total wins and ties go to the defense. After an attack is
# revealed, main players and allies may add **reinforcements** to their own side (part 2).

# %%
print("blue selects from:", options(g))
before = g.last_result
g.apply(options(g)[0])
advance(g, lambda s: s.revealed)  # everybody passes in the window after the selection
cards = g.observation(0)["encounter_cards"]
print("revealed:", cards, "| ships:", g.side_ships(0), "vs", g.side_ships(1))
print("totals:", g.totals, "| now:", who(g, g.current_player), options(g))
assert g.totals == (20 + g.side_ships(0), int(cards["defense"].split()[1]) + g.side_ships(1))
assert g.side_ships(0) == 4 + 2 and g.side_ships(1) == g.observation(0)["planets"][g.pname[g.target]]["blue"] + 3
warp_before = list(g.warp)
result = finish_encounter(g, before)
print(result)
assert result["outcome"] == ("offense" if g.totals[0] > g.totals[1] else "defense")

# %% [markdown]
# ### 2.7 Resolution: colonies, the warp, defensive rewards
#
# If the offense wins, its ships and its allies' ships on the gate land on the target
# planet (a colony each), and the defender's and the defensive allies' ships go to the
# warp. If the defense wins, the ships on the gate go to the warp and each defensive ally
# takes a **reward** per ship it sent: a card from the deck or one of its ships back from
# the warp (the mix is chosen up front).

# %%
target = result["target"]
print(f"{target} now holds:", g.observation(0)["planets"][target], "| warp:", g.warp)
print("foreign colonies:", g.scores())
assert result["outcome"] == "offense"
assert g.observation(0)["planets"][target] == {"red": 4, "yellow": 2}
along = sum(g.warp) - sum(warp_before) - 4 - 3
print(f"blue's four ships and green's three went to the warp, and {along} more along with blue's (the Vacuum)")
assert g.warp[1] == warp_before[1] + 4 and g.warp[3] >= warp_before[3] + 3 and along == 4
assert g.scores() == [1, 0, 1, 0]

# %% [markdown]
# Red won: its four ships and yellow's two landed on the target (a foreign colony each),
# and green's three ships went to the warp with blue's four. Blue plays the Vacuum: each
# ship it loses takes another player's ship along to the warp (blue names whose, the owner
# chooses which; part 3), hence the four more.
#
# A defensive ally that wins chooses its rewards:

# %%
rw = cosmic.new_game(4, seed=3, rules=cosmic.Rules(**GREEN, flares=False))
sent = {}


def rewarding(s):
    """At the rewards; on the way, remember the ships beside the planet at each reveal."""
    if s.revealed and any(s.side):
        sent.update(enumerate(s.side))
    return s.phase == "reward"


advance(rw, rewarding, quiet=("pass", "end turn"))
ally = rw.current_player
print(f"{who(rw, ally)} defended as an ally with {sent[ally]} ships and won;",
      f"{rw.warp[ally]} of its ships are in the warp. Rewards:")
print(options(rw))
assert ally in rw.allies[1] and rw.last_result is not None
assert len(options(rw)) == min(sent[ally], rw.warp[ally]) + 1
hand, warp = len(rw.hands[ally]), rw.warp[ally]
rw.apply(options(rw)[1])
print(f"after '{rw.log[-1]}': hand {hand} -> {len(rw.hands[ally])} cards")
assert len(rw.hands[ally]) == hand + sent[ally] - 1
advance(rw, lambda s: s.phase != "place")
print(f"and, once the ship is placed on a colony, warp {warp} -> {rw.warp[ally]}")
assert rw.warp[ally] == warp - 1

# %% [markdown]
# ### 2.8 Rarer cases, shown on real positions
#
# Four rules above are rare in play; here each happens. The positions are reached by
# random choices from a seeded generator (the same every run).
#
# - **A defender without encounter cards draws a new hand** before the planning (the
#   rulebook: discard the hand, draw eight), and **a defender may defend with zero
#   ships** on the target planet: the offense still has to win to land there.

# %%
def random_until(state, until, seed=0, limit=5000):
    """Play seeded random legal actions until ``until(state)`` holds."""
    rng = random.Random(seed)
    while not until(state):
        assert len(state.log) < limit, "the position was not reached"
        state.apply(rng.choice(state.legal_actions()))
    return state


nh = random_until(cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False)),
                  lambda s: s.defender >= 0 and s.phase == "answer" and not s.has_encounter_card(s.defender)
                  and s.target >= 0)
d = nh.defender
print(f"{who(nh, d)} defends {nh.pname[nh.target]} holding {len(nh.hands[d])} cards, no encounter card;",
      f"its ships there: {nh.ships[nh.target * nh.n + d]}")
advance(nh, lambda s: s.phase == "select")
print(f"at the planning it holds a new hand: {nh.hand_names(d)}")
assert len(nh.hands[d]) == 8 and nh.has_encounter_card(d) and nh.defender == d
assert nh.ships[nh.target * nh.n + d] == 0 and nh.pname[nh.target].startswith(nh.colours[d])

# %% [markdown]
# - **Re-establishing an empty home planet**: drawing its own colour, an offense may send
#   ships to one of its home planets that has none left; the encounter is a success (no
#   cards are played), so a second encounter may follow.

# %%
re_ = random_until(cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False)),
                   lambda s: any(a.kind == "reestablish" for a in s.legal_actions()))
off = re_.offense
home = next(a for a in options(re_) if a.startswith("reestablish"))
print(f"{who(re_, off)} drew its own colour: {options(re_)}")
re_.apply(home)
first_ship = options(re_)[0]
re_.apply(first_ship)  # at least one ship goes; one is enough here
re_.apply("done")
planet = re_.planet(home.removeprefix("reestablish "))
print(f"after '{home}': outcome {re_.outcome!r}, {re_.ships[planet * re_.n + off]} ship(s) of "
      f"{re_.colours[off]} on {re_.pname[planet]}; then {options(re_)}")
assert re_.outcome == "reestablished" and re_.ships[planet * re_.n + off] >= 1
assert "have a second encounter" in options(re_)

# %% [markdown]
# - **Regroup with no colony**: an offense that has lost every colony still takes a ship
#   back from the warp, and it goes to the hyperspace gate (a decision with one answer,
#   taken by the engine). With one ship per planet (`ships_per_planet=1`) a player can
#   lose them all:

# %%
rg = random_until(cosmic.new_game(4, seed=0, rules=cosmic.Rules(**GREEN, flares=False, ships_per_planet=1)),
                  lambda s: s.stage == "regroup" and s.offense >= 0 and not s.colonies(s.offense)
                  and s.warp[s.offense] > 0)
off = rg.offense
warp, gate = rg.warp[off], rg.gate[off]
print(f"turn {rg.turn}: {who(rg, off)} has no colony, {warp} ships in the warp, {gate} on the gate")
random_until(rg, lambda s: s.warp[off] < warp or s.stage != "regroup")
print(f"after the regroup: {rg.warp[off]} in the warp, {rg.gate[off]} on the gate")
assert (rg.warp[off], rg.gate[off]) == (warp - 1, gate + 1)

# %% [markdown]
# ## 3. The second encounter
#
# After winning (or making a deal) in its first encounter, the offense may have a second
# one if it still holds an encounter card. After a loss, or after the second encounter,
# the turn passes to the left.

# %%
sec = cosmic.new_game(3, seed=1, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
advance(sec, lambda s: s.phase == "second")
print(f"the {sec.last_result['outcome']} won ->", who(sec, sec.current_player), "may:", options(sec))
assert sec.last_result["outcome"] == "offense" and sec.current_player == sec.offense
assert options(sec) == ["have a second encounter", "end turn"]
turn, off = sec.turn, sec.offense
act(sec, "have a second encounter")
print("encounter", sec.enc_no, "of turn", sec.turn, "- phase:", sec.stage)
assert sec.enc_no == 2 and (sec.turn, sec.offense) == (turn, off) and sec.last_result["outcome"] == "offense"

# %% [markdown]
# And a loss passes the turn to the left at once:

# %%
lost = cosmic.new_game(3, seed=1, rules=cosmic.Rules(**GREEN, flares=False, powers=False))
advance(lost, lambda s: s.last_result is not None and s.last_result["outcome"] == "defense")
res = lost.last_result
print(f"{lost.colours[res['offense']]} lost its encounter as the offense -> now {lost.colours[lost.offense]}'s turn,",
      "encounter", lost.enc_no)
assert lost.offense == (res["offense"] + 1) % 3 and lost.enc_no == 1

# %% [markdown]
# ## 4. Losing a power
#
# A player with fewer than three colonies in its home system loses its alien power at once
# (the panel says *power LOST*); it comes back as soon as it has three again. "At once"
# means once the event that took the third home colony is over: the power still applies
# to that event (*reading*, from FFG's rulings on the Zombie: a Zombie that loses its third
# home colony as the defense sends those ships home, not to the warp; part 3 shows it).

# %%
def losing_and_regaining(seed):
    """A random game (nobody quiet) until a player has lost its power, and a copy of it
    played on until that player has it again; None when the game ends first."""
    pw = cosmic.new_game(4, seed=seed, rules=cosmic.Rules(**GREEN))
    while pw.phase == "alien":
        pw.apply(options(pw)[0])
    try:
        advance(pw, lambda s: any(s.home_colonies(p) < 3 for p in range(4)), quiet=())
        weak = next(p for p in range(4) if pw.home_colonies(p) < 3)
        back = advance(pw.clone(), lambda s: s.home_colonies(weak) >= 3, quiet=())
    except RuntimeError:
        return None
    return pw, weak, back


pw, weak, back = next(x for x in map(losing_and_regaining, range(11, 60)) if x is not None)
print(f"{who(pw, weak)}: {pw.home_colonies(weak)} home colonies -> power active: {pw.power_active(weak)}")
print("the others:", [(pw.colours[p], pw.home_colonies(p), pw.power_active(p)) for p in range(4) if p != weak])
assert not pw.power_active(weak)
assert all(pw.power_active(p) == (pw.home_colonies(p) >= 3) for p in range(4))

# %% tags=["nbval-ignore-output"]
show(pw)
assert f"power LOST: {pw.home_colonies(weak)} home colonies" in to_svg(pw)

# %%
steps = [(back.colours[seat], str(a)) for seat, a in zip(back.actors[len(pw.log):], back.log[len(pw.log):])]
print(f"{len(steps)} actions later; the last three: {steps[-3:]}")
print(f"{pw.colours[weak]} has {back.home_colonies(weak)} home colonies again -> power active: {back.power_active(weak)}")
assert back.home_colonies(weak) >= 3 and back.power_active(weak)

# %% [markdown]
# The power came back with the third home colony (the last actions above show how it was
# won back: a ship landing on an empty home planet, or a home planet re-established when
# the player drew its own colour, section 2.2).

# %% [markdown]
# ## 5. The end
#
# The game ends as soon as one or more players have five foreign colonies (colonies on
# planets of other players' systems); they share the win (an alliance or a deal can bring
# two players there at once). "As soon as": the engine checks whenever a colony is gained,
# so what the resolution would still do (compensation, rewards, a second encounter) does
# not happen once ships land on a fifth foreign colony.

# %%
end = cosmic.new_game(4, seed=6, rules=cosmic.Rules(**GREEN))
while end.phase == "alien":
    end.apply(options(end)[0])
advance(end, lambda s: s.is_over(), quiet=())
print(f"after {end.turn} turns and {end.encounters} encounters: foreign colonies {end.scores()}")
print("winner(s):", [who(end, w) for w in end.winners()])
assert end.winners() == [s for s in range(4) if end.scores()[s] >= 5] and not end.limit_reached

# %% tags=["nbval-ignore-output"]
show(end)

# %% [markdown]
# To play a game yourself against bots, open the [Cosmic Encounter board](../play/cosmic.ipynb).
# [Part 2](cosmic_2_cards_and_deals.ipynb) goes on with the cards: negotiates and deals,
# morphs, reinforcements, artifacts, flares and zaps.
