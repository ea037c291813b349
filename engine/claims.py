"""Claims: every fact a hint (and later the review) states, as data first and words second.

Why: a tutor's sentence is a promise. While each game wrote its own sentences, shares of imagined
deals were printed as certainties, reasons named the wrong suit, and "nothing fits" was said when a
card did. Here a fact is a typed value (what is claimed, about which move, with which numbers), and
its words are made from those numbers in this module alone: no game can print "100%" for a sample,
"likely" at 26%, or a count without what it counts. ``tests/engine/test_claims.py`` re-derives every
claim a hint carries from the real game, independently of the code that made it, in every game.

Six kinds of claim:

- :class:`Certain`: holds over every legal reply of the real position. Computed by enumeration or
  from what is already on the table, never from samples.
- :class:`Sampled`: a share of imagined deals, always with its sample size and with what the other
  players were assumed to do; it never reads 0% or 100%.
- :class:`Chance`: a probability worked out exactly under a stated model ("if every card you cannot
  see is equally likely"); it carries the model in its words.
- :class:`Count`: an exact count from the seat's own view ("8 of the 94 cards you have not seen").
- :class:`Comparison`: a card or suit picked out among others by a measure ("your longest suit").
- :class:`Figure`: a number in the game's own units (points, chips, tricks, cards short).

A game declares the words of each fact it states once, with :func:`fact`, as templates whose
``{fields}`` the claim fills. Templates go through :mod:`engine.i18n`, so a claim reads in the
language of the table. A hint's sentence is then built from ``claim.words(lang)`` and plain
connecting words; ``Hint.claims`` lists every claim its text states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .i18n import N_, SOURCE_LANGUAGE, Sentence
from .numerals import localize

# ---- Sentences of hints and reviews --------------------------------------------------------------


def say(lang: str, message: str, **fields: object) -> Sentence:
    """``message`` from the catalog in ``lang``, its fields filled, as a :class:`engine.i18n.Sentence` that keeps
    its message and fields: every word a hint or a review says is built so (the claims' words, the advisors'
    connecting sentences), and tests/engine/test_portuguese_sentences.py walks the sentences inside it.

    English is filled as written (no verb agreement: the hints' English is pinned byte for byte by the
    fingerprint); another language goes through :meth:`Sentence.in_language` ("Você" inside a sentence reads
    "você").
    """
    if lang != SOURCE_LANGUAGE:
        return Sentence.in_language(lang, message, **fields)
    return _kept(message.format(**fields) if fields else message, message, fields, lang)


def _kept(text: str, message: str, fields: dict[str, object], lang: str) -> Sentence:
    made = str.__new__(Sentence, text)
    made.message, made.fields, made.lang = message, fields, lang
    return made


def paragraph(lang: str, *parts: str, sep: str = " ") -> Sentence:
    """Sentences said one after another (empty ones left out), as one :class:`Sentence` whose fields are the
    parts: a hint's reason reads as before, and each part keeps its catalog message."""
    kept = [p for p in parts if p]
    message = sep.replace("{", "{{").replace("}", "}}").join("{p%d}" % i for i in range(len(kept)))
    return _kept(sep.join(kept), message, {f"p{i}": p for i, p in enumerate(kept)}, lang)


def replaced(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new``; a :class:`Sentence` keeps its structure where ``old`` is
    whole inside its fields (a claim's words made bare, engine.hints.state_assumptions_once), else the
    result is the plain text ``str.replace`` gives (always the same characters)."""
    plain = str.replace(text, old, new)
    if not isinstance(text, Sentence) or old not in text:
        return text if plain == text else plain
    if str(text) == old:
        return new
    fields = {k: replaced(v, old, new) if isinstance(v, str) else v for k, v in text.fields.items()}
    rebuilt = say(text.lang, text.message, **fields)
    return rebuilt if rebuilt == plain else plain


# ---- The words of facts ----------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """The words of one fact: ``yes`` says it holds; ``no`` says it does not (for certainties and
    shares that are reported the other way round). Fields: ``{move}`` and the claim's own."""

    name: str
    yes: str
    no: str = ""


FACTS: dict[str, Fact] = {}


def fact(name: str, yes: str, no: str = "") -> Fact:
    """Declare the words of a fact (once, at import of the module that states it).

    Declaring the same name again with other words is a mistake (two games would print one
    fact differently), so it raises.
    """
    new = Fact(name, yes, no)
    old = FACTS.setdefault(name, new)
    if old != new:
        raise ValueError(f"fact {name!r} is declared twice with different words")
    return old


def _fact(name: str) -> Fact:
    try:
        return FACTS[name]
    except KeyError:
        raise KeyError(f"no words declared for the fact {name!r}: declare them with claims.fact()") from None


#: The fact of a move that is the only legal one (checked by the generic ``only_legal`` checker).
ONLY_MOVE = fact("only_legal", "it is the only move you have")


def percent(x: float, lang: str = "en") -> str:
    """A sampled share as a percentage that never reads as a certainty: 0.999 is "over 99%"; in ``lang``."""
    pct = round(100 * x)
    if pct >= 100 or x >= 1.0:
        return say(lang, N_("over 99%"))
    if pct <= 0 or x <= 0.0:
        return say(lang, N_("under 1%"))
    return localize(f"{pct}%", lang)


#: Who the other players were imagined to be, in the words a sampled share carries.
ASSUMPTIONS = {
    "medium": N_("if the others play as the medium bot does"),
    "hard": N_("if the others play as the hard bot does"),
    "random": N_("if the others play at random"),
    "as_dealt": N_("with the cards dealt at random"),
}

#: A share's verdict, from its numbers alone: the word a sentence may use for it.
LIKELY, EVEN, UNLIKELY = N_("likely"), N_("about even"), N_("unlikely")  # said with say(lang, ...)


def verdict(rate: float) -> str:
    """"likely" from 60%, "unlikely" below 40%, "about even" between: never "likely" at 26%."""
    return LIKELY if rate >= 0.6 else UNLIKELY if rate < 0.4 else EVEN


# ---- The claims ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """A fact about the position, by name, with the numbers that make it true or false."""

    fact: str
    kind: ClassVar[str] = "claim"

    def fields(self) -> dict[str, Any]:
        return {}

    def words(self, lang: str = "en") -> str:
        raise NotImplementedError

    def premise(self, lang: str = "en") -> str:
        """What the claim's figure assumes about the unseen or the others, in words ("" when nothing)."""
        return ""

    def bare(self, lang: str = "en") -> str:
        """The claim's words without its assumption: for a hint that states that assumption once
        (:func:`engine.hints.state_assumptions_once`) rather than in every line."""
        return self.words(lang)

    def __str__(self) -> str:
        return self.words()


@dataclass(frozen=True)
class Certain(Claim):
    """True whatever anyone can still legally do (``holds=False``: it cannot happen at all).

    ``move`` is the seat's move it is about (or "" for the position itself); ``detail`` fills any
    other field of the fact's words (a card, a suit).
    """

    move: str = ""
    holds: bool = True
    #: Said "whatever the others play": the fact depends on replies still to come (a trick's winner).
    over_replies: bool = True
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "certain"

    def fields(self) -> dict[str, Any]:
        return {"move": self.move, **self.detail}

    def words(self, lang: str = "en") -> str:
        f = _fact(self.fact)
        if not self.holds and not f.no:
            raise ValueError(f"fact {self.fact!r} has no words for when it cannot happen")
        text = say(lang, f.yes if self.holds else f.no, **self.fields())
        if self.over_replies:
            text = say(lang, N_("{what}, whatever the others play"), what=text)
        return text


@dataclass(frozen=True)
class Sampled(Claim):
    """``hits`` of ``samples`` imagined deals had the fact, under ``assumption`` about the others."""

    move: str = ""
    hits: int = 0
    samples: int = 0
    assumption: str = "medium"
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "sampled"

    def __post_init__(self) -> None:
        if not 0 <= self.hits <= self.samples or self.samples <= 0:
            raise ValueError(f"a share of {self.hits} in {self.samples} imagined deals is not a share")
        if self.assumption not in ASSUMPTIONS:
            raise ValueError(f"unknown assumption {self.assumption!r}")

    @property
    def rate(self) -> float:
        return self.hits / self.samples

    @property
    def verdict(self) -> str:
        return verdict(self.rate)

    def fields(self) -> dict[str, Any]:
        return {"move": self.move, **self.detail}

    def words(self, lang: str = "en", negative: bool | None = None) -> str:
        """The fact and its share; said the other way round (its ``no`` words) when under half."""
        what, share = self._share(lang, negative)
        return say(lang, N_("{what} in {share} of the {n} deals I imagined, {assumption}"),
                   what=what, share=share, n=localize(str(self.samples), lang), assumption=self.premise(lang))

    def bare(self, lang: str = "en", negative: bool | None = None) -> str:
        """The share and its sample size, without who the others were imagined to be."""
        what, share = self._share(lang, negative)
        return say(lang, N_("{what} in {share} of the {n} deals I imagined"), what=what, share=share,
                   n=localize(str(self.samples), lang))

    def premise(self, lang: str = "en") -> str:
        return say(lang, ASSUMPTIONS[self.assumption])

    def _share(self, lang: str, negative: bool | None) -> tuple[str, str]:
        """The fact's words (its ``no`` words when said the other way round) and the share they hold in."""
        f = _fact(self.fact)
        flip = ((self.rate < 0.5) if negative is None else negative) and bool(f.no)
        what = say(lang, f.no if flip else f.yes, **self.fields())
        return what, percent(1 - self.rate if flip else self.rate, lang)


#: The models a :class:`Chance` is computed under, in the words that must go with it.
MODELS = {
    "uniform": N_("if every card you cannot see is equally likely"),
    "medium": N_("if the others play as the medium bot does"),
    "habit": N_("if the others bet as the medium bot does, with one move in ten at random"),
}


@dataclass(frozen=True)
class Chance(Claim):
    """A probability worked out exactly (not sampled) under a stated model of what is unseen.

    It may read 0% or 100% only when it is exactly 0 or 1 under that model (an exact count of
    cases); its words always carry the model.
    """

    p: float = 0.0
    model: str = "uniform"
    move: str = ""
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "chance"

    def __post_init__(self) -> None:
        if not 0.0 <= self.p <= 1.0:
            raise ValueError(f"a chance of {self.p} is not a probability")
        if self.model not in MODELS:
            raise ValueError(f"unknown model {self.model!r}")

    @property
    def verdict(self) -> str:
        return verdict(self.p)

    def fields(self, lang: str = "en") -> dict[str, Any]:
        exact = "100%" if self.p == 1.0 else "0%" if self.p == 0.0 else percent(self.p, lang)
        return {"move": self.move, "chance": exact, **self.detail}

    def words(self, lang: str = "en") -> str:
        return say(lang, N_("{what}, {model}"), what=self.bare(lang), model=self.premise(lang))

    def bare(self, lang: str = "en") -> str:
        return say(lang, _fact(self.fact).yes, **self.fields(lang))

    def premise(self, lang: str = "en") -> str:
        return say(lang, MODELS[self.model])


@dataclass(frozen=True)
class Count(Claim):
    """An exact count from the seat's view: ``n`` (of ``of``, when the words say "of the ...")."""

    n: int = 0
    of: int | None = None
    move: str = ""
    items: tuple[str, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "count"

    def fields(self) -> dict[str, Any]:
        return {"n": self.n, "of": self.of, "move": self.move, **self.detail}

    def words(self, lang: str = "en") -> str:
        f = _fact(self.fact)
        template = f.no if self.n == 1 and f.no else f.yes  # ``no`` holds the singular, when it differs
        fields = self.fields()
        if lang != SOURCE_LANGUAGE:  # "1.680 maneiras": counts grouped as the language writes them
            fields.update({k: localize(str(fields[k]), lang) for k in ("n", "of") if isinstance(fields[k], int)})
        return say(lang, template, **fields)


@dataclass(frozen=True)
class Comparison(Claim):
    """``subject`` stands first among ``among`` by the fact's measure, with ``value`` (ties allowed:
    a subject that shares first place is still "your longest suit" and the test accepts it)."""

    subject: str = ""
    value: float = 0
    among: tuple[str, ...] = ()
    move: str = ""
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "comparison"

    def fields(self, lang: str = "en") -> dict[str, Any]:
        return {"subject": self.subject, "value": _number(self.value, lang), "move": self.move, **self.detail}

    def words(self, lang: str = "en") -> str:
        return say(lang, _fact(self.fact).yes, **self.fields(lang))


@dataclass(frozen=True)
class Figure(Claim):
    """A number in the game's units that a move brings (points, chips, tricks, cards short).

    ``exact`` figures are true of the game; the others are averages of imagined deals
    (``samples`` of them), and their words say so.
    """

    value: float = 0
    move: str = ""
    exact: bool = True
    samples: int = 0
    detail: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: ClassVar[str] = "figure"

    def __post_init__(self) -> None:
        if not self.exact and self.samples <= 0:
            raise ValueError("an average of imagined deals needs its number of deals")

    def fields(self, lang: str = "en") -> dict[str, Any]:
        return {"value": _number(self.value, lang), "signed": _signed(self.value, lang), "move": self.move,
                "n": self.samples, **self.detail}

    def words(self, lang: str = "en") -> str:
        text = say(lang, _fact(self.fact).yes, **self.fields(lang))
        if self.exact:
            return text
        return say(lang, N_("{what} on average over {n} imagined deals"), what=text,
                   n=localize(str(self.samples), lang))


def _number(x: float, lang: str = "en") -> str:
    """A figure as printed: whole numbers without decimals, a true minus sign, in ``lang`` ("6,75" in Portuguese)."""
    text = str(int(x)) if float(x).is_integer() else f"{x:.2f}"
    return localize(text, lang).replace("-", "−")


def _signed(x: float, lang: str = "en") -> str:
    """A gain or a loss: "+10", "−5", "+0.25" ("+0,25" in Portuguese)."""
    text = f"{int(x):+d}" if float(x).is_integer() else f"{x:+.2f}"
    return localize(text, lang).replace("-", "−")


def indistinct(values: list[float], tolerance: float = 0.0) -> bool:
    """True when a hint cannot tell its moves apart: every estimate within ``tolerance`` of the best.

    A hint in that case must say so rather than present one move as better.
    """
    return bool(values) and max(values) - min(values) <= tolerance


CLAIM_KINDS: tuple[type[Claim], ...] = (Certain, Sampled, Chance, Count, Comparison, Figure)

__all__ = ["ASSUMPTIONS", "CLAIM_KINDS", "Certain", "Chance", "Claim", "Comparison", "Count", "EVEN", "FACTS",
           "Fact", "MODELS", "Figure", "LIKELY", "ONLY_MOVE", "Sampled", "UNLIKELY", "fact", "indistinct", "paragraph",
           "percent", "replaced", "say", "verdict"]
