"""One table's game apart from the widgets that paint it: the game, the bots, the turn driver, the hint,
the save and the review's evaluation.

Why apart: the widgets (widgets/table.py and a game's table) paint a :class:`TableSession` and send it
the learner's moves; the panels beside the cloth (the toolbar, the offer of a kept game, the review)
ask the table for a few public things (:class:`ToolbarHost`, :class:`ResumeHost`, :class:`ReviewHost`),
never its inner workings. A session runs with no widget at all (a script, a test, or a server that
holds a shared table's game and sends each seat its view): no ipywidgets here.

What a session asks of whoever shows it is :class:`SessionHost`: when to pause, whether the bots wait,
whose moves are automatic, and to repaint. :class:`Unwatched` answers for a session nobody watches.
"""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Any, Callable, Generic, Protocol, TypeVar, overload

import engine
from engine.hints import Bot, Hint
from engine.i18n import N_, Sentence
from engine.protocol import ParlourError, SaveError
from engine.review import Entry, Review, assess, is_decision, reviewed
from widgets.table_save import TableSave, check_bot_moves, read_table_save, table_bots

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Max", "Noor")

#: What a played move had, for a decision the evaluator found forced (one legal move): nothing to rate.
FORCED = "forced"

T = TypeVar("T")


class Forward(Generic[T]):
    """An attribute that lives on another object, read and written there: ``game = Forward[Game]("session.game")``.

    Why: the table's game, bots, hint and pending bot move are the session's; the names the game tables
    and the tests have always used for them keep working, with one owner for each value.
    """

    def __init__(self, path: str) -> None:
        *self.owner, self.name = path.split(".")

    def _target(self, obj: object) -> Any:
        for part in self.owner:
            obj = getattr(obj, part)
        return obj

    @overload
    def __get__(self, obj: None, objtype: Any = None) -> Forward[T]: ...

    @overload
    def __get__(self, obj: object, objtype: Any = None) -> T: ...

    def __get__(self, obj: object | None, objtype: Any = None) -> Forward[T] | T:
        return self if obj is None else getattr(self._target(obj), self.name)

    def __set__(self, obj: object, value: T) -> None:
        setattr(self._target(obj), self.name, value)


class SessionHost(Protocol):
    """What a session asks of whoever shows it (the table's widgets; :class:`Unwatched` when nobody does)."""

    def paced(self, turn: engine.Turn) -> bool:
        """Whether the driver pauses before this bot move (one nobody sees may be made at once)."""
        ...

    def bots_hold(self) -> bool:
        """Whether the bots wait now although they could move (Kalooki: for your call)."""
        ...

    def step_delay(self) -> float:
        """Seconds the driver pauses before each automatic move."""
        ...

    def _bot_to_move(self) -> bool:
        """Whether the driver has an automatic move to make now (a table's Autoplay adds its own)."""
        ...

    def _bot_step(self) -> None:
        """Make one automatic move (the driver paints afterwards)."""
        ...

    def driver_stopped(self) -> None:
        """The driver has nothing more to play: the learner's turn, or the game is over."""
        ...

    def driver_failed(self, exc: Exception) -> None:
        """An automatic move failed: say so (the exception is raised on)."""
        ...

    def game_put(self, look: bool) -> None:
        """A game was put on the table (``look``: a look at a position of the game under review): paint it."""
        ...

    def refresh(self) -> None:
        """Paint the game as it is now."""
        ...


class Unwatched:
    """The host of a session nobody watches (a script, a test, a server's table): the bots move at once, in
    turn, nothing is painted, and the learner's decisions in the game played are queued for the review."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.looking = False  # a look at a past position is on the table: its moves are not yours to review

    def paced(self, turn: engine.Turn) -> bool:
        return True

    def bots_hold(self) -> bool:
        return False

    def step_delay(self) -> float:
        return 0.0

    def _bot_to_move(self) -> bool:
        return self.session.bot_to_move()

    def _bot_step(self) -> None:
        self.session.bot_step()

    def driver_stopped(self) -> None:
        pass

    def driver_failed(self, exc: Exception) -> None:
        pass

    def game_put(self, look: bool) -> None:
        self.looking = look
        self.refresh()

    def refresh(self) -> None:
        session = self.session
        if session.reviewable and not self.looking:
            session.evaluation.follow(session.game)


def you_and_bots(players: int) -> list[str]:
    """The seats' names of an English table: "You" and the bots."""
    return ["You", *BOT_NAMES[: players - 1]]


class TableSession:
    """The game at one table for the learner in seat ``human``, against seeded bots at ``level``.

    Every game reaches the table through :meth:`put` (a deal, a resumed save, a past position under
    review), and every automatic move through the one driver (:meth:`drive`).
    """

    max_driver_steps = 100_000  # far more than any game lasts: a driver that runs past it is a bug

    def __init__(self, game_id: str, human: int = 0, level: str = "medium",
                 seat_names: Callable[[int], list[str]] = you_and_bots, host: SessionHost | None = None) -> None:
        self.game_id = game_id
        self.rules = engine.game_class(game_id)
        self.human = human
        self.level = level
        self.seat_names = seat_names  # the names the rules call the seats by, in the table's language
        self.host: SessionHost = Unwatched(self) if host is None else host
        self.game: engine.Game = None  # type: ignore[assignment]  # none until the first put()
        self.bots: dict[int, Bot] = {}
        self.pending: engine.Turn | None = None  # the bot move chosen next, waiting while the pause before it runs
        self.hint: Hint | None = None  # the hint shown
        self._hint_at: tuple[Hint, int] | None = None  # ... and how many moves the game had then
        self.saves_paused = False  # a look back at a past position is never kept as your game
        self.evaluation = Evaluation(human)
        self._generation = 0  # bumped whenever the driver stops: a pending step then never runs
        self._driver: asyncio.Task | None = None  # the one task playing turns in time (held: not collected)
        self.recorder: Any = None  # widgets.records.recorder.DealRecorder, when the server records a class

    # ---- the one way a game reaches the table ----
    def new_game(self, players: int, seed: int | str, options: dict[str, Any]) -> engine.Game:
        """A new deal of this table's game (not yet on the table); a ParlourError if the rules refuse the set-up."""
        return engine.new_game(self.game_id, players=players, seed=seed, names=self.seat_names(players), **options)

    def put(self, game: engine.Game, *, new_bots: bool = False, look: bool = False, play_on: bool = True) -> None:
        """Put ``game`` on the table: a new deal (``new_bots``), a resumed save, or a look at a position of the
        game under review (``look``). Nothing pending in the old game plays into it; the hint is dropped; the
        host paints it; then (``play_on``) the bots play what is theirs."""
        self.halt()
        self.pending = None
        self.game = game
        if new_bots:
            self.make_bots()
        self.hint = None
        self.host.game_put(look)
        if play_on:
            self.after_move()

    def make_bots(self) -> None:
        """Bots whose moves follow from the deal, seat and move number: a resumed save's can be checked."""
        self.bots = dict(table_bots(self.game_id, self.level, self.game.seed, self.game.players, self.human,
                                    lambda: len(self.game.history)))

    def set_level(self, level: str) -> None:
        """New bots at ``level``; a bot move already worked out at the old level is worked out again."""
        self.level = level
        self.make_bots()

    # ---- the learner's moves ----
    def my_turn(self) -> bool:
        return self.game.current_player == self.human

    def move(self, action: str, seat: int | None = None) -> list[engine.Event]:
        """The learner's move (``seat``: another of the learner's, e.g. a call out of turn): made, painted, and
        the bots play on. A ParlourError, and nothing changes, if the rules refuse it."""
        try:
            events = self.game.apply(action, self.human if seat is None else seat)
        except ParlourError as exc:
            if self.recorder is not None:  # the deal's record counts the rules that refused you
                self.recorder.refused(self.game, getattr(exc, "rule", None))
            raise
        self.hint = None
        self.host.refresh()
        self.after_move()
        return events

    def undo(self) -> None:
        """Take back the learner's last move (and the bots' since); a ParlourError if there is none. Not painted."""
        self.game.undo_to_seat(self.human)
        self.hint = None

    def can_undo(self) -> bool:
        return not self.game.is_over and any(seat == self.human for seat, _ in self.game.history)

    # ---- the hint ----
    def ask_hint(self) -> Hint:
        """What the learner should do now, and why (kept as the hint shown); a ParlourError if nothing is to do."""
        self.hint = engine.hint(self.game, self.human)
        return self.hint

    def drop_stale_hint(self) -> None:
        """A hint answers one position: once anyone moves (a bot's call, your No call), it is dropped."""
        moves, hint = len(self.game.history), self.hint
        if hint is None or self._hint_at is None or self._hint_at[0] is not hint:
            self._hint_at = None if hint is None else (hint, moves)  # a new hint: remember its position
        elif self._hint_at[1] != moves:
            self.hint, self._hint_at = None, None

    # ---- the one driver of turns ----
    # Every automatic move (a bot's, or a table's Autoplay) is made here and nowhere else: one task at a
    # time, restarted after each change of the game, so two loops never play into each other.
    def after_move(self) -> None:
        """After any change of the game (a deal, your move, an undo): the driver plays what is automatic."""
        self.pending = None  # a bot move chosen before the change no longer applies
        self.drive()

    def drive(self) -> None:
        """(Re)start the driver: any pending step is dropped, then the automatic moves are played in time.

        Without a running event loop (tests, scripts) or without a pause, they are played at once and
        the host paints once at the end, so a page is never flooded with a repaint per move.
        """
        self.halt()
        if self.host.step_delay() <= 0 or not _loop_running():
            self.play_automatic()
            return
        if self.host._bot_to_move():
            self._driver = asyncio.get_event_loop().create_task(self._drive_in_time(self._generation))
        else:
            self.host.driver_stopped()

    @property
    def driving(self) -> bool:
        """Whether the driver is playing turns in time now (a bot's or Autoplay's pause is running)."""
        return self._driver is not None and not self._driver.done()

    def halt(self) -> None:
        """Stop the driver: the step it was pausing for never happens."""
        self._generation += 1
        task, self._driver = self._driver, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()

    def play_automatic(self) -> int:
        """Play every automatic move now and paint once; the number of moves made."""
        host, steps = self.host, 0
        while host._bot_to_move():
            if steps >= self.max_driver_steps:
                raise RuntimeError(f"the driver made {steps} moves and the game is not over")
            host._bot_step()
            steps += 1
        if steps:
            host.refresh()
        host.driver_stopped()
        return steps

    async def _drive_in_time(self, generation: int) -> None:
        host = self.host
        try:
            while generation == self._generation and host._bot_to_move():
                await asyncio.sleep(host.step_delay())
                if generation != self._generation or not host._bot_to_move():
                    break  # another control took over, or the turn is no longer automatic
                host._bot_step()
                host.refresh()
            if generation == self._generation:
                self._driver = None
                host.driver_stopped()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a step that fails must not leave a table that looks as if it thinks
            self._driver = None
            host.driver_failed(exc)
            raise

    # Who moves next, and when automatic play stops, is the engine's (engine.play); the session keeps the
    # timing: the bot move chosen next waits in ``pending`` while the pause before it runs.
    def bot_to_move(self) -> bool:
        """Whether a bot has a move to make now (the bots' moves nobody sees are made on the way)."""
        if self.pending is None:
            host = self.host
            self.pending = engine.play(self.game, self.bots, stop=lambda _game, _events: host.bots_hold(),
                                       pause_before=host.paced).pending
        return self.pending is not None

    def bot_step(self) -> None:
        """One bot move (the driver paints afterwards)."""
        if self.bot_to_move():
            assert self.pending is not None
            seat, action = self.pending
            self.pending = None
            self.game.apply(action, seat)

    # ---- the save a browser keeps (widgets/autosave.py sends it) ----
    def worth_keeping(self) -> bool:
        """Whether the game on the table is one to keep: not over, and the learner has moved in it."""
        game = self.game
        return not game.is_over and any(seat == self.human for seat, _ in game.history)

    def save_text(self) -> str:
        """The save of the game on the table, with the bots' level: what a browser keeps to offer it back."""
        return TableSave(self.game_id, self.level, self.game.to_json()).to_text()

    def read_save(self, text: Any) -> tuple[TableSave, engine.Game]:
        """A kept save and its game, replayed through the rules; a SaveError if this table cannot play it."""
        saved = read_table_save(text)
        name = self.rules.name
        if saved.game_id != self.game_id:
            raise SaveError(Sentence(N_("it is not a game of {game}."), game=name))
        game = engine.load_game(saved.game_json)
        if game.id != self.game_id:
            raise SaveError(Sentence(N_("it is not a game of {game}."), game=name))
        if game.deck is not None or list(game.names) != self.seat_names(game.players):
            raise SaveError(Sentence(N_("it was not played at this lesson's {game} table."), game=name))
        check_bot_moves(game, self.human, saved.level)  # the browser chose no bot's move
        return saved, game

    # ---- the review ----
    @property
    def reviewable(self) -> bool:
        """Whether the learner's decisions in this game are rated (someone chooses, and the game has a ladder)."""
        return self.rules.has_choices and self.rules.review_thresholds is not None

    def review(self, deal_of: dict[int, int] | None = None, deal: int | None = None) -> Review:
        """The review of the game evaluated (``deal``: only that deal of it, by ``deal_of``: index → deal)."""
        return self.evaluation.review(deal_of or {}, deal)

    def kept_review(self) -> Callable[[int, int], Review] | None:
        """The review of the game on the table, to be read from another thread (None: the table does not review
        it; the record then reviews it itself)."""
        if not self.reviewable or self.evaluation.game is not self.game:
            return None
        return self.evaluation.kept()


def _evaluate(cls: type[engine.Game], setup: dict[str, Any], moves: list[tuple[int, str]], seat: int,
              action: str, index: int) -> Entry | str | None:
    """One decision, on a replay of the deal up to it (run in the evaluation's thread: it touches no widget)."""
    position = cls(**setup)
    for who, move in moves:
        position.apply(move, who)
    if not is_decision(position, seat):
        return FORCED
    return assess(position, seat, action, index)


class Evaluation:
    """Each of the learner's decisions in the game played, evaluated in a background thread as it is made
    (engine.review.assess on a replay of the deal), so the bots never wait and the review is ready at the end."""

    #: Evaluate in a background thread (None: when an event loop runs, as on a page; a script or a test
    #: without one evaluates when the review is opened, and nothing runs meanwhile).
    background: bool | None = None

    def __init__(self, human: int) -> None:
        self.human = human
        self.game: engine.Game | None = None  # the game whose decisions are evaluated: the one you played
        self.jobs: dict[int, tuple[str, Future | None, tuple]] = {}  # index → (your move, its evaluation, inputs)
        self._synced = 0
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-review")

    def follow(self, game: engine.Game) -> bool:
        """Queue the evaluation of your new decisions in ``game``; True if it is another game than before."""
        fresh = game is not self.game
        if fresh:
            for _, job, _inputs in self.jobs.values():
                _cancel(job)
            self.game, self.jobs, self._synced = game, {}, 0
        history = game.history
        if len(history) < self._synced:  # an undo: the evaluations of moves taken back are dropped
            for index in [i for i in self.jobs if i >= len(history)]:
                _cancel(self.jobs.pop(index)[1])
            self._synced = len(history)
        for index in range(self._synced, len(history)):
            seat, action = history[index]
            if seat == self.human:
                inputs = (type(game), game.setup_args(), history[:index], seat, action, index)
                job = self._executor.submit(_evaluate, *inputs) if self.in_background() else None
                self.jobs[index] = (action, job, inputs)
        self._synced = len(history)
        return fresh

    @property
    def pending(self) -> int:
        """Decisions still being evaluated."""
        return sum(job is None or not job.done() for _, job, _inputs in self.jobs.values())

    def in_background(self) -> bool:
        if self.background is not None:
            return self.background
        return _loop_running() and sys.platform != "emscripten"  # Python in the browser (the static site): no threads

    def result(self, index: int) -> Entry | str | None:
        """The evaluation of decision ``index``, waited for (or made now, with no thread at work, and kept)."""
        action, job, inputs = self.jobs[index]
        if job is None:
            job = _finished(_evaluate(*inputs))
            self.jobs[index] = (action, job, inputs)
        return job.result()

    def review(self, deal_of: dict[int, int], deal: int | None) -> Review:
        """The review of the game (or of its deal ``deal``), waiting only for decisions not yet evaluated."""
        assert self.game is not None
        chosen = [i for i in sorted(self.jobs) if deal is None or deal_of.get(i) == deal]
        return _review_of(self.game.id, self.human, [(i, self.jobs[i][0]) for i in chosen], self.result)

    def kept(self) -> Callable[[int, int], Review]:
        """The review of moves ``start`` to ``stop`` of the game followed now, to be read later from another
        thread (the record of a finished deal, widgets/records/recorder.py): it keeps this game's evaluations
        (a new deal on the table cancels their jobs here; a cancelled one is evaluated again there) and touches
        nothing of the table's."""
        assert self.game is not None
        game_id, human, jobs = self.game.id, self.human, dict(self.jobs)

        def result(index: int) -> Entry | str | None:
            _action, job, inputs = jobs[index]
            if job is not None:
                try:
                    return job.result()
                except CancelledError:  # a new deal cancelled it before it ran
                    pass
            return _evaluate(*inputs)

        def review(start: int, stop: int) -> Review:
            return _review_of(game_id, human, [(i, jobs[i][0]) for i in sorted(jobs) if start <= i < stop], result)
        return review


def _review_of(game_id: str, human: int, moves: list[tuple[int, str]],
               result: Callable[[int], Entry | str | None]) -> Review:
    """The review of ``moves`` ((index, your move), in order), each decision's evaluation read by ``result``."""
    entries, forced, unrated = [], 0, []
    for index, action in moves:
        outcome = result(index)
        if outcome == FORCED:
            forced += 1
        elif outcome is None:
            unrated.append((index, action, ""))
        else:
            assert isinstance(outcome, Entry)
            entries.append(outcome)
    return reviewed(game_id, human, entries, forced, unrated)


# ---- what each panel beside the cloth may ask of the table (widgets/deal_toolbar.py, resume_panel.py,
# review_panel.py): public methods only, so a panel never depends on how the table works inside ----
class Words(Protocol):
    """The table's words: every sentence a panel shows, in the table's language."""

    lang: str

    def t(self, message: str, **fields: Any) -> str: ...

    def said(self, text: object) -> str: ...


class ToolbarHost(Words, Protocol):
    """What the toolbar and its Settings panel ask of the table: what it deals, and to deal."""

    game_id: str
    rules_class: type[engine.Game]
    setting_words: Any
    code: str
    options: dict[str, Any]

    def new_deal(self) -> None: ...

    def deal_from_code(self, code: str) -> bool: ...

    def deal_code(self, code: str) -> None: ...

    def apply_settings(self, **chosen: Any) -> bool: ...

    def level_changed(self) -> None: ...

    def follow_review_link(self, code: str | None, moves: str) -> None: ...


class ResumeHost(Words, Protocol):
    """What the offer of a kept game asks of the table: its session, how it names a deal, and to resume."""

    session: TableSession

    def t_count(self, n: int, one: str, many: str, **fields: Any) -> str: ...

    def code_for(self, players: int, seed: int, options: dict[str, Any]) -> str: ...

    def progress_words(self, view: dict[str, Any]) -> str: ...

    def deal_like(self, game: engine.Game, level: str) -> None: ...

    def play_saved(self, game: engine.Game) -> None: ...


class ReviewHost(Words, Protocol):
    """What the review asks of the table: its session, its words for a deal and a move, its code, and to say."""

    session: TableSession
    game_id: str
    code: str

    @property
    def level(self) -> str: ...

    def deal_name(self, k: int) -> str: ...

    def deal_sentence(self, deal: str, round_: str, **fields: Any) -> str: ...

    def label_at(self, game: engine.Game, action: str) -> str: ...

    def say(self, text_html: str) -> None: ...

    def act(self, action: str) -> bool: ...

    def code_deals_this_game(self) -> bool: ...

    def deal_and_replay(self, code: str, moves: str) -> engine.Game: ...


def _finished(result: Any) -> Future:
    """A job already done (evaluated when the review opened, with no thread at work)."""
    job: Future = Future()
    job.set_result(result)
    return job


def _cancel(job: Future | None) -> None:
    if job is not None:
        job.cancel()


def _loop_running() -> bool:
    try:
        return asyncio.get_event_loop().is_running()
    except RuntimeError:
        return False


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop
        return None


__all__ = ["BOT_NAMES", "Evaluation", "FORCED", "Forward", "ResumeHost", "ReviewHost", "SessionHost", "TableSession",
           "ToolbarHost", "Unwatched", "Words", "you_and_bots"]
