# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 5: Probability and Bayes' rule with hidden cards
#
# **Audience:** students of an introductory probability or game-theory course (secondary
# school upper years or first-year university); teachers preparing such a class; game
# designers who want to know what a player can infer.
#
# **Prerequisites:** fractions; what a probability is; the binomial coefficient
# $\binom{n}{k}$ (the number of ways to choose $k$ things out of $n$); reading a little
# Python. No rules of the games are assumed: everything needed is explained on the page.
#
# **Objectives:** after this lesson you can
# - count hands with binomial coefficients and compute *hypergeometric* probabilities
#   (drawing without replacement) exactly, as fractions;
# - condition on what you have seen: another player's hidden hand is a uniformly random
#   set of the cards you have not seen;
# - write out Bayes' rule (prior, likelihood, posterior) for a hidden card, and see why a
#   model must use only what the player can know, and use the posterior to compute
#   the expected value of a gamble;
# - check an exact answer against many simulated deals: state $n$, a 95% Wilson interval,
#   and whether the exact value lies inside it.
#
# **Time:** two periods of 50 minutes, or one period with the exercises as homework.
# - *Two periods* (recommended): period 1, sections 1 and 2 (about 25 minutes) and
#   exercises 1 and 2 in class (about 25); period 2, sections 3 and 4 (about 30 minutes)
#   and exercises 3, 4 and 5 in class (about 20).
# - *One period*: the four sections only (about 50 minutes, section 4 the longest); the
#   five exercises as homework (about 45 minutes at home; exercises 2 to 5 are pen and
#   paper, exercise 1 needs the notebook).
#
# **Glossary**
# - Cosmic Encounter (the rulebook's Portuguese term in brackets): *cosmic deck* (deck
#   cósmico), the cards the players hold; *encounter cards* (cartas de encontro): *attack*
#   (Ataque, a card with a number), *negotiate* (Negociação) and *morph*; the other cards
#   are *reinforcements*, *artifacts* and *flares* (each flare belongs to one alien);
#   *hand* (mão) of eight cards; *offense* (atacante), the player whose turn it is;
#   *destiny deck* (deck de Destino), whose cards are a player's *colour* (cor), *wild*
#   (selvagem) or *special* (especial) and name whom the offense meets.
# - The cow game (all names Portuguese): *Celeiro* barn (the discard area); the card faces
#   used here: *Mimosa* "Sweetie", a cow; *Bezerrinho* little calf; *Estrela* "Star", the
#   mother cow; *Vaca Lunar* moon cow; *Lua Cheia* full moon; *Gêmeos* twins (two
#   calves); *Curral* corral; *Fazendeiro* farmer; *Sonda* probe (its effect lets you
#   look at the hidden backs of your hand).

# %%
import itertools
import random
from collections import Counter
from fractions import Fraction
from math import comb

from ovnilab import cosmic, cows
from ovnilab.analysis import wilson_interval
from ovnilab.cosmic import stats
from ovnilab.cosmic.render.labels import card_label   # a card's name in the lesson's language
from ovnilab.cosmic.rules import PASS
from ovnilab.cows import determinize
from ovnilab.texts.lesson05 import say   # the sentences this lesson prints, in its language

COSMIC = cosmic.load_data()  # data/cosmic/*.toml
COW_CARDS = cows.load_cards()  # data/cows/cards.toml


def share(k, n):
    """'k of n = 0.xxx [lo, hi]' with the 95% Wilson interval."""
    lo, hi = wilson_interval(k, n)
    return say("share", k=k, n=n, p=k / n, lo=lo, hi=hi)


def inside(p, k, n, confidence=0.95):
    lo, hi = wilson_interval(k, n, confidence)
    return lo <= p <= hi


# %% [markdown]
# ## 1. Counting hands: the cosmic deck
#
# Every Cosmic Encounter player holds a hand of eight cards dealt from the shuffled cosmic
# deck. The deck file lists 72 cards; a game with alien powers shuffles 10 flares in, so
# hands come from $N = 82$ cards. Of these, $E = 55$ are encounter cards (39 attacks, 15
# negotiates, 1 morph). The library reads the composition from the data files:

# %%
kinds = Counter(COSMIC.faces[COSMIC.card_face[c]].kind for c in range(COSMIC.deck_size))
composition = {name: kinds[i] for i, name in enumerate(cosmic.data.KINDS) if kinds[i]}
flares = cosmic.Rules().flares_total
N = COSMIC.deck_size + flares
E = sum(stats.card_distribution().values())  # attack, negotiate and morph cards
for name, count in composition.items():
    print(say("kind_line", name=say.word(name), count=count))
print(say("flare_line", name=say.word("flare"), count=flares))
print(say("total", n=N, e=E, others=N - E))
assert COSMIC.deck_size == 72 and flares == 10 and N == 82
assert composition == {"attack": 39, "negotiate": 15, "morph": 1, "reinforcement": 6, "artifact": 11}
assert E == 55

# %% [markdown]
# **How many encounter cards does a hand hold?** A hand is a set of 8 cards out of $N$,
# all $\binom{N}{8}$ sets equally likely. A hand with exactly $k$ encounter cards chooses
# $k$ of the $E$ encounter cards and $8-k$ of the $N-E$ others, so
#
# $$P(K = k) = \frac{\binom{E}{k}\binom{N-E}{8-k}}{\binom{N}{8}},$$
#
# the **hypergeometric** distribution (drawing without replacement). The rulebook's "new
# hand" rule matters when $k = 0$: an offense with no encounter card at the start of its
# turn shows its hand, discards it and draws eight new cards. For a fresh hand
#
# $$P(K=0) = \frac{\binom{27}{8}}{\binom{82}{8}} = \frac{27}{82}\cdot\frac{26}{81}\cdots\frac{20}{75}
# = \frac{23}{369\,246},$$
#
# about one hand in 16,000. Exactly, with `Fraction` and `math.comb`:

# %%
HAND = cosmic.Rules().hand_size  # 8


def hypergeom(k, n, good, total):
    """P(exactly k 'good' cards in n cards drawn without replacement from total)."""
    return Fraction(comb(good, k) * comb(total - good, n - k), comb(total, n))


exact_k = {k: hypergeom(k, HAND, E, N) for k in range(HAND + 1)}
assert sum(exact_k.values()) == 1
for k, p in exact_k.items():
    print(f"k = {k}: {str(p):>22} = {float(p):.5f}")
p_new_hand = exact_k[0]
product = Fraction(1)
for i in range(HAND):
    product *= Fraction(N - E - i, N - i)
assert p_new_hand == product == Fraction(23, 369246)
print(say("p_no_encounter", p=p_new_hand, one_in=1 / float(p_new_hand)))
assert round(1 / float(p_new_hand), -3) == 16000

# %% [markdown]
# **Checking against the engine.** We deal `N_GAMES` real games with the engine (seeds
# 0, 1, 2, ...). To keep the set-up free of decisions we switch alien powers off
# (`Rules(powers=False)`); the ten flares are still shuffled in, so every hand is dealt
# from the same 82 cards. We look at one hand per game (hands of one game are dealt from
# the same deck, so they are not independent): the hand of the player to the left of the
# first offense. (Not the offense's own: the engine has already applied the new-hand rule
# to it, which would bias $k = 0$.)
#
# Nine frequencies are compared at once, so each interval is widened to keep the chance
# that *any* of the nine misses by luck at 5% or less (Bonferroni: each at $1 - 0.05/9$).

# %%
N_GAMES = 3000  # raise for tighter intervals
NO_POWERS = cosmic.Rules(powers=False)



def first_destiny(seed):
    """A seeded 4-player game, played (everyone passes when asked whether to play an
    artifact) until the first offense has drawn its first destiny card."""
    g = cosmic.new_game(4, seed=seed, rules=NO_POWERS)
    while g.destiny < 0:
        g.apply(PASS)
    return g


games = [first_destiny(seed) for seed in range(N_GAMES)]
for g in games:
    assert len(g.cards_in_game) == N


def seat_after(g, k):
    """The seat k places to the left of the first offense."""
    return (g.offense + k) % g.n


def encounter_count(names):
    return sum(stats.card_distribution(names).values())


counts = Counter(encounter_count(g.hand_names(seat_after(g, 1))) for g in games)
level = 1 - 0.05 / len(exact_k)
print(say("hands_intervals", n=N_GAMES))
print(say("k_head"))
all_inside = True
for k, p in exact_k.items():
    lo, hi = wilson_interval(counts[k], N_GAMES, level)
    ok = lo <= p <= hi
    all_inside &= ok
    print(f" {k}  {float(p):.4f}    {counts[k] / N_GAMES:.4f}   [{lo:.4f}, {hi:.4f}]" + ("" if ok else say("outside")))
assert all_inside
print(say("all_inside", k=counts[0], expected=N_GAMES * float(p_new_hand), n=N_GAMES))
lo0, hi0 = wilson_interval(counts[0], N_GAMES, level)
print(say("k0_width", times=(hi0 - lo0) / p_new_hand))
assert hi0 - lo0 > 10 * p_new_hand

# %% [markdown]
# The new-hand event is too rare for a simulation of this size to measure: the expected
# number of such hands is a fraction of one, and the $k = 0$ interval is many times wider
# than the probability itself (both printed above). The exact count is the only practical
# way to know it; the simulation checks the formula where the distribution has its mass.
#
# ### Exercise 1
#
# A negotiate is your way to make a deal instead of fighting.
# What is the probability that a fresh hand of eight (from the 82 cards of a game with
# flares) holds **no** negotiate? Store it in `answer_1`, as an exact `Fraction` (use
# `math.comb`) or a decimal within 0.001, and compare it with the chance of having no
# encounter card at all.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex1-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction
from math import comb

answer_1 = None  # replace None by your answer (compute it in this cell)
### BEGIN SOLUTION
# 15 negotiates, 82 - 15 = 67 other cards. The hand avoids every negotiate when all 8
# cards come from the 67: C(67, 8) / C(82, 8), about 0.183, roughly one hand in five;
# nearly 3,000 times more likely than having no encounter card at all (23/369246).
answer_1 = Fraction(comb(67, 8), comb(82, 8))
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex1-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_1 is not None, say("store_answer", k=1)
### BEGIN HIDDEN TESTS
negotiates = stats.card_distribution()["negotiate"]
_exact = hypergeom(0, HAND, negotiates, N)
assert _exact == Fraction(comb(67, 8), comb(82, 8)), (
    "the lesson's hypergeom and the deck's count of negotiates should give the solution's formula: the deck changed")
assert abs(float(answer_1) - _exact) < 0.001, (   # the exercise's tolerance
    "answer_1 should be the probability that a fresh hand of eight, from the 82 cards, holds no negotiate "
    "(within 0.001): count the hands drawn only from the cards that are not negotiates, out of all hands")
assert abs(float(_exact) - 0.183) < 0.001 and 2900 < _exact / exact_k[0] < 3000, (   # the solution's remarks
    "the solution's remarks (the size of the probability, and how it compares with no encounter card at all) "
    "should still hold")
### END HIDDEN TESTS

# %% [markdown]
# ## 2. Conditioning on what you have seen
#
# You hold your eight cards. What is the chance that **another player** holds at least one
# of the big attacks, say an attack of 20 or more? The deck has five (two 20s, 23, 30, 40).
#
# Before looking at your hand, the other player's 8 cards are a random set out of 82, so
# $P(\text{none}) = \binom{77}{8}/\binom{82}{8}$. After looking, what you know is: your 8
# cards are not in their hand, and every set of 8 of the $U = 74$ **unseen** cards is
# equally likely (the deal did not favour any). If you hold $j$ of the five big attacks,
# $5 - j$ are unseen, and
#
# $$P(\text{other holds at least one} \mid \text{you hold } j) = 1 - \frac{\binom{74 - (5-j)}{8}}{\binom{74}{8}}.$$
#
# Holding big attacks yourself makes it less likely the other player has one; holding
# none makes it a little *more* likely than before you looked.

# %%
BIG = 20
big_faces = [f for f in stats.card_distribution() if f.startswith("attack") and int(f.split()[1]) >= BIG]
H = sum(stats.card_distribution()[f] for f in big_faces)
U = N - HAND
assert H == 5 and U == 74
assert {f: stats.card_distribution()[f] for f in big_faces} == {"attack 20": 2, "attack 23": 1, "attack 30": 1, "attack 40": 1}


def p_other_has_big(j):
    """P(another hand holds at least one big attack | my hand holds j of them)."""
    return 1 - Fraction(comb(U - (H - j), HAND), comb(U, HAND))


prior = 1 - Fraction(comb(N - H, HAND), comb(N, HAND))
print(say("big_attacks", h=H, faces=[card_label(f) for f in big_faces]))
print(say("before_looking", p=float(prior)))
for j in range(3):
    print(say("you_hold", j=j, p=float(p_other_has_big(j))))
assert p_other_has_big(0) > prior > p_other_has_big(1) > p_other_has_big(2)

# %% [markdown]
# The same games check it: "you" are the player left of the offense, "another player" the
# one after. Grouping the games by $j$ is conditioning by counting: among the games where
# your hand holds $j$ big attacks, how often does the other hand hold one? Several groups
# are checked at once, so, as in section 1, the intervals are simultaneous (Bonferroni).

# %%
def big_in(names):
    return sum(1 for x in names if x in big_faces)


by_j = {}
for g in games:
    j = big_in(g.hand_names(seat_after(g, 1)))
    has = big_in(g.hand_names(seat_after(g, 2))) > 0
    n_j, k_j = by_j.get(j, (0, 0))
    by_j[j] = (n_j + 1, k_j + has)
level_j = 1 - 0.05 / len(by_j)
print(say("groups", n=len(by_j), level=level_j))
for j in sorted(by_j):
    n_j, k_j = by_j[j]
    exact = p_other_has_big(j)
    lo, hi = wilson_interval(k_j, n_j, level_j)
    verdict = say("inside") if lo <= exact <= hi else say("OUTSIDE")
    print(say("group_line", j=j, k=k_j, n=n_j, p=k_j / n_j, lo=lo, hi=hi, exact=float(exact), verdict=verdict))
assert all(inside(p_other_has_big(j), k_j, n_j, level_j) for j, (n_j, k_j) in by_j.items())

# %% [markdown]
# **The library's answer: determinizations.** A search bot must not look at hidden
# cards. It asks the engine for a *determinization*: a full game state that agrees with
# everything one seat has seen, with the hidden cards dealt again at random. Sampled many
# times, determinizations are draws from the seat's posterior over the hidden cards, so
# the share of samples in which the other hand holds a big attack estimates the same
# conditional probability.

# %%
N_SAMPLES = 2000  # determinizations of one position
position = games[0]
assert not position.discard  # no new hand was drawn: 74 cards are unseen
me, other = seat_after(position, 1), seat_after(position, 2)
j = big_in(position.hand_names(me))
rng = random.Random(5)
hits = sum(big_in(position.determinize(me, rng).hand_names(other)) > 0 for _ in range(N_SAMPLES))
print(say("my_hand", hand=[card_label(c) for c in position.hand_names(me)]))
print(say("i_hold", j=j, p=p_other_has_big(j), p_float=float(p_other_has_big(j))))
print(say("determinizations", share=share(hits, N_SAMPLES)))
assert inside(p_other_has_big(j), hits, N_SAMPLES)

# %% [markdown]
# ### Exercise 2 (pen and paper)
#
# There is one attack 40 in the cosmic deck. You look at your eight cards (from the 82 of
# a game with flares): no attack 40. What is the probability that one given other player
# holds it in their hand of eight? Store it in `answer_2`: a `Fraction`, or a decimal
# within 0.001 of the exact value.
# *Hint:* where can the attack 40 be, and how many of those places are that player's hand?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex2-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_2 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The attack 40 is one of the 82 - 8 = 74 cards you have not seen, and by symmetry it is
# equally likely to be any of them. The other player's hand is 8 of those 74 places, so
# P = 8/74 = 4/37. (The same as 1 - C(73, 8)/C(74, 8): the chance that the 8 cards avoid it.)
answer_2 = Fraction(8, 74)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex2-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_2 is not None, say("store_answer", k=2)
### BEGIN HIDDEN TESTS
assert abs(float(answer_2) - 4 / 37) < 0.001, (   # the exercise's tolerance
    "answer_2 should be the probability that one given other player's hand of eight holds the attack 40 when it "
    "is not in yours (within 0.001): where can the attack 40 be, and how many of those places are that hand?")
assert stats.card_distribution()["attack 40"] == 1, "the cosmic deck should hold one attack 40, as the exercise says"
assert Fraction(4, 37) == 1 - Fraction(comb(U - 1, HAND), comb(U, HAND)), (
    "the solution's two ways of counting should agree on the lesson's numbers of cards")
### END HIDDEN TESTS

# %% [markdown]
# ## 3. The destiny deck
#
# At the start of each encounter the offense draws a destiny card to find out whom it
# meets. The destiny deck holds 3 cards of each player's colour, 2 wild and 3 special
# cards (the colours of absent players are removed). With $n$ players it has $3n + 5$
# cards, so the first card drawn is the offense's **own** colour (the offense may then
# draw again, or attack a foreign colony in its own system) with probability
#
# $$P(\text{own colour}) = \frac{3}{3n+5}: \quad \frac{3}{14},\ \frac{3}{17},\ \frac{3}{20} \text{ for } n = 3, 4, 5.$$
#
# (The first player is chosen with the destiny deck too, but that card is shuffled back,
# so it tells nothing about the next one.) In the engine's games, an own colour drawn at
# the very start leaves only one option (nobody has a colony in the offense's system yet,
# so: draw again), which the engine takes at once; the card drawn first is the first card
# of the destiny discard pile.

# %%
per, wild, special = COSMIC.destiny_per_colour, COSMIC.destiny_wild, len(COSMIC.specials)
assert (per, wild, special) == (3, 2, 3)
own = {}
for n in (3, 4, 5):
    size = per * n + wild + special
    fresh = cosmic.new_game(n, seed=0, rules=NO_POWERS)
    assert len(fresh.ddeck) + len(fresh.ddiscard) == size  # the engine's destiny deck
    own[n] = Fraction(per, size)
    print(say("destiny_size", n=n, size=size, p=own[n], p_float=float(own[n])))
assert own == {3: Fraction(3, 14), 4: Fraction(3, 17), 5: Fraction(3, 20)}

first_card = [g.ddiscard[0] for g in games]  # drawn cards go to the destiny discard pile
drew_own = sum(c == g.offense for c, g in zip(first_card, games))
assert all(g.destiny != g.offense for g in games)  # an own colour was followed by another draw
print(say("first_destiny", share=share(drew_own, N_GAMES)))
assert inside(own[4], drew_own, N_GAMES)

# %% [markdown]
# ### Exercise 3 (pen and paper)
#
# In a **5-player** game, what is the probability that the first destiny card names
# another player directly by colour (a colour card that is not the offense's)? Store it
# in `answer_3`: a `Fraction`, or a decimal within 0.001 of the exact value.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex3-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_3 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# 5 players: 3 x 5 colour cards + 2 wild + 3 special = 20 cards. The other four players
# have 3 cards each: 12 of the 20. P = 12/20 = 3/5.
answer_3 = Fraction(12, 20)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex3-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_3 is not None, say("store_answer", k=3)
### BEGIN HIDDEN TESTS
assert abs(float(answer_3) - 3 / 5) < 0.001, (   # the exercise's tolerance
    "answer_3 should be the probability that a 5-player game's first destiny card is the colour of a player other "
    "than the offense (within 0.001): count the destiny deck's cards for five players, and those among them")
five = cosmic.new_game(5, seed=0, rules=NO_POWERS)
deck5 = five.ddeck + five.ddiscard
assert Fraction(3, 5) == Fraction(sum(1 for c in deck5 if c < 5 and c != five.offense), len(deck5)), (
    "the engine's 5-player destiny deck should be made of the cards the solution counts")
### END HIDDEN TESTS

# %% [markdown]
# ## 4. What is behind this card? Bayes' rule in the cow game
#
# In the cow-abduction game every card has two printed sides, and nobody may look at the
# hidden side. The card set is built so that seeing a side does not tell you the card:
# each of the 18 faces is printed on **two** cards, with different backs. The cards form
# one ring, Mimosa/Bezerrinho, Bezerrinho/Lua Cheia, ..., Estrela/Mimosa, so a face shows
# up once as side A and once as side B of our card list. At set-up the deck is split in
# half, one half is turned over and the deck is shuffled.
#
# **Which way up does a card lie?** "Side A" and "side B" are labels of our card list; the
# printed cards carry no such mark, and they come out of the box any way up. Turning one
# half of the deck over does not change that: for a player, each card lies either way up
# with probability 1/2, independently of the others. That is a *model* of the rulebook's
# split-and-turn set-up, and the game engine deals exactly so by default; the literal
# count, a deck all one way up before the split, is the rule option
# `cows.Rules(exact_half_turned=True)` (exactly 9 of 18 cards turned).
# A model that counted "exactly 9 cards turned to side B" would use a fact no player at
# the table can know, and it gives a different answer (below).

# %%
face_name = [f.name for f in COW_CARDS.faces]
printed = [(face_name[a], face_name[b]) for a, b in COW_CARDS.cards]  # (side A, side B)
n_cards = COW_CARDS.num_cards
assert n_cards == 18 and len(face_name) == 18
assert sorted(a for a, _ in printed) == sorted(face_name) == sorted(b for _, b in printed)
# one ring: card i's side B is card i+1's side A
assert all(printed[i][1] == printed[(i + 1) % n_cards][0] for i in range(n_cards))
# the engine's deals: the number of cards lying side B up varies (no side is marked)
b_up = Counter(sum(cows.new_game(seed=seed).up) for seed in range(400))
print(say("b_up", counts=dict(sorted(b_up.items()))))
assert len(b_up) > 5
for face in ("Mimosa", "Estrela"):
    print(say("printed_on", face=face, cards=[f"{a} / {b}" for a, b in printed if face in (a, b)]))

# %% [markdown]
# **One visible card.** Deal a fresh game and look at the top card of the deck: Mimosa.
# Which card is it? Only two cards print a Mimosa: $M_1$ = Mimosa/Bezerrinho (lying with
# its Mimosa up) or $M_2$ = Estrela/Mimosa (Mimosa up). Bayes' rule:
#
# $$P(M_1 \mid \text{Mimosa}) = \frac{P(\text{Mimosa} \mid M_1)\,P(M_1)}{P(\text{Mimosa} \mid M_1)\,P(M_1) + P(\text{Mimosa} \mid M_2)\,P(M_2)}
# = \frac{\frac12\cdot\frac1{18}}{\frac12\cdot\frac1{18}+\frac12\cdot\frac1{18}} = \frac12.$$
#
# The **prior** $P(M_1) = 1/18$: any card may be on top. The **likelihood**
# $P(\text{Mimosa}\mid M_1) = 1/2$: a card lies either way up. The **posterior**: the back
# is Bezerrinho or Estrela, 50/50.
#
# **Two visible cards.** Now a second card is visible too (the first card a player draws):
# an **Estrela**. It could be $M_2$ itself (Estrela up) or $S$ = Vaca Lunar/Estrela (Estrela
# up). Does it change what we think of the Mimosa? Three arrangements fit what we see:
#
# | Mimosa is | Estrela is | probability of seeing both faces |
# |---|---|---|
# | $M_1$ | $S$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
# | $M_1$ | $M_2$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
# | $M_2$ | $S$ | $\frac1{18}\cdot\frac12 \cdot \frac1{17}\cdot\frac12$ |
#
# The Mimosa cannot be $M_2$ while the Estrela is $M_2$ too: one card is in one place. All
# three rows are equally likely, and the Mimosa is $M_1$ in two of them:
#
# $$P(M_1 \mid \text{both seen}) = \frac{2}{3},$$
#
# so the Mimosa's back is Bezerrinho with probability $2/3$, Estrela with $1/3$. Seeing an
# Estrela is evidence: it may be "using up" the card $M_2$.
#
# **The wrong model.** Suppose a player believed the card list's labels were on the cards
# and counted "exactly 9 of the 18 cards lie side B up". Then the orientations are tied
# together: $M_1$ showing Mimosa and $M_2$ showing Estrela lie side A up (not turned),
# $M_2$ showing Mimosa and $S$ showing Estrela are turned, and an arrangement with $x$ of
# the two visible cards turned leaves $\binom{16}{9-x}$ ways for the other sixteen. The rows weigh $\binom{16}{8}$, $\binom{16}{9}$ and $\binom{16}{7}$, and
# the answer becomes $17/25 = 0.68$ instead of $2/3$: close, but built on a fact nobody at
# the table has.
#
# A short program does the same count for any set of visible faces: it lists every way to
# assign distinct cards, each either way up, to the visible positions; every one is
# equally likely.

# %%
def back_posterior(visible, cards=COW_CARDS):
    """Exact distribution of the hidden side of visible[0].

    visible: list of (face showing, hidden side if known else None), one per visible
    card. Every deal is equally likely and every card lies either way up.
    """
    names = [f.name for f in cards.faces]
    m = len(visible)
    options = []
    for face, back in visible:
        opts = []
        for c, (a, b) in enumerate(cards.cards):
            for shown, hidden in ((a, b), (b, a)):
                if names[shown] == face and (back is None or names[hidden] == back):
                    opts.append((c, names[hidden]))
        options.append(opts)
    weight = Counter()
    for combo in itertools.product(*options):
        if len({c for c, _ in combo}) < m:
            continue  # one card cannot be in two places
        weight[combo[0][1]] += 1
    total = sum(weight.values())
    return {back: Fraction(w, total) for back, w in sorted(weight.items())}


one = back_posterior([("Mimosa", None)])
two = back_posterior([("Mimosa", None), ("Estrela", None)])
print(say("mimosa_alone", posterior={k: str(v) for k, v in one.items()}))
print(say("mimosa_estrela", posterior={k: str(v) for k, v in two.items()}))
assert one == {"Bezerrinho": Fraction(1, 2), "Estrela": Fraction(1, 2)}
assert two == {"Bezerrinho": Fraction(2, 3), "Estrela": Fraction(1, 3)}
wrong = [comb(16, 8), comb(16, 9), comb(16, 7)]  # the "exactly 9 turned" weights of the rows
assert Fraction(wrong[0] + wrong[1], sum(wrong)) == Fraction(17, 25)

# %% [markdown]
# **The library computes the same posterior.** A real game (seed 174): the first player
# draws two cards. Now three faces are visible to both players: the deck's top card (cards
# are drawn from the bottom, so the top one stays in view) and the two drawn cards.
# `ovnilab.cows.determinize.belief(state, seat)` is the seat's exact posterior over every
# hidden side. The third card shares no possible card with the other two, so it does not
# change their posterior; the program above agrees with the library on all three cards:

# %%
game = cows.new_game(seed=174)
game.apply(game.parse_action("draw 2"))
seat = game.current_player
seen = {("deck", 0): game.face(game.deck[0]).name}
seen.update({("drawn", i): game.face(c).name for i, c in enumerate(game.drawn)})
print(say("visible", faces=list(seen.values())))
assert list(seen.values()) == ["Mimosa", "Estrela", "Gêmeos"]
candidates = {f: {i for i, p in enumerate(printed) if f in p} for f in seen.values()}
assert not candidates["Gêmeos"] & (candidates["Mimosa"] | candidates["Estrela"])  # shares no card
assert back_posterior([("Mimosa", None), ("Estrela", None), ("Gêmeos", None)]) == two  # unchanged by it
belief = determinize.belief(game, seat)
for i, (where, face) in enumerate(seen.items()):
    others = [f for w, f in seen.items() if w != where]
    mine = back_posterior([(face, None)] + [(f, None) for f in others])
    library = belief.back_distribution(where)
    print(say("back_library", face=face, posterior={k: round(v, 4) for k, v in library.items()}))
    assert library.keys() == mine.keys() and all(abs(library[k] - float(mine[k])) < 1e-12 for k in mine)

# %% [markdown]
# **Determinizations sample that posterior.** A bot that cannot see the backs plays on
# sampled full states. Over many samples, the share in which the Mimosa's back is
# Bezerrinho should match 2/3:

# %%
N_DET = 4000  # determinizations of the position
rng = random.Random(7)
bez = 0
for _ in range(N_DET):
    d = game.determinize(seat, rng)
    assert d.face(d.deck[0]).name == "Mimosa"  # what the seat sees is kept
    bez += d.back(d.deck[0]).name == "Bezerrinho"
print(say("bezerrinho", share=share(bez, N_DET)))
print(say("contains_23", right=inside(Fraction(2, 3), bez, N_DET), wrong=inside(Fraction(17, 25), bez, N_DET)))
assert inside(Fraction(2, 3), bez, N_DET)

# %% [markdown]
# **And the engine's own deals.** The last check does not use the posterior at all: deal
# many fresh games and look, as a referee would, at the deck's top card and its bottom card
# (the first one drawn). Keep the deals where the two show the two faces of one printed card
# (like Mimosa and Estrela, the faces of Estrela/Mimosa). Then the top card is *that* card
# with probability $1/3$, by the computation above. The ring looks the same from every
# card (turn it by one card, or read it backwards), so the answer is the same for every
# printed pair, and we pool them all.

# %%
N_DEALS = 20000  # fresh deals; raise for a tighter interval
pairs = {frozenset(p) for p in printed}
kept = same_card = 0
for seed in range(N_DEALS):
    s = cows.new_game(seed=seed)
    top, bottom = s.deck[0], s.deck[-1]
    if frozenset((s.face(top).name, s.face(bottom).name)) in pairs:
        kept += 1
        same_card += s.back(top).name == s.face(bottom).name
print(say("kept_deals", kept=kept, n=N_DEALS))
print(say("same_card", share=share(same_card, kept)))
print(say("contains_13", right=inside(Fraction(1, 3), same_card, kept), wrong=inside(Fraction(8, 25), same_card, kept)))
assert two["Estrela"] == Fraction(1, 3)
gap = Fraction(1, 3) - Fraction(8, 25)
assert gap == Fraction(1, 75)
# samples for a 95% interval of half-width gap / 2 around 1/3 (normal approximation)
needed = 1.96**2 * float(Fraction(1, 3) * Fraction(2, 3)) / float(gap / 2) ** 2
print(say("gap", gap=gap, needed=round(needed, -3)))
assert inside(Fraction(1, 3), same_card, kept)

# %% [markdown]
# The exact value is inside the interval. When the wrong model's value is inside too, the
# simulation alone cannot tell the two answers apart: a difference of $1/75$ needs about
# the number of kept deals printed above to show. The exact computation settles it; the
# simulation checks that the model (every deal equally likely, every card either way up)
# is the engine's.
#
# ### Exercise 4 (pen and paper)
#
# Back to seed 174. Suppose the player keeps the Estrela, and later a Sonda lets them look
# at the hidden side of the cards in their hand: the Estrela's back is **Vaca Lunar**.
# The Mimosa is still on top of the deck, and no other visible card shares a possible card
# with these two. Now what is the probability that the Mimosa's back is Bezerrinho? Store
# it in `answer_4`: a `Fraction`, or a decimal within 0.001 of the exact value. Is it
# higher or lower than before the Sonda, and why?

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex4-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_4 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The Estrela is S = Vaca Lunar/Estrela. Of the three arrangements of the section, two are
# left: (M1, S) and (M2, S), equally likely. P(M1) = 1/2.
# It is lower than 2/3: learning that the Estrela is S removes the arrangement "the
# Estrela is M2", which could only go with the Mimosa being M1.
answer_4 = Fraction(1, 2)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex4-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_4 is not None, say("store_answer", k=4)
### BEGIN HIDDEN TESTS
assert abs(float(answer_4) - 1 / 2) < 0.001, (   # the exercise's tolerance
    "answer_4 should be the probability that the Mimosa's back is Bezerrinho once the Estrela's back is known to be "
    "Vaca Lunar (within 0.001): which of the section's arrangements does the Sonda leave, each equally likely?")
assert Fraction(1, 2) == back_posterior([("Mimosa", None), ("Estrela", "Vaca Lunar")])["Bezerrinho"], (
    "the lesson's back_posterior should agree with the solution once the Estrela's back is known")
### END HIDDEN TESTS

# %%
# the base values of the faces (used by exercise 5)
value = {f.name: f.value for f in COW_CARDS.faces}
print({face: value[face] for face in ("Estrela", "Vaca Lunar", "Mimosa")})

# %% [markdown]
# ### Exercise 5 (pen and paper)
#
# A belief is there to decide with. Back at seed 174 (no Sonda this time), the player keeps
# the Estrela and discards the Gêmeos to the Celeiro, which leaves the same faces in view.
# Flipping the Estrela in hand costs a turn's main action and shows its other side: Vaca
# Lunar or Mimosa. Their base values are printed just above. What is the **expected base value**
# of the side a flip would show? Store it in `answer_5`: a `Fraction`, or a decimal within
# 0.001 of the exact value.

# %% jupyter={"source_hidden": true} nbgrader={"grade": false, "grade_id": "ex5-answer", "locked": false, "schema_version": 3, "solution": true}
from fractions import Fraction

answer_5 = None  # replace None by your answer, in the form the exercise asks for
### BEGIN SOLUTION
# The Estrela's back, from the section above: Vaca Lunar with probability 2/3 (the card is
# S = Vaca Lunar/Estrela), Mimosa with 1/3 (it is Estrela/Mimosa).
answer_5 = Fraction(2, 3) * value["Vaca Lunar"] + Fraction(1, 3) * value["Mimosa"]
# against the Estrela's own value: on base value alone the flip gains the difference in
# expectation (the effects of the faces, and the turn it costs, are part of the decision)
### END SOLUTION

# %% jupyter={"source_hidden": true} nbgrader={"grade": true, "grade_id": "ex5-check", "locked": true, "points": 1, "schema_version": 3, "solution": false}
assert answer_5 is not None, say("store_answer", k=5)
### BEGIN HIDDEN TESTS
backs = back_posterior([("Estrela", None), ("Mimosa", None), ("Gêmeos", None)])
_exact = sum(p * value[face] for face, p in backs.items())
assert abs(float(answer_5) - _exact) < 0.001, (   # the exercise's tolerance
    "answer_5 should be the expected base value of the side a flip of the Estrela would show (within 0.001): "
    "each possible back's base value times its probability from the section above, summed")
kept = game.clone()
kept.apply(kept.parse_action("keep Estrela (drawn 1), discard Gêmeos (drawn 2) to Celeiro 1"))
library = determinize.belief(kept, seat).back_distribution(("hand", seat, 0))
assert abs(sum(p * value[face] for face, p in library.items()) - _exact) < 1e-9, (
    "the library's belief should give the Estrela's back the same expected base value as the lesson's back_posterior")
### END HIDDEN TESTS

# %% [markdown]
# ## What to remember
#
# - Hands dealt from a deck are counted with binomial coefficients; the hypergeometric
#   formula gives exact probabilities, even for events far too rare to simulate.
# - What you have seen is evidence: another player's hidden hand is a uniformly random set
#   of the cards you have not seen, and that is all conditioning needs here.
# - Bayes' rule = prior x likelihood, normalised. The likelihood must use only what the
#   player can know: the cow cards have no marked side, so each lies either way up; a
#   model that counted "exactly half turned" would move the answer from 2/3 to 17/25 on a
#   fact nobody at the table has.
# - A posterior is there to decide with: the expected value of a gamble (flipping a card)
#   is the posterior-weighted average of what it may show.
# - A simulation checks a model (n, an interval, is the exact value inside?); it cannot by
#   itself separate two answers closer than its interval is wide.
#
# Next: [Lesson 6: estimating win rates](06_estimating_win_rates.ipynb) uses the same
# intervals to compare bots and rules.
