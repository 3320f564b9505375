import sys; sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from nbtools import *
cells = [
md("""
# What if the rule were different?

A rule change is a what-if question: *what if the launch platform held three UFOs? what if
mapping a city someone already mapped needed only two UFOs? what if equal sums never won an
area? what if the board were a simple ring?* Each variant is an option of `ovni.Rules`, so
the question is answered by playing the same games under each rule set and comparing.

**Common random numbers.** Every variant plays the *same seeds*: the same deals, the same
humans on the same cities, the same random choices where the rules let them coincide. The
difference between two variants is then measured game by game, which makes it far less
noisy than comparing two independent batches; the intervals below come from a paired
bootstrap over the seeds.
"""),
code("""
%matplotlib inline
from ovnilab import analysis, ovni
from ovnilab.ovni.bots import RandomBot

# ---- parameters: raise N_GAMES for tighter intervals
N_GAMES = 400
PLAYERS = 4

variants = {
    "rulebook": ovni.Rules(),
    "platform holds 3": ovni.Rules(platform_capacity=3),
    "mapped cities need 2": ovni.Rules(map_threshold_mapped=2),
    "equal sums never win": ovni.Rules(area_tie="none"),
    "ring board": ovni.Rules(board_file="board_ring.toml"),
}
for name, rules in variants.items():
    changed = {k: v for k, v in vars(rules).items() if v != getattr(ovni.Rules(), k)}
    print(f"{name:<22} {changed}")
"""),
code("""
def ufos_on_board(g):            # mean over players of the UFO points (2 per UFO on the board, 1 on the platform)
    return sum(b["ufos"] for b in g.breakdown) / len(g.breakdown)

def mapping_points(g):
    return sum(b["mapping"] for b in g.breakdown) / len(g.breakdown)

def winning_score(g):
    return max(g.scores)

comparison = analysis.compare_variants(
    variants, "ovni", [RandomBot()] * PLAYERS, N_GAMES, seed=7,
    metric=("rounds", "first_player_advantage", "balance", ufos_on_board, mapping_points, winning_score),
    progress=False, new_game_kwargs={"num_players": PLAYERS, "setup": "random"})
comparison
"""),
code("""
comparison.plot()
""", FIG),
md("""
**Reading the table.** Each row is a variant's value and its difference from the rulebook
with a 95% interval; an interval that excludes 0 is a change the games show, one that
includes it is not shown (more games may still find it).

* A bigger **platform** keeps builds that a full platform would lose, so more UFOs reach
  the board; whether that moves the winning score needs more games than the default.
* **Cheaper re-mapping** turns mapping into a race everyone can join: mapping points go up.
* **Equal sums never win**: more areas end without a winner, the alien stock drains more
  slowly and games last longer.
* The **ring board** makes every city harder to reach: fewer cities are mapped and the
  winner scores less. It also seems to shrink the first player's edge: raise `N_GAMES` to
  see whether that holds.

## The tie rule, close up

The rulebook gives equal sums to the player who opened the area; our default extends that
to the case where the opener is not among the tied players (the earliest tied player wins).
How often does that case even occur? Count it in real recruitment areas:
"""),
code("""
import random
from collections import Counter

counts = Counter()
for seed in range(200):
    g = ovni.new_game(PLAYERS, seed=seed, setup="random")
    rng = random.Random(seed)
    while not g.is_over():
        if g.phase == "placing command tokens" and g.place_pos == len(g.place_seq) - 1:
            g.apply(rng.choice(g.legal_actions()))
            # resolved areas: still on the board while a winner picks aliens, else last round's
            for slots in (g.area_slots or g.area_slots_last):
                readings = tuple(ovni.resolve_area(slots, tie=t) for t in ovni.AREA_TIE_RULES)
                counts["areas"] += 1
                counts["readings differ"] += len(set(readings)) > 1
                counts["opener not tied, earliest wins"] += readings[0] is not None and readings[1] is None
            continue
        g.apply(rng.choice(g.legal_actions()))
print(dict(counts))
"""),
md("""
The readings disagree in a small share of areas, so the choice matters little to the
game's balance; it is still a rule option, and the rules notebook explains both readings.

**Try it.** Add your own variant to `variants` (any field of `ovni.Rules`: the number of
groups per turn, the energy bonus, the mission points, your own board file) and run the
comparison again.
"""),
]
write(str(ROOT / "notebooks" / "ovni/04_what_if.ipynb"), cells)
