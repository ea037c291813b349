"""A game's variants as settings a person picks from a menu, and as part of the deal code.

The list comes from the rules class's ``variants`` (each :class:`engine.Option` has a doc
and, when it is a menu, its choices). The doc is written for developers (identifiers, the
rules text's own words), so every table words each of its menus for learners (:class:`Setting`:
a name, a one-line description, a name for each choice), offers choices for an option that
takes any number (Injun's chips), or hides a guard nobody needs to touch;
tests/widgets/test_settings_words.py holds every game to that. The menu made from the doc
alone (:func:`generated`) is only a stopgap while a new option waits for its words.

The code carries the settings after a slash, one digit per setting (the index of the
choice): ``4-K7QM3P/0110``. A class that types the code plays the same game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.i18n import N_, Sentence
from engine.protocol import Game, Option, ParlourError
from engine.words import agreeing

HIDDEN = frozenset({"first_dealer"})  # drawn with the seed: nothing a learner needs to choose


class SettingsError(ParlourError):
    """A code's settings part this table cannot read."""


@dataclass(frozen=True)
class Setting:
    """One menu: the option it sets, its label, its choices as (words, value), and a sentence of help."""

    option: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    help: str = ""

    def values(self) -> list[Any]:
        return [value for _, value in self.choices]

    def index(self, value: Any) -> int | None:
        for i, (_, v) in enumerate(self.choices):
            if v == value and type(v) is type(value):
                return i
        return None


def _plain(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value).replace("_", " ")


def learner_help(doc: str) -> str:
    """An option's doc without the notes meant for developers ("docs/rules/el_gato.md [T]:", "(wikiHow)")."""
    text = re.sub(r"\(?docs/rules/[\w.-]+\.md(#[\w.-]*[\w-])?(\s*\[T\])?( guard)?\)?:?\s*", "", doc)
    text = re.sub(r"\s*\((wikiHow|the seed|as the seed says)\)", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    return text[:1].upper() + text[1:]


def generated(option: Option) -> Setting | None:
    """The menu an option gets when its table says nothing about it (None: it is not a menu)."""
    if option.choices is None or option.name in HIDDEN or len(option.choices) > 10:
        return None
    label = option.name.replace("_", " ").capitalize()
    return Setting(option.name, label, tuple((_plain(c), c) for c in option.choices), learner_help(option.doc))


def settings_for(rules: type[Game], words: Mapping[str, Setting | None]) -> list[Setting]:
    """The settings of a game, in the order of its variants; ``words`` rewords (or, with None, hides) some."""
    found = []
    for option in rules.variants:
        setting = words[option.name] if option.name in words else generated(option)
        if setting is not None and len(setting.choices) <= 10:
            found.append(setting)
    return found


def defaults(rules: type[Game]) -> dict[str, Any]:
    return rules.option_defaults()


def encode(settings: Sequence[Setting], options: Mapping[str, Any], rules: type[Game]) -> str:
    """One digit per setting, or "" when every setting is the game's default (old codes stay short)."""
    base = defaults(rules)
    digits = []
    for s in settings:
        value = options.get(s.option, base[s.option])
        i = s.index(value)
        if i is None:  # a value set from Python that no menu offers: the code cannot carry it
            i = s.index(base[s.option]) or 0
        digits.append(str(i))
    if all(options.get(s.option, base[s.option]) == base[s.option] for s in settings):
        return ""
    return "".join(digits)


def decode(settings: Sequence[Setting], digits: str) -> dict[str, Any]:
    """The options a code's settings part stands for; refuses a part this table cannot read."""
    if len(digits) != len(settings) or not digits.isascii() or not digits.isdigit():
        raise SettingsError(Sentence(agreeing(len(settings), N_("The part after the slash, “{digits}”, is not this "
                                                                "game's settings: it has {n} digit here."),
                                              N_("The part after the slash, “{digits}”, is not this game's "
                                                 "settings: it has {n} digits here.")), digits=digits, n=len(settings)))
    chosen = {}
    for s, d in zip(settings, digits):
        i = int(d)
        if i >= len(s.choices):
            raise SettingsError(Sentence(N_("The part after the slash, “{digits}”, asks for a choice of “{label}” "
                                            "this game does not have."), digits=digits, label=s.label))
        chosen[s.option] = s.choices[i][1]
    return chosen
