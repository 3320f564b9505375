"""ovnilab's words in the reader's language: English (the default) or Brazilian Portuguese.

Why: the three games' rulebooks and their words are Brazilian Portuguese, and the first
classes to play them are Brazilian (issue 33); a class server serves a class whose
students may read different languages, so the language is chosen per person, not per
server.

How it is built
---------------
* One gettext catalog per language, the ecosystem's standard format:
  ``ovnilab/locale/pt_BR/LC_MESSAGES/ovnilab.po``, made from the template
  ``ovnilab/locale/ovnilab.pot``. English sentences are the message ids, so English needs
  no catalog. The ``.po`` is read at run time with Babel (``read_po``, cached per
  language): no compiled ``.mo`` is committed and there is no build step. A fuzzy entry
  (a translation Babel guessed after the English changed) counts as untranslated: the
  English shows until a person checks it.
* Placeholders are NAMED (``_("{name} joined", name=n)``): a translation may put them in
  any order. Never build a sentence from fragments (``"won by " + names``): write the whole
  sentence with a placeholder, and join lists with :func:`format_list`.

Using it
--------
* ``_(msgid, **values)``: the sentence in the current language, formatted;
  ``n_(singular, plural, n, **values)``: the form for the number ``n`` (the catalog's
  plural rule; ``n`` is also a placeholder); ``pgettext(context, msgid, **values)``: for one
  English word that two places translate differently; ``N_(msgid)``: marks a sentence for
  the catalog without translating it now (kept as English, e.g. in a database, and
  translated when read: :func:`translate_english`); ``Nn_(singular, plural)`` the same
  for a plural sentence.
* The language: ``set_language("pt")`` (also ``ovnilab.set_language``) sets the process's
  default, the teacher's choice for the notebook boards and the projector; the
  environment variable ``OVNILAB_LANG`` (``make play LANG=pt``, ``make lab LANG=pt`` set it)
  gives the default at import, so a Voila board or a Lab kernel starts in it;
  ``with using_language("pt"):`` overrides it for one request or one person (a
  ``contextvars`` variable: another thread or asyncio task keeps its own). A thread pool
  runs a request's work in the request's language only when it runs it in a copy of the
  request's context (``contextvars.copy_context().run``, as the class server's ``Hub.run``
  does). :func:`negotiate` reads a browser's ``Accept-Language``.
* A web page's JavaScript: :func:`js_catalog` is the catalog as JSON data (the class
  server serves it at ``/api/catalog``); the page's ``t(msgid, values)`` /
  ``tn(singular, plural, n, values)`` look it up and fill named placeholders as Python does
  (``ovnilab/classroom/static/app.js``). Static HTML text is translated by the page: an
  element with ``data-t`` has its text (or, with ``data-t="aria-label"``, that attribute)
  looked up; :func:`extract_html` extracts those texts.
* Data a board shows: Cosmic's alien powers in one sentence (``summary`` in
  ``data/cosmic/aliens.toml``) are English in the data file and shown through ``_()``;
  :func:`extract_alien_summaries` extracts them, each with a translator comment naming its
  alien. A data file of the user's, whose summaries the catalog lacks, shows them as written.
* A game's rule options on the board's new-game tab: each option's one-line description
  (``rule_option``'s ``doc``) and each of its named values (``choices``: "earliest",
  "one_left") are English where the ``Rules`` dataclass declares them, and the tab says
  them through ``_()`` and ``pgettext(RULE_VALUE_CONTEXT, value)``;
  :func:`extract_rule_options` extracts them from the declared ``Rules`` (so an option
  added there reaches the catalog at the next ``make i18n`` with nothing to mark, and a
  value computed in code, a constant's tuple of choices, is extracted as the tab shows it).
  The values stay the notation: ``Rules(area_tie="earliest")`` and saves read them.

Adding or changing a sentence
-----------------------------
Write the English in the code inside ``_()`` (Python) or ``t()`` (the page's script), then
``make i18n``: it extracts every marked sentence (Python: ``_``, ``n_:1,2``,
``pgettext:1c,2``, ``N_``, ``Nn_:1,2``; JavaScript: ``t``, ``tn:1,2``; HTML: ``data-t``) into the
template with ``pybabel extract -F babel.cfg`` and merges it into the Portuguese catalog
with ``pybabel update``. Translate the new entries of the ``.po`` (remove ``#, fuzzy`` once
checked); ``tests/test_i18n.py`` fails while a sentence has no Portuguese, while the
catalog keeps one the code no longer says, or while a translation's placeholders differ
from the English. A later part of ovnilab (a board, the projector, a lesson) uses the same
functions and the same catalog; its files are added to ``babel.cfg``.

Portuguese as a Brazilian writes it: "você", "Sua vez", "Aguardando os outros jogadores".
The games' own words (Celeiro, Boi Bravo, Berlim) are Portuguese already and stay as the
rulebooks spell them.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
import re
import warnings
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

__all__ = ["LANGUAGES", "set_language", "get_language", "using_language", "normalize", "negotiate",
           "_", "n_", "pgettext", "N_", "Nn_", "format_list", "translate_english", "template_pattern",
           "js_catalog", "catalog_path",
           "extract_html", "extract_alien_summaries", "extract_rule_options", "RULE_VALUE_CONTEXT"]

#: the languages ovnilab speaks: English (the message ids) and Brazilian Portuguese
LANGUAGES: tuple[str, ...] = ("en", "pt")
#: the gettext locale of each language's catalog
LOCALES: dict[str, str] = {"en": "en", "pt": "pt_BR"}
DOMAIN = "ovnilab"
LOCALE_DIR = Path(__file__).parent / "locale"

#: the environment variable that gives the process's default language at import (the
#: teacher's ``make play LANG=pt`` / ``make lab LANG=pt``); not the POSIX ``LANG``, which
#: names the terminal's locale and is set on nearly every machine
ENV_VAR = "OVNILAB_LANG"
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("ovnilab_language", default=None)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


# ------------------------------------------------------------------ choosing the language
def normalize(lang: str) -> str:
    """``lang`` as one of :data:`LANGUAGES`: "pt-BR", "pt_BR", "PT" -> "pt"; "en-GB" ->
    "en". ValueError naming the languages for any other."""
    base = re.split(r"[-_]", str(lang).strip().lower(), maxsplit=1)[0]
    if base not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return base


def _env_default() -> str:
    """The default language the environment asks for (:data:`ENV_VAR`), English when unset;
    an unknown value warns and keeps English rather than stop an import."""
    value = os.environ.get(ENV_VAR, "").strip()
    if not value:
        return "en"
    try:
        return normalize(value)
    except ValueError as exc:
        warnings.warn(f"{ENV_VAR}: {exc}; English is used", RuntimeWarning, stacklevel=2)
        return "en"


_default = _env_default()


def set_language(lang: str) -> None:
    """Set the process's default language (the teacher's choice: notebook boards, the
    projector); a :func:`using_language` block overrides it."""
    global _default
    _default = normalize(lang)


def get_language() -> str:
    """The language in force here: the innermost :func:`using_language`, else the
    process's default."""
    return _current.get() or _default


@contextlib.contextmanager
def using_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block (one request, one person), whatever the process's
    default; other threads and tasks are unaffected."""
    token = _current.set(normalize(lang))
    try:
        yield _current.get() or _default
    finally:
        _current.reset(token)


def negotiate(accept_language: str | None, default: str = "en") -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header (RFC 9110: the
    highest q-value wins, ties in the header's order; ``q=0`` refuses): "pt-BR,pt;q=0.9,
    en;q=0.8" -> "pt". ``default`` when nothing offered is spoken here."""
    best, best_q = default, 0.0
    for part in (accept_language or "").split(","):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            name, _eq, value = p.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        try:
            lang = normalize(tag)
        except ValueError:
            continue
        if 0 < q <= 1 and q > best_q:
            best, best_q = lang, q
    return best


# ------------------------------------------------------------------ the catalogs
def catalog_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` (none for English: its sentences are the ids)."""
    return LOCALE_DIR / LOCALES[normalize(lang)] / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=None)
def _catalog(lang: str) -> Any:
    """The Babel catalog of ``lang``, read once; None for English."""
    if lang == "en":
        return None
    from babel.messages.pofile import read_po

    with open(catalog_path(lang), "rb") as f:
        return read_po(f, locale=LOCALES[lang], domain=DOMAIN)


@functools.lru_cache(maxsize=None)
def _plural(lang: str) -> Callable[[int], int]:
    """The catalog's plural rule (its ``Plural-Forms``) as a function n -> form index."""
    cat = _catalog(lang)
    return gettext.c2py(cat.plural_expr if cat is not None else "(n != 1)")


def _translation(msgid: str, context: str | None = None) -> Any:
    """The usable translation of ``msgid`` in the current language: a str, a tuple of
    plural forms, or None (English, a missing, empty or fuzzy entry)."""
    cat = _catalog(get_language())
    if cat is None:
        return None
    m = cat.get(msgid, context)
    if m is None or m.fuzzy:
        return None
    s = m.string
    if isinstance(s, (tuple, list)):
        return tuple(s) if all(s) else None
    return s or None


def _format(text: str, values: dict[str, Any]) -> str:
    return text.format_map(values) if values else text


def _(msgid: str, **values: Any) -> str:  # noqa: N802 (gettext's own name)
    """``msgid`` (an English sentence) in the current language, its named placeholders
    filled from ``values``."""
    return _format(_translation(msgid) or msgid, values)


def pgettext(context: str, msgid: str, **values: Any) -> str:
    """As :func:`_`, for one English text that ``context`` tells apart from the same
    English elsewhere (two different Portuguese words)."""
    return _format(_translation(msgid, context) or msgid, values)


def n_(singular: str, plural: str, n: int, **values: Any) -> str:
    """The form of a sentence for the number ``n`` (by the language's plural rule),
    formatted; ``{n}`` is filled with ``n`` unless ``values`` say otherwise."""
    values.setdefault("n", n)
    forms = _translation(singular)
    if forms is not None and isinstance(forms, tuple):
        i = _plural(get_language())(int(n))
        return _format(forms[min(i, len(forms) - 1)], values)
    return _format(singular if n == 1 else plural, values)


def N_(msgid: str) -> str:  # noqa: N802 (gettext's name for it)
    """Mark ``msgid`` for the catalog and return it unchanged (English): for a sentence
    kept as English (a stored event) and translated where it is read."""
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (as N_)
    """Mark a plural sentence for the catalog without translating it now: the pair, for
    :func:`n_` later (``n_(*pair, n)``) or for :func:`translate_english`."""
    return singular, plural


def format_list(items: Iterable[str]) -> str:
    """Names joined as a sentence of the current language says them: "Ana, Bia and Caio"
    / "Ana, Bia e Caio" (Babel's CLDR lists)."""
    from babel.lists import format_list as babel_list

    items = list(items)
    if not items:
        return ""
    return babel_list(items, locale=LOCALES[get_language()])


@functools.lru_cache(maxsize=None)  # a finite set: the catalog templates of the code (~300)
def template_pattern(template: str) -> re.Pattern[str]:
    """The regular expression that reads back a sentence made from ``template`` (an
    English sentence with named placeholders): each placeholder a named group of any
    text, the rest literal (``fullmatch`` it). :func:`translate_english` and
    :mod:`ovnilab.refusals` read stored English with it."""
    parts, last = [], 0
    for m in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last:m.start()]))
        parts.append(f"(?P<{m.group(1)}>.+?)")
        last = m.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.S)


def translate_english(text: str, templates: Iterable[str | tuple[str, str]],
                      value: Callable[[str], str] | None = None) -> str:
    """``text``, an English sentence made from one of ``templates`` (``N_`` sentences, or
    (singular, plural) pairs of a plural sentence) and stored as English, in the current
    language: the template it matches is translated and filled with the values read back
    from ``text`` (each value that is a catalog sentence, such as a seat's name, translated;
    ``value``, when given, says each value instead: a caller that knows its values' shapes).
    Text no template matches is returned as it is (a record written by an older ovnilab
    reads as it was written)."""
    if _catalog(get_language()) is None:
        return text
    for t in templates:
        forms = (t,) if isinstance(t, str) else t
        for form in forms:
            m = template_pattern(form).fullmatch(text)
            if m is None:
                continue
            # a value that is itself a catalog sentence (a seat's name, "Green alien") is
            # shown in the current language too
            values = {k: (value or _)(v) for k, v in m.groupdict().items()}
            if isinstance(t, str):
                return _(t, **values)
            n = int(values.pop("n")) if str(values.get("n", "")).isdigit() else 2
            return n_(t[0], t[1], n, **values)
    return text


def js_catalog(lang: str) -> dict[str, Any]:
    """``lang``'s catalog as JSON data for a page's script: ``messages`` (English id ->
    translation; a list of forms for a plural sentence; ``context\\u0004id`` for a
    ``pgettext`` one), the ``Plural-Forms`` expression, and ``plurals``: the form index
    for n = 0..199 (a page cannot evaluate the expression under the server's
    Content-Security-Policy, which forbids ``eval``; for n >= 200 the page uses the index
    of 100 + n % 100, which every gettext plural rule agrees with)."""
    lang = normalize(lang)
    out: dict[str, Any] = {"lang": lang, "locale": LOCALES[lang].replace("_", "-"), "messages": {}}
    cat = _catalog(lang)
    rule = _plural(lang)
    out["plural_expr"] = cat.plural_expr if cat is not None else "(n != 1)"
    out["plurals"] = [rule(n) for n in range(200)]
    if cat is None:
        return out
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        key = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        if m.context:
            key = f"{m.context}\x04{key}"
        s = m.string
        if isinstance(s, (tuple, list)):
            if all(s):
                out["messages"][key] = list(s)
        elif s:
            out["messages"][key] = s
    return out


# ------------------------------------------------------------------ extracting from HTML
class _TextsOf(HTMLParser):
    """Collects the texts of the ``data-t`` elements of a page (see :func:`extract_html`)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.open: list[list[Any]] = []  # [tag, line, texts] of data-t elements being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-t" not in a:
            return
        line = self.getpos()[0]
        if a["data-t"]:  # an attribute to translate
            for name in a["data-t"].split():
                if a.get(name):
                    self.found.append((line, " ".join(str(a[name]).split())))
        else:
            self.open.append([tag, line, []])

    def handle_data(self, data: str) -> None:
        for entry in self.open:
            entry[2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            _tag, line, texts = self.open.pop()
            text = " ".join("".join(texts).split())
            if text:
                self.found.append((line, text))


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """A Babel extraction method for the class pages' HTML: the text of each element
    marked ``data-t`` (whitespace collapsed, as the page looks it up), or with
    ``data-t="aria-label title"`` those attributes. In ``babel.cfg``:
    ``[ovnilab.i18n:extract_html: ovnilab/classroom/static/**.html]``."""
    parser = _TextsOf()
    parser.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []


# ------------------------------------------------------------------ extracting from Cosmic's aliens
def extract_alien_summaries(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """A Babel extraction method for Cosmic Encounter's alien data
    (``data/cosmic/aliens.toml``): each alien's one-line ``summary``, with a translator
    comment naming the alien. The board shows a summary through ``_()``, so a data file a
    user swapped in, whose summaries the catalog does not know, shows them as written. In
    ``babel.cfg``: ``[ovnilab_alien_summaries: data/cosmic/aliens.toml]``."""
    from .datafiles import tomllib  # tomli before Python 3.11

    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    aliens = [a for a in tomllib.loads(text).get("alien", []) if isinstance(a, dict)]
    # the line of each `summary = ...` key, in the file's order (TOML keeps no positions)
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if re.match(r"\s*summary\s*=", line)]
    if len(lines) != len(aliens):
        lines = [0] * len(aliens)
    for line, alien in zip(lines, aliens):
        summary = alien.get("summary")
        if isinstance(summary, str) and summary.strip():
            yield line, None, summary, [f"Cosmic Encounter: the {alien.get('name', '?')} alien's power in one sentence"]


# ------------------------------------------------------------------ extracting a game's rule options
#: the ``pgettext`` context of a rule option's named value ("earliest", "random"): the same
#: English word elsewhere (a bot "random", the colour "red") may be another Portuguese word
RULE_VALUE_CONTEXT = "rule option value"


def _module_of(path: str) -> str:
    """The dotted module name of a file of the ovnilab package (the last ``ovnilab``
    folder of its path is the package's)."""
    parts = Path(path).resolve().with_suffix("").parts
    i = len(parts) - 1 - parts[::-1].index("ovnilab")
    return ".".join(parts[i:])


def extract_rule_options(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """A Babel extraction method for a game's rules module that declares its ``Rules``
    (``ovnilab/<game>/rules/state.py``): the sentences the module marks itself (Babel's
    Python extractor; not with the section's option ``markers = none``, for a module
    whose calls of its own ``t()`` are no catalog's, and only its ``N_("...")`` sentences
    with ``markers = N_``), then each rule option's ``doc`` (whitespace collapsed, as the tab
    shows it) and each named value of its ``choices`` (context :data:`RULE_VALUE_CONTEXT`),
    read from the imported ``Rules`` dataclass (a doc or choices built in code are
    extracted as they are), each with a translator comment naming the game and option.
    In ``babel.cfg``, before the game's ``python`` section (the first matching section
    reads a file): ``[ovnilab_rule_options: ovnilab/*/rules/state.py]``."""
    import dataclasses
    import importlib

    from babel.messages.extract import extract_python

    markers = options.get("markers", "python")
    if markers == "python":
        yield from extract_python(fileobj, keywords, comment_tags, options)
        fileobj.seek(0)
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    if markers == "N_":
        import ast

        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "N_" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                yield node.lineno, "N_", node.args[0].value, []
    module = _module_of(fileobj.name)
    rules = getattr(importlib.import_module(module), "Rules", None)
    if rules is None or not dataclasses.is_dataclass(rules):
        return
    game = module.split(".")[1]
    lines = text.splitlines()
    for f in dataclasses.fields(rules):
        line = next((i for i, x in enumerate(lines, start=1) if re.match(rf"\s+{f.name}\s*:", x)), 0)
        doc = " ".join(str(f.metadata.get("doc") or "").split())
        if doc:
            yield line, None, doc, [f"{game} rule option {f.name}: what it means (the new-game tab's line under it)"]
        for value in f.metadata.get("choices") or ():
            if isinstance(value, str):
                yield line, "pgettext", (RULE_VALUE_CONTEXT, value), [
                    f"{game} rule option {f.name} ({doc}): this value's name in its drop-down (the value stays "
                    "the notation)"]
