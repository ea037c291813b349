"""Jabberwocky's claims, re-derived from the real game (docs/rules/jabberwocky.md), not from the advisor's code.

Certainties about the trick are enumerated over every legal reply of the real position (the generic
``trick_winners``); "only legal card" from ``legal_actions`` and the rule that leaves it alone, recounted
from the hand; the bid situation from the view's bids and tricks; the hand's worth recomputed here from
the rule of thumb the hint names (trumps by rank, Aces and guarded Kings, ruffs of short suits).
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import engine
from engine import tricks
from engine.cards import parse_card
from engine.claims import Certain, Claim, Count, Figure
from engine.hints import Hint
from engine.i18n import Sentence, said
from engine.numerals import localize

from ..helpers import fork
from ..jabberwocky_helpers import play_all, stacked_round
from . import review_costs
from . import check_only_legal, random_options, wins_trick_checker

RANKS = "23456789TJQKA"
SUITS = "SHDC"  # suit order of engine.tricks: trumps are named by suit letter in the view
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

#: Fewer imagined deals per hint: a claim's truth does not depend on how many.
FAST = {"HINT_PLAYOUTS": 30, "MIN_SAMPLES": 5}


def _rank(card: str) -> int:
    """0 for a two … 12 for an Ace."""
    c = parse_card(card)
    return c.rank - 2 if c.rank != 1 else 12


def _suit(card: str) -> str:
    return parse_card(card).suit


def _english(words: object) -> object:
    """A claim's words in English: on a Portuguese table the advisor says "copas" and "2 vazas", which are
    checked as the "hearts" and "2 tricks" they translate."""
    return said(words, "en") if isinstance(words, Sentence) else words


def _move_card(move: str) -> str:
    return move.split(" ", 1)[1]


def _view(game: engine.Game, seat: int) -> dict[str, Any]:
    return game.view(seat)


def trick_winners(game: engine.Game, seat: int, move: str) -> set[int]:
    """Who can win the current trick if ``seat`` plays ``move``, over every legal reply of the real deal
    (the rules' own round, :class:`engine.games.jabberwocky.Deal`: the generic enumerator, without
    copying the whole game at every reply)."""
    assert game.deal.turn == seat  # type: ignore[attr-defined]
    return deal_trick_winners(game.deal, tricks.index(parse_card(_move_card(move))))  # type: ignore[attr-defined]


def deal_trick_winners(deal: Any, card: int) -> set[int]:
    """Brute force over a real round: who can win the trick after ``card``, over every legal reply."""
    start = deal.copy()
    winner = start.play(card)
    if winner is not None:
        return {winner}
    out: set[int] = set()
    stack = [start]
    while stack:
        d = stack.pop()
        for c in d.legal_cards(d.turn):
            nxt = d.copy()
            w = nxt.play(c)
            if w is None:
                stack.append(nxt)
            else:
                out.add(w)
    return out


check_wins_trick = wins_trick_checker(trick_winners)


def check_beaten(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"cannot win this trick: a card already played beats it": a card on the table beats it by the rules
    (higher in the led suit, or a trump over a non-trump or a lower trump), and no legal reply lets it win."""
    assert isinstance(claim, Certain)
    v = _view(game, seat)
    mine = _move_card(claim.move)
    if not v["trick"]:
        return f"{claim.move} is said to be beaten by a card already played, but the trick is empty"
    led, trump = _suit(v["trick"][0][1]), v["trump"]

    def beats(a: str, b: str) -> bool:
        if _suit(a) == _suit(b):
            return _rank(a) > _rank(b)
        return _suit(a) == trump or (_suit(a) == led and _suit(b) != trump)
    if not any(beats(c, mine) for _, c in v["trick"]):
        return f"{claim.move} is said to be beaten by a card already played, but none of {v['trick']} beats it"
    if seat in trick_winners(game, seat, claim.move):
        return f"{claim.move} is said to lose the trick, but a legal reply lets it win"
    return None


def check_only(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The only legal card, and the reason given for it, recounted from the hand and the trick."""
    assert isinstance(claim, Certain)
    problem = check_only_legal(game, seat, claim, hint)
    if problem:
        return problem
    v = _view(game, seat)
    hand, card = v["hand"], _move_card(claim.move)
    if parse_card(card).symbol != claim.detail["card"]:
        return f"the card is named {claim.detail['card']} for {claim.move}"
    fact = claim.fact.split(".")[1]
    if fact == "last_card" and len(hand) != 1:
        return f"{card} is said to be the last card, but the hand holds {hand}"
    if fact == "only_follow":
        led = _suit(v["trick"][0][1]) if v["trick"] else None
        same = [c for c in hand if _suit(c) == led]
        if same != [card] or SUIT_WORDS[led] != _english(claim.detail["suits"]):
            return f"{card} is said to be the only {claim.detail['suit']} and {claim.detail['suits']} led: " \
                   f"hand {hand}, trick {v['trick']}"
    if fact == "only_lead":
        trump = v["trump"]
        if v["trick"] or v["trump_broken"] or not v["options"]["trump_breaking"]:
            return "the lead rule is given for a card that is not led under unbroken trumps"
        if [c for c in hand if _suit(c) != trump] != [card] or SUIT_WORDS[trump] != _english(claim.detail["trumps"]):
            return f"{card} is said to be the only card that is not a trump ({trump}): hand {hand}"
    return None


def check_only_bid(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Certain)
    legal = [str(a) for a in game.legal_actions(seat)]
    if legal != [claim.move] or claim.move != f"bid {claim.detail['bid']}":
        return f"{claim.move} is said to be the only bid, but the legal bids are {legal}"
    return None


def check_hook(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The dealer's forbidden bid: the other bids plus it make the number of tricks, and it is not legal."""
    assert isinstance(claim, Certain)
    v = _view(game, seat)
    no, size = claim.detail["no"], claim.detail["size"]
    others = sum(b for s, b in enumerate(v["bids"]) if s != seat and b is not None)
    legal = [str(a) for a in game.legal_actions(seat)]
    if v["dealer"] != seat or others + no != size or size != len(v["hand"]) or f"bid {no}" in legal:
        return f"the hook is said to bar bid {no} (the bids would make {size}): others bid {others}, legal {legal}"
    return None


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def check_situation(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The bid, the tricks won and what remains, recounted from the view."""
    v = _view(game, seat)
    bid, won, left = v["bids"][seat], v["tricks_won"][seat], len(v["hand"])
    fact = claim.fact.split(".")[1]
    said = {k: _english(x) for k, x in claim.fields().items()}
    expected: dict[str, Any]
    if fact == "need":
        assert isinstance(claim, Count)
        ok = 0 < bid - won <= left
        expected = {"n": bid - won, "bid": bid, "won": _tricks(won)}
    elif fact == "have":
        ok = bid == won
        expected = {"n": won, "bid": bid}
    elif fact == "short":
        ok = bid - won > left
        expected = {"bid": bid, "won": _tricks(won), "need": bid - won, "left": _tricks(left)}
    else:  # over
        ok = won > bid
        expected = {"bid": bid, "won": won}
    wrong = {k: (said.get(k), x) for k, x in expected.items() if said.get(k) != x}
    if not ok or wrong:
        return f"{claim.fact} said with bid {bid}, {won} won, {left} cards left: {wrong}"
    return None


def trick_estimate(hand: list[str], trump: str, players: int) -> float:
    """The rule of thumb the hint names, worked out again from the cards: each trump counts by its rank
    (the Ace 1, the six 0.2 at least); an Ace of a side suit 0.85 (0.6 in a suit of four or more), less
    with more players; a King with another card of its suit 0.45 (0.25 in a long suit) scaled by the
    players; and 0.3 for each low trump (below the Jack) that can ruff a void or singleton side suit."""
    length = {s: sum(_suit(c) == s for c in hand) for s in SUITS}
    crowd = 3.0 / players
    worth = 0.0
    for c in hand:
        s, r = _suit(c), _rank(c)
        if s == trump:
            worth += min(1.0, max(0.2, (r - 4) / 8))
        elif r == 12:
            worth += (0.85 if length[s] <= 3 else 0.6) * min(1.0, crowd + 0.25)
        elif r == 11 and length[s] >= 2:
            worth += (0.45 if length[s] <= 4 else 0.25) * crowd
    low_trumps = sum(_suit(c) == trump and _rank(c) < 9 for c in hand)
    short = sum(length[s] <= 1 for s in SUITS if s != trump)
    return worth + 0.3 * min(low_trumps, short)


def check_worth(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Figure)
    v = _view(game, seat)
    worth = trick_estimate(v["hand"], v["trump"], v["players"])
    if claim.detail["tricks"] != localize(f"{worth:.1f}", hint.lang) or _english(claim.detail["trumps"]) != \
            SUIT_WORDS[v["trump"]]:
        return f"the hand is said to be worth {claim.detail['tricks']} tricks in {claim.detail['trumps']}; " \
               f"recounted {worth:.2f} in {SUIT_WORDS[v['trump']]}"
    return None


CHECKS = {
    ("certain", "jabberwocky.wins_trick"): check_wins_trick,
    ("certain", "jabberwocky.beaten"): check_beaten,
    ("certain", "jabberwocky.last_card"): check_only,
    ("certain", "jabberwocky.only_follow"): check_only,
    ("certain", "jabberwocky.only_lead"): check_only,
    ("certain", "jabberwocky.only_legal"): check_only,
    ("certain", "jabberwocky.only_bid"): check_only_bid,
    ("certain", "jabberwocky.hook"): check_hook,
    ("count", "jabberwocky.need"): check_situation,
    ("count", "jabberwocky.have"): check_situation,
    ("certain", "jabberwocky.short"): check_situation,
    ("certain", "jabberwocky.over"): check_situation,
    ("figure", "jabberwocky.worth"): check_worth,
}
CHECKS.update(review_costs.checks("jabberwocky"))  # the review's cost (issue 37)


#: Rare cases, dealt on purpose: a lead under unbroken trumps from one side card, a single card of the
#: suit led, a ruff the next player may overruff, a card that wins the last trick for certain, a dealer
#: left one legal bid.
STACKED = [
    (["2C 5D 6D", "7S 8S 9S", "4H 5H 6H"], "3D", "b1 b0 b1"),
    (["AH 7C 8C", "KH 2S 3S", "4C 5C 6C"], "3D", "b1 b0 b1 AH"),
    (["AC 5H 6H", "10D 7S 8S", "AD 9S 10S"], "2D", "b1 b1 b0 AC"),
    (["AC 3H 4S", "KC 9H 5S", "2C KH 2H"], "2D", "b1 b0 b1 AC KC 2C 3H 9H"),
    (["AS", "KS", "QS"], "2D", "b0 b0"),
    (["AS", "KS", "QS", "JS"], "2D", "b0 b1 b0"),
]


def positions(count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded games under every option, played at random; the hint is asked where a seat chooses and,
    now and then, where it has one legal move (so the reasons for a forced card or bid are checked too).
    Some games are of one- and two-card rounds, where a dealer can be left a single legal bid."""
    cls = engine.GAMES["jabberwocky"]
    found = 0
    for hands, turn_up, moves in STACKED:
        game = stacked_round(hands, turn_up, dealer=len(hands) - 1)
        play_all(game, moves)
        found += 1
        yield game, game.current_player
    while found < count:
        options = random_options(cls, rng)
        options["rounds"] = rng.choice(["full", "short", [1, 1, 1, 1, 2], [2, 3]])
        game = engine.new_game("jabberwocky", players=rng.randint(3, 5), seed=rng.getrandbits(40), **options)
        while not game.is_over and found < count:
            seat = game.current_player
            legal = game.legal_actions(seat)
            if rng.random() < (0.25 if len(legal) > 1 else 0.15):
                found += 1
                yield fork(game), seat
            game.apply(rng.choice(legal), seat)
