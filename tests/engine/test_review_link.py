"""engine.review_link: a review link's moves replay the very game in every game with decisions, and a link
cut, changed or made on another deal is refused in words, the game it was read against untouched."""

from __future__ import annotations

import random

import pytest

import engine
from engine.hints import Bot
import engine.review_link
from engine.review_link import MAX_LENGTH, ReviewLinkError, address_form, moves_code, replay_moves

REVIEWED = sorted(g for g, cls in engine.GAMES.items() if cls.has_choices)
MAX_MOVES = 400


def played(game_id: str, seed: int, moves: int = MAX_MOVES) -> engine.Game:
    """Easy bots in every seat, every seat allowed to act (a Kalooki call out of turn) taking its turn."""
    game = engine.new_game(game_id, seed=seed)
    bots = {s: Bot(game_id, "easy", seed=seed * 31 + s) for s in range(game.players)}
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        who = rng.choice(game.to_act())
        game.apply(bots[who].choose(game.view(who)), who)
    return game


def fresh(game: engine.Game) -> engine.Game:
    return type(game)(**game.setup_args())


@pytest.mark.parametrize("game_id", REVIEWED)
def test_the_moves_of_a_link_replay_the_same_game(game_id: str) -> None:
    for seed in (1, 2):
        game = played(game_id, seed)
        code = moves_code(game)
        again = replay_moves(fresh(game), code)
        assert again.history == game.history and again.to_json() == game.to_json()
        cut = len(game.history) // 2
        half = replay_moves(fresh(game), moves_code(game, cut))
        assert half.history == game.history[:cut]
        assert len(code) <= MAX_LENGTH


def test_a_whole_kalooki_match_with_its_calls_fits_a_link() -> None:
    game = played("kalooki", 3, moves=3000)
    assert any(len(game.replayed(game.history[:i]).to_act()) > 1 for i in range(0, 400, 5)), "calls were open"
    code = moves_code(game)
    assert len(code) < MAX_LENGTH // 2, len(code)
    assert replay_moves(fresh(game), code).history == game.history


def test_an_amount_the_menu_does_not_list_is_written_out() -> None:
    game = engine.new_game("injun", seed=4)
    bots = {s: Bot("injun", "medium", seed=s) for s in range(game.players)}
    typed = None
    while not game.is_over and typed is None:
        seat = game.current_player
        amounts = game.deal.raise_range(seat) if seat is not None else range(0)
        listed = {str(a) for a in game.legal_actions(seat)}
        verb = next((a.verb for a in game.legal_actions(seat) if a.verb in ("bet", "raise")), None)
        odd = [n for n in amounts if f"{verb} {n}" not in listed] if verb else []
        if odd:
            typed = f"{verb} {odd[len(odd) // 2]}"
            game.apply(typed, seat)
        else:
            game.apply(bots[seat].choose(game.view(seat)), seat)
    assert typed is not None, "a bet range wider than the menu came up"
    code = moves_code(game)
    assert code.endswith("~" + typed)
    assert replay_moves(fresh(game), code).history == game.history


def corruptions(code: str) -> dict[str, str]:
    count, check, number = code.split(".", 2)
    at = len(number) // 2
    flipped = number[:at] + ("A" if number[at] != "A" else "B") + number[at + 1:]
    return {
        "cut short": code[: len(code) * 2 // 3],
        "a character changed": f"{count}.{check}.{flipped}",
        "its last character changed": f"{count}.{check}.{number[:-1]}{'B' if number[-1] == 'A' else 'A'}",
        "one move fewer": f"{int(count) - 1}.{check}.{number}",
        "one move more": f"{int(count) + 1}.{check}.{number}",
        "its check changed": f"{count}.{'A' * 6 if check != 'A' * 6 else 'B' * 6}.{number}",
        "a move written out added": code + "~play 2C",
        "not a link at all": "<script>alert(1)</script>",
        "empty": "",
        "too long": code + "A" * MAX_LENGTH,
    }


@pytest.mark.parametrize("game_id", REVIEWED)
def test_a_changed_or_foreign_link_is_refused_and_the_game_is_untouched(game_id: str) -> None:
    game = played(game_id, 5, moves=150)
    code = moves_code(game)
    other = played(game_id, 6, moves=150)  # another deal of the same game
    target = fresh(game)
    target.apply(str(target.legal_actions(target.to_act()[0])[0]), target.to_act()[0])
    before = target.to_json()
    cases = {**corruptions(code), "made on another deal": moves_code(other)}
    for other_id in REVIEWED:
        if other_id != game_id:
            cases[f"made in {other_id}"] = moves_code(played(other_id, 5, moves=60))
    for what, text in cases.items():
        with pytest.raises(ReviewLinkError) as refused:
            replay_moves(target, text)
        said = str(refused.value)
        assert "review link" in said and "Traceback" not in said, (what, said)
        assert target.to_json() == before, what


def long_kalooki_match(seed: int = 11) -> engine.Game:
    """A whole six-player Kalooki match played at random: 12,728 moves, whose link takes 7,921 characters."""
    game = engine.new_game("kalooki", players=6, seed=seed)
    rng = random.Random(1)
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)), seat)
    return game


def test_the_link_of_a_long_kalooki_match_opens() -> None:
    """Issue 32, item 8: links of Kalooki matches of 15-22k moves took 9,000-12,400 characters and their own
    reader refused them (its limit was 6,000). The link the table offers is one the reader opens."""
    from widgets.deal_link import link_query, read_deal_link

    game = long_kalooki_match()
    assert len(game.history) > 12_000
    code = moves_code(game)
    assert len(code) > 6_000 and len(address_form(code)) <= MAX_LENGTH
    assert replay_moves(fresh(game), code).history == game.history
    query = link_query("6-K7QM3P", "easy", "kalooki", code)
    assert read_deal_link(query).moves == code  # the page's address reader takes it whole


def test_a_match_too_long_for_an_address_gets_no_link_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the limit, moves_code offers only links replay_moves opens: past it, a sentence, never a link."""
    game = played("kalooki", 3, moves=3000)
    code = moves_code(game)
    monkeypatch.setattr(engine.review_link, "MAX_LENGTH", len(code) - 1)
    with pytest.raises(ReviewLinkError, match=f"its {len(game.history):,} moves are more than"):
        moves_code(game)
    short = moves_code(game, 40)
    assert replay_moves(fresh(game), short).history == game.history[:40]
    monkeypatch.setattr(engine.review_link, "MAX_MOVES", 39)
    with pytest.raises(ReviewLinkError, match="no link"):
        moves_code(game, 40)
