"""Relógio Real, the royal clock (seed 001; docs/rules/relogio_real.md).

The clock of Relógio dealt face up. A pile is correct when its top card shows its own
hour. You carry a wrong card round the clock: it goes under the next wrong pile, whose
top card you pick up in turn. When all thirteen tops are right you remove them, Ace to
King; three removed rounds win. Play has no choices, so a position seen before means
it would go round for ever: that is a loss.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..cards import Card, parse_card, parse_cards
from ..i18n import N_
from ..words import agreeing, is_you
from ..notation import quoted
from ..protocol import Action, Game, IllegalAction, Option, Progress, Rule, Rulebook, ViewHeader, language_option
from .relogio import CENTRE, HOURS, Patience, deal_clock, hour_label, hour_phrase

RULES = Rulebook([
    Rule("real.deal", N_("Deal the 52 cards face up into 13 piles of 4: hours 1 to 12 around the clock and "
            "the Kings' hour (K) in the centre. Only the top card of each pile counts.")),
    Rule("real.correct", N_("A pile is correct when its top card belongs to its hour (Ace 1, 2-10, Jack 11, "
            "Queen 12, King K).")),
    Rule("real.start", N_("Start at 1 o'clock: pick up its top card, unless it is an Ace. Then start at the "
            "first wrong pile going clockwise.")),
    Rule("real.move", N_("Put the card you carry under the next wrong pile clockwise (after 12 comes K, then 1), "
            "skipping correct piles, and pick up that pile's top card.")),
    Rule("real.remove", N_("When all 13 top cards are correct, remove them, Ace to King, and play on with the "
            "cards left (still carrying the card in your hand).")),
    Rule("real.win", N_("You win when you have removed three Ace-to-King rounds.")),
    Rule("real.repeat", N_("Play has no choices, so a position seen before (the same piles, the same card in hand, "
            "at the same place, after the same removals) would repeat for ever: you lose.")),
])


def is_correct(hour: int, pile: list[Card]) -> bool:
    return bool(pile) and pile[0].rank == hour


MOVE = Action("move")


class Deal:
    """Relógio Real in play, with no narration: what the hint plays out to see how the deal ends.
    :class:`RelogioReal` wraps it with the events a learner reads.

    ``piles[h]``: hour ``h``'s cards, top first (index 0 unused); ``carried``: the card in hand, picked up
    from ``position``; ``removed``: the Ace-to-King rounds taken off; ``seen``: each position met after a
    move, with the step that reached it; ``result``: "won" or "lost" once over. A new deal removes at
    once any round its tops already complete.
    """

    __slots__ = ("piles", "carried", "position", "removed", "steps", "seen", "result", "rounds")

    #: What a view does not say, which :meth:`from_view` guesses: the positions met before (a rebuilt deal
    #: remembers none, so a repeat is called when a position met after the view comes back; play is
    #: forced, so a deal that returns to an earlier position comes back to one of those too).
    NOT_IN_VIEW = ("seen",)

    def __init__(self, piles: list[list[Card]], rounds: int = 3) -> None:
        self.piles = piles
        self.carried: Card | None = None
        self.position: int | None = None
        self.removed: list[list[Card]] = []
        self.steps = 0
        self.seen: dict[tuple[Any, ...], int] = {}
        self.result: str | None = None
        self.rounds = rounds
        self.remove_complete_rounds()

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.piles, d.removed, d.seen = [p[:] for p in self.piles], self.removed[:], dict(self.seen)
        d.carried, d.position, d.steps, d.result, d.rounds = (
            self.carried, self.position, self.steps, self.result, self.rounds)
        return d

    @classmethod
    def from_view(cls, view: Mapping[str, Any], sampled_hidden: Sequence[Card] = (), seed: int = 0) -> Deal:
        """The deal as the view shows it: every card is face up, so nothing is hidden (``sampled_hidden`` must
        be empty and ``seed`` is unused)."""
        if sampled_hidden:
            raise ValueError(f"{len(sampled_hidden)} hidden cards given, but Relógio Real hides none")
        d = cls.__new__(cls)
        d.piles = [[]] + [parse_cards(p["cards"]) for p in view["piles"]]
        d.carried = parse_card(view["carried"]) if view["carried"] else None
        d.position, d.steps, d.result, d.rounds = view["position"], view["steps"], view["result"], view["rounds"]
        d.removed = [parse_cards(r) for r in view["removed"]]
        d.seen = {}
        return d

    @property
    def hands(self) -> list[list[Card]]:
        """The one player's cards still on the clock, hour by hour, and the card in hand (the lean-core
        contract's name)."""
        return [[c for pile in self.piles for c in pile] + ([self.carried] if self.carried else [])]

    # ---- what is legal ----
    def to_act(self) -> list[int]:
        return [] if self.result else [0]

    def legal(self, seat: int) -> list[Action]:
        return [MOVE]

    def correct_hours(self) -> list[int]:
        return [h for h in HOURS if is_correct(h, self.piles[h])]

    def start_hour(self) -> int:
        """1 o'clock unless its top card is the Ace; else the first wrong pile clockwise."""
        return next(h for h in HOURS if not is_correct(h, self.piles[h]))

    def next_wrong(self, after: int) -> int:
        """The next wrong pile clockwise after ``after`` (it may be ``after`` itself, all the way round)."""
        piles = self.piles
        for step in range(1, len(HOURS) + 1):
            hour = (after - 1 + step) % len(HOURS) + 1
            pile = piles[hour]
            if not pile or pile[0].rank != hour:
                return hour
        raise AssertionError("a complete round is removed before anything is carried on")

    def target(self) -> int | None:
        """Where the next move happens: the start pile, or the pile the carried card goes under."""
        if self.result:
            return None
        if self.carried is None:
            return self.start_hour()
        assert self.position is not None
        return self.next_wrong(self.position)

    # ---- a move ----
    def apply(self, seat: int, action: Action) -> None:
        self.move()

    def move(self) -> Card | None:
        """The forced step: pick up the first wrong pile's top card, or put the carried card under the next
        wrong pile and pick up its top card; then remove complete rounds, and a repeat loses. Returns the
        card put down (None for the first pick-up)."""
        self.steps += 1
        put = self.carried
        if put is None:
            hour = self.start_hour()
        else:
            assert self.position is not None
            hour = self.next_wrong(self.position)
            self.piles[hour].append(put)
        self.carried, self.position = self.piles[hour].pop(0), hour
        if self.remove_complete_rounds():
            return put
        key = self.state_key()
        if key in self.seen:
            self.result = "lost"
        else:
            self.seen[key] = self.steps
        return put

    def remove_complete_rounds(self) -> bool:
        """Remove every complete Ace-to-King round; True when that wins the game."""
        piles = self.piles
        while all(piles[h] and piles[h][0].rank == h for h in HOURS):
            self.removed.append([piles[h].pop(0) for h in HOURS])
            if len(self.removed) == self.rounds:
                self.result = "won"
                return True
        return False

    def state_key(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the game: piles, carried card, place, removals."""
        return (tuple(tuple(self.piles[h]) for h in HOURS), self.carried, self.position, len(self.removed))


def unseen(view: Mapping[str, Any]) -> list[Card]:
    """The cards the player cannot see: none, every card is face up."""
    return []


def hidden_in_order(deal: Deal, view: Mapping[str, Any]) -> list[Card]:
    """The cards ``deal`` hides from the player: none (the lean-core contract's proof order)."""
    return []


class RelogioRealView(ViewHeader):
    """Every key of ``RelogioReal.view(seat)`` (tests/engine/test_protocol_match.py checks them)."""

    piles: list[dict[str, Any]]
    carried: str | None
    position: int | None
    target: int | None
    removed: list[list[Any]]
    rounds: int
    steps: int
    last: dict[str, Any] | None
    result: str | None
    scores: list[int]
    current_player: int | None
    is_over: bool
    legal: list[str]


class RelogioReal(Patience, Game):
    id = "relogio_real"
    view_type = RelogioRealView
    short_match = {"rounds": 1}
    name = "Relógio Real"
    blurb = N_("The royal clock, for one player: every card face up. Carry wrong cards round the clock "
               "until all thirteen hours are right, three times over.")
    min_players = max_players = default_players = 1
    has_choices = False  # every move is forced
    rules = RULES
    advisor_module = "engine.games.relogio_ai"  # one clock advisor for both clocks
    lean_deal = Deal
    lean_unseen = staticmethod(unseen)
    variants = (
        Option("rounds", 3, "Ace-to-King rounds to remove for a win: the seed says 3; 1 or 2 make a "
               "practice game.", choices=(1, 2, 3)),
        language_option(),
    )

    deal: Deal

    # ---- the deal ----
    def _setup(self) -> None:
        piles = deal_clock(self, "relogio_real-deal")  # hour -> cards, top first, all face up
        correct = self._correct_words([h for h in HOURS if is_correct(h, piles[h])])
        self.deal = Deal([[]] + [piles[h] for h in HOURS], self.options["rounds"])
        self.last: dict[str, Any] | None = None
        self.narrate("deal", "real.deal", "The 52 cards are dealt face up into 13 piles of 4, hours 1 to 12 around "
                     "the clock and K in the centre. {correct}", correct=correct)
        self._announce_removed(0)

    # ---- whose turn, what is legal ----
    def progress(self) -> Progress:
        """One deal, played to ``rounds`` removed Ace-to-King rounds."""
        return self.match_progress(1, 1, self.options["rounds"])

    @property
    def scores(self) -> list[int]:
        """Rounds removed: the option ``rounds`` (3) of them is a win."""
        return [len(self.deal.removed)]

    def _legal(self, seat: int) -> list[Action]:
        return self.deal.legal(seat)

    def parse_action(self, action: Action | str) -> Action:
        act = super().parse_action(action)
        if act.verb in ("move", "step") and not act.arg:
            return MOVE
        raise IllegalAction(self.tr("{move} is not a Relógio Real move: the only move is 'move' (every step is "
                                    "forced).", move=quoted(str(action))), "real.move")

    # ---- a move ----
    def _apply(self, seat: int, action: Action) -> None:
        d = self.deal
        before, rounds = d.position, len(d.removed)
        put = d.move()
        hour, picked = d.position, d.carried
        assert hour is not None and picked is not None
        if put is None:
            self._picked_up_first(hour, picked)
        else:
            assert before is not None
            self._carried_on(put, before, hour, picked)
        self._announce_removed(rounds)
        if d.result == "lost":
            first = d.seen[d.state_key()]
            self.narrate("game_end", "real.repeat", "This position (the same piles, {carried} at {hour}, {removed}) "
                         "was already reached at step {first}: play would go round for ever. You lose.",
                         data={"won": False, "first_seen": first, "steps": d.steps}, carried=self._carried_words(),
                         hour=hour_phrase(self, d.position or 0), first=first,
                         removed=self.tr(agreeing(len(d.removed), N_("{n} round removed"), N_("{n} rounds removed")),
                                         n=len(d.removed)))

    def _picked_up_first(self, hour: int, card: Card) -> None:
        self.last = {"card": str(card), "from": hour, "to": None, "picked": str(card)}
        if hour == 1:
            why = self.tr("its top card is not the Ace")
        elif hour == 2:
            why = self.tr("1 o'clock already shows its Ace")
        else:
            why = self.tr("1 o'clock already shows its Ace, and so do the piles up to it")
        message = N_("You start at {hour} ({why}) and pick up its top card, {card}.") if is_you(self.names[0]) \
            else N_("{who} starts at {hour} ({why}) and picks up its top card, {card}.")
        self.narrate("pick_up", "real.start", message, seat=0, data={"card": str(card), "hour": hour},
                     who=self.names[0], hour=hour_phrase(self, hour), why=why, card=card.symbol)

    def _carried_on(self, card: Card, before: int, hour: int, new: Card) -> None:
        skipped = [(before + k - 1) % 13 + 1 for k in range(1, (hour - before - 1) % 13 + 1)]
        self.last = {"card": str(card), "from": None, "to": hour, "picked": str(new)}
        skip = self.tr(" (skipping {hours}: correct)", hours=", ".join(hour_label(h) for h in skipped)) \
            if skipped else ""
        message = N_("You put {card} under {hour}{skip} and pick up its top card, {new}.") if is_you(self.names[0]) \
            else N_("{who} puts {card} under {hour}{skip} and picks up its top card, {new}.")
        self.narrate("move", "real.move", message, seat=0,
                     data={"card": str(card), "hour": hour, "picked": str(new), "skipped": skipped},
                     who=self.names[0], card=card.symbol, hour=hour_phrase(self, hour), skip=skip, new=new.symbol)

    def _announce_removed(self, before: int) -> None:
        """The rounds the deal removed since it had ``before`` of them, and the win they may make."""
        for n, round_cards in enumerate(self.deal.removed[before:], start=before + 1):
            self.narrate("remove", "real.remove", "All 13 piles show their own hour: {who} removes {cards} (round {n} "
                         "of {total}).", seat=0, data={"cards": [str(c) for c in round_cards], "round": n},
                         who=self.names[0], cards=" ".join(c.symbol for c in round_cards), n=n,
                         total=self.options["rounds"])
        if self.deal.result == "won":
            removed = len(self.deal.removed)
            self.narrate("game_end", "real.win", agreeing(removed, N_("{n} round removed: you win!"),
                                                          N_("{n} rounds removed: you win!")),
                         data={"won": True, "steps": self.deal.steps}, n=removed)

    def _carried_words(self) -> str:
        if self.deal.carried is None:
            return self.tr("nothing in hand")
        return self.tr("{card} in hand", card=self.deal.carried.symbol)

    def _correct_words(self, good: list[int]) -> str:
        if not good:
            return self.tr("No pile is correct yet.")
        return self.tr("Correct already: {hours}.", hours=", ".join(hour_label(h) for h in good))

    # ---- what the player sees (everything: no card is hidden) ----
    def view(self, seat: int) -> dict[str, Any]:
        return {
            **self.view_header(seat),
            "piles": [{"hour": h, "label": hour_label(h), "cards": [str(c) for c in self.deal.piles[h]],
                       "correct": is_correct(h, self.deal.piles[h])} for h in HOURS],
            "carried": None if self.deal.carried is None else str(self.deal.carried),
            "position": self.deal.position,
            "target": self.deal.target(),
            "removed": [[str(c) for c in r] for r in self.deal.removed],
            "rounds": self.options["rounds"],
            "steps": self.deal.steps,
            "last": None if self.last is None else dict(self.last),
            "result": self.deal.result,
            "scores": self.scores,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "legal": [str(a) for a in self.legal_actions(seat)],
        }


__all__ = ["CENTRE", "RULES", "Deal", "RelogioReal", "hidden_in_order", "is_correct", "unseen"]
