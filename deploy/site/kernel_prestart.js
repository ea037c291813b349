// The lesson's Python starts with the page, not after JupyterLab's REPL has booted.
// JupyterLite creates its Pyodide kernel's worker only once the REPL app has loaded its bundles, activated
// its plugins and opened a session; the worker then loads Pyodide, the wheels and the kernel's imports.
// Those are two long steps, one on the page's thread, one on a worker's: here, the first thing the REPL's
// page runs (build.py puts this script at the top of repl/index.html), the same worker is created and
// starts Pyodide, the packages, the kernel's imports and the lesson's own imports (parlour_site.prepare) on
// the other core while the app boots. The kernel adopts this worker (build.py's patch of the kernel's
// initWorker) and its own `initialize` goes on from wherever the start has reached (the worker's patched
// `parlourStart`). If the kernel's options are not the ones used here, it refuses the worker and starts
// its own, as without this script. `parlourPrestart.state` says which happened: "started", "adopted",
// "refused", or "off" (a cross-origin-isolated page, where the kernel uses another kind of worker).
(() => {
  const config = PARLOUR_PRESTART_CONFIG;  // build.py writes the site's paths and the kernel's settings here
  const status = (globalThis.parlourPrestart = { state: "off" });
  if (globalThis.crossOriginIsolated || typeof Worker === "undefined") return;
  const root = new URL(config.root, location.href);
  const at = (path) => new URL(path, root).href;
  const pyodideUrl = at(config.pyodideUrl);
  const lesson = new URLSearchParams(location.search).get("lesson") || "";
  const options = {
    baseUrl: root.href,
    pyodideUrl,
    indexUrl: pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1),
    pipliteWheelUrl: at(config.pipliteWheelUrl),
    pipliteUrls: config.pipliteUrls.map(at),
    disablePyPIFallback: config.disablePyPIFallback,
    loadPyodideOptions: config.loadPyodideOptions,
    location: "",
    mountDrive: false,  // the drive is mounted by the kernel's own initialize, after these imports
    parlourWarm: /^[\w/-]+$/.test(lesson)
      ? `import parlour_site\nparlour_site.prepare(${JSON.stringify(lesson)})` : "",
  };
  const worker = new Worker(at(config.worker), { type: "module" });
  worker.postMessage({ parlourPrestart: options });
  status.state = "started";
  globalThis.parlourKernel = {
    worker,
    // Whether the kernel about to be created (its options) may take this worker; if not, the worker ends.
    fits(kernel) {
      const same = kernel.pyodideUrl === options.pyodideUrl
        && JSON.stringify(kernel.loadPyodideOptions || {}) === JSON.stringify(options.loadPyodideOptions)
        && !!kernel.disablePyPIFallback === options.disablePyPIFallback
        && !String(kernel.location || "").split(":").pop();  // no working folder to enter before the drive
      status.state = same ? "adopted" : "refused";
      if (!same) {
        worker.terminate();
        console.warn("Parlour: the kernel's settings are not the prestarted worker's; the kernel starts its own",
                     { kernel: [kernel.pyodideUrl, kernel.loadPyodideOptions, kernel.location], prestart: options });
      }
      return same;
    },
  };
})();
