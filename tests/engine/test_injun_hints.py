"""Injun's hints and bots: the others' bets read under a stated habit, from the seat's view only.

The inference and the worth of a move are checked against brute force: every card you might hold
is dealt for real, the others' moves and answers are replayed through the engine, and the habit's
probabilities are taken from each player's own view.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

import engine
from engine.cards import parse_card
from engine.games.injun import deck_for, rank_value
from engine.games.injun_ai import (
    chance_low, evaluate, habit_odds, kind_of, odds, posterior, prior, spot_of, unseen, value,
)
from engine.claims import Chance, verdict
from engine.hints import LEVELS, Bot


def table(cards: list[str], dealer: int, *moves: str, **options) -> engine.Game:
    names = ["Ada", "Ben", "Cy", "Dee", "Eve"][:len(cards) - 1] + ["You"]
    g = engine.new_game("injun", players=len(cards), seed=1, first_dealer=dealer, names=names,
                        deck=deck_for(cards, dealer), **options)
    for move in moves:
        g.apply(move)
    return g


def three(cards: list[str], style: str = "poker", *moves: str) -> engine.Game:
    """Ada, Ben and You (seat 2, the dealer); Ada opens."""
    return table(cards, 2, *moves, style=style)


# ---- brute force: deal each card you might hold, replay, ask the habit from each real view ----

def brute_posterior(g: engine.Game, me: int) -> dict[int, float]:
    """P(rank of my card | the others' moves), by dealing every unseen card and replaying the deal."""
    view = g.view(me)
    cards = [c for c in view["cards"]]
    weight: dict[int, float] = {}
    for card in unseen(view):
        cards[me] = str(card)
        h = engine.new_game("injun", players=g.players, seed=1, first_dealer=g.first_dealer, names=g.names,
                            deck=deck_for(cards, g.first_dealer), **{k: v for k, v in g.options.items()
                                                                      if k not in ("first_dealer",)})
        w = 1.0
        for seat, action in g.history:
            if seat != me:
                v = h.view(seat)
                w *= habit_odds(odds(v).equity, spot_of(v))[kind_of(str(action))]
            h.apply(action, seat)
        r = rank_value(card)
        weight[r] = weight.get(r, 0.0) + w
    total = sum(weight.values())
    return {r: w / total for r, w in weight.items()}


CASES = [
    (["4S", "2H", "5C"], 2, ("bet 2", "raise 3"), {}),                          # two raise on a low card
    (["KS", "9H", "5C"], 2, ("bet 2", "call"), {}),
    (["QS", "9H", "AC", "3D"], 3, ("fold", "bet 1", "raise 2"), {}),             # a fold changes who is in
    (["QS", "9H", "AC", "3D"], 1, ("bet 1", "call", "raise 4", "call"), {}),     # my own move, then theirs
    (["QS", "9H", "5C"], 2, ("chip", "fold"), {"style": "brag"}),
    (["7S", "9H", "5C", "JD"], 3, ("chip", "chip", "chip", "chip", "chip"), {"style": "brag"}),
    (["AS", "9H", "5C"], 2, ("bet 3", "raise 1"), {"starting_chips": [4, 20, 20]}),  # Ada goes all in
    (["8S", "9H", "5C"], 2, ("bet 2", "raise 2"), {"betting": "seed"}),
]


@pytest.mark.parametrize("cards, dealer, moves, options", CASES)
def test_reading_the_bets_matches_brute_force(cards, dealer, moves, options):
    """posterior(view) rebuilds each earlier spot from the view and works per rank; brute force deals
    every card for real, replays the moves and asks the habit from the engine's own view of each player."""
    g = table(cards, dealer, *moves, **options)
    me = g.current_player
    fast = posterior(g.view(me))
    slow = brute_posterior(g, me)
    assert set(fast) == set(slow)
    for r in slow:
        assert fast[r] == pytest.approx(slow[r], abs=1e-9)
    assert sum(fast.values()) == pytest.approx(1)


def brute_value(g: engine.Game, me: int, move: str, dist: dict[int, float]) -> float:
    """Expected chips of ``move``: every card I might hold, every way the others may answer in turn
    (call, fold or raise back, with the habit's chances from their real views), played by the engine;
    a raise back means I fold. The deal is the last (max_deals=1), so the chips after it are final."""
    view = g.view(me)
    total = 0.0
    for card in unseen(view):
        p_card = dist[rank_value(card)] / sum(rank_value(c) == rank_value(card) for c in unseen(view))
        cards = list(view["cards"])
        cards[me] = str(card)
        base = engine.new_game("injun", players=g.players, seed=1, first_dealer=g.first_dealer, names=g.names,
                               deck=deck_for(cards, g.first_dealer), max_deals=1,
                               **{k: v for k, v in g.options.items() if k not in ("first_dealer", "max_deals")})
        for seat, action in g.history:
            base.apply(action, seat)
        start = base.deal.chips[me]
        base.apply(move, me)
        stack = [(base, p_card)]
        while stack:
            h, p = stack.pop()
            if h.is_over or h.current_player == me:
                if h.is_over:
                    total += p * (h.deal.chips[me] - start)
                else:  # someone raised back: I fold
                    total += p * (h.deal.chips[me] - start)
                continue
            s = h.current_player
            v = h.view(s)
            o = habit_odds(odds(v).equity, spot_of(v))
            for kind, q in o.items():
                if kind == "raise":
                    total += p * q * (h.deal.chips[me] - start)  # I fold: what I put in is lost
                    continue
                nxt = h.clone()
                nxt.apply(kind, s)
                stack.append((nxt, p * q))
    return total


@pytest.mark.parametrize("cards, dealer, moves, options", [CASES[0], CASES[1], CASES[2], CASES[7]])
def test_the_worth_of_each_move_matches_brute_force(cards, dealer, moves, options):
    """value(): the answers in turn, the habit's chances, a raise back means you fold, the pots settled
    by the rules — against the engine playing every branch out."""
    g = table(cards, dealer, *moves, **options)
    me = g.current_player
    view = g.view(me)
    dist = posterior(view)
    for alt in evaluate(view, dist):
        brute = brute_value(g, me, alt.action, dist)
        assert value(view, alt.action, dist, prune=0).chips == pytest.approx(brute, abs=1e-9)
        assert alt.score == pytest.approx(brute, abs=0.05)  # branches under 1 in 10,000 left out, rounded


# ---- the words follow from the numbers ----

def test_the_issues_example_two_raises_on_your_card_say_it_is_probably_low():
    """Issue 8: "Ada and Ben both raised after seeing your card: players raise when they see a low card,
    so your card is probably low"; now said as two chances, each with its model (issue 18)."""
    g = table(["4S", "2H", "QC", "5C"], 3, "bet 2", "raise 2", "raise 2")
    h = engine.hint(g, 3)
    assert "Ben and Cy both raised after seeing your card: players raise when the cards they see, yours " \
           "among them, look low" in h.reason
    # each model said once (issue 31): the reading of their bets, then the cards alone, each with its model
    low = re.search(r"Reading their moves that way, a low card \(8 or below\) has a chance of (\d+)%: a low card is "
                    r"likely\..*\(From the cards alone, before the bets, a low card \(8 or below\) has a chance of "
                    r"(\d+)%, and [^()]*, if every card you cannot see is equally likely\.\)", h.reason)
    assert low and int(low.group(1)) >= 60 > int(low.group(2)) - 0
    assert "The chances that hang on the others' bets, and the chips, are worked out if the others bet as the " \
           "medium bot does, with one move in ten at random: that bot bets on its chance of holding the highest " \
           "card" in h.reason  # the model is stated, once


def test_the_briefs_example_a_king_and_a_nine_and_the_pot_odds():
    """From the cards alone your card is uniform over the 50 you cannot see: 4 Aces beat K and 9, 3 Kings
    tie. Calling 2 into a pot of 7 needs a win 2/9 = 22% of the time."""
    g = three(["KS", "9H", "5C"], "poker", "bet 2", "call")
    view = g.view(2)
    o = odds(view)
    assert (o.beats, o.ties, o.total) == (4, 3, 50)
    assert o.equity == pytest.approx((4 + 3 / 2) / 50)
    h = engine.hint(g, 2)
    assert h.reason.startswith("You can see K♠ and 9♥ still in. Your own card beats them both in 4 of the "
                               "50 cases you cannot see and ties with K♠ in 3 more")
    assert "A call costs 2 chips to win a pot of 7: you need to win 22% of the time." in h.reason
    assert h.action == "fold"


@pytest.mark.parametrize("p, words", [(0.95, "likely"), (0.6, "likely"), (0.5, "about even"),
                                      (0.26, "unlikely"), (0.05, "unlikely")])
def test_standing_words_follow_the_number(p, words):
    """Issue 8: no "likely ahead" at 26%: the verdict comes from the chance's own number (claims.verdict)."""
    chance = Chance("injun.highest", p=p, model="habit")
    assert chance.verdict == words


def test_card_words_follow_the_number():
    for p, words in [(0.95, "likely"), (0.7, "likely"), (0.5, "about even"), (0.3, "unlikely")]:
        assert Chance("injun.low", p=p, model="habit").verdict == words


def positions(count: int):
    out = []
    seed = 0
    while len(out) < count:
        style = ("poker", "brag")[seed % 2]
        g = engine.new_game("injun", players=2 + seed % 5, seed=seed, style=style, max_deals=2,
                            betting="seed" if seed % 3 == 0 else "standard")
        bot = Bot("injun", "medium", seed)
        for _ in range(random.Random(seed).randrange(0, 8)):
            if g.is_over:
                break
            g.apply(bot.choose(g.view(g.current_player)))
        if not g.is_over:
            out.append((g, g.current_player))
        seed += 1
    return out


def test_every_hint_word_follows_its_number_and_the_best_move_is_first():
    """Over many positions: 'likely'/'unlikely' only beside numbers that justify them; the printed worths
    are the alternatives' scores; the hint's move is legal and the best."""
    for g, seat in positions(60):
        view = g.view(seat)
        h = engine.hint(g, seat)
        assert h.action in view["legal"] and h.action == h.alternatives[0].action
        assert [a.score for a in h.alternatives] == sorted((a.score for a in h.alternatives), reverse=True)
        m = re.search(r"your card beats every card still in with a chance of (?:under |over )?(\d+)%[^:]*: holding the "
                      r"highest card is ([a-z ]+)\.", h.reason)
        assert m, h.reason
        chance = next(c for c in h.claims if c.fact == "injun.highest" and c.model == "habit") \
            if "Reading their moves" in h.reason else next(c for c in h.claims if c.fact == "injun.highest")
        assert m.group(2) == chance.verdict == verdict(chance.p)
        low = re.search(r"a low card \(8 or below\) has a chance of (?:under |over )?\d+%: a low card is ([a-z ]+)\.",
                        h.reason)
        if low:
            said = next(c for c in h.claims if c.fact == "injun.low" and c.model == "habit")
            assert low.group(1) == verdict(said.p)
        assert "likely ahead" not in h.reason and "certainly" not in h.reason
        best = h.alternatives[0]
        if best.action != "fold":
            assert f"worth {best.score:+.1f} chips" in h.reason


def test_the_hint_never_peeks_at_your_own_card():
    """Two deals that differ only in your own card give the same view and the same hint."""
    first = str(engine.hint(three(["KS", "9H", "AS"], "poker", "bet 2", "call"), 2))
    for mine in ("2D", "7C", "KD"):
        assert three(["KS", "9H", mine], "poker", "bet 2", "call").view(2) == \
            three(["KS", "9H", "AS"], "poker", "bet 2", "call").view(2)
        assert str(engine.hint(three(["KS", "9H", mine], "poker", "bet 2", "call"), 2)) == first


def test_a_raise_on_your_card_lowers_your_hopes():
    """The others see your card: under the habit a raise is likelier when your card looks low to them."""
    quiet = three(["6S", "7H", "5C"], "poker", "bet 1", "call")
    loud = three(["6S", "7H", "5C"], "poker", "bet 1", "raise 5")
    assert chance_low(posterior(loud.view(2))) > 0.9 > 0.52 == pytest.approx(chance_low(prior(loud.view(2))))
    assert chance_low(posterior(quiet.view(2))) < 0.52  # Ben only called: he does not see a low card
    assert sum(posterior(loud.view(2)).values()) == pytest.approx(1)


def test_folded_cards_still_count_as_seen_but_cannot_win():
    g = three(["AS", "9H", "5C"], "brag", "fold", "chip")
    o = odds(g.view(2))
    assert o.total == 50 and o.beats == 4 * 5 - 1  # 10, J, Q, K, A beat the 9 (the A♠ is not yours)
    h = engine.hint(g, 2)
    assert "(A♠ folded: that cannot be your card either.)" in h.reason


def test_millions_of_chips_still_give_a_quick_hint_with_few_sizes():
    """Issue 8, 7c: the advisor picks sizes from the range, not from millions of listed moves."""
    g = engine.new_game("injun", players=4, seed=3, starting_chips=3_000_000, first_dealer=3)
    h = engine.hint(g, 0)
    assert len(h.alternatives) <= 5 and h.action in {a.action for a in h.alternatives}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("style", ["poker", "brag"])
def test_every_bot_plays_legal_moves_from_the_view(level, style):
    for seed in range(8):
        g = engine.new_game("injun", players=2 + seed % 6, seed=seed, style=style, max_deals=2)
        bot = Bot("injun", level, seed)
        while not g.is_over:
            s = g.current_player
            move = bot.choose(g.view(s))
            assert g.why_illegal(move, s) is None
            g.apply(move, s)


def test_medium_and_hard_fold_a_hopeless_hand_and_call_a_sure_one():
    rng = random.Random(0)
    hopeless = three(["AS", "AH", "5C"], "poker", "bet 3", "call")  # you face two Aces
    sure = three(["2S", "2H", "5C"], "poker", "bet 3", "call")     # you face two 2s
    for level in ("medium", "hard"):
        policy = engine.hints.advisor("injun").POLICIES[level]
        assert policy(hopeless.view(2), rng) == "fold"
        assert policy(sure.view(2), rng) != "fold"


def test_the_habit_gives_every_open_move_a_chance():
    """The habit's slips: no move has probability 0, so no card is ruled out by a surprising move."""
    g = three(["KS", "9H", "5C"], "poker", "bet 2")
    v = g.view(1)
    o = habit_odds(odds(v).equity, spot_of(v))
    assert set(o) == {"fold", "call", "raise"} and min(o.values()) > 0 and sum(o.values()) == pytest.approx(1)
    assert all(p > 0 for p in posterior(g.view(2)).values())
    assert parse_card("KS") and list(itertools.islice(o, 1))


def test_an_all_in_raise_cannot_be_raised_back():
    """Issue 18: when your raise puts you all in and only one player is left to answer, nobody could answer
    a raise of his (docs/rules/injun.md, poker: a raise needs someone to answer it), so he may only call or fold. The
    walk gave his raise a chance anyway (one move in ten at random over three moves, not two), and the
    worth and his chance of staying in came out wrong; brute force plays his real view."""
    g = table(["KS", "9H", "5C"], 2, "fold", "bet 2", starting_chips=[20, 20, 6])
    me = g.current_player
    view = g.view(me)
    allin = f"raise {view['raise_range'][1]}"
    assert view["chips"][me] == view["to_call"] + int(allin.split()[1])  # the raise is all you have
    dist = posterior(view)
    assert value(view, allin, dist, prune=0).chips == pytest.approx(brute_value(g, me, allin, dist), abs=1e-9)


def test_with_one_chip_left_the_last_two_value_a_chip_by_the_last_chip_not_a_see():
    """Brag, the last two: after your chip you have one chip left, so when Ben chips back you cannot pay
    two to see; your last chip ends the betting. The walk charged a see you could not pay (a chip's worth
    came out 0.6 too low and the hint said "pay to see" instead of "put in a chip"); the claim checker
    plays every branch in the real game."""
    from .claim_checks.injun import walk
    g = table(["QS", "9H", "5C"], 2, "fold", "chip", style="brag", starting_chips=[20, 20, 3])
    me = g.current_player
    view = g.view(me)
    assert view["chips"][me] == 2 and "see" in view["legal"]
    dist = posterior(view)
    assert value(view, "chip", dist, prune=0).chips == pytest.approx(walk(g, me, "chip", dist)[0], abs=1e-9)
    best = evaluate(view, dist)[0]
    assert best.action == "chip" and "you then put in your last chip, and the cards are shown" in best.note
