"""A solved position is the same position at an English and a Portuguese table (issue 36).

Why: the solver draws its sample of deals from a stream seeded by the position's view, and the view
carries the game's options, ``lang`` among them; a Portuguese table drew other deals and so rated the
same move differently. The language is left out of that seed.
"""

from __future__ import annotations

import engine
from engine import exact


def _position(lang: str) -> dict:
    """Jabberwocky, 4 players, 3 cards: beyond exhaustive search, so the solver samples deals."""
    game = engine.new_game("jabberwocky", players=4, seed=5, rounds=[3], lang=lang)
    while game.deal.phase == "bid":
        game.apply(game.legal_actions()[0])
    return game.view(game.current_player)


def test_a_sampled_solution_does_not_depend_on_the_language():
    en, pt = _position("en"), _position("pt")
    assert {k: v for k, v in en["options"].items() if k != "lang"} == \
        {k: v for k, v in pt["options"].items() if k != "lang"}
    solved_en, solved_pt = exact.solve_view("jabberwocky", en), exact.solve_view("jabberwocky", pt)
    assert solved_en is not None and solved_en.sampled
    assert solved_pt == solved_en
