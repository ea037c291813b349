"""Injun's advisor: how likely your unseen card is the highest, and what that means for the bet.

From one seat you see every card but your own, so your card is equally likely to be any
card you cannot see. The chance that it beats the cards still in the pot is therefore
exact (a count, not a simulation), and it is what a hint reports. The hard bot also
reads the others' bets: they can see *your* card, so a player who raises is more likely
looking at a low card on your forehead. It reads them from the view alone (the cards
it sees and the actions everyone saw), never from the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card, parse_card, standard_52
from ..hints import Alternative, Hint
from .injun import rank_value

_PACK = standard_52()
_RANK_WORDS = {14: "an Ace", 13: "a King", 12: "a Queen", 11: "a Jack", 8: "an 8"}


# ---- what this seat knows ----

def seen_cards(view: dict[str, Any]) -> dict[int, Card]:
    """The cards this seat can see, by seat (everyone's but its own)."""
    return {s: parse_card(c) for s, c in enumerate(view["cards"]) if c is not None and s != view["seat"]}


def unseen(view: dict[str, Any]) -> list[Card]:
    """The cards your own card may be: every card you cannot see, equally likely."""
    seen = set(seen_cards(view).values())
    return [c for c in _PACK if c not in seen]


def rivals(view: dict[str, Any]) -> list[int]:
    """Other players still in the deal (folded players cannot win; their cards still count as seen)."""
    me = view["seat"]
    return [s for s in range(view["players"]) if s != me and view["in_deal"][s] and not view["folded"][s]]


def share_if(my_rank: int, their_ranks: Sequence[int]) -> float:
    """What part of the pot a card of ``my_rank`` wins against these cards: 1, a tie's share, or 0."""
    if not their_ranks:
        return 1.0
    best = max(their_ranks)
    if my_rank > best:
        return 1.0
    if my_rank == best:
        return 1.0 / (1 + sum(r == best for r in their_ranks))
    return 0.0


@dataclass(frozen=True)
class Odds:
    """Your chances against the cards still in: counts out of ``total`` equally likely cards."""

    beats: int      # cards that beat every rival card
    ties: int       # cards that tie the highest rival card
    total: int
    equity: float   # expected share of the pot (a tie counts as a share)
    highest: list[str]  # the highest rival card(s), as symbols


def odds(view: dict[str, Any], weights: dict[Card, float] | None = None) -> Odds:
    """Exact odds over the unseen cards (uniform unless ``weights`` come from reading the bets)."""
    seen = seen_cards(view)
    theirs = [rank_value(seen[s]) for s in rivals(view) if s in seen]
    pool = unseen(view)
    best = max(theirs, default=0)
    beats = sum(rank_value(c) > best for c in pool)
    ties = sum(rank_value(c) == best for c in pool)
    w = weights or {c: 1.0 for c in pool}
    total_w = sum(w.get(c, 0.0) for c in pool) or 1.0
    equity = sum(w.get(c, 0.0) * share_if(rank_value(c), theirs) for c in pool) / total_w
    highest = [seen[s].symbol for s in rivals(view) if s in seen and rank_value(seen[s]) == best]
    return Odds(beats, ties, len(pool), equity, highest)


# ---- reading the others' bets (hard bot) ----

def read_bets(view: dict[str, Any]) -> dict[Card, float]:
    """Weights for each card you might hold, given how the others bet while looking at it.

    For each candidate card, every earlier action of another player is scored by how
    likely a sensible player would make it with the win chance *they* would have had:
    bets, raises and chips are likelier when they think they are winning, folds when not.
    Only the rank of your card matters to them, so the work is done per rank.
    """
    me = view["seat"]
    seen = seen_cards(view)
    pool = unseen(view)
    ranks = sorted({rank_value(c) for c in pool})
    live = [view["in_deal"][s] for s in range(view["players"])]
    weight = {r: 1.0 for r in ranks}
    folded: set[int] = set()
    for seat, action in view["actions"]:
        seat = int(seat)
        verb = action.split()[0]
        if seat != me and seat in seen:
            for r in ranks:
                weight[r] *= _likelihood(verb, _their_equity(seat, r, seen, me, live, folded))
        if verb == "fold":
            folded.add(seat)
    total = sum(weight[rank_value(c)] for c in pool) or 1.0
    return {c: weight[rank_value(c)] / total for c in pool}


def _their_equity(seat: int, my_rank: int, seen: dict[int, Card], me: int, live: list[bool],
                  folded: set[int]) -> float:
    """Player ``seat``'s win chance as they saw it, had my card been of rank ``my_rank``."""
    visible = {s: rank_value(c) for s, c in seen.items() if s != seat}
    visible[me] = my_rank
    against = [r for s, r in visible.items() if live[s] and s not in folded]
    counts = {r: 4 for r in range(2, 15)}
    for r in visible.values():
        counts[r] -= 1
    total = sum(counts.values())
    return sum(k * share_if(r, against) for r, k in counts.items() if k) / total


def _likelihood(verb: str, equity: float) -> float:
    """How much likelier an action is for a player who thinks he wins ``equity`` of the pot.

    Bets and raises say the most; a call says little, a brag chip almost nothing (the
    seed's brag asks for a chip every turn, so nearly everyone puts one in).
    """
    if verb in ("bet", "raise"):
        return 0.2 + equity
    if verb == "call":
        return 0.7 + 0.3 * equity
    if verb == "chip":  # in brag nearly everyone chips: it says very little
        return 0.9 + 0.1 * equity
    return 1.2 - equity  # fold


# ---- the moves, valued in chips ----

def _others_calling(view: dict[str, Any], new_high: int) -> int:
    """Chips the others still betting would add if they all matched a bet of ``new_high``."""
    me = view["seat"]
    return sum(min(new_high - view["round_bets"][s], view["chips"][s]) for s in view["bettors"] if s != me)


def raise_sizes(view: dict[str, Any]) -> list[int]:
    """A few sensible sizes among the legal ones: the smallest, about half the pot, about the pot."""
    legal = sorted(int(a.split()[1]) for a in view["legal"] if a.startswith(("bet ", "raise ")))
    if not legal:
        return []
    wanted = {legal[0], max(legal[0], view["pot_total"] // 2), max(legal[0], view["pot_total"])}
    return sorted({min(legal, key=lambda n: (abs(n - x), n)) for x in wanted})


def evaluate(view: dict[str, Any], equity: float) -> list[Alternative]:
    """Each move's expected chips from here (what is already in the pot is no longer yours)."""
    pot, legal, out = view["pot_total"], view["legal"], []
    if view["style"] == "poker":
        call = min(view["to_call"], view["chips"][view["seat"]])
        if "call" in legal:
            out.append(Alternative("call", equity * (pot + call) - call,
                                   f"costs {call} to win a pot of {pot}: worth it if you win "
                                   f"{call / (pot + call):.0%} of the time"))
        verb = "raise" if view["high_bet"] else "bet"
        for n in raise_sizes(view):
            cost = call + n
            more = _others_calling(view, view["high_bet"] + n)
            out.append(Alternative(f"{verb} {n}", equity * (pot + cost + more) - cost,
                                   f"costs {cost}; if everyone still betting calls, the pot is {pot + cost + more}"))
    else:
        others = len(view["bettors"]) - 1
        if "see" in legal:
            out.append(Alternative("see", equity * (pot + 2) - 2,
                                   f"2 chips to show the cards now, for a pot of {pot + 2}"))
        if others >= 2:  # more rounds will follow: count this chip and a later see, for everyone
            grown = pot + 3 * (others + 1)
            out.append(Alternative("chip", equity * grown - 3,
                                   f"1 chip now and about 3 in all by the end; if everyone keeps up, the pot "
                                   f"reaches about {grown}"))
        else:
            out.append(Alternative("chip", equity * (pot + 4) - 3,
                                   f"1 chip now, and if they put in one you may then pay 2 to see a pot of {pot + 4}"))
    out.append(Alternative("fold", 0.0, "you lose nothing more, and give up the pot"))
    out = [Alternative(a.action, round(a.score, 2), a.note) for a in out]
    out.sort(key=lambda a: (-a.score, a.action))
    return out


# ---- the hint ----

def advise(view: dict[str, Any]) -> Hint:
    o = odds(view)
    alternatives = evaluate(view, o.equity)
    best = alternatives[0]
    return Hint(view["seat"], best.action, _reason(view, o, best, alternatives), alternatives)


def _reason(view: dict[str, Any], o: Odds, best: Alternative, alternatives: list[Alternative]) -> str:
    seen = seen_cards(view)
    theirs = [seen[s].symbol for s in rivals(view) if s in seen]
    if len(theirs) == 1:
        first = f"You can see {theirs[0]}, the only other card still in."
        beat = "beats it"
    else:
        first = f"You can see {_listing(theirs)} still in."
        beat = "beats them all" if len(theirs) > 2 else "beats them both"
    folded = [seen[s].symbol for s in seen if view["folded"][s]]
    if folded:
        first += f" ({_listing(folded)} folded: that cannot be your card either.)"
    counts = f"Your own card {beat} in {o.beats} of the {o.total} cases"
    if o.ties:
        counts += f" and ties with {_listing(o.highest)} in {o.ties} more"
    counts += f": counting a tie as a share, you can expect about {o.equity:.0%} of the pot."
    advice = ""
    if "call" in view["legal"]:
        call = min(view["to_call"], view["chips"][view["seat"]])
        pot = view["pot_total"]
        advice = (f"A call costs {call} chip{'s' if call != 1 else ''} to win a pot of {pot}: you need to win "
                  f"{call / (pot + call):.0%} of the time. ")
    if best.action == "call":
        advice += f"You win more often than that, so call (worth {best.score:+.1f} chips on average)."
    elif best.action == "fold":
        advice += "Every bet costs more than it is likely to bring back, so fold: the chips already in are gone anyway."
    elif best.action == "see":
        advice += f"Paying 2 to see is worth {best.score:+.1f} chips on average: show the cards."
    elif best.action == "chip":
        advice += f"Putting in a chip is worth {best.score:+.1f} on average: stay in."
    else:
        advice += f"You are likely ahead: {best.action} is worth {best.score:+.1f} chips on average if the others call."
    raisers = {view["names"][int(s)] for s, a in view["actions"] if a.split()[0] in ("bet", "raise")
               and int(s) != view["seat"]}
    if raisers:
        advice += (f" Remember that the others see your card: {_listing(sorted(raisers))} bet on what they saw, "
                   "which players do more often when your card looks low.")
    return " ".join((first, counts, advice))


def _listing(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# ---- the three bots ----

def easy(view: dict[str, Any], rng: random.Random) -> str:
    """Plausible but weak: mostly stays in, raises now and then, folds sometimes, ignoring the cards."""
    legal = view["legal"]
    sizes = [a for a in legal if a.startswith(("bet ", "raise "))]
    roll = rng.random()
    if view["style"] == "poker":
        if sizes and (roll < 0.2 or "call" not in legal and roll < 0.8):
            return sizes[0] if rng.random() < 0.7 else rng.choice(sizes[:4])
        if "call" in legal and roll < 0.85:
            return "call"
        return "fold"
    if "see" in legal and roll < 0.3:
        return "see"
    return "chip" if roll < 0.85 else "fold"


def medium(view: dict[str, Any], rng: random.Random) -> str:
    """Rule of thumb: a threshold on the plain win chance, and the pot odds for a call."""
    legal = view["legal"]
    eq = odds(view).equity
    pot = view["pot_total"]
    if view["style"] == "poker":
        sizes = [a for a in legal if a.startswith(("bet ", "raise "))]
        raises = sum(a.split()[0] == "raise" for _s, a in view["actions"])
        if sizes and eq >= 0.6 and raises < 2:
            return sizes[0]
        if "call" in legal:
            call = view["to_call"]
            return "call" if eq >= call / (pot + call) + 0.05 else "fold"
        return sizes[0] if sizes and eq >= 0.25 else "fold"
    others = len(view["bettors"]) - 1
    if others >= 2:
        return "chip" if eq >= 1 / (others + 1) else "fold"
    if eq >= 0.6 and pot < 6 * view["ante"] * view["players"] and "see" in legal:
        return "chip"
    if "see" in legal and eq * (pot + 2) >= 2:
        return "see"
    return "chip" if eq >= 0.5 else "fold"


def hard(view: dict[str, Any], rng: random.Random) -> str:
    """Expected chips with the win chance corrected by reading the others' bets."""
    eq = odds(view, read_bets(view)).equity
    alternatives = evaluate(view, eq)
    raises = sum(a.split()[0] == "raise" for _s, a in view["actions"])
    mine = sum(int(s) == view["seat"] for s, _a in view["actions"])
    allowed = [a for a in alternatives
               if not (a.action.startswith("raise") and raises >= 3)
               and not (a.action == "chip" and len(view["bettors"]) == 2 and mine >= 6)]
    top = allowed[0].score
    return rng.choice([a.action for a in allowed if a.score == top])


POLICIES = {"easy": easy, "medium": medium, "hard": hard}
