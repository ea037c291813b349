"""The games: one rules module per game (its Rulebook first) and its ``<game>_ai`` advisor.

A game registers itself by existing: every module here that is not an advisor is
imported, and each ``Game`` subclass it defines with an ``id`` joins the registry. The
registry lists games in the order of the seed documents (``ORDER``), so the gallery reads
as the seeds do; a game missing from ``ORDER`` goes last.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..protocol import Game

ORDER = ("jubilee", "jubileu", "relogio", "relogio_real", "el_gato", "injun",
         "kalooki", "rummy", "jabberwocky", "klaberjass")


def discover() -> dict[str, type[Game]]:
    """Every game class defined in this package, keyed by id, in ``ORDER``."""
    found: dict[str, type[Game]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.endswith("_ai") or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (isinstance(obj, type) and issubclass(obj, Game) and obj.__module__ == module.__name__
                    and getattr(obj, "id", None)):
                found[obj.id] = obj
    rank = {game_id: i for i, game_id in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])))
