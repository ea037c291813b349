"""El Gato's advisor: there is nothing to decide, so the hint says what will happen and the odds.

Your only move is to turn your top card. Nobody knows it, you included, so the honest
forecast treats every card that is not face up on the table as equally likely to be on
top of your packet, and counts how many of them beat, tie or lose to the highest card
showing. The three bot levels are the same bot: each takes the only action.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import Card, parse_card, spanish_40
from .el_gato import GATO, card_words, rank_of
from ..hints import Alternative, Hint

PACK = spanish_40()


def face_up(view: dict[str, Any]) -> list[Card]:
    """The cards everyone can see now: the trick being played and any guerra cards set aside."""
    return [parse_card(c) for _, c in view["aside"]] + [parse_card(c) for _, c in view["trick"]]


def unseen(view: dict[str, Any]) -> list[Card]:
    """Cards that could be on top of your packet, as far as the table shows: all but the face-up ones."""
    up = Counter(face_up(view))
    return [c for c in PACK if not up[c]]


def odds(view: dict[str, Any]) -> tuple[float, float, float]:
    """(beat, tie, lose): the chance your top card beats, ties or loses to the highest card showing."""
    pool = unseen(view)
    ace_high = bool(view["options"].get("ace_high"))
    if not view["trick"] or not pool:
        return 0.0, 0.0, 0.0
    best = max(rank_of(parse_card(c), ace_high) for _, c in view["trick"])
    ranks = [rank_of(c, ace_high) for c in pool]
    n = len(ranks)
    beat = sum(r > best for r in ranks) / n
    tie = sum(r == best for r in ranks) / n
    return beat, tie, 1.0 - beat - tie


def advise(view: dict[str, Any]) -> Hint:
    seat = view["seat"]
    pool = unseen(view)
    after = len(view["order"]) - len(view["trick"]) - 1
    parts = ["In El Gato there is nothing to choose: your only move is to turn your top card (play)."]
    if view["packet_sizes"][seat] == 0:
        parts.append("Your packet is empty, so for this guerra you take the top card of the next tied "
                     "player's packet, face down, and play it.")
    if view["guerra"]:
        parts.append(f"This is a guerra: its winner takes all {len(view['aside'])} cards set aside, and "
                     "this trick's too.")
    if not view["trick"]:
        chance = 1 / len(pool) if GATO in pool else 0.0
        parts.append(f"You play first, so your card sets the mark. It is the gato 1 time in {len(pool)} "
                     f"({chance:.0%}), counting every card not face up as equally likely.")
        note = f"you lead; the gato {chance:.0%}"
    else:
        beat, tie, lose = odds(view)
        ace_high = bool(view["options"].get("ace_high"))
        best_seat, best_card = max(((s, parse_card(c)) for s, c in view["trick"]),
                                   key=lambda sc: rank_of(sc[1], ace_high))
        owner = "your" if best_seat == seat else f"{view['names'][best_seat]}'s"
        parts.append(f"The highest card showing is {owner} {card_words(best_card)}. Of the {len(pool)} cards "
                     f"not face up, your top card beats it {beat:.0%} of the time, ties it {tie:.0%} (a guerra) "
                     f"and loses {lose:.0%}.")
        parts.append(f"{after} player{'s' if after != 1 else ''} still play after you." if after
                     else "You play last, so your card settles this trick.")
        note = f"beats {beat:.0%}, ties {tie:.0%}, loses {lose:.0%}"
    return Hint(seat, "play", " ".join(parts), [Alternative("play", 0.0, f"the only move; {note}")])


def take_the_only_action(view: dict[str, Any], rng: random.Random) -> str:
    """Every level plays the same way: there is only one legal action."""
    return str(view["legal"][0])


POLICIES = {"easy": take_the_only_action, "medium": take_the_only_action, "hard": take_the_only_action}
