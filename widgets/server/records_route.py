"""The server's side of recording play: a lesson's kernel posts each finished deal here, the store keeps it,
and a student reads their own progress.

Why here: the kernel does not hold the database. The server that started it does (one
:class:`widgets.records.Store` per server, :func:`widgets.server.class_records.records_store`), and it knows
whose page each kernel serves (the hub's login, :meth:`ClassroomKernelManager.owner_of`). So a kernel's post is
believed only as far as the server can check it:

- it comes from a kernel this server runs (its token, :func:`widgets.records.recorder.kernel_token`);
- the record is for the student that kernel's page was opened for, and for this server's class;
- the record is one a Parlour server built and nobody changed, not too large, every field a record's
  (:func:`widgets.records.check_record`), else it is refused whole with the sentence saying why.

A server records only when it serves a class: on a hub (pages told apart by login) or when started with
``--class NAME`` (``./run app --class NAME``: one learner on one computer, recorded under their login name).
The routes, under the server's base URL: ``parlour/who`` and ``parlour/record`` (a kernel's posts) and
``parlour/progress`` (a student's "My progress", :mod:`widgets.records.progress_page`), and ``parlour/puzzles`` (a
kernel loads and keeps its student's puzzles: they follow the student between computers).
"""

from __future__ import annotations

import getpass
import hmac
import json
import os
from dataclasses import dataclass
from typing import Any, Callable

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join

from widgets.records.recorder import MAX_POST_BYTES, RECORDS_URL_ENV, kernel_token
from widgets.server.page_identity import user_name
from widgets.server.save_key import loopback_host

#: the class a server records, as ``--class NAME`` sets it (widgets/server/class_records.py reads it)
CLASS_ENV = "PARLOUR_CLASS"
#: on ``./run app --class``: whose deals these are (default: the computer's login name)
STUDENT_ENV = "PARLOUR_STUDENT"
PREFIX = "parlour"


def class_option(argv: list[str]) -> list[str]:
    """``argv`` without ``--class NAME`` (or ``--class=NAME``), which goes into the environment the server and its
    kernels read: with it, the server records every deal played on its pages for that class."""
    from widgets.server.pool_options import option_values

    out, names = option_values(argv, "--class")
    for name in names:
        name = name.strip()
        if not name or "/" in name or len(name) > 80:
            raise SystemExit(f"--class needs a class's name (up to 80 characters, no '/'), not {name!r}")
        os.environ[CLASS_ENV] = name
    return out


class Refused(tornado.web.HTTPError):
    """A post refused, and the sentence saying why: sent in the JSON body (an HTTP status line carries Latin-1 only,
    and a student's name may be written in any script)."""

    def __init__(self, status: int, words: str) -> None:
        super().__init__(status)
        self.words = words


@dataclass
class RecordService:
    """What the routes need: the class, the key kernels prove themselves with, whose page a kernel serves."""

    class_name: str
    key: str
    owner_of: Callable[[str], str | None]
    alive: Callable[[str], bool]
    store: Callable[[], Any]  # the server's Store, opened on first use

    def student_of(self, kernel_id: Any, token: Any) -> str:
        """The student a kernel serves, or a 403 naming why it is not believed."""
        if not isinstance(kernel_id, str) or not isinstance(token, str) or not 0 < len(kernel_id) <= 100 \
                or not hmac.compare_digest(token, kernel_token(self.key, kernel_id)):
            raise Refused(403, "This is not a kernel of this server.")
        if not self.alive(kernel_id):
            raise Refused(403, "This kernel is not running on this server.")
        owner = self.owner_of(kernel_id)
        if owner is None:
            raise Refused(403, "No student has opened this kernel's page.")
        return owner


def records_class(per_student: bool) -> bool:
    """Whether this server records a class's play: on a hub (pages told apart by login), or with ``--class``."""
    return per_student or bool(os.environ.get(CLASS_ENV, "").strip())


def announce_records(ip: str, port: int, base_url: str, per_student: bool) -> None:
    """Put where kernels post finished deals in the environment every kernel inherits, or take it out when this
    server records nothing. Called before the kernel manager is made: Voilà's pools copy the environment for the
    kernels they preheat when the manager is built."""
    if records_class(per_student):
        os.environ[RECORDS_URL_ENV] = loopback_url(ip, port) + url_path_join(base_url, PREFIX)
    else:
        os.environ.pop(RECORDS_URL_ENV, None)


def records_service(kernel_manager: Any, key: str) -> RecordService | None:
    """This server's record service, if it records a class (a hub, or ``--class``); None otherwise."""
    per_student = bool(getattr(kernel_manager, "per_user_kernels", False))
    if not records_class(per_student):
        return None
    from widgets.server.class_records import class_name, records_store

    # one learner's server: a hub's per-student server runs for JUPYTERHUB_USER; ./run app --class for whoever is
    # logged in on the computer
    local = os.environ.get(STUDENT_ENV, "").strip() or os.environ.get("JUPYTERHUB_USER", "").strip() \
        or getpass.getuser()
    owner_of: Callable[[str], str | None] = kernel_manager.owner_of if per_student else (lambda _kernel: local)
    return RecordService(class_name(), key, owner_of, lambda k: k in kernel_manager, records_store)


class KernelPost(tornado.web.RequestHandler):
    """A kernel's post: one JSON object of at most MAX_POST_BYTES, from a kernel this server runs (its token,
    not a cookie, says so: a kernel has no login). A larger body is refused before it is read."""

    def initialize(self, service: RecordService) -> None:
        self.service = service
        self.chunks: list[bytes] = []
        self.size = 0

    def check_xsrf_cookie(self) -> None:
        """No cookie to check: the kernel's token is the credential (:meth:`RecordService.student_of`)."""

    def prepare(self) -> None:
        length = self.request.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_POST_BYTES:
            raise Refused(413, f"A record is at most {MAX_POST_BYTES:,} bytes.")
        self.request.connection.set_max_body_size(MAX_POST_BYTES)  # type: ignore[union-attr]

    def data_received(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size > MAX_POST_BYTES:
            raise Refused(413, f"A record is at most {MAX_POST_BYTES:,} bytes.")
        self.chunks.append(chunk)

    def body(self) -> tuple[str, dict[str, Any]]:
        """(the student of the kernel posting, the post's JSON object)."""
        try:
            body = json.loads(b"".join(self.chunks))
        except ValueError:
            raise Refused(400, "This is not JSON.") from None
        if not isinstance(body, dict):
            raise Refused(400, "This is not a JSON object.")
        return self.service.student_of(body.get("kernel"), body.get("token")), body

    #: what the route takes, for the log line of a refusal
    what = "a record"

    def log_refusal(self, student: str, why: str) -> None:
        import logging

        logging.getLogger("parlour.records").warning("Refused %s from %s's kernel: %s", self.what, student, why)

    def answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(body))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        self.answer(status_code, {"message": exc.words if isinstance(exc, Refused) else self._reason})


@tornado.web.stream_request_body
class WhoHandler(KernelPost):
    """``parlour/who``: whom a kernel plays for (the record it builds names them, and the class)."""

    def post(self) -> None:
        student, _body = self.body()
        self.answer(200, {"student": student, "class": self.service.class_name})


@tornado.web.stream_request_body
class RecordHandler(KernelPost):
    """``parlour/record``: a kernel's finished deal, checked and queued in the store (202), or refused (400, 403,
    413) with the sentence saying why; nothing of a refused record is kept."""

    def post(self) -> None:
        from widgets.records import RecordError, check_record

        student, body = self.body()
        try:
            record = check_record(body.get("record"), student)
            if record.class_name != self.service.class_name:
                raise RecordError(f"This record is for the class {record.class_name[:40]!r}; this server records "
                                  f"{self.service.class_name!r}.")
            key = self.service.store().submit(record, student)  # queued: the writer thread writes it
        except RecordError as exc:
            self.log_refusal(student, str(exc))
            raise Refused(400, str(exc)[:300]) from None
        self.answer(202, {"key": key})


@tornado.web.stream_request_body
class PuzzlesHandler(KernelPost):
    """``parlour/puzzles``: a kernel loads (``"op": "load"``) or keeps (``"op": "save"``) its student's puzzles, their
    schedules and progress records (:mod:`widgets.records.puzzle_rows`), so they follow the student between
    computers. Only the student whose page the kernel serves, named in the post as the kernel believes it; a post
    for another student, forged, huge or malformed is refused (400, 403, 413) and nothing is kept. The database is
    asked in a thread: the server's other pages never wait for it (503 with the sentence when it does not answer)."""

    what = "puzzles"

    async def post(self) -> None:
        from sqlalchemy.exc import IntegrityError
        from tornado.ioloop import IOLoop

        from widgets.records import RecordError, StoreUnavailable
        from widgets.records.puzzle_rows import StudentPuzzles, checked_post

        student, body = self.body()
        if body.get("student") != student:
            raise Refused(400, f"These puzzles are for the student {str(body.get('student'))[:100]!r}, not for "
                               f"{student!r}.")
        if body.get("class") != self.service.class_name:
            raise Refused(400, f"These puzzles are for the class {str(body.get('class'))[:40]!r}; this server keeps "
                               f"{self.service.class_name!r}.")
        mine = StudentPuzzles(self.service.store(), self.service.class_name, student)
        op = body.get("op")
        try:
            if op == "load":
                loaded = await IOLoop.current().run_in_executor(None, mine.load)
                self.answer(200, loaded.as_json())
                return
            if op != "save":
                raise RecordError("A puzzles post either loads (\"load\") or keeps (\"save\").")
            entries, records = checked_post(body.get("entries"), body.get("records"))
            for attempt in (1, 2):  # two computers adding the same puzzle at once: the second try sees the first's
                try:
                    puzzles, kept = await IOLoop.current().run_in_executor(None, mine.save, entries, records)
                    break
                except IntegrityError:
                    if attempt == 2:
                        raise Refused(409, "These puzzles were being kept from another computer: try again.") \
                            from None
        except RecordError as exc:
            self.log_refusal(student, str(exc))
            raise Refused(400, str(exc)[:300]) from None
        except StoreUnavailable as exc:
            raise Refused(503, str(exc)[:300]) from None
        self.answer(200, {"puzzles": puzzles, "records": kept})


class ProgressHandler(JupyterHandler):
    """``parlour/progress``: the logged-in student's own record ("My progress"); nobody else's."""

    def initialize(self, service: RecordService) -> None:
        self.service = service

    @tornado.web.authenticated
    def get(self) -> None:
        from widgets.records import StudentRecords, StoreUnavailable
        from widgets.records.progress_page import progress_page

        per_student = bool(getattr(self.kernel_manager, "per_user_kernels", False))
        student = user_name(self) if per_student else self.service.owner_of("")
        if not student:
            raise tornado.web.HTTPError(403, "Log in to see your progress.")
        mine = StudentRecords(self.service.store(), self.service.class_name, student)
        lessons = url_path_join(self.base_url, "voila/render")
        try:
            page = progress_page(mine, lambda lesson: url_path_join(lessons, f"{lesson}.ipynb"),
                                 url_path_join(lessons, "index.ipynb"))
        except StoreUnavailable as exc:
            page = progress_page(None, None, url_path_join(lessons, "index.ipynb"), problem=str(exc))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


def records_routes(base_url: str, service: RecordService) -> list[tuple[str, type, dict]]:
    """The routes (kernels find them by :func:`announce_records`)."""
    args = {"service": service}
    return [(url_path_join(base_url, PREFIX, "who"), WhoHandler, args),
            (url_path_join(base_url, PREFIX, "record"), RecordHandler, args),
            (url_path_join(base_url, PREFIX, "puzzles"), PuzzlesHandler, args),
            (url_path_join(base_url, PREFIX, "progress"), ProgressHandler, args)]


def loopback_url(ip: str, port: int) -> str:
    """How a kernel on this machine reaches the server (an address bound to all interfaces is reached on loopback)."""
    return f"http://{loopback_host(ip)}:{port}"


__all__ = ["CLASS_ENV", "KernelPost", "PREFIX", "ProgressHandler", "PuzzlesHandler", "RecordHandler", "RecordService",
           "Refused", "STUDENT_ENV",
           "WhoHandler", "announce_records", "class_option", "loopback_url", "records_class", "records_routes",
           "records_service"]
