"""How much a move may cost before the review calls it an inaccuracy, a mistake or a blunder.

Written once per game, in the game's own units (the units of its hint's estimates), beside the
words that say what the figure is: engine/review.py rates every decision against these, and each
lesson's "how to read the review" quotes them. ``scale`` turns the hint's estimate into the unit
(Jabberwocky's hint scores a share of deals, 0 to 1; its review speaks in percentage points).
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
    "jubilee": Thresholds(1, 3, 8, claims.fact(
        "review.loss.jubilee", N_("{value} points below the better move, counting the next player's Jubilee as "
                                  "expected if every card you cannot see is equally likely")), N_("points")),
    "jubileu": Thresholds(1, 3, 8, claims.fact(
        "review.loss.jubileu", N_("{value} chips below the better move")), N_("chips")),
    "relogio": Thresholds(2, 5, 15, claims.fact(
        "review.loss.relogio", N_("a chance of winning {value} percentage points below the better move")),
        N_("percentage points of the chance of winning")),
    "injun": Thresholds(0.25, 1, 3, claims.fact(
        "review.loss.injun", N_("{value} chips below the better move, as expected if the others bet as the "
                                "medium bot does, with one move in ten at random")), N_("chips")),
    "kalooki": Thresholds(1, 1, 3, claims.fact(
        "review.loss.kalooki", N_("cards short of going down: {value} more than after the better move")),
        N_("cards short")),
    "rummy": Thresholds(3, 8, 15, claims.fact(
        "review.loss.rummy", N_("{value} more points of deadwood than the better move, a card from the stock "
                                "counted as expected if every card you cannot see is equally likely")),
        N_("points of deadwood")),
    "jabberwocky": Thresholds(5, 15, 30, claims.fact(
        "review.loss.jabberwocky", N_("a chance of making your bid {value} percentage points below the better "
                                      "move")), N_("percentage points of the chance of making your bid"), 100.0),
    "klaberjass": Thresholds(5, 15, 40, claims.fact(
        "review.loss.klaberjass", N_("{value} points below the better move")), N_("points")),
}


def thresholds_for(game_id: str) -> Thresholds:
    try:
        return REVIEW_THRESHOLDS[game_id]
    except KeyError:
        raise ValueError(f"{game_id!r} has no review: no player of it ever chooses a move") from None


__all__ = ["REVIEW_THRESHOLDS", "Thresholds", "thresholds_for"]
