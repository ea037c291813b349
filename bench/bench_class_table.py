"""The class table over its transport: a class at 8 tables on a real server, each seat a client like a kernel.

    python bench/bench_class_table.py [--seconds 90] [--tables 8] [--restart-at SECONDS] [--json]

Starts ``python -m widgets.server lessons`` (as ``./run app`` does, no preheated pools) with its own state
folder and save key, then opens 8 tables (Jabberwocky, Jubileu, Kalooki and Rummy of 4, and Klaberjass of 2,
as the issue's class of 30 plays them: 28 people, no bot) over the class-table WebSocket, each person a
client that connects as a kernel does (widgets/class_seat.py's proof) and, when it has a move, waits 1-2 s
like a person and plays a random legal one. Measured for the run: the time from a move sent to every other
seat of that table holding the state that carries it (median and p95, over the tables' moves), the server
process's CPU-seconds and memory (RSS growth, up to the restart) per table, and the kB per message. The page's
repaint in Chromium is not in it (tests/browser/test_class_table.py plays through pages); the authority's own
cost alone is bench/bench_class_table_core.py's.

The restart (``--restart-at``, by default half-way; 0 for none): the server is killed hard (SIGKILL, a crash)
mid-deal and started again on the same port with the same state folder and key; every seat connects anew as a
reloaded page's new kernel would and rejoins with its own seat token. Reported: the tables resumed (every seat
back at its table, its log as before), the moves lost (each move a client saw made before the kill, i.e. the
table moved on after it and no refusal came, must be in that seat's moves of the table's history file, in
order, which the new server replays), the seats whose log after the rejoin does not begin with the log they
held at the kill (a move the resumed game lacks or plays differently), the time from the restart to every seat
holding its state again (most of it the server's own start), the new server's CPU-seconds for its start and
replay, and the moves after the restart, timed like the others.

The hub: this bench runs the server as ``./run app`` does, but the kernel→server WebSocket is the same under
``./run hub``. deploy/jupyterhub/jupyterhub_config.py's shared route runs the same ``python -m widgets.server
lessons`` as the hub service, with ``--Voila.base_url=/services/parlour/`` on PARLOUR_HUB_SERVICE_PORT and
PARLOUR_STATE_DIR under the hub's state; ``announce_class_tables`` gives its kernels
``ws://127.0.0.1:<that port>/services/parlour/parlour/class-table/socket``, reached on loopback, not through the
hub's proxy, which fronts only the pages. What differs there: ``per_user_kernels`` makes the socket accept only
kernels the kernel manager started for a signed-in student (so this bench's clients, which have no kernels,
would be refused: it cannot run with the hub's options as it is), each seat belongs to its student, and a
finished deal is also recorded in the class's record store; the per-student route has no class tables.

Last run (2026-11-28, 2 cores at load average 5.9-7.7 from other work, the lead's browser tests among it, 90 s,
restart at 45 s): 8 tables, 28 people, 426 moves (421 measured); move to every other seat holding it: median
17 ms, p95 109 ms (180 ms over the 180 moves after the restart); 0.37 CPU-s and 0.96 MB (server RSS) per table;
5.1 kB per message. The restart, all 8 tables mid-deal: 8 of 8 tables resumed, 242 moves seen made before the
kill, 0 lost, 0 seats with a changed log, 0 rejoins refused; 11.8 s from the restart to every seat holding its
state (11.0 s of it the new server starting to listen, at load 7.7; then 0.8 s for 28 seats to rejoin); 5.4
CPU-s for the new server's start and replay. The run before, at load 7.9: p95 227 ms overall (179 ms after the
restart), 21.7 s to all seated (1.8 s of it the rejoins), 0 moves lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClosedError, websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.measure import load_average, percentile  # noqa: E402
from widgets.class_table.store import stored_tables  # noqa: E402
from widgets.class_table.wire import LogReceiver  # noqa: E402
from widgets.server.class_table_handler import KERNEL_HEADER, PROOF_HEADER, kernel_proof  # noqa: E402

TABLES = (("jabberwocky", 4), ("jubileu", 4), ("kalooki", 4), ("rummy", 4), ("klaberjass", 2),
          ("jabberwocky", 4), ("rummy", 4), ("klaberjass", 2))


class Seat:
    """One person: a connection (a new one after a restart, as a reloaded page's kernel opens), the last state
    heard, the seat's token, and a move made now and then."""

    def __init__(self, table: "Table", name: str) -> None:
        self.table, self.name = table, name
        self.state: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token = ""
        self.connection: Any = None
        self.thinking = False
        self.messages = self.bytes = 0
        self.pending: tuple[int, str] | None = None  # the seq a move was sent at, and the move
        self.answered = False  # ... and a newer state of the table has come since
        self.log_at_kill: list[Any] | None = None  # the log this seat held when the server was killed
        self.refused = ""  # why a rejoin was refused (a lost table or seat)

    async def connect(self, url: str, key: str) -> None:
        kernel = secrets.token_hex(8)
        request = HTTPRequest(url, headers={KERNEL_HEADER: kernel, PROOF_HEADER: kernel_proof(key, kernel)})
        self.connection = await websocket_connect(request, max_message_size=64 * 1024 * 1024)
        asyncio.get_running_loop().create_task(self.listen(self.connection))

    def send(self, message: dict[str, Any]) -> bool:
        try:
            self.connection.write_message(json.dumps(message))
            return True
        except WebSocketClosedError:  # the server is down: the move never left
            return False

    async def listen(self, connection: Any) -> None:
        receiver = LogReceiver()  # the server starts each connection's log anew
        while (text := await connection.read_message()) is not None:
            self.messages += 1
            self.bytes += len(text)
            message = json.loads(text)
            if message["op"] == "seat":
                self.seat, self.token = message["seat"], message["token"]
                self.table.code = message["code"]
            elif message["op"] == "refused" and message.get("about") == "rejoin":
                self.refused = message["text"]
            elif message["op"] == "refused" and message.get("about") == "send":
                self.pending = None  # the move was not made (another seat's came first)
            elif message["op"] == "state":
                self.state = state = receiver.state(message)
                if self.pending is not None and state["seq"] > self.pending[0]:
                    self.answered = True
                self.table.heard(self, state)
                if state["legal"] and not self.thinking:
                    self.thinking = True
                    asyncio.get_running_loop().create_task(self.play())

    async def play(self) -> None:
        await asyncio.sleep(random.uniform(1.0, 2.0))  # a person looks before moving
        while self.table.down:  # ... and waits for the table to come back after a restart
            await asyncio.sleep(0.1)
        self.thinking = False
        state = self.state
        if state and state["legal"] and state["status"] == "playing":
            action = random.choice(state["legal"])
            self.settle()
            if self.send({"op": "send", "message": {"type": "move", "action": action}}):
                self.table.sent(self, state["seq"])
                self.pending, self.answered = (state["seq"], action), False

    def settle(self) -> None:
        """The last move sent counts as acknowledged if the table moved on after it and no refusal of it came (a
        refusal follows the state that beat it on the same connection, so it is decided by the next move)."""
        if self.pending is not None and self.answered:
            self.table.acked.setdefault(self.seat, []).append(self.pending[1])
        self.pending = None


class Table:
    def __init__(self, game_id: str, players: int, n: int) -> None:
        self.game_id, self.code = game_id, ""
        self.seats = [Seat(self, f"P{n}x{k}") for k in range(players)]
        self.waiting: dict[int, tuple[float, set[int]]] = {}  # the seq a move was sent at -> (when, seats to hear)
        self.latencies: list[float] = []
        self.after: list[float] = []  # the same, for moves after the restart
        self.moves = 0
        self.acked: dict[int | None, list[str]] = {}  # seat → the moves it saw made, in order
        self.acked_at_kill: dict[int | None, list[str]] = {}
        self.down = False  # the server is being restarted
        self.restarted = False
        self.playing_at_kill = False

    def sent(self, seat: Seat, seq: int) -> None:
        self.waiting[seq] = (time.perf_counter(), {s.seat for s in self.seats if s is not seat and s.seat is not None})
        self.moves += 1

    def heard(self, seat: Seat, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        for seq, (when, others) in list(self.waiting.items()):
            if state["seq"] > seq and seat.seat in others:
                others.discard(seat.seat)
                if not others:  # every other seat holds the move: its slowest arrival is the move's time
                    (self.after if self.restarted else self.latencies).append(now - when)
                    del self.waiting[seq]


class Server:
    """``python -m widgets.server lessons`` as ``./run app`` runs it, with the bench's state folder and key."""

    def __init__(self, port: int, state: str, key: str) -> None:
        self.port, self.env = port, {**os.environ, "PARLOUR_STATE_DIR": state, "PARLOUR_SAVE_KEY": key}
        self.process: subprocess.Popen | None = None

    def start(self) -> psutil.Process:
        self.process = subprocess.Popen([sys.executable, "-m", "widgets.server", "lessons", f"--port={self.port}",
                                         "--VoilaConfiguration.preheat_kernel=False"], cwd=ROOT, env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return psutil.Process(self.process.pid)

    def kill(self) -> None:
        """A crash: SIGKILL, nothing flushed or closed by the server itself."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)


async def until_listening(url: str, key: str, server: Server) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            request = HTTPRequest(url, headers={KERNEL_HEADER: "probe", PROOF_HEADER: kernel_proof(key, "probe")})
            (await websocket_connect(request)).close()
            return
        except Exception:
            assert server.process is not None
            if time.monotonic() > deadline or server.process.poll() is not None:
                raise SystemExit("the server did not start") from None
            await asyncio.sleep(0.2)


def cpu_s(process: psutil.Process) -> float:
    return float(sum(process.cpu_times()[:2]))


async def open_tables(url: str, key: str, count: int) -> list[Table]:
    tables = [Table(game_id, players, n) for n, (game_id, players) in enumerate((TABLES * 4)[:count])]
    for table in tables:
        for seat in table.seats:
            await seat.connect(url, key)
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
    return tables


async def play_on(tables: list[Table], until: float) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(1)
        for table in tables:  # a deal over: the host deals the next
            state = table.seats[0].state
            if state and state["status"] == "between deals":
                table.seats[0].send({"op": "send", "message": {"type": "next_deal"}})


async def restart(tables: list[Table], server: Server, url: str, key: str, state_dir: Path) -> dict[str, Any]:
    """Kill the server mid-deal, start it again on the same port and folder, and let every seat rejoin with its
    token from a new connection (a reloaded page's new kernel); what came back, and how fast."""
    for table in tables:
        table.down = True
        table.playing_at_kill = bool(table.seats[0].state and table.seats[0].state["status"] == "playing")
    killed = time.perf_counter()
    server.kill()
    load = load_average()
    await asyncio.sleep(0.5)  # the last messages sent before the kill are read (a refusal among them)
    for table in tables:
        table.waiting.clear()  # moves in flight at the kill are not measured
        for seat in table.seats:
            seat.settle()
            seat.log_at_kill = list(seat.state["events"]) if seat.state else []
        table.acked_at_kill = {k: list(v) for k, v in table.acked.items()}
    kept = {code: records for code, records in stored_tables(state_dir / "class-tables")}  # what is replayed
    started = time.perf_counter()
    process = server.start()
    await until_listening(url, key, server)
    listening = time.perf_counter()
    for table in tables:
        for seat in table.seats:
            seat.state = None
            await seat.connect(url, key)
            seat.send({"op": "rejoin", "token": seat.token})
    while any(s.state is None and not s.refused for t in tables for s in t.seats):
        await asyncio.sleep(0.01)
    resumed = time.perf_counter()
    lost = diverged = tables_back = 0
    missing: list[str] = []
    for table in tables:
        for seat_number, seen in table.acked_at_kill.items():
            moves = [r["action"] for r in kept.get(table.code, []) if r.get("t") == "move" and r["seat"] == seat_number]
            absent = _not_in_order(seen, moves)
            lost += len(absent)
            missing += [f"{table.code} seat {seat_number}: {move}" for move in absent[:2]]
        seats_back = True
        for seat in table.seats:
            if seat.state is None:
                seats_back = False
                continue
            log = seat.state["events"]  # its log once every seat is back
            assert seat.log_at_kill is not None
            if log[:len(seat.log_at_kill)] != seat.log_at_kill:  # a move it saw is not in the resumed game
                diverged += 1
                seats_back = False
        tables_back += seats_back
        table.down, table.restarted = False, True
    return {"tables_resumed": tables_back, "tables_mid_deal_at_kill": sum(t.playing_at_kill for t in tables),
            "moves_acked_before_kill": sum(len(v) for t in tables for v in t.acked_at_kill.values()),
            "moves_lost": lost, **({"lost_for_example": missing[:4]} if missing else {}),
            "seats_log_diverged": diverged, "seats_refused": sum(bool(s.refused) for t in tables for s in t.seats),
            "kill_to_listening_s": round(listening - killed, 1), "restart_to_all_seated_s": round(resumed - started, 1),
            "listening_to_all_seated_s": round(resumed - listening, 2), "load_at_restart": load,
            "process": process, "resumed_at": resumed}


def _not_in_order(seen: list[str], kept: list[str]) -> list[str]:
    """The moves a seat saw made that its moves in the kept history do not hold in the same order."""
    absent, at = [], 0
    for move in seen:
        found = next((k for k in range(at, len(kept)) if kept[k] == move), None)
        if found is None:
            absent.append(move)
        else:
            at = found + 1
    return absent


async def run_class(server: Server, url: str, key: str, args: argparse.Namespace,
                    state_dir: Path) -> tuple[list[Table], dict[str, Any]]:
    process = server.start()
    await until_listening(url, key, server)
    cpu0, rss0 = cpu_s(process), process.memory_info().rss
    start = time.monotonic()
    tables = await open_tables(url, key, args.tables)
    out: dict[str, Any] = {}
    if args.restart_at > 0:
        await play_on(tables, start + args.restart_at)
        cpu, rss = cpu_s(process) - cpu0, process.memory_info().rss - rss0
        out = await restart(tables, server, url, key, state_dir)
        process = out.pop("process")
        cpu1 = cpu_s(process)
        out["restart_cpu_s"] = round(cpu1, 1)  # the new server's start and every table's replay
        await play_on(tables, start + args.seconds)
        cpu += cpu_s(process) - cpu1
    else:
        await play_on(tables, start + args.seconds)
        cpu, rss = cpu_s(process) - cpu0, process.memory_info().rss - rss0
    for table in tables:
        for seat in table.seats:
            seat.connection.close()
    out.update(cpu=cpu, rss=rss)
    return tables, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--port", type=int, default=8977)
    parser.add_argument("--restart-at", type=float, default=None,
                        help="seconds into the run to kill the server and start it again (default: half the run; "
                             "0: no restart)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.restart_at is None:
        args.restart_at = args.seconds / 2
    key = secrets.token_hex(32)
    with tempfile.TemporaryDirectory() as state:
        server = Server(args.port, state, key)
        url = f"ws://127.0.0.1:{args.port}/parlour/class-table/socket"
        try:
            tables, measured = asyncio.run(run_class(server, url, key, args, Path(state)))
        finally:
            server.stop()
    cpu, rss = measured.pop("cpu"), measured.pop("rss")
    measured.pop("resumed_at", None)
    latencies = [ms * 1000 for t in tables for ms in t.latencies + t.after]
    after = [ms * 1000 for t in tables for ms in t.after]
    messages = sum(s.messages for t in tables for s in t.seats)
    kb = sum(s.bytes for t in tables for s in t.seats) / 1024
    result = {"tables": len(tables), "people": sum(len(t.seats) for t in tables), "seconds": args.seconds,
              "moves": sum(t.moves for t in tables), "moves_measured": len(latencies),
              "median_ms": round(percentile(latencies, 0.5), 1) if latencies else None,
              "p95_ms": round(percentile(latencies, 0.95), 1) if latencies else None,
              "cpu_s_per_table": round(cpu / len(tables), 2), "mb_per_table": round(rss / len(tables) / 2**20, 2),
              "kb_per_message": round(kb / max(1, messages), 1), "load": load_average()}
    if args.restart_at > 0:
        result.update(measured, moves_after_restart=len(after),
                      p95_after_restart_ms=round(percentile(after, 0.95), 1) if after else None)
    if args.json:
        print(json.dumps(result))
        return
    print(f"class table over its socket: {result['tables']} tables, {result['people']} people, "
          f"{args.seconds:.0f} s, load {result['load']}")
    for key_, value in result.items():
        print(f"  {key_:>26}: {value}")


if __name__ == "__main__":
    main()
