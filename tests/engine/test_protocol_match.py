"""What a game IS is declared once, the same way for every registered game (issue 20, item 1).

Every game states how far its match has gone (``progress()``: deal k of n, counted from 1, what it is
played to, whether the lowest total wins), what each finished deal scored (``deal_results()``), and
the keys of its view (a ``TypedDict``, ``view_type``). The tables read these instead of guessing at
each game's own keys, so they are checked here over seeded random matches of every game.
"""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Iterator

import pytest

import engine
from engine.hints import Bot
from engine.protocol import DealResult, Game, Progress, ViewHeader

#: Options that keep each random match short enough to play to its end here.
SHORT = {"kalooki": {"deals": [1, 2]}, "injun": {"max_deals": 3}, "jabberwocky": {"rounds": "short"},
         "klaberjass": {"target": 150}, "rummy": {"target": 40}}
SEEDS = range(3)
MAX_MOVES = 6000


class RandomPlayer:
    """Any legal move, seeded (Kalooki's random players seldom finish a deal: easy bots play it)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any]) -> str:
        return self.rng.choice(view["legal"])


def random_match(game_id: str, seed: int, **options: Any) -> Iterator[Game]:
    """A seeded match, yielded after the deal and after every move (the same object)."""
    game = engine.new_game(game_id, seed=seed, **{**SHORT.get(game_id, {}), **options})
    rng = random.Random(seed)
    players = [Bot(game_id, "easy", seed=seed * 10 + s) if game_id == "kalooki" else RandomPlayer(rng)
               for s in range(game.players)]
    yield game
    for _ in range(MAX_MOVES):
        turn = engine.next_turn(game, players)
        if turn is None:
            return
        game.apply(turn.action, turn.seat)
        yield game


def fits(value: Any, hint: Any) -> bool:
    """Whether a JSON-able value has the type a view's TypedDict declares for it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(fits(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(fits(k, args[0]) and fits(v, args[1]) for k, v in value.items())
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and set(value) == set(hint.__annotations__) and all(
            fits(value[k], h) for k, h in typing.get_type_hints(hint).items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def winners_by_score(scores: list[int], lowest_wins: bool) -> list[int]:
    best = min(scores) if lowest_wins else max(scores)
    return [s for s, p in enumerate(scores) if p == best]


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_every_view_has_exactly_the_keys_and_types_its_view_type_declares(game_id):
    cls = engine.GAMES[game_id]
    assert cls.view_type is not None and typing.is_typeddict(cls.view_type), f"{game_id} declares no view type"
    declared = typing.get_type_hints(cls.view_type)
    assert set(typing.get_type_hints(ViewHeader)) <= set(declared)
    for seed in SEEDS:
        for step, game in enumerate(random_match(game_id, seed)):
            if step % 7 and not game.is_over:
                continue
            for seat in range(game.players):
                view = game.view(seat)
                assert set(view) == set(declared), f"{game_id}: view keys differ from {cls.view_type.__name__}"
                wrong = {k: view[k] for k, hint in declared.items() if not fits(view[k], hint)}
                assert not wrong, f"{game_id} seed {seed}: values not of the declared type: {wrong}"


def fits_remembered(value: Any, hint: Any, fitted: set[str]) -> bool:
    """:func:`fits`, remembered by the value's ``repr`` (which tells list from tuple, int from bool and float): a
    finished deal's result comes back unchanged after every later move, and checking each again made the test
    quadratic in a long match's moves (Rummy: two thirds of its time)."""
    key = repr(value)
    if key in fitted:
        return True
    if not fits(value, hint):
        return False
    fitted.add(key)
    return True


@pytest.mark.parametrize("game_id", list(engine.GAMES))
def test_progress_counts_deals_from_one_and_results_add_up_to_the_scores(game_id):
    cls = engine.GAMES[game_id]
    finished = 0
    fitted: set[str] = set()  # deal results already found to fit DealResult
    for seed in SEEDS:
        last_deal = 1
        for game in random_match(game_id, seed):
            progress = game.progress()
            assert fits(progress, Progress) and game.view(0)["progress"] == progress
            deal, deals = progress["deal"], progress["deals"]
            assert deal >= last_deal and deal >= 1 and (deals is None or deal <= deals), progress
            last_deal = deal
            results = game.deal_results()
            assert all(fits_remembered(r, DealResult, fitted) for r in results)
            assert [r["deal"] for r in results] == list(range(1, len(results) + 1))
            # the deals finished: all before this one, and this one too once the match is over
            assert len(results) == (deal if game.is_over else deal - 1) or (
                not game.is_over and len(results) == deal), (game_id, seed, progress, len(results))
            assert all(len(r["points"]) == game.players for r in results)
        assert game.is_over, f"{game_id} seed {seed}: a short random match did not end in {MAX_MOVES} moves"
        finished += 1
        start = [game.scores[s] - sum(r["points"][s] for r in results) for s in range(game.players)]
        assert len(set(start)) == 1, f"{game_id}: the deals' points do not add up to the final scores"
        if cls.has_scores and game.players > 1:
            end = next(e for e in game.events if e.kind == "game_end")
            if "winners" in end.data:
                assert end.data["winners"] == winners_by_score(game.scores, progress["lowest_wins"]), game_id
    assert finished == len(SEEDS)


def test_lowest_wins_is_declared_on_the_rules_class_and_a_variant_may_turn_it():
    assert [gid for gid, cls in engine.GAMES.items() if cls.lowest_wins] == ["kalooki"]
    assert engine.new_game("kalooki").progress()["lowest_wins"]
    assert not engine.new_game("rummy").progress()["lowest_wins"]
    assert engine.new_game("rummy", scoring="penalty").progress()["lowest_wins"]


def test_deal_word_names_rounds_only_where_the_rules_do():
    assert {gid: cls.deal_word for gid, cls in engine.GAMES.items() if cls.deal_word != "deal"} == {
        "jabberwocky": "round"}


def test_the_protocol_answers_are_the_same_for_a_resumed_game():
    game = engine.new_game("jubilee", players=3, seed=4)
    while game.progress()["deal"] < 2:
        game.apply(game.legal_actions()[0])
    resumed = engine.load_game(game.to_json())
    assert resumed.progress() == game.progress() == {"deal": 2, "deals": 3, "target": None, "lowest_wins": False}
    assert resumed.deal_results() == game.deal_results() and len(game.deal_results()) == 1
