"""Kalooki, the Jamaican contract rummy (seed 002; docs/rules/kalooki.md).

Nine deals of 9, 10, 11, 12, 12, 13, 14, 15, 16 cards from a double pack with four
jokers. Each deal has a contract (three threes; two threes and a four; …; four fours)
that a player must lay down exactly before he may tack cards onto the melds on the
table. A player who has not laid down may *call* the top discard out of turn: the
player whose turn it is allows the call (the caller takes it and a penalty card) or
refuses it by taking the card as his own draw. Whoever goes out leaves the others to
score what they hold; after the last deal the lowest total wins.

Calls are the one place where more than one seat may act: :meth:`Kalooki.to_act`
lists the player to move and every seat that may call, and ``apply(action, seat)``
takes the caller's seat. Sets and runs ("threes" and "fours") come from
:mod:`engine.melds`, the stock, the pile and the verbs every rummy shares from
:mod:`engine.rummy_core`; this module adds the contracts, the turn and the calls.
The deal itself lives in :class:`Deal`, which has no narration, so search can copy and
play it cheaply; :class:`Kalooki` wraps it with the events a learner reads.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Callable, Mapping, Sequence

from ..cards import JOKER, Card, CardError, double_52_with_jokers, parse_card, parse_cards
from ..dealing import stacked_pack
from ..melds import KALOOKI, RUN, SET, Meld, MeldRules, as_meld, cards_said, contract_arrangement, described, \
    layoffs, not_in_hand, run_layouts, said_in, why_not_meld
from ..notation import quoted
from ..protocol import (Action, Game, IllegalAction, Option, Rule, Rulebook, TakesTurns, first_dealer_option,
                        language_option)
from ..protocol import DealResult, Progress, ViewHeader
from ..rummy_core import hidden_in_order as hidden_in_order  # the lean-core tests' order
from ..rummy_core import RummyDeal, TableMeld, deal_out, hand_less, hidden_hands, known_copy, table_melds, unseen
from ..shuffle import rng_for
from ..words import agreeing, is_you
from .. import claims
from ..i18n import N_, Sentence
from ..review_thresholds import Thresholds

#: Deal number → (cards dealt, threes, fours): the seed's table (docs/rules/kalooki.md#kalooki.contract).
DEALS: dict[int, tuple[int, int, int]] = {
    1: (9, 3, 0), 2: (10, 2, 1), 3: (11, 1, 2), 4: (12, 0, 3), 5: (12, 4, 0),
    6: (13, 3, 1), 7: (14, 2, 2), 8: (15, 1, 3), 9: (16, 0, 4),
}
SHORT_MATCH = (1, 2, 3)
CALL_LIMIT = 3            # the Trinidad cap on calls per deal
CHALLENGE_SIZE = 18       # Trinidad: more than this many cards may be challenged
CHALLENGE_PENALTY = 50

#: Trinidad's meld rules: one natural card per meld, jokers may stand side by side.
TRINIDAD_MELDS = MeldRules(min_set=3, max_set=None, min_run=4, ace=KALOOKI.ace, jokers=True,
                           set_naturals=1, run_naturals=1, jokers_adjacent=True,
                           set_name="three", run_name="four")

RULES = Rulebook([
    Rule("kalooki.pack", N_("Two standard packs and four jokers: 108 cards. Three to six players.")),
    Rule("kalooki.deals", N_("Nine deals of 9, 10, 11, 12, 12, 13, 14, 15 and 16 cards. The first dealer "
            "is drawn at random and the deal passes to the left.")),
    Rule("kalooki.deal", N_("The dealer deals the cards one at a time from his left, turns the next card "
            "face up to start the discard pile and puts the rest face down as the stock.")),
    Rule("kalooki.contract", N_("Each deal has a contract: 1) three threes, 2) two threes and a four, "
            "3) two fours and a three, 4) three fours, 5) four threes, 6) three threes and a four, "
            "7) two threes and two fours, 8) a three and three fours, 9) four fours.")),
    Rule("kalooki.three", N_("A three is three or more cards of one rank (any suits, the same card twice is "
            "fine) with at least two real cards besides its jokers.")),
    Rule("kalooki.four", N_("A four is four or more cards in sequence in one suit. The Ace is high or low "
            "but only at an end (A-2-3-4 and J-Q-K-A, never K-A-2). Two jokers may not stand side by side.")),
    Rule("kalooki.different", N_("When a player lays down more than one three they must be of different "
            "ranks; more than one four, of different suits.")),
    Rule("kalooki.turn", N_("The player on the dealer's left starts; play passes to the left. A turn: draw "
            "the top card of the stock or of the discard pile, perhaps lay down or tack, then discard.")),
    Rule("kalooki.lay", N_("Once per deal a player may lay down exactly his contract: the threes and fours "
            "it asks for, no more melds and no fewer; each meld may be longer than its minimum.")),
    Rule("kalooki.tack", N_("On a later turn, a player who has laid down may tack cards onto any meld on "
            "the table, his own or another player's.")),
    Rule("kalooki.joker_fixed", N_("A joker never leaves the table once melded. In a three it stays put.")),
    Rule("kalooki.slide", N_("A joker in a four stands for one card. A player who tacks that real card "
            "puts it in the joker's place and slides the joker to either end of the same four.")),
    Rule("kalooki.discard", N_("A turn ends with a discard, face up on the pile. A joker may never be "
            "discarded, so no lay-down or tack may leave a player who must still discard holding only jokers.")),
    Rule("kalooki.call", N_("A player who has not laid down may call the top discard when it is not his "
            "turn next. Several callers: the one nearest after the player whose turn it is.")),
    Rule("kalooki.allow", N_("The player whose turn it is may allow the call: the caller takes the discard "
            "and one penalty card from the stock, and neither lays down nor discards; the player then "
            "draws from the stock.")),
    Rule("kalooki.refuse", N_("Or he refuses the call by taking the discard himself as his draw.")),
    Rule("kalooki.out", N_("A player goes out when his last card is laid down, tacked or discarded. That "
            "ends the deal.")),
    Rule("kalooki.score", N_("When someone goes out the others score the cards they hold: joker 50, black "
            "Ace 15, red Ace 1, K Q J 10 ten each, 2 to 9 their number.")),
    Rule("kalooki.rebuild", N_("When the stock runs out the discard pile, all but its top card, is shuffled "
            "to make a new stock.")),
    Rule("kalooki.blocked", N_("If the stock runs out once it has been rebuilt as often as the table allows "
            "(10 times unless set otherwise), the deal is blocked: nobody went out and everyone scores his hand.")),
    Rule("kalooki.end", N_("After the last deal the lowest total wins; equal totals share the win.")),
    Rule("kalooki.trinidad_jokers", N_("Trinidad: a meld needs only one real card, and jokers may stand "
            "side by side.")),
    Rule("kalooki.swap", N_("Trinidad: a player who has laid down may put the real card a joker stands for "
            "into his own four and take the joker into his hand (in another player's four the joker "
            "slides to an end).")),
    Rule("kalooki.trinidad_calls", N_("Trinidad: each player may call at most 3 times a deal, even after "
            "laying down.")),
    Rule("kalooki.challenge", N_("Trinidad: at the start of his turn a player may challenge another for "
            "holding more than 18 cards. Whoever is wrong, the challenger or the holder, scores his hand "
            "plus 50 for the deal, puts his cards under the discard pile and sits out until the next deal.")),
])


def penalty(card: Card) -> int:
    """What a card left in hand costs (docs/rules/kalooki.md#kalooki.score)."""
    if card.is_joker:
        return 50
    if card.rank == 1:
        return 1 if card.is_red else 15
    return min(card.rank, 10)


def hand_points(cards: Sequence[Card]) -> int:
    return sum(penalty(c) for c in cards)


#: A contract's parts as the table says them, for the catalog: (how many, "three" or "four") → words.
_CONTRACT_PARTS = {
    (1, "three"): N_("a three"), (2, "three"): N_("two threes"), (3, "three"): N_("three threes"),
    (4, "three"): N_("four threes"),
    (1, "four"): N_("a four"), (2, "four"): N_("two fours"), (3, "four"): N_("three fours"),
    (4, "four"): N_("four fours"),
}


def contract_said(threes: int, fours: int) -> Sentence:
    """``"two fours and a three"``: the contract as a catalog sentence (a game says it in its language)."""
    parts = []
    if fours and (fours > threes or not threes):
        parts.append(Sentence(_CONTRACT_PARTS[fours, "four"]))
    if threes:
        parts.append(Sentence(_CONTRACT_PARTS[threes, "three"]))
    if fours and not (fours > threes or not threes):
        parts.append(Sentence(_CONTRACT_PARTS[fours, "four"]))
    return parts[0] if len(parts) == 1 else Sentence(N_("{first} and {second}"), first=parts[0], second=parts[1])


def contract_words(threes: int, fours: int) -> str:
    """``"two fours and a three"``: the contract as the table and the hints say it (in English)."""
    return str(contract_said(threes, fours))


def _melds_counted(threes: int, fours: int) -> Sentence:
    """``"0 threes and 1 four"``: the melds a lay-down has, counted."""
    return Sentence(N_("{first} and {second}"),
                    first=Sentence(agreeing(threes, N_("{n} three"), N_("{n} threes")), n=threes),
                    second=Sentence(agreeing(fours, N_("{n} four"), N_("{n} fours")), n=fours))


@lru_cache(maxsize=None)
def card_order(card: Card) -> tuple[int, int]:
    """Hands are shown by suit (♠ ♥ ♣ ♦), low to high, jokers last."""
    if card.is_joker:
        return (9, 0)
    return ("SHCD".index(card.suit), card.rank)


@lru_cache(maxsize=None)
def _discard_action(card: Card) -> Action:
    """``discard 7H``, made once per card: legal moves are listed after every draw."""
    return Action("discard", str(card))


#: The moves without an argument, made once; and the canonical text of each card.
_CALL, _PASS, _ALLOW, _REFUSE, _DRAW, _TAKE = (Action(v) for v in ("call", "pass", "allow", "refuse", "draw", "take"))
_CARD_OF_TEXT = {str(c): c for c in set(double_52_with_jokers())}


#: Why a seat may not call the top discard (:meth:`Deal.call_bar`), as the table says it to that seat; the
#: last bar, "nearer" (another caller sits nearer after the player to move), names them both.
CALL_BARS = {
    "no_discard": N_("There is no discard to call now: a call comes right after a discard."),
    "to_move": N_("You are the player to move: take the discard instead of calling it."),
    "discarder": N_("You cannot call the card you just discarded."),
    "passed": N_("You let this discard go: the next discard may be called."),
    "dropped": N_("You sit out the rest of this deal."),
    "limit": N_("You have used your {n} calls this deal."),  # n: CALL_LIMIT
    "laid": N_("You have laid down: only players who have not laid down may call."),
    "stock": N_("The stock is too low for a penalty card: no calls now."),
}


class _Moves(list):
    """A seat's legal moves. Laying down has too many ways to list, so the list holds the
    best one and membership checks any lay-down against the rules."""

    accept: Callable[[Action], bool] | None = None

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Action) and item.verb == "lay" and self.accept is not None:
            return self.accept(item)
        return list.__contains__(self, item)


def _check_deals(value: Any) -> str | None:
    if value in ("full", "short"):
        return None
    if isinstance(value, (list, tuple)) and value and all(  # numbers first: set() refuses a list inside
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 9 for n in value) \
            and len(value) == len(set(value)):
        return None
    return "choose 'full', 'short' (deals 1 to 3) or a list of different deal numbers from 1 to 9"


class KalookiView(ViewHeader):
    """Every key of ``Kalooki.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    phase: str
    deal_number: int
    deal_index: int
    deals_total: int
    schedule: list[int]
    cards_dealt: int
    contract: dict[str, Any]
    hand: list[str]
    hand_sizes: list[int]
    melds: list[dict[str, Any]]
    laid_down: list[bool]
    laid_this_turn: bool
    discard_top: str | None
    discard_size: int
    discard_pile: list[str]
    stock_size: int
    calls: list[int]
    call_limit: int | None
    can_call: bool
    call_pending: int | None
    must_draw_stock: bool
    taken: list[list[Any]]
    known_held: list[list[Any]]
    called: list[list[Any]]
    dropped: list[bool]
    scores: list[int]
    deal_scores: list[list[Any]]
    dealer: int
    current_player: int | None
    to_act: list[int]
    is_over: bool
    legal: list[str]


class Kalooki(TakesTurns, Game):
    id = "kalooki"
    view_type = KalookiView
    short_match = {"deals": [1]}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 276 decisions, 2% cost anything, never more than 1 card: the quantiles are 0, so the floor. Every listed
    # move at seat 0's decisions of medium play (40 matches of contracts 1, 5 and 9, seeds 200 on; 45,865 moves):
    # 27% cost 1 card, 33 moves 2 or 3 (a meld's only real card thrown), 2 moves 5; medium's own choices cost 1
    # card at 228 of its 9,360 decisions (2.4%: a mistake's frequency in the other games) and never more. So one
    # card is a mistake and three (a whole meld) a blunder. Discards and calls cost whole cards; a draw is scored
    # by the cards short it leaves on average (a stock card may help: kalooki_ai.draw_outs), so drawing instead
    # of a useful discard costs less than a card when some unseen cards would have helped too, and half a card
    # or more (when at most half the unseen cards would have helped) is an inaccuracy.
    review_thresholds = Thresholds(0.5, 1, 3, claims.fact(
        "review.loss.kalooki", N_("cards short of going down: {value} more than after the better move")),
        N_("cards short"), N_("card short"))
    name = "Kalooki"
    blurb = N_("Jamaican contract rummy: nine deals, a contract each, jokers, and calls out of turn.")
    min_players, max_players, default_players = 3, 6, 4
    rules = RULES
    max_action_length = 160  # a lay-down of the 18 cards a called hand can hold, written out
    lowest_wins = True  # penalty points: the fewest win (docs/rules/kalooki.md#kalooki.end)
    variants = (
        Option("deals", "full", "'full': the nine deals; 'short': deals 1 to 3 for a class period; or a "
               "list of deal numbers (1 to 9).", check=_check_deals),
        Option("trinidad_jokers", False, "Trinidad: a meld needs one real card and jokers may be side by "
               "side (off: a three needs two real cards, no two jokers adjacent in a four).",
               choices=(False, True)),
        Option("joker_swaps", False, "Trinidad: swap a real card for a joker in your own four and keep the "
               "joker.", choices=(False, True)),
        Option("trinidad_calls", False, "Trinidad: at most 3 calls a deal each, even after laying down.",
               choices=(False, True)),
        Option("challenge", False, "Trinidad: the challenge of a hand of more than 18 cards (+50 to whoever "
               "is wrong).", choices=(False, True)),
        Option("max_rebuilds", 10, "docs/rules/kalooki.md#kalooki.blocked: how many times the stock may be rebuilt "
               "in one deal; when it runs out after that the deal is blocked and everyone scores his hand, so every "
               "deal ends (the rules set no limit; the seed's block rummy variant ends at the first run-out). "
               "None: no limit.",
               check=lambda v: None if v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0)
               else "a whole number of rebuilds, or None"),
        first_dealer_option(),
        language_option(),
    )

    deal: Deal  # the deal in play: every rule reads and moves it (the Game adds the match and the words)

    # ---- the match ----
    def _setup(self) -> None:
        first = self.first_dealer_seat()
        deals = self.options["deals"]
        self.schedule: tuple[int, ...] = (tuple(DEALS) if deals == "full" else SHORT_MATCH if deals == "short"
                                          else tuple(deals))
        self.first_dealer = first if first is not None else rng_for(self.seed, "kalooki-dealer").below(self.players)
        self.totals = [0] * self.players
        self.deal_scores: list[list[int]] = []
        self.deal_index = 0
        self._over = False
        self._version = 0
        self._cache: dict[tuple[int, int], _Moves] = {}
        self._to_act: tuple[int, list[int]] = (-1, [])
        self._start_deal()

    @property
    def deal_number(self) -> int:
        return self.schedule[min(self.deal_index, len(self.schedule) - 1)]

    def _start_deal(self) -> None:
        n, k = self.players, self.deal_index
        size, threes, fours = DEALS[self.deal_number]
        self.dealer = (self.first_dealer + k) % n
        pack = stacked_pack(double_52_with_jokers(), self.deck if k == 0 else None, self.seed,
                            "kalooki-deal", k, pack_name="108-card pack")
        hands, stock, pile, first = deal_out(pack, n, size, self.dealer)
        self.deal = Deal(hands, stock, pile, first, (threes, fours), self.options, self.seed, k)
        if self.schedule == tuple(range(1, 10)):
            said = N_("Deal {n} of 9: {who} deals {size} cards each. The contract is {contract}.")
        elif self.schedule == tuple(range(1, len(self.schedule) + 1)):
            said = N_("Deal {n}: {who} deals {size} cards each. The contract is {contract}.")
        else:
            said = N_("Deal {n} ({k} of {total}): {who} deals {size} cards each. The contract is {contract}.")
        self._emit("deal", "kalooki.deals",
                   self.tr(said, n=self.deal_number, k=k + 1, total=len(self.schedule), who=self.names[self.dealer],
                           size=size, contract=self.said_here(contract_said(threes, fours))),
                   seat=self.dealer, deal=self.deal_number, size=size, threes=threes, fours=fours)
        self._emit("upcard", "kalooki.deal",
                   self.tr(N_("{card} is turned up to start the discard pile. {who} plays first."),
                           card=self.card_symbol(pile[0]), who=self.names[first]), card=str(pile[0]))

    def said_here(self, text: str) -> str:
        """A sentence of the deal or of :mod:`engine.melds` (English, its fields maybe sentences) in the game's
        language; other text (card symbols) as it is."""
        return said_in(text, self.lang) if isinstance(text, Sentence) else text

    # ---- whose turn ----
    def progress(self) -> Progress:
        return self.match_progress(min(self.deal_index + 1, len(self.schedule)), len(self.schedule))

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=k, points=list(p), how=None) for k, p in enumerate(self.deal_scores, start=1)]

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def to_act(self) -> list[int]:
        """:meth:`Deal.to_act`: the player to move, then every seat that may call, nearest first
        (worked out once a move: the table, the bots and each move's check all ask)."""
        if self._over:
            return []
        known = self._to_act
        if known[0] != self._version:
            known = self._to_act = (self._version, self.deal.to_act())
        return list(known[1])

    # ---- what is legal (the deal's rules, remembered for the move) ----
    def _legal(self, seat: int) -> list[Action]:
        """:meth:`Deal.moves`, listed once a move and seat."""
        key = (self._version, seat)
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) > 64:
                self._cache.clear()
            cached = self._cache[key] = self.deal.moves(seat)
        return cached

    def _allows(self, seat: int, action: Action) -> bool:
        """:meth:`Deal.allows`, which checks the moves made most often without listing every move."""
        return self.deal.allows(seat, action, self._legal)

    # ---- reading moves ----
    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        verb, arg = act.verb, act.arg
        words = arg.split()
        try:
            if verb in ("call", "pass", "allow", "refuse", "take", "draw") and not arg:
                return act
            if verb == "discard" and arg in _CARD_OF_TEXT:  # already in notation: the move made most
                return act
            if verb == "no" and arg.lower() == "call":
                return Action("pass")
            if verb == "draw" and arg.lower() in ("stock", "from stock"):
                return Action("draw")
            if verb in ("draw", "take") and arg.lower() in ("discard", "pile", "from discard"):
                return Action("take")
            if verb == "discard" and len(words) == 1:
                return Action("discard", str(parse_card(arg)))
            if verb in ("tack", "swap") and len(words) in (2, 3) and _digits(words[1]):
                end = words[2].lower() if len(words) == 3 else ""
                if end in ("", "low", "high") and (verb == "tack" or not end):
                    parts = [str(parse_card(words[0])), str(int(words[1]))] + ([end] if end else [])
                    return Action(verb, " ".join(parts))
            if verb == "challenge" and len(words) == 1 and _digits(arg):
                return Action("challenge", str(int(arg)))
            if verb == "lay" and arg:
                return Action("lay", self._canonical_lay(arg))
        except CardError as exc:
            problem = exc.args[0] if exc.args and isinstance(exc.args[0], Sentence) else str(exc)
            raise IllegalAction(self.tr(N_("{move} is not a Kalooki move: {problem}"), move=quoted(str(action)),
                                        problem=self.said_here(problem)), "kalooki.turn") from None
        raise IllegalAction(self.tr(N_("{move} is not a Kalooki move: moves look like 'draw', 'take', 'call', 'pass' "
                                       "(no call), 'allow', 'refuse', 'lay 7S 7H JK | 4D 5D 6D 7D', 'tack 8H 2', "
                                       "'discard QS'."), move=quoted(str(action))),
                            "kalooki.turn")

    def _canonical_lay(self, text: str) -> str:
        groups = [parse_cards(g) for g in text.replace("/", "|").split("|")]
        if any(not g for g in groups):
            raise CardError(Sentence(N_("each meld needs cards: separate melds with |")))
        shown = []
        for g in groups:
            meld = _meld_as_typed(tuple(g), self.deal.rules)
            shown.append(" ".join(str(c) for c in (meld.cards if meld else g)))
        return " | ".join(shown)

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        verb = action.verb
        me = self.names[seat]
        d = self.deal
        tr = self.tr
        if seat != d.turn:
            if verb not in ("call", "pass"):
                if is_you(self.names[d.turn]):
                    return (tr(N_("It is your turn: out of turn you may only call the discard or let it go.")),
                            "turn.order")
                return (tr(N_("It is {who}'s turn: out of turn you may only call the discard or let it go."),
                           who=self.names[d.turn]), "turn.order")
            return self._why_no_call(seat), "kalooki.call"
        if verb in ("call", "pass"):
            return tr(N_("{who} is the player to move: take the discard instead of calling it."), who=me), \
                "kalooki.call"
        if d.phase == "draw":
            if d.pending is not None:
                return (tr(N_("{caller} has called the discard: allow the call or refuse it by taking the card."),
                           caller=self.names[d.pending]), "kalooki.allow")
            if verb in ("allow", "refuse"):
                return tr(N_("Nobody has called the discard.")), "kalooki.call"
            if verb == "take" and d.allowed:
                return tr(N_("The call was allowed: now draw from the stock.")), "kalooki.allow"
            if verb == "draw" and not d.drawable():
                return tr(N_("The stock is empty and the pile cannot rebuild it: take the discard.")), "kalooki.rebuild"
            if verb == "challenge":
                if not self.options["challenge"]:
                    return tr(N_("Challenges are a Trinidad variant that is not switched on.")), "kalooki.challenge"
                return tr(N_("You may challenge once, at the start of your turn, another player still in play.")), \
                    "kalooki.challenge"
            return tr(N_("First draw a card: from the stock or the top of the discard pile.")), "kalooki.turn"
        if verb in ("draw", "take", "allow", "refuse", "challenge"):
            return tr(N_("{who} has already drawn this turn: lay down, tack or discard."), who=me), "kalooki.turn"
        if verb == "lay":
            problem = d.lay_problem(seat, action.arg, me)
            return (self.said_here(problem) if problem else tr(N_("That lay-down is not allowed."))), "kalooki.lay"
        if verb == "discard":
            card = parse_card(action.arg)
            if card not in d.hands[seat]:
                return tr(N_("{who} does not hold {card}."), who=me, card=self.card_symbol(card)), "kalooki.discard"
            return tr(N_("A joker may never be discarded.")), "kalooki.discard"
        if verb in ("tack", "swap"):
            words = action.arg.split()
            card = parse_card(words[0])
            if not d.laid[seat]:
                return tr(N_("{who} has not laid down the contract yet: tacking comes after."), who=me), "kalooki.tack"
            if d.laid_now:
                return tr(N_("Cards may be tacked from the turn after laying down.")), "kalooki.tack"
            if card not in d.hands[seat]:
                return tr(N_("{who} does not hold {card}."), who=me, card=self.card_symbol(card)), "kalooki.tack"
            number = int(words[1])
            if not 1 <= number <= len(d.melds):
                return (tr(N_("There is no meld {number}: the melds are numbered 1 to {n}."), number=number,
                           n=len(d.melds)), "kalooki.tack")
            old = d.melds[number - 1].meld
            if verb == "swap":
                return (tr(N_("Only the real card a joker stands for in your own four may be swapped for it (and only "
                              "with the Trinidad joker swaps).")), "kalooki.swap")
            results = layoffs(old, card, d.rules)
            if d.tack_result(card, number, words[2] if len(words) == 3 else "") is not None:
                return (tr(N_("Tacking {card} would leave {who} holding only jokers, which no meld on the table can "
                              "take, and a joker may never be discarded: keep a real card to discard."),
                           card=self.card_symbol(card), who=me), "kalooki.tack")
            if len(results) > 1:
                return (tr(N_("{card} fits meld {number} at either end: say which, low or high."),
                           card=self.card_symbol(card), number=number), "kalooki.slide")
            return (tr(N_("{card} does not fit meld {number} ({meld})."), card=self.card_symbol(card), number=number,
                       meld=self.said_here(described(old, d.rules))), "kalooki.tack")
        return tr(N_("{move} is not a legal move now."), move=str(action)), "kalooki.turn"

    def _not_your_turn(self, seat: int) -> str:
        text = super()._not_your_turn(seat)
        if self._over or seat == self.deal.turn:
            return text
        return self.tr(N_("{refusal}: {reason}"), refusal=text[:-1], reason=self._why_no_call(seat))

    def _why_no_call(self, seat: int) -> str:
        """:meth:`Deal.call_bar` in words (a seat the deal would let call is only asked about from a
        position the move's remembered answers have not caught up with: the stock's words, as ever)."""
        d = self.deal
        bar = d.call_bar(seat) or "stock"
        if bar == "nearer":
            assert d.pending is not None
            return self.tr(N_("{caller} called first and sits nearer after {who}."), caller=self.names[d.pending],
                           who=self.names[d.turn])
        return self.tr(CALL_BARS[bar], n=CALL_LIMIT)

    # ---- making a move: the deal moves, the game tells it ----
    def _apply(self, seat: int, action: Action) -> None:
        self._version += 1
        d = self.deal
        verb, arg = action.verb, action.arg
        rebuilds = d.rebuilds
        if verb == "call":
            top, before = d.discards[-1], d.pending
            d.apply(seat, action)
            self._tell_call(seat, top, before)
        elif verb == "allow":
            caller, card = d.pending, d.discards[-1]
            assert caller is not None
            d.apply(seat, action)
            self._tell_rebuild(rebuilds)
            extra = d.hands[caller][-1]
            fields = {"who": self.names[seat], "caller": self.names[caller], "card": self.card_symbol(card),
                      "extra": self.card_symbol(extra)}
            self._emit("allow", "kalooki.allow",
                       self.tr(N_("{who} allows the call: {caller} takes {card} and a penalty card from the stock."),
                               **fields), seat=caller, card=str(card),
                       secret={caller: (self.tr(N_("{who} allows the call: {caller} takes {card} and a penalty card, "
                                                   "{extra}, from the stock."), **fields),
                                        {"penalty_card": str(extra)})})
        elif verb in ("refuse", "take"):
            caller = d.pending
            d.apply(seat, action)
            self._tell_take(seat, d.hands[seat][-1], caller, refused=verb == "refuse")
        elif verb == "draw":
            d.apply(seat, action)
            self._tell_rebuild(rebuilds)
            card = d.hands[seat][-1]
            self._emit("draw", "kalooki.turn", self.tr(N_("{who} draws from the stock."), who=self.names[seat]),
                       seat=seat, secret={seat: (self.tr(N_("{who} draws {card} from the stock."), who=self.names[seat],
                                                         card=self.card_symbol(card)), {"card": str(card)})})
        elif verb == "challenge":
            target = int(arg)
            size = len(d.hands[target])
            d.apply(seat, action)
            self._tell_challenge(seat, target, size)
        elif verb == "lay":
            d.apply(seat, action)
            threes, fours = d.threes, d.fours
            melds = [tm.meld for tm in d.melds[-len(arg.split("|")):]]
            shown = "; ".join(self.said_here(described(m, d.rules)) for m in melds)
            self._emit("lay", "kalooki.lay",
                       self.tr(N_("{who} lays down the contract, {contract}: {melds}."), who=self.names[seat],
                               contract=self.said_here(contract_said(threes, fours)), melds=shown),
                       seat=seat, melds=[meld_data(m) for m in melds], contract=[threes, fours])
        elif verb in ("tack", "swap"):
            words = arg.split()
            number = int(words[1])
            was = d.melds[number - 1]
            d.apply(seat, action)
            self._tell_tack(seat, parse_card(words[0]), number, was, swap=verb == "swap")
        elif verb == "discard":
            d.apply(seat, action)
            self._emit("discard", "kalooki.discard", self.tr(N_("{who} discards {card}."), who=self.names[seat],
                                                             card=self.card_symbol(parse_card(arg))),
                       seat=seat, card=str(parse_card(arg)))
        else:
            d.apply(seat, action)  # "pass": letting a card go is silent at the table
        if d.phase == "done":
            self._tell_end()

    def _tell_call(self, seat: int, top: Card, before: int | None) -> None:
        fields = {"who": self.names[seat], "card": self.card_symbol(top), "turn": self.names[self.deal.turn]}
        if before is not None:
            said = N_("{who} calls {card} too and sit nearer after {turn}: {call} gives way.") \
                if is_you(self.names[seat]) else \
                N_("{who} calls {card} too and sits nearer after {turn}: {call} gives way.")
            self._emit("call", "kalooki.call", self.tr(said, call=self._call_of(before), **fields), seat=seat,
                       card=str(top))
        else:
            self._emit("call", "kalooki.call",
                       self.tr(N_("{who} calls {card}. {turn} may allow the call or refuse it by taking the card."),
                               **fields), seat=seat, card=str(top))

    def _call_of(self, caller: int | None) -> Sentence:
        """``"the call"``, ``"Ada's call"``, ``"your call"``: a call as a sentence names it."""
        if caller is None:
            return self.tr(N_("the call"))
        if is_you(self.names[caller]):
            return self.tr(N_("your call"))
        return self.tr(N_("{who}'s call"), who=self.names[caller])

    def _tell_take(self, seat: int, card: Card, caller: int | None, refused: bool) -> None:
        fields = {"who": self.names[seat], "card": self.card_symbol(card)}
        if refused:
            said = N_("{who} refuses {call} and take {card} as the draw.") if is_you(self.names[seat]) else \
                N_("{who} refuses {call} and takes {card} as the draw.")
            self._emit("refuse", "kalooki.refuse", self.tr(said, call=self._call_of(caller), **fields), seat=seat,
                       card=str(card))
        else:
            self._emit("take", "kalooki.turn", self.tr(N_("{who} takes {card} from the discard pile."), **fields),
                       seat=seat, card=str(card))

    def _tell_rebuild(self, before: int) -> None:
        """The stock was rebuilt on the way to the card just drawn (the deal counts its rebuilds)."""
        if self.deal.rebuilds > before:
            top = self.deal.discards[0]
            self._emit("rebuild", "kalooki.rebuild",
                       self.tr(N_("The stock is empty: the discard pile but its top card ({card}) is shuffled into a "
                                  "new stock of {n} cards."), card=self.card_symbol(top), n=len(self.deal.stock) + 1),
                       size=len(self.deal.stock) + 1)

    def _tell_challenge(self, seat: int, target: int, size: int) -> None:
        """The challenge the deal has settled: whoever it dropped was wrong."""
        loser = target if self.deal.dropped[target] else seat
        said = N_("{who} challenges {target}, who holds {size} cards: more than {limit}, so {loser} is wrong.") \
            if loser == target else \
            N_("{who} challenges {target}, who holds {size} cards: no more than {limit}, so {loser} is wrong.")
        self._emit("challenge", "kalooki.challenge",
                   self.tr(said, who=self.names[seat], target=self.names[target], size=size, limit=CHALLENGE_SIZE,
                           loser=self.names[loser]), seat=seat, target=target, size=size)
        points = self.deal.fixed_points[loser]
        said = N_("{who} scores {points} for this deal (the hand plus {penalty}) and sit out until the next deal.") \
            if is_you(self.names[loser]) else \
            N_("{who} scores {points} for this deal (the hand plus {penalty}) and sits out until the next deal.")
        self._emit("drop", "kalooki.challenge",
                   self.tr(said, who=self.names[loser], points=points, penalty=CHALLENGE_PENALTY),
                   seat=loser, points=0, score=points)

    def _tell_tack(self, seat: int, card: Card, number: int, before: TableMeld, swap: bool) -> None:
        old, new = before.meld, self.deal.melds[number - 1].meld
        whose = self.tr(N_("own")) if before.owner == seat else self.tr(N_("{who}'s"), who=self.names[before.owner])
        fields = {"who": self.names[seat], "card": self.card_symbol(card), "number": number, "whose": whose}
        if swap:
            said = N_("{who} puts {card} in place of the joker in your own four and take the joker.") \
                if is_you(self.names[seat]) else \
                N_("{who} puts {card} in place of the joker in his own four and takes the joker.")
            self._emit("swap", "kalooki.swap", self.tr(said, **fields),
                       seat=seat, card=str(card), meld=number, result=meld_data(new))
            return
        slid = _slid_joker(old, new, card)
        if slid is not None:
            said = N_("{who} puts {card} in place of the joker in meld {number} ({whose}); the joker slides to the "
                      "low end, where it stands for {stands}.") if slid[0] == "low" else \
                N_("{who} puts {card} in place of the joker in meld {number} ({whose}); the joker slides to the high "
                   "end, where it stands for {stands}.")
            self._emit("slide", "kalooki.slide", self.tr(said, stands=slid[1], **fields),
                       seat=seat, card=str(card), meld=number, end=slid[0], result=meld_data(new))
        else:
            self._emit("tack", "kalooki.tack",
                       self.tr(N_("{who} tacks {card} onto meld {number} ({whose}): {meld}."),
                               meld=self.said_here(described(new, self.deal.rules)), **fields),
                       seat=seat, card=str(card), meld=number, result=meld_data(new))

    def _tell_end(self) -> None:
        """The deal is over: somebody went out, the stock ran out for good, or one player is left."""
        d = self.deal
        if d.winner is None:
            self._emit("blocked", "kalooki.blocked",
                       self.tr(agreeing(d.rebuilds,
                                        N_("The stock has run out after {n} rebuild: the deal is blocked and everyone "
                                           "scores the cards in his hand."),
                                        N_("The stock has run out after {n} rebuilds: the deal is blocked and everyone "
                                           "scores the cards in his hand.")), n=d.rebuilds))
        elif not d.last_standing:
            self._emit("out", "kalooki.out",
                       self.tr(N_("{who} goes out: \u201cKalooki!\u201d"), who=self.names[d.winner]), seat=d.winner)
        self._end_deal(d.winner, d.last_standing)

    def _end_deal(self, winner: int | None, last_standing: bool = False) -> None:
        points = self.deal.points()
        for s, p in enumerate(points):
            if s not in self.deal.fixed_points and s != winner:
                held = self.said_here(cards_said(sorted(self.deal.hands[s], key=card_order)))
                self._emit("score", "kalooki.score",
                           self.tr(agreeing(p, N_("{who} holds {hand}: {n} point."),
                                            N_("{who} holds {hand}: {n} points.")), who=self.names[s], hand=held, n=p),
                           seat=s, points=p, hand=[str(c) for c in self.deal.hands[s]])
        if last_standing and winner is not None:
            said = N_("{who} is the last player in play and score nothing this deal.") if is_you(self.names[winner]) \
                else N_("{who} is the last player in play and scores nothing this deal.")
            self._emit("score", "kalooki.challenge", self.tr(said, who=self.names[winner]), seat=winner, points=0)
        for s, p in enumerate(points):
            self.totals[s] += p
        self.deal_scores.append(points)
        summary = ", ".join(f"{self.names[s]} {self.totals[s]}" for s in range(self.players))
        self._emit("deal_end", "kalooki.score",
                   self.tr(N_("Deal {n} is over. Totals: {summary}."), n=self.deal_index + 1, summary=summary),
                   deal=self.deal_number, deal_points=points)
        self.deal_index += 1
        if self.deal_index < len(self.schedule):
            self._start_deal()
            return
        self._over = True
        best = min(self.totals)
        winners = [s for s in range(self.players) if self.totals[s] == best]
        said = N_("The game is over: {who} share the win with the lowest total, {best}.") if len(winners) > 1 else \
            N_("The game is over: {who} wins with the lowest total, {best}.")
        self._emit("game_end", "kalooki.end",
                   self.tr(said, who=f" {self.tr(N_('and'))} ".join(self.names[s] for s in winners), best=best),
                   winners=winners, scores=list(self.totals))

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        header = self.view_header(seat)
        d = self.deal
        size, threes, fours = DEALS[self.deal_number]
        legal = [str(a) for a in self.legal_actions(seat)]
        return {
            **header,
            "phase": "over" if self._over else ("call" if d.pending is not None else d.phase),
            "deal_number": self.deal_number,
            "deal_index": min(self.deal_index + 1, len(self.schedule)),
            "deals_total": len(self.schedule),
            "schedule": list(self.schedule),
            "cards_dealt": size,
            "contract": {"threes": threes, "fours": fours, "text": contract_words(threes, fours)},
            "hand": [str(c) for c in sorted(d.hands[seat], key=card_order)],
            "hand_sizes": [len(h) for h in d.hands],
            "melds": [{"number": i + 1, "owner": tm.owner, **meld_data(tm.meld)} for i, tm in enumerate(d.melds)],
            "laid_down": list(d.laid),
            "laid_this_turn": d.laid_now,
            "discard_top": str(d.discards[-1]) if d.discards else None,
            "discard_size": len(d.discards),
            "discard_pile": [str(c) for c in d.discards[d.face_down:]],  # every card was seen face up
            "stock_size": len(d.stock),
            "calls": list(d.calls),
            "call_limit": CALL_LIMIT if self.options["trinidad_calls"] else None,
            "can_call": "call" in legal,
            "call_pending": d.pending,
            "must_draw_stock": d.allowed,
            "taken": [[str(c) for c in t] for t in d.taken],
            "known_held": [[str(c) for c in t] for t in d.known_held],  # everyone saw these go in
            "called": [[str(c) for c in t] for t in d.called],  # what each seat called this deal, out loud
            "dropped": list(d.dropped),
            "scores": self.scores,
            "deal_scores": [list(p) for p in self.deal_scores],
            "dealer": self.dealer,
            "current_player": self.current_player,
            "to_act": self.to_act(),
            "is_over": self._over,
            "legal": legal,
        }


# ---- helpers --------------------------------------------------------------------

def lay_down(hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI) -> tuple[Meld, ...] | None:
    """The lay-down of exactly this contract leaving the fewest points in hand, or None."""
    if not could_lay(hand, threes, fours, rules):
        return None
    found = contract_arrangement(hand, threes, fours, rules, penalty)
    if found is None or contract_problem(found.melds, threes, fours) is not None:
        return None  # the solver's answer is checked: it must be exactly the contract
    return found.melds


def could_lay(hand: Sequence[Card], threes: int, fours: int, rules: MeldRules = KALOOKI) -> bool:
    """A quick necessary test for :func:`lay_down` (it skips the exact solver on most turns):
    enough ranks with the real cards a three needs and enough suits with a four in reach,
    counting the jokers each would need (a card may be counted twice, so True is only "maybe")."""
    jokers = 0
    ranks: dict[int, int] = {}
    suits: dict[str, int] = {}
    for rank, suit in hand:  # a card is a (rank, suit) tuple: unpacked, the loop runs on every turn
        if suit == "*":
            jokers += 1
        else:
            ranks[rank] = ranks.get(rank, 0) + 1
            suits[suit] = suits.get(suit, 0) | (1 << rank) | (1 << 14 if rank == 1 else 0)
    need: list[int] = []
    if threes:
        costs = sorted(max(0, rules.min_set - n) for n in ranks.values() if n >= rules.set_naturals)
        if len(costs) < threes:
            return False
        need += costs[:threes]
    if fours:
        size = rules.min_run
        most_jokers = size - max(1, rules.run_naturals)
        if not rules.jokers_adjacent:
            most_jokers = min(most_jokers, size // 2)
        costs = []
        for bits in suits.values():
            best = _most_in_a_window(bits, size)
            if size - best <= most_jokers:
                costs.append(size - best)
        if len(costs) < fours:
            return False
        need += sorted(costs)[:fours]
    return sum(need) <= jokers


@lru_cache(maxsize=1 << 16)
def _most_in_a_window(bits: int, size: int) -> int:
    """The most real cards of one suit (``bits``: rank positions 1-14) in ``size`` consecutive ranks."""
    window = (1 << size) - 1
    return max((bits >> lo & window).bit_count() for lo in range(1, 16 - size))


def contract_problem(melds: Sequence[Meld], threes: int, fours: int) -> str | None:
    """Why these melds are not exactly the contract (docs/rules/kalooki.md#kalooki.lay), or None."""
    sets = [m for m in melds if m.kind == SET]
    runs = [m for m in melds if m.kind == RUN]
    if len(sets) != threes or len(runs) != fours:
        return Sentence(N_("The contract is {contract}, exactly; this lay-down has {has}."),
                        contract=contract_said(threes, fours), has=_melds_counted(len(sets), len(runs)))
    ranks = [m.rank for m in sets]
    if len(set(ranks)) != len(ranks):
        return Sentence(N_("Your threes must be of different ranks: two threes of the same rank are not allowed."))
    suits = [m.suit for m in runs]
    if len(set(suits)) != len(suits):
        return Sentence(N_("Your fours must be of different suits: two fours in one suit are not allowed."))
    return None


@lru_cache(maxsize=4096)
def _why_not_meld(cards: tuple[Card, ...], rules: MeldRules) -> str | None:
    """:func:`engine.melds.why_not_meld`, remembered: a lay-down's melds are checked when it is
    offered, when it is checked against the rules and when it is made."""
    return why_not_meld(cards, rules)


@lru_cache(maxsize=4096)
def _meld_as_typed(cards: tuple[Card, ...], rules: MeldRules) -> Meld | None:
    """The meld these cards make, a run laid out as typed when that is a valid layout
    (remembered: a lay-down is read when it is typed, checked, then made)."""
    if _why_not_meld(cards, rules) is not None:
        return None
    meld = as_meld(cards, rules)
    if meld.kind == RUN:
        for layout in run_layouts(cards, rules):
            if list(layout.cards) == list(cards):
                return layout
    return meld


def meld_data(meld: Meld) -> dict[str, Any]:
    """A meld for views and events: its kind, its cards in table order, what each one stands for."""
    return {"kind": "three" if meld.kind == SET else "four", "cards": [str(c) for c in meld.cards],
            "stands_for": [str(meld.stands_for(j)) for j in range(len(meld.cards))]}


@lru_cache(maxsize=4096)
def _readings(cards: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    """Every kind of meld these cards make: a run as typed, and a three when it is one too."""
    meld = _meld_as_typed(cards, rules)
    if meld is None:
        return ()
    if meld.kind == SET:
        layouts = run_layouts(cards, rules)
        if layouts:
            return meld, next((m for m in layouts if list(m.cards) == list(cards)), layouts[0])
    return (meld,)


def _may_fit(meld: Meld, card: Card) -> bool:
    """A cheap test before :func:`layoffs`: could this card go on this meld at all?"""
    if card.is_joker:
        return True
    if meld.kind == SET:
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    ranks = {1 if r == 14 else r for r in meld.ranks}
    low, high = meld.ranks[0] - 1, meld.ranks[-1] + 1
    return card.rank in (low, high, 1 if high == 14 else high) or card.rank in ranks and any(
        c.is_joker for c in meld.cards)


def _end_word(old: Meld, new: Meld) -> str:
    return "low" if new.ranks[0] < old.ranks[0] else "high"


def _slid_joker(old: Meld, new: Meld, card: Card) -> tuple[str, str] | None:
    """When ``card`` took a joker's place: the end the joker went to and what it stands for."""
    if card.is_joker or old.kind != RUN:
        return None
    was_joker = any(c.is_joker and old.stands_for(j) == card for j, c in enumerate(old.cards))
    if not was_joker:
        return None
    end = _end_word(old, new)
    j = 0 if end == "low" else len(new.cards) - 1
    return end, new.stands_for(j).symbol


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 3


class Deal(RummyDeal):
    """One Kalooki deal in play, with no narration: the lean path that search copies and plays out.
    :class:`Kalooki` wraps it with the events a learner reads.

    Beyond the shared stock, pile and melds: the contract (``threes``, ``fours``), who has laid down
    (``laid``; ``laid_now`` this turn), the calls (``window``: the top discard may be called;
    ``pending``: the caller waiting for an answer; ``passed``: seats that let this discard go;
    ``allowed``: a call was allowed, the player must draw from the stock), Trinidad's challenges
    (``dropped`` seats, their ``fixed_points``) and what each seat ``taken``/``called`` face up.
    When the deal ends ``phase`` is "done", ``winner`` went out (or is the ``last_standing``) and
    :meth:`points` are what each seat scores."""

    __slots__ = ("rules", "threes", "fours", "joker_swaps", "trinidad_calls", "challenge", "max_rebuilds",
                 "face_down", "laid", "laid_now", "calls", "taken", "called", "dropped", "fixed_points", "window",
                 "passed", "discarder", "pending", "allowed", "challenged", "winner", "last_standing")

    #: What a view does not say, which :meth:`from_view` guesses: the rebuilds so far (none), the
    #: seats that passed this discard (none), who discarded it (the seat before), whether the call
    #: window is open (after a discard, until the draw), the challenge made this turn (none).
    NOT_IN_VIEW = ("rebuilds", "passed", "discarder", "window", "challenged", "fixed_points")

    def __init__(self, hands: list[list[Card]], stock: list[Card], discards: list[Card], turn: int,
                 contract: tuple[int, int], options: Mapping[str, Any], seed: int | str = 0,
                 deal_index: int = 0) -> None:
        super().__init__(hands, stock, discards, turn, seed, deal_index)
        n = self.players
        self.rules = TRINIDAD_MELDS if options["trinidad_jokers"] else KALOOKI
        self.threes, self.fours = contract
        self.joker_swaps, self.trinidad_calls = bool(options["joker_swaps"]), bool(options["trinidad_calls"])
        self.challenge, self.max_rebuilds = bool(options["challenge"]), options["max_rebuilds"]
        self.face_down = 0  # cards at the bottom of the pile nobody saw face up (a challenged hand)
        self.laid = [False] * n
        self.laid_now = False
        self.calls = [0] * n
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        self.called: list[list[Card]] = [[] for _ in range(n)]  # every card each seat called this deal
        self.dropped = [False] * n
        self.fixed_points: dict[int, int] = {}
        self.window = True        # the top discard may be called
        self.passed: set[int] = set()  # seats that let this discard go ("pass"): asked once per discard
        self.discarder: int | None = None
        self.pending: int | None = None
        self.allowed = False
        self.challenged = False
        self.winner: int | None = None
        self.last_standing = False

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        self._copy_shared(d)
        d.rules, d.threes, d.fours, d.joker_swaps = self.rules, self.threes, self.fours, self.joker_swaps
        d.trinidad_calls, d.challenge, d.max_rebuilds = self.trinidad_calls, self.challenge, self.max_rebuilds
        d.face_down, d.laid, d.laid_now, d.calls = self.face_down, self.laid[:], self.laid_now, self.calls[:]
        d.taken, d.called = [t[:] for t in self.taken], [c[:] for c in self.called]
        d.dropped, d.fixed_points = self.dropped[:], dict(self.fixed_points)
        d.window, d.passed = self.window, set(self.passed)
        d.discarder, d.pending, d.allowed, d.challenged = self.discarder, self.pending, self.allowed, self.challenged
        d.winner, d.last_standing = self.winner, self.last_standing
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int | str = 0) -> Deal:
        """The deal as ``view``'s seat sees it, the cards it cannot see (:func:`unseen_cards`) placed
        in the order of ``sampled_hidden``: a determinized deal for search (:attr:`NOT_IN_VIEW`).
        ``seed`` drives its rebuild shuffles."""
        hands, stock, face_down = hidden_hands(view, sampled_hidden, "known_held")
        turn = view["current_player"] if view["current_player"] is not None else view["seat"]
        contract = (view["contract"]["threes"], view["contract"]["fours"])
        d = cls(hands, stock, face_down + parse_cards(view["discard_pile"]), turn, contract, view["options"], seed,
                view["deal_index"] - 1)
        d.face_down = len(face_down)
        d.melds = table_melds(view, d.rules)
        d.known_held = known_copy(view, "known_held")
        d.taken, d.called = known_copy(view, "taken"), known_copy(view, "called")
        d.laid, d.laid_now, d.calls, d.dropped = list(view["laid_down"]), view["laid_this_turn"], list(view["calls"]), \
            list(view["dropped"])
        d.pending, d.allowed = view["call_pending"], view["must_draw_stock"]
        d.phase = "done" if view["is_over"] else "play" if view["phase"] == "play" else "draw"
        d.window = d.phase == "draw" and not d.allowed and bool(d.discards)
        if d.window:
            before = (turn - 1) % d.players
            while d.dropped[before] and before != turn:
                before = (before - 1) % d.players
            d.discarder = None if all(n == len(h) for n, h in zip(view["hand_sizes"], hands)) and not d.melds \
                and view["discard_size"] == 1 else before
        return d

    # ---- whose turn ----
    def _distance(self, seat: int) -> int:
        return (seat - self.turn) % self.players

    def may_rebuild(self) -> bool:
        limit = self.max_rebuilds
        return limit is None or self.rebuilds < limit

    def drawable(self) -> int:
        """Cards the stock can still give, counting a rebuild from the discard pile."""
        return len(self.stock) + (max(len(self.discards) - 1, 0) if self.may_rebuild() else 0)

    def call_bar(self, seat: int) -> str | None:
        """What keeps ``seat`` from calling the top discard now (docs/rules/kalooki.md#kalooki.call), one
        of :data:`CALL_BARS` or "nearer", or None when it may call: the one statement of who may call, which
        :meth:`may_call` asks and the narrated game puts into words."""
        if self.phase != "draw" or not self.window or self.allowed or not self.discards:
            return "no_discard"
        if seat == self.turn:
            return "to_move"
        if seat == self.discarder:
            return "discarder"
        if seat in self.passed:
            return "passed"
        if self.dropped[seat]:
            return "dropped"
        if self.trinidad_calls:
            if self.calls[seat] >= CALL_LIMIT:
                return "limit"
        elif self.laid[seat]:
            return "laid"
        if self.pending is not None and self._distance(seat) >= self._distance(self.pending):
            return "nearer"
        if len(self.stock) + (max(len(self.discards) - 2, 0) if self.may_rebuild() else 0) < 2:
            return "stock"  # no penalty card and draw left for the stock to give
        return None

    def may_call(self, seat: int) -> bool:
        return self.call_bar(seat) is None

    def callers(self) -> list[int]:
        if not self.window or self.allowed or self.phase != "draw":
            return []  # the common case, between discards: nobody may call
        return sorted((s for s in range(self.players) if self.may_call(s)), key=self._distance)

    def to_act(self) -> list[int]:
        return [self.turn, *self.callers()] if self.phase in ("draw", "play") else []

    # ---- what is legal ----
    def moves(self, seat: int) -> _Moves:
        """Every legal move of ``seat``.
        :meth:`allows` checks the moves made most often with the same helpers, so the list and the
        check of a single move cannot disagree."""
        moves = _Moves()
        if seat != self.turn:
            moves.extend(self.out_of_turn_moves(seat))
            return moves
        if self.phase == "draw":
            moves.extend(self.draw_moves(seat))
            return moves
        if not self.laid[seat]:
            moves.accept = lambda act: self.lay_problem(seat, act.arg) is None
            lay = self.best_lay(seat)
            if lay is not None:
                moves.append(Action("lay", " | ".join(" ".join(str(c) for c in m.cards) for m in lay)))
        elif not self.laid_now:
            moves.extend(self.tacks(seat))
        moves.extend(_discard_action(c) for c in self.discardable(seat))
        return moves

    def legal(self, seat: int) -> _Moves:
        """:meth:`moves`, by the name search asks for (:class:`engine.search.LeanDeal`)."""
        return self.moves(seat)

    def out_of_turn_moves(self, seat: int) -> list[Action]:
        return [_CALL, _PASS] if self.may_call(seat) else []

    def draw_moves(self, seat: int) -> list[Action]:
        """The moves that start a turn: answer a call, or draw from the stock or the pile."""
        if self.pending is not None:
            return [_ALLOW, _REFUSE]
        moves = []
        if self.drawable():
            moves.append(_DRAW)
        if self.discards and not self.allowed:
            moves.append(_TAKE)
        if self.challenge and not self.challenged and not self.allowed:
            moves.extend(Action("challenge", str(s)) for s in range(self.players)
                         if s != seat and not self.dropped[s])
        return moves

    def discardable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may discard now: never a joker (§6.4). No lay-down or tack may leave a
        player who must discard holding only jokers (:meth:`keeps_a_discard`), so a hand of jokers
        alone comes only from drawing a joker to jokers; it tacks them while a meld takes one. Only a
        table where no meld can take a joker at all (never seen in the soak) falls back to the joker."""
        hand = self.hands[seat]
        naturals = sorted({c for c in hand if not c.is_joker}, key=card_order)
        if naturals or not hand:
            return naturals
        if self.laid[seat] and not self.laid_now and self.tacks(seat):
            return []
        return [JOKER]

    def keeps_a_discard(self, left: Sequence[Card], melds: Sequence[Meld] | None) -> bool:
        """After a lay-down or a tack, may the player still end his turn (§6.4)? He is out, or holds a
        real card to discard, or (``melds``: the table after a tack, when he may go on tacking) holds
        jokers one of which a meld can take."""
        if not left or any(not c.is_joker for c in left):
            return True
        return melds is not None and any(layoffs(m, JOKER, self.rules) for m in melds)

    def allows(self, seat: int, action: Action, moves: Callable[[int], Sequence[Action]] | None = None) -> bool:
        """Is ``action`` in :meth:`moves` (``moves``: the caller's remembered list)? Decided without
        listing every move for the moves made most often (draws, discards, calls): listing them works
        out the best lay-down and every tack, which the check of one discard does not need. Each is
        checked by the same helper the list is made from. Tacks and swaps are looked up in the list."""
        verb, arg = action.verb, action.arg
        if verb == "lay":  # the list's own test of a lay-down (_Moves.accept)
            return seat == self.turn and self.phase != "draw" and not self.laid[seat] \
                and self.lay_problem(seat, arg) is None
        if seat != self.turn:
            return action in self.out_of_turn_moves(seat)
        if self.phase == "draw":
            return action in self.draw_moves(seat)
        if verb == "discard":
            card = _CARD_OF_TEXT.get(arg)
            return card is not None and card in self.discardable(seat)
        if verb in ("tack", "swap"):
            return action in (moves or self.moves)(seat)
        return False

    def best_lay(self, seat: int) -> tuple[Meld, ...] | None:
        """The lay-down leaving the fewest points in hand, or None when the contract is not there."""
        best = lay_down(self.hands[seat], self.threes, self.fours, self.rules)
        if best is not None and not self.keeps_a_discard(hand_less(self.hands[seat], *(m.cards for m in best)), None):
            return None  # it would leave jokers alone in hand (the solver melds a joker wherever one fits)
        return best

    def tacks(self, seat: int) -> list[Action]:
        out: list[Action] = []
        rules = self.rules
        for card in sorted(set(self.hands[seat]), key=card_order):
            for i, tm in enumerate(self.melds):
                if not _may_fit(tm.meld, card):
                    continue
                results = layoffs(tm.meld, card, rules)
                for new in results:
                    end = _end_word(tm.meld, new) if len(results) > 1 else ""
                    if self._tack_keeps_a_discard(seat, card, i, new, swap=False):
                        out.append(Action("tack", f"{card} {i + 1}" + (f" {end}" if end else "")))
                if self.joker_swaps and tm.owner == seat and tm.meld.kind == RUN and not card.is_joker \
                        and any(c.is_joker and tm.meld.stands_for(j) == card for j, c in enumerate(tm.meld.cards)) \
                        and self._tack_keeps_a_discard(seat, card, i, None, swap=True):
                    out.append(Action("swap", f"{card} {i + 1}"))
        return out

    def _tack_keeps_a_discard(self, seat: int, card: Card, index: int, new: Meld | None, swap: bool) -> bool:
        """Tacking ``card`` on meld ``index`` (making ``new``; a swap takes the joker back) leaves the
        player a way to end his turn (:meth:`keeps_a_discard`)."""
        left = hand_less(self.hands[seat], [card])
        if swap:
            left.append(JOKER)
        if any(not c.is_joker for c in left) or not left:
            return True  # the common case, decided without rebuilding the table
        melds = [tm.meld for tm in self.melds]
        if new is not None:
            melds[index] = new
        elif swap:
            melds[index] = _swapped(melds[index], card)
        return self.keeps_a_discard(left, melds)

    def tack_result(self, card: Card, number: int, end: str) -> Meld | None:
        """The meld that tacking ``card`` on meld ``number`` (from 1) makes, at ``end`` if given."""
        if not 1 <= number <= len(self.melds):
            return None
        old = self.melds[number - 1].meld
        results = layoffs(old, card, self.rules)
        if end:
            results = [m for m in results if _end_word(old, m) == end]
        return results[0] if len(results) == 1 else None

    def lay_problem(self, seat: int, text: str, who: str = "The player") -> str | None:
        """Why this lay-down is not allowed (a Sentence, in English: the narrated game says it in its language),
        or None. ``text``: melds separated by ``|``; ``who``: the player's name, as the narrated game says it."""
        if self.laid[seat]:
            return Sentence(N_("{who} has already laid down this deal: tack cards onto the melds instead."), who=who)
        try:
            groups = [parse_cards(g) for g in text.split("|")]
        except CardError as exc:
            return exc.args[0] if exc.args and isinstance(exc.args[0], Sentence) else str(exc)
        missing = not_in_hand(self.hands[seat], [c for g in groups for c in g])
        if missing:
            return Sentence(N_("{who} does not hold {card}."), who=who, card=cards_said(missing))
        for g in groups:
            problem = _why_not_meld(tuple(g), self.rules)
            if problem:
                return problem
        problem = self.contract_reading(groups)[1]
        if problem is None and not self.keeps_a_discard(hand_less(self.hands[seat], *groups), None):
            return Sentence(N_("That lay-down would leave {who} holding only jokers, and a joker may never be "
                               "discarded: put the joker in a meld (a three or four may be longer than its minimum) or "
                               "keep a real card to discard."), who=who)
        return problem

    def contract_reading(self, groups: Sequence[Sequence[Card]]) -> tuple[list[Meld] | None, str | None]:
        """The melds these groups make as this deal's contract (a group of one real card and jokers
        may be read as a three or a four), or None and why not."""
        problem: str | None = Sentence(N_("These cards are not melds."))
        for reading in product(*[_readings(tuple(g), self.rules) for g in groups]):
            problem = contract_problem(reading, self.threes, self.fours)
            if problem is None:
                return list(reading), None
        return None, problem

    # ---- the moves ----
    def apply(self, seat: int, action: Action) -> None:
        """Make a legal move (unchecked: the narrated game checks, search plays legal moves)."""
        verb, arg = action.verb, action.arg
        if verb == "discard":
            self.discard(seat, _CARD_OF_TEXT[arg])
        elif verb == "call":
            self.called[seat].append(self.discards[-1])  # allowed or not, everyone heard what he wants
            self.pending = seat
        elif verb == "pass":
            self.passed.add(seat)
        elif verb == "allow":
            self._allow()
        elif verb in ("refuse", "take"):
            card = self.take_discard(seat)
            self.taken[seat].append(card)
            self._after_draw()
        elif verb == "draw":
            self.draw_stock(seat)
            self._after_draw()
        elif verb == "challenge":
            self._challenge(seat, int(arg))
        elif verb == "lay":
            self._lay(seat, arg)
        else:
            words = arg.split()
            self._tack(seat, _CARD_OF_TEXT[words[0]], int(words[1]), words[2] if len(words) == 3 else "",
                       swap=verb == "swap")

    def draw_stock(self, seat: int) -> Card:
        """The top card of the stock, rebuilt first from the pile (all but its top card) when empty."""
        if not self.stock:
            top = self.discards.pop()
            self.stock = self.discards
            rng_for(self.seed, "kalooki-rebuild", self.deal_index, self.rebuilds).shuffle(self.stock)
            self.rebuilds += 1
            self.discards = [top]
            self.face_down = 0
        return super().draw_stock(seat)

    def _allow(self) -> None:
        caller = self.pending
        assert caller is not None
        self.taken[caller].append(self.take_discard(caller))
        self.draw_stock(caller)  # the penalty card
        self.calls[caller] += 1
        self.pending, self.window, self.allowed = None, False, True

    def _after_draw(self) -> None:
        self.phase, self.pending, self.window, self.allowed = "play", None, False, False

    def _challenge(self, seat: int, target: int) -> None:
        self.challenged = True
        loser = target if len(self.hands[target]) > CHALLENGE_SIZE else seat
        self.fixed_points[loser] = hand_points(self.hands[loser]) + CHALLENGE_PENALTY
        self.discards[:0] = self.hands[loser]
        self.face_down += len(self.hands[loser])
        self.hands[loser] = []
        self.known_held[loser] = []
        self.dropped[loser] = True
        in_play = [s for s in range(self.players) if not self.dropped[s]]
        if len(in_play) == 1:
            self._end(in_play[0], last_standing=True)
        elif loser == seat:
            self._next_turn()

    def _lay(self, seat: int, text: str) -> None:
        groups = [parse_cards(g) for g in text.split("|")]
        melds, _ = self.contract_reading(groups)
        assert melds is not None
        for g, meld in zip(groups, melds):
            self.put_meld(seat, meld, g)
        self.laid[seat] = self.laid_now = True
        if not self.hands[seat]:
            self._end(seat)

    def _tack(self, seat: int, card: Card, number: int, end: str, swap: bool) -> None:
        if swap:
            self.lay_off(seat, card, number, _swapped(self.melds[number - 1].meld, card))
            self.hands[seat].append(JOKER)
            self.known_held[seat].append(JOKER)
        else:
            grown = self.tack_result(card, number, end)
            assert grown is not None
            self.lay_off(seat, card, number, grown)
        if not self.hands[seat]:
            self._end(seat)

    def discard(self, seat: int, card: Card) -> None:
        self.throw(seat, card)
        if not self.hands[seat]:
            self._end(seat)
            return
        self.discarder = seat
        self._next_turn()
        self.window = True
        if not self.stock and not self.may_rebuild():
            self._end(None)  # blocked: everyone scores his hand

    def _next_turn(self) -> None:
        nxt = (self.turn + 1) % self.players
        while self.dropped[nxt]:
            nxt = (nxt + 1) % self.players
        self.turn = nxt
        self.phase, self.laid_now, self.pending, self.allowed, self.challenged = "draw", False, None, False, False
        self.window = False
        self.passed = set()

    def _end(self, winner: int | None, last_standing: bool = False) -> None:
        self.phase, self.winner, self.last_standing = "done", winner, last_standing

    def points(self) -> list[int]:
        """What each seat scores for the deal (once it is over): a challenged hand its fixed points,
        whoever went out nothing, the others what they hold."""
        return [self.fixed_points[s] if s in self.fixed_points else 0 if s == self.winner
                else hand_points(self.hands[s]) for s in range(self.players)]


def unseen_cards(view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see, in the pack's order: :meth:`Deal.from_view` places them."""
    return unseen(view, double_52_with_jokers(), "known_held")


def _swapped(meld: Meld, card: Card) -> Meld:
    """A four with ``card`` in place of the joker that stood for it (Trinidad's joker swap)."""
    j = next(j for j, c in enumerate(meld.cards) if c.is_joker and meld.stands_for(j) == card)
    return Meld(RUN, meld.cards[:j] + (card,) + meld.cards[j + 1:], meld.ranks, meld.suit)


# The lean core, declared on the rules class (its Deal comes after the narrated game in this module).
Kalooki.lean_deal = Deal
Kalooki.lean_unseen = staticmethod(unseen_cards)
