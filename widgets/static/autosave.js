// Parlour autosave (anywidget ES module): keep a play table's save in this browser's localStorage.
// The kernel sends "keep" (the save's text) after each change and "forget" when there is nothing to
// resume; when the table appears, this side reports what it holds, once, so the table can offer it back.
// The save never goes into the page: it lives in localStorage and in the widget's messages only.

const PREFIX = "parlour:autosave:v1:";

/** The lesson a page shows, the same for its Voilà page, its JupyterLab tab and the static site's lesson
 * (JupyterLite's REPL page, which names the lesson in its address: ?lesson=pt/jubileu): "jabberwocky.ipynb". */
export function lessonOf(pathname, search = "") {
  const siteLesson = /\/repl\/(index\.html)?$/.test(pathname || "") && new URLSearchParams(search).get("lesson");
  if (siteLesson) return `${siteLesson}.ipynb`;
  const path = decodeURIComponent(pathname || "");
  const m = path.match(/\/(?:voila\/render|lab\/tree|lab\/workspaces\/[^/]+\/tree|notebooks|doc\/tree)\/(.+\.ipynb)$/);
  return m ? m[1] : path;
}

/** Whose saves a page may see: on a hub the server names the logged-in student (a digest of their
 * name, in the parlour_user cookie), so a shared computer never offers one student another's game;
 * elsewhere nobody ("": one learner per browser). */
export function ownerOf(cookie) {
  const m = /(?:^|;\s*)parlour_user=([0-9a-f]{8,64})(?:;|$)/.exec(cookie || "");
  return m ? m[1] : "";
}

/** The storage key of a table: whose it is (on a hub), the lesson page and the table's slot ("jabberwocky/0"). */
export function keyFor(pathname, slot, search = "", owner = "") {
  return `${PREFIX}${owner ? `user:${owner}/` : ""}${lessonOf(pathname, search)}#${slot}`;
}

/** This page's key for a table. */
function pageKey(slot) {
  const cookie = typeof document === "undefined" ? "" : document.cookie;
  return keyFor(window.location.pathname, slot, window.location.search, ownerOf(cookie));
}

/** localStorage if this browser lets the page use it, else null (autosave is then off). */
function storage() {
  try {
    const store = window.localStorage;
    const probe = `${PREFIX}probe`;
    store.setItem(probe, "1");
    store.removeItem(probe);
    return store;
  } catch (_err) {
    return null;
  }
}

function initialize({ model }) {
  const onMessage = (msg) => {
    const store = storage();
    if (!store || !msg || typeof msg !== "object") return;
    const key = pageKey(model.get("slot"));
    try {
      if (msg.event === "keep" && typeof msg.text === "string") store.setItem(key, msg.text);
      else if (msg.event === "forget") store.removeItem(key);
    } catch (_err) {
      // storage full or refused: the game goes on, unsaved
    }
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

function render({ model, el }) {
  el.style.display = "none";
  if (model.__parlourReported) return;  // a second view of the same table (JupyterLab) says nothing new
  model.__parlourReported = true;
  const store = storage();
  let text = null;
  if (store) {
    try { text = store.getItem(pageKey(model.get("slot"))); } catch (_err) { text = null; }
  }
  model.send({ event: "stored", storage: store !== null, text });
}

export default { initialize, render };
