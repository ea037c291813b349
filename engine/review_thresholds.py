"""How much a move may cost before the review calls it an inaccuracy, a mistake or a blunder.

Written once per game, in the game's own units (the units of its hint's estimates), beside the
words that say what the figure is: engine/review.py rates every decision against these, and each
lesson's "how to read the review" quotes them. ``scale`` turns the hint's estimate into the unit
(Jabberwocky's hint scores a share of deals, 0 to 1; its review speaks in percentage points).

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
from .i18n import N_


@dataclass(frozen=True)
class Thresholds:
    """A loss of at least ``inaccuracy`` (``mistake``, ``blunder``) units earns that verdict."""

    inaccuracy: float
    mistake: float
    blunder: float
    #: the fact whose words say a loss in this game's units ({value}: the loss)
    loss: claims.Fact
    #: the unit, for a lesson's sentence ("a mistake costs 3 or more {unit}")
    unit: str
    scale: float = 1.0

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise ValueError("thresholds must rise: inaccuracy ≤ mistake ≤ blunder, all above 0")


REVIEW_THRESHOLDS: dict[str, Thresholds] = {
    # 478 decisions, 11% cost anything; q90 1.8, q95 5.7, q99 10.4 points
    "jubilee": Thresholds(2, 6, 10, claims.fact(
        "review.loss.jubilee", N_("{value} points below the better move, counting the next player's Jubilee as "
                                  "expected if every card you cannot see is equally likely")), N_("points")),
    # 275 decisions, 36% cost anything (mostly within the noise); q90 0.52, q95 0.80, q99 1.50 chips
    "jubileu": Thresholds(0.5, 1, 2, claims.fact(
        "review.loss.jubileu", N_("{value} chips below the better move")), N_("chips")),
    # 469 King decisions, 5% cost anything, q95 0.1, q99 1.3, at most 2.5 points: the quantiles are ~0, so
    # the floor: under 2 percentage points of a chance of about 28% is not a difference a player could see
    # over a season of deals; a mistake 5 and a blunder 15 keep the other games' steps (about 2.5x, 3x)
    "relogio": Thresholds(2, 5, 15, claims.fact(
        "review.loss.relogio", N_("a chance of winning {value} percentage points below the better move")),
        N_("percentage points of the chance of winning")),
    # 238 decisions, 53% cost anything (mostly within the noise); q90 0.97, q95 4.2, q99 6.6 chips
    "injun": Thresholds(1, 4, 7, claims.fact(
        "review.loss.injun", N_("{value} chips below the better move, as expected if the others bet as the "
                                "medium bot does, with one move in ten at random")), N_("chips")),
    # 276 decisions, 2% cost anything, never more than 1 card: the quantiles are 0, so the floor. The loss is
    # a whole number of cards and even the worst move the hint lists costs 1 card, no more (the tests'
    # deals): one card short more is a mistake (medium play: 2% of decisions), three a blunder
    "kalooki": Thresholds(1, 1, 3, claims.fact(
        "review.loss.kalooki", N_("cards short of going down: {value} more than after the better move")),
        N_("cards short")),
    # 493 decisions, 10% cost anything; q90 0.25, q95 1.8, q99 6.0 points: q90 is under the floor of 1
    # point (an Ace's worth, the least card), so 1, then 2 and 6 from q95 and q99
    "rummy": Thresholds(1, 2, 6, claims.fact(
        "review.loss.rummy", N_("{value} more points of deadwood than the better move, a card from the stock "
                                "counted as expected if every card you cannot see is equally likely")),
        N_("points of deadwood")),
    # 291 decisions, 40% cost anything; q90 14.5, q95 22.8, q99 48.4 percentage points
    "jabberwocky": Thresholds(15, 25, 50, claims.fact(
        "review.loss.jabberwocky", N_("a chance of making your bid {value} percentage points below the better "
                                      "move")), N_("percentage points of the chance of making your bid"), 100.0),
    # 306 decisions, 36% cost anything; q90 15, q95 29.6, q99 64.6 points
    "klaberjass": Thresholds(15, 30, 60, claims.fact(
        "review.loss.klaberjass", N_("{value} points below the better move")), N_("points")),
}


def thresholds_for(game_id: str) -> Thresholds:
    try:
        return REVIEW_THRESHOLDS[game_id]
    except KeyError:
        raise ValueError(f"{game_id!r} has no review: no player of it ever chooses a move") from None


__all__ = ["REVIEW_THRESHOLDS", "Thresholds", "thresholds_for"]
