"""Random legal play over 504 seeded Jubilee deals (2,004 with PARLOUR_SOAK=full, tests/engine/soak.py) must
hold the invariants (docs/rules/jubilee.md#jubilee.end; DESIGN.md "Hidden information is real")."""

import random
from collections import Counter

import pytest

import engine
from engine.cards import jubilee_61, parse_card
from . import soak

PACK = Counter(jubilee_61())
GAMES_PER_COUNT = soak.size(84, 334)  # × 6 player counts: 504 deals (2,004 in full)


def check_views_hide_other_hands(g: engine.Game) -> None:
    """Each view names exactly the cards its seat may know: its hand, the pile, shown hands."""
    for seat in range(g.players):
        v = g.view(seat)
        assert Counter(map(parse_card, v["hand"])) == Counter(g.deal.hands[seat])
        assert [parse_card(c) for c in v["played"]] == g.deal.pile
        for other in range(g.players):
            shown = v["revealed"][other]
            if shown is not None:
                assert not Counter(map(parse_card, shown)) - Counter(g.deal.hands[other])
        assert set(v) == {"game", "seat", "players", "names", "options", "progress", "hand", "hand_sizes", "count",
                          "next_multiple", "scores", "deal_scores", "stock_size", "played", "revealed", "black_first",
                          "last_play", "dealer", "deal_number", "deals_total", "current_player",
                          "is_over", "legal"}


def check_log_hides_draws(g: engine.Game, start: int) -> None:
    for event in g.events[start:]:
        if event.kind == "draw":
            for seat in range(g.players):
                seen = event.seen_by(seat)
                assert ("card" in seen["data"]) == (seat == event.seat)
                if seat != event.seat:
                    assert seen["text"] == event.text


@pytest.mark.parametrize("players", range(2, 8))
def test_random_deals_hold_every_invariant(players):
    for i in range(GAMES_PER_COUNT):
        seed = players * 100_000 + i
        rng = random.Random(seed)
        g = engine.new_game("jubilee", players=players, seed=seed, match="single")
        played = Counter()
        full_check = i % 10 == 0
        moves = 0
        while not g.is_over:
            start = len(g.events)
            action = rng.choice(g.legal_actions())
            before = g.deal.count
            g.apply(action)
            moves += 1
            assert moves < 61 * players + 61, "the deal must end"
            assert g.deal.count >= 0
            if action.verb == "play":
                played[action.card] += 1
                assert g.deal.count == before + engine.games.jubilee.card_value(action.card)
            in_play = Counter(g.deal.pile) + Counter(g.deal.stock) + sum((Counter(h) for h in g.deal.hands), Counter())
            assert in_play == PACK  # cards conserved
            if full_check or g.is_over:
                check_views_hide_other_hands(g)
            check_log_hides_draws(g, start)
        assert played == PACK, "every card is played exactly once"
        assert g.deal.count == 217
        points = [0] * players
        for e in g.events:
            if e.kind == "score":
                points[e.seat] += e.points
        assert points == g.scores, "every score is the sum of its scoring events"


def test_full_matches_with_bots_end_and_add_up():
    from engine.hints import Bot
    for seed in range(30):
        players = 2 + seed % 6
        levels = ["easy", "medium", "hard"]
        bots = [Bot("jubilee", levels[(seed + s) % 3], seed + s) for s in range(players)]
        g = engine.new_game("jubilee", players=players, seed=seed)
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
        deal_totals = [e.data["deal_scores"] for e in g.events if e.kind == "deal_end"]
        assert len(deal_totals) == players
        assert g.scores == [sum(d[s] for d in deal_totals) for s in range(players)]
