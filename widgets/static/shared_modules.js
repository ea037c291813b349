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
