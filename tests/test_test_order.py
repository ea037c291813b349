"""The suite's own order: a module's tests run together, so a module fixture is built once (tests/conftest.py,
KeepModulesTogether). pytest runs tests that take a session-parametrized fixture (pytest-playwright's
``browser_name``) before those that do not, which split test_site and test_hub and built the site and the
shared hub twice in one ``./run test``."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# A stand-in for pytest-playwright: a fixture parametrized at session scope, as it parametrizes browser_name.
CONFTEST = """
import sys
sys.path.insert(0, {root!r})
import pytest
from tests.conftest import KeepModulesTogether

def pytest_configure(config):
    if config.getoption("keep"):
        config.pluginmanager.register(KeepModulesTogether(), "keep")

def pytest_addoption(parser):
    parser.addoption("--keep", action="store_true")

def pytest_generate_tests(metafunc):
    if "engine_name" in metafunc.fixturenames:
        metafunc.parametrize("engine_name", ["only"], scope="session", indirect=True)

@pytest.fixture(scope="session")
def engine_name(request):
    return request.param

BUILT = []

@pytest.fixture(scope="module")
def built(request):
    BUILT.append(request.module.__name__)
    return BUILT
"""

MODULE = """
def test_with_the_param(engine_name, built):
    pass

def test_without_it(built):
    assert built.count(__name__) == 1, built
"""


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(textwrap.dedent(CONFTEST.format(root=str(ROOT))))
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(textwrap.dedent(MODULE))
    # no notebook here: without nbval, pytest does not import nbformat (whose URI checker builds 38 parsers, 2-3 s)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:nbval",
                           "-v", str(tmp_path), *args], cwd=tmp_path, capture_output=True, text=True, timeout=120)


def test_a_modules_tests_run_together_and_its_module_fixture_is_built_once(tmp_path):
    kept = _run(tmp_path, "--keep")
    assert kept.returncode == 0, kept.stdout[-3000:]
    order = [line.split(" ")[0] for line in kept.stdout.splitlines() if "::test_" in line]
    assert [name.split("::")[0] for name in order] == ["test_a.py"] * 2 + ["test_b.py"] * 2, order
    # without it, pytest splits each module and builds its fixture twice: the case this guards against
    split = _run(tmp_path)
    assert split.returncode != 0 and "assert 2 == 1" in split.stdout, split.stdout[-3000:]
