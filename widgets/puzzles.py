"""Puzzles on the page (issue 37): "Puzzles due: N", a session of due puzzles, "Replay all my failed puzzles",
solving one, and the learner's progress; puzzles made from each deal as its review finishes.

Why here: the engine poses a puzzle (engine/puzzles.py), schedules it (engine/srs.py) and works out progress
(engine/progress.py); this panel keeps them in the learner's browser (widgets/puzzle_store.py, sent to
localStorage by :class:`PuzzleKeeper`, as autosave keeps a game) and asks them.

On a lesson the panel sits under the table's review (widgets/review_panel.py calls :meth:`PuzzlePanel.follow`
after each drawing): when a deal of yours ends, its review is read in the background (the table's own
evaluations, waited for in a thread, so the table never waits) and each mistake that makes a puzzle is added.
A puzzle of the table's game is put on the table while it is asked (the table as you saw it, drawn from your
view, as the review's look back is), and "Play it out" plays the answer there against the table's bots, as "Try
the better move" does. On the gallery the panel asks the puzzles of every game, showing your hand and the cards
in play.

On a hub (or ``./run app --class``) the puzzles are kept by the class server too (widgets/records/puzzle_sync.py):
the panel loads the server's copy when it opens, merges it with the browser's (the copy answered last wins), and
sends the server what it lacks after each change, so a learner's puzzles follow them between computers.

Solving: pick a move. Right: "Yes" and the reason. Wrong: why that move is worse, in the hint's words, and one
more try. Then the answer. Each of the question, the verdict and the answer opens with one short sentence; the
figures are behind "More", as the hint's are.
"""

from __future__ import annotations

import asyncio
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

import ipywidgets as w

import engine
from engine import progress, puzzles
from engine.cards import SUIT_SYMBOLS
from engine.hints import _symbol
from engine.i18n import N_, say
from engine.numerals import localize
from engine.review import Review
from engine.review_link import ReviewLinkError, moves_code, replay_moves
from widgets.autosave import AutoSave
from widgets.card_svg import card_img_html
from widgets.puzzle_store import Entry, Store, read_store
from widgets.shared_look import set_layout, shared_layout
from widgets.table_html import esc, help_html

_STATIC = Path(__file__).parent / "static"
#: The class server held puzzles that no longer read back: it dropped them.
SERVER_DROPPED = N_("Some of your puzzles kept by the class server could not be read, so they were set aside; the "
                    "others are here.")

#: Hint is off while a puzzle is asked on the lesson's table: the hint would give the answer away.
HINT_OFF = N_("Hint is off while you solve the puzzle: it would give the answer away.")

PUZZLE_CSS = """
<style>
.parlour-puzzle { background: #fbf8f1; color: #2b2b2b; border: 1px solid #d6d0c0; border-radius: 10px;
  padding: 6px 10px; margin: 4px 0; }
.parlour-puzzle .widget-html-content { color: #2b2b2b; line-height: 1.35; }
.parlour-puzzle p { margin: 3px 0; }
/* the gallery loads no table stylesheet: on a phone the rows wrap instead of cutting their buttons short */
.parlour-puzzles .parlour-buttons { flex-wrap: wrap; gap: 2px 4px; align-items: center; }
.parlour-puzzles .parlour-buttons > * { flex-shrink: 0; }
.parlour-puzzle .parlour-verdict-best { color: #1d6b35; font-weight: 600; }
.parlour-puzzle .parlour-verdict-mistake { color: #a0281e; font-weight: 600; }
</style>
"""


class PuzzleKeeper(AutoSave):
    """The browser's half keeps the puzzle store's text in localStorage, under one key for every page (autosave's
    messages: the browser reports what it holds once, ``on_stored(text or None)``; ``keep(text)`` writes it)."""

    _esm = _STATIC / "puzzle_store.js"

    def __init__(self, on_stored: Callable[[str | None], Any]) -> None:
        super().__init__(slot="", on_stored=on_stored)


def move_label(action: str) -> str:
    """A move as a learner reads it when no table names it: "Play 10♦", "Bid 2"."""
    text = " ".join(_symbol(word) for word in action.split())
    return text[:1].upper() + text[1:]


def position_html(view: dict[str, Any], lang: str) -> str:
    """What the puzzle shows of the position away from the game's table: your hand, the cards in play, trumps."""
    parts = []
    names = view.get("names") or []
    trump = view.get("trump")
    if isinstance(trump, str) and trump in SUIT_SYMBOLS:
        parts.append(f"<p>{esc(say(lang, N_('Trumps: {suit}'), suit=SUIT_SYMBOLS[trump]))}</p>")
    trick = view.get("trick")
    if isinstance(trick, list) and trick:
        shown = " ".join(card_img_html(card, 40, lang=lang) for _seat, card in trick)
        led = names[trick[0][0]] if names and isinstance(trick[0][0], int) else ""
        parts.append(f"<p>{esc(say(lang, N_('On the table, led by {who}:'), who=led))} {shown}</p>")
    hand = view.get("hand")
    if isinstance(hand, list) and hand:
        cards = " ".join(card_img_html(card, 44, lang=lang) for card in hand)
        parts.append(f"<p>{esc(say(lang, N_('Your hand:')))} {cards}</p>")
    return "".join(parts)


def harvest(cls: type[engine.Game], setup: dict[str, Any], history: list[tuple[int, str]], seat: int,
            start: int, stop: int, review: Callable[[int, int], Review] | None
            ) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]], dict[str, Any]]:
    """One finished deal (moves ``start`` to ``stop``) made into puzzles, each with its replay, and the deal's
    progress record. Run in a background thread: it touches no widget."""
    game = cls(**setup)
    for who, action in history:
        game.apply(action, who)
    reviewed = review(start, stop) if review is not None else engine.review(game, seat, start, stop)
    found, replays = [], {}
    for entry in reviewed.entries:
        if entry.verdict not in puzzles.SERIOUS:
            continue
        puzzle = puzzles.puzzle_at(game.replayed(history[:entry.index]), seat, entry)
        if puzzle is None:
            continue
        found.append(puzzle)
        try:
            replays[puzzle["id"]] = {"setup": setup, "moves": moves_code(game, entry.index)}
        except ReviewLinkError:
            pass  # a match too long for a link: the puzzle is asked without "Play it out"
    return found, replays, progress.deal_record(reviewed, datetime.now(timezone.utc))


class PuzzlePanel(w.VBox):
    """The puzzles of this browser: how many are due, a session of them, the failed ones again, and progress.

    ``game_id``: the lesson's game (its due count is shown; None on the gallery: every game). ``host``: the
    lesson table's review panel (widgets/review_panel.py), which puts a puzzle's position on the table."""

    #: Make a finished deal's puzzles in the background (None: when an event loop runs, as on a page; False: when
    #: :meth:`flush` is called, as with no loop).
    background: bool | None = None

    def __init__(self, lang: str = "en", game_id: str | None = None, host: Any = None) -> None:
        self.lang, self.game_id, self.host = lang, game_id, host
        self.store = Store()
        self.notice = ""  # the one line saying a store was set aside
        self.keeper = PuzzleKeeper(on_stored=self._heard)
        from widgets.records.puzzle_sync import puzzle_sync
        self.sync = puzzle_sync()  # None unless the server keeps a class (a hub, ./run app --class)
        t = self.t
        self.due_html = w.HTML()
        self.due_button = w.Button(description=t("Solve due puzzles"), icon="puzzle-piece",
                                   layout=shared_layout(width="auto"),
                                   tooltip=t("The puzzles from your own mistakes that are due again"))
        self.due_button.on_click(lambda _: self.start_due())
        self.failed_button = w.Button(description=t("Replay all my failed puzzles"), icon="redo",
                                      layout=shared_layout(width="auto"))
        self.failed_button.on_click(lambda _: self.start_failed())
        self.progress_button = w.Button(description=t("My progress"), icon="chart-line",
                                        layout=shared_layout(width="auto"))
        self.progress_button.on_click(lambda _: self.toggle_progress())
        self.progress_html = w.HTML()
        set_layout(self.progress_html, display="none")
        # the solving parts are made when the first puzzle is asked (a page with two tables sends fewer models)
        self.solving = w.VBox([])
        self.solving.add_class("parlour-puzzle")
        set_layout(self.solving, display="none")
        self.head = head = w.HBox([self.due_html, self.due_button, self.failed_button, self.progress_button])
        head.add_class("parlour-buttons")
        super().__init__([w.HTML(PUZZLE_CSS), self.keeper, head, self.progress_html, self.solving])
        self.add_class("parlour-puzzles")
        self.add_class("parlour-aid")  # not a move: a focus whose move is gone goes to a move first
        self.queue: list[str] = []
        self.current: Entry | None = None
        self.tries = 0
        self.done = False  # the current puzzle is answered (solved, or failed twice)
        self.started = 0.0
        self._more = False
        self._game: engine.Game | None = None  # the table's game followed, and its deals already harvested
        self._open: set[int] = set()
        self._taken: set[int] = set()
        self._executor: ThreadPoolExecutor | None = None
        self._pending: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []  # deals to harvest (no event loop)
        self._on_table: engine.Game | None = None  # the puzzle's position put on the lesson's table
        self._paint_head()
        if self.sync is not None:
            self._with_server(self.sync.load, then=self._heard_server)

    def t(self, message: str, **fields: Any) -> str:
        return say(self.lang, message, **fields)

    # ---- the store ----
    def _heard(self, text: str | None) -> None:
        store, problem = read_store(text)
        # puzzles found (or loaded from the class server) before the browser answered stay: of two copies of one
        # puzzle, the one answered last
        changed = store.merge(self.store)
        self.store = store
        if problem:
            self.notice = self.t(problem)
        if problem or changed:
            self.keeper.keep(self.store.text())
        self._paint_head()
        self._push()

    def _heard_server(self, loaded: tuple[Store, int] | None) -> None:
        """The class server's copy of the store (None: it did not answer; the browser's copy goes on alone)."""
        if loaded is None:
            return
        server, dropped = loaded
        if dropped:
            self.notice = self.t(SERVER_DROPPED)
        if self.store.merge(server):
            self.keeper.keep(self.store.text())
        self._paint_head()
        self._push()  # what the browser held and the server did not

    def save(self) -> None:
        self.keeper.keep(self.store.text())
        self._paint_head()
        self._push()

    def _push(self) -> None:
        """Send the class server what it does not hold yet (in the background; nothing when there is no server)."""
        if self.sync is not None:
            from widgets.records.puzzle_sync import snapshot
            self._with_server(self.sync.push, *snapshot(self.store))

    def _with_server(self, job: Callable[..., Any], *args: Any, then: Callable[[Any], Any] | None = None) -> None:
        """``job`` in the sync's thread, ``then`` given its result on the page's event loop; with no running loop (a
        script, a test) both at once."""
        assert self.sync is not None
        loop = _running_loop()
        if loop is None or self.background is False:
            result = job(*args)
            if then is not None:
                then(result)
            return
        future = self.sync.executor.submit(job, *args)
        if then is not None:
            future.add_done_callback(lambda f: loop.call_soon_threadsafe(then, f.result())
                                     if f.exception() is None else None)

    def add(self, found: list[dict[str, Any]], replays: dict[str, dict[str, Any]], record: dict[str, Any]) -> int:
        """A finished deal's puzzles and progress record, kept; how many puzzles were new."""
        new = self.store.add(found, datetime.now(timezone.utc), replays)
        self.store.deal_played(record)
        self.save()
        return new

    def due(self) -> list[Entry]:
        return self.store.due(datetime.now(timezone.utc), self.game_id)

    def _paint_head(self) -> None:
        n = len(self.due())
        words = self.t("Puzzles due: {n}", n=localize(str(n), self.lang))
        self.due_html.value = f"<b>{esc(words)}</b>" + (f" {help_html(self.notice)}" if self.notice else "")
        self.due_button.disabled = n == 0
        set_layout(self.failed_button, display="" if self.store.failed() else "none")
        # under a lesson's table the row waits for something to show (a puzzle, a reviewed deal, a notice): on a
        # first visit it would only push the table's foot below the window (test_table_layout)
        anything = bool(self.store.entries or self.store.deals or self.notice) or self.host is None
        set_layout(self.head, display="" if anything else "none")
        if self.progress_html.layout.display != "none":
            self.progress_html.value = self.progress_words()

    # ---- progress ----
    def toggle_progress(self) -> None:
        shown = self.progress_html.layout.display != "none"
        if not shown:
            self.progress_html.value = self.progress_words()
        set_layout(self.progress_html, display="none" if shown else "")

    def progress_words(self) -> str:
        """Per game played: accuracy over the last deals (a small plot), mistakes by kind, puzzles solved; and the
        streak."""
        store, lang = self.store, self.lang
        today = datetime.now(timezone.utc).date()
        games = [self.game_id] if self.game_id else sorted({str(r.get("game")) for r in store.deals})
        parts = []
        for game_id in games:
            if game_id not in engine.GAMES:
                continue
            shown = progress.progress(game_id, store.deals, store.attempts, today)
            name = engine.GAMES[game_id].name
            if shown["overall"] is None:
                parts.append(f"<p><b>{esc(name)}</b>: {esc(self.t('no reviewed deal yet.'))}</p>")
                continue
            acc = localize(f"{round(100 * shown['overall'])}%", lang)
            line = self.t("accuracy {acc} over your last {n} deals", acc=acc, n=len(shown["accuracy"]))
            solved = self.t("puzzles solved: {n}", n=shown["solved"])
            kinds = "; ".join(self.t("{kind}: {n}", kind=self.t(k), n=n) for k, n, _ in shown["mistakes"])
            mistakes = self.t("mistakes by kind: {kinds}", kinds=kinds) if kinds else self.t("no mistake")
            parts.append(f"<p><b>{esc(name)}</b>: {esc(line)} {plot(shown['accuracy'])}<br>{esc(mistakes)}; "
                         f"{esc(solved)}.</p>")
        days = progress.streak(store.attempts, store.deals, today)
        parts.append(f"<p>{esc(self.t('Streak: {n} days in a row', n=days))}</p>")
        return "".join(parts)

    # ---- a session ----
    def start_due(self) -> None:
        """A session of the puzzles due now (of every game on the gallery, of the lesson's game on a lesson)."""
        self.queue = [e.puzzle["id"] for e in self.due()]
        self.next()

    def start_failed(self) -> None:
        self.queue = [e.puzzle["id"] for e in self.store.failed()]
        self.next()

    def next(self) -> bool:
        """The next puzzle of the session on screen; False when there is none left."""
        self._back_to_game()
        while self.queue:
            entry = self.store.entries.get(self.queue.pop(0))
            if entry is not None:
                self.show(entry)
                return True
        self.stop()
        return False

    def stop(self) -> None:
        self._back_to_game()
        self.current = None
        set_layout(self.solving, display="none")
        self._paint_head()

    def _build_solving(self) -> None:
        """The question, the position, the moves, the verdict and the buttons after it: made once, when needed."""
        if self.solving.children:
            return
        t = self.t
        self.question_html = w.HTML()
        self.position_html = w.HTML()
        self.moves_box = w.HBox([])
        self.moves_box.add_class("parlour-buttons")
        self.verdict_html = w.HTML()
        self.more_button = w.Button(description=t("More"), layout=shared_layout(width="auto"),
                                    tooltip=t("The figures behind the answer"))
        self.more_button.on_click(lambda _: self.toggle_more())
        self.more_html = w.HTML()
        self.play_button = w.Button(description=t("Play it out"), icon="play", button_style="success",
                                    layout=shared_layout(width="auto"),
                                    tooltip=t("Play the answer on the table and let the same bots play on"))
        self.play_button.on_click(lambda _: self.play_it_out())
        self.next_button = w.Button(description=t("Next"), icon="arrow-right", layout=shared_layout(width="auto"))
        self.next_button.on_click(lambda _: self.next())
        self.stop_button = w.Button(description=t("Stop"), layout=shared_layout(width="auto"))
        self.stop_button.on_click(lambda _: self.stop())
        after = w.HBox([self.more_button, self.play_button, self.next_button, self.stop_button])
        after.add_class("parlour-buttons")
        self.solving.children = [self.question_html, self.position_html, self.moves_box, self.verdict_html, after,
                                 self.more_html]

    def show(self, entry: Entry) -> None:
        """Ask ``entry``'s puzzle: the short question, the position, a button per legal move."""
        self._build_solving()
        p = entry.puzzle
        self.current, self.tries, self.done, self._more = entry, 0, False, False
        self.started = time.monotonic()
        name = engine.GAMES[p["game"]].name if p["game"] in engine.GAMES else p["game"]
        on_table = self._put_on_table(entry)  # first: the moves are then named as the table's buttons name them
        self.question_html.value = (f"<p><b>{esc(self.t(puzzles.QUESTION))}</b></p>"
                                    + help_html(self.t("{game}: in one of your deals you chose “{move}” here.",
                                                       game=name, move=self.label(p["played"]))))
        self.position_html.value = "" if on_table else position_html(p["view"], self.lang)
        buttons = []
        for move in p["moves"]:
            button = w.Button(description=self.label(move), layout=shared_layout(width="auto"))
            button.on_click(lambda _b, m=move: self.choose(m))
            buttons.append(button)
        self.moves_box.children = buttons
        self.verdict_html.value = ""
        self.more_html.value = ""
        set_layout(self.more_button, display="none")
        set_layout(self.play_button, display="none")
        set_layout(self.solving, display="")

    def label(self, move: str) -> str:
        position = self._position
        if position is not None and self.host is not None:
            return str(self.host.table.label_at(position, move))
        return move_label(move)

    @property
    def _position(self) -> engine.Game | None:
        """The puzzle's position on the lesson's table, while it is there (None: not on a table)."""
        host, shown = self.host, self._on_table
        if host is None or shown is None or self.current is None or getattr(host, "_shown", None) is not shown:
            return None
        return shown

    def choose(self, move: str) -> str:
        """The learner picks ``move``: right, wrong with one more try, or wrong again (the answer shown).
        Returns "solved", "again" or "failed"."""
        entry = self.current
        assert entry is not None
        if self.done:
            return "solved" if entry.last == "solved" else "failed"
        p = entry.puzzle
        self.tries += 1
        if move == p["answer"]:
            yes = self.t("Yes: {move} is the best move.", move=self.label(move))
            self.verdict_html.value = (f"<p class='parlour-verdict-best'>{esc(yes)}</p>"
                                       f"<p>{esc(p['reasons'].get(move, ''))}</p>")
            return self._finish(True)
        why = p["reasons"].get(move, "")
        head = self.t("Not the best: {move} is worse.", move=self.label(move))
        if self.tries < 2:
            self.verdict_html.value = (f"<p class='parlour-verdict-mistake'>{esc(head)}</p><p>{esc(why)}</p>"
                                       f"<p>{esc(self.t('One more try.'))}</p>")
            for button in self.moves_box.children:
                if button.description == self.label(move):
                    button.disabled = True
            return "again"
        answer = self.t("The answer: {move}.", move=self.label(p["answer"]))
        self.verdict_html.value = (f"<p class='parlour-verdict-mistake'>{esc(head)}</p><p>{esc(why)}</p>"
                                   f"<p><b>{esc(answer)}</b> {esc(p['reasons'].get(p['answer'], ''))}</p>")
        return self._finish(False)

    def _finish(self, solved: bool) -> str:
        entry = self.current
        assert entry is not None
        self.done = True
        self._hints_back()
        self.store.answered(entry.puzzle["id"], solved, self.tries, datetime.now(timezone.utc),
                            time.monotonic() - self.started)
        for button in self.moves_box.children:
            button.disabled = True
        set_layout(self.more_button, display="")
        playable = self._position is not None
        set_layout(self.play_button, display="" if playable else "none")
        self.save()
        return "solved" if solved else "failed"

    def toggle_more(self) -> None:
        """The figures behind the answer: each other move's cost, with what it rests on."""
        entry = self.current
        if entry is None:
            return
        self._more = not self._more
        if not self._more:
            self.more_html.value = ""
            return
        p = entry.puzzle
        rows = [f"<li>{esc(self.label(move))}: {esc(words)}</li>" for move, words in puzzles.figure_words(p)]
        why = p["reasons"].get(p["answer"], "")
        self.more_html.value = (f"<p>{esc(self.t('Against {move}:', move=self.label(p['answer'])))}</p>"
                                f"<ul>{''.join(rows)}</ul><p><i>{esc(self.t('Why'))}:</i> {esc(why)}</p>")

    # ---- the lesson's table ----
    def _put_on_table(self, entry: Entry) -> bool:
        """Put the puzzle's position on the lesson's table (its own game's, with the deal known); False if not."""
        host, replay = self.host, entry.replay
        if host is None or replay is None or entry.puzzle["game"] != host.table.game_id:
            return False
        try:
            position = replay_moves(engine.GAMES[entry.puzzle["game"]](**replay["setup"]), replay["moves"])
        except (engine.ParlourError, TypeError, ValueError):
            return False
        if position.view(entry.puzzle["seat"]) != entry.puzzle["view"]:
            return False  # not the position the puzzle asks about: never show another
        self._on_table = position
        host.table.hint_off = self.t(HINT_OFF)  # set first: show_position draws the table
        host.show_position(position, self.t("The table as it was in the puzzle's position: which move is best?"))
        return True

    def play_it_out(self) -> bool:
        """Play the answer on the table from the puzzle's position; the table's bots play on."""
        entry = self.current
        if entry is None or not self.done or self._position is None:
            return False
        self.play_button.disabled = True
        return bool(self.host.play_from(entry.puzzle["answer"]))

    def _back_to_game(self) -> None:
        """The learner's own game back on the table, if a puzzle's position (or its play-out) is there."""
        self._hints_back()
        if self._position is not None:
            self.host.back()
        self._on_table = None
        if self.solving.children:
            self.play_button.disabled = False

    def _hints_back(self) -> None:
        """Hint on again once the puzzle is answered or gone from the table."""
        if self.host is not None and self.host.table.hint_off is not None:
            self.host.table.hints_off(None)

    # ---- puzzles from the table's deals ----
    def follow(self, game: engine.Game, seat: int, looking: bool,
               review: Callable[[], Callable[[int, int], Review] | None]) -> list[int]:
        """After a drawing of the table: each deal of yours that has just ended is made into puzzles in the
        background (``looking``: a look back or a puzzle is on the table, never harvested)."""
        from widgets.records.record import deal_bounds, finished
        if looking or game is None:
            return []
        if game is not self._game:
            self._game, self._open, self._taken = game, set(), set()
        deal = game.progress()["deal"]
        if not game.is_over:
            self._open.add(deal)
        done = sorted(n for n in self._open - self._taken if finished(game, n))
        if not done:
            return []
        bounds = deal_bounds(game)
        kept = review()
        for n in done:
            self._taken.add(n)
            start, stop = bounds[n]
            self._run(harvest, type(game), game.setup_args(), list(game.history), seat, start, stop, kept)
        return done

    def _run(self, job: Callable[..., Any], *args: Any) -> None:
        """``job`` in a background thread, its result added on the page's event loop; with Python in the browser (no
        threads), on the loop after the table's drawing; with no loop (a script, a test), when :meth:`flush` is
        called (nothing runs meanwhile)."""
        loop = _running_loop()
        if loop is None or self.background is False:
            self._pending.append((job, args))
            return
        if sys.platform == "emscripten":
            loop.call_soon(lambda: self.add(*job(*args)))
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-puzzles")
        future = self._executor.submit(job, *args)
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(self._added, f))

    def flush(self) -> int:
        """Make the puzzles of the deals waiting (with no event loop) now; how many were new."""
        new = 0
        while self._pending:
            job, args = self._pending.pop(0)
            new += self.add(*job(*args))
        return new

    def _added(self, future: Any) -> None:
        if future.exception() is None:
            self.add(*future.result())


def plot(series: list[float]) -> str:
    """A small bar plot of accuracies (0-1), oldest first: one bar a deal."""
    if not series:
        return ""
    bars = "".join(f"<span style='display:inline-block;width:5px;margin-right:1px;background:#1d6b35;"
                   f"height:{max(1, round(20 * a))}px'></span>" for a in series)
    return (f"<span class='parlour-accuracy-plot' style='display:inline-flex;align-items:flex-end;height:20px'>"
            f"{bars}</span>")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    return loop if loop.is_running() else None


def puzzle_panel(lang: str = "en") -> PuzzlePanel:
    """The gallery's panel: every game's due puzzles and progress."""
    return PuzzlePanel(lang)


__all__ = ["PuzzleKeeper", "PuzzlePanel", "harvest", "move_label", "plot", "position_html", "puzzle_panel"]
