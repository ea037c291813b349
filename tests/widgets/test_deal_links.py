"""Deal links (issue 13, item 2): ``?deal=4-K7QM3P&level=hard`` opens a lesson's play table on that deal."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from widgets import deal_link
from widgets.deal_link import DealLink, DealLinkError, read_deal_link
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.relogio_table import RelogioRealTable, RelogioTable
from widgets.table import read_table_code

PYTHON_WORDS = ("Traceback", "ValueError", "KeyError", "invalid literal")


@pytest.fixture
def open_page(monkeypatch):
    """``open_page(query)``: the next tables are built in a Voilà kernel whose request asked for ``query``."""
    def opened(query: str) -> None:
        monkeypatch.setenv("QUERY_STRING", query)
        deal_link.forget_page_link()
    yield opened
    deal_link.forget_page_link()


@pytest.mark.parametrize("query, link", [
    ("deal=4-K7QM3P&level=hard", DealLink("4-K7QM3P", "hard")),
    ("?deal=4-K7QM3P%2F01&level=easy&game=jabberwocky", DealLink("4-K7QM3P/01", "easy", "jabberwocky")),
    ("level=medium", DealLink(None, "medium")),
    ("voila-template=lab&utm_source=mail", DealLink()),  # others' parameters are left alone
    ("", DealLink()),
])
def test_good_links_are_read(query, link):
    assert read_deal_link(query) == link


@pytest.mark.parametrize("query, said", [
    ("level=impossible", "not a bot level: the levels are easy, medium, hard"),
    ("level=", "empty “level”"),
    ("deal=4-K7QM3P&deal=3-K7QM3P", "“deal” 2 times"),
    ("game=../../etc", "not a game of Parlour"),
    ("deal=" + "9" * 500, "too long"),
    ("&".join(f"x{i}=1" for i in range(30)), "too many parts"),
])
def test_bad_links_are_refused_in_words(query, said):
    with pytest.raises(DealLinkError, match=said.replace("(", r"\(")):
        read_deal_link(query)


def test_a_link_deals_its_code_players_settings_and_bot_level(open_page):
    open_page("deal=3-K7QM3P%2F0001&level=hard")
    table = JabberwockyTable(players=4, rounds="short", level="medium", bot_delay=0)
    assert table.code == "3-K7QM3P/0001" and table.players == 3
    assert table.seed == read_table_code("K7QM3P", 3).seed
    assert table.level_box.value == "hard" and all(b.level == "hard" for b in table.bots.values())
    assert table.link_notice.layout.display == "none"
    again = JabberwockyTable(players=4, bot_delay=0)  # the lesson's next table deals as written
    assert again.code != "3-K7QM3P/0001" and again.level_box.value == "medium"


def test_the_copy_link_carries_the_code_level_and_game_and_opens_the_same_table(open_page):
    table = JabberwockyTable(players=4, seed=5, rounds="short", level="easy", bot_delay=0)
    table.level_box.value = "hard"
    asked = parse_qs(table.copy_link.query)
    assert asked == {"deal": [table.code], "level": ["hard"], "game": ["jabberwocky"]}
    open_page(table.copy_link.query)
    same = JabberwockyTable(players=4, level="medium", bot_delay=0)
    defaults = same.rules_class.option_defaults()
    assert (same.code, same.seed) == (table.code, table.seed)
    assert {**defaults, **same.options} == {**defaults, **table.options}
    assert same.level_box.value == "hard"


def test_a_set_practice_deal_keeps_its_cards_and_a_link_waits_for_its_game(open_page):
    open_page("deal=1-K7QM3P&game=relogio_real")
    fixed = JabberwockyTable(players=4, seed=5, bot_delay=0)  # a practice deal: not the play table
    assert fixed.seed == 5
    other = RelogioTable()  # another game on the same page: the link is not for it
    assert other.link_notice.layout.display == "none" and not other.code.endswith("K7QM3P")
    real = RelogioRealTable()
    assert real.code == "1-K7QM3P" and real.link_notice.layout.display == "none"


@pytest.mark.parametrize("query, said", [
    ("deal=hello", "not a deal code"),
    ("deal=9-K7QM3P", "Jabberwocky is for 3 to 5 players, not 9"),
    ("deal=4-K7QM3P%2F9", "its codes carry 4 setting digits"),
    ("level=grandmaster", "not a bot level"),
    ("deal=%3Cb%3Ex%3C%2Fb%3E", "not a deal code"),
])
def test_a_bad_link_says_why_above_the_default_table(open_page, query, said):
    open_page(query)
    table = JabberwockyTable(players=4, rounds="short", level="medium", bot_delay=0)
    notice = table.link_notice.value
    assert table.link_notice.layout.display == "" and said in notice and "⚠" in notice, notice
    assert "The table deals as the lesson set it up" in notice and table.code in notice
    assert not any(word in notice for word in PYTHON_WORDS) and "<b>x</b>" not in notice
    assert table.players == 4 and table.level_box.value == "medium" and table.options["rounds"] == "short"
    assert "Your turn" in table.status.value or "thinking" in table.status.value


def test_the_copied_link_points_to_the_lesson_app_page_from_voila_and_jupyterlab(tmp_path):
    pages = ["http://127.0.0.1:8866/voila/render/jabberwocky.ipynb?deal=hello#cell",
             "http://localhost:8888/lab/tree/lessons/jabberwocky.ipynb",
             "http://hub.school/user/ana/lab/workspaces/auto-x/tree/lessons/rummy.ipynb",
             "http://hub.school/user/ana/notebooks/lessons/injun.ipynb"]
    assert links_for(tmp_path, pages) == [
        "http://127.0.0.1:8866/voila/render/jabberwocky.ipynb?deal=4-K7QM3P&level=hard",
        "http://localhost:8888/voila/render/lessons/jabberwocky.ipynb?deal=4-K7QM3P&level=hard",
        "http://hub.school/user/ana/voila/render/lessons/rummy.ipynb?deal=4-K7QM3P&level=hard",
        "http://hub.school/user/ana/voila/render/lessons/injun.ipynb?deal=4-K7QM3P&level=hard"]


def test_a_preheated_kernel_follows_the_address_the_browser_reports(open_page, monkeypatch):
    open_page("")  # Voilà ran the lesson before the request: no query string in the kernel
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    practice = JabberwockyTable(players=4, seed=5, bot_delay=0)
    table = JabberwockyTable(players=4, rounds="short", level="medium", bot_delay=0)
    before = table.code
    practice.copy_link._handle_custom_msg({"event": "page", "search": "?deal=3-K7QM3P%2F0001"}, [])
    assert practice.seed == 5  # a set practice deal keeps its cards
    table.copy_link._handle_custom_msg({"event": "page", "search": "?deal=3-K7QM3P%2F0001&level=hard"}, [])
    assert before != table.code == "3-K7QM3P/0001" and table.level_box.value == "hard"
    table.new_deal()
    table.copy_link._handle_custom_msg({"event": "page", "search": "?deal=3-K7QM3P%2F0001"}, [])
    assert table.code != "3-K7QM3P/0001"  # a page's link is followed once, not on every re-render


def test_python_in_the_browser_follows_the_address_the_browser_reports(open_page, monkeypatch):
    """The static site (Pyodide): no request reaches the kernel, so the page's address comes from the browser."""
    open_page("")
    monkeypatch.setattr(sys, "platform", "emscripten")
    table = JabberwockyTable(players=4, rounds="short", level="medium", bot_delay=0)
    search = ("?kernel=python&lesson=jabberwocky&code=import+parlour_site%3B+parlour_site.run%28%27jabberwocky%27%29"
              "&deal=3-K7QM3P%2F0001&level=hard")
    table.copy_link._handle_custom_msg({"event": "page", "search": search}, [])
    assert table.code == "3-K7QM3P/0001" and table.level_box.value == "hard"


def test_the_copied_link_on_the_static_site_opens_the_lesson_page(tmp_path):
    pages = ["https://school.github.io/parlour/repl/index.html?kernel=python&lesson=rummy&code=x&deal=old",
             "http://127.0.0.1:8000/repl/?kernel=python&lesson=pt%2Fjubileu&code=x"]
    assert links_for(tmp_path, pages) == [
        "https://school.github.io/parlour/lessons/rummy.html?deal=4-K7QM3P&level=hard",
        "http://127.0.0.1:8000/lessons/pt/jubileu.html?deal=4-K7QM3P&level=hard"]


def test_without_preheating_the_browser_report_changes_nothing(open_page):
    open_page("")
    table = JabberwockyTable(players=4, bot_delay=0)
    code = table.code
    table.copy_link._handle_custom_msg({"event": "page", "search": "?deal=3-K7QM3P"}, [])
    table.copy_link._handle_custom_msg({"event": "other", "search": 5}, [])
    assert table.code == code


def links_for(tmp_path: Path, pages: list[str]) -> list[str]:
    """What copy_link.js's address rule (run by Node.js) makes of each page address for one deal."""
    node = shutil.which("node")
    assert node, "Node.js runs the Copy link module's address rule"
    module = Path(deal_link.__file__).parent / "static" / "copy_link.js"
    (tmp_path / "copy_link.mjs").write_text(module.read_text())
    script = (f"import {{ linkFor }} from '{(tmp_path / 'copy_link.mjs').as_uri()}';\n"
              f"console.log(JSON.stringify({json.dumps(pages)}.map(p => linkFor(p, 'deal=4-K7QM3P&level=hard'))));")
    (tmp_path / "run.mjs").write_text(script)
    out = subprocess.run([node, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)
