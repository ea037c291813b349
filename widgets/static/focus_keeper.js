// Parlour focus keeper (anywidget ES module): a table's control that a repaint disabled, hid or removed gets
// the keyboard focus back when it can take it again; once the table is at rest (Python bumps `rest`) and it
// cannot, the focus goes to the table's next control. Why and when: widgets/focus_keeper.py.

const CONTROLS = "button, input, select, textarea, [tabindex]";
const ACTING_KEYS = new Set(["Enter", " ", "Spacebar"]);

/** Whether `el` still holds the focus it has: on the page, shown and enabled (a dimmed card does: the learner
 * may read it while the bots play). */
export function holds(el) {
  if (!el || !el.isConnected || el.disabled || !el.getClientRects().length) return false;
  return getComputedStyle(el).visibility !== "hidden";
}

/** Whether `el` can take the focus now: on the page, shown, enabled, and in the tab order or a card that may
 * be played (a row of cards keeps one card in the tab order; its arrows reach the others). */
export function usable(el) {
  if (!holds(el) || el.getAttribute("aria-disabled") === "true") return false;
  return el.tabIndex >= 0 || el.classList.contains("parlour-card--playable");
}

/** What the keeper remembers of a focused control: itself, its kind and where it sat. */
export function record(el) {
  const row = el.closest(".parlour-row");
  const ancestors = [];
  for (let a = el; a; a = a.parentElement) ancestors.push(a);
  return {
    el,
    row,
    rowLabel: row ? row.getAttribute("aria-label") : null,
    caption: row ? null : (el.textContent || "").trim(),
    ancestors,
    lost: false,
  };
}

/** A control of the same kind as the one remembered: a card that may be played in the same row of cards
 * (the row's own focused one first), or the only button with the same caption. */
export function sameKind(memory, scope) {
  if (memory.row) {
    const row = memory.row.isConnected ? memory.row
      : [...scope.querySelectorAll(".parlour-row")].find((r) => r.getAttribute("aria-label") === memory.rowLabel);
    const cards = row ? [...row.querySelectorAll(".parlour-card")].filter(usable) : [];
    return cards.find((c) => c.tabIndex === 0) || cards[0] || null;
  }
  if (!memory.caption) return null;
  const alike = [...scope.querySelectorAll("button")].filter(
    (b) => usable(b) && (b.textContent || "").trim() === memory.caption);
  return alike.length === 1 ? alike[0] : null;
}

/** Whether `el` is a card of a row none of whose cards may be played now (Rummy's stock once you have drawn from
 * it): at rest, the focus leaves it for the next move, or a reader's Enter would only hear a refusal. */
export function stranded(el) {
  const row = el.closest(".parlour-row");
  if (!row || !el.classList.contains("parlour-card") || el.getAttribute("aria-disabled") !== "true") return false;
  return ![...row.querySelectorAll(".parlour-card")].some(usable);
}

/** The first control that can take the focus after where the remembered one sat, going round to the top
 * of `scope`; a move first: the table's aids (Hint, Undo) only when no move can take it. */
export function nextControl(memory, scope) {
  const all = [...scope.querySelectorAll(CONTROLS)].filter(usable);
  if (!all.length) return null;
  const anchor = memory.ancestors.find((a) => a.isConnected && scope.contains(a));
  const after = anchor ? all.findIndex((c) => anchor.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING) : 0;
  const order = after < 0 ? all : [...all.slice(after), ...all.slice(0, after)];
  return order.find((c) => !c.closest(".parlour-aid")) || order[0];
}

/** The table's live regions, by the class of the widget whose content a screen reader reads out when it
 * changes: the status line (whose turn, a refusal, the result), the log's new lines, the hint and the Why?
 * answer as they open. The region is the widget's content box, which stays on the page while its text is
 * replaced (a region made anew with its text is not announced). */
export const LIVE = { "parlour-status": "status", "parlour-log-news": "log", "parlour-hint-live": "region",
  "parlour-why": "region" };

/** Mark `root`'s live regions (polite: said once the reader is idle, never cutting the learner off). */
export function markLiveRegions(root) {
  for (const [cls, role] of Object.entries(LIVE)) {
    for (const box of root.querySelectorAll(`.${cls} > .widget-html-content`)) {
      if (box.getAttribute("aria-live") === "polite") continue;
      box.setAttribute("aria-live", "polite");
      if (role !== "region") box.setAttribute("role", role);
    }
  }
}

/** Keep the buttons' icons out of what a screen reader says: an icon is a glyph of an icon font (a private-use
 * character the stylesheet draws), which would start the button's name ("\uf0eb Hint") and its Tab stop. */
export function hideIcons(root) {
  for (const icon of root.querySelectorAll("button i.fa:not([aria-hidden])")) icon.setAttribute("aria-hidden", "true");
}

function render({ model, el }) {
  let memory = null; // the table's control that has (or had, until a repaint took it) the focus
  let atRest = false; // the table waits for the learner (or the game is over): a lost control may be given up
  let poll = 0;

  const root = () => el.closest(".parlour");
  const inTable = (node) => {
    const r = root();
    return Boolean(r && node && node.nodeType === 1 && r.contains(node));
  };
  // where the focus may go instead: the cloth the control was on, else the whole table
  const scopeOf = (m) => m.ancestors.find((a) => a.classList && a.classList.contains("parlour-table")) || root();

  function stopPolling() {
    if (poll) clearInterval(poll);
    poll = 0;
  }

  function give(target) {
    target.focus({ preventScroll: true }); // a learner reading further down the page stays there
    if (document.activeElement !== target) return false;
    memory = record(target);
    stopPolling();
    return true;
  }

  function check() {
    if (!memory) return stopPolling();
    const active = document.activeElement;
    const nowhere = !active || active === document.body || active === document.documentElement;
    if (!nowhere && active !== memory.el) {
      memory = inTable(active) ? record(active) : null; // the learner went on
      return stopPolling();
    }
    if (!nowhere && memory.stopgap) { // an aid holds the focus only until a move can take it
      const scope = scopeOf(memory);
      const move = scope && nextControl(memory, scope);
      if (move && !move.closest(".parlour-aid") && give(move)) return;
    }
    if (!nowhere && holds(active)) return stopPolling();
    if (nowhere && !memory.lost && holds(memory.el)) return stopPolling(); // a blur the learner made
    memory.lost = true;
    const scope = scopeOf(memory);
    if (!scope) return;
    const again = usable(memory.el) ? memory.el : sameKind(memory, scope);
    if (again && give(again)) return;
    if (atRest) {
      const next = nextControl(memory, scope);
      if (next && give(next)) {
        // no move could take the focus yet (your cards are repainted a moment after the table comes to rest):
        // the aid keeps it until one can, unless the learner moves it first
        memory.stopgap = Boolean(next.closest(".parlour-aid"));
        return;
      }
    }
    if (!poll) poll = setInterval(check, 200); // until the table gives the control back, or comes to rest
  }

  function onFocusIn(ev) {
    memory = inTable(ev.target) ? record(ev.target) : null;
    stopPolling();
  }

  function onFocusOut(ev) {
    const m = memory;
    if (!m || ev.target !== m.el || ev.relatedTarget) return;
    // after the event: a removed element is still on the page while its focusout is dispatched
    queueMicrotask(() => {
      if (memory === m && !holds(m.el)) {
        m.lost = true;
        check();
      }
    });
  }

  function onPointerDown(ev) {
    memory = null; // a click decides where the focus goes
    stopPolling();
    if (inTable(ev.target)) atRest = false;
  }

  function onKeyDown(ev) {
    if (inTable(ev.target) && (ACTING_KEYS.has(ev.key) || /^[0-9]$/.test(ev.key))) atRest = false; // a move
    // Escape closes the table's open panels (Settings, the hint, the review, Why?): Python knows which are open
    if (ev.key === "Escape" && inTable(ev.target)) model.send({ type: "escape" });
  }

  function onRest() {
    atRest = true;
    const active = document.activeElement;
    if (inTable(active) && stranded(active)) { // the stock you just drew from: your next move is elsewhere
      memory = record(active);
      memory.lost = true;
      const next = nextControl(memory, scopeOf(memory));
      if (next && next !== active && give(next)) return;
    }
    check();
  }

  // A repaint is many mutations (a message per widget, each its own task): the keeper looks once per frame, after
  // them, not after each (every look measured the focused control, forcing a layout mid-repaint)
  let frame = 0;
  function settled() {
    frame = 0;
    if (observed) {
      markLiveRegions(observed); // a widget drawn late (the log's rows) gets its region too
      hideIcons(observed); // a button repainted (a new caption) draws its icon anew
    }
    if (memory) check();
  }
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(settled);
  });
  let observed = null;
  function observe() {
    const r = root();
    if (r && r !== observed) {
      markLiveRegions(r);
      hideIcons(r);
      observer.disconnect();
      observer.observe(r, { subtree: true, childList: true, attributes: true,
        attributeFilter: ["disabled", "style", "class", "tabindex"] });
      observed = r;
    }
  }

  document.addEventListener("focusin", onFocusIn, true);
  document.addEventListener("focusout", onFocusOut, true);
  document.addEventListener("pointerdown", onPointerDown, true);
  document.addEventListener("keydown", onKeyDown, true);
  model.on("change:rest", onRest);
  // the view is put in the table's box after it is rendered: look for the table once it is there
  let tries = 0;
  const attach = setInterval(() => {
    observe();
    if (observed || ++tries > 240) clearInterval(attach); // a minute; a focus in the table attaches it too
  }, 250);
  const onFocusInObserve = () => observe();
  document.addEventListener("focusin", onFocusInObserve, true);
  return () => {
    clearInterval(attach);
    stopPolling();
    observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
    document.removeEventListener("focusin", onFocusIn, true);
    document.removeEventListener("focusin", onFocusInObserve, true);
    document.removeEventListener("focusout", onFocusOut, true);
    document.removeEventListener("pointerdown", onPointerDown, true);
    document.removeEventListener("keydown", onKeyDown, true);
    model.off("change:rest", onRest);
  };
}

export default { render };
