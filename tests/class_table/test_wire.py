"""A seat's state on the wire (widgets/class_table/wire.py): the log travels by the lines it grew, and the kernel
puts back exactly the state the tables made, message after message, through a deal, a refusal, the teacher's
undo (the log made again) and a new match."""

from __future__ import annotations

import json
import random

from widgets.class_table import ClassTableError, ClassTables
from widgets.class_table.wire import LogReceiver, LogSender

from .helpers import Ticking, play_deal, seated


def test_each_seat_gets_back_every_state_while_only_new_log_lines_travel():
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    seats = seated(tables, "jabberwocky", 2, players=3, teacher=True)
    made: dict[int, list[dict]] = {s.seat: [] for s in seats}
    rebuilt: dict[int, list[dict]] = {s.seat: [] for s in seats}
    whole, sent = [0], [0]
    for seat in seats:
        wire, kernel = LogSender(), LogReceiver()

        def send(state: dict, seat: int = seat.seat, wire: LogSender = wire, kernel: LogReceiver = kernel) -> None:
            made[seat].append(json.loads(json.dumps(state)))
            text = json.dumps(wire.message(state))  # what the socket writes
            whole[0] += len(json.dumps(state["events"]))
            sent[0] += len(json.dumps(json.loads(text)["state"]["events"]))
            rebuilt[seat].append(kernel.state(json.loads(text)))
        tables.subscribe(seat.token, send, user=None)
    host, zoe = seats
    tables.handle(host.token, {"type": "start"})
    play_deal(tables, seats, random.Random(3))
    try:  # a refusal: the refused seat's state says why, its log unchanged
        tables.handle(zoe.token, {"type": "undo"})
    except ClassTableError:
        pass
    tables.handle(host.token, {"type": "undo"})  # the log is made again: sent whole
    assert made[0][-1]["events"] != made[0][-2]["events"]
    while tables.state_for(host.token)["status"] == "playing":
        play_deal(tables, seats, random.Random(4))
    tables.handle(host.token, {"type": "next_deal"})
    for seat in made:
        assert len(made[seat]) > 10
        assert rebuilt[seat] == made[seat], f"seat {seat} did not get back the states the tables made"
    assert sent[0] < whole[0] / 3, ("log characters sent, and whole", sent[0], whole[0])


def test_a_receiver_with_nothing_to_build_on_takes_what_came():
    kernel = LogReceiver()
    state = kernel.state({"op": "state", "state": {"events": [{"text": "b"}]}, "log_from": 5})
    assert state["events"] == [{"text": "b"}]
