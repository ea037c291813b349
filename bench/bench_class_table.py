"""The class table over its transport: a class at 8 tables on a real server, each seat a client like a kernel.

    python bench/bench_class_table.py [--seconds 90] [--tables 8] [--json]

Starts ``python -m widgets.server lessons`` (as ``./run app`` does, no preheated pools) with its own state
folder and save key, then opens 8 tables (Jabberwocky, Jubileu, Kalooki and Rummy of 4, and Klaberjass of 2,
as the issue's class of 30 plays them: 28 people, no bot) over the class-table WebSocket, each person a
client that connects as a kernel does (widgets/class_seat.py's proof) and, when it has a move, waits 1-2 s
like a person and plays a random legal one. Measured for the run: the time from a move sent to every other
seat of that table holding the state that carries it (median and p95, over the tables' moves), the server
process's CPU-seconds and memory (RSS growth) per table, and the kB per message. The page's repaint in
Chromium is not in it (tests/browser/test_class_table.py plays through pages); the authority's own cost
alone is bench/bench_class_table_core.py's.

Last run (2026-11-28, 2 cores at load average 17-19 from other work, 90 s): 8 tables, 28 people, 495 moves
(491 measured); move to every other seat holding it: median 40 ms, p95 126 ms; 0.43 CPU-s and 0.78 MB (server
RSS) per table; 10.2 kB per message (the seat's whole view and log, before the socket's compression).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.measure import load_average, percentile  # noqa: E402
from widgets.server.class_table_handler import KERNEL_HEADER, PROOF_HEADER, kernel_proof  # noqa: E402

TABLES = (("jabberwocky", 4), ("jubileu", 4), ("kalooki", 4), ("rummy", 4), ("klaberjass", 2),
          ("jabberwocky", 4), ("rummy", 4), ("klaberjass", 2))


class Seat:
    """One person: a connection, the last state heard, and a move made now and then."""

    def __init__(self, table: "Table", name: str) -> None:
        self.table, self.name = table, name
        self.state: dict[str, Any] | None = None
        self.seat: int | None = None
        self.connection: Any = None
        self.thinking = False
        self.messages = self.bytes = 0

    async def connect(self, url: str, key: str) -> None:
        kernel = secrets.token_hex(8)
        request = HTTPRequest(url, headers={KERNEL_HEADER: kernel, PROOF_HEADER: kernel_proof(key, kernel)})
        self.connection = await websocket_connect(request, max_message_size=64 * 1024 * 1024)

    def send(self, message: dict[str, Any]) -> None:
        self.connection.write_message(json.dumps(message))

    async def listen(self) -> None:
        while (text := await self.connection.read_message()) is not None:
            self.messages += 1
            self.bytes += len(text)
            message = json.loads(text)
            if message["op"] == "seat":
                self.seat = message["seat"]
                self.table.code = message["code"]
            elif message["op"] == "state":
                self.state = message["state"]
                self.table.heard(self, self.state)
                if self.state["legal"] and not self.thinking:
                    self.thinking = True
                    asyncio.get_running_loop().create_task(self.play())

    async def play(self) -> None:
        await asyncio.sleep(random.uniform(1.0, 2.0))  # a person looks before moving
        self.thinking = False
        state = self.state
        if state and state["legal"] and state["status"] == "playing":
            self.table.sent(self, state["seq"])
            self.send({"op": "send", "message": {"type": "move", "action": random.choice(state["legal"])}})


class Table:
    def __init__(self, game_id: str, players: int, n: int) -> None:
        self.game_id, self.code = game_id, ""
        self.seats = [Seat(self, f"P{n}x{k}") for k in range(players)]
        self.waiting: dict[int, tuple[float, set[int]]] = {}  # the seq a move was sent at -> (when, seats to hear)
        self.latencies: list[float] = []
        self.moves = 0

    def sent(self, seat: Seat, seq: int) -> None:
        self.waiting[seq] = (time.perf_counter(), {s.seat for s in self.seats if s is not seat and s.seat is not None})
        self.moves += 1

    def heard(self, seat: Seat, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        for seq, (when, others) in list(self.waiting.items()):
            if state["seq"] > seq and seat.seat in others:
                others.discard(seat.seat)
                if not others:  # every other seat holds the move: its slowest arrival is the move's time
                    self.latencies.append(now - when)
                    del self.waiting[seq]


async def run_class(url: str, key: str, seconds: float, count: int) -> list[Table]:
    tables = [Table(game_id, players, n) for n, (game_id, players) in enumerate((TABLES * 4)[:count])]
    for table in tables:
        for seat in table.seats:
            await seat.connect(url, key)
            asyncio.get_running_loop().create_task(seat.listen())
        host = table.seats[0]
        host.send({"op": "open", "game": table.game_id, "players": len(table.seats), "level": "easy",
                   "name": host.name, "options": {}})
        while not table.code:
            await asyncio.sleep(0.05)
        for seat in table.seats[1:]:
            seat.send({"op": "join", "code": table.code, "name": seat.name})
        while any(s.seat is None for s in table.seats):
            await asyncio.sleep(0.05)
        host.send({"op": "send", "message": {"type": "start"}})
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(1)
        for table in tables:  # a deal over: the host deals the next
            state = table.seats[0].state
            if state and state["status"] == "between deals":
                table.seats[0].send({"op": "send", "message": {"type": "next_deal"}})
    for table in tables:
        for seat in table.seats:
            seat.connection.close()
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--port", type=int, default=8977)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    key = secrets.token_hex(32)
    with tempfile.TemporaryDirectory() as state:
        env = {**os.environ, "PARLOUR_STATE_DIR": state, "PARLOUR_SAVE_KEY": key}
        server = subprocess.Popen([sys.executable, "-m", "widgets.server", "lessons", f"--port={args.port}",
                                   "--VoilaConfiguration.preheat_kernel=False"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            process = psutil.Process(server.pid)
            url = f"ws://127.0.0.1:{args.port}/parlour/class-table/socket"
            deadline = time.monotonic() + 120
            while True:
                try:
                    asyncio.run(_probe(url, key))
                    break
                except Exception:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start")
                    time.sleep(0.5)
            cpu0, rss0 = sum(process.cpu_times()[:2]), process.memory_info().rss
            tables = asyncio.run(run_class(url, key, args.seconds, args.tables))
            cpu, rss = sum(process.cpu_times()[:2]) - cpu0, process.memory_info().rss - rss0
        finally:
            server.terminate()
            server.wait(30)
    latencies = [ms * 1000 for t in tables for ms in t.latencies]
    messages = sum(s.messages for t in tables for s in t.seats)
    kb = sum(s.bytes for t in tables for s in t.seats) / 1024
    result = {"tables": len(tables), "people": sum(len(t.seats) for t in tables), "seconds": args.seconds,
              "moves": sum(t.moves for t in tables), "moves_measured": len(latencies),
              "median_ms": round(percentile(latencies, 0.5), 1) if latencies else None,
              "p95_ms": round(percentile(latencies, 0.95), 1) if latencies else None,
              "cpu_s_per_table": round(cpu / len(tables), 2), "mb_per_table": round(rss / len(tables) / 2**20, 2),
              "kb_per_message": round(kb / max(1, messages), 1), "load": load_average()}
    if args.json:
        print(json.dumps(result))
        return
    print(f"class table over its socket: {result['tables']} tables, {result['people']} people, "
          f"{args.seconds:.0f} s, load {result['load']}")
    for key_, value in result.items():
        print(f"  {key_:>16}: {value}")


async def _probe(url: str, key: str) -> None:
    request = HTTPRequest(url, headers={KERNEL_HEADER: "probe", PROOF_HEADER: kernel_proof(key, "probe")})
    connection = await websocket_connect(request)
    connection.close()


if __name__ == "__main__":
    main()
