"""Bad input to Jubileu: a clear error naming what is wrong, and the state unchanged (issue 11)."""

from __future__ import annotations

import json
import random

import pytest

import engine

from .helpers import refused, snapshot
from .jubileu_helpers import play_all, stacked


def in_play() -> engine.Game:
    g = stacked({0: "2C 3C 4C KS QS", 1: "AH 5C 6C", 2: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 3: "AD AC"},
                dealer=3, ultima="KD")
    play_all(g, "bid jubileu; pass; pass; pass; trump S; call AH; play 2C")
    return g


@pytest.mark.parametrize("move, words", [
    ("play KH", "must follow suit: clubs were led"),   # seat 1 holds 5♣ 6♣
    ("play QD", "does not hold Q♦"),
    ("bid solo-9", "The auction is over"),
    ("pass", "The auction is over"),
    ("trump H", "The auction is over"),
    ("espirra-quando-quiser", "Only the declarer"),
    ("bid ²", "not a Jubileu move"),
    ("bid 7", "not a Jubileu move"),
    ("play 1Z", "not a Jubileu move"),
    ("dance", "not a Jubileu move"),
    ("trump X", "not a Jubileu move"),
    ("", "is not a move"),
])
def test_illegal_moves_are_refused_and_change_nothing(move, words):
    refused(in_play(), move, match=words)


def test_auction_refusals_name_the_rule():
    g = stacked({}, dealer=3)
    refused(g, "play 2C", match="The auction is on", rule="jubileu.auction")
    refused(g, "join", match="Only a standing Meia Miséria can be joined", rule="jubileu.join")
    g.apply("bid solo-9")
    refused(g, "bid solo-8-ultima", match="a new bid must be at a higher level", rule="jubileu.overcall")
    refused(g, "bid solo-9", match="already the standing bid", rule="jubileu.overcall")
    refused(g, "bid " + "x" * 5000, match="is not a move: it is 5004 characters long")


def test_naming_trump_and_calling_are_checked():
    g = stacked({0: "AC 2D", 1: "AH", 2: "AS", 3: "AD"}, dealer=3)
    play_all(g, "bid jubileu; pass; pass; pass")
    refused(g, "call AH", match="Trump must be named first", rule="jubileu.trump")
    g.apply("trump S")
    refused(g, "trump H", match="The partner's card must be called first", rule="jubileu.call_ace")
    refused(g, "call KH", match="Call an Ace", rule="jubileu.call_ace")


def test_the_wrong_seat_is_refused():
    g = in_play()
    refused(g, "play 2H", seat=2, match="turn", rule="turn.order")
    refused(g, "play 5C", seat=7, match="no seat 7")


def test_a_move_after_the_session_ended_is_refused():
    g = stacked({}, dealer=3)
    play_all(g, "pass; pass; pass; pass")
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    refused(g, "pass", match="game is over", rule="game.over")


@pytest.mark.parametrize("options, words", [
    ({"players": 3}, "for 4 players"),
    ({"deals": 0}, "deals=0"),
    ({"deals": "4"}, "deals='4'"),
    ({"target": -2}, "target=-2"),
    ({"start_chips": True}, "start_chips=True"),
    ({"all_pass": "shuffle"}, "all_pass='shuffle'"),
    ({"meia_join": "passed"}, "meia_join='passed'"),
    ({"troela": "yes"}, "troela='yes'"),
    ({"lang": "fr"}, "lang='fr'"),
    ({"first_dealer": 4}, "first_dealer=4"),
    ({"trumps": "hearts"}, "no option 'trumps'"),
    ({"deck": ["AS", "AS"]}, "more cards than"),
])
def test_impossible_options_are_refused(options, words):
    with pytest.raises(engine.OptionError, match=words):
        engine.new_game("jubileu", **options)


def test_save_and_resume_mid_deal():
    g = engine.new_game("jubileu", seed=33, deals=2)
    rng = random.Random(1)
    for _ in range(30):
        legal = g.legal_actions()
        g.apply("pass" if g.deal.phase == "auction" and len(g.deal.calls) > 0 and any(str(a) == "pass" for a in legal)
                else rng.choice(legal))
    back = engine.load_game(g.to_json())
    assert [back.view(s) for s in range(4)] == [g.view(s) for s in range(4)]


def test_a_tampered_save_is_refused():
    g = in_play()
    body = json.loads(g.to_json())
    body["history"][-1] = [0, "play AH"]  # seat 1 holds the A♥
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    from engine.protocol import _checksum
    body["check"] = _checksum(body)
    with pytest.raises(engine.SaveError, match="illegal"):
        engine.load_game(json.dumps(body))


def test_undo_takes_back_a_move():
    g = in_play()
    before = snapshot(g)
    g.apply("play 5C")
    g.undo()
    assert snapshot(g) == before
