"""Bad input to Rummy (issue 9, item 5): a clear error naming what is wrong, and the state unchanged."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.dealing import stack_deck

from .helpers import refused, snapshot

SEAT0 = "5S 6S 7S 9H 9D 9C 2C 4D QD KD"
SEAT1 = "4S 8S 2S KH 3H JC JD 3C 5D 7D"


def fresh() -> engine.Game:
    """Seat 1 (the eldest hand) to draw; the upcard is 2♥."""
    return engine.new_game("rummy", players=2, deck=stack_deck([SEAT0, SEAT1], "2H AH 10S 6C", first=1),
                           first_dealer=0)


def after_draw() -> engine.Game:
    g = fresh()
    g.apply("draw stock")  # A♥
    return g


def with_a_meld() -> engine.Game:
    g = after_draw()
    g.apply("discard AH")
    g.apply("draw stock")
    g.apply("meld 5S 6S 7S")
    return g


@pytest.mark.parametrize("move, words, rule", [
    ("meld 2S 3H 4S", "mix both", "rummy.meld"),              # not a meld
    ("meld JC JD", "at least 3 cards", "rummy.meld"),
    ("meld QS KS AS", "does not hold Q♠ K♠ A♠", "rummy.meld"),  # cards not in hand
    ("discard 9H", "does not hold 9♥", "rummy.discard"),
    ("layoff 4S to 1", "no melds on the table", "rummy.layoff"),  # a meld that doesn't exist
    ("draw stock", "already drawn", "rummy.draw"),               # drawing twice
    ("draw discard", "already drawn", "rummy.draw"),
])
def test_illegal_moves_after_the_draw(move, words, rule):
    refused(after_draw(), move, match=words, rule=rule)


@pytest.mark.parametrize("move", ["discard 4S", "meld 3H 3C 3S", "layoff 4S to 1"])
def test_nothing_but_a_draw_before_drawing(move):
    refused(fresh(), move, match="Draw first", rule="rummy.draw")


def test_lay_off_on_a_meld_that_does_not_exist_or_does_not_fit():
    g = with_a_meld()
    g.apply("discard 2C")
    g.apply("draw stock")
    refused(g, "layoff 4S to 2", match="There is no meld 2 on the table: melds are numbered 1 to 1",
            rule="rummy.layoff")
    refused(g, "layoff 2S to 1", match="does not fit meld 1", rule="rummy.layoff")
    refused(g, "layoff 9H to 1", match="does not hold 9♥", rule="rummy.layoff")


@pytest.mark.parametrize("move, words", [
    ("layoff 4S to ²", "not a meld number"),      # only ASCII digits
    ("layoff 4S to 99999", "not a meld number"),  # sane length
    ("layoff 4S", "layoff 10S to 2"),
    ("meld 1Z 2S 3S", "not a card"),
    ("meld", "names no card"),
    ("discard 4S 8S", "exactly one card"),
    ("draw hand", "draw from the stock or the discard pile"),
    ("knock", "not a Rummy move"),
    ("", "is not a move"),
])
def test_unreadable_moves_are_refused(move, words):
    refused(after_draw(), move, match=words)


def test_the_wrong_seat_is_refused():
    g = fresh()
    refused(g, "draw stock", seat=0, match="turn", rule="turn.order")
    refused(g, "draw stock", seat=5, match="no seat 5")


def test_a_move_after_the_match_ended_is_refused():
    deck = stack_deck(["2C 3C 4C 5C 6D 7D 8D 9H 9S 9C", "AS 2S 3S QH KH 5H 6H 8C JD 10D"], "2H KC 9D", first=1)
    g = engine.new_game("rummy", players=2, deck=deck, first_dealer=0, target=1)
    for move in ["draw stock", "discard KC", "draw stock", "meld 2C 3C 4C 5C", "meld 6D 7D 8D 9D",
                 "meld 9S 9H 9C"]:
        g.apply(move)
    assert g.is_over and g.legal_actions() == []
    refused(g, "draw stock", match="game is over", rule="game.over")


@pytest.mark.parametrize("options, words", [
    ({"players": 5}, "2 to 4 players"),
    ({"players": 1}, "2 to 4 players"),
    ({"target": 0}, "target=0"),
    ({"target": "100"}, "target='100'"),
    ({"target": True}, "target=True"),
    ({"ace": "high"}, "ace='high'"),
    ({"jokers": "yes"}, "jokers='yes'"),
    ({"rebuilds": -1}, "rebuilds=-1"),
    ({"scoring": "gin"}, "scoring='gin'"),
    ({"first_dealer": 2}, "first_dealer=2"),
    ({"wild": True}, "no option 'wild'"),
    ({"deck": ["AS", "AS"]}, "more cards than"),
    ({"deck": ["JK"]}, "more cards than"),
])
def test_impossible_options_are_refused(options, words):
    with pytest.raises(engine.OptionError, match=words):
        engine.new_game("rummy", **options)


def test_save_and_resume_mid_deal():
    g = engine.new_game("rummy", players=3, seed=33, jokers=True)
    rng = random.Random(1)
    for _ in range(25):
        g.apply(rng.choice(g.legal_actions()))
    back = engine.load_game(g.to_json())
    assert [back.view(s) for s in range(3)] == [g.view(s) for s in range(3)]


def test_a_tampered_save_is_refused():
    g = with_a_meld()
    body = json.loads(g.to_json())
    body["history"][-1] = [0, "meld 9H 9D 9S"]  # seat 0 has no 9♠
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    from engine.protocol import _checksum
    body["check"] = _checksum(body)
    with pytest.raises(engine.SaveError, match="illegal"):
        engine.load_game(json.dumps(body))


def test_undo_takes_back_a_meld():
    g = with_a_meld()
    g.undo()
    before = snapshot(g)
    g.apply("meld 9H 9D 9C")
    g.undo()
    assert snapshot(g) == before
