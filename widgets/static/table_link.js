// Parlour "Go to the table" (anywidget ES module): the link that leads a lesson, and the page's `#table`.
// A lesson's game table sits far down its page (about 23 Tabs, a long scroll on a phone): the link takes the
// keyboard focus straight to the table's first move control, and a page opened at `…#table` (the gallery's
// "Play now"; Python's `fragment`) does the same once the table has been drawn. Why, which table: widgets/lesson.py.

const CONTROLS = "button, input, select, textarea, [tabindex]";
const WAIT_MS = 120000; // a lesson runs every cell before its table shows: a slow first visit takes a while

/** Whether `el` is shown and enabled, so that it can keep the focus. */
function shown(el) {
  if (!el || !el.isConnected || el.disabled || !el.getClientRects().length) return false;
  return getComputedStyle(el).visibility !== "hidden";
}

/** The lesson's game table: the first table that deals at random (the one deal links go to), else the first. */
export function playTable(doc) {
  return doc.querySelector(".parlour.parlour-play-table") || doc.querySelector(".parlour");
}

/** Where the focus goes in `table`: its first move you can make now (a card you may play, a button such as a
 * bid or Draw; not Hint or Undo, nor a choice of how the table looks); while the bots play, your hand (its
 * card in the Tab order); `lenient`, once the table has had time to come to your turn, its first button
 * (Hint, when the game is over) or control. null: nothing there yet. */
export function firstControl(table, lenient = false) {
  const cloth = table.querySelector(".parlour-table") || table;
  const reachable = [...cloth.querySelectorAll(CONTROLS)].filter(
    (c) => shown(c) && (c.tabIndex >= 0 || c.classList.contains("parlour-card--playable")));
  const enabled = (c) => c.getAttribute("aria-disabled") !== "true";
  const move = reachable.find((c) => enabled(c) && !c.closest(".parlour-aid")
    && (c.classList.contains("parlour-card--playable") || c.matches("button.widget-button")));
  const hand = reachable.find((c) => c.closest(".parlour-row") && c.tabIndex >= 0);
  if (move || hand || !lenient) return move || hand || null;
  return reachable.find((c) => c.matches("button.widget-button")) || reachable[0] || null;
}

/** Scroll `table` to the top of the window (below it, on a phone, as far as its focused control needs). */
function bringIntoView(table, target) {
  table.scrollIntoView({ block: "start" });
  if (!target) return;
  const box = target.getBoundingClientRect();
  if (box.top < 0 || box.bottom > target.ownerDocument.defaultView.innerHeight) target.scrollIntoView({ block: "center" });
}

/** Bring the table into view with the focus on its first control; false if that is not drawn yet. */
export function goToTable(doc, lenient = false) {
  const table = playTable(doc);
  const target = table && firstControl(table, lenient);
  if (!target) return false;
  target.focus({ preventScroll: true });
  if (doc.activeElement !== target) return false;
  bringIntoView(table, target);
  return true;
}

const SETTLE_MS = 8000; // the bots' turns before yours (a bot plays every 0.8 s): then the first control will do

// one wait per page (a lesson shown twice in JupyterLab has two links): the latest request wins
let waiting = null;

/** Go to the table now, or as soon as it has been drawn; a click or key of the learner's meanwhile cancels. */
function goWhenDrawn(doc) {
  if (waiting) waiting.stop();
  let settle = 0;
  const attempt = (lenient = false) => {
    const table = playTable(doc);
    if (table && !settle) { // drawn: in view at once, the focus at your first move
      bringIntoView(table, null);
      settle = setTimeout(() => attempt(true), SETTLE_MS);
    }
    if (goToTable(doc, lenient)) stop();
  };
  const observer = new MutationObserver(() => attempt());
  const timer = setTimeout(() => stop(), WAIT_MS);
  const cancel = () => stop();
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(settle);
    doc.removeEventListener("pointerdown", cancel, true);
    doc.removeEventListener("keydown", cancel, true);
    if (waiting && waiting.stop === stop) waiting = null;
  }
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["class", "style", "disabled", "tabindex", "aria-disabled"] });
  doc.addEventListener("pointerdown", cancel, true);
  doc.addEventListener("keydown", cancel, true);
  waiting = { stop };
  attempt();
}

function render({ model, el }) {
  const doc = el.ownerDocument;
  const link = doc.createElement("a");
  link.className = "parlour-table-link";
  const fragment = model.get("fragment");
  link.href = fragment;
  link.textContent = model.get("label");
  link.addEventListener("click", (ev) => {
    ev.preventDefault(); // the page's address stays as it is
    goWhenDrawn(doc);
  });
  el.appendChild(link);
  const onLabel = () => { link.textContent = model.get("label"); };
  model.on("change:label", onLabel);

  // arriving at …#table (the gallery's "Play now"), or the address changed to it: once per page load
  const arrived = () => {
    if (doc.location.hash !== fragment) return;
    goWhenDrawn(doc);
  };
  const root = doc.documentElement;
  if (!root.dataset.parlourArrived) {
    root.dataset.parlourArrived = "1";
    arrived();
  }
  const view = doc.defaultView;
  view.addEventListener("hashchange", arrived);
  return () => {
    model.off("change:label", onLabel);
    view.removeEventListener("hashchange", arrived);
  };
}

export default { render };
