"""The gallery lists every registered game and links those whose lesson exists."""

from pathlib import Path

import engine
from widgets.gallery import gallery_html, players_text, tile

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def test_every_registered_game_has_a_tile():
    html = gallery_html()
    for game_id, cls in engine.GAMES.items():
        assert f'data-game="{game_id}"' in html and cls.name in html


def test_a_game_with_a_lesson_links_to_its_app_and_notebook():
    html = tile("jubilee", engine.GAMES["jubilee"], LESSONS)
    assert 'href="jubilee.ipynb"' in html and "lab/tree/lessons/jubilee.ipynb" in html
    assert "2–7 players" in html


def test_a_game_without_a_lesson_says_so(tmp_path):
    html = tile("jubilee", engine.GAMES["jubilee"], tmp_path)
    assert "Lesson coming soon" in html and "href" not in html


def test_server_root_follows_voila_and_binder(monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/user/ada/")
    assert 'href="/user/ada/lab/tree/lessons/jubilee.ipynb"' in tile("jubilee", engine.GAMES["jubilee"], LESSONS)


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
