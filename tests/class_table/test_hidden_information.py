"""Nothing hidden from a seat leaves the class table in that seat's messages (issue 34).

Not a list of field names: for every game with more than one player, two tables are dealt the same deal
except two cards hidden from seat k (between other seats' hands, or in the stock or a face-down packet),
people in every seat play the same moves at both, and the messages seat k received must be identical until
one of the swapped cards is really shown to k (the engine's own ``lean_unseen`` of k's view says when).
A message that carried another hand, the stock's order or the seed would differ between the twins.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

import engine
from widgets.class_table import ClassTables

from .helpers import Ticking, seated, short

MULTI = [game_id for game_id, cls in engine.GAMES.items() if cls.max_players >= 2]
DEALS = 3  # deals per game: a different watching seat and swap each time
MAX_STEPS = 250  # moves compared per deal at most (Kalooki's deal runs to hundreds of moves)


def first_pack(game_id: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pack of the first deal, top card first, as the game shuffled it (so ``deck=`` deals the same)."""
    module = sys.modules[engine.game_class(game_id).__module__]
    packs: list[list[str]] = []
    real = module.stacked_pack

    def recording(*args: Any, **kwargs: Any) -> Any:
        pack = real(*args, **kwargs)
        packs.append([str(c) for c in pack])
        return pack
    with monkeypatch.context() as patch:
        patch.setattr(module, "stacked_pack", recording)
        engine.new_game(game_id, players=players, seed=seed, **short(game_id))
    return packs[0]


def unseen_by(game: engine.Game, seat: int) -> Counter[str]:
    """The cards ``seat`` cannot see now, by the engine's own account (``lean_unseen`` of its view), counted
    (a pack may hold two of a card)."""
    cards = type(game).lean_unseen(game.view(seat))
    table = getattr(sys.modules[type(game).__module__], "CARD_OF", {})
    names = {number: name for name, number in table.items()}
    return Counter(names[c] if isinstance(c, int) else str(c) for c in cards)


def hidden_counts(game: engine.Game, seat: int, cards: set[str]) -> dict[str, int]:
    unseen = unseen_by(game, seat)
    return {card: unseen[card] for card in cards}


def a_swap(game_id: str, players: int, seed: int, pack: list[str], watcher: int,
           rng: random.Random, hands_or_stock: str) -> tuple[int, int]:
    """Two places of the pack whose cards the watcher cannot see, and swapping them changes the deal for
    another seat ("hands"), or both are hidden from everyone ("stock": the stock, a face-down packet; also
    where no other seat's view can change, as in El Gato, whose packets nobody sees)."""
    cls = engine.game_class(game_id)
    setup = {"players": players, "seed": seed, **short(game_id)}
    game = cls(deck=pack, **setup)
    hidden = unseen_by(game, watcher)
    everyone = set.intersection(*(set(unseen_by(game, k)) for k in range(players)))
    places = [i for i, card in enumerate(pack) if card in hidden]
    stock_swap = None
    for _ in range(500):
        i, j = sorted(rng.sample(places, 2))
        if pack[i] == pack[j]:
            continue
        twin = cls(deck=swapped(pack, i, j), **setup)
        cards = {pack[i], pack[j]}
        if game.view(watcher) != twin.view(watcher) or hidden_counts(twin, watcher, cards) != \
                hidden_counts(game, watcher, cards):
            continue  # a copy of one of them is in the watcher's own hand: not hidden from it
        if any(game.view(k) != twin.view(k) for k in range(players) if k != watcher):
            return i, j  # another seat's hand differs: the swap most likely to be caught leaking
        if cards <= everyone and stock_swap is None:
            stock_swap = i, j
            if hands_or_stock == "stock":
                return stock_swap
    if stock_swap is not None:
        return stock_swap
    raise AssertionError(f"no two cards hidden from seat {watcher} to swap in {game_id}")


def dealt(game_id: str, players: int) -> bool:
    """Whether the game is played by this many (El Gato: only where the pack divides exactly)."""
    try:
        engine.new_game(game_id, players=players, **short(game_id))
    except engine.OptionError:
        return False
    return True


def swapped(pack: list[str], i: int, j: int) -> list[str]:
    out = list(pack)
    out[i], out[j] = out[j], out[i]
    return out


def table_with(game_id: str, players: int, seed: int, deck: list[str]) -> tuple[ClassTables, list, dict[int, list]]:
    """A table of people in every seat, each seat's messages collected."""
    tables = ClassTables(None, clock=Ticking(), bot_delay=0, call_delay=0)
    seats = seated(tables, game_id, players, players=players, seed=seed, options={**short(game_id), "deck": deck})
    inbox: dict[int, list[dict[str, Any]]] = {s.seat: [] for s in seats}
    for s in seats:
        tables.subscribe(s.token, inbox[s.seat].append)
    tables.handle(seats[0].token, {"type": "start"})
    return tables, seats, inbox


def game_of(tables: ClassTables, code: str) -> engine.Game:
    """The game a table holds (the test looks inside to ask the engine what a seat cannot see)."""
    return tables._tables[code].game


def comparable(message: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in message.items() if k != "code"}, sort_keys=True)


@pytest.mark.parametrize("game_id", MULTI)
def test_a_seat_receives_nothing_hidden_from_it(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cls = engine.game_class(game_id)
    rng = random.Random(game_id)
    compared = 0
    counts = [n for n in range(max(2, cls.min_players), min(cls.max_players, 5) + 1) if dealt(game_id, n)]
    for deal in range(DEALS):
        players = counts[deal % len(counts)]
        seed = 10**12 + 987_654_321 + deal
        watcher = deal % players
        pack = first_pack(game_id, players, seed, monkeypatch)
        i, j = a_swap(game_id, players, seed, pack, watcher, rng, "stock" if deal == DEALS - 1 else "hands")
        a, seats_a, inbox_a = table_with(game_id, players, seed, pack)
        b, seats_b, inbox_b = table_with(game_id, players, seed, swapped(pack, i, j))
        cards = {pack[i], pack[j]}
        hidden = hidden_counts(game_of(a, seats_a[0].code), watcher, cards)
        seen = 0
        for _ in range(MAX_STEPS):
            twins = (game_of(a, seats_a[0].code), game_of(b, seats_b[0].code))
            if any(hidden_counts(g, watcher, cards) != hidden for g in twins):
                break  # a swapped card is shown to the watcher now: from here its messages may differ
            state = a.state_for(seats_a[watcher].token)
            if state["status"] != "playing":
                break  # the deal is over: its hands may be turned up (a showdown), and the next is seeded alike
            mine, theirs = inbox_a[watcher], inbox_b[watcher]
            assert len(mine) == len(theirs), f"{game_id}: seat {watcher} was sent a different number of messages"
            for n in range(seen, len(mine)):
                assert comparable(mine[n]) == comparable(theirs[n]), (
                    f"{game_id}: message {n} to seat {watcher} differs when only cards hidden from it "
                    f"({', '.join(sorted(cards))}) are swapped")
                assert str(seed) not in json.dumps(mine[n]), f"{game_id}: the seed was sent to a seat"
            compared += len(mine) - seen
            seen = len(mine)
            mover = next(k for k in game_of(a, seats_a[0].code).to_act() if a.state_for(seats_a[k].token)["legal"])
            both = sorted(set(a.state_for(seats_a[mover].token)["legal"])
                          & set(b.state_for(seats_b[mover].token)["legal"]))
            if not both:
                break  # the swap makes the twins' moves part: nothing more to compare
            move = rng.choice(both)
            a.handle(seats_a[mover].token, {"type": "move", "action": move})
            b.handle(seats_b[mover].token, {"type": "move", "action": move})
    assert compared > 10, f"{game_id}: too few messages compared to mean anything ({compared})"
