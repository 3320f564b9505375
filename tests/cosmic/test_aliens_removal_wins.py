"""Removal from the game and alternate wins (issue 14): Void, Masochist and Tick-Tock.

Each power changes a real encounter (compared with the same encounter without it), so does
each side of its flare; the engine features they need (ships removed from the game with
the limit, Healer healing them, ``State._win`` and shared wins, ``keeps_power``, the
``reshuffled`` moment) are tested through them; random games with these aliens dealt keep
the invariants."""

import random

from ovnilab import cosmic
from ovnilab.cosmic import rules as R
from ovnilab.cosmic.render import to_svg
from ovnilab.cosmic.render.text import effects_text

from . import BLUE, RED, YELLOW, arrange, drive, load, random_playout, ships_on
from .test_aliens_yellow_red import NEUTRAL, flares, outcome, played, trio, with_flare

ONE_SHIP = ["aim at blue 1", "ship from red 1", "done"]


def _move_to_removed(s: cosmic.State, seat: int, planets: dict[str, int]) -> None:
    """Set ``seat``'s ships on ``planets`` and put the difference out of the game."""
    for name, k in planets.items():
        p = s.planet(name)
        s.removed[seat] += s.ships[p * s.n + seat] - k
        s.ships[p * s.n + seat] = k
    R.check_invariants(s)


# ------------------------------------------------------------------ Void
def test_void_removes_the_losing_defense_ships():
    s, base = played("Void", RED, ONE_SHIP, hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.removed[BLUE] == 4 and s.warp[BLUE] == 0
    assert base.removed[BLUE] == 0 and base.warp[BLUE] == 4


def test_void_as_the_defense_removes_the_gate_and_the_offensive_allies():
    script = ONE_SHIP + ["invite yellow", "invite nobody", "join offense", "ship from yellow 1", "done"]
    s, base = played("Void", BLUE, script, hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    assert outcome(s) == outcome(base) == "defense"
    assert (s.removed[RED], s.removed[YELLOW], s.warp[RED], s.warp[YELLOW]) == (1, 1, 0, 0)
    assert (base.removed[RED], base.removed[YELLOW], base.warp[RED], base.warp[YELLOW]) == (0, 0, 1, 1)


def test_void_stops_at_the_ships_needed_to_win():
    s = arrange(aliens=trio("Void", RED), hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    # blue has 12 ships out of the game already: 20 - 5 - 12 = 3 more may go
    _move_to_removed(s, BLUE, {f"blue {k}": 1 for k in range(2, 6)})
    assert s.removable(BLUE) == 3
    drive(s, ONE_SHIP)
    assert s.removed[BLUE] == 15 and s.warp[BLUE] == 1 and s.removable(BLUE) == 0


def test_void_gives_a_negotiating_loser_no_compensation():
    s, base = played("Void", RED, ONE_SHIP, hands={RED: ["attack 30", "attack 04", "attack 05", "attack 06"],
                                                   BLUE: ["negotiate"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.removed[BLUE] == 4 and len(s.hands[RED]) == 3
    assert base.warp[BLUE] == 4 and len(base.hands[RED]) == 0  # four cards of compensation


def test_void_acts_before_zombie():
    kw = dict(hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    s = drive(arrange(aliens=["Void", "Zombie", "Oracle"], **kw), ONE_SHIP)
    base = drive(arrange(aliens=["Will", "Zombie", "Oracle"], **kw), ONE_SHIP)
    assert s.removed[BLUE] == 4 and ships_on(s, BLUE, "blue 1") == 0
    assert base.removed[BLUE] == 0 and base.warp[BLUE] == 0  # the Zombie's ships went home


def test_void_does_nothing_on_a_loss_a_failed_deal_or_when_zapped():
    lost = drive(arrange(aliens=trio("Void", RED), hands={RED: ["attack 01"], BLUE: ["attack 30"]}), ONE_SHIP)
    assert outcome(lost) == "defense" and lost.removed == [0, 0, 0] and lost.warp[RED] == 1
    failed = drive(arrange(aliens=trio("Void", RED), hands={RED: ["negotiate"], BLUE: ["negotiate"]}),
                   ONE_SHIP + ["reject deal"])
    assert outcome(failed) == "deal_failed" and failed.removed == [0, 0, 0]
    assert failed.warp[RED] == failed.warp[BLUE] == 3
    zapped = drive(arrange(aliens=trio("Void", RED), hands={RED: ["attack 30"], BLUE: ["attack 01", "Cosmic Zap"]}),
                   ONE_SHIP + ["play Cosmic Zap on red"])
    assert outcome(zapped) == "offense" and zapped.removed[BLUE] == 0 and zapped.warp[BLUE] == 4


def test_healer_heals_ships_removed_from_the_game():
    kw = dict(hands={RED: ["attack 30"], BLUE: ["attack 01"]})
    s = drive(arrange(aliens=["Void", "Will", "Healer"], **kw), ONE_SHIP + ["Healer: heal blue"])
    base = drive(arrange(aliens=["Void", "Will", "Healer"], **kw), ONE_SHIP + ["Healer: let them be"])
    assert s.removed[BLUE] == 0 and s.warp[BLUE] == 0 and sum(s.ships[BLUE::3]) == 20 and len(s.hands[YELLOW]) == 1
    assert base.removed[BLUE] == 4 and len(base.hands[YELLOW]) == 0
    house = drive(arrange(aliens=["Void", "Will", "Healer"], rules=cosmic.Rules(flares=False, heal_removed=False),
                          **kw), ONE_SHIP)
    assert house.removed[BLUE] == 4 and len(house.hands[YELLOW]) == 0  # never asked


def test_void_wild_cancels_an_artifact():
    s, base = with_flare("Void", ["play Plague on yellow", "!play Void flare (wild)", "aim at blue 1"],
                         hands={RED: ["attack 30", "Plague"], BLUE: ["attack 01"], YELLOW: ["Void flare"]})
    assert s.warp[YELLOW] == 1 and base.warp[YELLOW] == 3
    assert "Plague" in [s.t.name[c] for c in s.discard] and "Void flare" in s.hand_names(YELLOW)
    assert sum(s.ships[YELLOW::3]) == 19
    # until the encounter ends, the flare counts as played (no flare twice in one
    # encounter), and the board's list of what is in play says by whom
    now = drive(arrange(aliens=list(NEUTRAL), rules=flares(*NEUTRAL, "Void"),
                        hands={RED: ["attack 30", "Plague"], BLUE: ["attack 01"], YELLOW: ["Void flare"]}),
                ["play Plague on yellow", "play Void flare (wild)"], until=lambda s: True)
    assert "Void flare played by yellow" in effects_text(now)


def test_void_wild_is_not_offered_against_a_flare_nor_twice():
    kw = dict(aliens=list(NEUTRAL), rules=flares(*NEUTRAL, "Void", "Zombie"),
              hands={RED: ["attack 30", "Zombie flare", "Plague"], BLUE: ["attack 01"], YELLOW: ["Void flare"]},
              ask_everyone=True)
    s = arrange(**kw)
    s.apply(s.parse_action("play Zombie flare (wild)"))
    while s.current_player != YELLOW:
        s.apply(s.parse_action("pass"))
    assert "play Void flare (wild)" not in [str(a) for a in s.legal_actions()]


def test_void_super_removes_as_an_ally():
    script = ONE_SHIP + ["invite yellow", "invite nobody", "join offense", "ship from yellow 1", "done",
                         "!play Void flare (super)"]
    s, base = with_flare("Void", script, aliens=trio("Void", YELLOW),
                         hands={RED: ["attack 30"], BLUE: ["attack 01"], YELLOW: ["Void flare"]})
    assert outcome(s) == outcome(base) == "offense"
    assert s.removed[BLUE] == 4 and base.removed[BLUE] == 0 and base.warp[BLUE] == 4


def test_removed_ships_are_public_drawn_and_replayed():
    s = drive(arrange(aliens=trio("Void", RED), hands={RED: ["attack 30"], BLUE: ["attack 01"]}), ONE_SHIP)
    assert s.observation(YELLOW)["removed"] == [0, 4, 0]
    c = s.clone()
    c.removed[BLUE] = 0
    assert s.removed[BLUE] == 4
    assert "removed 4" in to_svg(s) and "removed" not in to_svg(arrange(aliens=trio("Void", RED)))
    g = cosmic.new_game(3, seed=5, rules=cosmic.Rules(alien_pool=("Void", "Will", "Oracle")),
                        aliens=["Void", "Will", "Oracle"])
    rng = random.Random(5)
    while not g.is_over() and len(g.log) < 400:
        g.apply(rng.choice(g.legal_actions()))
    assert load(g.to_json()) == g


# ------------------------------------------------------------------ Masochist
def _all_in_warp(s: cosmic.State, seat: int) -> None:
    """Every ship of ``seat`` on a planet goes to the warp (nothing left in play)."""
    for p in range(len(s.pname)):
        s.warp[seat] += s.ships[p * s.n + seat]
        s.ships[p * s.n + seat] = 0
    R.check_invariants(s)


NEXT_REGROUP = ONE_SHIP  # red's encounter against blue; the next one starts with a regroup


def _next_regroup(s: cosmic.State) -> cosmic.State:
    """Play on (defaults) until the game is over or the next encounter's regroup."""
    start = s.encounters
    return drive(s, NEXT_REGROUP, until=lambda x: x.is_over() or (x.encounters > start and x.stage == "regroup"))


def test_masochist_wins_when_none_of_its_ships_is_in_play():
    kw = dict(hands={RED: ["attack 30", "attack 20"], BLUE: ["attack 01"]})
    s = arrange(aliens=trio("Masochist", YELLOW), **kw)
    base = arrange(aliens=trio("Clone", YELLOW), **kw)
    for x in (s, base):
        _all_in_warp(x, YELLOW)
        _next_regroup(x)
    assert s.is_over() and s.winners() == [YELLOW] and "Masochist" in s.win_reason
    assert s.foreign_colonies(YELLOW) == 0 and s.warp[YELLOW] == 20  # before the offense's retrieval
    assert "Masochist: none of its ships in play" in to_svg(s)
    assert s.observation(RED)["win_reason"] == s.win_reason
    assert not base.is_over()


def test_masochist_keeps_its_power_without_home_colonies():
    s = arrange(aliens=trio("Masochist", YELLOW))
    base = arrange(aliens=trio("Clone", YELLOW))
    for x in (s, base):
        for k in range(1, 6):
            p = x.planet(f"yellow {k}")
            x.warp[YELLOW] += x.ships[p * 3 + YELLOW] - (1 if k == 1 else 0)
            x.ships[p * 3 + YELLOW] = 1 if k == 1 else 0
        assert x.home_colonies(YELLOW) == 1
    assert s.power_active(YELLOW) and not s.power_lost(YELLOW)
    assert not base.power_active(YELLOW) and base.power_lost(YELLOW)
    assert "power LOST" not in to_svg(s) and "power LOST" in to_svg(base)


def test_masochist_zapped_does_not_win_at_that_check():
    kw = dict(hands={RED: ["attack 30", "attack 20", "Cosmic Zap"], BLUE: ["attack 01"]})
    s = arrange(aliens=trio("Masochist", YELLOW), **kw)
    assert s.phase == "window" and s.stage == "regroup"  # red may zap in this regroup
    _all_in_warp(s, YELLOW)
    drive(s, ["play Cosmic Zap on yellow"], until=lambda x: x.is_over() or x.phase == "aim")
    assert not s.is_over() and ("zap", YELLOW) in s.eflags
    _next_regroup(s)
    assert s.is_over() and s.winners() == [YELLOW]


def test_masochist_wild_lets_another_player_retrieve_instead_of_the_offense():
    kw = dict(hands={RED: ["attack 30"], BLUE: ["attack 01", "Masochist flare"]}, warp={RED: 2, BLUE: 2},
              ask_everyone=True)
    rules = flares(*NEUTRAL, "Masochist")
    s = drive(arrange(aliens=list(NEUTRAL), rules=rules, **kw), ["play Masochist flare (wild): blue"],
              until=lambda x: x.phase == "aim")
    base = drive(arrange(aliens=list(NEUTRAL), rules=rules, **kw), until=lambda x: x.phase == "aim")
    assert (s.warp[RED], s.warp[BLUE]) == (2, 1)
    assert (base.warp[RED], base.warp[BLUE]) == (1, 2)


def test_masochist_wild_needs_the_offense_to_keep_a_ship():
    s = arrange(aliens=list(NEUTRAL), rules=flares(*NEUTRAL, "Masochist"), ask_everyone=True,
                hands={RED: ["attack 30"], BLUE: ["attack 01", "Masochist flare"]}, warp={BLUE: 2})
    assert s.clone()._flare_plays(BLUE, "Masochist", "regroup")  # (it is red's regroup window)
    _all_in_warp(s, RED)
    assert s._flare_plays(BLUE, "Masochist", "regroup") == []


def test_masochist_super_removes_a_ship_instead_of_retrieving():
    kw = dict(hands={RED: ["attack 30", "Masochist flare"], BLUE: ["attack 01"]}, warp={RED: 3})
    s, base = with_flare("Masochist", ["!play Masochist flare (super)"], aliens=trio("Masochist", RED), **kw)
    assert (s.warp[RED], s.removed[RED]) == (2, 1)
    assert (base.warp[RED], base.removed[RED]) == (2, 0)  # the regroup brought one back


# ------------------------------------------------------------------ Tick-Tock
DEAL = ONE_SHIP + ["propose: red gives 0 cards, blue gives 0 cards, red lands on blue 1, blue lands nowhere",
                   "accept deal", "ship from red 2", "done"]


def test_tick_tock_discards_a_token_for_a_defensive_win_not_an_offensive_one():
    s, base = played("Tick-Tock", YELLOW, ONE_SHIP, hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    assert outcome(s) == "defense" and s.tokens[YELLOW] == 9 and base.tokens[YELLOW] == 0
    won = drive(arrange(aliens=trio("Tick-Tock", YELLOW), hands={RED: ["attack 30"], BLUE: ["attack 01"]}), ONE_SHIP)
    assert outcome(won) == "offense" and won.tokens[YELLOW] == 10


def test_tick_tock_discards_a_token_for_a_deal_not_a_failed_one():
    kw = dict(hands={RED: ["negotiate"], BLUE: ["negotiate"]})
    s = drive(arrange(aliens=trio("Tick-Tock", YELLOW), **kw), DEAL)
    assert outcome(s) == "deal_made" and s.tokens[YELLOW] == 9 and s.foreign_colonies(RED) == 1
    failed = drive(arrange(aliens=trio("Tick-Tock", YELLOW), **kw), ONE_SHIP + ["reject deal"])
    assert outcome(failed) == "deal_failed" and failed.tokens[YELLOW] == 10


def test_tick_tock_wins_with_its_last_token():
    s = arrange(aliens=trio("Tick-Tock", YELLOW), hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    s.tokens[YELLOW] = 1
    drive(s, ONE_SHIP)
    assert s.is_over() and s.winners() == [YELLOW] and s.tokens[YELLOW] == 0
    assert s.win_reason == "Tick-Tock: its last token discarded"
    assert "Tick-Tock: its last token discarded" in to_svg(s) and "Winner" in to_svg(s)
    assert R.check_invariants(s) is None


def test_the_board_status_says_why_the_game_ended():
    from ovnilab.cosmic.widget import Board

    s = arrange(aliens=trio("Tick-Tock", YELLOW), hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    s.tokens[YELLOW] = 1
    drive(s, ONE_SHIP)
    board = Board(s, seats={RED: "human", BLUE: "human", YELLOW: "human"})
    assert "Tick-Tock: its last token discarded" in board.status.value


def test_tick_tock_shares_the_win_with_a_deal_that_makes_a_winner():
    s = arrange(aliens=trio("Tick-Tock", YELLOW), hands={RED: ["negotiate"], BLUE: ["negotiate"]},
                rules=cosmic.Rules(flares=False, win_colonies=1))
    s.tokens[YELLOW] = 1
    drive(s, DEAL)
    assert s.is_over() and s.winners() == [RED, YELLOW] and s.scores()[RED] == 1
    assert "Tick-Tock" in s.win_reason and "1 foreign colonies" in s.win_reason
    assert "Shared win" in to_svg(s)


def test_tick_tock_keeps_its_token_while_zapped_or_without_power():
    kw = dict(hands={RED: ["attack 01", "Cosmic Zap"], BLUE: ["attack 30"]})
    zapped = drive(arrange(aliens=trio("Tick-Tock", YELLOW), **kw), ONE_SHIP + ["play Cosmic Zap on yellow"])
    assert outcome(zapped) == "defense" and zapped.tokens[YELLOW] == 10
    lost = arrange(aliens=trio("Tick-Tock", YELLOW), hands={RED: ["attack 01"], BLUE: ["attack 30"]})
    for k in (1, 2, 3):
        p = lost.planet(f"yellow {k}")
        lost.warp[YELLOW] += lost.ships[p * 3 + YELLOW]
        lost.ships[p * 3 + YELLOW] = 0
    assert lost.power_lost(YELLOW)
    drive(lost, ONE_SHIP)
    assert outcome(lost) == "defense" and lost.tokens[YELLOW] == 10


def test_tick_tock_wild_colonizes_when_the_deck_is_reshuffled():
    kw = dict(hands={RED: ["attack 30", "Tick-Tock flare"], BLUE: ["Cosmic Zap"]})
    rules = flares(*NEUTRAL, "Tick-Tock")
    games = []
    for play in (True, False):
        s = arrange(aliens=list(NEUTRAL), rules=rules, **kw)
        s.discard, s.deck = s.discard + s.deck, []  # the defense's new hand reshuffles
        script = (["play Tick-Tock flare (wild)"] if play else []) + ONE_SHIP
        if play:
            script += ["Tick-Tock: colonize yellow 3", "ship from red 2", "ship from red 2", "done"]
        start = s.encounters
        games.append(drive(s, script, until=lambda x: x.encounters > start or x.is_over()))
    s, base = games
    assert ships_on(s, RED, "yellow 3") == 2 and s.foreign_colonies(RED) >= 1
    assert ships_on(base, RED, "yellow 3") == 0
    # the choices: every home planet of each other player where red has no ship yet
    ask = arrange(aliens=list(NEUTRAL), rules=rules, **kw)
    ask.discard, ask.deck = ask.discard + ask.deck, []
    drive(ask, ["play Tick-Tock flare (wild)"] + ONE_SHIP,
          until=lambda x: any(str(a).startswith("Tick-Tock: colonize") for a in x.legal_actions()))
    assert sorted(str(a) for a in ask.legal_actions()) == [
        f"Tick-Tock: colonize {c} {k}" for c in ("blue", "yellow") for k in range(1, 6)]


def test_tick_tock_super_discards_an_extra_token():
    script = ONE_SHIP + ["!play Tick-Tock flare (super)"]
    s, base = with_flare("Tick-Tock", script, aliens=trio("Tick-Tock", BLUE),
                         hands={RED: ["attack 01"], BLUE: ["attack 30", "Tick-Tock flare"]})
    assert outcome(s) == outcome(base) == "defense"
    assert s.tokens[BLUE] == 8 and base.tokens[BLUE] == 9
    assert s.warp[BLUE] == 1 and base.warp[BLUE] == 0


def test_tick_tock_tokens_are_drawn_public_and_replayed():
    s = arrange(aliens=trio("Tick-Tock", YELLOW))
    assert "10 tokens" in to_svg(s) and s.observation(RED)["tokens"] == [0, 0, 10]
    g = cosmic.new_game(3, seed=8, aliens=["Tick-Tock", "Will", "Void"],
                        rules=cosmic.Rules(alien_pool=("Tick-Tock", "Will", "Void")))
    rng = random.Random(8)
    while not g.is_over() and len(g.log) < 600:
        g.apply(rng.choice(g.legal_actions()))
    assert load(g.to_json()) == g and g.tokens[0] < 10


# ------------------------------------------------------------------ random games
MINE = ("Void", "Masochist", "Tick-Tock")


def test_random_games_with_these_aliens_dealt():
    """150 random games whose pools hold these aliens (and others to deal from): the
    invariants hold after every action, determinizations keep the seat's view, saves
    replay; every flare side is played."""
    others = [a for a in cosmic.implemented_aliens() if a not in MINE]
    used: set = set()
    reasons: set = set()
    for seed in range(150):
        n = 3 + seed % 3
        rng = random.Random(1000 + seed)
        pool = MINE + tuple(rng.sample(others, 2 * n + 1 - len(MINE)))
        s = cosmic.new_game(n, seed=seed, rules=cosmic.Rules(alien_pool=pool), aliens=None)

        def note(a):
            if a.kind in ("flare", "power", "choose") and a.a in MINE:
                used.add((a.a, a.b if a.kind == "flare" else "power"))

        random_playout(s, rng, 37, on_action=note)
        reasons.add(s.win_reason.split(":")[0])
        if seed % 15 == 0:
            assert load(s.to_json()) == s
    assert used >= {(a, side) for a in MINE for side in ("wild", "super")}, used
    assert "5 foreign colonies" in reasons and reasons & {"Tick-Tock", "Masochist"}, reasons
