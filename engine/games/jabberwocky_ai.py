"""Jabberwocky bots and hints, from one seat's view.

- easy: plays any card the rules allow and bids a guess;
- medium: counts likely tricks from trumps and Aces to bid, then plays to make the
  bid exactly (win when it still needs tricks, duck when it has enough);
- hard: determinized search (:mod:`engine.search`): it deals the unseen cards in many
  ways that fit what it has seen, plays each candidate out with the medium player's
  habits for everyone, and picks the move that makes its bid most often.

The hint is the hard player's search with more deals, explained with its numbers.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from .. import tricks
from ..cards import SUIT_NAMES, parse_card
from ..hints import Alternative, Hint, share
from .jabberwocky import Deal, forbidden_bid, round_points
from ..search import Inconsistent, Tally, deal_unseen, pimc

View = dict[str, Any]

#: Imagined deals per decision: the hint explains itself, so it looks harder than the bot.
HINT_PLAYOUTS = 1600
BOT_PLAYOUTS = 240
MIN_SAMPLES = 24


# ---- reading a view ----------------------------------------------------------------

def _idx(text: str) -> int:
    return tricks.index(parse_card(text))


def _sym(c: int) -> str:
    return tricks.card(c).symbol


def known_deal(view: View) -> tuple[Deal, list[int], list[Callable[[int], bool]]]:
    """The round as this seat knows it: its own hand filled in, the others empty.

    Returns the partial deal, the cards it has not seen, and for each seat a test of
    which cards that seat cannot hold (it showed it has none of their suit).
    """
    n, me = view["players"], view["seat"]
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = sorted(_idx(c) for c in view["hand"])
    d = Deal.__new__(Deal)
    d.players, d.size, d.dealer = n, view["cards_this_round"], view["dealer"]
    d.turn_up = _idx(view["trump_card"])
    d.trump = d.turn_up // 13
    d.hands = hands
    d.bids, d.won, d.revokes = list(view["bids"]), list(view["tricks_won"]), list(view["revokes"])
    d.trick = [_idx(c) for _, c in view["trick"]]
    d.trick_seats = [s for s, _ in view["trick"]]
    d.turn = view["current_player"] if view["current_player"] is not None else me
    d.broken = view["trump_broken"]
    opts = view["options"]
    d.strict, d.breaking = opts["revoke"] == "strict", bool(opts["trump_breaking"])
    d.phase = view["phase"] if view["phase"] in ("bid", "play") else "done"
    d.done_tricks = []

    seen = set(hands[me]) | {d.turn_up} | set(d.trick)
    lacks: list[set[int]] = [set() for _ in range(n)]
    broken = False
    played = [(t["seats"], [_idx(c) for c in t["cards"]]) for t in view["tricks_played"]]
    played.append((d.trick_seats, d.trick))
    for seats, cards in played:
        seen.update(cards)
        if not cards:
            continue
        led = cards[0] // 13
        if led == d.trump and not broken and d.breaking:
            lacks[seats[0]].update(s for s in range(4) if s != d.trump)  # led trumps unbroken: only trumps
        for s, c in zip(seats, cards):
            if c // 13 != led and not d.revokes[s]:
                lacks[s].add(led)
            if c // 13 == d.trump:
                broken = True
    unseen = [c for c in range(52) if c not in seen]
    barred = [_lacks_suits(frozenset(no)) for no in lacks]
    return d, unseen, barred


def _lacks_suits(suits: frozenset[int]) -> Callable[[int], bool]:
    return lambda c: c // 13 in suits


def determinizer(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals that fit the view: the search's worlds."""
    base, unseen, barred = known_deal(view)
    me = view["seat"]
    others = [s for s in range(base.players) if s != me]
    # Cards the others still hold; the stock (everything else) holds the rest of the unseen.
    sizes = [view["hand_sizes"][s] for s in others]
    stock = len(unseen) - sum(sizes)
    bars = [barred[s] for s in others] + [lambda c: False]

    def determinize(rng: random.Random) -> Deal:
        try:
            dealt = deal_unseen(unseen, sizes + [stock], bars, rng)
        except Inconsistent:  # a revoke in table mode can contradict a shown void
            dealt = deal_unseen(unseen, sizes + [stock], [lambda c: False] * len(bars), rng)
        world = base.copy()
        for s, hand in zip(others, dealt):
            world.hands[s] = hand
        return world
    return determinize


# ---- the medium player's habits (also how search imagines everyone plays) ------------

def trick_estimate(hand: list[int], trump: int, players: int) -> float:
    """Roughly how many tricks a hand takes: high trumps, Aces and Kings, ruffs of short suits."""
    per_suit = [0, 0, 0, 0]
    for c in hand:
        per_suit[c // 13] += 1
    crowd = 3.0 / players  # more players, fewer tricks for a side-suit honour
    total = 0.0
    for c in hand:
        s, r = c // 13, c % 13
        if s == trump:
            total += min(1.0, max(0.2, (r - 4) / 8))
        elif r == 12:
            total += (0.85 if per_suit[s] <= 3 else 0.6) * min(1.0, crowd + 0.25)
        elif r == 11 and per_suit[s] >= 2:
            total += (0.45 if per_suit[s] <= 4 else 0.25) * crowd
    low_trumps = sum(1 for c in hand if c // 13 == trump and c % 13 < 9)
    short = sum(1 for s in range(4) if s != trump and per_suit[s] <= 1)
    total += 0.3 * min(low_trumps, short)
    return total


def heuristic_bid(hand: list[int], trump: int, size: int, players: int, forbidden: int | None) -> int:
    estimate = trick_estimate(hand, trump, players)
    bid = max(0, min(size, round(estimate)))
    if bid == forbidden:
        up, down = bid + 1, bid - 1
        bid = up if (estimate >= bid and up <= size) or down < 0 else down
    return bid


def heuristic_card(d: Deal, seat: int) -> int:
    """Play to make the bid exactly: win cheaply while tricks are needed, else duck."""
    options = d.proper_cards(seat)
    if len(options) == 1:
        return options[0]
    trump = d.trump
    want = (d.bids[seat] or 0) - d.won[seat] > 0
    if not d.trick:
        # Leading: strong cards when tricks are wanted, the lowest otherwise (trumps kept back).
        key = (lambda c: (c // 13 == trump, c % 13)) if not want else (lambda c: (c % 13, c // 13 == trump))
        return max(options, key=key) if want else min(options, key=key)
    led = d.trick[0] // 13

    def power(c: int) -> int:
        return tricks.strength(c, led, trump)
    best = max(power(c) for c in d.trick)
    winners = [c for c in options if power(c) > best]
    losers = [c for c in options if power(c) <= best]
    last = len(d.trick) == d.players - 1
    if want:
        if winners:
            return min(winners, key=power) if last else max(winners, key=power)
        return min(options, key=lambda c: (c // 13 == trump, c % 13))
    if losers:  # shed the most dangerous card that still loses
        return max(losers, key=lambda c: (power(c), c % 13))
    return max(winners, key=power)


def finish_round(d: Deal, rng: random.Random | None = None) -> None:
    """Play the round out with the medium habits (bids first, if any are missing)."""
    while d.phase == "bid":
        s = d.turn
        d.bid(heuristic_bid(d.hands[s], d.trump, d.size, d.players, d.forbidden()))
    while d.phase == "play":
        d.play(heuristic_card(d, d.turn))


# ---- search ----------------------------------------------------------------------------

def _move_value(view: View) -> Callable[[Deal, str, random.Random], tuple[float, Mapping[str, bool]]]:
    me, scoring = view["seat"], view["options"]["scoring"]

    def playout(world: Deal, move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = world.copy()
        verb, arg = move.split(" ", 1)
        took_trick = False
        if verb == "bid":
            d.bid(int(arg))
        else:
            winner = d.play(_idx(arg))
            while winner is None:
                winner = d.play(heuristic_card(d, d.turn))
            took_trick = winner == me
        finish_round(d)
        bid = d.bids[me] or 0
        points = round_points(bid, d.won[me], d.revokes[me], scoring)
        return float(points), {"trick": took_trick, "exact": d.won[me] == bid}
    return playout


def search(view: View, playouts: int, rng: random.Random) -> list[Tally[str]]:
    """Every legal move of this view, scored by playouts in imagined deals; best first."""
    moves = list(view["legal"])
    samples = max(MIN_SAMPLES, playouts // max(1, len(moves)))
    return pimc(moves, determinizer(view), _move_value(view), samples, rng)


# ---- policies ----------------------------------------------------------------------------

def _proper(view: View) -> list[str]:
    bad = set(view["revoke_plays"])
    return [a for a in view["legal"] if a not in bad] or list(view["legal"])


def easy(view: View, rng: random.Random) -> str:
    if view["phase"] == "bid":
        small = [a for a in view["legal"] if int(a.split()[1]) <= max(1, view["cards_this_round"] // 3)]
        return rng.choice(small or view["legal"])
    return rng.choice(_proper(view))


def medium(view: View, rng: random.Random) -> str:
    d, _, _ = known_deal(view)
    me = view["seat"]
    if view["phase"] == "bid":
        return f"bid {heuristic_bid(d.hands[me], d.trump, d.size, d.players, view['forbidden_bid'])}"
    return f"play {tricks.card(heuristic_card(d, me))}"


def hard(view: View, rng: random.Random) -> str:
    if len(view["legal"]) == 1:
        return view["legal"][0]
    return search(view, BOT_PLAYOUTS, rng)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


# ---- the hint --------------------------------------------------------------------------

def _card_words(move: str) -> str:
    return parse_card(move.split(" ", 1)[1]).symbol


def trick_certainty(view: View, move: str) -> str | None:
    """"win" when no card any later player could legally play beats this one, whatever the unseen
    cards are; "lose" when a card already in the trick beats it; None when it depends on the others.

    This is over every legal reply, not over the imagined deals: a player is assumed able to hold any
    unseen card of a suit he has not shown he lacks, and to be void in the led suit unless he could not
    be (so he may ruff). A "certain" claim is therefore never contradicted by a real deal.
    """
    d, unseen, barred = known_deal(view)
    c = _idx(move.split(" ", 1)[1])
    led = d.trick[0] // 13 if d.trick else c // 13
    mine = tricks.strength(c, led, d.trump)
    if any(tricks.strength(x, led, d.trump) > mine for x in d.trick):
        return "lose"
    me, n = view["seat"], view["players"]
    later = [(me + k) % n for k in range(1, n - len(d.trick))]
    beaters = [x for x in unseen if tricks.strength(x, led, d.trump) > mine]
    if any(not barred[p](x) for p in later for x in beaters):
        return None
    return "win"


def _share(x: float) -> str:
    """A share of the imagined deals: sampled, so never a certainty (those are computed separately)."""
    return share(min(max(x, 1e-9), 1 - 1e-9))


def trick_claim(tally: Tally[str], sure: str | None, n: int, short: bool = False) -> str:
    """What a card does to this trick: certain (over every legal reply), or its share of the deals tried,
    saying that the share assumes the others play as the medium player would."""
    if sure == "win":
        return "wins this trick for certain" + ("" if short else ": no card anyone could still play beats it")
    if sure == "lose":
        return "cannot win this trick" + ("" if short else ": a card already played beats it")
    win = tally.rate("trick")
    verdict = f"wins this trick in {_share(win)}" if win >= 0.5 else f"loses this trick in {_share(1 - win)}"
    if short:
        return f"{verdict} (if the others play sensibly)"
    return f"{verdict} of the {n} deals I tried, if the others play sensibly"


def single_card_reason(view: View, move: str) -> str:
    """Why a card is the only one allowed, from the rule that leaves it alone."""
    card = _card_words(move)
    hand = [parse_card(c) for c in view["hand"]]
    if len(hand) == 1:
        return f"{card} is your last card, so you play it."
    mine = parse_card(move.split(" ", 1)[1])
    if view["trick"]:
        led = parse_card(view["trick"][0][1]).suit
        name = SUIT_NAMES[led][:-1] if SUIT_NAMES[led].endswith("s") else SUIT_NAMES[led]
        if mine.suit == led:
            return f"{card} is your only legal card: {SUIT_NAMES[led]} were led and it is your only {name}."
        return f"{card} is your only legal card."
    trump = parse_card(view["trump_card"]).suit
    return (f"{card} is your only legal card: trumps ({SUIT_NAMES[trump]}) are not broken yet, so you may not "
            "lead one while you hold another suit, and it is your only card that is not a trump.")


def advise(view: View, playouts: int = HINT_PLAYOUTS, seed: int = 0) -> Hint:
    me = view["seat"]
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]))
    if len(view["legal"]) == 1:
        move = view["legal"][0]
        why = single_card_reason(view, move) if move.startswith("play") else f"{move} is your only legal bid."
        return Hint(me, move, why, [Alternative(move, 0.0, "the only legal move")])
    tallies = search(view, playouts, rng)
    n = tallies[0].samples
    if view["phase"] == "bid":
        reason = _bid_reason(view, tallies, n)
        alts = [Alternative(t.move, round(t.mean, 3), f"you take exactly {_tricks_words(t.move)} in "
                            f"{_share(t.rate('exact'))} of {n} deals") for t in tallies]
    else:
        sure = {t.move: trick_certainty(view, t.move) for t in tallies}
        reason = _play_reason(view, tallies, n, sure)
        alts = [Alternative(t.move, round(t.mean, 3),
                            f"{trick_claim(t, sure[t.move], n, short=True)}; bid made in {_share(t.rate('exact'))}"
                            + (" (a revoke: −3)" if t.move in view["revoke_plays"] else ""))
                for t in tallies]
    return Hint(me, tallies[0].move, reason, alts)


def _bid_reason(view: View, tallies: list[Tally[str]], n: int) -> str:
    d, _, _ = known_deal(view)
    me = view["seat"]
    best = tallies[0]
    estimate = trick_estimate(d.hands[me], d.trump, d.players)
    trump_name = SUIT_NAMES[tricks.SUITS[d.trump]]
    text = (f"Counting your high cards and {trump_name} (trumps), this hand is worth about {estimate:.1f} "
            f"tricks. I played the round out in {n} deals of the cards you cannot see, once for each bid, "
            f"playing each time to make that bid: if you {best.move}, you take exactly "
            f"{_tricks_words(best.move)} in {_share(best.rate('exact'))} of them")
    if len(tallies) > 1:
        runner = tallies[1]
        text += (f"; if you {runner.move}, exactly {_tricks_words(runner.move)} in {_share(runner.rate('exact'))}. "
                 "Each share is for its own bid, played to make it, so the shares need not add up to 100%")
    text += "."
    no = view["forbidden_bid"]
    if no is not None:
        text += (f" As dealer you may not bid {no}: the bids would add up to {view['cards_this_round']}, "
                 "the number of tricks.")
    return text


def _tricks_words(bid_move: str) -> str:
    n = int(bid_move.split()[1])
    return "no tricks" if n == 0 else "1 trick" if n == 1 else f"{n} tricks"


def _play_reason(view: View, tallies: list[Tally[str]], n: int, sure: Mapping[str, str | None]) -> str:
    me = view["seat"]
    bid, won = view["bids"][me], view["tricks_won"][me]
    need = bid - won
    trick_word = "trick" if won == 1 else "tricks"
    left = len(view["hand"])
    if need > left:
        situation = (f"You bid {bid} and have {won} {trick_word}: you need {need} more, but only {left} "
                     f"trick{'s' if left != 1 else ''} remain, so the bid cannot be made this round.")
        need = -1
    elif need > 0:
        situation = f"You bid {bid} and have {won} {trick_word}: you need {need} more."
    elif need == 0:
        situation = f"You bid {bid} and already have {won}: now you want to lose every trick."
    else:
        situation = (f"You bid {bid} but already have {won}: the bid cannot be made this round, so "
                     "your cards are all worth the same to you.")
    best = tallies[0]
    text = f"{situation} {_card_words(best.move)} {trick_claim(best, sure[best.move], n)}"
    if need >= 0:
        text += (f"; playing the round out in {n} deals of the cards you cannot see, it makes your bid in "
                 f"{_share(best.rate('exact'))}." if sure[best.move]
                 else f", and makes your bid in {_share(best.rate('exact'))}.")
    else:
        text += "."
    others = [t for t in tallies[1:] if abs(t.rate("exact") - best.rate("exact")) > 0.005]
    if others and need >= 0:
        alt = others[0]
        text += (f" {_card_words(alt.move)} {trick_claim(alt, sure[alt.move], n, short=True)}"
                 f" and makes the bid in {_share(alt.rate('exact'))}.")
    return text


__all__ = ["POLICIES", "advise", "determinizer", "finish_round", "forbidden_bid", "heuristic_bid",
           "heuristic_card", "known_deal", "search", "trick_estimate"]
