"""ovnilab's games in OpenSpiel (ovnilab.openspiel, issue 24): OpenSpiel's own checks
(random_sim_test with serialization, MCTSBot, ISMCTSBot, CFR and exploitability) on the
registered games, and the adapter's promises (action ids, no hidden information in the
observations, chance probabilities, clear errors)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import ovnilab.openspiel  # noqa: E402  (registers the games)
from ovnilab import cows  # noqa: E402
from ovnilab.bots import RandomBot  # noqa: E402
from ovnilab.cows.bots import GreedyBot  # noqa: E402
from ovnilab.openspiel import OvnilabBot, histories_by_infoset, play, start_parameter  # noqa: E402


def dealt(game, seed: int = 0):
    """A state after the set-up's chance nodes, the outcomes drawn from ``seed``."""
    rng = np.random.RandomState(seed)
    s = game.new_initial_state()
    while s.is_chance_node():
        outcomes, probs = zip(*s.chance_outcomes())
        s.apply_action(int(rng.choice(outcomes, p=probs)))
    return s


def cow_endgame() -> str:
    """A late position of a real (random-play) cow game: a 2-player sub-game with 114
    states, small enough for CFR."""
    s = cows.new_game(seed=15)
    rng = random.Random(15)
    for _ in range(37):
        s.apply(rng.choice(s.legal_actions()))
    return start_parameter(s)


# ---------------------------------------------------------------------- registration
def test_registered_with_declared_bounds():
    assert "python_ovnilab_cows" in pyspiel.registered_names()
    g = pyspiel.load_game("python_ovnilab_cows")
    assert g.num_players() == 2
    assert (g.min_utility(), g.max_utility(), g.utility_sum()) == (-1.0, 1.0, 0.0)
    assert g.num_distinct_actions() == 1930  # the documented layout with the default cards
    assert g.max_chance_outcomes() == 18
    assert g.observation_tensor_shape() == [g.codec.obs_size]
    assert g.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("params", [{}, {"discard_areas": 2}, {"exact_half_turned": True, "starting_player": 1},
                                    {"hand_limit": 4, "support": "both", "stall_limit": 4}])
def test_random_sim_test(params):
    """OpenSpiel's own random-play test, with serialization, for the rule variants."""
    game = pyspiel.load_game("python_ovnilab_cows", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_bad_parameters_are_clear_errors():
    with pytest.raises(Exception, match="2 players"):
        pyspiel.load_game("python_ovnilab_cows", {"players": 3})
    with pytest.raises(Exception, match="hand_limit"):
        pyspiel.load_game("python_ovnilab_cows", {"hand_limit": 0})
    with pytest.raises(Exception, match="differs in: stall_limit"):
        pyspiel.load_game("python_ovnilab_cows", {"start": cow_endgame(), "stall_limit": 5})
    g = pyspiel.load_game("python_ovnilab_cows")
    with pytest.raises(ValueError, match="0..1929"):
        g.codec.action_of(1930)
    s = dealt(g)
    with pytest.raises(Exception):
        s.apply_action(1)  # 'end turn' before the main action: ovnilab's IllegalAction


# ---------------------------------------------------------------------- action ids, chance
def test_action_ids_are_ovnilab_actions():
    g = pyspiel.load_game("python_ovnilab_cows")
    s = dealt(g, 3)
    rng = random.Random(3)
    while not s.is_terminal():
        ids = s.legal_actions()
        assert ids == sorted(ids)
        texts = {s.action_to_string(a) for a in ids}
        assert texts == {str(a) for a in s.engine.legal_actions()}
        a = rng.choice(ids)
        text = s.action_to_string(a)
        assert g.codec.action_id(s.engine.parse_action(text)) == a
        s.apply_action(a)
        assert str(s.engine.log[-1]) == text


def test_chance_deal_has_the_engine_distribution():
    g = pyspiel.load_game("python_ovnilab_cows", {"exact_half_turned": True})
    s = g.new_initial_state()
    assert s.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the starting player
    s.apply_action(1)
    for k in range(18):  # the deck, uniform over the cards left
        outs = s.chance_outcomes()
        assert len(outs) == 18 - k and all(p == pytest.approx(1 / (18 - k)) for _, p in outs)
        s.apply_action(outs[-1][0])
    for _ in range(9):  # exactly half turned: after 9 turned cards the rest stay
        s.apply_action(1)
    assert s.chance_outcomes() == [(0, 1.0)]
    while s.is_chance_node():
        s.apply_action(0)
    assert s.engine.deck == list(range(17, -1, -1)) and sum(s.engine.up) == 9 and s.engine.starter == 1
    assert s.current_player() == 1


# ---------------------------------------------------------------------- observations
def test_observations_hide_what_the_seat_cannot_see():
    """Swapping hidden cards (the deck below its top, a determinization of everything the
    seat has not seen) leaves the seat's tensors and strings unchanged."""
    g = pyspiel.load_game("python_ovnilab_cows")
    s = dealt(g, 5)
    rng = random.Random(5)
    for _ in range(30):
        s.apply_action(rng.choice(s.legal_actions()))
    for seat in (0, 1):
        other = s.clone()
        deck = other.engine.deck
        deck[1], deck[-1] = deck[-1], deck[1]  # deck[0] is the visible top card
        other.engine.up[deck[1]] ^= 1  # and one hidden card lies the other way up
        moved = s.clone()
        moved._e.state = s.engine.determinize(seat, random.Random(seat))
        for t in (other, moved):
            assert t.engine.deck != s.engine.deck or t.engine.up != s.engine.up
            assert t.observation_tensor(seat) == s.observation_tensor(seat)
            assert t.information_state_tensor(seat) == s.information_state_tensor(seat)
            assert t.observation_string(seat) == s.observation_string(seat)
            assert t.information_state_string(seat) == s.information_state_string(seat)
    # and what is visible does show: the two seats see the same table from two sides
    assert s.observation_tensor(0) != s.observation_tensor(1)


def test_clone_is_independent():
    g = pyspiel.load_game("python_ovnilab_cows")
    s = dealt(g, 1)
    c = s.clone()
    assert c.history() == s.history() and c.engine is not s.engine
    c.apply_action(c.legal_actions()[0])
    assert len(s.engine.log) == 0 and len(c.engine.log) == 1


# ---------------------------------------------------------------------- OpenSpiel's algorithms
def test_mcts_and_ismcts_play_ovnilab_bots():
    """OpenSpiel's MCTSBot (it searches the true state: a bot that sees the deck) and
    ISMCTSBot (it searches ovnilab's determinizations) play whole games."""
    from open_spiel.python.algorithms import ismcts, mcts

    g = pyspiel.load_game("python_ovnilab_cows", {"stall_limit": 4})
    rs = np.random.RandomState(7)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    m = mcts.MCTSBot(g, uct_c=2.0, max_simulations=8, evaluator=ev, random_state=rs)
    i = ismcts.ISMCTSBot(g, ev, uct_c=2.0, max_simulations=8, random_state=rs)
    for open_spiel_bot, ours in ((m, GreedyBot()), (i, RandomBot())):
        for seat in (0, 1):
            bots = [None, None]
            bots[seat] = open_spiel_bot
            bots[1 - seat] = OvnilabBot(ours, 1 - seat, seed=seat)
            state = play(g, bots, rs)
            assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_cfr_on_a_cow_endgame():
    """CFR on a late position of a real game, a 2-player zero-sum sub-game: its average
    policy's exploitability falls."""
    from open_spiel.python.algorithms import cfr, exploitability

    g = pyspiel.load_game("python_ovnilab_cows", {"start": cow_endgame()})
    s = g.new_initial_state()
    assert not s.is_chance_node() and len(s.engine.log) == 37
    pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)
    solver = cfr.CFRSolver(g)
    curve = []
    for it in range(1, 21):
        solver.evaluate_and_update_policy()
        if it in (1, 5, 20):
            curve.append(exploitability.exploitability(g, solver.average_policy()))
    assert curve[0] > curve[1] > curve[2] and curve[2] < 0.05


def _cow_position(seed: int, actions: int):
    s = cows.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_worlds_of_roots_a_sub_game_at_what_a_seat_cannot_tell_apart():
    """worlds_of makes the sub-game an imperfect-information game: chance deals one of the
    worlds the seat considers possible (cows.endgame.worlds, with its probabilities), and
    the seat's first decision is one information set holding every world's history."""
    from ovnilab.cows import endgame

    position = _cow_position(60, 36)
    seat = position.current_player
    worlds = endgame.worlds(position, seat)
    g = pyspiel.load_game("python_ovnilab_cows", {"start": start_parameter(position), "worlds_of": seat})
    root = g.new_initial_state()
    assert root.is_chance_node() and str(root) == f"root: chance picks one of {len(worlds)} worlds"
    assert root.chance_outcomes() == [(i, p) for i, (p, _) in enumerate(worlds)] and len(worlds) == 8
    assert sum(p for _, p in root.chance_outcomes()) == pytest.approx(1.0)
    assert root.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "world 3 of 8"
    firsts = [root.child(o) for o, _ in root.chance_outcomes()]
    assert [f.engine for f in firsts] == [w for _, w in worlds]               # each world as the position
    assert {f.current_player() for f in firsts} == {seat}
    assert len({f.information_state_string() for f in firsts}) == 1          # one information set...
    assert len({f.history_str() for f in firsts}) == 8                       # ...holding 8 histories
    # the dealt position's own sub-game: one history per information set
    dealt_game = pyspiel.load_game("python_ovnilab_cows", {"start": start_parameter(position)})
    assert all(len(h) == 1 for h in histories_by_infoset(dealt_game.new_initial_state()).values())
    sets = histories_by_infoset(root)
    assert max(len(h) for h in sets.values()) > 1
    pyspiel.random_sim_test(g, num_sims=3, serialize=True, verbose=False)


def test_worlds_of_refuses_what_it_cannot_root():
    """worlds_of needs a start position, a seat, and few enough unknown cards to enumerate."""
    with pytest.raises(ValueError, match="worlds_of needs a 'start' position"):
        pyspiel.load_game("python_ovnilab_cows", {"worlds_of": 0})
    start = start_parameter(_cow_position(60, 36))
    with pytest.raises(ValueError, match="worlds_of must be -1 .* or a seat, 0 or 1, not 2"):
        pyspiel.load_game("python_ovnilab_cows", {"start": start, "worlds_of": 2})
    with pytest.raises(ValueError, match="worlds_of=0: more than 5000 worlds; choose a later position"):
        pyspiel.load_game("python_ovnilab_cows", {"start": start_parameter(_cow_position(60, 10)), "worlds_of": 0})


def test_to_efg_writes_a_game_the_cpp_solvers_read_back():
    """to_efg on OpenSpiel's own Kuhn poker gives a game whose C++ CFR+ reaches Kuhn's
    known value, -1/18 for the first player, with the same 6 + 6 information sets."""
    from ovnilab.openspiel import to_efg

    kuhn = pyspiel.load_game("kuhn_poker")
    efg = pyspiel.load_efg_game(to_efg(kuhn))
    assert efg.num_players() == 2 and efg.max_chance_outcomes() == 3
    solver = pyspiel.CFRPlusSolver(efg)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert pyspiel.exploitability(efg, policy) < 0.005
    assert pyspiel.expected_returns(efg.new_initial_state(), policy, -1, True)[0] == pytest.approx(-1 / 18, abs=0.005)
    assert len(histories_by_infoset(efg.new_initial_state())) == 12
    with pytest.raises(ValueError, match="more than 20 nodes: too big to write out whole"):
        to_efg(kuhn, max_nodes=20)


def test_a_cow_sub_game_written_out_keeps_its_information_sets_and_value():
    """The worlds sub-game's EFG has one information set per information-state string, and
    C++ CFR+ on it agrees with the exact value where every world has the same one."""
    from ovnilab.cows import endgame
    from ovnilab.openspiel import to_efg

    position = _cow_position(60, 36)
    seat = position.current_player
    g = pyspiel.load_game("python_ovnilab_cows", {"start": start_parameter(position), "worlds_of": seat})
    sets = histories_by_infoset(g.new_initial_state())
    efg = pyspiel.load_efg_game(to_efg(g))
    solver = pyspiel.CFRPlusSolver(efg)
    for _ in range(50):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert len(histories_by_infoset(efg.new_initial_state())) == len(sets) == 7
    values = {endgame.solve(w, objective="win").value for _, w in endgame.worlds(position, seat)}
    assert values == {-1.0}                  # lost in every world: hidden or not, the value is -1
    assert pyspiel.expected_returns(efg.new_initial_state(), policy, -1, True)[seat] == pytest.approx(-1.0)


# ====================================================================== Ovni
def ovni_state(n: int, steps: int, seed: int = 0):
    g = pyspiel.load_game("python_ovnilab_ovni", {"players": n})
    s = g.new_initial_state()
    s.apply_action(seed)  # the chance node over seeds
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply_action(rng.choice(s.legal_actions()))
    return g, s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ovni_random_sim_test(n):
    game = pyspiel.load_game("python_ovnilab_ovni", {"players": n})
    assert game.num_players() == n
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_ovni_seed_chance_is_ovnilab_seed_and_ids_are_texts():
    from ovnilab import ovni

    g = pyspiel.load_game("python_ovnilab_ovni", {"players": 3, "chance_seeds": 10, "platform_capacity": 3})
    s = g.new_initial_state()
    assert s.chance_outcomes() == [(i, 0.1) for i in range(10)]
    s.apply_action(7)
    ref = ovni.new_game(num_players=3, seed=7, rules=ovni.Rules(platform_capacity=3))
    rng = random.Random(1)
    draws = 0
    while not s.is_terminal():
        if s.is_chance_node():  # a draw during play: take the one the seeded engine makes
            assert s.chance_outcomes() == [(i, 1 / len(s.chance_outcomes())) for i in range(len(s.chance_outcomes()))]
            s.apply_action(s.engine_outcome())
            draws += 1
            continue
        assert {s.action_to_string(a) for a in s.legal_actions()} == {str(a) for a in ref.legal_actions()}
        a = rng.choice(s.legal_actions())
        ref.apply(s.action_to_string(a))
        s.apply_action(a)
    assert draws > 0 and ref.is_over() and ref == s.engine
    w = ref.winners()
    assert s.returns() == ([0.0] * 3 if len(w) == 3 else [1.0 if p in w else -1.0 for p in range(3)])
    with pytest.raises(Exception, match="2 to 4 players"):
        pyspiel.load_game("python_ovnilab_ovni", {"players": 5})
    with pytest.raises(Exception, match="chance_seeds"):
        pyspiel.load_game("python_ovnilab_ovni", {"chance_seeds": 0})
    with pytest.raises(Exception, match="(?i)unknown parameter"):
        pyspiel.load_game("python_ovnilab_ovni", {"platform_size": 3})


@pytest.mark.parametrize("n", [2, 4])
def test_ovni_observations_hide_other_seats(n):
    """Other seats' face-down tokens and missions, the deck's order: a determinization
    for the seat changes them and leaves its tensors and strings unchanged."""
    g, s = ovni_state(n, 40 + n)
    e = s.engine
    for seat in range(n):
        moved = s.clone()
        moved._e.state = e.determinize(seat, random.Random(seat))
        d = moved.engine
        assert (d.deck, d.missions_kept, d.area_slots) != (e.deck, e.missions_kept, e.area_slots)
        assert moved.observation_tensor(seat) == s.observation_tensor(seat)
        assert moved.information_state_tensor(seat) == s.information_state_tensor(seat)
        assert moved.observation_string(seat) == s.observation_string(seat)
        assert moved.information_state_string(seat) == s.information_state_string(seat)


def test_ovni_determinization_matches_the_observation_in_every_phase():
    """ISMCTS needs it: resample_from_infostate for the seat to act keeps its
    information state in every phase (the adapter restores the command tokens that
    ovni's determinize resamples after they were revealed)."""
    g = pyspiel.load_game("python_ovnilab_ovni", {"players": 2})
    s = g.new_initial_state()
    s.apply_action(0)
    rng = random.Random(0)
    phases = set()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
            continue
        p = s.current_player()
        phases.add(s.engine.phase)
        d = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert d.information_state_string(p) == s.information_state_string(p)
        s.apply_action(rng.choice(s.legal_actions()))
    assert {"placing command tokens", "choosing aliens to recruit", "actions"} <= phases


def test_ovni_mcts_and_ismcts_play_ovnilab_bots():
    from open_spiel.python.algorithms import ismcts, mcts

    from ovnilab.ovni.bots import GreedyBot as OvniGreedy

    g = pyspiel.load_game("python_ovnilab_ovni", {"players": 2, "chance_seeds": 50})
    rs = np.random.RandomState(3)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    m = mcts.MCTSBot(g, uct_c=2.0, max_simulations=3, evaluator=ev, random_state=rs)
    i = ismcts.ISMCTSBot(g, ev, uct_c=2.0, max_simulations=3, random_state=rs)
    for bots in ([m, OvnilabBot(OvniGreedy(), 1)], [OvnilabBot(RandomBot(), 0), i]):
        state = play(g, bots, rs)
        assert state.engine.is_over() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_ovni_start_position_is_a_sub_game():
    from ovnilab import ovni

    s = ovni.new_game(num_players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    g = pyspiel.load_game("python_ovnilab_ovni", {"start": start_parameter(s)})
    assert g.num_players() == 3  # from the save, not the default 4
    st = g.new_initial_state()
    assert not st.is_chance_node() and st.engine == s
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(Exception, match="not of 'ovni'"):
        pyspiel.load_game("python_ovnilab_ovni", {"start": cow_endgame()})
    with pytest.raises(Exception, match="differs in: platform_capacity"):
        pyspiel.load_game("python_ovnilab_ovni", {"start": s.to_json(), "platform_capacity": 3})
    with pytest.raises(Exception, match="not a save encoded"):
        pyspiel.load_game("python_ovnilab_ovni", {"start": "b64:%%%"})


# ====================================================================== Cosmic Encounter
@pytest.mark.parametrize("n", [3, 4, 5])
def test_cosmic_random_sim_test(n):
    """Short games (the engine's turn_limit ends them, the most colonies winning)."""
    game = pyspiel.load_game("python_ovnilab_cosmic", {"players": n, "turn_limit": 3})
    assert game.num_players() == n and game.num_distinct_actions() == 96
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_cosmic_actions_are_spelled_from_ovnilab_texts():
    from ovnilab import cosmic

    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 3, "turn_limit": 3, "chance_seeds": 5,
                                                   "alien_levels": "green"})
    s = g.new_initial_state()
    s.apply_action(2)
    ref = cosmic.new_game(num_players=3, seed=2, rules=cosmic.Rules(turn_limit=3, alien_levels=("green",)))
    rng = random.Random(2)
    steps = 0
    text = ""
    while not s.is_terminal():
        n = len(s.engine.log)
        if s.is_chance_node():  # the draws of the chosen action: the seeded engine's own
            s.apply_action(s.engine_outcome())
        else:
            ids = s.legal_actions()
            texts = [s.action_to_string(a) for a in ids]
            legal = {str(a) for a in s.engine.legal_actions()}
            for t in texts:  # a choice names a whole legal action or a part of one
                assert t in legal or any(x.startswith(t[:-3]) for x in legal)
            a = rng.choice(ids)
            text = s.action_to_string(a)
            s.apply_action(a)
            steps += 1
        if len(s.engine.log) > n:
            assert str(s.engine.log[-1]) == text
            ref.apply(text)
    assert ref == s.engine and steps > len(ref.log)  # some actions took more than one step
    assert g.codec.char_id("a") == 66
    with pytest.raises(ValueError, match="printable ASCII"):
        g.codec.char_id("é")


def test_cosmic_observations_hide_other_seats():
    """Hands, the deck's order and the aliens not yet revealed: a determinization for the
    seat changes them and leaves its tensors and strings unchanged."""
    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 4})
    s = g.new_initial_state()
    s.apply_action(3)
    rng = random.Random(3)
    for _ in range(120):
        s.apply_action(rng.choice(s.legal_actions()))
    e = s.engine
    for seat in range(4):
        moved = s.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        d = moved.engine
        assert [sorted(map(str, h)) for h in d.hands] != [sorted(map(str, h)) for h in e.hands]
        assert moved.observation_tensor(seat) == s.observation_tensor(seat)
        assert moved.information_state_string(seat) == s.information_state_string(seat)
        assert moved.observation_string(seat) == s.observation_string(seat)


def test_cosmic_mcts_and_ismcts_play_ovnilab_bots():
    from open_spiel.python.algorithms import ismcts, mcts

    from ovnilab.cosmic.bots import GreedyBot as CosmicGreedy

    g = pyspiel.load_game("python_ovnilab_cosmic", {"players": 3, "turn_limit": 2, "chance_seeds": 20})
    rs = np.random.RandomState(5)
    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    m = mcts.MCTSBot(g, uct_c=2.0, max_simulations=2, evaluator=ev, random_state=rs)
    i = ismcts.ISMCTSBot(g, ev, uct_c=2.0, max_simulations=2, random_state=rs)
    bots = [m, i, OvnilabBot(CosmicGreedy(), 2)]
    state = play(g, bots, rs)
    assert state.engine.is_over() and set(state.returns()) <= {-1.0, 0.0, 1.0}


# ====================================================================== draws during play


def _first_draws(name: str, params: dict, seed: int = 0):
    """A state at the first chance node after the root, reached by seeded random play."""
    g = pyspiel.load_game(name, params)
    s = g.new_initial_state()
    s.apply_action(seed)
    rng = random.Random(seed)
    while not s.is_chance_node():
        assert not s.is_terminal(), "no draw during play in this game"
        s.apply_action(rng.choice(s.legal_actions()))
    return g, s


@pytest.mark.parametrize("name,params", [("python_ovnilab_ovni", {"players": 3}),
                                         ("python_ovnilab_cosmic", {"players": 3, "turn_limit": 3})])
def test_a_draw_during_play_is_chance_nodes_with_the_engines_distribution(name, params):
    g, s = _first_draws(name, params)
    assert g.max_chance_outcomes() >= ovnilab.openspiel.MAX_DRAW
    # every node is a uniform integer; the nodes of one action multiply to the engine's own
    # probability of that outcome (a shuffle of n: 1/n, 1/(n-1), ... 1/2, i.e. 1/n!)
    before = s.engine.clone()
    # Outcomes 0, 1, 2, ... (modulo each node's size), not all zeros: Cosmic's first-player
    # destiny draw looks again at a wild or special card, so always drawing 0 could repeat
    # forever (a path of probability zero; see the module docstring).
    probability, bounds, scripted = 1.0, [], s.clone()
    while scripted.is_chance_node():
        outcomes = scripted.chance_outcomes()
        assert [o for o, _ in outcomes] == list(range(len(outcomes)))
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        probability *= outcomes[0][1]
        bounds.append(len(outcomes))
        scripted.apply_action(len(bounds) % len(outcomes))
    assert probability == pytest.approx(np.prod([1 / b for b in bounds]))
    # the engine's own draws (what the seeded ovnilab game does) and the scripted ones both
    # end in the same action; other integers at the first node give other positions
    own = s.clone()
    while own.is_chance_node():
        own.apply_action(own.engine_outcome())
    assert scripted.engine != before and own.engine.log == scripted.engine.log
    finals = []
    for first in range(min(bounds[0], 8)):
        other = s.clone()
        other.apply_action(first)
        k = 1
        while other.is_chance_node():
            k += 1
            other.apply_action(k % len(other.chance_outcomes()))
        finals.append(other.engine)
    assert any(e != finals[0] for e in finals) or bounds[0] == 1
    with pytest.raises(Exception, match="not one of"):
        s.clone().apply_action(10**6)
    with pytest.raises(ValueError, match="draw during play"):
        own.engine_outcome()  # a player's node: there is no draw to report
    text = s.action_to_string(pyspiel.PlayerId.CHANCE, 0)
    assert text.startswith("draw 1 for '") and "0 of 0.." in text


def test_draws_replay_through_serialization_and_can_be_switched_off():
    g, s = _first_draws("python_ovnilab_ovni", {"players": 3})
    rng = random.Random(5)
    chance = 0
    while not s.is_terminal() and chance < 6:  # random outcomes, not the engine's: a game
        chance += s.is_chance_node()           # the seed alone cannot replay
        s.apply_action(rng.choice(s.legal_actions()))
    back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))[1]
    assert back.engine == s.engine and back.history() == s.history()
    off = pyspiel.load_game("python_ovnilab_ovni", {"players": 3, "draws_as_chance": False})
    t = off.new_initial_state()
    t.apply_action(0)
    rng = random.Random(0)
    while not t.is_terminal():
        assert not t.is_chance_node()  # the seed draws everything, as in ovnilab
        t.apply_action(rng.choice(t.legal_actions()))
    assert off.max_chance_outcomes() == 1000
    with pytest.raises(Exception, match="draws_as_chance"):
        pyspiel.load_game("python_ovnilab_cosmic", {"draws_as_chance": 2})


# ---------------------------------------------------------------------- MCTSBot sees the cards (issue 32)
def test_play_warns_that_mcts_searches_the_true_state_and_ismcts_bot_plays():
    """OpenSpiel's plain MCTSBot searches the true state: play() warns; ISMCTSBot (the
    docstring's advice, built by ismcts_bot) plays whole games without the warning, and
    the same seeds replay the same game."""
    import warnings

    from open_spiel.python.algorithms import mcts

    from ovnilab.openspiel import TrueStateSearchWarning, ismcts_bot

    g = pyspiel.load_game("python_ovnilab_cows", {"stall_limit": 4})
    rs = np.random.RandomState(2)
    m = mcts.MCTSBot(g, uct_c=2.0, max_simulations=2,
                     evaluator=mcts.RandomRolloutEvaluator(random_state=rs), random_state=rs)
    with pytest.warns(TrueStateSearchWarning, match="use ISMCTSBot"):
        play(g, [m, OvnilabBot(RandomBot(), 1)], rs)

    def one_game(seed: int) -> list[int]:
        with warnings.catch_warnings():
            warnings.simplefilter("error", TrueStateSearchWarning)
            state = play(g, [ismcts_bot(g, max_simulations=4, seed=seed), OvnilabBot(RandomBot(), 1, seed=seed)],
                         np.random.RandomState(seed))
        assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        return state.history()

    assert one_game(3) == one_game(3)
    o = pyspiel.load_game("python_ovnilab_ovni", {"players": 2, "chance_seeds": 10})
    state = play(o, [ismcts_bot(o, max_simulations=2), OvnilabBot(RandomBot(), 1)], np.random.RandomState(0))
    assert state.engine.is_over()
    with pytest.raises(ValueError, match="ovnilab's OpenSpiel games"):
        ismcts_bot(pyspiel.load_game("tic_tac_toe"))
    with pytest.raises(ValueError, match="max_simulations"):
        ismcts_bot(g, max_simulations=0)


@pytest.mark.parametrize("name,params", [("python_ovnilab_cows", {}), ("python_ovnilab_ovni", {"players": 3}),
                                         ("python_ovnilab_cosmic", {"players": 3})])
def test_cached_tensors_and_ids_equal_fresh_ones(name, params):
    """issue 32: the observer remembers the last tensor and the codec the last legal ids;
    over random games (each seat's tensor, and clones read in turn) they equal a fresh
    computation with a new codec."""
    from ovnilab.encoding import CosmicCodec, CowsCodec, OvniCodec

    game = pyspiel.load_game(name, params)
    rng = random.Random(3)
    for _ in range(2):
        st = game.new_initial_state()
        steps = 0
        while not st.is_terminal() and steps < 150:
            if st.is_chance_node():
                outcomes, probs = zip(*st.chance_outcomes())
                st.apply_action(rng.choices(outcomes, probs)[0])
                continue
            e = st.engine
            fresh = {"cows": CowsCodec, "ovni": OvniCodec, "cosmic": CosmicCodec}[e.game_name](e)
            other = st.clone()
            for s in (st, other, st):
                assert s.legal_actions() == sorted(fresh.legal_ids(s.engine, s._prefix))
                for p in range(game.num_players()):
                    out = np.zeros(fresh.obs_size, np.float32)
                    fresh.fill(e.observation(p), out, st._prefix if p == e.current_player else "")
                    np.testing.assert_array_equal(np.asarray(s.observation_tensor(p)), out)
            legal = st.legal_actions()
            other.apply_action(legal[-1])  # the clone moves on: st's caches must not follow it
            st.apply_action(rng.choice(legal))
            steps += 1
