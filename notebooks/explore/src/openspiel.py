# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # ovnilab in OpenSpiel and PettingZoo
#
# **For:** students of a game-AI or multi-agent learning course who already use
# [OpenSpiel](https://github.com/google-deepmind/open_spiel) (CFR, exploitability, MCTS) or
# [PettingZoo](https://pettingzoo.farama.org) (the multi-agent Gymnasium API). Not a
# lesson: no exercises, just results, each printed from the computation or checked by an
# `assert`.
#
# `import ovnilab.openspiel` registers the three games as OpenSpiel games, and
# `ovnilab.pettingzoo.env(name)` gives them as PettingZoo environments. Both run
# ovnilab's own engines: no rule is written twice.
#
# 1. The three games by name.
# 2. CFR on a cow-game endgame: exploitability falls, and the value meets the exact
#    minimax value of ovnilab's endgame solver.
# 3. OpenSpiel's IS-MCTS against ovnilab's bots.
# 4. A PettingZoo loop: a masked random policy, then a small tabular learner.

# %%
import random

import numpy as np
import pyspiel

import ovnilab.openspiel  # registers python_ovnilab_cows, _ovni and _cosmic
from ovnilab import cows
from ovnilab.analysis import wilson_interval

# %% [markdown]
# ## 1. The three games by name
#
# Each game has integer action ids, an observation tensor built only from what the seat
# may see, and declared bounds. Cosmic Encounter's actions are spelled in steps (its
# deals alone have millions of forms), so its ids are characters; the module docstrings
# of `ovnilab.openspiel` and `ovnilab.openspiel_encoding` give every layout.

# %%
for name, params in [("python_ovnilab_cows", {}), ("python_ovnilab_ovni", {"players": 3}),
                     ("python_ovnilab_cosmic", {"players": 4})]:
    g = pyspiel.load_game(name, params)
    print(f"{name}: {g.num_players()} players, {g.num_distinct_actions()} action ids, "
          f"observation tensor {g.observation_tensor_shape()}, chance outcomes <= {g.max_chance_outcomes()}, "
          f"utility in [{g.min_utility():g}, {g.max_utility():g}]")
    state = g.new_initial_state()
    while state.is_chance_node():  # the set-up: the cow deal card by card, else one seed
        state.apply_action(state.chance_outcomes()[0][0])
    print("   first choices:", [state.action_to_string(a) for a in state.legal_actions()][:4])

# %% [markdown]
# ## 2. CFR on a cow-game endgame
#
# After the set-up the cow game has no chance, and late in a game little is hidden. The
# position below comes from a real (random-play) game, 37 actions in; the OpenSpiel
# parameter `start` makes it the root of a small two-player zero-sum game, on which
# OpenSpiel's counterfactual regret minimisation runs as on any poker toy.

# %%
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

from ovnilab.cows import endgame
from ovnilab.openspiel import start_parameter

position = cows.new_game(seed=15)
rng = random.Random(15)
for _ in range(37):
    position.apply(rng.choice(position.legal_actions()))
sub = pyspiel.load_game("python_ovnilab_cows", {"start": start_parameter(position)})
print(f"the sub-game: {position.seat_name(position.current_player)} to act, "
      f"{position.observation(0)['deck_size']} cards left in the deck")

CFR_ITERATIONS = 60  # raise for a lower exploitability
solver = cfr.CFRSolver(sub)
curve = []
for it in range(1, CFR_ITERATIONS + 1):
    solver.evaluate_and_update_policy()
    if it in (1, 2, 5, 10, 20, 40, 60) or it == CFR_ITERATIONS:
        curve.append((it, exploitability.exploitability(sub, solver.average_policy())))
for it, e in curve:
    print(f"after {it:3d} iterations: exploitability {e:.4f}")
assert curve[-1][1] < curve[0][1] / 10

# %% tags=["nbval-ignore-output"]
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(5, 3))
ax.loglog([i for i, _ in curve], [e for _, e in curve], marker="o")
ax.set_xlabel("CFR iterations")
ax.set_ylabel("exploitability")
ax.set_title("CFR on a cow endgame")
plt.show()

# %% [markdown]
# The cow endgame solver (`ovnilab.cows.endgame.solve`, alpha-beta on the engine) gives
# the exact minimax value of the same position *if everything were known* (objective
# "win": +1 when the Green alien wins). CFR's average strategy has a value within
# twice its exploitability of the game's value; the cell checks that the full-knowledge
# value lies in that band, i.e. that what the seats cannot see does not change who wins
# here.

# %%
exact = endgame.solve(position, objective="win").value
value = expected_game_score.policy_value(sub.new_initial_state(), [solver.average_policy()] * 2)[0]
band = 2 * curve[-1][1]
print(f"full-knowledge minimax value for the Green alien: {exact:+.0f}; "
      f"CFR's average strategy: {value:+.3f} (band +-{band:.3f})")
assert abs(value - exact) <= band + 1e-9

# %% [markdown]
# ## 3. IS-MCTS against ovnilab's bots
#
# OpenSpiel's information-set MCTS searches over states drawn from what its seat knows:
# the adapter's `resample_from_infostate` calls ovnilab's own `determinize`, so the bot
# never reads the hidden backs or the deck's order. `OvnilabBot` seats ovnilab's bots in
# an OpenSpiel game, and `ovnilab.openspiel.play` plays one game between OpenSpiel bots.
# IS-MCTS alternates seats; a shared win counts half.

# %%
from open_spiel.python.algorithms import ismcts, mcts

from ovnilab.bots import RandomBot
from ovnilab.cows.bots import GreedyBot
from ovnilab.openspiel import OvnilabBot, play

N_GAMES = 16  # per opponent; raise for tighter intervals
SIMULATIONS = 20
game = pyspiel.load_game("python_ovnilab_cows")
rs = np.random.RandomState(0)
searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                            max_simulations=SIMULATIONS, random_state=rs)
# its samples drawn from our seeded generator (OpenSpiel's default sampler is seeded
# afresh on each call), so that the numbers below repeat
searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, rs.random_sample))


ismcts_results = {}
for label, opponent in [("RandomBot", RandomBot()), ("GreedyBot", GreedyBot())]:
    score = 0.0
    for k in range(N_GAMES):
        seat = k % 2
        bots = [None, None]
        bots[seat] = searcher
        bots[1 - seat] = OvnilabBot(opponent, 1 - seat, seed=k)
        r = play(game, bots, rs).returns()[seat]
        score += 1.0 if r > 0 else (0.5 if r == 0 else 0.0)
    lo, hi = wilson_interval(score, N_GAMES)
    ismcts_results[label] = (score / N_GAMES, lo, hi)
    verdict = ("better than an even share" if lo > 0.5 else "worse than an even share" if hi < 0.5
               else "not distinguishable from an even share at this n")
    print(f"IS-MCTS ({SIMULATIONS} simulations) vs {label}: wins {score:g} of {N_GAMES} = {score / N_GAMES:.2f} "
          f"(95% Wilson {lo:.2f}-{hi:.2f}): {verdict}")

# %% [markdown]
# ## 4. A PettingZoo loop and a small learner
#
# The environment follows PettingZoo's classic games: the observation is a dict with the
# seat's tensor and an `action_mask` of legal ids; rewards come at the end (+1, -1, or 0
# each for a shared win). A masked random policy plays it as is. Then a tabular learner:
# one preference per *kind* of action (the first word of its text, and the row for a
# build), a softmax policy over the legal actions, and REINFORCE updates from the final
# reward against the random policy.

# %%
from ovnilab.pettingzoo import env

e = env("cows")


def kind(text):
    words = text.split()
    return f"build row {words[-3]}" if words[0] == "build" else words[0]


def run(prefs, learner_seat, seed, learn=False, lr=0.05):
    """One game: the learner (softmax over kind preferences) against masked random play."""
    e.reset(seed=seed)
    r = np.random.default_rng(seed)
    chosen, reward = [], 0.0
    me = e.possible_agents[learner_seat]
    for agent in e.agent_iter():
        obs, rew, term, trunc, _ = e.last()
        if agent == me:
            reward += rew
        if term or trunc:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        if agent != me:
            e.step(int(r.choice(ids)))
            continue
        kinds = [kind(e.unwrapped.action_text(a)) for a in ids]
        z = np.array([prefs.get(k, 0.0) for k in kinds])
        p = np.exp(z - z.max())
        p /= p.sum()
        i = int(r.choice(len(ids), p=p))
        chosen.append((kinds, p, i))
        e.step(int(ids[i]))
    if learn:  # REINFORCE: push the chosen kind's preference by the reward
        for kinds, p, i in chosen:
            for k, pk in zip(kinds, p):
                prefs[k] = prefs.get(k, 0.0) - lr * reward * pk
            prefs[kinds[i]] = prefs.get(kinds[i], 0.0) + lr * reward
    return reward


N_TRAIN, N_EVAL = 200, 120  # raise for a better learner and tighter intervals
untrained = [run({}, k % 2, 10_000 + k) for k in range(N_EVAL)]
prefs = {}
for k in range(N_TRAIN):
    run(prefs, k % 2, k, learn=True)
trained = [run(prefs, k % 2, 10_000 + k) for k in range(N_EVAL)]  # the same deals as before: paired
print("learnt preferences:", {k: round(float(v), 2) for k, v in sorted(prefs.items(), key=lambda kv: -kv[1])})
for label, rewards in [("masked random (no learning)", untrained), (f"after {N_TRAIN} training games", trained)]:
    s = sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in rewards)
    lo, hi = wilson_interval(s, N_EVAL)
    print(f"{label}: win share {s / N_EVAL:.2f} over {N_EVAL} games against random (95% Wilson {lo:.2f}-{hi:.2f}; "
          f"the even share 0.5 of two random players is {'inside' if lo <= 0.5 <= hi else 'outside'} it)")
diff = np.array(trained) - np.array(untrained)  # per deal: paired
half = 1.96 * diff.std(ddof=1) / np.sqrt(len(diff))
print(f"paired difference in mean reward (trained - untrained), same {N_EVAL} deals: {diff.mean():+.2f} "
      f"(95% interval {diff.mean() - half:+.2f} to {diff.mean() + half:+.2f}): "
      + ("the learner is better" if diff.mean() - half > 0 else
         "the learner is worse" if diff.mean() + half < 0 else "the data cannot tell them apart"))

# %% [markdown]
# The same loop runs `env("ovni", num_players=3)` and `env("cosmic", num_players=4)`; a
# deep-RL library that reads PettingZoo (or OpenSpiel's own policy-gradient and DQN
# agents on `python_ovnilab_*`) takes it from here. PettingZoo's `api_test` and
# `seed_test` and OpenSpiel's `random_sim_test` run on all three games in
# `tests/test_pettingzoo.py` and `tests/test_openspiel.py`.
