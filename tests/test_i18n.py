"""ovnilab's catalogs (issue 33): the sentences the code marks are the template's, every one
has its Portuguese (and the catalog nothing else), placeholders match; the language is
chosen per process, per context and per browser."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import threading
from pathlib import Path

import pytest

pytest.importorskip("babel")

from babel.messages.frontend import CommandLineInterface  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

import ovnilab  # noqa: E402
from ovnilab import i18n  # noqa: E402
from ovnilab.i18n import _, n_, negotiate, using_language  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "ovnilab" / "locale" / "ovnilab.pot"
PO = i18n.catalog_path("pt")


def _keywords() -> list[str]:
    """The extraction keywords of ``make i18n`` (the Makefile is the one place they live)."""
    line = next(x for x in (ROOT / "Makefile").read_text().splitlines() if x.startswith("I18N_KEYWORDS"))
    return shlex.split(line.split(":=", 1)[1])


def _ids(catalog) -> set:
    return {(m.context, tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id) for m in catalog if m.id}


# What Babel wrote to stderr while extracting (its warnings: a sentence it skipped).
EXTRACTION_WARNINGS: list[str] = []


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    out = tmp_path_factory.mktemp("i18n") / "fresh.pot"
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "ovnilab/locale/babel.cfg"),
                                    "--no-default-keywords", *_keywords(), "--omit-header", "-o", str(out), str(ROOT)])
    EXTRACTION_WARNINGS[:] = [line for line in err.getvalue().splitlines() if "warning" in line]
    with open(out, "rb") as f:
        return read_po(f)


def test_extraction_warns_of_nothing(extracted):
    """A Babel warning is a sentence it may have skipped (an f-string inside ``_()``, even as
    an argument): none, so that a real one is seen."""
    assert EXTRACTION_WARNINGS == []


@pytest.fixture(scope="module")
def po():
    with open(PO, "rb") as f:
        return read_po(f, locale="pt_BR")


def test_extracting_afresh_gives_the_committed_template(extracted):
    with open(POT, "rb") as f:
        committed = read_po(f)
    fresh, kept = _ids(extracted), _ids(committed)
    assert fresh - kept == set(), "sentences marked in the code but not in ovnilab.pot: run `make i18n`"
    assert kept - fresh == set(), "ovnilab.pot keeps sentences the code no longer says: run `make i18n`"
    assert len(fresh) > 80  # the class page's sentences are there


def test_every_sentence_has_its_portuguese_and_nothing_else(extracted, po):
    fresh = _ids(extracted)
    missing = []
    for m in po:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if m.fuzzy or not all(s.strip() for s in strings):
            missing.append(m.id)
    assert missing == [], f"untranslated or fuzzy in {PO.name}: {missing}"
    assert fresh - _ids(po) == set(), "sentences without a Portuguese entry: run `make i18n` and translate"
    assert _ids(po) - fresh == set(), "the catalog translates sentences the code no longer says"
    assert not [m for m in po.obsolete.values()], "obsolete (#~) entries left in the catalog"


def test_placeholders_of_each_translation_are_the_englishs(po):
    def names(text: str) -> set[str]:
        return set(re.findall(r"\{(\w*)\}", text))

    for m in po:
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        assert not any("{}" in x for x in ids), f"a positional placeholder in {ids}: name it"
        want = set().union(*map(names, ids))
        for s in strings:
            # a plural's singular form may leave {n} out ("um lugar"); nothing else may differ
            have = names(s)
            assert have <= want and want - have <= ({"n"} if len(ids) == 2 else set()), (m.id, s)


def test_plural_forms(po):
    assert po.num_plurals == 2 and po.plural_expr.replace(" ", "") == "(n>1)"
    plurals = [m for m in po if isinstance(m.id, (list, tuple))]
    assert plurals and all(len(m.string) == 2 for m in plurals)
    with using_language("pt"):
        assert n_("{n} second left", "{n} seconds left", 1) == "1 segundo restante"
        assert n_("{n} second left", "{n} seconds left", 0) == "0 segundo restante"  # Brazilian: 0 is singular
        assert n_("{n} second left", "{n} seconds left", 12) == "12 segundos restantes"
    assert n_("{n} second left", "{n} seconds left", 0) == "0 seconds left"
    cat = i18n.js_catalog("pt")
    assert cat["plurals"][:3] == [0, 0, 1] and cat["messages"]["{n} second left"] == ["{n} segundo restante",
                                                                                        "{n} segundos restantes"]
    assert i18n.js_catalog("en")["messages"] == {} and i18n.js_catalog("en")["plurals"][:3] == [1, 0, 1]


@pytest.mark.parametrize("header, lang", [
    ("pt-BR,pt;q=0.9,en;q=0.8", "pt"),
    ("en-US,en;q=0.9,pt-BR;q=0.8", "en"),
    ("fr-FR,fr;q=0.9,pt;q=0.5,en;q=0.4", "pt"),
    ("fr, de", "en"),
    ("", "en"),
    (None, "en"),
    ("pt;q=0, en", "en"),  # q=0: not acceptable
    ("en;q=0.5, pt_BR;q=0.7", "pt"),
    ("pt;q=0.5, en;q=0.5", "pt"),  # a tie: the first
    ("*", "en"),
    ("pt;q=abc, en;q=0.1", "en"),
])
def test_negotiate(header, lang):
    assert negotiate(header) == lang


def test_set_language_and_using_language():
    assert i18n.get_language() == "en"
    try:
        ovnilab.set_language("pt-BR")
        assert ovnilab.get_language() == "pt" and _("Players") == "Jogadores"
        with using_language("en"):
            assert _("Players") == "Players"
        assert _("Players") == "Jogadores"
    finally:
        ovnilab.set_language("en")
    with using_language("pt_BR") as lang:
        assert lang == "pt" and _("code {code}", code="ABC") == "código ABC"
    assert _("code {code}", code="ABC") == "code ABC"


def test_a_language_in_one_thread_does_not_change_another():
    inside, other = threading.Event(), threading.Event()
    seen = {}

    def person_pt():
        with using_language("pt"):
            inside.set()
            other.wait(5)
            seen["pt"] = _("Players")

    def person_default():
        inside.wait(5)
        seen["default"] = _("Players")
        other.set()

    threads = [threading.Thread(target=person_pt), threading.Thread(target=person_default)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(10)
    assert seen == {"pt": "Jogadores", "default": "Players"}


def test_an_unknown_language_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown language 'fr'.*en, pt"):
        i18n.set_language("fr")
    with pytest.raises(ValueError, match="unknown language"):
        with using_language("klingon"):
            pass
    assert i18n.get_language() == "en"


def test_lists_and_stored_english_sentences():
    from ovnilab.classroom import events

    with using_language("pt"):
        assert i18n.format_list(["Ana", "Bia", "Caio"]) == "Ana, Bia e Caio"
        assert events.event_text(events.TOOK_SEAT.format(name="Ana: a")) == "Ana: a entrou no jogo"
        assert events.event_text(events.bots_take(1)) == "1 lugar vazio fica com um robô"
        assert events.event_text(events.bots_take(3)) == "3 lugares vazios ficam com robôs"
        assert events.event_text("an event of an older ovnilab") == "an event of an older ovnilab"
    assert events.event_text(events.bots_take(3)) == "bots take the 3 empty seats"


def test_a_fuzzy_entry_counts_as_untranslated(monkeypatch):
    with open(PO, "rb") as f:
        cat = read_po(f, locale="pt_BR")
    cat["Players"].flags.add("fuzzy")
    monkeypatch.setattr(i18n, "_catalog", lambda lang: cat if lang == "pt" else None)
    with using_language("pt"):
        assert _("Players") == "Players" and _("Log") == "Histórico"
        assert "Players" not in i18n.js_catalog("pt")["messages"]


def test_html_texts_are_extracted():
    import io

    page = b'<p data-t>Two\n  lines</p><div aria-label="your moves" data-t="aria-label"></div><b>not</b>'
    found = [m[2] for m in i18n.extract_html(io.BytesIO(page), [], [], {})]
    assert found == ["Two lines", "your moves"]
