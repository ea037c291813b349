"""Relógio, Clock patience (seed 001; docs/rules/relogio.md).

Thirteen face-down piles of four make a clock: hours 1 to 12 around, the Kings' pile in
the centre. You turn the centre's top card, put it face up under the pile of its hour
and carry on from that pile. The fourth King ends the game: you win only if every card
is face up by then. Once per game a turned King may be swapped for a face-down card.

Relógio Real, the seed's face-up variant, is its own game (``engine/games/relogio_real.py``);
both share the clock defined here.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from ..cards import Card, parse_card, parse_cards, standard_52
from ..dealing import stacked_pack
from ..notation import quoted, read_number
from .. import words
from ..words import is_you
from ..protocol import Action, Game, IllegalAction, Option, OptionError, Rule, Rulebook, ViewHeader, language_option
from .. import claims
from ..i18n import N_
from ..review_thresholds import Thresholds

CENTRE = 13  # the Kings' pile; hours 1-12 are Ace to Queen
HOURS = tuple(range(1, 14))
PILE_SIZE = 4

RULES = Rulebook([
    Rule("relogio.deal", N_("Deal the 52 cards (no joker) one at a time, face down, into 13 piles of 4: "
            "twelve in a circle like the hours of a clock and the thirteenth in the centre.")),
    Rule("relogio.hours", N_("Every card belongs to an hour: the Ace to 1 o'clock, 2 to 10 to their number, "
            "the Jack to 11, the Queen to 12. Kings belong to the centre.")),
    Rule("relogio.start", N_("Start with the centre pile: turn its top card.")),
    Rule("relogio.turn", N_("Put the turned card face up under the pile of its hour, then turn the top "
            "face-down card of that pile, and so on.")),
    Rule("relogio.own_hour", N_("A card that belongs to the pile it came from goes face up under that same "
            "pile, and you turn that pile's next card.")),
    Rule("relogio.fourth_king", N_("The game stops when the fourth King reaches the centre, because the "
            "centre then has no face-down card left. If any card is still face down, you lose.")),
    Rule("relogio.win", N_("You win when all 52 cards are face up.")),
    Rule("relogio.swap", N_("Once per game, when you turn a King, you may put it face down in place of any "
            "face-down card of your choice; the card you take out counts as the card you just turned.")),
])


def hour_label(hour: int) -> str:
    """``"7"`` or ``"K"`` (the centre): the names slots and piles use in notation."""
    return "K" if hour == CENTRE else str(hour)


def swap_slot(arg: str) -> tuple[int, int]:
    """A legal swap's argument, ``"7:2"`` or ``"K:1"`` (as ``hour_label`` writes it) → (hour, position)."""
    label, _, position = arg.partition(":")
    return (CENTRE if label == "K" else int(label)), int(position)


def hour_words(hour: int) -> str:
    return "the centre" if hour == CENTRE else f"{hour} o'clock"


def hour_of(card: Card) -> int:
    """The hour a card belongs to: its rank, the King's 13 being the centre."""
    return card.rank


_HOUR_WORDS = {"K": 13, "KING": 13, "C": 13, "CENTRE": 13, "CENTER": 13, "A": 1, "ACE": 1,
               "J": 11, "JACK": 11, "Q": 12, "QUEEN": 12}


def parse_hour(text: str) -> int | None:
    """``"7"``, ``"K"``, ``"centre"``, ``"Q"`` → an hour; None when it is none."""
    t = text.strip().upper()
    if t in _HOUR_WORDS:
        return _HOUR_WORDS[t]
    hour = read_number(t)
    return hour if hour is not None and 1 <= hour <= 13 else None


def deal_piles(pack: Sequence[Card]) -> dict[int, list[Card]]:
    """Deal one card at a time onto hours 1…12 then the centre, each card covering the last.

    Returns each pile top card first.
    """
    piles: dict[int, list[Card]] = {h: [] for h in HOURS}
    for i, card in enumerate(pack):
        piles[HOURS[i % len(HOURS)]].insert(0, card)
    return piles


def clock_deck(piles: Mapping[int | str, str | Sequence[str | Card]]) -> list[str]:
    """The ``deck=`` that deals these piles (top card first), for tests and lessons.

    Name only the piles and top cards you care about; the rest are filled, in pack order,
    with the cards not named.
    """
    wanted: dict[int, list[Card]] = {}
    for key, cards in piles.items():
        hour = key if isinstance(key, int) else parse_hour(key)
        if hour is None or hour not in HOURS:
            raise OptionError(f"clock_deck: {key!r} is not an hour (1-12 or K)")
        listed = parse_cards(cards)
        if len(listed) > PILE_SIZE:
            raise OptionError(f"clock_deck: a pile holds {PILE_SIZE} cards, not {len(listed)}")
        wanted[hour] = listed
    named = [c for cards in wanted.values() for c in cards]
    if len(set(named)) != len(named):
        raise OptionError("clock_deck: a card is named twice")
    rest = [c for c in standard_52() if c not in set(named)]
    full = {h: wanted.get(h, []) + [rest.pop(0) for _ in range(PILE_SIZE - len(wanted.get(h, [])))]
            for h in HOURS}
    # deal_piles puts deck[i] on hour HOURS[i % 13], each card on top: round r (0 = first) lies
    # at depth PILE_SIZE - 1 - r from the top.
    return [str(full[HOURS[i % 13]][PILE_SIZE - 1 - i // 13]) for i in range(52)]


def deal_clock(game: Game, stream: str) -> dict[int, list[Card]]:
    """The seeded (or stacked) 52 cards, dealt into the 13 piles of the clock."""
    pack = stacked_pack(standard_52(), game.deck, game.seed, stream, pack_name="52-card pack")
    return deal_piles(pack)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def slot_words(hour: int, position: int, count: int) -> str:
    """``"the top card of 7 o'clock"``, ``"the 2nd card of the centre"``, ``"the bottom card …"``."""
    if count == 1:
        return f"the only face-down card of {hour_words(hour)}"
    where = "top" if position == 1 else "bottom" if position == count else ordinal(position)
    return f"the {where} card of {hour_words(hour)}"


def hour_phrase(game: Game, hour: int) -> str:
    """An hour's pile as ``game``'s sentences name it: "the centre", "7 o'clock" (Portuguese "monte das 7 horas",
    its templates putting the article and preposition before it)."""
    return hour_in(game.tr, hour)


def hour_in(tr: Callable[..., str], hour: int) -> str:
    """:func:`hour_phrase` said by ``tr`` (a game's, or a hint's ``claims.say`` in the table's language)."""
    if hour == CENTRE:
        return tr(N_("the centre"))
    return tr(N_("1 o'clock")) if hour == 1 else tr(N_("{hour} o'clock"), hour=hour)


def hour_fields(game: Game, hour: int) -> dict[str, Any]:
    """``hour`` and ``Hour`` (capitalized, for the start of an English sentence) for a template's fields."""
    phrase = hour_phrase(game, hour)
    return {"hour": phrase, "Hour": phrase[:1].upper() + phrase[1:]}


def slot_phrase(game: Game, hour: int, position: int, count: int) -> str:
    """:func:`slot_words` in ``game``'s language."""
    return slot_in(game.tr, hour, position, count)


def slot_in(tr: Callable[..., str], hour: int, position: int, count: int) -> str:
    """:func:`slot_words` said by ``tr`` (a game's, or a hint's in the table's language)."""
    where = hour_in(tr, hour)
    if count == 1:
        return tr(N_("the only face-down card of {hour}"), hour=where)
    if position == 1:
        return tr(N_("the top card of {hour}"), hour=where)
    if position == count:
        return tr(N_("the bottom card of {hour}"), hour=where)
    return tr(N_("the {nth} card of {hour}"), nth=ordinal(position), n=position, hour=where)


class _Ending(Protocol):
    """A lean deal that says how the game ended: "won", "lost", or None while it goes on."""

    result: str | None


class Patience:
    """A game of one player that goes on until its deal's ``result`` says how it ended (both clocks)."""

    deal: _Ending

    @property
    def current_player(self) -> int | None:
        return None if self.deal.result else 0

    @property
    def is_over(self) -> bool:
        return self.deal.result is not None


TURN, KEEP = Action("turn"), Action("keep")
_SWAPS = {(h, d): Action("swap", f"{hour_label(h)}:{d}") for h in HOURS for d in range(1, 53)}


class Deal:
    """Relógio in play, with no narration: the lean path the hint plays out (the whole game is one deal).
    :class:`Relogio` wraps it with the events a learner reads.

    ``down[h]`` / ``up[h]``: the face-down cards of hour ``h`` (top first) and the face-up cards under it
    (first placed first), index 0 unused; ``current``: the pile whose top card is turned next; ``pending``:
    a King just turned, waiting for keep or swap; ``swapped_king``: the King put face down by the swap;
    ``result``: "won" or "lost" once over; ``king_swap``: the option saying when the swap is offered.
    """

    __slots__ = ("down", "up", "current", "pending", "swap_used", "swapped_king", "result", "king_swap")

    #: What a view does not say, which :meth:`from_view` guesses: which King the swap put face down once it
    #: has been turned up again (the view names it only while it is face down; after that it is one of the
    #: Kings face up in the centre, and nothing in the game depends on which).
    NOT_IN_VIEW = ("swapped_king",)

    def __init__(self, down: list[list[Card]], king_swap: str = "any_king") -> None:
        self.down = down
        self.up: list[list[Card]] = [[] for _ in down]
        self.current = CENTRE
        self.pending: Card | None = None
        self.swap_used = False
        self.swapped_king: Card | None = None
        self.result: str | None = None
        self.king_swap = king_swap

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.down, d.up = list(map(list.copy, self.down)), list(map(list.copy, self.up))
        d.current, d.pending, d.swap_used, d.swapped_king, d.result, d.king_swap = (
            self.current, self.pending, self.swap_used, self.swapped_king, self.result, self.king_swap)
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card], seed: int = 0) -> Deal:
        """The game as the view shows it, the cards not yet seen (:func:`unseen`) face down in the order of
        ``sampled_hidden``: hour by hour (1 to 12, then the centre), each pile's slots top first, skipping
        the slot of a King the player put face down himself. (``seed`` is unused: nothing is shuffled.)"""
        known = view["known_face_down"]
        if len(sampled_hidden) != view["face_down"] - (1 if known else 0):
            raise ValueError(f"{len(sampled_hidden)} hidden cards cannot fill the "
                             f"{view['face_down'] - (1 if known else 0)} face-down slots you have not seen")
        hidden = iter(sampled_hidden)
        king = parse_card(known["card"]) if known else None
        down: list[list[Card]] = [[]]
        for pile in view["piles"]:
            down.append([king if known and known["hour"] == pile["hour"] and known["position"] == d  # type: ignore[misc]
                         else next(hidden) for d in range(1, pile["face_down"] + 1)])
        d = cls(down, view["options"]["king_swap"])
        d.up = [[]] + [parse_cards(pile["face_up"]) for pile in view["piles"]]
        d.current = CENTRE if view["current"] is None else view["current"]
        d.pending = parse_card(view["pending"]) if view["pending"] else None
        d.swap_used, d.swapped_king, d.result = view["swap_used"], king, view["result"]
        return d

    @property
    def hands(self) -> list[list[Card]]:
        """The one player's cards still to turn: every face-down card, hour by hour (the lean-core contract's
        name)."""
        return [[c for pile in self.down for c in pile]]

    # ---- what is legal ----
    def to_act(self) -> list[int]:
        return [] if self.result else [0]

    def legal(self, seat: int) -> list[Action]:
        if self.pending is None:
            return [TURN]
        return [KEEP, *(_SWAPS[h, d] for h in HOURS for d in range(1, len(self.down[h]) + 1))]

    def face_down_count(self) -> int:
        return sum(len(cards) for cards in self.down)

    def face_up_count(self) -> int:
        return sum(len(cards) for cards in self.up)

    def swap_offered(self, card: Card) -> bool:
        """docs/rules/relogio.md#relogio.swap [T]: the swap, once per game, on any King turned (or only the fourth, or
        never)."""
        mode = self.king_swap
        if card.rank != CENTRE or self.swap_used or mode == "off" or not any(self.down):
            return False
        return mode == "any_king" or len(self.up[CENTRE]) == 3

    # ---- the moves ----
    def apply(self, seat: int, action: Action) -> None:
        """Make a legal move (unchecked: the narrated game checks, the hint plays legal moves)."""
        if action.verb == "turn":
            self.turn()
        elif action.verb == "keep":
            self.keep()
        else:
            self.swap(*swap_slot(action.arg))

    def turn(self, on: bool = False) -> Card:
        """Turn the top face-down card of the current pile: a King offered the swap waits for keep or swap,
        any other card goes face up under its hour. With ``on``, go on turning until a King waits or the
        game ends (every turn between is forced): how the hint plays out. Returns the card turned first."""
        card = self.down[self.current].pop(0)
        if card.rank == CENTRE and self.swap_offered(card):
            self.pending = card
        else:
            self._place(card, on)
        return card

    def keep(self, on: bool = False) -> None:
        """The waiting King goes to the centre (``on``: as for :meth:`turn`)."""
        card = self.pending
        assert card is not None
        self.pending = None
        self._place(card, on)

    def swap(self, hour: int, position: int, on: bool = False) -> Card:
        """Put the waiting King face down at ``hour``'s ``position``; the card taken out is placed as if just
        turned (``on``: as for :meth:`turn`). Returns that card."""
        king = self.pending
        assert king is not None
        pile = self.down[hour]
        taken = pile[position - 1]
        pile[position - 1] = king
        self.pending = None
        self.swap_used = True
        self.swapped_king = king
        self._place(taken, on)
        return taken

    def _place(self, card: Card, on: bool) -> None:
        """The card goes face up under its hour, whose next card is turned (with ``on``, turned here too).
        The game stops when that pile has none: only the centre can run out, with the fourth King."""
        down, up = self.down, self.up
        hour = card.rank
        while True:
            up[hour].append(card)
            pile = down[hour]
            if not pile:
                self.current = hour
                assert hour == CENTRE and len(up[CENTRE]) == 4, "only the centre can run out"
                self.result = "lost" if any(down) else "won"
                return
            if not on:
                self.current = hour
                return
            card = pile.pop(0)
            turned = card.rank
            if turned == CENTRE and self.swap_offered(card):
                self.current, self.pending = hour, card
                return
            hour = turned

    def known_face_down(self) -> dict[str, Any] | None:
        """Where the King you swapped lies, while it is still face down (you put it there)."""
        king = self.swapped_king
        if king is None:
            return None
        for hour in HOURS:
            if king in self.down[hour]:
                return {"hour": hour, "position": self.down[hour].index(king) + 1, "card": str(king)}
        return None


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[Card]:
    """The face-down cards the player has not seen in ``deal``, in the order :meth:`Deal.from_view` places them:
    hour by hour, top first, less a King he put face down himself (the proof that from_view rebuilds the deal)."""
    return [c for h in HOURS for c in deal.down[h] if c != deal.swapped_king]


def unseen(view: Mapping[str, Any]) -> list[Card]:
    """The cards the player has not seen, in the pack's order: not face up, not the King waiting in hand,
    not a King he put face down himself (:meth:`Deal.from_view` places them)."""
    seen = {parse_card(c) for pile in view["piles"] for c in pile["face_up"]}
    if view["pending"]:
        seen.add(parse_card(view["pending"]))
    if view["known_face_down"]:
        seen.add(parse_card(view["known_face_down"]["card"]))
    return [c for c in standard_52() if c not in seen]


class RelogioView(ViewHeader):
    """Every key of ``Relogio.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    piles: list[dict[str, Any]]
    current: int | None
    pending: str | None
    last: dict[str, Any] | None
    kings_up: int
    swap_used: bool
    swap_available: bool
    known_face_down: dict[str, Any] | None
    face_up: int
    face_down: int
    result: str | None
    scores: list[int]
    current_player: int | None
    is_over: bool
    legal: list[str]


class Relogio(Patience, Game):
    id = "relogio"
    view_type = RelogioView
    #: The review's ladder, in this game's units (how it was set: engine/review_thresholds.py).
    # 469 King decisions, 5% cost anything, q95 0.1, q99 1.3, at most 2.5 points: the quantiles are ~0, so
    # the floor: under 2 percentage points of a chance of about 28% is not a difference a player could see
    # over a season of deals; a mistake 5 and a blunder 15 keep the other games' steps (about 2.5x, 3x)
    review_thresholds = Thresholds(2, 5, 15, claims.fact(
        "review.loss.relogio", N_("a chance of winning {value} percentage points below the better move")),
        N_("percentage points of the chance of winning"), N_("percentage point of the chance of winning"),
        loss_one=claims.fact("review.loss.relogio.one",
                             N_("a chance of winning {value} percentage point below the better move")))
    name = "Relógio"
    blurb = N_("Clock patience, for one player: thirteen face-down piles make a clock. "
               "Turn every card before the fourth King comes out.")
    min_players = max_players = default_players = 1
    rules = RULES
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("king_swap", "any_king", "The seed's once-per-game King swap. 'any_king' "
               "(docs/rules/relogio.md#relogio.swap [T]): "
               "offered on every King you turn until you use it; 'fourth_king': offered only on the fourth "
               "King; 'off': plain Clock patience (about 1 deal in 13 is won).",
               choices=("any_king", "fourth_king", "off")),
        language_option(),
    )

    deal: Deal

    # ---- the deal ----
    def _setup(self) -> None:
        piles = deal_clock(self, "relogio-deal")  # hour -> face-down cards, top first
        self.deal = Deal([[]] + [piles[h] for h in HOURS], self.options["king_swap"])
        self.last: dict[str, Any] | None = None
        self.narrate("deal", "relogio.deal", "The 52 cards are dealt face down into 13 piles of 4: hours 1 to 12 "
                     "around the clock and the Kings' pile in the centre. Play starts in the centre.")

    # ---- whose turn, what is legal ----
    @property
    def scores(self) -> list[int]:
        """Cards face up: 52 means the game is won."""
        return [self.deal.face_up_count()]

    def _legal(self, seat: int) -> list[Action]:
        return self.deal.legal(seat)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb in ("turn", "keep") and not act.arg:
            return act
        if act.verb == "swap":
            hour_text, sep, pos_text = act.arg.replace("/", ":").replace(" ", ":").partition(":")
            hour = parse_hour(hour_text) if hour_text else None
            if hour is None:
                raise IllegalAction(self.tr("{move}: name a face-down card as hour:position, like 'swap 7:2' (the "
                                            "2nd card from the top of 7 o'clock) or 'swap K:1'.",
                                            move=quoted(str(action))), "relogio.swap")
            position = read_number(pos_text) if sep else None
            if position is None or position < 1:
                raise IllegalAction(self.tr("{move}: say which face-down card of {hour}: 'swap {label}:1' is its top "
                                            "card, 'swap {label}:2' the one below it, and so on.",
                                            move=quoted(str(action)), label=hour_label(hour),
                                            **hour_fields(self, hour)), "relogio.swap")
            return Action("swap", f"{hour_label(hour)}:{position}")
        raise IllegalAction(self.tr("{move} is not a Relógio move: moves are 'turn', and when a King is offered for "
                                    "the swap, 'keep' or 'swap 7:2'.", move=quoted(str(action))), "relogio.turn")

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        if self.deal.pending is not None:
            if action.verb == "turn":
                return (self.tr("You have just turned {card}: first keep it ('keep') or swap it for a face-down "
                                "card ('swap 7:2').", card=self.deal.pending.symbol), "relogio.swap")
            hour, position = swap_slot(action.arg)  # parse_action wrote it
            count = len(self.deal.down[hour])
            if not count:
                return self.tr("{Hour} has no face-down card left to swap with.", **hour_fields(self, hour)), \
                    "relogio.swap"
            return (self.tr(words.agreeing(count, N_("{Hour} has {n} face-down card: choose {label}:1 (top) to "
                                                     "{label}:{n} (bottom), not {label}:{position}."),
                                           N_("{Hour} has {n} face-down cards: choose {label}:1 (top) to "
                                              "{label}:{n} (bottom), not {label}:{position}.")),
                            n=count, label=hour_label(hour), position=position, **hour_fields(self, hour)),
                    "relogio.swap")
        if action.verb in ("keep", "swap"):
            if self.deal.swap_used:
                return self.tr("The King swap is used up: it is allowed once per game."), "relogio.swap"
            return (self.tr("There is no King waiting for a swap: the only move is to turn the top card of {hour} "
                            "('turn').", **hour_fields(self, self.deal.current)), "relogio.swap")
        return self.tr("{move} is not a legal move now.", move=str(action)), None

    # ---- moves ----
    def _apply(self, seat: int, action: Action) -> None:
        if action.verb == "turn":
            self._turn()
        elif action.verb == "keep":
            self._keep()
        else:
            self._swap(*swap_slot(action.arg))
        self._check_end()

    def _turn(self) -> None:
        source = self.deal.current
        card = self.deal.turn()
        if self.deal.pending is not None:
            self.last = {"card": str(card), "from": source, "to": None}
            king = len(self.deal.up[CENTRE]) + 1
            self.narrate("turn", "relogio.swap", "{who} turns {card} from {hour}: the {nth} King. Keep it (it goes to "
                         "the centre) or, once per game, swap it for any face-down card.", seat=0,
                         data={"card": str(card), "source": source, "king": king}, who=self.names[0],
                         card=card.symbol, nth=ordinal(king), n=king, **hour_fields(self, source))
            return
        self._placed(card, source, turned=True)

    def _keep(self) -> None:
        card = self.deal.pending
        assert card is not None and self.last is not None
        self.deal.keep()
        self._placed(card, self.last["from"], turned=False)

    def _swap(self, hour: int, position: int) -> None:
        king = self.deal.pending
        assert king is not None
        count = len(self.deal.down[hour])
        taken = self.deal.swap(hour, position)
        if is_you(self.names[0]):
            message = N_("You put {king} face down as {slot} and take out the card that was there: {card}.")
        else:
            message = N_("{who} puts {king} face down as {slot} and takes out the card that was there: {card}.")
        self.narrate("swap", "relogio.swap", message, seat=0,
                     data={"king": str(king), "hour": hour, "position": position, "card": str(taken)},
                     who=self.names[0], king=king.symbol, slot=slot_phrase(self, hour, position, count),
                     card=taken.symbol)
        self._placed(taken, hour, turned=False)

    def _placed(self, card: Card, source: int, turned: bool) -> None:
        """Narrate the card the deal has just put face up under its hour."""
        target = hour_of(card)
        self.last = {"card": str(card), "from": source, "to": target}
        places = {"card": card.symbol, "source": hour_phrase(self, source), "target": hour_phrase(self, target)}
        if not turned:
            head = self.tr("{card} goes face up under {target}", **places)
        elif is_you(self.names[0]):
            head = self.tr("You turn {card} from {source} and put it face up under {target}", **places)
        else:
            head = self.tr("{who} turns {card} from {source} and puts it face up under {target}", who=self.names[0],
                           **places)
        rule = "relogio.own_hour" if target == source else "relogio.turn"
        if card.rank == CENTRE:
            message = N_("{head}: it belongs to the pile it came from, so the next card is turned there too. That "
                         "is King number {n}.") if target == source else N_("{head}. That is King number {n}.")
        else:
            message = N_("{head}: it belongs to the pile it came from, so the next card is turned there too.") \
                if target == source else N_("{head}.")
        self.narrate("place", rule, message, seat=0, data={"card": str(card), "source": source, "hour": target,
                     "face_up": self.deal.face_up_count()}, head=head, n=len(self.deal.up[CENTRE]))

    def _check_end(self) -> None:
        if self.deal.result == "won":
            self.narrate("game_end", "relogio.win", "All 52 cards are face up: you win!",
                         data={"won": True, "face_down": 0})
        elif self.deal.result == "lost":
            left = self.deal.face_down_count()
            self.narrate("game_end", "relogio.fourth_king", words.agreeing(
                left, N_("The fourth King is in the centre and the centre has no face-down card left: the game stops "
                         "with {n} card still face down. You lose."),
                N_("The fourth King is in the centre and the centre has no face-down card left: the game stops "
                   "with {n} cards still face down. You lose.")), data={"won": False, "face_down": left}, n=left)

    # ---- what the player sees ----
    def view(self, seat: int) -> dict[str, Any]:
        """Face-up cards and how many cards lie face down in each pile: never which ones."""
        mode = self.options["king_swap"]
        return {
            **self.view_header(seat),
            "piles": [{"hour": h, "label": hour_label(h), "face_down": len(self.deal.down[h]),
                       "face_up": [str(c) for c in self.deal.up[h]]} for h in HOURS],
            "current": None if self.deal.result else self.deal.current,
            "pending": None if self.deal.pending is None else str(self.deal.pending),
            "last": None if self.last is None else dict(self.last),
            "kings_up": len(self.deal.up[CENTRE]),
            "swap_used": self.deal.swap_used,
            "swap_available": mode != "off" and not self.deal.swap_used,
            "known_face_down": self.deal.known_face_down(),
            "face_up": self.deal.face_up_count(),
            "face_down": self.deal.face_down_count(),
            "result": self.deal.result,
            "scores": self.scores,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


__all__ = ["CENTRE", "HOURS", "RULES", "Deal", "Relogio", "clock_deck", "deal_piles", "hidden_in_order", "hour_label",
           "hour_of", "hour_words", "parse_hour", "unseen"]
