"""What the teacher's page asks of the record of play, and what a student may ask of their own.

Each function takes an open session and a class's name and returns plain data (frozen dataclasses), so
the page may render it however it likes. A student's questions go through :class:`StudentQueries`, which
holds the student's name and puts it in every query it makes: no argument of it can name another
student, so a student's page can never show another student's rows.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from sqlalchemy import Select, case, delete, distinct, func, select
from sqlalchemy.orm import Session, defer

import engine
from engine.protocol import GENERAL_RULES
from widgets.records.models import Class, Deal, DealSet, Decision, Member, Puzzle, PuzzleRecord, Refusal

GOOD = ("best", "good")
MISTAKES = ("mistake", "blunder")


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


@dataclass(frozen=True)
class DealRow:
    """One finished deal: who, what, how it went, and the link that opens its review."""

    id: int
    student: str
    lesson: str
    game: str
    code: str
    level: str
    deal: int
    table: str | None
    deal_set: int | None
    score: int
    won: bool
    decisions: int
    accuracy: float | None
    total_cost: float
    finished_at: datetime
    review_link: str


@dataclass(frozen=True)
class MistakeRow:
    """A mistake or blunder: the move made, the better one, its cost, and the deal's review link (the page opens
    it at decision ``index`` of the deal's history)."""

    deal_id: int
    student: str
    lesson: str
    game: str
    index: int
    action: str
    best: str
    verdict: str
    cost: float
    finished_at: datetime
    review_link: str


@dataclass(frozen=True)
class StudentSummary:
    student: str
    deals: int
    accuracy: float | None  #: over every rated decision of every deal
    mistakes: int
    blunders: int
    last_played: datetime | None


@dataclass(frozen=True)
class RuleCount:
    """A rule the class's moves were refused by: its id, its words, how often, by how many students."""

    rule: str
    text: str
    count: int
    students: int


@dataclass(frozen=True)
class MoveCounts:
    """One decision (a position several students reached): how many students chose each move, and the hint's."""

    position: str
    game: str
    code: str
    index: int
    best: str
    counts: dict[str, int]
    students: int
    accuracy: float
    review_link: str  #: one student's review of a deal through this position (the page names whose)


@dataclass(frozen=True)
class SetProgress:
    """A deal set, for one student: the codes done and left ("random" sets: how many of ``deals``)."""

    student: str
    done: tuple[str, ...]
    left: tuple[str, ...]
    played: int
    deals: int


@dataclass(frozen=True)
class DealSetRow:
    id: int
    name: str
    game: str
    codes: tuple[str, ...]
    deals: int
    level: str
    settings: dict[str, Any]
    published: bool
    published_at: datetime | None


def class_id(session: Session, name: str) -> int | None:
    return session.scalar(select(Class.id).where(Class.name == name))


def _deal_row(d: Deal) -> DealRow:
    return DealRow(d.id, d.student, d.lesson, d.game, d.code, d.level, d.deal, d.table, d.deal_set_id, d.score,
                   d.won, d.decisions, d.accuracy, d.total_cost, _utc(d.finished_at), d.review_link)


#: the columns a page never shows (the moves, the settings): not loaded with a deal's row
_LIGHT = (defer(Deal.history), defer(Deal.settings), defer(Deal.result))


def _deals(klass: int | None, student: str | None = None, game: str | None = None) -> Select[Any]:
    query = select(Deal).options(*_LIGHT).where(Deal.class_id == (klass if klass is not None else -1))
    if student is not None:
        query = query.where(Deal.student == student)
    if game is not None:
        query = query.where(Deal.game == game)
    return query


def deals(session: Session, klass: str, student: str | None = None, game: str | None = None) -> list[DealRow]:
    """Every deal of the class (of one student, of one game), oldest first."""
    query = _deals(class_id(session, klass), student, game).order_by(Deal.finished_at, Deal.id)
    return [_deal_row(d) for d in session.scalars(query)]


def recorded_since(session: Session, klass: str, after: datetime) -> list[DealRow]:
    """Deals written after ``after`` (the page's live refresh: "what is new since my last look")."""
    query = select(Deal).options(*_LIGHT).where(Deal.class_id == (class_id(session, klass) or -1),
                                                Deal.recorded_at > after) \
        .order_by(Deal.recorded_at, Deal.id)
    return [_deal_row(d) for d in session.scalars(query)]


def accuracy_over_time(session: Session, klass: str, student: str, game: str | None = None) \
        -> list[tuple[datetime, float, str]]:
    """(finished at, accuracy, game) of each of the student's deals with a rated decision, oldest first: the plot."""
    query = select(Deal.finished_at, Deal.accuracy, Deal.game).where(
        Deal.class_id == (class_id(session, klass) or -1), Deal.student == student, Deal.accuracy.is_not(None))
    if game is not None:
        query = query.where(Deal.game == game)
    rows = session.execute(query.order_by(Deal.finished_at, Deal.id))
    return [(_utc(when), float(acc or 0), g) for when, acc, g in rows]


def mistakes(session: Session, klass: str, student: str, verdicts: Sequence[str] = MISTAKES) -> list[MistakeRow]:
    """The student's decisions rated ``verdicts`` (mistakes and blunders), newest first, each with its review link."""
    query = select(Deal, Decision).options(*_LIGHT).join(Decision, Decision.deal_id == Deal.id).where(
        Deal.class_id == (class_id(session, klass) or -1), Deal.student == student,
        Decision.verdict.in_(list(verdicts))).order_by(Deal.finished_at.desc(), Deal.id.desc(), Decision.index)
    return [MistakeRow(d.id, d.student, d.lesson, d.game, m.index, m.action, m.best, m.verdict, m.cost,
                       _utc(d.finished_at), d.review_link) for d, m in session.execute(query)]


def students(session: Session, klass: str) -> list[StudentSummary]:
    """Each student of the class who has played: deals, accuracy, mistakes and blunders, last deal."""
    klass_id = class_id(session, klass) or -1
    played = {s: (n, last) for s, n, last in session.execute(
        select(Deal.student, func.count(Deal.id), func.max(Deal.finished_at)).where(Deal.class_id == klass_id)
        .group_by(Deal.student))}
    rated = {s: (total, good, bad, worst) for s, total, good, bad, worst in session.execute(
        select(Deal.student, func.count(Decision.id),
               func.sum(case((Decision.verdict.in_(GOOD), 1), else_=0)),
               func.sum(case((Decision.verdict == "mistake", 1), else_=0)),
               func.sum(case((Decision.verdict == "blunder", 1), else_=0)))
        .join(Decision, Decision.deal_id == Deal.id).where(Deal.class_id == klass_id).group_by(Deal.student))}
    out = []
    for student in sorted(played):
        n, last = played[student]
        total, good, bad, worst = rated.get(student, (0, 0, 0, 0))
        out.append(StudentSummary(student, n, (good or 0) / total if total else None, int(bad or 0), int(worst or 0),
                                  _utc(last) if last else None))
    return out


def rule_words(game: str, rule: str) -> str:
    """A rule's words, from the game's rulebook (or the rules every game shares)."""
    rules = engine.GAMES.get(game)
    if rules is not None and rule in rules.rules:
        return rules.rules[rule].text
    return GENERAL_RULES[rule].text if rule in GENERAL_RULES else rule


def refusals_by_rule(session: Session, klass: str, game: str) -> list[RuleCount]:
    """The rules the class's moves in ``game`` were refused by, most often first ("must follow suit": 41)."""
    query = select(Refusal.rule, func.sum(Refusal.count), func.count(distinct(Deal.student))) \
        .join(Deal, Refusal.deal_id == Deal.id) \
        .where(Deal.class_id == (class_id(session, klass) or -1), Deal.game == game).group_by(Refusal.rule)
    rows = [(rule, int(n), int(who)) for rule, n, who in session.execute(query)]
    rows.sort(key=lambda r: (-r[1], r[0]))
    return [RuleCount(rule, rule_words(game, rule), n, who) for rule, n, who in rows]


def _move_counts(session: Session, where: Any, positions: Sequence[str] | None = None) -> dict[str, MoveCounts]:
    """For each position (all those ``where`` selects, or only ``positions``): how many students chose each move
    there, the hint's move, the class's accuracy there, and one student's review link. Counted by the database:
    a class of 30 × 40 deals has tens of thousands of decisions."""
    if positions is not None:
        if not positions:
            return {}
        where = where & Decision.position.in_(list(positions))

    def grouped(*columns: Any) -> Any:
        return select(Decision.position, *columns).join(Deal, Decision.deal_id == Deal.id).where(where) \
            .group_by(Decision.position)
    chose: dict[str, dict[str, int]] = defaultdict(dict)
    for position, action, n in session.execute(grouped(Decision.action, func.count(distinct(Deal.student)))
                                               .group_by(Decision.action)):
        chose[position][action] = int(n)
    best: dict[str, Counter[str]] = defaultdict(Counter)
    for position, hint, n in session.execute(grouped(Decision.best, func.count()).group_by(Decision.best)):
        best[position][hint] = int(n)
    shape = list(session.execute(grouped(func.min(Decision.index), func.min(Deal.game), func.min(Deal.code),
                                         func.sum(case((Decision.verdict.in_(GOOD), 1), else_=0)), func.count(),
                                         func.count(distinct(Deal.student)), func.min(Deal.id))))
    links = {deal_id: link for deal_id, link in session.execute(
        select(Deal.id, Deal.review_link).where(Deal.id.in_([row[-1] for row in shape])))}
    out = {}
    for position, index, game, code, good, rated, students, sample in shape:
        counts = dict(sorted(chose[position].items(), key=lambda a: (-a[1], a[0])))
        hint = min(best[position].items(), key=lambda b: (-b[1], b[0]))[0]
        # the share divided here, not averaged by the database: PostgreSQL's average of numbers is a decimal,
        # SQLite's a float, and the page (and widgets/records/tally.py) must say the same on both
        out[position] = MoveCounts(position, game, code, int(index), hint, counts, int(students),
                                   int(good or 0) / int(rated), links.get(sample, ""))
    return out


def hardest_decisions(session: Session, klass: str, game: str, limit: int = 10,
                      min_students: int = 2) -> list[MoveCounts]:
    """The decisions (positions reached by at least ``min_students``) where the class's accuracy is lowest; one
    every student got right is none of them, however few decisions are left."""
    where = (Deal.class_id == (class_id(session, klass) or -1)) & (Deal.game == game)
    accuracy = func.avg(case((Decision.verdict.in_(GOOD), 1.0), else_=0.0))
    good = func.sum(case((Decision.verdict.in_(GOOD), 1), else_=0))
    query = select(Decision.position).join(Deal, Decision.deal_id == Deal.id).where(where) \
        .group_by(Decision.position) \
        .having((func.count(distinct(Deal.student)) >= min_students) & (good < func.count(Decision.id))) \
        .order_by(accuracy, func.count(distinct(Deal.student)).desc(), Decision.position).limit(limit)
    positions = list(session.scalars(query))
    found = _move_counts(session, where, positions)
    return [found[p] for p in positions]


def deal_set_moves(session: Session, klass: str, set_id: int) -> list[MoveCounts]:
    """For a deal set, each decision (by deal code, then move number): how many students chose each move, beside
    the hint's choice. Positions only one student reached are included (the page may fold them)."""
    where = (Deal.class_id == (class_id(session, klass) or -1)) & (Deal.deal_set_id == set_id)
    return sorted(_move_counts(session, where).values(), key=lambda m: (m.code, m.index, -m.students, m.position))


def shared_deal_set_moves(session: Session, klass: str, set_id: int, limit: int, min_students: int = 2) \
        -> tuple[list[MoveCounts], int, int]:
    """The first ``limit`` decisions of a deal set that at least ``min_students`` reached, as
    :func:`deal_set_moves` gives them, with how many such decisions there are and how many decisions in all.
    The teacher's page shows these: counting every move at every position of a class of 30 x 40 deals took
    seconds, most of them positions one student alone reached."""
    where = (Deal.class_id == (class_id(session, klass) or -1)) & (Deal.deal_set_id == set_id)
    reached = func.count(distinct(Deal.student))
    rows = list(session.execute(
        select(Decision.position, func.min(Deal.code), func.min(Decision.index), reached)
        .join(Deal, Decision.deal_id == Deal.id).where(where).group_by(Decision.position)))
    shared = sorted((r for r in rows if int(r[3]) >= min_students), key=lambda r: (r[1], r[2], -r[3], r[0]))
    found = _move_counts(session, where, [r[0] for r in shared[:limit]])
    moves = sorted(found.values(), key=lambda m: (m.code, m.index, -m.students, m.position))
    return moves, len(shared), len(rows)


def _deal_set_row(s: DealSet) -> DealSetRow:
    return DealSetRow(s.id, s.name, s.game, tuple(s.codes), s.deals, s.level, dict(s.settings), s.published,
                      _utc(s.published_at) if s.published_at else None)


def deal_sets(session: Session, klass: str, published_only: bool = False) -> list[DealSetRow]:
    query = select(DealSet).where(DealSet.class_id == (class_id(session, klass) or -1)).order_by(DealSet.id)
    if published_only:
        query = query.where(DealSet.published.is_(True))
    return [_deal_set_row(s) for s in session.scalars(query)]


def set_progress(codes: Sequence[str], deals: int, student: str, played: list[str]) -> SetProgress:
    """A set's progress for ``student`` from the codes they played in it (``codes``: the set's; none: "random",
    ``deals`` of them)."""
    if codes:
        done = tuple(c for c in codes if c in played)
        left = tuple(c for c in codes if c not in played)
        return SetProgress(student, done, left, len(played), len(codes))
    return SetProgress(student, (), (), len(played), deals)


def _progress(deal_set: DealSet, student: str, played: list[str]) -> SetProgress:
    return set_progress(deal_set.codes, deal_set.deals, student, played)


def deal_set_progress(session: Session, klass: str, set_id: int) -> list[SetProgress]:
    """Who has done which deals of a set: one row for each student of the class who has played at all."""
    deal_set = session.get(DealSet, set_id)
    klass_id = class_id(session, klass)
    if deal_set is None or deal_set.class_id != klass_id:
        return []
    played: dict[str, list[str]] = defaultdict(list)
    for student, code in session.execute(select(Deal.student, Deal.code).where(Deal.deal_set_id == set_id)
                                         .order_by(Deal.finished_at)):
        played[student].append(code)
    everyone = session.scalars(select(Deal.student).distinct().where(Deal.class_id == klass_id))
    return [_progress(deal_set, s, played.get(s, [])) for s in sorted(everyone)]


class StudentQueries:
    """A student's own record, and nothing else: every query names ``student`` itself."""

    def __init__(self, session: Session, klass: str, student: str) -> None:
        self._session, self._class, self._student = session, klass, student

    def deals(self, game: str | None = None) -> list[DealRow]:
        return deals(self._session, self._class, self._student, game)

    def accuracy_over_time(self, game: str | None = None) -> list[tuple[datetime, float, str]]:
        return accuracy_over_time(self._session, self._class, self._student, game)

    def mistakes(self, verdicts: Sequence[str] = MISTAKES) -> list[MistakeRow]:
        return mistakes(self._session, self._class, self._student, verdicts)

    def deal_sets(self) -> list[tuple[DealSetRow, SetProgress]]:
        """"From your teacher": each published set with what this student has done and what is left."""
        out = []
        for row in deal_sets(self._session, self._class, published_only=True):
            played = list(self._session.scalars(select(Deal.code).where(
                Deal.deal_set_id == row.id, Deal.student == self._student).order_by(Deal.finished_at)))
            deal_set = self._session.get(DealSet, row.id)
            assert deal_set is not None
            out.append((row, _progress(deal_set, self._student, played)))
        return out


CSV_COLUMNS = ("student", "lesson", "game", "deal code", "bots", "deal", "class table", "deal set", "score", "won",
               "decisions", "accuracy", "total cost", "mistakes", "blunders", "refused moves", "finished (UTC)",
               "review link")


def _cell(value: Any) -> str:
    """A CSV cell; text a spreadsheet would run as a formula (=, +, -, @ first) is quoted with an apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def export_csv(session: Session, klass: str) -> str:
    """Every deal of the class as CSV, one row a deal (a spreadsheet opens it), oldest first."""
    klass_id = class_id(session, klass) or -1
    verdicts: dict[int, Counter[str]] = defaultdict(Counter)
    for deal_id, verdict, n in session.execute(
            select(Decision.deal_id, Decision.verdict, func.count()).join(Deal, Decision.deal_id == Deal.id)
            .where(Deal.class_id == klass_id, Decision.verdict.in_(MISTAKES))
            .group_by(Decision.deal_id, Decision.verdict)):
        verdicts[deal_id][verdict] = n
    refused = {deal_id: int(n) for deal_id, n in session.execute(
        select(Refusal.deal_id, func.sum(Refusal.count)).join(Deal, Refusal.deal_id == Deal.id)
        .where(Deal.class_id == klass_id).group_by(Refusal.deal_id))}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for d in session.scalars(_deals(klass_id).order_by(Deal.finished_at, Deal.id)):
        writer.writerow([_cell(v) for v in (
            d.student, d.lesson, d.game, d.code, d.level, d.deal, d.table, d.deal_set_id, d.score,
            "yes" if d.won else "no", d.decisions, "" if d.accuracy is None else f"{d.accuracy:.3f}",
            f"{d.total_cost:g}", verdicts[d.id]["mistake"], verdicts[d.id]["blunder"], refused.get(d.id, 0),
            _utc(d.finished_at).strftime("%Y-%m-%d %H:%M:%S"), d.review_link)])
    return out.getvalue()


def delete_class(session: Session, klass: str) -> dict[str, int]:
    """Delete a class and everything recorded for it (its students' puzzles too); how many of each were deleted
    (all 0: no such class)."""
    klass_id = class_id(session, klass)
    if klass_id is None:
        return {"deals": 0, "decisions": 0, "refusals": 0, "deal sets": 0, "members": 0, "puzzles": 0,
                "puzzle records": 0}
    deal_ids = select(Deal.id).where(Deal.class_id == klass_id).scalar_subquery()
    counts = {"decisions": _deleted(session, delete(Decision).where(Decision.deal_id.in_(deal_ids))),
              "refusals": _deleted(session, delete(Refusal).where(Refusal.deal_id.in_(deal_ids)))}
    counts["deals"] = _deleted(session, delete(Deal).where(Deal.class_id == klass_id))
    counts["deal sets"] = _deleted(session, delete(DealSet).where(DealSet.class_id == klass_id))
    counts["members"] = _deleted(session, delete(Member).where(Member.class_id == klass_id))
    counts["puzzles"] = _deleted(session, delete(Puzzle).where(Puzzle.class_id == klass_id))
    counts["puzzle records"] = _deleted(session, delete(PuzzleRecord).where(PuzzleRecord.class_id == klass_id))
    _deleted(session, delete(Class).where(Class.id == klass_id))
    return counts


def _deleted(session: Session, statement: Any) -> int:
    """Run a DELETE; how many rows it deleted."""
    return int(getattr(session.execute(statement), "rowcount", 0) or 0)


def class_names(session: Session) -> list[tuple[str, int, int]]:
    """(class, students who played, deals) for every class in the store."""
    rows = session.execute(select(Class.name, func.count(distinct(Deal.student)), func.count(Deal.id))
                           .join(Deal, Deal.class_id == Class.id, isouter=True).group_by(Class.name)
                           .order_by(Class.name))
    return [(name, int(s), int(n)) for name, s, n in rows]


def class_accuracy(session: Session, klass: str) -> dict[str, list[tuple[datetime, float]]]:
    """Every student's (finished at, accuracy) of each rated deal, oldest first, in one query (the teacher's page
    draws a plot for each student: one query a student cost 30 round trips)."""
    out: dict[str, list[tuple[datetime, float]]] = defaultdict(list)
    for student, when, accuracy in session.execute(
            select(Deal.student, Deal.finished_at, Deal.accuracy)
            .where(Deal.class_id == (class_id(session, klass) or -1), Deal.accuracy.is_not(None))
            .order_by(Deal.student, Deal.finished_at, Deal.id)):
        out[student].append((_utc(when), float(accuracy or 0.0)))
    return dict(out)


def class_mistakes(session: Session, klass: str, verdicts: Sequence[str] = MISTAKES) -> dict[str, list[MistakeRow]]:
    """Every student's mistakes and blunders, newest first, in one query (see :func:`mistakes`)."""
    query = select(Deal.id, Deal.student, Deal.lesson, Deal.game, Deal.finished_at, Deal.review_link, Decision.index,
                   Decision.action, Decision.best, Decision.verdict, Decision.cost) \
        .join(Decision, Decision.deal_id == Deal.id) \
        .where(Deal.class_id == (class_id(session, klass) or -1), Decision.verdict.in_(list(verdicts))) \
        .order_by(Deal.student, Deal.finished_at.desc(), Deal.id.desc(), Decision.index)
    out: dict[str, list[MistakeRow]] = defaultdict(list)
    for deal_id, student, lesson, game, when, link, index, action, best, verdict, cost in session.execute(query):
        out[student].append(MistakeRow(deal_id, student, lesson, game, index, action, best, verdict, cost, _utc(when),
                                       link))
    return dict(out)


def class_games(session: Session, klass: str) -> list[str]:
    """The games the class has played, most played first."""
    rows = session.execute(select(Deal.game, func.count(Deal.id)).where(Deal.class_id == (class_id(session, klass)
                                                                                           or -1))
                           .group_by(Deal.game))
    return [game for game, _ in sorted(rows, key=lambda r: (-r[1], r[0]))]


def last_recorded(session: Session, klass: str) -> tuple[int, datetime | None]:
    """How many deals the class has and when the newest was written: the page reloads when either changes."""
    n, last = session.execute(select(func.count(Deal.id), func.max(Deal.recorded_at))
                              .where(Deal.class_id == (class_id(session, klass) or -1))).one()
    return int(n), (_utc(last) if last else None)


__all__ = ["CSV_COLUMNS", "DealRow", "DealSetRow", "MistakeRow", "MoveCounts", "RuleCount", "SetProgress",
           "StudentQueries", "StudentSummary", "accuracy_over_time", "class_accuracy", "class_games", "class_id",
           "class_mistakes", "class_names", "deal_set_moves", "deal_set_progress", "deal_sets", "deals", "delete_class",
           "export_csv", "hardest_decisions", "last_recorded", "mistakes", "recorded_since", "refusals_by_rule",
           "rule_words", "set_progress", "shared_deal_set_moves", "students"]
