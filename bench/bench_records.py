"""Bench: the record store (widgets/records) at a class's size, on SQLite and on PostgreSQL.

A class of ``--students`` (30) each finishing ``--deals`` (40) Jubilee deals of one deal set (the students'
seats played by bots of the three levels, so ten students share each line of play and the move counts mean
something). Prints, per backend: the seconds to write the whole class (submitted at once, written by the
writer thread), how long one ``submit`` keeps its caller (what a finished deal adds to a student's click:
median, p95, max), then each query the teacher's page makes at that size, as the median of ``--repeat`` runs
and as a ratio to a trivial query (``SELECT 1`` through the same store) timed in the same run, with the
load average beside each row. The PostgreSQL server is started here, as the tests start theirs
(tests/records/conftest.py: a temporary folder, a loopback port, stopped after).

    .venv/bin/python bench/bench_records.py [--students 30] [--deals 40] [--repeat 5] [--backends sqlite,postgresql]

Last run (2026-11-28, ``PARLOUR_SAVE_KEY=bench-key`` as on the hub, so the writer does not replay the moves again;
2 cores shared with other work at load 11-12, so every figure is several times a quiet machine's):

    backend     what                                          median    ratio
    SQLite      write 1200 deals (30 students x 40)    15.62 s          load 11.06
    SQLite      one submit (the caller's wait): median 0.47 ms, p95 32.55 ms, max 776.89 ms
    SQLite      trivial query (SELECT 1)                     0.17 ms      1.0   load 11.06
    SQLite      students (the class list)                   39.22 ms    231.1   load 11.06
    SQLite      deals of one student                         4.23 ms     24.9   load 11.06
    SQLite      accuracy over time (one student)             3.30 ms     19.5   load 11.06
    SQLite      mistakes and blunders (one student)         10.54 ms     62.1   load 11.06
    SQLite      refusals by rule (the game)                  9.97 ms     58.7   load 11.06
    SQLite      hardest decisions (the game)               105.75 ms    623.2   load 11.06
    SQLite      move counts of the deal set                368.02 ms   2168.7   load 11.06
    SQLite      who has done which (the set)                27.41 ms    161.5   load 11.06
    SQLite      new since the last look                     23.98 ms    141.3   load 11.06
    SQLite      CSV export (the class)                     317.60 ms   1871.5   load 11.45
    SQLite      my progress (a student's deals)             16.65 ms     98.1   load 11.45
    SQLite      from your teacher (a student's sets)        15.81 ms     93.2   load 11.45
    PostgreSQL  write 1200 deals (30 students x 40)    30.38 s          load 12.06
    PostgreSQL  one submit (the caller's wait): median 0.49 ms, p95 38.43 ms, max 1172.88 ms
    PostgreSQL  trivial query (SELECT 1)                     0.83 ms      1.0   load 12.06
    PostgreSQL  students (the class list)                   64.07 ms     77.2   load 12.06
    PostgreSQL  deals of one student                        11.96 ms     14.4   load 12.06
    PostgreSQL  accuracy over time (one student)            14.30 ms     17.2   load 12.06
    PostgreSQL  mistakes and blunders (one student)         21.79 ms     26.3   load 12.06
    PostgreSQL  refusals by rule (the game)                 20.51 ms     24.7   load 12.06
    PostgreSQL  hardest decisions (the game)               200.87 ms    242.0   load 12.06
    PostgreSQL  move counts of the deal set                541.03 ms    651.8   load 12.13
    PostgreSQL  who has done which (the set)                50.87 ms     61.3   load 12.13
    PostgreSQL  new since the last look                     21.15 ms     25.5   load 12.13
    PostgreSQL  CSV export (the class)                     399.73 ms    481.6   load 12.13
    PostgreSQL  my progress (a student's deals)             16.08 ms     19.4   load 12.13
    PostgreSQL  from your teacher (a student's sets)        23.12 ms     27.9   load 12.13

The slowest submit (0.8-1.2 s) is not explained yet: the median and p95 are the queue's append and the
record's check; the maximum came with the writer thread busy in the same process on a loaded machine.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.hints import LEVELS  # noqa: E402
from sqlalchemy import text  # noqa: E402
from tests.records.games import play  # noqa: E402
from widgets.deal_code import table_code  # noqa: E402
from widgets.records import Store, StudentRecords, TeacherRecords, record_from_game  # noqa: E402

CLASS = "bench class"
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)


def base_games(deals: int) -> dict[tuple[int, str], tuple[engine.Game, Any]]:
    """Each deal of the set played once per bots' level, with its review (worked out once: a review takes time)."""
    out = {}
    for k in range(deals):
        for level in LEVELS:
            game = play("jubilee", 1000 + k, level, **engine.GAMES["jubilee"].short_match)
            out[(k, level)] = (game, engine.review(game, 0))
    return out


def class_records(students: int, deals: int, set_id: int, games: dict) -> list[tuple[str, Any]]:
    rng = random.Random(1)
    rules = ["jubilee.values", "turn.order", *list(engine.GAMES["jubilee"].rules)[:3]]
    made = []
    for s in range(students):
        student = f"student{s:02d}"
        for k in range(deals):
            game, review = games[(k, LEVELS[s % len(LEVELS)])]
            refusals = {rng.choice(rules): rng.randint(1, 3)} if rng.random() < 0.4 else {}
            made.append((student, record_from_game(
                game, 0, student, "jubilee", "medium", class_name=CLASS, review=review, deal_set=set_id,
                refusals=refusals, finished_at=T0 + timedelta(minutes=k * 7 + s))))
    return made


def median_time(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def bench_backend(name: str, where: str, spool: Path, args: argparse.Namespace, games: dict,
                  made: list[tuple[str, Any]]) -> list[str]:
    store = Store(where, spool=spool, retry_every=0.5)
    lines = []
    try:
        teacher = TeacherRecords(store, CLASS)
        codes = [table_code(games[(k, LEVELS[0])][0].players, games[(k, LEVELS[0])][0].seed) for k in range(args.deals)]
        set_id = teacher.create_deal_set("teacher", "Bench set", "jubilee", codes, "medium",
                                         dict(engine.GAMES["jubilee"].short_match))
        teacher.publish(set_id)
        assert set_id == 1, "the records were built for the first deal set of an empty store"
        submits = []
        began = time.perf_counter()
        for student, one in made:
            t = time.perf_counter()
            store.submit(one, student)
            submits.append(time.perf_counter() - t)
        store.flush(600)
        wrote = time.perf_counter() - began
        load = os.getloadavg()[0]
        submits.sort()
        lines.append(f"{name:<11} write {len(made)} deals ({args.students} students x {args.deals})"
                     f"{wrote:>9.2f} s{'':>10}load {load:.2f}")
        lines.append(f"{name:<11} one submit (the caller's wait): median {statistics.median(submits) * 1000:.2f} ms, "
                     f"p95 {submits[int(len(submits) * 0.95)] * 1000:.2f} ms, max {submits[-1] * 1000:.2f} ms")
        trivial = median_time(lambda: store.read(lambda s: s.execute(text("SELECT 1")).scalar()), args.repeat * 4)
        lines.append(f"{name:<11} {'trivial query (SELECT 1)':<40}{trivial * 1000:>9.2f} ms{'1.0':>9}"
                     f"   load {os.getloadavg()[0]:.2f}")
        student = "student07"
        mine = StudentRecords(store, CLASS, student)
        queries: list[tuple[str, Callable[[], Any]]] = [
            ("students (the class list)", teacher.students),
            ("deals of one student", lambda: teacher.deals(student)),
            ("accuracy over time (one student)", lambda: teacher.accuracy_over_time(student)),
            ("mistakes and blunders (one student)", lambda: teacher.mistakes(student)),
            ("refusals by rule (the game)", lambda: teacher.refusals_by_rule("jubilee")),
            ("hardest decisions (the game)", lambda: teacher.hardest_decisions("jubilee")),
            ("move counts of the deal set", lambda: teacher.deal_set_moves(set_id)),
            ("who has done which (the set)", lambda: teacher.deal_set_progress(set_id)),
            ("new since the last look", lambda: teacher.recorded_since(datetime.now(timezone.utc)
                                                                        - timedelta(seconds=5))),
            ("CSV export (the class)", teacher.export_csv),
            ("my progress (a student's deals)", mine.deals),
            ("from your teacher (a student's sets)", mine.deal_sets),
        ]
        for label, work in queries:
            seconds = median_time(work, args.repeat)
            lines.append(f"{name:<11} {label:<40}{seconds * 1000:>9.2f} ms{seconds / trivial:>9.1f}"
                         f"   load {os.getloadavg()[0]:.2f}")
    finally:
        store.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    began = time.perf_counter()
    games = base_games(args.deals)
    made = class_records(args.students, args.deals, 1, games)
    print(f"{args.deals} deals x {len(LEVELS)} levels played and reviewed, {len(made)} records built, in "
          f"{time.perf_counter() - began:.1f} s (not part of the figures below)")
    print(f"{'backend':<11} {'what':<40}{'median':>12}{'ratio':>9}")
    folder = Path(tempfile.mkdtemp(prefix="parlour-bench-records-"))
    try:
        for backend in args.backends.split(","):
            if backend == "sqlite":
                lines = bench_backend("SQLite", str(folder / "records.sqlite"), folder / "sqlite.spool", args, games,
                                      made)
            elif backend == "postgresql":
                from tests.records.conftest import Postgres
                server = Postgres()
                try:
                    lines = bench_backend("PostgreSQL", server.create_database(), folder / "pg.spool", args, games,
                                          made)
                finally:
                    server.close()
            else:
                raise SystemExit(f"unknown backend {backend!r}: sqlite or postgresql")
            print("\n".join(lines), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
