"""The registry of games, id → rules class, in the order of the seeds: ``engine.GAMES`` is this dict.

Why a module of its own that imports nothing: the hints and the review's ladders look a game up by its
id, and the games import them; a registry in ``engine`` itself (or one that imported the games) would
close a circle of imports. ``engine/__init__.py`` fills it once, from ``engine.games.discover()``.
"""

from __future__ import annotations

from typing import Any

GAMES: dict[str, Any] = {}  # id -> the game's rules class (a subclass of engine.protocol.Game)

__all__ = ["GAMES"]
