"""Every sentence, phrase and word the Ovni drawings and board show, and nothing else.

The other modules of this package lay text out; what it says is written here, in the
order of the drawings (header, map, recruitment areas and tracks, key, mats), so that a
translation (issue 33) translates exactly this module. The engine's codes (an ability, a
phase, a score's part) are the keys of the tables here and never shown as they are.

Language (issue 33): every sentence is English inside ``_()`` / ``n_()`` (or marked
``N_()`` in a table) and said in the language in force (``ovnilab.set_language``,
``OVNILAB_LANG``, a ``using_language`` block); in English each reads byte for byte as
before. Words the engine or its data own are said here in the board's language too, not
changed where they are stored: a seat's name (:func:`seat_label`: the colour translated,
the planet the game's), a phase (:func:`phase_label`; the engine keeps its English
codes), the alien groups and types, an action (:func:`action_label`: a button's and the
drawing's words; ``str(action)``, the notation that ``apply``, the log and saves read,
stays one language), a mission (:func:`mission_text`, built from the card's numbers as
``Mission.describe`` builds the English: the cards file holds codes and numbers, no
sentence, so a translated sentence always agrees with the card) and the third player's
majority rule. The human categories, cities and planets are the game's Portuguese either
way. The Portuguese uses the rulebook's words (seeds/000_*.txt): ficha de comando,
pilotos, abdutores, construtores, militares, plataforma de lançamento, reserva, mapear,
abduzir, espaço aéreo, carta de energia, bônus, campo de força, habilidade, rodada, fase,
ordem de turnos, trilha, estoque, terceiro jogador.
"""

from __future__ import annotations

from typing import Callable

from ...i18n import N_, Nn_, _, n_, pgettext
from ..data import ALIEN_TYPES, Mission
from ..rules import (ACTIONS, AREA_LETTERS, CHOOSE_ALIENS, ENERGY, FORCE_FIELD, GROUP_NAMES, KEEP_MISSIONS, OVER,
                     PLACEMENT, RECRUIT, SEAT_COLOURS, THIRD_ALIENS, Action, State)

#: the letter on an alien type's badge (English; :func:`alien_letter` in the board's language)
ALIEN_LETTER: dict[str, str] = {"pilot": "P", "abductor": "A", "builder": "B", "military": "M"}
_LETTER: dict[str, Callable[[], str]] = {
    "pilot": lambda: pgettext("ovni alien letter", "P"), "abductor": lambda: pgettext("ovni alien letter", "A"),
    "builder": lambda: pgettext("ovni alien letter", "B"), "military": lambda: pgettext("ovni alien letter", "M")}


def alien_letter(kind: str) -> str:
    """The letter on an alien type's badge, in the board's language (B for a builder,
    C for a construtor)."""
    return _LETTER[kind]() if kind in _LETTER else "?"


# ----------------------------------------------------------------------------- the game's words
#: the seats' colours as a seat's name says them
COLOUR_WORD = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
#: the alien groups (plural, as ``GROUP_NAMES``)
GROUP_WORD = {"pilots": N_("pilots"), "abductors": N_("abductors"), "builders": N_("builders"),
              "military": N_("military")}
#: one alien of each type (singular, as ``ALIEN_TYPES``)
_TYPE_WORD: dict[str, Callable[[], str]] = {
    "pilot": lambda: pgettext("ovni alien", "pilot"), "abductor": lambda: pgettext("ovni alien", "abductor"),
    "builder": lambda: pgettext("ovni alien", "builder"), "military": lambda: pgettext("ovni alien", "military")}



def colour_word(colour: str) -> str:
    """A seat's colour in the board's language ("red" / "vermelho")."""
    return _(COLOUR_WORD[colour]) if colour in COLOUR_WORD else colour


def group_word(group: str) -> str:
    """An alien group ("pilots", as ``GROUP_NAMES``) in the board's language."""
    return _(GROUP_WORD[group]) if group in GROUP_WORD else group


def type_word(kind: str) -> str:
    """An alien type ("pilot", as ``ALIEN_TYPES``) in the board's language."""
    return _TYPE_WORD[kind]() if kind in _TYPE_WORD else kind


def phase_label(phase: str) -> str:
    """The engine's phase (its English name, marked for the catalog where the engine
    names it: :mod:`ovnilab.ovni.rules.components`) in the board's language."""
    return _(phase)


def seat_label(state: State, seat: int) -> str:
    """A seat's name in the board's language: :meth:`State.seat_name` ("red (Antáris)"),
    its colour translated ("vermelho (Antáris)"); the planet is the game's name."""
    if not 0 <= seat < len(SEAT_COLOURS) or seat >= state.ns:
        return state.seat_name(seat)
    if seat == state.third:
        return _("{colour} (third player)", colour=colour_word(SEAT_COLOURS[seat]))
    return f"{colour_word(SEAT_COLOURS[seat])} ({state.cards.planets[seat]})"


_FACE = {"face-down": N_("face-down"), "face-up": N_("face-up")}


def face_word(face: str) -> str:
    """A command token's side as a placement says it ("face-down")."""
    return _(_FACE[face]) if face in _FACE else face


def action_label(a: Action) -> str:  # noqa: C901 - one sentence per kind
    """An action as a board's button and the drawing's "last action" say it, in the
    board's language ("move Berlim -> Paris" / "mover Berlim → Paris"); in English the
    same as ``str(a)``, the notation the game reads."""
    k = a.kind
    if k == "place":
        if a.b is None:
            return _("place third-player token {face} on {area}", face=face_word(a.c), area=a.a)
        return _("place {value} {face} on {area}", value=a.b, face=face_word(a.c), area=a.a)
    if k == "move":
        return _("move {origin} -> {destination}", origin=a.a, destination=a.b)
    if k == "activate":
        return _("activate {group}", group=group_word(a.a))
    if k == "abduct":
        if a.b is None:
            return _("abduct in {city}", city=a.a)
        return _("abduct in {city} swapping with {other}", city=a.a, other=a.b)
    if k == "launch":
        return _("launch to {city}", city=a.a)
    if k == "capture":
        return _("capture {alien} from {colour}", alien=type_word(a.b), colour=colour_word(a.a))
    if k == "destroy":
        return _("destroy {colour} UFO in {city}", colour=colour_word(a.a), city=a.b)
    if k == "recruit":
        return _("recruit {aliens}", aliens="+".join(type_word(t) for t in a.a))
    if k == "energy":
        if a.a == 2:
            return _("energy 2")
        return _("energy 1") if a.b is None else _("energy 1 {alien}", alien=type_word(a.b))
    if k == "energy_third":
        return _("energy for third player {alien}", alien=type_word(a.a))
    if k == "force_field":
        return _("force field on") if a.a else _("force field off")
    if k == "keep":
        return _("keep missions {ids}", ids="+".join(str(x) for x in a.a))
    if k == "aliens":
        return _("choose aliens {aliens}", aliens="+".join(type_word(t) for t in a.a))
    if k == "give":
        return _("give third player {alien}", alien=type_word(a.a))
    if k == "end_group":
        return _("end group")
    if k == "end_turn":
        return _("end turn")
    return str(a)


#: a log line another seat may not read in full (:meth:`State.describe`'s masked texts)
LOG_MASKED = (N_("place a token face-down on {area}"), Nn_("keep {n} mission", "keep {n} missions"))


def log_text(state: State, a: Action, viewer: int | None) -> str:
    """An action as the log shows it to ``viewer``: :meth:`State.describe` (its hidden
    parts masked), in the board's language."""
    text = state.describe(a, viewer)
    if text == str(a):
        return action_label(a)
    if a.kind == "place":
        return _(LOG_MASKED[0], area=a.a)
    if a.kind == "keep":
        return n_(*LOG_MASKED[1], len(a.a))
    return text


# ----------------------------------------------------------------------------- header
TITLE = "OVNI"


def round_text(state: State) -> str:
    return _("Round {n}", n=state.round) if state.round else _("Set-up")


#: the active group's sentence, one (singular, plural) pair per group: moves, abductions,
#: launches, attacks left
_UNITS = (Nn_("Phase 2 · {who}: {group} active, {n} move left", "Phase 2 · {who}: {group} active, {n} moves left"),
          Nn_("Phase 2 · {who}: {group} active, {n} abduction left",
              "Phase 2 · {who}: {group} active, {n} abductions left"),
          Nn_("Phase 2 · {who}: {group} active, {n} launch left",
              "Phase 2 · {who}: {group} active, {n} launches left"),
          Nn_("Phase 2 · {who}: {group} active, {n} attack left",
              "Phase 2 · {who}: {group} active, {n} attacks left"))


def status_text(state: State, short: bool = False) -> str:  # noqa: C901 - one sentence per phase
    """What is happening, in words (``short``: without the groups already used, for a
    header that has no room for them; the mat marks them too)."""
    s = state
    ph = s.phase
    who = seat_label(s, s.actor) if not s.over else ""
    if ph == KEEP_MISSIONS:
        return _("{who} keeps 1 or 2 of 3 missions", who=who)
    if ph == CHOOSE_ALIENS:
        return _("{who} chooses starting aliens", who=who)
    if ph == THIRD_ALIENS:
        return _("{who} gives the third player a starting alien", who=who)
    if ph == PLACEMENT:
        seq, pos = s.place_seq, s.place_pos
        if s.third >= 0 and pos < len(seq) and seq[pos][1] == s.third:
            return _("Phase 1 · {who} places a third-player token (drawn unseen)", who=who)
        return _("Phase 1 · {who} places a command token", who=who)
    if ph == RECRUIT:
        won = [AREA_LETTERS[i] for i, w in enumerate(s.area_winner) if w == s.actor]
        return _("Phase 1 · {who} won {areas} and recruits 3 aliens", who=who, areas="+".join(won))
    if ph == ENERGY:
        q = s.energy_queue
        if q and q[0] == s.third and s.third >= 0:
            return _("Phase 1 · energy card: {who} picks the third player's alien", who=who)
        return _("Phase 1 · energy card: {who} recruited nothing, picks a bonus", who=who)
    if ph == FORCE_FIELD:
        return _("Phase 2 · {who} may box 2 military for a force field", who=who)
    if ph == ACTIONS:
        g = s.group
        if g >= 0:
            return n_(*_UNITS[g], s.budget, who=who, group=group_word(GROUP_NAMES[g]))
        used = [group_word(GROUP_NAMES[k]) for k in range(4) if s.used_groups >> k & 1]
        if used and not short:
            return _("Phase 2 · {who} activates a group or ends the turn (used: {groups})", who=who,
                     groups=", ".join(used))
        return _("Phase 2 · {who} activates a group or ends the turn", who=who)
    if ph == OVER:
        ws = s.winners()
        names = ", ".join(seat_label(s, p) for p in ws)
        if len(ws) == 1:
            return _("Game over · winner: {names}", names=names)
        return _("Game over · shared win: {names}", names=names)
    return phase_label(ph)


def view_text(state: State, viewer: int | None, reveal: bool) -> str:
    """Whose view the drawing is (the header's second line, on the right)."""
    if viewer is not None:
        return _("{name}'s view", name=seat_label(state, viewer))
    return _("everything revealed") if (reveal and not state.over) else _("public view")


LAST_ACTION = N_("Last action:")
NO_ACTION = N_("New game: no action yet")


def hidden_place_text(area: str) -> str:
    """Another seat's face-down token, as the last action (its value is secret)."""
    return _(LOG_MASKED[0], area=area)


def hidden_keep_text(k: int) -> str:
    """Another seat's missions kept, as the last action (which ones is secret)."""
    return n_("keep {n} mission", "keep {n} missions", k)


# ----------------------------------------------------------------------------- map
def city_tip(state: State, c: int, counts: list[int], ctrl: int, tie: bool, maps: list[int]) -> str:
    """A city's tooltip: its number and name, the UFOs on it, who controls its airspace,
    its human piece and who mapped it."""
    cats = state.cards.categories
    tip = [f"{c + 1} {state.board.names[c]}"]
    ufo_txt = ", ".join(f"{seat_label(state, p)} {counts[p]}" for p in range(state.ns) if counts[p])
    tip.append(_("UFOs: {list}", list=ufo_txt or _("none")))
    who = seat_label(state, ctrl) if ctrl >= 0 else (_("tie") if tie else _("nobody"))
    tip.append(_("airspace: {who}", who=who))
    hcat = state.human[c]
    tip.append(_("human: {category}", category=cats[hcat] if hcat >= 0 else _("none")))
    if maps:
        tip.append(_("mapped by {names}", names=", ".join(seat_label(state, p) for p in maps)))
    return "; ".join(tip)


# ----------------------------------------------------------------------------- under the map
def no_area_card_text(state: State) -> str:
    """An area without a card: before the first round, or after it."""
    return _("opens in round 1") if state.round == 0 else _("no card")


def area_card_tip(card: tuple[int, ...]) -> str:
    """An alien card's tooltip: its aliens' types."""
    return _("card: {aliens}", aliens=" + ".join(type_word(ALIEN_TYPES[t]) for t in card))


NOBODY = N_("nobody")


def area_result_text(state: State, won: bool) -> str:
    """Last round's result of an area: when its card was won (or thrown away)."""
    return _("won in round {n}", n=state.round) if won else _("discarded in round {n}", n=state.round)


def area_status_text(i: int, resolving: int, won: bool) -> str:
    """What became of area ``i``'s card while the areas are resolved in turn
    (``resolving``: the area being resolved now)."""
    if not won:
        return _("discarded")
    return _("recruited") if i < resolving else _("recruiting") if i == resolving else _("won")


HUMAN_TRACK = N_("Human track")
STOCK = N_("stock")


def deck_text(state: State) -> str:
    return n_("alien deck {n} card · discard {discard}", "alien deck {n} cards · discard {discard}",
              len(state.deck), discard=len(state.discard))


TURN_ORDER = N_("Turn order")
#: the two turn orders: phase 1's (recruitment) and phase 2's (actions)
ORDER_RECRUIT = "recruit"
ORDER_ACT = "act"


def order_label(label: str) -> str:
    """A turn order's label (:data:`ORDER_RECRUIT`, :data:`ORDER_ACT`) in the board's
    language (its own context: "recruit" is also a button's word)."""
    if label == ORDER_RECRUIT:
        return pgettext("ovni turn order", "recruit")
    return pgettext("ovni turn order", "act") if label == ORDER_ACT else label


def no_order_text(later: bool) -> str:
    """An order not known yet: phase 2's is set after recruitment."""
    return _("after recruitment") if later else "—"


# ----------------------------------------------------------------------------- key
KEY = N_("Key")
#: the key's tile borders, mapping token and highlight, in the order drawn
KEY_ROWS = (N_("controls the airspace"), N_("tie"), N_("mapping token"), N_("last action"))
MAJORITY = N_("majority (☆ shared)")
CAPTURED = N_("captured")
#: what the marks of an area's slots mean: ▼, ▲ (an empty slot's token goes face down,
#: face up) and ? (a token face down), each said when drawn (the key's short words)
KEY_SLOTS = (lambda: pgettext("ovni key", "face-down"), lambda: pgettext("ovni key", "face-up"),
             lambda: pgettext("ovni key", "hidden token"))
KEY_NOTES = (N_("Areas A-D: tokens go face-down and face-up in turn; equal values cancel, the highest "
                "sum wins the card. After recruitment they show who won last round's cards."),
             N_("Human track: refills the empty cities 1→12 each round."))


# ----------------------------------------------------------------------------- mats
def mat_title(s: State, p: int, acting: bool, short: bool = False) -> str:
    """A mat's title: the seat's name (``short``: its colour alone, for a title bar
    whose score leaves no room for the planet)."""
    return ("▶ " if acting else "") + (colour_word(SEAT_COLOURS[p]) if short else seat_label(s, p))


NEVER_SCORES = N_("never scores")


def score_text(total: int, secret_missions: bool, winner: bool) -> str:
    """A mat's score (``secret_missions``: missions kept the viewer may not see, left
    out of it)."""
    lab = _("{n} pts", n=total) + (" + ?" if secret_missions else "")
    return _("★ winner · {score}", score=lab) if winner else lab


def group_tip(n: int, t: int, captured: int, boxed: int, majority: bool | None) -> str:
    """An alien group's tooltip: its size, the captured ones, those in the force-field
    box, and whether it holds a majority (``majority``: None for none, True when
    shared)."""
    parts = [f"{n} {group_word(GROUP_NAMES[t])}"]
    if captured:
        parts.append(_("{n} captured", n=captured))
    if boxed:
        parts.append(_("{n} in the force-field box", n=boxed))
    tip = ", ".join(parts)
    if majority is not None:
        tip += "; " + (_("majority, 10 pts shared") if majority else _("majority, 10 pts"))
    return tip


USED = N_("used")
PLATFORM = N_("platform")


def reserve_text(reserve: int, board: int) -> str:
    return _("reserve {reserve} · board {board}", reserve=reserve, board=board)


MAPPED = N_("mapped")


def mapped_text(cities: int, left: int) -> str:
    if left == 1:
        return n_("{n} city ({left} token left)", "{n} cities ({left} token left)", cities, left=left)
    return n_("{n} city ({left} tokens left)", "{n} cities ({left} tokens left)", cities, left=left)


TOKENS = N_("tokens")
PLACED_PALE = N_("pale = placed")
RANDOM_DRAW = N_("random draw")
SIX_USED = N_("6 used up")


def face_down_text(k: int) -> str:
    return _("+{n} face-down", n=k)


ENERGY_LABEL = N_("energy")
#: the energy card's three faces
ENERGY_TEXT = (N_("neutral"), N_("bonus 1"), N_("bonus 2: 3 groups"))
SHIELD = N_("shield")


def force_field_text(boxed: int) -> str:
    return _("force field ({n} M boxed)", n=boxed) if boxed else _("force field")


ABILITIES = N_("abilities")
ABILITY_TEXT = {
    "starting_aliens": N_("3 starting aliens"),
    "free_mapping": N_("free mapping"),
    "initial_ufo": N_("initial UFO"),
    "human_swap": N_("human swap"),
    "extra_moves": N_("+2 moves"),
    "force_field": N_("force field"),
    "command_six": N_("command 6 twice"),
}


def ability_text(a: str) -> str:
    return _(ABILITY_TEXT[a]) if a in ABILITY_TEXT else a.replace("_", " ")


def third_player_text(s: State) -> str:
    """What the third player (two players) is: what its pieces do to majorities depends
    on the Rules (:meth:`State.third_player_majority_text` words it in English)."""
    if s.rules.third_player_competes:
        return _("never scores, never acts; counts in every majority")
    return _("never scores, never acts; blocks abductions, not final majorities")


ABDUCTED = N_("abducted")


def points_text(k: int) -> str:
    return n_("{n} pt", "{n} pts", k)


#: the score's parts under a mat: the key of :meth:`State.score_breakdown` and its label
SCORE_PARTS = (("aliens", N_("aliens")), ("ufos", N_("UFOs")), ("airspace", N_("airspace")),
               ("mapping", N_("mapping")), ("humans", N_("humans")), ("missions", N_("missions")))
MISSIONS = N_("missions")
CHOOSING_MISSIONS = N_("choosing which to keep")


def secret_missions_text(s: State, k: int) -> str:
    """Another seat's ``k`` kept missions, still secret, and what they are worth."""
    return _("{n} secret (+{done} done, {failed} failed)", n=k, done=s.rules.mission_done,
             failed=s.rules.mission_failed)


def missions_head(s: State, dealing: bool) -> str:
    """The line over a seat's missions: dealt, scored at the end, or fulfilled now."""
    if dealing:
        return _("dealt: keep 1 or 2")
    if s.over:
        return _("+{done} done, {failed} failed", done=s.rules.mission_done, failed=s.rules.mission_failed)
    return _("✔ = fulfilled now")


_GROUP_OF = dict(zip(ALIEN_TYPES, GROUP_NAMES))


def mission_text(mi: Mission, categories: tuple[str, ...]) -> str:
    """A mission card's text in the board's language, from its numbers (in English the
    same as ``Mission.describe``)."""
    t = ALIEN_TYPES
    if mi.family == "airspace":
        text = (N_("control {cities} odd cities and abduct {count} {category}") if mi.parity == "odd"
                else N_("control {cities} even cities and abduct {count} {category}"))
        if mi.parity not in ("odd", "even"):
            return mi.describe(categories)
        return _(text, cities=mi.cities, count=mi.count, category=categories[mi.category])
    if mi.family == "abduction":
        return _("abduct one each of {categories} and own {count} {aliens}",
                 categories=", ".join(categories[c] for c in mi.categories), count=mi.count,
                 aliens=group_word(_GROUP_OF[t[mi.alien]]))
    if mi.family == "capture":
        cap = ", ".join(type_word(t[c]) for c in mi.captured)
        if len(mi.own) != 2:
            return mi.describe(categories)
        return _("capture {captured} and own {count} {first} and {second} each", captured=cap, count=mi.count,
                 first=group_word(_GROUP_OF[t[mi.own[0]]]), second=group_word(_GROUP_OF[t[mi.own[1]]]))
    return _("map {maps} cities and have {ufos} UFOs on the board", maps=mi.maps, ufos=mi.ufos)


# ---------------------------------------------------------------- the class page's "yours"
YOURS_TITLE = N_("What you hold")
YOUR_TOKENS = N_("Command tokens in hand")
YOUR_ALIENS = N_("Your aliens")
YOUR_UFOS = N_("Your UFOs")
YOUR_ENERGY = N_("Energy card")
YOUR_ABILITIES = N_("Abilities")


def _mission_label(mid: int, dealing: bool) -> str:
    return _("Mission {id} (dealt)", id=mid) if dealing else _("Mission {id}", id=mid)


def seat_panel_lines(s: State, seat: int) -> list[list[str]]:
    """What ``seat`` holds and may read while it decides, as [label, text] lines for the
    class page beside its moves: its command tokens, its missions in words (the moves
    name them by number), aliens, UFOs, energy and abilities."""
    obs = s.observation(seat)
    dealing = s.phase == KEEP_MISSIONS and not s.missions_kept[seat]
    lines = [[_(YOUR_TOKENS), ", ".join(map(str, obs["hand"])) or _(NONE)]]
    by_id = {mi.id: mi for mi in s.cards.missions}
    for mid in obs["missions"] or ():
        if mid in by_id:
            lines.append([_mission_label(mid, dealing), mission_text(by_id[mid], s.cards.categories)])
    lines.append([_(YOUR_ALIENS), ", ".join(f"{group_word(name)} {obs['aliens'][seat][t]}"
                                           for t, name in zip(ALIEN_TYPES, GROUP_NAMES))])
    lines.append([_(YOUR_UFOS), _("{platform} on the platform, {reserve} in reserve", platform=obs["platform"][seat],
                                  reserve=obs["reserve"][seat])])
    lines.append([_(YOUR_ENERGY), _(ENERGY_TEXT[obs["energy"][seat]]) if obs["energy"][seat] in (0, 1, 2)
                  else _(NONE)])
    lines.append([_(YOUR_ABILITIES), ", ".join(ability_text(a) for a in obs["abilities"][seat]) or _(NONE)])
    return lines


NONE = N_("none")
