"""Every class table of one server process: the one authority the transport (widgets/server) talks to.

Why here and not in the server: the tables are plain Python with one lock each, so the same authority runs
under ``./run app``'s Voilà, the hub's shared service, a script or a test, and every rule about who may do
what is tested without a browser. The transport only carries messages: it passes a seat's token (and on
the hub the signed-in user) with each one, sends each seat what :meth:`ClassTables.subscribe` hands it,
and paces the bots with :meth:`ClassTables.bot_due` and :meth:`ClassTables.step_bots`.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from pathlib import Path
from typing import Any, Callable

import engine
from engine.hints import LEVELS
from engine.notation import quoted
from engine.protocol import ParlourError

from .store import stored_tables, table_file, token_hash
from .table import (BOT_DELAY, CALL_DELAY, CONTROLS, MAX_MESSAGE_CHARS, ClassTable, ClassTableError, OnDealOver, Seat,
                    Send, _AlreadySeated, checked_name, review_rows)

log = logging.getLogger(__name__)

#: Letters and digits of a table code: none that looks like another when read out or written on a board
#: (no 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V).
CODE_LETTERS = "ACDEFHJKMNPRTVWXY3479"
CODE_LENGTH = 5
#: The limits a server states and enforces (README, docs/teachers.md).
MAX_TABLES = 40
IDLE_SECONDS = 1800
MAX_TOKEN_CHARS = 200

_FIELDS = {"move": {"type", "action", "seat"}, "replace": {"type", "seat"}, "give_back": {"type", "seat"}}
_EXAMPLE = 'a move like {"type": "move", "action": "play 7S"} or a control like {"type": "pause"}'


def normal_code(code: Any) -> str:
    """A table code as people type it ("k7m-xr ") → as the server keeps it ("K7MXR")."""
    if not isinstance(code, str) or len(code) > 40:
        raise ClassTableError(f"A table code is {CODE_LENGTH} letters and digits, like K7MXR.")
    return "".join(ch for ch in code.upper() if ch.isalnum())


def checked_message(message: Any) -> dict[str, Any]:
    """A seat's message, checked for shape and size before anything reads it; a ClassTableError otherwise."""
    if not isinstance(message, dict):
        raise ClassTableError(f"The table understands {_EXAMPLE}; this message is not one.")
    try:
        text = json.dumps(message)
    except (TypeError, ValueError, RecursionError):
        raise ClassTableError(f"The table understands {_EXAMPLE}; this message is not plain text and "
                              "numbers.") from None
    if len(text) > MAX_MESSAGE_CHARS:
        raise ClassTableError(f"This message is {len(text):,} characters long; the table takes messages of at most "
                              f"{MAX_MESSAGE_CHARS:,}.")
    kind = message.get("type")
    if kind != "move" and kind not in CONTROLS:
        raise ClassTableError(f"The table has no message of type {quoted(kind)}: it understands {_EXAMPLE}.")
    extra = sorted(set(message) - _FIELDS.get(kind, {"type"}))
    if extra:
        raise ClassTableError(f"A {quoted(kind)} message has no part {quoted(extra[0])}.")
    if kind == "move" and not isinstance(message.get("action"), str):
        raise ClassTableError('A move names what to do, like {"type": "move", "action": "play 7S"}.')
    if kind in ("replace", "give_back") and "seat" not in message:
        example = json.dumps({"type": kind, "seat": 2})
        raise ClassTableError(f"A {quoted(kind)} message names the seat, like {example}.")
    return message


class ClassTables:
    """The tables of one server; thread-safe (a short lock for the registry, one lock per table).

    ``on_deal_over``: called (with the table's lock held: it must only queue) with each deal a move finishes, for
    the class's record store (widgets/class_table/recording.py); None where the server records no class.
    """

    def __init__(self, state_dir: Path | None = None, *, max_tables: int = MAX_TABLES,
                 idle_seconds: float = IDLE_SECONDS, clock: Callable[[], float] = time.monotonic,
                 bot_delay: float = BOT_DELAY, call_delay: float = CALL_DELAY,
                 on_deal_over: OnDealOver | None = None) -> None:
        self.state_dir = None if state_dir is None else Path(state_dir)
        self.on_deal_over = on_deal_over
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.bot_delay, self.call_delay = bot_delay, call_delay
        self._lock = threading.Lock()
        self._tables: dict[str, ClassTable] = {}
        self._tokens: dict[str, str] = {}  # a token's hash → its table's code (given-up seats' too)
        self._resume()

    # ---- opening, joining ----
    def open(self, game_id: str, *, players: int | None = None, options: dict[str, Any] | None = None,
             seed: int | str = 0, level: str = "medium", host_name: str = "Host", user: str | None = None,
             teacher: bool = False, settings: str = "") -> Seat:
        """A new table of ``game_id``; the host sits at seat 0 (a teacher host also gets the teacher's controls).
        ``settings``: the settings part of the lesson's deal code for ``options`` (its menus' digits), so a recorded
        deal's code deals the same game."""
        try:
            rules = engine.game_class(game_id)
        except ParlourError as exc:
            raise ClassTableError(str(exc)) from None
        if rules.max_players < 2:
            raise ClassTableError(f"{rules.name} is played alone: there is no table to share.")
        if level not in LEVELS:
            raise ClassTableError(f"The computer players' level is one of {', '.join(LEVELS)}, not {quoted(level)}.")
        players = rules.default_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or not max(2, rules.min_players) <= players \
                <= rules.max_players:
            low = max(2, rules.min_players)
            allowed = f"{low} players" if low == rules.max_players else f"{low} to {rules.max_players} players"
            raise ClassTableError(f"A table of {rules.name} has {allowed}, not {quoted(players)}.")
        options = dict(options or {})
        try:
            json.dumps(options)
        except (TypeError, ValueError):
            raise ClassTableError("The table's options must be plain text and numbers.") from None
        checked_name(host_name)
        with self._lock:  # ended tables stay for their reviews, but never more of them than open ones
            ended = [t for t in self._tables.values() if t.status == "ended"]
            oldest = min(ended, key=lambda t: t.last_activity) if ended and \
                len(self._tables) >= 2 * self.max_tables else None
        if oldest is not None:
            self._forget(oldest)
        with self._lock:
            live = sum(t.status != "ended" for t in self._tables.values())
            if live >= self.max_tables:
                raise ClassTableError(f"This server already holds {live} tables, its limit: end a table that is "
                                      "done, or wait until one closes.")
            code = self._new_code()
            table = ClassTable(code, game_id, players=players, options=options, seed=seed, level=level,
                               clock=self.clock, file=table_file(self.state_dir, code), bot_delay=self.bot_delay,
                               call_delay=self.call_delay, settings=settings, on_deal_over=self.on_deal_over)
            table.file.append({"t": "open", "game": game_id, "players": players, "options": options,
                               "seed": table.seed, "level": level, "settings": settings})
            self._tables[code] = table
        with table.lock:
            seat = table.sit(host_name, user, teacher=teacher, seat=0)
        self._remember(seat.token, code)
        return seat

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            taken = self.state_dir is not None and (self.state_dir / "class_tables" / f"{code}.jsonl").exists()
            if code not in self._tables and not taken:
                return code

    def join(self, code: str, *, name: str, user: str | None = None) -> Seat:
        """The first free seat (a bot's until a person takes it); on the hub, a user's own seat if they have one."""
        table = self._table(code)
        with table.lock:
            try:
                seat = table.sit(name, user)
            except _AlreadySeated as seated:  # the hub knows them: their seat, with a new token for this browser
                token = table.new_token()
                table.commit({"t": "retoken", "seat": seated.seat, "token": token_hash(token)})
                person = table.people[seated.seat]
                seat = Seat(table.code, seated.seat, token, person.teacher)
        self._remember(seat.token, table.code)
        return seat

    def rejoin(self, token: str, *, user: str | None = None) -> Seat:
        """The same seat after a reload, a lost connection or a server restart."""
        table, digest = self._by_token(token)
        with table.lock:
            seat, person = table.seat_of(digest, user)
            table.last_activity = self.clock()
            return Seat(table.code, seat, token, person.teacher)

    # ---- messages and states ----
    def handle(self, token: str, message: dict[str, Any], *, user: str | None = None) -> None:
        """A move or a control from ``token``'s seat; a ClassTableError names what is wrong and changes nothing."""
        table, digest = self._by_token(token)
        with table.lock:
            seat, person = table.seat_of(digest, user)
            table.take_allowance(person)
            person.error = None
            try:
                table.handle(seat, person, checked_message(message))
            except ClassTableError as exc:
                person.error = str(exc)
                table.notify([seat])
                raise

    def state_for(self, token: str, *, user: str | None = None) -> dict[str, Any]:
        """What ``token``'s seat may see now (JSON-able)."""
        table, digest = self._by_token(token)
        with table.lock:
            seat, _ = table.seat_of(digest, user)
            return table.state(seat)

    def seat_summary(self, token: str) -> dict[str, Any]:
        """Where ``token``'s seat is, for the teacher's page: the table's code, its game, the seat, the table's
        status and who sits there (people's names; no cards)."""
        table, digest = self._by_token(token)
        with table.lock:
            seat = next((k for k, p in table.people.items() if secrets.compare_digest(p.token_hash, digest)), None)
            if seat is None:
                raise ClassTableError("This seat was given up.")
            return {"code": table.code, "game": table.rules.name, "seat": seat, "status": table.status,
                    "people": [p.name for _, p in sorted(table.people.items())], "players": table.players}

    def subscribe(self, token: str, send: Send, *, user: str | None = None) -> Callable[[], None]:
        """``send(state)`` now and after each change of the table; call the returned function to stop."""
        table, digest = self._by_token(token)
        with table.lock:
            seat, _ = table.seat_of(digest, user)
            return table.subscribe(seat, send)

    def review_for(self, token: str, deal: int, *, user: str | None = None) -> dict[str, Any]:
        """engine.review of this seat's own decisions in a finished deal, from the game the table holds."""
        table, digest = self._by_token(token)
        with table.lock:
            seat, person = table.seat_of(digest, user)
            table.take_allowance(person)
            key = (table.match, deal, seat)
            if key in table.reviews:
                return table.reviews[key]
            cls, setup, history, start, stop = table.review_inputs(seat, deal)
        body = review_rows(cls, setup, history, seat, start, stop, deal)  # the search runs outside the lock
        with table.lock:
            table.reviews[key] = body
        return body

    # ---- bots and idle tables: the transport's loop calls these ----
    def bot_due(self, code: str) -> float | None:
        """Seconds until the next bot move is due at table ``code``; None when no bot is to move."""
        table = self._tables.get(code)
        if table is None:
            return None
        with table.lock:
            return table.bot_due()

    def step_bots(self, code: str) -> bool:
        """Play one due bot move at table ``code``; False if none was due (or the table changed meanwhile)."""
        table = self._tables.get(code)
        return False if table is None else table.step_bots()

    def close_idle(self) -> list[str]:
        """Close every table nobody seated has used for ``idle_seconds``: each seat is sent a last state saying
        why, and the table (and its file) goes. Returns the codes closed."""
        closed = []
        minutes = round(self.idle_seconds / 60)
        reason = (f"This table was closed after {minutes} minutes without anyone seated doing anything. "
                  "Open a new table to play again.")
        for code, table in list(self._tables.items()):
            with table.lock:
                if self.clock() - table.last_activity < self.idle_seconds:
                    continue
            self._forget(table, reason)
            closed.append(code)
        return closed

    def _forget(self, table: ClassTable, reason: str | None = None) -> None:
        """Close ``table`` for good: its seats are sent a last state (with ``reason``), its file and tokens go."""
        with table.lock:
            if reason is not None:
                table.status, table.closed_reason = "ended", reason
                table.changed()
            for person in table.people.values():
                person.senders.clear()
            table.file.remove()
            hashes = {p.token_hash for p in table.people.values()} | table.retired
        with self._lock:
            self._tables.pop(table.code, None)
            for digest in hashes:
                self._tokens.pop(digest, None)

    def codes(self) -> list[str]:
        """The tables this server holds now."""
        return list(self._tables)

    # ---- lookups ----
    def _table(self, code: Any) -> ClassTable:
        key = normal_code(code)
        table = self._tables.get(key)
        if table is None:
            raise ClassTableError(f"There is no table {quoted(key or code)} on this server: check the code "
                                  f"({CODE_LENGTH} letters and digits, like K7MXR).")
        return table

    def _by_token(self, token: Any) -> tuple[ClassTable, str]:
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
            raise ClassTableError("This seat token is not one this server gave out: join the table with its code.")
        digest = token_hash(token)
        code = self._tokens.get(digest)
        table = None if code is None else self._tables.get(code)
        if table is None:
            raise ClassTableError("This seat token is not one this server gave out (or its table has closed): "
                                  "join a table with its code.")
        return table, digest

    def _remember(self, token: str, code: str) -> None:
        with self._lock:
            self._tokens[token_hash(token)] = code

    # ---- a restart: every kept table comes back ----
    def _resume(self) -> None:
        for code, records in stored_tables(self.state_dir):
            try:
                table = self._replayed(code, records)
            except Exception:  # a file this version cannot replay is left where it is, and said
                log.exception("class table %s could not be resumed from its history", code)
                continue
            self._tables[code] = table
            for digest in {p.token_hash for p in table.people.values()} | table.retired:
                self._tokens[digest] = code

    def _replayed(self, code: str, records: list[dict[str, Any]]) -> ClassTable:
        first = records[0]
        if first.get("t") != "open":
            raise ValueError("a table's history starts with its opening")
        table = ClassTable(code, first["game"], players=first["players"], options=first["options"],
                           seed=first["seed"], level=first["level"], clock=self.clock,
                           file=table_file(self.state_dir, code), bot_delay=self.bot_delay, call_delay=self.call_delay,
                           settings=first.get("settings", ""), on_deal_over=self.on_deal_over)
        for record in records[1:]:
            table.replay(record)
        table.seq = len(records)
        return table


__all__ = ["CODE_LENGTH", "CODE_LETTERS", "ClassTables", "IDLE_SECONDS", "MAX_TABLES", "checked_message",
           "normal_code"]
