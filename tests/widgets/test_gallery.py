"""The gallery lists every registered game and links those whose lesson exists."""

import json
import re
from pathlib import Path

import pytest

import engine
from widgets.gallery import (PLAY_NOW, TABLE_FRAGMENT, gallery_html, jupyterlab_serves_lessons, players_text, site_href,
                             tile, voila_href)

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_every_registered_game_has_a_tile():
    html = gallery_html()
    for game_id, cls in engine.GAMES.items():
        assert f'data-game="{game_id}"' in html and cls.name in html


def test_a_game_with_a_lesson_links_to_its_app_and_notebook():
    html = tile("jubilee", engine.GAMES["jubilee"], LESSONS, lab=True)
    assert 'href="jubilee.ipynb"' in html and "lab/tree/lessons/jubilee.ipynb" in html
    assert "2–7 players" in html


def test_a_game_without_a_lesson_says_so(tmp_path):
    html = tile("jubilee", engine.GAMES["jubilee"], tmp_path)
    assert "Lesson coming soon" in html and "href" not in html


def test_server_root_follows_voila_and_binder(monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/user/ada/")
    assert 'href="/user/ada/lab/tree/lessons/jubilee.ipynb"' in tile("jubilee", engine.GAMES["jubilee"], LESSONS,
                                                                      lab=True)


def test_player_counts_read_naturally():
    class Solo(engine.Game):
        min_players = max_players = 1
    assert players_text(Solo) == "1 player"
    assert players_text(engine.GAMES["jubilee"]) == "2–7 players"


def test_a_translated_lesson_is_offered_beside_the_english_one(tmp_path):
    """Issue 11: the gallery offers both Jubileu lessons; a translation sits in lessons/<lang>/."""
    html = tile("jubileu", engine.GAMES["jubileu"], LESSONS)
    assert 'href="jubileu.ipynb"' in html and 'href="pt/jubileu.ipynb"' in html and "Jubileu (Português)" in html
    (tmp_path / "jubileu.ipynb").write_text("{}")
    assert "pt/jubileu.ipynb" not in tile("jubileu", engine.GAMES["jubileu"], tmp_path)


# Voilà's kernel environment for the gallery page (SCRIPT_NAME is the page's path).
STANDALONE = {"VOILA_BASE_URL": "/", "SCRIPT_NAME": "/voila/render/index.ipynb"}  # ./run app
PREHEATED = {"VOILA_PREHEAT": "True", "VOILA_BASE_URL": "/"}  # a pool kernel of ./run app --pool
IN_LAB = {"VOILA_BASE_URL": "/", "SCRIPT_NAME": "/voila/render/lessons/index.ipynb"}  # Binder, the hub
HUB = {"VOILA_BASE_URL": "/user/ada/", "SCRIPT_NAME": "/user/ada/voila/render/lessons/index.ipynb"}


@pytest.mark.parametrize("env, served", [(STANDALONE, False), (PREHEATED, False), (IN_LAB, True), (HUB, True),
                                         ({}, True)])
def test_the_notebook_links_are_offered_only_where_jupyterlab_serves_them(env, served, monkeypatch):
    """Issue 19: under ./run app the "Notebook in JupyterLab" links answered 404."""
    for name in ("VOILA_BASE_URL", "VOILA_PREHEAT", "SCRIPT_NAME", "JUPYTERHUB_SERVICE_PREFIX"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert jupyterlab_serves_lessons() is served
    page = gallery_html()
    assert ("lab/tree/lessons/" in page) is served and ("JupyterLab" in page) is served
    assert 'href="jubilee.ipynb"' in page


def test_the_gallery_page_shows_no_command_or_code():
    """Its footer told learners about `./run app`; the page's Markdown and the gallery speak to learners."""
    cells = json.loads((LESSONS / "index.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    for lab in (False, True):
        text += re.sub(r"<style>.*?</style>|<[^>]+>", " ", gallery_html(LESSONS, lab=lab), flags=re.S)
    assert not re.search(r"\./run|`|\bpip\b|\bpython\b", text, re.I), text


def test_the_static_sites_gallery_links_to_the_pages_its_build_writes():
    """deploy/site/build.py writes lessons/<lesson>.html for every lessons/<lesson>.ipynb (pt/jubileu too)."""
    lessons = Path(__file__).resolve().parents[2] / "lessons"
    page = gallery_html(lab=False, href=site_href)
    links = set(re.findall(r'class="parlour-play"(?: lang="\w+")? href="([^"]+)"', page))
    written = {f"lessons/{p.relative_to(lessons).with_suffix('').as_posix()}.html"
               for p in lessons.rglob("*.ipynb") if p.name != "index.ipynb"}
    assert "lessons/rummy.html" in links and "lessons/pt/jubileu.html" in links
    assert links == written and ".ipynb" not in page and "lab/tree" not in page


@pytest.mark.parametrize("href", [voila_href, site_href], ids=["voila", "site"])
def test_every_lesson_link_has_a_play_now_beside_it(href):
    """Issues 31 and 38: "Play now" opens the lesson at its table (``#table``), one for each lesson link, in
    that lesson's language, named for its game to a screen reader; a new lesson gets one without asking."""
    page = gallery_html(LESSONS, lab=False, href=href)
    lessons = re.findall(r'<a class="parlour-play"(?: lang="(\w+)")? href="([^"]+)"', page)
    play_now = re.findall(r'<a class="parlour-play-now" lang="(\w+)" href="([^"]+)" aria-label="([^"]+)">([^<]+)</a>',
                          page)
    assert len(lessons) == len([p for p in LESSONS.rglob("*.ipynb") if p.name != "index.ipynb"])  # not a gallery
    assert [(lang or "en", f"{address}{TABLE_FRAGMENT}") for lang, address in lessons] == \
        [(lang, address) for lang, address, _name, _words in play_now]
    for lang, _address, name, words in play_now:
        assert words == PLAY_NOW[lang] and name.startswith(f"{words}: ")
    assert "Jogar agora: Jubileu (Português)" in page and "Play now: Rummy" in page
    for game_id, cls in engine.GAMES.items():
        card = tile(game_id, cls, LESSONS, lab=False, href=href)
        assert f'href="{href(game_id)}{TABLE_FRAGMENT}"' in card
