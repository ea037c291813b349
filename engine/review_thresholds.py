"""How much a move may cost before the review calls it an inaccuracy, a mistake or a blunder.

Each game declares its ladder on its rules class (``review_thresholds``, beside its other facts), in
the game's own units (the units of its hint's estimates) and with the words that say what the figure
is; this module holds the shared type, its checks and the way they were set. engine/review.py rates
every decision against them, and each lesson's "how to read the review" quotes them. ``scale`` turns
the hint's estimate into the unit (Jabberwocky's hint scores a share of deals, 0 to 1; its review
speaks in percentage points).

How the numbers were set, so that a "mistake" means the same in every game: each game's loss was
measured over the decisions of medium-bot play (``bench/bench_review.py --losses``: seat 0 a medium
bot among medium bots, short matches, seeds 200 on), and the thresholds sit near the same
quantiles of it in every game: an inaccuracy about the 90th percentile, a mistake the 95th, a
blunder the 99th, rounded to a number a lesson can say. So a medium player earns an inaccuracy or
worse at about one decision in ten, a mistake or worse at one in twenty, a blunder at one in a
hundred, whatever the game's units. Where medium play is almost always the better move (Relógio,
Kalooki, Rummy), those quantiles are 0 and the threshold is the least loss that means anything in
the game's units instead (noted beside the game). The figures quoted are from the run of
2026-11-24 (25 short matches per game; Injun and Relógio 120).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import claims
from .registry import GAMES
from .words import agreeing


@dataclass(frozen=True)
class Thresholds:
    """A loss of at least ``inaccuracy`` (``mistake``, ``blunder``) units earns that verdict.

    The steps rise strictly, so each verdict has costs of its own; a game whose costs leave no room
    for a step says so plainly instead: ``no_inaccuracy`` gives the reason, and ``inaccuracy`` is
    then the mistake's own figure (the least cost that is not good).
    """

    inaccuracy: float
    mistake: float
    blunder: float
    #: the fact whose words say a loss in this game's units ({value}: the loss)
    loss: claims.Fact
    #: the unit, for a lesson's sentence ("a mistake costs 3 or more {unit}"), and for a figure of 1
    unit: str
    unit_one: str
    scale: float = 1.0
    #: the loss's words for a loss of exactly 1 ("1 chip below the better move"), where they differ
    loss_one: claims.Fact | None = None
    #: why the game has no inaccuracy step, said on the review's page ("" when it has one)
    no_inaccuracy: str = ""
    #: why some of its turns are not rated, said in the review's summary after "2 turns are not rated:" ("": the
    #: shared reason, engine.review.UNRATED_WHY); a game whose every decision is rated never says it
    unrated: str = ""

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake < self.blunder:
            raise ValueError("thresholds must rise: inaccuracy < mistake < blunder, all above 0")
        if (self.inaccuracy == self.mistake) != bool(self.no_inaccuracy):
            raise ValueError("an inaccuracy as dear as a mistake is no step: say why with no_inaccuracy "
                             "(and only then)")
        if not self.unit_one:
            raise ValueError("the unit needs its singular (unit_one): '1 chip', not '1 chips'")

    def unit_for(self, value: float) -> str:
        """The unit agreeing with ``value``, as printed: "1 card short", "2 cards short", "0.5 chips"."""
        return agreeing(_printed(value), self.unit_one, self.unit)

    def loss_for(self, value: float) -> claims.Fact:
        """The words of a loss of ``value`` (as printed): the singular's for exactly 1."""
        return self.loss_one if self.loss_one is not None and _printed(value) == 1 else self.loss


def _printed(value: float) -> float:
    """A figure as the review prints it (two decimals): 0.999 reads "1", and agrees as 1."""
    return round(value, 2)


def thresholds_for(game_id: str) -> Thresholds:
    """The ladder ``game_id``'s rules class declares; a game where no one ever chooses has none."""
    limits = GAMES[game_id].review_thresholds if game_id in GAMES else None
    if limits is None:
        raise ValueError(f"{game_id!r} has no review: no player of it ever chooses a move")
    return limits


def reviewed_games() -> dict[str, Thresholds]:
    """Every game with a review, id -> its ladder, in the registry's order."""
    return {game_id: cls.review_thresholds for game_id, cls in GAMES.items() if cls.review_thresholds is not None}


__all__ = ["Thresholds", "reviewed_games", "thresholds_for"]
