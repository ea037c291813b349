"""``./run class delete NAME`` deletes a class's records (deploy/README.md gives it); ``ensure_postgres`` installs
Debian's postgresql through ./run's waiting apt, and ``.ci/run`` calls it (issue 35)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.records.games import record
from tests.test_run_script import fake_apt  # noqa: F401  (the fixture: apt-get and sudo that log their calls)
from widgets.records import Store, TeacherRecords

ROOT = Path(__file__).resolve().parents[2]


def _class_of_three(db: Path) -> None:
    store = Store(db)
    try:
        for n, student in enumerate(["ada", "bea"]):
            store.submit(record(student, minutes=n), student)
        store.submit(record("cy", class_name="4c"), "cy")
        assert store.flush(30)
    finally:
        store.close()


def test_run_class_delete_deletes_that_class_only(tmp_path):
    db = tmp_path / "records.sqlite"
    _class_of_three(db)
    listed = subprocess.run([str(ROOT / "run"), "class", "list", "--db", str(db)], capture_output=True, text=True,
                            timeout=300, stdin=subprocess.DEVNULL)
    assert listed.returncode == 0, listed.stderr
    assert "class 3b: 2 students, 2 deals" in listed.stdout and "4c: 1 students, 1 deals" in listed.stdout
    done = subprocess.run([str(ROOT / "run"), "class", "delete", "class 3b", "--db", str(db)], capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "Deleted the class 'class 3b': " in done.stdout and "2 deals" in done.stdout
    store = Store(db)
    try:
        assert TeacherRecords(store, "class 3b").deals() == []
        assert [d.student for d in TeacherRecords(store, "4c").deals()] == ["cy"]
    finally:
        store.close()


def test_deleting_a_class_that_does_not_exist_says_so(tmp_path):
    db = tmp_path / "records.sqlite"
    _class_of_three(db)
    done = subprocess.run([sys.executable, "-m", "widgets.records", "class", "delete", "5d", "--db", str(db)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 1 and "There is no class '5d'" in done.stderr
    missing = subprocess.run([sys.executable, "-m", "widgets.records", "class", "list", "--db",
                              str(tmp_path / "none.sqlite")], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert missing.returncode == 1 and "There is no record store at" in missing.stderr
    assert not (tmp_path / "none.sqlite").exists()  # asking made no database


def test_ensure_postgres_installs_through_the_waiting_apt(fake_apt, tmp_path):  # noqa: F811
    # a machine without PostgreSQL: have_postgres answers no
    done, calls = fake_apt('have_postgres() { return 1; }; ensure_postgres', locked_calls=1)
    assert done.returncode == 0, done.stderr
    assert calls[-2:] == ["-o DPkg::Lock::Timeout=60 update", "-o DPkg::Lock::Timeout=60 install -y postgresql"]
    present, calls_after = fake_apt("ensure_postgres", locked_calls=0)  # this machine has it (./run test saw to it)
    assert present.returncode == 0 and calls_after == calls  # apt is not called


def test_ci_and_run_test_install_postgres_with_the_same_function():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "ensure_postgres" in ci and "apt-get" not in ci
    run = (ROOT / "run").read_text()
    cmd_test = run[run.index("cmd_test() {"):run.index("cmd_bench() {")]
    assert "ensure_postgres" in cmd_test


def test_run_class_refuses_a_wrong_command_in_words_before_anything_heavy(tmp_path, monkeypatch):
    """As tests/test_run_script.py checks the other commands: a copy of ./run in an empty folder with no Python."""
    import shutil
    script = tmp_path / "run"
    shutil.copy2(ROOT / "run", script)
    monkeypatch.setenv("PARLOUR_PYTHON", str(tmp_path / "no-python"))
    for args, says in [(["class"], "class: which? list, or delete NAME"),
                       (["class", "delete"], "class: delete needs the class's name"),
                       (["class", "drop", "3b"], "class: unknown command 'drop'")]:
        done = subprocess.run([str(script), *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL, cwd=tmp_path)
        assert done.returncode == 2 and says in done.stderr, (args, done.stderr)
        assert "Parlour needs Python" not in done.stderr


def test_the_records_package_imports_no_widgets_library():
    """The hub's service may use the store without a kernel's widgets: no module of it imports them (nor the puzzles'
    store, which it reads and writes puzzles with)."""
    import ast
    for path in [*(ROOT / "widgets" / "records").rglob("*.py"), ROOT / "widgets" / "puzzle_store.py"]:
        tree = ast.parse(path.read_text())
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {n for n in names if n.split(".")[0] in ("ipywidgets", "anywidget", "traitlets")}, path
        assert not {n for n in names if n.startswith("widgets.") and not n.startswith(
            ("widgets.records", "widgets.deal_code", "widgets.server.save_key", "widgets.puzzle_store"))}, \
            (path, names)  # none imports one


def test_a_record_alone_loads_no_database_library():
    """The puzzles read a finished deal's bounds with widgets.records.record, in the static site's browser too,
    where SQLAlchemy and Alembic are not installed: importing it must not load the store (the site's lesson
    failed with "No module named 'alembic'" when the package imported every module at once)."""
    code = ("import sys, widgets.records.record, widgets.puzzles; "
            "print(sorted(m for m in ('sqlalchemy', 'alembic', 'psycopg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
