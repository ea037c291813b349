"""Autosave: a play table's game kept in the learner's own browser, offered back after a reload.

A kernel holds the game; a reload, a restarted server or a lost connection ends that kernel
and, without this, the game with it. :class:`AutoSave` is an invisible anywidget every play
table carries. After each change the kernel sends the browser the game's save (the engine's
``to_json``, wrapped with the table's bot level), and the browser keeps it in
``localStorage`` under a key made of the lesson page and the table's slot (its game and
its place among the page's play tables), so two tables or two lessons never share one.

When a page opens, the browser side reports what it holds (after the table appears, so a
preheated kernel, which ran the lesson before the request, hears it too). A save of a game
that is not over becomes a choice above the table: resume it, or play the new deal. The
save travels only in the widget's messages, never in its state or the page's HTML: it is
the learner's own game in the learner's own browser, but it fixes every hand.

Several tabs of one lesson write to the same key: the last move made in any of them wins,
and the offer names the position it would resume (deal code, progress, moves, whose turn).
Where the browser has no ``localStorage`` (a locked-down profile), autosave is off.

A save comes back from the browser, so nothing in it is trusted for what the server did not see.
The engine replays every move through the rules and checks the save's HMAC (the server's own secret,
:func:`widgets.server.ensure_save_key`); on top of that every bot move in it must be the move the
table's bot would have made there (:func:`check_bot_moves`): the table's bots choose from the deal,
their seat and the move number alone (:class:`SeatBot`), so a save whose bot moves someone chose is
refused even by a server whose secret is known.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

from engine.hints import LEVELS, Bot
from engine.i18n import N_, Sentence
from engine.protocol import Game, SaveError

_STATIC = Path(__file__).parent / "static"
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


_slots: dict[str, int] = {}  # play tables built so far in this kernel, by game: a kernel serves one page


def next_slot(game_id: str) -> str:
    """``"jabberwocky/0"`` for the page's first Jabberwocky play table, ``"jabberwocky/1"`` for a second."""
    n = _slots.get(game_id, 0)
    _slots[game_id] = n + 1
    return f"{game_id}/{n}"


class AutoSave(anywidget.AnyWidget):
    """The browser's half keeps the table's save; the kernel's half sends it and hears what is kept.

    ``on_stored(text)`` is called once, when the browser first reports what it holds (None:
    nothing). ``ready`` is then True if the browser can keep saves at all.
    """

    _esm = _STATIC / "autosave.js"
    slot = traitlets.Unicode("").tag(sync=True)  # the table's part of the browser's key

    def __init__(self, slot: str, on_stored: Callable[[str | None], Any], **kwargs: Any) -> None:
        super().__init__(slot=slot, **kwargs)
        self._on_stored = on_stored
        self.ready = False  # the browser has said it can keep saves
        self.heard = False  # the browser has reported what it holds
        self.kept: str | None = None  # what the browser keeps now, as far as this kernel knows
        self.on_msg(self._from_browser)

    def _from_browser(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "stored" or self.heard:
            return  # a second view of the widget (JupyterLab) reports again: the first report counts
        self.heard = True
        self.ready = content.get("storage") is True
        stored = content.get("text")
        self.kept = stored if isinstance(stored, str) else None
        self._on_stored(self.kept if self.ready else None)

    def keep(self, text: str) -> None:
        """Have the browser keep ``text`` (if it can, and it is new)."""
        if self.ready and text != self.kept:
            self.kept = text
            self.send({"event": "keep", "text": text})

    def forget(self) -> None:
        """Have the browser drop the table's save (a finished game, a damaged one)."""
        if self.ready and self.kept is not None:
            self.kept = None
            self.send({"event": "forget"})
