"""The class table's transport in the server process that serves the pages (``./run app``'s guarded Voilà,
the hub's shared Voilà service): one :class:`~widgets.class_table.ClassTables` per server, a WebSocket a
page's kernel opens for one seat, and the task that paces the bots and closes idle tables.

Why a kernel connects, not the page: the kernel already paints the table with the existing widgets; it
asks for one seat and hears only what that seat may see (``state_for``), so nothing hidden ever reaches a
page, and no widget state is shared between pages.

Who may connect: only a kernel this server started. Each kernel inherits the server's save key
(:func:`widgets.server.save_key.ensure_save_key`) and proves it with :func:`kernel_proof` over its kernel
id; a page cannot run code in its kernel, so it cannot forge one. On a hub the kernel's id names its
student (the kernel manager recorded whose page it was started for), and that student is the ``user`` of
every seat the connection takes: another student's seat token is refused by the tables.

The protocol, one JSON object per message (``op`` says what it is):

- kernel -> server: ``open`` (game, players, options, level, name: the service chooses the seed, which no
  seat ever sees), ``join`` (code, name), ``rejoin`` (token), ``send`` (a move or a control for the seat:
  ``{"op": "send", "message": {"type": "move", "action": "play 7S"}}``), ``review`` (deal).
- server -> kernel: ``seat`` (code, seat, token, teacher), ``state`` (the seat's state after each change, its
  log by the lines it grew since the last: widgets/class_table/wire.py),
  ``refused`` (text: why a request changed nothing), ``review`` (deal, review).

Limits: a message longer than :data:`MAX_MESSAGE_BYTES` closes the connection (tornado's own check); a
connection that sends more than :data:`BURST` messages at once, or more than :data:`RATE` a second for
long, is cut off (the other seats do not notice); tables per server and idle time are the tables' own.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop

from engine.shuffle import random_seed
from widgets.class_table.wire import LogSender
from widgets.server import save_key

log = logging.getLogger("parlour.class_table")

#: Where a kernel finds its server's class-table socket (the server puts it in its environment before
#: any kernel starts; a kernel without it, as in JupyterLab or the static site, offers no class table).
CLASS_TABLE_URL_ENV = "PARLOUR_CLASS_TABLE_URL"
#: Hub users who are teachers (comma-separated names): their tables give them the teacher's controls.
TEACHERS_ENV = "PARLOUR_TEACHERS"
SOCKET_PATH = "parlour/class-table/socket"
KERNEL_HEADER = "X-Parlour-Kernel"
PROOF_HEADER = "X-Parlour-Proof"
MAX_MESSAGE_BYTES = 16 * 1024  # a move or a control is a few dozen bytes
RATE = 10.0  # messages a second a connection may keep up (a person clicks far fewer)
BURST = 40  # ... and at once
IDLE_CHECK_SECONDS = 30.0
MAX_PACE_WAIT = 1.0  # the pacer looks again at least this often (a table resumed after a restart)
OPS = ("open", "join", "rejoin", "send", "review")


def kernel_proof(key: str, kernel_id: str) -> str:
    """What a kernel sends to open a seat's socket (:func:`widgets.server.save_key.kernel_proof`)."""
    return save_key.kernel_proof(key, kernel_id, "parlour-class-table")


class ClassTableService:
    """One server's class tables and the loop that paces their bots.

    ``owner_of(kernel_id)``: the student a kernel's page was rendered for (a hub), or None when pages are
    not told apart (``./run app``): then the host of a table gets the teacher's controls; on a hub only a
    user in ``teachers`` does.
    """

    def __init__(self, tables: Any, *, key: str, owner_of: Callable[[str], str | None] | None = None,
                 teachers: frozenset[str] = frozenset()) -> None:
        self.tables = tables
        self.key = key
        self.owner_of = owner_of
        self.teachers = teachers
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="parlour-class-table")
        self._pacer: asyncio.Task | None = None
        self._wake: asyncio.Event | None = None
        self._next_idle_check = 0.0
        self.seated: dict[str, str] = {}  # a kernel connected now → the token of the seat it holds

    def where(self, kernel_id: str) -> dict[str, Any] | None:
        """The class table a kernel's page sits at now (its code, game and seat, for the teacher's "online now"),
        or None when its page plays alone."""
        token = self.seated.get(kernel_id)
        if token is None:
            return None
        try:
            return self.tables.seat_summary(token)
        except Exception:  # the table closed meanwhile
            return None

    # ---- who is connecting ----
    def identify(self, kernel_id: str, proof: str) -> tuple[bool, str | None]:
        """(whether the kernel proved it is this server's, the student it belongs to on a hub)."""
        if not kernel_id or len(kernel_id) > 100 or not hmac.compare_digest(proof, kernel_proof(self.key, kernel_id)):
            return False, None
        if self.owner_of is None:
            return True, None
        owner = self.owner_of(kernel_id)
        return owner is not None, owner

    def is_teacher(self, user: str | None) -> bool:
        """Whether a host gets the teacher's controls: on one laptop the host does, on a hub a named teacher."""
        return self.owner_of is None or user in self.teachers

    # ---- the bots' pace and idle tables ----
    def start(self) -> None:
        """Start the pacer on the running loop (once; the first connection calls it)."""
        if self._pacer is None or self._pacer.done():
            self._wake = asyncio.Event()
            self._pacer = asyncio.get_running_loop().create_task(self._pace())

    def poke(self) -> None:
        """Something changed (a move, a start, a seat taken): the pacer looks again now."""
        if self._wake is not None:
            self._wake.set()

    def stop(self) -> None:
        if self._pacer is not None:
            self._pacer.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    async def _pace(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wake is not None
        while True:
            wait = MAX_PACE_WAIT
            due_now = []
            for code in self.tables.codes():  # tables resumed after a restart too
                try:
                    due = self.tables.bot_due(code)
                except Exception:  # a table closed meanwhile: nothing to pace there
                    continue
                if due is None:
                    continue
                if due <= 0:
                    due_now.append(code)
                else:
                    wait = min(wait, due)
            if due_now:  # bots think in threads, so the loop keeps answering every seat meanwhile
                results = await asyncio.gather(*(loop.run_in_executor(self.executor, self.tables.step_bots, code)
                                                 for code in due_now), return_exceptions=True)
                for code, result in zip(due_now, results):
                    if isinstance(result, BaseException):
                        log.warning("A bot could not move at class table %s: %r", code, result)
                wait = 0.0
            if time.monotonic() >= self._next_idle_check:
                self._next_idle_check = time.monotonic() + IDLE_CHECK_SECONDS
                for code in self.tables.close_idle():
                    log.info("Closed class table %s: idle", code)
            self._wake.clear()
            if wait > 0:
                try:
                    await asyncio.wait_for(self._wake.wait(), wait)
                except asyncio.TimeoutError:
                    pass
            else:
                await asyncio.sleep(0)


class ClassTableSocket(tornado.websocket.WebSocketHandler):
    """One kernel's connection; it holds at most one seat at a time (a new open/join/rejoin replaces it)."""

    def initialize(self, service: ClassTableService) -> None:
        self.service = service
        self.user: str | None = None
        self.token: str | None = None
        self.unsubscribe: Callable[[], None] | None = None
        self.wire = LogSender()
        self.allowance = float(BURST)
        self.checked = time.monotonic()

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE_BYTES

    def check_origin(self, origin: str) -> bool:
        return False  # a kernel sends no Origin: any page's script that tries is refused

    async def get(self, *args: Any, **kwargs: Any) -> None:
        headers = self.request.headers
        self.kernel_id = headers.get(KERNEL_HEADER, "")
        ok, self.user = self.service.identify(self.kernel_id, headers.get(PROOF_HEADER, ""))
        if not ok:
            log.warning("Refusing a class-table connection from %s: not a kernel of this server",
                        self.request.remote_ip)
            raise tornado.web.HTTPError(403, "not a kernel of this server")
        await super().get(*args, **kwargs)

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.service.start()
        self.loop = IOLoop.current()

    def on_close(self) -> None:
        self._unbind()

    # ---- messages ----
    def on_message(self, message: str | bytes) -> None:
        if not self._within_rate():
            log.warning("Cutting off a class-table connection that sent too many messages (seat %s)",
                        self.token and self.token[:6])
            self._unbind()
            self.close(1008, "too many messages")
            return
        try:
            request = json.loads(message)
        except (ValueError, UnicodeDecodeError):
            request = None
        if not isinstance(request, dict) or request.get("op") not in OPS:
            self._send({"op": "refused", "text": "That message is not one the class table understands."})
            return
        op = request["op"]
        handlers = {"open": self._open_table, "join": self._join_table, "rejoin": self._rejoin_seat,
                    "send": self._relay, "review": self._review}
        try:
            handlers[op](request)
        except Exception as exc:  # the tables' ClassTableError names what is wrong and changed nothing
            if not _is_refusal(exc):
                log.exception("A class-table request failed")
            self._send({"op": "refused", "about": op, "text": _words(exc)})
        self.service.poke()

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self.allowance = min(float(BURST), self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def _open_table(self, request: dict) -> None:
        teacher = self.service.is_teacher(self.user)
        seat = self.service.tables.open(
            _text(request, "game", 40), players=_int(request, "players"), options=_options(request),
            seed=random_seed(), level=_text(request, "level", 20), host_name=self._name(request),
            user=self.user, teacher=teacher, settings=_digits(request))
        self._bind(seat)

    def _join_table(self, request: dict) -> None:
        self._bind(self.service.tables.join(_text(request, "code", 40), name=self._name(request), user=self.user))

    def _name(self, request: dict) -> Any:
        """The name the person typed; on a hub, their login name when they typed none (the tables check it)."""
        name = request.get("name")
        return self.user if self.user is not None and (not isinstance(name, str) or not name.strip()) else name

    def _rejoin_seat(self, request: dict) -> None:
        self._bind(self.service.tables.rejoin(_text(request, "token", 200), user=self.user))

    def _relay(self, request: dict) -> None:
        message = request.get("message")
        if self.token is None:
            raise _Refusal("Take a seat first: play with others, or join a table.")
        if not isinstance(message, dict):
            raise _Refusal("That message is not one the class table understands.")
        self.service.tables.handle(self.token, message, user=self.user)

    def _review(self, request: dict) -> None:
        if self.token is None:
            raise _Refusal("Take a seat first: play with others, or join a table.")
        deal, token, tables = _int(request, "deal"), self.token, self.service.tables

        def done(future: Any) -> None:
            try:
                self._send({"op": "review", "deal": deal, "review": future.result()})
            except Exception as exc:
                self._send({"op": "refused", "about": "review", "text": _words(exc)})

        # a review replays the deal and rates each decision: a thread, so the table goes on meanwhile
        self.service.executor.submit(tables.review_for, token, deal, user=self.user).add_done_callback(done)

    # ---- the seat this connection holds ----
    def _bind(self, seat: Any) -> None:
        self._unbind()
        self.token = seat.token
        self.service.seated[self.kernel_id] = seat.token
        self.wire = LogSender()  # the kernel starts a new log with each seat
        self._send({"op": "seat", "code": seat.code, "seat": seat.seat, "token": seat.token,
                    "teacher": bool(seat.teacher)})
        self.unsubscribe = self.service.tables.subscribe(seat.token, self._state, user=self.user)  # sends one now

    def _unbind(self) -> None:
        unsubscribe, token, self.unsubscribe, self.token = self.unsubscribe, self.token, None, None
        kernel = getattr(self, "kernel_id", "")
        if token is not None and self.service.seated.get(kernel) == token:
            del self.service.seated[kernel]
        if unsubscribe is not None:
            unsubscribe()

    def _state(self, state: dict) -> None:
        """The tables call this after each change, from whichever thread made it (under the table's lock: the
        states of one seat come here one at a time, in order)."""
        self._send(self.wire.message(state))

    def _send(self, message: dict) -> None:
        text = json.dumps(message)
        self.loop.add_callback(self._write, text)  # thread-safe: a bot's move comes from a worker thread

    def _write(self, text: str) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            try:
                self.write_message(text)
            except tornado.websocket.WebSocketClosedError:
                pass


class _Refusal(Exception):
    """A request this transport refuses before it reaches the tables (no seat yet, a malformed field)."""


def _is_refusal(exc: Exception) -> bool:
    return isinstance(exc, _Refusal) or type(exc).__name__ == "ClassTableError" or isinstance(exc, ValueError)


def _words(exc: Exception) -> str:
    if _is_refusal(exc):
        return str(exc)
    return "The class table could not do that; try again, or ask your teacher."


def _text(request: dict, key: str, limit: int) -> str:
    value = request.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise _Refusal(f"The request's {key} is missing or too long.")
    return value.strip()


def _int(request: dict, key: str) -> int:
    value = request.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
        raise _Refusal(f"The request's {key} is not a number it could be.")
    return value


def _digits(request: dict) -> str:
    """The settings part of the lesson's deal code for the table's options (the tables check its shape)."""
    value = request.get("settings", "")
    if not isinstance(value, str) or len(value) > 20:
        raise _Refusal("The request's settings are not settings of a game.")
    return value


def _options(request: dict) -> dict[str, Any]:
    options = request.get("options", {})
    if not isinstance(options, dict) or len(options) > 20 or not all(isinstance(k, str) for k in options):
        raise _Refusal("The request's settings are not settings of a game.")
    return options


def class_table_service(state_root: Path, *, key: str, owner_of: Callable[[str], str | None] | None,
                        on_deal_over: Callable[[Any], None] | None = None) -> ClassTableService:
    """The server's one service, its tables kept under ``state_root/class-tables`` (resumed after a restart);
    ``on_deal_over``: where each finished deal goes to be recorded, on a server that records a class."""
    from widgets.class_table import ClassTables

    teachers = frozenset(name.strip() for name in os.environ.get(TEACHERS_ENV, "").split(",") if name.strip())
    return ClassTableService(ClassTables(state_root / "class-tables", on_deal_over=on_deal_over), key=key,
                             owner_of=owner_of, teachers=teachers)


def table_recorder(per_student: bool) -> Callable[[Any], None] | None:
    """What records the class tables' finished deals in the class's store, where this server records a class (a
    hub, or ``--class NAME``); None on a plain ``./run app``."""
    from widgets.server.records_route import records_class

    if not records_class(per_student):
        return None
    from widgets.class_table.recording import TableRecorder
    from widgets.server.class_records import class_name, records_store

    return TableRecorder(records_store, class_name())


def class_table_routes(base_url: str, service: ClassTableService) -> list[tuple]:
    """The route to add to the server's handlers."""
    from jupyter_server.utils import url_path_join

    return [(url_path_join(base_url, SOCKET_PATH), ClassTableSocket, {"service": service})]


def announce_class_tables(ip: str, port: int, base_url: str) -> None:
    """Put the socket's address in this process's environment, which every kernel it starts inherits: before
    the kernel manager is made, since its pools copy the environment for their kernels then."""
    os.environ[CLASS_TABLE_URL_ENV] = socket_url(ip, port, base_url)


def socket_url(ip: str, port: int, base_url: str) -> str:
    """The address a kernel on this machine reaches the socket at (an address bound to all interfaces, or
    none, is reached on loopback)."""
    return f"ws://{save_key.loopback_host(ip)}:{port}{base_url.rstrip('/')}/{SOCKET_PATH}"


__all__ = ["BURST", "CLASS_TABLE_URL_ENV", "ClassTableService", "ClassTableSocket", "KERNEL_HEADER",
           "MAX_MESSAGE_BYTES", "PROOF_HEADER", "RATE", "SOCKET_PATH", "TEACHERS_ENV", "announce_class_tables",
           "class_table_routes", "class_table_service", "kernel_proof", "socket_url", "table_recorder"]
