// Parlour card look (anywidget ES module): the four-colour pack and large cards, kept per browser.
// The choice is this browser's (localStorage), not the table's: it is no part of a deal code, and every
// table and lesson picture on every page of this browser shows it. It sets classes on the page's root
// element; static/table.css draws them. Why: widgets/card_look.py.

export const STORE_KEY = "parlour-card-look";
/** The looks, each a class on <html> (static/table.css). */
export const LOOKS = { four_colour: "parlour-four-colour", large: "parlour-large-cards" };
const CHANGED = "parlour-card-look-changed";

/** The looks kept in `storage` ({four_colour: bool, large: bool}); none when nothing (or garbage) is kept. */
export function readLooks(storage) {
  let kept = {};
  try {
    kept = JSON.parse(storage.getItem(STORE_KEY) || "{}") || {};
  } catch (_err) {
    kept = {};
  }
  return Object.fromEntries(Object.keys(LOOKS).map((k) => [k, kept[k] === true]));
}

/** Put `looks` on the page: one class on <html> per look that is on. */
export function applyLooks(doc, looks) {
  for (const [k, cls] of Object.entries(LOOKS)) doc.documentElement.classList.toggle(cls, Boolean(looks[k]));
}

function storageOf(win) {
  try {
    return win.localStorage; // a sandboxed page may refuse it: the looks then last as long as the page
  } catch (_err) {
    return null;
  }
}

let memory = {}; // the looks when the browser keeps no storage

function render({ model, el }) {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  const storage = storageOf(win);
  const current = () => readLooks(storage || { getItem: () => JSON.stringify(memory) });
  const box = doc.createElement("fieldset");
  box.className = "parlour-card-look";
  const legend = doc.createElement("legend");
  box.appendChild(legend);
  const boxes = {};
  for (const k of Object.keys(LOOKS)) {
    const label = doc.createElement("label");
    const input = doc.createElement("input");
    input.type = "checkbox";
    input.dataset.look = k;
    input.addEventListener("change", () => {
      const looks = { ...current(), [k]: input.checked };
      if (storage) storage.setItem(STORE_KEY, JSON.stringify(looks));
      else memory = looks;
      applyLooks(doc, looks);
      win.dispatchEvent(new CustomEvent(CHANGED)); // every table on the page ticks the same boxes
    });
    const text = doc.createElement("span");
    label.append(input, text);
    box.appendChild(label);
    boxes[k] = { input, text };
  }
  el.appendChild(box);

  function words() {
    const w = model.get("words") || {};
    legend.textContent = w.legend || "";
    for (const k of Object.keys(LOOKS)) boxes[k].text.textContent = w[k] || k;
  }
  function sync() {
    const looks = current();
    for (const k of Object.keys(LOOKS)) boxes[k].input.checked = looks[k];
    applyLooks(doc, looks);
  }
  const onStorage = (ev) => { if (ev.key === STORE_KEY) sync(); }; // another tab of this browser chose
  words();
  sync();
  model.on("change:words", words);
  win.addEventListener(CHANGED, sync);
  win.addEventListener("storage", onStorage);
  return () => {
    model.off("change:words", words);
    win.removeEventListener(CHANGED, sync);
    win.removeEventListener("storage", onStorage);
  };
}

export default { render };
