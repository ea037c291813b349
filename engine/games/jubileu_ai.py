"""Jubileu bots and hints, from one seat's view.

- easy: any legal card; in the auction it passes unless the rules force a bid;
- medium: rules of thumb: counts likely tricks (Aces, Kings, long suits, trumps) to bid,
  names its longest suit trump, and plays to win tricks for its side (or to lose them in a
  misère);
- hard: the shared search (:mod:`engine.search`): it deals the cards it cannot see in many
  ways that fit what it has seen (suits players showed they lack, the called Ace not with
  the declarer, the Aces the Jogo Obrigatório duty implies), plays each candidate out with
  the medium habits for everyone, and picks the move worth most chips. It bids the same way.

The hints are the hard player's search with more deals. Every fact they state is a claim
(:mod:`engine.claims`): chips as averages over a stated number of imagined deals, shares of those
deals, "wins this trick" only when no card anyone still to play could hold beats it (worked out from
the view, never from samples), and reasons such as "your longest suit" only when a recount agrees.
Trump and the called card are played out like bids; choices the deals cannot tell apart are said
to be so. ``tests/engine/claim_checks/jubileu.py`` re-derives each claim from the real game.
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any, Callable, Mapping

from .. import claims, tricks
from ..card_codes import CARD_OF, code_of
from ..cards import parse_card
from ..claims import Certain, Comparison, Count, Figure, Sampled
from ..hints import Alternative, Hint
from ..i18n import N_, say
from ..search import Inconsistent, Tally, pimc, unseen_dealer
from .jubileu import (ACE_RANK, BIDS, MEIA, OBRIGATORIO, ORDERED, SEATS, SUIT_SYMBOL,
                      SUIT_WORDS, TRICK_KEYS, WHEN_HE_LIKES, Deal, known_hands, obrigatorio_calls, settle, unseen)

from .jubileu import JubileuView
View = JubileuView  # the game's view, key by key (engine/games/jubileu.py)

HINT_PLAYOUTS = 240     # play hint: imagined deals shared among the candidate moves
BOT_PLAYOUTS = 96
BID_HINT_DEALS = 64     # bid hint: at most this many imagined deals, each played out once per contract family
BID_HINT_LEAST = 32     # … and at least this many, stopping early once the best choice stands clear
CHOICE_HINT_DEALS = 48  # trump and call hints: imagined deals, each choice played out in every one
BOT_BID_DEALS = 24
MIN_SAMPLES = 24

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): Jubileu is the book's game.
LANGUAGES = ("en", "pt")


def _suit(letter: str | None) -> int | None:
    return None if letter is None else tricks.SUIT_INDEX[letter]


def _tr(view: View, message: str, **fields: Any) -> str:
    return say(view["options"].get("lang", "en"), message, **fields)


# ---- what a seat knows ------------------------------------------------------------------------

def known_cards(view: View) -> tuple[list[list[int]], set[int]]:
    """Each seat's cards as this seat sees them (its own, exposed and colloquy hands) and every card seen."""
    hands = known_hands(view)
    seen = {c for h in hands for c in h}
    for t in view["tricks_played"]:
        seen.update(code_of(c) for c in t["cards"])
    seen.update(code_of(c) for _, c in view["trick"])
    return hands, seen


def voids(view: View) -> list[set[int]]:
    """Suits each seat showed it lacks (an espirra Ace played off-suit proves nothing)."""
    lacks: list[set[int]] = [set() for _ in range(SEATS)]
    tricks_seen = [(t["seats"], [code_of(c) for c in t["cards"]]) for t in view["tricks_played"]]
    tricks_seen.append(([s for s, _ in view["trick"]], [code_of(c) for _, c in view["trick"]]))
    called = code_of(view["called_card"]) if view["called_card"] else None
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
    hands, open_seats, deal_open = _open_dealer(view)

    def determinize(rng: random.Random) -> list[list[int]]:
        world = [list(h) for h in hands]
        for s, hand in zip(open_seats, deal_open(rng)):
            world[s] = hand
        return world
    return determinize


def play_worlds(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals of the play that fit everything this seat knows, built by :meth:`Deal.from_view`: the
    hands :func:`determinizer` imagines, placed in from_view's order (the unseen hands by seat)."""
    _, _, deal_open = _open_dealer(view)
    place = Deal.placer(view)

    def determinize(rng: random.Random) -> Deal:
        return place([c for hand in deal_open(rng) for c in hand])
    return determinize


def _open_dealer(view: View) -> tuple[list[list[int]], list[int], Callable[[random.Random], list[list[int]]]]:
    """(the hands this seat sees, the seats whose hands it does not see, a dealer of those hands that keeps
    the suits each has shown it lacks, the Aces the auction proves and where the called Ace may be)."""
    me = view["seat"]
    hands = known_hands(view)
    hidden = unseen(view)
    open_seats = [s for s in range(SEATS) if s != me and not hands[s]]
    sizes = [view["hand_sizes"][s] for s in open_seats]
    lacks = voids(view)
    called = code_of(view["called_card"]) if view["called_card"] else None
    declarer = view["declarer"]
    limits = ace_limits(view)
    played_aces = [0] * SEATS
    for t in view["tricks_played"]:
        for s, c in zip(t["seats"], t["cards"]):
            played_aces[s] += code_of(c) % 13 == ACE_RANK
    for s, c in view["trick"]:
        played_aces[s] += code_of(c) % 13 == ACE_RANK

    # The declarer may say "Espirra" only in a trick the partner has not yet played to
    # (docs/rules/jubileu.md#jubileu.espirra): whether
    # it is offered tells him whether the called Ace's holder is among the seats that played to this trick.
    in_trick = {s for s, _ in view["trick"]}
    ordering = view["phase"] == "play" and me == declarer and view["partner"] is None and \
        "espirra-quando-quiser" in view["legal"]
    holder_in_trick = ordering and "espirra" not in view["legal"]

    def called_barred(s: int) -> bool:
        return called is not None and view["partner"] is None and (
            s == declarer or (ordering and (s in in_trick) != holder_in_trick))

    def barred_for(s: int) -> Callable[[int], bool]:
        no = frozenset(lacks[s])
        no_called = called_barred(s)
        return lambda c: c // 13 in no or (no_called and c == called)
    bars = [barred_for(s) for s in open_seats]
    free = not any(lacks[s] or called_barred(s) for s in open_seats)   # the auction: any deal of the rest
    deal = unseen_dealer(hidden, sizes, bars)  # who may hold what, worked out once for every imagined deal
    deal_freely = unseen_dealer(hidden, sizes, [lambda c: False] * len(sizes))

    def shuffled(rng: random.Random) -> list[list[int]]:
        cards = list(hidden)
        rng.shuffle(cards)
        out, start = [], 0
        for size in sizes:
            out.append(cards[start:start + size])
            start += size
        return out

    def fits(dealt: list[list[int]]) -> bool:
        for s, hand in zip(open_seats, dealt):
            aces = played_aces[s] + sum(1 for c in hand if c % 13 == ACE_RANK)
            low, high = limits[s]
            if not low <= aces <= high:
                return False
        return True

    def deal_open(rng: random.Random) -> list[list[int]]:
        dealt: list[list[int]] = []
        for _ in range(20):
            if free:
                dealt = shuffled(rng)
                if fits(dealt):
                    break
                continue
            try:
                dealt = deal(rng)
            except Inconsistent:
                dealt = deal_freely(rng)
            if fits(dealt):
                break
        return dealt
    return hands, open_seats, deal_open


# ---- the medium habits (also how search imagines everyone plays) --------------------------------

def side_of(d: Deal, contract: str, declarers: list[int]) -> list[int]:
    """1 for a seat playing the contract, 0 for a defender."""
    team = set(declarers)
    if BIDS[contract].partner and d.partner is not None:
        team.add(d.partner)
    return [1 if s in team else 0 for s in range(SEATS)]


#: ``_KEYS[trump][led][c]`` is :func:`_key` (``trump = -1``: none), looked up: search plays this most.
_KEYS = TRICK_KEYS
#: ``(strength, rank)`` as one integer per trump and led suit: the most dangerous card that still loses.
_SHED = [[tuple(k * 16 + c % 13 for c, k in enumerate(keys[led])) for led in range(4)] for keys in _KEYS]
#: ``(is a trump, rank)`` as one integer per trump: the cheapest card, trumps kept back.
_CHEAP = [tuple((c // 13 == trump) * 16 + c % 13 for c in range(52)) for trump in (0, 1, 2, 3, -1)]
_RANK = tuple(c % 13 for c in range(52))


def heuristic_card(d: Deal, seat: int, contract: str, sides: list[int]) -> tuple[int, bool]:
    """A sensible card (and whether to play it as espirra): win tricks for your side, lose them in a
    misère, and help the defenders make a misère player take one. Strengths and preferences are
    looked up in tables (``_KEYS``, ``_SHED``, ``_CHEAP``), since search plays it hundreds of
    thousands of times."""
    hand = d.hands[seat]
    trick = d.trick
    trump = -1 if d.trump is None else d.trump
    options = d.legal_cards(seat)
    if (d.espirra == ORDERED or d.troela) and len(options) == 1:
        return options[0], False
    if trick:
        led = trick[0] // 13
        key = _KEYS[trump][led]
        if d.espirra_at is not None:
            best, who = 10_000, d.trick_seats[d.espirra_at]
        else:
            strengths = [key[c] for c in trick]
            best = max(strengths)
            who = d.trick_seats[strengths.index(best)]
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
                return min(options, key=_RANK.__getitem__), False
            under = [c for c in options if key[c] < best]
            if under:
                return max(under, key=_SHED[trump][led].__getitem__), False
            return max(options, key=_RANK.__getitem__), False
    elif bid.misere:  # a defender: let the declarer win
        if not trick:
            return min(options, key=_RANK.__getitem__), False
        if sides[who]:
            under = [c for c in options if key[c] < best]
            if under:
                return max(under, key=_SHED[trump][led].__getitem__), False
        return min(options, key=_SHED[trump][led].__getitem__), False
    # play to win tricks for the side
    if not trick:
        for c in options:
            if c % 13 == ACE_RANK and c // 13 != trump:
                return c, False
        plain = [c for c in options if c // 13 != trump] or options
        return max(plain, key=_RANK.__getitem__), False
    if sides[who] == sides[seat] and (best >= 1000 or best >= 10):
        return min(options, key=_CHEAP[trump].__getitem__), False
    winners = [c for c in options if key[c] > best]
    if winners:
        return min(winners, key=key.__getitem__), False
    return min(options, key=_CHEAP[trump].__getitem__), False


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

def contract_made(contract: str, declarers: list[int], partner: int | None, won: list[int], seat: int) -> bool:
    """Whether the contract that concerns ``seat`` is made: his own when he plays one (each Meia Miséria
    player has his own), otherwise the declarer's."""
    player = seat if seat in declarers else declarers[0]
    pays = settle(contract, declarers[0], partner, won, declarers)
    return next(p.made for p in pays if p.player == player)


def _contract(view: View) -> str:
    """The contract being played: set in every phase after the auction (the view's key is None before)."""
    contract = view["contract"]
    assert contract is not None, "the auction is over"
    return contract


def _playout(view: View) -> Callable[[Deal, str, random.Random], tuple[float, Mapping[str, bool]]]:
    me = view["seat"]
    contract = _contract(view)
    declarers = view["declarers"]
    alone = BIDS[contract].misere and me in declarers   # a misère player counts the tricks he takes himself

    def playout(world: Deal, move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = world.copy()
        sides = side_of(d, contract, declarers)
        verb, _, arg = move.partition(" ")
        if verb in ("espirra", "espirra-quando-quiser") and me == d.declarer:
            d.order(verb == "espirra-quando-quiser")
            c, _ = heuristic_card(d, me, contract, sides)
            winner = d.play(c)
        elif verb == "espirra":
            winner = d.play(d.called or 0, True)
        else:
            winner = d.play(CARD_OF[arg])
        while winner is None:
            c, esp = heuristic_card(d, d.turn, contract, sides)
            winner = d.play(c, esp)
        took = winner == me if alone else sides[winner] == sides[me]
        finish(d, contract, sides)
        value = chips_for(me, contract, declarers, d.partner, d.won)
        return float(value), {"trick": took, "made": contract_made(contract, declarers, d.partner, d.won, me)}
    return playout


def search(view: View, playouts: int, rng: random.Random,
           record: dict[str, list[float]] | None = None) -> list[Tally[str]]:
    """Every legal move played out in the same imagined deals, best mean first. ``record`` (if given)
    receives each move's value deal by deal, so that two moves can be compared pair by pair."""
    moves = list(view["legal"])
    samples = max(MIN_SAMPLES, playouts // max(1, len(moves)))
    playout = _playout(view)
    if record is None:
        return pimc(moves, play_worlds(view), playout, samples, rng)
    for m in moves:
        record[m] = []

    def recorded(world: Deal, move: str, r: random.Random) -> tuple[float, Mapping[str, bool]]:
        value, outcomes = playout(world, move, r)
        record[move].append(value)
        return value, outcomes
    return pimc(moves, play_worlds(view), recorded, samples, rng)


def paired_margin(a: list[float], b: list[float]) -> float:
    """Half-width of a 95% interval for the mean of ``a - b`` over the same imagined deals."""
    diffs = [x - y for x, y in zip(a, b)]
    if len(diffs) < 2:
        return math.inf
    return 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))


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
    hand = [code_of(c) for c in view["hand"]]
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


def play_contract(view: View, world: list[list[int]], contract: str, declarers: list[int], me: int,
                  trump: int | None, partner: int | None = None, called: int | None = None,
                  leader: int | None = None) -> tuple[int, list[int]]:
    """One contract played out by rule of thumb in one imagined deal of ``view``'s: (chips for ``me``, tricks
    won)."""
    d = Deal([list(h) for h in world], view["dealer"], code_of(view["ultima"]["card"])).with_contract(
        contract, declarers, trump, called, partner, declarers[0] if leader is None else leader)
    team = set(declarers) | ({partner} if BIDS[contract].partner and partner is not None else set())
    finish(d, contract, [1 if s in team else 0 for s in range(SEATS)])
    return chips_for(me, contract, declarers, partner, d.won), d.won


def simulate_bid(view: View, key: str, world: list[list[int]], trump: int | None | str = "") -> tuple[int, int]:
    """Play ``key`` out in one imagined deal with this seat as declarer: (my chips, tricks counted). ``trump``,
    when given, is the contract's trump already worked out."""
    me = view["seat"]
    hand = world[me]
    bid = BIDS[key]
    partner = None
    called = None
    leader = me
    if trump == "":
        trump = _contract_trump(key, hand, _suit(view["ultima"]["suit"]) or 0)
    assert not isinstance(trump, str)
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
    chips, won = play_contract(view, world, key, [me], me, trump, partner, called, leader)
    return chips, won[me] + (won[partner] if partner is not None and bid.partner else 0)


def bid_families(view: View) -> list[str]:
    """The bids open to this seat."""
    return [m.split(" ", 1)[1] for m in view["legal"] if m.startswith("bid ")]


JOIN = "join"
BLOCK = 16   # the bid hint looks at its numbers after every BLOCK imagined deals


def bid_search(view: View, deals: int, rng: random.Random, *, join: bool = False,
               record: dict[str, list[float]] | None = None, least: int | None = None) -> dict[str, Tally[str]]:
    """Each open bid (and joining Meia Miséria, with ``join``) played out in the same imagined deals: chips for
    me and how often it is made. Contracts that play alike (a Solo of any length with the same trump, the two
    Jubileus with the same trump) are played once per deal. With ``least``, it stops after that many deals
    once the best choice stands clear of the next (``settled``), and at ``deals`` in any case."""
    me = view["seat"]
    keys = bid_families(view) + ([JOIN] if join else [])
    determinize = determinizer(view)
    ultima = _suit(view["ultima"]["suit"]) or 0
    tallies = {k: Tally(k) for k in keys}
    values: dict[str, list[float]] = record if record is not None else {}
    for k in keys:
        values[k] = []
    pass_open = "pass" in view["legal"]
    cache: dict[tuple[str, int | None], tuple[int, int]] = {}
    active = list(keys)
    hand = [code_of(c) for c in view["hand"]]          # this seat's own hand, the same in every imagined deal
    trumps = {k: _contract_trump(k, hand, ultima) for k in keys if k != JOIN}
    for n in range(1, deals + 1):
        world = determinize(rng)
        cache.clear()
        for k in active:
            if k == JOIN:
                holders = list(view["standing_holders"]) + [me]
                value, won = play_contract(view, world, MEIA, holders, me, None)
                tallies[k].add(float(value), {"made": won[me] == 1})
                values[k].append(float(value))
                continue
            bid = BIDS[k]
            trump = trumps[k]
            family = "solo" if bid.solo else "misere" if bid.misere and k != MEIA else "partner" \
                if bid.partner and k != OBRIGATORIO else k
            if family in ("solo", "misere"):
                if (family, trump) not in cache:
                    cache[family, trump] = simulate_bid(view, "solo-7" if family == "solo" else "miseria", world, trump)
                took = cache[family, trump][1]
                won = [0] * SEATS
                won[me], won[(me + 1) % SEATS] = took, 13 - took
                value = chips_for(me, k, [me], None, won)
            elif family == "partner":
                if (family, trump) not in cache:
                    cache[family, trump] = simulate_bid(view, k, world, trump)
                value = cache[family, trump][0]
            else:
                value = simulate_bid(view, k, world)[0]
            tallies[k].add(float(value), {"made": value > 0})
            values[k].append(float(value))
        if least is not None and n % BLOCK == 0:
            if n >= least and settled(values, pass_open):
                break
            active = contenders(tallies, active, pass_open)
    return tallies


def contenders(tallies: dict[str, Tally[str]], active: list[str], pass_open: bool) -> list[str]:
    """The choices still worth playing out: those whose 95% interval reaches the best one's (passing is
    worth 0 for certain). The others keep the deals they were played in, and say how many."""
    floor = max([tallies[k].mean - tallies[k].margin for k in active] + ([0.0] if pass_open else []))
    keep = [k for k in active if tallies[k].mean + tallies[k].margin >= floor]
    return keep or active


def ranked_choices(values: dict[str, list[float]], zero: str | None) -> list[tuple[str, list[float]]]:
    """The choices best mean first; ``zero`` (pass) is worth 0 in every deal. Equal means keep their order."""
    n = max((len(v) for v in values.values()), default=0)
    rows = list(values.items()) + ([(zero, [0.0] * n)] if zero and n else [])
    return sorted(rows, key=lambda kv: -statistics.fmean(kv[1]) if kv[1] else 0.0)


def runner_up(ranked: list[tuple[str, list[float]]]) -> tuple[str, list[float]] | None:
    """The best choice's nearest rival that does not come out the same in every deal (choices that play
    alike, such as two Solos with the same trump, are not rivals)."""
    best = ranked[0][1]
    return next((row for row in ranked[1:] if row[1] != best), None)


def settled(values: dict[str, list[float]], pass_open: bool) -> bool:
    """The best choice stands clear of its nearest rival by more than the 95% margin of their difference."""
    ranked = ranked_choices(values, "pass" if pass_open else None)
    if not ranked:
        return True
    rival = runner_up(ranked)
    if rival is None:
        return True
    best = ranked[0][1]
    gap = statistics.fmean(best) - statistics.fmean(rival[1])
    return gap > paired_margin(best, rival[1])


# ---- policies -----------------------------------------------------------------------------------

def _auction_phase_choice(view: View) -> str | None:
    """Trump and the called card, by rule of thumb (every level uses these)."""
    hand = [code_of(c) for c in view["hand"]]
    if view["phase"] == "trump":
        king = view["called_card"]  # an Obrigatório's: the suit its holder may not name
        banned = code_of(king) // 13 if view["contract"] == OBRIGATORIO and king is not None else None
        suit = misere_trump(hand) if BIDS[_contract(view)].misere else best_trump(hand, banned)
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
    d = play_worlds(view)(rng)
    sides = side_of(d, _contract(view), view["declarers"])
    c, espirra = heuristic_card(d, view["seat"], _contract(view), sides)
    if espirra and "espirra" in view["legal"]:
        return "espirra"
    move = f"play {tricks.card(c)}"
    return move if move in view["legal"] else next(m for m in view["legal"] if m.startswith("play"))


def hard(view: View, rng: random.Random) -> str:
    if view["phase"] == "auction":
        if len(view["legal"]) == 1:
            return view["legal"][0]
        return best_bid(view, bid_search(view, BOT_BID_DEALS, rng, join="join" in view["legal"]))[0]
    choice = _auction_phase_choice(view)
    if choice:
        return choice
    if len(view["legal"]) == 1:
        return view["legal"][0]
    return search(view, BOT_PLAYOUTS, rng)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


def best_bid(view: View, tallies: dict[str, Tally[str]]) -> tuple[str, list[Tally[str]]]:
    """The bid (or joining Meia Miséria) worth most chips on average if the auction ends there; pass unless
    one is worth more than 0."""
    ranked = sorted(tallies.values(), key=lambda t: -t.mean)
    if ranked and (ranked[0].mean > 0 or "pass" not in view["legal"]):
        return _bid_move(ranked[0].move), ranked
    return "pass", ranked


# ---- the hints -----------------------------------------------------------------------------------
#
# Every fact a hint states is a claim (engine.claims), checked against the real game by
# tests/engine/claim_checks/jubileu.py: shares and averages of imagined deals carry their number of
# deals; "wins this trick" is said only when no legal reply of any deal that fits the view can beat the
# card; "your longest suit" is recounted from the hand.

CHIPS = claims.fact("jubileu.chips", N_("{signed} chips"))
MADE = claims.fact("jubileu.made", N_("{bid} is made"), N_("{bid} fails"))
SIDE_TRICK = claims.fact("jubileu.side_takes_trick", N_("your side takes this trick"),
                         N_("the other side takes this trick"))
OWN_TRICK = claims.fact("jubileu.you_take_trick", N_("you take this trick"), N_("another player takes this trick"))
WINS = claims.fact("jubileu.wins_trick", N_("{card} wins this trick"), N_("{card} cannot win this trick"))
ESPIRRA_WINS = claims.fact("jubileu.espirra_wins", N_("the called Ace, {card}, takes this trick for your side"))
ONLY_CARD = claims.fact("jubileu.only_legal", N_("{card} is your only legal card"))
ONLY_CALL = claims.fact("jubileu.only_call", N_("{card} is the only card you may call"))
LONGEST = claims.fact("jubileu.longest_suit", N_("{suit} is your longest suit ({value} cards)"))
LONGEST_ALLOWED = claims.fact("jubileu.longest_allowed",
                              N_("{suit} is your longest suit other than {barred} ({value} cards)"))
SHORTEST = claims.fact("jubileu.shortest_suit", N_("{suit} is your shortest suit (you hold {value})"))
CALL_LONGEST = claims.fact("jubileu.call_longest",
                           N_("{suit} is the longest of the suits whose Ace you may call ({value} cards)"))
ACES = claims.fact("jubileu.aces", N_("you hold {n} Aces"))


def _card_words(move: str) -> str:
    verb, _, arg = move.partition(" ")
    if verb in ("play", "call"):
        return parse_card(arg).symbol
    return {"espirra": "\"Espirra\"", "espirra-quando-quiser": "\"Espirra quando quiser\""}.get(verb, move)


def _suit_words(view: View, suit: int) -> str:
    return f"{SUIT_SYMBOL[suit]} ({_tr(view, SUIT_WORDS[suit])})"


def _chips(mean: float, samples: int) -> Figure:
    return Figure(CHIPS.name, value=mean, exact=False, samples=samples)


def _made(move: str, t: Tally[str], bid: str) -> Sampled:
    return Sampled(MADE.name, move=move, hits=t.counts.get("made", 0), samples=t.samples,
                   detail={"bid": bid})


def _words(view: View, *parts: claims.Claim) -> list[str]:
    lang = view["options"].get("lang", "en")
    return [p.words(lang) for p in parts]


def _pair(view: View, a: str, fa: Figure, b: str, fb: Figure) -> str:
    """Two choices and their chips, side by side (punctuation only: nothing to translate)."""
    return f"{a}: {fa.words(_lang(view))}; {b}: {fb.words(_lang(view))}."


def _too_close(view: View, a: str, b: str) -> str:
    return _tr(view, N_("{a} and {b} come out too close to tell apart in these deals."), a=a, b=b)


def advise(view: View, playouts: int = HINT_PLAYOUTS, seed: int = 0) -> Hint:
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]) + len(view["auction"]))
    if view["phase"] == "auction":
        return bid_hint(view, BID_HINT_DEALS, rng)
    if view["phase"] in ("trump", "call"):
        return choice_hint(view, CHOICE_HINT_DEALS, rng)
    if len(view["legal"]) == 1:
        return only_move_hint(view)
    return play_hint(view, playouts, rng)


# ---- play: what each card brings, and what is certain about this trick ------------------------------

def trick_certainty(view: View, move: str) -> bool | None:
    """True when ``move`` wins the trick whatever anyone still to play holds and plays, False when it cannot
    win it, None when that depends on cards this seat cannot see. Worked out from the view alone, over every
    card a later player could hold (the suits he showed he lacks excepted) and every "Espirra" still possible."""
    me = view["seat"]
    verb, _, arg = move.partition(" ")
    called = code_of(view["called_card"]) if view["called_card"] else None
    if verb == "espirra" and me != view["declarer"]:
        return True                                   # the partner plays the called Ace as espirra
    if verb != "play":
        return None
    c = CARD_OF[arg]
    if view["espirra_in_trick"] is not None:
        return False                                  # an espirra Ace is already in the trick
    if c == called and view["espirra"] == "ordered":
        return True
    trick = [(s, code_of(x)) for s, x in view["trick"]]
    troela_lead = view["contract"] == OBRIGATORIO and bool(view["options"].get("troela")) \
        and not view["tricks_played"]
    trump = -1 if view["trump"] is None or troela_lead else tricks.SUIT_INDEX[view["trump"]]
    led = trick[0][1] // 13 if trick else c // 13
    mine = _key(c, led, trump)
    if any(_key(x, led, trump) > mine for _, x in trick):
        return False
    hands, seen = known_cards(view)
    lacks = voids(view)
    unseen = [x for x in range(52) if x not in seen]
    later = [(me + k) % SEATS for k in range(1, SEATS - len(trick))]
    declarer = view["declarer"]
    live_called = called is not None and view["espirra"] in ("none", "ordered", "quando") and c != called \
        and called not in hands[me]
    for i, s in enumerate(later):
        if hands[s]:
            could = tricks.follow_suit(hands[s], led)
            holds_called = called in hands[s]
        else:
            could = [x for x in unseen if x // 13 not in lacks[s]]
            holds_called = called in unseen and not (s == declarer and view["partner"] is None)
        if any(_key(x, led, trump) > mine for x in could):
            return None
        if live_called and holds_called and (view["espirra"] in ("ordered", "quando")
                                             or declarer in later[:i]):
            return None                               # he may yet play the called Ace as espirra
    return True


def _trick_claim(view: View, move: str, t: Tally[str]) -> claims.Claim:
    sure = trick_certainty(view, move)
    verb, _, arg = move.partition(" ")
    me = view["seat"]
    if verb == "espirra" and me == view["declarer"]:
        return Certain(ESPIRRA_WINS.name, move=move, detail={"card": _card_words(f"play {view['called_card']}")})
    if sure is not None:
        card = _card_words(move if verb == "play" else f"play {view['called_card']}")
        return Certain(WINS.name, move=move, holds=sure, detail={"card": card})
    alone = BIDS[_contract(view)].misere and me in view["declarers"]
    return Sampled(OWN_TRICK.name if alone else SIDE_TRICK.name, move=move, hits=t.counts.get("trick", 0),
                   samples=t.samples)


def play_hint(view: View, playouts: int, rng: random.Random) -> Hint:
    me = view["seat"]
    record: dict[str, list[float]] = {}
    tallies = search(view, playouts, rng, record)
    bid = BIDS[_contract(view)].name
    notes: dict[str, tuple[str, tuple[claims.Claim, ...]]] = {}
    for t in tallies:
        said = (_chips(t.mean, t.samples), _trick_claim(view, t.move, t), _made(t.move, t, bid))
        notes[t.move] = ("; ".join(_words(view, *said)), said)
    alts = [Alternative(t.move, round(t.mean, 2), *notes[t.move], t.samples, t.margin) for t in tallies]
    best = tallies[0]
    _, trick_claim, made = notes[best.move][1]
    fig = _chips(best.mean, best.samples)
    lead = _tr(view, N_("Dealing the cards you cannot see in ways that fit what you have seen, with everyone "
                        "playing by rule of thumb afterwards:"))
    said_claims: list[claims.Claim] = [fig, made]
    ranked = [(t.move, record[t.move]) for t in tallies]
    rival = ranked[1] if len(ranked) > 1 else None
    if rival is not None and claims.indistinct([best.mean, statistics.fmean(rival[1])],
                                               paired_margin(record[best.move], rival[1])):
        other = next(t for t in tallies if t.move == rival[0])
        ofig = _chips(other.mean, other.samples)
        text = " ".join([lead, _too_close(view, _card_words(best.move), _card_words(other.move)),
                         _pair(view, _card_words(best.move), fig, _card_words(other.move), ofig)])
        said_claims = [fig, ofig]
    else:
        text = " ".join([lead, _tr(view, N_("{move} brings {chips}, the most of your moves; {made}."),
                                   move=_card_words(best.move), chips=fig.words(_lang(view)),
                                   made=made.words(_lang(view)))])
        if rival is not None:
            other = next(t for t in tallies if t.move == rival[0])
            ofig = _chips(other.mean, other.samples)
            text += " " + _tr(view, N_("Next best: {move}, {chips}."), move=_card_words(other.move),
                              chips=ofig.words(_lang(view)))
            said_claims.append(ofig)
    if isinstance(trick_claim, Certain):
        text += " " + _tr(view, N_("Besides, {fact}."), fact=trick_claim.words(_lang(view)))
        said_claims.append(trick_claim)
    return Hint(me, best.move, text, alts, claims=tuple(said_claims))


def _lang(view: View) -> str:
    return str(view["options"].get("lang", "en"))


def only_move_hint(view: View) -> Hint:
    move = view["legal"][0]
    card = _card_words(move)
    only = Certain(ONLY_CARD.name, move=move, over_replies=False, detail={"card": card})
    said: list[claims.Claim] = [only]
    if view["espirra"] == "ordered" and view["partner"] == view["seat"]:
        wins = Certain(WINS.name, move=move, detail={"card": card})
        why = _tr(view, N_("The declarer said \"Espirra\": {only}, and {wins}."), only=only.words(_lang(view)),
                  wins=wins.words(_lang(view)))
        said.append(wins)
    else:
        why = only.words(_lang(view)) + "."
    return Hint(view["seat"], move, why,
                [Alternative(move, 0.0, _tr(view, N_("the only legal move")))], claims=tuple(said))


# ---- trump and the called card: each choice played out ------------------------------------------------

def _choice_value(view: View, move: str, world: list[list[int]]) -> tuple[int, bool]:
    """Chips for this seat, and whether the contract is made, if ``move`` names trump or calls that card."""
    me = view["seat"]
    contract = _contract(view)
    declarer = view["declarer"]
    assert declarer is not None, "the auction is over"
    verb, _, arg = move.partition(" ")
    if verb == "trump":
        trump = tricks.SUIT_INDEX[arg]
        if contract == OBRIGATORIO:           # this seat is the partner and leads
            chips, won = play_contract(view, world, contract, [declarer], me, trump, me, None, me)
            return chips, won[me] + won[declarer] >= BIDS[contract].tricks
        called = call_for(world[me], trump) if BIDS[contract].partner else None
        partner = None if called is None else next(s for s in range(SEATS) if called in world[s])
        chips, won = play_contract(view, world, contract, [me], me, trump, partner, called)
        return chips, chips > 0
    card = CARD_OF[arg]
    partner = next(s for s in range(SEATS) if card in world[s])
    if contract == OBRIGATORIO:               # the called King's holder names trump and leads
        trump = best_trump(world[partner], banned=card // 13)
        chips, _ = play_contract(view, world, contract, [me], me, trump, partner, None, partner)
    else:
        chips, _ = play_contract(view, world, contract, [me], me, _suit(view["trump"]), partner, card)
    return chips, chips > 0


def _choice_comparison(view: View, move: str) -> claims.Claim | None:
    """Why the rule of thumb picks ``move``, when that reason is true: the longest suit (the shortest for a
    misère), or the Ace of the longest suit you may call."""
    hand = [code_of(c) for c in view["hand"]]
    counts = suit_counts(hand)
    verb, _, arg = move.partition(" ")
    if verb == "trump":
        allowed = [tricks.SUIT_INDEX[m.split()[1]] for m in view["legal"]]
        s = tricks.SUIT_INDEX[arg]
        among = tuple(tricks.SUITS[x] for x in allowed)
        detail = {"suit": _suit_words(view, s)}
        if BIDS[_contract(view)].misere:
            if counts[s] == min(counts[x] for x in allowed):
                return Comparison(SHORTEST.name, subject=arg, value=counts[s], among=among, move=move, detail=detail)
            return None
        if counts[s] != max(counts[x] for x in allowed):
            return None
        if len(allowed) == 4:
            return Comparison(LONGEST.name, subject=arg, value=counts[s], among=among, move=move, detail=detail)
        barred = next(x for x in range(4) if x not in allowed)
        return Comparison(LONGEST_ALLOWED.name, subject=arg, value=counts[s], among=among, move=move,
                          detail={**detail, "barred": _suit_words(view, barred)})
    card = CARD_OF[arg]
    if view["contract"] == OBRIGATORIO:
        return None
    allowed = [CARD_OF[m.split()[1]] // 13 for m in view["legal"]]
    s = card // 13
    if counts[s] != max(counts[x] for x in allowed):
        return None
    return Comparison(CALL_LONGEST.name, subject=tricks.SUITS[s], value=counts[s],
                      among=tuple(tricks.SUITS[x] for x in allowed), move=move, detail={"suit": _suit_words(view, s)})


def _choice_label(view: View, move: str) -> str:
    verb, _, arg = move.partition(" ")
    if verb == "trump":
        return _tr(view, N_("{suit} trump"), suit=_suit_words(view, tricks.SUIT_INDEX[arg]))
    return _tr(view, N_("calling {card}"), card=_card_words(move))


def choice_hint(view: View, deals: int, rng: random.Random) -> Hint:
    """Trump or the called card: each choice played out by rule of thumb in the same imagined deals."""
    me = view["seat"]
    legal = view["legal"]
    thumb = _auction_phase_choice(view) or legal[0]
    if len(legal) == 1:
        only = Certain(ONLY_CALL.name, move=legal[0], over_replies=False, detail={"card": _card_words(legal[0])})
        text = only.words(_lang(view)) + "."
        return Hint(me, legal[0], text,
                    [Alternative(legal[0], 0.0, _tr(view, N_("the only legal move")))], claims=(only,))
    determinize = determinizer(view)
    tallies = {m: Tally(m) for m in legal}
    values: dict[str, list[float]] = {m: [] for m in legal}
    for _ in range(deals):
        world = determinize(rng)
        for m in legal:
            chips, ok = _choice_value(view, m, world)
            tallies[m].add(float(chips), {"made": ok})
            values[m].append(float(chips))
    bid = BIDS[_contract(view)].name
    notes = {m: (_chips(t.mean, t.samples), _made(m, t, bid)) for m, t in tallies.items()}
    alts = sorted((Alternative(m, round(t.mean, 2), "; ".join(_words(view, *notes[m])), notes[m], t.samples, t.margin)
                   for m, t in tallies.items()), key=lambda a: -a.score)
    ranked = ranked_choices(values, None)
    best = ranked[0][0]
    rival = ranked[1] if len(ranked) > 1 else None
    lead = _tr(view, N_("Each choice played out in the same deals of the cards you cannot see, everyone playing "
                        "by rule of thumb:"))
    said: list[claims.Claim] = []
    close = rival is not None and claims.indistinct(
        [statistics.fmean(values[best]), statistics.fmean(rival[1])], paired_margin(values[best], rival[1]))
    if rival is None or close:
        # Nothing to tell them apart: the rule of thumb decides, and the hint says so.
        move = thumb if rival is None or claims.indistinct(
            [statistics.fmean(values[best]), statistics.fmean(values[thumb])],
            paired_margin(values[best], values[thumb])) else best
        other = next(m for m, _ in ranked if m != move)
        fig_a, fig_b = notes[move][0], notes[other][0]
        parts = [lead, _too_close(view, _choice_label(view, move), _choice_label(view, other)),
                 _pair(view, _choice_label(view, move), fig_a, _choice_label(view, other), fig_b)]
        said += [fig_a, fig_b]
    else:
        move = best
        fig, made = notes[move]
        ofig = notes[rival[0]][0]
        parts = [lead, _tr(view, N_("{move} brings {chips}, the most of your choices; {made}."),
                           move=_choice_label(view, move), chips=fig.words(_lang(view)), made=made.words(_lang(view))),
                 _tr(view, N_("Next best: {move}, {chips}."), move=_choice_label(view, rival[0]),
                     chips=ofig.words(_lang(view)))]
        said += [fig, made, ofig]
    why = _choice_comparison(view, move)
    if why is not None:
        parts.append(_tr(view, N_("Besides, {fact}."), fact=why.words(_lang(view))))
        said.append(why)
    return Hint(me, move, " ".join(parts), alts, claims=tuple(said))


# ---- the auction: each open bid played out ------------------------------------------------------------

def bid_hint(view: View, deals: int, rng: random.Random) -> Hint:
    """For each bid open to you (and joining Meia Miséria): how often it is made and what it brings, in the
    same imagined deals; what cannot be told apart is said to be so."""
    me = view["seat"]
    legal = view["legal"]
    pass_open = "pass" in legal
    record: dict[str, list[float]] = {}
    tallies = bid_search(view, deals, rng, join="join" in legal, record=record, least=BID_HINT_LEAST)
    if not tallies:
        return Hint(me, "pass", _tr(view, N_("No bid is open to you now: pass.")),
                    [Alternative("pass", 0.0, _tr(view, N_("no contract of your own (defending is not counted)")))],
                    gist=claims.Certain(claims.ONLY_MOVE.name, move="pass", over_replies=False))
    lines = {k: _bid_line(view, t) for k, t in tallies.items()}
    alts = [Alternative(_bid_move(k), round(t.mean, 2), *lines[k], t.samples, t.margin) for k, t in tallies.items()]
    if pass_open:
        alts.append(Alternative("pass", 0.0, _tr(view, N_("no contract of your own (defending is not counted)"))))
    alts.sort(key=lambda a: -a.score)
    ranked = ranked_choices(record, "pass" if pass_open else None)
    best = ranked[0][0]
    rival = ranked[1] if len(ranked) > 1 else None
    shown = [k for k, _ in ranked if k != "pass"][:3]
    said: list[claims.Claim] = [c for k in shown for c in lines[k][1]]
    intro = _tr(view, N_("If the auction ended on your bid, in deals of the cards you cannot see that fit the "
                         "auction so far, everyone then playing by rule of thumb: {lines}."),
                lines="; ".join(lines[k][0] for k in shown))
    close = rival is not None and claims.indistinct(
        [statistics.fmean(record[best]) if best != "pass" else 0.0, statistics.fmean(rival[1])],
        paired_margin(record[best] if best != "pass" else [0.0] * len(rival[1]), rival[1]))
    if close and rival is not None:
        verdict = _too_close(view, _bid_name(view, best), _bid_name(view, rival[0]))
        move = best
    elif best == "pass":
        verdict = _tr(view, N_("No bid wins chips on average: pass.") if JOIN not in record else
                      N_("Neither a bid nor joining Meia Miséria wins chips on average: pass."))
        move = "pass"
    else:
        verdict = _tr(view, N_("{bid} brings the most on average."), bid=_bid_name(view, best))
        move = best
    if not pass_open:
        aces = Count(ACES.name, n=sum(1 for c in view["hand"] if c.startswith("A")))
        verdict += " " + _tr(view, N_("Since {aces}, you may not pass."), aces=aces.words(_lang(view)))
        said.append(aces)
    return Hint(me, _bid_move(move), intro + " " + verdict, alts, claims=tuple(said))


def _bid_move(key: str) -> str:
    return key if key in (JOIN, "pass") else f"bid {key}"


def _bid_name(view: View, key: str) -> str:
    if key == JOIN:
        return _tr(view, N_("joining Meia Miséria"))
    if key == "pass":
        return _tr(view, N_("passing"))
    return BIDS[key].name


def _bid_line(view: View, t: Tally[str]) -> tuple[str, tuple[claims.Claim, ...]]:
    name = BIDS[MEIA].name if t.move == JOIN else BIDS[t.move].name
    said = (_made(_bid_move(t.move), t, name), _chips(t.mean, t.samples))
    return f"{said[0].words(_lang(view))}, {said[1].words(_lang(view))}", said


__all__ = ["POLICIES", "SUIT_SYMBOL", "advise", "bid_hint", "bid_search", "choice_hint", "determinizer",
           "heuristic_bid", "heuristic_card", "play_hint", "search", "trick_certainty", "trick_estimate"]
