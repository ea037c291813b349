"""Klaberjass bots and hints, from one seat's view.

- easy: takes a suit at random now and then, and plays any card the rules allow;
- medium: bids from trump strength (the Jack, 9, Ace and 10 of a suit and the side
  Aces), then plays by rule of thumb: bank points when the trick is won anyway, win
  cheaply, throw away cards worth nothing, and keep the Jack and 9 of trumps;
- hard: determinized search (:mod:`engine.search`): it deals the cards it cannot see in
  many ways that fit what the opponent has shown (his voids, a trump lead he could not
  beat, his shown sequences), plays every candidate out with the medium habits on the
  lean path (:class:`~engine.games.klaberjass.Deal`), and keeps the best on average.

The bid hint simulates whole deals from the bidding on; the play hint is the hard
search with more deals. Both say what they assume: the cards are imagined, and both
players go on as the medium bot plays.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from .. import tricks
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card
from ..hints import Alternative, Hint
from ..search import Tally, pimc
from .klaberjass import (PACK, RANK_10, RANK_7, RANK_9, RANK_A, RANK_J, RANK_K, RANK_Q, SUIT_CODES, TRUMP_POWER,
                         POINTS, REPLY_WINS, Deal, card_points, settle, trick_winner)

View = dict[str, Any]

HINT_BID_DEALS = 120   # simulated deals per bidding choice in a hint (the same deals for every choice)
BOT_BID_DEALS = 60
HINT_PLAYOUTS = 260    # playouts shared out among the legal cards (every card in the same imagined deals)
BOT_PLAYOUTS = 120     # the hard bot: fewer deals, to answer quickly at the table
MIN_SAMPLES = 30       # imagined deals at least, whatever the number of legal cards
BOT_MIN_SAMPLES = 10
TAKE_AT = 6.0          # the medium bot's trump strength needed to take or name a suit


def _idx(text: str) -> int:
    return tricks.index(parse_card(text))


def _sym(c: int) -> str:
    return tricks.card(c).symbol


def suit_word(code: str) -> str:
    return f"{SUIT_SYMBOLS[code]} ({SUIT_NAMES[code]})"


# ---- the medium player's habits (also how search imagines both players go on) ---------------------

def trump_strength(hand: Sequence[int], suit: int) -> float:
    """How good ``hand`` is with ``suit`` as trumps: its Jack, 9, Ace and 10, its length, side Aces."""
    score = 0.0
    for c in hand:
        r = c % 13
        if c // 13 == suit:
            score += {RANK_J: 3.0, RANK_9: 2.5, RANK_A: 1.5, RANK_10: 1.2}.get(r, 0.6)
        elif r == RANK_A:
            score += 1.0
        elif r == RANK_10 and (c // 13) * 13 + RANK_A in hand:
            score += 0.4  # a ten behind its own Ace
    return score


def medium_bid(hand: Sequence[int], turn_up: int, phase: str, dealer: bool) -> str:
    """Take the turn-up's suit, name another suit, or pass, by :func:`trump_strength`."""
    up = turn_up // 13
    if phase == "bid1":
        # The turn-up itself comes to nobody, but taking it fixes trumps where this hand is strong.
        return "take" if trump_strength(hand, up) >= TAKE_AT else "pass"
    best = max((s for s in range(4) if s != up), key=lambda s: trump_strength(hand, s))
    need = TAKE_AT - (0.5 if dealer else 0.0)  # the dealer's pass throws the hand in: be a little bolder
    return f"name {SUIT_CODES[best]}" if trump_strength(hand, best) >= need else "pass"


def _keep_value(c: int, trump: int) -> float:
    """What a card is worth keeping: its points, more for trumps (most for the Jack and 9)."""
    return KEEP[trump][c]


KEEP = tuple(tuple(card_points(c, t) + (8 + TRUMP_POWER[c] if c // 13 == t else 0) for c in range(52))
             for t in range(4))
#: Sort keys as single integers (the hot loop of every playout): keep value, then rank; points, then rank.
KEEP_THEN_RANK = tuple(tuple(KEEP[t][c] * 16 + c % 13 for c in range(52)) for t in range(4))
POINTS_THEN_RANK = tuple(tuple(POINTS[t][c] * 16 + c % 13 for c in range(52)) for t in range(4))


def heuristic_card(d: Deal) -> int:
    """Medium play: lead Aces and safe tens, bank points on tricks it wins, discard cheaply."""
    options = d.legal()
    if len(options) == 1:
        return options[0]
    trump = d.trump
    if not d.trick:
        plain = [c for c in options if c // 13 != trump]
        aces = [c for c in plain if c % 13 == RANK_A]
        if aces:
            return aces[0]
        trumps = [c for c in options if c // 13 == trump]
        if trump * 13 + RANK_J in trumps and len(trumps) >= 3:
            return trump * 13 + RANK_J  # draw trumps with the boss Jack when long in them
        if plain:
            return min(plain, key=POINTS_THEN_RANK[trump].__getitem__)
        return min(options, key=KEEP[trump].__getitem__)
    lead = d.trick[0]
    wins = REPLY_WINS[trump]
    winners = [c for c in options if wins[lead * 52 + c]]
    losers = [c for c in options if not wins[lead * 52 + c]]
    at_stake = POINTS[trump][lead]
    if winners:
        plain_winners = [c for c in winners if c // 13 != trump]
        if plain_winners:  # the trick is ours in the suit led: bank the most points
            return max(plain_winners, key=POINTS[trump].__getitem__)
        cheapest = min(winners, key=KEEP[trump].__getitem__)
        if at_stake >= 4 or not losers or lead // 13 == trump:
            return cheapest
    return min(losers or options, key=KEEP_THEN_RANK[trump].__getitem__)


def finish_deal(d: Deal) -> None:
    while d.phase == "play":
        d.play(heuristic_card(d))


# ---- reading a view into a lean deal -------------------------------------------------------------

def _opponent_known(view: View) -> list[int]:
    """Cards the opponent is known to hold still: his shown sequences and a turn-up he took (dix)."""
    me = view["seat"]
    played = {_idx(c) for t in view["tricks_played"] for c in t["cards"]} | {_idx(c) for _, c in view["trick"]}
    known = {_idx(c) for q in view["sequences"]["shown"] if q["seat"] != me for c in q["cards"]}
    dix = view["dix"]
    if dix is not None and dix["seat"] != me:
        known.add(_idx(dix["took"]))
    return sorted(known - played)


def known_deal(view: View) -> tuple[Deal, list[int], int, Callable[[int], bool], list[int]]:
    """The deal as this seat knows it: (partial deal, unseen cards, how many the opponent holds among
    them, a test of which cards he cannot hold, the cards known to be his)."""
    me, opp = view["seat"], 1 - view["seat"]
    trump = tricks.SUIT_INDEX[view["trump"]]
    mine = sorted(_idx(c) for c in view["hand"])
    d = Deal.__new__(Deal)
    d.hands = [[], []]
    d.hands[me] = mine
    d.dealer, d.trump, d.maker = view["dealer"], trump, view["maker"]
    d.turn = view["current_player"] if view["current_player"] is not None else me
    d.trick = [_idx(c) for _, c in view["trick"]]
    d.points, d.won = list(view["card_points"]), list(view["tricks_won"])
    d.tricks_played = [(t["seats"][0], _idx(t["cards"][0]), _idx(t["cards"][1]), t["winner"])
                       for t in view["tricks_played"]]
    last = d.tricks_played[-1] if d.tricks_played else None
    d.last_trick = None if last is None else (last[1], last[2], last[3])
    seq = view["sequences"]
    d.seq_seat, d.seq_points = seq["winner"], seq["points"]
    d.need_trick = bool(view["options"]["sequences_need_trick"])
    d.bella_done = view["bella"] is not None
    d.bella_seat = view["bella"]["seat"] if d.bella_done else (me if view["bella_in_hand"] else None)
    d.phase = "play"

    seen = set(mine) | set(d.trick) | {c for t in d.tricks_played for c in t[1:3]}
    seen.add(_idx(view["turn_up"]))
    if view["bottom_card"]:
        seen.add(_idx(view["bottom_card"]))
    his = _opponent_known(view)
    seen |= set(his)
    unseen = [c for c in PACK if c not in seen]
    # What he showed he lacks: a suit he did not follow; trumps, when he neither followed nor trumped;
    # trumps above a led trump he did not beat.
    lacks: set[int] = set()
    above: int | None = None
    for leader, lead, reply, _ in d.tricks_played:
        if leader == opp:
            continue
        if reply // 13 != lead // 13:
            lacks.add(lead // 13)
            if reply // 13 != trump:
                lacks.add(trump)
        elif lead // 13 == trump and TRUMP_POWER[reply] < TRUMP_POWER[lead]:
            above = TRUMP_POWER[lead] if above is None else min(above, TRUMP_POWER[lead])

    def barred(c: int) -> bool:
        s = c // 13
        return s in lacks or (s == trump and above is not None and TRUMP_POWER[c] > above)
    his_count = view["hand_sizes"][opp] - len(his)
    return d, unseen, his_count, barred, his


def determinizer(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals that fit the view: the opponent's hand, the rest to the stock.

    Only the opponent's hand is constrained (the stock may hold anything), so every hand he could hold
    is equally likely when his unknown cards are a plain random sample of the cards he may hold: exact,
    and cheaper than dealing card by card."""
    base, unseen, count, barred, his = known_deal(view)
    opp = 1 - view["seat"]
    possible = [c for c in unseen if not barred(c)]
    if len(possible) < count:  # what he showed contradicts itself (cannot happen in a legal game): ignore it
        possible = list(unseen)
    kq = {base.trump * 13 + RANK_K, base.trump * 13 + RANK_Q}
    played_by_him = {t[1] if t[0] == opp else t[2] for t in base.tricks_played}
    if base.trick and base.turn != opp:
        played_by_him.add(base.trick[0])

    def determinize(rng: random.Random) -> Deal:
        hand = rng.sample(possible, count)
        world = base.copy()
        world.hands[opp] = hand + his
        if world.bella_seat is None and not world.bella_done and kq <= set(hand) | set(his) | played_by_him:
            world.bella_seat = opp
        return world
    return determinize


def _value(view: View) -> Callable[[Deal, str, random.Random], tuple[float, Mapping[str, bool]]]:
    me = view["seat"]
    tie_rule, held = view["options"]["maker_tie"], view["held_over"]

    def playout(world: Deal, move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = world.copy()
        winner = d.play(_idx(move.split(" ", 1)[1]))
        while winner is None:
            winner = d.play(heuristic_card(d))
        took = winner == me
        finish_deal(d)
        totals = d.totals()
        scored, outcome, _ = settle(totals, d.maker, tie_rule, held)
        return float(scored[me] - scored[1 - me]), {"trick": took, "made": outcome == "made",
                                                     "points": bool(scored[me])}
    return playout


def search(view: View, playouts: int, rng: random.Random, min_samples: int = MIN_SAMPLES) -> list[Tally[str]]:
    """Every legal card of this view, scored by playouts in imagined deals; best mean first."""
    moves = list(view["legal"])
    samples = max(min_samples, playouts // max(1, len(moves)))
    return pimc(moves, determinizer(view), _value(view), samples, rng)


# ---- the bidding, simulated -----------------------------------------------------------------------

def _bid_world(view: View, rng: random.Random) -> tuple[list[list[int]], list[int], int]:
    """An imagined pack for the bidding: both six-card hands, the three more each, the bottom card."""
    me = view["seat"]
    mine = [_idx(c) for c in view["hand"]]
    up = _idx(view["turn_up"])
    unseen = [c for c in PACK if c not in mine and c != up]
    rng.shuffle(unseen)
    hands: list[list[int]] = [[], []]
    hands[me], hands[1 - me] = mine, unseen[:6]
    return hands, unseen[6:12], unseen[-1]


def bid_ending(view: View, choice: str, hands6: Sequence[Sequence[int]]) -> tuple[int, int] | None:
    """Where the bidding ends after ``choice`` (both then bidding as the medium bot): (trump, maker), or
    None when the hand is thrown in."""
    dealer, me = view["dealer"], view["seat"]
    up = _idx(view["turn_up"])
    phase, turn = view["phase"], me
    move = choice
    while True:
        if move.startswith("take") or move == "refuse":
            return up // 13, (turn if move.startswith("take") else 1 - turn)
        if move.startswith("name"):
            return tricks.SUIT_INDEX[move.split()[1]], turn
        if move == "accept":
            return None
        if move == "schmeiss":
            phase, turn = "schmeiss", 1 - turn
            move = "accept"
            continue
        # a pass
        if turn == 1 - dealer:
            turn = dealer
        elif phase == "bid1":
            phase, turn = "bid2", 1 - dealer
        else:
            return None
        move = medium_bid(hands6[turn], up, phase, turn == dealer)


def play_bid_deal(view: View, world: tuple[list[list[int]], list[int], int], trump: int,
                  maker: int) -> tuple[list[int], str]:
    """The deal played out as the medium bot plays, once trumps and the maker are fixed: (what each seat
    scores, "made"/"failed"/"tie")."""
    hands6, extra, _bottom = world
    dealer, opts, up = view["dealer"], view["options"], _idx(view["turn_up"])
    hands = [list(hands6[0]), list(hands6[1])]
    hands[1 - dealer] += extra[:3]
    hands[dealer] += extra[3:]
    seven = trump * 13 + RANK_7
    if opts["dix"] and trump == up // 13 and up != seven:
        for s in (0, 1):
            if seven in hands[s]:
                hands[s].remove(seven)
                hands[s].append(up)
    d = Deal(hands, dealer, trump, maker, opts["sequence_tie"], opts["sequences_need_trick"])
    finish_deal(d)
    scored, outcome, _ = settle(d.totals(), maker, opts["maker_tie"], view["held_over"])
    return scored, outcome


def simulate_bid(view: View, choice: str,
                 world: tuple[list[list[int]], list[int], int]) -> tuple[int, list[int], str] | None:
    """Play the deal out after ``choice`` (both then bidding and playing as the medium bot).

    Returns (maker, what each seat scores, "made"/"failed"/"tie"), or None when the hand is thrown in."""
    ending = bid_ending(view, choice, world[0])
    if ending is None:
        return None
    trump, maker = ending
    scored, outcome = play_bid_deal(view, world, trump, maker)
    return maker, scored, outcome


def bid_outlook(view: View, deals: int, rng: random.Random) -> list[Tally[str]]:
    """Every legal bidding move, tried in the same ``deals`` imagined deals; best mean first.

    Choices whose bidding ends alike in an imagined deal (the same trumps and the same maker) share that
    deal's one playout: the play is the same, so it is played once.

    Value: what this seat scores minus what the opponent scores this deal. Outcomes:
    "mine" (I am the maker), "made" (the maker made it), "thrown" (the hand was thrown in)."""
    me = view["seat"]
    tallies = [Tally(m) for m in view["legal"]]
    for _ in range(deals):
        world = _bid_world(view, rng)
        played: dict[tuple[int, int], tuple[list[int], str]] = {}
        for tally in tallies:
            ending = bid_ending(view, tally.move, world[0])
            if ending is None:
                tally.add(0.0, {"thrown": True})
                continue
            if ending not in played:
                played[ending] = play_bid_deal(view, world, *ending)
            scored, outcome = played[ending]
            tally.add(float(scored[me] - scored[1 - me]), {"mine": ending[1] == me, "made": outcome == "made"})
    return sorted(tallies, key=lambda t: -t.mean)


# ---- policies ---------------------------------------------------------------------------------------

def easy(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    if view["phase"] in ("bid1", "bid2"):
        return rng.choice([a for a in legal if a != "pass"]) if rng.random() < 0.25 else "pass"
    return rng.choice(legal)


def medium(view: View, rng: random.Random) -> str:
    phase = view["phase"]
    if phase in ("bid1", "bid2"):
        hand = [_idx(c) for c in view["hand"]]
        return medium_bid(hand, _idx(view["turn_up"]), phase, view["seat"] == view["dealer"])
    if phase == "schmeiss":
        return "accept"
    if phase == "dix":
        return "exchange"
    d, _, _, _, _ = known_deal(view)
    return f"play {tricks.card(heuristic_card(d))}"


def hard(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase in ("bid1", "bid2", "schmeiss"):
        return bid_outlook(view, BOT_BID_DEALS, rng)[0].move
    if phase == "dix":
        return "exchange"
    return search(view, BOT_PLAYOUTS, rng, BOT_MIN_SAMPLES)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


# ---- the hints ---------------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _signed(x: float) -> str:
    return f"{x:+.0f}"


def _choice_words(view: View, move: str) -> str:
    if move == "take":
        code = parse_card(view["turn_up"]).suit
        return f"Take {SUIT_SYMBOLS[code]}"
    if move.startswith("name"):
        return f"Name {SUIT_SYMBOLS[move.split()[1]]}"
    return {"pass": "Pass", "schmeiss": "Schmeiss", "accept": "Accept the schmeiss (throw in)",
            "refuse": "Refuse the schmeiss"}.get(move, move)


def advise(view: View, playouts: int = HINT_PLAYOUTS, bid_deals: int = HINT_BID_DEALS, seed: int = 0) -> Hint:
    me = view["seat"]
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]) + view["deal_number"])
    legal = view["legal"]
    phase = view["phase"]
    if phase == "dix":
        return Hint(me, "exchange", "Exchange: the turned-up card is higher than your 7 of trumps and may be "
                    "worth points; the 7 is worth nothing (the dix rule).",
                    [Alternative("exchange", 1.0, "a better trump for nothing"),
                     Alternative("keep", 0.0, "keeps the 7, worth nothing")])
    if phase in ("bid1", "bid2", "schmeiss"):
        return _bid_hint(view, bid_outlook(view, bid_deals, rng), bid_deals)
    if len(legal) == 1:
        move = legal[0]
        return Hint(me, move, f"{_sym(_idx(move.split()[1]))} is your only legal card: {_forced_words(view)}",
                    [Alternative(move, 0.0, "the only legal card")])
    tallies = search(view, playouts, rng)
    return _play_hint(view, tallies)


def _bid_hint(view: View, tallies: list[Tally[str]], n: int) -> Hint:
    me = view["seat"]
    alts = []
    parts = []
    for t in tallies:
        words = _choice_words(view, t.move)
        if t.move in ("take", "refuse") or t.move.startswith("name"):
            note = f"you are the maker: you make it in {_pct(t.rate('made'))} of {n} deals"
        else:
            mine, thrown = t.rate("mine"), t.rate("thrown")
            shares = [(mine, "you end up the maker"), (1 - mine - thrown, "he does"), (thrown, "thrown in")]
            note = ", ".join(f"{words} in {_pct(x)}" for x, words in shares if round(100 * x))
            note = note.replace("he does", "he ends up the maker") if not round(100 * mine) else note
        score = round(t.mean, 1)
        alts.append(Alternative(t.move, score, note))
        parts.append(f"{words}: {note}, {_signed(score)} points on average")
    best = tallies[0]
    hand = [_idx(c) for c in view["hand"]]
    up = _idx(view["turn_up"])
    open_suits = [s for s in range(4) if view["phase"] != "bid2" or s != up // 13]
    top = max(open_suits, key=lambda s: trump_strength(hand, s))
    reason = (f"{_choice_words(view, best.move)}. I played this deal out {n} times, dealing the cards you cannot "
              f"see at random and letting both of you bid and play on as the medium bot does. "
              + "; ".join(parts) + ". The points are yours minus his for this deal, after the maker's rule. "
              f"Your strongest trump suit is {suit_word(SUIT_CODES[top])}: count its Jack, 9, Ace and 10.")
    if best.move == "pass" and view["phase"] == "bid1":
        later = medium_bid(hand, up, "bid2", me == view["dealer"])
        if later != "pass":
            reason += f" If it comes back to you, {_choice_words(view, later).lower()} in the second round."
    return Hint(me, best.move, reason, alts)


def _forced_words(view: View) -> str:
    """Which rule limits the choice now, in a beginner's words."""
    if not view["trick"]:
        return "you are leading, so any card may be played."
    lead = view["trick"][0][1]
    led = parse_card(lead).suit
    hand = [parse_card(c) for c in view["hand"]]
    if any(c.suit == led for c in hand):
        if led == view["trump"]:
            return f"a trump ({parse_card(lead).symbol}) was led: you must follow, and beat it if you can."
        return f"{SUIT_NAMES[led]} were led and you must follow suit."
    if any(c.suit == view["trump"] for c in hand):
        return f"you have no {SUIT_NAMES[led]}, so you must play a trump."
    return f"you have no {SUIT_NAMES[led]} and no trump, so any card may be played."


def _play_hint(view: View, tallies: list[Tally[str]]) -> Hint:
    me = view["seat"]
    n = tallies[0].samples
    best = tallies[0]
    card = _idx(best.move.split()[1])
    trump = tricks.SUIT_INDEX[view["trump"]]
    text = f"Play {_sym(card)}. The rule: {_forced_words(view)} "
    if view["trick"]:
        lead = _idx(view["trick"][0][1])
        worth = card_points(lead, trump) + card_points(card, trump)
        if trick_winner((lead, card), trump) == 1:
            text += f"It wins this trick, worth {worth} point{'s' if worth != 1 else ''}. "
        else:
            text += f"It loses this trick and gives away {worth} point{'s' if worth != 1 else ''}. "
    else:
        text += f"Leading it, you win the trick in {_pct(best.rate('trick'))} of {n} imagined deals. "
    maker = view["maker"]
    role = "You are the maker" if maker == me else "Your opponent is the maker"
    text += (f"{role}: the maker makes it in {_pct(best.rate('made'))} of those deals after this card. "
             f"On average you end the deal {_signed(round(best.mean, 1))} points against him (yours minus his, "
             f"after the maker's rule), dealing the unseen cards at random in ways that fit what he has shown and "
             f"playing on as the medium bot does.")
    if len(tallies) > 1:
        alt = tallies[1]
        text += f" Next best: {_sym(_idx(alt.move.split()[1]))} at {_signed(round(alt.mean, 1))}."
    alts = [Alternative(t.move, round(t.mean, 1),
                        f"{'wins' if t.rate('trick') >= 0.5 else 'loses'} this trick in "
                        f"{_pct(max(t.rate('trick'), 1 - t.rate('trick')))}; maker makes it in {_pct(t.rate('made'))}")
            for t in tallies]
    return Hint(me, best.move, text, alts)


__all__ = ["POLICIES", "advise", "bid_outlook", "determinizer", "finish_deal", "heuristic_card", "known_deal",
           "medium_bid", "search", "simulate_bid", "bid_ending", "play_bid_deal", "trump_strength"]
