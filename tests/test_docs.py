"""The README and docs name every game the engine has, count them right, and their examples are true."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]


def section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def test_the_readme_games_table_has_a_row_for_every_game():
    games = section(README, "## Games")
    for game_id, cls in engine.GAMES.items():
        assert f"`engine/games/{game_id}.py`" in games, game_id
        assert re.search(rf"^\| {re.escape(cls.name)} \(", games, re.M), cls.name


def test_the_readme_lists_every_id_and_says_how_many():
    games = section(README, "## Games")
    listed = re.search(r"The (\w+) ids are\s+(.*?);", games, re.S)
    assert listed, "the README says how many ids there are, then lists them"
    count, ids = listed.group(1), re.findall(r"`(\w+)`", listed.group(2))
    assert ids == list(engine.GAMES)
    assert count == NUMBER_WORDS[len(engine.GAMES)]


def test_no_doc_counts_the_games_wrong():
    """"the nine games" outlived the tenth (Kalooki)."""
    right = NUMBER_WORDS[len(engine.GAMES)]
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for m in re.finditer(rf"\b(?:the|all|our) ({'|'.join(NUMBER_WORDS)}) games\b", path.read_text(), re.I):
            assert m.group(1).lower() == right, (path.name, m.group(0))


# ---- every code block in the README and the docs is true: Python runs, shell commands exist ----

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "deploy" / "README.md"]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
# A block that is not meant to run says so, with its reason, on the line before it:
# <!-- not run: the reason -->
NOT_RUN = re.compile(r"<!-- not run: (.+?) -->\s*\Z")
SHELL = {"bash", "sh", "shell", "console"}
RUN_COMMANDS = re.findall(r"^#\s+\./run (\w+)", (ROOT / "run").read_text(), re.M)  # its usage, in its header


def code_blocks(kind: set[str]) -> list[tuple[str, int, str]]:
    """(file, line, code) of each fenced block of one of these languages that is not marked "not run"."""
    found = []
    for path in DOCS:
        text = path.read_text()
        for m in FENCE.finditer(text):
            if m.group(1) in kind and not NOT_RUN.search(text[:m.start()]):
                found.append((str(path.relative_to(ROOT)), text.count("\n", 0, m.start()) + 1, m.group(2)))
    return found


def test_the_docs_have_python_examples():
    """The test below would pass on docs with no examples: the README and engine.md each have one."""
    files = {name for name, _, _ in code_blocks({"python"})}
    assert {"README.md", "docs/engine.md"} <= files, files


def test_blocks_not_run_are_few_and_say_why():
    marked = [(path.name, why) for path in DOCS for why in re.findall(r"<!-- not run: (.*?) -->", path.read_text())]
    assert len(marked) <= 2, marked
    assert all(len(why.split()) >= 4 for _, why in marked), marked


@pytest.mark.parametrize("name, line, code", code_blocks({"python"}), ids=lambda v: str(v)[:30])
def test_each_python_block_runs(name, line, code, monkeypatch):
    """Issue 31: the README's `engine.new_game("jubilee", players=3, seed="K7QM3P")` then `apply("play 7S")`
    raised when pasted. A block written as a session (>>>) must print what it shows; any other block runs."""
    monkeypatch.chdir(ROOT)
    if code.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(code, {}, f"{name}:{line}", name, line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        out: list[str] = []
        runner.run(test, out=out.append)
        assert not runner.failures, "".join(out)
    else:
        exec(compile(code, f"{name}:{line}", "exec"), {"__name__": "__docs__"})


@pytest.mark.parametrize("name, line, code", code_blocks(SHELL), ids=lambda v: str(v)[:30])
def test_each_shell_block_names_commands_that_exist(name, line, code):
    """Shell blocks are not run (they start servers), but what they name is there: ./run's commands
    from its usage, and every script or file of this repo they mention."""
    assert RUN_COMMANDS, "./run's header lists its commands"
    for command in code.splitlines():
        command = command.split("#", 1)[0].strip()
        if not command:
            continue
        for sub in re.findall(r"\./run (\S+)", command):
            assert sub in RUN_COMMANDS, f"{name}:{line}: ./run {sub} is not a command of ./run ({RUN_COMMANDS})"
        for path in re.findall(r"(?:^|\s)((?:\.venv/bin/|bench/|deploy/|tests/|widgets/|engine/)[\w./-]+)", command):
            assert (ROOT / path).exists(), f"{name}:{line}: {path} does not exist"
