import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *

cells = [
md("""
# Cosmic Encounter, rule by rule, and a game to replay

This notebook walks through the rules of Cosmic Encounter (the rulebook is
`seeds/003_f327f3c685407183.txt`, in Portuguese; the general rules it only summarises, the
deck, the artifacts and the alien powers are in the project's reference notes and in
`data/cosmic/`). Every rule is shown on a **real game state** of the engine
`ovnilab.cosmic`: a seeded game is played until the moment the rule matters, then we look
at the legal actions, apply one, and print what changed. Everything here is deterministic:
run it again and you get the same games.

Contents: 1 set-up · 2 the seven phases of an encounter (regroup, destiny, launch, alliance,
planning, reveal, resolution), compensation, deals, defensive rewards, reinforcements, the
second encounter · 3 artifacts · 4 flares · 5 losing a power · 6 the end ·
7 readings and rule options · 8 the 23 alien powers in action · 9 a whole game by bots, to
replay on the board.
"""),
code('''
import random
from IPython.display import SVG, display
from ovnilab import IllegalAction, cosmic
from ovnilab.cosmic.render import to_svg

#: "quiet" answers: no artifacts or flares, no alliances, no second encounter
QUIET = ("pass", "invite nobody", "decline", "end turn")


def advance(state, until, seed=0, quiet=QUIET, limit=5000):
    """Play until ``until(state)`` holds: a quiet answer when one is legal, otherwise a
    seeded random choice (so every run reaches the same position)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        if state.is_over():
            raise RuntimeError("the game ended first")
        legal = state.legal_actions()
        calm = [a for a in legal if str(a) in quiet]
        state.apply(calm[0] if calm else rng.choice(legal))
    raise RuntimeError("the position was not reached")


def finish_encounter(state, seed=0, quiet=QUIET):
    """Play the current encounter to its end (quietly) and return its result."""
    start = state.encounters
    advance(state, lambda s: s.is_over() or s.encounters > start or s.phase == "second", seed, quiet)
    return state.last_result


def options(state):
    """The legal actions, as text."""
    return [str(a) for a in state.legal_actions()]


def offered(state, text):
    """Whether some legal action starts with ``text``."""
    return any(a.startswith(text) for a in options(state))


def refused(state, action):
    """Try an action the rules forbid and print the rule the engine names."""
    try:
        state.apply(action)
    except IllegalAction as err:
        print(f"{action!s:<24} refused: {err.rule}")


def card_of(state, seat):
    """The encounter card ``seat`` selected, as that seat sees it (None before)."""
    side = state.side_of(seat) if seat in (state.offense, state.defender) else -1
    return state.observation(seat)["encounter_cards"][("offense", "defense")[side]] if side >= 0 else None


def value(text):
    """The number at the end of a card's name ("attack 08" -> 8, "... +3" -> 3), or -1."""
    tail = text.split(" from ")[0].split()[-1].lstrip("+")
    return int(tail) if tail.isdigit() else -1


def who(state, seat):
    """A seat's colour and alien."""
    return f"{state.colours[seat]} ({state.alien[seat]})" if state.alien[seat] else state.colours[seat]


def show(state, viewer=None):
    """Draw the state (the public view, or what ``viewer`` sees)."""
    display(SVG(to_svg(state, viewer=viewer)))
'''),
md("""
`advance` is how every lesson below reaches its position: the players answer quietly (they
pass on artifacts, flares and optional powers, invite nobody and decline invitations)
and otherwise choose at random from a fixed seed. The position is then a real position of
a real game, reached by legal moves only.

## 1. Set-up

Each player has five planets with four ships on each (20 ships), and the warp is empty.
The destiny deck holds three cards per colour in play, two wild and three special cards
(14, 17 or 20 cards). The cosmic deck has 72 cards; two flares per player are added, topped
up at random to ten flares. Each player is dealt two aliens and keeps one, in secret: the
choice is an action. Hands of eight are dealt once every alien is chosen.
"""),
code('''
g = cosmic.new_game(4, seed=1)
print("ships on red's planets:", [g.ships[g.planet(f"red {k}") * 4 + 0] for k in range(1, 6)], "warp:", g.warp)
print("destiny deck for 3, 4, 5 players:",
      [len(s.ddeck) + len(s.ddiscard) for s in (cosmic.new_game(n, seed=1) for n in (3, 4, 5))])
print("cosmic deck:", g.g.deck_size, "cards +", len(g.flare_aliens), "flares:", ", ".join(g.flare_aliens))
for seat in range(4):
    print(f"{g.colours[seat]:<6} is dealt {' or '.join(g.offers[seat])}")
print("red chooses among:", options(g), "| hands so far:", [len(h) for h in g.hands])
'''),
code('''
for seat in range(4):
    g.apply(options(g)[0])          # everyone keeps the first alien dealt
print("aliens:", [who(g, s) for s in range(4)])
print("hands:", [len(h) for h in g.hands])
print("first player (from the destiny deck):", who(g, g.offense), "- its destiny card:", g.observation(0)["destiny"])
'''),
md("""
The picture: each player's panel shows its alien and whether the power works, its foreign
colonies toward five, its hand (as card backs: nobody sees another hand), its ships in the
warp and its five home planets with the ships of every colour on them. The right column
holds the encounter: the destiny card, the hyperspace gate and its target, both encounter
cards, then the cards in play, the last encounter and the warp. `show(state, viewer=seat)`
draws what one player sees, with its hand at the bottom.
"""),
code('''
show(g, viewer=0)
''', FIG),
md("""
For first games the rulebook suggests playing without flares (`Rules(flares=False)`);
`cosmic.Rules(powers=False)` plays without aliens at all, and
`new_game(..., aliens=[...])` gives each seat a chosen alien (we use it in section 8).

## 2. A turn: the seven phases of an encounter

The player whose turn it is is the **offense**. A turn is one encounter, and a second one
only after a win or a successful deal. At the start of the turn, an offense without any
encounter card (attack, negotiate or morph) shows its hand, discards it and draws eight new
cards; the engine does this by itself, since it is not a choice.

### 2.1 Regroup

The offense takes one of its ships back from the warp to one of its colonies (to the
hyperspace gate if it has no colony).
"""),
code('''
r = cosmic.new_game(4, seed=0, rules=cosmic.Rules(flares=False))
advance(r, lambda s: s.phase == "regroup")
off = r.offense
print(f"turn {r.turn}: {who(r, off)} has {r.warp[off]} ships in the warp; colonies: {[r.pname[p] for p in r.colonies(off)]}")
print(options(r))
r.apply(options(r)[-1])
print("after:", r.warp[off], "in the warp")
'''),
md("""
### 2.2 Destiny

The offense draws a destiny card. A **colour** names the defender and the system of the
encounter (red drew blue above). Its **own colour** lets the offense draw again, or
attack a foreign colony in its own system (or re-establish an empty home planet); a
**wild** card lets it choose any other player; a **special** card names the player with
the most foreign colonies, the most cards in hand or the fewest ships in the warp (ties
to the offense's left). With one card left, the discards are shuffled into a new deck.
"""),
code('''
own = cosmic.new_game(4, seed=0, rules=cosmic.Rules(flares=False))
advance(own, lambda s: s.phase == "own")
print(f"{who(own, own.offense)} drew its own colour:", options(own))
wild = cosmic.new_game(4, seed=0, rules=cosmic.Rules(flares=False))
advance(wild, lambda s: s.phase == "wild")
print(f"{who(wild, wild.offense)} drew a wild card:", options(wild))
sp = cosmic.new_game(4, seed=0, rules=cosmic.Rules(flares=False))
advance(sp, lambda s: s.phase == "aim" and s.observation(0)["destiny"] == "most foreign colonies")
print(f"{who(sp, sp.offense)} drew 'most foreign colonies':", sp.scores(), "->", who(sp, sp.defender), "defends")
'''),
md("""
### 2.3 Launch

The offense aims the hyperspace gate at a planet of the defender's system and sends one to
four ships from any of its colonies onto the gate, without taking the last ship of a
colony (*reading*: the rulebook warns that such a colony is lost; `may_abandon_colonies`
is the other reading, section 7). We continue the game of section 1.
"""),
code('''
print(options(g))
g.apply("aim at blue 2")
print(options(g))
refused(g, "done")
for planet in ("red 1", "red 1", "red 1"):
    g.apply(f"ship from {planet}")
refused(g, "ship from red 1")
g.apply("ship from red 2")
print("on the gate:", g.gate[0], "ships, aimed at", g.pname[g.target])
'''),
md("""
### 2.4 Alliance

The offense invites allies (never the defense), then the defense invites (never the
offense, but possibly the same players). From the offense's left, each invited player
joins a side with one to four ships, or declines. Offensive allies put their ships on the
gate; defensive allies beside the target planet.
"""),
code('''
print("red invites:", options(g))
g.apply("invite yellow+green")
print("blue invites:", options(g))
g.apply("invite green")
print("yellow answers:", options(g))
g.apply("join offense")
for planet in ("yellow 1", "yellow 2"):
    g.apply(f"ship from {planet}")
g.apply("done")
print("green answers:", options(g))
g.apply("join defense")
for planet in ("green 1", "green 2", "green 3"):
    g.apply(f"ship from {planet}")
g.apply("done")
print("allies:", g.observation(0)["allies"], "| gate:", g.gate, "| beside the planet:", g.side)
'''),
md("""
After the allies commit, the players may play the artifacts and flares whose timing has
come (a *Force Field*, for instance, sends chosen allies home); whenever one is played, the
other holders of a *Card Zap* may cancel it. Everyone passes for now (artifacts are
section 3, flares section 4).
"""),
code('''
while g.phase != "select":
    print(f"{who(g, g.current_player)} may play:", options(g))
    g.apply("pass")
'''),
md("""
### 2.5 Planning

Both main players select an encounter card face down: flares, artifacts and
reinforcements are not encounter cards. A defense without encounter cards draws a new
hand first; an offense without any loses its turn.
"""),
code('''
print("red's hand:", g.hand_names(0))
print("red may select:", options(g))
g.apply("select attack 20")
print("what blue sees of the encounter cards:", g.observation(1)["encounter_cards"])
print("what red sees:", g.observation(0)["encounter_cards"])
'''),
code('''
show(g, viewer=1)
''', FIG),
md("""
### 2.6 Reveal, attack against attack

Both cards are revealed at once. With two attacks each side adds its card to its ships
(allies included); the higher total wins and ties go to the defense. After an attack is
revealed, main players and allies may add **reinforcements** to their own side.
"""),
code('''
print("blue selects from:", options(g))
g.apply(options(g)[0])
print("revealed:", g.observation(0)["encounter_cards"], "ships:", g.side_ships(0), "vs", g.side_ships(1))
print("totals so far:", g.totals, "| now:", who(g, g.current_player), options(g))
result = finish_encounter(g)
print(result)
'''),
md("""
### 2.7 Resolution: colonies, the warp, defensive rewards

If the offense wins, its ships and its allies' ships on the gate land on the target planet
(a colony each), and the defender's and the defensive allies' ships go to the warp. If the
defense wins, the ships on the gate go to the warp and each defensive ally takes a
**reward** per ship it sent: a card from the deck or one of its ships back from the warp
(the mix is chosen up front).
"""),
code('''
print("blue 2 now holds:", g.observation(0)["planets"]["blue 2"], "| warp:", g.warp)
print("foreign colonies:", g.scores())
rw = cosmic.new_game(4, seed=3, rules=cosmic.Rules(flares=False))
advance(rw, lambda s: s.phase == "reward", quiet=("pass", "end turn"))
ally = rw.current_player
print(f"{who(rw, ally)} defended as an ally and won: {rw.warp[ally]} ships in its warp, rewards:", options(rw))
'''),
md("""
### 2.8 Negotiate against attack: compensation

A negotiate loses to an attack, but its player takes **compensation**: one card at random
from the winner's hand per ship it lost to the warp (its allies' ships do not count).
"""),
code('''
cp = cosmic.new_game(3, seed=1, rules=cosmic.Rules(flares=False, powers=False))
advance(cp, lambda s: s.phase == "select" and s.current_player == s.defender
        and s.observation(s.offense)["encounter_cards"]["offense"] == "negotiate"
        and offered(s, "select attack"))
off, dfd = cp.offense, cp.defender
before = len(cp.hands[off])
cp.apply(next(a for a in options(cp) if a.startswith("select attack")))
print(f"{cp.colours[off]} negotiated with {cp.gate[off]} ship(s) on the gate; {cp.colours[dfd]} attacked")
print(finish_encounter(cp))
print(f"{cp.colours[off]}'s hand: {before} cards, then {len(cp.hands[off])} (compensation from {cp.colours[dfd]})")
'''),
md("""
### 2.9 Two negotiates: the deal

With two negotiates the allies go home and the main players negotiate. The rulebook gives
them a minute; ovnilab models a deal as **structured proposals**: how many cards each side
gives and, for each side, a colony on a planet where the other has one. At least one card
or colony must change hands. The other player accepts, rejects or counters; after
`Rules.deal_rounds` proposals (4) the last one must be accepted or the deal fails. Once a
deal is accepted each giver **chooses** its cards, one at a time (the offense first, and
both before any card moves, so nobody sees what it receives before giving);
`Rules(deal_cards="random")` draws them at random instead, a quicker what-if. A failed
deal sends three ships of each main player to the warp.
"""),
code('''
def negotiating(seed):
    d = cosmic.new_game(3, seed=seed, rules=cosmic.Rules(flares=False, powers=False))
    return advance(d, lambda s: s.phase == "deal")

d = negotiating(2)
off, dfd = d.colours[d.offense], d.colours[d.defender]
print(f"{who(d, d.offense)} and {who(d, d.defender)} both negotiated; {len(options(d))} possible answers, e.g.:")
print("  ", options(d)[0]); print("  ", options(d)[-2]); print("  ", options(d)[-1])
d.apply(f"propose: {off} gives 1 card, {dfd} gives 1 card, {off} lands nowhere, {dfd} lands nowhere")
counter = next(a for a in options(d) if a.startswith(f"propose: {off} gives 0 cards, {dfd} gives 1 card, {off} lands on"))
print(f"{dfd} may accept, reject or counter, e.g. {counter!r}")
d.apply(counter)
d.apply("accept deal")
if d.phase == "give":
    print(f"accepted: {who(d, d.current_player)} chooses the card it gives among", options(d))
    d.apply(options(d)[-1])
print(finish_encounter(d), f"| {off}'s foreign colonies:", d.foreign_colonies(d.offense))
'''),
code('''
f = negotiating(2)
warp = list(f.warp)
f.apply("reject deal")
finish_encounter(f)
print("the deal failed: warp", warp, "->", f.warp)
'''),
md("""
### 2.10 Morph, and reinforcements

A morph becomes a copy of the opponent's revealed card (its value, or a negotiate), without
the opponent's reinforcements. Reinforcement cards (+2, +3, +5) are played after the
reveal by main players and allies, on their own side, in turns until everybody passes.
"""),
code('''
m = cosmic.new_game(3, seed=3, rules=cosmic.Rules(flares=False, powers=False))
advance(m, lambda s: s.phase == "select" and s.current_player == s.defender and offered(s, "select morph"))
print(f"{m.colours[m.offense]} selected {m.observation(m.offense)['encounter_cards']['offense']};",
      f"{m.colours[m.defender]} selects the morph")
m.apply("select morph")
r = finish_encounter(m)
print(f"the morph counted as a copy: cards {r['cards']}, totals {r['totals']} -> the {r['outcome']} wins (ties: defense)")
rf = cosmic.new_game(3, seed=1, rules=cosmic.Rules(flares=False, powers=False))
advance(rf, lambda s: s.phase == "reinforce")
print(f"revealed {rf.observation(0)['encounter_cards']}, totals {rf.totals};",
      who(rf, rf.current_player), "may play:", options(rf))
rf.apply(options(rf)[0])
print("totals after the reinforcement:", rf.totals)
'''),
md("""
### 2.11 The second encounter

After winning (or making a deal) in its first encounter, the offense may have a second one
if it still holds an encounter card. After a loss, or after the second encounter, the turn
passes to the left.
"""),
code('''
sec = cosmic.new_game(3, seed=1, rules=cosmic.Rules(flares=False, powers=False))
advance(sec, lambda s: s.phase == "second")
print(f"the {sec.last_result['outcome']} won ->", who(sec, sec.current_player), "may:", options(sec))
sec.apply("have a second encounter")
print("encounter", sec.enc_no, "of turn", sec.turn, "- phase:", sec.stage)
'''),
md("""
## 3. Artifacts

Eleven artifact cards (eight kinds) are played at fixed moments: *Mobius Tubes* (offense,
regroup) frees every ship in the warp; *Plague* (regroup) costs a player three ships and
one card of each type (the victim chooses both); *Force Field* (after the alliances) sends chosen allies home;
*Emotion Control* (reveal) turns revealed attacks into negotiates; *Ionic Gas*
(resolution) cancels compensation and rewards; *Quash* (resolution) cancels a deal just
made; *Cosmic Zap* cancels a power: it answers a power's use as it is made, or, played in
any window, switches off a power that acts by itself for the encounter; *Card Zap*
cancels a flare or an artifact as it is played. A Card Zap or a Cosmic Zap played in
answer is itself an artifact being played, so another Card Zap may cancel it in turn.
After use an artifact is discarded. Their timings are in
`data/cosmic/artifacts.toml`.
"""),
code('''
def playing(name, seed, n=4):
    \"\"\"A random game (nobody quiet) until ``name`` may be played, from the first seed
    (``seed``, ``seed + 1``, ...) whose game gets there; returns the state.\"\"\"
    for k in range(seed, seed + 100):
        try:
            a = cosmic.new_game(n, seed=k, rules=cosmic.Rules(flares=False))
            return advance(a, lambda s: offered(s, f"play {name}"), seed=k, quiet=())
        except RuntimeError:  # this game ended first
            continue
    raise RuntimeError(f"no game reached a {name}")

SEEDS = {"Mobius Tubes": 0, "Plague": 1, "Force Field": 0, "Emotion Control": 0, "Ionic Gas": 1,
         "Quash": 0, "Cosmic Zap": 0, "Card Zap": 0}
for name, seed in SEEDS.items():
    a = playing(name, seed)
    plays = [x for x in options(a) if x.startswith(f"play {name}")]
    print(f"{name:<16} offered to {a.colours[a.current_player]:<6} at {a.stage:<10} ({a.phase}): {plays[:2]}")
'''),
md("""
Plague hits a player of the holder's choice: three ships to the warp (the victim picks them)
and one card of each type it holds to the discard pile (the victim picks them too).
"""),
code('''
pl = playing("Plague", 1)
victim = next(a for a in options(pl) if a.startswith("play Plague")).split(" on ")[1]
v = pl.cindex[victim]
print(f"{who(pl, pl.current_player)} plays Plague on {victim}: warp {pl.warp[v]}, hand {pl.hand_names(v)}")
pl.apply(f"play Plague on {victim}")
advance(pl, lambda s: s.phase not in ("lose", "zap"))
while pl.phase == "plague":
    print(f"  {victim} chooses which to discard among", options(pl))
    pl.apply(options(pl)[-1])
print(f"after: warp {pl.warp[v]}, hand {pl.hand_names(v)}")
'''),
code('''
mt = playing("Mobius Tubes", 0)
print(f"{who(mt, mt.current_player)} plays Mobius Tubes; the warp holds {mt.warp}")
mt.apply("play Mobius Tubes")
advance(mt, lambda s: s.phase not in ("place", "zap"))
print("after:", mt.warp)
'''),
code('''
em = playing("Emotion Control", 0)
print("revealed:", em.observation(0)["encounter_cards"])
em.apply("play Emotion Control")
advance(em, lambda s: s.phase != "zap")
print("with Emotion Control both count as negotiates ->", finish_encounter(em)["outcome"])
'''),
code('''
cz = playing("Card Zap", 0)
print(f"{cz.colours[cz.actors[-1]]} has just played: {cz.log[-1]}")
print(f"{who(cz, cz.current_player)} may answer:", options(cz))
cz.apply("play Card Zap")
print("cancelled: both cards are discarded:", cz.observation(0)["discard"][-2:])
'''),
md("""
A Card Zap played in answer is itself an artifact being played, so a player holding
another Card Zap may cancel it in turn, and the card it answered takes effect after all.
Here a random game reaches such a moment:
"""),
code('''
def zap_on_table(s):
    return s.phase == "zap" and str(s.log[-1]) == "play Card Zap"

for k in range(100):
    zz = cosmic.new_game(4, seed=k, rules=cosmic.Rules(flares=False, powers=False))
    try:
        advance(zz, zap_on_table, seed=k, quiet=())
        break
    except RuntimeError:  # this game ended first
        continue
print(f"{who(zz, zz.actors[-2])}: {zz.log[-2]}; {who(zz, zz.actors[-1])}: {zz.log[-1]}")
print(f"{who(zz, zz.current_player)} may answer the Card Zap:", options(zz))
first = zz.log[-2]
zz.apply("play Card Zap")
advance(zz, lambda s: s.phase != "zap")
print(f"the first Card Zap is cancelled, so '{first}' takes effect after all; next:",
      zz.phase, options(zz)[:3])
print("Card Zaps in the discard pile:", zz.observation(0)["discard"].count("Card Zap"))
'''),
md("""
A Cosmic Zap answers the use of an alien power in the same way: the use waits while the
other players may answer it, and a Cosmic Zap cancels it (the power stays off for the rest
of the encounter).
"""),
code('''
def power_used(s):
    return s.phase == "zap" and any(a.startswith("play Cosmic Zap on") for a in options(s))

for k in range(4, 200):
    pz = cosmic.new_game(4, seed=k, rules=cosmic.Rules(flares=False))
    try:
        advance(pz, power_used, seed=k, quiet=())
        break
    except RuntimeError:  # this game ended first
        continue
user = pz.actors[-1]
print(f"{who(pz, user)}: {pz.log[-1]}")
print(f"{who(pz, pz.current_player)} may answer:", options(pz))
pz.apply(next(a for a in options(pz) if a.startswith("play Cosmic Zap")))
advance(pz, lambda s: s.phase != "zap", quiet=("pass",))
print(f"the use is cancelled; {pz.colours[user]}'s power works now:", pz.observation(0)["powers_active"][user])
'''),
md("""
## 4. Flares

A flare belongs to an alien. Whoever holds it may play its **wild** side; the player of
that alien plays its **super** side instead, while its power works. At most one flare per
player per encounter, each flare once per encounter; after use it returns to the hand.
Each flare's two sides are in `data/cosmic/flares.toml`.
"""),
code('''
fl = cosmic.new_game(4, seed=2)
while fl.phase == "alien":
    fl.apply(options(fl)[0])
advance(fl, lambda s: any(a.kind == "flare" for a in s.legal_actions()), quiet=("invite nobody", "decline", "end turn"))
me = fl.current_player
print(f"{who(fl, me)} holds {[c for c in fl.hand_names(me) if c.endswith('flare')]} and may play:",
      [a for a in options(fl) if "flare" in a])
flare = next(a for a in options(fl) if "flare" in a)
fl.apply(flare)
while fl.phase == "zap":
    print(f"  {who(fl, fl.current_player)} may answer the flare: {options(fl)} (passes)")
    fl.apply("pass")
print(f"played {flare!r}; it is back in the hand: {[c for c in fl.hand_names(me) if c.endswith('flare')]}")
'''),
md("""
The owner of an alien plays the super side of its own flare while its power works:
"""),
code('''
sup = cosmic.new_game(4, seed=4)
while sup.phase == "alien":
    sup.apply(options(sup)[0])
advance(sup, lambda s: any(a.kind == "flare" and a.b == "super" for a in s.legal_actions()),
        quiet=("invite nobody", "decline", "end turn"))
print(f"{who(sup, sup.current_player)} holds its own flare: {[a for a in options(sup) if 'flare' in a]}")
'''),
md("""
## 5. Losing a power

A player with fewer than three colonies in its home system loses its alien power at once
(the panel says *power LOST*); it comes back as soon as it has three again. Flares: the
player may still play the wild side of its own flare.
"""),
code('''
pw = cosmic.new_game(4, seed=5)
while pw.phase == "alien":
    pw.apply(options(pw)[0])
advance(pw, lambda s: any(s.home_colonies(p) < 3 for p in range(4)), quiet=())
weak = next(p for p in range(4) if pw.home_colonies(p) < 3)
print(f"{who(pw, weak)}: {pw.home_colonies(weak)} home colonies -> power active: {pw.power_active(weak)}")
print("the others:", [(pw.colours[p], pw.home_colonies(p), pw.power_active(p)) for p in range(4) if p != weak])
'''),
code('''
show(pw)
''', FIG),
md("""
## 6. The end

The game ends as soon as one or more players have five foreign colonies (colonies on
planets of other players' systems); they share the win, which happens most often through
alliances and deals.
"""),
code('''
end = cosmic.new_game(4, seed=6)
while end.phase == "alien":
    end.apply(options(end)[0])
advance(end, lambda s: s.is_over(), quiet=())
print(f"after {end.turn} turns and {end.encounters} encounters: foreign colonies {end.scores()}")
print("winner(s):", [who(end, w) for w in end.winners()])
'''),
code('''
show(end)
''', FIG),
md("""
## 7. Readings and rule options

Where the rulebook leaves a choice open, the engine takes the reading we judge most
faithful and makes the alternative a `cosmic.Rules` option (the engine's module docstring
lists every reading):

| option | default (the rulebook's reading) | alternative |
|---|---|---|
| `may_abandon_colonies` | a launch or an ally keeps one ship on each colony | the last ship may leave (the colony is lost) |
| `destiny_reshuffle` | `"one_left"`: reshuffle when one card is left | `"empty"`: when none is left |
| `second_encounter` | `"ask"`: the offense may decline | `"always"` |
| `double_morph` | `"attack0"`: two morphs are attacks 00 | `"negotiate"`: a deal |
| `deal_rounds`, `deal_max_cards` | 4 proposals, up to 3 cards each way | any |
| `deal_cards` | `"chosen"`: each giver picks the cards it gives | `"random"`: drawn from its hand |
| `flares`, `powers` | on | first games without them |

Other what-ifs change the components: `hand_size`, `ships_per_planet`, `win_colonies`,
`max_ships`, `deal_fail_ships`, `power_threshold`, `alien_pool`, `deck_file`.

Readings without an option, because the rules leave no real alternative or a table talk
cannot be modelled: the offense's ships go home before a deal, like the allies'; compensation counts only the
negotiating player's own ships; reinforcements are offered only when both revealed cards
are attacks (otherwise totals do not matter); ships returning home go back to the planet
they came from while it is still a colony; a special destiny card never names the offense
itself.
"""),
code('''
print(cosmic.Rules())
loose = cosmic.new_game(4, seed=1, rules=cosmic.Rules(flares=False, powers=False, may_abandon_colonies=True))
loose.apply("aim at blue 2")
for _ in range(4):
    loose.apply("ship from red 1")
print("with may_abandon_colonies=True red may empty red 1:", loose.observation(0)["planets"]["red 1"])
'''),
md("""
## 8. The 23 alien powers in action

Each power below is shown once on a real encounter: seat 0 (**red**) plays the alien, the
others play aliens whose powers quiet players never use, and the game runs until the
moment the power matters. The power's text is in `data/cosmic/aliens.toml`; its
definition (timing, role, optional or not) is one `Power(...)` in
`ovnilab/cosmic/aliens.py`.
"""),
code('''
def demo(alien, seed, n=3):
    """A game without flares where red plays ``alien``; the other seats play optional
    powers that quiet players never use."""
    others = [a for a in ("Oracle", "Trader", "Will", "Sorcerer") if a != alien][: n - 1]
    return cosmic.new_game(n, seed=seed, rules=cosmic.Rules(flares=False), aliens=[alien, *others])


for name in cosmic.implemented_aliens():
    info = cosmic.load_data().aliens[name]
    print(f"{name:<10} {'/'.join(info.roles):<13} {info.timing:<16} {'optional' if info.optional else 'always'}")
'''),
]

# ------------------------------------------------------------------ the 23 aliens
ALIENS = [
("Barbarian", """
**Barbarian** (offense, resolution): after winning as the offense, it looks at the
defender's hand, keeps one card per ship it had in the encounter and discards the rest.
""", '''
g = demo("Barbarian", seed=0)
advance(g, lambda s: s.phase == "power")
d = g.defender
print(f"red won with {g.main_ships[0]} ships; {g.colours[d]}'s hand: {g.hand_names(d)}")
while g.phase == "power":
    print("  ", options(g)[0])
    g.apply(options(g)[0])
print(f"red now holds {g.hand_names(0)}; {g.colours[d]} holds {g.hand_names(d)}")
'''),
("Chosen", """
**Chosen** (main player, reveal): after the reveal it draws three cards and may replace its
encounter card with one of them, or add an attack's value to its own attack.
""", '''
g = demo("Chosen", seed=0)
losing = lambda s: s.totals[s.side_of(0)] < s.totals[1 - s.side_of(0)]
advance(g, lambda s: offered(s, "use Chosen power") and s.kinds == (0, 0) and losing(s))
print("revealed:", g.observation(0)["encounter_cards"], "totals:", g.totals,
      f"- red ({('offense', 'defense')[g.side_of(0)]}) is losing")
g.apply("use Chosen power")
print("drawn:", [g.t.name[c] for c in g.table], "->", options(g))
best = max(options(g), key=lambda a: (value(a), a.startswith("Chosen: add")))
g.apply(best)
print(best, "-> totals", g.totals, "-> the", finish_encounter(g)["outcome"], "wins")
'''),
("Clone", """
**Clone** (main player, end of the encounter): takes its own encounter card back into its
hand instead of discarding it.
""", '''
g = demo("Clone", seed=0)
advance(g, lambda s: offered(s, "use Clone power") and value(card_of(s, 0)) >= 10)
print("red played", card_of(g, 0), "| hand:", g.hand_names(0))
g.apply("use Clone power")
print("after:", g.hand_names(0))
'''),
("Cudgel", """
**Cudgel** (main player, resolution): when it wins with an attack, the opponent also loses
as many ships as the Cudgel had in the encounter.
""", '''
g = demo("Cudgel", seed=0)
won = lambda s: s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.outcome == ("offense", "defense")[s.side_of(0)]
advance(g, lambda s: s.stage == "resolution" and s.phase == "window" and won(s) and s.kinds[s.side_of(0)] == 0)
side, o = g.side_of(0), g.opponent(0)
mine, theirs, warp = g.main_ships[side], g.main_ships[1 - side], g.warp[o]
print(f"red won with an attack and {mine} ships; {g.colours[o]} had {theirs} ships in the encounter, {warp} in the warp")
finish_encounter(g)
print(f"after: {g.colours[o]}'s warp {g.warp[o]} = {warp} + its {theirs} ships + {mine} more (the Cudgel's)")
'''),
("Filch", """
**Filch** (main player, end of the encounter): takes the opponent's used encounter card
into its hand.
""", '''
g = demo("Filch", seed=1)
advance(g, lambda s: offered(s, "use Filch power") and value(card_of(s, s.opponent(0))) >= 10)
print("the opponent played", card_of(g, g.opponent(0)), "| red's hand:", g.hand_names(0))
g.apply("use Filch power")
print("after:", g.hand_names(0))
'''),
("Hacker", """
**Hacker** (main player, resolution): when it collects compensation it chooses whom the
cards come from (any player) and which ones.
""", '''
g = demo("Hacker", seed=0)
advance(g, lambda s: s.phase == "power")
print(f"red lost with a negotiate: {g.tasks[0][3][1]} cards of compensation. It may take:")
print("  ", options(g))
while g.phase == "power":
    best = max(options(g), key=value)
    print("  ", best)
    g.apply(best)
print("red's hand:", g.hand_names(0))
'''),
("Loser", """
**Loser** (main player, planning): before cards are selected it may declare an upset: the
side that would lose the encounter wins it.
""", '''
g = demo("Loser", seed=0)
advance(g, lambda s: offered(s, "use Loser power"))
side = ("offense", "defense")[g.side_of(0)]
g.apply("use Loser power")
r = finish_encounter(g)
normal = ("offense" if r["totals"][0] > r["totals"][1] else "defense") if r["totals"] else \\
         ("offense", "defense")[r["cards"].index("attack")]
print(f"red ({side}) declared an upset; cards {r['cards']}, totals {r['totals']}:",
      f"normally the {normal} wins; with the upset the {r['outcome']} wins")
'''),
("Macron", """
**Macron** (main player or ally): sends one ship at most, but each of its ships counts 4 in
the totals (2 for compensation and rewards).
""", '''
g = demo("Macron", seed=0)
advance(g, lambda s: s.phase == "ships" and s.tasks[0][2] == "launch" and s.current_player == 0)
g.apply(options(g)[0])
print(f"red (Macron) launched one ship ({g.log[-1]}); no second ship: next {who(g, g.current_player)}: {options(g)[:2]}")
advance(g, lambda s: s.revealed and s.kinds == (0, 0) and s.offense == 0 and s.phase in ("reinforce", "window"))
print(f"1 ship counted {g.side_ships(0)}: card {g.values[0]:02d} + {g.side_ships(0)} = {g.totals[0]}",
      f"against {g.totals[1]}")
'''),
("Miser", """
**Miser** (any role): gets a second hand of eight cards, the hoard, and plays from it as
though it were its hand (encounter cards, artifacts, flares, reinforcements); the hoard is
not part of the hand, so compensation, deals and Plague never reach it.
""", '''
g = demo("Miser", seed=0)
advance(g, lambda s: s.phase == "select" and s.current_player == 0 and offered(s, "select") 
        and any(a.endswith("from hoard") for a in options(s)))
print("hand:", g.hand_names(0))
print("hoard:", sorted(g.t.name[c] for c in g.hoard[0]))
g.apply(max((a for a in options(g) if a.endswith("from hoard")), key=lambda a: value(a[:-10])))
print(g.log[-1], "| hoard now", len(g.hoard[0]), "cards, hand", len(g.hands[0]))
'''),
("Mutant", """
**Mutant** (main player, alliance): refills its hand to eight, each card from the deck or
at random from another player's hand.
""", '''
g = demo("Mutant", seed=0)
advance(g, lambda s: offered(s, "use Mutant power"))
print("red holds", len(g.hands[0]), "cards; the others", [len(h) for h in g.hands[1:]])
g.apply("use Mutant power")
print("each card:", options(g))
while g.phase == "power":
    g.apply(options(g)[-1])          # take from the last player offered
print("after:", len(g.hands[0]), "cards; the others", [len(h) for h in g.hands[1:]])
'''),
("Observer", """
**Observer** (main player or ally): as a main player, its allies' ships that would go to
the warp return to their colonies instead.
""", '''
g = demo("Observer", seed=0)
lost = lambda s: s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.outcome == ("defense", "offense")[s.side_of(0)]
advance(g, lambda s: s.stage == "resolution" and s.phase == "window" and lost(s) and s.allies[s.side_of(0)],
        quiet=("pass", "end turn"))
a = g.allies[g.side_of(0)][0]
print(f"red lost; its ally {g.colours[a]} has {g.gate[a] + g.side[a]} ships in the encounter,",
      f"{g.warp[a]} in the warp, {g.ships_on_colonies(a)} on colonies")
finish_encounter(g, quiet=("pass", "end turn"))
print(f"after: {g.colours[a]}'s warp {g.warp[a]}, {g.ships_on_colonies(a)} on colonies (red's own warp: {g.warp[0]})")
'''),
("Oracle", """
**Oracle** (main player, planning): the opponent must select its encounter card first,
face up.
""", '''
g = demo("Oracle", seed=0)
advance(g, lambda s: offered(s, "use Oracle power"))
g.apply("use Oracle power")
advance(g, lambda s: s.phase == "select")
o = g.current_player
g.apply(options(g)[0])
print(f"{g.colours[o]} selected first; red sees {g.observation(0)['encounter_cards']} and chooses among {options(g)}")
'''),
("Pacifist", """
**Pacifist** (main player, reveal): when it reveals a negotiate against an attack, it wins.
""", '''
g = demo("Pacifist", seed=0)
advance(g, lambda s: s.revealed and s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0 and s.phase == "window"
        and s.kinds[s.side_of(0)] == 1 and s.kinds[1 - s.side_of(0)] == 0)
print("red (Pacifist) revealed a negotiate against an attack:", g.observation(0)["encounter_cards"])
print("result: the", finish_encounter(g)["outcome"], "wins")
'''),
("Parasite", """
**Parasite** (not a main player, alliance): may join either side without an invitation.
""", '''
g = demo("Parasite", seed=0)
advance(g, lambda s: s.phase == "answer" and s.current_player == 0, quiet=("pass", "end turn", "invite nobody"))
print("invited:", g.observation(0)["invited"], "-> red may:", options(g))
g.apply("join offense")
print("red joins the offense uninvited, then sends ships:", options(g)[:3], "...")
'''),
("Reserve", """
**Reserve** (main player or ally, reveal): may play attack cards of 06 or less as
reinforcements of their value.
""", '''
g = demo("Reserve", seed=0)
advance(g, lambda s: s.phase == "reinforce" and s.current_player == 0 and any("with attack" in a for a in options(s)))
print("totals:", g.totals, "| red may:", options(g))
g.apply(next(a for a in options(g) if "with attack" in a))
print(g.log[-1], "-> totals", g.totals)
'''),
("Sorcerer", """
**Sorcerer** (main player, after selection): may swap the two face-down encounter cards.
""", '''
g = demo("Sorcerer", seed=0)
worse = lambda s: value(card_of(s, 0)) < value(card_of(s, s.opponent(0)))
advance(g, lambda s: offered(s, "use Sorcerer power") and worse(s))
print(f"red is the {('offense', 'defense')[g.side_of(0)]}; face down: red {card_of(g, 0)},",
      f"{g.colours[g.opponent(0)]} {card_of(g, g.opponent(0))}")
g.apply("use Sorcerer power")
print(f"after the swap: red {card_of(g, 0)}, {g.colours[g.opponent(0)]} {card_of(g, g.opponent(0))} -> the",
      finish_encounter(g)["outcome"], "wins")
'''),
("Spiff", """
**Spiff** (offense, resolution): losing an attack by 10 or more, it lands one ship on the
target planet anyway.
""", '''
g = demo("Spiff", seed=3)
advance(g, lambda s: offered(s, "use Spiff power"))
print("totals", g.totals, "- red loses by", g.totals[1] - g.totals[0], "| red's foreign colonies:", g.foreign_colonies(0))
g.apply("use Spiff power")
finish_encounter(g)
print("after:", g.foreign_colonies(0), "foreign colonies; red's ships on", g.last_result["target"], ":",
      g.observation(0)["planets"][g.last_result["target"]])
'''),
("Trader", """
**Trader** (main player, planning): may trade hands with the opponent before selecting.
""", '''
g = demo("Trader", seed=0)
advance(g, lambda s: offered(s, "use Trader power") and len(s.hands[0]) < len(s.hands[s.opponent(0)]))
o = g.opponent(0)
print("red:", g.hand_names(0), "|", g.colours[o], g.hand_names(o))
g.apply("use Trader power")
print("after: red:", g.hand_names(0), "|", g.colours[o], g.hand_names(o))
'''),
("Vacuum", """
**Vacuum** (any role): when it loses ships to the warp, it takes as many ships of other
players along, naming a victim for each ship (the victim chooses which of its ships).
""", '''
g = demo("Vacuum", seed=0)
advance(g, lambda s: s.phase == "power")
print(f"red just lost {g.tasks[0][3]} ships to the warp (warp {g.warp}); for each it may:", options(g))
named = []
while g.phase == "lose" or (g.phase == "power" and g.tasks[0][2] == "Vacuum"):
    if g.phase == "power":
        # alternate between the other players
        named.append(options(g)[1 + len(named) % (len(options(g)) - 1)])
        g.apply(named[-1])
    else:
        g.apply(options(g)[0])
print(named, "-> warp", g.warp)
'''),
("Vulch", """
**Vulch** (any role): the artifacts other players discard come to its hand.
""", '''
g = demo("Vulch", seed=0)
artifact = lambda s: s.current_player != 0 and any(a.kind == "play" for a in s.legal_actions())
advance(g, artifact, quiet=("invite nobody", "decline", "end turn"))
play = next(str(a) for a in g.legal_actions() if a.kind == "play")
print(f"{who(g, g.current_player)}: {play} | the Vulch's hand: {g.hand_names(0)}")
g.apply(play)
advance(g, lambda s: s.phase != "zap" and not s.table)
print("after: the Vulch's hand:", g.hand_names(0))
'''),
("Warrior", """
**Warrior** (main player): earns a token after each encounter as a main player (one for a
win, two for a loss); each token adds 1 to its total.
""", '''
g = demo("Warrior", seed=0)
advance(g, lambda s: s.revealed and s.kinds == (0, 0) and s.side_of(0) >= 0 and s.main(s.side_of(0)) == 0
        and s.tokens[0] >= 2 and s.phase in ("reinforce", "window"))
side = g.side_of(0)
print(f"red has {g.tokens[0]} tokens: card {g.values[side]:02d} + ships {g.side_ships(side)} + tokens "
      f"{g.tokens[0]} = total {g.totals[side]} (opponent {g.totals[1 - side]})")
'''),
("Will", """
**Will** (offense, destiny): chooses the defender and the planet freely, whatever the
destiny card says.
""", '''
g = demo("Will", seed=0)
advance(g, lambda s: offered(s, "use Will power"))
will = [a for a in options(g) if a.startswith("use Will power")]
print("destiny:", g.observation(0)["destiny"], "->", len(will), "choices, e.g.", will[:3])
g.apply(will[-2])
print(g.log[-1], "-> defender", g.colours[g.defender], "target", g.pname[g.target])
'''),
("Zombie", """
**Zombie** (any role): its ships never go to the warp; they return to its colonies.
""", '''
g = demo("Zombie", seed=0)
advance(g, lambda s: s.stage == "resolution" and s.offense == 0 and s.outcome == "defense" and s.phase == "window")
print(f"red lost as the offense with {g.gate[0]} ships on the gate; on colonies:", g.ships_on_colonies(0),
      "warp:", g.warp[0])
finish_encounter(g)
print("after: on colonies", g.ships_on_colonies(0), "warp:", g.warp[0])
'''),
]

for name, text, src in ALIENS:
    cells.append(md(text))
    cells.append(code(src))

cells += [
md("""
## 9. A whole game, played by bots

Four random bots play a full game with alien powers and flares. The board below holds every
position of it: drag the *history* slider to replay the game, position by position (the
board shows the public view, since no seat is human). To play a seat yourself, make it
human: `Board(cosmic.new_game(4, seed=1), seats={0: "human", 1: RandomBot(), 2: RandomBot(),
3: RandomBot()})`; deals are then proposed with a small form (cards each way, a colony each
way) instead of a list of every possible proposal.
"""),
code('''
from ovnilab.bots import PlayerView, RandomBot
from ovnilab.cosmic.widget import Board

game = cosmic.new_game(4, seed=2026)
bots = {seat: RandomBot() for seat in range(4)}
rng = random.Random(2026)
while not game.is_over():
    seat = game.current_player
    game.apply(bots[seat].act(PlayerView(game, seat), rng))
print(f"{game.turn} turns, {game.encounters} encounters, {len(game.log)} actions")
print("aliens:", [who(game, s) for s in range(4)])
print("foreign colonies:", game.scores(), "-> winner(s):", [who(game, w) for w in game.winners()])
'''),
code('''
replay = Board(game, seats=bots)
replay.history.value = len(game.log) // 2
replay
''', FIG),
]

write(str(ROOT / "notebooks" / "cosmic/01_rules_and_play.ipynb"), cells)
