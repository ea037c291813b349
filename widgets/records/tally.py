"""The teacher's page's view of a class, held by the server and brought up to date with the new deals only.

Why: the page is drawn again each time a deal is recorded (its live refresh), and reading the whole class again
(:func:`widgets.server.teacher_page.read_class`, a handful of grouped queries over every decision of 30 × 40 deals)
took 2-3 s on a busy machine, most of the 5 s the issue allows between a deal's end and the page showing it.
A :class:`ClassTally` reads the class's deals, decisions and refusals once, keeps the counts the page shows
(per student, per game, per deal set and per position), and at each refresh reads only the deals it has not
seen: their rows, decisions and refusals, found by the class's deal ids (an indexed list of numbers).

It gives exactly what the queries of :mod:`widgets.records.queries` give (tests/records/test_queries.py checks
the two against each other on SQLite and PostgreSQL, before and after new deals). A deal it held that is gone
(a class deleted) or a deal set gone makes it read everything again.
"""

from __future__ import annotations

import threading
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from widgets.records import queries as q
from widgets.records.models import Deal, Decision, Refusal

#: deal ids asked for in one IN (...) list
_CHUNK = 500


@dataclass(frozen=True)
class DealFacts:
    """What the page uses of one deal's row (the moves, settings and result are never read)."""

    id: int
    student: str
    lesson: str
    game: str
    code: str
    deal_set: int | None
    accuracy: float | None
    review_link: str
    finished_at: datetime
    recorded_at: datetime


class Position:
    """One position (in one game, or one deal set): who reached it, the smallest move number and deal code through
    it, how many of the decisions there were good, and each decision (deal, move number, move, hint's move), from
    which the rest the page says of it (who chose which move, the hint's choice) is counted when it is shown. A
    plain class with slots, kept lean: a class of 30 x 40 deals adds some 46,000 decisions to these on its first
    read, and the page shows fewer than 100 positions."""

    __slots__ = ("students", "moves", "good", "index", "code")

    def __init__(self, index: int, code: str) -> None:
        self.students: set[str] = set()
        self.moves: list[tuple[DealFacts, int, str, str]] = []
        self.good = 0
        self.index, self.code = index, code

    @property
    def accuracy(self) -> float:
        return self.good / len(self.moves)

    def counts(self, position: str, links: dict[int, str]) -> q.MoveCounts:
        """As :func:`widgets.records.queries._move_counts` gives it: the students who chose each move, the hint's
        most frequent choice, the smallest game, code, move number and deal id (whose review is linked)."""
        chose: dict[str, set[str]] = defaultdict(set)
        best: Counter[str] = Counter()
        for deal, _, action, hint in self.moves:
            chose[action].add(deal.student)
            best[hint] += 1
        counts = dict(sorted(((a, len(who)) for a, who in chose.items()), key=lambda a: (-a[1], a[0])))
        hint = min(best.items(), key=lambda b: (-b[1], b[0]))[0]
        return q.MoveCounts(position, min(d.game for d, *_ in self.moves), self.code, self.index, hint, counts,
                            len(self.students), self.accuracy, links.get(min(d.id for d, *_ in self.moves), ""))


@dataclass
class _Student:
    deals: int = 0
    last: datetime | None = None
    rated: int = 0
    good: int = 0
    mistakes: int = 0
    blunders: int = 0
    #: (finished at, deal id, accuracy) of each rated deal; (finished at, deal id, decision index, row) of each
    #: mistake or blunder: sorted when the page asks
    accuracy: list[tuple[datetime, int, float]] = field(default_factory=list)
    errors: list[tuple[datetime, int, int, q.MistakeRow]] = field(default_factory=list)


class ClassTally:
    """One class's counts, kept up to date by :meth:`refresh`. Not thread-safe by itself: a caller that shares one
    between threads holds :attr:`lock` while it refreshes and reads it."""

    def __init__(self, klass: str) -> None:
        self.klass = klass
        self.lock = threading.Lock()
        self.reads = 0  #: how many times everything was read (the tests check a refresh reads only what is new)
        self._reset(None)

    def _reset(self, klass_id: int | None) -> None:
        self.klass_id = klass_id
        self.deals: dict[int, DealFacts] = {}
        self.sets: set[int] = set()
        #: the class's deal sets, read at each refresh (a teacher may change one)
        self._set_rows: list[q.DealSetRow] = []
        self.students: dict[str, _Student] = defaultdict(_Student)
        self.games: Counter[str] = Counter()
        self.refused: dict[str, dict[str, tuple[int, set[str]]]] = defaultdict(dict)
        self.by_game: dict[str, dict[str, Position]] = defaultdict(dict)
        self.by_set: dict[int, dict[str, Position]] = defaultdict(dict)
        self.set_codes: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))

    # ---- reading ----
    def refresh(self, session: Session) -> int:
        """Read the deals not held yet (all of them the first time, or when one held is gone); how many."""
        klass_id = q.class_id(session, self.klass)
        ids = set(session.scalars(select(Deal.id).where(Deal.class_id == (klass_id if klass_id is not None else -1))))
        set_rows = q.deal_sets(session, self.klass)
        sets = {row.id for row in set_rows}
        if klass_id != self.klass_id or not self.deals.keys() <= ids or not self.sets <= sets:
            self._reset(klass_id)
            self.reads += 1
            new = ids
            rows = self._read(session, ids, everything=True)
        else:
            new = ids - self.deals.keys()
            rows = self._read(session, new, everything=False) if new else ([], [], [])
        self._add(*rows)
        self.sets, self._set_rows = sets, set_rows
        return len(new)

    def _read(self, session: Session, ids: set[int], everything: bool) \
            -> tuple[list[DealFacts], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """The rows of deals ``ids``, their decisions and refusals: by the class at once the first time (rows
        written since the ids were read are left for the next refresh), by chunks of ids later."""
        deal_columns = (Deal.id, Deal.student, Deal.lesson, Deal.game, Deal.code, Deal.deal_set_id, Deal.accuracy,
                        Deal.review_link, Deal.finished_at, Deal.recorded_at)
        decision_columns = (Decision.deal_id, Decision.index, Decision.position, Decision.action, Decision.best,
                            Decision.verdict, Decision.cost)
        refusal_columns = (Refusal.deal_id, Refusal.rule, Refusal.count)
        wheres: Iterable[Any]
        if everything:
            wheres = [Deal.class_id == (self.klass_id if self.klass_id is not None else -1)]
        else:
            chunks = sorted(ids)
            wheres = [Deal.id.in_(chunks[i:i + _CHUNK]) for i in range(0, len(chunks), _CHUNK)]
        deals, decisions, refusals = [], [], []
        run = session.connection().execute  # plain rows (the ORM's row handling doubled the first read's time)
        for where in wheres:
            deals += [DealFacts(i, s, lesson, g, c, ds, acc, link, q._utc(done), q._utc(wrote))
                      for i, s, lesson, g, c, ds, acc, link, done, wrote in run(select(*deal_columns).where(where))
                      .all() if i in ids]
            decisions += [tuple(r) for r in run(select(*decision_columns).join(Deal, Decision.deal_id == Deal.id)
                                                .where(where)).all() if r[0] in ids]
            refusals += [tuple(r) for r in run(select(*refusal_columns).join(Deal, Refusal.deal_id == Deal.id)
                                               .where(where)).all() if r[0] in ids]
        return deals, decisions, refusals

    def _add(self, deals: list[DealFacts], decisions: list[tuple[Any, ...]], refusals: list[tuple[Any, ...]]) -> None:
        for deal in deals:
            self.deals[deal.id] = deal
            who = self.students[deal.student]
            who.deals += 1
            who.last = deal.finished_at if who.last is None else max(who.last, deal.finished_at)
            if deal.accuracy is not None:
                who.accuracy.append((deal.finished_at, deal.id, float(deal.accuracy)))
            self.games[deal.game] += 1
            if deal.deal_set is not None:
                self.set_codes[deal.deal_set][deal.student].append(deal.code)
        # per deal once: its facts, its student's counts, and the positions of its game and of its set
        where = {d.id: (d, self.students[d.student], (self.by_game[d.game],) if d.deal_set is None
                        else (self.by_game[d.game], self.by_set[d.deal_set])) for d in deals}
        good_verdicts = q.GOOD
        for deal_id, index, position, action, best, verdict, cost in decisions:
            if deal_id not in where:  # its deal deleted between the two reads: the next refresh reads all again
                continue
            deal, who, scopes = where[deal_id]
            good = verdict in good_verdicts
            who.rated += 1
            if good:
                who.good += 1
            elif verdict in q.MISTAKES:
                who.mistakes += verdict == "mistake"
                who.blunders += verdict == "blunder"
                who.errors.append((deal.finished_at, deal.id, index, q.MistakeRow(
                    deal.id, deal.student, deal.lesson, deal.game, index, action, best, verdict, cost,
                    deal.finished_at, deal.review_link)))
            move = (deal, index, action, best)
            for places in scopes:
                at = places.get(position)
                if at is None:
                    at = places[position] = Position(index, deal.code)
                at.students.add(deal.student)
                at.moves.append(move)
                if good:
                    at.good += 1
                if index < at.index:
                    at.index = index
                if deal.code < at.code:
                    at.code = deal.code
        for deal_id, rule, count in refusals:
            if deal_id not in where:
                continue
            deal = where[deal_id][0]
            n, who_ = self.refused[deal.game].get(rule, (0, set()))
            self.refused[deal.game][rule] = (n + int(count), who_ | {deal.student})

    # ---- what the page shows (each as its query in widgets.records.queries gives it) ----
    def last_recorded(self) -> tuple[int, datetime | None]:
        return len(self.deals), max((d.recorded_at for d in self.deals.values()), default=None)

    def student_rows(self) -> list[q.StudentSummary]:
        return [q.StudentSummary(name, s.deals, s.good / s.rated if s.rated else None, s.mistakes, s.blunders, s.last)
                for name, s in sorted(self.students.items())]

    def class_accuracy(self) -> dict[str, list[tuple[datetime, float]]]:
        return {name: [(when, acc) for when, _, acc in sorted(s.accuracy)]
                for name, s in self.students.items() if s.accuracy}

    def class_mistakes(self) -> dict[str, list[q.MistakeRow]]:
        return {name: [row for _, _, _, row in sorted(s.errors, key=lambda e: (e[0], e[1], -e[2]), reverse=True)]
                for name, s in self.students.items() if s.errors}

    def class_games(self) -> list[str]:
        return [game for game, _ in sorted(self.games.items(), key=lambda g: (-g[1], g[0]))]

    def refusals_by_rule(self, game: str) -> list[q.RuleCount]:
        rows = sorted(((rule, n, len(who)) for rule, (n, who) in self.refused.get(game, {}).items()),
                      key=lambda r: (-r[1], r[0]))
        return [q.RuleCount(rule, q.rule_words(game, rule), n, who) for rule, n, who in rows]

    def _links(self) -> dict[int, str]:
        return {i: d.review_link for i, d in self.deals.items()}

    def hardest_decisions(self, game: str, limit: int = 10, min_students: int = 2) -> list[q.MoveCounts]:
        positions = self.by_game.get(game, {})
        reached = sorted((p for p, at in positions.items() if len(at.students) >= min_students and at.accuracy < 1),
                         key=lambda p: (positions[p].accuracy, -len(positions[p].students), p))[:limit]
        links = self._links()
        return [positions[p].counts(p, links) for p in reached]

    def shared_deal_set_moves(self, set_id: int, limit: int, min_students: int = 2) \
            -> tuple[list[q.MoveCounts], int, int]:
        positions = self.by_set.get(set_id, {})

        def order(p: str) -> tuple[str, int, int, str]:
            at = positions[p]
            assert at.code is not None and at.index is not None
            return at.code, at.index, -len(at.students), p
        shared = sorted((p for p, at in positions.items() if len(at.students) >= min_students), key=order)
        links = self._links()
        return [positions[p].counts(p, links) for p in shared[:limit]], len(shared), len(positions)

    def deal_sets(self) -> list[q.DealSetRow]:
        return list(self._set_rows)

    def deal_set_progress(self, row: q.DealSetRow) -> list[q.SetProgress]:
        played = self.set_codes.get(row.id, {})
        return [q.set_progress(row.codes, row.deals, s, played.get(s, [])) for s in sorted(self.students)]


class ClassCounts(Protocol):
    """What the teacher's page asks of a class: :class:`ClassTally` (held and kept up to date) and
    :class:`ClassQueries` (the database asked each time) answer alike."""

    def last_recorded(self) -> tuple[int, datetime | None]: ...
    def student_rows(self) -> list[q.StudentSummary]: ...
    def class_accuracy(self) -> dict[str, list[tuple[datetime, float]]]: ...
    def class_mistakes(self) -> dict[str, list[q.MistakeRow]]: ...
    def class_games(self) -> list[str]: ...
    def refusals_by_rule(self, game: str) -> list[q.RuleCount]: ...
    def hardest_decisions(self, game: str, limit: int = 10, min_students: int = 2) -> list[q.MoveCounts]: ...
    def deal_sets(self) -> list[q.DealSetRow]: ...
    def shared_deal_set_moves(self, set_id: int, limit: int, min_students: int = 2) \
            -> tuple[list[q.MoveCounts], int, int]: ...
    def deal_set_progress(self, row: q.DealSetRow) -> list[q.SetProgress]: ...


class ClassQueries:
    """A class's counts asked of the database each time (:mod:`widgets.records.queries`), in ``session``."""

    def __init__(self, session: Session, klass: str) -> None:
        self.session, self.klass = session, klass

    def last_recorded(self) -> tuple[int, datetime | None]:
        return q.last_recorded(self.session, self.klass)

    def student_rows(self) -> list[q.StudentSummary]:
        return q.students(self.session, self.klass)

    def class_accuracy(self) -> dict[str, list[tuple[datetime, float]]]:
        return q.class_accuracy(self.session, self.klass)

    def class_mistakes(self) -> dict[str, list[q.MistakeRow]]:
        return q.class_mistakes(self.session, self.klass)

    def class_games(self) -> list[str]:
        return q.class_games(self.session, self.klass)

    def refusals_by_rule(self, game: str) -> list[q.RuleCount]:
        return q.refusals_by_rule(self.session, self.klass, game)

    def hardest_decisions(self, game: str, limit: int = 10, min_students: int = 2) -> list[q.MoveCounts]:
        return q.hardest_decisions(self.session, self.klass, game, limit, min_students)

    def deal_sets(self) -> list[q.DealSetRow]:
        return q.deal_sets(self.session, self.klass)

    def shared_deal_set_moves(self, set_id: int, limit: int, min_students: int = 2) \
            -> tuple[list[q.MoveCounts], int, int]:
        return q.shared_deal_set_moves(self.session, self.klass, set_id, limit, min_students)

    def deal_set_progress(self, row: q.DealSetRow) -> list[q.SetProgress]:
        return q.deal_set_progress(self.session, self.klass, row.id)


__all__ = ["ClassCounts", "ClassQueries", "ClassTally", "DealFacts", "Position"]
