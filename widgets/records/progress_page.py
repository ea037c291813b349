"""A student's "My progress" page: their accuracy over their last deals, their mistakes (each opening its
review), and the deal sets from their teacher, done and left.

Why a page of its own and built from :class:`StudentRecords` only: it is served to the logged-in student
(widgets/server/records_route.py), and nothing it reads can name another student: every row comes from
queries that name this student themselves.
"""

from __future__ import annotations

import html
from typing import Callable

import engine
from engine.words import count
from widgets.records.queries import MistakeRow
from widgets.records.views import StudentRecords

#: the deals the plot shows (the newest), and the mistakes listed
LAST_DEALS = 30
MISTAKES_SHOWN = 30
VERDICT_NAMES = {"mistake": "Mistake", "blunder": "Blunder"}

STYLE = """<style>
body { font-family: system-ui, sans-serif; color: #1f2a22; margin: 1.5rem auto; max-width: 48rem; padding: 0 1rem; }
h1 { color: #1d5b32; margin-bottom: 0.2rem; }
h2 { color: #1d5b32; margin-top: 1.6rem; }
.parlour-progress-plot { background: #f6faf5; border: 1px solid #d0d7cf; border-radius: 8px; }
.parlour-progress-plot polyline { fill: none; stroke: #1d5b32; stroke-width: 2; }
.parlour-progress-plot circle { fill: #1d5b32; }
.parlour-progress-plot text { font-size: 11px; fill: #5b6b5f; }
.parlour-progress-plot line { stroke: #d0d7cf; }
li { margin: 0.3rem 0; }
.parlour-muted { color: #5b6b5f; }
a:focus-visible { outline: 3px solid #e2a400; outline-offset: 2px; }
</style>"""


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def accuracy_plot(points: list[float], width: int = 480, height: int = 120) -> str:
    """A small line of accuracy (0 to 1) over the deals, oldest on the left, with its words for a screen reader."""
    if not points:
        return ""
    left, right, top, bottom = 34, 8, 8, 18
    inner_w, inner_h = width - left - right, height - top - bottom
    step = inner_w / max(1, len(points) - 1)
    xy = [(left + i * step if len(points) > 1 else left + inner_w / 2, top + inner_h * (1 - p))
          for i, p in enumerate(points)]
    words = (f"Accuracy over your last {len(points)} rated deals, oldest first: "
             + ", ".join(percent(p) for p in points) + ".")
    grid = "".join(f'<line x1="{left}" x2="{width - right}" y1="{top + inner_h * (1 - g):.1f}" '
                   f'y2="{top + inner_h * (1 - g):.1f}"/><text x="2" y="{top + inner_h * (1 - g) + 4:.1f}">'
                   f'{percent(g)}</text>' for g in (0.0, 0.5, 1.0))
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in xy)
    return (f'<svg class="parlour-progress-plot" role="img" aria-label="{html.escape(words)}" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}">{grid}<polyline points="{line}"/>{dots}'
            f'<text x="{left}" y="{height - 4}">oldest</text><text x="{width - right - 36}" y="{height - 4}">'
            f'newest</text></svg>')


def move_words(action: str) -> str:
    """A move as the table's log shows it: "play 6C" is the card, 6♣; other moves keep their words ("pass")."""
    verb, _, arg = action.partition(" ")
    if verb == "play" and arg:
        try:
            return str(engine.parse_card(arg).symbol)
        except (ValueError, KeyError):
            return action
    return action


def mistake_item(m: MistakeRow, lesson_href: Callable[[str], str], table: str | None = None) -> str:
    """One mistake; ``table``: the class table it was made at, whose deal is reviewed there, not by a link here (a
    review link carries the match's deal code, which would show a student the deals still to come at that table)."""
    e = html.escape
    game = engine.GAMES[m.game].name if m.game in engine.GAMES else m.game
    text = (f"{VERDICT_NAMES.get(m.verdict, m.verdict)} in {game}, {m.finished_at:%d %b %Y}: you played "
            f"{move_words(m.action)}; better was {move_words(m.best)} (cost {m.cost:.2f}).")
    if table:
        return f"<li>{e(text)} Played at class table {e(table)}: review it there, with Review this deal.</li>"
    link = (f' <a href="{e(lesson_href(m.lesson) + "?" + m.review_link)}">Open its review</a>'
            if m.review_link else "")
    return f"<li>{e(text)}{link}</li>"


def progress_page(mine: StudentRecords | None, lesson_href: Callable[[str], str] | None, gallery_href: str,
                  problem: str | None = None) -> str:
    """The whole page (``problem``: why the records cannot be read now, said instead)."""
    e = html.escape
    head = (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>My class record</title>{STYLE}</head>"
            f"<body><main><h1>My class record</h1><p class='parlour-muted'>Your teacher sees the deals you finish "
            f"here. <a href='{e(gallery_href)}'>Back to the games</a></p>")
    if mine is None or lesson_href is None:
        return head + f"<p role='alert'>{e(problem or 'Your record cannot be read now.')}</p></main></body></html>"
    accuracy = [a for _when, a, _game in mine.accuracy_over_time()][-LAST_DEALS:]
    deals = mine.deals()
    body = [f"<h2>Your accuracy</h2><p>You have finished {count(len(deals), 'deal')}."]
    if accuracy:
        last = "your rated deal" if len(accuracy) == 1 else f"your last {len(accuracy)} rated deals"
        body.append(f" Over {last} your moves were good or best {percent(sum(accuracy) / len(accuracy))} of the "
                    "time.</p>" + accuracy_plot(accuracy))
    else:
        body.append(" It has no rated decision yet.</p>" if len(deals) == 1 else
                    " None of them has a rated decision yet.</p>" if deals else "</p>")
    mistakes = mine.mistakes()
    tables = {d.id: d.table for d in deals if d.table}
    body.append("<h2>Your mistakes</h2>")
    if mistakes:
        body.append("<ul class='parlour-progress-mistakes'>"
                    + "".join(mistake_item(m, lesson_href, tables.get(m.deal_id)) for m in mistakes[:MISTAKES_SHOWN])
                    + "</ul>")
        if len(mistakes) > MISTAKES_SHOWN:
            body.append(f"<p class='parlour-muted'>The newest {MISTAKES_SHOWN} of {len(mistakes)}.</p>")
    else:
        body.append("<p>No mistakes or blunders recorded.</p>")
    sets = mine.deal_sets()
    body.append("<h2>From your teacher</h2>")
    if sets:
        items = []
        for row, done in sets:
            game = engine.GAMES[row.game].name if row.game in engine.GAMES else row.game
            played = len(done.done) if row.codes else min(done.played, row.deals)
            left = f" Left: {', '.join(done.left)}." if done.left else ""
            items.append(f"<li>{e(row.name)} ({e(game)}): {played} of {row.deals} done.{e(left)}</li>")
        body.append("<ul class='parlour-progress-sets'>" + "".join(items) + "</ul>")
    else:
        body.append("<p>Your teacher has not handed out any deals yet.</p>")
    return head + "".join(body) + "</main></body></html>"


__all__ = ["LAST_DEALS", "accuracy_plot", "progress_page"]
