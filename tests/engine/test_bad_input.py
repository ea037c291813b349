"""Bad input: a clear error naming what is wrong, and the state unchanged (DESIGN.md)."""

import json

import pytest

import engine

from .helpers import refused, snapshot, stack_deal


@pytest.fixture
def game():
    hands = ["4S 2S 3S 4C 5C 6C 7C 8C", "5H 6H 7H 8H 9H 10H JH QH"]
    g = engine.new_game("jubilee", players=2, seed=3, first_dealer=1, match="single",
                        deck=stack_deal(hands, first=0), names=["Ann", "Bob"])
    g.apply("play 4S")  # count 4, Bob to play
    return g


def test_a_card_that_breaks_the_no_negative_rule(game):
    game.apply("pass")
    game.apply("play 2S")  # count 6, Bob
    err = refused(game, "play 7H", match=r"7♥ would take the count from 6 to -1.*never go below 0")
    assert err.rule == "jubilee.no_negative"


def test_a_card_not_in_hand(game):
    err = refused(game, "play KS", match="Bob does not hold K♠")
    assert err.rule == "jubilee.turn"


def test_the_wrong_seat(game):
    err = refused(game, "play 2S", seat=0, match="It is Bob's turn, not Ann's")
    assert err.rule == "turn.order"
    refused(game, "pass", seat=5, match="There is no seat 5")


def test_passing_while_able_to_play():
    g = engine.new_game("jubilee", players=3, seed=1)
    refused(g, "pass", match="may not pass")


def test_nonsense_is_not_a_move(game):
    refused(game, "dance", match="not a Jubilee move")
    refused(game, "play 11X", match="not a Jubilee move")
    refused(game, "", match="not a move")


def test_shorthand_card_means_play(game):
    game.apply("pass")
    events = game.apply("2s")
    assert events[0].data["card"] == "2S"


def test_a_move_after_the_end():
    g = engine.new_game("jubilee", players=2, seed=8, match="single")
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.current_player is None and g.legal_actions() == []
    refused(g, "play 2S", match="The game is over")


def test_corrupt_and_tampered_saves(game):
    text = game.to_json()
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game(text[:-5])
    with pytest.raises(engine.SaveError, match="not a Parlour save"):
        engine.load_game("[1, 2]")
    body = json.loads(text)
    body["seed"] = 4  # a different deal: caught by the checksum
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["history"].append([1, "play KS"])  # an impossible move, checksum recomputed
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="Move 2 of this save .*illegal"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["game"] = "snap"
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="no game 'snap'"):  # issue 8, 7b: loading raises SaveError only
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["format"] = 99
    with pytest.raises(engine.SaveError, match="format 99"):
        engine.load_game(json.dumps(body))
    assert engine.load_game(text).history == game.history  # the original still loads


def test_unknown_game_variant_or_value():
    with pytest.raises(engine.OptionError, match="There is no game 'jubile'"):
        engine.new_game("jubile")
    with pytest.raises(engine.OptionError, match="no option 'jokers'.*match, first_play, first_dealer"):
        engine.new_game("jubilee", jokers=2)
    with pytest.raises(engine.OptionError,
                       match="match='forever' is not allowed: choose one of 'each_deals', 'single'"):
        engine.new_game("jubilee", match="forever")
    with pytest.raises(engine.OptionError, match="for 2 to 7 players, not 8"):
        engine.new_game("jubilee", players=8)
    with pytest.raises(engine.OptionError, match="first_dealer=3: seats are 0 to 2"):
        engine.new_game("jubilee", players=3, first_dealer=3)
    with pytest.raises(engine.OptionError, match="seed"):
        engine.new_game("jubilee", seed=-1)


def test_a_deck_with_cards_the_pack_lacks():
    with pytest.raises(engine.OptionError, match=r"more cards than the Jubilee pack has: 10♣ ×1 \(it has 0\)"):
        engine.new_game("jubilee", deck=["10C"])
    with pytest.raises(engine.OptionError, match=r"Joker ×5 \(it has 4\)"):
        engine.new_game("jubilee", deck=["JK"] * 5)
    with pytest.raises(engine.OptionError, match="deck=.*not a card"):
        engine.new_game("jubilee", deck=["ZZ"])


def test_undo_with_nothing_to_take_back():
    g = engine.new_game("jubilee", players=2, seed=1)
    before = snapshot(g)
    with pytest.raises(engine.IllegalAction, match="only 0 moves"):
        g.undo()
    with pytest.raises(engine.IllegalAction, match="has not moved yet"):
        g.undo_to_seat(0)
    assert snapshot(g) == before


def test_why_illegal_names_a_seat_that_does_not_exist():
    g = engine.new_game("jubilee", players=3, seed=1)
    assert g.why_illegal(g.legal_actions()[0], seat=9) == "There is no seat 9: seats are 0 to 2."
