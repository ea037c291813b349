"""Jubilee's advisor: what to play, why, and what each alternative risks.

A play is worth its points now minus what it hands the next player: the chance that
they hold a card landing the count on a multiple of 25 from where we leave it. That
chance is computed exactly from the cards this seat has not seen (hypergeometric,
not sampled), so the percentages in a hint are honest for what the seat knows.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb
from typing import Any

from ..cards import Card, jubilee_61, parse_card
from ..hints import Alternative, Hint, share
from .jubilee import card_value, multiple_passed, score_for

_PACK = Counter(jubilee_61())
_VALUES = {card_value(c) for c in _PACK} - {0}  # ±2…10 and ±15: no card is worth 1 or 11–14


def unseen_cards(view: dict[str, Any]) -> Counter[Card]:
    """Cards this seat cannot place: not in its hand, not played, not shown by a passer."""
    pool = Counter(_PACK)
    pool.subtract(parse_card(c) for c in view["hand"])
    pool.subtract(parse_card(c) for c in view["played"])
    for seat, shown in enumerate(view["revealed"]):
        if shown and seat != view["seat"]:
            pool.subtract(parse_card(c) for c in shown)
    return +pool


def next_seat(view: dict[str, Any]) -> int | None:
    n, me, sizes = view["players"], view["seat"], view["hand_sizes"]
    for step in range(1, n):
        seat = (me + step) % n
        if sizes[seat]:
            return seat
    return None  # everyone else is out of cards: nobody can profit from the count we leave


def landing_cards(count: int) -> tuple[set[int], int]:
    """Card values that land ``count`` on a multiple of 25, and the best points for it."""
    values: set[int] = set()
    best = 0
    for target in ((count // 25 + 1) * 25, (count - 1) // 25 * 25):
        v = target - count
        if target > 0 and v in _VALUES:
            values.add(v)
            best = max(best, 20 if target % 100 == 0 else 10)
    return values, best


def threat(view: dict[str, Any], count: int, pool: Counter[Card]) -> tuple[float, float]:
    """(chance, expected points) that the next player can land a Jubilee from ``count``."""
    seat = next_seat(view)
    if seat is None:
        return 0.0, 0.0
    values, points = landing_cards(count)
    if not values:
        return 0.0, 0.0
    size = view["hand_sizes"][seat]
    shown = view["revealed"][seat] or []
    known = [parse_card(c) for c in shown]
    if any(card_value(c) in values for c in known):
        return 1.0, float(points)
    unknown_slots = max(0, size - len(known))
    total = sum(pool.values())
    good = sum(k for c, k in pool.items() if card_value(c) in values)
    if unknown_slots == 0 or total == 0 or good == 0:
        return 0.0, 0.0
    miss = comb(total - good, unknown_slots) / comb(total, unknown_slots) if total - good >= unknown_slots else 0.0
    chance = 1.0 - miss
    return chance, chance * points


def _playable(view: dict[str, Any]) -> list[Card]:
    return [parse_card(a.split()[1]) for a in view["legal"] if a.startswith("play ")]


def evaluate(view: dict[str, Any]) -> list[Alternative]:
    """Every legal move scored: points now minus the next player's expected Jubilee."""
    count = view["count"]
    pool = unseen_cards(view)
    out = []
    for card in _playable(view):
        points, _ = score_for(count, card)
        after = count + card_value(card)
        chance, risk = threat(view, after, pool)
        score = points - risk
        out.append(Alternative(f"play {card}", round(score, 2),
                               _note(count, card, points, chance, after)))
    if not out:
        why = ("the first card must be black and you hold none" if _black_first_blocks(view)
               else "no card keeps the count at 0 or more")
        out.append(Alternative("pass", 0.0, why))
    out.sort(key=lambda a: (-a.score, a.action))
    return out


def _note(count: int, card: Card, points: int, chance: float, after: int) -> str:
    if points > 0:
        now = f"lands on {after}: +{points}"
    elif points < 0:
        now = f"jumps over {multiple_passed(count, after)}: −5"
    elif card.is_joker:
        now = f"joker: the count stays at {count}"
    else:
        now = f"count {after}, no score"
    return f"{now}; next player can land a Jubilee {share(chance)} of the time"


def advise(view: dict[str, Any]) -> Hint:
    alternatives = evaluate(view)
    best = alternatives[0]
    return Hint(view["seat"], best.action, _reason(view, best, alternatives), alternatives)


def _reason(view: dict[str, Any], best: Alternative, alternatives: list[Alternative]) -> str:
    count = view["count"]
    if best.action == "pass":
        if _black_first_blocks(view):
            return ("None of your cards may be played now: the first card of this deal must be black (a spade "
                    "or a club) and you hold none, so you must show your hand and pass. You do not draw. Once "
                    "every player has passed in turn, the rule lapses and any card the count allows may open.")
        return (f"None of your cards may be played now (the count is {count} and may not go below 0), "
                "so you must show your hand and pass. You do not draw.")
    card = parse_card(best.action.split()[1])
    points, rule = score_for(count, card)
    after = count + card_value(card)
    pool = unseen_cards(view)
    chance, _ = threat(view, after, pool)
    if rule == "jubilee.hundred":
        first = f"{card.symbol} takes the count from {count} to {after}, a multiple of 100: +20."
    elif rule == "jubilee.jubilee":
        first = f"{card.symbol} takes the count from {count} to {after}: a Jubilee, +10."
    elif points < 0:
        ties_too = any(a.score == best.score for a in alternatives[1:])
        first = (f"{card.symbol} takes the count from {count} to {after}, jumping over "
                 f"{multiple_passed(count, after)} (−5), but "
                 + ("no card does better." if ties_too else "every other card is worse."))
    else:
        first = f"{card.symbol} takes the count from {count} to {after}."
    values, _ = landing_cards(after)
    nxt = next_seat(view)
    shown = [parse_card(c) for c in (view["revealed"][nxt] or [])] if nxt is not None else []
    live = {v for v in values if any(card_value(c) == v for c in list(pool) + shown)}
    if not values:
        second = f"From {after} no single card can land on a multiple of 25, so the next player cannot score."
    elif nxt is None:
        second = "Nobody else has cards left, so nobody can profit from the count you leave."
    elif not live:
        needs = " or ".join(_value_words(v) for v in sorted(values, reverse=True))
        second = (f"From {after} only {needs} would land on a multiple of 25, and every such card is played "
                  "or in your hand: the next player cannot score.")
    elif any(card_value(c) in values for c in shown):
        held = next(c for c in shown if card_value(c) in values)
        second = (f"From {after} the next player can land on a multiple of 25: they showed {held.symbol} "
                  "when they passed.")
    else:
        needs = " or ".join(_value_words(v) for v in sorted(live, reverse=True))
        second = (f"From {after} the next player needs {needs}; from the cards you have not seen, "
                  f"they hold one {share(chance)} of the time.")
    ties = [_card_words(a) for a in alternatives[1:] if a.score == best.score]
    worse = next((a for a in alternatives if a.score < best.score), None)
    third = f"{', '.join(ties)} would do as well. " if ties else ""
    if worse is not None:
        third += f"Next best: {_card_words(worse)} ({worse.note})."
    elif not ties:
        third = "It is your only legal card."
    return " ".join((first, second, third))


def _black_first_blocks(view: dict[str, Any]) -> bool:
    """The first-black variant is what stops this seat: it holds a card the count would allow."""
    return bool(view.get("black_first")) and any(card_value(parse_card(c)) >= 0 for c in view["hand"])


def _card_words(alt: Alternative) -> str:
    return parse_card(alt.action.split()[1]).symbol if alt.action.startswith("play ") else alt.action


def _value_words(v: int) -> str:
    if v > 0:
        what = {15: "a black Ace", 10: "a black 10, J, Q or K"}.get(v, f"a black {v}")
        return f"+{v} ({what})"
    what = {-15: "the A♥", -10: "a heart 10, J, Q or K"}.get(v, f"the {-v}♥")
    return f"{v} ({what})"


# ---- the three bots ----

def easy(view: dict[str, Any], rng: random.Random) -> str:
    """Plausible but weak: any legal card, chosen at random."""
    return rng.choice(view["legal"])


def medium(view: dict[str, Any], rng: random.Random) -> str:
    """Rule of thumb: take the most points now; between equals, leave the count out of reach."""
    if view["legal"] == ["pass"]:
        return "pass"
    count = view["count"]

    def key(card: Card) -> tuple[int, int]:
        after = count + card_value(card)
        reachable = bool(landing_cards(after)[0])
        return score_for(count, card)[0], 0 if reachable else 1

    cards = _playable(view)
    best = max(key(c) for c in cards)
    return f"play {rng.choice([c for c in cards if key(c) == best])}"


def hard(view: dict[str, Any], rng: random.Random) -> str:
    """Exact expectation over the unseen cards: points now minus the next player's chances."""
    alternatives = evaluate(view)
    top = alternatives[0].score
    return rng.choice([a.action for a in alternatives if a.score == top])


POLICIES = {"easy": easy, "medium": medium, "hard": hard}
