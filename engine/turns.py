"""The one turn driver: who acts next, and when automatic play stops (after OpenSpiel's ``evaluate_bots``).

Tables, tests and benches let bots play through :func:`play`; a table keeps only its timing (the
pause before a move a person should see). Seats that may act out of turn (``to_act()[1:]``, a
Kalooki call) answer first, nearest first, then the seat whose turn it is.

    >>> import engine
    >>> from engine.hints import Bot
    >>> g = engine.new_game("jubilee", players=3, seed=7)
    >>> bots = {seat: Bot("jubilee", "easy", seed=seat) for seat in (1, 2)}
    >>> played = engine.play(g, bots)  # the bots move until seat 0 (no bot) is to play
    >>> g.current_player == 0 or g.is_over
    True
    >>> played.pending is None and all(seat in bots for seat, _ in played.moves)
    True
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence

from .protocol import Event, Game

#: More moves than any game of Parlour lasts: automatic play that runs past it has met a bug.
MAX_STEPS = 100_000


class Chooser(Protocol):
    """A bot: it picks a move (in notation) from a seat's view alone."""

    def choose(self, view: dict[str, Any]) -> str: ...


class Turn(NamedTuple):
    seat: int
    action: str


class Played(NamedTuple):
    """What :func:`play` did: the moves made, and the move it stopped before (``pause_before``), if any."""

    moves: list[Turn]
    pending: Turn | None


Bots = Mapping[int, Chooser] | Sequence[Chooser]


def _bot(bots: Bots, seat: int) -> Chooser | None:
    if isinstance(bots, Mapping):
        return bots.get(seat)
    return bots[seat] if 0 <= seat < len(bots) else None


def next_turn(game: Game, bots: Bots) -> Turn | None:
    """The next move a bot makes (chosen, not made); None when the game is over or a seat without a
    bot must act. A seat with no bot that may act out of turn (a learner who may call) is passed over.

    >>> import engine
    >>> from engine.hints import Bot
    >>> g = engine.new_game("jubilee", players=3, seed=7)
    >>> next_turn(g, {g.current_player: Bot("jubilee", "easy")}).seat == g.current_player
    True
    >>> next_turn(g, {}) is None
    True
    """
    if game.is_over:
        return None
    for seat in game.to_act()[1:]:
        bot = _bot(bots, seat)
        if bot is not None:
            return Turn(seat, bot.choose(game.view(seat)))
    turn = game.current_player
    bot = None if turn is None else _bot(bots, turn)
    if turn is None or bot is None:
        return None
    return Turn(turn, bot.choose(game.view(turn)))


def play(game: Game, bots: Bots, *, stop: Callable[[Game, list[Event]], bool] | None = None,
         pause_before: Callable[[Turn], bool] | None = None, max_steps: int = MAX_STEPS) -> Played:
    """Let the bots move until a seat without one must act, the game ends, ``stop(game, events)`` is
    true (asked before each move, with the events the last move caused), or ``max_steps`` moves are made.

    ``pause_before(turn)`` true for a chosen move ends play *without* making it: it comes back as
    ``pending``, for a caller that shows a pause first and then makes it itself.

    >>> import engine
    >>> from engine.hints import Bot
    >>> g = engine.new_game("rummy", players=2, seed=1, target=30)
    >>> bots = [Bot("rummy", "easy", seed=0), Bot("rummy", "easy", seed=1)]
    >>> len(engine.play(g, bots, max_steps=6).moves)           # a step budget
    6
    >>> engine.play(g, bots, pause_before=lambda turn: True).pending.seat == g.current_player
    True
    >>> _ = engine.play(g, bots); g.is_over                     # to the end of the match
    True
    """
    moves: list[Turn] = []
    events: list[Event] = []
    while len(moves) < max_steps and not (stop is not None and stop(game, events)):
        turn = next_turn(game, bots)
        if turn is None:
            break
        if pause_before is not None and pause_before(turn):
            return Played(moves, turn)
        events = game.apply(turn.action, turn.seat)
        moves.append(turn)
    return Played(moves, None)
