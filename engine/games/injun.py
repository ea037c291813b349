"""Injun, or Indian poker (seed 001; RULES.md §5).

Everyone antes, gets one card and holds it up so that all the others can see it, but
never looks at it. Then you bet on a card you cannot see, from the cards you can. The
highest card takes the pot; so does the last player left when everyone else drops out.
Two ways of betting: poker style (fold, call, raise) and brag style (a chip a turn until
two remain, then quit or pay two chips to see). Chips carry over from deal to deal.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..betting import PokerRound, Pot, amount_menu, build_pots, pots_by_level, seats_from, split_pot
from ..cards import ACE, Card, standard_52
from ..dealing import stacked_pack
from ..notation import read_number
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, OptionError, Progress, Rule, Rulebook,
                       TakesTurns, ViewHeader, first_dealer_option)
from ..shuffle import shuffled
from ..words import agreeing, count, join, verb_for

SEE_COST = 2  # seed: "pagará para ver", putting two chips in the pot
BRAG_CHIP = 1  # seed: "cada jogador, na sua vez, coloca uma ficha"

RULES = Rulebook([
    Rule("injun.pack", "A standard pack of 52 cards. Aces are high, then King, Queen, Jack, 10 … 2; "
         "the suits are all equal."),
    Rule("injun.first_dealer", "To choose the first dealer, each player draws a card in turn: the first "
         "to draw an Ace deals."),
    Rule("injun.pass_deal", "After each deal the deal passes to the left, to the next player still in "
         "the game."),
    Rule("injun.ante", "Before the deal every player, the dealer too, puts the agreed ante into the "
         "middle: that starts the pot."),
    Rule("injun.deal", "The dealer shuffles last and the player on his right cuts. Then one card each, "
         "face down, clockwise from the dealer's left."),
    Rule("injun.forehead", "Nobody may see his own card. You hold it up (on your forehead) so that "
         "everyone else sees it, and you bet on the cards you can see. Looking at your own card folds "
         "it; at Parlour's table your card is simply never shown to you."),
    Rule("injun.turns", "Betting starts with the dealer's left and goes clockwise. Betting is compulsory: "
         "a player who will not bet drops out."),
    Rule("injun.fold", "A player who drops out (folds) leaves his card face down and can no longer win "
         "the pot; the chips he put in stay there."),
    Rule("injun.poker_bet", "Poker style: the first player opens with a bet of any size (or folds). Each "
         "player after him folds, calls (puts in enough to match the highest bet) or raises (puts in more "
         "than that). The betting ends when every player still in has matched the last raise."),
    Rule("injun.seed_betting", "Poker style, as the old Portuguese rules describe it (variant): each player "
         "in turn must raise the previous player's bet or drop out, and the first player who merely matches "
         "it ends the betting "
         "at once. Everyone not dropped goes to the showdown with what he has put in: each level of bets makes "
         "a pot that only those who reached it can win, as with all-in side pots."),
    Rule("injun.min_raise", "A bet or a raise is at least the agreed minimum (1 chip unless agreed "
         "otherwise)."),
    Rule("injun.max_raise", "When a limit is agreed, no bet or raise may be bigger than it."),
    Rule("injun.chips", "You cannot bet chips you do not have."),
    Rule("injun.all_in", "Poker style: a player who cannot match the highest bet may call with all his "
         "chips (all in). He can win only what he matched from each player; the chips above that form a "
         "side pot for the others."),
    Rule("injun.brag_chip", "Brag style: on your turn you put in one chip or drop out, until only two "
         "players are left betting."),
    Rule("injun.brag_two", "Brag style: the last two go on a chip a turn until one quits (the other wins "
         "without showing his card) or one pays two chips to see."),
    Rule("injun.brag_see", "Paying to see costs two chips, and only the last two players may do it. Then "
         "the cards are shown: the higher card wins, and equal cards share."),
    Rule("injun.brag_cap", "Brag style: a player who runs out of chips shows his card to the others once "
         "more and lays it on the pot. He bets no more and is not one of \"the two\". Later bets go into a "
         "second pot: the first pot is contested by the two who went on and him, the second by the two only."),
    Rule("injun.last_player", "If everyone else drops out, the last player wins the pot without showing "
         "his card, even if it is not the highest."),
    Rule("injun.showdown", "At the showdown every card is turned up and the highest card wins the pot. "
         "Suits do not count: equal cards share the pot."),
    Rule("injun.odd_chip", "When a shared pot does not divide evenly, the odd chip goes to the first tied "
         "player to the left of the dealer (a Parlour choice; the variant 'next_pot' keeps it for the next "
         "deal's pot)."),
    Rule("injun.reveal", "When a deal ends without a showdown, Parlour turns every card up afterwards so "
         "that you can see what you were holding. It changes nothing."),
    Rule("injun.sit_out", "A player who cannot pay the ante sits out the following deals."),
    Rule("injun.session", "Chips carry over from deal to deal. The game ends when only one player can "
         "still pay the ante, or after the agreed number of deals; the most chips wins."),
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
    name = "Injun"
    blurb = ("Indian poker: everyone sees your card but you. Bet on the one card you cannot see, "
             "poker style or brag style.")
    min_players, max_players, default_players = 2, 15, 4
    rules = RULES
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
        Option("max_deals", 10, "The game ends after this many deals (None: play until one player can pay "
               "the ante).", check=_none_or_positive),
        Option("min_raise", 1, "Poker style: the smallest opening bet or raise, in chips (the seed's example "
               "raises by 2 and 5 after a bet of 20, so any raise of a chip or more).", check=_positive_int),
        Option("max_raise", None, "Poker style: the largest bet or raise (None: any size, as the seed says).",
               check=_none_or_positive),
        Option("odd_chip", "left_of_dealer", "Where the odd chip of a shared pot goes: 'left_of_dealer' "
               "(RULES.md §5) or 'next_pot' (it stays in the middle for the next deal).",
               choices=("left_of_dealer", "next_pot")),
        first_dealer_option("The seat that deals first; None draws for the first Ace with the seed."),
    )

    turn: int | None  # type: ignore[assignment]  # nobody's between two betting rounds

    # ---- the game ----
    def _setup(self) -> None:
        o = self.options
        self.first_dealer_seat()
        start = o["starting_chips"]
        chips = list(start) if isinstance(start, (list, tuple)) else [start] * self.players
        if len(chips) != self.players:
            raise OptionError(f"starting_chips= lists {len(chips)} seats; this game has {self.players}")
        if sum(c >= o["ante"] for c in chips) < 2:
            raise OptionError(f"ante={o['ante']}: at least two players must have the chips to pay it")
        if o["max_raise"] is not None and o["max_raise"] < o["min_raise"]:
            raise OptionError(f"max_raise={o['max_raise']} is below min_raise={o['min_raise']}")
        if self.deck is not None and len(self.deck) > 52:
            raise OptionError(f"deck= lists {len(self.deck)} cards; the pack has 52")
        self.style: str = o["style"]
        self.seed_betting: bool = self.style == "poker" and o["betting"] == "seed"
        self.ante: int = o["ante"]
        self.total_chips = sum(chips)
        self.chips = chips
        self.carry = 0
        self.deal_number = 0
        self.dealer = -1
        self._over = False
        self.last_result: dict[str, Any] | None = None
        first = o["first_dealer"]
        self.first_dealer = first if first is not None else self._draw_for_dealer()
        self._start_deal()

    def _draw_for_dealer(self) -> int:
        """Seed: each player draws a card and the one who draws an Ace deals (narrated)."""
        drawn = []
        for k, card in enumerate(shuffled(standard_52(), self.seed, "injun-first-dealer")):
            seat = k % self.players
            drawn.append(f"{self.names[seat]} {card.symbol}")
            if card.rank == ACE:
                self._emit("draw_dealer", "injun.first_dealer",
                           f"Drawing for the deal: {', '.join(drawn)}. {self.subject(seat, 'draws')} the first "
                           f"Ace and {self.verb(seat, 'deals')}.", seat=seat, dealer=seat)
                return seat
        raise AssertionError("a 52-card pack holds four Aces")  # pragma: no cover

    # ---- a deal ----
    def in_game(self, seat: int) -> bool:
        """Can ``seat`` pay the ante? Those who cannot sit out (RULES injun.sit_out)."""
        return self.chips[seat] >= self.ante

    def _start_deal(self) -> None:
        n = self.players
        self.dealt_in = [self.in_game(s) for s in range(n)]
        start = self.first_dealer if self.deal_number == 0 else (self.dealer + 1) % n
        self.dealer = next(s for s in seats_from(start, n) if self.dealt_in[s])
        pack = stacked_pack(standard_52(), self.deck if self.deal_number == 0 else None,
                            self.seed, "injun-deal", self.deal_number, pack_name="52-card pack")
        order = [s for s in seats_from((self.dealer + 1) % n, n) if self.dealt_in[s]]
        self.cards: list[Card | None] = [None] * n
        for card, seat in zip(pack, order):
            self.cards[seat] = card
        self.contrib = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.revealed = False
        self.deal_actions: list[tuple[int, str]] = []
        self.round: PokerRound | None = None
        self.turn = None
        self._last_actor = self.dealer
        self.deal_start_event = len(self._events)
        cutter = next(s for s in reversed(seats_from(self.dealer, n)) if self.dealt_in[s] and s != self.dealer)
        out = [self.names[s] for s in range(n) if not self.dealt_in[s]]
        sitting = (f" {join(out)} {'sit' if len(out) > 1 else verb_for(out[0], 'sits')} out: no chips for the ante."
                   if out else "")
        of = f" of {self.options['max_deals']}" if self.options["max_deals"] else ""
        self._emit("deal", "injun.deal",
                   f"Deal {self.deal_number + 1}{of}: {self.subject(self.dealer, 'shuffles')}, "
                   f"{self.subject(cutter, 'cuts', first=False)}, "
                   f"and {self.subject(self.dealer, 'deals', first=False)} one card face down to "
                   f"each of the {len(order)} players. Nobody may look at their own card: each holds it up "
                   f"for the others to see.{sitting}",
                   seat=self.dealer, deal=self.deal_number, dealer=self.dealer, players_in=order)
        for seat in order:
            self._pay(seat, self.ante)
        carried = f" (with {count(self.carry, 'odd chip')} left from the last deal)" \
            if self.carry else ""
        self._emit("ante", "injun.ante",
                   f"Everyone in antes {count(self.ante, 'chip')}: the pot holds "
                   f"{self.pot_total}{carried}.", pot=self.pot_total)
        for seat in order:
            if self.chips[seat] == 0:
                self._run_out(seat)
        if self.style == "poker":
            self.round = PokerRound.start(n, (self.dealer + 1) % n, self._can_act())
        self._continue()

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
        assert 0 < chips <= self.chips[seat], "a bet is checked against the chips before it is made"
        self.chips[seat] -= chips
        self.contrib[seat] += chips

    def _live(self) -> list[bool]:
        return [self.dealt_in[s] and not self.folded[s] for s in range(self.players)]

    def _can_act(self) -> list[bool]:
        return [live and not self.all_in[s] for s, live in enumerate(self._live())]

    def _run_out(self, seat: int) -> None:
        self.all_in[seat] = True
        if self.style == "brag":
            self._emit("cap", "injun.brag_cap",
                       f"{self.subject(seat, 'has')} no chips left, so {self.names[seat]}'s card is shown to the "
                       f"others once more and laid on the pot. {self.names[seat]} can win only this first pot "
                       f"({count(self.contrib[seat], 'chip')} from each player); later bets go into a second pot.",
                       seat=seat, stake=self.contrib[seat])
        else:
            self._emit("all_in", "injun.all_in",
                       f"{self.subject(seat, 'is')} all in: {self.names[seat]} can win at most "
                       f"{count(self.contrib[seat], 'chip')} from each player.", seat=seat, stake=self.contrib[seat])

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
        return list(self.chips)

    def bettors(self) -> list[int]:
        """Players still betting: in the deal, not folded, with chips left."""
        can = self._can_act()
        return [s for s in range(self.players) if can[s]]

    def to_call(self, seat: int) -> int:
        return self.round.to_call(seat) if self.round is not None else 0

    def raise_range(self, seat: int) -> range:
        """Poker: the raises (or opening bets) ``seat`` may make, in chips above the highest bet."""
        assert self.round is not None
        if not any(s != seat for s in self.bettors()):
            return range(0)  # nobody could answer a raise
        most = self.chips[seat] - self.to_call(seat)
        if self.options["max_raise"] is not None:
            most = min(most, self.options["max_raise"])
        return range(self.options["min_raise"], most + 1)

    def _legal(self, seat: int) -> list[Action]:
        if self.style == "poker":
            assert self.round is not None
            verb = "raise" if self.round.high else "bet"
            calls = [Action("call")] if self.round.high else []
            amounts = self.raise_range(seat)
            menu = amount_menu(amounts.start, amounts.stop - 1) if amounts else []
            return [Action("fold"), *calls, *(Action(verb, str(n)) for n in menu)]
        acts = [Action("fold"), Action("chip")]
        if len(self.bettors()) == 2 and self.chips[seat] >= SEE_COST:
            acts.append(Action("see"))
        return acts

    def _allows(self, seat: int, action: Action) -> bool:
        """The move list offers a bounded menu of amounts; any amount in the raise range is legal."""
        if self.style == "poker" and action.verb in ("bet", "raise"):
            assert self.round is not None
            verb = "raise" if self.round.high else "bet"
            return action.verb == verb and int(action.arg) in self.raise_range(seat)
        return action in self._legal(seat)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        verb = {"quit": "fold", "drop": "fold", "pay": "see", "check": "call"}.get(act.verb, act.verb)
        if verb not in ("fold", "call", "bet", "raise", "chip", "see"):
            raise IllegalAction(f"{str(action)!r} is not an Injun move: moves are 'fold', 'call', 'bet N' and "
                                "'raise N' (poker style) or 'chip', 'see' and 'fold' (brag style).", "injun.turns")
        arg = act.arg
        if verb in ("bet", "raise"):
            if (amount := read_number(arg, signed=True)) is None:
                raise IllegalAction(f"{str(action)!r}: say how many chips, like '{verb} 2'.", "injun.poker_bet")
            arg = str(amount)
        elif verb == "see" and arg in ("2", "2 chips"):
            arg = ""
        elif arg:
            raise IllegalAction(f"{str(action)!r}: '{verb}' takes no amount.", "injun.turns")
        return Action(verb, arg)

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        who = self.names[seat]
        if self.style == "brag":
            if action.verb in ("bet", "raise", "call"):
                return ("This game uses brag-style betting: put in one chip ('chip'), drop out ('fold'), or, "
                        "when only two are left, pay two chips to see ('see').", "injun.brag_chip")
            if len(self.bettors()) > 2:
                return (f"Only the last two players may pay to see; {len(self.bettors())} are still betting, "
                        "so put in a chip or drop out.", "injun.brag_see")
            return f"Paying to see costs {SEE_COST} chips and {who} {self.verb(seat, 'has')} only " \
                   f"{self.chips[seat]}.", "injun.chips"
        assert self.round is not None
        if action.verb in ("chip", "see"):
            return ("This game uses poker-style betting: 'fold', 'call', or 'bet N' / 'raise N'.",
                    "injun.poker_bet")
        high = self.round.high
        if action.verb == "call":
            return "Nobody has bet yet, so there is nothing to call: open with 'bet N' or fold.", "injun.poker_bet"
        if action.verb == "bet" and high:
            return (f"There is already a bet of {high}: call it or raise, e.g. 'raise {self.options['min_raise']}' "
                    f"for {high + self.options['min_raise']} in all.", "injun.poker_bet")
        if action.verb == "raise" and not high:
            return f"Nobody has bet yet: open with 'bet {action.arg}'.", "injun.poker_bet"
        n = int(action.arg)
        if not any(s != seat for s in self.bettors()):
            return "Everyone else is all in or out: nobody could answer a raise, so call or fold.", "injun.all_in"
        if n < self.options["min_raise"]:
            return (f"A {action.verb} must be at least {count(self.options['min_raise'], 'chip')}.",
                    "injun.min_raise")
        limit = self.options["max_raise"]
        if limit is not None and n > limit:
            return f"The limit is {limit} chips for a {action.verb}: {n} is too many.", "injun.max_raise"
        need = self.to_call(seat) + n
        calling = f" ({self.to_call(seat)} to call and {n} more)" if self.to_call(seat) else ""
        return (f"That needs {need} chips{calling}, and {who} {self.verb(seat, 'has')} only "
                f"{self.chips[seat]}.", "injun.chips")

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        self.deal_actions.append((seat, str(action)))
        self._last_actor = seat
        deal = self.deal_number
        if self.style == "poker":
            self._poker(seat, action)
        else:
            self._brag(seat, action)
        if self.deal_number == deal:  # a brag "see" settles the deal at once
            self._continue()

    def _fold(self, seat: int, rule: str, verb: str, rest: str = "") -> None:
        self.folded[seat] = True
        self._emit("fold", rule, f"{self.subject(seat, verb)}{rest}, leaving the card face down.", seat=seat,
                   pot=self.pot_total)

    def _poker(self, seat: int, action: Action) -> None:
        rnd = self.round
        assert rnd is not None
        if action.verb == "fold":
            rnd.drop(seat)
            self._fold(seat, "injun.fold", "folds")
            return
        if action.verb == "call":
            owed = rnd.to_call(seat)
            chips = min(owed, self.chips[seat])
            rnd.put_in(seat, chips)
            self._pay(seat, chips)
            rnd.answered(seat)
            short = f" (all {'your' if self.names[seat] == 'You' else 'the'} chips left, {owed} were needed)" \
                if chips < owed else ""
            ends = ""
            if self.seed_betting:
                rnd.close()
                ends = " That ends the betting at once: everyone still in shows down with what they have put in."
            self._emit("call", "injun.seed_betting" if self.seed_betting else "injun.poker_bet",
                       f"{self.subject(seat, 'calls')} {chips}{short}: the pot holds {self.pot_total}.{ends}",
                       seat=seat, chips=chips, pot=self.pot_total)
        else:
            n = int(action.arg)
            chips = rnd.to_call(seat) + n
            rnd.put_in(seat, chips)
            self._pay(seat, chips)
            if action.verb == "bet":
                text = f"{self.subject(seat, 'opens')} with a bet of {chips}"
            else:
                text = f"{self.subject(seat, 'raises')} by {n} to {rnd.bets[seat]}"
            self._emit(action.verb, "injun.poker_bet", f"{text}: the pot holds {self.pot_total}.",
                       seat=seat, chips=chips, raised=n, pot=self.pot_total)
        if self.chips[seat] == 0:
            self._run_out(seat)
        if action.verb in ("bet", "raise"):
            rnd.reopened(seat, self._can_act())

    def _brag(self, seat: int, action: Action) -> None:
        two = len(self.bettors()) == 2
        if action.verb == "fold":
            if two:
                self._fold(seat, "injun.brag_two", "quits")
            else:
                self._fold(seat, "injun.fold", "drops", " out")
        elif action.verb == "chip":
            self._pay(seat, BRAG_CHIP)
            self._emit("chip", "injun.brag_two" if two else "injun.brag_chip",
                       f"{self.subject(seat, 'puts')} in a chip: the pot holds {self.pot_total}.",
                       seat=seat, chips=BRAG_CHIP, pot=self.pot_total)
            if self.chips[seat] == 0:
                self._run_out(seat)
        else:
            self._pay(seat, SEE_COST)
            self._emit("see", "injun.brag_see",
                       f"{self.subject(seat, 'pays')} {SEE_COST} chips to see: the pot holds {self.pot_total}.",
                       seat=seat, chips=SEE_COST, pot=self.pot_total)
            self._settle()

    def _betting_over(self) -> bool:
        if sum(self._live()) <= 1:
            return True
        bettors = self.bettors()
        if self.style == "brag":
            return len(bettors) <= 1
        rnd = self.round
        assert rnd is not None
        if not rnd.pending:
            return True
        return len(bettors) <= 1 and all(rnd.to_call(s) == 0 for s in rnd.pending)

    def _continue(self) -> None:
        if self._betting_over():
            self._settle()
            return
        if self.style == "poker":
            assert self.round is not None
            self.turn = self.round.pending[0]
        else:
            can = self._can_act()
            self.turn = next(s for s in seats_from((self._last_actor + 1) % self.players, self.players)
                             if can[s])

    # ---- the end of a deal ----
    def _settle(self) -> None:
        n = self.players
        self.turn = None
        pots = self.pots(showdown=True)
        before = [self.chips[s] + self.contrib[s] for s in range(n)]
        showdown = any(len(p.eligible) >= 2 for p in pots)
        cards = ", ".join(f"{self.names[s]} {c.symbol}{' (folded)' if self.folded[s] else ''}"
                          for s, c in enumerate(self.cards) if c is not None)
        shown = {str(s): str(c) for s, c in enumerate(self.cards) if c is not None}
        self.revealed = True
        if showdown:
            self._emit("showdown", "injun.showdown", f"Showdown: every card is turned up. {cards}.", cards=shown)
        names = ["the pot"] if len(pots) == 1 else ["the first pot", "the second pot"] + \
            [f"side pot {i}" for i in range(3, len(pots) + 1)]
        self.carry = 0
        for pot, label in zip(pots, names):
            self._award(pot, label, showdown)
        self.contrib = [0] * n
        won = [self.chips[s] - before[s] for s in range(n)]
        if not showdown:
            self._emit("reveal", "injun.reveal", f"The cards are turned up: {cards}.", cards=shown)
        self.last_result = {"deal": self.deal_number, "cards": [None if c is None else str(c) for c in self.cards],
                            "folded": list(self.folded), "won": won, "showdown": showdown,
                            "pots": [p.as_dict() for p in pots]}
        summary = ", ".join(f"{self.names[s]} {self.chips[s]}" for s in range(n))
        self._emit("deal_end", "injun.session", f"Deal {self.deal_number + 1} is over. Chips: {summary}.",
                   deal=self.deal_number, won=won, chips=list(self.chips))
        self.deal_number += 1
        able = [s for s in range(n) if self.in_game(s)]
        limit = self.options["max_deals"]
        if len(able) >= 2 and (limit is None or self.deal_number < limit):
            self._start_deal()
        else:
            self._end_session(len(able) < 2)

    def _award(self, pot: Pot, label: str, showdown: bool) -> None:
        eligible = list(pot.eligible)
        if not eligible:  # only odd chips carried in, and nobody left to win them: keep them in the middle
            self.carry += pot.amount
            return
        if len(eligible) == 1:
            seat = eligible[0]
            self.chips[seat] += pot.amount
            if not showdown:
                text = (f"Everyone else has dropped out: {self.subject(seat, 'wins')} {label} of {pot.amount} "
                        "without showing the card.")
                rule = "injun.last_player"
            else:
                text = f"{self.names[seat]} alone is still in for {label}: {self.verb(seat, 'takes')} its {pot.amount}."
                rule = "injun.brag_cap" if self.style == "brag" else \
                    "injun.seed_betting" if self.seed_betting else "injun.all_in"
            self._emit("win", rule, text, seat=seat, chips=pot.amount, winners=[seat])
            return
        best = max(rank_value(c) for s in eligible if (c := self.cards[s]) is not None)
        winners = [s for s in eligible if (c := self.cards[s]) is not None and rank_value(c) == best]
        keep = self.options["odd_chip"] == "next_pot"
        shares, odd = split_pot(pot.amount, winners, self.dealer, self.players, keep_odd=keep)
        for s, chips in shares.items():
            self.chips[s] += chips
        if len(winners) == 1:
            seat = winners[0]
            card = self.cards[seat]
            assert card is not None
            self._emit("win", "injun.showdown",
                       f"{self.names[seat]}'s {card.symbol} is the highest card: {self.subject(seat, 'wins')} "
                       f"{label} of {pot.amount}.", seat=seat, chips=pot.amount, winners=winners)
            return
        tied = " and ".join(self.names[s] for s in winners)
        parts = ", ".join(f"{self.names[s]} {shares[s]}" for s in winners)
        text = f"{tied} tie with the highest card and share {label} of {pot.amount}: {parts}."
        rule = "injun.showdown"
        if pot.amount % len(winners):
            rule = "injun.odd_chip"
            if keep:
                self.carry += odd
                stays = agreeing(odd, "The odd chip stays", "The odd chips stay")
                text += f" {stays} in the middle for the next deal."
            else:
                text += " The odd chip goes to the first of them to the left of the dealer."
        self._emit("win", rule, text, winners=winners, chips=pot.amount, shares={str(s): shares[s] for s in winners})

    def _end_session(self, last_one: bool) -> None:
        self._over = True
        self.turn = None
        if self.carry:  # odd chips left in the middle go to the player with most chips, left of the dealer first
            top = max(self.chips)
            seat = next(s for s in seats_from((self.dealer + 1) % self.players, self.players) if self.chips[s] == top)
            self.chips[seat] += self.carry
            self._emit("win", "injun.odd_chip", f"{self.subject(seat, 'takes')} the {self.carry} odd chip(s) left "
                       "in the middle.", seat=seat, chips=self.carry)
            self.carry = 0
        best = max(self.chips)
        winners = [s for s in range(self.players) if self.chips[s] == best]
        names = " and ".join(self.names[s] for s in winners)
        verb = "win" if len(winners) > 1 else self.verb(winners[0], "wins")
        why = "only one player can still pay the ante" if last_one else f"{self.deal_number} deals have been played"
        self._emit("game_end", "injun.session", f"The game is over ({why}): {names} {verb} with {count(best, 'chip')}.",
                   winners=winners, scores=list(self.chips))

    # ---- what one seat sees ----
    def _raise_bounds(self, seat: int) -> list[int] | None:
        """[least, most] chips ``seat`` may bet or raise by now (any amount between), or None."""
        if self.style != "poker" or self._over or seat not in self.to_act():
            return None
        amounts = self.raise_range(seat)
        return [amounts.start, amounts.stop - 1] if amounts else None

    def view(self, seat: int) -> dict[str, Any]:
        """Every card but your own (until the cards are turned up), chips, bets and pots."""
        rnd = self.round
        return {
            **self.view_header(seat),
            "style": self.style,
            "cards": [None if c is None or (s == seat and not self.revealed) else str(c)
                      for s, c in enumerate(self.cards)],
            "in_deal": list(self.dealt_in),
            "folded": list(self.folded),
            "all_in": list(self.all_in),
            "chips": list(self.chips),
            "contributed": list(self.contrib),
            "round_bets": list(rnd.bets) if rnd is not None and not self.revealed else [0] * self.players,
            "high_bet": rnd.high if rnd is not None and not self.revealed else 0,
            "to_call": self.to_call(seat) if not self.revealed else 0,
            "raise_range": self._raise_bounds(seat),
            "pots": [p.as_dict() for p in self.pots()],
            "pot_total": self.pot_total,
            "ante": self.ante,
            "see_cost": SEE_COST,
            "bettors": self.bettors() if not self.revealed else [],
            "actions": [[s, a] for s, a in self.deal_actions],
            "revealed": self.revealed,
            "last_result": None if self.last_result is None else dict(self.last_result),
            "scores": self.scores,
            "dealer": self.dealer,
            "deal_number": self.deal_number if not self._over else self.deal_number - 1,
            "max_deals": self.options["max_deals"],
            "current_player": self.current_player,
            "is_over": self._over,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }
