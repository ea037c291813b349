"""What a student sees instead of a spinner for ever: a full-page notice with a "Try again" button."""

from __future__ import annotations

import html


# What a student sees instead of a spinner for ever. Plain words: no traceback, no option names.
_PROBLEM_STYLE = (
    "position:fixed;inset:0;z-index:100000;display:flex;align-items:center;justify-content:center;"
    "background:rgba(255,255,255,.96);font:16px/1.5 system-ui,sans-serif;color:#222"
)


def problem_html(title: str, text: str) -> str:
    """A full-page notice with a "Try again" button that reloads the page."""
    return (
        f'<div class="parlour-server-problem" role="alert" style="{_PROBLEM_STYLE}">'
        '<div style="max-width:34em;padding:1.5em;border:1px solid #c33;border-radius:8px;background:#fff">'
        f'<h2 style="margin-top:0">{html.escape(title)}</h2><p>{html.escape(text)}</p>'
        '<button type="button" class="parlour-try-again" onclick="window.location.reload()" '
        'style="font-size:16px;padding:.5em 1.2em;min-height:44px">Try again</button>'
        "</div></div>"
        # Voilà streams the page inside a hidden container under a spinner: lift the notice out.
        "<script>(function(){var all=document.querySelectorAll('.parlour-server-problem');"
        "var n=all[all.length-1];document.body.appendChild(n);"
        "var s=document.getElementById('loading');if(s){s.style.display='none';}})();</script>"
    )


KERNEL_FAILED = problem_html(
    "The table could not start",
    "The server could not start the game for this page; it may be busy with many students at once. "
    "Press Try again in a moment.",
)


def server_full_html(limit: int) -> str:
    return problem_html(
        "The server is full",
        f"This server is already running {limit} tables, as many as it may. Close lesson tabs "
        "you no longer use (or ask your teacher), wait a minute, then press Try again.",
    )
