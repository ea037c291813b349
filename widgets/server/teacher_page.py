"""The teacher's page on the hub (issue 35, items 3 and 4): how the class is doing, and deal sets to hand out.

Served by the class's Parlour service at ``<service>/parlour/teacher`` to hub users in the ``teachers`` group
(:mod:`.class_records`); anyone else gets 403 and a sentence. The page is written on the server from the record
store (then kept up to date deal by deal: widgets/records/tally.py), with a little script whose request to
``…/teacher/live`` the server holds until a deal is recorded (or a student came or went); it then reloads the
page, unless the teacher is typing in its form. Changes
(a new deal set, handing one out) are forms posted with the page's XSRF token: a request forged by another site
has none and is refused.

A student's "From your teacher" (``<service>/parlour/assigned``) is a small page the gallery shows in a frame:
the published sets with what that student has done and what is left, each deal a link that opens the lesson's
table at that deal and level. It reads the student's own rows only (:class:`widgets.records.StudentRecords`).

Words on these pages are for teachers and students: no option names, no code.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import threading
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import tornado.ioloop
import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from sqlalchemy.orm import Session

import engine
from engine import words
from engine.hints import LEVELS
from widgets.records import DealSetError, StudentRecords, Store, StoreUnavailable, TeacherRecords
from widgets.records import queries as q
from widgets.records.tally import ClassCounts, ClassQueries, ClassTally
from widgets.server.class_records import OpenPage, class_name, is_teacher, online, records_store
from widgets.server.page_identity import user_name

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
#: after a failed ask, the page asks again this much later
POLL_MS = 2000
#: the page's ask for news is held this long when nothing changes (a long poll: the answer leaves as soon as a deal
#: is recorded, so the page never waits out a polling period), and the server looks at the store this often meanwhile
LONG_POLL_S = 20.0
CHECK_EVERY_S = 0.25
#: how much of each list the page shows (a class of 30 × 40 deals has thousands of mistakes)
MISTAKES_SHOWN = 12
HARDEST_SHOWN = 8
MOVE_ROWS_SHOWN = 60
NOT_A_TEACHER = ("This page is for the class's teachers. If you teach this class, ask whoever runs the hub to add "
                 "you to its teachers.")
FRAME_POLICY = "frame-ancestors 'self'"

_CARD = re.compile(r"\b(10|[2-9TJQKA])([SHDC])\b")
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def move_words(action: str) -> str:
    """A move as the page writes it: cards with their suit's sign ("play 7S" → "play 7♠")."""
    return _CARD.sub(lambda m: m.group(1) + _SUITS[m.group(2)], action)


def game_name(game: str) -> str:
    rules = engine.GAMES.get(game)
    return rules.name if rules is not None else game


def lesson_name(lesson: str) -> str:
    """A lesson page as the teacher knows it: its game's name, or "the gallery"."""
    page = lesson.rsplit("/", 1)[-1]
    return "the gallery" if page == "index" else game_name(page)


def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def when(moment: datetime | None) -> str:
    return "–" if moment is None else moment.strftime("%d %b %H:%M")


def times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


# ---- what the page shows, read in one go --------------------------------------------------------------

@dataclass
class SetView:
    row: q.DealSetRow
    progress: list[q.SetProgress]
    moves: list[q.MoveCounts]  #: the first decisions several students reached (one student's, if none was)
    shared: int = 0  #: how many decisions several students reached
    total: int = 0  #: how many decisions the set's deals have had


@dataclass
class GameView:
    game: str
    refusals: list[q.RuleCount]
    hardest: list[q.MoveCounts]


@dataclass
class ClassView:
    students: list[q.StudentSummary]
    accuracy: dict[str, list[tuple[datetime, float]]]
    mistakes: dict[str, list[q.MistakeRow]]
    games: list[GameView]
    sets: list[SetView]
    deals: int
    last: datetime | None
    online: list[OpenPage] = field(default_factory=list)


def class_parts(counts: ClassCounts) -> ClassView:
    """Everything the page shows of a class, from its counts: the database's (:func:`read_class`) or the ones the
    server holds (:func:`class_view`)."""
    deals, last = counts.last_recorded()
    games = [GameView(g, counts.refusals_by_rule(g), counts.hardest_decisions(g, HARDEST_SHOWN))
             for g in counts.class_games()]
    sets = [set_view(counts, row) for row in reversed(counts.deal_sets())]
    return ClassView(counts.student_rows(), counts.class_accuracy(), counts.class_mistakes(), games, sets, deals, last)


def read_class(session: Session, klass: str) -> ClassView:
    """Everything the page shows of ``klass``, asked of the database (a class of 30 × 40 deals: a handful of
    queries, each counted by the database, never one a student)."""
    return class_parts(ClassQueries(session, klass))


def set_view(counts: ClassCounts, row: q.DealSetRow) -> SetView:
    moves, shared, total = counts.shared_deal_set_moves(row.id, MOVE_ROWS_SHOWN)
    if not moves and total:  # nobody's deal met another's yet: the first decisions, one student's each
        moves, shared, total = counts.shared_deal_set_moves(row.id, MOVE_ROWS_SHOWN, min_students=1)
    return SetView(row, counts.deal_set_progress(row), moves, shared, total)


#: each class's counts held by this server (:class:`ClassTally`), with the view last drawn from them and what it was
#: drawn from: a reload reads only the deals recorded since, and draws again only when there were some (or a deal
#: set changed)
_views: dict[tuple[str, str], tuple[ClassTally, Any, ClassView | None]] = {}
_views_lock = threading.Lock()


def class_view(store: Store, klass: str) -> ClassView:
    """The class's view: its held counts brought up to date with the deals recorded since the last look (all of
    them the first time), in one read. Re-reading the whole class at each refresh took 2-3 s on a busy machine."""
    key = (store.url, klass)
    with _views_lock:
        if key not in _views:
            _views[key] = (ClassTally(klass), None, None)
        tally = _views[key][0]
    with tally.lock:
        def read(session: Session) -> ClassView:
            tally.refresh(session)
            drawn_from = (tally.reads, len(tally.deals), tally.deal_sets())
            with _views_lock:
                kept = _views.get(key)
            if kept is not None and kept[0] is tally and kept[1] == drawn_from and kept[2] is not None:
                return kept[2]
            view = class_parts(tally)
            with _views_lock:
                if _views.get(key, (tally,))[0] is tally:
                    _views[key] = (tally, drawn_from, view)
            return view
        view = store.read(read)
    return ClassView(view.students, view.accuracy, view.mistakes, view.games, view.sets, view.deals, view.last)


def forget_views() -> None:
    with _views_lock:
        _views.clear()


def live_stamp(deals: int, last: datetime | None, pages: list[OpenPage]) -> str:
    """What changes when the page should be drawn again: a deal recorded, a student coming, going, moving on, or
    sitting down at a class table."""
    seen = ";".join(f"{p.student}@{p.lesson}@{p.table}" for p in sorted(pages, key=lambda p: (p.student, p.lesson)))
    return f"{deals}|{last.isoformat() if last else ''}|{seen}"


def table_words(where: dict[str, Any]) -> str:
    """Where a student sits, for the teacher: "class table K7MXR (Jabberwocky) with Ada, Zoe and 2 computer players"."""
    people = list(where["people"])
    bots = int(where["players"]) - len(people)
    who = people + ([words.count(bots, "computer player")] if bots > 0 else [])
    together = words.join(who)
    state = {"waiting": ", not started yet", "paused": ", paused", "ended": ", ended"}.get(str(where["status"]), "")
    return f"class table {where['code']} ({where['game']}{state}) with {together}"


def online_now(kernel_manager: Any, class_tables: Any) -> list[OpenPage]:
    """Each lesson page open now (:func:`online`), with the class table it sits at (the class table service knows
    which kernel holds which seat), so the teacher sees who plays alone and who at which table."""
    pages = []
    for kernel, page in online(kernel_manager):
        where = class_tables.where(kernel) if class_tables is not None else None
        pages.append(replace(page, table=table_words(where)) if where else page)
    return pages


# ---- the page's parts --------------------------------------------------------------------------------

STYLE = """<style>
body { font-family: system-ui, sans-serif; margin: 1.2rem 2rem; color: #1f2a22; }
h1 { color: #1d5b32; margin-bottom: .2rem; } h2 { color: #1d5b32; margin-top: 2rem; border-bottom: 1px solid #d0d7cf; }
table { border-collapse: collapse; margin: .5rem 0; } td, th { padding: .25rem .6rem; text-align: left;
  border-bottom: 1px solid #e4e9e3; vertical-align: middle; } th { background: #f1f6f0; }
.health { background: #fff4d6; border: 1px solid #e2a400; padding: .5rem .8rem; border-radius: 6px; }
.error { background: #fde2e2; border: 1px solid #c0392b; padding: .5rem .8rem; border-radius: 6px; }
.quiet { color: #5b6b5f; } .move { display: inline-block; margin: .1rem .2rem; padding: .1rem .45rem;
  border-radius: 4px; border: 1px solid #c9d6c8; white-space: nowrap; }
.move.hint { outline: 2px solid #1d5b32; font-weight: bold; } .done { color: #1d5b32; font-weight: bold; }
details { margin: .3rem 0; } summary { cursor: pointer; } form.set label { display: block; margin: .4rem 0; }
#new-results { position: fixed; top: .5rem; right: 1rem; background: #1d5b32; color: #fff; padding: .4rem .8rem;
  border-radius: 6px; }
</style>"""


def accuracy_plot(points: list[tuple[datetime, float]], width: int = 160, height: int = 36) -> str:
    """A small line of the student's accuracy, deal after deal (0% at the bottom, 100% at the top)."""
    if not points:
        return '<span class="quiet">no rated deal yet</span>'
    step = width / max(len(points) - 1, 1)
    xy = [(round(i * step, 1), round(height - 2 - acc * (height - 4), 1)) for i, (_, acc) in enumerate(points)]
    line = " ".join(f"{x},{y}" for x, y in xy)
    first, latest = percent(points[0][1]), percent(points[-1][1])
    label = f"Accuracy over {len(points)} deals: {first} at first, {latest} in the latest"
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="1.6"/>' for x, y in xy[-1:])
    return (f'<svg class="plot" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
            f'<title>{html.escape(label)}</title><rect width="{width}" height="{height}" fill="#f6faf5"/>'
            f'<line x1="0" x2="{width}" y1="{height / 2}" y2="{height / 2}" stroke="#d0d7cf" stroke-dasharray="2"/>'
            f'<polyline fill="none" stroke="#1d5b32" stroke-width="1.5" points="{line}"/>'
            f'<g fill="#1d5b32">{dots}</g></svg>')


class Page:
    """Writes the teacher's page; ``lessons``: the address lesson pages are under (``…/voila/render/``)."""

    def __init__(self, klass: str, lessons: str, here: str, xsrf: str) -> None:
        self.klass, self.lessons, self.here, self.xsrf = klass, lessons, here, xsrf

    def review_href(self, lesson: str, link: str) -> str:
        return f"{self.lessons}{lesson}.ipynb?{link}"

    def review(self, lesson: str, link: str, words: str = "open the review") -> str:
        if not link:
            return '<span class="quiet">(the match is too long for a review link)</span>'
        return f'<a class="review" target="_blank" href="{html.escape(self.review_href(lesson, link))}">{words}</a>'

    def write(self, view: ClassView, health: str | None, error: str | None = None, form: dict[str, str] | None = None,
              stamp: str = "") -> str:
        e = html.escape
        parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Your class: {e(self.klass)}"
                 f"</title>{STYLE}</head><body data-stamp='{e(stamp)}'>",
                 f"<h1>Your class: {e(self.klass)}</h1>",
                 f"<p class='quiet'>{words.count(view.deals, 'deal')} recorded. This page follows the class as it "
                 f"plays: it shows a deal within seconds of its end. <a href='{e(self.here)}/class.csv'>Download "
                 f"every deal as a spreadsheet (CSV)</a>.</p>",
                 f"<p class='health' id='health'{'' if health else ' hidden'}>{e(health or '')}</p>"]
        if error:
            parts.append(f"<p class='error' role='alert'>{e(error)}</p>")
        parts += [self.online(view.online), self.students(view), self.games(view.games), self.sets(view.sets, form),
                  self.script(), "</body></html>"]
        return "".join(parts)

    def online(self, pages: list[OpenPage]) -> str:
        e = html.escape
        if not pages:
            return "<h2>Online now</h2><p class='quiet' id='online'>Nobody has a lesson open.</p>"
        rows = "".join(f"<tr><td>{e(p.student)}</td><td>{e(lesson_name(p.lesson))}</td>"
                       f"<td>{e(p.table or 'alone, against the computer')}</td>"
                       f"<td>{time.strftime('%H:%M', time.localtime(p.opened))}</td></tr>" for p in pages)
        return (f"<h2>Online now</h2><table id='online'><tr><th>Student</th><th>Lesson</th><th>Playing</th>"
                f"<th>Opened at</th></tr>{rows}</table>")

    def students(self, view: ClassView) -> str:
        e = html.escape
        if not view.students:
            return "<h2>Students</h2><p class='quiet'>No student has finished a deal yet.</p>"
        rows = "".join(
            f"<tr data-student='{e(s.student)}'><td><a href='#student-{e(s.student)}'>{e(s.student)}</a></td>"
            f"<td>{s.deals}</td><td>{percent(s.accuracy)}</td><td>{s.mistakes}</td><td>{s.blunders}</td>"
            f"<td>{when(s.last_played)}</td><td>{accuracy_plot(view.accuracy.get(s.student, []))}</td></tr>"
            for s in view.students)
        table = (f"<table id='students'><tr><th>Student</th><th>Deals played</th><th>Accuracy</th><th>Mistakes</th>"
                 f"<th>Blunders</th><th>Last deal</th><th>Accuracy, deal after deal</th></tr>{rows}</table>")
        return "<h2>Students</h2>" + table + "".join(self.mistakes(s.student, view.mistakes.get(s.student, []))
                                                     for s in view.students)

    def mistakes(self, student: str, rows: list[q.MistakeRow]) -> str:
        e = html.escape
        blunders = sum(r.verdict == "blunder" for r in rows)
        said = f"{student}: {words.count(len(rows) - blunders, 'mistake')} and {words.count(blunders, 'blunder')}"
        if not rows:
            return f"<details id='student-{e(student)}'><summary>{e(student)}: no mistake yet</summary></details>"
        items = "".join(
            f"<li data-deal='{r.deal_id}' data-move='{r.index}'>{when(r.finished_at)}, {e(game_name(r.game))}, "
            f"the deal's move {r.index + 1} (counting everyone's): played <b>{e(move_words(r.action))}</b>, "
            f"the hint's choice was "
            f"<b>{e(move_words(r.best))}</b> (a {e(r.verdict)}, cost {r.cost:.1f}): "
            f"{self.review(r.lesson, r.review_link)}</li>" for r in rows[:MISTAKES_SHOWN])
        more = f"<p class='quiet'>and {len(rows) - MISTAKES_SHOWN} earlier.</p>" if len(rows) > MISTAKES_SHOWN else ""
        return (f"<details id='student-{e(student)}' class='mistakes'><summary>{e(said)}</summary>"
                f"<ol>{items}</ol>{more}</details>")

    def moves_cells(self, m: q.MoveCounts) -> str:
        """How many chose each move, shaded by the share of the students there; the hint's choice outlined."""
        e = html.escape
        cells = []
        for action, n in m.counts.items():
            share = n / max(m.students, 1)
            hint = " hint" if action == m.best else ""
            cells.append(f"<span class='move{hint}' style='background: rgba(29,91,50,{share * 0.55:.2f})' "
                         f"data-move='{e(action)}' data-count='{n}'>{e(move_words(action))}: {n}</span>")
        if m.best not in m.counts:
            cells.append(f"<span class='move hint' data-move='{e(m.best)}' data-count='0'>"
                         f"{e(move_words(m.best))}: 0</span>")
        return "".join(cells)

    def games(self, games: list[GameView]) -> str:
        e = html.escape
        if not games:
            return ""
        out = ["<h2>By game</h2>"]
        for g in games:
            out.append(f"<h3>{e(game_name(g.game))}</h3>")
            if g.refusals:
                out.append("<p>The rules the class trips over (moves the rules refused):</p><ul class='refusals'>"
                           + "".join(f"<li data-rule='{e(r.rule)}'>{e(r.text)}: {times(r.count)} "
                                     f"<span class='quiet'>({words.count(r.students, 'student')})</span></li>"
                                     for r in g.refusals)
                           + "</ul>")
            else:
                out.append("<p class='quiet'>No move of the class was refused.</p>")
            if g.hardest:
                rows = "".join(f"<tr><td>deal {e(m.code)}, move {m.index + 1}</td><td>{percent(m.accuracy)}</td>"
                               f"<td>{m.students}</td><td>{self.moves_cells(m)}</td>"
                               f"<td>{self.review(lesson_of(g.game), m.review_link, 'see it')}</td></tr>"
                               for m in g.hardest)
                out.append("<p>The decisions where the class's accuracy is lowest:</p><table class='hardest'><tr>"
                           "<th>Decision</th><th>Accuracy</th><th>Students</th><th>What they chose (the hint's "
                           f"choice outlined)</th><th></th></tr>{rows}</table>")
        return "".join(out)

    def sets(self, sets: list[SetView], form: dict[str, str] | None) -> str:
        return "<h2 id='sets'>Deal sets</h2>" + self.new_set_form(form or {}) + "".join(self.one_set(s) for s in sets)

    def new_set_form(self, form: dict[str, str]) -> str:
        e = html.escape
        games = "".join(f"<option value='{e(g)}'{' selected' if form.get('game') == g else ''}>{e(r.name)}</option>"
                        for g, r in engine.GAMES.items())
        levels = "".join(f"<option value='{lv}'{' selected' if form.get('level', 'medium') == lv else ''}>{lv}"
                         "</option>" for lv in LEVELS)
        return (f"<details{' open' if form else ''}><summary>Make a deal set</summary>"
                f"<form class='set' method='post' action='{e(self.here)}/sets'>"
                f"<input type='hidden' name='_xsrf' value='{e(self.xsrf)}'>"
                f"<label>Name <input name='name' value='{e(form.get('name', ''))}' maxlength='120'></label>"
                f"<label>Game <select name='game'>{games}</select></label>"
                f"<label>Deal codes, one a line (a code carries its players and settings), or the word "
                f"<i>random</i> <textarea name='codes' rows='4' cols='30'>{e(form.get('codes', ''))}</textarea>"
                f"</label><label>For random deals, how many <input name='deals' type='number' min='1' max='100' "
                f"value='{e(form.get('deals', '5'))}'></label>"
                f"<label>Bots <select name='level'>{levels}</select></label>"
                f"<label><input type='checkbox' name='publish' value='yes'{' checked' if form.get('publish') else ''}>"
                f" Hand it out to the class now</label><button type='submit'>Make the set</button></form></details>")

    def one_set(self, s: SetView) -> str:
        e = html.escape
        row = s.row
        size = words.count(len(row.codes), "deal") if row.codes else f"{words.count(row.deals, 'random deal')}"
        state = f"handed out {when(row.published_at)}" if row.published else "not handed out yet"
        button = "Take it back" if row.published else "Hand it out"
        toggle = (f"<form method='post' action='{e(self.here)}/sets/{row.id}' style='display:inline'>"
                  f"<input type='hidden' name='_xsrf' value='{e(self.xsrf)}'>"
                  f"<input type='hidden' name='publish' value='{'no' if row.published else 'yes'}'>"
                  f"<button type='submit'>{button}</button></form>")
        out = [f"<section class='deal-set' data-set='{row.id}'><h3>{e(row.name)}</h3><p>{e(game_name(row.game))}, "
               f"{size}, {e(row.level)} bots: {state}. {toggle}</p>"]
        if s.progress:
            if row.codes:
                head = "".join(f"<th>{e(c)}</th>" for c in row.codes)
                body = "".join(f"<tr data-student='{e(p.student)}'><td>{e(p.student)}</td>"
                               + "".join("<td class='done'>done</td>" if c in p.done else "<td></td>"
                                         for c in row.codes) + f"<td>{len(p.done)} of {p.deals}</td></tr>"
                               for p in s.progress)
            else:
                head, body = "", "".join(f"<tr data-student='{e(p.student)}'><td>{e(p.student)}</td>"
                                         f"<td>{min(p.played, p.deals)} of {p.deals}</td></tr>" for p in s.progress)
            out.append(f"<p>Who has done which:</p><table class='progress'><tr><th>Student</th>{head}"
                       f"<th>Done</th></tr>{body}</table>")
        if s.moves:
            rows = "".join(f"<tr data-position='{e(m.position)}'><td>{e(m.code)}</td><td>{m.index + 1}</td>"
                           f"<td>{m.students}</td><td><b>{e(move_words(m.best))}</b></td>"
                           f"<td>{self.moves_cells(m)}</td></tr>" for m in s.moves)
            alone = s.total - s.shared
            more = s.shared - len(s.moves)
            if more > 0:
                rows += f"<tr><td colspan='5' class='quiet'>and {words.count(more, 'later decision')}</td></tr>"
            out.append("<p>At each decision, how many students chose each move (darker: more of them), beside the "
                       "hint's choice:</p><table class='move-counts'><tr><th>Deal</th><th>Move (everyone's)</th>"
                       f"<th>Students</th><th>Hint's choice</th><th>What they chose</th></tr>{rows}</table>"
                       + (f"<p class='quiet'>Decisions one student alone reached: {alone}.</p>"
                          if alone > 0 else ""))
        return "".join(out) + "</section>"

    def script(self) -> str:
        """Asks for news and is answered as soon as there is some (:class:`TeacherLiveHandler` holds the ask while
        nothing changes); reloads, or (while the teacher types) says there is news. Asks again at once after an
        answer, 2 s after a failure. The ask carries the page's XSRF token: the hub's login takes a script's request
        with its cookie only so."""
        return (f"<p id='new-results' hidden>New results: <a href=''>show them</a></p><script>(function () {{"
                f"const live = {json.dumps(self.here + '/live')}; const token = {json.dumps(self.xsrf)};"
                "const stamp = document.body.dataset.stamp;"
                "let typing = false; document.addEventListener('input', () => { typing = true; });"
                "async function look() { let wait = " + str(POLL_MS) + "; try { const r = await fetch(live + "
                "'?stamp=' + encodeURIComponent(stamp), {credentials: 'same-origin', "
                "cache: 'no-store', headers: {'X-XSRFToken': token}}); if (r.ok) { const now = await r.json();"
                "wait = 50; const h = document.getElementById("
                "'health'); h.textContent = now.health; h.hidden = !now.health; if (now.stamp !== stamp) {"
                "if (typing) { document.getElementById('new-results').hidden = false; wait = " + str(POLL_MS)
                + "; } else { location.reload(); return; } } } } catch (e) {} setTimeout(look, wait); }"
                " setTimeout(look, 50); })();</script>")


def lesson_of(game: str) -> str:
    """The lesson that plays ``game`` (its own, when there is one)."""
    return game if (LESSONS / f"{game}.ipynb").exists() else "index"


def assigned_html(sets: list[tuple[q.DealSetRow, q.SetProgress]], lessons: str) -> str:
    """A student's "From your teacher": each set handed out, what is done and what is left, a link for each deal."""
    e = html.escape
    if not sets:
        body = "<p class='quiet'>Nothing from your teacher yet.</p>"
    else:
        items = []
        for row, p in sets:
            page = f"{lessons}{lesson_of(row.game)}.ipynb"
            if row.codes:
                left = "".join(f"<a target='_top' class='deal' href='{e(page)}?"
                               f"{e(urlencode({'deal': c, 'level': row.level, 'game': row.game}))}#table'>{e(c)}</a> "
                               for c in p.left)
                done = len(p.done)
            else:
                done = min(p.played, p.deals)
                left = (f"<a target='_top' class='deal' href='{e(page)}?"
                        f"{e(urlencode({'level': row.level, 'game': row.game}))}#table'>play a deal</a>"
                        if done < p.deals else "")
            status = (f"{done} of {p.deals} done" + (": all done!" if done >= p.deals else ", left: "))
            items.append(f"<li data-set='{row.id}'><b>{e(row.name)}</b> ({e(game_name(row.game))}, {e(row.level)} bots)"
                         f": {status}{left}</li>")
        body = f"<ul>{''.join(items)}</ul>"
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>From your teacher</title><style>"
            "body { font-family: system-ui, sans-serif; margin: .3rem; color: #1f2a22; } h2 { color: #1d5b32; "
            "margin: 0 0 .3rem 0; font-size: 1.1rem; } .quiet { color: #5b6b5f; } a.deal { margin-right: .5rem; }"
            "</style></head><body><h2>From your teacher</h2>" + body
            + "<p class='quiet'>Your teacher sees the deals you finish here.</p></body></html>")


# ---- the handlers ------------------------------------------------------------------------------------

class ParlourClassHandler(JupyterHandler):
    """What the teacher's page and "From your teacher" share: the store, the class, and errors in words;
    ``class_tables``: the server's class table service (who sits at which table), None where there is none."""

    def initialize(self, class_tables: Any = None) -> None:
        self.class_tables = class_tables

    @property
    def store(self) -> Store:
        store: Store | None = self.settings.get("parlour_records")
        return store if store is not None else records_store()

    @property
    def klass(self) -> str:
        return str(self.settings.get("parlour_class") or class_name())

    @property
    def lessons(self) -> str:
        return url_path_join(self.base_url, "voila/render").rstrip("/") + "/"

    @property
    def here(self) -> str:
        return url_path_join(self.base_url, "parlour/teacher")

    def teacher(self) -> str:
        """The teacher asking; anyone else is refused (403) with a sentence."""
        name = user_name(self)
        if name is None or not is_teacher(self.current_user):
            self.log.warning("Refusing the teacher's page to %s: not a teacher", name)
            raise tornado.web.HTTPError(403, NOT_A_TEACHER)
        return name

    async def page(self, error: str | None = None, form: dict[str, str] | None = None) -> str:
        """The page; the store is read in a thread, so the students' pages this server relays never wait for it."""
        store, klass = self.store, self.klass
        view = await tornado.ioloop.IOLoop.current().run_in_executor(None, lambda: class_view(store, klass))
        view.online = online_now(self.settings.get("kernel_manager"), self.class_tables)
        health = self.store.health()
        stamp = live_stamp(view.deals, view.last, view.online)
        return Page(self.klass, self.lessons, self.here, self.xsrf_token.decode()).write(
            view, None if health.ok else health.words(), error, form, stamp)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, tornado.web.HTTPError) and exc.log_message:
            said = exc.log_message % exc.args if exc.args else exc.log_message
        elif isinstance(exc, StoreUnavailable):
            said = str(exc)
        else:
            said = "Something went wrong on the server; the page may work again in a moment."
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        back = html.escape(self.lessons + "index.ipynb")
        self.finish(f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>Parlour</title>{STYLE}"
                    f"</head><body><p class='refused'>{html.escape(said)}</p><p><a href='{back}' target='_top'>"
                    "Back to the games</a></p></body></html>")

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Content-Security-Policy", FRAME_POLICY)
        self.set_header("Cache-Control", "no-store")


class TeacherPageHandler(ParlourClassHandler):
    @tornado.web.authenticated
    async def get(self) -> None:
        self.teacher()
        self.finish(await self.page())



class TeacherLiveHandler(ParlourClassHandler):
    """``{"stamp": …, "health": …}``: the page reloads when the stamp changes. Asked with the page's own stamp
    (``?stamp=…``) the answer is held until the stamp changes, the database stops or starts answering, or
    :data:`LONG_POLL_S` pass: the page learns of a deal within :data:`CHECK_EVERY_S` of its writing, instead of at
    its next ask (it asked every 2 s, and a deal recorded just after an ask was shown up to 6 s later on a busy
    machine). The store is asked in a thread (a small indexed count), so the students' pages this server relays
    never wait for it."""

    closed = False

    def on_connection_close(self) -> None:
        self.closed = True  # the page reloaded or went away: stop holding its ask

    async def look(self) -> dict[str, Any]:
        """The stamp now: the store read in a thread, the open pages here (the kernel manager is the loop's)."""
        store, klass = self.store, self.klass
        deals, last = await tornado.ioloop.IOLoop.current().run_in_executor(
            None, lambda: store.read(lambda s: q.last_recorded(s, klass)))
        pages = online_now(self.settings.get("kernel_manager"), self.class_tables)
        health = self.store.health()
        return {"stamp": live_stamp(deals, last, pages), "deals": deals, "health": "" if health.ok else health.words(),
                "trouble": [health.problem, len(health.refused)]}

    async def get(self) -> None:
        self.teacher()
        seen = self.get_argument("stamp", "")
        deadline = time.monotonic() + float(self.settings.get("parlour_long_poll", LONG_POLL_S))
        now = await self.look()
        trouble = now["trouble"]  # the database stops or starts answering, a record is refused: said at once (a
        # deal waiting a moment for the writer is not news)
        while seen and now["stamp"] == seen and now["trouble"] == trouble and time.monotonic() < deadline \
                and not self.closed:
            await asyncio.sleep(CHECK_EVERY_S)
            now = await self.look()
        if self.closed:
            return
        del now["trouble"]
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(now))


class TeacherCsvHandler(ParlourClassHandler):
    def get(self) -> None:
        self.teacher()
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        safe = re.sub(r"[^A-Za-z0-9_-]+", "-", self.klass).strip("-") or "class"
        self.set_header("Content-Disposition", f'attachment; filename="parlour-{safe}.csv"')
        self.finish(TeacherRecords(self.store, self.klass).export_csv())


class DealSetsHandler(ParlourClassHandler):
    """A new deal set from the page's form (the XSRF token checked first, by Jupyter's handler)."""

    async def post(self) -> None:
        teacher = self.teacher()
        form = {k: self.get_body_argument(k, "") for k in ("name", "game", "codes", "deals", "level", "publish")}
        words = form["codes"].split()
        random = [w.lower() for w in words] == ["random"]
        records = TeacherRecords(self.store, self.klass)
        try:
            deals = int(form["deals"]) if random and form["deals"].strip().isdigit() else None
            set_id = records.create_deal_set(teacher, form["name"], form["game"], "random" if random else words,
                                             form["level"] or "medium", None, deals)
        except DealSetError as exc:
            self.set_status(400)
            self.finish(await self.page(str(exc), form))
            return
        if form["publish"] == "yes":
            records.publish(set_id)
        forget_views()
        self.redirect(f"{self.here}#sets", status=303)


class DealSetHandler(ParlourClassHandler):
    """Hand a set out, or take it back."""

    def post(self, set_id: str) -> None:
        self.teacher()
        try:
            TeacherRecords(self.store, self.klass).publish(int(set_id), self.get_body_argument("publish", "") == "yes")
        except DealSetError as exc:
            raise tornado.web.HTTPError(404, str(exc)) from None
        forget_views()
        self.redirect(f"{self.here}#sets", status=303)


class AssignedHandler(ParlourClassHandler):
    """A student's "From your teacher", in the gallery's frame: their own progress and nothing else."""

    @tornado.web.authenticated
    def get(self) -> None:
        student = user_name(self)
        assert student is not None  # authenticated
        try:
            sets = StudentRecords(self.store, self.klass, student).deal_sets()
        except StoreUnavailable:
            sets = []
        self.finish(assigned_html(sets, self.lessons))


def teacher_handlers(base_url: str, class_tables: Any = None) -> list[tuple[str, type, dict[str, Any]]]:
    """The routes, under the service's ``base_url``; ``class_tables``: the server's class table service."""
    root = url_path_join(base_url, "parlour")
    seats = {"class_tables": class_tables}
    return [(root + "/teacher", TeacherPageHandler, seats), (root + "/teacher/live", TeacherLiveHandler, seats),
            (root + "/teacher/class.csv", TeacherCsvHandler, {}), (root + "/teacher/sets", DealSetsHandler, {}),
            (root + r"/teacher/sets/(\d+)", DealSetHandler, {}), (root + "/assigned", AssignedHandler, {})]


__all__ = ["AssignedHandler", "ClassView", "Page", "TeacherPageHandler", "accuracy_plot", "assigned_html",
           "class_parts", "class_view", "live_stamp", "move_words", "online_now", "read_class", "table_words",
           "teacher_handlers"]
