"""Relógio's claims, re-derived by playing the real engine (docs/rules/relogio.md), not through the advisor.

A chance "if every card you cannot see is equally likely" is recounted over every distinct arrangement
of the real face-down cards' ranks (suits never matter): each arrangement is dealt into a copy of the
real game, the move is made, and the rest is played by the rules with the plan the hint states (keep
Kings until the fourth, then swap it to the bottom of the fullest face-down pile, the lowest hour on a
tie). A certain loss is played out the same way on the real cards and on many rearrangements of them.
"""

from __future__ import annotations

import random
from collections import Counter
from math import factorial, prod, sqrt
from typing import Iterator

import engine
from engine.claims import Certain, Chance, Claim, Count, Figure, Sampled
from engine.hints import Hint

from ..helpers import fork
from . import random_options

CENTRE = 13
#: Few arrangements counted exactly and few sampled, so hints are cheap: truth does not depend on them.
FAST = {"EXACT_LIMIT": 120, "SAMPLES": 60}
#: Rearrangements of the face-down cards a certain loss is played out on (besides the real one).
TRIES = 12


def _hidden_slots(game: engine.Game) -> list[tuple[int, int]]:
    """Face-down slots whose card the player has not seen (the King he swapped in he knows)."""
    known = game.deal.swapped_king  # type: ignore[attr-defined]
    return [(h, i) for h in range(1, 14) for i, c in enumerate(game.deal.down[h])  # type: ignore[attr-defined]
            if c != known]


def _arrangements(cards: list) -> Iterator[list]:
    """Every distinct ordering of the cards by rank (one representative card per rank)."""
    by_rank: dict[int, list] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    left = Counter({r: len(cs) for r, cs in by_rank.items()})
    out: list[int] = []

    def rec() -> Iterator[list[int]]:
        if len(out) == len(cards):
            yield list(out)
            return
        for r in sorted(left):
            if left[r]:
                left[r] -= 1
                out.append(r)
                yield from rec()
                out.pop()
                left[r] += 1
    for ranks in rec():
        pools = {r: list(cs) for r, cs in by_rank.items()}
        yield [pools[r].pop() for r in ranks]


def _deal(game: engine.Game, slots: list[tuple[int, int]], cards: list) -> engine.Game:
    trial = fork(game)
    for (h, i), c in zip(slots, cards):
        trial.deal.down[h][i] = c  # type: ignore[attr-defined]
    return trial


def _plan(view: dict) -> str:
    """The plan the hint states for the rest: keep Kings until the fourth, which goes to the bottom of
    the fullest face-down pile (the lowest hour on a tie)."""
    if not view["pending"]:
        return "turn"
    if view["kings_up"] < 3:
        return "keep"
    fullest = max(p["face_down"] for p in view["piles"])
    pile = min((p for p in view["piles"] if p["face_down"] == fullest), key=lambda p: p["hour"])
    return f"swap {pile['label']}:{fullest}"


def _wins(trial: engine.Game, move: str) -> bool:
    trial.apply(move)
    while not trial.is_over:
        trial.apply(_plan(trial.view(0)))
    return trial.deal.result == "won"  # type: ignore[attr-defined]


def exact_chance(game: engine.Game, move: str) -> tuple[int, int]:
    """(arrangements won, arrangements) after ``move``, over every arrangement of the hidden ranks."""
    slots = _hidden_slots(game)
    cards = [game.deal.down[h][i] for h, i in slots]  # type: ignore[attr-defined]
    wins = total = 0
    for order in _arrangements(cards):
        wins += _wins(_deal(game, slots, order), move)
        total += 1
    return wins, total


def check_chance(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    assert isinstance(claim, Chance)
    wins, total = exact_chance(game, claim.move)
    if abs(claim.p - wins / total) > 1e-9:
        return f"{claim.move}: a chance of {claim.p} is said; {wins} of {total} arrangements win"
    return None


def check_lost(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """A loss whatever the face-down cards are: the real cards and rearrangements of them all lose
    (and for keeping the 4th King, the game ends at once, lost, with the cards still face down)."""
    assert isinstance(claim, Certain)
    view = game.view(seat)
    moves = [claim.move] if claim.move else [a for a in view["legal"] if a.startswith("swap ")
                                             and int(a.split(":")[1]) < _pile(view, a)["face_down"]]
    if not moves:
        return "a loss above the bottom of a pile is said, but no such slot is offered"
    if claim.fact == "relogio.keep_fourth":
        trial = fork(game)
        trial.apply("keep")
        if not (trial.is_over and trial.deal.result == "lost") or claim.detail["down"] != game.deal.face_down_count():
            return f"keeping is said to lose at once with {claim.detail['down']} cards down"
    slots = _hidden_slots(game)
    cards = [game.deal.down[h][i] for h, i in slots]  # type: ignore[attr-defined]
    rng = random.Random(repr(claim))
    for t in range(TRIES + 1):
        order = list(cards)
        if t:
            rng.shuffle(order)
        for move in moves:
            if _wins(_deal(game, slots, order), move):
                return f"{move} is said to lose whatever the cards are, but an arrangement wins"
    return None


def _pile(view: dict, action: str) -> dict:
    label = action[5:].partition(":")[0]
    return next(p for p in view["piles"] if p["label"] == label)


def check_ways(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The number of arrangements of the hidden ranks, and how many cards are hidden, recounted."""
    assert isinstance(claim, Count)
    slots = _hidden_slots(game)
    ranks = Counter(game.deal.down[h][i].rank for h, i in slots)  # type: ignore[attr-defined]
    ways = factorial(len(slots)) // prod(factorial(k) for k in ranks.values())
    if claim.n != ways or claim.detail["hidden"] != len(slots):
        return f"{claim.n} ways of {claim.detail['hidden']} hidden cards are said; recounted {ways} of {len(slots)}"
    return None


def check_margin(game: engine.Game, seat: int, claim: Claim, hint: Hint) -> str | None:
    """The 95% margin of the share it goes with (same move), from that share's numbers."""
    assert isinstance(claim, Figure)
    said = [c for c in [*hint.claims, *(c for a in hint.alternatives for c in a.claims)]
            if isinstance(c, Sampled) and c.move == claim.move]
    if not said:
        return f"a margin for {claim.move} with no share beside it"
    share = said[0]
    p, n = share.rate, share.samples
    points = round(100 * 1.96 * sqrt(max(p * (1 - p), 0.25 / n) / n))
    if claim.value != points:
        return f"a margin of {claim.value} points is said for {share.hits} of {n}; it is {points}"
    return None


CHECKS = {
    ("chance", "relogio.win"): check_chance,
    ("certain", "relogio.lost"): check_lost,
    ("certain", "relogio.keep_fourth"): check_lost,
    ("certain", "relogio.above_bottom"): check_lost,
    ("count", "relogio.ways"): check_ways,
    ("figure", "relogio.margin"): check_margin,
}


def positions(count: int, rng: random.Random) -> Iterator[tuple[engine.Game, int]]:
    """Seeded deals under every option. Kings are mostly kept (so the 3rd and 4th Kings come, late in
    the deal, when few cards are hidden and chances are counted exactly), now and then swapped at
    random; the hint is asked at Kings and, now and then, at a plain turn."""
    cls = engine.GAMES["relogio"]
    found = 0
    while found < count:
        game = engine.new_game("relogio", seed=rng.getrandbits(40), **random_options(cls, rng))
        while not game.is_over and found < count:
            legal = [str(a) for a in game.legal_actions(0)]
            if rng.random() < (0.5 if len(legal) > 1 else 0.03):
                found += 1
                yield fork(game), 0
            game.apply("keep" if "keep" in legal and rng.random() < 0.7 else rng.choice(legal), 0)
