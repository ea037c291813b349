"""Setting up a chosen Jabberwocky round: hands by seat, the turn-up, the dealer."""

from __future__ import annotations

from typing import Any

import engine
from engine.dealing import stack_deck


def stacked_round(hands: list[str], turn_up: str, dealer: int = 0, **options: Any) -> engine.Game:
    """A game whose first round deals ``hands`` (listed by seat) and turns up ``turn_up``.

    The cards are dealt one at a time from the dealer's left, as the rules say, so the
    deck is stacked in that order; ``rounds`` defaults to one round of the hands' size.
    """
    size = len(hands[0].split())
    options.setdefault("rounds", [size])
    deck = stack_deck(hands, turn_up, first=(dealer + 1) % len(hands))
    return engine.new_game("jabberwocky", players=len(hands), seed=1, deck=deck,
                           first_dealer=dealer, **options)


def play_all(game: engine.Game, moves: str) -> None:
    """Apply space-separated moves ("b2 b0 7H ...": b<n> is a bid, anything else a card)."""
    for m in moves.split():
        game.apply(f"bid {m[1:]}" if m.startswith("b") else f"play {m}")
