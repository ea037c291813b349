"""Jubilee, the Czech counting game (seed 000; docs/rules/jubilee.md).

Players take turns adding black cards to a running count and subtracting hearts.
Landing on a multiple of 25 scores, jumping over one costs, and the count may
never go below zero.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from ..cards import CLUBS, HEARTS, SPADES, Card, CardError, jubilee_61, parse_card, parse_cards
from ..dealing import deal_round_robin, stacked_pack
from ..notation import quoted
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, Progress, Rule, Rulebook, TakesTurns,
                       ViewHeader, first_dealer_option, language_option)
from ..shuffle import rng_for
from .. import claims
from ..i18n import N_
from ..words import agreeing, is_you
from ..review_thresholds import Thresholds

HAND_SIZE = 8
FINAL_COUNT = 217
JUBILEE_POINTS = 10
HUNDRED_POINTS = 20
PASSING_PENALTY = -5

RULES = Rulebook([
    Rule("jubilee.pack", N_("The pack has 61 cards: one suit of hearts, two full suits of spades, "
            "two suits of clubs from Ace to 9, and four jokers.")),
    Rule("jubilee.values", N_("Spades and clubs add to the count and hearts subtract from it: "
            "Ace 15, King, Queen and Jack 10, 2 to 10 their number, a joker 0.")),
    Rule("jubilee.deal", N_("The dealer deals 8 cards to each player, one at a time, clockwise from "
            "his left; the rest is the stock. The deal passes to the left after each hand.")),
    Rule("jubilee.eldest", N_("The player on the dealer's left plays first; play goes clockwise.")),
    Rule("jubilee.turn", N_("On your turn you play any card from your hand, say the new count, "
            "and draw one card from the stock while it lasts.")),
    Rule("jubilee.no_negative", N_("The count may never go below 0.")),
    Rule("jubilee.cannot_play", N_("If every card you hold would take the count below 0, you show "
            "your hand and pass. You do not draw.")),
    Rule("jubilee.jubilee", N_("Landing exactly on a multiple of 25 (25, 50, 75, 125 …) is a "
            "Jubilee: +10 points.")),
    Rule("jubilee.hundred", N_("Landing exactly on a multiple of 100 scores +20 instead of 10.")),
    Rule("jubilee.passing", N_("Jumping over a multiple of 25 (100 included), up or down, costs "
            "5 points. Leaving a multiple you stood on is not jumping over it.")),
    Rule("jubilee.no_score", N_("A joker changes nothing, so it never scores, even on a multiple "
            "of 25; a count of 0 never scores either.")),
    Rule("jubilee.first_black", N_("Variant: the first card of each deal must be black "
            "(a spade or a club).")),
    Rule("jubilee.first_black_lapses", N_("Under that variant, once every player has passed in turn without a "
            "card being played, the restriction lapses for the deal: any card the count allows may open it.")),
    Rule("jubilee.skip", N_("Once the stock is gone, a player whose hand is empty is skipped.")),
    Rule("jubilee.end", N_("The deal ends when every card has been played. The count is then "
            "always 217 (some rule books say 189, counting both club Aces as 1 by mistake).")),
    Rule("jubilee.match", N_("A match is one deal per player, so everyone deals once; scores add "
            "up and may go negative. The highest total wins; equal totals share the win.")),
])


def card_value(card: Card) -> int:
    """What a card adds to the count: spades and clubs add, hearts subtract."""
    if card.is_joker:
        return 0
    base = 15 if card.rank == 1 else 10 if card.rank > 10 else card.rank
    return -base if card.suit == HEARTS else base


def keeps_count_legal(count: int, card: Card) -> bool:
    """The one limit on playing a card: the count may never go below 0."""
    return count + card_value(card) >= 0


def score_for(before: int, card: Card) -> tuple[int, str | None]:
    """Points for moving the count from ``before`` with ``card``, and the rule that gives them.

    The list of outcomes is short because |value| ≤ 15 < 25: a play can land on or jump
    over at most one multiple of 25, and never both.
    """
    value = card_value(card)
    after = before + value
    if value == 0:
        return 0, "jubilee.no_score" if after > 0 and after % 25 == 0 else None
    if after > 0 and after % 25 == 0:
        return (HUNDRED_POINTS, "jubilee.hundred") if after % 100 == 0 else (JUBILEE_POINTS, "jubilee.jubilee")
    low, high = min(before, after), max(before, after)
    if (high - 1) // 25 > low // 25:  # a multiple strictly between the two counts
        return PASSING_PENALTY, "jubilee.passing"
    return 0, None


def multiple_passed(before: int, after: int) -> int | None:
    low, high = min(before, after), max(before, after)
    m = (low // 25 + 1) * 25
    return m if m < high else None


PASS = Action("pass")
_PLAY = {c: Action.play(c) for c in set(jubilee_61())}
_CARD_OF = {a.arg: c for c, a in _PLAY.items()}
_BLACK = (SPADES, CLUBS)


class Deal:
    """One deal of Jubilee in play, with no narration: the lean path search copies and plays out.
    :class:`Jubilee` wraps it with the events a learner reads.

    The stock's top card is ``stock[0]``. ``revealed[s]``: what seat ``s`` showed when it last passed
    and still holds (None once it has played them all); ``opening_passes``: passes before the deal's
    first card (the first-black variant lapses once every player has passed,
    docs/rules/jubilee.md#jubilee.first_black_lapses).
    ``points[s]``: what seat ``s`` has scored this deal; ``phase`` is "done" once every card is played.
    """

    __slots__ = ("players", "hands", "stock", "count", "pile", "points", "revealed", "opening_passes",
                 "turn", "phase", "first_black")

    #: What a view does not say, which :meth:`from_view` guesses: how many players have passed before the
    #: first card (the view says only whether the first-black rule still binds; while it binds every turn so
    #: far was a pass, so the count follows from whose turn it is, and once it has lapsed, all that matters
    #: is that it is at least the number of players).
    NOT_IN_VIEW = ("opening_passes",)

    def __init__(self, hands: list[list[Card]], stock: list[Card], turn: int, first_black: bool = False) -> None:
        self.players = len(hands)
        self.hands = hands
        self.stock = stock
        self.count = 0
        self.pile: list[Card] = []
        self.points = [0] * self.players
        self.revealed: list[list[Card] | None] = [None] * self.players
        self.opening_passes = 0
        self.turn = turn
        self.phase = "play"
        self.first_black = first_black  # the variant: the deal's first card must be black

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.players, d.count, d.opening_passes, d.turn, d.phase, d.first_black = (
            self.players, self.count, self.opening_passes, self.turn, self.phase, self.first_black)
        d.hands = [h[:] for h in self.hands]
        d.stock, d.pile, d.points = self.stock[:], self.pile[:], self.points[:]
        d.revealed = [None if r is None else r[:] for r in self.revealed]
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int = 0) -> Deal:
        """The deal as ``view``'s seat sees it, the cards it cannot see (:func:`unseen`) placed in the order
        of ``sampled_hidden``: each other seat in seat order gets the cards it showed when it passed and the
        next ones up to its hand size, then the stock takes the rest, top card first. (``seed`` is unused:
        a Jubilee deal shuffles nothing once dealt.)"""
        me, n = view["seat"], view["players"]
        hidden = list(sampled_hidden)
        shown = [[] if r is None else parse_cards(r) for r in view["revealed"]]
        need = sum(size - len(shown[s]) for s, size in enumerate(view["hand_sizes"]) if s != me)
        if need + view["stock_size"] != len(hidden):
            raise ValueError(f"{len(hidden)} hidden cards cannot fill the other hands and a stock of "
                             f"{view['stock_size']}")
        hands: list[list[Card]] = []
        start = 0
        for s, size in enumerate(view["hand_sizes"]):
            if s == me:
                hands.append(parse_cards(view["hand"]))
            else:
                take = size - len(shown[s])
                hands.append(shown[s] + hidden[start:start + take])
                start += take
        turn = view["current_player"] if view["current_player"] is not None else me
        d = cls(hands, hidden[start:], turn, view["options"]["first_play"] == "black")
        d.count = view["count"]
        d.pile = parse_cards(view["played"])
        d.points = list(view["deal_scores"])
        d.revealed = [None if r is None else parse_cards(r) for r in view["revealed"]]
        d.opening_passes = (turn - view["dealer"] - 1) % n if view["black_first"] else n
        d.phase = "done" if not any(hands) else "play"
        return d

    # ---- whose turn, what is legal ----
    def to_act(self) -> list[int]:
        return [self.turn] if self.phase == "play" else []

    @property
    def black_first(self) -> bool:
        """docs/rules/jubilee.md#jubilee.first_black_lapses: the first-black variant binds until a card is played or
        everyone has passed in turn."""
        return self.first_black and not self.pile and self.opening_passes < self.players

    def playable(self, seat: int) -> list[Card]:
        """Cards in the hand that keep the count at 0 or more (and obey the first-play variant)."""
        count = self.count
        if self.black_first:
            return [c for c in self.hands[seat] if c.suit in _BLACK]  # black cards never lower the count
        return [c for c in self.hands[seat] if keeps_count_legal(count, c)]

    def legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for c in self.playable(seat):
            a = _PLAY[c]
            if a not in out:
                out.append(a)
        return out or [PASS]

    # ---- the moves ----
    def apply(self, seat: int, action: Action) -> None:
        """Make a legal move (unchecked: the narrated game checks, search plays legal moves)."""
        if action.verb == "pass":
            self.pass_turn(seat)
        else:
            self.play(seat, _CARD_OF[action.arg])

    def pass_turn(self, seat: int) -> None:
        """docs/rules/jubilee.md#jubilee.cannot_play: a player who cannot play shows his hand and passes; he does not
        draw."""
        self.revealed[seat] = list(self.hands[seat])
        if not self.pile:
            self.opening_passes += 1
        self._advance()

    def play(self, seat: int, card: Card) -> tuple[int, int, str | None, Card | None]:
        """Play ``card``: (the count before, the points it scores, the rule that gives them, the card drawn)."""
        before = self.count
        self.hands[seat].remove(card)
        self.count = before + card_value(card)
        self.pile.append(card)
        shown = self.revealed[seat]
        if shown is not None:
            if card in shown:
                shown.remove(card)
            if not shown:
                self.revealed[seat] = None
        points, rule = score_for(before, card)
        self.points[seat] += points
        drawn = self.stock.pop(0) if self.stock else None
        if drawn is not None:
            self.hands[seat].append(drawn)
        self._advance()
        return before, points, rule, drawn

    def _advance(self) -> None:
        """The next player holding cards; the deal is over when nobody holds any (docs/rules/jubilee.md#jubilee.skip,
        docs/rules/jubilee.md#jubilee.end)."""
        hands, n = self.hands, self.players
        if not any(hands):
            self.phase = "done"
            return
        nxt = (self.turn + 1) % n
        while not hands[nxt]:
            nxt = (nxt + 1) % n
        self.turn = nxt


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :meth:`Deal.from_view` places them: each
    other hand less what it showed when it passed, then the stock, top card first (the proof that from_view
    rebuilds the true deal)."""
    out: list[Card] = []
    for s, hand in enumerate(deal.hands):
        if s != view["seat"]:
            rest = Counter(hand)
            rest.subtract(deal.revealed[s] or [])
            out += sorted(rest.elements())
    return out + deal.stock


def unseen(view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see, in the pack's order: not in its hand, not played, not shown by
    a player who passed (:meth:`Deal.from_view` places them)."""
    seen = Counter(parse_cards(view["hand"]) + parse_cards(view["played"]))
    for seat, shown in enumerate(view["revealed"]):
        if shown and seat != view["seat"]:
            seen.update(parse_cards(shown))
    out = []
    for card in jubilee_61():
        if seen[card]:
            seen[card] -= 1
        else:
            out.append(card)
    return out


class JubileeView(ViewHeader):
    """Every key of ``Jubilee.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    hand: list[str]
    hand_sizes: list[int]
    count: int
    next_multiple: int
    scores: list[int]
    deal_scores: list[int]
    stock_size: int
    played: list[str]
    revealed: list[list[str] | None]
    black_first: bool
    last_play: dict[str, Any] | None
    dealer: int
    deal_number: int
    deals_total: int
    current_player: int | None
    is_over: bool
    legal: list[str]


class Jubilee(TakesTurns, Game):
    id = "jubilee"
    view_type = JubileeView
    short_match = {"match": "single"}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 478 decisions, 11% cost anything; q90 1.8, q95 5.7, q99 10.4 points
    review_thresholds = Thresholds(2, 6, 10, claims.fact(
        "review.loss.jubilee", N_("{value} points below the better move, counting the next player's Jubilee as "
                                  "expected if every card you cannot see is equally likely")), N_("points"),
        N_("point"), loss_one=claims.fact(
            "review.loss.jubilee.one", N_("{value} point below the better move, counting the next player's "
                                          "Jubilee as expected if every card you cannot see is equally likely")))
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    name = "Jubilee"
    blurb = N_("A Czech counting game: land the running count on multiples of 25, never below zero.")
    min_players, max_players, default_players = 2, 7, 3
    rules = RULES
    variants = (
        Option("match", "each_deals", "How long a match lasts: one deal per player (each deals "
               "once), or a single deal.", choices=("each_deals", "single")),
        Option("first_play", "any", "'any': the first card may be any card the count allows, a "
               "joker included; 'black': the first card of a deal must be a spade or a club (wikiHow).",
               choices=("any", "black")),
        first_dealer_option(),
        language_option(),
    )

    deal: Deal

    # ---- the deal ----
    def _setup(self) -> None:
        first = self.first_dealer_seat()
        self.deals_total = self.players if self.options["match"] == "each_deals" else 1
        self.scores_total = [0] * self.players
        self.deal_number = 0
        self._over = False
        self.first_dealer = first if first is not None else _draw_for_deal(self.seed, self.players)
        self._start_deal()

    def _start_deal(self) -> None:
        n = self.players
        self.dealer = (self.first_dealer + self.deal_number) % n
        pack = stacked_pack(jubilee_61(), self.deck if self.deal_number == 0 else None,
                            self.seed, "jubilee-deal", self.deal_number, pack_name="Jubilee pack")
        hands, stock = deal_round_robin(pack, n, HAND_SIZE, first=(self.dealer + 1) % n)
        self.deal = Deal(hands, stock, (self.dealer + 1) % n, self.options["first_play"] == "black")
        self.last_play: dict[str, Any] | None = None
        self.narrate("deal", "jubilee.deal", "Deal {n} of {total}: {dealer} deals {size} cards each; {stock} cards "
                     "form the stock. {first} plays first.", seat=self.dealer,
                     data={"deal": self.deal_number, "dealer": self.dealer}, n=self.deal_number + 1,
                     total=self.deals_total, dealer=self.names[self.dealer], size=HAND_SIZE,
                     stock=len(self.deal.stock), first=self.names[self.deal.turn])

    # ---- whose turn, what is legal ----
    def progress(self) -> Progress:
        return self.match_progress(min(self.deal_number + 1, self.deals_total), self.deals_total)

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=e.data["deal"] + 1, points=list(e.data["deal_scores"]), how=None)
                for e in self._events if e.kind == "deal_end"]

    @property
    def scores(self) -> list[int]:
        return list(self.scores_total)

    def _legal(self, seat: int) -> list[Action]:
        return self.deal.legal(seat)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb == "pass" and not act.arg:
            return act
        if act.verb == "play":
            text = act.arg
        else:  # "7s" on its own means "play 7S"
            text = str(action).strip() if isinstance(action, str) else ""
        try:
            return Action.play(parse_card(text))
        except CardError:
            raise IllegalAction(self.tr("{move} is not a Jubilee move: moves look like 'play 7S' or 'pass'.",
                                        move=quoted(str(action))), "jubilee.turn") from None

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        if action.verb == "pass":
            example = self.deal.playable(seat)[0]
            return (self.tr("You can play (for example {card}), so you may not pass: passing is only for a hand "
                            "that cannot play.", card=self.card_symbol(example)), "jubilee.cannot_play")
        card = action.card
        if card not in self.deal.hands[seat]:
            return (self.tr("{who} does not hold {card}.", who=self.names[seat], card=self.card_symbol(card)),
                    "jubilee.turn")
        after = self.deal.count + card_value(card)
        if not keeps_count_legal(self.deal.count, card):
            return (self.tr("{card} would take the count from {before} to {after}, and the count may never go "
                            "below 0.", card=self.card_symbol(card), before=self.deal.count, after=after),
                    "jubilee.no_negative")
        return self.tr("The first card of this deal must be black (a spade or a club)."), "jubilee.first_black"

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        if action.verb == "pass":
            self._pass(seat)
        else:
            self._play(seat, action.card)
        if self.deal.phase == "done":
            self._end_deal()

    def _pass(self, seat: int) -> None:
        hand = list(self.deal.hands[seat])
        why = (self.tr("open the deal: the first card must be black") if self.deal.black_first
               and any(keeps_count_legal(self.deal.count, c) for c in hand)
               else self.tr("play without taking the count below 0"))
        self.deal.pass_turn(seat)
        shown = " ".join(self.card_symbol(c) for c in hand)
        if is_you(self.names[seat]):
            self.narrate("pass", "jubilee.cannot_play", "{who} cannot {why}, so you show your hand ({cards}) and "
                         "pass.", seat=seat, data={"hand": [str(c) for c in hand]}, who=self.names[seat], why=why,
                         cards=shown)
        else:
            self.narrate("pass", "jubilee.cannot_play", "{who} cannot {why}, so they show their hand ({cards}) and "
                         "pass.", seat=seat, data={"hand": [str(c) for c in hand]}, who=self.names[seat], why=why,
                         cards=shown)
        if not self.deal.pile:
            if self.deal.first_black and self.deal.opening_passes == self.players:
                self.narrate("note", "jubilee.first_black_lapses",
                             "Everyone has passed without a black card to open with, so the first-card rule "
                             "lapses for this deal: any card the count allows may now be played.")

    def _play(self, seat: int, card: Card) -> None:
        before, points, rule, drawn = self.deal.play(seat, card)
        after = self.deal.count
        self.last_play = {"seat": seat, "card": str(card), "before": before, "after": after, "points": points}
        sign = "+" if card_value(card) >= 0 else "−"
        who = self.names[seat]
        self.narrate("play", "jubilee.values", "{who} plays {card} ({value}): the count goes from {before} to "
                     "{after}.", seat=seat, data={"card": str(card), "before": before, "after": after}, who=who,
                     card=self.card_symbol(card), value=f"{sign}{abs(card_value(card))}", before=before,
                     after=after)
        if points:
            assert rule is not None  # every score comes from a rule
            self.scores_total[seat] += points
            data = {"points": points}
            if rule == "jubilee.passing":
                self.narrate("score", rule, "{who} jumped over {multiple} ({before} → {after}): −5.", seat=seat,
                             data=data, who=who, multiple=multiple_passed(before, after), before=before, after=after)
            elif rule == "jubilee.hundred":
                self.narrate("score", rule, "{after} is a multiple of 100: {who} scores +20.", seat=seat, data=data,
                             who=who, after=after)
            else:
                self.narrate("score", rule, "Jubilee! {after} is a multiple of 25: {who} scores +10.", seat=seat,
                             data=data, who=who, after=after)
        elif rule == "jubilee.no_score":
            self.narrate("note", rule, "The count stays on {after}, but a joker never scores.", seat=seat, after=after)
        if drawn is not None:
            left = len(self.deal.stock)
            self.narrate("draw", "jubilee.turn", "{who} draws a card from the stock ({left} left).", seat=seat,
                         data={"stock": left}, who=who, left=left,
                         secret={seat: (self.tr("{who} draws {card} from the stock ({left} left).", who=who,
                                                card=self.card_symbol(drawn), left=left), {"card": str(drawn)})})

    def _end_deal(self) -> None:
        assert self.deal.count == FINAL_COUNT, "a Jubilee deal always ends on 217"
        summary = ", ".join(f"{self.names[s]} {self.deal.points[s]:+d}" for s in range(self.players))
        self.narrate("deal_end", "jubilee.end", "Deal {n} is over: every card is played and the count is {count}. "
                     "This deal: {summary}.", data={"deal": self.deal_number, "deal_scores": list(self.deal.points)},
                     n=self.deal_number + 1, count=FINAL_COUNT, summary=summary)
        self.deal_number += 1
        if self.deal_number < self.deals_total:
            self._start_deal()
            return
        self._over = True
        best = max(self.scores_total)
        winners = [s for s in range(self.players) if self.scores_total[s] == best]
        data = {"winners": winners, "scores": list(self.scores_total)}
        if len(winners) == 1:
            message = agreeing(best, N_("The match is over: {who} wins with {n} point."),
                               N_("The match is over: {who} wins with {n} points."))
        else:
            message = agreeing(best, N_("The match is over: {who} win with {n} point."),
                               N_("The match is over: {who} win with {n} points."))
        self.narrate("game_end", "jubilee.match", message, data=data, n=best,
                     who=f" {self.tr('and')} ".join(self.names[s] for s in winners))

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        legal = [str(a) for a in self.legal_actions(seat)]
        return {
            **self.view_header(seat),
            "hand": [str(c) for c in self.deal.hands[seat]],
            "hand_sizes": [len(h) for h in self.deal.hands],
            "count": self.deal.count,
            "next_multiple": (self.deal.count // 25 + 1) * 25,
            "scores": self.scores,
            "deal_scores": list(self.deal.points),
            "stock_size": len(self.deal.stock),
            "played": [str(c) for c in self.deal.pile],
            "revealed": [None if r is None else [str(c) for c in r] for r in self.deal.revealed],
            "black_first": self.deal.black_first,
            "last_play": None if self.last_play is None else dict(self.last_play),
            "dealer": self.dealer,
            "deal_number": self.deal_number if not self._over else self.deals_total - 1,
            "deals_total": self.deals_total,
            "current_player": self.current_player,
            "is_over": self._over,
            "legal": legal,
        }


def _draw_for_deal(seed: int, players: int) -> int:
    """The seed's "draw for the deal": a seeded choice of the first dealer."""
    return rng_for(seed, "jubilee-first-dealer").below(players)
