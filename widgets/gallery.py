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

The gallery has a page per language (issue 36 item 4): ``lessons/index.ipynb`` in English and
``lessons/pt/index.ipynb`` in Portuguese (on the static site ``index.html`` and ``pt/index.html``), each
linking to the other. A Portuguese tile links to the game's Portuguese lesson where there is one; else to
the English lesson, saying so, and to a Portuguese table of the game (``lessons/pt/mesa_<id>.ipynb``) where
there is one.
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
from engine.i18n import LANGUAGE_NAMES, N_, say

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


def players_text(cls: type[engine.Game], lang: str = "en") -> str:
    lo, hi = cls.min_players, cls.max_players
    if lo == hi:
        return words.count(lo, "player") if lang == "en" else say(lang, words.agreeing(lo, N_("{n} player"),
                                                                                       N_("{n} players")), n=lo)
    return say(lang, N_("{lo}–{hi} players"), lo=lo, hi=hi)


def voila_href(lesson: str) -> str:
    """A lesson's page beside the gallery in Voilà: "rummy" → ``rummy.ipynb``, "pt/jubileu" → ``pt/jubileu.ipynb``."""
    return f"{lesson}.ipynb"


def site_href(lesson: str) -> str:
    """A lesson's page from the static site's gallery (deploy/site/build.py writes ``lessons/<lesson>.html``)."""
    return f"lessons/{lesson}.html"


def voila_href_from(lang: str) -> Callable[[str], str]:
    """A lesson's page from the gallery of ``lang`` in Voilà (``lessons/pt/index.ipynb`` for Portuguese):
    "pt/relogio" → ``relogio.ipynb``, "rummy" → ``../rummy.ipynb``."""
    if lang == "en":
        return voila_href
    return lambda lesson: voila_href(lesson[len(lang) + 1:] if lesson.startswith(f"{lang}/") else f"../{lesson}")


def site_href_from(lang: str) -> Callable[[str], str]:
    """A lesson's page from the static site's gallery of ``lang`` (``pt/index.html`` for Portuguese)."""
    return site_href if lang == "en" else lambda lesson: "../" + site_href(lesson)


#: a game's Portuguese table for a learner whose lesson is still English: ``lessons/<lang>/mesa_<id>.ipynb``
TABLE_PAGE = {"pt": "mesa_{game}"}

#: the words of a gallery of another language than English (English: the tile's own words)
GALLERY_WORDS = {
    "learn": N_("Learn and play {name}"),
    "english_lesson": N_("The lesson, in English"),
    "english_note": N_("This game's lesson is still in English; its table can be played in Portuguese."),
    "english_only": N_("This game's lesson and table are still in English."),
    "soon": N_("Lesson coming soon"),
}


def language_switch(lang: str, ext: str = ".ipynb") -> str:
    """The links from the gallery of ``lang`` to the gallery of every other language, each named as it names
    itself: from English ``pt/index.ipynb``, back ``../index.ipynb`` (``ext`` ".html" on the static site)."""
    e = html.escape
    links = "".join(
        f'<a class="parlour-gallery-language" lang="{e(other)}" hreflang="{e(other)}" '
        f'href="{e(("index" if other == "en" else f"{other}/index") if lang == "en" else "../index")}{e(ext)}">'
        f'{e(name)}</a>' for other, name in LANGUAGE_NAMES.items() if other != lang and other in GALLERY_LANGUAGES)
    return f'<p class="parlour-gallery-languages">{links}</p>'


#: the languages the gallery has a page in
GALLERY_LANGUAGES = ("en", "pt")


def play_now(page: str, lang: str, title: str) -> str:
    """The "Play now" link to lesson ``page``: it opens at the game table; its spoken name says which game."""
    e = html.escape
    words = PLAY_NOW[lang]
    return (f'<a class="parlour-play-now" lang="{e(lang)}" href="{e(page + TABLE_FRAGMENT)}" '
            f'aria-label="{e(f"{words}: {title}")}">{e(words)}</a>')


def translated_tile(game_id: str, cls: type[engine.Game], lang: str, lessons: Path = LESSONS,
                    href: Callable[[str], str] | None = None) -> str:
    """A game's tile on the gallery of ``lang``: its lesson in that language, or the English lesson said to be
    English and the game's table in ``lang`` where it has one (``TABLE_PAGE``). ``href``: as the gallery's."""
    e = html.escape
    href = voila_href_from(lang) if href is None else href
    name = cls.name
    say_ = lambda key, **f: e(say(lang, GALLERY_WORDS[key], **f))  # noqa: E731
    own, table_page = f"{lang}/{game_id}", f"{lang}/{TABLE_PAGE[lang].format(game=game_id)}"
    note = ""
    if (lessons / f"{own}.ipynb").exists():
        links = (f'<a class="parlour-play" lang="{e(lang)}" href="{e(href(own))}">{say_("learn", name=name)}</a>'
                 + play_now(href(own), lang, name))
    elif (lessons / f"{game_id}.ipynb").exists():
        table = (lessons / f"{table_page}.ipynb").exists()
        links = (f'<a class="parlour-play parlour-english-lesson" href="{e(href(game_id))}">{say_("english_lesson")}'
                 "</a>" + play_now(href(table_page if table else game_id), lang, name))
        note = f'<p class="parlour-english-note">{say_("english_note" if table else "english_only")}</p>'
    else:
        links = f'<span class="parlour-soon">{say_("soon")}</span>'
    return (f'<div class="parlour-game" data-game="{e(game_id)}" lang="{e(lang)}"><h3>{e(name)}</h3>'
            f'<p class="parlour-players">{e(players_text(cls, lang))}</p><p>{e(say(lang, cls.blurb))}</p>'
            f'<p class="parlour-links">{links}</p>{note}</div>')


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
            # its lesson in that language, else its table in that language (TABLE_PAGE)
            pages = [f"{lang}/{game_id}"] + ([f"{lang}/{TABLE_PAGE[lang].format(game=game_id)}"]
                                              if lang in TABLE_PAGE else [])
            page = next((p for p in pages if (lessons / f"{p}.ipynb").exists()), None)
            if page is not None:
                title = f"{cls.name} ({lang_name})"
                links += (f'<a class="parlour-play" lang="{e(lang)}" href="{e(href(page))}">'
                          f'{e(title)}</a>' + play_now(href(page), lang, title))
    else:
        links = '<span class="parlour-soon">Lesson coming soon</span>'
    return (f'<div class="parlour-game" data-game="{e(game_id)}"><h3>{e(cls.name)}</h3>'
            f'<p class="parlour-players">{e(players_text(cls))}</p><p>{e(cls.blurb)}</p>'
            f'<p class="parlour-links">{links}</p></div>')


LAB_NOTE = ("<p class='parlour-lab-note'>The <b>Learn and play</b> links open a game's lesson as an app. "
            "The <b>Notebook in JupyterLab</b> links open the same lesson as a notebook, code and all.</p>")


def gallery_html(lessons: Path = LESSONS, lab: bool | None = None, href: Callable[[str], str] | None = None,
                 lang: str = "en") -> str:
    """Every game's tile, and (where the notebooks are offered) a line saying what the two links do; first the
    links to the gallery in its other languages. ``lang``: the gallery's language; ``href``: a lesson's address
    from its page (None: Voilà's, beside ``lessons/index.ipynb`` or ``lessons/<lang>/index.ipynb``); the other
    galleries' pages end as its lessons' do (".html" on the static site)."""
    href = voila_href_from(lang) if href is None else href
    ext = Path(href("index")).suffix
    if lang != "en":
        tiles = "".join(translated_tile(game_id, cls, lang, lessons, href) for game_id, cls in engine.GAMES.items())
        return f'{STYLE}{language_switch(lang, ext)}<div class="parlour-gallery" lang="{lang}">{tiles}</div>'
    if lab is None:
        lab = jupyterlab_serves_lessons()
    tiles = "".join(tile(game_id, cls, lessons, lab, href) for game_id, cls in engine.GAMES.items())
    return (f'{STYLE}{language_switch(lang, ext)}<div class="parlour-gallery">{tiles}</div>'
            + (LAB_NOTE if lab else ""))


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


def gallery(lang: str = "en") -> HTML:
    """The gallery page's tiles, in ``lang`` (the class record and the teacher's deals are English pages)."""
    if lang != "en":
        return HTML(gallery_html(lang=lang))
    return HTML(progress_link() + from_your_teacher() + gallery_html())
