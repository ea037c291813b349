"""./run's help and its refusals: said in words with a usage exit code, before anything heavy starts.

Each case must answer before ``ensure_venv``: the script runs as a copy in an empty folder with
``PARLOUR_PYTHON`` pointing at no Python, so a case that gets past its arguments stops at once with
"Parlour needs Python" instead of building a .venv or running the benches. Nor may the output be bash's
own complaint ("./run: line 70: 2: --port needs a number").
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parents[1] / "run"
BASH_ERROR = ("line ", "parameter null", "unbound variable", "command not found")


@pytest.fixture
def run(tmp_path, monkeypatch):
    script = tmp_path / "run"
    shutil.copy2(RUN, script)
    monkeypatch.setenv("PARLOUR_PYTHON", str(tmp_path / "no-python"))

    def run_it(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(script), *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL, cwd=tmp_path)
    return run_it


@pytest.mark.parametrize("command", ["app", "bench", "hub", "test"])
def test_help_prints_usage_and_starts_nothing(run, command):
    if command == "test":  # ./run test passes its arguments to pytest; ./run --help covers it
        done = run("--help")
    else:
        done = run(command, "--help")
    assert done.returncode == 0, done.stderr
    assert f"./run {command}" in done.stdout
    assert "== bench/" not in done.stdout and "Parlour is running" not in done.stdout  # nothing was started
    assert "Parlour needs Python" not in done.stderr  # it stopped before making a .venv


@pytest.mark.parametrize("args, says", [
    (["app", "--port"], "app: --port needs a number"),
    (["app", "--port", "--pool"], "app: --port needs a number, not '--pool'"),
    (["app", "--port", "http"], "app: --port needs a number, not 'http'"),
    (["app", "--pool"], "app: --pool needs LESSON=N"),
    (["hub", "--port"], "hub: --port needs a number"),
    (["hub", "--ip"], "hub: --ip needs an address"),
    (["bench", "--fast"], "bench: unknown option '--fast'"),
    (["serve"], "unknown command 'serve'"),
])
def test_a_missing_or_wrong_argument_is_said_in_words(run, args, says):
    done = run(*args)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert says in done.stderr, done.stderr
    assert not any(word in done.stderr for word in BASH_ERROR), done.stderr
    assert "Parlour needs Python" not in done.stderr
