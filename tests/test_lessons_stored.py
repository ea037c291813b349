"""Lessons are stored clean (no outputs), and every game in the engine has one."""

import json
from pathlib import Path

import pytest

import engine

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, "a lesson runs something"
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_every_registered_game_has_a_lesson():
    assert {p.stem for p in NOTEBOOKS} >= set(engine.GAMES)


ALL_NOTEBOOKS = sorted(LESSONS.rglob("*.ipynb"))


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_stored_valid_with_cell_ids(path):
    """nbformat 4.5 made cell ids required (a missing one is a warning now, "a hard error" later), and
    JupyterLab and nbval key cells by them: every cell has one, unique, and the notebook validates."""
    import nbformat

    nb = json.loads(path.read_text(encoding="utf-8"))
    if (nb["nbformat"], nb["nbformat_minor"]) >= (4, 5):
        ids = [c.get("id") for c in nb["cells"]]
        assert None not in ids, f"cells without an id: {[i for i, x in enumerate(ids) if x is None]}"
        assert len(set(ids)) == len(ids), "cell ids repeat"
    nbformat.validate(nbformat.reads(path.read_text(encoding="utf-8"), as_version=nbformat.NO_CONVERT))


LESSON_PAGES = [p for p in ALL_NOTEBOOKS if p.name != "index.ipynb"]


@pytest.mark.parametrize("path", LESSON_PAGES, ids=lambda p: str(p.relative_to(LESSONS)))
def test_every_lesson_leads_with_go_to_the_table(path):
    """Issues 31 and 38: the table sits in a lesson's last sections (about 23 Tabs away). The first cell shows
    the "Go to the table" link, in the lesson's language, before any text that could hold a link of its own: the
    page's first control. Its code stays out of sight in JupyterLab (Voilà shows no code at all)."""
    import ast

    from widgets.lesson import TABLE_LINK_WORDS, TableLink

    first = json.loads(path.read_text(encoding="utf-8"))["cells"][0]
    assert first["cell_type"] == "code", "the link comes before the lesson's title"
    assert first["metadata"].get("jupyter", {}).get("source_hidden") is True
    tree = ast.parse("".join(first["source"]))
    assert isinstance(tree.body[-1], ast.Expr), "the cell shows the link"
    namespace: dict = {}
    exec(compile(ast.Module(tree.body[:-1], []), str(path), "exec"), namespace)
    link = eval(compile(ast.Expression(tree.body[-1].value), str(path), "eval"), namespace)
    lang = path.parent.name if path.parent != LESSONS else "en"
    assert isinstance(link, TableLink) and link.label == TABLE_LINK_WORDS[lang]
