"""The code stays typed and lint-clean: ruff and mypy, with the settings in pyproject.toml."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "engine", "widgets", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    result = run("mypy", "engine", "widgets")
    assert result.returncode == 0, result.stdout + result.stderr
