"""Hidden information: determinizations depend only on what a seat sees, keep what every
player knows, re-deal hidden alien offers and flares, start a fresh log; logs never name a
hidden card; Barbarian and Hacker see the hands they choose from; the first destiny card
goes back into a complete, reshuffled deck."""

import json
import random

import pytest

from ovnilab import IllegalAction, SaveFormatError, cosmic
from ovnilab.board import GameBoard
from ovnilab.bots import RandomBot
from ovnilab.core import MAX_ACTION_CHARS
from ovnilab.cosmic import rules as R
from ovnilab.cosmic.render import to_svg
from ovnilab.cosmic.widget import Board

from . import BLUE, RED, YELLOW, arrange, default_action, drive


def flares(*aliens: str) -> cosmic.Rules:
    """Rules whose alien pool is exactly ``aliens`` (so all their flares are in the deck)."""
    return cosmic.Rules(alien_pool=tuple(aliens))


def hidden_places(s: cosmic.State, seat: int) -> list[list[int]]:
    """The card containers ``seat`` cannot see into."""
    shown = s.shown_hands(seat)
    out = [s.hands[o] for o in range(s.n) if o != seat and o not in shown]
    return out + [s.hoard[o] for o in range(s.n) if o != seat] + [s.deck]


def rearranged(s: cosmic.State, seat: int, rng: random.Random) -> cosmic.State:
    """The same position as ``seat`` sees it, with the hidden cards in other places: the
    cards it cannot see (but those every player knows are in a hand) are shuffled across
    the hidden places, keeping sizes, and a face-down encounter card is swapped for another
    encounter card among them."""
    t = s.clone()
    # cards every player knows are in a hand stay, and so do the recorded ones that left it
    # (determinize checks a record against the true hand; see State.determinize)
    public = {c for _, c in t._public_pins()} | {c for c, _ in t.shown}
    # and so do the cards the seat alone knows are in a hand (Mind's look, a Philanthropist's gift)
    public |= {c for _, c in t.private_pins(seat)} | {c for _, c, _ in t.known}
    places = hidden_places(t, seat)
    free = [[i for i, c in enumerate(x) if c not in public] for x in places]
    pool = [x[i] for x, idx in zip(places, free) for i in idx]
    rng.shuffle(pool)
    for x, idx in zip(places, free):
        for i in idx:
            x[i] = pool.pop()
    for side in (0, 1):
        c = t.card[side]
        if c >= 0 and not t.card_visible(side, seat):
            spots = [(x, i) for x, idx in zip(places, free) for i in idx if t.t.is_enc[x[i]]]
            if spots:
                x, i = spots[rng.randrange(len(spots))]
                t.card[side], x[i] = x[i], t.card[side]
    t._legal_cache = t._legal_set_cache = None
    return t


def random_positions(n: int, seed: int, every: int, rules: cosmic.Rules | None = None):
    """Every ``every``-th position of a random game (and every position where a power
    names cards: Barbarian, Hacker, Vulch), with the seat to act."""
    s = cosmic.new_game(n, seed=seed, rules=rules)
    rng = random.Random(seed)
    k = 0
    while not s.is_over():
        k += 1
        t = s.tasks[0]
        if k % every == 0 or (t[0] == "power" and t[2] in ("Barbarian", "Hacker", "Vulch")) or t[0] == "zap":
            yield s
        s.apply(rng.choice(s.legal_actions()))


# ----------------------------------------------------------------- 1. canonical
def test_determinize_depends_only_on_what_the_seat_sees():
    checked = differ = 0
    for seed in (1, 2):
        for s in random_positions(4, seed, every=9):
            seat = s.current_player
            twin = rearranged(s, seat, random.Random(checked))
            assert twin.observation(seat) == s.observation(seat)
            differ += twin.hands != s.hands or twin.deck != s.deck
            d1 = s.determinize(seat, random.Random(checked))
            d2 = twin.determinize(seat, random.Random(checked))
            assert d1 == d2, f"seed {seed}, step {len(s.log)}: the sample depends on hidden cards"
            checked += 1
    assert checked > 60 and differ > checked // 2


def test_determinizations_keep_the_view_and_the_legal_actions():
    # across whole random games (every alien and flare in play over the seeds): a sample
    # is a sound state the seat cannot tell from the true one, and the seat's legal actions
    # are those of the true state (a sample that moved a known card would break them)
    checked = 0
    variants = [(3, 5, None), (4, 6, None), (5, 7, None), (3, 8, cosmic.Rules(powers=False)),
                (4, 9, cosmic.Rules(flares=False)), (3, 10, cosmic.Rules(alien_choices=3, flares_total=12))]
    for n, seed, rules in variants:
        for s in random_positions(n, seed, every=3, rules=rules):
            seat = s.current_player
            d = s.determinize(seat, random.Random(checked))
            R.check_invariants(d)
            assert d.observation(seat) == s.observation(seat)
            assert d.legal_actions() == s.legal_actions()
            a = random.Random(checked).choice(d.legal_actions())
            d.apply(a)  # and the sample plays on
            checked += 1
    assert checked > 500


# ----------------------------------------------------------------- 2. public knowledge
def flare_position() -> cosmic.State:
    """Red plays Zombie's flare; blue (not the Filch) may steal it with Filch's flare."""
    s = arrange(aliens=["Macron", "Zombie", "Filch"], rules=flares("Macron", "Zombie", "Filch", "Will"),
                hands={RED: ["attack 10", "Zombie flare", "attack 04"], BLUE: ["negotiate", "Filch flare", "attack 08"],
                       YELLOW: ["attack 12", "Will flare"]})
    s.apply("play Zombie flare (wild)")
    assert s.phase == "zap" and s.current_player == BLUE
    assert "play Filch flare (wild)" in {str(a) for a in s.legal_actions()}
    return s


def test_a_flare_being_played_stays_in_its_owners_hand():
    s = flare_position()
    zombie = s.g.flare_card["Zombie"]
    for k in range(25):
        d = s.determinize(BLUE, random.Random(k))
        assert zombie in d.hands[RED]
        d.apply("play Filch flare (wild)")  # steals the card being played: no StopIteration
        assert zombie in d.hands[BLUE]
        R.check_invariants(d)


def test_a_flare_played_earlier_is_known_to_be_in_its_owners_hand():
    s = flare_position()
    s.apply("pass")  # the flare takes effect and stays in red's hand, used
    zombie = s.g.flare_card["Zombie"]
    assert zombie in s.hands[RED]
    for k in range(25):
        for viewer in (BLUE, YELLOW):
            assert zombie in s.determinize(viewer, random.Random(k)).hands[RED]
    # once stolen by Filch's flare, everybody knows the thief holds it
    s = flare_position()
    s.apply("play Filch flare (wild)")
    for k in range(10):
        assert zombie in s.determinize(YELLOW, random.Random(k)).hands[BLUE]


def test_a_player_still_to_select_holds_an_encounter_card_in_every_sample():
    # rulebook (planning): a main player without encounter cards does not select (the
    # offense's turn ends, the defense draws a new hand in view of all): both are known to
    # hold one. Blue's one card is an attack; a sample dealing it a single other card
    # (16 of these 40 did, before samples kept what planning tells) left blue nothing to select
    s = arrange(hands={RED: ["attack 40", "attack 20"], BLUE: ["attack 01"]}, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1"], until=lambda s: s.tasks and s.tasks[0][0] == "select")
    assert [t for t in s.tasks if t[0] == "select"] == [("select", RED), ("select", BLUE)]
    for k in range(40):
        for viewer in (RED, YELLOW):
            d = s.determinize(viewer, random.Random(k))
            assert d.has_encounter_card(RED) and d.has_encounter_card(BLUE)
            d.apply(d.legal_actions()[0])  # red selects: blue's turn to select comes
            assert d.tasks[0] == ("select", BLUE) and d.legal_actions(), (k, d.hand_names(BLUE))
    s.apply("select attack 40")
    for k in range(40):
        d = s.determinize(RED, random.Random(k))
        assert [str(a)[:7] for a in d.legal_actions()] == ["select "], (k, d.hand_names(BLUE))


def test_a_selection_without_an_encounter_card_is_refused_naming_the_check():
    # never reached in play (the planning step's check): a hand emptied by hand past it
    s = arrange(hands={RED: ["attack 40", "attack 20"], BLUE: ["attack 01"]}, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1"], until=lambda s: s.tasks and s.tasks[0][0] == "select")
    s.deck.extend(s.hands[BLUE])
    s.hands[BLUE] = []
    with pytest.raises(RuntimeError, match=r"^blue is to select an encounter card and holds none: the planning "
                                           r"step's check \(rulebook: no encounter card\) was bypassed$"):
        s.apply("select attack 40")


def vulch_position() -> cosmic.State:
    """Red won with Vulch's flare in hand; blue offers it a card."""
    s = arrange(aliens=["Macron", "Zombie", "Vulch"], rules=flares("Macron", "Zombie", "Vulch", "Will"),
                hands={RED: ["attack 40", "Vulch flare"], BLUE: ["attack 01", "attack 20", "morph", "negotiate"],
                       YELLOW: ["attack 12", "attack 06"]})
    drive(s, ["aim at blue 1", "ship from red 1", "select attack 01",
              "play Vulch flare (wild)"], until=lambda s: s.phase == "power" and s.current_player == BLUE)
    s.apply("Vulch: offer morph")
    assert s.current_player == RED and {str(a) for a in s.legal_actions()} == {"Vulch: keep it", "Vulch: refuse it"}
    return s


def test_the_vulch_keeps_an_offer_when_every_card_left_is_that_card():
    # wild flare: offers go on until the Vulch keeps one; blue's hand left is two attack
    # 08s, so the one offered is the last offer there can be: kept without asking
    s = arrange(aliens=["Macron", "Zombie", "Will"], rules=flares("Macron", "Zombie", "Vulch", "Will"),
                hands={RED: ["attack 40", "Vulch flare"], BLUE: ["attack 01", "attack 08", "attack 08"]})
    drive(s, ["aim at blue 1", "ship from red 1", "select attack 01", "play Vulch flare (wild)"],
          until=lambda s: s.phase == "power" and s.current_player == BLUE)
    s.apply("Vulch: offer attack 08")
    assert s.phase != "power" and s.hand_names(RED) == ["Vulch flare", "attack 08"]
    assert s.hand_names(BLUE) == ["attack 08"]


def test_a_card_offered_to_the_vulch_stays_in_the_givers_hand():
    s = vulch_position()
    for k in range(25):
        d = s.determinize(RED, random.Random(k))
        assert "morph" in d.hand_names(BLUE)
        d.apply("Vulch: keep it")  # no KeyError
        assert "morph" in d.hand_names(RED)
    s.apply("Vulch: refuse it")  # the refused morph stays in blue's hand, in view of all
    for k in range(10):
        assert "morph" in s.determinize(YELLOW, random.Random(k)).hand_names(BLUE)


def test_while_the_vulch_is_offered_cards_nothing_else_can_be_played():
    """Every card named by a waiting offer stays in the giver's hand: while the Vulch's
    wild flare asks, only its offers and answers are legal (no artifact or flare comes
    between them), so no offered or refused card can leave that hand."""
    s = arrange(aliens=["Macron", "Zombie", "Vulch"], rules=flares("Macron", "Zombie", "Vulch", "Will"),
                hands={RED: ["attack 40", "Vulch flare"],
                       BLUE: ["attack 01", "Cosmic Zap", "Card Zap", "Quash", "Ionic Gas", "Will flare"],
                       YELLOW: ["Cosmic Zap", "Card Zap"]}, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "select attack 01", "play Vulch flare (wild)"],
          until=lambda s: s.phase == "power" and s.current_player == BLUE)
    asked = 0
    while s.tasks and s.tasks[0][0] == "power" and s.tasks[0][2] == "Vulch":
        legal = [str(a) for a in s.legal_actions()]
        assert legal and all(a.startswith("Vulch: ") for a in legal), legal
        for seat, c in s._public_pins():
            assert c in s.hands[seat]
        s.apply("Vulch: refuse it" if "Vulch: refuse it" in legal else legal[0])
        asked += 1
    # four cards offered and refused, the fifth kept without asking
    assert asked == 9 and sorted(s.hand_names(RED)) == ["Vulch flare", "Will flare"]


# ----------------------------------------------------------------- 3. alien offers, flares
def offers_twin(s: cosmic.State, seat: int, rng: random.Random) -> cosmic.State:
    """The same set-up as ``seat`` sees it with other offers dealt to the others (an
    alien already chosen is one of them) and the flares in the deck following them."""
    t = s.clone()
    k = t.rules.alien_choices
    others = [o for o in range(t.n) if o != seat]
    avail = [a for a in t.alien_pool if a not in t.offers[seat]]
    while True:
        rng.shuffle(avail)
        if avail[:k * len(others)] != [a for o in others for a in t.offers[o]]:
            break
    for i, o in enumerate(others):
        t.offers[o] = tuple(avail[k * i: k * i + k])
        if t.alien[o] is not None:
            t.alien[o] = t.offers[o][-1]
    fl = [a for o in range(t.n) for a in t.offers[o]] + avail[k * len(others):][:t.rules.flares_total - k * t.n]
    t.flare_aliens = tuple(fl)
    t.cards_in_game = tuple(range(t.g.deck_size)) + tuple(sorted(t.g.flare_card[a] for a in fl))
    t.deck = list(t.cards_in_game)
    rng.shuffle(t.deck)
    t._legal_cache = t._legal_set_cache = None
    R.check_invariants(t)
    return t


def test_other_players_offers_are_dealt_again_during_alien_selection():
    s = cosmic.new_game(4, seed=8)
    s.apply(s.legal_actions()[0])  # red keeps an alien; yellow is to choose after blue
    s.apply(s.legal_actions()[1])
    seat = YELLOW
    assert s.alien[RED] and s.alien[BLUE] and s.alien[seat] is None
    twin = offers_twin(s, seat, random.Random(0))
    assert twin.observation(seat) == s.observation(seat)  # the flares in the deck are private
    samples = set()
    for k in range(20):
        d = s.determinize(seat, random.Random(k))
        assert d == twin.determinize(seat, random.Random(k))
        R.check_invariants(d)
        assert d.observation(seat) == s.observation(seat)
        dealt = [a for o in range(d.n) for a in d.offers[o]]
        assert len(set(dealt)) == len(dealt) and d.offers[seat] == s.offers[seat]
        assert set(dealt) <= set(d.flare_aliens) and len(d.flare_aliens) == len(s.flare_aliens)
        assert all(d.alien[o] in d.offers[o] for o in (RED, BLUE)) and d.alien[seat] is None
        samples.add(tuple(d.offers))
        # the sample plays on: every alien is chosen, hands are dealt
        while d.stage == "setup":
            d.apply(d.legal_actions()[0])
        R.check_invariants(d)
    assert len(samples) > 15
    assert tuple(s.offers) not in samples or len(samples) > 1


def test_the_observation_names_only_the_flares_the_seat_knows():
    s = cosmic.new_game(3, seed=4)
    seat = 0
    o = s.observation(seat)
    assert "flares_in_game" not in o
    assert o["flares_known"] == sorted(s.offers[seat])
    rng = random.Random(4)
    while s.stage == "setup":
        s.apply(rng.choice(s.legal_actions()))
    known = set(s.observation(seat)["flares_known"])
    assert set(s.alien) | set(s.offers[seat]) <= known <= set(s.flare_aliens)
    assert {s.t.alien[c] for c in s.hands[seat] if s.t.kind[c] == cosmic.data.FLARE} <= known


def test_hidden_flares_get_new_identities():
    s = cosmic.new_game(3, seed=4)
    rng = random.Random(4)
    while s.stage == "setup" or len(s.log) < 20:
        s.apply(rng.choice(s.legal_actions()))
    seat = s.current_player
    known = set(s.observation(seat)["flares_known"])
    unknown = [a for a in s.flare_aliens if a not in known]
    outside = [a for a in s.alien_pool if a not in s.flare_aliens]
    assert unknown and outside
    # the twin: one hidden flare is another alien's (the seat cannot tell)
    t = s.clone()
    old, new = s.g.flare_card[unknown[0]], s.g.flare_card[outside[0]]
    for x in hidden_places(t, seat):
        if old in x:
            x[x.index(old)] = new
    t.flare_aliens = tuple(outside[0] if a == unknown[0] else a for a in t.flare_aliens)
    t.cards_in_game = tuple(sorted(new if c == old else c for c in t.cards_in_game))
    R.check_invariants(t)
    assert t.observation(seat) == s.observation(seat)
    identities = set()
    for k in range(10):
        d = s.determinize(seat, random.Random(k))
        assert d == t.determinize(seat, random.Random(k))
        assert known <= set(d.flare_aliens) and len(d.flare_aliens) == len(s.flare_aliens)
        identities.add(d.flare_aliens)
        R.check_invariants(d)
    assert len(identities) > 1


# ----------------------------------------------------------------- 4. no hidden log
def test_a_determinization_starts_a_fresh_log():
    s = flare_position()
    s.apply("pass")
    assert s.log
    d = s.determinize(s.current_player, random.Random(0))
    assert d.log == [] and d.actors == []
    with pytest.raises(IllegalAction):
        d.undo()
    with pytest.raises(ValueError):
        d.to_json()  # not a replay of the true game
    start = d.clone()
    a = d.legal_actions()[0]
    d.apply(a)
    assert len(d.history()) == 2 and d.history()[0] == start
    assert d.undo() == a and d == start
    assert d.initial() == start


# ----------------------------------------------------------------- 5. public logs
def log_game() -> cosmic.State:
    s = cosmic.new_game(3, seed=2)
    rng = random.Random(2)
    while not (any(a.kind == "select" for a in s.log) and s.current_player == 2 and s.phase != "select"):
        s.apply(rng.choice(s.legal_actions()))
    return s


def hidden_texts(s: cosmic.State) -> list[str]:
    return [str(a) for a in s.log if a.kind in ("select", "alien")]


def test_describe_hides_hidden_names_from_the_public_log():
    sel = R.Action("select", "attack 10", False)
    assert s_describe(sel, None, RED) == "select an encounter card"
    assert s_describe(sel, BLUE, RED) == "select an encounter card"
    assert s_describe(sel, BLUE, None) == "select an encounter card"  # unknown actor: masked
    assert s_describe(sel, RED, RED) == "select attack 10"
    assert s_describe(R.Action("alien", "Zombie"), None, BLUE) == "choose an alien"
    take = R.Action("choose", "Hacker", "take attack 40 from yellow")
    assert s_describe(take, None, RED) == "Hacker: take a card from yellow"
    assert s_describe(take, RED, RED) == "Hacker: take attack 40 from yellow"


def s_describe(a, viewer, actor):
    return cosmic.new_game(3, seed=0).describe(a, viewer, actor)


@pytest.mark.parametrize("board_cls", ["generic", "cosmic"])
def test_the_shared_board_log_never_names_hidden_cards(board_cls):
    s = log_game()
    texts = hidden_texts(s)
    assert any(t.startswith("select ") for t in texts) and any(t.startswith("choose alien") for t in texts)
    seats = {0: "human", 1: "human", 2: RandomBot()}  # a bot to act: the board shows the public log
    if board_cls == "generic":
        board = GameBoard(s, seats, new_game=cosmic.new_game, render=to_svg, player_counts=(3, 4, 5), auto=False)
    else:
        board = Board(s, seats=seats, auto=False)
    assert board.viewer() is None
    log = board.log_view.value
    assert "select an encounter card" in log and "choose an alien" in log
    for t in texts:
        assert t not in log, t


# ----------------------------------------------------------------- 6. Barbarian, Hacker
def test_barbarian_sees_the_hand_it_loots():
    s = arrange(aliens=["Barbarian", "Will", "Oracle"],
                hands={RED: ["attack 40", "attack 01"], BLUE: ["attack 04", "attack 20", "attack 30", "negotiate"],
                       YELLOW: ["attack 12", "morph"]})
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 2", "done", "select attack 40", "select attack 04"],
          until=lambda s: s.phase == "power")
    assert s.current_player == RED
    o = s.observation(RED)
    assert o["peeked_hands"] == {"blue": ["attack 20", "attack 30", "negotiate"]}
    assert "yellow" not in o["peeked_hands"] and s.observation(YELLOW)["peeked_hands"] == {}
    for k in range(10):
        d = s.determinize(RED, random.Random(k))
        assert d.hands[BLUE] == s.hands[BLUE]
        assert d.legal_actions() == s.legal_actions()
    s.apply("Barbarian: keep attack 30")
    s.apply("Barbarian: keep attack 20")
    assert s.observation(RED)["peeked_hands"] == {}  # the decision is over


def test_hacker_sees_the_hands_it_takes_compensation_from():
    s = arrange(aliens=["Hacker", "Will", "Oracle"],
                hands={RED: ["negotiate"], BLUE: ["attack 04", "attack 05"], YELLOW: ["attack 40", "Ionic Gas"]})
    drive(s, ["aim at blue 1", "ship from red 1", "ship from red 1", "done"], until=lambda s: s.phase == "power")
    assert s.current_player == RED
    o = s.observation(RED)
    assert o["peeked_hands"] == {"blue": s.hand_names(BLUE), "yellow": ["Ionic Gas", "attack 40"]}
    for k in range(10):
        d = s.determinize(RED, random.Random(k))
        assert d.hands[BLUE] == s.hands[BLUE] and d.hands[YELLOW] == s.hands[YELLOW]
        assert d.legal_actions() == s.legal_actions()
    assert s.observation(BLUE)["peeked_hands"] == {}


# ----------------------------------------------------------------- 7. first player
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_first_destiny_card_goes_back_into_a_reshuffled_deck(seed, monkeypatch):
    # rulebook step 7: draw a destiny card for the first player, shuffle it back
    total = lambda s: s.n * s.g.destiny_per_colour + s.g.destiny_wild + len(s.g.specials)  # noqa: E731
    after_setup = []
    finish = R.State._finish_setup

    def spy(self):
        finish(self)
        after_setup.append((list(self.ddeck), list(self.ddiscard)))

    monkeypatch.setattr(R.State, "_finish_setup", spy)
    chosen = cosmic.new_game(4, seed=seed)
    dealt = list(chosen.ddeck)  # the deck as shuffled at set-up, before the first player
    assert len(dealt) == total(chosen) and chosen.ddiscard == [] and not after_setup
    assert chosen.observation(0)["destiny_deck_size"] == total(chosen)
    while chosen.stage == "setup":
        chosen.apply(chosen.legal_actions()[0])
    # the same seed deals the same destiny deck when the aliens are forced
    forced = cosmic.new_game(4, seed=seed, aliens=["Zombie", "Vulch", "Hacker", "Barbarian"])
    assert len(after_setup) == 2
    for deck, discard in after_setup:
        assert sorted(deck) == sorted(dealt) and discard == []  # the card went back
        assert deck != dealt  # and the deck was reshuffled
    for s in (chosen, forced):
        # at the first decision (the first encounter may have drawn its destiny card)
        assert len(s.ddeck) + len(s.ddiscard) == total(s) and len(s.ddiscard) <= 1
        assert s.observation(0)["destiny_deck_size"] == len(s.ddeck)


def test_cards_another_player_chose_to_give_follow_its_new_hand():
    s = arrange(hands={RED: ["negotiate", "attack 20", "attack 30"],
                       BLUE: ["negotiate", "attack 40", "attack 05", "morph"]})
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    s.apply("propose: red gives 1 card, blue gives 1 card, red lands nowhere, blue lands nowhere")
    s.apply("accept deal")
    s.apply("give attack 30")  # red's pick, hidden from blue until the exchange
    assert s.current_player == BLUE
    for k in range(20):
        d = s.determinize(BLUE, random.Random(k))
        # blue's own hand is known to it; red's pick is one card of red's re-dealt hand
        assert d.hand_names(BLUE) == s.hand_names(BLUE)
        assert all(c in d.hands[RED] for c in d.deal_picks[R.OFF]) and len(d.deal_picks[R.OFF]) == 1
        d.apply(d.legal_actions()[0])
        R.check_invariants(d)


def test_cards_protected_by_a_hidden_choice_follow_the_new_hand():
    s = arrange(hands={RED: ["attack 20"], BLUE: ["attack 04", "attack 05", "attack 06"]})
    protected = s.hands[BLUE][:2]
    for c in protected:
        s.eflags.add(("protect", BLUE, c))
    d = s.determinize(RED, random.Random(1))
    marks = [f[2] for f in d.eflags if f[0] == "protect" and f[1] == BLUE]
    assert len(marks) == 2 and all(c in d.hands[BLUE] for c in marks)


def test_a_flare_played_from_a_hoard_stays_in_the_hoard():
    # found by bot games: Miser plays a flare from its hoard and a Filch answers it (with
    # the rules of before issue 13 and the green aliens, which that seeded game was found with)
    s = cosmic.new_game(4, seed=53, rules=cosmic.Rules(**R.state._ISSUE_13_OLD, alien_levels=("green",)))
    rng = random.Random(53)
    while not (s.phase == "zap" and len(s.tasks) > 1 and s.tasks[1][0] == "effect"
               and s.tasks[1][2] == "flare" and s.g.flare_card[s.tasks[1][3]] in s.hoard[s.tasks[1][1]]):
        s.apply(rng.choice(s.legal_actions()))
    owner, card = s.tasks[1][1], s.g.flare_card[s.tasks[1][3]]
    for k in range(10):
        d = s.determinize(s.current_player, random.Random(k))
        assert card in d.hoard[owner]
        for a in d.legal_actions():
            t = d.clone()
            t.apply(a)  # any answer, Filch's theft included, finds the card
            R.check_invariants(t)


def test_a_seat_is_named_with_its_alien_only_once_every_alien_is_chosen():
    # the board and the log name a seat for any onlooker: an alien chosen while others
    # still choose stays hidden (the rulebook reveals the aliens together)
    s = cosmic.new_game(3, seed=1)
    s.apply(s.legal_actions()[0])
    assert s.alien[RED] is not None and [s.seat_name(o) for o in range(3)] == ["Red", "Blue", "Yellow"]
    s = cosmic.new_game(3, seed=1, aliens=["Zombie", "Macron", "Virus"])
    assert [s.seat_name(o) for o in range(3)] == ["Red (Zombie)", "Blue (Macron)", "Yellow (Virus)"]
    assert s.seat_name(3) == s.seat_name(-1) == "-"
    s = cosmic.new_game(3, seed=1, rules=cosmic.Rules(powers=False))
    assert [s.seat_name(o) for o in range(3)] == ["Red", "Blue", "Yellow"]


# ----------------------------------------------------------------- 9. whose turn it is
# issue 13: the public view of a game (every other seat's observation, current_player,
# the public log) cannot tell a hand holding an answer card from one without
def views(s: cosmic.State, script: list[str], seats: list[int]) -> dict:
    """Play the encounter of ``s`` (``script`` then neutral defaults: a holder passes) and
    record, after each action, what each of ``seats`` sees: the public log line, whose turn
    it is, its observation, its own wording of the action."""
    out: dict = {v: [] for v in seats}
    script = list(script)
    start = s.encounters
    for _ in range(600):
        for v in seats:
            out[v].append((s.current_player, s.phase, repr(sorted(s.observation(v).items()))))
        if s.is_over() or s.encounters > start or s.phase == "second":
            return out
        legal = {str(a): a for a in s.legal_actions()}
        a = legal[script.pop(0)] if script and script[0] in legal else default_action(s)
        actor = s.current_player
        s.apply(a)
        for v in seats:
            out[v].append((actor, s.describe(a, None, actor), s.describe(a, v, actor)))
    raise AssertionError("the encounter did not end")


# (seat whose hand differs, the card it holds without, the answer card it holds instead)
ANSWERS = [
    (YELLOW, "attack 08", "Card Zap"),
    (YELLOW, "attack 08", "Cosmic Zap"),
    (YELLOW, "attack 08", "Zombie flare"),
    (BLUE, "attack 08", "Card Zap"),
    (RED, "attack 06", "reinforcement +3"),
    (BLUE, "attack 08", "reinforcement +2"),
]


def answer_game(seat: int, card: str, holders_only: bool) -> cosmic.State:
    """Red (Oracle) attacks blue (Trader); yellow (Will) watches. Red plays Mobius Tubes
    (a Card Zap round), uses its power (a Cosmic Zap round); both reveal attacks
    (reinforcements). ``seat`` holds ``card`` besides what the others see."""
    hands = {RED: ["attack 10", "Mobius Tubes", "negotiate"], BLUE: ["attack 04", "negotiate"],
             YELLOW: ["negotiate", "attack 12"]}
    hands[seat] = hands[seat] + [card]
    rules = cosmic.Rules(alien_pool=("Oracle", "Trader", "Will", "Zombie"), flares_total=4,
                         ask_holders_only=holders_only)
    return arrange(aliens=["Oracle", "Trader", "Will"], hands=hands, rules=rules, warp={RED: 2},
                   deck_top=["attack 01", "attack 04", "attack 05", "attack 06", "attack 07"],
                   ask_everyone=not holders_only)


ANSWER_SCRIPT = ["play Mobius Tubes", "aim at blue 1", "ship from red 2", "done",
                 "use Oracle power", "select attack 04", "select attack 10"]


@pytest.mark.parametrize("seat,without,answer", ANSWERS)
def test_the_public_view_cannot_tell_a_hand_holding_an_answer_card(seat, without, answer):
    others = [v for v in (RED, BLUE, YELLOW) if v != seat]
    plain = answer_game(seat, without, holders_only=False)
    holding = answer_game(seat, answer, holders_only=False)
    assert [answer in {a.a for a in plain.legal_actions()}] == [False]
    seen_plain = views(plain, ANSWER_SCRIPT, others)
    seen_holding = views(holding, ANSWER_SCRIPT, others)
    # the encounter went the way the script says: a Card Zap round, a power used, attacks
    for s in (plain, holding):
        texts = [str(a) for a in s.log]
        assert "play Mobius Tubes" in texts and "use Oracle power" in texts
        assert s.last_result["outcome"] == "offense" and not any(s.t.name[c] == answer for c in s.discard)
    assert seat in plain.actors[plain.log.index(R.PASS):]  # the seat was asked, holding nothing
    for v in others:
        assert seen_plain[v] == seen_holding[v], v
    # the fast option asks only holders: there the same two games can be told apart
    fast = [views(answer_game(seat, c, holders_only=True), ANSWER_SCRIPT, others) for c in (without, answer)]
    assert fast[0][others[0]] != fast[1][others[0]]


def test_a_single_kind_of_encounter_card_is_selected_in_the_log():
    # issue 13: a selection made for the player (one kind of card left) told the table its
    # hand: by default it is a decision like any other, worded as any selection
    s = arrange(hands={RED: ["attack 10", "attack 10"], BLUE: ["attack 04", "negotiate"]}, ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "select")
    drive(s, until=lambda s: s.phase == "select" and s.current_player == RED)
    assert [str(a) for a in s.legal_actions()] == ["select attack 10"]
    s.apply("select attack 10")
    assert s.describe(s.log[-1], None, RED) == "select an encounter card"
    fast = arrange(hands={RED: ["attack 10", "attack 10"], BLUE: ["attack 04", "negotiate"]})
    drive(fast, ["aim at blue 1", "ship from red 1", "done", "select attack 04"])
    assert not any(a.kind == "select" and a.a == "attack 10" for a in fast.log)  # the option: automatic


# ----------------------------------------------------------------- 10. Sorcerer, Chosen
def test_sorcerer_swap_keeps_both_cards_face_down_until_the_reveal():
    # issue 13: after the swap the card on each main player's side is its opponent's, face
    # down: each still sees only the card it selected (now on the other side)
    s = arrange(aliens=["Sorcerer", "Will", "Zombie"], hands={RED: ["attack 01", "negotiate"],
                                                             BLUE: ["attack 30", "attack 05"], YELLOW: ["negotiate"]},
                ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 01", "select attack 30"],
          until=lambda s: s.phase == "window" and s.current_player == RED and s.tasks[0][1] == "after_selection")
    assert s.observation(RED)["encounter_cards"] == {"offense": "attack 01", "defense": "face down"}
    s.apply("use Sorcerer power")
    # blue and yellow may answer the power (a Cosmic Zap), then play in the window (a
    # Cosmic Zap on Zombie): they pass
    drive(s, until=lambda s: s.phase == "window" and s.current_player == YELLOW)
    assert s.t.name[s.card[0]] == "attack 30" and not s.revealed
    assert s.observation(RED)["encounter_cards"] == {"offense": "face down", "defense": "attack 01"}
    assert s.observation(BLUE)["encounter_cards"] == {"offense": "attack 30", "defense": "face down"}
    assert s.observation(YELLOW)["encounter_cards"] == {"offense": "face down", "defense": "face down"}
    from ovnilab.cosmic.render import to_svg
    assert "attack 30" not in to_svg(s, viewer=RED) and "attack 01" in to_svg(s, viewer=RED)
    # a determinization for red deals its own side's card again, keeps the one it selected
    for k in range(5):
        d = s.determinize(RED, random.Random(k))
        assert d.t.name[d.card[1]] == "attack 01" and d.t.is_enc[d.card[0]]
    drive(s)
    assert s.last_result["outcome"] == "offense"


def test_chosens_face_up_draws_are_public():
    # issue 13: Chosen draws onto the table face up: the public log names its choice, and
    # the cards its super flare keeps are known to be in its hand
    s = arrange(aliens=["Chosen", "Will", "Oracle"], hands={RED: ["attack 04", "attack 05"], BLUE: ["attack 20"]},
                deck_top=["attack 40", "Quash", "attack 06"])
    drive(s, ["aim at blue 1", "ship from red 1", "done", "select attack 04", "use Chosen power",
              "Chosen: replace with attack 40"])
    i = [str(a) for a in s.log].index("Chosen: replace with attack 40")
    assert s.describe(s.log[i], None, RED) == "Chosen: replace with attack 40"
    assert s.describe(s.log[i], BLUE, RED) == "Chosen: replace with attack 40"
    assert s.last_result["outcome"] == "offense"


# ----------------------------------------------------------------- 11. public record
@pytest.mark.parametrize("seat,without,answer", ANSWERS[:3])
def test_a_public_record_holds_only_what_its_seat_has_seen(seat, without, answer):
    # issue 13: a save replays, so it tells every hand; a seat's public record of the same
    # game is the same whatever the hidden cards of the others
    games = [answer_game(seat, c, holders_only=False) for c in (without, answer)]
    for s in games:
        drive(s, ANSWER_SCRIPT[:5], until=lambda s: s.phase == "select")
    for v in (RED, BLUE, YELLOW):
        if v != seat:
            assert games[0].to_json(viewer=v) == games[1].to_json(viewer=v)
    text = games[1].to_json(viewer=RED, indent=1)
    data = json.loads(text)
    assert "seed" not in data and "actions" not in data and data["observation"]["hand"] == games[1].hand_names(RED)
    rec = cosmic.load_public_record(text)
    assert rec.viewer == RED and len(rec.log) == len(games[1].log) and rec.observation == data["observation"]
    assert any(line.endswith("red: aim at blue 1") for line in rec.lines())
    # a record is not a save: it loads as a record, never as a game to replay
    with pytest.raises(SaveFormatError, match="seed"):
        cosmic.load_json(text)
    with pytest.raises(SaveFormatError, match="record"):
        cosmic.load_public_record(json.dumps({"format": 1, "game": "cosmic", "seed": 1, "options": {}, "actions": []}))
    # each refusal is read whole: the field it names, the rule, the seats of this 3-player game
    for field, value, words in [
            ("viewer", 7, "field 'viewer' must be a seat 0..2, got 7"),
            ("viewer", True, "field 'viewer' must be a seat 0..2, got True"),
            ("log", [[0, 5]], "log[0] must be [seat, text] with a seat -1..2, got [0, 5]"),
            ("log", {}, "field 'log' must be a list"),
            ("options", [], "options must be an object"),
            ("colours", ["red"], "field 'colours' must list 3 colour names, got ['red']"),
            ("extra", 1, "field 'extra' is not a field of a public record"),
            ("observation", {"seat": BLUE}, "field 'observation' must be the viewer's observation (seat 0)"),
            ("observation", [], "field 'observation' must be the viewer's observation (seat 0)"),
            ("game", "ovni", "field 'game': a record of 'ovni', not of 'cosmic'"),
            ("format", "1", "field 'format': unknown version '1'"),
            ("record", "x", "field 'record' must be 'cosmic public record' (a save of a whole game loads "
                            "with cosmic.load_json), got 'x'")]:
        with pytest.raises(SaveFormatError) as err:
            cosmic.load_public_record(json.dumps(dict(data, **{field: value})))
        assert str(err.value) == words
        assert err.value.field == ("log[0]" if words.startswith("log[0]") else field)
    with pytest.raises(SaveFormatError, match=r"^field 'colours' is missing$"):
        cosmic.load_public_record(json.dumps({k: v for k, v in data.items() if k != "colours"}))
    with pytest.raises(SaveFormatError, match="deal_rounds"):
        bad = dict(data, options=dict(data["options"], rules=dict(data["options"]["rules"], deal_rounds="x")))
        cosmic.load_public_record(json.dumps(bad))
    with pytest.raises(ValueError, match="viewer"):
        games[1].to_json(viewer=3)
    # each refusal names the value: the version, the option (its first 60 characters), the seat
    with pytest.raises(SaveFormatError, match="unknown version 2$"):
        cosmic.load_public_record(json.dumps(dict(data, format=2)))
    long = "x" * 70
    with pytest.raises(SaveFormatError, match=f"^options.{'x' * 60} is not a Cosmic Encounter option$"):
        cosmic.load_public_record(json.dumps(dict(data, options=dict(data["options"], **{long: 1}))))
    assert cosmic.load_public_record(json.dumps(dict(data, log=[[-1, "the warp opens"]]))).log == ((-1, "the warp opens"),)
    with pytest.raises(SaveFormatError, match=r"log\[0\] must be \[seat, text\] with a seat -1"):
        cosmic.load_public_record(json.dumps(dict(data, log=[[-2, "the warp opens"]])))
    # an entry's text is bounded as a save's actions are; the refusal names the entry (its field)
    assert cosmic.load_public_record(json.dumps(dict(data, log=[[0, "x" * MAX_ACTION_CHARS]]))).log[0][0] == 0
    with pytest.raises(SaveFormatError, match=rf"^log\[1\] is longer than {MAX_ACTION_CHARS} characters$") as err:
        cosmic.load_public_record(json.dumps(dict(data, log=[[0, "aim"], [1, "x" * (MAX_ACTION_CHARS + 1)]])))
    assert err.value.field == "log[1]"


def test_a_deal_giver_with_one_kind_of_card_left_is_asked():
    # issue 13: as a selection, a card given in a deal is an action even when the giver
    # has a single kind of card left (a give made for it would tell its hand)
    s = arrange(hands={RED: ["negotiate", "attack 20", "attack 30"], BLUE: ["negotiate", "attack 08", "attack 08"]},
                ask_everyone=True)
    drive(s, ["aim at blue 1", "ship from red 1", "done"], until=lambda s: s.phase == "deal")
    s.apply("propose: red gives 1 card, blue gives 1 card, red lands nowhere, blue lands nowhere")
    s.apply("accept deal")
    drive(s, ["give attack 30"], until=lambda s: s.phase == "give" and s.current_player == BLUE)  # a Quash window first
    assert s.current_player == BLUE and [str(a) for a in s.legal_actions()] == ["give attack 08"]
    s.apply("give attack 08")
    assert s.describe(s.log[-1], None, BLUE) == "give a card"
    assert s.hand_names(RED) == ["attack 08", "attack 20"]


def test_the_board_starts_new_games_asking_everyone():
    # issue 13: the fast option (only holders asked) is for batch simulation: the board's
    # new-game tab does not offer it, and a new game from a fast-option game asks everyone
    board = Board(cosmic.new_game(4, seed=8, rules=cosmic.Rules(ask_holders_only=True)), seats={0: "human"},
                  auto=False)
    assert "ask_holders_only" not in board.rule_widgets
    board.new_button.click()
    assert board.state.rules.ask_holders_only is False


def test_a_card_shown_into_a_hand_adds_to_what_was_shown_before():
    """_note_shown records one card and keeps the others' records (a card shown again moves)."""
    s = arrange(hands={RED: ["attack 10", "attack 04"], BLUE: ["attack 08"]})
    a10, a04 = s.hands[RED][:2]
    (a08,) = s.hands[BLUE]
    s._note_shown(a10, RED)
    s._note_shown(a08, BLUE)
    s._note_shown(a04, RED)
    assert set(s.shown) == {(a10, RED), (a08, BLUE), (a04, RED)}
    s._note_shown(a10, BLUE)  # the same card seen going to blue: one record, blue's
    assert set(s.shown) == {(a08, BLUE), (a04, RED), (a10, BLUE)}
