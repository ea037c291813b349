"""Hints and bots: advice computed from what one seat can see, and nothing more.

Each game has an *advisor* module with three policies (easy, medium, hard) and an
``advise(view)`` that returns a :class:`Hint`. Every function here takes a view —
the dict ``Game.view(seat)`` returns — never a game, so no hint and no bot can
peek at a hidden card.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .claims import Claim, percent

LEVELS = ("easy", "medium", "hard")


def share(x: float) -> str:
    """A probability in words: "100%" or "0%" only when it is exactly 1 or 0 (an exact count).

    Kept for sentences not yet built from claims. A share of imagined deals is a
    :class:`engine.claims.Sampled` claim, whose words (:func:`engine.claims.percent`) never read
    as a certainty and always carry the sample size and the assumption.
    """
    if x >= 1.0:
        return "100%"
    if x <= 0.0:
        return "0%"
    return percent(x)


@dataclass(frozen=True)
class Alternative:
    """One legal move with the advisor's estimate (higher is better) and a short note.

    ``samples`` is how many imagined deals the estimate averages (0: an exact figure, or one worked
    out under a stated model) and ``margin`` the half-width of its 95% interval: the review
    (engine/review.py) never calls a move a mistake when it lies within that noise of the best.
    """

    action: str
    score: float
    note: str
    claims: tuple[Claim, ...] = ()
    samples: int = 0
    margin: float = 0.0


@dataclass(frozen=True)
class Hint:
    seat: int
    action: str
    reason: str
    alternatives: list[Alternative] = field(default_factory=list)
    #: Every fact ``reason`` states, as claims (engine.claims): tests/engine/test_claims.py checks each.
    claims: tuple[Claim, ...] = ()

    def __str__(self) -> str:
        lines = [f"Hint: {self.action}. {self.reason}"]
        for alt in self.alternatives:
            lines.append(f"  {alt.action:<12} {alt.score:+6.1f}  {alt.note}")
        return "\n".join(lines)


Policy = Callable[[dict[str, Any], random.Random], str]


class Advisor(Protocol):
    POLICIES: dict[str, Policy]

    def advise(self, view: dict[str, Any]) -> Hint: ...


def advisor(game_id: str) -> Advisor:
    """The advisor module of a game: its ``advisor_module``, or ``<game module>_ai``."""
    from . import GAMES
    try:
        cls = GAMES[game_id]
    except KeyError:
        raise ValueError(f"no advisor for {game_id!r}") from None
    return importlib.import_module(cls.advisor_module or f"{cls.__module__}_ai")  # type: ignore[return-value]


def hint_for_view(view: dict[str, Any]) -> Hint:
    if not view.get("legal"):
        from .protocol import IllegalAction
        from .i18n import N_, Sentence
        from .words import is_you
        who = view["names"][view["seat"]]
        raise IllegalAction(Sentence(N_("It is not your turn: there is nothing to hint.")) if is_you(who)
                            else Sentence(N_("It is not {who}'s turn: there is nothing to hint."), who=who),
                            "turn.order")
    return advisor(view["game"]).advise(view)


class Bot:
    """A computer player of one strength; it decides from the view alone."""

    def __init__(self, game_id: str, level: str = "medium", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot level {level!r} is not one of {', '.join(LEVELS)}")
        self.level = level
        self._policy = advisor(game_id).POLICIES[level]
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        if not view.get("legal"):
            raise ValueError("the bot was asked to move when it has no legal move")
        return self._policy(view, self._rng)
