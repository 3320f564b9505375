"""Find, for every rule option of the three games, a position where it reaches play
(issue 38, "every rule option reaches play"), and store it as a saved game.

For each option of ``ovni.Rules``, ``cows.Rules`` and ``cosmic.Rules`` (and each value
listed in :data:`SPECS`, by default the other value of a bool, every other choice of a
text, the default plus one of a number) the search plays seeded games with a policy (a
seeded random player, then the game's greedy bot; for the rarest effects a random player
preferring some actions) under one rule set, first the default's, then the option's, and
replays every action at once under the other, the two differing only in that option. The first step
where the legal actions differ (their texts, the seat to act, or "no legal move") is the
position; a game whose legal actions never differ but whose outcome does (scores or
winners) gives its end. Set-up options may differ at step 0 (the start).

Each file ``tests/options/<game>/<option>.json`` holds one case per value: the save of the
position (under the rules of the side that played it, its log up to the position only),
the option, its value, and the difference written out (the legal action texts of each
side that the other lacks, the seat to act, or the two outcomes).
``tests/test_options_reach_play.py`` replays every file under both rule sets and checks
the difference exactly. An option listed in :data:`NOT_SEARCHED` has no file (the test
lists the same ones, with the reason).

The search is deterministic: seeds, seat counts, policies and their order are fixed, and
among the first :data:`HITS` positions found it keeps the one making the smallest file
(actions of the log plus action texts of the difference; the first found on a tie).
Rerun it from the repository root (under a minute on one core)::

    source /tmp/env.sh
    .venv/bin/python tools/find_option_positions.py            # every option, writes the files
    .venv/bin/python tools/find_option_positions.py cows.support ovni   # some options / games
    .venv/bin/python tools/find_option_positions.py --check    # compare with the stored files only

A rerun writes byte-identical files unless the engine changed; ``--check`` exits 1 when a
stored file differs from what the search finds now.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ovnilab import cosmic, cows, ovni  # noqa: E402
from ovnilab.bots import PlayerView  # noqa: E402
from ovnilab.core import NoLegalMove  # noqa: E402

GAMES = {"ovni": ovni, "cows": cows, "cosmic": cosmic}
OUT = ROOT / "tests" / "options"

#: positions found per case before keeping the one making the smallest file
HITS = 3
#: actions at most per searched game (every game of the three ends far sooner)
MAX_STEPS = 30_000

#: options with no file: option -> why (the test lists the same ones)
NOT_SEARCHED: dict[tuple[str, str], str] = {
    ("ovni", "cards_file"): "chooses a data file; no other card file ships (other files: tests/test_datafiles_fuzz.py, "
                            "tests/ovni/test_data.py)",
}

#: how each option is searched where the generic way (see :func:`spec`) does not fit:
#: ``values`` (one case each), ``seats``, ``base`` (rule options set on both sides: an
#: option another one enables), ``aliens`` (Cosmic: the aliens forced), ``seeds`` (per
#: seat count and policy), ``policies`` (tried in order until one finds positions: see
#: :func:`make_policy`), ``hits`` (positions found before keeping the smallest)
SPECS: dict[tuple[str, str], dict[str, Any]] = {
    # Ovni
    ("ovni", "area_tie"): {"values": ["opener", "none"]},
    # 3 would change nothing: a platform holds 2 (platform_capacity)
    ("ovni", "launch_limit"): {"values": [1]},
    ("ovni", "stock_removed_small"): {"seats": [2, 3]},
    ("ovni", "third_player_competes"): {"seats": [2]},
    # ten humans, two of each of five colours: out of reach of random and greedy play
    ("ovni", "colour_bonus_per_set"): {"policies": [("abduct in", "activate abductors")], "seeds": 300},
    ("ovni", "board_file"): {"values": ["board_ring.toml"]},
    # the enabling options are the defaults (token_six_once=True, no_three_in_a_row=True);
    # written out so that the files say so
    ("ovni", "cancelled_six_returns"): {"base": {"token_six_once": True}},
    ("ovni", "no_three_in_a_row_fallback"): {"base": {"no_three_in_a_row": True}},
    # Cows
    ("cows", "starting_player"): {"values": [0, 1]},
    ("cows", "cards_file"): {"values": ["cards_1_0.toml"]},
    # the least: one turn without a draw or a build ends the game (13 needs 12 such turns)
    ("cows", "stall_limit"): {"values": [1]},
    # Cosmic
    ("cosmic", "deck_file"): {"values": ["deck-more-negotiates.toml"]},
    ("cosmic", "flares_total"): {"base": {"flares": True}},
    ("cosmic", "alien_choices"): {"base": {"powers": True}},
    # 0 is the system's 5 (4 with four planets); 4 is the four-planet system's number
    ("cosmic", "win_colonies"): {"values": [4]},
    # -1 is the system's 3 (so 3 would change nothing); 0: the power is never lost
    ("cosmic", "power_threshold"): {"values": [0]},
    # a deal's proposals are thousands with full hands: more positions, the smallest kept
    ("cosmic", "deal_max_cards"): {"values": [1], "hits": 200},
    ("cosmic", "deal_rounds"): {"values": [1], "hits": 200},
    ("cosmic", "turn_limit"): {"values": [1]},
    ("cosmic", "action_limit_thousands"): {"values": [1]},
    ("cosmic", "alien_levels"): {"values": [["green"]]},
    # ten aliens: enough to deal two to each of five players
    ("cosmic", "alien_pool"): {"values": [["Clone", "Healer", "Machine", "Mind", "Oracle", "Pacifist", "Trader",
                                           "Virus", "Void", "Zombie"]]},
    # Healer heals the ships Void removes from the game
    ("cosmic", "heal_removed"): {"aliens": ["Healer", "Void", "Zombie"], "seats": [3], "seeds": 200},
    # two morphs: the deck's one morph, and Gambler saying its own card is one
    ("cosmic", "double_morph"): {"aliens": ["Gambler", "Zombie", "Trader"], "seats": [3], "seeds": 100,
                                 "policies": [("select morph", "Gambler: say morph", "Gambler: accept the claim")]},
}

#: seat counts searched, in order
SEATS = {"ovni": [4, 3, 2], "cows": [2], "cosmic": [4, 3, 5]}
#: seeds per seat count and policy
SEEDS = {"ovni": 40, "cows": 60, "cosmic": 30}


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def spec(game: str, option: str) -> dict[str, Any]:
    """How ``game``'s ``option`` is searched: :data:`SPECS` over the generic way."""
    f = next(f for f in dataclasses.fields(GAMES[game].Rules) if f.name == option)
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        values = [not default]
    elif "choices" in meta and isinstance(default, str):
        values = [c for c in meta["choices"] if c != default]
    elif isinstance(default, int):
        values = [default + 1 if default + 1 <= meta["max"] else default - 1]
    else:
        values = []
    out = {"values": values, "seats": SEATS[game], "base": {}, "aliens": None, "seeds": SEEDS[game],
           "policies": ["random", "greedy"], "hits": HITS}
    out.update(SPECS.get((game, option), {}))
    out["default"] = _jsonable(default)
    return out


# --------------------------------------------------------------------- playing
def new_state(game: str, seed: int, seats: int, rules: dict[str, Any], aliens: list[str] | None) -> Any:
    """A game from save options (what loading the stored file does)."""
    options: dict[str, Any] = {"rules": rules}
    if game == "cows":
        options["discard_areas"] = 1 + seed % 2
    else:
        options["num_players"] = seats
    if aliens is not None:
        options["aliens"] = aliens
    return GAMES[game].State.from_options(seed, options)


def view(state: Any) -> tuple[int, Any, str | None]:
    """(seat to act, legal actions or None, the class of the NoLegalMove raised or None)."""
    try:
        legal = state.legal_actions()
    except NoLegalMove as exc:
        return state.current_player, None, type(exc).__name__
    return state.current_player, legal, None


def difference(with_: Any, without: Any) -> dict[str, Any] | None:
    """How the legal actions of two states differ (None when they do not): for each side
    the seat to act, "no legal move" (the NoLegalMove class, else None) and the sorted
    texts of its legal actions that the other side lacks."""
    (pw, lw, dw), (po, lo, do) = view(with_), view(without)
    if pw == po and dw == do and (lw is None or set(lw) == set(lo)):
        return None
    tw = {str(a) for a in lw or ()}
    to = {str(a) for a in lo or ()}
    if pw == po and dw == do and tw == to:
        return None
    return {"kind": "legal",
            "with_option": {"to_act": pw, "no_legal_move": dw, "legal_only_here": sorted(tw - to)},
            "without_option": {"to_act": po, "no_legal_move": do, "legal_only_here": sorted(to - tw)}}


def outcome(state: Any) -> dict[str, Any]:
    return {"scores": list(state.scores()), "winners": list(state.winners())}


def _preferring(prefixes: tuple[str, ...]) -> Callable[[Any, random.Random], Any]:
    """A seeded random player that plays, whenever one is legal, an action whose text
    begins with the first of ``prefixes`` that any legal action's does (a rare event made
    common: many abductions, a Gambler claiming a morph), else any legal action."""

    def act(state: Any, rng: random.Random) -> Any:
        legal = state.legal_actions()
        texts = [str(a) for a in legal]
        for prefix in prefixes:
            some = [a for a, t in zip(legal, texts) if t.startswith(prefix)]
            if some:
                return rng.choice(some)
        return rng.choice(legal)

    return act


def policy_name(policy: str | tuple[str, ...]) -> str:
    return policy if isinstance(policy, str) else "random, preferring " + ", then ".join(map(repr, policy))


def make_policy(game: str, policy: str | tuple[str, ...]) -> Callable[[Any, random.Random], Any]:
    """``"random"`` (seeded uniform), ``"greedy"`` (the game's GreedyBot) or a tuple of
    text prefixes (:func:`_preferring`)."""
    if policy == "random":
        return lambda state, rng: rng.choice(state.legal_actions())
    if isinstance(policy, tuple):
        return _preferring(policy)
    bot = importlib.import_module(f"ovnilab.{game}.bots").GreedyBot()
    return lambda state, rng: bot.act(PlayerView(state, state.current_player), rng)


def search_game(game: str, seed: int, seats: int, played: dict, other: dict, aliens: list[str] | None,
                policy: Callable, played_is_with: bool) -> tuple[Any, dict[str, Any]] | None:
    """Play one game under ``played`` rules, replaying each action under ``other``: the
    state (of the played side) at the first difference, and the difference."""
    a = new_state(game, seed, seats, played, aliens)
    b = new_state(game, seed, seats, other, aliens)
    rng = random.Random(f"{game}:{seats}:{seed}")
    for _ in range(MAX_STEPS):
        d = difference(a, b) if played_is_with else difference(b, a)
        if d is not None:
            return a, d
        if a.is_over():
            oa, ob = outcome(a), outcome(b)
            if oa == ob:
                return None
            ow, oo = (oa, ob) if played_is_with else (ob, oa)
            return a, {"kind": "outcome", "with_option": ow, "without_option": oo}
        try:
            action = policy(a, rng)
        except NoLegalMove:  # both sides stuck alike: the game cannot go on
            return None
        a.apply(action)
        b.apply(str(action))  # as the stored save is replayed: by its text
    return None


def _size(d: dict[str, Any]) -> int:
    if d["kind"] == "outcome":
        return 0
    return len(d["with_option"]["legal_only_here"]) + len(d["without_option"]["legal_only_here"])


def find_case(game: str, option: str, value: Any, sp: dict[str, Any]) -> dict[str, Any] | None:
    """The stored case of ``option=value``: the best of the first HITS positions found."""
    base = {k: _jsonable(v) for k, v in dataclasses.asdict(GAMES[game].Rules()).items()}
    base.update(sp["base"])
    with_rules = dict(base, **{option: value})
    without_rules = dict(base, **{option: sp["default"]})
    hits = []
    for policy_spec in sp["policies"]:
        policy = make_policy(game, policy_spec)
        for seats in sp["seats"]:
            for seed in range(sp["seeds"]):
                for played_is_with in (False, True):
                    played, other = (with_rules, without_rules) if played_is_with else (without_rules, with_rules)
                    found = search_game(game, seed, seats, played, other, sp["aliens"], policy, played_is_with)
                    if found is None:
                        continue
                    state, d = found
                    # the smallest file: actions of the log plus action texts of the difference
                    hits.append((len(state.log) + _size(d), len(hits), state, d, policy_name(policy_spec),
                                 played_is_with))
                    break  # one position per seed
                if len(hits) >= sp["hits"]:
                    break
            if len(hits) >= sp["hits"]:
                break
        if hits:  # the greedy bot only where random play found nothing
            break
    if not hits:
        return None
    _, _, state, d, policy, played_is_with = min(hits, key=lambda h: h[:2])
    return {"value": value,
            "played_under": "with_option" if played_is_with else "without_option",
            "policy": policy,
            "save": json.loads(state.to_json()),
            "difference": d}


def options_of(game: str) -> list[str]:
    return [f.name for f in dataclasses.fields(GAMES[game].Rules)]


def build(game: str, option: str) -> dict[str, Any] | None:
    sp = spec(game, option)
    cases = []
    for value in sp["values"]:
        t = time.perf_counter()
        case = find_case(game, option, value, sp)
        dt = time.perf_counter() - t
        if case is None:
            print(f"  {game}.{option}={value!r}: NO DIFFERENCE FOUND ({dt:.1f} s)", flush=True)
            continue
        d = case["difference"]
        what = (f"outcome {d['with_option']} vs {d['without_option']}" if d["kind"] == "outcome"
                else f"legal +{len(d['with_option']['legal_only_here'])} -{len(d['without_option']['legal_only_here'])}"
                     f" to act {d['with_option']['to_act']}/{d['without_option']['to_act']}")
        print(f"  {game}.{option}={value!r}: {len(case['save']['actions'])} actions, "
              f"{case['save']['options'].get('num_players', 2)} seats, seed {case['save']['seed']}, "
              f"{case['policy']}: {what} ({dt:.1f} s)", flush=True)
        cases.append(case)
    if not cases:
        return None
    return {"game": game, "option": option, "default": sp["default"], "cases": cases}


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("only", nargs="*", help="games or game.option to search (default: all)")
    parser.add_argument("--check", action="store_true", help="compare with the stored files, write nothing")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    missing, changed = [], []
    for game in GAMES:
        for option in options_of(game):
            if args.only and game not in args.only and f"{game}.{option}" not in args.only:
                continue
            if (game, option) in NOT_SEARCHED:
                print(f"{game}.{option}: not searched ({NOT_SEARCHED[game, option]})")
                continue
            print(f"{game}.{option}:", flush=True)
            data = build(game, option)
            path = OUT / game / f"{option}.json"
            if data is None:
                missing.append(f"{game}.{option}")
                continue
            text = dump(data)
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old != text:
                changed.append(str(path.relative_to(ROOT)))
                if not args.check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
    print(f"done in {time.perf_counter() - start:.0f} s")
    if missing:
        print("no position found for: " + ", ".join(missing))
    if changed:
        print(("differs from the stored file: " if args.check else "written: ") + ", ".join(changed))
    return 1 if (args.check and changed) or missing else 0


if __name__ == "__main__":
    sys.exit(main())
