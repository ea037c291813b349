"""Jubileu bots and hints, from one seat's view.

- easy: any legal card; in the auction it passes unless the rules force a bid;
- medium: rules of thumb: counts likely tricks (Aces, Kings, long suits, trumps) to bid,
  names its longest suit trump, and plays to win tricks for its side (or to lose them in a
  misère);
- hard: the shared search (:mod:`engine.search`): it deals the cards it cannot see in many
  ways that fit what it has seen (suits players showed they lack, the called Ace not with
  the declarer, the Aces the Jogo Obrigatório duty implies), plays each candidate out with
  the medium habits for everyone, and picks the move worth most chips. It bids the same way.

The hints are the hard player's search with more deals, explained with their numbers.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from .. import tricks
from ..cards import parse_card
from ..hints import Alternative, Hint
from ..i18n import N_, say
from ..search import Inconsistent, Tally, deal_unseen, pimc
from .jubileu import (ACE_RANK, BIDS, MEIA, NO_ESPIRRA, OBRIGATORIO, ORDERED, SEATS, SPENT, SUIT_SYMBOL,
                      SUIT_WORDS, WHEN_HE_LIKES, Deal, obrigatorio_calls, settle)

View = dict[str, Any]

HINT_PLAYOUTS = 240     # play hint: imagined deals shared among the candidate moves
BOT_PLAYOUTS = 96
BID_HINT_DEALS = 100    # bid hint: imagined deals, each played out once per contract family
BOT_BID_DEALS = 24
MIN_SAMPLES = 24


CARD_INDEX = {str(tricks.card(i)): i for i in range(52)}


def _idx(text: str) -> int:
    known = CARD_INDEX.get(text)
    return known if known is not None else tricks.index(parse_card(text))


def _suit(letter: str | None) -> int | None:
    return None if letter is None else tricks.SUIT_INDEX[letter]


def _tr(view: View, message: str, **fields: Any) -> str:
    return say(view["options"].get("lang", "en"), message, **fields)


# ---- what a seat knows ------------------------------------------------------------------------

def known_cards(view: View) -> tuple[list[list[int]], set[int]]:
    """Each seat's cards as this seat sees them (its own, exposed and colloquy hands) and every card seen."""
    me = view["seat"]
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    hands[me] = [_idx(c) for c in view["hand"]]
    for s, cards in {**view["exposed"], **view["colloquy"]}.items():
        hands[int(s)] = [_idx(c) for c in cards]
    seen = {c for h in hands for c in h}
    for t in view["tricks_played"]:
        seen.update(_idx(c) for c in t["cards"])
    seen.update(_idx(c) for _, c in view["trick"])
    return hands, seen


def voids(view: View) -> list[set[int]]:
    """Suits each seat showed it lacks (an espirra Ace played off-suit proves nothing)."""
    lacks: list[set[int]] = [set() for _ in range(SEATS)]
    tricks_seen = [(t["seats"], [_idx(c) for c in t["cards"]]) for t in view["tricks_played"]]
    tricks_seen.append(([s for s, _ in view["trick"]], [_idx(c) for _, c in view["trick"]]))
    called = _idx(view["called_card"]) if view["called_card"] else None
    for seats, cards in tricks_seen:
        if not cards:
            continue
        led = cards[0] // 13
        for s, c in zip(seats[1:], cards[1:]):
            if c // 13 != led and c != called:
                lacks[s].add(led)
    return lacks


def ace_limits(view: View) -> list[tuple[int, int]]:
    """(fewest, most) Aces each seat was dealt, as the auction proves: a player who passed while the
    standing bid was below Jogo Obrigatório had at most 2; one who bid it had 3 or 4."""
    limits = [(0, 4)] * SEATS
    standing_level = 0
    for call in view["auction"]:
        s, what = call["seat"], call["call"]
        if what == "pass" and standing_level < 6:
            limits[s] = (limits[s][0], min(limits[s][1], 2))
        elif what == OBRIGATORIO:
            limits[s] = (3, 4)
        if what in BIDS:
            standing_level = BIDS[what].level
    return limits


def determinizer(view: View) -> Callable[[random.Random], list[list[int]]]:
    """Imagined full hands (as they are now) that fit everything this seat knows."""
    me = view["seat"]
    hands, seen = known_cards(view)
    unseen = [c for c in range(52) if c not in seen]
    open_seats = [s for s in range(SEATS) if s != me and not hands[s]]
    sizes = [view["hand_sizes"][s] for s in open_seats]
    lacks = voids(view)
    called = _idx(view["called_card"]) if view["called_card"] else None
    declarer = view["declarer"]
    limits = ace_limits(view)
    played_aces = [0] * SEATS
    for t in view["tricks_played"]:
        for s, c in zip(t["seats"], t["cards"]):
            played_aces[s] += _idx(c) % 13 == ACE_RANK
    for s, c in view["trick"]:
        played_aces[s] += _idx(c) % 13 == ACE_RANK

    # The declarer may say "Espirra" only in a trick the partner has not yet played to (RULES.md §2): whether
    # it is offered tells him whether the called Ace's holder is among the seats that played to this trick.
    in_trick = {s for s, _ in view["trick"]}
    ordering = view["phase"] == "play" and me == declarer and view["partner"] is None and \
        "espirra-quando-quiser" in view["legal"]
    holder_in_trick = ordering and "espirra" not in view["legal"]

    def barred_for(s: int) -> Callable[[int], bool]:
        no = frozenset(lacks[s])
        no_called = called is not None and view["partner"] is None and (
            s == declarer or (ordering and (s in in_trick) != holder_in_trick))
        return lambda c: c // 13 in no or (no_called and c == called)
    bars = [barred_for(s) for s in open_seats]

    def fits(dealt: list[list[int]]) -> bool:
        for s, hand in zip(open_seats, dealt):
            aces = played_aces[s] + sum(1 for c in hand if c % 13 == ACE_RANK)
            low, high = limits[s]
            if not low <= aces <= high:
                return False
        return True

    def determinize(rng: random.Random) -> list[list[int]]:
        dealt: list[list[int]] = []
        for _ in range(20):
            try:
                dealt = deal_unseen(unseen, sizes, bars, rng)
            except Inconsistent:
                dealt = deal_unseen(unseen, sizes, [lambda c: False] * len(sizes), rng)
            if fits(dealt):
                break
        world = [list(h) for h in hands]
        for s, hand in zip(open_seats, dealt):
            world[s] = hand
        return world
    return determinize


def deal_from_view(view: View, world: list[list[int]]) -> Deal:
    """The play as this seat knows it, with ``world``'s hands filled in."""
    called = _idx(view["called_card"]) if view["called_card"] else None
    contract = view["contract"]
    partner = view["partner"]
    if partner is None and called is not None:
        partner = next((s for s in range(SEATS) if called in world[s]), None)
    jubileu = contract in ("jubileu", "jubileu-ultima")
    d = Deal(world, _suit(view["trump"]), view["declarer"], partner, called if jubileu else None,
             view["current_player"], public=not jubileu or view["partner"] is not None)
    espirra = view["espirra"]
    if jubileu:
        d.espirra = {"none": NO_ESPIRRA, "ordered": ORDERED, "quando": WHEN_HE_LIKES, "spent": SPENT}[espirra]
    d.won = list(view["tricks_won"])
    d.trick = [_idx(c) for _, c in view["trick"]]
    d.trick_seats = [s for s, _ in view["trick"]]
    d.espirra_at = view["espirra_in_trick"]
    d.done_tricks = [(t["seats"], [_idx(c) for c in t["cards"]], t["winner"], t["espirra"])
                     for t in view["tricks_played"]]
    d.partner_won = partner is not None and any(t["winner"] == partner for t in view["tricks_played"])
    d.troela = contract == OBRIGATORIO and bool(view["options"].get("troela"))
    if d.troela and called is not None:
        d.called = called
    return d


# ---- the medium habits (also how search imagines everyone plays) --------------------------------

def side_of(d: Deal, contract: str, declarers: list[int]) -> list[int]:
    """1 for a seat playing the contract, 0 for a defender."""
    team = set(declarers)
    if BIDS[contract].partner and d.partner is not None:
        team.add(d.partner)
    return [1 if s in team else 0 for s in range(SEATS)]


def heuristic_card(d: Deal, seat: int, contract: str, sides: list[int]) -> tuple[int, bool]:
    """A sensible card (and whether to play it as espirra): win tricks for your side, lose them in a
    misère, and help the defenders make a misère player take one. Written with plain arithmetic, since
    search plays it hundreds of thousands of times."""
    hand = d.hands[seat]
    trick = d.trick
    trump = -1 if d.trump is None else d.trump
    if d.espirra == ORDERED or d.troela:
        options = d.legal_cards(seat)
        if len(options) == 1:
            return options[0], False
    elif trick:
        led = trick[0] // 13
        options = [c for c in hand if c // 13 == led] or hand
    else:
        options = hand
    if trick:
        led = trick[0] // 13
        if d.espirra_at is not None:
            best, who = 10_000, d.trick_seats[d.espirra_at]
        else:
            best, pos = -2, 0
            for i, c in enumerate(trick):
                k = 1000 + c % 13 if c // 13 == trump else (c % 13 if c // 13 == led else -1)
                if k > best:
                    best, pos = k, i
            who = d.trick_seats[pos]
        if d.espirra == WHEN_HE_LIKES and seat == d.partner and d.partner_won and sides[who] != sides[seat] \
                and d.called in hand:
            return d.called, True  # type: ignore[return-value]
    if len(options) == 1:
        return options[0], False
    bid = BIDS[contract]
    mine = sides[seat] == 1
    if bid.misere and mine:
        want_one = contract == MEIA and d.won[seat] == 0 and len(hand) <= 5
        if not want_one:
            if not trick:
                return min(options, key=_rank), False
            under = [c for c in options if _key(c, led, trump) < best]
            if under:
                return max(under, key=lambda c: _key(c, led, trump) * 16 + c % 13), False
            return max(options, key=_rank), False
    elif bid.misere:  # a defender: let the declarer win
        if not trick:
            return min(options, key=_rank), False
        if sides[who]:
            under = [c for c in options if _key(c, led, trump) < best]
            if under:
                return max(under, key=lambda c: _key(c, led, trump) * 16 + c % 13), False
        return min(options, key=lambda c: _key(c, led, trump) * 16 + c % 13), False
    # play to win tricks for the side
    if not trick:
        for c in options:
            if c % 13 == ACE_RANK and c // 13 != trump:
                return c, False
        plain = [c for c in options if c // 13 != trump] or options
        return max(plain, key=_rank), False
    if sides[who] == sides[seat] and (best >= 1000 or best >= 10):
        return min(options, key=lambda c: (c // 13 == trump) * 16 + c % 13), False
    winners = [c for c in options if _key(c, led, trump) > best]
    if winners:
        return min(winners, key=lambda c: _key(c, led, trump)), False
    return min(options, key=lambda c: (c // 13 == trump) * 16 + c % 13), False


def _rank(c: int) -> int:
    return c % 13


def _key(c: int, led: int, trump: int) -> int:
    s = c // 13
    return 1000 + c % 13 if s == trump else (c % 13 if s == led else -1)


def finish(d: Deal, contract: str, sides: list[int]) -> None:
    while d.phase == "play":
        c, espirra = heuristic_card(d, d.turn, contract, sides)
        d.play(c, espirra)


def chips_for(seat: int, contract: str, declarers: list[int], partner: int | None, won: list[int]) -> int:
    pays = settle(contract, declarers[0], partner, won, declarers)
    return sum(p.chips for p in pays if p.payee == seat) - sum(p.chips for p in pays if p.payer == seat)


# ---- search over plays ----------------------------------------------------------------------------

def _playout(view: View) -> Callable[[list[list[int]], str, random.Random], tuple[float, Mapping[str, bool]]]:
    me = view["seat"]
    contract = view["contract"]
    declarers = view["declarers"]
    base = deal_from_view(view, [[] for _ in range(SEATS)])  # read the view once; each playout copies it
    called = base.called if base.called is not None else (_idx(view["called_card"]) if view["called_card"] else None)
    secret = view["partner"] is None and called is not None

    def playout(world: list[list[int]], move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = base.copy()
        d.hands = [list(h) for h in world]
        if secret:
            d.partner = next((s for s in range(SEATS) if called in world[s]), None)
            d.partner_won = d.partner is not None and any(t[2] == d.partner for t in d.done_tricks)
        sides = side_of(d, contract, declarers)
        verb, _, arg = move.partition(" ")
        if verb in ("espirra", "espirra-quando-quiser") and me == d.declarer:
            d.order(verb == "espirra-quando-quiser")
            c, _ = heuristic_card(d, me, contract, sides)
            winner = d.play(c)
        elif verb == "espirra":
            winner = d.play(d.called or 0, True)
        else:
            winner = d.play(CARD_INDEX[arg])
        while winner is None:
            c, esp = heuristic_card(d, d.turn, contract, sides)
            winner = d.play(c, esp)
        took = sides[winner] == sides[me]
        finish(d, contract, sides)
        value = chips_for(me, contract, declarers, d.partner, d.won)
        made = value > 0 if sides[me] else value < 0
        return float(value), {"trick": took, "good": made}
    return playout


def search(view: View, playouts: int, rng: random.Random) -> list[Tally[str]]:
    moves = list(view["legal"])
    samples = max(MIN_SAMPLES, playouts // max(1, len(moves)))
    return pimc(moves, determinizer(view), _playout(view), samples, rng)


# ---- bidding ----------------------------------------------------------------------------------------

def suit_counts(hand: list[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c // 13] += 1
    return counts


def best_trump(hand: list[int], banned: int | None = None) -> int:
    """The longest suit, high cards breaking ties (never ``banned``)."""
    def key(s: int) -> tuple[int, int]:
        return (sum(1 for c in hand if c // 13 == s), sum(c % 13 for c in hand if c // 13 == s))
    return max((s for s in range(4) if s != banned), key=key)


def misere_trump(hand: list[int]) -> int:
    """For Miséria: the suit you hold fewest of (a void is best)."""
    return min(range(4), key=lambda s: (sum(1 for c in hand if c // 13 == s), -s))


def call_for(hand: list[int], trump: int) -> int | None:
    """The Ace to call: of a suit you hold, the longest (partner's Ace then draws your cards)."""
    free = [s for s in range(4) if s != trump and s * 13 + ACE_RANK not in hand]
    if not free:
        return None
    counts = suit_counts(hand)
    return max(free, key=lambda s: (counts[s], -s)) * 13 + ACE_RANK


def trick_estimate(hand: list[int], trump: int | None) -> float:
    """Rough tricks a hand takes alone: top cards, long trumps, and ruffs of short suits."""
    counts = suit_counts(hand)
    total = 0.0
    for s in range(4):
        ranks = sorted((c % 13 for c in hand if c // 13 == s), reverse=True)
        if s == trump:
            total += sum(1.0 if r >= 10 else 0.8 if r >= 7 else 0.6 for r in ranks[:3])
            total += max(0, len(ranks) - 3) * 0.95
            continue
        for i, r in enumerate(ranks[:3]):
            if r >= ACE_RANK - i:
                total += 1.0 if i == 0 or ranks[i - 1] >= ACE_RANK - i + 1 else 0.5
        if trump is None and len(ranks) >= 5:
            total += (len(ranks) - 4) * 0.6
    if trump is not None:
        total += 0.5 * sum(1 for s in range(4) if s != trump and counts[s] <= 1)
    return total


def heuristic_bid(view: View) -> str:
    legal = view["legal"]
    hand = [_idx(c) for c in view["hand"]]
    if "pass" not in legal:      # the Jogo Obrigatório duty, or a passed player offered Meia Miséria
        if "bid obrigatorio" in legal:
            return "bid obrigatorio"
        return "pass" if "pass" in legal else legal[0]
    ultima = _suit(view["ultima"]["suit"])
    trump = best_trump(hand)
    strength = trick_estimate(hand, trump)
    ultima_strength = trick_estimate(hand, ultima)
    wants: list[str] = []
    for n, word in ((13, "13"), (12, "12"), (11, "11"), (10, "10"), (9, "9"), (8, "8"), (7, "7")):
        if ultima_strength >= n + 0.5:
            wants.append(f"bid solo-{word}-ultima")
        if strength >= n + 0.5:
            wants.append(f"bid solo-{word}")
    high = sum(1 for c in hand if c % 13 >= 9)
    if high == 0 and max(suit_counts(hand)) <= 4:
        wants.append("bid miseria")
    if high <= 1 and max(c % 13 for c in hand) < 11:
        wants.append("bid meia-miseria")
    if ultima_strength >= 4.5:
        wants.append("bid jubileu-ultima")
    if strength >= 4.5:
        wants.append("bid jubileu")
    if "join" in legal and high <= 1:
        return "join"
    for w in wants:
        if w in legal:
            return w
    return "pass"


def _contract_trump(key: str, hand: list[int], ultima: int) -> int | None:
    bid = BIDS[key]
    if bid.trump == "ultima":
        return ultima
    if bid.trump == "none":
        return None
    return misere_trump(hand) if bid.misere else best_trump(hand)


def simulate_bid(view: View, key: str, world: list[list[int]]) -> tuple[int, int]:
    """Play ``key`` out in one imagined deal with this seat as declarer: (my chips, tricks counted)."""
    me = view["seat"]
    hand = world[me]
    ultima = _suit(view["ultima"]["suit"]) or 0
    bid = BIDS[key]
    partner = None
    called = None
    leader = me
    trump = _contract_trump(key, hand, ultima)
    if key == OBRIGATORIO:
        if sum(1 for c in hand if c % 13 == ACE_RANK) == 4:
            called = obrigatorio_calls(hand)[0]   # a King he lacks, or a Queen if he holds every King
        else:
            called = next(c for c in range(ACE_RANK, 52, 13) if c not in hand)
        partner = next(s for s in range(SEATS) if called in world[s])
        trump = best_trump(world[partner], banned=called // 13)
        leader, called = partner, None
    elif bid.partner:
        assert trump is not None
        called = call_for(hand, trump)
        if called is None:
            return -99, 0
        partner = next(s for s in range(SEATS) if called in world[s])
    d = Deal([list(h) for h in world], trump, me, partner, called, leader)
    sides = [1 if s in (me, partner) else 0 for s in range(SEATS)]
    finish(d, key, sides)
    took = d.won[me] + (d.won[partner] if partner is not None and bid.partner else 0)
    return chips_for(me, key, [me], partner, d.won), took


def bid_families(view: View) -> list[str]:
    """The bids open to this seat."""
    return [m.split(" ", 1)[1] for m in view["legal"] if m.startswith("bid ")]


def bid_search(view: View, deals: int, rng: random.Random) -> dict[str, Tally[str]]:
    """Each open bid played out in the same imagined deals: chips for me and how often it is made."""
    keys = bid_families(view)
    determinize = determinizer(view)
    tallies = {k: Tally(k) for k in keys}
    solo_cache: dict[tuple[int | None, int], int] = {}
    for _ in range(deals):
        world = determinize(rng)
        solo_cache.clear()
        for k in keys:
            bid = BIDS[k]
            if bid.solo:
                trump = _contract_trump(k, world[view["seat"]], _suit(view["ultima"]["suit"]) or 0)
                cache_key = (trump, 0)
                if cache_key not in solo_cache:
                    solo_cache[cache_key] = simulate_bid(view, f"solo-7{'-ultima' if bid.trump == 'ultima' else ''}",
                                                         world)[1]
                took = solo_cache[cache_key]
                won = [0] * SEATS
                won[view["seat"]] = took
                won[(view["seat"] + 1) % SEATS] = 13 - took
                value = chips_for(view["seat"], k, [view["seat"]], None, won)
            elif bid.misere and k != MEIA:
                cache_key = (_contract_trump(k, world[view["seat"]], 0), 1)
                if cache_key not in solo_cache:
                    solo_cache[cache_key] = simulate_bid(view, "miseria", world)[1]
                won = [0] * SEATS
                won[view["seat"]] = solo_cache[cache_key]
                value = chips_for(view["seat"], k, [view["seat"]], None, won)
            else:
                value, took = simulate_bid(view, k, world)
            tallies[k].add(float(value), {"made": value > 0})
    return tallies


# ---- policies -----------------------------------------------------------------------------------

def _auction_phase_choice(view: View) -> str | None:
    """Trump and the called card, by rule of thumb (every level uses these)."""
    hand = [_idx(c) for c in view["hand"]]
    if view["phase"] == "trump":
        banned = _idx(view["called_card"]) // 13 if view["contract"] == OBRIGATORIO else None
        suit = misere_trump(hand) if BIDS[view["contract"]].misere else best_trump(hand, banned)
        return f"trump {tricks.SUITS[suit]}"
    if view["phase"] == "call":
        if view["contract"] == OBRIGATORIO:
            return view["legal"][0]
        called = call_for(hand, _suit(view["trump"]) or 0)
        move = f"call {tricks.card(called)}" if called is not None else view["legal"][0]
        return move if move in view["legal"] else view["legal"][0]
    return None


def easy(view: View, rng: random.Random) -> str:
    if view["phase"] == "auction":
        if "pass" in view["legal"]:
            return "pass"
        return "bid obrigatorio" if "bid obrigatorio" in view["legal"] else view["legal"][-1]
    choice = _auction_phase_choice(view)
    if choice:
        return choice
    cards = [m for m in view["legal"] if m.startswith("play")]
    return rng.choice(cards or view["legal"])


def medium(view: View, rng: random.Random) -> str:
    if view["phase"] == "auction":
        return heuristic_bid(view)
    choice = _auction_phase_choice(view)
    if choice:
        return choice
    determinize = determinizer(view)
    d = deal_from_view(view, determinize(rng))
    sides = side_of(d, view["contract"], view["declarers"])
    c, espirra = heuristic_card(d, view["seat"], view["contract"], sides)
    if espirra and "espirra" in view["legal"]:
        return "espirra"
    move = f"play {tricks.card(c)}"
    return move if move in view["legal"] else next(m for m in view["legal"] if m.startswith("play"))


def hard(view: View, rng: random.Random) -> str:
    if view["phase"] == "auction":
        if len(view["legal"]) == 1:
            return view["legal"][0]
        return best_bid(view, bid_search(view, BOT_BID_DEALS, rng))[0]
    choice = _auction_phase_choice(view)
    if choice:
        return choice
    if len(view["legal"]) == 1:
        return view["legal"][0]
    return search(view, BOT_PLAYOUTS, rng)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


def best_bid(view: View, tallies: dict[str, Tally[str]]) -> tuple[str, list[Tally[str]]]:
    """The bid worth most chips on average if it wins the auction; pass unless one is worth more than 0."""
    ranked = sorted(tallies.values(), key=lambda t: -t.mean)
    if ranked and (ranked[0].mean > 0 or "pass" not in view["legal"]):
        return f"bid {ranked[0].move}", ranked
    if "join" in view["legal"]:
        return "join", ranked
    return "pass", ranked


# ---- the hints -----------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def advise(view: View, playouts: int = HINT_PLAYOUTS, seed: int = 0) -> Hint:
    me = view["seat"]
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]) + len(view["auction"]))
    legal = view["legal"]
    if view["phase"] == "auction":
        return bid_hint(view, BID_HINT_DEALS, rng)
    if view["phase"] in ("trump", "call"):
        move = _auction_phase_choice(view) or legal[0]
        return Hint(me, move, _choice_reason(view, move), [Alternative(m, 0.0, "") for m in legal])
    if len(legal) == 1:
        why = _tr(view, N_("{card} is your only legal card."), card=_card_words(legal[0]))
        if view["espirra"] == "ordered" and view["partner"] == me:
            why = _tr(view, N_("The declarer said \"Espirra\": you must play the called Ace now, and it will win "
                               "the trick."))
        return Hint(me, legal[0], why, [Alternative(legal[0], 0.0, _tr(view, N_("the only legal move")))])
    tallies = search(view, playouts, rng)
    n = tallies[0].samples
    alts = [Alternative(t.move, round(t.mean, 2), _tr(
        view, N_("{chips:+.2f} chips on average; wins this trick in {trick}; your side succeeds in {good}"),
        chips=t.mean, trick=_pct(t.rate("trick")), good=_pct(t.rate("good")))) for t in tallies]
    return Hint(me, tallies[0].move, _play_reason(view, tallies, n), alts)


def _card_words(move: str) -> str:
    verb, _, arg = move.partition(" ")
    if verb == "play":
        return parse_card(arg).symbol
    return {"espirra": "\"Espirra\"", "espirra-quando-quiser": "\"Espirra quando quiser\""}.get(verb, move)


def _play_reason(view: View, tallies: list[Tally[str]], n: int) -> str:
    best = tallies[0]
    text = _tr(view, N_("I played the deal out {n} times, dealing the cards you cannot see in ways that fit what "
                        "you have seen, with everyone playing by rule of thumb afterwards. {move} is worth "
                        "{chips:+.2f} chips to you on average (your side succeeds in {good})."),
               n=n, move=_card_words(best.move), chips=best.mean, good=_pct(best.rate("good")))
    if len(tallies) > 1:
        runner = tallies[1]
        text += " " + _tr(view, N_("Next best: {move}, {chips:+.2f}."), move=_card_words(runner.move),
                          chips=runner.mean)
    if best.move.startswith("espirra"):
        text += " " + _tr(view, N_("Saying \"Espirra\" now makes your partner's Ace win a trick it might "
                                   "otherwise lose to a trump or never take."))
    return text


def _choice_reason(view: View, move: str) -> str:
    if move.startswith("trump"):
        suit = tricks.SUIT_INDEX[move.split()[1]]
        if BIDS[view["contract"]].misere:
            return _tr(view, N_("Name {suit} trump: you hold fewest of them, so you are least likely to be made "
                                "to win a trick."), suit=_tr(view, SUIT_WORDS[suit]))
        return _tr(view, N_("Name {suit} trump: it is your longest suit (high cards break ties)."),
                   suit=_tr(view, SUIT_WORDS[suit]))
    return _tr(view, N_("Call {card}: an Ace you do not hold, in the suit where you hold most cards, so the "
                        "partner's Ace helps your long suit."), card=parse_card(move.split()[1]).symbol)


def bid_hint(view: View, deals: int, rng: random.Random) -> Hint:
    """For each bid open to you: how often you make it and what it is worth, from imagined deals."""
    me = view["seat"]
    legal = view["legal"]
    tallies = bid_search(view, deals, rng)
    move, ranked = best_bid(view, tallies)
    n = ranked[0].samples if ranked else 0
    parts = [_bid_line(view, t) for t in ranked[:3]]
    alts = [Alternative(f"bid {t.move}", round(t.mean, 2), _bid_line(view, t)) for t in ranked]
    if "pass" in legal:
        alts.append(Alternative("pass", 0.0, _tr(view, N_("no contract of your own (defending is not counted)"))))
    if "join" in legal:
        alts.append(Alternative("join", 0.0, _tr(view, N_("play Meia Miséria too, for yourself"))))
    alts.sort(key=lambda a: -a.score)
    if not ranked:
        return Hint(me, move, _tr(view, N_("No bid is open to you now: pass.")), alts)
    lines = "; ".join(parts)
    intro = _tr(view, N_("If the auction ended on your bid, in {n} deals of the cards you cannot see (fitting the "
                         "auction so far; everyone then plays by rule of thumb): {lines}."), n=n, lines=lines)
    if move == "pass":
        verdict = _tr(view, N_("No bid wins chips on average: pass."))
    elif move == "join":
        verdict = _tr(view, N_("Join Meia Miséria."))
    else:
        key = move.split()[1]
        verdict = _tr(view, N_("Bid {bid}: it is worth most on average."), bid=BIDS[key].name)
        if "pass" not in legal:
            verdict = _tr(view, N_("You hold 3 or 4 Aces, so you may not pass: bid {bid}."), bid=BIDS[key].name)
    return Hint(me, move, intro + " " + verdict, alts)


def _bid_line(view: View, t: Tally[str]) -> str:
    bid = BIDS[t.move]
    if bid.misere:
        goal = N_("{bid}: you make it in {pct} of {n} deals, {chips:+.1f} chips on average")
    elif bid.partner:
        goal = N_("{bid} with a partner: made in {pct} of {n} deals, {chips:+.1f} chips on average")
    else:
        goal = N_("{bid}: you take {tricks} or more tricks in {pct} of {n} deals, {chips:+.1f} chips on average")
    return _tr(view, goal, bid=bid.name, pct=_pct(t.rate("made")), n=t.samples, chips=t.mean, tricks=bid.tricks)


__all__ = ["POLICIES", "SUIT_SYMBOL", "advise", "bid_hint", "bid_search", "determinizer", "heuristic_bid",
           "heuristic_card", "search", "trick_estimate"]
