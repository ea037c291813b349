"""Input no one would type on purpose, which escaped the fuzz (issue 18, items 16 and 17): hand-built
actions with parts that are not text, a log asked for a seat that is not a number, numbers of
thousands of digits for the players, the seed or any option, and a long move after the game ended.
Each is refused with a ParlourError that names what is wrong, in a message short enough to read."""

from __future__ import annotations

import pytest

import engine
from engine import Action
from engine.protocol import MAX_OPTION_NUMBER

from .helpers import snapshot

GAME_IDS = sorted(engine.GAMES)
HUGE = 10**5000  # Python will not even print this (its 4,300-digit limit)


def short(message: str) -> str:
    assert message and len(message) < 300, message
    return message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hand_built_action_with_no_words_is_refused_and_changes_nothing(game_id: str) -> None:
    game = engine.new_game(game_id, seed=3)
    before = snapshot(game)
    for bad in (Action(None, ""), Action("play", None), Action(7, "x")):  # type: ignore[arg-type]
        with pytest.raises(engine.IllegalAction, match="not a move"):
            game.apply(bad)
        assert game.why_illegal(bad) is not None
    assert snapshot(game) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_log_for_a_seat_that_does_not_exist_is_refused(game_id: str) -> None:
    game = engine.new_game(game_id, seed=3)
    for seat in ([0], "0", -1, game.players, HUGE):
        with pytest.raises(engine.IllegalAction, match="no seat"):
            game.events_for(seat)  # type: ignore[arg-type]
    assert game.events_for(None) == game.events_for(None)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_numbers_of_thousands_of_digits_are_refused_naming_the_range(game_id: str) -> None:
    cls = engine.GAMES[game_id]
    with pytest.raises(engine.OptionError, match="digits") as err:
        engine.new_game(game_id, players=HUGE)
    short(str(err.value))
    for seed in (HUGE, 2**64, -1):
        with pytest.raises(engine.OptionError, match="0 to 2") as err:
            engine.new_game(game_id, seed=seed)
        short(str(err.value))
    for option in cls.variants:
        for value in (HUGE, -HUGE, MAX_OPTION_NUMBER + 1, [HUGE, 1]):
            with pytest.raises(engine.OptionError, match=option.name) as err:
                engine.new_game(game_id, seed=1, **{option.name: value})
            short(str(err.value))


def test_the_largest_numbers_allowed_still_play_and_save() -> None:
    """The games' variants (docs/rules/README.md) take real sizes; the bound only stops numbers no game can hold or
    print."""
    for game_id, options in [("injun", {"starting_chips": MAX_OPTION_NUMBER, "max_raise": MAX_OPTION_NUMBER}),
                             ("el_gato", {"trick_limit": MAX_OPTION_NUMBER}),
                             ("kalooki", {"max_rebuilds": MAX_OPTION_NUMBER})]:
        game = engine.new_game(game_id, seed=5, **options)
        for _ in range(6):
            if game.is_over:
                break
            game.apply(game.legal_actions()[0])
        assert engine.load_game(game.to_json()).history == game.history


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_after_the_game_ended_is_quoted_briefly(game_id: str) -> None:
    game = engine.new_game(game_id, seed=2)
    for _ in range(100000):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    assert game.is_over
    typed = "play " + "7H" * 2500
    with pytest.raises(engine.IllegalAction, match="The game is over") as err:
        game.apply(typed)
    assert len(str(err.value)) < 120, str(err.value)
