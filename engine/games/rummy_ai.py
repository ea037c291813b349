"""Rummy bots and hints, from one seat's view.

- easy: any legal move, but it puts cards down whenever it can;
- medium: puts down the melds of its least-deadwood split and every lay-off, takes the
  discard only when it completes or extends a meld, and throws the costliest loose card,
  keeping cards that are one card away from a meld;
- hard: the same solver, and for every choice it tries each card it cannot see as the next
  stock card (exactly, not a sample), keeps track of what the opponents took from the
  discard pile and will not feed them: it avoids discards that fit a meld on the table or
  sit next to a card an opponent picked up. It also keeps its melds hidden in hand while it
  has put nothing down and every opponent still holds many cards: it gives nobody a lay-off
  and can go rummy (double) in one turn; it puts them down as soon as it can go out, or when
  an opponent gets close. A hint does not hold back: it teaches putting melds down.

Deadwood here means the points of the cards that are in no meld of the best split of the
hand (engine.melds.least_deadwood), counted as the rules count a hand at the end.
"""

from __future__ import annotations

import random

from .. import claims
from ..cards import Card, parse_card, parse_cards
from ..claims import Certain, Claim, Count, Figure, paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_, Sentence
from ..melds import MELD_WORDS, SET, Meld, MeldRules, cards_said, least_deadwood, ranks_said, said_in
from .rummy import card_value, meld_rules, unseen_cards

from .rummy import RummyView
View = RummyView  # the game's view, key by key (engine/games/rummy.py)

#: The hard player's discard weighs deadwood now against deadwood expected after the next draw,
#: and charges points for feeding an opponent (a lay-off on the table, a card near one he picked up).
NOW_WEIGHT = 0.5
TABLE_RISK = 4.0
PICKED_RISK = 2.0
#: The hard player keeps its melds hidden while every opponent holds at least this many cards
#: (measured in bench_rummy.py: 5 beat 3 and beat putting melds down at once).
HOLD_WHILE_OPPONENTS_HOLD = 5
#: The discards the hard player weighs: the costliest few loose cards.
CANDIDATES = 5

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): every sentence of a hint is a
#: catalog template, so a Portuguese table reads its hints in Portuguese (issue 36).
LANGUAGES = ("en", "pt")


# ---- the facts a hint states (engine.claims; tests/engine/claim_checks/rummy.py re-derives each) ----------
#
# Deadwood figures are exact; the stock's figure is an exact average over the cards this seat cannot see, each
# taken as equally likely to come next (no sampling): its words say so.

DEADWOOD_NOW = claims.fact("rummy.deadwood_now", N_("your deadwood is {value}"))
AFTER_TAKING = claims.fact("rummy.after_taking", N_("taking the {card} and then your best discard leaves deadwood "
                                                    "{value}"))
STOCK_AVERAGE = claims.fact("rummy.stock_average", N_("a card from the stock and then your best discard leave "
                                                      "deadwood {value} on average, each of the {unseen} cards you "
                                                      "cannot see taken as equally likely"))
STOCK_HELPS = claims.fact("rummy.stock_helps", N_("{n} of the {of} cards you cannot see would lower it"))
COMPLETES = claims.fact("rummy.completes", N_("it completes {meld}"))
FITS_TABLE = claims.fact("rummy.fits_table", N_("it fits a meld on the table"))
CARD_ADDS = claims.fact("rummy.card_adds", N_("the {card} adds only {value} to your deadwood"))
MELD_POINTS = claims.fact("rummy.meld_points", N_("putting it down takes {value} points out of your hand"))
LAYOFF_LOWERS = claims.fact("rummy.layoff_lowers", N_("laying it off lowers your deadwood by {value}"))
DEADWOOD_BECOMES = claims.fact("rummy.deadwood_becomes", N_("your deadwood becomes {value}"))
AFTER_NEXT_DRAW = claims.fact("rummy.after_next_draw", N_("{value} on average after your next draw and best "
                                                          "discard, each of the {unseen} cards you cannot see taken "
                                                          "as equally likely"))

#: Expected deadwood closer than this cannot tell two draws apart: the hint says so.
INDISTINCT = 0.05


class Reader:
    """What a view says, in cards: the hand, the table, the cards this seat cannot see."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules: MeldRules = meld_rules(view["options"])
        self.ace: str = view["ace"]
        self.hand = parse_cards(view["hand"])
        self.legal: list[str] = view["legal"]
        self.table = [parse_cards(m["cards"]) for m in view["melds"]]
        self.top = parse_card(view["discard_top"]) if view["discard_top"] else None
        self.me = view["seat"]
        #: The table's language (the view's ``lang`` option): the hint's sentences are said in it.
        self.lang: str = str(view["options"].get("lang", "en"))

    def value(self, card: Card) -> int:
        return card_value(card, self.ace)

    def deadwood(self, cards: list[Card]) -> int:
        return least_deadwood(cards, self.rules, self.value).points

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: not in its hand, on the table, in the discard pile or
        known to be held by an opponent (taken from the discard pile): the cards the lean deal's
        ``from_view`` places (:func:`engine.games.rummy.unseen_cards`)."""
        return unseen_cards(self.view)

    def fits_table(self, card: Card) -> bool:
        """Would ``card`` lay off on a meld on the table?"""
        from ..melds import layoffs, meld_or_none
        for cards in self.table:
            meld = meld_or_none(cards, self.rules)
            if meld is not None and layoffs(meld, card, self.rules):
                return True
        return False

    def after_best_discard(self, cards: list[Card], forbidden: Card | None = None) -> tuple[int, Card | None]:
        """The least deadwood left after discarding one of ``cards`` (not ``forbidden``), and that discard.

        Exact, and cheap: throwing a loose card of the best split leaves exactly its points less; throwing any
        card leaves at least that much less (add it back loose), so a melded card is tried only when its
        points could beat the best so far."""
        arrangement = least_deadwood(cards, self.rules, self.value)
        best: tuple[int, Card | None] = (10 ** 6, None)
        for c in sorted(set(cards) - {forbidden}, key=lambda c: (-self.value(c), str(c))):
            if c in arrangement.deadwood:
                left = arrangement.points - self.value(c)
            elif arrangement.points - self.value(c) >= best[0]:
                continue
            else:
                rest = list(cards)
                rest.remove(c)
                left = self.deadwood(rest)
            if left < best[0]:
                best = (left, c)
        return best


def _move(legal: list[str], verb: str) -> list[str]:
    return [a for a in legal if a.startswith(verb + " ")]


def _shown(cards: list[Card] | tuple[Card, ...], lang: str) -> str:
    """Cards as a sentence shows them (``7♠ 8♠ 9♠``), a joker in the table's language."""
    shown = cards_said(cards)
    return said_in(shown, lang) if isinstance(shown, Sentence) else shown


def _symbol(card: Card, lang: str) -> str:
    return _shown([card], lang)


# ---- putting cards down (medium and hard) ---------------------------------------------

def put_down(r: Reader) -> tuple[str, str, tuple[Claim, ...]] | None:
    """The next meld or lay-off of the least-deadwood plan, with the reason and its claims; None if none."""
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    lang = r.lang
    for meld in arrangement.melds:
        action = _legal_meld(r.legal, meld)
        if action:
            points = Figure(MELD_POINTS.name, sum(r.value(c) for c in meld.cards), move=action)
            return action, say(lang, N_("{cards} is {kind}: {points}."), cards=_shown(meld.cards, lang),
                               kind=_kind(meld, r.rules, lang), points=points.words(lang)), (points,)
    for action in _move(r.legal, "layoff"):
        card = parse_card(action.split()[1])
        if card in arrangement.deadwood or card.is_joker:
            number = action.split()[3]
            rest = list(r.hand)
            rest.remove(card)
            lowers = Figure(LAYOFF_LOWERS.name, arrangement.points - r.deadwood(rest), move=action)
            message = (N_("{card} is in none of your melds but fits meld {number} on the table: {lowers}.")
                       if card in arrangement.deadwood else N_("{card} fits meld {number} on the table: {lowers}."))
            return action, say(lang, message, card=_symbol(card, lang), number=number,
                               lowers=lowers.words(lang)), (lowers,)
    return None


def _kind(meld: Meld, rules: MeldRules, lang: str = "en") -> Sentence:
    """``"a set of 8s"``, ``"a run"``: what a meld is, without listing its cards again (as
    :meth:`engine.melds.Meld.describe` names it)."""
    if meld.kind == SET:
        return say(lang, N_("a {meld} of {ranks}"), meld=say(lang, MELD_WORDS.get(rules.set_name, rules.set_name)),
                   ranks=said_in(ranks_said(meld.rank), lang))
    return say(lang, N_("a {meld}"), meld=say(lang, MELD_WORDS.get(rules.run_name, rules.run_name)))


def _legal_meld(legal: list[str], meld: Meld) -> str | None:
    text = "meld " + " ".join(str(c) for c in meld.cards)
    if text in legal:
        return text
    want = sorted(meld.cards)
    for action in _move(legal, "meld"):
        if sorted(parse_cards(action[5:])) == want:
            return action
    return None


def near_meld(card: Card, hand: list[Card]) -> bool:
    """One card away from a meld: a pair, or two of a suit at most two apart."""
    return any(o is not card and o != card and not o.is_joker and (
        o.rank == card.rank or o.suit == card.suit and abs(o.rank - card.rank) <= 2) for o in hand)


# ---- the three players ---------------------------------------------------------------

def easy(view: View, rng: random.Random) -> str:
    legal = view["legal"]
    down = _move(legal, "meld") + _move(legal, "layoff")
    return rng.choice(down or legal)


def medium(view: View, rng: random.Random) -> str:
    r = Reader(view)
    if view["phase"] == "draw":
        if "draw discard" in r.legal and r.top is not None and _discard_helps(r, r.top):
            return "draw discard"
        return "draw stock"
    plan = put_down(r)
    if plan:
        return plan[0]
    return _medium_discard(r)


def _discard_helps(r: Reader, card: Card) -> bool:
    """Does ``card`` complete or extend a meld (or lay off on the table)?"""
    before = least_deadwood(r.hand, r.rules, r.value)
    after = least_deadwood(r.hand + [card], r.rules, r.value)
    return card not in after.deadwood and len(after.deadwood) <= len(before.deadwood) or r.fits_table(card)


def _medium_discard(r: Reader) -> str:
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    options = [parse_card(a.split()[1]) for a in _move(r.legal, "discard")]
    loose = [c for c in options if c in arrangement.deadwood] or options
    best = max(loose, key=lambda c: (not near_meld(c, r.hand), r.value(c), str(c)))
    return f"discard {best}"


def hard(view: View, rng: random.Random) -> str:
    return plan_hard(view, hold=True)[0]


Plan = tuple[str, str, list[Alternative], tuple[Claim, ...]]


def plan_hard(view: View, hold: bool = False) -> Plan:
    """The hard player's move, the reason in words, the alternatives, and the claims the reason states.

    ``hold``: keep melds hidden in hand to go rummy (the hard bot does; a hint puts them down,
    the safe play a beginner is taught first)."""
    r = Reader(view)
    if view["phase"] == "draw":
        return _hard_draw(r)
    plan = None if hold and _hold_for_rummy(r) else put_down(r)
    if plan:
        return plan[0], plan[1], [], plan[2]
    return _hard_discard(r)


def _hold_for_rummy(r: Reader) -> bool:
    """Keep the melds in hand, to go rummy (double) later and give nobody a lay-off, while nothing
    has been put down yet, the hand cannot go out this turn and every opponent still holds many cards."""
    v = r.view
    sizes = [n for s, n in enumerate(v["hand_sizes"]) if s != r.me]
    if v["put_down"][r.me] or min(sizes) < HOLD_WHILE_OPPONENTS_HOLD:
        return False
    loose = [c for c in least_deadwood(r.hand, r.rules, r.value).deadwood if not r.fits_table(c)]
    return len(loose) > 1


def _hard_draw(r: Reader) -> Plan:
    lang = r.lang
    now = r.deadwood(r.hand)
    unseen = r.unseen()
    stock_after = [r.after_best_discard(r.hand + [x])[0] for x in unseen]
    expected = sum(stock_after) / len(stock_after) if stock_after else float(now)
    helps = sum(1 for d in stock_after if d < now)
    deadwood = Figure(DEADWOOD_NOW.name, now)
    said: list[Claim] = [deadwood]
    stock = None
    if unseen:
        stock = Figure(STOCK_AVERAGE.name, round(expected, 2), move="draw stock", detail={"unseen": len(unseen)})
        lowers = Count(STOCK_HELPS.name, n=helps, of=len(unseen), move="draw stock")
        said += [stock, lowers]
        stock_words = paragraph(lang, stock.words(lang), lowers.words(lang), sep="; ")
        alternatives = [Alternative("draw stock", -expected, stock.words(lang), (stock,))]
    else:  # the stock is rebuilt from cards all seen: nothing to average over
        stock_words = say(lang, N_("the stock holds no card you cannot see"))
        alternatives = [Alternative("draw stock", -float(now), stock_words)]
    if "draw discard" not in r.legal or r.top is None:
        return ("draw stock", say(lang, N_("Draw from the stock (the discard pile is empty): {deadwood}; {stock}."),
                                  deadwood=deadwood.words(lang), stock=stock_words), alternatives, tuple(said))
    took, throw = r.after_best_discard(r.hand + [r.top], forbidden=r.top if r.view["options"]["discard_rule"]
                                       else None)
    top = _symbol(r.top, lang)
    taking = Figure(AFTER_TAKING.name, took, move="draw discard", detail={"card": top})
    alternatives.append(Alternative("draw discard", -took, taking.words(lang), (taking,)))
    said.append(taking)
    if took < now and took < expected and not claims.indistinct([took, expected], INDISTINCT):
        what, why = _why_take(r, throw)
        said += why
        return ("draw discard",
                say(lang, N_("Take the {card} from the discard pile: {what}. Now {deadwood}; {taking}, while {stock}."),
                    card=top, what=what, deadwood=deadwood.words(lang), taking=taking.words(lang), stock=stock_words),
                alternatives, tuple(said))
    if took >= now:
        message = N_("the {card} on the discard pile would not lower it: {taking}")
    elif claims.indistinct([took, expected], INDISTINCT):
        message = N_("the {card} on the discard pile would help as much as the stock on average, so either draw will "
                     "do: {taking}")
    else:
        message = N_("the {card} on the discard pile would help, though less than the stock on average: {taking}")
    verdict = say(lang, message, card=top, taking=taking.words(lang))
    return ("draw stock", say(lang, N_("Draw from the stock: {deadwood}; {stock}. So {verdict}."),
                              deadwood=deadwood.words(lang), stock=stock_words, verdict=verdict),
            alternatives, tuple(said))


def _why_take(r: Reader, throw: Card | None) -> tuple[str, list[Claim]]:
    """Why the top discard is worth taking: it completes a meld, fits the table, or costs little."""
    assert r.top is not None
    lang = r.lang
    arrangement = least_deadwood(r.hand + [r.top], r.rules, r.value)
    meld = next((m for m in arrangement.melds if r.top in m.cards), None)
    if meld is not None:
        fact: Claim = Certain(COMPLETES.name, move="draw discard", over_replies=False,
                              detail={"meld": _shown(meld.cards, lang), "cards": [str(c) for c in meld.cards]})
        return fact.words(lang), [fact]
    if r.fits_table(r.top):
        fact = Certain(FITS_TABLE.name, move="draw discard", over_replies=False, detail={"card": str(r.top)})
        return fact.words(lang), [fact]
    fact = Figure(CARD_ADDS.name, r.value(r.top), move="draw discard", detail={"card": _symbol(r.top, lang)})
    if throw is None:
        return fact.words(lang), [fact]
    return say(lang, N_("{fact}, and you can throw your {card} instead"), fact=fact.words(lang),
               card=_symbol(throw, lang)), [fact]


#: What makes a discard risky: it lays off on the table (the greater risk), or an opponent took a card near it.
FITS_A_MELD = N_("it fits a meld on the table")


def _danger(r: Reader, card: Card) -> Sentence | None:
    """Why an opponent might want ``card``: it lays off on the table, or sits next to a card he
    took from the discard pile."""
    if r.fits_table(card):
        return say(r.lang, FITS_A_MELD)
    for seat, cards in enumerate(r.view["picked_up"]):
        if seat == r.me:
            continue
        for taken in parse_cards(cards):
            if taken.rank == card.rank or taken.suit == card.suit and abs(taken.rank - card.rank) <= 2:
                return say(r.lang, N_("{name} took {card} from the discard pile"), name=r.view["names"][seat],
                           card=_symbol(taken, r.lang))
    return None


def _hard_discard(r: Reader) -> Plan:
    lang = r.lang
    arrangement = least_deadwood(r.hand, r.rules, r.value)
    options = [parse_card(a.split()[1]) for a in _move(r.legal, "discard")]
    loose = [c for c in options if c in arrangement.deadwood]
    candidates = sorted(set(loose or options), key=lambda c: (-r.value(c), str(c)))[:CANDIDATES]
    unseen = r.unseen()
    scored = sorted((_weigh_discard(r, card, unseen) for card in candidates), key=lambda t: (-t[0], str(t[1])))
    alternatives = [_discard_alternative(r, weighed, unseen) for weighed in scored]
    _, card, left, expected, danger = scored[0]
    said = _discard_facts(card, left, expected, unseen)
    where = say(lang, N_("it is in none of your melds") if card in arrangement.deadwood
                else N_("every card is in a meld, so one must go"))
    parts = [say(lang, N_("Discard {card}: {where}; {facts}."), card=_symbol(card, lang), where=where,
                 facts=paragraph(lang, *(x.words(lang) for x in said), sep=f", {say(lang, N_('and'))} "))]
    best = scored[0][0]
    level = [_symbol(c, lang) for s_, c, _, _, _ in scored[1:] if claims.indistinct([s_, best], 1e-9)]
    if level:
        parts.append(say(lang, N_("{cards} would do just as well: I cannot tell them apart."),
                         cards=paragraph(lang, *level, sep=f" {say(lang, N_('or'))} ")))
    if not danger:
        others = [dg for _, c, _, _, dg in scored[1:] if dg]
        if others:
            parts.append(say(lang, N_("Other loose cards could feed an opponent ({danger})."), danger=others[0]))
    else:
        parts.append(say(lang, N_("Careful: {danger}; I still rate it above your other choices."), danger=danger))
    return f"discard {card}", paragraph(lang, *parts), alternatives, said


Weighed = tuple[float, Card, int, float, "Sentence | None"]


def _weigh_discard(r: Reader, card: Card, unseen: list[Card]) -> Weighed:
    """(score, card, deadwood left, deadwood expected after the next draw, why an opponent may want it)."""
    rest = list(r.hand)
    rest.remove(card)
    left = r.deadwood(rest)
    future = [r.after_best_discard(rest + [x])[0] for x in unseen] or [left]
    expected = sum(future) / len(future)
    danger = _danger(r, card)
    # What counts if an opponent goes out soon is the deadwood now; later, the deadwood to come.
    score = -(NOW_WEIGHT * left + (1 - NOW_WEIGHT) * expected) - (
        (TABLE_RISK if danger.message == FITS_A_MELD else PICKED_RISK) if danger else 0)
    return score, card, left, expected, danger


def _discard_facts(card: Card, left: int, expected: float, unseen: list[Card]) -> tuple[Claim, ...]:
    move = f"discard {card}"
    becomes = Figure(DEADWOOD_BECOMES.name, left, move=move)
    if not unseen:
        return (becomes,)
    return becomes, Figure(AFTER_NEXT_DRAW.name, round(expected, 2), move=move, detail={"unseen": len(unseen)})


def _discard_alternative(r: Reader, weighed: Weighed, unseen: list[Card]) -> Alternative:
    score, card, left, expected, danger = weighed
    said = _discard_facts(card, left, expected, unseen)
    note = paragraph(r.lang, *(x.words(r.lang) for x in said), sep=", ")
    if danger:
        note = say(r.lang, N_("{note}; risky: {danger}"), note=note, danger=danger)
    return Alternative(f"discard {card}", score, note, said)


def score(view: View, action: str) -> Alternative | None:
    """Any legal discard weighed as the hint weighs its few (the review rates a discard the hint did not list:
    engine.hints.score_move); None for a meld or a lay-off, which the hint advises by rule, not by figure."""
    if view["phase"] == "draw" or not action.startswith("discard "):
        return None
    r = Reader(view)
    unseen = r.unseen()
    return _discard_alternative(r, _weigh_discard(r, parse_card(action.split()[1]), unseen), unseen)


POLICIES = {"easy": easy, "medium": medium, "hard": hard}


def advise(view: View) -> Hint:
    """The hard player's choice, with the reason and how the other moves compare."""
    action, reason, alternatives, said = plan_hard(view)
    return Hint(view["seat"], action, reason, alternatives, claims=said)


__all__ = ["POLICIES", "Reader", "advise", "easy", "hard", "medium", "near_meld", "plan_hard", "put_down"]
