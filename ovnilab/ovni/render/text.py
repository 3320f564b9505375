"""Every sentence, phrase and word the Ovni drawings show, and nothing else.

The other modules of this package lay text out; what it says is written here, in the
order of the drawings (header, map, recruitment areas and tracks, key, mats), so that a
translation (issue 33) translates exactly this module. The engine's codes (an ability, a
phase, a score's part) are the keys of the tables here and never shown as they are.

Some words are the engine's or its data's, not this module's: a seat's name
(:meth:`State.seat_name`, e.g. "red (Antáris)"), an action as the log writes it
(``str(action)``), the alien groups' names (``GROUP_NAMES``) and types (``ALIEN_TYPES``),
the human categories, the cities, a mission's description and the third player's
majority rule (:meth:`State.third_player_majority_text`).
"""

from __future__ import annotations

from ..data import ALIEN_TYPES
from ..rules import (ACTIONS, AREA_LETTERS, CHOOSE_ALIENS, ENERGY, FORCE_FIELD, GROUP_NAMES, KEEP_MISSIONS, OVER,
                     PLACEMENT, RECRUIT, THIRD_ALIENS, State)

#: the letter on an alien type's badge
ALIEN_LETTER: dict[str, str] = {"pilot": "P", "abductor": "A", "builder": "B", "military": "M"}


# ----------------------------------------------------------------------------- header
TITLE = "OVNI"


def round_text(state: State) -> str:
    return f"Round {state.round}" if state.round else "Set-up"


def status_text(state: State, short: bool = False) -> str:
    """What is happening, in words (``short``: without the groups already used, for a
    header that has no room for them; the mat marks them too)."""
    s = state
    ph = s.phase
    who = s.seat_name(s.actor) if not s.over else ""
    if ph == KEEP_MISSIONS:
        return f"{who} keeps 1 or 2 of 3 missions"
    if ph == CHOOSE_ALIENS:
        return f"{who} chooses starting aliens"
    if ph == THIRD_ALIENS:
        return f"{who} gives the third player a starting alien"
    if ph == PLACEMENT:
        seq, pos = s.place_seq, s.place_pos
        if s.third >= 0 and pos < len(seq) and seq[pos][1] == s.third:
            return f"Phase 1 · {who} places a third-player token (drawn unseen)"
        return f"Phase 1 · {who} places a command token"
    if ph == RECRUIT:
        won = [AREA_LETTERS[i] for i, w in enumerate(s.area_winner) if w == s.actor]
        return f"Phase 1 · {who} won {'+'.join(won)} and recruits 3 aliens"
    if ph == ENERGY:
        q = s.energy_queue
        if q and q[0] == s.third and s.third >= 0:
            return f"Phase 1 · energy card: {who} picks the third player's alien"
        return f"Phase 1 · energy card: {who} recruited nothing, picks a bonus"
    if ph == FORCE_FIELD:
        return f"Phase 2 · {who} may box 2 military for a force field"
    if ph == ACTIONS:
        g = s.group
        if g >= 0:
            unit = ("move", "abduction", "launch", "attack")[g] + ("" if s.budget == 1 else "es" if g == 2 else "s")
            return f"Phase 2 · {who}: {GROUP_NAMES[g]} active, {s.budget} {unit} left"
        used = [GROUP_NAMES[k] for k in range(4) if s.used_groups >> k & 1]
        if used and not short:
            return f"Phase 2 · {who} activates a group or ends the turn (used: {', '.join(used)})"
        return f"Phase 2 · {who} activates a group or ends the turn"
    if ph == OVER:
        ws = s.winners()
        names = ", ".join(s.seat_name(p) for p in ws)
        return f"Game over · {'winner' if len(ws) == 1 else 'shared win'}: {names}"
    return ph


def view_text(state: State, viewer: int | None, reveal: bool) -> str:
    """Whose view the drawing is (the header's second line, on the right)."""
    if viewer is not None:
        return f"{state.seat_name(viewer)}'s view"
    return "everything revealed" if (reveal and not state.over) else "public view"


LAST_ACTION = "Last action:"
NO_ACTION = "New game: no action yet"


def hidden_place_text(area: str) -> str:
    """Another seat's face-down token, as the last action (its value is secret)."""
    return f"place a token face-down on {area}"


def hidden_keep_text(k: int) -> str:
    """Another seat's missions kept, as the last action (which ones is secret)."""
    return f"keep {k} mission{'s' if k > 1 else ''}"


# ----------------------------------------------------------------------------- map
def city_tip(state: State, c: int, counts: list[int], ctrl: int, tie: bool, maps: list[int]) -> str:
    """A city's tooltip: its number and name, the UFOs on it, who controls its airspace,
    its human piece and who mapped it."""
    cats = state.cards.categories
    tip = [f"{c + 1} {state.board.names[c]}"]
    ufo_txt = ", ".join(f"{state.seat_name(p)} {counts[p]}" for p in range(state.ns) if counts[p])
    tip.append(f"UFOs: {ufo_txt or 'none'}")
    tip.append("airspace: " + (state.seat_name(ctrl) if ctrl >= 0 else ("tie" if tie else "nobody")))
    hcat = state.human[c]
    tip.append("human: " + (cats[hcat] if hcat >= 0 else "none"))
    if maps:
        tip.append("mapped by " + ", ".join(state.seat_name(p) for p in maps))
    return "; ".join(tip)


# ----------------------------------------------------------------------------- under the map
def no_area_card_text(state: State) -> str:
    """An area without a card: before the first round, or after it."""
    return "opens in round 1" if state.round == 0 else "no card"


def area_card_tip(card: tuple[int, ...]) -> str:
    """An alien card's tooltip: its aliens' types."""
    return "card: " + " + ".join(ALIEN_TYPES[t] for t in card)


NOBODY = "nobody"


def area_result_text(state: State, won: bool) -> str:
    """Last round's result of an area: when its card was won (or thrown away)."""
    return f"won in round {state.round}" if won else f"discarded in round {state.round}"


def area_status_text(i: int, resolving: int, won: bool) -> str:
    """What became of area ``i``'s card while the areas are resolved in turn
    (``resolving``: the area being resolved now)."""
    if not won:
        return "discarded"
    return "recruited" if i < resolving else "recruiting" if i == resolving else "won"


HUMAN_TRACK = "Human track"
STOCK = "stock"


def deck_text(state: State) -> str:
    nd = len(state.deck)
    return f"alien deck {nd} card{'' if nd == 1 else 's'} · discard {len(state.discard)}"


TURN_ORDER = "Turn order"
#: the two turn orders: phase 1's (recruitment) and phase 2's (actions)
ORDER_RECRUIT = "recruit"
ORDER_ACT = "act"


def no_order_text(later: bool) -> str:
    """An order not known yet: phase 2's is set after recruitment."""
    return "after recruitment" if later else "—"


# ----------------------------------------------------------------------------- key
KEY = "Key"
#: the key's tile borders, mapping token and highlight, in the order drawn
KEY_ROWS = ("controls the airspace", "tie", "mapping token", "last action")
MAJORITY = "majority (☆ shared)"
CAPTURED = "captured"
#: what the marks of an area's slots mean: ▼, ▲ (an empty slot's token goes face down,
#: face up) and ? (a token face down)
KEY_SLOTS = ("face-down", "face-up", "hidden token")
KEY_NOTES = ("Areas A-D: tokens go face-down and face-up in turn; equal values cancel, the highest "
             "sum wins the card. After recruitment they show who won last round's cards.",
             "Human track: refills the empty cities 1→12 each round.")


# ----------------------------------------------------------------------------- mats
def mat_title(s: State, p: int, acting: bool) -> str:
    return ("▶ " if acting else "") + s.seat_name(p)


NEVER_SCORES = "never scores"


def score_text(total: int, secret_missions: bool, winner: bool) -> str:
    """A mat's score (``secret_missions``: missions kept the viewer may not see, left
    out of it)."""
    lab = f"{total} pts" + (" + ?" if secret_missions else "")
    return "★ winner · " + lab if winner else lab


def group_tip(n: int, t: int, captured: int, boxed: int, majority: bool | None) -> str:
    """An alien group's tooltip: its size, the captured ones, those in the force-field
    box, and whether it holds a majority (``majority``: None for none, True when
    shared)."""
    tip = f"{n} {GROUP_NAMES[t]}" + (f", {captured} captured" if captured else "") + \
        (f", {boxed} in the force-field box" if boxed else "")
    if majority is not None:
        tip += "; majority, 10 pts" + (" shared" if majority else "")
    return tip


USED = "used"
PLATFORM = "platform"


def reserve_text(reserve: int, board: int) -> str:
    return f"reserve {reserve} · board {board}"


MAPPED = "mapped"


def mapped_text(cities: int, left: int) -> str:
    return f"{cities} {'city' if cities == 1 else 'cities'} ({left} token{'' if left == 1 else 's'} left)"


TOKENS = "tokens"
PLACED_PALE = "pale = placed"
RANDOM_DRAW = "random draw"
SIX_USED = "6 used up"


def face_down_text(k: int) -> str:
    return f"+{k} face-down"


ENERGY_LABEL = "energy"
#: the energy card's three faces
ENERGY_TEXT = ("neutral", "bonus 1", "bonus 2: 3 groups")
SHIELD = "shield"


def force_field_text(boxed: int) -> str:
    return "force field" + (f" ({boxed} M boxed)" if boxed else "")


ABILITIES = "abilities"
ABILITY_TEXT = {
    "starting_aliens": "3 starting aliens",
    "free_mapping": "free mapping",
    "initial_ufo": "initial UFO",
    "human_swap": "human swap",
    "extra_moves": "+2 moves",
    "force_field": "force field",
    "command_six": "command 6 twice",
}


def ability_text(a: str) -> str:
    return ABILITY_TEXT.get(a, a.replace("_", " "))


def third_player_text(s: State) -> str:
    """What the third player (two players) is: what its pieces do to majorities depends
    on the Rules, and the engine words it."""
    return f"never scores, never acts; {s.third_player_majority_text()}"


ABDUCTED = "abducted"


def points_text(k: int) -> str:
    return f"{k} pt{'' if k == 1 else 's'}"


#: the score's parts under a mat: the key of :meth:`State.score_breakdown` and its label
SCORE_PARTS = (("aliens", "aliens"), ("ufos", "UFOs"), ("airspace", "airspace"),
               ("mapping", "mapping"), ("humans", "humans"), ("missions", "missions"))
MISSIONS = "missions"
CHOOSING_MISSIONS = "choosing which to keep"


def secret_missions_text(s: State, k: int) -> str:
    """Another seat's ``k`` kept missions, still secret, and what they are worth."""
    return f"{k} secret (+{s.rules.mission_done} done, {s.rules.mission_failed} failed)"


def missions_head(s: State, dealing: bool) -> str:
    """The line over a seat's missions: dealt, scored at the end, or fulfilled now."""
    if dealing:
        return "dealt: keep 1 or 2"
    if s.over:
        return f"+{s.rules.mission_done} done, {s.rules.mission_failed} failed"
    return "✔ = fulfilled now"


# ---------------------------------------------------------------- the class page's "yours"
YOURS_TITLE = "What you hold"
YOUR_TOKENS = "Command tokens in hand"
YOUR_ALIENS = "Your aliens"
YOUR_UFOS = "Your UFOs"
YOUR_ENERGY = "Energy card"
YOUR_ABILITIES = "Abilities"


def _mission_label(mid: int, dealing: bool) -> str:
    return f"Mission {mid}" + (" (dealt)" if dealing else "")


def seat_panel_lines(s: State, seat: int) -> list[list[str]]:
    """What ``seat`` holds and may read while it decides, as [label, text] lines for the
    class page beside its moves: its command tokens, its missions in words (the moves
    name them by number), aliens, UFOs, energy and abilities."""
    obs = s.observation(seat)
    dealing = s.phase == KEEP_MISSIONS and not s.missions_kept[seat]
    lines = [[YOUR_TOKENS, ", ".join(map(str, obs["hand"])) or NONE]]
    by_id = {mi.id: mi for mi in s.cards.missions}
    for mid in obs["missions"] or ():
        if mid in by_id:
            lines.append([_mission_label(mid, dealing), by_id[mid].describe(s.cards.categories)])
    lines.append([YOUR_ALIENS, ", ".join(f"{name} {obs['aliens'][seat][t]}"
                                        for t, name in zip(ALIEN_TYPES, GROUP_NAMES))])
    lines.append([YOUR_UFOS, f"{obs['platform'][seat]} on the platform, {obs['reserve'][seat]} in reserve"])
    lines.append([YOUR_ENERGY, ENERGY_TEXT[obs["energy"][seat]] if obs["energy"][seat] in (0, 1, 2) else NONE])
    lines.append([YOUR_ABILITIES, ", ".join(ability_text(a) for a in obs["abilities"][seat]) or NONE])
    return lines


NONE = "none"
