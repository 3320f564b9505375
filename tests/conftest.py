"""Shared test set-up: only for mutation testing (``make mutants``, issue 38).

mutmut forks one process per mutant from a parent that has already run the tests once,
so every cache the library fills on first use (tables of actions per card set, scores per
pyramid, data files read once) is already full of the *unmutated* code's answers when a
mutant's tests run: a mutant in the code that fills a cache could never be seen. And when
mutmut first maps which tests reach which function (``MUTANT_UNDER_TEST`` is "stats"), a
function that fills a cache is reached only by the first test that needs it, so a mutant
there would run that one test alone (Cosmic's card tables: the one test that catches
``"resolution"`` misspelt in them was never run). Under mutmut (mapping, or a mutant under
test) each test therefore starts with the library's caches empty, so they are filled again
by the code under test. Outside mutation testing this file does nothing.

It also brings in ``tests/scheduling.py``'s hooks: the order in which ``make test``'s two
workers take the files (longest first) and the seconds (wall and processor) each file took.
"""

from __future__ import annotations

import os
import sys
from typing import Iterator

import pytest

from tests.scheduling import (pytest_collection_modifyitems, pytest_runtest_logreport,  # noqa: F401
                              pytest_runtest_makereport, pytest_sessionfinish)

#: module-level dictionaries the library fills on first use (module, name): the module that
#: defines each (tests/test_house.py checks that each is there, so a moved one is not missed)
_CACHE_DICTS = (("ovnilab.cows.rules.scoring", "_FACE_SETS"), ("ovnilab.cows.rules.actions", "_TABLES"),
                ("ovnilab.cows.determinize", "_CARD_SETS"), ("ovnilab.ovni.rules.actions", "_TABLES"),
                ("ovnilab.ovni.rules.scoring", "_MISSION_INDEX"), ("ovnilab.encoding", "_CODECS"),
                ("ovnilab.cosmic.rules.components", "_TABLES"), ("ovnilab.cosmic.rules.actions", "_INTERN"),
                ("ovnilab.cosmic.rules.answers", "_FACES"), ("ovnilab.cosmic.rules.deals", "_PROPOSALS"))
#: module-level dictionaries that are not caches: what they hold is registered once, at import
REGISTRIES = (("ovnilab.cosmic.aliens.base", "POWERS"),)


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("ovnilab") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "").startswith("ovnilab"):
                clear()
    for module, name in _CACHE_DICTS:
        found = getattr(sys.modules.get(module), name, None)
        if isinstance(found, dict):
            found.clear()
    deals = sys.modules.get("ovnilab.cosmic.rules.deals")
    if deals is not None:  # the count of proposals its cache holds, now none
        deals._proposals_held = 0


@pytest.fixture(autouse=True)
def _fresh_caches_under_mutation() -> Iterator[None]:
    under = os.environ.get("MUTANT_UNDER_TEST", "")
    if under == "stats" or "__mutmut_" in under:
        _clear_caches()
    yield
