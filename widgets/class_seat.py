"""The class table at a lesson's table: "Play with others", "Join a table", and one seat of a shared game
painted by the table's own widgets.

The game lives in the server that serves the pages (widgets/server/class_table_handler.py holds every
table's one game); this page's kernel connects to it for one seat (:class:`SeatLink`) and hears only
that seat's state. :class:`SeatGame` is the game as the table widgets read one (``view(seat)``,
``events_for``, ``why_illegal``, ``is_over``, …), built only from those messages; a move the learner makes
goes to the server, which accepts it only from this seat and only if it is legal, and its refusal is
shown as a refused move is at any table. Nothing is shared between pages but what the server sends each.

The seat's token is kept by this browser (widgets/autosave.py's store, its own slot), so a reload offers
the seat back: "Rejoin your table". Where the page has no such server (JupyterLab, the static site),
the buttons say so.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from typing import Any, Callable, cast
from urllib.parse import parse_qs

import ipywidgets as w

import engine
from engine.i18n import N_
from engine.protocol import Game, ParlourError
from widgets.autosave import AutoSave
from widgets.class_table.wire import LogReceiver
from widgets.deal_link import CopyLink, preheated
from widgets.settings import encode
from widgets.shared_look import set_layout, shared_layout
from widgets.table_html import esc

#: the lesson's table (widgets.table.Table: not imported here, since the table imports this module)
Table = Any

URL_ENV = "PARLOUR_CLASS_TABLE_URL"  # widgets/server/class_table_handler.py's CLASS_TABLE_URL_ENV (no tornado here)
KEY_ENV = "PARLOUR_SAVE_KEY"  # the server's save key, inherited by its kernels
KERNEL_HEADER, PROOF_HEADER = "X-Parlour-Kernel", "X-Parlour-Proof"
MAX_INCOMING = 16 * 1024 * 1024  # a teacher's state carries every seat's view and the whole log
_CODE = re.compile(r"[A-Za-z0-9-]{2,40}")

NO_SERVER = N_("Playing with others needs a Parlour server (the app started with ./run app, or your class's "
               "hub): this page has none, so its table plays against bots only.")
UNDO_OFF = N_("Undo is off at a shared table: the others have seen your move. The teacher can take moves back.")


def kernel_id() -> str:
    """This kernel's id, from its connection file's name (``kernel-<id>.json``); "" outside a kernel."""
    from widgets.records.recorder import this_kernel_id

    return this_kernel_id() or ""


class SeatGame:
    """One seat's game at a class table, as the table widgets read a game, from the seat's last state only.

    It holds nothing the seat was not sent: its own view (and, for the teacher, every seat's), its log,
    its legal moves and the reasons the others are not allowed. It makes no move: the table sends moves
    to the server.
    """

    deck = None

    def __init__(self, game_id: str, state: dict[str, Any]) -> None:
        self.id = game_id
        self.rules_class = engine.game_class(game_id)
        self.rules = self.rules_class.rules
        self.name = self.rules_class.name
        self.state: dict[str, Any] = {}
        self.update(state)

    def update(self, state: dict[str, Any]) -> None:
        self.state = state
        view = state["view"]
        self.seat: int = state["seat"]
        self.players: int = view["players"]
        self.names: list[str] = list(state.get("names") or view["names"])
        self.options: dict[str, Any] = dict(view.get("options", {}))

    # ---- what a table reads of a game ----
    @property
    def teacher(self) -> bool:
        return bool(self.state.get("teacher"))

    @property
    def current_player(self) -> int | None:
        return self.state["view"].get("current_player")

    @property
    def is_over(self) -> bool:
        return bool(self.state["view"].get("is_over")) or self.state.get("status") == "ended"

    @property
    def scores(self) -> list[int]:
        return list(self.state["view"].get("scores", []))

    @property
    def history(self) -> list[tuple[int, str]]:
        """Not the moves (a seat is not sent them): one entry per change the seat heard, so a hint given
        before a change is known to be stale."""
        return [(-1, "")] * int(self.state.get("seq", 0))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        seat = self.seat if seat is None else seat
        if seat == self.seat:  # what may be played is the table's word: nothing while waiting, paused or between deals
            return {**self.state["view"], "legal": list(self.state.get("legal", []))}
        views = self.state.get("views")
        if not views:
            raise ParlourError("Only the teacher sees the other hands at a class table.")
        return views[seat]

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        return list(self.state.get("events", []))

    def legal_actions(self) -> list[str]:
        return list(self.state.get("legal", []))

    def to_act(self) -> list[int]:
        return list(self.state.get("to_act", []))

    def why_illegal(self, action: Any, seat: int | None = None) -> str | None:
        if str(action) in self.state.get("legal", []):
            return None
        return (self.state.get("why") or {}).get(str(action))

    def progress(self) -> dict[str, Any]:
        return dict(self.state["view"]["progress"])

    def deal_results(self) -> list[dict[str, Any]]:
        return list(self.state.get("deal_results", []))

    rule_text = Game.rule_text  # the rules' words (this game's book, else the general rules), in its language
    lang = Game.lang
    tr = Game.tr
    verb = Game.verb  # "plays" as the seat says it ("You play")
    subject = Game.subject

    def apply(self, action: Any, seat: int | None = None) -> list[Any]:
        raise ParlourError("At a class table moves go to the table's server.")


class SeatLink:
    """This kernel's connection to the server's class tables (one seat at a time).

    ``on_message(message)`` hears every message of the server, and ``{"op": "lost"}`` once the connection
    is gone. Messages sent before the connection is up wait for it.
    """

    def __init__(self, url: str, on_message: Callable[[dict[str, Any]], None], *, kernel: str | None = None,
                 key: str | None = None) -> None:
        self.url = url
        self.on_message = on_message
        self.kernel = kernel_id() if kernel is None else kernel
        self.key = os.environ.get(KEY_ENV, "") if key is None else key
        self.connection: Any = None
        self.waiting: list[str] = []
        self._task: asyncio.Task | None = None
        self.log = LogReceiver()  # a state's log comes by the lines it grew: put back whole here

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        if self.connection is not None:
            self.connection.write_message(text)
            return
        self.waiting.append(text)
        if self._task is None or self._task.done():
            self._task = asyncio.get_event_loop().create_task(self._run())

    async def _run(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        from widgets.server.class_table_handler import kernel_proof

        request = HTTPRequest(self.url, headers={KERNEL_HEADER: self.kernel,
                                                 PROOF_HEADER: kernel_proof(self.key, self.kernel)})
        try:
            connection = await websocket_connect(request, max_message_size=MAX_INCOMING)
        except Exception:
            self.waiting.clear()
            self.on_message({"op": "lost", "connected": False})
            return
        self.connection = connection
        for waiting in self.waiting:
            connection.write_message(waiting)
        self.waiting.clear()
        while True:
            received = await connection.read_message()
            if received is None:
                break
            message = _json_object(received)
            if message is not None:
                if message.get("op") == "seat":
                    self.log = LogReceiver()
                elif message.get("op") == "state" and isinstance(message.get("state"), dict):
                    message = {**message, "state": self.log.state(message)}
                self.on_message(message)
        self.connection = None
        self.on_message({"op": "lost", "connected": True})

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


class ClassTablePanel(w.VBox):
    """Above a lesson's play table: play with others, join a table, rejoin yours; when seated, the table's
    code and link, its seats, Start, Leave, and the teacher's controls."""

    def __init__(self, table: Table) -> None:
        self.table = table
        t = table.t
        self.url = os.environ.get(URL_ENV, "")
        self.link: SeatLink | None = None
        self.game: SeatGame | None = None  # the shared game while seated
        self.seat_info: dict[str, Any] | None = None  # code, seat, token, teacher
        self.kept: dict[str, Any] | None = None  # the seat this browser keeps (offered back after a reload)
        self.page_code: str | None = None  # a table code in the page's address
        self.review_deals = 0
        self.store = AutoSave(f"class-table/{table.game_id}", self._browser_kept)
        self.play_button = w.Button(description=t("Play with others"), icon="users", layout=shared_layout(width="auto"),
                                    tooltip=t("Open a table others can join, each from their own page"))
        self.name_box = w.Text(placeholder=t("your name"), layout=shared_layout(width="130px"),
                               tooltip=t("The name the others see at the table"))
        self.code_box = w.Text(placeholder=t("table code"), layout=shared_layout(width="120px"),
                               tooltip=t("The code of the table to join"))
        self.join_button = w.Button(description=t("Join a table"), icon="sign-in", layout=shared_layout(width="auto"),
                                    tooltip=t("Take a free seat at the table with this code"))
        self.rejoin_button = w.Button(description=t("Rejoin your table"), icon="play", button_style="success",
                                      layout=shared_layout(width="auto", display="none"),
                                      tooltip=t("Take your seat again, where the table is now"))
        self.note = w.HTML()
        self.play_button.on_click(lambda _: self.open_table())
        self.join_button.on_click(lambda _: self.join(self.code_box.value))
        self.rejoin_button.on_click(lambda _: self.rejoin())
        self.lobby = w.HBox([self.name_box, self.play_button, self.code_box, self.join_button, self.rejoin_button])
        self.lobby.add_class("parlour-buttons")
        # seated
        self.code_html = w.HTML()
        self.copy_link = CopyLink(on_page_address=self._page_address, words={
            "button": t("Copy table link"), "tooltip": t("Copy a link that opens this lesson at this table"),
            "copied": t("Copied"), "by_hand": t("Copy this link:"), "field": t("Link to this table")})
        self.seats_html = w.HTML()
        self.start_button = w.Button(description=t("Start"), icon="play", button_style="success",
                                     layout=shared_layout(width="auto"),
                                     tooltip=t("Deal: the seats nobody took are bots"))
        self.leave_button = w.Button(description=t("Leave the table"), icon="sign-out",
                                     layout=shared_layout(width="auto"),
                                     tooltip=t("A bot takes your seat; your table here plays against bots again"))
        self.review_button = w.Button(description=t("Review this deal"), icon="search",
                                      layout=shared_layout(width="auto", display="none"),
                                      tooltip=t("Each of your decisions in the last deal rated, with the better move"))
        self.review_html = w.HTML()
        self.start_button.on_click(lambda _: self.control("start"))
        self.leave_button.on_click(lambda _: self.leave())
        self.review_button.on_click(lambda _: self.ask_review())
        # the teacher's controls
        self.pause_button = w.Button(description=t("Pause"), icon="pause", layout=shared_layout(width="auto"))
        self.pause_button.on_click(lambda _: self.control("continue" if self._status() == "paused" else "pause"))
        self.next_button = w.Button(description=t("Next deal"), icon="step-forward", layout=shared_layout(width="auto"))
        self.next_button.on_click(lambda _: self.control("next_deal"))
        self.seat_menu = w.Dropdown(options=[], layout=shared_layout(width="130px"), description="")
        self.replace_button = w.Button(description=t("Replace with a bot"), layout=shared_layout(width="auto"),
                                       tooltip=t("A bot plays this seat (someone who left)"))
        self.replace_button.on_click(lambda _: self.control("replace", seat=self.seat_menu.value))
        self.give_back_button = w.Button(description=t("Give back"), layout=shared_layout(width="auto"),
                                         tooltip=t("The seat is its person's again"))
        self.give_back_button.on_click(lambda _: self.control("give_back", seat=self.seat_menu.value))
        self.end_button = w.Button(description=t("End the table"), icon="stop", button_style="danger",
                                   layout=shared_layout(width="auto"))
        self.end_button.on_click(lambda _: self.control("end"))
        self.teacher_row = w.HBox([self.pause_button, self.next_button, self.seat_menu, self.replace_button,
                                   self.give_back_button, self.end_button])
        self.teacher_row.add_class("parlour-buttons")
        buttons = w.HBox([self.code_html, self.copy_link, self.start_button, self.leave_button, self.review_button])
        buttons.add_class("parlour-buttons")
        self.seated = w.VBox([buttons, self.seats_html, self.teacher_row, self.review_html])
        set_layout(self.seated, display="none")
        super().__init__([self.store, self.lobby, self.note, self.seated])
        self.add_class("parlour-class-table")
        self.add_class("parlour-aid")  # not a move: a focus whose move is gone goes to a move first
        if not preheated():  # the request reached this kernel: its address is in the environment
            self._page_address(os.environ.get("QUERY_STRING") or "")

    # ---- words ----
    def _say(self, text: str, alert: bool = False) -> None:
        self.note.value = f"<div role='{'alert' if alert else 'status'}'>{esc(text)}</div>" if text else ""

    def _status(self) -> str:
        return self.game.state.get("status", "") if self.game is not None else ""

    # ---- the lobby ----
    def _page_address(self, search: str) -> None:
        """A link to a table (``?table=CODE``): its code waits in the box, one press from a seat."""
        if self.page_code is not None:
            return
        codes = parse_qs(search.lstrip("?")).get("table", [])
        if codes and _CODE.fullmatch(codes[0]):
            self.page_code = codes[0].upper()
            self.code_box.value = self.page_code
            if self.seat_info is None and self.kept is None:
                self._say(self.table.t("This link is for table {code}: press Join a table to take a seat.",
                                       code=self.page_code))
            self._offer_rejoin()

    def _browser_kept(self, text: str | None) -> None:
        try:
            kept = json.loads(text) if text else None
        except ValueError:
            kept = None
        if isinstance(kept, dict) and isinstance(kept.get("token"), str) and isinstance(kept.get("code"), str):
            self.kept = kept
            self._offer_rejoin()

    def _offer_rejoin(self) -> None:
        kept = self.kept
        shown = kept is not None and self.seat_info is None and (self.page_code in (None, kept["code"]))
        set_layout(self.rejoin_button, display="" if shown else "none")
        if shown:
            assert kept is not None
            self._say(self.table.t("You have a seat at table {code}: press Rejoin your table to take it again.",
                                   code=kept["code"]))

    def _connect(self) -> SeatLink | None:
        if not self.url:
            self._say(self.table.t(NO_SERVER), alert=True)
            return None
        if self.link is None:
            self.link = SeatLink(self.url, self.heard)
        return self.link

    def _request(self, message: dict[str, Any]) -> bool:
        link = self._connect()
        if link is None:
            return False
        link.send(message)
        return True

    def open_table(self) -> bool:
        """Open a table of this lesson's game, with the players, settings and bot level the table has now."""
        table = self.table
        return self._request({"op": "open", "game": table.game_id, "players": table.players,
                              "options": _json_options(table.options), "level": table.level,
                              "settings": encode(table.settings, table.options, table.rules_class),
                              "name": self.name_box.value})

    def join(self, code: str) -> bool:
        code = code.strip().upper()
        if not _CODE.fullmatch(code):
            self._say(self.table.t("Type the table code you were given (letters and digits)."), alert=True)
            return False
        return self._request({"op": "join", "code": code, "name": self.name_box.value})

    def rejoin(self) -> bool:
        if self.kept is None:
            return False
        return self._request({"op": "rejoin", "token": self.kept["token"]})

    # ---- at the table ----
    def control(self, kind: str, **fields: Any) -> bool:
        if self.link is None or self.seat_info is None:
            return False
        self.link.send({"op": "send", "message": {"type": kind, **fields}})
        return True

    def move(self, action: str) -> bool:
        """The learner's move at the shared table: sent to the server (a refusal comes back and is said)."""
        game, table = self.game, self.table
        assert game is not None
        if game.is_over:
            table.say(esc("⚠ " + table.t("This deal is over.")))
            return False
        if action not in game.legal_actions():
            why = game.why_illegal(action) or (table.t("Wait for your turn.") if game.current_player != game.seat
                                                else table.t("You cannot do that now."))
            table.say(f"⚠ {esc(table.said(why))}")
            return False
        return self.control("move", action=action)

    def undo(self) -> None:
        if self.game is not None and self.game.teacher:
            self.control("undo")
        else:
            self.table.say(esc("⚠ " + self.table.t(UNDO_OFF)))

    def leave(self) -> None:
        """Give the seat to a bot and play against bots here again."""
        self.control("leave")
        self._forget_seat()
        self._back_to_bots()
        self._say(self.table.t("You left the table; a bot plays your seat there."))

    def ask_review(self) -> bool:
        self.review_html.value = f"<div class='parlour-review'>{esc(self.table.t('Reviewing your decisions…'))}</div>"
        if self.link is None or self.seat_info is None or not self.review_deals:
            return False
        self.link.send({"op": "review", "deal": self.review_deals})
        return True

    # ---- what the server says ----
    def heard(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "seat":
            self.seat_info = message
            self.kept = {"token": message["token"], "code": message["code"]}
            self.store.keep(json.dumps(self.kept))
        elif op == "state" and isinstance(message.get("state"), dict):
            self._state(message["state"])
        elif op == "refused":
            text = self.table.said(str(message.get("text", "")))
            if self.game is not None and message.get("about") == "send":
                self.table.say(f"⚠ {esc(text)}")
            else:
                self._say(text, alert=True)
            if message.get("about") == "rejoin":  # the seat is gone (the table ended, or closed while idle)
                # the connection stays: closing it said "lost", which wiped the reason just shown
                self._forget_seat(keep_link=True)
                self._offer_rejoin()
        elif op == "review":
            self.review_html.value = review_html(self.table, message.get("review"))
        elif op == "lost":
            self.link = None
            if self.seat_info is not None:
                self._say(self.table.t("The connection to the class table was lost: reload the page to rejoin."),
                          alert=True)
            else:
                self._say(self.table.t(NO_SERVER) if not message.get("connected") else "", alert=True)

    def _state(self, state: dict[str, Any]) -> None:
        table = self.table
        first = self.game is None
        if first:
            self.game = SeatGame(table.game_id, state)
        else:
            assert self.game is not None
            self.game.update(state)
        game = self.game
        table.human = table.session.human = game.seat
        table.shared = game
        if first:
            table.players = game.players
            self._seated_look(True)
            table.session.put(cast(engine.Game, game), play_on=False)  # painted by the table's widgets and this panel
        else:
            table.refresh()
        if state.get("status") == "ended":
            self._forget_seat(keep_link=True)

    def paint(self) -> None:
        """The panel and the table's shared-table parts, after the table painted the seat's state."""
        game, table = self.game, self.table
        if game is None:
            return
        t, state = table.t, game.state
        info = self.seat_info or {"code": state.get("code", "")}
        host = game.seat == 0
        self.code_html.value = (f"<span class='parlour-table-code'>{esc(t('Table code'))}: "
                                f"<b data-testid='table-code'>{esc(info['code'])}</b></span>")
        self.copy_link.query = f"table={info['code']}&game={table.game_id}"
        self.seats_html.value = seats_html(table, state) + ("" if game.teacher else
                                                            f"<div class='parlour-sub'>{esc(t(UNDO_OFF))}</div>")
        status = state.get("status", "")
        set_layout(self.start_button, display="" if host and status == "waiting" else "none")
        set_layout(self.teacher_row, display="" if game.teacher and status != "ended" else "none")
        self.pause_button.description = t("Continue") if status == "paused" else t("Pause")
        others = tuple((name, k) for k, name in enumerate(game.names) if k != game.seat)
        if tuple(self.seat_menu.options) != others:  # set only when the seats change: a choice made stays
            self.seat_menu.options = others
            self.seat_menu.value = others[0][1] if others else None
        table.undo_button.disabled = not game.teacher or status == "ended"
        table.undo_button.tooltip = t("Take back the last move at the whole table") if game.teacher else t(UNDO_OFF)
        if game.teacher:
            set_layout(table.show_all_box, display="")
            table.show_all_box.disabled = False
        for button in (table.again_button, table.end_new_button, table.review.button):
            set_layout(button, display="none")
        deals_over = _deals_over(state)
        self.review_deals = deals_over
        set_layout(self.review_button, display="" if deals_over else "none")
        if status and status != "playing":  # waiting, paused, between deals, ended: nobody's turn now
            table.say(esc(state.get("status_text") or ""))

    def _seated_look(self, seated: bool) -> None:
        table = self.table
        set_layout(self.lobby, display="none" if seated else "")
        set_layout(self.seated, display="" if seated else "none")
        set_layout(table.toolbar, display="none" if seated else "")  # no deal of your own while seated
        kept_here = not seated and table.autosave is not None and table.autosave.ready
        set_layout(table.autosave_note, display="" if kept_here else "none")  # seated: the seat is kept, not a game
        set_layout(self.rejoin_button, display="none")
        self._say("")
        if not seated or (self.game is not None and not self.game.teacher):
            table.show_all_box.value = False
            set_layout(table.show_all_box, display="" if table.teacher_tools and not seated else "none")
            table.show_all_box.disabled = not table.teacher_tools

    def _forget_seat(self, keep_link: bool = False) -> None:
        self.store.forget()
        self.kept = None
        if not keep_link:
            self.seat_info = None
            if self.link is not None:
                self.link.close()
                self.link = None

    def _back_to_bots(self) -> None:
        table = self.table
        self.game = None
        self.seat_info = None
        table.shared = None
        table.human = table.session.human = 0
        self._seated_look(False)
        self.review_html.value = ""
        for button in (table.again_button, table.end_new_button):
            set_layout(button, display="")
        from engine.shuffle import random_seed

        table.start(table.players_box.value, random_seed())


def _json_object(text: str | bytes) -> dict[str, Any] | None:
    """A message of the server as a dict; None for anything else (it is skipped)."""
    try:
        found = json.loads(text)
    except ValueError:
        return None
    return found if isinstance(found, dict) else None


def _json_options(options: dict[str, Any]) -> dict[str, Any]:
    """The table's settings as they travel (JSON values only)."""
    return {k: v for k, v in options.items() if isinstance(v, (str, int, float, bool)) or v is None}


def _deals_over(state: dict[str, Any]) -> int:
    """How many deals of the match are over (the last of them may be reviewed)."""
    view = state["view"]
    progress = view.get("progress", {})
    if view.get("is_over"):
        return int(progress.get("deal", 1))
    return max(0, int(progress.get("deal", 1)) - 1)


def seats_html(table: Table, state: dict[str, Any]) -> str:
    """Who sits where: a person (connected or not) or a bot."""
    t = table.t
    rows = []
    for k, seat in enumerate(state.get("seats", [])):
        if seat.get("person"):
            kind = t("person") if seat.get("connected") else t("person, away")
        else:
            kind = t("bot")
        mark = " parlour-seat-row--you" if k == state.get("seat") else ""
        rows.append(f"<li class='parlour-seat-row{mark}' data-seat='{k}' data-person='{int(bool(seat.get('person')))}'>"
                    f"<b>{esc(seat.get('name', ''))}</b> · {esc(kind)}</li>")
    return (f"<div class='parlour-class-seats'><span class='parlour-sub'>{esc(t('Seats'))}</span>"
            f"<ol style='margin:2px 0 4px 1.2em;padding:0'>{''.join(rows)}</ol></div>")


def review_html(table: Table, review: Any) -> str:
    """The review of the seat's own decisions in a deal, as the server sent it (engine.review's entries)."""
    t = table.t
    if not isinstance(review, dict):
        return ""
    rows = [row for row in review.get("entries") or [] if isinstance(row, dict)]
    title = t("Your decisions in {deal}", deal=table.deal_name(int(review.get("deal") or 1)).lower()) \
        if isinstance(review.get("deal"), int) else t("Your decisions")
    summary = review.get("summary_words") or ""
    if not rows:
        return (f"<div class='parlour-review' data-testid='class-review'><b>{esc(title)}</b><p>"
                f"{esc(summary or t('No decision of yours to review in this deal.'))}</p></div>")
    items = []
    for row in rows:
        action, best, verdict = str(row.get("action", "")), row.get("best"), str(row.get("verdict") or "")
        line = (f"<b>{esc(_label(table, action))}</b>: "
                f"<span class='parlour-verdict-{esc(verdict)}'>{esc(verdict)}</span>")
        if best and best != action:
            line += " · " + esc(t("better: {move}", move=_label(table, str(best))))
            if row.get("loss_words"):
                line += f" ({esc(row['loss_words'])})"
        why = row.get("reason") or ""
        if why:
            line += f"<br><small>{esc(why)}</small>"
        items.append(f"<li>{line}</li>")
    return (f"<div class='parlour-review' data-testid='class-review'><b>{esc(title)}</b>"
            f"{f'<p>{esc(summary)}</p>' if summary else ''}<ol>{''.join(items)}</ol></div>")


def _label(table: Table, action: str) -> str:
    try:
        return table.action_label(action)
    except Exception:  # a move this table words from a position it no longer shows: its notation
        return action


__all__ = ["ClassTablePanel", "SeatGame", "SeatLink", "kernel_id", "review_html", "seats_html"]
