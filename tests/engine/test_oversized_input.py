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


def quotes_little(message: str, given: str = "") -> str:
    """Issue 32, item 7: a refusal quotes at most a few dozen characters of what it was given (and says how
    much more there was), so it stays a sentence a learner reads whatever was typed."""
    assert message and len(message) < 300, f"{len(message):,} characters: {message[:300]}"
    run = 64  # no stretch this long of the message is copied from what was given (a 60-character move may be)
    copied = [message[i:i + run] for i in range(len(message) - run + 1) if message[i:i + run] in given]
    assert not copied, message
    return message


def packs_of(game: engine.Game) -> list[str]:
    """Three whole packs of the cards the game deals (more of each card than any game has)."""
    cards = {str(c) for c in engine.cards.standard_52() + engine.cards.spanish_40()}
    return sorted(cards) * 3


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_long_set_ups_are_quoted_in_a_few_dozen_characters(game_id: str) -> None:
    """deck=["x" * 10**6] gave a 1,000,065-character error, deck=[[9] * 10000] 30,021, and three packs ~980."""
    game = engine.new_game(game_id, seed=3)
    long_text = "x" * 10**6
    for deck, said in ((["x" * 10**6], "(1,000,000 characters)"), ([[9] * 10_000], "(10,000 items)"),
                       (["AS"] * 10_000, ""), (packs_of(game), "")):
        with pytest.raises(engine.OptionError) as err:
            engine.new_game(game_id, seed=3, deck=deck)
        assert said in quotes_little(str(err.value), long_text + str(deck[:100]))
    for names in ([long_text] * game.players, long_text, [["Ada"] * 10_000]):
        with pytest.raises(engine.OptionError) as err:
            engine.new_game(game_id, seed=3, names=names)
        quotes_little(str(err.value), long_text + str(names[:100]))
    with pytest.raises(engine.OptionError) as err:
        engine.new_game(game_id, seed=3, **{long_text: 1})
    quotes_little(str(err.value), long_text)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_longest_move_a_game_reads_is_refused_in_a_short_message(game_id: str) -> None:
    """A Kalooki move of 160 characters (its longest) was refused in 319: the move is quoted in part."""
    game = engine.new_game(game_id, seed=3)
    longest = game.max_action_length
    for typed in ("lay " + "7S 7H XX " * 40, "play " + "Q" * 500, "bid " + "9S " * 100, "x" * 10**6):
        move = typed[:longest]
        for seat in (None, *game.to_act()):
            try:
                game.apply(move, seat)
            except engine.IllegalAction as err:
                quotes_little(str(err), move)
            why = game.why_illegal(move, seat)
            assert why is not None
            quotes_little(why, move)
