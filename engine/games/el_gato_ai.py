"""El Gato's advisor: there is nothing to decide, so the hint says what will happen and the odds.

Your only move is to turn your top card. Nobody knows the order of the cards dealt, but
everyone sees each trick go under its winner's packet in play order, so the view tells
which cards are still unseen and what lies below them in every packet. The forecast
uses all of it: once your dealt cards are used up your top card is known for certain;
before that it is equally likely to be any card nobody has seen yet (the shuffle makes
every unseen position alike). The three bot levels are the same bot: each takes the
only action.
"""

from __future__ import annotations

import random

from ..cards import Card, parse_card
from .el_gato import ElGatoView, GATO, card_words, trick_fighters, unseen
from ..hints import Alternative, Hint
from ..claims import ONLY_MOVE, Certain
from ..words import count



def card_source(view: ElGatoView) -> int | None:
    """Whose packet your next card comes from: yours, or (in a guerra with none left) the next
    player clockwise who still has cards (docs/rules/el_gato.md#el_gato.last_card); None if nobody has one."""
    me, n, sizes = view["seat"], view["players"], view["packet_sizes"]
    for step in range(n):
        seat = (me + step) % n
        if sizes[seat]:
            return seat
    return None


def next_card(view: ElGatoView) -> tuple[Card | None, list[Card]]:
    """(the card you will turn if everyone knows it, else None; the cards it may be, equally likely)."""
    source = card_source(view)
    if source is None:
        return None, []
    if view["unseen_on_top"][source] == 0:
        card = parse_card(view["known_below"][source][0])
        return card, [card]
    return None, unseen(view)


def odds(view: ElGatoView) -> tuple[float, float, float]:
    """(lead, guerra, lose): the chance your card is highest so far, starts a guerra, or loses the
    trick as it stands, over the cards it may be."""
    _, pool = next_card(view)
    if not view["trick"] or not pool:
        return 0.0, 0.0, 0.0
    ace_high = bool(view["options"].get("ace_high"))
    any_pair = view["options"].get("guerra") == "any_pair"
    trick = [(s, parse_card(c)) for s, c in view["trick"]]
    me = view["seat"]
    lead = guerra = 0
    for card in pool:
        fighters = trick_fighters(trick + [(me, card)], ace_high, any_pair)
        lead += fighters == [me]
        guerra += me in fighters and len(fighters) > 1
    n = len(pool)
    return lead / n, guerra / n, 1.0 - (lead + guerra) / n


def _where_is_the_gato(view: ElGatoView) -> str:
    """Where everyone can see the gato is, when it is not unseen."""
    if any(parse_card(c) == GATO for c in [c for _, c in view["trick"]] + [c for _, c in view["aside"]]):
        return "it is face up on the table"
    for seat, below in enumerate(view["known_below"]):
        if any(parse_card(c) == GATO for c in below):
            owner = "your" if seat == view["seat"] else f"{view['names'][seat]}'s"
            return f"everyone saw it go under {owner} packet"
    return "it has been seen"


def advise(view: ElGatoView) -> Hint:
    seat = view["seat"]
    known, pool = next_card(view)
    source = card_source(view)
    after = len(view["order"]) - len(view["trick"]) - 1
    parts = ["In El Gato there is nothing to choose: your only move is to turn your top card (press Play)."]
    if view["packet_sizes"][seat] == 0 and source is not None:
        parts.append(f"Your packet is empty, so for this guerra you take the top card of "
                     f"{view['names'][source]}'s packet, face down, and play it.")
    if view["guerra"]:
        parts.append(f"This is a guerra: its winner takes all {len(view['aside'])} cards set aside, and "
                     "this trick's too.")
    whose = "your" if source == seat else f"{view['names'][source]}'s" if source is not None else "the"
    if known is not None:
        parts.append(f"The next card of {whose} packet is known: {card_words(known)}, which everyone saw go "
                     "under it.")
        basis = "known"
    else:
        if len(pool) == 1:
            parts.append(f"The next card of {whose} packet is the one card nobody has seen since the deal "
                         "(the cards won in tricks went under the packets in plain view).")
            basis = "the last unseen card"
        else:
            parts.append(f"The next card of {whose} packet is one of the {len(pool)} cards nobody has seen since "
                         "the deal, each as likely (the cards won in tricks went under the packets in plain view).")
            basis = f"one of {len(pool)} unseen"
    if not view["trick"]:
        if known is not None:
            what = "the gato: it beats everything" if known == GATO else "not the gato"
            parts.append(f"You play first, so your card sets the mark; it is {what}.")
            note = f"you lead with {card_words(known)}"
        elif GATO in pool:
            chance = 1 / len(pool)
            parts.append(f"You play first, so your card sets the mark. It is the gato 1 time in {len(pool)} "
                         f"({chance:.0%}).")
            note = f"you lead; the gato {chance:.0%}"
        else:
            parts.append(f"You play first, so your card sets the mark. It cannot be the gato: "
                         f"{_where_is_the_gato(view)}.")
            note = "you lead; the gato 0%"
    else:
        lead, guerra, lose = odds(view)
        ace_high = bool(view["options"].get("ace_high"))
        trick = [(s, parse_card(c)) for s, c in view["trick"]]
        best_seat = trick_fighters(trick, ace_high)[0]
        best_card = next(c for s, c in trick if s == best_seat)
        owner = "your" if best_seat == seat else f"{view['names'][best_seat]}'s"
        tie = (f"ties it {guerra:.0%} (a guerra)" if view["options"].get("guerra") != "any_pair"
               else f"pairs a card on the table {guerra:.0%} (a guerra)")
        parts.append(f"The highest card showing is {owner} {card_words(best_card)}. Over the cards yours may be "
                     f"({basis}), your card beats it {lead:.0%} of the time, {tie} and loses {lose:.0%}.")
        parts.append(f"{count(after, 'player')} still play after you." if after
                     else "You play last, so your card settles this trick.")
        note = f"leads {lead:.0%}, guerra {guerra:.0%}, loses {lose:.0%}"
    only = Certain(ONLY_MOVE.name, move="play", over_replies=False)
    return Hint(seat, "play", " ".join(parts), [Alternative("play", 0.0, f"the only move; {note}")], gist=only)


def take_the_only_action(view: ElGatoView, rng: random.Random) -> str:
    """Every level plays the same way: there is only one legal action."""
    return str(view["legal"][0])


POLICIES = {"easy": take_the_only_action, "medium": take_the_only_action, "hard": take_the_only_action}
