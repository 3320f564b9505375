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

from . import BLUE, RED, YELLOW, arrange, drive, load, ships_on
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


def test_void_wild_cancels_an_artifact():
    s, base = with_flare("Void", ["play Plague on yellow", "!play Void flare (wild)", "aim at blue 1"],
                         hands={RED: ["attack 30", "Plague"], BLUE: ["attack 01"], YELLOW: ["Void flare"]})
    assert s.warp[YELLOW] == 1 and base.warp[YELLOW] == 3
    assert "Plague" in [s.t.name[c] for c in s.discard] and "Void flare" in s.hand_names(YELLOW)
    assert sum(s.ships[YELLOW::3]) == 19


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
