"""What the server does to Voilà's pages (issue 22): compiles their templates once, not for every page,
and writes their head so that the browser loads each widget module once and asks no CDN for icons.

Voilà builds a new exporter, so a new Jinja environment, for every page; compiling the templates again was
a quarter of the server's CPU per page (py-spy on ``widgets.server`` serving Jubilee eight times).
"""

from __future__ import annotations

import json
from typing import Any

import jinja2
import pytest
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from widgets.server.page_rendering import TemplateCode, share_template_code


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the templates Jinja compiles from source from now on."""
    names: list[str] = []
    real = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):  # noqa: ANN001
        names.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def voila_exporter() -> VoilaExporter:
    return VoilaExporter(template_paths=collect_template_paths(["voila", "nbconvert"], "lab"), template_name="lab")


def test_the_second_page_uses_the_templates_the_first_compiled(compiled: list[str]) -> None:
    first = voila_exporter()
    share_template_code(first)
    first.environment.get_template("index.html.j2")
    assert "index.html.j2" in compiled, "the first page compiles Voilà's page template"
    compiled.clear()
    second = voila_exporter()
    assert second.environment is not first.environment, "Voilà's exporters share no environment"
    share_template_code(second)
    second.environment.get_template("index.html.j2")
    assert compiled == []


def test_a_changed_template_is_compiled_again(compiled: list[str]) -> None:
    code = TemplateCode()
    sources = {"page.j2": "Hello {{ name }}"}

    def render() -> str:
        env = jinja2.Environment(loader=jinja2.DictLoader(sources), bytecode_cache=code, autoescape=True)
        return env.get_template("page.j2").render(name="class")

    assert render() == "Hello class" and render() == "Hello class"
    assert compiled == ["page.j2"]
    sources["page.j2"] = "Goodbye {{ name }}"
    assert render() == "Goodbye class"
    assert compiled == ["page.j2", "page.j2"]


def test_the_page_head_runs_the_one_module_per_source_script_first() -> None:
    """Every page teaches the browser to import a widget module once (static/shared_modules.js), before
    any of Voilà's scripts: the widgets' code arrives later, as text, over the kernel's websocket."""
    from widgets.server.page_rendering import SHARED_MODULES, with_shared_modules

    part, headed = with_shared_modules('<!DOCTYPE html>\n<html lang="en">\n<HEAD><meta charset="utf-8" />'
                                       "<script>voila()</script>")
    assert headed
    assert part.index(SHARED_MODULES) < part.index("<meta") < part.index("voila()")
    assert "URL.createObjectURL" in SHARED_MODULES and SHARED_MODULES.startswith("<script>")
    assert with_shared_modules("<div>a cell</div>") == ("<div>a cell</div>", False)  # no head: unchanged


def test_the_page_head_asks_no_cdn_for_icons() -> None:
    """Voilà's template links Font Awesome on a CDN that its own scripts make redundant; the page must not
    wait on it (a classroom offline, or behind a firewall that drops the request)."""
    from pathlib import Path

    from jupyter_core.paths import jupyter_path

    from widgets.server.page_rendering import without_cdn_icons

    templates = [Path(p) / "lab" / "index.html.j2" for p in jupyter_path("voila", "templates")]
    source = next(t for t in templates if t.exists()).read_text()
    assert "cdn.jsdelivr.net" in source
    cleaned = without_cdn_icons(source)
    assert "cdn.jsdelivr.net" not in cleaned and "<style>" in cleaned


ANYWIDGET_STARTUP = r"""
const vm = require("vm");
const fs = require("fs");
const asked = [];
const ctx = {URL: {createObjectURL() {}, revokeObjectURL() {}},
             AbortSignal: {timeout(ms) { asked.push(ms); return {ms}; }}};
ctx.window = {Blob: class {}};
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), ctx, {filename: "page.html"});
const ask = (file, ms) => vm.runInContext(`AbortSignal.timeout(${ms})`, ctx, {filename: file});
ask("http://h/extensions/anywidget/static/528.d9f5934c.js", 2000);  // the site's anywidget bundle
ask("http://h/voila/labextensions/anywidget/static/main.js", 2000);  // Voilà's
ask("http://h/voila/labextensions/anywidget/static/main.js", 50);   // another wait of anywidget's
ask("http://h/static/lab/jlab_core.js", 2000);                      // someone else's two seconds
console.log(JSON.stringify(asked));
"""


def test_a_widget_slow_to_start_still_hears_python(tmp_path) -> None:
    """anywidget gives a widget model 2 s to start and then drops every message Python sends it (on the static
    site at load 15 the PuzzleKeeper's and AutoSave's models took longer, each drop an uncaught "[anywidget]
    Failed to initialize model."). The page's first script gives anywidget's start 5 minutes and leaves every
    other timeout as asked."""
    assert page_script_in_node(ANYWIDGET_STARTUP) == [300000, 300000, 50, 2000]


def page_script_in_node(check: str) -> Any:
    """What ``check`` (Node code given the page's first script, static/shared_modules.js, as its argument) prints,
    read as JSON."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (./run hub installs it)")
    script = Path(__file__).resolve().parents[2] / "widgets" / "static" / "shared_modules.js"
    done = subprocess.run([node, "-e", check, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


LATE_LOOK = r"""
const vm = require("vm");
const fs = require("fs");
let now = 0;
const timers = [];
const ctx = {URL: {createObjectURL() {}, revokeObjectURL() {}}, AbortSignal: {timeout(ms) { return {ms}; }},
             Date: {now: () => now}, setTimeout: (fire) => { timers.push(fire); }};
ctx.window = {Blob: class {}};
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), ctx, {filename: "page.html"});
vm.runInContext(`
  class Manager {  // @jupyter-widgets/base 8.1's manager, its get_model as the page runs it
    constructor() { this._models = Object.create(null); }
    has_model(id) { return this._models[id] !== undefined; }
    async get_model(e){let t=this._models[e];if(void 0===t){let o=Date.now();for(;Date.now()-o<2e3;){
      if(void 0!==(t=this._models[e]))return t;await new Promise(e=>setTimeout(e,100))}
      throw Error("widget model not found")}return t}
  }
  class App {  // Voila's app (its static/voila.js): how it keeps the widget manager it is given
    constructor() {
      this._widgetManager = null;
      this._widgetManagerPromise = {got: null, resolve(m) { this.got = m; }};
    }
    get widgetManagerPromise() { return this._widgetManagerPromise; }
    set widgetManager(e) {
      this._widgetManager = e, this._widgetManager && this._widgetManagerPromise.resolve(this._widgetManager);
    }
    get widgetManager() { return this._widgetManager; }
  }
  globalThis.app = new App();
  globalThis.manager = new Manager();
  app.widgetManager = manager;  // the widget manager plugin, as it starts
`, ctx);
(async () => {
  const asked = vm.runInContext("manager.get_model('table')", ctx);  // an output asks while the page loads
  await new Promise((r) => setImmediate(r));
  now = 1950;
  timers.shift()();  // not there yet: the wait sleeps again...
  await new Promise((r) => setImmediate(r));
  now = 3400;  // ... and the busy page fires that timer late, the model loaded meanwhile
  vm.runInContext("manager._models.table = Promise.resolve('the table')", ctx);
  timers.shift()();
  let got;
  try { got = await asked; } catch (err) { got = String(err); }
  console.log(JSON.stringify({got, app: vm.runInContext("app.widgetManagerPromise.got === manager && "
                                                          + "app.widgetManager === manager", ctx),
                              clean: vm.runInContext("!('_widgetManagerPromise' in {})", ctx)}));
})();
"""


def test_an_output_asking_for_its_widget_while_the_page_loads_gets_it_on_a_busy_page() -> None:
    """The widget manager waits 2 s for a model, every 100 ms, then gives up without a last look: on a busy page its
    last timer fired after the model had loaded, and the output said "Error displaying widget: model not found"
    for good (a class table's joining pages at load 11-25). The page's first script gives the manager that look."""
    assert page_script_in_node(LATE_LOOK) == {"got": "the table", "app": True, "clean": True}
