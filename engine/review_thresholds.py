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


REVIEW_THRESHOLDS: dict[str, Thresholds] = {
    # 478 decisions, 11% cost anything; q90 1.8, q95 5.7, q99 10.4 points
    "jubilee": Thresholds(2, 6, 10, claims.fact(
        "review.loss.jubilee", N_("{value} points below the better move, counting the next player's Jubilee as "
                                  "expected if every card you cannot see is equally likely")), N_("points"),
        N_("point"), loss_one=claims.fact(
            "review.loss.jubilee.one", N_("{value} point below the better move, counting the next player's "
                                          "Jubilee as expected if every card you cannot see is equally likely"))),
    # 275 decisions, 36% cost anything (mostly within the noise); q90 0.52, q95 0.80, q99 1.50 chips
    "jubileu": Thresholds(0.5, 1, 2, claims.fact(
        "review.loss.jubileu", N_("{value} chips below the better move")), N_("chips"), N_("chip"),
        loss_one=claims.fact("review.loss.jubileu.one", N_("{value} chip below the better move"))),
    # 469 King decisions, 5% cost anything, q95 0.1, q99 1.3, at most 2.5 points: the quantiles are ~0, so
    # the floor: under 2 percentage points of a chance of about 28% is not a difference a player could see
    # over a season of deals; a mistake 5 and a blunder 15 keep the other games' steps (about 2.5x, 3x)
    "relogio": Thresholds(2, 5, 15, claims.fact(
        "review.loss.relogio", N_("a chance of winning {value} percentage points below the better move")),
        N_("percentage points of the chance of winning"), N_("percentage point of the chance of winning"),
        loss_one=claims.fact("review.loss.relogio.one",
                             N_("a chance of winning {value} percentage point below the better move"))),
    # 238 decisions, 53% cost anything (mostly within the noise); q90 0.97, q95 4.2, q99 6.6 chips
    "injun": Thresholds(1, 4, 7, claims.fact(
        "review.loss.injun", N_("{value} chips below the better move, as expected if the others bet as the "
                                "medium bot does, with one move in ten at random")), N_("chips"), N_("chip"),
        loss_one=claims.fact("review.loss.injun.one", N_("{value} chip below the better move, as expected if the "
                                                         "others bet as the medium bot does, with one move in ten "
                                                         "at random"))),
    # 276 decisions, 2% cost anything, never more than 1 card: the quantiles are 0, so the floor. The hint
    # counts cards short exactly (no imagined deals), so every cost is a whole number of cards: nothing lies
    # between the better move's 0 and a cost of 1 card, and no step can sit there. Every listed move at seat 0's
    # decisions of medium play (40 matches of contracts 1, 5 and 9, seeds 200 on; 45,865 moves): 27% cost 1 card,
    # 33 moves 2 or 3 (a meld's only real card thrown), 2 moves 5; medium's own choices cost 1 card at 228 of its
    # 9,360 decisions (2.4%: a mistake's frequency in the other games) and never more. So one card is a mistake,
    # three (a whole meld) a blunder, and the page says plainly that no move is an inaccuracy.
    "kalooki": Thresholds(1, 1, 3, claims.fact(
        "review.loss.kalooki", N_("cards short of going down: {value} more than after the better move")),
        N_("cards short"), N_("card short"),
        no_inaccuracy=N_("every cost is a whole number of cards, and one card more to find before you can go "
                         "down is already a mistake")),
    # 493 decisions, 10% cost anything; q90 0.25, q95 1.8, q99 6.0 points: q90 is under the floor of 1
    # point (an Ace's worth, the least card), so 1, then 2 and 6 from q95 and q99
    "rummy": Thresholds(1, 2, 6, claims.fact(
        "review.loss.rummy", N_("{value} more points of deadwood than the better move, a card from the stock "
                                "counted as expected if every card you cannot see is equally likely")),
        N_("points of deadwood"), N_("point of deadwood"), loss_one=claims.fact(
            "review.loss.rummy.one", N_("{value} more point of deadwood than the better move, a card from the "
                                        "stock counted as expected if every card you cannot see is equally "
                                        "likely"))),
    # 291 decisions, 40% cost anything; q90 14.5, q95 22.8, q99 48.4 percentage points
    "jabberwocky": Thresholds(15, 25, 50, claims.fact(
        "review.loss.jabberwocky", N_("a chance of making your bid {value} percentage points below the better "
                                      "move")), N_("percentage points of the chance of making your bid"),
        N_("percentage point of the chance of making your bid"), 100.0, loss_one=claims.fact(
            "review.loss.jabberwocky.one", N_("a chance of making your bid {value} percentage point below the "
                                              "better move"))),
    # 306 decisions, 36% cost anything; q90 15, q95 29.6, q99 64.6 points
    "klaberjass": Thresholds(15, 30, 60, claims.fact(
        "review.loss.klaberjass", N_("{value} points below the better move")), N_("points"), N_("point"),
        loss_one=claims.fact("review.loss.klaberjass.one", N_("{value} point below the better move"))),
}


def thresholds_for(game_id: str) -> Thresholds:
    try:
        return REVIEW_THRESHOLDS[game_id]
    except KeyError:
        raise ValueError(f"{game_id!r} has no review: no player of it ever chooses a move") from None


__all__ = ["REVIEW_THRESHOLDS", "Thresholds", "thresholds_for"]
