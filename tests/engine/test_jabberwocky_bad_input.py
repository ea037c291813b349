"""Bad input to Jabberwocky: a clear error naming what is wrong, and the state unchanged."""

from __future__ import annotations

import json
import random

import pytest

import engine

from .helpers import refused, snapshot
from .jabberwocky_helpers import play_all, stacked_round


def in_play() -> engine.Game:
    g = stacked_round(["AC 3H", "KC 9H", "7S 8S"], "2D", dealer=2)
    play_all(g, "b1 b1 b1 AC")
    return g


@pytest.mark.parametrize("move, words", [
    ("play 9H", "must follow suit"),          # holds K♣: must follow clubs
    ("play QH", "does not hold Q♥"),
    ("bid 1", "Bidding is over"),
    ("bid x", "not a Jabberwocky move"),
    ("play 1Z", "not a Jabberwocky move"),
    ("dance", "not a Jabberwocky move"),
    ("", "is not a move"),
])
def test_illegal_moves_are_refused_and_change_nothing(move, words):
    refused(in_play(), move, match=words)


def test_a_card_during_the_bidding_is_refused():
    g = engine.new_game("jabberwocky", players=3, seed=2)
    refused(g, f"play {g.view(g.current_player)['hand'][0]}", match="Everyone bids before", rule="jabberwocky.bid")


def test_the_wrong_seat_is_refused():
    g = in_play()
    refused(g, "play 7S", seat=2, match="turn", rule="turn.order")
    refused(g, "play KC", seat=7, match="no seat 7")


def test_a_move_after_the_game_ended_is_refused():
    g = stacked_round(["AC 3H", "KC 9H", "7C 8S"], "2D", dealer=2)
    play_all(g, "b2 b1 b0 AC KC 7C 3H 9H 8S")
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    refused(g, "bid 0", match="game is over", rule="game.over")


@pytest.mark.parametrize("options, words", [
    ({"players": 6}, "3 to 5 players"),
    ({"players": 2}, "3 to 5 players"),
    ({"revoke": "lenient"}, "revoke='lenient'"),
    ({"scoring": "bridge"}, "scoring='bridge'"),
    ({"rounds": [10]}, "1 to 9"),
    ({"rounds": []}, "rounds=\\[\\]"),
    ({"rounds": "long"}, "rounds='long'"),
    ({"trump_breaking": "yes"}, "trump_breaking='yes'"),
    ({"first_dealer": 4}, "first_dealer=4"),
    ({"first_dealer": -1}, "first_dealer=-1"),
    ({"trumps": "hearts"}, "no option 'trumps'"),
    ({"deck": ["AS", "AS"]}, "more cards than"),
])
def test_impossible_options_are_refused(options, words):
    with pytest.raises(engine.OptionError, match=words):
        engine.new_game("jabberwocky", **options)


def test_save_and_resume_mid_round():
    g = engine.new_game("jabberwocky", players=4, seed=33, revoke="table", rounds="short")
    rng = random.Random(1)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    back = engine.load_game(g.to_json())
    assert [back.view(s) for s in range(4)] == [g.view(s) for s in range(4)]


def test_a_tampered_save_is_refused():
    g = in_play()
    body = json.loads(g.to_json())
    body["history"][-1] = [0, "play KC"]  # seat 1 holds the K♣
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    from engine.protocol import _checksum
    body["check"] = _checksum(body)  # even re-signed, the replay refuses the impossible move
    with pytest.raises(engine.SaveError, match="illegal"):
        engine.load_game(json.dumps(body))


def test_undo_takes_back_a_move():
    g = in_play()
    before = snapshot(g)
    g.apply("play KC")
    g.undo()
    assert snapshot(g) == before
