"""Stacking a Jubileu deal: name the cards that matter, the rest are dealt in a fixed order."""

from __future__ import annotations

from typing import Any

import engine
from engine.games.jubileu import deck_for


def stacked(hands: dict[int, str], dealer: int = 3, ultima: str | None = None, **options: Any) -> engine.Game:
    """A Jubileu with these cards in these seats (the rest filled in pack order) and ``ultima`` as the
    dealer's last card. Seat 0 speaks first when seat 3 deals (the auction opens on the dealer's right)."""
    options.setdefault("deals", 1)
    return engine.new_game("jubileu", seed=1, deck=deck_for(hands, dealer, ultima), first_dealer=dealer, **options)


def play_all(game: engine.Game, moves: str) -> None:
    """Apply moves separated by ';' (each for the player to act)."""
    for move in moves.split(";"):
        if move.strip():
            game.apply(move.strip())
