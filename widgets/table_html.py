"""The shared table's panels drawn as HTML: pure functions of what they show, as ``chess.svg`` draws a board.

Each takes the words already in the table's language and returns a string; the table
(widgets/table.py) puts the strings into its widgets. No widget, no game: each is tested by
reading its output.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence


def esc(text: Any) -> str:
    return html.escape(str(text))


def help_html(text: str) -> str:
    """A line of small grey help under a control."""
    return f"<span class='parlour-setting-help'>{esc(text)}</span>"


def status_html(text_html: str) -> str:
    """The status line; screen readers announce it (turns, refusals, the result): the widget's box around it is
    the live region (static/focus_keeper.js), which stays while this text is replaced."""
    return f"<div>{text_html}</div>"


def seat_box_html(name: str, active: bool, body: str) -> str:
    """A player's box on the cloth, outlined while it is their turn."""
    return (f"<div class='parlour-seat{' parlour-seat--active' if active else ''}'>"
            f"<span class='parlour-seat-name'>{esc(name)}</span><div>{body}</div></div>")


def scores_html(heading: str, names: Sequence[str], scores: Sequence[int], current: int | None) -> str:
    """The scores panel's table, the player to move marked ▶."""
    rows = "".join(f"<tr><td>{'▶ ' if current == s else ''}{esc(n)}</td><td>{scores[s]}</td></tr>"
                   for s, n in enumerate(names))
    return f"<b>{esc(heading)}</b><table>{rows}</table>"


def history_html(names: Sequence[str], results: Sequence[tuple[str, Sequence[int]]], played: str) -> str:
    """One row of points per finished deal (``played``: "2 deals played"); "" before the first ends."""
    if not results:
        return ""
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    rows = "".join(f"<tr><td>{esc(label)}</td>{''.join(f'<td>{p:+d}</td>' for p in points)}</tr>"
                   for label, points in results)
    return (f"<div class='parlour-history' data-testid='history'><b>{esc(played)}</b>"
            f"<table><tr><th></th>{head}</tr>{rows}</table></div>")


def standings_html(names: Sequence[str], scores: Sequence[int], words: tuple[str, str], ordinal: Callable[[int], str],
                   lowest_wins: bool = False, shown: Callable[[int], str] = str) -> str:
    """"Game over." and the final standings, the winner first; tied players share a place.

    ``words``: ("Game over.", "Final standings:") in the table's language.
    """
    order = sorted(range(len(names)), key=lambda s: scores[s] if lowest_wins else -scores[s])
    beats = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
    table = "".join(f"<tr><td>{ordinal(1 + sum(beats(scores[o], scores[s]) for o in order))}</td>"
                    f"<td>{esc(names[s])}</td><td>{esc(shown(scores[s]))}</td></tr>" for s in order)
    return f"<b>{esc(words[0])}</b> {esc(words[1])}<table data-testid='standings'>{table}</table>"


def hint_html(headline: str, reason: str, headings: tuple[str, str | None, str],
              rows: Sequence[tuple[bool, str, str | None, str]], note: str) -> str:
    """The hint panel: its headline (the move and one fact, read at a glance), then behind "More" why,
    and a table of moves (chosen?, move, estimate or None, why).

    ``headings``: ("Move", the estimate's heading or None to leave its column out, "Why"); ``note``:
    HTML under the table. The detail shows when the panel has the class ``parlour-hint-open`` (the
    table's More button sets it).
    """
    move, score, why = headings
    score_th = f"<th>{esc(score)}</th>" if score is not None else ""
    body = "".join(f"<tr><td>{'▶ ' if chosen else ''}{esc(label)}</td>"
                   + (f"<td>{estimate}</td>" if estimate is not None else "") + f"<td>{esc(text)}</td></tr>"
                   for chosen, label, estimate, text in rows)
    return (f"<div class='parlour-panel parlour-hint' data-testid='hint'>"
            f"<b data-testid='hint-headline'>{esc(headline)}</b><div class='parlour-hint-detail'>"
            f"<p>{esc(reason)}</p><table><tr><th>{esc(move)}</th>{score_th}<th>{esc(why)}</th></tr>{body}"
            f"</table>{note}</div></div>")


def why_html(heading: str, line: str, rule_word: str, rule: str) -> str:
    """The Why? panel under the log: a log line and the rule that made it happen."""
    return f"<b>{esc(heading)}</b> “{esc(line)}” — {esc(rule_word)} {esc(rule)}"


def log_line_html(text: str) -> str:
    """One older line of the log."""
    return f"<div>{esc(text)}</div>"
