"""Injun, or Indian poker (seed 001; docs/rules/injun.md).

Everyone antes, gets one card and holds it up so that all the others can see it, but
never looks at it. Then you bet on a card you cannot see, from the cards you can. The
highest card takes the pot; so does the last player left when everyone else drops out.
Two ways of betting: poker style (fold, call, raise) and brag style (a chip a turn until
two remain, then quit or pay two chips to see). Chips carry over from deal to deal.

The play of one deal lives in :class:`Deal`, which has no narration, so search can copy it
and play it out; :class:`Injun` wraps it with what a learner reads and carries the chips
from deal to deal.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from ..betting import PokerRound, Pot, amount_menu, build_pots, pots_by_level, seats_from, split_pot
from ..cards import ACE, Card, parse_card, standard_52
from ..dealing import stacked_pack
from ..notation import quoted, read_number
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, OptionError, Progress, Rule, Rulebook,
                       TakesTurns, ViewHeader, first_dealer_option, language_option)
from ..shuffle import shuffled
from ..words import agreeing, inside, is_you, join
from .. import claims
from ..i18n import N_
from ..review_thresholds import Thresholds

SEE_COST = 2  # seed: "pagará para ver", putting two chips in the pot
BRAG_CHIP = 1  # seed: "cada jogador, na sua vez, coloca uma ficha"
_PACK = standard_52()

RULES = Rulebook([
    Rule("injun.pack", N_("A standard pack of 52 cards. Aces are high, then King, Queen, Jack, 10 … 2; "
            "the suits are all equal.")),
    Rule("injun.first_dealer", N_("To choose the first dealer, each player draws a card in turn: the first "
            "to draw an Ace deals.")),
    Rule("injun.pass_deal", N_("After each deal the deal passes to the left, to the next player still in "
            "the game.")),
    Rule("injun.ante", N_("Before the deal every player, the dealer too, puts the agreed ante into the "
            "middle: that starts the pot.")),
    Rule("injun.deal", N_("The dealer shuffles last and the player on his right cuts. Then one card each, "
            "face down, clockwise from the dealer's left.")),
    Rule("injun.forehead", N_("Nobody may see his own card. You hold it up (on your forehead) so that "
            "everyone else sees it, and you bet on the cards you can see. Looking at your own card folds "
            "it; at Parlour's table your card is simply never shown to you.")),
    Rule("injun.turns", N_("Betting starts with the dealer's left and goes clockwise. Betting is compulsory: "
            "a player who will not bet drops out.")),
    Rule("injun.fold", N_("A player who drops out (folds) leaves his card face down and can no longer win "
            "the pot; the chips he put in stay there.")),
    Rule("injun.poker_bet", N_("Poker style: the first player opens with a bet of any size (or folds). Each "
            "player after him folds, calls (puts in enough to match the highest bet) or raises (puts in more "
            "than that). The betting ends when every player still in has matched the last raise.")),
    Rule("injun.seed_betting", N_("Poker style, as the old Portuguese rules describe it (variant): each player "
            "in turn must raise the previous player's bet or drop out, and the first player who merely matches "
            "it ends the betting "
            "at once. Everyone not dropped goes to the showdown with what he has put in: each level of bets makes "
            "a pot that only those who reached it can win, as with all-in side pots.")),
    Rule("injun.min_raise", N_("A bet or a raise is at least the agreed minimum (1 chip unless agreed "
            "otherwise).")),
    Rule("injun.max_raise", N_("When a limit is agreed, no bet or raise may be bigger than it.")),
    Rule("injun.chips", N_("You cannot bet chips you do not have.")),
    Rule("injun.all_in", N_("Poker style: a player who cannot match the highest bet may call with all his "
            "chips (all in). He can win only what he matched from each player; the chips above that form a "
            "side pot for the others.")),
    Rule("injun.brag_chip", N_("Brag style: on your turn you put in one chip or drop out, until only two "
            "players are left betting.")),
    Rule("injun.brag_two", N_("Brag style: the last two go on a chip a turn until one quits (the other wins "
            "without showing his card) or one pays two chips to see.")),
    Rule("injun.brag_see", N_("Paying to see costs two chips, and only the last two players may do it. Then "
            "the cards are shown: the higher card wins, and equal cards share.")),
    Rule("injun.brag_cap", N_("Brag style: a player who runs out of chips shows his card to the others once "
            "more and lays it on the pot. He bets no more and is not one of \"the two\". Later bets go into a "
            "second pot: the first pot is contested by the two who went on and him, the second by the two only.")),
    Rule("injun.last_player", N_("If everyone else drops out, the last player wins the pot without showing "
            "his card, even if it is not the highest.")),
    Rule("injun.showdown", N_("At the showdown every card is turned up and the highest card wins the pot. "
            "Suits do not count: equal cards share the pot.")),
    Rule("injun.odd_chip", N_("When a shared pot does not divide evenly, the odd chip goes to the first tied "
            "player to the left of the dealer (a Parlour choice; the variant 'next_pot' keeps it for the next "
            "deal's pot).")),
    Rule("injun.reveal", N_("When a deal ends without a showdown, Parlour turns every card up afterwards so "
            "that you can see what you were holding. It changes nothing.")),
    Rule("injun.sit_out", N_("A player who cannot pay the ante sits out the following deals.")),
    Rule("injun.session", N_("Chips carry over from deal to deal. The game ends when only one player can "
            "still pay the ante, or after the agreed number of deals; the most chips wins.")),
])


def rank_value(card: Card) -> int:
    """Aces high: 14, King 13 … 2."""
    return 14 if card.rank == ACE else card.rank


def _positive_int(value: Any) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
    return None if ok else "a whole number, 1 or more"


def _chips_option(value: Any) -> str | None:
    if isinstance(value, (list, tuple)):
        ok = all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
        return None if ok else "a list of whole numbers of chips, one per seat"
    return _positive_int(value)


def _none_or_positive(value: Any) -> str | None:
    return None if value is None else _positive_int(value)


#: The longest game, in deals: a game played "until one player has all the chips" can otherwise run for
#: thousands of deals (with 11-15 players and one-chip raises, random play took 60,000 moves), longer than
#: any learner stays at a table. The most chips after this many deals win, as after any agreed number.
LONGEST_GAME = 100


def _deal_limit(value: Any) -> str | None:
    """``max_deals``: None, or 1 to :data:`LONGEST_GAME` deals."""
    if value is None:
        return None
    return _positive_int(value) or (f"a game lasts {LONGEST_GAME} deals at most" if value > LONGEST_GAME else None)


def deck_for(cards: Sequence[str | None], dealer: int) -> list[str]:
    """The ``deck=`` that deals ``cards[seat]`` to each seat when ``dealer`` deals the first deal.

    Tests and lessons use it to set up a chosen deal (None leaves a seat's card to the shuffle
    only when it is the last to be dealt).
    """
    n = len(cards)
    out = []
    for seat in seats_from((dealer + 1) % n, n):
        card = cards[seat]
        if card is None:
            break
        out.append(card)
    return out


def sits_in(chips: int, ante: int) -> bool:
    """Can a player with ``chips`` pay the ante? Those who cannot sit out (docs/rules/injun.md#injun.sit_out)."""
    return chips >= ante


FOLD, CALL, CHIP, SEE = Action("fold"), Action("call"), Action("chip"), Action("see")
_BRAG_MOVES = (FOLD, CHIP)
_BRAG_MOVES_SEE = (FOLD, CHIP, SEE)


class Award(NamedTuple):
    """How one pot went at the end of a deal: its winners (none: it stays in the middle), the chips each
    took, and the odd chips kept back for the next deal."""

    pot: Pot
    winners: tuple[int, ...]
    shares: dict[int, int]
    kept: int


class Deal:
    """One deal of Injun with no narration: the antes, one card each, the betting, the pots settled.

    The lean path that search copies and plays out; :class:`Injun` wraps it with the events a learner
    reads and carries the chips from deal to deal. Moves are :class:`Action` (``fold``, ``call``,
    ``bet N`` / ``raise N`` with N chips above the highest bet, ``chip``, ``see``); :meth:`apply` trusts
    them (the narrated game checks). ``chips`` are in front of each player, ``contrib`` what each has
    put in this deal (antes too), ``carry`` odd chips left in the middle by the last deal. Once the
    deal is over (``phase`` "done") the pots have been paid into ``chips``, ``awards`` say how,
    ``showdown`` whether cards were compared, and :meth:`points` what each seat won or lost.
    """

    __slots__ = ("players", "style", "seed_betting", "ante", "min_raise", "max_raise", "keep_odd", "dealer",
                 "dealt_in", "cards", "chips", "contrib", "carry", "folded", "all_in", "round", "turn",
                 "last_actor", "phase", "awards", "showdown", "won")

    #: Nothing: a view shows every card but the seat's own, the chips, and the deal's moves, from which
    #: :meth:`from_view` replays the betting (who must still answer the last raise, and in what order).
    NOT_IN_VIEW: tuple[str, ...] = ()

    def __init__(self, options: Mapping[str, Any], chips: Sequence[int], cards: Sequence[Card | None],
                 dealer: int, carry: int = 0) -> None:
        """A deal just dealt: ``cards[seat]`` is None for a seat sitting out. Every seat dealt in antes."""
        n = self.players = len(chips)
        self.style: str = options["style"]
        self.seed_betting = self.style == "poker" and options["betting"] == "seed"
        self.ante: int = options["ante"]
        self.min_raise: int = options["min_raise"]
        self.max_raise: int | None = options["max_raise"]
        self.keep_odd = options["odd_chip"] == "next_pot"
        self.dealer = dealer
        self.cards = list(cards)
        self.dealt_in = [c is not None for c in self.cards]
        self.chips = list(chips)
        self.contrib = [0] * n
        self.carry = carry
        self.folded = [False] * n
        self.all_in = [False] * n
        self.turn: int | None = None
        self.last_actor = dealer
        self.phase = "betting"
        self.awards: list[Award] = []
        self.showdown = False
        self.won: list[int] = []
        for seat in seats_from((dealer + 1) % n, n):
            if self.dealt_in[seat]:
                self._pay(seat, self.ante)
                self.all_in[seat] = self.chips[seat] == 0
        self.round = PokerRound.start(n, (dealer + 1) % n, self._can_act()) if self.style == "poker" else None
        self._move_on()

    @classmethod
    def dealt(cls, options: Mapping[str, Any], chips: Sequence[int], dealer: int, pack: Sequence[Card],
              carry: int = 0) -> Deal:
        """A new deal from ``pack`` (top card first): one card each, clockwise from the dealer's left, to
        every seat that can pay the ante."""
        n = len(chips)
        cards: list[Card | None] = [None] * n
        order = [s for s in seats_from((dealer + 1) % n, n) if sits_in(chips[s], options["ante"])]
        for card, seat in zip(pack, order):
            cards[seat] = card
        return cls(options, chips, cards, dealer, carry)

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.players, d.style, d.seed_betting, d.ante = self.players, self.style, self.seed_betting, self.ante
        d.min_raise, d.max_raise, d.keep_odd, d.dealer = self.min_raise, self.max_raise, self.keep_odd, self.dealer
        d.dealt_in, d.cards, d.chips, d.contrib = self.dealt_in, self.cards[:], self.chips[:], self.contrib[:]
        d.carry, d.folded, d.all_in = self.carry, self.folded[:], self.all_in[:]
        d.round = None if self.round is None else self.round.copy()
        d.turn, d.last_actor, d.phase = self.turn, self.last_actor, self.phase
        d.awards, d.showdown, d.won = self.awards, self.showdown, self.won  # replaced, never changed, by settle()
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int = 0) -> Deal:
        """The deal as ``view``'s seat sees it, its own card being the first of ``sampled_hidden`` (the
        cards :func:`unseen` lists; the others are the pack not dealt, which plays no part in a deal).

        The deal is rebuilt as it was dealt (each player's chips before the ante are his chips and what
        he has put in; the pot's remainder is the odd chips carried in), then the view's moves are
        replayed. ``seed`` is unused: nothing in a deal is shuffled after the deal."""
        if view["revealed"]:  # the game is over: the last deal, settled
            d = cls.start_of(view, sampled_hidden)
            d.chips, d.contrib, d.carry = list(view["chips"]), [0] * d.players, view["pot_total"]
            d.folded, d.all_in = list(view["folded"]), list(view["all_in"])
            d.turn, d.phase = None, "done"
            result = view["last_result"]
            d.won, d.showdown = list(result["won"]), bool(result["showdown"])
            return d
        d = cls.start_of(view, sampled_hidden)
        for seat, action in view["actions"]:
            d.apply(int(seat), read_action(action))
        return d

    @classmethod
    def start_of(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card]) -> Deal:
        """The deal ``view`` shows as it stood when it was dealt, before anyone bet (:meth:`from_view`)."""
        me = view["seat"]
        cards: list[Card | None] = [None if c is None else parse_card(c) for c in view["cards"]]
        if view["in_deal"][me] and cards[me] is None:
            if not sampled_hidden:
                raise ValueError("no hidden card to place in the seat's own hand")
            cards[me] = sampled_hidden[0]
        chips = [view["chips"][s] + view["contributed"][s] for s in range(view["players"])]
        return cls(view["options"], chips, cards, view["dealer"], view["pot_total"] - sum(view["contributed"]))

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's hand as the other games hold theirs: its one card, or none for a seat sitting out."""
        return [[] if c is None else [c] for c in self.cards]

    # ---- chips and pots ----
    @property
    def pot_total(self) -> int:
        return sum(self.contrib) + self.carry

    def pots(self, showdown: bool = False) -> list[Pot]:
        """The pots as they stand: the main pot (with any odd chips carried in) and side pots.

        At the showdown of the seed's betting every level of bets makes its own pot (injun.seed_betting).
        """
        if showdown and self.seed_betting:
            pots = pots_by_level(self.contrib, self._live())
        else:
            pots = build_pots(self.contrib, self._live(), self.all_in)
        if self.carry:
            if pots:
                pots[0] = Pot(pots[0].amount + self.carry, pots[0].eligible)
            else:
                pots = [Pot(self.carry, ())]
        return pots

    def _pay(self, seat: int, chips: int) -> None:
        self.chips[seat] -= chips
        self.contrib[seat] += chips

    def _live(self) -> list[bool]:
        return [d and not f for d, f in zip(self.dealt_in, self.folded)]

    def _can_act(self) -> list[bool]:
        return [d and not f and not a for d, f, a in zip(self.dealt_in, self.folded, self.all_in)]

    def bettors(self) -> list[int]:
        """Players still betting: in the deal, not folded, with chips left."""
        dealt_in, folded, all_in = self.dealt_in, self.folded, self.all_in
        return [s for s in range(self.players) if dealt_in[s] and not folded[s] and not all_in[s]]

    @property
    def high(self) -> int:
        """Poker: the highest bet of the round (0 in brag)."""
        return max(self.round.bets) if self.round is not None else 0

    def to_call(self, seat: int) -> int:
        return self.round.to_call(seat) if self.round is not None else 0

    def raise_range(self, seat: int) -> range:
        """Poker: the raises (or opening bets) ``seat`` may make, in chips above the highest bet."""
        if not any(s != seat for s in self.bettors()):
            return range(0)  # nobody could answer a raise
        most = self.chips[seat] - self.to_call(seat)
        if self.max_raise is not None:
            most = min(most, self.max_raise)
        return range(self.min_raise, most + 1)

    def can_see(self, seat: int) -> bool:
        """Brag: only the last two players may pay to see, with the chips for it."""
        return len(self.bettors()) == 2 and self.chips[seat] >= SEE_COST

    # ---- whose turn, what is legal ----
    def to_act(self) -> list[int]:
        return [] if self.turn is None else [self.turn]

    def legal(self, seat: int) -> list[Action]:
        """The moves of ``seat``, whose turn it is; bets and raises as a bounded menu of amounts."""
        if self.round is not None:
            high = self.round.high
            amounts = self.raise_range(seat)
            menu = amount_menu(amounts.start, amounts.stop - 1) if amounts else []
            verb = "raise" if high else "bet"
            return [FOLD, CALL, *(Action(verb, str(n)) for n in menu)] if high else \
                [FOLD, *(Action(verb, str(n)) for n in menu)]
        return list(_BRAG_MOVES_SEE if self.can_see(seat) else _BRAG_MOVES)

    def allows(self, seat: int, action: Action) -> bool:
        """The move list offers a bounded menu of amounts; any amount in the raise range is legal."""
        if self.round is not None and action.verb in ("bet", "raise"):
            return action.verb == ("raise" if self.round.high else "bet") and int(action.arg) in self.raise_range(seat)
        return action in self.legal(seat)

    def cost(self, seat: int, action: Action) -> int:
        """The chips ``action`` puts in the pot (a short call: all the chips left)."""
        verb = action.verb
        if verb == "call":
            return min(self.to_call(seat), self.chips[seat])
        if verb in ("bet", "raise"):
            return self.to_call(seat) + int(action.arg)
        return BRAG_CHIP if verb == "chip" else SEE_COST if verb == "see" else 0

    # ---- a move ----
    def apply(self, seat: int, action: Action) -> None:
        """Make a legal move (unchecked) and move on: the next player's turn, or the pots settled."""
        self.last_actor = seat
        verb = action.verb
        if verb == "fold":
            self.folded[seat] = True
            if self.round is not None:
                self.round.drop(seat)
            self._move_on()
            return
        chips = self.cost(seat, action)
        self._pay(seat, chips)
        if verb == "see":  # the cards are shown at once
            self.settle()
            return
        rnd = self.round
        if rnd is not None:
            rnd.put_in(seat, chips)
            if verb == "call":
                rnd.answered(seat)
                if self.seed_betting:  # the first player who just matches ends the betting
                    rnd.close()
        if self.chips[seat] == 0:
            self.all_in[seat] = True
        if rnd is not None and verb != "call":
            rnd.reopened(seat, self._can_act())
        self._move_on()

    def betting_over(self) -> bool:
        live = bettors = 0
        for dealt, folded, all_in in zip(self.dealt_in, self.folded, self.all_in):
            if dealt and not folded:
                live += 1
                bettors += not all_in
        if live <= 1:
            return True
        rnd = self.round
        if rnd is None:
            return bettors <= 1
        if not rnd.pending:
            return True
        return bettors <= 1 and all(rnd.to_call(s) == 0 for s in rnd.pending)

    def _move_on(self) -> None:
        if self.betting_over():
            self.settle()
        elif self.round is not None:
            self.turn = self.round.pending[0]
        else:
            can = self._can_act()
            n = self.players
            self.turn = next(s for s in seats_from((self.last_actor + 1) % n, n) if can[s])

    # ---- the end of the deal ----
    def settle(self) -> None:
        """Show down now (or pay the last player in): every pot to its winners, as the rules share it."""
        n = self.players
        self.turn = None
        self.phase = "done"
        pots = self.pots(showdown=True)
        before = [self.chips[s] + self.contrib[s] for s in range(n)]
        self.showdown = any(len(p.eligible) >= 2 for p in pots)
        self.carry = 0
        self.awards = [self._award(pot) for pot in pots]
        self.contrib = [0] * n
        self.won = [self.chips[s] - before[s] for s in range(n)]

    def _award(self, pot: Pot) -> Award:
        eligible = pot.eligible
        if not eligible:  # only odd chips carried in, and nobody left to win them: keep them in the middle
            self.carry += pot.amount
            return Award(pot, (), {}, 0)
        if len(eligible) == 1:
            self.chips[eligible[0]] += pot.amount
            return Award(pot, eligible, {eligible[0]: pot.amount}, 0)
        values = {s: rank_value(c) for s in eligible if (c := self.cards[s]) is not None}
        best = max(values.values())
        winners = tuple(s for s in eligible if values.get(s) == best)
        shares, odd = split_pot(pot.amount, winners, self.dealer, self.players, keep_odd=self.keep_odd)
        for s, chips in shares.items():
            self.chips[s] += chips
        self.carry += odd
        return Award(pot, winners, shares, odd)

    def points(self) -> list[int]:
        """Chips each seat won (or lost, antes included) in this deal, once it is over."""
        return list(self.won)


def read_action(text: str) -> Action:
    """A move as a view's ``actions`` list writes it ("raise 3", "fold")."""
    verb, _, arg = text.partition(" ")
    return Action(verb, arg)


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :meth:`Deal.from_view` places them: its own
    card (while the cards are not turned up), then the pack not dealt (the proof that from_view rebuilds the deal)."""
    own = deal.cards[view["seat"]]
    dealt = {c for c in deal.cards if c is not None}
    return ([own] if own is not None and deal.phase != "done" else []) + [c for c in _PACK if c not in dealt]


def unseen(view: Mapping[str, Any]) -> list[Card]:
    """The cards ``view``'s seat cannot see: its own card (until the cards are turned up) and the pack
    not dealt; every card it can see is another player's."""
    mine_shown = view["revealed"]
    seen = {parse_card(c) for s, c in enumerate(view["cards"]) if c is not None and (s != view["seat"] or mine_shown)}
    return [c for c in _PACK if c not in seen]


class InjunView(ViewHeader):
    """Every key of ``Injun.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    style: str
    cards: list[str | None]
    in_deal: list[bool]
    folded: list[bool]
    all_in: list[bool]
    chips: list[int]
    contributed: list[int]
    round_bets: list[int]
    high_bet: int
    to_call: int
    raise_range: list[int] | None
    pots: list[dict[str, Any]]
    pot_total: int
    ante: int
    see_cost: int
    bettors: list[int]
    actions: list[list[Any]]
    revealed: bool
    last_result: dict[str, Any] | None
    scores: list[int]
    dealer: int
    deal_number: int
    max_deals: int | None
    current_player: int | None
    is_over: bool
    legal: list[str]

class Injun(TakesTurns, Game):
    id = "injun"
    view_type = InjunView
    short_match = {"max_deals": 2}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 238 decisions, 53% cost anything (mostly within the noise); q90 0.97, q95 4.2, q99 6.6 chips
    review_thresholds = Thresholds(1, 4, 7, claims.fact(
        "review.loss.injun", N_("{value} chips below the better move, as expected if the others bet as the "
                                "medium bot does, with one move in ten at random")), N_("chips"), N_("chip"),
        loss_one=claims.fact("review.loss.injun.one", N_("{value} chip below the better move, as expected if the "
                                                         "others bet as the medium bot does, with one move in ten "
                                                         "at random")))
    name = "Injun"
    blurb = N_("Indian poker: everyone sees your card but you. Bet on the one card you cannot see, "
               "poker style or brag style.")
    min_players, max_players, default_players = 2, 15, 4
    rules = RULES
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("style", "poker", "How the betting goes: 'poker' (open, call, raise) or 'brag' (a chip a turn "
               "until two remain, then quit or pay two to see). The seed gives both.", choices=("poker", "brag")),
        Option("betting", "standard", "Poker style: 'standard' (the betting ends when everyone still in has "
               "matched the last raise) or 'seed' (the seed's words: the first player who just matches ends it at "
               "once, and the others show down with what they put in). Brag style always bets as the seed says.",
               choices=("standard", "seed")),
        Option("starting_chips", 20, "Chips each player starts the game with, or a list with each seat's chips "
               "(to go on from an earlier game).", check=_chips_option),
        Option("ante", 1, "Chips each player puts in before every deal.", check=_positive_int),
        Option("max_deals", 10, f"The game ends after this many deals, {LONGEST_GAME} at most (None: play until "
               f"only one player can pay the ante, or {LONGEST_GAME} deals have been played).", check=_deal_limit),
        Option("min_raise", 1, "Poker style: the smallest opening bet or raise, in chips (the seed's example "
               "raises by 2 and 5 after a bet of 20, so any raise of a chip or more).", check=_positive_int),
        Option("max_raise", None, "Poker style: the largest bet or raise (None: any size, as the seed says).",
               check=_none_or_positive),
        Option("odd_chip", "left_of_dealer", "Where the odd chip of a shared pot goes: 'left_of_dealer' "
               "(docs/rules/injun.md#injun.odd_chip) or 'next_pot' (it stays in the middle for the next deal).",
               choices=("left_of_dealer", "next_pot")),
        first_dealer_option("The seat that deals first; None draws for the first Ace with the seed."),
        language_option(),
    )

    deal: Deal

    # ---- the game ----
    def _setup(self) -> None:
        o = self.options
        self.first_dealer_seat()
        start = o["starting_chips"]
        chips = list(start) if isinstance(start, (list, tuple)) else [start] * self.players
        if len(chips) != self.players:
            raise OptionError(f"starting_chips= lists {len(chips)} seats; this game has {self.players}")
        if sum(sits_in(c, o["ante"]) for c in chips) < 2:
            raise OptionError(f"ante={o['ante']}: at least two players must have the chips to pay it")
        if o["max_raise"] is not None and o["max_raise"] < o["min_raise"]:
            raise OptionError(f"max_raise={o['max_raise']} is below min_raise={o['min_raise']}")
        if self.deck is not None and len(self.deck) > 52:
            raise OptionError(f"deck= lists {len(self.deck)} cards; the pack has 52")
        self.deal_number = 0
        self._over = False
        self.last_result: dict[str, Any] | None = None
        first = o["first_dealer"]
        self.first_dealer = first if first is not None else self._draw_for_dealer()
        self._start_deal(chips, 0)

    def _draw_for_dealer(self) -> int:
        """Seed: each player draws a card and the one who draws an Ace deals (narrated)."""
        drawn = []
        for k, card in enumerate(shuffled(standard_52(), self.seed, "injun-first-dealer")):
            seat = k % self.players
            drawn.append(f"{self.names[seat]} {card.symbol}")
            if card.rank == ACE:
                message = N_("Drawing for the deal: {cards}. You draw the first Ace and deal.") \
                    if is_you(self.names[seat]) else N_("Drawing for the deal: {cards}. {who} draws the first Ace and "
                                                         "deals.")
                self.narrate("draw_dealer", "injun.first_dealer", message, seat=seat, data={"dealer": seat},
                             cards=", ".join(drawn), who=self.names[seat])
                return seat
        raise AssertionError("a 52-card pack holds four Aces")  # pragma: no cover

    # ---- the deal in play (its state lives in ``self.deal``) ----
    @property
    def revealed(self) -> bool:
        """The cards are turned up once the deal is settled (the game's last deal: the next one starts at once)."""
        return self.deal.phase == "done"

    def in_game(self, seat: int) -> bool:
        """Can ``seat`` pay the ante? Those who cannot sit out (docs/rules/injun.md#injun.sit_out)."""
        return sits_in(self.deal.chips[seat], self.deal.ante)

    # ---- a deal ----
    def _start_deal(self, chips: list[int], carry: int) -> None:
        n = self.players
        dealt_in = [sits_in(c, self.options["ante"]) for c in chips]
        start = self.first_dealer if self.deal_number == 0 else (self.deal.dealer + 1) % n
        dealer = next(s for s in seats_from(start, n) if dealt_in[s])
        pack = stacked_pack(standard_52(), self.deck if self.deal_number == 0 else None,
                            self.seed, "injun-deal", self.deal_number, pack_name="52-card pack")
        self.deal = Deal.dealt(self.options, chips, dealer, pack, carry)
        self.deal_actions: list[tuple[int, str]] = []
        self.deal_start_event = len(self._events)
        order = [s for s in seats_from((dealer + 1) % n, n) if dealt_in[s]]
        cutter = next(s for s in reversed(seats_from(dealer, n)) if dealt_in[s] and s != dealer)
        out = [self.names[s] for s in range(n) if not dealt_in[s]]
        sitting = "" if not out else self.tr(" {who} sits out: no chips for the ante.", who=out[0]) \
            if len(out) == 1 else self.tr(" {names} sit out: no chips for the ante.", names=join(out, self.tr("and")))
        deal = self.tr("Deal {n} of {total}", n=self.deal_number + 1, total=self.options["max_deals"]) \
            if self.options["max_deals"] else self.tr("Deal {n}", n=self.deal_number + 1)
        self.narrate("deal", "injun.deal", "{deal}: {dealer} shuffles, {cutter} cuts, and {dealer_in} deals one card "
                     "face down to each of the {k} players. Nobody may look at their own card: each holds it up for "
                     "the others to see.{sitting}", seat=dealer,
                     data={"deal": self.deal_number, "dealer": dealer, "players_in": order}, deal=deal,
                     dealer=self.names[dealer], cutter=inside(self.names[cutter]),
                     dealer_in=inside(self.names[dealer]), k=len(order), sitting=sitting)
        pot = carry + self.deal.ante * len(order)
        carried = self.tr(agreeing(carry, N_(" (with {n} odd chip left from the last deal)"),
                                   N_(" (with {n} odd chips left from the last deal)")), n=carry) if carry else ""
        self.narrate("ante", "injun.ante", agreeing(self.deal.ante, N_("Everyone in antes {n} chip: the pot holds "
                                                                        "{pot}{carried}."),
                                                    N_("Everyone in antes {n} chips: the pot holds {pot}{carried}.")),
                     data={"pot": pot}, n=self.deal.ante, pot=pot, carried=carried)
        for seat in order:
            if self.deal.all_in[seat]:
                self._run_out(seat, self.deal.ante)
        if self.deal.phase == "done":  # everyone but one is all in on the antes
            self._settle()

    def _run_out(self, seat: int, stake: int) -> None:
        if self.deal.style == "brag":
            message = N_("{who} has no chips left, so your card is shown to the others once more and laid on the "
                         "pot. {who} can win only this first pot ({stake} from each player); later bets go into a "
                         "second pot.") if is_you(self.names[seat]) else \
                N_("{who} has no chips left, so {who}'s card is shown to the others once more and laid on the pot. "
                   "{who} can win only this first pot ({stake} from each player); later bets go into a second pot.")
            self.narrate("cap", "injun.brag_cap", message, seat=seat, data={"stake": stake}, who=self.names[seat],
                         stake=self.chips_words(stake))
        else:
            self.narrate("all_in", "injun.all_in", "{who} is all in: {who} can win at most {stake} from each player.",
                         seat=seat, data={"stake": stake}, who=self.names[seat], stake=self.chips_words(stake))

    def chips_words(self, n: int) -> str:
        """``"1 chip"`` / ``"3 chips"`` in the game's language."""
        return self.tr(agreeing(n, N_("{n} chip"), N_("{n} chips")), n=n)

    # ---- whose turn, what is legal ----
    def progress(self) -> Progress:
        return self.match_progress(self.deal_number if self._over else self.deal_number + 1,
                                   self.options["max_deals"])

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=e.data["deal"] + 1, points=list(e.data["won"]), how=None)
                for e in self._events if e.kind == "deal_end"]

    @property
    def scores(self) -> list[int]:
        """Chips in front of each player (what is in the pot is not anyone's yet)."""
        return list(self.deal.chips)

    def _legal(self, seat: int) -> list[Action]:
        return self.deal.legal(seat)

    def _allows(self, seat: int, action: Action) -> bool:
        return self.deal.allows(seat, action)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        verb = {"quit": "fold", "drop": "fold", "pay": "see", "check": "call"}.get(act.verb, act.verb)
        if verb not in ("fold", "call", "bet", "raise", "chip", "see"):
            raise IllegalAction(self.tr("{move} is not an Injun move: moves are 'fold', 'call', 'bet N' and 'raise N' "
                                        "(poker style) or 'chip', 'see' and 'fold' (brag style).",
                                        move=quoted(str(action))), "injun.turns")
        arg = act.arg
        if verb in ("bet", "raise"):
            if (amount := read_number(arg, signed=True)) is None:
                raise IllegalAction(self.tr("{move}: say how many chips, like '{verb} 2'.", move=quoted(str(action)),
                                            verb=verb), "injun.poker_bet")
            arg = str(amount)
        elif verb == "see" and arg in ("2", "2 chips"):
            arg = ""
        elif arg:
            raise IllegalAction(self.tr("{move}: '{verb}' takes no amount.", move=quoted(str(action)), verb=verb),
                                "injun.turns")
        return Action(verb, arg)

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        d = self.deal
        who = self.names[seat]
        if d.style == "brag":
            if action.verb in ("bet", "raise", "call"):
                return (self.tr("This game uses brag-style betting: put in one chip ('chip'), drop out ('fold'), or, "
                                "when only two are left, pay two chips to see ('see')."), "injun.brag_chip")
            if len(d.bettors()) > 2:
                return (self.tr("Only the last two players may pay to see; {n} are still betting, so put in a chip or "
                                "drop out.", n=len(d.bettors())), "injun.brag_see")
            return (self.tr("Paying to see costs {cost} chips and {who} has only {chips}.", cost=SEE_COST, who=who,
                            chips=d.chips[seat]), "injun.chips")
        assert d.round is not None
        if action.verb in ("chip", "see"):
            return (self.tr("This game uses poker-style betting: fold, call, bet or raise."),
                    "injun.poker_bet")
        high = d.round.high
        if action.verb == "call":
            return (self.tr("Nobody has bet yet, so there is nothing to call: bet, or fold."),
                    "injun.poker_bet")
        least = self.options["min_raise"]
        if action.verb == "bet" and high:
            return (self.tr("There is already a bet of {high}: call it, or raise by {least} or more ({total} in all).",
                            high=high, least=least, total=high + least), "injun.poker_bet")
        if action.verb == "raise" and not high:
            return self.tr("Nobody has bet yet: bet {n} instead.", n=action.arg), "injun.poker_bet"
        n = int(action.arg)
        if not any(s != seat for s in d.bettors()):
            return (self.tr("Everyone else is all in or out: nobody could answer a raise, so call or fold."),
                    "injun.all_in")
        if n < least:
            message = agreeing(least, N_("A bet must be at least {n} chip."), N_("A bet must be at least {n} chips.")) \
                if action.verb == "bet" else agreeing(least, N_("A raise must be at least {n} chip."),
                                                      N_("A raise must be at least {n} chips."))
            return self.tr(message, n=least), "injun.min_raise"
        limit = self.options["max_raise"]
        if limit is not None and n > limit:
            message = N_("The limit is {limit} chips for a bet: {n} is too many.") if action.verb == "bet" else \
                N_("The limit is {limit} chips for a raise: {n} is too many.")
            return self.tr(message, limit=limit, n=n), "injun.max_raise"
        need = d.to_call(seat) + n
        calling = self.tr(" ({call} to call and {n} more)", call=d.to_call(seat), n=n) if d.to_call(seat) else ""
        return (self.tr("That needs {need} chips{calling}, and {who} has only {chips}.", need=need, calling=calling,
                        who=who, chips=d.chips[seat]), "injun.chips")
    # ---- a move: the deal makes it, the game tells it ----
    def _apply(self, seat: int, action: Action) -> None:
        self.deal_actions.append((seat, str(action)))
        d = self.deal
        paid, owed, stake = d.cost(seat, action), d.to_call(seat), d.contrib[seat]
        two = len(d.bettors()) == 2
        pot = d.pot_total + paid  # the pot once this move's chips are in (before any settling)
        was_out = d.all_in[seat]
        d.apply(seat, action)
        if self.deal.style == "poker":
            self._tell_poker(seat, action, paid, owed, pot)
        else:
            self._tell_brag(seat, action, two, pot)
        if d.all_in[seat] and not was_out:
            self._run_out(seat, stake + paid)
        if d.phase == "done":
            self._settle()

    def _tell_poker(self, seat: int, action: Action, chips: int, owed: int, pot: int) -> None:
        who = self.names[seat]
        if action.verb == "fold":
            self.narrate("fold", "injun.fold", "{who} folds, leaving the card face down.", seat=seat,
                         data={"pot": pot}, who=who)
        elif action.verb == "call":
            short = "" if chips >= owed else self.tr(" (all your chips left, {owed} were needed)", owed=owed) \
                if is_you(who) else self.tr(" (all the chips left, {owed} were needed)", owed=owed)
            ends = self.tr(" That ends the betting at once: everyone still in shows down with what they have put "
                           "in.") if self.deal.seed_betting else ""
            self.narrate("call", "injun.seed_betting" if self.deal.seed_betting else "injun.poker_bet",
                         "{who} calls {chips}{short}: the pot holds {pot}.{ends}", seat=seat,
                         data={"chips": chips, "pot": pot}, who=who, chips=chips, short=short, pot=pot, ends=ends)
        else:
            n = int(action.arg)
            assert self.deal.round is not None
            data = {"chips": chips, "raised": n, "pot": pot}
            if action.verb == "bet":
                self.narrate("bet", "injun.poker_bet", "{who} opens with a bet of {chips}: the pot holds {pot}.",
                             seat=seat, data=data, who=who, chips=chips, pot=pot)
            else:
                self.narrate("raise", "injun.poker_bet", "{who} raises by {n} to {total}: the pot holds {pot}.",
                             seat=seat, data=data, who=who, n=n, total=self.deal.round.bets[seat], pot=pot)

    def _tell_brag(self, seat: int, action: Action, two: bool, pot: int) -> None:
        who = self.names[seat]
        if action.verb == "fold":
            if two:
                self.narrate("fold", "injun.brag_two", "{who} quits, leaving the card face down.", seat=seat,
                             data={"pot": pot}, who=who)
            else:
                self.narrate("fold", "injun.fold", "{who} drops out, leaving the card face down.", seat=seat,
                             data={"pot": pot}, who=who)
        elif action.verb == "chip":
            self.narrate("chip", "injun.brag_two" if two else "injun.brag_chip", "{who} puts in a chip: the pot "
                         "holds {pot}.", seat=seat, data={"chips": BRAG_CHIP, "pot": pot}, who=who, pot=pot)
        else:
            self.narrate("see", "injun.brag_see", "{who} pays {cost} chips to see: the pot holds {pot}.", seat=seat,
                         data={"chips": SEE_COST, "pot": pot}, who=who, cost=SEE_COST, pot=pot)

    # ---- the end of a deal ----
    def _settle(self) -> None:
        """Tell how the deal ended (settling it now if it is still open), then deal again or end the game."""
        d = self.deal
        if d.phase != "done":
            d.settle()
        n = self.players
        folded = self.tr(" (folded)")
        cards = ", ".join(f"{self.names[s]} {c.symbol}{folded if d.folded[s] else ''}"
                          for s, c in enumerate(d.cards) if c is not None)
        shown = {str(s): str(c) for s, c in enumerate(d.cards) if c is not None}
        if d.showdown:
            self.narrate("showdown", "injun.showdown", "Showdown: every card is turned up. {cards}.",
                         data={"cards": shown}, cards=cards)
        pots = len(d.awards)
        names = [self.tr("the pot")] if pots == 1 else [self.tr("the first pot"), self.tr("the second pot")] + \
            [self.tr("side pot {n}", n=i) for i in range(3, pots + 1)]
        for award, label in zip(d.awards, names):
            self._tell_award(award, label, d.showdown)
        if not d.showdown:
            self.narrate("reveal", "injun.reveal", "The cards are turned up: {cards}.", data={"cards": shown},
                         cards=cards)
        won = d.points()
        able = [s for s in range(n) if self.in_game(s)]
        limit = self.options["max_deals"]
        last = len(able) < 2 or self.deal_number + 1 >= (LONGEST_GAME if limit is None else limit)
        if last and d.carry:  # odd chips left in the middle are won in this last deal: its result counts them
            seat, chips = self._give_carry()
            won[seat] += chips
        self.last_result = {"deal": self.deal_number, "cards": [None if c is None else str(c) for c in d.cards],
                            "folded": list(d.folded), "won": won, "showdown": d.showdown,
                            "pots": [a.pot.as_dict() for a in d.awards]}
        summary = ", ".join(f"{self.names[s]} {d.chips[s]}" for s in range(n))
        self.narrate("deal_end", "injun.session", "Deal {n} is over. Chips: {summary}.",
                     data={"deal": self.deal_number, "won": won, "chips": list(d.chips)}, n=self.deal_number + 1,
                     summary=summary)
        self.deal_number += 1
        if last:
            self._end_session(len(able) < 2)
        else:
            self._start_deal(d.chips[:], d.carry)

    def _tell_award(self, award: Award, label: str, showdown: bool) -> None:
        pot, winners, shares, kept = award
        if not winners:  # odd chips nobody was left to win: they stay in the middle
            return
        if len(pot.eligible) == 1:
            seat = winners[0]
            who = self.names[seat]
            data = {"chips": pot.amount, "winners": [seat]}
            if not showdown:
                self.narrate("win", "injun.last_player", "Everyone else has dropped out: {who} wins {label} of "
                             "{amount} without showing the card.", seat=seat, data=data, who=who, label=label,
                             amount=pot.amount)
            else:
                rule = "injun.brag_cap" if self.deal.style == "brag" else \
                    "injun.seed_betting" if self.deal.seed_betting else "injun.all_in"
                message = N_("You alone are still in for {label}: take its {amount}.") if is_you(who) else \
                    N_("{who} alone is still in for {label}: takes its {amount}.")
                self.narrate("win", rule, message, seat=seat, data=data, who=who, label=label, amount=pot.amount)
            return
        if len(winners) == 1:
            seat = winners[0]
            card = self.deal.cards[seat]
            assert card is not None
            message = N_("Your {card} is the highest card: {who} win {label} of {amount}.") \
                if is_you(self.names[seat]) else N_("{who}'s {card} is the highest card: {who} wins {label} of "
                                                     "{amount}.")
            self.narrate("win", "injun.showdown", message, seat=seat,
                         data={"chips": pot.amount, "winners": list(winners)}, card=card.symbol,
                         who=inside(self.names[seat]), label=label, amount=pot.amount)
            return
        odd = ""
        rule = "injun.showdown"
        if pot.amount % len(winners):
            rule = "injun.odd_chip"
            odd = self.tr(agreeing(kept, N_(" The odd chip stays in the middle for the next deal."),
                                   N_(" The odd chips stay in the middle for the next deal."))) if kept else \
                self.tr(" The odd chip goes to the first of them to the left of the dealer.")
        data = {"winners": list(winners), "chips": pot.amount, "shares": {str(s): shares[s] for s in winners}}
        self.narrate("win", rule, "{tied} tie with the highest card and share {label} of {amount}: {parts}.{odd}",
                     data=data, tied=f" {self.tr('and')} ".join(self.names[s] for s in winners), label=label,
                     amount=pot.amount, parts=", ".join(f"{self.names[s]} {shares[s]}" for s in winners), odd=odd)

    def _give_carry(self) -> tuple[int, int]:
        """The game ends with odd chips in the middle: they go to the player with most chips, left of the
        dealer first. Returns that seat and the chips."""
        d = self.deal
        top = max(d.chips)
        seat = next(s for s in seats_from((d.dealer + 1) % self.players, self.players) if d.chips[s] == top)
        chips, d.carry = d.carry, 0
        d.chips[seat] += chips
        self.narrate("win", "injun.odd_chip", agreeing(chips, N_("{who} takes the {n} odd chip left in the middle."),
                                                       N_("{who} takes the {n} odd chips left in the middle.")),
                     seat=seat, data={"chips": chips}, who=self.names[seat], n=chips)
        return seat, chips

    def _end_session(self, last_one: bool) -> None:
        self._over = True
        d = self.deal
        best = max(d.chips)
        winners = [s for s in range(self.players) if d.chips[s] == best]
        why = self.tr("only one player can still pay the ante") if last_one else \
            self.tr(agreeing(self.deal_number, N_("{n} deal has been played"), N_("{n} deals have been played")),
                    n=self.deal_number)
        message = N_("The game is over ({why}): {who} wins with {chips}.") if len(winners) == 1 else \
            N_("The game is over ({why}): {who} win with {chips}.")
        self.narrate("game_end", "injun.session", message, data={"winners": winners, "scores": list(d.chips)},
                     why=why, who=f" {self.tr('and')} ".join(self.names[s] for s in winners),
                     chips=self.chips_words(best))

    # ---- what one seat sees ----
    def _raise_bounds(self, seat: int) -> list[int] | None:
        """[least, most] chips ``seat`` may bet or raise by now (any amount between), or None."""
        if self.deal.style != "poker" or self._over or seat not in self.to_act():
            return None
        amounts = self.deal.raise_range(seat)
        return [amounts.start, amounts.stop - 1] if amounts else None

    def view(self, seat: int) -> dict[str, Any]:
        """Every card but your own (until the cards are turned up), chips, bets and pots."""
        d = self.deal
        rnd = d.round
        return {
            **self.view_header(seat),
            "style": d.style,
            "cards": [None if c is None or (s == seat and not self.revealed) else str(c)
                      for s, c in enumerate(d.cards)],
            "in_deal": list(d.dealt_in),
            "folded": list(d.folded),
            "all_in": list(d.all_in),
            "chips": list(d.chips),
            "contributed": list(d.contrib),
            "round_bets": list(rnd.bets) if rnd is not None and not self.revealed else [0] * self.players,
            "high_bet": rnd.high if rnd is not None and not self.revealed else 0,
            "to_call": d.to_call(seat) if not self.revealed else 0,
            "raise_range": self._raise_bounds(seat),
            "pots": [p.as_dict() for p in d.pots()],
            "pot_total": d.pot_total,
            "ante": d.ante,
            "see_cost": SEE_COST,
            "bettors": d.bettors() if not self.revealed else [],
            "actions": [[s, a] for s, a in self.deal_actions],
            "revealed": self.revealed,
            "last_result": None if self.last_result is None else dict(self.last_result),
            "scores": self.scores,
            "dealer": d.dealer,
            "deal_number": self.deal_number if not self._over else self.deal_number - 1,
            "max_deals": self.options["max_deals"],
            "current_player": self.current_player,
            "is_over": self._over,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }
