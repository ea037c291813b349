"""The record store: one database (SQLite file, or PostgreSQL by URL), a writer thread, and a spool on disk.

Why a writer thread: a student's click must never wait for a database. :meth:`Store.submit` checks the
record (a RecordError at once for a bad one), appends it to the spool file, queues it and returns; the
writer thread writes the queue in batches. If the database is down or full the records stay queued and
in the spool, the writer tries again every ``retry_every`` seconds, and :meth:`Store.health` says how
many deals are waiting and since when, for the teacher's page. A server restarted meanwhile reads its
spool back at start: no finished deal is lost. A record written twice (the spool read back after the
write but before it was emptied) is stored once: each record has a key, unique in the table.

The schema is Alembic's (widgets/records/migrations): the store upgrades its database at start, or, when
the database is down then, before its first write.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, event, func, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker

from engine.protocol import SAVE_KEY_ENV
from widgets.records.models import Class, Deal, DealSet, Decision, Member, Refusal
from widgets.records.record import Record, RecordError, check_record, read_record, replay_record

log = logging.getLogger("parlour.records")
MIGRATIONS = Path(__file__).parent / "migrations"
VERSION_TABLE = "parlour_records_version"
HEAD = "0003_puzzles"
_LOCK_ID = 7_250_035  # PostgreSQL advisory lock: two servers starting at once migrate one after the other
T = TypeVar("T")


class StoreUnavailable(RuntimeError):
    """The database does not answer (a read for the teacher's page): the message says so in words."""


def database_url(where: str | os.PathLike[str]) -> str:
    """A URL for ``where``: a URL as given (``postgresql+psycopg://…``, ``sqlite:///…``), a path as a SQLite file."""
    text_ = os.fspath(where)
    if "://" in text_:
        if text_.startswith(("postgresql://", "postgres://")):  # the plain form people paste: use psycopg 3
            return "postgresql+psycopg://" + text_.split("://", 1)[1]
        return text_
    return f"sqlite:///{Path(text_).resolve()}"


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets foreign keys, write-ahead logging (readers never wait for the writer) and a wait."""
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"timeout": 10})

        @event.listens_for(eng, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()
        return eng
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5, pool_timeout=10,
                         connect_args={"connect_timeout": 5} if url.startswith("postgresql") else {})


def _alembic_config(connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def current_revision(engine_: Engine) -> str | None:
    """The schema's Alembic revision (None: an empty database)."""
    with engine_.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        return context.get_current_revision()


def upgrade(engine_: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (the newest by default), in one transaction."""
    _migrate_to(engine_, lambda config: command.upgrade(config, revision))


def downgrade(engine_: Engine, revision: str) -> None:
    _migrate_to(engine_, lambda config: command.downgrade(config, revision))


def _migrate_to(engine_: Engine, step: Callable[[Config], None]) -> None:
    """One migration step in one transaction. On SQLite a changed table is copied, dropped and renamed (Alembic's
    batch mode): with foreign keys on, dropping the deals would delete their decisions and refusals (ON DELETE
    CASCADE), so they are off while it runs, and checked after."""
    with engine_.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # outside a transaction, where SQLite obeys it
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
                step(_alembic_config(connection))
                if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first() is not None:
                    raise RuntimeError("the migration left rows whose parent row is missing; it was undone")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def _published_sets(session: Session, class_ids: list[int]) -> dict[int, list[DealSet]]:
    """Each class's published deal sets, newest first (a deal is counted in the newest set it belongs to)."""
    out: dict[int, list[DealSet]] = {}
    for row in session.scalars(select(DealSet).where(DealSet.class_id.in_(class_ids), DealSet.published.is_(True))
                               .order_by(DealSet.id.desc())):
        out.setdefault(row.class_id, []).append(row)
    return out


def _set_played(session: Session, published: list[DealSet], record: Record, counted: dict[tuple[int, str], int]) \
        -> int | None:
    """The published set a deal recorded without one belongs to: the student opened it from "From your teacher",
    which deals the set's code at its level, so the table need not know the set. A set of deal codes takes a deal
    of its game and level dealt one of its codes; a "random" set, any deal of its game and level finished after it
    was published, until the student has played its number of deals."""
    data = record.data
    mine = [s for s in published if s.game == data["game"] and s.level == data["level"]]
    for deal_set in mine:
        if deal_set.codes and data["code"] in deal_set.codes:
            return int(deal_set.id)
    finished_at = _utc(datetime.fromisoformat(data["finished_at"]))
    for deal_set in mine:
        if deal_set.codes or deal_set.published_at is None or finished_at < _utc(deal_set.published_at):
            continue
        key = (deal_set.id, record.student)
        if key not in counted:
            counted[key] = int(session.scalar(select(func.count(Deal.id)).where(
                Deal.deal_set_id == deal_set.id, Deal.student == record.student)) or 0)
        if counted[key] < deal_set.deals:
            counted[key] += 1
            return int(deal_set.id)
    return None


def _utc(when: datetime) -> datetime:
    """SQLite gives back times without their zone: every time stored is UTC."""
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _down(exc: BaseException) -> bool:
    """Whether a database error means "try again later" (down, unreachable, full, locked), not a bad record."""
    if isinstance(exc, (OperationalError, InterfaceError, PoolTimeout)):
        return True
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)


def _reason(exc: BaseException) -> str:
    """The database's complaint in one short line (its first line, without SQLAlchemy's background link)."""
    original = getattr(exc, "orig", None) or exc
    line = (str(original).strip().splitlines() or [type(original).__name__])[0]
    return line[:160]


@dataclass(frozen=True)
class Health:
    """What the writer has on its hands, for the teacher's page ("3 deals waiting to be written since 10:02")."""

    waiting: int
    since: datetime | None
    problem: str | None
    written: int
    refused: tuple[str, ...] = ()
    spooled: bool = True

    @property
    def ok(self) -> bool:
        return self.waiting == 0 and self.problem is None

    def words(self, tz: Any = None) -> str:
        """One sentence for the teacher: all written, or how many wait, since when, and why."""
        if self.waiting == 0:
            said = "Every finished deal is recorded."
        else:
            when = self.since.astimezone(tz).strftime("%H:%M") if self.since else "now"
            deals = "1 deal is" if self.waiting == 1 else f"{self.waiting} deals are"
            said = f"{deals} waiting to be written since {when}"
            said += f": the database does not answer ({self.problem}). They are kept and written when it does." \
                if self.problem else "."
            if not self.spooled:
                said += " They are kept in memory only (the server's disk refused them): do not restart the server."
        if self.refused:
            said += f" {len(self.refused)} record(s) were refused: {self.refused[-1]}"
        return said


@dataclass
class _Waiting:
    record: Record
    queued_at: datetime


@dataclass
class _State:
    pending: "OrderedDict[str, _Waiting]" = field(default_factory=OrderedDict)
    problem: str | None = None
    written: int = 0
    refused: list[str] = field(default_factory=list)
    spooled: bool = True
    migrated: bool = False


class Store:
    """The record of play for one server (see the module's docstring); every method is thread-safe.

    ``where``: a SQLite file's path (on the hub: beside its own state) or a database URL
    (``postgresql://user@host/db``). ``spool``: the file records wait in (by default beside a SQLite
    file, as ``<file>.spool``; required with a URL). ``retry_every``: seconds between tries while the
    database is down.
    """

    def __init__(self, where: str | os.PathLike[str], spool: str | os.PathLike[str] | None = None,
                 retry_every: float = 5.0, batch: int = 50) -> None:
        self.url = database_url(where)
        if spool is None:
            if not self.url.startswith("sqlite:///") or self.url == "sqlite:///:memory:":
                raise ValueError("a store on a database URL needs a spool file: Store(url, spool=path)")
            spool = self.url[len("sqlite:///"):] + ".spool"
        self.spool = Path(spool)
        self.retry_every = retry_every
        self.batch = batch
        self.engine = make_engine(self.url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._state = _State()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._stopping = False
        self._spool_lock = threading.Lock()
        self._migrate_lock = threading.Lock()
        self._read_spool()
        self._migrate(quiet=True)
        self._writer = threading.Thread(target=self._write_loop, name="parlour-records-writer", daemon=True)
        self._writer.start()

    # ---- the schema ----
    def _migrate(self, quiet: bool = False) -> bool:
        if self._state.migrated:
            return True
        try:
            with self._migrate_lock:  # the writer and a page's read may both be first: one migrates
                if not self._state.migrated:
                    upgrade(self.engine)
        except SQLAlchemyError as exc:
            if not _down(exc):
                raise
            with self._lock:
                self._state.problem = _reason(exc)
            if not quiet:
                raise
            log.warning("The record store's database does not answer yet (%s): records wait in %s",
                        _reason(exc), self.spool)
            return False
        self._state.migrated = True
        return True

    # ---- writing ----
    def submit(self, record: Record, sender: str) -> str:
        """Queue ``record`` (sent on behalf of the hub user ``sender``) and return its key at once.

        A record that is not one, or is another student's, raises a RecordError and nothing is kept. The
        record is appended to the spool before this returns: a server stopped now writes it after restart.
        """
        if not isinstance(record, Record):
            raise RecordError(f"Only a record built by record_from_game is stored, not {type(record).__name__}.")
        checked = check_record(record.data, sender)
        queued_at = _now()
        with self._lock:
            if self._stopping:
                raise RuntimeError("the record store is closed")
            if checked.key in self._state.pending:
                return checked.key
            self._state.pending[checked.key] = _Waiting(checked, queued_at)
            self._append_spool(checked, queued_at)
            self._wake.notify()
        return checked.key

    def _append_spool(self, record: Record, queued_at: datetime) -> None:
        """One line at the spool's end (called with the lock held: lines never interleave)."""
        line = json.dumps({"queued_at": queued_at.isoformat(), "record": record.data}, ensure_ascii=False)
        try:
            with self._spool_lock, open(self.spool, "a", encoding="utf-8") as out:
                out.write(line + "\n")
            self._state.spooled = True
        except OSError as exc:
            log.error("The record spool %s refused a record (%s): it waits in memory only", self.spool, exc)
            self._state.spooled = False

    def _read_spool(self) -> None:
        """Records a previous run queued and did not write (each checked again; a bad line is refused)."""
        try:
            lines = self.spool.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                body = json.loads(line)
                queued = _utc(datetime.fromisoformat(body["queued_at"]))
                data = body["record"]
                record = read_record(json.dumps(data), str(data.get("student")) if isinstance(data, dict) else "")
            except (ValueError, KeyError, TypeError, RecordError) as exc:
                self._refuse(f"line {number} of the spool {self.spool.name} is not a record ({exc})")
                continue
            self._state.pending.setdefault(record.key, _Waiting(record, queued))

    def _rewrite_spool(self) -> None:
        """Empty the spool once every record is written. While some wait it is left as it is (rewriting megabytes
        of waiting records after each batch held up the students' submits): records already written that it
        still holds are skipped by their key if a restart reads them back."""
        with self._lock:
            if self._state.pending:
                return
            try:
                with self._spool_lock:
                    if self.spool.exists() and self.spool.stat().st_size:
                        self.spool.write_text("", encoding="utf-8")
                self._state.spooled = True
            except OSError as exc:
                log.error("The record spool %s could not be emptied (%s)", self.spool, exc)

    def _refuse(self, message: str) -> None:
        log.error("Record refused: %s", message)
        self._state.refused.append(message)
        del self._state.refused[:-20]

    def _write_loop(self) -> None:
        while True:
            with self._lock:
                while not self._state.pending and not self._stopping:
                    self._wake.wait(timeout=5)
                if self._stopping and not self._state.pending:
                    return
                batch = list(self._state.pending.values())[:self.batch]
            try:
                if not self._migrate():
                    raise StoreUnavailable("not migrated")
                self._write(batch)
            except (SQLAlchemyError, StoreUnavailable) as exc:
                if isinstance(exc, SQLAlchemyError) and not _down(exc):
                    self._write_one_by_one(batch)
                    continue
                with self._lock:
                    if not isinstance(exc, StoreUnavailable):
                        self._state.problem = _reason(exc)
                    if self._stopping:
                        return
                    self._wake.wait(timeout=self.retry_every)
                continue
            except Exception as exc:  # never let the writer die: the record is refused, the rest go on
                log.exception("The record writer failed on a batch")
                self._write_one_by_one(batch, str(exc))
                continue
            self._done(batch)

    def _done(self, batch: list[_Waiting]) -> None:
        with self._lock:
            for waiting in batch:
                self._state.pending.pop(waiting.record.key, None)
            self._state.written += len(batch)
            self._state.problem = None
        self._rewrite_spool()

    def _write_one_by_one(self, batch: list[_Waiting], why: str = "") -> None:
        """A batch the database refused for a reason other than being down: each record alone, and the one
        it refuses is dropped with the reason (logged, and in :meth:`health`)."""
        for waiting in batch:
            try:
                self._write([waiting])
            except SQLAlchemyError as exc:
                if _down(exc):
                    return  # down after all: the whole batch waits for the next try
                with self._lock:
                    self._refuse(f"{waiting.record.student}'s deal of {waiting.record.data['game']}: {_reason(exc)}")
                    self._state.pending.pop(waiting.record.key, None)
                self._rewrite_spool()
            except Exception as exc:
                with self._lock:
                    self._refuse(f"{waiting.record.student}'s deal of {waiting.record.data['game']}: {why or exc}")
                    self._state.pending.pop(waiting.record.key, None)
                self._rewrite_spool()
            else:
                self._done([waiting])

    def _write(self, batch: list[_Waiting]) -> None:
        """One transaction: each record not stored yet, its class (made on first use) and its student. The
        classes, members and deal sets the batch names are read once, and the rows sent in one flush.

        A record whose check is keyed with this server's secret (``PARLOUR_SAVE_KEY``, which the hub always sets)
        was built by this server from its own game; without a key the check is one anyone can recompute, so its
        moves are replayed through the rules first (a third of a Jubilee record's writing time)."""
        if not os.environ.get(SAVE_KEY_ENV):  # an unkeyed check anyone can recompute: every move replayed
            for waiting in batch:
                replay_record(waiting.record)  # every move legal, or the record is refused (RecordError)
        with self.sessions.begin() as session:
            records = [w.record for w in batch]
            stored = set(session.scalars(select(Deal.key).where(Deal.key.in_([r.key for r in records]))))
            classes = {name: self._class(session, name, create=True) for name in {r.class_name for r in records}}
            ids = [k.id for k in classes.values() if k is not None]
            members = {(k, user) for k, user in session.execute(select(Member.class_id, Member.user).where(
                Member.class_id.in_(ids), Member.user.in_({r.student for r in records})))}
            wanted = {r.data["deal_set"] for r in records if r.data["deal_set"] is not None}
            sets = {i: k for i, k in session.execute(select(DealSet.id, DealSet.class_id)
                                                     .where(DealSet.id.in_(wanted)))} if wanted else {}
            published = _published_sets(session, ids) if any(r.data["deal_set"] is None for r in records) else {}
            counted: dict[tuple[int, str], int] = {}
            now = _now()
            with session.no_autoflush:
                for record in records:
                    if record.key in stored:
                        continue
                    stored.add(record.key)
                    klass = classes[record.class_name]
                    assert klass is not None
                    if (klass.id, record.student) not in members:
                        members.add((klass.id, record.student))
                        session.add(Member(class_id=klass.id, user=record.student, role="student"))
                    deal_set = record.data["deal_set"]
                    if deal_set is not None and sets.get(deal_set) != klass.id:
                        deal_set = None  # a set deleted meanwhile, or another class's: the deal stays, unassigned
                    elif deal_set is None:
                        deal_set = _set_played(session, published.get(klass.id, []), record, counted)
                    session.add(self._deal_row(record, klass.id, deal_set, now))

    def _deal_row(self, record: Record, class_id: int, deal_set: int | None, now: datetime) -> Deal:
        data = record.data
        deal = Deal(key=record.key, class_id=class_id, deal_set_id=deal_set, student=data["student"],
                    lesson=data["lesson"], game=data["game"], players=data["players"], seat=data["seat"],
                    seed=data["seed"], code=data["code"], settings=data["settings"], level=data["level"],
                    deal=data["deal"], start=data["start"], table=data["table"], score=data["score"],
                    won=data["won"], result=data["result"], decisions=len(data["decisions"]),
                    accuracy=data["accuracy"], total_cost=data["total_cost"], review_link=data["review_link"],
                    history=data["history"], finished_at=_utc(datetime.fromisoformat(data["finished_at"])),
                    recorded_at=now)
        deal.moves = [Decision(index=d["index"], position=d["position"], action=d["action"], best=d["best"],
                               verdict=d["verdict"], cost=d["cost"]) for d in data["decisions"]]
        deal.refusals = [Refusal(rule=rule, count=n) for rule, n in sorted(data["refusals"].items())]
        return deal

    def _class(self, session: Session, name: str, create: bool = False) -> Class | None:
        klass = session.scalar(select(Class).where(Class.name == name))
        if klass is None and create:
            klass = Class(name=name, created_at=_now())
            session.add(klass)
            session.flush()
        return klass

    # ---- the writer's state ----
    def health(self) -> Health:
        with self._lock:
            state = self._state
            since = min((w.queued_at for w in state.pending.values()), default=None)
            return Health(len(state.pending), since, state.problem, state.written, tuple(state.refused),
                          state.spooled)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every queued record is written (True), or ``timeout`` seconds (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if not self._state.pending:
                    return True
                self._wake.notify_all()
            time.sleep(0.02)
        return False

    def retry_now(self) -> None:
        """Wake the writer (the database is back): it tries at once instead of after ``retry_every``."""
        with self._lock:
            self._wake.notify_all()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the writer after at most ``timeout`` seconds of writing; what is left stays in the spool."""
        self.flush(timeout)
        with self._lock:
            self._stopping = True
            self._wake.notify_all()
        self._writer.join(timeout=max(timeout, 1.0))
        self.engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- reading ----
    def read(self, work: Callable[[Session], T]) -> T:
        """``work(session)`` in a read-only session; a database that does not answer raises StoreUnavailable."""
        if not self._migrate(quiet=True):
            raise StoreUnavailable(f"The class's records cannot be read now: the database does not answer "
                                   f"({self._state.problem}).")
        try:
            with self.sessions() as session:
                return work(session)
        except SQLAlchemyError as exc:
            if _down(exc):
                raise StoreUnavailable(f"The class's records cannot be read now: the database does not answer "
                                       f"({_reason(exc)}).") from None
            raise

    def change(self, work: Callable[[Session], T]) -> T:
        """``work(session)`` in one transaction (a teacher's change: a deal set, a member, deleting a class)."""
        if not self._migrate(quiet=True):
            raise StoreUnavailable(f"The class's records cannot be changed now: the database does not answer "
                                   f"({self._state.problem}).")
        try:
            with self.sessions.begin() as session:
                return work(session)
        except IntegrityError:
            raise
        except SQLAlchemyError as exc:
            if _down(exc):
                raise StoreUnavailable(f"The class's records cannot be changed now: the database does not answer "
                                       f"({_reason(exc)}).") from None
            raise


__all__ = ["HEAD", "Health", "Store", "StoreUnavailable", "VERSION_TABLE", "current_revision", "database_url",
           "downgrade", "make_engine", "upgrade"]
