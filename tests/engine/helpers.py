"""Shared helpers for engine tests: stacking a Jubilee deal card by card."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.cards import parse_cards


def stack_deal(hands: list[str], stock: str = "", first: int = 0) -> list[str]:
    """The deck order that deals ``hands`` (seat order) one card at a time from seat ``first``.

    Every hand must have the same length; ``stock`` lists the next cards, top first.
    """
    cards = [parse_cards(h) for h in hands]
    n, size = len(cards), len(cards[0])
    order = []
    for i in range(size):
        for k in range(n):
            order.append(str(cards[(first + k) % n][i]))
    return order + [str(c) for c in parse_cards(stock)]


def snapshot(game: engine.Game) -> tuple[Any, ...]:
    """Everything observable about a game, to prove an error changed nothing."""
    return (game.to_json(), json.dumps([game.view(s) for s in range(game.players)]),
            len(game.events), game.current_player)
