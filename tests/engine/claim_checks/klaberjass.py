"""Klaberjass: what its hints claim, worked out again from the real game (docs/rules/klaberjass.md).

Certainties by playing the move on a copy of the real game (who becomes the maker, a hand thrown in) or by
enumerating every legal reply (who takes the trick); figures and comparisons recounted from the view with the
rules' card values; averages of imagined deals by their bookkeeping against the alternatives they stand for.
"""

from __future__ import annotations

import random
from typing import Iterator

import engine
from engine import tricks
from engine.cards import parse_card
from engine.claims import Certain, Claim, Comparison, Figure
from engine.games.klaberjass import Klaberjass, card_points
from engine.hints import Bot, Hint

from ..helpers import fork

from . import review_costs
from . import check_only_legal

#: Imagined deals are fewer in the test: a claim's truth does not depend on how many there are.
FAST = {"HINT_BID_DEALS": 16, "HINT_PLAYOUTS": 24, "MIN_SAMPLES": 6}

#: The most one side can score a deal: both totals (a failed maker), cards and last trick at most 156, two
#: fifties 100, Bella 20.
MOST_A_DEAL = 156 + 100 + 20


def _played(game: engine.Game, seat: int, move: str) -> engine.Game:
    after = fork(game)
    after.apply(move, seat)
    return after


def _trick_winner_after(game: engine.Game, seat: int, moves: list[tuple[int, str]]) -> int | None:
    """Who takes the trick that these moves complete (None if they complete none)."""
    after = fork(game)
    start = len(after.events)
    for who, move in moves:
        after.apply(move, who)
    return next((e.seat for e in after.events[start:] if e.kind == "trick"), None)


def check_wins_trick(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """Who takes the trick: the card completes it (a reply), or every legal reply of the real position to it
    (a lead) is played out, the trick looked for among all the events of each move (the last card of a deal is
    followed by the deal's end)."""
    assert isinstance(claim, Certain)
    view = game.view(seat)
    if view["trick"]:
        winners = {_trick_winner_after(game, seat, [(seat, claim.move)])}
    else:
        after = _played(game, seat, claim.move)
        replies = [str(a) for a in after.legal_actions(1 - seat)]
        winners = {_trick_winner_after(game, seat, [(seat, claim.move), (1 - seat, r)]) for r in replies}
    if claim.holds and winners != {seat}:
        return f"{claim.move} is said to win the trick for certain, but {sorted(winners, key=str)} can win it"
    if not claim.holds and seat in winners:
        return f"{claim.move} is said to lose the trick for certain, but a legal reply lets it win"
    return None


def check_you_become_maker(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    maker = _played(game, seat, claim.move).view(seat)["maker"]
    if maker != seat:
        return f"{claim.move} is said to make you the maker, but the maker is {maker}"
    return None


def check_they_become_maker(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    maker = _played(game, seat, claim.move).view(seat)["maker"]
    if maker != 1 - seat:
        return f"{claim.move} is said to make the opponent the maker, but the maker is {maker}"
    return None


def check_throws_in(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    before = game.view(seat)["deal_number"]
    after = _played(game, seat, claim.move).view(seat)
    if after["deal_number"] != before + 1 or after["maker"] is not None:
        return f"{claim.move} is said to throw the hand in, but the deal goes on"
    return None


def check_trick_points(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    view = game.view(seat)
    trump = tricks.SUIT_INDEX[view["trump"]]
    cards = [view["trick"][0][1], claim.move.split()[1]]
    worth = sum(card_points(tricks.index(parse_card(c)), trump) for c in cards)
    if claim.value != worth:
        return f"the trick {cards} is said to be worth {claim.value}, but it holds {worth} points"
    return None


def check_card_worth(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    view = game.view(seat)
    worth = card_points(tricks.index(parse_card(view["turn_up"])), tricks.SUIT_INDEX[view["trump"]])
    if claim.value != worth:
        return f"the turn-up {view['turn_up']} is said to be worth {claim.value}, but it is worth {worth}"
    return None


def check_net_points(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """An average of imagined deals: the figure of the move it names, and a result a deal can have."""
    assert isinstance(claim, Figure)
    if claim.exact or claim.samples <= 0:
        return "an average of imagined deals is stated as exact"
    scores = [a.score for a in hint.alternatives if a.action == claim.move]
    if len(scores) != 1 or abs(scores[0] - claim.value) > 0.55:
        return f"{claim.move} is said to bring {claim.value}, but its estimate is {scores}"
    if abs(claim.value) > MOST_A_DEAL:
        return f"{claim.value} points a deal is more than a deal can bring"
    return None


def check_most_trump_points(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"your most valuable suit as trumps": each suit's cards in hand valued as trumps, recounted."""
    assert isinstance(claim, Comparison)
    view = game.view(seat)
    refused = parse_card(view["turn_up"]).suit if view["phase"] == "bid2" else None
    open_suits = tuple(s for s in "SHDC" if s != refused)
    if tuple(sorted(claim.among)) != tuple(sorted(open_suits)):
        return f"the suits compared are {claim.among}, but the suits open are {open_suits}"
    worth = {s: 0 for s in open_suits}
    for text in view["hand"]:
        card = parse_card(text)
        if card.suit in worth:
            worth[card.suit] += card_points(tricks.index(card), tricks.SUIT_INDEX[card.suit])
    if worth.get(claim.subject) != claim.value or claim.value != max(worth.values()):
        return f"{claim.subject} is said to be worth most as trumps ({claim.value}), but the hand holds {worth}"
    return None


CHECKS = {
    ("certain", "klaberjass.wins_trick"): check_wins_trick,
    ("certain", "klaberjass.only_legal"): check_only_legal,
    ("certain", "klaberjass.you_become_maker"): check_you_become_maker,
    ("certain", "klaberjass.they_become_maker"): check_they_become_maker,
    ("certain", "klaberjass.throws_in"): check_throws_in,
    ("figure", "klaberjass.trick_points"): check_trick_points,
    ("figure", "klaberjass.card_worth"): check_card_worth,
    ("figure", "klaberjass.net_points"): check_net_points,
    ("comparison", "klaberjass.most_trump_points"): check_most_trump_points,
}
CHECKS.update(review_costs.checks("klaberjass"))  # the review's cost (issue 37)


def positions(count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded games under every variant (dix and schmeiss included, which the generic positions leave at their
    defaults), played by medium bots with random moves mixed in; forced moves are asked about too."""
    found = 0
    while found < count:
        options = {o.name: rng.choice(o.choices) for o in Klaberjass.variants if o.choices}
        options.update(dix=rng.random() < 0.5, schmeiss=rng.random() < 0.5, target=rng.choice((101, 301)))
        game = engine.new_game("klaberjass", seed=rng.getrandbits(40), **options)
        bots = [Bot("klaberjass", "medium", seed=rng.getrandbits(20)) for _ in range(2)]
        while not game.is_over and found < count:
            seat = game.current_player
            legal = [str(a) for a in game.legal_actions(seat)]
            if rng.random() < (0.3 if len(legal) > 1 else 0.05):
                found += 1
                yield fork(game), seat
            move = rng.choice(legal) if rng.random() < 0.3 else bots[seat].choose(game.view(seat))
            game.apply(move, seat)
