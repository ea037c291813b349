"""The two views of a class's record: the teacher's (the whole class) and a student's (their own, nothing else).

Why two objects rather than one with a ``student=`` argument: the page a student opens is given a
:class:`StudentRecords` made from their hub login, and nothing it offers takes another name. The
teacher's page checks that the hub marks its user as a teacher before it makes a :class:`TeacherRecords`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Sequence

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

import engine
from engine.hints import LEVELS
from engine.protocol import ParlourError
from widgets.deal_code import DealCodeError, read_table_code, table_code
from widgets.records import queries as q
from widgets.records.models import Class, DealSet, Member
from widgets.records.store import Health, Store

MAX_SET_DEALS = 100


class DealSetError(ParlourError):
    """A deal set a teacher asked for that cannot be made: the message says why."""


def _class(session: Any, name: str) -> Class:
    klass = session.scalar(select(Class).where(Class.name == name))
    if klass is None:
        klass = Class(name=name, created_at=datetime.now(timezone.utc))
        session.add(klass)
        session.flush()
    return klass


def checked_deal_set(game: str, codes: Sequence[str] | str, level: str, settings: dict[str, Any] | None,
                     deals: int | None) -> tuple[list[str], int, dict[str, Any]]:
    """The set's codes (each read and written back in its standard form; [] for "random"), its number of deals
    and its full settings; a DealSetError says what is wrong."""
    if game not in engine.GAMES:
        raise DealSetError(f"There is no game {game!r:.40}: Parlour has {', '.join(sorted(engine.GAMES))}.")
    rules = engine.GAMES[game]
    if level not in LEVELS:
        raise DealSetError(f"{level!r:.20} is not a bots' level: the levels are {', '.join(LEVELS)}.")
    try:
        options = rules.resolve_options(settings or {})
    except ParlourError as exc:
        raise DealSetError(f"These settings are not {rules.name}'s: {exc}") from None
    if codes == "random":
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_SET_DEALS:
            raise DealSetError(f"A set of random deals says how many: 1 to {MAX_SET_DEALS}.")
        return [], deals, options
    if isinstance(codes, str) or not 1 <= len(codes) <= MAX_SET_DEALS:
        raise DealSetError(f"A deal set has 1 to {MAX_SET_DEALS} deal codes, or is \"random\".")
    written = []
    for code in codes:
        try:
            read = read_table_code(str(code), rules.default_players)
        except DealCodeError as exc:
            raise DealSetError(str(exc)) from None
        if not rules.min_players <= read.players <= rules.max_players:
            raise DealSetError(f"{code!r:.40} is a deal for {read.players} players; {rules.name} is for "
                               f"{rules.min_players} to {rules.max_players}.")
        written.append(table_code(read.players, read.seed, read.settings or ""))
    if len(set(written)) != len(written):
        raise DealSetError("A deal set gives each deal code once.")
    return written, len(written), options


class TeacherRecords:
    """Everything the teacher's page shows of one class (each call reads the database once or twice)."""

    def __init__(self, store: Store, class_name: str) -> None:
        self.store, self.class_name = store, class_name

    def health(self) -> Health:
        return self.store.health()

    def students(self) -> list[q.StudentSummary]:
        return self.store.read(lambda s: q.students(s, self.class_name))

    def deals(self, student: str | None = None, game: str | None = None) -> list[q.DealRow]:
        return self.store.read(lambda s: q.deals(s, self.class_name, student, game))

    def recorded_since(self, after: datetime) -> list[q.DealRow]:
        return self.store.read(lambda s: q.recorded_since(s, self.class_name, after))

    def accuracy_over_time(self, student: str, game: str | None = None) -> list[tuple[datetime, float, str]]:
        return self.store.read(lambda s: q.accuracy_over_time(s, self.class_name, student, game))

    def mistakes(self, student: str, verdicts: Sequence[str] = q.MISTAKES) -> list[q.MistakeRow]:
        return self.store.read(lambda s: q.mistakes(s, self.class_name, student, verdicts))

    def refusals_by_rule(self, game: str) -> list[q.RuleCount]:
        return self.store.read(lambda s: q.refusals_by_rule(s, self.class_name, game))

    def hardest_decisions(self, game: str, limit: int = 10, min_students: int = 2) -> list[q.MoveCounts]:
        return self.store.read(lambda s: q.hardest_decisions(s, self.class_name, game, limit, min_students))

    def deal_set_moves(self, set_id: int) -> list[q.MoveCounts]:
        return self.store.read(lambda s: q.deal_set_moves(s, self.class_name, set_id))

    def deal_set_progress(self, set_id: int) -> list[q.SetProgress]:
        return self.store.read(lambda s: q.deal_set_progress(s, self.class_name, set_id))

    def deal_sets(self) -> list[q.DealSetRow]:
        return self.store.read(lambda s: q.deal_sets(s, self.class_name))

    def export_csv(self) -> str:
        return self.store.read(lambda s: q.export_csv(s, self.class_name))

    # ---- changes a teacher makes ----
    def create_deal_set(self, teacher: str, name: str, game: str, codes: Sequence[str] | str, level: str = "medium",
                        settings: dict[str, Any] | None = None, deals: int | None = None) -> int:
        """A new deal set (a draft until :meth:`publish`); ``codes``: deal codes, or "random" with ``deals``."""
        written, count, options = checked_deal_set(game, codes, level, settings, deals)
        title = str(name).strip()[:120] or engine.GAMES[game].name

        def make(session: Any) -> int:
            klass = _class(session, self.class_name)
            row = DealSet(class_id=klass.id, name=title, game=game, codes=written, deals=count, level=level,
                          settings=options, published=False, created_by=teacher, created_at=datetime.now(timezone.utc))
            session.add(row)
            session.flush()
            return int(row.id)
        return self.store.change(make)

    def publish(self, set_id: int, published: bool = True) -> None:
        """Hand a set out to the class (students see it under "From your teacher"), or take it back."""
        def change(session: Any) -> None:
            row = session.get(DealSet, set_id)
            klass = session.scalar(select(Class.id).where(Class.name == self.class_name))
            if row is None or row.class_id != klass:
                raise DealSetError(f"This class has no deal set {set_id}.")
            row.published = published
            row.published_at = datetime.now(timezone.utc) if published else None
        self.store.change(change)

    def add_teacher(self, user: str) -> None:
        """Mark ``user`` as a teacher of the class (a student who played keeps their deals)."""
        def change(session: Any) -> None:
            klass = _class(session, self.class_name)
            member = session.scalar(select(Member).where(Member.class_id == klass.id, Member.user == user))
            if member is None:
                session.add(Member(class_id=klass.id, user=user, role="teacher"))
            else:
                member.role = "teacher"
        try:
            self.store.change(change)
        except IntegrityError:  # another page added them at the same moment
            pass

    def teachers(self) -> list[str]:
        return self.store.read(lambda s: sorted(s.scalars(select(Member.user).join(Class, Member.class_id == Class.id)
                                                          .where(Class.name == self.class_name,
                                                                 Member.role == "teacher"))))

    def is_teacher(self, user: str) -> bool:
        return user in self.teachers()


class StudentRecords:
    """One student's own record ("My progress"): no method takes another student's name."""

    def __init__(self, store: Store, class_name: str, student: str) -> None:
        self.store, self.class_name, self.student = store, class_name, student

    def _ask(self, work: Any) -> Any:
        return self.store.read(lambda s: work(q.StudentQueries(s, self.class_name, self.student)))

    def deals(self, game: str | None = None) -> list[q.DealRow]:
        result: list[q.DealRow] = self._ask(lambda mine: mine.deals(game))
        return result

    def accuracy_over_time(self, game: str | None = None) -> list[tuple[datetime, float, str]]:
        result: list[tuple[datetime, float, str]] = self._ask(lambda mine: mine.accuracy_over_time(game))
        return result

    def mistakes(self, verdicts: Sequence[str] = q.MISTAKES) -> list[q.MistakeRow]:
        result: list[q.MistakeRow] = self._ask(lambda mine: mine.mistakes(verdicts))
        return result

    def deal_sets(self) -> list[tuple[q.DealSetRow, q.SetProgress]]:
        result: list[tuple[q.DealSetRow, q.SetProgress]] = self._ask(lambda mine: mine.deal_sets())
        return result


def delete_class(store: Store, class_name: str) -> dict[str, int]:
    """Delete a class and all it holds (deals, decisions, refusals, deal sets, members); the counts deleted."""
    return store.change(lambda s: q.delete_class(s, class_name))


def class_names(store: Store) -> list[tuple[str, int, int]]:
    return store.read(q.class_names)


__all__ = ["DealSetError", "StudentRecords", "TeacherRecords", "checked_deal_set", "class_names", "delete_class"]
