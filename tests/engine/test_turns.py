"""The one turn driver (engine.play, engine.next_turn): who acts next and when automatic play stops.

Tables, tests and benches let bots move through it; these tests pin down its answers: seats acting
out of turn answer first, nearest first; a seat without a bot stops it; a stop condition, a move it
pauses before, and a step budget end it. Bots of every game play a short match to its end through it.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.hints import Bot

from .test_kalooki_rules import calling_table, play
from .test_protocol_match import SHORT


class Scripted:
    """A bot that says what it is told, and remembers being asked."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked = 0

    def choose(self, view: dict[str, Any]) -> str:
        self.asked += 1
        return self.answers.pop(0)


def test_a_seat_without_a_bot_stops_play_before_its_turn():
    g = engine.new_game("jubilee", players=3, seed=7, first_dealer=0)  # seat 1 plays first
    bots = {1: Bot("jubilee", "easy", 1), 2: Bot("jubilee", "easy", 2)}
    played = engine.play(g, bots)
    assert played.moves and all(seat in (1, 2) for seat, _ in played.moves)
    assert g.current_player == 0 and played.pending is None
    assert engine.play(g, bots).moves == [] and engine.next_turn(g, bots) is None


def test_seats_out_of_turn_answer_first_nearest_first_then_the_seat_in_turn():
    g = calling_table()
    play(g, "0:draw, 0:discard 8H")
    assert g.to_act() == [1, 2, 3]
    bob, cy, di = Scripted("draw"), Scripted("pass"), Scripted("pass")
    played = engine.play(g, {1: bob, 2: cy, 3: di}, max_steps=3)
    assert played.moves == [(2, "pass"), (3, "pass"), (1, "draw")]


def test_a_learner_who_may_call_is_passed_over_unless_the_caller_stops_for_them():
    g = calling_table()
    play(g, "0:draw, 0:discard 8H")
    bob, di = Scripted("draw"), Scripted("pass")
    waiting = engine.play(g, {1: bob, 3: di}, stop=lambda game, _events: 2 in game.to_act()[1:])
    assert waiting.moves == [] and bob.asked == di.asked == 0  # nobody was even asked
    played = engine.play(g, {1: bob, 3: di}, max_steps=2)
    assert played.moves == [(3, "pass"), (1, "draw")]


def test_pause_before_returns_the_chosen_move_unmade_and_stop_sees_each_moves_events():
    g = engine.new_game("jubilee", players=3, seed=7, first_dealer=2)
    bots = [Bot("jubilee", "easy", s) for s in range(3)]
    before = g.to_json()
    played = engine.play(g, bots, pause_before=lambda turn: True)
    assert played.moves == [] and played.pending is not None and g.to_json() == before
    assert played.pending.seat == g.current_player and played.pending.action in g.view(g.current_player)["legal"]
    seen: list[list[engine.Event]] = []
    engine.play(g, bots, stop=lambda _g, events: bool(seen.append(events)) or len(seen) > 4)
    assert seen[0] == [] and all(events for events in seen[1:]) and len(g.history) == 4


def test_the_step_budget_ends_play_with_the_game_unfinished():
    g = engine.new_game("jubilee", players=3, seed=7)
    played = engine.play(g, [Bot("jubilee", "easy", s) for s in range(3)], max_steps=5)
    assert len(played.moves) == 5 == len(g.history) and not g.is_over


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_bots_of_every_game_play_a_short_match_to_its_end(game_id):
    g = engine.new_game(game_id, seed=5, **SHORT.get(game_id, {}))
    played = engine.play(g, [Bot(game_id, "easy", seed=s) for s in range(g.players)], max_steps=20_000)
    assert g.is_over and played.pending is None
    assert [(seat, action) for seat, action in played.moves] == g.history
