"""Jabberwocky's lean path (``Deal``) against OpenSpiel's ``oh_hell``, move for move.

OpenSpiel plays classic Oh Hell: follow suit if you can, trumps may be led at any time, the
dealer bids last and may not make the bids add up to the tricks. That is Jabberwocky with
``trump_breaking=False`` in strict mode. Both engines get the same deal; at every step they must
agree on whose turn it is and on every legal bid and card, and at the end on the tricks each seat
took and on who made the bid exactly. Random play over many seeds, so a faster ``Deal`` that
changes a rule anywhere fails here.
"""

from __future__ import annotations

import random

import pyspiel  # a test dependency (pyproject.toml's test extra): this test never skips
import pytest

from engine.games.jabberwocky import Deal
from engine.tricks import SUIT_INDEX

#: OpenSpiel's card ``a`` is rank ``a // 4`` (2 = 0 … Ace = 12) of suit ``"CDSH"[a % 4]``.
OS_SUITS = "CDSH"


def ours(action: int) -> int:
    return SUIT_INDEX[OS_SUITS[action % 4]] * 13 + action // 4


def play_both(players: int, size: int, seed: int) -> None:
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": size})
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # the fixed number of tricks
    dealer = rng.randrange(players)
    state.apply_action(dealer)
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(size * players):  # OpenSpiel deals the k-th card to seat k % players
        a = rng.choice(state.chance_outcomes())[0]
        hands[k % players].append(ours(a))
        state.apply_action(a)
    turn_up = rng.choice(state.chance_outcomes())[0]
    state.apply_action(turn_up)
    d = Deal(hands, dealer, ours(turn_up), strict=True, breaking=False)
    moves = 0
    while not state.is_terminal():
        assert d.phase != "done", f"seed {seed}: Parlour ended the round first"
        assert state.current_player() == d.turn, f"seed {seed}, move {moves}: whose turn"
        theirs = state.legal_actions()
        if d.phase == "bid":
            assert sorted(a - 52 for a in theirs) == sorted(d.legal_bids()), f"seed {seed}: bids"
            a = rng.choice(theirs)
            d.bid(a - 52)
        else:
            assert sorted(ours(a) for a in theirs) == sorted(d.legal_cards(d.turn)), f"seed {seed}: cards"
            a = rng.choice(theirs)
            d.play(ours(a))
        state.apply_action(a)
        moves += 1
    assert d.phase == "done"
    assert d.revokes == [0] * players
    returns = state.returns()
    for seat in range(players):
        bid, won = d.bids[seat], d.won[seat]
        # OpenSpiel: an exact bid scores 10 + bid, a miss one point a trick; Parlour's classic: 10 + bid or 0.
        assert returns[seat] == (10 + bid if bid == won else won), f"seed {seed}, seat {seat}: tricks won"
        assert d.points("classic")[seat] == (10 + bid if bid == won else 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_lean_deal_agrees_with_openspiel_oh_hell_move_for_move(players: int) -> None:
    for seed in range(150):
        play_both(players, 1 + seed % 9, seed)
