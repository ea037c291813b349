"""A seat's state on the wire: the log sent by the lines it grew, not whole after every move.

Why: a seat's state carries the whole log as that seat hears it, which only grows during a deal, so sending it
whole made each message ten kilobytes and more late in a match. One connection (the server's socket for one
seat, the page's kernel at the other end) keeps, on each side, the lines already passed: :class:`LogSender`
sends ``{"op": "state", "state": {... "events": the new lines}, "log_from": n}``, where ``n`` is how many lines
the receiver already holds, and :class:`LogReceiver` puts the whole state back together. A log made again (an
undo, a new match, a renamed seat) is sent whole (``log_from`` 0). The state itself (what
:meth:`ClassTables.state_for` makes, and what the hidden-information test reads) is unchanged: only its
travel is shorter, and one connection's messages arrive in order.
"""

from __future__ import annotations

from typing import Any


class LogSender:
    """The server's side of one connection: remembers the lines it sent (the tables' own line objects: a log
    made again has new ones, so it is told apart by identity, without comparing texts)."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def message(self, state: dict[str, Any]) -> dict[str, Any]:
        """The wire message for ``state``: the lines after those already sent, and how many those are."""
        events = state.get("events")
        if not isinstance(events, list):
            return {"op": "state", "state": state, "log_from": 0}
        sent = self.sent
        known = len(sent) if len(events) >= len(sent) and (not sent or events[len(sent) - 1] is sent[-1]) else 0
        self.sent = list(events)
        return {"op": "state", "state": {**state, "events": events[known:]}, "log_from": known}


class LogReceiver:
    """The kernel's side: the whole state again, from a wire message and the lines already held."""

    def __init__(self) -> None:
        self.events: list[Any] = []

    def state(self, message: dict[str, Any]) -> dict[str, Any]:
        state = message["state"]
        known = message.get("log_from", 0)
        new = state.get("events", [])
        if not isinstance(known, int) or not 0 <= known <= len(self.events) or not isinstance(new, list):
            known, new = 0, new if isinstance(new, list) else []  # nothing to build on: what came is the log
        self.events = self.events[:known] + new
        return {**state, "events": list(self.events)}


__all__ = ["LogReceiver", "LogSender"]
