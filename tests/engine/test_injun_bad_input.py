"""Injun bad input: a clear error naming what is wrong, and the state unchanged (DESIGN.md)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.games.injun import deck_for

from .helpers import refused


def poker(**options) -> engine.Game:
    """A, B, C; C deals, so A opens. Each has 20 chips, 19 after the ante."""
    return engine.new_game("injun", players=3, seed=1, first_dealer=2, deck=deck_for(["9S", "KD", "4C"], 2),
                           names=["A", "B", "C"], **options)


def test_betting_more_chips_than_you_have():
    g = poker()
    refused(g, "bet 20", match="That needs 20 chips, and A has only 19", rule="injun.chips")
    g.apply("bet 5")
    refused(g, "raise 15", match=r"That needs 20 chips \(5 to call and 15 more\), and B has only 19",
            rule="injun.chips")


def test_raising_below_the_minimum_or_above_the_limit():
    g = poker(min_raise=2, max_raise=6)
    refused(g, "bet 1", match="A bet must be at least 2 chips", rule="injun.min_raise")
    refused(g, "bet 7", match="The limit is 6 chips for a bet: 7 is too many", rule="injun.max_raise")
    g.apply("bet 2")
    refused(g, "raise 0", match="A raise must be at least 2 chips", rule="injun.min_raise")
    refused(g, "raise -3", match="A raise must be at least 2 chips", rule="injun.min_raise")


def test_the_wrong_kind_of_bet_for_the_moment():
    g = poker()
    refused(g, "call", match="Nobody has bet yet, so there is nothing to call", rule="injun.poker_bet")
    refused(g, "raise 2", match="Nobody has bet yet: bet 2 instead", rule="injun.poker_bet")
    g.apply("bet 3")
    refused(g, "bet 5", match=r"There is already a bet of 3: call it, or raise by 1 or more \(4 in all\)",
            rule="injun.poker_bet")
    refused(g, "chip", match="poker-style betting", rule="injun.poker_bet")
    refused(g, "see", match="poker-style betting", rule="injun.poker_bet")


def test_brag_moves_out_of_place():
    g = poker(style="brag")
    refused(g, "see", match="Only the last two players may pay to see; 3 are still betting",
            rule="injun.brag_see")
    refused(g, "raise 2", match="brag-style betting", rule="injun.brag_chip")
    g2 = engine.new_game("injun", players=2, seed=1, first_dealer=1, style="brag", starting_chips=[2, 9],
                         deck=deck_for(["9S", "KD"], 1), names=["A", "B"])
    refused(g2, "see", match="Paying to see costs 2 chips and A has only 1", rule="injun.chips")


def test_the_wrong_seat_and_a_seat_that_folded():
    g = poker()
    refused(g, "bet 1", seat=1, match="It is A's turn, not B's", rule="turn.order")
    refused(g, "fold", seat=7, match="There is no seat 7", rule="turn.order")
    g.apply("fold")
    refused(g, "bet 1", seat=0, match="It is B's turn, not A's", rule="turn.order")
    assert g.legal_actions(0) == [] and g.view(0)["legal"] == []


def test_nonsense_is_not_a_move():
    g = poker()
    refused(g, "dance", match="not an Injun move")
    refused(g, "bet lots", match="say how many chips, like 'bet 2'")
    refused(g, "bet ²", match="say how many chips, like 'bet 2'")  # issue 8, 7a: a Unicode digit is no amount
    refused(g, "bet " + "9" * 12, match="say how many chips")      # nor is a number longer than any amount
    refused(g, "bet " + "9" * 5000, match="a move is a few words")  # 5,000 digits: refused before parsing
    refused(g, "fold now", match="'fold' takes no amount")
    refused(g, "", match="not a move")


def test_a_move_after_the_end():
    g = engine.new_game("injun", players=2, seed=1, first_dealer=1, deck=deck_for(["2S", "AD"], 1),
                        starting_chips=3, max_deals=None)
    g.apply("bet 2")
    g.apply("call")
    assert g.is_over and g.legal_actions() == []
    refused(g, "fold", match="The game is over")
    with pytest.raises(engine.IllegalAction, match="nothing to hint"):
        engine.hint(g)


def test_corrupt_and_tampered_saves():
    g = poker()
    g.apply("bet 2")
    text = g.to_json()
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game(text[:-3])
    body = json.loads(text)
    body["starting_chips"] = 99
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["history"].append([1, "raise 500"])
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match=r"Move 2 of this save \('raise 500'\) is illegal: That needs 502"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["ante"] = 0
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="set-up is not valid: option ante=0"):
        engine.load_game(json.dumps(body))
    assert engine.load_game(text).view(1) == g.view(1)


def test_impossible_options():
    with pytest.raises(engine.OptionError, match="option style='stud' is not allowed: choose one of 'poker', 'brag'"):
        engine.new_game("injun", style="stud")
    with pytest.raises(engine.OptionError, match="Injun is for 2 to 15 players, not 16"):
        engine.new_game("injun", players=16)
    with pytest.raises(engine.OptionError, match="ante=5: at least two players must have the chips"):
        engine.new_game("injun", players=3, starting_chips=4, ante=5)
    with pytest.raises(engine.OptionError, match="max_raise=1 is below min_raise=2"):
        engine.new_game("injun", min_raise=2, max_raise=1)
    with pytest.raises(engine.OptionError, match="first_dealer=4: seats are 0 to 3"):
        engine.new_game("injun", players=4, first_dealer=4)
    with pytest.raises(engine.OptionError, match="starting_chips= lists 2 seats; this game has 3"):
        engine.new_game("injun", players=3, starting_chips=[5, 5])
    with pytest.raises(engine.OptionError, match="option max_deals=0: a whole number, 1 or more"):
        engine.new_game("injun", max_deals=0)
    with pytest.raises(engine.OptionError, match="no option 'jokers'"):
        engine.new_game("injun", jokers=True)
    with pytest.raises(engine.OptionError, match=r"more cards than the 52-card pack has: A♠ ×2"):
        engine.new_game("injun", deck=["AS", "AS"])
