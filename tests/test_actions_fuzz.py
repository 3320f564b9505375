"""Actions as people (and attackers) type them, over the three games (issues 11 and 15).

* Every legal action reads back from its text, and from its text in any case and spacing,
  in random playouts over many seeds and odd rule options; its ``repr`` shows the text.
* Text is forgiven (case, accents, spacing, a unique beginning); what is not read gets an
  :class:`IllegalAction` naming the rule, with up to three close legal texts.
* Fuzzed input (random strings, mutated legal texts, foreign objects, malformed Actions,
  very long texts) only ever raises IllegalAction, with a message naming the rule, and
  leaves the state unchanged; every accepted input leaves a game that saves and loads.

The whole file runs in well under 30 seconds.
"""

from __future__ import annotations

import json
import random
import string
import time
from typing import Any, Callable

import pytest

import ovnilab
from ovnilab import IllegalAction, SaveFormatError, cosmic, cows, ovni
from ovnilab.core import MAX_ACTION_TEXT

# game -> ways to start one: (label, factory(seed)); odd rule options included, so the
# action kinds they enable (third player, random set-up, builds while keeping, no powers,
# random deal cards, ...) are read back too
STARTS: dict[str, list[tuple[str, Callable[[int], Any]]]] = {
    "ovni": [
        ("2p", lambda s: ovni.new_game(2, seed=s)),
        ("3p-random-setup", lambda s: ovni.new_game(3, seed=s, setup="random")),
        ("4p", lambda s: ovni.new_game(4, seed=s)),
        ("2p-odd", lambda s: ovni.new_game(2, seed=s, rules=ovni.Rules(
            platform_capacity=3, launch_limit=3, groups_per_turn=3, energy_groups=4, area_tie="none",
            no_three_in_a_row=False, token_six_once=False, third_player_competes=True,
            ufo_mission="launched", capture_size=2, abduction_size=1))),
    ],
    "cows": [
        ("1-area", lambda s: cows.new_game(seed=s, discard_areas=1)),
        ("2-areas", lambda s: cows.new_game(seed=s, discard_areas=2)),
        ("odd", lambda s: cows.new_game(seed=s, discard_areas=2, rules=cows.Rules(
            hand_limit=4, build_during_draw=True, support="both", starting_player=1,
            max_chain_flips=2, stall_limit=30, tie_break="most_cattle"))),
    ],
    "cosmic": [
        ("3p", lambda s: cosmic.new_game(3, seed=s)),
        ("5p", lambda s: cosmic.new_game(5, seed=s)),
        ("4p-no-powers", lambda s: cosmic.new_game(4, seed=s, rules=cosmic.Rules(powers=False, flares=False))),
        ("4p-odd", lambda s: cosmic.new_game(4, seed=s, rules=cosmic.Rules(
            alien_choices=3, deal_cards="random", second_encounter="always", may_abandon_colonies=True,
            double_morph="negotiate", destiny_reshuffle="empty", win_colonies=4))),
    ],
}
CASES = [pytest.param(game, label, make, id=f"{game}-{label}")
         for game, starts in STARTS.items() for label, make in starts]
ACTION = {"ovni": ovni.Action, "cows": cows.Action, "cosmic": cosmic.Action}


def mangle(text: str, rng: random.Random) -> str:
    """The same text as a person might type it: random case, doubled and padded spaces."""
    t = "".join(c.upper() if rng.random() < 0.4 else c.lower() for c in text)
    return " " + t.replace(" ", "  ") + "\t"


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("game,label,make", CASES)
def test_every_legal_action_reads_back_from_its_text(game, label, make):
    """str -> parse -> equal, for every legal action of every position of random games;
    a mangled text (case, spaces) too; repr shows the text; texts fit the bound."""
    seeds = {"ovni": 6, "cows": 25, "cosmic": 3}[game]
    checked = 0
    for seed in range(seeds):
        s = make(seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over() and steps < 700:
            legal = s.legal_actions()
            sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
            for a in sample:
                text = str(a)
                assert len(text) <= MAX_ACTION_TEXT, text
                assert s.parse_action(text) == a, text
                assert repr(a) == f"<Action {text!r}>"
                if rng.random() < 0.3:
                    assert s.parse_action(mangle(text, rng)) == a, text
                checked += 1
            # apply by text (as a person or a save does): the log holds the same action
            a = rng.choice(legal)
            s.apply(mangle(str(a), rng) if rng.random() < 0.5 else str(a))
            assert s.log[-1] == a and type(s.log[-1]) is ACTION[game]
            steps += 1
        again = ovnilab.load_json(s.to_json())
        assert again == s
    assert checked > 200


# ------------------------------------------------------------------ forgiving reading
def test_ovni_text_is_forgiven_case_accents_spacing_and_prefix():
    s = ovni.new_game(4, seed=1)
    keep = s.legal_actions()[0]  # "keep missions 5"
    ids = "+".join(str(m) for m in keep.a)
    assert s.parse_action(f"  KEEP   Missions {ids} ") == keep
    while s.phase != "actions":
        s.apply(s.legal_actions()[0])
    # group names in any case, or by their alien type
    act = [a for a in s.legal_actions() if a.kind == "activate"]
    assert act
    g = act[0].a
    assert s.parse_action(f"Activate {g.upper()}") == act[0]
    assert s.parse_action(f"activate {g[:-1]}") == act[0]  # "pilot" is the pilots' group
    # a unique beginning is the action; an ambiguous one lists the candidates
    assert s.parse_action(f"activate {g[:3]}") == act[0]
    if len(act) > 1:
        with pytest.raises(IllegalAction, match="ambiguous: it begins") as ei:
            s.parse_action("activ")
        assert all(str(a) in str(ei.value) for a in act)
    # cities without accents and with odd spacing; signs spaced or not
    s.apply(act[0])
    moves = [a for a in s.legal_actions() if a.kind == "move"]
    if moves:
        m = moves[0]
        assert s.parse_action(f"MOVE {m.a.upper()}->{m.b.lower()}") == m


def test_cosmic_and_cows_text_is_forgiven():
    c = cosmic.new_game(4, seed=8)
    # colours, aliens and card names in any case, even in actions illegal here
    assert c.parse_action("INVITE Green + BLUE") == cosmic.Action("invite", ("blue", "green"))
    assert c.parse_action("select ATTACK 8 FROM HOARD") == cosmic.Action("select", "attack 08", True)
    assert c.parse_action("play card zap") == cosmic.Action("play", "Card Zap", None, None)
    assert c.parse_action("choose alien zombie") == cosmic.Action("alien", "Zombie")
    assert c.parse_action("Ship From RED 1") == cosmic.Action("ship", "red 1")
    assert c.parse_action("reinforce Offense with Reinforcement 3") == \
        cosmic.Action("reinforce", "reinforcement +3", "offense", None)
    w = cows.new_game(seed=1)
    assert w.parse_action("DRAW 2") == cows.Action("draw")
    assert w.parse_action("dr") == cows.Action("draw")  # the only legal text beginning so


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_unreadable_and_illegal_texts_name_the_rule_and_suggest_legal_texts(game):
    s = {"ovni": lambda: ovni.new_game(3, seed=2), "cows": lambda: cows.new_game(seed=2),
         "cosmic": lambda: cosmic.new_game(3, seed=2)}[game]()
    legal = [str(a) for a in s.legal_actions()]
    before = s.to_json()
    for text in ("fly to the moon", legal[0] + " please", legal[-1][:-1] + "#"):
        with pytest.raises(IllegalAction) as ei:
            s.apply(text)
        e = ei.value
        assert e.rule and e.rule in str(e)
        assert 1 <= len(e.suggestions) <= 3 and set(e.suggestions) <= set(legal)
        assert "did you mean " + repr(e.suggestions[0]) in str(e)
        assert s.to_json() == before
    # the closest suggestion of a slightly misspelt legal text is that text
    target = legal[len(legal) // 2]
    typo = target[:-2] + target[-1] + target[-2] + "x"
    with pytest.raises(IllegalAction) as ei:
        s.apply(typo)
    assert target in ei.value.suggestions


# ------------------------------------------------------------------ issue 11 #2, #6, #9
@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_apply_takes_only_the_games_own_action_or_a_text(game):
    make = dict(STARTS[game])[STARTS[game][0][0]]
    s = make(5)
    a = s.legal_actions()[0]
    before = s.to_json()
    others = [cls for g, cls in ACTION.items() if g != game]
    for foreign in (tuple(a), others[0](*tuple(a)[:4]), list(a), a.kind, 7, None, b"draw 2",
                    {"kind": a.kind}, object()):
        if isinstance(foreign, str):
            continue
        with pytest.raises(IllegalAction) as ei:
            s.apply(foreign)
        msg = str(ei.value)
        assert type(foreign).__name__ in msg and "Action" in msg, msg
        assert s.to_json() == before
    s.apply(ACTION[game](*a))  # the game's own class, built anew: accepted
    assert s.log == [a]


def test_a_malformed_action_of_the_games_class_gives_a_clear_error():
    s = cows.new_game(seed=1)
    before = s.to_json()
    for bad in (cows.Action("build", 1, "Mimosa", 99), cows.Action("build", [1], {}, None),
                cows.Action("keep", 9, None, None, "x"), cows.Action(None), cows.Action(["draw"]),
                cows.Action("fx", "own", 99, "Mimosa")):
        repr(bad)  # never raises, even when its text cannot be written
        with pytest.raises(IllegalAction) as ei:
            s.apply(bad)
        assert ei.value.rule and ei.value.rule in str(ei.value)
        assert s.to_json() == before
    o = ovni.new_game(3, seed=1)
    for bad in (ovni.Action("place", "Z", 99, "sideways"), ovni.Action("keep", ("a",)),
                ovni.Action("capture", ["red"], {}), ovni.Action("move", None, None)):
        with pytest.raises(IllegalAction):
            o.apply(bad)
    c = cosmic.new_game(3, seed=1)
    for bad in (cosmic.Action("propose", 1, 2), cosmic.Action("ship", ["x"]), cosmic.Action("alien", 3)):
        with pytest.raises(IllegalAction):
            c.apply(bad)


def test_an_action_equal_to_a_legal_one_is_logged_as_the_legal_one():
    s = ovni.new_game(4, seed=1)
    a = s.legal_actions()[0]
    odd = ovni.Action("keep", tuple(float(x) for x in a.a))  # equal fields, other types
    assert odd == a and str(odd) != str(a)
    s.apply(odd)
    assert str(s.log[0]) == str(a)
    assert ovnilab.load_json(s.to_json()) == s


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_long_texts_are_refused_up_front(game):
    s = dict(STARTS[game])[STARTS[game][0][0]](1)
    before = s.to_json()
    for n in (MAX_ACTION_TEXT + 1, 10_000, 1_000_000):
        t0 = time.perf_counter()
        with pytest.raises(IllegalAction, match=f"at most {MAX_ACTION_TEXT} characters"):
            s.apply("x" * n)
        assert time.perf_counter() - t0 < 0.1
    assert s.to_json() == before


def test_the_cow_keep_pattern_runs_in_linear_time():
    """The text that took 7.5 s (168 KB): refused at once by apply and by load_json, and
    the grammar itself, given it directly, reads it in linear time."""
    s = cows.new_game(seed=1)
    s.apply("draw 2")
    long_text = "keep " + "Mimosa (drawn 1), discard " * 6500 + "Farol (drawn 2) to Celeiro 9"
    assert len(long_text) > 160_000
    t0 = time.perf_counter()
    with pytest.raises(IllegalAction):
        s.apply(long_text)
    save = json.loads(s.to_json())
    save["actions"].append(long_text)
    with pytest.raises(SaveFormatError):
        ovnilab.load_json(json.dumps(save))
    # the grammar alone (no length bound): linear, so 168 KB take milliseconds
    for text in (long_text, "keep " + "a (drawn 1" * 16_000, "keep " + " (drawn 1), discard" * 8000):
        try:
            s._parse_action(text)
        except IllegalAction:
            pass
    assert time.perf_counter() - t0 < 1.0


# ------------------------------------------------------------------ load_json and names
@pytest.mark.parametrize("game,module", [("ovni", ovni), ("cows", cows), ("cosmic", cosmic)])
def test_load_json_is_reachable_from_each_game_module(game, module):
    s = dict(STARTS[game])[STARTS[game][0][0]](3)
    rng = random.Random(3)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    assert module.load_json(s.to_json()) == s == ovnilab.load_json(s.to_json())
    other = cows.new_game(seed=1) if game != "cows" else ovni.new_game(2, seed=1)
    with pytest.raises(SaveFormatError, match="field 'game'"):
        module.load_json(other.to_json())


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_seat_names_agree_in_repr_board_and_log(game):
    """The name of the seat to act is the same in ``repr(state)``, the board's status line
    and its log (every seat a human: nobody moves on its own)."""
    import html
    import importlib

    widget = importlib.import_module(f"ovnilab.{game}.widget")
    s = dict(STARTS[game])[STARTS[game][0][0]](4)
    board = widget.Board(s, seats={q: "human" for q in range(s.num_players)})
    rng = random.Random(4)
    for _ in range(40):
        st = board.state
        if st.is_over():
            break
        name = st.seat_name(st.current_player)
        assert f"to act: {name}," in repr(st)
        assert f"to act: <b>{html.escape(name)}</b>" in board.status.value
        assert board.play(str(rng.choice(st.legal_actions()))) is not False
        actor = board.state.actors[-1]
        assert f"{html.escape(board.state.seat_name(actor))}: " in board.log_view.value


# ------------------------------------------------------------------ fuzzing
WORDS = ["move", "->", "place", "keep", "missions", "activate", "pilots", "red", "Berlim", "São Paulo",
         "draw", "2", "build", "(hand", "1)", "at", "row", "slot", "Celeiro", "select", "attack", "08",
         "from", "hoard", "play", "flare", "(wild):", "invite", "+", "propose:", "gives", "cards,",
         "lands", "on", "nowhere", "Zombie:", "use", "power", "end", "turn", "", " ", "\x00", "\n",
         "ÿ", "🚀", "%s", "{0}", "'", '"', "\\", "(", ")", "drawn", "discard", "to", "99", "-1", "1e9",
         "9" * 60]


def random_text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))
    alphabet = string.printable + "áéíõçÃ€\u200b\u0301"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))


def mutate(text: str, rng: random.Random, legal: list[str]) -> str:
    """A legal text changed a little: a character dropped, doubled, replaced or swapped,
    a word from another legal text, a number changed, a piece cut off."""
    r = rng.randrange(7)
    i = rng.randrange(len(text) + 1)
    if r == 0:
        return text[:i] + text[i + 1:]
    if r == 1:
        return text[:i] + rng.choice(string.printable) + text[i:]
    if r == 2 and len(text) > 1:
        j = min(i, len(text) - 2)
        return text[:j] + text[j + 1] + text[j] + text[j + 2:]
    if r == 3:
        words, other = text.split(" "), rng.choice(legal).split(" ")
        words[rng.randrange(len(words))] = rng.choice(other)
        return " ".join(words)
    if r == 4:
        return "".join(str(rng.randint(0, 99)) if c.isdigit() else c for c in text)
    if r == 5:
        return text[:i]
    return text + rng.choice([" ", "x", " from hoard", " on red", ",", "+pilot", " (drawn 1)"])


def malformed(cls: type, rng: random.Random, legal: list) -> Any:
    """An Action of the game's own class with fields no rule gives."""
    base = list(rng.choice(legal))
    junk = [None, -1, 99, 10**30, "", "Z", "zzz", 2.5, True, ["x"], {"a": 1}, (1, 2), ("a", "b"), float("nan")]
    for _ in range(rng.randint(1, 3)):
        base[rng.randrange(len(base))] = rng.choice(junk)
    return cls(*base)


def foreign(game: str, rng: random.Random, legal: list) -> Any:
    a = rng.choice(legal)
    other = rng.choice([cls for g, cls in ACTION.items() if g != game])
    return rng.choice([tuple(a), list(a), other(*tuple(a)[:4]), 3, None, b"end turn", 2.5,
                       {"kind": a.kind}, {a}, object(), IllegalAction])


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_fuzzed_action_input_raises_only_illegal_action_and_changes_nothing(game):
    """Random strings, mutated legal texts, foreign objects, malformed Actions and long
    texts at positions of random games: only IllegalAction, naming its rule, with the
    state unchanged; an accepted input leaves a game that saves and loads again."""
    cls = ACTION[game]
    starts = STARTS[game]
    # a fixed amount of work (deterministic): games of every start, a few inputs at every
    # k-th position, long games cut short
    n_games, every, max_steps = {"ovni": (4, 5, 300), "cows": (12, 1, 200), "cosmic": (4, 10, 400)}[game]
    tried = accepted = 0
    for seed in range(n_games):
        label, make = starts[seed % len(starts)]
        s = make(seed)
        rng = random.Random(1000 + seed)
        step = 0
        while not s.is_over() and step < max_steps:
            step += 1
            if step % every:
                s.apply(rng.choice(s.legal_actions()))
                continue
            legal = s.legal_actions()
            texts = [str(a) for a in (legal if len(legal) < 60 else rng.sample(legal, 60))]
            for _ in range(4):
                kind = rng.randrange(6)
                if kind == 0:
                    x: Any = random_text(rng)
                elif kind in (1, 2):
                    x = mutate(rng.choice(texts), rng, texts)
                elif kind == 3:
                    x = foreign(game, rng, legal)
                elif kind == 4:
                    x = malformed(cls, rng, legal)
                else:
                    x = rng.choice(texts) * rng.choice([2, 50, 5000])
                before, fp = s.to_json(), s._fingerprint()
                tried += 1
                try:
                    s.apply(x)
                except IllegalAction as e:
                    assert e.rule and isinstance(e.rule, str), repr(x)
                    assert e.rule in str(e), (repr(x), str(e))
                    assert len(str(e)) < 2000
                    assert s.to_json() == before and s._fingerprint() == fp, repr(x)
                    continue
                # accepted (a forgiven text or a unique beginning): a legal action was
                # logged, and the game saves and loads again
                accepted += 1
                assert s.log[-1] in legal and type(s.log[-1]) is cls
                assert ovnilab.load_json(s.to_json()) == s
                legal = s.legal_actions()
                if s.is_over() or not legal:
                    break
                texts = [str(a) for a in legal[:60]]
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
    assert tried > 400, tried
    assert accepted > 0  # some mutations are forgiven (case, a dropped last letter, ...)


class _HostileField:
    def __repr__(self) -> str:
        raise RuntimeError("repr refused")

    __str__ = __repr__

    def __hash__(self) -> int:
        return 1


@pytest.mark.parametrize("game", ["ovni", "cows", "cosmic"])
def test_hand_built_actions_with_hostile_fields_get_a_short_illegal_action_quickly(game):
    """Issue 22: a field whose repr raises, a huge number, a 5 MB text, junk in a field
    the action's text ignores: each is an IllegalAction with a short message, in every
    game, the state unchanged (quick by construction: such fields are refused before any
    parsing or message is built; no timing is asserted here)."""
    import ovnilab
    from ovnilab.core import IllegalAction

    s = ovnilab.make(game, seed=1) if game == "cows" else ovnilab.make(game, num_players=3, seed=1)
    A = s.action_class
    legal = s.legal_actions()[0]
    n = len(A._fields)
    before = s.clone()
    hostile = [A(legal[0], *[_HostileField()] * (n - 1)), A(legal[0], *[10**5000] * (n - 1)),
               A(legal[0], *["x" * 5_000_000] * (n - 1))]
    if game == "ovni":  # "keep missions 5" with junk in fields its text does not show
        hostile.append(A("keep", (5,), "x" * 30, 7))
    for a in hostile:
        with pytest.raises(IllegalAction) as err:
            s.apply(a)
        assert len(str(err.value)) < 400
        assert not s.is_legal(a)
    assert s == before
    s.apply(legal)  # the legal one still plays
