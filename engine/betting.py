"""Betting mechanics written once: pots and side pots, splitting a pot, a poker betting round.

Chips are whole numbers. What each seat has put in this deal (antes and bets together)
is its *contribution*; the pots follow from the contributions alone. A player who runs
out of chips (all in in poker, "lays his card on the pot" in brag) can win only what he
matched from everyone: the chips above his stake form a side pot for the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence


@dataclass(frozen=True)
class Pot:
    """Chips in one pot and the seats that may win it (still in, and matched its level)."""

    amount: int
    eligible: tuple[int, ...]

    def as_dict(self) -> dict[str, object]:
        return {"amount": self.amount, "eligible": list(self.eligible)}


def build_pots(contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots for these contributions.

    Only a player who has run out of chips splits the pot: his stake closes a layer that
    every seat pays into up to that stake, and that he may win. Everything above the last
    such stake is one pot for the players still betting, whatever each of them put in (in
    brag the chips of a "see" are not matched). Folded chips stay in the pots they went
    into. Layers with the same contenders are merged.
    """
    if not len(contributions) == len(live) == len(all_in):
        raise ValueError("one contribution, one live flag and one all-in flag per seat")
    seats = range(len(contributions))
    levels = sorted({contributions[s] for s in seats if live[s] and all_in[s] and contributions[s] > 0})
    layers: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contributions)
        eligible = tuple(s for s in seats if live[s] and (contributions[s] >= level or not all_in[s]))
        layers.append((amount, eligible))
        below = level
    rest = sum(max(0, c - below) for c in contributions)
    layers.append((rest, tuple(s for s in seats if live[s] and not all_in[s])))
    pots: list[Pot] = []
    for amount, eligible in layers:
        if pots and (pots[-1].eligible == eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
    return pots


def seats_from(start: int, players: int) -> list[int]:
    """Every seat once, clockwise, beginning with ``start``."""
    return [(start + k) % players for k in range(players)]


def split_pot(amount: int, winners: Sequence[int], dealer: int, players: int,
              keep_odd: bool = False) -> tuple[dict[int, int], int]:
    """Share ``amount`` equally among ``winners``; returns (chips per winner, odd chips kept back).

    Chips that do not divide evenly go one each to the winners first left of the dealer
    (docs/rules/injun.md#injun.odd_chip [T]); with ``keep_odd`` they are returned instead, for the next pot.
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    shares = {s: share for s in winners}
    if not keep_odd:
        for s in odd_chip_order(winners, dealer, players)[:odd]:
            shares[s] += 1
        odd = 0
    return shares, odd


def odd_chip_order(winners: Sequence[int], dealer: int, players: int) -> list[int]:
    """The winners in the order that receives odd chips: clockwise from the dealer's left."""
    chosen = set(winners)
    return [s for s in seats_from((dealer + 1) % players, players) if s in chosen]


@dataclass
class PokerRound:
    """One standard poker betting round (docs/rules/injun.md#injun.poker_bet): fold, call the highest total, or raise
    it.

    ``bets`` are this round's bets only (antes are not part of them). ``pending`` lists,
    in turn order, the seats that still have to answer the last bet or raise; the round
    is over when nobody is pending.
    """

    players: int
    bets: list[int]
    pending: list[int] = field(default_factory=list)
    raises: int = 0

    @classmethod
    def start(cls, players: int, first: int, can_act: Sequence[bool]) -> "PokerRound":
        order = [s for s in seats_from(first, players) if can_act[s]]
        return cls(players, [0] * players, order)

    def copy(self) -> "PokerRound":
        """An independent copy (search copies a deal many times: no dataclass machinery)."""
        r = PokerRound.__new__(PokerRound)
        r.players, r.bets, r.pending, r.raises = self.players, self.bets[:], self.pending[:], self.raises
        return r

    @property
    def high(self) -> int:
        return max(self.bets)

    def to_call(self, seat: int) -> int:
        return self.high - self.bets[seat]

    def put_in(self, seat: int, chips: int) -> None:
        self.bets[seat] += chips

    def answered(self, seat: int) -> None:
        """``seat`` called, folded or went all in without raising: it owes nothing more."""
        if seat in self.pending:
            self.pending.remove(seat)

    def reopened(self, seat: int, can_act: Sequence[bool]) -> None:
        """``seat`` bet or raised: everyone else who can still act must answer, in turn."""
        self.raises += 1
        self.pending = [s for s in seats_from((seat + 1) % self.players, self.players)[:-1] if can_act[s]]

    def drop(self, seat: int) -> None:
        self.answered(seat)

    def close(self) -> None:
        """End the round at once (the seed's rule: the first player who just matches ends the betting)."""
        self.pending.clear()


def pots_by_level(contributions: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """Pots when every player still in goes to the showdown with what he has put in: each
    contribution level closes a pot, exactly like all-in side pots (docs/rules/injun.md#injun.seed_betting)."""
    return build_pots(contributions, live, live)


MENU_SIZE = 20  # the most amounts a move list offers (docs/engine.md, "Games with amounts")


def amount_menu(low: int, high: int, size: int = MENU_SIZE) -> list[int]:
    """A bounded choice of amounts from ``low`` to ``high`` for a move list; any amount between stays legal.

    Every amount when there are ``size`` or fewer; otherwise the smallest, the largest and round
    numbers (two significant figures) spread evenly on a log scale between them, so a table with
    three million chips lists about twenty bets, not three million.
    """
    if high < low:
        return []
    if high - low + 1 <= size:
        return list(range(low, high + 1))
    chosen = {low, high}
    ratio = high / max(low, 1)
    for k in range(1, size - 1):
        x = max(low, 1) * ratio ** (k / (size - 1))
        digits = max(0, len(str(int(x))) - 2)
        chosen.add(min(high, max(low, round(x / 10 ** digits) * 10 ** digits)))
    return sorted(chosen)
