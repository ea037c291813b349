"""Bad input to Kalooki: a clear ParlourError naming what is wrong, and the state unchanged (issue 12)."""

from __future__ import annotations

import json

import pytest

import engine

from .helpers import refused
from .test_kalooki_rules import calling_table, lay_with_spares, play, table


@pytest.mark.parametrize("move, words", [
    ("discard 7S", "First draw a card"),
    ("lay 7S 7S 7H", "First draw a card"),
    ("allow", "Nobody has called"),
    ("call", "take the discard instead"),
    ("challenge 2", "not switched on"),
    ("challenge ²", "not a Kalooki move"),
    ("tack 9H ²", "not a Kalooki move"),
    ("tack 9H 1 middle", "not a Kalooki move"),
    ("discard 1Z", "not a Kalooki move"),
    ("dance", "not a Kalooki move"),
    ("lay | 7S", "not a Kalooki move"),
    ("", "is not a move"),
])
def test_illegal_moves_before_the_draw_are_refused_and_change_nothing(move, words):
    refused(calling_table(), move, 0, match=words)


@pytest.mark.parametrize("move, words", [
    ("draw", "already drawn"),
    ("take", "already drawn"),
    ("discard QC", "does not hold Q♣"),
    ("discard JK", "does not hold Joker"),
    ("lay 7S 7S 7H | 8D 8C 8S | 5H JK 7H 8H", "does not hold"),
    ("tack 2C 1", "not laid down"),
    ("challenge 1", "already drawn"),
])
def test_illegal_moves_after_the_draw_are_refused(move, words):
    g = calling_table()
    play(g, "0:draw")
    refused(g, move, 0, match=words)


def test_a_lay_down_of_cards_that_are_no_meld_says_why():
    g = table(["7S 7H 7D 8D 8C 8H 3S 4S 5S 6S", "", ""], "2C", "KD", deal=2)
    play(g, "0:draw")
    refused(g, "lay 7S 7H 7D | 8D 8C 8H | 3S 4S 6S 5S KD", 0, match="not a", rule="kalooki.lay")
    refused(g, "lay 7S 7H | 8D 8C 8H | 3S 4S 5S 6S", 0, match="at least 3", rule="kalooki.lay")


def test_a_tack_that_does_not_fit_or_names_no_meld_is_refused():
    g = lay_with_spares()
    play(g, "3:draw, 3:discard 9S, 0:draw, 0:discard 2C, 1:draw, 1:discard 5C, 2:draw")
    refused(g, "tack 6H 9", 2, match="no meld 9")
    refused(g, "tack 6H 3", 2, match="either end: say which")
    refused(g, "tack 3D 3", 2, match="does not fit")


def test_the_wrong_seat_is_refused():
    g = calling_table()
    refused(g, "draw", 1, match="It is Ann's turn: out of turn you may only call", rule="turn.order")
    refused(g, "draw", 9, match="no seat 9")
    play(g, "0:draw")
    refused(g, "call", 2, match="no discard to call")


def test_a_move_after_the_game_ended_is_refused():
    g = table(["7S 7S 7H 8D 8C JK 9S 9H 9C", "", ""], "2C", "KD")
    play(g, "0:draw, 0:lay 7S 7S 7H | 8D 8C JK | 9S 9H 9C, 0:discard KD")
    assert g.is_over and g.to_act() == [] and g.legal_actions(1) == []
    refused(g, "draw", 1, match="game is over", rule="game.over")


@pytest.mark.parametrize("options, words", [
    ({"players": 2}, "3 to 6 players"),
    ({"players": 7}, "3 to 6 players"),
    ({"deals": [10]}, "deal numbers from 1 to 9"),
    ({"deals": [1, 1]}, "different deal numbers"),
    ({"deals": []}, "deals=\\[\\]"),
    ({"deals": "long"}, "deals='long'"),
    ({"trinidad_jokers": "yes"}, "trinidad_jokers='yes'"),
    ({"max_rebuilds": -1}, "whole number"),
    ({"first_dealer": 6}, "seats are 0 to 3"),
    ({"style": "trinidad"}, "no option 'style'"),
    ({"deck": ["JK"] * 5}, "more cards than the 108-card pack has"),
])
def test_impossible_options_are_refused(options, words):
    args = {"players": 4, **options}
    with pytest.raises(engine.OptionError, match=words):
        engine.new_game("kalooki", **args)


def test_save_and_resume_mid_deal_with_calls_and_undo():
    g = lay_with_spares()
    back = engine.load_game(g.to_json())
    assert [back.view(s) for s in range(4)] == [g.view(s) for s in range(4)]
    assert back.history == g.history and back.to_act() == g.to_act()
    g.undo(2)  # take back Cy's lay-down and discard
    assert not g.view(2)["laid_down"][2] and g.view(2)["phase"] == "play" and len(g.view(2)["hand"]) == 13
    assert g.undo_to_seat(1) == 2  # Bob's discard and Cy's draw
    assert g.to_act() == [1]


@pytest.mark.parametrize("tamper, words", [
    (lambda body: body.update(history=body["history"] + [[0, "discard 7S"]]), "altered"),
    (lambda body: body.update(check="0"), "altered"),
])
def test_a_corrupt_save_is_refused(tamper, words):
    body = json.loads(lay_with_spares().to_json())
    tamper(body)
    with pytest.raises(engine.SaveError, match=words):
        engine.load_game(json.dumps(body))


def test_a_save_with_an_impossible_move_is_refused_with_its_number():
    from engine.protocol import _checksum
    body = json.loads(calling_table().to_json())
    body["history"] = [[0, "draw"], [0, "discard JK"]]
    body["check"] = _checksum(body)
    with pytest.raises(engine.SaveError, match="Move 2 of this save"):
        engine.load_game(json.dumps(body))
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game("{kalooki")
