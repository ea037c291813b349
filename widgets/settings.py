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
    if all(options.get(s.option, base[s.option]) == base[s.option] for s in settings):
        return ""
    return digits_of(settings, options, rules)


def digits_of(settings: Sequence[Setting], options: Mapping[str, Any], rules: type[Game]) -> str:
    """One digit per setting, the index of its choice (a value set from Python that no menu offers, which the
    code cannot carry, counts as the default's)."""
    base = defaults(rules)
    digits = []
    for s in settings:
        i = s.index(options.get(s.option, base[s.option]))
        digits.append(str((s.index(base[s.option]) or 0) if i is None else i))
    return "".join(digits)


#: A code does not name its game, so settings that do not fit may be another game's: said so, with an example.
NOT_THESE_SETTINGS = (N_("“{digits}” after the slash does not fit {game}: its codes carry {n} setting digit, one for "
                         "its menu in Settings, like {example}. A deal code does not say which game it was made "
                         "for, so this one may come from another game's table: type it there."),
                      N_("“{digits}” after the slash does not fit {game}: its codes carry {n} setting digits, one "
                         "for each menu in Settings, like {example}. A deal code does not say which game it was "
                         "made for, so this one may come from another game's table: type it there."))


def decode(settings: Sequence[Setting], digits: str, game: str, example: str) -> dict[str, Any]:
    """The options a code's settings part stands for; refuses a part this table cannot read, saying what
    ``game``'s codes look like (``example``: one of its codes with settings) and that it may be another game's."""
    if len(digits) != len(settings) or not digits.isascii() or not digits.isdigit():
        raise SettingsError(Sentence(agreeing(len(settings), *NOT_THESE_SETTINGS), digits=digits, game=game,
                                     n=len(settings), example=example))
    chosen = {}
    for s, d in zip(settings, digits):
        i = int(d)
        if i >= len(s.choices):
            raise SettingsError(Sentence(N_("“{digits}” after the slash asks for a choice of “{label}” that {game} "
                                            "does not have: the code may come from another game's table."),
                                         digits=digits, label=s.label, game=game))
        chosen[s.option] = s.choices[i][1]
    return chosen


def example_code(code: str, settings: Sequence[Setting], options: Mapping[str, Any], rules: type[Game]) -> str:
    """A table's ``code`` with its settings spelled out after the slash, as an example of the game's codes."""
    return f"{code.split('/')[0]}/{digits_of(settings, options, rules)}"
