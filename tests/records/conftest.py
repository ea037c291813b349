"""A real PostgreSQL server for the record store's tests, started here and stopped after; and a store on each backend.

The server is Debian's ``postgresql`` package (``./run test`` and ``.ci/run`` install it when missing:
``ensure_postgres`` in ./run). Its ``initdb`` runs into a temporary folder, the server listens on a free
loopback port and on a socket in that folder, trusts its one user, and is stopped at the end of the
session. As root (CI) ``initdb`` refuses to run, so the server runs as the unprivileged ``nobody``
(``runuser``); a developer who is not root runs it as themselves.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import free_port

PG_USER = "parlour"
PG_BINARY_PLACES = ["/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]


def pg_binary(name: str) -> str | None:
    """``initdb``/``pg_ctl``: on PATH, in /usr/local/bin, or in Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which(name)
    if found:
        return found
    for place in PG_BINARY_PLACES:
        if os.access(Path(place) / name, os.X_OK):
            return str(Path(place) / name)
    return None


class Postgres:
    """One PostgreSQL server in a temporary folder, on a loopback port; :meth:`stop` and :meth:`start` may be
    called mid-test (the down-database tests)."""

    def __init__(self) -> None:
        initdb, self.pg_ctl = pg_binary("initdb"), pg_binary("pg_ctl")
        if not initdb or not self.pg_ctl:
            pytest.fail("PostgreSQL's initdb and pg_ctl are missing: ./run test installs Debian's postgresql "
                        "(or: apt-get install -y postgresql)")
        self.runner: list[str] = []
        self.root = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
        if os.geteuid() == 0:  # initdb refuses root: the server runs as nobody, in a folder nobody owns
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self.runner = ["runuser", "-u", "nobody", "--"]
        self.data, self.log = self.root / "data", self.root / "server.log"
        self.port = free_port()
        self._run([initdb, "-D", str(self.data), "-U", PG_USER, "--auth=trust", "-E", "UTF8", "--no-sync",
                   "--locale=C"])
        self.start()

    def _run(self, command: list[str]) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([*self.runner, *command], capture_output=True, text=True, timeout=120,
                              stdin=subprocess.DEVNULL, cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{command[0]} failed ({done.returncode}): {done.stdout}{done.stderr}{log[-2000:]}")
        return done

    def start(self) -> None:
        options = f"-p {self.port} -h 127.0.0.1 -k {self.root} -c fsync=off -c synchronous_commit=off " \
                  "-c full_page_writes=off -c max_connections=60"
        self._run([str(self.pg_ctl), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60",
                   "start"])

    def stop(self) -> None:
        self._run([str(self.pg_ctl), "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop"])

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={PG_USER} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def close(self) -> None:
        try:
            self.stop()
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    server = Postgres()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> Iterator[str]:
    """An empty database on each backend: a SQLite file, or a fresh database on the test's PostgreSQL."""
    if request.param == "sqlite":
        yield str(tmp_path / "records.sqlite")
    else:
        yield request.getfixturevalue("postgres").create_database()


@pytest.fixture
def store(database, tmp_path):
    from widgets.records import Store
    made = Store(database, spool=tmp_path / "records.spool", retry_every=0.1)
    try:
        yield made
    finally:
        made.close(timeout=5)


def wait_for(condition, timeout: float = 30.0, every: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()
