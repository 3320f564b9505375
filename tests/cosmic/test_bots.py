"""Cosmic Encounter bots: legal play, decisions from the view only, strength, pickling."""

import math
import pickle
import random

import pytest

from ovnilab import cosmic, mcts
from ovnilab.analysis import wilson_interval
from ovnilab.bots import PlayerView
from ovnilab.cosmic import stats
from ovnilab.cosmic.bots import (
    GreedyBot,
    MCTSBot,
    RandomBot,
    heuristic_values,
    position_values,
)
from ovnilab.sim import play, run_many

from . import BLUE, RED, arrange, drive


def fast_mcts() -> MCTSBot:
    return MCTSBot(iterations=20, rollout_depth=0)


class Checked:
    """Wraps a bot and checks every action it returns is one of the legal actions."""

    def __init__(self, bot):
        self.bot = bot
        self.decisions = 0

    def act(self, view, rng):
        legal = view.legal_actions()
        a = self.bot.act(view, rng)
        assert a in legal, f"{self.bot!r} chose {a!s}, not legal"
        self.decisions += len(legal) > 1
        return a


def test_bots_play_legal_games_to_the_end():
    for seed, n in ((1, 3), (2, 4)):
        bots = [Checked(GreedyBot()), Checked(fast_mcts())] + [Checked(RandomBot()) for _ in range(n - 2)]
        s = cosmic.new_game(n, seed=seed)
        result = play(s, bots)
        cosmic.check_invariants(s)
        assert s.is_over() and result.winners
        assert all(b.decisions > 10 for b in bots[:2])


def test_bots_play_the_yellow_and_red_aliens():
    # issue 14: the search bots determinize and evaluate positions with every new power
    # (several powers per seat, removed ships, alternate wins, tokens); each game deals
    # four aliens of the yellow and red ones implemented
    data = cosmic.load_data()
    new = [a for a in cosmic.implemented_aliens() if data.aliens[a].level != "green"]
    for seed in range(6):
        pool = tuple(random.Random(seed).sample(new, 8))
        bots = [Checked(GreedyBot()), Checked(fast_mcts()), Checked(RandomBot()), Checked(RandomBot())]
        s = cosmic.new_game(4, seed=seed, rules=cosmic.Rules(alien_pool=pool))
        result = play(s, bots)
        cosmic.check_invariants(s)
        assert s.is_over() and result.winners
        assert all(a in pool for a in s.alien)


# ----------------------------------------------------------------- decisions from the view only
def positions(seed: int, n: int, every: int):
    """Positions of a random game where the player to act has a real choice: every
    ``every``-th one, and every selection that follows a face-down card."""
    s = cosmic.new_game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_over():
        legal = s.legal_actions()
        if len(legal) > 1 and legal[0].kind != "alien" and s.phase != "power":
            k += 1
            if k % every == 0 or (s.phase == "select" and max(s.card) >= 0):
                yield s.clone()
        s.apply(rng.choice(legal))


def hidden_twin(s: cosmic.State, seat: int, rng: random.Random) -> cosmic.State | None:
    """The same position with other cards in the hidden places: a face-down encounter
    card swapped for another encounter card of the deck, a card of another player's hand
    swapped with a different card of the deck (not one every player knows is there, such
    as a flare it played), and the deck reshuffled. None when no such swap exists."""
    t = s.clone()
    public = {c for _, c in t._public_pins()}
    names = t.t.name
    for side in (0, 1):
        c = t.card[side]
        if c >= 0 and not t.card_visible(side, seat):
            j = next((j for j, d in enumerate(t.deck) if t.t.is_enc[d] and names[d] != names[c]), None)
            if j is not None:
                t.card[side], t.deck[j] = t.deck[j], t.card[side]
    peeked = set(t.shown_hands(seat))
    for o in t.order_from(seat)[1:]:
        if o in peeked or not t.hands[o]:
            continue
        for i, c in enumerate(t.hands[o]):
            if c in public:
                continue
            j = next((j for j, d in enumerate(t.deck) if names[d] != names[c]), None)
            if j is not None:
                t.hands[o][i], t.deck[j] = t.deck[j], t.hands[o][i]
                rng.shuffle(t.deck)
                t._legal_cache = None
                t._legal_set_cache = None
                return t
    return None


class Peeker:
    """A cheating bot (reads another player's hand): the test below must catch it."""

    def act(self, view, rng):
        legal = view.legal_actions()
        s = view._state
        other = (view.seat + 1) % s.n
        return legal[sum(s.hands[other]) % len(legal)]


def test_decisions_depend_only_on_the_view():
    bots = {"greedy": GreedyBot(), "mcts": MCTSBot(iterations=6, rollout_depth=2)}
    checked = 0
    caught = 0
    face_down = 0
    for seed in (3, 7):
        for s in positions(seed, 3 + seed % 2, every=23):
            seat = s.current_player
            twin = hidden_twin(s, seat, random.Random(seed))
            if twin is None:
                continue
            assert twin.observation(seat) == s.observation(seat)
            assert twin.legal_actions() == s.legal_actions()
            assert any(a != b for a, b in zip(twin.hands, s.hands))
            face_down += twin.card != s.card
            for name, bot in bots.items():
                a = bot.act(PlayerView(s, seat), random.Random(11))
                b = bot.act(PlayerView(twin, seat), random.Random(11))
                assert a == b, f"{name} decided {a} and {b} in two positions it cannot tell apart"
            cheat = Peeker()
            caught += cheat.act(PlayerView(s, seat), None) != cheat.act(PlayerView(twin, seat), None)
            checked += 1
    assert checked >= 20 and face_down >= 3
    assert caught >= 1  # the comparison does detect a bot that reads hidden cards


def test_determinization_is_canonical_and_keeps_what_the_seat_sees():
    s = next(iter(positions(5, 4, every=40)))
    seat = s.current_player
    view = PlayerView(s, seat)
    d1 = view.determinize(random.Random(1))
    d2 = view.determinize(random.Random(2))
    for d in (d1, d2):
        cosmic.check_invariants(d)
        assert d.observation(seat) == s.observation(seat)
        assert d.hands[seat] == s.hands[seat]
    assert d1.deck != d2.deck or any(a != b for a, b in zip(d1.hands, d2.hands))
    twin = hidden_twin(s, seat, random.Random(0))
    t1 = PlayerView(twin, seat).determinize(random.Random(1))
    assert [sorted(s.t.name[c] for c in h) for h in t1.hands] == [sorted(s.t.name[c] for c in h) for h in d1.hands]


# ----------------------------------------------------------------- the evaluation
def test_evaluation_sees_odds_ships_and_colonies():
    s = stats.arrange_encounter(["attack 08", "attack 04"], ["attack 06"], defense_ships=4, hand_size=8)
    s.apply("aim at blue 1")
    before = position_values(s, 0)
    s.apply(s.parse_action("ship from red 1"))
    one = position_values(s, 0)
    for p in ("red 2", "red 3", "red 4"):
        s.apply(s.parse_action(f"ship from {p}"))
    four = position_values(s, 0)
    # more ships: better odds for the offense, a worse outlook for the defender; the
    # third player is not involved
    assert four[0] > one[0] > before[0]
    assert four[1] < one[1]
    assert four[2] == one[2] == before[2]
    h = heuristic_values(s)
    assert all(0 <= x <= 1 for x in h) and math.isclose(sum(h), 1.0)
    assert h[0] > h[2]


def test_greedy_launches_as_its_odds_need_and_plays_its_best_card():
    g = GreedyBot()
    rng = random.Random(0)
    launched = {}
    for best in ("attack 20", "attack 08"):
        s = stats.arrange_encounter([best, "attack 04", "negotiate"], ["attack 10", "attack 06"],
                                    defense_ships=4, hand_size=8)
        while s.phase != "select" or s.current_player != 0:
            s.apply(g.act(PlayerView(s, s.current_player), rng))
        launched[best] = s.gate[0]
        assert str(g.act(PlayerView(s, 0), rng)) == f"select {best}"
    # with a 20 one ship nearly always wins: more would only risk ships; with an 08
    # every ship counts
    assert launched == {"attack 20": 1, "attack 08": 4}


def test_greedy_makes_deals():
    g = GreedyBot()
    rng = random.Random(0)
    # two negotiates: the offense proposes terms the defense accepts, a colony each
    s = stats.arrange_encounter(["negotiate"], ["negotiate"], defense_ships=4, hand_size=8)
    while s.last_result is None:
        s.apply(g.act(PlayerView(s, s.current_player), rng))
    assert s.last_result["outcome"] == "deal_made"
    assert s.foreign_colonies(0) == 1 and s.foreign_colonies(1) == 1


def test_generic_mcts_runs_with_the_state_hook(monkeypatch):
    # the one-line hook suggested for the engine, with the shared MCTS as it stands
    monkeypatch.setattr(cosmic.State, "heuristic_values", lambda self: heuristic_values(self), raising=False)
    s = next(iter(positions(9, 3, every=30)))
    bot = mcts.MCTSBot(iterations=8, rollout_depth=3)
    a = bot.act(PlayerView(s, s.current_player), random.Random(0))
    assert a in s.legal_actions()


def test_bots_pickle_and_repeat_themselves():
    s = next(iter(positions(4, 3, every=17)))
    seat = s.current_player
    for bot in (GreedyBot(samples=2), fast_mcts(), RandomBot()):
        again = pickle.loads(pickle.dumps(bot))
        assert repr(again) == repr(bot)
        assert again.act(PlayerView(s, seat), random.Random(3)) == bot.act(PlayerView(s, seat), random.Random(3))


# ----------------------------------------------------------------- strength
def share_against_random(bot, games_per_seat: int, seed: int) -> tuple[float, float, int]:
    """The bot's share of the wins in three-player games against two random bots, each
    seat in turn: (share, Wilson lower bound, games). A random bot would get 1/3."""
    wins = 0.0
    n = 0
    for seat in range(3):
        bots = [RandomBot(), RandomBot(), RandomBot()]
        bots[seat] = bot
        res = run_many("cosmic", bots, games_per_seat, seed=seed + seat, progress=False)
        wins += sum(g.win_share(seat) for g in res)
        n += len(res)
    return wins / n, wilson_interval(wins, n)[0], n


@pytest.mark.parametrize("bot,games", [(GreedyBot(), 3), (fast_mcts(), 4)], ids=["greedy", "mcts"])
def test_bot_beats_random(bot, games):
    share, lo, n = share_against_random(bot, games, seed=20)
    assert lo > 1 / 3, f"{bot!r} won {share:.2f} of {n} games against two random bots"


def test_greedy_gives_its_weakest_card_in_a_deal():
    s = arrange(hands={RED: ["negotiate", "attack 05", "attack 30", "attack 40"],
                       BLUE: ["negotiate", "attack 04", "morph"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    s.apply("propose: red gives 1 card, blue gives 0 cards, red lands nowhere, blue lands on red 2")
    s.apply("accept deal")
    assert s.phase == "give"
    for k in range(3):
        assert str(GreedyBot().act(PlayerView(s, RED), random.Random(k))) == "give attack 05"
