"""The trick games' lean deals (Jabberwocky, Klaberjass, Jubileu ``Deal``) against the narrated games
(docs/lean-deal.md).

Over seeded positions of random play (medium bots settle Jubileu's auction): the cards a seat cannot see
(``unseen(view)``) are exactly the cards the true deal hides from it, and with the cards it sees they make
up the pack once; a deal rebuilt from the view and the TRUE hidden cards (``hidden_in_order``, the order
``Deal.from_view`` places them) offers the same legal moves as the game; the same moves played on it, on
``game.deal.copy()`` and through the game keep the three alike to the end of the deal, where the lean
points are the game's. A copy leaves the game's deal alone; the AIs' imagined deals keep what the seat
sees; engine.search's generic worlds play out to the end.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Callable

import pytest

import engine
from engine.cards import parse_card, piquet_32, standard_52
from engine.games import jabberwocky, jabberwocky_ai, jubileu, jubileu_ai, klaberjass, klaberjass_ai
from engine.hints import Bot
from engine.search import random_playout, view_worlds
from engine.tricks import index

POSITIONS = 40


def cards(texts: Any) -> list[int]:
    return [index(parse_card(t)) for t in texts]


class Game:
    """How the test reaches one trick game's lean deal: its options, the cards a view shows, its state."""

    def __init__(self, game_id: str, module: Any, ai: Any, options: Callable[[int], dict], pack: list[int],
                 shown: Callable[[dict], list[int]], state: Callable[[Any], tuple],
                 points: Callable[[Any, engine.Game], tuple]) -> None:
        self.id, self.module, self.ai, self.options, self.pack = game_id, module, ai, options, pack
        self.shown, self.state, self.points = shown, state, points

    def position(self, seed: int) -> engine.Game | None:
        """A seeded game some way into the play of its first deal, or None if it got no further."""
        g = engine.new_game(self.id, seed=seed, **self.options(seed))
        rng = random.Random(seed)
        bots = [Bot(self.id, "medium", seed=s) for s in range(g.players)]
        steps = rng.randrange(0, 30)
        while not g.is_over and not g.results:
            settling = self.id == "jubileu" and g.deal.phase != "play"  # bots settle the auction, trump and call
            if g.deal is not None and g.deal.phase != "done" and not settling and steps <= 0:
                return g
            s = g.current_player
            if settling:
                g.apply(bots[s].choose(g.view(s)), s)
            else:
                g.apply(rng.choice(g.legal_actions(s)), s)
                steps -= 1
        return None


def played(view: dict) -> list[int]:
    return cards([c for t in view["tricks_played"] for c in t["cards"]] + [c for _, c in view["trick"]])


def jabberwocky_shown(view: dict) -> list[int]:
    return cards(view["hand"] + [view["trump_card"]]) + played(view)


def klaberjass_shown(view: dict) -> list[int]:
    """Own hand, the turn-up (and the bottom card), the cards played, the opponent's shown sequences and dix."""
    me = view["seat"]
    seen = set(cards(view["hand"] + [view["turn_up"]] + ([view["bottom_card"]] if view["bottom_card"] else [])))
    seen |= set(played(view))  # the turn-up may be in a hand or played after a dix: a set counts it once
    seen |= {c for q in view["sequences"]["shown"] if q["seat"] != me for c in cards(q["cards"])}
    if view["dix"] is not None and view["dix"]["seat"] != me:
        seen |= set(cards([view["dix"]["took"]]))
    return sorted(seen)


def jubileu_shown(view: dict) -> list[int]:
    hands = [view["hand"]] + [h for s, h in {**view["exposed"], **view["colloquy"]}.items() if int(s) != view["seat"]]
    return [c for h in hands for c in cards(h)] + played(view)


GAMES = [
    Game("jabberwocky", jabberwocky, jabberwocky_ai,
         lambda seed: {"players": 3 + seed % 3, "rounds": [9, 5], "revoke": ("strict", "table")[seed % 2],
                       "trump_breaking": seed % 4 < 2, "scoring": ("seed", "classic")[seed % 3 == 0]},
         cards(str(c) for c in standard_52()), jabberwocky_shown,
         lambda d: ([sorted(h) for h in d.hands], d.bids, d.won, d.trick, d.trick_seats, d.turn, d.broken,
                    d.revokes, d.phase, d.done_tricks),
         lambda d, g: (d.points(g.options["scoring"]), g.results[-1]["points"])),
    Game("klaberjass", klaberjass, klaberjass_ai,
         lambda seed: {"dix": seed % 2 == 0, "schmeiss": seed % 3 == 0, "sequence_tie": ("seed", "trump")[seed % 2],
                       "sequences_need_trick": seed % 4 != 1, "turn_up": ("under_pack", "out_of_play")[seed % 5 == 0]},
         cards(str(c) for c in piquet_32()), klaberjass_shown,
         lambda d: ([sorted(h) for h in d.hands], d.trick, d.points, d.won, d.turn, d.tricks_played, d.last_trick,
                    d.bella_seat, d.bella_done, d.seq_seat, d.seq_points, d.phase, d.trump, d.maker, d.turn_up,
                    d.turn_up_state, d.bottom_card, d.passes, d.schmeisser, d.dix_taken),
         lambda d, g: (d.totals(), g.results[-1]["totals"])),
    Game("jubileu", jubileu, jubileu_ai, lambda seed: {"deals": 1, "troela": seed % 2 == 0},
         cards(str(c) for c in standard_52()), jubileu_shown,
         lambda d: ([sorted(h) for h in d.hands], d.won, d.trick, d.trick_seats, d.turn, d.espirra, d.espirra_at,
                    d.partner, d.partner_won, d.done_tricks, d.called, d.troela, d.phase),
         lambda d, g: (d.won, g.results[-1]["won"])),
]


def rebuilt(game: Game, g: engine.Game, seat: int) -> Any:
    """The deal from ``seat``'s view and the true hidden cards; what the view does not carry from the game."""
    view = g.view(seat)
    lean = game.module.Deal.from_view(view, game.module.hidden_in_order(g.deal, view), seed=g.seed)
    for name in lean.NOT_IN_VIEW:
        setattr(lean, name, copy.copy(getattr(g.deal, name)))
    return lean


def texts(deal: Any, seat: int) -> list[str]:
    return sorted(deal.notation(a) for a in deal.legal(seat))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_lean_deal_agrees_with_the_narrated_game(game: Game) -> None:
    checked = ended = 0
    seen: Counter[str] = Counter()
    for seed in range(POSITIONS):
        g = game.position(seed)
        if g is None:
            continue
        seat = g.current_player
        view = g.view(seat)
        hidden = game.module.unseen(view)
        assert Counter(hidden) == Counter(game.module.hidden_in_order(g.deal, view)), seed
        assert Counter(hidden) + Counter(game.shown(view)) == Counter(game.pack), seed  # every card once
        lean, twin = rebuilt(game, g, seat), g.deal.copy()
        checked += 1
        rng = random.Random(seed)
        while True:
            s = g.current_player
            assert lean.to_act() == twin.to_act() == [s], seed
            want = sorted(str(a) for a in g.legal_actions(s))
            assert texts(lean, s) == want == texts(twin, s), (seed, s)
            move = str(rng.choice(g.legal_actions(s)))
            seen[move.split()[0]] += 1
            for deal in (lean, twin):
                deal.apply(s, next(a for a in deal.legal(s) if deal.notation(a) == move))
            results, before = len(g.results), g.deal
            g.apply(move, s)
            if len(g.results) > results or g.deal is not before:  # the deal ended (its points), or was thrown in
                assert lean.phase == twin.phase == "done" and lean.to_act() == []
                if len(g.results) > results:
                    mine, theirs = game.points(lean, g)
                    assert mine == game.points(twin, g)[0] == theirs, seed
                ended += 1
                break
            assert game.state(lean) == game.state(twin) == game.state(g.deal), (seed, move)
    assert checked >= POSITIONS // 2 and ended == checked
    verbs = {"jabberwocky": ("bid", "play"), "klaberjass": ("play",), "jubileu": ("play", "espirra",
                                                                                   "espirra-quando-quiser")}
    assert all(seen[v] for v in verbs[game.id]), seen  # every kind of move was followed


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_copy_leaves_the_deal_alone(game: Game) -> None:
    g = next(g for seed in range(3, 30) if (g := game.position(seed)) is not None)
    before = game.state(g.deal)
    twin = g.deal.copy()
    random_playout(twin, random.Random(1))
    assert twin.phase == "done" and game.state(g.deal) == before != game.state(twin)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_imagined_deals_keep_what_the_seat_sees(game: Game) -> None:
    """The AI's worlds (built by from_view) and engine.search's generic worlds keep the seat's hand, every
    hand's size and the table; they offer the game's legal moves, and a random playout ends the deal."""
    for seed in range(6):
        g = game.position(seed)
        if g is None:
            continue
        seat = g.current_player
        view = g.view(seat)
        ai_worlds = game.ai.play_worlds(view) if game.id == "jubileu" else game.ai.determinizer(view)
        generic = view_worlds(view, game.module.unseen, game.module.Deal.from_view)
        for i in range(4):
            for world in (ai_worlds(random.Random(i)), generic(random.Random(i))):
                assert sorted(world.hands[seat]) == sorted(g.deal.hands[seat])
                assert [len(h) for h in world.hands] == view["hand_sizes"]
                assert world.trick == g.deal.trick and world.won == g.deal.won
                assert texts(world, seat) == sorted(str(a) for a in g.legal_actions(seat))
                random_playout(world, random.Random(i))
                assert world.phase == "done" and world.to_act() == []


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_from_view_refuses_too_few_cards(game: Game) -> None:
    g = next(g for seed in range(30) if (g := game.position(seed)) is not None)
    view = g.view(g.current_player)
    hidden = game.module.hidden_in_order(g.deal, view)
    with pytest.raises(ValueError, match="hidden cards"):
        game.module.Deal.from_view(view, hidden[:1] if len(hidden) > 1 else [])
