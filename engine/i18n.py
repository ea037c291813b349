"""Translations with Python's own :mod:`gettext`: one catalog per language, shared by every game.

Game modules mark their sentences with :func:`N_` (rule texts, bid names, suit names) or pass
them through :func:`translator` at the moment they speak; tables do the same for their labels.
English is the source language and needs no catalog. Another language is a compiled catalog
``engine/locale/<lang>/LC_MESSAGES/parlour.mo`` (made from its ``parlour.po``), so a new game
joins a language by adding its sentences to that catalog: nothing else changes.

Sentences are written with ``{named}`` fields and filled after translation, so a translator
may move a field anywhere in the sentence ("{who} wins the trick" → "{who} ganha a vaza").
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

DOMAIN = "parlour"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"
#: The languages with a catalog in the repository, English first.
LANGUAGES = ("en", "pt")
LANGUAGE_NAMES = {"en": "English", "pt": "Português"}

Translate = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a sentence for the catalog without translating it yet (it is translated where it is shown)."""
    return message


@lru_cache(maxsize=None)
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``; English (the source) translates to itself."""
    if lang not in LANGUAGES:
        raise ValueError(f"no translation for language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def translator(lang: str) -> Translate:
    """``gettext`` for one language: ``translator("pt")("spades") == "espadas"``."""
    return catalog(lang).gettext


def say(lang: str, message: str, **fields: object) -> str:
    """Translate ``message`` and fill its ``{fields}``."""
    text = catalog(lang).gettext(message)
    return text.format(**fields) if fields else text


#: The calls that carry a sentence to translate, and which positional argument holds it (0-based).
MARKERS = {"N_": 0, "tr": 0, "t": 0, "say": 1, "_tr": 1, "i18n_say": 1, "narrate": 2, "Sentence": 0}


def extract_messages(*paths: str | Path, markers: Mapping[str, int | tuple[int, ...]] = MARKERS) -> list[str]:
    """Every sentence marked for translation in these source files, in order of first appearance.

    Reads the code with :mod:`ast`, so sentences inside f-string expressions are found too (a
    tokenizer-based extractor misses them), and both sentences of ``t("A" if over else "B")``. A catalog is
    complete when it translates all of these. ``markers``: the calls to read, and where their sentence is.
    """
    import ast

    def sentences(arg: ast.expr) -> list[str]:
        if isinstance(arg, ast.IfExp):
            return sentences(arg.body) + sentences(arg.orelse)
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.strip():
            return [arg.value]
        return []

    found: dict[str, None] = {}
    for path in paths:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            where = markers.get(name)
            if where is None:
                continue
            for pos in (where,) if isinstance(where, int) else where:
                for sentence in sentences(node.args[pos]) if pos < len(node.args) else []:
                    found.setdefault(sentence, None)
    return list(found)


class Sentence(str):
    """A sentence that keeps its catalog message and fields, so it can be said in another language.

    Code that speaks no language of its own (the deal-code reader, the settings decoder, the
    protocol's refusals) raises its error with a Sentence; a table then says it in its language:
    ``Sentence("{who} wins.", who="Ada").said("pt") == "Ada ganha."``. As a ``str`` it is the English;
    :meth:`in_language` makes one that reads in another language (a game's events and refusals) and
    still carries its message and fields. A verb after a field naming the learner agrees with "You"
    (:func:`engine.words.agree`).
    """

    message: str
    fields: dict[str, object]
    lang: str

    def __new__(cls, message: str, **fields: object) -> "Sentence":
        return cls.in_language(SOURCE_LANGUAGE, message, **fields)

    @classmethod
    def in_language(cls, lang: str, message: str, **fields: object) -> "Sentence":
        """``message`` translated into ``lang`` and filled, keeping the message and fields to say it again."""
        made = str.__new__(cls, _filled(lang, message, fields))
        made.message, made.fields, made.lang = message, fields, lang
        return made

    def __reduce_ex__(self, protocol: object) -> tuple[object, ...]:  # a copy (deepcopy, pickle) keeps it all
        return _rebuilt, (type(self), str(self), self.message, self.fields, self.lang)

    def said(self, lang: str) -> str:
        return _filled(lang, self.message, self.fields)


def _rebuilt(cls: type[Sentence], text: str, message: str, fields: dict[str, object], lang: str) -> Sentence:
    made = str.__new__(cls, text)
    made.message, made.fields, made.lang = message, fields, lang
    return made


def _filled(lang: str, message: str, fields: dict[str, object]) -> str:
    """``message`` in ``lang``, its fields filled (a Sentence field said in ``lang`` too), verbs agreeing."""
    from .words import agree

    text = catalog(lang).gettext(message)
    if not fields:
        return text
    values = {k: v.said(lang) if isinstance(v, Sentence) else v for k, v in fields.items()}
    return agree(text, values, lang).format(**values)


def said(text: object, lang: str) -> str:
    """``text`` in ``lang``: a :class:`Sentence` (or an error raised with one) is translated; other text stays."""
    if isinstance(text, BaseException) and text.args and isinstance(text.args[0], Sentence):
        text = text.args[0]
    return text.said(lang) if isinstance(text, Sentence) else str(text)
