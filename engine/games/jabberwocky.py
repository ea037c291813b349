"""Jabberwocky, an Oh Hell game of exact bids (seed 003; docs/rules/jabberwocky.md).

Thirteen rounds of 3, 4 … 9 … 4, 3 cards. A turned-up card names trumps; everyone
bids how many tricks they will take, the dealer last and never so that the bids add
up to the tricks there are; then the tricks are played. Taking exactly your bid
scores. The round itself lives in :class:`Deal`, which has no narration, so search
can copy and play it cheaply; :class:`Jabberwocky` wraps it with the events a
learner reads.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from .. import card_codes, tricks
from ..cards import SUIT_SYMBOLS, CardError, parse_card, standard_52
from ..dealing import deal_round_robin, stacked_pack
from ..notation import quoted, read_number
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, Progress, Rule, Rulebook, TakesTurns,
                       ViewHeader, first_dealer_option, language_option)
from ..shuffle import rng_for
from ..words import agreeing, is_you, join
from .. import claims
from ..i18n import N_
from ..review_thresholds import Thresholds

FULL_SCHEDULE = (3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4, 3)
SHORT_SCHEDULE = (3, 5, 7, 5, 3)
SCHEDULES = {"full": FULL_SCHEDULE, "short": SHORT_SCHEDULE}
REVOKE_PENALTY = 3

RULES = Rulebook([
    Rule("jabberwocky.pack", N_("A standard 52-card pack; in every suit the Ace is high, then "
            "K Q J 10 9 … 2. Suits are equal except for trumps.")),
    Rule("jabberwocky.rounds", N_("The game has 13 rounds: 3 cards each in the first, one more each "
            "round up to 9, then one fewer each round down to 3 again.")),
    Rule("jabberwocky.deal", N_("The dealer deals the round's cards one at a time, clockwise from his "
            "left. The deal passes to the left after each round.")),
    Rule("jabberwocky.trump", N_("After the deal the dealer turns up the next card: its suit is trumps "
            "for the round, and it stays face up.")),
    Rule("jabberwocky.bid", N_("Starting on the dealer's left and ending with the dealer, everyone bids "
            "how many tricks they will take: any number from 0 to the cards each holds.")),
    Rule("jabberwocky.hook", N_("The dealer may not bid the number that makes the bids add up to the "
            "number of tricks in the round, so somebody must miss.")),
    Rule("jabberwocky.lead", N_("The player on the dealer's left leads the first trick; the winner of a "
            "trick leads the next. Play goes to the left.")),
    Rule("jabberwocky.follow", N_("You must follow suit: play a card of the suit led if you have one. "
            "If you have none, play any card. Failing to follow costs 3 points.")),
    Rule("jabberwocky.trump_lead", N_("Trumps may not be led until trumps are broken (a trump has been "
            "played to a trick this round), unless you hold nothing but trumps.")),
    Rule("jabberwocky.broken", N_("Trumps are broken by the first trump played to a trick in a round: a "
            "ruff, or a lead from a hand of only trumps. The turned-up card does not break them.")),
    Rule("jabberwocky.trick", N_("The highest trump wins the trick; if no trump was played, the highest "
            "card of the suit led wins.")),
    Rule("jabberwocky.score", N_("At the end of the round, a player who took exactly as many tricks as "
            "he bid scores 1 point; anyone else scores nothing.")),
    Rule("jabberwocky.score_classic", N_("Variant (classic Oh Hell): an exact bid scores 10 points plus "
            "the bid; a missed bid scores nothing.")),
    Rule("jabberwocky.revoke", N_("Variant (table mode): a player may fail to follow suit, as at a real "
            "table. Each such revoke costs 3 points at the end of the round; the trick stands.")),
    Rule("jabberwocky.end", N_("After the last round the most points wins. Equal totals share the win.")),
])


def forbidden_bid(size: int, other_bids: Sequence[int]) -> int | None:
    """The dealer's one forbidden bid (the hook), or None when every bid is allowed.

    The bids may not total the number of tricks; if the others already bid more than
    that, no bid of the dealer's can make them equal (docs/rules/jabberwocky.md#jabberwocky.hook).

    >>> forbidden_bid(6, [2, 0, 3])  # 6 tricks, the others bid 5: the dealer may not bid 1
    1
    >>> forbidden_bid(3, [3, 1]) is None  # they already bid 4 of 3 tricks: he is free
    True
    """
    rest = size - sum(other_bids)
    return rest if rest >= 0 else None


def round_points(bid: int, won: int, revokes: int, scoring: str) -> int:
    """A player's points for one round: the exact-bid reward less the revoke penalty."""
    exact = 0
    if bid == won:
        exact = 1 if scoring == "seed" else 10 + bid
    return exact - REVOKE_PENALTY * revokes


#: Notation ↔ the small-integer cards of engine.tricks: the shared tables (play is hot in search and soaks).
PLAY, CARD_OF = card_codes.PLAY, card_codes.CARD_OF


#: Who wins a trick, for each trump suit: the shared trick strengths, looked up instead of computed.
_KEYS = [tricks.trick_keys(t) for t in range(4)]
#: The seat after each seat, for each number of players.
_NEXT = {n: tuple((s + 1) % n for s in range(n)) for n in range(1, 8)}
_BIT, _SUIT_BITS, _IN_SUIT, _in_suit_fill = tricks.BIT, tricks.SUIT_BITS, tricks.IN_SUIT, tricks.in_suit_fill


@lru_cache(maxsize=None)
def _bid_range(size: int, forbidden: int | None) -> tuple[int, ...]:
    return tuple(b for b in range(size + 1) if b != forbidden)


class Deal:
    """One round in play, with no narration: the engine's lean path, copied by search.

    Cards are small integers (see :mod:`engine.tricks`). ``turn`` is the seat to act.
    Search plays this hundreds of thousands of cards a second, so it keeps what the rules
    ask about ready: each hand twice, ``hands[seat]`` a list and ``held[seat]`` its bitmask
    (following suit is a table lookup, a revoke a bit test), and the trick's best card so far
    (``best`` strength, by seat ``top``, in the led suit's strengths ``lead_key``), so a trick's
    winner is known when its last card falls. :meth:`recount` derives them from the plain state.
    """

    __slots__ = ("players", "size", "dealer", "trump", "turn_up", "hands", "held", "bids", "won", "trick",
                 "trick_seats", "turn", "broken", "revokes", "strict", "breaking", "phase", "done_tricks",
                 "keys", "next_seat", "lead_key", "best", "top")

    def __init__(self, hands: list[list[int]], dealer: int, turn_up: int,
                 strict: bool = True, breaking: bool = True) -> None:
        self.players = len(hands)
        self.size = len(hands[0])
        self.dealer = dealer
        self.turn_up = turn_up
        self.trump = turn_up // 13
        self.hands = hands
        self.bids: list[int | None] = [None] * self.players
        self.won = [0] * self.players
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.turn = (dealer + 1) % self.players
        self.broken = False
        self.revokes = [0] * self.players
        self.strict = strict
        self.breaking = breaking
        self.phase = "bid"
        self.done_tricks: list[tuple[list[int], list[int], int]] = []  # (seats, cards, winner)
        self.recount()

    def recount(self) -> None:
        """Derive what play keeps ready (bitmasks, the trick's best card) from the hands and the trick:
        after building a deal by hand or changing a hand (search deals the unseen cards)."""
        self.held = [tricks.bits(h) for h in self.hands]
        self.keys = _KEYS[self.trump]
        self.next_seat = _NEXT[self.players]
        self.lead_key, self.best, self.top = self.keys[0], -2, self.turn
        if self.trick:
            self.lead_key = self.keys[self.trick[0] // 13]
            strengths = [self.lead_key[c] for c in self.trick]
            self.best = max(strengths)
            self.top = self.trick_seats[strengths.index(self.best)]

    def copy(self) -> "Deal":
        d = Deal.__new__(Deal)
        d.players, d.size, d.dealer, d.trump, d.turn_up = self.players, self.size, self.dealer, self.trump, self.turn_up
        d.hands = [list(h) for h in self.hands]
        d.held = list(self.held)
        d.bids, d.won, d.revokes = list(self.bids), list(self.won), list(self.revokes)
        d.trick, d.trick_seats = list(self.trick), list(self.trick_seats)
        d.turn, d.broken, d.strict, d.breaking, d.phase = self.turn, self.broken, self.strict, self.breaking, self.phase
        d.done_tricks = list(self.done_tricks)
        d.keys, d.next_seat, d.lead_key, d.best, d.top = self.keys, self.next_seat, self.lead_key, self.best, self.top
        return d

    def set_hand(self, seat: int, cards: list[int]) -> None:
        """Give ``seat`` the hand ``cards`` (search deals the unseen cards into a copy)."""
        self.hands[seat] = cards
        self.held[seat] = tricks.bits(cards)

    # -- the lean-deal protocol (engine.search.LeanDeal; docs/lean-deal.md) --
    #: What a view does not say, which :meth:`from_view` guesses: nothing. Bids, tricks, revokes and the
    #: turned-up card are public; only the other hands are hidden, and they are ``sampled_hidden``.
    NOT_IN_VIEW: tuple[str, ...] = ()

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[int], seed: int | str = 0) -> "Deal":
        """The round as ``view``'s seat sees it, the cards it cannot see (:func:`unseen`) placed in the order of
        ``sampled_hidden``: the first seat after 0 that is not the viewer takes as many as it holds, then the
        next, and so on (seats in increasing order); the rest lie in the stock, which play never reaches.
        ``seed`` is unused (nothing in a round is random once it is dealt)."""
        return cls.placer(view)(sampled_hidden)

    @classmethod
    def placer(cls, view: Mapping[str, Any]) -> Callable[[Sequence[int]], "Deal"]:
        """:meth:`from_view` for one view, again and again: ``place(sampled_hidden)`` builds the same deal
        as ``from_view(view, sampled_hidden)``, but the view is read once (search imagines many deals)."""
        base = cls.seen_from(view)
        me, n = view["seat"], view["players"]
        places = [(s, view["hand_sizes"][s]) for s in range(n) if s != me]
        needed = sum(size for _, size in places)

        def place(sampled_hidden: Sequence[int]) -> Deal:
            if len(sampled_hidden) < needed:
                raise ValueError(f"{len(sampled_hidden)} hidden cards cannot fill the other hands ({needed} cards)")
            world = base.copy()
            start = 0
            for s, size in places:
                world.set_hand(s, list(sampled_hidden[start:start + size]))
                start += size
            return world
        return place

    @classmethod
    def seen_from(cls, view: Mapping[str, Any]) -> "Deal":
        """What ``view`` says of the round: the viewer's hand, the others' hands left empty."""
        me, n = view["seat"], view["players"]
        base = Deal.__new__(Deal)
        base.players, base.size, base.dealer = n, view["cards_this_round"], view["dealer"]
        base.turn_up = CARD_OF[view["trump_card"]]
        base.trump = base.turn_up // 13
        base.hands = [[] for _ in range(n)]
        base.hands[me] = sorted(CARD_OF[c] for c in view["hand"])
        base.bids, base.won, base.revokes = list(view["bids"]), list(view["tricks_won"]), list(view["revokes"])
        base.trick = [CARD_OF[c] for _, c in view["trick"]]
        base.trick_seats = [s for s, _ in view["trick"]]
        base.turn = view["current_player"] if view["current_player"] is not None else me
        base.broken = view["trump_broken"]
        options = view["options"]
        base.strict, base.breaking = options["revoke"] == "strict", bool(options["trump_breaking"])
        base.phase = view["phase"] if view["phase"] in ("bid", "play") else "done"
        base.done_tricks = [(list(t["seats"]), [CARD_OF[c] for c in t["cards"]], t["winner"])
                            for t in view["tricks_played"]]
        base.recount()
        return base

    def to_act(self) -> list[int]:
        return [] if self.phase == "done" else [self.turn]

    def legal(self, seat: int) -> Sequence[int]:
        """Bids while bidding, else cards: small integers either way (:meth:`notation` names them)."""
        return self.legal_bids() if self.phase == "bid" else self.legal_cards(seat)

    def apply(self, seat: int, action: int) -> None:
        if self.phase == "bid":
            self.bid(action)
        else:
            self.play(action)

    def notation(self, action: int) -> str:
        """The game's notation of one of :meth:`legal`'s actions now ("bid 2", "play 7H")."""
        return f"bid {action}" if self.phase == "bid" else str(PLAY[action])

    # -- bidding --
    def forbidden(self) -> int | None:
        if self.phase != "bid" or self.turn != self.dealer:
            return None
        return forbidden_bid(self.size, [b for s, b in enumerate(self.bids) if s != self.dealer and b is not None])

    def legal_bids(self) -> Sequence[int]:
        return _bid_range(self.size, self.forbidden())

    def bid(self, amount: int) -> None:
        self.bids[self.turn] = amount
        if self.turn == self.dealer:
            self.phase = "play"
        self.turn = self.next_seat[self.turn]

    # -- play --
    @property
    def led_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

    def proper_cards(self, seat: int) -> Sequence[int]:
        """The cards the rules allow (what strict mode offers): follow suit if you can
        (:func:`engine.tricks.follow_bits`, follow_suit with no options), else anything; lead as
        trumps allow (:func:`engine.tricks.leads_bits`)."""
        if self.trick:
            return tricks.follow_bits(self.held[seat], self.hands[seat], self.trick[0] // 13)
        if self.breaking and not self.broken:
            return tricks.leads_bits(self.held[seat], self.hands[seat], self.trump)
        return self.hands[seat][:]

    def legal_cards(self, seat: int) -> Sequence[int]:
        """What may be played: in table mode a revoke is allowed (and costs 3 later).

        The hot path of search: :meth:`proper_cards` with :func:`engine.tricks.follow_bits`
        inlined (the led suit's cards are a shared tuple looked up in ``tricks.IN_SUIT``).
        """
        trick = self.trick
        if trick:
            if self.strict:
                led = trick[0] // 13
                ranks = self.held[seat] >> 13 * led & 0x1FFF
                if ranks:
                    return _IN_SUIT[led][ranks] or _in_suit_fill(led, ranks)
            return self.hands[seat][:]
        if self.breaking and not self.broken:
            return tricks.leads_bits(self.held[seat], self.hands[seat], self.trump)
        return self.hands[seat][:]

    def play(self, c: int) -> int | None:
        """Play ``c`` for the seat to act; returns the trick's winner when it completes.

        No allocation per card but the trick's own lists: a revoke is a bit test (the led suit
        held, another played), and the trick's best card is kept up as the cards fall.
        """
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(c)
        held = self.held
        trick = self.trick
        suit = c // 13
        if trick:
            led = trick[0] // 13
            if suit != led and held[seat] & _SUIT_BITS[led]:
                self.revokes[seat] += 1
            strength = self.lead_key[c]
            if strength > self.best:
                self.best, self.top = strength, seat
        else:
            key = self.lead_key = self.keys[suit]
            self.best, self.top = key[c], seat
        held[seat] ^= _BIT[c]
        if suit == self.trump:
            self.broken = True
        trick.append(c)
        seats = self.trick_seats
        seats.append(seat)
        if len(seats) < self.players:
            self.turn = self.next_seat[seat]
            return None
        winner = self.top
        self.won[winner] += 1
        self.done_tricks.append((seats, trick, winner))
        self.trick, self.trick_seats = [], []
        self.turn = winner
        if not hand:
            self.phase = "done"
        return winner

    def points(self, scoring: str) -> list[int]:
        return [round_points(b or 0, w, r, scoring) for b, w, r in zip(self.bids, self.won, self.revokes)]


def unseen(view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see, in the pack's order (:meth:`Deal.from_view` places them): the
    other hands and the stock, less the turned-up card and every card played."""
    seen = {CARD_OF[c] for c in view["hand"]}
    seen.add(CARD_OF[view["trump_card"]])
    seen.update(CARD_OF[c] for _, c in view["trick"])
    for t in view["tricks_played"]:
        seen.update(CARD_OF[c] for c in t["cards"])
    return [c for c in range(52) if c not in seen]


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :meth:`Deal.from_view` places them: the
    other hands by seat, then the stock in the pack's order (the proof that from_view rebuilds the true deal)."""
    seat = view["seat"]
    out = [c for s, hand in enumerate(deal.hands) if s != seat for c in hand]
    placed = set(out) | set(deal.hands[seat]) | {deal.turn_up} | set(deal.trick)
    placed.update(c for _, cards, _ in deal.done_tricks for c in cards)
    return out + [c for c in range(52) if c not in placed]


def _check_rounds(value: Any) -> str | None:
    if isinstance(value, str):
        return None if value in SCHEDULES else "choose 'full', 'short' or a list of card counts"
    if isinstance(value, (list, tuple)) and value and all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 9 for n in value):
        return None
    return "choose 'full', 'short' or a list of card counts from 1 to 9"


class JabberwockyView(ViewHeader):
    """Every key of ``Jabberwocky.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    phase: str
    hand: list[str]
    hand_sizes: list[int]
    trump: str
    trump_card: str
    bids: list[int | None]
    forbidden_bid: int | None
    tricks_won: list[int]
    trick: list[list[Any]]
    led_suit: str | None
    trump_broken: bool
    tricks_played: list[dict[str, Any]]
    revokes: list[int]
    round: int
    rounds_total: int
    schedule: list[int]
    cards_this_round: int
    dealer: int
    scores: list[int]
    results: list[dict[str, Any]]
    current_player: int | None
    is_over: bool
    legal: list[str]
    revoke_plays: list[str]


class Jabberwocky(TakesTurns, Game):
    id = "jabberwocky"
    view_type = JabberwockyView
    short_match = {"rounds": [3, 4]}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 291 decisions, 40% cost anything; q90 14.5, q95 22.8, q99 48.4 percentage points
    review_thresholds = Thresholds(15, 25, 50, claims.fact(
        "review.loss.jabberwocky", N_("a chance of making your bid {value} percentage points below the better "
                                      "move")), N_("percentage points of the chance of making your bid"),
        N_("percentage point of the chance of making your bid"), 100.0, loss_one=claims.fact(
            "review.loss.jabberwocky.one", N_("a chance of making your bid {value} percentage point below the "
                                              "better move")))
    name = "Jabberwocky"
    blurb = N_("Oh Hell with a twist of the dealer's hook: bid exactly how many tricks you will take.")
    min_players, max_players, default_players = 3, 5, 4
    deal_word = "round"
    rules = RULES
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("revoke", "strict", "'strict': only cards that follow suit are offered (the rules text "
               "shows the −3); 'table': a revoke is allowed and costs 3 points at the round's end.",
               choices=("strict", "table")),
        Option("trump_breaking", True, "True: trumps may not be led until broken (the seed); False: "
               "trumps may be led at any time (classic Oh Hell).", choices=(True, False)),
        Option("scoring", "seed", "'seed': 1 point for an exact bid; 'classic': 10 plus the bid.",
               choices=("seed", "classic")),
        Option("rounds", "full", "'full': 13 rounds of 3…9…3 cards; 'short': 3, 5, 7, 5, 3 for a class "
               "period; or your own list of card counts (1 to 9).", check=_check_rounds),
        first_dealer_option(),
        language_option(),
    )

    deal: Deal

    # ---- the match and its rounds ----
    def _setup(self) -> None:
        first = self.first_dealer_seat()
        rounds = self.options["rounds"]
        self.schedule: tuple[int, ...] = SCHEDULES[rounds] if isinstance(rounds, str) else tuple(rounds)
        self.first_dealer = first if first is not None else rng_for(self.seed, "jabberwocky-dealer").below(self.players)
        self.totals = [0] * self.players
        self.round_index = 0
        self.results: list[dict[str, Any]] = []
        self._over = False
        self._start_round()

    def _start_round(self) -> None:
        n, r = self.players, self.round_index
        size = self.schedule[r]
        dealer = (self.first_dealer + r) % n
        pack = stacked_pack(standard_52(), self.deck if r == 0 else None, self.seed,
                            "jabberwocky-deal", r, pack_name="52-card pack")
        hands, stock = deal_round_robin(pack, n, size, first=(dealer + 1) % n)
        turn_up = stock[0]
        self.deal = Deal([sorted(tricks.index(c) for c in h) for h in hands], dealer, tricks.index(turn_up),
                         strict=self.options["revoke"] == "strict", breaking=self.options["trump_breaking"])
        self._emit("deal", "jabberwocky.deal",
                   self.tr(agreeing(size, N_("Round {n} of {rounds}: {who} deals {size} card each."),
                                    N_("Round {n} of {rounds}: {who} deals {size} cards each.")),
                           n=r + 1, rounds=len(self.schedule), who=self.names[dealer], size=size),
                   seat=dealer, round=r + 1, size=size, dealer=dealer)
        self._emit("trump", "jabberwocky.trump",
                   self.tr(N_("The turned-up card is {card}: {suits} are trumps this round."), card=turn_up.symbol,
                           suits=self.suit_word(turn_up.suit)), seat=dealer, card=str(turn_up), trump=turn_up.suit)

    def suit_word(self, code: str) -> str:
        """``"hearts"`` in the game's language."""
        return self.tr(SUIT_WORDS_SAID[code])

    # ---- whose turn, what is legal ----
    def progress(self) -> Progress:
        return self.match_progress(len(self.schedule) if self._over else self.round_index + 1, len(self.schedule))

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=r["round"], points=list(r["points"]), how=None) for r in self.results]

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def _legal(self, seat: int) -> list[Action]:
        d = self.deal
        if d.phase == "bid":
            return [Action("bid", str(b)) for b in d.legal_bids()]
        return [PLAY[c] for c in d.legal_cards(seat)]

    def revokes_now(self, seat: int) -> list[str]:
        """Legal plays (table mode) that would be revokes: bots and the table warn about them."""
        d = self.deal
        if d.phase != "play" or seat != d.turn or not d.trick:
            return []
        proper = set(d.proper_cards(seat))
        return [str(Action.play(tricks.card(c))) for c in d.legal_cards(seat) if c not in proper]

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb == "bid":
            if (amount := read_number(act.arg)) is not None:
                return Action("bid", str(amount))
        elif isinstance(action, str) and (amount := read_number(action)) is not None:
            return Action("bid", str(amount))
        else:
            text = act.arg if act.verb == "play" else (action.strip() if isinstance(action, str) else "")
            try:
                c = parse_card(text)
                if c.suit in tricks.SUIT_INDEX:
                    return Action.play(c)
            except CardError:
                pass
        raise IllegalAction(self.tr(N_("{move} is not a Jabberwocky move: moves look like 'bid 2' or 'play 7H'."),
                                    move=quoted(str(action))),
                            "jabberwocky.bid" if act.verb == "bid" else "jabberwocky.follow")

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        d = self.deal
        if action.verb == "bid":
            if d.phase != "bid":
                return self.tr(N_("Bidding is over for this round: play a card.")), "jabberwocky.bid"
            amount = int(action.arg)
            if amount > d.size:
                return (self.tr(agreeing(d.size, N_("You may bid from 0 to {n}: there is only {n} trick this round."),
                                         N_("You may bid from 0 to {n}: there are only {n} tricks this round.")),
                                n=d.size), "jabberwocky.bid")
            others = sum(b for s, b in enumerate(d.bids) if s != d.dealer and b is not None)
            return (self.tr(N_("{who} is the dealer and the others have bid {others} in all: a bid of {amount} would "
                               "make the bids add up to {n}, the number of tricks. The dealer may not do that."),
                            who=self.names[seat], others=others, amount=amount, n=d.size), "jabberwocky.hook")
        if d.phase == "bid":
            return self.tr(N_("Everyone bids before the first card is played: make a bid.")), "jabberwocky.bid"
        c = tricks.index(action.card)
        if c not in d.hands[seat]:
            return self.tr(N_("{who} does not hold {card}."), who=self.names[seat], card=action.card.symbol), \
                "jabberwocky.follow"
        if d.trick:
            led = tricks.SUITS[d.led_suit or 0]
            return (self.tr(N_("You must follow suit: {suits} were led and you hold {cards}."),
                            suits=self.suit_word(led), cards=_some_of(d.hands[seat], d.led_suit)), "jabberwocky.follow")
        trump = tricks.SUITS[d.trump]
        return (self.tr(N_("Trumps ({symbol}) are not broken yet, so you may not lead one while you hold another "
                           "suit."), symbol=SUIT_SYMBOLS[trump]), "jabberwocky.trump_lead")

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        if action.verb == "bid":
            self._bid(seat, int(action.arg))
        else:
            self._play(seat, CARD_OF[action.arg])

    def _bid(self, seat: int, amount: int) -> None:
        d = self.deal
        said = N_("{who} bids {amount}.")
        no = None
        if seat == d.dealer:
            no = d.forbidden()
            said = N_("{who} bids {amount} (the dealer could not bid {no}).") if no is not None else \
                N_("{who} bids {amount} (the dealer was free).")
        d.bid(amount)
        self._emit("bid", "jabberwocky.bid", self.tr(said, who=self.names[seat], amount=amount, no=no),
                   seat=seat, bid=amount)
        if d.phase == "play":
            total = sum(b or 0 for b in d.bids)
            if total > d.size:
                done = agreeing(d.size, N_("The bids add up to {total}, more than the {n} trick: somebody must miss. "
                                           "{who} leads."),
                                N_("The bids add up to {total}, more than the {n} tricks: somebody must miss. "
                                   "{who} leads."))
            else:
                done = agreeing(d.size, N_("The bids add up to {total}, fewer than the {n} trick: somebody must "
                                           "miss. {who} leads."),
                                N_("The bids add up to {total}, fewer than the {n} tricks: somebody must miss. "
                                   "{who} leads."))
            self._emit("bids_done", "jabberwocky.hook", self.tr(done, total=total, n=d.size, who=self.names[d.turn]),
                       bids=[b for b in d.bids], total=total)

    def _play(self, seat: int, c: int) -> None:
        d = self.deal
        was_broken, revokes, leading = d.broken, d.revokes[seat], not d.trick
        the_card = tricks.card(c)
        winner = d.play(c)
        self._emit("play", "jabberwocky.lead" if leading else "jabberwocky.follow",
                   self.tr(N_("{who} plays {card}."), who=self.names[seat], card=the_card.symbol), seat=seat,
                   card=str(the_card))
        if d.revokes[seat] > revokes:
            self._emit("revoke", "jabberwocky.revoke",
                       self.tr(N_("{who} does not follow suit but could have: a revoke, −{points} at the end of the "
                                  "round."), who=self.names[seat], points=REVOKE_PENALTY), seat=seat, points=0)
        if d.broken and not was_broken:
            self._emit("broken", "jabberwocky.broken",
                       self.tr(N_("{card} is the first trump of the round: trumps are broken."), card=the_card.symbol),
                       seat=seat)
        if winner is not None:
            seats, cards, _ = d.done_tricks[-1]
            shown = ", ".join(f"{self.names[s]} {tricks.card(x).symbol}" for s, x in zip(seats, cards))
            won = d.won[winner]
            if is_you(self.names[winner]):  # "and now have": the verb is not next to the name
                said = agreeing(won, N_("{who} wins the trick ({cards}) and now have {n} trick."),
                                N_("{who} wins the trick ({cards}) and now have {n} tricks."))
            else:
                said = agreeing(won, N_("{who} wins the trick ({cards}) and now has {n} trick."),
                                N_("{who} wins the trick ({cards}) and now has {n} tricks."))
            self._emit("trick", "jabberwocky.trick", self.tr(said, who=self.names[winner], cards=shown, n=won),
                       seat=winner, cards=[str(tricks.card(x)) for x in cards], seats=list(seats))
            if d.phase == "done":
                self._end_round()

    def _end_round(self) -> None:
        d = self.deal
        scoring = self.options["scoring"]
        points = d.points(scoring)
        rule = "jabberwocky.score" if scoring == "seed" else "jabberwocky.score_classic"
        for s in range(self.players):
            bid, won = d.bids[s] or 0, d.won[s]
            exact = round_points(bid, won, 0, scoring)
            said = N_("{who} bid {bid} and took {won}: exactly right, +{exact}.") if exact else \
                N_("{who} bid {bid} but took {won}: no point.")
            self._emit("score", rule, self.tr(said, who=self.names[s], bid=bid, won=won, exact=exact), seat=s,
                       points=exact, bid=bid, won=won)
            if d.revokes[s]:
                self._emit("score", "jabberwocky.revoke",
                           self.tr(agreeing(d.revokes[s], N_("{who} revoked {n} time: −{points}."),
                                            N_("{who} revoked {n} times: −{points}.")), who=self.names[s],
                                   n=d.revokes[s], points=REVOKE_PENALTY * d.revokes[s]),
                           seat=s, points=-REVOKE_PENALTY * d.revokes[s])
            self.totals[s] += points[s]
        self.results.append({"round": self.round_index + 1, "size": d.size, "dealer": d.dealer,
                             "trump_card": str(tricks.card(d.turn_up)), "bids": list(d.bids),
                             "won": list(d.won), "revokes": list(d.revokes), "points": points})
        summary = ", ".join(f"{self.names[s]} {self.totals[s]}" for s in range(self.players))
        self._emit("round_end", rule, self.tr(N_("Round {n} is over. Scores: {summary}."), n=self.round_index + 1,
                                              summary=summary),
                   round=self.round_index + 1, points=0, round_points=points)
        self.round_index += 1
        if self.round_index < len(self.schedule):
            self._start_round()
            return
        self._over = True
        best = max(self.totals)
        winners = [s for s in range(self.players) if self.totals[s] == best]
        if len(winners) > 1:
            said = agreeing(best, N_("The game is over: {who} share the win with {n} point."),
                            N_("The game is over: {who} share the win with {n} points."))
        else:
            said = agreeing(best, N_("The game is over: {who} wins with {n} point."),
                            N_("The game is over: {who} wins with {n} points."))
        self._emit("game_end", "jabberwocky.end",
                   self.tr(said, who=join([self.names[s] for s in winners], self.tr(N_("and"))), n=best),
                   winners=winners, scores=list(self.totals))

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        d = self.deal
        show = lambda c: str(tricks.card(c))  # noqa: E731
        trump = tricks.SUITS[d.trump]
        return {
            **self.view_header(seat),
            "phase": "over" if self._over else d.phase,
            "hand": [show(c) for c in sorted(d.hands[seat], key=_hand_order)],
            "hand_sizes": [len(h) for h in d.hands],
            "trump": trump,
            "trump_card": show(d.turn_up),
            "bids": list(d.bids),
            "forbidden_bid": d.forbidden(),
            "tricks_won": list(d.won),
            "trick": [[s, show(c)] for s, c in zip(d.trick_seats, d.trick)],
            "led_suit": None if d.led_suit is None else tricks.SUITS[d.led_suit],
            "trump_broken": d.broken,
            "tricks_played": [{"seats": list(s), "cards": [show(c) for c in cs], "winner": w}
                              for s, cs, w in d.done_tricks],
            "revokes": list(d.revokes),
            "round": self.round_index + 1 if not self._over else len(self.schedule),
            "rounds_total": len(self.schedule),
            "schedule": list(self.schedule),
            "cards_this_round": d.size,
            "dealer": d.dealer,
            "scores": self.scores,
            "results": [dict(r) for r in self.results],
            "current_player": self.current_player,
            "is_over": self._over,
            "legal": [str(a) for a in self.legal_actions(seat)],
            "revoke_plays": self.revokes_now(seat),
        }


#: The suits as a sentence names them (the catalog's words: "copas" in Portuguese).
SUIT_WORDS_SAID = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def _hand_order(c: int) -> tuple[int, int]:
    """Hands are shown by suit (♠ ♥ ♣ ♦ alternate colours), high cards first."""
    return ((0, 1, 3, 2)[c // 13], -(c % 13))


def _some_of(hand: Sequence[int], suit: int | None) -> str:
    cards = [tricks.card(c).symbol for c in hand if c // 13 == suit]
    return " ".join(cards)
