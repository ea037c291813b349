"""El Gato bad input: a clear error naming what is wrong, and the state unchanged (DESIGN.md)."""

import json

import pytest

import engine

from .helpers import refused, snapshot


@pytest.fixture
def game():
    g = engine.new_game("el_gato", players=4, seed=9, first_dealer=3, names=["Ann", "Bob", "Cy", "Di"])
    g.apply("play")  # Ann (the dealer's left) has turned her card: Bob to play
    return g


def test_choosing_a_card_is_not_allowed(game):
    """Seed: "os jogadores não podem escolher que carta jogar"."""
    err = refused(game, "play 5Or", match="You cannot choose a card in El Gato")
    assert err.rule == "el_gato.play"
    assert game.why_illegal("play 7Co") and game.why_illegal("play") is None


def test_other_verbs_and_nonsense(game):
    refused(game, "pass", match="'pass' is not an El Gato move: the only move is 'play'")
    refused(game, "", match="not a move")
    refused(game, 42, match="not a move")


def test_the_wrong_seat(game):
    err = refused(game, "play", seat=0, match="It is Bob's turn, not Ann's")
    assert err.rule == "turn.order"
    refused(game, "play", seat=4, match="There is no seat 4")
    refused(game, "play", seat=True, match="There is no seat True")


def test_a_move_after_the_end():
    g = engine.new_game("el_gato", players=10, seed=3)
    while not g.is_over:
        g.apply("play")
    refused(g, "play", match="The game is over")
    with pytest.raises(engine.IllegalAction, match="nothing to hint"):
        engine.hint(g)


def test_impossible_options():
    with pytest.raises(engine.OptionError, match="2, 4, 5, 8 or 10 players .* not 3"):
        engine.new_game("el_gato", players=3)
    with pytest.raises(engine.OptionError, match="for 2 to 10 players, not 12"):
        engine.new_game("el_gato", players=12)
    with pytest.raises(engine.OptionError, match="first_dealer=4: seats are 0 to 3"):
        engine.new_game("el_gato", players=4, first_dealer=4)
    with pytest.raises(engine.OptionError, match="first_dealer=-1: a seat number or None"):
        engine.new_game("el_gato", first_dealer=-1)
    with pytest.raises(engine.OptionError, match="trick_limit=-5: a whole number of tricks"):
        engine.new_game("el_gato", trick_limit=-5)
    with pytest.raises(engine.OptionError, match="ace_high='yes' is not allowed"):
        engine.new_game("el_gato", ace_high="yes")
    with pytest.raises(engine.OptionError, match="could let a game loop forever"):
        engine.new_game("el_gato", cycle_draw=False, trick_limit=0)
    with pytest.raises(engine.OptionError,
                       match="no option 'jokers'.*ace_high, first_dealer, guerra, cycle_draw, trick_limit"):
        engine.new_game("el_gato", jokers=True)


def test_a_deck_with_cards_the_pack_lacks():
    """The Spanish 40 has no Kings (12) or Caballos (11), no French suits, and one of each card."""
    with pytest.raises(engine.OptionError, match="numbered 1 to 10"):
        engine.new_game("el_gato", deck=["12Or"])
    with pytest.raises(engine.OptionError, match=r"more cards than the El Gato pack .* 10♥ ×1 \(it has 0\)"):
        engine.new_game("el_gato", deck=["10H"])
    with pytest.raises(engine.OptionError, match=r"5 de oros ×2 \(it has 1\)"):
        engine.new_game("el_gato", deck=["5Or", "5Or"])


def test_corrupt_and_tampered_saves(game):
    text = game.to_json()
    with pytest.raises(engine.SaveError, match="not valid JSON"):
        engine.load_game(text[:-3])
    body = json.loads(text)
    body["seed"] = 10
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["history"].append([3, "play"])  # Di cannot play before Bob
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="Move 2 of this save .*illegal: It is Bob's turn"):
        engine.load_game(json.dumps(body))
    body = json.loads(text)
    body["players"] = 3
    body["names"] = ["Ann", "Bob", "Cy"]
    body["check"] = engine.protocol._checksum(body)
    with pytest.raises(engine.SaveError, match="set-up is not valid: El Gato is for 2, 4, 5, 8 or 10"):
        engine.load_game(json.dumps(body))
    assert engine.load_game(text).history == game.history


def test_undo_with_nothing_to_take_back():
    g = engine.new_game("el_gato", players=2, seed=1)
    before = snapshot(g)
    with pytest.raises(engine.IllegalAction, match="only 0 moves"):
        g.undo()
    assert snapshot(g) == before
