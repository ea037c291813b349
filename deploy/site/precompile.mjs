// Run precompile.py inside the site's own Pyodide (Node.js), so the bytecode is Python 3.14's as in the browser.
//     node precompile.mjs PYODIDE_DIR SCRIPT CONFIG_JSON
// The host's "/" is mounted at /host inside Pyodide: every path in the config is /host + an absolute path.
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";

const [pyodideDir, script, config] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
// no column ranges in the bytecode (PYTHONNODEBUGRANGES): a third smaller; tracebacks keep their line numbers
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONNODEBUGRANGES: "1" },
                                    stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("CONFIG", `/host${config}`);
pyodide.runPython("import sys; sys.argv = ['precompile.py', CONFIG]; del CONFIG");
try {
  pyodide.runPython(readFileSync(script, "utf8"));  // run as __main__
} catch (error) {
  console.error(error.message);  // the Python traceback (not the minified line Node would print)
  process.exit(1);
}
