"""One source per rule (issue 20, item 3): where a game checks a move without listing every move, the
check and the list must agree, at every position the soaks reach.

python-chess builds ``is_legal`` from the move generator's own pieces; Parlour's games do the same where
they can (``Game._allows`` defaults to "is it in ``_legal``"), and where a game decides faster without
the list (Kalooki's draws, takes, discards and calls; Injun's amounts) this test holds the two to each
other.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

import engine
from engine.protocol import Action, Game

from .test_kalooki_soak import choose as kalooki_soak_move
from .test_protocol_match import random_match

#: Verbs whose move list offers a few of many legal moves (docs/engine.md, "Games with amounts"): an
#: accepted move of these verbs need not be listed. Every other accepted move must be in the list.
OPEN_ENDED = {"kalooki": {"lay"}, "injun": {"bet", "raise"}}
SEEDS = range(6)
EVERY = 3  # check every third position of a match


def kalooki_soak(seed: int) -> Iterator[Game]:
    """A match of the Kalooki soak's random players (random calls, challenges, rebuilds), two deals."""
    g = engine.new_game("kalooki", players=3 + seed % 4, seed=seed, deals=[1 + seed % 9, 1 + (seed + 4) % 9])
    rng = random.Random(seed)
    yield g
    while not g.is_over:
        seat, move = kalooki_soak_move(g, rng)
        g.apply(move, seat)
        yield g


def positions(game_id: str) -> Iterator[Game]:
    for seed in SEEDS if game_id != "injun" else range(40):  # random Injun players soon go all in
        yield from random_match(game_id, seed, **({"max_deals": 10} if game_id == "injun" else {}))
        if game_id == "kalooki":
            yield from kalooki_soak(seed)


def candidates(game: Game, seat: int, seen: set[str]) -> set[str]:
    """Moves to ask about: the ones listed anywhere in this match so far, and the simple verbs with every
    card of the seat's hand (jokers too), legal or not."""
    view: dict[str, Any] = game.view(seat)
    cards = [c for c in view.get("hand", []) if isinstance(c, str)]
    simple = {"draw", "take", "call", "pass", "allow", "refuse", "fold", "see", "stand", "play"}
    return seen | simple | {f"{verb} {c}" for c in cards for verb in ("play", "discard")}


QUICK_CHECKS = [gid for gid, cls in engine.GAMES.items() if cls._allows is not Game._allows]


def test_only_these_games_check_a_move_without_their_list():
    """Every other game's check IS its list (``Game._allows``): one source by construction."""
    assert QUICK_CHECKS == ["injun", "kalooki"]


@pytest.mark.parametrize("game_id", QUICK_CHECKS)
def test_the_quick_check_of_a_move_agrees_with_the_list_of_moves(game_id):
    open_ended = OPEN_ENDED.get(game_id, set())
    checked = 0
    seen: set[str] = set()
    for step, game in enumerate(positions(game_id)):
        if step % EVERY and not game.is_over:
            continue
        for seat in game.to_act():
            legal = game.legal_actions(seat)
            listed = {str(a) for a in legal}
            seen |= listed
            for action in legal:
                assert game._allows(seat, action), f"{game_id}: {action} is listed but refused for seat {seat}"
            for text in sorted(candidates(game, seat, seen)):
                try:
                    action = game.parse_action(text)
                except engine.IllegalAction:
                    continue
                allowed = game._allows(seat, action)
                if action.verb not in open_ended:
                    assert allowed == (str(action) in listed), (
                        f"{game_id} seat {seat}: {action} is {'accepted' if allowed else 'refused'} by the check "
                        f"but {'not ' if allowed else ''}listed")
                assert (game.why_illegal(action, seat) is None) == allowed, (game_id, seat, str(action))
            checked += 1
    assert checked > 50


def test_a_listed_move_is_one_the_game_applies():
    """The list is the rules' own: applying any listed move (on a copy) never raises."""
    for game_id in engine.GAMES:
        game = next(g for step, g in enumerate(random_match(game_id, 1)) if step == 9 or g.is_over)
        for seat in game.to_act():
            for action in game.legal_actions(seat):
                game.clone().apply(action, seat)


def test_an_action_built_by_hand_is_checked_like_its_notation():
    game = engine.new_game("kalooki", players=3, seed=2)
    seat = game.current_player
    assert game._allows(seat, Action("draw")) and game.why_illegal(Action("draw"), seat) is None
