"""Seeded random Injun games (300; 1,200 with PARLOUR_SOAK=full, tests/engine/soak.py) across 2–15 players and
both styles must hold every invariant (docs/rules/injun.md; DESIGN.md "Hidden information is real"): cards
conserved, chips conserved at every step, every game ends, and no seat ever sees its own card before the cards
are turned up."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine.cards import standard_52
from engine.games.injun import LONGEST_GAME
from . import soak

SESSIONS = soak.size(150, 600)  # per style: 300 seeded games (1,200 in full), each of one or more deals
PACK = set(standard_52())


def random_move(g: engine.Game, rng: random.Random) -> str:
    """Any legal move, but choose the kind of move first so that small raises happen too."""
    legal = [str(a) for a in g.legal_actions()]
    kinds: dict[str, list[str]] = {}
    for a in legal:
        kinds.setdefault(a.split()[0], []).append(a)
    kind = rng.choice(sorted(kinds))
    options = kinds[kind]
    return options[min(len(options) - 1, int(rng.expovariate(0.7)))] if rng.random() < 0.8 else rng.choice(options)


def own_card_hidden(g, seat: int) -> None:
    """The view of ``seat`` shows every other card as dealt and never its own."""
    card = g.deal.cards[seat]
    if card is None or g.revealed:
        return
    view = g.view(seat)
    assert view["cards"][seat] is None
    assert [c for s, c in enumerate(view["cards"]) if s != seat] == \
        [None if c is None else str(c) for s, c in enumerate(g.deal.cards) if s != seat]
    text = json.dumps({k: v for k, v in view.items() if k != "last_result"})
    assert f'"{card}"' not in text, f"seat {seat} can read its own {card} in its view"


def log_hides_own_cards(g, since: int) -> None:
    """No event of the current deal names a card to its owner before the cards are turned up."""
    for e in g.events[max(since, g.deal_start_event):]:
        if e.kind in ("showdown", "reveal"):
            return
        for seat, card in enumerate(g.deal.cards):
            if card is not None:
                seen = e.seen_by(seat)
                assert card.symbol not in seen["text"] and str(card) not in json.dumps(seen["data"]), \
                    f"seat {seat} reads its own card in {seen['text']!r}"


def play_session(seed: int, style: str) -> engine.Game:
    rng = random.Random(seed)
    players = 2 + seed % 14
    start = rng.choice([1, 2, 3, 5, 8, 20])
    ante = rng.choice([1, 1, 1, 2]) if start >= 2 else 1
    options = dict(style=style, starting_chips=start, ante=ante,
                   max_deals=rng.choice([1, 2, 3, None]) if start <= 5 else rng.choice([1, 2, 3]),
                   odd_chip=rng.choice(["left_of_dealer", "next_pot"]),
                   min_raise=rng.choice([1, 1, 2]), max_raise=rng.choice([None, None, 3]))
    g = engine.new_game("injun", players=players, seed=seed, **options)
    total = players * start
    moves = 0
    while not g.is_over:
        seat = g.current_player
        deal = g.deal_number
        since = len(g.events)
        d = g.deal
        assert d.dealt_in[seat] and not d.folded[seat] and not d.all_in[seat], "only a player still betting acts"
        g.apply(random_move(g, rng))
        moves += 1
        assert moves < 2_000, "every game ends"
        assert all(c >= 0 for c in g.deal.chips)
        assert sum(g.deal.chips) + sum(g.deal.contrib) + g.deal.carry == total, "chips are conserved at every step"
        dealt = [c for c in g.deal.cards if c is not None]
        assert len(dealt) == len(set(dealt)) == sum(g.deal.dealt_in) and set(dealt) <= PACK, "cards conserved"
        assert all((c is None) != g.deal.dealt_in[s] for s, c in enumerate(g.deal.cards))
        if g.deal_number != deal:  # a new deal: its first events, and every seat's view
            log_hides_own_cards(g, g.deal_start_event)
            for s in range(players):
                own_card_hidden(g, s)
        else:
            log_hides_own_cards(g, since)
            own_card_hidden(g, rng.randrange(players))
    return g


@pytest.mark.parametrize("style", ["poker", "brag"])
def test_random_sessions_hold_every_invariant(style):
    ends = Counter()
    for i in range(SESSIONS):
        seed = 50_000 + i
        g = play_session(seed, style)
        total = g.players * g.options["starting_chips"]
        assert sum(g.deal.chips) == total and g.deal.carry == 0 and sum(g.deal.contrib) == 0
        deal_ends = [e for e in g.events if e.kind == "deal_end"]
        assert len(deal_ends) == g.deal_number
        start = [g.options["starting_chips"]] * g.players
        for e in deal_ends:  # each deal's winnings add up to the chips in front of the players
            start = [a + b for a, b in zip(start, e.data["won"])]
            assert start == e.data["chips"]
        for e in g.events[g.events.index(deal_ends[-1]):]:  # odd chips left in the middle at the end
            if e.kind == "win":
                assert e.rule == "injun.odd_chip" and g.options["odd_chip"] == "next_pot"
                start[e.seat] += e.data["chips"]
        assert start == g.deal.chips
        able = sum(c >= g.deal.ante for c in g.deal.chips)
        limit = g.options["max_deals"]
        assert able < 2 or g.deal_number == (LONGEST_GAME if limit is None else limit)
        ends["one left" if able < 2 else "deal limit"] += 1
        last = g.events[-1]
        assert last.kind == "game_end" and last.data["scores"] == g.deal.chips
        assert last.data["winners"] == [s for s in range(g.players) if g.deal.chips[s] == max(g.deal.chips)]
    assert ends["one left"] > 50 and ends["deal limit"] > 50, ends


def test_bots_of_every_level_finish_sessions():
    from engine.hints import Bot
    for seed in range(24):
        players = 2 + seed % 9
        style = ("poker", "brag")[seed % 2]
        bots = [Bot("injun", ("easy", "medium", "hard")[(seed + s) % 3], seed + s) for s in range(players)]
        g = engine.new_game("injun", players=players, seed=seed, style=style, max_deals=4)
        moves = 0
        while not g.is_over:
            s = g.current_player
            g.apply(bots[s].choose(g.view(s)), s)
            moves += 1
            assert moves < 3_000
        assert sum(g.deal.chips) == players * 20
