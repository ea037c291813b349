"""Recording play end to end (issue 35 items 1 and 5): a kernel's finished deal reaches the server's store through
the server's routes (widgets/server/records_route.py), on SQLite and on PostgreSQL; a post from no kernel of the
server, for another student or another class, forged, huge or malformed is refused and nothing is stored; a server
records only on a hub or with ``--class``; and a student's "My class record" names nobody else.

The server here is the routes in an in-process tornado application on a loopback port, and the kernel's half is the
real :class:`~widgets.records.recorder.Sender` and :class:`DealRecorder` on a real :class:`TableSession`.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from typing import Any, Iterator

import pytest
import tornado.web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

import engine
from engine.hints import Bot
from engine.review import reviewed
from tests.conftest import free_port
from tests.records.games import play, played, record
from widgets.records import StudentRecords, TeacherRecords, record_from_game
from widgets.records.record import MAX_RECORD_BYTES
from widgets.records.recorder import (RECORDS_URL_ENV, DealRecorder, Sender, kernel_sender, kernel_token,
                                      record_deal)
from widgets.server.records_route import (CLASS_ENV, RecordService, announce_records, class_option, records_routes,
                                          records_service)
from widgets.deal_code import table_code
from widgets.session import TableSession

KEY = "test-save-key"
CLASS = "class 3b"


class Kernels:
    """What the routes ask of the kernel manager: which kernels run, and whose page each serves (a hub)."""

    per_user_kernels = True

    def __init__(self, owners: dict[str, str | None]) -> None:
        self.owners = owners

    def owner_of(self, kernel_id: str) -> str | None:
        return self.owners.get(kernel_id)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.owners


@pytest.fixture
def server(store, monkeypatch) -> Iterator[str]:
    """The record routes of a hub's server for CLASS, kernels k-ada and k-ada-2 serving ada (two computers) and k-bob
    bob; its base URL."""
    monkeypatch.setenv(RECORDS_URL_ENV, "unset")  # records_routes sets it: put back after the test
    kernels = Kernels({"k-ada": "ada", "k-ada-2": "ada", "k-bob": "bob", "k-pool": None})  # k-ada-2: ada elsewhere
    service = RecordService(CLASS, KEY, kernels.owner_of, kernels.__contains__, lambda: store)
    port, ready, holder = free_port(), threading.Event(), {}

    def run() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        announce_records("", port, "/base/", per_student=True)
        routes = records_routes("/base/", service)
        holder["http"] = HTTPServer(tornado.web.Application(routes))
        holder["http"].listen(port, "127.0.0.1")
        holder["loop"] = IOLoop.current()
        ready.set()
        holder["loop"].start()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    assert os.environ[RECORDS_URL_ENV] == f"http://127.0.0.1:{port}/base/parlour"
    try:
        yield os.environ[RECORDS_URL_ENV]
    finally:
        holder["loop"].add_callback(holder["loop"].stop)
        thread.join(10)


def post(url: str, body: Any, raw: bytes | None = None) -> tuple[int, dict[str, Any]]:
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def announce_huge(url: str) -> int:
    """The status a post announcing a body larger than any record gets (the body itself is never sent)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.putrequest("POST", parts.path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(MAX_RECORD_BYTES * 20))
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def from_kernel(kernel: str, **body: Any) -> dict[str, Any]:
    return {"kernel": kernel, "token": kernel_token(KEY, kernel), **body}


def test_a_kernel_records_its_students_finished_deal_with_its_review_and_refusals(server, store):
    """A table session played to its end: the deal is sent from the kernel's thread, the server stores it as the
    kernel's student's, with the table's own review of each decision and the rule that refused a move."""
    sender = Sender(server, "k-ada", kernel_token(KEY, "k-ada"))
    session = TableSession("jubilee", human=0, level="easy")
    recorder = session.recorder = DealRecorder(sender, "jubilee")
    session.put(session.new_game(3, 41, engine.GAMES["jubilee"].short_match), new_bots=True)
    me = Bot("jubilee", "easy", 7)
    sent: list[int] = []
    refused_once = False
    while not session.game.is_over:
        sent += recorder.sync(session.game, 0, "easy", table_code(3, session.game.seed), False, session.kept_review)
        assert session.my_turn()
        if not refused_once:
            with pytest.raises(engine.ParlourError):
                session.move("play XX")  # refused by the rules: counted for the deal's record
            refused_once = True
        session.move(me.choose(session.game.view(0)))
    code = table_code(3, session.game.seed)
    sent += recorder.sync(session.game, 0, "easy", code, False, session.kept_review)
    assert sent == [1]
    assert recorder.sync(session.game, 0, "easy", code, False, session.kept_review) == []  # sent once
    assert sender.wait(60) and sender.failed == [] and len(sender.sent) == 1
    assert store.flush(30)
    [deal] = StudentRecords(store, CLASS, "ada").deals()
    assert (deal.student, deal.lesson, deal.game, deal.level, deal.code) == ("ada", "jubilee", "jubilee", "easy", code)
    expected = engine.review(session.game, 0)
    assert deal.decisions == len(expected.entries) > 0
    assert deal.accuracy == pytest.approx(expected.accuracy)
    assert [r.rule for r in TeacherRecords(store, CLASS).refusals_by_rule("jubilee")] == ["jubilee.turn"]
    assert TeacherRecords(store, CLASS).deals(student="bob") == []


def test_a_deal_not_seen_being_played_here_is_not_sent(server):
    """A review link's replay, a game put on the table already over, or a look back: no record."""
    sender = Sender(server, "k-ada", kernel_token(KEY, "k-ada"))
    recorder = DealRecorder(sender, "jubilee")
    game, _review = played("jubilee", 3)
    assert recorder.sync(game, 0, "easy", None, False, None) == []  # over when first seen
    half = engine.new_game("jubilee", players=game.players, seed=game.seed, **game.options)
    for who, action in game.history[:len(game.history) // 2]:
        half.apply(action, who)
    assert recorder.sync(half, 0, "easy", None, True, None) == []  # a look back at a past position
    for who, action in game.history[len(game.history) // 2:]:
        half.apply(action, who)
    assert recorder.sync(half, 0, "easy", None, True, None) == []
    assert sender.wait(5) and sender.sent == [] and sender.failed == []


def test_every_deal_of_a_match_is_recorded_as_it_ends(server, store):
    game = play("kalooki", 12, players=3, stop_after_deal=2)
    assert game.progress()["deal"] == 3
    sender = Sender(server, "k-bob", kernel_token(KEY, "k-bob"))
    recorder = DealRecorder(sender, "kalooki")
    live = engine.new_game("kalooki", players=3, seed=game.seed, **game.options)
    unrated = reviewed("kalooki", 0, [], 0, [])  # the deals' reviews are not what this test is about

    def kept() -> Any:
        return lambda start, stop: unrated
    sent = []
    for who, action in game.history:
        sent += recorder.sync(live, 0, "medium", None, False, kept)
        live.apply(action, who)
    sent += recorder.sync(live, 0, "medium", None, False, kept)
    assert sent == [1, 2]
    assert sender.wait(120) and sender.failed == []
    assert store.flush(30)
    assert sorted(d.deal for d in StudentRecords(store, CLASS, "bob").deals()) == [1, 2]


def test_refused_posts_store_nothing(server, store):
    """No kernel of this server, a kernel no student opened, another student's record, another class's, one
    changed after it was built, a huge one, and malformed ones: each refused with its reason."""
    good = record("ada", class_name=CLASS).data
    url = server + "/record"
    assert post(server + "/who", from_kernel("k-ada")) == (200, {"student": "ada", "class": CLASS})

    status, answer = post(url, {"kernel": "k-ada", "token": kernel_token("another key", "k-ada"), "record": good})
    assert status == 403 and "not a kernel of this server" in answer["message"]
    assert post(url, from_kernel("k-gone", record=good))[0] == 403  # token right, kernel not running
    status, answer = post(url, from_kernel("k-pool", record=good))
    assert status == 403 and "No student" in answer["message"]
    status, answer = post(url, from_kernel("k-bob", record=good))
    assert status == 400 and "for the student 'ada', not for 'bob'" in answer["message"]
    status, answer = post(url, from_kernel("k-bob", record=record("李雷", class_name=CLASS).data))
    assert status == 400 and "for the student '李雷', not for 'bob'" in answer["message"]  # words beyond Latin-1
    status, answer = post(url, from_kernel("k-ada", record=record("ada", class_name="class 4c").data))
    assert status == 400 and "class 4c" in answer["message"]
    forged = {**good, "score": good["score"] + 50}
    status, answer = post(url, from_kernel("k-ada", record=forged))
    assert status == 400 and "check does not match" in answer["message"]
    assert announce_huge(url) == 413  # refused on its length, before a byte of it is read
    assert post(url, None, raw=b"not json")[0] == 400
    assert post(url, None, raw=b"[1, 2]")[0] == 400
    status, answer = post(url, from_kernel("k-ada", record={"format": 1}))
    assert status == 400 and "not one Parlour writes" in answer["message"]
    assert store.flush(10)
    assert TeacherRecords(store, CLASS).deals() == [] and store.health().refused == ()

    status, answer = post(url, from_kernel("k-ada", record=good))  # the same record, from its student's kernel
    assert status == 202 and answer["key"] == good["key"]
    assert store.flush(30)
    assert [d.student for d in TeacherRecords(store, CLASS).deals()] == ["ada"]


def test_record_deal_records_a_seated_person_of_a_shared_deal(store):
    """The one call the class table makes for each person seated at a finished shared deal."""
    game, review = played("jubilee", 4)
    key = record_deal(store, game, 0, "cleo", "jubilee", "medium", class_name=CLASS, review=review, table="T-ABC")
    assert store.flush(30)
    [deal] = StudentRecords(store, CLASS, "cleo").deals()
    assert deal.table == "T-ABC" and key == record_from_game(game, 0, "cleo", "jubilee", "medium", class_name=CLASS,
                                                             review=review, table="T-ABC").key


def test_a_server_records_only_on_a_hub_or_with_a_class(monkeypatch):
    monkeypatch.delenv(CLASS_ENV, raising=False)
    laptop = Kernels({"k1": None})
    laptop.per_user_kernels = False
    assert records_service(laptop, KEY) is None  # ./run app: nothing recorded
    assert class_option(["lessons", "--port=8866"]) == ["lessons", "--port=8866"]
    assert records_service(laptop, KEY) is None
    assert class_option(["lessons", "--class", "3b", "--port=8866"]) == ["lessons", "--port=8866"]
    service = records_service(laptop, KEY)
    assert service is not None and service.class_name == "3b" and service.student_of("k1", kernel_token(KEY, "k1"))
    monkeypatch.delenv(CLASS_ENV)
    assert class_option(["--class=4c"]) == [] and records_service(laptop, KEY).class_name == "4c"  # type: ignore
    with pytest.raises(SystemExit):
        class_option(["--class", ""])
    monkeypatch.delenv(CLASS_ENV)
    assert records_service(Kernels({}), KEY) is not None  # a hub always records its class
    monkeypatch.setenv(RECORDS_URL_ENV, "left over")
    announce_records("127.0.0.1", 8866, "/", per_student=False)
    assert RECORDS_URL_ENV not in os.environ  # the kernels of ./run app are told nothing: they record nothing
    announce_records("0.0.0.0", 8870, "/services/parlour/", per_student=True)
    assert os.environ[RECORDS_URL_ENV] == "http://127.0.0.1:8870/services/parlour/parlour"


def test_a_kernel_sends_only_when_its_server_records(monkeypatch):
    from widgets.table import deal_recorder

    monkeypatch.delenv(RECORDS_URL_ENV, raising=False)
    assert deal_recorder("jubilee", "en") is None
    assert kernel_sender({"PARLOUR_SAVE_KEY": KEY}, kernel_id="k1") is None
    sender = kernel_sender({RECORDS_URL_ENV: "http://127.0.0.1:1/parlour", "PARLOUR_SAVE_KEY": KEY}, kernel_id="k1")
    assert sender is not None and sender.token == kernel_token(KEY, "k1")


def test_my_progress_names_nobody_else(store):
    from widgets.records.progress_page import progress_page

    for minutes, seed in enumerate((1, 2, 3)):
        store.submit(record("ada", seed=seed, minutes=minutes, class_name=CLASS), "ada")
        store.submit(record("zebedee_rival", seed=seed, minutes=minutes, level="hard", class_name=CLASS),
                     "zebedee_rival")
    assert store.flush(30)
    mine = StudentRecords(store, CLASS, "ada")
    page = progress_page(mine, lambda lesson: f"/voila/render/{lesson}.ipynb", "/voila/render/index.ipynb")
    assert "zebedee" not in page
    assert "You have finished 3 deals." in page and "<svg" in page
    assert "you played play" not in page and "you played " in page  # a card by its name, not the move's code
    links = {m.review_link for m in mine.mistakes()}
    theirs = {d.review_link for d in StudentRecords(store, CLASS, "zebedee_rival").deals()}
    assert links and theirs and not links & theirs
    assert all(f"/voila/render/jubilee.ipynb?{link}".replace("&", "&amp;") in page for link in links)
    assert not any(link.replace("&", "&amp;") in page for link in theirs)  # no row of another student's


def test_the_gallery_offers_my_progress_only_where_play_is_recorded(monkeypatch):
    from widgets.gallery import progress_link

    monkeypatch.setenv("VOILA_BASE_URL", "/services/parlour/")
    assert progress_link({}) == ""  # ./run app, JupyterLab, the static site
    link = progress_link({RECORDS_URL_ENV: "http://127.0.0.1:8870/services/parlour/parlour"})
    assert 'href="/services/parlour/parlour/progress"' in link and "My class record" in link


def test_a_students_own_server_records_only_when_told_a_class(monkeypatch):
    """The hub's per-student route and a Kubernetes pod: the single-user server's extension adds the routes for
    the student it runs for (JUPYTERHUB_USER), only when the hub gives it a class."""
    from types import SimpleNamespace

    from widgets.server.single_user import _record_the_class

    added: list[Any] = []
    kernels = Kernels({"k1": None})
    kernels.per_user_kernels = False
    server_app = SimpleNamespace(ip="", port=9001, base_url="/user/ada/", kernel_manager=kernels,
                                 web_app=SimpleNamespace(add_handlers=lambda host, routes: added.extend(routes)))
    monkeypatch.delenv(CLASS_ENV, raising=False)
    monkeypatch.setenv(RECORDS_URL_ENV, "left over")
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("PARLOUR_SAVE_KEY", KEY)  # the hub hands every student's server its key
    _record_the_class(server_app)
    assert added == [] and os.environ[RECORDS_URL_ENV] == "left over"  # Binder, jupyter lab: nothing recorded
    monkeypatch.setenv(CLASS_ENV, "3b")
    _record_the_class(server_app)
    assert [route[0] for route in added] == ["/user/ada/parlour/who", "/user/ada/parlour/record",
                                             "/user/ada/parlour/puzzles", "/user/ada/parlour/progress"]
    service = added[0][2]["service"]
    assert service.class_name == "3b" and service.student_of("k1", kernel_token(KEY, "k1")) == "ada"
    assert os.environ[RECORDS_URL_ENV] == "http://127.0.0.1:9001/user/ada/parlour"


def test_a_lesson_table_on_a_recording_server_says_so_and_sends_each_deal_it_finishes(server, store, monkeypatch):
    """The table itself (widgets/table.py): on a server that records, its line says the teacher sees the deals,
    each deal played to its end on it is sent once, with the moves the rules refused."""
    import widgets.records.recorder as recorder
    from widgets.games.jubilee_table import JubileeTable

    monkeypatch.setenv("PARLOUR_SAVE_KEY", KEY)
    monkeypatch.setattr(recorder, "this_kernel_id", lambda: "k-ada")  # the page's kernel, as Voilà names it
    table = JubileeTable(players=3, seed=41, level="easy", bot_delay=0, match="single")
    assert "Your teacher sees the deals you finish here." in table.recorded_note.value
    me = Bot("jubilee", "easy", 7)
    assert not table.act("play XX")  # refused: counted for the deal's record
    while not table.game.is_over:
        assert table.act(me.choose(table.game.view(0)))
    table.refresh()  # drawn again: still one deal
    sender = table.recorder.sender
    assert sender.wait(60) and sender.failed == [] and len(sender.sent) == 1
    assert store.flush(30)
    [deal] = StudentRecords(store, CLASS, "ada").deals()
    assert (deal.lesson, deal.code, deal.level) == ("jubilee", table.code, "easy")
    assert [(r.rule, r.count) for r in TeacherRecords(store, CLASS).refusals_by_rule("jubilee")] == \
        [("jubilee.turn", 1)]

    monkeypatch.delenv(RECORDS_URL_ENV)  # a plain ./run app, JupyterLab, the static site
    quiet = JubileeTable(players=3, seed=41, bot_delay=0)
    assert quiet.recorder is None and quiet.recorded_note.value == ""


def test_asking_for_the_kernel_id_outside_a_kernel_leaves_the_widgets_comms_alone():
    """Outside a kernel (a script, a test, the static site's Python) there is no kernel id to ask for, and asking
    must not import ipykernel's app: that swaps the comm functions, and widgets made before could not be closed."""
    code = ("import comm, ipywidgets\n"
            "from widgets.records.recorder import this_kernel_id\n"
            "before = comm.create_comm\n"
            "label = ipywidgets.Label('made before')\n"
            "assert this_kernel_id() is None\n"
            "assert comm.create_comm is before, 'the comm functions were swapped'\n"
            "label.close()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
