"""Setting up a chosen Klaberjass deal: both hands of nine, the turn-up, the bottom card."""

from __future__ import annotations

from typing import Any

import engine
from engine.cards import parse_cards, piquet_32


def stacked_deck(non_dealer: str, dealer: str, turn_up: str, bottom: str | None = None) -> list[str]:
    """The deck that deals these nine-card hands as the rules do: three to the non-dealer, three to
    the dealer, three and three again, the turn-up, then three more each; ``bottom`` ends the stock."""
    nd, dl = parse_cards(non_dealer), parse_cards(dealer)
    assert len(nd) == len(dl) == 9
    order = nd[0:3] + dl[0:3] + nd[3:6] + dl[3:6] + parse_cards(turn_up) + nd[6:9] + dl[6:9]
    if bottom is not None:
        last = parse_cards(bottom)
        rest = [c for c in piquet_32() if c not in order and c not in last]
        order += rest + last
    return [str(c) for c in order]


def stacked_game(non_dealer: str, dealer: str, turn_up: str, bottom: str | None = None, dealer_seat: int = 0,
                 names: list[str] | None = None, **options: Any) -> engine.Game:
    """A game whose first deal gives seat ``1 - dealer_seat`` (the non-dealer) and the dealer these hands."""
    return engine.new_game("klaberjass", seed=5, first_dealer=dealer_seat, names=names,
                           deck=stacked_deck(non_dealer, dealer, turn_up, bottom), **options)


def play_all(game: engine.Game, moves: str) -> list[engine.Event]:
    """Apply space-separated moves: 'take', 'pass', 'name:H', or a card."""
    events: list[engine.Event] = []
    for m in moves.split():
        if m in ("take", "pass", "schmeiss", "accept", "refuse", "exchange", "keep"):
            events += game.apply(m)
        elif m.startswith("name:"):
            events += game.apply(f"name {m[5:]}")
        else:
            events += game.apply(f"play {m}")
    return events
