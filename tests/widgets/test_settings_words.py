"""Every game's Settings panel speaks to a learner: a name, a one-line description and worded choices.

An option the table does not word falls back to the engine's doc, which is written for developers
(identifiers, quotes from the seed text, the seed's own language): so each menu must be worded by its table.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from html import unescape

import ipywidgets as w
import pytest

import engine
import widgets.games
from widgets.settings import HIDDEN
from widgets.table import Table


def table_classes() -> dict[str, type[Table]]:
    found: dict[str, type[Table]] = {}
    for module in pkgutil.iter_modules(widgets.games.__path__):
        for _, cls in inspect.getmembers(importlib.import_module(f"widgets.games.{module.name}"), inspect.isclass):
            if issubclass(cls, Table) and cls.__dict__.get("game_id"):
                found[cls.game_id] = cls
    return found


TABLES = table_classes()
RAW = [re.compile(p, re.I) for p in (
    r"\b\w+_\w+\b",                       # an identifier: any_pair, left_of_dealer
    r"\bseed",                            # our word for the rules text we were given
    r"\b(True|False|None)\b", r"[\[\]{}=]", r"'\w+'",  # Python
    r"RULES\.md|docs/rules|\[T\]|\bwikiHow\b",  # notes to ourselves
    # ordinary Portuguese words (a quote); contract names such as Meia Miséria are the game's own terms
    r"\b(quando|duas|cartas?|valor|igual|são|jogadas|mesma|vaza|primeira|monte|adversário|jogador)\b",
)]


def make(cls: type[Table]) -> Table:
    if cls.game_id.startswith("relogio"):
        return cls(seed=5)
    return cls(seed=5, bot_delay=0)  # the game's usual number of players


def panel_texts(table: Table) -> list[tuple[str, str, list[str], str]]:
    """(option, the menu's name, its choices' words, its description) as the panel shows them."""
    shown = []
    for s, row in zip(table.settings, table.settings_panel.children):
        box, help_html = row.children
        assert isinstance(box, w.Dropdown) and isinstance(help_html, w.HTML)
        help_text = unescape(re.sub(r"<[^>]+>", "", help_html.value))
        shown.append((s.option, box.description, [str(label) for label, _ in box.options], help_text))
    return shown


def test_every_game_has_a_table():
    assert set(TABLES) == set(engine.GAMES)


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_menu_an_option_could_be_is_worded_or_hidden_by_its_table(game_id):
    table = TABLES[game_id]
    menus = [o.name for o in engine.GAMES[game_id].variants
             if o.choices is not None and len(o.choices) <= 10 and o.name not in HIDDEN]
    assert [name for name in menus if name not in table.setting_words] == []


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_the_settings_panel_shows_a_learner_name_and_description_for_every_option(game_id):
    table = make(TABLES[game_id])
    shown = panel_texts(table)
    assert len(shown) == len(table.settings)
    names = [name for _, name, _, _ in shown]
    assert len(set(names)) == len(names), f"two settings with one name: {names}"
    for option, name, choices, description in shown:
        assert name.strip() and description.strip(), option
        assert len(description) <= 240 and "\n" not in description, (option, description)
        assert len(set(choices)) == len(choices), (option, choices)
        for text in (name, description, *choices):
            found = [m.group(0) for p in RAW for m in p.finditer(text)]
            assert not found, (option, text, found)
