"""Shared helpers for engine tests: stacking a Jubilee deal card by card."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.dealing import stack_deck as stack_deal  # noqa: F401  (tests name it stack_deal)


def snapshot(game: engine.Game) -> tuple[Any, ...]:
    """Everything observable about a game, to prove an error changed nothing."""
    return (game.to_json(), json.dumps([game.view(s) for s in range(game.players)]),
            len(game.events), game.current_player)
