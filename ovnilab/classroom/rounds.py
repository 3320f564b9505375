"""The rounds of a class experiment, in the class's store: a round opens with its pairs
(perfect strangers or partners, :func:`~.experiments.pair_up`), closes when every choice is
in or its time ran out (a bot then chooses the lesson's mix for the late), and the closed
rounds read back as records (:class:`~.experiments.Results`).

A mixin of :class:`~.rooms.Classroom` (it uses the classroom's store, clock and events):
the experiments' side of the director's tick, apart from the games' rooms.
"""

from __future__ import annotations

from typing import Any

from ..core import derive_seed, make_rng
from . import events
from .store import dumps, loads

__all__ = ["ExperimentRounds"]


class ExperimentRounds:
    """The experiment rounds of a :class:`~.rooms.Classroom` (see the module docstring)."""

    store: Any
    clock: Any

    def _experiment_tick(self, code: str) -> int:
        from . import experiments as xp  # numpy and nashpy: only when an experiment runs

        sess = self.store.one("SELECT * FROM sessions WHERE code=?", code)
        config = loads(sess["config"])
        exp = xp.get(sess["game"])
        now = self.clock()
        with self.store.write() as db:
            cur = db.execute("SELECT * FROM rounds WHERE session=? ORDER BY round DESC LIMIT 1", (code,)).fetchone()
            if cur is not None and cur["closed"] is None:
                return self._maybe_close_round(db, code, config, exp, cur, now)
            last = cur["round"] if cur is not None else 0
            if last >= config["rounds"]:
                db.execute("UPDATE sessions SET status='over', version=version+1 WHERE code=?", (code,))
                self.store.event(db, code, events.EXPERIMENT_OVER)
                return 1
            if cur is not None and now < cur["closed"] + config["pause"]:
                return 0
            people = [r["pid"] for r in db.execute("SELECT pid FROM participants WHERE session=? AND removed IS NULL "
                                                   "ORDER BY pid", (code,))]
            if not people:
                return 0
            if config["matching"] == "partners":
                # partners stay partners: each cohort (the students whose first round was
                # the same) is paired within itself, so a late arrival never splits a pair
                first: dict[str, int] = {}
                for rd in db.execute("SELECT round, pairs FROM rounds WHERE session=? ORDER BY round", (code,)):
                    for e in loads(rd["pairs"]):
                        for p in (e["row"], e["col"]):
                            if p is not None:
                                first.setdefault(p, rd["round"])
                cohorts: dict[int, list[str]] = {}
                for p in people:
                    cohorts.setdefault(first.get(p, last + 1), []).append(p)
                pairs = [pair for c, members in sorted(cohorts.items())
                         for pair in xp.pair_up(members, last + 1, "partners", derive_seed(config["seed"], c),
                                                   exp.symmetric)]
            else:
                # perfect strangers across a class whose members change between rounds (a
                # late arrival, a removed name): the pairs already played are avoided
                met = [(e["row"], e["col"]) for rd in db.execute("SELECT pairs FROM rounds WHERE session=?", (code,))
                       for e in loads(rd["pairs"])]
                pairs = xp.pair_up(people, last + 1, "strangers", config["seed"], exp.symmetric, met=met)
            rng = make_rng(derive_seed(config["seed"], 1_000_003 * (last + 1)))
            stored = []
            for row_p, col_p in pairs:
                entry: dict[str, Any] = {"row": row_p, "col": col_p, "bot": None}
                if row_p is None or col_p is None:
                    entry["bot"] = xp.bot_choice(exp, 0 if row_p is None else 1, rng)
                stored.append(entry)
            db.execute("INSERT INTO rounds VALUES (?, ?, ?, ?, NULL)", (code, last + 1, dumps(stored), now))
            db.execute("UPDATE sessions SET version=version+1 WHERE code=?", (code,))
            return 1

    def _maybe_close_round(self, db: Any, code: str, config: dict, exp: Any, cur: Any, now: float) -> int:
        from . import experiments as xp  # numpy and nashpy: only when an experiment runs

        pairs = loads(cur["pairs"])
        chosen = {r["participant"]: r for r in db.execute(
            "SELECT * FROM choices WHERE session=? AND round=?", (code, cur["round"]))}
        waiting = [(p, role) for e in pairs for role, p in ((0, e["row"]), (1, e["col"]))
                   if p is not None and p not in chosen]
        limit = config.get("decision_seconds")
        if waiting and (limit is None or now < cur["started"] + limit):
            return 0
        rng = make_rng(derive_seed(config["seed"], 2_000_003 * cur["round"]))
        for p, role in waiting:  # time ran out: a bot chooses for them (the lesson's mix)
            choice = xp.bot_choice(exp, role, rng)
            db.execute("INSERT INTO choices VALUES (?, ?, ?, ?, 'timeout', ?)", (code, cur["round"], p, choice, now))
            part = db.execute("SELECT id, name FROM participants WHERE session=? AND pid=?", (code, p)).fetchone()
            self.store.event(db, code, events.TIME_RAN_OUT_CHOICE.format(name=part["name"], choice=choice), None,
                             part["id"])
        db.execute("UPDATE rounds SET closed=? WHERE session=? AND round=?", (now, code, cur["round"]))
        db.execute("UPDATE sessions SET version=version+1 WHERE code=?", (code,))
        return 1

    def experiment_rows(self, code: str) -> list[dict[str, Any]]:
        """The records of every closed round (the format of ``experiments.Results``)."""
        from . import experiments as xp  # numpy and nashpy: only when an experiment runs

        sess = self.store.one("SELECT * FROM sessions WHERE code=?", code)
        exp = xp.get(sess["game"])
        out = []
        for rd in self.store.all("SELECT * FROM rounds WHERE session=? AND closed IS NOT NULL ORDER BY round", code):
            ch = {r["participant"]: r for r in self.store.all(
                "SELECT * FROM choices WHERE session=? AND round=?", code, rd["round"])}
            for e in loads(rd["pairs"]):
                picks = [ch[e["row"]]["choice"] if e["row"] else e["bot"],
                         ch[e["col"]]["choice"] if e["col"] else e["bot"]]
                pay = exp.payoffs(picks[0], picks[1])
                for role, p in ((0, e["row"]), (1, e["col"])):
                    if p is None:
                        continue
                    other = e["col"] if role == 0 else e["row"]
                    out.append({"session": code, "round": rd["round"], "participant": p,
                                "role": exp.roles[role], "choice": picks[role],
                                "opponent": other if other is not None else "bot",
                                "opponent_choice": picks[1 - role], "payoff": float(pay[role]),
                                "by": ch[p]["by"]})
        out.sort(key=lambda d: (d["round"], d["participant"]))
        return out

    def tick_experiment(self, code: str) -> int:
        """Open or close the experiment's round now if it is due (a round closes as soon
        as its last choice is in, without waiting for the director)."""
        sess = self.store.one("SELECT status FROM sessions WHERE code=?", code)
        return self._experiment_tick(code) if sess and sess["status"] == "running" else 0
