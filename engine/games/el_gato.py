"""El Gato, the Spanish war game (seed 001; docs/rules/el_gato.md).

Nobody chooses anything: each player turns the top card of a face-down packet, the
highest card takes the trick, and the 5 de oros (the *gato*, the cat) beats them all.
A tie for the highest card is a *guerra* (war), fought out by the tied players. Empty
your packet and you are safe; the last player holding cards (all 40 of them) loses.

The game still moves by actions: the player to act has one legal action, ``"play"``
(turn your top card), so history, saves, undo, bots and tables work as for any game.

Packets are played in the order they were received: the first card dealt to you is the
first you turn (so ``deck=`` stacking lists each packet top first, as for every game).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, NamedTuple, Sequence

from ..cards import OROS, SOTA, Card, parse_card, parse_cards, spanish_40
from ..dealing import deal_round_robin, stacked_pack
from ..notation import quoted
from ..i18n import N_
from ..protocol import (Action, Game, Option, OptionError, Rule, Rulebook, ViewHeader, first_dealer_option,
                        language_option)
from ..shuffle import rng_for
from ..words import inside, is_you, join

GATO = Card(5, OROS)
PACK_SIZE = 40
PLAYER_COUNTS = (2, 4, 5, 8, 10)
PLAY = Action("play")

RULES = Rulebook([
    Rule("el_gato.pack", N_("El Gato uses the Spanish pack without Kings and Caballos: 40 cards, 1 to 9 and the "
            "Sota (10) in each suit: oros (coins), copas (cups), espadas (swords) and bastos (clubs).")),
    Rule("el_gato.players", N_("2, 4, 5, 8 or 10 players: the 40 cards must divide exactly.")),
    Rule("el_gato.dealer", N_("Everyone draws a card and the highest card deals (players tied for highest "
            "draw again).")),
    Rule("el_gato.deal", N_("The dealer deals the whole pack, one card at a time, starting with the player on "
            "his left. Each player keeps his cards face down as a packet, in the order received: nobody looks "
            "at them or changes their order.")),
    Rule("el_gato.eldest", N_("The player on the dealer's left plays first.")),
    Rule("el_gato.play", N_("In turn, clockwise, each player turns the top card of his packet face up on the "
            "table. Nobody chooses a card: the packet decides.")),
    Rule("el_gato.rank", N_("The highest card takes the trick: the Sota (10) is highest, then 9 down to 1. "
            "The suits are all equal.")),
    Rule("el_gato.ace_high", N_("Variant: the 1 (the As) ranks above the Sota, just below the gato.")),
    Rule("el_gato.gato", N_("The 5 de oros is the gato (the cat): it beats every other card.")),
    Rule("el_gato.collect", N_("The winner puts the cards under his packet in the order they were played, "
            "without changing that order.")),
    Rule("el_gato.lead", N_("The winner of a trick plays first to the next one; the others follow clockwise.")),
    Rule("el_gato.guerra", N_("A tie for the highest card is a guerra (war). Two tied players set the cards "
            "aside and play a new trick between them; its winner takes both tricks, in the order the cards "
            "were played.")),
    Rule("el_gato.any_pair", N_("Variant (the old Portuguese rules read word for word): any two cards of "
            "equal value in a trick start a guerra between their players, even below the highest card; "
            "the highest such pair counts. "
            "The gato still beats everything.")),
    Rule("el_gato.guerra_many", N_("When more than two players tie for the highest card, they alone play a "
            "tie-break trick, and its winner takes all the cards, in the order they were played.")),
    Rule("el_gato.guerra_again", N_("A tie-break that ties again is a new guerra among the players tied this "
            "time, until one card is highest.")),
    Rule("el_gato.last_card", N_("A tied player who has no card left for the tie-break takes the top card of "
            "an opponent's packet, face down, and plays it: the next player clockwise who still has cards, tied "
            "or not. A safe player has no cards, so he is never dealt back in.")),
    Rule("el_gato.no_cards", N_("If a tied player needs a card and nobody at all has one left, the game is a "
            "draw.")),
    Rule("el_gato.safe", N_("A player whose packet is empty, and who is not in a guerra, is safe: he is out "
            "of the game and cannot lose.")),
    Rule("el_gato.end", N_("The aim is to get rid of your cards. The last player still holding cards loses; "
            "by then he holds all 40.")),
    Rule("el_gato.cycle", N_("Guard: the packets can come back to an earlier position and repeat forever. "
            "When the packets and the leader repeat at the start of a trick, the game is a draw.")),
    Rule("el_gato.trick_limit", N_("Guard: after the trick limit (tie-breaks count as tricks) the game is a "
            "draw.")),
])


def _limit_ok(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return "a whole number of tricks, 0 for no limit"
    return None


def rank_of(card: Card, ace_high: bool = False) -> int:
    """A card's strength: face value (Sota 10 highest), the As above it if ``ace_high``, the gato on top."""
    if card == GATO:
        return 100
    if ace_high and card.rank == 1:
        return SOTA + 1
    return card.rank


def rank_words(rank: int) -> str:
    """A rank in the plural: "Sotas", "Ases", "7s"."""
    return {1: "Ases", SOTA: "Sotas"}.get(rank, f"{rank}s")


def trick_fighters(trick: list[tuple[int, Card]], ace_high: bool = False, any_pair: bool = False) -> list[int]:
    """Who takes a trick (one seat) or fights a guerra over it (several): a tie for the highest card,
    or with ``any_pair`` the highest pair of equal cards anywhere in it (the gato still beats all)."""
    top = max(rank_of(c, ace_high) for _, c in trick)
    best = [s for s, c in trick if rank_of(c, ace_high) == top]
    if any_pair and len(best) == 1 and top != rank_of(GATO):
        counts: dict[int, int] = {}
        for _, c in trick:
            counts[rank_of(c, ace_high)] = counts.get(rank_of(c, ace_high), 0) + 1
        pairs = [r for r, k in counts.items() if k > 1]
        if pairs:
            return [s for s, c in trick if rank_of(c, ace_high) == max(pairs)]
    return best


def card_words(card: Card) -> str:
    """How the narration names a card: "the gato (5 de oros)" for the cat."""
    return f"the gato ({card.name})" if card == GATO else card.name


class Deal:
    """El Gato in play, with no narration: the lean path that search copies and plays out (the whole game
    is one deal). :class:`ElGato` wraps it with the events a learner reads.

    ``packets[s]``: seat s's face-down packet, top card first; ``unseen_on_top[s]``: how many cards on top
    of it nobody has seen (the rest went under it in plain view); ``order``: who plays in the trick (or
    tie-break) being played, ``trick`` its cards so far, ``aside`` the cards of earlier ties waiting for
    the guerra's winner, ``tied`` the guerra's players. Once over, ``result`` is "lose" or "draw",
    ``loser`` the seat left holding the cards and ``ending`` the rule that ended the game.
    """

    __slots__ = ("players", "packets", "unseen_on_top", "leader", "order", "trick", "aside", "tied", "rounds",
                 "seen", "result", "loser", "ending", "ace_high", "any_pair", "cycle_draw", "trick_limit")

    #: What a view does not say, which :meth:`from_view` guesses: the positions met at the start of earlier
    #: tricks (the cycle guard's memory); a rebuilt deal remembers none, so only repeats after it count.
    NOT_IN_VIEW = ("seen",)

    def __init__(self, packets: list[list[Card]], leader: int, options: Mapping[str, Any]) -> None:
        self.players = len(packets)
        self.packets = packets
        self.unseen_on_top = [len(p) for p in packets]
        self.leader = leader
        self.order: list[int] = []
        self.trick: list[tuple[int, Card]] = []
        self.aside: list[tuple[int, Card]] = []
        self.tied: list[int] = []
        self.rounds = 0  # tricks played, tie-breaks included
        self.seen: set[bytes] = set()
        self.result: str | None = None
        self.loser: int | None = None
        self.ending: str | None = None
        self.ace_high: bool = options["ace_high"]
        self.any_pair = options["guerra"] == "any_pair"
        self.cycle_draw: bool = options["cycle_draw"]
        self.trick_limit: int = options["trick_limit"]
        self.start_trick()

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.players, d.leader, d.rounds, d.result, d.loser, d.ending = (
            self.players, self.leader, self.rounds, self.result, self.loser, self.ending)
        d.ace_high, d.any_pair, d.cycle_draw, d.trick_limit = self.ace_high, self.any_pair, self.cycle_draw, \
            self.trick_limit
        d.packets = [p[:] for p in self.packets]
        d.unseen_on_top, d.order, d.trick, d.aside, d.tied = (
            self.unseen_on_top[:], self.order[:], self.trick[:], self.aside[:], self.tied[:])
        d.seen = set(self.seen)
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int = 0) -> Deal:
        """The game as any seat sees it (nobody sees more than anyone else), the cards nobody has seen
        (:func:`unseen`) placed in the order of ``sampled_hidden``: each packet in seat order gets the next
        ``unseen_on_top`` of them, top first, above what everyone saw go under it. (``seed`` is unused:
        nothing is shuffled once dealt.)"""
        hidden = list(sampled_hidden)
        if len(hidden) != sum(view["unseen_on_top"]):
            raise ValueError(f"{len(hidden)} hidden cards cannot fill the {sum(view['unseen_on_top'])} places "
                             "nobody has seen")
        packets, start = [], 0
        for top, below in zip(view["unseen_on_top"], view["known_below"]):
            packets.append(hidden[start:start + top] + parse_cards(below))
            start += top
        d = cls.__new__(cls)
        d.players, d.packets, d.unseen_on_top, d.leader = len(packets), packets, list(view["unseen_on_top"]), \
            view["leader"]
        d.order, d.tied = list(view["order"]), list(view["guerra"])
        d.trick = [(s, parse_card(c)) for s, c in view["trick"]]
        d.aside = [(s, parse_card(c)) for s, c in view["aside"]]
        d.rounds, d.seen, d.result, d.loser, d.ending = view["tricks"], set(), view["result"], view["loser"], None
        options = view["options"]
        d.ace_high, d.any_pair = options["ace_high"], options["guerra"] == "any_pair"
        d.cycle_draw, d.trick_limit = options["cycle_draw"], options["trick_limit"]
        return d

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards: its packet (the lean-core contract's name)."""
        return self.packets

    # ---- whose turn, what is legal ----
    def to_act(self) -> list[int]:
        return [] if self.result else [self.order[len(self.trick)]]

    def legal(self, seat: int) -> list[Action]:
        return [PLAY]

    def fighters(self, trick: list[tuple[int, Card]]) -> list[int]:
        """Who takes the trick (one seat) or fights a guerra over it (several), per the ``guerra`` option."""
        return trick_fighters(trick, self.ace_high, self.any_pair)

    def holding(self) -> list[int]:
        """Seats that still hold cards."""
        return [s for s in range(self.players) if self.packets[s]]

    def donor(self, seat: int) -> int | None:
        """docs/rules/el_gato.md#el_gato.last_card: the next player clockwise who still has cards, tied or not (a safe
        player has none)."""
        n = self.players
        for step in range(1, n):
            other = (seat + step) % n
            if self.packets[other]:
                return other
        return None

    # ---- a move ----
    def apply(self, seat: int, action: Action) -> None:
        """Turn the top card (the only move; unchecked: the narrated game checks)."""
        self.play(seat)

    def play(self, seat: int) -> tuple[Card, int | None, RoundEnd | None]:
        """Turn ``seat``'s top card: (the card, the seat whose packet gave it when ``seat`` had none, how the
        trick ended if this card completed it)."""
        packets, unseen_on_top = self.packets, self.unseen_on_top
        donor = None
        # docs/rules/el_gato.md#el_gato.last_card: a tied player out of cards takes an opponent's top card, face down
        if not packets[seat]:
            donor = self.donor(seat)
            assert donor is not None, "a tie-break never waits on a player nobody can supply"
            packets[seat].append(packets[donor].pop(0))
            if unseen_on_top[donor]:
                unseen_on_top[donor] -= 1
                unseen_on_top[seat] += 1
        card = packets[seat].pop(0)
        if unseen_on_top[seat]:
            unseen_on_top[seat] -= 1
        self.trick.append((seat, card))
        if len(self.trick) < len(self.order):
            self._check_tie_break_cards()
            return card, donor, None
        return card, donor, self._finish_round()

    def _check_tie_break_cards(self) -> None:
        """docs/rules/el_gato.md#el_gato.no_cards: a draw when the next tied player needs a card and nobody at all has
        one."""
        nxt = self.order[len(self.trick)]
        if self.tied and not self.packets[nxt] and self.donor(nxt) is None:
            self._end("draw", "el_gato.no_cards")

    def _finish_round(self) -> RoundEnd:
        self.rounds += 1
        trick, aside = self.trick, self.aside
        best = self.fighters(trick)
        if len(best) > 1:  # a guerra: the tied players alone play a tie-break for everything set aside
            aside.extend(trick)
            self.tied, self.order, self.trick = best, list(best), []
            if not self._guard():
                self._check_tie_break_cards()
            return RoundEnd(best, trick, aside)
        winner = best[0]
        self.packets[winner].extend(c for _, c in aside + trick)
        self.aside, self.tied, self.trick = [], [], []
        self.leader = winner
        holding = self.holding()
        if len(holding) == 1:
            self._end("lose", "el_gato.end", holding[0])
        elif not self._guard():
            self.start_trick()
        return RoundEnd(best, trick, aside)

    def start_trick(self) -> None:
        """Everyone holding cards plays, from the leader clockwise; a position met before is a draw."""
        n, packets = self.players, self.packets
        self.order = [s for s in ((self.leader + k) % n for k in range(n)) if packets[s]]
        self.trick = []
        if self.cycle_draw:
            key = bytearray([self.leader])
            for packet in packets:
                key.extend(_CODE[c] for c in packet)
                key.append(255)
            position = bytes(key)
            if position in self.seen:
                self._end("draw", "el_gato.cycle")
                return
            self.seen.add(position)

    def _guard(self) -> bool:
        """The trick limit: True when it ended the game."""
        if self.trick_limit and self.rounds >= self.trick_limit:
            self._end("draw", "el_gato.trick_limit")
            return True
        return False

    def _end(self, result: str, rule: str, loser: int | None = None) -> None:
        self.result, self.ending, self.loser = result, rule, loser


class RoundEnd(NamedTuple):
    """How a trick (or tie-break) ended: who took it (one seat) or tied (several), its cards in play order,
    and the cards set aside by earlier ties (with this trick's added when it tied again)."""

    fighters: list[int]
    trick: list[tuple[int, Card]]
    aside: list[tuple[int, Card]]


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[Card]:
    """The cards nobody has seen in ``deal``, in the order :meth:`Deal.from_view` places them: the unseen top of
    each packet, seat by seat (the proof that from_view rebuilds the true deal)."""
    return [c for packet, top in zip(deal.packets, deal.unseen_on_top) for c in packet[:top]]


def face_up(view: Mapping[str, Any]) -> list[Card]:
    """The cards everyone can see now: the trick being played and any guerra cards set aside."""
    return [parse_card(c) for _, c in view["aside"]] + [parse_card(c) for _, c in view["trick"]]


def unseen(view: Mapping[str, Any]) -> list[Card]:
    """Cards nobody has seen since the deal, in the pack's order: not face up, and not known to lie under a
    packet (:meth:`Deal.from_view` places them)."""
    known = Counter(face_up(view))
    for below in view["known_below"]:
        known.update(parse_card(c) for c in below)
    return [c for c in spanish_40() if not known[c]]


class ElGatoView(ViewHeader):
    """Every key of ``ElGato.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    dealer: int
    packet_sizes: list[int]
    unseen_on_top: list[int]
    known_below: list[list[Any]]
    safe: list[bool]
    leader: int
    order: list[int]
    trick: list[list[Any]]
    aside: list[list[Any]]
    guerra: list[int]
    last_trick: dict[str, Any] | None
    tricks: int
    scores: list[int]
    current_player: int | None
    is_over: bool
    result: str | None
    loser: int | None
    legal: list[str]


class ElGato(Game):
    id = "el_gato"
    view_type = ElGatoView
    name = "El Gato"
    blurb = N_("A Spanish war game of pure luck: turn your top card, the highest takes the trick, "
               "and the 5 of oros is the cat.")
    min_players, max_players, default_players = 2, 10, 2
    has_choices = has_scores = False  # every card is turned in order; the game only names a loser
    rules = RULES
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("ace_high", False, "docs/rules/el_gato.md#el_gato.ace_high [T]: ranks are face value with the Sota "
               "highest; True ranks "
               "the 1 (As) above the Sota. The gato beats everything either way.", choices=(False, True)),
        first_dealer_option("The seat that deals; None draws for it with the seed (highest card deals)."),
        Option("guerra", "highest", "docs/rules/el_gato.md#el_gato.any_pair: \"highest\" (default, as in every "
               "War-family game) starts a "
               "guerra only on a tie for the highest card; \"any_pair\" follows the seed's literal words, "
               "\"Quando duas cartas de valor igual são jogadas na mesma vaza\": any two equal cards start one "
               "(the highest such pair; the gato still beats everything).", choices=("highest", "any_pair")),
        Option("cycle_draw", True, "docs/rules/el_gato.md#el_gato.cycle [T] guard: a position (packets and leader) "
               "that repeats at "
               "the start of a trick would repeat forever, so the game is a draw.", choices=(True, False)),
        Option("trick_limit", 5000, "docs/rules/el_gato.md#el_gato.trick_limit [T] guard: the game is a draw after "
               "this many tricks "
               "(tie-breaks included); 0 for no limit.", check=_limit_ok),
        language_option(),
    )

    deal: Deal

    # ---- the deal ----
    def _setup(self) -> None:
        n = self.players
        if n not in PLAYER_COUNTS:
            raise OptionError(f"El Gato is for 2, 4, 5, 8 or 10 players (the 40 cards must divide exactly), "
                              f"not {n}")
        first = self.first_dealer_seat()
        if not self.options["cycle_draw"] and not self.options["trick_limit"]:
            raise OptionError("cycle_draw=False with trick_limit=0 could let a game loop forever: "
                              "keep one of the guards")
        self.last_trick: dict[str, Any] | None = None
        self.dealer = first if first is not None else self._draw_for_dealer()
        if first is not None:
            self.narrate("dealer", "el_gato.dealer", "{who} deals (chosen at the table).", seat=first,
                         data={"draws": []}, who=self.names[first])
        self._deal()

    def _draw_for_dealer(self) -> int:
        """The seed's "sorteio da maior carta": each draws a card; ties for highest draw again."""
        pool = list(spanish_40())
        rng_for(self.seed, "el_gato-dealer").shuffle(pool)
        drawing = list(range(self.players))
        while True:
            draws = [(s, pool.pop()) for s in drawing]
            said = ", ".join(self.tr("{who} draws {card}", who=self.names[s], card=self.card_phrase(c))
                             for s, c in draws)
            top = max(self.rank(c) for _, c in draws)
            drawing = [s for s, c in draws if self.rank(c) == top]
            data = [[s, str(c)] for s, c in draws]
            if len(drawing) == 1:
                self.narrate("dealer", "el_gato.dealer", "{said}: {who} has the highest card and deals.",
                             seat=drawing[0], data={"draws": data}, said=said, who=self.names[drawing[0]])
                return drawing[0]
            tied = f" {self.tr('and')} ".join(self.names[s] for s in drawing)
            self.narrate("dealer", "el_gato.dealer", "{said}: {tied} tie for the highest card and draw again.",
                         data={"draws": data}, said=said, tied=tied)

    def _deal(self) -> None:
        n = self.players
        pack = stacked_pack(spanish_40(), self.deck, self.seed, "el_gato-deal", 0,
                            pack_name="El Gato pack (spanish_40)")
        packets, _ = deal_round_robin(pack, n, PACK_SIZE // n, first=(self.dealer + 1) % n)
        self.deal = Deal(packets, (self.dealer + 1) % n, self.options)
        self._safe = [not p for p in packets]  # who has been announced safe (narration only)
        self.narrate("deal", "el_gato.deal", "{dealer} deals all 40 cards, one at a time from the left: {n} each, "
                     "kept face down in the order received. {first} plays first.", seat=self.dealer,
                     data={"dealer": self.dealer}, dealer=self.names[self.dealer], n=PACK_SIZE // n,
                     first=self.names[self.deal.leader])

    def card_phrase(self, card: Card) -> str:
        """How the narration names a card, in the game's language: "the gato (5 de oros)" for the cat."""
        return self.tr("the gato ({card})", card=card.name) if card == GATO else card.name

    # ---- ranking ----
    def rank(self, card: Card) -> int:
        """A card's strength under this game's ``ace_high`` option (the dealer's draw comes before the deal)."""
        return rank_of(card, self.options["ace_high"])

    # ---- whose turn ----
    @property
    def current_player(self) -> int | None:
        acting = self.deal.to_act()
        return acting[0] if acting else None

    @property
    def is_over(self) -> bool:
        return self.deal.result is not None

    @property
    def scores(self) -> list[int]:
        """0 each while playing and after a draw; the loser ends on −1."""
        return [-1 if s == self.deal.loser else 0 for s in range(self.players)]

    def _legal(self, seat: int) -> list[Action]:
        return self.deal.legal(seat)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        return PLAY if act.verb in ("play", "flip", "turn") and not act.arg else act

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        if action.verb == "play":
            return (self.tr("You cannot choose a card in El Gato ({card}): 'play' turns the top card of your "
                            "packet.", card=quoted(action.arg)), "el_gato.play")
        return (self.tr("{move} is not an El Gato move: the only move is 'play' (turn your top card).",
                        move=quoted(str(action))), "el_gato.play")

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        tied = self.deal.tied  # the guerra being fought, if any, before this card
        left = max(len(self.deal.packets[seat]) - 1, 0)  # what the packet keeps, before the trick goes under it
        card, donor, done = self.deal.play(seat)
        if donor is not None:
            if is_you(self.names[seat]):
                message = N_("{who} has no card left for the guerra, so take the top card of {donor}'s packet, face "
                             "down, and play it.")
            elif is_you(self.names[donor]):
                message = N_("{who} has no card left for the guerra, so takes the top card of your packet, face "
                             "down, and plays it.")
            else:
                message = N_("{who} has no card left for the guerra, so takes the top card of {donor}'s packet, face "
                             "down, and plays it.")
            self.narrate("donate", "el_gato.last_card", message, seat=seat, data={"donor": donor},
                         who=self.names[seat], donor=self.names[donor])
        self.narrate("play", "el_gato.play", "{who} turns up {card}; {left} left in the packet.", seat=seat,
                     data={"card": str(card), "left": left}, who=self.names[seat], card=self.card_phrase(card),
                     left=left)
        if done is None:
            pass
        elif len(done.fighters) > 1:
            self._guerra(done, again=bool(tied))
        else:
            self._trick_won(done, tied)
            if not self.deal.result or self.deal.ending == "el_gato.cycle":
                self._safe = [not p for p in self.deal.packets]  # a new trick started
        self._announce_end()

    def _trick_won(self, done: RoundEnd, tied: list[int]) -> None:
        winner = done.fighters[0]
        won = done.aside + done.trick
        card = next(c for s, c in done.trick if s == winner)
        rule = "el_gato.gato" if card == GATO else "el_gato.collect" if not tied else \
            "el_gato.guerra" if len(tied) == 2 else "el_gato.guerra_many"
        what = self.tr("the guerra") if tied else self.tr("the trick")
        if is_you(self.names[winner]):
            message = N_("{Card} is highest: {who} win {what} and put its {n} cards under your packet in play order: "
                         "{order}.")
        else:
            message = N_("{Card} is highest: {who} wins {what} and puts its {n} cards under their packet in play "
                         "order: {order}.")
        self.narrate("trick", rule, message, seat=winner,
                     data={"winner": winner, "cards": [str(c) for _, c in won], "guerra": bool(tied)},
                     Card=_cap(self.card_phrase(card)), who=inside(self.names[winner]), what=what, n=len(won),
                     order=", ".join(c.name for _, c in won))
        self.last_trick = {"plays": [[s, str(c)] for s, c in done.trick],
                           "aside": [[s, str(c)] for s, c in done.aside],
                           "winner": winner, "guerra": bool(tied)}
        self._announce_safe()

    def _guerra(self, done: RoundEnd, again: bool) -> None:
        best, trick = done.fighters, done.trick
        self.last_trick = {"plays": [[s, str(c)] for s, c in trick], "aside": [], "winner": None,
                           "guerra": True}
        names = join([self.names[best[0]], *(inside(self.names[s]) for s in best[1:])], self.tr("and"))
        value = rank_words(next(c for s, c in trick if s == best[0]).rank)
        below = max(self.rank(c) for _, c in trick) > self.rank(next(c for s, c in trick if s == best[0]))
        if below:
            rule, message = "el_gato.any_pair", N_("Guerra! {names} turned equal cards, {value}: by the seed's words "
                                                   "that is a guerra even below the highest card, and its winner "
                                                   "takes everything set aside.")
        elif again:
            rule, message = "el_gato.guerra_again", N_("Guerra again! {names} tie with {value}: they play another "
                                                       "tie-break for everything set aside.")
        elif len(best) == 2:
            rule, message = "el_gato.guerra", N_("Guerra! {names} tie for the highest card with {value}: the cards "
                                                 "are set aside and they play a new trick; its winner takes both.")
        else:
            rule, message = "el_gato.guerra_many", N_("Guerra! {names} tie for the highest card with {value}: they "
                                                      "alone play a tie-break trick, and its winner takes all the "
                                                      "cards.")
        self.narrate("guerra", rule, message, data={"tied": list(best), "aside": [str(c) for _, c in done.aside]},
                     names=names, value=value)
        self._announce_safe()

    def _announce_safe(self) -> None:
        packets, tied = self.deal.packets, self.deal.tied
        for s in range(self.players):
            if not packets[s] and s not in tied and not self._safe[s]:
                self._safe[s] = True
                message = N_("Your packet is empty: {who} is safe.") if is_you(self.names[s]) \
                    else N_("{who}'s packet is empty: {who} is safe.")
                self.narrate("safe", "el_gato.safe", message, seat=s, who=self.names[s])

    def _start_trick(self) -> None:
        """Start the next trick from the game's packets and leader (the deal checks for a repeat)."""
        self.deal.start_trick()
        self._safe = [not p for p in self.deal.packets]
        self._announce_end()

    def _announce_end(self) -> None:
        """The game_end event, once the deal has ended the game."""
        deal = self.deal
        if deal.ending is None:
            return
        if deal.result == "lose":
            loser = deal.loser
            assert loser is not None
            self.narrate("game_end", "el_gato.end", "Only {inside} has cards left: all 40. {who} loses El Gato after "
                         "{n} tricks; everyone else is safe.", seat=loser,
                         data={"result": "lose", "loser": loser, "tricks": deal.rounds},
                         inside=inside(self.names[loser]), who=self.names[loser], n=deal.rounds)
            return
        data = {"result": "draw", "loser": None, "tricks": deal.rounds}
        if deal.ending == "el_gato.no_cards":
            self.narrate("game_end", deal.ending, "{who} has no card for the guerra and nobody has a card left to "
                         "give: the game is a draw.", data=data, who=self.names[deal.order[len(deal.trick)]])
        elif deal.ending == "el_gato.cycle":
            self.narrate("game_end", deal.ending, "The packets and the leader are exactly as they were at the start of "
                         "an earlier trick, so the game would repeat forever: it is a draw.", data=data)
        else:
            self.narrate("game_end", deal.ending, "{n} tricks have been played: the game is a draw.", data=data,
                         n=self.options["trick_limit"])

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        """Packet sizes, the face-up cards, and what everyone saw go under each packet.

        Nobody knows the order of the cards dealt; but a trick's cards go under its winner's
        packet in play order, in front of everyone, so ``known_below[s]`` (the bottom of seat
        ``s``'s packet, top first) is public, below ``unseen_on_top[s]`` cards nobody has seen.
        """
        d = self.deal
        return {
            **self.view_header(seat),
            "dealer": self.dealer,
            "packet_sizes": [len(p) for p in d.packets],
            "unseen_on_top": list(d.unseen_on_top),
            "known_below": [[str(c) for c in p[k:]] for p, k in zip(d.packets, d.unseen_on_top)],
            "safe": [not p and s not in d.tied for s, p in enumerate(d.packets)],
            "leader": d.leader,
            "order": list(d.order),
            "trick": [[s, str(c)] for s, c in d.trick],
            "aside": [[s, str(c)] for s, c in d.aside],
            "guerra": list(d.tied),
            "last_trick": None if self.last_trick is None else {k: (list(v) if isinstance(v, list) else v)
                                                                for k, v in self.last_trick.items()},
            "tricks": d.rounds,
            "scores": self.scores,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "result": d.result,
            "loser": d.loser,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


_CODE = {c: i for i, c in enumerate(spanish_40())}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]

