"""1,251 seeded random Rummy games (5,001 with PARLOUR_SOAK=full, tests/engine/soak.py) over 2, 3 and 4
players and the variants (issue 9, item 5): cards conserved at every step, every meld on the table valid,
scores equal to the hands, no hand visible to another seat, and every game ends.

The players choose among the legal moves at random, with a purpose so that deals end: they put
cards down whenever they can, take the discard when it is near a card they hold, and
throw away a card that is near nothing (any card if none).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine.games.rummy import hand_value, rummy_pack
from engine.melds import meld_or_none

from .parallel import run_seeds
from . import soak

GAMES_PER_COUNT = soak.size(417, 1667)  # × 3 player counts
VARIANTS = [
    {},
    {"ace": "high_or_low"},
    {"jokers": True},
    {"must_discard": True, "discard_rule": False},
    {"block": True},
    {"scoring": "penalty", "ace": "around"},
    {"shuffle_rebuild": False, "rebuilds": 2},
]


def near(card: engine.Card, hand: list[engine.Card]) -> bool:
    return card.is_joker or any(o != card and (o.is_joker or o.rank == card.rank
                                               or o.suit == card.suit and abs(o.rank - card.rank) <= 2)
                                for o in hand)


def choose(g: engine.Game, rng: random.Random) -> engine.Action:
    actions = g.legal_actions()
    down = [a for a in actions if a.verb in ("meld", "layoff")]
    if down:
        return rng.choice(down)
    hand = g.deal.hands[g.current_player]
    if actions[0].verb == "draw":
        if len(actions) > 1 and near(g.deal.discards[-1], hand) and rng.random() < 0.8:
            return actions[1]
        return actions[0]
    loose = [a for a in actions if not near(engine.parse_card(a.arg), hand)]
    return rng.choice(loose or actions)


def all_cards(g: engine.Game) -> dict:
    return dict(Counter([c for h in g.deal.hands for c in h] + [c for m in g.deal.melds for c in m.meld.cards]
                   + g.deal.stock + g.deal.discards))


def check_views(g: engine.Game) -> None:
    for seat in range(g.players):
        view = g.view(seat)
        assert sorted(view["hand"]) == sorted(str(c) for c in g.deal.hands[seat])
        del view["results"]  # earlier deals' hands, shown when they ended
        this_deal = max(i for i, e in enumerate(g.events) if e.kind == "deal")
        seen = g.events_for(seat)[this_deal:]
        text = json.dumps(view) + json.dumps(seen)
        for other in range(g.players):
            if other == seat:
                continue
            hidden = Counter(g.deal.hands[other]) - Counter(engine.parse_cards(view["picked_up"][other]))
            for c in hidden:
                if c.is_joker:
                    continue
                # a card another seat holds shows only if it was public (seen in the discard pile)
                if f'"{c}"' in text:
                    assert str(c) in view["discard_pile"] or any(
                        e["data"].get("card") == str(c) for e in seen), f"{seat} sees {c}"


def check_deal_score(result: dict, hands_before: list[list[engine.Card]], options: dict, ace: str) -> None:
    """The deal's points are the hands left, as the rules count them."""
    values = [hand_value(engine.parse_cards(h), ace) for h in result["hands"]]
    assert values == result["hand_values"]
    winner, how, points = result["winner"], result["how"], result["points"]
    if how == "stalemate" or winner is None and how == "block":
        assert points == [0] * len(points)
        return
    if how in ("out", "rummy", "penalty") and winner is not None:
        for s, hand in enumerate(hands_before):  # the losers did not move on the winner's turn
            if s != winner:
                assert sorted(result["hands"][s]) == sorted(str(c) for c in hand)
        assert values[winner] == 0
    factor = 2 if how == "rummy" or how == "penalty" and result.get("rummy") else 1
    if options.get("scoring") == "penalty":
        assert all(points[s] in (values[s], 2 * values[s]) for s in range(len(points)) if s != winner)
    else:
        losers = sum(v for s, v in enumerate(values) if s != winner)
        assert points[winner] == losers * factor
        assert sum(points) == points[winner]


def play_game(players: int, i: int) -> None:
    """Game ``i`` at this player count, checked at every step."""
    seed = players * 1_000_000 + i
    rng = random.Random(seed)
    options = VARIANTS[i % len(VARIANTS)]
    g = engine.new_game("rummy", players=players, seed=seed, target=1 if i % 40 else 60, **options)
    pack = dict(Counter(rummy_pack(g.options)))
    size = sum(pack.values())
    moves = 0
    spot = rng.randrange(40) if i % 20 == 0 else -1
    while not g.is_over:
        hands_before = [list(h) for h in g.deal.hands]
        events = g.apply(choose(g, rng))
        moves += 1
        assert moves < 5000, "every game ends"
        if not any(e.kind == "deal" for e in events):
            assert all_cards(g) == pack, "cards are conserved"
        else:
            assert sum(g.view(0)["hand_sizes"]) + g.view(0)["stock_size"] + 1 == size
        for e in events:
            if e.kind in ("meld", "layoff"):
                cards = engine.parse_cards(e.data["cards"])
                assert meld_or_none(cards, g.deal.rules) is not None, "every meld is valid"
            elif e.kind == "deal_end":
                check_deal_score(g.results[-1], hands_before, options, g.deal.rules.ace)
        if moves == spot:
            check_views(g)
    totals = [sum(r["points"][s] for r in g.results) for s in range(players)]
    assert g.scores == totals, "the scores add up"
    assert max(g.scores) >= g.target
    assert g.events[-1].kind == "game_end"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_hold_every_invariant(players):
    run_seeds(play_game, [(players, i) for i in range(GAMES_PER_COUNT)])
