// Parlour puzzles (anywidget ES module): keep the learner's puzzle store in this browser's localStorage.
// One key for every page (the gallery and each lesson share the puzzles), per learner on a hub (the
// parlour_user cookie, as autosave does). When the widget appears it reports what the browser holds, once;
// the kernel sends "keep" with the whole store's text after each change.

const KEY = "parlour:puzzles:v1";

function storeKey() {
  const m = /(?:^|;\s*)parlour_user=([0-9a-f]{8,64})(?:;|$)/.exec(typeof document === "undefined" ? "" : document.cookie);
  return m ? `${KEY}:user:${m[1]}` : KEY;
}

function storage() {
  try {
    const store = window.localStorage;
    store.setItem(`${KEY}:probe`, "1");
    store.removeItem(`${KEY}:probe`);
    return store;
  } catch (_err) {
    return null;
  }
}

function initialize({ model }) {
  const onMessage = (msg) => {
    const store = storage();
    if (!store || !msg || msg.event !== "keep" || typeof msg.text !== "string") return;
    try {
      store.setItem(storeKey(), msg.text);
    } catch (_err) {
      // storage full or refused: the puzzles of this visit are not kept
    }
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

function render({ model, el }) {
  el.style.display = "none";
  if (model.__parlourReported) return;
  model.__parlourReported = true;
  const store = storage();
  let text = null;
  if (store) {
    try { text = store.getItem(storeKey()); } catch (_err) { text = null; }
  }
  model.send({ event: "stored", storage: store !== null, text });
}

export default { initialize, render };
