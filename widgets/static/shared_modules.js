// One module per source: anywidget imports each widget's code from a fresh blob: URL, so a table of
// 28 card rows compiled and ran the same module 28 times (about 140 ms of a page's start). Here a
// blob of the same JavaScript gets the same URL, kept for the page's life, and the browser's module
// map runs it once; the rows share it, as they would a module imported from a web address.
(() => {
  const NativeBlob = window.Blob;
  const make = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  const sourceOf = new WeakMap();  // a script blob -> its text
  const urlOf = new Map();  // a script's text -> its one blob: URL
  const kept = new Set();

  class RememberedBlob extends NativeBlob {
    constructor(parts, options) {
      super(parts, options);
      const single = Array.isArray(parts) && parts.length === 1 && typeof parts[0] === "string";
      if (single && options && options.type === "text/javascript") sourceOf.set(this, parts[0]);
    }
  }
  window.Blob = RememberedBlob;

  URL.createObjectURL = (object) => {
    const source = sourceOf.get(object);
    if (source === undefined) return make(object);
    let url = urlOf.get(source);
    if (url === undefined) {
      url = make(object);
      urlOf.set(source, url);
      kept.add(url);
    }
    return url;
  };
  URL.revokeObjectURL = (url) => {
    if (!kept.has(url)) revoke(url);
  };
})();

// A widget slow to start is still a widget. anywidget (0.11) gives each widget model 2 s to load its module and
// start (AbortSignal.timeout(2000) in its Runtime), and when that passes it rejects the model's "ready" for
// good: every later message from Python to the model is dropped ("[anywidget] Failed to initialize model.", an
// uncaught error each time), though the model does start moments later. On a busy computer a page's start
// easily takes longer (the static site's puzzle run, at load 15: a PuzzleKeeper's "keep" lost, so the puzzles
// of that visit were not kept). Here anywidget's own 2 s wait becomes 5 minutes; every other timeout is as asked.
(() => {
  const timeout = AbortSignal.timeout && AbortSignal.timeout.bind(AbortSignal);
  if (!timeout) return;
  const STARTUP = 2000;
  const PATIENT = 300000;
  AbortSignal.timeout = (ms) => {
    const stack = ms === STARTUP ? String(new Error().stack || "") : "";
    return timeout(stack.includes("anywidget") ? PATIENT : ms);
  };
})();

// A widget the page was still loading is not "model not found". The widget manager (@jupyter-widgets/base 8)
// looks for a model for 2 s, every 100 ms, then gives up without a last look. A page's outputs ask for their
// widgets while the manager is still loading every widget's state from the kernel; on a busy computer that load
// keeps the page busy for seconds, so the wait's last 100 ms timer fires late, after the load has registered the
// model and marked the manager restored: the output then shows "Error displaying widget: model not found" for
// good (at a class table at load 11-25, the lesson's outputs on a page joining with the class; the table itself,
// drawn later, was fine). Here the manager takes that last look. Voilà's app (static/voila.js) is caught as it
// is made (the moment it sets its _widgetManagerPromise), and its manager patched as the app is given it, before
// any output asks.
(() => {
  const KEY = "_widgetManagerPromise";
  const patient = (manager) => {
    if (!manager || manager.parlourLastLook || typeof manager.get_model !== "function") return;
    const wait = manager.get_model;
    manager.get_model = async function getModel(id) {
      try {
        return await wait.call(this, id);
      } catch (err) {
        if (typeof this.has_model === "function" && this.has_model(id)) return wait.call(this, id);
        throw err;
      }
    };
    manager.parlourLastLook = true;
  };
  const watch = (app) => {  // the app's manager, patched when the app is given it
    let manager = app._widgetManager;
    patient(manager);
    Object.defineProperty(app, "_widgetManager", {
      configurable: true, enumerable: true,
      get: () => manager,
      set: (value) => { manager = value; patient(value); },
    });
  };
  Object.defineProperty(Object.prototype, KEY, {  // until the app is made: then gone
    configurable: true,
    set(value) {
      delete Object.prototype[KEY];
      Object.defineProperty(this, KEY, { value, writable: true, configurable: true, enumerable: true });
      if ("_widgetManager" in this) watch(this);
    },
  });
})();
