"""Jubileu's claims re-derived from the real game (issue 18): who can win a trick by enumerating every legal
reply of the real hands with the engine's own rules, suit lengths and Aces recounted from the view, and the
bookkeeping of every average of imagined deals."""

from __future__ import annotations

import random
from typing import Any, Iterator

import engine
from engine.claims import Claim, Comparison, Count, Figure
from engine.games.jubileu import BIDS, CODE_OF, Deal, Jubileu, deck_for
from engine.hints import Bot, Hint

from ..helpers import fork

from . import check_longest_suit, check_only_legal, random_positions, wins_trick_checker

#: Fewer imagined deals while the test runs: a claim's truth does not depend on how many.
FAST = {"HINT_PLAYOUTS": 16, "MIN_SAMPLES": 4, "BID_HINT_DEALS": 6, "BID_HINT_LEAST": 6, "CHOICE_HINT_DEALS": 6}

#: The most chips one seat can win or lose in a deal: the dearest bid, 13 tricks over, from three players.
MOST_CHIPS = 3 * (max(b.chips for b in BIDS.values()) + 13)


# ---- who can win the trick, over every legal reply of the real hands ---------------------------------

def trick_winners(game: Jubileu, seat: int, move: str) -> set[int]:
    """Every seat that can win the current trick if ``seat`` makes ``move`` now: each legal reply (the lean
    deal's own ``legal``, the rules the game plays by) of the real hands, the declarer's orders included."""
    start = game.deal.copy()
    done = len(start.done_tricks)
    start.apply(seat, CODE_OF[game.parse_action(move)])
    winners: set[int] = set()
    stack: list[Deal] = [start]
    while stack:
        d = stack.pop()
        if len(d.done_tricks) > done:  # the trick is over: its winner
            winners.add(d.done_tricks[done][2])
            continue
        who = d.turn
        for action in d.legal(who):
            nxt = d.copy()
            nxt.apply(who, action)
            stack.append(nxt)
    return winners


check_wins_trick = wins_trick_checker(trick_winners)


def check_espirra_wins(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    winners = trick_winners(game, seat, claim.move)
    side = {seat, game.deal.partner}
    if not winners <= side:
        return f"after {claim.move}, the trick is said to go to the declarer's side, but {sorted(winners)} can win it"
    return None


# ---- suits and Aces, recounted from the view ------------------------------------------------------------

def _suit_counts(game: Any, seat: int) -> dict[str, int]:
    counts = {s: 0 for s in "SHDC"}
    for card in game.view(seat)["hand"]:
        counts[card[-1]] += 1
    return counts


def _legal_suits(game: Any, seat: int, verb: str) -> tuple[str, ...]:
    args = [a.split()[1] for a in game.view(seat)["legal"] if a.startswith(verb + " ")]
    return tuple(a if verb == "trump" else a[-1] for a in args)


def check_longest_trump(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"your longest suit (other than …)": compared among exactly the suits that may be named trump."""
    assert isinstance(claim, Comparison)
    allowed = _legal_suits(game, seat, "trump")
    if sorted(claim.among) != sorted(allowed):
        return f"the longest suit is compared among {claim.among}, but trump may be {allowed}"
    if (claim.fact == "jubileu.longest_suit") != (len(allowed) == 4):
        return f"{claim.fact} said while trump may be {allowed}"
    return check_longest_suit(game, seat, claim, hint)


def check_call_longest(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"the longest of the suits whose Ace you may call": among exactly the Aces that may be called."""
    assert isinstance(claim, Comparison)
    allowed = _legal_suits(game, seat, "call")
    if sorted(claim.among) != sorted(allowed) or not all(a.startswith("call A") for a in game.view(seat)["legal"]):
        return f"the call is compared among {claim.among}, but the callable Aces are of {allowed}"
    return check_longest_suit(game, seat, claim, hint)


def check_shortest_trump(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Comparison)
    allowed = _legal_suits(game, seat, "trump")
    counts = _suit_counts(game, seat)
    if sorted(claim.among) != sorted(allowed) or claim.subject not in allowed:
        return f"the shortest suit is compared among {claim.among}, but trump may be {allowed}"
    if counts[claim.subject] != claim.value or counts[claim.subject] != min(counts[s] for s in allowed):
        return f"{claim.subject} ({counts[claim.subject]}, said {claim.value}) is not the shortest of {counts}"
    return None


def check_aces(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    """"Since you hold N Aces, you may not pass": N recounted, and pass really is not offered."""
    assert isinstance(claim, Count)
    view = game.view(seat)
    aces = sum(1 for c in view["hand"] if c.startswith("A"))
    if aces != claim.n or aces < 3 or "pass" in view["legal"]:
        return f"said to hold {claim.n} Aces and be unable to pass; holds {aces}, legal {view['legal']}"
    return None


def check_chips(game: Any, seat: int, claim: Claim, hint: Hint) -> str | None:
    """An average of imagined deals: a mean of whole chips over its deals, within what one deal can bring."""
    assert isinstance(claim, Figure)
    total = claim.value * claim.samples
    if claim.exact or claim.samples <= 0 or abs(total - round(total)) > 1e-6 or abs(claim.value) > MOST_CHIPS:
        return f"an average of {claim.value} chips over {claim.samples} imagined deals is not one"
    if str(claim.samples) not in claim.words():
        return f"the average does not say over how many deals: {claim.words()!r}"
    return None


CHECKS = {
    ("certain", "jubileu.wins_trick"): check_wins_trick,
    ("certain", "jubileu.espirra_wins"): check_espirra_wins,
    ("certain", "jubileu.only_legal"): check_only_legal,
    ("certain", "jubileu.only_call"): check_only_legal,
    ("comparison", "jubileu.longest_suit"): check_longest_trump,
    ("comparison", "jubileu.longest_allowed"): check_longest_trump,
    ("comparison", "jubileu.call_longest"): check_call_longest,
    ("comparison", "jubileu.shortest_suit"): check_shortest_trump,
    ("count", "jubileu.aces"): check_aces,
    ("figure", "jubileu.chips"): check_chips,
}


# ---- where the hints are asked ---------------------------------------------------------------------------

#: Rare hands random play seldom deals: every Ace and King (the Queen call), three Aces (Jogo Obrigatório and
#: its partner naming trump), the lowest cards (misères), and a Jubileu with the Espirra orders to weigh.
STACKED = [
    ({0: "AS AH AD AC KS KH KD KC QS 2H 3H 4D 5C"}, "bid obrigatorio; pass; pass; pass"),
    ({0: "AS AH AD 2C 3C 4C 5C"}, "bid obrigatorio; pass; pass; pass"),
    ({0: "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"}, "bid miseria; pass; pass; pass"),
    ({0: "2C 3C 4C KS QS", 1: "AH 5C 6C", 2: "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", 3: "AD AC"},
     "bid jubileu; pass; pass; pass; trump S; call AH; espirra; play 2C"),
    ({0: "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C", 1: "5S 6S 7S 6H 7H 8H 5D 6D 7D 5C 6C 7C 8C"},
     "bid meia-miseria"),
]


def _stacked_positions(rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Each stacked deal from its first decision to the end, medium bots moving, a hint asked now and then."""
    for hands, opening in STACKED:
        lang = rng.choice(["en", "pt"])
        g = engine.new_game("jubileu", seed=1, deck=deck_for(hands, 3), first_dealer=3, deals=1, lang=lang,
                            meia_join=rng.choice(["still_in", "anyone"]))
        yield fork(g), g.current_player
        for move in opening.split(";"):
            g.apply(move.strip())
            if not g.is_over:
                yield fork(g), g.current_player
        bots = [Bot("jubileu", "medium", seed=s) for s in range(4)]
        while not g.is_over:
            seat = g.current_player
            if rng.random() < (0.3 if len(g.legal_actions(seat)) > 1 else 0.1):   # a forced card now and then
                yield fork(g), seat
            g.apply(bots[seat].choose(g.view(seat)), seat)


def _bot_positions(rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded deals played by medium bots (whose auctions reach Jubileus and their Espirras, which random
    play seldom does), every option at random; the hint is asked at every choice of trump or called card."""
    while True:
        g = engine.new_game("jubileu", seed=rng.getrandbits(40), deals=1, lang=rng.choice(["en", "pt"]),
                            troela=rng.choice([False, True]), meia_join=rng.choice(["still_in", "anyone", "nobody"]))
        bots = [Bot("jubileu", "medium", seed=s) for s in range(4)]
        while not g.is_over:
            seat = g.current_player
            if len(g.legal_actions(seat)) > 1 and (g.deal.phase in ("trump", "call") or rng.random() < 0.15):
                yield fork(g), seat
            g.apply(bots[seat].choose(g.view(seat)), seat)


def positions(count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """The stacked deals first, then seeded deals of medium bots and of random play, alternately."""
    found = 0
    for spot in _stacked_positions(rng):
        if found >= min(count, 40):
            break
        found += 1
        yield spot
    sources = [_bot_positions(rng), random_positions("jubileu", count, rng)]
    while found < count:
        yield next(sources[found % 2])
        found += 1
