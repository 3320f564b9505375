"""Cosmic cards as the board draws them: an encounter card (face up, face down or an
empty slot), a card's face (a band with its kind, then its value or its name, wrapped and
hyphenated to fit), and a card as a one-line chip (the cards in play)."""

from __future__ import annotations

from ...svg import fit as _fit
from ...svg import rect as _rect
from ...svg import text_width as _tw
from ...svg import wrap as _wrap
from ..data import ATTACK, FLARE, MORPH, NEGOTIATE, REINFORCEMENT
from ...i18n import _
from ..rules import State
from . import labels
from . import text as words
from .style import BACK, FAINT, KIND_COLOURS, MUTED, SMALL, _mid, _text, _tip

CHIP_H = 30.0  # a card in play


def _card(s: State, x: float, y: float, w: float, h: float, card: int, empty: str | None = None) -> str:
    """An encounter-sized card: -1 an empty slot, -2 a face-down card, else face up."""
    if card == -1:
        empty = _(words.NO_CARD) if empty is None else empty
        # on two lines where one is too narrow (Portuguese "sem carta" read "sem c…")
        lines = _wrap(empty, SMALL, w - 8)
        lines = lines if len(lines) == 2 and h >= 3 * SMALL else [empty]
        top = y + h / 2 - SMALL * 0.6 * (len(lines) - 1)
        return (_rect(x, y, w, h, "#fafbfc", FAINT, 1.2, 6, ' stroke-dasharray="4 3"')
                + "".join(_text(x + w / 2, _mid(top + i * SMALL * 1.2), _fit(line, SMALL, w - 8), SMALL, MUTED, "middle")
                          for i, line in enumerate(lines)))
    if card == -2:
        # "face down" on two lines: on one it is wider than the card's inner frame
        face, down = (_(w) for w in words.FACE_DOWN_LINES)
        return _tip(_(words.FACE_DOWN), _rect(x, y, w, h, BACK[0], BACK[1], 1.5, 6)
                    + _rect(x + 5, y + 5, w - 10, h - 10, "none", "#8f93d6", 1, 4)
                    + _text(x + w / 2, y + h * 0.42, "?", h * 0.32, "#ffffff", "middle", True)
                    + _text(x + w / 2, y + h - 34, face, SMALL, "#e1e2f7", "middle")
                    + _text(x + w / 2, y + h - 12, down, SMALL, "#e1e2f7", "middle"))
    return _face(s, x, y, w, h, card)


def _face(s: State, x: float, y: float, w: float, h: float, card: int) -> str:
    """A face-up card: a band with its kind, then a big value or its name (the full name
    as a tooltip). At least 100 wide and 80 tall (the band's "ATTACK" is 92 wide)."""
    T = s.t
    kind, value, name = T.kind[card], T.value[card], T.name[card]
    fill, border = KIND_COLOURS[kind]
    band = 26.0
    parts = [_rect(x, y, w, h, fill, border, 1.6, 6),
             _rect(x + 0.8, y + 0.8, w - 1.6, band, border, "none", 0, 5),
             _text(x + w / 2, _mid(y + band / 2 + 1), labels.kind_label(kind), SMALL, "#ffffff", "middle", True)]
    mid = y + band + (h - band) / 2
    big = min(h - band - 10, w * 0.42, 40.0)
    if kind in (ATTACK, REINFORCEMENT, NEGOTIATE, MORPH):
        parts.append(_text(x + w / 2, _mid(mid, big), labels.card_mark(kind, value), big, border, "middle", True))
    else:
        text = T.alien[card] if kind == FLARE else labels.card_label(name)
        room = max(1, int((h - band - 6) // 22))
        lines = _card_lines(text, w - 4, room)
        top = mid - (len(lines) - 1) * 11
        for i, line in enumerate(lines):
            parts.append(_text(x + w / 2, _mid(top + i * 22), line, SMALL, border, "middle", True))
    return _tip(labels.card_label(name), "".join(parts))


def _card_lines(text: str, width: float, room: int) -> list[str]:
    """``text`` in at most ``room`` lines of bold SMALL type ``width`` wide: by words, and
    a word too long for a line split in two with a hyphen (an alien's name on a flare:
    "Reincar-" "nator"), so a card's name is read, not guessed from "Reinc…"."""
    lines: list[str] = []
    for line in _wrap(text, SMALL, width, True):
        lines += _split_word(line, width) if " " not in line and _tw(line, SMALL, True) > width else [line]
    if len(lines) > room:
        lines = _wrap(text, SMALL, width, True)  # no room for the split: cut the words instead
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
    return [_fit(t, SMALL, width, True) for t in lines]


_VOWELS = set("aeiouyAEIOUY")
_DIGRAPHS = {"ch", "ck", "gh", "ph", "qu", "sh", "th", "wh"}


def _split_word(word: str, width: float) -> list[str]:
    """A word too wide for ``width`` in two lines that fit: at its own hyphen, else between
    two consonants (Bar-barian), else after a vowel (Kami-kaze), the most even such cut;
    the word as it is when no cut fits."""
    best: tuple[tuple[int, float], list[str]] | None = None
    for k in range(2, len(word) - 1):
        a, b = word[k - 1], word[k]
        if a == "-":
            kind = 0
        elif a.isalpha() and b.isalpha() and a not in _VOWELS and b not in _VOWELS \
                and (a + b).lower() not in _DIGRAPHS:
            kind = 1
        elif a in _VOWELS and b.isalpha() and b not in _VOWELS:
            kind = 2
        else:
            kind = 3
        head = word[:k] if a == "-" else word[:k] + "-"
        wide = max(_tw(head, SMALL, True), _tw(word[k:], SMALL, True))
        if wide <= width and (best is None or (kind, wide) < best[0]):
            best = (kind, wide), [head, word[k:]]
    return best[1] if best else [word]


def _chip(s: State, x: float, y: float, card: int) -> tuple[str, float]:
    """A card as a one-line chip in its kind's colours (for the cards in play); returns
    the SVG and its width."""
    fill, border = KIND_COLOURS[s.t.kind[card]]
    name = labels.card_label(s.t.name[card])
    w = _tw(name, SMALL, True) + 16
    return (_rect(x, y, w, CHIP_H, fill, border, 1.4, 6)
            + _text(x + 8, _mid(y + CHIP_H / 2), name, SMALL, border, bold=True)), w
