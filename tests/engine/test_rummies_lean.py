"""The rummies' lean deals (engine.games.kalooki.Deal, engine.games.rummy.Deal) against the narrated games.

Over positions from the soak players' seeded games: a deal rebuilt from one seat's view and the true
hidden cards (``Deal.from_view``) offers every seat that may act the same legal moves as the game; the
same moves then played on that deal, on a ``copy()`` of the game's own deal, and through the game keep
the three alike (hands, stock, pile, melds, whose turn, the moves each seat may make) up to the deal's
end, where the lean deal's points are the game's. The copy leaves the game's deal untouched.
What a view does not carry (each Deal's ``NOT_IN_VIEW``) is taken from the game's deal.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Callable

import pytest

import engine
from engine.cards import Card, parse_card
from engine import rummy_core
from engine.games import kalooki, rummy
from engine.search import random_playout, view_worlds

from .test_kalooki_soak import choose as kalooki_choose
from .test_rummy_soak import choose as rummy_choose

POSITIONS = 60
FOLLOW = 150  # moves played on after each position (or to the end of its deal)


def hidden_in_order(deal: Any, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see, in the order ``Deal.from_view`` places them (engine.rummy_core)."""
    return rummy_core.hidden_in_order(deal, {"seat": seat})


def state(deal: Any) -> tuple:
    return ([sorted(h) for h in deal.hands], deal.stock, deal.discards, deal.melds, deal.turn, deal.phase,
            [sorted(k) for k in deal.known_held])


class Game:
    """How the test reaches one game's lean deal and moves."""

    def __init__(self, game_id: str, module: Any, choose: Callable, options: dict) -> None:
        self.id, self.module, self.choose, self.options = game_id, module, choose, options

    def new(self, seed: int) -> engine.Game:
        players = (3 + seed % 4) if self.id == "kalooki" else (2 + seed % 3)
        return engine.new_game(self.id, players=players, seed=seed, **self.options(seed))

    def move(self, g: engine.Game, rng: random.Random) -> tuple[int, str]:
        if self.id == "kalooki":
            return self.choose(g, rng)
        return g.current_player, str(self.choose(g, rng))

    def to_act(self, g: engine.Game, deal: Any) -> list[int]:
        return deal.to_act() if self.id == "kalooki" else [deal.turn]

    def legal(self, deal: Any, seat: int) -> list[str]:
        moves = deal.moves(seat) if self.id == "kalooki" else deal.legal(seat)
        return sorted(str(a) for a in moves)

    def points(self, g: engine.Game) -> list[int]:
        return g.deal_scores[-1] if self.id == "kalooki" else g.results[-1]["points"]

    def lean_points(self, deal: Any) -> list[int]:
        return deal.points() if self.id == "kalooki" else deal.points


TRINIDAD = {"trinidad_jokers": True, "joker_swaps": True, "trinidad_calls": True, "challenge": True, "max_rebuilds": 1}
GAMES = [
    Game("kalooki", kalooki, kalooki_choose,
         lambda seed: {"deals": [1 + seed % 9], **(TRINIDAD if seed % 2 else {})}),
    Game("rummy", rummy, rummy_choose,
         lambda seed: {"target": 1, **({"jokers": True, "ace": "around", "rebuilds": 2} if seed % 2 else
                                       {"block": seed % 4 == 2, "discard_rule": seed % 3 != 0})}),
]


def from_view(game: Game, g: engine.Game, seat: int) -> Any:
    lean = game.module.Deal.from_view(g.view(seat), hidden_in_order(g.deal, seat), seed=g.seed)
    for name in lean.NOT_IN_VIEW:  # public facts the view leaves out
        setattr(lean, name, copy.copy(getattr(g.deal, name)))
    return lean


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_lean_deal_agrees_with_the_narrated_game(game: Game) -> None:
    checked = ended = 0
    seen: Counter[str] = Counter()
    for seed in range(POSITIONS):
        g = game.new(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 120 if game.id == "kalooki" else 40)):
            g.apply(*reversed(game.move(g, rng)))
            if g.is_over or g.deal_index > 0:
                break
        if g.is_over or g.deal_index > 0:
            continue
        seats = g.to_act()
        seat = seats[-1]
        view = g.view(seat)
        assert sorted(hidden_in_order(g.deal, seat)) == sorted(game.module.unseen_cards(view))
        lean = from_view(game, g, seat)
        twin = g.deal.copy()
        checked += 1
        for _ in range(FOLLOW):
            assert game.to_act(g, lean) == g.to_act() == game.to_act(g, twin)
            for s in g.to_act():
                want = sorted(str(a) for a in g.legal_actions(s))
                assert game.legal(lean, s) == want == game.legal(twin, s), (seed, s)
            who, move = game.move(g, rng)
            seen[move.split()[0]] += 1
            action = g.parse_action(move)
            for deal in (lean, twin):
                deal.apply(who, action)
            deal_before = g.deal
            g.apply(move, who)
            if g.deal is not deal_before or g.is_over:  # the deal ended: its points
                assert lean.phase == twin.phase == "done"
                assert game.lean_points(lean) == game.lean_points(twin) == game.points(g)
                ended += 1
                break
            if move.startswith("challenge"):  # the hand went face down in its own order, which the view hides
                down = g.deal.face_down
                assert sorted(lean.discards[:down]) == sorted(g.deal.discards[:down])
                lean.discards[:down] = g.deal.discards[:down]
            assert state(lean) == state(twin) == state(g.deal), (seed, move)
    assert checked >= POSITIONS // 2 and ended >= POSITIONS // 4
    verbs = {"kalooki": ("lay", "tack", "call", "allow", "refuse", "pass", "challenge"), "rummy": ("meld", "layoff")}
    assert all(seen[v] for v in verbs[game.id]), seen  # every kind of move was followed


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_copy_leaves_the_deal_alone(game: Game) -> None:
    g = game.new(3)
    rng = random.Random(3)
    for _ in range(25):
        g.apply(*reversed(game.move(g, rng)))
    before = state(g.deal)
    twin = g.deal.copy()
    for _ in range(40):
        seats = game.to_act(g, twin)
        if twin.phase == "done" or not seats:
            break
        seat = seats[0]
        moves = twin.moves(seat) if game.id == "kalooki" else twin.legal(seat)
        twin.apply(seat, rng.choice(list(moves)))
    assert state(g.deal) == before and state(twin) != before


def test_from_view_places_the_sample_where_the_view_leaves_room() -> None:
    g = engine.new_game("rummy", players=3, seed=5)
    view = g.view(0)
    hidden = rummy.unseen_cards(view)
    random.Random(1).shuffle(hidden)
    lean = rummy.Deal.from_view(view, hidden)
    assert [len(h) for h in lean.hands] == view["hand_sizes"] and len(lean.stock) == view["stock_size"]
    assert sorted(lean.hands[0]) == sorted(parse_card(c) for c in view["hand"])
    assert sorted(lean.hands[1] + lean.hands[2] + lean.stock) == sorted(hidden)
    with pytest.raises(ValueError, match="hidden cards cannot fill"):
        rummy.Deal.from_view(view, hidden[:-1])


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_search_worlds_fit_the_view_and_play_out(game: Game) -> None:
    """engine.search serves the rummies: each imagined world keeps what the seat sees (its hand, the
    table, the pile, every hand's size) and a random playout of it ends the deal or spends its budget."""
    g = game.new(7)
    rng = random.Random(7)
    for _ in range(30):
        g.apply(*reversed(game.move(g, rng)))
    seat = g.to_act()[0]
    view = g.view(seat)
    worlds = view_worlds(view, game.module.unseen_cards, game.module.Deal.from_view)
    for i in range(5):
        world = worlds(random.Random(i))
        assert sorted(str(c) for c in world.hands[seat]) == sorted(view["hand"])
        assert [len(h) for h in world.hands] == view["hand_sizes"] and len(world.stock) == view["stock_size"]
        assert world.melds == g.deal.melds and world.discards[-len(view["discard_pile"]):] == g.deal.discards[
            -len(view["discard_pile"]):]
        assert game.legal(world, seat) == sorted(str(a) for a in g.legal_actions(seat))
        made = random_playout(world, random.Random(i), budget=300)
        assert world.phase == "done" or made == 300
