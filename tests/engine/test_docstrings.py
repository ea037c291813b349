"""The examples in the engine's docstrings run as written: a newcomer can paste them.

Every module of the engine is searched (python-chess keeps its examples runnable the same way); the
protocol's entry points (engine.GAMES, new_game, legal_actions, apply, view, hint, play, progress,
load_game …) each carry one.
"""

import doctest
import importlib
import pkgutil

import pytest

import engine
from engine import melds, tricks, words
from engine.games import jabberwocky, jubileu, klaberjass

MODULES = ["engine", *sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))]
ENTRY_POINTS = [engine.new_game, engine.load_game, engine.hint, engine.play, engine.next_turn,
                engine.Game.legal_actions, engine.Game.apply, engine.Game.view, engine.Game.to_act,
                engine.Game.why_illegal, engine.Game.undo, engine.Game.progress, engine.Game.deal_results]

#: The pure helpers a newcomer reads first (issue 33 item 5): each shows what it answers.
HELPERS = [tricks.follow_suit, jubileu.settle, klaberjass.settle, jabberwocky.forbidden_bid,
           klaberjass.find_sequences, melds.least_deadwood, melds.contract_arrangement, words.count, words.says]


def test_package_docstring_examples():
    result = doctest.testmod(engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_every_engine_modules_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__qualname__)
def test_every_entry_point_of_the_protocol_shows_an_example(entry):
    assert ">>> " in (entry.__doc__ or ""), f"{entry.__qualname__} has no example to paste"


@pytest.mark.parametrize("helper", HELPERS, ids=lambda f: f"{f.__module__}.{f.__qualname__}")
def test_every_pure_helper_a_newcomer_reads_shows_an_example(helper):
    assert ">>> " in (helper.__doc__ or ""), f"{helper.__qualname__} has no example to paste"
