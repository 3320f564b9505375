"""ovnilab.walk: the position-walking steps the rules notebooks share, on every game."""

from __future__ import annotations

import pytest

import ovnilab
from ovnilab import walk


@pytest.mark.parametrize("name", ["ovni", "cows", "cosmic"])
def test_advance_is_seeded_and_refused_keeps_the_state(name, capsys):
    def reach(seed):
        g = ovnilab.make(name, seed=5)
        return walk.advance(g, lambda s: len(s.log) >= 12, seed=seed)

    a, b = reach(1), reach(1)
    assert a.log == b.log and len(a.log) == 12
    texts = walk.legal_texts(a)
    assert texts and walk.offered(a, texts[0][:3]) and not walk.offered(a, "no such action")
    before = a.clone()
    rule = walk.refused(a, "no such action at all")
    assert rule and a == before and "refused:" in capsys.readouterr().out
    with pytest.raises(AssertionError):
        walk.refused(a, texts[0])


def test_advance_prefers_the_quiet_answers_and_gives_up_at_the_limit():
    from ovnilab.cosmic.stats import QUIET_ANSWERS

    g = ovnilab.make("cosmic", seed=3)
    walk.advance(g, lambda s: len(s.log) >= 40, prefer=QUIET_ANSWERS)
    assert any(str(a) in QUIET_ANSWERS for a in g.log)
    with pytest.raises(RuntimeError):
        walk.advance(ovnilab.make("cows", seed=3), lambda s: False, limit=5)
