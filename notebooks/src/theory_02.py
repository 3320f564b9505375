import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# Attack or negotiate? The planning phase of Cosmic Encounter as a game

In every encounter of Cosmic Encounter the offense and the defense each select an
encounter card **face down**, then reveal them together. Neither knows the other's choice:
that is a *simultaneous* game, and game theory has the tools for it.

* **Players**: the offense (rows) and the defense (columns).
* **Strategies**: the encounter cards in each hand: attacks of different values, or a
  negotiate.
* **Payoffs**: what each side gains from the encounter: colonies, ships that go to (or
  stay out of) the warp, cards in hand. We do not write them by hand: every cell is an
  encounter **played by the game engine** (`ovnilab.cosmic.stats.play_encounter`), so the
  rules of compensation, deals and alien powers are the engine's.

The lesson: dominated strategies, Nash equilibria (solved with `nashpy` through
`ovnilab.theory`), checking an equilibrium by hand, and how one alien power changes the
whole game.
"""),
code("""
%matplotlib inline
import numpy as np

from ovnilab import theory
from ovnilab.cosmic import stats

OFFENSE_HAND = ["attack 08", "attack 15", "negotiate"]
DEFENSE_HAND = ["attack 06", "attack 14", "negotiate"]
weights = stats.Weights()          # a colony 1, a ship 0.2, a card 0.1
weights
"""),
md("""
## One cell of the table

The offense has launched four ships at a planet where the defense has four. Say the
offense reveals attack 08 and the defense attack 14: 8 + 4 = 12 against 14 + 4 = 18, the
defense wins and the four ships on the gate go to the warp. The engine plays it:
"""),
code("""
r = stats.play_encounter("attack 08", "attack 14", offense_ships=4, defense_ships=4,
                         offense_hand=OFFENSE_HAND, defense_hand=DEFENSE_HAND, hand_size=8)
print(r.outcome, "| totals", r.totals, "| colonies", r.colonies, "| ships", r.ships, "| cards", r.cards)
print("offense:", round(r.value(0, weights), 2), " defense:", round(r.value(1, weights), 2))
"""),
md("""
Each side also spends the card it played (−1 card). When a negotiate loses to an attack,
its player takes **compensation**: one card from the winner's hand per ship it lost. The
hands are padded to eight cards (cards that are not encounter cards), as in a real game.

## The duel: a zero-sum game

First suppose only this duel matters: each player scores its gain *minus the opponent's*
(`relative=True`). What one wins the other loses, so the game is zero-sum and the table
shows only the offense's payoff.
"""),
code("""
duel = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, offense_ships=4, defense_ships=4, relative=True)
print(duel)
"""),
md("""
Read a few cells:

* **attack 15 wins everything**: 15 + 4 = 19 beats 6 + 4 and 14 + 4 (+1.8: a colony, the
  defense's four ships to the warp), and an attack always beats a negotiate.
* **negotiate scores 0 against an attack.** The offense loses four ships (−0.8) but takes
  four cards of compensation (+0.4), which the defense loses (−0.4). With a ship worth two
  cards, compensation exactly makes up for the loss *relative to the opponent*.
* Two negotiates make a deal (each lands a colony): +1 each, 0 relative.

### Dominated strategies

A strategy is *strictly dominated* when another one pays more against everything the
opponent can do: a rational player never plays it. Removing such strategies can make
others dominated in turn:
"""),
code("""
print("offense:", theory.dominated_strategies(duel, "row"), " defense:", theory.dominated_strategies(duel, "col"))
print(theory.iterated_elimination(duel).describe())
"""),
md("""
(`{2: 1}` reads "strategy 2 is dominated by strategy 1", counting from 0.) The offense never
negotiates here: attack 15 is better against everything. Once that is settled, the
defense never plays attack 06: against the offense's attacks it loses the planet anyway,
and a negotiate at least brings compensation. Attack 08 is not *strictly* dominated by
attack 15: they tie against a negotiate.

### Equilibria

A **Nash equilibrium** is a pair of (possibly mixed) strategies where neither player gains
by changing alone. `theory.equilibria` asks nashpy (vertex enumeration) for all of them:
"""),
code("""
for eq in theory.equilibria(duel):
    print(eq)
print("value of the duel for the offense:", round(theory.value(duel), 3))
"""),
md("""
The defense negotiates for sure; the offense attacks with the 15, or mixes in the 08 up to
4/13 of the time (against a negotiate both are as good, and the defense must not be tempted
to play its 14). The value, 1, is attack against negotiate: the offense lands a colony
(+1) and spends a card and four of compensation (−0.5 in all); the defense loses four
ships and takes four cards (−0.5 in all); 0.5 − (−0.5) = 1.

## Big cards are worth keeping: bluffing appears

So far a card is a card. But an attack 15 spent now is an attack 15 you no longer hold.
Charge each attack card played by its value (`attack_point=0.05`: playing the 15 costs
0.75, the 08 costs 0.4):
"""),
code("""
keep = stats.Weights(attack_point=0.05)
bluff = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=keep)
print(bluff)
print(theory.iterated_elimination(bluff).describe())
"""),
md("""
After elimination a 2×2 game is left with no pure equilibrium: if the defense always
negotiates, the offense should attack with the cheap 08; then the defense should play its
14 and win; then the offense should bring the 15; then the defense should negotiate...
a cycle, like matching pennies. The equilibrium is mixed:
"""),
code("""
eqs = theory.equilibria(bluff)
for eq in eqs:
    print(eq)
eq = eqs[0]
"""),
md("""
### Checking the equilibrium by hand

Do not trust a solver: check the definition. Against the defense's mix, every card the
offense plays with positive probability must pay the same, and no card may pay more; and
the same for the defense. With plain numpy:
"""),
code("""
A, B = bluff.row_payoffs, bluff.col_payoffs
x, y = np.array(eq.row), np.array(eq.col)
offense_pays = A @ y          # each offense card against the defense's mix
defense_pays = x @ B          # each defense card against the offense's mix
for label, p, u in zip(bluff.row_labels, x, offense_pays):
    print(f"offense {label:<10} played {p:.3f}  pays {u + 0:+.4f}")
for label, q, u in zip(bluff.col_labels, y, defense_pays):
    print(f"defense {label:<10} played {q:.3f}  pays {u + 0:+.4f}")
print("the offense's mix earns", f"{x @ A @ y:+.4f}", "| the best single card earns", f"{offense_pays.max():+.4f}")
"""),
md("""
Both cards the offense mixes pay the same (+0.452) and its negotiate pays less; both cards
the defense mixes pay the same, and its attack 06 pays less. So nobody gains by deviating:
an equilibrium. The library's own check does the same from the definition, and says how
much a player could gain by the best deviation:
"""),
code("""
print("is an equilibrium:", theory.is_equilibrium(bluff, eq.row, eq.col))
gains = theory.deviation_gains(bluff, eq.row, eq.col)
print("best deviation gains:", [round(g, 9) + 0 for g in gains])
print("offense's best responses to the defense's mix:",
      [bluff.row_labels[i] for i in theory.best_responses(bluff, "row", eq.col)])
"""),
md("""
**Reading the equilibrium.** The offense plays the cheap 08 more than half the time, a
bluff that works because the defense usually negotiates; the defense plays its 14 about one
time in seven, just often enough to make the bluff costly. The value dropped from 1 to
0.452: the price of wanting to keep the 15.

## Against the rest of the table

Cosmic Encounter has three to five players. A colony either main player gains is a colony
the *other* players did not get, so in a real game a player counts its own gains, not
only the difference (`relative=False`, the default). The game is no longer zero-sum, and
the deal becomes important: two negotiates can land a colony for each (`deal="swap"`) or
fail if the players do not agree in time (`deal="fail"`: three ships each to the warp).
"""),
code("""
table_deal = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, weights=keep, deal="swap")
table_fail = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, weights=keep, deal="fail")
for game in (table_deal, table_fail):
    print(game)
    for eq in theory.equilibria(game):
        print("  equilibrium:", eq)
    print()
"""),
md("""
When deals succeed, **negotiating is the unique equilibrium**: both gain a colony against
the rest of the table (0.9 each). When deals fail, the negotiate-negotiate cell costs both
players and the equilibrium is the offense attacking with the 08 against a negotiating
defense: the defense prefers compensation to a fight it would lose. Whether to trust
the other player to make a deal decides the game: this is why Cosmic Encounter is a game
of table talk.

## An alien power changes the game

Alien powers break rules, so they change the payoff table and with it the equilibria.
The engine applies each power; we only say who holds it. Back to the duel with the big
cards worth keeping:
"""),
code("""
variants = {
    "no powers": dict(),
    "defense is Pacifist": dict(aliens=(None, "Pacifist")),
    "offense is Macron (1 ship)": dict(aliens=("Macron", None), offense_ships=1),
    "offense is Loser, upset declared": dict(aliens=("Loser", None), use_powers=("Loser",)),
    "defense is Warrior (3 tokens)": dict(aliens=(None, "Warrior"), tokens=(0, 3)),
}
games = {}
for name, kw in variants.items():
    kw = {"offense_ships": 4, **kw}
    games[name] = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, defense_ships=4, relative=True, weights=keep, **kw)
    eqs = theory.equilibria(games[name])
    print(f"{name:<34} value {theory.value(games[name]):+.3f}   {len(eqs)} equilibrium(s)")
    for eq in eqs:
        print("    ", eq.describe(digits=3))
"""),
md("""
* **Pacifist** (a negotiate beats an attack): the defense's negotiate now *wins* against
  the offense's attacks, so the defense always negotiates; against a negotiate that wins,
  the offense's best is to negotiate too, and make a deal (value 0).
* **Macron** (one ship that counts four): the totals are those of four ships, but only one
  ship is lost when the attack fails. Bluffing with the 08 becomes cheaper: the offense
  bluffs 3/4 of the time and the value rises.
* **Loser** (the upset declared: the side that would lose wins): low cards become strong
  and high cards weak, and both players retreat to negotiating.
* **Warrior** on defense with three tokens (+3 to its total): the 06 now beats the 08, so
  no card is dominated any more and both players mix all three cards.

The Pacifist game in full, to see why:
"""),
code("""
print(games["defense is Pacifist"])
print(theory.iterated_elimination(games["defense is Pacifist"]).describe())
"""),
md("""
## Ships change the game too

How the equilibrium moves with the number of ships the offense launches (the defense keeps
four), in the duel with big cards worth keeping:
"""),
code("""
mixes = {}
for ships in (1, 2, 3, 4):
    g = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, ships, 4, relative=True, weights=keep)
    (eq,) = theory.equilibria(g)
    mixes[ships] = eq
    print(f"{ships} ship{'s' if ships > 1 else ' '}: value {theory.value(g):+.3f} | {eq.describe(digits=3)}")
"""),
code("""
from matplotlib.figure import Figure

fig = Figure(figsize=(8, 3.6), layout="constrained")
axes = fig.subplots(1, 2, sharey=True)
for ax, who, labels in ((axes[0], "row", OFFENSE_HAND), (axes[1], "col", DEFENSE_HAND)):
    bottom = np.zeros(4)
    for k, label in enumerate(labels):
        share = np.array([(mixes[s].row if who == "row" else mixes[s].col)[k] for s in (1, 2, 3, 4)])
        ax.bar([1, 2, 3, 4], share, bottom=bottom, label=label)
        bottom += share
    ax.set_xlabel("offense ships")
    ax.set_title("offense's mix" if who == "row" else "defense's mix")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=3, frameon=False)
axes[0].set_ylabel("probability in the equilibrium")
fig
""", FIG),
md("""
With few ships the offense cannot win even with the 08 against the 06, so it often
negotiates; at four ships it never does. The defense negotiates more and more as the
offense grows stronger: compensation is the best it can get from a lost encounter.

## Exercises

**1.** Give the defense an attack 20 instead of its 14 (duel, big cards worth keeping,
four ships each). Before computing: which cards do you expect to be dominated? Then
compute the eliminations and the equilibria.
"""),
md("""
**Answer** (try it yourself first):
"""),
code("""
ex1 = stats.planning_game(OFFENSE_HAND, ["attack 06", "attack 20", "negotiate"], 4, 4, relative=True, weights=keep)
print(ex1)
print(theory.iterated_elimination(ex1).describe())
for eq in theory.equilibria(ex1):
    print(eq)
"""),
md("""
The 20 (24 in total) beats both offense attacks, and both beat the 06: the 15 now does
nothing the cheaper 08 does not, so it is dominated. Against the 20 the offense's
negotiate pays more than an attack (compensation instead of a loss). The equilibrium
mixes the 08 with the negotiate, and the value for the offense falls from 0.452 to 1/3: a
stronger card in the defense's hand protects it even when it is not played.

**2.** Cards become precious (`Weights(card=0.3, attack_point=0.05)`): compensation is
worth more. In the duel, does the defense still negotiate? Does the offense?
"""),
md("""
**Answer** (try it yourself first):
"""),
code("""
precious = stats.Weights(card=0.3, attack_point=0.05)
ex2 = stats.planning_game(OFFENSE_HAND, DEFENSE_HAND, 4, 4, relative=True, weights=precious)
print(ex2)
for eq in theory.equilibria(ex2):
    print(eq)
"""),
md("""
Now four cards of compensation (1.2 for the negotiator, −1.2 for the winner) are worth
more than the four ships lost: losing with a negotiate *gains* against the opponent. The
offense negotiates too, and the duel becomes a negotiation: both play negotiate, value 0.

**3.** Verify the fully mixed equilibrium of the Warrior game without `ovnilab.theory`:
compute each player's payoff of every pure strategy against the other's mix and check
that all three are equal.
"""),
md("""
**Answer** (try it yourself first):
"""),
code("""
warrior = games["defense is Warrior (3 tokens)"]
(eq,) = theory.equilibria(warrior)
x, y = np.array(eq.row), np.array(eq.col)
print("offense's cards against the defense's mix:", np.round(warrior.row_payoffs @ y, 6) + 0)
print("defense's cards against the offense's mix:", np.round(x @ warrior.col_payoffs, 6) + 0)
"""),
md("""
Each player's three cards pay the same against the other's mix (+0.179 for the offense,
−0.179 for the defense): every card is a best response, so mixing them is too, and nobody
can gain by deviating. That equality ("the opponent is made indifferent") is how mixed
equilibria are computed by hand in small games.
"""),
]
write(str(ROOT / "notebooks" / "theory/02_attack_or_negotiate.ipynb"), cells)
