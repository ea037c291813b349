"""Bad input to Klaberjass: a clear error naming what is wrong, and the state unchanged (DESIGN.md)."""

from __future__ import annotations

import json
import random

import pytest

import engine

from .helpers import refused, snapshot
from .klaberjass_helpers import play_all, stacked_game

HANDS = ("9H KS QS 7S 8D 9D 10C JC QC", "JH 7H AS 10S 7D 10D AC KC 8C")


def in_play() -> engine.Game:
    g = stacked_game(*HANDS, turn_up="8H", names=["Dee", "Eli"])
    play_all(g, "take KS")  # Eli (the non-dealer) takes hearts and leads K♠; Dee to answer
    return g


@pytest.mark.parametrize("move, words", [
    ("play AC", "must follow suit: spades were led and you hold A♠ 10♠"),
    ("play QH", "Dee does not hold Q♥"),
    ("take", "the play has begun"),
    ("name S", "the play has begun"),
    ("play ²H", "not a Klaberjass move"),
    ("bid 2", "not a Klaberjass move"),
    ("name X", "not a Klaberjass move"),
    ("play 6S", "6♠ is not in the Klaberjass pack"),
    ("take hearts", "not a Klaberjass move"),
    ("dance", "not a Klaberjass move"),
    ("", "is not a move"),
])
def test_illegal_moves_are_refused_and_change_nothing(move, words):
    refused(in_play(), move, match=words)


def test_a_card_during_the_bidding_is_refused():
    g = stacked_game(*HANDS, turn_up="8H")
    refused(g, "play 9H", match="Trumps are not settled", rule="klaberjass.lead")
    refused(g, "exchange", match="first round", rule="klaberjass.bid_first")


def test_the_wrong_seat_is_refused():
    g = in_play()
    refused(g, "play AS", seat=1, match="It is Dee's turn, not Eli's", rule="turn.order")
    refused(g, "play AS", seat=2, match="no seat 2")
    refused(g, "play AS", seat=True, match="no seat True")


def test_a_move_after_the_game_ended_is_refused():
    g = stacked_game(*HANDS, turn_up="8H", target=1)
    play_all(g, "take")
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.current_player is None and g.legal_actions() == [] and g.view(0)["legal"] == []
    refused(g, "pass", match="game is over", rule="game.over")


@pytest.mark.parametrize("options, words", [
    ({"players": 3}, "for 2 players, not 3"),
    ({"dix": "yes"}, "dix='yes'"),
    ({"schmeiss": 1}, "schmeiss=1"),
    ({"sequence_tie": "dealer"}, "sequence_tie='dealer'"),
    ({"maker_tie": "split"}, "maker_tie='split'"),
    ({"sequences_need_trick": None}, "sequences_need_trick=None"),
    ({"target": 0}, "target=0"),
    ({"target": "501"}, "target='501'"),
    ({"target": True}, "target=True"),
    ({"first_dealer": 2}, "first_dealer=2"),
    ({"trumps": "hearts"}, "no option 'trumps'"),
    ({"deck": ["2S"]}, "more cards than the 32-card pack has"),
    ({"deck": ["AS", "AS"]}, "more cards than"),
])
def test_impossible_options_are_refused(options, words):
    with pytest.raises(engine.OptionError, match=words):
        engine.new_game("klaberjass", **options)


def test_save_and_resume_mid_deal():
    g = engine.new_game("klaberjass", seed=33, dix=True, maker_tie="held_over")
    rng = random.Random(1)
    while len(g.view(0)["tricks_played"]) < 3:  # bidding done and three tricks into the play
        g.apply(rng.choice(g.legal_actions()))
    g.apply(g.legal_actions()[0])  # a trick half played
    assert g.view(0)["trick"]
    back = engine.load_game(g.to_json())
    assert [back.view(s) for s in range(2)] == [g.view(s) for s in range(2)]
    assert back.events_for(0) == g.events_for(0)
    while not g.is_over:  # the resumed game goes on exactly as the original
        move = rng.choice(g.legal_actions())
        assert [e.text for e in g.apply(move)] == [e.text for e in back.apply(move)]


def test_a_tampered_save_is_refused():
    g = in_play()
    body = json.loads(g.to_json())
    body["history"][-1] = [1, "play JH"]  # Eli does not hold the J♥
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    from engine.protocol import _checksum
    body["check"] = _checksum(body)  # even re-signed, the replay refuses the impossible move
    with pytest.raises(engine.SaveError, match="Move 2 of this save .*illegal"):
        engine.load_game(json.dumps(body))
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game(g.to_json()[:-3])


def test_undo_takes_back_a_move():
    g = in_play()
    before = snapshot(g)
    g.apply("play AS")
    g.undo()
    assert snapshot(g) == before


def test_shorthand_and_symbols_are_read():
    g = stacked_game(*HANDS, turn_up="8H")
    play_all(g, "pass pass")
    assert g.apply("name ♠")[0].data["trump"] == "S"
    assert g.apply("k♠")[0].data["card"] == "KS"
