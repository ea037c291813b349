"""Bad input to Relógio and Relógio Real: a clear error naming what is wrong, the state unchanged."""

from __future__ import annotations

import json

import pytest

import engine
from engine.games.relogio import clock_deck

from .helpers import refused


@pytest.fixture
def king_waiting():
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS 2C", 7: "3D 4D"}))
    g.apply("turn")
    return g


def test_keep_or_swap_with_no_king_waiting():
    g = engine.new_game("relogio", seed=1)
    err = refused(g, "keep", match="no King waiting for a swap: the only move is to turn the top card of the centre")
    assert err.rule == "relogio.swap"
    refused(g, "swap 7:1", match="no King waiting")


def test_turning_while_a_king_waits(king_waiting):
    err = refused(king_waiting, "turn", match=r"You have just turned K♠: first keep it \('keep'\) or swap it")
    assert err.rule == "relogio.swap"


def test_a_slot_that_does_not_exist(king_waiting):
    refused(king_waiting, "swap 7:5",
            match="7 o.clock has 4 face-down cards: choose 7:1 .top. to 7:4 .bottom., not 7:5")
    refused(king_waiting, "swap 13:9", match="The centre has 3 face-down cards")
    refused(king_waiting, "swap 14:1", match="name a face-down card as hour:position")
    refused(king_waiting, "swap 7", match="say which face-down card of 7 o'clock: 'swap 7:1' is its top card")
    refused(king_waiting, "swap 7:0", match="say which face-down card")


def test_an_empty_pile_has_no_slot():
    g = engine.new_game("relogio", deck=clock_deck({"K": "2C 3C 4C 5C", 2: "2S 2H 2D KS"}))
    for _ in range(5):
        g.apply("turn")  # 2♣ to 2 o'clock, then 2♠ 2♥ 2♦ stay at 2 … until K♠
    assert g.view(0)["pending"] == "KS" and g.view(0)["piles"][1]["face_down"] == 0
    refused(g, "swap 2:1", match="2 o'clock has no face-down card left to swap with")


def test_swap_after_it_is_used():
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH", 1: "AS"}))
    g.apply("turn")
    g.apply("swap 1:1")
    err = refused(g, "keep", match="The King swap is used up: it is allowed once per game")
    assert err.rule == "relogio.swap"


def test_nonsense_the_wrong_seat_and_after_the_end():
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH KD KC"}), king_swap="off")
    refused(g, "dance", match="not a Relógio move: moves are 'turn'")
    refused(g, "", match="not a move")
    refused(g, "turn", seat=1, match="There is no seat 1")
    for _ in range(4):
        g.apply("turn")
    assert g.is_over
    refused(g, "turn", match="The game is over")
    real = engine.new_game("relogio_real", seed=2)
    refused(real, "turn", match="not a Relógio Real move: the only move is 'move'")
    refused(real, "move", seat=3, match="There is no seat 3")
    assert real.apply("step")[0].kind == "pick_up"  # "step" is accepted for "move"


def test_impossible_options_and_decks():
    with pytest.raises(engine.OptionError, match="Relógio is for 1 player, not 2"):
        engine.new_game("relogio", players=2)
    with pytest.raises(engine.OptionError, match="Relógio Real is for 1 player, not 4"):
        engine.new_game("relogio_real", players=4)
    with pytest.raises(engine.OptionError, match="has no option 'jokers' .its options: king_swap."):
        engine.new_game("relogio", jokers=True)
    with pytest.raises(engine.OptionError, match="rounds=0 is not allowed: choose one of 1, 2, 3"):
        engine.new_game("relogio_real", rounds=0)
    with pytest.raises(engine.OptionError, match=r"more cards than the 52-card pack has: Joker ×1"):
        engine.new_game("relogio", deck=["JK"])
    with pytest.raises(engine.OptionError, match=r"7♥ ×2 \(it has 1\)"):
        engine.new_game("relogio_real", deck=["7H", "7H"])
    with pytest.raises(engine.OptionError, match="clock_deck: 'noon' is not an hour"):
        clock_deck({"noon": "7H"})
    with pytest.raises(engine.OptionError, match="a pile holds 4 cards, not 5"):
        clock_deck({1: "AS 2S 3S 4S 5S"})
    with pytest.raises(engine.OptionError, match="a card is named twice"):
        clock_deck({1: "AS", 2: "AS"})


@pytest.mark.parametrize("game_id", ["relogio", "relogio_real"])
def test_corrupt_and_tampered_saves(game_id):
    g = engine.new_game(game_id, seed=5)
    g.apply(g.legal_actions()[0])
    text = g.to_json()
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game(text[:-3])
    body = json.loads(text)
    body["seed"] = 6
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["history"].append([0, "swap 7:9"])
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="Move 2 of this save .*illegal"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["king_swap" if game_id == "relogio" else "rounds"] = "sometimes"
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="set-up is not valid: .*'sometimes' is not allowed"):
        engine.load_game(json.dumps(body))
    assert engine.load_game(text).view(0) == g.view(0)


def test_hint_after_the_end():
    g = engine.new_game("relogio", deck=clock_deck({"K": "KS KH KD KC"}), king_swap="off")
    for _ in range(4):
        g.apply("turn")
    with pytest.raises(engine.IllegalAction, match="The game is over: there is nothing to hint"):
        engine.hint(g)
