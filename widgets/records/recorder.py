"""Recording finished deals: from a lesson's kernel to the server that holds the record store.

Why two halves: the store (one database, one writer thread) lives in the server process, which knows
which student each kernel's page was opened for; a kernel knows the game. So the kernel builds the
record of each deal it saw finish (:func:`record_from_game`, its review taken from the table's own
evaluations) and posts it to the server; the server (widgets/server/records_route.py) takes it only
from a kernel it started (:func:`kernel_token`), only for the student whose page that kernel serves and only
for its class, and queues it (:meth:`Store.submit`).

- :func:`record_deal`: the one call that records a student's finished deal in a store (the server's,
  and the class table's for each person seated at a shared deal).
- :class:`Sender`: the kernel's half, a thread that asks the server who this kernel's student is, builds
  each record and posts it; nothing here waits on the table's event loop.
- :class:`DealRecorder`: watches one table and hands each deal it saw finish to the sender.

A kernel records only when the server gave it :data:`RECORDS_URL_ENV` (a hub, or ``./run app --class``):
never on a plain ``./run app``, in JupyterLab or on the static site.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import sys
import threading
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, TypeVar

from engine.protocol import GENERAL_RULES, SAVE_KEY_ENV, Game
from engine.review import Review
from widgets.records.record import Record, deal_bounds, finished, record_from_game

if TYPE_CHECKING:  # the kernel never loads the database's modules
    from widgets.records.store import Store

log = logging.getLogger("parlour.records")

#: Where this kernel's server takes finished deals: set in the server's environment, which its kernels inherit,
#: only while it records a class.
RECORDS_URL_ENV = "PARLOUR_RECORDS_URL"
#: The most a post may weigh (the largest record and its envelope): the server refuses more unread.
MAX_POST_BYTES = 1_600_000


def record_deal(store: "Store", game: Game, seat: int, user: str, lesson: str, level: str, *, class_name: str,
                deal: int | None = None, code: str | None = None, review: Review | None = None,
                refusals: Mapping[str, int] | None = None, table: str | None = None,
                deal_set: int | None = None) -> str:
    """Record ``user``'s finished deal (``deal`` of ``game``, played from ``seat``) in ``store``; its key.

    The class table calls it for each person seated at a finished shared deal (``table``: its code); the
    server calls it for a deal a kernel sent. Queued, never waited for (:meth:`Store.submit`); a RecordError
    if the game, the deal or the names are not a record's. Without ``review`` the engine reviews the seat's
    decisions here, which takes seconds: call it off a page's event loop.
    """
    record = record_from_game(game, seat, user, lesson, level, class_name=class_name, deal=deal, code=code,
                              refusals=refusals, review=review, table=table, deal_set=deal_set)
    return store.submit(record, user)


def kernel_token(key: str, kernel_id: str) -> str:
    """What a kernel sends to show that its server started it: the server's save key's HMAC of the kernel's id
    (every kernel inherits the key; a page cannot run code in its kernel, so it cannot make one)."""
    from widgets.server.save_key import kernel_proof

    return kernel_proof(key, kernel_id, "parlour-records")


def this_kernel_id() -> str | None:
    """This kernel's id, as its server knows it (the name of the connection file it was started with).

    Asked only of a running kernel app: importing ipykernel's app elsewhere (a script, a test, the static site's
    Python) swaps the comm functions every widget uses, so widgets made before could no longer be closed."""
    app = sys.modules.get("ipykernel.kernelapp")
    if app is None or not app.IPKernelApp.initialized():
        return None
    try:
        from ipykernel.connect import get_connection_file

        name = Path(get_connection_file()).name
    except Exception:  # not a kernel (a script, a test)
        return None
    return name[len("kernel-"):-len(".json")] if name.startswith("kernel-") and name.endswith(".json") else None


@dataclass(frozen=True)
class Who:
    """Whom this kernel plays for, as its server says: the student and their class."""

    student: str
    class_name: str


@dataclass
class FinishedDeal:
    """What the table hands over when a deal ends: copies, so the table may deal on at once."""

    game_class: type[Game]
    setup: dict[str, Any]
    history: list[tuple[int, str]]
    seat: int
    deal: int
    lesson: str
    level: str
    code: str | None
    review: Callable[[int, int], Review] | None  # the table's evaluations of moves start..stop
    refusals: dict[str, int] = field(default_factory=dict)

    def record(self, who: Who) -> Record:
        """The record, built from a replay of the game (every move checked again by the rules)."""
        game = self.game_class(**self.setup)
        for seat, action in self.history:
            game.apply(action, seat)
        start, stop = deal_bounds(game)[self.deal]
        review = None if self.review is None else self.review(start, stop)
        return record_from_game(game, self.seat, who.student, self.lesson, self.level, class_name=who.class_name,
                                deal=self.deal, code=self.code, review=review, refusals=self.refusals)


J = TypeVar("J")


class JobThread(Generic[J]):
    """A thread that does each job queued, one after another (``do(job)``): whoever queues never waits. A job that
    fails is logged (``what``: what a job is, for the line) and its reason kept in ``failed``; the next goes on.
    The kernel's :class:`Sender` and the class tables' recorder (widgets/class_table/recording.py) each run one."""

    def __init__(self, do: Callable[[J], Any], name: str, what: str) -> None:
        self.do, self.what = do, what
        self.failed: list[str] = []
        self._jobs: queue.Queue[J | None] = queue.Queue()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def put(self, job: J) -> None:
        self._idle.clear()
        self._jobs.put(job)

    def wait(self, timeout: float = 30.0) -> bool:
        """Until every job queued is done (tests): True, or False after ``timeout`` seconds."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        self._jobs.put(None)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                self.do(job)
            except Exception as exc:  # a record lost is logged; the table goes on
                log.warning("%s was not recorded: %s", self.what, exc)
                self.failed.append(str(exc))
            finally:
                if self._jobs.empty():
                    self._idle.set()


class Sender:
    """The kernel's half: a thread that posts each finished deal to the server, one after another.

    :meth:`send` only queues (the table never waits); the thread asks the server once whom the kernel plays
    for, builds the record and posts it. A post the server refuses is logged with its reason and dropped;
    the server's own store keeps what it accepted even while its database is down.
    """

    def __init__(self, url: str, kernel_id: str, token: str, timeout: float = 30.0) -> None:
        self.url, self.kernel_id, self.token, self.timeout = url.rstrip("/"), kernel_id, token, timeout
        self.sent: list[str] = []  # the keys the server accepted
        self._who: Who | None = None
        self._thread = JobThread(self._post, "parlour-records-sender", "A finished deal")
        self.failed = self._thread.failed  # why the others were not

    def send(self, deal: FinishedDeal) -> None:
        self._thread.put(deal)

    def wait(self, timeout: float = 30.0) -> bool:
        """Until every deal sent is posted (tests): True, or False after ``timeout`` seconds."""
        return self._thread.wait(timeout)

    def request(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body`` (with this kernel's proof) to the server's route ``path``; its JSON answer, or a RuntimeError
        with the server's sentence."""
        data = json.dumps({"kernel": self.kernel_id, "token": self.token, **body}, ensure_ascii=False).encode()
        request = urllib.request.Request(f"{self.url}/{path}", data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                result: dict[str, Any] = json.loads(answer.read())
                return result
        except urllib.error.HTTPError as exc:
            try:
                why = json.loads(exc.read()).get("message", "")
            except ValueError:
                why = ""
            raise RuntimeError(f"{exc.code} {why or exc.reason}") from None

    def who(self) -> Who:
        """Whom this kernel plays for (asked once: a kernel's page is one student's)."""
        if self._who is None:
            answer = self.request("who", {})
            self._who = Who(str(answer["student"]), str(answer["class"]))
        return self._who

    def _post(self, job: FinishedDeal) -> None:
        record = job.record(self.who())
        self.sent.append(str(self.request("record", {"record": record.data})["key"]))

    def close(self) -> None:
        self._thread.close()


_sender: Sender | None = None
_sender_lock = threading.Lock()


def kernel_sender(env: Mapping[str, str] = os.environ, kernel_id: str | None = None) -> Sender | None:
    """This kernel's sender, if its server records play (one per kernel, shared by its tables); else None."""
    global _sender
    url, key = env.get(RECORDS_URL_ENV), env.get(SAVE_KEY_ENV)
    kernel_id = kernel_id or this_kernel_id()
    if not (url and key and kernel_id):
        return None
    with _sender_lock:
        if _sender is None or (_sender.url, _sender.kernel_id) != (url.rstrip("/"), kernel_id):
            _sender = Sender(url, kernel_id, kernel_token(key, kernel_id))
        return _sender


class DealRecorder:
    """Watches one table (after each drawing, :meth:`sync`) and sends each deal it saw being played to its end.

    Only deals seen unfinished are sent: a review link's replay, or a game put on the table already over, is
    not a deal played here; nor is a look back at a past position or a better move tried from it.
    """

    def __init__(self, sender: Sender, lesson: str) -> None:
        self.sender, self.lesson = sender, lesson
        self._game: Game | None = None
        self._open: set[int] = set()  # deals of the game seen unfinished
        self._sent: set[int] = set()
        self._refusals: dict[int, Counter[str]] = {}

    def refused(self, game: Game, rule: str | None) -> None:
        """The rules refused the learner's move in ``game`` (counted by rule, for the deal's record)."""
        if rule and game is self._game and (rule in type(game).rules or rule in GENERAL_RULES):
            self._refusals.setdefault(game.progress()["deal"], Counter())[rule] += 1

    def sync(self, game: Game, seat: int, level: str, code: str | None, looking: bool,
             review: Callable[[], Callable[[int, int], Review] | None] | None) -> list[int]:
        """After a drawing of ``game``: the deals sent now (``looking``: a look back is on the table, sent never;
        ``review``: gives the table's evaluations of the game, None for a game with none)."""
        if looking or game is None:
            return []
        if game is not self._game:
            self._game, self._open, self._sent, self._refusals = game, set(), set(), {}
        deal = game.progress()["deal"]
        if not game.is_over:
            self._open.add(deal)
        done = sorted(n for n in self._open - self._sent if finished(game, n))
        for n in done:
            self._sent.add(n)
            self.sender.send(FinishedDeal(type(game), game.setup_args(), list(game.history), seat, n, self.lesson,
                                          level, code, None if review is None else review(),
                                          dict(self._refusals.pop(n, Counter()))))
        return done


def lesson_of(game_id: str, lang: str) -> str:
    """The lesson a table belongs to, as the gallery names its page: "jubilee", or "pt/jubileu" in Portuguese."""
    return game_id if lang == "en" else f"{lang}/{game_id}"


__all__ = ["DealRecorder", "FinishedDeal", "JobThread", "MAX_POST_BYTES", "RECORDS_URL_ENV", "Sender", "Who",
           "kernel_sender", "kernel_token", "lesson_of", "record_deal", "this_kernel_id"]
