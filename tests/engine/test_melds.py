"""engine/melds.py: what a meld is (docs/rules/kalooki.md and docs/rules/rummy.md), lay-offs, and the
arrangement solver checked against brute force on small hands."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from itertools import combinations

import pytest

from engine.cards import JOKER, Card, double_52_with_jokers, parse_card, parse_cards, standard_52
from engine.melds import (ACE_EITHER, ACE_WRAP, BASIC_RUMMY, KALOOKI, RUN, SET, Meld, MeldError, MeldRules,
                          as_meld, contract_arrangement, layoffs, least_deadwood, meld_or_none,
                          rummy_value, run_layouts, why_not_meld)

RUMMY_JOKERS = replace(BASIC_RUMMY, jokers=True)


def kalooki_value(card: Card) -> int:
    """docs/rules/kalooki.md#kalooki.score: joker 50, black A 15, red A 1, K/Q/J/10 10, 2–9 face value."""
    if card.is_joker:
        return 50
    if card.rank == 1:
        return 1 if card.is_red else 15
    return min(card.rank, 10)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ---- docs/rules/kalooki.md#examples ----

@pytest.mark.parametrize("text, ok", [
    ("7S 7S 7H", True),        # a three with duplicates from the double pack
    ("QD JK JK", False),       # a three needs 2 naturals
    ("5H JK 7H JK", True),     # a four with jokers apart
    ("5H JK JK 8H", False),    # no two jokers adjacent
    ("KC AC 2C 3C", False),    # K-A-2 never
    ("JS QS KS AS", True),     # the Ace at the top end
    ("AS 2S 3S 4S", True),     # or at the bottom
])
def test_kalooki_examples_from_rules(text, ok):
    assert (meld_or_none(cards(text), KALOOKI) is not None) == ok


def test_kalooki_three_with_two_naturals_and_a_joker():
    # §6 item 3: "in a minimum three of three cards you can only include one joker"
    assert as_meld(cards("QD QS JK"), KALOOKI).kind == SET
    assert "2 real cards" in why_not_meld(cards("QD JK JK"), KALOOKI)


def test_kalooki_hand_value_83():
    # §6 test: hand [Jk A♠ A♥ 10♦ 7♣] = 83
    assert sum(kalooki_value(c) for c in cards("JK AS AH 10D 7C")) == 83
    # held as deadwood it counts 83; melded as A♠ A♥ Jk it leaves only 10♦ 7♣
    assert least_deadwood(cards("JK AS AH 10D 7C"), KALOOKI, kalooki_value).points == 17


def test_contract_threes_of_different_ranks():
    # §6 item 3: "a player's threes in one contract are of different ranks": two threes of 8s ✗
    hand = cards("8S 8H 8D 8C 8S 8H")
    assert contract_arrangement(hand, 2, 0, KALOOKI, kalooki_value) is None
    found = contract_arrangement(hand + cards("9S 9H 9D"), 2, 0, KALOOKI, kalooki_value)
    assert found is not None and found.points == 0
    assert sorted(m.rank for m in found.melds) == [8, 9]


def test_contract_fours_of_different_suits():
    # seed: "When more than one four is put down by one player, they must be of different suits"
    hand = cards("2S 3S 4S 5S 8S 9S 10S JS")
    assert contract_arrangement(hand, 0, 2, KALOOKI, kalooki_value) is None
    found = contract_arrangement(cards("2S 3S 4S 5S 8H 9H 10H JH"), 0, 2, KALOOKI, kalooki_value)
    assert found is not None and found.points == 0


def test_contract_melds_may_be_longer_than_the_minimum():
    # §6 item 4: "each of which may be longer than the minimum"
    found = contract_arrangement(cards("2S 3S 4S 5S 6S 7D 7H 7C 7S KD"), 1, 1, KALOOKI, kalooki_value)
    assert found is not None and found.points == 10
    assert sorted(len(m.cards) for m in found.melds) == [4, 5]


# ---- docs/rules/rummy.md#examples ----

def test_ace_is_low_only_in_basic_rummy():
    # §6 Basic Rummy item 2: "A-2-3 ✓, Q-K-A ✗, no wrap"
    assert as_meld(cards("AS 2S 3S")).kind == RUN
    assert "Ace is low only" in why_not_meld(cards("QS KS AS"))
    assert why_not_meld(cards("KS AS 2S")) is not None


def test_sets_are_three_or_four_of_a_rank():
    assert as_meld(cards("8H 8S 8D")).kind == SET
    assert as_meld(cards("8H 8S 8D 8C")).kind == SET


def test_refusals_say_why():
    assert why_not_meld(cards("7S 8S 10S")) == "7♠ 8♠ 10♠ is not a run: 9♠ is missing."
    assert "mix" in why_not_meld(cards("7S 8H 9S"))
    assert "at least 3 cards" in why_not_meld(cards("7S 7H"))
    assert "jokers are not wild" in why_not_meld(cards("7S 7H JK"))
    with pytest.raises(MeldError, match="9♠ is missing"):
        as_meld(cards("7S 8S 10S"))


def test_ace_variants():
    either = replace(BASIC_RUMMY, ace=ACE_EITHER)
    wrap = replace(BASIC_RUMMY, ace=ACE_WRAP)
    assert as_meld(cards("QS KS AS"), either).ranks == (12, 13, 14)
    assert "turn the corner" in why_not_meld(cards("KS AS 2S"), either)
    assert as_meld(cards("KS AS 2S"), wrap).ranks == (13, 14, 15)


def test_joker_layouts_in_a_run():
    layouts = run_layouts(cards("5H JK 6H 7H"), KALOOKI)
    assert [m.ranks for m in layouts] == [(5, 6, 7, 8), (4, 5, 6, 7)]
    assert layouts[0].stands_for(3) == parse_card("8H")
    assert layouts[1].stands_for(0) == parse_card("4H")


# ---- lay-offs ----

def test_layoff_at_both_ends_of_a_run_and_onto_a_set():
    run = as_meld(cards("4S 5S 6S"))
    assert [str(m) for m in layoffs(run, parse_card("3S"))] == ["3S 4S 5S 6S"]
    assert [str(m) for m in layoffs(run, parse_card("7S"))] == ["4S 5S 6S 7S"]
    assert layoffs(run, parse_card("8S")) == []
    assert layoffs(run, parse_card("7H")) == []
    three = as_meld(cards("9S 9H 9D"))
    assert [str(m) for m in layoffs(three, parse_card("9C"))] == ["9S 9H 9D 9C"]
    assert layoffs(as_meld(cards("9S 9H 9D 9C")), parse_card("9C")) == []  # a set has at most 4


def test_ace_cannot_be_laid_off_above_a_king_when_low():
    assert layoffs(as_meld(cards("JS QS KS")), parse_card("AS")) == []
    assert layoffs(as_meld(cards("2S 3S 4S")), parse_card("AS"))


def test_a_natural_takes_a_jokers_place_and_the_joker_slides_to_an_end():
    # §6 Kalooki item 5: "A joker in a four may be slid to either end of that four"
    four = as_meld(cards("5H JK 7H 8H"), KALOOKI)
    made = {str(m) for m in layoffs(four, parse_card("6H"), KALOOKI)}
    assert made == {"JK 5H 6H 7H 8H", "5H 6H 7H 8H JK"}


# ---- the solver against brute force ----

def brute_force(hand: list[Card], rules: MeldRules, value) -> int:
    @lru_cache(maxsize=None)
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = value(first) + best(others)
        for size in range(2, len(others) + 1):
            for picked in combinations(range(len(others)), size):
                group = [first] + [others[i] for i in picked]
                if meld_or_none(group, rules) is not None:
                    left = tuple(c for i, c in enumerate(others) if i not in picked)
                    result = min(result, best(left))
        return result
    return best(tuple(sorted(hand)))


def brute_contract(hand: list[Card], rules: MeldRules, value, threes: int, fours: int) -> int | None:
    def kinds(group: list[Card]) -> list[str]:
        out = []
        naturals = [c for c in group if not c.is_joker]
        meld = meld_or_none(group, rules)
        if meld is None:
            return out
        if len({c.rank for c in naturals}) == 1 and meld.kind == SET:
            out.append(SET)
        if run_layouts(group, rules):
            out.append(RUN)
        return out

    @lru_cache(maxsize=None)
    def best(rest: tuple[Card, ...], t: int, f: int, ranks: frozenset, suits: frozenset) -> float:
        if not rest:
            return 0 if t == f == 0 else float("inf")
        first, others = rest[0], rest[1:]
        result = value(first) + best(others, t, f, ranks, suits)
        for size in range(2, len(others) + 1):
            for picked in combinations(range(len(others)), size):
                group = [first] + [others[i] for i in picked]
                left = tuple(c for i, c in enumerate(others) if i not in picked)
                for kind in kinds(group):
                    natural = next(c for c in group if not c.is_joker)
                    if kind == SET and t and natural.rank not in ranks:
                        result = min(result, best(left, t - 1, f, ranks | {natural.rank}, suits))
                    if kind == RUN and f and natural.suit not in suits:
                        result = min(result, best(left, t, f - 1, ranks, suits | {natural.suit}))
        return result
    # jokers last so that "first" is a natural whenever one is left
    got = best(tuple(sorted(hand, key=lambda c: (c.is_joker, c))), threes, fours, frozenset(), frozenset())
    return None if got == float("inf") else int(got)


def check_arrangement(hand, arrangement, rules, value):
    used = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood)
    assert sorted(used) == sorted(hand), "the arrangement must use exactly the hand's cards"
    for meld in arrangement.melds:
        assert meld_or_none(meld.cards, rules) is not None, meld
    assert sum(value(c) for c in arrangement.deadwood) == arrangement.points


def contract_agrees(hand: list[Card], threes: int, fours: int):
    """The solver's contract for ``hand``, checked against brute force (None on both sides, or the same points)."""
    got = contract_arrangement(hand, threes, fours, KALOOKI, kalooki_value)
    want = brute_contract(hand, KALOOKI, kalooki_value, threes, fours)
    assert (got is None) == (want is None), hand
    if got is not None:
        check_arrangement(hand, got, KALOOKI, kalooki_value)
        assert got.points == want, hand
    return got


def dense_hand(rng: random.Random, pack: list[Card], size: int, jokers: int) -> list[Card]:
    """Cards from a few ranks and suits, so that melds overlap and the solver must choose."""
    ranks = set(rng.sample(range(1, 14), 5))
    suits = set(rng.sample("SHDC", 2))
    pool = [c for c in pack if not c.is_joker and (c.rank in ranks or c.suit in suits)]
    return rng.sample(pool, size - jokers) + [JOKER] * jokers


@pytest.mark.parametrize("rules, pack, jokers", [
    (BASIC_RUMMY, standard_52(), 0),
    (replace(BASIC_RUMMY, ace=ACE_EITHER), standard_52(), 0),
    (replace(BASIC_RUMMY, ace=ACE_WRAP), standard_52(), 0),
    (RUMMY_JOKERS, standard_52() + [JOKER] * 2, 2),
    (KALOOKI, double_52_with_jokers(), 3),
], ids=["rummy", "ace-either", "wrap", "rummy-jokers", "kalooki"])
def test_least_deadwood_matches_brute_force(rules, pack, jokers):
    rng = random.Random(6)
    value = kalooki_value if rules is KALOOKI else rummy_value
    for trial in range(60):
        hand = dense_hand(rng, pack, 8, rng.randint(0, jokers))
        got = least_deadwood(hand, rules, value)
        check_arrangement(hand, got, rules, value)
        assert got.points == brute_force(hand, rules, value), hand


@pytest.mark.parametrize("threes, fours", [(1, 0), (0, 1), (2, 0), (1, 1)])
def test_contract_matches_brute_force(threes, fours):
    rng = random.Random(threes * 10 + fours)
    pack = double_52_with_jokers()
    for trial in range(40):
        hand = dense_hand(rng, pack, 8, rng.randint(0, 2))
        got = contract_agrees(hand, threes, fours)
        if got is not None:
            assert sum(m.kind == SET for m in got.melds) == threes
            assert len({m.rank for m in got.melds if m.kind == SET}) == threes
            assert len({m.suit for m in got.melds if m.kind == RUN}) == fours


def test_a_card_equal_to_the_low_end_is_not_laid_off_at_the_high_end():
    """Found by the Kalooki soak: 4H (the same card object as the meld's own 4H) went on after the 9H."""
    meld = Meld(RUN, tuple(cards("4H 5H 6H JK 8H 9H")), (4, 5, 6, 7, 8, 9), "H")
    assert layoffs(meld, parse_card("4H"), KALOOKI) == []
    assert [m.ranks[-1] for m in layoffs(meld, parse_card("10H"), KALOOKI)] == [10]
    low = Meld(RUN, tuple(cards("5H 6H JK 8H")), (5, 6, 7, 8), "H")
    assert [m.cards[0] for m in layoffs(low, parse_card("4H"), KALOOKI)] == [parse_card("4H")]


def test_jokers_alone_never_complete_a_contract():
    """docs/rules/kalooki.md: a three needs two real cards; three jokers and no pair make no three."""
    hand = cards("JK JK JK 5H 9C KD")
    assert contract_arrangement(hand, 1, 0, KALOOKI, kalooki_value) is None
    assert brute_contract(hand, KALOOKI, kalooki_value, 1, 0) is None
    got = contract_arrangement(cards("JK JK JK 5H 5C KD"), 1, 0, KALOOKI, kalooki_value)
    assert got is not None and [m.kind for m in got.melds] == [SET]


@pytest.mark.parametrize("threes, fours", [(1, 0), (0, 1), (2, 0), (1, 1)])
def test_contract_with_many_jokers_matches_brute_force(threes, fours):
    rng = random.Random(100 + threes * 10 + fours)
    pack = double_52_with_jokers()
    for trial in range(30):
        hand = dense_hand(rng, pack, 8, rng.randint(2, 4))
        got = contract_agrees(hand, threes, fours)
        if got is not None:
            assert sorted(m.kind for m in got.melds) == sorted([SET] * threes + [RUN] * fours), hand


def test_full_rummy_hands_are_solved():
    hand = cards("AS 2S 3S 7H 7D 7C 9C 10C JC KD")
    got = least_deadwood(hand)
    assert got.points == 10 and len(got.melds) == 3
    assert least_deadwood([]).points == 0


def doubled_hand(rng: random.Random, size: int, jokers: int) -> list[Card]:
    """Cards from both copies of a few ranks in two suits: runs and sets share cards held twice."""
    ranks = rng.sample(range(1, 14), 4)
    suits = rng.sample("SHDC", 2)
    pool = [Card(r, s) for r in ranks for s in suits] * 2 + [Card(r, rng.choice("SHDC")) for r in ranks]
    pool += [Card(r, suits[0]) for r in range(min(ranks), min(ranks) + 4) if r <= 13]  # a four in reach
    return rng.sample(pool, size - jokers) + [JOKER] * jokers


@pytest.mark.parametrize("threes, fours", [(1, 1), (2, 0), (0, 2), (2, 1)])
def test_cards_held_twice_are_one_card_to_the_solver(threes, fours):
    """Issue 31: the solver takes the first copy left of a card held twice, so that two states that differ
    only in which copy went where are one. A three may then have to take a second copy alone, after a four
    took the first: brute force over hands where fours and threes share cards held twice."""
    rng = random.Random(31 + threes * 10 + fours)
    for trial in range(40):
        hand = doubled_hand(rng, 9, rng.randint(0, 2))
        contract_agrees(hand, threes, fours)
        split = least_deadwood(hand, KALOOKI, kalooki_value)
        check_arrangement(hand, split, KALOOKI, kalooki_value)
        assert split.points == brute_force(hand, KALOOKI, kalooki_value), hand


def test_a_budget_cuts_the_search_and_the_shortest_melds_tell_as_truly_whether():
    """Issue 31: past its budget of states the solver raises SearchCut (no answer, never a guessed one);
    asked of the shortest melds only it says as truly whether the contract can be laid; a greedy split
    names only real melds of the hand."""
    from engine.melds import ContractSearch, SearchCut, quick_split, states_searched
    hand = cards("7S 7S 7H 7D 8D 9D 10D JD JK 2C 2H 2S KS KH QC")
    with pytest.raises(SearchCut):
        contract_arrangement(hand, 2, 1, KALOOKI, kalooki_value, budget=5)
    before = states_searched()
    full = contract_arrangement(hand, 2, 1, KALOOKI, kalooki_value, budget=10_000)
    assert full is not None and 0 < states_searched() - before <= 10_000
    rng = random.Random(731)
    for trial in range(60):
        hand = doubled_hand(rng, 9, rng.randint(0, 2))
        for threes, fours in ((1, 1), (2, 0), (0, 2)):
            want = brute_contract(hand, KALOOKI, kalooki_value, threes, fours)
            short = ContractSearch(hand, threes, fours, KALOOKI, kalooki_value, smallest=True).arrangement()
            assert (short is None) == (want is None), hand
            if short is not None:
                check_arrangement(hand, short, KALOOKI, kalooki_value)
                assert sorted(len(m.cards) for m in short.melds) == [3] * threes + [4] * fours
        split = quick_split(hand, KALOOKI, kalooki_value)
        check_arrangement(hand, split, KALOOKI, kalooki_value)
        melded = least_deadwood(hand, KALOOKI, kalooki_value).points < sum(map(kalooki_value, hand))
        assert bool(split.melds) == melded
