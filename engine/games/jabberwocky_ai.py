"""Jabberwocky bots and hints, from one seat's view.

- easy: plays any card the rules allow and bids a guess;
- medium: counts likely tricks from trumps and Aces to bid, then plays to make the
  bid exactly (win when it still needs tricks, duck when it has enough);
- hard: determinized search (:mod:`engine.search`): it deals the unseen cards in many
  ways that fit what it has seen, plays each candidate out with the medium player's
  habits for everyone, and picks the move that makes its bid most often.

The hint is the hard player's search with more deals, explained with its numbers.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping

from .. import tricks
from ..card_codes import code_of
from ..cards import SUIT_NAMES, parse_card
from .. import claims
from ..claims import paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_, Sentence
from ..numerals import localize
from .jabberwocky import Deal, forbidden_bid, round_points, unseen
from ..search import Inconsistent, Tally, pimc, unseen_dealer
from ..words import agreeing

from .jabberwocky import JabberwockyView
View = JabberwockyView  # the game's view, key by key (engine/games/jabberwocky.py)

#: Imagined deals per decision: the hint explains itself, so it looks harder than the bot.
HINT_PLAYOUTS = 1600
BOT_PLAYOUTS = 240
MIN_SAMPLES = 24

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): every sentence of a hint is a
#: catalog template, so a Portuguese table reads its hints in Portuguese (issue 36).
LANGUAGES = ("en", "pt")


# ---- reading a view ----------------------------------------------------------------

def known_deal(view: View) -> tuple[Deal, list[int], list[Callable[[int], bool]]]:
    """The round as this seat knows it: its own hand filled in, the others empty.

    Returns the partial deal, the cards it has not seen (:func:`~engine.games.jabberwocky.unseen`), and for
    each seat a test of which cards that seat cannot hold (it showed it has none of their suit).
    """
    n = view["players"]
    d = Deal.seen_from(view)
    lacks: list[set[int]] = [set() for _ in range(n)]
    broken = False
    played = [(seats, cards) for seats, cards, _ in d.done_tricks]
    played.append((d.trick_seats, d.trick))
    for seats, cards in played:
        if not cards:
            continue
        led = cards[0] // 13
        if led == d.trump and not broken and d.breaking:
            lacks[seats[0]].update(s for s in range(4) if s != d.trump)  # led trumps unbroken: only trumps
        for s, c in zip(seats, cards):
            if c // 13 != led and not d.revokes[s]:
                lacks[s].add(led)
            if c // 13 == d.trump:
                broken = True
    barred = [_lacks_suits(frozenset(no)) for no in lacks]
    return d, unseen(view), barred


def _lacks_suits(suits: frozenset[int]) -> Callable[[int], bool]:
    return lambda c: c // 13 in suits


def determinizer(view: View) -> Callable[[random.Random], Deal]:
    """Imagined deals that fit the view (the search's worlds), built by :meth:`Deal.from_view`: the unseen
    cards are dealt to the other hands, keeping the suits each has shown it lacks, and to the stock."""
    base, hidden, barred = known_deal(view)
    place = Deal.placer(view)
    me = view["seat"]
    others = [s for s in range(base.players) if s != me]
    # Cards the others still hold; the stock (everything else) holds the rest of the unseen.
    sizes = [view["hand_sizes"][s] for s in others]
    stock = len(hidden) - sum(sizes)
    bars = [barred[s] for s in others] + [lambda c: False]
    deal = unseen_dealer(hidden, sizes + [stock], bars)
    deal_freely = unseen_dealer(hidden, sizes + [stock], [lambda c: False] * len(bars))

    def determinize(rng: random.Random) -> Deal:
        try:
            dealt = deal(rng)
        except Inconsistent:  # a revoke in table mode can contradict a shown void
            dealt = deal_freely(rng)
        return place([c for hand in dealt for c in hand])  # from_view's order: the others by seat, the stock
    return determinize


# ---- the medium player's habits (also how search imagines everyone plays) ------------

def trick_estimate(hand: list[int], trump: int, players: int) -> float:
    """Roughly how many tricks a hand takes: high trumps, Aces and Kings, ruffs of short suits."""
    per_suit = [0, 0, 0, 0]
    for c in hand:
        per_suit[c // 13] += 1
    crowd = 3.0 / players  # more players, fewer tricks for a side-suit honour
    total = 0.0
    for c in hand:
        s, r = c // 13, c % 13
        if s == trump:
            total += min(1.0, max(0.2, (r - 4) / 8))
        elif r == 12:
            total += (0.85 if per_suit[s] <= 3 else 0.6) * min(1.0, crowd + 0.25)
        elif r == 11 and per_suit[s] >= 2:
            total += (0.45 if per_suit[s] <= 4 else 0.25) * crowd
    low_trumps = sum(1 for c in hand if c // 13 == trump and c % 13 < 9)
    short = sum(1 for s in range(4) if s != trump and per_suit[s] <= 1)
    total += 0.3 * min(low_trumps, short)
    return total


def heuristic_bid(hand: list[int], trump: int, size: int, players: int, forbidden: int | None) -> int:
    estimate = trick_estimate(hand, trump, players)
    bid = max(0, min(size, round(estimate)))
    if bid == forbidden:
        up, down = bid + 1, bid - 1
        bid = up if (estimate >= bid and up <= size) or down < 0 else down
    return bid


def _tables(key: Callable[[int, int], int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(key(trump, c) for c in range(52)) for trump in range(4))


#: The medium player's preferences as integer keys per trump, ordered exactly as the tuples they
#: stand for (search looks them up for every card instead of building tuples):
#: leading to lose, the lowest non-trump first — (is a trump, rank);
_LEAD_LOW = _tables(lambda trump, c: (c // 13 == trump) * 13 + c % 13)
#: leading to win, the highest card, trumps after equal ranks — (rank, is a trump).
_LEAD_HIGH = _tables(lambda trump, c: c % 13 * 2 + (c // 13 == trump))
#: shedding a loser: the strongest in the trick, then the highest rank — (strength, rank), per led suit.
_SHED = [[tuple((strength + 2) * 16 + c % 13 for c, strength in enumerate(tricks.trick_keys(trump)[led]))
          for led in range(4)] for trump in range(4)]


def heuristic_card(d: Deal, seat: int) -> int:
    """Play to make the bid exactly: win cheaply while tricks are needed, else duck.

    Strengths come from the deal's trick tables (``d.lead_key``, the led suit's, and ``d.best``,
    the best so far), and preferences from the integer keys above: search calls this for every card.
    """
    options = d.proper_cards(seat)
    if len(options) == 1:
        return options[0]
    trump = d.trump
    want = (d.bids[seat] or 0) - d.won[seat] > 0
    trick = d.trick
    if not trick:
        # Leading: strong cards when tricks are wanted, the lowest otherwise (trumps kept back).
        return max(options, key=_LEAD_HIGH[trump].__getitem__) if want \
            else min(options, key=_LEAD_LOW[trump].__getitem__)
    key = d.lead_key
    best = d.best
    if want:
        winners = [c for c in options if key[c] > best]
        if winners:
            power = key.__getitem__
            return min(winners, key=power) if len(trick) == d.players - 1 else max(winners, key=power)
        return min(options, key=_LEAD_LOW[trump].__getitem__)
    losers = [c for c in options if key[c] <= best]
    if losers:  # shed the most dangerous card that still loses
        return max(losers, key=_SHED[trump][trick[0] // 13].__getitem__)
    return max(options, key=key.__getitem__)


def finish_round(d: Deal, rng: random.Random | None = None) -> None:
    """Play the round out with the medium habits (bids first, if any are missing)."""
    while d.phase == "bid":
        s = d.turn
        d.bid(heuristic_bid(d.hands[s], d.trump, d.size, d.players, d.forbidden()))
    while d.phase == "play":
        d.play(heuristic_card(d, d.turn))


# ---- search ----------------------------------------------------------------------------

def _move_value(view: View) -> Callable[[Deal, str, random.Random], tuple[float, Mapping[str, bool]]]:
    me, scoring = view["seat"], view["options"]["scoring"]

    def playout(world: Deal, move: str, rng: random.Random) -> tuple[float, Mapping[str, bool]]:
        d = world.copy()
        verb, arg = move.split(" ", 1)
        took_trick = False
        if verb == "bid":
            d.bid(int(arg))
        else:
            winner = d.play(code_of(arg))
            while winner is None:
                winner = d.play(heuristic_card(d, d.turn))
            took_trick = winner == me
        finish_round(d)
        bid = d.bids[me] or 0
        points = round_points(bid, d.won[me], d.revokes[me], scoring)
        return float(points), {"trick": took_trick, "exact": d.won[me] == bid}
    return playout


def search(view: View, playouts: int, rng: random.Random) -> list[Tally[str]]:
    """Every legal move of this view, scored by playouts in imagined deals; best first."""
    moves = list(view["legal"])
    samples = max(MIN_SAMPLES, playouts // max(1, len(moves)))
    return pimc(moves, determinizer(view), _move_value(view), samples, rng)


# ---- policies ----------------------------------------------------------------------------

def _proper(view: View) -> list[str]:
    bad = set(view["revoke_plays"])
    return [a for a in view["legal"] if a not in bad] or list(view["legal"])


def easy(view: View, rng: random.Random) -> str:
    if view["phase"] == "bid":
        small = [a for a in view["legal"] if int(a.split()[1]) <= max(1, view["cards_this_round"] // 3)]
        return rng.choice(small or view["legal"])
    return rng.choice(_proper(view))


def medium(view: View, rng: random.Random) -> str:
    d, _, _ = known_deal(view)
    me = view["seat"]
    if view["phase"] == "bid":
        return f"bid {heuristic_bid(d.hands[me], d.trump, d.size, d.players, view['forbidden_bid'])}"
    return f"play {tricks.card(heuristic_card(d, me))}"


def hard(view: View, rng: random.Random) -> str:
    if len(view["legal"]) == 1:
        return view["legal"][0]
    return search(view, BOT_PLAYOUTS, rng)[0].move


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


# ---- the hint ----
# Every fact the hint states is a claim (engine.claims), its words declared once here; the hint's
# sentences are those words and plain connecting words (tests/engine/test_claims.py re-derives each).

WINS = claims.fact("jabberwocky.wins_trick", N_("wins this trick"))
BEATEN = claims.fact("jabberwocky.beaten", N_("cannot win this trick: a card already played beats it"))
TRICK = claims.fact("jabberwocky.trick_share", N_("wins this trick"), N_("loses this trick"))
MAKES = claims.fact("jabberwocky.makes_bid", N_("makes your bid"))
EXACT = claims.fact("jabberwocky.exact", N_("you take exactly {tricks}"))
WORTH = claims.fact("jabberwocky.worth", N_("Counting your high cards and {trumps} (trumps), this hand is worth "
                                            "about {tricks} tricks"))
HOOK = claims.fact("jabberwocky.hook", N_("As dealer you may not bid {no}: the bids would add up to {size}, the "
                                          "number of tricks"))
ONLY_BID = claims.fact("jabberwocky.only_bid", N_("{bid} is the only bid you may make"))
LAST = claims.fact("jabberwocky.last_card", N_("{card} is your last card"))
ONLY_FOLLOW = claims.fact("jabberwocky.only_follow", N_("{card} is your only legal card: {suits} were led and it "
                                                        "is your only {suit}"))
ONLY_LEAD = claims.fact("jabberwocky.only_lead", N_("{card} is your only legal card: trumps ({trumps}) are not "
                                                    "broken yet, so you may not lead one while you hold another "
                                                    "suit, and it is your only card that is not a trump"))
ONLY = claims.fact("jabberwocky.only_legal", N_("{card} is your only legal card"))
NEED = claims.fact("jabberwocky.need", N_("You bid {bid} and have {won}: you need {n} more"))
HAVE = claims.fact("jabberwocky.have", N_("You bid {bid} and already have {n}: now you want to lose every trick"))
SHORT = claims.fact("jabberwocky.short", N_("You bid {bid} and have {won}: you need {need} more, but only {left} "
                                            "remain, so the bid cannot be made this round"))
OVER = claims.fact("jabberwocky.over", N_("You bid {bid} but already have {won}: the bid cannot be made this round"))


def _lang(view: View) -> str:
    """The table's language (the view's ``lang`` option): the hint's sentences are said in it."""
    return str(view["options"].get("lang", "en"))


def _card_words(move: str) -> str:
    return parse_card(move.split(" ", 1)[1]).symbol


def _suit_words(letter: str, lang: str) -> Sentence:
    """A suit's name ("hearts") in the table's language (the catalog's suit names)."""
    return say(lang, SUIT_NAMES[letter])


def trick_certainty(view: View, move: str) -> str | None:
    """"win" when no card any later player could legally play beats this one, whatever the unseen
    cards are; "lose" when a card already in the trick beats it; None when it depends on the others.

    This is over every legal reply, not over the imagined deals: a player is assumed able to hold any
    unseen card of a suit he has not shown he lacks, and to be void in the led suit unless he could not
    be (so he may ruff). A "certain" claim is therefore never contradicted by a real deal.
    """
    d, unseen, barred = known_deal(view)
    c = code_of(move.split(" ", 1)[1])
    led = d.trick[0] // 13 if d.trick else c // 13
    mine = tricks.strength(c, led, d.trump)
    if any(tricks.strength(x, led, d.trump) > mine for x in d.trick):
        return "lose"
    me, n = view["seat"], view["players"]
    later = [(me + k) % n for k in range(1, n - len(d.trick))]
    beaters = [x for x in unseen if tricks.strength(x, led, d.trump) > mine]
    if any(not barred[p](x) for p in later for x in beaters):
        return None
    return "win"


def trick_claim(tally: Tally[str], sure: str | None) -> claims.Claim:
    """What a card does to this trick: certain (over every legal reply, or from the cards already
    played), or its share of the imagined deals, in which everyone plays as the medium bot does."""
    if sure == "win":
        return claims.Certain(WINS.name, move=tally.move)
    if sure == "lose":
        return claims.Certain(BEATEN.name, move=tally.move, over_replies=False)
    return claims.Sampled(TRICK.name, move=tally.move, hits=tally.counts.get("trick", 0), samples=tally.samples,
                          assumption="medium")


def bid_claim(tally: Tally[str], lang: str = "en") -> claims.Sampled:
    """How often the card (or bid) makes the bid in the imagined deals, everyone playing the medium way
    (this seat too, after this move)."""
    fact = EXACT if tally.move.startswith("bid") else MAKES
    detail = {"tricks": _tricks_words(int(tally.move.split()[1]), lang)} if fact is EXACT else {}
    return claims.Sampled(fact.name, move=tally.move, hits=tally.counts.get("exact", 0), samples=tally.samples,
                          assumption="medium", detail=detail)


def single_card_claim(view: View, move: str) -> claims.Certain:
    """Why a card is the only one allowed, from the rule that leaves it alone."""
    card = _card_words(move)
    if len(view["hand"]) == 1:
        return claims.Certain(LAST.name, move=move, over_replies=False, detail={"card": card})
    mine = parse_card(move.split(" ", 1)[1])
    if view["trick"]:
        led = parse_card(view["trick"][0][1]).suit
        if mine.suit == led:
            return claims.Certain(ONLY_FOLLOW.name, move=move, over_replies=False,
                                  detail={"card": card, "suits": _suit_words(led, _lang(view)),
                                          "suit": SUIT_NAMES[led][:-1]})
        return claims.Certain(ONLY.name, move=move, over_replies=False, detail={"card": card})
    trump = parse_card(view["trump_card"]).suit
    return claims.Certain(ONLY_LEAD.name, move=move, over_replies=False,
                          detail={"card": card, "trumps": _suit_words(trump, _lang(view))})


def _hook_claim(view: View) -> claims.Certain | None:
    no = view["forbidden_bid"]
    if no is None:
        return None
    return claims.Certain(HOOK.name, over_replies=False, detail={"no": no, "size": view["cards_this_round"]})


def advise(view: View, playouts: int | None = None, seed: int = 0) -> Hint:
    me = view["seat"]
    lang = _lang(view)
    playouts = HINT_PLAYOUTS if playouts is None else playouts
    rng = random.Random(seed * 7919 + len(view["tricks_played"]) * 31 + len(view["trick"]))
    if len(view["legal"]) == 1:
        move = view["legal"][0]
        if move.startswith("play"):
            only = single_card_claim(view, move)
            said: tuple[claims.Claim, ...] = (only,)
            why = say(lang, N_("{only}, so you play it.") if only.fact == LAST.name else "{only}.",
                      only=only.words(lang))
        else:
            only = claims.Certain(ONLY_BID.name, move=move, over_replies=False,
                                  detail={"bid": move.split()[1]})
            hook = _hook_claim(view)
            said = (only,) if hook is None else (hook, only)
            why = (say(lang, N_("{hook}, so {only}."), hook=hook.words(lang), only=only.words(lang)) if hook
                   else say(lang, "{only}.", only=only.words(lang)))  # "2 is the only bid…": a digit opens it
        return Hint(me, move, why, [Alternative(move, 0.0, say(lang, N_("the only legal move")))], claims=said)
    tallies = search(view, playouts, rng)
    if view["phase"] == "bid":
        reason, said = _bid_reason(view, tallies)
        alts = []
        for t in tallies:
            share_claim = bid_claim(t, lang)
            alts.append(Alternative(t.move, round(t.mean, 3), share_claim.words(lang), claims=(share_claim,),
                                    samples=t.samples, margin=t.margin))
        return Hint(me, tallies[0].move, reason, alts, claims=said)
    sure = {t.move: trick_certainty(view, t.move) for t in tallies}
    reason, said = _play_reason(view, tallies, sure)
    lost = _situation(view)[1] < 0  # the bid cannot be made: no share of deals "makes" it
    alts = []
    for t in tallies:
        trick = trick_claim(t, sure[t.move])
        stated: tuple[claims.Claim, ...] = (trick,) if lost else (trick, bid_claim(t, lang))
        note = paragraph(lang, *(c.words(lang) for c in stated), sep="; ")
        if t.move in view["revoke_plays"]:
            note = say(lang, N_("{note} (a revoke: −3)"), note=note)
        alts.append(Alternative(t.move, round(t.mean, 3), note, claims=stated, samples=t.samples, margin=t.margin))
    return Hint(me, tallies[0].move, reason, alts, claims=said)


def _bid_reason(view: View, tallies: list[Tally[str]]) -> tuple[str, tuple[claims.Claim, ...]]:
    d, _, _ = known_deal(view)
    me = view["seat"]
    lang = _lang(view)
    best = tallies[0]
    estimate = trick_estimate(d.hands[me], d.trump, d.players)
    worth = claims.Figure(WORTH.name, value=round(estimate, 1),
                          detail={"trumps": _suit_words(tricks.SUITS[d.trump], lang),
                                  "tricks": localize(f"{estimate:.1f}", lang)})
    first = bid_claim(best, lang)
    said: list[claims.Claim] = [worth, first]
    if len(tallies) > 1:
        second = bid_claim(tallies[1], lang)
        said.append(second)
        text = say(lang, N_("{worth}. I played the round out for each bid, playing each time to make that bid: if you "
                            "bid {bid}, {first}; if you bid {other}, {second}. Each share is for its own bid, played "
                            "to make it, so the shares need not add up to a whole."),
                   worth=worth.words(lang), bid=best.move.split()[1], first=first.words(lang),
                   other=tallies[1].move.split()[1], second=second.words(lang))
    else:
        text = say(lang, N_("{worth}. I played the round out for each bid, playing each time to make that bid: if you "
                            "bid {bid}, {first}."), worth=worth.words(lang), bid=best.move.split()[1],
                   first=first.words(lang))
    hook = _hook_claim(view)
    if hook is not None:
        said.append(hook)
        text = paragraph(lang, text, say(lang, "{hook}.", hook=hook.words(lang)))
    return text, tuple(said)


def _tricks_words(n: int, lang: str) -> Sentence:
    """``n`` tricks in words ("no tricks", "1 trick", "3 tricks") in the table's language."""
    return say(lang, N_("no tricks")) if n == 0 else _tricks_count(n, lang)


def _tricks_count(n: int, lang: str) -> Sentence:
    """``n`` tricks as a count ("0 tricks", "1 trick") in the table's language."""
    return say(lang, agreeing(n, N_("{n} trick"), N_("{n} tricks")), n=n)


def _situation(view: View) -> tuple[claims.Claim, int]:
    """Where the seat stands against its bid (from the view's own counts), and how many it still needs
    (-1 when the bid can no longer be made)."""
    me = view["seat"]
    bid, won = view["bids"][me], view["tricks_won"][me]
    assert bid is not None, "tricks are played once every bid is in"
    need = bid - won
    left = len(view["hand"])
    won_words = _tricks_count(won, _lang(view))
    if need > left:
        return claims.Certain(SHORT.name, over_replies=False,
                              detail={"bid": bid, "won": won_words, "need": need,
                                      "left": _tricks_count(left, _lang(view))}), -1
    if need > 0:
        return claims.Count(NEED.name, n=need, detail={"bid": bid, "won": won_words}), need
    if need == 0:
        return claims.Count(HAVE.name, n=won, detail={"bid": bid}), 0
    return claims.Certain(OVER.name, over_replies=False, detail={"bid": bid, "won": won}), -1


def _play_reason(view: View, tallies: list[Tally[str]],
                 sure: Mapping[str, str | None]) -> tuple[str, tuple[claims.Claim, ...]]:
    lang = _lang(view)
    situation, need = _situation(view)
    said: list[claims.Claim] = [situation]
    text = say(lang, "{situation}.", situation=situation.words(lang))
    if need < 0:
        text = paragraph(lang, text, say(lang, N_("Only a revoke could still cost you points.") if view["revoke_plays"]
                                         else N_("Your cards are all worth the same to you.")))
    best = tallies[0]
    trick = trick_claim(best, sure[best.move])
    said.append(trick)
    if need >= 0 and claims.indistinct([t.mean for t in tallies]):
        made = bid_claim(best, lang)
        said.append(made)
        return paragraph(lang, text, say(lang, N_("No card does better than another here: {card} {trick}, and every "
                                                  "card {made}."), card=_card_words(best.move),
                                         trick=trick.words(lang), made=made.words(lang))), tuple(said)
    if need < 0:
        return paragraph(lang, text, say(lang, "{card} {trick}.", card=_card_words(best.move),
                                         trick=trick.words(lang))), tuple(said)
    made = bid_claim(best, lang)
    said.append(made)
    text = paragraph(lang, text, say(lang, N_("{card} {trick}; it {made}."), card=_card_words(best.move),
                                     trick=trick.words(lang), made=made.words(lang)))
    others = [t for t in tallies[1:] if t.counts.get("exact", 0) != best.counts.get("exact", 0)]
    if others:
        alt = others[0]
        alt_trick, alt_made = trick_claim(alt, sure[alt.move]), bid_claim(alt, lang)
        said += [alt_trick, alt_made]
        text = paragraph(lang, text, say(lang, N_("{card} {trick}; it {made}."), card=_card_words(alt.move),
                                         trick=alt_trick.words(lang), made=alt_made.words(lang)))
    return text, tuple(said)


__all__ = ["POLICIES", "advise", "determinizer", "finish_round", "forbidden_bid", "heuristic_bid",
           "heuristic_card", "known_deal", "search", "trick_estimate"]
