"""Every refusal of the Cosmic Encounter engine names its rule (issue 38).

A refused action raises :class:`IllegalAction` whose words say which rule it breaks, and
leaves the game exactly as it was. The rule tests mostly checked *that* an action was
refused; a refusal whose words were changed, or that named another rule than the one
broken, survived them (issue 38's mutants). Here every reason the engine gives is reached
from a real position and checked by its words:

* ``State._explain_illegal`` (``ovnilab/cosmic/rules/actions.py``): each branch, and each
  sentence of its table ``_WAITS`` (what every kind of pending task waits for), both for an
  action of another kind ("the game waits for red: ...") and, where the task has one, for
  an illegal action of its own kind;
* the refusals of reading an action text (unknown colour, planet, alien or card, an
  unreadable text) in the same file;
* ``ovnilab/core/``'s shared refusals as Cosmic reaches them (a finished game, a wrong
  type, an empty, overlong or ambiguous text, fields no rule gives, a malformed Action,
  nothing to undo).

Positions come from seeded random games played until a predicate on the pending task
(``g.tasks[0]``) holds; every search is bounded and fails loudly when it finds nothing.
Numbers that come from rule options (deal rounds, the deal card cap, the planets, the
ships an ally may send) are tested at a non-default value too, so a refusal that printed
the default instead would fail. A last test reads the engine's source (``ast``) and
checks that every sentence it can give is one this table checks; the few branches no
public action reaches are listed there with the reason. No alien power vetoes an action
through its own words: a power's pending choice is the ``power`` task, checked here.

Found on the way (fixed in the engine): a ship taken from the planet being re-established
or being colonised by a deal was refused as "a colony keeps at least one ship
(Rules(may_abandon_colonies=False))" under the default rules; "ship from the warp" was
refused as an "unknown planet"; the ships and answer sentences said "one to four" / "1-4"
whatever ``Rules.max_ships`` was, and "the last ship of a colony loses it" with
``may_abandon_colonies=False``.
"""

from __future__ import annotations

import ast
import os
import random
import re
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

import ovnilab.cosmic.rules.actions
from ovnilab import cosmic, ovni
from ovnilab.core import MAX_ACTION_TEXT, IllegalAction
from ovnilab.cosmic.rules import Action
from tests.test_refusals_cows import _template  # an N_ template's English

PASS, END_TURN, DONE = Action("pass"), Action("end_turn"), Action("done")
Found = tuple  # (game, action, values for the expected words' {placeholders})


def walk(until: Callable[[cosmic.State], Any], n: int = 4, rules: cosmic.Rules | None = None,
         seeds: range = range(12), limit: int = 3000, aliens: Any = None) -> Found:
    """The first position of seeded random games (``seeds``, at most ``limit`` actions
    each) where ``until(g)`` returns an action (or ``(action, values)``): the game, that
    action and the values of the expected words. Fails when no game gets there."""
    for seed in seeds:
        g = cosmic.new_game(n, seed=seed, rules=rules, aliens=aliens)
        rng = random.Random(seed)
        while not g.is_over() and len(g.log) < limit:
            found = until(g)
            if found is not None:
                action, values = found if isinstance(found, tuple) and not isinstance(found, Action) else (found, {})
                return g, action, {"who": g.colours[g.current_player], **values}
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError(f"no seeded game reached the position ({until.__name__})")


def task(kind: str, purpose: str | None = None) -> Callable[[cosmic.State], bool]:
    """Whether the pending task is of ``kind`` (a ``ships`` task: of ``purpose`` too)."""
    return lambda g: g.tasks[0][0] == kind and (purpose is None or g.tasks[0][2] == purpose)


def first_illegal(g: cosmic.State, candidates: Any) -> Any:
    """The first of ``candidates`` (Actions) that is illegal here, or None."""
    return next((a for a in candidates if not g.is_legal(a)), None)


# ============================================================ the waits: another kind
#: per kind of pending task, the sentence of what it waits for (words, not the table:
#: a changed sentence must fail here)
WAITS = {
    "alien": "choose one of the two aliens dealt to you",
    "regroup": "regroup: the ship from the warp goes to one of your colonies",
    "place": "ships leaving the warp go to one of your colonies",
    "lose": "the lost ships come from your colonies",
    "own": "your own colour: draw again, attack a foreign colony in your system, or re-establish "
           "an empty home planet",
    "wild": "wild destiny: choose another player as the defender",
    "aim": "aim the hyperspace gate at a planet of the defender's system",
    "ships": "ships come from your colonies, 1 to 4 (the last ship of a colony loses it)",
    "invite": "invite allies among the players who are not main players",
    "answer": "join a side that invited you (with 1 to 4 ships) or decline",
    "select": "select an encounter card (attack, negotiate or morph) from your hand",
    "window": "play a card or power whose timing is now, or pass",
    "reinforce": "reinforcements add to your own side after an attack is revealed",
    "zap": "a Card Zap (or Filch's wild flare) may answer the flare or artifact just played; a "
           "Cosmic Zap may answer the power just used",
    "deal": "deal: propose, accept, reject or counter",
    "plague": "Plague: discard one card of each type you hold (attack, negotiate, morph, "
              "reinforcement, artifact, flare)",
    "give": "an accepted deal: choose the cards you give, one at a time, from your hand",
    "reward": "a defensive reward is one card or one ship from the warp per ship sent",
    "second": "after a win or a deal the offense may have a second encounter",
    "power": "the power asks for one of its listed choices",
}


def other_kind(kind: str, **walk_args: Any) -> Callable[[], Found]:
    """A position waiting on a task of ``kind`` and the text of an action of another kind
    ("pass", or "end turn" where passing is of the task's kind)."""
    def build() -> Found:
        def at(g):
            if g.tasks[0][0] == kind:
                return "end turn" if kind in ("window", "reinforce", "zap") else "pass"
            return None
        at.__name__ = f"a {kind} task"
        return walk(at, **walk_args)
    return build


class Case(NamedTuple):
    name: str
    #: the refusal's expected words; ``{who}``: the colour of the player to act, other
    #: ``{placeholders}``: values the position's search returned
    words: str
    build: Callable[[], Found]


CASES: list[Case] = [
    Case(f"waits/{k}", "the game waits for {who}: " + w, other_kind(k)) for k, w in WAITS.items()
]

# the numbers in the ships and answer sentences follow Rules.max_ships and the colony rule
CASES += [
    Case("waits/ships max_ships=2, colonies kept",
         "the game waits for {who}: ships come from your colonies, 1 to 2 (a colony keeps one ship)",
         other_kind("ships", rules=cosmic.Rules(max_ships=2, may_abandon_colonies=False))),
    Case("waits/answer max_ships=6",
         "the game waits for {who}: join a side that invited you (with 1 to 6 ships) or decline",
         other_kind("answer", rules=cosmic.Rules(max_ships=6))),
]


# ============================================================ the tasks' own kinds
def _ship_from_elsewhere(g):
    t = g.tasks[0]
    if t[0] != "ships":
        return None
    return first_illegal(g, [Action("ship", p) for i, p in enumerate(g.pname) if not g.colony(t[1], i)])


def _ship_from_the_warp(g):
    return Action("ship", "the warp") if task("ships")(g) and not g.is_legal(Action("ship", "the warp")) else None


def _ship_from_the_destination(purpose: str):
    """Re-establishing a home planet, or placing a colony granted in a deal: once a ship
    landed there, the destination is a colony, but not a source."""
    def at(g):
        t = g.tasks[0]
        if t[0] == "ships" and t[2] == purpose and g.colony(t[1], t[6]):
            return Action("ship", g.pname[t[6]]), {"planet": g.pname[t[6]]}
        return None
    at.__name__ = f"a {purpose} ships task with a ship landed"
    return at


def _ship_from_a_last_ship(g):
    t = g.tasks[0]
    if t[0] != "ships":
        return None
    ones = [p for i, p in enumerate(g.pname) if g.ships[i * g.n + t[1]] == 1 and i != t[6]]
    return Action("ship", ones[0]) if ones else None


def _done_too_soon(g):
    return DONE if task("ships")(g) and not g.is_legal(DONE) else None


def _unknown_planet(g):
    # an Action built by hand (no text reads "ship from mars 3": the colour is refused first)
    return Action("ship", "mars 3") if task("ships")(g) else None


def _select_not_held(g):
    if not task("select")(g):
        return None
    return first_illegal(g, [Action("select", c, False) for c in ("attack 40", "attack 30", "negotiate", "morph")]
                         + [Action("select", "attack 08", True)])


def _join_uninvited(g):
    return first_illegal(g, [Action("join", "offense"), Action("join", "defense")]) if task("answer")(g) else None


def _invite_a_main_player(g):
    if not task("invite")(g):
        return None
    other = g.defender if g.current_player == g.offense else g.offense
    return Action("invite", (g.colours[other],))


def _in_window(play: Callable[[cosmic.State], Any]) -> Callable[[cosmic.State], Any]:
    def at(g):
        return first_illegal(g, play(g)) if task("window")(g) else None
    at.__name__ = f"a window refusing {play.__name__}"
    return at


def _artifact(name: str, timing: str, who: str) -> Case:
    def artifact(g):
        return [Action("play", name)]
    return Case(f"window/artifact {name}",
                f"{name} is played at {timing} by {who} player (artifacts.toml), and you must hold it",
                lambda: walk(_in_window(artifact)))


def _flare(g):
    return [Action("flare", g.alien[g.current_player], "super", None),
            Action("flare", g.alien[g.current_player], "wild", None)]


def _power(g):
    return [Action("power", a, None) for a in ("Oracle", "Trader", "Sorcerer", "Will")]


def _cosmic_zap(g):
    return [Action("play", "Cosmic Zap")]


def _attack_card(g):
    return [Action("play", "attack 08"), Action("play", "attack 40")]


def _zap_with(play):
    def at(g):
        return first_illegal(g, play(g)) if task("zap")(g) else None
    at.__name__ = f"a zap round refusing {play.__name__}"
    return at


def _reinforce_wrongly(g):
    if not task("reinforce")(g):
        return None
    return first_illegal(g, [Action("reinforce", c, side) for c in ("reinforcement +2", "reinforcement +3")
                             for side in ("offense", "defense")])


def _accept_nothing(g):
    return Action("accept") if task("deal")(g) and g.deal_offer is None else None


def _counter_too_many(g):
    t = g.tasks[0]
    if t[0] == "deal" and g.deal_offer is not None and t[2] >= g.rules.deal_rounds:
        return Action("propose", (g.colours[g.offense], 1, None), (g.colours[g.defender], 0, None), None)
    return None


def _propose_nothing(g):
    if not task("deal")(g) or (g.deal_offer is not None and g.tasks[0][2] >= g.rules.deal_rounds):
        return None
    return Action("propose", (g.colours[g.offense], 0, None), (g.colours[g.defender], 0, None), None)


def _propose_too_many_cards(g):
    if not task("deal")(g) or (g.deal_offer is not None and g.tasks[0][2] >= g.rules.deal_rounds):
        return None
    return Action("propose", (g.colours[g.offense], 3, None), (g.colours[g.defender], 0, None), None)


def _reward_too_much(g):
    t = g.tasks[0]
    return Action("reward", t[2] + 1, 0) if t[0] == "reward" else None


def _own_kind(kind: str, wrong: Callable[[cosmic.State], list]) -> Callable[[], Found]:
    """A task of ``kind`` and the first illegal action of its own kind among ``wrong(g)``."""
    def build():
        def at(g):
            return first_illegal(g, wrong(g)) if g.tasks[0][0] == kind else None
        at.__name__ = f"a {kind} task refusing its own kind"
        return walk(at)
    return build


COSMIC_ZAP = ("Cosmic Zap is played on a power being used (in answer to its use), or in a window on a power "
              "that acts by itself and takes effect there, of a player it lets act now")


def _not_colonies(g):
    s = g.current_player
    return [p for i, p in enumerate(g.pname) if not g.colony(s, i)]


CASES += [
    Case("ships/from the warp",
         "ships come from your colonies (one from the warp only after Observer's super flare, "
         "to launch or ally)", lambda: walk(_ship_from_the_warp)),
    Case("ships/another's planet", "ships come from your own colonies", lambda: walk(_ship_from_elsewhere)),
    # issue 38: both read "a colony keeps at least one ship (Rules(may_abandon_colonies=False))"
    # under the default rules, where the last ship may leave a colony
    Case("ships/the destination re-established", "the ships go to {planet}: they come from your other colonies",
         lambda: walk(_ship_from_the_destination("reestablish"))),
    Case("ships/the destination of a deal", "the ships go to {planet}: they come from your other colonies",
         lambda: walk(_ship_from_the_destination("colony"))),
    Case("ships/a last ship kept",
         "a colony keeps at least one ship (Rules(may_abandon_colonies=False))",
         lambda: walk(_ship_from_a_last_ship, rules=cosmic.Rules(may_abandon_colonies=False))),
    Case("ships/done before any", "send at least one ship", lambda: walk(_done_too_soon)),
    Case("ships/unknown planet", "malformed cosmic action ('ship', 'mars 3', None, None): unknown planet",
         lambda: walk(_unknown_planet)),
    Case("select/not held", "select an encounter card you hold (attack, negotiate or morph; flares and "
         "artifacts are not encounter cards)", lambda: walk(_select_not_held)),
    Case("answer/uninvited", "only players the offense (or the defense) invited may join its side",
         lambda: walk(_join_uninvited)),
    Case("invite/a main player", "the offense cannot invite the defense, nor the defense the offense",
         lambda: walk(_invite_a_main_player)),
    _artifact("Mobius Tubes", "regroup", "offense"),
    _artifact("Emotion Control", "reveal", "any"),
    Case("window/flare", "flares: one per player per encounter, each once, at its timing; the Super side "
         "only for the alien's owner with its power", lambda: walk(_in_window(_flare))),
    Case("window/power", "a power works only for its alien, at its timing and role, with three home "
         "colonies, once per encounter",
         lambda: walk(_in_window(_power), n=3, aliens=["Oracle", "Trader", "Sorcerer"])),
    Case("window/Cosmic Zap", COSMIC_ZAP, lambda: walk(_in_window(_cosmic_zap))),
    Case("window/not an artifact", WAITS["window"], lambda: walk(_in_window(_attack_card))),
    Case("zap/Cosmic Zap", COSMIC_ZAP, lambda: walk(_zap_with(_cosmic_zap))),
    Case("zap/not a zap", WAITS["zap"], lambda: walk(_zap_with(_attack_card))),
    Case("reinforce/not held or other side", "reinforcements are played from your hand onto your own side",
         lambda: walk(_reinforce_wrongly)),
    Case("deal/accept nothing", "there is no proposal to accept", lambda: walk(_accept_nothing)),
    Case("deal/counters 4", "no more counters: at most 4 proposals", lambda: walk(_counter_too_many)),
    Case("deal/counters 2", "no more counters: at most 2 proposals",
         lambda: walk(_counter_too_many, rules=cosmic.Rules(deal_rounds=2))),
    Case("deal/moves nothing", "a proposal moves at least one card or colony; cards from hands, colonies on "
         "planets where the granting side has one", lambda: walk(_propose_nothing)),
    Case("deal/card cap 2", "a proposal moves at least one card or colony; cards from hands (at most 2), "
         "colonies on planets where the granting side has one",
         lambda: walk(_propose_too_many_cards, rules=cosmic.Rules(deal_max_cards=2))),
    Case("reward/too many", "reward one card or one ship from the warp per ship sent (ships only from your "
         "warp)", lambda: walk(_reward_too_much)),
    # an illegal action of the task's own kind gets the task's sentence (a "second" task
    # has none: both of its actions are always legal)
    Case("own kind/alien", WAITS["alien"], _own_kind("alien", lambda g: [Action("alien", "Zombie"),
                                                                        Action("alien", "Oracle")])),
    Case("own kind/regroup", WAITS["regroup"], _own_kind("regroup", lambda g: [
        Action("regroup", p) for p in _not_colonies(g)])),
    Case("own kind/place", WAITS["place"], _own_kind("place", lambda g: [
        Action("place", p) for p in _not_colonies(g)])),
    Case("own kind/lose", WAITS["lose"], _own_kind("lose", lambda g: [
        Action("lose", p) for p in _not_colonies(g)])),
    Case("own kind/own", WAITS["own"], _own_kind("own", lambda g: [
        Action("reestablish", p) for p in g.pname] + [Action("home", c) for c in g.colours])),
    Case("own kind/wild", WAITS["wild"], _own_kind("wild", lambda g: [
        Action("defender", g.colours[g.current_player])])),
    Case("own kind/aim", WAITS["aim"], _own_kind("aim", lambda g: [Action("aim", p) for p in g.pname])),
    Case("own kind/plague", WAITS["plague"], _own_kind("plague", lambda g: [
        Action("discard", c) for c in ("attack 40", "attack 30", "Plague", "negotiate")])),
    Case("own kind/give", WAITS["give"], _own_kind("give", lambda g: [
        Action("give", c) for c in ("attack 40", "attack 30", "Plague", "negotiate")])),
    Case("own kind/power", WAITS["power"], _own_kind("power", lambda g: [
        Action("choose", g.tasks[0][2], "something it never offers")])),
]


# ============================================================ reading texts; core's refusals
def _text(action: str, **walk_args: Any) -> Callable[[], Found]:
    """A new game (its first decision) and the text ``action``."""
    def build():
        def reached(g):
            return action
        reached.__name__ = f"a position for {action!r}"
        return walk(reached, **walk_args)
    return build


def _finished() -> Found:
    g = cosmic.new_game(3, seed=1)
    rng = random.Random(1)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    return g, PASS, {}


def _ambiguous():
    def at(g):
        ships = [a for a in g.legal_actions() if str(a).startswith("ship from")]
        return ("ship from", {"k": len(ships)}) if len(ships) >= 2 else None
    return walk(at)


def _no_undo() -> Found:
    return cosmic.new_game(4, seed=3), "undo", {}


CASES += [
    Case("text/unknown colour", "unknown colour 'mauve'; colours are ['red', 'blue', 'yellow', 'green', "
         "'purple']", _text("choose defender mauve")),
    Case("text/no planet 5", "no planet red 9: this game's planets are red, blue, yellow, green 1 to 5",
         _text("aim at red 9")),
    Case("text/no planet, four planets", "no planet purple 2: this game's planets are red, blue, yellow 1 to 4",
         _text("aim at purple 2", n=3, rules=cosmic.Rules(planets=4))),
    Case("text/unknown alien", "unknown alien 'Nobody'", _text("choose alien Nobody")),
    Case("text/unknown card", "unknown card 'attack 99'", _text("select attack 99")),
    Case("text/unreadable", "unreadable Cosmic Encounter action: actions read like 'select attack 08', "
         "'ship from red 1', 'invite blue+green', 'pass'", _text("fly to the moon")),
    Case("core/finished game", "illegal action 'pass': the game is over", _finished),
    Case("core/wrong type", "not a Cosmic Encounter action: actions are texts or ovnilab.cosmic.rules.Action "
         "objects, not int", lambda: (cosmic.new_game(4, seed=0), 42, {})),
    Case("core/another game's action", "not a Cosmic Encounter action: actions are texts or "
         "ovnilab.cosmic.rules.Action objects, not ovnilab.ovni.rules",
         lambda: (cosmic.new_game(4, seed=0), ovni.new_game(2, seed=0).legal_actions()[0], {})),
    Case("core/too long", f"an action text has at most {MAX_ACTION_TEXT} characters, this one has "
         f"{MAX_ACTION_TEXT + 1}", _text("p" * (MAX_ACTION_TEXT + 1))),
    Case("core/empty", "the action text is empty", _text(" \t ")),
    Case("core/ambiguous", "ambiguous: it begins {k} legal actions: 'ship from ", _ambiguous),
    Case("core/bad field", "field 1 of this Action is not a short text, a small whole number or a tuple of "
         "them (got a float): no rule gives such an action",
         lambda: (cosmic.new_game(4, seed=0), Action("alien", 1.5), {})),
    Case("core/nothing to undo", "there is no action to undo", _no_undo),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_refusal_names_its_rule_and_changes_nothing(case: Case):
    g, action, values = case.build()
    expected = case.words.format(**values)
    before, snapshot = g.to_json(), g.clone()
    with pytest.raises(IllegalAction, match=re.escape(expected)):
        if action == "undo":
            g.undo()
        else:
            g.apply(action)
    assert g.to_json() == before
    assert g == snapshot, "the refused action changed the position"


# ============================================================ completeness
#: sentences of the engine that no public action reaches (not counted), and why
UNREACHABLE = {
    # apply() refuses every action of a finished game first ("the game is over"), and a
    # running game always has a pending task: State._run returns only at a task that waits
    # for a player, or when the game is over
    # (the same holds for the "nobody" of "the game waits for {who}")
    "nobody is to act": "no pending task only once the game is over",
    # a name is listed only among at most 12 (the colours): the game deals from 50 aliens
    # and 81 card faces, so an unknown alien or card is named without the list
    "unknown alien {text}; aliens are {shown}": "more than 12 aliens: the list is not shown",
    "unknown card {text}; cards are {shown}": "more than 12 card faces: the list is not shown",
    # a ships task is dropped as soon as its last allowed ship is sent (State._r_ships pops
    # it when sent >= hi), so a further ship meets the next task's sentence
    "at most {n} ships": "the ships task ends at its limit",
}


def _patterns(node: ast.AST) -> list[tuple[str, str]]:
    """``(key, regex)`` for the words an expression gives: a text as is (its key), an
    f-string with any words in place of its values (key: its source); concatenations and
    conditionals part by part."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):  # an N_ template: any words for {names}
        return [(node.value, _placeholders(node.value))] if node.value.strip() else []
    if isinstance(node, ast.JoinedStr):
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+?" for v in node.values]
        return [(ast.unparse(node), "".join(parts))]
    if isinstance(node, ast.BinOp):
        return _patterns(node.left) + _patterns(node.right)
    if isinstance(node, ast.IfExp):
        return _patterns(node.body) + _patterns(node.orelse)
    template = _template(node)
    if template is not None:
        return _patterns(ast.Constant(template))
    return []


def _placeholders(sentence: str) -> str:
    """A ``_WAITS`` sentence as a regex: its ``{names}`` are filled in with the numbers
    in force."""
    return ".+?".join(re.escape(x) for x in re.split(r"\{\w+\}", sentence))


def _engine_sentences() -> dict[str, str]:
    """What actions.py can say (key -> regex): what ``_explain_illegal`` returns (and the
    f-strings it builds), the ``_WAITS`` sentences and the first argument of every
    ``IllegalAction(...)``."""
    tree = ast.parse(Path(ovnilab.cosmic.rules.actions.__file__).read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "_explain_illegal":
            # every text of words (with a space) but those compared with ("the warp",
            # "Cosmic Zap") and the parts of f-strings (read whole)
            skip = {id(x) for sub in ast.walk(node) if isinstance(sub, (ast.Compare, ast.JoinedStr))
                    for x in ast.walk(sub) if x is not sub}
            for sub in ast.walk(node):
                words = isinstance(sub, ast.JoinedStr) or (isinstance(sub, ast.Constant)
                                                            and isinstance(sub.value, str) and " " in sub.value)
                if words and id(sub) not in skip:
                    out.update(_patterns(sub))
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "_WAITS" for t in node.targets):
            assert isinstance(node.value, ast.Dict)
            for v in node.value.values:
                sentence = _template(v.elts[1])  # type: ignore[attr-defined]
                out[sentence] = _placeholders(sentence)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction" and node.args:
            out.update(_patterns(node.args[0]))
    return out


def _covered(pattern: str) -> bool:
    return any(re.search(pattern, c.words) for c in CASES)


@pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ,
                    reason="mutmut rewrites the engine's sources into another layout")
def test_every_sentence_of_the_engine_is_checked_by_a_case():
    sentences = _engine_sentences()
    # the parse found the parts it looks for (the check cannot pass by finding nothing)
    assert len(sentences) >= 40, sorted(sentences)
    assert all(k in sentences for k in UNREACHABLE), "a branch judged unreachable left the engine: update the list"
    missing = [k for k, p in sentences.items() if k not in UNREACHABLE and not _covered(p)]
    assert not missing, f"engine sentences no case checks: {missing}"


def test_every_kind_of_task_has_its_waits_case():
    """The engine's task kinds (state._KINDS) are the _WAITS table's, and each kind's case
    checks that kind's sentence."""
    from ovnilab.cosmic.rules.actions import ActionTextMixin
    from ovnilab.cosmic.rules.state import _KINDS

    waits = ActionTextMixin._WAITS
    assert set(_KINDS) == set(waits) == set(WAITS)
    for kind, (_, sentence) in waits.items():
        case = next(c for c in CASES if c.name == f"waits/{kind}")
        assert re.search(_placeholders(sentence), case.words), kind


# ============================================================ sentences the table above cannot reach
def test_the_ships_sentence_names_the_tasks_own_limit():
    """The ships sentence states the task's own limit, not the seat's usual one: Macron sends
    one ship into an encounter, but re-establishing a home planet takes up to four."""
    from tests.cosmic import BLUE, RED, arrange

    g = arrange(aliens=["Macron", "Will", "Oracle"], hands={RED: ["attack 10"], BLUE: ["attack 04"]},
                destiny=RED, ships={(RED, "red 5"): 0})
    g.apply("reestablish red 5")
    assert g._max_ships(RED) == 1 and g.tasks[0][5] == 4  # the position this test is about
    with pytest.raises(IllegalAction, match=re.escape(
            "the game waits for red: ships come from your colonies, 1 to 4 (the last ship of a colony loses it)")):
        g.apply("pass")


def test_an_unknown_name_among_few_is_refused_with_the_list():
    """Among at most 12 names the refusal lists them (UNREACHABLE above: the game's own card
    faces and aliens are always more); the sentence per kind of name."""
    g = cosmic.new_game(3, seed=0)
    for what, words in [("card", "unknown card 'attack 99'; cards are ['attack 04', 'negotiate']"),
                        ("alien", "unknown alien 'attack 99'; aliens are ['attack 04', 'negotiate']"),
                        ("colour", "unknown colour 'attack 99'; colours are ['attack 04', 'negotiate']")]:
        with pytest.raises(IllegalAction) as err:
            g._named("attack 99", ("attack 04", "negotiate"), what)
        assert str(err.value) == words


def test_a_choice_naming_no_power_is_masked_in_the_public_log():
    """``describe`` reads any Action: a power's choice names cards that only a power whose
    choices are public shows; an Action naming no power at all is masked too, not an error."""
    g = cosmic.new_game(3, seed=0)
    assert g.describe(Action("choose", "Nobody", "take attack 04")) == "Nobody: take a card"
