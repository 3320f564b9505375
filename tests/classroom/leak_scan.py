"""The Cosmic class pages' leak scan, for a test in any language: every answer a page got
from ``/api/`` is replayed against the game at its position, and no card another seat
holds out of sight (by the game's own ``observation`` and what the seat saw happen) may
be named in it, in any of the spellings a page may use (English, the Portuguese board's).

Used by ``test_browser_class.py`` (English pages, with the log check) and
``test_browser_pt_pages.py`` (Portuguese pages, searching both spellings of a card).
"""

from __future__ import annotations

import html
import json
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterable

try:  # the words a revealed card counts as ("negotiate" under Emotion Control or a morph)
    from ovnilab.cosmic.render.labels import KIND_WORD
except ImportError:  # before the Cosmic drawing's names had a module of their own
    from ovnilab.cosmic.render.text import KIND_WORD


def capture(page: Any, into: list) -> None:
    """Keep every answer ``page`` gets from ``/api/`` in ``into``: (url, status, body)."""
    def on_response(resp: Any) -> None:
        if "/api/" in resp.url:
            try:
                into.append((resp.url, resp.status, resp.text()))
            except Exception as exc:  # the page went away mid-answer (a reload)
                into.append((resp.url, resp.status, f"<no body: {exc}>"))

    page.on("response", on_response)


def _has_key(data: Any, key: str) -> bool:
    if isinstance(data, dict):
        return key in data or any(_has_key(v, key) for v in data.values())
    if isinstance(data, list):
        return any(_has_key(v, key) for v in data)
    return False


def hidden(st: Any, seat: int) -> set[str]:
    """The names of the cards ``seat`` holds out of sight: its hand and its hoard."""
    return set(st.hand_names(seat)) | {st.t.name[c] for c in st.hoard[seat]}


def views(got: dict[str, list], seats: dict[str, int]) -> list[tuple[int, str, str]]:
    """Every seat view the pages got, (position, page key, JSON body), in the order of the
    positions they show;
    "watch" is the projector page. Each is the view of its own seat, none carries an
    observation."""
    out = []
    for key, items in got.items():
        for u, _status, text in items:
            if text.startswith("<no body"):
                continue
            data = json.loads(text)
            assert not _has_key(data, "observation"), f"{key}: a payload carries an observation: {u}"
            view = data.get("view") if isinstance(data.get("view"), dict) else data
            if "position" not in view:
                continue  # an error without a view ("too many moves")
            assert view["seat"] == (seats[key] if key != "watch" else None), f"{key} got seat {view['seat']}'s view"
            out.append((view["position"], key, text))
    assert {k for _, k, _ in out} == set(got), "a page received no view"
    return sorted(out, key=lambda t: t[0])


def assert_no_hidden_card(db: Path, room: str, payloads: Iterable[tuple[int, str, str]], seats: dict[str, int],
                          spellings: Callable[[str], Iterable[str]] = lambda card: (card,),
                          log_seat: Callable[[Any, int], str] | None = None) -> dict[str, int]:
    """Replay ``room`` (its stored start and actions in the database ``db``) along the
    ``payloads`` (:func:`views`) and fail if one names, in any of ``spellings(card)``, a
    card a seat other than its viewer holds out of sight that the viewer may not know of
    (the projector: one some seat may not know of). The aliens' power texts are public
    rules that may name a card: they are left out of the search. With ``log_seat(state,
    seat)`` (a seat's name as the log writes it), each page's log must also be exactly the
    log as the game tells it to that viewer. Returns, per student's page, how many
    payloads named one of its own hidden cards (the check can see a name)."""
    import ovnilab
    from ovnilab.i18n import _ as say, using_language

    with sqlite3.connect(db) as conn:
        start = conn.execute("SELECT start FROM rooms WHERE id=?", (room,)).fetchone()[0]
        actions = [r[0] for r in conn.execute("SELECT text FROM actions WHERE room=? ORDER BY seq", (room,))]
    st = ovnilab.load_json(start)
    base, applied, n = len(st.log), 0, st.num_players
    with using_language("pt"):  # a Portuguese page says each summary in Portuguese (the catalog's)
        said = {a.summary: say(a.summary) for a in st.g.aliens.values()}
    rules = sorted({t for english, portuguese in said.items() for s in (english, portuguese)
                    for t in (s, html.escape(s), json.dumps(html.escape(s), ensure_ascii=False)[1:-1],
                              json.dumps(s, ensure_ascii=False)[1:-1])}, key=len, reverse=True)
    names: dict[str, list[str]] = {}

    def spelled(card: str) -> list[str]:
        if card not in names:  # as a JSON string holds it, accents as themselves
            names[card] = sorted({json.dumps(s, ensure_ascii=False)[1:-1] for s in spellings(card)})
        return names[card]

    own = {k: 0 for k in seats}
    for position, key, text in payloads:
        while applied < position:
            st.apply(actions[applied])
            applied += 1
        assert len(st.log) - base == position
        # what each seat may know: what it sees now (the game's observation) and what it
        # saw happen (the log as the game describes each action to it: a card played face
        # up is named, a face-down selection or another's alien choice is not)
        told = {v: [st.describe(st.log[i], v, actor=st.actors[i]) for i in range(base, len(st.log))]
                for v in (*range(n), None)}
        # and what both revealed cards count as ("counts as negotiate" under Emotion Control
        # or a morph): public at the reveal, though the observation gives only the totals
        counted = " ".join(KIND_WORD.get(k, "") for k in st.kinds) if st.revealed else ""
        # and the cards of the last finished encounter, which every page's "Last encounter"
        # line names ("negotiate vs negotiate"): revealed face up to the whole table
        counted += " " + " ".join(c for c in (st.last_result or {}).get("cards", ()) if c)
        known = [json.dumps(st.observation(s)) + "\n" + "\n".join(told[s]) + "\n" + counted for s in range(n)]
        viewer = None if key == "watch" else seats[key]
        payload = json.loads(text)
        scan = json.dumps(payload, ensure_ascii=False)
        for rule in rules:
            scan = scan.replace(rule, "")
        if viewer is None:
            secret = {c for x in range(n) for c in hidden(st, x) if any(c not in known[y] for y in range(n) if y != x)}
        else:
            secret = {c for x in range(n) if x != viewer for c in hidden(st, x) if c not in known[viewer]}
            # a Gambler's claims offer every encounter face of the deck, whatever anyone holds
            # (its options never depend on a card: ovnilab/cosmic/aliens/red.py): a page that
            # offers them names those faces and tells nothing
            offered = (payload.get("view") or {}).get("legal") or []
            if any(isinstance(a, str) and ": say " in a for a in offered):
                secret -= {st.t.name[c] for c in st.cards_in_game[: st.g.deck_size] if st.t.is_enc[c]}
            own[key] += any(s in scan for c in hidden(st, viewer) for s in spelled(c))
        leaked = sorted(c for c in secret if any(s in scan for s in spelled(c)))
        assert not leaked, (f"{key} saw {leaked} at position {position} (held by another seat, not in its view): "
                            + " ... ".join(scan[max(0, scan.find(s) - 150):scan.find(s) + 60]
                                           for c in leaked for s in spelled(c) if s in scan))
        if log_seat is not None:  # the log a page gets is exactly the log as told to that viewer
            log = json.loads(text)
            log = (log.get("view") if isinstance(log.get("view"), dict) else log)["log"]
            lines = [f"{i + 1:>4}. {log_seat(st, st.actors[base + i])}: {told[viewer][i]}" for i in range(position)]
            assert log == lines[-len(log):] if log else position == 0, (key, position)
    return own


def assert_no_hidden_mission(db: Path, room: str, payloads: Iterable[tuple[int, str, str]],
                             seats: dict[str, int]) -> dict[str, int]:
    """Ovni's secret: the missions dealt to a seat (kept or not) are its own until the
    end. Fail if a payload (:func:`views`) names, in English or in Portuguese, a mission
    dealt to a seat other than its viewer (the projector: any seat's), but for a text the
    viewer's own missions also read. Returns, per student's page, how many payloads named
    one of its own missions (the check can see a mission's text)."""
    import ovnilab
    from ovnilab.i18n import using_language
    from ovnilab.ovni.render.text import mission_text

    with sqlite3.connect(db) as conn:
        st = ovnilab.load_json(conn.execute("SELECT start FROM rooms WHERE id=?", (room,)).fetchone()[0])
    by_id = {mi.id: mi for mi in st.cards.missions}

    def texts(seat: int) -> set[str]:
        out = set()
        for lang in ("en", "pt"):
            with using_language(lang):
                for mid in st.missions_dealt[seat]:
                    s = mission_text(by_id[mid], st.cards.categories)
                    out |= {s, html.escape(s)}
        return out

    dealt = {seat: texts(seat) for seat in range(st.num_players)}
    assert all(dealt.values()), "no missions dealt at the start: nothing to look for"
    own = {k: 0 for k in seats}
    for position, key, text in payloads:
        viewer = None if key == "watch" else seats[key]
        scan = json.dumps(json.loads(text), ensure_ascii=False)
        mine = dealt[viewer] if viewer is not None else set()
        secret = {t for seat, ts in dealt.items() if seat != viewer for t in ts} - mine
        leaked = sorted(t for t in secret if t in scan)
        assert not leaked, f"{key} saw another seat's mission {leaked} at position {position}"
        if viewer is not None:
            own[key] += any(t in scan for t in mine)
    return own
