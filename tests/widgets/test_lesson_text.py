"""A lesson's text is for people who cannot type Python: no code, no option names, no notes to ourselves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAMES_WITH_LESSONS = [g for g in engine.GAMES if (LESSONS / f"{g}.ipynb").exists()]
#: every lesson by its path under lessons/: "rummy", and its translations, "pt/relogio"
ALL_LESSONS = GAMES_WITH_LESSONS + sorted(f"{p.parent.name}/{p.stem}" for p in LESSONS.glob("*/*.ipynb")
                                          if p.stem != "index")
#: the table's Settings button as each language's lesson names it
SETTINGS_WORD = {"en": "**Settings**", "pt": "**Configurações**"}
CODE = [re.compile(p) for p in (r"`[^`]*[=(][^`]*`", r"\w+Table\(", r"\b\w+_\w+=", r"\bTrue\b|\bFalse\b")]
NOTES = [re.compile(p, re.I) for p in (
    r"seed text", r"RULES\.md", r"docs/rules", r"\[T\]", r"\bTODO\b", r"the seed says")]
# our name for the rules text we were given, and option identifiers (any_pair, sequence_tie): never a learner's words
INSIDE_WORDS = [re.compile(r"\bseed", re.I), re.compile(r"\b[a-z]+_[a-z_]+\b")]


def markdown(game_id: str) -> list[str]:
    cells = json.loads((LESSONS / f"{game_id}.ipynb").read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("game_id", ALL_LESSONS)
def test_no_lesson_tells_an_app_user_to_type_code(game_id):
    found = [(p.pattern, m.group(0)) for text in markdown(game_id) for p in CODE + NOTES + INSIDE_WORDS
             for m in p.finditer(text)]
    assert not found, found


@pytest.mark.parametrize("game_id", ALL_LESSONS)
def test_a_lesson_that_names_a_variant_points_to_the_settings(game_id):
    text = "\n".join(markdown(game_id))
    assert SETTINGS_WORD[game_id.split("/")[0] if "/" in game_id else "en"] in text


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_the_rules_behind_why_carry_no_notes_to_ourselves(game_id):
    """The Why? panel shows each rule's text to the learner."""
    found = [(r.id, r.text) for r in engine.GAMES[game_id].rules.values()
             for p in NOTES + [re.compile(r"\bthe seed\b|\bseed's\b", re.I)] if p.search(r.text)]
    assert not found, found


# ---- what a lesson shows when it runs: printed lines, widgets, every check's feedback ----

PYTHON_OUT = [re.compile(p) for p in (
    r"\[\s*(?:'|\"|-?\d)",                  # a printed list: [0, 2, 3] or ['play 3D', ...]
    r"\{\s*(?:'|\")",                       # a printed dict
    r"\b(?:True|False)\b", r"\bNone\b(?!:)",  # Python's values ("None: the dealer is free" is English)
    r"\b[a-z]+_[a-z_]+\b", r"\b\w+=",     # identifiers, keyword arguments
    r"<(?:engine|widgets)\.", r"\w+\(children=",  # an object's repr
)]
MOVES = [re.compile(p) for p in (
    r"\b(?:play|bid|swap|move|draw|discard|meld|lay|tack|call|take|turn|step)\s+(?:\d+:\d+|(?:10|[2-9AKQJT])[SHDC])\b",
    r"\b\d+:\d+\b",                        # a clock position pair, "10:3"
    r"\b(?:10|[2-9AKQJ])[SHDC]\b",         # a card in notation ("3D") where a learner reads 3♦
)]


def widget_texts(widget: object, seen: set[int] | None = None) -> list[str]:
    """The words a widget tree shows (labels, HTML, buttons, menus), tables left out (tested on their own)."""
    from html import unescape

    import ipywidgets as w

    from widgets.table import Table

    seen = set() if seen is None else seen
    if id(widget) in seen or isinstance(widget, Table):
        return []
    seen.add(id(widget))
    found = []
    if isinstance(widget, (w.HTML, w.Label, w.HTMLMath)):
        text = re.sub(r"<style.*?</style>|<script.*?</script>", " ", widget.value, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)
        found.append(unescape(text))
    for attribute in ("description", "tooltip", "placeholder", "label"):  # label: "Go to the table", a row's name
        value = getattr(widget, attribute, None)
        if isinstance(value, str):
            found.append(value)
    if isinstance(widget, w.widgets.widget_selection._Selection):
        found.extend(str(label) for label in widget._options_labels)
    for child in getattr(widget, "children", ()):
        found.extend(widget_texts(child, seen))
    return found


def played_through(widget: object) -> list[str]:
    """Everything a learner can make a widget say: each answer of a check, each step of a walkthrough."""
    import ipywidgets as w

    from widgets.quiz import CardPickQuiz, ChoiceQuiz
    from widgets.walkthrough import Walkthrough

    said = widget_texts(widget)
    if isinstance(widget, ChoiceQuiz):
        for button in widget.buttons:
            widget.answer(button.description)
            said += widget_texts(widget)
    elif isinstance(widget, CardPickQuiz):
        for index in range(len(widget.cards)):
            widget.pick(index)
            said += widget_texts(widget)
    elif isinstance(widget, Walkthrough):
        while not widget.next_button.disabled:
            widget.next()
            said += widget_texts(widget)
    if isinstance(widget, w.Box):
        for child in widget.children:
            if not isinstance(child, (ChoiceQuiz, CardPickQuiz, Walkthrough)):
                continue
            said += played_through(child)
    return said


def lesson_outputs(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Run a lesson's code cells as the notebook would and collect what each shows."""
    import ast
    import contextlib
    import io

    import IPython.display

    shown: list[object] = []
    monkeypatch.setattr(IPython.display, "display", lambda *objects, **_: shown.extend(objects))
    namespace: dict[str, object] = {"__name__": "__lesson__"}
    texts = []
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                if value is not None:
                    shown.append(value)
        texts.append(printed.getvalue())
        while shown:
            value = shown.pop(0)
            widget = any(hasattr(value, name) for name in ("children", "value", "label"))
            texts += played_through(value) if widget else [str(value)]
    return texts


LESSON_FILES = sorted(p for p in LESSONS.rglob("*.ipynb") if p.stem != "index")


@pytest.mark.parametrize("path", LESSON_FILES, ids=[str(p.relative_to(LESSONS)) for p in LESSON_FILES])
def test_what_a_lesson_shows_is_words_not_python_or_move_notation(path, monkeypatch):
    texts = lesson_outputs(path, monkeypatch)
    assert any(t.strip() for t in texts)
    found = sorted({(p.pattern, m.group(0), t.strip()[:120]) for t in texts
                    for p in PYTHON_OUT + MOVES + INSIDE_WORDS for m in p.finditer(t)})
    assert not found, "\n".join(map(str, found))


def test_the_klaberjass_lesson_teaches_every_name_its_table_uses_for_choosing_trumps():
    """The table heads its bidding phases "Schmeiss:" and "Dix:"; a learner must have met those words."""
    from widgets.games.klaberjass_table import KlaberjassTable

    table = KlaberjassTable(seed=5, bot_delay=0, dix=True, schmeiss=True)
    headings = {table._bid_title({"phase": phase, "passes": []}) for phase in ("bid1", "bid2", "schmeiss", "dix")}
    names = {m.group(1) for h in headings for m in re.finditer(r"<b>([^<:]+):</b>", h)}
    assert {"Schmeiss", "Dix"} <= names
    taught = "\n".join(markdown("klaberjass"))
    assert [name for name in sorted(names) if not re.search(rf"\*\*{re.escape(name)}\b", taught)] == []


TRANSLATED = sorted(LESSONS.glob("*/*.ipynb"))


@pytest.mark.parametrize("path", TRANSLATED, ids=[str(p.relative_to(LESSONS)) for p in TRANSLATED])
def test_a_translated_lesson_shows_no_english(path, monkeypatch):
    """Issue 36: what a Portuguese lesson shows (its pictures, checks with every answer, walkthroughs to the
    end; its table is tested on its own) reads no English word of the browser test's list, and figures
    carry a decimal comma."""
    from tests.browser.test_portuguese_page import english_words

    texts = lesson_outputs(path, monkeypatch)
    assert not english_words(texts), english_words(texts)
    # a decimal point ("7.7%"), not a thousands point ("2.000", as Portuguese writes two thousand)
    points = sorted({m.group(0) for t in texts for m in re.finditer(r".{0,20}\d\.(?:\d{1,2}|\d{4,})(?!\d).{0,5}", t)})
    assert not points, points
