"""The teacher's page and "From your teacher" (widgets/server/teacher_page.py), their handlers served by tornado in
this process over a store on SQLite and on PostgreSQL: who may see it (a teacher of the hub's group; a student
gets 403 with a sentence; a request forged by another site or with a made-up login is refused), what it shows,
checked against the records themselves, and deal sets made, handed out and counted (issue 35, items 3 and 4)."""

from __future__ import annotations

import asyncio
import csv
import io
import re
import threading
from collections import Counter
from typing import Any, Iterator
from urllib.parse import parse_qs, urlparse

import pytest
import requests
import tornado.web
from jupyter_server.auth import IdentityProvider
from jupyterhub.singleuser.extension import JupyterHubUser

import engine
from tests.conftest import free_port
from tests.records.conftest import wait_for
from tests.records.games import played, record
from widgets.deal_code import table_code
from widgets.records import TeacherRecords
from widgets.server.teacher_page import (NOT_A_TEACHER, accuracy_plot, assigned_html, live_stamp, move_words,
                                         teacher_handlers)

CLASS = "class 3b"
#: the hub's logins: a session cookie's value -> the hub's account of the user (name and groups)
LOGINS = {"t-secret": {"name": "mrs_b", "groups": ["teachers"]}, "a-secret": {"name": "ada", "groups": []},
          "b-secret": {"name": "bea", "groups": []}, "c-secret": {"name": "cy", "groups": ["class-3b"]}}


class HubLogins(IdentityProvider):
    """The hub's identity as the service sees it: a session cookie the hub gave, and the hub's model of its user."""

    def get_user(self, handler: Any) -> Any:
        model = LOGINS.get(handler.get_cookie("hub-session") or "")
        return JupyterHubUser(dict(model)) if model else None


class Service:
    """The teacher's routes on a loopback port, in a thread of their own (as the class's Voilà serves them)."""

    def __init__(self, store) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/services/parlour/"
        ready = threading.Event()

        def serve() -> None:
            async def main() -> None:
                app = tornado.web.Application(
                    teacher_handlers("/services/parlour/"), base_url="/services/parlour/", xsrf_cookies=True,
                    cookie_secret="test", identity_provider=HubLogins(), login_url="/hub/login",
                    parlour_records=store, parlour_class=CLASS, allow_remote_access=True)
                self.server = app.listen(self.port, "127.0.0.1")
                self.loop = asyncio.get_running_loop()
                self.stop = asyncio.Event()
                ready.set()
                await self.stop.wait()
                self.server.stop()
            asyncio.run(main())

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        assert ready.wait(30)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)

    def login(self, cookie: str) -> requests.Session:
        session = requests.Session()
        session.cookies.set("hub-session", cookie)
        return session

    def xsrf(self, session: requests.Session) -> str:
        """The token the teacher's page carries in its forms (and sets as a cookie)."""
        page = session.get(self.url + "parlour/teacher", timeout=30)
        assert page.status_code == 200, page.text[-500:]
        return re.search(r"name='_xsrf' value='([^']+)'", page.text).group(1)


@pytest.fixture
def school(store) -> Iterator[tuple[Service, int, dict[str, list[Any]]]]:
    """Class 3b: a published set of two Jubilee deals; ada, bea and cy played its first deal (at bots of three
    levels, so they chose differently), ada a deal of her own; dee played in class 4c."""
    teacher = TeacherRecords(store, CLASS)
    game, _ = played("jubilee", 1)
    code = table_code(game.players, game.seed)
    set_id = teacher.create_deal_set("mrs_b", "Week 1", "jubilee", [code, table_code(game.players, 99)], "medium")
    teacher.publish(set_id)
    made = {"ada": [record("ada", level="easy", minutes=0, deal_set=set_id, refusals={"jubilee.values": 2}),
                    record("ada", seed=2, level="easy", minutes=30)],
            "bea": [record("bea", level="medium", minutes=5, deal_set=set_id, refusals={"jubilee.values": 1})],
            "cy": [record("cy", level="hard", minutes=10, deal_set=set_id)],
            "dee": [record("dee", level="easy", minutes=1, class_name="4c", refusals={"jubilee.values": 7})]}
    for student, records in made.items():
        for one in records:
            store.submit(one, student)
    assert store.flush(60)
    service = Service(store)
    try:
        yield service, set_id, made
    finally:
        service.close()


def test_only_a_teacher_sees_the_teachers_page(school, store):
    service, set_id, _ = school
    for route in ("parlour/teacher", "parlour/teacher/live", "parlour/teacher/class.csv"):
        for student in ("a-secret", "c-secret"):  # a student, and one in another hub group
            refused = service.login(student).get(service.url + route, timeout=30)
            assert refused.status_code == 403, (route, refused.status_code)
            assert NOT_A_TEACHER in refused.text.replace("&#x27;", "'") and "ada" not in refused.text
        made_up = service.login("forged").get(service.url + route, timeout=30, allow_redirects=False)
        assert made_up.status_code in (302, 403) and "ada" not in made_up.text  # no such login: not let in
    assert service.login("t-secret").get(service.url + "parlour/teacher", timeout=30).status_code == 200

    # a student cannot make or hand out a set, even with a good XSRF token of their own
    ada = service.login("a-secret")
    token = ada.get(service.url + "parlour/assigned", timeout=30).cookies.get("_xsrf") or ""
    assert ada.post(service.url + "parlour/teacher/sets", data={"_xsrf": token, "game": "jubilee", "codes": "random",
                                                              "deals": "3", "level": "easy"},
                    headers={"X-XSRFToken": token}, timeout=30).status_code == 403
    assert ada.post(service.url + f"parlour/teacher/sets/{set_id}", data={"_xsrf": token, "publish": "no"},
                    headers={"X-XSRFToken": token}, timeout=30).status_code == 403

    # a request forged by another site: the teacher's cookie goes with it, the page's token does not
    forged = service.login("t-secret").post(service.url + f"parlour/teacher/sets/{set_id}", data={"publish": "no"},
                                            timeout=30)
    assert forged.status_code == 403
    rows = TeacherRecords(store, CLASS).deal_sets()
    assert [r.published for r in rows] == [True] and len(rows) == 1  # nothing changed


def test_the_page_shows_the_class_as_recorded(school, store):
    service, set_id, made = school
    page = service.login("t-secret").get(service.url + "parlour/teacher", timeout=30).text
    mine = [r for s, rs in made.items() for r in rs if r.data["class_name"] == CLASS]
    # each student: deals, accuracy, their plot, their mistakes each with the review as the student saw it
    for student in ("ada", "bea", "cy"):
        records = [r for r in mine if r.student == student]
        decisions = [d for r in records for d in r.data["decisions"]]
        good = sum(d["verdict"] in ("best", "good") for d in decisions)
        row = re.search(rf"<tr data-student='{student}'>(.*?)</tr>", page).group(1)
        cells = re.findall(r"<td>(.*?)</td>", row)
        assert cells[1] == str(len(records)) and cells[2] == f"{round(100 * good / len(decisions))}%"
        assert "<svg class=\"plot\"" in row
        wrong = [(r, d) for r in records for d in r.data["decisions"] if d["verdict"] in ("mistake", "blunder")]
        section = re.search(rf"<details id='student-{student}'.*?</details>", page, re.S).group(0)
        assert len(re.findall(r"<li ", section)) == min(len(wrong), 12)
        for r, d in wrong[:3]:
            link = re.search(rf"<li data-deal='\d+' data-move='{d['index']}'>.*?href=\"([^\"]+)\"", section)
            assert link is not None
            href = link.group(1).replace("&amp;", "&")
            assert urlparse(href).path == "/services/parlour/voila/render/jubilee.ipynb"
            assert any(parse_qs(urlparse(href).query) == parse_qs(x.data["review_link"]) for x, _ in wrong)
    assert "dee" not in page  # another class's student
    # the rules the class trips over, in words, counted over the class only
    assert re.search(r"data-rule='jubilee.values'>[^<]*: 3 times", page), page[page.find("refusals"):][:400]
    words = engine.GAMES["jubilee"].rules["jubilee.values"].text
    assert words in page.replace("&#x27;", "'")
    # the set: who has done which, and at each decision how many chose each move beside the hint's choice
    table = re.search(r"<table class='progress'>.*?</table>", page, re.S).group(0)
    for student in ("ada", "bea", "cy"):
        assert re.search(rf"data-student='{student}'><td>{student}</td><td class='done'>done</td><td></td>"
                         r"<td>1 of 2</td>", table)
    first = min((d for r in mine if r.data["deal_set"] for d in r.data["decisions"]), key=lambda d: d["index"])
    counts = Counter(d["action"] for r in mine if r.data["deal_set"] for d in r.data["decisions"]
                     if d["position"] == first["position"])
    row = re.search(rf"<tr data-position='{re.escape(first['position'])}'>(.*?)</tr>", page).group(1)
    shown = {m: int(n) for m, n in re.findall(r"data-move='([^']+)' data-count='(\d+)'", row)}
    assert {m: n for m, n in shown.items() if n} == dict(counts)
    assert f"<b>{move_words(first['best'])}</b>" in row


def test_the_csv_and_the_live_stamp(school, store):
    service, _, made = school
    teacher = service.login("t-secret")
    got = teacher.get(service.url + "parlour/teacher/class.csv", timeout=30)
    assert got.status_code == 200 and got.headers["Content-Type"].startswith("text/csv")
    assert "attachment" in got.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(got.text)))
    assert sorted(r["student"] for r in rows) == ["ada", "ada", "bea", "cy"]

    before = teacher.get(service.url + "parlour/teacher/live", timeout=30).json()
    assert before["deals"] == 4 and before["health"] == ""
    store.submit(record("bea", seed=2, level="medium", minutes=40), "bea")  # a deal ends
    assert wait_for(lambda: teacher.get(service.url + "parlour/teacher/live", timeout=30).json()["stamp"]
                    != before["stamp"], 10)
    assert teacher.get(service.url + "parlour/teacher/live", timeout=30).json()["deals"] == 5


def test_the_pages_ask_for_news_is_answered_as_soon_as_a_deal_is_recorded(school, store, monkeypatch):
    """The page asks with its own stamp and the answer waits for news: it leaves when a deal is recorded, not at the
    page's next ask (it answered at once and the page asked again 2 s later, so a deal ending just after an ask was
    shown 6 s later on a busy machine); with no news it leaves after the long poll's time, with the same stamp."""
    import widgets.server.teacher_page as teacher_page

    service, _, _ = school
    teacher = service.login("t-secret")
    live = service.url + "parlour/teacher/live"
    stamp = teacher.get(live, timeout=30).json()["stamp"]
    answers: list[dict[str, Any]] = []
    asking = threading.Thread(target=lambda: answers.append(teacher.get(live, params={"stamp": stamp},
                                                                         timeout=60).json()))
    asking.start()
    asking.join(1.0)
    assert asking.is_alive() and not answers, "held while nothing changes"
    store.submit(record("bea", seed=2, level="medium", minutes=40), "bea")  # a deal ends
    asking.join(30)
    assert answers and answers[0]["stamp"] != stamp and answers[0]["deals"] == 5
    monkeypatch.setattr(teacher_page, "LONG_POLL_S", 0.5)
    again = teacher.get(live, params={"stamp": answers[0]["stamp"]}, timeout=30).json()
    assert again["stamp"] == answers[0]["stamp"], "no news: the same stamp, after the long poll's time"


def test_a_teacher_makes_a_set_and_hands_it_out(school, store):
    service, first_set, _ = school
    teacher = service.login("t-secret")
    token = service.xsrf(teacher)
    codes = [table_code(4, 501), table_code(4, 502)]
    made = teacher.post(service.url + "parlour/teacher/sets", timeout=30, data={
        "_xsrf": token, "name": "Week 2", "game": "jubilee", "codes": "\n".join(codes), "level": "easy"})
    assert made.status_code == 200 and "Week 2" in made.text  # after the redirect: the page with the set
    new = [r for r in TeacherRecords(store, CLASS).deal_sets() if r.name == "Week 2"][0]
    assert list(new.codes) == codes and new.level == "easy" and not new.published

    # not handed out: the students do not see it; handed out: they do, with links that open each deal
    ada = service.login("a-secret")
    assert "Week 2" not in ada.get(service.url + "parlour/assigned", timeout=30).text
    assert teacher.post(service.url + f"parlour/teacher/sets/{new.id}", data={"_xsrf": token, "publish": "yes"},
                        timeout=30).status_code == 200
    mine = ada.get(service.url + "parlour/assigned", timeout=30)
    assert mine.status_code == 200 and "From your teacher" in mine.text and "Week 2" in mine.text
    links = re.findall(r"href='([^']+)'", mine.text)
    for code in codes:
        wanted = {"deal": [code], "level": ["easy"], "game": ["jubilee"]}
        assert any(parse_qs(urlparse(h.replace("&amp;", "&")).query) == wanted for h in links), links
    week1 = re.search(rf"<li data-set='{first_set}'>.*?</li>", mine.text).group(0)
    assert "1 of 2 done" in week1  # ada's progress, her own only

    # a set the rules cannot make is refused in words, and the form keeps what was typed
    bad = teacher.post(service.url + "parlour/teacher/sets", timeout=30, data={
        "_xsrf": token, "name": "Oops", "game": "jubilee", "codes": "not-a-code", "level": "easy"})
    assert bad.status_code == 400 and "class='error'" in bad.text and "not-a-code" in bad.text


def test_a_deal_played_from_a_set_is_counted_in_it(store):
    """The table that plays a set's deal does not know the set: the store counts a deal in the newest published set
    of its class with its game, level and code; a "random" set, deals of its game and level after it was handed
    out, up to its number."""
    teacher = TeacherRecords(store, CLASS)
    game, _ = played("jubilee", 1)
    code = table_code(game.players, game.seed)
    coded = teacher.create_deal_set("mrs_b", "Coded", "jubilee", [code], "medium")
    teacher.publish(coded)
    store.submit(record("ada", minutes=0), "ada")  # finished 2 Nov 2026, level "medium", the set's code
    store.submit(record("bea", seed=2, minutes=0), "bea")  # another code: in no set (the random set is not out)
    assert store.flush(60)
    deals = {d.student: d for d in teacher.deals()}
    assert deals["ada"].deal_set == coded and deals["bea"].deal_set is None
    random_set = teacher.create_deal_set("mrs_b", "Any two", "jubilee", "random", "medium", deals=1)
    teacher.publish(random_set)
    later = record("bea", seed=3, minutes=60 * 24 * 365 * 2)  # after it was handed out
    store.submit(later, "bea")
    store.submit(record("bea", seed=4, minutes=60 * 24 * 365 * 2 + 5), "bea")  # beyond its one deal
    assert store.flush(60)
    sets = Counter(d.deal_set for d in teacher.deals("bea"))
    assert sets == Counter({None: 2, random_set: 1})


def test_the_pages_parts_in_words():
    assert move_words("play 7S") == "play 7♠" and move_words("play 10H") == "play 10♥"
    assert move_words("draw stock") == "draw stock"
    plot = accuracy_plot([(None, 0.5), (None, 1.0)])  # type: ignore[list-item]
    assert "Accuracy over 2 deals: 50% at first, 100% in the latest" in plot
    assert "no rated deal" in accuracy_plot([])
    assert live_stamp(3, None, []) != live_stamp(4, None, [])
    assert "Nothing from your teacher yet." in assigned_html([], "/l/")


def test_the_pages_script_is_javascript(tmp_path):
    """The live refresh's script parses (a brace too few once left the page without it: it never refreshed)."""
    import shutil
    import subprocess

    from widgets.server.teacher_page import Page

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (./run hub installs it)")
    script = re.search(r"<script>(.*)</script>", Page("3b", "/l/", "/t", "x").script(), re.S).group(1)
    (tmp_path / "page.js").write_text(script)
    checked = subprocess.run([node, "--check", str(tmp_path / "page.js")], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr


def test_who_is_online_is_the_connected_pages_of_live_kernels():
    from widgets.server.class_records import note_page, online
    from widgets.server.teacher_page import Page

    class Kernels:
        def __init__(self) -> None:
            self.ids = ["k-ada", "k-bea", "k-gone"]
            self._kernel_connections = {"k-ada": 1, "k-bea": 0, "k-gone": 1}

        def list_kernel_ids(self) -> list[str]:
            return list(self.ids)

    kernels = Kernels()
    note_page("k-ada", "ada", "jubilee.ipynb")
    note_page("k-bea", "bea", "pt/jubileu.ipynb")  # opened, its browser not connected (yet, or any more)
    note_page("k-gone", "cy", "rummy.ipynb")
    kernels.ids.remove("k-gone")  # cy closed the page: the kernel is gone
    now = [p for _, p in online(kernels)]
    assert [(p.student, p.lesson) for p in now] == [("ada", "jubilee")]
    kernels._kernel_connections["k-bea"] = 1
    now = [p for _, p in online(kernels)]
    assert [(p.student, p.lesson) for p in now] == [("ada", "jubilee"), ("bea", "pt/jubileu")]
    shown = Page("3b", "/l/", "/t", "x").online(now)
    assert "<td>ada</td><td>Jubilee</td>" in shown and "<td>bea</td><td>Jubileu</td>" in shown


def test_from_your_teacher_is_on_the_shared_routes_gallery_only():
    """The class's Voilà (a service the hub runs) serves "From your teacher"; a student's own server (whose
    environment names the class too, for its records) and ./run app --class do not: no frame that answers 404."""
    from widgets.gallery import from_your_teacher

    shared = {"PARLOUR_CLASS": "3b", "JUPYTERHUB_SERVICE_NAME": "parlour",
              "JUPYTERHUB_SERVICE_PREFIX": "/services/parlour/"}
    own_server = {"PARLOUR_CLASS": "3b", "JUPYTERHUB_SERVICE_PREFIX": "/user/ada/", "JUPYTERHUB_USER": "ada"}
    assert 'src="/services/parlour/parlour/assigned"' in from_your_teacher(shared)
    assert from_your_teacher(own_server) == "" and from_your_teacher({"PARLOUR_CLASS": "3b"}) == ""


def test_the_page_redrawn_after_a_deal_reads_only_that_deal_and_shows_what_the_database_counts(school, store):
    """The page's reload after a deal is recorded (its live refresh) reads only the new deal into the counts the
    server holds (widgets/records/tally.py), and the page it draws is, byte for byte, the page drawn from the whole
    class read again from the database."""
    import widgets.server.teacher_page as teacher_page

    service, set_id, _ = school
    teacher = service.login("t-secret")
    assert "data-student='eve'" not in teacher.get(service.url + "parlour/teacher", timeout=30).text
    tally = teacher_page._views[(store.url, CLASS)][0]
    assert tally.reads == 1
    store.submit(record("eve", level="medium", minutes=40, deal_set=set_id, refusals={"turn.order": 2}), "eve")
    store.submit(record("ada", level="hard", minutes=41, deal_set=set_id), "ada")
    assert store.flush(30)
    page = teacher.get(service.url + "parlour/teacher", timeout=30).text
    assert tally.reads == 1 and len(tally.deals) == 6, "only the two new deals were read"
    xsrf = re.search(r"name='_xsrf' value='([^']+)'", page).group(1)
    view = store.read(lambda s: teacher_page.read_class(s, CLASS))
    drawn = teacher_page.Page(CLASS, "/services/parlour/voila/render/", "/services/parlour/parlour/teacher",
                              xsrf).write(view, None, stamp=live_stamp(view.deals, view.last, []))
    assert "<tr data-student='eve'>" in page and page == drawn


def test_the_page_counts_only_the_decisions_several_students_reached(school, store):
    """The set's table of move counts: the decisions at least two students reached (what every move's count at
    every position would be, read for those alone), and how many more there are."""
    from widgets.records import queries as q

    _, set_id, _ = school
    every = store.read(lambda s: q.deal_set_moves(s, CLASS, set_id))
    shared = [m for m in every if m.students >= 2]
    assert shared  # the set's first decision: all three met it
    moves, n_shared, total = store.read(lambda s: q.shared_deal_set_moves(s, CLASS, set_id, limit=1))
    assert moves == shared[:1] and n_shared == len(shared) and total == len(every)
    moves, _, _ = store.read(lambda s: q.shared_deal_set_moves(s, CLASS, set_id, limit=100))
    assert moves == shared
