"""Actions: the :class:`Action` a player chooses, its text, and reading a text back.

``str(action)`` is the text of the log and of saves; ``_parse_action`` reads it back
(the grammar is ``_RE``, with colours, planets, aliens and cards made canonical),
``_explain_illegal`` says which rule an illegal action breaks (``_WAITS``: what each
task waits for) and ``describe`` words an action for a viewer's log without naming what
that viewer may not see. The fixed actions (:data:`PASS`, :data:`DONE`, ...) and ``_A``
(interned actions) serve the modules that list legal actions.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ...core import IllegalAction, action_repr, fold_text
from ...i18n import N_
from ..aliens import POWERS


class Action(NamedTuple):
    """One decision. ``str()`` gives the text :meth:`State.parse_action` reads back.

    kinds: alien, regroup, again, home, reestablish, defender, aim, ship, done, invite,
    join, select, play, flare, power, choose, pass, reinforce, propose, accept, reject,
    give, discard, reward, place, lose, second, end_turn.
    """

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def __repr__(self) -> str:
        return action_repr(self)  # <Action 'pass'>: the text (ovnilab.core)

    def __str__(self) -> str:  # noqa: C901 - one line per kind
        k, a, b, c = self
        if k == "pass":
            return "pass"
        if k == "ship":
            return f"ship from {a}"
        if k == "done":
            return "done"
        if k == "select":
            return f"select {a} from hoard" if b else f"select {a}"
        if k == "place":
            return f"place ship on {a}"
        if k == "lose":
            return f"lose ship from {a}"
        if k == "regroup":
            return f"regroup to {a}"
        if k == "aim":
            return f"aim at {a}"
        if k == "invite":
            return "invite " + ("+".join(a) if a else "nobody")
        if k == "join":
            return f"join {a}" if a else "decline"
        if k == "play":
            return f"play {a}" + (f" on {b}" if b else "") + (" from hoard" if c else "")
        if k == "flare":
            return f"play {a} flare ({b})" + (f": {c}" if c else "")
        if k == "power":
            return f"use {a} power" + (f": {b}" if b else "")
        if k == "choose":
            return f"{a}: {b}"
        if k == "reinforce":
            return f"reinforce {b} with {a}" + (" from hoard" if c else "")
        if k == "propose":
            (oc, on, op), (dc, dn, dp) = a, b
            # c: (zombie, owner) when the Zombie frees the owner's ships from the warp
            return (f"propose: {oc} gives {on} card{'s' if on != 1 else ''}, "
                    f"{dc} gives {dn} card{'s' if dn != 1 else ''}, "
                    f"{oc} lands {'on ' + op if op else 'nowhere'}, "
                    f"{dc} lands {'on ' + dp if dp else 'nowhere'}"
                    + (f", {c[0]} frees {c[1]}'s ships from the warp" if c else ""))
        if k == "give":
            return f"give {a}"
        if k == "discard":
            return f"discard {a}"
        if k == "accept":
            return "accept deal"
        if k == "reject":
            return "reject deal"
        if k == "reward":
            return f"reward {a} card{'s' if a != 1 else ''} and {b} ship{'s' if b != 1 else ''}"
        if k == "second":
            return "have a second encounter"
        if k == "end_turn":
            return "end turn"
        if k == "again":
            return "draw again"
        if k == "home":
            return f"encounter {a} at home"
        if k == "reestablish":
            return f"reestablish {a}"
        if k == "defender":
            return f"choose defender {a}"
        if k == "alien":
            return f"choose alien {a}"
        return f"{k} {a} {b} {c}"


PASS = Action("pass")
DONE = Action("done")
ACCEPT = Action("accept")
REJECT = Action("reject")
AGAIN = Action("again")
SECOND = Action("second")
END_TURN = Action("end_turn")
DECLINE = Action("join", None)
JOIN = (Action("join", "offense"), Action("join", "defense"))

_INTERN: dict[Action, Action] = {}


def _A(kind: str, a: Any = None, b: Any = None, c: Any = None) -> Action:
    """An interned action (equal actions are one object: cheap hashing and comparing)."""
    key = (kind, a, b, c)
    y = _INTERN.get(key)
    if y is None:
        if len(_INTERN) > 200_000:
            _INTERN.clear()
        y = _INTERN[key] = tuple.__new__(Action, key)
    return y


class ActionTextMixin:
    """State's methods that read and word actions (reading a text, explaining a refusal,
    the log's wording)."""

    # ================================================================ reading actions
    # The grammar of Cosmic Encounter's actions (keywords in any case; colours, planets,
    # aliens and card names are made canonical by _colour, _planet, _alien and _card).
    _FIXED = {
        "pass": PASS, "done": DONE, "accept deal": ACCEPT, "reject deal": REJECT,
        "draw again": AGAIN, "have a second encounter": SECOND, "end turn": END_TURN,
        "decline": DECLINE, "join offense": JOIN[0], "join defense": JOIN[1],
    }
    _PL = r"(\w+ \d+)"
    _COLOURS = r"(\w+(?: ?\+ ?\w+)*)"  # one colour or several joined by "+"
    # an alien's name is one word or two joined by a hyphen (Anti-Matter, Tick-Tock)
    _RE = [(re.compile(rx, re.IGNORECASE), kind) for rx, kind in [
        (r"^choose alien ([\w-]+)$", "alien"),
        (r"^regroup to " + _PL + "$", "regroup"),
        (r"^place ship on " + _PL + "$", "place"),
        (r"^lose ship from " + _PL + "$", "lose"),
        (r"^ship from (the warp|\w+ \d+)$", "ship"),
        (r"^aim at " + _PL + "$", "aim"),
        (r"^encounter (\w+) at home$", "home"),
        (r"^reestablish " + _PL + "$", "reestablish"),
        (r"^choose defender (\w+)$", "defender"),
        (r"^invite (nobody|\w+(?: ?\+ ?\w+)*)$", "invite"),
        (r"^select (.+?)( from hoard)?$", "select"),
        (r"^play ([\w-]+) flare \((wild|super)\)(?:: (.+))?$", "flare"),
        (r"^play (.+?)(?: on " + _COLOURS + ")?( from hoard)?$", "play"),
        (r"^use ([\w-]+) power(?:: (.+))?$", "power"),
        (r"^reinforce (offense|defense) with (.+?)( from hoard)?$", "reinforce"),
        (r"^reward (\d+) cards? and (\d+) ships?$", "reward"),
        (r"^give (.+)$", "give"),
        (r"^discard (.+)$", "discard"),
        (r"^propose: (\w+) gives (\d+) cards?, (\w+) gives (\d+) cards?, "
         r"\w+ lands (?:on (\w+ \d+)|nowhere), \w+ lands (?:on (\w+ \d+)|nowhere)"
         r"(?:, (\w+) frees (\w+)'s ships from the warp)?$", "propose"),
        (r"^([\w-]+): (.+)$", "choose"),
    ]]

    def _named(self, text: str, names: Any, what: str) -> str:
        """``text`` as one of ``names`` (a name matches in any case, without accents);
        :class:`IllegalAction` listing the names if none does."""
        if text in names:
            return text
        key = fold_text(text)
        for n in names:
            if fold_text(n) == key:
                return n
        shown = list(names)
        name = repr(text)
        if len(shown) > 12:  # too many to list (the cards)
            raise IllegalAction(N_("unknown card {text}").format(text=name) if what == "card"
                                else N_("unknown alien {text}").format(text=name))
        if what == "colour":
            raise IllegalAction(N_("unknown colour {text}; colours are {shown}").format(text=name, shown=shown))
        if what == "alien":
            raise IllegalAction(N_("unknown alien {text}; aliens are {shown}").format(text=name, shown=shown))
        raise IllegalAction(N_("unknown card {text}; cards are {shown}").format(text=name, shown=shown))

    def _colour(self, text: str) -> str:
        return self._named(text, self.g.colours, "colour")

    def _colours(self, text: str) -> tuple[str, ...]:
        cols = {self._colour(c) for c in text.replace(" ", "").split("+")}
        return tuple(sorted(cols, key=lambda c: self.cindex.get(c, 99)))

    def _planet(self, text: str) -> str:
        colour, number = text.rsplit(" ", 1)
        name = f"{self._colour(colour)} {int(number)}"
        if name not in self.pindex:
            # the unknown thing, named: a colour not in this game, or a number past 5
            raise IllegalAction(N_("no planet {name}: this game's planets are {colours} 1 to {last}").format(
                name=name, colours=", ".join(self.colours), last=len(self.pname) // self.n))
        return name

    def _alien(self, text: str) -> str:
        return self._named(text, self.g.aliens, "alien")

    def _card(self, text: str) -> str:
        """A card's face name: "attack 8" is "attack 08", "reinforcement 3" is
        "reinforcement +3", and names match in any case."""
        m = re.match(r"^attack (\d+)$", text, re.IGNORECASE)
        if m:
            text = f"attack {int(m.group(1)):02d}"
        m = re.match(r"^reinforcement ?\+? ?(\d+)$", text, re.IGNORECASE)
        if m:
            text = f"reinforcement +{int(m.group(1))}"
        return self._named(text, self.g.face_index, "card")

    def _parse_action(self, text: str) -> Action:  # noqa: C901 - one branch per kind
        """Cosmic Encounter's grammar (see :meth:`GameState.parse_action` for what is
        forgiven)."""
        fixed = self._FIXED.get(text.lower())
        if fixed is not None:
            return fixed
        for rx, kind in self._RE:
            m = rx.match(text)
            if not m:
                continue
            g = m.groups()
            if kind in ("regroup", "place", "lose", "ship", "aim", "reestablish"):
                return _A(kind, "the warp" if g[0].lower() == "the warp" else self._planet(g[0]))
            if kind == "alien":
                return _A(kind, self._alien(g[0]))
            if kind in ("home", "defender"):
                return _A(kind, self._colour(g[0]))
            if kind == "invite":
                return _A("invite", () if g[0].lower() == "nobody" else self._colours(g[0]))
            if kind == "select":
                return _A("select", self._card(g[0]), bool(g[1]))
            if kind == "flare":
                return _A("flare", self._alien(g[0]), g[1].lower(), g[2])
            if kind == "play":
                tgt = "+".join(self._colours(g[1])) if g[1] else None
                return _A("play", self._card(g[0]), tgt, "hoard" if g[2] else None)
            if kind == "power":
                return _A("power", self._alien(g[0]), g[1])
            if kind == "reinforce":
                return _A("reinforce", self._card(g[1]), g[0].lower(), "hoard" if g[2] else None)
            if kind == "reward":
                return _A("reward", int(g[0]), int(g[1]))
            if kind in ("give", "discard"):
                return _A(kind, self._card(g[0]))
            if kind == "propose":
                return _A("propose", (self._colour(g[0]), int(g[1]), g[4] and self._planet(g[4])),
                          (self._colour(g[2]), int(g[3]), g[5] and self._planet(g[5])),
                          g[6] and (self._colour(g[6]), self._colour(g[7])))
            if kind == "choose":
                return _A("choose", self._alien(g[0]), g[1])
        raise IllegalAction(N_("unreadable Cosmic Encounter action: actions read like 'select attack 08', "
                               "'ship from red 1', 'invite blue+green', 'pass'"))

    # ================================================================ explanations
    _WAITS = {
        "alien": ("alien", N_("choose one of the two aliens dealt to you")),
        "regroup": ("regroup", N_("regroup: the ship from the warp goes to one of your colonies")),
        "place": ("place", N_("ships leaving the warp go to one of your colonies")),
        "lose": ("lose", N_("the lost ships come from your colonies")),
        "own": ("again home reestablish", N_("your own colour: draw again, attack a foreign colony in "
                                               "your system, or re-establish an empty home planet")),
        "wild": ("defender", N_("wild destiny: choose another player as the defender")),
        "aim": ("aim", N_("aim the hyperspace gate at a planet of the defender's system")),
        "ships": ("ship done", N_("ships come from your colonies, 1 to {most} ({last})")),
        "invite": ("invite", N_("invite allies among the players who are not main players")),
        "answer": ("join", N_("join a side that invited you (with 1 to {most} ships) or decline")),
        "select": ("select", N_("select an encounter card (attack, negotiate or morph) from your hand")),
        "window": ("pass play flare power", N_("play a card or power whose timing is now, or pass")),
        "reinforce": ("pass reinforce", N_("reinforcements add to your own side after an attack is revealed")),
        "zap": ("pass play flare", N_("a Card Zap (or Filch's wild flare) may answer the flare or artifact just "
                                    "played; a Cosmic Zap may answer the power just used")),
        "deal": ("propose accept reject", N_("deal: propose, accept, reject or counter")),
        "plague": ("discard", N_("Plague: discard one card of each type you hold (attack, negotiate, morph, "
                                 "reinforcement, artifact, flare)")),
        "give": ("give", N_("an accepted deal: choose the cards you give, one at a time, from your hand")),
        "reward": ("reward", N_("a defensive reward is one card or one ship from the warp per ship sent")),
        "second": ("second end_turn", N_("after a win or a deal the offense may have a second encounter")),
        "power": ("choose", N_("the power asks for one of its listed choices")),
    }

    def _explain_illegal(self, a: Any) -> str:  # noqa: C901 - one branch per rule
        if not isinstance(a, Action):
            return N_("not a Cosmic Encounter action")
        if not self.tasks:
            return N_("nobody is to act")
        task = self.tasks[0]  # not `t`: `make i18n` extracts t() (the class page's) and misreads a `t`
        kinds, rule = self._WAITS[task[0]]
        if task[0] in ("ships", "answer"):  # the numbers in force (Rules.max_ships, powers, flares)
            rule = rule.format(most=task[5] if task[0] == "ships" else self._max_ships(task[1]),
                               last=N_("the last ship of a colony loses it") if self.rules.may_abandon_colonies
                               else N_("a colony keeps one ship"))
        who = self.colours[self.actor] if 0 <= self.actor < self.n else "nobody"
        if a.kind not in kinds.split():
            return N_("the game waits for {who}: {rule}").format(who=who, rule=rule)
        k = task[0]
        if k == "ships" and a.kind == "ship":
            if a.a == "the warp":
                return N_("ships come from your colonies (one from the warp only after Observer's super flare, "
                          "to launch or ally)")
            p = self.pindex.get(a.a, -1)
            if p < 0:
                return N_("unknown planet")
            if not self.colony(task[1], p):
                return N_("ships come from your own colonies")
            if p == task[6]:  # re-establishing a home planet, placing a deal's colony
                return N_("the ships go to {planet}: they come from your other colonies").format(planet=a.a)
            if task[3] >= task[5]:
                return N_("at most {n} ships").format(n=task[5])
            return N_("a colony keeps at least one ship (Rules(may_abandon_colonies=False))")
        if k == "ships" and a.kind == "done":
            return N_("send at least one ship")
        if k == "select":
            return N_("select an encounter card you hold (attack, negotiate or morph; flares and "
                      "artifacts are not encounter cards)")
        if k == "answer":
            return N_("only players the offense (or the defense) invited may join its side")
        if k == "invite":
            return N_("the offense cannot invite the defense, nor the defense the offense")
        if a.kind == "play" and a.a == "Cosmic Zap" and k in ("window", "zap"):
            # REFERENCE: Cosmic Zap cancels one use of a power
            return N_("Cosmic Zap is played on a power being used (in answer to its use), or in a window "
                      "on a power that acts by itself and takes effect there, of a player it lets act now")
        if k == "window":
            if a.kind == "play" and a.a in self.g.artifacts:
                info = self.g.artifacts[a.a]
                return N_("{card} is played at {timing} by {player} player (artifacts.toml), and you must hold it").format(
                    card=a.a, timing=info.timing, player=info.who)
            if a.kind == "flare":
                return N_("flares: one per player per encounter, each once, at its timing; the Super side "
                          "only for the alien's owner with its power")
            if a.kind == "power":
                return N_("a power works only for its alien, at its timing and role, with three home "
                          "colonies, once per encounter")
        if k == "reinforce":
            return N_("reinforcements are played from your hand onto your own side")
        if k == "deal":
            if a.kind == "accept":
                return N_("there is no proposal to accept")
            if a.kind == "propose" and self.deal_offer is not None and task[2] >= self.rules.deal_rounds:
                return N_("no more counters: at most {n} proposals").format(n=self.rules.deal_rounds)
            most = self.rules.deal_max_cards
            if most < len(self.cards_in_game):
                return N_("a proposal moves at least one card or colony; cards from hands (at most {most}), colonies "
                          "on planets where the granting side has one").format(most=most)
            return N_("a proposal moves at least one card or colony; cards from hands, colonies on planets where the "
                      "granting side has one")
        if k == "reward":
            return N_("reward one card or one ship from the warp per ship sent (ships only from your warp)")
        return rule

    def describe(self, action: Action, viewer: int | None = None, actor: int | None = None) -> str:
        """``action`` as ``viewer`` may read it in a log. ``viewer=None`` is the public log
        (any onlooker: how :class:`ovnilab.board.GameBoard`, the cosmic widget and
        :func:`ovnilab.cosmic.render.public_action_text` call it); ``viewer=seat`` reads
        its own actions (``actor == viewer``) in full. Anybody else never reads a hidden
        name: a selection reads "select an encounter card", an alien choice "choose an
        alien", and the cards a power's choice names (Barbarian's loot, Hacker's
        compensation, ...) read "a card", but Chosen's (drawn face up). An unknown
        ``actor`` (None) is masked."""
        if viewer is not None and viewer == actor:
            return str(action)
        k = action.kind
        if k == "select":
            return "select an encounter card" + (" from the hoard" if action.b else "")
        if k == "alien":
            return "choose an alien"
        if k == "give":
            return "give a card"
        # a power's choices naming face-up cards only (Chosen's draws, ...) read in full
        if k == "choose" and not getattr(POWERS.get(action.a), "public_choices", False):
            text = str(action)
            for name in self.t.names_longest_first:
                if name in text:
                    text = text.replace(name, "a card")
            return text
        return str(action)
