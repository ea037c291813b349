"""The class table's authority in one process (widgets/class_table), without a server or a browser.

    python bench/bench_class_table_core.py [--tables 8] [--level medium] [--whole] [--json]

A class at 8 tables of 4 (Jabberwocky, Jubileu, Kalooki and Rummy, twice each): at each table three
people (random legal moves, as fast as the loop goes) and one bot at the chosen level, every seat
subscribed, each message JSON-encoded as the transport sends it (the log by the lines it grew,
widgets/class_table/wire.py; ``--whole``: the whole state each time, as the transport sent it before).
The tables are played one move each in turn until every table's first deal is over. Measured: CPU-seconds
per table, the time from a move to every seat's message being ready (the move, the record written, each
seat's state made and encoded; median and p95), kB per message, MB of Python memory per table
(tracemalloc, a second run), and a restart: a new ClassTables on the same folder, how long it takes and how
many moves are lost.

The transport's own cost (the WebSocket, the kernel, the page's repaint) is bench/bench_class_table.py's.

Last run (2026-11-28 06:42, c4d3623, 2 cores at load average 17-19 from other work, level medium, 8 tables,
511 moves, 1,605 messages): 0.22 CPU-s per table for its first deal (Jabberwocky 0.02, Kalooki 0.11, Jubileu
0.26, Rummy 0.48); move to every seat's message ready: median 13 ms, p95 33 ms; 10.1 kB per message (the
whole log and view: a transport may compress); 0.54 MB per table (each person's seat keeps a copy of the
game that names it "You"); restart: 8 tables resumed in 0.34 s, 0 moves lost.

The log by its new lines (2026-11-28 09:57, load average 16-20, same 511 moves and 1,605 messages): 3.8 kB per
message against 10.1 kB with ``--whole`` in the same minute (first deals only: the whole log grows through a
match, the new lines do not).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import percentile  # noqa: E402
from widgets.class_table import ClassTables, Seat  # noqa: E402
from widgets.class_table.wire import LogSender  # noqa: E402

GAMES = ("jabberwocky", "jubileu", "kalooki", "rummy")
NAMES = ("Ana", "Ben", "Cy")


def a_class(tables: ClassTables, count: int, level: str,
            whole: bool = False) -> list[tuple[list[Seat], dict[str, Any]]]:
    """``count`` tables of 4: three people and a bot; every person's messages encoded (as the transport does, or
    ``whole``) and counted."""
    out = []
    for n in range(count):
        game_id = GAMES[n % len(GAMES)]
        host = tables.open(game_id, players=4, seed=1000 + n, level=level, host_name=f"Host{n}")
        seats = [host, *(tables.join(host.code, name=f"{name}{n}") for name in NAMES[:2])]
        sent = {"messages": 0, "bytes": 0, "cpu": 0.0, "latency": [], "game": game_id}

        for seat in seats:
            def send(state: dict[str, Any], sent: dict[str, Any] = sent, wire: LogSender = LogSender()) -> None:
                sent["messages"] += 1
                sent["bytes"] += len(json.dumps({"op": "state", "state": state} if whole else wire.message(state)))
            tables.subscribe(seat.token, send)
        tables.handle(host.token, {"type": "start"})
        out.append((seats, sent))
    return out


def play(tables: ClassTables, room: list[tuple[list[Seat], dict[str, Any]]], rng: random.Random) -> int:
    """One move at each table in turn until every table's first deal is over; the moves made."""
    moves, live = 0, list(room)
    while live:
        for seats, sent in list(live):
            start_cpu, start = time.process_time(), time.perf_counter()
            if tables.step_bots(seats[0].code):
                moved = True
            else:
                moved = False
                for seat in seats:
                    legal = tables.state_for(seat.token)["legal"]
                    if legal:
                        tables.handle(seat.token, {"type": "move", "action": rng.choice(legal)})
                        moved = True
                        break
            sent["cpu"] += time.process_time() - start_cpu
            if moved:
                sent["latency"].append((time.perf_counter() - start) * 1000)
                moves += 1
            if tables.state_for(seats[0].token)["status"] != "playing":
                live.remove((seats, sent))
            elif not moved:
                raise RuntimeError(f"table {seats[0].code} is stuck")
    return moves


def run(count: int, level: str, whole: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        tables = ClassTables(Path(folder), bot_delay=0, call_delay=0, clock=_ticking())
        room = a_class(tables, count, level, whole)
        moves = play(tables, room, random.Random(1))
        histories = {code: t.game.history for code, t in tables._tables.items()}
        start = time.perf_counter()
        again = ClassTables(Path(folder), bot_delay=0, call_delay=0)
        resumed = time.perf_counter() - start
        lost = sum(len(h) - len(again._tables[c].game.history) if c in again._tables else len(h)
                   for c, h in histories.items())
    latencies = [x for _, sent in room for x in sent["latency"]]
    messages = sum(sent["messages"] for _, sent in room)
    per_game: dict[str, list[float]] = {}
    for _, sent in room:
        per_game.setdefault(sent["game"], []).append(sent["cpu"])
    return {"tables": count, "level": level, "sent": "whole state" if whole else "log by its new lines",
            "moves": moves, "messages": messages,
            "cpu_s_per_table": round(sum(s["cpu"] for _, s in room) / count, 3),
            "cpu_s_by_game": {g: round(sum(v) / len(v), 3) for g, v in per_game.items()},
            "move_to_messages_ms_median": round(percentile(latencies, 0.5), 2),
            "move_to_messages_ms_p95": round(percentile(latencies, 0.95), 2),
            "kB_per_message": round(sum(s["bytes"] for _, s in room) / max(1, messages) / 1000, 1),
            "restart_s": round(resumed, 3), "tables_resumed": len(again._tables), "moves_lost": lost}


def memory_mb_per_table(count: int, level: str) -> float:
    """Python memory the tables hold once their first deals are played, per table (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = ClassTables(None, bot_delay=0, call_delay=0, clock=_ticking())
    room = a_class(tables, count, level)
    play(tables, room, random.Random(1))
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del tables, room
    return round(held / count / 1e6, 2)


def _ticking() -> Any:
    """A clock a second later at every reading: the loop's people never trip the per-seat flood limit."""
    now = [0.0]

    def clock() -> float:
        now[0] += 1.0
        return now[0]
    return clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--whole", action="store_true", help="send each seat its whole state (the log whole)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.tables, args.level, args.whole)
    result["mb_per_table"] = memory_mb_per_table(args.tables, args.level)
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
