"""The static site's lesson runner: shows a lesson notebook's text and runs its code, in the browser.

Each lesson page of the static site opens JupyterLite's REPL with its input hidden and runs
``parlour_site.run("rummy")``: the Markdown cells are displayed as Markdown, the code cells run
in the REPL's namespace and their last expression is displayed, as Voilà shows a notebook. The
lessons travel inside the site's Parlour wheel (``parlour_site/lessons``), so nothing is fetched.
Before that, while the REPL's page is still booting, the kernel's worker calls ``prepare("rummy")``
(deploy/site/kernel_prestart.js): the lesson's imports then cost the worker's time, not the learner's.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

from IPython import get_ipython
from IPython.display import HTML, Markdown, display

SETTINGS = "settings.json"
#: a lesson page is an app, not a console: no prompt to type code into, one white page as in Voilà
PAGE_STYLE = """<style>
.jp-CodeConsole-promptCell, .jp-CodeConsole-input { display: none !important; }
.jp-CodeConsole .lm-SplitPanel-handle { display: none !important; }
.jp-CodeConsole-content { background: var(--jp-layout-color0); height: 100% !important; }
.jp-CodeConsole .jp-InputPrompt, .jp-CodeConsole .jp-OutputPrompt,
.jp-CodeConsole .jp-OutputArea-promptOverlay { display: none !important; }
</style>"""


def settings() -> dict[str, Any]:
    """What the build decided (``deploy/site/build.py``): e.g. whether teacher tools are on."""
    return json.loads(resources.files(__name__).joinpath(SETTINGS).read_text(encoding="utf-8"))


def lesson_cells(lesson: str) -> list[dict[str, Any]]:
    """The cells of ``lessons/<lesson>.ipynb`` as built into the site ("rummy", "pt/jubileu")."""
    path = resources.files(__name__).joinpath("lessons", *f"{lesson}.ipynb".split("/"))
    if not path.is_file():
        raise ValueError(f"the site holds no lesson {lesson!r}")
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def lesson_imports(lesson: str) -> list[str]:
    """The modules lesson ``lesson``'s code cells import by name (``import x``, ``from x import y``), in order."""
    names: list[str] = []
    for cell in lesson_cells(lesson):
        if cell.get("cell_type") != "code":
            continue
        try:
            tree = ast.parse("".join(cell.get("source", "")))
        except SyntaxError:
            continue  # the cell shows its own error when it runs
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.append(node.module)
    return list(dict.fromkeys(names))


def prepare(lesson: str) -> list[str]:
    """Import what lesson ``lesson`` imports, before its page asks to run it (the site's kernel worker calls
    this while JupyterLab's REPL is still booting). Never fails: a lesson or a module that cannot be
    imported shows its error when its cell runs. Returns the modules imported."""
    apply_settings()
    try:
        wanted = lesson_imports(lesson)
    except (ValueError, OSError):
        return []
    done = []
    for name in wanted:
        try:
            importlib.import_module(name)
        except Exception:  # the cell that imports it reports it, where the learner sees it
            continue
        done.append(name)
    return done


def apply_settings() -> None:
    """Make the build's settings what the lesson's code reads (teacher tools: an environment variable)."""
    os.environ["PARLOUR_TEACHER_TOOLS"] = settings().get("teacher_tools", "on")


def run_code(source: str, namespace: dict[str, Any]) -> None:
    """Run one code cell; display its last expression's value, as a notebook does."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, "<lesson>", "exec"), namespace)
    if last is not None:
        value = eval(compile(ast.Expression(last.value), "<lesson>", "eval"), namespace)
        if value is not None:
            display(value)


def leave_the_drive() -> None:
    """Work in the browser's own memory, not JupyterLite's drive: where the kernel has one (a cross-origin
    isolated page; the site registers no service worker) it starts in /drive, where every file lookup is a
    round trip to the page, and Python looks up every import and IPython every Markdown text there first
    (``""`` on sys.path is the working folder). A lesson reads no file of the drive: everything it needs
    travels in the site's wheel."""
    home = Path.home()
    home.mkdir(parents=True, exist_ok=True)
    os.chdir(home)


def run(lesson: str) -> None:
    """Show lesson ``lesson`` (its path under lessons/ without ``.ipynb``) in this REPL."""
    leave_the_drive()
    apply_settings()
    display(HTML(PAGE_STYLE))
    shell = get_ipython()
    namespace: dict[str, Any] = shell.user_ns if shell is not None else {}
    for cell in lesson_cells(lesson):
        source = "".join(cell.get("source", ""))
        if not source.strip():
            continue
        if cell.get("cell_type") == "markdown":
            display(Markdown(source))
        elif cell.get("cell_type") == "code":
            run_code(source, namespace)
