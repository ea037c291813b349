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
from .el_gato import ElGatoView, GATO, trick_fighters, unseen
from ..hints import Alternative, Hint
from ..claims import ONLY_MOVE, Certain, paragraph, say
from ..i18n import N_
from ..numerals import number
from ..words import agreeing

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): El Gato is the book's game.
LANGUAGES = ("en", "pt")


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


def _lang(view: ElGatoView) -> str:
    return str(view["options"].get("lang", "en"))


def _card(card: Card, lang: str) -> str:
    """How the narration names a card (el_gato.card_words), in the table's language: "the gato (5 de oros)"."""
    return say(lang, N_("the gato ({card})"), card=card.name) if card == GATO else card.name


def _pct(x: float, lang: str) -> str:
    """A chance as the hint has always printed it (whole percent), in the table's language."""
    return number(x, lang, ".0%")


def _packet(view: ElGatoView, seat: int | None, lang: str) -> str:
    """Whose packet: "your packet", "Ada's packet", "the packet" (nobody's left)."""
    if seat == view["seat"]:
        return say(lang, N_("your packet"))
    if seat is None:
        return say(lang, N_("the packet"))
    return say(lang, N_("{name}'s packet"), name=view["names"][seat])


def _where_is_the_gato(view: ElGatoView, lang: str) -> str:
    """Where everyone can see the gato is, when it is not unseen."""
    if any(parse_card(c) == GATO for c in [c for _, c in view["trick"]] + [c for _, c in view["aside"]]):
        return say(lang, N_("it is face up on the table"))
    for seat, below in enumerate(view["known_below"]):
        if any(parse_card(c) == GATO for c in below):
            return say(lang, N_("everyone saw it go under {packet}"), packet=_packet(view, seat, lang))
    return say(lang, N_("it has been seen"))


def advise(view: ElGatoView) -> Hint:
    seat = view["seat"]
    lang = _lang(view)
    known, pool = next_card(view)
    source = card_source(view)
    after = len(view["order"]) - len(view["trick"]) - 1
    parts = [say(lang, N_("In El Gato there is nothing to choose: your only move is to turn your top card (press "
                          "{button})."), button=say(lang, N_("Play")))]
    if view["packet_sizes"][seat] == 0 and source is not None:
        parts.append(say(lang, N_("Your packet is empty, so for this guerra you take the top card of {name}'s packet, "
                                  "face down, and play it."), name=view["names"][source]))
    if view["guerra"]:
        parts.append(say(lang, N_("This is a guerra: its winner takes all {n} cards set aside, and this trick's too."),
                         n=len(view["aside"])))
    packet = _packet(view, source, lang)
    if known is not None:
        parts.append(say(lang, N_("The next card of {packet} is known: {card}, which everyone saw go under it."),
                         packet=packet, card=_card(known, lang)))
        basis = say(lang, N_("known"))
    else:
        if len(pool) == 1:
            parts.append(say(lang, N_("The next card of {packet} is the one card nobody has seen since the deal (the "
                                      "cards won in tricks went under the packets in plain view)."), packet=packet))
            basis = say(lang, N_("the last unseen card"))
        else:
            parts.append(say(lang, N_("The next card of {packet} is one of the {n} cards nobody has seen since the "
                                      "deal, each as likely (the cards won in tricks went under the packets in plain "
                                      "view)."), packet=packet, n=len(pool)))
            basis = say(lang, N_("one of {n} unseen"), n=len(pool))
    if not view["trick"]:
        if known is not None:
            parts.append(say(lang, N_("You play first, so your card sets the mark; it is the gato: it beats "
                                      "everything.") if known == GATO else
                             N_("You play first, so your card sets the mark; it is not the gato.")))
            note = say(lang, N_("you lead with {card}"), card=_card(known, lang))
        elif GATO in pool:
            chance = _pct(1 / len(pool), lang)
            parts.append(say(lang, N_("You play first, so your card sets the mark. It is the gato 1 time in {n} "
                                      "({chance})."), n=len(pool), chance=chance))
            note = say(lang, N_("you lead; the gato {chance}"), chance=chance)
        else:
            parts.append(say(lang, N_("You play first, so your card sets the mark. It cannot be the gato: {where}."),
                             where=_where_is_the_gato(view, lang)))
            note = say(lang, N_("you lead; the gato {chance}"), chance=_pct(0, lang))
    else:
        lead, guerra, lose = (_pct(x, lang) for x in odds(view))
        ace_high = bool(view["options"].get("ace_high"))
        trick = [(s, parse_card(c)) for s, c in view["trick"]]
        best_seat = trick_fighters(trick, ace_high)[0]
        best_card = _card(next(c for s, c in trick if s == best_seat), lang)
        tie = say(lang, N_("ties it {chance} (a guerra)") if view["options"].get("guerra") != "any_pair"
                  else N_("pairs a card on the table {chance} (a guerra)"), chance=guerra)
        parts.append(say(lang, N_("The highest card showing is your {card}."), card=best_card) if best_seat == seat
                     else say(lang, N_("The highest card showing is {name}'s {card}."), name=view["names"][best_seat],
                              card=best_card))
        parts.append(say(lang, N_("Over the cards yours may be ({basis}), your card beats it {lead} of the time, {tie} "
                                  "and loses {lose}."), basis=basis, lead=lead, tie=tie, lose=lose))
        parts.append(say(lang, agreeing(after, N_("{n} player still play after you."),
                                        N_("{n} players still play after you.")), n=after) if after
                     else say(lang, N_("You play last, so your card settles this trick.")))
        note = say(lang, N_("leads {lead}, guerra {guerra}, loses {lose}"), lead=lead, guerra=guerra, lose=lose)
    only = Certain(ONLY_MOVE.name, move="play", over_replies=False)
    return Hint(seat, "play", paragraph(lang, *parts),
                [Alternative("play", 0.0, say(lang, N_("the only move; {note}"), note=note))], gist=only)


def take_the_only_action(view: ElGatoView, rng: random.Random) -> str:
    """Every level plays the same way: there is only one legal action."""
    return str(view["legal"][0])


POLICIES = {"easy": take_the_only_action, "medium": take_the_only_action, "hard": take_the_only_action}
