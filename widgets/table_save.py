"""A table's save and its bots, with no widget: what a browser keeps, and the check that its bot moves are the bots'.

Why apart from widgets/autosave.py (the browser's half, an anywidget): a table session
(widgets/session.py) makes the bots and writes and reads the save, and it must run where no
widget exists (a script, a test, a server that holds a shared table's game). The reasons for each
check are in widgets/autosave.py's docstring.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from engine.hints import LEVELS, Bot
from engine.i18n import N_, Sentence
from engine.protocol import Game, SaveError

ENVELOPE_FORMAT = 1
MAX_SAVE_CHARS = 2_000_000  # a long match is a few tens of kilobytes; anything far larger is not ours


@dataclass(frozen=True)
class TableSave:
    """What the browser keeps for a table: the engine's save and what the table adds to it."""

    game_id: str
    level: str
    game_json: str

    def to_text(self) -> str:
        return json.dumps({"parlour_autosave": ENVELOPE_FORMAT, "game": self.game_id, "level": self.level,
                           "save": self.game_json}, ensure_ascii=False)


def read_table_save(text: Any) -> TableSave:
    """The browser's stored text → :class:`TableSave`; a :class:`SaveError` for anything else.

    Only the wrapper is checked here; the game inside is replayed by ``engine.load_game``.
    """
    if not isinstance(text, str) or not text:
        raise SaveError(Sentence(N_("The saved game is empty.")))
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(Sentence(N_("The saved game is too long to be one of Parlour's.")))
    try:
        body = json.loads(text)
    except ValueError:
        raise SaveError(Sentence(N_("The saved game is damaged (it is not readable)."))) from None
    except RecursionError:
        raise SaveError(Sentence(N_("The saved game is damaged (it is nested too deeply)."))) from None
    if not isinstance(body, dict) or "parlour_autosave" not in body:
        raise SaveError(Sentence(N_("What this browser kept is not a Parlour game.")))
    if body["parlour_autosave"] != ENVELOPE_FORMAT:
        raise SaveError(Sentence(N_("The saved game was written by another version of Parlour.")))
    game_id, level, save = body.get("game"), body.get("level"), body.get("save")
    if not isinstance(game_id, str) or not isinstance(save, str):
        raise SaveError(Sentence(N_("The saved game is damaged (its game is missing).")))
    if level not in LEVELS:
        raise SaveError(Sentence(N_("The saved game is damaged (its bots' level is unknown).")))
    return TableSave(game_id, level, save)


class SeatBot(Bot):
    """A table's bot whose every choice follows from the deal, its seat and how many moves were made.

    A bot that drew on one random stream from the deal on would play differently after an Undo, a
    resumed game or a change of level, so its moves could not be checked afterwards; this one plays
    the same move in the same position every time, and :func:`check_bot_moves` can replay it.
    """

    def __init__(self, game_id: str, level: str, seed: int | str, seat: int, moves_made: Callable[[], int]) -> None:
        super().__init__(game_id, level)
        self._stream = f"parlour-bot:{game_id}:{seed}:{seat}"
        self._moves_made = moves_made

    def choose(self, view: dict[str, Any]) -> str:
        self._rng.seed(f"{self._stream}:{self._moves_made()}")
        return super().choose(view)


def table_bots(game_id: str, level: str, seed: int | str, players: int, human: int,
               moves_made: Callable[[], int]) -> dict[int, SeatBot]:
    """The bots of a table: every seat but the learner's. ``moves_made`` counts the moves of the game they play."""
    return {seat: SeatBot(game_id, level, seed, seat, moves_made) for seat in range(players) if seat != human}


def check_bot_moves(game: Game, human: int, level: str) -> None:
    """Refuse (:class:`SaveError`) a game in which a bot made a move the table's bot would not have made.

    Each bot move is replayed from the deal: it must be what that seat's bot plays there at the save's
    level, or at another level (the learner may change the bots' level during a game).
    """
    replay = game.replayed([])
    levels = [level, *(other for other in LEVELS if other != level)]
    bots = {name: table_bots(game.id, name, game.seed, game.players, human, lambda: len(replay.history))
            for name in levels}
    for n, (seat, move) in enumerate(game.history, start=1):
        if seat != human and not any(bots[name][seat].choose(replay.view(seat)) == str(move) for name in levels):
            raise SaveError(Sentence(N_("move {n} is not one the computer players would have made."), n=n))
        replay.apply(move, seat)  # load_game has replayed it through the rules already


__all__ = ["ENVELOPE_FORMAT", "MAX_SAVE_CHARS", "SeatBot", "TableSave", "check_bot_moves", "read_table_save",
           "table_bots"]
