"""Whose turn it is, said of the learner's seat (issue 32, item 9): a table names the learner "You", and
"It is You's turn, not Ada's." is not English. Every sentence that names the player to move with "'s" says
"your" for that seat (engine/words.py ``possessive``), in every game and in Portuguese."""

from __future__ import annotations

import pytest

import engine
from engine.words import possessive

from .test_injun_rules import deal, play

GAME_IDS = sorted(engine.GAMES)


def names_with_you_to_move(game_id: str, lang: str = "en") -> engine.Game:
    """A game in which the learner's seat ("You", "Você") is the one to move."""
    game = engine.new_game(game_id, seed=4)
    you = engine.i18n.say(lang, "You") if lang == "en" else "Você"
    names = [f"Player {s + 1}" for s in range(game.players)]
    names[game.current_player] = you
    options = {"lang": lang} if lang != "en" else {}
    return engine.new_game(game_id, seed=4, names=names, **options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_out_of_turn_while_you_are_to_move_says_your_turn(game_id: str) -> None:
    game = names_with_you_to_move(game_id)
    you = game.current_player
    move = game.legal_actions()[0]
    for seat in (s for s in range(game.players) if s not in game.to_act()):
        why = game.why_illegal(move, seat)
        assert why is not None and "You's" not in why, why
        with pytest.raises(engine.IllegalAction) as err:
            game.apply(move, seat)
        assert "You's" not in str(err.value)
        if game_id != "kalooki":  # the protocol's sentence (Kalooki explains its out-of-turn calls itself)
            assert str(err.value) == f"It is your turn, not {game.names[seat]}'s.", (you, str(err.value))


def test_the_sentence_is_portuguese_at_a_portuguese_table() -> None:
    game = names_with_you_to_move("jubileu", "pt")
    other = (game.current_player + 1) % game.players
    why = game.why_illegal(game.legal_actions()[0], other)
    assert why == f"É a sua vez, não a de {game.names[other]}.", why


def test_kalooki_out_of_turn_says_your_turn() -> None:
    game = names_with_you_to_move("kalooki")
    caller = next(s for s in game.to_act() if s != game.current_player)
    why = game.why_illegal("draw", caller)
    assert why is not None and why.startswith("It is your turn: out of turn"), why


def test_injun_says_your_card_not_yous() -> None:
    g = deal(["QS", "AH", "KC"], dealer=2, style="brag", starting_chips=[10, 3, 10], names=["A", "You", "C"])
    events = play(g, (0, "chip"), (1, "chip"), (2, "chip"), (0, "chip"), (1, "chip"))
    cap = next(e for e in events if e.kind == "cap")
    assert "so your card is shown" in cap.text and "You's" not in cap.text, cap.text
    g = deal(["2S", "AH", "3C"], dealer=2, names=["A", "You", "C"])
    events = play(g, (0, "bet 1"), (1, "call"), (2, "call"))
    win = next(e for e in events if e.kind == "win")
    assert win.text.startswith("Your A♥ is the highest card: you win the pot"), win.text


def test_possessive_starts_a_sentence() -> None:
    assert (possessive("You"), possessive("You", first=True), possessive("Ada", first=True)) == ("your", "Your",
                                                                                               "Ada's")
