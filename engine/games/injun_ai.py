"""Injun's advisor: what the others' bets say about your card, and what each move is worth.

In Injun you never see your own card, but everyone else does, and they bet on what they
see. Their bets are the only evidence about your card. The advisor reads them under one
stated model of how people bet, the *table habit*:

    a player works out his chance of holding the highest card from the cards he can see
    (his own unknown, every unseen card equally likely); he raises when that chance is 60%
    or more (and fewer than two raises have been made this deal), calls when it beats the
    price of the call by 5 points, opens with a bet at 25% or more, and otherwise folds
    (brag style: stays in at his fair share, pays to see when the pot pays for it). One time
    in ten he does something else, any of his moves equally likely.

The medium bot plays exactly this habit (without the one-in-ten slips). For each card you
might hold, every action another player made while looking at it gets the probability the
habit gives it; Bayes' rule turns the product into the chance of each card (``posterior``).
Then each move is valued in chips: every player who must answer calls, folds or raises as the
habit says, in turn; if one of them raises back you fold; otherwise the pots are settled
(``evaluate``). Everything is computed from the view, never from the game: the betting so far
and every answer are played on the rules' own lean deal (``injun.Deal.from_view``), so no rule
is written twice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..betting import seats_from
from ..cards import Card, parse_card
from .. import claims
from ..claims import paragraph, say
from ..hints import Alternative, Hint
from ..i18n import N_
from ..numerals import number
from ..words import agreeing, join
from ..protocol import Action
from .injun import InjunView, BRAG_CHIP, CALL, CHIP, FOLD, SEE, SEE_COST, Deal, rank_value, read_action, unseen

#: The languages this advisor writes its reasons in (engine.hints.hint_for_view): Injun is the book's game.
LANGUAGES = ("en", "pt")

RANKS = range(2, 15)
SLIP = 0.1           # the habit's "one time in ten he does something else"
RAISE_AT = 0.6       # raise when the chance he sees is at least this
OPEN_AT = 0.25       # open the betting at this chance or more
CALL_MARGIN = 0.05   # call when the chance beats the price by this much
MAX_HABIT_RAISES = 2  # the habit stops raising after two raises in a deal
LOW = 8              # "a low card": 8 or below
TIE = 1e-9           # a chance this close under a threshold is on it (sums in another order differ by less)

HABIT = {"poker": N_("that bot bets on its chance of holding the highest card, from the cards it sees: it raises "
                     "when that chance is three in five or better, calls when it beats the price, and folds when it "
                     "does not; and if anyone raises back, you fold"),
         "brag": N_("that bot bets on its chance of holding the highest card, from the cards it sees: it stays in "
                    "while that chance is at least its fair share, pays to see when the pot pays for it, and drops "
                    "out otherwise")}
#: At most this many answering players' chances are named in a move's note (the likeliest to stay in).
STAYS_SHOWN = 2

# The hint's facts, as claims (engine.claims); tests/engine/test_claims.py re-derives each from the game.
BEATS_FACT = claims.fact("injun.beats", N_("Your own card beats {them} in {n} of the {of} cases you cannot see"))
TIES_FACT = claims.fact("injun.ties", N_("and ties with {highest} in {n} more"))
LOW_FACT = claims.fact("injun.low", N_("a low card (8 or below) has a chance of {chance}"))
HIGHEST_FACT = claims.fact("injun.highest", N_("your card beats every card still in with a chance of {chance}"))
PRICE_FACT = claims.fact("injun.price", N_("A call costs {call} to win a pot of {pot}: you need to win {need} of the "
                                           "time"))
STAYS_FACT = claims.fact("injun.stays", N_("{name} stays in with a chance of {chance}"))
WORTH_FACT = claims.fact("injun.worth", N_("worth {chips} chips on average from here"))


def _lang(view: InjunView) -> str:
    return str(view["options"].get("lang", "en"))


def _join(items: list[str], lang: str) -> str:
    """``["Ada", "Ben", "Cleo"]`` → "Ada, Ben and Cleo" ("Ada, Ben e Cleo")."""
    return join(items, say(lang, N_("and")))


# ---- what this seat knows ----

def seen_cards(view: InjunView) -> dict[int, Card]:
    """The cards this seat can see, by seat (everyone's but its own)."""
    return {s: parse_card(c) for s, c in enumerate(view["cards"]) if c is not None and s != view["seat"]}


def rivals(view: InjunView) -> list[int]:
    """Other players still in the deal (folded players cannot win; their cards still count as seen)."""
    me = view["seat"]
    return [s for s in range(view["players"]) if s != me and view["in_deal"][s] and not view["folded"][s]]


def share_if(my_rank: int, their_ranks: Iterable[int]) -> float:
    """What part of the pot a card of ``my_rank`` wins against these cards: 1, a tie's share, or 0."""
    their = list(their_ranks)
    if not their:
        return 1.0
    best = max(their)
    if my_rank > best:
        return 1.0
    if my_rank == best:
        return 1.0 / (1 + sum(r == best for r in their))
    return 0.0


def plain_chance(seen_ranks: Sequence[int], against: Sequence[int]) -> float:
    """A player's expected share of the pot from what he sees: his own card uniform over the cards he
    cannot see (``seen_ranks`` are every card he sees), against the ranks ``against`` still in."""
    if not against:
        return 1.0
    best = max(against)
    above = sum(1 for r in seen_ranks if r > best)
    at_best = sum(1 for r in seen_ranks if r == best)
    total = 52 - len(seen_ranks)
    ties = sum(1 for r in against if r == best)
    return (4 * (14 - best) - above + (4 - at_best) / (1 + ties)) / total


@dataclass(frozen=True)
class Odds:
    """Your chances against the cards still in, from the cards alone: counts out of ``total``."""

    beats: int      # cards that beat every rival card
    ties: int       # cards that tie the highest rival card
    total: int
    equity: float   # expected share of the pot (a tie counts as a share), every unseen card equally likely
    highest: list[str]  # the highest rival card(s), as symbols


def odds(view: InjunView) -> Odds:
    """Exact odds over the unseen cards, each equally likely (before reading anyone's bets)."""
    seen = seen_cards(view)
    theirs = [rank_value(seen[s]) for s in rivals(view) if s in seen]
    pool = unseen(view)
    best = max(theirs, default=0)
    beats = sum(rank_value(c) > best for c in pool)
    ties = sum(rank_value(c) == best for c in pool)
    equity = sum(share_if(rank_value(c), theirs) for c in pool) / len(pool)
    highest = [seen[s].symbol for s in rivals(view) if s in seen and rank_value(seen[s]) == best]
    return Odds(beats, ties, len(pool), equity, highest)


# ---- a moment of the betting, as the player to act saw it ----

@dataclass(frozen=True)
class Spot:
    """What the habit looks at when a player acts: the price, the pot and which moves he has."""

    style: str
    pot: int
    to_call: int
    high: int
    can_raise: bool
    can_see: bool
    raises: int       # raises made this deal before this move
    bettors: int      # players still betting (in, not folded, with chips)
    ante: int
    players: int


def spot_of(view: InjunView) -> Spot:
    """The spot of the seat whose view this is, from the view alone."""
    legal = view["legal"]
    return Spot(view["style"], view["pot_total"], view["to_call"], view["high_bet"],
                any(a.startswith(("bet ", "raise ")) for a in legal), "see" in legal,
                sum(a.split()[0] == "raise" for _s, a in view["actions"]), len(view["bettors"]),
                view["ante"], view["players"])


def kind_of(action: str) -> str:
    """The habit's kind of a move: 'raise' (bet or raise), 'call', 'fold', 'chip' or 'see'."""
    verb = action.split()[0]
    return "raise" if verb in ("bet", "raise") else verb


def kinds_open(spot: Spot) -> list[str]:
    if spot.style == "poker":
        return ["fold", *(["call"] if spot.high else []), *(["raise"] if spot.can_raise else [])]
    return ["fold", "chip", *(["see"] if spot.can_see else [])]


def habit(chance: float, spot: Spot) -> str:
    """The kind of move the table habit makes with this chance (the medium bot's rule).

    A chance exactly on a threshold counts as reaching it, whichever way it was summed: the bot (from
    its own view) and the reading of its moves (from yours) add the same fractions in another order,
    and a last-digit difference must not turn a chip into a fold.
    """
    chance += TIE
    if spot.style == "poker":
        if spot.can_raise and chance >= RAISE_AT and spot.raises < MAX_HABIT_RAISES:
            return "raise"
        if spot.high:
            return "call" if chance >= spot.to_call / (spot.pot + spot.to_call) + CALL_MARGIN else "fold"
        return "raise" if spot.can_raise and chance >= OPEN_AT else "fold"
    others = spot.bettors - 1
    if others >= 2:
        return "chip" if chance >= 1 / (others + 1) else "fold"
    if chance >= RAISE_AT and spot.pot < 6 * spot.ante * spot.players and spot.can_see:
        return "chip"
    if spot.can_see and chance * (spot.pot + SEE_COST) >= SEE_COST:
        return "see"
    return "chip" if chance >= 0.5 else "fold"


def habit_odds(chance: float, spot: Spot) -> dict[str, float]:
    """The probability of each kind of move under the habit, the slips included."""
    kinds = kinds_open(spot)
    chosen = habit(chance, spot)
    return {k: (1 - SLIP) * (k == chosen) + SLIP / len(kinds) for k in kinds}


# ---- the betting so far, replayed from the view ----

def spot_in(deal: Deal, seat: int, raises: int) -> Spot:
    """The spot of ``seat`` in a lean deal (``raises``: the raises made this deal before this move)."""
    bettors = len(deal.bettors())
    if deal.round is None:
        return Spot(deal.style, deal.pot_total, 0, 0, False, deal.can_see(seat), raises, bettors, deal.ante,
                    deal.players)
    return Spot(deal.style, deal.pot_total, deal.to_call(seat), deal.high, bool(deal.raise_range(seat)), False,
                raises, bettors, deal.ante, deal.players)


@dataclass(frozen=True)
class Moment:
    """One earlier move of this deal: who made it, what kind, and the spot he was in."""

    seat: int
    kind: str
    spot: Spot
    live: tuple[int, ...]   # seats still in (not folded) when he moved, himself included


def _live(deal: Deal) -> tuple[int, ...]:
    return tuple(s for s in range(deal.players) if deal.dealt_in[s] and not deal.folded[s])


def replay(view: InjunView) -> list[Moment]:
    """The deal's moves with the spot each player faced: the lean deal rebuilt as it was dealt from the
    view (:meth:`Deal.start_of`) and the view's moves played on it again."""
    deal = Deal.start_of(view, unseen(view))
    raises = 0
    out = []
    for seat, action in view["actions"]:
        seat = int(seat)
        out.append(Moment(seat, kind_of(action), spot_in(deal, seat, raises), _live(deal)))
        raises += action.split()[0] == "raise"
        deal.apply(seat, read_action(action))
    return out


# ---- reading the bets: the chance of each card you might hold ----

def chance_table(seat: int, ranks: dict[int, int], me: int, live: Sequence[int]) -> dict[int, float]:
    """Player ``seat``'s chance as he saw it for each rank my card might have (``ranks``: the cards I see)."""
    sees = [rk for s, rk in ranks.items() if s != seat]
    against = [rk for s, rk in ranks.items() if s != seat and s in live]
    mine = me in live
    return {r: plain_chance(sees + [r], against + [r] if mine else against) for r in RANKS}


def posterior(view: InjunView) -> dict[int, float]:
    """The chance of each rank of your card, given the cards you see and the others' moves (the habit).

    Prior: every card you cannot see equally likely. Each move by a player who can see your card
    multiplies by the probability the habit gives that move had your card been of that rank.
    """
    me = view["seat"]
    seen = seen_cards(view)
    counts = {r: 0 for r in RANKS}
    for c in unseen(view):
        counts[rank_value(c)] += 1
    weight = {r: float(k) for r, k in counts.items() if k}
    ranks = {s: rank_value(c) for s, c in seen.items()}
    for m in replay(view):
        if m.seat == me or m.seat not in seen:
            continue
        chances = chance_table(m.seat, ranks, me, m.live)
        for r in weight:
            weight[r] *= habit_odds(chances[r], m.spot)[m.kind]
    total = sum(weight.values())
    return {r: w / total for r, w in weight.items()}


def chance_low(dist: dict[int, float]) -> float:
    return sum(p for r, p in dist.items() if r <= LOW)


def chance_best(view: InjunView, dist: dict[int, float]) -> float:
    """The chance your card beats every card still in."""
    seen = seen_cards(view)
    best = max((rank_value(seen[s]) for s in rivals(view) if s in seen), default=0)
    return sum(p for r, p in dist.items() if r > best)


def prior(view: InjunView) -> dict[int, float]:
    pool = unseen(view)
    return {r: k / len(pool) for r in RANKS if (k := sum(rank_value(c) == r for c in pool))}


# ---- the moves, valued in chips ----

@dataclass(frozen=True)
class Value:
    """A move's worth: expected chips from here (what is in the pot is no longer yours), and the
    chance each answering player calls it (averaged over your card)."""

    chips: float
    calls: dict[int, float]


def value(view: InjunView, move: str, dist: dict[int, float], prune: float | None = None) -> Value:
    """Expected chips of ``move`` over your card's distribution ``dist``.

    The players who must answer do so in turn, each calling, folding or raising as the habit says
    with the chance he then sees (the players who folded before him no longer count, the pot has
    grown by the calls before him). If anyone raises back you fold, and the move's chips are lost;
    otherwise the pots are shown down as the rules settle them. Seed betting: the first call ends it.
    Brag: after a chip, the others each answer once; between the last two, if the other answers
    with a chip you then pay to see (or, with fewer than two chips left, put in your last). Every move
    is played on the lean deal (``Deal.from_view``, your card one of each rank in turn), so the chips
    move exactly as the rules move them. Unlikely branches (a card and a set of answers) are left out
    only while what they could change stays under :data:`WORTH_ERROR` chips and :data:`STAY_ERROR` of
    a chance, or when looking finer would walk more than :data:`MAX_NODES` answers (``prune`` fixes
    the threshold instead, 0 for every branch).
    """
    kind = kind_of(move)
    if kind == "fold":
        return Value(0.0, {})
    me = view["seat"]
    pool = unseen(view)
    base = Deal.from_view(view, pool)
    action = read_action(move)
    cost = base.cost(me, action)
    after = base.copy()
    after.apply(me, action)  # your card does not change who must answer, only what the pots pay you
    order = [s for s in seats_from((me + 1) % base.players, base.players) if s != me and s in after.bettors()]
    if after.phase == "done":  # a see, a seed-betting call, or nobody left to bet: the cards are shown
        answer = []
    elif after.round is not None:
        answer = [s for s in order if after.round.bets[s] < after.high]
    else:
        answer = order
    # The most any branch can bring back: the whole pot once everyone has paid what he may be asked.
    asked = sum(after.high - after.round.bets[s] for s in answer) if after.round is not None else \
        BRAG_CHIP * len(answer)
    ceiling = base.pot_total + cost + SEE_COST * (1 + len(answer)) + asked
    cards = {rank_value(c): c for c in reversed(pool)}  # a card of each rank you might hold
    threshold = PRUNE if prune is None else prune
    while True:
        walk = _Walk(view, base, action, cards, answer, kind == "raise", threshold)
        total = sum(p * walk.expected(r, p) for r, p in dist.items() if p >= walk.prune)
        walk.lost += sum(p for p in dist.values() if p < walk.prune)
        if prune is not None or not walk.lost or (walk.lost * ceiling <= WORTH_ERROR and walk.lost <= STAY_ERROR):
            break
        if walk.nodes * 10 > MAX_NODES:  # a big table: looking finer would keep the learner waiting
            break
        threshold = threshold / 10 if threshold > 1e-9 else 0.0
    calls = {s: sum(dist[r] * walk.calls[r].get(s, 0.0) for r in walk.calls) for s in answer}
    return Value(total - cost, calls)


PRUNE = 1e-4         # first try: leave out branches less likely than this…
WORTH_ERROR = 0.02   # …while all they could change in chips stays under this,
STAY_ERROR = 0.002   # and in a chance of staying in, under this; else look again, ten times finer,
MAX_NODES = 8_000    # unless that would walk more answers than this (the largest tables: a figure may then
#                      be off by a few tenths of a chip)


def _then(deal: Deal, seat: int, action: Action) -> Deal:
    """A copy of ``deal`` with ``seat``'s move made."""
    d = deal.copy()
    d.apply(seat, action)
    return d


class _Walk:
    """The answers to one move, walked in turn on the lean deal for a card of each rank.

    Values are the chips you take from the pots (what you have once the deal is settled, less what
    you had after paying for the move): a branch left out counts as taking nothing."""

    def __init__(self, view: InjunView, base: Deal, action: Action, cards: dict[int, Card],
                 answer: list[int], raised: bool, prune: float) -> None:
        self.me = view["seat"]
        self.base, self.action, self.cards, self.answer = base, action, cards, answer
        self.brag = base.round is None
        self.kept = base.chips[self.me] - base.cost(self.me, action)  # your chips once the move is paid
        self.ranks = {s: rank_value(c) for s, c in seen_cards(view).items()}
        self.raises = sum(a.split()[0] == "raise" for _s, a in view["actions"]) + raised
        self.calls: dict[int, dict[int, float]] = {}
        self.prune = prune
        self._chances: dict[tuple[Any, ...], dict[int, float]] = {}
        self.weight = 1.0
        self.lost = 0.0  # the chance of the branches left out
        self.nodes = 0   # answers walked

    def odds(self, s: int, r: int, d: Deal) -> dict[str, float]:
        """Player ``s``'s answer under the habit, my card being of rank ``r``, the deal as ``d``."""
        key = (s, tuple(d.folded))  # who is still in (those dealt in are fixed for the deal)
        chances = self._chances.get(key)
        if chances is None:
            chances = self._chances[key] = chance_table(s, self.ranks, self.me, _live(d))
        return habit_odds(chances[r], spot_in(d, s, self.raises))

    def taken(self, d: Deal) -> float:
        """What you take from the pots: the deal settled as it stands (the cards compared now if it is not over;
        every deal handed here is a copy no other branch reads)."""
        if d.phase != "done":
            d.settle()
        return float(d.chips[self.me] - self.kept)

    def expected(self, r: int, weight: float) -> float:
        """Expected takings of my card of rank ``r`` (whose chance is ``weight``) once all have answered."""
        self.calls[r] = {}
        self.weight = weight
        d = self.base.copy()
        d.cards[self.me] = self.cards[r]
        d.apply(self.me, self.action)
        if self.brag and len(self.answer) == 1:  # the last two: he quits, sees, or chips and then I see
            s = self.answer[0]
            o = self.odds(s, r, d)
            self.calls[r][s] = 1 - o["fold"]
            total = o["fold"] * self.taken(_then(d, s, FOLD))
            if "see" in o:
                total += o["see"] * self.taken(_then(d, s, SEE))
            chipped = _then(d, s, CHIP)
            if chipped.phase != "done":  # with fewer than two chips left, your last chip ends it instead
                chipped.apply(self.me, SEE if chipped.can_see(self.me) else CHIP)
            return total + o["chip"] * self.taken(chipped)
        return self._step(r, d, 0, 1.0)

    def _step(self, r: int, d: Deal, i: int, reach: float) -> float:
        if d.phase == "done" or i == len(self.answer):  # settled, or everyone has answered once
            return reach * self.taken(d)
        s = self.answer[i]
        o = self.odds(s, r, d)
        self.nodes += 1
        stays = 1 - o["fold"] - o.get("raise", 0.0)  # a raise back: you fold, nothing more is won
        self.calls[r][s] = self.calls[r].get(s, 0.0) + reach * stays
        total = 0.0
        see = o.get("see", 0.0)  # brag, the last two: paying to see shows the cards at once
        if see:
            stays -= see
            total += reach * see * self.taken(_then(d, s, SEE))
        if self.weight * reach * o["fold"] >= self.prune:
            total += self._step(r, _then(d, s, FOLD), i + 1, reach * o["fold"])
        else:
            self.lost += self.weight * reach * o["fold"]
        if self.weight * reach * stays < self.prune:
            self.lost += self.weight * reach * stays
        else:  # a call (seed betting: it ends the betting at once), or in brag a chip: the last branch, on d itself
            d.apply(s, CHIP if self.brag else CALL)
            total += self._step(r, d, i + 1, reach * stays)
        return total



def raise_sizes(view: InjunView) -> list[int]:
    """A few sizes from the legal range: the smallest, about half the pot, about the pot."""
    bounds = view.get("raise_range")
    if not bounds:
        return []
    low, high = bounds
    return sorted({min(high, max(low, x)) for x in (low, view["pot_total"] // 2, view["pot_total"])})


def candidate_moves(view: InjunView) -> list[str]:
    legal = view["legal"]
    verb = "raise" if view["high_bet"] else "bet"
    moves: list[str] = [a for a in ("call", "chip", "see") if a in legal]
    moves += [f"{verb} {n}" for n in raise_sizes(view)]
    return moves + ["fold"]


def evaluate(view: InjunView, dist: dict[int, float] | None = None) -> list[Alternative]:
    """Each move's expected chips from here under the habit, best first, with a note saying what it assumes."""
    dist = posterior(view) if dist is None else dist
    out = [_alternative(view, move, dist) for move in candidate_moves(view)]
    out.sort(key=lambda a: (-a.score, a.action))
    return out


def score(view: InjunView, move: str) -> Alternative:
    """Any legal move's expected chips under the habit, as :func:`evaluate` scores the hint's few: the review
    rates a raise of a size the hint did not list (engine.hints.score_move)."""
    return _alternative(view, move, posterior(view))


def _alternative(view: InjunView, move: str, dist: dict[int, float]) -> Alternative:
    """One move's expected chips, with a note saying what it assumes."""
    names = view["names"]
    lang = _lang(view)
    v = value(view, move, dist)
    kind = kind_of(move)
    stated: tuple[claims.Claim, ...] = ()
    if kind == "fold":
        note = say(lang, N_("you lose nothing more, and give up the pot"))
    elif kind == "see":
        note = say(lang, N_("{n} chips to show the cards now"), n=SEE_COST)
    elif v.calls:
        likeliest = sorted(v.calls, key=lambda s: -v.calls[s])[:STAYS_SHOWN]
        stated = tuple(claims.Chance(STAYS_FACT.name, p=min(1.0, max(0.0, v.calls[s])), model="habit", move=move,
                                     detail={"name": names[s], "seat": s}) for s in likeliest)
        more = len(v.calls) - len(likeliest)
        stays = paragraph(lang, *(c.words(lang) for c in stated), sep="; ")
        if more:
            stays = paragraph(lang, stays, say(lang, agreeing(more, N_("(the {n} other who must answer, less often)"),
                                                              N_("(the {n} others who must answer, less often)")),
                                               n=more))
        parts = [stays]
        if kind != "chip":
            parts.append(say(lang, N_("if anyone raises back, you fold")))
        if kind == "chip" and len(v.calls) == 1:
            caller = names[next(iter(v.calls))]
            parts.append(say(lang, N_("if {name} puts in a chip, you then pay {n} to see"), name=caller, n=SEE_COST)
                         if view["chips"][view["seat"]] - BRAG_CHIP >= SEE_COST else
                         say(lang, N_("if {name} puts in a chip, you then put in your last chip, and the cards are "
                                      "shown"), name=caller))
        elif kind == "chip":
            parts.append(say(lang, N_("valued as if the cards were compared after that round")))
        note = paragraph(lang, *parts, sep="; ")
    elif kind == "call" and view["options"].get("betting") == "seed":
        note = say(lang, N_("your call ends the betting at once: the cards are shown with what each has put in"))
    else:
        note = say(lang, N_("the cards are shown with the chips as they stand"))
    return Alternative(move, round(v.chips, 2), note, claims=stated)


# ---- the hint ----

def advise(view: InjunView) -> Hint:
    dist = posterior(view)
    alternatives = evaluate(view, dist)
    best = alternatives[0]
    reason, said = _reason(view, dist, best, alternatives)
    # the headline: what the move is worth, or for a fold how seldom your card is the highest
    gist = next((c for c in said if c.fact == (HIGHEST_FACT if best.action == "fold" else WORTH_FACT).name
                 and (best.action == "fold" or getattr(c, "move", "") == best.action)), None)
    return Hint(view["seat"], best.action, reason, alternatives, claims=said, gist=gist)


#: What each kind of move says about your card, and who made it: alone, two of them ("both"), more ("all").
DID = {
    "bet": (N_("{who} bet after seeing your card"), N_("{who} both bet after seeing your card"),
            N_("{who} all bet after seeing your card")),
    "raise": (N_("{who} raised after seeing your card"), N_("{who} both raised after seeing your card"),
              N_("{who} all raised after seeing your card")),
    "call": (N_("{who} called after seeing your card"), N_("{who} both called after seeing your card"),
             N_("{who} all called after seeing your card")),
    "fold": (N_("{who} dropped out after seeing your card"), N_("{who} both dropped out after seeing your card"),
             N_("{who} all dropped out after seeing your card")),
    "chip": (N_("{who} put in a chip after seeing your card"), N_("{who} both put in a chip after seeing your card"),
             N_("{who} all put in a chip after seeing your card")),
    "see": (N_("{who} paid to see after seeing your card"), N_("{who} both paid to see after seeing your card"),
            N_("{who} all paid to see after seeing your card")),
}
MEANING = {
    "bet": N_("players bet when the cards they see, yours among them, look low"),
    "raise": N_("players raise when the cards they see, yours among them, look low"),
    "call": N_("players call when the cards they see look neither strong nor hopeless to them"),
    "fold": N_("players drop out when the cards they see look high"),
    "chip": N_("players stay in when the cards they see do not look too high"),
    "see": N_("players pay to see when the cards they see look low"),
}


def _evidence(view: InjunView) -> str:
    """Who did what after seeing your card, and what the habit reads into it (its first letter a capital)."""
    me = view["seat"]
    names = view["names"]
    lang = _lang(view)
    last: dict[int, str] = {}
    for s, a in view["actions"]:
        if int(s) != me and view["cards"][int(s)] is not None:
            k = kind_of(a)
            if k != "call" or kind_of(last.get(int(s), "fold")) != "raise":
                last[int(s)] = a.split()[0] if k == "raise" else k
    groups: dict[str, list[str]] = {}
    for s, k in last.items():
        groups.setdefault(k, []).append(names[s])
    parts: list[str] = []
    for k in ("bet", "raise", "see", "chip", "call", "fold"):
        if k in groups:
            who = groups[k]
            did = DID[k][min(len(who), 3) - 1]
            named = _join(who, lang)
            if not parts:  # the start of a sentence
                named = named[:1].upper() + named[1:]
            parts.append(say(lang, "{did}: {meaning}", did=say(lang, did, who=named), meaning=say(lang, MEANING[k])))
    return paragraph(lang, *parts, sep="; ")


def _reason(view: InjunView, dist: dict[int, float], best: Alternative,
            alternatives: list[Alternative]) -> tuple[str, tuple[claims.Claim, ...]]:
    seen = seen_cards(view)
    lang = _lang(view)
    theirs = [seen[s].symbol for s in rivals(view) if s in seen]
    o = odds(view)
    if len(theirs) == 1:
        first = say(lang, N_("You can see {card}, the only other card still in."), card=theirs[0])
        them = "it"  # English alone: the Portuguese words say "every other card still in" whatever their number
    else:
        first = say(lang, N_("You can see {cards} still in."), cards=_join(theirs, lang))
        them = "them all" if len(theirs) > 2 else "them both"
    folded = [seen[s].symbol for s in seen if view["folded"][s]]
    if folded:
        first = paragraph(lang, first, say(lang, N_("({cards} folded: that cannot be your card either.)"),
                                           cards=_join(folded, lang)))
    beats = claims.Count(BEATS_FACT.name, n=o.beats, of=o.total, detail={"them": them})
    said: list[claims.Claim] = [beats]
    counts = beats.words(lang)
    if o.ties:
        ties = claims.Count(TIES_FACT.name, n=o.ties, detail={"highest": _join(o.highest, lang)})
        said.append(ties)
        counts = paragraph(lang, counts, ties.words(lang))
    sentences: list[str] = [first, say(lang, "{fact}.", fact=counts)]
    evidence = _evidence(view)
    before, now = prior(view), dist
    best0 = claims.Chance(HIGHEST_FACT.name, p=_unit(chance_best(view, before)), model="uniform")
    if evidence:
        low = claims.Chance(LOW_FACT.name, p=_unit(chance_low(now)), model="habit")
        low0 = claims.Chance(LOW_FACT.name, p=_unit(chance_low(before)), model="uniform")
        top = claims.Chance(HIGHEST_FACT.name, p=_unit(chance_best(view, now)), model="habit")
        said += [low, low0, top, best0]
        sentences.append(say(lang, N_("But the others see your card and bet on it. {evidence}. Reading their moves "
                                      "that way, {low}: a low card is {low_verdict}. And {top}: holding the highest "
                                      "card is {top_verdict}. (From the cards alone, before the bets, {low0}, and "
                                      "{best0}, {premise}.)"),
                             evidence=evidence, low=low.words(lang), low_verdict=say(lang, low.verdict),
                             top=top.words(lang), top_verdict=say(lang, top.verdict), low0=low0.bare(lang),
                             best0=best0.bare(lang), premise=best0.premise(lang)))
    else:
        said.append(best0)
        sentences.append(say(lang, N_("Nobody has bet after seeing your card yet, so the cards are all you have: "
                                      "{best0}: holding the highest card is {verdict}."),
                             best0=best0.words(lang), verdict=say(lang, best0.verdict)))
    if "call" in view["legal"]:
        call = min(view["to_call"], view["chips"][view["seat"]])
        pot = view["pot_total"]
        price = claims.Figure(PRICE_FACT.name, value=call / (pot + call),
                              detail={"call": say(lang, agreeing(call, N_("{n} chip"), N_("{n} chips")), n=call),
                                      "pot": pot, "need": number(call / (pot + call), lang, ".0%")})
        said.append(price)
        sentences.append(say(lang, "{fact}.", fact=price.words(lang)))
    advice, worths = _advice(best, alternatives, lang)
    said += worths
    sentences.append(advice)
    sentences.append(say(lang, N_("(The chances that hang on the others' bets, and the chips, are worked out "
                                  "{model}: {habit}.)"), model=say(lang, claims.MODELS["habit"]),
                         habit=say(lang, HABIT[view["style"]])))
    return paragraph(lang, *sentences), tuple(said)


def _unit(p: float) -> float:
    """A probability summed from parts, kept inside [0, 1] against rounding."""
    return min(1.0, max(0.0, p))


def worth_claim(alt: Alternative, lang: str = "en") -> claims.Figure:
    """What a move is worth, its chips as the table's language writes them ("+1.5", "+1,5")."""
    return claims.Figure(WORTH_FACT.name, value=round(alt.score, 1), move=alt.action,
                         detail={"chips": number(alt.score, lang, "+.1f")})


def _advice(best: Alternative, alternatives: list[Alternative], lang: str = "en") -> tuple[str, list[claims.Claim]]:
    others = [a for a in alternatives if a is not best]
    worths = [worth_claim(a, lang) for a in alternatives]
    by_move = {w.move: w for w in worths}
    compare = paragraph(lang, *(say(lang, "{move}: {worth}", move=_move_words(a.action, lang),
                                    worth=by_move[a.action].words(lang)) for a in others), sep="; ")
    mine = {"move": _move_words(best.action, lang), "worth": by_move[best.action].words(lang)}
    if claims.indistinct([a.score for a in alternatives], tolerance=0.05):
        return (say(lang, N_("The moves cannot be told apart here ({move}: {worth}; {compare})."), compare=compare,
                    **mine), list(worths))
    if best.action == "fold":
        return (say(lang, N_("Every way of staying in loses chips ({compare}), so fold: the chips already in are gone "
                             "anyway."), compare=compare), [w for w in worths if w.move != "fold"])
    return say(lang, N_("Best: {move}, {worth} (against: {compare})."), compare=compare, **mine), list(worths)


def _move_words(action: str, lang: str = "en") -> str:
    verb, _, arg = action.partition(" ")
    if verb == "see":
        return say(lang, N_("pay {n} to see"), n=SEE_COST)
    if verb == "bet":
        return say(lang, N_("bet {n}"), n=arg)
    if verb == "raise":
        return say(lang, N_("raise by {n}"), n=arg)
    return say(lang, {"call": N_("call"), "fold": N_("fold"), "chip": N_("put in a chip")}[verb])


# ---- the three bots ----

def easy(view: InjunView, rng: random.Random) -> str:
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


def medium(view: InjunView, rng: random.Random) -> str:
    """The table habit itself: a threshold on the chance it sees, the pot odds for a call (no slips)."""
    kind = habit(odds(view).equity, spot_of(view))
    if kind == "raise":
        return next(a for a in view["legal"] if a.startswith(("bet ", "raise ")))
    return kind


def hard(view: InjunView, rng: random.Random) -> str:
    """Reads the others' bets (the habit) and plays the move worth most; stops raising after three raises."""
    alternatives = evaluate(view)
    raises = sum(a.split()[0] == "raise" for _s, a in view["actions"])
    mine = sum(int(s) == view["seat"] for s, _a in view["actions"])
    allowed = [a for a in alternatives
               if not (kind_of(a.action) == "raise" and raises >= 3)
               and not (a.action == "chip" and len(view["bettors"]) == 2 and mine >= 6)]
    top = allowed[0].score
    return rng.choice([a.action for a in allowed if a.score == top])


POLICIES = {"easy": easy, "medium": medium, "hard": hard}
