"""Every registered game has a lean core with the same contract (issue 20 item 4; docs/lean-deal.md).

Checked generically, for each id of ``engine.GAMES``, over positions of seeded random matches:
- the rules class declares ``lean_deal`` (with ``copy``, ``from_view``, ``to_act``, ``legal``, ``apply`` and a
  tuple ``NOT_IN_VIEW``) and ``lean_unseen``; the game holds its deal in play as ``game.deal``, an instance of it;
- ``lean_unseen(view)`` lists exactly the cards the true deal hides from the seat (a Counter check against the
  module's ``hidden_in_order(deal, view)``: the hidden cards in the order ``from_view`` places them);
- ``from_view(view, those true hidden cards)`` (with what the view does not carry, ``NOT_IN_VIEW``, taken from
  the game) puts every card back in the hand it was in, and offers each seat that may act the game's legal
  moves (an action is shown by the deal's ``notation(action)`` if it has one, else ``str(action)``);
- a copy leaves the deal alone, and ``engine.search.view_worlds`` + ``random_playout`` reach the deal's end.
A game without its lean core fails with :class:`MissingLeanCore`, which names the part it lacks.
"""

from __future__ import annotations

import copy
import random
import sys
from collections import Counter
from typing import Any, Callable

import pytest

import engine
from engine.hints import Bot
from engine.search import random_playout, view_worlds

POSITIONS = 8
BUDGET = 20_000  # random moves a playout may make before the deal must be over

#: Options that keep the random matches short (Injun: ten deals, as its deals are a few moves each).
SHORT = {"kalooki": {"deals": [1]}, "injun": {"max_deals": 10}, "jabberwocky": {"rounds": [7, 5]},
         "klaberjass": {"target": 150}, "rummy": {"target": 40}, "jubileu": {"deals": 2}}


class MissingLeanCore(Exception):
    """The game does not declare its lean core yet (``lean_deal`` / ``lean_unseen`` / ``hidden_in_order``)."""


def hidden_order(game_id: str, module: Any) -> Callable[[Any, dict], list[Any]]:
    if hasattr(module, "hidden_in_order"):
        return module.hidden_in_order
    raise MissingLeanCore(f"{module.__name__} has no hidden_in_order(deal, view)")


def lean_parts(game_id: str) -> tuple[type, Callable[[dict], list[Any]], Callable[[Any, dict], list[Any]]]:
    """(the Deal class, unseen, hidden_in_order) of a game, or MissingLeanCore."""
    cls = engine.game_class(game_id)
    if not hasattr(cls, "lean_deal") or not hasattr(cls, "lean_unseen"):
        raise MissingLeanCore(f"{cls.__name__} declares no lean_deal / lean_unseen")
    return cls.lean_deal, cls.lean_unseen, hidden_order(game_id, sys.modules[cls.__module__])


def positions(game_id: str, count: int) -> list[engine.Game]:
    """Seeded matches stopped at random points where a lean deal is in play and somebody may act; the first at
    the first move of its deal, so a game whose deal opens with an auction has its auction checked too."""
    out: list[engine.Game] = []
    for seed in range(count * 4):
        g = engine.new_game(game_id, seed=seed, **SHORT.get(game_id, {}))
        rng = random.Random(seed)
        players = [Bot(game_id, "easy", seed=seed * 10 + s) for s in range(g.players)]
        stop = 0 if seed == 0 else rng.randrange(0, 60)  # the first at the deal's opening (an auction, if any)
        for step in range(3000):
            deal = getattr(g, "deal", None)
            if step >= stop and deal is not None and deal.to_act() and not g.is_over:
                out.append(g)
                break
            turn = engine.next_turn(g, players) if game_id == "kalooki" else None
            if g.is_over:
                break
            if turn is not None:
                g.apply(turn.action, turn.seat)
            else:
                seat = g.to_act()[0]
                g.apply(rng.choice(g.legal_actions(seat)), seat)
        if len(out) == count:
            break
    return out


def shown(deal: Any, action: Any) -> str:
    return deal.notation(action) if hasattr(deal, "notation") else str(action)


def legal_texts(deal: Any, seat: int) -> list[str]:
    return sorted(shown(deal, a) for a in deal.legal(seat))


GAME_IDS = list(engine.GAMES)


def test_every_registered_game_is_checked() -> None:
    assert len(GAME_IDS) == 10


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_class_declares_its_lean_core(game_id: str) -> None:
    deal_class, unseen, _ = lean_parts(game_id)
    for name in ("copy", "to_act", "legal", "apply"):
        assert callable(getattr(deal_class, name, None)), name
    assert isinstance(deal_class.__dict__.get("from_view"), classmethod)
    assert isinstance(deal_class.NOT_IN_VIEW, tuple) and callable(unseen)
    g = positions(game_id, 1)[0]
    assert isinstance(g.deal, deal_class)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_from_view_with_the_true_hidden_cards_is_the_game(game_id: str) -> None:
    deal_class, unseen, hidden_in_order = lean_parts(game_id)
    spots = positions(game_id, POSITIONS)
    assert len(spots) == POSITIONS
    for g in spots:
        for seat in g.deal.to_act():
            view = g.view(seat)
            hidden = hidden_in_order(g.deal, view)
            assert Counter(unseen(view)) == Counter(hidden), (g.seed, seat)
            lean = deal_class.from_view(view, hidden, seed=g.seed)
            for name in lean.NOT_IN_VIEW:  # public facts the view leaves out
                setattr(lean, name, copy.copy(getattr(g.deal, name)))
            assert [Counter(h) for h in lean.hands] == [Counter(h) for h in g.deal.hands], (g.seed, seat)
            assert lean.to_act() == g.deal.to_act() == g.to_act()
            for s in g.to_act():
                assert legal_texts(lean, s) == sorted(str(a) for a in g.legal_actions(s)), (g.seed, s)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_copies_and_imagined_deals_play_to_the_end(game_id: str) -> None:
    deal_class, unseen, _ = lean_parts(game_id)
    for i, g in enumerate(positions(game_id, 4)):
        twin = g.deal.copy()
        before = [list(h) for h in g.deal.hands], g.deal.to_act()
        random_playout(twin, random.Random(i), BUDGET)
        assert twin.to_act() == [] and ([list(h) for h in g.deal.hands], g.deal.to_act()) == before
        seat = g.to_act()[0]
        view = g.view(seat)
        world = view_worlds(view, unseen, deal_class.from_view)(random.Random(i))
        hidden = set(unseen(view))  # Injun: a seat never sees its own card, so only what it sees is kept
        assert Counter(c for c in world.hands[seat] if c not in hidden) == \
            Counter(c for c in g.deal.hands[seat] if c not in hidden)
        assert [len(h) for h in world.hands] == [len(h) for h in g.deal.hands]
        assert legal_texts(world, seat) == sorted(str(a) for a in g.legal_actions(seat))
        random_playout(world, random.Random(i), BUDGET)
        assert world.to_act() == []
