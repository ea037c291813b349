"""Kalooki's claims re-derived from the game (issue 18): never through engine.games.kalooki_ai.

Shortfalls are worked out again with the engine's exact contract solver (:func:`engine.melds.
contract_arrangement`), adding wild cards one at a time under open meld rules (a meld needs one real
card, jokers may stand together: a missing card may be any card); none short is checked under the
game's own rules. Unseen cards, partners, points and what the next player has shown are recounted
from ``game.view(seat)``; fits from :func:`engine.melds.layoffs` on the melds the game holds.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Sequence

import engine
from engine.cards import JOKER, Card, double_52_with_jokers, parse_card, parse_cards
from engine.claims import Claim
from engine.hints import Hint
from engine.melds import KALOOKI, RUN, SET, ContractSearch, MeldRules, SearchCut, contract_arrangement, layoffs, \
    why_not_meld

from ..helpers import fork

#: A missing card may be any card: wild cards under rules that ask one real card a meld.
OPEN = MeldRules(min_set=3, max_set=None, min_run=4, ace=KALOOKI.ace, jokers=True, set_naturals=1,
                 run_naturals=1, jokers_adjacent=True, set_name="three", run_name="four")

#: What the advisor may lower while the test runs (a claim's truth does not depend on them).
FAST = {"OUTS_SHORT": 1}


def pen(card: Card) -> int:
    """docs/rules/kalooki.md#kalooki.score, written out again: joker 50, black Ace 15, red Ace 1, K Q J 10 ten, 2-9
    their number."""
    if card.is_joker:
        return 50
    if card.rank == 1:
        return 1 if card.suit in "HD" else 15
    return 10 if card.rank >= 10 else card.rank


def _key(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(map(str, cards)))


@lru_cache(maxsize=20000)
def _layable(hand: tuple[str, ...], threes: int, fours: int, wild: int, trinidad: bool) -> bool:
    cards = parse_cards(" ".join(hand)) + [JOKER] * wild
    if wild == 0:
        rules = game_rules(trinidad)
    else:
        rules = OPEN
    found = contract_arrangement(cards, threes, fours, rules, pen)
    if found is None:
        return False
    sets = [m for m in found.melds if m.kind == SET]
    runs = [m for m in found.melds if m.kind == RUN]
    return (len(sets), len(runs)) == (threes, fours) and len({m.rank for m in sets}) == threes \
        and len({m.suit for m in runs}) == fours


def game_rules(trinidad: bool) -> MeldRules:
    from engine.games.kalooki import TRINIDAD_MELDS
    return TRINIDAD_MELDS if trinidad else KALOOKI


def layable(hand: Sequence[Card], contract: tuple[int, int], wild: int, trinidad: bool) -> bool:
    return _layable(_key(hand), contract[0], contract[1], wild, trinidad)


def hand_for(game: engine.Game, seat: int, move: str) -> list[Card]:
    """The hand a shortfall claim is about: now, with the top discard, or less a discard."""
    view = game.view(seat)
    hand = parse_cards(view["hand"])
    if move in ("call", "take", "refuse") and view["discard_top"]:
        hand.append(parse_card(view["discard_top"]))
    elif move.startswith("discard "):
        hand.remove(parse_card(move.split()[1]))
    return hand


def contract_of(game: engine.Game, seat: int) -> tuple[int, int]:
    c = game.view(seat)["contract"]
    return c["threes"], c["fours"]


def trinidad(game: engine.Game) -> bool:
    return bool(game.options.get("trinidad_jokers"))


def measured(hand: Sequence[Card], contract: tuple[int, int], trinidad_jokers: bool, far: int) -> int:
    """Cards short: 0 under the game's rules, else the fewest wild cards (up to ``far``)."""
    if layable(hand, contract, 0, trinidad_jokers):
        return 0
    for wild in range(1, far):
        if layable(hand, contract, wild, trinidad_jokers):
            return wild
    return far


def cut_short(game: engine.Game, seat: int, move: str, budget: int) -> bool:
    """Is the count of this hand, none short under the game's rules, too big a search for ``budget`` states,
    of every meld and of the shortest ones alike? Asked as the advisor asks it: of the whole hand (with the
    top discard) less the discarded card, wild cards worth more than any card so they are always used."""
    view = game.view(seat)
    hand = parse_cards(view["hand"])
    if move in ("call", "take", "refuse") and view["discard_top"]:
        hand.append(parse_card(view["discard_top"]))
    without = parse_card(move.split()[1]) if move.startswith("discard ") else None
    contract = contract_of(game, seat)
    for smallest in (False, True):
        search = ContractSearch(hand, *contract, game_rules(trinidad(game)), lambda c: 1000 if c.is_joker else pen(c),
                                budget=budget, smallest=smallest)
        try:
            search.arrangement(without)
        except SearchCut:
            continue
        return False
    return True


def check_short(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    hand = hand_for(game, seat, claim.move)
    if claim.fact == "kalooki.short_uncounted":  # a huge hand: said only when the search could not count it
        if cut_short(game, seat, claim.move, claim.detail["states"]):
            return None
        return f"the hand for {claim.move or 'now'} is counted within {claim.detail['states']} states, said uncounted"
    if claim.fact == "kalooki.short_least_cut":  # a lower bound, said when the next count was cut short
        n = int(claim.value)
        contract, tri = contract_of(game, seat), trinidad(game)
        if n < 1 or layable(hand, contract, n - 1, tri):
            return f"the hand for {claim.move or 'now'} is under {n} wild cards from the contract: {claim.words()}"
        return None
    contract = contract_of(game, seat)
    n = int(claim.value)
    tri = trinidad(game)
    where = f"the hand for {claim.move or 'now'} ({' '.join(map(str, hand))})"
    if claim.fact == "kalooki.whole":
        return None if layable(hand, contract, 0, tri) else f"{where} is said to hold the whole contract"
    if layable(hand, contract, 0, tri):
        return f"{where} holds the whole contract, said {claim.words()}"
    if n > 1 and layable(hand, contract, n - 1, tri):
        return f"{where} is {n - 1} wild cards from the contract, said {claim.words()}"
    if claim.fact in ("kalooki.short_far", "kalooki.short_least", "kalooki.short_least_one"):
        if claim.fact != "kalooki.short_far" and sum(c.is_joker for c in hand) < 2:
            return f"{where} has fewer than two jokers: its shortfall is exact, said {claim.words()}"
        return None
    if sum(c.is_joker for c in hand) >= 2:
        return f"{where} has two jokers or more: its shortfall is a lower bound, said {claim.words()}"
    if not layable(hand, contract, n, tri):
        return f"{where} is more than {n} wild cards from the contract, said {claim.words()}"
    return None


def check_points(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    card = parse_card(claim.detail["card"])
    if pen(card) != claim.value or (claim.fact == "kalooki.point") != (claim.value == 1):
        return f"{card} is worth {pen(card)} points, said {claim.words()}"
    return None


def unseen(view: dict[str, Any]) -> list[Card]:
    """The pack less the hand, the melds, the pile as seen face up, and what others took face up."""
    seen = Counter(parse_cards(view["hand"]))
    for m in view["melds"]:
        seen.update(parse_cards(m["cards"]))
    seen.update(parse_cards(view["discard_pile"]))
    for s, held in enumerate(view["known_held"]):
        if s != view["seat"]:
            seen.update(parse_cards(held))
    pack = Counter(double_52_with_jokers())
    return list((pack - seen).elements())


def check_unseen(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    n = len(unseen(game.view(seat)))
    return None if claim.n == n else f"{n} cards unseen, said {claim.n}"


def check_unseen_mean(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    cards = unseen(game.view(seat))
    mean = sum(map(pen, cards)) / len(cards)
    if abs(mean - claim.value) >= 0.006:
        return f"the unseen cards average {mean:.3f} points, said {claim.value}"
    return None


def check_added(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    view = game.view(seat)
    cards = unseen(view)
    added = pen(parse_card(view["discard_top"])) + sum(map(pen, cards)) / len(cards)
    if abs(added - claim.value) >= 0.006:
        return f"a call adds {added:.3f} points on average, said {claim.value}"
    return None


def check_outs(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    """Recount: each unseen card (both copies) that brings the hand after the discard one card nearer."""
    view = game.view(seat)
    rest = hand_for(game, seat, claim.move)
    contract, tri = contract_of(game, seat), trinidad(game)
    cards = unseen(view)
    if claim.of != len(cards):
        return f"{len(cards)} cards unseen, said {claim.of}"
    short = measured(rest, contract, tri, 8)
    if claim.fact == "kalooki.outs_complete" and short != 1:
        return f"after {claim.move} the hand is {short} short: one card cannot complete it"
    copies = Counter(cards)
    n = sum(k for c, k in copies.items() if measured(rest + [c], contract, tri, short) < short)
    return None if n == claim.n else f"after {claim.move}, {n} unseen cards bring the hand nearer, said {claim.n}"


def check_draw_mean(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    """Recount: the cards short after drawing, averaged over every unseen card alike (both copies counted)."""
    view = game.view(seat)
    hand = hand_for(game, seat, claim.move)
    contract, tri = contract_of(game, seat), trinidad(game)
    short = measured(hand, contract, tri, 8)
    cards = unseen(view)
    nearer = sum(k for c, k in Counter(cards).items() if measured(hand + [c], contract, tri, short) < short)
    mean = short - nearer / len(cards)
    if abs(mean - claim.value) >= 0.006:
        return f"after a draw the hand is {mean:.3f} short on average, said {claim.value}"
    return None


def check_most_outs(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    view = game.view(seat)
    contract, tri = contract_of(game, seat), trinidad(game)
    copies = Counter(unseen(view))
    hand = parse_cards(view["hand"])
    mine = None
    best = -1
    short_of = {}
    for text in claim.among:
        rest = list(hand)
        rest.remove(parse_card(text))
        short_of[text] = measured(rest, contract, tri, 8)
    near = min(short_of.values())
    if short_of[claim.subject] != near:
        return f"{claim.subject} does not leave the hand as near as the others compared"
    for text in claim.among:
        if short_of[text] != near:
            continue
        rest = list(hand)
        rest.remove(parse_card(text))
        n = sum(k for c, k in copies.items() if measured(rest + [c], contract, tri, near) < near)
        best = max(best, n)
        if text == claim.subject:
            mine = n
    if mine != claim.value or mine < best:
        return f"{claim.subject} keeps {mine} outs (said {claim.value}), the most among {claim.among} is {best}"
    legal = {a.split()[1] for a in map(str, game.legal_actions(seat)) if a.startswith("discard ")}
    others = {t for t in legal - set(claim.among)}
    for text in others:
        rest = list(hand)
        rest.remove(parse_card(text))
        if measured(rest, contract, tri, 8) == near:
            return f"discarding {text} also leaves the hand {near} short and was not compared"
    return None


def check_nearest(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    hand = parse_cards(game.view(seat)["hand"])
    contract, tri = contract_of(game, seat), trinidad(game)
    legal = {a.split()[1] for a in map(str, game.legal_actions(seat)) if a.startswith("discard ")}
    if legal != set(claim.among):
        return f"the discards compared {claim.among} are not the legal ones {sorted(legal)}"
    after = {}
    for text in legal:
        rest = list(hand)
        rest.remove(parse_card(text))
        after[text] = measured(rest, contract, tri, 6)
    if after[claim.subject] != min(after.values()):
        return f"discarding {claim.subject} leaves {after[claim.subject]} short; others leave {after}"
    return None


def near(a: Card, b: Card) -> bool:
    """Could the two cards share a meld: same rank, or same suit within two ranks (the hint's words)."""
    return not a.is_joker and not b.is_joker and (a.rank == b.rank or a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def check_partners(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    rest = hand_for(game, seat, claim.move)
    card = parse_card(claim.move.split()[1])
    n = sum(1 for c in rest if near(c, card))
    return None if n == claim.n else f"{card} goes with {n} of the other cards, said {claim.n}"


def next_seat(view: dict[str, Any]) -> int:
    me = view["seat"]
    nxt = (me + 1) % view["players"]
    while view["dropped"][nxt] and nxt != me:
        nxt = (nxt + 1) % view["players"]
    return nxt


def fits_table(game: engine.Game, card: Card) -> bool:
    rules = game.deal.rules
    return any(layoffs(tm.meld, card, rules) for tm in game.deal.melds)


def shown(view: dict[str, Any], seat: int, card: Card) -> tuple[set[str], set[str]]:
    called = {c for c in view["called"][seat] if near(parse_card(c), card)}
    picked = {c for c in view["taken"][seat] if near(parse_card(c), card)}
    return called, picked


def wanted(game: engine.Game, view: dict[str, Any], card: Card) -> bool:
    """Has the next player shown a use for this card: he could tack it, or it melds with a card he
    called or picked up from the pile."""
    nxt = next_seat(view)
    if view["laid_down"][nxt]:
        return fits_table(game, card)
    return any(shown(view, nxt, card))


def check_next(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    view = game.view(seat)
    nxt = next_seat(view)
    card = parse_card(claim.move.split()[1])
    if claim.detail["name"] != view["names"][nxt]:
        return f"{claim.detail['name']} is named as next, but {view['names'][nxt]} plays next"
    if claim.fact == "kalooki.next_can_tack":
        if view["laid_down"][nxt] and fits_table(game, card):
            return None
        return f"{card} cannot be tacked by the next player"
    if claim.fact == "kalooki.next_no_use":
        return f"the next player has shown a use for {card}" if wanted(game, view, card) else None
    called, picked = shown(view, nxt, card)
    pool = called if claim.fact == "kalooki.next_called" else picked
    if not claim.detail["shown"] or not set(claim.detail["shown"]) <= pool:
        return f"{claim.detail['shown']} are not cards the next player {claim.fact[13:]} that meld with {card}"
    return None


def check_dearest(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    view = game.view(seat)
    legal = {a.split()[1] for a in map(str, game.legal_actions(seat)) if a.startswith("discard ")}
    if claim.fact == "kalooki.dearest_unwanted":
        pool = {t for t in legal if not wanted(game, view, parse_card(t))}
        if claim.detail["name"] != view["names"][next_seat(view)]:
            return "the player named is not the next player"
    else:
        pool = legal
    if set(claim.among) != pool:
        return f"compared among {claim.among}, but the cards to compare are {sorted(pool)}"
    best = max(pen(parse_card(t)) for t in pool)
    value = pen(parse_card(claim.subject))
    if claim.subject not in pool or value != best or value != claim.value:
        return f"{claim.subject} ({value} points) is said to be the dearest of {sorted(pool)} (best {best})"
    return None


def check_fits(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    hand = game.deal.hands[seat]
    n = sum(1 for c in hand if fits_table(game, c))
    if claim.fact == "kalooki.none_fits":
        return None if n == 0 else f"{n} held cards fit a meld on the table, said none"
    return None if n == claim.n else f"{n} held cards fit a meld on the table, said {claim.n}"


def check_top_fits(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    fits = fits_table(game, parse_card(claim.detail["text"]))
    return None if fits == claim.holds else f"{claim.detail['text']} fits the table: {fits}, said {claim.holds}"


def check_hand_size(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    who = int(claim.move.split()[1])
    n = len(game.deal.hands[who])
    return None if n == claim.n else f"seat {who} holds {n} cards, said {claim.n}"


def check_holds(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    """Each meld named is a valid meld of a kind the contract asks for, all of them from the hand at once;
    "no complete three or four" is checked against every group of three or four cards in the hand."""
    hand = parse_cards(game.view(seat)["hand"])
    threes, fours = contract_of(game, seat)
    rules = game.deal.rules
    if claim.holds:
        used = Counter(c for g in claim.detail["groups"] for c in parse_cards(" ".join(g)))
        if used - Counter(hand):
            return f"the melds {claim.detail['groups']} are not all in the hand"
        for g in claim.detail["groups"]:
            cards = parse_cards(" ".join(g))
            if why_not_meld(cards, rules) is not None:
                return f"{g} is not a meld"
            naturals = [c for c in cards if not c.is_joker]
            is_set = len({c.rank for c in naturals}) == 1 and len(naturals) >= rules.set_naturals
            if not (is_set and threes) and not (not is_set and fours):
                return f"{g} is not a kind of meld the contract asks for"
        return None
    for kind, size in (("three", 3), ("four", 4)):
        if (kind == "three" and not threes) or (kind == "four" and not fours):
            continue
        if layable(hand, (1, 0) if kind == "three" else (0, 1), 0, trinidad(game)):
            return f"the hand holds a complete {kind}, said none"
    return None


def check_laid(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    return None if game.view(seat)["laid_down"][seat] else "the seat is said to have laid down, but has not"


def check_contract_ready(game: engine.Game, seat: int, claim: Any, hint: Hint) -> str | None:
    """"your melds make the whole contract": the melds of the lay move, recounted from the hand, are valid
    melds of the kinds and number the contract asks for."""
    hand = parse_cards(game.view(seat)["hand"])
    groups = [parse_cards(g) for g in claim.move.split(" ", 1)[1].split("|")]
    if Counter(c for g in groups for c in g) - Counter(hand):
        return f"the melds of {claim.move} are not all in the hand"
    threes, fours = contract_of(game, seat)
    sets = 0
    for cards in groups:
        if why_not_meld(cards, game.deal.rules) is not None:
            return f"{cards} is not a meld"
        naturals = [c for c in cards if not c.is_joker]
        sets += len({c.rank for c in naturals}) == 1 and len(naturals) >= game.deal.rules.set_naturals
    if (sets, len(groups) - sets) != (threes, fours):
        return f"{claim.move} lays {sets} threes and {len(groups) - sets} fours; the contract asks {threes} and {fours}"
    return None


SHORTFALLS = ("kalooki.short_uncounted", "kalooki.short_least_cut",
              "kalooki.whole", "kalooki.short", "kalooki.short_one", "kalooki.short_least", "kalooki.short_least_one",
              "kalooki.short_far")

CHECKS = {
    **{("figure", f): check_short for f in SHORTFALLS},
    ("figure", "kalooki.points"): check_points,
    ("figure", "kalooki.point"): check_points,
    ("count", "kalooki.unseen"): check_unseen,
    ("figure", "kalooki.unseen_mean"): check_unseen_mean,
    ("figure", "kalooki.added"): check_added,
    ("count", "kalooki.outs_complete"): check_outs,
    ("count", "kalooki.outs_nearer"): check_outs,
    ("figure", "kalooki.draw_mean"): check_draw_mean,
    ("comparison", "kalooki.most_outs"): check_most_outs,
    ("comparison", "kalooki.nearest"): check_nearest,
    ("count", "kalooki.partners"): check_partners,
    ("count", "kalooki.no_partners"): check_partners,
    ("comparison", "kalooki.dearest"): check_dearest,
    ("comparison", "kalooki.dearest_unwanted"): check_dearest,
    ("certain", "kalooki.next_can_tack"): check_next,
    ("certain", "kalooki.next_called"): check_next,
    ("certain", "kalooki.next_picked"): check_next,
    ("certain", "kalooki.next_no_use"): check_next,
    ("count", "kalooki.fit_later"): check_fits,
    ("certain", "kalooki.none_fits"): check_fits,
    ("certain", "kalooki.top_fits"): check_top_fits,
    ("count", "kalooki.hand_size"): check_hand_size,
    ("certain", "kalooki.holds"): check_holds,
    ("certain", "kalooki.laid"): check_laid,
    ("certain", "kalooki.contract_ready"): check_contract_ready,
}

__all__ = ["CHECKS", "FAST", "Claim", "positions"]


def positions(count: int, rng: Any) -> Any:
    """Half the positions from random legal play (the generic walk), half from medium bots, who lay down,
    tack and call: there the hints of laid-down players, of the lay-down turn and of calls are asked,
    out of turn too (a seat that may call)."""
    from engine.hints import Bot
    from . import random_options, random_positions
    yield from random_positions("kalooki", count // 2, rng)
    cls = engine.GAMES["kalooki"]
    found = count // 2
    while found < count:
        players = rng.randint(cls.min_players, cls.max_players)
        options = random_options(cls, rng)
        options["deals"] = [rng.randint(1, 9)]
        game = engine.new_game("kalooki", players=players, seed=rng.getrandbits(40), **options)
        bots = [Bot("kalooki", "medium", seed=rng.getrandbits(20)) for _ in range(players)]
        for _ in range(2000):
            if game.is_over or found >= count:
                break
            seats = game.to_act()
            for seat in seats:
                share = 0.5 if game.deal.laid[seat] else 0.08  # laid-down hints come late in a deal: ask them more
                if len(game.legal_actions(seat)) > 1 and rng.random() < share and found < count:
                    found += 1
                    yield fork(game), seat
            callers = [s for s in seats[1:] if rng.random() < 0.3 or bots[s].choose(game.view(s)) == "call"]
            seat = callers[0] if callers else seats[0]
            move = "call" if callers else bots[seat].choose(game.view(seat))
            game.apply(move, seat)
