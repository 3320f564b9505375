"""Hidden information: what each seat may see and what everybody knows.

``observation(seat)`` is a seat's view; the records of cards every player saw go into a
hand (``shown``) and of flares known to be in the game (``flares_public``,
``flares_seen``) keep what is public; ``determinize(seat, rng)`` deals everything the
seat cannot see again, canonically, for search bots.

A save (``to_json()``) holds the seed and every action: it replays the game, so whoever
has it can rebuild every hand. To share a game in progress, ``to_json(viewer=seat)``
writes that seat's *public record* instead: the rule options (no seed), the log as that
seat may read it (:meth:`~.actions.ActionTextMixin.describe`: its own actions in full,
the others' hidden choices masked) and what it sees now (its observation).
:func:`load_public_record` reads it back, validated, as a :class:`PublicRecord`: a record
to read, print or analyse, not a game to play on (the hidden draws and hands it leaves
out cannot be replayed).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ...core import (MAX_ACTION_CHARS, SaveFormatError, read_json_object, rules_from_dict, saved_choice,
                     short_repr)
from ..aliens import POWERS
from ..data import FLARE
from .components import DEF, OFF, SIDE_NAMES, SPECIAL, WILD

#: the ``record`` field of a public record (what tells it from a save)
PUBLIC_RECORD = "cosmic public record"
_RECORD_FIELDS = ("record", "format", "game", "viewer", "options", "colours", "log", "observation")


@dataclass(frozen=True)
class PublicRecord:
    """A Cosmic Encounter game as one seat has seen it (:func:`load_public_record`).

    ``viewer`` is the seat, ``options`` the game's options (players, rule options; never
    the seed), ``log`` the actions so far as ``(seat, text)`` in the viewer's wording, and
    ``observation`` what the viewer saw when the record was written
    (:meth:`State.observation`). It cannot be replayed into a game: the cards drawn and
    the other hands are not in it."""

    viewer: int
    options: dict[str, Any]
    colours: tuple[str, ...]
    log: tuple[tuple[int, str], ...]
    observation: dict[str, Any]

    def lines(self) -> list[str]:
        """The log as numbered lines, each naming the seat's colour."""
        col = self.colours
        return [f"{i + 1:>4}. {col[s] if 0 <= s < len(col) else '-'}: {text}" for i, (s, text) in enumerate(self.log)]


def load_public_record(text: str | bytes) -> PublicRecord:
    """Read a public record written by ``State.to_json(viewer=seat)``, checking every
    field (a :class:`~ovnilab.core.SaveFormatError` names the one that is wrong)."""
    from .state import Rules  # the rule options' checks (state imports this module)

    data = read_json_object(text, "a public record", "a public record")
    if data.get("record") != PUBLIC_RECORD:
        raise SaveFormatError(f"field 'record' must be {PUBLIC_RECORD!r} (a save of a whole game loads with "
                              f"cosmic.load_json), got {short_repr(data.get('record'))}", "record")
    for key in _RECORD_FIELDS:
        if key not in data:
            raise SaveFormatError(f"field {key!r} is missing", key)
    unknown = sorted(set(data) - set(_RECORD_FIELDS))
    if unknown:
        raise SaveFormatError(f"field {short_repr(unknown[0])} is not a field of a public record", unknown[0])
    if type(data["format"]) is not int or data["format"] != 1:
        raise SaveFormatError(f"field 'format': unknown version {short_repr(data['format'])}", "format")
    if data["game"] != "cosmic":
        raise SaveFormatError(f"field 'game': a record of {short_repr(data['game'])}, not of 'cosmic'", "game")
    options = data["options"]
    if not isinstance(options, dict):
        raise SaveFormatError("options must be an object", "options")
    extra = sorted(set(options) - {"num_players", "rules", "aliens"})
    if extra:
        raise SaveFormatError(f"options.{extra[0][:60]} is not a Cosmic Encounter option", f"options.{extra[0][:60]}")
    n = saved_choice(options, "num_players", (3, 4, 5))
    rules_from_dict(Rules, options.get("rules", {}))
    viewer = data["viewer"]
    if type(viewer) is not int or not 0 <= viewer < n:
        raise SaveFormatError(f"field 'viewer' must be a seat 0..{n - 1}, got {short_repr(viewer)}", "viewer")
    colours = data["colours"]
    if not (isinstance(colours, list) and len(colours) == n and all(isinstance(c, str) for c in colours)):
        raise SaveFormatError(f"field 'colours' must list {n} colour names, got {short_repr(colours)}", "colours")
    log = data["log"]
    if not isinstance(log, list):
        raise SaveFormatError("field 'log' must be a list", "log")
    entries = []
    for i, e in enumerate(log):
        where = f"log[{i}]"
        if not (isinstance(e, list) and len(e) == 2 and type(e[0]) is int and -1 <= e[0] < n
                and isinstance(e[1], str)):
            raise SaveFormatError(f"{where} must be [seat, text] with a seat -1..{n - 1}, got {short_repr(e)}", where)
        if len(e[1]) > MAX_ACTION_CHARS:
            raise SaveFormatError(f"{where} is longer than {MAX_ACTION_CHARS} characters", where)
        entries.append((e[0], e[1]))
    obs = data["observation"]
    if not isinstance(obs, dict) or obs.get("seat") != viewer:
        raise SaveFormatError(f"field 'observation' must be the viewer's observation (seat {viewer})", "observation")
    return PublicRecord(viewer, options, tuple(colours), tuple(entries), obs)

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .state import State


class HiddenInfoMixin:
    """State's observation, public knowledge of hidden cards, and determinization."""

    # ================================================================ public record
    def to_json(self, indent: int | None = None, viewer: int | None = None) -> str:
        """The saved game (``viewer=None``: options, seed and the action log; it replays,
        so it reveals every hand), or ``seat``'s public record (``viewer=seat``): the
        options without the seed, the log as that seat may read it and what it sees now.
        See :func:`load_public_record` for what a record can and cannot do."""
        if viewer is None:
            return super().to_json(indent)  # type: ignore[misc]
        if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < self.n:
            raise ValueError(f"viewer must be a seat 0..{self.n - 1} (or None for the save), got {viewer!r}")
        # apply appends to the log and its actors together (and mark_arranged empties both)
        log = [[seat, self.describe(a, viewer, seat)] for seat, a in zip(self.actors, self.log, strict=True)]
        return json.dumps({"record": PUBLIC_RECORD, "format": 1, "game": self.game_name, "viewer": viewer,
                           "options": self.options,
                           "colours": list(self.colours), "log": log, "observation": self.observation(viewer)},
                          indent=indent, ensure_ascii=False)

    # ================================================================ observation
    def selected_by(self, side: int) -> int:
        """The main player who selected the encounter card now on ``side``: its own, or
        the opponent after a Sorcerer swapped the cards (face down, both cards change
        sides, and each player still knows only the card it selected)."""
        return self.main(1 - side) if ("swapped",) in self.eflags else self.main(side)

    def card_visible(self, side: int, viewer: int) -> bool:
        """Whether ``viewer`` may see the encounter card of ``side``: once revealed (but a
        card its Gambler keeps face down, :attr:`claim`), or it selected that card, or the
        card was selected face up (Oracle's opponent)."""
        cl = self.claim
        if cl is not None and cl[0] == side:
            # Gambler: the card stays face down after the reveal while its player claims
            # what it is, and after the claim is accepted
            return self.selected_by(side) == viewer
        if self.revealed:
            return True
        who = self.selected_by(side)
        return who == viewer or self.face_up == who

    def shown_hands(self, seat: int) -> list[int]:
        """The other seats whose hand ``seat`` may look at now: Will's super flare (for
        the encounter), Barbarian looting the loser's hand (rulebook: it looks at the
        hand) and Hacker choosing compensation (it chooses which cards, so it sees the
        hands it may take from) while that decision is pending."""
        out = {k[2] for k in self.eflags if k[0] == "peek" and k[1] == seat}
        for t in self.tasks:
            if t[0] == "power" and t[1] == seat:
                if t[2] == "Barbarian" and t[3][0] == "loot":
                    out.add(t[3][1])
                elif t[2] == "Hacker" and t[3][0] == "take":
                    out.update(o for o in range(self.n) if ("flag", o, "no_compensation") not in self.eflags)
        out.discard(seat)
        return sorted(out)

    def destiny_seen(self, seat: int) -> bool:
        """Whether ``seat`` looks through the remaining destiny deck now: it is choosing
        the destiny card (Dictator, the hook ``destiny_control``: a pending power choice
        tagged ``"destiny_pick"``)."""
        t = self.tasks[0] if self.tasks else None
        return (t is not None and t[0] == "power" and t[1] == seat and isinstance(t[3], tuple) and bool(t[3])
                and t[3][0] == "destiny_pick")

    def _destiny_chosen_in_game(self) -> bool:
        """Whether a power or a flare of this game may choose destiny cards (the hook
        ``destiny_control``)."""
        for a in set(self.flare_aliens) | {a for a in self.alien if a}:
            P = POWERS.get(a)
            if P is not None and any("destiny_control" in x.hooks for x in (P, P.wild, P.super) if x is not None):
                return True
        return False

    def destiny_names(self, codes: Sequence[int]) -> list[str]:
        """Destiny cards by name (a colour, "wild", a special card's name), sorted as the
        deck's codes (colours by seat, wild, the specials)."""
        n, col = self.n, self.colours
        return [col[c] if c < n else "wild" if c == WILD else self.g.specials[c - SPECIAL].name
                for c in sorted(codes)]

    def _note_flares(self, seat: int, cards: Sequence[int]) -> None:
        """Remember the flares among ``cards`` as known to be in the game, by ``seat``
        (it drew them or was shown them) or by everybody (``seat=-1``)."""
        fk = self.t.kind
        new = frozenset(c for c in cards if fk[c] == FLARE)
        if seat < 0:
            if not new <= self.flares_public:
                self.flares_public = self.flares_public | new
        elif not new <= self.flares_seen[seat]:
            seen = list(self.flares_seen)
            seen[seat] = seen[seat] | new
            self.flares_seen = tuple(seen)

    def _note_shown(self, card: int, seat: int) -> None:
        """Every player saw ``card`` go into (or stay in) ``seat``'s hand."""
        self.shown = tuple(x for x in self.shown if x[0] != card) + ((card, seat),)
        self._note_flares(-1, (card,))

    def _forget_shown(self, *seats: int) -> None:
        """Cards left the hands of ``seats`` unseen (given at random, taken by a power's
        private choice, shuffled together): what everybody knew of those hands no longer
        holds, whichever cards moved."""
        if self.shown:
            self.shown = tuple(x for x in self.shown if x[1] not in seats)
        if self.known:
            self.known = tuple(x for x in self.known if x[2] not in seats)

    def _note_known(self, viewer: int, cards: Sequence[int], holder: int) -> None:
        """``viewer`` alone (with ``holder``) saw ``cards`` go into or sit in ``holder``'s
        hand (Philanthropist's gift, Mind's look)."""
        if viewer == holder or not cards:
            return
        old = {x for x in self.known if x[0] == viewer}
        self.known = self.known + tuple((viewer, c, holder) for c in cards if (viewer, c, holder) not in old)
        self._note_flares(viewer, cards)

    def private_pins(self, viewer: int) -> list[tuple[int, int]]:
        """``(holder, card)``: the cards ``viewer`` privately knows are in another hand now
        (:attr:`known`). Simplification: while the holder's selected encounter card is
        face down to the viewer, what the viewer knew of that hand is set aside (it
        cannot tell which card was selected) and counts again once the card is revealed;
        and any card leaving the hand unseen ends what it knew of that hand."""
        if not self.known:
            return []
        hidden = {self.selected_by(side) for side in (OFF, DEF)
                  if self.card[side] >= 0 and not self.card_visible(side, viewer)}
        return [(h, c) for v, c, h in self.known if v == viewer and h not in hidden and c in self.hands[h]]

    def _note_flare_play(self, t: tuple, a: Action) -> None:
        """A flare is played face up and stays in (after use returns to) its owner's
        hand (REFERENCE); Filch's wild flare, answering a play, takes the card just
        played into the Filch's hand in view of everybody."""
        fc = self.g.flare_card
        seat = self.actor
        if a.a in fc:
            self._note_shown(fc[a.a], seat)
        if a.a == "Filch" and t[0] == "zap" and len(self.tasks) > 1 and self.tasks[1][0] == "effect":
            eff = self.tasks[1]
            card = eff[3] if eff[2] == "artifact" else fc.get(eff[3], -1)
            if card >= 0:
                self._note_shown(card, seat)

    def _public_pins(self) -> list[tuple[int, int]]:
        """``(seat, card)``: cards every player knows to be in ``seat``'s hand (or Miser's
        hoard) now: the :attr:`shown` records that still hold, a flare being played (it
        stays where it was while its effect waits for a Card Zap) and the cards offered to
        the Vulch (the one under consideration and those refused stay in the giver's
        hand)."""
        hands, hoard, fc, nm = self.hands, self.hoard, self.g.flare_card, self.t.name
        out = [(o, c) for c, o in self.shown if c in hands[o] or c in hoard[o]]
        for t in self.tasks:
            if t[0] == "effect" and t[2] == "flare":
                c = fc.get(t[3], -1)
                if c in hands[t[1]] or c in hoard[t[1]]:
                    out.append((t[1], c))
            elif t[0] == "power" and t[2] == "Vulch" and t[3][0] in ("consider", "offer"):
                d = t[3]
                giver, names = (d[1], (d[2],) + tuple(d[3])) if d[0] == "consider" else (t[1], tuple(d[2]))
                for name in names:
                    c = next((c for c in hands[giver] if nm[c] == name), -1)
                    if c >= 0:
                        out.append((giver, c))
        return out

    def _aliens_public(self) -> bool:
        return not self.rules.powers or all(a is not None for a in self.alien)

    def known_flares(self, seat: int, shown: Sequence[int] | None = None) -> set[int]:
        """The flare cards ``seat`` knows are in the game: those of its alien offers and of
        the aliens it knows (rulebook: the dealt aliens' flares join the deck), flares
        played, drawn face up or reshuffled from the discard pile, flares it drew or was
        shown, and those it sees now (its hand and hoard, a hand it may look at, the
        discard pile, the table). Which other flares are in the deck is private (a
        flare's card is only seen when drawn)."""
        if not self.rules.flares:
            return set()
        fc = self.g.flare_card
        known = set(self.flares_public)
        known |= self.flares_seen[seat]
        known.update(c for c, _ in self.shown)
        public = self._aliens_public()
        known.update(fc[a] for a in self.offers[seat])
        known.update(fc[a] for o, a in enumerate(self.alien) if a is not None and (public or o == seat))
        seen = self.hands[seat] + self.hoard[seat] + self.discard + self.table
        for o in (self.shown_hands(seat) if shown is None else shown):
            seen += self.hands[o]
        seen += [c for _, c in self._public_pins()]
        # the flares in the game are few: look each one up in what the seat sees
        for c in self.cards_in_game[self.g.deck_size:]:
            if c not in known and c in seen:
                known.add(c)
        return known

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: everything public plus its own hand (and hoard); other
        hands only by size (but a hand it may look at now, :meth:`shown_hands`); deck order
        never; face-down encounter cards until revealed; other players' aliens once every
        alien is chosen; of the flares in the deck only those it knows of
        (:meth:`known_flares`); the cards it saw privately in other hands and still knows
        are there (``known_cards``, :meth:`private_pins`), and the hands Mind let it look
        at this encounter as they were then (``seen_hands``); the powers each seat uses
        (``powers``: an incarnation, a lent power)."""
        if not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        n, col, nm = self.n, self.colours, self.t.name
        chosen = self._aliens_public()
        planets = {}
        for p, name in enumerate(self.pname):
            planets[name] = {col[s]: self.ships[p * n + s] for s in range(n) if self.ships[p * n + s]}
        cards: dict[str, str | None] = {}
        for side in (OFF, DEF):
            c = self.card[side]
            if c < 0:
                cards[SIDE_NAMES[side]] = None
            elif self.card_visible(side, seat):
                cards[SIDE_NAMES[side]] = nm[c]
            else:
                cards[SIDE_NAMES[side]] = "face down"
        offer = None
        if self.deal_offer is not None:
            offer = str(self.deal_offer[1])
        d = self.destiny
        destiny = (None if d < 0 else col[d] if d < n else "wild" if d == WILD
                   else self.g.specials[d - SPECIAL].name)
        shown = self.shown_hands(seat)
        return {
            "seat": seat,
            "num_players": n,
            "colours": list(col),
            "turn": self.turn,
            "current_player": self.current_player,
            "phase": self.phase,
            "stage": self.stage,
            "offense": self.offense,
            "defender": self.defender,
            "encounter": self.enc_no,
            "destiny": destiny,
            "target": self.pname[self.target] if self.target >= 0 else None,
            "aliens": [a if (s == seat or chosen) else None for s, a in enumerate(self.alien)],
            "alien_offers": list(self.offers[seat]),
            # the powers each seat uses now (an incarnation beside its own, a lent power)
            "powers": [list(self.power_names(s)) if (s == seat or chosen) else [] for s in range(n)],
            "powers_active": [self._power_on(s) if chosen else False for s in range(n)],
            "planets": planets,
            "warp": list(self.warp),
            "gate": list(self.gate),
            "defensive_allies_ships": list(self.side),
            "allies": {"offense": [col[s] for s in self.allies[OFF]], "defense": [col[s] for s in self.allies[DEF]]},
            "invited": {"offense": [col[s] for s in self.inv[OFF]], "defense": [col[s] for s in self.inv[DEF]]},
            "foreign_colonies": self.scores(),
            "home_colonies": [self.home_colonies(s) for s in range(n)],
            "hand": self.hand_names(seat),
            "hand_sizes": [len(h) for h in self.hands],
            "hoard": sorted(nm[c] for c in self.hoard[seat]),
            "hoard_sizes": [len(h) for h in self.hoard],
            "deck_size": len(self.deck),
            "discard": [nm[c] for c in self.discard],
            "destiny_deck_size": len(self.ddeck),
            # the remaining destiny deck, to the seat choosing the card from it (Dictator)
            "destiny_deck": self.destiny_names(self.ddeck) if self.destiny_seen(seat) else None,
            "encounter_cards": cards,
            "table": [nm[c] for c in self.table],
            "reinforcements": list(self.reinf),
            "totals": list(self.totals) if self.revealed and not (self.claim and self.claim[1] is None) else None,
            # Gambler's claim: the side whose card is face down, what it says, whether accepted
            "claim": None if self.claim is None else {"side": SIDE_NAMES[self.claim[0]], "says": self.claim[1],
                                                      "accepted": self.claim[2]},
            "tokens": list(self.tokens),
            "removed": list(self.removed),
            "grudge_tokens": list(self.grudge),
            "citadels": {self.pname[p]: [nm[c] for c in cs] for p, cs in enumerate(self.citadels) if cs},
            "deal_offer": offer,
            "peeked_hands": {col[o]: self.hand_names(o) for o in shown},
            # cards seen privately in other hands (Philanthropist's gift, Mind's look), and
            # the hands Mind looked at this encounter as they were then
            "known_cards": self._known_names(seat),
            "seen_hands": {col[k[2]]: list(k[3]) for k in sorted(self.eflags, key=repr)
                           if k[0] == "saw" and k[1] == seat},
            "outcome": self.outcome,
            "flares_known": sorted(self.t.alien[c] for c in self.known_flares(seat, shown)),
            "game_over": self.over,
            "winners": self.winners(),
            "win_reason": self.win_reason,
        }

    def _known_names(self, seat: int) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for h, c in self.private_pins(seat):
            out.setdefault(self.colours[h], []).append(self.t.name[c])
        return {k: sorted(v) for k, v in sorted(out.items())}

    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state consistent with what ``seat`` has seen, for search bots.

        Dealt again at random, keeping every count: the cards ``seat`` cannot see (other
        hands but those it may look at, other hoards, the deck order, an opponent's
        face-down card, which stays an encounter card); during alien selection the other
        players' offers (and an alien already chosen, one of them), with the flares in the
        deck following the offers; afterwards the other players' discarded offers and the
        identity of each hidden flare whose alien ``seat`` cannot know is in the game
        (:meth:`known_flares`). Cards every player knows to be in a hand stay there
        (:meth:`_public_pins`); a record of :attr:`shown` is dropped as soon as cards
        leave that hand unseen (deals, compensation, powers' private choices). A main
        player still to select holds an encounter card (the planning step's check, made
        in view of all).

        Canonical: the hidden cards are pooled in a fixed order (by face, then id) before
        shuffling, so the result depends only on what ``seat`` sees and on ``rng`` (two
        positions ``seat`` cannot tell apart give the same sample). The sample is a new
        start: its log is empty (the true log holds face-down choices) and undo and
        history stop there (:meth:`GameState.mark_arranged`); future chance is reseeded
        from ``rng``.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0..{self.n - 1}, got {seat!r}")
        s = self.clone()
        T = s.t
        nm, ie = T.name, T.is_enc
        setup = s.rules.powers and bool(s.offers[seat]) and any(t[0] == "alien" for t in s.tasks)
        if setup:
            s._redeal_offers(seat, rng, setup=True)
        shown = s.shown_hands(seat)
        slots, sides = s.hidden_places(seat)
        sizes = [len(x) for x in slots]
        slot_of = {id(x): k for k, x in enumerate(slots)}
        public = s._public_pins()
        pins = sorted({(slot_of[id(pile)], nm[c]) for o, c in public
                       for pile in (s.hands[o] if c in s.hands[o] else s.hoard[o],) if id(pile) in slot_of})
        # what ``seat`` saw privately in other hands stays there too (:meth:`private_pins`)
        priv = s.private_pins(seat)
        covered = dict.fromkeys(pins, 1)  # a public pin stands for one card of its face
        private = []
        for h, c in priv:
            key = (slot_of.get(id(s.hands[h]), -1), nm[c])
            if key[0] < 0:
                continue
            if covered.get(key):
                covered[key] -= 1
            else:
                private.append((key[0], key[1], h))
        pool = [c for x in slots for c in x] + [s.card[side] for side in sides]
        if s.rules.flares and not setup:
            pool = s._redraw_flares(seat, pool, rng, shown)
        pool.sort(key=T.canon.__getitem__)  # canonical: by face, then id
        fixed: list[list[int]] = [[] for _ in slots]
        for k, face in pins:
            i = next((i for i, c in enumerate(pool) if nm[c] == face), -1)
            if i >= 0 and len(fixed[k]) < sizes[k]:
                fixed[k].append(pool.pop(i))
        for k, face, h in sorted(private):
            i = next((i for i, c in enumerate(pool) if nm[c] == face), -1)
            if i >= 0 and len(fixed[k]) < sizes[k]:
                fixed[k].append(pool.pop(i))
        # rulebook (planning): a main player without encounter cards never selects (the
        # offense's turn ends, the defense first draws a new hand in view of all), so each
        # player still to select is known to hold one: a deal without is drawn again (the
        # real one has it, so some deal does)
        selecting = sorted({t[1] for t in s.tasks if t[0] == "select"} - {seat})
        hidden = pool
        while True:
            # a uniform shuffle (sorting by random keys: several times faster than shuffle())
            keys = [rng.random() for _ in hidden]
            pool = [c for _, c in sorted(zip(keys, hidden))]
            for side in sides:
                i = next(i for i, c in enumerate(pool) if ie[c])
                s.card[side] = pool.pop(i)
            for x, k, f in zip(slots, sizes, fixed):
                rest = k - len(f)
                x[:] = f + pool[:rest]
                del pool[:rest]
            if all(s.has_encounter_card(o) for o in selecting):
                break
        # what ``seat`` knew privately names the new cards of those faces; the other
        # seats' private knowledge is theirs (and would tell the true hands)
        known, taken, moved = [], set(), {}
        for h, old in priv:
            c = next((c for c in s.hands[h] if nm[c] == nm[old] and c not in taken), -1)
            if c >= 0:
                taken.add(c)
                known.append((seat, c, h))
                moved[old] = c
        s.known = tuple(known)
        if moved:
            # the seat's records naming those cards follow them (Philanthropist's gifts)
            s.eflags = {(k[0], k[1], k[2], moved.get(k[3], k[3])) if k[0] == "gift" and k[1] == seat
                        else (k[0], k[1], moved.get(k[2], k[2])) if k[0] == "must select" else k
                        for k in s.eflags}
        if any(k[0] == "saw" and k[1] != seat for k in s.eflags):
            s.eflags = {k for k in s.eflags if not (k[0] == "saw" and k[1] != seat)}
        if s.rules.powers and s.offers[seat] and not setup:
            s._redeal_offers(seat, rng, setup=False)
        # what the other seats remember of flares is theirs: they know their hands now
        s.flares_seen = tuple(x if o == seat else frozenset() for o, x in enumerate(s.flares_seen))
        if s._destiny_chosen_in_game():
            # a power chooses destiny cards from the deck (Dictator): its order is
            # nobody's to see, what it holds only the chooser's while choosing (the same
            # cards stay): canonical, then shuffled
            s.ddeck.sort()
            rng.shuffle(s.ddeck)
        s._redeal_private(seat)
        s.reseed_chance(rng.randrange(2**62))
        s.mark_arranged()
        return s

    def hidden_places(self, seat: int) -> tuple[list[list[int]], list[int]]:
        """Where ``seat`` cannot look: the card lists it cannot see into (other hands
        but those it may look at, other hoards, the deck) and the sides whose encounter
        card is face down to it."""
        shown = self.shown_hands(seat)
        slots: list[list[int]] = []
        for o in range(self.n):
            if o != seat and o not in shown:
                slots.append(self.hands[o])
            if o != seat:
                slots.append(self.hoard[o])
        slots.append(self.deck)
        sides = [side for side in (OFF, DEF) if self.card[side] >= 0 and not self.card_visible(side, seat)]
        return slots, sides

    def _redeal_private(self, seat: int) -> None:
        """After a re-deal, the private choices other players made about cards of their
        hands follow the new hands: the cards already chosen to give in a deal, and the
        cards Miser's wild flare protects, become as many cards of the new hand."""
        for side in (OFF, DEF):
            picks = self.deal_picks[side]
            giver = self.main(side)
            if picks and giver != seat and not all(c in self.hands[giver] for c in picks):
                self.deal_picks[side] = tuple(self.hands[giver][: len(picks)])
        stale = [f for f in self.eflags if f[0] == "protect" and f[1] != seat and f[2] not in self.hands[f[1]]]
        for f in sorted(stale):
            self.eflags.discard(f)
            o = f[1]
            free = [c for c in self.hands[o] if ("protect", o, c) not in self.eflags]
            if free:
                self.eflags.add(("protect", o, free[0]))

    def _redeal_offers(self, seat: int, rng: Any, setup: bool) -> None:
        """Deal the other seats' alien offers again from the aliens ``seat`` cannot rule
        out (the pool minus its own offers, and once aliens are public minus the chosen
        ones). During selection an alien already chosen becomes one of its new offers and
        the flares follow (rulebook: the dealt aliens' flares join the deck, topped up at
        random to ``Rules.flares_total``); afterwards a seat's offers are its alien plus
        aliens whose flares are in the game."""
        k = self.rules.alien_choices
        mine = set(self.offers[seat])
        others = [o for o in range(self.n) if o != seat]
        offers = self.offers
        if setup:
            avail = [a for a in self.alien_pool if a not in mine]
            rng.shuffle(avail)
            for i, o in enumerate(others):
                offers[o] = tuple(avail[k * i: k * i + k])
                if self.alien[o] is not None:
                    self.alien[o] = offers[o][0]
            if self.rules.flares:
                fl = [a for o in range(self.n) for a in offers[o]]
                rest = avail[k * len(others):]
                while len(fl) < self.rules.flares_total and rest:
                    fl.append(rest.pop())
                fc = self.g.flare_card
                self.flare_aliens = tuple(fl)
                self.cards_in_game = tuple(range(self.g.deck_size)) + tuple(sorted(fc[a] for a in fl))
                self.deck[:] = self.cards_in_game  # no hand is dealt before every alien is chosen
            return
        chosen = {a for a in self.alien if a is not None}
        base = self.flare_aliens if self.rules.flares else self.alien_pool
        avail = sorted(a for a in base if a not in mine and a not in chosen)
        rng.shuffle(avail)
        need = (k - 1) * len(others)
        if len(avail) < need:  # defensive: a pool too small for flares to cover the offers
            extra = sorted(a for a in self.alien_pool if a not in mine and a not in chosen and a not in avail)
            rng.shuffle(extra)
            avail += extra
        for i, o in enumerate(others):
            offers[o] = (self.alien[o],) + tuple(avail[(k - 1) * i: (k - 1) * (i + 1)])

    def _redraw_flares(self, seat: int, pool: list[int], rng: Any, shown: Sequence[int]) -> list[int]:
        """Give the flares in ``pool`` (cards ``seat`` cannot see) whose alien ``seat``
        cannot know is in the game new identities, drawn from the aliens it cannot rule
        out; ``flare_aliens`` and ``cards_in_game`` follow. Returns the new pool."""
        T, fc = self.t, self.g.flare_card
        known = self.known_flares(seat, shown)
        # a flare of the game that is not known is in a hidden place (those seen are known)
        hidden = [c for c in self.cards_in_game[self.g.deck_size:] if c not in known]
        if not hidden:
            self.flare_aliens = tuple(sorted(self.flare_aliens))  # the order told the deal
            return pool
        ruled_out = {T.alien[c] for c in known}
        new = [fc[a] for a in rng.sample([a for a in self.alien_pool if a not in ruled_out], len(hidden))]
        for old, c in zip(hidden, new):
            pool[pool.index(old)] = c
        flares = sorted(c for c in self.cards_in_game[self.g.deck_size:] if c in known) + new
        self.flare_aliens = tuple(sorted(T.alien[c] for c in flares))
        self.cards_in_game = tuple(range(self.g.deck_size)) + tuple(sorted(flares))
        return pool
