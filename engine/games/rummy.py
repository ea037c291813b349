"""Basic Rummy, cardgames.io's "Traditional Rummy" (seed 002; docs/rules/rummy.md).

Two to four players; ten cards each with two players, seven with three or four; one card
turned up to start the discard pile. On your turn you draw (the stock or the discard),
then may put down melds (sets of one rank, runs in one suit, Ace low) and lay cards off
on any meld on the table, then discard. The first to get rid of every card wins the
deal and takes the value of the cards left in the other hands, doubled for "going
rummy" (the whole hand in one turn). Deals follow until somebody reaches the target.

What a meld is, and which card fits where, is :mod:`engine.melds`; the stock, the pile
and the verbs both rummies share are :mod:`engine.rummy_core`; this module is the turn and
the scoring. The deal lives in :class:`Deal`, with no narration, so search can copy and
play it cheaply; :class:`Rummy` wraps it with the events a learner reads.

Moves (notation a person can type): ``draw stock``, ``draw discard``, ``meld 7S 8S 9S``,
``layoff 10S to 2`` (melds are numbered on the table from 1), ``discard KH``. A joker
laid off where it could stand at either end of a run says which: ``layoff JK to 2 low``.
``legal_actions()`` offers every meld the hand can make (each maximal meld and all its
sub-melds; every joker layout), every lay-off, and every discard, so a bot can reach any
legal move and the list stays small (a 10-card hand has a few dozen moves).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ..cards import FRENCH_SUITS, JOKER, Card, CardError, parse_card, parse_cards, standard_52
from ..dealing import stacked_pack
from ..melds import (ACE_EITHER, ACE_LOW, ACE_WRAP, BASIC_RUMMY, RUN, SET, Meld, MeldRules, described, layoffs,
                     meld_or_none, not_in_hand, possible_melds, ranks_said, run_layouts, said_in, why_not_meld)
from ..notation import quoted
from ..protocol import (Action, Game, IllegalAction, Option, Rule, Rulebook, TakesTurns, first_dealer_option,
                        language_option)
from ..protocol import DealResult, Progress, ViewHeader
from ..rummy_core import hidden_in_order as hidden_in_order  # the lean-core tests' order
from ..rummy_core import RummyDeal, deal_out, hand_less, hidden_hands, known_copy, table_melds, unseen
from ..shuffle import rng_for, shuffled
from ..words import agreeing, is_you, join
from .. import claims
from ..i18n import N_, Sentence
from ..review_thresholds import Thresholds

RULES = Rulebook([
    Rule("rummy.pack", N_("One standard 52-card pack. Face cards count 10, Aces 1, the others their "
            "number.")),
    Rule("rummy.deal", N_("The dealer deals one card at a time: 10 cards each with two players, 7 each "
            "with three or four. The deal passes to the left after each deal.")),
    Rule("rummy.upcard", N_("The rest of the pack is the stock, face down; its top card is turned up to "
            "start the discard pile. The player on the dealer's left starts.")),
    Rule("rummy.draw", N_("Your turn starts with a draw: the top card of the stock, or the top card of "
            "the discard pile.")),
    Rule("rummy.meld", N_("After drawing you may put down melds: a set is three or four cards of one "
            "rank; a run is three or more cards of one suit in sequence.")),
    Rule("rummy.ace", N_("Aces are low: A-2-3 is a run, but Q-K-A is not, and runs do not wrap round "
            "from King to Ace.")),
    Rule("rummy.layoff", N_("You may also lay off cards from your hand on any meld on the table, yours "
            "or another player's, if the meld stays a set or a run.")),
    Rule("rummy.discard", N_("Your turn ends when you discard one card face up on the discard pile.")),
    Rule("rummy.discard_rule", N_("You may not discard the card you have just taken from the discard "
            "pile (Hoyle's rule; an option, on unless turned off).")),
    Rule("rummy.out", N_("The first player with no cards left wins the deal. You may go out by "
            "discarding your last card, or without a discard by melding or laying off every card.")),
    Rule("rummy.rummy", N_("Going rummy: a player who gets rid of his whole hand in one turn, having "
            "put down nothing before, scores double.")),
    Rule("rummy.score", N_("Winner takes all: the winner scores the value of the cards left in every "
            "other hand (face cards 10, Aces 1, others their number).")),
    Rule("rummy.rebuild", N_("When the stock runs out, the discard pile is shuffled and becomes the new "
            "stock. This happens only once a deal.")),
    Rule("rummy.stalemate", N_("If the stock runs out a second time, the deal is a stalemate: nobody "
            "scores, and the next deal starts.")),
    Rule("rummy.target", N_("Deals continue until a player reaches the target score (100 unless the "
            "table chose another; the original rules' own figures are lost). The highest score then wins.")),
    Rule("rummy.ace_high", N_("Variant: the Ace is high or low (A-2-3 or Q-K-A, never K-A-2) and "
            "counts 15.")),
    Rule("rummy.around", N_("Variant: runs may turn the corner (K-A-2); the Ace counts 15.")),
    Rule("rummy.jokers", N_("Variant: two jokers are added and are wild in any set or run (each meld "
            "needs a real card). A joker counts 15. Once a joker is in a run on the table, any player "
            "holding the real card it stands for may lay that card off in its place and take the "
            "joker into his hand.")),
    Rule("rummy.must_discard", N_("Variant: you must discard to go out, so you may never meld or lay "
            "off your last card.")),
    Rule("rummy.block", N_("Variant (block rummy): the discard pile is never reused. When the stock runs "
            "out the deal ends; the lowest hand wins it and scores the others' cards (a tie for lowest "
            "scores nothing).")),
    Rule("rummy.penalty", N_("Variant: instead of winner takes all, each player scores the value of his "
            "own hand as penalty points; when someone reaches the target, the lowest total wins.")),
    Rule("rummy.no_shuffle", N_("Variant (old rules): the discard pile is turned over without shuffling "
            "to make the new stock.")),
    Rule("rummy.rebuild_cap", N_("Variant: the stock may be rebuilt from the discards this many times a "
            "deal before a run-out is a stalemate.")),
])

HAND_SIZE = {2: 10, 3: 7, 4: 7}
JOKER_VALUE = 15


def _check_target(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10000:
        return "a whole number of points from 1 to 10000"
    return None


def _check_rebuilds(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        return "a whole number of rebuilds from 0 to 10"
    return None


def card_value(card: Card, ace: str = ACE_LOW) -> int:
    """A card left in hand: face cards 10, Ace 1 (15 when it may be high), jokers 15."""
    if card.is_joker:
        return JOKER_VALUE
    if card.rank == 1:
        return 1 if ace == ACE_LOW else 15
    return min(card.rank, 10)


def hand_value(cards: Sequence[Card], ace: str = ACE_LOW) -> int:
    return sum(card_value(c, ace) for c in cards)


def meld_rules(options: dict[str, Any]) -> MeldRules:
    """The meld rules a table plays: Basic Rummy with the chosen Ace and joker variants."""
    ace = {"low": ACE_LOW, "high_or_low": ACE_EITHER, "around": ACE_WRAP}[options["ace"]]
    return replace(BASIC_RUMMY, ace=ace, jokers=bool(options["jokers"]))


def hand_order(card: Card) -> tuple[int, int]:
    """Hands read by suit (♠ ♥ ♣ ♦, colours alternating), Ace low; jokers last."""
    return _HAND_ORDER[card]


_HAND_ORDER = {Card(r, s): ((0, 1, 3, 2)[i], r) for i, s in enumerate(FRENCH_SUITS) for r in range(1, 14)}
_HAND_ORDER[JOKER] = (9, 0)
_TEXT = {card: str(card) for card in _HAND_ORDER}  # notation, computed once: legal lists are hot
_DRAW_STOCK, _DRAW_DISCARD = Action("draw", "stock"), Action("draw", "discard")
_DISCARD = {card: Action("discard", text) for card, text in _TEXT.items()}
_CARD_OF_TEXT = {text: card for card, text in _TEXT.items()}


class Deal(RummyDeal):
    """One deal of Basic Rummy in play, with no narration: the lean path that search copies and
    plays out. :class:`Rummy` wraps it with the events a learner reads.

    ``taken``: the card just taken from the discard pile (Hoyle: not to be discarded this turn);
    ``put_down[s]``: seat s has melded or laid off this deal; ``had_put_down``: the player to move
    had, before this turn (going rummy needs not). When the deal ends ``phase`` is "done",
    ``ending`` says what ended it ("out", "block", "stalemate"), ``how`` and ``winner`` are the
    result's, ``doubled`` marks going rummy and ``points`` are what each seat scores."""

    __slots__ = ("rules", "options", "discard_rule", "must_discard", "taken", "put_down", "had_put_down",
                 "ending", "how", "winner", "doubled", "discarded", "points")

    #: What a view does not say, which :meth:`from_view` guesses: whether the player to move had put
    #: anything down before this turn (it takes "yes" when he has put something down by now).
    NOT_IN_VIEW = ("had_put_down",)

    def __init__(self, hands: list[list[Card]], stock: list[Card], discards: list[Card], turn: int,
                 options: dict[str, Any], seed: int | str = 0, deal_index: int = 0) -> None:
        super().__init__(hands, stock, discards, turn, seed, deal_index)
        self.options = options
        self.rules = meld_rules(options)
        self.discard_rule, self.must_discard = bool(options["discard_rule"]), bool(options["must_discard"])
        self.taken: Card | None = None
        self.put_down = [False] * self.players
        self.had_put_down = False
        self.ending = self.how = ""
        self.winner: int | None = None
        self.doubled = self.discarded = False
        self.points: list[int] = []

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        self._copy_shared(d)
        d.options, d.rules, d.discard_rule, d.must_discard = (self.options, self.rules, self.discard_rule,
                                                              self.must_discard)
        d.taken, d.put_down, d.had_put_down = self.taken, self.put_down[:], self.had_put_down
        d.ending, d.how, d.winner = self.ending, self.how, self.winner
        d.doubled, d.discarded = self.doubled, self.discarded
        d.points = self.points[:]
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int | str = 0) -> Deal:
        """The deal as ``view``'s seat sees it, the cards it cannot see (:func:`unseen_cards`) placed
        in the order of ``sampled_hidden``: a determinized deal for search. ``seed`` drives its
        rebuild shuffle."""
        options = dict(view["options"])
        hands, stock, rest = hidden_hands(view, sampled_hidden, "picked_up")
        if rest:
            raise ValueError(f"{len(rest)} cards too many for the hidden hands and the stock")
        turn = view["current_player"] if view["current_player"] is not None else view["seat"]
        d = cls(hands, stock, parse_cards(view["discard_pile"]), turn, options, seed, view["deal"] - 1)
        d.melds = table_melds(view, d.rules)
        d.known_held = known_copy(view, "picked_up")
        d.phase = "done" if view["is_over"] else view["phase"]
        d.taken = parse_card(view["took_from_discard"]) if view["took_from_discard"] else None
        d.put_down = list(view["put_down"])
        d.had_put_down = d.put_down[turn]
        d.rebuilds = options["rebuilds"] - view["rebuilds_left"]
        return d

    # ---- what is legal ----
    def to_act(self) -> list[int]:
        return [self.turn] if self.phase in ("draw", "play") else []

    def legal(self, seat: int) -> list[Action]:
        if self.phase == "draw":
            return [_DRAW_STOCK, _DRAW_DISCARD] if self.discards else [_DRAW_STOCK]
        hand = self.hands[seat]
        out = [Action("meld", " ".join(_TEXT[c] for c in m.cards)) for m in self.melds_in_hand(seat)
               if self.can_finish(seat, hand_less(hand, m.cards))]
        for number, card, end, _ in self.layoff_options(seat):
            if self.can_finish(seat, hand_less(hand, [card]), swapped=end == "swap"):
                out.append(Action("layoff", _layoff_arg(card, number, end)))
        barred = self.taken if self.discard_rule else None
        out.extend(_DISCARD[c] for c in sorted(set(hand), key=hand_order) if c != barred)
        return out

    def melds_in_hand(self, seat: int) -> list[Meld]:
        return possible_melds(self.hands[seat], self.rules)

    def layoff_options(self, seat: int) -> list[tuple[int, Card, str, Meld]]:
        """(meld number, card, where, the meld it makes) for every lay-off from this hand.

        ``where`` is "" when the card has one place, "low"/"high" for a joker that could go at
        either end, "swap" for a real card taking a joker's place (the joker comes to hand)."""
        out: list[tuple[int, Card, str, Meld]] = []
        cards = sorted(set(self.hands[seat]), key=hand_order)
        for number, tm in enumerate(self.melds, start=1):
            meld = tm.meld
            for card in cards:
                if not card.is_joker and (card.rank != meld.rank if meld.kind == SET else card.suit != meld.suit):
                    continue
                for end, grown in self.layoff_results(meld, card):
                    out.append((number, card, end, grown))
        return out

    def layoff_results(self, meld: Meld, card: Card) -> list[tuple[str, Meld]]:
        found = []
        for grown in layoffs(meld, card, self.rules):
            if len(grown.cards) != len(meld.cards) + 1:
                continue
            if meld.kind == RUN and not (grown.cards[1:] == meld.cards or grown.cards[:-1] == meld.cards):
                continue  # Kalooki's joker slide; in Rummy a replaced joker goes to the player's hand
            found.append(grown)
        if len(found) == 2:
            return [("low", found[0] if found[0].cards[0] == card else found[1]),
                    ("high", found[1] if found[0].cards[0] == card else found[0])]
        out = [("", m) for m in found]
        if not card.is_joker and meld.kind == RUN:
            for i, c in enumerate(meld.cards):
                if c.is_joker and meld.stands_for(i) == card:
                    swapped = meld.cards[:i] + (card,) + meld.cards[i + 1:]
                    out.append(("swap", Meld(RUN, swapped, meld.ranks, meld.suit)))
        return out

    def can_finish(self, seat: int, rest: list[Card], swapped: bool = False) -> bool:
        """After a meld or lay-off leaving ``rest``, the turn can still end lawfully: there is a
        card to discard, or the hand is empty and going out without a discard is allowed."""
        if swapped:
            return True  # the joker comes into the hand and may be discarded
        if not rest:
            return not self.must_discard
        if not self.discard_rule or self.taken is None:
            return True
        return any(c != self.taken for c in rest) or (
            not self.must_discard and len(rest) == 1
            and any(self.layoff_results(tm.meld, rest[0]) for tm in self.melds))

    # ---- the moves ----
    def apply(self, seat: int, action: Action) -> None:
        """Make a legal move (unchecked: the narrated game checks, search plays legal moves)."""
        verb, arg = action.verb, action.arg
        if verb == "draw":
            self.draw(seat, arg)
        elif verb == "meld":
            self.meld(seat, parse_cards(arg))
        elif verb == "layoff":
            words = arg.split()
            self.layoff(seat, parse_card(words[0]), int(words[2]), words[3] if len(words) > 3 else "")
        else:
            self.discard(seat, _CARD_OF_TEXT[arg])

    def draw(self, seat: int, source: str) -> Card:
        if source == "stock":
            card = self.draw_stock(seat)
            self.taken = None
        else:
            card = self.taken = self.take_discard(seat)
        self.had_put_down = self.put_down[seat]  # going rummy needs nothing put down before this turn
        self.phase = "play"
        return card

    def meld(self, seat: int, cards: list[Card]) -> Meld:
        meld = next(m for m in self.melds_in_hand(seat) if list(m.cards) == cards)
        self.put_meld(seat, meld, cards)
        self.put_down[seat] = True
        if not self.hands[seat]:
            self._go_out(seat, discarded=False)
        return meld

    def layoff(self, seat: int, card: Card, number: int, end: str) -> tuple[str, Meld]:
        """Lay ``card`` off on meld ``number``; returns where it went ("swap": the joker came to hand)."""
        options = dict(self.layoff_results(self.melds[number - 1].meld, card))
        where = end if end in options else next(iter(options))
        new = options[where]
        self.lay_off(seat, card, number, new)
        self.put_down[seat] = True
        if where == "swap":
            self.hands[seat].append(JOKER)
        if not self.hands[seat]:
            self._go_out(seat, discarded=False)
        return where, new

    def discard(self, seat: int, card: Card) -> None:
        self.throw(seat, card)
        if not self.hands[seat]:
            self._go_out(seat, discarded=True)
            return
        self.taken = None
        self.phase = "draw"
        self.turn = (seat + 1) % self.players
        if not self.stock:
            self._stock_out()

    def _stock_out(self) -> None:
        """The stock is empty at the start of a turn: rebuild it, end a block deal, or stalemate."""
        options = self.options
        if options["block"]:
            values = self.hand_values()
            low = min(values)
            lowest = [s for s in range(self.players) if values[s] == low]
            if options["scoring"] == "penalty":
                self._end("block", None, "penalty", values)
            elif len(lowest) > 1:
                self._end("block", None, "block", [0] * self.players)
            else:
                self._end("block", lowest[0], "block", self._winner_takes(lowest[0], False))
            return
        if self.rebuilds >= options["rebuilds"]:
            self._end("stalemate", None, "stalemate", [0] * self.players)
            return
        self.rebuilds += 1
        if options["shuffle_rebuild"]:
            self.stock = shuffled(self.discards, self.seed, "rummy-rebuild", self.deal_index, self.rebuilds)
        else:  # the pile turned face down: its bottom card is now the top of the stock
            self.stock = self.discards[::-1]
        self.discards = []

    def _go_out(self, seat: int, discarded: bool) -> None:
        self.discarded = discarded
        self.doubled = doubled = not self.had_put_down
        if self.options["scoring"] == "penalty":
            points = [0 if s == seat else v * (2 if doubled else 1) for s, v in enumerate(self.hand_values())]
            self._end("out", seat, "penalty", points)
        else:
            self._end("out", seat, "rummy" if doubled else "out", self._winner_takes(seat, doubled))

    def _winner_takes(self, winner: int, doubled: bool) -> list[int]:
        points = [0] * self.players
        points[winner] = sum(v for s, v in enumerate(self.hand_values()) if s != winner) * (2 if doubled else 1)
        return points

    def _end(self, ending: str, winner: int | None, how: str, points: list[int]) -> None:
        self.phase, self.ending, self.winner, self.how, self.points = "done", ending, winner, how, points

    def hand_values(self) -> list[int]:
        ace = self.rules.ace
        return [hand_value(h, ace) for h in self.hands]


def rummy_pack(options: Mapping[str, Any]) -> list[Card]:
    """The pack a table deals from: 52 cards, and the two jokers when they are played."""
    return standard_52() + ([JOKER, JOKER] if options["jokers"] else [])


def unseen_cards(view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see, in the pack's order: :meth:`Deal.from_view` places them."""
    return unseen(view, rummy_pack(view["options"]), "picked_up")


class RummyView(ViewHeader):
    """Every key of ``Rummy.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    phase: str
    hand: list[str]
    hand_sizes: list[int]
    melds: list[dict[str, Any]]
    discard_top: str | None
    discard_size: int
    discard_pile: list[str]
    stock_size: int
    took_from_discard: str | None
    picked_up: list[list[Any]]
    put_down: list[bool]
    rebuilds_left: int
    deal: int
    dealer: int
    scores: list[int]
    target: int
    results: list[dict[str, Any]]
    current_player: int | None
    is_over: bool
    ace: str
    legal: list[str]


class Rummy(TakesTurns, Game):
    id = "rummy"
    view_type = RummyView
    short_match = {"target": 1}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 493 decisions, 10% cost anything; q90 0.25, q95 1.8, q99 6.0 points: q90 is under the floor of 1
    # point (an Ace's worth, the least card), so 1, then 2 and 6 from q95 and q99
    review_thresholds = Thresholds(1, 2, 6, claims.fact(
        "review.loss.rummy", N_("{value} more points of deadwood than the better move, a card from the stock "
                                "counted as expected if every card you cannot see is equally likely")),
        N_("points of deadwood"), N_("point of deadwood"), loss_one=claims.fact(
            "review.loss.rummy.one", N_("{value} more point of deadwood than the better move, a card from the "
                                        "stock counted as expected if every card you cannot see is equally "
                                        "likely")),
        # the hint puts a meld down or lays a card off by rule, with no figure: a fair one for keeping the meld in
        # hand needs a model of when an opponent goes out (the hard bot keeps its melds while every opponent holds
        # 5 cards or more, and that measured better than putting them down: a "mistake" there would be no promise)
        unrated=N_("there the hint would put cards down (a meld, or a card laid off) and you played otherwise. "
                   "Keeping a meld in hand can pay (no one can lay off on it) or cost (its points count against "
                   "you if someone goes out first); which one depends on when an opponent goes out, and the "
                   "review cannot weigh that fairly yet, so such turns count neither for nor against your "
                   "accuracy."))
    name = "Rummy"
    blurb = N_("Basic Rummy: draw, make sets and runs, lay off, discard, and be first to empty your hand.")
    min_players, max_players, default_players = 2, 4, 2
    rules = RULES
    variants = (
        Option("target", 100, "The score that wins the match. The original rules' figures for 2, 3 and 4 "
               "players are lost; 100 is the tutor's choice.", check=_check_target),
        Option("discard_rule", True, "True: you may not discard the card just taken from the discard "
               "pile (Hoyle); False: you may.", choices=(True, False)),
        Option("ace", "low", "'low': A-2-3 only; 'high_or_low': Q-K-A too, Ace worth 15; 'around': "
               "K-A-2 too, Ace worth 15.", choices=("low", "high_or_low", "around")),
        Option("jokers", False, "True: two wild jokers (15 points), which a player may take from a run "
               "by laying off the card they stand for.", choices=(True, False)),
        Option("must_discard", False, "True: you must discard to go out.", choices=(True, False)),
        Option("block", False, "True: block rummy, the discard pile is never reused; the deal ends when "
               "the stock runs out.", choices=(True, False)),
        Option("scoring", "winner", "'winner': winner takes all; 'penalty': each player scores his own "
               "hand as penalty points and the lowest total wins.", choices=("winner", "penalty")),
        Option("shuffle_rebuild", True, "True: the discards are shuffled into the new stock; False: turned "
               "over as they lie.", choices=(True, False)),
        Option("rebuilds", 1, "How many times a deal's stock may be rebuilt before a run-out is a "
               "stalemate (the original rules: once).", check=_check_rebuilds),
        first_dealer_option(),
        language_option(),
    )

    deal: Deal  # the deal in play: every rule reads and moves it (the Game adds the match and the words)

    # ---- the match and its deals ----
    def _setup(self) -> None:
        first = self.first_dealer_seat()
        self.first_dealer = first if first is not None else rng_for(self.seed, "rummy-dealer").below(self.players)
        self.totals = [0] * self.players
        self.results: list[dict[str, Any]] = []
        self.deal_index = 0
        self._over = False
        self._start_deal()

    def _start_deal(self) -> None:
        n = self.players
        self.dealer = (self.first_dealer + self.deal_index) % n
        size = HAND_SIZE[n]
        pack = stacked_pack(rummy_pack(self.options), self.deck if self.deal_index == 0 else None, self.seed,
                            "rummy-deal", self.deal_index, pack_name="pack")
        hands, stock, pile, first = deal_out(pack, n, size, self.dealer)
        self.deal = Deal(hands, stock, pile, first, self.options, self.seed, self.deal_index)
        self._emit("deal", "rummy.deal",
                   self.tr(N_("Deal {n}: {who} deals {size} cards each."), n=self.deal_index + 1,
                           who=self.names[self.dealer], size=size),
                   seat=self.dealer, deal=self.deal_index + 1, size=size, dealer=self.dealer)
        self._emit("upcard", "rummy.upcard",
                   self.tr(N_("{card} is turned up to start the discard pile. {who} plays first."),
                           card=pile[0].symbol, who=self.names[first]), card=str(pile[0]))

    # ---- whose turn, what is legal ----
    def progress(self) -> Progress:
        return self.match_progress(self.deal_index + 1, None, self.options["target"],
                                   lowest_wins=self.options["scoring"] == "penalty")

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=r["deal"], points=list(r["points"]), how=r["how"]) for r in self.results]

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def target(self) -> int:
        return int(self.options["target"])

    def _legal(self, seat: int) -> list[Action]:
        # The position is fixed by the history, so the list is computed once per move.
        key = (len(self._history), seat)
        cached = self.__dict__.get("_legal_cache")
        if cached is not None and cached[0] == key:
            return list(cached[1])
        actions = self.deal.legal(seat)
        self._legal_cache = (key, actions)
        return list(actions)

    # ---- reading notation ----
    def parse_action(self, action: Action | str) -> Action:
        if isinstance(action, Action):
            cached = self.__dict__.get("_legal_cache")
            if action.verb in ("draw", "discard") or cached is not None and action in cached[1]:
                return action  # already canonical (bots and tables pass legal_actions() back)
        act = super().parse_action(action)
        verb, arg = act.verb, act.arg
        if verb in ("draw", "take"):
            word = arg.lower()
            if word in ("stock", "s", "deck", "pack"):
                return Action("draw", "stock")
            if word in ("discard", "d", "pile", "discards"):
                return Action("draw", "discard")
            raise IllegalAction(self.tr(N_("{move}: draw from the stock or the discard pile ('draw stock' or "
                                           "'draw discard')."), move=quoted(str(action))), "rummy.draw")
        if verb == "meld":
            cards = self._cards(arg, action, self)
            meld = meld_or_none(cards, self.deal.rules)
            if meld is None:
                return Action("meld", " ".join(str(c) for c in cards))
            typed = tuple(cards)
            if typed == meld.cards:
                return Action("meld", str(meld))
            # Cards typed in the order of one of their runs make that run, even when the same cards also make
            # a set (10♠ Joker Joker is a set; Joker Joker 10♠ the run 8-9-10): every legal move reads back as
            # itself, so a saved game replays.
            for layout in run_layouts(cards, self.deal.rules):
                if layout.cards == typed:  # the player placed the jokers himself
                    return Action("meld", str(layout))
            return Action("meld", str(meld))
        if verb in ("layoff", "lay"):
            words = arg.replace(" on ", " to ").split()
            if words and words[0].lower() == "off":
                words = words[1:]
            end = ""
            if words and words[-1].lower() in ("low", "high"):
                end = words.pop().lower()
            if "to" in words:
                words.remove("to")
            if len(words) != 2:
                raise IllegalAction(self.tr(N_("{move}: write a lay-off as 'layoff 10S to 2' (the card, then the "
                                               "number of the meld on the table)."), move=quoted(str(action))),
                                    "rummy.layoff")
            card = self._cards(words[0], action, self)[0]
            number = words[1]
            if not (number.isascii() and number.isdigit() and len(number) <= 3):
                raise IllegalAction(self.tr(N_("{number} is not a meld number: melds on the table are numbered "
                                               "1, 2, 3 …"), number=quoted(number)), "rummy.layoff")
            return Action("layoff", _layoff_arg(card, int(number), end))
        if verb == "discard":
            named = self._cards(arg, action, self)
            if len(named) != 1:
                raise IllegalAction(self.tr(N_("{move}: discard exactly one card, like 'discard KH'."),
                                            move=quoted(str(action))), "rummy.discard")
            return Action("discard", str(named[0]))
        raise IllegalAction(self.tr(N_("{move} is not a Rummy move: moves look like 'draw stock', 'draw discard', "
                                       "'meld 7S 8S 9S', 'layoff 10S to 2' or 'discard KH'."),
                                    move=quoted(str(action))), "rummy.draw")

    @staticmethod
    def _cards(text: str, action: Action | str, game: Game) -> list[Card]:
        try:
            cards = parse_cards(text)
        except CardError as exc:
            raise IllegalAction(game.tr(N_("{move}: {problem}"), move=quoted(str(action)), problem=str(exc)),
                                "rummy.meld") from None
        if not cards:
            raise IllegalAction(game.tr(N_("{move} names no card."), move=quoted(str(action))), "rummy.meld")
        return cards

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        d = self.deal
        hand = d.hands[seat]
        who = self.names[seat]
        tr = self.tr
        if action.verb == "draw":
            if d.phase != "draw":
                return (tr(N_("{who} has already drawn this turn: meld, lay off or discard."), who=who), "rummy.draw")
            return (tr(N_("The discard pile is empty: draw from the stock.")), "rummy.draw")
        if d.phase == "draw":
            return (tr(N_("Draw first: take the top card of the stock or of the discard pile.")), "rummy.draw")
        if action.verb == "discard":
            card = parse_card(action.arg)
            if card not in hand:
                return (tr(N_("{who} does not hold {card}."), who=who, card=card.symbol), "rummy.discard")
            return (tr(N_("{card} was just taken from the discard pile: it may not be discarded in the same turn."),
                       card=card.symbol), "rummy.discard_rule")
        if action.verb == "meld":
            cards = parse_cards(action.arg)
            missing = not_in_hand(hand, cards)
            if missing:
                return (tr(N_("{who} does not hold {card}."), who=who, card=" ".join(c.symbol for c in missing)),
                        "rummy.meld")
            reason = why_not_meld(cards, d.rules)
            if reason:
                rule = "rummy.ace" if "Ace" in reason or "corner" in reason else "rummy.meld"
                return (said_in(reason, self.lang) if isinstance(reason, Sentence) else reason, rule)
            return (self._finish_problem(), self._finish_rule())
        # layoff
        words = action.arg.split()
        card, number = parse_card(words[0]), int(words[2])
        if card not in hand:
            return (tr(N_("{who} does not hold {card}."), who=who, card=card.symbol), "rummy.layoff")
        if not 1 <= number <= len(d.melds):
            if d.melds:
                there = tr(N_("There is no meld {number} on the table: melds are numbered 1 to {n}."), number=number,
                           n=len(d.melds))
            else:
                there = tr(N_("There is no meld {number} on the table: there are no melds on the table yet."),
                           number=number)
            return (there, "rummy.layoff")
        meld = d.melds[number - 1].meld
        options = d.layoff_results(meld, card)
        if not options:
            return (tr(N_("{card} does not fit meld {number} ({cards}): {why}"), card=card.symbol, number=number,
                       cards=_shown(meld.cards), why=self._why_not_fit(meld, card, d.rules)), "rummy.layoff")
        if len(words) < 4 and any(end in ("low", "high") for end, _ in options):
            return (tr(N_("The joker can go at either end of meld {number}: say 'low' or 'high'."), number=number),
                    "rummy.layoff")
        return (self._finish_problem(), self._finish_rule())

    def _finish_problem(self) -> str:
        d = self.deal
        if d.must_discard:
            return self.tr(N_("That would leave you no card to discard, and you must discard to go out."))
        if d.taken is None:
            return self.tr(N_("That would leave you only a card, which you took from the discard pile this turn and "
                              "may not discard."))
        return self.tr(N_("That would leave you only {card}, which you took from the discard pile this turn and may "
                          "not discard."), card=d.taken.symbol)

    def _why_not_fit(self, meld: Meld, card: Card, rules: MeldRules) -> Sentence:
        """Words for a lay-off that fails: the set's rank, or the run's two open ends."""
        if meld.kind == SET:
            if not card.is_joker and card.rank != meld.rank:
                return self.tr(N_("it is a set of {ranks}."), ranks=said_in(ranks_said(meld.rank), self.lang))
            return self.tr(N_("a set has at most {n} cards."), n=rules.max_set)
        ends = []
        low, high = meld.ranks[0] - 1, meld.ranks[-1] + 1
        if meld.suit and low >= 1:
            ends.append(Card(low, meld.suit).symbol)
        if meld.suit and (high <= 13 or high == 14 and rules.ace != ACE_LOW):
            ends.append(Card(1 if high == 14 else high, meld.suit).symbol)
        if not ends:
            return self.tr(N_("the run cannot grow."))
        either = join(ends, self.tr(N_("or")))
        if card.rank == 1 and meld.ranks[-1] == 13 and rules.ace == ACE_LOW:
            return self.tr(N_("only {cards} can extend this run (the Ace is low only, so it cannot follow the "
                              "King)."), cards=either)
        return self.tr(N_("only {cards} can extend this run."), cards=either)

    def _finish_rule(self) -> str:
        return "rummy.must_discard" if self.options["must_discard"] else "rummy.discard_rule"

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        d = self.deal
        verb = action.verb
        if verb == "draw":
            self._draw(seat, action.arg)
        elif verb == "meld":
            meld = d.meld(seat, parse_cards(action.arg))
            kind = "set" if meld.kind == SET else "run"
            self._emit("meld", "rummy.meld", self.tr(N_("{who} melds {meld} (meld {n})."), who=self.names[seat],
                                                     meld=said_in(described(meld, d.rules), self.lang), n=len(d.melds)),
                       seat=seat, cards=[str(c) for c in meld.cards],
                       meld_kind=kind, number=len(d.melds))
        elif verb == "layoff":
            words = action.arg.split()
            self._layoff(seat, parse_card(words[0]), int(words[2]), words[3] if len(words) > 3 else "")
        else:
            card = parse_card(action.arg)
            rebuilds = d.rebuilds
            d.discard(seat, card)
            self._emit("discard", "rummy.discard", self.tr(N_("{who} discards {card}."), who=self.names[seat],
                                                           card=card.symbol), seat=seat, card=str(card))
            if d.rebuilds > rebuilds:
                self._tell_rebuild()
        if d.phase == "done":
            self._tell_end()

    def _draw(self, seat: int, source: str) -> None:
        card = self.deal.draw(seat, source)
        if source == "stock":
            self._emit("draw", "rummy.draw", self.tr(N_("{who} draws from the stock."), who=self.names[seat]),
                       seat=seat, source="stock",
                       secret={seat: (self.tr(N_("You draw {card} from the stock."), card=card.symbol),
                                      {"card": str(card)})})
        else:
            self._emit("draw", "rummy.draw", self.tr(N_("{who} takes {card} from the discard pile."),
                                                     who=self.names[seat], card=card.symbol),
                       seat=seat, source="discard", card=str(card))

    def _layoff(self, seat: int, card: Card, number: int, end: str) -> None:
        where, new = self.deal.layoff(seat, card, number, end)
        if where == "swap":
            swap = (N_("{who} lays {card} off on meld {number} in the joker's place and take the joker: {cards}.")
                    if is_you(self.names[seat]) else  # "You lay ... and take": the second verb agrees too
                    N_("{who} lays {card} off on meld {number} in the joker's place and takes the joker: {cards}."))
            self._emit("layoff", "rummy.jokers",
                       self.tr(swap, who=self.names[seat], card=card.symbol, number=number, cards=_shown(new.cards)),
                       seat=seat, card=str(card), number=number, cards=[str(c) for c in new.cards], swap=True)
        else:
            self._emit("layoff", "rummy.layoff",
                       self.tr(N_("{who} lays {card} off on meld {number}: {cards}."), who=self.names[seat],
                               card=card.symbol, number=number, cards=_shown(new.cards)),
                       seat=seat, card=str(card), number=number, cards=[str(c) for c in new.cards])

    def _tell_rebuild(self) -> None:
        if self.options["shuffle_rebuild"]:
            how, rule = self.tr(N_("shuffled")), "rummy.rebuild"
        else:
            how, rule = self.tr(N_("turned over without shuffling")), "rummy.no_shuffle"
        left = self.options["rebuilds"] - self.deal.rebuilds
        more = (self.tr(N_("the next run-out is a stalemate")) if left == 0 else
                self.tr(agreeing(left, N_("it may be rebuilt {n} more time"), N_("it may be rebuilt {n} more times")),
                        n=left))
        self._emit("rebuild", rule if self.options["rebuilds"] == 1 else "rummy.rebuild_cap",
                   self.tr(N_("The stock has run out: the {n} discards are {how} into a new stock ({more})."),
                           n=len(self.deal.stock), how=how, more=more), size=len(self.deal.stock))

    def _tell_end(self) -> None:
        """The deal is over (:attr:`Deal.ending`): say how, and score it."""
        d = self.deal
        if d.ending == "stalemate":
            self._emit("stalemate", "rummy.stalemate",
                       self.tr(N_("The stock has run out again: the deal is a stalemate and nobody scores.")), points=0)
        elif d.ending == "block":
            self._tell_block()
        else:
            winner = d.winner
            assert winner is not None
            out = N_("{who} goes out, discarding the last card.") if d.discarded else \
                N_("{who} goes out, without a discard.")
            self._emit("out", "rummy.out", self.tr(out, who=self.names[winner]), seat=winner, discarded=d.discarded)
            if d.doubled:
                self._emit("rummy", "rummy.rummy",
                           self.tr(N_("{who} goes rummy: the whole hand in one turn with nothing put down before. The "
                                      "score is doubled."), who=self.names[winner]), seat=winner)
        if d.how == "penalty":
            self._tell_penalty()
        elif d.winner is not None:
            self._tell_winner()
        self._end_deal(d.winner, d.points, d.how)

    def _tell_block(self) -> None:
        """The block deal as the deal settled it: everyone's own hand (penalty scoring), the one lowest
        hand (:attr:`Deal.winner`), or a tie for the lowest (no winner), whose players are named."""
        d = self.deal
        if d.how == "penalty":
            self._emit("block", "rummy.block", self.tr(N_("The stock has run out: the deal ends (block rummy) and "
                                                          "everyone scores his own hand.")), points=0)
            return
        values = d.hand_values()
        low = min(values)
        if d.winner is None:
            tied = [self.names[s] for s in range(self.players) if values[s] == low]
            self._emit("block", "rummy.block",
                       self.tr(N_("The stock has run out: the deal ends (block rummy). {names} tie for the lowest hand "
                                  "({low}): nobody scores."), names=join(tied, self.tr(N_("and"))), low=low),
                       points=0)
        else:
            self._emit("block", "rummy.block",
                       self.tr(N_("The stock has run out: the deal ends (block rummy). {who} has the lowest hand "
                                  "({low})."), who=self.names[d.winner], low=low), seat=d.winner, points=0)

    def _tell_winner(self) -> None:
        d = self.deal
        winner = d.winner
        assert winner is not None
        values = d.hand_values()
        parts = []
        for s in range(self.players):
            if s != winner:
                parts.append(f"{self.names[s]} {values[s]}" + (f" ({_shown(sorted(d.hands[s], key=hand_order))})"
                                                               if d.hands[s] else ""))
        rule = "rummy.rummy" if d.doubled else "rummy.score"
        said = N_("{who} scores {total}: the cards left in the other hands ({parts}), doubled for going rummy.") \
            if d.doubled else N_("{who} scores {total}: the cards left in the other hands ({parts}).")
        total = d.points[winner]
        self._emit("score", rule, self.tr(said, who=self.names[winner], total=total, parts="; ".join(parts)),
                   seat=winner, points=total)

    def _tell_penalty(self) -> None:
        d = self.deal
        for s in range(self.players):
            if s != d.winner:
                if d.doubled:
                    said = agreeing(d.points[s], N_("{who} scores {n} penalty point for the cards left in hand, "
                                                    "doubled because the winner went rummy."),
                                    N_("{who} scores {n} penalty points for the cards left in hand, doubled because "
                                       "the winner went rummy."))
                else:
                    said = agreeing(d.points[s], N_("{who} scores {n} penalty point for the cards left in hand."),
                                    N_("{who} scores {n} penalty points for the cards left in hand."))
                self._emit("score", "rummy.penalty", self.tr(said, who=self.names[s], n=d.points[s]),
                           seat=s, points=d.points[s])

    def _end_deal(self, winner: int | None, points: list[int], how: str) -> None:
        for s in range(self.players):
            self.totals[s] += points[s]
        self.results.append({"deal": self.deal_index + 1, "dealer": self.dealer, "winner": winner,
                             "how": how, "points": list(points), "totals": list(self.totals),
                             "hands": [[str(c) for c in sorted(h, key=hand_order)] for h in self.deal.hands],
                             "hand_values": self.deal.hand_values()})
        summary = ", ".join(f"{self.names[s]} {self.totals[s]}" for s in range(self.players))
        self._emit("deal_end", "rummy.target",
                   self.tr(N_("Deal {n} is over. Scores: {summary} (target {target})."), n=self.deal_index + 1,
                           summary=summary, target=self.target), points=0, deal_points=list(points))
        if max(self.totals) >= self.target:
            self._finish_match()
            return
        self.deal_index += 1
        self._start_deal()

    def _finish_match(self) -> None:
        self._over = True
        penalty = self.options["scoring"] == "penalty"
        best = min(self.totals) if penalty else max(self.totals)
        winners = [s for s in range(self.players) if self.totals[s] == best]
        shared = len(winners) > 1
        if penalty:
            said = N_("{who_top} has reached {target}: the match is over. {who} share the win with the lowest "
                      "total.") if shared else \
                N_("{who_top} has reached {target}: the match is over. {who} wins with the lowest total.")
        elif shared:
            said = agreeing(best, N_("{who_top} has reached {target}: the match is over. {who} share the win with "
                                     "{n} point."),
                            N_("{who_top} has reached {target}: the match is over. {who} share the win with {n} "
                               "points."))
        else:
            said = agreeing(best, N_("{who_top} has reached {target}: the match is over. {who} wins with {n} point."),
                            N_("{who_top} has reached {target}: the match is over. {who} wins with {n} points."))
        top = max(range(self.players), key=lambda s: self.totals[s])
        self._emit("game_end", "rummy.penalty" if penalty else "rummy.target",
                   self.tr(said, who_top=self.names[top], target=self.target, n=best,
                           who=join([self.names[s] for s in winners], self.tr(N_("and")))),
                   winners=winners, scores=list(self.totals))

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        header = self.view_header(seat)
        d = self.deal
        return {
            **header,
            "phase": "over" if self._over else d.phase,
            "hand": [str(c) for c in sorted(d.hands[seat], key=hand_order)],
            "hand_sizes": [len(h) for h in d.hands],
            "melds": [{"number": i, "owner": tm.owner, "kind": tm.meld.kind,
                       "cards": [str(c) for c in tm.meld.cards],
                       "stands_for": [str(tm.meld.stands_for(k)) for k in range(len(tm.meld.cards))]}
                      for i, tm in enumerate(d.melds, start=1)],
            "discard_top": str(d.discards[-1]) if d.discards else None,
            "discard_size": len(d.discards),
            "discard_pile": [str(c) for c in d.discards],
            "stock_size": len(d.stock),
            "took_from_discard": str(d.taken) if d.taken is not None else None,
            "picked_up": [[str(c) for c in p] for p in d.known_held],
            "put_down": list(d.put_down),
            "rebuilds_left": self.options["rebuilds"] - d.rebuilds,
            "deal": self.deal_index + 1,
            "dealer": self.dealer,
            "scores": self.scores,
            "target": self.target,
            "results": [dict(r) for r in self.results],
            "current_player": self.current_player,
            "is_over": self._over,
            "ace": d.rules.ace,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


def _layoff_arg(card: Card, number: int, end: str) -> str:
    arg = f"{_TEXT[card]} to {number}"
    return f"{arg} {end}" if end in ("low", "high") else arg


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


# The lean core, declared on the rules class (its Deal comes after the narrated game in this module).
Rummy.lean_deal = Deal
Rummy.lean_unseen = staticmethod(unseen_cards)
