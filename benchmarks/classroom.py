"""A simulated class against the real class server: latency and memory.

Run with ``make bench-class`` (or ``.venv/bin/python benchmarks/classroom.py``). It
starts ``python -m ovnilab.classroom.server`` on a free port with a fresh database, then
plays, through the page's HTTP API (``ovnilab.classroom.client``), as a class would:

1. 30 students join one grouping code (``open_session("cows", group_size=2)``): 15 cow
   games in pairs, every student a thread that waits on its page (long poll) and, on its
   turn, thinks a moment (``--think`` seconds, uniform from 0 to twice the mean) and moves;
2. then 30 students play an experiment (lesson 1's encounter, ``--rounds`` rounds,
   strangers).

It prints: the time from a move (its request leaving the student's device) to its
appearance on the other seat's page (median, 95th percentile, max, n), the time from a round's last choice to every
student seeing the round's result, the time to answer a move, and the server's resident
memory (idle, with the class, per student). The goal (issue 21): p95 under 1 s.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ovnilab.classroom import Classroom  # noqa: E402
from ovnilab.classroom.client import connect  # noqa: E402
from ovnilab.classroom.rooms import StaleMove  # noqa: E402


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def quantiles(xs: list[float]) -> str:
    if not xs:
        return "n=0"
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return (f"median {1000 * statistics.median(s):7.1f} ms   p95 {1000 * p95:7.1f} ms   "
            f"max {1000 * s[-1]:7.1f} ms   n={len(s)}")


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # every simulated student joins from this one address within seconds: the limit on
    # joins per address and class game (a defence against scripts) is lifted for the load test
    proc = subprocess.Popen([sys.executable, "-m", "ovnilab.classroom.server", "--port", str(port), "--db", str(db),
                             "--quiet", "--joins-per-minute", "100000"], stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(url + "/static/style.css", timeout=1).close()
            return proc, url
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the class server did not start: " + log.read_text())


def run_students(student, n: int) -> None:
    """Run ``student(k)`` for k = 0..n-1, each in its own thread (a student's device), and
    wait for all of them."""
    threads = [threading.Thread(target=student, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)


def cow_class(cl: Classroom, url: str, n: int, think: float, seed: int) -> dict[str, list[float]]:
    sess = cl.open_session("cows", group_size=2, bot_wait=60, bot_delay=0.3, decision_seconds=None, seed=seed)
    srv = connect(url)
    seats = [srv.join(sess.code, f"student {i + 1}") for i in range(n)]
    acked: dict[tuple[str, int], tuple[float, int]] = {}  # (room, position after a move) -> (sent, mover)
    seen: list[float] = []
    answer: list[float] = []
    lock = threading.Lock()

    def student(k: int) -> None:
        rng = random.Random(seed * 1000 + k)
        seat = seats[k]
        v = seat.view()
        while v.get("status") in ("lobby", "running"):
            if v.get("room") and v.get("position") is not None:
                key = (v["room"], v["position"])
                with lock:
                    hit = acked.get(key)
                    if hit is not None and hit[1] != k:  # another student's move reached this page
                        seen.append(time.perf_counter() - hit[0])
                        acked.pop(key)
            if v.get("your_turn"):
                time.sleep(rng.uniform(0, 2 * think))
                key = (v["room"], v["position"] + 1)
                t = time.perf_counter()
                with lock:
                    acked[key] = (t, k)  # from the click: the request leaves now
                try:
                    seat.play(rng.choice(v["legal"]), v["position"])
                    answer.append(time.perf_counter() - t)
                except StaleMove:
                    with lock:
                        acked.pop(key, None)
                v = seat.last if seat.last is not None else seat.view()
                continue
            seat.wait(30, since=v["version"])
            v = seat.last

    run_students(student, n)
    games = sess.results()
    return {"seen": seen, "answer": answer, "games": [len(games)]}


def experiment_class(cl: Classroom, url: str, n: int, rounds: int, think: float, seed: int) -> dict[str, list[float]]:
    exp = cl.open_experiment("encounter", rounds=rounds, matching="strangers", decision_seconds=120, seed=seed,
                             pause=1.0)
    srv = connect(url)
    seats = [srv.join(exp.code, f"student {i + 1}") for i in range(n)]
    exp.start()
    last_choice: dict[int, float] = {}
    seen: list[float] = []
    answer: list[float] = []
    lock = threading.Lock()

    def student(k: int) -> None:
        rng = random.Random(seed * 1000 + k)
        seat = seats[k]
        v = seat.view()
        done_rounds = 0
        while v["status"] != "over":
            if len(v["history"]) > done_rounds:
                done_rounds = len(v["history"])
                with lock:
                    t0 = last_choice.get(done_rounds)
                if t0 is not None:
                    seen.append(time.perf_counter() - t0)
            if v["your_turn"]:
                time.sleep(rng.uniform(0, 2 * think))
                t = time.perf_counter()
                try:
                    seat.play(rng.choice(v["legal"]))
                except StaleMove:
                    pass
                now = time.perf_counter()
                answer.append(now - t)
                with lock:
                    last_choice[v["round"]] = max(last_choice.get(v["round"], 0.0), now)
                v = seat.view()
                continue
            seat.wait(30, since=v["version"])
            v = seat.last

    run_students(student, n)
    return {"seen": seen, "answer": answer, "rows": [len(exp.results())]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--think", type=float, default=0.5, help="mean thinking time of a simulated student (s)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="ovnilab-class-bench-"))
    proc, url = start_server(tmp / "class.sqlite", tmp / "server.log")
    try:
        time.sleep(1.0)
        idle = rss_mb(proc.pid)
        peak = [idle]
        stop = threading.Event()

        def watch() -> None:
            while not stop.wait(0.2):
                peak.append(rss_mb(proc.pid))

        threading.Thread(target=watch, daemon=True).start()
        cl = Classroom(tmp / "class.sqlite")
        t = time.perf_counter()
        cows = cow_class(cl, url, a.students, a.think, a.seed)
        t_cows = time.perf_counter() - t
        t = time.perf_counter()
        exp = experiment_class(cl, url, a.students, a.rounds, a.think, a.seed)
        t_exp = time.perf_counter() - t
        stop.set()
        top = max(peak)
        print(f"ovnilab class server, {a.students} simulated students over HTTP on this machine "
              f"({os.cpu_count()} cores), mean think time {a.think} s")
        print(f"cow games in pairs: {cows['games'][0]} games finished in {t_cows:.1f} s")
        print(f"  a move to the other seat's page:     {quantiles(cows['seen'])}")
        print(f"  the server's answer to a move:       {quantiles(cows['answer'])}")
        print(f"experiment ({a.rounds} rounds, strangers): {exp['rows'][0]} records in {t_exp:.1f} s")
        print(f"  a round's last choice to every page: {quantiles(exp['seen'])}")
        print(f"  the server's answer to a choice:     {quantiles(exp['answer'])}")
        print(f"server memory: {idle:.0f} MB idle, {top:.0f} MB at most with the class "
              f"({(top - idle) / a.students * 1024:.0f} KB per student)")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(20)


if __name__ == "__main__":
    main()
