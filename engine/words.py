"""Plurals and persons for every sentence a learner reads: "1 chip", "2 chips", "You score", "Ada scores".

One helper for the engine's events and the tables' captions, so no sentence says
"You scores +10" or "1 seats later". Pure Python, no Jupyter: widgets import it too.
"""

from __future__ import annotations

import re
from typing import Mapping

YOU = "You"
#: "You" in every language a table speaks (engine/locale): a learner's seat is named so.
YOU_IN = {"en": YOU, "pt": "Você"}

_IRREGULAR_PLURALS = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
_IRREGULAR_NOUNS = {"person": "people", "child": "children", "man": "men", "woman": "women"}


def plural(noun: str) -> str:
    """``"chip"`` → ``"chips"``, ``"match"`` → ``"matches"``, ``"party"`` → ``"parties"``."""
    if noun in _IRREGULAR_NOUNS:
        return _IRREGULAR_NOUNS[noun]
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and len(noun) > 1 and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """A number and its noun, agreeing; ``many`` for odd plurals.

    >>> count(1, "chip"), count(3, "seat"), count(2, "person")
    ('1 chip', '3 seats', '2 people')
    """
    return f"{n} {noun_for(n, noun, many)}"


def noun_for(n: int, noun: str, many: str | None = None) -> str:
    """The noun alone, agreeing with ``n`` (``"card"`` or ``"cards"``)."""
    if abs(n) == 1:
        return noun
    return many if many is not None else plural(noun)


def verb_for(subject: str, verb: str) -> str:
    """A third-person verb (``"plays"``) as ``subject`` says it: ``"You"`` takes ``"play"``."""
    if not is_you(subject):
        return verb
    if verb in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[verb]
    if verb in ("cannot", "may", "must", "can", "will"):
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 3:
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def agree(template: str, fields: Mapping[str, object], lang: str = "en") -> str:
    """``template`` with each verb right after a field that names the learner agreeing with "you".

    The one "You"/"Ada" rule of every sentence the engine fills: a template says the verb as "Ada"
    would ("{who} plays {card}."), and a field naming the learner ("You", or "you" inside a sentence)
    makes it "You play". Portuguese "você" takes the verb "Ada" takes ("Você joga"), so there only the
    name changes: "você" inside a sentence ("…: você vence"), "Você" at its start.

    >>> agree("{who} plays {card}; {other} draws.", {"who": "You", "other": "Ada"})
    '{who} play {card}; {other} draws.'
    >>> agree("{who} joga; fim da partida: {who} vence.", {"who": "Você"}, "pt")
    '{who} joga; fim da partida: você vence.'
    """
    if lang != "en":  # "Você" starts a sentence; inside one, after a colon too, it is "você"
        for key, value in fields.items():
            if isinstance(value, str) and is_you(value):
                inner = inside(value).replace("{", "{{").replace("}", "}}")
                template = re.sub(r"(?<=[^.!?\s])(\s*)\{" + re.escape(key) + r"\}", lambda m: m.group(1) + inner,
                                  template)
        return template
    for key, value in fields.items():
        if isinstance(value, str) and is_you(value[:1].upper() + value[1:]):
            template = re.sub(r"\{" + re.escape(key) + r"\} ([a-z]+)\b",
                              lambda m: f"{{{key}}} {verb_for(YOU, m.group(1))}", template)
    return template


def says(subject: str, verb: str) -> str:
    """A subject and its verb, agreeing: the verb is given as "Ada" would say it.

    >>> says("Ada", "scores"), says("You", "scores"), says("You", "has")
    ('Ada scores', 'You score', 'You have')
    """
    return f"{subject} {verb_for(subject, verb)}"


def possessive(subject: str, first: bool = False) -> str:
    """``"Ada's"`` / ``"your"`` (lower case: it goes inside a sentence); ``first=True`` starts one (``"Your"``)."""
    if not is_you(subject):
        return f"{subject}'s"
    return "Your" if first else "your"


def ordinal(n: int) -> str:
    """``1`` → ``"1st"``, ``12`` → ``"12th"``, ``23`` → ``"23rd"``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def is_you(name: str) -> bool:
    """Whether ``name`` is the learner's seat ("You", or "Você" at a Portuguese table)."""
    return name in YOU_IN.values()


def inside(name: str) -> str:
    """A name as it reads inside a sentence: ``"You"`` becomes ``"you"`` (``"Você"``, ``"você"``)."""
    return name.lower() if is_you(name) else name


def inside_all(names: list[str]) -> list[str]:
    """Names as they read after the start of a sentence: ``["Cleo", "You"]`` → ``["Cleo", "you"]``."""
    return [inside(n) for n in names]


def join(items: list[str], word: str = "and") -> str:
    """``["Ada", "Ben", "Cleo"]`` → ``"Ada, Ben and Cleo"``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def agreeing(n: float, one: str, many: str) -> str:
    """The sentence that agrees with ``n``: ``one`` for ±1, else ``many`` (both may hold ``{n}``).

    For sentences that go through a catalog whole ("{n} deal played" / "{n} deals played"), so a
    translator words each form; ``count`` is for English alone.
    """
    return one if abs(n) == 1 else many
