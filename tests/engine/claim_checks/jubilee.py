"""Jubilee's claims, worked out again from the real game (docs/rules/jubilee.md; engine/games/jubilee.py).

Points are read from the events of the move really made; "the next player cannot score" tries every
card the real next player may legally play; a chance is recomputed from the seat's view by counting
the cards it has not seen, and checked against the real hand where it claims 0% or 100%.
"""

from __future__ import annotations

from collections import Counter
from math import comb

import engine
from engine.cards import jubilee_61, parse_card
from engine.claims import Chance, Claim
from engine.games.jubilee import card_value
from engine.hints import Hint

from ..helpers import fork


def _after(game: engine.Game, seat: int, move: str) -> tuple[engine.Game, list[engine.Event]]:
    g = fork(game)
    events = g.apply(move, seat)
    return g, events


def check_points(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    _, events = _after(game, seat, claim.move)
    got = sum(e.points for e in events if e.kind == "score" and e.seat == seat)
    value = claim.value  # type: ignore[attr-defined]
    return None if got == value else f"{claim.move} is said to score {value}, but it scores {got}"


def _next_seat_with_cards(view: dict) -> int | None:
    n, me = view["players"], view["seat"]
    for step in range(1, n):
        if view["hand_sizes"][(me + step) % n]:
            return (me + step) % n
    return None


def check_chance(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """P(the next player holds a card that lands the count on a positive multiple of 25), by counting."""
    assert isinstance(claim, Chance)
    view = game.view(seat)
    card = parse_card(claim.move.split()[1])
    after = view["count"] + card_value(card)
    nxt = _next_seat_with_cards(view)
    if nxt is None:
        return None if claim.p == 0 else "nobody else holds cards, yet a chance is claimed"
    lands = lambda c: card_value(c) != 0 and (after + card_value(c)) % 25 == 0 and after + card_value(c) > 0  # noqa: E731
    shown = [parse_card(c) for c in (view["revealed"][nxt] or [])]
    unseen = Counter(jubilee_61())
    unseen.subtract(parse_card(c) for c in view["hand"])
    unseen.subtract(parse_card(c) for c in view["played"])
    for other, cards in enumerate(view["revealed"]):
        if cards and other != seat:
            unseen.subtract(parse_card(c) for c in cards)
    unseen = +unseen
    if any(lands(c) for c in shown):
        expected = 1.0
    else:
        slots = view["hand_sizes"][nxt] - len(shown)
        total = sum(unseen.values())
        good = sum(k for c, k in unseen.items() if lands(c))
        expected = 0.0 if slots <= 0 or good == 0 else 1 - comb(total - good, slots) / comb(total, slots)
    if abs(expected - claim.p) > 1e-9:
        return f"the chance for {claim.move} is said {claim.p:.4f}, recounted {expected:.4f}"
    real = [parse_card(c) for c in game.view(nxt)["hand"]]
    if expected == 0.0 and any(lands(c) for c in real):
        return f"0% is claimed but the next player really holds a landing card ({real})"
    if expected == 1.0 and not any(lands(c) for c in real):
        return "100% is claimed but the next player holds no landing card"
    return None


def check_next_cannot_score(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    g, _ = _after(game, seat, claim.move)
    nxt = g.current_player
    if nxt is None or nxt == seat:
        return None
    for reply in g.legal_actions(nxt):
        events = fork(g).apply(reply, nxt)
        if any(e.kind == "score" and e.seat == nxt and e.points > 0 for e in events):
            return f"the next player is said unable to score, but {reply} scores"
    return None


def check_next_showed(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    view = game.view(seat)
    nxt = _next_seat_with_cards(view)
    held = claim.detail["held"]  # type: ignore[attr-defined]
    if nxt is None or held not in (view["revealed"][nxt] or []) or held not in game.view(nxt)["hand"]:
        return f"the next player is said to have shown {held}, which they do not hold shown"
    return None


CHECKS = {
    ("figure", "jubilee.scores"): check_points,
    ("figure", "jubilee.points_now"): check_points,
    ("chance", "jubilee.next_lands"): check_chance,
    ("chance", "jubilee.next_holds_one"): check_chance,
    ("certain", "jubilee.next_cannot_score"): check_next_cannot_score,
    ("certain", "jubilee.next_showed"): check_next_showed,
}
