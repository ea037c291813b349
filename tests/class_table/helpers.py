"""Shared helpers for the class table's tests: a clock the test moves, a table with people in chosen seats,
and a driver that plays a deal by people's moves and the bots'."""

from __future__ import annotations

import json
import random
from typing import Any

import engine
from widgets.class_table import ClassTables, Seat


class Clock:
    """A clock the test moves by hand (the tables' idle time and rate limit read it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Ticking(Clock):
    """A clock a second later at every reading: a test's players, however fast, never trip the flood limit."""

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def short(game_id: str) -> dict[str, Any]:
    return dict(engine.game_class(game_id).short_match)


def seated(tables: ClassTables, game_id: str, people: int, *, players: int | None = None, teacher: bool = False,
           seed: int = 5, options: dict[str, Any] | None = None) -> list[Seat]:
    """A table with ``people`` persons (the host first): their seats."""
    host = tables.open(game_id, players=players, options=short(game_id) if options is None else options, seed=seed,
                       level="easy", host_name="Mia", teacher=teacher)
    names = ["Zoe", "Ravi", "Lena", "Omar", "Kim", "Ana", "Tom", "Ula", "Vic"]
    return [host, *(tables.join(host.code, name=names[i]) for i in range(people - 1))]


def heard_by(tables: ClassTables, code: str, seat: int) -> list[dict[str, Any]]:
    """The log ``seat`` should hear: the table's game replayed from its deal with that seat named "You"."""
    game = tables._tables[code].game
    names = list(game.names)
    names[seat] = "You"
    voice = type(game)(**{**game.setup_args(), "names": names})
    for who, action in game.history:
        voice.apply(action, who)
    return voice.events_for(seat)


def person_moves(tables: ClassTables, seats: list[Seat], rng: random.Random) -> bool:
    """The first of ``seats`` that may move makes a random legal move; False if none may."""
    for seat in seats:
        legal = tables.state_for(seat.token)["legal"]
        if legal:
            tables.handle(seat.token, {"type": "move", "action": rng.choice(legal)})
            return True
    return False


def play_deal(tables: ClassTables, seats: list[Seat], rng: random.Random, max_moves: int = 10_000) -> None:
    """Play until the table is between deals (or ended): people pick legal moves at random, bots move when due."""
    code = seats[0].code
    for _ in range(max_moves):
        while tables.step_bots(code):
            pass
        state = tables.state_for(seats[0].token)
        if state["status"] != "playing":
            return
        if not person_moves(tables, seats, rng):
            raise AssertionError(f"nobody can move: {json.dumps(state['to_act'])}, bot due {tables.bot_due(code)}")
    raise AssertionError("the deal did not end")
