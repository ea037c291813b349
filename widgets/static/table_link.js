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

/** The controls of `table`'s cloth that the keyboard reaches (the toolbar above it holds no move). */
function reachable(table) {
  const cloth = table.querySelector(".parlour-table");
  if (!cloth) return []; // not drawn yet
  return [...cloth.querySelectorAll(CONTROLS)].filter(
    (c) => shown(c) && (c.tabIndex >= 0 || c.classList.contains("parlour-card--playable")));
}

/** Where the focus goes in `table`: its first move you can make now (a card you may play, a button such as a
 * bid or Draw; not Hint or Undo, nor a choice of how the table looks); `hand`, while the bots play, your
 * hand (its card in the Tab order); `lenient`, when no move comes (the game is over), its first button or
 * control. null: none of these is there (yet). */
export function firstControl(table, { hand = false, lenient = false } = {}) {
  const controls = reachable(table);
  const move = controls.find((c) => c.getAttribute("aria-disabled") !== "true" && !c.closest(".parlour-aid")
    && (c.classList.contains("parlour-card--playable") || c.matches("button.widget-button")));
  if (move || !(hand || lenient)) return move || null;
  const card = controls.find((c) => c.closest(".parlour-row") && c.tabIndex >= 0);
  if (card || !lenient) return card || null;
  return controls.find((c) => c.matches("button.widget-button")) || controls[0] || null;
}

/** Scroll `table` to the top of the window (below it, on a phone, as far as its focused control needs). */
function bringIntoView(table, target) {
  table.scrollIntoView({ block: "start" });
  if (!target) return;
  const box = target.getBoundingClientRect();
  if (box.top < 0 || box.bottom > target.ownerDocument.defaultView.innerHeight) target.scrollIntoView({ block: "center" });
}

/** Put the focus on `target` in `table`, in view; false if it cannot take it. */
function give(table, target) {
  target.focus({ preventScroll: true });
  if (target.ownerDocument.activeElement !== target) return false;
  bringIntoView(table, target);
  return true;
}

const QUIET_MS = 250; // a table that changed nothing for this long shows one state (a bot plays every 0.8 s)
const SETTLE_MS = 8000; // the bots' turns before yours (a bot plays every 0.8 s): after that hold any control

// one wait per page (a lesson shown twice in JupyterLab has two links): the latest request wins
let waiting = null;

/** Go to the table now, or as soon as it has been drawn: the focus on your first move; while the bots play, on
 * your hand (or, once they have played a while, on the table's first control) until your turn brings a move.
 * The wait ends when the focus leaves the table, or at a click or key of the learner's. */
function goWhenDrawn(doc) {
  if (waiting) waiting.stop();
  let settle = 0;
  let settled = false; // the bots have played a while: no hand to hold, the first control will do
  let held = null; // what has the focus until your move comes
  const attempt = () => {
    const table = playTable(doc);
    if (!table) return;
    if (!settle) { // drawn: in view at once
      bringIntoView(table, null);
      settle = setTimeout(() => { settled = true; attempt(); }, SETTLE_MS);
    }
    const active = doc.activeElement;
    const ours = !active || active === doc.body || table.contains(active); // a repaint may move it in the table
    if (held && !ours) return stop(); // the focus went elsewhere on the page
    const move = firstControl(table);
    if (move && give(table, move)) return stop();
    if (held) return;
    const first = firstControl(table, { hand: true, lenient: settled });
    if (first && give(table, first)) held = first;
  };
  // a repaint reaches the page one widget at a time (the status before the buttons): look once it is quiet
  let quiet = 0;
  const observer = new MutationObserver(() => {
    clearTimeout(quiet);
    quiet = setTimeout(attempt, QUIET_MS);
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const cancel = () => stop();
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(settle);
    clearTimeout(quiet);
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
