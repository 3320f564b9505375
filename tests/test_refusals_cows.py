"""Every refusal of the cow game names its rule (issue 38).

A refused action raises :class:`IllegalAction` whose words say which rule it breaks, and
leaves the game exactly as it was. The rule tests mostly checked *that* an action was
refused; a refusal whose words were changed, or that named another rule than the one
broken, survived them (issue 38's mutants). Here every reason the engine gives is reached
from a real position and checked by its words:

* ``State._explain_illegal`` (``ovnilab/cows/rules/actions.py``): each branch that a public
  action reaches (the few that none reaches are listed, with the reason, in
  ``UNREACHABLE``);
* the refusals of reading an action text (``_parse_action``, ``_face_name``,
  ``_slot_index``) in the same file;
* ``ovnilab/core/``'s shared refusals as the cow game reaches them (a finished game, a
  wrong type, an empty, overlong or ambiguous text, fields no rule gives, a malformed
  Action, nothing to undo).

Positions come from seeded random games played until a predicate holds (every search is
bounded and fails loudly when it finds nothing). Numbers that come from the state or from
a rule option (the hand limit, the discard areas) are tested at a non-default value too,
so a refusal that printed the default instead would fail. A last test reads the engine's
source (``ast``) and checks that every sentence ``_explain_illegal`` can give is checked
by an entry of the table.
"""

from __future__ import annotations

import ast
import os
import random
import re
from pathlib import Path
from typing import Any, Callable, NamedTuple

import pytest

import ovnilab.cows.rules
from ovnilab import cows, ovni
from ovnilab.core import MAX_ACTION_TEXT, IllegalAction
from ovnilab.cows.rules import AFTER, EFFECT, KEEP, MAIN, Action

DRAW, END, SKIP, PASS = Action("draw"), Action("end"), Action("skip"), Action("pass")


def walk(until: Callable[[cows.State], Any], rules: cows.Rules | None = None, areas: int = 1,
         seeds: range = range(60), prefer: Callable[[Action], bool] | None = None) -> tuple:
    """The first position of seeded random games where ``until(g)`` returns an action (or
    a text): ``(g, action)``. ``prefer`` biases the random player towards some actions
    (a hoarder that never builds fills its hand). Fails when no game gets there."""
    for seed in seeds:
        g = cows.new_game(seed=seed, discard_areas=areas, rules=rules)
        rng = random.Random(seed)
        while True:
            found = until(g)
            if found:  # an action or a text (a predicate that fails gives a falsy value)
                return g, found
            if g.is_over():
                break
            legal = g.legal_actions()
            liked = [a for a in legal if prefer(a)] if prefer else []
            g.apply(rng.choice(liked or legal))
    raise AssertionError("no seeded game reached the position this case needs")


def hoard(a: Action) -> bool:
    """A player who fills its hand: draws, keeps and takes, never builds nor flips."""
    return a.kind in ("draw", "keep", "take", "end")


def other(name: str) -> str:
    """A face name other than ``name``."""
    return "Mimosa" if name != "Mimosa" else "Farol"


def face(g, c: int) -> str:
    return g.face(c).name


def hand_face(g, i: int = 0) -> str:
    return face(g, g.hand[g.current_player][i])


# ------------------------------------------------------------------ positions
def effect_pending(target: str | None = None, symbol: bool = False) -> Callable[[cows.State], bool]:
    """A predicate: an immediate flip effect waits for its target (``target``: of that
    target only; ``symbol``: a flip filtered by a symbol)."""
    def at(g) -> bool:
        if g.phase != EFFECT:
            return False
        eff = g.stack[-1][2]
        return (target is None or eff.target == target) and (not symbol or eff.symbol >= 0)
    return at


def targets(g) -> list[tuple[str, int]]:
    """(own|opponent, seat) the pending effect may flip in."""
    eff = g.stack[-1][2]
    p = g.current_player
    return [(rel, p if rel == "own" else 1 - p) for rel in ("own", "opponent") if eff.target in ("any", rel)]


def fx_on(g, want: Callable[[int], bool]) -> Action | None:
    """A flip of the pending effect on a card of a target pyramid for which ``want(card)``."""
    for rel, seat in targets(g):
        for slot, c in enumerate(g.pyr[seat]):
            if c >= 0 and want(c):
                return Action("fx", rel, slot, face(g, c))
    return None


def fx_empty_slot(g) -> Action | None:
    if not effect_pending()(g):
        return None
    for rel, seat in targets(g):
        for slot, c in enumerate(g.pyr[seat]):
            if c < 0:
                return Action("fx", rel, slot, "Mimosa")
    return None


def fx_touched(g) -> Action | None:
    return fx_on(g, lambda c: g.touched >> c & 1) if effect_pending()(g) else None


def fx_wrong_face(g) -> Action | None:
    if not effect_pending()(g):
        return None
    legal = [a for a in g.legal_actions() if a.kind == "fx"]
    return legal[0]._replace(c=other(legal[0].c)) if legal else None


def fx_wrong_face_of(g, card: int) -> Action | None:
    """A flip of the pending effect on ``card`` (untouched, in a target pyramid) naming
    another face: the refusal must see the card there even when its id is 0."""
    if not effect_pending()(g):
        return None
    a = fx_on(g, lambda c: c == card and not g.touched >> c & 1)
    return a._replace(c=other(a.c)) if a else None


def slot_face(g, a: Action) -> str:
    """The face the card in the slot an effect flip ``a`` names shows."""
    seat = g.current_player if a.a == "own" else 1 - g.current_player
    return face(g, g.pyr[seat][a.b])


def fx_without_symbol(g) -> Action | None:
    if not effect_pending(symbol=True)(g):
        return None
    sym = g.stack[-1][2].symbol
    return fx_on(g, lambda c: not g.touched >> c & 1 and not g.face(c).symbols[sym])


def fx_sideways(g) -> Action | None:
    """A flip of an any-target effect whose ``a`` is neither own nor opponent, its other
    fields those of a legal flip (so only that field is wrong)."""
    if not effect_pending("any")(g):
        return None
    legal = [a for a in g.legal_actions() if a.kind == "fx" and a.a == "opponent"]
    return legal[0]._replace(a="sideways") if legal else None


def drawn_keep(g, **change) -> Action:
    """The keep of the first drawn card (Celeiro 1), with fields changed."""
    c1, c2 = g.drawn
    return Action("keep", 1, face(g, c1), face(g, c2), 1)._replace(**change)


def full_hand(g) -> bool:
    return len(g.hand[g.current_player]) >= g.rules.hand_limit


def build_at(g, slot: int) -> Action:
    return Action("build", 1, hand_face(g), slot)


def can_build(g) -> bool:
    return g.phase in (MAIN, AFTER) and not g.built and bool(g.hand[g.current_player])


def mask(g) -> int:
    return g.mask[g.current_player]


def game_over(g) -> bool:
    return g.is_over()


def ambiguous(g, text: str) -> str:
    """core's refusal of a text that begins several legal actions' texts."""
    starts = [str(x) for x in g.legal_actions() if str(x).startswith(text)]
    more = f" and {len(starts) - 8} more" if len(starts) > 8 else ""
    return f"ambiguous: it begins {len(starts)} legal actions: {', '.join(map(repr, starts[:8]))}{more}"


def mandatory_flips(tmp_path) -> cows.Rules:
    """The card set with every flip effect mandatory (``optional = false``)."""
    from ovnilab.cows.data import data_dir

    text = (data_dir() / "cows" / "cards.toml").read_text(encoding="utf-8")
    must = re.sub(r'(\{type = "flip", target = "\w+")', r"\1, optional = false", text)
    assert must != text
    path = tmp_path / "must.toml"
    path.write_text(must, encoding="utf-8")
    return cows.Rules(cards_file=str(path))


class Case(NamedTuple):
    name: str
    #: the rule's words (the whole of ``IllegalAction.rule``, or the part after the
    #: "malformed ..." prefix); a function of the position when they hold its values
    words: Any
    #: ``find(tmp_path)`` -> (game, the refused action or text)
    find: Callable[[Any], tuple]


T = cows.Rules  # a short name for the table


CASES = [
    # ---------------------------------------------------------- the action's type and fields
    Case("not an Action: a tuple", "not an action of the cow game: actions are texts or "
         "ovnilab.cows.rules.Action objects, not tuple", lambda _: (cows.new_game(seed=1), ("draw",))),
    Case("not an Action: another game's", "not an action of the cow game: actions are texts or "
         "ovnilab.cows.rules.Action objects, not ovnilab.ovni.rules.Action",
         lambda _: (cows.new_game(seed=1), ovni.Action("end_turn"))),
    Case("unknown kind", "not a legal action in this position", lambda _: (cows.new_game(seed=1), Action("dance"))),
    Case("a field where the kind has none", "a 'draw' action has no fields, not a",
         lambda _: (cows.new_game(seed=1), Action("draw", 1))),
    Case("two fields where the kind has none", "a 'draw' action has no fields, not a, b",
         lambda _: (cows.new_game(seed=1), Action("draw", 1, 2))),
    Case("fields the kind does not have", "a 'flip' action has the fields a, b, not c, d",
         lambda _: walk(lambda g: g.phase == MAIN and g.hand[g.turn] and Action("flip", 1, hand_face(g), 0, 1))),
    # ---------------------------------------------------------- an effect waits for its target
    Case("effect pending: another action", "an immediate effect is resolving: choose its target (or skip it) first",
         lambda _: walk(lambda g: effect_pending()(g) and DRAW)),
    Case("effect pending: end turn", "an immediate effect is resolving: choose its target (or skip it) first",
         lambda _: walk(lambda g: effect_pending()(g) and "end turn")),
    Case("skip a mandatory effect", "this effect is not optional",
         lambda tmp: walk(lambda g: effect_pending()(g) and SKIP, rules=mandatory_flips(tmp))),
    Case("own pyramid for an opponent-only flip", "this effect flips a card in the opponent pyramid",
         lambda _: walk(lambda g: effect_pending("opponent")(g) and Action("fx", "own", 0, "Mimosa"))),
    Case("opponent's pyramid for an own-only flip", "this effect flips a card in the own pyramid",
         lambda _: walk(lambda g: effect_pending("own")(g) and Action("fx", "opponent", 0, "Mimosa"))),
    Case("a flip that names no pyramid", "a flip effect turns a card of the own or the opponent pyramid",
         lambda _: walk(fx_sideways)),
    Case("flip an empty slot", "there is no card in that slot", lambda _: walk(fx_empty_slot)),
    Case("flip a slot off the pyramid", "there is no card in that slot",
         lambda _: walk(lambda g: effect_pending()(g) and Action("fx", targets(g)[0][0], 6, "Mimosa"))),
    Case("flip a card touched in the chain", "a card placed or flipped in this chain cannot be flipped again",
         lambda _: walk(fx_touched)),
    Case("flip naming the wrong face",
         lambda g, a: f"that slot shows {other(a.c)}, not {a.c}", lambda _: walk(fx_wrong_face)),
    Case("flip naming the wrong face of card 0 (the first id)",
         lambda g, a: f"that slot shows {slot_face(g, a)}, not {a.c}",
         lambda _: walk(lambda g: fx_wrong_face_of(g, 0))),
    Case("flip a card without the effect's symbol", "the effect only flips a card showing its symbol",
         lambda _: walk(fx_without_symbol)),
    Case("skip with no effect", "no effect is waiting for a choice", lambda _: walk(lambda g: g.phase == MAIN and SKIP)),
    Case("effect target with no effect", "no effect is waiting for a choice",
         lambda _: walk(lambda g: g.phase == AFTER and "flip own Mimosa at row 1 slot 1")),
    # ---------------------------------------------------------- the keep after a draw
    Case("draw again before keeping", "after drawing 2, keep one and discard the other first",
         lambda _: walk(lambda g: g.phase == KEEP and DRAW)),
    Case("end the turn before keeping", "after drawing 2, keep one and discard the other first",
         lambda _: walk(lambda g: g.phase == KEEP and END)),
    Case("keep with nothing drawn", "keep only follows 'draw 2'",
         lambda _: walk(lambda g: g.phase == MAIN and Action("keep", 1, "Mimosa", "Farol", 1))),
    Case("keep after the main action", "keep only follows 'draw 2'",
         lambda _: walk(lambda g: g.phase == AFTER and "keep Mimosa (drawn 1), discard Farol (drawn 2) to Celeiro 1")),
    Case("keep into a full hand (limit 3)", "never more than 3 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == KEEP and full_hand(g) and drawn_keep(g),
                        rules=T(build_during_draw=True), prefer=hoard)),
    Case("keep into a full hand (limit 2)", "never more than 2 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == KEEP and full_hand(g) and drawn_keep(g),
                        rules=T(build_during_draw=True, hand_limit=2), prefer=hoard)),
    Case("keep to Celeiro 2 of 1", "this game has 1 discard area(s)",
         lambda _: walk(lambda g: g.phase == KEEP and drawn_keep(g, d=2))),
    Case("keep to Celeiro 3 of 2", "this game has 2 discard area(s)",
         lambda _: walk(lambda g: g.phase == KEEP and drawn_keep(g, d=3), areas=2)),
    Case("keep to Celeiro 0", "this game has 1 discard area(s)",
         lambda _: walk(lambda g: g.phase == KEEP and drawn_keep(g, d=0))),
    Case("keep a card not drawn", "keep names the two drawn cards as they show",
         lambda _: walk(lambda g: g.phase == KEEP and drawn_keep(g, b=other(face(g, g.drawn[0]))))),
    # ---------------------------------------------------------- the main actions
    Case("a second main action", "only one main action per turn (draw, take from the Celeiro or flip)",
         lambda _: walk(lambda g: g.phase == AFTER and g.deck and DRAW)),
    Case("flip after the main action", "only one main action per turn (draw, take from the Celeiro or flip)",
         lambda _: walk(lambda g: g.phase == AFTER and Action("flip", 1, hand_face(g)))),
    Case("pass after the main action", "only one main action per turn (draw, take from the Celeiro or flip)",
         lambda _: walk(lambda g: g.phase == AFTER and PASS)),
    Case("pass with a main action left", "pass only when no main action is possible",
         lambda _: walk(lambda g: g.phase == MAIN and PASS)),
    Case("draw from an empty deck", "the deck is empty: take from the Celeiro or flip a card",
         lambda _: walk(lambda g: g.phase == MAIN and not g.deck and DRAW,
                        prefer=lambda a: a.kind in ("draw", "keep", "build", "end"))),
    Case("draw into a full hand (limit 3)", "never more than 3 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == MAIN and g.deck and full_hand(g) and DRAW, prefer=hoard)),
    Case("draw into a full hand (limit 4)", "never more than 4 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == MAIN and g.deck and full_hand(g) and DRAW,
                        rules=T(hand_limit=4), prefer=hoard)),
    Case("take from Celeiro 2 of 1", "this game has 1 discard area(s)",
         lambda _: walk(lambda g: g.phase == MAIN and Action("take", 2, "Mimosa"))),
    Case("take from Celeiro 3 of 2", "this game has 2 discard area(s)",
         lambda _: walk(lambda g: g.phase == MAIN and "take Mimosa from Celeiro 3", areas=2)),
    Case("take from Celeiro 0", "this game has 1 discard area(s)",
         lambda _: walk(lambda g: g.phase == MAIN and Action("take", 0, "Mimosa"))),
    Case("take from an empty Celeiro 1", "Celeiro 1 is empty",
         lambda _: walk(lambda g: g.phase == MAIN and not g.cel[0] and "take Mimosa from Celeiro 1")),
    Case("take from an empty Celeiro 2", "Celeiro 2 is empty",
         lambda _: walk(lambda g: g.phase == MAIN and g.cel[0] and not g.cel[1] and Action("take", 2, "Mimosa"),
                        areas=2)),
    Case("take into a full hand (limit 3)", "never more than 3 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == MAIN and g.cel[0] and full_hand(g)
                        and Action("take", 1, face(g, g.cel[0][-1])), prefer=hoard)),
    Case("take into a full hand (limit 2)", "never more than 2 cards in hand: build one first",
         lambda _: walk(lambda g: g.phase == MAIN and g.cel[0] and full_hand(g)
                        and Action("take", 1, face(g, g.cel[0][-1])), rules=T(hand_limit=2), prefer=hoard)),
    Case("take a card under the top", lambda g, a: f"the visible top card of Celeiro 1 is {face(g, g.cel[0][-1])}",
         lambda _: walk(lambda g: g.phase == MAIN and g.cel[0] and not full_hand(g)
                        and Action("take", 1, other(face(g, g.cel[0][-1]))))),
    Case("take a card under the top of Celeiro 2",
         lambda g, a: f"the visible top card of Celeiro 2 is {face(g, g.cel[1][-1])}",
         lambda _: walk(lambda g: g.phase == MAIN and g.cel[1] and not full_hand(g)
                        and Action("take", 2, other(face(g, g.cel[1][-1]))), areas=2)),
    Case("flip a card beyond the hand", "flip a card in your hand",
         lambda _: walk(lambda g: g.phase == MAIN and Action("flip", len(g.hand[g.turn]) + 1, "Mimosa"))),
    Case("flip hand card 0", "flip a card in your hand",
         lambda _: walk(lambda g: g.phase == MAIN and g.hand[g.turn] and Action("flip", 0, hand_face(g)))),
    Case("flip naming the wrong face", lambda g, a: f"hand card {a.a} shows {hand_face(g, a.a - 1)}",
         lambda _: walk(lambda g: g.phase == MAIN and len(g.hand[g.turn]) >= 2
                        and Action("flip", 2, other(hand_face(g, 1))))),
    Case("flip naming the wrong face of hand card 1", lambda g, a: f"hand card 1 shows {hand_face(g, 0)}",
         lambda _: walk(lambda g: g.phase == MAIN and g.hand[g.turn] and Action("flip", 1, other(hand_face(g, 0))))),
    # ---------------------------------------------------------- the free build
    Case("a second build", "the free build is made once per turn",
         lambda _: walk(lambda g: g.phase == MAIN and g.built and g.hand[g.turn] and build_at(g, g.open_slots(g.turn)[0]))),
    Case("build a card beyond the hand", "only cards in your hand can be placed in the pyramid",
         lambda _: walk(lambda g: can_build(g) and Action("build", len(g.hand[g.turn]) + 1, "Mimosa", 0))),
    Case("build naming the wrong face", lambda g, a: f"hand card {a.a} shows {hand_face(g, a.a - 1)}",
         lambda _: walk(lambda g: can_build(g) and len(g.hand[g.turn]) >= 2
                        and Action("build", 2, other(hand_face(g, 1)), g.open_slots(g.turn)[0]))),
    Case("build off the pyramid", "the pyramid has rows 1-3 (1, 2 and 3 slots)",
         lambda _: walk(lambda g: can_build(g) and build_at(g, 6))),
    Case("build on a card", "that slot already holds a card",
         lambda _: walk(lambda g: can_build(g) and mask(g) & 1 and build_at(g, 0))),
    Case("build on a card of row 2", "that slot already holds a card",
         lambda _: walk(lambda g: can_build(g) and mask(g) & 0b10 and build_at(g, 1))),
    Case("build on a card of row 3", "that slot already holds a card",
         lambda _: walk(lambda g: can_build(g) and mask(g) & 0b1000 and build_at(g, 3))),
    Case("build in row 2 first", "start the pyramid with row 1",
         lambda _: walk(lambda g: can_build(g) and mask(g) == 0 and f"build {hand_face(g)} (hand 1) at row 2 slot 2")),
    Case("build in row 3 before row 2", "row 3 starts once row 2 has at least one card",
         lambda _: walk(lambda g: can_build(g) and mask(g) == 0b1 and build_at(g, 4))),
    Case("build in row 3 under nothing", "a row-3 card needs a supporting card above it",
         lambda _: walk(lambda g: can_build(g) and mask(g) == 0b101 and build_at(g, 3))),
    Case("build in row 3 under one card (support both)", "a row-3 card needs a supporting card above it",
         lambda _: walk(lambda g: can_build(g) and mask(g) in (0b011, 0b101) and build_at(g, 4),
                        rules=T(support="both"))),
    # ---------------------------------------------------------- the end of the turn
    Case("end the turn before the main action",
         "make your main action (draw, take from the Celeiro or flip) before ending the turn",
         lambda _: walk(lambda g: g.phase == MAIN and END)),
    # ---------------------------------------------------------- reading a text
    Case("text: unknown face", "unknown card face 'Unicorn'",
         lambda _: walk(lambda g: g.phase == MAIN and "flip Unicorn (hand 1)")),
    Case("text: unknown face in a keep", "unknown card face 'Unicorn'",
         lambda _: walk(lambda g: g.phase == KEEP and "keep Unicorn (drawn 1), discard Farol (drawn 2) to Celeiro 1")),
    Case("text: keep one card twice",
         "keep one drawn card and discard the other: 'keep Mimosa (drawn 1), discard Farol (drawn 1) to Celeiro 1'",
         lambda _: walk(lambda g: g.phase == KEEP and "keep Mimosa (drawn 1), discard Farol (drawn 1) to Celeiro 1")),
    Case("text: a slot row 1 lacks", "row 1 has no slot 2: 'build Mimosa (hand 1) at row 1 slot 2'",
         lambda _: walk(lambda g: g.phase == MAIN and "build Mimosa (hand 1) at row 1 slot 2")),
    Case("text: a slot row 2 lacks", "row 2 has no slot 3: 'flip own Mimosa at row 2 slot 3'",
         lambda _: walk(lambda g: effect_pending()(g) and "flip own Mimosa at row 2 slot 3")),
    Case("text: unreadable", "unreadable action of the cow game: actions read like 'draw 2', "
         "'build Mimosa (hand 1) at row 1 slot 1', 'take Farol from Celeiro 1', 'end turn'",
         lambda _: walk(lambda g: g.phase == MAIN and "dance a jig")),
    # ---------------------------------------------------------- the shared base (ovnilab/core/)
    Case("core: a finished game", "the game is over", lambda _: walk(lambda g: None if not g.over else DRAW)),
    Case("core: a text on a finished game", "the game is over", lambda _: walk(lambda g: g.over and "end turn" or None)),
    Case("core: an overlong text",
         f"an action text has at most {MAX_ACTION_TEXT} characters, this one has {MAX_ACTION_TEXT + 1}",
         lambda _: (cows.new_game(seed=1), "d" * (MAX_ACTION_TEXT + 1))),
    Case("core: an empty text", "the action text is empty", lambda _: (cows.new_game(seed=1), "  \t ")),
    Case("core: an ambiguous beginning", lambda g, a: ambiguous(g, "flip"),
        lambda _: walk(lambda g: g.phase == MAIN and len(g.hand[g.turn]) >= 2 and "flip")),
    Case("core: a field no rule gives (a float)", "field 1 of this Action is not a short text, a small whole "
         "number or a tuple of them (got a float): no rule gives such an action",
         lambda _: (cows.new_game(seed=1), Action("flip", 1.0, "Mimosa"))),
    Case("core: a field no rule gives (a huge number)", "field 3 of this Action is not a short text, a small whole "
         "number or a tuple of them (got a int): no rule gives such an action",
         lambda _: (cows.new_game(seed=1), Action("build", 1, "Mimosa", 2 ** 80))),
    Case("core: a malformed Action is shown by its fields",
         "malformed cows action ('build', 1, 'Mimosa', 9, None): the pyramid has rows 1-3 (1, 2 and 3 slots)",
         lambda _: walk(lambda g: can_build(g) and hand_face(g) == "Mimosa" and Action("build", 1, "Mimosa", 9))),
]


def refuse(g, action, words: str) -> IllegalAction:
    """``action`` is refused with ``words`` as (the end of) its rule, and the game is as it
    was: its save, its position, its legal actions."""
    before = (g.to_json(), g._fingerprint(), [str(a) for a in g.legal_actions()])
    with pytest.raises(IllegalAction, match=re.escape(words)) as refused:
        g.apply(action)
    rule = refused.value.rule
    assert rule == words or rule.endswith(": " + words) or rule.startswith(words), (rule, words)
    assert (g.to_json(), g._fingerprint(), [str(a) for a in g.legal_actions()]) == before
    return refused.value


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule_and_changes_nothing(case, tmp_path):
    """The action of each case is refused with the words of the rule it breaks."""
    g, action = case.find(tmp_path)
    if isinstance(action, Action):
        assert not g.is_legal(action), action
    words = case.words(g, action) if callable(case.words) else case.words
    refuse(g, action, words)


def test_a_refusal_on_the_game_over_leaves_the_log_as_it_was():
    """A finished game refuses every action, legal-looking or not, and keeps its log."""
    g, _ = walk(lambda g: g.over or None)
    n = len(g.log)
    for a in (DRAW, END, Action("build", 1, "Mimosa", 0), "draw 2"):
        refuse(g, a, "the game is over")
    assert len(g.log) == n


def test_nothing_to_undo_is_refused():
    """``undo`` on a game with no action says so, and the game is as it was."""
    g = cows.new_game(seed=3)
    before = (g.to_json(), g._fingerprint())
    with pytest.raises(IllegalAction, match="there is no action to undo"):
        g.undo()
    assert (g.to_json(), g._fingerprint()) == before


# ---------------------------------------------------------------------------------------
# Completeness: every sentence of _explain_illegal is checked by a case
# ---------------------------------------------------------------------------------------
#: branches of State._explain_illegal that no public action reaches (not counted):
UNREACHABLE = {
    # _explain_illegal, `if k == "draw"`, the last line: a draw in the main phase with
    # cards in the deck and room in the hand is legal (_main_actions lists it), and in
    # every other phase an earlier branch answers. The sentence itself is reached by an
    # unknown kind ("unknown kind" above), so it stays counted there.
    # _explain_illegal, `if s in (1, 2)`: a row-2 slot is open as soon as row 1 holds its
    # card (open_slots), so a build there that passed every earlier check is legal.
    # _explain_illegal, the last line of the function: every kind of _FIELDS has its
    # branch above it.
    "the turn is already over":
        # `if k == "end"` once the main action is done: the turn waits in AFTER, where
        # "end turn" is legal, or in KEEP or EFFECT, whose branches answer first
        "an end after the main action is legal (AFTER) or answered by the keep/effect branch",
}
# In core, three answers no cow-game action reaches: GameState._explain_illegal's and
# GameState._parse_action's defaults (the cow game overrides both), and GameState._explain's
# "not a well-formed ... action" (it answers only when _explain_illegal raises or says
# nothing, and the cow game's checks each field's type before using it as an index).


def test_the_branches_judged_unreachable_are_not_reached_by_play():
    """The draw, row-2 build and 'end' branches listed above (their mutants are listed as
    equivalent in tools/mutants_equivalent.toml): every illegal draw, end, and build of each
    hand card at each slot, in every position of random games under rule options that
    change the hand and the builds, gets another answer than those branches' words."""
    unreachable = {"the turn is already over", "not a legal action in this position"}
    options = [{}, {"build_during_draw": True}, {"hand_limit": 2}, {"hand_limit": 5, "support": "both"},
               {"build_during_draw": True, "hand_limit": 1}]
    tried = 0
    for seed in range(300):
        g = cows.new_game(seed=seed, discard_areas=1 + seed % 2, rules=T(**options[seed % len(options)]))
        rng = random.Random(seed)
        while not g.is_over():
            hand = g.hand[g.current_player]
            actions = [DRAW, END] + [Action("build", i + 1, face(g, c), s) for i, c in enumerate(hand) for s in range(6)]
            for a in actions:
                if not g.is_legal(a):
                    tried += 1
                    assert g._explain_illegal(a) not in unreachable, (seed, g.phase, a)
            g.apply(rng.choice(g.legal_actions()))
    assert tried > 10_000


def _patterns(node: ast.AST) -> list[str]:
    """Regexes for the words an expression gives: a text as is, an f-string with any
    words in place of its values; conditionals part by part."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.escape(node.value)]
    if isinstance(node, ast.JoinedStr):
        return ["".join(re.escape(v.value) if isinstance(v, ast.Constant) else ".+?" for v in node.values)]
    if isinstance(node, ast.IfExp):
        return _patterns(node.body) + _patterns(node.orelse)
    template = _template(node)
    if template is not None:  # a template: any words in place of each {name}
        return [".+?".join(re.escape(part) for part in re.split(r"\{\w+\}", template))]
    return []


def _template(node: ast.AST) -> str | None:
    """The English template of ``N_("...")`` or ``N_("...").format(...)`` (a sentence the
    catalog translates, issue 33); None for any other expression."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args \
            and isinstance(node.args[0], ast.Constant):
        return node.args[0].value
    return None


def _engine_sentences() -> dict[str, str]:
    """What ``_explain_illegal`` can answer (its returns, and the texts it builds them
    from) and the first argument of every ``IllegalAction(...)`` of the engine's file:
    readable key -> regex."""
    tree = ast.parse(Path(ovnilab.cows.rules.actions.__file__).read_text(encoding="utf-8"))
    out: dict[str, str] = {}

    def add(node: ast.AST) -> None:
        key = node.value if isinstance(node, ast.Constant) else _template(node) or ast.unparse(node)
        for p in _patterns(node):
            out[key if not isinstance(node, ast.IfExp) else p] = p

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "_explain_illegal":
            for sub in ast.walk(node):
                if isinstance(sub, ast.Return) and sub.value is not None:
                    add(sub.value)
                elif isinstance(sub, ast.Assign) and isinstance(sub.value, (ast.IfExp, ast.JoinedStr)):
                    add(sub.value)  # `has = ...`: words a return is built from
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction" and node.args:
            add(node.args[0])
    return out


def _words_of_cases() -> list[str]:
    """The words each case checks (those given by a function of the position are
    computed on the position itself)."""
    out = []
    for c in CASES:
        if callable(c.words):
            g, a = c.find(None)
            out.append(c.words(g, a))
        else:
            out.append(c.words)
    return out


@pytest.mark.skipif("MUTANT_UNDER_TEST" in os.environ,
                    reason="mutmut rewrites the engine's sources into another layout")
def test_every_sentence_of_the_engine_is_checked_by_a_case():
    """Each reason ``_explain_illegal`` and the grammar give is the words of a case."""
    sentences = _engine_sentences()
    assert len(sentences) >= 35, sorted(sentences)  # the parse found what it looks for
    assert all(k in sentences for k in UNREACHABLE), "a branch judged unreachable left the engine: update the list"
    words = _words_of_cases()
    missing = [k for k, p in sentences.items() if k not in UNREACHABLE and not any(re.search(p, w) for w in words)]
    assert not missing, f"engine sentences no case checks: {missing}"
