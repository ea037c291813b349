"""Fixtures the engine tests share."""

from __future__ import annotations

import pytest

import engine
from tests.engine.claim_checks import game_checks


@pytest.fixture
def fast(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's advisor (the test's ``game_id`` parameter) with its FAST constants: fewer imagined deals.
    A module may define its own ``fast`` (tests/engine/test_exact_verdicts.py does)."""
    game_id = request.node.callspec.params["game_id"]
    ai = engine.hints.advisor(game_id)
    for name, value in getattr(game_checks(game_id), "FAST", {}).items():
        monkeypatch.setattr(ai, name, value)
