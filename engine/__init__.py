"""Parlour's game engine: the rules of every game, one protocol, no Jupyter.

A tour a newcomer can paste (every line runs in the test suite):

    >>> import engine
    >>> list(engine.GAMES)  # the registry, id -> rules class  # doctest: +NORMALIZE_WHITESPACE
    ['jubilee', 'jubileu', 'relogio', 'relogio_real', 'el_gato', 'injun', 'kalooki', 'rummy',
     'jabberwocky', 'klaberjass']
    >>> g = engine.new_game("jubilee", players=3, seed=7)   # same seed, same deal, always
    >>> g
    engine.new_game('jubilee', players=3, seed=7)
    >>> g.current_player, g.to_act()
    (1, [1])
    >>> [str(a) for a in g.legal_actions()]
    ['play 10S', 'play KS', 'play JK', 'play 3S', 'play 2S', 'play 9C']
    >>> [e.text for e in g.apply("play 10S")]    # notation or an Action; the events it caused
    ['Player 2 plays 10♠ (+10): the count goes from 0 to 10.', 'Player 2 draws a card from the stock (36 left).']
    >>> g.view(2)["count"], g.progress()["deal"]  # what seat 2 may see; how far the match has gone
    (10, 1)
    >>> engine.hint(g).action                   # the advisor sees only the view of the seat to play
    'play 4S'
    >>> engine.load_game(g.to_json()).history == g.history
    True

See docs/engine.md for how the protocol covers all nine games.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from .cards import Card, CardError, format_cards, parse_card, parse_cards
from .notation import clipped, quoted
from .protocol import (Action, DealResult, Event, Game, IllegalAction, Option, OptionError, ParlourError,
                       Progress, Rule, Rulebook, SaveError, SAVE_FORMAT, ViewHeader, _checksum)
from .turns import Played, Turn, next_turn, play
from .shuffle import deal_code, decode_deal_code, random_seed
from .games import discover
from .hints import hint
from .registry import GAMES as _REGISTRY
from .games.el_gato import ElGato
from .games.injun import Injun
from .games.jabberwocky import Jabberwocky
from .games.jubilee import Jubilee
from .games.relogio import Relogio
from .games.relogio_real import RelogioReal
from .review import Review, review  # a deal's decisions rated against the hint (engine/review.py)

# Every game in engine/games/, in the order of the seeds: a new game module registers itself.
GAMES: dict[str, type[Game]] = _REGISTRY  # the one registry (engine/registry.py), filled here once
GAMES.update(discover())


def game_class(game_id: str) -> type[Game]:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise OptionError(f"There is no game {quoted(game_id)}: Parlour has "
                          + ", ".join(sorted(GAMES))) from None


def new_game(game_id: str, players: int | None = None, seed: int | str = 0, **options: Any) -> Game:
    """Set up a game by id; ``options`` are the variants its rules class lists.

    >>> import engine
    >>> engine.new_game("rummy", players=3, seed=11, target=50).options["target"]
    50
    >>> engine.new_game("rummy", players=9)
    Traceback (most recent call last):
    engine.protocol.OptionError: Rummy is for 2 to 4 players, not 9
    """
    return game_class(game_id)(players=players, seed=seed, **options)


def load_game(text: str) -> Game:
    """Resume a game saved with ``to_json``; every move is replayed and checked again.

    Whatever the text, the only error is a :class:`SaveError` saying what is wrong with it.

    >>> import engine
    >>> g = engine.new_game("jabberwocky", seed=3)
    >>> g.apply(g.legal_actions()[0])  # doctest: +ELLIPSIS
    [...]
    >>> engine.load_game(g.to_json()).view(0) == g.view(0)
    True
    >>> engine.load_game("{}")
    Traceback (most recent call last):
    engine.protocol.SaveError: This is not a Parlour save: it has no game and no history.
    """
    try:
        return _load(text)
    except SaveError:
        raise
    except ParlourError as exc:
        raise SaveError(f"This save is not valid: {exc}") from None
    except RecursionError:
        raise SaveError("This save is not a Parlour save: it is nested too deeply.") from None
    except Exception as exc:  # a save is untrusted text: nothing but SaveError may escape
        raise SaveError(f"This save could not be read ({type(exc).__name__}).") from None


def _load(text: str) -> Game:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"A save is text written by to_json, not {type(text).__name__}.")
    try:
        body = json.loads(text)
    except ValueError as exc:
        raise SaveError(f"This save is not valid JSON ({clipped(str(exc))}).") from None
    if not isinstance(body, dict) or "game" not in body or "history" not in body:
        raise SaveError("This is not a Parlour save: it has no game and no history.")
    if body.get("format") != SAVE_FORMAT:
        raise SaveError(f"This save has format {quoted(body.get('format'))}; this Parlour reads format {SAVE_FORMAT}.")
    check = body.get("check")
    if not isinstance(check, str) or not hmac.compare_digest(check, _checksum(body)):
        raise SaveError("This save was altered after it was written (its checksum does not match).")
    if not isinstance(body["game"], str):
        raise SaveError("This save does not name a game.")
    cls = game_class(body["game"])
    setup = {k: v for k, v in body.items() if k not in ("format", "game", "history", "check")}
    try:
        game = cls(**setup)
    except TypeError as exc:
        raise SaveError(f"This save's set-up is not one {cls.name} accepts ({clipped(str(exc))}).") from None
    except ParlourError as exc:
        raise SaveError(f"This save's set-up is not valid: {exc}") from None
    history = body["history"]
    if not isinstance(history, list):
        raise SaveError("This save's history is not a list of moves.")
    for i, entry in enumerate(history, start=1):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise SaveError(f"Move {i} of this save is not a [seat, move] pair.")
        try:
            game.apply(entry[1], entry[0])
        except ParlourError as exc:
            raise SaveError(f"Move {i} of this save ({quoted(entry[1])}) is illegal: {exc}") from None
    return game


__all__ = [
    "Action", "Card", "CardError", "DealResult", "ElGato", "Event", "GAMES", "Game", "Injun", "Jabberwocky", "Jubilee",
    "Relogio", "RelogioReal", "IllegalAction", "Option", "OptionError",
    "ParlourError", "Played", "Progress", "Review", "Rule", "Rulebook", "SaveError", "Turn", "ViewHeader",
    "deal_code", "decode_deal_code", "format_cards", "game_class", "hint", "load_game", "new_game", "next_turn",
    "parse_card", "parse_cards", "play", "random_seed", "review",
]
