"""Random legal play over 250 seeded full Jabberwocky games per player count
(1,000 with PARLOUR_SOAK=full, tests/engine/soak.py) must hold the
invariants (issue 3; docs/rules/jabberwocky.md; DESIGN.md "Hidden information is real")."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine import tricks
from engine.games.jabberwocky import FULL_SCHEDULE

from .parallel import run_seeds
from . import soak

GAMES = soak.size(250, 1000)  # per player count


def check_round_start(g: engine.Game) -> None:
    """Every card of the pack is in exactly one place: a hand, the turn-up or the undealt stock."""
    d = g.deal
    dealt = [c for h in d.hands for c in h] + [d.turn_up]
    assert len(set(dealt)) == len(dealt) == d.players * d.size + 1
    assert all(len(h) == d.size for h in d.hands)


def check_views_hide_other_hands(g: engine.Game) -> None:
    """No view shows a card another seat still holds; each view shows its own hand exactly."""
    d = g.deal
    this_round = max(i for i, e in enumerate(g.events) if e.kind == "deal")  # earlier rounds used other deals
    for seat in range(g.players):
        view = g.view(seat)
        del view["results"]  # earlier rounds' turn-ups
        assert sorted(tricks.index(engine.parse_card(c)) for c in view["hand"]) == sorted(d.hands[seat])
        text = json.dumps(view) + json.dumps(g.events_for(seat)[this_round:])
        for other in range(g.players):
            if other != seat:
                for c in d.hands[other]:
                    assert f'"{tricks.card(c)}"' not in text, f"seat {seat} can see {tricks.card(c)}"


def play_game(players: int, i: int) -> None:
    """Game ``i`` of the soak at this player count, checked at every step."""
    mode_cycle = ["strict", "table"]
    seed = players * 1_000_000 + i
    rng = random.Random(seed)
    g = engine.new_game("jabberwocky", players=players, seed=seed, revoke=mode_cycle[i % 2],
                        trump_breaking=i % 3 != 0, scoring="classic" if i % 4 == 0 else "seed")
    check_round_start(g)
    spot_checks = {rng.randrange(300) for _ in range(2)} if i % 25 == 0 else set()
    round_no, played, moves = 1, Counter(), 0
    winners_this_round = 0
    while not g.is_over:
        events = g.apply(rng.choice(g.legal_actions()))
        moves += 1
        assert moves <= (sum(FULL_SCHEDULE) + 13) * players, "every game ends"
        for e in events:
            if e.kind == "play":
                played[e.data["card"]] += 1
            elif e.kind == "trick":
                winners_this_round += 1
                assert len(e.data["cards"]) == players and e.seat in range(players)
            elif e.kind == "round_end":
                result = g.results[-1]
                size = FULL_SCHEDULE[round_no - 1]
                # The cards dealt were each played once; tricks per round = cards dealt.
                assert sum(played.values()) == players * size and max(played.values()) == 1
                assert winners_this_round == size == sum(result["won"])
                # The dealer's hook was never broken.
                assert sum(result["bids"]) != size
                played, winners_this_round = Counter(), 0
                round_no += 1
                if not g.is_over:
                    check_round_start(g)
        if moves in spot_checks or (i % 100 == 0 and not g.is_over):
            check_views_hide_other_hands(g)
    assert round_no == 14 and moves == (sum(FULL_SCHEDULE) + 13) * players
    assert g.scores == [sum(r["points"][s] for r in g.results) for s in range(players)]
    end = g.events[-1]
    assert end.kind == "game_end" and end.data["winners"] == [
        s for s in range(players) if g.scores[s] == max(g.scores)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_full_games_hold_every_invariant(players):
    run_seeds(play_game, [(players, i) for i in range(GAMES)])
