"""The class table's transport (widgets/server/class_table_handler.py) and a page's seat (widgets/class_seat.py),
over a real tornado server on loopback with the real class tables: no browser, no kernel.

Why here: who may connect, what each connection hears, and what a bad or flooding connection gets are the
transport's promises (issue 34); the tables' own rules are tests/class_table's.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, Awaitable, Callable

import pytest
import tornado.httpserver
import tornado.testing
import tornado.web
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

import engine
from engine.protocol import ParlourError
from widgets.class_table import ClassTables
from widgets.server.class_table_handler import (BURST, KERNEL_HEADER, MAX_MESSAGE_BYTES, PROOF_HEADER,
                                                ClassTableService, class_table_routes, kernel_proof, socket_url)

KEY = "test-save-key"
WAIT = 30.0  # a message that never comes fails the test instead of hanging it (never a time asserted)


class Client:
    """One kernel's connection, reading the server's messages into a list."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.heard: list[dict[str, Any]] = []
        self.closed = False

    def send(self, message: Any) -> None:
        self.connection.write_message(message if isinstance(message, str) else json.dumps(message))

    async def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first message (heard already, or coming) that ``wanted`` accepts; it is used up."""
        async def read() -> dict[str, Any]:
            while True:
                for i, message in enumerate(self.heard):
                    if wanted(message):
                        return self.heard.pop(i)
                text = await self.connection.read_message()
                if text is None:
                    self.closed = True
                    raise ConnectionError("the server closed the connection")
                self.heard.append(json.loads(text))
        return await asyncio.wait_for(read(), WAIT)

    async def state(self, wanted: Callable[[dict[str, Any]], bool] = lambda s: True) -> dict[str, Any]:
        return (await self.until(lambda m: m["op"] == "state" and wanted(m["state"])))["state"]

    async def gone(self) -> bool:
        """Whether the server closes this connection (messages before the close are read and kept)."""
        try:
            await self.until(lambda m: False)
        except ConnectionError:
            return True
        return False


def serve(scenario: Callable[[Callable[..., Awaitable[Client]], ClassTableService], Awaitable[None]], tmp_path: Any,
          *, owners: dict[str, str] | None = None, teachers: frozenset[str] = frozenset()) -> None:
    """Run ``scenario(connect, service)`` against a server on a free loopback port."""
    async def main() -> None:
        tables = ClassTables(tmp_path / "class-tables", bot_delay=0.05, call_delay=0.05)
        service = ClassTableService(tables, key=KEY, owner_of=None if owners is None else owners.get,
                                    teachers=teachers)
        app = tornado.web.Application(class_table_routes("/base/", service))
        sock, port = tornado.testing.bind_unused_port()
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets([sock])
        url = socket_url("127.0.0.1", port, "/base/")

        async def connect(kernel: str = "kernel-a", proof: str | None = None, **headers: str) -> Client:
            request = HTTPRequest(url, headers={KERNEL_HEADER: kernel, **headers,
                                                PROOF_HEADER: kernel_proof(KEY, kernel) if proof is None else proof})
            return Client(await websocket_connect(request))

        connect.url = url  # type: ignore[attr-defined]  # for a page's own link
        try:
            await scenario(connect, service)
        finally:
            service.stop()
            server.stop()
    asyncio.run(main())


async def seated(client: Client) -> dict[str, Any]:
    return await client.until(lambda m: m["op"] == "seat")


async def open_table(client: Client, players: int = 3) -> dict[str, Any]:
    client.send({"op": "open", "game": "jabberwocky", "players": players, "level": "easy", "name": "Ada",
                 "options": {"rounds": "short", "first_dealer": 0}})
    return await seated(client)


def test_only_a_kernel_of_this_server_may_connect(tmp_path) -> None:
    async def scenario(connect, service) -> None:
        for proof in ("", "0" * 64, kernel_proof("another key", "kernel-a")):
            with pytest.raises(HTTPClientError) as refused:
                await connect("kernel-a", proof)
            assert refused.value.code == 403
        await connect("kernel-a")  # its own proof: let in
    serve(scenario, tmp_path)


def test_a_page_in_a_browser_may_not_connect(tmp_path) -> None:
    """A script on any page could open a WebSocket to the server; a browser says where it comes from, and is
    refused even with a kernel's proof (a kernel sends no Origin)."""
    async def scenario(connect, service) -> None:
        with pytest.raises(HTTPClientError) as refused:
            await connect("kernel-a", Origin="http://127.0.0.1")
        assert refused.value.code == 403
    serve(scenario, tmp_path)


def test_each_seat_hears_its_own_state_and_moves_reach_the_others(tmp_path) -> None:
    async def scenario(connect, service) -> None:
        ada, ben = await connect("kernel-a"), await connect("kernel-b")
        host = await open_table(ada)
        assert host["seat"] == 0 and host["teacher"]  # one laptop: the host has the teacher's controls
        assert (await ada.state())["status"] == "waiting"
        ben.send({"op": "join", "code": host["code"].lower(), "name": "Ben"})
        joined = await seated(ben)
        assert joined["seat"] == 1 and not joined["teacher"] and joined["token"] != host["token"]
        ada.send({"op": "send", "message": {"type": "start"}})
        first = await ben.state(lambda s: s["status"] == "playing" and bool(s["legal"]))  # Ben bids first
        assert first["names"][1] == "You" and "views" not in first
        assert first["view"]["hand"] and all(isinstance(card, str) for card in first["view"]["hand"])
        teacher = await ada.state(lambda s: s["status"] == "playing")
        assert len(teacher["views"]) == 3 and teacher["view"] == teacher["views"][0]
        ada.send({"op": "send", "message": {"type": "move", "action": "bid 0"}})  # not Ada's turn
        refused = await ada.until(lambda m: m["op"] == "refused")
        assert refused["about"] == "send" and "turn" in refused["text"].lower()
        ben.send({"op": "send", "message": {"type": "move", "action": first["legal"][0]}})
        heard = await ada.state(lambda s: s["view"]["bids"][1] is not None)
        assert heard["view"]["bids"][1] == int(first["legal"][0].split()[1])
    serve(scenario, tmp_path)


def test_the_bots_are_paced_by_the_server(tmp_path) -> None:
    """One person and two bots: after Start the bots bid on their own, and the person's turn comes."""
    async def scenario(connect, service) -> None:
        ada = await connect()
        await open_table(ada)
        ada.send({"op": "send", "message": {"type": "start"}})
        mine = await ada.state(lambda s: bool(s["legal"]))
        assert mine["view"]["bids"][1] is not None and mine["view"]["bids"][2] is not None  # the dealer bids last
    serve(scenario, tmp_path)


@pytest.mark.parametrize("message, words", [
    ("not json", "not one the class table understands"),
    (json.dumps(["open"]), "not one the class table understands"),
    (json.dumps({"op": "shuffle"}), "not one the class table understands"),
    (json.dumps({"op": "send", "message": {"type": "start"}}), "Take a seat first"),
    (json.dumps({"op": "join", "code": "ZZZZZ", "name": "Eve"}), "no table"),
    (json.dumps({"op": "rejoin", "token": "forged-token"}), "not one this server gave out"),
    (json.dumps({"op": "open", "game": "relogio", "players": 1, "level": "easy", "name": "Eve"}), "played alone"),
    (json.dumps({"op": "open", "game": "jabberwocky", "players": "four", "level": "easy", "name": "Eve"}),
     "not a number"),
])
def test_a_bad_request_gets_words_and_the_connection_goes_on(tmp_path, message: str, words: str) -> None:
    async def scenario(connect, service) -> None:
        eve = await connect()
        eve.send(message)
        refused = await eve.until(lambda m: m["op"] == "refused")
        assert words.lower() in refused["text"].lower()
        await open_table(eve)  # the same connection still takes a seat
    serve(scenario, tmp_path)


def test_a_huge_message_closes_only_its_connection(tmp_path) -> None:
    async def scenario(connect, service) -> None:
        ada, eve = await connect("kernel-a"), await connect("kernel-e")
        host = await open_table(ada)
        eve.send(json.dumps({"op": "join", "code": host["code"], "name": "x" * MAX_MESSAGE_BYTES}))
        assert await eve.gone()
        ada.send({"op": "send", "message": {"type": "start"}})
        assert (await ada.state(lambda s: s["status"] == "playing"))["seat"] == 0
    serve(scenario, tmp_path)


def test_a_flooding_connection_is_cut_off_and_the_others_play_on(tmp_path) -> None:
    async def scenario(connect, service) -> None:
        ada, eve = await connect("kernel-a"), await connect("kernel-e")
        host = await open_table(ada)
        for _ in range(BURST + 10):
            eve.send({"op": "join", "code": "ZZZZZ", "name": "Eve"})
        assert await eve.gone()
        assert sum(m["op"] == "refused" for m in eve.heard) <= BURST  # answered until cut off, then nothing
        ada.send({"op": "send", "message": {"type": "start"}})
        assert (await ada.state(lambda s: s["status"] == "playing"))["code"] == host["code"]
    serve(scenario, tmp_path)


def test_on_a_hub_a_seat_is_its_students_and_teachers_are_named(tmp_path) -> None:
    owners = {"kernel-ann": "ann", "kernel-bob": "bob", "kernel-tess": "tess"}

    async def scenario(connect, service) -> None:
        with pytest.raises(HTTPClientError) as refused:
            await connect("kernel-nobody")  # a kernel the hub's manager never started for a student
        assert refused.value.code == 403
        ann, bob, tess = await connect("kernel-ann"), await connect("kernel-bob"), await connect("kernel-tess")
        ann.send({"op": "open", "game": "jabberwocky", "players": 3, "level": "easy", "name": ""})
        seat = await seated(ann)
        assert not seat["teacher"]  # a student's table: the host starts and ends it, nothing more
        assert (await ann.state())["names"][0] == "You"
        bob.send({"op": "rejoin", "token": seat["token"]})  # Ann's token, sent by Bob's kernel
        assert "another person" in (await bob.until(lambda m: m["op"] == "refused"))["text"]
        tess.send({"op": "open", "game": "jabberwocky", "players": 4, "level": "easy", "name": "Ms T"})
        assert (await seated(tess))["teacher"]
    serve(scenario, tmp_path, owners=owners, teachers=frozenset({"tess"}))


def test_the_teachers_page_says_who_sits_at_which_class_table(tmp_path) -> None:
    """Online now (issue 35): each student's open lesson, alone or at which class table (its code, game, who sits
    there); a page whose seat's connection closes plays alone again."""
    from widgets.server.class_records import note_page
    from widgets.server.teacher_page import Page, online_now

    owners = {"kernel-ct-ann": "ann", "kernel-ct-bob": "bob", "kernel-ct-cy": "cy"}

    class Kernels:  # the hub's kernel manager, as "online now" reads it: every page's browser connected
        _kernel_connections = dict.fromkeys(owners, 1)

        def list_kernel_ids(self) -> list[str]:
            return list(owners)

    for kernel, student in owners.items():
        note_page(kernel, student, "jabberwocky.ipynb")

    def online(service: ClassTableService) -> dict[str, str]:
        shown = Page("3b", "/l/", "/t", "x").online(online_now(Kernels(), service))
        return dict(re.findall(r"<tr><td>(\w+)</td><td>Jabberwocky</td><td>([^<]*)</td>", shown))

    async def scenario(connect, service) -> None:
        ann, bob = await connect("kernel-ct-ann"), await connect("kernel-ct-bob")
        ann.send({"op": "open", "game": "jabberwocky", "players": 4, "level": "easy", "name": ""})
        code = (await seated(ann))["code"]
        bob.send({"op": "join", "code": code, "name": ""})
        await seated(bob)
        at_table = f"class table {code} (Jabberwocky, not started yet) with ann, bob and 2 computer players"
        assert online(service) == {"ann": at_table, "bob": at_table, "cy": "alone, against the computer"}
        bob.connection.close()
        await until(lambda: "kernel-ct-bob" not in service.seated)
        assert online(service)["bob"] == "alone, against the computer"
    serve(scenario, tmp_path, owners=owners)


def test_a_refused_rejoin_says_why_and_stops_offering_the_seat(tmp_path) -> None:
    """On the hub, another student's seat token kept in this browser: Rejoin is refused with the reason, which stays
    on the page (the connection stays open: closing it wiped the reason), and the seat is no longer offered."""
    from widgets.class_seat import SeatLink
    from widgets.games.jabberwocky_table import JabberwockyTable

    owners = {"kernel-ann": "ann", "kernel-bob": "bob"}

    async def scenario(connect, service) -> None:
        ann = await connect("kernel-ann")
        ann.send({"op": "open", "game": "jabberwocky", "players": 3, "level": "easy", "name": ""})
        seat = await seated(ann)
        table = JabberwockyTable(players=3, rounds="short", first_dealer=0)
        panel = table.class_panel
        panel.url, panel.link = connect.url, SeatLink(connect.url, panel.heard, kernel="kernel-bob", key=KEY)
        panel._browser_kept(json.dumps({"token": seat["token"], "code": seat["code"]}))  # Ann's, in Bob's browser
        assert panel.rejoin_button.layout.display != "none"
        panel.rejoin_button.click()
        await until(lambda: "another person" in panel.note.value)
        assert panel.rejoin_button.layout.display == "none" and panel.kept is None
        assert panel.link is not None, "the connection was closed: its notice would wipe the reason"
    serve(scenario, tmp_path, owners=owners)


async def until(check: Callable[[], Any]) -> Any:
    """``check()``'s first true answer, while the loop delivers messages (a test that waits for ever fails)."""
    async def poll() -> Any:
        while not (answer := check()):
            await asyncio.sleep(0.01)
        return answer
    return await asyncio.wait_for(poll(), WAIT)


def test_a_page_plays_its_seat_with_the_table_widgets(tmp_path) -> None:
    """Two lesson tables (two pages' kernels): one plays with others, the other joins by the code; each paints
    its own seat with Jabberwocky's own widgets, the student's move reaches the teacher's table, and Undo is
    the teacher's alone."""
    from widgets.class_seat import UNDO_OFF, SeatLink
    from widgets.games.jabberwocky_table import JabberwockyTable

    async def scenario(connect, service) -> None:
        url = connect.url
        tables = []
        for kernel, name in (("kernel-a", "Ms T"), ("kernel-b", "Ben")):
            table = JabberwockyTable(players=3, rounds="short", first_dealer=0)
            panel = table.class_panel
            panel.url, panel.link = url, SeatLink(url, panel.heard, kernel=kernel, key=KEY)
            panel.name_box.value = name
            tables.append(table)
        teacher, student = tables
        teacher.class_panel.play_button.click()
        await until(lambda: teacher.shared is not None)
        code = teacher.class_panel.seat_info["code"]
        assert code in teacher.class_panel.code_html.value and "table=" + code in teacher.class_panel.copy_link.query
        student.class_panel.code_box.value = code
        student.class_panel.join_button.click()
        await until(lambda: student.shared is not None)
        assert student.human == 1 and student.names[1] == "You" and student.names[0] == "Ms T"
        assert "person" in teacher.class_panel.seats_html.value
        assert student.game.view()["legal"] == [] and student.hint_button.disabled  # the deal has not started
        teacher.class_panel.start_button.click()
        await until(lambda: student.game.legal_actions())  # the student bids first (the teacher deals)
        assert student.hand.items and not student.bid_panel.layout.display == "none"
        with pytest.raises(ParlourError):
            student.game.view(0)  # another seat's cards never reach a student's page
        assert student.undo_button.disabled and student.undo_button.tooltip == UNDO_OFF
        assert not teacher.undo_button.disabled and teacher.show_all_box.layout.display != "none"
        assert teacher.class_panel.seat_menu.value == 1  # the teacher's seat menu names a student's seat at once
        bid = student.game.legal_actions()[0]
        assert student.act(bid)
        await until(lambda: teacher.game.view()["bids"][1] is not None)
        assert f"bid <b>{bid.split()[1]}</b>" in teacher.board.value
        student.undo()
        assert "Undo is off" in student.status.value

        # a reload: a new page's table hears the seat its browser kept, offers it back, and takes it again
        reloaded = JabberwockyTable(players=3, rounds="short", first_dealer=0)
        panel = reloaded.class_panel
        panel.url, panel.link = url, SeatLink(url, panel.heard, kernel="kernel-c", key=KEY)
        kept = teacher.class_panel.kept
        panel._browser_kept(json.dumps(kept))
        assert panel.rejoin_button.layout.display != "none" and code in panel.note.value
        panel.rejoin_button.click()
        await until(lambda: reloaded.shared is not None)
        assert reloaded.human == 0 and reloaded.game.view()["bids"][1] is not None

        # leaving: a bot takes the seat, and the page's table plays against bots again
        student.class_panel.leave_button.click()
        assert student.shared is None and student.human == 0 and isinstance(student.game, engine.Game)
        assert student.toolbar.layout.display != "none" and student.class_panel.lobby.layout.display != "none"
        await until(lambda: not reloaded.game.state["seats"][1]["person"])
    serve(scenario, tmp_path)


def test_without_a_server_the_buttons_say_so_and_a_game_played_alone_has_none(monkeypatch) -> None:
    """JupyterLab and the static site start no class-table server: pressing the buttons says so in words, and
    the table plays on against bots; Relógio, played alone, offers no class table at all."""
    from widgets.class_seat import NO_SERVER
    from widgets.games.jabberwocky_table import JabberwockyTable
    from widgets.games.relogio_table import RelogioTable

    monkeypatch.delenv("PARLOUR_CLASS_TABLE_URL", raising=False)
    table = JabberwockyTable(players=4)
    table.class_panel.play_button.click()
    assert "needs a Parlour server" in table.class_panel.note.value and "needs a Parlour server" in NO_SERVER
    table.class_panel.code_box.value = "K7MXR"
    table.class_panel.join_button.click()
    assert table.shared is None and isinstance(table.game, engine.Game)
    assert RelogioTable().class_panel is None


def test_after_a_server_restart_a_seat_is_taken_again_where_the_table_was(tmp_path) -> None:
    """A restart ends every kernel; the reloaded page rejoins with the token its browser kept, and the table the
    new server resumed from its state folder is where it was (its bots paced again)."""
    kept: dict[str, Any] = {}

    async def before(connect, service) -> None:
        ada = await connect()
        kept.update(await open_table(ada))
        ada.send({"op": "send", "message": {"type": "start"}})
        kept["state"] = await ada.state(lambda s: bool(s["legal"]))  # the bots have bid; Ada's turn

    async def after(connect, service) -> None:
        ada = await connect("kernel-new")
        ada.send({"op": "rejoin", "token": kept["token"]})
        seat = await seated(ada)
        assert (seat["code"], seat["seat"]) == (kept["code"], 0)
        state = await ada.state()
        assert state["view"] == kept["state"]["view"] and state["legal"] == kept["state"]["legal"]
    serve(before, tmp_path)
    serve(after, tmp_path)
