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
# them, and shows 16 yellow and red powers once each, on a real encounter, in the form of
# part 3: seat 0 (**red**) plays the alien, the game runs until the moment the power
# matters, and what happens is compared with **the same game where red plays a neutral
# alien** (or, for a power used by choice, where red does not use it). Each
# demonstration asserts what its text says, so an engine change that breaks a sentence
# fails the notebook's test.
#
# **Contents**
# 1. [The alert levels](#1.-The-alert-levels)
# 2. [How the demonstrations work](#2.-How-the-demonstrations-work)
# 3. [The yellow powers in action](#3.-The-yellow-powers-in-action):
#    [Amoeba](#Amoeba) · [Anti-Matter](#Anti-Matter) · [Calculator](#Calculator) ·
#    [Fido](#Fido) · [Fodder](#Fodder) · [Hate](#Hate) · [Healer](#Healer) ·
#    [Human](#Human) · [Kamikaze](#Kamikaze) · [Mirror](#Mirror) · [Remora](#Remora) ·
#    [Shadow](#Shadow)
# 4. [The red powers in action](#4.-The-red-powers-in-action):
#    [Machine](#Machine) · [Tripler](#Tripler) · [Virus](#Virus) · [Warpish](#Warpish)
# 5. [The flares](#5.-The-flares)
#
# **Glossary** (the rulebook's Portuguese term in brackets)
# - *alert level* (the rulebook's níveis de habilidade, shown by lâmpadas de alerta): green for beginners, yellow for players with some experience, red for experienced players looking for unusual strategies.
# - *alien power* (poder alienígena): the rule an alien breaks; it works only while its player has at least three home colonies and no Cosmic Zap has cancelled it (part 1, section 4; part 2).
# - *main player* (jogador principal): the offense (atacante) or the defense (defensor); *ally* (aliado): a player who sent ships to one side; *not main*: any player but the two main players.
# - *planning* (Planejamento): the phase where the main players select their encounter cards (cartas de encontro) face down; *reveal* (Revelar): the phase where they turn them face up.
# - *total* (total): an attack card's value plus the ships on its side and the reinforcements (reforço) played; the higher total wins.
# - *timing* (linha do tempo): the phase in which a power acts; *optional* power: its player is asked, with an action `use X power`, whether to use it; the others act by themselves.
# - *window*: a moment of the encounter where optional powers, artifacts and flares are offered (an ovnilab term).
# - *warp* (Warp): where lost ships go; *regroup* (Reagrupar): at the start of each encounter the offense brings one of its ships back from the warp.
# - *destiny card* (carta de Destino): the card that names the defender; *compensation* (compensação): cards a negotiating loser takes from the winner (part 2).
# - *flare* (Flare, as the rulebook's Portuguese text also calls it): an alien's card in the cosmic deck, with a *wild* side anyone may play and a *super* side for the alien's own player (part 2, section 6).
# - *a neutral alien*: in these demonstrations, Observer, whose power acts only on allies (the quiet players here never ally).

# %%
from ovnilab import cosmic, walk
from ovnilab.core import RulesError
from ovnilab.cosmic.stats import QUIET_ANSWERS as QUIET, finish_encounter
from ovnilab.walk import legal_texts as options, offered

SIDES = ("offense", "defense")
NEUTRAL = "Observer"  # acts only on allies' ships: nothing, in these quiet games


def advance(state, until, seed=0, quiet=QUIET):
    """Play until ``until(state)`` holds: a quiet answer when one is legal, otherwise a
    seeded random choice (so every run reaches the same position)."""
    return walk.advance(state, until, seed, prefer=quiet)


def use_power(state, alien, arg=None):
    """Use ``alien``'s power (``arg``: the choice its action names), and let the other
    players decline to cancel it (a power's use waits while the holders of a Cosmic Zap
    may answer it: part 2)."""
    state.apply(f"use {alien} power" + (f": {arg}" if arg else ""))
    while state.phase == "zap":
        state.apply("pass")


def play_flare(state, action):
    """Play a flare (``action``: its text) and let the others decline to cancel it (a
    flare waits while the holders of a Card Zap may answer it: part 2)."""
    state.apply(action)
    while state.phase == "zap":
        state.apply("pass")


def card_of(state, seat):
    """The encounter card ``seat`` selected, as that seat sees it (None before)."""
    side = state.side_of(seat) if seat in (state.offense, state.defender) else -1
    return state.observation(seat)["encounter_cards"][SIDES[side]] if side >= 0 else None


def value(text):
    """The number at the end of a card's name ("attack 08" -> 8, "... +3" -> 3), or -1."""
    tail = text.split(" from ")[0].split()[-1].lstrip("+")
    return int(tail) if tail.isdigit() else -1


def who(state, seat):
    """A seat's colour and alien."""
    return f"{state.colours[seat]} ({state.alien[seat]})" if state.alien[seat] else state.colours[seat]


def _reaches(state, until, quiet=QUIET):
    """Whether ``advance`` gets ``state`` to ``until`` before its game ends."""
    try:
        advance(state, until, quiet=quiet)
    except RuntimeError:
        return False
    return True


def reach(alien, until, seed=0, quiet=QUIET):
    """The first game ``demo(alien, k)``, for k = seed, seed + 1, ..., that ``advance``
    brings to ``until`` (some games end before their position comes)."""
    for k in range(seed, seed + 100):
        g = demo(alien, k)
        if _reaches(g, until, quiet):
            return g
    raise RuntimeError(f"no game of {alien} reached the position")


def demo(alien, seed, n=3):
    """A game without flares where red plays ``alien``; the other seats play optional
    powers that quiet players never use."""
    others = [a for a in ("Oracle", "Trader", "Will", "Sorcerer") if a != alien][: n - 1]
    return cosmic.new_game(n, seed=seed, rules=cosmic.Rules(flares=False), aliens=[alien, *others])


def twin(state, neutral=NEUTRAL):
    """The same game where red plays ``neutral``: same seed, so the same deal and deck,
    and the actions of ``state`` replayed (a pass that only one of the two games asks
    for, in a window where the other alien could act, is skipped or added)."""
    other = demo(neutral, state.seed)
    for a in map(str, state.log):
        while a not in options(other) and "pass" in options(other):
            other.apply("pass")
        if a == "pass" and a not in options(other):
            continue
        other.apply(a)
    while "pass" in options(other) and (other.stage, other.revealed) != (state.stage, state.revealed):
        other.apply("pass")
    return other


def flare_game(alien, seed, red=NEUTRAL):
    """A game with flares where red plays ``red`` beside Oracle and Trader, and the deck
    holds the flares of these three aliens and of ``alien`` (the game's pool)."""
    aliens = [red, "Oracle", "Trader"]
    pool = tuple(dict.fromkeys(aliens + [alien]))
    return cosmic.new_game(3, seed=seed, rules=cosmic.Rules(alien_pool=pool), aliens=aliens)


def reach_flare(alien, until, seed=0, red=NEUTRAL):
    """``reach`` for the games of ``flare_game(alien, k, red)``."""
    for k in range(seed, seed + 100):
        g = flare_game(alien, k, red)
        if _reaches(g, until):
            return g
    raise RuntimeError(f"no game with the {alien} flare reached the position")


def red_main(s):
    """Whether red is a main player of the encounter under way."""
    return s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0


def at_reveal(s):
    """The reveal phase of an encounter where red is a main player: cards face up."""
    return s.stage == "reveal" and s.revealed and red_main(s)


def printed(s, side):
    """The value printed on ``side``'s revealed card (the engine's ``values`` are the
    values after powers changed them)."""
    return s.t.value[s.card[side]]


def both_ways(g, base, labels=None):
    """Finish the encounter of ``g`` (the power at work) and of ``base`` (without it);
    print and return the two results."""
    labels = labels or (f"red plays {g.alien[0]}", f"red plays {base.alien[0]}")
    r, rb = finish_encounter(g, g.last_result), finish_encounter(base, base.last_result)
    for name, x in zip(labels, (r, rb)):
        print(f"  {name:<24} cards {x['cards']}, totals {x['totals']}: the {x['outcome']} wins")
    return r, rb


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
# By default ovnilab deals from the green aliens only (`cosmic.Rules().alien_levels` is
# `("green",)`). `Rules(alien_levels=...)` names the levels to deal from; a level with an
# alien the engine does not implement yet is refused with a `RulesError` that names them,
# and `Rules(alien_pool=...)` names the aliens themselves, of any level:

# %%
print("default levels:", cosmic.Rules().alien_levels)
for levels in (("green", "yellow"), ("green", "yellow", "red")):
    try:
        rules = cosmic.Rules(alien_levels=levels)
    except RulesError as err:
        print(f"Rules(alien_levels={levels}) is refused:\n  {err}")
        assert all(a in str(err) for a in missing if level_of[a] in levels)
    else:
        pool = cosmic.new_game(5, seed=0, rules=rules).alien_pool
        print(f"Rules(alien_levels={levels}) deals from {len(pool)} aliens")
        assert sorted(pool) == sorted(a for lv in levels for a in data.levels[lv])
assert cosmic.Rules().alien_levels == ("green",)

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
# This part shows these 16 powers; the yellow and red aliens implemented since it was
# written are listed here, to be shown in a later edition:

# %%
SHOWN = ("Amoeba", "Anti-Matter", "Calculator", "Fido", "Fodder", "Hate", "Healer", "Human", "Kamikaze", "Mirror",
         "Remora", "Shadow", "Machine", "Tripler", "Virus", "Warpish")
later = [a for a in new if a not in SHOWN]
print(f"shown here: {len(SHOWN)}; implemented, not shown yet: {', '.join(later) or 'none'}")
print(f"{'alien':<12} {'level':<7} {'roles':<11} {'timing':<16} used")
for name in SHOWN:
    info = data.aliens[name]
    print(f"{name:<12} {info.level:<7} {'/'.join(info.roles):<11} {info.timing:<16} "
          f"{'when its player chooses' if info.optional else 'always'}")
assert set(SHOWN) <= implemented and len(SHOWN) == 16

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
# ## 4. The red powers in action
#
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
# of the flares of the 16 aliens shown, from `data/cosmic/flares.toml`:

# %%
for name in SHOWN:
    flare = data.flares[name]
    print(f"{name:<12} wild:  {flare.wild}\n{'':<12} super: {flare.super}")
assert len([name for name in SHOWN if name in data.flares]) == len(SHOWN) == 16

# %% [markdown]
# Four of them on a real encounter. `flare_game(alien, seed, red)` deals red the alien
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
