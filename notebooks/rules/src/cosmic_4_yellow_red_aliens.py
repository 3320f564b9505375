# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Cosmic Encounter rules, part 4: the yellow and red aliens
#
# [Part 1: the encounter](cosmic_1_encounter.ipynb) ·
# [Part 2: cards and deals](cosmic_2_cards_and_deals.ipynb) ·
# [Part 3: the green aliens](cosmic_3_aliens.ipynb) · **Part 4** ·
# [Play Cosmic Encounter](../play/cosmic.ipynb)
#
# The base set's aliens come in three **alert levels**: green (the beginners' aliens of
# [part 3](cosmic_3_aliens.ipynb)), yellow and red (powers that bend the rules further, or
# whose effects are harder to foresee). This part lists the levels, tells how to deal
# them, and shows each yellow and red power the engine implements (section 2 prints
# the list) once, on a real encounter, in the form of part 3: seat 0 (**red**) plays the
# alien, the game runs until the moment the power matters, and what happens is compared
# with **the same game where red plays a neutral alien** (or, for a power used by
# choice, where red does not use it). Each demonstration asserts what its text says, so
# an engine change that breaks a sentence fails the notebook's test.
#
# **Contents**
# 1. [The alert levels](#1.-The-alert-levels)
# 2. [How the demonstrations work](#2.-How-the-demonstrations-work)
# 3. [The yellow powers in action](#3.-The-yellow-powers-in-action):
#    [Amoeba](#Amoeba) · [Anti-Matter](#Anti-Matter) · [Calculator](#Calculator) ·
#    [Fido](#Fido) · [Fodder](#Fodder) · [Hate](#Hate) · [Healer](#Healer) ·
#    [Human](#Human) · [Kamikaze](#Kamikaze) · [Mind](#Mind) · [Mirror](#Mirror) · [Mite](#Mite) ·
#    [Philanthropist](#Philanthropist) · [Reincarnator](#Reincarnator) · [Remora](#Remora) ·
#    [Shadow](#Shadow) · [Tick-Tock](#Tick-Tock)
# 4. [The red powers in action](#4.-The-red-powers-in-action):
#    [Citadel](#Citadel) · [Dictator](#Dictator) · [Gambler](#Gambler) · [Grudge](#Grudge) ·
#    [Machine](#Machine) · [Masochist](#Masochist) · [Tripler](#Tripler) · [Virus](#Virus) · [Void](#Void) ·
#    [Warpish](#Warpish)
# 5. [The flares](#5.-The-flares)
#
# **Glossary** (the rulebook's Portuguese term in brackets)
# - *alert level* (the rulebook's níveis de habilidade, shown by lâmpadas de alerta): green for beginners, yellow for players with some experience, red for experienced players looking for unusual strategies.
# - *alien power* (poder alienígena): the rule an alien breaks; it works only while its player has at least three home colonies (Masochist keeps it without them) and no Cosmic Zap has cancelled it (part 1, section 4; part 2).
# - *main player* (jogador principal): the offense (atacante) or the defense (defensor); *ally* (aliado): a player who sent ships to one side; *not main*: any player but the two main players.
# - *planning* (Planejamento): the phase where the main players select their encounter cards (cartas de encontro) face down; *reveal* (Revelar): the phase where they turn them face up.
# - *total* (total): an attack card's value plus the ships on its side and the reinforcements (reforço) played; the higher total wins.
# - *timing* (linha do tempo): the phase in which a power acts; *optional* power: its player is asked, with an action `use X power`, whether to use it; the others act by themselves.
# - *window*: a moment of the encounter where optional powers, artifacts and flares are offered (an ovnilab term).
# - *warp* (Warp): where lost ships go; *regroup* (Reagrupar): at the start of each encounter the offense brings one of its ships back from the warp.
# - *destiny card* (carta de Destino): the card that names the defender; *compensation* (compensação): cards a negotiating loser takes from the winner (part 2).
# - *flare* (Flare, as the rulebook's Portuguese text also calls it): an alien's card in the cosmic deck, with a *wild* side anyone may play and a *super* side for the alien's own player (part 2, section 6).
# - *removed from the game*: ships that leave play for good, neither on a planet nor in the warp (Void); *alternate win*: a power's own way to win the game, beside five foreign colonies (Tick-Tock, Masochist; `state.win_reason` says why a game ended).
# - *citadel*: an attack card Citadel lays face up beside a planet (`state.citadels`); *grudge token*: Grudge's mark on a player who turned down its invitation (`state.grudge`).
# - *a neutral alien*: in these demonstrations, Observer, whose power acts only on allies (the quiet players here never ally).

# %%
# the walk to each demonstration's position, shared with part 3 (ovnilab.cosmic.demo):
# demo and reach play a seeded quiet game until a test holds, flare_game and reach_flare
# the same with flares, twin replays a game with a neutral alien in red's seat,
# both_ways finishes the two encounters and prints them side by side
from ovnilab import cosmic
from ovnilab.core import RulesError
from ovnilab.cosmic.demo import (SIDES, advance, at_reveal, both_ways, demo, play_flare, printed, reach,
                                 reach_flare, red_main, twin, use_power, value, who)
from ovnilab.cosmic.stats import finish_encounter
from ovnilab.walk import legal_texts as options, offered

USED = ("red uses the power", "red does not")

# %% [markdown]
# ## 1. The alert levels
#
# The table is read from `data/cosmic/aliens.toml`; an alien marked `*` is one the engine
# does not implement yet (`cosmic.implemented_aliens()` lists the others).

# %%
data = cosmic.load_data()
implemented = set(cosmic.implemented_aliens())
level_of = {a: level for level, names in data.levels.items() for a in names}
for level, names in data.levels.items():
    done = [a for a in names if a in implemented]
    print(f"{level} ({len(names)} aliens, {len(done)} implemented):")
    line = ""
    for a in names:
        word = a + ("" if a in implemented else "*")
        if len(line) + len(word) > 84:
            print("  " + line)
            line = ""
        line += word + "  "
    print("  " + line)
total = sum(len(v) for v in data.levels.values())
missing = [a for v in data.levels.values() for a in v if a not in implemented]
print(f"{total} aliens in all; {total - len(missing)} implemented, {len(missing)} not yet")
assert total == 50 and list(data.levels) == ["green", "yellow", "red"]
assert all(data.aliens[a].level == level_of[a] for a in implemented)

# %% [markdown]
# `cosmic.Rules().alien_levels` names the levels a game deals from by default (printed
# below; the rulebook's advice for beginners is `("green",)`). `Rules(alien_levels=...)`
# names the levels to deal from; a level with an alien the engine does not implement is
# refused with a `RulesError` that names them, and `Rules(alien_pool=...)` names the
# aliens themselves, of any level:

# %%
default = cosmic.Rules().alien_levels
print("default levels:", default)
for levels in (("green",), ("green", "yellow"), ("green", "yellow", "red")):
    try:
        rules = cosmic.Rules(alien_levels=levels)
    except RulesError as err:
        print(f"Rules(alien_levels={levels}) is refused:\n  {err}")
        assert all(a in str(err) for a in missing if level_of[a] in levels)
    else:
        pool = cosmic.new_game(5, seed=0, rules=rules).alien_pool
        print(f"Rules(alien_levels={levels}) deals from {len(pool)} aliens")
        assert sorted(pool) == sorted(a for lv in levels for a in data.levels[lv])
pool = cosmic.new_game(5, seed=0).alien_pool
print(f"the default rules deal from {len(pool)} aliens")
assert sorted(pool) == sorted(a for lv in default for a in data.levels[lv])

new = tuple(a for a in cosmic.implemented_aliens() if level_of[a] != "green")
g = cosmic.new_game(5, seed=0, rules=cosmic.Rules(alien_pool=new))
print(f"\nRules(alien_pool=<the {len(new)} yellow and red aliens implemented>): each of 5 players chooses between")
for seat, offer in enumerate(g.offers):
    print(f"  {g.colours[seat]:<7} {' or '.join(offer)}")
assert set(g.alien_pool) == set(new) and all(a in new for o in g.offers for a in o)

# %% [markdown]
# ## 2. How the demonstrations work
#
# As in part 3, `demo(alien, seed)` starts a three-player game without flares in which
# red plays the alien and the other seats play optional powers that the quiet players of
# `advance` never use, and `reach(alien, until, seed)` plays such games until the
# position `until` describes comes. New here is `twin(g)`: the same game (same seed, so
# the same deal and the same deck) where red plays Observer instead, its actions
# replayed, so that the same cards meet and only the power differs. A power used by
# choice is compared with the same game where red does not use it (a copy of the game,
# `g.clone()`, taken before the use).
#
# This part shows the powers listed below; the first line printed names any yellow or
# red alien the engine implements that it does not show (for a later edition):

# %%
SHOWN = ("Amoeba", "Anti-Matter", "Calculator", "Fido", "Fodder", "Hate", "Healer", "Human", "Kamikaze", "Mind",
         "Mirror", "Mite", "Philanthropist", "Reincarnator", "Remora", "Shadow", "Tick-Tock",
         "Citadel", "Dictator", "Gambler", "Grudge", "Machine", "Masochist", "Tripler", "Virus", "Void", "Warpish")
later = [a for a in new if a not in SHOWN]
unshown = [a for lv in ("yellow", "red") for a in data.levels[lv] if a not in SHOWN]
print(f"shown here: {len(SHOWN)} ({sum(level_of[a] == 'yellow' for a in SHOWN)} yellow,",
      f"{sum(level_of[a] == 'red' for a in SHOWN)} red) of the set's {len(SHOWN) + len(unshown)} yellow and red aliens;",
      f"implemented, not shown yet: {', '.join(later)}" if later else
      "implemented, not shown yet: none" + ("" if unshown else "; every yellow and red alien is shown here (the green ones in part 3)"))
print(f"{'alien':<15} {'level':<7} {'roles':<11} {'timing':<16} used")
for name in SHOWN:
    info = data.aliens[name]
    print(f"{name:<15} {info.level:<7} {'/'.join(info.roles):<11} {info.timing:<16} "
          f"{'when its player chooses' if info.optional else 'always'}")
assert set(SHOWN) <= implemented and len(set(SHOWN)) == len(SHOWN)
assert all(level_of[a] != "green" for a in SHOWN) and set(SHOWN) | set(later) == set(new)
assert set(later) <= set(unshown) and len(SHOWN) + len(unshown) == len(data.levels["yellow"]) + len(data.levels["red"])

# %% [markdown]
# ## 3. The yellow powers in action
#
# ### Amoeba
#
# **Amoeba** (main player, after selection, optional): once the cards are selected it may
# add ships to the encounter (no limit of four) or withdraw ships from it. ovnilab's
# reading: the action names a count (`use Amoeba power: add 3 ships`); added ships come
# from its fullest other colony, withdrawn ones go back where they came from (a defense's
# to its fullest other colony). The power needs a ship of its own in the encounter.

# %%
g = reach("Amoeba", lambda s: offered(s, "use Amoeba power: add 4 ships") and s.offense == 0, seed=2)
base = g.clone()
adds = [a for a in options(g) if a.startswith("use Amoeba power: add")]
gate = g.gate[0]
print(f"red (offense) has {gate} ship(s) on the gate and may: {adds[0]!r} ... {adds[-1]!r}")
use_power(g, "Amoeba", "add 4 ships")
print(f"after 'add 4 ships': {g.gate[0]} ships on the gate")
assert g.gate[0] == gate + 4
r, rb = both_ways(g, base, USED)
assert r["cards"] == rb["cards"] == ("attack", "attack")
assert r["totals"][0] == rb["totals"][0] + 4 and r["totals"][1] == rb["totals"][1]
assert (r["outcome"], rb["outcome"]) == ("offense", "defense")

# %% [markdown]
# ### Anti-Matter
#
# **Anti-Matter** (main player, reveal, always): when both cards are attacks, the lower
# total wins, and the ships of the Anti-Matter's side (its own and its allies') and of
# the opposing allies count against their side; the opposing main player's own ships
# still add. ovnilab's reading of a tie (the reference leaves it open): it still goes to
# the defense.

# %%
g = reach("Anti-Matter", lambda s: at_reveal(s) and s.kinds == (0, 0), seed=0)
side, base = g.side_of(0), twin(g)
print(f"red is the {SIDES[side]}; cards {[g.t.name[c] for c in g.card]}, red's ships {g.side_ships(side)}")
print(f"totals {g.totals} (with Observer: {base.totals})")
assert g.totals[side] == g.values[side] - g.side_ships(side) and base.totals[side] == base.values[side] + base.side_ships(side)
r, rb = both_ways(g, base)
low = 0 if r["totals"][0] < r["totals"][1] else 1
assert r["outcome"] == SIDES[low] != rb["outcome"]

# %% [markdown]
# ### Calculator
#
# **Calculator** (main player, planning, optional): before the cards are selected it
# declares that, if both are attacks, the higher card is reduced by the lower one (it
# counts the difference of the two). ovnilab offers it in the planning window, before
# either card is selected, so the Calculator decides without knowing which card will be
# the higher. (Its wild flare, shown in [section 5](#5.-The-flares), may make a card count
# less than 0.)

# %%
g = reach("Calculator", lambda s: offered(s, "use Calculator power"), seed=6)
base = g.clone()
use_power(g, "Calculator")
advance(g, at_reveal), advance(base, at_reveal)
cards = [g.t.name[c] for c in g.card]
hi = 0 if printed(g, 0) > printed(g, 1) else 1
print(f"cards {cards}: the higher card counts {printed(g, hi)} - {printed(g, 1 - hi)} = {g.values[hi]}")
assert cards == [base.t.name[c] for c in base.card] and g.kinds == (0, 0)
assert g.values[hi] == printed(g, hi) - printed(g, 1 - hi) and base.values[hi] == printed(base, hi)
r, rb = both_ways(g, base, USED)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ### Fido
#
# **Fido** (any role, end of the encounter, optional): before the main players'
# encounter cards are discarded, it fetches one and offers it to another player. A player
# who accepts the card gives Fido a reward of its choice: a ship back from the warp or a
# card from the deck. ovnilab's readings: the offer names the card and the player
# (`use Fido power: offer attack 08 to blue`); a refused card stays with Fido.

# %%
g = reach("Fido", lambda s: offered(s, "use Fido power: offer"), seed=0)
offer = max((a for a in options(g) if a.startswith("use Fido power")), key=lambda a: value(a.split(" to ")[0]))
card, taker = offer.split("offer ")[1].split(" to ")
t = g.cindex[taker]
hand, fido, warp = g.hand_names(t), len(g.hands[0]), g.warp[0]
print(f"{who(g, 0)} may: {options(g)[:2]} ...; it plays {offer!r}")
use_power(g, "Fido", offer.split(": ")[1])
print(f"{taker} may: {options(g)}")
g.apply(f"Fido: accept {card}")
print(f"{taker} accepted {card}; red may: {options(g)}")
reward = options(g)[0]
g.apply(reward)
while g.phase == "place":  # the ship goes to a colony of red's choice
    g.apply(options(g)[0])
print(f"red chose {reward!r}: hand {fido} -> {len(g.hands[0])} cards, warp {warp} -> {g.warp[0]}")
assert sorted(hand + [card]) == g.hand_names(t)
assert (len(g.hands[0]), g.warp[0]) == ((fido + 1, warp) if reward.endswith("draw a card") else (fido, warp - 1))

# %% [markdown]
# ### Fodder
#
# **Fodder** (main player, reveal, optional): when both cards are attacks and its own is
# the lower, it may discard attack cards from its hand whose values lie between the two
# cards, each adding its value to its total. ovnilab's readings: one card at a time
# (`Fodder: discard attack 07`, then `stop`); the range is set by the two revealed cards,
# which feeding does not change. (Its super flare takes the Cosmodex reading: any attack
# below the opponent's card.)

# %%
g = reach("Fodder", lambda s: offered(s, "use Fodder power"), seed=0)
base, side = g.clone(), g.side_of(0)
lo, hi = g.values[side], g.values[1 - side]
print(f"red's {g.t.name[g.card[side]]} against {g.t.name[g.card[1 - side]]}; hand: {g.hand_names(0)}")
use_power(g, "Fodder")
fed = []
while g.phase == "power":
    choice = max(options(g), key=value)  # "stop" counts -1
    if choice != "Fodder: stop":
        fed.append(value(choice))
    g.apply(choice)
print(f"fed {fed}: total {base.totals[side]} -> {g.totals[side]}")
assert fed and all(lo < v < hi for v in fed) and g.totals[side] == base.totals[side] + sum(fed)
r, rb = both_ways(g, base, USED)
assert r["outcome"] == SIDES[side] != rb["outcome"]

# %% [markdown]
# ### Hate
#
# **Hate** (offense, at the start of its turn, always): it discards a card of its choice,
# and each other player must discard a card of the same type (for an attack, one of
# equal or higher value) or lose three ships to the warp, which Hate chooses. ovnilab
# acts at the start of Hate's turn, before the regroup, so no window comes before it and
# no Cosmic Zap can reach it; each player may choose the ships instead of the card.

# %%
g = reach("Hate", lambda s: s.phase == "power" and s.current_player == 0, seed=0)
hands, warp = [g.hand_names(o) for o in range(3)], list(g.warp)
print(f"red's turn starts; red may: {options(g)}")
hate = max((a for a in options(g) if "attack" in a), key=value)
g.apply(hate)
answers = []
while g.phase in ("power", "lose"):
    if g.phase == "power":  # the others in turn: the first matches, the second takes the loss
        answers.append((g.colours[g.current_player], options(g)[0] if not answers else "Hate: lose 3 ships"))
        print(f"  {g.colours[g.current_player]} may: {options(g)} -> {answers[-1][1]!r}")
        g.apply(answers[-1][1])
    else:  # red chooses the ships lost
        g.apply(options(g)[0])
print(f"red: {hate!r}; warp {warp} -> {g.warp}")
for o in (1, 2):
    print(f"  {g.colours[o]}: {len(hands[o])} -> {len(g.hands[o])} cards")
assert value(answers[0][1]) >= value(hate) and len(g.hands[1]) == len(hands[1]) - 1 and g.warp[1] == warp[1]
assert answers[1][1] == "Hate: lose 3 ships" and g.warp[2] == warp[2] + 3 and len(g.hands[2]) == len(hands[2])

# %% [markdown]
# ### Healer
#
# **Healer** (any role, always, optional): whenever another player's ships go to the warp,
# it may heal them: they return to colonies of their owner's choice and Healer draws a
# card from the deck. ovnilab asks once per loss (`Healer: heal yellow` or
# `Healer: let them be`).

# %%
g = reach("Healer", lambda s: offered(s, "Healer: heal"), seed=0)
heal = next(a for a in options(g) if a.startswith("Healer: heal"))
o = g.cindex[heal.split()[-1]]
warp, home, hand = g.warp[o], g.ships_on_colonies(o), len(g.hands[0])
print(f"{g.colours[o]} just lost ships: warp {warp}; red may: {options(g)}")
g.apply(heal)
advance(g, lambda s: s.phase != "place")
print(f"healed: {g.colours[o]}'s warp {warp} -> {g.warp[o]}, ships on colonies {home} -> {g.ships_on_colonies(o)};",
      f"red's hand {hand} -> {len(g.hands[0])}")
assert g.warp[o] == 0 and g.ships_on_colonies(o) == home + warp and len(g.hands[0]) == hand + 1

# %% [markdown]
# ### Human
#
# **Human** (main player or ally, reveal, always): adds 4 to its side's total. When its
# power is cancelled by a Cosmic Zap, its side wins the encounter instead (ovnilab's
# reading: whatever the cards, two negotiates still make a deal).

# %%
g = reach("Human", lambda s: at_reveal(s), seed=12)
side, base = g.side_of(0), twin(g)
print(f"red is the {SIDES[side]}; cards {[g.t.name[c] for c in g.card]}: totals {g.totals}, with Observer {base.totals}")
assert g.totals[side] == base.totals[side] + 4 and g.totals[1 - side] == base.totals[1 - side]
r, rb = both_ways(g, base)
assert r["outcome"] == SIDES[side] != rb["outcome"]

# %% [markdown]
# ### Kamikaze
#
# **Kamikaze** (main player, planning, optional): before the cards are selected it may
# send up to four ships from its colonies to the warp and draw two cards from the deck
# for each. ovnilab's reading: the ships are chosen one at a time (a home planet may be
# emptied), the cards drawn at once.

# %%
g = reach("Kamikaze", lambda s: offered(s, "use Kamikaze power: send 2 ships"), seed=0)
base = g.clone()
warp, hand, home = g.warp[0], g.hand_names(0), g.ships_on_colonies(0)
print(f"red is the {SIDES[g.side_of(0)]}; its hand: {hand}")
use_power(g, "Kamikaze", "send 2 ships")
while g.phase == "lose":
    g.apply(options(g)[0])
drawn = list(g.hand_names(0))
for c in hand:
    drawn.remove(c)
print(f"red sent 2 ships to the warp ({warp} -> {g.warp[0]}) and drew {drawn}")
assert g.warp[0] == warp + 2 and g.ships_on_colonies(0) == home - 2 and len(drawn) == 4
r, rb = both_ways(g, base, USED)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ### Mind
#
# **Mind** (any role, alliance, optional): it may look at the hand of a main player (a
# main player itself looks at its opponent's). ovnilab's reading: the look comes once, in
# the alliance window before the invitations (`use Mind power: blue`; the public log names
# whose hand, never a card). The Mind's observation keeps that hand as it was then
# (`seen_hands`) for the rest of the encounter, and the cards it saw stay in what it
# knows (`known_cards`) while they are still in that hand (set aside while that player's
# card is face down: the Mind cannot tell which one was selected).

# %%
g = reach("Mind", lambda s: offered(s, "use Mind power"), seed=0)
o, base = g.main(1 - g.side_of(0)), g.clone()
print(f"red is the {SIDES[g.side_of(0)]}, {g.colours[o]} the {SIDES[g.side_of(o)]}; red may: {options(g)}")
use_power(g, "Mind", g.colours[o])
look = next(a for a in reversed(g.log) if str(a).startswith("use Mind"))
seen = g.observation(0)["seen_hands"]
print(f"red sees {g.colours[o]}'s hand: {seen[g.colours[o]]}; the public log reads {g.describe(look, None)!r}")
print(f"without the look red sees {base.observation(0)['seen_hands']}, and yellow sees {g.observation(2)['seen_hands']}")
assert sorted(seen[g.colours[o]]) == sorted(g.hand_names(o)) and list(seen) == [g.colours[o]]
assert base.observation(0)["seen_hands"] == {} == g.observation(2)["seen_hands"]
assert g.describe(look, None) == f"use Mind power: {g.colours[o]}" and not offered(g, "use Mind power")
advance(g, at_reveal)
mine = g.t.name[g.card[g.side_of(o)]]
print(f"after the reveal ({g.colours[o]} played {mine}): red's look still shows {g.observation(0)['seen_hands'][g.colours[o]]};",
      f"it knows {g.colours[o]} still holds {g.observation(0)['known_cards'].get(g.colours[o], [])}")
assert g.observation(0)["seen_hands"] == seen and mine in seen[g.colours[o]]
assert sorted(g.observation(0)["known_cards"][g.colours[o]]) == sorted(g.hand_names(o))

# %% [markdown]
# ### Mirror
#
# **Mirror** (main player, planning, optional): before the cards are selected it may
# declare that the digits of every attack card revealed by a main player are reversed
# (`08` counts 80, `30` counts 03); a value another power pushed outside 00-99 stays as it
# is.

# %%
g = reach("Mirror", lambda s: offered(s, "use Mirror power"), seed=10)
base = g.clone()
use_power(g, "Mirror")
advance(g, at_reveal), advance(base, at_reveal)
cards = [g.t.name[c] for c in g.card]
print(f"cards {cards} count {list(g.values)}")
assert cards == [base.t.name[c] for c in base.card] and g.kinds == (0, 0)
assert all(f"{g.values[i]:02d}" == f"{printed(g, i):02d}"[::-1] for i in (0, 1))
r, rb = both_ways(g, base, USED)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ### Mite
#
# **Mite** (offense, launch, always): once its ships are on the gate, a defense that holds
# more than three cards must either discard down to three or give the Mite a colony on
# the target planet. ovnilab's readings: the Mite blusters once the launch window has
# closed (a Cosmic Zap played there stops it); the defense answers `Mite: discard down to
# 3` (the cards discarded at random) or `Mite: give Mite a colony`. The colony **ends the
# encounter at once**: no card is selected, the outcome is `colony granted` (neither a
# win nor a deal), and the Mite may still have its second encounter.

# %%
g = reach("Mite", lambda s: offered(s, "Mite: give Mite a colony"), seed=0)
d, base, colonies = g.current_player, twin(g), g.foreign_colonies(0)
print(f"red (offense) launched {g.gate[0]} ship(s) at {g.pname[g.target]};",
      f"{who(g, d)} holds {len(g.hands[d])} cards and may: {options(g)}")
g.apply("Mite: give Mite a colony")
r, rb = g.last_result, finish_encounter(base, base.last_result)
print(f"  red plays Mite:      {r['outcome']}, cards {r['cards']}; red's foreign colonies {colonies} -> {g.foreign_colonies(0)};",
      f"red may: {options(g)}")
print(f"  red plays Observer:  cards {rb['cards']}, the {rb['outcome']} wins;",
      f"red's foreign colonies {base.foreign_colonies(0)}")
assert d == g.defender and len(g.hands[d]) > 3 and r["outcome"] == "colony granted" and r["cards"] == (None, None)
assert g.foreign_colonies(0) == colonies + 1 and "have a second encounter" in options(g)
assert rb["outcome"] == "defense" and base.foreign_colonies(0) == colonies

# %% [markdown]
# ### Philanthropist
#
# **Philanthropist** (main player or ally, alliance, optional): once the alliances are
# formed it may give a card from its hand to a main player (a main player gives to its
# opponent; an ally to either). ovnilab's readings: `use Philanthropist power: blue` names
# the receiver, then `Philanthropist: give X` the card; the public log reads only "give a
# card", so the two players alone know it (the giver's observation keeps it in
# `known_cards`); a main-player Philanthropist left without encounter cards draws a new
# hand at once.

# %%
g = reach("Philanthropist", lambda s: offered(s, "use Philanthropist power"), seed=0)
o, base = g.main(1 - g.side_of(0)), g.clone()
print(f"red is the {SIDES[g.side_of(0)]}; its hand: {g.hand_names(0)}; red may: {options(g)}")
use_power(g, "Philanthropist", g.colours[o])
gift = "Philanthropist: give negotiate"
print(f"red may give: {options(g)} -> {gift!r}")
hands = [len(h) for h in g.hands]
g.apply(gift)
print(f"hands {hands} -> {[len(h) for h in g.hands]}; the public log reads {g.describe(g.log[-1], None)!r};",
      f"red knows {g.observation(0)['known_cards']}, yellow {g.observation(2)['known_cards']}")
assert len(g.hands[o]) == hands[o] + 1 and len(g.hands[0]) == hands[0] - 1
assert g.hand_names(o).count("negotiate") == base.hand_names(o).count("negotiate") + 1
assert g.observation(0)["known_cards"] == {g.colours[o]: ["negotiate"]} and g.observation(2)["known_cards"] == {}
assert g.describe(g.log[-1], None) == "Philanthropist: give a card"

# %% [markdown]
# ### Reincarnator
#
# **Reincarnator** (main player or ally, resolution, always): each time it loses an
# encounter it takes on a new alien power, drawn from the aliens nobody plays, beside its
# own. ovnilab's readings: it reincarnates when the encounter ends, after a loss as a main
# player or as an ally of the losing side, a failed deal as a main player, or when both
# sides lose (not after a win, a deal or Mite's colony); the new power
# (`State.extra[seat]`, public) is drawn at random, with the game's seeded chance, from
# the aliens its rules may deal (`State.alien_pool`) that no player holds and that have
# no game set-up text (Miser, Tick-Tock). **Pool recycling**: the incarnation given up
# goes back to the pool only after the next draw, so a later loss always brings a
# different alien. Here is a game until red has reincarnated twice:

# %%
g = demo("Reincarnator", seed=0)
held = lambda s: {a for seat in range(s.n) for a in (s.alien[seat], *s.extra[seat])}
steps = []
for _ in range(2):
    was, others = g.extra[0], held(g) - {"Reincarnator", *g.extra[0]}
    advance(g, lambda s: s.extra[0] != was)
    r = g.last_result
    side = 0 if r["offense"] == 0 else 1 if r["defender"] == 0 else -1
    steps.append(g.extra[0])
    print(f"turn {g.turn}: red was the {SIDES[side]}, the {r['outcome']} won ({r['cards']}):",
          f"red's powers {['Reincarnator', *was]} -> {list(g.power_names(0))}")
    assert side >= 0 and r["outcome"] not in (SIDES[side], "deal_made") and len(g.extra[0]) == 1
    assert g.extra[0][0] in g.alien_pool and g.extra[0][0] not in others | {"Miser", *was}
print(f"what the others see: {g.observation(1)['powers'][0]}")
assert steps[0] != steps[1] and g.observation(1)["powers"][0] == list(g.power_names(0))

# %% [markdown]
# ### Remora
#
# **Remora** (any role, always): whenever another player draws cards from the deck, it
# draws one; whenever another player's ships leave the warp, one of its own does too.
# ovnilab's reading: the "may" is always taken, so it asks nothing; it does not follow a
# retrieval with a ship it lost in the same encounter. Here blue's turn starts, with ships
# of both blue and red in the warp:

# %%
regroup = lambda s: s.stage == "regroup" and s.turn_player == 1 and s.warp[1] > 0 and s.warp[0] > 0
g = reach("Remora", regroup, seed=0)
warp = list(g.warp)
advance(g, lambda s: s.stage == "destiny")
print(f"blue's regroup: warp {warp} -> {g.warp}")
assert g.warp[1] == warp[1] - 1 and g.warp[0] == warp[0] - 1 and g.warp[2] == warp[2]

# %% [markdown]
# Blue retrieved one ship, as every offense does (part 1), and one of red's followed it to
# a colony red chose; yellow's ships stayed in the warp. The cards: `g.history()` gives
# every position of a game; here is the first action of a game's eight turns after which
# another player drew from the deck:

# %%
g = demo("Remora", seed=0)
advance(g, lambda s: s.turn >= 8)
states = g.history()
i = next(i for i in range(1, len(states)) if any(
    len(states[i].hands[o]) > len(states[i - 1].hands[o]) and len(states[i].deck) < len(states[i - 1].deck)
    for o in (1, 2)))
was, now = states[i - 1], states[i]
drew = [o for o in (1, 2) if len(now.hands[o]) > len(was.hands[o])]
print(f"action {i} of the game, {g.colours[g.actors[i - 1]]}'s {str(g.log[i - 1])!r}:",
      f"{', '.join(g.colours[o] for o in drew)} drew from the deck ({len(was.deck) - len(now.deck)} cards left it);",
      f"hands {[len(h) for h in was.hands]} -> {[len(h) for h in now.hands]}: red drew one too")
assert drew and len(now.hands[0]) == len(was.hands[0]) + len(drew)

# %% [markdown]
# ### Shadow
#
# **Shadow** (any role, destiny, always): when the destiny card drawn is another player's
# colour, that player loses one ship, which Shadow chooses, to the warp (a wild destiny
# card lets it choose the player too). ovnilab acts on every destiny draw, redraws
# included.

# %%
g = reach("Shadow", lambda s: offered(s, "Shadow: execute"), seed=0)
drawn = g.observation(0)["destiny"]
o = g.cindex[drawn]
print(f"destiny: {drawn}; red may: {options(g)}")
target = options(g)[0]
planet = g.pindex[target.split(" on ")[1]]
there, warp = g.ships[planet * g.n + o], g.warp[o]
g.apply(target)
print(f"{target!r}: {g.pname[planet]} holds {there} -> {g.ships[planet * g.n + o]} of {drawn}'s ships, warp {warp} -> {g.warp[o]}")
assert g.ships[planet * g.n + o] == there - 1 and g.warp[o] == warp + 1

# %% [markdown]
# ### Tick-Tock
#
# **Tick-Tock** (any role, resolution, always): it starts the game with ten tokens and
# discards one each time an encounter ends in a defensive win or a deal, whoever plays
# in it; when its last token goes, it wins the game (an alternate win). ovnilab's reading
# of what counts: a defensive win (once the resolution's ships moved) and a deal made
# (once its terms are carried out) take a token; an offensive win, a failed deal, a
# re-established home planet and an encounter Oracle's super flare cancels do not, nor
# does any encounter while the power is zapped or lost. The tokens are public
# (`state.tokens`); a game won so ends at once, and `state.win_reason` says why. Here are
# whole games of Tick-Tock, played until one ends with its last token:

# %%
def encounters(g):
    """Play ``g`` to its end; for each encounter, its outcome and red's tokens before and
    after it."""
    rows = []
    while not g.is_over():
        before, tokens = g.last_result, g.tokens[0]
        advance(g, lambda s: s.is_over() or s.last_result is not before)
        rows.append((g.last_result["outcome"], tokens, g.tokens[0]))
    return rows


for k in range(20):
    g = demo("Tick-Tock", k)
    start = g.tokens[0]
    rows = encounters(g)
    print(f"seed {k}: {len(rows)} encounters, {g.turn} turns; winners {[who(g, w) for w in g.winners()]}: {g.win_reason}")
    if g.win_reason.startswith("Tick-Tock"):
        break
count = {kind: sum(1 for x in rows if x[0] == kind) for kind in dict.fromkeys(x[0] for x in rows)}
took = {kind: sum(a - b for x, a, b in rows if x == kind) for kind in count}
print(f"red's tokens at set-up: {start}; encounters by outcome {count}; tokens discarded by outcome {took}")
assert start == 10 and g.winners() == [0] and g.tokens[0] == 0 and g.win_reason == "Tick-Tock: its last token discarded"
assert all(b == a - (x in ("defense", "deal_made")) for x, a, b in rows)
assert count.get("offense", 0) > 0 and took.get("offense", 0) == 0 and sum(took.values()) == start
assert g.foreign_colonies(0) < 5

# %% [markdown]
# ## 4. The red powers in action
#
# ### Citadel
#
# **Citadel** (any role, after selection, optional): once per encounter, after destiny is
# drawn, it may lay an attack card from its hand face up beside any planet as a
# **citadel**; when the gate aims at a planet with citadels, it may activate them once the
# cards are selected, and their values add to the defense's total, whoever the defense
# is (the Citadel need not be in the encounter). ovnilab's readings: the placement is
# asked after each encounter's first destiny draw whenever the Citadel holds cards
# (`Citadel: build attack 08`, then `Citadel: beside blue 3`, or `Citadel: build
# nothing`); it is not a use of the power, so no Cosmic Zap reaches it. The citadels are
# public (`state.citadels`, the observation's `citadels`), stack beside a planet and
# count their printed values. Activation is `use Citadel power` in the after-selection
# window (a Cosmic Zap may cancel it). **Discarded or kept**: activated citadels are
# discarded when the defense loses (the offense wins, or both sides lose); they stay when
# the defense wins or a deal is made, when they were not activated, and when the
# activation was zapped.

# %%
def citadel_use(k):
    """The first game of Citadel from seed ``k`` brought to an activation it is offered:
    the game once red uses it, the same game without the use (a copy taken before), the
    target planet, and the results both would come to (played on copies)."""
    g = reach("Citadel", lambda s: offered(s, "use Citadel power"), seed=k)
    base, there = g.clone(), g.pname[g.target]
    use_power(g, "Citadel")
    ends = [x.clone() for x in (g, base)]
    return g, base, there, *(finish_encounter(x, x.last_result) for x in ends)


k = 0
while True:
    g, base, there, r, rb = citadel_use(k)
    k = g.seed + 1
    if g.side_of(0) < 0 and r["outcome"] != rb["outcome"]:
        break
p = g.pindex[there]
built = [g.describe(a, None) for a in g.log if str(a).startswith("Citadel: b")]
print(f"seed {g.seed}: red's last placements {built[-4:]}; the citadels now: {g.observation(1)['citadels']}")
print(f"{who(g, r['offense'])} attacks {there} ({who(g, r['defender'])}); red is not in the encounter;",
      f"citadels beside {there}: {base.observation(1)['citadels'][there]}")
r, rb = both_ways(g, base, USED)
print(f"after it: citadels beside {there} {[g.t.name[c] for c in g.citadels[p]]} (red activated them),",
      f"{[base.t.name[c] for c in base.citadels[p]]} (red did not)")
cit = sum(g.t.value[c] for c in base.citadels[p])
assert r["totals"][1] == rb["totals"][1] + cit and r["totals"][0] == rb["totals"][0]
assert (r["outcome"], rb["outcome"]) == ("defense", "offense") and g.citadels[p] == base.citadels[p] != []
assert all(g.observation(o)["citadels"][there] == [g.t.name[c] for c in g.citadels[p]] for o in range(3))

# %% [markdown]
# The defense won with the citadels' help, so they stay beside the planet for the next
# attack on it. Where the defense loses all the same, the activated citadels go to the
# discard pile and those not activated stay:

# %%
while True:
    g, base, there, r, rb = citadel_use(k)
    k = g.seed + 1
    if g.side_of(0) < 0 and r["outcome"] == rb["outcome"] == "offense":
        break
p = g.pindex[there]
both_ways(g, base, USED)
print(f"seed {g.seed}: {who(g, r['offense'])} attacks {there} ({who(g, r['defender'])}) and wins, activated or not;",
      f"citadels beside it: {[g.t.name[c] for c in g.citadels[p]]} (activated), {[base.t.name[c] for c in base.citadels[p]]} (not)")
assert g.citadels[p] == [] and base.citadels[p] != [] and all(c in g.discard for c in base.citadels[p])

# %% [markdown]
# ### Dictator
#
# **Dictator** (not a main player, destiny, always): when it is not the offense, it looks
# through the remaining destiny deck and chooses the card the offense draws; the card
# then counts as a draw (it may make the Dictator the defense). ovnilab's readings: the
# choice comes before **every** destiny draw of another player's encounter, the redraws
# included (the offense's own colour, Dictator's wild flare), as `Dictator: draw blue`,
# `draw wild` or `draw most foreign colonies`; while it chooses, its observation alone
# shows the remaining deck (`destiny_deck`), and the card chosen is public. A Cosmic Zap
# stops it in the regroup window (the last before the draw): the card is then drawn at
# random, as it is on the Dictator's own turn. Here blue's turn comes, and the draw of
# the same game with Observer would have made red the defense:

# %%
g = reach("Dictator", lambda s: offered(s, "Dictator: draw") and s.current_player == 0, seed=0)
base = twin(g)
seen, deck = g.observation(0)["destiny_deck"], g.destiny_names(g.ddeck)
print(f"{who(g, g.offense)}'s encounter; red sees the destiny deck ({len(seen)} cards): {seen}")
print(f"blue and yellow see: {g.observation(1)['destiny_deck']}, {g.observation(2)['destiny_deck']}; red may: {options(g)}")
g.apply("Dictator: draw yellow")
advance(g, lambda s: s.defender >= 0)
print(f"  red plays Dictator ('draw yellow'): {who(g, g.defender)} defends")
print(f"  red plays Observer (drawn at random): {who(base, base.defender)} defends")
assert seen == deck and len(seen) == len(base.ddeck) + 1
assert g.offense == 1 and g.observation(1)["destiny_deck"] is None and g.defender == 2 and base.defender == 0 != g.offense
assert g.observation(1)["destiny"] == "yellow" and g.observation(0)["destiny_deck"] is None

# %% [markdown]
# ### Gambler
#
# **Gambler** (main player, reveal, optional): as the cards are revealed it may keep its
# card face down and say what it is, truly or not. The other main player accepts the
# claim (the encounter goes as said) or challenges it (the card is shown and counts, and
# the liar, or the challenger when the claim was true, loses ships). ovnilab's readings:
# the choice is `Gambler: show my card` or `Gambler: say attack 20`, and **the legal
# claims** are every face of an encounter card of the game's deck (its attack values,
# negotiate, morph), whatever the Gambler holds, so the options never tell its card;
# while a claim stands the claimed face counts (values, totals, the board). Its "may"
# is that choice (there is no `use Gambler power` action). The answer
# is `accept the claim` or `challenge the claim`. Accepted, the real card goes unseen to
# the bottom of the cosmic deck. **The ships at stake**: the challenge's loser loses as
# many ships as it has in the encounter, from its colonies outside it (a defense's not
# from the target planet). A Cosmic Zap stops the power in the after-selection window;
# a card selected face up (Oracle's opponent) is not bluffed about. It is never dealt in
# a game with Sorcerer (`not_with` in `aliens.toml`). Here red's attack is the lower, and
# red says it holds more:

# %%
def lower(s):
    """Red's attack and its ships count less than its opponent's attack and ships."""
    me = s.side_of(0)
    return (all(s.t.kind[c] == 0 for c in s.card)
            and printed(s, me) + s.side_ships(me) < printed(s, 1 - me) + s.side_ships(1 - me))


g = reach("Gambler", lambda s: offered(s, "Gambler: say") and lower(s), seed=0)
side = g.side_of(0)
o, mine, claim = g.main(1 - side), g.t.name[g.card[side]], "say attack 40"
says = [a.split(": ")[1] for a in options(g)]
print(f"red ({SIDES[side]}) selected {mine} against {g.t.name[g.card[1 - side]]}; {len(says)} choices:",
      f"{says[0]!r}, {says[1]!r} ... {says[-1]!r}")
print(f"what {g.colours[o]} sees of red's card: {g.observation(o)['encounter_cards'][SIDES[side]]!r}")
base, caught = g.clone(), g.clone()
base.apply("Gambler: show my card")
g.apply(f"Gambler: {claim}")
print(f"red claims {claim[4:]}: {g.colours[o]} sees {g.observation(o)['claim']}, totals {g.observation(o)['totals']};",
      f"{g.colours[o]} may: {options(g)}")
assert g.observation(o)["encounter_cards"][SIDES[side]] == "face down" and g.observation(o)["claim"]["says"] == claim[4:]
assert says[0] == "show my card" and all(f"say {f}" in says for f in ("attack 00", "attack 40", "negotiate", "morph"))
caught.apply(f"Gambler: {claim}")
g.apply("Gambler: accept the claim")
caught.apply("Gambler: challenge the claim")
stake, warp = g.side_ships(side), caught.warp[0]
ends = [finish_encounter(x, x.last_result) for x in (g, base, caught)]
for name, x, end in zip(("claim accepted", "card shown", "claim challenged"), (g, base, caught), ends):
    print(f"  {name:<17} totals {end['totals']}: the {end['outcome']} wins; red's warp {x.warp[0]}")
print(f"challenged, red (the liar) lost its {stake} ship(s) of the encounter and {stake} more from its colonies;",
      f"accepted, red's {mine} went to the bottom of the deck unseen (the last card: {g.t.name[g.deck[0]]});",
      f"the public log reads {[g.describe(a, None) for a in g.log if 'Gambler' in str(a)][-2:]}")
assert ends[0]["outcome"] == SIDES[side] != ends[1]["outcome"] == ends[2]["outcome"] and not g.allies[side]
assert caught.warp[0] == base.warp[0] + stake and g.t.name[g.deck[0]] == mine and g.deck[0] not in g.discard
assert data.excluded("Gambler", "Sorcerer") and data.excluded("Sorcerer", "Gambler")

# %% [markdown]
# ### Grudge
#
# **Grudge** (main player, end of the alliances, always): as a main player, every player
# it invited who did not join it takes a grudge token once the alliances are formed. At
# the end of the encounter each holder loses ships to the warp, then the tokens go.
# ovnilab's readings of **who pays and how much**: every holder pays, one ship of its
# choice from its colonies if the Grudge won or made a deal, four if it lost or failed
# to make one, nothing for another outcome (both sides losing); the loss is taken once
# the outcome is final, before the encounter's ships move, so ships a holder allied
# against the Grudge cannot pay (they are not on its colonies). The tokens are public
# (`state.grudge`, the observation's `grudge_tokens`); a Cosmic Zap in the window after
# the alliances stops them, and tokens left when the encounter ends are discarded. Here
# red is a main player and invites the third player, who declines:

# %%
def grudge_game(k, lost):
    """The first game of Grudge from seed ``k`` where red, a main player, may invite
    another player, and the encounter is one red loses (``lost``) or wins."""
    while True:
        g = reach("Grudge", lambda s: red_main(s) and s.current_player == 0 and any(a.startswith("invite ") and a != "invite nobody"
                                                         for a in options(s)), seed=k)
        k = g.seed + 1
        invite = next(a for a in options(g) if a != "invite nobody")
        t = g.clone()
        t.apply(invite)
        if (finish_encounter(t, t.last_result)["outcome"] == SIDES[1 - t.side_of(0)]) == lost:
            return g, invite


for lost in (False, True):
    g, invite = grudge_game(0, lost)
    side, o = g.side_of(0), g.cindex[invite.split()[1]]
    g.apply(invite)
    advance(g, lambda s: s.stage == "planning")
    assert g.grudge[o] == 1 and sum(g.grudge) == 1 and g.observation(1)["grudge_tokens"] == g.grudge
    base, warp = twin(g), g.warp[o]
    print(f"seed {g.seed}: red ({SIDES[side]}) chose {invite!r}; {g.colours[o]} declined: tokens {g.grudge}",
          f"(what all see: {g.observation(1)['grudge_tokens']})")
    r, rb = both_ways(g, base)
    print(f"  {g.colours[o]}'s warp {warp} -> {g.warp[o]} with Grudge, {base.warp[o]} with Observer; tokens after {g.grudge}")
    assert r["outcome"] == rb["outcome"] == SIDES[1 - side if lost else side]
    assert g.warp[o] == base.warp[o] + (4 if lost else 1) and base.warp[o] == warp and g.grudge == [0, 0, 0]

# %% [markdown]
# ### Machine
#
# **Machine** (offense, end of the encounter, optional): it may have another encounter
# after each encounter of its turn, won or lost, as long as it holds an encounter card.
# ovnilab offers it as the second encounter is offered (`have a second encounter` /
# `end turn`); zapped, only the rulebook's second encounter after a success remains. Here
# red has just lost its first encounter:

# %%
lost_first = lambda s: s.phase == "second" and s.current_player == 0 and s.last_result["outcome"] == "defense"
g = reach("Machine", lost_first, seed=0)
base = twin(g)
print(f"encounter {g.enc_no} of red's turn lost; red may: {options(g)}")
print(f"with Observer, red's turn is over: {who(base, base.turn_player)}'s turn has begun")
g.apply("have a second encounter")
advance(g, lambda s: s.phase == "second" and s.current_player == 0 and s.enc_no == 2)
print(f"encounter {g.enc_no} over ({g.last_result['outcome']} won); red may: {options(g)}")
assert "have a second encounter" in options(g) and g.turn_player == 0
assert base.turn_player != 0

# %% [markdown]
# ### Masochist
#
# **Masochist** (any role, regroup, always): it wins the game if, at the start of a
# regroup, none of its ships is in play; and it never loses its power for having fewer
# than three home colonies. ovnilab's readings: the check is made at every regroup (every
# encounter's, whoever the offense), once the regroup window is over and before the
# offense retrieves a ship, so a Cosmic Zap played in that window stops that check and
# what is played there counts; "in play" is a ship on a planet, on the gate or beside the
# target planet (the warp and the ships removed from the game are not). Its win is an
# alternate win (`state.win_reason`). Here a game goes on until red holds fewer than
# three home colonies:

# %%
g = reach("Masochist", lambda s: s.home_colonies(0) < 3 and not s.is_over(), seed=0)
base = twin(g)
print(f"turn {g.turn}, the {g.stage} of {who(g, g.offense)}'s encounter: red holds {g.home_colonies(0)} home colonies")
print(f"  red plays Masochist: power active {g.power_active(0)}, lost {g.power_lost(0)}")
print(f"  red plays Observer:  power active {base.power_active(0)}, lost {base.power_lost(0)}")
assert g.home_colonies(0) == base.home_colonies(0) < 3 and g.power_active(0) and not g.power_lost(0)
assert base.power_lost(0) and not base.power_active(0)
in_play = lambda s: s.ships_on_colonies(0) + s.gate[0] + s.side[0]
e = g.encounters
advance(g, lambda s: s.encounters > e and s.stage == "regroup")
k, warp, removed = in_play(g), g.warp[0], g.removed[0]
advance(g, lambda s: s.stage != "regroup")
print(f"the next regroup ({who(g, g.offense)}'s): red has {k} of its {g.nships} ships in play",
      f"(warp {warp}, removed {removed}), so the check finds some and the game goes on: {g.stage}")
assert 0 < k == g.nships - warp - removed and not g.is_over() and not g.win_reason

# %% [markdown]
# ### Tripler
#
# **Tripler** (main player, reveal, always): its attack card counts three times its value
# when it is 10 or less, a third of it (rounded up) when it is higher.

# %%
g = reach("Tripler", lambda s: at_reveal(s) and s.kinds[s.side_of(0)] == 0, seed=9)
side, base = g.side_of(0), twin(g)
p = printed(g, side)
print(f"red ({SIDES[side]}) revealed {g.t.name[g.card[side]]}: it counts {g.values[side]}")
assert g.values[side] == (3 * p if p <= 10 else -(-p // 3)) and base.values[side] == p
r, rb = both_ways(g, base)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ### Virus
#
# **Virus** (main player, reveal, always): with an attack card, its ships in the
# encounter multiply the card's value instead of adding to it (allies still add).

# %%
g = reach("Virus", lambda s: at_reveal(s) and s.kinds[s.side_of(0)] == 0 and s.side_ships(s.side_of(0)) > 1, seed=7)
side, base = g.side_of(0), twin(g)
k, v = g.side_ships(side), g.values[side]
print(f"red ({SIDES[side]}): {g.t.name[g.card[side]]} with {k} ships counts {v} x {k} = {g.totals[side]}",
      f"(with Observer {v} + {k} = {base.totals[side]})")
assert g.totals[side] == v * k and base.totals[side] == v + k
r, rb = both_ways(g, base)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ### Void
#
# **Void** (main player, resolution, always): when its side wins an encounter, the losing
# side's ships that would go to the warp are removed from the game instead. ovnilab's
# readings: the ships removed are public (`state.removed`) and are not a loss to the warp
# (no compensation for them: a negotiating loser takes no card for its ships; Zombie
# cannot save them, Healer may heal them). The limit: the engine keeps every player at
# least as many ships in the game as the foreign colonies that win (`state.win_at`);
# those over it go to the warp (`state.removable(seat)`: how many more may be removed).
# Here red attacks a negotiate as the defense:

# %%
neg = lambda s: at_reveal(s) and s.kinds[s.side_of(0)] == 0 and s.t.name[s.card[1 - s.side_of(0)]] == "negotiate"
g = reach("Void", neg, seed=0)
side, base = g.side_of(0), twin(g)
o = g.main(1 - side)
hand, room = len(g.hands[0]), g.removable(o)
r, rb = both_ways(g, base)
print(f"{g.colours[o]}'s lost ships: with Void {g.removed[o]} removed from the game (the limit allowed {room}),",
      f"{g.warp[o]} in the warp; with Observer {base.removed[o]} removed, {base.warp[o]} in the warp")
print(f"compensation: red's hand {hand} -> {len(g.hands[0])} with Void, {len(base.hands[0])} with Observer")
assert side == 1 and r["outcome"] == rb["outcome"] == SIDES[side] and 0 < g.removed[o] <= room and base.removed[o] == 0
assert base.warp[o] == g.warp[o] + g.removed[o] and len(g.hands[0]) == hand and len(base.hands[0]) < hand

# %% [markdown]
# ### Warpish
#
# **Warpish** (main player, reveal, always): with an attack card, it adds 1 to its total
# for every ship in the warp, of every colour. ovnilab counts them when the totals are
# counted, before any ship of this encounter is lost.

# %%
g = reach("Warpish", lambda s: at_reveal(s) and s.kinds[s.side_of(0)] == 0 and sum(s.warp) > 0, seed=5)
side, base = g.side_of(0), twin(g)
print(f"red ({SIDES[side]}); ships in the warp {g.warp}: total {g.totals[side]} (with Observer {base.totals[side]})")
assert g.totals[side] == base.totals[side] + sum(g.warp)
r, rb = both_ways(g, base)
assert r["outcome"] != rb["outcome"]

# %% [markdown]
# ## 5. The flares
#
# Each alien also has a flare card (part 2, section 6): anyone holding it may play the
# wild side; the alien's own player plays the super side while its power works. The
# demonstrations above play without flares; a game with flares shuffles into the deck the
# flares of the aliens dealt, topped up from its pool (`Rules(alien_pool=...)`). The texts
# of the flares of the aliens shown, from `data/cosmic/flares.toml`:

# %%
for name in SHOWN:
    flare = data.flares[name]
    print(f"{name:<15} wild:  {flare.wild}\n{'':<15} super: {flare.super}")
shown_flares = [name for name in SHOWN if name in data.flares]
print(f"{len(shown_flares)} flares, one for each of the {len(SHOWN)} aliens shown")
assert shown_flares == list(SHOWN) and all(data.flares[name].wild and data.flares[name].super for name in SHOWN)

# %% [markdown]
# Some of them on a real encounter. `flare_game(alien, seed, red)` deals red the alien
# `red` (Observer by default) beside Oracle and Trader, and puts in the deck their
# flares and `alien`'s; the comparison is again with the same game where red passes.
#
# **Tripler's wild flare**: a main player whose opponent reveals an attack of 15 or more
# makes it count a third of its value, rounded up. Red plays Observer here:

# %%
g = reach_flare("Tripler", lambda s: offered(s, "play Tripler flare (wild)") and s.current_player == 0, seed=9)
side, base = g.side_of(0), g.clone()
theirs = g.t.name[g.card[1 - side]]
play_flare(g, "play Tripler flare (wild)")
print(f"red ({g.alien[0]}, {SIDES[side]}) plays the Tripler flare against {theirs}: it counts {g.values[1 - side]}")
assert value(theirs) >= 15 and g.values[1 - side] == -(-value(theirs) // 3) and base.values[1 - side] == value(theirs)
r, rb = both_ways(g, base, ("red plays the flare", "red does not"))
assert r["outcome"] == SIDES[side] != rb["outcome"]

# %% [markdown]
# **Tripler's super flare**: the Tripler's own attack card is tripled up to 13 instead of
# up to 10:

# %%
g = reach_flare("Tripler", lambda s: offered(s, "play Tripler flare (super)") and s.current_player == 0, seed=10, red="Tripler")
side, base = g.side_of(0), g.clone()
mine = g.t.name[g.card[side]]
print(f"red (Tripler, {SIDES[side]}) revealed {mine}: it counts {g.values[side]}", end="")
play_flare(g, "play Tripler flare (super)")
print(f"; with the super flare {g.values[side]}")
assert 10 < value(mine) <= 13 and g.values[side] == 3 * value(mine) and base.values[side] == -(-value(mine) // 3)
r, rb = both_ways(g, base, ("red plays the flare", "red does not"))
assert r["outcome"] == SIDES[side] != rb["outcome"]

# %% [markdown]
# **Calculator's wild flare**: before the cards are selected, a main player calls odd or
# even for the sum of the two attack cards; right, the opponent's card loses the value of
# the caller's; wrong, the caller's card loses the opponent's. ovnilab's reading: no floor,
# so a card may count less than 0 (the reference's text sets none):

# %%
g = reach_flare("Calculator", lambda s: offered(s, "play Calculator flare (wild): odd") and s.current_player == 0, seed=2)
side = g.side_of(0)
play_flare(g, "play Calculator flare (wild): odd")
advance(g, lambda s: s.revealed)
cards = [g.t.name[c] for c in g.card]
odd = (value(cards[0]) + value(cards[1])) % 2 == 1
loser = 1 - side if odd else side
print(f"red ({SIDES[side]}) called odd; cards {cards} sum to {value(cards[0]) + value(cards[1])}:",
      f"the call is {'right' if odd else 'wrong'}, the {SIDES[loser]}'s card counts {g.values[loser]}; totals {g.totals}")
assert g.kinds == (0, 0) and g.values[loser] == value(cards[loser]) - value(cards[1 - loser]) < 0
assert g.values[1 - loser] == value(cards[1 - loser])
r = finish_encounter(g, g.last_result)
print(f"the {r['outcome']} wins")
assert r["outcome"] == SIDES[1 - loser]

# %% [markdown]
# **Machine's wild flare**: the offense has a second encounter even after failing its
# first one (and, without an encounter card left, draws a new hand and keeps the flare).
# Red plays Observer and has just lost its first encounter:

# %%
g = reach_flare("Machine", lambda s: offered(s, "play Machine flare (wild)") and s.current_player == 0, seed=0)
base = g.clone()
print(f"red ({g.alien[0]}) is the offense of encounter {g.enc_no}; cards {[g.t.name[c] for c in g.card]}, the {g.outcome}",
      f"wins; red plays the flare in the {g.stage} window")
play_flare(g, "play Machine flare (wild)")
r, rb = both_ways(g, base, ("red plays the flare", "red does not"))
print(f"red plays the flare: {who(g, g.current_player)} may {options(g)}")
advance(base, lambda s: s.turn_player != 0)
print(f"red does not: {who(base, base.turn_player)}'s turn begins")
assert g.offense == 0 and r["outcome"] == "defense" and g.phase == "second" and "have a second encounter" in options(g)
assert rb["outcome"] == "defense" and base.turn_player != 0

# %% [markdown]
# **Masochist's super flare**: as the offense, in the regroup window, a ship of the
# Masochist's in the warp is removed from the game instead of the regroup's retrieval (a
# step towards having none in play), within the limit of the Void's removal
# (`state.removable`):

# %%
g = reach_flare("Masochist", lambda s: offered(s, "play Masochist flare (super)") and s.current_player == 0, seed=0,
                red="Masochist")
base = g.clone()
play_flare(g, "play Masochist flare (super)")
for x in (g, base):
    advance(x, lambda s: s.stage != "regroup")
for name, x in zip(("red plays the flare", "red does not"), (g, base)):
    print(f"  {name:<20} warp {x.warp[0]}, removed {x.removed[0]}, ships on colonies {x.ships_on_colonies(0)}")
assert g.warp[0] == base.warp[0] and g.removed[0] == base.removed[0] + 1
assert g.ships_on_colonies(0) + g.gate[0] == base.ships_on_colonies(0) + base.gate[0] - 1

# %% [markdown]
# **Philanthropist's wild flare**: in the regroup window, its player sends a ship to the
# warp (from a colony it picks) and lends all its powers to another player, who uses
# them instead of its own until the encounter ends (`state.power_of`). Red plays
# Observer here and lends it:

# %%
g = reach_flare("Philanthropist", lambda s: offered(s, "play Philanthropist flare (wild)") and s.current_player == 0,
                seed=0)
o = 1 if offered(g, "play Philanthropist flare (wild): blue") else 2
warp = g.warp[0]
play_flare(g, f"play Philanthropist flare (wild): {g.colours[o]}")
while g.phase == "lose":
    g.apply(options(g)[0])
print(f"red lends its power to {g.colours[o]}: powers {[list(g.power_names(x)) for x in range(3)]},",
      f"red's warp {warp} -> {g.warp[0]}; the others see {g.observation(o)['powers']}")
assert g.power_names(o) == ("Observer",) and g.power_names(0) == () and g.warp[0] == warp + 1
before = g.last_result
finish_encounter(g, before)
print(f"once the encounter is over: powers {[list(g.power_names(x)) for x in range(3)]}")
assert g.power_names(0) == ("Observer",) and g.power_names(o) == (g.alien[o],)

# %% [markdown]
# **Citadel's wild flare**: a main player or an ally adds 5 to the defense's total after
# the reveal (the offense may play it too, as the flare's text allows). Red plays
# Observer here, as the defense:

# %%
k = 0
while True:
    g = reach_flare("Citadel", lambda s: offered(s, "play Citadel flare (wild)") and s.current_player == 0
                    and s.defender == 0, seed=k)
    k, base = g.seed + 1, g.clone()
    play_flare(g, "play Citadel flare (wild)")
    ends = [x.clone() for x in (g, base)]
    if len({finish_encounter(x, x.last_result)["outcome"] for x in ends}) == 2:
        break
side = g.side_of(0)
print(f"seed {g.seed}: red ({g.alien[0]}, {SIDES[side]}) plays the Citadel flare: totals {base.totals} -> {g.totals}")
assert g.totals[1] == base.totals[1] + 5 and g.totals[0] == base.totals[0]
r, rb = both_ways(g, base, ("red plays the flare", "red does not"))
assert side == 1 and r["outcome"] == "defense" != rb["outcome"]

# %% [markdown]
# **Dictator's wild flare**: when its player is not the offense, after destiny is drawn,
# the offense discards that card and draws another (the card drawn stays in the destiny
# discards; the new draw opens its own window). Red plays Observer here and was drawn
# as the defense:

# %%
k = 0
while True:
    g = reach_flare("Dictator", lambda s: offered(s, "play Dictator flare (wild)") and s.current_player == 0
                    and s.defender == 0, seed=k)
    k, base, drawn = g.seed + 1, g.clone(), g.observation(0)["destiny"]
    play_flare(g, "play Dictator flare (wild)")
    advance(g, lambda s: s.defender >= 0)
    if g.defender != 0:
        break
print(f"seed {g.seed}: {who(g, g.offense)} drew {drawn!r}, red defends; red plays the Dictator flare:",
      f"the offense draws {g.observation(0)['destiny']!r}, and {who(g, g.defender)} defends")
print(f"the destiny discards end with {g.destiny_names(g.ddiscard[-2:])}")
assert drawn == "red" and base.defender == 0 and g.defender != 0 and g.destiny_names(g.ddiscard[-2:])[0] == "red"
