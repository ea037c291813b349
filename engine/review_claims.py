"""The review's cost as a claim that says what it rests on (issue 37): a solved figure, or a modelled one.

Why: a cost read from imagined playouts holds only if the others play as the medium bot does, and a cost
solved over every deal the view allows holds with best play by everyone; a sentence that says neither
promises more than its figure. Both are :class:`engine.claims.Figure` in the game's loss words, with the
basis added to their words; tests/engine/claim_checks re-derives them (the solved ones by a solver of its
own).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .claims import ASSUMPTIONS, Figure, say
from .i18n import N_
from .numerals import number

#: A count of deals too long to read: said as "more than a million" (the claim keeps the number).
MANY_DEALS = 1_000_000


@dataclass(frozen=True)
class Modelled(Figure):
    """An average of imagined deals (``samples`` of them) that also says who the other players were assumed
    to be (``assumption``, a key of :data:`engine.claims.ASSUMPTIONS`)."""

    assumption: str = "medium"
    kind: ClassVar[str] = "modelled"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.exact or self.assumption not in ASSUMPTIONS:
            raise ValueError(f"a modelled figure is an average of imagined deals under a known assumption, "
                             f"not {self.assumption!r}")

    def words(self, lang: str = "en") -> str:
        return say(lang, N_("{what}, {assumption}"), what=super().words(lang), assumption=self.premise(lang))

    def bare(self, lang: str = "en") -> str:
        return super().words(lang)

    def premise(self, lang: str = "en") -> str:
        return say(lang, ASSUMPTIONS[self.assumption])


@dataclass(frozen=True)
class Solved(Figure):
    """A figure solved exactly (engine/exact.py): averaged over the ``total`` deals the seat's view allows
    (every one when ``exact``; else ``samples`` of them drawn uniformly), each played out with best play by
    everyone, all cards visible."""

    total: int = 0
    kind: ClassVar[str] = "solved"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.total <= 0 or (self.exact and self.samples):
            raise ValueError("a solved figure needs the deals it covers, and is exact only when it covers them all")

    def count_words(self, lang: str = "en") -> str:
        if self.total > MANY_DEALS:
            return say(lang, N_("more than a million"))
        # English has always grouped this count with commas; other languages group as engine/numerals says
        return f"{self.total:,}" if lang == "en" else number(self.total, lang, "d")

    def words(self, lang: str = "en") -> str:
        what = Figure.words(replace(self, exact=True, samples=0), lang)  # the fact's own words, no basis yet
        fields: dict[str, Any] = {"what": what, "n": self.samples, "total": self.count_words(lang)}
        if self.exact:
            return say(lang, N_("{what} on average over all {total} deals your view allows, each played out with "
                                "best play by everyone"), **fields)
        return say(lang, N_("{what} on average over {n} imagined deals, drawn at random among the {total} deals "
                            "your view allows, each played out with best play by everyone"), **fields)


__all__ = ["MANY_DEALS", "Modelled", "Solved"]
