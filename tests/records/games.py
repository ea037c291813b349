"""Deals played by bots for the record store's tests: the student's seat is a bot of a chosen level, so two
"students" dealt the same code meet the same first decision and may choose differently there."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Any

import engine
from engine.hints import Bot
from engine.protocol import Game
from engine.review import Review

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)


def play(game_id: str, seed: int, level: str = "easy", seat: int = 0, players: int | None = None,
         stop_after_deal: int | None = None, **options: Any) -> Game:
    """A game played to its end (or to the end of deal ``stop_after_deal``) by bots; the other seats' bots are
    the same whatever the student's level."""
    game = engine.new_game(game_id, players=players, seed=seed, **options)
    bots = {s: Bot(game_id, level if s == seat else "medium", seed * 10 + s + (100 if s == seat else 0))
            for s in range(game.players)}
    while not game.is_over:
        if stop_after_deal is not None and game.progress()["deal"] > stop_after_deal:
            break
        who = game.to_act()[0]
        game.apply(bots[who].choose(game.view(who)), who)
    return game


@lru_cache(maxsize=None)
def played(game_id: str, seed: int, level: str = "easy") -> tuple[Game, Review | None]:
    """A short match and its seat-0 review, worked out once per test session (a review takes up to seconds)."""
    game = play(game_id, seed, level, **engine.GAMES[game_id].short_match)
    review = engine.review(game, 0) if type(game).has_choices else None
    return game, review


def record(student: str, game_id: str = "jubilee", seed: int = 1, level: str = "easy", minutes: int = 0,
           class_name: str = "class 3b", **kwargs: Any):
    """The record of a bot-played deal as ``student`` (finished ``minutes`` after 9:00 on 2 Nov 2026)."""
    from widgets.records import record_from_game
    game, review = played(game_id, seed, level)
    return record_from_game(game, 0, student, game_id, "medium", class_name=class_name, review=review,
                            finished_at=T0 + timedelta(minutes=minutes), **kwargs)
