"""The shared betting mechanics (engine/betting.py): pots, side pots, splits, a poker round."""

from __future__ import annotations

import pytest

from engine.betting import PokerRound, Pot, amount_menu, build_pots, odd_chip_order, split_pot


def test_one_pot_when_nobody_has_run_out_even_if_the_stakes_differ():
    """docs/rules/injun.md#examples: in brag the 2 chips of a see are not matched — one pot of 8, shared by A and B."""
    assert build_pots([3, 4, 1], [True, True, False], [False, False, False]) == [Pot(8, (0, 1))]


def test_a_player_out_of_chips_splits_off_a_side_pot():
    """Seed (brag): the first pot is contested by the two and the capped player, the second by the two."""
    pots = build_pots([4, 3, 5], [True, True, True], [False, True, False])
    assert pots == [Pot(9, (0, 1, 2)), Pot(3, (0, 2))]


def test_folded_chips_stay_in_the_pots_they_went_into():
    pots = build_pots([6, 2, 6, 4], [True, True, True, False], [False, True, False, False])
    assert pots == [Pot(8, (0, 1, 2)), Pot(10, (0, 2))]
    assert sum(p.amount for p in pots) == 18


def test_a_live_player_who_put_in_less_than_a_capped_stake_still_contests_the_first_pot():
    """Brag can end with the last bettor a chip short of the capped player's stake."""
    assert build_pots([2, 3, 1], [True, True, False], [False, True, False]) == [Pot(6, (0, 1))]


def test_split_gives_odd_chips_to_the_first_winners_left_of_the_dealer():
    """docs/rules/injun.md [T]: "An odd chip in a split goes to the first tied player left of the dealer"."""
    assert split_pot(7, [0, 1], dealer=2, players=3) == ({0: 4, 1: 3}, 0)
    assert split_pot(7, [0, 1], dealer=0, players=3) == ({0: 3, 1: 4}, 0)
    assert split_pot(11, [0, 2, 3], dealer=1, players=4) == ({0: 3, 2: 4, 3: 4}, 0)  # seats 2, 3 first
    assert odd_chip_order([0, 2, 3], dealer=1, players=4) == [2, 3, 0]
    assert split_pot(7, [0, 1], dealer=2, players=3, keep_odd=True) == ({0: 3, 1: 3}, 1)
    with pytest.raises(ValueError):
        split_pot(5, [], dealer=0, players=3)


def test_a_poker_round_ends_when_everyone_has_matched_the_last_raise():
    """docs/rules/injun.md: fold, call (match the highest total) or raise; the round ends when every remaining
    player has matched the last raise."""
    can = [True, True, True]
    rnd = PokerRound.start(3, first=1, can_act=can)
    assert rnd.pending == [1, 2, 0]
    rnd.put_in(1, 3)
    rnd.reopened(1, can)
    assert rnd.pending == [2, 0] and rnd.to_call(2) == 3
    rnd.put_in(2, 3)
    rnd.answered(2)
    rnd.put_in(0, 5)
    rnd.reopened(0, can)
    assert rnd.pending == [1, 2] and rnd.high == 5 and rnd.to_call(1) == 2
    rnd.put_in(1, 2)
    rnd.answered(1)
    rnd.drop(2)
    assert rnd.pending == [] and rnd.raises == 2


def test_an_amount_menu_lists_every_amount_of_a_small_range():
    """docs/engine.md, games with amounts: up to 20 amounts are all listed."""
    assert amount_menu(1, 19) == list(range(1, 20))
    assert amount_menu(3, 3) == [3]
    assert amount_menu(5, 4) == []


def test_an_amount_menu_stays_small_for_millions_of_chips():
    """Issue 8, 7c: 3,000,000 chips must not list millions of bets: the ends and round numbers between."""
    menu = amount_menu(1, 2_999_999)
    assert len(menu) <= 20 and menu[0] == 1 and menu[-1] == 2_999_999
    assert menu == sorted(set(menu))
    inner = menu[1:-1]
    assert all(len(str(n).rstrip("0")) <= 2 for n in inner)  # round numbers a person can read
    assert amount_menu(7, 40) == sorted(set(amount_menu(7, 40))) and amount_menu(7, 40)[0] == 7


def test_a_copied_round_moves_on_alone():
    rnd = PokerRound.start(3, 1, [True, True, True])
    twin = rnd.copy()
    twin.put_in(1, 4)
    twin.reopened(1, [True, True, True])
    assert (rnd.bets, rnd.pending, rnd.raises) == ([0, 0, 0], [1, 2, 0], 0)
    assert (twin.bets, twin.pending, twin.raises) == ([0, 4, 0], [2, 0], 1)
