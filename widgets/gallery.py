"""The gallery on lessons/index.ipynb: one tile per game in the engine's registry.

A game gets its links once ``lessons/<id>.ipynb`` exists, so adding a lesson is all it
takes to appear; a translation ``lessons/<lang>/<id>.ipynb`` (Jubileu's Portuguese lesson)
adds a link of its own beside it, named in its language. The app link is relative
(``<id>.ipynb``): it works under standalone Voilà (``/voila/render/``) and under the Jupyter
Server extension (``/voila/render/lessons/``). The "Notebook in JupyterLab" link is offered
only where JupyterLab serves the lessons (:func:`jupyterlab_serves_lessons`): standalone Voilà
(``./run app``) has no JupyterLab, and a link that answers 404 only confuses a learner.

Each lesson link has a "Play now" beside it: the same page at ``#table``, which opens at the lesson's
game table with the keyboard focus on its first move (the lesson's "Go to the table" link,
:class:`widgets.lesson.TableLink`, does the going).
"""

from __future__ import annotations

import html
import importlib.util
import os
from pathlib import Path
from typing import Callable, Mapping

from IPython.display import HTML

import engine
from engine import words
from engine.i18n import LANGUAGE_NAMES

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
#: what a lesson's address ends with to open at its game table (widgets/static/table_link.js goes there)
TABLE_FRAGMENT = "#table"
#: the link that does, in each lesson's language
PLAY_NOW = {"en": "Play now", "pt": "Jogar agora"}

STYLE = """<style>
.parlour-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem; margin: 1rem 0; }
.parlour-gallery .parlour-game { border: 1px solid #d0d7cf; border-radius: 10px; padding: 0.9rem 1.1rem;
  background: #f6faf5; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.parlour-gallery .parlour-game h3 { margin: 0 0 0.2rem 0; color: #1d5b32; }
.parlour-gallery .parlour-players { margin: 0 0 0.5rem 0; color: #5b6b5f; font-size: 0.9em; }
.parlour-gallery .parlour-links a, .parlour-gallery .parlour-soon { display: inline-block; margin: 0.2rem 0.8rem 0 0; }
.parlour-gallery .parlour-play { font-weight: bold; }
.parlour-gallery .parlour-play-now { padding: 0.1rem 0.7rem; border-radius: 999px; background: #1d5b32;
  color: #fff !important; font-weight: bold; text-decoration: none !important; }
.parlour-gallery .parlour-play-now:focus-visible { outline: 3px solid #e2a400; outline-offset: 2px; }
.parlour-gallery .parlour-soon { color: #7a857c; font-style: italic; }
</style>"""


def server_root() -> str:
    """The Jupyter server's root URL: Voilà passes it to the kernel; Binder sets the hub prefix."""
    return os.environ.get("VOILA_BASE_URL") or os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or "/"


def jupyterlab_serves_lessons(env: Mapping[str, str] = os.environ) -> bool:
    """Whether ``<server root>lab/tree/lessons/<id>.ipynb`` opens the notebook in JupyterLab here.

    Voilà tells its kernel the page's path (``SCRIPT_NAME``): inside a Jupyter server whose root
    holds lessons/ (Binder, the hub, ``jupyter lab``) the gallery is ``…/voila/render/lessons/…``;
    standalone Voilà serves lessons/ itself at ``/voila/render/…``, and its preheated kernels
    start before any page. A kernel Voilà did not start runs in Jupyter itself.
    """
    if importlib.util.find_spec("jupyterlab") is None:
        return False
    if "VOILA_BASE_URL" not in env and "VOILA_PREHEAT" not in env:
        return True
    return "/voila/render/lessons/" in env.get("SCRIPT_NAME", "")


def players_text(cls: type[engine.Game]) -> str:
    lo, hi = cls.min_players, cls.max_players
    if lo == hi:
        return words.count(lo, "player")
    return f"{lo}–{hi} players"


def voila_href(lesson: str) -> str:
    """A lesson's page beside the gallery in Voilà: "rummy" → ``rummy.ipynb``, "pt/jubileu" → ``pt/jubileu.ipynb``."""
    return f"{lesson}.ipynb"


def site_href(lesson: str) -> str:
    """A lesson's page from the static site's gallery (deploy/site/build.py writes ``lessons/<lesson>.html``)."""
    return f"lessons/{lesson}.html"


def play_now(page: str, lang: str, title: str) -> str:
    """The "Play now" link to lesson ``page``: it opens at the game table; its spoken name says which game."""
    e = html.escape
    words = PLAY_NOW[lang]
    return (f'<a class="parlour-play-now" lang="{e(lang)}" href="{e(page + TABLE_FRAGMENT)}" '
            f'aria-label="{e(f"{words}: {title}")}">{e(words)}</a>')


def tile(game_id: str, cls: type[engine.Game], lessons: Path = LESSONS, lab: bool | None = None,
         href: Callable[[str], str] = voila_href) -> str:
    """A game's tile; ``lab``: offer the notebook in JupyterLab (None: if JupyterLab serves it here);
    ``href``: a lesson's address from the gallery's page (the static site's pages are not Voilà's)."""
    e = html.escape
    if lab is None:
        lab = jupyterlab_serves_lessons()
    if (lessons / f"{game_id}.ipynb").exists():
        links = (f'<a class="parlour-play" href="{e(href(game_id))}">Learn and play {e(cls.name)}</a>'
                 + play_now(href(game_id), "en", cls.name))
        if lab:
            links += (f'<a class="parlour-lab" href="{e(server_root())}lab/tree/lessons/{e(game_id)}.ipynb"'
                      f' target="_blank">Notebook in JupyterLab</a>')
        for lang, lang_name in LANGUAGE_NAMES.items():
            if (lessons / lang / f"{game_id}.ipynb").exists():
                title = f"{cls.name} ({lang_name})"
                links += (f'<a class="parlour-play" lang="{e(lang)}" href="{e(href(f"{lang}/{game_id}"))}">'
                          f'{e(title)}</a>' + play_now(href(f"{lang}/{game_id}"), lang, title))
    else:
        links = '<span class="parlour-soon">Lesson coming soon</span>'
    return (f'<div class="parlour-game" data-game="{e(game_id)}"><h3>{e(cls.name)}</h3>'
            f'<p class="parlour-players">{e(players_text(cls))}</p><p>{e(cls.blurb)}</p>'
            f'<p class="parlour-links">{links}</p></div>')


LAB_NOTE = ("<p class='parlour-lab-note'>The <b>Learn and play</b> links open a game's lesson as an app. "
            "The <b>Notebook in JupyterLab</b> links open the same lesson as a notebook, code and all.</p>")


def gallery_html(lessons: Path = LESSONS, lab: bool | None = None, href: Callable[[str], str] = voila_href) -> str:
    """Every game's tile, and (where the notebooks are offered) a line saying what the two links do."""
    if lab is None:
        lab = jupyterlab_serves_lessons()
    tiles = "".join(tile(game_id, cls, lessons, lab, href) for game_id, cls in engine.GAMES.items())
    return f'{STYLE}<div class="parlour-gallery">{tiles}</div>' + (LAB_NOTE if lab else "")


def progress_link(env: Mapping[str, str] = os.environ) -> str:
    """Where the server records the class's play (a hub, ``./run app --class``): the link to the student's own
    "My class record" page (widgets/server/records_route.py; the puzzles' "My progress" is the browser's own);
    elsewhere nothing."""
    if not env.get("PARLOUR_RECORDS_URL"):
        return ""
    href = html.escape(f"{server_root()}parlour/progress")
    return (f'<p class="parlour-progress-link"><a href="{href}"><b>My class record</b></a>: what your teacher sees of '
            "your deals: your accuracy, your mistakes and the deals from your teacher.</p>")


def from_your_teacher(env: Mapping[str, str] = os.environ) -> str:
    """On the class's hub, the deal sets the teacher handed out ("From your teacher": what is done and what is
    left, a link to each deal): the service's page for the logged-in student (widgets/server/teacher_page.py), in
    a frame, as the gallery's kernel does not know who is looking. Only the class's shared Voilà (a service the hub
    runs) serves it; a student's own server (the per-student route) and ``./run app --class`` show nothing."""
    if not env.get("PARLOUR_CLASS") or not env.get("JUPYTERHUB_SERVICE_NAME"):
        return ""
    root = env.get("VOILA_BASE_URL") or env.get("JUPYTERHUB_SERVICE_PREFIX") or "/"  # as server_root() reads it
    src = html.escape(root.rstrip("/") + "/parlour/assigned")
    return (f'<iframe class="parlour-from-teacher" src="{src}" title="From your teacher" '
            'style="width: 100%; height: 8rem; border: 1px solid #d0d7cf; border-radius: 10px"></iframe>')


def gallery() -> HTML:
    return HTML(progress_link() + from_your_teacher() + gallery_html())
