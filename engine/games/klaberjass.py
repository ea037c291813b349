"""Klaberjass ("Clabberjass"), the two-player trick game of seed 004 (docs/rules/klaberjass.md).

Thirty-two cards, six each; the stock's top card proposes trumps. One player takes a
trump suit and becomes the *maker*, three more cards each, and nine tricks are played
with two rank orders: plain suits run A 10 K Q J 9 8 7, trumps J 9 A 10 K Q 8 7.
Points come from the cards taken (152 in the pack), the last trick (10), sequences
(tertz 20, fifty 50) and Bella (trump K+Q, 20). The maker must score more than his
opponent this deal, or the opponent takes both totals. First to 501 wins.

One deal, from the turn-up and the bidding to the last trick, lives in :class:`Deal`,
which has no narration, so search can copy and play it cheaply from any point;
:class:`Klaberjass` holds it with the match's scores and says in sentences what each
move did.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .. import card_codes, tricks
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, CardError, parse_card, piquet_32
from ..dealing import stacked_pack
from ..notation import quoted
from ..protocol import (Action, DealResult, Game, IllegalAction, Option, Progress, Rule, Rulebook, ViewHeader,
                       first_dealer_option, language_option)
from ..shuffle import rng_for
from ..words import inside, is_you
from .. import claims
from ..i18n import N_, Sentence
from ..review_thresholds import Thresholds

RULES = Rulebook([
    Rule("klaberjass.pack", N_("Two players and 32 cards: A K Q J 10 9 8 7 of each suit. The game is won by "
            "the first player to reach 501 points.")),
    Rule("klaberjass.deal", N_("The dealer gives six cards to each player, three at a time, starting with his "
            "opponent (the non-dealer). The deal alternates between the players.")),
    Rule("klaberjass.turn_up", N_("The top card of the stock is turned face up: its suit is the proposed trump.")),
    Rule("klaberjass.bid_first", N_("First round: the non-dealer, then the dealer, either takes the turned-up "
            "suit as trumps or passes. Who takes it becomes the maker. After a pass by both, the turn-up goes "
            "under the pack.")),
    Rule("klaberjass.bid_second", N_("Second round, if both passed: in the same order each may name another "
            "suit as trumps (not the turned-up suit) or pass. Who names one becomes the maker.")),
    Rule("klaberjass.redeal", N_("If both players pass twice, the hand is thrown in and the original "
            "non-dealer deals afresh.")),
    Rule("klaberjass.deal_more", N_("Once trumps are fixed the dealer gives three more cards to each player "
            "(nine each) and turns the pack over: the card at its bottom, the turn-up, is shown to both. The "
            "rest of the pack stays out of play.")),
    Rule("klaberjass.turn_up_out", N_("Variant (turn-up out of play): a refused turn-up is turned down and out "
            "of play, and when the pack is turned over its real bottom card is shown instead.")),
    Rule("klaberjass.ranks", N_("Plain suits rank A 10 K Q J 9 8 7 from the top. Trumps rank J 9 A 10 K Q 8 7: "
            "the Jack of trumps is the highest card, the 9 of trumps the next.")),
    Rule("klaberjass.lead", N_("The non-dealer leads to the first trick; the winner of a trick leads the next.")),
    Rule("klaberjass.follow", N_("You must follow suit: play a card of the suit led if you have one.")),
    Rule("klaberjass.trump_lead", N_("When a trump is led you must win the trick if you can: play a higher "
            "trump if you hold one.")),
    Rule("klaberjass.must_trump", N_("If you cannot follow suit you must play a trump; only with no trump "
            "either may you play any card.")),
    Rule("klaberjass.trick", N_("The higher trump wins the trick; with no trump in it, the higher card of the "
            "suit led wins.")),
    Rule("klaberjass.card_points", N_("Cards you take score: Ace 11, Ten 10, King 4, Queen 3, Jack 2 (the Jack "
            "of trumps 20), the 9 of trumps 14, the other 9s, 8s and 7s nothing. The pack holds 152 points.")),
    Rule("klaberjass.last_trick", N_("Whoever takes the last trick scores 10 more. Only the 18 cards dealt are "
            "played, so a deal's card points and last trick come to at most 156, and usually far less.")),
    Rule("klaberjass.sequences", N_("A sequence is three or more cards of one suit in a row, in the order "
            "A K Q J 10 9 8 7: three cards are a tertz (20), four or more a fifty (50). Sequences must be shown "
            "to score.")),
    Rule("klaberjass.sequence_compare", N_("Before the first lead the two best sequences are compared: the one "
            "with more cards wins, then the one with the higher top card. Only the player with the best "
            "sequence scores, and then he scores all of his sequences.")),
    Rule("klaberjass.sequence_tie", N_("If the two best sequences are equal, the non-dealer's wins.")),
    Rule("klaberjass.sequence_tie_trump", N_("Variant: if the two best sequences are equal, one in trumps wins; "
            "if neither is in trumps, nobody scores for sequences.")),
    Rule("klaberjass.sequence_trick", N_("A sequence scores only if its holder wins at least one trick in "
            "the deal: a fifty held by a player who takes no trick scores nothing.")),
    Rule("klaberjass.bella", N_("King and Queen of trumps in one hand are Bella: 20 points, scored whoever won "
            "the sequences, when the second of the two is played.")),
    Rule("klaberjass.maker", N_("The maker must score more points than his opponent this deal (cards, last "
            "trick, sequences and Bella); if he does not, his opponent scores both totals and the maker "
            "nothing. A tie is a failure.")),
    Rule("klaberjass.maker_tie_held", N_("Variant (tie held over): when the totals are equal, the opponent "
            "scores his own points and the maker's are held over, to go to whoever wins the next deal.")),
    Rule("klaberjass.maker_tie_belote", N_("Variant (Belote rule): when the totals are equal, the maker loses "
            "only his own points; the opponent scores his.")),
    Rule("klaberjass.end", N_("After each deal, a player with 501 or more wins; if both have reached it, the "
            "higher total wins, and equal totals play another deal.")),
    Rule("klaberjass.dix", N_("Variant (dix): when the turned-up suit is trumps, the holder of the 7 of trumps "
            "may exchange it for the turn-up before the first lead. It scores nothing.")),
    Rule("klaberjass.schmeiss", N_("Variant (schmeiss): in the first round, instead of taking or passing, a "
            "player may offer to throw the hand in. If the other agrees there is a fresh deal; if he refuses, "
            "the one who offered becomes the maker with the turned-up suit as trumps.")),
])

# ---- cards as small integers (engine.tricks): suit × 13 + rank (7 = 5 … Ace = 12) ----------

RANK_7, RANK_8, RANK_9, RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A = 5, 6, 7, 8, 9, 10, 11, 12
PACK = tuple(sorted(tricks.index(c) for c in piquet_32()))

_PLAIN_ORDER = (RANK_7, RANK_8, RANK_9, RANK_J, RANK_Q, RANK_K, RANK_10, RANK_A)   # low → high
_TRUMP_ORDER = (RANK_7, RANK_8, RANK_Q, RANK_K, RANK_10, RANK_A, RANK_9, RANK_J)
_PLAIN_POINTS = {RANK_A: 11, RANK_10: 10, RANK_K: 4, RANK_Q: 3, RANK_J: 2}
_TRUMP_POINTS = {RANK_J: 20, RANK_9: 14, RANK_A: 11, RANK_10: 10, RANK_K: 4, RANK_Q: 3}

#: ``PLAIN_POWER[c]``: how high card ``c`` ranks in a plain suit; ``TRUMP_POWER[c]`` in trumps.
PLAIN_POWER: tuple[int, ...] = tuple(_PLAIN_ORDER.index(c % 13) if c % 13 in _PLAIN_ORDER else -1
                                     for c in range(52))
TRUMP_POWER: tuple[int, ...] = tuple(_TRUMP_ORDER.index(c % 13) if c % 13 in _TRUMP_ORDER else -1
                                     for c in range(52))
TOTAL_CARD_POINTS = 152
LAST_TRICK = 10
BELLA = 20
TERTZ, FIFTY = 20, 50

#: Notation ↔ integers for the 32 cards of the pack, from the shared tables (play is hot in search and soaks).
PLAY = {c: card_codes.PLAY[c] for c in PACK}
CARD_OF = {card_codes.NOTE[c]: c for c in PACK}
NAME = {c: card_codes.NOTE[c] for c in PACK}
SUIT_CODES = tricks.SUITS  # index → "S", "H", "D", "C"


def card_points(c: int, trump: int) -> int:
    """What card ``c`` is worth to whoever takes it, with ``trump`` as trumps."""
    return (_TRUMP_POINTS if c // 13 == trump else _PLAIN_POINTS).get(c % 13, 0)


def follow_rule(hand: Sequence[int], trick: Sequence[int], trump: int) -> tuple[list[int], str]:
    """Klaberjass's follow rule, the one place it is written (engine.tricks.follow_rule with its duties): the
    cards ``hand`` may play to ``trick`` and the duty that chose them. Follow suit; on a trump lead beat it if
    you can (docs/rules/klaberjass.md#klaberjass.trump_lead); void, trump if you can
    (docs/rules/klaberjass.md#klaberjass.must_trump); else anything.

    >>> hearts = tricks.SUIT_INDEX["H"]
    >>> cards, duty = follow_rule([CARD_OF["JH"], CARD_OF["7H"], CARD_OF["KS"]], [CARD_OF["9H"]], hearts)
    >>> [NAME[c] for c in cards], duty  # the 9 of trumps led: the Jack beats it
    (['JH'], 'beat')
    """
    return tricks.follow_rule(hand, trick[0] // 13 if trick else None, trump=trump, must_trump=True,
                              must_win_trump_lead=True, trick=trick, power=PLAIN_POWER, trump_power=TRUMP_POWER)


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Position (0 = lead) of the card that wins this trick."""
    return tricks.winning_position(cards, trump, PLAIN_POWER, TRUMP_POWER)


#: Tables computed once from the rules above, for the lean path: ``REPLY_WINS[trump][lead * 52 + reply]``
#: says whether the second card takes the trick; ``POINTS[trump][c]`` is what card ``c`` is worth.
REPLY_WINS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(a in PACK and b in PACK and a != b and trick_winner((a, b), t) == 1 for a in range(52) for b in range(52))
    for t in range(4))
POINTS: tuple[tuple[int, ...], ...] = tuple(tuple(card_points(c, t) for c in range(52)) for t in range(4))

#: Only the 18 cards dealt (nine each) are played, so a deal's card points and last trick are at most the
#: 18 dearest cards + 10 = 156, whatever the trumps (docs/rules/klaberjass.md#klaberjass.last_trick): never the pack's
#: 152 + 10.
CARDS_PLAYED = 18
MAX_DEAL_CARD_POINTS = max(sum(sorted(POINTS[t][c] for c in PACK)[-CARDS_PLAYED:]) for t in range(4)) + LAST_TRICK


# ---- sequences ----------------------------------------------------------------------------

Sequence_ = tuple[int, int, int, tuple[int, ...]]  # (length, top rank, suit, cards high → low)


def find_sequences(hand: Sequence[int]) -> list[Sequence_]:
    """Every run of three or more in A K Q J 10 9 8 7 order, longest and highest first.

    A run of five or more is one fifty; a card belongs to one sequence only.

    >>> hand = [CARD_OF[c] for c in "9S 10S JS QS 7H 8H 9H AD".split()]
    >>> [sequence_name(s) for s in find_sequences(hand)]
    ['a fifty (4 cards to the Q♠)', 'a tertz (3 cards to the 9♥)']
    """
    held = set(hand)
    found: list[Sequence_] = []
    per_suit = [0, 0, 0, 0]
    for c in hand:
        per_suit[c // 13] += 1
    for suit in range(4):
        if per_suit[suit] < 3:  # no run of three in a suit of two cards (search deals many hands)
            continue
        run: list[int] = []
        for rank in range(RANK_A, RANK_7 - 2, -1):
            c = suit * 13 + rank
            if rank >= RANK_7 and c in held:
                run.append(c)
                continue
            if len(run) >= 3:
                found.append((len(run), run[0] % 13, suit, tuple(run)))
            run = []
    return sorted(found, key=lambda s: (-s[0], -s[1], s[2]))


def sequence_points(seq: Sequence_) -> int:
    return TERTZ if seq[0] == 3 else FIFTY


def sequence_name(seq: Sequence_) -> str:
    top = tricks.card(seq[3][0]).symbol
    return f"{'a tertz' if seq[0] == 3 else 'a fifty'} ({seq[0]} cards to the {top})"


def sequence_winner(hands: Sequence[Sequence[int]], dealer: int, trump: int, tie_rule: str,
                    found: Sequence[list[Sequence_]] | None = None) -> int | None:
    """Whose sequences score (docs/rules/klaberjass.md#klaberjass.sequence_compare): longer best, then higher top; ties
    by ``tie_rule``.

    ``found``: each hand's :func:`find_sequences`, when the caller has them already."""
    best = list(found) if found is not None else [find_sequences(h) for h in hands]
    keys = [(s[0][0], s[0][1]) if s else (0, 0) for s in best]
    if keys[0] == keys[1]:
        if keys[0] == (0, 0):
            return None
        if tie_rule == "seed":
            return 1 - dealer
        in_trump = [any((q[0], q[1]) == keys[0] and q[2] == trump for q in b) for b in best]
        if in_trump[0] != in_trump[1]:
            return 0 if in_trump[0] else 1
        return None
    return 0 if keys[0] > keys[1] else 1


# ---- settling a deal --------------------------------------------------------------------------

def settle(totals: Sequence[int], maker: int, tie_rule: str, held: int = 0) -> tuple[list[int], str, int]:
    """What each seat scores for a deal: (points, outcome, points now held over).

    ``outcome`` is "made", "failed" or "tie". Points held over from an earlier tie go
    to whoever wins this deal; a tie under the held-over rule keeps them waiting.

    >>> settle([70, 92], maker=0, tie_rule="fails")  # the maker fails: his opponent takes both
    ([0, 162], 'failed', 0)
    >>> settle([81, 81], maker=0, tie_rule="held_over")  # a tie: the maker's 81 wait for the next deal
    ([0, 81], 'tie', 81)
    """
    opp = 1 - maker
    scored = [0, 0]
    if totals[maker] > totals[opp]:
        scored[maker], scored[opp] = totals[maker] + held, totals[opp]
        return scored, "made", 0
    if totals[maker] < totals[opp] or tie_rule == "fails":
        scored[opp] = totals[0] + totals[1] + held
        return scored, "failed" if totals[maker] < totals[opp] else "tie", 0
    if tie_rule == "held_over":
        scored[opp] = totals[opp]
        return scored, "tie", held + totals[maker]
    scored[opp] = totals[opp] + held  # belote: the maker loses only his own points
    return scored, "tie", 0


# ---- the moves of a deal, as integers: the cards (0–51, engine.tricks), then the bidding's words ----------

TAKE, PASS, SCHMEISS, ACCEPT, REFUSE, EXCHANGE, KEEP = range(52, 59)
NAME_SUIT = 60  #: ``NAME_SUIT + suit``: name that suit as trumps (the second round)
#: Each move of a deal as the game writes it (``play 7H``, ``take``, ``name H`` …), and back.
MOVES: dict[int, Action] = {**PLAY, TAKE: Action("take"), PASS: Action("pass"), SCHMEISS: Action("schmeiss"),
                            ACCEPT: Action("accept"), REFUSE: Action("refuse"), EXCHANGE: Action("exchange"),
                            KEEP: Action("keep"), **{NAME_SUIT + s: Action("name", SUIT_CODES[s]) for s in range(4)}}
MOVE_OF: dict[Action, int] = {a: m for m, a in MOVES.items()}
MOVE_OF_TEXT: dict[str, int] = {str(a): m for m, a in MOVES.items()}
#: ``trump`` and ``maker`` while the bidding has not settled them.
UNSET = -1
#: The phases before the first lead, when a deal's moves are words, not cards.
BIDDING = ("bid1", "schmeiss", "bid2")
STOCK_CARDS = 32 - 13  # after six cards each and the turn-up


class Deal:
    """One deal, from the turn-up to the last trick, with no narration: the game's whole state of the deal in
    play, and the lean path that search copies and plays.

    Cards are small integers (see :mod:`engine.tricks`); seats are 0 and 1; a move is a card or one of the
    bidding's words (:data:`MOVES`). ``phase`` runs "bid1" (take or pass), "schmeiss" (answer an offer to
    throw in), "bid2" (name a suit or pass), "dix" (exchange the 7 of trumps), "play" and "done"; a deal
    thrown in ends "done" with no ``maker``. ``turn`` is the seat to act; ``trick`` holds the lead while the
    second card is awaited; ``stock`` is the pack not dealt, top first.
    """

    __slots__ = ("hands", "stock", "dealer", "turn_up", "turn_up_state", "bottom_card", "passes", "schmeisser",
                 "dix_taken", "trump", "maker", "turn", "trick", "points", "won", "last_trick", "tricks_played",
                 "bella_seat", "bella_done", "seq_seat", "seq_points", "seq_shown", "phase",
                 "schmeiss", "dix", "under_pack", "tie_rule", "need_trick")

    def __init__(self, pack: Sequence[int], dealer: int, *, schmeiss: bool = False, dix: bool = False,
                 turn_up: str = "under_pack", sequence_tie: str = "seed", need_trick: bool = True) -> None:
        """Deal ``pack`` (top first) as the rules do (docs/rules/klaberjass.md#klaberjass.deal): three each, the
        non-dealer first, three each again, the turn-up; the rest is the stock. The options are the game's."""
        nd = 1 - dealer
        self.hands: list[list[int]] = [[], []]
        self.hands[nd] = list(pack[0:3]) + list(pack[6:9])
        self.hands[dealer] = list(pack[3:6]) + list(pack[9:12])
        self.turn_up = pack[12]
        self.stock = list(pack[13:])
        self.dealer = dealer
        self.schmeiss, self.dix, self.under_pack = schmeiss, dix, turn_up == "under_pack"
        self.tie_rule, self.need_trick = sequence_tie, need_trick
        self.turn_up_state = "proposed"  # then "trump", "refused" or "exchanged"
        self.bottom_card: int | None = None
        self.passes: list[tuple[int, int]] = []  # (seat, round)
        self.schmeisser: int | None = None
        self.dix_taken: tuple[int, int] | None = None  # (seat, the turn-up he took for the 7)
        self.trump = self.maker = UNSET
        self.phase, self.turn = "bid1", nd
        self.trick: list[int] = []
        self.points = [0, 0]  # card points and the last trick
        self.won = [0, 0]      # tricks
        self.last_trick: tuple[int, int, int] | None = None  # (lead, reply, winner)
        self.tricks_played: list[tuple[int, int, int, int]] = []  # (leader, lead, reply, winner)
        self.bella_seat: int | None = None
        self.bella_done = False
        self.seq_seat: int | None = None
        self.seq_points = 0
        self.seq_shown: tuple[Sequence_, ...] = ()  # the sequences the winner of the comparison shows

    @classmethod
    def trumps_made(cls, hands: list[list[int]], dealer: int, trump: int, maker: int,
                    tie_rule: str = "seed", need_trick: bool = True) -> "Deal":
        """A deal whose bidding is over: these nine-card hands, ``trump`` made by ``maker``, the first lead
        to come (what a benchmark of the play alone starts from)."""
        nd, dl = hands[1 - dealer], hands[dealer]
        rest = [c for c in PACK if c not in nd and c not in dl]  # the turn-up, then the stock's bottom
        d = cls(nd[0:3] + dl[0:3] + nd[3:6] + dl[3:6] + rest[:1] + nd[6:9] + dl[6:9] + rest[1:], dealer,
                sequence_tie=tie_rule, need_trick=need_trick)
        d._make(maker, trump)
        return d

    def copy(self) -> "Deal":
        d = Deal.__new__(Deal)
        d.hands = [list(self.hands[0]), list(self.hands[1])]
        d.stock, d.passes = list(self.stock), list(self.passes)
        d.dealer, d.turn_up, d.turn_up_state = self.dealer, self.turn_up, self.turn_up_state
        d.bottom_card = self.bottom_card
        d.schmeisser, d.dix_taken = self.schmeisser, self.dix_taken
        d.schmeiss, d.dix, d.under_pack, d.tie_rule = self.schmeiss, self.dix, self.under_pack, self.tie_rule
        d.trump, d.maker, d.turn = self.trump, self.maker, self.turn
        d.trick, d.points, d.won = list(self.trick), list(self.points), list(self.won)
        d.last_trick, d.tricks_played = self.last_trick, list(self.tricks_played)
        d.bella_seat, d.bella_done = self.bella_seat, self.bella_done
        d.seq_seat, d.seq_points, d.seq_shown = self.seq_seat, self.seq_points, self.seq_shown
        d.need_trick, d.phase = self.need_trick, self.phase
        return d

    # -- the lean-deal protocol (engine.search.LeanDeal; docs/lean-deal.md), in every phase --
    #: What a view does not say, which :meth:`from_view` guesses: nothing. The bidding, tricks, card points,
    #: the sequences (announced as the play begins) and Bella are public; only the opponent's unknown cards
    #: and the stock are hidden, and they are ``sampled_hidden``. Whether he holds Bella follows from his
    #: imagined hand.
    NOT_IN_VIEW: tuple[str, ...] = ()

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[int], seed: int | str = 0) -> "Deal":
        """The deal as ``view``'s seat sees it, the cards it cannot see (:func:`unseen`) placed in the order of
        ``sampled_hidden``: the first ones complete the opponent's hand (beside the cards he is known to hold,
        :func:`opponent_known`), the rest make the stock, top first (during the bidding, the three more cards
        each and the bottom card come from it; once trumps are made play never reaches it, and the rest may be
        left out). ``seed`` is unused."""
        return cls.placer(view)(sampled_hidden)

    @classmethod
    def placer(cls, view: Mapping[str, Any]) -> Callable[[Sequence[int]], "Deal"]:
        """:meth:`from_view` for one view, again and again: ``place(sampled_hidden)`` builds the same deal as
        ``from_view(view, sampled_hidden)``, but the view is read once (search imagines many deals)."""
        base = cls.seen_from(view)
        opp = 1 - view["seat"]
        his = opponent_known(view)
        count = view["hand_sizes"][opp] - len(his)
        if base.phase in BIDDING:
            def place_with_stock(sampled_hidden: Sequence[int]) -> Deal:
                if len(sampled_hidden) < count + STOCK_CARDS:
                    raise ValueError(f"{len(sampled_hidden)} hidden cards cannot fill the opponent's hand and the "
                                     f"stock ({count} + {STOCK_CARDS} cards)")
                world = base.copy()
                world.hands[opp] = list(sampled_hidden[:count]) + his
                world.stock = list(sampled_hidden[count:])
                return world
            return place_with_stock
        king, queen = base.trump * 13 + RANK_K, base.trump * 13 + RANK_Q
        played_by_him = {t[1] if t[0] == opp else t[2] for t in base.tricks_played}
        if base.trick and base.turn != opp:
            played_by_him.add(base.trick[0])
        known_his = set(his) | played_by_him  # his for certain, whatever the imagined hand
        bella_open = base.phase == "play" and base.bella_seat is None and not base.bella_done

        def place(sampled_hidden: Sequence[int]) -> Deal:
            if len(sampled_hidden) < count:
                raise ValueError(f"{len(sampled_hidden)} hidden cards cannot fill the opponent's hand ({count} cards)")
            hand = list(sampled_hidden[:count])
            world = base.copy()
            world.hands[opp] = hand + his
            if bella_open and (king in known_his or king in hand) and (queen in known_his or queen in hand):
                world.bella_seat = opp
            return world
        return place

    @classmethod
    def seen_from(cls, view: Mapping[str, Any]) -> "Deal":
        """What ``view`` says of the deal: the viewer's hand, the opponent's and the stock left empty."""
        me = view["seat"]
        options = view["options"]
        d = Deal.__new__(Deal)
        d.hands = [[], []]
        d.hands[me] = sorted(CARD_OF[c] for c in view["hand"])
        d.stock = []
        d.dealer = view["dealer"]
        d.schmeiss, d.dix = bool(options["schmeiss"]), bool(options["dix"])
        d.under_pack, d.tie_rule = options["turn_up"] == "under_pack", options["sequence_tie"]
        d.need_trick = bool(options["sequences_need_trick"])
        d.turn_up, d.turn_up_state = CARD_OF[view["turn_up"]], view["turn_up_state"]
        d.bottom_card = None if view["bottom_card"] is None else CARD_OF[view["bottom_card"]]
        d.passes = [(s, r) for s, r in view["passes"]]
        d.schmeisser = view["schmeisser"]
        dix = view["dix"]
        d.dix_taken = None if dix is None else (dix["seat"], CARD_OF[dix["took"]])
        d.trump = UNSET if view["trump"] is None else tricks.SUIT_INDEX[view["trump"]]
        d.maker = UNSET if view["maker"] is None else view["maker"]
        d.turn = view["current_player"] if view["current_player"] is not None else me
        d.trick = [CARD_OF[c] for _, c in view["trick"]]
        d.points, d.won = list(view["card_points"]), list(view["tricks_won"])
        d.tricks_played = [(t["seats"][0], CARD_OF[t["cards"][0]], CARD_OF[t["cards"][1]], t["winner"])
                           for t in view["tricks_played"]]
        last = d.tricks_played[-1] if d.tricks_played else None
        d.last_trick = None if last is None else (last[1], last[2], last[3])
        seq = view["sequences"]
        d.seq_seat, d.seq_points = seq["winner"], seq["points"]
        d.seq_shown = tuple(_shown_sequence([CARD_OF[c] for c in q["cards"]]) for q in seq["shown"])
        d.phase = "done" if view["phase"] == "over" else view["phase"]
        d.bella_done = view["bella"] is not None
        in_play = d.phase in ("play", "done")
        d.bella_seat = view["bella"]["seat"] if d.bella_done else (me if in_play and view["bella_in_hand"] else None)
        return d

    def to_act(self) -> list[int]:
        return [] if self.phase == "done" else [self.turn]

    def apply(self, seat: int, action: int) -> None:
        """Make move ``action`` (a card or a bidding word, :data:`MOVES`) for ``seat``, the seat to act."""
        if action < 52:
            self.play(action)
        else:
            self.bid(seat, action)

    @staticmethod
    def notation(action: int) -> str:
        """The game's notation of one of :meth:`legal`'s moves ("play 7H", "take", "name H")."""
        return str(MOVES[action])

    def legal(self, seat: int | None = None) -> list[int]:
        """The moves of the seat to act: in the play the cards :func:`follow_rule` allows; before it the
        bidding's words, in the order the table lists them. Only the seat to act may move, so ``seat``
        (the protocol's) changes nothing."""
        phase = self.phase
        if phase == "play":
            return follow_rule(self.hands[self.turn], self.trick, self.trump)[0]
        if phase == "bid1":  # docs/rules/klaberjass.md#klaberjass.bid_first, #klaberjass.schmeiss
            return [TAKE, PASS, SCHMEISS] if self.schmeiss else [TAKE, PASS]
        if phase == "schmeiss":
            return [ACCEPT, REFUSE]
        if phase == "bid2":  # docs/rules/klaberjass.md#klaberjass.bid_second: not the turned-up suit
            up = self.turn_up // 13
            return [NAME_SUIT + s for s in range(4) if s != up] + [PASS]
        if phase == "dix":
            return [EXCHANGE, KEEP]
        return []

    # -- the bidding --
    def bid(self, seat: int, move: int) -> None:
        """A bidding move (docs/rules/klaberjass.md#klaberjass.bid_first to #klaberjass.schmeiss) or the dix."""
        if move == TAKE:
            self._make(seat, self.turn_up // 13)
        elif move >= NAME_SUIT:
            self._make(seat, move - NAME_SUIT)
        elif move == PASS:
            self._pass(seat)
        elif move == SCHMEISS:
            self.schmeisser, self.phase, self.turn = seat, "schmeiss", 1 - seat
        elif move == ACCEPT:
            self.phase, self.schmeisser = "done", None  # thrown in: no maker
        elif move == REFUSE:  # the offer binds the one who made it
            offered, self.schmeisser = self.schmeisser, None
            self._make(1 - seat if offered is None else offered, self.turn_up // 13)
        else:
            self._exchange(seat, move == EXCHANGE)

    def _pass(self, seat: int) -> None:
        rnd = 1 if self.phase == "bid1" else 2
        self.passes.append((seat, rnd))
        if seat != self.dealer:
            self.turn = self.dealer
        elif rnd == 1:
            self.phase, self.turn, self.turn_up_state = "bid2", 1 - self.dealer, "refused"
        else:
            self.phase = "done"  # both passed twice: thrown in (docs/rules/klaberjass.md#klaberjass.redeal)

    def _make(self, seat: int, suit: int) -> None:
        """``seat`` makes ``suit`` trumps: three more cards each and the pack turned over
        (docs/rules/klaberjass.md#klaberjass.deal_more), then the dix if it is offered, else the play."""
        self.trump, self.maker = suit, seat
        if suit == self.turn_up // 13 and self.turn_up_state == "proposed":
            self.turn_up_state = "trump"
        stock = self.stock
        self.hands[1 - self.dealer] += stock[0:3]
        self.hands[self.dealer] += stock[3:6]
        # The seed's "7 of hearts under pack": the turn-up went under the pack, so turning the pack over shows
        # it; refused and out of play (Parlett), the pack's real bottom card is shown.
        self.bottom_card = self.turn_up if self.under_pack else stock[-1]
        self.stock = stock[6:]
        seven = suit * 13 + RANK_7
        if self.dix and self.turn_up_state == "trump" and self.turn_up != seven:
            holder = next((s for s in (0, 1) if seven in self.hands[s]), None)
            if holder is not None:
                self.phase, self.turn = "dix", holder
                return
        self._start_play()

    def _exchange(self, seat: int, exchange: bool) -> None:
        """The dix (docs/rules/klaberjass.md#klaberjass.dix): the 7 of trumps for the turn-up, or kept."""
        if exchange:
            seven = self.trump * 13 + RANK_7
            hand = self.hands[seat]
            hand.remove(seven)
            hand.append(self.turn_up)
            self.dix_taken = (seat, self.turn_up)
            self.turn_up, self.turn_up_state = seven, "exchanged"
            if self.under_pack:
                self.bottom_card = seven  # the 7 takes the turn-up's place under the pack
        self._start_play()

    def _start_play(self) -> None:
        """Before the first lead: who holds Bella, and whose sequences win the comparison
        (docs/rules/klaberjass.md#klaberjass.sequence_compare); the non-dealer leads."""
        hands, trump = self.hands, self.trump
        kq = {trump * 13 + RANK_K, trump * 13 + RANK_Q}
        self.bella_seat = next((s for s in (0, 1) if kq <= set(hands[s])), None)
        found = [find_sequences(hands[0]), find_sequences(hands[1])]
        self.seq_seat = sequence_winner(hands, self.dealer, trump, self.tie_rule, found)
        if self.seq_seat is not None:
            self.seq_shown = tuple(found[self.seq_seat])
            self.seq_points = sum(sequence_points(s) for s in self.seq_shown)
        self.phase, self.turn = "play", 1 - self.dealer

    # -- the play --
    def play(self, c: int) -> int | None:
        """Play ``c`` for the seat to act; returns the trick's winner when it completes."""
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(c)
        trump = self.trump
        if seat == self.bella_seat and not self.bella_done and c // 13 == trump \
                and c % 13 in (RANK_K, RANK_Q) and trump * 13 + RANK_K not in hand and trump * 13 + RANK_Q not in hand:
            self.bella_done = True
        if not self.trick:
            self.trick.append(c)
            self.turn = 1 - seat
            return None
        lead = self.trick[0]
        leader = 1 - seat
        winner = seat if REPLY_WINS[trump][lead * 52 + c] else leader
        points = POINTS[trump]
        self.points[winner] += points[lead] + points[c]
        self.won[winner] += 1
        self.tricks_played.append((leader, lead, c, winner))
        self.last_trick = (lead, c, winner)
        self.trick = []
        self.turn = winner
        if not self.hands[seat]:
            self.points[winner] += LAST_TRICK
            self.phase = "done"
        return winner

    def sequence_scores(self) -> bool:
        """Whether the sequence winner's sequences count (so far: he needs a trick, if the rule is on)."""
        return self.seq_seat is not None and (not self.need_trick or self.won[self.seq_seat] > 0)

    def totals(self) -> list[int]:
        """Each seat's points this deal: cards, last trick, sequences (if they count) and Bella."""
        out = list(self.points)
        if self.sequence_scores():
            out[self.seq_seat] += self.seq_points  # type: ignore[index]
        if self.bella_done:
            out[self.bella_seat] += BELLA  # type: ignore[index]
        return out


def _shown_sequence(cards: Sequence[int]) -> Sequence_:
    """A sequence from its cards, high to low, as :func:`find_sequences` gives it."""
    return (len(cards), cards[0] % 13, cards[0] // 13, tuple(cards))


def shown_sequences(d: Deal) -> list[dict[str, Any]]:
    """The sequences the winner of the comparison shows, as the view and the log give them."""
    return [{"seat": d.seq_seat, "cards": [NAME[c] for c in q[3]], "points": sequence_points(q),
             "name": sequence_name(q)} for q in d.seq_shown]


def opponent_known(view: Mapping[str, Any]) -> list[int]:
    """Cards the opponent is known to hold still: his shown sequences, a turn-up he took (dix), and the 7 of
    trumps while he is to choose whether to exchange it."""
    me = view["seat"]
    played = {CARD_OF[c] for t in view["tricks_played"] for c in t["cards"]} | {CARD_OF[c] for _, c in view["trick"]}
    known = {CARD_OF[c] for q in view["sequences"]["shown"] if q["seat"] != me for c in q["cards"]}
    dix = view["dix"]
    if dix is not None and dix["seat"] != me:
        known.add(CARD_OF[dix["took"]])
    if view["phase"] == "dix" and view["current_player"] != me:
        known.add(tricks.SUIT_INDEX[view["trump"]] * 13 + RANK_7)
    return sorted(known - played)


def unseen(view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see, in the pack's order (:meth:`Deal.from_view` places them): the
    opponent's hand but what he is known to hold, and the stock but its cards on show."""
    seen = {CARD_OF[c] for c in view["hand"]}
    seen.update(CARD_OF[c] for _, c in view["trick"])
    seen.update(CARD_OF[c] for t in view["tricks_played"] for c in t["cards"])
    seen.add(CARD_OF[view["turn_up"]])
    if view["bottom_card"]:
        seen.add(CARD_OF[view["bottom_card"]])
    seen.update(opponent_known(view))
    return [c for c in PACK if c not in seen]


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[int]:
    """The cards ``view``'s seat cannot see in ``deal``, in the order :meth:`Deal.from_view` places them: the
    opponent's cards but the known ones, then the stock (the proof that from_view rebuilds the true deal):
    during the bidding in its true order, which decides the cards still to come; then in the pack's order."""
    hand = deal.hands[1 - view["seat"]]
    known = set(opponent_known(view))
    mine = [c for c in hand if c not in known]
    if deal.phase in BIDDING:
        return mine + deal.stock
    return mine + [c for c in unseen(view) if c not in hand]


# ---- options ------------------------------------------------------------------------------------

def _yes_or_no(value: Any) -> str | None:
    return None if isinstance(value, bool) else "choose True or False"


def _target_ok(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 100_000:
        return None
    return "the target is a whole number of points from 1 to 100000"


SUIT_WORDS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
              "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C",
              "SPADE": "S", "HEART": "H", "DIAMOND": "D", "CLUB": "C"}
_VERBS = ("take", "pass", "name", "play", "schmeiss", "accept", "refuse", "exchange", "keep")


#: The suits as a sentence names them (the catalog's words: "copas" in Portuguese).
SUIT_WORDS_SAID = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
#: A sequence's top card as a claim names it ("a tertz to the King").
RANK_WORDS = {"Ace": N_("Ace"), "King": N_("King"), "Queen": N_("Queen"), "Jack": N_("Jack")}


def suit_label(suit: int) -> str:
    code = SUIT_CODES[suit]
    return f"{SUIT_NAMES[code]} ({SUIT_SYMBOLS[code]})"


class KlaberjassView(ViewHeader):
    """Every key of ``Klaberjass.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    phase: str
    hand: list[str]
    hand_sizes: list[int]
    turn_up: str
    turn_up_state: str
    trump: str | None
    maker: int | None
    bidding_round: int | None
    passes: list[list[Any]]
    schmeisser: int | None
    bottom_card: str | None
    dix: dict[str, Any] | None
    trick: list[list[Any]]
    led_suit: str | None
    last_trick: dict[str, Any] | None
    tricks_played: list[dict[str, Any]]
    card_points: list[int]
    tricks_won: list[int]
    sequences: dict[str, Any]
    bella: dict[str, Any] | None
    bella_in_hand: bool
    deal_points: list[int]
    scores: list[int]
    held_over: int
    target: int
    dealer: int
    deal_number: int
    results: list[dict[str, Any]]
    current_player: int | None
    is_over: bool
    winner: int | None
    legal: list[str]


class Klaberjass(Game):
    id = "klaberjass"
    view_type = KlaberjassView
    short_match = {"target": 1}
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 306 decisions, 36% cost anything; q90 15, q95 29.6, q99 64.6 points
    review_thresholds = Thresholds(15, 30, 60, claims.fact(
        "review.loss.klaberjass", N_("{value} points below the better move")), N_("points"), N_("point"),
        loss_one=claims.fact("review.loss.klaberjass.one", N_("{value} point below the better move")))
    name = "Klaberjass"
    blurb = N_("Two players, 32 cards, two rank orders: take trumps, meld sequences, and beat your opponent to 501.")
    min_players = max_players = default_players = 2
    rules = RULES
    lean_deal = Deal  # the whole deal, bidding included: ``self.deal`` from the turn-up to the last trick
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("dix", False, "False (the seed): no exchange. True: when the turned-up suit is trumps, the "
               "holder of the 7 of trumps may exchange it for the turn-up before the first lead.",
               check=_yes_or_no),
        Option("schmeiss", False, "False (the seed): take or pass only. True: in the first round a player "
               "may offer to throw the hand in; if refused he must play the turned-up suit.",
               check=_yes_or_no),
        Option("sequence_tie", "seed", "When the best sequences are equal: 'seed' — the non-dealer's wins; "
               "'trump' — one in trumps wins, and if neither is, nobody scores.", choices=("seed", "trump")),
        Option("maker_tie", "fails", "When the maker's total equals his opponent's: 'fails' (the seed) — the "
               "opponent takes both; 'held_over' — the opponent scores his own and the maker's wait for the "
               "next deal's winner; 'belote' — the maker loses only his own.",
               choices=("fails", "held_over", "belote")),
        Option("sequences_need_trick", True, "True (the seed's example): a sequence scores only if its holder "
               "wins a trick; False: it scores anyway.", check=_yes_or_no),
        Option("target", 501, "The score that wins the game (the seed: 501; Parlett plays to 500).",
               check=_target_ok),
        Option("turn_up", "under_pack", "Where the turn-up goes: 'under_pack' (the seed: \"7 of hearts under "
               "pack\") — under the pack, so it is the card shown when the pack is turned over; 'out_of_play' "
               "(Parlett) — refused, it is turned down and out of play, and the pack's real bottom card is shown.",
               choices=("under_pack", "out_of_play")),
        first_dealer_option(),
        language_option(),
    )

    # ---- words ----
    def suit_word(self, code: str) -> str:
        """``"hearts"`` in the game's language."""
        return self.tr(SUIT_WORDS_SAID[code])

    def suit_said(self, suit: int) -> str:
        """``"hearts (♥)"`` in the game's language."""
        code = SUIT_CODES[suit]
        return f"{self.suit_word(code)} ({SUIT_SYMBOLS[code]})"

    def _inside(self, seat: int) -> str:
        """A seat's name in mid-sentence: "you" for the learner ("você" in Portuguese)."""
        return inside(self.names[seat])

    # ---- the match and its deals ----
    def _setup(self) -> None:
        first = self.first_dealer_seat()
        self.totals = [0, 0]
        self.deal_no = 0
        self.held = 0
        self.results: list[dict[str, Any]] = []
        self._over = False
        self._winner: int | None = None
        self._start_deal(first if first is not None else rng_for(self.seed, "klaberjass-dealer").below(2))

    def _start_deal(self, dealer: int) -> None:
        self.deal_no += 1
        first_deal = self.deal_no == 1
        pack = [tricks.index(c) for c in stacked_pack(
            piquet_32(), self.deck if first_deal else None, self.seed, "klaberjass-deal", self.deal_no,
            pack_name="32-card pack")]
        options = self.options
        self.deal = Deal(pack, dealer, schmeiss=options["schmeiss"], dix=options["dix"], turn_up=options["turn_up"],
                         sequence_tie=options["sequence_tie"], need_trick=options["sequences_need_trick"])
        self.sequence_words: str | None = None  # what the comparison of sequences said, once the play begins
        self._emit("deal", "klaberjass.deal",
                   self.tr(N_("Deal {n}: {who} deals six cards each, three at a time."), n=self.deal_no,
                           who=self.names[dealer]),
                   seat=dealer, deal=self.deal_no, dealer=dealer)
        up = tricks.card(self.deal.turn_up)
        self._emit("turn_up", "klaberjass.turn_up",
                   self.tr(N_("The top card of the stock is turned up: {card}. {suits} are the proposed trump."),
                           card=up.symbol, suits=self.suit_word(up.suit).capitalize()),
                   seat=dealer, card=str(up), suit=up.suit)

    def _next_deal(self) -> None:
        """The deal passes to the other player (docs/rules/klaberjass.md#klaberjass.deal)."""
        self._start_deal(1 - self.deal.dealer)

    # ---- whose turn, what is legal ----
    @property
    def current_player(self) -> int | None:
        return None if self._over else self.deal.turn

    @property
    def is_over(self) -> bool:
        return self._over

    def progress(self) -> Progress:
        return self.match_progress(self.deal_no, None, self.options["target"])

    def deal_results(self) -> list[DealResult]:
        return [DealResult(deal=r["deal"], points=list(r["scored"]), how=None) for r in self.results]

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winner(self) -> int | None:
        return self._winner

    def _legal(self, seat: int) -> list[Action]:
        return [MOVES[m] for m in self.deal.legal()]

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb in _VERBS and act.verb not in ("name", "play") and not act.arg:
            return act
        if act.verb == "name":
            suit = SUIT_WORDS.get(act.arg.upper().strip())
            if suit is not None:
                return Action("name", suit)
        else:
            text = act.arg if act.verb == "play" else (action.strip() if isinstance(action, str) else "")
            try:
                c = parse_card(text)
            except (CardError, ValueError):  # ValueError: digits like "²" that int() refuses
                c = None
            if c is not None and c.suit in tricks.SUIT_INDEX:
                if tricks.index(c) in PLAY:
                    return Action.play(c)
                raise IllegalAction(self.tr(N_("{card} is not in the Klaberjass pack: it has only A K Q J 10 9 8 7 "
                                               "of each suit."), card=c.symbol), "klaberjass.pack")
        raise IllegalAction(self.tr(N_("{move} is not a Klaberjass move: moves look like 'take', 'pass', "
                                       "'name H' or 'play 7H'."), move=quoted(str(action))),
                            "klaberjass.bid_first" if act.verb != "play" else "klaberjass.follow")

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        verb = action.verb
        d = self.deal
        up = tricks.card(d.turn_up)
        tr = self.tr
        if d.phase in ("bid1", "bid2", "schmeiss", "dix") and verb == "play":
            return tr(N_("Trumps are not settled yet: no card is played before the first lead.")), "klaberjass.lead"
        if d.phase == "bid1":
            if verb == "name":
                return (tr(N_("In the first round you may only take {card}'s suit or pass; naming another suit "
                              "comes in the second round."), card=up.symbol), "klaberjass.bid_first")
            if verb == "schmeiss":
                return tr(N_("Schmeiss is a variant that is not in play at this table.")), "klaberjass.schmeiss"
            return tr(N_("In the first round you take the turned-up suit or pass.")), "klaberjass.bid_first"
        if d.phase == "schmeiss":
            return (tr(N_("{who} offered to throw the hand in: accept (a fresh deal) or refuse."),
                       who=self.names[d.schmeisser or 0]), "klaberjass.schmeiss")
        if d.phase == "bid2":
            if verb == "name" and action.arg == up.suit:
                return (tr(N_("{suits} were refused in the first round: in the second round you may only name "
                              "another suit."), suits=self.suit_word(up.suit).capitalize()), "klaberjass.bid_second")
            if verb == "take":
                return (tr(N_("The turn-up {card} was refused and turned down: name another suit or pass."),
                           card=up.symbol), "klaberjass.bid_second")
            return tr(N_("In the second round you name another suit or pass.")), "klaberjass.bid_second"
        if d.phase == "dix":
            return (tr(N_("You hold the 7 of trumps: first exchange it for the turn-up or keep it.")),
                    "klaberjass.dix")
        if verb != "play":
            return tr(N_("Trumps are settled and the play has begun: play a card.")), "klaberjass.lead"
        c = tricks.index(action.card)
        if c not in d.hands[seat]:
            return tr(N_("{who} does not hold {card}."), who=self.names[seat], card=action.card.symbol), \
                "klaberjass.follow"
        return self._refusal(d, c)

    def _refusal(self, d: Deal, c: int) -> tuple[str, str]:
        """Why the seat to act may not play card ``c`` (it holds it, and :func:`follow_rule` does not allow it),
        and the rule, worded from the duty that chose the cards it may play."""
        allowed, duty = follow_rule(d.hands[d.turn], d.trick, d.trump)
        lead = d.trick[0]
        led = self.suit_word(SUIT_CODES[lead // 13])
        shown = " ".join(tricks.card(x).symbol for x in allowed)
        if duty == tricks.TRUMP:
            return (self.tr(N_("You have no {suits}, so you must trump: you hold {cards}."), suits=led, cards=shown),
                    "klaberjass.must_trump")
        if duty == tricks.BEAT and c // 13 == lead // 13:
            return (self.tr(N_("A trump was led ({card}) and you can beat it with {cards}: you must win the trick "
                               "if you can."), card=tricks.card(lead).symbol, cards=shown), "klaberjass.trump_lead")
        held = " ".join(tricks.card(x).symbol for x in d.hands[d.turn] if x // 13 == lead // 13)
        return (self.tr(N_("You must follow suit: {suits} were led and you hold {cards}."), suits=led, cards=held),
                "klaberjass.follow")

    # ---- a move: the deal makes it, the game says what happened ----
    def _apply(self, seat: int, action: Action) -> None:
        d = self.deal
        move = MOVE_OF[action]
        if move < 52:
            self._play(seat, move)
            return
        before = d.phase
        d.bid(seat, move)
        verb = action.verb
        if verb == "take":
            self._made("klaberjass.bid_first", self.tr(N_("{who} takes the turned-up suit"), who=self.names[seat]))
        elif verb == "name":
            self._made("klaberjass.bid_second", self.tr(N_("{who} names {suit}"), who=self.names[seat],
                                                        suit=self.suit_said(d.trump)))
        elif verb == "pass":
            self._passed(seat, before)
        elif verb == "schmeiss":
            self._emit("schmeiss", "klaberjass.schmeiss",
                       self.tr(N_("{who} says \"schmeiss\": an offer to throw the hand in."), who=self.names[seat]),
                       seat=seat)
        elif verb == "accept":
            self._emit("schmeiss_accept", "klaberjass.schmeiss",
                       self.tr(N_("{who} accepts: the hand is thrown in and the deal passes."), who=self.names[seat]),
                       seat=seat)
            self._next_deal()
        elif verb == "refuse":
            who = d.maker
            self._emit("schmeiss_refuse", "klaberjass.schmeiss",
                       self.tr(N_("{who} refuses: {maker} must play with the turned-up suit."), who=self.names[seat],
                               maker=self.names[who]), seat=seat)
            self._made("klaberjass.schmeiss", self.tr(N_("{who} takes the turned-up suit"), who=self.names[who]))
        else:
            self._dix(seat, verb == "exchange")

    def _passed(self, seat: int, before: str) -> None:
        d = self.deal
        rnd = 1 if before == "bid1" else 2
        rule = "klaberjass.bid_first" if rnd == 1 else "klaberjass.bid_second"
        self._emit("pass", rule, self.tr(N_("{who} passes."), who=self.names[seat]), seat=seat, round=rnd)
        if d.phase == "bid2" and before == "bid1":
            up = tricks.card(d.turn_up)
            where = (N_("Both passed: {card} goes under the pack. Second round: each may name another suit than "
                        "{suits}, or pass.") if d.under_pack else
                     N_("Both passed: {card} is turned down and out of play. Second round: each may name another "
                        "suit than {suits}, or pass."))
            self._emit("second_round", "klaberjass.bid_second",
                       self.tr(where, card=up.symbol, suits=self.suit_word(up.suit)), round=2)
        elif d.phase == "done":
            self._emit("redeal", "klaberjass.redeal",
                       self.tr(N_("Both passed twice: the hand is thrown in and {who} deals afresh."),
                               who=self._inside(1 - d.dealer)))
            self._next_deal()

    def _made(self, rule: str, said: str) -> None:
        """Trumps are made: who made them, the three more cards and the pack turned over; then the play, unless
        the dix is to be chosen first."""
        d = self.deal
        seat, dl = d.maker, d.dealer
        code = SUIT_CODES[d.trump]
        maker = self.names[seat]
        # the learner named mid-sentence reads "you", and "You" takes "are ... take": each its own template
        if is_you(maker):
            made = N_("{said}: {suits} are trumps. {who} are the maker and take the risk: {name} must score more "
                      "than {other} this deal.")
        elif is_you(self.names[1 - seat]):
            made = N_("{said}: {suits} are trumps. {who} is the maker and takes the risk: {name} must score more "
                      "than you this deal.")
        else:
            made = N_("{said}: {suits} are trumps. {who} is the maker and takes the risk: {name} must score more "
                      "than {other} this deal.")
        self._emit("make", rule, self.tr(made, said=said, suits=self.suit_word(code), who=maker, name=maker,
                                         other=self.names[1 - seat]), seat=seat, trump=code)
        assert d.bottom_card is not None, "the pack is turned over as trumps are made"
        bottom = tricks.card(d.bottom_card)
        if d.under_pack:
            self._emit("deal_more", "klaberjass.deal_more",
                       self.tr(N_("Three more cards each. {who} turns the pack over: at its bottom lies the turn-up "
                                  "{card}, out of play."), who=self.names[dl], card=bottom.symbol), seat=dl,
                       card=str(bottom))
        else:
            self._emit("deal_more", "klaberjass.turn_up_out",
                       self.tr(N_("Three more cards each. The bottom card of the pack is {card}, shown to both and "
                                  "out of play."), card=bottom.symbol), seat=dl, card=str(bottom))
        if d.phase == "play":
            self._play_begins()

    def _dix(self, seat: int, exchanged: bool) -> None:
        d = self.deal
        if exchanged and d.dix_taken is not None:
            up = tricks.card(d.dix_taken[1])
            self._emit("dix", "klaberjass.dix",
                       self.tr(N_("{who} exchanges the 7 of trumps for the turn-up {card} (dix)."),
                               who=self.names[seat], card=up.symbol), seat=seat, card=str(up))
        else:
            self._emit("dix", "klaberjass.dix",
                       self.tr(N_("{who} keeps the 7 of trumps."), who=self.names[seat]), seat=seat, card=None)
        self._play_begins()

    def _play_begins(self) -> None:
        d = self.deal
        self._announce_sequences(d)
        self._emit("lead", "klaberjass.lead", self.tr(N_("{who} leads to the first trick."), who=self.names[d.turn]),
                   seat=d.turn)

    def _announce_sequences(self, d: Deal) -> None:
        best = [find_sequences(h) for h in d.hands]
        if not best[0] and not best[1]:
            self.sequence_words = self.tr(N_("Neither player holds a sequence."))
            self._emit("sequences", "klaberjass.sequences", self.sequence_words, winner=None)
            return
        claims = [self._claim(s, best[s][0] if best[s] else None) for s in (0, 1)]
        w = d.seq_seat
        tie = bool(best[0] and best[1]) and (best[0][0][0], best[0][0][1]) == (best[1][0][0], best[1][0][1])
        if w is None:
            rule = "klaberjass.sequence_tie_trump"
            outcome = self.tr(N_("{claims}. The best sequences are equal and neither is in trumps: nobody scores "
                                 "for sequences."), claims="; ".join(claims))
        else:
            rule = ("klaberjass.sequence_tie" if self.options["sequence_tie"] == "seed" else
                    "klaberjass.sequence_tie_trump") if tie else "klaberjass.sequence_compare"
            listed = "; ".join(f"{self._sequence_said(q)}: " + " ".join(tricks.card(c).symbol for c in q[3])
                               for q in best[w])
            why = "" if not tie else self.tr(N_(" (equal sequences: the non-dealer's wins)")
                                             if self.options["sequence_tie"] == "seed" else
                                             N_(" (equal sequences: the one in trumps wins)"))
            if is_you(self.names[w]):  # "You win ... and show": the second verb is not next to the name
                wins = N_("{claims}. {who} wins the sequences{why} and show {listed}, worth {points}.")
            else:
                wins = N_("{claims}. {who} wins the sequences{why} and shows {listed}, worth {points}.")
            outcome = self.tr(wins, claims="; ".join(claims), who=self.names[w], why=why, listed=listed,
                              points=d.seq_points)
            if d.need_trick:
                outcome = self.tr(N_("{outcome} They count only if {who} wins a trick."), outcome=outcome,
                                  who=self._inside(w))
        self.sequence_words = text = outcome
        self._emit("sequences", rule, text, seat=w, winner=w, shown=shown_sequences(d),
                   points=0, worth=d.seq_points)

    def _claim(self, seat: int, top: Sequence_ | None) -> Sentence:
        """What one player announces before the first lead: his best sequence, or none."""
        who = self.names[seat]
        if top is None:
            return self.tr(N_("{who} has no sequence"), who=who)
        name = tricks.card(top[3][0]).name.split(" of ")[0]
        rank = self.tr(RANK_WORDS[name]) if name in RANK_WORDS else name
        if top[0] == 3:
            return self.tr(N_("{who} has a tertz to the {rank}"), who=who, rank=rank)
        if top[0] == 4:
            return self.tr(N_("{who} has a fifty to the {rank}"), who=who, rank=rank)
        return self.tr(N_("{who} has a fifty of {n} cards to the {rank}"), who=who, n=top[0], rank=rank)

    def _sequence_said(self, seq: Sequence_) -> Sentence:
        """``"a tertz (3 cards to the 9♥)"`` in the game's language (:func:`sequence_name` in English)."""
        what = N_("a tertz ({n} cards to the {card})") if seq[0] == 3 else N_("a fifty ({n} cards to the {card})")
        return self.tr(what, n=seq[0], card=tricks.card(seq[3][0]).symbol)

    def _play(self, seat: int, c: int) -> None:
        d = self.deal
        bella_before = d.bella_done
        trump = d.trump
        the_card = tricks.card(c)
        reason = _obeys(d)
        seq_before = d.sequence_scores()
        winner = d.play(c)
        self._emit("play", reason, self.tr(N_("{who} plays {card}."), who=self.names[seat], card=the_card.symbol),
                   seat=seat, card=NAME[c])
        if d.bella_done and not bella_before:
            k, q = tricks.card(trump * 13 + RANK_K).symbol, tricks.card(trump * 13 + RANK_Q).symbol
            self._emit("bella", "klaberjass.bella",
                       self.tr(N_("Bella! {who} played both {king} and {queen}: +{points}."), who=self.names[seat],
                               king=k, queen=q, points=BELLA), seat=seat, points=BELLA)
        if winner is None:
            return
        lead, reply, _ = d.last_trick  # type: ignore[misc]
        worth = card_points(lead, trump) + card_points(reply, trump)
        in_cards = d.points[winner] - (LAST_TRICK if d.phase == "done" else 0)  # the +10 is its own event
        shown = f"{tricks.card(lead).symbol}, {tricks.card(reply).symbol}"
        if is_you(self.names[winner]):  # "you now have": the verb is not next to the name
            won = (N_("{who} wins the trick ({cards}), worth {n} point; {name} now have {in_cards} in cards.")
                   if worth == 1 else
                   N_("{who} wins the trick ({cards}), worth {n} points; {name} now have {in_cards} in cards."))
        else:
            won = (N_("{who} wins the trick ({cards}), worth {n} point; {name} now has {in_cards} in cards.")
                   if worth == 1 else
                   N_("{who} wins the trick ({cards}), worth {n} points; {name} now has {in_cards} in cards."))
        self._emit("trick", "klaberjass.trick",
                   self.tr(won, who=self.names[winner], cards=shown, n=worth, name=self._inside(winner),
                           in_cards=in_cards), seat=winner, cards=[NAME[lead], NAME[reply]],
                   seats=[1 - seat, seat], worth=worth, points=worth)
        if d.seq_seat is not None and not seq_before and d.sequence_scores() and d.need_trick:
            self._emit("sequence_counts", "klaberjass.sequence_trick",
                       self.tr(N_("{who} has won a trick, so the sequences count: +{points}."),
                               who=self.names[d.seq_seat], points=d.seq_points),
                       seat=d.seq_seat, points=d.seq_points)
        if d.phase == "done":
            self._emit("last_trick", "klaberjass.last_trick",
                       self.tr(N_("{who} takes the last trick: +{points}."), who=self.names[winner],
                               points=LAST_TRICK), seat=winner, points=LAST_TRICK)
            self._end_deal()

    def _end_deal(self) -> None:
        d = self.deal
        maker, opp = d.maker, 1 - d.maker
        totals = d.totals()
        if d.seq_seat is not None and not d.sequence_scores():
            self._emit("sequence_lost", "klaberjass.sequence_trick",
                       self.tr(N_("{who} took no trick, so the sequences shown score nothing."),
                               who=self.names[d.seq_seat]), seat=d.seq_seat, points=0)
        tie_rule = self.options["maker_tie"]
        held_before = self.held
        scored, outcome, self.held = settle(totals, maker, tie_rule, self.held)
        fields = {"who_maker": self.names[maker], "mine": totals[maker], "who_opp": self.names[opp],
                  "theirs": totals[opp], "both": totals[0] + totals[1], "who_maker_in": self._inside(maker),
                  "who_opp_in": self._inside(opp)}
        if outcome == "made":
            rule = "klaberjass.maker"
            said = N_("{who_maker} (maker) {mine}, {who_opp} {theirs}: the maker scored more, and each player keeps "
                      "the points won.")
        elif outcome == "failed" or tie_rule == "fails":
            rule = "klaberjass.maker"
            said = (N_("{who_maker} (maker) {mine}, {who_opp} {theirs}: a tie is a failure, so {who_opp_in} takes "
                       "both totals, {both}, and {who_maker_in} scores nothing.") if outcome == "tie" else
                    N_("{who_maker} (maker) {mine}, {who_opp} {theirs}: the maker scored less, so {who_opp_in} takes "
                       "both totals, {both}, and {who_maker_in} scores nothing."))
        elif tie_rule == "held_over":
            rule = "klaberjass.maker_tie_held"
            said = N_("{who_maker} (maker) {mine}, {who_opp} {theirs}: a tie. {who_opp} scores {theirs}; the "
                      "maker's {mine} are held over for the winner of the next deal.")
        else:
            rule = "klaberjass.maker_tie_belote"
            said = N_("{who_maker} (maker) {mine}, {who_opp} {theirs}: a tie. {who_maker} loses only the maker's own "
                      "points; {who_opp_in} scores {theirs}.")
        text = self.tr(said, **fields)
        if held_before and outcome != "tie" or (held_before and tie_rule == "belote"):
            gets = maker if outcome == "made" else opp
            text = self.tr(N_("{text} {who} collects the {n} points held over as well."), text=text,
                           who=self.names[gets], n=held_before)
        for s in (0, 1):
            self.totals[s] += scored[s]
        self._emit("deal_end", rule, text, seat=maker, outcome=outcome, totals=totals, scored=scored)
        self.results.append({"deal": self.deal_no, "dealer": d.dealer, "maker": maker,
                             "trump": SUIT_CODES[d.trump], "card_points": list(d.points), "totals": totals,
                             "outcome": outcome, "scored": scored, "held": self.held,
                             "sequences": d.seq_points if d.sequence_scores() else 0,
                             "sequence_seat": d.seq_seat, "bella": d.bella_seat if d.bella_done else None,
                             "scores": list(self.totals)})
        scores = {"a": self.names[0], "a_has": self.totals[0], "b": self.names[1], "b_has": self.totals[1]}
        target = self.options["target"]
        top = max(self.totals)
        if top >= target and self.totals[0] != self.totals[1]:
            self._over = True
            self._winner = self.totals.index(top)
            both = min(self.totals) >= target
            said = (N_("Scores: {a} {a_has}, {b} {b_has}. {who} wins the game (both passed the target: the higher "
                       "total wins).") if both else N_("Scores: {a} {a_has}, {b} {b_has}. {who} wins the game."))
            self._emit("game_end", "klaberjass.end", self.tr(said, who=self.names[self._winner], **scores),
                       seat=self._winner, winners=[self._winner], scores=list(self.totals))
            return
        if top >= target:
            self._emit("deal_over", "klaberjass.end",
                       self.tr(N_("Scores: {a} {a_has}, {b} {b_has}. Both reached {target} with equal totals: another "
                                  "deal."), target=target, **scores), scores=list(self.totals))
        else:
            self._emit("deal_over", "klaberjass.end",
                       self.tr(N_("Scores: {a} {a_has}, {b} {b_has}. First to {target} wins."), target=target,
                               **scores), scores=list(self.totals))
        self._next_deal()

    # ---- what one seat sees ----
    def view(self, seat: int) -> dict[str, Any]:
        header = self.view_header(seat)
        show = NAME.__getitem__
        d = self.deal
        hand = d.hands[seat]
        trump = None if d.trump == UNSET else d.trump
        in_play = d.phase in ("play", "done")
        sequences: dict[str, Any] = {"winner": None, "shown": [], "counts": None, "points": 0, "text": None}
        if self.sequence_words is not None:
            sequences = {"winner": d.seq_seat, "shown": shown_sequences(d),
                         "counts": d.sequence_scores() if d.seq_seat is not None else None,
                         "points": d.seq_points, "text": self.sequence_words}
        own_bella = False
        if trump is not None:
            if in_play:
                own_bella = d.bella_seat == seat and not d.bella_done
            else:
                own_bella = {trump * 13 + RANK_K, trump * 13 + RANK_Q} <= set(hand)
        return {
            **header,
            "phase": "over" if self._over else d.phase,
            "hand": [show(c) for c in sorted(hand, key=lambda c: _hand_order(c, trump))],
            "hand_sizes": [len(d.hands[s]) for s in (0, 1)],
            "turn_up": show(d.turn_up),
            "turn_up_state": d.turn_up_state,
            "trump": None if trump is None else SUIT_CODES[trump],
            "maker": None if d.maker == UNSET else d.maker,
            "bidding_round": {"bid1": 1, "bid2": 2, "schmeiss": 1}.get(d.phase),
            "passes": [[s, r] for s, r in d.passes],
            "schmeisser": d.schmeisser,
            "bottom_card": None if d.bottom_card is None else show(d.bottom_card),
            "dix": None if d.dix_taken is None else {"seat": d.dix_taken[0], "took": show(d.dix_taken[1])},
            "trick": [[1 - d.turn, show(d.trick[0])]] if d.trick else [],
            "led_suit": SUIT_CODES[d.trick[0] // 13] if d.trick else None,
            "last_trick": _trick_view(d.tricks_played[-1], d.trump) if d.tricks_played else None,
            "tricks_played": [_trick_view(t, d.trump) for t in d.tricks_played],
            "card_points": list(d.points),
            "tricks_won": list(d.won),
            "sequences": sequences,
            "bella": {"seat": d.bella_seat, "points": BELLA} if d.bella_done else None,
            "bella_in_hand": own_bella,
            "deal_points": d.totals(),
            "scores": self.scores,
            "held_over": self.held,
            "target": self.options["target"],
            "dealer": d.dealer,
            "deal_number": self.deal_no,
            "results": [dict(r) for r in self.results],
            "current_player": self.current_player,
            "is_over": self._over,
            "winner": self._winner,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


def _obeys(d: Deal) -> str:
    """The rule the card now played by the seat to act obeys, from the duty :func:`follow_rule` names: a
    lead, following (a trump on a trump lead: the trump-lead rule), trumping, or following with no duty."""
    duty = follow_rule(d.hands[d.turn], d.trick, d.trump)[1]
    if duty == tricks.LEAD:
        return "klaberjass.lead"
    if duty == tricks.TRUMP:
        return "klaberjass.must_trump"
    if duty in (tricks.FOLLOW, tricks.BEAT) and d.trick[0] // 13 == d.trump:
        return "klaberjass.trump_lead"
    return "klaberjass.follow"




def _trick_view(played: tuple[int, int, int, int], trump: int) -> dict[str, Any]:
    leader, lead, reply, winner = played
    return {"seats": [leader, 1 - leader], "cards": [NAME[lead], NAME[reply]],
            "winner": winner, "points": card_points(lead, trump) + card_points(reply, trump)}


def _hand_order(c: int, trump: int | None) -> tuple[int, int]:
    """Hands are shown by suit (trumps first, colours alternating), highest first in that suit's order."""
    suit = c // 13
    place = (0, 1, 3, 2)[suit] + (-10 if suit == trump else 0)
    return (place, -(TRUMP_POWER if suit == trump else PLAIN_POWER)[c])
