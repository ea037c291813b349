"""Bad input at a class table gets a ClassTableError whose sentence names what is wrong, and changes nothing:
every seat's state is the same afterwards (the refused seat's own state only says why, in "error")."""

from __future__ import annotations

import json
import secrets
from typing import Any

import pytest

from widgets.class_table import ClassTableError, ClassTables, Seat

from .helpers import Ticking, seated


def states(tables: ClassTables, seats: list[Seat], *, user: str | None = None) -> list[str]:
    return [json.dumps(tables.state_for(s.token, user=user), sort_keys=True) for s in seats]


def refused(tables: ClassTables, seats: list[Seat], match: str, token: str, message: Any,
            offender: Seat | None = None, user: str | None = None) -> None:
    """``message`` from ``token`` is refused with a sentence matching ``match``; no seat's state changes
    (but the offender's "error", which holds that sentence)."""
    before = states(tables, seats, user=user)
    with pytest.raises(ClassTableError, match=match) as refusal:
        tables.handle(token, message, user=user)
    after = states(tables, seats, user=user)
    for seat, (old, new) in enumerate(zip(before, after)):
        if offender is not None and seat == offender.seat:
            mine = json.loads(new)
            assert mine.pop("error") == str(refusal.value)
            old_state = json.loads(old)
            old_state.pop("error")
            assert old_state == mine, "a refused message changed the sender's state"
        else:
            assert old == new, f"a refused message changed seat {seat}'s state"


@pytest.fixture
def table() -> tuple[ClassTables, list[Seat]]:
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    seats = seated(tables, "jabberwocky", 3, players=4)
    tables.handle(seats[0].token, {"type": "start"})
    while tables.step_bots(seats[0].code):
        pass
    return tables, seats


def test_moves_out_of_turn_or_for_another_seat_are_refused(table):
    tables, seats = table
    to_act = tables.state_for(seats[0].token)["to_act"][0]
    waiting = next(s for s in seats if s.seat != to_act)
    mover = next(s for s in seats if s.seat == to_act)
    move = tables.state_for(mover.token)["legal"][0]
    names = tables.state_for(waiting.token)["view"]["names"]
    refused(tables, seats, f"^It is {names[to_act]}'s turn, not yours.$", waiting.token,
            {"type": "move", "action": move}, waiting)
    assert set(tables.state_for(waiting.token)["why"].values()) == {f"It is {names[to_act]}'s turn, not yours."}
    refused(tables, seats, "moves only for itself", waiting.token,
            {"type": "move", "action": move, "seat": to_act}, waiting)
    refused(tables, seats, "not a Jabberwocky move", mover.token, {"type": "move", "action": "discard 7S"}, mover)


def test_forged_stale_and_other_users_tokens_are_refused(table):
    tables, seats = table
    refused(tables, seats, "not one this server gave out", secrets.token_urlsafe(24), {"type": "pause"})
    refused(tables, seats, "not one this server gave out", "x" * 5000, {"type": "pause"})
    leaver = seats[2]
    tables.handle(leaver.token, {"type": "leave"})
    rest = seats[:2]
    refused(tables, rest, "was given up", leaver.token, {"type": "move", "action": "bid 1"})
    with pytest.raises(ClassTableError, match="was given up"):
        tables.rejoin(leaver.token)

    hub = ClassTables(None)
    host = hub.open("rummy", players=3, host_name="Mia", user="mia", level="easy")
    zoe = hub.join(host.code, name="Zoe", user="zoe")
    both = [host, zoe]
    before = [json.dumps(hub.state_for(s.token, user=u), sort_keys=True) for s, u in zip(both, ("mia", "zoe"))]
    for user in ("ravi", None):
        with pytest.raises(ClassTableError, match="belongs to another person"):
            hub.handle(zoe.token, {"type": "leave"}, user=user)
        with pytest.raises(ClassTableError, match="belongs to another person"):
            hub.state_for(zoe.token, user=user)
        with pytest.raises(ClassTableError, match="belongs to another person"):
            hub.rejoin(zoe.token, user=user)
    after = [json.dumps(hub.state_for(s.token, user=u), sort_keys=True) for s, u in zip(both, ("mia", "zoe"))]
    assert before == after


@pytest.mark.parametrize("message, match", [
    ("pause", "understands"),
    ([1, 2], "understands"),
    ({"type": {1}}, "not plain text"),
    ({"type": "shuffle"}, "no message of type 'shuffle'"),
    ({"type": "pause", "extra": 1}, "no part 'extra'"),
    ({"type": "move"}, "names what to do"),
    ({"type": "move", "action": 7}, "names what to do"),
    ({"type": "move", "action": "bid " + "9" * 5000}, "characters long"),
    ({"type": "move", "action": "play " + "7S " * 30}, "is not a move"),
    ({"type": "replace"}, "names the seat"),
])
def test_malformed_or_huge_messages_are_refused(table, message, match):
    tables, seats = table
    refused(tables, seats, match, seats[1].token, message, seats[1])


def test_joins_to_a_full_ended_or_missing_table_are_refused():
    tables = ClassTables(None)
    host = tables.open("klaberjass", players=2, host_name="Mia", level="easy")
    tables.join(host.code, name="Zoe")
    with pytest.raises(ClassTableError, match="is full: all 2 seats"):
        tables.join(host.code, name="Ravi")
    with pytest.raises(ClassTableError, match="There is no table 'AAAAA'"):
        tables.join("AAAAA", name="Ravi")
    with pytest.raises(ClassTableError, match="There is no table"):
        tables.join("", name="Ravi")
    with pytest.raises(ClassTableError, match="already called Mia"):
        tables.join(tables.open("rummy", players=3, host_name="Mia").code, name="Mia")
    other = tables.open("rummy", players=3, host_name="Ann")
    for name, match in ((" ", "A name is needed"), ("You", "Choose another name"), ("x" * 80, "at most 40")):
        with pytest.raises(ClassTableError, match=match):
            tables.join(other.code, name=name)
    tables.handle(host.token, {"type": "end"})
    with pytest.raises(ClassTableError, match="has ended"):
        tables.join(host.code, name="Ravi")


def test_a_students_undo_or_teacher_control_is_refused_with_a_reason():
    tables = ClassTables(None, bot_delay=0)
    seats = seated(tables, "jabberwocky", 2, players=4, teacher=True)
    student = seats[1]
    refused(tables, seats, "Undo is off at a shared table", student.token, {"type": "undo"}, student)
    for kind in ("pause", "continue"):
        refused(tables, seats, f"Only the teacher can {'pause' if kind == 'pause' else 'let play'}", student.token,
                {"type": kind}, student)
    refused(tables, seats, "Only the teacher can give a seat to the computer", student.token,
            {"type": "replace", "seat": 0}, student)
    refused(tables, seats, "Only the host or the teacher can start", student.token, {"type": "start"}, student)
    refused(tables, seats, "Only the host or the teacher can end", student.token, {"type": "end"}, student)
    refused(tables, seats, "The deal has not started yet", student.token, {"type": "move", "action": "bid 0"},
            student)
    teacher = seats[0]
    refused(tables, seats, "not paused", teacher.token, {"type": "continue"}, teacher)
    refused(tables, seats, "There is no seat 9", teacher.token, {"type": "replace", "seat": 9}, teacher)
    refused(tables, seats, "already played by the computer", teacher.token, {"type": "replace", "seat": 3}, teacher)
    refused(tables, seats, "Your own seat stays yours", teacher.token, {"type": "replace", "seat": 0}, teacher)
    refused(tables, seats, "The host cannot leave", teacher.token, {"type": "leave"}, teacher)


def test_opening_a_table_outside_the_games_range_is_refused():
    tables = ClassTables(None)
    with pytest.raises(ClassTableError, match="Jabberwocky has 3 to 5 players, not 6"):
        tables.open("jabberwocky", players=6, host_name="Mia")
    with pytest.raises(ClassTableError, match="played alone"):
        tables.open("relogio", host_name="Mia")
    with pytest.raises(ClassTableError, match="There is no game 'chess'"):
        tables.open("chess", host_name="Mia")
    with pytest.raises(ClassTableError, match="level is one of easy, medium, hard"):
        tables.open("rummy", host_name="Mia", level="godlike")
    with pytest.raises(ClassTableError, match="has no option 'speed'"):
        tables.open("rummy", host_name="Mia", options={"speed": 3})
    assert tables.codes() == []
