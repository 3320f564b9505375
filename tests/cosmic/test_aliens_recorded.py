"""Each alien's seeded games play exactly as recorded (a characterization test, issue 38).

The per-alien tests check what each power's text says, in positions written for it; a
mutation sample showed where they stop: the edge of a power no scripted position reached (a
bound, the fullest colony a ship comes from, who discarded a card, an outcome no test
played). Random games reach those edges by the thousand. For each of the 50 aliens, eight
seeded games with that alien in play (3, 4 and 5 seats, the other aliens drawn by the seed,
flares in the deck) are played by a seeded random player, and every step is digested: how
many actions were legal and which was taken, each seat's view now and then, and at the end
every hand, the scores and why the game ended. Half the games are played by a uniform
random player, half by a bold one that mostly takes an action other than passing (plays a
flare, an artifact, a power when it may): a uniform player passes in most windows, and the
bold games reached edges it did not (of 23 survivors of two mutation samples, the uniform
games caught 15, the bold ones 17, both together 19). The digests were recorded in
``aliens_recorded.json`` by the engine as reviewed (every rule it plays is tested on its
own elsewhere); any change of what a power does in any of those games changes a digest.

This catches change, not error: a digest cannot say which play is right. After a deliberate
change of a rule (with the test that says why), record the digests again with ``python
tests/cosmic/test_aliens_recorded.py --record`` and say which games changed in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from ovnilab import cosmic
from ovnilab.cosmic.aliens import POWERS

FIXTURE = Path(__file__).with_name("aliens_recorded.json")
#: the games of each alien: (seats, seed, boldness); the alien sits at seed % seats; a bold
#: player takes an action other than passing with this probability when it has one
GAMES = ((3, 0, 0.0), (4, 1, 0.0), (5, 2, 0.0), (4, 3, 0.0), (3, 0, 0.7), (4, 1, 0.7), (5, 2, 0.7), (4, 3, 0.7))
#: an ovnilab safety limit keeps the games short enough for the suite (the rules are the same)
TURN_LIMIT = 60


def _digest(alien: str, n: int, seed: int, bold: float) -> str:
    """The SHA-256 of one seeded game of ``alien`` with ``n`` seats, step by step."""
    draw = random.Random(f"{alien}:{n}:{seed}")
    while True:  # the sheets bar some pairs (Sorcerer and Gambler): draw again
        others = draw.sample(sorted(a for a in POWERS if a != alien), n - 1)
        others.insert(seed % n, alien)
        try:
            s = cosmic.new_game(n, seed=seed, rules=cosmic.Rules(turn_limit=TURN_LIMIT), aliens=others)
            break
        except ValueError:
            continue
    h = hashlib.sha256()
    step = 0
    while not s.is_over():
        legal = s.legal_actions()
        acts = [a for a in legal if a.kind != "pass"] if bold else []
        a = draw.choice(acts) if acts and draw.random() < bold else draw.choice(legal)
        h.update(f"{len(legal)}|{a!r}\n".encode())
        if step % 11 == 0:
            h.update(json.dumps(s.observation(step % n), sort_keys=True, default=repr).encode())
        s.apply(a)
        step += 1
    end = {"hands": [s.hand_names(k) for k in range(n)], "scores": s.scores(), "reason": s.win_reason,
           "views": [s.observation(k) for k in range(n)]}
    h.update(json.dumps(end, sort_keys=True, default=repr).encode())
    return f"{step}:{h.hexdigest()}"


def digests(alien: str) -> list[str]:
    return [_digest(alien, n, seed, bold) for n, seed, bold in GAMES]


@pytest.mark.parametrize("alien", sorted(POWERS))
def test_each_aliens_games_play_as_recorded(alien):
    recorded = json.loads(FIXTURE.read_text())
    assert digests(alien) == recorded[alien], (
        f"{alien}'s recorded games play differently now: if a rule was changed on purpose, "
        "record again (python tests/cosmic/test_aliens_recorded.py --record)")


def test_the_record_holds_every_alien_and_game():
    """A new alien gets recorded games too (its parametrized case would fail on a KeyError
    otherwise, which says less)."""
    recorded = json.loads(FIXTURE.read_text())
    assert sorted(recorded) == sorted(POWERS)
    assert all(len(games) == len(GAMES) for games in recorded.values())


if __name__ == "__main__" and "--record" in sys.argv:
    FIXTURE.write_text(json.dumps({alien: digests(alien) for alien in sorted(POWERS)}, indent=1) + "\n")
    print(f"recorded {len(POWERS)} aliens' games in {FIXTURE}")
