"""Hints and bots: advice computed from what one seat can see, and nothing more.

Each game has an *advisor* module with three policies (easy, medium, hard) and an
``advise(view)`` that returns a :class:`Hint`. Every function here takes a view —
the dict ``Game.view(seat)`` returns — never a game, so no hint and no bot can
peek at a hidden card.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .claims import Claim, paragraph, percent, replaced
from .claims import say as claim_say
from .i18n import N_, Sentence
from .protocol import Game, IllegalAction
from .registry import GAMES
from .words import is_you

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
    """The advice for one seat: the move, why (``reason``, read behind "More"), every other move with a
    note, and every fact the words state as claims.

    The headline is what a beginner reads at a glance: the move and one fact about it, ``gist`` (a claim
    like any other: tests/engine/test_claims.py re-derives it), in one short sentence.
    """

    seat: int
    action: str
    reason: str
    alternatives: list[Alternative] = field(default_factory=list)
    #: Every fact ``reason`` states, as claims (engine.claims): tests/engine/test_claims.py checks each.
    claims: tuple[Claim, ...] = ()
    #: The one fact the headline says about the move (None: the first fact noted for the move itself).
    gist: Claim | None = None
    lang: str = "en"

    def __post_init__(self) -> None:
        if self.gist is None:
            object.__setattr__(self, "gist", self._first_fact_of_the_move())

    def _first_fact_of_the_move(self) -> Claim | None:
        """The first fact said of the hinted move itself (one that reads at a glance first), else of the
        position, and only when neither exists one said of another move (a pass's "Solo Onze fails in 99%"):
        a short fact about another move must not beat a longer one about this move, or "Bid 0: you take
        exactly 1 trick in 35%" pins bid 1's figure on bid 0."""
        mine = ([c for a in self.alternatives if a.action == self.action for c in a.claims]
                + [c for c in self.claims if getattr(c, "move", "") == self.action])
        others = [c for a in self.alternatives if a.action != self.action for c in a.claims]
        position = [c for c in self.claims if getattr(c, "move", "") in ("", None) and c not in others]
        for facts in (mine, position, others):
            short = [c for c in facts if len(c.bare(self.lang)) <= GLANCE]
            if facts:
                return (short or facts)[0]
        return None

    def headline(self, move: str | None = None) -> str:
        """One short sentence: the move, named as the control that makes it reads (``move``; the rules'
        own word for it, its cards in symbols, when not given), and the gist: "Bid 2: you take exactly 2
        tricks in 60% of the 5 deals I imagined."."""
        name = move or " ".join(_symbol(word) for word in self.action.split())
        name = name[:1].upper() + name[1:]  # punctuation only: every language writes it so
        return f"{name}." if self.gist is None else f"{name}: {self.gist.bare(self.lang)}."

    def __str__(self) -> str:
        lines = [self.headline(), self.reason]
        for alt in self.alternatives:
            lines.append(f"  {alt.action:<12} {alt.score:+6.1f}  {alt.note}")
        return "\n".join(lines)


#: The longest fact a headline states by choice: a beginner reads it at a glance.
GLANCE = 60


def _symbol(word: str) -> str:
    """A card code as its symbol ("10D" → "10♦"); any other word as it is."""
    from .cards import CardError, parse_card
    try:
        return parse_card(word).symbol
    except CardError:
        return word


#: How a hint states once what its figures assume, by the kinds of figure that share the assumption.
PREMISE_SENTENCES = {
    ("sampled",): N_("Every share here is worked out {premise}."),
    ("chance",): N_("Every chance here is worked out {premise}."),
    ("chance", "sampled"): N_("Every chance and every share here is worked out {premise}."),
}


def state_assumptions_once(hint: Hint) -> Hint:
    """The hint with each repeated assumption said once, not in every line.

    A share of imagined deals and a chance carry their assumption in their words ("... if the others
    play as the medium bot does"); a hint with six of them read like a statistics report. An
    assumption said more than once is taken out of each claim's words (their ``bare`` words) and said
    in one sentence at the end of the reason, unless the reason already says it in its own words.
    Among the claims of one kind, only the most used assumption is shortened (two chances left bare
    under two different models could not be told apart); the others keep their words.
    """
    lang = hint.lang
    texts = [(hint.reason, hint.claims)] + [(a.note, a.claims) for a in hint.alternatives]
    whole = " ".join(text for text, _ in texts)
    said = [(c, text) for text, claims in texts for c in claims if c.premise(lang) and c.words(lang) in text]
    uses: dict[str, dict[str, int]] = {}
    for claim, _ in said:
        premise = claim.premise(lang)
        uses.setdefault(claim.kind, {})[premise] = whole.count(premise)
    chosen = {kind: max(counts, key=lambda p: counts[p]) for kind, counts in uses.items()}
    chosen = {kind: p for kind, p in chosen.items() if uses[kind][p] > 1}
    if not chosen:
        return hint

    def shorten(text: str, claims: tuple[Claim, ...]) -> str:
        for claim in sorted(claims, key=lambda c: -len(c.words(lang))):
            if chosen.get(claim.kind) == claim.premise(lang):
                text = replaced(text, claim.words(lang), claim.bare(lang))
        return text

    reason = shorten(hint.reason, hint.claims)
    alternatives = [dataclasses.replace(a, note=shorten(a.note, a.claims)) for a in hint.alternatives]
    rest = " ".join([reason] + [a.note for a in alternatives])
    for premise in dict.fromkeys(chosen.values()):
        if premise not in rest:
            kinds = tuple(sorted(k for k, p in chosen.items() if p == premise))
            reason = paragraph(lang, reason, claim_say(lang, PREMISE_SENTENCES[kinds], premise=premise))
    return dataclasses.replace(hint, reason=reason, alternatives=alternatives)


Policy = Callable[[dict[str, Any], random.Random], str]


class Advisor(Protocol):
    POLICIES: dict[str, Policy]

    def advise(self, view: dict[str, Any]) -> Hint: ...


def advisor(game_id: str) -> Advisor:
    """The advisor module of a game: its ``advisor_module``, or ``<game module>_ai``."""
    try:
        cls = GAMES[game_id]
    except KeyError:
        raise ValueError(f"no advisor for {game_id!r}") from None
    return importlib.import_module(cls.advisor_module or f"{cls.__module__}_ai")  # type: ignore[return-value]


def hint(game: Game, seat: int | None = None) -> Hint:
    """What ``seat`` should do now, why, and how the other moves compare (``engine.hint``).

    The advisor sees only ``game.view(seat)``: a hint never peeks at hidden cards.

    >>> import engine
    >>> g = engine.new_game("jubilee", players=3, seed=7)
    >>> h = engine.hint(g)
    >>> h.action in [str(a) for a in g.legal_actions()] and bool(h.reason)
    True
    """
    seat = game.current_player if seat is None else seat
    if seat is None:
        raise IllegalAction(Sentence(N_("The game is over: there is nothing to hint.")), "game.over")
    return hint_for_view(game.view(seat))


def score_move(view: dict[str, Any], action: str) -> Alternative | None:
    """The advisor's figure for one legal move its hint did not list (a raise of another size), from the same
    view and model as the hint's own figures: the review rates every decision (issue 37), not only the moves
    a hint happens to list. None when the advisor has no figure for it."""
    scorer = getattr(advisor(view["game"]), "score", None)
    return scorer(view, action) if scorer is not None and action in view.get("legal", ()) else None


def hint_for_view(view: dict[str, Any]) -> Hint:
    if not view.get("legal"):
        who = view["names"][view["seat"]]
        raise IllegalAction(Sentence(N_("It is not your turn: there is nothing to hint.")) if is_you(who)
                            else Sentence(N_("It is not {who}'s turn: there is nothing to hint."), who=who),
                            "turn.order")
    module = advisor(view["game"])
    hint = module.advise(view)
    lang = view.get("options", {}).get("lang", "en")
    if lang not in getattr(module, "LANGUAGES", ("en",)):
        lang = "en"  # an advisor that writes its reasons in English only: its figures in English too, as one text
    return state_assumptions_once(dataclasses.replace(hint, lang=lang) if hint.lang != lang else hint)


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
