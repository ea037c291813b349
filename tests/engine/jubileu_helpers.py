"""Stacking a Jubileu deal: name the cards that matter, the rest are dealt in a fixed order."""

from __future__ import annotations

from typing import Any

import engine
from engine.cards import parse_cards, standard_52
from engine.dealing import stack_deck


def stacked(hands: dict[int, str], dealer: int = 3, ultima: str | None = None, **options: Any) -> engine.Game:
    """A Jubileu with these cards in these seats (the rest filled in pack order) and ``ultima`` as the
    dealer's last card. Seat 0 speaks first when seat 3 deals (the auction opens on the dealer's right)."""
    named = {s: parse_cards(h) for s, h in hands.items()}
    used = {c for cards in named.values() for c in cards}
    if ultima:
        used.add(parse_cards(ultima)[0])
    rest = [c for c in standard_52() if c not in used]
    full: list[list] = []
    for s in range(4):
        hand = list(named.get(s, []))
        want = 12 if (s == dealer and ultima) else 13
        while len(hand) < want:
            hand.append(rest.pop(0))
        if s == dealer and ultima:
            hand.append(parse_cards(ultima)[0])
        assert len(hand) == 13, f"seat {s} was given {len(hand)} cards"
        full.append(hand)
    deck = stack_deck([[str(c) for c in h] for h in full], first=(dealer + 1) % 4)
    options.setdefault("deals", 1)
    return engine.new_game("jubileu", seed=1, deck=deck, first_dealer=dealer, **options)


def play_all(game: engine.Game, moves: str) -> None:
    """Apply moves separated by ';' (each for the player to act)."""
    for move in moves.split(";"):
        if move.strip():
            game.apply(move.strip())
