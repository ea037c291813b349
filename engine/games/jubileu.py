"""Jubileu, the Portuguese auction whist (seed 001; docs/rules/jubileu.md).

Four players, 52 cards, Aces high, and everything goes **anticlockwise**: seat numbers
rise to the right, so the next player, the next dealer and the next bidder are always
``seat + 1``. Thirteen cards each; the dealer's last card (*a última*) is shown and names
the trump of the "da Última" bids. An auction climbs a ladder of 17 levels: Jubileu calls
a partner by an Ace he does not hold, Solos play alone, the misères promise (almost) no
tricks. The called partner stays secret until his Ace falls, unless the declarer says
*"Espirra"*: then the Ace must come at once and beats even trumps. Chips settle every deal.

One deal, from the auction to the last trick, lives in :class:`Deal` (small integers, no narration),
which search copies; :class:`Jubileu` holds it with the session and the sentences a learner reads.
Every sentence goes through :mod:`engine.i18n`, so the game also speaks Portuguese
(``lang="pt"``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .. import card_codes, tricks
from ..words import agreeing, inside, join as join_names
from ..cards import CardError, parse_card, standard_52
from ..dealing import deal_round_robin, stacked_pack
from ..i18n import N_
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, Progress, Rule, Rulebook, ViewHeader,
                       first_dealer_option, language_option)
from ..shuffle import rng_for
from .. import claims
from ..review_thresholds import Thresholds

SEATS = 4
ACE_RANK = 12  # tricks.index order: 2 = 0 … Ace = 12

RULES = Rulebook([
    Rule("jubileu.pack", N_("Four players, a 52-card pack without jokers; in every suit the Ace is high, "
                            "then K Q J 10 … 2.")),
    Rule("jubileu.anticlockwise", N_("Everything goes anticlockwise: the next player, the next bidder and the "
                                     "next dealer are always on the right.")),
    Rule("jubileu.first_dealer", N_("Each player draws a card; the lowest deals first (a tie draws again).")),
    Rule("jubileu.deal", N_("The dealer deals all 52 cards one at a time, starting on his right, so he "
                            "receives the last card himself: 13 each.")),
    Rule("jubileu.ultima", N_("The dealer shows his last card, a última, and announces its suit: it is trump "
                              "in every bid \"da Última\".")),
    Rule("jubileu.auction", N_("The player on the dealer's right speaks first; then each in turn to the right "
                               "bids higher or passes. A pass is final. When everyone else has passed since "
                               "the last bid, that bid wins the auction.")),
    Rule("jubileu.ladder", N_("The bids, lowest first: Jubileu, Jubileu da Última, Solo Sete, Solo Sete da "
                              "Última; then Meia Miséria, Solo Oito and Solo Oito da Última (one level); Jogo "
                              "Obrigatório; Solo Nove; Solo Nove da Última; then Solo Dez, Solo Dez da Última "
                              "and Miséria (one level); Solo Onze up to Solo Treze da Última; Miséria Aberta; "
                              "Miséria Aberta com Colóquio.")),
    Rule("jubileu.overcall", N_("A new bid must be at a higher level than the standing bid. At the levels that "
                                "hold several bids the first bid announced stands, except that Solo Oito da "
                                "Última beats Solo Oito and Solo Dez da Última beats Solo Dez.")),
    Rule("jubileu.join", N_("While Meia Miséria stands, any player still in the auction may join it, even if "
                            "he bid before. Each joiner plays it for himself, not as a partner.")),
    Rule("jubileu.obligation", N_("A player dealt 3 or 4 Aces must bid at least Jogo Obrigatório: he may not "
                                  "pass, or bid lower, while the standing bid is below it.")),
    Rule("jubileu.all_pass", N_("If all four pass, the cards are thrown in and the next dealer (to the right) "
                                "deals.")),
    Rule("jubileu.trump", N_("The declarer names trump, except in the \"da Última\" bids, where the última's "
                             "suit is trump, and in Meia Miséria, which has no trump.")),
    Rule("jubileu.call_ace", N_("In Jubileu and Jubileu da Última the declarer calls an Ace he does not hold, "
                                "never the trump Ace. Its holder is his secret partner.")),
    Rule("jubileu.obrigatorio", N_("In Jogo Obrigatório the holder of the fourth Ace is the partner; if the "
                                   "declarer holds all four Aces he calls a King he does not hold. The partner "
                                   "shows himself at once, names trump (not his Ace's or King's suit) and "
                                   "leads.")),
    Rule("jubileu.troela", N_("Variant (Rikken's troela): in Jogo Obrigatório the partner must lead his Ace "
                              "(or the called card) to the first trick, and trumps cannot win that trick.")),
    Rule("jubileu.lead", N_("The declarer leads the first trick (in Jogo Obrigatório the partner; with "
                            "several Meia Miséria players, the first to announce it). The winner of a trick "
                            "leads the next.")),
    Rule("jubileu.follow", N_("Follow suit if you can; if you cannot, trump or discard as you like.")),
    Rule("jubileu.trick", N_("The highest trump wins the trick; with no trump in it, the highest card of "
                             "the suit led.")),
    Rule("jubileu.espirra", N_("On one of his own turns, in a trick the partner has not yet played to, the "
                               "declarer may say \"Espirra\": at his next turn the "
                               "partner must play the called Ace, even if he could follow suit, and that Ace "
                               "beats every card, trumps included.")),
    Rule("jubileu.espirra_quando", N_("Or the declarer may say \"Espirra quando quiser\": the partner may then "
                                      "play the called Ace as espirra in any later trick he chooses, once he "
                                      "has won a trick himself.")),
    Rule("jubileu.plain_ace", N_("Played before any order, the called Ace is an ordinary card: it can be "
                                 "trumped. Once it is played the partnership is public and no espirra "
                                 "remains.")),
    Rule("jubileu.open", N_("In Miséria Aberta and Miséria Aberta com Colóquio the declarer's hand is laid "
                            "face up right after the auction. With Colóquio the defenders may talk it over "
                            "and see each other's hands.")),
    Rule("jubileu.pay_solo", N_("A Solo made: each of the three opponents pays the bid's chips plus one chip "
                                "per trick over. A Solo failed: the declarer pays each opponent the bid's "
                                "chips, plus one chip per trick short beyond the first.")),
    Rule("jubileu.pay_partners", N_("A partnership made: each defender pays one partner the bid's chips plus one "
                                    "per trick over (the defender first to the declarer's right pays the "
                                    "declarer). Failed: the declarer and the partner each pay one defender the "
                                    "chips, plus one per trick short beyond the first.")),
    Rule("jubileu.pay_misere", N_("Meia Miséria (exactly one trick), Miséria and the open misères (no trick) "
                                  "pay a flat amount, made or failed. Several Meia Miséria players are settled "
                                  "one by one against the other three.")),
    Rule("jubileu.session", N_("The session lasts an agreed number of deals (or until a player has won or "
                               "lost the agreed chips); chips carry from deal to deal.")),
])


# ---- The bid ladder --------------------------------------------------------------------

#: The nouns counted in sentences, singular and plural, so a translator words both.
_COUNTED = {"trick": (N_("{n} trick"), N_("{n} tricks")), "chip": (N_("{n} chip"), N_("{n} chips"))}


@dataclass(frozen=True)
class Bid:
    """One rung of the ladder: its notation, level, name, target and chips."""

    key: str
    level: int
    name: str
    tricks: int          # at least this many; for a misère, exactly this many
    chips: int
    trump: str           # "choice", "ultima", "none" or "partner"
    partner: bool = False
    misere: bool = False
    open: bool = False
    colloquy: bool = False

    @property
    def solo(self) -> bool:
        return not self.partner and not self.misere


def _solos() -> list[Bid]:
    names = {9: "Nove", 10: "Dez", 11: "Onze", 12: "Doze", 13: "Treze"}
    chips = {9: 4, 10: 5, 11: 6, 12: 7, 13: 8}
    level = {9: 7, 10: 9, 11: 10, 12: 12, 13: 14}
    out = []
    for n in (9, 10, 11, 12, 13):
        lv = level[n]
        out.append(Bid(f"solo-{n}", lv, f"Solo {names[n]}", n, chips[n], "choice"))
        out.append(Bid(f"solo-{n}-ultima", lv if n == 10 else lv + 1, f"Solo {names[n]} da Última", n,
                       chips[n], "ultima"))
    return out


LADDER: tuple[Bid, ...] = tuple(sorted([
    Bid("jubileu", 1, "Jubileu", 7, 2, "choice", partner=True),
    Bid("jubileu-ultima", 2, "Jubileu da Última", 7, 2, "ultima", partner=True),
    Bid("solo-7", 3, "Solo Sete", 7, 2, "choice"),
    Bid("solo-7-ultima", 4, "Solo Sete da Última", 7, 2, "ultima"),
    Bid("meia-miseria", 5, "Meia Miséria", 1, 3, "none", misere=True),
    Bid("solo-8", 5, "Solo Oito", 8, 3, "choice"),
    Bid("solo-8-ultima", 5, "Solo Oito da Última", 8, 3, "ultima"),
    Bid("obrigatorio", 6, "Jogo Obrigatório", 8, 3, "partner", partner=True),
    *_solos(),
    Bid("miseria", 9, "Miséria", 0, 5, "choice", misere=True),
    Bid("miseria-aberta", 16, "Miséria Aberta", 0, 10, "choice", misere=True, open=True),
    Bid("coloquio", 17, "Miséria Aberta com Colóquio", 0, 15, "choice", misere=True, open=True, colloquy=True),
], key=lambda b: (b.level, ("meia-miseria", "solo-8", "solo-8-ultima", "solo-10", "solo-10-ultima",
                            "miseria").index(b.key) if b.level in (5, 9) else 0)))
BIDS = {b.key: b for b in LADDER}
MEIA = "meia-miseria"
OBRIGATORIO = "obrigatorio"
#: Within a shared level the first bid stands, except these (standing, overcall) pairs (seed).
SAME_LEVEL_OVERCALLS = frozenset({("solo-8", "solo-8-ultima"), ("solo-10", "solo-10-ultima")})

SUIT_WORDS = {0: N_("spades"), 1: N_("hearts"), 2: N_("diamonds"), 3: N_("clubs")}
SUIT_SYMBOL = {0: "♠", 1: "♥", 2: "♦", 3: "♣"}


def overcall_problem(standing: str | None, new: str) -> str | None:
    """Why ``new`` may not follow ``standing`` (an English sentence to translate), or None (seed;
    docs/rules/jubileu.md#jubileu.overcall)."""
    if standing is None:
        return None
    old, bid = BIDS[standing], BIDS[new]
    if bid.level > old.level:
        return None
    if bid.level < old.level:
        return N_("{new} cannot follow {old}: a new bid must be at a higher level than the standing bid "
                  "({new} is level {new_level}, {old} level {old_level}).")
    if (standing, new) in SAME_LEVEL_OVERCALLS:
        return None
    if standing == new:
        return N_("{new} is already the standing bid: a new bid must be at a higher level.")
    return N_("{new} cannot follow {old}: at level {old_level} the first bid announced stands "
              "(only Solo Oito da Última beats Solo Oito, and Solo Dez da Última beats Solo Dez).")


def ace_calls(hand: Sequence[int], trump: int | None) -> list[int]:
    """The Aces a Jubileu declarer may call: one he lacks, never the trump Ace (seed;
    docs/rules/jubileu.md#jubileu.call_ace)."""
    return [s * 13 + ACE_RANK for s in range(4) if s != trump and s * 13 + ACE_RANK not in hand]


def obrigatorio_calls(hand: Sequence[int]) -> list[int]:
    """The cards a Jogo Obrigatório declarer with four Aces may call: a King he lacks, a Queen if he holds
    every King, and so on down [T] (docs/rules/jubileu.md#jubileu.obrigatorio); the bots' search calls from the same
    list."""
    for rank in range(ACE_RANK - 1, -1, -1):
        free = [s * 13 + rank for s in range(4) if s * 13 + rank not in hand]
        if free:
            return free
    return []


# ---- Payments ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    chips: int
    player: int          # whose contract this settles (the declarer, or one Meia Miséria player)
    made: bool


def anticlockwise_from(seat: int) -> list[int]:
    """The other three seats in turn order starting on ``seat``'s right."""
    return [(seat + k) % SEATS for k in range(1, SEATS)]


def settle(key: str, declarer: int, partner: int | None, won: Sequence[int],
           meia_players: Sequence[int] = ()) -> list[Payment]:
    """Who pays whom for one deal (docs/rules/jubileu.md#jubileu.pay_solo and the payment rules after it); ``won`` is
    each seat's tricks.

    >>> [(p.payer, p.payee, p.chips) for p in settle("solo-9", 0, None, [7, 2, 2, 2])]  # 2 short: 4 + 1 each
    [(0, 1, 5), (0, 2, 5), (0, 3, 5)]
    >>> [(p.payer, p.payee, p.chips) for p in settle("jubileu", 0, 2, [5, 4, 0, 4])]  # 5 of 7: 2 + 1 each
    [(0, 1, 3), (2, 3, 3)]
    """
    bid = BIDS[key]
    v = bid.chips
    out: list[Payment] = []
    if key == MEIA:
        for p in meia_players or [declarer]:
            made = won[p] == 1
            for o in anticlockwise_from(p):
                out.append(Payment(o, p, v, p, True) if made else Payment(p, o, v, p, False))
        return out
    if bid.misere:
        made = won[declarer] == 0
        for o in anticlockwise_from(declarer):
            out.append(Payment(o, declarer, v, declarer, True) if made else Payment(declarer, o, v, declarer, False))
        return out
    if bid.partner:
        assert partner is not None
        took = won[declarer] + won[partner]
        defenders = [s for s in anticlockwise_from(declarer) if s != partner]
        if took >= bid.tricks:
            amount = v + took - bid.tricks
            return [Payment(defenders[0], declarer, amount, declarer, True),
                    Payment(defenders[1], partner, amount, declarer, True)]
        amount = v + max(0, bid.tricks - took - 1)
        return [Payment(declarer, defenders[0], amount, declarer, False),
                Payment(partner, defenders[1], amount, declarer, False)]
    took = won[declarer]
    if took >= bid.tricks:
        return [Payment(o, declarer, v + took - bid.tricks, declarer, True) for o in anticlockwise_from(declarer)]
    amount = v + max(0, bid.tricks - took - 1)
    return [Payment(declarer, o, amount, declarer, False) for o in anticlockwise_from(declarer)]


# ---- One deal, every phase, without narration (the lean path search copies) ------------------

PLAY, NOTE, SYM, CARD_OF = card_codes.PLAY, card_codes.NOTE, card_codes.SYM, card_codes.CARD_OF

NO_ESPIRRA, ORDERED, WHEN_HE_LIKES, SPENT = 0, 1, 2, 3
#: The view's words for the espirra states.
ESPIRRA_STATES = {"none": NO_ESPIRRA, "ordered": ORDERED, "quando": WHEN_HE_LIKES, "spent": SPENT}
ESPIRRA_WORDS = {state: word for word, state in ESPIRRA_STATES.items()}
#: The bids whose partner is the secret holder of a called Ace (the espirra is theirs).
ACE_CALLS = frozenset({"jubileu", "jubileu-ultima"})

#: The lean deal's actions, small integers: the cards 0-51 (played); ``ESPIRRA``, the declarer's "Espirra" or the
#: partner's called Ace played as espirra (the seat says which, as at the table); ``ORDER_WHEN``, "Espirra
#: quando quiser"; a pass; joining Meia Miséria; ``TRUMP + suit``; ``CALL + card``; ``BID +`` the bid's place in
#: :data:`LADDER`.
ESPIRRA, ORDER_WHEN, PASS, JOIN = 52, 53, 54, 55
TRUMP = 56
CALL = TRUMP + 4
BID = CALL + 52
#: Each lean action in the game's notation, by its number, and the number of each.
ACTIONS: tuple[Action, ...] = (*PLAY, Action("espirra"), Action("espirra-quando-quiser"), Action("pass"),
                               Action("join"), *(Action("trump", s) for s in tricks.SUITS),
                               *(Action("call", n) for n in NOTE), *(Action("bid", b.key) for b in LADDER))
CODE_OF: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
assert len(ACTIONS) == BID + len(LADDER) and ACTIONS[ESPIRRA:JOIN + 1] == (
    Action("espirra"), Action("espirra-quando-quiser"), Action("pass"), Action("join"))

#: The shared trick strengths (:func:`engine.tricks.trick_keys`) per trump suit, the last (index -1)
#: for no trumps: ``TRICK_KEYS[trump][led][card]``, looked up when a trick is won instead of computed.
TRICK_KEYS = [tricks.trick_keys(t) for t in range(4)] + [tricks.trick_keys(None)]


class Deal:
    """One deal in every phase: small-integer cards (:mod:`engine.tricks`), ``turn`` the seat to act, ``phase``
    "auction", "trump", "call", "play", then "done" (also when all four pass).

    As dealt: ``hands``, the ``dealer`` and his last card, the ``ultima``; the variants its rules read
    (``meia_join``, ``troela_option``). The auction: ``calls`` in order (seat, "pass", "join" or a bid), who
    ``passed``, who may no longer join a standing Meia Miséria (``meia_declined``), the ``standing`` bid and its
    ``holders``. Once it is won: ``contract``, ``declarer``, ``trump``, ``exposed`` hands, ``called`` (the card that
    names the partner: a Jubileu's Ace, Jogo Obrigatório's fourth Ace or King), ``partner`` its holder (in a
    search's imagined deal, a guess) and ``public`` (is the partnership known to everyone?). ``espirra`` moves
    from NO_ESPIRRA to ORDERED or WHEN_HE_LIKES when a Jubileu's declarer speaks, and to SPENT once the called
    Ace is played (SPENT from the start in every other contract).
    """

    __slots__ = ("hands", "dealer", "ultima", "meia_join", "troela_option", "calls", "passed", "meia_declined",
                 "standing", "holders", "contract", "declarer", "exposed", "trump", "partner", "called", "espirra",
                 "partner_won", "won", "trick", "trick_seats", "espirra_at", "turn", "troela", "done_tricks", "phase",
                 "public")

    def __init__(self, hands: list[list[int]], dealer: int, ultima: int, meia_join: str = "still_in",
                 troela: bool = False) -> None:
        """The deal as dealt: the auction opens on the dealer's right."""
        self.hands = hands
        self.dealer = dealer
        self.ultima = ultima
        self.meia_join = meia_join
        self.troela_option = troela
        self.calls: tuple[tuple[int, str], ...] = ()
        self.passed: frozenset[int] = frozenset()
        self.meia_declined: frozenset[int] = frozenset()
        self.standing: str | None = None
        self.holders: tuple[int, ...] = ()
        self.contract: str | None = None
        self.declarer: int | None = None
        self.exposed: tuple[int, ...] = ()
        self.trump: int | None = None
        self.partner: int | None = None
        self.called: int | None = None
        self.espirra = SPENT
        self.partner_won = False
        self.won = [0] * SEATS
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.espirra_at: int | None = None  # position in the current trick of an espirra Ace
        self.turn = (dealer + 1) % SEATS
        self.troela = False
        self.done_tricks: list[tuple[list[int], list[int], int, bool]] = []  # seats, cards, winner, espirra
        self.phase = "auction"
        self.public = True

    def copy(self) -> "Deal":
        d = Deal.__new__(Deal)
        d.hands = [list(h) for h in self.hands]
        d.dealer, d.ultima, d.meia_join, d.troela_option = self.dealer, self.ultima, self.meia_join, self.troela_option
        d.calls, d.passed, d.meia_declined = self.calls, self.passed, self.meia_declined  # immutable: shared
        d.standing, d.holders, d.contract, d.exposed = self.standing, self.holders, self.contract, self.exposed
        d.trump, d.declarer, d.partner, d.called = self.trump, self.declarer, self.partner, self.called
        d.espirra, d.partner_won, d.won = self.espirra, self.partner_won, list(self.won)
        d.trick, d.trick_seats, d.espirra_at = list(self.trick), list(self.trick_seats), self.espirra_at
        d.turn, d.troela, d.done_tricks, d.phase = self.turn, self.troela, list(self.done_tricks), self.phase
        d.public = self.public
        return d

    def with_contract(self, contract: str, holders: Sequence[int], trump: int | None, called: int | None,
                      partner: int | None, leader: int) -> "Deal":
        """This deal with its auction and choices settled as given and the play about to start: how the bots
        try a contract out in an imagined deal."""
        self.contract, self.standing, self.holders, self.declarer = contract, contract, tuple(holders), holders[0]
        self.trump, self.called, self.partner = trump, called, partner
        self._begin_play(leader)
        return self

    # -- the lean-deal protocol (engine.search.LeanDeal; docs/lean-deal.md), in every phase --
    #: What a view does not say, which :meth:`from_view` guesses: the secret partner of a Jubileu (and whether
    #: he has won a trick), taken to be whoever holds the called Ace in the imagined hands.
    NOT_IN_VIEW: tuple[str, ...] = ("partner", "partner_won")

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[int], seed: int | str = 0) -> "Deal":
        """The deal as ``view``'s seat sees it, the cards it cannot see (:func:`unseen`) placed in the order of
        ``sampled_hidden``: the seats whose hands it does not see (not its own, exposed or colloquy hands), in
        increasing order, each take as many as they hold. ``seed`` is unused (nothing is left to chance)."""
        return cls.placer(view)(sampled_hidden)

    @classmethod
    def placer(cls, view: Mapping[str, Any]) -> Callable[[Sequence[int]], "Deal"]:
        """:meth:`from_view` for one view, again and again: ``place(sampled_hidden)`` builds the same deal as
        ``from_view(view, sampled_hidden)``, but the view is read once (search imagines many deals)."""
        base = cls.seen_from(view)
        known = base.hands
        places = [(s, view["hand_sizes"][s]) for s in range(SEATS) if s != view["seat"] and not known[s]]
        needed = sum(size for _, size in places)
        called = CARD_OF[view["called_card"]] if view["called_card"] else None
        secret = view["partner"] is None and called is not None

        def place(sampled_hidden: Sequence[int]) -> Deal:
            if len(sampled_hidden) != needed:
                raise ValueError(f"{len(sampled_hidden)} hidden cards do not fill the unseen hands ({needed} cards)")
            hands = [list(h) for h in known]
            start = 0
            for s, size in places:
                hands[s] = list(sampled_hidden[start:start + size])
                start += size
            world = base.copy()
            world.hands = hands
            if secret:
                world.partner = partner = next((s for s in range(SEATS) if called in hands[s]), None)
                world.partner_won = partner is not None and any(t[2] == partner for t in world.done_tricks)
            return world
        return place

    @classmethod
    def seen_from(cls, view: Mapping[str, Any]) -> "Deal":
        """What ``view`` says of the deal: the hands its seat sees (:func:`known_hands`), the others empty; the
        auction replayed from its calls."""
        options = view["options"]
        d = Deal(known_hands(view), view["dealer"], CARD_OF[view["ultima"]["card"]], options["meia_join"],
                 bool(options["troela"]))
        for call in view["auction"]:
            d.record(call["seat"], call["call"])
        d.contract, d.declarer, d.partner = view["contract"], view["declarer"], view["partner"]
        d.exposed = tuple(int(s) for s in view["exposed"])
        d.trump = None if view["trump"] is None else tricks.SUIT_INDEX[view["trump"]]
        d.called = CARD_OF[view["called_card"]] if view["called_card"] else None
        phase = view["phase"]
        d.phase = phase if phase in ("auction", "trump", "call", "play") else "done"
        if view["current_player"] is not None:
            d.turn = view["current_player"]
        if d.contract is None or phase not in ("play", "over"):
            return d
        played = {c for t in view["tricks_played"] for c in t["cards"]} | {c for _, c in view["trick"]}
        d.espirra = ESPIRRA_STATES[view["espirra"]] if view["espirra"] else SPENT
        d.public = d.contract not in ACE_CALLS or view["called_card"] in played
        d.troela = d.contract == OBRIGATORIO and d.troela_option
        d.won = list(view["tricks_won"])
        d.trick = [CARD_OF[c] for _, c in view["trick"]]
        d.trick_seats = [s for s, _ in view["trick"]]
        d.espirra_at = view["espirra_in_trick"]
        d.done_tricks = [(t["seats"], [CARD_OF[c] for c in t["cards"]], t["winner"], t["espirra"])
                         for t in view["tricks_played"]]
        d.partner_won = d.partner is not None and any(t["winner"] == d.partner for t in view["tricks_played"])
        return d

    def to_act(self) -> list[int]:
        return [] if self.phase == "done" else [self.turn]

    def legal(self, seat: int) -> list[int]:
        """``seat``'s legal actions, in the order the game lists them: in the play the cards, then the espirra
        calls open to him; bids, joining and passing in the auction; the suits he may name trump; the cards he
        may call."""
        phase = self.phase
        if phase == "play":
            out = self.legal_cards(seat)
            if self.may_order(seat):
                out.append(ESPIRRA)
            if self.may_order_when(seat):
                out.append(ORDER_WHEN)
            if self.may_espirra_when(seat):
                out.append(ESPIRRA)
            return out
        if phase == "auction":
            return self.auction_legal(seat)
        if phase == "trump":
            return [TRUMP + s for s in self.trump_choices(seat)]
        if phase == "call":
            return [CALL + c for c in self.callable_cards(seat)]
        return []

    def apply(self, seat: int, action: int) -> None:
        if action < ESPIRRA:
            self.play(action)
        elif action <= ORDER_WHEN:
            if self.is_order(seat, action):
                self.order(action == ORDER_WHEN)
            else:
                self.play(self.called, True)  # type: ignore[arg-type]
        elif action < TRUMP or action >= BID:
            self.speak(seat, action)
        elif action < CALL:
            self.name_trump(seat, action - TRUMP)
        else:
            self.call_card(seat, action - CALL)

    @staticmethod
    def notation(action: int) -> str:
        """The game's notation of one of :meth:`legal`'s actions ("play 7H", "bid solo-7", "espirra")."""
        return str(ACTIONS[action])

    # -- the auction (docs/rules/jubileu.md#jubileu.auction) --
    def aces(self, seat: int) -> int:
        """The Aces dealt to ``seat`` (the Jogo Obrigatório duty counts the hand as dealt): held and played."""
        held = sum(1 for c in self.hands[seat] if c % 13 == ACE_RANK)
        played = sum(1 for seats, cards, _, _ in self.done_tricks for s, c in zip(seats, cards)
                     if s == seat and c % 13 == ACE_RANK)
        return held + played + sum(1 for s, c in zip(self.trick_seats, self.trick) if s == seat and c % 13 == ACE_RANK)

    def bound_to_bid(self, seat: int) -> bool:
        """The Jogo Obrigatório duty: 3–4 Aces and the standing bid below level 6
        (docs/rules/jubileu.md#jubileu.obligation)."""
        return self.aces(seat) >= 3 and (self.standing is None or BIDS[self.standing].level < 6) \
            and seat not in self.passed

    def _may_speak(self, seat: int) -> bool:
        if seat in self.holders:
            return False
        if seat not in self.passed:
            return True
        return self.meia_join == "anyone" and self.standing == MEIA and seat not in self.meia_declined

    def _next_speaker(self, after: int) -> int | None:
        for s in anticlockwise_from(after):
            if self._may_speak(s):
                return s
        return None

    def bid_refusal(self, seat: int, key: str) -> tuple[str, str] | None:
        """Why ``seat`` may not bid ``key`` now, untranslated (a sentence with fields, the rule), or None."""
        if seat in self.passed:
            return N_("{who} passed, and a pass is final."), "jubileu.auction"
        if key == OBRIGATORIO and self.aces(seat) < 3:
            return N_("Jogo Obrigatório is only for a player dealt 3 or 4 Aces; {who} holds {n}."), \
                "jubileu.obligation"
        problem = overcall_problem(self.standing, key)
        if problem:
            return problem, "jubileu.overcall"
        if BIDS[key].level < 6 and self.bound_to_bid(seat):
            return N_("{who} holds {n} Aces, so must bid at least Jogo Obrigatório: {new} is too low."), \
                "jubileu.obligation"
        return None

    def may_join(self, seat: int) -> bool:
        """Whether ``seat`` may join the standing Meia Miséria (docs/rules/jubileu.md#jubileu.join)."""
        if self.standing != MEIA or seat in self.holders or self.meia_join == "nobody":
            return False
        if seat in self.passed:
            return self.meia_join == "anyone" and seat not in self.meia_declined
        return not self.bound_to_bid(seat)

    def auction_legal(self, seat: int) -> list[int]:
        if seat in self.passed:
            return [JOIN, PASS]
        out = [BID + i for i, b in enumerate(LADDER) if self.bid_refusal(seat, b.key) is None]
        if self.may_join(seat):
            out.append(JOIN)
        if not self.bound_to_bid(seat):
            out.append(PASS)
        return out

    def record(self, seat: int, call: str) -> None:
        """One call written into the auction ("pass", "join" or a bid): who passed, who may still join, the
        standing bid and its holders. :meth:`speak` makes a call with it; :meth:`seen_from` replays a view's."""
        if call == "pass":
            if seat in self.passed:
                self.meia_declined |= {seat}
            else:
                self.passed |= {seat}
        elif call == "join":
            self.holders += (seat,)
            self.meia_declined |= {seat}
        else:
            self.standing, self.holders, self.meia_declined = call, (seat,), frozenset()
        self.calls += ((seat, call),)

    def speak(self, seat: int, action: int) -> None:
        """``seat`` passes, joins or bids; then the next player speaks, or the auction ends: the cards are thrown
        in when all pass (phase "done", no contract), else the standing bid wins."""
        self.record(seat, "pass" if action == PASS else "join" if action == JOIN else LADDER[action - BID].key)
        nxt = self._next_speaker(seat)
        if nxt is not None:
            self.turn = nxt
        elif self.standing is None:
            self.phase = "done"
        else:
            self._win_auction()

    # -- after the auction: trump, the called card, the lead --
    def _win_auction(self) -> None:
        key = self.standing
        assert key is not None
        bid = BIDS[key]
        d = self.holders[0]
        self.contract, self.declarer = key, d
        if bid.open:
            self.exposed = (d,)
        if bid.trump == "ultima":
            self.trump = self.ultima // 13
        if key == MEIA:
            self._begin_play(d)
        elif key == OBRIGATORIO:
            if self.aces(d) == 4:
                self.phase, self.turn = "call", d
            else:
                self._reveal_partner(next(c for c in range(ACE_RANK, 52, 13) if c not in self.hands[d]))
        elif bid.trump == "choice":
            self.phase, self.turn = "trump", d
        elif bid.partner:
            self.phase, self.turn = "call", d
        else:
            self._begin_play(d)

    def _reveal_partner(self, card: int) -> None:
        """Jogo Obrigatório: the holder of ``card`` is the partner, known to all; he names trump
        (docs/rules/jubileu.md#jubileu.obrigatorio)."""
        holder = next(s for s in range(SEATS) if card in self.hands[s])
        self.called, self.partner, self.public = card, holder, True
        self.phase, self.turn = "trump", holder

    def callable_cards(self, seat: int) -> list[int]:
        """The cards the declarer may call: an Ace he lacks, not trump's (Jubileu); in Jogo Obrigatório
        with four Aces, a King he lacks (a Queen if he holds every King, and so on down) [T]."""
        if self.contract == OBRIGATORIO:
            return obrigatorio_calls(self.hands[seat])
        return ace_calls(self.hands[seat], self.trump)

    def trump_choices(self, seat: int) -> list[int]:
        """The suits ``seat`` may name trump: any, but in Jogo Obrigatório not the called card's."""
        if self.contract == OBRIGATORIO:
            assert self.called is not None
            return [s for s in range(4) if s != self.called // 13]
        return [0, 1, 2, 3]

    def name_trump(self, seat: int, suit: int) -> None:
        self.trump = suit
        if self.contract != OBRIGATORIO and BIDS[self.contract or ""].partner:
            self.phase, self.turn = "call", seat
        else:
            self._begin_play(seat)

    def call_card(self, seat: int, card: int) -> None:
        """The declarer calls ``card``: in Jogo Obrigatório its holder shows himself at once; in a Jubileu he is
        the secret partner and the declarer leads."""
        if self.contract == OBRIGATORIO:
            self._reveal_partner(card)
            return
        self.called = card
        self.partner = next(s for s in range(SEATS) if card in self.hands[s])
        self._begin_play(seat)

    def _begin_play(self, leader: int) -> None:
        secret = self.contract in ACE_CALLS and self.called is not None
        self.espirra = NO_ESPIRRA if secret else SPENT
        self.public = not secret
        self.troela = self.contract == OBRIGATORIO and self.troela_option
        self.turn, self.phase = leader, "play"

    def partner_seen_by(self, seat: int) -> int | None:
        """The partner as ``seat`` knows him: public once his card is played, and always to himself."""
        if self.partner is not None and (self.public or seat == self.partner):
            return self.partner
        return None

    # -- the play --
    @property
    def led_suit(self) -> int | None:
        return self.trick[0] // 13 if self.trick else None

    @property
    def marked(self) -> int | None:
        """The called card where the play treats it apart: a Jubileu's Ace (the espirra), the troela's lead."""
        return self.called if self.contract in ACE_CALLS or self.troela else None

    def must_espirra(self, seat: int) -> bool:
        """The partner, at his turn after "Espirra", must play the called Ace."""
        return self.espirra == ORDERED and seat == self.partner

    def legal_cards(self, seat: int) -> list[int]:
        """What ``seat`` may play: the called Ace when "Espirra" orders it (or to open a Troela), else
        :func:`engine.tricks.follow_suit` with no options (docs/rules/jubileu.md#jubileu.follow)."""
        hand = self.hands[seat]
        if self.espirra == ORDERED and seat == self.partner:  # must_espirra
            return [self.called]  # type: ignore[list-item]
        trick = self.trick
        if trick:  # follow_rule, what follow_suit returns: search asks this for every card it plays
            return tricks.follow_rule(hand, trick[0] // 13)[0]
        if self.troela and not self.done_tricks and self.called is not None and self.called in hand:
            return [self.called]
        return hand[:]

    def may_order_when(self, seat: int) -> bool:
        """The declarer may say "Espirra quando quiser" on his own turn while the Ace is out."""
        return self.espirra == NO_ESPIRRA and seat == self.declarer and self.turn == seat and self.phase == "play"

    def may_order(self, seat: int) -> bool:
        """The declarer may say "Espirra" on his own turn while the Ace is out, in a trick the partner has not
        yet played to (docs/rules/jubileu.md#jubileu.espirra): the Ace must come to that very trick."""
        return self.may_order_when(seat) and self.partner not in self.trick_seats

    def may_espirra_when(self, seat: int) -> bool:
        """After "Espirra quando quiser", once he has won a trick, the partner may play the Ace as espirra."""
        return (self.espirra == WHEN_HE_LIKES and seat == self.partner and self.partner_won
                and self.turn == seat and self.called in self.hands[seat])

    def is_order(self, seat: int, action: int) -> bool:
        """Whether ``action`` (:data:`ESPIRRA` or :data:`ORDER_WHEN`) by ``seat`` is the declarer's order; the
        partner's "espirra" plays the called Ace."""
        return action == ORDER_WHEN or seat == self.declarer

    def order(self, when_he_likes: bool) -> None:
        self.espirra = WHEN_HE_LIKES if when_he_likes else ORDERED

    def plays_espirra(self, c: int, as_espirra: bool) -> bool:
        """Whether ``c`` played now is the espirra, which beats every card: the called Ace played as espirra, or
        after "Espirra"."""
        return c == self.called and (as_espirra or self.espirra == ORDERED)

    def play(self, c: int, as_espirra: bool = False) -> int | None:
        """Play ``c`` for the seat to act; returns the trick's winner when the trick is complete."""
        seat = self.turn
        if c == self.called:
            if self.plays_espirra(c, as_espirra):
                self.espirra_at = len(self.trick)
            self.espirra = SPENT
            self.public = True
        self.hands[seat].remove(c)
        self.trick.append(c)
        self.trick_seats.append(seat)
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return None
        if self.espirra_at is not None:
            pos = self.espirra_at
        else:  # tricks.winning_position with the strengths looked up: search plays this very often
            trump = -1 if self.trump is None or (self.troela and not self.done_tricks) else self.trump
            key = TRICK_KEYS[trump][self.trick[0] // 13]
            strengths = [key[x] for x in self.trick]
            pos = strengths.index(max(strengths))
        winner = self.trick_seats[pos]
        self.won[winner] += 1
        if winner == self.partner:
            self.partner_won = True
        self.done_tricks.append((self.trick_seats, self.trick, winner, self.espirra_at is not None))
        self.trick, self.trick_seats, self.espirra_at = [], [], None
        self.turn = winner
        if not self.hands[winner]:
            self.phase = "done"
        return winner


# ---- Options ------------------------------------------------------------------------------

def _positive_int(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000:
        return None
    return "a whole number from 1 to 1000"


def _target(value: Any) -> str | None:
    return None if value is None else _positive_int(value)


def _chips(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100_000:
        return None
    return "a whole number of chips from 0 to 100000"



def known_hands(view: Mapping[str, Any]) -> list[list[int]]:
    """Each seat's cards as ``view``'s seat sees them: its own, the exposed and the colloquy hands (the others
    empty)."""
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    hands[view["seat"]] = [CARD_OF[c] for c in view["hand"]]
    for s, cards in {**view["exposed"], **view["colloquy"]}.items():
        hands[int(s)] = [CARD_OF[c] for c in cards]
    return hands


def unseen(view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see, in the pack's order (:meth:`Deal.from_view` places them): the hands
    it does not see, less every card played."""
    seen = {c for h in known_hands(view) for c in h}
    for t in view["tricks_played"]:
        seen.update(CARD_OF[c] for c in t["cards"])
    seen.update(CARD_OF[c] for _, c in view["trick"])
    return [c for c in range(52) if c not in seen]


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :meth:`Deal.from_view` places them: the
    hands it does not see, by seat (the proof that from_view rebuilds the true deal)."""
    known = known_hands(view)
    return [c for s, hand in enumerate(deal.hands) if s != view["seat"] and not known[s] for c in hand]


def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


#: What people may type for a bid: its key, or its name in any case and with or without accents.
BID_WORDS = {**{_slug(b.name): b.key for b in LADDER}, **{b.key: b.key for b in LADDER},
             "solo-sete-ultima": "solo-7-ultima", "miseria-aberta-com-coloquio": "coloquio"}
for _b in LADDER:
    BID_WORDS.setdefault(_slug(_b.name).replace("-da-", "-"), _b.key)


class JubileuView(ViewHeader):
    """Every key of ``Jubileu.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    phase: str
    hand: list[str]
    hand_sizes: list[int]
    ultima: dict[str, Any]
    auction: list[dict[str, Any]]
    passed: list[int]
    standing_bid: str | None
    standing_holders: list[int]
    allowed_bids: list[str]
    bid_ladder: list[dict[str, Any]]
    aces: int
    declarer: int | None
    declarers: list[int]
    contract: str | None
    target: int | None
    trump: str | None
    called_card: str | None
    partner: int | None
    espirra: str | None
    exposed: dict[str, Any]
    colloquy: dict[str, Any]
    trick: list[list[Any]]
    espirra_in_trick: int | None
    led_suit: str | None
    last_trick: dict[str, Any] | None
    tricks_played: list[dict[str, Any]]
    tricks_won: list[int]
    chips: list[int]
    results: list[dict[str, Any]]
    deal: int
    deals_total: int
    dealer: int
    current_player: int | None
    is_over: bool
    legal: list[str]


class Jubileu(Game):
    id = "jubileu"
    view_type = JubileuView
    short_match = {"deals": 1}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 275 decisions, 36% cost anything (mostly within the noise); q90 0.52, q95 0.80, q99 1.50 chips
    review_thresholds = Thresholds(0.5, 1, 2, claims.fact(
        "review.loss.jubileu", N_("{value} chips below the better move")), N_("chips"), N_("chip"),
        loss_one=claims.fact("review.loss.jubileu.one", N_("{value} chip below the better move")))
    name = "Jubileu"
    blurb = N_("The Portuguese auction whist: 17 bids, a partner called by his Ace, and \"Espirra\".")
    min_players = max_players = default_players = SEATS
    rules = RULES
    lean_deal = Deal  # the deal in play, every phase (``self.deal``)
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("deals", 4, "How many deals the session lasts (a thrown-in deal counts).", check=_positive_int),
        Option("target", None, "None, or end the session after the deal in which a player has won or lost "
               "this many chips.", check=_target),
        Option("start_chips", 20, "The chips each player starts with (the seed hands out chips first).",
               check=_chips),
        Option("all_pass", "throw_in", "'throw_in': when all four pass, the next dealer (to the right) deals; "
               "'redeal': the same dealer deals again. Either way the deal counts.", choices=("throw_in", "redeal")),
        Option("meia_join", "still_in", "Who may join a standing Meia Miséria: 'still_in', players who have not "
               "passed (docs/rules/jubileu.md#jubileu.join); 'anyone', a player who passed is offered it once too; "
               "'nobody'.",
               choices=("still_in", "anyone", "nobody")),
        Option("troela", False, "True: in Jogo Obrigatório the partner must lead his Ace (or the called card) "
               "and trumps cannot win that first trick (Rikken's troela).", choices=(False, True)),
        language_option(),
        first_dealer_option("The seat that deals first; None: everyone draws and the lowest card deals."),
    )

    # ---- words (tr and narrate: engine.protocol.Game) ----
    def counted(self, n: int, noun: str) -> str:
        """``"1 trick"`` / ``"3 tricks"`` (``"1 vaza"`` / ``"3 vazas"``): a number and its noun, agreeing."""
        one, many = _COUNTED[noun]
        return self.tr(agreeing(n, one, many), n=n)

    def suit_word(self, suit: int) -> str:
        return self.tr(SUIT_WORDS[suit])

    def suit_phrase(self, suit: int | None) -> str:
        return self.tr("no trump") if suit is None else f"{SUIT_SYMBOL[suit]} ({self.suit_word(suit)})"

    # ---- the session ----
    def _setup(self) -> None:
        self.chips = [self.options["start_chips"]] * SEATS
        self.deal_no = 0
        self.results: list[dict[str, Any]] = []
        self._over = False
        first = self.first_dealer_seat()
        self._start_deal(first if first is not None else self._draw_for_dealer())

    def _draw_for_dealer(self) -> int:
        """Lowest card deals; ties draw again (seed: "quem tira a menor carta")."""
        rng = rng_for(self.seed, "jubileu-draw")
        pack = list(range(52))
        rng.shuffle(pack)
        drawing, drawn = list(range(SEATS)), []
        while True:
            cards = {s: pack.pop() for s in drawing}
            drawn.append(cards)
            low = min(c % 13 for c in cards.values())
            drawing = [s for s, c in cards.items() if c % 13 == low]
            if len(drawing) == 1:
                break
        shown = "; ".join(", ".join(f"{self.names[s]} {SYM[c]}" for s, c in round_.items())
                          for round_ in drawn)
        self.narrate("draw", "jubileu.first_dealer", "Drawing for the deal: {cards}. {who} drew the lowest card and "
                 "deals first.", seat=drawing[0], who=self.names[drawing[0]], cards=shown)
        return drawing[0]

    def _start_deal(self, dealer: int) -> None:
        pack = stacked_pack(standard_52(), self.deck if self.deal_no == 0 else None, self.seed,
                            "jubileu-deal", self.deal_no, pack_name="52-card pack")
        hands, _ = deal_round_robin(pack, SEATS, 13, first=(dealer + 1) % SEATS)
        self.deal = Deal([sorted(tricks.index(c) for c in h) for h in hands], dealer, tricks.index(pack[-1]),
                         self.options["meia_join"], self.options["troela"])
        self.narrate("deal", "jubileu.deal", "Deal {n}: {who} deals 13 cards to each player, one at a time, "
                 "anticlockwise.", seat=dealer, who=self.names[dealer], n=self.deal_no + 1,
                 data={"deal": self.deal_no + 1, "dealer": dealer})
        u = tricks.card(self.deal.ultima)
        self.narrate("ultima", "jubileu.ultima", "{who} shows the última, {card}: {suit} for the bids \"da Última\".",
                 seat=dealer, who=self.names[dealer], card=u.symbol, suit=self.suit_word(self.deal.ultima // 13),
                 data={"card": str(u)})

    # ---- whose turn ----
    @property
    def current_player(self) -> int | None:
        return None if self._over else self.deal.turn

    @property
    def is_over(self) -> bool:
        return self._over

    def progress(self) -> Progress:
        """``target``: the session ends after a deal in which someone has won or lost that many chips."""
        return self.match_progress(self.deal_no if self._over else self.deal_no + 1, self.options["deals"],
                                   self.options["target"])

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=r["deal"], points=list(r["change"]), how=None) for r in self.results]

    @property
    def scores(self) -> list[int]:
        return list(self.chips)

    # ---- the auction ----
    def bid_problem(self, seat: int, key: str) -> tuple[str, str] | None:
        """Why ``seat`` may not bid ``key`` now (a sentence and the rule), or None when it may."""
        d = self.deal
        refusal = d.bid_refusal(seat, key)
        if refusal is None:
            return None
        bid, old = BIDS[key], BIDS[d.standing] if d.standing else None
        return self.tr(refusal[0], who=self.names[seat], n=d.aces(seat), new=bid.name, new_level=bid.level,
                       old=old.name if old else "", old_level=old.level if old else 0), refusal[1]

    def _speak(self, seat: int, code: int) -> None:
        d = self.deal
        had_passed, old = seat in d.passed, d.standing
        d.speak(seat, code)
        if code == PASS:
            if had_passed:
                self.narrate("pass", "jubileu.join", "{who} does not join Meia Miséria.", seat=seat,
                         who=self.names[seat])
            else:
                self.narrate("pass", "jubileu.auction", "{who} passes (a pass is final).", seat=seat,
                         who=self.names[seat])
        elif code == JOIN:
            self.narrate("join", "jubileu.join", "{who} joins Meia Miséria: {pl} will each try to take exactly one "
                     "trick, each for himself.", seat=seat, who=self.names[seat],
                     pl=join_names([self.names[s] if i == 0 else inside(self.names[s])
                                    for i, s in enumerate(d.holders)], self.tr("and")))
        else:
            bid = LADDER[code - BID]
            if old is None:
                self.narrate("bid", "jubileu.auction", "{who} bids {bid} (level {level}, {chips} chips).", seat=seat,
                         who=self.names[seat], bid=bid.name, level=bid.level, chips=bid.chips,
                         data={"bid": bid.key})
            else:
                self.narrate("bid", "jubileu.overcall", "{who} bids {bid} over {old} (level {level}, {chips} chips).",
                         seat=seat, who=self.names[seat], bid=bid.name, old=BIDS[old].name, level=bid.level,
                         chips=bid.chips, data={"bid": bid.key})
        if d.phase == "done":
            self._throw_in()
        elif d.contract is not None:
            self._auction_won()

    def _throw_in(self) -> None:
        self.narrate("throw_in", "jubileu.all_pass", "All four pass: the cards are thrown in.")
        self.results.append({"deal": self.deal_no + 1, "dealer": self.deal.dealer, "contract": None,
                             "declarer": None, "partner": None, "won": [0] * SEATS, "change": [0] * SEATS,
                             "chips": list(self.chips)})
        self._next_deal(move_dealer=self.options["all_pass"] == "throw_in")

    # ---- after the auction: trump, the called card, the lead ----
    def _auction_won(self) -> None:
        d = self.deal
        key, decl = d.contract, d.declarer
        assert key is not None and decl is not None
        bid = BIDS[key]
        who = ", ".join(self.names[s] for s in d.holders)
        self.narrate("contract", "jubileu.auction", "{who} won the auction with {bid}: {goal}.", seat=decl, who=who,
                 bid=bid.name, goal=self.goal_text(key), data={"bid": key, "declarers": list(d.holders)})
        if d.exposed:
            hand = " ".join(SYM[c] for c in sorted(d.hands[decl], key=hand_order))
            self.narrate("expose", "jubileu.open", "{who} lays the hand face up: {cards}.", seat=decl,
                     who=self.names[decl], cards=hand, data={"cards": [NOTE[c] for c in d.hands[decl]]})
        if bid.trump == "ultima":
            assert d.trump is not None
            self.narrate("trump", "jubileu.trump", "Trump is the última's suit: {suit}.", seat=decl,
                     suit=self.suit_phrase(d.trump), data={"trump": tricks.SUITS[d.trump]})
        if d.phase == "play":
            self._narrate_lead()
        elif d.phase == "trump" and key == OBRIGATORIO:
            self._narrate_partner()

    def _narrate_partner(self) -> None:
        """Jogo Obrigatório's partner shows himself (docs/rules/jubileu.md#jubileu.obrigatorio)."""
        d = self.deal
        holder, card = d.partner, d.called
        assert holder is not None and card is not None
        self.narrate("partner_revealed", "jubileu.obrigatorio", "{who} holds {card} and is the partner: "
                 "{who2} names trump (not {suit}) and leads.", seat=holder, who=self.names[holder],
                 who2=self.names[holder], card=SYM[card], suit=self.suit_word(card // 13),
                 data={"partner": holder, "card": NOTE[card]})

    def _narrate_lead(self) -> None:
        leader = self.deal.turn
        self.narrate("lead", "jubileu.lead", "{who} leads the first trick.", seat=leader, who=self.names[leader])

    def _name_trump(self, seat: int, suit: int) -> None:
        d = self.deal
        d.name_trump(seat, suit)
        self.narrate("trump", "jubileu.obrigatorio" if d.contract == OBRIGATORIO else "jubileu.trump",
                 "{who} names trump: {suit}.", seat=seat, who=self.names[seat], suit=self.suit_phrase(suit),
                 data={"trump": tricks.SUITS[suit]})
        if d.phase == "play":
            self._narrate_lead()

    def _call_card(self, seat: int, card: int) -> None:
        d = self.deal
        d.call_card(seat, card)
        if d.contract == OBRIGATORIO:
            self.narrate("call", "jubileu.obrigatorio", "{who} holds all four Aces and calls {card}.", seat=seat,
                     who=self.names[seat], card=SYM[card], data={"card": NOTE[card]})
            self._narrate_partner()
            return
        self.narrate("call", "jubileu.call_ace", "{who} calls {card}: its holder is the secret partner.", seat=seat,
                 who=self.names[seat], card=SYM[card], data={"card": NOTE[card]})
        self._narrate_lead()

    # ---- legal moves ----
    def _legal(self, seat: int) -> list[Action]:
        return [ACTIONS[a] for a in self.deal.legal(seat)]

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb in ("pass", "join", "espirra", "espirra-quando-quiser") and not act.arg:
            return act
        if act.verb == "espirra" and _slug(act.arg) == "quando-quiser":
            return Action("espirra-quando-quiser")
        if act.verb == "bid" and act.arg and len(act.arg) <= 40:
            key = BID_WORDS.get(_slug(act.arg))
            if key:
                return Action("bid", key)
        if act.verb == "trump" and act.arg:
            suit = _suit_of_text(act.arg)
            if suit is not None:
                return Action("trump", tricks.SUITS[suit])
        if act.verb in ("call", "play") and act.arg:
            try:
                c = parse_card(act.arg)
                if c.suit in tricks.SUIT_INDEX:
                    return Action(act.verb, str(c))
            except CardError:
                pass
        raise IllegalAction(self.tr("{move!r} is not a Jubileu move: moves look like 'bid solo-7', 'pass', "
                                    "'join', 'trump S', 'call AH', 'play 7H' or 'espirra'.", move=str(action)),
                            "jubileu.auction" if act.verb in ("bid", "pass", "join") else "jubileu.follow")

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        d = self.deal
        verb = action.verb
        phase_words = {"auction": N_("The auction is on: bid, join or pass."),
                       "trump": N_("Trump must be named first."),
                       "call": N_("The partner's card must be called first."),
                       "play": N_("The auction is over: play a card.")}
        wanted = {"auction": ("bid", "join", "pass"), "trump": ("trump",), "call": ("call",),
                  "play": ("play", "espirra", "espirra-quando-quiser")}
        if verb not in wanted[d.phase]:
            return self.tr(phase_words[d.phase]), _PHASE_RULE[d.phase]
        if d.phase == "auction":
            if verb == "bid":
                problem = self.bid_problem(seat, action.arg)
                if problem:
                    return problem
            if verb == "pass":
                return (self.tr("{who} holds {n} Aces: the Jogo Obrigatório duty forbids passing while the standing "
                                "bid is below Jogo Obrigatório.", who=self.names[seat], n=d.aces(seat)),
                        "jubileu.obligation")
            if verb == "join":
                if d.standing != MEIA:
                    return self.tr("Only a standing Meia Miséria can be joined."), "jubileu.join"
                if seat in d.passed:
                    return self.tr("{who} passed, and a pass is final: only players still in the auction may join "
                                   "Meia Miséria.", who=self.names[seat]), "jubileu.join"
                if self.options["meia_join"] == "nobody":
                    return self.tr("In this game nobody may join Meia Miséria."), "jubileu.join"
                return (self.tr("{who} holds {n} Aces, so must bid at least Jogo Obrigatório.",
                                who=self.names[seat], n=d.aces(seat)), "jubileu.obligation")
            return self.tr("{who} may not make that call now.", who=self.names[seat]), "jubileu.auction"
        if d.phase == "trump":
            assert d.called is not None
            return (self.tr("Trump may not be {suit}: the partner's card, {card}, is of that suit.",
                            suit=self.suit_word(d.called // 13), card=SYM[d.called]),
                    "jubileu.obrigatorio")
        if d.phase == "call":
            c = CARD_OF[action.arg]
            if c in d.hands[seat]:
                return self.tr("{who} holds {card}: call a card you do not hold.", who=self.names[seat],
                               card=SYM[c]), _call_rule(d.contract)
            if d.contract == OBRIGATORIO:
                return self.tr("Call the highest card you lack: {cards}.", cards=", ".join(
                    SYM[x] for x in d.callable_cards(seat))), "jubileu.obrigatorio"
            if c // 13 == d.trump and c % 13 == ACE_RANK:
                return self.tr("The trump Ace may never be called."), "jubileu.call_ace"
            return self.tr("Call an Ace."), "jubileu.call_ace"
        if verb in ("espirra", "espirra-quando-quiser"):
            if seat != d.declarer and verb == "espirra-quando-quiser" or d.marked is None:
                return self.tr("Only the declarer of a Jubileu may say \"Espirra\"."), "jubileu.espirra"
            if d.espirra != NO_ESPIRRA and seat == d.declarer:
                return self.tr("\"Espirra\" can be said only once, while the called Ace is still out."), \
                    "jubileu.espirra"
            if seat == d.declarer and d.may_order_when(seat) and d.partner in d.trick_seats:
                return self.tr("The partner has already played to this trick: \"Espirra\" may be said only in a "
                               "trick he has not yet played to."), "jubileu.espirra"
            if seat == d.partner and d.espirra == WHEN_HE_LIKES:
                return self.tr("You may play the called Ace as espirra once you have won a trick yourself."), \
                    "jubileu.espirra_quando"
            return self.tr("Only the declarer of a Jubileu may say \"Espirra\"."), "jubileu.espirra"
        c = CARD_OF[action.arg]
        if c not in d.hands[seat]:
            return self.tr("{who} does not hold {card}.", who=self.names[seat], card=SYM[c]), \
                "jubileu.follow"
        if d.must_espirra(seat):
            return self.tr("The declarer said \"Espirra\": you must play the called Ace, {card}.",
                           card=SYM[d.called or 0]), "jubileu.espirra"
        if d.troela and not d.trick and not d.done_tricks:
            return self.tr("Troela: the partner must lead {card}.", card=SYM[d.called or 0]), \
                "jubileu.troela"
        led = d.led_suit or 0
        return (self.tr("You must follow suit: {suit} were led and you hold {cards}.", suit=self.suit_word(led),
                        cards=" ".join(SYM[x] for x in sorted(d.hands[seat], key=hand_order)
                                       if x // 13 == led)), "jubileu.follow")

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        phase, code = self.deal.phase, CODE_OF[action]
        if phase == "auction":
            self._speak(seat, code)
        elif phase == "trump":
            self._name_trump(seat, code - TRUMP)
        elif phase == "call":
            self._call_card(seat, code - CALL)
        elif code in (ESPIRRA, ORDER_WHEN) and self.deal.is_order(seat, code):
            self._order(seat, code)
        else:
            self._play(seat, code)

    def _order(self, seat: int, code: int) -> None:
        d = self.deal
        assert d.called is not None
        d.apply(seat, code)
        card = SYM[d.called]
        if code == ORDER_WHEN:
            self.narrate("espirra", "jubileu.espirra_quando", "{who} says \"Espirra quando quiser\": the holder of "
                         "{card} may play it as espirra in a later trick, once he has won a trick.", seat=seat,
                     who=self.names[seat], card=card, data={"order": "quando"})
        else:
            self.narrate("espirra", "jubileu.espirra", "{who} says \"Espirra\"! At his next turn the holder of {card} "
                     "must play it, and it will beat every card.", seat=seat, who=self.names[seat], card=card,
                     data={"order": "now"})

    def _play(self, seat: int, code: int) -> None:
        d = self.deal
        assert d.declarer is not None
        c = code if code < ESPIRRA else d.called
        assert c is not None
        was_public, leading = d.public, not d.trick
        espirra = d.plays_espirra(c, code == ESPIRRA)
        d.apply(seat, code)
        card = tricks.card(c)
        if espirra:
            self.narrate("play", "jubileu.espirra", "{who} plays {card} as espirra: it beats every card, trumps "
                     "included.", seat=seat, who=self.names[seat], card=card.symbol, data={"card": str(card),
                                                                                       "espirra": True})
        else:
            self.narrate("play", "jubileu.lead" if leading else "jubileu.follow", "{who} plays {card}.", seat=seat,
                     who=self.names[seat], card=card.symbol, data={"card": str(card)})
        if d.public and not was_public:
            self.narrate("partner_revealed", "jubileu.plain_ace" if not espirra else "jubileu.espirra",
                     "{card} is the called Ace: {who} is the partner of {decl}.", seat=seat, who=self.names[seat],
                     card=card.symbol, decl=inside(self.names[d.declarer]), data={"partner": seat})
        if d.trick:  # the trick goes on
            return
        seats, cards, winner, by_espirra = d.done_tricks[-1]
        shown = ", ".join(f"{self.names[s]} {SYM[x]}" for s, x in zip(seats, cards))
        self.narrate("trick", "jubileu.espirra" if by_espirra else "jubileu.trick",
                 "{who} wins the trick ({cards}): {n} so far.", seat=winner, who=self.names[winner], cards=shown,
                 n=d.won[winner], data={"cards": [NOTE[x] for x in cards], "seats": list(seats)})
        if d.phase == "done":
            self._end_deal()

    # ---- settling and the next deal ----
    def goal_text(self, key: str) -> str:
        bid = BIDS[key]
        if key == MEIA:
            return self.tr("exactly one trick, no trump, {chips} chips", chips=bid.chips)
        if bid.misere:
            return self.tr("no trick at all, {chips} chips", chips=bid.chips)
        if bid.partner:
            return self.tr("{n} tricks or more with a partner, {chips} chips", n=bid.tricks, chips=bid.chips)
        return self.tr("{n} tricks or more alone, {chips} chips", n=bid.tricks, chips=bid.chips)

    def _end_deal(self) -> None:
        d = self.deal
        assert d.contract is not None and d.declarer is not None
        bid = BIDS[d.contract]
        payments = settle(d.contract, d.declarer, d.partner, d.won, d.holders)
        rule = "jubileu.pay_misere" if bid.misere else "jubileu.pay_partners" if bid.partner else "jubileu.pay_solo"
        change = [0] * SEATS
        for player in dict.fromkeys(p.player for p in payments):
            mine = [p for p in payments if p.player == player]
            took = d.won[player] + (d.won[d.partner] if bid.partner and d.partner is not None else 0)
            team: str
            if bid.partner:
                team = self.tr("{a} and {b}", a=self.names[player], b=self.names[d.partner or 0])
            else:
                team = self.names[player]
            verdict = N_("{who} made {bid} with {tricks}.") if mine[0].made else \
                N_("{who} failed {bid} with {tricks}.")
            self.narrate("result", rule, verdict, seat=player, who=team, bid=bid.name,
                         tricks=self.counted(took, "trick"),
                     data={"made": mine[0].made, "tricks": took})
            for p in mine:
                change[p.payer] -= p.chips
                change[p.payee] += p.chips
                self.narrate("pay", rule, "{payer} pays {payee} {chips}.", seat=p.payer, payer=self.names[p.payer],
                         payee=inside(self.names[p.payee]), chips=self.counted(p.chips, "chip"),
                         data={"payer": p.payer, "payee": p.payee, "chips": p.chips, "points": 0})
        for s in range(SEATS):
            self.chips[s] += change[s]
        self.results.append({"deal": self.deal_no + 1, "dealer": d.dealer, "contract": d.contract,
                             "declarer": d.declarer, "declarers": list(d.holders), "partner": d.partner,
                             "won": list(d.won), "change": change, "chips": list(self.chips)})
        self._next_deal(move_dealer=True)

    def _next_deal(self, move_dealer: bool) -> None:
        self.deal_no += 1
        start = self.options["start_chips"]
        target = self.options["target"]
        reached = target is not None and any(abs(c - start) >= target for c in self.chips)
        summary = ", ".join(f"{self.names[s]} {self.chips[s]}" for s in range(SEATS))
        if self.deal_no >= self.options["deals"] or reached:
            self._over = True
            best = max(self.chips)
            winners = [s for s in range(SEATS) if self.chips[s] == best]
            self.narrate("game_end", "jubileu.session", "The session is over. Chips: {summary}.", summary=summary,
                     data={"winners": winners, "scores": list(self.chips)})
            return
        self.narrate("deal_end", "jubileu.session", "Chips after deal {n}: {summary}.", n=self.deal_no,
                 summary=summary)
        dealer = self.deal.dealer
        self._start_deal((dealer + 1) % SEATS if move_dealer else dealer)

    # ---- what one seat sees ----
    def bid_ladder(self, seat: int) -> list[dict[str, Any]]:
        """Every rung with whether ``seat`` may bid it now and, if not, why (the table's tooltips)."""
        mine = self.deal.phase == "auction" and self.current_player == seat and not self._over
        rows = []
        for b in LADDER:
            problem = self.bid_problem(seat, b.key) if mine else None
            why = problem[0] if problem else (None if mine else self.tr("It is not your turn to bid."))
            rows.append({"key": b.key, "name": b.name, "level": b.level, "tricks": b.tricks, "chips": b.chips,
                         "trump": b.trump, "partner": b.partner, "misere": b.misere, "open": b.open,
                         "goal": self.goal_text(b.key), "allowed": mine and problem is None, "why": why})
        return rows

    def view(self, seat: int) -> dict[str, Any]:
        header = self.view_header(seat)
        d = self.deal
        show = lambda c: NOTE[c]  # noqa: E731
        hands = d.hands
        bid = BIDS[d.contract] if d.contract else None
        colloquy = {}
        if bid is not None and bid.colloquy and seat != d.declarer:
            colloquy = {str(s): [show(c) for c in sorted(hands[s], key=hand_order)]
                        for s in range(SEATS) if s not in (seat, d.declarer)}
        last = d.done_tricks[-1] if d.done_tricks else None
        return {
            **header,
            "phase": "over" if self._over else d.phase,
            "hand": [show(c) for c in sorted(hands[seat], key=hand_order)],
            "hand_sizes": [len(h) for h in hands],
            "ultima": {"card": show(d.ultima), "suit": tricks.SUITS[d.ultima // 13]},
            "auction": [{"seat": s, "call": c} for s, c in d.calls],
            "passed": sorted(d.passed),
            "standing_bid": d.standing,
            "standing_holders": list(d.holders),
            "allowed_bids": [a.arg for a in self.legal_actions(seat) if a.verb == "bid"],
            "bid_ladder": self.bid_ladder(seat),
            "aces": d.aces(seat),
            "declarer": d.declarer,
            "declarers": list(d.holders) if d.contract else [],
            "contract": d.contract,
            "target": bid.tricks if bid else None,
            "trump": None if d.trump is None else tricks.SUITS[d.trump],
            "called_card": None if d.called is None else show(d.called),
            "partner": d.partner_seen_by(seat),
            "espirra": None if d.marked is None else ESPIRRA_WORDS[d.espirra],
            "exposed": {str(s): [show(c) for c in sorted(hands[s], key=hand_order)] for s in d.exposed},
            "colloquy": colloquy,
            "trick": [[s, show(c)] for s, c in zip(d.trick_seats, d.trick)],
            "espirra_in_trick": d.espirra_at,
            "led_suit": None if d.led_suit is None else tricks.SUITS[d.led_suit],
            "last_trick": None if last is None else {"seats": list(last[0]), "cards": [NOTE[x] for x in last[1]],
                                                     "winner": last[2]},
            "tricks_played": [{"seats": list(s), "cards": [show(c) for c in cs], "winner": w, "espirra": e}
                              for s, cs, w, e in d.done_tricks],
            "tricks_won": list(d.won),
            "chips": list(self.chips),
            "results": [dict(r) for r in self.results],
            "deal": self.deal_no + 1 if not self._over else self.deal_no,
            "deals_total": self.options["deals"],
            "dealer": d.dealer,
            "current_player": self.current_player,
            "is_over": self._over,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


_PHASE_RULE = {"auction": "jubileu.auction", "trump": "jubileu.trump", "call": "jubileu.call_ace",
               "play": "jubileu.follow"}


def _call_rule(contract: str | None) -> str:
    return "jubileu.obrigatorio" if contract == OBRIGATORIO else "jubileu.call_ace"


def _suit_of_text(text: str) -> int | None:
    t = _slug(text)
    words = {"s": 0, "spades": 0, "espadas": 0, "h": 1, "hearts": 1, "copas": 1,
             "d": 2, "diamonds": 2, "ouros": 2, "c": 3, "clubs": 3, "paus": 3}
    symbols = {"♠": 0, "♥": 1, "♦": 2, "♣": 3}
    if text.strip() in symbols:
        return symbols[text.strip()]
    return words.get(t)


def hand_order(c: int) -> tuple[int, int]:
    """Hands are shown by suit (♠ ♥ ♣ ♦ alternate colours), high cards first."""
    return ((0, 1, 3, 2)[c // 13], -(c % 13))



def deck_for(hands: dict[int, str], dealer: int = 3, ultima: str | None = None) -> list[str]:
    """The ``deck=`` that deals these cards to these seats (the rest in pack order) with ``ultima`` as the
    dealer's last card: lessons and tests set up a position with it."""
    from ..cards import parse_cards
    from ..dealing import stack_deck
    named = {s: parse_cards(h) for s, h in hands.items()}
    last = parse_cards(ultima)[0] if ultima else None
    used = {c for cards in named.values() for c in cards} | ({last} if last else set())
    rest = [c for c in standard_52() if c not in used]
    full = []
    for s in range(SEATS):
        hand = list(named.get(s, []))
        while len(hand) < (12 if s == dealer and last else 13):
            hand.append(rest.pop(0))
        if s == dealer and last:
            hand.append(last)
        if len(hand) != 13:
            raise ValueError(f"seat {s} would get {len(hand)} cards")
        full.append([str(c) for c in hand])
    return stack_deck(full, first=(dealer + 1) % SEATS)
